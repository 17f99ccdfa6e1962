//! Players and teams: whether Player cards are used (`players.cards`), what
//! each role may do (`players.roles`), the roster and the draft
//! (`roster.limits`, `draft.*`), the starting lineup and substitutions
//! (`lineup.*`), and the pitcher's Status track (`stamina.track`).

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::common::Side;
use super::{Unplayed, Validate, plays};
use crate::team::Role;

/// `players.cards`: whether the game uses Player cards, and which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerCards {
    /// Whether Player cards are in play (BASIC removes them: fixed values
    /// stand in; core.level.basic).
    pub used: bool,
    /// Whether the Player cards of the base box are allowed (MAJOR allows
    /// only league-made cards; major.1.1.materials).
    pub base_box: bool,
}

impl Validate for PlayerCards {}

/// Where a role plays in the field. The engine plays the baseball
/// positions' own places: pitchers and C, 1B, 2B, 3B, SS in the infield
/// (movement, BASIC action points, MAJOR catches), LF, CF, RF in the
/// outfield, the DH nowhere (`FieldGroup::of`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldGroup {
    /// Inside the diamond.
    Infield,
    /// In the outfield.
    Outfield,
    /// Never fields (the DH).
    None,
}

impl FieldGroup {
    /// Where the engine fields a role.
    pub fn of(role: Role) -> FieldGroup {
        match role.position() {
            Role::DesignatedHitter => FieldGroup::None,
            r if r.is_outfielder() => FieldGroup::Outfield,
            _ => FieldGroup::Infield,
        }
    }
}

/// When a pitcher of a role may take the mound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PitcherUse {
    /// May start the game.
    pub starts: bool,
    /// May come in as a reliever.
    pub relieves: bool,
    /// The first inning (as numbered in a full game) in which he may pitch
    /// in relief.
    pub from_inning: u8,
}

/// What one role does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RoleSpec {
    /// Where he fields.
    pub fields: FieldGroup,
    /// For pitcher roles, when he may pitch.
    #[serde(default)]
    pub pitches: Option<PitcherUse>,
}

/// `players.roles`: every role the ruleset knows, with where it fields and
/// whether it pitches (core.defense.positioning, major.1.3.1.pitcher-roles).
pub type Roles = IndexMap<Role, RoleSpec>;

impl Validate for Roles {
    fn validate(&self) -> Result<(), String> {
        if !self.values().any(|r| r.pitches.is_some_and(|p| p.starts)) {
            return Err("no role may start as pitcher".into());
        }
        if let Some((role, _)) = self
            .iter()
            .find(|(_, spec)| spec.pitches.is_some_and(|p| p.from_inning == 0))
        {
            return Err(format!(
                "`{}` may pitch from inning 0: innings are numbered from 1",
                role.code()
            ));
        }
        Ok(())
    }

    /// A role fielding elsewhere than its position does: the engine places
    /// and moves the fielders by position (the pitcher and C, 1B, 2B, 3B,
    /// SS in the infield, LF, CF, RF in the outfield).
    fn unplayed(&self) -> Option<Unplayed> {
        let (role, _) = self
            .iter()
            .find(|(role, spec)| spec.fields != FieldGroup::of(**role))?;
        plays(
            false,
            role.code(),
            match FieldGroup::of(*role) {
                FieldGroup::Infield => "{fields: infield}",
                FieldGroup::Outfield => "{fields: outfield}",
                FieldGroup::None => "{fields: none}",
            },
            "each role fields where its position does: pitchers and C, 1B, 2B, 3B, SS in the \
             infield, LF, CF, RF in the outfield, the DH nowhere",
        )
    }
}

/// `roster.limits`: what a team's roster must hold (pro.draft,
/// major.1.2.roster). Passed as a map to the `roster.check` hook; PRO's
/// hook reads every field, so PRO's draft and MAJOR's roster differ only
/// here.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RosterLimits {
    /// The most cards on the roster (a player with two roles counts twice).
    pub max_players: u8,
    /// The fewest pitchers (any pitcher role).
    pub min_pitchers: u8,
    /// The most pitchers, if limited.
    #[serde(default)]
    pub max_pitchers: Option<u8>,
    /// Pitcher roles the roster must hold at least once each.
    #[serde(default)]
    pub required_pitcher_roles: Vec<Role>,
    /// The fewest designated hitters.
    pub min_dh: u8,
    /// The most designated hitters, if limited.
    #[serde(default)]
    pub max_dh: Option<u8>,
    /// Exactly this many players for each of C, 1B, 2B, 3B, SS, LF, CF, RF,
    /// if fixed.
    #[serde(default)]
    pub per_fielding_role: Option<u8>,
    /// The fewest infielders (C, 1B, 2B, 3B, SS).
    pub min_infielders: u8,
    /// The fewest outfielders (LF, CF, RF).
    pub min_outfielders: u8,
    /// How many roles one name may hold (on different cards).
    pub max_roles_per_name: u8,
    /// Whether two players of the same role must differ in star quality.
    pub unique_star_per_role: bool,
    /// The most players with BASE RUN above `fast_runner_above`, if limited.
    #[serde(default)]
    pub max_fast_runners: Option<u8>,
    /// The BASE RUN above which a player is a fast runner.
    #[serde(default)]
    pub fast_runner_above: Option<u8>,
}

impl Validate for RosterLimits {}

/// `draft.order`: how the managers take Player cards in turn (pro.draft).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DraftOrder {
    /// Who picks first.
    pub first: Side,
    /// Cards taken by the first pick.
    pub first_pick: u8,
    /// Cards taken by every later pick, alternating.
    pub picks_per_turn: u8,
}

impl Validate for DraftOrder {
    fn validate(&self) -> Result<(), String> {
        if self.first_pick == 0 || self.picks_per_turn == 0 {
            return Err("`first_pick` and `picks_per_turn` must be at least 1 card".into());
        }
        Ok(())
    }
}

/// `draft.split`: the teams without a draft (pro.draft.none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DraftSplit {
    /// Card numbers `[first, last]` of one team; the rest is the other.
    pub first_team: [u8; 2],
    /// Who chooses which team to take.
    pub chooser: Side,
}

impl Validate for DraftSplit {
    fn validate(&self) -> Result<(), String> {
        if self.first_team[0] > self.first_team[1] {
            return Err("`first_team` must be `[first, last]` with first <= last".into());
        }
        Ok(())
    }
}

/// `lineup.rules`: what a starting lineup must hold (pro.lineup,
/// major.1.3.lineup). Passed as a map to the `lineup.check` hook, and to
/// `roster.check`, which checks that some starting team fits the cap.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LineupRules {
    /// The most the starters' star quality may add up to.
    pub star_quality_max: u8,
    /// Fielding positions filled once each, besides the pitcher.
    pub positions: Vec<Role>,
    /// Roles that may start as pitcher.
    pub starting_pitcher: Vec<Role>,
    /// Whether the pitcher bats in the slot where the face-down DH card
    /// lies when the game has no DH.
    pub pitcher_bats_in_dh_slot: bool,
}

impl Validate for LineupRules {
    fn validate(&self) -> Result<(), String> {
        if self.starting_pitcher.is_empty() {
            return Err("`starting_pitcher` must name at least one role".into());
        }
        // The engine fields all nine positions: the pitcher and these.
        let mut positions = self.positions.clone();
        positions.sort();
        if positions != Role::FIELDERS {
            let names: Vec<&str> = Role::FIELDERS.iter().map(|r| r.code()).collect();
            return Err(format!(
                "`positions` must name {} once each: a team fields all nine positions",
                names.join(", ")
            ));
        }
        Ok(())
    }

    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.pitcher_bats_in_dh_slot,
            "pitcher_bats_in_dh_slot",
            "true",
            "without a DH the pitcher bats in the slot the DH would have",
        )
    }
}

/// When the star quality cap is checked after substitutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StarCheck {
    /// At the start of each of the team's defensive half innings.
    StartOfDefense,
    /// After every substitution.
    Always,
}

/// `lineup.substitution`: replacing players (pro.substitution,
/// major.1.3.2.substitutions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Substitution {
    /// Whether a replaced player may come back.
    pub replaced_may_return: bool,
    /// When the star quality cap must hold.
    pub star_check: StarCheck,
    /// Whether every fielding role must be covered while on defense.
    pub roles_covered_on_defense: bool,
}

impl Validate for Substitution {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.star_check == StarCheck::Always,
            "star_check",
            "always",
            "a change that would take the players in the game over the star cap is refused \
             when it is made (docs/rules-notes.md)",
        )
        .or(plays(
            self.roles_covered_on_defense,
            "roles_covered_on_defense",
            "true",
            "a substitute takes the role of the player he replaces",
        ))
    }
}

/// `stamina.track`: the Status Pitcher track (pro.stamina). Cell `i`
/// (leftmost first) is where the token stands with stamina `i + 1`; its
/// number is added to the pitcher's pitching values (0, -1 or -2). A
/// pitcher whose stamina reaches 0 must be replaced.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct StaminaTrack {
    /// The pitching modifier of each cell, leftmost first.
    pub cells: Vec<i8>,
}

impl StaminaTrack {
    /// The pitching modifier at a stamina value (0 past either end).
    pub fn modifier(&self, stamina: i64) -> i8 {
        usize::try_from(stamina - 1)
            .ok()
            .and_then(|i| self.cells.get(i).copied())
            .unwrap_or(0)
    }
}

impl Validate for StaminaTrack {
    fn validate(&self) -> Result<(), String> {
        if self.cells.is_empty() || self.cells.len() > 20 {
            return Err("`cells` must list 1 to 20 cells".into());
        }
        if self.cells.iter().any(|&c| c > 0) {
            return Err("a cell may only lower the pitching values (0, -1, -2 ...)".into());
        }
        Ok(())
    }
}
