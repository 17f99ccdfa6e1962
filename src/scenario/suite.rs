//! Scenario files on disk: reading one, loading the ruleset and field it
//! names (paths are relative to the scenario file; each ruleset and field
//! is loaded once per suite), checking the clauses it cites, running it,
//! and running every file under a folder into a `Summary` with one line per
//! file, the diffs of the failures, and `N passed, M failed`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::builtin;
use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};
use crate::engine::{Engine, GameRules, Players};
use crate::field::{Field, load_field};
use crate::ruleset::Ruleset;
use crate::ruleset::catalogue::Catalogue;
use crate::team::{Team, load_team};

use super::drive::{self, Run};
use super::expect::{self, Mismatch};
use super::model::{At, Scenario, Val};
use super::{parse, report, setup};

/// Loads rulesets and fields once for many scenarios.
#[derive(Default)]
pub struct Loader {
    /// The ruleset every scenario is played under instead of its own
    /// (`Loader::under`): a built-in name or a path from the working
    /// folder.
    instead: Option<String>,
    rulesets: HashMap<String, Rc<Ruleset>>,
    rules: HashMap<(String, Vec<String>), Rc<GameRules>>,
    fields: HashMap<String, Rc<Field>>,
    teams: HashMap<String, Rc<Team>>,
}

/// A scenario with the rules and field it is played under.
pub struct Prepared {
    /// The scenario.
    pub scenario: Scenario,
    /// Its rules.
    pub rules: Rc<GameRules>,
    /// Its field.
    pub field: Rc<Field>,
    /// The players of the teams it names, if it names them.
    pub players: Option<Rc<Players>>,
}

impl Prepared {
    /// The engine to play it on (with the teams' players, if any).
    pub fn engine(&self) -> Engine<'_> {
        let engine = Engine::new(&self.rules, &self.field);
        match &self.players {
            Some(p) => engine.with_players(p),
            None => engine,
        }
    }
}

/// A scenario played and checked.
pub struct Checked {
    /// What was played.
    pub prepared: Prepared,
    /// The run.
    pub run: Run,
    /// How it differs from what the scenario expects (empty: it passes).
    pub mismatches: Vec<Mismatch>,
}

impl Checked {
    /// Whether everything expected happened.
    pub fn passed(&self) -> bool {
        self.mismatches.is_empty()
    }

    /// The run, readably, and the differences if any.
    pub fn render(&self) -> String {
        let s = &self.prepared.scenario;
        let mut out = report::run(s, &self.prepared.engine(), &self.run);
        out.push('\n');
        if self.passed() {
            out.push_str("expectations: all met\n");
        } else {
            out.push_str("expectations: not met\n");
            out.push_str(&report::mismatches(s, &self.mismatches));
        }
        out
    }
}

/// Reads a scenario file.
pub fn load(path: &Path) -> Result<Scenario, Diagnostics> {
    let name = path.display().to_string().replace('\\', "/");
    let text = std::fs::read_to_string(path).map_err(|e| {
        Diagnostics::from(Diagnostic::error(format!(
            "cannot read the scenario file `{name}`: {e}"
        )))
    })?;
    parse::parse(&SourceFile::new(name, text))
}

impl Loader {
    /// A loader that plays every scenario under `ruleset` (a built-in
    /// name or a path) instead of the ruleset it names, with the options
    /// it sets: which pinned rulings another ruleset moves.
    pub fn under(ruleset: &str) -> Self {
        Self {
            instead: Some(ruleset.to_string()),
            ..Self::default()
        }
    }

    /// Loads the rules and field a scenario names and checks what it cites.
    pub fn prepare(&mut self, scenario: Scenario) -> Result<Prepared, Diagnostics> {
        let mut problems = Diagnostics::default();
        let dir = Path::new(&scenario.file.name)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let ruleset = self.ruleset(&scenario, &dir);
        let field = self.field(&scenario, &dir);
        let players = self.players(&scenario, &dir);
        let rules = match &ruleset {
            Ok(r) => self.rules(&scenario, r),
            Err(_) => Err(Diagnostics::default()),
        };
        for result in [
            ruleset.as_ref().err(),
            field.as_ref().err(),
            rules.as_ref().err(),
            players.as_ref().err(),
        ]
        .into_iter()
        .flatten()
        {
            problems.extend(result.clone());
        }
        if let Ok(r) = &ruleset {
            check_clauses(&scenario, r, &mut problems);
        }
        match (rules, field, players) {
            (Ok(rules), Ok(field), Ok(players)) if problems.is_empty() => Ok(Prepared {
                scenario,
                rules,
                field,
                players,
            }),
            _ => Err(problems),
        }
    }

    fn ruleset(&mut self, s: &Scenario, dir: &Path) -> Result<Rc<Ruleset>, Diagnostics> {
        let arg = match &self.instead {
            Some(instead) => instead.clone(),
            None => relative(
                &s.ruleset.value,
                dir,
                builtin::looks_like_path(&s.ruleset.value),
            ),
        };
        if let Some(r) = self.rulesets.get(&arg) {
            return Ok(Rc::clone(r));
        }
        let r = Rc::new(Ruleset::load(&arg).map_err(|d| pointed(d, s, s.ruleset.span))?);
        self.rulesets.insert(arg, Rc::clone(&r));
        Ok(r)
    }

    fn rules(&mut self, s: &Scenario, ruleset: &Rc<Ruleset>) -> Result<Rc<GameRules>, Diagnostics> {
        let settings: Vec<String> = s.set.iter().map(|a| a.value.clone()).collect();
        let key = (
            ruleset
                .layers
                .last()
                .map(|l| l.file.name.clone())
                .unwrap_or_default(),
            settings,
        );
        if let Some(r) = self.rules.get(&key) {
            return Ok(Rc::clone(r));
        }
        let mut problems = Diagnostics::default();
        for setting in &s.set {
            if let Err(d) = ruleset.option_values(std::slice::from_ref(&setting.value)) {
                problems.extend(pointed(d, s, setting.span));
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let values = ruleset.option_values(&key.1)?;
        let rules = Rc::new(GameRules::new(ruleset, &values)?);
        self.rules.insert(key, Rc::clone(&rules));
        Ok(rules)
    }

    fn field(&mut self, s: &Scenario, dir: &Path) -> Result<Rc<Field>, Diagnostics> {
        let v = &s.field.value;
        let arg = relative(v, dir, v.contains(['/', '\\']) || v.ends_with(".field"));
        if let Some(f) = self.fields.get(&arg) {
            return Ok(Rc::clone(f));
        }
        let f = Rc::new(load_field(&arg).map_err(|d| pointed(d, s, s.field.span))?);
        self.fields.insert(arg, Rc::clone(&f));
        Ok(f)
    }

    /// The players of the teams a scenario names: each team loaded once
    /// per suite, problems pointed at the team's name in the scenario.
    fn players(&mut self, s: &Scenario, dir: &Path) -> Result<Option<Rc<Players>>, Diagnostics> {
        let Some(teams) = &s.teams else {
            return Ok(None);
        };
        let mut problems = Diagnostics::default();
        let mut load = |name: &At<String>| {
            let v = &name.value;
            let is_path = v.contains(['/', '\\'])
                || v.ends_with(".yaml")
                || v.ends_with(".yml")
                || v.starts_with('.');
            let arg = relative(v, dir, is_path);
            if let Some(t) = self.teams.get(&arg) {
                return Some(Rc::clone(t));
            }
            match load_team(&arg) {
                Ok(t) => {
                    let t = Rc::new(t);
                    self.teams.insert(arg, Rc::clone(&t));
                    Some(t)
                }
                Err(d) => {
                    problems.extend(pointed(d, s, name.span));
                    None
                }
            }
        };
        let (home, away) = (load(&teams.home), load(&teams.away));
        let (Some(home), Some(away)) = (home, away) else {
            return Err(problems);
        };
        Players::new(&home, &away)
            .map(|p| Some(Rc::new(p)))
            .map_err(|d| pointed(d.into(), s, teams.home.span))
    }

    /// Reads, prepares, sets up, plays and checks one file.
    pub fn check_file(&mut self, path: &Path) -> Result<Checked, Diagnostics> {
        let scenario = load(path)?;
        self.check(scenario)
    }

    /// Prepares, sets up, plays and checks one scenario.
    pub fn check(&mut self, scenario: Scenario) -> Result<Checked, Diagnostics> {
        let prepared = self.prepare(scenario)?;
        let engine = prepared.engine();
        let (state, events) = setup::build(&prepared.scenario, &engine)?;
        let run = drive::play(&prepared.scenario, &engine, state, events);
        let mismatches = expect::check(&prepared.scenario, &engine, &run);
        Ok(Checked {
            prepared,
            run,
            mismatches,
        })
    }
}

/// A path written in a scenario is relative to the scenario's folder.
fn relative(arg: &str, dir: &Path, is_path: bool) -> String {
    if is_path && Path::new(arg).is_relative() {
        dir.join(arg).display().to_string().replace('\\', "/")
    } else {
        arg.to_string()
    }
}

/// Problems of loading something the scenario names: those with no place
/// of their own point at the name in the scenario.
fn pointed(problems: Diagnostics, s: &Scenario, span: Span) -> Diagnostics {
    let mut out = Diagnostics::default();
    for mut d in problems {
        if d.location.is_none() || d.location.as_ref().is_some_and(|l| l.file.name == "--set") {
            let label = d.location.as_ref().and_then(|l| l.label.clone());
            d = Diagnostic {
                location: None,
                ..d
            }
            .at(&s.file, span);
            if let Some(l) = label {
                d = d.label(l);
            }
        }
        out.push(d);
    }
    out
}

/// Every clause a scenario names (in `pins`, `cites` and events'
/// `clause` fields) is a catalogue id, a house rule of its ruleset, or `engine`.
fn check_clauses(s: &Scenario, ruleset: &Ruleset, problems: &mut Diagnostics) {
    let catalogue = Catalogue::builtin();
    let mut known: Vec<&str> = catalogue.ids().collect();
    known.extend(ruleset.house_rules.keys().map(String::as_str));
    known.extend(ruleset.rules.values().map(|r| r.source.as_str()));
    known.push("engine");
    let mut named: Vec<At<String>> = s.pins.clone();
    named.extend(s.expect.cites.iter().cloned());
    for p in s.expect.events.iter().chain(&s.expect.absent) {
        for (n, v) in &p.fields {
            if let (&"clause", Val::Word(id)) = (n, v) {
                named.push(At::new(id.clone(), p.span));
            }
        }
    }
    for id in named {
        if !known.contains(&id.value.as_str()) {
            problems.push(
                Diagnostic::error(format!("`{}` is not a clause of the catalogue", id.value))
                    .at(&s.file, id.span)
                    .suggest(&id.value, known.iter().copied())
                    .hint("clause ids are listed in rulesets/catalogue.yaml; `bod rules show` prints the clause of every rule"),
            );
        }
    }
}

/// How one file of a suite went.
pub enum Outcome {
    /// It passed.
    Passed,
    /// It failed: the diff.
    Failed(String),
    /// It failed, as its `known_failure` says it does.
    Known {
        /// Why, per the scenario.
        why: String,
        /// The diff.
        diff: String,
    },
    /// It has a `known_failure` but passes now.
    Fixed(String),
    /// It could not be read or set up.
    Broken(Diagnostics),
}

/// The result of running a folder of scenarios.
pub struct Summary {
    /// Each file and its outcome, in path order.
    pub files: Vec<(String, String, Outcome)>,
}

impl Summary {
    /// Files that passed (fixed known failures included).
    pub fn passed(&self) -> usize {
        self.files
            .iter()
            .filter(|(_, _, o)| matches!(o, Outcome::Passed | Outcome::Fixed(_)))
            .count()
    }

    /// Files that failed or could not be run.
    pub fn failed(&self) -> usize {
        self.files
            .iter()
            .filter(|(_, _, o)| matches!(o, Outcome::Failed(_) | Outcome::Broken(_)))
            .count()
    }

    /// Known failures.
    pub fn known(&self) -> usize {
        self.files
            .iter()
            .filter(|(_, _, o)| matches!(o, Outcome::Known { .. }))
            .count()
    }

    /// Whether the suite passes (known failures do not fail it).
    pub fn ok(&self) -> bool {
        self.failed() == 0
    }

    /// One line per file, the failures' diffs, and the count line.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for (path, title, outcome) in &self.files {
            let (tag, detail) = match outcome {
                Outcome::Passed => ("ok   ", None),
                Outcome::Failed(diff) => ("FAIL ", Some(diff.clone())),
                Outcome::Known { why, diff } => {
                    ("known", Some(format!("  known failure: {why}\n{diff}")))
                }
                Outcome::Fixed(why) => (
                    "fixed",
                    Some(format!(
                        "  passes now, though marked `known_failure: {why}`: remove the mark\n"
                    )),
                ),
                Outcome::Broken(d) => ("ERROR", Some(indent(&d.render_plain()))),
            };
            out.push_str(&format!("{tag} {path}: {title}\n"));
            if let Some(d) = detail {
                out.push_str(&d);
            }
        }
        out.push_str(&format!(
            "{} passed, {} failed",
            self.passed(),
            self.failed()
        ));
        if self.known() > 0 {
            out.push_str(&format!("; {} known failures", self.known()));
        }
        out.push('\n');
        out
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}").trim_end().to_string() + "\n")
        .collect()
}

/// The scenario files under a path: the file itself, or every `.yaml` /
/// `.yml` under a folder, recursively, in path order.
pub fn scenario_files(path: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let mut dirs = vec![path.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| {
            Diagnostic::error(format!("cannot read the folder `{}`: {e}", dir.display()))
        })?;
        for entry in entries.flatten() {
            let p = entry.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Runs every scenario file under `path` (a folder or one file).
pub fn test_dir(path: impl AsRef<Path>) -> Result<Summary, Diagnostic> {
    test_dir_with(path, Loader::default())
}

/// `test_dir`, each scenario loaded by `loader` (`Loader::under` plays
/// them all under one ruleset).
pub fn test_dir_with(path: impl AsRef<Path>, mut loader: Loader) -> Result<Summary, Diagnostic> {
    let files = scenario_files(path.as_ref())?;
    let mut summary = Summary { files: Vec::new() };
    for file in files {
        let name = file.display().to_string().replace('\\', "/");
        let (title, outcome) = match loader.check_file(&file) {
            Err(d) => (String::from("(not run)"), Outcome::Broken(d)),
            Ok(checked) => {
                let s = &checked.prepared.scenario;
                let title = s.title.clone();
                let outcome = match (&s.known_failure, checked.passed()) {
                    (None, true) => Outcome::Passed,
                    (None, false) => Outcome::Failed(report::mismatches(s, &checked.mismatches)),
                    (Some(why), true) => Outcome::Fixed(why.clone()),
                    (Some(why), false) => Outcome::Known {
                        why: why.clone(),
                        diff: report::mismatches(s, &checked.mismatches),
                    },
                };
                (title, outcome)
            }
        };
        summary.files.push((name, title, outcome));
    }
    Ok(summary)
}
