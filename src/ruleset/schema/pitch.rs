//! The pitch and the hit: the count (`count.limits`), the pitch/response
//! matrix (`pitch.outcomes`) and what its cells mean (`pitch.bonus`,
//! `pitch.power_bonus`, `pitch.steal`), how the offense answers a pitch
//! (`pitch.response`), and where a batted ball may end (`hit.foul`,
//! `hit.fence`).

use serde::{Deserialize, Serialize};

use super::cards::{Pitch, Response};
use super::common::count;
use super::{Unplayed, Validate, plays};

/// `count.limits`: balls for a walk, strikes for a strikeout
/// (core.hand.memorandum).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CountLimits {
    /// Balls that give the batter first base.
    #[serde(deserialize_with = "count")]
    pub balls: u8,
    /// Strikes that put him out.
    #[serde(deserialize_with = "count")]
    pub strikes: u8,
}

impl Validate for CountLimits {
    fn validate(&self) -> Result<(), String> {
        if self.balls == 0 || self.strikes == 0 {
            return Err("`balls` and `strikes` must be at least 1".into());
        }
        Ok(())
    }
}

/// What one pitch/response pair does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A ball on the count.
    Ball,
    /// A strike on the count.
    Strike,
    /// The ball is hit, no bonus.
    Hit,
    /// The ball is hit with the batting bonus of `pitch.bonus` on the
    /// distance (core.pitch.bonus).
    HitBonus,
    /// The ball is hit with power: `pitch.power_bonus` is added to the 2d6
    /// of the length (major.3.6.1.power).
    PowerHit,
    /// RUNNER GOES TO 2ND: the steal of `pitch.steal` when it can happen,
    /// and a strike either way (core.cards.steal).
    Steal,
}

/// The responses to one pitch: one outcome per normal Offense card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeRow {
    /// Against HIT FASTBALL.
    pub hit_fastball: Outcome,
    /// Against HIT CURVEBALL.
    pub hit_curveball: Outcome,
    /// Against HIT DROPBALL.
    pub hit_dropball: Outcome,
    /// Against HIT STRIKE.
    pub hit_strike: Outcome,
    /// Against NO SWING.
    pub no_swing: Outcome,
    /// Against RUNNER GOES TO 2ND.
    pub runner_goes_to_2nd: Outcome,
}

impl Validate for OutcomeRow {}

impl OutcomeRow {
    /// The outcome against one response.
    pub fn get(&self, response: Response) -> Outcome {
        match response {
            Response::HitFastball => self.hit_fastball,
            Response::HitCurveball => self.hit_curveball,
            Response::HitDropball => self.hit_dropball,
            Response::HitStrike => self.hit_strike,
            Response::NoSwing => self.no_swing,
            Response::RunnerGoesTo2nd => self.runner_goes_to_2nd,
        }
    }
}

/// `pitch.outcomes`: the matrix of every normal Defense card against every
/// normal Offense card. Special cards with values play as the normal card
/// they name. Every cell must be given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PitchOutcomes {
    /// Fastball Strike.
    pub fastball_strike: OutcomeRow,
    /// Fastball Ball.
    pub fastball_ball: OutcomeRow,
    /// Curveball Strike.
    pub curveball_strike: OutcomeRow,
    /// Curveball Ball.
    pub curveball_ball: OutcomeRow,
    /// Dropball Strike.
    pub dropball_strike: OutcomeRow,
    /// Dropball Ball.
    pub dropball_ball: OutcomeRow,
}

impl PitchOutcomes {
    /// The row of one pitch.
    pub fn row(&self, pitch: Pitch) -> &OutcomeRow {
        match pitch {
            Pitch::FastballStrike => &self.fastball_strike,
            Pitch::FastballBall => &self.fastball_ball,
            Pitch::CurveballStrike => &self.curveball_strike,
            Pitch::CurveballBall => &self.curveball_ball,
            Pitch::DropballStrike => &self.dropball_strike,
            Pitch::DropballBall => &self.dropball_ball,
        }
    }

    /// The outcome of one pair.
    pub fn get(&self, pitch: Pitch, response: Response) -> Outcome {
        self.row(pitch).get(response)
    }
}

impl Validate for PitchOutcomes {}

/// What the offense does against an immediate special pitch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AgainstImmediate {
    /// Nothing: the special settles the at-bat and the offense plays no
    /// card.
    NoResponse,
    /// The offense must still give up a card of its hand (special or not),
    /// whose effect does not apply (faq.pitch.must-respond,
    /// major.3.6.2.special-effects).
    DiscardWithoutEffect,
}

/// `pitch.response`: the pitch/response exchange (core.pitch.sequence).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PitchResponse {
    /// The pitcher shows his card before the batter chooses his.
    pub pitch_shown_first: bool,
    /// The offense's duty against an immediate special pitch.
    pub against_immediate: AgainstImmediate,
}

impl Validate for PitchResponse {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.pitch_shown_first,
            "pitch_shown_first",
            "true",
            "the pitch card is shown before the offense answers",
        )
    }
}

/// `pitch.steal`: what RUNNER GOES TO 2ND does besides its strike
/// (core.cards.steal). Bases are numbered 1 (first) to 3 (third).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Steal {
    /// The base the runner must stand on.
    pub from: u8,
    /// The base he steals; it must be empty.
    pub to: u8,
    /// Whether the steal always succeeds when it can happen.
    pub automatic: bool,
    /// Strikes the card adds to the count, steal or not.
    #[serde(deserialize_with = "count")]
    pub strikes: u8,
}

impl Validate for Steal {
    fn validate(&self) -> Result<(), String> {
        if !(1..=3).contains(&self.from) || !(2..=4).contains(&self.to) || self.to <= self.from {
            return Err("`from` and `to` must be bases 1-3 and 2-4, `to` after `from`".into());
        }
        Ok(())
    }

    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.automatic,
            "automatic",
            "true",
            "the runner always makes the steal when the base ahead is empty",
        )
    }
}

/// What a batted ball of very short distance is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShortHit {
    /// It is placed at distance 1, the box holding home plate.
    DistanceOne,
    /// It is a foul ball: a strike, the at-bat goes on.
    FoulStrike,
}

/// `hit.foul`: a final batting distance of `at_most` or less
/// (pro.hit.distance, faq.hit.foul).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Foul {
    /// The largest distance treated this way.
    pub at_most: i8,
    /// What the ball is.
    pub result: ShortHit,
    /// Whether a foul may be the third strike (no: the count stays).
    pub may_be_third_strike: bool,
}

impl Validate for Foul {
    /// A short hit placed at distance 1 is a ball in play, never a strike,
    /// so only a foul strike may say it is not the third.
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.result == ShortHit::FoulStrike || !self.may_be_third_strike,
            "may_be_third_strike",
            "false",
            "with `result: distance_one` the ball is in play at distance 1, never a strike",
        )
    }
}

/// `hit.fence`: a batted ball past the last square of its direction
/// (core.field.blue). The blue circle of a direction, when it has one, is
/// the minimum distance for a home run there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HitFence {
    /// Past the last square but short of the blue minimum: the ball hits
    /// the fence too high to catch and lies, ground side up, on the last
    /// square of the direction, played as a missed fly catch.
    pub wall_ball_is_missed_catch: bool,
    /// At or past the blue minimum: may a fielder leap for it? (No: it is
    /// too high.)
    pub blue_home_run_catchable: bool,
    /// Past the last square where the direction has no blue circle: may a
    /// fielder leap for it (`field.fence_leap`)?
    pub home_run_catchable: bool,
}

impl Validate for HitFence {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.wall_ball_is_missed_catch,
            "wall_ball_is_missed_catch",
            "true",
            "a ball off the wall short of the blue minimum is played as a missed catch",
        )
    }
}
