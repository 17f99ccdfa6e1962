//! `Season`: the totals of many finished games, as a league keeps them:
//! the standings (games, wins, losses, runs scored and allowed), and each
//! player's batting and pitching over the games he played, with the rates
//! scorers quote (AVG, OBP, SLG; runs allowed per nine innings, RA9,
//! since the box score does not tell earned runs from unearned ones).
//!
//! A team is known by its name and a player by his team and his name, so
//! the games of one team file, or of teams renamed between games, add up
//! as their names say.

use serde::Serialize;

use super::{Batting, BoxScore, Pitching, Scorecard};
use crate::engine::Side;

/// Standings and player totals over the games added so far.
#[derive(Debug, Clone, Default)]
pub struct Season {
    games: u32,
    teams: Vec<Team>,
    batters: Vec<Player<Batting>>,
    pitchers: Vec<Player<Pitching>>,
}

/// One team's standing.
#[derive(Debug, Clone, Serialize)]
struct Team {
    name: String,
    code: String,
    games: u32,
    won: u32,
    lost: u32,
    scored: u32,
    allowed: u32,
}

/// One player's totals: his team's code, his name, the games he appeared
/// in, his line over them.
#[derive(Debug, Clone, Serialize)]
struct Player<T> {
    #[serde(rename = "team")]
    code: String,
    name: String,
    games: u32,
    line: T,
}

/// A season's tables in their order (`Season::sorted`).
#[derive(Serialize)]
struct Sorted<'s> {
    games: u32,
    standings: Vec<&'s Team>,
    batting: Vec<&'s Player<Batting>>,
    pitching: Vec<&'s Player<Pitching>>,
}

/// The row of `name` of team `code` among `players`, added if new.
fn player<'p, T: Default>(players: &'p mut Vec<Player<T>>, code: &str, name: &str) -> &'p mut T {
    let at = match players
        .iter()
        .position(|p| p.code == code && p.name == name)
    {
        Some(at) => at,
        None => {
            players.push(Player {
                code: code.to_string(),
                name: name.to_string(),
                games: 0,
                line: T::default(),
            });
            players.len() - 1
        }
    };
    let p = &mut players[at];
    p.games += 1;
    &mut p.line
}

impl Season {
    /// No games yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many games were added.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Adds a game, its box score kept with `card`'s names; refused when
    /// it did not reach its end (no final score).
    pub fn add(&mut self, card: &Scorecard, box_score: &BoxScore<'_>) -> Result<(), String> {
        let Some([home, away]) = box_score.final_score() else {
            return Err("the game did not reach its end".to_string());
        };
        self.games += 1;
        for (side, runs, against) in [(Side::Home, home, away), (Side::Away, away, home)] {
            let lineup = card.side(side);
            let at = match self.teams.iter().position(|t| t.name == lineup.team) {
                Some(at) => at,
                None => {
                    self.teams.push(Team {
                        name: lineup.team.clone(),
                        code: lineup.code.clone(),
                        games: 0,
                        won: 0,
                        lost: 0,
                        scored: 0,
                        allowed: 0,
                    });
                    self.teams.len() - 1
                }
            };
            let team = &mut self.teams[at];
            team.games += 1;
            team.won += u32::from(runs > against);
            team.lost += u32::from(runs < against);
            team.scored += runs;
            team.allowed += against;
            let code = lineup.code.clone();
            for row in box_score.batting(side) {
                player(&mut self.batters, &code, &row.name).add(&row.line);
            }
            for row in box_score.pitching(side) {
                player(&mut self.pitchers, &code, &row.name).add(&row.line);
            }
        }
        Ok(())
    }

    /// The standings (most wins first, then the best run difference, then
    /// by name), then the batters and the pitchers of each team in the
    /// standings' order, those who batted or pitched most first.
    fn sorted(&self) -> Sorted<'_> {
        let mut teams: Vec<&Team> = self.teams.iter().collect();
        teams.sort_by(|a, b| {
            let diff = |t: &Team| i64::from(t.scored) - i64::from(t.allowed);
            b.won
                .cmp(&a.won)
                .then(diff(b).cmp(&diff(a)))
                .then(a.name.cmp(&b.name))
        });
        let team_rank = |code: &str| teams.iter().position(|t| t.code == code);
        let mut batting: Vec<&Player<Batting>> = self.batters.iter().collect();
        batting.sort_by(|a, b| {
            team_rank(&a.code)
                .cmp(&team_rank(&b.code))
                .then(b.line.pa.cmp(&a.line.pa))
                .then(a.name.cmp(&b.name))
        });
        let mut pitching: Vec<&Player<Pitching>> = self.pitchers.iter().collect();
        pitching.sort_by(|a, b| {
            team_rank(&a.code)
                .cmp(&team_rank(&b.code))
                .then(b.line.outs.cmp(&a.line.outs))
                .then(a.name.cmp(&b.name))
        });
        Sorted {
            games: self.games,
            standings: teams,
            batting,
            pitching,
        }
    }

    /// The season for machines: the counts of `render`'s tables, in its
    /// order, as pretty JSON with keys in a fixed order (the rates are
    /// left to the reader).
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(&self.sorted()).expect("a season serialises")
    }

    /// The season for people: the standings, the batters and the pitchers
    /// (`sorted`'s order) as aligned tables.
    pub fn render(&self) -> String {
        let Sorted {
            standings: teams,
            batting: batters,
            pitching: pitchers,
            ..
        } = self.sorted();
        let name_width = |names: &mut dyn Iterator<Item = usize>, least: usize| {
            names.max().unwrap_or(0).max(least)
        };

        let mut out = format!(
            "{} game{}\n\n",
            self.games,
            if self.games == 1 { "" } else { "s" }
        );
        let w = name_width(&mut teams.iter().map(|t| t.name.len()), 9);
        out.push_str(&format!(
            "{:<w$}  {:>3}  {:>3}  {:>3}  {:>5}  {:>4}  {:>4}\n",
            "Standings", "G", "W", "L", "PCT", "RS", "RA"
        ));
        for t in &teams {
            out.push_str(&format!(
                "{:<w$}  {:>3}  {:>3}  {:>3}  {:>5}  {:>4}  {:>4}\n",
                t.name,
                t.games,
                t.won,
                t.lost,
                rate(t.won, t.games),
                t.scored,
                t.allowed
            ));
        }

        let w = name_width(
            &mut batters.iter().map(|p| p.name.len() + p.code.len() + 3),
            7,
        );
        out.push_str(&format!(
            "\n{:<w$}  {:>3}  {:>4}  {:>4}  {:>3}  {:>3}  {:>3}  {:>3}  {:>3}  {:>3}  {:>3}  {:>3}  {:>3}  {:>5}  {:>5}  {:>5}\n",
            "Batting", "G", "PA", "AB", "R", "H", "2B", "3B", "HR", "RBI", "BB", "SO", "SB", "AVG",
            "OBP", "SLG"
        ));
        for p in &batters {
            let b = &p.line;
            let bases = b.h + b.doubles + 2 * b.triples + 3 * b.hr;
            out.push_str(&format!(
                "{:<w$}  {:>3}  {:>4}  {:>4}  {:>3}  {:>3}  {:>3}  {:>3}  {:>3}  {:>3}  {:>3}  {:>3}  {:>3}  {:>5}  {:>5}  {:>5}\n",
                format!("{} ({})", p.name, p.code),
                p.games,
                b.pa,
                b.ab,
                b.r,
                b.h,
                b.doubles,
                b.triples,
                b.hr,
                b.rbi,
                b.bb,
                b.so,
                b.sb,
                rate(b.h, b.ab),
                rate(b.h + b.bb, b.ab + b.bb + b.sf),
                rate(bases, b.ab),
            ));
        }

        let w = name_width(
            &mut pitchers.iter().map(|p| p.name.len() + p.code.len() + 3),
            8,
        );
        out.push_str(&format!(
            "\n{:<w$}  {:>3}  {:>6}  {:>4}  {:>4}  {:>3}  {:>3}  {:>5}\n",
            "Pitching", "G", "IP", "H", "R", "BB", "SO", "RA9"
        ));
        for p in &pitchers {
            let l = &p.line;
            out.push_str(&format!(
                "{:<w$}  {:>3}  {:>6}  {:>4}  {:>4}  {:>3}  {:>3}  {:>5}\n",
                format!("{} ({})", p.name, p.code),
                p.games,
                l.innings(),
                l.h,
                l.r,
                l.bb,
                l.so,
                per_nine(l.r, l.outs),
            ));
        }
        out
    }
}

/// A rate as scorers print it, `.333` (`1.000` for all, `-` for none of
/// none).
fn rate(part: u32, whole: u32) -> String {
    if whole == 0 {
        return "-".to_string();
    }
    // Thousandths rounded half up, in integers: the same on every
    // platform.
    let thousandths = (u64::from(part) * 2000 + u64::from(whole)) / (2 * u64::from(whole));
    if thousandths >= 1000 {
        format!("{}.{:03}", thousandths / 1000, thousandths % 1000)
    } else {
        format!(".{thousandths:03}")
    }
}

/// Runs per nine innings (27 outs), to two places (`-` without an out).
fn per_nine(runs: u32, outs: u32) -> String {
    if outs == 0 {
        return "-".to_string();
    }
    // Hundredths rounded half up, in integers.
    let hundredths = (u64::from(runs) * 2700 * 2 + u64::from(outs)) / (2 * u64::from(outs));
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_print_as_scorers_print_them() {
        assert_eq!(rate(1, 3), ".333");
        assert_eq!(rate(2, 3), ".667");
        assert_eq!(rate(0, 4), ".000");
        assert_eq!(rate(4, 4), "1.000");
        assert_eq!(rate(9, 4), "2.250");
        assert_eq!(rate(0, 0), "-");
        assert_eq!(per_nine(3, 27), "3.00");
        assert_eq!(per_nine(1, 2), "13.50");
        assert_eq!(per_nine(2, 26), "2.08");
        assert_eq!(per_nine(0, 0), "-");
    }
}
