//! Rulesets: the resolved rule tables of the built-in rulesets, the diffs
//! between them, layering of house rules with provenance, catalogue
//! coverage, and the rendered errors of a corpus of broken ruleset files
//! and of rulesets that load but cannot be played.

mod common;

use std::collections::BTreeSet;

use bod::engine::GameRules;
use bod::ruleset::{RuleBody, Ruleset, catalogue::Catalogue, diff, render};

const BUILTINS: [&str; 4] = ["basic", "pro", "faq", "major"];

fn load(arg: &str) -> Ruleset {
    Ruleset::load(arg).unwrap_or_else(|e| panic!("{arg} does not load:\n{}", e.render_plain()))
}

#[test]
fn builtin_rule_tables() {
    for name in BUILTINS {
        let ruleset = load(name);
        let shown = render::show(&ruleset, &ruleset.option_values(&[]).unwrap());
        common::in_area("rulesets", || {
            insta::assert_snapshot!(format!("show-{name}"), shown);
        });
    }
}

#[test]
fn builtin_chains_are_as_designed() {
    let chain =
        |name: &str| -> Vec<String> { load(name).layers.iter().map(|l| l.name.clone()).collect() };
    assert_eq!(chain("basic"), ["basic"]);
    assert_eq!(chain("pro"), ["basic", "pro"]);
    assert_eq!(chain("faq"), ["basic", "pro", "faq"]);
    assert_eq!(chain("major"), ["basic", "pro", "major"]);
}

#[test]
fn builtin_diffs() {
    for (a, b) in [("basic", "pro"), ("pro", "faq"), ("pro", "major")] {
        let (ra, rb) = (load(a), load(b));
        let text = diff::render(&ra, &rb, &diff::diff(&ra, &rb));
        common::in_area("rulesets", || {
            insta::assert_snapshot!(format!("diff-{a}-{b}"), text);
        });
    }
}

#[test]
fn faq_differences_all_cite_faq_clauses() {
    let (pro, faq) = (load("pro"), load("faq"));
    let differences = diff::diff(&pro, &faq);
    assert!(!differences.is_empty());
    for d in &differences {
        if let Some((source, layer, _)) = &d.after {
            assert!(source.starts_with("faq."), "{} cites {source}", d.key);
            assert_eq!(layer, "faq", "{}", d.key);
        }
    }
}

#[test]
fn a_ruleset_does_not_differ_from_itself() {
    let (a, b) = (load("major"), load("major"));
    assert!(diff::diff(&a, &b).is_empty());
}

#[test]
fn every_rule_cites_a_clause_of_its_chain_levels() {
    let catalogue = Catalogue::builtin();
    for name in BUILTINS {
        let ruleset = load(name);
        for rule in ruleset.rules.values() {
            let clause = catalogue
                .get(&rule.source)
                .unwrap_or_else(|| panic!("{name}: {} cites {}", rule.key, rule.source));
            let layer = &ruleset.layer_of(rule).name;
            assert!(
                clause.levels.iter().any(|l| l == layer),
                "{name}: rule {} set by layer {layer} cites {} of levels {:?}",
                rule.key,
                rule.source,
                clause.levels
            );
        }
    }
}

/// Every clause of a level is cited by a rule or option of that level's
/// ruleset, or listed in docs/rules-notes.md with the reason it is not.
#[test]
fn every_clause_is_a_rule_or_has_a_note() {
    let notes =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules-notes.md"))
            .expect("docs/rules-notes.md exists");
    let catalogue = Catalogue::builtin();
    let mut missing = Vec::new();
    for name in BUILTINS {
        let ruleset = load(name);
        let cited: BTreeSet<&str> = ruleset
            .rules
            .values()
            .map(|r| r.source.as_str())
            .chain(ruleset.options.values().map(|o| o.source.as_str()))
            .collect();
        for clause in catalogue
            .clauses()
            .filter(|c| c.levels.iter().any(|l| l == name))
        {
            if !cited.contains(clause.id.as_str()) && !notes.contains(&format!("`{}`", clause.id)) {
                missing.push(format!("{name}: {}", clause.id));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "clauses neither cited nor noted:\n{}",
        missing.join("\n")
    );
}

#[test]
fn house_rule_layers_over_a_builtin_with_provenance() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/rulesets/house/parent-with-new-data.yaml"
    );
    let ruleset = load(path);
    assert_eq!(ruleset.name, "parent-with-new-data");
    assert_eq!(ruleset.layers.len(), 3);
    let bonus = &ruleset.rules["house.bonus"];
    assert!(bonus.new);
    assert_eq!(bonus.source, "house.bonus");
    assert_eq!(ruleset.layer_of(bonus).name, "parent-with-new-data");
    assert!(matches!(bonus.body, RuleBody::Value(_)));
    // Rules it does not touch keep the layer that set them.
    let pro = load("pro");
    for (key, rule) in &pro.rules {
        let mine = &ruleset.rules[key];
        assert_eq!(
            ruleset.layer_of(mine).name,
            pro.layer_of(rule).name,
            "{key}"
        );
        assert_eq!(mine.source, rule.source, "{key}");
    }
}

#[test]
fn options_default_and_set() {
    let pro = load("pro");
    let values = pro.option_values(&[]).unwrap();
    assert_eq!(values.int("innings"), Some(9));
    let values = pro.option_values(&["innings=3".to_string()]).unwrap();
    assert_eq!(values.int("innings"), Some(3));
    let errs = pro
        .option_values(&["innings=three".to_string()])
        .unwrap_err();
    assert_eq!(errs.len(), 1);
}

#[test]
fn broken_rulesets() {
    common::in_area("rulesets/broken", || {
        insta::glob!("data/rulesets/broken/*.yaml", |path| {
            let arg = common::relative(path);
            let problems = match Ruleset::load(&arg) {
                Ok(_) => panic!("{arg} should not load"),
                Err(problems) => problems,
            };
            assert!(problems.has_errors());
            insta::assert_snapshot!(problems.render_plain());
        });
    });
}

/// Rulesets that load but cannot be played: the rules the engine reads
/// together refuse them, each problem at its rule.
#[test]
fn unplayable_rulesets() {
    common::in_area("rulesets/unplayable", || {
        insta::glob!("data/rulesets/unplayable/*.yaml", |path| {
            let ruleset = load(&common::relative(path));
            let options = ruleset.option_values(&[]).unwrap();
            let problems = match GameRules::new(&ruleset, &options) {
                Ok(_) => panic!("{} should not play", path.display()),
                Err(problems) => problems,
            };
            assert!(problems.has_errors());
            insta::assert_snapshot!(problems.render_plain());
        });
    });
}

#[test]
fn house_examples_of_the_docs() {
    let pro = load("pro");
    for example in ["seven-innings.yaml", "capped-distance"] {
        let path = format!("tests/data/rulesets/house/{example}");
        let house = load(&path);
        let text = diff::render(&pro, &house, &diff::diff(&pro, &house));
        common::in_area("rulesets", || {
            insta::assert_snapshot!(
                format!("diff-pro-{}", example.trim_end_matches(".yaml")),
                text
            );
        });
    }
}

#[test]
fn house_override_removal_and_option_keep_provenance() {
    let house = load("tests/data/rulesets/house/seven-innings.yaml");
    let catch = &house.rules["field.catch_minimum"];
    assert_eq!(house.layer_of(catch).name, "seven-innings");
    assert_eq!(catch.source, "house.sure-hands");
    assert_eq!(
        house.options["innings"].default,
        bod::ruleset::OptionValue::Int(7)
    );
    assert_eq!(house.options["innings"].layer, "seven-innings");
    // The option keeps the type and range its parent declared.
    assert_eq!(
        house.options["innings"].ty,
        load("pro").options["innings"].ty
    );
    assert_eq!(house.house_rules.len(), 2);

    let capped = load("tests/data/rulesets/house/capped-distance");
    assert!(
        !capped.rules.contains_key("hit.foul"),
        "removed by the house layer"
    );
    let RuleBody::Hook(hook) = &capped.rules["hit.distance"].body else {
        panic!("hit.distance is a hook")
    };
    // 2d6 = 3 + 4; batter 6 + bonus 1 - pitcher 2 = +5, capped at +2.
    let args = (3_i64, 4_i64, 6_i64, 2_i64, 1_i64, 0_i64, 0_i64, 0_i64);
    assert_eq!(hook.hook.call_as::<i64>(args).unwrap(), 9);
    // PRO's own hook is uncapped: Joe de Majo (F 4) + 1 - Rolan Raian (F 4) = +1.
    let RuleBody::Hook(pro_hook) = &load("pro").rules["hit.distance"].body else {
        panic!("hit.distance is a hook")
    };
    let joe = (3_i64, 4_i64, 4_i64, 4_i64, 1_i64, 0_i64, 0_i64, 0_i64);
    assert_eq!(pro_hook.hook.call_as::<i64>(joe).unwrap(), 8);
}
