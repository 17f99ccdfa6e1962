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
    bod(&["rules", "show", "pro", "--set", "inings=3"]).fails_with(1, "did you mean `innings`?");
    bod(&["rules", "diff", "pro", "nowhere.yaml"]).fails_with(1, "nowhere.yaml");
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
