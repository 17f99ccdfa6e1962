//! The flow of a game around the plays: the start (decks shuffled, hands
//! dealt), positioning the defense each half inning, bringing up batters,
//! drawing cards (with reshuffles), walks, outs and runs, the end of a half
//! inning, and the end of the game (extra innings, the home team not
//! batting when ahead, the walk-off run).

use super::cards::{CardId, DeckKind};
use super::dice::{Source, Stream};
use super::event::{EventKind, OutHow};
use super::rules::Tiring;
use super::state::{Ball, Half, Hands, Phase, Resume, Runner, ShortList, Side, State};
use super::{Action, Applied, Engine, Event, Recorder, ev, illegal};
use crate::field::{Field, SquareId, SquareKind};
use crate::ruleset::schema::InitialDraw;

/// Room for the events of one step: the game's buffer, which every step
/// empties, seldom grows past it.
const EVENTS_PER_STEP: usize = 64;

impl Engine<'_> {
    /// A new game: both decks shuffled from `seed`, the managers' first
    /// hands dealt (home first), and the home team about to position its
    /// defense for the top of the first.
    pub fn new_game(&self, seed: u64) -> (State, Vec<Event>) {
        let r = self.rules;
        let placeholder = self.field.catcher();
        // The game's lists are sized for the whole game at once: a hand for
        // the most cards it may hold, the runs for the regulation innings.
        let hands = || Hands {
            defense: Vec::with_capacity(usize::from(r.hand.max)),
            offense: Vec::with_capacity(usize::from(r.hand.max)),
        };
        let innings = || Vec::with_capacity(usize::from(r.last_inning));
        let mut away_runs = innings();
        away_runs.push(0);
        let mut state = State {
            phase: Phase::Over,
            inning: r.first_inning,
            half: Half::Top,
            outs: 0,
            balls: 0,
            strikes: 0,
            runs: [innings(), away_runs],
            next_batter: [0, 0],
            batter: 0,
            memo_done: [false; 2],
            runners: Vec::new(),
            fielders: [placeholder; 9],
            ball: Ball::Dead,
            play: None,
            hands: [hands(), hands()],
            decks: Default::default(),
            pitches: [0, 0],
            bases_at_batter: 0,
            dugouts: match self.players {
                Some(p) => [
                    p.starting(Side::Home).clone(),
                    p.starting(Side::Away).clone(),
                ],
                None => Default::default(),
            },
            shuffles: (seed, 0),
        };
        let mut events = self.recorder(Vec::with_capacity(EVENTS_PER_STEP));
        for deck in DeckKind::BOTH {
            let list = match deck {
                DeckKind::Defense => &r.defense_deck,
                DeckKind::Offense => &r.offense_deck,
            };
            let cards: Vec<CardId> = list.ids().collect();
            // The discard pile never holds more than the deck.
            state.decks[deck.index()].discard = Vec::with_capacity(cards.len());
            state.decks[deck.index()].draw = cards;
            shuffle(&mut state, deck, &mut events);
        }
        if r.hand_initial.draw == InitialDraw::GameStart {
            for side in [Side::Home, Side::Away] {
                for deck in DeckKind::BOTH {
                    self.deal(&mut state, side, deck, &mut events);
                }
            }
        }
        events.push(ev(
            "game.sides",
            EventKind::HalfStarted {
                inning: r.first_inning,
                half: Half::Top,
            },
        ));
        self.deal_first_phase(&mut state, &mut events);
        self.begin_half(&mut state);
        (state, events.into_events())
    }

    /// A manager's first hand of a deck.
    fn deal(&self, state: &mut State, side: Side, deck: DeckKind, events: &mut Recorder) {
        let size = self.rules.hand_initial.size;
        self.draw(state, side, deck, size, false, events);
        state.dugouts[side.index()].dealt[deck.index()] = true;
    }

    /// faq.cards.initial: the first time a manager plays a phase he draws
    /// its hand, the batting manager first.
    fn deal_first_phase(&self, state: &mut State, events: &mut Recorder) {
        if self.rules.hand_initial.draw != InitialDraw::FirstPhase {
            return;
        }
        for (side, deck) in [
            (state.offense(), DeckKind::Offense),
            (state.defense(), DeckKind::Defense),
        ] {
            if !state.dugouts[side.index()].dealt[deck.index()] {
                self.deal(state, side, deck, events);
            }
        }
    }

    /// Draws `count` cards into a manager's hand, reshuffling the discard
    /// pile when the deck runs out; `forced` draws cite `hand.forced_draw`,
    /// others the first deal.
    pub(crate) fn draw(
        &self,
        state: &mut State,
        side: Side,
        deck: DeckKind,
        count: u8,
        forced: bool,
        events: &mut Recorder,
    ) {
        let rule = if forced {
            "hand.forced_draw"
        } else {
            "hand.initial"
        };
        self.draw_cards(state, side, deck, count, forced, rule, events);
    }

    /// A manager's chosen draw, citing `rule` (his memorandum).
    pub(crate) fn draw_for(
        &self,
        state: &mut State,
        side: Side,
        deck: DeckKind,
        count: u8,
        rule: &'static str,
        events: &mut Recorder,
    ) {
        self.draw_cards(state, side, deck, count, false, rule, events);
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn draw_cards(
        &self,
        state: &mut State,
        side: Side,
        deck: DeckKind,
        count: u8,
        forced: bool,
        rule: &'static str,
        events: &mut Recorder,
    ) {
        let mut drawn = 0;
        for _ in 0..count {
            if state.decks[deck.index()].draw.is_empty() {
                if state.decks[deck.index()].discard.is_empty() {
                    break;
                }
                reshuffle(state, deck, events);
            }
            if let Some(card) = state.decks[deck.index()].draw() {
                state.hands[side.index()].of_mut(deck).push(card);
                drawn += 1;
            }
        }
        if drawn > 0 {
            events.push(ev(
                rule,
                EventKind::Drew {
                    side,
                    deck,
                    count: drawn,
                    forced,
                },
            ));
        }
    }

    /// Puts cards from a hand on their deck's discard pile. A card is in a
    /// hand at most once: each is found and removed on its own, the rest of
    /// the hand keeping its order.
    pub(crate) fn discard(state: &mut State, side: Side, deck: DeckKind, cards: &[CardId]) {
        let hand = state.hands[side.index()].of_mut(deck);
        let pile = &mut state.decks[deck.index()].discard;
        for &card in cards {
            if let Some(i) = hand.iter().position(|&c| c == card) {
                hand.remove(i);
            }
            pile.push(card);
        }
    }

    /// Puts the card standing at `at` in a hand on its deck's discard
    /// pile, the rest of the hand keeping its order.
    pub(crate) fn discard_at(state: &mut State, side: Side, deck: DeckKind, at: usize) {
        let card = state.hands[side.index()].of_mut(deck).remove(at);
        state.decks[deck.index()].discard.push(card);
    }

    /// Places the fielders, the placement checked first unless
    /// `known_legal`.
    pub(crate) fn position(
        &self,
        state: &mut State,
        action: &Action,
        squares: &[SquareId],
        known_legal: bool,
        events: &mut Recorder,
    ) -> Applied {
        if !known_legal {
            check_positions(self.field, squares).map_err(|reason| illegal(action, reason))?;
        }
        state.fielders.copy_from_slice(squares);
        events.push(ev(
            "defense.positioning",
            EventKind::Positioned {
                squares: state.fielders,
            },
        ));
        self.new_batter(state, events);
        Ok(())
    }

    /// Brings the next batter of the offense to the plate.
    pub(crate) fn new_batter(&self, state: &mut State, events: &mut Recorder) {
        let side = state.offense();
        state.batter = state.next_batter[side.index()];
        state.next_batter[side.index()] = (state.batter + 1) % 9;
        state.balls = 0;
        state.strikes = 0;
        state.memo_done = [false; 2];
        state.ball = Ball::Dead;
        state.play = None;
        self.note_bases_at_batter(state);
        events.push(ev(
            "core.sequence",
            EventKind::BatterUp {
                side,
                slot: state.batter,
            },
        ));
        // A pitcher who lost his last point in this half inning (a home
        // run, a reliever's bases) is replaced before the next batter.
        if self.must_relieve(state) {
            state.phase = Phase::Relief {
                resume: Resume::Memorandum,
            };
            return;
        }
        self.start_memo(state, state.defense(), events);
    }

    /// Four balls: the batter takes first, forcing the runners ahead of
    /// him one base.
    pub(crate) fn walk(&self, state: &mut State, events: &mut Recorder) {
        events.push(ev("count.limits", EventKind::Walk { slot: state.batter }));
        let mut need = 5;
        let mut order: Vec<usize> = (0..state.runners.len()).collect();
        order.sort_by_key(|&i| state.runners[i].pos);
        for i in order {
            if state.runners[i].pos == need {
                let from = state.runners[i].pos;
                state.runners[i].pos += 5;
                need += 5;
                let slot = state.runners[i].slot;
                events.push(ev(
                    "count.limits",
                    EventKind::Ran {
                        slot,
                        from,
                        to: from + 5,
                    },
                ));
            }
        }
        state.runners.push(Runner {
            slot: state.batter,
            pos: 5,
            start: 5,
            forced_to: None,
        });
        events.push(ev(
            "count.limits",
            EventKind::Ran {
                slot: state.batter,
                from: 0,
                to: 5,
            },
        ));
        self.score_arrivals(state, "count.limits", events);
        // Bases on balls are no bases conceded (major.2.3.stamina).
        self.note_bases_at_batter(state);
        self.after_batter(state, events);
    }

    /// Three strikes.
    pub(crate) fn strikeout(&self, state: &mut State, events: &mut Recorder) {
        let slot = state.batter;
        self.out(
            state,
            slot,
            OutHow::Strikeout,
            ShortList::new(),
            "count.limits",
            events,
        );
        self.after_batter(state, events);
    }

    /// Records an out (the runner, if any, leaves the base path).
    pub(crate) fn out(
        &self,
        state: &mut State,
        slot: u8,
        how: OutHow,
        fielders: ShortList,
        rule: &'static str,
        events: &mut Recorder,
    ) {
        state.runners.retain(|r| r.slot != slot);
        state.outs += 1;
        if slot == state.batter
            && let Some(play) = state.play.as_mut()
        {
            play.batter_out = true;
        }
        events.push(ev(
            rule,
            EventKind::Out {
                slot,
                how,
                fielders,
            },
        ));
    }

    /// Runners who reached circle 20 score.
    pub(crate) fn score_arrivals(
        &self,
        state: &mut State,
        rule: &'static str,
        events: &mut Recorder,
    ) {
        let side = state.offense().index();
        while let Some(slot) = state.runners.iter().find(|r| r.pos >= 20).map(|r| r.slot) {
            state.runners.retain(|r| r.slot != slot);
            if let Some(last) = state.runs[side].last_mut() {
                *last = last.saturating_add(1);
            }
            events.push(ev(rule, EventKind::Scored { slot }));
        }
    }

    /// After a batter's turn ends (walk, strikeout, or the end of his play):
    /// the half inning, the game, or the next batter.
    pub(crate) fn after_batter(&self, state: &mut State, events: &mut Recorder) {
        self.tire_for_bases(state, events);
        self.tire_batting_pitcher(state, events);
        state.ball = Ball::Dead;
        state.play = None;
        if self.walk_off(state) {
            self.game_over(state, events);
        } else if state.outs >= self.rules.outs_per_half {
            self.end_half(state, events);
        } else {
            self.new_batter(state, events);
        }
    }

    /// Whether the home team has just taken the lead in the last inning or
    /// later: the game ends at once.
    fn walk_off(&self, state: &State) -> bool {
        state.half == Half::Bottom
            && state.inning >= self.rules.last_inning
            && state.score(Side::Home) > state.score(Side::Away)
    }

    fn end_half(&self, state: &mut State, events: &mut Recorder) {
        let runs = state.runs[state.offense().index()]
            .last()
            .copied()
            .unwrap_or(0);
        events.push(ev("game.outs_per_half", EventKind::HalfEnded { runs }));
        state.runners.clear();
        state.outs = 0;
        let innings = self.rules.last_inning;
        let (home, away) = (state.score(Side::Home), state.score(Side::Away));
        let over = match state.half {
            Half::Top => {
                state.inning >= innings && home > away && self.rules.length.home_skips_when_ahead
            }
            Half::Bottom => {
                state.inning >= innings && (home != away || !self.rules.length.extra_innings)
            }
        };
        if over {
            self.game_over(state, events);
            return;
        }
        self.tire(state, state.defense(), Tiring::InningPitched, 1, events);
        match state.half {
            Half::Top => state.half = Half::Bottom,
            Half::Bottom => {
                state.half = Half::Top;
                state.inning = state.inning.saturating_add(1);
                // pro.special.limits: the per-inning limits start again.
                for dugout in &mut state.dugouts {
                    dugout.specials_inning = [0; 2];
                }
            }
        }
        state.runs[state.offense().index()].push(0);
        events.push(ev(
            "game.length",
            EventKind::HalfStarted {
                inning: state.inning,
                half: state.half,
            },
        ));
        self.deal_first_phase(state, events);
        self.begin_half(state);
    }

    fn game_over(&self, state: &mut State, events: &mut Recorder) {
        state.phase = Phase::Over;
        state.ball = Ball::Dead;
        state.play = None;
        events.push(ev(
            "game.length",
            EventKind::GameOver {
                home: state.score(Side::Home),
                away: state.score(Side::Away),
            },
        ));
    }
}

/// Puts a pile in card order. A deck's cards are distinct, so marking them
/// in a set of the 256 ids and reading it back in order sorts them without
/// comparing; a pile that holds a card twice is sorted the ordinary way.
fn sort_pile(pile: &mut [CardId]) {
    let mut set = [0u64; 4];
    let twice = pile.iter().any(|&CardId(id)| {
        let (word, bit) = (usize::from(id / 64), 1u64 << (id % 64));
        let seen = set[word] & bit != 0;
        set[word] |= bit;
        seen
    });
    if twice {
        pile.sort_unstable();
        return;
    }
    let mut next = 0;
    for (word, mut bits) in (0u8..).zip(set) {
        while bits != 0 {
            pile[next] = CardId(word * 64 + bits.trailing_zeros() as u8);
            next += 1;
            bits &= bits - 1;
        }
    }
}

/// Turns a deck's discard pile into its new draw pile, in card order, then
/// shuffles it. Out of line: it comes a few times a game, and drawing a
/// card, which comes far more often, stays small without it.
#[cold]
#[inline(never)]
fn reshuffle(state: &mut State, deck: DeckKind, events: &mut Recorder) {
    let d = &mut state.decks[deck.index()];
    // The empty draw pile's buffer becomes the new discard pile, so
    // neither pile grows from nothing again.
    std::mem::swap(&mut d.draw, &mut d.discard);
    sort_pile(&mut d.draw);
    shuffle(state, deck, events);
    events.push(ev("deck.cycle", EventKind::Reshuffled { deck }));
}

/// Shuffles a deck's draw pile with the game's shuffle stream.
fn shuffle(state: &mut State, deck: DeckKind, events: &mut Recorder) {
    let (seed, count) = state.shuffles;
    let mut stream = Stream::new(seed, u64::from(count), Source::Shuffle);
    stream.shuffle(&mut state.decks[deck.index()].draw);
    state.shuffles.1 += 1;
    events.push(ev("deck.cycle", EventKind::Shuffled { deck }));
}

/// Whether a fielder may stand on a square at the start of a half inning
/// (core.defense.positioning).
pub(crate) fn check_positions(field: &Field, squares: &[SquareId]) -> Result<(), String> {
    if squares.len() != 9 {
        return Err(format!("nine fielders are placed, not {}", squares.len()));
    }
    for (i, a) in squares.iter().enumerate() {
        if field.squares().get(a.index()).is_none() {
            return Err(format!("square {} is not on this field", a.index()));
        }
        if squares[..i].contains(a) {
            return Err("two fielders on one square".to_string());
        }
    }
    if !field.is_mound(squares[0]) {
        return Err("the pitcher stands on the mound".to_string());
    }
    if squares[1] != field.catcher() {
        return Err("the catcher stands in C".to_string());
    }
    for (i, &sq) in squares.iter().enumerate().skip(2) {
        let kind = field.kind(sq);
        let ok = if i < 6 {
            matches!(kind, SquareKind::Diamond | SquareKind::Texas) && !field.is_mound(sq)
        } else {
            matches!(kind, SquareKind::Outfield | SquareKind::Texas)
        };
        if !ok {
            return Err(format!(
                "{} stands {}",
                super::POSITIONS[i],
                if i < 6 {
                    "inside the diamond"
                } else {
                    "in the outfield"
                }
            ));
        }
    }
    let dir = |sq: SquareId| field.square(sq).direction.unwrap_or(0);
    if !(dir(squares[6]) <= dir(squares[7]) && dir(squares[7]) <= dir(squares[8])) {
        return Err("the center fielder stands between the left and right fielders".to_string());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::load_field;

    /// `sort_pile` orders a pile like `sort_unstable`: distinct cards of
    /// any ids, and a pile holding a card twice.
    #[test]
    fn sort_pile_sorts() {
        let mut stream = Stream::new(3, 0, Source::Shuffle);
        for len in [0usize, 1, 2, 40, 64, 200, 256] {
            let mut pile: Vec<CardId> = (0..=255u8).rev().map(CardId).take(len).collect();
            stream.shuffle(&mut pile);
            let mut sorted = pile.clone();
            sorted.sort_unstable();
            sort_pile(&mut pile);
            assert_eq!(pile, sorted);
        }
        let mut twice = vec![CardId(9), CardId(3), CardId(200), CardId(3), CardId(0)];
        sort_pile(&mut twice);
        assert_eq!(twice, [0, 3, 3, 9, 200].map(CardId));
    }

    /// faq.cards.initial: in the top of the first the batting manager
    /// draws 5 Offense cards and the fielding one 5 Defense; in the bottom
    /// they swap roles and draw again. PRO deals both hands at the start
    /// (core.hand.initial).
    #[test]
    fn faq_hands_are_dealt_as_each_phase_is_first_played() {
        use crate::engine::GameRules;
        use crate::ruleset::Ruleset;
        let field = load_field("classic").unwrap();
        let sizes = |state: &State| {
            state
                .hands
                .iter()
                .map(|h| (h.defense.len(), h.offense.len()))
                .collect::<Vec<_>>()
        };
        for (name, top, bottom) in [
            ("faq", [(5, 0), (0, 5)], [(5, 5), (5, 5)]),
            ("pro", [(5, 5), (5, 5)], [(5, 5), (5, 5)]),
        ] {
            let ruleset = Ruleset::load(name).unwrap();
            let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
            let engine = Engine::new(&rules, &field);
            let (mut state, _) = engine.new_game(3);
            assert_eq!(
                sizes(&state),
                top,
                "{name}: home, away in the top of the 1st"
            );
            state.outs = 3;
            engine.after_batter(&mut state, &mut engine.recorder(Vec::new()));
            assert_eq!(state.half, Half::Bottom);
            assert_eq!(sizes(&state), bottom, "{name}: in the bottom of the 1st");
        }
    }

    /// A tie that never breaks (house rules under which every at-bat ends
    /// before a pitch) plays its extra innings on as the 255th rather than
    /// overflowing the count, until the runner gives the game up.
    #[test]
    fn extra_innings_past_the_255th_stay_the_255th() {
        use crate::engine::GameRules;
        let rules = GameRules::builtin("basic");
        let field = load_field("classic").unwrap();
        let engine = Engine::new(&rules, &field);
        let (mut state, _) = engine.new_game(3);
        state.inning = u8::MAX;
        state.half = Half::Bottom;
        state.outs = 3;
        engine.after_batter(&mut state, &mut engine.recorder(Vec::new()));
        assert_eq!((state.inning, state.half), (u8::MAX, Half::Top));
        assert_ne!(state.phase, Phase::Over);
    }

    #[test]
    fn standard_positions_are_legal_on_every_shipped_field() {
        for name in crate::builtin::field_names() {
            let field = load_field(name).unwrap();
            let squares = field.standard_positions();
            assert_eq!(check_positions(&field, squares), Ok(()), "{name}");
        }
    }
}
