//! `bod season LOG...`: a league's totals from the logs of its games. Each
//! log is replayed (so a log that does not reproduce is refused, with the
//! line where it differs) into a box score, and the box scores add up to
//! the standings and each player's batting and pitching (`score::Season`):
//! tables for people, `--json` for machines.

use std::path::PathBuf;

use clap::Args;

use super::replay::LoggedGame;
use super::{CmdResult, print};
use crate::diagnostic::Diagnostic;
use crate::engine::{Action, Event, Side, State};
use crate::score::{BoxScore, Replayed, Scorecard, Season, Watch, replay_watching};

#[derive(Debug, Args)]
pub(crate) struct SeasonArgs {
    /// The logs of the games, written by `bod play --log`, or folders of them (every `.jsonl` file inside, by name).
    #[arg(required = true, value_name = "LOG")]
    logs: Vec<PathBuf>,
    /// Print the totals as JSON (the counts, keys in a fixed order) instead of tables.
    #[arg(long)]
    json: bool,
}

/// A box score kept from a replay's events.
struct Scored<'b>(BoxScore<'b>);

impl Watch for Scored<'_> {
    fn action(&mut self, _: usize, _: &State, _: Option<Side>, _: &Action) {}

    fn events(&mut self, _: &State, events: &[Event]) {
        for e in events {
            self.0.event(e);
        }
    }
}

/// The logs named: each file, and the `.jsonl` files of each folder in
/// the order of their names.
fn logs(named: &[PathBuf]) -> Result<Vec<PathBuf>, Diagnostic> {
    let mut logs = Vec::new();
    for path in named {
        if !path.is_dir() {
            logs.push(path.clone());
            continue;
        }
        let entries = std::fs::read_dir(path).map_err(|e| {
            Diagnostic::error(format!("cannot read the folder `{}`: {e}", path.display()))
        })?;
        let mut inside: Vec<PathBuf> = entries
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
            .collect();
        if inside.is_empty() {
            return Err(Diagnostic::error(format!(
                "the folder `{}` holds no game log",
                path.display()
            ))
            .hint("a game log is a `.jsonl` file written by `bod play --log`"));
        }
        inside.sort();
        logs.extend(inside);
    }
    Ok(logs)
}

pub(crate) fn run(args: SeasonArgs) -> CmdResult {
    let mut season = Season::new();
    // The logs read so far by the length and hash of their text (a game's
    // log is its whole record), so that a game named twice (a copy of a
    // log, a folder named with a log in it) is caught, not counted twice.
    let mut seen: std::collections::HashMap<(usize, u64), String> =
        std::collections::HashMap::new();
    for path in &logs(&args.logs)? {
        let name = path.display().to_string();
        let game = LoggedGame::open(&name, None)?;
        let text = &game.log.text;
        let key = (text.len(), {
            use std::hash::{Hash, Hasher};
            let mut hasher = std::hash::DefaultHasher::new();
            text.hash(&mut hasher);
            hasher.finish()
        });
        if let Some(first) = seen.insert(key, name.clone()) {
            return Err(Diagnostic::error(format!(
                "the log `{name}` is the same game as `{first}`"
            ))
            .hint("a season counts each game once: leave one of them out")
            .into());
        }
        let (log, header, engine) = (&game.log, &game.header, game.engine());
        let card = Scorecard::new(&game.teams[0], &game.teams[1]);
        let mut scored = Scored(BoxScore::new(&game.loaded.field, &card));
        let replayed = replay_watching(&engine, header, log.text.lines().skip(1), &mut scored);
        if let Replayed::Diverged { line, expected, .. } = replayed {
            // A log that stops before its game does: a game called off.
            let problem = if expected == "(end of log)" {
                format!("the log `{name}` ends before its game does, at line {line}")
            } else {
                format!("the log `{name}` does not replay: it diverges at line {line}")
            };
            return Err(Diagnostic::error(problem)
                .hint(format!(
                    "a season counts the games that reproduce to their end; `bod replay {name}` \
                     shows where this one stops"
                ))
                .into());
        }
        season
            .add(&card, &scored.0)
            .map_err(|why| Diagnostic::error(format!("the log `{name}`: {why}")))?;
    }
    if args.json {
        print(&(season.json() + "\n"))
    } else {
        print(&season.render())
    }
}
