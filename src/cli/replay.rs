//! `bod replay`: plays a JSON Lines game log again and checks that it
//! reproduces exactly. The header's ruleset, options and field set the
//! game up (`--ruleset` and `--set` put another ruleset and its options in
//! their place, to find where a change of rules first changes a logged
//! game); the logged actions (not the agents) are applied; the first line
//! that differs is reported with what the log says and what the replay
//! gives, and the exit code is 1. A log that reproduces prints
//! "reproduced N events".

use clap::Args;

use super::play::load_game;
use super::{CmdResult, Failure, print};
use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};
use crate::engine::{Engine, Players};
use crate::score::{Header, Replayed, replay};
use crate::team::load_team;

#[derive(Debug, Args)]
pub(crate) struct ReplayArgs {
    /// The log written by `bod play --log`.
    log: String,
    /// Replay under this ruleset (built-in or a path) instead of the header's, with its default options: the first line that differs is where its rules first change the game.
    #[arg(long, value_name = "RULESET")]
    ruleset: Option<String>,
    /// With --ruleset: set an option of the replayed game, as NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE", requires = "ruleset")]
    set: Vec<String>,
}

pub(crate) fn run(args: ReplayArgs) -> CmdResult {
    let text = std::fs::read_to_string(&args.log).map_err(|e| {
        Failure::from(Diagnostic::error(format!(
            "cannot read the log `{}`: {e}",
            args.log
        )))
    })?;
    let log = SourceFile::new(args.log.clone(), text);
    let header = Header::read(&log)?;
    let mut problems = Diagnostics::default();
    let (ruleset, settings) = match &args.ruleset {
        Some(ruleset) => (ruleset.as_str(), args.set.clone()),
        None => (header.ruleset.as_str(), header.settings()),
    };
    let loaded = load_game(ruleset, &settings, &header.field, &mut problems);
    let home = load_team(&header.home).map_err(|d| problems.extend(d)).ok();
    let away = load_team(&header.away).map_err(|d| problems.extend(d)).ok();
    let (Some(loaded), Some(home), Some(away)) = (loaded, home, away) else {
        // The problems are in what the header names: it is shown first.
        let set_up = Diagnostic::error("the game of this log's header cannot be set up")
            .at(&log, Span::new(0, 0))
            .hint(
                "the header names the ruleset, options (read as `--set`), field and teams \
                 as `bod play` was given them; their problems follow",
            );
        problems.0.insert(0, set_up);
        return Err(Failure::Input(problems));
    };
    let players = Players::new(&home, &away)?;
    let engine = Engine::new(&loaded.rules, &loaded.field).with_players(&players);
    let under = match &args.ruleset {
        Some(_) => format!(" under {}", loaded.rules.name),
        None => String::new(),
    };
    match replay(&engine, &header, log.text.lines().skip(1)) {
        Replayed::Reproduced { events } => print(&format!("reproduced {events} events{under}\n")),
        Replayed::Diverged {
            line,
            expected,
            got,
        } => {
            // Printed plainly, not as a diagnostic: the two lines must stay
            // whole to be compared by eye.
            eprintln!(
                "error: {}:{line}: the replay{under} diverges from the log\n  expected (log):  {expected}\n  got (replay):    {got}",
                args.log
            );
            Err(Failure::Input(Diagnostics::default()))
        }
    }
}
