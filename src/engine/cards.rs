//! The Defense and Offense cards in play: `Card` (what a card is), `CardId`
//! (one physical card of a deck), and `Deck` (draw pile, discard pile and
//! removed cards). Every card of a deck is, at every moment, in exactly one
//! of: the draw pile, a hand, the discard pile, the removed pile.

use serde::{Deserialize, Serialize};

use crate::ruleset::schema::{DefenseDeck, OffenseDeck, Pitch, Response};

/// Which deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckKind {
    /// The red Defense deck: pitches.
    Defense,
    /// The blue Offense deck: batter and runner actions.
    Offense,
}

impl DeckKind {
    /// Both decks, Defense first.
    pub const BOTH: [DeckKind; 2] = [DeckKind::Defense, DeckKind::Offense];

    /// Index into per-deck arrays.
    pub fn index(self) -> usize {
        match self {
            DeckKind::Defense => 0,
            DeckKind::Offense => 1,
        }
    }
}

/// What a card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// A Defense card: a pitch type and zone.
    Pitch(Pitch),
    /// An Offense card: a batter or runner action.
    Response(Response),
    /// A special card with an immediate effect (Strike Out, One Base Hit):
    /// its index in its deck's special cards. Specials with a value play
    /// as the normal card they name.
    Immediate(u8),
}

impl Card {
    /// The card's printed name (an immediate special's is in its deck's
    /// list: `DeckList::name`).
    pub fn name(self) -> &'static str {
        match self {
            Card::Pitch(p) => p.name(),
            Card::Response(r) => r.name(),
            Card::Immediate(_) => "special card",
        }
    }
}

/// What an immediate special card does in one situation
/// (`special.immediate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effect {
    /// The batter is out.
    pub out: bool,
    /// The base the batter reaches (0: none).
    pub batter: u8,
    /// Where the runners of first, second and third end (0: no runner, 4:
    /// he scores).
    pub runners: [u8; 3],
}

/// A special card of a deck (core.cards.decks, core.cards.special-values).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Special {
    /// Its stable id (`strike_out`), as events hold it.
    pub id: &'static str,
    /// Its printed name, as events hold it.
    pub name: &'static str,
    /// The value added to its player's ability for the play.
    pub value: i8,
    /// For an immediate card, its effect in each situation: index
    /// `runners * 3 + outs`, `runners` a bit per occupied base (first = 1).
    pub effects: Option<Vec<Effect>>,
}

impl Special {
    /// The situation index of `effects`.
    pub fn situation(on_base: [bool; 3], outs: u8) -> usize {
        let mask = on_base
            .iter()
            .enumerate()
            .fold(0, |m, (i, &b)| m | (usize::from(b) << i));
        mask * 3 + usize::from(outs.min(2))
    }
}

/// One physical card: its index in its deck's composition table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u8);

/// The composition of a deck: the card each `CardId` is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckList {
    cards: Vec<Card>,
    /// For each card, its special card's index in `specials`.
    special_of: Vec<Option<u8>>,
    /// The deck's special cards, once each.
    specials: Vec<Special>,
}

impl DeckList {
    /// The Defense deck's normal cards, in the table's order.
    pub fn defense(deck: &DefenseDeck) -> Self {
        let cards = Pitch::ALL
            .iter()
            .flat_map(|&p| std::iter::repeat_n(Card::Pitch(p), usize::from(deck.count(p))))
            .collect();
        Self::normal(cards)
    }

    fn normal(cards: Vec<Card>) -> Self {
        Self {
            special_of: vec![None; cards.len()],
            cards,
            specials: Vec::new(),
        }
    }

    /// Adds `count` copies of a special card after the deck's cards: an
    /// immediate one (`plays_as: None`) or one that plays as a normal card.
    pub fn add_special(&mut self, special: Special, plays_as: Option<Card>, count: u8) {
        let index = self.specials.len() as u8;
        let card = plays_as.unwrap_or(Card::Immediate(index));
        for _ in 0..count {
            self.cards.push(card);
            self.special_of.push(Some(index));
        }
        self.specials.push(special);
    }

    /// The special card a card is, if it is one.
    pub fn special(&self, id: CardId) -> Option<&Special> {
        let index = (*self.special_of.get(usize::from(id.0))?)?;
        self.specials.get(usize::from(index))
    }

    /// Whether a card is a special card: `special` without fetching it.
    pub fn is_special(&self, id: CardId) -> bool {
        self.special_of
            .get(usize::from(id.0))
            .is_some_and(Option::is_some)
    }

    /// Whether the deck holds any special card.
    pub fn has_specials(&self) -> bool {
        !self.specials.is_empty()
    }

    /// An immediate special by its index (`Card::Immediate`).
    pub fn immediate(&self, index: u8) -> Option<&Special> {
        self.specials.get(usize::from(index))
    }

    /// A card's printed name, specials included.
    pub fn name(&self, id: CardId) -> &'static str {
        match self.special(id) {
            Some(s) => s.name,
            None => self.card(id).name(),
        }
    }

    /// The Offense deck's normal cards, in the table's order.
    pub fn offense(deck: &OffenseDeck) -> Self {
        let cards = Response::ALL
            .iter()
            .flat_map(|&r| std::iter::repeat_n(Card::Response(r), usize::from(deck.count(r))))
            .collect();
        Self::normal(cards)
    }

    /// What a card is.
    pub fn card(&self, id: CardId) -> Card {
        self.cards[usize::from(id.0)]
    }

    /// How many cards the deck has.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the deck has no cards.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Every card id, in order.
    pub fn ids(&self) -> impl Iterator<Item = CardId> {
        (0..self.cards.len()).map(|i| CardId(i as u8))
    }
}

/// A deck in play: the face-down draw pile (top is the end), the discard
/// pile, and the cards out of the game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    /// Face-down cards; the last one is drawn next.
    pub draw: Vec<CardId>,
    /// Played and discarded cards, waiting to be reshuffled.
    pub discard: Vec<CardId>,
    /// Cards out of the game (played specials).
    pub removed: Vec<CardId>,
}

impl Deck {
    /// Draws the top card, if any.
    pub fn draw(&mut self) -> Option<CardId> {
        self.draw.pop()
    }
}
