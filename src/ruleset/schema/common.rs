//! Small value types several rule keys share: the two managers (`Side`),
//! the two phases of play (`Phase`), a change to the count (`CountChange`),
//! and the groups of fielders a rule can name (`Fielders`), with the
//! readers of the bounded numbers several keys share (`count`,
//! `at_least_one`). Role codes are `team::Role`, the one role type of the
//! crate.

use serde::{Deserialize, Deserializer, Serialize, de};

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
    #[serde(deserialize_with = "count")]
    pub balls: u8,
    /// Strikes added.
    #[serde(deserialize_with = "count")]
    pub strikes: u8,
}

/// The most balls or strikes a count may need or a change add: a count and
/// a change always add up within a byte.
const COUNT_MAX: u8 = 9;

/// Reads a number of balls or strikes, at most `COUNT_MAX`; a larger one is
/// an error at the number.
pub(super) fn count<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    let n = u8::deserialize(deserializer)?;
    if n > COUNT_MAX {
        let expected = format!("a whole number from 0 to {COUNT_MAX}");
        return Err(de::Error::invalid_value(
            de::Unexpected::Unsigned(n.into()),
            &expected.as_str(),
        ));
    }
    Ok(n)
}

/// Reads a number that must be at least 1 (the cards a manager holds to
/// play, the action points a fielder plays the ball with); 0 is an error
/// at the number.
pub(super) fn at_least_one<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    let n = u8::deserialize(deserializer)?;
    if n == 0 {
        return Err(de::Error::invalid_value(
            de::Unexpected::Unsigned(0),
            &"a whole number from 1 to 255",
        ));
    }
    Ok(n)
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
