//! The special cards (core.cards.decks, core.cards.special-values,
//! pro.special.limits, pro.special.swap): whether a manager may play one
//! now (at most `per_game` a game, and per inning one on defense and one
//! on offense), what playing one does (it leaves the game; a card with a
//! value adds it to its player's ability for the play; an immediate card
//! settles the at-bat as `special.immediate` says), and the swap of an
//! unwanted special for the top card of the deck at the price of a ball
//! or a strike.

use super::cards::{CardId, DeckKind, Effect, Special};
use super::event::{EventKind, OutHow};
use super::state::{Phase, Runner, ShortList, Side, State};
use super::{Action, Applied, Engine, Recorder, ev, illegal};
use crate::ruleset::schema::SwapWhen;

impl Engine<'_> {
    /// The list of the cards of a deck of the rules.
    pub(super) fn deck_list(&self, deck: DeckKind) -> &super::DeckList {
        match deck {
            DeckKind::Defense => &self.rules.defense_deck,
            DeckKind::Offense => &self.rules.offense_deck,
        }
    }

    /// Whether `side` may play a special card now, from the hand it plays
    /// from (`deck`: Defense while fielding, Offense while batting).
    pub(crate) fn special_allowed(&self, state: &State, side: Side, deck: DeckKind) -> bool {
        let Some((limits, _)) = &self.rules.specials else {
            return false;
        };
        let dugout = &state.dugouts[side.index()];
        let [on_defense, on_offense] = dugout.specials_inning;
        let this = match deck {
            DeckKind::Defense => (on_defense, limits.per_inning_defense),
            DeckKind::Offense => (on_offense, limits.per_inning_offense),
        };
        dugout.specials < limits.per_game
            && this.0 < this.1
            && on_defense + on_offense < limits.per_inning_total
    }

    /// Whether a card of the hand may be played as a pitch or response:
    /// a normal card always, a special within the limits.
    pub(crate) fn card_playable(
        &self,
        state: &State,
        side: Side,
        deck: DeckKind,
        id: CardId,
    ) -> bool {
        self.playable_at(state, side, deck, id).is_some()
    }

    /// Where card `id` stands in the hand when `card_playable` allows it:
    /// the one look at the hand both checks the card and finds it.
    pub(crate) fn playable_at(
        &self,
        state: &State,
        side: Side,
        deck: DeckKind,
        id: CardId,
    ) -> Option<usize> {
        let at = state.hands[side.index()]
            .of(deck)
            .iter()
            .position(|&c| c == id)?;
        (self.deck_list(deck).special(id).is_none() || self.special_allowed(state, side, deck))
            .then_some(at)
    }

    /// The hand the choice waits for plays from (at a pitch the
    /// defense's, at a response the offense's; `None` in another phase),
    /// and whether the whole of it may be played: the special cards' limits
    /// allow a special, or the pitch is immediate (the offense then only
    /// gives up a card). When not, only its normal cards may be played.
    pub(crate) fn hand_in_play(&self, state: &State) -> Option<(Side, DeckKind, bool)> {
        let (side, deck, any) = match state.phase {
            Phase::Pitch => (state.defense(), DeckKind::Defense, false),
            Phase::Response { pitch } => (
                state.offense(),
                DeckKind::Offense,
                self.rules
                    .defense_deck
                    .special(pitch)
                    .is_some_and(|s| s.effects.is_some()),
            ),
            _ => return None,
        };
        Some((side, deck, any || self.special_allowed(state, side, deck)))
    }

    /// Whether the offense may answer `pitch` with a card: any card of its
    /// hand against an immediate pitch (it is only given up), else a card
    /// it may play.
    pub(crate) fn response_legal(&self, state: &State, pitch: CardId, card: CardId) -> bool {
        self.response_at(state, pitch, card).is_some()
    }

    /// Where the offense's answer `card` stands in its hand when
    /// `response_legal` allows it.
    pub(crate) fn response_at(&self, state: &State, pitch: CardId, card: CardId) -> Option<usize> {
        let immediate = self
            .rules
            .defense_deck
            .special(pitch)
            .is_some_and(|s| s.effects.is_some());
        self.answer_at(state, immediate, card)
    }

    /// `response_at`, told whether the pitch is an immediate card.
    pub(crate) fn answer_at(&self, state: &State, immediate: bool, card: CardId) -> Option<usize> {
        let side = state.offense();
        if immediate {
            state.hands[side.index()]
                .offense
                .iter()
                .position(|&c| c == card)
        } else {
            self.playable_at(state, side, DeckKind::Offense, card)
        }
    }

    /// Whether a special card of the hand may be swapped now.
    pub(crate) fn swap_legal(&self, state: &State, side: Side, deck: DeckKind, id: CardId) -> bool {
        let Some((_, swap)) = &self.rules.specials else {
            return false;
        };
        let list = self.deck_list(deck);
        let hand = state.hands[side.index()].of(deck);
        if !hand.contains(&id) || list.special(id).is_none() {
            return false;
        }
        let only_specials = hand.iter().all(|&c| list.special(c).is_some());
        match swap.when {
            SwapWhen::AnyTime => true,
            SwapWhen::OnlySpecials => only_specials,
            SwapWhen::UnplayableOrOnlySpecials => {
                only_specials || !self.special_allowed(state, side, deck)
            }
        }
    }

    /// Swaps a special card away: it goes to the discard pile, the manager
    /// draws the deck's top card and pays the price.
    pub(crate) fn swap(
        &self,
        state: &mut State,
        action: &Action,
        side: Side,
        deck: DeckKind,
        id: CardId,
        events: &mut Recorder,
    ) -> Applied {
        if !self.swap_legal(state, side, deck, id) {
            return Err(illegal(
                action,
                "only a special card that cannot be played, or one of a hand of specials, may be swapped",
            ));
        }
        let Some((_, swap)) = &self.rules.specials else {
            return Err(illegal(action, "this game has no special cards"));
        };
        Self::discard(state, side, deck, &[id]);
        events.push(ev(
            "special.swap",
            EventKind::Swapped {
                side,
                name: self.deck_list(deck).name(id),
            },
        ));
        self.draw_for(state, side, deck, 1, "special.swap", events);
        let price = match deck {
            DeckKind::Defense => swap.defense_cost,
            DeckKind::Offense => swap.offense_cost,
        };
        self.charge(state, "special.swap", price, events);
        Ok(())
    }

    /// Plays a card from a hand as a special card, when it is one: it
    /// leaves the game and counts against its manager's limits. Returns
    /// the special card (`None` for a normal card, which stays in hand).
    #[inline]
    pub(crate) fn play_special(
        &self,
        state: &mut State,
        side: Side,
        deck: DeckKind,
        id: CardId,
        events: &mut Recorder,
    ) -> Option<&Special> {
        let special = self.deck_list(deck).special(id)?;
        self.play_special_card(state, side, deck, id, special, events);
        Some(special)
    }

    /// Plays special card `special` (card `id` of `deck`) from a hand. Out
    /// of line: most cards played are normal ones, for which
    /// `play_special` is only a look-up.
    #[inline(never)]
    fn play_special_card(
        &self,
        state: &mut State,
        side: Side,
        deck: DeckKind,
        id: CardId,
        special: &Special,
        events: &mut Recorder,
    ) {
        state.hands[side.index()].of_mut(deck).retain(|&c| c != id);
        state.decks[deck.index()].removed.push(id);
        let dugout = &mut state.dugouts[side.index()];
        dugout.specials += 1;
        dugout.specials_inning[deck.index()] += 1;
        events.push(ev(
            if special.effects.is_some() {
                "special.immediate"
            } else {
                "special.limits"
            },
            EventKind::SpecialPlayed {
                side,
                id: special.id,
                name: special.name,
                value: special.value,
                immediate: special.effects.is_some(),
            },
        ));
    }

    /// An immediate special card settles the at-bat: the batter out or on
    /// base, the runners where the card's effect puts them.
    pub(crate) fn immediate_effect(
        &self,
        state: &mut State,
        special: &Special,
        events: &mut Recorder,
    ) {
        let on_base = [5, 10, 15].map(|pos| state.runner_at(pos).is_some());
        let effect: Effect = special
            .effects
            .as_ref()
            .and_then(|e| e.get(Special::situation(on_base, state.outs)).copied())
            .unwrap_or(Effect {
                out: false,
                batter: 0,
                runners: [0; 3],
            });
        let rule = "special.immediate";
        for base in (0..3).rev() {
            let from = (base as u8 + 1) * 5;
            let to = effect.runners[base].min(4) * 5;
            if to <= from {
                continue;
            }
            if let Some(r) = state.runners.iter_mut().find(|r| r.pos == from) {
                r.pos = to;
                r.start = to;
                let slot = r.slot;
                events.push(ev(rule, EventKind::Ran { slot, from, to }));
            }
        }
        let slot = state.batter;
        if effect.out {
            self.out(
                state,
                slot,
                OutHow::Strikeout,
                ShortList::new(),
                rule,
                events,
            );
        } else if effect.batter > 0 {
            let to = effect.batter.min(4) * 5;
            state.runners.push(Runner {
                slot,
                pos: to,
                start: to,
                forced_to: None,
            });
            state.runners.sort_by_key(|r| std::cmp::Reverse(r.pos));
            events.push(ev(rule, EventKind::Ran { slot, from: 0, to }));
        }
        self.score_arrivals(state, rule, events);
        self.after_batter(state, events);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Card, GameRules, Phase};
    use crate::field::{Field, load_field};
    use crate::ruleset::Ruleset;

    fn rules(name: &str, set: &[&str]) -> GameRules {
        let ruleset = Ruleset::load(name).unwrap();
        let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        GameRules::new(&ruleset, &ruleset.option_values(&set).unwrap()).unwrap()
    }

    /// The first card of a deck with this special id.
    fn card(deck: &super::super::DeckList, id: &str) -> CardId {
        deck.ids()
            .find(|&c| deck.special(c).is_some_and(|s| s.id == id))
            .unwrap_or_else(|| panic!("no {id}"))
    }

    /// A normal card of a deck.
    fn normal(deck: &super::super::DeckList, card: Card) -> CardId {
        deck.ids()
            .find(|&c| deck.special(c).is_none() && deck.card(c) == card)
            .unwrap()
    }

    /// The top of the 1st, no outs, the defense about to pitch, with these
    /// hands and runners (circles).
    fn at_pitch(
        engine: &Engine<'_>,
        defense: Vec<CardId>,
        offense: Vec<CardId>,
        runners: &[u8],
    ) -> State {
        let (mut state, _) = engine.new_game(1);
        state.phase = Phase::Pitch;
        state.hands[Side::Home.index()].defense = defense;
        state.hands[Side::Away.index()].offense = offense;
        state.batter = 4;
        state.runners = runners
            .iter()
            .enumerate()
            .map(|(i, &pos)| Runner {
                slot: i as u8,
                pos,
                start: pos,
                forced_to: None,
            })
            .collect();
        state
    }

    fn field() -> Field {
        load_field("classic").unwrap()
    }

    /// core.cards.decks: 36 normal and 14 special cards a deck in PRO;
    /// BASIC and PRO without specials (core.level.pro-no-specials) play
    /// the 36.
    #[test]
    fn pro_decks_hold_fourteen_specials_unless_the_option_removes_them() {
        for (name, set, size) in [
            ("pro", &[][..], 50),
            ("pro", &["special_cards=false"][..], 36),
            ("basic", &[][..], 36),
        ] {
            let r = rules(name, set);
            assert_eq!(r.defense_deck.len(), size, "{name} {set:?}");
            assert_eq!(r.offense_deck.len(), size, "{name} {set:?}");
            let specials = r
                .defense_deck
                .ids()
                .filter(|&c| r.defense_deck.special(c).is_some());
            assert_eq!(specials.count(), size - 36);
        }
    }

    /// PRO: Strike Out settles the at-bat at once (the offense plays no
    /// card); the card leaves the game and counts against the limits.
    #[test]
    fn strike_out_strikes_the_batter_out_and_leaves_the_game() {
        let r = rules("pro", &[]);
        let field = field();
        let engine = Engine::new(&r, &field);
        let so = card(&r.defense_deck, "strike_out");
        let hit = normal(
            &r.offense_deck,
            Card::Response(crate::ruleset::schema::Response::HitStrike),
        );
        let mut state = at_pitch(&engine, vec![so], vec![hit], &[5]);
        let mut events = Vec::new();
        engine
            .apply(&mut state, Action::Pitch(so), &mut events)
            .unwrap();
        assert!(events.iter().any(|e| matches!(
            e.kind,
            EventKind::Out {
                slot: 4,
                how: OutHow::Strikeout,
                ..
            }
        )));
        assert_eq!(state.outs, 1);
        assert_eq!(state.runners.len(), 1, "the runner stays");
        assert_eq!(state.runners[0].pos, 5);
        assert!(state.decks[0].removed.contains(&so));
        assert!(!state.decks[0].discard.contains(&so));
        assert_eq!(state.dugouts[0].specials, 1);
        assert_eq!(state.dugouts[0].specials_inning, [1, 0]);
        assert!(state.hands[1].offense.contains(&hit), "no card given up");
    }

    /// faq.pitch.must-respond: the offense answers even a Strike Out, with
    /// any card, whose effect does not apply.
    #[test]
    fn under_the_faq_the_offense_gives_up_a_card_against_strike_out() {
        let r = rules("faq", &[]);
        let field = field();
        let engine = Engine::new(&r, &field);
        let so = card(&r.defense_deck, "strike_out");
        let one = card(&r.offense_deck, "one_base_hit");
        let mut state = at_pitch(&engine, vec![so], vec![one], &[]);
        let mut events = Vec::new();
        engine
            .apply(&mut state, Action::Pitch(so), &mut events)
            .unwrap();
        assert_eq!(state.phase, Phase::Response { pitch: so });
        assert!(engine.is_legal(&state, &Action::Respond(one)));
        engine
            .apply(&mut state, Action::Respond(one), &mut events)
            .unwrap();
        assert_eq!(state.outs, 1);
        assert!(state.runners.is_empty(), "One Base Hit did nothing");
        assert!(state.decks[1].discard.contains(&one));
        assert_eq!(state.dugouts[1].specials, 0, "giving up is not playing");
    }

    /// One Base Hit: the batter takes first and every runner one base;
    /// the runner from third scores.
    #[test]
    fn one_base_hit_moves_everybody_up_one_base() {
        let r = rules("pro", &[]);
        let field = field();
        let engine = Engine::new(&r, &field);
        let ball = normal(
            &r.defense_deck,
            Card::Pitch(crate::ruleset::schema::Pitch::FastballBall),
        );
        let one = card(&r.offense_deck, "one_base_hit");
        let mut state = at_pitch(&engine, vec![ball], vec![one], &[15, 5]);
        let mut events = Vec::new();
        engine
            .apply(&mut state, Action::Pitch(ball), &mut events)
            .unwrap();
        engine
            .apply(&mut state, Action::Respond(one), &mut events)
            .unwrap();
        let mut bases: Vec<u8> = state.runners.iter().map(|r| r.pos).collect();
        bases.sort_unstable();
        assert_eq!(bases, vec![5, 10]);
        assert_eq!(state.score(Side::Away), 1);
        assert_eq!(state.dugouts[1].specials_inning, [0, 1]);
    }

    /// pro.special.limits and pro.special.swap: a second special on
    /// defense in the inning cannot be played; it may be swapped for the
    /// top card at the price of a ball. A special with a value passes it
    /// to the hit.
    #[test]
    fn a_second_defense_special_in_an_inning_can_only_be_swapped() {
        let r = rules("pro", &[]);
        let field = field();
        let engine = Engine::new(&r, &field);
        let plus = card(&r.defense_deck, "fastball_strike_plus_2");
        let hit = normal(
            &r.offense_deck,
            Card::Response(crate::ruleset::schema::Response::HitFastball),
        );
        let ball = normal(
            &r.defense_deck,
            Card::Pitch(crate::ruleset::schema::Pitch::CurveballBall),
        );
        let mut state = at_pitch(&engine, vec![plus, ball], vec![hit], &[]);
        assert!(
            !engine.is_legal(&state, &Action::Swap(plus)),
            "a playable special beside a normal card stays"
        );
        state.dugouts[0].specials_inning = [1, 0];
        assert!(!engine.is_legal(&state, &Action::Pitch(plus)));
        assert!(engine.is_legal(&state, &Action::Swap(plus)));
        assert_eq!(
            engine.legal_actions(&state),
            vec![Action::Pitch(ball), Action::Swap(plus)]
        );
        let mut events = Vec::new();
        engine
            .apply(&mut state, Action::Swap(plus), &mut events)
            .unwrap();
        assert_eq!((state.balls, state.strikes), (1, 0));
        assert_eq!(state.hands[0].defense.len(), 2);
        assert!(state.decks[0].discard.contains(&plus));
        // With the limit free, the card is played and its value reaches the hit.
        let mut state = at_pitch(&engine, vec![plus], vec![hit], &[]);
        engine
            .apply(&mut state, Action::Pitch(plus), &mut events)
            .unwrap();
        engine
            .apply(&mut state, Action::Respond(hit), &mut events)
            .unwrap();
        assert!(
            matches!(
                state.phase,
                Phase::HitDice {
                    specials: [0, 2],
                    ..
                }
            ),
            "{:?}",
            state.phase
        );
    }
}
