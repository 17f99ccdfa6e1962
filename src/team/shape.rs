//! The shape check: what every team must satisfy whatever the regulation.
//! Values in range, each die face once in the direction numbers, pitching
//! at least batting, pitching values on pitchers only, unique card numbers,
//! and a lineup that names nine batters with every position once. Pure
//! over a `Team`; diagnostics point into its file when it has one.

use std::collections::HashMap;
use std::fmt::Display;
use std::ops::RangeInclusive;

use super::Team;
use super::card::{Abilities, PlayerCard, ThrowTarget, limits};
use super::lineup::Lineup;
use super::role::Role;
use super::source::At;
use crate::diagnostic::Diagnostics;

/// "star quality must be from 0 to 9, found 12".
pub(crate) fn out_of_range<T: Display>(
    what: &str,
    range: &RangeInclusive<T>,
    value: impl Display,
) -> String {
    format!(
        "{what} must be from {} to {}, found {value}",
        range.start(),
        range.end()
    )
}

/// Checks the shape of a team: everything but a regulation's own rules.
pub fn check_shape(team: &Team) -> Diagnostics {
    let mut out = Diagnostics::default();
    if team.name.trim().is_empty() {
        out.push(team.error("the team needs a name", &At::top("team")));
    }
    let code_ok = (2..=4).contains(&team.code.len())
        && team
            .code
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
    if !code_ok {
        out.push(
            team.error(
                format!("`{}` is not a team code", team.code),
                &At::top("code"),
            )
            .hint("a code is 2 to 4 capital letters or digits, as box scores print it (`VAL`)"),
        );
    }
    if team.players.is_empty() {
        out.push(team.error("the team has no players", &At::top("players").on_key()));
    }
    for (i, card) in team.players.iter().enumerate() {
        check_card(team, i, card, &mut out);
    }
    check_numbers(team, &mut out);
    if let Some(lineup) = &team.lineup {
        out.extend(check_lineup(team, lineup, &At::top("lineup")));
    }
    out
}

fn check_card(team: &Team, i: usize, card: &PlayerCard, out: &mut Diagnostics) {
    let at = At::card(i);
    if card.name.trim().is_empty() {
        out.push(team.error("a player needs a name", &at.clone().key("name")));
    }
    if card.number == 0 {
        out.push(team.error(
            "a card number must be 1 or more, found 0",
            &at.clone().key("number"),
        ));
    } else if card.base_box && card.number > limits::BASE_BOX_NUMBERS {
        out.push(
            team.error(
                format!(
                    "the base box holds cards 1 to {}, but {} is marked `base_box: true` with number {}",
                    limits::BASE_BOX_NUMBERS,
                    card.name,
                    card.number
                ),
                &at.clone().key("number"),
            )
            .hint("a league card is not a base-box card: drop `base_box: true`"),
        );
    }

    let mut range = |value: u8, range: RangeInclusive<u8>, what: &str, at: At| {
        if !range.contains(&value) {
            out.push(team.error(out_of_range(what, &range, value), &at));
        }
    };
    abilities_in_range(&card.bat, "batting", &at.clone().key("bat"), &mut range);
    if let Some(pitch) = &card.pitch {
        abilities_in_range(pitch, "pitching", &at.clone().key("pitch"), &mut range);
    }
    range(
        card.star,
        limits::STAR,
        "star quality",
        at.clone().key("star"),
    );
    range(card.run, limits::RUN, "base run", at.clone().key("run"));
    range(
        card.action,
        limits::ACTION,
        "action points",
        at.clone().key("action"),
    );
    for target in ThrowTarget::ALL {
        if let Some(min) = card.throws.minimum(target) {
            let where_ = at.clone().key("throws").key(target.key());
            range(min, limits::THROW, "a throw minimum", where_);
        }
    }

    match (&card.pitch, card.is_pitcher()) {
        (None, true) => out.push(
            team.error(
                format!("{} is a pitcher but his card has no pitching values", card.label()),
                &at.clone().key("role"),
            )
            .hint("add `pitch: {F: .., C: .., D: ..}`: a pitcher's larger values are his pitching ones"),
        ),
        (Some(_), false) => out.push(
            team.error(
                format!(
                    "{} is {}, not a pitcher: only pitchers carry pitching values",
                    card.label(),
                    card.role.singular()
                ),
                &at.clone().key("pitch").on_key(),
            )
            .hint("remove `pitch:`, or give the card a pitcher's role"),
        ),
        (Some(pitch), true) => {
            for ((letter, p), (_, b)) in pitch.lettered().into_iter().zip(card.bat.lettered()) {
                if p < b {
                    out.push(
                        team.error(
                            format!(
                                "{}'s pitching {letter} {p} is below his batting {letter} {b}",
                                card.label()
                            ),
                            &at.clone().key("pitch").key(letter),
                        )
                        .label("pitching value")
                        .hint(
                            "a pitcher's card shows two values per pitch: the larger is his pitching, \
                             the smaller his batting (pro.player-card); swap them",
                        ),
                    );
                }
            }
        }
        (None, false) => {}
    }

    if let Some(major) = card.major_role {
        let d = if card.role != Role::Pitcher && card.role.is_pitcher() && major != card.role {
            Some(format!(
                "{} is printed as {} but `major_role` says {major}",
                card.label(),
                card.role
            ))
        } else if !card.is_pitcher() {
            Some(format!(
                "`major_role` is for pitchers, and {} is {}",
                card.label(),
                card.role.singular()
            ))
        } else if !major.is_pitcher() {
            Some(format!(
                "a pitcher's MAJOR role is P, Ps, Pr or Pc, not {major}"
            ))
        } else {
            None
        };
        if let Some(message) = d {
            out.push(team.error(message, &at.clone().key("major_role")));
        }
    }

    check_dirs(team, i, card, out);
}

fn abilities_in_range(
    a: &Abilities,
    what: &str,
    at: &At,
    range: &mut impl FnMut(u8, RangeInclusive<u8>, &str, At),
) {
    for (letter, value) in a.lettered() {
        range(
            value,
            limits::ABILITY,
            &format!("{what} {letter}"),
            at.clone().key(letter),
        );
    }
}

/// Z: every face 1-6 exactly once across the six directions.
fn check_dirs(team: &Team, i: usize, card: &PlayerCard, out: &mut Diagnostics) {
    let at = At::card(i).key("dirs");
    let mut seen: HashMap<u8, usize> = HashMap::new();
    for (d, faces) in card.dirs.0.iter().enumerate() {
        let dir_at = at.clone().key((d + 1).to_string());
        for (j, &face) in faces.iter().enumerate() {
            if !limits::FACE.contains(&face) {
                out.push(team.error(
                    format!("{face} is not a die face: the faces are 1 to 6"),
                    &dir_at.clone().index(j),
                ));
            } else if let Some(first) = seen.insert(face, d + 1) {
                let also = if first == d + 1 {
                    "twice under this direction".to_string()
                } else {
                    format!("also under direction {first}")
                };
                out.push(
                    team.error(
                        format!(
                            "{}'s die face {face} is listed twice ({also})",
                            card.label()
                        ),
                        &dir_at.clone().index(j),
                    )
                    .hint("each face 1-6 sends the ball to exactly one direction"),
                );
            }
        }
    }
    let missing: Vec<String> = limits::FACE
        .filter(|f| !seen.contains_key(f))
        .map(|f| f.to_string())
        .collect();
    if !missing.is_empty() {
        let (noun, list) = match missing.as_slice() {
            [one] => ("face", one.clone()),
            [init @ .., last] => ("faces", format!("{} and {last}", init.join(", "))),
            [] => unreachable!("not empty"),
        };
        out.push(
            team.error(
                format!("{}'s die {noun} {list} send the ball nowhere", card.label()),
                &at.on_key(),
            )
            .hint("each face 1-6 must be listed under exactly one direction"),
        );
    }
}

fn check_numbers(team: &Team, out: &mut Diagnostics) {
    let mut first: HashMap<u32, usize> = HashMap::new();
    for (i, card) in team.players.iter().enumerate() {
        if card.number == 0 {
            continue;
        }
        if let Some(&j) = first.get(&card.number) {
            let other = &team.players[j];
            out.push(
                team.error(
                    format!(
                        "card number {} is used twice: by {} and by {}",
                        card.number, other.name, card.name
                    ),
                    &At::card(i).key("number"),
                )
                .label("second use")
                .hint(format!(
                    "{} is the card at {}",
                    other.name,
                    position(team, &At::card(j).key("number"))
                )),
            );
        } else {
            first.insert(card.number, i);
        }
    }
}

/// `file:line:column` of a spot, for hints that name a second place.
pub(crate) fn position(team: &Team, at: &At) -> String {
    match &team.source {
        Some(s) => {
            let (line, col) = s.file.line_col(s.span(at).start);
            format!("{}:{line}:{col}", s.file.name)
        }
        None => "(no file)".to_string(),
    }
}

/// Checks a lineup's composition (pro.lineup): nine batters, each fielding
/// position once, the pitcher batting or a DH batting for him, every player
/// in the role on his card. `at` is where the lineup stands in the file.
pub(crate) fn check_lineup(team: &Team, lineup: &Lineup, at: &At) -> Diagnostics {
    let mut out = Diagnostics::default();
    let order_at = at.clone().key("order");
    if lineup.order.len() != 9 {
        out.push(
            team.error(
                format!(
                    "pro.lineup: a batting order has 9 batters, this one has {}",
                    lineup.order.len()
                ),
                &order_at.clone().on_key(),
            )
            .hint("one player per position, with the pitcher or the DH batting"),
        );
    }
    let mut seen_player: HashMap<usize, usize> = HashMap::new();
    let mut seen_role: HashMap<Role, usize> = HashMap::new();
    for (i, slot) in lineup.order.iter().enumerate() {
        let slot_at = order_at.clone().index(i);
        let Some(card) = team.players.get(slot.player) else {
            out.push(team.error("this lineup slot names no card of the team", &slot_at));
            continue;
        };
        if seen_player.insert(slot.player, i).is_some() {
            out.push(team.error(
                format!("pro.lineup: {} bats twice", card.label()),
                &slot_at.clone().key("player"),
            ));
        }
        if card.position() != slot.role.position() {
            out.push(
                team.error(
                    format!(
                        "{} is {}, not {}",
                        card.label(),
                        card.role.singular(),
                        slot.role.singular()
                    ),
                    &slot_at.clone().key("role"),
                )
                .hint("a starter plays the role printed on his card"),
            );
        }
        let role = slot.role.position();
        if seen_role.insert(role, i).is_some() {
            out.push(team.error(
                format!(
                    "pro.lineup: {} twice in the lineup: one player per role",
                    role
                ),
                &slot_at.clone().key("role"),
            ));
        }
    }
    let missing: Vec<&str> = Role::FIELDERS
        .into_iter()
        .filter(|r| !seen_role.contains_key(r))
        .map(Role::code)
        .collect();
    if !missing.is_empty() {
        out.push(team.error(
            format!("pro.lineup: the lineup has no {}", missing.join(", no ")),
            &order_at.clone().on_key(),
        ));
    }
    let pitcher_slot = seen_role.get(&Role::Pitcher).copied();
    let dh_slot = seen_role.get(&Role::DesignatedHitter).copied();
    match (pitcher_slot, dh_slot) {
        (Some(p), Some(_)) => out.push(
            team.error(
                "pro.lineup: with a DH in the order the pitcher does not bat",
                &order_at.clone().index(p).key("role"),
            )
            .hint("drop the pitcher from `order` and name him with `pitcher:`"),
        ),
        (None, None) => out.push(
            team.error(
                "pro.lineup: the order has neither the pitcher nor the DH batting",
                &order_at.clone().on_key(),
            )
            .hint("nine players bat: the eight fielders and either the pitcher or the DH"),
        ),
        _ => {}
    }
    match (lineup.pitcher, dh_slot.is_some()) {
        (None, true) => out.push(team.error(
            "pro.lineup: with a DH, the starting pitcher bats nowhere: name him with `pitcher:`",
            &at.clone().on_key(),
        )),
        (Some(p), _) => {
            let pitcher_at = at.clone().key("pitcher");
            match team.players.get(p) {
                None => out.push(team.error("`pitcher` names no card of the team", &pitcher_at)),
                Some(card) if !card.is_pitcher() => out.push(team.error(
                    format!(
                        "{} is {}, not a pitcher",
                        card.label(),
                        card.role.singular()
                    ),
                    &pitcher_at,
                )),
                Some(card)
                    if dh_slot.is_none()
                        && pitcher_slot.map(|s| lineup.order[s].player) != Some(p) =>
                {
                    out.push(
                        team.error(
                            format!(
                                "without a DH the pitcher bats, but {} is not the pitcher in the order",
                                card.label()
                            ),
                            &pitcher_at,
                        )
                        .hint("drop `pitcher:`: without a DH the pitcher is the `P` of the order"),
                    );
                }
                Some(_) => {}
            }
        }
        (None, false) => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::{Directions, Slot, Throws};

    fn card(number: u32, role: Role, star: u8) -> PlayerCard {
        let ab = Abilities {
            fastball: 3,
            curveball: 3,
            dropball: 3,
        };
        PlayerCard {
            name: format!("Player {number}"),
            number,
            role,
            major_role: None,
            bat: ab,
            pitch: role.is_pitcher().then_some(Abilities { fastball: 4, ..ab }),
            star,
            run: 3,
            dirs: Directions([vec![1], vec![2], vec![3], vec![4], vec![5], vec![6]]),
            action: 3,
            throws: Throws::default(),
            base_box: false,
        }
    }

    fn team(players: Vec<PlayerCard>) -> Team {
        Team {
            name: "Test".into(),
            code: "TST".into(),
            city: None,
            colours: vec![],
            sample: false,
            players,
            lineup: None,
            source: None,
        }
    }

    fn nine() -> Vec<PlayerCard> {
        let mut players = vec![card(1, Role::Pitcher, 3)];
        for (i, role) in Role::FIELDERS.into_iter().enumerate() {
            players.push(card(i as u32 + 2, role, 3));
        }
        players
    }

    fn order(players: &[PlayerCard]) -> Lineup {
        Lineup {
            order: players
                .iter()
                .enumerate()
                .map(|(i, c)| Slot {
                    player: i,
                    role: c.role,
                })
                .collect(),
            pitcher: None,
        }
    }

    #[test]
    fn a_clean_team_has_no_problems() {
        let mut t = team(nine());
        t.lineup = Some(order(&t.players));
        assert!(check_shape(&t).is_empty(), "{}", check_shape(&t));
    }

    #[test]
    fn pitching_below_batting_is_reported_per_pitch() {
        let mut t = team(nine());
        t.players[0].pitch = Some(Abilities {
            fastball: 2,
            curveball: 2,
            dropball: 3,
        });
        let d = check_shape(&t);
        assert_eq!(d.len(), 2, "{d}");
        assert!(
            d.0[0]
                .message
                .contains("pitching F 2 is below his batting F 3"),
            "{d}"
        );
    }

    #[test]
    fn faces_missing_and_twice_are_reported() {
        let mut t = team(nine());
        t.players[3].dirs = Directions([vec![1, 2], vec![2], vec![], vec![4], vec![], vec![9]]);
        let messages: Vec<String> = check_shape(&t).into_iter().map(|d| d.message).collect();
        assert_eq!(messages.len(), 3, "{messages:?}");
        assert!(messages[0].contains("face 2 is listed twice (also under direction 1)"));
        assert!(messages[1].contains("9 is not a die face"));
        assert!(messages[2].contains("faces 3, 5 and 6 send the ball nowhere"));
    }

    #[test]
    fn duplicate_numbers_are_reported_once_per_extra_card() {
        let mut players = nine();
        players[4].number = 2;
        players[5].number = 2;
        assert_eq!(check_shape(&team(players)).len(), 2);
    }

    #[test]
    fn a_lineup_with_a_role_twice_misses_another() {
        let mut t = team(nine());
        let mut lineup = order(&t.players);
        t.players[8].role = Role::LeftField;
        lineup.order[8].role = Role::LeftField;
        t.lineup = Some(lineup);
        let messages: Vec<String> = check_shape(&t).into_iter().map(|d| d.message).collect();
        assert_eq!(
            messages,
            vec![
                "pro.lineup: LF twice in the lineup: one player per role".to_string(),
                "pro.lineup: the lineup has no RF".to_string(),
            ]
        );
    }

    #[test]
    fn a_dh_lineup_needs_a_separate_pitcher() {
        let mut players = nine();
        players.push(card(20, Role::DesignatedHitter, 1));
        let mut t = team(players);
        let mut lineup = order(&t.players[1..]);
        for slot in &mut lineup.order {
            slot.player += 1;
        }
        t.lineup = Some(lineup.clone());
        let d = check_shape(&t);
        assert_eq!(d.len(), 1, "{d}");
        assert!(d.0[0].message.contains("name him with `pitcher:`"));
        lineup.pitcher = Some(0);
        t.lineup = Some(lineup);
        assert!(check_shape(&t).is_empty());
    }

    #[test]
    fn a_role_mismatch_names_both_roles() {
        let mut t = team(nine());
        let mut lineup = order(&t.players);
        lineup.order.swap(1, 2);
        lineup.order[1].role = Role::Catcher;
        lineup.order[2].role = Role::FirstBase;
        t.lineup = Some(lineup);
        let d = check_shape(&t);
        assert_eq!(d.len(), 2, "{d}");
        assert_eq!(
            d.0[0].message,
            "#3 Player 3 is a first baseman, not a catcher"
        );
    }
}
