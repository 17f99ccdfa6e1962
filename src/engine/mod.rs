//! The turn engine: a pure state machine over `State`. `Engine::decision`
//! says what the game waits for (a side's choice among legal actions, or a
//! chance step), and `Engine::apply` validates an action and performs one
//! transition, reporting what happened as `Event`s that cite their rules.
//! The engine reads only its `GameRules` and `Field`; it does no IO and
//! draws no random numbers of its own (dice come in as actions; deck
//! shuffles come from the seed kept in the state).
//!
//! The phases of a game: positioning the defense at each half inning ->
//! the memorandum before each batter (defense, then offense) -> pitch ->
//! response -> for a batted ball, its dice and placement, then defense and
//! offense turns in turn until the play ends -> next batter, half inning,
//! or the end of the game.

mod action;
mod at_bat;
mod cards;
pub mod dice;
mod event;
mod flow;
mod play;
mod rules;
mod state;

use std::fmt;

pub use action::{Action, Chance, Decision, Memo};
pub use cards::{Card, CardId, Deck, DeckKind, DeckList};
pub use event::{Event, EventKind, Landing, OutHow};
pub use rules::{GameRules, HookFailure};
pub use state::{
    Ball, DefenseRoll, Half, Hands, Lie, POSITIONS, Phase, Play, Runner, Side, State, is_infielder,
};

use crate::field::Field;

/// Why an action cannot be applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The action is not legal now; the state is unchanged.
    Illegal {
        /// The action.
        action: String,
        /// Why.
        reason: String,
    },
    /// A rule's script failed; the game cannot go on.
    Hook(HookFailure),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Illegal { action, reason } => {
                write!(f, "illegal action {action}: {reason}")
            }
            EngineError::Hook(HookFailure(message)) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for EngineError {}

impl From<HookFailure> for EngineError {
    fn from(h: HookFailure) -> Self {
        EngineError::Hook(h)
    }
}

/// The outcome of `apply`.
pub type Applied = Result<(), EngineError>;

fn illegal(action: &Action, reason: impl Into<String>) -> EngineError {
    EngineError::Illegal {
        action: format!("{action:?}"),
        reason: reason.into(),
    }
}

/// The engine of one game: the rules and the field it is played on.
#[derive(Debug, Clone, Copy)]
pub struct Engine<'a> {
    /// The rules.
    pub rules: &'a GameRules,
    /// The field.
    pub field: &'a Field,
}

impl<'a> Engine<'a> {
    /// An engine for these rules on this field.
    pub fn new(rules: &'a GameRules, field: &'a Field) -> Self {
        Self { rules, field }
    }

    /// What the game waits for.
    pub fn decision(&self, state: &State) -> Decision {
        match &state.phase {
            Phase::Position => Decision::Choose {
                side: state.defense(),
                actions: vec![Action::Position(flow::standard_positions(self.field))],
            },
            Phase::Memorandum { side } => Decision::Choose {
                side: *side,
                actions: self.memo_actions(state, *side),
            },
            Phase::Pitch => Decision::Choose {
                side: state.defense(),
                actions: state.hands[state.defense().index()]
                    .defense
                    .iter()
                    .map(|&c| Action::Pitch(c))
                    .collect(),
            },
            Phase::Response { .. } => Decision::Choose {
                side: state.offense(),
                actions: state.hands[state.offense().index()]
                    .offense
                    .iter()
                    .map(|&c| Action::Respond(c))
                    .collect(),
            },
            Phase::HitDice { .. } => Decision::Chance(Chance::Dice {
                count: 3,
                purpose: "hit",
            }),
            Phase::TexasChoice => Decision::Choose {
                side: state.offense(),
                actions: vec![Action::Texas(Lie::Ground), Action::Texas(Lie::Fly)],
            },
            Phase::Defense => Decision::Choose {
                side: state.defense(),
                actions: self.defense_actions(state),
            },
            Phase::DefenseDie { purpose } => Decision::Chance(Chance::Dice {
                count: 1,
                purpose: match purpose {
                    DefenseRoll::Catch { .. } => "catch",
                    DefenseRoll::Leap { .. } => "leap",
                    DefenseRoll::Pickup { .. } => "pickup",
                    DefenseRoll::Throw { .. } => "throw",
                },
            }),
            Phase::RunDie => Decision::Chance(Chance::Dice {
                count: 1,
                purpose: "run",
            }),
            Phase::Run => Decision::Choose {
                side: state.offense(),
                actions: self.run_actions(state),
            },
            Phase::Over => Decision::Over,
        }
    }

    /// Validates and applies one action, appending what happened to
    /// `events`. An illegal action is refused before anything changes, so
    /// the state is left as it was. A failing rule script is reported as
    /// `EngineError::Hook` and ends the game: the state is then not to be
    /// played on.
    pub fn apply(&self, state: &mut State, action: Action, events: &mut Vec<Event>) -> Applied {
        self.apply_unchecked(state, &action, events)
    }

    fn apply_unchecked(
        &self,
        state: &mut State,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Applied {
        match (&state.phase, action) {
            (Phase::Position, Action::Position(squares)) => {
                self.position(state, action, squares, events)
            }
            (Phase::Memorandum { side }, Action::Memo(memo)) => {
                let side = *side;
                self.memo(state, side, action, memo, events)
            }
            (Phase::Pitch, Action::Pitch(card)) => self.pitch(state, action, *card, events),
            (Phase::Response { pitch }, Action::Respond(card)) => {
                let pitch = *pitch;
                self.respond(state, action, pitch, *card, events)
            }
            (Phase::HitDice { bonus }, Action::Dice(dice)) => {
                let bonus = *bonus;
                self.hit(state, action, bonus, dice, events)
            }
            (Phase::TexasChoice, Action::Texas(lie)) => self.texas(state, *lie, events),
            (Phase::Defense, _) => self.defense_action(state, action, events),
            (Phase::DefenseDie { purpose }, Action::Dice(dice)) => {
                let purpose = *purpose;
                self.defense_die(state, action, purpose, dice, events)
            }
            (Phase::RunDie, Action::Dice(dice)) => self.run_die(state, action, dice, events),
            (Phase::Run, Action::Advance(n)) => self.advance(state, action, *n, events),
            (Phase::Over, _) => Err(illegal(action, "the game is over")),
            (phase, _) => Err(illegal(
                action,
                format!("the game waits for {}", phase_word(phase)),
            )),
        }
    }
}

fn phase_word(phase: &Phase) -> &'static str {
    match phase {
        Phase::Position => "the defense's positioning",
        Phase::Memorandum { .. } => "a draw or discard before the first pitch",
        Phase::Pitch => "a pitch",
        Phase::Response { .. } => "the offense's response",
        Phase::HitDice { .. } => "the hit's dice",
        Phase::TexasChoice => "the offense's ground-or-fly choice",
        Phase::Defense => "a defense action",
        Phase::DefenseDie { .. } => "a defense die",
        Phase::RunDie => "a runner's die",
        Phase::Run => "the offense's run",
        Phase::Over => "nothing",
    }
}

/// Builds an event.
pub(crate) fn ev(rule: &'static str, kind: EventKind) -> Event {
    Event { rule, kind }
}
