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

use crate::engine::{Card, CardId, GameRules, Memo, Runner};
use crate::ruleset::schema::{CountChange, Outcome, Pitch, Response};

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
/// A typical batter's hand (managers keep theirs full), for valuing a
/// pitcher's hand before he knows the batter's.
const TYPICAL_HAND: u32 = 7;
/// The counts a pitcher's hand is valued at.
const HOLD_COUNTS: [(u8, u8); 4] = [(0, 0), (1, 1), (2, 2), (3, 1)];

/// The values the heuristics weigh, in runs (offense's view). They were
/// measured in games between heuristic managers on the classic field
/// (run expectancy by outs and bases before and after each kind of plate
/// appearance), and the card values were set by playing variants against
/// each other: a manager who keeps his hands full wins clearly.
#[derive(Debug, Clone, Copy)]
pub(super) struct Knobs {
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
    /// more than one pitch.
    quality: f32,
    /// What the first, second ... seventh card in a hand is worth by
    /// itself: an empty hand forces a draw, paid in the count at whatever
    /// moment it comes.
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

impl Knobs {
    /// What `n` cards are worth by themselves.
    fn cards(&self, n: u8) -> f32 {
        self.card.iter().take(usize::from(n)).sum()
    }
}

/// A hand counted by card type (`Pitch::ALL` or `Response::ALL` order).
pub(super) type Types = [u8; 6];

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

/// What the manager knows of the cards: the decks' compositions, the
/// values the knobs give them, and the pitches he has seen thrown at him.
#[derive(Debug, Clone)]
pub(super) struct Cards {
    knobs: Knobs,
    /// Copies of each pitch in the Defense deck.
    pitches: [u32; 6],
    /// Copies of each response in the Offense deck.
    responses: [u32; 6],
    /// Pitches seen as the offense, plus a prior of two each.
    seen: [u32; 6],
    /// What each response gains against each pitch at a neutral count,
    /// over taking a strike (`gain[pitch][response]`), as the
    /// `best_two_table` of each pitch's row.
    gain_best: [[BestTwo; 64]; 6],
    /// How far each pitch holds a typical batter under a hit with the
    /// bonus, at each of `HOLD_COUNTS` (`hold[count][pitch]`), as the
    /// `best_two_table` of each count's row.
    hold_best: [[BestTwo; 64]; 4],
    /// `knobs.cards(n)` for 0 to 7 cards (more are worth no more), and
    /// the sum of `seen`: kept so as not to recount them per hand.
    cards_value: [f32; 8],
    seen_total: u32,
}

impl Cards {
    pub(super) fn new(rules: &GameRules, knobs: Knobs) -> Self {
        let mut pitches = [0; 6];
        for id in rules.defense_deck.ids() {
            if let Card::Pitch(p) = rules.defense_deck.card(id) {
                pitches[pi(p)] += 1;
            }
        }
        let mut responses = [0; 6];
        for id in rules.offense_deck.ids() {
            if let Card::Response(r) = rules.offense_deck.card(id) {
                responses[ri(r)] += 1;
            }
        }
        let mut cards = Self {
            knobs,
            pitches,
            responses,
            seen: [2; 6],
            gain_best: [[BestTwo::default(); 64]; 6],
            hold_best: [[BestTwo::default(); 64]; 4],
            cards_value: std::array::from_fn(|n| knobs.cards(n as u8)),
            seen_total: 0,
        };
        let neutral = Plate::at(rules, &cards, (1, 1), false);
        let strike = neutral.outcome_value(Outcome::Strike);
        let mut gain = [[0.0; 6]; 6];
        for p in Pitch::ALL {
            for r in Response::ALL {
                gain[pi(p)][ri(r)] = neutral.outcome_value(rules.outcomes.get(p, r)) - strike;
            }
        }
        let mut hold = [[0.0; 6]; 4];
        for (c, &count) in HOLD_COUNTS.iter().enumerate() {
            let plate = Plate::at(rules, &cards, count, false);
            for p in Pitch::ALL {
                hold[c][pi(p)] = knobs.hit_bonus - plate.against(p, &responses, TYPICAL_HAND);
            }
        }
        cards.gain_best = gain.map(|row| best_two_table(&row));
        cards.hold_best = hold.map(|row| best_two_table(&row));
        cards.seen_total = cards.seen.iter().sum();
        cards
    }

    /// Remembers a pitch shown to this manager's batter.
    pub(super) fn saw(&mut self, p: Pitch) {
        self.seen[pi(p)] += 1;
        self.seen_total += 1;
    }

    /// The quality of an Offense hand for the next pitch: for each pitch
    /// type, weighted by how often it has been seen, the best answer's gain
    /// over taking a strike, and half the second best (the next pitch may
    /// be the same type).
    fn offense_quality(&self, hand: &Types) -> f32 {
        let held = held(hand);
        let mut value = 0.0;
        for p in 0..6 {
            let (first, second) = best_two(&self.gain_best[p], held);
            value += self.seen[p] as f32 * (first + 0.5 * second);
        }
        value / self.seen_total as f32
    }

    /// The quality of a Defense hand: at a few counts, how far its best
    /// and second-best pitches hold a typical batter.
    fn defense_quality(&self, hand: &Types) -> f32 {
        let mut value = 0.0;
        let held = held(hand);
        for table in &self.hold_best {
            let (first, second) = best_two(table, held);
            value += first + 0.5 * second;
        }
        value / HOLD_COUNTS.len() as f32
    }

    /// What a hand is worth: its cards, and its quality.
    fn hand_value(&self, defense: bool, hand: &Types) -> f32 {
        let n: u8 = hand.iter().sum();
        let quality = if defense {
            self.defense_quality(hand)
        } else {
            self.offense_quality(hand)
        };
        self.cards_value[usize::from(n).min(7)] + self.knobs.quality * quality
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

    fn at(rules: &'a GameRules, cards: &'a Cards, count: (u8, u8), steal_open: bool) -> Self {
        Self {
            rules,
            cards,
            balls: count.0,
            strikes: count.1,
            steal_open,
        }
    }

    fn pitch(&self, id: CardId) -> Option<Pitch> {
        match self.rules.defense_deck.card(id) {
            Card::Pitch(p) => Some(p),
            Card::Response(_) => None,
        }
    }

    fn response(&self, id: CardId) -> Option<Response> {
        match self.rules.offense_deck.card(id) {
            Card::Response(r) => Some(r),
            Card::Pitch(_) => None,
        }
    }

    /// A hand of one deck counted by type.
    fn types(&self, defense: bool, hand: &[CardId]) -> Types {
        let mut types = [0; 6];
        for &c in hand {
            let i = if defense {
                self.pitch(c).map(pi)
            } else {
                self.response(c).map(ri)
            };
            if let Some(i) = i {
                types[i] += 1;
            }
        }
        types
    }

    /// What a count is worth to the offense.
    pub(super) fn count_value(&self, balls: u8, strikes: u8) -> f32 {
        let limits = self.rules.count;
        if strikes >= limits.strikes {
            return self.cards.knobs.strikeout;
        }
        if balls >= limits.balls {
            return self.cards.knobs.walk;
        }
        let b = 4 - usize::from(limits.balls - balls).min(4);
        let s = 3 - usize::from(limits.strikes - strikes).min(3);
        COUNT[b][s]
    }

    /// What one pitch/response outcome is worth to the offense now.
    fn outcome_value(&self, outcome: Outcome) -> f32 {
        let knobs = &self.cards.knobs;
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

    /// What pitch `p` is expected to give the offense when the batter
    /// holds `hand` cards dealt from the unseen `pool`, and answers with
    /// his best card.
    fn against(&self, p: Pitch, pool: &[u32; 6], hand: u32) -> f32 {
        let mut values = [(0.0f32, 0u32); 6];
        for r in Response::ALL {
            values[ri(r)] = (
                self.outcome_value(self.rules.outcomes.get(p, r)),
                pool[ri(r)],
            );
        }
        values.sort_by(|a, b| b.0.total_cmp(&a.0));
        let total: u32 = pool.iter().sum();
        let hand = hand.max(1);
        let (mut ev, mut none_before, mut k) = (0.0, 1.0, 0);
        for (v, c) in values {
            k += c;
            let none = none_of(total, k, hand);
            ev += v * (none_before - none);
            none_before = none;
        }
        ev + none_before * self.outcome_value(Outcome::Strike)
    }

    /// The pitch to show: the one the batter's likely cards do least
    /// with, mixed at random among near ties. The batter's cards come from
    /// the Offense deck less the pitcher's own Offense hand.
    pub(super) fn choose_pitch(
        &self,
        hand: &[CardId],
        my_offense: &[CardId],
        batter_hand: usize,
        pick: impl FnOnce(u32) -> u32,
    ) -> Option<CardId> {
        let mine = self.types(false, my_offense);
        let mut pool = self.cards.responses;
        for (p, m) in pool.iter_mut().zip(mine) {
            *p = p.saturating_sub(u32::from(m));
        }
        let mut best = [(f32::INFINITY, None::<CardId>); 6];
        for &id in hand {
            let Some(p) = self.pitch(id) else { continue };
            if best[pi(p)].1.is_none() {
                best[pi(p)] = (self.against(p, &pool, batter_hand as u32), Some(id));
            }
        }
        let low = best.iter().map(|b| b.0).fold(f32::INFINITY, f32::min);
        let near = || best.iter().filter(|b| b.0 <= low + MIX).filter_map(|b| b.1);
        match near().count() {
            0 => None,
            1 => near().next(),
            n => near().nth(pick(n as u32) as usize),
        }
    }

    /// The answer to a shown pitch: the best outcome now, counting what the
    /// cards kept are worth for the next pitches.
    pub(super) fn choose_response(&self, p: Pitch, hand: &[CardId]) -> Option<CardId> {
        let types = self.types(false, hand);
        let mut best: Option<(f32, Response)> = None;
        for r in Response::ALL {
            if types[ri(r)] == 0 {
                continue;
            }
            let mut kept = types;
            kept[ri(r)] -= 1;
            let value = self.outcome_value(self.rules.outcomes.get(p, r))
                + self.cards.hand_value(false, &kept);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, r));
            }
        }
        let (_, r) = best?;
        hand.iter().copied().find(|&c| self.response(c) == Some(r))
    }

    /// The draw or discard before the first pitch: the count it costs plus
    /// what the hand is then worth. The defense never walks the batter by
    /// its own choice, nor the offense strikes him out.
    pub(super) fn choose_memo(
        &self,
        defense: bool,
        hand: &[CardId],
        options: &[&Memo],
    ) -> Option<Memo> {
        let limits = self.rules.count;
        let table = if defense {
            &self.rules.memo_defense
        } else {
            &self.rules.memo_offense
        };
        let sign = if defense { -1.0 } else { 1.0 };
        let types = self.types(defense, hand);
        let composition = if defense {
            &self.cards.pitches
        } else {
            &self.cards.responses
        };
        let mut unseen = *composition;
        for (u, t) in unseen.iter_mut().zip(types) {
            *u = u.saturating_sub(u32::from(t));
        }
        let value_of = |kept: &Types| self.cards.hand_value(defense, kept);
        let mut best: Option<(f32, &Memo)> = None;
        for &memo in options {
            let (price, hand_value) = match memo {
                Memo::Keep => (Some(CountChange::default()), value_of(&types)),
                Memo::Draw(n) => (
                    table.price(true, *n),
                    expected_after_draw(&types, &unseen, *n, &value_of),
                ),
                Memo::Discard(cards) => {
                    let gone = self.types(defense, cards);
                    let mut kept = types;
                    for (k, g) in kept.iter_mut().zip(gone) {
                        *k = k.saturating_sub(g);
                    }
                    (table.price(false, cards.len() as u8), value_of(&kept))
                }
            };
            let Some(price) = price else { continue };
            let (balls, strikes) = (self.balls + price.balls, self.strikes + price.strikes);
            let own_goal = if defense {
                balls >= limits.balls && strikes < limits.strikes
            } else {
                strikes >= limits.strikes
            };
            if own_goal {
                continue;
            }
            let value = sign * self.count_value(balls, strikes) + hand_value;
            if best.is_none_or(|(v, _)| value > v + 1e-6) {
                best = Some((value, memo));
            }
        }
        best.map(|(_, m)| m.clone())
    }
}

/// The expected value of a hand after drawing `n` (1 or 2) cards from the
/// unseen pool.
fn expected_after_draw(
    hand: &Types,
    pool: &[u32; 6],
    n: u8,
    value_of: &dyn Fn(&Types) -> f32,
) -> f32 {
    let (mut sum, mut weight) = (0.0, 0.0);
    for i in 0..6 {
        if pool[i] == 0 {
            continue;
        }
        let mut with = *hand;
        with[i] += 1;
        if n < 2 {
            let w = pool[i] as f32;
            sum += w * value_of(&with);
            weight += w;
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
                sum += w * value_of(&both);
                weight += w;
            }
        }
    }
    if weight == 0.0 {
        value_of(hand)
    } else {
        sum / weight
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
