//! `Regulation` and `check_team`: checking a team against the rules of a
//! regulation, as pure functions over a `Team`. BASIC uses no Player cards,
//! so only the shape is checked; PRO adds the draft and lineup rules
//! (`pro`); MAJOR replaces them with its roster and lineup rules (`major`).
//! Every diagnostic starts with the id of the clause it enforces.

use std::fmt;

use super::lineup::Lineup;
use super::shape::check_shape;
use super::source::At;
use super::{Team, major, pro};
use crate::diagnostic::{Diagnostic, Diagnostics};

/// The most star quality a starting team may add up to (pro.lineup,
/// major.1.3.lineup).
pub const STAR_CAP: u32 = 30;

/// The regulation a team is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Regulation {
    /// BASIC: no Player cards; only the file's shape is checked.
    Basic,
    /// PRO (and PRO with the FAQ): the draft and the lineup rules.
    Pro,
    /// MAJOR: the roster rules 1.1-1.3.
    Major,
}

impl fmt::Display for Regulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Regulation::Basic => "BASIC",
            Regulation::Pro => "PRO",
            Regulation::Major => "MAJOR",
        })
    }
}

/// Every problem of a team under a regulation: its shape, then the
/// regulation's own rules. Empty when the team may play.
pub fn check_team(team: &Team, regulation: Regulation) -> Diagnostics {
    let mut out = check_shape(team);
    match regulation {
        Regulation::Basic => {}
        Regulation::Pro => out.extend(pro::check(team)),
        Regulation::Major => out.extend(major::check(team)),
    }
    out
}

/// The star cap on a lineup's starters, under a clause id.
pub(crate) fn star_cap(team: &Team, lineup: &Lineup, clause: &str) -> Option<Diagnostic> {
    let total = lineup.star_sum(&team.players);
    if total <= STAR_CAP {
        return None;
    }
    let terms: Vec<String> = lineup
        .starters()
        .into_iter()
        .filter_map(|i| team.players.get(i))
        .map(|c| format!("{} {}", c.position(), c.star))
        .collect();
    Some(
        team.error(
            format!(
                "{clause}: the starters' star quality adds up to {total}, over the cap of {STAR_CAP}"
            ),
            &At::top("lineup").on_key(),
        )
        .hint(format!("{} = {total}", terms.join(" + "))),
    )
}
