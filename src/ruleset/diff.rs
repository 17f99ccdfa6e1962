//! Rule-by-rule comparison of two resolved rulesets (`bod rules diff A B`):
//! which rules and options one adds, removes or changes, with the sources
//! and layers on both sides. A hook counts as changed when its function or
//! the text of its script differs.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::render::{describe_body, with_space};
use super::{Rule, RuleBody, Ruleset};

/// How a rule or option differs between two rulesets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Only in the second.
    Added,
    /// Only in the first.
    Removed,
    /// In both, different.
    Changed,
}

/// One difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// `rule` or `option`.
    pub kind: &'static str,
    /// The rule key or option name.
    pub key: String,
    /// Added, removed or changed.
    pub change: Change,
    /// The first ruleset's side: (source, layer, what).
    pub before: Option<(String, String, String)>,
    /// The second ruleset's side.
    pub after: Option<(String, String, String)>,
}

fn script_text<'a>(ruleset: &'a Ruleset, rule: &Rule) -> Option<&'a str> {
    let RuleBody::Hook(hook) = &rule.body else {
        return None;
    };
    ruleset.scripts[rule.layer].text(&hook.script)
}

fn same_rule(a: &Ruleset, ra: &Rule, b: &Ruleset, rb: &Rule) -> bool {
    if ra.source != rb.source {
        return false;
    }
    match (&ra.body, &rb.body) {
        (RuleBody::Value(x), RuleBody::Value(y)) => x.same_data(y),
        (RuleBody::Hook(x), RuleBody::Hook(y)) => {
            x.function == y.function && script_text(a, ra) == script_text(b, rb)
        }
        _ => false,
    }
}

/// Every difference from `a` to `b`, rules first, each in key order.
pub fn diff(a: &Ruleset, b: &Ruleset) -> Vec<Difference> {
    let mut out = Vec::new();
    let side = |r: &Ruleset, rule: &Rule| {
        (
            rule.source.clone(),
            r.layer_of(rule).name.clone(),
            describe_body(rule, 8),
        )
    };
    let keys: BTreeSet<&String> = a.rules.keys().chain(b.rules.keys()).collect();
    for key in keys {
        let (before, after) = (a.rules.get(key), b.rules.get(key));
        let change = match (before, after) {
            (Some(x), Some(y)) if same_rule(a, x, b, y) => continue,
            (Some(_), Some(_)) => Change::Changed,
            (Some(_), None) => Change::Removed,
            (None, Some(_)) => Change::Added,
            (None, None) => continue,
        };
        out.push(Difference {
            kind: "rule",
            key: key.clone(),
            change,
            before: before.map(|r| side(a, r)),
            after: after.map(|r| side(b, r)),
        });
    }
    let names: BTreeSet<&String> = a.options.keys().chain(b.options.keys()).collect();
    for name in names {
        let (before, after) = (a.options.get(name), b.options.get(name));
        let describe = |o: &super::OptionSpec| {
            (
                o.source.clone(),
                o.layer.clone(),
                format!("{} = {}", o.ty, o.default),
            )
        };
        let change = match (before, after) {
            (Some(x), Some(y))
                if x.ty == y.ty && x.default == y.default && x.source == y.source =>
            {
                continue;
            }
            (Some(_), Some(_)) => Change::Changed,
            (Some(_), None) => Change::Removed,
            (None, Some(_)) => Change::Added,
            (None, None) => continue,
        };
        out.push(Difference {
            kind: "option",
            key: name.clone(),
            change,
            before: before.map(describe),
            after: after.map(describe),
        });
    }
    out
}

/// The differences as `bod rules diff` prints them.
pub fn render(a: &Ruleset, b: &Ruleset, differences: &[Difference]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "--- {}\n+++ {}", a.name, b.name);
    if differences.is_empty() {
        let _ = writeln!(out, "no differences");
        return out;
    }
    for d in differences {
        let mark = match d.change {
            Change::Added => '+',
            Change::Removed => '-',
            Change::Changed => '~',
        };
        let _ = writeln!(out, "{mark} {} {}", d.kind, d.key);
        if let Some((source, layer, what)) = &d.before {
            let _ = writeln!(out, "    - [{layer}] {source}:{}", with_space(what));
        }
        if let Some((source, layer, what)) = &d.after {
            let _ = writeln!(out, "    + [{layer}] {source}:{}", with_space(what));
        }
    }
    let count = |c: Change| differences.iter().filter(|d| d.change == c).count();
    let _ = writeln!(
        out,
        "{} added, {} removed, {} changed",
        count(Change::Added),
        count(Change::Removed),
        count(Change::Changed)
    );
    out
}
