//! A team as the regulation hooks see it: `Entries` turns the roster and a
//! lineup into plain Rhai values (an array of maps, one per card), so that
//! `roster.check` and `lineup.check` read a team without any engine type.
//! The keys of an entry are documented in docs/hooks.md.
//!
//! Entries are kept flat: Rhai's sandbox counts every map property inside
//! a value towards `Limits::max_map_size`, so card values that are lists
//! (F, C, D; the throw minimums) are arrays, and an entry holds 15
//! properties. A roster of 60 cards still fits the default limit of 1000.

use super::Team;
use super::card::{Abilities, PlayerCard, ThrowTarget};
use super::lineup::Lineup;
use super::role::Role;
use crate::script::{Array, Dynamic, Map};

/// Builds the entries of one team under one ruleset. `known` lists the
/// roles the ruleset's `players.roles` names: a pitcher counts under his
/// MAJOR role only where the ruleset knows that role (MAJOR), else as `P`.
pub(crate) struct Entries<'a> {
    team: &'a Team,
    known: Vec<Role>,
}

impl<'a> Entries<'a> {
    pub(crate) fn new(team: &'a Team, known: Vec<Role>) -> Self {
        Self { team, known }
    }

    /// The role a card counts as under the ruleset.
    fn counted_role(&self, card: &PlayerCard) -> Role {
        card.counted_role(|r| self.known.contains(r))
    }

    /// One map per card, in file order: the `roster` of `roster.check`.
    pub(crate) fn roster(&self) -> Array {
        self.team
            .players
            .iter()
            .enumerate()
            .map(|(i, card)| Dynamic::from(self.card(i, card)))
            .collect()
    }

    /// The starters in `Lineup::starters` order (the batting order, then a
    /// pitcher who does not bat): the `lineup` of `lineup.check`. Each is
    /// its card's map (`index` counting starters, not cards) plus `slot`
    /// (1-9, 0 for a pitcher who does not bat) and `plays` (the role he
    /// takes in the lineup).
    pub(crate) fn lineup(&self, lineup: &Lineup) -> Array {
        lineup
            .starters()
            .into_iter()
            .filter_map(|i| Some((i, self.team.players.get(i)?)))
            .enumerate()
            .map(|(n, (i, card))| {
                let mut entry = self.card(n, card);
                let slot = lineup.order.iter().position(|s| s.player == i);
                let plays = slot.map_or(Role::Pitcher, |s| lineup.order[s].role.position());
                entry.insert("slot".into(), int(slot.map_or(0, |s| s + 1)));
                entry.insert("plays".into(), plays.code().into());
                Dynamic::from(entry)
            })
            .collect()
    }

    /// A card's map; `index` is its place in the array the hook receives.
    fn card(&self, index: usize, card: &PlayerCard) -> Map {
        let mut m = Map::new();
        m.insert("index".into(), int(index));
        m.insert("name".into(), card.name.trim().into());
        m.insert("number".into(), Dynamic::from(i64::from(card.number)));
        m.insert("label".into(), card.label().into());
        m.insert("role".into(), self.counted_role(card).code().into());
        m.insert("major_role".into(), card.major_role().code().into());
        m.insert("pitcher".into(), card.is_pitcher().into());
        m.insert("star".into(), small(card.star));
        m.insert("base_run".into(), small(card.run));
        m.insert("action".into(), small(card.action));
        m.insert("base_box".into(), card.base_box.into());
        m.insert("bat".into(), abilities(&card.bat));
        m.insert(
            "pitch".into(),
            card.pitch.as_ref().map_or(Dynamic::UNIT, abilities),
        );
        let dirs: Array = card
            .dirs
            .0
            .iter()
            .map(|faces| Dynamic::from(faces.iter().map(|&f| small(f)).collect::<Array>()))
            .collect();
        m.insert("dirs".into(), dirs.into());
        let throws: Array = ThrowTarget::ALL
            .into_iter()
            .map(|t| card.throws.minimum(t).map_or(Dynamic::UNIT, small))
            .collect();
        m.insert("throws".into(), throws.into());
        m
    }
}

fn int(n: usize) -> Dynamic {
    Dynamic::from(i64::try_from(n).unwrap_or(i64::MAX))
}

fn small(n: u8) -> Dynamic {
    Dynamic::from(i64::from(n))
}

/// `[F, C, D]`.
fn abilities(a: &Abilities) -> Dynamic {
    let values: Array = a.lettered().into_iter().map(|(_, v)| small(v)).collect();
    values.into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::load_team;

    fn entry(array: &Array, i: usize) -> Map {
        array[i].clone().cast::<Map>()
    }

    fn text(m: &Map, key: &str) -> String {
        m[key].clone().into_string().expect("a string")
    }

    #[test]
    fn a_pitcher_counts_as_his_major_role_only_where_the_ruleset_knows_it() {
        let team = load_team("corsari").expect("a sample team");
        let raian = team
            .players
            .iter()
            .position(|c| c.name == "Rolan Raian")
            .expect("Rolan Raian plays for the Corsari");
        let pro = Entries::new(&team, Role::ALL[..10].to_vec()).roster();
        let major = Entries::new(&team, Role::ALL.to_vec()).roster();
        assert_eq!(text(&entry(&pro, raian), "role"), "P");
        assert_eq!(text(&entry(&major, raian), "role"), "Ps");
        let e = entry(&major, raian);
        assert_eq!(text(&e, "label"), "#26 Rolan Raian");
        assert_eq!(e["pitch"].clone().cast::<Array>()[0].as_int(), Ok(4));
        assert_eq!(e["dirs"].clone().into_array().map(|d| d.len()), Ok(6));
        assert!(
            e["throws"].clone().cast::<Array>()[4].is_unit(),
            "no cutoff throw"
        );
        assert_eq!(e.len(), 15, "an entry stays small: see the module doc");
    }

    #[test]
    fn lineup_entries_say_where_each_starter_bats() {
        let team = load_team("falchi").expect("a sample team");
        let lineup = team.lineup.as_ref().expect("a default lineup");
        let starters = Entries::new(&team, Role::ALL.to_vec()).lineup(lineup);
        assert_eq!(
            starters.len(),
            10,
            "nine batters and a pitcher who does not bat"
        );
        let first = entry(&starters, 0);
        assert_eq!(first["slot"].as_int(), Ok(1));
        let pitcher = entry(&starters, 9);
        assert_eq!(pitcher["slot"].as_int(), Ok(0));
        assert_eq!(text(&pitcher, "plays"), "P");
    }
}
