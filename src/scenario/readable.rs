//! Events as scenario files write them: each `EventKind` becomes a kind
//! word and a few named fields of plain values (`out: {slot: 3, how: force,
//! fielders: [6, 3]}`), with fielders by position, squares as `[d, k]` and
//! cards by name. `KINDS` lists every kind with its fields and their
//! types, which is what the parser checks expected events against;
//! `project` turns an engine event into the same shape. The text form of a
//! `Val` is flow YAML, so a report's lines can be pasted into a scenario.

use std::fmt;

use crate::engine::{Card, DeckList, Event, EventKind, GameRules, Landing, OutHow};
use crate::field::Field;

use super::model::Val;
use super::words;

/// The type of an event field, for reading expected values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ty {
    /// A whole number.
    Int,
    /// `true` or `false`.
    Bool,
    /// One of a few words.
    Word(&'static [&'static str]),
    /// Free text.
    Text,
    /// A square: `[d, k]`, `(d,k)`, `C`, `BOX`, `mound`; or `~`.
    Square,
    /// A list of squares.
    Squares,
    /// A fielder: `SS` or the scorer's number.
    Fielder,
    /// A list of fielders as scorer's numbers (`[6, 3]`; names allowed).
    Fielders,
    /// A list of dice.
    Dice,
    /// A base-path circle: 0..20, or `first`, `second`, `third`.
    Circle,
    /// A card name: a normal card's, or a special card's id.
    Card,
    /// A whole number, or `~` for none.
    MaybeInt,
    /// A fielder, or `~` for none.
    MaybeFielder,
}

const SIDES: &[&str] = &["home", "away"];
const DECKS: &[&str] = &["defense", "offense"];
const HALVES: &[&str] = &["top", "bottom"];
const LIES: &[&str] = &["ground", "fly"];
const OUTS: &[&str] = &["strikeout", "caught", "force", "tag", "collision"];
const LANDINGS: &[&str] = &["field", "wall", "home_run"];
const FIELDING: &[&str] = &["catch", "leap", "pickup"];
const TIRING: &[&str] = &[
    "inning_pitched",
    "batting_turn",
    "home_run",
    "base_conceded",
    "walk",
];

/// Every event kind and its fields, in the order reports print them.
pub(crate) const KINDS: &[(&str, &[(&str, Ty)])] = &[
    ("shuffled", &[("deck", Ty::Word(DECKS))]),
    (
        "half_started",
        &[("inning", Ty::Int), ("half", Ty::Word(HALVES))],
    ),
    ("positioned", &[("squares", Ty::Squares)]),
    (
        "substitution",
        &[
            ("side", Ty::Word(SIDES)),
            ("player", Ty::Text),
            ("for", Ty::Text),
            ("slot", Ty::MaybeInt),
            ("position", Ty::MaybeFielder),
        ],
    ),
    (
        "stamina_rolled",
        &[
            ("side", Ty::Word(SIDES)),
            ("die", Ty::Int),
            ("stamina", Ty::Int),
        ],
    ),
    (
        "tired",
        &[
            ("side", Ty::Word(SIDES)),
            ("cause", Ty::Word(TIRING)),
            ("stamina", Ty::Int),
        ],
    ),
    (
        "special_played",
        &[
            ("side", Ty::Word(SIDES)),
            ("card", Ty::Card),
            ("value", Ty::Int),
            ("immediate", Ty::Bool),
        ],
    ),
    ("swapped", &[("side", Ty::Word(SIDES)), ("card", Ty::Card)]),
    ("batter_up", &[("side", Ty::Word(SIDES)), ("slot", Ty::Int)]),
    (
        "drew",
        &[
            ("side", Ty::Word(SIDES)),
            ("deck", Ty::Word(DECKS)),
            ("count", Ty::Int),
            ("forced", Ty::Bool),
        ],
    ),
    (
        "discarded",
        &[
            ("side", Ty::Word(SIDES)),
            ("deck", Ty::Word(DECKS)),
            ("count", Ty::Int),
        ],
    ),
    ("reshuffled", &[("deck", Ty::Word(DECKS))]),
    ("count", &[("balls", Ty::Int), ("strikes", Ty::Int)]),
    ("pitched", &[("card", Ty::Card)]),
    ("responded", &[("card", Ty::Card)]),
    ("ball", &[("balls", Ty::Int), ("strikes", Ty::Int)]),
    ("strike", &[("balls", Ty::Int), ("strikes", Ty::Int)]),
    ("hit_bonus", &[("bonus", Ty::Int)]),
    (
        "foul",
        &[
            ("distance", Ty::Int),
            ("balls", Ty::Int),
            ("strikes", Ty::Int),
        ],
    ),
    ("walk", &[("slot", Ty::Int)]),
    (
        "stole",
        &[("slot", Ty::Int), ("from", Ty::Circle), ("to", Ty::Circle)],
    ),
    ("rolled", &[("purpose", Ty::Text), ("dice", Ty::Dice)]),
    (
        "hit",
        &[
            ("direction", Ty::Int),
            ("distance", Ty::Int),
            ("landing", Ty::Word(LANDINGS)),
            ("square", Ty::Square),
        ],
    ),
    ("lies", &[("lie", Ty::Word(LIES)), ("chosen", Ty::Bool)]),
    ("plays", &[("fielder", Ty::Fielder), ("budget", Ty::Int)]),
    (
        "moved",
        &[
            ("fielder", Ty::Fielder),
            ("from", Ty::Square),
            ("to", Ty::Square),
        ],
    ),
    (
        "fielded",
        &[
            ("fielder", Ty::Fielder),
            ("how", Ty::Word(FIELDING)),
            ("need", Ty::Int),
            ("roll", Ty::Int),
            ("success", Ty::Bool),
        ],
    ),
    ("dropped", &[]),
    (
        "threw",
        &[
            ("from", Ty::Fielder),
            ("to", Ty::Fielder),
            ("at", Ty::Square),
            ("arrived", Ty::Bool),
        ],
    ),
    (
        "ran",
        &[("slot", Ty::Int), ("from", Ty::Circle), ("to", Ty::Circle)],
    ),
    (
        "collided",
        &[
            ("slot", Ty::Int),
            ("ball_first", Ty::Bool),
            ("offense_die", Ty::Int),
            ("defense_die", Ty::Int),
            ("out", Ty::Bool),
        ],
    ),
    ("scored", &[("slot", Ty::Int)]),
    (
        "out",
        &[
            ("slot", Ty::Int),
            ("how", Ty::Word(OUTS)),
            ("fielders", Ty::Fielders),
        ],
    ),
    ("defense_turn_ended", &[]),
    ("offense_turn_ended", &[]),
    ("play_ended", &[("batter_reached", Ty::Int)]),
    ("half_ended", &[("runs", Ty::Int)]),
    ("game_over", &[("home", Ty::Int), ("away", Ty::Int)]),
];

/// The fields every event has besides its own: the rule key that produced
/// it and the clause that rule cites.
pub(crate) const COMMON: &[(&str, Ty)] = &[("rule", Ty::Text), ("clause", Ty::Text)];

/// The fields of a kind, if it is one.
pub(crate) fn kind_fields(kind: &str) -> Option<(&'static str, &'static [(&'static str, Ty)])> {
    KINDS.iter().find(|(k, _)| *k == kind).copied()
}

/// An engine event as a scenario writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readable {
    /// The kind word.
    pub kind: &'static str,
    /// Its own fields.
    pub fields: Vec<(&'static str, Val)>,
    /// The rule key.
    pub rule: String,
    /// The clause the rule cites.
    pub clause: String,
}

impl Readable {
    /// A field's value, `rule` and `clause` included.
    pub fn get(&self, name: &str) -> Option<Val> {
        match name {
            "rule" => Some(Val::Word(self.rule.clone())),
            "clause" => Some(Val::Word(self.clause.clone())),
            _ => self
                .fields
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.clone()),
        }
    }

    /// The event as a list item of `expect.events`: `out: {slot: 3, ...}`.
    pub fn text(&self) -> String {
        if self.fields.is_empty() {
            return self.kind.to_string();
        }
        let fields: Vec<String> = self
            .fields
            .iter()
            .map(|(n, v)| format!("{n}: {v}"))
            .collect();
        format!("{}: {{{}}}", self.kind, fields.join(", "))
    }

    /// The rule and clause, as a report's comment: `pitch.outcomes =
    /// core.pitch.hit-type`.
    pub fn why(&self) -> String {
        format!("{} = {}", self.rule, self.clause)
    }
}

/// Projects a run of events. A card played as a pitch or a response is
/// named by its special card's id when the `special_played` just before
/// it says it was one (the `pitched` event itself names the normal card a
/// special card plays as).
pub fn project_all<'e>(
    events: impl IntoIterator<Item = &'e Event>,
    rules: &GameRules,
    field: &Field,
) -> Vec<Readable> {
    let mut out: Vec<Readable> = Vec::new();
    let mut special: Option<&str> = None;
    for event in events {
        let mut r = project(event, rules, field);
        if let (Some(id), EventKind::Pitched { .. } | EventKind::Responded { .. }) =
            (special, &event.kind)
        {
            r.fields = vec![("card", Val::Word(id.to_string()))];
        }
        special = match &event.kind {
            EventKind::SpecialPlayed { id, .. } => Some(id),
            _ => None,
        };
        out.push(r);
    }
    out
}

/// A card as events name it: an immediate special card by its id (a card
/// with a value plays as, and is shown as, the normal card it names).
fn shown(deck: &DeckList, card: Card) -> String {
    match card {
        Card::Immediate(i) => deck
            .immediate(i)
            .map_or_else(|| words::card(card), |s| s.id.to_string()),
        _ => words::card(card),
    }
}

/// The id of a special card from its printed name (as `swapped` events
/// carry it), or the name when no deck has it.
fn special_id(rules: &GameRules, name: &str) -> String {
    [&rules.defense_deck, &rules.offense_deck]
        .into_iter()
        .flat_map(|deck| deck.ids().filter_map(move |c| deck.special(c)))
        .find(|s| s.name == name)
        .map_or_else(|| name.to_string(), |s| s.id.to_string())
}

/// Projects an engine event.
pub fn project(event: &Event, rules: &GameRules, field: &Field) -> Readable {
    let int = |i: u8| Val::Int(i64::from(i));
    let word = |w: &str| Val::Word(w.to_string());
    let fielder = |f: u8| Val::Word(words::position_name(f).to_string());
    let sq = |s| words::square(field, s);
    let deck = |d: crate::engine::DeckKind| {
        word(match d {
            crate::engine::DeckKind::Defense => "defense",
            crate::engine::DeckKind::Offense => "offense",
        })
    };
    let (kind, fields): (&'static str, Vec<(&'static str, Val)>) = match &event.kind {
        EventKind::Shuffled { deck: d } => ("shuffled", vec![("deck", deck(*d))]),
        EventKind::HalfStarted { inning, half } => (
            "half_started",
            vec![("inning", int(*inning)), ("half", word(half.word()))],
        ),
        EventKind::Positioned { squares } => (
            "positioned",
            vec![(
                "squares",
                Val::List(squares.iter().map(|&s| sq(s)).collect()),
            )],
        ),
        EventKind::Substitution {
            side,
            name,
            replaced_name,
            slot,
            position,
            ..
        } => (
            "substitution",
            vec![
                ("side", word(words::side(*side))),
                ("player", word(name)),
                ("for", word(replaced_name)),
                ("slot", slot.map_or(Val::Null, int)),
                ("position", position.map_or(Val::Null, fielder)),
            ],
        ),
        EventKind::SpecialPlayed {
            side,
            id,
            value,
            immediate,
            ..
        } => (
            "special_played",
            vec![
                ("side", word(words::side(*side))),
                ("card", word(id)),
                ("value", Val::Int(i64::from(*value))),
                ("immediate", Val::Bool(*immediate)),
            ],
        ),
        EventKind::Swapped { side, name } => (
            "swapped",
            vec![
                ("side", word(words::side(*side))),
                ("card", word(&special_id(rules, name))),
            ],
        ),
        EventKind::StaminaRolled { side, die, stamina } => (
            "stamina_rolled",
            vec![
                ("side", word(words::side(*side))),
                ("die", int(*die)),
                ("stamina", int(*stamina)),
            ],
        ),
        EventKind::Tired {
            side,
            cause,
            stamina,
        } => (
            "tired",
            vec![
                ("side", word(words::side(*side))),
                ("cause", word(cause)),
                ("stamina", int(*stamina)),
            ],
        ),
        EventKind::BatterUp { side, slot } => (
            "batter_up",
            vec![("side", word(words::side(*side))), ("slot", int(*slot))],
        ),
        EventKind::Drew {
            side,
            deck: d,
            count,
            forced,
        } => (
            "drew",
            vec![
                ("side", word(words::side(*side))),
                ("deck", deck(*d)),
                ("count", int(*count)),
                ("forced", Val::Bool(*forced)),
            ],
        ),
        EventKind::Discarded {
            side,
            deck: d,
            count,
        } => (
            "discarded",
            vec![
                ("side", word(words::side(*side))),
                ("deck", deck(*d)),
                ("count", int(*count)),
            ],
        ),
        EventKind::Reshuffled { deck: d } => ("reshuffled", vec![("deck", deck(*d))]),
        EventKind::Count { balls, strikes } => (
            "count",
            vec![("balls", int(*balls)), ("strikes", int(*strikes))],
        ),
        EventKind::Pitched { card } => (
            "pitched",
            vec![("card", word(&shown(&rules.defense_deck, *card)))],
        ),
        EventKind::Responded { card } => (
            "responded",
            vec![("card", word(&shown(&rules.offense_deck, *card)))],
        ),
        EventKind::Ball { balls, strikes } => (
            "ball",
            vec![("balls", int(*balls)), ("strikes", int(*strikes))],
        ),
        EventKind::Strike { balls, strikes } => (
            "strike",
            vec![("balls", int(*balls)), ("strikes", int(*strikes))],
        ),
        EventKind::HitBonus { bonus } => ("hit_bonus", vec![("bonus", int(*bonus))]),
        EventKind::Foul {
            distance,
            balls,
            strikes,
        } => (
            "foul",
            vec![
                ("distance", Val::Int(i64::from(*distance))),
                ("balls", int(*balls)),
                ("strikes", int(*strikes)),
            ],
        ),
        EventKind::Walk { slot } => ("walk", vec![("slot", int(*slot))]),
        EventKind::Stole { slot, from, to } => (
            "stole",
            vec![("slot", int(*slot)), ("from", int(*from)), ("to", int(*to))],
        ),
        EventKind::Rolled { purpose, dice } => (
            "rolled",
            vec![
                ("purpose", word(purpose)),
                ("dice", Val::List(dice.iter().map(|&d| int(d)).collect())),
            ],
        ),
        EventKind::Hit {
            direction,
            distance,
            landing,
            square,
        } => (
            "hit",
            vec![
                ("direction", int(*direction)),
                ("distance", Val::Int(i64::from(*distance))),
                (
                    "landing",
                    word(match landing {
                        Landing::Field => "field",
                        Landing::Wall => "wall",
                        Landing::HomeRun => "home_run",
                    }),
                ),
                ("square", square.map_or(Val::Null, sq)),
            ],
        ),
        EventKind::Lies { lie, chosen } => (
            "lies",
            vec![
                ("lie", word(words::lie(*lie))),
                ("chosen", Val::Bool(*chosen)),
            ],
        ),
        EventKind::Plays { fielder: f, budget } => (
            "plays",
            vec![("fielder", fielder(*f)), ("budget", int(*budget))],
        ),
        EventKind::Moved {
            fielder: f,
            from,
            to,
        } => (
            "moved",
            vec![
                ("fielder", fielder(*f)),
                ("from", sq(*from)),
                ("to", sq(*to)),
            ],
        ),
        EventKind::Fielded {
            fielder: f,
            how,
            need,
            roll,
            success,
        } => (
            "fielded",
            vec![
                ("fielder", fielder(*f)),
                ("how", word(how)),
                ("need", int(*need)),
                ("roll", int(*roll)),
                ("success", Val::Bool(*success)),
            ],
        ),
        EventKind::Dropped => ("dropped", vec![]),
        EventKind::Threw {
            from,
            to,
            at,
            arrived,
        } => (
            "threw",
            vec![
                ("from", fielder(*from)),
                ("to", fielder(*to)),
                ("at", sq(*at)),
                ("arrived", Val::Bool(*arrived)),
            ],
        ),
        EventKind::Ran { slot, from, to } => (
            "ran",
            vec![("slot", int(*slot)), ("from", int(*from)), ("to", int(*to))],
        ),
        EventKind::Collided {
            slot,
            ball_first,
            offense_die,
            defense_die,
            out,
        } => (
            "collided",
            vec![
                ("slot", int(*slot)),
                ("ball_first", Val::Bool(*ball_first)),
                ("offense_die", int(*offense_die)),
                ("defense_die", int(*defense_die)),
                ("out", Val::Bool(*out)),
            ],
        ),
        EventKind::Scored { slot } => ("scored", vec![("slot", int(*slot))]),
        EventKind::Out {
            slot,
            how,
            fielders,
        } => (
            "out",
            vec![
                ("slot", int(*slot)),
                (
                    "how",
                    word(match how {
                        OutHow::Strikeout => "strikeout",
                        OutHow::Caught => "caught",
                        OutHow::Force => "force",
                        OutHow::Tag => "tag",
                        OutHow::Collision => "collision",
                    }),
                ),
                (
                    "fielders",
                    Val::List(fielders.iter().map(|&f| int(f)).collect()),
                ),
            ],
        ),
        EventKind::DefenseTurnEnded => ("defense_turn_ended", vec![]),
        EventKind::OffenseTurnEnded => ("offense_turn_ended", vec![]),
        EventKind::PlayEnded { batter_reached } => {
            ("play_ended", vec![("batter_reached", int(*batter_reached))])
        }
        EventKind::HalfEnded { runs } => ("half_ended", vec![("runs", Val::Int(i64::from(*runs)))]),
        EventKind::GameOver { home, away } => (
            "game_over",
            vec![
                ("home", Val::Int(i64::from(*home))),
                ("away", Val::Int(i64::from(*away))),
            ],
        ),
    };
    Readable {
        kind,
        fields,
        rule: event.rule.to_string(),
        clause: rules.source(event.rule).to_string(),
    }
}

impl fmt::Display for Val {
    /// Flow YAML on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Val::Null => f.write_str("~"),
            Val::Int(i) => write!(f, "{i}"),
            Val::Bool(b) => write!(f, "{b}"),
            Val::Word(w) => {
                let plain = !w.is_empty()
                    && w.chars().all(|c| c.is_alphanumeric() || "_-.".contains(c))
                    && !matches!(w.as_str(), "true" | "false" | "null" | "~")
                    && w.parse::<f64>().is_err();
                if plain {
                    f.write_str(w)
                } else {
                    write!(f, "{w:?}")
                }
            }
            Val::List(items) => crate::yaml::write_flow_seq(f, items),
            Val::Map(entries) => crate::yaml::write_flow_map(f, entries),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_listed_once() {
        let mut names: Vec<&str> = KINDS.iter().map(|(k, _)| *k).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), KINDS.len());
    }

    #[test]
    fn projections_have_the_fields_of_the_table() {
        use crate::engine::{Card, DeckKind, Half, Lie, Side};
        let ruleset = crate::ruleset::Ruleset::load("basic").unwrap();
        let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
        let field = crate::field::load_field("classic").unwrap();
        let sq = field.id(5).unwrap();
        let card = Card::Pitch(crate::ruleset::schema::Pitch::FastballBall);
        let (side, deck) = (Side::Home, DeckKind::Defense);
        let kinds = vec![
            EventKind::Shuffled { deck },
            EventKind::HalfStarted {
                inning: 1,
                half: Half::Top,
            },
            EventKind::Positioned { squares: [sq; 9] },
            EventKind::Substitution {
                side,
                player: 4,
                name: "Lino Bracco",
                replaced: 1,
                replaced_name: "Aldo Fenwick",
                slot: Some(8),
                position: Some(0),
            },
            EventKind::StaminaRolled {
                side,
                die: 3,
                stamina: 7,
            },
            EventKind::Tired {
                side,
                cause: "inning_pitched",
                stamina: 6,
            },
            EventKind::SpecialPlayed {
                side,
                id: "strike_out",
                name: "Strike Out",
                value: 0,
                immediate: true,
            },
            EventKind::Swapped {
                side,
                name: "Strike Out",
            },
            EventKind::BatterUp { side, slot: 0 },
            EventKind::Drew {
                side,
                deck,
                count: 1,
                forced: false,
            },
            EventKind::Discarded {
                side,
                deck,
                count: 1,
            },
            EventKind::Reshuffled { deck },
            EventKind::Count {
                balls: 0,
                strikes: 0,
            },
            EventKind::Pitched { card },
            EventKind::Responded { card },
            EventKind::Ball {
                balls: 1,
                strikes: 0,
            },
            EventKind::Strike {
                balls: 0,
                strikes: 1,
            },
            EventKind::HitBonus { bonus: 1 },
            EventKind::Foul {
                distance: 0,
                balls: 0,
                strikes: 1,
            },
            EventKind::Walk { slot: 0 },
            EventKind::Stole {
                slot: 0,
                from: 5,
                to: 10,
            },
            EventKind::Rolled {
                purpose: "hit",
                dice: crate::engine::dice::Dice::one(1),
            },
            EventKind::Hit {
                direction: 1,
                distance: 2,
                landing: Landing::Field,
                square: Some(sq),
            },
            EventKind::Lies {
                lie: Lie::Fly,
                chosen: false,
            },
            EventKind::Plays {
                fielder: 0,
                budget: 3,
            },
            EventKind::Moved {
                fielder: 0,
                from: sq,
                to: sq,
            },
            EventKind::Fielded {
                fielder: 0,
                how: "catch",
                need: 2,
                roll: 2,
                success: true,
            },
            EventKind::Dropped,
            EventKind::Threw {
                from: 0,
                to: 1,
                at: sq,
                arrived: true,
            },
            EventKind::Ran {
                slot: 0,
                from: 0,
                to: 5,
            },
            EventKind::Collided {
                slot: 0,
                ball_first: true,
                offense_die: 4,
                defense_die: 2,
                out: true,
            },
            EventKind::Scored { slot: 0 },
            EventKind::Out {
                slot: 0,
                how: OutHow::Force,
                fielders: vec![6, 3].into(),
            },
            EventKind::DefenseTurnEnded,
            EventKind::OffenseTurnEnded,
            EventKind::PlayEnded { batter_reached: 1 },
            EventKind::HalfEnded { runs: 0 },
            EventKind::GameOver { home: 1, away: 0 },
        ];
        assert_eq!(kinds.len(), KINDS.len());
        for kind in kinds {
            let r = project(&Event { rule: "x", kind }, &rules, &field);
            let (_, table) = kind_fields(r.kind).unwrap();
            let names: Vec<&str> = r.fields.iter().map(|(n, _)| *n).collect();
            let listed: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            assert_eq!(names, listed, "{}", r.kind);
        }
    }

    #[test]
    fn values_print_as_flow_yaml() {
        let v = Val::Map(vec![
            ("at".into(), Val::List(vec![Val::Int(3), Val::Int(4)])),
            ("fielder".into(), Val::Word("1B".into())),
            ("purpose".into(), Val::Word("a b".into())),
        ]);
        assert_eq!(v.to_string(), "{at: [3, 4], fielder: 1B, purpose: \"a b\"}");
    }
}
