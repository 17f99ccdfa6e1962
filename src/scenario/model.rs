//! `Scenario`: a scenario file as read, before anything is resolved against
//! a ruleset or a field. Every part a later step may reject keeps the span
//! it came from (`At`), so a bad square, a card the deck lacks or an
//! illegal decision is reported at its line and column.

use std::sync::Arc;

use crate::diagnostic::{SourceFile, Span};
use crate::engine::{DeckKind, Half, Lie, Side};
use crate::ruleset::schema::{Pitch, Response};

/// A value with the span of the node it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct At<T> {
    /// The value.
    pub value: T,
    /// Where it stands in the scenario file.
    pub span: Span,
}

impl<T> At<T> {
    pub(crate) fn new(value: T, span: Span) -> Self {
        Self { value, span }
    }
}

/// One scenario file.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The file it was read from.
    pub file: Arc<SourceFile>,
    /// Its title (`scenario:`), or the file's stem.
    pub title: String,
    /// The clauses it pins (`pins:`): the rulings it is about, whether or
    /// not an event cites them (`expect.cites` checks what events cite).
    pub pins: Vec<At<String>>,
    /// Why the engine is known to fail it (`known_failure:`): the runner
    /// reports such a scenario apart and does not fail the suite on it.
    pub known_failure: Option<String>,
    /// The ruleset: a built-in name or a path relative to the file.
    pub ruleset: At<String>,
    /// Option settings (`set:`), as `name=value` with the span of each.
    pub set: Vec<At<String>>,
    /// The field: a built-in name or a path relative to the file.
    pub field: At<String>,
    /// The teams whose Player cards play (`teams:`), if the scenario
    /// names them; without them every rule that reads a card plays the
    /// card-free way.
    pub teams: Option<Teams>,
    /// The seed of the deck shuffles (cards nobody named).
    pub seed: u64,
    /// Every special card the file names by its id, wherever it stands:
    /// checked against the ruleset's decks when the scenario is set up.
    pub specials: Vec<NamedSpecial>,
    /// The starting situation.
    pub start: Start,
    /// The dice, in the order the engine asks for them.
    pub dice: Vec<At<u8>>,
    /// The decisions, in order.
    pub decisions: Vec<At<Step>>,
    /// What must come out.
    pub expect: Expect,
}

/// The two teams of a scenario: shipped names or paths relative to the
/// file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Teams {
    /// The home team.
    pub home: At<String>,
    /// The guest team.
    pub away: At<String>,
}

/// A special card named by its id (`strike_out`), and the deck it must be
/// in (`None`: either, as in an expected `special_played` event).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedSpecial {
    /// The id, where it is written.
    pub id: At<String>,
    /// The deck that must hold it.
    pub deck: Option<DeckKind>,
}

/// A square as a scenario names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareSpec {
    /// `[direction, distance]` or `(direction,distance)`.
    Grid(u8, u8),
    /// `C`, the catcher's square.
    Catcher,
    /// `BOX`, the batter's square.
    Box,
    /// `mound`, the mound's first square.
    Mound,
}

/// Where the scenario starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartPhase {
    /// The start of the half inning: a pitcher with no stamina left is
    /// relieved, a pitcher whose stamina is not given rolls it, then the
    /// defense places its fielders (as `Engine::begin_half` decides).
    Position,
    /// A new batter: forced draws, then the memorandum (defense first).
    Memorandum,
    /// The defense is about to pitch.
    Pitch,
    /// The pitch was a hit: the hit's dice come next.
    Hit {
        /// The batting bonus of the card pair.
        bonus: u8,
        /// The pitch that was hit, whose type picks the batting and
        /// pitching values of a distance read on the cards (a special
        /// card adds its value to the pitcher's).
        pitch: Option<At<CardName>>,
    },
    /// A ball just hit lies on a square: the first defense turn.
    Defense,
}

/// The starting situation.
#[derive(Debug, Clone)]
pub struct Start {
    /// The inning.
    pub inning: u8,
    /// Top or bottom.
    pub half: Half,
    /// Outs.
    pub outs: u8,
    /// Balls.
    pub balls: u8,
    /// Strikes.
    pub strikes: u8,
    /// Runs before this point by inning, the first inning first (home,
    /// away), and where they are written: a side's single total is booked
    /// in the first inning.
    pub score: At<[Vec<u32>; 2]>,
    /// The batter's batting-order slot (0 for the leadoff hitter).
    pub batter: u8,
    /// Runners: circle, and slot when given.
    pub runners: Vec<At<(u8, Option<u8>)>>,
    /// Fielders placed by the scenario (position index 0..9, square);
    /// the others stand where the field's standard placement puts them.
    pub fielders: Vec<At<(u8, SquareSpec)>>,
    /// The ball of a `defense` start: its square and lie.
    pub ball: Option<At<(SquareSpec, Option<Lie>)>>,
    /// Hands named by the scenario.
    pub hands: Vec<HandSpec>,
    /// The top of each deck, first card drawn first (defense, offense).
    pub decks: [Vec<At<CardName>>; 2],
    /// Whether the cards nobody names lie on the discard pile, leaving the
    /// draw pile with only its named top (defense, offense).
    pub rest_discarded: [bool; 2],
    /// The cards out of the game (special cards played), by deck
    /// (defense, offense): neither drawn nor reshuffled.
    pub removed: [Vec<At<CardName>>; 2],
    /// Each side's pitcher's stamina (home, away), when the scenario
    /// gives it; a pitcher whose stamina is not given has not rolled it.
    pub stamina: [Option<At<u8>>; 2],
    /// The special cards each side has played (home, away).
    pub specials: [Option<At<Played>>; 2],
    /// Players who came into the game before the situation, in order.
    pub substitutions: Vec<Change>,
    /// The offense's bases when the batter came up (`Engine::bases_taken`,
    /// read by a reliever's stamina), when not the bases of the start.
    pub bases_at_batter: Option<u16>,
    /// How many shuffles the game has made (`None`: the two of its decks
    /// at the start); the next reshuffle's order comes from the seed and
    /// this count.
    pub shuffles: Option<u32>,
    /// Where the game stands.
    pub phase: At<StartPhase>,
}

/// The special cards a manager has played before the situation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Played {
    /// In the game.
    pub game: u8,
    /// In this inning, as the defense.
    pub defense: u8,
    /// In this inning, as the offense.
    pub offense: u8,
}

/// A substitution named by the players' names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The side changing players (`None`: the side that may change now).
    pub side: Option<Side>,
    /// The player coming in.
    pub player: At<String>,
    /// The player he replaces.
    pub replaced: At<String>,
}

/// Whose hand a scenario fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandOwner {
    /// The fielding manager's Defense hand.
    Defense,
    /// The batting manager's Offense hand.
    Offense,
    /// A named manager's hand of one deck (home = true; defense deck =
    /// true).
    Named {
        /// The home manager's (else the guest's).
        home: bool,
        /// The Defense deck's hand (else the Offense's).
        defense_deck: bool,
    },
}

/// One hand named card by card.
#[derive(Debug, Clone)]
pub struct HandSpec {
    /// Whose.
    pub owner: HandOwner,
    /// The cards.
    pub cards: Vec<At<CardName>>,
    /// The span of the whole entry.
    pub span: Span,
}

/// A card by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardName {
    /// A normal Defense card.
    Pitch(Pitch),
    /// A normal Offense card.
    Response(Response),
    /// A special card by its id in the ruleset's decks (`strike_out`).
    Special(String),
}

/// A draw or discard before the first pitch, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MemoSpec {
    /// `memo: keep`.
    Keep,
    /// `memo: draw N`.
    Draw(u8),
    /// `memo: discard N`: the first N cards of the hand.
    DiscardFirst(u8),
    /// `memo: {discard: [cards]}`.
    Discard(Vec<CardName>),
}

/// One scripted decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// `position: standard` (None) or fielders by position.
    Position(Option<Vec<(u8, SquareSpec)>>),
    /// `memo: ...`.
    Memo(MemoSpec),
    /// `pitch: card`.
    Pitch(CardName),
    /// `respond: card`.
    Respond(CardName),
    /// `swap: card`: a special card swapped for the top of the deck.
    Swap(CardName),
    /// `substitute: {player, for}`: by name, for the side that may
    /// change players now.
    Substitute(Change),
    /// `texas: ground|fly`.
    Texas(Lie),
    /// `play_ball: fielder`.
    PlayBall(u8),
    /// `move: {fielder: square or [squares]}`: one move per square.
    Move(Vec<(u8, Vec<SquareSpec>)>),
    /// `catch: fielder`.
    Catch(u8),
    /// `leap: fielder`.
    Leap(u8),
    /// `pickup: fielder`.
    Pickup(u8),
    /// `throw: {from, to}`; `from` defaults to who has the ball.
    Throw {
        /// The thrower.
        from: Option<u8>,
        /// The receiver.
        to: u8,
    },
    /// `end_turn`.
    EndTurn,
    /// `let_drop`: the fielder on a fly's square lets it drop.
    LetDrop,
    /// `send: first|second|third|none`: after a missed fly, the runner on
    /// that base goes up one.
    Send(Option<u8>),
    /// `advance: n`.
    Advance(u8),
    /// `illegal: decision`: the engine must refuse it.
    Illegal(Box<Step>),
}

/// What a scenario expects.
#[derive(Debug, Clone, Default)]
pub struct Expect {
    /// Events that must happen, in this order (others may come between).
    pub events: Vec<Pattern>,
    /// Events that must not happen at all.
    pub absent: Vec<Pattern>,
    /// Clause ids some event must cite.
    pub cites: Vec<At<String>>,
    /// Values of the final state.
    pub state: Vec<StateCheck>,
}

/// A value as the scenario format and its reports write it: the common
/// ground of expected and actual events and states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Val {
    /// Nothing (`~`).
    Null,
    /// An integer.
    Int(i64),
    /// `true` / `false`.
    Bool(bool),
    /// A word: a name, a position, a card.
    Word(String),
    /// A list.
    List(Vec<Val>),
    /// A mapping, in order.
    Map(Vec<(String, Val)>),
}

/// An expected event: its kind and the fields it must have.
#[derive(Debug, Clone)]
pub struct Pattern {
    /// The event kind (`out`).
    pub kind: &'static str,
    /// Fields that must match (`rule` and `clause` included).
    pub fields: Vec<(&'static str, Val)>,
    /// Where it is written.
    pub span: Span,
}

/// One expected value of the final state.
#[derive(Debug, Clone)]
pub struct StateCheck {
    /// The key (`outs`).
    pub key: &'static str,
    /// The expected value.
    pub value: Val,
    /// How to compare.
    pub mode: Compare,
    /// Where it is written.
    pub span: Span,
}

/// How an expected state value is compared with the actual one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compare {
    /// Equal.
    Equal,
    /// The expected mapping's keys have the actual values (others ignored).
    Subset,
    /// Runners given as a list of bases: only where they stand.
    Where,
    /// A hand given as a number: its size.
    Size,
}
