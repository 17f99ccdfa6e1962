//! Scoring a game: the sinks that turn the engine's actions and events into
//! what people read and keep. `Scorekeeper` reads events the way an
//! official scorer does and writes `Record`s (plate appearances in scoring
//! notation, steals, half innings); `PlayByPlay` and `BoxScore` are sinks
//! built on it; `JsonLog` writes every action and event as JSON Lines,
//! `replay` checks a log against the engine, and `Digests` (`provenance`)
//! record the files a log was played under, so a replay that diverges can
//! say what changed. `Scorecard` gives the batting slots names. `Scoring`
//! feeds one game to all of them at once. `Season` totals the box scores
//! of many games.
//!
//! Every output is a pure function of the game's configuration and seed:
//! no clock, no paths, no hash-map order.

mod box_score;
mod log;
mod play_by_play;
mod provenance;
mod scorecard;
mod scorekeeper;
mod season;

pub use box_score::{Batting, BoxScore, LineScore, Pitching};
pub use log::{
    Agents, DiceSource, FORMAT, Header, JsonLog, Replayed, Watch, action_line, event_line, replay,
    replay_watching,
};
pub use play_by_play::PlayByPlay;
pub use provenance::{
    Digests, PROGRAM_VERSION, digest, divergence_notes, ruleset_digest, team_digest,
};
pub use scorecard::{Batter, Lineup, Scorecard};
pub use scorekeeper::{
    Appearance, BattedBall, HalfSummary, Line, Outcome, PutOut, Record, Scorekeeper, Situation,
};
pub use season::Season;

use std::io::Write;

use crate::engine::{Action, Engine, Event, Side, State};
use crate::runner::Sink;

/// The sinks of one game: play-by-play, box score, and optionally the
/// JSON Lines log written to `W`.
pub struct Scoring<'a, W: Write> {
    /// The play-by-play.
    pub play_by_play: PlayByPlay<'a>,
    /// The box score.
    pub box_score: BoxScore<'a>,
    /// The log, if one is kept.
    pub log: Option<JsonLog<'a, W>>,
}

impl<'a, W: Write> Scoring<'a, W> {
    /// The sinks of a game played by `engine` between the sides of `card`,
    /// logging to `log` when given.
    pub fn new(engine: &Engine<'a>, card: &'a Scorecard, log: Option<JsonLog<'a, W>>) -> Self {
        Self {
            play_by_play: PlayByPlay::new(engine.field, card),
            box_score: BoxScore::new(engine.field, card),
            log,
        }
    }

    /// An action about to be applied; `side` is `None` for the dice.
    pub fn action(&mut self, side: Option<Side>, action: &Action) {
        if let Some(log) = self.log.as_mut() {
            log.action(side, action);
        }
    }

    /// An event.
    pub fn event(&mut self, event: &Event) {
        self.play_by_play.event(event);
        self.box_score.event(event);
        if let Some(log) = self.log.as_mut() {
            log.event(event);
        }
    }
}

impl<W: Write> Sink for Scoring<'_, W> {
    fn action(&mut self, _state: &State, side: Option<Side>, action: &Action) {
        Scoring::action(self, side, action);
    }

    fn event(&mut self, _state: &State, event: &Event) {
        Scoring::event(self, event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::RandomAgent;
    use crate::engine::GameRules;
    use crate::engine::dice::{Source, Stream};
    use crate::field::load_field;
    use crate::ruleset::Ruleset;

    /// The log holds every event the game produced, in order.
    #[test]
    fn the_log_holds_the_games_events() {
        let ruleset = Ruleset::load("basic").unwrap();
        let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
        let field = load_field("classic").unwrap();
        let engine = Engine::new(&rules, &field);
        let agents = |seed| {
            (
                RandomAgent::new(Stream::new(seed, 0, Source::HomeAgent)),
                RandomAgent::new(Stream::new(seed, 0, Source::AwayAgent)),
            )
        };
        for seed in [1, 7] {
            let mut expected = Vec::new();
            let (mut h, mut a) = agents(seed);
            crate::runner::play_game(
                &engine,
                seed,
                0,
                [&mut h, &mut a],
                &mut |_: &State, e: &Event| expected.push(*e),
            )
            .unwrap();
            let card = Scorecard::anonymous();
            let (mut h, mut a) = agents(seed);
            let mut sinks = Scoring::new(
                &engine,
                &card,
                Some(JsonLog::new(
                    &rules,
                    &Header::new(
                        "basic",
                        &Default::default(),
                        "classic",
                        "-",
                        "-",
                        seed,
                        0,
                        ["random"; 2],
                    ),
                    Vec::new(),
                )),
            );
            crate::runner::play_game(&engine, seed, 0, [&mut h, &mut a], &mut sinks).unwrap();
            let log = String::from_utf8(sinks.log.take().unwrap().finish().unwrap()).unwrap();
            let got: Vec<&str> = log
                .lines()
                .filter(|l| l.starts_with("{\"event\""))
                .collect();
            let want: Vec<String> = expected.iter().map(|e| event_line(&rules, e)).collect();
            assert_eq!(got, want, "seed {seed}");
        }
    }
}
