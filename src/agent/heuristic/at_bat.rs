//! The at-bat as the heuristic manager plays it: what a count is worth,
//! what the batter probably holds, which pitch to show, which card to
//! answer a shown pitch with, and whether to draw or discard before the
//! first pitch (the memorandum).
//!
//! Values are in runs from the offense's point of view, relative to a
//! fresh 0-0 count: a walk is worth about a third of a run, a strikeout
//! about minus a third, and the counts in between follow baseball's run
//! values by count. The defense minimises what the offense maximises.
//! A hand is worth its cards (an empty hand forces a draw, paid in the
//! count whenever it comes) plus its quality: for the offense, how well it
//! answers each pitch type; for the defense, how little a typical batter
//! can do against its best pitches. Cards are worth so much that both
//! managers keep their hands nearly full: a batter with seven cards can
//! answer almost any pitch, so most plate appearances end in a ball in
//! play. Hands are counted by card type, so valuing one costs no
//! allocation.

use super::recall::{ByPitch, keep_choice, new_book_id, recall, recall_choice};
use crate::engine::{Card, CardId, GameRules, Memo, Runner};
use crate::ruleset::schema::{CountChange, CountLimits, Outcome, Pitch, Response};
use std::borrow::Cow;

/// Run values of the counts short of a walk or a strikeout, by balls
/// (0..=3) and strikes (0..=2), relative to 0-0: baseball's.
const COUNT: [[f32; 3]; 4] = [
    [0.000, -0.040, -0.094],
    [0.037, -0.010, -0.077],
    [0.090, 0.033, -0.052],
    [0.178, 0.118, 0.030],
];
/// Pitches whose expected values lie this close are mixed at random, so
/// the pitcher is not predictable.
const MIX: f32 = 0.004;
/// What a point of the batter's distance bonus against a pitch type adds
/// to that pitch's value to the offense, in runs: a point of distance is
/// worth about what the batting bonus is (`hit_bonus - hit`, 0.085) when
/// the pitch is hit, which it is about three times in ten.
const EDGE_VALUE: f32 = 0.025;
/// The counts a pitcher's hand is valued at.
const HOLD_COUNTS: [(u8, u8); 4] = [(0, 0), (1, 1), (2, 2), (3, 1)];
/// Every outcome, where `Outcome as usize` finds it.
const OUTCOMES: [Outcome; 6] = [
    Outcome::Ball,
    Outcome::Strike,
    Outcome::Hit,
    Outcome::HitBonus,
    Outcome::PowerHit,
    Outcome::Steal,
];
/// The largest batter's hand `Plate::against` weighs (a pitch choice
/// counts a bigger one as this).
const MAX_HAND: u32 = 15;

/// The values the heuristics weigh, in runs (offense's view). They were
/// measured in games between heuristic managers on the classic field
/// (run expectancy by outs and bases before and after each kind of plate
/// appearance), and the card values were set by playing variants against
/// each other: a manager who keeps his hands full wins clearly.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Knobs {
    /// A walk.
    walk: f32,
    /// A strikeout.
    strikeout: f32,
    /// A ball put in play without the batting bonus.
    hit: f32,
    /// A ball put in play with the batting bonus (+1 distance).
    hit_bonus: f32,
    /// What a stolen base adds to the strike it costs.
    steal_gain: f32,
    /// How much a hand's quality for the next pitch counts: a hand serves
    /// more than one pitch. Not negative (`KeptValues` relies on it).
    quality: f32,
    /// What the first, second ... seventh card in a hand is worth by
    /// itself: an empty hand forces a draw, paid in the count at whatever
    /// moment it comes. Where the rules allow bigger hands, each further
    /// card is worth `LATER_CARD` of the one before (`Knobs::cards`).
    card: [f32; 7],
}

impl Default for Knobs {
    fn default() -> Self {
        Self {
            walk: 0.30,
            strikeout: -0.36,
            hit: -0.02,
            hit_bonus: 0.065,
            steal_gain: 0.17,
            quality: 0.6,
            card: [0.48, 0.36, 0.28, 0.20, 0.16, 0.12, 0.08],
        }
    }
}

/// What a card beyond the seven of `Knobs::card` is worth, as a share of
/// the card before it: the last two measured cards' ratio (0.08 / 0.12).
/// No shipped ruleset allows more than seven cards, so it was not measured
/// (docs/rules-notes.md, "How many cards a heuristic manager keeps").
const LATER_CARD: f32 = 2.0 / 3.0;

impl Knobs {
    /// What `n` cards are worth by themselves.
    fn cards(&self, n: u8) -> f32 {
        let measured: f32 = self.card.iter().take(usize::from(n)).sum();
        let last = self.card[self.card.len() - 1];
        let later = usize::from(n).saturating_sub(self.card.len());
        let later: f32 = (1..=later).map(|k| last * LATER_CARD.powi(k as i32)).sum();
        measured + later
    }
}

/// What a count is worth to the offense under `limits`: the walk or the
/// strikeout of `knobs` once it ends the at-bat, else its run value
/// (`COUNT`).
fn count_value(limits: CountLimits, knobs: &Knobs, balls: u8, strikes: u8) -> f32 {
    if strikes >= limits.strikes {
        return knobs.strikeout;
    }
    if balls >= limits.balls {
        return knobs.walk;
    }
    let b = 4 - usize::from(limits.balls - balls).min(4);
    let s = 3 - usize::from(limits.strikes - strikes).min(3);
    COUNT[b][s]
}

/// A hand counted by card type (`Pitch::ALL` or `Response::ALL` order).
pub(super) type Types = [u8; 6];

/// The type of a card that has none (`CardBook::card_types`): an immediate
/// special.
const NO_TYPE: u8 = 6;

fn pi(p: Pitch) -> usize {
    p as usize
}

fn ri(r: Response) -> usize {
    r as usize
}

/// The probability that `hand` cards dealt from `pool` cards hold none of
/// `k` particular ones (hypergeometric).
pub(super) fn none_of(pool: u32, k: u32, hand: u32) -> f32 {
    if k == 0 {
        return 1.0;
    }
    if pool < k + hand {
        return 0.0;
    }
    let mut p = 1.0f32;
    for i in 0..hand {
        p *= (pool - k - i) as f32 / (pool - i) as f32;
    }
    p
}

/// The best and second-best of some values (0 when missing).
fn top_two(values: impl Iterator<Item = (f32, u8)>) -> (f32, f32) {
    let (mut first, mut second) = (0.0f32, 0.0f32);
    for (v, n) in values {
        for _ in 0..n.min(2) {
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
    }
    (first, second)
}

/// `top_two` over one row of six values, for a hand holding each type
/// once (`first`, `second`), and which type gives `first` (a bit; none
/// when `first` is not positive, as the zero is then nobody's). Holding two
/// or more of that type makes `second` equal to `first`; holding more of
/// any other type changes nothing, since only the best two count.
#[derive(Debug, Clone, Copy, Default)]
struct BestTwo {
    first: f32,
    second: f32,
    top: u8,
}

/// The `BestTwo` of a row for every set of types held (a bit per type).
/// Hands are valued for every draw and discard the memorandum weighs, so
/// this is the simulator's hot loop: a lookup instead of a scan, giving
/// bit for bit the values `top_two` gives.
fn best_two_table(row: &[f32; 6]) -> [BestTwo; 64] {
    std::array::from_fn(|held| {
        let once = |i: usize| u8::from(held & 1 << i != 0);
        let (first, second) = top_two((0..6).map(|i| (row[i], once(i))));
        let top = (0..6)
            .find(|&i| once(i) == 1 && first > 0.0 && row[i] == first)
            .map_or(0, |i| 1 << i);
        BestTwo { first, second, top }
    })
}

/// The types a hand holds at all, and those it holds twice or more, as
/// bits.
fn held(hand: &Types) -> (usize, u8) {
    let (mut once, mut twice) = (0, 0);
    for (i, &n) in hand.iter().enumerate() {
        once |= usize::from(n >= 1) << i;
        twice |= u8::from(n >= 2) << i;
    }
    (once, twice)
}

/// `top_two` of a row's values over a hand, from the row's table and
/// `held(hand)`.
fn best_two(table: &[BestTwo; 64], (once, twice): (usize, u8)) -> (f32, f32) {
    let e = table[once];
    let second = if twice & e.top != 0 {
        e.first
    } else {
        e.second
    };
    (e.first, second)
}

/// The number of hand shapes `shape` tells apart: each of the six types
/// held not at all, once, or twice or more.
const SHAPES: usize = 729;

/// What one more card of each type adds to a hand's `shape` (while the
/// hand holds fewer than two of it).
const SHAPE_DIGIT: [usize; 6] = [1, 3, 9, 27, 81, 243];

/// What taking one card of type `i` out of a hand holding `n` of them
/// takes off its shape (the count of a type changes it only up to two).
fn shape_drop(n: u8, i: usize) -> usize {
    if n <= 2 { SHAPE_DIGIT[i] } else { 0 }
}

/// How many cards of each type `hand` holds, by the types of
/// `card_types`, and the lowest card of each type it holds (of a type not
/// held, none to read). Cards of no type are left out.
fn count_lowest(card_types: &[u8; 256], hand: &[CardId]) -> (Types, [CardId; 6]) {
    // Eight places, so that a card of no type (`NO_TYPE`) needs no check.
    let mut count = [0u8; 8];
    let mut lowest = [CardId(u8::MAX); 8];
    for &c in hand {
        let t = usize::from(card_types[usize::from(c.0)]) & 7;
        count[t] += 1;
        lowest[t] = c.min(lowest[t]);
    }
    (
        std::array::from_fn(|t| count[t]),
        std::array::from_fn(|t| lowest[t]),
    )
}

/// A hand's shape: for each type, whether it holds none, one, or two or
/// more (a base-3 number). Only the best two cards of a type ever count,
/// so hands of one shape are worth the same.
fn shape(hand: &Types) -> usize {
    hand.iter()
        .rev()
        .fold(0, |acc, &n| acc * 3 + usize::from(n.min(2)))
}

/// What a manager knows of the cards before any game: the decks'
/// compositions, the knobs, and what a hand of every shape is worth,
/// tabulated. The same for every game under one ruleset, so it is worked
/// out once (`CardBook::new`) and shared by the agents of all of them.
#[derive(Debug, Clone)]
pub struct CardBook {
    /// This book's id for `recall` (0 while it is being worked out).
    id: u32,
    knobs: Knobs,
    /// The type of every card of the Defense deck (`Pitch::ALL` order)
    /// and of the Offense deck (`Response::ALL` order) by id, `NO_TYPE`
    /// for an immediate special or an id beyond the deck: a hand is
    /// counted by type with a lookup per card.
    card_types: [[u8; 256]; 2],
    /// `card_types` with every special card `NO_TYPE`: how a pitch or
    /// response reads a hand whose special cards the limits hold back.
    normal_types: [[u8; 256]; 2],
    /// Copies of each pitch in the Defense deck.
    pitches: [u32; 6],
    /// Copies of each response in the Offense deck.
    responses: [u32; 6],
    /// The responses in the Offense deck, all told.
    offense_cards: u32,
    /// For an Offense hand of each shape, against each pitch type: the
    /// best answer's gain over taking a strike at a neutral count, plus
    /// half the second best's (the next pitch may be the same type).
    offense_gain: Vec<[f32; 6]>,
    /// For a Defense hand of each shape: how far its best and second-best
    /// pitches hold a typical batter under a hit with the bonus, averaged
    /// over `HOLD_COUNTS`.
    defense_quality: Vec<f32>,
    /// `knobs.cards(n)` for hands of 0 to `MAX_HAND` cards (a bigger one
    /// is valued as that many), where the rules' hand limit allows them:
    /// more cards than the limit are worth no more.
    cards_value: [f32; MAX_HAND as usize + 1],
    /// `count_value` for 0 to 7 balls and 0 to 7 strikes.
    counts: [[f32; 8]; 8],
    /// `none_of(pool, k, hand)` for every pool of up to the Offense deck's
    /// cards and every hand of up to `MAX_HAND` cards, by
    /// `none_of_row`: what `Plate::against` weighs its answers with.
    none_of: Vec<f32>,
    /// The `Answers` of every count of 0 to 7 balls and 0 to 7 strikes,
    /// with the steal closed and open, by `answers_index`.
    answers: Vec<Answers>,
    /// The `MemoPrices` of the defense (index 1) and the offense (0) at
    /// every count of 0 to 7 balls and 0 to 7 strikes, by `[balls][strikes]`.
    memo_prices: [[[MemoPrices; 8]; 8]; 2],
    /// What the memorandum weighs for a draw, worked out for every hand of
    /// up to `TABLED` cards, by `rank`: its `Worth` after drawing one and
    /// two cards. (A hand as it is needs no table: `worth_now` is a few
    /// lookups.)
    worth: Vec<[Worth; 2]>,
}

/// Hands of up to this many cards have their worth tabulated; the hand
/// limits of every shipped ruleset keep hands smaller.
const TABLED: u8 = 7;

/// `RANK_SKIP[i][left][n]`: how many hands of up to `TABLED` cards come
/// before one holding `n` cards of type `i`, among those that agree with it
/// on the types before `i` and leave `left` cards for the types from `i`
/// on (the hands listed with the counts of the first type slowest to
/// change, as `CardBook::tabulate_worth` lists them).
const RANK_SKIP: [[[u16; 8]; 8]; 6] = {
    /// How many hands of `types` types hold at most `cards` cards: the
    /// binomial C(cards + types, types).
    const fn hands_up_to(types: usize, cards: usize) -> u16 {
        let (mut count, mut k) = (1u32, 1u32);
        while k <= types as u32 {
            count = count * (cards as u32 + k) / k;
            k += 1;
        }
        count as u16
    }
    let mut skip = [[[0u16; 8]; 8]; 6];
    let mut i = 0;
    while i < 6 {
        let mut left = 0;
        while left < 8 {
            let mut n = 1;
            while n <= left {
                skip[i][left][n] = skip[i][left][n - 1] + hands_up_to(5 - i, left - (n - 1));
                n += 1;
            }
            left += 1;
        }
        i += 1;
    }
    skip
};

/// `RANK_FIRST[a][b][c]`: what the first three types of a hand holding
/// `a`, `b` and `c` of them add to its `rank`, and the cards they leave for
/// the other three (for more than `TABLED` cards, nothing to read).
const RANK_FIRST: [[[(u16, u8); 8]; 8]; 8] = {
    let mut first = [[[(0, 0); 8]; 8]; 8];
    let mut code = 0;
    while code < 512 {
        let counts = [code >> 6, code >> 3 & 7, code & 7];
        let (mut rank, mut left, mut i) = (0, TABLED as usize, 0);
        while i < 3 && counts[i] <= left {
            rank += RANK_SKIP[i][left][counts[i]];
            left -= counts[i];
            i += 1;
        }
        first[counts[0]][counts[1]][counts[2]] = (rank, left as u8);
        code += 1;
    }
    first
};

/// `RANK_LAST[left][d][e][f]`: what the last three types of a hand holding
/// `d`, `e` and `f` of them add to its `rank` when the first three leave
/// `left` cards for them.
const RANK_LAST: [[[[u16; 8]; 8]; 8]; 8] = {
    let mut last = [[[[0; 8]; 8]; 8]; 8];
    let mut code = 0;
    while code < 4096 {
        let counts = [code >> 9, code >> 6 & 7, code >> 3 & 7, code & 7];
        let (mut rank, mut left, mut i) = (0, counts[0], 0);
        while i < 3 && counts[i + 1] <= left {
            rank += RANK_SKIP[3 + i][left][counts[i + 1]];
            left -= counts[i + 1];
            i += 1;
        }
        last[counts[0]][counts[1]][counts[2]][counts[3]] = rank;
        code += 1;
    }
    last
};

/// A hand of up to `TABLED` cards' place among all such hands (0 to
/// 1715), as `CardBook::tabulate_worth` lists them: two lookups, as the
/// memorandum asks it of most hands it weighs.
fn rank(hand: &Types) -> usize {
    // Each count is at most `TABLED`: the masks only spare bounds checks.
    let [a, b, c, d, e, f] = hand.map(|n| usize::from(n) & 7);
    let (first, left) = RANK_FIRST[a][b][c];
    usize::from(first) + usize::from(RANK_LAST[usize::from(left)][d][e][f])
}

/// A hand packed into a number, three bits per type.
fn pack(hand: &Types) -> usize {
    hand.iter()
        .rev()
        .fold(0, |acc, &n| acc << 3 | usize::from(n.min(7)))
}

/// What the outcomes are worth at a count, and the batter's answers
/// (`Plate::answers`), for weighing the pitches against what his hand may
/// hold and the responses to a pitch.
#[derive(Debug, Clone, Copy)]
struct Answers {
    /// What each outcome is worth to the offense (`OUTCOMES` order).
    worth: [f32; 6],
    /// For each pitch type, every response with what its outcome is worth
    /// to the offense, the best first (in `Response::ALL` order on ties).
    by_pitch: [[(f32, usize); 6]; 6],
}

/// What each memorandum choice's price in the count is worth to the side
/// choosing (`Plate::memo_prices`): none when the rules have no such choice
/// or it would be an own goal.
#[derive(Debug, Clone, Copy, Default)]
struct MemoPrices {
    keep: Option<f32>,
    /// Drawing one card and two.
    draw: [Option<f32>; 2],
    /// Discarding one card and two.
    discard: [Option<f32>; 2],
}

/// What a hand is worth apart from the pitches its manager has seen: its
/// cards, an Offense hand's gains against each pitch type (weighted by
/// the pitches seen when valued), a Defense hand's quality. For a draw,
/// their expectations over the cards that may come.
#[derive(Debug, Clone, Copy, Default)]
struct Worth {
    /// What an Offense hand's cards are worth by themselves.
    cards: f32,
    offense_gain: [f32; 6],
    /// What a Defense hand's cards are worth by themselves (the same as
    /// `cards` but for a draw from an emptied deck).
    defense_cards: f32,
    defense_quality: f32,
}

impl CardBook {
    /// The book of these rules' decks, valued with `knobs`.
    pub(crate) fn new(rules: &GameRules, knobs: Knobs) -> Self {
        debug_assert!(knobs.quality >= 0.0, "a hand's quality must count for it");
        let mut card_types = [[NO_TYPE; 256]; 2];
        let mut pitches = [0; 6];
        for id in rules.defense_deck.ids() {
            if let Card::Pitch(p) = rules.defense_deck.card(id) {
                pitches[pi(p)] += 1;
                card_types[1][usize::from(id.0)] = pi(p) as u8;
            }
        }
        let mut responses = [0; 6];
        for id in rules.offense_deck.ids() {
            if let Card::Response(r) = rules.offense_deck.card(id) {
                responses[ri(r)] += 1;
                card_types[0][usize::from(id.0)] = ri(r) as u8;
            }
        }
        let mut normal_types = card_types;
        for (types, deck) in normal_types
            .iter_mut()
            .zip([&rules.offense_deck, &rules.defense_deck])
        {
            for id in deck.ids().filter(|&id| deck.is_special(id)) {
                types[usize::from(id.0)] = NO_TYPE;
            }
        }
        // The rules' hand limit: cards are valued up to it, and a batter's
        // hand is taken as full at it before the pitcher knows the batter's.
        let hand_max = rules.hand.max.min(MAX_HAND as u8);
        let deck = responses.iter().sum::<u32>();
        let mut none = Vec::new();
        for hand in 0..=MAX_HAND {
            for pool in 0..=deck {
                none.extend((0..=deck).map(|k| none_of(pool, k, hand)));
            }
        }
        let mut book = Self {
            id: 0,
            knobs,
            card_types,
            normal_types,
            pitches,
            responses,
            offense_cards: deck,
            offense_gain: Vec::new(),
            defense_quality: Vec::new(),
            cards_value: std::array::from_fn(|n| knobs.cards((n as u8).min(hand_max))),
            counts: std::array::from_fn(|b| {
                std::array::from_fn(|s| count_value(rules.count, &knobs, b as u8, s as u8))
            }),
            none_of: none,
            answers: Vec::new(),
            memo_prices: [[[MemoPrices::default(); 8]; 8]; 2],
            worth: Vec::new(),
        };
        // The plate's values need only the knobs: a book without tables
        // serves to work the tables out.
        let probe = Cards::new(std::sync::Arc::new(book.clone()));
        let neutral = Plate::at(rules, &probe, (1, 1), false);
        let strike = neutral.outcome_value(Outcome::Strike);
        let gain_best: [[BestTwo; 64]; 6] = std::array::from_fn(|p| {
            best_two_table(&std::array::from_fn(|r| {
                neutral.outcome_value(rules.outcomes.get(Pitch::ALL[p], Response::ALL[r])) - strike
            }))
        });
        let hold_best: [[BestTwo; 64]; 4] = std::array::from_fn(|c| {
            let against = Plate::at(rules, &probe, HOLD_COUNTS[c], false)
                .against(&responses, u32::from(hand_max));
            best_two_table(&against.map(|value| knobs.hit_bonus - value))
        });
        let hands = (0..SHAPES).map(|code| -> Types {
            std::array::from_fn(|i| (code / 3usize.pow(i as u32) % 3) as u8)
        });
        for hand in hands {
            let held = held(&hand);
            book.offense_gain.push(std::array::from_fn(|p| {
                let (first, second) = best_two(&gain_best[p], held);
                first + 0.5 * second
            }));
            let mut quality = 0.0;
            for table in &hold_best {
                let (first, second) = best_two(table, held);
                quality += first + 0.5 * second;
            }
            book.defense_quality
                .push(quality / HOLD_COUNTS.len() as f32);
        }
        book.answers = (0..8 * 8 * 2)
            .map(|i| {
                Plate::at(
                    rules,
                    &probe,
                    ((i / 16) as u8, (i / 2 % 8) as u8),
                    i % 2 == 1,
                )
                .answers()
            })
            .collect();
        book.memo_prices = std::array::from_fn(|defense| {
            std::array::from_fn(|b| {
                std::array::from_fn(|s| {
                    Plate::at(rules, &probe, (b as u8, s as u8), false).memo_prices(defense == 1)
                })
            })
        });
        book.tabulate_worth();
        book.id = new_book_id();
        book
    }

    /// Works out `worth` for every hand of up to `TABLED` cards of either
    /// deck.
    fn tabulate_worth(&mut self) {
        /// Every hand of up to `left` more cards of the types from `i` on.
        fn hands(hand: &mut Types, i: usize, left: u8, each: &mut dyn FnMut(&Types)) {
            if i == hand.len() {
                each(hand);
                return;
            }
            for n in 0..=left {
                hand[i] = n;
                hands(hand, i + 1, left - n, each);
            }
            hand[i] = 0;
        }
        let mut worth = Vec::new();
        hands(&mut [0; 6], 0, TABLED, &mut |hand| {
            debug_assert_eq!(rank(hand), worth.len());
            worth.push([1, 2].map(|draw| self.work_out(hand, draw)));
        });
        self.worth = worth;
    }

    /// `none_of(pool, k, hand)` for `k` from 0 to `pool`, from the
    /// `none_of` table, if it is there.
    fn none_of_row(&self, pool: u32, hand: u32) -> Option<&[f32]> {
        let deck = self.offense_cards;
        (pool <= deck && hand <= MAX_HAND).then(|| {
            let side = deck as usize + 1;
            let start = (hand as usize * side + pool as usize) * side;
            &self.none_of[start..=start + pool as usize]
        })
    }

    /// Where the `Answers` of a count are kept in the `answers` table, if
    /// they are there.
    fn answers_index(balls: u8, strikes: u8, steal_open: bool) -> Option<usize> {
        (balls <= 7 && strikes <= 7)
            .then(|| (usize::from(balls) * 8 + usize::from(strikes)) * 2 + usize::from(steal_open))
    }

    /// A hand's worth after drawing one card and after drawing two, from
    /// the table when it is there.
    fn drawn(&self, hand: &Types) -> [Worth; 2] {
        if hand.iter().map(|&n| u32::from(n)).sum::<u32>() <= u32::from(TABLED) {
            self.worth[rank(hand)]
        } else {
            [1, 2].map(|draw| self.work_out(hand, draw))
        }
    }

    /// A hand's worth as it is.
    fn worth_now(&self, hand: &Types) -> Worth {
        let n: u8 = hand.iter().sum();
        let shape = shape(hand);
        let cards = self.cards_value[usize::from(n).min(MAX_HAND as usize)];
        Worth {
            cards,
            offense_gain: self.offense_gain[shape],
            defense_cards: cards,
            defense_quality: self.defense_quality[shape],
        }
    }

    /// A hand's expected worth after drawing `draw` (0 to 2) cards from
    /// the cards of its deck not in it: `worth_now` averaged over the
    /// draws, the Offense part over the Offense deck's cards and the
    /// Defense part over the Defense deck's.
    fn work_out(&self, hand: &Types, draw: u8) -> Worth {
        let now = self.worth_now(hand);
        if draw == 0 {
            return now;
        }
        let mut worth = Worth::default();
        for (defense, composition) in [(false, self.responses), (true, self.pitches)] {
            let pool: [u32; 6] =
                std::array::from_fn(|i| composition[i].saturating_sub(u32::from(hand[i])));
            let (mut sum, mut weight) = (Worth::default(), 0.0);
            let mut add = |w: f32, with: &Types| {
                let then = self.worth_now(with);
                sum.cards += w * then.cards;
                for (s, g) in sum.offense_gain.iter_mut().zip(then.offense_gain) {
                    *s += w * g;
                }
                sum.defense_quality += w * then.defense_quality;
                weight += w;
            };
            for i in 0..6 {
                if pool[i] == 0 {
                    continue;
                }
                let mut with = *hand;
                with[i] += 1;
                if draw < 2 {
                    add(pool[i] as f32, &with);
                    continue;
                }
                for j in i..6 {
                    let w = if i == j {
                        pool[i] * pool[i].saturating_sub(1)
                    } else {
                        2 * pool[i] * pool[j]
                    } as f32;
                    if w > 0.0 {
                        let mut both = with;
                        both[j] += 1;
                        add(w, &both);
                    }
                }
            }
            let expected = if weight == 0.0 {
                now
            } else {
                Worth {
                    cards: sum.cards / weight,
                    defense_cards: sum.cards / weight,
                    offense_gain: sum.offense_gain.map(|g| g / weight),
                    defense_quality: sum.defense_quality / weight,
                }
            };
            if defense {
                worth.defense_cards = expected.cards;
                worth.defense_quality = expected.defense_quality;
            } else {
                worth.cards = expected.cards;
                worth.offense_gain = expected.offense_gain;
            }
        }
        worth
    }
}

/// What the manager knows of the cards in one game: the book, and the
/// pitches he has seen thrown at him.
#[derive(Debug, Clone)]
pub(super) struct Cards {
    book: std::sync::Arc<CardBook>,
    /// Pitches seen as the offense, plus a prior of two each, and their
    /// sum (whole numbers, kept as the floats they are weighed as).
    seen: [f32; 6],
    seen_total: f32,
}

impl Cards {
    /// A game's knowledge, starting from the book.
    pub(super) fn new(book: std::sync::Arc<CardBook>) -> Self {
        Self {
            book,
            seen: [2.0; 6],
            seen_total: 12.0,
        }
    }

    /// Remembers a pitch shown to this manager's batter.
    pub(super) fn saw(&mut self, p: Pitch) {
        self.seen[pi(p)] += 1.0;
        self.seen_total += 1.0;
    }

    /// What a hand of `worth` (after a draw, `CardBook::drawn`) is worth
    /// to this manager: its cards, and its quality (for an Offense hand, its
    /// gains against each pitch type weighted by how often he has seen it).
    fn drawn_value(&self, defense: bool, worth: &Worth) -> f32 {
        let quality = if defense {
            worth.defense_quality
        } else {
            let mut value = 0.0;
            for (&seen, &g) in self.seen.iter().zip(&worth.offense_gain) {
                value += seen * g;
            }
            value / self.seen_total
        };
        let cards = if defense {
            worth.defense_cards
        } else {
            worth.cards
        };
        cards + self.book.knobs.quality * quality
    }

    /// What the hands one side may keep are worth to this manager as they
    /// are (`drawn_value` without a draw, read from the book's tables by
    /// shape, as `CardBook::worth_now` does), for valuing many hands in a
    /// row.
    fn kept_values(&self, defense: bool) -> KeptValues<'_> {
        KeptValues {
            book: &self.book,
            defense,
            seen: &self.seen,
            seen_total: self.seen_total,
        }
    }
}

/// How one side values the hands it may keep (`Cards::kept_values`), in
/// two steps: a hand's quality by its shape, then its worth from its
/// quality and its size. A hand's quality never grows as cards leave it
/// (only its best two cards of each pitch type count, and the pitches
/// seen weigh them positively), and its worth never falls as its quality
/// grows, so the worth of a hand's quality bounds the worth of every hand
/// of as many cards made from it.
#[derive(Clone, Copy)]
struct KeptValues<'b> {
    book: &'b CardBook,
    defense: bool,
    seen: &'b [f32; 6],
    seen_total: f32,
}

impl KeptValues<'_> {
    /// The quality of a hand of shape `shape`.
    fn quality(&self, shape: usize) -> f32 {
        if self.defense {
            self.book.defense_quality[shape]
        } else {
            let mut value = 0.0;
            for (&seen, &g) in self.seen.iter().zip(&self.book.offense_gain[shape]) {
                value += seen * g;
            }
            value / self.seen_total
        }
    }

    /// What a hand of `cards` cards and quality `quality` is worth.
    fn value(&self, quality: f32, cards: u8) -> f32 {
        self.book.cards_value[usize::from(cards).min(MAX_HAND as usize)]
            + self.book.knobs.quality * quality
    }
}

/// A moment at the plate: the rules, the count and whether RUNNER GOES
/// TO 2ND would steal.
pub(super) struct Plate<'a> {
    rules: &'a GameRules,
    cards: &'a Cards,
    balls: u8,
    strikes: u8,
    steal_open: bool,
    /// The batter's edge over the pitcher for each pitch type (fastball,
    /// curveball, dropball): his batting value less the pitcher's pitching
    /// value (Status cell included), the distance bonus a hit off that
    /// type gets; 0 in a game without Player cards.
    edge: [i8; 3],
}

impl<'a> Plate<'a> {
    /// The plate now, with these runners on.
    pub(super) fn new(
        rules: &'a GameRules,
        cards: &'a Cards,
        count: (u8, u8),
        runners: &[Runner],
    ) -> Self {
        let from = rules.steal.from * 5;
        let to = rules.steal.to * 5;
        let open = runners.iter().any(|r| r.pos == from) && !runners.iter().any(|r| r.pos == to);
        Self::at(rules, cards, count, open)
    }

    /// The plate at the memorandum: no choice there reads whether the steal
    /// is open, so the runners are not looked at.
    pub(super) fn before_first_pitch(
        rules: &'a GameRules,
        cards: &'a Cards,
        count: (u8, u8),
    ) -> Self {
        Self::at(rules, cards, count, false)
    }

    fn at(rules: &'a GameRules, cards: &'a Cards, count: (u8, u8), steal_open: bool) -> Self {
        Self {
            rules,
            cards,
            balls: count.0,
            strikes: count.1,
            steal_open,
            edge: [0; 3],
        }
    }

    /// The same plate with the batter's edge over the pitcher by pitch
    /// type.
    pub(super) fn with_edge(self, edge: [i8; 3]) -> Self {
        Self { edge, ..self }
    }

    /// The types of the cards of one deck by id (`CardBook::card_types`).
    fn card_types(&self, defense: bool) -> &'a [u8; 256] {
        &self.cards.book.card_types[usize::from(defense)]
    }

    /// The types of the cards of one deck by id as a pitch or response
    /// plays them: special cards `NO_TYPE` unless he may play them
    /// (`specials`).
    fn playable_types(&self, defense: bool, specials: bool) -> &'a [u8; 256] {
        let book = &self.cards.book;
        let table = if specials {
            &book.card_types
        } else {
            &book.normal_types
        };
        &table[usize::from(defense)]
    }

    /// A hand of one deck counted by type.
    fn types(&self, defense: bool, hand: &[CardId]) -> Types {
        let card_types = self.card_types(defense);
        // The last place counts the cards of no type.
        let mut types = [0; 7];
        for &c in hand {
            types[usize::from(card_types[usize::from(c.0)])] += 1;
        }
        std::array::from_fn(|i| types[i])
    }

    /// Where the cards of each kind stand in a hand of one deck (a hand
    /// holds distinct cards of one deck: at most 256 count).
    fn layout(&self, defense: bool, hand: &[CardId]) -> Layout {
        let mut types: Types = [0; 6];
        let (mut order, mut kinds) = ([0usize; 6], 0);
        let mut at = [[0usize; 2]; 6];
        let card_types = self.card_types(defense);
        for (i, &c) in hand.iter().take(256).enumerate() {
            let k = usize::from(card_types[usize::from(c.0)]);
            if k != usize::from(NO_TYPE) {
                if types[k] == 0 {
                    order[kinds] = k;
                    kinds += 1;
                }
                if types[k] < 2 {
                    at[k][usize::from(types[k])] = i;
                }
                types[k] += 1;
            }
        }
        Layout { order, kinds, at }
    }

    /// What a count is worth to the offense, from the book's table when
    /// it is there.
    pub(super) fn count_value(&self, balls: u8, strikes: u8) -> f32 {
        let book = &self.cards.book;
        match book
            .counts
            .get(usize::from(balls))
            .and_then(|row| row.get(usize::from(strikes)))
        {
            Some(&value) => value,
            None => count_value(self.rules.count, &book.knobs, balls, strikes),
        }
    }

    /// What one pitch/response outcome is worth to the offense now.
    fn outcome_value(&self, outcome: Outcome) -> f32 {
        let knobs = &self.cards.book.knobs;
        let (b, s) = (self.balls, self.strikes);
        match outcome {
            Outcome::Ball => self.count_value(b + 1, s),
            Outcome::Strike => self.count_value(b, s + 1),
            Outcome::Steal => {
                let after = s + self.rules.steal.strikes.max(1);
                let strike = self.count_value(b, after);
                if self.steal_open && after < self.rules.count.strikes {
                    strike + knobs.steal_gain
                } else {
                    strike
                }
            }
            Outcome::Hit => knobs.hit,
            Outcome::HitBonus | Outcome::PowerHit => knobs.hit_bonus,
        }
    }

    /// What each outcome is worth now, and the batter's answers to each
    /// pitch type, best first.
    fn answers(&self) -> Answers {
        let worth = OUTCOMES.map(|o| self.outcome_value(o));
        Answers {
            worth,
            by_pitch: Pitch::ALL.map(|p| {
                let mut values: [(f32, usize); 6] = std::array::from_fn(|r| {
                    (
                        worth[self.rules.outcomes.get(p, Response::ALL[r]) as usize],
                        r,
                    )
                });
                values.sort_by(|a, b| b.0.total_cmp(&a.0));
                values
            }),
        }
    }

    /// `answers`, from the book's table when they are there.
    fn tabled_answers(&self) -> Cow<'a, Answers> {
        match CardBook::answers_index(self.balls, self.strikes, self.steal_open)
            .and_then(|i| self.cards.book.answers.get(i))
        {
            Some(tabled) => Cow::Borrowed(tabled),
            None => Cow::Owned(self.answers()),
        }
    }

    /// What each memorandum choice's price in the count is worth to the
    /// side choosing, now. The defense never walks the batter by its own
    /// choice, nor the offense strikes him out.
    fn memo_prices(&self, defense: bool) -> MemoPrices {
        let limits = self.rules.count;
        let (table, sign) = if defense {
            (&self.rules.memo_defense, -1.0)
        } else {
            (&self.rules.memo_offense, 1.0)
        };
        let count_part = |price: Option<CountChange>| {
            let price = price?;
            let (balls, strikes) = (self.balls + price.balls, self.strikes + price.strikes);
            let own_goal = if defense {
                balls >= limits.balls && strikes < limits.strikes
            } else {
                strikes >= limits.strikes
            };
            (!own_goal).then(|| sign * self.count_value(balls, strikes))
        };
        MemoPrices {
            keep: count_part(Some(CountChange::default())),
            draw: [1, 2].map(|n| count_part(table.price(true, n))),
            discard: [1, 2].map(|n| count_part(table.price(false, n))),
        }
    }

    /// `memo_prices`, from the book's table when they are there.
    fn tabled_memo_prices(&self, defense: bool) -> MemoPrices {
        let book = &self.cards.book;
        match book.memo_prices[usize::from(defense)]
            .get(usize::from(self.balls))
            .and_then(|row| row.get(usize::from(self.strikes)))
        {
            Some(&tabled) => tabled,
            None => self.memo_prices(defense),
        }
    }

    /// What each pitch type is expected to give the offense when the
    /// batter holds `hand` cards dealt from the unseen `pool`, and answers
    /// with his best card.
    fn against(&self, pool: &[u32; 6], hand: u32) -> ByPitch {
        let book = &self.cards.book;
        let answers = self.tabled_answers();
        let total: u32 = pool.iter().sum();
        let hand = hand.max(1);
        let row = book.none_of_row(total, hand);
        let none_of = |k: u32| row.map_or_else(|| none_of(total, k, hand), |row| row[k as usize]);
        // Eight places, so that reading the place of a response (below 6)
        // needs no check.
        let pool: [u32; 8] = std::array::from_fn(|r| pool.get(r).copied().unwrap_or(0));
        std::array::from_fn(|p| {
            let (mut ev, mut none_before, mut k) = (0.0, 1.0, 0);
            for &(v, r) in &answers.by_pitch[p] {
                k += pool[r & 7];
                let none = none_of(k);
                ev += v * (none_before - none);
                none_before = none;
            }
            ev + none_before * answers.worth[Outcome::Strike as usize]
        })
    }

    /// The pitch to show from `hand` (its special cards only if he may
    /// play them, `specials`): the one the batter's likely cards do least
    /// with, mixed at random among near ties, as the lowest card of its
    /// type. The batter's cards come from the Offense deck less the
    /// pitcher's own Offense hand (`mine`, read by `OwnOffense::read`).
    pub(super) fn choose_pitch(
        &self,
        hand: &[CardId],
        specials: bool,
        mine: &OwnOffense,
        batter_hand: usize,
        pick: impl FnOnce(u32) -> u32,
    ) -> Option<CardId> {
        let pool = &mine.pool;
        let batter_hand = batter_hand.min(MAX_HAND as usize) as u32;
        // Everything `against` reads besides the book and the pitch, packed
        // in 29 bits (the pool is the deck less the packed hand), when it
        // fits: then the values of all six pitch types are recalled at once.
        let situation = (self.balls <= 7 && self.strikes <= 7)
            .then_some(mine.packed)
            .flatten()
            .map(|packed| {
                u32::from(self.balls)
                    | u32::from(self.strikes) << 3
                    | u32::from(self.steal_open) << 6
                    | batter_hand << 7
                    | packed << 11
            });
        let against = match situation {
            Some(s) => recall(self.cards.book.id, s, || self.against(pool, batter_hand)),
            None => self.against(pool, batter_hand),
        };
        let (held, lowest) = count_lowest(self.playable_types(true, specials), hand);
        // Pitches the batter hits less far are worth less to him.
        let values: [f32; 6] = std::array::from_fn(|p| {
            if held[p] > 0 {
                against[p] + EDGE_VALUE * f32::from(self.edge[p / 2])
            } else {
                f32::INFINITY
            }
        });
        let low = values.iter().copied().fold(f32::INFINITY, f32::min);
        let (mut near, mut n) = ([CardId(0); 6], 0);
        for p in 0..6 {
            if held[p] > 0 && values[p] <= low + MIX {
                near[n] = lowest[p];
                n += 1;
            }
        }
        match n {
            0 => None,
            1 => Some(near[0]),
            n => near[..n].get(pick(n as u32) as usize).copied(),
        }
    }

    /// The answer to a shown pitch from `hand` (its special cards only if
    /// he may play them, `specials`): the best outcome now, counting what
    /// the cards kept are worth for the next pitches, as the lowest card of
    /// its type.
    pub(super) fn choose_response(
        &self,
        p: Pitch,
        hand: &[CardId],
        specials: bool,
    ) -> Option<CardId> {
        let (types, lowest) = count_lowest(self.playable_types(false, specials), hand);
        let (cards, whole) = (types.iter().sum::<u8>(), shape(&types));
        if cards == 0 {
            return None;
        }
        let answers = self.tabled_answers();
        let kept = self.cards.kept_values(false);
        // What any hand kept is worth at most: the whole hand's quality
        // bounds the quality of every hand made from it (see `KeptValues`).
        let at_most = kept.value(kept.quality(whole), cards - 1);
        // The best answer, the first in `Response::ALL` order on a tie. The
        // answers are weighed best outcome first, so once one cannot beat
        // the best so far even keeping the whole hand's quality, none
        // after it can.
        let mut best: Option<(f32, usize)> = None;
        for &(worth, r) in &answers.by_pitch[pi(p)] {
            let n = types[r];
            if n == 0 {
                continue;
            }
            if best.is_some_and(|(v, _)| worth + at_most < v) {
                break;
            }
            // The shape of the hand kept, from the whole hand's.
            let kept_shape = whole - shape_drop(n, r);
            let value = worth + kept.value(kept.quality(kept_shape), cards - 1);
            if best.is_none_or(|(v, b)| value > v || (value == v && r < b)) {
                best = Some((value, r));
            }
        }
        best.map(|(_, r)| lowest[r])
    }

    /// The draw or discard before the first pitch: the count it costs plus
    /// what the hand is then worth. The defense never walks the batter by
    /// its own choice, nor the offense strikes him out. Discards are
    /// weighed once per kind of card (or pair of kinds), the first such
    /// card of the hand standing for the rest; `allowed` says whether the
    /// rules allow a choice, and is asked only of the best ones.
    pub(super) fn choose_memo(
        &self,
        defense: bool,
        hand: &[CardId],
        allowed: impl Fn(&Memo) -> bool,
    ) -> Option<Memo> {
        let types = self.types(defense, hand);
        // The defense's first choice is a function of the count and the
        // hand counted by type, when it is to keep or draw (which cards a
        // discard names depends on the hand's order): it is recalled, by
        // both packed in 24 bits when they fit.
        let book = &self.cards.book;
        let key = if defense {
            (self.balls <= 7 && self.strikes <= 7 && types.iter().all(|&n| n <= 7)).then(|| {
                pack(&types) as u32 | u32::from(self.balls) << 18 | u32::from(self.strikes) << 21
            })
        } else {
            None
        };
        if let Some(drawn) = key.and_then(|key| recall_choice(book.id, key)) {
            let memo = if drawn == 0 {
                Memo::Keep
            } else {
                Memo::Draw(drawn)
            };
            if allowed(&memo) {
                return Some(memo);
            }
        }
        let (cards, whole) = (types.iter().sum::<u8>(), shape(&types));
        // Where the cards of each kind stand, found when a discard is
        // weighed.
        let layout = std::cell::OnceCell::new();
        let layout = || layout.get_or_init(|| self.layout(defense, hand));
        let kept = self.cards.kept_values(defense);
        let MemoPrices {
            keep,
            draw: draw_parts,
            discard: [one, two],
        } = self.tabled_memo_prices(defense);
        let drawn = draw_parts
            .iter()
            .any(Option::is_some)
            .then(|| book.drawn(&types));
        let draws: [Option<(f32, f32)>; 2] = std::array::from_fn(|i| {
            draw_parts[i]
                .zip(drawn.as_ref())
                .map(|(c, drawn)| (c, self.cards.drawn_value(defense, &drawn[i])))
        });
        let whole_quality = kept.quality(whole);
        // The first of the best choices but those `refused`, weighed in the
        // engine's order. A discard is weighed only if it could beat the
        // best so far: if the hand it keeps, at the quality of a hand it
        // was taken from, could (see `KeptValues`).
        let weigh_all = |refused: u64| {
            let mut weighing = Weighing::without(refused);
            if let Some(c) = keep {
                weighing.weigh(Choice::Keep, c, kept.value(whole_quality, cards));
            }
            for (n, draw) in (1..=2).zip(draws) {
                if let Some((c, value)) = draw {
                    weighing.weigh(Choice::Draw(n), c, value);
                }
            }
            // No discard could beat the best when none that kept the whole
            // hand's quality could.
            let may_discard = |price: Option<f32>, n: u8| {
                cards >= n
                    && price.is_some_and(|c| {
                        weighing.could_beat(c + kept.value(whole_quality, cards - n))
                    })
            };
            if !may_discard(one, 1) && !may_discard(two, 2) {
                return weighing.best.map(|(_, choice)| choice);
            }
            let Layout { order, kinds, at } = layout();
            let order = &order[..*kinds];
            // What taking one card of each kind out of the hand takes off
            // its shape, and a second one of the same kind.
            let first: [usize; 6] = std::array::from_fn(|k| shape_drop(types[k], k));
            let second: [usize; 6] =
                std::array::from_fn(|k| shape_drop(types[k].wrapping_sub(1), k));
            // Each kind's discards as its first card, in the engine's
            // order: after the single, every pair it makes with a later
            // card, the first later card of each kind standing for the rest
            // (the kinds whose first card came before made their pairs with
            // it already).
            for (i, &x) in order.iter().enumerate() {
                // The quality of the hand less a card of this kind, or a
                // bound on it.
                let mut without_x = whole_quality;
                if let Some(c) = one
                    && weighing.could_beat(c + kept.value(whole_quality, cards - 1))
                {
                    without_x = kept.quality(whole - first[x]);
                    weighing.weigh(Choice::Discard(x), c, kept.value(without_x, cards - 1));
                }
                let Some(c) = two else { continue };
                if cards < 2 || !weighing.could_beat(c + kept.value(without_x, cards - 2)) {
                    continue;
                }
                // What the hand is worth less this card and one of kind `y`
                // (a pair of this kind holds two).
                let pair = |y: usize| {
                    let taken = first[x] + if x == y { second[x] } else { first[y] };
                    kept.value(kept.quality(whole - taken), cards - 2)
                };
                // The pair of two cards of this kind, where its second card is.
                let mut twin = (types[x] >= 2).then_some(at[x][1]);
                for &y in &order[i + 1..] {
                    if twin.is_some_and(|t| t < at[y][0]) {
                        weighing.weigh(Choice::Pair(x, x), c, pair(x));
                        twin = None;
                    }
                    weighing.weigh(Choice::Pair(x, y), c, pair(y));
                }
                if twin.is_some() {
                    weighing.weigh(Choice::Pair(x, x), c, pair(x));
                }
            }
            weighing.best.map(|(_, choice)| choice)
        };
        // The first of the best, as long as the rules allow it; refused,
        // the first of the best of the rest.
        let mut refused = 0;
        loop {
            let choice = weigh_all(refused)?;
            if let Some(key) = key.filter(|_| refused == 0)
                && let Some(drawn) = choice.drawn()
            {
                keep_choice(book.id, key, drawn);
            }
            let memo = choice.memo(hand, || &layout().at);
            if allowed(&memo) {
                return Some(memo);
            }
            refused |= choice.bit();
        }
    }
}

/// The pitcher's own Offense hand as a pitch choice reads it, kept while
/// the hand stays the same: it does for every pitch of a half inning, as
/// the side in the field plays no Offense card.
#[derive(Debug, Default)]
pub(super) struct OwnOffense {
    /// Whether a hand was read yet.
    read: bool,
    /// The hand last read.
    hand: Vec<CardId>,
    /// The cards of the Offense deck not in it, by type.
    pool: [u32; 6],
    /// It counted by type and packed (`pack`), when no type holds more
    /// than 7 cards.
    packed: Option<u32>,
}

impl OwnOffense {
    /// This hand as `plate`'s pitch choice reads it, worked out only when
    /// it is not the hand last read.
    pub(super) fn read(&mut self, plate: &Plate<'_>, hand: &[CardId]) -> &Self {
        if !self.read || self.hand != hand {
            let mine = plate.types(false, hand);
            self.pool = plate.cards.book.responses;
            for (p, m) in self.pool.iter_mut().zip(mine) {
                *p = p.saturating_sub(u32::from(m));
            }
            self.packed = mine.iter().all(|&n| n <= 7).then(|| pack(&mine) as u32);
            self.hand.clear();
            self.hand.extend_from_slice(hand);
            self.read = true;
        }
        self
    }
}

/// Where the cards of each kind stand in a hand (`Plate::layout`).
struct Layout {
    /// The kinds it holds, in the order of their first cards (the first
    /// `kinds`).
    order: [usize; 6],
    kinds: usize,
    /// Where the first two cards of each kind stand.
    at: [[usize; 2]; 6],
}

/// The memorandum choices weighed so far: the first of the best, leaving
/// out those refused.
struct Weighing {
    best: Option<(f32, Choice)>,
    /// `Choice::bit` of each choice left out.
    refused: u64,
}

impl Weighing {
    fn without(refused: u64) -> Self {
        Self {
            best: None,
            refused,
        }
    }

    /// Whether a choice worth `value` would take the place of the best so
    /// far: only if clearly better, so the first of near ties stays.
    fn could_beat(&self, value: f32) -> bool {
        self.best.is_none_or(|(v, _)| value > v + 1e-6)
    }

    /// Weighs a choice whose price is worth `count_part` and whose hand
    /// `hand_value`.
    fn weigh(&mut self, choice: Choice, count_part: f32, hand_value: f32) {
        let value = count_part + hand_value;
        if self.refused & choice.bit() == 0 && self.could_beat(value) {
            self.best = Some((value, choice));
        }
    }
}

/// A draw or discard being weighed, before it becomes a `Memo`: a discard
/// names kinds of cards (their first cards in the hand standing for the
/// rest).
#[derive(Debug, Clone, Copy)]
enum Choice {
    Keep,
    Draw(u8),
    /// The first card of a kind.
    Discard(usize),
    /// The first cards of two kinds, or the first two of one kind.
    Pair(usize, usize),
}

impl Choice {
    /// A bit of its own for each choice (kinds are below 6).
    fn bit(self) -> u64 {
        1 << match self {
            Choice::Keep => 0,
            Choice::Draw(n) => usize::from(n),
            Choice::Discard(x) => 3 + x,
            Choice::Pair(x, y) => 9 + 6 * x + y,
        }
    }

    /// The cards a keep (0) or a draw draws.
    fn drawn(self) -> Option<u8> {
        match self {
            Choice::Keep => Some(0),
            Choice::Draw(n) => Some(n),
            Choice::Discard(_) | Choice::Pair(..) => None,
        }
    }

    /// The memorandum of this choice, for a hand whose first two cards of
    /// each kind stand `at` these places.
    fn memo<'l>(self, hand: &[CardId], at: impl FnOnce() -> &'l [[usize; 2]; 6]) -> Memo {
        match self {
            Choice::Keep => Memo::Keep,
            Choice::Draw(n) => Memo::Draw(n),
            Choice::Discard(x) => Memo::Discard(vec![hand[at()[x][0]]]),
            Choice::Pair(x, y) => {
                let at = at();
                let second = if x == y { at[x][1] } else { at[y][0] };
                Memo::Discard(vec![hand[at[x][0]], hand[second]])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_indexed_in_the_order_they_list() {
        for (i, p) in Pitch::ALL.iter().enumerate() {
            assert_eq!(pi(*p), i);
        }
        for (i, r) in Response::ALL.iter().enumerate() {
            assert_eq!(ri(*r), i);
        }
        for (i, o) in OUTCOMES.iter().enumerate() {
            assert_eq!(*o as usize, i);
        }
    }

    /// The card book's table gives what working a hand's worth out gives,
    /// for every hand it holds, and a hand it does not hold is worked out.
    #[test]
    fn tabled_worth_is_the_worked_out_worth() {
        let ruleset = crate::ruleset::Ruleset::load("basic").unwrap();
        let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
        let book = CardBook::new(&rules, Knobs::default());
        let bits = |w: Worth| {
            let mut all = vec![w.cards, w.defense_cards, w.defense_quality];
            all.extend(w.offense_gain);
            all.into_iter().map(f32::to_bits).collect::<Vec<u32>>()
        };
        let mut checked = 0;
        for code in 0..1usize << 18 {
            let hand: Types = std::array::from_fn(|i| (code >> (3 * i) & 7) as u8);
            if hand.iter().sum::<u8>() > TABLED {
                continue;
            }
            let drawn = book.drawn(&hand);
            for draw in 1..3 {
                assert_eq!(
                    bits(drawn[usize::from(draw) - 1]),
                    bits(book.work_out(&hand, draw))
                );
            }
            checked += 1;
        }
        assert_eq!(checked, 1716);
        let big = [3, 3, 2, 0, 0, 0];
        assert_eq!(bits(book.drawn(&big)[0]), bits(book.work_out(&big, 1)));
    }

    /// A hand's quality never grows as a card leaves it, for either side
    /// and whatever pitches were seen: the memorandum leaves out discards
    /// on that bound.
    #[test]
    fn quality_never_grows_as_cards_leave() {
        for name in ["basic", "pro"] {
            let ruleset = crate::ruleset::Ruleset::load(name).unwrap();
            let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
            let mut cards =
                Cards::new(std::sync::Arc::new(CardBook::new(&rules, Knobs::default())));
            for p in [Pitch::ALL[0], Pitch::ALL[3], Pitch::ALL[3], Pitch::ALL[5]] {
                for defense in [false, true] {
                    let kept = cards.kept_values(defense);
                    for code in 0..SHAPES {
                        let hand: Types =
                            std::array::from_fn(|i| (code / 3usize.pow(i as u32) % 3) as u8);
                        for i in (0..6).filter(|&i| hand[i] > 0) {
                            let less = code - shape_drop(hand[i], i);
                            assert!(kept.quality(less) <= kept.quality(code), "{name} {hand:?}");
                        }
                    }
                }
                cards.saw(p);
            }
        }
    }

    /// The card book's `none_of` table holds what `none_of` gives, bit
    /// for bit, and has no row for a pool or hand beyond it.
    #[test]
    fn tabled_none_of_is_none_of() {
        let ruleset = crate::ruleset::Ruleset::load("basic").unwrap();
        let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
        let book = CardBook::new(&rules, Knobs::default());
        let deck = book.responses.iter().sum::<u32>();
        for hand in 0..=MAX_HAND {
            for pool in 0..=deck {
                let row = book.none_of_row(pool, hand).unwrap();
                assert_eq!(row.len(), pool as usize + 1);
                for k in 0..=pool {
                    assert_eq!(row[k as usize].to_bits(), none_of(pool, k, hand).to_bits());
                }
            }
        }
        assert!(book.none_of_row(deck + 1, 1).is_none());
        assert!(book.none_of_row(deck, MAX_HAND + 1).is_none());
    }

    /// A count's value is the same from the book's table and beyond it.
    #[test]
    fn tabled_count_value_is_count_value() {
        let ruleset = crate::ruleset::Ruleset::load("basic").unwrap();
        let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
        let cards = Cards::new(std::sync::Arc::new(CardBook::new(&rules, Knobs::default())));
        let plate = Plate::at(&rules, &cards, (0, 0), false);
        for balls in 0..10 {
            for strikes in 0..10 {
                let want = count_value(rules.count, &Knobs::default(), balls, strikes);
                assert_eq!(plate.count_value(balls, strikes).to_bits(), want.to_bits());
            }
        }
        assert_eq!(plate.count_value(0, 9), Knobs::default().strikeout);
    }

    #[test]
    fn none_of_is_the_hypergeometric_zero() {
        // 13 hitters among 36 cards, 5 in hand.
        let p = none_of(36, 13, 5);
        assert!((p - 0.0893).abs() < 1e-3, "{p}");
        assert_eq!(none_of(36, 0, 5), 1.0);
        assert_eq!(none_of(6, 4, 3), 0.0);
    }

    #[test]
    fn top_two_counts_copies() {
        assert_eq!(top_two([(0.5, 2), (0.3, 1)].into_iter()), (0.5, 0.5));
        assert_eq!(top_two([(0.5, 1), (0.3, 1)].into_iter()), (0.5, 0.3));
        assert_eq!(top_two([(0.5, 0)].into_iter()), (0.0, 0.0));
    }

    #[test]
    fn best_two_is_top_two() {
        let rows = [
            [0.5, -0.1, 0.3, 0.5, 0.0, -0.0],
            [-0.2, -0.1, -0.3, 0.0, -0.5, -0.0],
            [0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
        ];
        for row in &rows {
            let table = best_two_table(row);
            // Every hand of 0 to 3 copies of each type.
            for code in 0..4u32.pow(6) {
                let hand: Types = std::array::from_fn(|i| (code / 4u32.pow(i as u32) % 4) as u8);
                let (a, b) = best_two(&table, held(&hand));
                let (c, d) = top_two((0..6).map(|i| (row[i], hand[i])));
                assert_eq!((a.to_bits(), b.to_bits()), (c.to_bits(), d.to_bits()));
            }
        }
    }
}
