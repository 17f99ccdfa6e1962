//! `bod rules show|check|diff`: the effective rules of a ruleset with their
//! sources and layers, validation of a ruleset file (and of the game it
//! sets up), and rule-by-rule comparison of two rulesets.

use clap::Subcommand;

use super::{CmdResult, print};
use crate::engine::GameRules;
use crate::ruleset::{Ruleset, diff, render};

#[derive(Debug, Subcommand)]
pub(crate) enum RulesCommand {
    /// Print every effective rule: key, layer, source, value or hook.
    Show {
        /// A built-in ruleset (basic, pro, faq, major) or a path to a ruleset file or folder.
        ruleset: String,
        /// Set an option for the game, as NAME=VALUE (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
    /// Check a ruleset file and its whole `extends` chain, and that a game
    /// can be set up under it (with the options given); print every problem.
    Check {
        /// A built-in ruleset or a path to a ruleset file or folder.
        ruleset: String,
        /// Set an option for the game, as NAME=VALUE (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
    /// Compare two rulesets rule by rule: added, removed, changed, with sources.
    Diff {
        /// The first ruleset (name or path).
        a: String,
        /// The second ruleset (name or path).
        b: String,
    },
}

pub(crate) fn run(cmd: RulesCommand) -> CmdResult {
    match cmd {
        RulesCommand::Show { ruleset, set } => {
            let ruleset = Ruleset::load(&ruleset)?;
            let values = ruleset.option_values(&set)?;
            print(&render::show(&ruleset, &values))
        }
        RulesCommand::Check { ruleset: arg, set } => {
            let ruleset = Ruleset::load(&arg)?;
            // The checks `play` and `sim` make as they set a game up: rules
            // that load but contradict each other, or no game could end.
            let values = ruleset.option_values(&set)?;
            GameRules::new(&ruleset, &values)?;
            print(&format!(
                "ok: {} ({} rules, {} options, layers {})\n",
                arg,
                ruleset.rules.len(),
                ruleset.options.len(),
                ruleset
                    .layers
                    .iter()
                    .map(|l| l.name.as_str())
                    .collect::<Vec<_>>()
                    .join(" <- ")
            ))
        }
        RulesCommand::Diff { a, b } => {
            let (ra, rb) = (Ruleset::load(&a), Ruleset::load(&b));
            let (ra, rb) = match (ra, rb) {
                (Ok(x), Ok(y)) => (x, y),
                (Err(mut e1), Err(e2)) => {
                    e1.extend(e2);
                    return Err(e1.into());
                }
                (Err(e), _) | (_, Err(e)) => return Err(e.into()),
            };
            let differences = diff::diff(&ra, &rb);
            print(&diff::render(&ra, &rb, &differences))
        }
    }
}
