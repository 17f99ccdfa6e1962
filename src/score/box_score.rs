//! `BoxScore`: the sink that totals a game the way a newspaper box score
//! does. The line score (runs by inning, then R H E), each side's batting
//! lines (AB R H RBI BB SO) and pitching line (IP H R BB SO), and the notes
//! below them (extra-base hits, steals, sacrifice flies, errors, runners
//! left on base). The totals are kept as numbers (`BoxScore::line`,
//! `BoxScore::batting`, `BoxScore::pitching`) so tests can check them
//! against each other.

use std::fmt::Write as _;

use super::scorecard::Scorecard;
use super::scorekeeper::{Outcome, Record, Scorekeeper};
use crate::engine::{Event, Half, POSITIONS, Side};
use crate::field::Field;

/// One batter's line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Batting {
    /// Plate appearances.
    pub pa: u32,
    /// At-bats.
    pub ab: u32,
    /// Runs.
    pub r: u32,
    /// Hits.
    pub h: u32,
    /// Runs batted in.
    pub rbi: u32,
    /// Walks.
    pub bb: u32,
    /// Strikeouts.
    pub so: u32,
    /// Doubles.
    pub doubles: u32,
    /// Triples.
    pub triples: u32,
    /// Home runs.
    pub hr: u32,
    /// Stolen bases.
    pub sb: u32,
    /// Sacrifice flies.
    pub sf: u32,
}

impl Batting {
    /// Adds another line to this one.
    pub fn add(&mut self, o: &Batting) {
        self.pa += o.pa;
        self.ab += o.ab;
        self.r += o.r;
        self.h += o.h;
        self.rbi += o.rbi;
        self.bb += o.bb;
        self.so += o.so;
        self.doubles += o.doubles;
        self.triples += o.triples;
        self.hr += o.hr;
        self.sb += o.sb;
        self.sf += o.sf;
    }
}

/// One pitcher's line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Pitching {
    /// Outs recorded while he pitched.
    pub outs: u32,
    /// Hits allowed.
    pub h: u32,
    /// Runs allowed.
    pub r: u32,
    /// Walks.
    pub bb: u32,
    /// Strikeouts.
    pub so: u32,
}

impl Pitching {
    /// Adds another line to this one.
    pub fn add(&mut self, o: &Pitching) {
        self.outs += o.outs;
        self.h += o.h;
        self.r += o.r;
        self.bb += o.bb;
        self.so += o.so;
    }

    /// Innings pitched as scorers write them: `6.2` is six and two thirds.
    pub fn innings(&self) -> String {
        format!("{}.{}", self.outs / 3, self.outs % 3)
    }
}

/// One player's line: his name, the position he played, his numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row<T> {
    /// The player's name.
    pub name: String,
    /// His position as a scorer writes it (`CF`, `DH`, `P`).
    pub position: String,
    /// His numbers.
    pub line: T,
}

impl<T: Default> Row<T> {
    fn new(name: &str, position: &str) -> Self {
        Self {
            name: name.to_string(),
            position: position.to_string(),
            line: T::default(),
        }
    }
}

/// One side's row of the line score.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineScore {
    /// Runs in each inning it batted.
    pub innings: Vec<u32>,
    /// Runs.
    pub r: u32,
    /// Hits.
    pub h: u32,
    /// Errors made in the field.
    pub e: u32,
    /// Runners left on base.
    pub lob: u32,
}

/// Totals a game from its events.
#[derive(Debug, Clone)]
pub struct BoxScore<'a> {
    scorer: Scorekeeper<'a>,
    card: &'a Scorecard,
    records: Vec<Record>,
    line: [LineScore; 2],
    /// Each side's batting lines by slot: the starter, then each player
    /// who came in for him.
    batting: [[Vec<Row<Batting>>; 9]; 2],
    /// Each side's pitchers in the order they pitched.
    pitching: [Vec<Row<Pitching>>; 2],
    /// Errors by fielder number (index number - 1), per side.
    errors: [[u32; 9]; 2],
    /// The final score as the engine announced it.
    final_score: Option<[u32; 2]>,
    /// The number of the first inning played (a shorter game may start at
    /// the 7th).
    first_inning: Option<u8>,
}

impl<'a> BoxScore<'a> {
    /// A box score of a game on `field` between the sides of `card`.
    pub fn new(field: &'a Field, card: &'a Scorecard) -> Self {
        Self {
            scorer: Scorekeeper::new(field),
            card,
            records: Vec::new(),
            line: Default::default(),
            batting: [Side::Home, Side::Away].map(|side| {
                std::array::from_fn(|slot| {
                    let b = card.batter(side, slot as u8);
                    vec![Row::new(&b.name, &b.position)]
                })
            }),
            pitching: [Side::Home, Side::Away]
                .map(|side| vec![Row::new(&card.side(side).pitcher, "P")]),
            errors: [[0; 9]; 2],
            final_score: None,
            first_inning: None,
        }
    }

    /// Reads one event.
    pub fn event(&mut self, event: &Event) {
        self.scorer.event(event, &mut self.records);
        for record in std::mem::take(&mut self.records) {
            self.count(&record);
        }
    }

    /// A side's row of the line score.
    pub fn line(&self, side: Side) -> &LineScore {
        &self.line[side.index()]
    }

    /// A side's batting lines in batting order: each slot's starter, then
    /// the players who came in for him.
    pub fn batting(&self, side: Side) -> impl Iterator<Item = &Row<Batting>> {
        self.batting[side.index()].iter().flatten()
    }

    /// A side's batting totals.
    pub fn batting_total(&self, side: Side) -> Batting {
        let mut total = Batting::default();
        for row in self.batting(side) {
            total.add(&row.line);
        }
        total
    }

    /// A side's pitching lines, in the order they pitched.
    pub fn pitching(&self, side: Side) -> &[Row<Pitching>] {
        &self.pitching[side.index()]
    }

    /// The line of the player batting in a slot now.
    fn batter_now(&mut self, side: Side, slot: u8) -> &mut Batting {
        let rows = &mut self.batting[side.index()][usize::from(slot) % 9];
        &mut rows
            .last_mut()
            .expect("every slot has its starter's row")
            .line
    }

    /// The line of a side's pitcher now.
    fn pitcher_now(&mut self, side: Side) -> &mut Pitching {
        let rows = &mut self.pitching[side.index()];
        &mut rows
            .last_mut()
            .expect("every side has its starter's row")
            .line
    }

    /// The final score the engine announced (home, away), once over.
    pub fn final_score(&self) -> Option<[u32; 2]> {
        self.final_score
    }

    fn count(&mut self, record: &Record) {
        match record {
            Record::HalfStarted { half, inning } => {
                self.first_inning.get_or_insert(*inning);
                self.line[batting(*half).index()].innings.push(0);
            }
            Record::Substitution {
                side,
                name,
                slot,
                position,
                ..
            } => {
                let code = |p: u8| POSITIONS[usize::from(p) % 9];
                if let Some(slot) = slot {
                    let rows = &mut self.batting[side.index()][usize::from(*slot) % 9];
                    let was = rows.last().map_or("-", |r| r.position.as_str()).to_string();
                    rows.push(Row::new(name, position.map_or(was.as_str(), code)));
                }
                if *position == Some(0) {
                    self.pitching[side.index()].push(Row::new(name, "P"));
                }
            }
            Record::Appearance(pa) => {
                let (o, d) = (pa.side.index(), pa.side.other().index());
                let mut p = *self.pitcher_now(pa.side.other());
                let mut b = *self.batter_now(pa.side, pa.batter);
                b.pa += 1;
                if pa.outcome.at_bat() {
                    b.ab += 1;
                }
                b.rbi += u32::from(pa.rbi);
                match pa.outcome {
                    Outcome::Strikeout => {
                        b.so += 1;
                        p.so += 1;
                    }
                    Outcome::Walk => {
                        b.bb += 1;
                        p.bb += 1;
                    }
                    Outcome::Hit { bases } => {
                        b.h += 1;
                        p.h += 1;
                        self.line[o].h += 1;
                        match bases {
                            2 => b.doubles += 1,
                            3 => b.triples += 1,
                            4 => b.hr += 1,
                            _ => {}
                        }
                    }
                    Outcome::SacrificeFly { .. } => b.sf += 1,
                    _ => {}
                }
                p.outs += u32::from(pa.outs);
                *self.batter_now(pa.side, pa.batter) = b;
                *self.pitcher_now(pa.side.other()) = p;
                for &slot in &pa.scored {
                    self.run(pa.side, slot);
                }
                for &f in &pa.errors {
                    self.errors[d][usize::from(f.clamp(1, 9) - 1)] += 1;
                    self.line[d].e += 1;
                }
            }
            Record::Steal { side, line, .. } => {
                self.batter_now(*side, line.slot).sb += 1;
            }
            Record::Run { side, line } => self.run(*side, line.slot),
            Record::HalfEnded(s) => {
                self.line[batting(s.half).index()].lob += s.left_on_base;
            }
            Record::GameOver { home, away, .. } => {
                self.final_score = Some([*home, *away]);
            }
        }
    }

    fn run(&mut self, side: Side, slot: u8) {
        let o = side.index();
        self.batter_now(side, slot).r += 1;
        self.pitcher_now(side.other()).r += 1;
        self.line[o].r += 1;
        if let Some(last) = self.line[o].innings.last_mut() {
            *last += 1;
        }
    }

    /// The box score as text.
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.render_line_score(&mut out, "x");
        for side in [Side::Away, Side::Home] {
            out.push('\n');
            self.render_batting(side, &mut out);
        }
        out.push('\n');
        self.render_pitching(&mut out);
        let notes = self.notes();
        if !notes.is_empty() {
            out.push('\n');
            out.push_str(&notes);
        }
        out
    }

    /// The line score so far, as the box score heads it, for a game in
    /// progress: an inning a side has not batted yet is left blank.
    pub fn line_score(&self) -> String {
        let mut out = String::new();
        self.render_line_score(&mut out, "");
        out
    }

    /// The line score, `unplayed` standing for an inning a side has not
    /// batted (in the finished game's, `x`: the half inning the home team
    /// did not need).
    fn render_line_score(&self, out: &mut String, unplayed: &str) {
        let innings = self.line.iter().map(|l| l.innings.len()).max().unwrap_or(0);
        let innings = innings.max(1);
        let width = [Side::Away, Side::Home]
            .iter()
            .map(|&s| self.card.side(s).code.len())
            .max()
            .unwrap_or(3)
            .max(4);
        let _ = write!(out, "{:<width$}", "");
        let first = usize::from(self.first_inning.unwrap_or(1));
        for i in first..first + innings {
            let _ = write!(out, "{i:>3}");
        }
        let _ = writeln!(out, "   {:>3}{:>3}{:>3}", "R", "H", "E");
        for side in [Side::Away, Side::Home] {
            let l = &self.line[side.index()];
            let _ = write!(out, "{:<width$}", self.card.side(side).code);
            for i in 0..innings {
                match l.innings.get(i) {
                    Some(r) => {
                        let _ = write!(out, "{r:>3}");
                    }
                    None => {
                        let _ = write!(out, "{unplayed:>3}");
                    }
                }
            }
            let _ = writeln!(out, "   {:>3}{:>3}{:>3}", l.r, l.h, l.e);
        }
    }

    fn render_batting(&self, side: Side, out: &mut String) {
        let lineup = self.card.side(side);
        let width = name_width(self.card);
        let _ = writeln!(
            out,
            "{:<width$}{:>4}{:>4}{:>4}{:>4}{:>4}{:>4}",
            lineup.team, "AB", "R", "H", "RBI", "BB", "SO"
        );
        let row = |out: &mut String, name: &str, b: &Batting| {
            let _ = writeln!(
                out,
                "{name:<width$}{:>4}{:>4}{:>4}{:>4}{:>4}{:>4}",
                b.ab, b.r, b.h, b.rbi, b.bb, b.so
            );
        };
        for slot in &self.batting[side.index()] {
            for (i, r) in slot.iter().enumerate() {
                // Substitutes are indented under the player they replaced.
                let indent = if i == 0 { "" } else { "  " };
                row(out, &format!("{indent}{} {}", r.name, r.position), &r.line);
            }
        }
        row(out, "Totals", &self.batting_total(side));
    }

    fn render_pitching(&self, out: &mut String) {
        let width = name_width(self.card);
        let _ = writeln!(
            out,
            "{:<width$}{:>5}{:>4}{:>4}{:>4}{:>4}",
            "Pitching", "IP", "H", "R", "BB", "SO"
        );
        for side in [Side::Away, Side::Home] {
            let code = &self.card.side(side).code;
            for r in &self.pitching[side.index()] {
                let p = &r.line;
                let _ = writeln!(
                    out,
                    "{:<width$}{:>5}{:>4}{:>4}{:>4}{:>4}",
                    format!("{}, {code}", r.name),
                    p.innings(),
                    p.h,
                    p.r,
                    p.bb,
                    p.so
                );
            }
        }
    }

    /// `2B: ...`, `HR: ...`, `SB: ...`, `SF: ...`, `E: ...`, `LOB: ...`.
    fn notes(&self) -> String {
        let mut out = String::new();
        let stats: [(&str, Stat); 5] = [
            ("2B", |b| b.doubles),
            ("3B", |b| b.triples),
            ("HR", |b| b.hr),
            ("SB", |b| b.sb),
            ("SF", |b| b.sf),
        ];
        for (label, get) in stats {
            let mut names = Vec::new();
            for side in [Side::Away, Side::Home] {
                for r in self.batting(side) {
                    let n = get(&r.line);
                    if n > 0 {
                        names.push(counted(&r.name, n));
                    }
                }
            }
            if !names.is_empty() {
                let _ = writeln!(out, "{label}: {}.", names.join(", "));
            }
        }
        let mut errors = Vec::new();
        for side in [Side::Away, Side::Home] {
            for (i, &n) in self.errors[side.index()].iter().enumerate() {
                if n > 0 {
                    errors.push(counted(&self.fielder(side, i as u8 + 1), n));
                }
            }
        }
        if !errors.is_empty() {
            let _ = writeln!(out, "E: {}.", errors.join(", "));
        }
        let _ = writeln!(
            out,
            "LOB: {} {}, {} {}.",
            self.card.side(Side::Away).code,
            self.line[Side::Away.index()].lob,
            self.card.side(Side::Home).code,
            self.line[Side::Home.index()].lob
        );
        out
    }

    /// The player at a fielding position (1-9): the lineup's batter who
    /// plays it, else the pitcher for 1, else the position.
    fn fielder(&self, side: Side, number: u8) -> String {
        let lineup = self.card.side(side);
        let code = POSITIONS[usize::from(number.clamp(1, 9) - 1)];
        if number == 1 {
            return lineup.pitcher.clone();
        }
        lineup
            .batters
            .iter()
            .find(|b| b.position == code)
            .map_or_else(|| format!("{} {code}", lineup.code), |b| b.name.clone())
    }
}

/// The side at bat in a half inning.
fn batting(half: Half) -> Side {
    match half {
        Half::Top => Side::Away,
        Half::Bottom => Side::Home,
    }
}

/// One count of a batting line, for the notes.
type Stat = fn(&Batting) -> u32;

fn counted(name: &str, n: u32) -> String {
    if n == 1 {
        name.to_string()
    } else {
        format!("{name} ({n})")
    }
}

/// Wide enough for every name and position, and for the team names.
fn name_width(card: &Scorecard) -> usize {
    [Side::Away, Side::Home]
        .iter()
        .flat_map(|&s| {
            let l = card.side(s);
            l.batters
                .iter()
                .map(|b| b.name.len() + 1 + b.position.len())
                .chain([l.team.len(), l.pitcher.len() + 2 + l.code.len()])
                .collect::<Vec<_>>()
        })
        .max()
        .unwrap_or(20)
        + 2
}
