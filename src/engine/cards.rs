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
}

impl Card {
    /// The card's printed name.
    pub fn name(self) -> &'static str {
        match self {
            Card::Pitch(p) => p.name(),
            Card::Response(r) => r.name(),
        }
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
}

impl DeckList {
    /// The Defense deck's normal cards, in the table's order.
    pub fn defense(deck: &DefenseDeck) -> Self {
        let cards = Pitch::ALL
            .iter()
            .flat_map(|&p| std::iter::repeat_n(Card::Pitch(p), usize::from(deck.count(p))))
            .collect();
        Self { cards }
    }

    /// The Offense deck's normal cards, in the table's order.
    pub fn offense(deck: &OffenseDeck) -> Self {
        let cards = Response::ALL
            .iter()
            .flat_map(|&r| std::iter::repeat_n(Card::Response(r), usize::from(deck.count(r))))
            .collect();
        Self { cards }
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
