//! The engine's rule API: every rule key the engine knows, with the type of
//! its value (`RuleKind::Data`, decoded into the typed structs of the
//! submodules) or the parameters of its procedure (`RuleKind::Hook`, a Rhai
//! function). The loader looks a key up with `spec`, rejects unknown keys
//! and wrong values, and checks a hook function's arity; the engine reads
//! a resolved rule's value with `decode_checked`.
//!
//! A key a ruleset does not set means the feature does not exist at that
//! level (BASIC has no `stamina.*`, only MAJOR has `offense.collision`).
//! `docs/rulesets.md` is the users' reference for the format and
//! `docs/hooks.md` for the hooks; the built-in values are in
//! `rulesets/*/ruleset.yaml`.

mod cards;
mod common;
mod defense;
mod game;
mod offense;
mod pitch;
mod players;
mod throw;

use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::diagnostic::{Diagnostic, SourceFile};
use crate::yaml::{self, Node};

pub use cards::{
    DeckCycle, DeckSize, DefenseDeck, DefenseSpecials, ForcedDraw, HandInitial, HandLimits,
    InitialDraw, Memorandum, MemorandumUse, OffenseDeck, OffenseSpecials, Pile, Pitch, Response,
    SpecialCard, SpecialLimits, SpecialSwap, SwapWhen,
};
pub use common::{CountChange, Fielders, Phase, Side};
pub use defense::{
    ActionPoints, BallLie, Budget, CatchMinimum, Costs, DroppedPickup, FenceLeap, FixedPoints,
    FlyMiss, GroundPickup, LetDrop, Lie, MissAdvance, MoveWithBall, Movement, PawnsPerSquare,
    Positioning, Texas, TexasMissBecomes, TexasMissedFly, Whose,
};
pub use game::{
    AfterOut, BasePath, BaseTouch, GameLength, GameSequence, GameSides, OutWay, OutWays,
    OutsPerHalf, Shortened,
};
pub use offense::{
    DiamondStop, Force, ForcedRun, Run, RunDistance, RunHome, RunHomeFrom, StopLasts, StopTrigger,
};
pub use pitch::{
    AgainstImmediate, CountLimits, Foul, HitFence, Outcome, OutcomeRow, PitchOutcomes,
    PitchResponse, ShortHit, Steal,
};
pub use players::{
    DraftOrder, DraftSplit, FieldGroup, LineupRules, PitcherUse, PlayerCards, RoleSpec, Roles,
    RosterLimits, StaminaTrack, StarCheck, Substitution,
};
pub use throw::{
    BallAt, CutoffZone, InFlight, ModifierScope, ShortThrow, ThrowCover, ThrowCutoff,
    ThrowModifier, ThrowTargets, ThrowTurnEnd,
};

/// One engine-known rule key.
pub struct RuleSpec {
    /// The key, such as `count.limits`.
    pub key: &'static str,
    /// One line of help.
    pub doc: &'static str,
    /// Data or procedure.
    pub kind: RuleKind,
}

/// Data or procedure.
pub enum RuleKind {
    /// A data rule; `check` decodes the value into its typed struct.
    Data {
        /// Decodes and validates the value.
        check: fn(&Arc<SourceFile>, &Node) -> Result<(), Diagnostic>,
    },
    /// A procedure; the hook function takes exactly `params.len()`
    /// arguments, in this order.
    Hook {
        /// Parameter names.
        params: &'static [&'static str],
        /// What it returns: `int`, `bool`, or `map {keys}`.
        returns: &'static str,
    },
}

/// Checks a decoded rule value beyond its shape (a minimum above its
/// maximum, a special card with no effect). The message becomes an error at
/// the value.
pub trait Validate {
    /// `Err(message)` when the value makes no sense.
    fn validate(&self) -> Result<(), String> {
        Ok(())
    }

    /// The first field set to a way of playing the engine does not know.
    /// Some fields state a rule that every regulation plays one way (the
    /// batter runs, the pitch is shown first): the engine plays them that
    /// way only, so any other value is refused rather than ignored.
    fn unplayed(&self) -> Option<Unplayed> {
        None
    }
}

/// A field of a rule value set to a way of playing the engine does not
/// know (`Validate::unplayed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unplayed {
    /// The field, as the rule value names it.
    pub field: &'static str,
    /// The one value the engine plays, as YAML writes it.
    pub played: &'static str,
    /// How the engine plays it.
    pub how: &'static str,
}

/// `None` when the field holds the value the engine plays (`ok`),
/// otherwise what it plays instead.
pub(crate) fn plays(
    ok: bool,
    field: &'static str,
    played: &'static str,
    how: &'static str,
) -> Option<Unplayed> {
    (!ok).then_some(Unplayed { field, played, how })
}

impl Validate for u8 {}
impl Validate for i8 {}

/// Decodes a rule value into its type and validates it.
pub fn decode_checked<T: DeserializeOwned + Validate>(
    file: &Arc<SourceFile>,
    node: &Node,
) -> Result<T, Diagnostic> {
    let value: T = yaml::decode(file, node)?;
    value
        .validate()
        .map_err(|message| Diagnostic::error(message).at(file, node.span))?;
    if let Some(Unplayed { field, played, how }) = value.unplayed() {
        let at = node.get(field).unwrap_or(node);
        return Err(
            Diagnostic::error(format!("this engine does not play `{field}: {at}`"))
                .at(file, at.span)
                .hint(format!("it plays `{field}: {played}` only: {how}")),
        );
    }
    Ok(value)
}

fn check<T: DeserializeOwned + Validate>(
    file: &Arc<SourceFile>,
    node: &Node,
) -> Result<(), Diagnostic> {
    decode_checked::<T>(file, node).map(|_| ())
}

/// The spec of a key.
pub fn spec(key: &str) -> Option<&'static RuleSpec> {
    SPECS.iter().find(|s| s.key == key)
}

/// Every spec, grouped by namespace.
pub fn all() -> &'static [RuleSpec] {
    SPECS
}

const fn data(
    key: &'static str,
    doc: &'static str,
    check: fn(&Arc<SourceFile>, &Node) -> Result<(), Diagnostic>,
) -> RuleSpec {
    RuleSpec {
        key,
        doc,
        kind: RuleKind::Data { check },
    }
}

const fn hook(
    key: &'static str,
    doc: &'static str,
    params: &'static [&'static str],
    returns: &'static str,
) -> RuleSpec {
    RuleSpec {
        key,
        doc,
        kind: RuleKind::Hook { params, returns },
    }
}

static SPECS: &[RuleSpec] = &[
    // ------------------------------------------------------------ game
    data(
        "game.sides",
        "Who takes the field first.",
        check::<GameSides>,
    ),
    data(
        "game.length",
        "Regulation innings, extra innings, and which innings a shorter game plays.",
        check::<GameLength>,
    ),
    data(
        "game.outs_per_half",
        "Outs that end a half inning.",
        check::<OutsPerHalf>,
    ),
    data(
        "game.sequence",
        "Defense first, then offense; whether the offense must always act.",
        check::<GameSequence>,
    ),
    // ------------------------------------------------------------ count and cards
    data(
        "count.limits",
        "Balls for a walk, strikes for a strikeout.",
        check::<CountLimits>,
    ),
    data(
        "memorandum.defense",
        "Balls and strikes the defense pays to draw or discard 1 or 2 cards.",
        check::<Memorandum>,
    ),
    data(
        "memorandum.offense",
        "Balls and strikes the offense pays to draw or discard 1 or 2 cards.",
        check::<Memorandum>,
    ),
    data(
        "memorandum.per_batter",
        "How many cards per batter, who chooses first, whether draws and discards mix.",
        check::<MemorandumUse>,
    ),
    data(
        "hand.limits",
        "Fewest and most cards in a hand.",
        check::<HandLimits>,
    ),
    data(
        "hand.initial",
        "The first hands: size and when they are drawn.",
        check::<HandInitial>,
    ),
    data(
        "hand.forced_draw",
        "Draws a manager cannot refuse.",
        check::<ForcedDraw>,
    ),
    data(
        "deck.size",
        "Normal and special cards per deck.",
        check::<DeckSize>,
    ),
    data(
        "deck.defense",
        "Copies of each normal Defense card.",
        check::<DefenseDeck>,
    ),
    data(
        "deck.offense",
        "Copies of each normal Offense card.",
        check::<OffenseDeck>,
    ),
    data(
        "deck.defense_specials",
        "The special Defense cards: name, count, value or immediate effect.",
        check::<DefenseSpecials>,
    ),
    data(
        "deck.offense_specials",
        "The special Offense cards: name, count, value or immediate effect.",
        check::<OffenseSpecials>,
    ),
    data(
        "deck.cycle",
        "Where played and discarded cards go; rebuilding a used-up deck.",
        check::<DeckCycle>,
    ),
    data(
        "special.limits",
        "Special cards per game and per inning.",
        check::<SpecialLimits>,
    ),
    data(
        "special.swap",
        "Swapping a special card for a new one, and its price.",
        check::<SpecialSwap>,
    ),
    hook(
        "special.immediate",
        "What an immediate special card (Strike Out, One Base Hit) does.",
        &["card", "runners", "outs"],
        "map {out, batter, runners, defense_plays}",
    ),
    // ------------------------------------------------------------ pitch and hit
    data(
        "pitch.response",
        "The pitch is shown first; the offense's duty against an immediate special.",
        check::<PitchResponse>,
    ),
    data(
        "pitch.outcomes",
        "Every normal Defense card against every normal Offense card.",
        check::<PitchOutcomes>,
    ),
    data(
        "pitch.bonus",
        "The batting bonus of a `hit_bonus` outcome.",
        check::<i8>,
    ),
    data(
        "pitch.power_bonus",
        "What a `power_hit` outcome adds to the 2d6 of the length.",
        check::<i8>,
    ),
    data(
        "pitch.steal",
        "What RUNNER GOES TO 2ND does.",
        check::<Steal>,
    ),
    hook(
        "hit.direction",
        "The direction of a batted ball from one d6.",
        &["die", "faces"],
        "int",
    ),
    hook(
        "hit.distance",
        "The distance of a batted ball.",
        &[
            "d1",
            "d2",
            "batter",
            "pitcher",
            "bonus",
            "batting_special",
            "pitching_special",
            "status",
        ],
        "int",
    ),
    data(
        "hit.foul",
        "A batted ball of distance 0 or less.",
        check::<Foul>,
    ),
    data(
        "hit.fence",
        "A batted ball past the last square of its direction.",
        check::<HitFence>,
    ),
    data(
        "ball.lie",
        "Ground ball or fly ball, by where it lands.",
        check::<BallLie>,
    ),
    data(
        "ball.texas",
        "Who may field a ball on a Texas square.",
        check::<Texas>,
    ),
    data(
        "ball.texas_missed_fly",
        "What a missed Texas fly becomes.",
        check::<TexasMissedFly>,
    ),
    // ------------------------------------------------------------ players and teams
    data(
        "players.cards",
        "Whether Player cards are used, and which.",
        check::<PlayerCards>,
    ),
    data(
        "players.roles",
        "Every role: where it fields, whether and when it pitches.",
        check::<Roles>,
    ),
    data(
        "roster.limits",
        "What a roster must hold.",
        check::<RosterLimits>,
    ),
    hook(
        "roster.check",
        "Checks a roster against `roster.limits`, `players.cards` and `lineup.rules`.",
        &["roster", "limits", "cards", "lineup_rules"],
        "map {ok, problems}",
    ),
    data(
        "draft.order",
        "Who picks first and how many cards per pick.",
        check::<DraftOrder>,
    ),
    data(
        "draft.split",
        "The two teams without a draft.",
        check::<DraftSplit>,
    ),
    data(
        "lineup.rules",
        "What a starting lineup must hold.",
        check::<LineupRules>,
    ),
    hook(
        "lineup.check",
        "Checks a starting lineup against `lineup.rules`.",
        &["lineup", "dh", "rules"],
        "map {ok, problems}",
    ),
    data(
        "lineup.substitution",
        "Replacing players: no return, when the star cap holds.",
        check::<Substitution>,
    ),
    data(
        "stamina.track",
        "The Status Pitcher track: the pitching modifier of each cell.",
        check::<StaminaTrack>,
    ),
    hook(
        "stamina.initial",
        "A pitcher's stamina when he takes the mound.",
        &["die", "role", "relief"],
        "int",
    ),
    hook(
        "stamina.loss",
        "Stamina a pitcher loses for one event.",
        &["event", "relief"],
        "int",
    ),
    hook(
        "stamina.shortened",
        "The starter's stamina in a game shorter than regulation.",
        &["stamina", "skipped"],
        "int",
    ),
    // ------------------------------------------------------------ defense
    data(
        "defense.positioning",
        "Where fielders stand each inning; pawns per square.",
        check::<Positioning>,
    ),
    data(
        "defense.movement",
        "Where a fielder may step.",
        check::<Movement>,
    ),
    data(
        "defense.action_points",
        "A fielder's action points.",
        check::<ActionPoints>,
    ),
    data(
        "defense.budget",
        "Whose action points a defense turn has.",
        check::<Budget>,
    ),
    data("defense.costs", "Action points per action.", check::<Costs>),
    data(
        "defense.move_with_ball",
        "Who may move holding the ball, and the cost.",
        check::<MoveWithBall>,
    ),
    data(
        "field.ground_pickup",
        "Picking up a ground ball.",
        check::<GroundPickup>,
    ),
    data(
        "field.catch_minimum",
        "Added to the squares moved: the d6 needed to catch a fly.",
        check::<CatchMinimum>,
    ),
    data(
        "field.fly_miss",
        "A fly ball tried for and missed.",
        check::<FlyMiss>,
    ),
    data(
        "field.let_drop",
        "A fly ball nobody tries to catch.",
        check::<LetDrop>,
    ),
    data(
        "field.fence_leap",
        "Robbing a home run at the fence.",
        check::<FenceLeap>,
    ),
    // ------------------------------------------------------------ throws
    data(
        "throw.targets",
        "Who may receive a throw.",
        check::<ThrowTargets>,
    ),
    data(
        "throw.cover",
        "Throws to bases need cover.",
        check::<ThrowCover>,
    ),
    data(
        "throw.cutoff",
        "Throws to a cutoff man.",
        check::<ThrowCutoff>,
    ),
    hook(
        "throw.resolution",
        "One die of a throw: has it arrived, the running total, squares moved.",
        &["die", "total", "needed", "distance", "modifier", "first"],
        "map {arrived, total, squares}",
    ),
    data(
        "throw.short",
        "A throw that has not arrived yet.",
        check::<ShortThrow>,
    ),
    data(
        "throw.in_flight",
        "Where a short throw counts as being.",
        check::<InFlight>,
    ),
    data(
        "throw.turn_end",
        "Passes end the defense turn.",
        check::<ThrowTurnEnd>,
    ),
    data(
        "throw.modifier",
        "The orange throw modifiers of the field.",
        check::<ThrowModifier>,
    ),
    // ------------------------------------------------------------ bases, offense, outs
    data(
        "bases.path",
        "The numbered circles of the bases.",
        check::<BasePath>,
    ),
    data(
        "bases.touch",
        "Touching a base without a throw.",
        check::<BaseTouch>,
    ),
    data(
        "offense.run",
        "How far runners move in an offense turn.",
        check::<Run>,
    ),
    data(
        "offense.diamond_stop",
        "Runners stop at the next base once the ball is in the diamond.",
        check::<DiamondStop>,
    ),
    data(
        "offense.run_home",
        "Who may still try for home.",
        check::<RunHome>,
    ),
    data("offense.force", "Which runners must run.", check::<Force>),
    hook(
        "offense.collision",
        "A runner and the catcher collide at home plate.",
        &["offense_die", "defense_die", "ball_first"],
        "map {out, others_advance}",
    ),
    hook(
        "offense.long_runs",
        "A runner's BASE RUN after running bases in a row.",
        &["base_run", "bases_run"],
        "int",
    ),
    data("out.ways", "How the defense makes outs.", check::<OutWays>),
    data(
        "out.after",
        "What follows an out in the field.",
        check::<AfterOut>,
    ),
];

#[cfg(test)]
mod tests;
