//! `Scorecard`: the names a scorer writes at the top of the sheet. For each
//! side, the team's name and code, the nine batters in order with the
//! position each plays, and the pitcher. The engine knows batters only by
//! their batting slot (0..9); the scorecard turns a slot into a player.

use crate::engine::Side;
use crate::team::Team;

/// One batter of a lineup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batter {
    /// The player's name.
    pub name: String,
    /// The position he plays, as a scorer writes it (`CF`, `DH`, `P`).
    pub position: String,
}

/// One side's names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lineup {
    /// The team's full name.
    pub team: String,
    /// Its short code, for the line score (`VAL`).
    pub code: String,
    /// The batters by slot (always nine).
    pub batters: Vec<Batter>,
    /// The pitcher's name.
    pub pitcher: String,
}

/// Both sides' names, home first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scorecard {
    sides: [Lineup; 2],
}

impl Scorecard {
    /// The scorecard of a game between `home` and `away`. A team's default
    /// lineup gives the batting order (with a DH the pitcher does not bat);
    /// a team without one bats its first nine players in file order.
    pub fn new(home: &Team, away: &Team) -> Self {
        Self {
            sides: [lineup_of(home), lineup_of(away)],
        }
    }

    /// A scorecard with numbered placeholder names, for games without team
    /// files.
    pub fn anonymous() -> Self {
        let side = |team: &str, code: &str| Lineup {
            team: team.to_string(),
            code: code.to_string(),
            batters: (1..=9)
                .map(|i| Batter {
                    name: format!("{code} batter {i}"),
                    position: "-".to_string(),
                })
                .collect(),
            pitcher: format!("{code} pitcher"),
        };
        Self {
            sides: [side("Home", "HOM"), side("Guest", "GST")],
        }
    }

    /// One side's names.
    pub fn side(&self, side: Side) -> &Lineup {
        &self.sides[side.index()]
    }

    /// A player came in for another: he bats in the slot and plays the
    /// position (0..9) he took over (pro.substitution).
    pub fn substitute(&mut self, side: Side, name: &str, slot: Option<u8>, position: Option<u8>) {
        let lineup = &mut self.sides[side.index()];
        if let Some(batter) = slot.and_then(|s| lineup.batters.get_mut(usize::from(s))) {
            batter.name = name.to_string();
        }
        if position == Some(0) {
            lineup.pitcher = name.to_string();
        }
    }

    /// The batter in a slot of a side.
    pub fn batter(&self, side: Side, slot: u8) -> &Batter {
        let batters = &self.sides[side.index()].batters;
        &batters[usize::from(slot) % batters.len()]
    }
}

fn lineup_of(team: &Team) -> Lineup {
    let card = |i: usize| team.players.get(i);
    let mut batters: Vec<Batter> = match &team.lineup {
        Some(lineup) if !lineup.order.is_empty() => lineup
            .order
            .iter()
            .map(|slot| Batter {
                name: card(slot.player).map_or_else(|| "?".to_string(), |c| c.name.clone()),
                position: slot.role.code().to_string(),
            })
            .collect(),
        _ => team
            .players
            .iter()
            .take(9)
            .map(|c| Batter {
                name: c.name.clone(),
                position: c.position().code().to_string(),
            })
            .collect(),
    };
    // A short lineup still fills nine slots, so every slot has a name.
    let mut n = batters.len();
    while batters.len() < 9 {
        n += 1;
        batters.push(Batter {
            name: format!("{} batter {n}", team.code),
            position: "-".to_string(),
        });
    }
    batters.truncate(9);
    let pitcher = team
        .lineup
        .as_ref()
        .and_then(|l| l.starting_pitcher())
        .and_then(card)
        .or_else(|| team.players.iter().find(|c| c.is_pitcher()))
        .map_or_else(|| format!("{} pitcher", team.code), |c| c.name.clone());
    Lineup {
        team: team.name.clone(),
        code: team.code.clone(),
        batters,
        pitcher,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::load_team;

    #[test]
    fn the_sample_lineups_name_nine_batters_and_a_pitcher() {
        let card = Scorecard::new(
            &load_team("falchi").unwrap(),
            &load_team("corsari").unwrap(),
        );
        let home = card.side(Side::Home);
        assert_eq!(home.code, "VAL");
        assert_eq!(home.batters.len(), 9);
        // Falchi bat with a DH: the starting pitcher is not in the order.
        assert!(home.batters.iter().any(|b| b.position == "DH"));
        assert!(!home.batters.iter().any(|b| b.name == home.pitcher));
        // Corsari have no DH: their pitcher bats ninth.
        let away = card.side(Side::Away);
        assert_eq!(card.batter(Side::Away, 8).name, away.pitcher);
        assert_eq!(card.batter(Side::Away, 8).position, "P");
    }
}
