//! `Lineup`: a starting team in batting order (pro.lineup,
//! major.1.3.lineup). With a DH, nine batters including the DH plus a
//! starting pitcher who does not bat; without, nine batters including the
//! pitcher, whose slot is where the face-down DH card lies.

use serde::{Deserialize, Serialize};

use super::PlayerCard;
use super::role::Role;

/// One batting slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    /// Index of the card in `Team::players`.
    pub player: usize,
    /// The role the player takes, as written in the lineup.
    pub role: Role,
}

/// A starting lineup.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Lineup {
    /// The batting order, leadoff first.
    pub order: Vec<Slot>,
    /// With a DH: the starting pitcher (index in `Team::players`), who does
    /// not bat. Without a DH the pitcher is the `P` slot of the order.
    pub pitcher: Option<usize>,
}

impl Lineup {
    /// Whether the lineup uses a designated hitter.
    pub fn has_dh(&self) -> bool {
        self.order.iter().any(|s| s.role == Role::DesignatedHitter)
    }

    /// The starting pitcher: the separate `pitcher` with a DH, else the
    /// pitcher's batting slot.
    pub fn starting_pitcher(&self) -> Option<usize> {
        self.pitcher.or_else(|| {
            self.order
                .iter()
                .find(|s| s.role.is_pitcher())
                .map(|s| s.player)
        })
    }

    /// Every starter once: the batters in order, then a non-batting pitcher.
    pub fn starters(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self.order.iter().map(|s| s.player).collect();
        if let Some(p) = self.pitcher
            && !out.contains(&p)
        {
            out.push(p);
        }
        out
    }

    /// The sum of the starters' star quality (cards out of range count 0).
    pub fn star_sum(&self, players: &[PlayerCard]) -> u32 {
        self.starters()
            .into_iter()
            .filter_map(|i| players.get(i))
            .map(|c| u32::from(c.star))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pitcher_bats_without_a_dh() {
        let lineup = Lineup {
            order: vec![
                Slot {
                    player: 4,
                    role: Role::Catcher,
                },
                Slot {
                    player: 2,
                    role: Role::Pitcher,
                },
            ],
            pitcher: None,
        };
        assert!(!lineup.has_dh());
        assert_eq!(lineup.starting_pitcher(), Some(2));
        assert_eq!(lineup.starters(), vec![4, 2]);
    }

    #[test]
    fn with_a_dh_the_pitcher_is_an_extra_starter() {
        let lineup = Lineup {
            order: vec![Slot {
                player: 7,
                role: Role::DesignatedHitter,
            }],
            pitcher: Some(1),
        };
        assert!(lineup.has_dh());
        assert_eq!(lineup.starting_pitcher(), Some(1));
        assert_eq!(lineup.starters(), vec![7, 1]);
    }
}
