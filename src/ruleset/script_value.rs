//! Rule values as hooks receive them: `to_dynamic` turns a rule's YAML
//! `Node` into the plain Rhai value a script reads (`roster.limits` arrives
//! in `roster.check` as a map, key for key). The conversion is total, so a
//! hook's input never fails to build.

use crate::script::{Array, Dynamic, Map};
use crate::yaml::{Node, Value};

/// A YAML value as a Rhai value: `null` is `()`, booleans, integers and
/// strings are themselves, a list is an array, a mapping is a map in
/// document order. A mapping's keys become strings (`1:` is `"1"`). Rhai
/// here has no floating point, so a decimal number (which no rule the
/// engine knows accepts) arrives as its text.
pub fn to_dynamic(node: &Node) -> Dynamic {
    match &node.value {
        Value::Null => Dynamic::UNIT,
        Value::Bool(b) => Dynamic::from(*b),
        Value::Int(i) => Dynamic::from(*i),
        Value::Float(f) => Dynamic::from(f.to_string()),
        Value::Str(s) => Dynamic::from(s.clone()),
        Value::Seq(items) => Dynamic::from(items.iter().map(to_dynamic).collect::<Array>()),
        Value::Map(entries) => Dynamic::from(
            entries
                .iter()
                .map(|(key, value)| (key_text(key).into(), to_dynamic(value)))
                .collect::<Map>(),
        ),
    }
}

/// A mapping key as the string a Rhai map is keyed by.
fn key_text(key: &Node) -> String {
    match &key.value {
        Value::Str(s) => s.clone(),
        Value::Int(i) => i.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Null => "~".to_string(),
        Value::Float(f) => f.to_string(),
        // A list or mapping as a key is legal YAML but useless to a script;
        // its YAML text keeps distinct keys distinct.
        Value::Seq(_) | Value::Map(_) => key.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::SourceFile;
    use crate::yaml::parse;

    fn convert(text: &str) -> Dynamic {
        let file = SourceFile::new("t.yaml", text);
        to_dynamic(&parse(&file).expect("test YAML parses"))
    }

    #[test]
    fn a_rule_value_becomes_a_map_key_for_key() {
        let value = convert(
            "{max_players: 25, max_pitchers: ~, required_pitcher_roles: [Ps, Pc], unique: true}",
        )
        .cast::<Map>();
        assert_eq!(value["max_players"].as_int(), Ok(25));
        assert!(value["max_pitchers"].is_unit());
        assert_eq!(value["unique"].as_bool(), Ok(true));
        let roles: Vec<String> = value["required_pitcher_roles"]
            .clone()
            .into_array()
            .expect("an array")
            .into_iter()
            .map(|d| d.into_string().expect("strings"))
            .collect();
        assert_eq!(roles, ["Ps", "Pc"]);
    }

    #[test]
    fn integer_keys_and_decimals_become_text() {
        let value = convert("{1: [1, 2], 2: 1.5}").cast::<Map>();
        assert_eq!(value["1"].clone().into_array().map(|a| a.len()), Ok(2));
        assert_eq!(value["2"].clone().into_string().as_deref(), Ok("1.5"));
    }
}
