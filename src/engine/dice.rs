//! Randomness: one seeded, portable ChaCha8 stream per chance source, and
//! the scripted source scenarios use. Dice and shuffles are computed here
//! from the raw `next_u32` stream by rejection sampling, so only the
//! generator's stream matters (no library distribution whose output could
//! change between releases).
//!
//! Each game draws its streams from the master seed, the game's index and
//! the chance source, so a rule that adds one roll to one source leaves
//! every other source's sequence untouched, and games simulated on any
//! number of threads are the same.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// A chance source with a stream of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The game's dice.
    Dice,
    /// Shuffling the decks.
    Shuffle,
    /// The choices of the home manager's agent.
    HomeAgent,
    /// The choices of the guest manager's agent.
    AwayAgent,
    /// The home manager's picks in a draft (`team::RandomDrafter`).
    HomeDrafter,
    /// The guest manager's picks in a draft.
    AwayDrafter,
}

impl Source {
    fn salt(self) -> u64 {
        match self {
            Source::Dice => 0x6469_6365,
            Source::Shuffle => 0x7368_7566,
            Source::HomeAgent => 0x686f_6d65,
            Source::AwayAgent => 0x6177_6179,
            Source::HomeDrafter => 0x6864_7266,
            Source::AwayDrafter => 0x6164_7266,
        }
    }
}

/// SplitMix64: spreads a 64-bit value into well-mixed bits.
fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A seeded random stream.
#[derive(Debug, Clone)]
pub struct Stream {
    rng: ChaCha8Rng,
}

impl Stream {
    /// The stream of `source` in game number `game` of a run seeded with
    /// `seed`.
    pub fn new(seed: u64, game: u64, source: Source) -> Self {
        let mut bytes = [0u8; 32];
        let mut x = splitmix(seed) ^ splitmix(game.wrapping_add(0x5eed)) ^ source.salt();
        for chunk in bytes.chunks_mut(8) {
            x = splitmix(x);
            chunk.copy_from_slice(&x.to_le_bytes());
        }
        Self {
            rng: ChaCha8Rng::from_seed(bytes),
        }
    }

    /// A uniform integer in `0..n` (`n > 0`), by rejection sampling.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0) has no value");
        // The largest multiple of n that fits in 2^32: values at or above
        // it would favour the low remainders, so they are drawn again.
        let limit = (1u64 << 32) / u64::from(n) * u64::from(n);
        loop {
            let x = self.rng.next_u32();
            if u64::from(x) < limit {
                return x % n;
            }
        }
    }

    /// One six-sided die.
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// Shuffles a slice in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_rolls_of_a_fixed_seed_are_pinned() {
        // If this changes, every seeded game and snapshot changes with it.
        let mut dice = Stream::new(7, 0, Source::Dice);
        let rolls: Vec<u8> = (0..12).map(|_| dice.d6()).collect();
        assert_eq!(rolls, PINNED_SEED_7);
    }

    const PINNED_SEED_7: [u8; 12] = [4, 3, 6, 4, 3, 3, 5, 5, 6, 6, 5, 6];

    #[test]
    fn sources_and_games_have_independent_streams() {
        let roll = |game, source| {
            let mut s = Stream::new(1, game, source);
            (0..16).map(|_| s.d6()).collect::<Vec<_>>()
        };
        assert_ne!(roll(0, Source::Dice), roll(0, Source::Shuffle));
        assert_ne!(roll(0, Source::Dice), roll(1, Source::Dice));
        assert_eq!(roll(3, Source::HomeAgent), roll(3, Source::HomeAgent));
    }

    #[test]
    fn dice_are_fair_enough() {
        let mut s = Stream::new(42, 0, Source::Dice);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[usize::from(s.d6() - 1)] += 1;
        }
        for c in counts {
            assert!((9_500..=10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn below_covers_its_whole_range_only() {
        let mut s = Stream::new(5, 0, Source::Shuffle);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            seen[s.below(7) as usize] = true;
        }
        assert!(seen.iter().all(|&x| x));
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut s = Stream::new(9, 2, Source::Shuffle);
        let mut v: Vec<u32> = (0..50).collect();
        s.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
