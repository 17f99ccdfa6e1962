//! `TeamSource`: the file a team was read from and its YAML tree, kept so
//! that checks which run long after loading (a regulation check, a lineup
//! made at game time) can still point at the exact key or value in the
//! file. `At` names such a spot by its path ("players", 3, "star").

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, SourceFile, Span};
use crate::yaml::{Node, Value};

/// A team file and its parsed tree.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamSource {
    /// The file, with the name reports use.
    pub file: Arc<SourceFile>,
    /// Its YAML tree.
    pub root: Node,
}

/// One step of a path into the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    /// The value under a key of a mapping (integer keys are written as
    /// their digits).
    Key(String),
    /// An item of a list.
    Index(usize),
}

/// A spot in a team file: a path of keys and list indexes, and whether the
/// report should underline the last key rather than its value.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct At {
    steps: Vec<Step>,
    on_key: bool,
}

impl At {
    /// The whole file.
    pub fn root() -> At {
        At::default()
    }

    /// The value under a top-level key.
    pub fn top(key: &str) -> At {
        At::root().key(key)
    }

    /// The `i`-th card of `players:` (0-based).
    pub fn card(i: usize) -> At {
        At::top("players").index(i)
    }

    /// One step down, by key.
    pub fn key(mut self, key: impl Into<String>) -> At {
        self.steps.push(Step::Key(key.into()));
        self
    }

    /// One step down, by list index.
    pub fn index(mut self, i: usize) -> At {
        self.steps.push(Step::Index(i));
        self
    }

    /// Underline the last key itself instead of its value (for problems
    /// with a whole list or mapping, whose value spans many lines).
    pub fn on_key(mut self) -> At {
        self.on_key = true;
        self
    }
}

impl TeamSource {
    /// The span of a spot: the deepest node of the path that exists (so a
    /// missing key points at the mapping that lacks it).
    pub fn span(&self, at: &At) -> Span {
        let mut node = &self.root;
        let mut key_span = None;
        for step in &at.steps {
            let next = match (step, &node.value) {
                (Step::Key(k), Value::Map(entries)) => entries
                    .iter()
                    .find(|(key, _)| key_text(key).as_deref() == Some(k.as_str()))
                    .map(|(key, value)| (key, value)),
                (Step::Index(i), Value::Seq(items)) => items.get(*i).map(|n| (n, n)),
                _ => None,
            };
            match next {
                Some((key, value)) => {
                    key_span = Some(key.span);
                    node = value;
                }
                None => return first_line(&self.file, node.span),
            }
        }
        match (at.on_key, key_span) {
            (true, Some(span)) => span,
            _ => first_line(&self.file, node.span),
        }
    }

    /// A diagnostic at a spot of this file.
    pub fn error(&self, message: impl Into<String>, at: &At) -> Diagnostic {
        Diagnostic::error(message).at(&self.file, self.span(at))
    }
}

/// The text of a scalar key, for matching a path step.
fn key_text(key: &Node) -> Option<String> {
    match &key.value {
        Value::Str(s) => Some(s.clone()),
        Value::Int(i) => Some(i.to_string()),
        _ => None,
    }
}

/// A span cut to its first line: a caret under a whole card or list would
/// drown the report.
fn first_line(file: &SourceFile, span: Span) -> Span {
    let text = file.text.get(span.start..span.end).unwrap_or("");
    match text.find('\n') {
        Some(i) => Span::new(span.start, span.start + text[..i].trim_end().len()),
        None => span,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml;

    fn source(text: &str) -> TeamSource {
        let file = SourceFile::new("t.yaml", text);
        let root = yaml::parse(&file).unwrap();
        TeamSource { file, root }
    }

    fn text<'a>(s: &'a TeamSource, at: &At) -> &'a str {
        let span = s.span(at);
        &s.file.text[span.start..span.end]
    }

    #[test]
    fn paths_find_values_keys_and_integer_keys() {
        let s = source("players:\n  - name: A\n    dirs: {1: [1, 2], 2: [3]}\n");
        assert_eq!(text(&s, &At::card(0).key("name")), "A");
        assert_eq!(text(&s, &At::card(0).key("dirs").key("1").index(1)), "2");
        assert_eq!(text(&s, &At::top("players").on_key()), "players");
    }

    #[test]
    fn a_missing_step_points_at_the_deepest_existing_node() {
        let s = source("players:\n  - name: A\n    star: 3\n  - {name: B}\n");
        // Block collections have a point span at their first item.
        assert_eq!(s.span(&At::card(0).key("pitch")), Span::new(13, 13));
        assert_eq!(s.span(&At::card(5).key("star")), Span::new(11, 11));
        assert_eq!(text(&s, &At::card(1).key("star")), "{");
    }
}
