//! `RandomAgent`: picks uniformly among the legal actions with its own
//! seeded stream. A baseline, and a fuzzer of the engine's rules.

use super::{Agent, Legal, View};
use crate::engine::Action;
use crate::engine::dice::Stream;

/// Uniform over the legal actions.
pub struct RandomAgent {
    stream: Stream,
}

impl RandomAgent {
    /// An agent drawing from `stream`.
    pub fn new(stream: Stream) -> Self {
        Self { stream }
    }
}

impl Agent for RandomAgent {
    fn choose(&mut self, _view: &View<'_>, legal: &Legal<'_>) -> Action {
        let actions = legal.actions();
        let i = self.stream.below(actions.len() as u32) as usize;
        actions[i].clone()
    }
}
