//! Agents: who answers the engine's choices for a manager. An agent sees a
//! `View` of the game (its own hands, never the opponent's) and the legal
//! actions, and picks one; its randomness comes from its own seeded stream,
//! so it is deterministic per seed.

mod heuristic;
mod random;

pub use heuristic::{CardBook, HeuristicAgent};
pub use random::RandomAgent;

use std::cell::{Cell, OnceCell};
use std::sync::Arc;

use crate::engine::dice::Stream;
use crate::engine::{
    Action, Ball, CardId, DeckKind, Engine, GameRules, Half, Phase, Runner, Side, State,
};
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

    /// The batting-order slot of the batter at the plate.
    pub fn batter(&self) -> u8 {
        self.state.batter
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

    /// The whole state, for reading a manager's own words into actions
    /// (`scenario::decision_actions`): never for what he may not see.
    pub(crate) fn state(&self) -> &State {
        self.state
    }

    /// The field as both managers see it: fielders, ball and runners
    /// (`State::position`).
    pub fn position(&self) -> crate::field::Position {
        self.state.position()
    }

    /// The ball in play, if any.
    pub fn play(&self) -> Option<&crate::engine::Play> {
        self.state.play.as_ref()
    }

    /// This manager's hands.
    pub fn hands(&self) -> &crate::engine::Hands {
        &self.state.hands[self.side.index()]
    }

    /// A deck's discard pile, when the rules lay discards face up for both
    /// managers to see (`deck.cycle.discards_face_up`, MAJOR); `None` when
    /// they lie face down.
    pub fn discards(&self, rules: &GameRules, deck: DeckKind) -> Option<&[CardId]> {
        rules
            .discards_face_up
            .then(|| self.state.decks[deck.index()].discard.as_slice())
    }

    /// How many cards the opponent holds in each hand (defense, offense).
    pub fn opponent_hand_sizes(&self) -> (usize, usize) {
        let h = &self.state.hands[self.side.other().index()];
        (h.defense.len(), h.offense.len())
    }

    /// A side's players in the game and its pitcher's stamina (public:
    /// both managers see the lineup cards and the Status track).
    pub fn dugout(&self, side: Side) -> &crate::engine::Dugout {
        &self.state.dugouts[side.index()]
    }

    /// Whether this manager's side is at bat.
    pub fn batting(&self) -> bool {
        self.state.offense() == self.side
    }

    /// The side in the field.
    pub fn fielding_side(&self) -> Side {
        self.state.defense()
    }
}

/// The names `Maker::new` knows, for help texts and "did you mean".
pub const AGENT_NAMES: &[&str] = &["heuristic", "random"];

/// The agent a game uses when none is named.
pub const DEFAULT_AGENT: &str = "heuristic";

/// Makes the agents of one kind for the games of one engine. What an
/// agent knows before any game (the heuristic manager's card book) is
/// worked out once, when the maker is made, and shared by every agent it
/// makes.
pub struct Maker<'a> {
    engine: Engine<'a>,
    kind: Kind,
}

enum Kind {
    Heuristic(Arc<CardBook>),
    Random,
}

impl<'a> Maker<'a> {
    /// A maker of the agents called `name` (one of `AGENT_NAMES`) for the
    /// games of `engine`; `None` for an unknown name.
    pub fn new(name: &str, engine: Engine<'a>) -> Option<Self> {
        let kind = match name {
            "heuristic" => Kind::Heuristic(HeuristicAgent::book(engine)),
            "random" => Kind::Random,
            _ => return None,
        };
        Some(Self { engine, kind })
    }

    /// An agent drawing its choices from `stream`.
    pub fn make(&self, stream: Stream) -> Box<dyn Agent + 'a> {
        match &self.kind {
            Kind::Heuristic(book) => Box::new(HeuristicAgent::with_book(
                self.engine,
                Arc::clone(book),
                stream,
            )),
            Kind::Random => Box::new(RandomAgent::new(stream)),
        }
    }
}

/// The legal answers to the choice a game waits for. The list is built
/// only when an agent asks for it; an agent that plans its own action
/// checks it with `allows`, which costs no allocation. What it found legal
/// on the way vouches for the action the agent takes (`vouches_for`), so
/// that the game need not check it again.
pub struct Legal<'a> {
    engine: Engine<'a>,
    state: &'a State,
    list: OnceCell<Vec<Action>>,
    /// What was last found legal on the way, at most one kind per choice.
    vouched: Cell<Vouched>,
}

/// What a `Legal` found legal, and so vouches for.
#[derive(Clone, Copy)]
enum Vouched {
    /// Nothing yet.
    Nothing,
    /// The defense action `allows` last found legal
    /// (`Action::defense_word`).
    Defense(u32),
    /// The runs `advances` offered, a bit each.
    Runs(u32),
    /// The placement of the fielders `allows` last found legal.
    Placement([SquareId; 9]),
    /// The draw or discard `allows_memo` last found legal (`Memo::word`).
    Memo(u32),
}

impl<'a> Legal<'a> {
    /// The legal answers of `state` under `engine`.
    pub fn new(engine: Engine<'a>, state: &'a State) -> Self {
        Self {
            engine,
            state,
            list: OnceCell::new(),
            vouched: Cell::new(Vouched::Nothing),
        }
    }

    /// Every legal answer (never empty at a choice), in the engine's order.
    pub fn actions(&self) -> &[Action] {
        self.list
            .get_or_init(|| self.engine.legal_actions(self.state))
    }

    /// Whether a pitch (`Action::Pitch`) or a response
    /// (`Action::Respond`) may play any card of its hand now, special
    /// cards included (`Engine::hand_in_play`); when not, `allows` allows
    /// the normal cards only.
    pub(crate) fn plays_specials(&self) -> bool {
        self.engine
            .hand_in_play(self.state)
            .is_some_and(|(_, _, whole)| whole)
    }

    /// Whether the draw or discard `memo` is a legal answer: `allows` for
    /// `Action::Memo`, without building the action.
    pub(crate) fn allows_memo(&self, memo: &crate::engine::Memo) -> bool {
        let allowed = match self.state.phase {
            Phase::Memorandum { side } => self.engine.memo_legal(self.state, side, memo),
            _ => false,
        };
        if allowed && let Some(word) = memo.word() {
            self.vouched.set(Vouched::Memo(word));
        }
        debug_assert_eq!(
            allowed,
            self.allows(&Action::Memo(memo.clone())),
            "{memo:?}"
        );
        allowed
    }

    /// The players the deciding side may send in for `replaced` now
    /// (`Action::Substitute`), in roster order: those the legal actions
    /// pair with him, found without listing the others.
    pub(crate) fn substitutes_for(&self, replaced: u8) -> Vec<u8> {
        let side = match self.state.phase {
            Phase::Position | Phase::Relief { .. } => self.state.defense(),
            Phase::Memorandum { side } => side,
            _ => return Vec::new(),
        };
        self.engine.substitutes_for(self.state, side, replaced)
    }

    /// The legal runs (`Action::Advance(n)`) of a runner whose die was
    /// rolled, bit `n` for a run of `n` circles, without building the list.
    pub(crate) fn advances(&self) -> u32 {
        match self.engine.run_range(self.state) {
            Some(range) => {
                let runs = range.runs();
                self.vouched.set(Vouched::Runs(runs));
                runs
            }
            None => 1,
        }
    }

    /// Whether `action` is a legal answer.
    #[inline]
    pub fn allows(&self, action: &Action) -> bool {
        if !matches!(self.state.phase, Phase::Defense) {
            return self.allows_choice(action);
        }
        let legal = self.engine.defense_legal(self.state, action);
        if legal && let Some(word) = action.defense_word() {
            self.vouched.set(Vouched::Defense(word));
        }
        legal
    }

    /// `allows` at any choice but a defense turn's: out of line, so that
    /// `allows`, asked most on a defense turn, stays small.
    #[inline(never)]
    fn allows_choice(&self, action: &Action) -> bool {
        let legal = self.engine.is_legal(self.state, action);
        if legal
            && let Action::Position(squares) = action
            && let Ok(placement) = squares.as_slice().try_into()
        {
            self.vouched.set(Vouched::Placement(placement));
        }
        legal
    }

    /// Whether what the agent asked about shows `action` legal without
    /// asking again: the defense action, the placement or the draw or
    /// discard `allows` last found legal, or one of the runs `advances`
    /// offered.
    #[inline(always)]
    pub(crate) fn vouches_for(&self, action: &Action) -> bool {
        match (self.vouched.get(), action) {
            (Vouched::Nothing, _) => false,
            (Vouched::Defense(word), _) => action.defense_word() == Some(word),
            (Vouched::Runs(runs), Action::Advance(n)) => {
                runs.checked_shr(u32::from(*n)).is_some_and(|r| r & 1 != 0)
            }
            (Vouched::Memo(word), Action::Memo(memo)) => memo.word() == Some(word),
            (Vouched::Placement(placement), Action::Position(squares)) => {
                placement[..] == **squares
            }
            _ => false,
        }
    }
}

/// A manager that answers the engine's choices.
pub trait Agent: Send {
    /// Picks one of the legal answers.
    fn choose(&mut self, view: &View<'_>, legal: &Legal<'_>) -> Action;
}
