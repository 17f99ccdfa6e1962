//! Scenario files end to end: every BASIC ruling under
//! `tests/scenarios/basic/`, every PRO ruling under `tests/scenarios/pro/`,
//! every FAQ ruling under `tests/scenarios/faq/` and every MAJOR ruling
//! under `tests/scenarios/major/` holds (known failures aside), and so do
//! the scenarios of other rulesets under `tests/data/scenarios/variants/`;
//! a deliberately failing folder reports its differences as a readable
//! diff; every broken file under `tests/data/scenarios/broken/` reports the
//! diagnostics in its snapshot; the complete example of `docs/scenarios.md`
//! runs and passes; and `bod scenario` exits as it should.

mod common;

use std::path::Path;
use std::process::Command;

use bod::diagnostic::SourceFile;
use bod::ruleset::catalogue::Catalogue;
use bod::scenario::{self, Loader, Outcome};

const BASIC: &str = "tests/scenarios/basic";
const FAQ: &str = "tests/scenarios/faq";
const MAJOR: &str = "tests/scenarios/major";
const PRO: &str = "tests/scenarios/pro";

#[test]
fn basic_rulings_hold() {
    let summary = scenario::test_dir(BASIC).expect("the folder reads");
    let report = summary.render();
    assert!(summary.ok(), "{report}");
    assert!(
        summary.passed() + summary.known() >= 25,
        "too few scenarios:\n{report}"
    );
}

#[test]
fn basic_scenarios_are_named_after_the_basic_clause_they_pin() {
    check_names(BASIC, "basic", &["basic"]);
}

#[test]
fn pro_rulings_hold() {
    let summary = scenario::test_dir(PRO).expect("the folder reads");
    let report = summary.render();
    assert!(summary.ok(), "{report}");
    assert!(summary.passed() >= 24, "too few scenarios:\n{report}");
}

/// Every PRO scenario plays the `pro` ruleset, pins clauses that hold
/// under it (PRO's own, or the core's it keeps), and is named after the
/// first; at least 20 of them pin a clause of PRO's own.
#[test]
fn pro_scenarios_are_named_after_the_clause_they_pin() {
    let pinning_pro = check_names(PRO, "pro", &["pro"]);
    assert!(
        pinning_pro >= 20,
        "{pinning_pro} scenarios pin a pro.* clause"
    );
}

#[test]
fn faq_rulings_hold() {
    all_rulings_hold(FAQ, 20);
}

/// Every scenario of `dir` passes, none is a known failure, and there are
/// at least `at_least`.
fn all_rulings_hold(dir: &str, at_least: usize) {
    let summary = scenario::test_dir(dir).expect("the folder reads");
    let report = summary.render();
    assert!(summary.ok(), "{report}");
    assert_eq!(summary.known(), 0, "{report}");
    assert!(summary.passed() >= at_least, "too few scenarios:\n{report}");
}

/// Every FAQ scenario plays the `faq` ruleset, pins clauses that hold
/// under it (the FAQ's own, or PRO's and the core's it inherits), and is
/// named after the first; at least 20 of them pin an answer of the FAQ.
#[test]
fn faq_scenarios_are_named_after_the_clause_they_pin() {
    let pinning_faq = check_names(FAQ, "faq", &["faq", "pro"]);
    assert!(
        pinning_faq >= 20,
        "{pinning_faq} scenarios pin a faq.* clause"
    );
}

#[test]
fn major_rulings_hold() {
    all_rulings_hold(MAJOR, 45);
}

/// Every MAJOR scenario plays the `major` ruleset, pins clauses that hold
/// under it (MAJOR's own, or PRO's and the core's it inherits), and is
/// named after the first; at least 40 of them pin a clause of MAJOR's own.
#[test]
fn major_scenarios_are_named_after_the_clause_they_pin() {
    let pinning_major = check_names(MAJOR, "major", &["major", "pro"]);
    assert!(
        pinning_major >= 40,
        "{pinning_major} scenarios pin a major.* clause"
    );
}

/// Checks the scenarios of a folder: each plays `ruleset`, is named
/// `<first pin>--...`, pins only clauses of the catalogue whose levels
/// include one of `levels`, and checks a cited clause. Returns how many
/// pin a clause of `ruleset`'s own level (`faq.*` for `faq`).
fn check_names(folder: &str, ruleset: &str, levels: &[&str]) -> usize {
    let catalogue = Catalogue::builtin();
    let mut own = 0;
    for path in scenario::scenario_files(Path::new(folder)).unwrap() {
        let s = scenario::load(&path).unwrap_or_else(|d| panic!("{}", d.render_plain()));
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        assert_eq!(s.ruleset.value, ruleset, "{stem} plays another ruleset");
        let first = s
            .pins
            .first()
            .unwrap_or_else(|| panic!("{stem} pins no clause"));
        assert!(
            stem.starts_with(&format!("{}--", first.value)),
            "{stem} is not named after the clause it pins first, {}",
            first.value
        );
        for pin in &s.pins {
            let clause = catalogue
                .get(&pin.value)
                .unwrap_or_else(|| panic!("{stem}: {} is not a clause", pin.value));
            assert!(
                clause.levels.iter().any(|l| levels.contains(&l.as_str())),
                "{stem}: {} is not a clause of {levels:?}",
                pin.value
            );
        }
        if s.pins
            .iter()
            .any(|p| p.value.starts_with(&format!("{ruleset}.")))
        {
            own += 1;
        }
        assert!(
            !s.expect.cites.is_empty(),
            "{stem} checks no clause cited by the engine"
        );
    }
    own
}

#[test]
fn variant_rulings_hold() {
    let summary = scenario::test_dir("tests/data/scenarios/variants").unwrap();
    let report = summary.render();
    assert!(summary.ok() && summary.passed() >= 2, "{report}");
}

#[test]
fn failing_scenarios_report_a_diff() {
    let summary = scenario::test_dir("tests/data/scenarios/failing").unwrap();
    assert!(!summary.ok());
    assert_eq!(summary.known(), 1);
    assert!(
        summary
            .files
            .iter()
            .any(|(_, _, o)| matches!(o, Outcome::Fixed(_)))
    );
    common::in_area("scenarios", || {
        insta::assert_snapshot!("failing_report", summary.render());
    });
}

#[test]
fn broken_scenario() {
    common::in_area("scenarios", || {
        insta::glob!("data/scenarios/broken/*.yaml", |path| {
            let name = common::relative(path);
            let text = std::fs::read_to_string(path).unwrap();
            let problems = match scenario::parse(&SourceFile::new(name.clone(), text)) {
                Err(d) => d,
                Ok(s) => match Loader::default().check(s) {
                    Err(d) => d,
                    Ok(_) => panic!("{name} is not broken"),
                },
            };
            assert!(problems.has_errors());
            insta::assert_snapshot!(problems.render_plain());
        });
    });
}

/// The first ```yaml block of docs/scenarios.md, at its own line numbers.
fn documented_example() -> String {
    let doc = std::fs::read_to_string("docs/scenarios.md").unwrap();
    let mut out = String::new();
    let mut inside = false;
    for line in doc.lines() {
        if inside {
            if line.starts_with("```") {
                return out;
            }
            out.push_str(line);
        } else if line.trim() == "```yaml" {
            inside = true;
        }
        out.push('\n');
    }
    panic!("docs/scenarios.md has no ```yaml block");
}

#[test]
fn the_documented_example_passes() {
    let text = documented_example();
    let s = scenario::parse(&SourceFile::new("docs/scenarios.md", text))
        .unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let checked = Loader::default()
        .check(s)
        .unwrap_or_else(|d| panic!("{}", d.render_plain()));
    assert!(checked.passed(), "{}", checked.render());
}

fn bod(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bod"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("the bod binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn scenario_test_exits_one_on_failures_with_a_count() {
    let (code, stdout, stderr) = bod(&["scenario", "test", "tests/data/scenarios/failing"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains("1 passed, 7 failed; 1 known failures"),
        "{stdout}"
    );
    let (code, stdout, stderr) = bod(&["scenario", "test", BASIC]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
}

/// `--map` draws the field as the scenario starts and ends; `--svg` writes
/// the end as a picture.
#[test]
fn scenario_run_draws_the_start_and_the_end() {
    let file = "tests/scenarios/basic/basic.throw--short-throw-continues-next-turn.yaml";
    let svg = std::env::temp_dir().join(format!("bod-scenario-end-{}.svg", std::process::id()));
    let (code, stdout, stderr) = bod(&[
        "scenario",
        "run",
        "--map",
        "--svg",
        &svg.display().to_string(),
        file,
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (start, end) = stdout
        .split_once("at the end: ")
        .expect("the end is drawn after the run");
    // The batter (slot 4, as the scenario counts) at the plate and the
    // ball on the ground in centre field; at the end he is a circle up the
    // line and the shortstop holds the ball.
    assert!(
        start.starts_with("at the start: top of inning 1, 0 outs"),
        "{start}"
    );
    assert!(start.contains("path  H:4 . . . . 1B"), "{start}");
    assert!(start.contains("  9     .       .       *"), "{start}");
    assert!(end.contains("path  H 4 . . . 1B"), "{end}");
    assert!(end.contains("  4     :      6*"), "{end}");
    assert!(stdout.contains("expectations: all met"), "{stdout}");
    let picture = std::fs::read_to_string(&svg).expect("the SVG is written");
    let _ = std::fs::remove_file(&svg);
    assert!(picture.starts_with("<svg"), "{picture}");
    assert!(picture.contains("top of inning 1, 0 outs"));
    assert!(stderr.contains("wrote "), "{stderr}");
}

/// A log of a whole game under `ruleset`, written by `bod play` into a
/// temporary file: its path.
fn game_log(ruleset: &str, seed: &str) -> std::path::PathBuf {
    let log = std::env::temp_dir().join(format!(
        "bod-cut-{ruleset}-{seed}-{}.jsonl",
        std::process::id()
    ));
    let (code, _, stderr) = bod(&[
        "play",
        "--ruleset",
        ruleset,
        "--seed",
        seed,
        "--log",
        &log.display().to_string(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    log
}

/// Cut out of a log, a pitch and its play is a scenario that plays as the
/// log did: every seventh pitch of a game of each regulation, and every
/// pitch whose play reshuffled a deck (seed 7: in MAJOR's game a special
/// card swapped at a pitch empties the defense deck, met from two lines).
#[test]
fn a_cut_of_a_logged_pitch_plays_as_the_log_did() {
    use bod::engine::{Engine, Players};
    use bod::score::{Header, Replayed, replay_watching};
    let mut reshuffled = 0;
    for ruleset in ["basic", "pro", "faq", "major"] {
        let path = game_log(ruleset, "7");
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let log = SourceFile::new("game.jsonl", text.clone());
        let header = Header::read(&log).unwrap();
        let ruleset_ = bod::ruleset::Ruleset::load(&header.ruleset).unwrap();
        let options = ruleset_.option_values(&header.settings()).unwrap();
        let rules = bod::engine::GameRules::new(&ruleset_, &options).unwrap();
        let field = bod::field::load_field(&header.field).unwrap();
        let teams = [&header.home, &header.away].map(|t| bod::team::load_team(t).unwrap());
        let players = Players::new(&teams[0], &teams[1]).unwrap();
        let engine = Engine::new(&rules, &field).with_players(&players);
        let lines_of = |needle: &str| -> Vec<usize> {
            text.lines()
                .enumerate()
                .filter(|(_, l)| l.contains(needle))
                .map(|(i, _)| i + 1)
                .collect()
        };
        let pitches = lines_of("\"action\":{\"pitch\"");
        assert!(pitches.len() > 60, "{ruleset}: {} pitches", pitches.len());
        let reshuffles = lines_of("\"event\":\"reshuffled\"");
        let swaps = lines_of("\"action\":{\"swap\"");
        let (mut cuts, mut with_a_play) = (0, 0);
        let asked = pitches.iter().step_by(7).chain(&reshuffles).chain(&swaps);
        for line in asked.copied() {
            let mut cutter = scenario::Cutter::new(line);
            let replayed = replay_watching(&engine, &header, text.lines().skip(1), &mut cutter);
            assert!(
                matches!(replayed, Replayed::Reproduced { .. }),
                "{replayed:?}"
            );
            let cut = cutter.finish().expect("a game has pitches");
            assert!(
                cut.line <= line,
                "the pitch of the line asked for, or the last before it"
            );
            let inputs = scenario::CutInputs {
                log: "game.jsonl",
                ruleset,
                set: &header.settings(),
                field: &header.field,
                teams: [&header.home, &header.away],
            };
            let written = cut.text(&engine, &inputs);
            let file = SourceFile::new("cut.yaml", written.clone());
            let checked = Loader::default()
                .check(scenario::parse(&file).unwrap_or_else(|d| {
                    panic!("{ruleset} line {line}:\n{}\n{written}", d.render_plain())
                }))
                .unwrap_or_else(|d| {
                    panic!("{ruleset} line {line}:\n{}\n{written}", d.render_plain())
                });
            assert!(
                checked.passed(),
                "{ruleset} line {line} does not play as the log did:\n{}\n{written}",
                checked.render()
            );
            // A special card swapped at the pitch begins its cut, which goes
            // on to the pitch (unless the swap's ball walked the batter).
            assert!(
                written.contains("\n  - pitch: ") || written.contains("\n    - walk: "),
                "{ruleset} line {line} holds no pitch:\n{written}"
            );
            cuts += 1;
            with_a_play += usize::from(written.contains("    - play_ended:"));
            reshuffled += usize::from(written.contains("    - reshuffled:"));
        }
        assert!(
            cuts > 8 && with_a_play > 3,
            "{ruleset}: {cuts} cuts, {with_a_play} plays"
        );
    }
    assert!(reshuffled >= 2, "{reshuffled} cuts reshuffled a deck");
}

/// `bod scenario cut` writes the cut, checked, naming the log's line; a
/// log that does not replay, or none, is an error.
#[test]
fn scenario_cut_writes_a_scenario_that_passes() {
    let log = game_log("basic", "7");
    let text = std::fs::read_to_string(&log).unwrap();
    // The line of the fourth hit's dice: its pitch is a few lines before.
    let hit = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("\"purpose\":\"hit\""))
        .nth(3)
        .map(|(i, _)| i + 1)
        .expect("a game has hits");
    let out = std::env::temp_dir().join(format!("bod-cut-{}.yaml", std::process::id()));
    let (code, stdout, stderr) = bod(&[
        "scenario",
        "cut",
        &log.display().to_string(),
        "--line",
        &hit.to_string(),
        "-o",
        &out.display().to_string(),
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stderr.contains("played as the log did; wrote"), "{stderr}");
    let written = std::fs::read_to_string(&out).unwrap();
    for needle in [
        "ruleset: \"basic\"",
        "  phase: pitch\n",
        "    - rolled: {purpose: hit, dice: [",
        "    - play_ended: {batter_reached: ",
        "  score: {home: [",
    ] {
        assert!(written.contains(needle), "`{needle}` missing:\n{written}");
    }
    let (code, stdout, _) = bod(&["scenario", "test", &out.display().to_string()]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}");
    let _ = std::fs::remove_file(&out);

    // A log that does not replay: one of its dice changed.
    let dice = text
        .lines()
        .position(|l| l.starts_with("{\"by\":\"dice\",\"action\":{\"dice\""))
        .expect("a game rolls dice");
    let tampered: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == dice {
                "{\"by\":\"dice\",\"action\":{\"dice\":[9]}}".to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(&log, tampered.join("\n") + "\n").unwrap();
    let (code, _, stderr) = bod(&[
        "scenario",
        "cut",
        &log.display().to_string(),
        "--line",
        "40",
    ]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains(&format!(
            "the log does not replay: it diverges at line {}",
            dice + 1
        )),
        "{stderr}"
    );
    let _ = std::fs::remove_file(&log);
    let (code, _, stderr) = bod(&["scenario", "cut", "no-such-log.jsonl", "--line", "1"]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("cannot read the log `no-such-log.jsonl`"),
        "{stderr}"
    );
}

/// `bod scenario test --ruleset R` plays every scenario under R: the
/// failures are the pinned rulings R moves. A house rule that makes a
/// throw cost four points moves the BASIC rulings with a throw in them,
/// and those alone; BASIC itself moves none.
#[test]
fn scenario_test_under_another_ruleset_lists_the_rulings_it_moves() {
    let (code, stdout, stderr) = bod(&[
        "scenario",
        "test",
        BASIC,
        "--ruleset",
        "tests/data/rulesets/house/costly-throws.yaml",
    ]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let moved: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("FAIL"))
        .map(|l| l.split(": ").next().unwrap_or(l))
        .collect();
    assert_eq!(
        moved,
        [
            "FAIL  tests/scenarios/basic/basic.throw--short-throw-continues-next-turn.yaml",
            "FAIL  tests/scenarios/basic/core.field.orange--the-circle-counts-in-its-whole-part-of-the-field.yaml",
            "FAIL  tests/scenarios/basic/core.field.orange--the-first-throw-die-only.yaml",
            "FAIL  tests/scenarios/basic/core.out.offense-choice--batter-thrown-out-at-first.yaml",
            "FAIL  tests/scenarios/basic/core.out.offense-choice--force-out-at-second.yaml",
        ],
        "{stdout}"
    );
    assert!(
        stdout.contains("not a legal defense action now"),
        "{stdout}"
    );
    assert!(
        stdout.contains("instead of its own ruleset: a failure is a pinned ruling it moves"),
        "{stdout}"
    );
    let (code, stdout, stderr) = bod(&["scenario", "test", BASIC, "--ruleset", "basic"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
    let (code, _, stderr) = bod(&["scenario", "test", BASIC, "--ruleset", "basci"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("did you mean `basic`?"), "{stderr}");
}

#[test]
fn scenario_run_shows_events_with_rule_and_clause() {
    let file = "tests/scenarios/basic/core.cards.steal--runner-on-first-takes-second.yaml";
    let (code, stdout, stderr) = bod(&["scenario", "run", file]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("- stole: {slot: 2, from: 5, to: 10}"),
        "{stdout}"
    );
    assert!(
        stdout.contains("# pitch.steal = core.cards.steal"),
        "{stdout}"
    );
    assert!(stdout.contains("expectations: all met"), "{stdout}");
    let (code, _, stderr) = bod(&[
        "scenario",
        "run",
        "tests/data/scenarios/broken/bad-cards.yaml",
    ]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("did you mean `fastball_strike`?"),
        "{stderr}"
    );
}
