//! Reading a scenario file into a `Scenario`. The YAML is parsed into
//! spanned nodes (`crate::yaml`) and walked by hand, key by key, so every
//! problem is reported at once, each at its file:line:column, with a "did
//! you mean" for a misspelt key, event kind, fielder or card. Nothing here
//! knows the ruleset or the field yet: squares, cards in decks and cited
//! clauses are checked when the scenario is set up (`setup`, `suite`).
//!
//! This module holds the reader's helpers and the top of the file; the
//! `start`, the `decisions` and the `expect` sections each have their own.

mod decisions;
mod expectations;
mod start;

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span, did_you_mean};
use crate::engine::{DeckKind, Half, POSITIONS};
use crate::ruleset::schema::{Pitch, Response};
use crate::yaml::{self, Node, Value};

use super::model::{
    At, CardName, Expect, NamedSpecial, Scenario, SquareSpec, Start, StartPhase, Teams,
};
use super::words;

const TOP: &[&str] = &[
    "scenario",
    "about",
    "pins",
    "known_failure",
    "ruleset",
    "set",
    "field",
    "teams",
    "seed",
    "start",
    "dice",
    "decisions",
    "expect",
];

/// Reads a scenario from its text. The title defaults to the file's stem.
pub fn parse(file: &Arc<SourceFile>) -> Result<Scenario, Diagnostics> {
    let root = yaml::parse(file)?;
    let mut r = Reader {
        file,
        problems: Diagnostics::default(),
        specials: Vec::new(),
    };
    let scenario = r.scenario(&root);
    match scenario {
        Some(mut s) if r.problems.is_empty() => {
            s.specials = r.specials;
            Ok(s)
        }
        _ => {
            if r.problems.is_empty() {
                r.problems
                    .push(Diagnostic::error("this scenario cannot be read").at(file, root.span));
            }
            Err(r.problems)
        }
    }
}

struct Reader<'f> {
    file: &'f Arc<SourceFile>,
    problems: Diagnostics,
    /// The special cards named so far, for the setup to check.
    specials: Vec<NamedSpecial>,
}

/// The entries of a mapping, by known key.
type Entries<'n> = Vec<(&'static str, &'n Node, &'n Node)>;

impl Reader<'_> {
    fn err(&mut self, span: Span, message: impl Into<String>) {
        self.problems
            .push(Diagnostic::error(message).at(self.file, span));
    }

    fn err_hint(&mut self, span: Span, message: impl Into<String>, hint: impl Into<String>) {
        self.problems.push(
            Diagnostic::error(message)
                .at(self.file, span)
                .hint(hint.into()),
        );
    }

    /// The entries of a mapping whose keys must be among `keys`.
    fn entries<'n>(&mut self, node: &'n Node, what: &str, keys: &[&'static str]) -> Entries<'n> {
        let Some(map) = node.as_map() else {
            if node.value != Value::Null {
                self.err(
                    node.span,
                    format!("{what} is a mapping, not {}", node.value.kind()),
                );
            }
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in map {
            let name = match &k.value {
                Value::Str(s) => s.clone(),
                other => {
                    self.err(
                        k.span,
                        format!("a key of {what} is a name, not {}", other.kind()),
                    );
                    continue;
                }
            };
            match keys.iter().find(|key| **key == name) {
                Some(key) => out.push((*key, k, v)),
                None => self.unknown(k.span, &format!("key `{name}` in {what}"), &name, keys),
            }
        }
        out
    }

    fn unknown(&mut self, span: Span, what: &str, word: &str, choices: &[&str]) {
        let hint = match did_you_mean(word, choices.iter().copied()) {
            Some(best) => format!("did you mean `{best}`?"),
            None => format!("expected one of: {}", choices.join(", ")),
        };
        self.err_hint(span, format!("unknown {what}"), hint);
    }

    fn int(&mut self, node: &Node, lo: i64, hi: i64, what: &str) -> Option<i64> {
        match node.value {
            Value::Int(i) if (lo..=hi).contains(&i) => Some(i),
            Value::Int(i) => {
                self.err(node.span, format!("{what} is {lo} to {hi}, not {i}"));
                None
            }
            ref other => {
                self.err(
                    node.span,
                    format!("{what} is a whole number, not {}", other.kind()),
                );
                None
            }
        }
    }

    fn string(&mut self, node: &Node, what: &str) -> Option<String> {
        match &node.value {
            Value::Str(s) => Some(s.clone()),
            Value::Int(i) => Some(i.to_string()),
            other => {
                self.err(node.span, format!("{what} is text, not {}", other.kind()));
                None
            }
        }
    }

    fn word(&mut self, node: &Node, choices: &[&'static str], what: &str) -> Option<&'static str> {
        match &node.value {
            Value::Str(s) => match choices.iter().find(|c| **c == s) {
                Some(c) => Some(*c),
                None => {
                    self.unknown(node.span, &format!("{what} `{s}`"), s, choices);
                    None
                }
            },
            other => {
                self.err_hint(
                    node.span,
                    format!("{what} is a word, not {}", other.kind()),
                    format!("expected one of: {}", choices.join(", ")),
                );
                None
            }
        }
    }

    fn list<'n>(&mut self, node: &'n Node, what: &str) -> &'n [Node] {
        match &node.value {
            Value::Seq(items) => items,
            Value::Null => &[],
            other => {
                self.err(node.span, format!("{what} is a list, not {}", other.kind()));
                &[]
            }
        }
    }

    fn fielder(&mut self, node: &Node) -> Option<u8> {
        let text = match &node.value {
            Value::Str(s) => s.clone(),
            Value::Int(i) => i.to_string(),
            other => {
                self.err_hint(
                    node.span,
                    format!("a fielder is a position, not {}", other.kind()),
                    format!("write one of {} (or 1-9)", POSITIONS.join(", ")),
                );
                return None;
            }
        };
        match words::position(&text) {
            Some(i) => Some(i),
            None => {
                self.unknown(node.span, &format!("fielder `{text}`"), &text, &POSITIONS);
                None
            }
        }
    }

    fn square(&mut self, node: &Node, mound: bool) -> Option<SquareSpec> {
        let spec = match &node.value {
            Value::Seq(items) => match items.as_slice() {
                [d, k] => match (&d.value, &k.value) {
                    (Value::Int(d), Value::Int(k)) => Some(SquareSpec::Grid(
                        (*d).clamp(0, 255) as u8,
                        (*k).clamp(0, 255) as u8,
                    )),
                    _ => None,
                },
                _ => None,
            },
            Value::Str(s) => words::parse_square_word(s),
            _ => None,
        };
        let spec = match spec {
            Some(SquareSpec::Grid(d, _)) if !(1..=6).contains(&d) => {
                self.err(
                    node.span,
                    format!("there is no direction {d}: directions are 1 to 6"),
                );
                return None;
            }
            Some(SquareSpec::Grid(_, k)) if k < 2 => {
                self.err_hint(
                    node.span,
                    format!("the grid starts at distance 2, not {k}"),
                    "distance 1 is the batter's box: write BOX",
                );
                return None;
            }
            Some(SquareSpec::Mound) if !mound => {
                self.err_hint(
                    node.span,
                    "name the mound's square here",
                    "write it as [direction, distance], e.g. [3, 2] on the classic field",
                );
                return None;
            }
            other => other,
        };
        if spec.is_none() {
            self.err_hint(
                node.span,
                format!("`{node}` is not a square"),
                "write a square as [direction, distance], (direction,distance), C, BOX or mound",
            );
        }
        spec
    }

    fn pitch(&mut self, node: &Node) -> Option<Pitch> {
        match yaml::decode::<Pitch>(self.file, node) {
            Ok(p) => Some(p),
            Err(d) => {
                self.problems
                    .push(self.card_problem(d, node, "a Defense card"));
                None
            }
        }
    }

    fn response(&mut self, node: &Node) -> Option<Response> {
        match yaml::decode::<Response>(self.file, node) {
            Ok(r) => Some(r),
            Err(d) => {
                self.problems
                    .push(self.card_problem(d, node, "an Offense card"));
                None
            }
        }
    }

    fn card_problem(&self, d: Diagnostic, node: &Node, what: &str) -> Diagnostic {
        match node.as_str() {
            Some(name) => {
                let mut out = Diagnostic::error(format!("`{name}` is not {what}"));
                out.location = d.location;
                out.hints = d.hints;
                out
            }
            None => d,
        }
    }

    /// A card of either deck: a normal card by name, or a special card's
    /// id.
    fn any_card(&mut self, node: &Node) -> Option<CardName> {
        if let Ok(p) = yaml::decode::<Pitch>(self.file, node) {
            return Some(CardName::Pitch(p));
        }
        if let Ok(r) = yaml::decode::<Response>(self.file, node) {
            return Some(CardName::Response(r));
        }
        if let Some(id) = self.special_id(node, None) {
            return Some(CardName::Special(id));
        }
        let names = normal_card_names();
        let text = node.to_string();
        let hint = match did_you_mean(&text, names.iter().map(String::as_str)) {
            Some(best) => format!("did you mean `{best}`?"),
            None => format!(
                "the cards are: {}, and the special cards of the ruleset's decks by id",
                names.join(", ")
            ),
        };
        self.err_hint(node.span, format!("`{text}` is not a card"), hint);
        None
    }

    /// A card of one deck: a normal card of it by name, or a special
    /// card's id.
    fn deck_card(&mut self, node: &Node, deck: DeckKind) -> Option<CardName> {
        let normal = match deck {
            DeckKind::Defense => yaml::decode::<Pitch>(self.file, node)
                .ok()
                .map(CardName::Pitch),
            DeckKind::Offense => yaml::decode::<Response>(self.file, node)
                .ok()
                .map(CardName::Response),
        };
        if normal.is_some() {
            return normal;
        }
        if let Some(id) = self.special_id(node, Some(deck)) {
            return Some(CardName::Special(id));
        }
        // Not a card of this deck: say so, as the normal cards' reader does.
        match deck {
            DeckKind::Defense => self.pitch(node).map(CardName::Pitch),
            DeckKind::Offense => self.response(node).map(CardName::Response),
        }
    }

    /// A word that may be a special card's id: written like one, no normal
    /// card of either deck, and not a misspelt one (one letter off
    /// `fastball_strike` is a typo, not a special card). Which special
    /// cards there are is the ruleset's to say: the id is recorded for the
    /// setup to check.
    fn special_id(&mut self, node: &Node, deck: Option<DeckKind>) -> Option<String> {
        let word = node.as_str()?;
        let shaped = word.starts_with(|c: char| c.is_ascii_lowercase())
            && word
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        let names = normal_card_names();
        if !shaped
            || names.iter().any(|n| n == word)
            || did_you_mean(word, names.iter().map(String::as_str)).is_some()
        {
            return None;
        }
        self.specials.push(NamedSpecial {
            id: At::new(word.to_string(), node.span),
            deck,
        });
        Some(word.to_string())
    }

    fn cards(&mut self, node: &Node, deck: DeckKind, what: &str) -> Vec<At<CardName>> {
        let mut out = Vec::new();
        for item in self.list(node, what) {
            if let Some(c) = self.deck_card(item, deck) {
                out.push(At::new(c, item.span));
            }
        }
        out
    }

    // ------------------------------------------------------------ the file

    fn scenario(&mut self, root: &Node) -> Option<Scenario> {
        if root.as_map().is_none() {
            self.err_hint(
                root.span,
                "a scenario file is a mapping",
                "see docs/scenarios.md for the format",
            );
            return None;
        }
        let stem = std::path::Path::new(&self.file.name)
            .file_stem()
            .map_or_else(
                || self.file.name.clone(),
                |s| s.to_string_lossy().into_owned(),
            );
        let mut s = Scenario {
            file: Arc::clone(self.file),
            title: stem,
            pins: Vec::new(),
            known_failure: None,
            ruleset: At::new("basic".into(), Span::new(0, 0)),
            set: Vec::new(),
            field: At::new("classic".into(), Span::new(0, 0)),
            teams: None,
            seed: 0,
            specials: Vec::new(),
            start: default_start(),
            dice: Vec::new(),
            decisions: Vec::new(),
            expect: Expect::default(),
        };
        let mut seen_start = false;
        for (key, k, v) in self.entries(root, "a scenario", TOP) {
            match key {
                "scenario" => {
                    if let Some(t) = self.string(v, "the title") {
                        s.title = t;
                    }
                }
                "about" => {
                    self.string(v, "`about`");
                }
                "pins" => {
                    for item in self.list(v, "`pins`") {
                        if let Some(id) = self.string(item, "a clause id") {
                            s.pins.push(At::new(id, item.span));
                        }
                    }
                }
                "known_failure" => s.known_failure = self.string(v, "`known_failure`"),
                "ruleset" => {
                    if let Some(t) = self.string(v, "the ruleset") {
                        s.ruleset = At::new(t, v.span);
                    }
                }
                "field" => {
                    if let Some(t) = self.string(v, "the field") {
                        s.field = At::new(t, v.span);
                    }
                }
                "teams" => s.teams = self.teams(v),
                "seed" => {
                    if let Some(i) = self.int(v, 0, i64::MAX, "the seed") {
                        s.seed = i as u64;
                    }
                }
                "set" => s.set = self.settings(v),
                "start" => {
                    seen_start = true;
                    s.start = self.start(v);
                }
                "dice" => s.dice = self.dice(v),
                "decisions" => {
                    for item in self.list(v, "`decisions`") {
                        if let Some(step) = self.step(item) {
                            s.decisions.push(At::new(step, item_span(item)));
                        }
                    }
                }
                "expect" => s.expect = self.expect(v),
                _ => unreachable!("key {key} of {k}"),
            }
        }
        if !seen_start {
            s.start.phase.span = root.span;
        }
        Some(s)
    }

    /// `teams: {home: falchi, away: corsari}`: both sides, each a shipped
    /// team or a path.
    fn teams(&mut self, node: &Node) -> Option<Teams> {
        if node.as_map().is_none() {
            self.err_hint(
                node.span,
                format!("`teams` is a mapping, not {}", node.value.kind()),
                "write `teams: {home: falchi, away: corsari}`",
            );
            return None;
        }
        let (mut home, mut away) = (None, None);
        let mut named = Vec::new();
        for (side, _, v) in self.entries(node, "`teams`", &["home", "away"]) {
            named.push(side);
            let team = self.string(v, "a team").map(|name| At::new(name, v.span));
            if side == "home" {
                home = team;
            } else {
                away = team;
            }
        }
        for side in ["home", "away"] {
            if !named.contains(&side) {
                self.err_hint(
                    node.span,
                    format!("`teams` names no {side} team"),
                    "name both sides: `teams: {home: falchi, away: corsari}`",
                );
            }
        }
        Some(Teams {
            home: home?,
            away: away?,
        })
    }

    fn settings(&mut self, node: &Node) -> Vec<At<String>> {
        let Some(map) = node.as_map() else {
            self.err(node.span, "`set` maps option names to values");
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in map {
            let value = match &v.value {
                Value::Int(i) => i.to_string(),
                Value::Bool(b) => b.to_string(),
                Value::Str(s) => s.clone(),
                other => {
                    self.err(
                        v.span,
                        format!(
                            "an option's value is a word or a number, not {}",
                            other.kind()
                        ),
                    );
                    continue;
                }
            };
            out.push(At::new(
                format!("{k}={value}"),
                Span::new(k.span.start, v.span.end),
            ));
        }
        out
    }

    fn dice(&mut self, node: &Node) -> Vec<At<u8>> {
        let mut out = Vec::new();
        if !matches!(node.value, Value::Seq(_) | Value::Null) {
            self.err_hint(
                node.span,
                "`dice` is a list of dice",
                "write e.g. `dice: [3, 4, 5, 2]`",
            );
            return out;
        }
        self.walk_dice(node, &mut out);
        out
    }

    /// Nested lists only group dice for the reader: they are flattened in
    /// order.
    fn walk_dice(&mut self, node: &Node, out: &mut Vec<At<u8>>) {
        match &node.value {
            Value::Seq(items) => {
                for item in items {
                    self.walk_dice(item, out);
                }
            }
            Value::Int(_) => {
                if let Some(d) = self.int(node, 1, 6, "a die") {
                    out.push(At::new(d as u8, node.span));
                }
            }
            Value::Null => {}
            other => self.err(
                node.span,
                format!("a die is a number 1 to 6, not {}", other.kind()),
            ),
        }
    }
}

/// The names of the normal cards of both decks.
fn normal_card_names() -> Vec<String> {
    Pitch::ALL
        .iter()
        .map(|&p| words::card(crate::engine::Card::Pitch(p)))
        .chain(
            Response::ALL
                .iter()
                .map(|&r| words::card(crate::engine::Card::Response(r))),
        )
        .collect()
}

/// The span of a whole node: a mapping's runs from its first key to the
/// end of its last value (its own span may be its opening brace only).
fn whole_span(node: &Node) -> Span {
    match &node.value {
        Value::Map(entries) if !entries.is_empty() => {
            let (first, _) = &entries[0];
            let (_, last) = &entries[entries.len() - 1];
            Span::new(first.span.start, whole_span(last).end.max(first.span.end))
        }
        _ => node.span,
    }
}

/// The span of a list item: a one-key mapping written in block style has
/// no span of its own, so it runs from its key to the end of its value.
fn item_span(node: &Node) -> Span {
    match &node.value {
        Value::Map(entries) if entries.len() == 1 => {
            let (k, v) = &entries[0];
            Span::new(k.span.start, v.span.end.max(k.span.end))
        }
        _ => node.span,
    }
}

fn default_start() -> Start {
    Start {
        inning: 1,
        half: Half::Top,
        outs: 0,
        balls: 0,
        strikes: 0,
        score: At::new([Vec::new(), Vec::new()], Span::new(0, 0)),
        batter: 0,
        runners: Vec::new(),
        fielders: Vec::new(),
        ball: None,
        hands: Vec::new(),
        decks: [Vec::new(), Vec::new()],
        rest_discarded: [false, false],
        removed: [Vec::new(), Vec::new()],
        stamina: [None, None],
        specials: [None, None],
        substitutions: Vec::new(),
        bases_at_batter: None,
        shuffles: None,
        phase: At::new(StartPhase::Pitch, Span::new(0, 0)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::Val;
    use super::*;

    fn read(text: &str) -> Result<Scenario, Diagnostics> {
        parse(&SourceFile::new("t.yaml", text))
    }

    #[test]
    fn a_small_scenario_reads() {
        let s = read(
            "scenario: steal\nstart:\n  runners: {first: 2}\n  hands: {defense: [fastball_ball], offense: [runner_goes_to_2nd]}\ndecisions:\n  - pitch: fastball_ball\n  - respond: runner_goes_to_2nd\nexpect:\n  events:\n    - stole: {slot: 2, from: first, to: second}\n  state: {runners: {second: 2}, count: 0-1}\n",
        )
        .unwrap();
        assert_eq!(s.title, "steal");
        assert_eq!(s.decisions.len(), 2);
        assert_eq!(s.expect.events[0].fields[1], ("from", Val::Int(5)));
        assert_eq!(s.expect.state.len(), 2);
    }

    #[test]
    fn special_card_ids_wait_for_the_ruleset_and_typos_do_not() {
        let s = read(
            "start:\n  hands: {defense: [strike_out], offense: [hit_strike_plus_1]}\ndecisions:\n  - swap: strike_out\n  - substitute: {player: Lino Bracco, for: Aldo Fenwick}\n",
        )
        .unwrap();
        let ids: Vec<(&str, Option<DeckKind>)> = s
            .specials
            .iter()
            .map(|n| (n.id.value.as_str(), n.deck))
            .collect();
        assert_eq!(
            ids,
            [
                ("strike_out", Some(DeckKind::Defense)),
                ("hit_strike_plus_1", Some(DeckKind::Offense)),
                ("strike_out", None),
            ]
        );
        assert!(
            matches!(&s.decisions[1].value, super::super::model::Step::Substitute(c)
            if c.player.value == "Lino Bracco" && c.replaced.value == "Aldo Fenwick")
        );
        // One letter off a normal card is a typo of it, and a normal card of
        // the other deck is no special card.
        let err = read("start:\n  hands: {defense: [fastbal_strike, hit_fastball]}\n").unwrap_err();
        assert_eq!(err.len(), 2);
        assert_eq!(
            err.0[0].hints,
            vec!["did you mean `fastball_strike`?".to_string()]
        );
    }

    #[test]
    fn typos_get_suggestions_at_their_place() {
        let err = read("scenario: x\nstart:\n  phse: pitch\ndecisions:\n  - pich: fastball_ball\n")
            .unwrap_err();
        assert_eq!(err.len(), 2);
        assert_eq!(err.0[0].position().unwrap(), "t.yaml:3:3");
        assert_eq!(err.0[0].hints, vec!["did you mean `phase`?".to_string()]);
        assert_eq!(err.0[1].hints, vec!["did you mean `pitch`?".to_string()]);
    }
}
