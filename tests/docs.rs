//! The documents' examples, run: every `text` block of README.md and
//! docs/*.md that opens with a `$ bod ...` line is played again, and the
//! program must print what the block shows, so that no example drifts
//! from the program it documents.
//!
//! The command lines of the documents' `sh` blocks are not run (some
//! simulate thousands of games), but each must still parse as the command
//! line of `bod`: no documented subcommand or option may be renamed away.
//!
//! The README's table of the regulations side by side must be what
//! `bod sim` plays. Its 40,000 games are too many for a debug build:
//! `cargo test` checks the table's rows, and `.ci/run` checks its figures
//! on the release program (an ignored test, given the program by
//! `BOD_BIN`).
//!
//! The conventions a `text` block follows:
//! - each `$ bod ARGS` line is a command, and the lines after it, up to
//!   the next `$` line, are what it prints (standard output, then standard
//!   error; `> /dev/null` at the end of the line drops the output);
//! - a line `...` stands for any number of lines: the timing of a
//!   simulation, the middle of a long listing;
//! - a `yaml` block whose first line is `# PATH.yaml` is the file of that
//!   name, which the document's commands may read: every such block is
//!   written to a scratch folder, where the commands run;
//! - the repository's `tests/` folder is there too, so a command may name
//!   a file under it as it would from the repository's root.

mod common;

use bod::cli::Cli;
use clap::Parser;
use common::{bod, relative};
use std::path::{Path, PathBuf};

/// A fenced block of a document.
struct Block {
    /// What follows the opening fence (`text`, `yaml`, `sh`...).
    lang: String,
    /// The line of the opening fence, from 1.
    line: usize,
    /// The lines between the fences.
    lines: Vec<String>,
}

/// The fenced blocks of a Markdown text.
fn blocks(text: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(lang)) => {
                open = Some(Block {
                    lang: lang.trim().to_string(),
                    line: i + 1,
                    lines: Vec::new(),
                })
            }
            (Some(_), Some(_)) => found.extend(open.take()),
            (Some(block), None) => block.lines.push(line.to_string()),
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a fenced block is never closed");
    found
}

/// One command of an example and what the document says it prints.
struct Example {
    /// Where the command stands: `README.md:239`.
    at: String,
    /// Its arguments, after `bod`.
    args: Vec<String>,
    /// Whether its standard output is dropped (`> /dev/null`).
    quiet: bool,
    /// What it prints, `...` for any lines.
    prints: Vec<String>,
}

/// The commands of a `text` block that opens with `$ bod`, in order.
fn examples(doc: &str, block: &Block) -> Vec<Example> {
    let mut found: Vec<Example> = Vec::new();
    for (i, line) in block.lines.iter().enumerate() {
        let at = format!("{doc}:{}", block.line + 1 + i);
        if let Some(command) = line.strip_prefix("$ ") {
            assert!(
                !command.contains(['"', '\'', '|', '<']),
                "{at}: the examples' commands are plain words; this test runs no shell"
            );
            let (command, quiet) = match command.trim_end().strip_suffix("> /dev/null") {
                Some(rest) => (rest, true),
                None => (command, false),
            };
            let mut words = command.split_whitespace().map(str::to_string);
            assert_eq!(
                words.next().as_deref(),
                Some("bod"),
                "{at}: not a bod command"
            );
            found.push(Example {
                at,
                args: words.collect(),
                quiet,
                prints: Vec::new(),
            });
        } else {
            found
                .last_mut()
                .unwrap_or_else(|| panic!("{at}: output before any command"))
                .prints
                .push(line.clone());
        }
    }
    found
}

/// Whether `lines` are what `pattern` shows, `...` matching any number of
/// lines. Trailing spaces do not count.
fn shows(pattern: &[String], lines: &[&str]) -> bool {
    match pattern.split_first() {
        None => lines.is_empty(),
        Some((dots, rest)) if dots.trim() == "..." => {
            (0..=lines.len()).any(|skip| shows(rest, &lines[skip..]))
        }
        Some((first, rest)) => lines.split_first().is_some_and(|(line, others)| {
            first.trim_end() == line.trim_end() && shows(rest, others)
        }),
    }
}

/// Runs an example's command in `dir`: what it printed, standard output
/// (unless dropped) then standard error, without trailing blank lines.
fn run(example: &Example, dir: &Path) -> String {
    let args: Vec<&str> = example.args.iter().map(String::as_str).collect();
    let ran = bod(&args).in_dir(dir).run();
    let mut printed = if example.quiet {
        String::new()
    } else {
        ran.stdout
    };
    printed.push_str(&ran.stderr);
    printed.trim_end().to_string()
}

/// Makes the folder `from` reachable as `to`, by a symbolic link.
fn reach(from: &Path, to: &Path) {
    #[cfg(unix)]
    let linked = std::os::unix::fs::symlink(from, to);
    #[cfg(windows)]
    let linked = std::os::windows::fs::symlink_dir(from, to);
    linked.expect("a link to the folder");
}

/// The documents with examples: README.md and docs/*.md.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is there")
        .map(|entry| entry.expect("docs/ lists").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    docs.insert(0, root.join("README.md"));
    docs
}

/// Checks one document's examples: how many commands it ran.
fn check(doc: &Path) -> usize {
    let name = relative(doc);
    let text = std::fs::read_to_string(doc).expect("the document reads");
    let blocks = blocks(&text);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("docs")
        .join(name.replace(['/', '.'], "_"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    reach(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests"),
        &dir.join("tests"),
    );
    for block in blocks.iter().filter(|b| b.lang == "yaml") {
        let Some(path) = block.lines.first().and_then(|l| l.strip_prefix("# ")) else {
            continue;
        };
        if path.ends_with(".yaml") && !path.contains(' ') {
            let file = dir.join(path);
            std::fs::create_dir_all(file.parent().expect("a folder")).expect("its folder");
            std::fs::write(&file, block.lines.join("\n") + "\n").expect("the file writes");
        }
    }
    let mut ran = 0;
    for block in blocks.iter().filter(|b| b.lang == "text") {
        if !block.lines.first().is_some_and(|l| l.starts_with("$ bod ")) {
            continue;
        }
        for example in examples(&name, block) {
            let printed = run(&example, &dir);
            let lines: Vec<&str> = printed.lines().collect();
            let mut want = example.prints.clone();
            while want.last().is_some_and(|l| l.trim().is_empty()) {
                want.pop();
            }
            assert!(
                shows(&want, &lines),
                "{}: `bod {}` no longer prints what the document shows\n\
                 --- the document\n{}\n--- the program\n{printed}\n",
                example.at,
                example.args.join(" "),
                want.join("\n"),
            );
            ran += 1;
        }
    }
    ran
}

#[test]
fn every_documented_command_prints_what_its_document_shows() {
    let ran: Vec<(PathBuf, usize)> = documents()
        .into_iter()
        .map(|d| (d.clone(), check(&d)))
        .collect();
    let total: usize = ran.iter().map(|(_, n)| n).sum();
    // README.md, docs/rulesets.md, docs/scenarios.md and docs/teams.md
    // hold examples: a test that found none would check nothing.
    assert!(
        total >= 9,
        "only {total} documented commands found: {ran:?}"
    );
}

/// The `bod` command lines of a document's `sh` blocks, each with where
/// it stands: its words, `bod` first, without the comment after `#`.
fn command_lines(doc: &str, text: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    for block in blocks(text).iter().filter(|b| b.lang == "sh") {
        for (i, line) in block.lines.iter().enumerate() {
            let line = line.split(" #").next().unwrap_or_default().trim();
            let Some(args) = line
                .strip_prefix("./target/release/bod ")
                .or_else(|| line.strip_prefix("bod "))
            else {
                continue;
            };
            let at = format!("{doc}:{}", block.line + 1 + i);
            assert!(
                !args.contains(['"', '\'', '|', '<', '>', '$']),
                "{at}: the documented command lines are plain words"
            );
            let words = std::iter::once("bod").chain(args.split_whitespace());
            found.push((at, words.map(str::to_string).collect()));
        }
    }
    found
}

#[test]
fn every_command_line_the_documents_show_parses() {
    let mut parsed = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).expect("the document reads");
        for (at, words) in command_lines(&relative(&doc), &text) {
            if let Err(e) = Cli::try_parse_from(&words) {
                panic!(
                    "{at}: `{}` is not a bod command line:\n{e}",
                    words.join(" ")
                );
            }
            parsed += 1;
        }
    }
    // README.md, docs/notation.md and docs/rulesets.md show command lines.
    assert!(parsed >= 15, "only {parsed} documented command lines found");
}

#[test]
fn a_renamed_option_does_not_parse() {
    let lines = command_lines(
        "example.md",
        "```sh\nbod sim --games 10 --seeds 1   # a typo\n```\n",
    );
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].1, ["bod", "sim", "--games", "10", "--seeds", "1"]);
    assert!(Cli::try_parse_from(&lines[0].1).is_err());
}

#[test]
fn dots_stand_for_any_lines_and_nothing_else_does() {
    let pattern = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(shows(&pattern(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(shows(&pattern(&["a", "..."]), &["a"]));
    assert!(shows(&pattern(&["a  "]), &["a"]));
    assert!(!shows(&pattern(&["a", "...", "d"]), &["a", "b", "c"]));
    assert!(!shows(&pattern(&["a", "b"]), &["a", "b", "c"]));
    assert!(!shows(&pattern(&["a", "x"]), &["a", "b"]));
}

// The README's table of the regulations side by side.

/// The regulations of the README's table, in its column order.
const REGULATIONS: [&str; 4] = ["basic", "pro", "faq", "major"];

/// docs/notation.md's example of a log's header is the header `bod play
/// --seed 7 --log` writes: the same keys in the same order, and the
/// digests of the shipped files as they are, so it cannot drift from the
/// program (or the rulesets) it documents.
#[test]
fn the_log_header_of_the_notation_is_what_bod_play_writes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/notation.md")).expect("it reads");
    let shown = doc
        .lines()
        .find(|l| l.starts_with("{\"format\":\"bod-game-log\""))
        .expect("docs/notation.md shows a log's header");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs-header");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let log = dir.join("seed-7.jsonl");
    let log_arg = log.display().to_string();
    bod(&["play", "--seed", "7", "--log", &log_arg]).succeeds();
    let written = std::fs::read_to_string(&log).expect("the log reads");
    let header = written.lines().next().unwrap_or_default();
    assert_eq!(
        shown, header,
        "docs/notation.md's example header is not what `bod play --seed 7 --log` writes"
    );
}

/// The README's section that holds the table.
const TABLE_SECTION: &str = "### The regulations side by side";

/// How the table's first line starts.
const TABLE_HEAD: &str = "| per game |";

/// The README's table of the regulations: its lines, the header first.
fn readme_table() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("README.md")).expect("README.md reads");
    let table: Vec<String> = text
        .lines()
        .skip_while(|l| *l != TABLE_SECTION)
        .skip_while(|l| !l.starts_with(TABLE_HEAD))
        .take_while(|l| l.starts_with('|'))
        .map(str::to_string)
        .collect();
    assert!(
        table.len() > 2,
        "README.md's `{TABLE_SECTION}` has no `{TABLE_HEAD}` table"
    );
    table
}

/// The table as `bod sim --ruleset R --games N --seed 1 --json` gives it
/// for each regulation, written as the README writes it: runs with the
/// half-width of their 95% interval, counts to two decimals, pitches and
/// plate appearances to one, shares as percentages.
fn regulations_table(games: u64) -> Vec<String> {
    let stats: Vec<serde_json::Value> = REGULATIONS
        .iter()
        .map(|r| {
            let games = games.to_string();
            let mut run = bod(&[
                "sim",
                "--ruleset",
                r,
                "--games",
                &games,
                "--seed",
                "1",
                "--json",
            ]);
            if let Some(program) = std::env::var_os("BOD_BIN") {
                run = run.with_program(PathBuf::from(program));
            }
            let out = run.succeeds();
            let json: serde_json::Value =
                serde_json::from_str(&out.stdout).expect("bod sim --json prints JSON");
            json["stats"].clone()
        })
        .collect();
    let number = |s: &serde_json::Value, key: &str| {
        s[key]["mean"]
            .as_f64()
            .unwrap_or_else(|| panic!("no mean of `{key}`"))
    };
    let row = |label: &str, cell: &dyn Fn(&serde_json::Value) -> String| {
        let cells: Vec<String> = stats.iter().map(cell).collect();
        format!("| {label} | {} |", cells.join(" | "))
    };
    let mut table = vec![
        format!("{TABLE_HEAD} {} |", REGULATIONS.join(" | ")),
        format!("| --- |{}", " --- |".repeat(REGULATIONS.len())),
    ];
    table.push(row("runs", &|s| {
        let ci = &s["runs"]["ci95"];
        let bound = |i: usize| ci[i].as_f64().expect("an interval of runs");
        let half = (bound(1) - bound(0)) / 2.0;
        format!("{:.2} ± {half:.2}", number(s, "runs"))
    }));
    for (label, key) in [
        ("hits", "hits"),
        ("home runs", "home_runs"),
        ("strikeouts", "strikeouts"),
        ("walks", "walks"),
    ] {
        table.push(row(label, &|s| format!("{:.2}", number(s, key))));
    }
    for (label, key) in [
        ("pitches", "pitches"),
        ("plate appearances", "plate_appearances"),
    ] {
        table.push(row(label, &|s| format!("{:.1}", number(s, key))));
    }
    for (label, key) in [
        ("home win share", "home_win"),
        ("extra-inning share", "extra_innings"),
    ] {
        table.push(row(label, &|s| {
            let share = s[key]["share"]
                .as_f64()
                .unwrap_or_else(|| panic!("no share of `{key}`"));
            format!("{:.1}%", 100.0 * share)
        }));
    }
    table
}

#[test]
fn the_regulations_table_has_the_rows_bod_sim_reports() {
    let label = |l: &String| l.split('|').nth(1).unwrap_or_default().trim().to_string();
    let shown: Vec<String> = readme_table().iter().map(label).collect();
    let made: Vec<String> = regulations_table(4).iter().map(label).collect();
    assert_eq!(
        shown, made,
        "README.md's table of the regulations has other rows"
    );
}

#[test]
#[ignore = "plays 40,000 games: .ci/run runs it on the release program (BOD_BIN)"]
fn the_regulations_table_is_what_the_program_plays() {
    let shown = readme_table();
    let made = regulations_table(10_000);
    assert!(
        shown == made,
        "README.md's table of the regulations (\"The regulations side by side\") \
         is not what the program plays; the program's:\n{}\n",
        made.join("\n")
    );
}
