//! Every value a built-in ruleset sets is one the engine plays: change any
//! single field of any data rule, in a layer over the regulation, and the
//! ruleset is either refused when it loads (the field takes that value
//! only, or not that value) or plays other games. A field whose other value
//! loads and plays the same games is a rule the engine silently ignores: a
//! house-rule author would change it and see nothing happen.
//!
//! Each field of each rule's value is changed in turn: a boolean to the
//! other one, an integer one up and one down, a word to each other word its
//! rule knows (read from the diagnostic that a word it does not know gets),
//! and the games compared with the regulation's own: `bod sim --json`'s
//! statistics of the same seeded games. Some fields play only in some
//! games (a shorter game, a rare play): `WITNESSES` says how to see each of
//! them play, and a witness that is no longer needed fails the test too.
//!
//! Thousands of seeded games are too many for a debug build: `cargo test`
//! checks that the witnesses name fields the regulations set, and
//! `.ci/run` plays the changes on the release program (an ignored test,
//! given the program by `BOD_BIN`).

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use bod::ruleset::{RuleBody, Ruleset};
use bod::yaml::{Node, Value};
use common::bod;

/// The built-in regulations.
const REGULATIONS: [&str; 4] = ["basic", "pro", "faq", "major"];

/// Games each change plays, unless its witness says otherwise.
const GAMES: u32 = 200;

/// How to see a field play, when the default games do not show it: a run
/// of the program whose output the field moves.
enum Witness {
    /// The seeded games of `bod sim` with these arguments too: more
    /// games, `--set` options, another agent (`--agent random` takes the
    /// choices the heuristic managers never take).
    Sim(&'static [&'static str]),
    /// Other commands (`{ruleset}` is the ruleset, `{repo}` the
    /// repository's folder): what they print, and their exit codes. The
    /// field is read there (a roster check, a draft), or shows in a game's
    /// play-by-play or log but not in its statistics.
    Commands(&'static [&'static [&'static str]]),
    /// Either value plays alike, by design: the reason, as
    /// docs/rules-notes.md gives it.
    Alike(&'static str),
}

/// Fields that need a witness: the regulations, the path (`key.field`,
/// `key[index].field`; a `*` stands for any one field name or index), and
/// the witness. A field takes the first entry that names it.
const WITNESSES: &[(&[&str], &str, Witness)] = &[
    // ------------------------------------------------------------ the game
    (
        &["basic", "pro", "faq"],
        "game.length.regulation_innings",
        Witness::Alike(
            "a game plays the `innings` option; the regulation's length counts only where a \
             shorter game plays the last innings or tires its starter by the innings it skips \
             (MAJOR)",
        ),
    ),
    (
        &["basic", "pro", "faq"],
        "game.length.shortened",
        Witness::Commands(&[&["play", "--ruleset", "{ruleset}", "--set", "innings=3"]]),
    ),
    (
        &["major"],
        "game.length.*",
        Witness::Sim(&["--set", "innings=3"]),
    ),
    (
        &["basic", "pro", "faq", "major"],
        "game.sequence.offense_must_act",
        Witness::Alike("the engine never skips a turn of the offense (rules notes, The game)"),
    ),
    // ------------------------------------------------------------ hands and cards
    (
        &["basic", "pro", "faq", "major"],
        "deck.cycle.discards_face_up",
        Witness::Commands(&[&[
            "play",
            "--ruleset",
            "{ruleset}",
            "--agent",
            "heuristic,human",
        ]]),
    ),
    (
        &["basic"],
        "deck.size.special",
        Witness::Alike("BASIC plays without the special cards of the box"),
    ),
    (
        &["basic", "pro", "faq", "major"],
        "hand.forced_draw.*",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["basic", "pro", "faq", "major"],
        "hand.limits.min",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["basic", "pro", "faq", "major"],
        "memorandum.*.discard_*.*",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["pro", "faq", "major"],
        "special.swap.when",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["pro", "faq"],
        "stamina.track.cells[*]",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["basic"],
        "pitch.response.against_immediate",
        Witness::Alike("BASIC has no special cards, so no immediate one"),
    ),
    (
        &["pro", "major"],
        "hit.foul.at_most",
        Witness::Commands(&[&[
            "play",
            "--ruleset",
            "{ruleset}",
            "--seed",
            "3",
            "--log",
            "/dev/stdout",
        ]]),
    ),
    // ------------------------------------------------------------ defense
    (
        &["basic", "pro", "faq", "major"],
        "defense.budget.first_turn",
        Witness::Alike(
            "a defense turn's first turn starts with the ball loose: nobody holds it, so the \
             chosen fielder's points are the budget under either value",
        ),
    ),
    (
        &["basic", "pro", "faq", "major"],
        "defense.positioning.pawns_per_square",
        Witness::Alike("runners stand on circles, never on squares (rules notes, section 2)"),
    ),
    (
        &["basic", "pro", "faq", "major"],
        "defense.move_with_ball.who",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["basic", "pro", "faq"],
        "defense.move_with_ball.*_square*",
        Witness::Alike("nobody moves with the ball (`who: nobody`), so no step is priced"),
    ),
    (
        &["major"],
        "defense.budget.ball_on_fielder_plays",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["basic", "pro", "faq", "major"],
        "field.let_drop.offense_runs_at_once",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["major"],
        "field.let_drop.pickup",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["basic", "pro", "faq"],
        "field.fence_leap.fielders",
        Witness::Alike(
            "infielders may not leave the diamond, and the fence is in the outfield: only \
             outfielders ever leap",
        ),
    ),
    // The heuristic managers name an outfielder for a ball at the fence,
    // and only the fielder named leaps (`defense.budget.chosen_fields`):
    // the ruling that an infielder may not leap shows it.
    (
        &["major"],
        "field.fence_leap.fielders",
        Witness::Commands(&[&[
            "scenario",
            "test",
            "--ruleset",
            "{ruleset}",
            "{repo}/tests/scenarios/major/major.3.7.4.fly--only-an-outfielder-leaps-at-the-fence.yaml",
        ]]),
    ),
    (
        &["faq"],
        "field.catch_minimum.infielder",
        Witness::Alike(
            "in the FAQ no infielder tries a catch: the diamond's balls lie on the ground, \
             infielders stay in the diamond, and a Texas fly is the outfielders'",
        ),
    ),
    (
        &["basic", "faq"],
        "ball.texas_missed_fly.fielders",
        Witness::Sim(&["--games", "5000"]),
    ),
    (
        &["major"],
        "ball.texas_missed_fly.becomes",
        Witness::Alike(
            "MAJOR's runners already stop for a ball on a Texas square (`offense.diamond_stop`), \
             whatever the missed fly becomes",
        ),
    ),
    // ------------------------------------------------------------ throws and runners
    (
        &["faq"],
        "offense.diamond_stop.lasts",
        Witness::Alike(
            "the FAQ's halfway rule (`only_if_past`) already keeps a runner on his base once \
             the ball is in the diamond, unless he is forced on, so the stop's length changes \
             nothing",
        ),
    ),
    (
        &["pro", "faq", "major"],
        "throw.cutoff.*",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["pro", "faq", "major"],
        "throw.cutoff.*[*]",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["basic"],
        "throw.short.destination_locked",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["pro"],
        "throw.short.destination_locked",
        Witness::Sim(&["--agent", "random", "--games", "500"]),
    ),
    (
        &["faq", "major"],
        "throw.short.destination_locked",
        Witness::Alike(
            "while a throw is in flight it is the defense's only action (`only_action: true`), \
             so nobody moves toward it",
        ),
    ),
    (
        &["pro"],
        "throw.in_flight.fielder_on_square_fields_it",
        Witness::Alike(
            "a short throw's ball stays with the thrower (`ball_at: thrower`), where no other \
             fielder stands",
        ),
    ),
    (
        &["basic"],
        "throw.targets.mound",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["pro", "faq", "major"],
        "throw.targets.mound",
        Witness::Alike(
            "throws go to bases, C and cutoffs only (`any_teammate: false`), and no field puts \
             one of them on the mound",
        ),
    ),
    (
        &["pro"],
        "offense.run_home.needs_clear_path",
        Witness::Sim(&["--agent", "random", "--games", "20000"]),
    ),
    (
        &["faq"],
        "offense.run_home.needs_clear_path",
        // Under the FAQ a runner short of halfway home is sent back to
        // third, so only one past halfway who stops short of the plate
        // bars the run: not seen in 100,000 games of random managers.
        Witness::Commands(&[&[
            "scenario",
            "test",
            "--ruleset",
            "{ruleset}",
            "{repo}/tests/scenarios/faq/pro.offense.diamond-stop--a-runner-halfway-home-still-bars-the-run-from-second.yaml",
        ]]),
    ),
    // ------------------------------------------------------------ players and teams
    (
        &["basic"],
        "players.roles.P.pitches.*",
        Witness::Alike("BASIC has no substitutions, so no reliever"),
    ),
    (
        &["basic"],
        "players.cards.base_box",
        Witness::Alike("BASIC uses no Player cards"),
    ),
    (
        &["major"],
        "players.roles.Ps.pitches.from_inning",
        Witness::Alike("a Ps never relieves, and only a reliever's inning is checked"),
    ),
    (
        &["pro", "faq", "major"],
        "players.roles.*.pitches.from_inning",
        Witness::Sim(&["--agent", "random"]),
    ),
    (
        &["pro", "faq", "major"],
        "players.cards.base_box",
        TEAM_COMMANDS,
    ),
    (&["pro", "faq", "major"], "roster.limits.*", TEAM_COMMANDS),
    (&["major"], "roster.limits.*[*]", TEAM_COMMANDS),
    (&["pro", "faq", "major"], "draft.*.*", TEAM_COMMANDS),
    (&["pro", "faq", "major"], "draft.*.*[*]", TEAM_COMMANDS),
];

/// The commands that read the roster, draft and lineup rules: checks of
/// the shipped teams and of two that break the rules, and both ways of
/// making teams from the box.
const TEAM_COMMANDS: Witness = Witness::Commands(&[
    &["team", "check", "--ruleset", "{ruleset}", "falchi"],
    &["team", "check", "--ruleset", "{ruleset}", "corsari"],
    &[
        "team",
        "check",
        "--ruleset",
        "{ruleset}",
        "{repo}/tests/data/teams/broken/pro-draft.yaml",
    ],
    &[
        "team",
        "check",
        "--ruleset",
        "{ruleset}",
        "{repo}/tests/data/teams/broken/major-roster.yaml",
    ],
    &["team", "draft", "--ruleset", "{ruleset}"],
    &["team", "split", "--ruleset", "{ruleset}"],
]);

/// Fields that name a thing rather than set a rule (a special card's id,
/// which its log lines and the hooks see, and its name for people to
/// read): any word loads.
const LABELS: &[&str] = &["id", "name"];

/// Whether `path` matches `pattern`, where `*` matches any run of
/// characters other than `.`, `[` and `]`.
fn matches(pattern: &str, path: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == path,
        Some((head, tail)) => {
            let Some(rest) = path.strip_prefix(head) else {
                return false;
            };
            let word = rest.find(['.', '[', ']']).unwrap_or(rest.len());
            (0..=word).any(|n| matches(tail, &rest[n..]))
        }
    }
}

/// The witness of a field, if it needs one.
/// The witness of a field, if it needs one: its entry in `WITNESSES` (the
/// first that names the field) and the witness.
fn witness(regulation: &str, path: &str) -> Option<(usize, &'static Witness)> {
    WITNESSES
        .iter()
        .position(|(regulations, pattern, _)| {
            regulations.contains(&regulation) && matches(pattern, path)
        })
        .map(|i| (i, &WITNESSES[i].2))
}

/// The runs that show whether a field plays (`{ruleset}` stands for the
/// ruleset).
fn trial(witness: Option<&Witness>) -> Vec<Vec<String>> {
    let sim = |extra: &[&str]| {
        let mut args: Vec<String> = ["sim", "--ruleset", "{ruleset}", "--seed", "1", "--json"]
            .into_iter()
            .chain(extra.iter().copied())
            .map(String::from)
            .collect();
        if !extra.contains(&"--games") {
            args.extend(["--games".to_string(), GAMES.to_string()]);
        }
        vec![args]
    };
    match witness {
        None | Some(Witness::Alike(_)) => sim(&[]),
        Some(Witness::Sim(extra)) => sim(extra),
        Some(Witness::Commands(commands)) => commands
            .iter()
            .map(|args| {
                args.iter()
                    .map(|a| a.replace("{repo}", env!("CARGO_MANIFEST_DIR")))
                    .collect()
            })
            .collect(),
    }
}

/// One step of the way into a rule's value.
#[derive(Debug, Clone)]
enum Step {
    /// A mapping's field.
    Field(String),
    /// A list's item.
    Item(usize),
}

/// A scalar of a rule's value: where it stands, and its value.
#[derive(Debug, Clone)]
struct Leaf {
    key: String,
    source: String,
    steps: Vec<Step>,
    value: Value,
}

impl Leaf {
    /// `key.field[index].field`.
    fn path(&self) -> String {
        let mut path = self.key.clone();
        for step in &self.steps {
            match step {
                Step::Field(f) => {
                    path.push('.');
                    path.push_str(f);
                }
                Step::Item(i) => path.push_str(&format!("[{i}]")),
            }
        }
        path
    }

    /// The field's own name (the last mapping key on the way).
    fn field(&self) -> Option<&str> {
        self.steps.iter().rev().find_map(|s| match s {
            Step::Field(f) => Some(f.as_str()),
            Step::Item(_) => None,
        })
    }
}

/// Every scalar of every data rule of a regulation.
fn leaves(regulation: &str) -> (Ruleset, Vec<Leaf>) {
    let ruleset = Ruleset::load(regulation).expect("a built-in ruleset loads");
    let mut out = Vec::new();
    for (key, rule) in &ruleset.rules {
        if let RuleBody::Value(node) = &rule.body {
            walk(node, &mut Vec::new(), &mut |steps, value| {
                out.push(Leaf {
                    key: key.clone(),
                    source: rule.source.clone(),
                    steps: steps.to_vec(),
                    value: value.clone(),
                })
            });
        }
    }
    (ruleset, out)
}

fn walk(node: &Node, steps: &mut Vec<Step>, each: &mut dyn FnMut(&[Step], &Value)) {
    match &node.value {
        Value::Map(entries) => {
            for (k, v) in entries {
                steps.push(Step::Field(k.as_str().unwrap_or_default().to_string()));
                walk(v, steps, each);
                steps.pop();
            }
        }
        Value::Seq(items) => {
            for (i, v) in items.iter().enumerate() {
                steps.push(Step::Item(i));
                walk(v, steps, each);
                steps.pop();
            }
        }
        Value::Null => {}
        scalar => each(steps, scalar),
    }
}

/// `node` with the scalar at `steps` replaced by `value`.
fn replaced(node: &Node, steps: &[Step], value: &Value) -> Node {
    let mut out = node.clone();
    let mut at = &mut out;
    for step in steps {
        at = match (&mut at.value, step) {
            (Value::Map(entries), Step::Field(f)) => {
                let (_, v) = entries
                    .iter_mut()
                    .find(|(k, _)| k.as_str() == Some(f))
                    .expect("a leaf's field is in its mapping");
                v
            }
            (Value::Seq(items), Step::Item(i)) => &mut items[*i],
            _ => unreachable!("a leaf's steps follow its rule's value"),
        };
    }
    at.value = value.clone();
    out
}

/// A layer over `regulation` that sets `key` to `value`.
fn probe(regulation: &str, leaf: &Leaf, node: &Node) -> String {
    format!(
        "ruleset: probe\nextends: {regulation}\nrules:\n  {}:\n    source: {}\n    value: {}\n",
        leaf.key, leaf.source, node
    )
}

/// What a run gave.
#[derive(Debug, Clone, PartialEq)]
enum Played {
    /// The program stopped with this message: a refused value, a game
    /// that cannot be played.
    Refused(String),
    /// The statistics of `bod sim`'s games.
    Stats(serde_json::Value),
    /// What other commands printed, and their exit codes.
    Output(String),
}

/// Runs the program in a scratch folder, where the probe layers are
/// written.
struct Runner {
    program: Option<PathBuf>,
    dir: PathBuf,
    baselines: BTreeMap<Vec<String>, Played>,
    runs: usize,
}

impl Runner {
    fn new() -> Runner {
        let dir = std::env::temp_dir().join(format!("bod-rules-played-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Runner {
            program: std::env::var_os("BOD_BIN").map(PathBuf::from),
            dir,
            baselines: BTreeMap::new(),
            runs: 0,
        }
    }

    /// Runs `trial` on `ruleset` (a name or a file of the scratch folder).
    fn run(&mut self, trial: &[Vec<String>], ruleset: &str) -> Played {
        let mut outputs = String::new();
        for command in trial {
            let args: Vec<String> = command
                .iter()
                .map(|a| a.replace("{ruleset}", ruleset))
                .collect();
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let mut run = bod(&args).in_dir(&self.dir);
            if let Some(program) = &self.program {
                run = run.with_program(program.clone());
            }
            self.runs += 1;
            let ran = run.run();
            if let [sim] = trial
                && sim[0] == "sim"
            {
                if ran.code != 0 {
                    return Played::Refused(ran.stderr);
                }
                let json: serde_json::Value =
                    serde_json::from_str(&ran.stdout).expect("bod sim --json prints JSON");
                return Played::Stats(json["stats"].clone());
            }
            outputs.push_str(&format!(
                "$ bod {}\n{}{}[exit {}]\n",
                args.join(" "),
                ran.stdout,
                ran.stderr,
                ran.code
            ));
        }
        // The ruleset's own name, wherever the output gives it.
        Played::Output(outputs.replace(ruleset, "{ruleset}"))
    }

    /// `trial` on the regulation itself.
    fn baseline(&mut self, trial: &[Vec<String>], regulation: &str) -> Played {
        let key: Vec<String> = trial
            .iter()
            .flatten()
            .map(|a| a.replace("{ruleset}", regulation))
            .collect();
        if let Some(played) = self.baselines.get(&key) {
            return played.clone();
        }
        let played = self.run(trial, regulation);
        assert!(
            !matches!(played, Played::Refused(_)),
            "{regulation} does not play: {played:?}"
        );
        self.baselines.insert(key, played.clone());
        played
    }

    /// `trial` on the regulation with `leaf` set to `value`.
    fn probe(
        &mut self,
        trial: &[Vec<String>],
        ruleset: &Ruleset,
        leaf: &Leaf,
        value: &Value,
    ) -> Played {
        let node = ruleset.value(&leaf.key).expect("a data rule");
        let text = probe(&ruleset.name, leaf, &replaced(node, &leaf.steps, value));
        std::fs::write(self.dir.join("probe.yaml"), text).expect("the probe is written");
        self.run(trial, "probe.yaml")
    }
}

/// The words a rule knows in place of `word`, from the hint a word it does
/// not know gets (`expected one of: a, b`: none when the refusal lists no
/// words); `None` when any word loads and plays alike.
fn other_words(
    runner: &mut Runner,
    ruleset: &Ruleset,
    leaf: &Leaf,
    word: &str,
) -> Option<Vec<String>> {
    let unknown = Value::Str("not_a_word_of_the_rules".to_string());
    let one_game = trial(Some(&Witness::Sim(&["--games", "1"])));
    match runner.probe(&one_game, ruleset, leaf, &unknown) {
        Played::Refused(message) => {
            let list = message
                .lines()
                .find_map(|l| l.split_once("expected one of: ").map(|(_, list)| list));
            Some(
                list.into_iter()
                    .flat_map(|list| list.split(", "))
                    .map(|w| w.trim().to_string())
                    .filter(|w| w != word)
                    .collect(),
            )
        }
        _ => None,
    }
}

/// The other values `leaf` could take (`Err` for a field that takes any
/// word and is not a name).
fn changes(runner: &mut Runner, ruleset: &Ruleset, leaf: &Leaf) -> Result<Vec<Value>, String> {
    match &leaf.value {
        Value::Bool(b) => Ok(vec![Value::Bool(!b)]),
        Value::Int(i) => Ok(vec![Value::Int(i + 1), Value::Int(i - 1)]),
        Value::Str(_) if leaf.field().is_some_and(|f| LABELS.contains(&f)) => Ok(Vec::new()),
        Value::Str(word) => match other_words(runner, ruleset, leaf, word) {
            Some(words) => Ok(words.into_iter().map(Value::Str).collect()),
            None => Err(format!(
                "{}: any word loads, and it is not a name (LABELS)",
                leaf.path()
            )),
        },
        other => panic!("{}: a rule value holds {}", leaf.path(), other.kind()),
    }
}

#[test]
fn the_witnesses_name_fields_the_regulations_set() {
    let paths: BTreeSet<(String, String)> = REGULATIONS
        .iter()
        .flat_map(|r| {
            let (_, leaves) = leaves(r);
            leaves.into_iter().map(|l| (r.to_string(), l.path()))
        })
        .collect();
    for (regulations, pattern, witness) in WITNESSES {
        if let Witness::Alike(reason) = witness {
            assert!(!reason.is_empty(), "`{pattern}` plays alike: say why");
        }
        for regulation in *regulations {
            assert!(
                paths
                    .iter()
                    .any(|(r, path)| r == regulation && matches(pattern, path)),
                "WITNESSES names `{pattern}` of {regulation}, which it does not set"
            );
        }
    }
}

#[test]
fn a_star_matches_one_name_or_index() {
    assert!(matches("players.roles.*.fields", "players.roles.CF.fields"));
    assert!(matches(
        "draft.split.first_team[*]",
        "draft.split.first_team[12]"
    ));
    assert!(!matches(
        "players.roles.*.fields",
        "players.roles.CF.pitches.fields"
    ));
    assert!(!matches("roster.*", "roster.limits.max_dh"));
    assert!(matches("roster.limits.*", "roster.limits.max_dh"));
}

/// What the changes of a field did under a trial.
struct Verdict {
    /// The changes that load and run as the regulation does, where that
    /// means the engine does not play them: every other word or boolean
    /// must run differently (each is another way to play); of an integer's
    /// two neighbours, one at least must.
    unplayed: Vec<Value>,
    /// How many changes loaded (the others were refused).
    loaded: usize,
}

/// Runs each change of `leaf` under `trial`.
fn verdict(
    runner: &mut Runner,
    trial: &[Vec<String>],
    ruleset: &Ruleset,
    leaf: &Leaf,
    values: &[Value],
) -> Verdict {
    let baseline = runner.baseline(trial, &ruleset.name);
    let mut alike = Vec::new();
    let mut shown = false;
    let mut loaded = 0;
    for value in values {
        match runner.probe(trial, ruleset, leaf, value) {
            Played::Refused(_) => continue,
            played if played == baseline => alike.push(value.clone()),
            _ => shown = true,
        }
        loaded += 1;
    }
    let unplayed = match leaf.value {
        Value::Int(_) if shown => Vec::new(),
        _ => alike,
    };
    Verdict { unplayed, loaded }
}

#[test]
#[ignore = "plays thousands of games: .ci/run runs it on the release program (BOD_BIN)"]
fn every_value_a_ruleset_sets_is_played_or_refused() {
    let mut runner = Runner::new();
    let mut problems = Vec::new();
    let mut changes_tried = 0;
    let mut needed = vec![false; WITNESSES.len()];
    let shown = |v: &Value| {
        Node {
            span: Default::default(),
            value: v.clone(),
        }
        .to_string()
    };
    for regulation in REGULATIONS {
        let (ruleset, leaves) = leaves(regulation);
        for leaf in &leaves {
            let path = leaf.path();
            let values = match changes(&mut runner, &ruleset, leaf) {
                Ok(values) => values,
                Err(problem) => {
                    problems.push(format!("{regulation} {problem}"));
                    continue;
                }
            };
            changes_tried += values.len();
            let (entry, witness) = witness(regulation, &path).unzip();
            let seen = verdict(&mut runner, &trial(witness), &ruleset, leaf, &values);
            let alike_by_design = matches!(witness, Some(Witness::Alike(_)));
            if alike_by_design {
                if seen.loaded > 0 && seen.unplayed.is_empty() {
                    problems.push(format!(
                        "{regulation} {path}: said to play alike (WITNESSES), but its values \
                         play differently"
                    ));
                }
            } else {
                problems.extend(seen.unplayed.iter().map(|value| {
                    format!(
                        "{regulation} {path}: {} loads and runs as {} does ({})",
                        shown(value),
                        shown(&leaf.value),
                        trial(witness)
                            .iter()
                            .map(|c| c.join(" "))
                            .collect::<Vec<_>>()
                            .join("; ")
                    )
                }));
            }
            // Does the field need its witness: do the default games miss
            // it?
            if let Some(entry) = entry
                && !needed[entry]
                && !alike_by_design
                && seen.loaded > 0
                && !verdict(&mut runner, &trial(None), &ruleset, leaf, &values)
                    .unplayed
                    .is_empty()
            {
                needed[entry] = true;
            }
        }
    }
    for (i, (regulations, pattern, witness)) in WITNESSES.iter().enumerate() {
        if !needed[i] && !matches!(witness, Witness::Alike(_)) {
            problems.push(format!(
                "WITNESSES: the default games show every field `{pattern}` names in {}: its \
                 witness is no longer needed",
                regulations.join(", ")
            ));
        }
    }
    eprintln!(
        "{changes_tried} changes tried, {} runs of the program",
        runner.runs
    );
    let _ = std::fs::remove_dir_all(&runner.dir);
    assert!(
        problems.is_empty(),
        "rule values the engine does not play:\n{}",
        problems.join("\n")
    );
}
