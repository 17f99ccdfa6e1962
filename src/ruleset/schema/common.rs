//! Small value types several rule keys share: the two managers (`Side`),
//! the two phases of play (`Phase`), a change to the count (`CountChange`),
//! and the groups of fielders a rule can name (`Fielders`). Role codes are
//! `team::Role`, the one role type of the crate.

use serde::{Deserialize, Serialize};

/// One of the two managers, by where his team plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The home team (starts on defense, pitching).
    Home,
    /// The guest team (starts batting).
    Guest,
}

/// Which half of the pitch/response exchange a manager plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The manager in the field, who pitches and holds Defense cards.
    Defense,
    /// The manager at bat, who holds Offense cards.
    Offense,
}

/// Balls and strikes added to the batter's count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct CountChange {
    /// Balls added.
    pub balls: u8,
    /// Strikes added.
    pub strikes: u8,
}

/// A group of fielders a rule applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fielders {
    /// Every fielder.
    Any,
    /// Infielders only (P, C, 1B, 2B, 3B, SS; see `players.roles`).
    Infielders,
    /// Outfielders only (LF, CF, RF).
    Outfielders,
    /// No fielder.
    Nobody,
}

impl Fielders {
    /// Whether a fielder belongs to the group, given whether he is an
    /// infielder (see `players.roles`).
    pub fn includes(self, infielder: bool) -> bool {
        match self {
            Fielders::Any => true,
            Fielders::Infielders => infielder,
            Fielders::Outfielders => !infielder,
            Fielders::Nobody => false,
        }
    }
}
