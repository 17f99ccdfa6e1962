//! The JSON Lines game log and its replay. `JsonLog` is the sink that
//! writes a game as JSON Lines: a `Header` line with everything needed to
//! play the game again (ruleset, options, field, teams, seed, agents) and
//! what it was played under (the program's version, the digests of its
//! files: `provenance`), then
//! every action (who took it and what it was, dice included) and every
//! event (its kind and fields, the rule key that produced it, and the
//! catalogue clause that rule cites), in the order they happened.
//!
//! `replay` plays a log again: it sets up the header's game, applies the
//! logged actions through `Engine::apply` (never the agents), checks the
//! dice against the seed (or, for dice rolled at a table, takes them from
//! the log), and compares every line it produces with the logged one,
//! reporting the first line that differs.
//!
//! Lines are written by one function each (`action_line`, `event_line`), so
//! a replay produces exactly the bytes of the log it checks.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::provenance::{Digests, PROGRAM_VERSION};
use crate::diagnostic::{Diagnostic, SourceFile, Span, floor_char_boundary};
use crate::engine::dice::Stream;
use crate::engine::{Action, Chance, Decision, Engine, Event, EventKind, GameRules, Side, State};
use crate::ruleset::OptionValues;

/// What the first line of a log says.
pub const FORMAT: &str = "bod-game-log";

/// The version of the log format this program writes and reads.
pub const VERSION: u32 = 1;

/// The first line of a log: the game's whole configuration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Always `bod-game-log`.
    pub format: String,
    /// The log format's version.
    pub version: u32,
    /// The ruleset: a shipped one's name (`basic`), or a path relative to
    /// the log's folder (`bod play --log` writes it so, and a replay reads
    /// it so), or as named on the command line when there is no log file.
    pub ruleset: String,
    /// Every option of the game, set or default.
    pub options: BTreeMap<String, serde_json::Value>,
    /// The field: a shipped one's name or a path, as `ruleset`.
    pub field: String,
    /// The home team: a shipped one's name or a path, as `ruleset`.
    pub home: String,
    /// The guest team: a shipped one's name or a path, as `ruleset`.
    pub away: String,
    /// The seed.
    pub seed: u64,
    /// The game's number within its seed (0 for a single game).
    pub game: u64,
    /// The agents' names.
    pub agents: Agents,
    /// The version of the program that wrote the log (`played_under`);
    /// an older log has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bod: Option<String>,
    /// The digests of the files the game was set up from
    /// (`played_under`); an older log has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digests: Option<Digests>,
    /// Where the dice came from; written only when they were rolled at a
    /// table, so a seeded game's header is as it always was.
    #[serde(default, skip_serializing_if = "DiceSource::is_seed")]
    pub dice: DiceSource,
}

/// Where a game's dice came from (and `bod play --dice`'s values).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum DiceSource {
    /// Rolled by bod from the seed: a replay rolls them again.
    #[default]
    Seed,
    /// Rolled at a table and typed in: a replay takes them from the log.
    Table,
}

impl DiceSource {
    fn is_seed(&self) -> bool {
        *self == DiceSource::Seed
    }
}

/// Which agent managed each side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agents {
    /// The home manager.
    pub home: String,
    /// The guest manager.
    pub away: String,
}

impl Header {
    /// The header of a game; `options` are the game's option values.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        ruleset: &str,
        options: &OptionValues,
        field: &str,
        home: &str,
        away: &str,
        seed: u64,
        game: u64,
        agents: [&str; 2],
    ) -> Self {
        Self {
            format: FORMAT.to_string(),
            version: VERSION,
            ruleset: ruleset.to_string(),
            options: options
                .0
                .iter()
                .map(|(k, v)| {
                    (
                        k.clone(),
                        serde_json::to_value(v).unwrap_or(serde_json::Value::Null),
                    )
                })
                .collect(),
            field: field.to_string(),
            home: home.to_string(),
            away: away.to_string(),
            seed,
            game,
            agents: Agents {
                home: agents[0].to_string(),
                away: agents[1].to_string(),
            },
            bod: None,
            digests: None,
            dice: DiceSource::Seed,
        }
    }

    /// The header of a game set up from files of `digests`, written by
    /// this program.
    pub fn played_under(self, digests: Digests) -> Self {
        Self {
            bod: Some(PROGRAM_VERSION.to_string()),
            digests: Some(digests),
            ..self
        }
    }

    /// What the log was played under, when it says: the version of the
    /// program that wrote it and the digests of its files.
    pub fn provenance(&self) -> Option<(&str, &Digests)> {
        Some((
            self.bod.as_deref().unwrap_or("(unknown)"),
            self.digests.as_ref()?,
        ))
    }

    /// The header of a game whose dice came from `dice`.
    pub fn with_dice(self, dice: DiceSource) -> Self {
        Self { dice, ..self }
    }

    /// Reads the header, the first line of `log`; a problem points at its
    /// spot in that line.
    pub fn read(log: &Arc<SourceFile>) -> Result<Header, Diagnostic> {
        let line = log.text.lines().next().unwrap_or("");
        let not_a_header = |message: String, span: Span| {
            Diagnostic::error(format!("not a game log header: {message}"))
                .at(log, span)
                .hint("a log starts with the header line that `bod play --log` writes")
        };
        let header: Header = serde_json::from_str(line).map_err(|e| {
            // serde_json's message ends with the position, shown by the caret.
            let message = e.to_string();
            let position = format!(" at line {} column {}", e.line(), e.column());
            let message = message.strip_suffix(&position).unwrap_or(&message);
            // Its column is 1-based and counts bytes (0: before the first).
            let at = floor_char_boundary(line, e.column().saturating_sub(1).min(line.len()));
            not_a_header(message.to_string(), Span::new(at, at))
        })?;
        if header.format != FORMAT {
            return Err(not_a_header(
                format!("format is `{}`, not `{FORMAT}`", header.format),
                key_span(line, "format"),
            ));
        }
        if header.version != VERSION {
            return Err(Diagnostic::error(format!(
                "the log is in version {} of the format; this bod reads version {VERSION}",
                header.version
            ))
            .at(log, key_span(line, "version"))
            .hint("replay it with the bod that wrote it"));
        }
        Ok(header)
    }

    /// The options as `--set name=value` settings.
    pub fn settings(&self) -> Vec<String> {
        self.options
            .iter()
            .map(|(k, v)| match v {
                serde_json::Value::String(s) => format!("{k}={s}"),
                other => format!("{k}={other}"),
            })
            .collect()
    }

    /// The header as one line (no newline).
    pub fn line(&self) -> String {
        serde_json::to_string(self).expect("a header serialises")
    }
}

/// Where `"key"` is in a JSON line (its start when it is not there).
fn key_span(line: &str, key: &str) -> Span {
    let quoted = format!("\"{key}\"");
    line.find(&quoted)
        .map_or(Span::new(0, 0), |at| Span::new(at, at + quoted.len()))
}

#[derive(Serialize)]
struct ActionLine<'a> {
    by: &'a str,
    action: &'a Action,
}

#[derive(Serialize)]
struct EventLine<'a> {
    #[serde(flatten)]
    kind: &'a EventKind,
    rule: &'a str,
    source: &'a str,
}

/// The log line of an action: `{"by":"home","action":{"pitch":3}}`; dice
/// are `"by":"dice"`.
pub fn action_line(side: Option<Side>, action: &Action) -> String {
    let by = match side {
        Some(Side::Home) => "home",
        Some(Side::Away) => "away",
        None => "dice",
    };
    serde_json::to_string(&ActionLine { by, action }).expect("an action serialises")
}

/// The log line of an event: its kind and fields, then its rule key and
/// the clause the rule cites.
pub fn event_line(rules: &GameRules, event: &Event) -> String {
    serde_json::to_string(&EventLine {
        kind: &event.kind,
        rule: event.rule,
        source: rules.source(event.rule),
    })
    .expect("an event serialises")
}

/// The sink that writes the log to `out`. Writing errors are kept and
/// returned by `finish`, since a sink cannot fail the game.
pub struct JsonLog<'r, W: Write> {
    rules: &'r GameRules,
    out: W,
    error: Option<io::Error>,
    events: usize,
}

impl<'r, W: Write> JsonLog<'r, W> {
    /// A log of a game under `rules`, starting with its header.
    pub fn new(rules: &'r GameRules, header: &Header, out: W) -> Self {
        let mut log = Self {
            rules,
            out,
            error: None,
            events: 0,
        };
        log.write(&header.line());
        log
    }

    /// Logs an action; `side` is `None` for the dice.
    pub fn action(&mut self, side: Option<Side>, action: &Action) {
        self.write(&action_line(side, action));
    }

    /// Logs an event.
    pub fn event(&mut self, event: &Event) {
        self.events += 1;
        self.write(&event_line(self.rules, event));
    }

    /// Events logged so far.
    pub fn events(&self) -> usize {
        self.events
    }

    fn write(&mut self, line: &str) {
        if self.error.is_none()
            && let Err(e) = writeln!(self.out, "{line}")
        {
            self.error = Some(e);
        }
    }

    /// Flushes and gives back the writer, or the first writing error.
    pub fn finish(mut self) -> io::Result<W> {
        if let Some(e) = self.error {
            return Err(e);
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

/// What a replay found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replayed {
    /// Every line matched and the game ended where the log does.
    Reproduced {
        /// The events reproduced.
        events: usize,
    },
    /// The first line that differs.
    Diverged {
        /// Its line number in the log (1-based; the header is line 1).
        line: usize,
        /// What the log says there (`(end of log)` past its end).
        expected: String,
        /// What the replay gives there.
        got: String,
    },
}

/// What follows a replay as it goes (`replay_watching`): the events the
/// game began with, then each action before it is applied and the events
/// it caused after.
pub trait Watch {
    /// The action of line `line` of the log (1-based), taken by `side`
    /// (none: the dice), is about to be applied to `before`.
    fn action(&mut self, line: usize, before: &State, side: Option<Side>, action: &Action);
    /// The events an action caused, or the game's first (before any
    /// action); `after` is the state they left.
    fn events(&mut self, after: &State, events: &[Event]);
}

/// Nobody watching.
impl Watch for () {
    fn action(&mut self, _: usize, _: &State, _: Option<Side>, _: &Action) {}
    fn events(&mut self, _: &State, _: &[Event]) {}
}

/// Replays the lines of a log after its header (`lines[0]` is line 2 of
/// the file) on `engine`, which must be set up from the header.
pub fn replay<'l>(
    engine: &Engine<'_>,
    header: &Header,
    lines: impl IntoIterator<Item = &'l str>,
) -> Replayed {
    replay_watching(engine, header, lines, &mut ())
}

/// `replay`, showing `watch` every action and the events it caused.
pub fn replay_watching<'l>(
    engine: &Engine<'_>,
    header: &Header,
    lines: impl IntoIterator<Item = &'l str>,
    watch: &mut dyn Watch,
) -> Replayed {
    let rules = engine.rules;
    let (mut state, first) = engine.new_game(crate::runner::shuffle_seed(header.seed, header.game));
    watch.events(&state, &first);
    let mut dice = crate::runner::dice_stream(header.seed, header.game);
    let mut produced: std::collections::VecDeque<String> =
        first.iter().map(|e| event_line(rules, e)).collect();
    let mut events = 0usize;
    let mut number = 1usize;
    let diverged = |line: usize, expected: &str, got: String| Replayed::Diverged {
        line,
        expected: expected.to_string(),
        got,
    };
    for logged in lines {
        number += 1;
        if let Some(next) = produced.pop_front() {
            if next != logged {
                return diverged(number, logged, next);
            }
            events += 1;
            continue;
        }
        // Nothing pending: the log must give the next action.
        let decision = engine.decision(&state);
        let side = match &decision {
            Decision::Over => return diverged(number, logged, "(the game is over)".into()),
            Decision::Choose { side, .. } => Some(*side),
            Decision::Chance(_) => None,
        };
        let Some(action) = parse_action(logged) else {
            return diverged(
                number,
                logged,
                expected_action(&decision, header.dice, &mut dice.clone()),
            );
        };
        let replayed = match (&decision, header.dice) {
            (Decision::Chance(Chance::Dice { count, .. }), DiceSource::Seed) => {
                Action::Dice((0..*count).map(|_| dice.d6()).collect())
            }
            // Dice rolled at a table are the log's; the engine refuses a
            // wrong number of them or a face off the die.
            _ => action,
        };
        let line = action_line(side, &replayed);
        if line != logged {
            return diverged(number, logged, line);
        }
        watch.action(number, &state, side, &replayed);
        let mut out = Vec::new();
        if let Err(e) = engine.apply(&mut state, replayed, &mut out) {
            return diverged(number, logged, format!("(the engine refuses it: {e})"));
        }
        watch.events(&state, &out);
        produced.extend(out.iter().map(|e| event_line(rules, e)));
    }
    number += 1;
    if let Some(next) = produced.pop_front() {
        return diverged(number, "(end of log)", next);
    }
    match engine.decision(&state) {
        Decision::Over => Replayed::Reproduced { events },
        decision => diverged(
            number,
            "(end of log)",
            expected_action(&decision, header.dice, &mut dice),
        ),
    }
}

fn parse_action(line: &str) -> Option<Action> {
    let value: serde_json::Value = serde_json::from_str(line).ok()?;
    serde_json::from_value(value.get("action")?.clone()).ok()
}

/// What the replay waits for, in words or as the dice line it would roll.
fn expected_action(decision: &Decision, source: DiceSource, dice: &mut Stream) -> String {
    match decision {
        Decision::Over => "(the game is over)".to_string(),
        Decision::Chance(Chance::Dice { count, purpose }) if source == DiceSource::Table => {
            let dice = if *count == 1 { "die" } else { "dice" };
            format!("({count} {dice} rolled at the table for the {purpose})")
        }
        Decision::Chance(Chance::Dice { count, .. }) => action_line(
            None,
            &Action::Dice((0..*count).map(|_| dice.d6()).collect()),
        ),
        Decision::Choose { side, .. } => format!(
            "(an action of the {} manager)",
            match side {
                Side::Home => "home",
                Side::Away => "guest",
            }
        ),
    }
}
