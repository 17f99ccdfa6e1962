//! How a change of rules moves the statistics: the same seeded games played
//! under two rulesets (a candidate and its baseline), compared game by game.
//!
//! Game `i` of a run has the same dice, shuffles and agents' streams under
//! either ruleset, so the two games of a pair differ only where the rules
//! make them differ. The comparison is paired: for every value a game gives
//! (each of `COUNTS`, the home win and the extra innings as 0 or 1) it folds
//! the per-game differences `candidate - baseline` into exact integer sums,
//! and reports their mean with a 95% interval, mean ± 1.96·sd/√n of the
//! differences (the normal approximation, sound for the thousands of games
//! a run plays, shares included). Pairing cancels the part of a game's
//! spread both rulesets share, so the interval is narrower than the two
//! runs' intervals compared side by side. A change whose interval leaves
//! out 0 is reported as a shift. The pairs also say how many of the
//! seeded games the change moved: the share that ended with another score,
//! and with another winner.

use serde::Serialize;

use super::stats::{COUNTS, Estimate, GameLine, Share, Summary, Totals};

/// How many values a game gives: the counts, then the home win and the
/// extra innings.
const VALUES: usize = COUNTS.len() + 2;

/// A game's values, in `COUNTS` order, then the home win and the extra
/// innings (1 or 0).
fn values(line: &GameLine) -> [i64; VALUES] {
    let mut values = [0; VALUES];
    for (v, &c) in values.iter_mut().zip(&line.counts) {
        *v = i64::from(c);
    }
    values[COUNTS.len()] = i64::from(line.home_win);
    values[COUNTS.len() + 1] = i64::from(line.extra_innings);
    values
}

/// Exact sums over pairs of games: each side's totals and, for every
/// value, the sum and the sum of squares of the differences. Merging is
/// integer addition, so a run gives the same numbers on any thread count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PairedTotals {
    /// The candidate ruleset's games.
    pub candidate: Totals,
    /// The baseline ruleset's games.
    pub baseline: Totals,
    differences: [i64; VALUES],
    squares: [u128; VALUES],
    /// Pairs whose games ended with different scores.
    score_changed: u64,
    /// Pairs whose games had different winners.
    winner_changed: u64,
}

impl PairedTotals {
    /// Folds one pair in: game `i` under the candidate and under the
    /// baseline.
    pub fn add(&mut self, candidate: &GameLine, baseline: &GameLine) {
        self.candidate.add(candidate);
        self.baseline.add(baseline);
        let (c, b) = (values(candidate), values(baseline));
        for i in 0..VALUES {
            let d = c[i] - b[i];
            self.differences[i] += d;
            self.squares[i] += u128::from(d.unsigned_abs()).pow(2);
        }
        self.score_changed += u64::from(candidate.score != baseline.score);
        self.winner_changed += u64::from(candidate.home_win != baseline.home_win);
    }

    /// Merges the sums of other pairs.
    pub fn merge(mut self, other: &PairedTotals) -> PairedTotals {
        self.candidate = self.candidate.merge(&other.candidate);
        self.baseline = self.baseline.merge(&other.baseline);
        for i in 0..VALUES {
            self.differences[i] += other.differences[i];
            self.squares[i] += other.squares[i];
        }
        self.score_changed += other.score_changed;
        self.winner_changed += other.winner_changed;
        self
    }

    /// Both sides' statistics and the shift of every value.
    pub fn comparison(&self) -> Comparison {
        let candidate = self.candidate.summary();
        let baseline = self.baseline.summary();
        let n = self.candidate.games;
        let means = |s: &Summary| -> [f64; VALUES] {
            let mut m = [0.0; VALUES];
            for (m, e) in m.iter_mut().zip(&s.counts) {
                *m = e.mean;
            }
            m[COUNTS.len()] = s.home_win.share;
            m[COUNTS.len() + 1] = s.extra_innings.share;
            m
        };
        let (c, b) = (means(&candidate), means(&baseline));
        let shifts: Vec<Shift> = (0..VALUES)
            .map(|i| Shift::new(b[i], c[i], n, self.differences[i], self.squares[i]))
            .collect();
        Comparison {
            games: n,
            counts: shifts[..COUNTS.len()].to_vec(),
            home_win: shifts[COUNTS.len()],
            extra_innings: shifts[COUNTS.len() + 1],
            score_changed: Share::wilson(self.score_changed, n),
            winner_changed: Share::wilson(self.winner_changed, n),
            candidate,
            baseline,
        }
    }
}

/// How one value moved from the baseline to the candidate.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Shift {
    /// The baseline's mean (a share for the home win and extra innings).
    pub baseline: f64,
    /// The candidate's mean.
    pub candidate: f64,
    /// The mean of the per-game differences, candidate less baseline (the
    /// two means' difference).
    pub change: f64,
    /// The sample standard deviation of a pair's difference.
    pub sd: Option<f64>,
    /// The 95% interval of the change: change ± 1.96·sd/√n.
    pub ci95: Option<[f64; 2]>,
    /// Whether the interval leaves out 0: the change is more than chance
    /// at 95%. A value that did not move in any game is not a shift.
    pub shifted: bool,
}

impl Shift {
    /// From the two means, the number of pairs `n`, and the sum and the
    /// sum of squares of the differences (their estimate as a count's,
    /// `Estimate::from_signed_sums`).
    fn new(baseline: f64, candidate: f64, n: u64, sum: i64, squares: u128) -> Shift {
        let Estimate {
            mean: change,
            sd,
            ci95,
        } = Estimate::from_signed_sums(n, i128::from(sum), squares);
        let shifted = ci95.is_some_and(|[lo, hi]| lo > 0.0 || hi < 0.0);
        Shift {
            baseline,
            candidate,
            change,
            sd,
            ci95,
            shifted,
        }
    }
}

/// A paired run's statistics: each side's, and every value's shift.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// Pairs of games played.
    pub games: u64,
    /// The shifts of the per-game counts, indexed as `COUNTS`.
    pub counts: Vec<Shift>,
    /// The shift of the home win share.
    pub home_win: Shift,
    /// The shift of the extra-inning share.
    pub extra_innings: Shift,
    /// The share of pairs whose games ended with another score, with its
    /// Wilson interval.
    pub score_changed: Share,
    /// The share of pairs whose games had another winner.
    pub winner_changed: Share,
    /// The candidate's own statistics.
    pub candidate: Summary,
    /// The baseline's own statistics.
    pub baseline: Summary,
}

impl Comparison {
    /// Every shift with its `COUNTS` key (then `home_win` and
    /// `extra_innings`), in report order.
    pub fn shifts(&self) -> impl Iterator<Item = (&'static str, &Shift)> {
        COUNTS.iter().map(|(key, _)| *key).zip(&self.counts).chain([
            ("home_win", &self.home_win),
            ("extra_innings", &self.extra_innings),
        ])
    }
}

impl Serialize for Comparison {
    /// Keys in a fixed order: `games`, the counts in `COUNTS` order, then
    /// `home_win` and `extra_innings`, each a `Shift`; then
    /// `score_changed` and `winner_changed`, each a `Share`. The two
    /// sides' own statistics are the report's to print.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(VALUES + 3))?;
        map.serialize_entry("games", &self.games)?;
        for (key, shift) in self.shifts() {
            map.serialize_entry(key, shift)?;
        }
        map.serialize_entry("score_changed", &self.score_changed)?;
        map.serialize_entry("winner_changed", &self.winner_changed)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::stats::Z95;

    /// The mean and sample standard deviation of the differences, worked
    /// out the plain way, for the paired interval to be checked against.
    fn differences_estimate(differences: &[i64]) -> (f64, f64) {
        let n = differences.len() as f64;
        let mean = differences.iter().sum::<i64>() as f64 / n;
        let var = differences
            .iter()
            .map(|&d| (d as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0);
        (mean, var.sqrt())
    }

    /// A game of `runs` runs, the home team's `runs / 2 + 1` if it won,
    /// else the guest's.
    fn line(runs: u32, home_win: bool) -> GameLine {
        let (winner, loser) = (runs / 2 + 1, runs - (runs / 2 + 1).min(runs));
        GameLine {
            counts: [runs, 2 * runs, 0, 5, 3, 250, 70],
            home_win,
            extra_innings: false,
            score: if home_win {
                [loser, winner]
            } else {
                [winner, loser]
            },
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn the_change_is_the_mean_difference_with_its_paired_interval() {
        let baseline = [4, 7, 2, 9, 5, 6];
        let candidate = [5, 9, 2, 8, 7, 9];
        let mut t = PairedTotals::default();
        for (&c, &b) in candidate.iter().zip(&baseline) {
            t.add(&line(c, c > 5), &line(b, b > 5));
        }
        let cmp = t.comparison();
        let runs = cmp.counts[0];
        let d: Vec<i64> = candidate
            .iter()
            .zip(&baseline)
            .map(|(&c, &b)| i64::from(c) - i64::from(b))
            .collect();
        let (mean, sd) = differences_estimate(&d);
        assert!(close(runs.change, mean), "{runs:?}");
        assert!(close(runs.sd.unwrap(), sd), "{runs:?}");
        let half = Z95 * sd / 6f64.sqrt();
        let [lo, hi] = runs.ci95.unwrap();
        assert!(close(lo, mean - half) && close(hi, mean + half), "{runs:?}");
        assert!(close(runs.baseline, 33.0 / 6.0) && close(runs.candidate, 40.0 / 6.0));
        assert!(close(runs.candidate - runs.baseline, runs.change));
        // The pairs' own statistics are each side's.
        assert_eq!(cmp.candidate, t.candidate.summary());
        assert_eq!(cmp.baseline.counts[0], Estimate::of(&baseline));
        // Hits are twice the runs in every game: twice the change.
        assert!(close(cmp.counts[1].change, 2.0 * mean));
        // Home wins (more than 5 runs here): only the fifth game gained one.
        assert!(close(cmp.home_win.change, 1.0 / 6.0), "{:?}", cmp.home_win);
        // Five games ended with another score (the third is 2 runs in
        // both), one with another winner.
        assert_eq!(cmp.score_changed, Share::wilson(5, 6));
        assert_eq!(cmp.winner_changed, Share::wilson(1, 6));
    }

    #[test]
    fn a_value_that_never_moves_is_no_shift_and_a_steady_move_is() {
        let mut t = PairedTotals::default();
        for r in 0..40 {
            // Runs up by one in every game; strikeouts the same.
            t.add(&line(r % 9 + 1, false), &line(r % 9, false));
        }
        let cmp = t.comparison();
        let runs = cmp.counts[0];
        assert_eq!(
            (runs.change, runs.sd, runs.ci95),
            (1.0, Some(0.0), Some([1.0, 1.0]))
        );
        assert!(runs.shifted);
        let strikeouts = cmp.counts[3];
        assert_eq!(strikeouts.ci95, Some([0.0, 0.0]));
        assert!(!strikeouts.shifted);
        assert!(!cmp.home_win.shifted && !cmp.extra_innings.shifted);
    }

    #[test]
    fn a_change_inside_the_noise_is_no_shift() {
        let mut t = PairedTotals::default();
        for r in 0..50u32 {
            // Up one in half the games, down one in the other half.
            let c = if r % 2 == 0 { r % 7 + 1 } else { r % 7 };
            let b = if r % 2 == 0 { r % 7 } else { r % 7 + 1 };
            t.add(&line(c, false), &line(b, false));
        }
        let runs = t.comparison().counts[0];
        assert_eq!(runs.change, 0.0);
        let [lo, hi] = runs.ci95.unwrap();
        assert!(lo < 0.0 && hi > 0.0, "{runs:?}");
        assert!(!runs.shifted);
    }

    #[test]
    fn merging_in_any_order_gives_the_same_sums() {
        let mut all = PairedTotals::default();
        let (mut even, mut odd) = (PairedTotals::default(), PairedTotals::default());
        for r in 0..30 {
            let (c, b) = (line(r % 5, r % 3 == 0), line(r % 4, r % 2 == 0));
            all.add(&c, &b);
            if r % 2 == 0 { &mut even } else { &mut odd }.add(&c, &b);
        }
        assert_eq!(even.merge(&odd), all);
        assert_eq!(odd.merge(&even), all);
    }

    #[test]
    fn one_pair_has_no_interval_and_no_shift() {
        let mut t = PairedTotals::default();
        t.add(&line(3, true), &line(1, false));
        let cmp = t.comparison();
        assert_eq!((cmp.counts[0].change, cmp.counts[0].ci95), (2.0, None));
        assert!(!cmp.counts[0].shifted);
    }

    #[test]
    fn the_json_keys_come_in_report_order() {
        let mut t = PairedTotals::default();
        t.add(&line(3, true), &line(1, false));
        t.add(&line(2, false), &line(2, false));
        let json = serde_json::to_string(&t.comparison()).unwrap();
        let mut at = 0;
        for key in std::iter::once("games")
            .chain(COUNTS.iter().map(|(k, _)| *k))
            .chain([
                "home_win",
                "extra_innings",
                "score_changed",
                "winner_changed",
            ])
        {
            let found = json[at..].find(&format!("\"{key}\"")).expect(key);
            at += found + key.len();
        }
    }
}
