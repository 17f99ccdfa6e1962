//! Player cards and teams as data. A team file (YAML) is read by `load`
//! into a `Team`: its header, its `PlayerCard`s and an optional default
//! `Lineup`. `shape` checks what every team must satisfy whatever the
//! regulation (the file format); `regulation` checks a team against a
//! resolved ruleset by calling its `roster.check` and `lineup.check` hooks,
//! to which `entries` hands the team as plain Rhai values and from which
//! `problems` reads back diagnostics. Team preparation (pro.draft,
//! pro.draft.none, pro.lineup) reads its rules as `TeamRules`: `draft`
//! runs the draft over a `Pool` of cards with two `Drafter`s, `split`
//! divides the pool without one, `StartingLineup` builds a legal starting
//! lineup (its choices weigh cards by `Rating`), and `TeamFile` writes a
//! team back as a team file. Everything here but `load_team` is pure: the
//! engine takes a `Team` and never reads a file.
//!
//! The format is documented in docs/teams.md; the shipped sample teams are
//! under rulesets/teams/.

mod card;
mod draft;
mod drafter;
mod entries;
mod lineup;
mod load;
mod pool;
mod problems;
mod rating;
mod regulation;
mod role;
mod shape;
mod source;
mod split;
mod starting_lineup;
mod team_file;
mod team_rules;

pub use card::{Abilities, Directions, PlayerCard, ThrowTarget, Throws, limits};
pub use draft::{Draft, DraftEntry, LogTable, Pick, draft, side_name};
pub use drafter::{DRAFTER_NAMES, DraftView, Drafter, HeuristicDrafter, RandomDrafter, drafter};
pub use lineup::{Lineup, Slot};
pub use load::{load_team, parse_team, team_names};
pub use pool::Pool;
pub use rating::{Rating, STAR_COST};
pub use regulation::check_team;
pub use role::Role;
pub use shape::check_shape;
pub use source::{At, TeamSource};
pub use split::{Half, Split, split};
pub use starting_lineup::StartingLineup;
pub use team_file::TeamFile;
pub use team_rules::{Cited, TeamRules};

use crate::diagnostic::Diagnostic;

/// A team: its cards and, optionally, its default lineup.
#[derive(Debug, Clone, PartialEq)]
pub struct Team {
    /// `team:`: the full name ("Valdoro Falchi").
    pub name: String,
    /// `code:`: the short code used in box scores ("VAL").
    pub code: String,
    /// `city:`.
    pub city: Option<String>,
    /// `colours:`: names or `#rrggbb`, for renderers.
    pub colours: Vec<String>,
    /// `sample: true`: shipped sample data, not real cards.
    pub sample: bool,
    /// `players:`: the cards, in file order.
    pub players: Vec<PlayerCard>,
    /// `lineup:`: the default starting lineup.
    pub lineup: Option<Lineup>,
    /// The file the team was read from; `None` for a team built in code
    /// (its diagnostics then carry no position).
    pub source: Option<TeamSource>,
}

impl Team {
    /// The card with a number.
    pub fn card(&self, number: u32) -> Option<&PlayerCard> {
        self.players.iter().find(|c| c.number == number)
    }

    /// The cards with a name (two for a MAJOR dual-role player).
    pub fn cards_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a PlayerCard> + 'a {
        self.players.iter().filter(move |c| c.name == name)
    }

    /// The first card with a name.
    pub fn by_name(&self, name: &str) -> Option<&PlayerCard> {
        self.players.iter().find(|c| c.name == name)
    }

    /// An error at a spot of the team's file (no position for a team built
    /// in code).
    pub(crate) fn error(&self, message: impl Into<String>, at: &At) -> Diagnostic {
        match &self.source {
            Some(source) => source.error(message, at),
            None => Diagnostic::error(message),
        }
    }
}
