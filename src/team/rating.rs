//! `Rating`: what a Player card is worth to a manager, in whole points, for
//! the choices the rules leave to him: which cards to draft, which starters
//! to field under the star cap, where each bats. A heuristic, not a rule:
//! the rulebook says nothing of how good a card is, so these weights are
//! the program's judgement (docs/teams.md) and may change freely, since no
//! game outcome depends on them, only the teams the helpers propose.
//!
//! Points are integers so that every choice built on them (and every tie,
//! broken by card number) is the same on every machine.

use super::card::{Abilities, PlayerCard, ThrowTarget};
use super::role::Role;

/// Ratings of one card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rating {
    /// At bat: the batting values F, C, D (4 points each: every point adds
    /// to the hit's distance against one pitch type) and the base run
    /// (2 points per circle).
    pub batting: i32,
    /// In the field: 2 points per action point, and for each throw the card
    /// can make its chance of reaching the target with one die (7 minus the
    /// minimum, at least 0).
    pub fielding: i32,
    /// On the mound: 5 points per pitching value (each one subtracts from
    /// every hit's distance); 0 for a card that does not pitch.
    pub pitching: i32,
}

/// What one point of star quality costs a starter, in rating points: the
/// cap makes stars a budget, and on the sample cards one star buys about
/// one batting or pitching value.
pub const STAR_COST: i32 = 4;

impl Rating {
    /// The ratings of a card.
    pub fn of(card: &PlayerCard) -> Rating {
        let throws: i32 = ThrowTarget::ALL
            .into_iter()
            .filter_map(|t| card.throws.minimum(t))
            .map(|m| (7 - i32::from(m)).max(0))
            .sum();
        Rating {
            batting: 4 * sum(&card.bat) + 2 * i32::from(card.run),
            fielding: 2 * i32::from(card.action) + throws,
            pitching: card.pitch.as_ref().map_or(0, |p| 5 * sum(p)),
        }
    }

    /// What the card is worth as a starter playing `plays`, batting or not
    /// (a pitcher does not bat when a DH bats for him; a DH never fields).
    pub fn as_starter(&self, plays: Role, bats: bool) -> i32 {
        let at_bat = if bats { self.batting } else { 0 };
        match plays.position() {
            Role::Pitcher => self.pitching + at_bat,
            Role::DesignatedHitter => at_bat,
            _ => at_bat + self.fielding,
        }
    }
}

/// F + C + D.
fn sum(a: &Abilities) -> i32 {
    a.lettered().into_iter().map(|(_, v)| i32::from(v)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::load_team;

    #[test]
    fn better_cards_rate_higher() {
        let falchi = load_team("falchi").expect("a sample team");
        let rate = |n| Rating::of(falchi.card(n).expect("a sample card"));
        // Vinnie Colaiacovo (DH, F 6 C 4 D 5) outhits Rudy Cavalcanti (2B, 2 2 2).
        assert!(rate(25).batting > rate(14).batting);
        // Rocco Tamburini (5 4 4) outpitches Teo Valsecchi (3 2 3).
        assert!(rate(1).pitching > rate(7).pitching);
        // A DH can throw nowhere and fields nothing.
        assert_eq!(
            rate(25).as_starter(Role::DesignatedHitter, true),
            rate(25).batting
        );
        assert_eq!(rate(14).pitching, 0);
    }

    #[test]
    fn a_pitcher_who_does_not_bat_is_worth_his_pitching() {
        let falchi = load_team("falchi").expect("a sample team");
        let ace = Rating::of(falchi.card(1).expect("a sample card"));
        assert_eq!(ace.as_starter(Role::Pitcher, false), ace.pitching);
        assert_eq!(
            ace.as_starter(Role::StartingPitcher, true),
            ace.pitching + ace.batting
        );
    }
}
