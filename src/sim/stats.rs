//! Statistics over many games. `Tally` is the counting sink of one game: it
//! reads the events as they pass and keeps a handful of counters, never the
//! events. `Totals` folds finished games into exact integer sums and sums of
//! squares, so merging two `Totals` is associative and commutative and a run
//! gives the same numbers whatever the thread count or the order games
//! finish in. `Summary` turns the sums into means with 95% confidence
//! intervals, and is what the report prints and serialises.
//!
//! The intervals: a per-game count (runs, hits, ...) is reported as
//! mean ± 1.96·s/√n, with `s` the sample standard deviation (the normal
//! approximation, sound for the thousands of games a run plays). A share
//! (home wins, extra-inning games) uses the Wilson score interval, which
//! stays inside [0, 1] and behaves for small samples and for shares near
//! 0 or 1, where the normal approximation does not.

use serde::Serialize;

use crate::engine::{Event, EventKind, EventKinds, EventTag, OutHow, Side, State};

/// The z value of a two-sided 95% interval.
pub const Z95: f64 = 1.96;

/// The per-game counts a run reports, in report order: the key used in
/// JSON and the label used in text.
pub const COUNTS: [(&str, &str); 7] = [
    ("runs", "runs per game"),
    ("hits", "hits per game"),
    ("home_runs", "home runs per game"),
    ("strikeouts", "strikeouts per game"),
    ("walks", "walks per game"),
    ("pitches", "pitches per game"),
    ("plate_appearances", "plate appearances per game"),
];

const RUNS: usize = 0;
const HITS: usize = 1;
const HOME_RUNS: usize = 2;
const STRIKEOUTS: usize = 3;
const WALKS: usize = 4;
const PITCHES: usize = 5;
const PLATE_APPEARANCES: usize = 6;

/// What one game produced: its counts (both teams together, indexed as
/// `COUNTS`) and how it ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameLine {
    /// Per-game counts, indexed as `COUNTS`.
    pub counts: [u32; COUNTS.len()],
    /// The home team scored more runs.
    pub home_win: bool,
    /// The game went past its regulation innings.
    pub extra_innings: bool,
    /// The final score: the guest's runs, then the home team's.
    pub score: [u32; 2],
}

/// The counting sink of one game.
///
/// Scoring follows the scorer's rules as far as the events allow: a hit is a
/// batted ball after which the batter is not out and no other runner was
/// forced out (that is a fielder's choice); a home run is a hit on which
/// the batter himself scores (over the fence or inside the park); a plate
/// appearance ends in a walk, a strikeout or the end of a batted ball's
/// play.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    counts: [u32; COUNTS.len()],
    batter: u8,
    play: Option<BattedBall>,
}

/// What the tally watches while a batted ball is in play.
#[derive(Debug, Clone, Copy, Default)]
struct BattedBall {
    batter_out: bool,
    fielders_choice: bool,
    batter_scored: bool,
}

impl Tally {
    /// The kinds of events a tally reads: a game played for one need
    /// record no others (`Engine::recording`).
    pub const READS: EventKinds = EventKinds::of(&[
        EventTag::BatterUp,
        EventTag::Pitched,
        EventTag::Walk,
        EventTag::Hit,
        EventTag::Scored,
        EventTag::Out,
        EventTag::PlayEnded,
    ]);

    /// Counts one event.
    pub fn observe(&mut self, event: &Event) {
        match &event.kind {
            EventKind::BatterUp { slot, .. } => self.batter = *slot,
            EventKind::Pitched { .. } => self.counts[PITCHES] += 1,
            EventKind::Walk { .. } => {
                self.counts[WALKS] += 1;
                self.counts[PLATE_APPEARANCES] += 1;
            }
            EventKind::Hit { .. } => self.play = Some(BattedBall::default()),
            EventKind::Scored { slot } => {
                self.counts[RUNS] += 1;
                if let Some(play) = &mut self.play {
                    play.batter_scored |= *slot == self.batter;
                }
            }
            EventKind::Out { slot, how, .. } => {
                if *how == OutHow::Strikeout {
                    self.counts[STRIKEOUTS] += 1;
                    self.counts[PLATE_APPEARANCES] += 1;
                } else if let Some(play) = &mut self.play {
                    if *slot == self.batter {
                        play.batter_out = true;
                    } else if *how == OutHow::Force {
                        play.fielders_choice = true;
                    }
                }
            }
            EventKind::PlayEnded { .. } => {
                self.counts[PLATE_APPEARANCES] += 1;
                if let Some(play) = self.play.take()
                    && !play.batter_out
                    && !play.fielders_choice
                {
                    self.counts[HITS] += 1;
                    if play.batter_scored {
                        self.counts[HOME_RUNS] += 1;
                    }
                }
            }
            _ => {}
        }
    }

    /// The game's line, from the tally and the final state of a game of
    /// `innings` regulation innings.
    pub fn finish(&self, state: &State, innings: u8) -> GameLine {
        GameLine {
            counts: self.counts,
            home_win: state.score(Side::Home) > state.score(Side::Away),
            extra_innings: state.inning > innings,
            score: [state.score(Side::Away), state.score(Side::Home)],
        }
    }
}

/// Exact sums over finished games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// Games folded in.
    pub games: u64,
    sums: [u64; COUNTS.len()],
    squares: [u128; COUNTS.len()],
    home_wins: u64,
    extra_innings: u64,
}

impl Totals {
    /// Folds one game in.
    pub fn add(&mut self, line: &GameLine) {
        self.games += 1;
        for (i, &c) in line.counts.iter().enumerate() {
            self.sums[i] += u64::from(c);
            self.squares[i] += u128::from(c) * u128::from(c);
        }
        self.home_wins += u64::from(line.home_win);
        self.extra_innings += u64::from(line.extra_innings);
    }

    /// Merges the totals of another set of games. Integer sums: the result
    /// does not depend on the order of merges.
    pub fn merge(mut self, other: &Totals) -> Totals {
        self.games += other.games;
        for i in 0..COUNTS.len() {
            self.sums[i] += other.sums[i];
            self.squares[i] += other.squares[i];
        }
        self.home_wins += other.home_wins;
        self.extra_innings += other.extra_innings;
        self
    }

    /// Means, shares and their 95% intervals.
    pub fn summary(&self) -> Summary {
        let n = self.games;
        let counts = (0..COUNTS.len())
            .map(|i| Estimate::from_sums(n, self.sums[i], self.squares[i]))
            .collect();
        Summary {
            games: n,
            counts,
            home_win: Share::wilson(self.home_wins, n),
            extra_innings: Share::wilson(self.extra_innings, n),
        }
    }
}

/// A mean with its sample standard deviation and 95% interval. The
/// deviation and interval are `None` below two games.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean per game.
    pub mean: f64,
    /// The sample standard deviation of a game's value.
    pub sd: Option<f64>,
    /// The 95% confidence interval of the mean: mean ± 1.96·sd/√n.
    pub ci95: Option<[f64; 2]>,
}

impl Estimate {
    /// From the count `n`, the sum and the sum of squares of the values.
    /// The variance is computed from exact integers
    /// (`(n·Σx² − (Σx)²) / (n(n−1))`), so it loses nothing to cancellation.
    pub fn from_sums(n: u64, sum: u64, squares: u128) -> Estimate {
        Estimate::from_signed_sums(n, i128::from(sum), squares)
    }

    /// `from_sums` for values that may be negative (the differences of
    /// paired games, `compare`).
    pub fn from_signed_sums(n: u64, sum: i128, squares: u128) -> Estimate {
        if n == 0 {
            return Estimate {
                mean: 0.0,
                sd: None,
                ci95: None,
            };
        }
        let mean = sum as f64 / n as f64;
        if n < 2 {
            return Estimate {
                mean,
                sd: None,
                ci95: None,
            };
        }
        let (nn, s) = (u128::from(n), sum.unsigned_abs());
        let spread = (nn * squares).saturating_sub(s * s);
        let sd = (spread as f64 / (nn * (nn - 1)) as f64).sqrt();
        let half = Z95 * sd / (n as f64).sqrt();
        Estimate {
            mean,
            sd: Some(sd),
            ci95: Some([mean - half, mean + half]),
        }
    }

    /// From a list of values (for tests and small samples).
    pub fn of(values: &[u32]) -> Estimate {
        let sum = values.iter().map(|&v| u64::from(v)).sum();
        let squares = values.iter().map(|&v| u128::from(v) * u128::from(v)).sum();
        Estimate::from_sums(values.len() as u64, sum, squares)
    }
}

/// A share of games with its 95% Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Share {
    /// The share, 0 to 1.
    pub share: f64,
    /// The 95% Wilson score interval.
    pub ci95: Option<[f64; 2]>,
}

impl Share {
    /// `k` successes out of `n`: the Wilson score interval,
    /// (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n).
    pub fn wilson(k: u64, n: u64) -> Share {
        if n == 0 {
            return Share {
                share: 0.0,
                ci95: None,
            };
        }
        let (k, n) = (k as f64, n as f64);
        let p = k / n;
        let z2 = Z95 * Z95;
        let denominator = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / denominator;
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
        Share {
            share: p,
            ci95: Some([(centre - half).max(0.0), (centre + half).min(1.0)]),
        }
    }
}

/// The statistics of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// The per-game counts, indexed as `COUNTS`.
    pub counts: Vec<Estimate>,
    /// The share of games the home team won.
    pub home_win: Share,
    /// The share of games that went to extra innings.
    pub extra_innings: Share,
}

impl Summary {
    /// The estimate of a count by its `COUNTS` key.
    pub fn count(&self, key: &str) -> Option<&Estimate> {
        COUNTS
            .iter()
            .position(|(k, _)| *k == key)
            .map(|i| &self.counts[i])
    }
}

impl Serialize for Summary {
    /// Keys in a fixed order: `games`, the counts in `COUNTS` order, then
    /// `home_win` and `extra_innings`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(COUNTS.len() + 3))?;
        map.serialize_entry("games", &self.games)?;
        for ((key, _), estimate) in COUNTS.iter().zip(&self.counts) {
            map.serialize_entry(key, estimate)?;
        }
        map.serialize_entry("home_win", &self.home_win)?;
        map.serialize_entry("extra_innings", &self.extra_innings)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-4
    }

    #[test]
    fn mean_interval_of_known_values() {
        // 1..5: mean 3, s = √2.5 = 1.58114, half-width 1.96·s/√5 = 1.38590.
        let e = Estimate::of(&[1, 2, 3, 4, 5]);
        assert!(close(e.mean, 3.0));
        assert!(close(e.sd.unwrap(), 1.58114), "{e:?}");
        let [lo, hi] = e.ci95.unwrap();
        assert!(
            close(lo, 3.0 - 1.38590) && close(hi, 3.0 + 1.38590),
            "{e:?}"
        );
    }

    #[test]
    fn constant_values_have_a_zero_width_interval() {
        let e = Estimate::of(&[7; 10]);
        assert_eq!(e.sd, Some(0.0));
        assert_eq!(e.ci95, Some([7.0, 7.0]));
    }

    #[test]
    fn one_value_has_no_interval() {
        let e = Estimate::of(&[4]);
        assert_eq!((e.mean, e.sd, e.ci95), (4.0, None, None));
    }

    #[test]
    fn wilson_interval_of_known_shares() {
        // Reference values of the Wilson score interval at z = 1.96.
        let half = Share::wilson(5, 10).ci95.unwrap();
        assert!(
            close(half[0], 0.23659) && close(half[1], 0.76341),
            "{half:?}"
        );
        let none = Share::wilson(0, 10).ci95.unwrap();
        assert!(close(none[0], 0.0) && close(none[1], 0.27753), "{none:?}");
        let all = Share::wilson(10, 10).ci95.unwrap();
        assert!(close(all[0], 0.72247) && close(all[1], 1.0), "{all:?}");
    }

    #[test]
    fn the_tally_scores_hits_home_runs_and_fielders_choices() {
        use crate::engine::{Landing, Side};
        let feed = |tally: &mut Tally, kinds: Vec<EventKind>| {
            for kind in kinds {
                tally.observe(&Event { rule: "test", kind });
            }
        };
        let up = |slot| EventKind::BatterUp {
            side: Side::Away,
            slot,
        };
        let hit = || EventKind::Hit {
            direction: 3,
            distance: 7,
            landing: Landing::Field,
            square: None,
        };
        let out = |slot, how| EventKind::Out {
            slot,
            how,
            fielders: Default::default(),
        };
        let ended = |batter_reached| EventKind::PlayEnded { batter_reached };
        let mut t = Tally::default();
        // An inside-the-park home run: a hit, a home run, a run.
        feed(
            &mut t,
            vec![up(3), hit(), EventKind::Scored { slot: 3 }, ended(4)],
        );
        // A fielder's choice: a runner forced out, the batter safe.
        feed(&mut t, vec![up(4), hit(), out(3, OutHow::Force), ended(1)]);
        // A single with the runner thrown out ending the inning: a hit
        // although the play reports the batter reached no base.
        feed(&mut t, vec![up(5), hit(), out(4, OutHow::Tag), ended(0)]);
        // A fly out, a strikeout, a walk; a run scoring on the walk.
        feed(&mut t, vec![up(6), hit(), out(6, OutHow::Caught), ended(0)]);
        feed(&mut t, vec![up(7), out(7, OutHow::Strikeout)]);
        let walk = EventKind::Walk { slot: 8 };
        feed(&mut t, vec![up(8), walk, EventKind::Scored { slot: 2 }]);
        assert_eq!(
            t.counts,
            // runs, hits, home runs, strikeouts, walks, pitches, PA
            [2, 2, 1, 1, 1, 0, 6]
        );
    }

    #[test]
    fn merging_in_any_order_gives_the_same_totals() {
        let line = |x: u32| GameLine {
            counts: [x, x + 1, x % 2, x * 3, 1, 200 + x, 70],
            home_win: x.is_multiple_of(3),
            extra_innings: x.is_multiple_of(5),
            score: [x, x + 1],
        };
        let mut all = Totals::default();
        let (mut even, mut odd) = (Totals::default(), Totals::default());
        for x in 0..50 {
            all.add(&line(x));
            if x % 2 == 0 { &mut even } else { &mut odd }.add(&line(x));
        }
        assert_eq!(even.merge(&odd), all);
        assert_eq!(odd.merge(&even), all);
        assert_eq!(
            all.summary().count("runs"),
            Some(&Estimate::of(&(0..50).collect::<Vec<_>>()))
        );
    }
}
