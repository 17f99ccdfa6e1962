//! Randomness: one seeded, portable stream per chance source, and the
//! scripted source scenarios use. The generator is PCG32
//! (`rand_pcg::Pcg32`: a named generator whose output is the same in every
//! release and on every platform; the stream's seed also picks its
//! increment, so each source has a sequence of its own). Dice and shuffles
//! are computed here from the raw `next_u32` stream by rejection sampling,
//! so only the generator's stream matters (no library distribution whose
//! output could change between releases).
//!
//! Each game draws its streams from the master seed, the game's index and
//! the chance source, so a rule that adds one roll to one source leaves
//! every other source's sequence untouched, and games simulated on any
//! number of threads are the same.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
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
    rng: Pcg32,
}

impl Stream {
    /// The stream of `source` in game number `game` of a run seeded with
    /// `seed`.
    pub fn new(seed: u64, game: u64, source: Source) -> Self {
        let mut bytes = [0u8; 16];
        let mut x = splitmix(seed) ^ splitmix(game.wrapping_add(0x5eed)) ^ source.salt();
        for chunk in bytes.chunks_mut(8) {
            x = splitmix(x);
            chunk.copy_from_slice(&x.to_le_bytes());
        }
        Self {
            rng: Pcg32::from_seed(bytes),
        }
    }

    /// A uniform integer in `0..n` (`n > 0`), by rejection sampling
    /// (Lemire's multiply-and-reject: the high half of a draw times `n`,
    /// drawn again while the low half falls among the `2^32 mod n` values
    /// that would favour some results; the division that finds them runs
    /// only when a low half is below `n`, about `n` times in `2^32`).
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0) has no value");
        let mut m = u64::from(self.rng.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.rng.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// One six-sided die.
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// `count` six-sided dice, rolled in order.
    ///
    /// # Panics
    ///
    /// With more than `Dice::MAX` dice.
    pub fn roll(&mut self, count: u8) -> Dice {
        assert!(
            usize::from(count) <= Dice::MAX,
            "at most {} dice",
            Dice::MAX
        );
        let mut dice = Dice {
            len: count,
            faces: [0; Dice::MAX],
        };
        for face in &mut dice.faces[..usize::from(count)] {
            *face = self.d6();
        }
        dice
    }

    /// Shuffles a slice in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// The faces of one chance step's dice (a hit's three, a single die),
/// kept inline: rolling them costs no allocation. It reads as a slice and
/// serialises as a list of numbers, like the `Vec<u8>` it stands for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Dice {
    len: u8,
    faces: [u8; Dice::MAX],
}

impl Dice {
    /// The most dice one step may hold (the rules roll at most three).
    pub const MAX: usize = 6;

    /// One die.
    pub fn one(face: u8) -> Self {
        Self::from([face].as_slice())
    }
}

impl std::ops::Deref for Dice {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.faces[..usize::from(self.len)]
    }
}

impl std::fmt::Debug for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl From<&[u8]> for Dice {
    /// # Panics
    ///
    /// With more than `Dice::MAX` faces.
    fn from(faces: &[u8]) -> Self {
        assert!(faces.len() <= Dice::MAX, "at most {} dice", Dice::MAX);
        let mut dice = Dice::default();
        dice.faces[..faces.len()].copy_from_slice(faces);
        dice.len = faces.len() as u8;
        dice
    }
}

impl<const N: usize> From<[u8; N]> for Dice {
    fn from(faces: [u8; N]) -> Self {
        Self::from(faces.as_slice())
    }
}

impl From<Vec<u8>> for Dice {
    fn from(faces: Vec<u8>) -> Self {
        Self::from(faces.as_slice())
    }
}

impl FromIterator<u8> for Dice {
    /// # Panics
    ///
    /// With more than `Dice::MAX` faces.
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut dice = Dice::default();
        for face in iter {
            assert!(
                usize::from(dice.len) < Dice::MAX,
                "at most {} dice",
                Dice::MAX
            );
            dice.faces[usize::from(dice.len)] = face;
            dice.len += 1;
        }
        dice
    }
}

impl Serialize for Dice {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Faces;
        impl<'de> serde::de::Visitor<'de> for Faces {
            type Value = Dice;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "a list of at most {} dice", Dice::MAX)
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Dice, A::Error> {
                let mut dice = Dice::default();
                while let Some(face) = seq.next_element::<u8>()? {
                    if usize::from(dice.len) == Dice::MAX {
                        return Err(serde::de::Error::invalid_length(Dice::MAX + 1, &self));
                    }
                    dice.faces[usize::from(dice.len)] = face;
                    dice.len += 1;
                }
                Ok(dice)
            }
        }
        deserializer.deserialize_seq(Faces)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_rolls_of_a_fixed_seed_are_pinned() {
        // If this changes, every seeded game and snapshot changes with it.
        // The faces were checked against an implementation of PCG32
        // (XSH RR, 64-bit state) and Lemire's method written apart from
        // this one.
        let mut dice = Stream::new(7, 0, Source::Dice);
        let rolls: Vec<u8> = (0..12).map(|_| dice.d6()).collect();
        assert_eq!(rolls, PINNED_SEED_7);
    }

    const PINNED_SEED_7: [u8; 12] = [2, 4, 3, 3, 4, 2, 1, 1, 5, 6, 5, 5];

    #[test]
    fn a_roll_is_its_dice_one_by_one() {
        let mut one_by_one = Stream::new(7, 0, Source::Dice);
        let mut rolled = Stream::new(7, 0, Source::Dice);
        for count in [3, 1, 2, 0, 6] {
            let faces: Dice = (0..count).map(|_| one_by_one.d6()).collect();
            assert_eq!(rolled.roll(count), faces);
        }
    }

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

    #[test]
    fn dice_read_print_and_serialise_like_a_list() {
        let dice = Dice::from([3, 4, 5]);
        assert_eq!(&*dice, &[3, 4, 5]);
        assert_eq!(format!("{dice:?}"), format!("{:?}", vec![3u8, 4, 5]));
        let json = serde_json::to_string(&dice).unwrap();
        assert_eq!(json, serde_json::to_string(&vec![3u8, 4, 5]).unwrap());
        assert_eq!(serde_json::from_str::<Dice>(&json).unwrap(), dice);
        assert_eq!(Dice::one(6).len(), 1);
        assert!(serde_json::from_str::<Dice>("[1,2,3,4,5,6,1]").is_err());
        assert_eq!((0..2).map(|i| i + 1).collect::<Dice>(), Dice::from([1, 2]));
    }
}
