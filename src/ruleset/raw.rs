//! `RawLayer`: one ruleset file as written, before layering. Reading a
//! layer checks its shape (known keys, types of the fixed fields) and
//! collects every problem; what the keys mean across layers is `resolve`'s
//! business.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};
use crate::yaml::{Node, Value};

/// A string with the span it was written at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

/// One ruleset file as written.
#[derive(Debug, Clone)]
pub struct RawLayer {
    /// The file it was read from.
    pub file: Arc<SourceFile>,
    /// `ruleset:`: the layer's name.
    pub name: Option<Located<String>>,
    /// `title:`.
    pub title: Option<String>,
    /// `description:`.
    pub description: Option<String>,
    /// `extends:`: the parent, by built-in name or path.
    pub extends: Option<Located<String>>,
    /// `scripts:`: Rhai files of this layer's folder.
    pub scripts: Vec<Located<String>>,
    /// `house_rules:`: own rule ids with their text.
    pub house_rules: Vec<(Located<String>, String)>,
    /// `options:`.
    pub options: Vec<RawOption>,
    /// `rules:`.
    pub rules: Vec<RawRule>,
}

/// One entry under `rules:`.
#[derive(Debug, Clone)]
pub struct RawRule {
    /// The rule key.
    pub key: Located<String>,
    /// `source:`: a catalogue id or a house-rule id.
    pub source: Located<String>,
    /// `doc:`.
    pub doc: Option<String>,
    /// `new: true`: a key the engine does not know (data for house scripts).
    pub new: bool,
    /// What the entry does.
    pub body: RawRuleBody,
}

/// What a rule entry does.
#[derive(Debug, Clone)]
pub enum RawRuleBody {
    /// `value:` data.
    Value(Node),
    /// `hook:` a function name in this layer's scripts.
    Hook(Located<String>),
    /// `remove: true`: drop the parent's rule.
    Remove(Span),
}

/// One entry under `options:` (in a child layer, the fields it changes).
#[derive(Debug, Clone)]
pub struct RawOption {
    /// The option's name.
    pub name: Located<String>,
    /// `type:`.
    pub ty: Option<Located<String>>,
    /// `default:`.
    pub default: Option<Node>,
    /// `min:`.
    pub min: Option<Located<i64>>,
    /// `max:`.
    pub max: Option<Located<i64>>,
    /// `choices:`.
    pub choices: Option<Located<Vec<String>>>,
    /// `source:`.
    pub source: Option<Located<String>>,
    /// `doc:`.
    pub doc: Option<String>,
}

const LAYER_KEYS: &[&str] = &[
    "ruleset",
    "title",
    "description",
    "extends",
    "scripts",
    "house_rules",
    "options",
    "rules",
];
const RULE_KEYS: &[&str] = &["source", "doc", "value", "hook", "remove", "new"];
const OPTION_KEYS: &[&str] = &["type", "default", "min", "max", "choices", "source", "doc"];

/// Reads a parsed ruleset file: the layer with every entry that could be
/// read, and every problem found. Bad entries are left out, so that later
/// checks can still report the problems of the good ones.
pub fn read_layer(file: &Arc<SourceFile>, root: &Node) -> (RawLayer, Diagnostics) {
    let mut r = Reader {
        file,
        problems: Diagnostics::default(),
    };
    let mut layer = RawLayer {
        file: Arc::clone(file),
        name: None,
        title: None,
        description: None,
        extends: None,
        scripts: Vec::new(),
        house_rules: Vec::new(),
        options: Vec::new(),
        rules: Vec::new(),
    };
    if root.value == Value::Null {
        r.error(
            Diagnostic::error("this ruleset file is empty")
                .at(file, Span::new(0, 0))
                .hint(
                    "a ruleset needs at least `ruleset: <name>` and `rules:`; see docs/rulesets.md",
                ),
        );
    }
    for (key, value) in r.entries(root, LAYER_KEYS, "a ruleset file") {
        match key {
            "ruleset" => layer.name = r.string(value),
            "title" => layer.title = r.string(value).map(|s| s.value),
            "description" => layer.description = r.string(value).map(|s| s.value),
            "extends" => layer.extends = r.string(value),
            "scripts" => layer.scripts = r.strings(value),
            "house_rules" => {
                for (id_node, text) in r.map(value) {
                    if let (Some(id), Some(text)) = (r.string(id_node), r.string(text)) {
                        layer.house_rules.push((id, text.value));
                    }
                }
            }
            "options" => {
                for (name, body) in r.map(value) {
                    if let Some(option) = r.option(name, body) {
                        layer.options.push(option);
                    }
                }
            }
            "rules" => {
                for (key, body) in r.map(value) {
                    if let Some(rule) = r.rule(key, body) {
                        layer.rules.push(rule);
                    }
                }
            }
            _ => unreachable!("entries() only yields expected keys"),
        }
    }
    if layer.name.is_none() && root.as_map().is_some() {
        r.error(
            Diagnostic::error("a ruleset needs a name")
                .at(file, Span::new(0, 0))
                .hint("add `ruleset: <name>` at the top"),
        );
    }
    (layer, r.problems)
}

struct Reader<'a> {
    file: &'a Arc<SourceFile>,
    problems: Diagnostics,
}

impl<'a> Reader<'a> {
    fn error(&mut self, d: Diagnostic) {
        self.problems.push(d);
    }

    fn wrong_type(&mut self, node: &Node, expected: &str) {
        let d = Diagnostic::error(format!("expected {expected}, found {}", node.value.kind()))
            .at(self.file, node.span);
        self.error(d);
    }

    /// The entries of a mapping whose keys must be among `allowed`; unknown
    /// and non-string keys are reported.
    fn entries<'n>(
        &mut self,
        node: &'n Node,
        allowed: &[&'static str],
        what: &str,
    ) -> Vec<(&'static str, &'n Node)> {
        let mut out = Vec::new();
        for (key, value) in self.map(node) {
            let Some(name) = key.as_str() else {
                self.wrong_type(key, "a key name");
                continue;
            };
            match allowed.iter().find(|a| **a == name) {
                Some(known) => out.push((*known, value)),
                None => {
                    let d = Diagnostic::error(format!("unknown key `{name}` in {what}"))
                        .at(self.file, key.span)
                        .suggest(name, allowed.iter().copied())
                        .hint(format!("the keys of {what} are: {}", allowed.join(", ")));
                    self.error(d);
                }
            }
        }
        out
    }

    fn map<'n>(&mut self, node: &'n Node) -> Vec<(&'n Node, &'n Node)> {
        match &node.value {
            Value::Map(entries) => entries.iter().map(|(k, v)| (k, v)).collect(),
            Value::Null => Vec::new(),
            _ => {
                self.wrong_type(node, "a mapping");
                Vec::new()
            }
        }
    }

    fn string(&mut self, node: &Node) -> Option<Located<String>> {
        match &node.value {
            Value::Str(s) => Some(Located {
                value: s.clone(),
                span: node.span,
            }),
            _ => {
                self.wrong_type(node, "a string");
                None
            }
        }
    }

    fn strings(&mut self, node: &Node) -> Vec<Located<String>> {
        match &node.value {
            Value::Seq(items) => items.iter().filter_map(|i| self.string(i)).collect(),
            _ => {
                self.wrong_type(node, "a list of strings");
                Vec::new()
            }
        }
    }

    fn int(&mut self, node: &Node) -> Option<Located<i64>> {
        match node.value {
            Value::Int(i) => Some(Located {
                value: i,
                span: node.span,
            }),
            _ => {
                self.wrong_type(node, "an integer");
                None
            }
        }
    }

    fn flag(&mut self, node: &Node) -> Option<bool> {
        match node.value {
            Value::Bool(b) => Some(b),
            _ => {
                self.wrong_type(node, "true or false");
                None
            }
        }
    }

    fn rule(&mut self, key: &Node, body: &Node) -> Option<RawRule> {
        let key = self.string(key)?;
        if body.as_map().is_none() {
            let d = Diagnostic::error(format!(
                "rule `{}` must be a mapping with `source:` and one of `value:`, `hook:` or `remove:`",
                key.value
            ))
            .at(self.file, body.span)
            .hint(format!(
                "write it as:\n  {}:\n    source: <catalogue id>\n    value: {body}",
                key.value
            ));
            self.error(d);
            return None;
        }
        let before = self.problems.len();
        let mut source = None;
        let mut doc = None;
        let mut new = false;
        let mut bodies: Vec<(RawRuleBody, Span)> = Vec::new();
        for (name, value) in self.entries(body, RULE_KEYS, "a rule") {
            match name {
                "source" => source = self.string(value),
                "doc" => doc = self.string(value).map(|s| s.value),
                "new" => new = self.flag(value).unwrap_or(false),
                "value" => bodies.push((RawRuleBody::Value(value.clone()), value.span)),
                "hook" => {
                    if let Some(f) = self.string(value) {
                        bodies.push((RawRuleBody::Hook(f), value.span));
                    }
                }
                "remove" => match self.flag(value) {
                    Some(true) => bodies.push((RawRuleBody::Remove(value.span), value.span)),
                    Some(false) => {
                        let d = Diagnostic::error("`remove: false` does nothing")
                            .at(self.file, value.span)
                            .hint("delete the line, or write `remove: true` to drop the parent's rule");
                        self.error(d);
                    }
                    None => {}
                },
                _ => unreachable!("entries() only yields expected keys"),
            }
        }
        let Some(source) = source else {
            let d = Diagnostic::error(format!("rule `{}` has no `source:`", key.value))
                .at(self.file, key.span)
                .hint("cite the clause it implements, e.g. `source: core.hand.memorandum`, or a house-rule id declared under `house_rules:`");
            self.error(d);
            return None;
        };
        if bodies.len() > 1 {
            let d = Diagnostic::error(format!(
                "rule `{}` has more than one of `value:`, `hook:` and `remove:`",
                key.value
            ))
            .at(self.file, bodies[1].1)
            .hint("a rule is either data (`value:`), a procedure (`hook:`), or a removal");
            self.error(d);
        }
        if self.problems.len() > before {
            return None;
        }
        let Some((body, _)) = bodies.into_iter().next() else {
            let d = Diagnostic::error(format!(
                "rule `{}` has none of `value:`, `hook:` or `remove:`",
                key.value
            ))
            .at(self.file, key.span);
            self.error(d);
            return None;
        };
        Some(RawRule {
            key,
            source,
            doc,
            new,
            body,
        })
    }

    fn option(&mut self, name: &Node, body: &Node) -> Option<RawOption> {
        let name = self.string(name)?;
        let mut option = RawOption {
            name,
            ty: None,
            default: None,
            min: None,
            max: None,
            choices: None,
            source: None,
            doc: None,
        };
        for (key, value) in self.entries(body, OPTION_KEYS, "an option") {
            match key {
                "type" => option.ty = self.string(value),
                "default" => option.default = Some(value.clone()),
                "min" => option.min = self.int(value),
                "max" => option.max = self.int(value),
                "choices" => {
                    let items = self.strings(value);
                    option.choices = Some(Located {
                        value: items.into_iter().map(|s| s.value).collect(),
                        span: value.span,
                    });
                }
                "source" => option.source = self.string(value),
                "doc" => option.doc = self.string(value).map(|s| s.value),
                _ => unreachable!("entries() only yields expected keys"),
            }
        }
        Some(option)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml;

    fn read(text: &str) -> Result<RawLayer, Diagnostics> {
        let file = SourceFile::new("t.yaml", text);
        let node = yaml::parse(&file).map_err(Diagnostics::from)?;
        match read_layer(&file, &node) {
            (layer, problems) if problems.is_empty() => Ok(layer),
            (_, problems) => Err(problems),
        }
    }

    #[test]
    fn reads_a_layer() {
        let layer = read(
            "ruleset: x\nextends: pro\nrules:\n  a.b:\n    source: core.sequence\n    value: 3\n  c:\n    source: core.sequence\n    remove: true\n",
        )
        .unwrap();
        assert_eq!(layer.extends.unwrap().value, "pro");
        assert_eq!(layer.rules.len(), 2);
        assert!(matches!(layer.rules[1].body, RawRuleBody::Remove(_)));
    }

    #[test]
    fn reports_every_problem_at_once() {
        let errs = read(
            "ruleset: x\nextend: pro\nrules:\n  a:\n    value: 3\n  b:\n    source: s\n    valeu: 1\n",
        )
        .unwrap_err();
        let text = errs.to_string();
        assert!(text.contains("t.yaml:2:1: unknown key `extend`"), "{text}");
        assert!(
            text.contains("t.yaml:4:3: rule `a` has no `source:`"),
            "{text}"
        );
        assert!(text.contains("t.yaml:8:5: unknown key `valeu`"), "{text}");
        assert_eq!(errs.len(), 3, "{text}");
    }
}
