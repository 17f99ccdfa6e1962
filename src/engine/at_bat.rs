//! The at-bat: the memorandum before the first pitch (draws and discards
//! priced in balls and strikes, defense first, forced draws), the pitch,
//! the response and its outcome from the `pitch.outcomes` table (ball,
//! strike, hit, hit with bonus, steal), forced draws when a hand runs out,
//! walks and strikeouts.

use super::action::Memo;
use super::cards::{Card, CardId, DeckKind};
use super::event::EventKind;
use super::state::{Phase, Side, State};
use super::{Action, Applied, Engine, Recorder, ev, illegal};
use crate::ruleset::schema::{AgainstImmediate, CountChange, Memorandum, Outcome};

impl Engine<'_> {
    fn deck_of(side: Side, state: &State) -> DeckKind {
        if side == state.defense() {
            DeckKind::Defense
        } else {
            DeckKind::Offense
        }
    }

    fn memo_table(&self, side: Side, state: &State) -> &Memorandum {
        if side == state.defense() {
            &self.rules.memo_defense
        } else {
            &self.rules.memo_offense
        }
    }

    /// The rule key of a side's memorandum.
    fn memo_rule(side: Side, state: &State) -> &'static str {
        if side == state.defense() {
            "memorandum.defense"
        } else {
            "memorandum.offense"
        }
    }

    /// Adds a memorandum price to the count. Returns whether the at-bat is
    /// over (a walk or a strikeout was applied).
    pub(crate) fn charge(
        &self,
        state: &mut State,
        rule: &'static str,
        price: CountChange,
        events: &mut Recorder,
    ) -> bool {
        if price.balls == 0 && price.strikes == 0 {
            return false;
        }
        let limits = self.rules.count;
        state.balls = (state.balls + price.balls).min(limits.balls);
        state.strikes = (state.strikes + price.strikes).min(limits.strikes);
        events.push(ev(
            rule,
            EventKind::Count {
                balls: state.balls,
                strikes: state.strikes,
            },
        ));
        self.count_complete(state, events)
    }

    /// Ends the at-bat when the count is complete (`end_on_count`).
    fn count_complete(&self, state: &mut State, events: &mut Recorder) -> bool {
        let limits = self.rules.count;
        let complete = state.strikes >= limits.strikes || state.balls >= limits.balls;
        if complete {
            self.end_on_count(state, events);
        }
        complete
    }

    /// Ends the at-bat on a complete count; the strikeout wins a tie (the
    /// offense could not avoid its own draw). Out of line: most charges
    /// leave the count short, and `charge` stays small.
    #[inline(never)]
    fn end_on_count(&self, state: &mut State, events: &mut Recorder) {
        if state.strikes >= self.rules.count.strikes {
            self.strikeout(state, events);
        } else {
            self.walk(state, events);
        }
    }

    /// Opens a manager's memorandum step: forced draws first, then the
    /// manager's own choice (or straight on when nothing is left to choose).
    pub(crate) fn start_memo(&self, state: &mut State, side: Side, events: &mut Recorder) {
        let deck = Self::deck_of(side, state);
        let draw_to = self.rules.forced_draw.new_batter_draw_to;
        let held = state.hands[side.index()].of(deck).len() as u8;
        if held < draw_to && self.forced_memo_draw(state, side, deck, draw_to - held, events) {
            return;
        }
        state.phase = Phase::Memorandum { side };
        if state.memo_done[side.index()] {
            self.finish_memo(state, side, events);
        }
    }

    /// The forced draw of the `missing` cards of a hand short before a new
    /// batter: it is this manager's memorandum choice for the batter,
    /// priced by the line for the cards drawn together. Returns whether
    /// the price ended the at-bat. Out of line: a hand is seldom short, and
    /// `start_memo` opens every memorandum.
    #[inline(never)]
    fn forced_memo_draw(
        &self,
        state: &mut State,
        side: Side,
        deck: DeckKind,
        missing: u8,
        events: &mut Recorder,
    ) -> bool {
        self.draw(state, side, deck, missing, true, events);
        let table = self.memo_table(side, state);
        let price = table.forced_draw_price(missing);
        state.memo_done[side.index()] = true;
        self.charge(state, Self::memo_rule(side, state), price, events)
    }

    fn finish_memo(&self, state: &mut State, side: Side, events: &mut Recorder) {
        if side == state.defense() {
            self.start_memo(state, side.other(), events);
        } else {
            state.phase = Phase::Pitch;
        }
    }

    /// The legal draws and discards of a manager before the first pitch.
    pub(crate) fn memo_actions(&self, state: &State, side: Side) -> Vec<Action> {
        let deck = Self::deck_of(side, state);
        let hand = state.hands[side.index()].of(deck);
        let held = hand.len();
        let limits = self.rules.hand;
        let max_cards = usize::from(self.rules.memo_use.max_cards);
        let mut actions = vec![Action::Memo(Memo::Keep)];
        for n in 1..=max_cards {
            if held + n <= usize::from(limits.max) {
                actions.push(Action::Memo(Memo::Draw(n as u8)));
            }
        }
        if max_cards >= 1 && held > usize::from(limits.min) {
            for (i, &a) in hand.iter().enumerate() {
                actions.push(Action::Memo(Memo::Discard(vec![a])));
                if max_cards >= 2 && held >= usize::from(limits.min) + 2 {
                    for &b in &hand[i + 1..] {
                        actions.push(Action::Memo(Memo::Discard(vec![a, b])));
                    }
                }
            }
        }
        actions
    }

    /// Whether a memorandum is legal now: the same answer as looking it up
    /// in `memo_actions`, without building the list (and a `Vec` for every
    /// discard in it) on every memorandum applied.
    pub(crate) fn memo_legal(&self, state: &State, side: Side, memo: &Memo) -> bool {
        let deck = Self::deck_of(side, state);
        let hand = state.hands[side.index()].of(deck);
        let held = hand.len();
        let limits = self.rules.hand;
        let max_cards = usize::from(self.rules.memo_use.max_cards);
        match memo {
            Memo::Keep => true,
            Memo::Draw(n) => {
                let n = usize::from(*n);
                (1..=max_cards).contains(&n) && held + n <= usize::from(limits.max)
            }
            Memo::Discard(cards) => {
                if held <= usize::from(limits.min) {
                    return false;
                }
                match cards[..] {
                    [a] => max_cards >= 1 && hand.contains(&a),
                    // Listed in hand order: `b` after (the first) `a`.
                    [a, b] => {
                        max_cards >= 2
                            && held >= usize::from(limits.min) + 2
                            && hand
                                .iter()
                                .position(|&c| c == a)
                                .is_some_and(|i| hand[i + 1..].contains(&b))
                    }
                    _ => false,
                }
            }
        }
    }

    /// A manager's draw or discard before the first pitch, checked first
    /// unless `known_legal`.
    pub(crate) fn memo(
        &self,
        state: &mut State,
        side: Side,
        action: &Action,
        memo: &Memo,
        known_legal: bool,
        events: &mut Recorder,
    ) -> Applied {
        if !known_legal && !self.memo_legal(state, side, memo) {
            return Err(illegal(
                action,
                "not a draw or discard the hand limits allow",
            ));
        }
        let deck = Self::deck_of(side, state);
        let rule = Self::memo_rule(side, state);
        let table = self.memo_table(side, state);
        let price = match memo {
            Memo::Keep => CountChange::default(),
            Memo::Draw(n) => {
                self.draw_for(state, side, deck, *n, rule, events);
                table.price(true, *n).unwrap_or_default()
            }
            Memo::Discard(cards) => {
                Self::discard(state, side, deck, cards);
                events.push(ev(
                    rule,
                    EventKind::Discarded {
                        side,
                        deck,
                        count: cards.len() as u8,
                    },
                ));
                table.price(false, cards.len() as u8).unwrap_or_default()
            }
        };
        state.memo_done[side.index()] = true;
        if !self.charge(state, rule, price, events) {
            self.finish_memo(state, side, events);
        }
        Ok(())
    }

    pub(crate) fn pitch(
        &self,
        state: &mut State,
        action: &Action,
        card: CardId,
        events: &mut Recorder,
    ) -> Applied {
        let side = state.defense();
        let Some(at) = self.playable_at(state, side, DeckKind::Defense, card) else {
            return Err(illegal(
                action,
                "that card is not in the defense's hand, or is a special card beyond the limits",
            ));
        };
        let special = self.play_special(state, side, DeckKind::Defense, card, events);
        if special.is_none() {
            Self::discard_at(state, side, DeckKind::Defense, at);
        }
        state.pitches[side.index()] += 1;
        state.dugouts[side.index()].pitcher_pitches += 1;
        events.push(ev(
            "pitch.response",
            EventKind::Pitched {
                card: self.rules.defense_deck.card(card),
            },
        ));
        match special {
            // An immediate card the offense does not answer settles the
            // at-bat at once.
            Some(s)
                if s.effects.is_some()
                    && self.rules.response.against_immediate == AgainstImmediate::NoResponse =>
            {
                self.immediate_effect(state, s, events);
            }
            _ => state.phase = Phase::Response { pitch: card },
        }
        Ok(())
    }

    pub(crate) fn respond(
        &self,
        state: &mut State,
        action: &Action,
        pitch: CardId,
        card: CardId,
        events: &mut Recorder,
    ) -> Applied {
        let side = state.offense();
        let pitched = self.rules.defense_deck.special(pitch);
        let against_immediate = pitched.is_some_and(|s| s.effects.is_some());
        // Against an immediate pitch the answer is only given up
        // (faq.pitch.must-respond): any card of the hand.
        let Some(at) = self.answer_at(state, against_immediate, card) else {
            return Err(illegal(
                action,
                "that card is not in the offense's hand, or is a special card beyond the limits",
            ));
        };
        let response = self.rules.offense_deck.card(card);
        if against_immediate && let Some(pitched) = pitched {
            Self::discard_at(state, side, DeckKind::Offense, at);
            events.push(ev(
                "pitch.response",
                EventKind::Responded { card: response },
            ));
            self.immediate_effect(state, pitched, events);
            return Ok(());
        }
        let answer = self.play_special(state, side, DeckKind::Offense, card, events);
        if answer.is_none() {
            Self::discard_at(state, side, DeckKind::Offense, at);
        }
        events.push(ev(
            "pitch.response",
            EventKind::Responded { card: response },
        ));
        if let Some(answer) = answer.filter(|s| s.effects.is_some()) {
            self.immediate_effect(state, answer, events);
            return Ok(());
        }
        let (Card::Pitch(p), Card::Response(r)) = (self.rules.defense_deck.card(pitch), response)
        else {
            return Err(illegal(action, "the cards are not a pitch and a response"));
        };
        let specials = [
            answer.map_or(0, |s| s.value),
            pitched.map_or(0, |s| s.value),
        ];
        let outcome = self.rules.outcomes.get(p, r);
        let limits = self.rules.count;
        match outcome {
            Outcome::Ball => {
                state.balls += 1;
                events.push(ev(
                    "pitch.outcomes",
                    EventKind::Ball {
                        balls: state.balls,
                        strikes: state.strikes,
                    },
                ));
                if state.balls >= limits.balls {
                    self.walk(state, events);
                    return Ok(());
                }
            }
            Outcome::Strike => {
                if self.strike(state, "pitch.outcomes", events) {
                    return Ok(());
                }
            }
            Outcome::Steal => {
                self.steal(state, events);
                for _ in 0..self.rules.steal.strikes {
                    if self.strike(state, "pitch.steal", events) {
                        return Ok(());
                    }
                }
            }
            Outcome::Hit => {
                state.phase = Phase::HitDice {
                    bonus: 0,
                    specials,
                    pitch: Some(p),
                };
                return Ok(());
            }
            Outcome::HitBonus | Outcome::PowerHit => {
                let (rule, bonus) = if outcome == Outcome::PowerHit {
                    ("pitch.power_bonus", self.rules.power_bonus)
                } else {
                    ("pitch.bonus", self.rules.bonus)
                };
                events.push(ev(rule, EventKind::HitBonus { bonus }));
                state.phase = Phase::HitDice {
                    bonus,
                    specials,
                    pitch: Some(p),
                };
                return Ok(());
            }
        }
        self.refill_empty_hands(state, events);
        Ok(())
    }

    /// One strike; returns whether it was the third.
    fn strike(&self, state: &mut State, rule: &'static str, events: &mut Recorder) -> bool {
        state.strikes += 1;
        events.push(ev(
            rule,
            EventKind::Strike {
                balls: state.balls,
                strikes: state.strikes,
            },
        ));
        if state.strikes >= self.rules.count.strikes {
            self.strikeout(state, events);
            true
        } else {
            false
        }
    }

    /// RUNNER GOES TO 2ND: the runner on first takes second when it is
    /// free (core.cards.steal).
    fn steal(&self, state: &mut State, events: &mut Recorder) {
        let from = self.rules.steal.from * 5;
        let to = self.rules.steal.to * 5;
        if state.runner_at(to).is_some() {
            return;
        }
        if let Some(r) = state.runners.iter_mut().find(|r| r.pos == from) {
            r.pos = to;
            r.start = to;
            let slot = r.slot;
            events.push(ev("pitch.steal", EventKind::Stole { slot, from, to }));
            self.score_arrivals(state, "pitch.steal", events);
        }
    }

    /// After a pitch that leaves the batter at the plate: a manager with no
    /// cards left must draw and pay the memorandum price at once
    /// (core.hand.forced-draw). Then the next pitch.
    pub(crate) fn refill_empty_hands(&self, state: &mut State, events: &mut Recorder) {
        for side in [state.defense(), state.offense()] {
            let deck = Self::deck_of(side, state);
            if state.hands[side.index()].of(deck).is_empty() {
                let n = self.rules.forced_draw.empty_hand_draws;
                self.draw(state, side, deck, n, true, events);
                let price = self.memo_table(side, state).forced_draw_price(n);
                if self.charge(state, "hand.forced_draw", price, events) {
                    return;
                }
            }
        }
        state.phase = Phase::Pitch;
    }
}
