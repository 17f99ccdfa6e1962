//! `bod replay`: plays a JSON Lines game log again and checks that it
//! reproduces exactly. The header's ruleset, options and field set the
//! game up (`--ruleset` and `--set` put another ruleset and its options in
//! their place, to find where a change of rules first changes a logged
//! game); the logged actions (not the agents) are applied; the first line
//! that differs is reported with what the log says and what the replay
//! gives, and the exit code is 1, with a note on why it may have: which of
//! the ruleset, field and teams changed since the log was written (by
//! the digests its header records), or that none did. A log that
//! reproduces prints "reproduced N events".

use clap::Args;

use std::path::Path;
use std::sync::Arc;

use super::play::{Loaded, load_game};
use super::{CmdResult, Failure, Named, print};
use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};
use crate::engine::{Engine, Players};
use crate::score::{Header, Replayed, divergence_notes, replay};
use crate::team::{Team, load_team};

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

/// A logged game ready to be played again: the log, its header, and the
/// rules, field, teams and players the header names (or another
/// ruleset's).
pub(super) struct LoggedGame {
    pub(super) log: Arc<SourceFile>,
    pub(super) header: Header,
    pub(super) loaded: Loaded,
    /// The home team and the guests.
    pub(super) teams: [Team; 2],
    players: Players,
}

impl LoggedGame {
    /// Reads the log at `path` and loads what its header names; `instead`
    /// puts another ruleset and its settings in the header's place.
    pub(super) fn open(path: &str, instead: Option<(&str, &[String])>) -> Result<Self, Failure> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Failure::from(Diagnostic::error(format!(
                "cannot read the log `{path}`: {e}"
            )))
        })?;
        let log = SourceFile::new(path.to_string(), text);
        let mut header = Header::read(&log)?;
        // The files a header names are relative to the log's folder (as
        // `bod play --log` writes them), an older log's to the folder it
        // was played in: the header is read as the working folder sees
        // them.
        let folder = Path::new(path)
            .parent()
            .filter(|f| !f.as_os_str().is_empty());
        let beside = |kind: Named, name: &mut String| {
            let Some(folder) = folder.filter(|_| kind.on_disk(name)) else {
                return;
            };
            let there = folder.join(name.strip_prefix("./").unwrap_or(name));
            if Path::new(name.as_str()).is_relative() && there.exists() {
                *name = there.display().to_string();
            }
        };
        beside(Named::Ruleset, &mut header.ruleset);
        beside(Named::Field, &mut header.field);
        beside(Named::Team, &mut header.home);
        beside(Named::Team, &mut header.away);
        let mut problems = Diagnostics::default();
        let (ruleset, settings) = match instead {
            Some((ruleset, set)) => (ruleset, set.to_vec()),
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
        Ok(Self {
            log,
            header,
            loaded,
            players: Players::new(&home, &away)?,
            teams: [home, away],
        })
    }

    /// The engine the game is played again on.
    pub(super) fn engine(&self) -> Engine<'_> {
        Engine::new(&self.loaded.rules, &self.loaded.field).with_players(&self.players)
    }
}

pub(crate) fn run(args: ReplayArgs) -> CmdResult {
    let instead = args
        .ruleset
        .as_deref()
        .map(|ruleset| (ruleset, args.set.as_slice()));
    let game = LoggedGame::open(&args.log, instead)?;
    let (log, header, engine) = (&game.log, &game.header, game.engine());
    let under = match &args.ruleset {
        Some(_) => format!(" under {}", engine.rules.name),
        None => String::new(),
    };
    match replay(&engine, header, log.text.lines().skip(1)) {
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
            // Why it may have: the files that changed since, or none.
            let [home, away] = &game.teams;
            let names = [&header.ruleset, &header.field, &header.home, &header.away];
            for note in divergence_notes(
                header.provenance(),
                &game.loaded.digests(home, away),
                names.map(String::as_str),
                args.ruleset.is_some(),
            ) {
                eprintln!("  note: {note}");
            }
            Err(Failure::Input(Diagnostics::default()))
        }
    }
}
