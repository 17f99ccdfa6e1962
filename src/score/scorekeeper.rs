//! `Scorekeeper`: watches the engine's events the way an official scorer
//! watches a game, and writes down what a scorer writes: one `Appearance`
//! per plate appearance (its outcome in scoring notation, the runners'
//! advances, runs, RBI, errors), steals, and the ends of half innings and of
//! the game. It follows the game from the events alone (never from the
//! engine's `State`), so the same records come out of a live game and of a
//! replayed log.
//!
//! The scoring rules it applies (which plays are hits, errors, fielder's
//! choices, sacrifice flies, and when RBI are credited) are written down in
//! docs/notation.md.

use crate::engine::{Event, EventKind, Half, Landing, Lie, OutHow, Side};
use crate::field::{Field, SquareKind};

/// The situation of the game: what every play-by-play line shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Situation {
    /// The inning (1-based).
    pub inning: u8,
    /// Top or bottom.
    pub half: Half,
    /// Outs in the half inning.
    pub outs: u8,
    /// The runners as (batting slot, circle): 5 first, 10 second, 15 third;
    /// a batter who has not left the plate stands on 0.
    pub runners: Vec<(u8, u8)>,
    /// Runs, home first.
    pub score: [u32; 2],
}

impl Situation {
    fn start() -> Self {
        Self {
            inning: 1,
            half: Half::Top,
            outs: 0,
            runners: Vec::new(),
            score: [0, 0],
        }
    }

    /// The side at bat.
    pub fn offense(&self) -> Side {
        match self.half {
            Half::Top => Side::Away,
            Half::Bottom => Side::Home,
        }
    }

    /// The bases as a scorer writes them: `1-3` for runners on first and
    /// third, `---` for none.
    pub fn bases(&self) -> String {
        (1..=3u8)
            .map(|b| {
                if self.runners.iter().any(|&(_, pos)| pos == b * 5) {
                    char::from(b'0' + b)
                } else {
                    '-'
                }
            })
            .collect()
    }

    fn pos_of(&self, slot: u8) -> Option<u8> {
        self.runners
            .iter()
            .find(|&&(s, _)| s == slot)
            .map(|&(_, p)| p)
    }

    fn set(&mut self, slot: u8, pos: u8) {
        match self.runners.iter_mut().find(|(s, _)| *s == slot) {
            Some(r) => r.1 = pos,
            None => self.runners.push((slot, pos)),
        }
        self.runners.sort_by_key(|&(_, p)| std::cmp::Reverse(p));
    }

    fn remove(&mut self, slot: u8) {
        self.runners.retain(|&(s, _)| s != slot);
    }

    fn run(&mut self, slot: u8) {
        self.remove(slot);
        self.score[self.offense().index()] += 1;
    }
}

/// How a plate appearance ended for the batter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Three strikes (K).
    Strikeout,
    /// Four balls (BB).
    Walk,
    /// A hit of 1 to 4 bases (1B, 2B, 3B, HR).
    Hit {
        /// Bases: 4 for a home run.
        bases: u8,
    },
    /// The batter reached on a dropped fly ball (E#).
    Error {
        /// The fielder's number.
        fielder: u8,
        /// The base the batter reached.
        bases: u8,
    },
    /// The batter reached while a runner was forced out (FC).
    FieldersChoice {
        /// The base the batter reached.
        bases: u8,
    },
    /// A fly ball caught (F#), a home run robbed at the fence included.
    FlyOut {
        /// The fielder's number.
        fielder: u8,
        /// Whether he took a home run away at the fence.
        robbed: bool,
    },
    /// A fly ball caught while a runner scored (SF#): no at-bat.
    SacrificeFly {
        /// The fielder's number.
        fielder: u8,
    },
    /// The batter put out on the bases: the fielders who handled the ball
    /// (6-3, 3U).
    PutOut {
        /// The fielders' numbers, in order.
        fielders: Vec<u8>,
        /// Forced (else tagged).
        force: bool,
    },
}

impl Outcome {
    /// Whether it counts as an at-bat (walks and sacrifice flies do not).
    pub fn at_bat(&self) -> bool {
        !matches!(self, Outcome::Walk | Outcome::SacrificeFly { .. })
    }

    /// The bases of a hit, if it is one.
    pub fn hit(&self) -> Option<u8> {
        match self {
            Outcome::Hit { bases } => Some(*bases),
            _ => None,
        }
    }
}

/// An out on the bases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PutOut {
    /// The batter's or runner's slot.
    pub slot: u8,
    /// Force, tag (or, for the batter, caught and strikeout).
    pub how: OutHow,
    /// The fielders who handled the ball (numbers), in order.
    pub fielders: Vec<u8>,
    /// The circle of the base he was out at (5, 10, 15, 20), or the base
    /// ahead of him when caught between two.
    pub at: u8,
    /// Whether he was caught between bases when the play ended (the
    /// engine's rundown rule).
    pub rundown: bool,
}

impl PutOut {
    /// A runner's out as a scorer writes it on the bases: `2X3`, out
    /// between second (where he started) and third.
    fn notation(&self, from: u8) -> String {
        format!("{}X{}", base_digit(from), base_digit(self.at))
    }

    /// "out at second (force), 6-4", "caught in a rundown between second
    /// and third".
    fn words(&self) -> String {
        let mut words = if self.rundown {
            format!(
                "caught in a rundown between {} and {}",
                base_name(self.at - 5),
                base_name(self.at)
            )
        } else {
            let kind = match self.how {
                OutHow::Force => " (force)",
                OutHow::Tag => " (tag)",
                OutHow::Collision => " (collision)",
                _ => "",
            };
            format!("out at {}{kind}", base_name(self.at))
        };
        if !self.fielders.is_empty() {
            words = format!("{words}, {}", chain(&self.fielders));
        }
        words
    }
}

/// Where and how a batted ball went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BattedBall {
    /// The batting direction, 1 (left-field line) to 6 (right-field line).
    pub direction: u8,
    /// The batting distance in arcs.
    pub distance: i32,
    /// Field, wall or out of the park.
    pub landing: Landing,
    /// What the square it came down on is (none for a home run).
    pub square: Option<SquareKind>,
    /// Ground or fly, once known.
    pub lie: Option<Lie>,
}

/// One line of the play-by-play: who, the notation, words, and the
/// situation once it has happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The batting slot of the batter or runner.
    pub slot: u8,
    /// Whether it is a runner's line under a batter's.
    pub runner: bool,
    /// Scoring notation (`6-3`, `1B`, `1-3`, `SB2`).
    pub notation: String,
    /// The same in words.
    pub words: String,
    /// The situation after it.
    pub after: Situation,
}

/// A plate appearance, scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Appearance {
    /// The batting side.
    pub side: Side,
    /// The batter's slot.
    pub batter: u8,
    /// How it ended for him.
    pub outcome: Outcome,
    /// When he reached base safely and was then put out on the same play
    /// (trying for an extra base, or caught between bases): how.
    pub out_advancing: Option<PutOut>,
    /// The batted ball, if he put one in play.
    pub ball: Option<BattedBall>,
    /// The batter's line, then one per runner who moved, scored or was out.
    pub lines: Vec<Line>,
    /// The slots of everybody who scored on it, the batter included.
    pub scored: Vec<u8>,
    /// Runs batted in.
    pub rbi: u8,
    /// Outs made on it.
    pub outs: u8,
    /// The numbers of the fielders charged with an error on it.
    pub errors: Vec<u8>,
}

/// The end of a half inning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HalfSummary {
    /// The inning.
    pub inning: u8,
    /// Top or bottom.
    pub half: Half,
    /// Runs (as the engine counted them).
    pub runs: u16,
    /// Hits.
    pub hits: u32,
    /// Errors by the fielding side.
    pub errors: u32,
    /// Runners left on base.
    pub left_on_base: u32,
    /// The score after it.
    pub score: [u32; 2],
}

/// What the scorer writes down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// A half inning began.
    HalfStarted {
        /// The inning.
        inning: u8,
        /// Top or bottom.
        half: Half,
    },
    /// A plate appearance ended.
    Appearance(Appearance),
    /// A runner stole a base (SB).
    Steal {
        /// The batting side.
        side: Side,
        /// The line (its slot is the runner's).
        line: Line,
        /// The circle he reached (10 second, 15 third, 20 home).
        to: u8,
    },
    /// A run that scored outside a plate appearance's result (on a steal).
    Run {
        /// The batting side.
        side: Side,
        /// The line (its slot is the runner's).
        line: Line,
    },
    /// A player came into the game.
    Substitution {
        /// His side.
        side: Side,
        /// His name.
        name: String,
        /// The name of the player he replaced.
        replaced: String,
        /// The batting slot he took over.
        slot: Option<u8>,
        /// The fielding position (0..9) he took over.
        position: Option<u8>,
    },
    /// A half inning ended.
    HalfEnded(HalfSummary),
    /// The game ended.
    GameOver {
        /// Home runs.
        home: u32,
        /// Guest runs.
        away: u32,
        /// The last inning played.
        innings: u8,
    },
}

/// A plate appearance under way.
#[derive(Debug, Clone)]
struct Pending {
    side: Side,
    batter: u8,
    /// The situation before its result (after any steal).
    start: Situation,
    /// Whether its result has begun (pitch put in play, ball four, strike
    /// three): runs from then on are the batter's.
    resulting: bool,
    walk: bool,
    strikeout: bool,
    ball: Option<BattedBall>,
    /// The outs made, in order.
    outs: Vec<PutOut>,
    /// The farthest circle the batter reached.
    batter_max: u8,
    /// Whether the offense turn just ended and runners are being settled
    /// (an out then is a rundown).
    settling: bool,
    scored: Vec<u8>,
    /// Runners who scored by winning a collision at home plate.
    safe_at_plate: Vec<u8>,
    /// Fielders (numbers) who dropped a fly ball they stood under.
    dropped: Vec<u8>,
    /// Squares each fielder (0..9) moved since the ball was hit.
    moved: [u8; 9],
    /// The fielder who leapt and caught a home run.
    robbed_by: Option<u8>,
    /// The printed name of the immediate special card that settled it.
    card: Option<&'static str>,
}

/// Reads events; writes records.
#[derive(Debug, Clone)]
pub struct Scorekeeper<'f> {
    field: &'f Field,
    now: Situation,
    pending: Option<Pending>,
    half_hits: u32,
    half_errors: u32,
    /// The runner who has just won a collision at home plate.
    safe_at_plate: Option<u8>,
}

impl<'f> Scorekeeper<'f> {
    /// A scorer for a game on `field` (to tell the infield from the
    /// outfield in words).
    pub fn new(field: &'f Field) -> Self {
        Self {
            field,
            now: Situation::start(),
            pending: None,
            half_hits: 0,
            half_errors: 0,
            safe_at_plate: None,
        }
    }

    /// The situation now.
    pub fn situation(&self) -> &Situation {
        &self.now
    }

    /// Reads one event, appending what it completes to `out`.
    pub fn event(&mut self, event: &Event, out: &mut Vec<Record>) {
        if let Some(p) = self.pending.as_mut() {
            p.settling = match &event.kind {
                EventKind::OffenseTurnEnded => true,
                EventKind::Ran { .. } | EventKind::Out { .. } | EventKind::Scored { .. } => {
                    p.settling
                }
                _ => false,
            };
        }
        match &event.kind {
            EventKind::SpecialPlayed {
                immediate: true,
                name,
                ..
            } => {
                // An immediate card settles the at-bat: the batter leaves
                // the plate (a runner on 0 until the card moves him).
                if let Some(p) = self.pending.as_mut() {
                    p.resulting = true;
                    p.card = Some(name);
                    self.now.set(p.batter, 0);
                }
            }
            EventKind::Substitution {
                side,
                name,
                replaced_name,
                slot,
                position,
                ..
            } => out.push(Record::Substitution {
                side: *side,
                name: name.to_string(),
                replaced: replaced_name.to_string(),
                slot: *slot,
                position: *position,
            }),
            EventKind::HalfStarted { inning, half } => {
                self.finish(out);
                self.now.inning = *inning;
                self.now.half = *half;
                self.now.outs = 0;
                self.now.runners.clear();
                self.half_hits = 0;
                self.half_errors = 0;
                out.push(Record::HalfStarted {
                    inning: *inning,
                    half: *half,
                });
            }
            EventKind::BatterUp { side, slot } => {
                self.finish(out);
                self.pending = Some(Pending {
                    side: *side,
                    batter: *slot,
                    start: self.now.clone(),
                    resulting: false,
                    walk: false,
                    strikeout: false,
                    ball: None,
                    outs: Vec::new(),
                    batter_max: 0,
                    settling: false,
                    scored: Vec::new(),
                    safe_at_plate: Vec::new(),
                    dropped: Vec::new(),
                    robbed_by: None,
                    card: None,
                    moved: [0; 9],
                });
            }
            EventKind::Walk { .. } => {
                if let Some(p) = self.pending.as_mut() {
                    p.walk = true;
                    p.resulting = true;
                }
            }
            EventKind::Hit {
                direction,
                distance,
                landing,
                square,
            } => {
                let kind = square
                    .and_then(|s| self.field.squares().get(s.index()))
                    .map(|s| s.kind);
                if let Some(p) = self.pending.as_mut() {
                    p.resulting = true;
                    p.ball = Some(BattedBall {
                        direction: *direction,
                        distance: *distance,
                        landing: *landing,
                        square: kind,
                        lie: None,
                    });
                    // The batter leaves the plate: he is a runner on 0.
                    self.now.set(p.batter, 0);
                }
            }
            EventKind::Lies { lie, .. } => {
                // How the ball was hit: a later change of lie (a Texas fly
                // that fell, faq.offense.texas-miss) does not rescore it.
                if let Some(b) = self.pending.as_mut().and_then(|p| p.ball.as_mut()) {
                    b.lie.get_or_insert(*lie);
                }
            }
            EventKind::Fielded {
                fielder,
                how,
                success,
                ..
            } => {
                if let Some(p) = self.pending.as_mut() {
                    if *how == "leap" && *success {
                        p.robbed_by = Some(fielder + 1);
                    }
                    // A fly the fielder stood under and dropped is an error;
                    // one he ran for and could not hold fell in for a hit.
                    let standing = p.moved.get(usize::from(*fielder)) == Some(&0);
                    if *how == "catch" && !success && standing {
                        p.dropped.push(fielder + 1);
                        self.half_errors += 1;
                    }
                }
            }
            EventKind::Stole { slot, from: _, to } => {
                self.now.set(*slot, *to);
                let side = self.now.offense();
                let line = Line {
                    slot: *slot,
                    runner: false,
                    notation: format!("SB{}", base_digit(*to)),
                    words: format!("steals {}", base_name(*to)),
                    after: self.now.clone(),
                };
                out.push(Record::Steal {
                    side,
                    line,
                    to: *to,
                });
                if let Some(p) = self.pending.as_mut() {
                    p.start = self.now.clone();
                }
            }
            EventKind::Ran { slot, to, .. } => {
                self.now.set(*slot, *to);
                if let Some(p) = self.pending.as_mut().filter(|p| p.batter == *slot) {
                    p.batter_max = p.batter_max.max(*to);
                }
            }
            EventKind::Scored { slot } => {
                let collided = self.safe_at_plate.take() == Some(*slot);
                let from = self.now.pos_of(*slot);
                self.now.run(*slot);
                match self.pending.as_mut() {
                    Some(p) if p.resulting => {
                        p.scored.push(*slot);
                        if collided {
                            p.safe_at_plate.push(*slot);
                        }
                    }
                    _ => {
                        let side = self.now.offense();
                        if let Some(p) = self.pending.as_mut() {
                            p.start = self.now.clone();
                        }
                        out.push(Record::Run {
                            side,
                            line: Line {
                                slot: *slot,
                                runner: true,
                                notation: format!(
                                    "{}-H",
                                    from.map_or('?', |f| base_digit(f.min(15)))
                                ),
                                words: if collided {
                                    "scores, safe in a collision at the plate".to_string()
                                } else {
                                    "scores".to_string()
                                },
                                after: self.now.clone(),
                            },
                        });
                    }
                }
            }
            EventKind::Out {
                slot,
                how,
                fielders,
            } => {
                let pos = self.now.pos_of(*slot).unwrap_or(0);
                let at = match how {
                    OutHow::Tag | OutHow::Collision if pos > 0 && pos.is_multiple_of(5) => pos,
                    _ => (pos / 5 + 1) * 5,
                };
                self.now.remove(*slot);
                self.now.outs += 1;
                if let Some(p) = self.pending.as_mut() {
                    p.resulting = true;
                    if *how == OutHow::Strikeout && *slot == p.batter {
                        p.strikeout = true;
                    }
                    p.outs.push(PutOut {
                        slot: *slot,
                        how: *how,
                        fielders: fielders.to_vec(),
                        at,
                        rundown: p.settling && *how == OutHow::Tag && !pos.is_multiple_of(5),
                    });
                }
            }
            EventKind::HalfEnded { runs } => {
                self.finish(out);
                let left = self.now.runners.iter().filter(|r| r.1 > 0).count() as u32;
                out.push(Record::HalfEnded(HalfSummary {
                    inning: self.now.inning,
                    half: self.now.half,
                    runs: *runs,
                    hits: self.half_hits,
                    errors: self.half_errors,
                    left_on_base: left,
                    score: self.now.score,
                }));
                self.now.runners.clear();
            }
            EventKind::GameOver { home, away } => {
                self.finish(out);
                out.push(Record::GameOver {
                    home: *home,
                    away: *away,
                    innings: self.now.inning,
                });
            }
            EventKind::Collided { slot, out, .. } => {
                self.safe_at_plate = (!out).then_some(*slot);
            }
            EventKind::Moved { fielder, .. } => {
                if let Some(m) = self
                    .pending
                    .as_mut()
                    .and_then(|p| p.moved.get_mut(usize::from(*fielder)))
                {
                    *m = m.saturating_add(1);
                }
            }
            EventKind::Shuffled { .. }
            | EventKind::StaminaRolled { .. }
            | EventKind::SpecialPlayed { .. }
            | EventKind::Swapped { .. }
            | EventKind::Tired { .. }
            | EventKind::Positioned { .. }
            | EventKind::Drew { .. }
            | EventKind::Discarded { .. }
            | EventKind::Reshuffled { .. }
            | EventKind::Count { .. }
            | EventKind::Pitched { .. }
            | EventKind::Responded { .. }
            | EventKind::Ball { .. }
            | EventKind::Strike { .. }
            | EventKind::HitBonus { .. }
            | EventKind::Foul { .. }
            | EventKind::Rolled { .. }
            | EventKind::Plays { .. }
            | EventKind::Dropped
            | EventKind::Threw { .. }
            | EventKind::DefenseTurnEnded
            | EventKind::OffenseTurnEnded
            | EventKind::PlayEnded { .. } => {}
        }
    }

    /// Scores the plate appearance under way, if it has a result (one that
    /// the end of the game interrupted before its result is not scored).
    fn finish(&mut self, out: &mut Vec<Record>) {
        let Some(p) = self.pending.take() else {
            return;
        };
        if !p.resulting {
            return;
        }
        let (outcome, out_advancing) = self.outcome(&p);
        if outcome.hit().is_some() {
            self.half_hits += 1;
        }
        let rbi = match &outcome {
            Outcome::Error { .. } => 0,
            Outcome::PutOut { .. } if p.outs.len() >= 2 => 0,
            _ => p.scored.len() as u8,
        };
        let lines = self.lines(&p, &outcome, out_advancing.as_ref());
        out.push(Record::Appearance(Appearance {
            side: p.side,
            batter: p.batter,
            outcome,
            out_advancing,
            ball: p.ball,
            lines,
            scored: p.scored.clone(),
            rbi,
            outs: p.outs.len() as u8,
            errors: p.dropped.clone(),
        }));
    }

    /// The batter's outcome under the scoring rules of docs/notation.md,
    /// and his out when he was put out after reaching base safely.
    fn outcome(&self, p: &Pending) -> (Outcome, Option<PutOut>) {
        if p.strikeout {
            return (Outcome::Strikeout, None);
        }
        if p.walk {
            return (Outcome::Walk, None);
        }
        let batter_out = p.outs.iter().find(|o| o.slot == p.batter);
        let mut out_advancing = None;
        if let Some(o) = batter_out {
            let first = o.fielders.first().copied().unwrap_or(0);
            match o.how {
                OutHow::Caught if p.scored.is_empty() || p.robbed_by.is_some() => {
                    let robbed = p.robbed_by.is_some();
                    return (
                        Outcome::FlyOut {
                            fielder: first,
                            robbed,
                        },
                        None,
                    );
                }
                OutHow::Caught => return (Outcome::SacrificeFly { fielder: first }, None),
                _ if p.batter_max < 5 => {
                    let outcome = Outcome::PutOut {
                        fielders: o.fielders.clone(),
                        force: o.how == OutHow::Force,
                    };
                    return (outcome, None);
                }
                // He reached first safely: he is scored as safe on the
                // last base he reached, then out advancing.
                _ => out_advancing = Some(o.clone()),
            }
        }
        // He is safe: the base he reached when the play ended (at least
        // first, when the third out ended the play before he got there).
        let bases = if p.scored.contains(&p.batter) {
            4
        } else if let Some(o) = &out_advancing {
            // The base he was put out at (he may stand on it, tagged) is not
            // one he reached safely.
            (p.batter_max.min(o.at.saturating_sub(5)) / 5).clamp(1, 3)
        } else {
            (self.now.pos_of(p.batter).unwrap_or(0) / 5).clamp(1, 3)
        };
        let forced_out = p
            .outs
            .iter()
            .any(|o| o.slot != p.batter && o.how == OutHow::Force);
        let outcome = if forced_out {
            Outcome::FieldersChoice { bases }
        } else if let Some(&fielder) = p.dropped.first() {
            Outcome::Error { fielder, bases }
        } else {
            Outcome::Hit { bases }
        };
        (outcome, out_advancing)
    }

    /// The batter's line, then a line for each runner who scored, was out
    /// or moved up, lead runner first; each shows the situation once it
    /// has happened.
    fn lines(&self, p: &Pending, outcome: &Outcome, advancing: Option<&PutOut>) -> Vec<Line> {
        let mut s = p.start.clone();
        let mut lines = Vec::new();
        let (notation, words) = describe(outcome, p);
        match outcome {
            Outcome::Strikeout
            | Outcome::FlyOut { .. }
            | Outcome::SacrificeFly { .. }
            | Outcome::PutOut { .. } => s.outs += 1,
            Outcome::Walk => s.set(p.batter, 5),
            Outcome::Hit { bases }
            | Outcome::Error { bases, .. }
            | Outcome::FieldersChoice { bases } => {
                if *bases >= 4 && advancing.is_none() {
                    s.run(p.batter);
                } else {
                    s.set(p.batter, bases * 5);
                }
            }
        }
        lines.push(Line {
            slot: p.batter,
            runner: false,
            notation,
            words,
            after: s.clone(),
        });
        for &(slot, from) in &p.start.runners {
            if slot == p.batter || from == 0 {
                continue;
            }
            let (notation, words) = if p.scored.contains(&slot) {
                s.run(slot);
                let words = if p.safe_at_plate.contains(&slot) {
                    "scores, safe in a collision at the plate"
                } else {
                    "scores"
                };
                (format!("{}-H", base_digit(from)), words.to_string())
            } else if let Some(o) = p.outs.iter().find(|o| o.slot == slot) {
                s.remove(slot);
                s.outs += 1;
                (o.notation(from), o.words())
            } else {
                // A runner left between bases by the third out reached
                // only the base behind him.
                match self.now.pos_of(slot).map(|p| p / 5 * 5) {
                    Some(to) if to > from => {
                        s.set(slot, to);
                        (
                            format!("{}-{}", base_digit(from), base_digit(to)),
                            format!("to {}", base_name(to)),
                        )
                    }
                    _ => continue,
                }
            };
            lines.push(Line {
                slot,
                runner: true,
                notation,
                words,
                after: s.clone(),
            });
        }
        // The batter put out after reaching base: his out comes last, as a
        // runner's line from the base he reached.
        if let (Some(o), Some(Line { after, .. })) = (advancing, lines.first()) {
            let from = after.pos_of(p.batter).unwrap_or(5);
            s.remove(p.batter);
            s.outs += 1;
            lines.push(Line {
                slot: p.batter,
                runner: true,
                notation: o.notation(from),
                words: o.words(),
                after: s.clone(),
            });
        }
        lines
    }
}

/// The notation and words of a batter's outcome.
fn describe(outcome: &Outcome, p: &Pending) -> (String, String) {
    let dp = match p.outs.len() {
        2 => (" DP", ", double play"),
        n if n >= 3 => (" TP", ", triple play"),
        _ => ("", ""),
    };
    match outcome {
        Outcome::Strikeout => ("K".into(), format!("strikes out{}", on_card(p))),
        Outcome::Walk => ("BB".into(), "walks".into()),
        Outcome::Hit { bases } => {
            let notation = ["1B", "2B", "3B", "HR"][usize::from(bases.clamp(&1, &4) - 1)];
            let words = match p.ball {
                Some(b) if b.landing == Landing::HomeRun => {
                    format!("homers over the fence in {}", outfield_zone(b.direction))
                }
                Some(b) if *bases == 4 => format!(
                    "hits an inside-the-park home run on a {} {}",
                    lie_word(b.lie),
                    zone_phrase(&b)
                ),
                Some(b) if b.landing == Landing::Wall => format!(
                    "{} off the wall in {}",
                    hit_verb(*bases),
                    outfield_zone(b.direction)
                ),
                Some(b) => format!(
                    "{} on a {} {}",
                    hit_verb(*bases),
                    lie_word(b.lie),
                    zone_phrase(&b)
                ),
                None => format!("{}{}", hit_verb(*bases), on_card(p)),
            };
            (notation.to_string(), words)
        }
        Outcome::Error { fielder, bases } => (
            format!("E{fielder}"),
            format!(
                "{} on a dropped fly ball, error on the {}",
                reaches(*bases),
                fielder_name(*fielder)
            ),
        ),
        Outcome::FieldersChoice { bases } => (
            format!("FC{}", dp.0),
            format!("{} on a fielder's choice{}", reaches(*bases), dp.1),
        ),
        Outcome::FlyOut { fielder, robbed } => {
            let verb = if *fielder <= 6 {
                "pops out"
            } else {
                "flies out"
            };
            let words = if *robbed {
                format!(
                    "flies out to {}, home run robbed at the wall",
                    position_word(*fielder)
                )
            } else {
                format!("{verb} to {}{}", position_word(*fielder), dp.1)
            };
            (format!("F{fielder}{}", dp.0), words)
        }
        Outcome::SacrificeFly { fielder } => (
            format!("SF{fielder}{}", dp.0),
            format!(
                "hits a sacrifice fly to {}{}",
                position_word(*fielder),
                dp.1
            ),
        ),
        Outcome::PutOut { fielders, force } => {
            let ground = p.ball.is_some_and(|b| b.lie == Some(Lie::Ground));
            let verb = match (ground, force) {
                (true, _) => "grounds out",
                (false, true) => "is thrown out",
                (false, false) => "is tagged out",
            };
            match fielders.as_slice() {
                [] => (
                    format!("BX1{}", dp.0),
                    format!("is caught between home and first{}", dp.1),
                ),
                [one] => (
                    format!("{one}U{}", dp.0),
                    format!("{verb} to {} unassisted{}", position_word(*one), dp.1),
                ),
                many => (
                    format!("{}{}", chain(many), dp.0),
                    format!(
                        "{verb}, {}{}",
                        many.iter()
                            .map(|&f| position_word(f))
                            .collect::<Vec<_>>()
                            .join(" to "),
                        dp.1
                    ),
                ),
            }
        }
    }
}

/// " on the Strike Out card": the immediate special card that settled
/// the at-bat, if one did.
fn on_card(p: &Pending) -> String {
    p.card
        .map_or_else(String::new, |name| format!(" on the {name} card"))
}

/// "reaches second", or "scores" for a batter who came round.
fn reaches(bases: u8) -> String {
    if bases >= 4 {
        "scores".to_string()
    } else {
        format!("reaches {}", base_name(bases * 5))
    }
}

fn chain(fielders: &[u8]) -> String {
    fielders
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

fn hit_verb(bases: u8) -> &'static str {
    match bases {
        1 => "singles",
        2 => "doubles",
        3 => "triples",
        _ => "homers",
    }
}

fn lie_word(lie: Option<Lie>) -> &'static str {
    match lie {
        Some(Lie::Ground) => "ground ball",
        _ => "fly ball",
    }
}

/// Where a ball in the park went, in a broadcaster's words.
fn zone_phrase(ball: &BattedBall) -> String {
    let d = usize::from(ball.direction.clamp(1, 6) - 1);
    match ball.square {
        Some(SquareKind::Box | SquareKind::Catcher) => "in front of the plate".to_string(),
        Some(SquareKind::Diamond) => [
            "to third",
            "to short",
            "up the middle",
            "up the middle",
            "to second",
            "to first",
        ][d]
            .to_string(),
        Some(SquareKind::Texas) => [
            "to shallow left",
            "to shallow left",
            "to shallow left-center",
            "to shallow right-center",
            "to shallow right",
            "to shallow right",
        ][d]
            .to_string(),
        _ => [
            "down the left-field line",
            "to left",
            "to left-center",
            "to right-center",
            "to right",
            "down the right-field line",
        ][d]
            .to_string(),
    }
}

/// The outfield sector of a direction.
fn outfield_zone(direction: u8) -> &'static str {
    [
        "the left-field corner",
        "left",
        "left-center",
        "right-center",
        "right",
        "the right-field corner",
    ][usize::from(direction.clamp(1, 6) - 1)]
}

/// "center", "short": a position as in "flies out to center".
fn position_word(fielder: u8) -> &'static str {
    [
        "pitcher", "catcher", "first", "second", "third", "short", "left", "center", "right",
    ]
    .get(usize::from(fielder.saturating_sub(1)))
    .copied()
    .unwrap_or("?")
}

/// "center fielder": a fielder as in "error on the center fielder".
fn fielder_name(fielder: u8) -> &'static str {
    [
        "pitcher",
        "catcher",
        "first baseman",
        "second baseman",
        "third baseman",
        "shortstop",
        "left fielder",
        "center fielder",
        "right fielder",
    ]
    .get(usize::from(fielder.saturating_sub(1)))
    .copied()
    .unwrap_or("fielder")
}

/// `1`, `2`, `3` or `H` for a base circle.
fn base_digit(pos: u8) -> char {
    match pos / 5 {
        0 => 'B',
        1 => '1',
        2 => '2',
        3 => '3',
        _ => 'H',
    }
}

fn base_name(pos: u8) -> &'static str {
    match pos / 5 {
        0 => "home",
        1 => "first",
        2 => "second",
        3 => "third",
        _ => "home",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::load_field;

    fn ev(kind: EventKind) -> Event {
        Event { rule: "test", kind }
    }

    /// The appearances scored from a list of event kinds.
    fn appearances(field: &Field, kinds: Vec<EventKind>) -> Vec<Appearance> {
        let mut scorer = Scorekeeper::new(field);
        let mut out = Vec::new();
        for kind in kinds {
            scorer.event(&ev(kind), &mut out);
        }
        scorer.event(&ev(EventKind::HalfEnded { runs: 0 }), &mut out);
        out.into_iter()
            .filter_map(|r| match r {
                Record::Appearance(a) => Some(a),
                _ => None,
            })
            .collect()
    }

    fn up(slot: u8) -> EventKind {
        EventKind::BatterUp {
            side: Side::Away,
            slot,
        }
    }

    fn fly(field: &Field, direction: u8, distance: u8) -> EventKind {
        EventKind::Hit {
            direction,
            distance: i32::from(distance),
            landing: Landing::Field,
            square: field.square_at(direction, distance),
        }
    }

    fn ran(slot: u8, from: u8, to: u8) -> EventKind {
        EventKind::Ran { slot, from, to }
    }

    #[test]
    fn a_batter_thrown_out_stretching_keeps_his_hit() {
        let field = load_field("classic").unwrap();
        let pa = appearances(
            &field,
            vec![
                up(0),
                fly(&field, 2, 8),
                ran(0, 0, 6),
                ran(0, 6, 11),
                ran(0, 11, 15),
                EventKind::Out {
                    slot: 0,
                    how: OutHow::Tag,
                    fielders: vec![7, 5].into(),
                },
                EventKind::PlayEnded { batter_reached: 0 },
            ],
        );
        assert_eq!(pa[0].outcome, Outcome::Hit { bases: 2 });
        let [hit, out] = &pa[0].lines[..] else {
            panic!("{:?}", pa[0].lines)
        };
        assert_eq!(hit.notation, "2B");
        assert_eq!((hit.after.outs, hit.after.bases()), (0, "-2-".to_string()));
        assert_eq!(out.notation, "2X3");
        assert_eq!(out.words, "out at third (tag), 7-5");
        assert_eq!((out.after.outs, out.after.bases()), (1, "---".to_string()));
    }

    #[test]
    fn a_runner_caught_between_bases_is_written_as_such() {
        let field = load_field("classic").unwrap();
        let pa = appearances(
            &field,
            vec![
                up(0),
                EventKind::Walk { slot: 0 },
                ran(0, 0, 5),
                up(1),
                fly(&field, 3, 9),
                ran(0, 5, 9),
                ran(1, 0, 5),
                EventKind::OffenseTurnEnded,
                ran(1, 5, 8),
                EventKind::Out {
                    slot: 1,
                    how: OutHow::Tag,
                    fielders: Default::default(),
                },
                ran(0, 9, 10),
                EventKind::PlayEnded { batter_reached: 0 },
            ],
        );
        // The batter got to first safely: a single, then caught.
        assert_eq!(pa[1].outcome, Outcome::Hit { bases: 1 });
        let notations: Vec<&str> = pa[1].lines.iter().map(|l| l.notation.as_str()).collect();
        assert_eq!(notations, ["1B", "1-2", "1X2"]);
        assert_eq!(
            pa[1].lines[2].words,
            "caught in a rundown between first and second"
        );
    }

    #[test]
    fn a_fly_missed_on_the_run_fell_in_for_a_hit() {
        let field = load_field("classic").unwrap();
        let square = field.square_at(3, 8).unwrap();
        let pa = appearances(
            &field,
            vec![
                up(0),
                fly(&field, 3, 8),
                EventKind::Moved {
                    fielder: 7,
                    from: square,
                    to: square,
                },
                EventKind::Fielded {
                    fielder: 7,
                    how: "catch",
                    need: 3,
                    roll: 2,
                    success: false,
                },
                EventKind::Dropped,
                ran(0, 0, 5),
                EventKind::PlayEnded { batter_reached: 1 },
            ],
        );
        assert_eq!(pa[0].outcome, Outcome::Hit { bases: 1 });
        assert!(pa[0].errors.is_empty());
    }

    /// An immediate special card settles the at-bat: its line names it
    /// (pro.special.limits, core.cards.decks).
    #[test]
    fn an_at_bat_settled_by_an_immediate_card_names_it() {
        let field = load_field("classic").unwrap();
        let card = |name: &'static str| EventKind::SpecialPlayed {
            side: Side::Away,
            id: "",
            name,
            value: 0,
            immediate: true,
        };
        let pa = appearances(
            &field,
            vec![
                up(0),
                card("One Base Hit"),
                ran(0, 0, 5),
                up(1),
                card("Strike Out"),
                EventKind::Out {
                    slot: 1,
                    how: OutHow::Strikeout,
                    fielders: Default::default(),
                },
                up(2),
                EventKind::Walk { slot: 2 },
                ran(2, 0, 5),
                ran(0, 5, 10),
            ],
        );
        let lines: Vec<(&str, &str)> = pa
            .iter()
            .map(|a| (a.lines[0].notation.as_str(), a.lines[0].words.as_str()))
            .collect();
        assert_eq!(
            lines,
            [
                ("1B", "singles on the One Base Hit card"),
                ("K", "strikes out on the Strike Out card"),
                ("BB", "walks"),
            ]
        );
    }

    #[test]
    fn no_rbi_on_an_error_and_a_sacrifice_fly_is_no_at_bat() {
        let field = load_field("classic").unwrap();
        let pa = appearances(
            &field,
            vec![
                up(0),
                EventKind::Walk { slot: 0 },
                ran(0, 0, 5),
                up(1),
                fly(&field, 5, 8),
                EventKind::Fielded {
                    fielder: 8,
                    how: "catch",
                    need: 4,
                    roll: 1,
                    success: false,
                },
                EventKind::Dropped,
                ran(0, 5, 10),
                ran(1, 0, 5),
                ran(0, 10, 20),
                EventKind::Scored { slot: 0 },
                EventKind::PlayEnded { batter_reached: 1 },
                up(2),
                fly(&field, 4, 9),
                EventKind::Out {
                    slot: 2,
                    how: OutHow::Caught,
                    fielders: vec![8].into(),
                },
                ran(1, 5, 20),
                EventKind::Scored { slot: 1 },
                EventKind::PlayEnded { batter_reached: 0 },
            ],
        );
        assert_eq!(
            pa[1].outcome,
            Outcome::Error {
                fielder: 9,
                bases: 1
            }
        );
        assert_eq!((pa[1].rbi, pa[1].errors.clone()), (0, vec![9]));
        assert_eq!(pa[2].outcome, Outcome::SacrificeFly { fielder: 8 });
        assert!(!pa[2].outcome.at_bat());
        assert_eq!(pa[2].rbi, 1);
        assert_eq!(pa[2].lines[1].after.score, [0, 2]);
    }
}
