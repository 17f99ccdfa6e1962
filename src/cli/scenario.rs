//! `bod scenario run|test`: play one scenario file and show what happens
//! (each decision, the events it caused with their rule key and clause, the
//! final state, the expectations' verdict), or check every scenario under
//! folders and report the failures as diffs with `N passed, M failed`.

use std::path::PathBuf;

use clap::Subcommand;

use super::{CmdResult, print};
use crate::diagnostic::Diagnostic;
use crate::scenario::{Loader, Mismatch, Summary, test_dir};

#[derive(Debug, Subcommand)]
pub(crate) enum ScenarioCommand {
    /// Play a scenario file and show every decision, the events that followed
    /// (with rule key and clause), the final state and the verdict.
    Run {
        /// The scenario file (YAML; see docs/scenarios.md).
        file: PathBuf,
    },
    /// Check every scenario (.yaml) under the given folders or files; exit 1
    /// if any fails. Scenarios marked `known_failure` are listed apart and do
    /// not fail the run.
    Test {
        /// Folders (searched recursively) or scenario files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

pub(crate) fn run(cmd: ScenarioCommand) -> CmdResult {
    match cmd {
        ScenarioCommand::Run { file } => {
            let checked = Loader::default().check_file(&file)?;
            print(&checked.render())?;
            let only_unwritten = checked
                .mismatches
                .iter()
                .all(|m| matches!(m, Mismatch::ExpectsNothing));
            if only_unwritten || checked.prepared.scenario.known_failure.is_some() {
                Ok(())
            } else {
                Err(Diagnostic::error("the scenario's expectations are not met").into())
            }
        }
        ScenarioCommand::Test { paths } => {
            let mut all = Summary { files: Vec::new() };
            for path in paths {
                all.files.extend(test_dir(&path)?.files);
            }
            print(&all.render())?;
            match all.failed() {
                0 => Ok(()),
                1 => Err(Diagnostic::error("1 scenario failed").into()),
                n => Err(Diagnostic::error(format!("{n} scenarios failed")).into()),
            }
        }
    }
}
