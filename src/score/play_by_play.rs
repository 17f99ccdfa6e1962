//! `PlayByPlay`: the sink that writes a game as a scorer reads it aloud.
//! One line per plate appearance, then one per runner who scored, was put
//! out or moved up on it, and one per steal; every line shows the inning
//! (`T1`, `B1`), the outs, the runners on base (`1-3`, `---`) and the score
//! once it has happened. Half innings open with a heading and close with
//! their runs, hits, errors and runners left on base. docs/notation.md
//! describes the notation with an example.

use std::fmt::Write as _;

use super::scorecard::Scorecard;
use super::scorekeeper::{HalfSummary, Line, Record, Scorekeeper, Situation};
use crate::engine::{Event, Half, POSITIONS, Side};
use crate::field::Field;

/// Width of the name column.
const NAME: usize = 24;

/// How a line names its player.
#[derive(Debug, Clone, Copy)]
enum Name {
    /// A batter: name and position.
    WithPosition,
    /// A runner on the play above: indented.
    Indented,
    /// A runner on his own (a steal).
    Plain,
}

/// Writes the play-by-play of the events it is given.
#[derive(Debug, Clone)]
pub struct PlayByPlay<'a> {
    scorer: Scorekeeper<'a>,
    /// The names as they stand now (substitutes replace starters).
    card: Scorecard,
    records: Vec<Record>,
    text: String,
    /// A half inning's heading waits for the changes made before its first
    /// pitch, so it names the pitcher who takes the mound; the changes'
    /// lines follow it.
    heading: Option<(u8, Half)>,
    changes: Vec<String>,
}

impl<'a> PlayByPlay<'a> {
    /// A play-by-play of a game on `field` between the sides of `card`.
    pub fn new(field: &'a Field, card: &'a Scorecard) -> Self {
        Self {
            scorer: Scorekeeper::new(field),
            card: card.clone(),
            records: Vec::new(),
            text: String::new(),
            heading: None,
            changes: Vec::new(),
        }
    }

    /// Reads one event.
    pub fn event(&mut self, event: &Event) {
        self.scorer.event(event, &mut self.records);
        for record in std::mem::take(&mut self.records) {
            self.write(&record);
        }
    }

    /// The play-by-play so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The play-by-play, once the game is over.
    pub fn finish(self) -> String {
        self.text
    }

    fn write(&mut self, record: &Record) {
        if !matches!(record, Record::Substitution { .. }) {
            self.flush_heading();
        }
        match record {
            Record::HalfStarted { inning, half } => self.heading = Some((*inning, *half)),
            Record::Appearance(pa) => {
                for line in &pa.lines {
                    let style = if line.runner {
                        Name::Indented
                    } else {
                        Name::WithPosition
                    };
                    self.line(pa.side, line, style);
                }
            }
            Record::Substitution {
                side,
                name,
                replaced,
                slot,
                position,
            } => {
                let what = if *position == Some(0) {
                    "Pitching change"
                } else {
                    "Substitution"
                };
                let role = position.map_or("DH", |p| POSITIONS[usize::from(p) % 9]);
                let line = format!(
                    "    {what}, {}: {name} ({role}) replaces {replaced}\n",
                    self.card.side(*side).code
                );
                self.card.substitute(*side, name, *slot, *position);
                if self.heading.is_some() {
                    self.changes.push(line);
                } else {
                    self.text.push_str(&line);
                }
            }
            Record::Steal { side, line, .. } => self.line(*side, line, Name::Plain),
            Record::Run { side, line } => self.line(*side, line, Name::Indented),
            Record::HalfEnded(summary) => self.half_ended(summary),
            Record::GameOver {
                home,
                away,
                innings,
            } => {
                let (h, a) = (self.card.side(Side::Home), self.card.side(Side::Away));
                let _ = writeln!(
                    self.text,
                    "\nFinal: {} {away}, {} {home}{}",
                    a.team,
                    h.team,
                    if *innings == 9 {
                        String::new()
                    } else {
                        format!(" ({innings} innings)")
                    }
                );
            }
        }
    }

    /// Writes the pending half-inning heading, then the changes made
    /// before its first pitch.
    fn flush_heading(&mut self) {
        let Some((inning, half)) = self.heading.take() else {
            return;
        };
        let (bat, field) = match half {
            Half::Top => (Side::Away, Side::Home),
            Half::Bottom => (Side::Home, Side::Away),
        };
        if !self.text.is_empty() {
            self.text.push('\n');
        }
        let _ = writeln!(
            self.text,
            "{} of the {}: {} batting, {} pitching for {}",
            match half {
                Half::Top => "Top",
                Half::Bottom => "Bottom",
            },
            ordinal(inning),
            self.card.side(bat).team,
            self.card.side(field).pitcher,
            self.card.side(field).team,
        );
        for line in std::mem::take(&mut self.changes) {
            self.text.push_str(&line);
        }
    }

    fn line(&mut self, side: Side, line: &Line, style: Name) {
        let batter = self.card.batter(side, line.slot);
        let name = match style {
            Name::WithPosition => format!("{} {}", batter.name, batter.position),
            Name::Indented => format!("  {}", batter.name),
            Name::Plain => batter.name.clone(),
        };
        let _ = writeln!(
            self.text,
            "{}  {:<NAME$} {:<7} {}",
            self.situation(&line.after),
            name,
            line.notation,
            line.words
        );
    }

    /// `T1  1 out  1-3  POR 0-2 VAL`.
    fn situation(&self, s: &Situation) -> String {
        format!(
            "{}{:<2} {} out  {}  {}",
            match s.half {
                Half::Top => 'T',
                Half::Bottom => 'B',
            },
            s.inning,
            s.outs,
            s.bases(),
            self.score(s.score)
        )
    }

    fn score(&self, score: [u32; 2]) -> String {
        format!(
            "{} {:>2}-{:<2} {}",
            self.card.side(Side::Away).code,
            score[Side::Away.index()],
            score[Side::Home.index()],
            self.card.side(Side::Home).code
        )
    }

    fn half_ended(&mut self, s: &HalfSummary) {
        let plural = |n: u32, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let _ = writeln!(
            self.text,
            "End of the {} of the {}: {}, {}, {}, {} left on base; {}",
            s.half.word(),
            ordinal(s.inning),
            plural(u32::from(s.runs), "run"),
            plural(s.hits, "hit"),
            plural(s.errors, "error"),
            s.left_on_base,
            self.score(s.score)
        );
    }
}

/// 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st.
pub(crate) fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EventKind, Landing, Lie, OutHow};
    use crate::field::load_field;
    use crate::team::load_team;

    /// The half inning docs/notation.md shows, as events.
    fn example_events(field: &Field) -> Vec<Event> {
        use EventKind as K;
        let sq = |d, dist| field.square_at(d, dist);
        let hit = |direction, distance: u8, landing| K::Hit {
            direction,
            distance: i32::from(distance),
            landing,
            square: if landing == Landing::HomeRun {
                None
            } else {
                sq(direction, distance)
            },
        };
        let ran = |slot, from, to| K::Ran { slot, from, to };
        let up = |slot| K::BatterUp {
            side: Side::Away,
            slot,
        };
        let kinds = vec![
            K::HalfStarted {
                inning: 3,
                half: Half::Top,
            },
            up(0),
            K::Walk { slot: 0 },
            ran(0, 0, 5),
            up(1),
            K::Stole {
                slot: 0,
                from: 5,
                to: 10,
            },
            hit(2, 3, Landing::Field),
            K::Lies {
                lie: Lie::Ground,
                chosen: false,
            },
            ran(1, 0, 3),
            ran(0, 10, 13),
            K::Out {
                slot: 1,
                how: OutHow::Force,
                fielders: vec![6, 3].into(),
            },
            ran(0, 13, 15),
            K::PlayEnded { batter_reached: 0 },
            up(2),
            hit(4, 9, Landing::Field),
            K::Lies {
                lie: Lie::Fly,
                chosen: false,
            },
            K::Fielded {
                fielder: 7,
                how: "catch",
                need: 3,
                roll: 5,
                success: true,
            },
            K::Out {
                slot: 2,
                how: OutHow::Caught,
                fielders: vec![8].into(),
            },
            ran(0, 15, 20),
            K::Scored { slot: 0 },
            K::PlayEnded { batter_reached: 0 },
            up(3),
            hit(2, 7, Landing::Field),
            K::Lies {
                lie: Lie::Fly,
                chosen: false,
            },
            ran(3, 0, 5),
            K::PlayEnded { batter_reached: 1 },
            up(4),
            hit(5, 8, Landing::Field),
            K::Lies {
                lie: Lie::Fly,
                chosen: false,
            },
            K::Fielded {
                fielder: 8,
                how: "catch",
                need: 4,
                roll: 2,
                success: false,
            },
            K::Dropped,
            ran(3, 5, 10),
            ran(4, 0, 5),
            ran(3, 10, 15),
            K::PlayEnded { batter_reached: 1 },
            up(5),
            hit(3, 13, Landing::HomeRun),
            ran(3, 15, 20),
            ran(4, 5, 20),
            ran(5, 0, 20),
            K::Scored { slot: 3 },
            K::Scored { slot: 4 },
            K::Scored { slot: 5 },
            K::PlayEnded { batter_reached: 4 },
            up(6),
            hit(3, 6, Landing::Field),
            K::Lies {
                lie: Lie::Ground,
                chosen: false,
            },
            ran(6, 0, 5),
            K::PlayEnded { batter_reached: 1 },
            up(7),
            hit(5, 3, Landing::Field),
            K::Lies {
                lie: Lie::Ground,
                chosen: false,
            },
            ran(7, 0, 4),
            ran(6, 5, 8),
            K::Out {
                slot: 6,
                how: OutHow::Force,
                fielders: vec![4, 6].into(),
            },
            K::PlayEnded { batter_reached: 0 },
            K::HalfEnded { runs: 4 },
        ];
        kinds
            .into_iter()
            .map(|kind| Event { rule: "test", kind })
            .collect()
    }

    #[test]
    fn the_example_of_the_notation_page_is_what_the_play_by_play_writes() {
        let field = load_field("classic").unwrap();
        let card = Scorecard::new(
            &load_team("falchi").unwrap(),
            &load_team("corsari").unwrap(),
        );
        let mut pbp = PlayByPlay::new(&field, &card);
        for e in example_events(&field) {
            pbp.event(&e);
        }
        let text = pbp.finish();
        let page = include_str!("../../docs/notation.md");
        assert!(
            page.contains(&text),
            "docs/notation.md does not show this example:\n{text}"
        );
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal).to_vec();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
            ]
        );
    }
}
