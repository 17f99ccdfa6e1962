//! Throwing the ball: to whom (`throw.targets`, `throw.cover`,
//! `throw.cutoff`), what happens to a throw that falls short
//! (`throw.short`, `throw.in_flight`), when a pass ends the defense turn
//! (`throw.turn_end`), and the orange throw modifiers of the field
//! (`throw.modifier`). The die itself is read by the `throw.resolution`
//! hook.

use serde::{Deserialize, Serialize};

use super::common::Fielders;
use super::{Unplayed, Validate, plays};

/// `throw.targets`: who may receive a throw (basic.throw, pro.throw,
/// faq.throw.no-mound).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ThrowTargets {
    /// Any teammate, wherever he stands (BASIC). Otherwise only a covered
    /// base or a cutoff, with a value on the thrower's card.
    pub any_teammate: bool,
    /// Whether a fielder standing on the pitcher's mound may receive one.
    pub mound: bool,
}

impl Validate for ThrowTargets {}

/// `throw.cover`: throws to bases (pro.throw.cover).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ThrowCover {
    /// A throw to a base needs a fielder on a square holding that base.
    pub base_needs_cover: bool,
    /// The catcher on C always covers home plate.
    pub catcher_box_covers_home: bool,
    /// A destination with no value on the thrower's card stays closed to
    /// every throw until the next batter (not only to that thrower's).
    pub no_value_closes_until_next_batter: bool,
}

impl Validate for ThrowCover {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.base_needs_cover,
            "base_needs_cover",
            "true",
            "a throw goes to a base a teammate covers (leave the key out for throws \
             without cover)",
        )
        .or(plays(
            self.catcher_box_covers_home,
            "catcher_box_covers_home",
            "true",
            "home plate lies on C, so the catcher standing there covers it",
        ))
        .or(plays(
            !self.no_value_closes_until_next_batter,
            "no_value_closes_until_next_batter",
            "false",
            "a destination without a value on the thrower's card is closed to him only \
             (docs/rules-notes.md)",
        ))
    }
}

/// A stretch of the base path where a cutoff man may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CutoffZone {
    /// Between first and second base.
    FirstSecond,
    /// Between second and third base.
    SecondThird,
}

/// `throw.cutoff`: throws to a cutoff man (pro.throw.cutoff).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ThrowCutoff {
    /// Who may throw to a cutoff.
    pub throwers: Fielders,
    /// Where the receiver may stand.
    pub zones: Vec<CutoffZone>,
    /// The receiver must cover no base.
    pub receiver_covers_no_base: bool,
}

impl Validate for ThrowCutoff {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.receiver_covers_no_base,
            "receiver_covers_no_base",
            "true",
            "the cutoff man receives the ball between two bases and covers neither",
        )
    }
}

/// `throw.short`: a throw that has not arrived (basic.throw, pro.throw,
/// faq.throw.accumulate). It always ends the defense turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ShortThrow {
    /// The destination cannot change until the ball arrives.
    pub destination_locked: bool,
    /// The next defense turn can only roll again for it (no other action
    /// until it arrives).
    pub only_action: bool,
}

impl Validate for ShortThrow {}

/// Where a throw in flight counts as being.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BallAt {
    /// On the square it was moved to (`squares` of the hook).
    MovedSquares,
    /// Still on the thrower's square.
    Thrower,
    /// Outside the diamond, wherever it is: runners may still advance.
    OutsideDiamond,
}

/// `throw.in_flight`: a throw that fell short, between defense turns
/// (basic.throw, pro.throw, faq.throw.short-outside,
/// major.3.8.1.short-throw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct InFlight {
    /// Where it counts as being (for the runners).
    pub ball_at: BallAt,
    /// A ball that stops on a fielder's square is his next turn if he picks
    /// it up as a ground ball.
    pub fielder_on_square_fields_it: bool,
}

impl Validate for InFlight {}

/// `throw.turn_end`: passes and the defense turn (core.throw.turn-end,
/// major.3.8.1.short-throw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ThrowTurnEnd {
    /// The turn ends whenever the ball passes from one fielder to another.
    pub on_pass: bool,
    /// Except that the receiver of a short throw completed this turn may
    /// throw on (with his own values) or stop.
    pub receiver_of_short_throw_continues: bool,
}

impl Validate for ThrowTurnEnd {}

/// Where an orange modifier applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ModifierScope {
    /// The whole part of the field (the infield or outfield part of a
    /// direction) holding the orange circle.
    Area,
    /// Only the square holding it.
    Square,
}

/// `throw.modifier`: the orange throw modifiers (core.field.orange,
/// major.3.13.1.throw-modifier). The modifier of where the ball was picked
/// up (or caught) is passed to `throw.resolution` for the next throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ThrowModifier {
    /// Where the circle applies.
    pub scope: ModifierScope,
    /// Whether it applies to balls caught in the air there, not only to
    /// balls picked up on the ground.
    pub caught_counts: bool,
}

impl Validate for ThrowModifier {}
