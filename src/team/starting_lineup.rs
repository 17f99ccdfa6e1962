//! `StartingLineup`: the lineup builder. Given a roster and the ruleset's
//! `lineup.rules` (pro.lineup, major.1.3.lineup), it picks the starters
//! (one per position, a pitcher who may start, a DH when the game allows
//! one and he is worth it) whose ratings add up to the most while their
//! star quality stays within the cap, and bats them best hitter first.
//!
//! The choice is exact for the ratings of `Rating`: a table of the best
//! value each tail of the positions can reach on each star budget bounds a
//! depth-first search, which only has to look further where a player with
//! two cards (MAJOR) would otherwise start twice. A roster with no legal
//! lineup gets one diagnostic saying why: a position nobody plays, no
//! pitcher who may start, or the cheapest nine over the cap.

use std::collections::HashSet;

use super::card::PlayerCard;
use super::lineup::{Lineup, Slot};
use super::rating::Rating;
use super::role::Role;
use super::team_rules::TeamRules;
use crate::diagnostic::Diagnostic;

/// A starting lineup the builder proposes for a roster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartingLineup {
    /// The lineup, indexes into the roster it was built from.
    pub lineup: Lineup,
    /// The sum of the starters' ratings as they play (`Rating::as_starter`).
    pub value: i32,
    /// The sum of the starters' star quality.
    pub star: u32,
}

/// One position to fill: who may take it, and what each is worth there.
struct Position {
    plays: Role,
    /// `(index in the roster, value, star)`, best first.
    candidates: Vec<(usize, i32, u8)>,
}

impl StartingLineup {
    /// The best legal starting lineup of `players` under `rules`, or why
    /// there is none. With the `dh` option on, a lineup with the DH batting
    /// and one with the pitcher batting are both tried, and the better kept.
    pub fn build(players: &[PlayerCard], rules: &TeamRules) -> Result<StartingLineup, Diagnostic> {
        let without = Self::build_with(players, rules, false);
        let has_dh = players.iter().any(|c| c.role == Role::DesignatedHitter);
        if !(rules.dh && has_dh) {
            return without;
        }
        match (Self::build_with(players, rules, true), without) {
            (Ok(with), Ok(without)) if without.value > with.value => Ok(without),
            (Ok(with), _) => Ok(with),
            (Err(_), without) => without,
        }
    }

    /// The best lineup with or without a DH batting.
    fn build_with(
        players: &[PlayerCard],
        rules: &TeamRules,
        dh: bool,
    ) -> Result<StartingLineup, Diagnostic> {
        let clause = &rules.lineup.clause;
        let cap = usize::from(rules.lineup.value.star_quality_max);
        let positions = positions(players, rules, dh);
        let empty: Vec<Role> = positions
            .iter()
            .filter(|p| p.candidates.is_empty())
            .map(|p| p.plays)
            .collect();
        if !empty.is_empty() {
            return Err(nobody_plays(&empty, rules));
        }
        let bound = bounds(&positions, cap);
        if bound[0][cap].is_none() {
            let terms: Vec<String> = positions
                .iter()
                .map(|p| {
                    let low = p.candidates.iter().map(|c| c.2).min().unwrap_or(0);
                    format!("{} {low}", p.plays)
                })
                .collect();
            let total: u32 = positions
                .iter()
                .map(|p| {
                    p.candidates
                        .iter()
                        .map(|c| u32::from(c.2))
                        .min()
                        .unwrap_or(0)
                })
                .sum();
            return Err(Diagnostic::error(format!(
                "{clause}: no starting lineup of this roster fits the star cap: the cheapest adds up to {total}, over {cap}"
            ))
            .hint(format!("the cheapest at each position: {} = {total}", terms.join(" + ")))
            .hint("a roster needs cheaper players at some positions"));
        }
        let mut search = Search {
            players,
            positions: &positions,
            bound: &bound,
            chosen: Vec::with_capacity(positions.len()),
            names: HashSet::new(),
            best: None,
        };
        search.run(0, cap, 0);
        let Some((chosen, value)) = search.best else {
            return Err(Diagnostic::error(format!(
                "{clause}: no starting lineup of this roster fits the star cap with every player starting once"
            ))
            .hint("a player with two cards starts in one role only"));
        };
        Ok(assemble(players, &positions, &chosen, value))
    }
}

/// The positions to fill: the pitcher, each of `lineup.rules`' positions,
/// and the DH when one bats.
fn positions(players: &[PlayerCard], rules: &TeamRules, dh: bool) -> Vec<Position> {
    let mut plays = vec![Role::Pitcher];
    plays.extend(rules.lineup.value.positions.iter().copied());
    if dh {
        plays.push(Role::DesignatedHitter);
    }
    plays
        .into_iter()
        .map(|role| {
            let mut candidates: Vec<(usize, i32, u8)> = players
                .iter()
                .enumerate()
                .filter(|(_, c)| match role {
                    Role::Pitcher => rules.may_start_pitching(c),
                    _ => !c.is_pitcher() && c.role == role,
                })
                .map(|(i, c)| {
                    let bats = role != Role::Pitcher || !dh;
                    (i, Rating::of(c).as_starter(role, bats), c.star)
                })
                .collect();
            candidates.sort_by_key(|&(i, value, _)| (std::cmp::Reverse(value), players[i].number));
            Position {
                plays: role,
                candidates,
            }
        })
        .collect()
}

/// `bound[i][s]`: the most the positions from `i` on can add with at most
/// `s` star quality among them (players with two cards ignored), `None`
/// when they cannot all be filled on `s`.
fn bounds(positions: &[Position], cap: usize) -> Vec<Vec<Option<i32>>> {
    let mut bound = vec![vec![None; cap + 1]; positions.len() + 1];
    bound[positions.len()] = vec![Some(0); cap + 1];
    for i in (0..positions.len()).rev() {
        for s in 0..=cap {
            bound[i][s] = positions[i]
                .candidates
                .iter()
                .filter_map(|&(_, value, star)| {
                    let rest = s.checked_sub(usize::from(star))?;
                    Some(value + bound[i + 1][rest]?)
                })
                .max();
        }
    }
    bound
}

/// The depth-first search for the best lineup, bounded by `bound`.
struct Search<'a> {
    players: &'a [PlayerCard],
    positions: &'a [Position],
    bound: &'a [Vec<Option<i32>>],
    /// The candidate chosen at each position so far (indexes into the roster).
    chosen: Vec<usize>,
    /// The names starting so far (a player with two cards starts once).
    names: HashSet<&'a str>,
    best: Option<(Vec<usize>, i32)>,
}

impl<'a> Search<'a> {
    fn run(&mut self, i: usize, left: usize, value: i32) {
        let Some(position) = self.positions.get(i) else {
            if self.best.as_ref().is_none_or(|(_, v)| value > *v) {
                self.best = Some((self.chosen.clone(), value));
            }
            return;
        };
        for &(card, worth, star) in &position.candidates {
            let Some(rest) = left.checked_sub(usize::from(star)) else {
                continue;
            };
            let Some(tail) = self.bound[i + 1][rest] else {
                continue;
            };
            if self
                .best
                .as_ref()
                .is_some_and(|(_, v)| value + worth + tail <= *v)
            {
                continue;
            }
            let name = self.players[card].name.trim();
            if !self.names.insert(name) {
                continue;
            }
            self.chosen.push(card);
            self.run(i + 1, rest, value + worth);
            self.chosen.pop();
            self.names.remove(name);
        }
    }
}

/// The lineup of the chosen starters, best hitter first.
fn assemble(
    players: &[PlayerCard],
    positions: &[Position],
    chosen: &[usize],
    value: i32,
) -> StartingLineup {
    let with_dh = positions.iter().any(|p| p.plays == Role::DesignatedHitter);
    let mut batters: Vec<Slot> = Vec::with_capacity(9);
    let mut pitcher = None;
    for (position, &card) in positions.iter().zip(chosen) {
        if position.plays == Role::Pitcher && with_dh {
            pitcher = Some(card);
        } else {
            batters.push(Slot {
                player: card,
                role: position.plays,
            });
        }
    }
    batters.sort_by_key(|s| {
        let card = &players[s.player];
        (std::cmp::Reverse(Rating::of(card).batting), card.number)
    });
    let lineup = Lineup {
        order: batters,
        pitcher,
    };
    let star = lineup.star_sum(players);
    StartingLineup {
        lineup,
        value,
        star,
    }
}

/// Why positions cannot be filled: "the roster has no catcher".
fn nobody_plays(empty: &[Role], rules: &TeamRules) -> Diagnostic {
    let clause = &rules.lineup.clause;
    let fielders: Vec<&str> = empty
        .iter()
        .filter(|r| **r != Role::Pitcher)
        .map(|r| r.noun())
        .collect();
    let mut parts = Vec::new();
    if empty.contains(&Role::Pitcher) {
        let may: Vec<&str> = rules
            .lineup
            .value
            .starting_pitcher
            .iter()
            .map(|r| r.code())
            .collect();
        parts.push(format!(
            "no pitcher who may start (a starting pitcher is {})",
            may.join(" or ")
        ));
    }
    if !fielders.is_empty() {
        parts.push(format!("no {}", fielders.join(", no ")));
    }
    Diagnostic::error(format!(
        "{clause}: no starting lineup: the roster has {}",
        parts.join(", and ")
    ))
    .hint("a starting lineup needs one player for every position and a pitcher")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;
    use crate::team::{Team, check_team, load_team};

    fn rules(name: &str, settings: &[&str]) -> (Ruleset, TeamRules) {
        let ruleset = Ruleset::load(name).expect("a built-in ruleset");
        let settings: Vec<String> = settings.iter().map(|s| s.to_string()).collect();
        let options = ruleset.option_values(&settings).expect("good settings");
        let rules = TeamRules::new(&ruleset, &options).expect("team rules");
        (ruleset, rules)
    }

    fn with_lineup(mut team: Team, lineup: Lineup) -> Team {
        team.lineup = Some(lineup);
        team.source = None;
        team
    }

    #[test]
    fn the_sample_rosters_get_lineups_the_pro_check_accepts() {
        for settings in [&[][..], &["dh=false"][..]] {
            let (ruleset, rules) = rules("pro", settings);
            let options = ruleset
                .option_values(&settings.iter().map(|s| s.to_string()).collect::<Vec<_>>())
                .expect("good settings");
            for name in ["falchi", "corsari"] {
                let team = load_team(name).expect("a sample team");
                let built = StartingLineup::build(&team.players, &rules).expect("a lineup");
                assert!(built.star <= 30, "{name}: star {}", built.star);
                assert_eq!(built.lineup.has_dh(), rules.dh, "{name} {settings:?}");
                let team = with_lineup(team, built.lineup);
                let problems = check_team(&team, &ruleset, &options);
                assert!(problems.is_empty(), "{name}:\n{}", problems.render_plain());
            }
        }
    }

    #[test]
    fn best_hitters_bat_first_and_the_pitcher_last() {
        let (_, rules) = rules("pro", &["dh=false"]);
        let team = load_team("corsari").expect("a sample team");
        let built = StartingLineup::build(&team.players, &rules).expect("a lineup");
        let batting: Vec<i32> = built
            .lineup
            .order
            .iter()
            .map(|s| Rating::of(&team.players[s.player]).batting)
            .collect();
        assert!(batting.windows(2).all(|w| w[0] >= w[1]), "{batting:?}");
        assert_eq!(built.lineup.order[8].role, Role::Pitcher);
    }

    #[test]
    fn the_star_cap_binds() {
        let (_, rules) = rules("pro", &[]);
        let team = load_team("falchi").expect("a sample team");
        // The best player at every position would add up to 37.
        let built = StartingLineup::build(&team.players, &rules).expect("a lineup");
        assert!(built.star <= 30);
        let mut loose = rules.clone();
        loose.lineup.value.star_quality_max = 60;
        let free = StartingLineup::build(&team.players, &loose).expect("a lineup");
        assert!(
            free.value > built.value,
            "a looser cap buys better starters"
        );
        assert!(free.star > 30);
    }

    #[test]
    fn no_lineup_fits_an_expensive_roster() {
        let (_, rules) = rules("pro", &[]);
        let mut team = load_team("falchi").expect("a sample team");
        for card in &mut team.players {
            card.star = 4;
        }
        let err = StartingLineup::build(&team.players, &rules).unwrap_err();
        assert!(
            err.message
                .starts_with("pro.lineup: no starting lineup of this roster fits the star cap"),
            "{err:?}"
        );
        assert!(err.message.contains("adds up to 36, over 30"), "{err:?}");
        assert!(err.hints[0].contains("P 4 + C 4"), "{err:?}");
    }

    #[test]
    fn a_missing_position_is_named() {
        let (_, rules) = rules("pro", &[]);
        let mut team = load_team("falchi").expect("a sample team");
        team.players
            .retain(|c| c.role != Role::Catcher && c.role != Role::Shortstop);
        let err = StartingLineup::build(&team.players, &rules).unwrap_err();
        assert_eq!(
            err.message,
            "pro.lineup: no starting lineup: the roster has no catcher, no shortstop"
        );
        team.players.retain(|c| !c.is_pitcher());
        let err = StartingLineup::build(&team.players, &rules).unwrap_err();
        assert!(
            err.message
                .contains("no pitcher who may start (a starting pitcher is P), and no catcher"),
            "{err:?}"
        );
    }

    #[test]
    fn a_player_with_two_cards_starts_once() {
        let (_, rules) = rules("major", &[]);
        let mut team = load_team("corsari").expect("a sample team");
        // Make the best 1B and the DH one player: only one of them starts.
        let dh = team
            .players
            .iter()
            .position(|c| c.role == Role::DesignatedHitter)
            .expect("a DH");
        let first = team
            .players
            .iter()
            .position(|c| c.number == 36)
            .expect("Sal Gargano");
        team.players[dh].name = team.players[first].name.clone();
        let built = StartingLineup::build(&team.players, &rules).expect("a lineup");
        let starters = built.lineup.starters();
        assert!(!(starters.contains(&dh) && starters.contains(&first)));
    }

    #[test]
    fn major_starts_no_reliever() {
        let (_, rules) = rules("major", &[]);
        let team = load_team("falchi").expect("a sample team");
        let built = StartingLineup::build(&team.players, &rules).expect("a lineup");
        let pitcher = built.lineup.starting_pitcher().expect("a pitcher");
        assert!(rules.may_start_pitching(&team.players[pitcher]));
    }
}
