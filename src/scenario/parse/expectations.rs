//! The `expect` section: expected events (checked against the event kinds
//! and field types of `readable::KINDS`), absent events, cited clauses and
//! the values of the final state.

use crate::yaml::{Node, Value};

use super::super::model::{At, Compare, Expect, Pattern, SquareSpec, StateCheck, Val};
use super::super::readable::{COMMON, KINDS, Ty, kind_fields};
use super::super::words;
use super::start::deck_of;
use super::{Reader, item_span};

const EXPECT: &[&str] = &["events", "absent", "cites", "state"];

const STATE: &[&str] = &[
    "inning",
    "half",
    "outs",
    "count",
    "balls",
    "strikes",
    "runners",
    "score",
    "phase",
    "batter",
    "ball",
    "fielders",
    "hands",
    "stamina",
    "pitcher",
    "positions",
    "specials",
    "decks",
];

impl Reader<'_> {
    pub(super) fn expect(&mut self, node: &Node) -> Expect {
        let mut e = Expect::default();
        for (key, _, v) in self.entries(node, "`expect`", EXPECT) {
            match key {
                "events" => {
                    for item in self.list(v, "the expected events") {
                        if let Some(p) = self.pattern(item) {
                            e.events.push(p);
                        }
                    }
                }
                "absent" => {
                    for item in self.list(v, "the absent events") {
                        if let Some(p) = self.pattern(item) {
                            e.absent.push(p);
                        }
                    }
                }
                "cites" => {
                    for item in self.list(v, "the cited clauses") {
                        if let Some(id) = self.string(item, "a clause id") {
                            e.cites.push(At::new(id, item.span));
                        }
                    }
                }
                _ => e.state = self.state(v),
            }
        }
        e
    }

    pub(super) fn pattern(&mut self, node: &Node) -> Option<Pattern> {
        let (kind_node, fields_node) = match &node.value {
            Value::Str(_) => (node, None),
            Value::Map(entries) if entries.len() == 1 => (&entries[0].0, Some(&entries[0].1)),
            _ => {
                self.err_hint(
                    node.span,
                    "an expected event is one kind with its fields",
                    "write e.g. `- out: {slot: 3, how: force}` or `- walk`",
                );
                return None;
            }
        };
        let names: Vec<&str> = KINDS.iter().map(|(k, _)| *k).collect();
        let kind_text = kind_node.as_str().unwrap_or_default().to_string();
        let Some((kind, types)) = kind_fields(&kind_text) else {
            self.unknown(
                kind_node.span,
                &format!("event `{kind_text}`"),
                &kind_text,
                &names,
            );
            return None;
        };
        let mut fields = Vec::new();
        if let Some(f) = fields_node {
            let allowed: Vec<&'static str> =
                types.iter().chain(COMMON.iter()).map(|(n, _)| *n).collect();
            for (name, _, v) in self.entries(f, &format!("the `{kind}` event"), &allowed) {
                let ty = types
                    .iter()
                    .chain(COMMON.iter())
                    .find(|(n, _)| *n == name)
                    .map(|(_, t)| *t)
                    .unwrap_or(Ty::Text);
                if let Some(val) = self.typed(v, ty, name) {
                    fields.push((name, val));
                }
            }
        }
        Some(Pattern {
            kind,
            fields,
            span: item_span(node),
        })
    }

    /// An expected value of a typed field, in the form events project to.
    pub(super) fn typed(&mut self, node: &Node, ty: Ty, name: &str) -> Option<Val> {
        match ty {
            Ty::Int => self.int(node, i64::MIN, i64::MAX, name).map(Val::Int),
            Ty::Bool => match node.value {
                Value::Bool(b) => Some(Val::Bool(b)),
                ref other => {
                    self.err(
                        node.span,
                        format!("`{name}` is true or false, not {}", other.kind()),
                    );
                    None
                }
            },
            Ty::Word(choices) => self.word(node, choices, name).map(|w| Val::Word(w.into())),
            Ty::Text => self.string(node, name).map(Val::Word),
            Ty::Square => {
                if node.value == Value::Null {
                    return Some(Val::Null);
                }
                self.square(node, false).map(square_val)
            }
            Ty::Squares => {
                let items = self.list(node, name);
                let squares: Vec<Option<Val>> = items
                    .iter()
                    .map(|i| self.square(i, false).map(square_val))
                    .collect();
                squares
                    .into_iter()
                    .collect::<Option<Vec<_>>>()
                    .map(Val::List)
            }
            Ty::Fielder => self
                .fielder(node)
                .map(|f| Val::Word(words::position_name(f).into())),
            Ty::Fielders => {
                let items = self.list(node, name);
                let fielders: Vec<Option<Val>> = items
                    .iter()
                    .map(|i| self.fielder(i).map(|f| Val::Int(i64::from(f) + 1)))
                    .collect();
                fielders
                    .into_iter()
                    .collect::<Option<Vec<_>>>()
                    .map(Val::List)
            }
            Ty::Dice => {
                let items = self.list(node, name);
                let dice: Vec<Option<Val>> = items
                    .iter()
                    .map(|i| self.int(i, 1, 6, "a die").map(Val::Int))
                    .collect();
                dice.into_iter().collect::<Option<Vec<_>>>().map(Val::List)
            }
            Ty::Circle => self.circle_or_home(node).map(|c| Val::Int(i64::from(c))),
            Ty::Card => self.any_card(node).map(|c| Val::Word(words::card_name(&c))),
            Ty::MaybeInt if node.value == Value::Null => Some(Val::Null),
            Ty::MaybeInt => self.typed(node, Ty::Int, name),
            Ty::MaybeFielder if node.value == Value::Null => Some(Val::Null),
            Ty::MaybeFielder => self.typed(node, Ty::Fielder, name),
        }
    }

    pub(super) fn circle_or_home(&mut self, node: &Node) -> Option<u8> {
        match &node.value {
            Value::Int(_) => self.int(node, 0, 20, "a circle").map(|c| c as u8),
            _ => self.circle(node),
        }
    }

    pub(super) fn state(&mut self, node: &Node) -> Vec<StateCheck> {
        let mut out = Vec::new();
        for (key, _, v) in self.entries(node, "the expected state", STATE) {
            let check = |value, mode| StateCheck {
                key,
                value,
                mode,
                span: v.span,
            };
            match key {
                "inning" | "outs" | "balls" | "strikes" | "batter" => {
                    if let Some(i) = self.int(v, 0, 99, key) {
                        out.push(check(Val::Int(i), Compare::Equal));
                    }
                }
                "half" => {
                    if let Some(w) = self.word(v, &["top", "bottom"], "half") {
                        out.push(check(Val::Word(w.into()), Compare::Equal));
                    }
                }
                "phase" => {
                    if let Some(w) = self.word(v, words::PHASES, "phase") {
                        out.push(check(Val::Word(w.into()), Compare::Equal));
                    }
                }
                "count" => {
                    if let Some((b, s)) = self.count(v, 4, 3) {
                        out.push(check(Val::Word(format!("{b}-{s}")), Compare::Equal));
                    }
                }
                "score" => {
                    let mut entries = Vec::new();
                    for (side, _, n) in self.entries(v, "`score`", &["home", "away"]) {
                        if let Some(i) = self.int(n, 0, 999, "a score") {
                            entries.push((side.to_string(), Val::Int(i)));
                        }
                    }
                    out.push(check(Val::Map(entries), Compare::Subset));
                }
                "runners" => {
                    let mut runners = self.runners(v, 0);
                    runners.sort_by_key(|r| r.value.0);
                    let listed = matches!(v.value, Value::Seq(_));
                    let value = if listed {
                        Val::List(
                            runners
                                .iter()
                                .map(|r| Val::Word(words::circle_key(r.value.0)))
                                .collect(),
                        )
                    } else {
                        Val::Map(
                            runners
                                .iter()
                                .map(|r| {
                                    (
                                        words::circle_key(r.value.0),
                                        Val::Int(i64::from(r.value.1.unwrap_or(0))),
                                    )
                                })
                                .collect(),
                        )
                    };
                    out.push(check(
                        value,
                        if listed {
                            Compare::Where
                        } else {
                            Compare::Equal
                        },
                    ));
                }
                "ball" => {
                    if v.as_str() == Some("dead") {
                        out.push(check(Val::Word("dead".into()), Compare::Equal));
                        continue;
                    }
                    let mut entries = Vec::new();
                    for (k, _, x) in self.entries(
                        v,
                        "the ball",
                        &["held_by", "at", "lie", "dropped", "from", "to"],
                    ) {
                        let ty = match k {
                            "held_by" | "from" | "to" => Ty::Fielder,
                            "at" => Ty::Square,
                            "lie" => Ty::Word(&["ground", "fly"]),
                            _ => Ty::Bool,
                        };
                        if let Some(val) = self.typed(x, ty, k) {
                            entries.push((k.to_string(), val));
                        }
                    }
                    out.push(check(Val::Map(entries), Compare::Subset));
                }
                "fielders" => {
                    let squares = self.fielder_squares(v, false);
                    out.push(check(
                        Val::Map(
                            squares
                                .into_iter()
                                .map(|(p, s, _)| {
                                    (words::position_name(p).to_string(), square_val(s))
                                })
                                .collect(),
                        ),
                        Compare::Subset,
                    ));
                }
                "hands" => {
                    for (deck, _, h) in
                        self.entries(v, "the expected hands", &["defense", "offense"])
                    {
                        let key = if deck == "defense" {
                            "hands.defense"
                        } else {
                            "hands.offense"
                        };
                        let (value, mode) = match h.value {
                            Value::Int(_) => match self.int(h, 0, 50, "a hand's size") {
                                Some(n) => (Val::Int(n), Compare::Size),
                                None => continue,
                            },
                            _ => {
                                let cards = self.cards(h, deck_of(deck == "defense"), "a hand");
                                let mut names: Vec<String> =
                                    cards.iter().map(|c| words::card_name(&c.value)).collect();
                                names.sort();
                                (
                                    Val::List(names.into_iter().map(Val::Word).collect()),
                                    Compare::Equal,
                                )
                            }
                        };
                        out.push(StateCheck {
                            key,
                            value,
                            mode,
                            span: h.span,
                        });
                    }
                }
                "stamina" => {
                    let mut entries = Vec::new();
                    for (side, _, n) in self.entries(v, "`stamina`", &["home", "away"]) {
                        // `~`: not rolled yet.
                        if n.value == Value::Null {
                            entries.push((side.to_string(), Val::Null));
                        } else if let Some(i) = self.int(n, 0, 99, "a pitcher's stamina") {
                            entries.push((side.to_string(), Val::Int(i)));
                        }
                    }
                    out.push(check(Val::Map(entries), Compare::Subset));
                }
                "pitcher" => {
                    let mut entries = Vec::new();
                    for (side, _, n) in self.entries(v, "`pitcher`", &["home", "away"]) {
                        if let Some(name) = self.string(n, "a player's name") {
                            entries.push((side.to_string(), Val::Word(name)));
                        }
                    }
                    out.push(check(Val::Map(entries), Compare::Subset));
                }
                "positions" => {
                    let mut entries = Vec::new();
                    for (side, _, m) in self.entries(v, "`positions`", &["home", "away"]) {
                        let Some(map) = m.as_map() else {
                            self.err_hint(
                                m.span,
                                format!("a side's positions are a mapping, not {}", m.value.kind()),
                                "write `positions: {home: {SS: Kiko Fabbrizzi}}`",
                            );
                            continue;
                        };
                        let mut players = Vec::new();
                        for (k, name) in map {
                            if let (Some(pos), Some(name)) =
                                (self.fielder(k), self.string(name, "a player's name"))
                            {
                                players
                                    .push((words::position_name(pos).to_string(), Val::Word(name)));
                            }
                        }
                        entries.push((side.to_string(), Val::Map(players)));
                    }
                    out.push(check(Val::Map(entries), Compare::Subset));
                }
                "specials" => {
                    let mut entries = Vec::new();
                    for (side, _, m) in self.entries(v, "`specials`", &["home", "away"]) {
                        let mut counts = Vec::new();
                        for (key, _, n) in
                            self.entries(m, "the played specials", &["game", "defense", "offense"])
                        {
                            if let Some(i) = self.int(n, 0, 99, &format!("`{key}`")) {
                                counts.push((key.to_string(), Val::Int(i)));
                            }
                        }
                        entries.push((side.to_string(), Val::Map(counts)));
                    }
                    out.push(check(Val::Map(entries), Compare::Subset));
                }
                "decks" => {
                    let mut entries = Vec::new();
                    for (deck, _, m) in self.entries(v, "`decks`", &["defense", "offense"]) {
                        let mut piles = Vec::new();
                        for (pile, _, n) in
                            self.entries(m, "a deck's piles", &["draw", "discard", "removed"])
                        {
                            if let Some(i) = self.int(n, 0, 255, "a pile's size") {
                                piles.push((pile.to_string(), Val::Int(i)));
                            }
                        }
                        entries.push((deck.to_string(), Val::Map(piles)));
                    }
                    out.push(check(Val::Map(entries), Compare::Subset));
                }
                _ => unreachable!(),
            }
        }
        out
    }
}

/// A square spec as the value events project squares to (no `mound`).
fn square_val(spec: SquareSpec) -> Val {
    match spec {
        SquareSpec::Grid(d, k) => Val::List(vec![Val::Int(i64::from(d)), Val::Int(i64::from(k))]),
        SquareSpec::Catcher => Val::Word("C".into()),
        SquareSpec::Box => Val::Word("BOX".into()),
        SquareSpec::Mound => Val::Word("mound".into()),
    }
}
