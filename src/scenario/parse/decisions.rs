//! The `decisions` section: one action per item, written readably
//! (`pitch: fastball_strike`, `move: {SS: [2, 4]}`, `end_turn`).

use crate::engine::{DeckKind, Lie};
use crate::yaml::{Node, Value};

use super::super::model::{CardName, MemoSpec, SquareSpec, Step};
use super::Reader;

const STEPS: &[&str] = &[
    "position",
    "memo",
    "pitch",
    "respond",
    "swap",
    "substitute",
    "texas",
    "play_ball",
    "move",
    "catch",
    "leap",
    "pickup",
    "throw",
    "end_turn",
    "let_drop",
    "send",
    "advance",
    "illegal",
];

impl Reader<'_> {
    pub(super) fn step(&mut self, node: &Node) -> Option<Step> {
        let (name, value) = match &node.value {
            Value::Str(s) => (s.clone(), None),
            Value::Map(entries) if entries.len() == 1 => {
                let (k, v) = &entries[0];
                match k.as_str() {
                    Some(s) => (s.to_string(), Some(v)),
                    None => {
                        self.err(k.span, "a decision is named by a word, e.g. `pitch:`");
                        return None;
                    }
                }
            }
            _ => {
                self.err_hint(
                    node.span,
                    "a decision is one action",
                    "write e.g. `- pitch: fastball_strike` or `- end_turn`",
                );
                return None;
            }
        };
        let key_span = match &node.value {
            Value::Map(entries) => entries[0].0.span,
            _ => node.span,
        };
        if !STEPS.contains(&name.as_str()) {
            self.unknown(key_span, &format!("decision `{name}`"), &name, STEPS);
            return None;
        }
        if name == "end_turn" || name == "let_drop" {
            if let Some(v) = value
                && v.value != Value::Null
            {
                self.err(v.span, format!("`{name}` takes no value"));
            }
            return Some(if name == "end_turn" {
                Step::EndTurn
            } else {
                Step::LetDrop
            });
        }
        let Some(v) = value else {
            self.err_hint(
                node.span,
                format!("`{name}` needs a value"),
                format!("write it as `{name}: ...`; see docs/scenarios.md"),
            );
            return None;
        };
        match name.as_str() {
            "position" => match v.as_str() {
                Some("standard") => Some(Step::Position(None)),
                _ if v.as_map().is_some() => Some(Step::Position(Some(
                    self.fielder_squares(v, true)
                        .into_iter()
                        .map(|(p, s, _)| (p, s))
                        .collect(),
                ))),
                _ => {
                    self.err_hint(
                        v.span,
                        "a position is `standard` or fielders by position",
                        "write `position: standard` or `position: {SS: [2, 4]}`",
                    );
                    None
                }
            },
            "memo" => self.memo(v).map(Step::Memo),
            "pitch" => self.deck_card(v, DeckKind::Defense).map(Step::Pitch),
            "respond" => self.deck_card(v, DeckKind::Offense).map(Step::Respond),
            "swap" => self.any_card(v).map(Step::Swap),
            "substitute" => self.change(v).map(Step::Substitute),
            "texas" => self
                .word(v, &["ground", "fly"], "lie")
                .map(|w| Step::Texas(if w == "fly" { Lie::Fly } else { Lie::Ground })),
            "play_ball" => self.fielder(v).map(Step::PlayBall),
            "catch" => self.fielder(v).map(Step::Catch),
            "leap" => self.fielder(v).map(Step::Leap),
            "pickup" => self.fielder(v).map(Step::Pickup),
            "advance" => self
                .int(v, 0, 20, "an advance")
                .map(|n| Step::Advance(n as u8)),
            "send" => self
                .word(v, &["first", "second", "third", "none"], "runner")
                .map(|w| Step::Send(super::super::words::base_circle(w))),
            "move" => self.moves(v),
            "throw" => self.throw(v),
            "illegal" => {
                let inner = self.step(v)?;
                let single = match &inner {
                    Step::Move(moves) => moves.len() == 1 && moves[0].1.len() == 1,
                    Step::Illegal(_) => false,
                    _ => true,
                };
                if single {
                    Some(Step::Illegal(Box::new(inner)))
                } else {
                    self.err(
                        v.span,
                        "an `illegal` decision is one action: one move, one throw...",
                    );
                    None
                }
            }
            _ => unreachable!("step {name}"),
        }
    }

    pub(super) fn memo(&mut self, v: &Node) -> Option<MemoSpec> {
        let hint = "write `memo: keep`, `memo: draw 1`, `memo: draw 2`, `memo: discard 2` or `memo: {discard: [fastball_ball]}`";
        match &v.value {
            Value::Str(s) => {
                let words: Vec<&str> = s.split_whitespace().collect();
                // How many cards is the engine's to judge (`memorandum.per_batter`):
                // a scenario may try a draw the rules refuse.
                let n = |w: &str| w.parse::<u8>().ok().filter(|&n| n >= 1);
                match words.as_slice() {
                    ["keep"] => Some(MemoSpec::Keep),
                    ["draw", k] if n(k).is_some() => n(k).map(MemoSpec::Draw),
                    ["discard", k] if n(k).is_some() => n(k).map(MemoSpec::DiscardFirst),
                    _ => {
                        self.err_hint(v.span, format!("`{s}` is not a draw or discard"), hint);
                        None
                    }
                }
            }
            Value::Map(_) => {
                let entries = self.entries(v, "a memorandum choice", &["draw", "discard"]);
                if entries.len() != 1 {
                    self.err_hint(v.span, "a memorandum choice either draws or discards", hint);
                    return None;
                }
                let (key, _, n) = entries[0];
                match (key, &n.value) {
                    ("draw", _) => self
                        .int(n, 1, i64::from(u8::MAX), "a draw")
                        .map(|k| MemoSpec::Draw(k as u8)),
                    ("discard", Value::Int(_)) => self
                        .int(n, 1, i64::from(u8::MAX), "a discard")
                        .map(|k| MemoSpec::DiscardFirst(k as u8)),
                    _ => {
                        let items = self.list(n, "the discarded cards");
                        let cards: Vec<CardName> =
                            items.iter().filter_map(|c| self.any_card(c)).collect();
                        if items.is_empty() {
                            self.err(n.span, "a discard names at least one card");
                            return None;
                        }
                        (cards.len() == items.len()).then_some(MemoSpec::Discard(cards))
                    }
                }
            }
            other => {
                self.err_hint(
                    v.span,
                    format!("a memorandum choice is a word, not {}", other.kind()),
                    hint,
                );
                None
            }
        }
    }

    pub(super) fn moves(&mut self, v: &Node) -> Option<Step> {
        let Some(map) = v.as_map() else {
            self.err_hint(
                v.span,
                "a move names the fielder and the square",
                "write `move: {SS: [2, 4]}`, or a path: `move: {CF: [[3, 9], [3, 10]]}`",
            );
            return None;
        };
        let mut out = Vec::new();
        let mut ok = true;
        for (k, sq) in map {
            let fielder = self.fielder(k);
            let path_given = matches!(&sq.value, Value::Seq(items)
                if items.iter().any(|i| !matches!(i.value, Value::Int(_))));
            let squares: Vec<Option<SquareSpec>> = if path_given {
                self.list(sq, "a path")
                    .iter()
                    .map(|s| self.square(s, true))
                    .collect()
            } else {
                vec![self.square(sq, true)]
            };
            match (fielder, squares.iter().all(Option::is_some)) {
                (Some(f), true) => out.push((f, squares.into_iter().flatten().collect())),
                _ => ok = false,
            }
        }
        (ok && !out.is_empty()).then_some(Step::Move(out))
    }

    pub(super) fn throw(&mut self, v: &Node) -> Option<Step> {
        match &v.value {
            Value::Map(_) => {
                let mut from = None;
                let mut to = None;
                let mut ok = true;
                for (key, _, f) in self.entries(v, "a throw", &["from", "to"]) {
                    let fielder = self.fielder(f);
                    ok &= fielder.is_some();
                    if key == "from" {
                        from = fielder;
                    } else {
                        to = fielder;
                    }
                }
                match to {
                    Some(to) if ok => Some(Step::Throw { from, to }),
                    None if ok => {
                        self.err_hint(
                            v.span,
                            "a throw needs its receiver",
                            "write `throw: {from: SS, to: 1B}`",
                        );
                        None
                    }
                    _ => None,
                }
            }
            _ => self.fielder(v).map(|to| Step::Throw { from: None, to }),
        }
    }
}
