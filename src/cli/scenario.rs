//! `bod scenario run|test|cut`: play one scenario file and show what
//! happens (each decision, the events it caused with their rule key and
//! clause, the final state, the expectations' verdict, and on request the
//! field with the start and end positions drawn on it), check every
//! scenario under folders (under its own ruleset, or all under another to
//! see which rulings that one moves) and report the failures as diffs with
//! `N passed, M failed`, or cut a scenario out of a game log (a pitch and the play it
//! led to), checked to play as the log did before it is written.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use super::replay::LoggedGame;
use super::{CmdResult, Failure, Named, print, relative_to, write_svg};
use crate::diagnostic::{Diagnostic, SourceFile};
use crate::field::{render_svg_at, render_text_at};
use crate::scenario::{CutInputs, Cutter, Loader, Mismatch, Summary, parse, test_dir_with};
use crate::score::{Replayed, replay_watching};

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
    /// Cut a scenario out of a game log (`bod play --log`): the pitch at a
    /// line of the log, or the last one before it, and the play it led to,
    /// with the log's dice, decisions and events; checked to play as the
    /// log did.
    Cut {
        /// The game log.
        log: PathBuf,
        /// The line of the log (as `bod replay` and editors number them).
        #[arg(long, value_name = "N")]
        line: usize,
        /// Where to write the scenario (`-` for standard output).
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
    /// Check every scenario (.yaml) under the given folders or files; exit 1
    /// if any fails. Scenarios marked `known_failure` are listed apart and do
    /// not fail the run.
    Test {
        /// Folders (searched recursively) or scenario files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Play every scenario under this ruleset (built-in or a path)
        /// instead of its own, with the options it sets: the failures are
        /// the pinned rulings it moves.
        #[arg(long, value_name = "RULESET")]
        ruleset: Option<String>,
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
        ScenarioCommand::Cut { log, line, output } => cut(&log, line, &output),
        ScenarioCommand::Test { paths, ruleset } => {
            // A ruleset that does not load is said once, not per scenario.
            if let Some(r) = &ruleset {
                crate::ruleset::Ruleset::load(r).map_err(Failure::Input)?;
            }
            let mut all = Summary { files: Vec::new() };
            for path in paths {
                let loader = match &ruleset {
                    Some(r) => Loader::under(r),
                    None => Loader::default(),
                };
                all.files.extend(test_dir_with(&path, loader)?.files);
            }
            print(&all.render())?;
            if let Some(r) = &ruleset {
                print(&format!(
                    "(every scenario played under {r} instead of its own ruleset: a failure \
                     is a pinned ruling it moves)\n"
                ))?;
            }
            match all.failed() {
                0 => Ok(()),
                1 => Err(Diagnostic::error("1 scenario failed").into()),
                n => Err(Diagnostic::error(format!("{n} scenarios failed")).into()),
            }
        }
    }
}

/// `bod scenario cut`: replays the log to the pitch at `line`, writes the
/// scenario of that pitch and its play, and checks that it plays as the
/// log did.
fn cut(log_path: &Path, line: usize, output: &Path) -> CmdResult {
    let name = log_path.display().to_string();
    let game = LoggedGame::open(&name, None)?;
    let (log, header, engine) = (&game.log, &game.header, game.engine());
    let settings = header.settings();
    let mut cutter = Cutter::new(line);
    if let Replayed::Diverged { line, .. } =
        replay_watching(&engine, header, log.text.lines().skip(1), &mut cutter)
    {
        return Err(Diagnostic::error(format!(
            "the log does not replay: it diverges at line {line}"
        ))
        .hint(format!("`bod replay {name}` shows where and how"))
        .into());
    }
    let Some(cut) = cutter.finish() else {
        return Err(Diagnostic::error(format!("the log `{name}` has no pitch to cut")).into());
    };
    // The scenario names its inputs as its own folder sees them.
    let stdout = output.as_os_str() == "-";
    let scenario_path = if stdout {
        Path::new("cut.yaml")
    } else {
        output
    };
    let named = |kind: Named, input: &str| {
        if kind.on_disk(input) {
            relative_to(input, scenario_path)
        } else {
            input.to_string()
        }
    };
    let ruleset = named(Named::Ruleset, &header.ruleset);
    let field = named(Named::Field, &header.field);
    let teams = [
        named(Named::Team, &header.home),
        named(Named::Team, &header.away),
    ];
    let inputs = CutInputs {
        log: &name,
        ruleset: &ruleset,
        set: &settings,
        field: &field,
        teams: [&teams[0], &teams[1]],
    };
    let scenario_text = cut.text(&engine, &inputs);

    // Checked before it is written: it must play as the log did.
    let file = SourceFile::new(scenario_path.display().to_string(), scenario_text.clone());
    let checked = parse(&file).and_then(|s| Loader::default().check(s));
    let verdict = match checked {
        Ok(checked) if checked.passed() => Ok(checked.run.records.len()),
        Ok(checked) => Err(crate::scenario::render_mismatches(
            &checked.prepared.scenario,
            &checked.mismatches,
        )),
        Err(problems) => Err(super::render_for_terminal(&problems)),
    };
    let steps = match verdict {
        Ok(steps) => steps,
        Err(why) => {
            return Err(Diagnostic::error(format!(
                "the scenario cut at line {} does not play as the log did:\n{why}",
                cut.line
            ))
            .hint(
                "a cut starts from the whole state before the pitch, so this is \
                 something of the game the scenario format cannot say yet; cut at \
                 another pitch, and report this one with its log",
            )
            .into());
        }
    };
    if stdout {
        print(&scenario_text)?;
    } else {
        std::fs::write(output, &scenario_text).map_err(|e| {
            Diagnostic::error(format!(
                "cannot write the scenario `{}`: {e}",
                output.display()
            ))
        })?;
    }
    eprintln!(
        "cut line {} of {name} (the pitch of line {}): {steps} steps, played as the log did{}",
        line,
        cut.line,
        if stdout {
            String::new()
        } else {
            format!("; wrote {}", output.display())
        }
    );
    Ok(())
}
