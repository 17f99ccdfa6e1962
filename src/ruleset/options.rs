//! Typed per-game options a ruleset declares (`innings`, `dh`,
//! `special_cards`, ...) and the values a user sets for one game with
//! `--set key=value`. A wrong name, type or range is a diagnostic whose caret
//! points into the `--set` text itself.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};

/// The type of an option.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OptionType {
    /// A whole number, optionally bounded (both ends inclusive).
    Int {
        /// Smallest allowed value.
        min: Option<i64>,
        /// Largest allowed value.
        max: Option<i64>,
    },
    /// `true` or `false`.
    Bool,
    /// One of a fixed list of words.
    Choice(Vec<String>),
}

impl fmt::Display for OptionType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionType::Int { min, max } => match (min, max) {
                (Some(a), Some(b)) => write!(f, "int {a}..{b}"),
                (Some(a), None) => write!(f, "int >= {a}"),
                (None, Some(b)) => write!(f, "int <= {b}"),
                (None, None) => f.write_str("int"),
            },
            OptionType::Bool => f.write_str("bool"),
            OptionType::Choice(c) => write!(f, "one of {}", c.join("|")),
        }
    }
}

/// A value of an option.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum OptionValue {
    /// An `int` option's value.
    Int(i64),
    /// A `bool` option's value.
    Bool(bool),
    /// A `choice` option's value.
    Choice(String),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Choice(s) => f.write_str(s),
        }
    }
}

impl OptionType {
    /// Checks a value against the type; the error says what was expected.
    pub fn check(&self, value: &OptionValue) -> Result<(), String> {
        match (self, value) {
            (OptionType::Int { min, max }, OptionValue::Int(i)) => {
                if min.is_some_and(|m| *i < m) || max.is_some_and(|m| *i > m) {
                    Err(format!("{i} is out of range: expected {self}"))
                } else {
                    Ok(())
                }
            }
            (OptionType::Bool, OptionValue::Bool(_)) => Ok(()),
            (OptionType::Choice(c), OptionValue::Choice(s)) if c.contains(s) => Ok(()),
            (OptionType::Choice(c), OptionValue::Choice(s)) => Err(format!(
                "`{s}` is not a choice: expected one of {}",
                c.join(", ")
            )),
            _ => Err(format!("expected {self}, found `{value}`")),
        }
    }

    /// Parses a value typed on the command line.
    pub fn parse(&self, text: &str) -> Result<OptionValue, String> {
        let value = match self {
            OptionType::Int { .. } => text
                .trim()
                .parse::<i64>()
                .map(OptionValue::Int)
                .map_err(|_| format!("expected a whole number ({self}), found `{text}`"))?,
            OptionType::Bool => match text.trim() {
                "true" | "yes" | "on" => OptionValue::Bool(true),
                "false" | "no" | "off" => OptionValue::Bool(false),
                _ => return Err(format!("expected true or false, found `{text}`")),
            },
            OptionType::Choice(_) => OptionValue::Choice(text.trim().to_string()),
        };
        self.check(&value)?;
        Ok(value)
    }
}

/// An option a ruleset declares, as resolved over its layers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    /// Its name, as used with `--set`.
    pub name: String,
    /// Its type.
    #[serde(rename = "type")]
    pub ty: OptionType,
    /// The value when the user sets nothing.
    pub default: OptionValue,
    /// The clause (or house rule) it comes from.
    pub source: String,
    /// One line of help.
    pub doc: Option<String>,
    /// The name of the layer that last set it.
    pub layer: String,
}

/// The option values of one game: every declared option, set or default.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct OptionValues(pub BTreeMap<String, OptionValue>);

impl OptionValues {
    /// An integer option's value.
    pub fn int(&self, name: &str) -> Option<i64> {
        match self.0.get(name)? {
            OptionValue::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// A boolean option's value.
    pub fn bool(&self, name: &str) -> Option<bool> {
        match self.0.get(name)? {
            OptionValue::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// A choice option's value.
    pub fn choice(&self, name: &str) -> Option<&str> {
        match self.0.get(name)? {
            OptionValue::Choice(s) => Some(s),
            _ => None,
        }
    }
}

/// Applies `key=value` settings over the defaults. Every bad setting is
/// reported, an option set twice too (which value was meant is not for
/// the engine to guess); each diagnostic points into its own setting's
/// text, named after the command-line flag that gave it (`flag`, such as
/// `--set`).
pub fn apply_settings(
    specs: &BTreeMap<String, OptionSpec>,
    flag: &str,
    settings: &[String],
) -> Result<OptionValues, Diagnostics> {
    let mut values = OptionValues(
        specs
            .iter()
            .map(|(name, spec)| (name.clone(), spec.default.clone()))
            .collect(),
    );
    let mut problems = Diagnostics::default();
    // Each option's first setting, to name it when the option comes again.
    let mut first: BTreeMap<&str, &str> = BTreeMap::new();
    for setting in settings {
        let file: Arc<SourceFile> = SourceFile::new(flag, setting.clone());
        let Some((name, text)) = setting.split_once('=') else {
            problems.push(
                Diagnostic::error(format!("`{flag} {setting}` has no `=`"))
                    .at(&file, Span::new(0, setting.len()))
                    .hint(format!(
                        "write `{flag} name=value`, e.g. `{flag} innings=7`"
                    )),
            );
            continue;
        };
        let name_span = Span::new(0, name.len());
        let value_span = Span::new(name.len() + 1, setting.len());
        let Some(spec) = specs.get(name.trim()) else {
            let d = Diagnostic::error(format!("this ruleset has no option `{}`", name.trim()))
                .at(&file, name_span)
                .suggest(name.trim(), specs.keys().map(String::as_str))
                .hint(format!(
                    "its options are: {}",
                    specs.keys().cloned().collect::<Vec<_>>().join(", ")
                ));
            problems.push(d);
            continue;
        };
        if let Some(earlier) = first.get(spec.name.as_str()) {
            problems.push(
                Diagnostic::error(format!("option `{}` is set twice", spec.name))
                    .at(&file, name_span)
                    .label("set again here")
                    .hint(format!(
                        "it was set first by `{flag} {earlier}`: give each option once"
                    )),
            );
            continue;
        }
        first.insert(&spec.name, setting);
        match spec.ty.parse(text) {
            Ok(v) => {
                values.0.insert(spec.name.clone(), v);
            }
            Err(message) => {
                let mut d = Diagnostic::error(format!("bad value for option `{}`", spec.name))
                    .at(&file, value_span)
                    .label(message);
                if let OptionType::Choice(choices) = &spec.ty {
                    d = d.suggest(text.trim(), choices.iter().map(String::as_str));
                }
                problems.push(d);
            }
        }
    }
    if problems.is_empty() {
        Ok(values)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs() -> BTreeMap<String, OptionSpec> {
        let mk = |name: &str, ty, default| OptionSpec {
            name: name.to_string(),
            ty,
            default,
            source: "core.sequence".to_string(),
            doc: None,
            layer: "t".to_string(),
        };
        [
            mk(
                "innings",
                OptionType::Int {
                    min: Some(1),
                    max: Some(99),
                },
                OptionValue::Int(9),
            ),
            mk("dh", OptionType::Bool, OptionValue::Bool(true)),
        ]
        .into_iter()
        .map(|s| (s.name.clone(), s))
        .collect()
    }

    #[test]
    fn defaults_and_settings() {
        let v = apply_settings(&specs(), "--set", &["innings=3".to_string()]).unwrap();
        assert_eq!(v.int("innings"), Some(3));
        assert_eq!(v.bool("dh"), Some(true));
    }

    #[test]
    fn every_bad_setting_is_reported() {
        let errs = apply_settings(
            &specs(),
            "--set",
            &[
                "inings=3".to_string(),
                "dh=maybe".to_string(),
                "innings=0".to_string(),
                "x".to_string(),
            ],
        )
        .unwrap_err();
        assert_eq!(errs.len(), 4);
        assert!(
            errs.0[0]
                .hints
                .iter()
                .any(|h| h.contains("did you mean `innings`"))
        );
        assert_eq!(errs.0[1].position().unwrap(), "--set:1:4");
    }

    #[test]
    fn an_option_set_twice_is_an_error_naming_both_settings() {
        let errs = apply_settings(
            &specs(),
            "--set",
            &[
                "innings=7".to_string(),
                "dh=false".to_string(),
                " innings=3".to_string(),
            ],
        )
        .unwrap_err();
        assert_eq!(errs.len(), 1);
        let d = &errs.0[0];
        assert!(
            d.message.contains("`innings` is set twice"),
            "{}",
            d.message
        );
        assert_eq!(d.position().unwrap(), "--set:1:1");
        assert!(
            d.hints.iter().any(|h| h.contains("`--set innings=7`")),
            "{:?}",
            d.hints
        );
    }
}
