//! The `bod` command line: parses arguments with clap, calls the library,
//! prints results and diagnostics, and picks the exit code (0 success, 1 a
//! problem in the input, 2 a usage error). `main.rs` only calls `run`.

mod field;
mod human;
mod play;
mod replay;
mod rules;
mod scenario;
mod season;
mod sim;
mod table_dice;
mod team;

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

use crate::diagnostic::{Diagnostic, Diagnostics};

/// Board of Dreams: play, referee and simulate the card-and-dice baseball
/// board game under any of its regulations.
#[derive(Debug, Parser)]
#[command(name = "bod", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Show, check and compare rulesets.
    #[command(subcommand)]
    Rules(rules::RulesCommand),
    /// Draw, render and check playing fields.
    #[command(subcommand)]
    Field(field::FieldCommand),
    /// Check team files against a regulation.
    #[command(subcommand)]
    Team(team::TeamCommand),
    /// Simulate many seeded games and report statistics with confidence intervals.
    Sim(sim::SimArgs),
    /// Play one seeded game; print its play-by-play and box score.
    Play(play::PlayArgs),
    /// Replay a JSON Lines game log and check that it reproduces exactly.
    Replay(replay::ReplayArgs),
    /// Total the standings and each player's batting and pitching over logged games.
    Season(season::SeasonArgs),
    /// Run scenario files: a situation, scripted dice and decisions, expected events.
    #[command(subcommand)]
    Scenario(scenario::ScenarioCommand),
}

/// The ruleset, field and teams of a game when none is named (`bod play`,
/// `bod sim`).
pub(crate) const DEFAULT_RULESET: &str = "basic";
pub(crate) const DEFAULT_FIELD: &str = "classic";
pub(crate) const DEFAULT_HOME: &str = "falchi";
pub(crate) const DEFAULT_AWAY: &str = "corsari";

/// What a command reports when it fails.
pub(crate) enum Failure {
    /// Problems in the user's input, each with its location.
    Input(Diagnostics),
    /// Writing the output failed.
    Io(std::io::Error),
}

impl From<Diagnostics> for Failure {
    fn from(d: Diagnostics) -> Self {
        Failure::Input(d)
    }
}

impl From<Diagnostic> for Failure {
    fn from(d: Diagnostic) -> Self {
        Failure::Input(d.into())
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::Io(e)
    }
}

pub(crate) type CmdResult = Result<(), Failure>;

/// Runs the program on its arguments; returns the exit code.
pub fn run(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let result = match cli.command {
        None => main_job(),
        Some(Command::Rules(cmd)) => rules::run(cmd),
        Some(Command::Field(cmd)) => field::run(cmd),
        Some(Command::Team(cmd)) => team::run(cmd),
        Some(Command::Sim(args)) => sim::run(args),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Replay(args)) => replay::run(args),
        Some(Command::Season(args)) => season::run(args),
        Some(Command::Scenario(cmd)) => scenario::run(cmd),
    };
    match result {
        Ok(()) => 0,
        Err(Failure::Input(problems)) => {
            eprint!("{}", render_for_terminal(&problems));
            1
        }
        Err(Failure::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(Failure::Io(e)) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// The main job on built-in defaults: what `bod` does with no command, a
/// full simulated game (`bod play` with its defaults).
fn main_job() -> CmdResult {
    play::run(play::PlayArgs::default())
}

/// Renders diagnostics, in colour when stderr is a terminal.
pub(crate) fn render_for_terminal(problems: &Diagnostics) -> String {
    let theme = crate::diagnostic::theme(
        std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    );
    let mut out = String::new();
    for d in &problems.0 {
        out.push_str(&d.render_with(theme.clone()));
        out.push('\n');
    }
    let errors = problems
        .0
        .iter()
        .filter(|d| d.severity == crate::diagnostic::Severity::Error)
        .count();
    if errors > 1 {
        out.push_str(&format!("{errors} errors\n"));
    }
    out
}

/// Writes text to stdout, treating a closed pipe as success.
pub(crate) fn print(text: &str) -> CmdResult {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// `path` (relative to the working folder) as the file at `file` is to
/// name it: relative to that file's folder when both are on one root
/// (`./` first when it would read as one bare name), absolute otherwise;
/// as given when it cannot be found.
pub(crate) fn relative_to(path: &str, file: &Path) -> String {
    let Ok(target) = std::fs::canonicalize(path) else {
        return path.to_string();
    };
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let Ok(folder) = std::fs::canonicalize(folder) else {
        return target.display().to_string();
    };
    let (t, f): (Vec<_>, Vec<_>) = (target.components().collect(), folder.components().collect());
    let common = t.iter().zip(&f).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return target.display().to_string();
    }
    let mut relative = PathBuf::new();
    for _ in common..f.len() {
        relative.push("..");
    }
    for part in &t[common..] {
        relative.push(part);
    }
    let relative = relative.display().to_string().replace('\\', "/");
    // A bare name could be taken for a shipped ruleset, field or team.
    if relative.contains('/') {
        relative
    } else {
        format!("./{relative}")
    }
}

/// What a game's ruleset, field and teams are named by.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Named {
    Ruleset,
    Field,
    Team,
}

impl Named {
    /// Whether `arg` names a file or folder on disk rather than a shipped
    /// one: each loader tries the shipped names first.
    pub(crate) fn on_disk(self, arg: &str) -> bool {
        let shipped = match self {
            Named::Ruleset => {
                !crate::builtin::looks_like_path(arg)
                    && crate::builtin::ruleset_names().contains(&arg)
            }
            Named::Field => crate::builtin::field_names().contains(&arg),
            Named::Team => {
                !crate::builtin::looks_like_path(arg) && crate::team::team_names().contains(&arg)
            }
        };
        !shipped
    }
}

/// Writes an SVG picture to `path`, or to standard output for `-`, and
/// says where it went.
pub(crate) fn write_svg(path: &std::path::Path, svg: &str) -> CmdResult {
    if path.as_os_str() == "-" {
        return print(svg);
    }
    std::fs::write(path, svg).map_err(|e| {
        crate::diagnostic::Diagnostic::error(format!(
            "cannot write the SVG `{}`: {e}",
            path.display()
        ))
        .hint("give the path of a file to write, or `-` for standard output")
    })?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// A shared buffer a terminal agent or roller writes to, read back by a
/// test (`text`).
#[cfg(test)]
#[derive(Clone, Default)]
pub(crate) struct Shown(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

#[cfg(test)]
impl Shown {
    /// Everything written so far.
    pub(crate) fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

#[cfg(test)]
impl std::io::Write for Shown {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
