//! Text views of a resolved ruleset for people: `bod rules show` (every
//! effective rule with its value or hook, source and layer).

use std::fmt::Write;

use super::{OptionValues, Rule, RuleBody, Ruleset};
use crate::yaml::{Node, Value};

/// What a rule is: its value (see `pretty`, broken into lines at `indent`
/// when long), or its hook.
pub fn describe_body(rule: &Rule, indent: usize) -> String {
    match &rule.body {
        RuleBody::Value(node) => pretty(node, indent, 120),
        RuleBody::Hook(hook) => format!("hook {} ({})", hook.function, hook.script),
    }
}

/// The whole effective ruleset, as `bod rules show` prints it, with the
/// option values of one game (`values`; defaults where it sets nothing).
pub fn show(ruleset: &Ruleset, values: &OptionValues) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "ruleset {}{}",
        ruleset.name,
        ruleset
            .title
            .as_deref()
            .map(|t| format!(": {t}"))
            .unwrap_or_default()
    );
    let chain: Vec<&str> = ruleset.layers.iter().map(|l| l.name.as_str()).collect();
    let _ = writeln!(out, "layers (root first): {}", chain.join(" <- "));
    for layer in &ruleset.layers {
        let _ = writeln!(out, "  {:<8} {}", layer.name, layer.file.name);
    }
    if let Some(description) = &ruleset.description {
        let _ = writeln!(out);
        for line in textwrap(description.trim(), 78) {
            let _ = writeln!(out, "  {line}");
        }
    }

    let _ = writeln!(
        out,
        "\noptions ({}), set with --set name=value",
        ruleset.options.len()
    );
    let name_width = ruleset.options.keys().map(String::len).max().unwrap_or(0);
    for option in ruleset.options.values() {
        let value = match values.0.get(&option.name) {
            Some(v) if *v != option.default => format!("{v} (set; default {})", option.default),
            _ => option.default.to_string(),
        };
        let _ = writeln!(
            out,
            "  {:<name_width$}  {} = {value}   [{}] {}",
            option.name, option.ty, option.layer, option.source
        );
        if let Some(doc) = &option.doc {
            let _ = writeln!(out, "  {:<name_width$}  {doc}", "");
        }
    }

    let _ = writeln!(out, "\nrules ({})", ruleset.rules.len());
    let key_width = ruleset.rules.keys().map(String::len).max().unwrap_or(0);
    for rule in ruleset.rules.values() {
        let _ = writeln!(
            out,
            "  {:<key_width$}  [{}] {}{}",
            rule.key,
            ruleset.layer_of(rule).name,
            rule.source,
            if rule.new { " (new)" } else { "" }
        );
        let _ = writeln!(out, "      ={}", with_space(&describe_body(rule, 8)));
    }

    if !ruleset.house_rules.is_empty() {
        let _ = writeln!(out, "\nhouse rules");
        for (id, text) in &ruleset.house_rules {
            let _ = writeln!(out, "  {id}: {text}");
        }
    }
    out
}

/// A value as flow YAML when it fits in `width` columns after `indent`;
/// otherwise a mapping or list is broken into one entry per line, each
/// entry printed the same way one level deeper.
pub fn pretty(node: &Node, indent: usize, width: usize) -> String {
    let flat = node.to_string();
    if indent + flat.len() <= width {
        return flat;
    }
    let pad = " ".repeat(indent);
    match &node.value {
        Value::Map(entries) => entries
            .iter()
            .map(|(k, v)| format!("\n{pad}{k}: {}", pretty(v, indent + 2, width)))
            .collect(),
        Value::Seq(items) => items
            .iter()
            .map(|item| {
                // A broken-up item starts on the dash's own line.
                let inner = pretty(item, indent + 2, width);
                let inner = inner
                    .strip_prefix(&format!("\n{pad}  "))
                    .map_or(inner.clone(), str::to_string);
                format!("\n{pad}- {inner}")
            })
            .collect(),
        _ => flat,
    }
}

/// Splits text into lines of at most `width` characters at spaces.
pub(crate) fn textwrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `= value` for a one-line value, `=` and the block below for a broken one.
pub(crate) fn with_space(text: &str) -> String {
    if text.starts_with('\n') {
        text.to_string()
    } else {
        format!(" {text}")
    }
}
