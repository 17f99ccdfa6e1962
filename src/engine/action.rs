//! What the engine asks for (`Decision`) and what a manager or the dice
//! answer (`Action`). A decision is either a choice for one side, with the
//! legal actions listed, or a chance step that the driver answers from the
//! seeded streams (or a scenario answers from its script).

use serde::{Deserialize, Serialize};

use super::cards::CardId;
use super::dice::Dice;
use super::state::{Lie, Side};
use crate::field::SquareId;

/// A manager's draw or discard before the first pitch to a batter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Memo {
    /// Keep the hand as it is.
    Keep,
    /// Draw 1 or 2 cards.
    Draw(u8),
    /// Discard these cards (1 or 2).
    Discard(Vec<CardId>),
}

impl Memo {
    /// The draw or discard packed in one word, the same for equal memos
    /// and different for different ones (`None` for a discard of more
    /// than two cards): cheap to keep and to compare.
    pub(crate) fn word(&self) -> Option<u32> {
        match self {
            Memo::Keep => Some(0),
            Memo::Draw(n) => Some(1 << 16 | u32::from(*n)),
            Memo::Discard(cards) => match cards[..] {
                [a] => Some(2 << 16 | u32::from(a.0)),
                [a, b] => Some(3 << 16 | u32::from(a.0) << 8 | u32::from(b.0)),
                _ => None,
            },
        }
    }
}

/// One move of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance: the dice asked for, in order.
    Dice(Dice),
    /// The defense places its fielders, by position (P, C, 1B ... RF).
    Position(Vec<SquareId>),
    /// A manager sends a player of his bench (roster index `player`) into
    /// the game for one in it (`replaced`), who takes over his batting
    /// slot and fielding position.
    Substitute {
        /// The player coming in.
        player: u8,
        /// The player leaving.
        replaced: u8,
    },
    /// A draw or discard before the first pitch.
    Memo(Memo),
    /// The defense shows a pitch.
    Pitch(CardId),
    /// The offense answers with a card.
    Respond(CardId),
    /// A manager discards a special card of the hand he is playing from
    /// and draws the top card of its deck, paying the `special.swap` price.
    Swap(CardId),
    /// The offense says how a ball on a Texas square lies.
    Texas(Lie),
    /// The defense names the fielder who plays the ball: his action points
    /// are the turn's budget.
    PlayBall(u8),
    /// A fielder moves to an adjacent square.
    Move {
        /// The fielder (0..9).
        fielder: u8,
        /// The square.
        to: SquareId,
    },
    /// A fielder on the ball's square tries to catch a fly ball.
    Catch(u8),
    /// A fielder at the fence leaps to rob a home run.
    Leap(u8),
    /// A fielder on the ball's square tries to pick up a ground ball.
    Pickup(u8),
    /// The fielder holding the ball throws it to a teammate.
    Throw {
        /// The thrower.
        from: u8,
        /// The receiver.
        to: u8,
    },
    /// The fielder on a fly ball's square lets it drop: the offense runs
    /// at once, then the defense spends the rest of its points
    /// (`field.let_drop`).
    LetDrop,
    /// After a missed fly, the offense sends the runner standing on this
    /// circle to his next base, or nobody (`field.fly_miss`).
    Send(Option<u8>),
    /// The defense ends its turn.
    EndTurn,
    /// The runner whose die was rolled moves this many circles (0 stays).
    Advance(u8),
}

impl Action {
    /// A defense turn's action packed in one word, the same for equal
    /// actions and different for different ones (`None` for any other
    /// action): cheap to keep and to compare.
    pub(crate) fn defense_word(&self) -> Option<u32> {
        let word = |kind: u32, a: u8, b: usize| Some(kind << 16 | u32::from(a) << 8 | b as u32);
        match *self {
            Action::PlayBall(f) => word(1, f, 0),
            Action::Move { fielder, to } => word(2, fielder, to.index()),
            Action::Catch(f) => word(3, f, 0),
            Action::Leap(f) => word(4, f, 0),
            Action::Pickup(f) => word(5, f, 0),
            Action::Throw { from, to } => word(6, from, usize::from(to)),
            Action::LetDrop => word(7, 0, 0),
            Action::EndTurn => word(8, 0, 0),
            _ => None,
        }
    }
}

/// A chance step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// Roll `count` six-sided dice.
    Dice {
        /// How many.
        count: u8,
        /// What for, in words ("hit", "catch", "throw", "run").
        purpose: &'static str,
    },
}

/// What the engine waits for next. A choice names only who chooses: the
/// legal actions are listed by `Engine::legal_actions` when someone needs
/// the list, and `Engine::is_legal` checks one action without it, so the
/// game loop allocates nothing to ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// One side chooses among the legal actions.
    Choose {
        /// Who chooses.
        side: Side,
    },
    /// A chance step.
    Chance(Chance),
    /// The game is over.
    Over,
}
