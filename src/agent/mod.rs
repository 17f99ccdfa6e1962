//! Agents: who answers the engine's choices for a manager. An agent sees a
//! `View` of the game (its own hands, never the opponent's) and the legal
//! actions, and picks one; its randomness comes from its own seeded stream,
//! so it is deterministic per seed.

mod heuristic;
mod random;

pub use heuristic::HeuristicAgent;
pub use random::RandomAgent;

use crate::engine::{Action, Ball, Half, Phase, Runner, Side, State};
use crate::field::SquareId;

/// What a manager sees: everything on the table, his own hands, and the
/// size of the opponent's.
pub struct View<'a> {
    state: &'a State,
    side: Side,
}

impl<'a> View<'a> {
    /// The view of `side`.
    pub fn new(state: &'a State, side: Side) -> Self {
        Self { state, side }
    }

    /// Whose view it is.
    pub fn side(&self) -> Side {
        self.side
    }

    /// What the game waits for (public: the shown pitch included).
    pub fn phase(&self) -> &Phase {
        &self.state.phase
    }

    /// Inning, half, outs, balls and strikes.
    pub fn situation(&self) -> (u8, Half, u8, u8, u8) {
        let s = self.state;
        (s.inning, s.half, s.outs, s.balls, s.strikes)
    }

    /// The score of a side.
    pub fn score(&self, side: Side) -> u32 {
        self.state.score(side)
    }

    /// The runners.
    pub fn runners(&self) -> &[Runner] {
        &self.state.runners
    }

    /// The fielders' squares by position.
    pub fn fielders(&self) -> &[SquareId; 9] {
        &self.state.fielders
    }

    /// The ball.
    pub fn ball(&self) -> &Ball {
        &self.state.ball
    }

    /// The ball in play, if any.
    pub fn play(&self) -> Option<&crate::engine::Play> {
        self.state.play.as_ref()
    }

    /// This manager's hands.
    pub fn hands(&self) -> &crate::engine::Hands {
        &self.state.hands[self.side.index()]
    }

    /// How many cards the opponent holds in each hand (defense, offense).
    pub fn opponent_hand_sizes(&self) -> (usize, usize) {
        let h = &self.state.hands[self.side.other().index()];
        (h.defense.len(), h.offense.len())
    }

    /// Whether this manager is batting.
    pub fn batting(&self) -> bool {
        self.state.offense() == self.side
    }
}

/// The names `by_name` knows, for help texts and "did you mean".
pub const AGENT_NAMES: &[&str] = &["heuristic", "random"];

/// The agent a game uses when none is named.
pub const DEFAULT_AGENT: &str = "heuristic";

/// An agent by name for the games of `engine`, drawing from `stream`:
/// every agent of `AGENT_NAMES`. `None` for an unknown name.
pub fn by_name<'a>(
    name: &str,
    engine: crate::engine::Engine<'a>,
    stream: crate::engine::dice::Stream,
) -> Option<Box<dyn Agent + 'a>> {
    match name {
        "heuristic" => Some(Box::new(HeuristicAgent::new(engine, stream))),
        "random" => Some(Box::new(RandomAgent::new(stream))),
        _ => None,
    }
}

/// A manager that answers the engine's choices.
pub trait Agent: Send {
    /// Picks one of `actions` (never empty).
    fn choose(&mut self, view: &View<'_>, actions: &[Action]) -> Action;
}
