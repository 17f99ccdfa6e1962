//! A moment of a game as the field's drawings show it: where the nine
//! fielders stand, where the ball is, which circles of the base path the
//! runners are on, and a caption saying the moment. The engine says what
//! the moment is (`State::position`); `render_text_at` and `render_svg_at`
//! draw it over the board. Nothing here knows the rules: a position is
//! only marks on squares and circles.

use super::model::SquareId;

/// The fielders in scoring order: index 0 is the pitcher (1), 8 the right
/// fielder (9).
pub const FIELDERS: usize = 9;

/// Where the ball is, as drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BallMark {
    /// On the ground on a square.
    Ground(SquareId),
    /// A fly ball coming down on a square.
    Fly(SquareId),
    /// In a fielder's hands (by index, 0 to 8).
    Held(u8),
    /// A throw on its way, on a square, to a fielder (by index).
    Thrown {
        /// Where the ball is now.
        at: SquareId,
        /// The fielder it is thrown to.
        to: u8,
    },
}

/// A runner on the base path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunnerMark {
    /// His circle: 0 home plate (the batter), 5 first base, 10 second,
    /// 15 third; the circles between are the path's steps.
    pub circle: u8,
    /// His batting-order slot (0 for the leadoff hitter), drawn counted
    /// from `Position::first_slot`.
    pub slot: u8,
}

/// A moment of a game, to draw over its field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// A line saying the moment (inning, outs, count, score).
    pub caption: String,
    /// Each fielder's square, in scoring order (`FIELDERS`).
    pub fielders: [SquareId; FIELDERS],
    /// Where the ball is, if it is in play.
    pub ball: Option<BallMark>,
    /// The runners, the batter too once he runs.
    pub runners: Vec<RunnerMark>,
    /// What the leadoff hitter's slot is drawn as: 1, as the batting order
    /// is read out, or 0, as scenario files count slots.
    pub first_slot: u8,
}

impl Position {
    /// The fielders standing on `square`, as their scoring numbers (1 to
    /// 9), lowest first.
    pub fn fielders_on(&self, square: SquareId) -> impl Iterator<Item = u8> + '_ {
        self.fielders
            .iter()
            .enumerate()
            .filter(move |&(_, &sq)| sq == square)
            .map(|(f, _)| f as u8 + 1)
    }

    /// The number a runner is drawn with: his slot counted from
    /// `first_slot`.
    pub fn runner_number(&self, runner: &RunnerMark) -> u16 {
        u16::from(runner.slot) + u16::from(self.first_slot)
    }

    /// The square the ball is on (in a fielder's hands: his square).
    pub fn ball_square(&self) -> Option<SquareId> {
        match self.ball? {
            BallMark::Ground(at) | BallMark::Fly(at) | BallMark::Thrown { at, .. } => Some(at),
            BallMark::Held(by) => self.fielders.get(usize::from(by)).copied(),
        }
    }

    /// The marks of one square, as the terminal drawing writes them: the
    /// fielders' numbers, then the ball (`*` on the ground or in the hands
    /// of the fielder before it, `^` a fly ball, `>` a throw on its way),
    /// or nothing when the square is empty.
    pub fn square_marks(&self, square: SquareId) -> String {
        let holder = match self.ball {
            Some(BallMark::Held(by)) => Some(by + 1),
            _ => None,
        };
        let mut marks: Vec<String> = self
            .fielders_on(square)
            .map(|f| {
                if Some(f) == holder {
                    format!("{f}*")
                } else {
                    f.to_string()
                }
            })
            .collect();
        let loose = match self.ball {
            Some(BallMark::Ground(at)) if at == square => Some("*"),
            Some(BallMark::Fly(at)) if at == square => Some("^"),
            Some(BallMark::Thrown { at, .. }) if at == square => Some(">"),
            _ => None,
        };
        marks.extend(loose.map(str::to_owned));
        marks.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::{Field, load_field};

    /// The classic field and its square at direction `d`, distance `k`.
    fn classic() -> (Field, impl Fn(u8, u8) -> SquareId) {
        let field = load_field("classic").expect("the classic field loads");
        let f = field.clone();
        (field, move |d, k| {
            f.square_at(d, k).expect("a square of the classic field")
        })
    }

    fn at(fielders: [SquareId; FIELDERS], ball: Option<BallMark>) -> Position {
        Position {
            caption: String::new(),
            fielders,
            ball,
            runners: Vec::new(),
            first_slot: 1,
        }
    }

    #[test]
    fn a_square_shows_its_fielders_and_the_ball() {
        let (field, sq) = classic();
        let home = field.catcher();
        let mut fielders = [home; FIELDERS];
        fielders[7] = sq(4, 8);
        fielders[8] = sq(4, 8);
        let fly = at(fielders, Some(BallMark::Fly(sq(4, 8))));
        assert_eq!(fly.square_marks(sq(4, 8)), "8 9 ^");
        assert_eq!(fly.square_marks(home), "1 2 3 4 5 6 7");
        assert_eq!(fly.square_marks(sq(1, 9)), "");
        let ground = at(fielders, Some(BallMark::Ground(sq(1, 9))));
        assert_eq!(ground.square_marks(sq(1, 9)), "*");
        let thrown = at(
            fielders,
            Some(BallMark::Thrown {
                at: sq(4, 8),
                to: 2,
            }),
        );
        assert_eq!(thrown.square_marks(sq(4, 8)), "8 9 >");
    }

    #[test]
    fn the_holder_carries_the_ball() {
        let (field, sq) = classic();
        let mut fielders = [field.catcher(); FIELDERS];
        fielders[3] = sq(3, 4);
        fielders[5] = sq(3, 4);
        let held = at(fielders, Some(BallMark::Held(5)));
        assert_eq!(held.square_marks(sq(3, 4)), "4 6*");
        assert_eq!(held.ball_square(), Some(sq(3, 4)));
        assert_eq!(at(fielders, None).ball_square(), None);
    }
}
