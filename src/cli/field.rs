//! `bod field show|svg|check`: draw a field in the terminal, write it as an
//! SVG picture, or check a field file.

use std::path::PathBuf;

use clap::Subcommand;

use super::{CmdResult, Failure, print, write_svg};
use crate::diagnostic::Diagnostics;
use crate::field::{self, check_field, field_source, load_field};

#[derive(Debug, Subcommand)]
pub(crate) enum FieldCommand {
    /// Draw a field in the terminal: kinds, bases, mound, modifiers, fences.
    Show {
        /// A built-in field (classic, harbor, borough, bay) or a path to a .field file.
        field: String,
    },
    /// Write an SVG picture of a field.
    Svg {
        /// A built-in field or a path to a .field file.
        field: String,
        /// Where to write the SVG (`-` for standard output).
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
    /// Check a field file and print every problem (warnings included).
    Check {
        /// A built-in field or a path to a .field file.
        field: String,
    },
}

pub(crate) fn run(cmd: FieldCommand) -> CmdResult {
    match cmd {
        FieldCommand::Show { field } => print(&field::render_text(&load_field(&field)?)),
        FieldCommand::Svg { field, output } => {
            write_svg(&output, &field::render_svg(&load_field(&field)?))
        }
        FieldCommand::Check { field } => {
            let file = field_source(&field)?;
            let (checked, problems) = check_field(&file);
            match checked {
                Some(f) if !problems.has_errors() => {
                    if !problems.is_empty() {
                        eprint!("{}", super::render_for_terminal(&problems));
                    }
                    print(&format!(
                        "ok: {} ({}, {} squares, {} warnings)\n",
                        file.name,
                        f.name(),
                        f.squares().len(),
                        problems.len()
                    ))
                }
                _ => Err(Failure::Input(Diagnostics(problems.0))),
            }
        }
    }
}
