//! `Role`: the position printed on a Player card (`Pos.`), the nine PRO
//! fielding positions plus DH, and MAJOR's three extra pitcher roles (Ps,
//! Pr, Pc). Owns the codes as written in team files ("1B", "Ps"), their
//! parsing with a suggestion for near misses, and the groupings the
//! regulations count by (pitchers, infielders, outfielders).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A player's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Role {
    /// `P`: a pitcher (in MAJOR, one who may start or relieve).
    #[serde(rename = "P")]
    Pitcher,
    /// `C`: the catcher.
    #[serde(rename = "C")]
    Catcher,
    /// `1B`.
    #[serde(rename = "1B")]
    FirstBase,
    /// `2B`.
    #[serde(rename = "2B")]
    SecondBase,
    /// `3B`.
    #[serde(rename = "3B")]
    ThirdBase,
    /// `SS`.
    #[serde(rename = "SS")]
    Shortstop,
    /// `LF`.
    #[serde(rename = "LF")]
    LeftField,
    /// `CF`.
    #[serde(rename = "CF")]
    CenterField,
    /// `RF`.
    #[serde(rename = "RF")]
    RightField,
    /// `DH`: the designated hitter, who bats and never fields.
    #[serde(rename = "DH")]
    DesignatedHitter,
    /// `Ps` (MAJOR 1.3.1): a pitcher who may only start.
    #[serde(rename = "Ps")]
    StartingPitcher,
    /// `Pr` (MAJOR 1.3.1): a reliever, who may pitch from the 2nd inning on.
    #[serde(rename = "Pr")]
    ReliefPitcher,
    /// `Pc` (MAJOR 1.3.1): a closer, who may pitch from the 8th inning on.
    #[serde(rename = "Pc")]
    Closer,
}

impl Role {
    /// Every role, in the order the rulebook lists them, MAJOR's last.
    pub const ALL: [Role; 13] = [
        Role::Pitcher,
        Role::Catcher,
        Role::FirstBase,
        Role::SecondBase,
        Role::ThirdBase,
        Role::Shortstop,
        Role::LeftField,
        Role::CenterField,
        Role::RightField,
        Role::DesignatedHitter,
        Role::StartingPitcher,
        Role::ReliefPitcher,
        Role::Closer,
    ];

    /// The eight positions besides the pitcher that a starting team fills
    /// once each (pro.lineup, major.1.3.lineup).
    pub const FIELDERS: [Role; 8] = [
        Role::Catcher,
        Role::FirstBase,
        Role::SecondBase,
        Role::ThirdBase,
        Role::Shortstop,
        Role::LeftField,
        Role::CenterField,
        Role::RightField,
    ];

    /// The roles a pitcher card may carry for MAJOR (major.1.3.1).
    pub const MAJOR_PITCHERS: [Role; 4] = [
        Role::Pitcher,
        Role::StartingPitcher,
        Role::ReliefPitcher,
        Role::Closer,
    ];

    /// The code as printed on cards and written in team files.
    pub fn code(self) -> &'static str {
        match self {
            Role::Pitcher => "P",
            Role::Catcher => "C",
            Role::FirstBase => "1B",
            Role::SecondBase => "2B",
            Role::ThirdBase => "3B",
            Role::Shortstop => "SS",
            Role::LeftField => "LF",
            Role::CenterField => "CF",
            Role::RightField => "RF",
            Role::DesignatedHitter => "DH",
            Role::StartingPitcher => "Ps",
            Role::ReliefPitcher => "Pr",
            Role::Closer => "Pc",
        }
    }

    /// The role named by a code, exactly as written (`1B`, `Ps`).
    pub fn from_code(code: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.code() == code)
    }

    /// A hint for a code that names no role: the role it was probably meant
    /// to be (a case slip such as `cf`, or a common spelling such as `1st`).
    pub fn suggestion(code: &str) -> Option<Role> {
        if let Some(r) = Role::ALL
            .into_iter()
            .find(|r| r.code().eq_ignore_ascii_case(code))
        {
            return Some(r);
        }
        let alias = match code.to_ascii_lowercase().as_str() {
            "1st" | "first" | "fb" => Role::FirstBase,
            "2nd" | "second" | "sb" => Role::SecondBase,
            "3rd" | "third" | "tb" => Role::ThirdBase,
            "shortstop" | "ss." => Role::Shortstop,
            "pitcher" | "sp" => Role::Pitcher,
            "rp" => Role::ReliefPitcher,
            "cl" | "closer" => Role::Closer,
            "catcher" => Role::Catcher,
            "of" | "lf." => Role::LeftField,
            "d" | "dh." => Role::DesignatedHitter,
            _ => {
                let codes = Role::ALL.map(Role::code);
                let best = crate::diagnostic::did_you_mean(code, codes)?;
                return Role::from_code(best);
            }
        };
        Some(alias)
    }

    /// Whether this is a pitcher of any kind (P, Ps, Pr, Pc).
    pub fn is_pitcher(self) -> bool {
        Role::MAJOR_PITCHERS.contains(&self)
    }

    /// The PRO position: MAJOR's pitcher roles all play as `P`.
    pub fn position(self) -> Role {
        if self.is_pitcher() {
            Role::Pitcher
        } else {
            self
        }
    }

    /// Whether MAJOR 1.2 counts this role as an infielder (C, 1B, 2B, 3B, SS).
    pub fn is_infielder(self) -> bool {
        matches!(
            self,
            Role::Catcher | Role::FirstBase | Role::SecondBase | Role::ThirdBase | Role::Shortstop
        )
    }

    /// Whether this is an outfield role (LF, CF, RF).
    pub fn is_outfielder(self) -> bool {
        matches!(self, Role::LeftField | Role::CenterField | Role::RightField)
    }

    /// The scorer's fielder number (1 pitcher .. 9 right field); none for the
    /// DH, who never fields.
    pub fn fielder_number(self) -> Option<u8> {
        Some(match self.position() {
            Role::Pitcher => 1,
            Role::Catcher => 2,
            Role::FirstBase => 3,
            Role::SecondBase => 4,
            Role::ThirdBase => 5,
            Role::Shortstop => 6,
            Role::LeftField => 7,
            Role::CenterField => 8,
            Role::RightField => 9,
            _ => return None,
        })
    }

    /// One player of the role in words ("catcher"), for messages.
    pub fn noun(self) -> &'static str {
        match self {
            Role::Pitcher => "pitcher",
            Role::Catcher => "catcher",
            Role::FirstBase => "first baseman",
            Role::SecondBase => "second baseman",
            Role::ThirdBase => "third baseman",
            Role::Shortstop => "shortstop",
            Role::LeftField => "left fielder",
            Role::CenterField => "center fielder",
            Role::RightField => "right fielder",
            Role::DesignatedHitter => "designated hitter",
            Role::StartingPitcher => "starting pitcher (Ps)",
            Role::ReliefPitcher => "relief pitcher (Pr)",
            Role::Closer => "closer (Pc)",
        }
    }

    /// "a catcher" (every role's noun takes `a`).
    pub fn singular(self) -> String {
        format!("a {}", self.noun())
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for role in Role::ALL {
            assert_eq!(Role::from_code(role.code()), Some(role));
        }
        assert_eq!(Role::from_code("cf"), None);
    }

    #[test]
    fn suggestions_cover_case_slips_and_spellings() {
        assert_eq!(Role::suggestion("cf"), Some(Role::CenterField));
        assert_eq!(Role::suggestion("PS"), Some(Role::StartingPitcher));
        assert_eq!(Role::suggestion("1st"), Some(Role::FirstBase));
        assert_eq!(Role::suggestion("goalkeeper"), None);
    }

    #[test]
    fn major_pitcher_roles_play_as_pitchers() {
        assert_eq!(Role::Closer.position(), Role::Pitcher);
        assert!(Role::ReliefPitcher.is_pitcher());
        assert!(!Role::DesignatedHitter.is_pitcher());
        assert_eq!(Role::StartingPitcher.fielder_number(), Some(1));
        assert_eq!(Role::DesignatedHitter.fielder_number(), None);
    }

    #[test]
    fn major_counts_the_catcher_as_an_infielder() {
        assert!(Role::Catcher.is_infielder());
        assert!(!Role::Pitcher.is_infielder());
        assert!(Role::CenterField.is_outfielder());
    }
}
