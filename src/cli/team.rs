//! `bod team check`: a team file's shape, and the roster and lineup rules of
//! a resolved ruleset (its `roster.check` and `lineup.check` hooks), under
//! the game's option values.

use clap::Subcommand;

use super::{CmdResult, Failure, print};
use crate::ruleset::Ruleset;
use crate::team::{check_team, load_team};

#[derive(Debug, Subcommand)]
pub(crate) enum TeamCommand {
    /// Check a team file against a ruleset; print every problem.
    Check {
        /// A shipped team (falchi, corsari) or a path to a team file.
        team: String,
        /// The ruleset whose roster and lineup rules apply (name or path).
        #[arg(long, default_value = "pro")]
        ruleset: String,
        /// Set an option of the game, e.g. `--set dh=false` (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
}

pub(crate) fn run(cmd: TeamCommand) -> CmdResult {
    match cmd {
        TeamCommand::Check { team, ruleset, set } => {
            let ruleset = Ruleset::load(&ruleset)?;
            let options = ruleset.option_values(&set)?;
            let loaded = load_team(&team)?;
            let problems = check_team(&loaded, &ruleset, &options);
            if problems.has_errors() {
                return Err(Failure::Input(problems));
            }
            let title = ruleset.title.as_deref().unwrap_or(&ruleset.name);
            print(&format!(
                "ok: {} ({} players) satisfies {title} ({})\n",
                loaded.name,
                loaded.players.len(),
                ruleset.name
            ))
        }
    }
}
