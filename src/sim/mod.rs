//! Simulation: many seeded games on all cores, folded into statistics as
//! they finish. Game `i` of a run seeded `seed` is always
//! `play_game(engine, seed, i, ..)` with its agents drawing from
//! `Stream::new(seed, i, Source::HomeAgent / AwayAgent)`, and each game's
//! counts go into `Totals` whose merge is exact integer addition; so a run
//! gives the same statistics on any number of threads. Memory does not grow
//! with the number of games: a game's events pass through a counting sink
//! (`Tally`) and only its line of counts is kept, until it is folded in.
//! A simulated game records only the kinds of events the tally reads
//! (`Tally::READS`), so the engine does not build the others.
//!
//! This module is pure: it runs on the caller's rayon pool (the global one,
//! or one the caller `install`s) and reports progress through a callback;
//! the CLI owns the progress bar, the clock and the printing.

pub mod compare;
pub mod stats;

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::agent::{AGENT_NAMES, Agent, DEFAULT_AGENT, Maker};
use crate::diagnostic::Diagnostic;
use crate::engine::dice::{Source, Stream};
use crate::engine::{Engine, script_calls};
use crate::runner::{RunError, play_game};

pub use compare::{Comparison, PairedTotals, Shift};
pub use stats::{COUNTS, Estimate, GameLine, Share, Summary, Tally, Totals};

/// Makes a game's agent from its stream.
pub type AgentMaker<'a> = dyn Fn(Stream) -> Box<dyn Agent + 'a> + Sync + 'a;

/// The agent a run uses when none is named.
pub fn default_agent() -> &'static str {
    DEFAULT_AGENT
}

/// Checks an agent's name: an unknown one is an error with "did you mean"
/// and the list of agents.
pub fn check_agent(name: &str) -> Result<(), Diagnostic> {
    if AGENT_NAMES.contains(&name) {
        return Ok(());
    }
    Err(
        Diagnostic::error(format!("there is no agent named `{name}`"))
            .suggest(name, AGENT_NAMES.iter().copied())
            .hint(format!("agents: {}", AGENT_NAMES.join(", "))),
    )
}

/// An agent maker for a checked name (see `check_agent`), for the games of
/// `engine`: what the agents know before a game is worked out once here.
pub fn agent_maker<'a>(
    name: &'a str,
    engine: Engine<'a>,
) -> impl Fn(Stream) -> Box<dyn Agent + 'a> + Sync + 'a {
    let maker = Maker::new(name, engine).expect("the agent's name was checked");
    move |stream| maker.make(stream)
}

/// The first game of a run that could not be played.
#[derive(Debug)]
pub struct SimError {
    /// The game's index in the run.
    pub game: u64,
    /// In a paired run (`simulate_paired`), whether it was the baseline's
    /// game that stopped rather than the candidate's.
    pub baseline: bool,
    /// Why it stopped.
    pub error: RunError,
}

impl std::fmt::Display for SimError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let of = if self.baseline {
            " of the baseline"
        } else {
            ""
        };
        write!(f, "game {}{of} stopped: {}", self.game, self.error)
    }
}

impl std::error::Error for SimError {}

/// Plays one game and returns its line of counts.
pub fn play_one(
    engine: &Engine<'_>,
    seed: u64,
    game: u64,
    agent: &AgentMaker<'_>,
) -> Result<GameLine, RunError> {
    let mut home = agent(Stream::new(seed, game, Source::HomeAgent));
    let mut away = agent(Stream::new(seed, game, Source::AwayAgent));
    let mut tally = Tally::default();
    let state = play_game(
        &engine.recording(Tally::READS),
        seed,
        game,
        [home.as_mut(), away.as_mut()],
        &mut |_: &crate::engine::State, event: &crate::engine::Event| tally.observe(event),
    )?;
    Ok(tally.finish(&state, engine.rules.last_inning))
}

/// What a run folds its games into: exact sums, merged in any order to
/// the same result.
trait Fold: Default + Send {
    /// Merges the sums of another share of the games.
    fn merge(self, other: &Self) -> Self;
}

impl Fold for Totals {
    fn merge(self, other: &Self) -> Self {
        Totals::merge(self, other)
    }
}

impl Fold for PairedTotals {
    fn merge(self, other: &Self) -> Self {
        PairedTotals::merge(self, other)
    }
}

/// One worker's share of a run: its sums and the earliest game that
/// failed, if any.
#[derive(Default)]
struct Part<T> {
    totals: T,
    script_calls: u64,
    failed: Option<SimError>,
}

/// What a run gives: the games' totals, and how many times the rules'
/// scripts ran (calls their memos could not answer). The totals are the
/// same on any thread count; the script calls nearly so (the threads
/// share the memos, but two may miss the same input at once).
#[derive(Debug, Clone, PartialEq)]
pub struct Run<T = Totals> {
    /// The games' counts (`Totals`; `PairedTotals` for a paired run).
    pub totals: T,
    /// Script runs over all threads.
    pub script_calls: u64,
}

impl<T: Fold> Part<T> {
    fn merge(mut self, other: Part<T>) -> Part<T> {
        self.totals = self.totals.merge(&other.totals);
        self.script_calls += other.script_calls;
        self.failed = match (self.failed, other.failed) {
            (Some(a), Some(b)) => Some(if a.game <= b.game { a } else { b }),
            (a, b) => a.or(b),
        };
        self
    }
}

/// Plays games `0..games` of a run seeded `seed` on the current rayon pool
/// and returns their totals (and the scripts' cost); `progress` is called
/// once per finished game.
///
/// When games fail, the error is that of the lowest-numbered failing game
/// (games after a known failure are skipped, games before it still play),
/// so the error, too, does not depend on the thread count.
pub fn simulate(
    engine: &Engine<'_>,
    seed: u64,
    games: u64,
    agent: &AgentMaker<'_>,
    progress: &(dyn Fn() + Sync),
) -> Result<Run, SimError> {
    fold_games(games, progress, |game, totals: &mut Totals| {
        let line = play_one(engine, seed, game, agent).map_err(|error| SimError {
            game,
            baseline: false,
            error,
        })?;
        totals.add(&line);
        Ok(())
    })
}

/// Plays games `0..games` of a run seeded `seed` under two rulesets, the
/// candidate's engine and agents (`candidate`) and the baseline's
/// (`baseline`): game `i` under one and game `i` under the other have the
/// same seed streams, so each pair differs only by the rules
/// (`compare`). `progress` is called once per finished pair. Errors as
/// `simulate`'s, the lowest-numbered failing pair's (its candidate game's
/// error first).
pub fn simulate_paired(
    candidate: (&Engine<'_>, &AgentMaker<'_>),
    baseline: (&Engine<'_>, &AgentMaker<'_>),
    seed: u64,
    games: u64,
    progress: &(dyn Fn() + Sync),
) -> Result<Run<PairedTotals>, SimError> {
    fold_games(games, progress, |game, totals: &mut PairedTotals| {
        let play = |(engine, agent): (&Engine<'_>, &AgentMaker<'_>), baseline| {
            play_one(engine, seed, game, agent).map_err(|error| SimError {
                game,
                baseline,
                error,
            })
        };
        let c = play(candidate, false)?;
        let b = play(baseline, true)?;
        totals.add(&c, &b);
        Ok(())
    })
}

/// Folds games `0..games` into `T` on the current rayon pool: `play`
/// plays game `i` and adds it in.
fn fold_games<T: Fold>(
    games: u64,
    progress: &(dyn Fn() + Sync),
    play: impl Fn(u64, &mut T) -> Result<(), SimError> + Sync,
) -> Result<Run<T>, SimError> {
    let first_failure = AtomicU64::new(u64::MAX);
    let part = (0..games)
        .into_par_iter()
        .fold(Part::default, |mut part: Part<T>, game| {
            if game > first_failure.load(Ordering::Relaxed) {
                return part;
            }
            let scripts_before = script_calls();
            let played = play(game, &mut part.totals);
            part.script_calls += script_calls() - scripts_before;
            if let Err(error) = played {
                first_failure.fetch_min(game, Ordering::Relaxed);
                part = part.merge(Part {
                    failed: Some(error),
                    ..Part::default()
                });
            }
            progress();
            part
        })
        .reduce(Part::default, Part::merge);
    match part.failed {
        Some(error) => Err(error),
        None => Ok(Run {
            totals: part.totals,
            script_calls: part.script_calls,
        }),
    }
}
