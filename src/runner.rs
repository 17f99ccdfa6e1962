//! Running one game to its end: the engine says what it waits for, a
//! `Roller` answers chance steps (the game's seeded dice stream, or dice
//! rolled at a table and typed in), the agents answer choices, and every
//! event goes to the caller's sink.

use crate::agent::{Agent, Legal, View};
use crate::engine::dice::{Dice, Source, Stream};
use crate::engine::{
    Action, Chance, Decision, Engine, EngineError, Event, Half, Recorder, Side, State,
};

/// The most decisions one game may take: far beyond any real game, it only
/// stops a rules bug from looping forever.
pub const MAX_DECISIONS: usize = 1_000_000;

/// Why a game stopped before its end.
#[derive(Debug)]
pub enum RunError {
    /// The engine refused an action or a hook failed.
    Engine(EngineError),
    /// The game did not end within its decisions (`MAX_DECISIONS`, or
    /// `play_game_within`'s): where it stood then.
    TooLong {
        /// How many decisions it was given.
        decisions: usize,
        /// Where the game stood.
        at: Standing,
    },
    /// The sink or the roller called the game off (a manager at the
    /// terminal, or the one typing the dice, left it): where it stood
    /// then.
    CalledOff(Standing),
}

/// Where a game stood when it stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// The inning (the engine counts no further than 255).
    pub inning: u8,
    /// The half inning.
    pub half: Half,
    /// The guest's runs and the home team's.
    pub score: [u32; 2],
}

impl Standing {
    fn of(state: &State) -> Self {
        Self {
            inning: state.inning,
            half: state.half,
            score: [state.score(Side::Away), state.score(Side::Home)],
        }
    }
}

impl std::fmt::Display for Standing {
    /// "the top of inning 3, 1-2" (guest first).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [away, home] = self.score;
        write!(
            f,
            "the {} of inning {}, {away}-{home}",
            self.half.word(),
            self.inning
        )
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Engine(e) => write!(f, "{e}"),
            RunError::TooLong { decisions, at } => write!(
                f,
                "the game did not end after {decisions} decisions: it stood at {at}; \
                 its rules may never let a game end"
            ),
            RunError::CalledOff(at) => write!(f, "the game was called off at {at}"),
        }
    }
}

impl std::error::Error for RunError {}

impl RunError {
    /// The diagnostic of the rule script whose failure stopped the game
    /// (hook, function, file and position), if that is why it stopped.
    pub fn script_failure(&self) -> Option<&crate::diagnostic::Diagnostic> {
        match self {
            RunError::Engine(EngineError::Hook(failure)) => Some(&failure.0),
            _ => None,
        }
    }
}

/// The stream a game's chance steps are answered from.
pub fn dice_stream(seed: u64, game: u64) -> Stream {
    Stream::new(seed, game, Source::Dice)
}

/// What watches a game: every action taken (by an agent, `side` set, or
/// by the dice, `side` none) and every event, in order, with the state
/// after it. Play-by-play, box scores, logs and statistics are sinks.
pub trait Sink {
    /// An action is about to be applied to `state`.
    fn action(&mut self, _state: &State, _side: Option<Side>, _action: &Action) {}
    /// An event happened; `state` is the state after the action.
    fn event(&mut self, state: &State, event: &Event);
    /// Whether the game is to stop now, asked after each manager's choice
    /// (before it is applied): a sink that never stops a game keeps the
    /// default, which costs nothing.
    #[inline(always)]
    fn called_off(&self) -> bool {
        false
    }
}

impl<F: FnMut(&State, &Event)> Sink for F {
    fn event(&mut self, state: &State, event: &Event) {
        self(state, event)
    }
}

/// Where a game's dice come from: its seeded stream (`dice_stream`), or
/// dice rolled at a table and typed in.
pub trait Roller {
    /// The faces of `count` six-sided dice rolled for `purpose` ("hit",
    /// "catch", "throw", "run") in `state`; none calls the game off (the
    /// one rolling them left it).
    fn roll(&mut self, state: &State, count: u8, purpose: &'static str) -> Option<Dice>;
}

/// The seeded stream rolls every die itself.
impl Roller for Stream {
    #[inline(always)]
    fn roll(&mut self, _: &State, count: u8, _: &'static str) -> Option<Dice> {
        Some(Stream::roll(self, count))
    }
}

/// The seed a game's decks are shuffled from.
pub fn shuffle_seed(seed: u64, game: u64) -> u64 {
    u64::from(Stream::new(seed, game, Source::Shuffle).below(u32::MAX))
}

/// Plays a game with seed `seed` (game number `game` of a run) between two
/// agents (home, away); every action and every event the engine records
/// (all, unless it was made `Engine::recording` fewer kinds) goes to
/// `sink` as it happens (any sink, `dyn Sink` included).
pub fn play_game<S: Sink + ?Sized>(
    engine: &Engine<'_>,
    seed: u64,
    game: u64,
    agents: [&mut dyn Agent; 2],
    sink: &mut S,
) -> Result<State, RunError> {
    play_game_within(engine, seed, game, agents, sink, MAX_DECISIONS)
}

/// `play_game`, calling the game off (`RunError::TooLong`) after
/// `max_decisions` decisions instead of `MAX_DECISIONS`.
pub fn play_game_within<S: Sink + ?Sized>(
    engine: &Engine<'_>,
    seed: u64,
    game: u64,
    agents: [&mut dyn Agent; 2],
    sink: &mut S,
    max_decisions: usize,
) -> Result<State, RunError> {
    let mut dice = dice_stream(seed, game);
    play(engine, seed, game, agents, sink, &mut dice, max_decisions)
}

/// `play_game` with its dice from `roller` instead of the seed's stream
/// (the decks are still shuffled from the seed).
pub fn play_game_rolling<S: Sink + ?Sized, R: Roller + ?Sized>(
    engine: &Engine<'_>,
    seed: u64,
    game: u64,
    agents: [&mut dyn Agent; 2],
    sink: &mut S,
    roller: &mut R,
) -> Result<State, RunError> {
    play(engine, seed, game, agents, sink, roller, MAX_DECISIONS)
}

/// The game loop of `play_game_within` and `play_game_rolling`.
fn play<S: Sink + ?Sized, R: Roller + ?Sized>(
    engine: &Engine<'_>,
    seed: u64,
    game: u64,
    agents: [&mut dyn Agent; 2],
    sink: &mut S,
    dice: &mut R,
    max_decisions: usize,
) -> Result<State, RunError> {
    let (mut state, events) = engine.new_game(shuffle_seed(seed, game));
    let mut events = engine.recorder(events);
    hand_over(&mut events, &state, sink);
    let [home, away] = agents;
    for _ in 0..max_decisions {
        let applied = match engine.decision(&state) {
            Decision::Over => return Ok(state),
            Decision::Chance(Chance::Dice { count, purpose }) => {
                let Some(faces) = dice.roll(&state, count, purpose) else {
                    return Err(RunError::CalledOff(Standing::of(&state)));
                };
                let action = Action::Dice(faces);
                sink.action(&state, None, &action);
                engine.apply_known(&mut state, &action, false, &mut events)
            }
            Decision::Choose { side } => {
                let agent: &mut dyn Agent = match side {
                    Side::Home => &mut *home,
                    Side::Away => &mut *away,
                };
                let legal = Legal::new(*engine, &state);
                let action = agent.choose(&View::new(&state, side), &legal);
                if sink.called_off() {
                    return Err(RunError::CalledOff(Standing::of(&state)));
                }
                // An action the agent's `Legal` vouches for is not checked
                // again.
                let known_legal = legal.vouches_for(&action);
                sink.action(&state, Some(side), &action);
                engine.apply_known(&mut state, &action, known_legal, &mut events)
            }
        };
        applied.map_err(RunError::Engine)?;
        hand_over(&mut events, &state, sink);
    }
    Err(RunError::TooLong {
        decisions: max_decisions,
        at: Standing::of(&state),
    })
}

/// Hands a step's events to the sink, leaving the buffer empty for the
/// next step: events are `Copy`, so emptying it drops nothing.
#[inline(always)]
fn hand_over<S: Sink + ?Sized>(events: &mut Recorder, state: &State, sink: &mut S) {
    for e in events.events() {
        sink.event(state, e);
    }
    events.clear();
}
