//! Small value types several rule keys share: the two managers (`Side`),
//! the two phases of play (`Phase`), a change to the count (`CountChange`),
//! the groups of fielders a rule can name (`Fielders`), and the role codes
//! printed on Player cards (`RoleCode`).

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

/// A role code as printed on a Player card (`Pos.`), with MAJOR's three
/// pitcher roles. The spelling is the card's: `P`, `1B`, `Ps`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
pub enum RoleCode {
    /// `P`: pitcher.
    #[serde(rename = "P")]
    P,
    /// `C`: catcher.
    #[serde(rename = "C")]
    C,
    /// `1B`: first baseman.
    #[serde(rename = "1B")]
    FirstBase,
    /// `2B`: second baseman.
    #[serde(rename = "2B")]
    SecondBase,
    /// `3B`: third baseman.
    #[serde(rename = "3B")]
    ThirdBase,
    /// `SS`: shortstop.
    #[serde(rename = "SS")]
    SS,
    /// `LF`: left fielder.
    #[serde(rename = "LF")]
    LF,
    /// `CF`: center fielder.
    #[serde(rename = "CF")]
    CF,
    /// `RF`: right fielder.
    #[serde(rename = "RF")]
    RF,
    /// `DH`: designated hitter (bats, never fields).
    #[serde(rename = "DH")]
    DH,
    /// `Ps`: MAJOR starting pitcher (major.1.3.1).
    #[serde(rename = "Ps")]
    Ps,
    /// `Pr`: MAJOR relief pitcher (major.1.3.1).
    #[serde(rename = "Pr")]
    Pr,
    /// `Pc`: MAJOR closer (major.1.3.1).
    #[serde(rename = "Pc")]
    Pc,
}

impl RoleCode {
    /// The code as printed on the card.
    pub fn code(self) -> &'static str {
        match self {
            RoleCode::P => "P",
            RoleCode::C => "C",
            RoleCode::FirstBase => "1B",
            RoleCode::SecondBase => "2B",
            RoleCode::ThirdBase => "3B",
            RoleCode::SS => "SS",
            RoleCode::LF => "LF",
            RoleCode::CF => "CF",
            RoleCode::RF => "RF",
            RoleCode::DH => "DH",
            RoleCode::Ps => "Ps",
            RoleCode::Pr => "Pr",
            RoleCode::Pc => "Pc",
        }
    }
}
