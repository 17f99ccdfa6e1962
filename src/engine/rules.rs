//! `GameRules`: the resolved ruleset as the engine reads it. Every rule the
//! engine needs is decoded once into its typed value (or its hook), so the
//! game loop never touches YAML; pure integer hooks are memoised, so a
//! procedure written in Rhai costs one script call per distinct input in
//! the whole process.
//! Each rule keeps the clause it cites, for the events it produces.

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock};

use serde::de::DeserializeOwned;

use super::cards::{Card, DeckList, Effect, Special};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ruleset::schema::{
    self, ActionPoints, AfterOut, BallLie, BasePath, BaseTouch, Budget, CatchMinimum, Costs,
    CountLimits, DeckCycle, DeckSize, DefenseDeck, DefenseSpecials, DiamondStop, FenceLeap,
    FlyMiss, Force, ForcedDraw, Foul, GameLength, GroundPickup, HandInitial, HandLimits, HitFence,
    InFlight, LetDrop, LineupRules, Memorandum, MemorandumUse, MoveWithBall, Movement, OffenseDeck,
    OffenseSpecials, OutWays, OutsPerHalf, PitchOutcomes, PitchResponse, PitcherUse, PlayerCards,
    RoleSpec, Roles, Run, RunHome, ShortThrow, Shortened, SpecialCard, SpecialLimits, SpecialSwap,
    StaminaTrack, Steal, Substitution, Texas, TexasMissedFly, ThrowCover, ThrowCutoff,
    ThrowModifier, ThrowTargets, ThrowTurnEnd, Validate,
};
use crate::ruleset::{HookRef, OptionValues, RuleBody, Ruleset};
use crate::script::{Array, Dynamic, FromScript, FuncArgs, Map, ScriptError};
use crate::team::{PlayerCard, Role};

/// An argument to a hook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arg {
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// Six die faces' values (1..6 each), passed as an array: a batter
    /// card's direction for each face.
    Faces([u8; 6]),
    /// A word from the engine's own vocabulary (an event, a role code).
    Name(&'static str),
}

impl From<i64> for Arg {
    fn from(i: i64) -> Self {
        Arg::Int(i)
    }
}

impl From<bool> for Arg {
    fn from(b: bool) -> Self {
        Arg::Bool(b)
    }
}

/// The most arguments a memoised hook takes.
const MAX_ARGS: usize = 8;

/// A hook with a memo of its results: hooks are pure over their inputs
/// (scripts see no state), so each distinct input runs the script once in
/// the process (or once per thread asking at the same moment, with the
/// same answer). Every result is kept in one table the threads share,
/// read-mostly and split into locked shards; each thread also keeps the
/// recent answers of calls whose arguments pack into a word in a small
/// two-way table of its own in front of it, which answers most calls
/// without touching a lock.
pub struct Memoised {
    hook: HookRef,
    /// This memo's key in the tables (never reused).
    id: u64,
}

impl std::fmt::Debug for Memoised {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Memoised({:?})", self.hook)
    }
}

/// A failing hook, as the engine reports it: the script's diagnostic (the
/// hook, the function, the file and the position in it), shared by the
/// memo that keeps it for the same inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookFailure(pub Arc<Diagnostic>);

/// One memoised call: the memo and the arguments (booleans as 0 and 1,
/// faces a byte each: a hook's argument types are fixed by its call site),
/// with its hash, worked out once for both the shard and the map.
#[derive(Debug, Clone, Copy, Eq)]
struct CallKey {
    memo: u64,
    len: u8,
    args: [i64; MAX_ARGS],
    hash: u64,
}

impl PartialEq for CallKey {
    /// Word by word (the arguments past `len` are always 0; the hash
    /// follows from the rest).
    fn eq(&self, other: &Self) -> bool {
        self.memo == other.memo
            && self.len == other.len
            && self.args.iter().zip(&other.args).all(|(a, b)| a == b)
    }
}

impl Hash for CallKey {
    /// The hash worked out when the key was made.
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// What `throw.resolution` answers for one die of a throw, read from the
/// hook's map once, when the script runs (a missing or mistyped entry
/// reads as nothing: not arrived, no squares, a total of 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThrowOutcome {
    /// The receiver has the ball.
    pub arrived: bool,
    /// The squares a short throw's ball moves toward him.
    pub squares: u32,
    /// The running total of the throw's dice.
    pub total: u8,
}

impl ThrowOutcome {
    fn of(map: &Map) -> Self {
        ThrowOutcome {
            arrived: map
                .get("arrived")
                .and_then(|v| v.as_bool().ok())
                .unwrap_or(false),
            squares: map
                .get("squares")
                .and_then(|v| v.as_int().ok())
                .unwrap_or(0)
                .max(0) as u32,
            total: map
                .get("total")
                .and_then(|v| v.as_int().ok())
                .unwrap_or(0)
                .clamp(0, 255) as u8,
        }
    }
}

/// A memoised result as it is kept: already in the form its call site
/// reads (no map to look it up in).
#[derive(Debug, Clone, Copy)]
enum Kept {
    Int(i64),
    Throw(ThrowOutcome),
}

/// How a hook's result is read: the script's return type and the form
/// the memo keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    Int,
    Throw,
}

type Results = HashMap<CallKey, Result<Kept, Arc<Diagnostic>>, BuildHasherDefault<WordHasher>>;

/// How many shards the shared memo is split into, so threads that miss
/// their recent answers at once seldom take the same lock.
const SHARDS: usize = 16;

/// Every memo's results, shared by all threads: a shard per slice of the
/// keys' hashes. Two threads missing the same key at once may both run
/// the script; they find the same result, so either insert may win.
static RESULTS: [RwLock<Results>; SHARDS] =
    [const { RwLock::new(HashMap::with_hasher(BuildHasherDefault::new())) }; SHARDS];

/// A recent answer of a memo whose arguments pack into one word
/// (`packed`): the memo's id (`EMPTY` for a free slot), the packed
/// arguments, the result.
#[derive(Debug, Clone, Copy)]
struct Recent {
    memo: u64,
    packed: u64,
    kept: Kept,
}

impl Recent {
    const EMPTY: Recent = Recent {
        memo: u64::MAX,
        packed: 0,
        kept: Kept::Int(0),
    };
}

/// Two recent answers that share a hash slot, the one asked for last
/// first, on one cache line: two inputs that meet in a slot both stay.
#[derive(Debug, Clone, Copy)]
#[repr(align(64))]
struct RecentPair([Recent; 2]);

/// How many slots of two recent answers a thread keeps in front of its
/// memos: enough for the distinct inputs of the hooks a game calls most
/// (the hit's direction and distance, the throw's die) to seldom be
/// pushed out, at 512 KiB a thread (2 MiB does not fit a thread's local
/// storage). PRO's distance alone takes some 11,000 inputs in 10,000
/// games (two dice, the batting and pitching values, the bonus, the
/// special cards, the Status cell): at 4,096 answers a fifth of its calls
/// went on to the shared memo, and PRO ran 1.7% slower.
const RECENT_PAIRS: usize = 8192;

thread_local! {
    /// Recent answers, two per slot of a hash of the memo and its packed
    /// arguments: a hit here costs a multiplication and a few comparisons.
    /// Every answer here is also in `RESULTS`, so an answer pushed out
    /// never runs its script again.
    static RECENT: [Cell<RecentPair>; RECENT_PAIRS] =
        const { [const { Cell::new(RecentPair([Recent::EMPTY; 2])) }; RECENT_PAIRS] };
    /// How many times this thread ran a script for a memo.
    static SCRIPT_CALLS: Cell<u64> = const { Cell::new(0) };
}

/// The scripts this thread has run for memoised hooks so far: the cost of
/// the rules' scripts in a game, as a count (each is a call the memo could
/// not answer, run in Rhai or, for plain arithmetic, natively).
pub fn script_calls() -> u64 {
    SCRIPT_CALLS.with(Cell::get)
}

/// A fast hasher for keys made of machine words (FxHash's mixing step).
/// Hash flooding is no concern: the keys are the engine's own.
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_i64(&mut self, i: i64) {
        self.write_u64(i as u64);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// The arguments of a call in one word when each fits a byte (an integer
/// in -128..=127, a boolean, a batter card's six faces a byte each, a
/// name of up to six bytes as its length and its bytes) and they take at
/// most eight; `None` otherwise. Unambiguous for one memo, whose call
/// site fixes its arguments' types (a name's length tells where it ends).
#[inline(always)]
fn packed(args: &[Arg]) -> Option<u64> {
    let mut word = 0u64;
    let mut bytes = 0u32;
    for a in args {
        let (value, width) = match *a {
            Arg::Int(i) => (u64::from(i8::try_from(i).ok()? as u8), 1),
            Arg::Bool(b) => (u64::from(b), 1),
            Arg::Faces(f) => (
                u64::from_le_bytes([f[0], f[1], f[2], f[3], f[4], f[5], 0, 0]),
                6,
            ),
            Arg::Name(name) => {
                let name = name.as_bytes();
                if name.len() > 6 {
                    return None;
                }
                let value = name
                    .iter()
                    .fold(name.len() as u64, |v, &b| v << 8 | u64::from(b));
                (value, name.len() as u32 + 1)
            }
        };
        bytes += width;
        if bytes > 8 {
            return None;
        }
        word = word << (8 * width) | value;
    }
    Some(word)
}

/// The slot of a memo's packed call in `RECENT` (FxHash's mixing step).
#[inline(always)]
fn recent_slot(memo: u64, packed: u64) -> usize {
    let mixed = (memo.rotate_left(5) ^ packed).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    (mixed >> (64 - RECENT_PAIRS.trailing_zeros())) as usize
}

impl CallKey {
    /// The shard of `RESULTS` that keeps this call: middle bits of the
    /// key's hash, as the map inside reads its low and top ones.
    fn shard(&self) -> &'static RwLock<Results> {
        &RESULTS[(self.hash >> 32) as usize % SHARDS]
    }

    /// The key of a call of memo `memo`.
    fn new(memo: u64, args: &[Arg]) -> Self {
        assert!(
            args.len() <= MAX_ARGS,
            "a memoised hook takes at most {MAX_ARGS} arguments"
        );
        let mut key = CallKey {
            memo,
            len: args.len() as u8,
            args: [0; MAX_ARGS],
            hash: 0,
        };
        for (k, a) in key.args.iter_mut().zip(args) {
            *k = match *a {
                Arg::Int(i) => i,
                Arg::Bool(b) => i64::from(b),
                Arg::Faces(faces) => faces.iter().fold(0, |acc, &f| acc << 8 | i64::from(f)),
                // Address and length: equal keys are the same bytes (the
                // address stays below 2^48 on every supported platform).
                Arg::Name(name) => (name.as_ptr() as i64) | ((name.len() as i64) << 48),
            };
        }
        let mut hasher = WordHasher::default();
        hasher.write_u64(memo);
        for &a in &key.args[..args.len()] {
            hasher.write_i64(a);
        }
        key.hash = hasher.finish();
        key
    }
}

impl Memoised {
    fn new(hook: HookRef) -> Self {
        static NEXT_ID: AtomicU64 = AtomicU64::new(0);
        Self {
            hook,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// Calls the hook with integer arguments and an integer result.
    #[inline(always)]
    pub fn int(&self, args: &[Arg]) -> Result<i64, HookFailure> {
        match self.call(args, Reading::Int)? {
            Kept::Int(value) => Ok(value),
            Kept::Throw(_) => Err(self.misread()),
        }
    }

    /// Calls `throw.resolution` with integer arguments: its map, read.
    #[inline(always)]
    pub fn throw(&self, args: &[Arg]) -> Result<ThrowOutcome, HookFailure> {
        match self.call(args, Reading::Throw)? {
            Kept::Throw(outcome) => Ok(outcome),
            Kept::Int(_) => Err(self.misread()),
        }
    }

    /// A hook called for one kind of result and, with the same inputs
    /// before, for another: the engine calls each hook one way only.
    #[cold]
    fn misread(&self) -> HookFailure {
        HookFailure(Arc::new(Diagnostic::error(format!(
            "hook `{}` is read as two kinds of result",
            self.hook.function
        ))))
    }

    /// A recent answer when the arguments pack into a word, else the memo
    /// (which then keeps the answer in front, too), else the script.
    #[inline(always)]
    fn call(&self, args: &[Arg], reading: Reading) -> Result<Kept, HookFailure> {
        let Some(packed) = packed(args) else {
            return self.remembered(args, reading);
        };
        let slot = recent_slot(self.id, packed);
        let RecentPair([last, before]) = RECENT.with(|r| r[slot].get());
        let asked = |recent: &Recent| recent.memo == self.id && recent.packed == packed;
        if asked(&last) {
            return Ok(last.kept);
        }
        if asked(&before) {
            RECENT.with(|r| r[slot].set(RecentPair([before, last])));
            return Ok(before.kept);
        }
        let kept = self.remembered(args, reading)?;
        let answer = Recent {
            memo: self.id,
            packed,
            kept,
        };
        RECENT.with(|r| r[slot].set(RecentPair([answer, last])));
        Ok(kept)
    }

    /// The memo's answer, or the script's.
    #[inline(never)]
    fn remembered(&self, args: &[Arg], reading: Reading) -> Result<Kept, HookFailure> {
        let key = CallKey::new(self.id, args);
        let shard = key.shard();
        let known = shard
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .cloned();
        match known {
            Some(Ok(kept)) => Ok(kept),
            Some(Err(failure)) => Err(HookFailure(failure)),
            None => self.run(key, shard, args, reading),
        }
    }

    /// A call the memo cannot answer: the script runs, and the memo keeps
    /// its result (a failure too).
    #[cold]
    #[inline(never)]
    fn run(
        &self,
        key: CallKey,
        shard: &RwLock<Results>,
        args: &[Arg],
        reading: Reading,
    ) -> Result<Kept, HookFailure> {
        SCRIPT_CALLS.with(|c| c.set(c.get() + 1));
        let result = self.invoke(args, reading);
        shard
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(key, result.clone());
        result.map_err(HookFailure)
    }

    fn invoke(&self, args: &[Arg], reading: Reading) -> Result<Kept, Arc<Diagnostic>> {
        let failed = |e: ScriptError| Arc::new(Diagnostic::from(e));
        let args = ScriptArgs(args);
        match reading {
            Reading::Throw => {
                let map = self.hook.hook.call_as::<Map>(args).map_err(failed)?;
                Ok(Kept::Throw(ThrowOutcome::of(&map)))
            }
            Reading::Int => {
                let value = self.hook.hook.call_as::<i64>(args).map_err(failed)?;
                Ok(Kept::Int(value))
            }
        }
    }
}

/// A memoised call's arguments, made into the script's values only as the
/// hook takes them (faces as an array of integers, names as strings).
struct ScriptArgs<'a>(&'a [Arg]);

impl FuncArgs for ScriptArgs<'_> {
    fn parse<A: Extend<Dynamic>>(self, values: &mut A) {
        values.extend(self.0.iter().map(|&a| {
            match a {
                Arg::Int(i) => i.into(),
                Arg::Bool(b) => b.into(),
                Arg::Faces(faces) => faces
                    .iter()
                    .map(|&f| Dynamic::from(i64::from(f)))
                    .collect::<Array>()
                    .into(),
                Arg::Name(name) => name.into(),
            }
        }));
    }
}

/// What tires a pitcher: the events the `stamina.loss` hook prices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tiring {
    /// A half inning he pitched in.
    InningPitched,
    /// One of his own plate appearances.
    BattingTurn,
    /// A home run he gave up.
    HomeRun,
    /// A base a batter or runner gained off him, walks excepted.
    BaseConceded,
    /// A walk.
    Walk,
}

impl Tiring {
    /// Every cause, in table order.
    pub const ALL: [Tiring; 5] = [
        Tiring::InningPitched,
        Tiring::BattingTurn,
        Tiring::HomeRun,
        Tiring::BaseConceded,
        Tiring::Walk,
    ];

    /// The name the hook receives.
    pub fn name(self) -> &'static str {
        match self {
            Tiring::InningPitched => "inning_pitched",
            Tiring::BattingTurn => "batting_turn",
            Tiring::HomeRun => "home_run",
            Tiring::BaseConceded => "base_conceded",
            Tiring::Walk => "walk",
        }
    }
}

/// The Status Pitcher's rules (pro.stamina).
#[derive(Debug)]
pub struct StaminaRules {
    /// `stamina.track`.
    pub track: StaminaTrack,
    /// `stamina.initial`: a new pitcher's stamina from his die.
    pub initial: Memoised,
    /// `stamina.shortened`: a starter's stamina in a shorter game.
    pub shortened: Option<Memoised>,
    /// `stamina.loss`, tabulated when the rules are read (its inputs are
    /// few): the cells each cause costs a starter (0) and a reliever (1).
    pub loss: [[u8; 2]; Tiring::ALL.len()],
}

impl StaminaRules {
    /// The cells `cause` costs a pitcher.
    pub fn loss(&self, cause: Tiring, relief: bool) -> u8 {
        self.loss[cause as usize][usize::from(relief)]
    }
}

/// Every rule the engine reads, decoded.
#[derive(Debug)]
pub struct GameRules {
    /// The ruleset's name.
    pub name: String,
    /// Innings in a regulation game (the `innings` option).
    pub innings: u8,
    /// The number of the game's first inning: 1, or for a shorter game
    /// that plays the last innings (`game.length.shortened:
    /// last_innings`, major.2.2.setup) the first of those.
    pub first_inning: u8,
    /// The number of the game's last regulation inning.
    pub last_inning: u8,
    /// `game.length`.
    pub length: GameLength,
    /// `game.outs_per_half`.
    pub outs_per_half: u8,
    /// `count.limits`.
    pub count: CountLimits,
    /// `memorandum.defense`.
    pub memo_defense: Memorandum,
    /// `memorandum.offense`.
    pub memo_offense: Memorandum,
    /// `memorandum.per_batter`.
    pub memo_use: MemorandumUse,
    /// `hand.limits`.
    pub hand: HandLimits,
    /// `hand.initial`.
    pub hand_initial: HandInitial,
    /// `hand.forced_draw`.
    pub forced_draw: ForcedDraw,
    /// `deck.cycle.discards_face_up`: whether both managers see the
    /// discard piles (MAJOR lays discards face up).
    pub discards_face_up: bool,
    /// The Defense deck's cards.
    pub defense_deck: DeckList,
    /// The Offense deck's cards.
    pub offense_deck: DeckList,
    /// `pitch.outcomes`.
    pub outcomes: PitchOutcomes,
    /// `pitch.response`.
    pub response: PitchResponse,
    /// `special.limits` and `special.swap`, when the game plays the
    /// special cards (`deck.*_specials` and the `special_cards` option).
    pub specials: Option<(SpecialLimits, SpecialSwap)>,
    /// `pitch.bonus` (0 where a ruleset removes it).
    pub bonus: u8,
    /// `pitch.power_bonus` (MAJOR's power hit; 0 where absent).
    pub power_bonus: u8,
    /// `pitch.steal`.
    pub steal: Steal,
    /// `hit.direction`.
    pub hit_direction: Memoised,
    /// `hit.distance`.
    pub hit_distance: Memoised,
    /// `hit.foul` (rulesets whose distance can be 0 or less; without it
    /// such a ball lies at distance 1).
    pub foul: Option<Foul>,
    /// `hit.fence`.
    pub fence: HitFence,
    /// `ball.lie`.
    pub lie: BallLie,
    /// `ball.texas`.
    pub texas: Texas,
    /// `ball.texas_missed_fly`.
    pub texas_missed: TexasMissedFly,
    /// `defense.action_points`.
    pub action_points: ActionPoints,
    /// `defense.budget`.
    pub budget: Budget,
    /// `defense.movement`.
    pub movement: Movement,
    /// `defense.move_with_ball`.
    pub move_with_ball: MoveWithBall,
    /// `field.ground_pickup`.
    pub pickup: GroundPickup,
    /// `field.catch_minimum`.
    pub catch: CatchMinimum,
    /// `field.fly_miss`.
    pub fly_miss: FlyMiss,
    /// `field.fence_leap`.
    pub leap: FenceLeap,
    /// `field.let_drop`.
    pub let_drop: LetDrop,
    /// `out.ways`.
    pub out_ways: OutWays,
    /// `throw.resolution`.
    pub throw: Memoised,
    /// `throw.targets`.
    pub throw_targets: ThrowTargets,
    /// `throw.short`.
    pub throw_short: ShortThrow,
    /// `throw.in_flight`.
    pub in_flight: InFlight,
    /// `throw.modifier`.
    pub throw_modifier: ThrowModifier,
    /// `throw.cover` (rulesets whose throws go to covered bases).
    pub throw_cover: Option<ThrowCover>,
    /// `throw.cutoff` (rulesets with cutoff throws).
    pub throw_cutoff: Option<ThrowCutoff>,
    /// `bases.path`.
    pub bases: BasePath,
    /// `offense.run`.
    pub run: Run,
    /// The Status Pitcher (`stamina.*`), for rulesets whose pitchers tire.
    pub stamina: Option<StaminaRules>,
    /// `lineup.substitution` and the star cap of `lineup.rules`, for
    /// rulesets with Player cards.
    pub substitution: Option<(Substitution, LineupRules)>,
    /// `defense.costs`.
    pub costs: Costs,
    /// `players.roles`: where each role fields and when a pitcher may
    /// pitch, by `Role as usize` (`None` for a role the rules do not
    /// know), so that asking costs no hashing.
    roles: [Option<RoleSpec>; Role::ALL.len()],
    /// `players.cards`: whether the Player cards' values are in play.
    pub player_cards: PlayerCards,
    /// `offense.long_runs` tabulated (major.3.12.long-runs): the BASE RUN
    /// left, by BASE RUN (0..=9) and bases already run in a row in the
    /// play (0..=4).
    pub long_runs: Option<[[u8; 5]; 10]>,
    /// `offense.force`.
    pub force: Force,
    /// `offense.run_home` (rulesets with the run home past the stop).
    pub run_home: Option<RunHome>,
    /// `offense.diamond_stop`.
    pub diamond_stop: DiamondStop,
    /// `offense.collision` tabulated (rulesets with collisions at home
    /// plate: major.3.11.2.collision).
    pub collision: Option<Collision>,
    /// `bases.touch` (where a ruleset does not set it: a fielder entering a
    /// base square touches the base, and the catcher on C touches home).
    pub touch: BaseTouch,
    /// `out.after`.
    pub after_out: AfterOut,
    /// `throw.turn_end`.
    pub turn_end: ThrowTurnEnd,
    /// The clause each rule key cites.
    sources: HashMap<String, String>,
}

impl GameRules {
    /// Reads the rules of a resolved ruleset with one game's options.
    /// Reports every missing or unusable rule at once.
    pub fn new(ruleset: &Ruleset, options: &OptionValues) -> Result<GameRules, Diagnostics> {
        let mut r = Reader {
            ruleset,
            problems: Diagnostics::default(),
        };
        let length: Option<GameLength> = r.value("game.length");
        let innings = options
            .int("innings")
            .map(|i| i.clamp(1, 99) as u8)
            .or(length.as_ref().map(|l| l.regulation_innings));
        // A shorter game plays the first innings, or the last ones numbered
        // as in a full game.
        let (first_inning, last_inning) = match (&length, innings) {
            (Some(l), Some(n)) if l.shortened == Shortened::LastInnings => {
                let last = l.regulation_innings.max(n);
                (Some(last - n + 1), Some(last))
            }
            (_, Some(n)) => (Some(1), Some(n)),
            _ => (None, None),
        };
        let defense: Option<DefenseDeck> = r.value("deck.defense");
        let offense: Option<OffenseDeck> = r.value("deck.offense");
        let with_specials = options.bool("special_cards").unwrap_or(true)
            && ruleset.rules.contains_key("deck.defense_specials");
        let decks = defense
            .zip(offense)
            .map(|(d, o)| (DeckList::defense(&d), DeckList::offense(&o)));
        let decks = match decks {
            Some((mut defense, mut offense)) if with_specials => {
                let specials = (|| {
                    let d: DefenseSpecials = r.value("deck.defense_specials")?;
                    let o: OffenseSpecials = r.value("deck.offense_specials")?;
                    Some((d, o))
                })();
                specials.and_then(|(d, o)| {
                    for card in d {
                        let plays_as = card.plays_as.map(Card::Pitch);
                        let special =
                            r.special(&card.id, &card.name, card.value, plays_as.is_none())?;
                        defense.add_special(special, plays_as, card.count);
                    }
                    for card in o {
                        let plays_as = card.plays_as.map(Card::Response);
                        let special =
                            r.special(&card.id, &card.name, card.value, plays_as.is_none())?;
                        offense.add_special(special, plays_as, card.count);
                    }
                    Some((defense, offense))
                })
            }
            other => other,
        };
        let rules = (|| {
            Some(GameRules {
                name: ruleset.name.clone(),
                innings: innings?,
                first_inning: first_inning?,
                last_inning: last_inning?,
                length: length?,
                outs_per_half: r.value::<OutsPerHalf>("game.outs_per_half")?.0,
                count: r.value("count.limits")?,
                memo_defense: r.value("memorandum.defense")?,
                memo_offense: r.value("memorandum.offense")?,
                memo_use: r.value("memorandum.per_batter")?,
                hand: r.value("hand.limits")?,
                hand_initial: r.value("hand.initial")?,
                forced_draw: r.value("hand.forced_draw")?,
                discards_face_up: r.value::<DeckCycle>("deck.cycle")?.discards_face_up,
                defense_deck: decks.clone()?.0,
                offense_deck: decks?.1,
                outcomes: r.value("pitch.outcomes")?,
                response: r.value("pitch.response")?,
                specials: if with_specials {
                    Some((r.value("special.limits")?, r.value("special.swap")?))
                } else {
                    None
                },
                bonus: r.optional("pitch.bonus").unwrap_or(0),
                power_bonus: r
                    .optional::<i8>("pitch.power_bonus")
                    .map_or(0, |b| b.max(0) as u8),
                steal: r.value("pitch.steal")?,
                hit_direction: r.hook("hit.direction")?,
                hit_distance: r.hook("hit.distance")?,
                foul: r.optional("hit.foul"),
                fence: r.value("hit.fence")?,
                lie: r.value("ball.lie")?,
                texas: r.value("ball.texas")?,
                texas_missed: r.value("ball.texas_missed_fly")?,
                action_points: r.value("defense.action_points")?,
                budget: r.value("defense.budget")?,
                movement: r.value("defense.movement")?,
                move_with_ball: r.value("defense.move_with_ball")?,
                pickup: r.value("field.ground_pickup")?,
                catch: r.value("field.catch_minimum")?,
                fly_miss: r.value("field.fly_miss")?,
                leap: r.value("field.fence_leap")?,
                let_drop: r.value("field.let_drop")?,
                out_ways: r.value("out.ways")?,
                throw: r.hook("throw.resolution")?,
                throw_targets: r.value("throw.targets")?,
                throw_short: r.value("throw.short")?,
                in_flight: r.value("throw.in_flight")?,
                throw_modifier: r.value("throw.modifier")?,
                throw_cover: r.optional("throw.cover"),
                throw_cutoff: r.optional("throw.cutoff"),
                bases: r.value("bases.path")?,
                run: r.value("offense.run")?,
                stamina: if r.ruleset.rules.contains_key("stamina.track") {
                    Some(StaminaRules {
                        track: r.value("stamina.track")?,
                        initial: r.hook("stamina.initial")?,
                        shortened: if r.ruleset.rules.contains_key("stamina.shortened") {
                            Some(r.hook("stamina.shortened")?)
                        } else {
                            None
                        },
                        loss: r.loss_table("stamina.loss")?,
                    })
                } else {
                    None
                },
                substitution: if r.ruleset.rules.contains_key("lineup.substitution") {
                    Some((r.value("lineup.substitution")?, r.value("lineup.rules")?))
                } else {
                    None
                },
                force: r.value("offense.force")?,
                costs: r.value("defense.costs")?,
                roles: r.value::<Roles>("players.roles").map(|roles| {
                    let mut by_role = [None; Role::ALL.len()];
                    for (&role, &spec) in &roles {
                        by_role[role as usize] = Some(spec);
                    }
                    by_role
                })?,
                player_cards: r.value("players.cards")?,
                long_runs: if r.ruleset.rules.contains_key("offense.long_runs") {
                    Some(r.long_run_table("offense.long_runs")?)
                } else {
                    None
                },
                run_home: r.optional("offense.run_home"),
                diamond_stop: r.value("offense.diamond_stop")?,
                collision: if r.ruleset.rules.contains_key("offense.collision") {
                    Some(r.collision_table("offense.collision")?)
                } else {
                    None
                },
                touch: r.optional("bases.touch").unwrap_or(BaseTouch {
                    on_entering_base_square: true,
                    catcher_box_touches_home: true,
                }),
                after_out: r.value("out.after")?,
                turn_end: r.value("throw.turn_end")?,
                sources: ruleset
                    .rules
                    .iter()
                    .map(|(k, rule)| (k.clone(), rule.source.clone()))
                    .collect(),
            })
        })();
        if let (Some(rules), Some(defense), Some(offense)) = (&rules, defense, offense) {
            r.forced_draws_fit(rules, defense.total().min(offense.total()));
            r.statements_agree(rules, defense.total(), offense.total());
        }
        match rules {
            Some(rules) if r.problems.is_empty() => Ok(rules),
            _ => Err(r.problems),
        }
    }

    /// When a card may pitch under these rules (`players.roles`): by the
    /// role it counts as (a pitcher's MAJOR role where the rules know it);
    /// `None` for a card that does not pitch.
    pub fn pitcher_use(&self, card: &PlayerCard) -> Option<PitcherUse> {
        self.roles[self.pitcher_role(card) as usize].and_then(|spec| spec.pitches)
    }

    /// The role these rules count a card under (`PlayerCard::counted_role`
    /// with the roles they know).
    pub fn pitcher_role(&self, card: &PlayerCard) -> Role {
        card.counted_role(|&r| self.roles[r as usize].is_some())
    }

    /// The clause a rule key cites (`"engine"` for the engine's own
    /// structure, which the rules notes explain).
    pub fn source(&self, key: &str) -> &str {
        self.sources.get(key).map_or("engine", String::as_str)
    }
}

struct Reader<'a> {
    ruleset: &'a Ruleset,
    problems: Diagnostics,
}

impl Reader<'_> {
    fn value<T: DeserializeOwned + Validate>(&mut self, key: &str) -> Option<T> {
        let Some(rule) = self.ruleset.rules.get(key) else {
            self.problems.push(missing(self.ruleset, key));
            return None;
        };
        match &rule.body {
            RuleBody::Value(node) => match schema::decode_checked(&rule.file, node) {
                Ok(v) => Some(v),
                Err(d) => {
                    self.problems.push(d);
                    None
                }
            },
            RuleBody::Hook(_) => {
                self.problems.push(
                    Diagnostic::error(format!("the engine reads `{key}` as data, not a hook"))
                        .at(&rule.file, rule.span),
                );
                None
            }
        }
    }

    /// A rule only some rulesets have: `None` when it is absent (a present
    /// but unusable one is a problem, as for `value`).
    fn optional<T: DeserializeOwned + Validate>(&mut self, key: &str) -> Option<T> {
        if self.ruleset.rules.contains_key(key) {
            self.value(key)
        } else {
            None
        }
    }

    fn hook(&mut self, key: &str) -> Option<Memoised> {
        let Some(rule) = self.ruleset.rules.get(key) else {
            self.problems.push(missing(self.ruleset, key));
            return None;
        };
        match &rule.body {
            RuleBody::Hook(h) => Some(Memoised::new(h.clone())),
            RuleBody::Value(_) => {
                self.problems.push(
                    Diagnostic::error(format!("the engine calls `{key}` as a hook, not data"))
                        .at(&rule.file, rule.span),
                );
                None
            }
        }
    }
}

impl Reader<'_> {
    /// The forced draw for a new batter must be one a hand and the decks can
    /// make: past `hand.limits`' most it contradicts them, and both managers
    /// may have to draw up to it from one deck at once, so a deck of fewer
    /// normal cards than the two hands would leave a draw that no reshuffle
    /// can ever fill (its price then ends every at-bat before a pitch). The
    /// draw of an empty hand during an at-bat may not pass that most either.
    fn forced_draws_fit(&mut self, rules: &GameRules, deck_cards: u32) {
        let draw_to = rules.forced_draw.new_batter_draw_to;
        let most = rules.hand.max;
        let mut problems = Vec::new();
        for (field, cards, hint) in [
            ("new_batter_draw_to", draw_to, "draw to at most"),
            (
                "empty_hand_draws",
                rules.forced_draw.empty_hand_draws,
                "draw at most",
            ),
        ] {
            if cards > most {
                problems.push(
                    Diagnostic::error(format!(
                        "`{field}: {cards}` draws past the {most} cards a hand may hold \
                         (`hand.limits`)"
                    ))
                    .hint(format!("{hint} {most}, or let hands hold more")),
                );
            }
        }
        if 2 * u32::from(draw_to) > deck_cards {
            problems.push(
                Diagnostic::error(format!(
                    "`new_batter_draw_to: {draw_to}` may ask for two hands of {draw_to} cards \
                     from one deck, but the smaller deck holds {deck_cards} normal cards"
                ))
                .hint(format!(
                    "draw to at most {}, or put more cards in `deck.defense` and `deck.offense`",
                    deck_cards / 2
                )),
            );
        }
        for problem in problems {
            self.push_at("hand.forced_draw", problem);
        }
    }

    /// Reports a problem at the value of rule `key` (at its entry when it
    /// is a hook).
    fn push_at(&mut self, key: &str, problem: Diagnostic) {
        let problem = match self.ruleset.rules.get(key) {
            Some(rule) => match &rule.body {
                RuleBody::Value(value) => problem.at(&rule.file, value.span),
                RuleBody::Hook(_) => problem.at(&rule.file, rule.span),
            },
            None => problem,
        };
        self.problems.push(problem);
    }

    /// Rules that state one thing twice must agree, or one of them would
    /// be silently ignored: the cards of `deck.size` and of the decks, the
    /// roles that may start as pitcher in `players.roles` and in
    /// `lineup.rules`.
    fn statements_agree(&mut self, rules: &GameRules, defense_cards: u32, offense_cards: u32) {
        if let Some(size) = self.optional::<DeckSize>("deck.size") {
            let mut decks = vec![
                ("normal", "deck.defense", defense_cards, size.normal),
                ("normal", "deck.offense", offense_cards, size.normal),
            ];
            fn count<A>(cards: &[SpecialCard<A>]) -> u32 {
                cards.iter().map(|c| u32::from(c.count)).sum()
            }
            if let Some(d) = self.optional::<DefenseSpecials>("deck.defense_specials") {
                decks.push(("special", "deck.defense_specials", count(&d), size.special));
            }
            if let Some(o) = self.optional::<OffenseSpecials>("deck.offense_specials") {
                decks.push(("special", "deck.offense_specials", count(&o), size.special));
            }
            for (field, deck, cards, said) in decks {
                if cards != u32::from(said) {
                    self.push_at(
                        "deck.size",
                        Diagnostic::error(format!(
                            "`{field}: {said}`, but `{deck}` holds {cards} cards"
                        ))
                        .hint(format!(
                            "give `{deck}` {said} cards, or make `deck.size` say how many \
                             every such deck holds"
                        )),
                    );
                }
            }
        }
        if let Some((_, lineup)) = &rules.substitution {
            let mut by_roles: Vec<Role> = Role::ALL
                .into_iter()
                .filter(|&role| {
                    rules.roles[role as usize].is_some_and(|s| s.pitches.is_some_and(|p| p.starts))
                })
                .collect();
            let mut by_lineup = lineup.starting_pitcher.clone();
            by_roles.sort();
            by_lineup.sort();
            by_lineup.dedup();
            if by_roles != by_lineup {
                let list = |roles: &[Role]| {
                    roles
                        .iter()
                        .map(|r| r.code())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                self.push_at(
                    "players.roles",
                    Diagnostic::error(format!(
                        "the roles that may start as pitcher are {}, but \
                         `lineup.rules.starting_pitcher` lists {}",
                        list(&by_roles),
                        list(&by_lineup)
                    ))
                    .hint(
                        "give `pitches: {starts: true}` to exactly the roles the lineup may start",
                    ),
                );
            }
        }
    }

    /// Runs a hook now, while the rules are read, to tabulate it: a
    /// failing script is a problem of the ruleset, reported at its source.
    fn run_now<T: FromScript>(&mut self, hook: &Memoised, args: Vec<rhai::Dynamic>) -> Option<T> {
        match hook.hook.hook.call_as::<T>(args) {
            Ok(value) => Some(value),
            Err(e) => {
                self.problems.push(Diagnostic::from(e));
                None
            }
        }
    }

    /// A special card, with its effect in every situation when it is
    /// immediate: `special.immediate` tabulated now (a failing script is a
    /// problem of the ruleset).
    fn special(&mut self, id: &str, name: &str, value: i8, immediate: bool) -> Option<Special> {
        let effects = if immediate {
            let hook = self.hook("special.immediate")?;
            let mut effects = Vec::with_capacity(24);
            for mask in 0..8usize {
                for outs in 0..3i64 {
                    let on_base: rhai::Array = (0..3)
                        .map(|b| rhai::Dynamic::from(mask >> b & 1 == 1))
                        .collect();
                    let args = vec![
                        rhai::Dynamic::from(id.to_string()),
                        rhai::Dynamic::from(on_base),
                        rhai::Dynamic::from(outs),
                    ];
                    effects.push(effect_of(&self.run_now::<Map>(&hook, args)?));
                }
            }
            Some(effects)
        } else {
            None
        };
        Some(Special {
            id: super::intern::name(id),
            name: super::intern::name(name),
            value,
            effects,
        })
    }

    /// `offense.long_runs` for every BASE RUN a card may print and every
    /// count of bases run in a row (a failing script is a problem of the
    /// ruleset).
    fn long_run_table(&mut self, key: &str) -> Option<[[u8; 5]; 10]> {
        let hook = self.hook(key)?;
        let mut table = [[0; 5]; 10];
        for (run, row) in table.iter_mut().enumerate() {
            for (bases, cell) in row.iter_mut().enumerate() {
                let args = vec![
                    rhai::Dynamic::from(run as i64),
                    rhai::Dynamic::from(bases as i64),
                ];
                *cell = self.run_now::<i64>(&hook, args)?.clamp(0, 20) as u8;
            }
        }
        Some(table)
    }

    /// `offense.collision` for both cases (the ball first or not) and every
    /// pair of dice, run now.
    fn collision_table(&mut self, key: &str) -> Option<Collision> {
        let hook = self.hook(key)?;
        let mut cells = [[[(false, 0); 6]; 6]; 2];
        for (ball_first, table) in cells.iter_mut().enumerate() {
            for (offense, row) in table.iter_mut().enumerate() {
                for (defense, cell) in row.iter_mut().enumerate() {
                    let args = vec![
                        rhai::Dynamic::from(offense as i64 + 1),
                        rhai::Dynamic::from(defense as i64 + 1),
                        rhai::Dynamic::from(ball_first == 1),
                    ];
                    let map = self.run_now::<Map>(&hook, args)?;
                    let out = map
                        .get("out")
                        .and_then(|v| v.as_bool().ok())
                        .unwrap_or(false);
                    let others = map
                        .get("others_advance")
                        .and_then(|v| v.as_int().ok())
                        .unwrap_or(0)
                        .clamp(0, 4) as u8;
                    *cell = (out, others);
                }
            }
        }
        Some(Collision { cells })
    }

    /// A hook over a small closed set of inputs, run for each of them now:
    /// `stamina.loss` for every cause, for a starter and a reliever. A
    /// failing script is a problem of the ruleset, reported at its source.
    fn loss_table(&mut self, key: &str) -> Option<[[u8; 2]; Tiring::ALL.len()]> {
        let hook = self.hook(key)?;
        let mut table = [[0; 2]; Tiring::ALL.len()];
        for cause in Tiring::ALL {
            for relief in [false, true] {
                let args = vec![
                    rhai::Dynamic::from(cause.name().to_string()),
                    rhai::Dynamic::from(relief),
                ];
                let cells = self.run_now::<i64>(&hook, args)?;
                table[cause as usize][usize::from(relief)] = cells.clamp(0, 99) as u8;
            }
        }
        Some(table)
    }
}

/// `offense.collision` tabulated: for the ball first (1) or after the
/// runner (0), the offense's die and the defense's (1..=6), whether the
/// runner is out and how many bases the other runners may then move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Collision {
    cells: [[[(bool, u8); 6]; 6]; 2],
}

impl Collision {
    /// The collision's result for these dice: whether the runner is out,
    /// and the bases the offense may then move its other runners (0: no
    /// limit beyond the usual).
    pub fn resolve(&self, ball_first: bool, offense_die: u8, defense_die: u8) -> (bool, u8) {
        let die = |d: u8| usize::from(d.clamp(1, 6) - 1);
        self.cells[usize::from(ball_first)][die(offense_die)][die(defense_die)]
    }

    /// The chance that the runner is out, over the 36 pairs of dice.
    pub fn out_chance(&self, ball_first: bool) -> f32 {
        let outs = self.cells[usize::from(ball_first)]
            .iter()
            .flatten()
            .filter(|(out, _)| *out)
            .count();
        outs as f32 / 36.0
    }
}

/// An immediate special's effect from the hook's map: `out`, `batter`,
/// `runners` (missing or mistyped entries read as nothing happening).
fn effect_of(map: &Map) -> Effect {
    let int = |v: &rhai::Dynamic| v.as_int().map_or(0, |i| i.clamp(0, 4) as u8);
    let runners = map
        .get("runners")
        .and_then(|v| v.clone().try_cast::<rhai::Array>())
        .unwrap_or_default();
    Effect {
        out: map
            .get("out")
            .and_then(|v| v.as_bool().ok())
            .unwrap_or(false),
        batter: map.get("batter").map_or(0, int),
        runners: std::array::from_fn(|i| runners.get(i).map_or(0, int)),
    }
}

fn missing(ruleset: &Ruleset, key: &str) -> Diagnostic {
    let file = &ruleset.layers.last().expect("a ruleset has a layer").file;
    Diagnostic::error(format!(
        "ruleset `{}` has no rule `{key}`, which the game needs",
        ruleset.name
    ))
    .at(file, crate::diagnostic::Span::new(0, 0))
    .hint("a ruleset that removes a rule must give the engine another way to play it; see docs/rulesets.md")
}

#[cfg(test)]
impl GameRules {
    /// A built-in ruleset's rules with its default options.
    pub(crate) fn builtin(name: &str) -> Self {
        let ruleset = Ruleset::load(name).expect("a built-in ruleset loads");
        let options = ruleset.option_values(&[]).expect("its default options");
        GameRules::new(&ruleset, &options).expect("its rules decode")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls of one memo pack into distinct words: a name's length keeps
    /// it apart from the arguments after it, and what does not fit a
    /// word is left to the shared memo.
    #[test]
    fn arguments_pack_into_a_word_without_ambiguity() {
        let stamina =
            |die, role, relief| packed(&[Arg::Int(die), Arg::Name(role), Arg::Bool(relief)]);
        let calls = [
            stamina(3, "P", false),
            stamina(3, "P", true),
            stamina(3, "Ps", false),
            stamina(3, "Pr", false),
            stamina(4, "Ps", false),
            stamina(1, "Pc", true),
        ];
        let words: std::collections::HashSet<_> = calls.iter().map(|w| w.unwrap()).collect();
        assert_eq!(words.len(), calls.len());
        // A name and the integer after it, against a longer name.
        assert_ne!(
            packed(&[Arg::Name("P"), Arg::Int(i64::from(b's'))]),
            packed(&[Arg::Name("Ps"), Arg::Int(0)])
        );
        assert_eq!(packed(&[Arg::Name("longname")]), None);
        assert_eq!(packed(&[Arg::Name("Ps"), Arg::Faces([1; 6])]), None);
        assert_eq!(packed(&[Arg::Int(200)]), None);
    }

    /// major.3.12.long-runs, tabulated: Joe de Majo's BASE RUN 5 stays 5
    /// for his first two bases and is 4 after; PRO has no long runs.
    #[test]
    fn major_long_runs_are_tabulated_from_the_hook() {
        let major = GameRules::builtin("major");
        let table = major.long_runs.expect("MAJOR has long runs");
        assert_eq!(table[5][..3], [5, 5, 4]);
        assert_eq!(table[3][4], 2);
        assert!(GameRules::builtin("pro").long_runs.is_none());
    }

    /// major.3.11.2.collision, tabulated: the ball first, the defense wins
    /// ties with its +2; the ball after, it needs more than the offense
    /// with +1; an out lets the others move one base. PRO has none.
    #[test]
    fn major_collisions_are_tabulated_from_the_hook() {
        let major = GameRules::builtin("major");
        let collision = major.collision.expect("MAJOR has collisions");
        assert_eq!(collision.resolve(true, 6, 4), (true, 1));
        assert_eq!(collision.resolve(true, 6, 3), (false, 0));
        assert_eq!(collision.resolve(false, 5, 4), (false, 0));
        assert_eq!(collision.resolve(false, 5, 5), (true, 1));
        assert!((collision.out_chance(true) - 30.0 / 36.0).abs() < 1e-6);
        assert!((collision.out_chance(false) - 21.0 / 36.0).abs() < 1e-6);
        assert!(GameRules::builtin("pro").collision.is_none());
    }

    /// Two inputs that meet in a slot of the thread's recent answers both
    /// stay there, the one asked for last first, each with its own answer.
    #[test]
    fn inputs_that_share_a_recent_slot_both_stay() {
        let rules = GameRules::builtin("basic");
        let memo = &rules.hit_direction;
        // hit_direction_basic(die, faces) is the die.
        let args = |(die, faces): (i64, i64)| [Arg::Int(die), Arg::Int(faces)];
        let slot = |input| recent_slot(memo.id, packed(&args(input)).unwrap());
        // Among 65,536 inputs, some two share one of the 8,192 slots.
        let mut seen = std::collections::HashMap::new();
        let (a, b) = (-128..=127)
            .flat_map(|die| (-128..=127).map(move |faces| (die, faces)))
            .find_map(|input| seen.insert(slot(input), input).map(|other| (other, input)))
            .expect("two inputs sharing a slot");
        let answers = || {
            let RecentPair(pair) = RECENT.with(|r| r[slot(a)].get());
            pair.map(|recent| match recent.kept {
                Kept::Int(die) if recent.memo == memo.id => Some(die),
                _ => None,
            })
        };
        assert_eq!(memo.int(&args(a)).unwrap(), a.0);
        assert_eq!(memo.int(&args(b)).unwrap(), b.0);
        assert_eq!(answers(), [Some(b.0), Some(a.0)]);
        assert_eq!(memo.int(&args(a)).unwrap(), a.0);
        assert_eq!(answers(), [Some(a.0), Some(b.0)]);
    }

    /// A memoised hook runs its script once per distinct input, and
    /// another thread finds the answers in the shared memo.
    #[test]
    fn memoised_hooks_run_once_per_input_in_the_process() {
        let ruleset = Ruleset::load("basic").unwrap();
        let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
        let args = |die: i64| [Arg::Int(die), Arg::Int(0)];
        let count = || {
            let before = script_calls();
            let first = rules.hit_direction.int(&args(4)).unwrap();
            assert_eq!(rules.hit_direction.int(&args(4)).unwrap(), first);
            rules.hit_direction.int(&args(5)).unwrap();
            script_calls() - before
        };
        assert_eq!(count(), 2);
        assert_eq!(count(), 0);
        assert_eq!(std::thread::scope(|s| s.spawn(count).join().unwrap()), 0);
    }
}
