//! `Drafter`: a manager taking cards in the draft (pro.draft). The draft
//! asks him for one card at a time and shows him a `DraftView`: the pool,
//! which of its cards he may take, both rosters so far and the rules. Two
//! drafters ship: `HeuristicDrafter`, deterministic, which values each card
//! by what it adds to his roster (its quality against its star cost, and
//! how much his roster still needs its role), and `RandomDrafter`, which
//! picks uniformly among the legal cards from its own seeded stream.

use super::card::PlayerCard;
use super::rating::{Rating, STAR_COST};
use super::role::Role;
use super::team_rules::TeamRules;
use crate::engine::dice::{Source, Stream};
use crate::ruleset::schema::Side;

/// The drafters `drafter` makes, by name.
pub const DRAFTER_NAMES: &[&str] = &["heuristic", "random"];

/// What a manager sees when he picks.
#[derive(Debug, Clone, Copy)]
pub struct DraftView<'a> {
    /// The manager picking.
    pub side: Side,
    /// Every card still in the pool.
    pub pool: &'a [PlayerCard],
    /// The cards of `pool` he may take (indexes into `pool`, in pool
    /// order; never empty: a manager with no legal pick passes unasked).
    pub legal: &'a [usize],
    /// His roster so far.
    pub mine: &'a [PlayerCard],
    /// The other manager's roster so far.
    pub theirs: &'a [PlayerCard],
    /// The ruleset's team rules and the game's `dh` option.
    pub rules: &'a TeamRules,
}

/// A manager in the draft.
pub trait Drafter {
    /// The card he takes: an index into `view.legal`.
    fn pick(&mut self, view: &DraftView<'_>) -> usize;
}

/// The drafter called `name` (one of `DRAFTER_NAMES`) for one side of a
/// draft seeded with `seed`; `None` for an unknown name. Each side's random
/// drafter has a stream of its own.
pub fn drafter(name: &str, side: Side, seed: u64) -> Option<Box<dyn Drafter>> {
    match name {
        "heuristic" => Some(Box::new(HeuristicDrafter)),
        "random" => Some(Box::new(RandomDrafter::new(side, seed))),
        _ => None,
    }
}

/// Picks uniformly among the legal cards.
#[derive(Debug, Clone)]
pub struct RandomDrafter {
    stream: Stream,
}

impl RandomDrafter {
    /// The random drafter of one side of a draft seeded with `seed`.
    pub fn new(side: Side, seed: u64) -> Self {
        let source = match side {
            Side::Home => Source::HomeDrafter,
            Side::Guest => Source::AwayDrafter,
        };
        Self {
            stream: Stream::new(seed, 0, source),
        }
    }
}

impl Drafter for RandomDrafter {
    fn pick(&mut self, view: &DraftView<'_>) -> usize {
        let n = u32::try_from(view.legal.len()).unwrap_or(u32::MAX).max(1);
        self.stream.below(n) as usize
    }
}

/// Takes the card that adds most to his roster. A card's worth is its
/// rating as a starter at its position less `STAR_COST` per star (the cap
/// makes stars a budget), measured above the worst card of its position
/// still in the pool (what waiting would get him). What it adds is that
/// worth weighed by the rank it would take among his cards of the
/// position: the first catcher starts and counts in full, the second is a
/// substitute and counts a little; the pitchers count down the staff, the
/// starter most. The DH counts in full only when the game has one. Ties go
/// to the lower card number, so the drafter needs no randomness.
#[derive(Debug, Clone, Copy, Default)]
pub struct HeuristicDrafter;

/// The weights of a fielding position's cards by rank, in tenths.
const FIELDER_WEIGHTS: &[i32] = &[10, 3];
/// The weights of the pitchers by rank: starter, then the staff.
const PITCHER_WEIGHTS: &[i32] = &[10, 7, 5, 4, 3, 2, 2, 1];
/// The DH's weight with a DH in the game, and without.
const DH_WEIGHTS: [&[i32]; 2] = [&[10], &[2]];

impl HeuristicDrafter {
    /// What taking `card` adds to `view.mine`.
    fn adds(view: &DraftView<'_>, card: &PlayerCard) -> i32 {
        let position = card.position();
        let floor = view
            .pool
            .iter()
            .filter(|c| c.position() == position)
            .map(|c| worth(c, view.rules))
            .min()
            .unwrap_or(0);
        let above = |c: &PlayerCard| worth(c, view.rules) - floor;
        let mut have: Vec<i32> = view
            .mine
            .iter()
            .filter(|c| c.position() == position)
            .map(above)
            .collect();
        let weights = match position {
            Role::Pitcher => PITCHER_WEIGHTS,
            Role::DesignatedHitter => DH_WEIGHTS[usize::from(!view.rules.dh)],
            _ => FIELDER_WEIGHTS,
        };
        let before = weighed(&mut have, weights);
        have.push(above(card));
        weighed(&mut have, weights) - before
    }
}

impl Drafter for HeuristicDrafter {
    fn pick(&mut self, view: &DraftView<'_>) -> usize {
        let mut best: Option<(usize, i32, u32)> = None;
        for (i, &at) in view.legal.iter().enumerate() {
            let card = &view.pool[at];
            let adds = Self::adds(view, card);
            let better =
                best.is_none_or(|(_, b, number)| adds > b || (adds == b && card.number < number));
            if better {
                best = Some((i, adds, card.number));
            }
        }
        best.map_or(0, |(i, _, _)| i)
    }
}

/// A card's rating as a starter at its position, less its star cost.
fn worth(card: &PlayerCard, rules: &TeamRules) -> i32 {
    let position = card.position();
    let bats = position != Role::Pitcher || !rules.dh;
    Rating::of(card).as_starter(position, bats) - STAR_COST * i32::from(card.star)
}

/// The values best first, each times its rank's weight (0 past the last).
fn weighed(values: &mut [i32], weights: &[i32]) -> i32 {
    values.sort_unstable_by(|a, b| b.cmp(a));
    values
        .iter()
        .zip(weights.iter().chain(std::iter::repeat(&0)))
        .map(|(v, w)| v * w)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;
    use crate::team::load_team;

    fn rules() -> TeamRules {
        let ruleset = Ruleset::load("pro").expect("PRO");
        let options = ruleset.option_values(&[]).expect("defaults");
        TeamRules::new(&ruleset, &options).expect("team rules")
    }

    #[test]
    fn the_heuristic_takes_the_best_card_of_a_needed_position() {
        let rules = rules();
        let falchi = load_team("falchi").expect("a sample team");
        let pool = falchi.players.clone();
        let legal: Vec<usize> = (0..pool.len()).collect();
        let mine: Vec<PlayerCard> = Vec::new();
        let view = DraftView {
            side: Side::Home,
            pool: &pool,
            legal: &legal,
            mine: &mine,
            theirs: &[],
            rules: &rules,
        };
        let first = pool[legal[HeuristicDrafter.pick(&view)]].clone();
        // With both of a position's cards already his, a third adds nothing
        // and another position's first card is worth more.
        let mine: Vec<PlayerCard> = pool
            .iter()
            .filter(|c| c.position() == first.position())
            .cloned()
            .collect();
        let legal: Vec<usize> = (0..pool.len())
            .filter(|&i| pool[i].position() != first.position())
            .collect();
        let view = DraftView {
            mine: &mine,
            legal: &legal,
            ..view
        };
        let second = &pool[legal[HeuristicDrafter.pick(&view)]];
        assert_ne!(second.position(), first.position());
    }

    #[test]
    fn a_second_card_of_a_position_counts_less_than_a_first() {
        let rules = rules();
        let mut pool = load_team("falchi").expect("a sample team").players;
        pool.extend(load_team("corsari").expect("a sample team").players);
        let legal: Vec<usize> = (0..pool.len()).collect();
        let card = |n: u32| pool.iter().find(|c| c.number == n).expect("a card").clone();
        let empty: Vec<PlayerCard> = Vec::new();
        let view = DraftView {
            side: Side::Home,
            pool: &pool,
            legal: &legal,
            mine: &empty,
            theirs: &[],
            rules: &rules,
        };
        // Bruno Carraro alone, and behind Gianni Morosin.
        let alone = HeuristicDrafter::adds(&view, &card(9));
        assert!(alone > 0, "better than the worst catcher left");
        let mine = vec![card(34)];
        let view = DraftView {
            mine: &mine,
            ..view
        };
        let behind = HeuristicDrafter::adds(&view, &card(9));
        assert!(behind < alone, "{behind} < {alone}");
    }

    #[test]
    fn random_drafters_are_seeded_per_side() {
        let rules = rules();
        let pool = load_team("corsari").expect("a sample team").players;
        let legal: Vec<usize> = (0..pool.len()).collect();
        let view = DraftView {
            side: Side::Home,
            pool: &pool,
            legal: &legal,
            mine: &[],
            theirs: &[],
            rules: &rules,
        };
        let picks = |side, seed| {
            let mut d = RandomDrafter::new(side, seed);
            (0..12).map(|_| d.pick(&view)).collect::<Vec<_>>()
        };
        assert_eq!(picks(Side::Home, 7), picks(Side::Home, 7));
        assert_ne!(picks(Side::Home, 7), picks(Side::Guest, 7));
        assert_ne!(picks(Side::Home, 7), picks(Side::Home, 8));
        assert!(picks(Side::Home, 3).iter().all(|&i| i < legal.len()));
    }

    #[test]
    fn drafters_are_made_by_name() {
        for name in DRAFTER_NAMES {
            assert!(drafter(name, Side::Home, 1).is_some(), "{name}");
        }
        assert!(drafter("greedy", Side::Home, 1).is_none());
    }
}
