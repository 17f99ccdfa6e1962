//! `State`: all the mutable data of one game, serialisable and cheap to
//! clone. What the engine waits for next is `State::phase`; everything
//! else is the position of the game (inning, count, hands, decks, runners,
//! fielders, ball).

use serde::{Deserialize, Serialize};

use super::cards::{CardId, Deck, DeckKind};
use crate::field::{BallMark, Position, RunnerMark, SquareId};
pub use crate::ruleset::schema::Lie;
use crate::ruleset::schema::Pitch;

/// One of the two managers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The home team (defends first).
    Home,
    /// The guest team (bats first).
    Away,
}

impl Side {
    /// The other manager.
    pub fn other(self) -> Side {
        match self {
            Side::Home => Side::Away,
            Side::Away => Side::Home,
        }
    }

    /// Index into per-side arrays (home 0, away 1).
    pub fn index(self) -> usize {
        match self {
            Side::Home => 0,
            Side::Away => 1,
        }
    }
}

/// Which half of an inning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Half {
    /// The guest bats.
    Top,
    /// Home bats.
    Bottom,
}

impl Half {
    /// `top` or `bottom`, as logs and messages write it.
    pub fn word(self) -> &'static str {
        match self {
            Half::Top => "top",
            Half::Bottom => "bottom",
        }
    }
}

/// The fielding positions, numbered as scorers do (1 pitcher ... 9 right
/// field). A fielder is an index `0..9` into `State::fielders`: number - 1.
pub const POSITIONS: [&str; 9] = ["P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF"];

/// Whether a fielder (index 0..9) is an infielder (pitcher and catcher
/// included) for the movement and action-point rules.
pub fn is_infielder(fielder: u8) -> bool {
    fielder < 6
}

/// Where the ball is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ball {
    /// Between plays, with the pitcher.
    Dead,
    /// Loose on a square.
    Loose {
        /// The square.
        at: SquareId,
        /// Ground or fly.
        lie: Lie,
        /// A fly ball that fell after a missed catch: picked up
        /// automatically.
        dropped: bool,
    },
    /// In a fielder's hands.
    Held {
        /// The fielder (0..9).
        by: u8,
    },
    /// A throw that has not arrived yet (it continues next defense turn).
    Thrown {
        /// Where the ball is now.
        at: SquareId,
        /// Who threw it.
        thrower: u8,
        /// Who it is thrown to.
        to: u8,
        /// The running total of the throw's dice (for readings that add
        /// short throws together).
        total: u8,
    },
}

/// A runner on the base path (the batter too, once he runs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Runner {
    /// The batting-order slot (0..9) of the player running.
    pub slot: u8,
    /// The circle he stands on: 0 home plate (the batter), 5 first, 10
    /// second, 15 third, 20 home again (scored).
    pub pos: u8,
    /// Where he stood when the ball was put in play.
    pub start: u8,
    /// The base he was forced to when the ball was put in play, until he
    /// reaches it.
    pub forced_to: Option<u8>,
}

impl Runner {
    /// Whether he stands on a base (not between two).
    pub fn on_base(&self) -> bool {
        self.pos.is_multiple_of(5)
    }

    /// The next base ahead of him (5, 10, 15 or 20).
    pub fn next_base(&self) -> u8 {
        (self.pos / 5 + 1) * 5
    }

    /// The last base he reached.
    pub fn last_base(&self) -> u8 {
        self.pos / 5 * 5
    }
}

/// A short list of small numbers (fielders by number, batting slots): up
/// to `ShortList::INLINE` of them kept inline, so a play's lists cost no
/// allocation, a longer one kept once for the program
/// (`intern::numbers`), so the list is plain `Copy` data either way. It
/// reads as a slice and serialises as a list of numbers, like the `Vec<u8>`
/// it stands for.
#[derive(Clone, Copy)]
pub struct ShortList(Items);

#[derive(Clone, Copy)]
enum Items {
    Inline {
        len: u8,
        items: [u8; ShortList::INLINE],
    },
    Spilled(&'static [u8]),
}

impl ShortList {
    /// How many numbers are kept inline: as many as fit in the room the
    /// spilled form takes anyway.
    pub const INLINE: usize = 22;

    /// An empty list.
    pub fn new() -> Self {
        ShortList(Items::Inline {
            len: 0,
            items: [0; Self::INLINE],
        })
    }

    /// Adds a number at the end.
    #[inline]
    pub fn push(&mut self, n: u8) {
        if let Items::Inline { len, items } = &mut self.0
            && let Some(slot) = items.get_mut(usize::from(*len))
        {
            *slot = n;
            *len += 1;
        } else {
            self.push_spilled(n);
        }
    }

    /// `push` past the inline room. Out of line, so that `push` inlines.
    #[cold]
    #[inline(never)]
    fn push_spilled(&mut self, n: u8) {
        let mut numbers = self.to_vec();
        numbers.push(n);
        *self = Self::from(numbers);
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        *self = Self::new();
    }

    /// Takes out the number at `index`, shifting the later ones down.
    ///
    /// # Panics
    ///
    /// When `index` is past the end.
    pub fn remove(&mut self, index: usize) -> u8 {
        match &mut self.0 {
            Items::Inline { len, items } => {
                let end = usize::from(*len);
                assert!(index < end, "index {index} past a list of {end}");
                let n = items[index];
                // The whole rest of the room moves down, the unused part
                // too (it is never read): with `index` known where this
                // inlines, a copy of a fixed size, done in place.
                items.copy_within(index + 1.., index);
                *len -= 1;
                n
            }
            Items::Spilled(_) => self.remove_spilled(index),
        }
    }

    /// `remove` from a list kept out of line.
    #[cold]
    #[inline(never)]
    fn remove_spilled(&mut self, index: usize) -> u8 {
        let mut numbers = self.to_vec();
        let n = numbers.remove(index);
        *self = Self::from(numbers);
        n
    }
}

impl Default for ShortList {
    fn default() -> Self {
        Self::new()
    }
}

impl std::ops::Deref for ShortList {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match &self.0 {
            Items::Inline { len, items } => &items[..usize::from(*len)],
            Items::Spilled(numbers) => numbers,
        }
    }
}

impl PartialEq for ShortList {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for ShortList {}

impl std::fmt::Debug for ShortList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Extend<u8> for ShortList {
    fn extend<I: IntoIterator<Item = u8>>(&mut self, numbers: I) {
        for n in numbers {
            self.push(n);
        }
    }
}

impl From<Vec<u8>> for ShortList {
    fn from(numbers: Vec<u8>) -> Self {
        if numbers.len() > Self::INLINE {
            return ShortList(Items::Spilled(super::intern::numbers(&numbers)));
        }
        let mut list = Self::new();
        list.extend(numbers);
        list
    }
}

impl Serialize for ShortList {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for ShortList {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<u8>::deserialize(deserializer).map(Self::from)
    }
}

/// A ball in play: what happened since the hit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    /// The batting direction (1..6).
    pub direction: u8,
    /// The batting distance.
    pub distance: i32,
    /// The sum of the two distance dice.
    pub dice: u8,
    /// The defense turn (1 = the first, when flies may be caught).
    pub turn: u8,
    /// Action points left in this defense turn.
    pub budget: u8,
    /// Squares each fielder moved in this defense turn.
    pub moved: [u8; 9],
    /// The first fielder the defense named to play the ball.
    #[serde(default)]
    pub chosen: Option<u8>,
    /// The fielder whose action points make this defense turn's budget
    /// (the last `plays` event's); none before the defense names him.
    /// Under `defense.budget.chosen_fields` only he fields a loose ball.
    #[serde(default)]
    pub player: Option<u8>,
    /// Squares the ball holder carried the ball in this defense turn
    /// (`defense.move_with_ball`).
    pub carried: u8,
    /// Where the ball was picked up or caught (for orange throw modifiers),
    /// and whether the next throw is the first from there.
    pub fielded_at: Option<SquareId>,
    /// Whether the ball has reached the diamond (runners then stop at the
    /// next base).
    pub in_diamond: bool,
    /// The runners (a bit per batting slot) who have reached a base since
    /// the diamond stop began to hold: under `offense.diamond_stop.lasts:
    /// play` they stay there.
    #[serde(default)]
    pub stopped: u16,
    /// Fielders who handled the ball, in order (for the scoring notation).
    pub handled: ShortList,
    /// How the batter's play is scored so far.
    pub batter_out: bool,
    /// The fly was caught: the batter is out.
    pub caught: bool,
    /// Whether any runner moved in the offense turn being played.
    pub moved_this_turn: bool,
    /// Runners still to move in the offense turn, most advanced first (by
    /// batting slot).
    pub to_move: ShortList,
    /// The die rolled for the runner now moving.
    pub run_die: Option<u8>,
    /// Whether the offense turn is under way (else the defense's).
    pub offense_turn: bool,
    /// A home run that a fielder may try to rob at the fence.
    pub home_run: bool,
    /// Ground-ball pickups missed in this play
    /// (`field.ground_pickup.automatic_after_misses`).
    #[serde(default)]
    pub pickup_misses: u8,
    /// The runner who has reached home plate where a collision with the
    /// catcher may still put him out (`offense.collision`): the ball
    /// waiting there, or a throw to it on its way. He scores, or is out,
    /// when it is settled.
    #[serde(default)]
    pub at_plate: Option<Runner>,
    /// After a collision out, how many bases the other runners may move in
    /// the offense turn that follows (`offense.collision`).
    #[serde(default)]
    pub others_bases: Option<u8>,
    /// A defense turn interrupted by the offense's run at once on a fly let
    /// drop (`field.let_drop.offense_runs_at_once`): the action points it
    /// resumes with.
    #[serde(default)]
    pub resume_budget: Option<u8>,
}

impl Play {
    /// A ball just hit in `direction` for `distance`, with `dice` the sum of
    /// the two distance dice: the first defense turn, nothing done yet.
    pub fn new(direction: u8, distance: i32, dice: u8) -> Self {
        Play {
            direction,
            distance,
            dice,
            turn: 1,
            budget: 0,
            moved: [0; 9],
            chosen: None,
            player: None,
            carried: 0,
            fielded_at: None,
            in_diamond: false,
            stopped: 0,
            handled: ShortList::new(),
            batter_out: false,
            caught: false,
            moved_this_turn: false,
            to_move: ShortList::new(),
            run_die: None,
            offense_turn: false,
            home_run: false,
            pickup_misses: 0,
            at_plate: None,
            others_bases: None,
            resume_budget: None,
        }
    }
}

/// What the engine waits for. Read at every step (what the game waits
/// for, which transition applies, which choice an agent makes), so it
/// keeps its variant in a tag byte of its own: one load tells it, where a
/// tag folded into a field's unused values takes a few instructions to
/// decode.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
#[repr(u8)]
pub enum Phase {
    /// The defense places its fielders for the half inning (and may
    /// change players first).
    Position,
    /// The defense must replace its pitcher, who has no stamina left
    /// (pro.stamina): at the start of a half inning, or before the next
    /// batter when he lost his last point in the middle of one.
    Relief {
        /// Where the game goes on once the reliever's stamina is rolled.
        #[serde(default)]
        resume: Resume,
    },
    /// The die for a new pitcher's stamina (chance).
    StaminaDie {
        /// The side whose pitcher takes the mound.
        side: Side,
        /// Where the game goes on.
        resume: Resume,
    },
    /// Before the first pitch to a batter: a manager draws or discards.
    Memorandum {
        /// Who chooses (defense first, then offense).
        side: Side,
    },
    /// The defense shows a pitch.
    Pitch,
    /// The offense answers the shown pitch.
    Response {
        /// The pitch card shown.
        pitch: CardId,
    },
    /// The batted ball's direction and distance dice (chance: 3 dice).
    HitDice {
        /// The batting bonus of the card pair.
        bonus: u8,
        /// The values of the special cards played: the batting one and
        /// the pitching one.
        #[serde(default)]
        specials: [i8; 2],
        /// The pitch hit (its type picks the batting and pitching values
        /// of PRO's distance), when known.
        pitch: Option<Pitch>,
    },
    /// The offense chooses ground or fly for a ball on a Texas square.
    TexasChoice,
    /// The defense plays (choose a fielder, move, field, throw, end turn).
    Defense,
    /// A die for a defense action (chance).
    DefenseDie {
        /// What it is for.
        purpose: DefenseRoll,
    },
    /// A fly ball was missed (or came off the wall): the offense may send
    /// one runner of its choice to his next base (`field.fly_miss`).
    MissAdvance {
        /// Whether the ball came off the wall, before any defense turn.
        wall: bool,
    },
    /// The dice of a collision at home plate (chance: the offense's die,
    /// then the defense's).
    CollisionDice {
        /// Whether the ball was at the plate before the runner.
        ball_first: bool,
    },
    /// The die of the runner about to move (chance).
    RunDie,
    /// The offense moves the runner whose die was rolled.
    Run,
    /// The game is over.
    Over,
}

/// What a defense die is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefenseRoll {
    /// A fly-ball catch by a fielder, needing at least `need`.
    Catch {
        /// The fielder.
        fielder: u8,
        /// The minimum roll.
        need: u8,
    },
    /// A leap at the fence to rob a home run.
    Leap {
        /// The fielder.
        fielder: u8,
        /// The roll needed.
        need: u8,
    },
    /// A ground-ball pickup, needing at least `need`.
    Pickup {
        /// The fielder.
        fielder: u8,
        /// The minimum roll.
        need: u8,
    },
    /// A throw (or its continuation) to a fielder.
    Throw {
        /// The thrower.
        from: u8,
        /// The receiver.
        to: u8,
    },
}

/// One side's dugout: its players in the game (pro.lineup, pro.substitution,
/// pro.stamina): who bats in each slot and fields each position, as
/// indices into the side's roster (`Players`), the players already
/// replaced (who cannot return), and the pitcher's Status track. Games
/// without Player cards keep the identity lineup and no track.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dugout {
    /// The roster index batting in each slot (0..9).
    pub batting: [u8; 9],
    /// The roster index fielding each position (P, C, 1B ... RF).
    pub fielding: [u8; 9],
    /// Roster indices of the players who left the game.
    pub gone: Vec<u8>,
    /// The pitcher's stamina: the cell of the Status track his token
    /// covers (`None` until it is rolled, or when the rules have no track).
    pub stamina: Option<u8>,
    /// Whether the pitcher entered in relief.
    pub relief: bool,
    /// Pitches the pitcher on the mound has thrown.
    #[serde(default)]
    pub pitcher_pitches: u32,
    /// Whether this manager's first Defense and Offense hands were dealt
    /// (`hand.initial`).
    pub dealt: [bool; 2],
    /// Special cards this manager has played in the game.
    pub specials: u8,
    /// Special cards this manager has played in this inning, on defense
    /// and on offense.
    pub specials_inning: [u8; 2],
}

impl Default for Dugout {
    /// The identity lineup: slot and position `i` hold roster index `i`.
    fn default() -> Self {
        let identity = std::array::from_fn(|i| i as u8);
        Dugout {
            batting: identity,
            fielding: identity,
            gone: Vec::new(),
            stamina: None,
            relief: false,
            pitcher_pitches: 0,
            dealt: [false; 2],
            specials: 0,
            specials_inning: [0; 2],
        }
    }
}

/// Where the game goes on after a pitcher's stamina roll.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resume {
    /// The defense positions its fielders (the start of a half inning).
    #[default]
    Position,
    /// The defense's memorandum before the next batter.
    Memorandum,
}

/// A manager's cards in hand, one hand per deck.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hands {
    /// Defense (red) cards.
    pub defense: Vec<CardId>,
    /// Offense (blue) cards.
    pub offense: Vec<CardId>,
}

impl Hands {
    /// The hand of one deck.
    pub fn of(&self, deck: DeckKind) -> &Vec<CardId> {
        match deck {
            DeckKind::Defense => &self.defense,
            DeckKind::Offense => &self.offense,
        }
    }

    /// The hand of one deck, to change.
    pub fn of_mut(&mut self, deck: DeckKind) -> &mut Vec<CardId> {
        match deck {
            DeckKind::Defense => &mut self.defense,
            DeckKind::Offense => &mut self.offense,
        }
    }
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// What the engine waits for.
    pub phase: Phase,
    /// The inning (1-based).
    pub inning: u8,
    /// Top or bottom.
    pub half: Half,
    /// Outs in this half inning.
    pub outs: u8,
    /// Balls on the batter.
    pub balls: u8,
    /// Strikes on the batter.
    pub strikes: u8,
    /// Runs by inning, per side (home 0, away 1).
    pub runs: [Vec<u16>; 2],
    /// The next batter's batting-order slot, per side.
    pub next_batter: [u8; 2],
    /// The batter at the plate (slot), once the at-bat began.
    pub batter: u8,
    /// Whether the memorandum step of this batter is done for each side.
    pub memo_done: [bool; 2],
    /// The runners on the base path, most advanced first.
    pub runners: Vec<Runner>,
    /// The defense's fielders by position (index = number - 1).
    pub fielders: [SquareId; 9],
    /// The ball.
    pub ball: Ball,
    /// The ball in play, if any.
    pub play: Option<Play>,
    /// Each manager's hands (home 0, away 1).
    pub hands: [Hands; 2],
    /// The Defense and Offense decks.
    pub decks: [Deck; 2],
    /// Pitches thrown by each side's pitcher (for box scores).
    pub pitches: [u32; 2],
    /// Each side's players in the game (home 0, away 1).
    pub dugouts: [Dugout; 2],
    /// The offense's bases (`Engine::bases_taken`) when the batter came
    /// up, for the bases a reliever concedes (kept only in a game that
    /// tracks stamina; 0 in any other).
    #[serde(default)]
    pub bases_at_batter: u16,
    /// The seed of the deck shuffles, and how many shuffles were made: a
    /// reshuffle draws its order from these, so a game's decks depend only
    /// on its seed.
    pub shuffles: (u64, u32),
}

impl State {
    /// The side batting.
    pub fn offense(&self) -> Side {
        match self.half {
            Half::Top => Side::Away,
            Half::Bottom => Side::Home,
        }
    }

    /// The side in the field.
    pub fn defense(&self) -> Side {
        self.offense().other()
    }

    /// Total runs of a side.
    pub fn score(&self, side: Side) -> u32 {
        self.runs[side.index()].iter().map(|&r| u32::from(r)).sum()
    }

    /// The runner standing on or heading past a circle, if any.
    pub fn runner_at(&self, pos: u8) -> Option<&Runner> {
        self.runners.iter().find(|r| r.pos == pos)
    }

    /// The fielder (0..9) standing on a square, if any.
    pub fn fielder_on(&self, square: SquareId) -> Option<u8> {
        self.fielders
            .iter()
            .position(|&s| s == square)
            .map(|i| i as u8)
    }

    /// The half inning, outs and count in words: "top of inning 3, 1 out,
    /// count 2-1".
    pub fn situation(&self) -> String {
        format!(
            "{} of inning {}, {} out{}, count {}-{}",
            self.half.word(),
            self.inning,
            self.outs,
            if self.outs == 1 { "" } else { "s" },
            self.balls,
            self.strikes
        )
    }

    /// The moment as the field's drawings show it (`field::render_text_at`,
    /// `field::render_svg_at`): the fielders, the ball in play, the
    /// runners (by batting slot, the leadoff hitter's drawn as 1), and a
    /// caption with the inning, outs, count and score.
    pub fn position(&self) -> Position {
        let ball = match self.ball {
            Ball::Dead => None,
            Ball::Loose {
                at,
                lie: Lie::Fly,
                dropped: false,
            } => Some(BallMark::Fly(at)),
            Ball::Loose { at, .. } => Some(BallMark::Ground(at)),
            Ball::Held { by } => Some(BallMark::Held(by)),
            Ball::Thrown { at, to, .. } => Some(BallMark::Thrown { at, to }),
        };
        Position {
            caption: format!(
                "{}, score {}-{} (away-home)",
                self.situation(),
                self.score(Side::Away),
                self.score(Side::Home)
            ),
            fielders: self.fielders,
            ball,
            runners: self
                .runners
                .iter()
                .map(|r| RunnerMark {
                    circle: r.pos,
                    slot: r.slot,
                })
                .collect(),
            first_slot: 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past its inline room a list reads, changes and serialises as it
    /// did before.
    #[test]
    fn a_long_short_list_spills_and_reads_the_same() {
        let numbers: Vec<u8> = (1..=30).collect();
        let mut list = ShortList::new();
        list.extend(numbers.iter().copied());
        assert_eq!(&*list, &numbers[..]);
        assert_eq!(ShortList::from(numbers.clone()), list);
        assert_eq!(
            serde_json::to_string(&list).unwrap(),
            serde_json::to_string(&numbers).unwrap()
        );
        assert_eq!(list.remove(0), 1);
        assert_eq!(&*list, &numbers[1..]);
        for _ in 0..list.len() - 2 {
            list.remove(1);
        }
        assert_eq!(&*list, &[2, 30]);
    }
}
