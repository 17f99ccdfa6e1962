//! `bod scenario run|test`: play one scenario file and show what happens
//! (each decision, the events it caused with their rule key and clause, the
//! final state, the expectations' verdict, and on request the field with
//! the start and end positions drawn on it), or check every scenario under
//! folders and report the failures as diffs with `N passed, M failed`.

use std::path::PathBuf;

use clap::Subcommand;

use super::{CmdResult, print};
use crate::diagnostic::Diagnostic;
use crate::field::{render_svg_at, render_text_at};
use crate::scenario::{Loader, Mismatch, Summary, test_dir};

#[derive(Debug, Subcommand)]
pub(crate) enum ScenarioCommand {
    /// Play a scenario file and show every decision, the events that followed
    /// (with rule key and clause), the final state and the verdict.
    Run {
        /// The scenario file (YAML; see docs/scenarios.md).
        file: PathBuf,
        /// Also draw the field with the fielders, ball and runners where the
        /// scenario starts and where it ends.
        #[arg(long)]
        map: bool,
        /// Write an SVG picture of the field as the scenario ends (`-` for
        /// standard output).
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
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
        ScenarioCommand::Run { file, map, svg } => {
            let checked = Loader::default().check_file(&file)?;
            let field = &checked.prepared.field;
            // Slots drawn as the scenario's words count them, from 0.
            let position = |state: &crate::engine::State| crate::field::Position {
                first_slot: 0,
                ..state.position()
            };
            let (start, end) = (position(&checked.run.start), position(&checked.run.state));
            if map {
                print(&format!(
                    "at the start: {}\n",
                    render_text_at(field, &start)
                ))?;
            }
            print(&checked.render())?;
            if map {
                print(&format!("\nat the end: {}", render_text_at(field, &end)))?;
            }
            if let Some(path) = svg {
                write_svg(&path, &render_svg_at(field, &end))?;
            }
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

/// Writes an SVG picture to `path`, or to standard output for `-`.
fn write_svg(path: &std::path::Path, svg: &str) -> CmdResult {
    if path.as_os_str() == "-" {
        return print(svg);
    }
    std::fs::write(path, svg).map_err(|e| {
        Diagnostic::error(format!("cannot write the SVG `{}`: {e}", path.display()))
            .hint("give the path of a file to write, or `-` for standard output")
    })?;
    eprintln!("wrote {}", path.display());
    Ok(())
}
