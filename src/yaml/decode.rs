//! Typed decoding of a `Node` through serde. The node tree acts as a serde
//! `Deserializer`; an error names the innermost node where it arose, so the
//! report points at the wrong value itself. Unknown keys get a "did you
//! mean" hint from the keys the type expects.

use std::fmt;
use std::sync::Arc;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

use super::node::{Node, Value};
use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span, did_you_mean};

/// Why a node could not be decoded into a type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// What went wrong, as a sentence.
    pub message: String,
    /// The innermost node it went wrong at (set on the way out).
    pub span: Option<Span>,
    /// A hint, such as the closest expected key.
    pub hint: Option<String>,
}

impl DecodeError {
    fn or_span(mut self, span: Span) -> Self {
        self.span.get_or_insert(span);
        self
    }

    /// The error as a diagnostic in `file`.
    pub fn into_diagnostic(self, file: &Arc<SourceFile>, fallback: Span) -> Diagnostic {
        let d = Diagnostic::error(self.message).at(file, self.span.unwrap_or(fallback));
        match self.hint {
            Some(h) => d.hint(h),
            None => d,
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

impl de::Error for DecodeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self {
            message: msg.to_string(),
            span: None,
            hint: None,
        }
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        let hint = match did_you_mean(field, expected.iter().copied()) {
            Some(best) => format!("did you mean `{best}`?"),
            None if expected.is_empty() => "no keys are allowed here".to_string(),
            None => format!("expected one of: {}", expected.join(", ")),
        };
        Self {
            message: format!("unknown key `{field}`"),
            span: None,
            hint: Some(hint),
        }
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        let hint = match did_you_mean(variant, expected.iter().copied()) {
            Some(best) => format!("did you mean `{best}`?"),
            None => format!("expected one of: {}", expected.join(", ")),
        };
        Self {
            message: format!("unknown value `{variant}`"),
            span: None,
            hint: Some(hint),
        }
    }

    fn missing_field(field: &'static str) -> Self {
        Self::custom(format!("missing key `{field}`"))
    }

    fn invalid_type(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        Self::custom(format!(
            "expected {}, found {}",
            expected(exp),
            unexpected(unexp)
        ))
    }

    fn invalid_value(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        Self::custom(format!(
            "expected {}, found {}",
            expected(exp),
            unexpected(unexp)
        ))
    }

    fn invalid_length(len: usize, exp: &dyn de::Expected) -> Self {
        Self::custom(format!("expected {}, found {len} items", expected(exp)))
    }
}

/// What serde expected, in words a rule author reads ("u8" is "a whole
/// number from 0 to 255").
fn expected(exp: &dyn de::Expected) -> String {
    let text = exp.to_string();
    let words = match text.as_str() {
        "u8" => "a whole number from 0 to 255",
        "u16" => "a whole number from 0 to 65535",
        "u32" | "u64" | "usize" => "a whole number, 0 or more",
        "i8" => "a whole number from -128 to 127",
        "i16" | "i32" | "i64" | "isize" => "a whole number",
        "a boolean" => "true or false",
        "a sequence" => "a list",
        "a map" => "a mapping",
        _ if text.starts_with("struct ") => "a mapping",
        _ if text.starts_with("tuple struct ") || text.starts_with("a tuple of size") => "a list",
        _ => return text,
    };
    words.to_string()
}

fn unexpected(u: de::Unexpected<'_>) -> String {
    match u {
        de::Unexpected::Signed(i) => format!("the integer {i}"),
        de::Unexpected::Unsigned(i) => format!("the integer {i}"),
        de::Unexpected::Str(s) => format!("the string {s:?}"),
        de::Unexpected::Map => "a mapping".to_string(),
        de::Unexpected::Seq => "a list".to_string(),
        de::Unexpected::Unit => "nothing (null)".to_string(),
        other => other.to_string(),
    }
}

/// Decodes one node into `T`; the error points into `file`.
pub fn decode<T: DeserializeOwned>(file: &Arc<SourceFile>, node: &Node) -> Result<T, Diagnostic> {
    T::deserialize(NodeDe(node)).map_err(|e| e.into_diagnostic(file, node.span))
}

/// Decodes every item of a list node, reporting every bad item at once.
pub fn decode_all<T: DeserializeOwned>(
    file: &Arc<SourceFile>,
    node: &Node,
) -> Result<Vec<T>, Diagnostics> {
    let Value::Seq(items) = &node.value else {
        return Err(
            Diagnostic::error(format!("expected a list, found {}", node.value.kind()))
                .at(file, node.span)
                .into(),
        );
    };
    let mut out = Vec::with_capacity(items.len());
    let mut problems = Diagnostics::default();
    for item in items {
        match decode(file, item) {
            Ok(v) => out.push(v),
            Err(d) => problems.push(d),
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

/// A node seen as a serde `Deserializer`.
struct NodeDe<'a>(&'a Node);

impl<'de> Deserializer<'de> for NodeDe<'_> {
    type Error = DecodeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        let node = self.0;
        let result = match &node.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Int(i) => visitor.visit_i64(*i),
            Value::Float(x) => visitor.visit_f64(*x),
            Value::Str(s) => visitor.visit_str(s),
            Value::Seq(items) => visitor.visit_seq(SeqDe {
                items: items.iter(),
            }),
            Value::Map(entries) => visitor.visit_map(MapDe {
                entries: entries.iter(),
                value: None,
            }),
        };
        result.map_err(|e| e.or_span(node.span))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.0.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        let node = self.0;
        let result = match &node.value {
            Value::Str(_) => visitor.visit_enum(EnumDe {
                tag: node,
                content: None,
            }),
            Value::Map(entries) if entries.len() == 1 => visitor.visit_enum(EnumDe {
                tag: &entries[0].0,
                content: Some(&entries[0].1),
            }),
            other => Err(de::Error::custom(format!(
                "expected a name or a one-key mapping, found {}",
                other.kind()
            ))),
        };
        result.map_err(|e| e.or_span(node.span))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

struct SeqDe<'a> {
    items: std::slice::Iter<'a, Node>,
}

impl<'de> SeqAccess<'de> for SeqDe<'_> {
    type Error = DecodeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DecodeError> {
        match self.items.next() {
            Some(node) => seed
                .deserialize(NodeDe(node))
                .map(Some)
                .map_err(|e| e.or_span(node.span)),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct MapDe<'a> {
    entries: std::slice::Iter<'a, (Node, Node)>,
    value: Option<&'a Node>,
}

impl<'de> MapAccess<'de> for MapDe<'_> {
    type Error = DecodeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DecodeError> {
        match self.entries.next() {
            Some((key, value)) => {
                self.value = Some(value);
                seed.deserialize(NodeDe(key))
                    .map(Some)
                    .map_err(|e| e.or_span(key.span))
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, DecodeError> {
        let node = self
            .value
            .take()
            .ok_or_else(|| <DecodeError as de::Error>::custom("a value without a key"))?;
        seed.deserialize(NodeDe(node))
            .map_err(|e| e.or_span(node.span))
    }
}

struct EnumDe<'a> {
    tag: &'a Node,
    content: Option<&'a Node>,
}

impl<'de, 'a> EnumAccess<'de> for EnumDe<'a> {
    type Error = DecodeError;
    type Variant = VariantDe<'a>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, VariantDe<'a>), DecodeError> {
        let tag = seed
            .deserialize(NodeDe(self.tag))
            .map_err(|e| e.or_span(self.tag.span))?;
        Ok((
            tag,
            VariantDe {
                tag: self.tag,
                content: self.content,
            },
        ))
    }
}

struct VariantDe<'a> {
    tag: &'a Node,
    content: Option<&'a Node>,
}

impl VariantDe<'_> {
    fn content(&self) -> Result<&Node, DecodeError> {
        self.content.ok_or_else(|| {
            <DecodeError as de::Error>::custom(format!(
                "`{}` needs a value: write it as a one-key mapping",
                self.tag
            ))
            .or_span(self.tag.span)
        })
    }
}

impl<'de> VariantAccess<'de> for VariantDe<'_> {
    type Error = DecodeError;

    fn unit_variant(self) -> Result<(), DecodeError> {
        match self.content {
            None => Ok(()),
            Some(node) if node.value == Value::Null => Ok(()),
            Some(node) => Err(<DecodeError as de::Error>::custom(format!(
                "`{}` takes no value",
                self.tag
            ))
            .or_span(node.span)),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<T::Value, DecodeError> {
        seed.deserialize(NodeDe(self.content()?))
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        NodeDe(self.content()?).deserialize_any(visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        NodeDe(self.content()?).deserialize_any(visitor)
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;
    use crate::yaml::parse;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Hand {
        min: u8,
        max: u8,
        #[serde(default)]
        kind: Option<Kind>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Defense,
        Offense,
    }

    fn file(text: &str) -> (Arc<SourceFile>, Node) {
        let f = SourceFile::new("t.yaml", text);
        let n = parse(&f).unwrap();
        (f, n)
    }

    #[test]
    fn decodes_structs_and_enums() {
        let (f, n) = file("min: 2\nmax: 7\nkind: offense\n");
        let hand: Hand = decode(&f, &n).unwrap();
        assert_eq!(
            hand,
            Hand {
                min: 2,
                max: 7,
                kind: Some(Kind::Offense)
            }
        );
    }

    #[test]
    fn wrong_type_points_at_the_value() {
        let (f, n) = file("min: 2\nmax: seven\n");
        let err = decode::<Hand>(&f, &n).unwrap_err();
        assert_eq!(err.position().unwrap(), "t.yaml:2:6");
        assert_eq!(
            err.message,
            "expected a whole number from 0 to 255, found the string \"seven\""
        );
    }

    #[test]
    fn unknown_key_points_at_the_key_with_suggestion() {
        let (f, n) = file("min: 2\nmax: 7\nkidn: defense\n");
        let err = decode::<Hand>(&f, &n).unwrap_err();
        assert_eq!(err.position().unwrap(), "t.yaml:3:1");
        assert_eq!(err.hints, vec!["did you mean `kind`?".to_string()]);
    }

    #[test]
    fn out_of_range_integer_is_an_error() {
        let (f, n) = file("min: 300\nmax: 7\n");
        assert!(decode::<Hand>(&f, &n).is_err());
    }

    #[test]
    fn decode_all_reports_every_bad_item() {
        let (f, n) = file("- {min: 1, max: 2}\n- {min: x, max: 2}\n- {min: 1}\n");
        let errs = decode_all::<Hand>(&f, &n).unwrap_err();
        assert_eq!(errs.len(), 2);
    }
}
