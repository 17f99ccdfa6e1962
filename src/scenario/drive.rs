//! Playing a scenario's script: the scripted agent. Chance steps take
//! their dice from the scenario's list, in order, and nothing else; each
//! decision becomes the engine's action (cards found in the hand by name,
//! squares on the field, the thrower defaulting to who has the ball) and is
//! applied through the checked `Engine::apply`. The run records what was
//! done and the events that followed, and stops at the first problem: an
//! action the engine refuses, dice that run out, dice left over.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, SourceFile, Span};
use crate::engine::dice::Dice;
use crate::engine::{
    Action, Ball, CardId, Chance, Decision, DeckKind, Engine, EngineError, Event, Memo, Phase,
    Side, State,
};

use super::model::{At, CardName, MemoSpec, Scenario, Step, Val};
use super::{setup, words};

/// One thing done in a run and what followed.
#[derive(Debug, Clone)]
pub struct Record {
    /// What was done, as a scenario writes it (`pitch: fastball_strike`,
    /// `dice: [3, 4, 5]`), or `start` for the events of the setup.
    pub what: String,
    /// For dice, what they were for.
    pub purpose: Option<String>,
    /// The decision's index in the scenario, if it was one.
    pub decision: Option<usize>,
    /// The events that followed.
    pub events: Vec<Event>,
    /// For an `illegal:` decision, why the engine refused it.
    pub refused: Option<String>,
}

/// A scenario played out.
#[derive(Debug, Clone)]
pub struct Run {
    /// The state it started from.
    pub start: State,
    /// What was done, in order.
    pub records: Vec<Record>,
    /// The state it ended in.
    pub state: State,
    /// Why it stopped early, if it did.
    pub error: Option<Diagnostic>,
    /// What the engine waits for at the end, in words.
    pub waiting: String,
}

impl Run {
    /// Every event, in order.
    pub fn events(&self) -> impl Iterator<Item = &Event> {
        self.records.iter().flat_map(|r| r.events.iter())
    }
}

/// Plays the scenario's decisions and dice from `state`.
pub fn play(s: &Scenario, engine: &Engine<'_>, state: State, setup_events: Vec<Event>) -> Run {
    let mut d = Driver {
        s,
        engine,
        state: state.clone(),
        records: Vec::new(),
        next_die: 0,
        last: None,
    };
    if !setup_events.is_empty() {
        d.records.push(Record {
            what: "start".into(),
            purpose: None,
            decision: None,
            events: setup_events,
            refused: None,
        });
    }
    let error = d.play_all().err();
    let waiting = waiting(engine, &d.state);
    Run {
        start: state,
        records: d.records,
        state: d.state,
        error,
        waiting,
    }
}

struct Driver<'a> {
    s: &'a Scenario,
    engine: &'a Engine<'a>,
    state: State,
    records: Vec<Record>,
    next_die: usize,
    /// The last decision applied.
    last: Option<usize>,
}

impl Driver<'_> {
    fn play_all(&mut self) -> Result<(), Diagnostic> {
        for (i, step) in self.s.decisions.iter().enumerate() {
            self.roll(Some(i))?;
            if self.engine.decision(&self.state) == Decision::Over {
                return Err(self.at(
                    step.span,
                    format!(
                        "the game is over before decision {} `{}`",
                        i + 1,
                        step_text(&step.value)
                    ),
                ));
            }
            self.decide(i, step)?;
            self.last = Some(i);
        }
        self.roll(None)?;
        if let Some(die) = self.s.dice.get(self.next_die) {
            let left: Vec<String> = self.s.dice[self.next_die..]
                .iter()
                .map(|d| d.value.to_string())
                .collect();
            return Err(self
                .at(
                    die.span,
                    format!(
                        "{} {} not used: [{}]",
                        left.len(),
                        if left.len() == 1 {
                            "die was"
                        } else {
                            "dice were"
                        },
                        left.join(", ")
                    ),
                )
                .hint(format!(
                    "the game stopped waiting for {}",
                    waiting(self.engine, &self.state)
                )));
        }
        Ok(())
    }

    fn at(&self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(message).at(&self.s.file, span)
    }

    /// Answers chance steps from the dice until the engine waits for a
    /// choice. Before decision `next`, running out of dice is an error;
    /// after the last decision, the run just stops there.
    fn roll(&mut self, next: Option<usize>) -> Result<(), Diagnostic> {
        while let Decision::Chance(Chance::Dice { count, purpose }) =
            self.engine.decision(&self.state)
        {
            let left = self.s.dice.len() - self.next_die;
            let count = usize::from(count);
            if left == 0 && next.is_none() {
                return Ok(());
            }
            if left < count {
                return Err(self.ran_out(count, purpose, left, next));
            }
            let dice: Vec<u8> = self.s.dice[self.next_die..self.next_die + count]
                .iter()
                .map(|d| d.value)
                .collect();
            let span = self.s.dice[self.next_die].span;
            self.next_die += count;
            let mut events = Vec::new();
            self.engine
                .apply(
                    &mut self.state,
                    Action::Dice(Dice::from(dice.as_slice())),
                    &mut events,
                )
                .map_err(|e| self.at(span, format!("the engine refuses these dice: {e}")))?;
            self.records.push(Record {
                what: format!(
                    "dice: [{}]",
                    dice.iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                purpose: Some(purpose.to_string()),
                decision: None,
                events,
                refused: None,
            });
        }
        Ok(())
    }

    fn ran_out(&self, count: usize, purpose: &str, left: usize, next: Option<usize>) -> Diagnostic {
        let needed = format!(
            "{count} {} for the {purpose}",
            if count == 1 { "die" } else { "dice" }
        );
        let after = match self.last {
            Some(i) => format!(
                " after decision {} `{}`",
                i + 1,
                step_text(&self.s.decisions[i].value)
            ),
            None => " at the start".to_string(),
        };
        let span = match self.last {
            Some(i) => self.s.decisions[i].span,
            None => self.s.start.phase.span,
        };
        let mut d = self.at(
            span,
            format!(
                "the dice ran out: the engine needs {needed}{after}, and {}",
                match left {
                    0 => "none are left".to_string(),
                    1 => "only 1 is left".to_string(),
                    n => format!("only {n} are left"),
                }
            ),
        );
        if let Some(n) = next {
            d = d.hint(format!(
                "add the dice to `dice:` before decision {} `{}` can be made",
                n + 1,
                step_text(&self.s.decisions[n].value)
            ));
        }
        d
    }

    fn decide(&mut self, i: usize, step: &At<Step>) -> Result<(), Diagnostic> {
        let text = step_text(&step.value);
        if let Step::Illegal(inner) = &step.value {
            let actions = self.actions(inner, step.span)?;
            let mut events = Vec::new();
            let mut state = self.state.clone();
            let mut refused = None;
            for a in actions {
                if let Err(e) = self.engine.apply(&mut state, a, &mut events) {
                    refused = Some(refusal(&e));
                    break;
                }
            }
            return match refused {
                Some(reason) => {
                    self.records.push(Record {
                        what: text,
                        purpose: None,
                        decision: Some(i),
                        events: Vec::new(),
                        refused: Some(reason),
                    });
                    Ok(())
                }
                None => Err(self.at(
                    step.span,
                    format!(
                        "the engine accepts `{}`, which this scenario says is illegal",
                        step_text(inner)
                    ),
                )),
            };
        }
        let actions = self.actions(&step.value, step.span)?;
        let mut events = Vec::new();
        for a in actions {
            if let Err(e) = self.engine.apply(&mut self.state, a.clone(), &mut events) {
                self.records.push(Record {
                    what: text.clone(),
                    purpose: None,
                    decision: Some(i),
                    events,
                    refused: None,
                });
                return Err(self
                    .at(
                        step.span,
                        format!(
                            "decision {} `{text}`: the engine refuses it: {}",
                            i + 1,
                            refusal(&e)
                        ),
                    )
                    .hint(legal_hint(self.engine, &self.state)));
            }
        }
        self.records.push(Record {
            what: text,
            purpose: None,
            decision: Some(i),
            events,
            refused: None,
        });
        Ok(())
    }

    /// The engine's actions for a scripted decision in the current state.
    fn actions(&self, step: &Step, span: Span) -> Result<Vec<Action>, Diagnostic> {
        step_actions(self.engine, &self.state, &self.s.file, step, span)
    }
}

/// A manager's decision written as a scenario's decisions are (`move: {CF:
/// [[3, 9], [3, 10]]}`, `throw: 1B`, `memo: discard 2`), as the engine's
/// actions in `state`: one, or one per square of a move through several;
/// what is wrong with it, in one line, otherwise.
pub(crate) fn decision_actions(
    engine: &Engine<'_>,
    state: &State,
    text: &str,
) -> Result<Vec<Action>, String> {
    let file = SourceFile::new("the answer", format!("decisions:\n  - {text}\n"));
    let first = |d: crate::diagnostic::Diagnostics| {
        d.0.first()
            .map_or_else(|| "not a decision".to_string(), |d| d.message.clone())
    };
    let scenario = super::parse::parse(&file).map_err(first)?;
    match scenario.decisions.first() {
        Some(step) if !matches!(step.value, Step::Illegal(_)) => {
            step_actions(engine, state, &file, &step.value, step.span).map_err(|d| d.message)
        }
        _ => Err("not a decision of yours".to_string()),
    }
}

/// The engine's actions for a decision written at `span` of `file`, in
/// `state`: one, or one per square of a move through several.
pub(crate) fn step_actions(
    engine: &Engine<'_>,
    state: &State,
    file: &Arc<SourceFile>,
    step: &Step,
    span: Span,
) -> Result<Vec<Action>, Diagnostic> {
    {
        let wrong = |message: String| {
            Diagnostic::error(message)
                .at(file, span)
                .hint(legal_hint(engine, state))
        };
        Ok(match step {
            Step::Position(given) => {
                let mut squares = setup::standard_positions(engine, state);
                for (pos, spec) in given.iter().flatten() {
                    squares[usize::from(*pos)] = setup::square(engine, file, *spec, span)?;
                }
                vec![Action::Position(squares)]
            }
            Step::Memo(memo) => {
                let side = match state.phase {
                    Phase::Memorandum { side } => side,
                    _ => state.defense(),
                };
                let deck = if side == state.defense() {
                    DeckKind::Defense
                } else {
                    DeckKind::Offense
                };
                let hand = state.hands[side.index()].of(deck);
                let memo = match memo {
                    MemoSpec::Keep => Memo::Keep,
                    MemoSpec::Draw(n) => Memo::Draw(*n),
                    MemoSpec::DiscardFirst(n) => {
                        Memo::Discard(hand.iter().take(usize::from(*n)).copied().collect())
                    }
                    MemoSpec::Discard(names) => {
                        let mut picked: Vec<CardId> = Vec::new();
                        for name in names {
                            let list = deck_list(engine, deck);
                            match hand
                                .iter()
                                .find(|&&id| words::names(list, id, name) && !picked.contains(&id))
                            {
                                Some(&id) => picked.push(id),
                                None => {
                                    return Err(wrong(format!(
                                        "the {} manager's {} hand holds no {} to discard (it holds: {})",
                                        words::side(side),
                                        deck_word(deck),
                                        words::card_name(name),
                                        hand_text(engine, deck, hand)
                                    )));
                                }
                            }
                        }
                        // The engine lists a discard in the hand's order.
                        picked.sort_by_key(|id| hand.iter().position(|h| h == id));
                        Memo::Discard(picked)
                    }
                };
                vec![Action::Memo(memo)]
            }
            Step::Pitch(name) => {
                let side = state.defense();
                vec![Action::Pitch(
                    find_card(engine, state, side, DeckKind::Defense, name).map_err(wrong)?,
                )]
            }
            Step::Respond(name) => {
                let side = state.offense();
                vec![Action::Respond(
                    find_card(engine, state, side, DeckKind::Offense, name).map_err(wrong)?,
                )]
            }
            Step::Swap(name) => {
                // The defense swaps when it is to pitch, the offense when
                // it is to respond.
                let (side, deck) = match state.phase {
                    Phase::Response { .. } => (state.offense(), DeckKind::Offense),
                    _ => (state.defense(), DeckKind::Defense),
                };
                vec![Action::Swap(
                    find_card(engine, state, side, deck, name).map_err(wrong)?,
                )]
            }
            Step::Substitute(change) => {
                let side = match state.phase {
                    Phase::Memorandum { side } => side,
                    _ => state.defense(),
                };
                let named = |name: &At<String>, coming_in: bool| {
                    setup::player_index(engine, file, state, side, name, coming_in)
                };
                let replaced = named(&change.replaced, false)?;
                let player = named(&change.player, true)?;
                vec![Action::Substitute { player, replaced }]
            }
            Step::Texas(lie) => vec![Action::Texas(*lie)],
            Step::PlayBall(f) => vec![Action::PlayBall(*f)],
            Step::Move(moves) => {
                let mut out = Vec::new();
                for (f, squares) in moves {
                    for spec in squares {
                        out.push(Action::Move {
                            fielder: *f,
                            to: setup::square(engine, file, *spec, span)?,
                        });
                    }
                }
                out
            }
            Step::Catch(f) => vec![Action::Catch(*f)],
            Step::Leap(f) => vec![Action::Leap(*f)],
            Step::Pickup(f) => vec![Action::Pickup(*f)],
            Step::Throw { from, to } => {
                let from = match (from, &state.ball) {
                    (Some(f), _) => *f,
                    (None, Ball::Held { by }) => *by,
                    (None, Ball::Thrown { thrower, .. }) => *thrower,
                    (None, _) => {
                        return Err(wrong(
                            "nobody has the ball to throw: name the thrower with `from:`".into(),
                        ));
                    }
                };
                vec![Action::Throw { from, to: *to }]
            }
            Step::EndTurn => vec![Action::EndTurn],
            Step::LetDrop => vec![Action::LetDrop],
            Step::Send(on) => vec![Action::Send(*on)],
            Step::Advance(n) => vec![Action::Advance(*n)],
            Step::Illegal(inner) => return step_actions(engine, state, file, inner, span),
        })
    }
}

/// Why the engine refused an action, without the engine's debug form of
/// the action (the scenario's own words name it).
fn refusal(e: &EngineError) -> String {
    setup::refusal(e)
}

fn deck_list<'e>(engine: &'e Engine<'_>, deck: DeckKind) -> &'e crate::engine::DeckList {
    match deck {
        DeckKind::Defense => &engine.rules.defense_deck,
        DeckKind::Offense => &engine.rules.offense_deck,
    }
}

fn deck_word(deck: DeckKind) -> &'static str {
    match deck {
        DeckKind::Defense => "Defense",
        DeckKind::Offense => "Offense",
    }
}

fn hand_text(engine: &Engine<'_>, deck: DeckKind, hand: &[CardId]) -> String {
    if hand.is_empty() {
        return "nothing".into();
    }
    let list = deck_list(engine, deck);
    hand.iter()
        .map(|&id| words::card_word(list, id))
        .collect::<Vec<_>>()
        .join(", ")
}

fn find_card(
    engine: &Engine<'_>,
    state: &State,
    side: Side,
    deck: DeckKind,
    name: &CardName,
) -> Result<CardId, String> {
    let hand = state.hands[side.index()].of(deck);
    let list = deck_list(engine, deck);
    hand.iter()
        .copied()
        .find(|&id| words::names(list, id, name))
        .ok_or_else(|| {
            format!(
                "the {} manager's {} hand holds no {} (it holds: {})",
                words::side(side),
                deck_word(deck),
                words::card_name(name),
                hand_text(engine, deck, hand)
            )
        })
}

/// A decision as a scenario writes it.
pub fn step_text(step: &Step) -> String {
    let fielder = words::position_name;
    match step {
        Step::Position(None) => "position: standard".into(),
        Step::Position(Some(list)) => format!(
            "position: {{{}}}",
            list.iter()
                .map(|(p, s)| format!("{}: {}", fielder(*p), words::square_spec_text(*s)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Step::Memo(MemoSpec::Keep) => "memo: keep".into(),
        Step::Memo(MemoSpec::Draw(n)) => format!("memo: draw {n}"),
        Step::Memo(MemoSpec::DiscardFirst(n)) => format!("memo: discard {n}"),
        Step::Memo(MemoSpec::Discard(cards)) => format!(
            "memo: {{discard: [{}]}}",
            cards
                .iter()
                .map(words::card_name)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Step::Pitch(c) => format!("pitch: {}", words::card_name(c)),
        Step::Respond(c) => format!("respond: {}", words::card_name(c)),
        Step::Swap(c) => format!("swap: {}", words::card_name(c)),
        Step::Substitute(change) => format!(
            "substitute: {{player: {}, for: {}}}",
            Val::Word(change.player.value.clone()),
            Val::Word(change.replaced.value.clone())
        ),
        Step::Texas(l) => format!("texas: {}", words::lie(*l)),
        Step::PlayBall(f) => format!("play_ball: {}", fielder(*f)),
        Step::Move(moves) => format!(
            "move: {{{}}}",
            moves
                .iter()
                .map(|(f, squares)| {
                    let path: Vec<String> = squares
                        .iter()
                        .map(|s| words::square_spec_text(*s))
                        .collect();
                    if path.len() == 1 {
                        format!("{}: {}", fielder(*f), path[0])
                    } else {
                        format!("{}: [{}]", fielder(*f), path.join(", "))
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Step::Catch(f) => format!("catch: {}", fielder(*f)),
        Step::Leap(f) => format!("leap: {}", fielder(*f)),
        Step::Pickup(f) => format!("pickup: {}", fielder(*f)),
        Step::Throw { from: Some(f), to } => {
            format!("throw: {{from: {}, to: {}}}", fielder(*f), fielder(*to))
        }
        Step::Throw { from: None, to } => format!("throw: {}", fielder(*to)),
        Step::EndTurn => "end_turn".into(),
        Step::LetDrop => "let_drop".into(),
        Step::Send(on) => format!("send: {}", on.map_or("none".to_string(), words::circle_key)),
        Step::Advance(n) => format!("advance: {n}"),
        Step::Illegal(inner) => format!("illegal: {{{}}}", step_text(inner)),
    }
}

/// An engine action as a scenario writes it.
pub fn action_text(engine: &Engine<'_>, state: &State, action: &Action) -> String {
    action_words(engine, &state.phase, state.defense(), action)
}

/// `action_text` from what a manager sees: the phase, and which side is
/// in the field.
pub fn action_words(engine: &Engine<'_>, phase: &Phase, defense: Side, action: &Action) -> String {
    let fielder = words::position_name;
    let square = |s| words::square(engine.field, s).to_string();
    match action {
        Action::Dice(d) => format!(
            "dice: [{}]",
            d.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
        ),
        Action::Position(_) => "position: standard".into(),
        Action::Substitute { player, replaced } => {
            let side = match *phase {
                Phase::Memorandum { side } => side,
                _ => defense,
            };
            match engine.players {
                Some(players) => format!(
                    "substitute: {{player: {}, for: {}}}",
                    Val::Word(players.card(side, *player).name.clone()),
                    Val::Word(players.card(side, *replaced).name.clone())
                ),
                None => format!("substitute: {{player: {player}, for: {replaced}}}"),
            }
        }
        Action::Memo(Memo::Keep) => "memo: keep".into(),
        Action::Memo(Memo::Draw(n)) => format!("memo: draw {n}"),
        Action::Memo(Memo::Discard(ids)) => {
            let deck = match *phase {
                Phase::Memorandum { side } if side != defense => DeckKind::Offense,
                _ => DeckKind::Defense,
            };
            format!("memo: {{discard: [{}]}}", hand_text(engine, deck, ids))
        }
        Action::Pitch(id) => format!(
            "pitch: {}",
            words::card_word(&engine.rules.defense_deck, *id)
        ),
        Action::Respond(id) => format!(
            "respond: {}",
            words::card_word(&engine.rules.offense_deck, *id)
        ),
        Action::Texas(l) => format!("texas: {}", words::lie(*l)),
        Action::Swap(id) => {
            let deck = match phase {
                Phase::Pitch => &engine.rules.defense_deck,
                _ => &engine.rules.offense_deck,
            };
            format!("swap: {}", words::card_word(deck, *id))
        }
        Action::PlayBall(f) => format!("play_ball: {}", fielder(*f)),
        Action::Move { fielder: f, to } => format!("move: {{{}: {}}}", fielder(*f), square(*to)),
        Action::Catch(f) => format!("catch: {}", fielder(*f)),
        Action::Leap(f) => format!("leap: {}", fielder(*f)),
        Action::Pickup(f) => format!("pickup: {}", fielder(*f)),
        Action::Throw { from, to } => {
            format!("throw: {{from: {}, to: {}}}", fielder(*from), fielder(*to))
        }
        Action::EndTurn => "end_turn".into(),
        Action::LetDrop => "let_drop".into(),
        Action::Send(on) => format!("send: {}", on.map_or("none".to_string(), words::circle_key)),
        Action::Advance(n) => format!("advance: {n}"),
    }
}

/// What the engine waits for, in words.
pub fn waiting(engine: &Engine<'_>, state: &State) -> String {
    match engine.decision(state) {
        Decision::Over => "nothing: the game is over".into(),
        Decision::Chance(Chance::Dice { count, purpose }) => format!(
            "{count} {} for the {purpose}",
            if count == 1 { "die" } else { "dice" }
        ),
        Decision::Choose { side, .. } => format!(
            "the {} manager: {}",
            words::side(side),
            words::phase(&state.phase)
        ),
    }
}

/// A hint listing what the engine would accept now.
fn legal_hint(engine: &Engine<'_>, state: &State) -> String {
    match engine.decision(state) {
        Decision::Choose { side } => {
            let actions = engine.legal_actions(state);
            // Moves last: there are many, and the other actions say more.
            let mut ordered: Vec<&Action> = actions
                .iter()
                .filter(|a| !matches!(a, Action::Move { .. }))
                .collect();
            ordered.extend(actions.iter().filter(|a| matches!(a, Action::Move { .. })));
            let mut texts: Vec<String> = ordered
                .into_iter()
                .map(|a| action_text(engine, state, a))
                .collect();
            texts.dedup();
            let more = texts.len().saturating_sub(12);
            texts.truncate(12);
            let mut hint = format!(
                "the game waits for the {} manager ({}); legal now: {}",
                words::side(side),
                words::phase(&state.phase),
                texts.join("; ")
            );
            if more > 0 {
                hint.push_str(&format!("; and {more} more"));
            }
            hint
        }
        _ => format!("the game waits for {}", waiting(engine, state)),
    }
}
