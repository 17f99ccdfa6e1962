//! The heuristic manager's special cards: he plays an immediate card
//! (Strike Out, One Base Hit) as soon as the limits let him, plays the
//! special with the highest value among the cards of the kind he chose,
//! gives up his least useful card against an immediate pitch, and swaps a
//! special away only when nothing else can be played.

use crate::agent::Legal;
use crate::engine::{Action, Card, CardId, DeckList};

/// A playable immediate special card, if he holds one.
pub(super) fn immediate(deck: &DeckList, playable: &[CardId]) -> Option<CardId> {
    // An immediate card is a special one.
    if !deck.has_specials() {
        return None;
    }
    playable
        .iter()
        .copied()
        .find(|&c| matches!(deck.card(c), Card::Immediate(_)))
}

/// Among the cards of `hand` that play as `chosen` does, the one with the
/// highest special value (a normal card is worth 0), the lowest on a tie,
/// when he may play the hand's special cards (`specials`, see
/// `HeuristicAgent::plan`); else `chosen`. `chosen` is the lowest of the
/// cards he may play that play as it does. Inlined: every pitch and
/// response asks, and without specials to play it is `chosen` at once.
#[inline]
pub(super) fn strongest(
    deck: &DeckList,
    hand: &[CardId],
    chosen: CardId,
    specials: bool,
) -> CardId {
    if !specials {
        // Every card he may play is worth 0.
        return chosen;
    }
    debug_assert_eq!(
        hand.iter()
            .copied()
            .filter(|&c| deck.card(c) == deck.card(chosen))
            .min(),
        Some(chosen)
    );
    strongest_special(deck, hand, chosen)
}

/// `strongest` in a deck with specials.
fn strongest_special(deck: &DeckList, playable: &[CardId], chosen: CardId) -> CardId {
    let cards = playable.iter().copied();
    if deck.is_special(chosen) {
        // A normal card may beat it (a special may be worth less than 0).
        return strongest_of(deck, cards, chosen).unwrap_or(chosen);
    }
    // A normal card is worth 0 and `chosen` is the lowest of its kind: only
    // a special worth more beats it, so no other normal card is weighed.
    strongest_of(deck, cards.filter(|&c| deck.is_special(c)), chosen)
        .filter(|&c| special_value(deck, c) > 0)
        .unwrap_or(chosen)
}

/// Among `cards`, the one playing as `chosen` does with the highest special
/// value, the lowest on a tie.
fn strongest_of(
    deck: &DeckList,
    cards: impl Iterator<Item = CardId>,
    chosen: CardId,
) -> Option<CardId> {
    let kind = deck.card(chosen);
    cards
        .filter(|&c| deck.card(c) == kind)
        .max_by_key(|&c| (special_value(deck, c), std::cmp::Reverse(c)))
}

/// A card's special value (a normal card's is 0).
fn special_value(deck: &DeckList, c: CardId) -> i8 {
    deck.special(c).map_or(0, |s| s.value)
}

/// The card to give up against an immediate pitch: a normal card before a
/// special.
pub(super) fn give_up(deck: &DeckList, hand: &[CardId]) -> Option<CardId> {
    hand.iter()
        .copied()
        .find(|&c| deck.special(c).is_none())
        .or_else(|| hand.first().copied())
}

/// A swap, when the rules offer one (nothing else could be played).
pub(super) fn swap(hand: &[CardId], legal: &Legal<'_>) -> Option<Action> {
    hand.iter()
        .map(|&c| Action::Swap(c))
        .find(|a| legal.allows(a))
}
