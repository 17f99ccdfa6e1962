//! MAJOR's team rules: league cards only (major.1.1.materials), the roster
//! rules (major.1.2.roster: pitchers with a Ps and a Pc, a DH, infielders,
//! outfielders, at most 25, dual-role players, distinct star qualities per
//! role, at most 3 fast runners) and the starting team
//! (major.1.3.lineup: star cap, a starting pitcher who is P or Ps).

use std::collections::BTreeMap;

use super::Team;
use super::card::PlayerCard;
use super::regulation::star_cap;
use super::role::Role;
use super::shape::position;
use super::source::At;
use crate::diagnostic::Diagnostics;

/// The most players of a MAJOR roster.
const MAX_PLAYERS: usize = 25;
/// The most players with base run over `FAST_RUN`.
const MAX_FAST: usize = 3;
/// Base run above this counts as fast.
const FAST_RUN: u8 = 4;

/// The MAJOR checks (the shape is checked by the caller).
pub(crate) fn check(team: &Team) -> Diagnostics {
    let mut out = Diagnostics::default();
    for (i, card) in team.players.iter().enumerate() {
        if card.base_box {
            out.push(
                team.error(
                    format!(
                        "major.1.1.materials: {} is a base-box card, and MAJOR allows only league-made cards",
                        card.label()
                    ),
                    &At::card(i).key("base_box"),
                )
                .hint("replace it with a card made on boardofdreams.it"),
            );
        }
    }
    check_counts(team, &mut out);
    check_names(team, &mut out);
    check_stars(team, &mut out);
    check_fast(team, &mut out);
    if let Some(lineup) = &team.lineup {
        out.extend(star_cap(team, lineup, "major.1.3.lineup"));
        if let Some(card) = lineup.starting_pitcher().and_then(|p| team.players.get(p)) {
            let role = card.major_role();
            if !matches!(role, Role::Pitcher | Role::StartingPitcher) {
                let at = if lineup.pitcher.is_some() {
                    At::top("lineup").key("pitcher")
                } else {
                    At::top("lineup").on_key()
                };
                out.push(
                    team.error(
                        format!(
                            "major.1.3.lineup: {} is {}, and a starting pitcher is P or Ps",
                            card.label(),
                            role.singular()
                        ),
                        &at,
                    )
                    .hint("major.1.3.1.pitcher-roles: a Pr pitches from the 2nd inning on, a Pc from the 8th"),
                );
            }
        }
    }
    out
}

fn check_counts(team: &Team, out: &mut Diagnostics) {
    let count = |f: &dyn Fn(&PlayerCard) -> bool| team.players.iter().filter(|c| f(c)).count();
    let pitchers = count(&|c| c.is_pitcher());
    let mut short = |message: String| {
        out.push(team.error(
            format!("major.1.2.roster: {message}"),
            &At::top("players").on_key(),
        ));
    };
    if pitchers < 8 {
        short(format!(
            "the roster has {}, at least 8 are needed",
            Role::Pitcher.count(pitchers)
        ));
    }
    for role in [Role::StartingPitcher, Role::Closer] {
        if count(&|c| c.is_pitcher() && c.major_role() == role) == 0 {
            short(format!(
                "the roster has no {}: at least one is needed",
                role.noun()
            ));
        }
    }
    if count(&|c| c.role == Role::DesignatedHitter) == 0 {
        short("the roster has no designated hitter: at least one is needed".to_string());
    }
    let infielders = count(&|c| c.role.is_infielder());
    if infielders < 7 {
        short(format!(
            "the roster has {infielders} infielders (C, 1B, 2B, 3B, SS), at least 7 are needed"
        ));
    }
    let outfielders = count(&|c| c.role.is_outfielder());
    if outfielders < 4 {
        short(format!(
            "the roster has {outfielders} outfielders (LF, CF, RF), at least 4 are needed"
        ));
    }
    if team.players.len() > MAX_PLAYERS {
        out.push(
            team.error(
                format!(
                    "major.1.2.roster: the roster has {} players, at most {MAX_PLAYERS} are allowed",
                    team.players.len()
                ),
                &At::card(MAX_PLAYERS).key("name"),
            )
            .label("the 26th")
            .hint("a dual-role player's two cards count as two players"),
        );
    }
}

/// Cards sharing a name: at most two, with different roles, and otherwise
/// the same card but for star quality.
fn check_names(team: &Team, out: &mut Diagnostics) {
    let mut by_name: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, card) in team.players.iter().enumerate() {
        by_name.entry(card.name.trim()).or_default().push(i);
    }
    let mut groups: Vec<&Vec<usize>> = by_name.values().filter(|v| v.len() > 1).collect();
    groups.sort_by_key(|v| v[1]);
    for cards in groups {
        let first = &team.players[cards[0]];
        for (n, &i) in cards.iter().enumerate().skip(2) {
            out.push(team.error(
                format!(
                    "major.1.2.roster: {} is on {} cards, and a player may have at most 2 roles (this is card {})",
                    first.name,
                    cards.len(),
                    n + 1
                ),
                &At::card(i).key("name"),
            ));
        }
        let second = &team.players[cards[1]];
        if first.major_role() == second.major_role() {
            out.push(team.error(
                format!(
                    "major.1.2.roster: {} has two cards as {}: a dual-role player's cards differ in role",
                    first.name,
                    first.major_role()
                ),
                &At::card(cards[1]).key("role"),
            ));
            continue;
        }
        let differ = differences(first, second);
        if !differ.is_empty() {
            out.push(
                team.error(
                    format!(
                        "major.1.2.roster: {}'s two cards differ in {}: only the role and the star quality may differ",
                        first.name,
                        differ.join(", ")
                    ),
                    &At::card(cards[1]).key("name"),
                )
                .hint(format!(
                    "the other card is {}, at {}",
                    first.label(),
                    position(team, &At::card(cards[0]).key("name"))
                )),
            );
        }
    }
}

/// The keys whose values differ between two cards of one player, beyond
/// the role, the star quality and the card number. Pitching values count
/// only when both cards have them: only a pitcher card carries them.
fn differences(a: &PlayerCard, b: &PlayerCard) -> Vec<&'static str> {
    let mut out = Vec::new();
    if a.bat != b.bat {
        out.push("bat");
    }
    if let (Some(pa), Some(pb)) = (&a.pitch, &b.pitch)
        && pa != pb
    {
        out.push("pitch");
    }
    if a.run != b.run {
        out.push("run");
    }
    if a.dirs != b.dirs {
        out.push("dirs");
    }
    if a.action != b.action {
        out.push("action");
    }
    if a.throws != b.throws {
        out.push("throws");
    }
    if a.base_box != b.base_box {
        out.push("base_box");
    }
    out
}

/// No two players of one role (MAJOR's pitcher roles apart) share a star
/// quality.
fn check_stars(team: &Team, out: &mut Diagnostics) {
    let mut first: BTreeMap<(Role, u8), usize> = BTreeMap::new();
    for (i, card) in team.players.iter().enumerate() {
        let role = card.major_role();
        match first.get(&(role, card.star)) {
            Some(&j) => {
                let other = &team.players[j];
                out.push(
                    team.error(
                        format!(
                            "major.1.2.roster: two {} share star quality {}: {} and {}",
                            role.plural(),
                            card.star,
                            other.label(),
                            card.label()
                        ),
                        &At::card(i).key("star"),
                    )
                    .hint("players of the same role must have different star qualities"),
                );
            }
            None => {
                first.insert((role, card.star), i);
            }
        }
    }
}

/// At most 3 players with base run over 4.
fn check_fast(team: &Team, out: &mut Diagnostics) {
    let fast: Vec<usize> = team
        .players
        .iter()
        .enumerate()
        .filter(|(_, c)| c.run > FAST_RUN)
        .map(|(i, _)| i)
        .collect();
    if fast.len() <= MAX_FAST {
        return;
    }
    let all: Vec<String> = fast
        .iter()
        .map(|&i| {
            let c = &team.players[i];
            format!("{} (run {})", c.label(), c.run)
        })
        .collect();
    for &i in &fast[MAX_FAST..] {
        let card = &team.players[i];
        out.push(
            team.error(
                format!(
                    "major.1.2.roster: {} players have base run over {FAST_RUN}, at most {MAX_FAST} may: {} is one too many",
                    fast.len(),
                    card.label()
                ),
                &At::card(i).key("run"),
            )
            .hint(format!("the fast runners: {}", all.join(", "))),
        );
    }
}
