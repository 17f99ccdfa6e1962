//! `PlayerCard`: one Player card of the PRO and MAJOR levels
//! (pro.player-card) as the engine reads it: batting and pitching values,
//! star quality, base run, direction numbers, action points and throw
//! minimums. Also owns the ranges every value must lie in (`limits`), which
//! the shape check and the loader share.

use serde::{Deserialize, Serialize};

use super::role::Role;

/// The ranges of the values on a card. The documents give no ranges; these
/// are assumptions, written down in docs/teams.md.
pub mod limits {
    use std::ops::RangeInclusive;

    /// F/C/D batting and pitching values: added to / subtracted from 2d6 for
    /// the hit distance, so single digits.
    pub const ABILITY: RangeInclusive<u8> = 0..=9;
    /// Star quality S: nine or ten starters share a cap of 30.
    pub const STAR: RangeInclusive<u8> = 0..=9;
    /// Base run A: numbered circles per move (5 circles from base to base).
    pub const RUN: RangeInclusive<u8> = 1..=9;
    /// Action points B.
    pub const ACTION: RangeInclusive<u8> = 1..=9;
    /// A throw minimum X: the first die must reach it, but a short throw
    /// adds later rolls to the first (major.3.8.1), so a weak arm may need
    /// more than 6: up to two dice's worth.
    pub const THROW: RangeInclusive<u8> = 1..=12;
    /// A die face, in the direction numbers Z.
    pub const FACE: RangeInclusive<u8> = 1..=6;
    /// The highest card number of the base box (its 50 black cards).
    pub const BASE_BOX_NUMBERS: u32 = 50;
}

/// One Player card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerCard {
    /// The player's name.
    pub name: String,
    /// N: the card number, unique within a team (1-50 in the base box).
    pub number: u32,
    /// Pos.: the role printed on the card.
    pub role: Role,
    /// For a card whose role is `P`: the MAJOR pitcher role it plays (P, Ps,
    /// Pr or Pc). Lets a base-style card carry a MAJOR role; absent means
    /// the printed role.
    pub major_role: Option<Role>,
    /// F, C, D as a batter.
    pub bat: Abilities,
    /// F, C, D as a pitcher (pitchers only; each at least the batting one).
    pub pitch: Option<Abilities>,
    /// S: star quality.
    pub star: u8,
    /// A: base run, the most circles moved on offense per turn.
    pub run: u8,
    /// Z: which die faces send the ball in which direction.
    pub dirs: Directions,
    /// B: action points on defense.
    pub action: u8,
    /// X: minimum die results to throw to each base and cutoff.
    pub throws: Throws,
    /// A card of the base box (major.1.1.materials forbids them).
    pub base_box: bool,
}

impl PlayerCard {
    /// Whether the card is a pitcher of any kind.
    pub fn is_pitcher(&self) -> bool {
        self.role.is_pitcher()
    }

    /// The position it plays at PRO level (Ps, Pr, Pc play as P).
    pub fn position(&self) -> Role {
        self.role.position()
    }

    /// The role MAJOR counts it under: for pitchers P, Ps, Pr or Pc (the
    /// `major_role` when given, else the printed role); else the role.
    pub fn major_role(&self) -> Role {
        if self.is_pitcher() {
            self.major_role.unwrap_or(self.role)
        } else {
            self.role
        }
    }

    /// The role the card counts as under a ruleset that knows the roles
    /// `known` says it knows (`players.roles`): a pitcher's MAJOR role
    /// where the ruleset knows it, else `P`; any other card its role.
    pub fn counted_role(&self, known: impl Fn(&Role) -> bool) -> Role {
        if !self.is_pitcher() {
            return self.role;
        }
        let major = self.major_role();
        if known(&major) { major } else { Role::Pitcher }
    }

    /// The batting direction (1-6) a die face sends this batter's ball to.
    pub fn direction(&self, face: u8) -> Option<u8> {
        self.dirs.direction(face)
    }

    /// `#7 Joe de Majo`, for messages.
    pub fn label(&self) -> String {
        format!("#{} {}", self.number, self.name)
    }
}

/// The three values for fastball, curveball and dropball (F, C, D).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Abilities {
    /// F.
    pub fastball: u8,
    /// C.
    pub curveball: u8,
    /// D.
    pub dropball: u8,
}

impl Abilities {
    /// The values with their letters, in card order.
    pub fn lettered(&self) -> [(&'static str, u8); 3] {
        [
            ("F", self.fastball),
            ("C", self.curveball),
            ("D", self.dropball),
        ]
    }
}

/// Z: for each batting direction 1-6, the die faces that send the ball
/// there. A valid card uses each face 1-6 exactly once; a direction may
/// have none.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Directions(pub [Vec<u8>; 6]);

impl Directions {
    /// The direction (1-6) that lists a face.
    pub fn direction(&self, face: u8) -> Option<u8> {
        self.0
            .iter()
            .position(|faces| faces.contains(&face))
            .and_then(|i| u8::try_from(i + 1).ok())
    }

    /// The faces of a direction (1-6).
    pub fn faces(&self, direction: u8) -> &[u8] {
        usize::from(direction)
            .checked_sub(1)
            .and_then(|i| self.0.get(i))
            .map_or(&[], Vec::as_slice)
    }
}

/// Where a throw goes: a base or one of the two cutoffs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ThrowTarget {
    /// First base.
    First,
    /// Second base.
    Second,
    /// Third base.
    Third,
    /// Home plate.
    Home,
    /// The cutoff between first and second.
    Cut12,
    /// The cutoff between second and third.
    Cut23,
}

impl ThrowTarget {
    /// All targets, in the order of `Throws`' keys.
    pub const ALL: [ThrowTarget; 6] = [
        ThrowTarget::First,
        ThrowTarget::Second,
        ThrowTarget::Third,
        ThrowTarget::Home,
        ThrowTarget::Cut12,
        ThrowTarget::Cut23,
    ];

    /// The key in team files.
    pub fn key(self) -> &'static str {
        match self {
            ThrowTarget::First => "first",
            ThrowTarget::Second => "second",
            ThrowTarget::Third => "third",
            ThrowTarget::Home => "home",
            ThrowTarget::Cut12 => "cut_1_2",
            ThrowTarget::Cut23 => "cut_2_3",
        }
    }
}

/// X: the minimum die result for each throw; `None` means the player can
/// never make that throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Throws {
    /// To first base.
    pub first: Option<u8>,
    /// To second base.
    pub second: Option<u8>,
    /// To third base.
    pub third: Option<u8>,
    /// To home plate.
    pub home: Option<u8>,
    /// To the cutoff between first and second.
    pub cut_1_2: Option<u8>,
    /// To the cutoff between second and third.
    pub cut_2_3: Option<u8>,
}

impl Throws {
    /// The minimum for a target, if the throw can happen.
    pub fn minimum(&self, target: ThrowTarget) -> Option<u8> {
        match target {
            ThrowTarget::First => self.first,
            ThrowTarget::Second => self.second,
            ThrowTarget::Third => self.third,
            ThrowTarget::Home => self.home,
            ThrowTarget::Cut12 => self.cut_1_2,
            ThrowTarget::Cut23 => self.cut_2_3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs() -> Directions {
        Directions([vec![1, 2], vec![3], vec![], vec![4], vec![5], vec![6]])
    }

    #[test]
    fn a_face_finds_its_direction() {
        let d = dirs();
        assert_eq!(d.direction(2), Some(1));
        assert_eq!(d.direction(4), Some(4));
        assert_eq!(d.direction(7), None);
        assert!(d.faces(3).is_empty());
        assert!(d.faces(0).is_empty());
        assert_eq!(d.faces(6), &[6]);
    }

    #[test]
    fn major_role_defaults_to_the_printed_role() {
        let mut card = PlayerCard {
            name: "Test".into(),
            number: 1,
            role: Role::Pitcher,
            major_role: None,
            bat: Abilities {
                fastball: 1,
                curveball: 1,
                dropball: 1,
            },
            pitch: None,
            star: 1,
            run: 3,
            dirs: dirs(),
            action: 3,
            throws: Throws::default(),
            base_box: false,
        };
        assert_eq!(card.major_role(), Role::Pitcher);
        card.major_role = Some(Role::Closer);
        assert_eq!(card.major_role(), Role::Closer);
        assert_eq!(card.position(), Role::Pitcher);
        card.role = Role::Catcher;
        assert_eq!(card.major_role(), Role::Catcher);
    }

    #[test]
    fn a_missing_throw_never_happens() {
        let t = Throws {
            second: Some(4),
            ..Throws::default()
        };
        assert_eq!(t.minimum(ThrowTarget::Second), Some(4));
        assert_eq!(t.minimum(ThrowTarget::Home), None);
    }
}
