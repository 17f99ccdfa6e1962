//! `Node`: a YAML document as a tree of values, each with the byte span it
//! came from. serde-saphyr parses the text; keeping the spans lets every
//! later check (unknown keys, wrong types, layering conflicts) point at the
//! exact spot in the right layer's file.

use std::fmt;
use std::sync::Arc;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

use crate::diagnostic::{Diagnostic, SourceFile, Span};

/// A YAML value with its location.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Where the value stands in its file.
    pub span: Span,
    /// The value.
    pub value: Value,
}

/// The value of a node.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `~`, `null` or nothing.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A floating-point number (only to report it as the wrong type: rules
    /// are integers).
    Float(f64),
    /// A string.
    Str(String),
    /// A sequence.
    Seq(Vec<Node>),
    /// A mapping, in document order.
    Map(Vec<(Node, Node)>),
}

impl Value {
    /// The kind of value in words, for messages ("an integer").
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "nothing (null)",
            Value::Bool(_) => "a boolean",
            Value::Int(_) => "an integer",
            Value::Float(_) => "a decimal number",
            Value::Str(_) => "a string",
            Value::Seq(_) => "a list",
            Value::Map(_) => "a mapping",
        }
    }
}

impl Node {
    /// The string, if this is a string node.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The entries, if this is a mapping node.
    pub fn as_map(&self) -> Option<&[(Node, Node)]> {
        match &self.value {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    /// The value under a string key of a mapping node.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.as_map()?
            .iter()
            .find(|(k, _)| k.as_str() == Some(key))
            .map(|(_, v)| v)
    }

    /// Whether two nodes hold the same data, ignoring where they stand.
    pub fn same_data(&self, other: &Node) -> bool {
        match (&self.value, &other.value) {
            (Value::Seq(a), Value::Seq(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_data(y))
            }
            (Value::Map(a), Value::Map(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b)
                        .all(|((ka, va), (kb, vb))| ka.same_data(kb) && va.same_data(vb))
            }
            (a, b) => a == b,
        }
    }
}

/// Writes items as a one-line flow sequence: `[a, b]`.
pub(crate) fn write_flow_seq<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
) -> fmt::Result {
    f.write_str("[")?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    f.write_str("]")
}

/// Writes entries as a one-line flow mapping: `{k: v, k: v}`.
pub(crate) fn write_flow_map<K: fmt::Display, V: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    entries: &[(K, V)],
) -> fmt::Result {
    f.write_str("{")?;
    for (i, (k, v)) in entries.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{k}: {v}")?;
    }
    f.write_str("}")
}

impl fmt::Display for Node {
    /// Compact flow-style YAML, one line, in document order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Value::Null => f.write_str("~"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Float(x) => write!(f, "{x}"),
            Value::Str(s) => {
                let plain = !s.is_empty()
                    && s.chars()
                        .all(|c| c.is_alphanumeric() || " _-.+/<>()'".contains(c))
                    // `-`, `'` and `>` open something else when they start a scalar.
                    && !s.starts_with([' ', '-', '\'', '>'])
                    && !s.ends_with(' ')
                    && !matches!(s.as_str(), "true" | "false" | "null" | "~")
                    && s.parse::<f64>().is_err();
                if plain {
                    f.write_str(s)
                } else {
                    write!(f, "{s:?}")
                }
            }
            Value::Seq(items) => write_flow_seq(f, items),
            Value::Map(entries) => write_flow_map(f, entries),
        }
    }
}

/// Parses a YAML document into a `Node` tree. A syntax error, a duplicate
/// key or an over-large document is one diagnostic at its position.
pub fn parse(file: &Arc<SourceFile>) -> Result<Node, Diagnostic> {
    if file.text.trim().is_empty() {
        return Ok(Node {
            span: Span::new(0, 0),
            value: Value::Null,
        });
    }
    let spanned: Result<Spanned<RawValue>, _> = serde_saphyr::from_str(&file.text);
    match spanned {
        Ok(s) => Ok(to_node(file, s)),
        Err(err) => {
            let (line, col) = err
                .location()
                .map_or((1, 1), |l| (l.line() as usize, l.column() as usize));
            let offset = file.offset_of(line.max(1), col.max(1));
            let message = first_line(&err.to_string());
            Err(
                Diagnostic::error(format!("this is not valid YAML: {message}"))
                    .at(file, Span::new(offset, offset + 1))
                    .label("here"),
            )
        }
    }
}

/// serde-saphyr's messages can carry their own snippet; keep the sentence.
fn first_line(message: &str) -> String {
    let line = message.lines().next().unwrap_or(message).trim();
    // Drop a trailing " at line X column Y" that serde-saphyr appends: our
    // report shows the position itself.
    match line.find(" at line ") {
        Some(i) => line[..i].to_string(),
        None => line.to_string(),
    }
}

/// What serde-saphyr hands us, before spans become byte offsets.
enum RawValue {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Seq(Vec<Spanned<RawValue>>),
    Map(Vec<(Spanned<RawValue>, Spanned<RawValue>)>),
}

fn to_node(file: &Arc<SourceFile>, raw: Spanned<RawValue>) -> Node {
    let loc = raw.referenced;
    let span = match (loc.span().byte_offset(), loc.span().byte_len()) {
        (Some(start), Some(len)) => Span::new(start as usize, (start + len) as usize),
        _ => {
            let start = file.offset_of(loc.line() as usize, loc.column() as usize);
            Span::new(start, start)
        }
    };
    let value = match raw.value {
        RawValue::Null => Value::Null,
        RawValue::Bool(b) => Value::Bool(b),
        RawValue::Int(i) => Value::Int(i),
        RawValue::Float(x) => Value::Float(x),
        RawValue::Str(s) => Value::Str(s),
        RawValue::Seq(items) => Value::Seq(items.into_iter().map(|i| to_node(file, i)).collect()),
        RawValue::Map(entries) => Value::Map(
            entries
                .into_iter()
                .map(|(k, v)| (to_node(file, k), to_node(file, v)))
                .collect(),
        ),
    };
    Node { span, value }
}

impl<'de> Deserialize<'de> for RawValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(RawVisitor)
    }
}

struct RawVisitor;

impl<'de> Visitor<'de> for RawVisitor {
    type Value = RawValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any YAML value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<RawValue, E> {
        Ok(RawValue::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<RawValue, E> {
        Ok(RawValue::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<RawValue, D::Error> {
        RawValue::deserialize(d)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<RawValue, E> {
        Ok(RawValue::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<RawValue, E> {
        Ok(RawValue::Int(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<RawValue, E> {
        i64::try_from(v)
            .map(RawValue::Int)
            .map_err(|_| E::custom("integer too large"))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<RawValue, E> {
        i64::try_from(v)
            .map(RawValue::Int)
            .map_err(|_| E::custom("integer too large"))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<RawValue, E> {
        i64::try_from(v)
            .map(RawValue::Int)
            .map_err(|_| E::custom("integer too large"))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<RawValue, E> {
        Ok(RawValue::Float(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<RawValue, E> {
        Ok(RawValue::Str(v.to_string()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<RawValue, E> {
        Ok(RawValue::Str(v))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawValue, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Spanned<RawValue>>()? {
            items.push(item);
        }
        Ok(RawValue::Seq(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawValue, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key::<Spanned<RawValue>>()? {
            let value = map.next_value::<Spanned<RawValue>>()?;
            entries.push((key, value));
        }
        Ok(RawValue::Map(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Node {
        parse(&SourceFile::new("t.yaml", text)).expect("valid yaml")
    }

    #[test]
    fn spans_point_at_values_and_keys() {
        let text = "a: 1\nbb:\n  - x\n  - {k: true}\n";
        let node = parse_str(text);
        let map = node.as_map().unwrap();
        assert_eq!(&text[map[1].0.span.start..map[1].0.span.end], "bb");
        let Value::Seq(items) = &map[1].1.value else {
            panic!("expected a list")
        };
        assert_eq!(&text[items[0].span.start..items[0].span.end], "x");
        assert_eq!(node.get("a").unwrap().value, Value::Int(1));
    }

    #[test]
    fn syntax_error_has_position() {
        let file = SourceFile::new("bad.yaml", "a: [1, 2\nb: 3\n");
        let err = parse(&file).unwrap_err();
        assert!(err.position().unwrap().starts_with("bad.yaml:"), "{err}");
    }

    #[test]
    fn duplicate_keys_are_rejected() {
        let file = SourceFile::new("dup.yaml", "a: 1\na: 2\n");
        assert!(parse(&file).is_err());
    }

    #[test]
    fn display_is_compact_flow_yaml() {
        let node = parse_str("a: [1, two]\nb: {c: \"x: y\"}\n");
        assert_eq!(node.to_string(), "{a: [1, two], b: {c: \"x: y\"}}");
    }

    #[test]
    fn a_string_opening_with_an_indicator_is_quoted() {
        for text in ["'Nduja", ">x", "-1a", "O'Brien"] {
            let node = Node {
                span: Span::new(0, 0),
                value: Value::Str(text.to_string()),
            };
            let written = format!("a: {node}\n");
            let back = parse_str(&written);
            assert_eq!(
                back.get("a").and_then(Node::as_str),
                Some(text),
                "{written}"
            );
        }
    }
}
