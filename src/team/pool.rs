//! `Pool`: the Player cards the managers prepare their teams from, the
//! base box of pro.draft and pro.draft.none. It is made of team files (the
//! shipped sample teams stand in for the base box's 50 cards) and keeps
//! their headers, so that a team the no-draft split hands out whole keeps
//! its name. Card numbers identify cards in the draft and the split, so
//! they must be unique across the pool.

use std::collections::{BTreeMap, HashMap};

use super::Team;
use super::card::PlayerCard;
use super::load::number_list;
use crate::diagnostic::{Diagnostic, Diagnostics};

/// The cards to prepare teams from.
#[derive(Debug, Clone, PartialEq)]
pub struct Pool {
    /// Every card, team by team in the order given, each team's in file order.
    pub cards: Vec<PlayerCard>,
    /// The teams the cards came from, without their lineups.
    pub teams: Vec<Team>,
}

impl Pool {
    /// The pool of these teams' cards. Two cards with one number are an
    /// error (every pair is reported).
    pub fn from_teams(teams: &[Team]) -> Result<Pool, Diagnostics> {
        let mut owner: HashMap<u32, usize> = HashMap::new();
        // The cards two teams share, by the pair of teams (first, second).
        let mut shared: BTreeMap<(usize, usize), Vec<PlayerCard>> = BTreeMap::new();
        for (t, team) in teams.iter().enumerate() {
            for card in &team.players {
                if let Some(first) = owner.insert(card.number, t) {
                    shared.entry((first, t)).or_default().push(card.clone());
                }
            }
        }
        if !shared.is_empty() {
            let problems = shared.into_iter().map(|((a, b), cards)| {
                let what = if cards.len() == 1 {
                    "card number"
                } else {
                    "card numbers"
                };
                let (a, b) = (&teams[a].name, &teams[b].name);
                let where_ = if a == b {
                    format!("twice in {a}")
                } else {
                    format!("in {a} and in {b}")
                };
                Diagnostic::error(format!(
                    "{what} {} {} {where_}: a pool's cards need different numbers",
                    number_list(&cards),
                    if cards.len() == 1 { "is" } else { "are" },
                ))
                .hint("the draft and the split tell cards apart by number; is a team named twice?")
            });
            return Err(Diagnostics(problems.collect()));
        }
        Ok(Pool {
            cards: teams.iter().flat_map(|t| t.players.clone()).collect(),
            teams: teams
                .iter()
                .map(|t| Team {
                    lineup: None,
                    ..t.clone()
                })
                .collect(),
        })
    }

    /// Whether any of its teams is shipped sample data (`sample: true`).
    pub fn sample(&self) -> bool {
        self.teams.iter().any(|t| t.sample)
    }

    /// The team of the pool whose cards are exactly `cards` (by number), if
    /// one is.
    pub fn team_of(&self, cards: &[PlayerCard]) -> Option<&Team> {
        let mut wanted: Vec<u32> = cards.iter().map(|c| c.number).collect();
        wanted.sort_unstable();
        self.teams.iter().find(|t| {
            let mut have: Vec<u32> = t.players.iter().map(|c| c.number).collect();
            have.sort_unstable();
            have == wanted
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::load_team;

    #[test]
    fn the_sample_teams_make_the_fifty_card_box() {
        let teams = [load_team("falchi").unwrap(), load_team("corsari").unwrap()];
        let pool = Pool::from_teams(&teams).expect("distinct numbers");
        assert_eq!(pool.cards.len(), 50);
        assert!(pool.sample());
        assert!(pool.teams.iter().all(|t| t.lineup.is_none()));
        let falchi: Vec<PlayerCard> = pool.cards[..25].to_vec();
        assert_eq!(pool.team_of(&falchi).map(|t| t.code.as_str()), Some("VAL"));
        assert!(pool.team_of(&pool.cards[..24]).is_none());
    }

    #[test]
    fn a_number_twice_is_reported() {
        let falchi = load_team("falchi").unwrap();
        let err = Pool::from_teams(&[falchi.clone(), falchi.clone()]).unwrap_err();
        assert_eq!(err.len(), 1);
        assert_eq!(
            err.0[0].message,
            "card numbers 1-25 are twice in Valdoro Falchi: a pool's cards need different numbers"
        );
        let mut one = load_team("corsari").unwrap();
        one.players[3].number = 7;
        let err = Pool::from_teams(&[falchi, one]).unwrap_err();
        assert_eq!(
            err.0[0].message,
            "card number 7 is in Valdoro Falchi and in Portolungo Corsari: a pool's cards need different numbers"
        );
    }
}
