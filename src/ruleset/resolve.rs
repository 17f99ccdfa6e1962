//! `resolve`: merges the layers of an `extends` chain, root first, into one
//! `Ruleset`. Every entry is checked here: its `source:` id exists, its key
//! is one the engine knows (or is declared `new: true`), its value has the
//! key's type, its hook names a function of the layer's scripts with the
//! right number of parameters, and a removal removes something. All
//! problems of all layers are reported together.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};
use crate::yaml::{self, Node, Value};

use super::catalogue::Catalogue;
use super::load::LoadedLayer;
use super::options::{OptionSpec, OptionType, OptionValue};
use super::raw::{RawOption, RawRuleBody};
use super::schema::{self, RuleKind};
use super::scripts::LayerScripts;
use super::{Layer, Rule, RuleBody, Ruleset};

/// Merges a chain of layers (root first) into a ruleset. `problems` are
/// those already found while reading the layers: they are reported together
/// with resolve's own.
pub fn resolve(chain: Vec<LoadedLayer>, mut problems: Diagnostics) -> Result<Ruleset, Diagnostics> {
    let catalogue = Catalogue::builtin();
    let mut layers: Vec<Layer> = Vec::new();
    let mut rules: BTreeMap<String, Rule> = BTreeMap::new();
    let mut options: BTreeMap<String, OptionSpec> = BTreeMap::new();
    let mut house_rules: BTreeMap<String, String> = BTreeMap::new();
    let mut scripts: Vec<LayerScripts> = Vec::new();

    for (index, loaded) in chain.into_iter().enumerate() {
        let raw = loaded.raw;
        let file = Arc::clone(&raw.file);
        let name = raw
            .name
            .as_ref()
            .map_or_else(|| file.name.clone(), |n| n.value.clone());

        for (id, text) in &raw.house_rules {
            if catalogue.get(&id.value).is_some() {
                problems.push(
                    Diagnostic::error(format!(
                        "house-rule id `{}` is already a catalogue id",
                        id.value
                    ))
                    .at(&file, id.span)
                    .hint("give house rules ids of their own, e.g. `house.seven-innings`"),
                );
            } else {
                house_rules.insert(id.value.clone(), text.clone());
            }
        }

        let layer_scripts = match LayerScripts::compile(&loaded.origin, &file, &raw.scripts) {
            Ok(s) => s,
            Err(d) => {
                problems.extend(d);
                LayerScripts::empty()
            }
        };

        let check_source = |id: &str, span: Span, problems: &mut Diagnostics| {
            if catalogue.get(id).is_none() && !house_rules.contains_key(id) {
                problems.push(
                    Diagnostic::error(format!("`{id}` is not a catalogue id"))
                        .at(&file, span)
                        .suggest(id, catalogue.ids().chain(house_rules.keys().map(String::as_str)))
                        .hint("cite a clause of rulesets/catalogue.yaml, or declare a house-rule id under `house_rules:`"),
                );
            }
        };

        for option in &raw.options {
            if let Some(source) = &option.source {
                check_source(&source.value, source.span, &mut problems);
            }
            match merge_option(&file, &name, option, options.get(&option.name.value)) {
                Ok(spec) => {
                    options.insert(spec.name.clone(), spec);
                }
                Err(d) => problems.extend(d),
            }
        }

        for rule in raw.rules {
            let key = rule.key.value.clone();
            check_source(&rule.source.value, rule.source.span, &mut problems);
            let inherited = rules.get(&key);
            let known = schema::spec(&key);
            if known.is_none() && !rule.new && !inherited.is_some_and(|r| r.new) {
                let candidates: Vec<&str> = schema::all()
                    .iter()
                    .map(|s| s.key)
                    .chain(rules.keys().map(String::as_str))
                    .collect();
                problems.push(
                    Diagnostic::error(format!("`{key}` is not a rule the engine knows"))
                        .at(&file, rule.key.span)
                        .suggest(&key, candidates)
                        .hint(
                            "to add data of your own for your scripts, mark the entry `new: true`",
                        ),
                );
                continue;
            }
            if rule.new && known.is_some() {
                problems.push(
                    Diagnostic::error(format!("`{key}` is a rule the engine knows: it is not new"))
                        .at(&file, rule.key.span)
                        .hint("remove `new: true` to override it"),
                );
                continue;
            }
            let body = match rule.body {
                RawRuleBody::Remove(span) => {
                    if rules.remove(&key).is_none() {
                        problems.push(
                            Diagnostic::error(format!(
                                "`{key}` cannot be removed: no parent layer sets it"
                            ))
                            .at(&file, span)
                            .suggest(&key, rules.keys().map(String::as_str)),
                        );
                    }
                    continue;
                }
                RawRuleBody::Value(node) => {
                    if let Some(spec) = known {
                        match spec.kind {
                            RuleKind::Data { check } => {
                                if let Err(d) = check(&file, &node) {
                                    problems.push(d);
                                    continue;
                                }
                            }
                            RuleKind::Hook { .. } => {
                                problems.push(
                                    Diagnostic::error(format!(
                                        "`{key}` is a procedure: it takes `hook:`, not `value:`"
                                    ))
                                    .at(&file, node.span)
                                    .hint(format!(
                                        "name a function of this layer's scripts: `hook: my_{}`",
                                        key.replace('.', "_")
                                    )),
                                );
                                continue;
                            }
                        }
                    } else if let Some(parent) = inherited
                        && let RuleBody::Value(old) = &parent.body
                        && !same_shape(old, &node)
                    {
                        problems.push(
                            Diagnostic::error(format!(
                                "`{key}` was {} in layer `{}`, here it is {}",
                                old.value.kind(),
                                layers[parent.layer].name,
                                node.value.kind()
                            ))
                            .at(&file, node.span),
                        );
                        continue;
                    }
                    RuleBody::Value(node)
                }
                RawRuleBody::Hook(function) => {
                    let params = match known.map(|s| &s.kind) {
                        Some(RuleKind::Hook { params, .. }) => Some(params.len()),
                        Some(RuleKind::Data { .. }) => {
                            problems.push(
                                Diagnostic::error(format!(
                                    "`{key}` is data: it takes `value:`, not `hook:`"
                                ))
                                .at(&file, function.span),
                            );
                            continue;
                        }
                        None => None,
                    };
                    match layer_scripts.find(&file, &key, &function, params) {
                        Ok(hook) => RuleBody::Hook(hook),
                        Err(d) => {
                            problems.push(d);
                            continue;
                        }
                    }
                }
            };
            rules.insert(
                key.clone(),
                Rule {
                    key,
                    body,
                    source: rule.source.value,
                    doc: rule.doc,
                    layer: index,
                    file: Arc::clone(&file),
                    span: rule.key.span,
                    new: rule.new || inherited.is_some_and(|r| r.new),
                },
            );
        }

        layers.push(Layer {
            name,
            title: raw.title,
            description: raw.description,
            file,
            origin: loaded.origin,
        });
        scripts.push(layer_scripts);
    }

    if problems.has_errors() {
        return Err(problems);
    }
    let top = layers.last().expect("a chain has at least one layer");
    Ok(Ruleset {
        name: top.name.clone(),
        title: layers.iter().rev().find_map(|l| l.title.clone()),
        description: layers.iter().rev().find_map(|l| l.description.clone()),
        layers,
        rules,
        options,
        house_rules,
        scripts,
    })
}

/// Whether a new value has the shape of the one it replaces (for rules the
/// engine does not type itself): same kind, and for mappings the same keys.
fn same_shape(old: &Node, new: &Node) -> bool {
    match (&old.value, &new.value) {
        (Value::Map(a), Value::Map(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(k, _)| b.iter().any(|(k2, _)| k.same_data(k2)))
        }
        (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

fn merge_option(
    file: &Arc<SourceFile>,
    layer: &str,
    raw: &RawOption,
    inherited: Option<&OptionSpec>,
) -> Result<OptionSpec, Diagnostics> {
    let mut problems = Diagnostics::default();
    let name = &raw.name.value;
    let ty = match (&raw.ty, inherited) {
        (Some(t), parent) => {
            let ty = match t.value.as_str() {
                "int" => Some(OptionType::Int {
                    min: raw.min.as_ref().map(|m| m.value),
                    max: raw.max.as_ref().map(|m| m.value),
                }),
                "bool" => Some(OptionType::Bool),
                "choice" => match &raw.choices {
                    Some(c) if !c.value.is_empty() => Some(OptionType::Choice(c.value.clone())),
                    _ => {
                        problems.push(
                            Diagnostic::error(format!("choice option `{name}` needs `choices:`"))
                                .at(file, t.span),
                        );
                        None
                    }
                },
                other => {
                    problems.push(
                        Diagnostic::error(format!("unknown option type `{other}`"))
                            .at(file, t.span)
                            .suggest(other, ["int", "bool", "choice"])
                            .hint("option types are int, bool and choice"),
                    );
                    None
                }
            };
            if let (Some(new), Some(parent)) = (&ty, parent)
                && std::mem::discriminant(new) != std::mem::discriminant(&parent.ty)
            {
                problems.push(
                    Diagnostic::error(format!(
                        "option `{name}` is {} in layer `{}`: a child cannot change its type",
                        parent.ty, parent.layer
                    ))
                    .at(file, t.span),
                );
            }
            ty
        }
        (None, Some(parent)) => {
            let mut ty = parent.ty.clone();
            match &mut ty {
                OptionType::Int { min, max } => {
                    if let Some(m) = &raw.min {
                        *min = Some(m.value);
                    }
                    if let Some(m) = &raw.max {
                        *max = Some(m.value);
                    }
                }
                OptionType::Choice(c) => {
                    if let Some(new) = &raw.choices {
                        *c = new.value.clone();
                    }
                }
                OptionType::Bool => {}
            }
            Some(ty)
        }
        (None, None) => {
            problems.push(
                Diagnostic::error(format!("option `{name}` has no `type:`"))
                    .at(file, raw.name.span)
                    .hint("declare it with `type: int`, `type: bool` or `type: choice`"),
            );
            None
        }
    };
    let source = raw
        .source
        .as_ref()
        .map(|s| s.value.clone())
        .or_else(|| inherited.map(|p| p.source.clone()));
    if source.is_none() {
        problems.push(
            Diagnostic::error(format!("option `{name}` has no `source:`"))
                .at(file, raw.name.span)
                .hint("cite the clause it comes from, or a house-rule id"),
        );
    }
    let default = match (&raw.default, inherited) {
        (Some(node), _) => match (&ty, &node.value) {
            (Some(OptionType::Int { .. }), Value::Int(i)) => Some(OptionValue::Int(*i)),
            (Some(OptionType::Bool), Value::Bool(b)) => Some(OptionValue::Bool(*b)),
            (Some(OptionType::Choice(_)), Value::Str(s)) => Some(OptionValue::Choice(s.clone())),
            (Some(t), _) => {
                problems.push(
                    Diagnostic::error(format!(
                        "the default of option `{name}` must be {t}, found {}",
                        node.value.kind()
                    ))
                    .at(file, node.span),
                );
                None
            }
            (None, _) => None,
        },
        (None, Some(parent)) => Some(parent.default.clone()),
        (None, None) => {
            problems.push(
                Diagnostic::error(format!("option `{name}` has no `default:`"))
                    .at(file, raw.name.span),
            );
            None
        }
    };
    if let (Some(ty), Some(default)) = (&ty, &default)
        && let Err(message) = ty.check(default)
    {
        let span = raw.default.as_ref().map_or(raw.name.span, |d| d.span);
        problems.push(
            Diagnostic::error(format!("bad default for option `{name}`: {message}")).at(file, span),
        );
    }
    match (ty, default, source) {
        (Some(ty), Some(default), Some(source)) if problems.is_empty() => Ok(OptionSpec {
            name: name.clone(),
            ty,
            default,
            source,
            doc: raw
                .doc
                .clone()
                .or_else(|| inherited.and_then(|p| p.doc.clone())),
            layer: layer.to_string(),
        }),
        _ => Err(problems),
    }
}

/// Decodes a data rule's value into the engine's type for it.
pub fn rule_value<T: serde::de::DeserializeOwned>(rule: &Rule) -> Result<T, Diagnostic> {
    match &rule.body {
        RuleBody::Value(node) => yaml::decode(&rule.file, node),
        RuleBody::Hook(_) => Err(Diagnostic::error(format!(
            "rule `{}` is a hook, not data",
            rule.key
        ))
        .at(&rule.file, rule.span)),
    }
}
