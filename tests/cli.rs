//! The `bod` binary end to end: every command on shipped and broken inputs,
//! checked for exit code and output, through one small builder.

mod common;

use common::bod;

#[test]
fn main_job_plays_a_basic_game_on_the_classic_field() {
    let ran = bod(&[]).succeeds_with("Classic Park");
    assert!(ran.stdout.contains("\nFinal: "));
}

#[test]
fn rules_show_check_and_diff() {
    bod(&["rules", "show", "major"]).succeeds_with("offense.collision");
    bod(&["rules", "show", "pro", "--set", "innings=7"]).succeeds_with("7 (set; default 9)");
    bod(&[
        "rules",
        "check",
        "tests/data/rulesets/house/seven-innings.yaml",
    ])
    .succeeds_with("layers basic <- pro <- seven-innings");
    bod(&["rules", "diff", "pro", "faq"]).succeeds_with("0 added, 0 removed, 13 changed");
}

#[test]
fn rules_errors_are_reported_with_position_and_exit_1() {
    bod(&["rules", "show", "majr"]).fails_with(1, "did you mean `major`?");
    bod(&[
        "rules",
        "check",
        "tests/data/rulesets/broken/unknown-rule-key.yaml",
    ])
    .fails_with(1, "tests/data/rulesets/broken/unknown-rule-key.yaml:4:3");
    let ran = bod(&[
        "rules",
        "check",
        "tests/data/rulesets/broken/many-problems.yaml",
    ])
    .fails_with(1, "4 errors");
    assert!(ran.stderr.contains('^'), "a caret under the spot");
    // Rules that load but could not set a game up fail the check too.
    bod(&[
        "rules",
        "check",
        "tests/data/rulesets/unplayable/forced-draw-past-the-hand.yaml",
    ])
    .fails_with(
        1,
        "tests/data/rulesets/unplayable/forced-draw-past-the-hand.yaml:9:12",
    );
    bod(&["rules", "check", "pro", "--set", "innings=3"]).succeeds_with("ok: pro");
    bod(&["rules", "check", "pro", "--set", "innings=0"]).fails_with(1, "innings");
    bod(&[
        "rules",
        "check",
        "pro",
        "--set",
        "innings=3",
        "--set",
        "innings=5",
    ])
    .fails_with(1, "option `innings` is set twice");
    bod(&["rules", "show", "pro", "--set", "inings=3"]).fails_with(1, "did you mean `innings`?");
    bod(&["rules", "diff", "pro", "nowhere.yaml"]).fails_with(1, "nowhere.yaml");
}

/// A rule script that fails in the middle of a game stops it with the
/// script's own report: the hook, its function, the file, the position
/// and a caret under it, once (not one report nested in another), and
/// the game it stopped.
#[test]
fn a_failing_rule_script_stops_the_game_with_the_hook_file_and_position() {
    const FAILING: &str = "tests/data/rulesets/failing";
    let frame = "╭─[tests/data/rulesets/failing/distance.rhai:3:15]";
    let hook = "hook `hit.distance` (function `failing_distance` in tests/data/rulesets/failing/distance.rhai)";
    for (args, stopped) in [
        (
            vec!["play", "--ruleset", FAILING, "--seed", "4"],
            "the game (seed 4, game 0) stopped here",
        ),
        (
            vec!["sim", "--ruleset", FAILING, "--games", "3", "--seed", "2"],
            "game 0 of seed 2 stopped here",
        ),
        (
            vec!["sim", "--baseline", FAILING, "--games", "3", "--seed", "2"],
            "game 0 of seed 2 under the baseline (tests/data/rulesets/failing) stopped here",
        ),
    ] {
        let ran = bod(&args).fails_with(1, frame);
        for needle in [
            hook,
            "failed: division by zero",
            "the error was raised here",
            stopped,
        ] {
            assert!(
                ran.stderr.contains(needle),
                "{args:?}: `{needle}` not in:\n{}",
                ran.stderr
            );
        }
        assert_eq!(
            ran.stderr.matches('×').count(),
            1,
            "{args:?}: one report:\n{}",
            ran.stderr
        );
        assert_eq!(ran.stderr.matches(frame).count(), 1, "{}", ran.stderr);
    }
}

#[test]
fn field_show_svg_and_check() {
    bod(&["field", "show", "bay"]).succeeds_with("legend");
    bod(&["field", "check", "fields/harbor.field"]).succeeds_with("ok: fields/harbor.field");
    let svg = bod(&["field", "svg", "classic"]).succeeds_with("<svg");
    assert!(svg.stdout.trim_end().ends_with("</svg>"));
    bod(&["field", "show", "clasic"]).fails_with(1, "did you mean `classic`?");
    bod(&[
        "field",
        "check",
        "tests/data/fields/broken/base-not-adjacent.field",
    ])
    .fails_with(1, "tests/data/fields/broken/base-not-adjacent.field:");
}

#[test]
fn field_svg_writes_a_file() {
    let out = std::env::temp_dir().join(format!("bod-cli-test-{}.svg", std::process::id()));
    let out_arg = out.display().to_string();
    let ran = bod(&["field", "svg", "borough", "-o", &out_arg]).run();
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let written = std::fs::read_to_string(&out).expect("the svg was written");
    let _ = std::fs::remove_file(&out);
    assert!(written.starts_with("<svg") || written.starts_with("<?xml"));
}

#[test]
fn field_svg_reports_a_file_it_cannot_write() {
    let folder = std::env::temp_dir().display().to_string();
    bod(&["field", "svg", "classic", "-o", &folder])
        .fails_with(1, &format!("cannot write the SVG `{folder}`"));
}

#[test]
fn team_check_passes_the_sample_teams() {
    for team in ["falchi", "corsari"] {
        for ruleset in ["basic", "pro", "faq", "major"] {
            let ran = bod(&["team", "check", team, "--ruleset", ruleset]).run();
            assert_eq!(ran.code, 0, "{team} under {ruleset}:\n{}", ran.stderr);
        }
    }
}

#[test]
fn usage_errors_exit_2() {
    let ran = bod(&["rules", "shwo", "pro"]).run();
    assert_eq!(ran.code, 2);
    assert!(ran.stderr.contains("show"), "{}", ran.stderr);
    assert_eq!(bod(&["--help"]).run().code, 0);
}

/// A path in the system's temporary folder, unique to this test run.
fn temp_file(name: &str) -> String {
    std::env::temp_dir()
        .join(format!("bod-cli-test-{}-{name}", std::process::id()))
        .display()
        .to_string()
}

#[test]
fn team_draft_prints_every_pick_and_writes_teams_that_pass_and_play() {
    let (home, away) = (temp_file("draft-home.yaml"), temp_file("draft-away.yaml"));
    let ran = bod(&[
        "team",
        "draft",
        "--ruleset",
        "pro",
        "--seed",
        "7",
        "--drafter",
        "random,heuristic",
        "--home-out",
        &home,
        "--away-out",
        &away,
    ])
    .succeeds_with("Draft (pro.draft): 50 cards, seed 7, home random, guest heuristic");
    assert!(
        ran.stdout.contains("\n   1     1  home  "),
        "home picks first:\n{}",
        ran.stdout
    );
    assert!(
        ran.stdout.contains("\n  50    26  guest "),
        "fifty picks:\n{}",
        ran.stdout
    );
    assert!(
        ran.stdout
            .contains(&format!("wrote {home}: Home Draft (HOM)"))
    );
    for path in [&home, &away] {
        let team = bod::team::load_team(path).unwrap_or_else(|d| panic!("{}", d.render_plain()));
        assert_eq!(team.players.len(), 25);
        assert!(team.lineup.is_some());
        bod(&["team", "check", path, "--ruleset", "pro"]).succeeds_with("satisfies PRO");
    }
    bod(&[
        "play",
        "--ruleset",
        "pro",
        "--home",
        &home,
        "--away",
        &away,
        "--seed",
        "2",
    ])
    .succeeds_with("\nFinal: ");
    let _ = std::fs::remove_file(&home);
    let _ = std::fs::remove_file(&away);
}

#[test]
fn team_draft_of_one_seed_is_pinned() {
    let ran = bod(&["team", "draft", "--seed", "7", "--drafter", "random"]).succeeds();
    let again = bod(&["team", "draft", "--seed", "7", "--drafter", "random"]).succeeds();
    assert_eq!(ran.stdout, again.stdout, "a seed drafts the same teams");
    common::in_area("teams", || {
        insta::assert_snapshot!("draft_pro_seed_7_random", ran.stdout);
    });
}

#[test]
fn team_split_takes_the_better_half_or_the_one_asked_for() {
    bod(&["team", "split", "--ruleset", "pro"])
        .succeeds_with("(the home manager's choice: the better lineup, worth");
    let home = temp_file("split-home.yaml");
    let ran = bod(&[
        "team",
        "split",
        "--home-takes",
        "second",
        "--set",
        "dh=false",
        "--home-out",
        &home,
    ])
    .succeeds_with("home takes cards 26-50, guest cards 1-25 (as asked)");
    assert!(
        ran.stdout.contains("starting lineup without a DH"),
        "{}",
        ran.stdout
    );
    let team = bod::team::load_team(&home).unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let _ = std::fs::remove_file(&home);
    assert_eq!(team.name, "Portolungo Corsari");
    assert!(team.players.iter().all(|c| c.number > 25));
}

#[test]
fn team_draft_and_split_errors_are_diagnostics_with_hints() {
    bod(&["team", "draft", "--seed", "seven"]).fails_with(1, "`--seed seven` is not a seed");
    bod(&["team", "draft", "--seed", "-3"]).fails_with(1, "a seed is a whole number");
    bod(&["team", "draft", "--drafter", "randm"]).fails_with(1, "did you mean `random`?");
    bod(&["team", "draft", "--drafter", "random,random,random"]).fails_with(1, "names 3 drafters");
    bod(&["team", "draft", "--ruleset", "basic"]).fails_with(1, "try `--ruleset pro`");
    bod(&["team", "split", "--ruleset", "basic"]).fails_with(1, "plays without Player cards");
    bod(&["team", "draft", "--pool", "falchi,falchi"])
        .fails_with(1, "card numbers 1-25 are twice in Valdoro Falchi");
    bod(&["team", "split", "--pool", "corsari"])
        .fails_with(1, "the pool has no cards numbered 1-25");
    let nowhere = temp_file("no-such-folder/home.yaml");
    bod(&["team", "draft", "--home-out", &nowhere]).fails_with(1, "there is no folder");
    bod(&[
        "team",
        "draft",
        "--home-out",
        "x.yaml",
        "--away-out",
        "x.yaml",
    ])
    .fails_with(1, "both name `x.yaml`");
    assert_eq!(
        bod(&["team", "split", "--home-takes", "third"]).run().code,
        2
    );
}

#[test]
fn replay_points_at_the_spot_of_a_bad_header() {
    let log = temp_file("header.jsonl");
    bod(&["play", "--seed", "3", "--log", &log]).succeeds();
    let text = std::fs::read_to_string(&log).unwrap();
    let replay_with_header = |edit: &dyn Fn(&str) -> String| {
        let (header, rest) = text.split_once('\n').unwrap();
        std::fs::write(&log, format!("{}\n{rest}", edit(header))).unwrap();
        bod(&["replay", &log])
    };
    replay_with_header(&|h| h.replacen(",\"seed\":3", ",\"seed\":-3", 1)).fails_with(
        1,
        "not a game log header: invalid value: integer `-3`, expected u64",
    );
    let ran = replay_with_header(&|h| h.replacen("}}", "}", 1)).fails_with(1, &format!("{log}:1:"));
    assert!(
        ran.stderr.contains('^') || ran.stderr.contains('▲'),
        "{}",
        ran.stderr
    );
    replay_with_header(&|h| h.replacen("\"version\":1", "\"version\":2", 1)).fails_with(
        1,
        "the log is in version 2 of the format; this bod reads version 1",
    );
    let ran = replay_with_header(&|h| h.replacen("\"classic\"", "\"clasic\"", 1))
        .fails_with(1, "the game of this log's header cannot be set up");
    assert!(
        ran.stderr.contains(&format!("{log}:1:1"))
            && ran.stderr.contains("did you mean `classic`?"),
        "{}",
        ran.stderr
    );
    let _ = std::fs::remove_file(&log);
}
