//! PRO's team rules: the draft composition (pro.draft: 8 pitchers, 1 DH,
//! 2 players for every other role) and the star cap on the starters
//! (pro.lineup), both for the default lineup and for any lineup at all.

use super::Team;
use super::regulation::{STAR_CAP, star_cap};
use super::role::Role;
use super::source::At;
use crate::diagnostic::Diagnostics;

/// How many players of each PRO position a drafted team has.
pub(crate) fn draft_count(role: Role) -> usize {
    match role {
        Role::Pitcher => 8,
        Role::DesignatedHitter => 1,
        _ => 2,
    }
}

/// The PRO checks (the shape is checked by the caller).
pub(crate) fn check(team: &Team) -> Diagnostics {
    let mut out = Diagnostics::default();
    check_draft(team, &mut out);
    if let Some(lineup) = &team.lineup {
        out.extend(star_cap(team, lineup, "pro.lineup"));
    }
    check_any_lineup_fits(team, &mut out);
    out
}

fn check_draft(team: &Team, out: &mut Diagnostics) {
    let positions = std::iter::once(Role::Pitcher)
        .chain(Role::FIELDERS)
        .chain([Role::DesignatedHitter]);
    for role in positions {
        let want = draft_count(role);
        let cards: Vec<usize> = team
            .players
            .iter()
            .enumerate()
            .filter(|(_, c)| c.position() == role)
            .map(|(i, _)| i)
            .collect();
        if cards.len() < want {
            out.push(
                team.error(
                    format!(
                        "pro.draft: the team has {}, a team drafts exactly {want}",
                        role.count(cards.len())
                    ),
                    &At::top("players").on_key(),
                )
                .hint("every team drafts 8 pitchers, 1 DH and 2 players for every other role: 25 cards"),
            );
        }
        for (n, &i) in cards.iter().enumerate().skip(want) {
            let card = &team.players[i];
            out.push(team.error(
                format!(
                    "pro.draft: {} is {} {}: a team drafts exactly {}",
                    card.label(),
                    ordinal(n + 1),
                    role.noun(),
                    role.count(want)
                ),
                &At::card(i).key("role"),
            ));
        }
    }
}

/// "a 3rd", "an 8th", "an 11th".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    let article = if n == 8 || n == 11 || n == 18 || (80..90).contains(&n) {
        "an"
    } else {
        "a"
    };
    format!("{article} {n}{suffix}")
}

/// Whether any starting nine fits the cap: the cheapest pitcher and the
/// cheapest player at every position (a DH is never needed).
fn check_any_lineup_fits(team: &Team, out: &mut Diagnostics) {
    let mut cheapest = 0;
    for role in std::iter::once(Role::Pitcher).chain(Role::FIELDERS) {
        let min = team
            .players
            .iter()
            .filter(|c| c.position() == role)
            .map(|c| u32::from(c.star))
            .min();
        match min {
            Some(star) => cheapest += star,
            // A missing position is the draft check's to report.
            None => return,
        }
    }
    if cheapest > STAR_CAP {
        out.push(
            team.error(
                format!(
                    "pro.lineup: no starting nine of this team fits the star cap: the cheapest adds up to {cheapest}, over {STAR_CAP}"
                ),
                &At::top("players").on_key(),
            )
            .hint("lower some star qualities, or add cheaper players"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_read_aloud() {
        assert_eq!(ordinal(3), "a 3rd");
        assert_eq!(ordinal(8), "an 8th");
        assert_eq!(ordinal(11), "an 11th");
        assert_eq!(ordinal(22), "a 22nd");
    }
}
