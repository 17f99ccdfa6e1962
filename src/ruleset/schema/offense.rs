//! The offense turn: how far runners move (`offense.run`), where they must
//! stop once the ball is in the diamond (`offense.diamond_stop`,
//! `offense.run_home`), and which runners are forced to run
//! (`offense.force`). Collisions at home and long runs are hooks.

use serde::{Deserialize, Serialize};

use super::{Unplayed, Validate, plays};

/// How far a runner may move in one offense turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RunDistance {
    /// A d6 rolled for him (BASIC).
    Die,
    /// His card's BASE RUN (A).
    BaseRun,
}

/// `offense.run`: the offense turn (basic.offense.run, pro.offense.run).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// How far each runner may move, in circles.
    pub distance: RunDistance,
    /// Runners move (and roll) from the most advanced back.
    pub lead_runner_first: bool,
    /// A runner may stop before using all of his move.
    pub may_stop_early: bool,
    /// The batter who hit must run toward first.
    pub batter_must_run: bool,
}

impl Validate for Run {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.lead_runner_first,
            "lead_runner_first",
            "true",
            "runners move from the most advanced back, so none overtakes another",
        )
        .or(plays(
            self.may_stop_early,
            "may_stop_early",
            "true",
            "a runner may stop short of his full move",
        ))
        .or(plays(
            self.batter_must_run,
            "batter_must_run",
            "true",
            "a batter who hit the ball runs toward first",
        ))
    }
}

/// What stops the runners.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopTrigger {
    /// The ball reaching a square wholly inside the diamond.
    Diamond,
    /// The ball reaching the diamond or a Texas square, held or not.
    DiamondOrTexas,
}

/// `offense.diamond_stop`: once the ball reaches the diamond, runners may
/// only finish their runs to the next base they have not reached, and stop
/// there (core.offense.movement, faq.offense.halfway, major.2.11.running).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DiamondStop {
    /// What stops them.
    pub trigger: StopTrigger,
    /// If set, only a runner at least this many circles past the base he
    /// left may finish his run; the others go back to that base.
    #[serde(default)]
    pub only_if_past: Option<u8>,
    /// How long a runner stays on the base the stop let him reach.
    #[serde(default)]
    pub lasts: StopLasts,
}

/// How long the diamond stop holds a runner on the base it let him reach
/// (`offense.diamond_stop.lasts`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopLasts {
    /// The rest of the play ("e poi fermarsi"): once the ball is in the
    /// diamond each runner may still reach one base, the next after the
    /// last he had reached then, and stays there.
    #[default]
    Play,
    /// The offense turn: in each later one he may take the next base
    /// again.
    Turn,
}

impl Validate for DiamondStop {
    fn validate(&self) -> Result<(), String> {
        if self.only_if_past == Some(0) {
            return Err(
                "`only_if_past: 0` lets every runner finish his run: leave the key out instead"
                    .into(),
            );
        }
        Ok(())
    }
}

/// Which runners may try for home despite the diamond stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RunHomeFrom {
    /// A runner who started the turn on second base.
    Second,
    /// Any runner.
    Any,
}

/// `offense.run_home`: the exception to the diamond stop
/// (pro.offense.diamond-stop, major.3.11.1.run-home): a runner whose full
/// move carries him past third base may go on toward home.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RunHome {
    /// Who may.
    pub from: RunHomeFrom,
    /// Only when no other runner is between third and home.
    pub needs_clear_path: bool,
}

impl Validate for RunHome {}

/// Which runners must run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ForcedRun {
    /// A runner must move only when a teammate needs his base.
    MakeRoom,
    /// Every runner forced when the ball was hit must run to the next base,
    /// from the first offense turn on, even with the ball in the diamond
    /// and even if the runner behind him is out.
    ForcedAtHit,
}

/// `offense.force`: forced runners (core.board.basepath,
/// faq.offense.force).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Force {
    /// Which runners must run.
    pub must_run: ForcedRun,
    /// After a caught fly ball the offense decides freely.
    pub free_after_catch: bool,
}

impl Validate for Force {}
