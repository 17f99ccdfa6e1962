//! The defense: where fielders stand and how they move (`defense.*`), the
//! action point budget and what actions cost, and fielding a batted ball:
//! ground balls, fly balls, missed and dropped flies, leaps at the fence
//! (`field.*`), and how a ball lies where it lands (`ball.*`).

use serde::{Deserialize, Serialize};

use super::common::{Fielders, at_least_one};
use super::{Unplayed, Validate, plays};

/// How many pawns a square may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PawnsPerSquare {
    /// One pawn of each team (a fielder and a runner may share it).
    OnePerTeam,
    /// One pawn in all.
    One,
}

/// `defense.positioning`: placing the fielders each inning
/// (core.defense.positioning, major.2.8.positioning). The pitcher stands
/// on the mound and the catcher on C; the field file says which squares
/// those are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Positioning {
    /// Infielders (1B, 2B, 3B, SS) start inside the diamond.
    pub infielders_in_diamond: bool,
    /// Outfielders start in the outfield.
    pub outfielders_in_outfield: bool,
    /// CF stands between LF and RF.
    pub center_between_corners: bool,
    /// Pawns per square.
    pub pawns_per_square: PawnsPerSquare,
    /// Whether pawns stay where they are until the next inning unless the
    /// rules move them (no repositioning between batters).
    pub fixed_until_next_inning: bool,
}

impl Validate for Positioning {
    // `pawns_per_square` changes nothing the engine does: runners stand on
    // the base path's circles, never on a square, so either way a square
    // holds one fielder at most (docs/rules-notes.md).
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.infielders_in_diamond,
            "infielders_in_diamond",
            "true",
            "the infielders take their places inside the diamond",
        )
        .or(plays(
            self.outfielders_in_outfield,
            "outfielders_in_outfield",
            "true",
            "the outfielders take their places in the outfield",
        ))
        .or(plays(
            self.center_between_corners,
            "center_between_corners",
            "true",
            "the centre fielder stands between the left and the right fielder",
        ))
        .or(plays(
            self.fixed_until_next_inning,
            "fixed_until_next_inning",
            "true",
            "the fielders are placed once a half inning and move only in play",
        ))
    }
}

/// `defense.movement`: where a fielder may step (core.defense.movement,
/// major.2.10.movement).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    /// Diagonal neighbours count as adjacent (8 neighbours, else 4).
    pub diagonals: bool,
    /// Infielders may step out of the diamond (onto outfield squares).
    pub infielders_leave_diamond: bool,
    /// Outfielders may step into the diamond.
    pub outfielders_enter_diamond: bool,
    /// Texas squares are open to infielders and outfielders alike.
    pub texas_open_to_all: bool,
}

impl Validate for Movement {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.diagonals,
            "diagonals",
            "true",
            "a fielder steps to any of the 8 squares around him, and distances are counted so",
        )
    }
}

/// BASIC's fixed action points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FixedPoints {
    /// An infielder's action points.
    #[serde(deserialize_with = "at_least_one")]
    pub infield: u8,
    /// An outfielder's action points.
    #[serde(deserialize_with = "at_least_one")]
    pub outfield: u8,
}

/// `defense.action_points`: a fielder's action points (basic.defense.ap,
/// pro.defense.ap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionPoints {
    /// Fixed by where he fields: `fixed: {infield: 3, outfield: 4}`.
    Fixed(FixedPoints),
    /// The B value of his Player card: `card`.
    Card,
}

impl Validate for ActionPoints {}

/// Whose action points a defense turn has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Whose {
    /// The fielder the manager declared to play the ball at the start of
    /// the play (a fielder already on the ball's square plays it).
    ChosenFielder,
    /// The fielder holding the ball; the chosen fielder while nobody holds
    /// it.
    BallHolder,
}

/// `defense.budget`: the action points of a defense turn. They are one
/// pool: any fielder may spend them (core.defense.turn, pro.defense.ap,
/// faq.defense.ap-pool, major.3.7.1.ap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    /// The first defense turn of a play.
    pub first_turn: Whose,
    /// Every later defense turn of the same play.
    pub later_turns: Whose,
    /// Whether any fielder may spend the pool (not only its owner).
    pub any_fielder_moves: bool,
    /// Whether a fielder standing on the loose ball's square plays it, so
    /// that the defense names nobody (major.3.7.1.ap).
    #[serde(default)]
    pub ball_on_fielder_plays: bool,
    /// Whether the loose ball is fielded (caught, picked up, leapt for)
    /// only by the fielder whose points make the turn's budget: the one
    /// named to play it (pro.defense.ap: "dichiarate con chi volete
    /// raccogliere la palla"; major.3.7.2.move: "il giocatore che dovrà
    /// raccogliere la palla"). The others may still move. Default `true`.
    #[serde(default = "chosen_fields_default")]
    pub chosen_fields: bool,
}

/// `Budget::chosen_fields` when a ruleset leaves it out.
fn chosen_fields_default() -> bool {
    true
}

impl Validate for Budget {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.any_fielder_moves,
            "any_fielder_moves",
            "true",
            "any fielder may spend the turn's action points",
        )
    }
}

/// `defense.costs`: action points per action (core.defense.turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Costs {
    /// Moving a fielder one square.
    #[serde(rename = "move")]
    pub step: u8,
    /// One try at picking up a ground ball.
    pub pickup: u8,
    /// One try at catching a fly ball (or leaping at the fence).
    pub catch: u8,
    /// One throw.
    pub throw: u8,
}

impl Validate for Costs {}

/// `defense.move_with_ball`: whether a fielder holding the ball may move,
/// and at what cost (core.defense.turn, major.3.9.move-with-ball).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MoveWithBall {
    /// Who may.
    pub who: Fielders,
    /// Action points for the first square.
    pub first_square: u8,
    /// Action points for each further square.
    pub next_squares: u8,
}

impl Validate for MoveWithBall {
    fn validate(&self) -> Result<(), String> {
        if self.who != Fielders::Nobody && (self.first_square == 0 || self.next_squares == 0) {
            return Err("a square moved with the ball costs at least 1 action point".into());
        }
        Ok(())
    }
}

/// `field.ground_pickup`: picking up a ground ball on the fielder's square
/// (core.field.ground-pickup, faq.defense.auto-pickup, major.3.7.3.ground).
/// Each try costs `defense.costs.pickup`; a miss may be retried while
/// points remain, otherwise the defense turn ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GroundPickup {
    /// The lowest d6 that picks the ball up.
    pub min_die: u8,
    /// After this many failed tries in a turn, the next try is automatic.
    #[serde(default)]
    pub automatic_after_misses: Option<u8>,
    /// From this defense turn of the play on, pickups are automatic.
    #[serde(default)]
    pub automatic_from_turn: Option<u8>,
}

impl Validate for GroundPickup {
    fn validate(&self) -> Result<(), String> {
        if !(1..=7).contains(&self.min_die) {
            return Err("`min_die` must be 1-6 (7: never)".into());
        }
        Ok(())
    }
}

/// `field.catch_minimum`: the d6 needed to catch a fly ball is the squares
/// the catcher moved this turn plus this number (core.field.fly-catch,
/// major.3.7.4.fly).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CatchMinimum {
    /// Added to an infielder's moves.
    pub infielder: u8,
    /// Added to an outfielder's moves.
    pub outfielder: u8,
}

impl CatchMinimum {
    /// The minimum d6 for a fielder who moved `moves` squares.
    pub fn minimum(&self, infielder: bool, moves: u8) -> u8 {
        moves.saturating_add(if infielder {
            self.infielder
        } else {
            self.outfielder
        })
    }
}

impl Validate for CatchMinimum {}

/// Who advances when a fly ball is missed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MissAdvance {
    /// The batter and every runner, one base each.
    AllOneBase,
    /// The batter to first, and one runner of the offense's choice to the
    /// next base he has not reached.
    BatterAndOneRunner,
}

/// How a fallen fly ball is picked up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DroppedPickup {
    /// Automatically, for `defense.costs.pickup`.
    Automatic,
    /// As a ground ball (`field.ground_pickup`).
    GroundBall,
}

/// `field.fly_miss`: a fly ball the catcher tried for and missed
/// (core.field.fly-miss, major.3.7.4.fly).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FlyMiss {
    /// Who advances at once.
    pub advance: MissAdvance,
    /// Whether the defense turn ends at once (else the defense may spend
    /// its remaining points: pick up and throw).
    pub ends_defense_turn: bool,
    /// How the ball is then picked up.
    pub pickup: DroppedPickup,
}

impl Validate for FlyMiss {}

/// `field.let_drop`: a fly ball nobody tries to catch in the first defense
/// turn (core.ball.ground-fly, major.3.7.5.let-drop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LetDrop {
    /// A fly ball may be caught only in the first defense turn of the play;
    /// after it the ball has fallen.
    pub catch_only_first_turn: bool,
    /// The offense may move its runners by their BASE RUN at once, before
    /// the defense spends its remaining points.
    pub offense_runs_at_once: bool,
    /// How the fallen ball is picked up.
    pub pickup: DroppedPickup,
}

impl Validate for LetDrop {}

/// `field.fence_leap`: robbing a home run at the fence
/// (core.field.hr-robbery, major.3.7.4.fly). The fielder must reach the
/// last square of the ball's direction with at least one action point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FenceLeap {
    /// The lowest d6 that catches it.
    pub need: u8,
    /// Only when the batter's 2d6 (the dice alone) were below this.
    pub dice_below: u8,
    /// Who may leap.
    pub fielders: Fielders,
}

impl Validate for FenceLeap {}

/// How a ball lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lie {
    /// On the ground (brown side up): fielded with `field.ground_pickup`.
    Ground,
    /// In the air (green side up): caught with `field.catch_minimum`.
    Fly,
}

/// `ball.lie`: how a batted ball lies by where it lands
/// (core.ball.ground-fly). Texas squares: `ball.texas`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BallLie {
    /// Inside the diamond.
    pub diamond: Lie,
    /// In the outfield.
    pub outfield: Lie,
}

impl Validate for BallLie {}

/// `ball.texas`: a batted ball on a Texas square (core.board.texas,
/// faq.offense.texas). The offense chooses how it lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Texas {
    /// Who may field it on the ground.
    pub ground_fielders: Fielders,
    /// Who may catch it in the air.
    pub fly_fielders: Fielders,
}

impl Validate for Texas {}

/// What a missed Texas fly becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TexasMissBecomes {
    /// A fallen fly on its Texas square, like any missed fly.
    FallenFly,
    /// A ground ball in the diamond (it stops the runners as such).
    GroundInDiamond,
}

/// `ball.texas_missed_fly`: a Texas fly that is not caught
/// (core.field.fly-miss, faq.offense.texas-miss).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TexasMissedFly {
    /// What it becomes from the second defense turn on.
    pub becomes: TexasMissBecomes,
    /// Who may then field it.
    pub fielders: Fielders,
}

impl Validate for TexasMissedFly {}
