//! `bod team check`: a team file's shape, and the roster and lineup rules of
//! the regulation a ruleset belongs to.

use clap::Subcommand;

use super::{CmdResult, Failure, print};
use crate::ruleset::Ruleset;
use crate::team::{Regulation, check_team, load_team};

#[derive(Debug, Subcommand)]
pub(crate) enum TeamCommand {
    /// Check a team file against a regulation; print every problem.
    Check {
        /// A shipped team (falchi, corsari) or a path to a team file.
        team: String,
        /// The ruleset whose roster and lineup rules apply (name or path).
        #[arg(long, default_value = "pro")]
        ruleset: String,
    },
}

/// The regulation a ruleset belongs to: the nearest built-in layer of its
/// chain (a house rule over `major` is checked as MAJOR).
pub(crate) fn regulation_of(ruleset: &Ruleset) -> Regulation {
    let builtin = ruleset.layers.iter().rev().find_map(|l| match &l.origin {
        crate::ruleset::Origin::Builtin(name) => Some(name.as_str()),
        crate::ruleset::Origin::Disk { .. } => None,
    });
    match builtin {
        Some("major") => Regulation::Major,
        Some("basic") => Regulation::Basic,
        _ => Regulation::Pro,
    }
}

pub(crate) fn run(cmd: TeamCommand) -> CmdResult {
    match cmd {
        TeamCommand::Check { team, ruleset } => {
            let ruleset = Ruleset::load(&ruleset)?;
            let regulation = regulation_of(&ruleset);
            let loaded = load_team(&team)?;
            let problems = check_team(&loaded, regulation);
            if problems.has_errors() {
                return Err(Failure::Input(problems));
            }
            print(&format!(
                "ok: {} ({} players) satisfies {regulation} ({})\n",
                loaded.name,
                loaded.players.len(),
                ruleset.name
            ))
        }
    }
}
