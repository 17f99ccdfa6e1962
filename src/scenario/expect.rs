//! Checking a run against what its scenario expects: the expected events in
//! order (each may have others between it and the next), the events that
//! must not happen, the clauses some event must cite, and the values of the
//! final state. Each difference is a `Mismatch` that says what was expected,
//! what happened instead, and where in the file the expectation stands.

use crate::diagnostic::{Diagnostic, Span};
use crate::engine::{DeckKind, Engine, Side, State};

use super::drive::Run;
use super::model::{Compare, Pattern, Scenario, StateCheck, Val};
use super::readable::{Readable, project_all};
use super::words;

/// One way a run differs from its scenario.
#[derive(Debug, Clone)]
pub enum Mismatch {
    /// The run stopped on a problem before its end.
    Stopped(Diagnostic),
    /// The scenario expects nothing, so it would pass whatever happens.
    ExpectsNothing,
    /// An expected event did not happen where it should.
    Missing {
        /// The expected event, as written.
        expected: String,
        /// Where it is written.
        span: Span,
        /// The event the previous expectation matched, if any.
        after: Option<String>,
        /// Events of the same kind that did happen, with how they differ.
        near: Vec<(String, Vec<String>)>,
        /// Whether `near` lists events before `after` (out of order).
        earlier: bool,
    },
    /// An event that must not happen happened.
    Unwanted {
        /// The pattern.
        pattern: String,
        /// Where it is written.
        span: Span,
        /// The event that happened.
        found: String,
    },
    /// No event cites a clause.
    Uncited {
        /// The clause id.
        clause: String,
        /// Where it is written.
        span: Span,
        /// The clauses the events do cite.
        cited: Vec<String>,
    },
    /// A value of the final state differs.
    State {
        /// The key.
        key: &'static str,
        /// Expected, as written.
        expected: String,
        /// What the state holds.
        actual: String,
        /// Where it is written.
        span: Span,
    },
}

/// Compares a run with its scenario's expectations.
pub fn check(s: &Scenario, engine: &Engine<'_>, run: &Run) -> Vec<Mismatch> {
    let mut out = Vec::new();
    if let Some(e) = &run.error {
        out.push(Mismatch::Stopped(e.clone()));
    }
    let e = &s.expect;
    if e.events.is_empty() && e.absent.is_empty() && e.cites.is_empty() && e.state.is_empty() {
        out.push(Mismatch::ExpectsNothing);
    }
    let events: Vec<Readable> = project_all(run.events(), engine.rules, engine.field);
    events_in_order(&e.events, &events, &mut out);
    for p in &e.absent {
        if let Some(found) = events.iter().find(|r| matches(p, r)) {
            out.push(Mismatch::Unwanted {
                pattern: pattern_text(p),
                span: p.span,
                found: found.text(),
            });
        }
    }
    let mut cited: Vec<String> = events.iter().map(|r| r.clause.clone()).collect();
    cited.sort();
    cited.dedup();
    for c in &e.cites {
        if !cited.contains(&c.value) {
            out.push(Mismatch::Uncited {
                clause: c.value.clone(),
                span: c.span,
                cited: cited.clone(),
            });
        }
    }
    for check in &e.state {
        if let Some(m) = state_mismatch(check, &run.state, engine) {
            out.push(m);
        }
    }
    out
}

fn events_in_order(expected: &[Pattern], events: &[Readable], out: &mut Vec<Mismatch>) {
    let mut cursor = 0;
    let mut last: Option<usize> = None;
    for p in expected {
        match events[cursor..].iter().position(|r| matches(p, r)) {
            Some(j) => {
                cursor += j + 1;
                last = Some(cursor - 1);
            }
            None => {
                let same_kind = |r: &&Readable| r.kind == p.kind;
                let mut near: Vec<&Readable> = events[cursor..].iter().filter(same_kind).collect();
                let earlier = near.is_empty();
                if earlier {
                    near = events[..cursor].iter().filter(same_kind).collect();
                }
                out.push(Mismatch::Missing {
                    expected: pattern_text(p),
                    span: p.span,
                    after: last.map(|i| events[i].text()),
                    near: near
                        .into_iter()
                        .take(6)
                        .map(|r| (r.text(), differences(p, r)))
                        .collect(),
                    earlier,
                });
            }
        }
    }
}

fn matches(p: &Pattern, r: &Readable) -> bool {
    p.kind == r.kind && p.fields.iter().all(|(n, v)| r.get(n).as_ref() == Some(v))
}

fn differences(p: &Pattern, r: &Readable) -> Vec<String> {
    p.fields
        .iter()
        .filter_map(|(n, v)| {
            let actual = r.get(n).unwrap_or(Val::Null);
            (actual != *v).then(|| format!("{n}: expected {v}, found {actual}"))
        })
        .collect()
}

/// An expected event as a scenario writes it.
pub fn pattern_text(p: &Pattern) -> String {
    if p.fields.is_empty() {
        return p.kind.to_string();
    }
    let fields: Vec<String> = p.fields.iter().map(|(n, v)| format!("{n}: {v}")).collect();
    format!("{}: {{{}}}", p.kind, fields.join(", "))
}

/// The value of a state key, as scenarios write it.
pub fn state_value(key: &str, state: &State, engine: &Engine<'_>) -> Val {
    let field = engine.field;
    let int = |i: u8| Val::Int(i64::from(i));
    match key {
        "inning" => int(state.inning),
        "half" => Val::Word(state.half.word().into()),
        "outs" => int(state.outs),
        "balls" => int(state.balls),
        "strikes" => int(state.strikes),
        "batter" => int(state.batter),
        "count" => Val::Word(format!("{}-{}", state.balls, state.strikes)),
        "phase" => Val::Word(words::phase(&state.phase).into()),
        "score" => Val::Map(vec![
            ("home".into(), Val::Int(i64::from(state.score(Side::Home)))),
            ("away".into(), Val::Int(i64::from(state.score(Side::Away)))),
        ]),
        "runners" => {
            let mut runners: Vec<_> = state.runners.iter().collect();
            runners.sort_by_key(|r| r.pos);
            Val::Map(
                runners
                    .into_iter()
                    .map(|r| (words::circle_key(r.pos), int(r.slot)))
                    .collect(),
            )
        }
        "ball" => words::ball(field, &state.ball),
        "fielders" => Val::Map(
            state
                .fielders
                .iter()
                .enumerate()
                .map(|(i, &s)| {
                    (
                        words::position_name(i as u8).to_string(),
                        words::square(field, s),
                    )
                })
                .collect(),
        ),
        "hands.defense" | "hands.offense" => {
            // The hands of the managers fielding and batting now.
            let (side, deck, list) = if key == "hands.defense" {
                (
                    state.defense(),
                    DeckKind::Defense,
                    &engine.rules.defense_deck,
                )
            } else {
                (
                    state.offense(),
                    DeckKind::Offense,
                    &engine.rules.offense_deck,
                )
            };
            let mut names: Vec<String> = state.hands[side.index()]
                .of(deck)
                .iter()
                .map(|&id| words::card_word(list, id))
                .collect();
            names.sort();
            Val::List(names.into_iter().map(Val::Word).collect())
        }
        "stamina" => per_side(|side| {
            state.dugouts[side.index()]
                .stamina
                .map_or(Val::Null, |s| Val::Int(i64::from(s)))
        }),
        "pitcher" => per_side(|side| player_name(engine, state, side, 0)),
        "positions" => per_side(|side| {
            Val::Map(
                (0..9u8)
                    .map(|p| {
                        (
                            words::position_name(p).to_string(),
                            player_name(engine, state, side, p),
                        )
                    })
                    .collect(),
            )
        }),
        "specials" => per_side(|side| {
            let d = &state.dugouts[side.index()];
            Val::Map(vec![
                ("game".into(), Val::Int(i64::from(d.specials))),
                ("defense".into(), Val::Int(i64::from(d.specials_inning[0]))),
                ("offense".into(), Val::Int(i64::from(d.specials_inning[1]))),
            ])
        }),
        "decks" => {
            let piles = |deck: DeckKind| {
                let d = &state.decks[deck.index()];
                let n = |pile: &Vec<_>| Val::Int(pile.len() as i64);
                Val::Map(vec![
                    ("draw".into(), n(&d.draw)),
                    ("discard".into(), n(&d.discard)),
                    ("removed".into(), n(&d.removed)),
                ])
            };
            Val::Map(vec![
                ("defense".into(), piles(DeckKind::Defense)),
                ("offense".into(), piles(DeckKind::Offense)),
            ])
        }
        _ => Val::Null,
    }
}

/// A value for each side: `{home: ..., away: ...}`.
fn per_side(value: impl Fn(Side) -> Val) -> Val {
    Val::Map(vec![
        ("home".into(), value(Side::Home)),
        ("away".into(), value(Side::Away)),
    ])
}

/// The name of the player a side fields at a position (0..9), or `~` in a
/// game without players.
fn player_name(engine: &Engine<'_>, state: &State, side: Side, position: u8) -> Val {
    engine
        .position_card(state, side, position)
        .map_or(Val::Null, |c| Val::Word(c.name.clone()))
}

/// Whether `have` holds what `want` asks: equal values, and for mappings
/// the keys `want` gives, compared the same way.
fn holds(have: &Val, want: &Val) -> bool {
    match (have, want) {
        (Val::Map(have), Val::Map(want)) => want
            .iter()
            .all(|(k, w)| have.iter().any(|(hk, hv)| hk == k && holds(hv, w))),
        (h, w) => h == w,
    }
}

/// The part of `have` that `want` asks about (all of it where `want`
/// names no key of it).
fn restrict(have: &Val, want: &Val) -> Val {
    match (have, want) {
        (Val::Map(have), Val::Map(want))
            if have.iter().any(|(k, _)| want.iter().any(|(w, _)| w == k)) =>
        {
            Val::Map(
                have.iter()
                    .filter_map(|(k, v)| {
                        want.iter()
                            .find(|(w, _)| w == k)
                            .map(|(_, w)| (k.clone(), restrict(v, w)))
                    })
                    .collect(),
            )
        }
        _ => have.clone(),
    }
}

fn state_mismatch(check: &StateCheck, state: &State, engine: &Engine<'_>) -> Option<Mismatch> {
    let actual = state_value(check.key, state, engine);
    let listed = |entries: &[(String, Val)]| {
        Val::List(entries.iter().map(|(k, _)| Val::Word(k.clone())).collect())
    };
    let differs = match (check.mode, &actual, &check.value) {
        (Compare::Equal, a, e) => a != e,
        (Compare::Size, Val::List(cards), Val::Int(n)) => cards.len() as i64 != *n,
        (Compare::Where, Val::Map(entries), e) => listed(entries) != *e,
        (Compare::Subset, have, want) => !holds(have, want),
        (_, a, e) => a != e,
    };
    differs.then(|| Mismatch::State {
        key: check.key,
        expected: check.value.to_string(),
        actual: match (check.mode, &actual, &check.value) {
            (Compare::Size, Val::List(cards), _) => format!("{} {actual}", cards.len()),
            (Compare::Where, Val::Map(entries), _) => listed(entries).to_string(),
            // Only the keys the scenario asks about, when there are any.
            (Compare::Subset, have, want) => restrict(have, want).to_string(),
            _ => actual.to_string(),
        },
        span: check.span,
    })
}
