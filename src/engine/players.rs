//! `Players`: who plays a game, as the engine reads them. For each side,
//! the Player card batting in each of the nine slots and the card fielding
//! each of the nine positions (pro.player-card, pro.lineup). Built once
//! from the two teams' lineups; the rules that read cards (the hit's
//! direction and distance, action points, throws, base run) look players
//! up here. A game without players (BASIC scenarios) plays every rule the
//! card-free way.

use super::state::{Dugout, POSITIONS, Side, State};
use super::{Engine, intern};
use crate::diagnostic::Diagnostic;
use crate::ruleset::schema::Pitch;
use crate::team::{Abilities, PlayerCard, Role, Team, ThrowTarget};

/// One side: every card of its roster, and the starting lineup as roster
/// indices.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Side9 {
    /// The team's cards, in file order.
    roster: Vec<PlayerCard>,
    /// For each card of the roster, the direction each die face (1..6)
    /// sends his ball (`Matchup::faces`), read off his Z numbers once.
    faces: Vec<[u8; 6]>,
    /// For each card of the roster, the player's name as events hold it
    /// (`intern::name`), kept once here.
    names: Vec<&'static str>,
    /// The starting lineup.
    start: Dugout,
}

/// Both sides' players, home first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Players {
    sides: [Side9; 2],
}

impl Players {
    /// The players of `home` and `away`, from each team's lineup: the
    /// batters in order, each fielding the role written for him, and the
    /// starting pitcher (who bats only without a DH). A team without a
    /// lineup plays the first card of each role, the pitcher batting
    /// ninth. The rest of the roster is the bench.
    pub fn new(home: &Team, away: &Team) -> Result<Players, Diagnostic> {
        Ok(Players {
            sides: [side_of(home)?, side_of(away)?],
        })
    }

    /// A side's starting lineup.
    pub fn starting(&self, side: Side) -> &Dugout {
        &self.sides[side.index()].start
    }

    /// A side's roster.
    pub fn roster(&self, side: Side) -> &[PlayerCard] {
        &self.sides[side.index()].roster
    }

    /// A card of a side's roster by index.
    pub fn card(&self, side: Side, index: u8) -> &PlayerCard {
        let roster = &self.sides[side.index()].roster;
        &roster[usize::from(index) % roster.len()]
    }

    /// The name of a card of a side's roster by index (as `card`), as
    /// events hold it.
    pub(crate) fn name(&self, side: Side, index: u8) -> &'static str {
        let names = &self.sides[side.index()].names;
        names[usize::from(index) % names.len()]
    }

    /// The direction each die face (1..6) sends the ball of a side's player
    /// (by roster index, as `card`): his Z numbers, or the face itself for a
    /// face his card leaves out.
    pub(crate) fn faces(&self, side: Side, index: u8) -> [u8; 6] {
        let faces = &self.sides[side.index()].faces;
        faces[usize::from(index) % faces.len()]
    }

    /// The card batting in a slot (0..9) of a side's starting lineup.
    pub fn batter(&self, side: Side, slot: u8) -> &PlayerCard {
        self.card(side, self.starting(side).batting[usize::from(slot) % 9])
    }

    /// The card fielding a position (0..9: P, C, 1B ... RF) of a side's
    /// starting lineup.
    pub fn fielder(&self, side: Side, position: u8) -> &PlayerCard {
        self.card(
            side,
            self.starting(side).fielding[usize::from(position) % 9],
        )
    }
}

/// What the hit reads from the batter's and the pitcher's cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Matchup {
    /// The direction each die face (1..6) sends the batter's ball: his Z
    /// numbers, or the face itself without a card (or for a face his card
    /// leaves out).
    pub faces: [u8; 6],
    /// The batter's value for the pitch's type (0 without a card).
    pub batting: u8,
    /// The pitcher's value for it (0 without a card).
    pub pitching: u8,
}

impl Engine<'_> {
    /// The card of the batter at the plate.
    pub(crate) fn batter_card(&self, state: &State) -> Option<&PlayerCard> {
        self.runner_card(state, state.batter)
    }

    /// The card of the offense's player batting in `slot` (a runner).
    pub(crate) fn runner_card(&self, state: &State, slot: u8) -> Option<&PlayerCard> {
        let players = self.players?;
        let side = state.offense();
        let index = state.dugouts[side.index()].batting[usize::from(slot) % 9];
        Some(players.card(side, index))
    }

    /// The card of the defense's fielder at a position (0..9).
    pub(crate) fn fielder_card(&self, state: &State, fielder: u8) -> Option<&PlayerCard> {
        self.position_card(state, state.defense(), fielder)
    }

    /// The card of a side's player at a fielding position (0..9).
    pub(crate) fn position_card(
        &self,
        state: &State,
        side: Side,
        position: u8,
    ) -> Option<&PlayerCard> {
        let players = self.players?;
        let index = state.dugouts[side.index()].fielding[usize::from(position) % 9];
        Some(players.card(side, index))
    }

    /// The batter against the pitcher, for a hit off `pitch`: the card-free
    /// matchup in a game without players, or whose rules put no Player
    /// cards in play (`players.cards`: BASIC's fixed values stand in, and
    /// its hit hooks are given no card's values). The hooks are memoised on
    /// their inputs, so values they would not read only cost script runs.
    pub(crate) fn matchup(&self, state: &State, pitch: Option<Pitch>) -> Matchup {
        let Some(players) = self.players.filter(|_| self.rules.player_cards.used) else {
            return Matchup {
                faces: [1, 2, 3, 4, 5, 6],
                batting: 0,
                pitching: 0,
            };
        };
        let batter = self.batter_card(state);
        let side = state.offense();
        let index = state.dugouts[side.index()].batting[usize::from(state.batter) % 9];
        let pitcher = self.fielder_card(state, 0);
        let value = |a: &Abilities| match pitch {
            Some(Pitch::FastballStrike | Pitch::FastballBall) => a.fastball,
            Some(Pitch::CurveballStrike | Pitch::CurveballBall) => a.curveball,
            Some(Pitch::DropballStrike | Pitch::DropballBall) => a.dropball,
            None => 0,
        };
        Matchup {
            faces: players.faces(side, index),
            batting: batter.map_or(0, |c| value(&c.bat)),
            pitching: pitcher.map_or(0, |c| value(c.pitch.as_ref().unwrap_or(&c.bat))),
        }
    }
}

/// The position index (0..9) a fielding role plays; `None` for the DH.
fn position_of(role: Role) -> Option<usize> {
    let code = role.position().code();
    POSITIONS.iter().position(|&p| p == code)
}

fn side_of(team: &Team) -> Result<Side9, Diagnostic> {
    let missing = |what: String| {
        Diagnostic::error(format!(
            "team `{}` cannot take the field: {what}",
            team.name
        ))
        .hint("give the team a `lineup:` (docs/teams.md)")
    };
    if team.players.len() > usize::from(u8::MAX) {
        return Err(missing(format!(
            "it has {} players, more than a game can follow ({})",
            team.players.len(),
            u8::MAX
        )));
    }
    let index = |i: usize| {
        if i < team.players.len() {
            Ok(i as u8)
        } else {
            Err(missing(format!(
                "its lineup names card index {i}, which is not there"
            )))
        }
    };
    let mut fielding: [Option<u8>; 9] = [None; 9];
    let mut batting = Vec::with_capacity(9);
    match &team.lineup {
        Some(lineup) if !lineup.order.is_empty() => {
            for slot in &lineup.order {
                let player = index(slot.player)?;
                if let Some(p) = position_of(slot.role) {
                    fielding[p] = Some(player);
                }
                batting.push(player);
            }
            if let Some(pitcher) = lineup.starting_pitcher() {
                fielding[0] = Some(index(pitcher)?);
            }
        }
        _ => {
            for (p, code) in POSITIONS.iter().enumerate() {
                let player = team
                    .players
                    .iter()
                    .position(|c| c.position().code() == *code)
                    .ok_or_else(|| missing(format!("it has no {code}")))?;
                fielding[p] = Some(player as u8);
            }
            // Fielders bat in position order from the catcher, the pitcher
            // last.
            batting.extend(fielding[1..].iter().flatten());
            batting.extend(fielding[0]);
        }
    }
    let mut start = Dugout::default();
    for (p, f) in fielding.into_iter().enumerate() {
        start.fielding[p] = f.ok_or_else(|| missing(format!("nobody plays {}", POSITIONS[p])))?;
    }
    start.batting = batting
        .try_into()
        .map_err(|b: Vec<u8>| missing(format!("its lineup has {} batters, not 9", b.len())))?;
    let faces = team
        .players
        .iter()
        .map(|card| {
            std::array::from_fn(|i| {
                let face = i as u8 + 1;
                card.direction(face).unwrap_or(face)
            })
        })
        .collect();
    Ok(Side9 {
        roster: team.players.clone(),
        faces,
        names: team.players.iter().map(|p| intern::name(&p.name)).collect(),
        start,
    })
}

/// The card's minimum for a throw to `target` (`None`: he cannot make it).
pub fn throw_minimum(card: &PlayerCard, target: ThrowTarget) -> Option<u8> {
    let t = &card.throws;
    match target {
        ThrowTarget::First => t.first,
        ThrowTarget::Second => t.second,
        ThrowTarget::Third => t.third,
        ThrowTarget::Home => t.home,
        ThrowTarget::Cut12 => t.cut_1_2,
        ThrowTarget::Cut23 => t.cut_2_3,
    }
}

#[cfg(test)]
impl Players {
    /// The sample teams' players: Valdoro Falchi at home, Portolungo
    /// Corsari away.
    pub(crate) fn sample() -> Self {
        use crate::team::load_team;
        let team = |name| load_team(name).expect("a sample team loads");
        Players::new(&team("falchi"), &team("corsari")).expect("the sample teams take the field")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::load_team;

    #[test]
    fn the_sample_lineups_field_nine_and_bat_nine() {
        let home = load_team("falchi").unwrap();
        let away = load_team("corsari").unwrap();
        let players = Players::new(&home, &away).unwrap();
        for side in [Side::Home, Side::Away] {
            for p in 0..9u8 {
                let card = players.fielder(side, p);
                assert_eq!(
                    card.position().code(),
                    POSITIONS[usize::from(p)],
                    "{side:?} {p}"
                );
            }
        }
        // Falchi: a DH lineup, Joe de Majo batting third, Aldo Fenwick on
        // the mound without batting.
        assert_eq!(players.batter(Side::Home, 2).name, "Joe de Majo");
        assert_eq!(players.fielder(Side::Home, 0).name, "Aldo Fenwick");
        assert!((0..9).all(|s| players.batter(Side::Home, s).name != "Aldo Fenwick"));
    }

    /// The rulebook's example (pro.hit.distance): Joe de Majo (F 4) hits a
    /// fastball with the bonus (+1) off Rolan Raian (F 4): distance bonus
    /// 1, so 2d6 of 3 and 4 go 8. His Z numbers send a die of 4 to
    /// direction 2 and a 6 to direction 4.
    #[test]
    fn joe_de_majo_against_rolan_raian_has_a_distance_bonus_of_one() {
        use crate::engine::rules::Arg;
        use crate::engine::{GameRules, Half};
        use crate::field::load_field;
        use crate::ruleset::Ruleset;

        let ruleset = Ruleset::load("pro").unwrap();
        let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
        let field = load_field("classic").unwrap();
        let players = Players::sample();
        let engine = Engine::new(&rules, &field).with_players(&players);
        let (mut state, _) = engine.new_game(1);
        state.half = Half::Bottom;
        state.batter = 2;
        assert_eq!(engine.batter_card(&state).unwrap().name, "Joe de Majo");
        assert_eq!(engine.fielder_card(&state, 0).unwrap().name, "Rolan Raian");
        let m = engine.matchup(&state, Some(Pitch::FastballStrike));
        assert_eq!((m.batting, m.pitching), (4, 4));
        assert_eq!(m.faces, [1, 1, 2, 2, 3, 4]);
        let int = |i: u8| Arg::Int(i64::from(i));
        let distance = |bonus: u8| {
            rules
                .hit_distance
                .int(
                    &[int(3), int(4), int(m.batting), int(m.pitching), int(bonus)]
                        .into_iter()
                        .chain([Arg::Int(0); 3])
                        .collect::<Vec<_>>(),
                )
                .unwrap()
        };
        assert_eq!(distance(1), 3 + 4 + 1);
        assert_eq!(distance(0), 3 + 4);
        for (die, direction) in [(4, 2), (6, 4)] {
            let got = rules
                .hit_direction
                .int(&[int(die), Arg::Faces(m.faces)])
                .unwrap();
            assert_eq!(got, direction);
        }
        // Against a dropball his value is 3 and Raian's 3.
        let d = engine.matchup(&state, Some(Pitch::DropballBall));
        assert_eq!((d.batting, d.pitching), (3, 3));
    }

    /// PRO throws go to covered bases and cutoffs the thrower's card has a
    /// value for (pro.throw, pro.throw.cover, pro.throw.cutoff); BASIC's
    /// to any teammate.
    #[test]
    fn pro_throws_follow_the_card() {
        use crate::engine::GameRules;
        use crate::field::{Base, load_field};

        let field = load_field("classic").unwrap();
        let players = Players::sample();
        let (pro, basic) = (GameRules::builtin("pro"), GameRules::builtin("basic"));
        let lf = 6; // Joe de Majo for the Falchi, fielding with the home side.
        let first = field.base_squares(Base::First)[0];
        let second = field.base_squares(Base::Second)[0];
        let grass = field
            .neighbours(field.base_squares(Base::Second)[0])
            .iter()
            .copied()
            .find(|&sq| {
                field.base_at(sq).is_none()
                    && field.square(sq).cutoff.is_none()
                    && !field.mound().contains(&sq)
            })
            .unwrap();
        let engine = Engine::new(&pro, &field).with_players(&players);
        let starting = players.starting(Side::Home).fielding;
        assert_eq!(
            engine.fielder_card(&engine.new_game(1).0, lf).unwrap().name,
            "Joe de Majo"
        );
        assert_eq!(
            engine.throw_need(Side::Home, &starting, lf, 3, second),
            Some(4)
        );
        assert_eq!(
            engine.throw_need(Side::Home, &starting, lf, 2, first),
            Some(6)
        );
        assert_eq!(
            engine.throw_need(Side::Home, &starting, lf, 3, grass),
            None,
            "nobody covers there"
        );
        assert_eq!(
            engine.throw_need(Side::Home, &starting, lf, lf, second),
            None,
            "not to himself"
        );
        let basic_engine = Engine::new(&basic, &field).with_players(&players);
        assert_eq!(
            basic_engine.throw_need(Side::Home, &starting, lf, 3, grass),
            Some(0)
        );
        assert_eq!(
            Engine::new(&pro, &field).throw_need(Side::Home, &starting, lf, 2, first),
            Some(0)
        );
    }

    #[test]
    fn a_team_without_a_lineup_plays_the_first_card_of_each_role() {
        let mut team = load_team("falchi").unwrap();
        team.lineup = None;
        let players = Players::new(&team, &team).unwrap();
        assert_eq!(players.fielder(Side::Home, 0).name, team.players[0].name);
        assert!(players.batter(Side::Home, 8).is_pitcher());
        team.players.retain(|c| c.position() != Role::Shortstop);
        let error = Players::new(&team, &team).unwrap_err();
        assert!(error.to_string().contains("no SS"), "{error}");
    }
}
