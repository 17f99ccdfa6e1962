//! `Event`: one thing that happened, with the rule that made it happen.
//! Events are the engine's only output; play-by-play, box scores,
//! statistics and logs are all built from them. An event is plain `Copy`
//! data (names are kept once for the program, `intern`), so a step's
//! buffer of events is read by reference and emptied without a drop to run
//! for each. A game may record only some kinds of events (`EventKinds`,
//! by their `EventTag`), for a sink that reads no others.

use serde::{Deserialize, Serialize};

use super::cards::{Card, DeckKind};
use super::dice::Dice;
use super::state::{Half, Lie, ShortList, Side};
use crate::field::SquareId;

/// How a batter or runner was put out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutHow {
    /// Three strikes.
    Strikeout,
    /// A fly ball caught (or a home run robbed at the fence).
    Caught,
    /// The ball reached the base he was forced to before him.
    Force,
    /// The ball reached the base he was running to before him.
    Tag,
    /// He lost a collision with the fielder holding the ball at home plate
    /// (offense.collision).
    Collision,
}

/// Where a batted ball came down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Landing {
    /// On a square of the field.
    Field,
    /// Off the wall: beyond the fence but short of the blue minimum.
    Wall,
    /// Out of the park.
    HomeRun,
}

/// What happened. Every sink matches each event on its kind, so the kind
/// keeps its variant in a tag byte of its own (see `Phase`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
#[repr(u8)]
pub enum EventKind {
    /// A deck was shuffled.
    Shuffled {
        /// Which.
        deck: DeckKind,
    },
    /// A half inning began.
    HalfStarted {
        /// The inning.
        inning: u8,
        /// Top or bottom.
        half: Half,
    },
    /// The defense placed its fielders.
    Positioned {
        /// The squares, by position.
        squares: [SquareId; 9],
    },
    /// A player came into the game for another (pro.substitution).
    Substitution {
        /// His side.
        side: Side,
        /// The player who came in (roster index).
        player: u8,
        /// His name.
        name: &'static str,
        /// The player who left (roster index): he cannot return.
        replaced: u8,
        /// His name.
        replaced_name: &'static str,
        /// The batting slot he took over, if the replaced player batted.
        slot: Option<u8>,
        /// The fielding position (0..9) he took over, if the replaced
        /// player fielded.
        position: Option<u8>,
    },
    /// A pitcher's stamina was rolled as he took the mound (pro.stamina).
    StaminaRolled {
        /// His side.
        side: Side,
        /// The die.
        die: u8,
        /// His stamina: the cell his token covers.
        stamina: u8,
    },
    /// A pitcher tired: his token moved left on the Status track.
    Tired {
        /// His side.
        side: Side,
        /// What tired him ("inning_pitched", "batting_turn", ...).
        cause: &'static str,
        /// His stamina now (0: he must be replaced).
        stamina: u8,
    },
    /// A manager played a special card (core.cards.special-values).
    SpecialPlayed {
        /// Who.
        side: Side,
        /// The card's id (`hit_fastball_plus_1`).
        id: &'static str,
        /// Its printed name.
        name: &'static str,
        /// The value it adds to its player's ability (0 for an immediate
        /// card).
        value: i8,
        /// Whether it has an immediate effect, settling the at-bat.
        immediate: bool,
    },
    /// A manager swapped a special card for the top card of its deck, at
    /// the price of a ball or a strike (pro.special.swap).
    Swapped {
        /// Who.
        side: Side,
        /// The card swapped away (its name).
        name: &'static str,
    },
    /// A batter came to the plate.
    BatterUp {
        /// His side.
        side: Side,
        /// His batting-order slot (0..9).
        slot: u8,
    },
    /// A manager drew cards.
    Drew {
        /// Who.
        side: Side,
        /// From which deck.
        deck: DeckKind,
        /// How many.
        count: u8,
        /// Whether the rules forced the draw.
        forced: bool,
    },
    /// A manager discarded cards.
    Discarded {
        /// Who.
        side: Side,
        /// To which pile.
        deck: DeckKind,
        /// How many.
        count: u8,
    },
    /// A discard pile became the new deck.
    Reshuffled {
        /// Which deck.
        deck: DeckKind,
    },
    /// The count changed outside a pitch (the memorandum).
    Count {
        /// Balls.
        balls: u8,
        /// Strikes.
        strikes: u8,
    },
    /// The defense showed a pitch.
    Pitched {
        /// The card.
        card: Card,
    },
    /// The offense answered.
    Responded {
        /// The card.
        card: Card,
    },
    /// A ball on the batter.
    Ball {
        /// Balls after it.
        balls: u8,
        /// Strikes.
        strikes: u8,
    },
    /// A strike on the batter.
    Strike {
        /// Balls.
        balls: u8,
        /// Strikes after it.
        strikes: u8,
    },
    /// The card pair hits with a bonus on the distance (`pitch.bonus`, or
    /// MAJOR's power hit, `pitch.power_bonus`); its dice come next.
    HitBonus {
        /// What the pair adds to the distance.
        bonus: u8,
    },
    /// A batted ball too short to be in play (`hit.foul`): a foul ball,
    /// the at-bat goes on.
    Foul {
        /// The batting distance (0 or less).
        distance: i32,
        /// Balls.
        balls: u8,
        /// Strikes after it (unchanged when it cannot be the third).
        strikes: u8,
    },
    /// Four balls: the batter walks.
    Walk {
        /// His slot.
        slot: u8,
    },
    /// A runner stole a base.
    Stole {
        /// His slot.
        slot: u8,
        /// The circle he left.
        from: u8,
        /// The circle he reached.
        to: u8,
    },
    /// Dice were rolled.
    Rolled {
        /// What for.
        purpose: &'static str,
        /// The dice.
        dice: Dice,
    },
    /// The ball was hit.
    Hit {
        /// The batting direction.
        direction: u8,
        /// The batting distance.
        distance: i32,
        /// Where it came down.
        landing: Landing,
        /// The square it lies on (none for a home run).
        square: Option<SquareId>,
    },
    /// How the ball lies.
    Lies {
        /// Ground or fly.
        lie: Lie,
        /// Whether the offense chose it (a Texas square).
        chosen: bool,
    },
    /// The defense named the fielder who plays the ball.
    Plays {
        /// The fielder.
        fielder: u8,
        /// The action points of the turn.
        budget: u8,
    },
    /// A fielder moved one square.
    Moved {
        /// The fielder.
        fielder: u8,
        /// From.
        from: SquareId,
        /// To.
        to: SquareId,
    },
    /// A catch, leap or pickup was tried.
    Fielded {
        /// The fielder.
        fielder: u8,
        /// "catch", "leap" or "pickup".
        how: &'static str,
        /// The roll needed.
        need: u8,
        /// The roll.
        roll: u8,
        /// Whether he has the ball.
        success: bool,
    },
    /// A fly ball fell: the ball lies on the ground.
    Dropped,
    /// A throw was made or continued.
    Threw {
        /// The thrower.
        from: u8,
        /// The receiver.
        to: u8,
        /// The square the ball reached.
        at: SquareId,
        /// Whether the receiver has it.
        arrived: bool,
    },
    /// A runner moved.
    Ran {
        /// His slot.
        slot: u8,
        /// From circle.
        from: u8,
        /// To circle.
        to: u8,
    },
    /// A runner and the fielder with the ball collided at home plate.
    Collided {
        /// The runner's slot.
        slot: u8,
        /// Whether the ball was there before him.
        ball_first: bool,
        /// The offense's die.
        offense_die: u8,
        /// The defense's die.
        defense_die: u8,
        /// Whether he is out.
        out: bool,
    },
    /// A run scored.
    Scored {
        /// The runner's slot.
        slot: u8,
    },
    /// An out.
    Out {
        /// The batter's or runner's slot.
        slot: u8,
        /// How.
        how: OutHow,
        /// The fielders who handled the ball, in order (numbers 1-9).
        fielders: ShortList,
    },
    /// A defense turn ended.
    DefenseTurnEnded,
    /// An offense turn ended.
    OffenseTurnEnded,
    /// The ball in play is dead; pitching resumes.
    PlayEnded {
        /// The base the batter reached (0 when out), 4 for a run.
        batter_reached: u8,
    },
    /// A half inning ended.
    HalfEnded {
        /// Runs scored in it.
        runs: u16,
    },
    /// The game ended.
    GameOver {
        /// Home runs scored.
        home: u32,
        /// Guest runs scored.
        away: u32,
    },
}

/// The kind of an event without its details: what a sink names when it
/// says which events it reads (`EventKinds`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventTag {
    /// `EventKind::Shuffled`.
    Shuffled,
    /// `EventKind::HalfStarted`.
    HalfStarted,
    /// `EventKind::Positioned`.
    Positioned,
    /// `EventKind::Substitution`.
    Substitution,
    /// `EventKind::StaminaRolled`.
    StaminaRolled,
    /// `EventKind::Tired`.
    Tired,
    /// `EventKind::SpecialPlayed`.
    SpecialPlayed,
    /// `EventKind::Swapped`.
    Swapped,
    /// `EventKind::BatterUp`.
    BatterUp,
    /// `EventKind::Drew`.
    Drew,
    /// `EventKind::Discarded`.
    Discarded,
    /// `EventKind::Reshuffled`.
    Reshuffled,
    /// `EventKind::Count`.
    Count,
    /// `EventKind::Pitched`.
    Pitched,
    /// `EventKind::Responded`.
    Responded,
    /// `EventKind::Ball`.
    Ball,
    /// `EventKind::Strike`.
    Strike,
    /// `EventKind::HitBonus`.
    HitBonus,
    /// `EventKind::Foul`.
    Foul,
    /// `EventKind::Walk`.
    Walk,
    /// `EventKind::Stole`.
    Stole,
    /// `EventKind::Rolled`.
    Rolled,
    /// `EventKind::Hit`.
    Hit,
    /// `EventKind::Lies`.
    Lies,
    /// `EventKind::Plays`.
    Plays,
    /// `EventKind::Moved`.
    Moved,
    /// `EventKind::Fielded`.
    Fielded,
    /// `EventKind::Dropped`.
    Dropped,
    /// `EventKind::Threw`.
    Threw,
    /// `EventKind::Ran`.
    Ran,
    /// `EventKind::Collided`.
    Collided,
    /// `EventKind::Scored`.
    Scored,
    /// `EventKind::Out`.
    Out,
    /// `EventKind::DefenseTurnEnded`.
    DefenseTurnEnded,
    /// `EventKind::OffenseTurnEnded`.
    OffenseTurnEnded,
    /// `EventKind::PlayEnded`.
    PlayEnded,
    /// `EventKind::HalfEnded`.
    HalfEnded,
    /// `EventKind::GameOver`.
    GameOver,
}

impl EventKind {
    /// The kind without its details.
    #[inline(always)]
    pub const fn tag(&self) -> EventTag {
        match self {
            Self::Shuffled { .. } => EventTag::Shuffled,
            Self::HalfStarted { .. } => EventTag::HalfStarted,
            Self::Positioned { .. } => EventTag::Positioned,
            Self::Substitution { .. } => EventTag::Substitution,
            Self::StaminaRolled { .. } => EventTag::StaminaRolled,
            Self::Tired { .. } => EventTag::Tired,
            Self::SpecialPlayed { .. } => EventTag::SpecialPlayed,
            Self::Swapped { .. } => EventTag::Swapped,
            Self::BatterUp { .. } => EventTag::BatterUp,
            Self::Drew { .. } => EventTag::Drew,
            Self::Discarded { .. } => EventTag::Discarded,
            Self::Reshuffled { .. } => EventTag::Reshuffled,
            Self::Count { .. } => EventTag::Count,
            Self::Pitched { .. } => EventTag::Pitched,
            Self::Responded { .. } => EventTag::Responded,
            Self::Ball { .. } => EventTag::Ball,
            Self::Strike { .. } => EventTag::Strike,
            Self::HitBonus { .. } => EventTag::HitBonus,
            Self::Foul { .. } => EventTag::Foul,
            Self::Walk { .. } => EventTag::Walk,
            Self::Stole { .. } => EventTag::Stole,
            Self::Rolled { .. } => EventTag::Rolled,
            Self::Hit { .. } => EventTag::Hit,
            Self::Lies { .. } => EventTag::Lies,
            Self::Plays { .. } => EventTag::Plays,
            Self::Moved { .. } => EventTag::Moved,
            Self::Fielded { .. } => EventTag::Fielded,
            Self::Dropped { .. } => EventTag::Dropped,
            Self::Threw { .. } => EventTag::Threw,
            Self::Ran { .. } => EventTag::Ran,
            Self::Collided { .. } => EventTag::Collided,
            Self::Scored { .. } => EventTag::Scored,
            Self::Out { .. } => EventTag::Out,
            Self::DefenseTurnEnded { .. } => EventTag::DefenseTurnEnded,
            Self::OffenseTurnEnded { .. } => EventTag::OffenseTurnEnded,
            Self::PlayEnded { .. } => EventTag::PlayEnded,
            Self::HalfEnded { .. } => EventTag::HalfEnded,
            Self::GameOver { .. } => EventTag::GameOver,
        }
    }
}

/// A set of kinds of events: those a game records (`Engine::recording`).
/// A sink that reads only some kinds, like the statistics of a
/// simulation, spares the engine building and handing over the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventKinds(u64);

impl EventKinds {
    /// Every kind.
    pub const ALL: Self = Self(u64::MAX);

    /// These kinds.
    pub const fn of(tags: &[EventTag]) -> Self {
        let mut bits = 0;
        let mut i = 0;
        while i < tags.len() {
            bits |= 1 << tags[i] as u32;
            i += 1;
        }
        Self(bits)
    }

    /// Whether the set holds the kind `tag`.
    #[inline(always)]
    pub const fn has(self, tag: EventTag) -> bool {
        self.0 >> tag as u32 & 1 != 0
    }
}

// Every kind has its bit in an `EventKinds` (`GameOver` is the last kind).
const _: () = assert!((EventTag::GameOver as u32) < u64::BITS);

/// A step's events as the engine records them: only the kinds its game
/// records (`Engine::recording`). `push` is inlined, so where an event's
/// kind is known the check is one bit test, and an event not recorded is
/// never built.
pub(crate) struct Recorder {
    list: Vec<Event>,
    kinds: EventKinds,
}

impl Recorder {
    /// Records the events of `kinds` after those of `list`.
    pub(crate) fn new(list: Vec<Event>, kinds: EventKinds) -> Self {
        Self { list, kinds }
    }

    /// Records `event`, when its kind is recorded.
    #[inline(always)]
    pub(crate) fn push(&mut self, event: Event) {
        if self.kinds.has(event.kind.tag()) {
            self.list.push(event);
        }
    }

    /// The events recorded.
    pub(crate) fn events(&self) -> &[Event] {
        &self.list
    }

    /// Forgets the events recorded, keeping the buffer.
    pub(crate) fn clear(&mut self) {
        self.list.clear();
    }

    /// The events recorded, as a list.
    pub(crate) fn into_events(self) -> Vec<Event> {
        self.list
    }
}

/// One event and the rule behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// The rule key that produced it (`count.limits`); the ruleset maps it
    /// to the clause it cites.
    pub rule: &'static str,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
}
