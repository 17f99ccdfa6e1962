//! The shape of a game: who defends first (`game.sides`), how long it lasts
//! (`game.length`, `game.outs_per_half`), the order of play
//! (`game.sequence`), the base path (`bases.*`), and how outs are made
//! (`out.*`).

use serde::{Deserialize, Serialize};

use super::common::Side;
use super::{Unplayed, Validate, plays};

/// `game.sides`: who takes the field first (core.setup.sides).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameSides {
    /// The team on defense in the top of the first inning.
    pub first_defense: Side,
}

impl Validate for GameSides {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.first_defense == Side::Home,
            "first_defense",
            "home",
            "the home team takes the field first and the guests bat first",
        )
    }
}

/// Which innings a game shorter than regulation plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shortened {
    /// The first ones: a 3-inning game plays innings 1-3.
    FirstInnings,
    /// The last ones: a 3-inning game plays innings 7-9, numbered so
    /// (major.2.2.setup), and the lineup still starts with its first batter.
    LastInnings,
}

/// `game.length`: innings. The number played is the `innings` option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameLength {
    /// Innings in a full game.
    pub regulation_innings: u8,
    /// Whether a tie after the last inning goes on, inning by inning, until
    /// an inning ends with a side ahead.
    pub extra_innings: bool,
    /// Whether the home team skips the bottom of the last inning (and
    /// stops as soon as it leads in extra innings) when it is ahead.
    pub home_skips_when_ahead: bool,
    /// Which innings a shorter game plays.
    pub shortened: Shortened,
}

impl Validate for GameLength {
    fn validate(&self) -> Result<(), String> {
        if self.regulation_innings == 0 {
            return Err("`regulation_innings` must be at least 1".into());
        }
        Ok(())
    }
}

/// `game.outs_per_half`: the outs that end a half inning (core.defense.turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(transparent)]
pub struct OutsPerHalf(pub u8);

/// The most outs a half inning may last. Eight batters come up before a
/// runner's turn at bat comes round again; at most two of them reach the
/// other bases without forcing him on, so the other six make outs: with at
/// most six outs a half, the half ends before he could bat from a base.
pub const OUTS_MAX: u8 = 6;

impl Validate for OutsPerHalf {
    fn validate(&self) -> Result<(), String> {
        if !(1..=OUTS_MAX).contains(&self.0) {
            return Err(format!(
                "a half inning ends after 1 to {OUTS_MAX} outs, not {}: with more, the batting \
                 order could come round to a runner still on base",
                self.0
            ));
        }
        Ok(())
    }
}

/// `game.sequence`: the order of play (core.sequence, major.2.1.sequence).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameSequence {
    /// The defense acts first; its action takes effect before the next
    /// offense move.
    pub defense_first: bool,
    /// The offense must make its move even when the result is already
    /// settled (it may not pass).
    pub offense_must_act: bool,
}

impl Validate for GameSequence {
    // `offense_must_act` changes nothing the engine does: the offense
    // always plays its turn (a runner may stay where he is), and what
    // MAJOR's duty to act changes has rules of its own
    // (`pitch.response.against_immediate`; docs/rules-notes.md).
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.defense_first,
            "defense_first",
            "true",
            "the defense acts first in every play, then the offense",
        )
    }
}

/// `bases.path`: the numbered circles runners move on
/// (core.board.basepath). Circle 0 is the BOX.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BasePath {
    /// The circle of first base.
    pub first: u8,
    /// The circle of second base.
    pub second: u8,
    /// The circle of third base.
    pub third: u8,
    /// The circle of home plate (touching it scores).
    pub home: u8,
    /// Runners that may stand on one base (a runner forced off it must
    /// advance).
    pub runners_per_base: u8,
}

impl BasePath {
    /// The circles of the four bases, first to home.
    pub fn bases(&self) -> [u8; 4] {
        [self.first, self.second, self.third, self.home]
    }
}

impl Validate for BasePath {
    fn validate(&self) -> Result<(), String> {
        let b = self.bases();
        if b[0] == 0 || !b.windows(2).all(|w| w[0] < w[1]) {
            return Err("bases must be increasing circles above 0".into());
        }
        Ok(())
    }

    fn unplayed(&self) -> Option<Unplayed> {
        let circles = ["first", "second", "third", "home"];
        let moved = (0..4).find(|&i| self.bases()[i] != 5 * (i as u8 + 1));
        moved
            .and_then(|i| {
                plays(
                    false,
                    circles[i],
                    ["5", "10", "15", "20"][i],
                    "the bases stand on the path's circles 5, 10, 15 and 20, as the board \
                     prints them",
                )
            })
            .or(plays(
                self.runners_per_base == 1,
                "runners_per_base",
                "1",
                "one runner to a base, and a forced runner moves up",
            ))
    }
}

/// `bases.touch`: touching a base without a throw (major.2.9.touch-base).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BaseTouch {
    /// A fielder entering a square holding a base touches that base.
    pub on_entering_base_square: bool,
    /// The catcher on C touches home plate.
    pub catcher_box_touches_home: bool,
}

impl Validate for BaseTouch {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.catcher_box_touches_home,
            "catcher_box_touches_home",
            "true",
            "home plate lies on C, so the catcher standing there touches it",
        )
    }
}

/// One way the defense makes an out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OutWay {
    /// Third strike.
    Strikeout,
    /// A batted ball caught in the air.
    CaughtFly,
    /// A throw reaches a covered base before the runner heading there.
    ThrowBeatsRunner,
    /// A fielder holding the ball touches the base before the runner
    /// heading there arrives.
    TouchBeatsRunner,
    /// As `touch_beats_runner`, but only against a forced runner.
    TouchBeatsForcedRunner,
}

/// `out.ways`: how outs are made (core.out.offense-choice, major.2.7.outs,
/// faq.appendix-a.force).
pub type OutWays = Vec<OutWay>;

impl Validate for OutWays {
    fn validate(&self) -> Result<(), String> {
        for (i, way) in self.iter().enumerate() {
            if self[..i].contains(way) {
                return Err(format!("`{way:?}` is listed twice"));
            }
        }
        Ok(())
    }
}

/// `out.after`: what follows an out in the field (core.out.offense-choice,
/// major.3.10.out-no-pass).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AfterOut {
    /// After an out made without passing the ball, the fielder may spend
    /// his remaining points before the turn passes (else it passes at once
    /// to the offense, which decides whether its runners go on).
    pub unassisted_may_continue: bool,
    /// When the offense stops its runners on bases, the ball goes back to
    /// the pitcher and the next pitch follows.
    pub ball_back_to_pitcher: bool,
}

impl Validate for AfterOut {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.ball_back_to_pitcher,
            "ball_back_to_pitcher",
            "true",
            "once the runners stop on bases the ball goes back to the pitcher",
        )
    }
}
