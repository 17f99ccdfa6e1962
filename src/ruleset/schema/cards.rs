//! The card rules: what the Defense and Offense decks hold (`deck.*`), how
//! cards cycle between deck, hand, discard pile and the removed pile, the
//! hands (`hand.*`), the memorandum that prices draws and discards in balls
//! and strikes (`memorandum.*`), and the special-card limits (`special.*`).

use serde::{Deserialize, Serialize};

use super::common::{CountChange, Phase, at_least_one};
use super::{Unplayed, Validate, plays};

/// A normal Defense card: a pitch type in a zone (core.cards.defense-normal).
/// Special Defense cards with values play as one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pitch {
    /// Fastball, Strike zone.
    FastballStrike,
    /// Fastball, Ball zone.
    FastballBall,
    /// Curveball, Strike zone.
    CurveballStrike,
    /// Curveball, Ball zone.
    CurveballBall,
    /// Dropball, Strike zone.
    DropballStrike,
    /// Dropball, Ball zone.
    DropballBall,
}

impl Pitch {
    /// Every normal Defense card, in the order the tables list them.
    pub const ALL: [Pitch; 6] = [
        Pitch::FastballStrike,
        Pitch::FastballBall,
        Pitch::CurveballStrike,
        Pitch::CurveballBall,
        Pitch::DropballStrike,
        Pitch::DropballBall,
    ];

    /// The name printed on the card.
    pub fn name(self) -> &'static str {
        match self {
            Pitch::FastballStrike => "Fastball Strike",
            Pitch::FastballBall => "Fastball Ball",
            Pitch::CurveballStrike => "Curveball Strike",
            Pitch::CurveballBall => "Curveball Ball",
            Pitch::DropballStrike => "Dropball Strike",
            Pitch::DropballBall => "Dropball Ball",
        }
    }

    /// Whether the pitch is in the Strike zone.
    pub fn is_strike(self) -> bool {
        matches!(
            self,
            Pitch::FastballStrike | Pitch::CurveballStrike | Pitch::DropballStrike
        )
    }
}

/// A normal Offense card: a batter's action, or the runner's steal card
/// (core.cards.offense-normal). Special Offense cards with values play as
/// one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Response {
    /// HIT FASTBALL.
    HitFastball,
    /// HIT CURVEBALL.
    HitCurveball,
    /// HIT DROPBALL.
    HitDropball,
    /// HIT STRIKE.
    HitStrike,
    /// NO SWING.
    NoSwing,
    /// RUNNER GOES TO 2ND.
    #[serde(rename = "runner_goes_to_2nd")]
    RunnerGoesTo2nd,
}

impl Response {
    /// Every normal Offense card, in the order the tables list them.
    pub const ALL: [Response; 6] = [
        Response::HitFastball,
        Response::HitCurveball,
        Response::HitDropball,
        Response::HitStrike,
        Response::NoSwing,
        Response::RunnerGoesTo2nd,
    ];

    /// The name printed on the card.
    pub fn name(self) -> &'static str {
        match self {
            Response::HitFastball => "HIT FASTBALL",
            Response::HitCurveball => "HIT CURVEBALL",
            Response::HitDropball => "HIT DROPBALL",
            Response::HitStrike => "HIT STRIKE",
            Response::NoSwing => "NO SWING",
            Response::RunnerGoesTo2nd => "RUNNER GOES TO 2ND",
        }
    }
}

/// `deck.size`: how many normal and special cards each deck holds
/// (core.cards.decks: 36 + 14), as the rulebook gives it. The games play
/// the decks the compositions below list; the shipped rulesets' tests
/// check those against this size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DeckSize {
    /// Normal cards per deck.
    pub normal: u8,
    /// Special cards per deck (only in play when specials are).
    pub special: u8,
}

impl Validate for DeckSize {}

/// `deck.defense`: how many copies of each normal Defense card the red deck
/// holds. Every card must be listed (0 is allowed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DefenseDeck {
    /// Fastball Strike cards.
    pub fastball_strike: u8,
    /// Fastball Ball cards.
    pub fastball_ball: u8,
    /// Curveball Strike cards.
    pub curveball_strike: u8,
    /// Curveball Ball cards.
    pub curveball_ball: u8,
    /// Dropball Strike cards.
    pub dropball_strike: u8,
    /// Dropball Ball cards.
    pub dropball_ball: u8,
}

impl DefenseDeck {
    /// Copies of one card.
    pub fn count(&self, pitch: Pitch) -> u8 {
        match pitch {
            Pitch::FastballStrike => self.fastball_strike,
            Pitch::FastballBall => self.fastball_ball,
            Pitch::CurveballStrike => self.curveball_strike,
            Pitch::CurveballBall => self.curveball_ball,
            Pitch::DropballStrike => self.dropball_strike,
            Pitch::DropballBall => self.dropball_ball,
        }
    }

    /// Cards in all.
    pub fn total(&self) -> u32 {
        Pitch::ALL.iter().map(|&p| u32::from(self.count(p))).sum()
    }
}

impl Validate for DefenseDeck {
    fn validate(&self) -> Result<(), String> {
        if self.total() == 0 {
            return Err(NO_CARDS.into());
        }
        Ok(())
    }
}

/// Why a deck of no normal cards cannot be played.
const NO_CARDS: &str = "the deck holds no card: the managers pitch and answer with its cards";

/// `deck.offense`: how many copies of each normal Offense card the blue
/// deck holds. Every card must be listed (0 is allowed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OffenseDeck {
    /// HIT FASTBALL cards.
    pub hit_fastball: u8,
    /// HIT CURVEBALL cards.
    pub hit_curveball: u8,
    /// HIT DROPBALL cards.
    pub hit_dropball: u8,
    /// HIT STRIKE cards.
    pub hit_strike: u8,
    /// NO SWING cards.
    pub no_swing: u8,
    /// RUNNER GOES TO 2ND cards.
    pub runner_goes_to_2nd: u8,
}

impl OffenseDeck {
    /// Copies of one card.
    pub fn count(&self, response: Response) -> u8 {
        match response {
            Response::HitFastball => self.hit_fastball,
            Response::HitCurveball => self.hit_curveball,
            Response::HitDropball => self.hit_dropball,
            Response::HitStrike => self.hit_strike,
            Response::NoSwing => self.no_swing,
            Response::RunnerGoesTo2nd => self.runner_goes_to_2nd,
        }
    }

    /// Cards in all.
    pub fn total(&self) -> u32 {
        Response::ALL
            .iter()
            .map(|&r| u32::from(self.count(r)))
            .sum()
    }
}

impl Validate for OffenseDeck {
    fn validate(&self) -> Result<(), String> {
        if self.total() == 0 {
            return Err(NO_CARDS.into());
        }
        Ok(())
    }
}

/// One kind of special card (marked by a star; core.cards.decks,
/// core.cards.special-values). Either it plays as a normal card with a
/// value added to the player's ability (`plays_as` + `value`), or its
/// effect is immediate (`immediate: true`) and the `special.immediate`
/// hook says what it does. `A` is `Pitch` for Defense, `Response` for
/// Offense.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialCard<A> {
    /// A stable id, passed to `special.immediate` (`strike_out`).
    pub id: String,
    /// The name printed on the card ("Strike Out").
    pub name: String,
    /// Copies in the deck.
    pub count: u8,
    /// The normal card it plays as, for a card with a value.
    pub plays_as: Option<A>,
    /// The value printed in the pitch symbol: added to the pitching ability
    /// (Defense) or the batting ability (Offense) for this play only.
    #[serde(default)]
    pub value: i8,
    /// Whether the effect is immediate (no pitch/response matrix).
    #[serde(default)]
    pub immediate: bool,
}

/// `deck.defense_specials`: the special Defense cards.
pub type DefenseSpecials = Vec<SpecialCard<Pitch>>;

/// `deck.offense_specials`: the special Offense cards.
pub type OffenseSpecials = Vec<SpecialCard<Response>>;

impl<A> Validate for Vec<SpecialCard<A>> {
    fn validate(&self) -> Result<(), String> {
        let mut seen = std::collections::BTreeSet::new();
        for card in self {
            if !seen.insert(card.id.as_str()) {
                return Err(format!("special card id `{}` is listed twice", card.id));
            }
            if card.count == 0 {
                return Err(format!("special card `{}` has count 0", card.id));
            }
            match (card.plays_as.is_some(), card.immediate) {
                (true, true) => {
                    return Err(format!(
                        "special card `{}` has both `plays_as` and `immediate: true`",
                        card.id
                    ));
                }
                (false, false) => {
                    return Err(format!(
                        "special card `{}` needs `plays_as` (a card with a value) or `immediate: true`",
                        card.id
                    ));
                }
                _ => {}
            }
            if card.immediate && card.value != 0 {
                return Err(format!(
                    "immediate special card `{}` cannot have a `value`",
                    card.id
                ));
            }
        }
        Ok(())
    }
}

/// Where a card goes once it leaves a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pile {
    /// The discard pile beside its deck: shuffled into a new deck when the
    /// deck runs out.
    DiscardPile,
    /// Out of the game for good (kept in front of the manager).
    Removed,
}

/// `deck.cycle`: where played and discarded cards go, and how a used-up
/// deck is rebuilt (core.deck.reshuffle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DeckCycle {
    /// Normal cards played as a pitch or a response.
    pub played: Pile,
    /// Cards discarded by the memorandum or swapped away.
    pub discarded: Pile,
    /// Special cards once played (single use).
    pub played_specials: Pile,
    /// Whether discarded cards lie face up (visible to the opponent).
    pub discards_face_up: bool,
    /// Whether a used-up deck is rebuilt by shuffling its discard pile.
    pub reshuffle_when_empty: bool,
}

impl Validate for DeckCycle {
    // `discards_face_up` takes either value: face up, the managers see the
    // discard piles (`agent::View::discards`).
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.played == Pile::DiscardPile,
            "played",
            "discard_pile",
            "a normal card played goes on its deck's discard pile",
        )
        .or(plays(
            self.discarded == Pile::DiscardPile,
            "discarded",
            "discard_pile",
            "a card discarded or swapped away goes on its deck's discard pile",
        ))
        .or(plays(
            self.played_specials == Pile::Removed,
            "played_specials",
            "removed",
            "a special card once played leaves the game",
        ))
        .or(plays(
            self.reshuffle_when_empty,
            "reshuffle_when_empty",
            "true",
            "a used-up deck is rebuilt by shuffling its discard pile",
        ))
    }
}

/// `hand.limits`: how many cards a hand may hold (core.hand.initial). A
/// manager keeps one hand per deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HandLimits {
    /// The fewest cards a hand may hold when a new batter comes up.
    #[serde(deserialize_with = "at_least_one")]
    pub min: u8,
    /// The most cards a hand may hold.
    pub max: u8,
}

impl Validate for HandLimits {
    fn validate(&self) -> Result<(), String> {
        if self.min > self.max {
            return Err(format!(
                "`min` ({}) is above `max` ({})",
                self.min, self.max
            ));
        }
        Ok(())
    }
}

/// When the managers draw their first hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InitialDraw {
    /// Both managers draw a Defense hand and an Offense hand before the
    /// first pitch (core.hand.initial).
    GameStart,
    /// Each manager draws a hand of a deck the first time he plays that
    /// phase: the top of the first inning for one hand, the bottom for the
    /// other; the hands are then kept from inning to inning
    /// (faq.cards.initial, major.2.13.cards-setup).
    FirstPhase,
}

/// `hand.initial`: the first hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HandInitial {
    /// Cards in a first hand.
    pub size: u8,
    /// When they are drawn.
    pub draw: InitialDraw,
    /// Whether these draws are free (not priced by the memorandum).
    pub free: bool,
}

impl Validate for HandInitial {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.free,
            "free",
            "true",
            "the first hands are dealt without a price in balls or strikes",
        )
    }
}

/// `hand.forced_draw`: the draws a manager cannot refuse
/// (core.hand.forced-draw). They are priced at once by the memorandum line
/// for the number of cards drawn together (two cards: `draw_2`), and a
/// forced draw before the first pitch is that manager's memorandum choice
/// for the batter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ForcedDraw {
    /// Facing a new batter with fewer cards than this, draw up to it.
    #[serde(deserialize_with = "at_least_one")]
    pub new_batter_draw_to: u8,
    /// Running out of cards during an at-bat, draw this many.
    #[serde(deserialize_with = "at_least_one")]
    pub empty_hand_draws: u8,
    /// Whether a card drawn during an at-bat must then be played (if the
    /// draw's price did not already end the at-bat).
    pub play_drawn_card: bool,
}

impl Validate for ForcedDraw {
    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.play_drawn_card,
            "play_drawn_card",
            "true",
            "a manager who drew his one card during an at-bat plays it",
        )
    }
}

/// `memorandum.defense` / `memorandum.offense`: the price, in balls and
/// strikes on the new batter's count, of drawing or discarding one or two
/// cards (core.hand.memorandum). Read as in the rulebook's table: "draw 1"
/// is the memorandum's `+1`, "discard 1" its `-1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Memorandum {
    /// Draw one card.
    pub draw_1: CountChange,
    /// Draw two cards.
    pub draw_2: CountChange,
    /// Discard one card.
    pub discard_1: CountChange,
    /// Discard two cards.
    pub discard_2: CountChange,
}

impl Memorandum {
    /// The price of drawing (`draw`) or discarding `cards` cards; `None`
    /// for a number the table does not price.
    pub fn price(&self, draw: bool, cards: u8) -> Option<CountChange> {
        match (draw, cards) {
            (_, 0) => Some(CountChange::default()),
            (true, 1) => Some(self.draw_1),
            (true, 2) => Some(self.draw_2),
            (false, 1) => Some(self.discard_1),
            (false, 2) => Some(self.discard_2),
            _ => None,
        }
    }

    /// The price of a forced draw of `cards` cards (core.hand.forced-draw):
    /// the table's line for that many, or `draw_1` for each card where the
    /// table prices no line (a house rule's draw of three or more).
    pub fn forced_draw_price(&self, cards: u8) -> CountChange {
        self.price(true, cards).unwrap_or(CountChange {
            balls: self.draw_1.balls.saturating_mul(cards),
            strikes: self.draw_1.strikes.saturating_mul(cards),
        })
    }
}

impl Validate for Memorandum {}

/// `memorandum.per_batter`: how the memorandum is used before the first
/// pitch to a new batter.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MemorandumUse {
    /// The most cards one manager may draw or discard per batter.
    pub max_cards: u8,
    /// Who chooses first.
    pub order: Vec<Phase>,
    /// Whether a manager may both draw and discard for the same batter
    /// (no: he picks one line of the memorandum).
    pub mix: bool,
}

impl Validate for MemorandumUse {
    fn validate(&self) -> Result<(), String> {
        if self.order.len() != 2 || self.order[0] == self.order[1] {
            return Err("`order` must name `defense` and `offense` once each".into());
        }
        if self.max_cards > 2 {
            return Err(format!(
                "`max_cards: {}`: the memorandum prices one or two cards (`draw_1`, `draw_2`, \
                 `discard_1`, `discard_2`), so a manager draws or discards 0 to 2",
                self.max_cards
            ));
        }
        Ok(())
    }

    fn unplayed(&self) -> Option<Unplayed> {
        plays(
            self.order == [Phase::Defense, Phase::Offense],
            "order",
            "[defense, offense]",
            "the defense makes its memorandum choice first, then the offense",
        )
        .or(plays(
            !self.mix,
            "mix",
            "false",
            "a manager takes one line of the memorandum for a batter: he draws or discards, \
             not both",
        ))
    }
}

/// `special.limits`: how many special cards a manager may play
/// (pro.special.limits, major.3.3.special).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialLimits {
    /// Per manager per game.
    pub per_game: u8,
    /// Per manager per inning while on defense.
    pub per_inning_defense: u8,
    /// Per manager per inning while on offense.
    pub per_inning_offense: u8,
    /// Per manager per inning in all.
    pub per_inning_total: u8,
}

impl Validate for SpecialLimits {}

/// When a special card may be swapped for a new card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SwapWhen {
    /// Whenever the manager likes.
    AnyTime,
    /// When the special cannot be played (a limit is reached), or the hand
    /// holds nothing but specials.
    UnplayableOrOnlySpecials,
    /// Only when the hand holds nothing but specials.
    OnlySpecials,
}

/// `special.swap`: discarding a special card for the top card of the deck
/// (pro.special.swap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialSwap {
    /// When it is allowed.
    pub when: SwapWhen,
    /// The price for the manager on defense.
    pub defense_cost: CountChange,
    /// The price for the manager on offense.
    pub offense_cost: CountChange,
}

impl Validate for SpecialSwap {}
