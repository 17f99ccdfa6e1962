//! Building the starting `State` of a scenario on an engine: the inning,
//! count and score, the runners, the fielders (the field's standard
//! placement, moved where the scenario says), the hands and the tops of
//! the decks card by card, and the phase to start in. Cards nobody names
//! are shuffled from the scenario's seed, so every card of both decks is
//! still somewhere. Whatever the scenario names that this ruleset or field
//! does not have is a diagnostic at its place in the file.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span, did_you_mean};
use crate::engine::dice::{Source, Stream};
use crate::engine::{
    Action, Ball, Card, CardId, DeckKind, DeckList, Engine, Event, Half, Lie, Phase, Play, Runner,
    Side, State,
};
use crate::field::{SquareId, SquareKind};
use crate::ruleset::schema::{InitialDraw, Pitch};

use super::model::{At, CardName, Change, HandOwner, Scenario, SquareSpec, StartPhase, Step};
use super::words;

/// The state a scenario starts from, and the events of getting there (a
/// new batter's forced draws, for a start at the memorandum).
pub fn build(s: &Scenario, engine: &Engine<'_>) -> Result<(State, Vec<Event>), Diagnostics> {
    let mut b = Builder {
        file: &s.file,
        engine,
        problems: Diagnostics::default(),
    };
    let result = b.state(s);
    if b.problems.is_empty() {
        Ok(result)
    } else {
        Err(b.problems)
    }
}

/// The square a scenario names, or a diagnostic saying why it is not on
/// this field.
pub(crate) fn square(
    engine: &Engine<'_>,
    file: &Arc<SourceFile>,
    spec: SquareSpec,
    span: Span,
) -> Result<SquareId, Diagnostic> {
    words::resolve_square(engine.field, spec).ok_or_else(|| {
        let mut d = Diagnostic::error(format!(
            "{} is not a square of {}",
            words::square_spec_text(spec),
            engine.field.name()
        ))
        .at(file, span);
        if let SquareSpec::Grid(dir, _) = spec
            && (1..=6).contains(&dir)
        {
            d = d.hint(format!(
                "direction {dir} runs from distance 2 to its fence at {}",
                engine.field.fence(dir)
            ));
        }
        d
    })
}

/// The field's standard placement of the nine, as the engine offers it.
pub(crate) fn standard_positions(engine: &Engine<'_>, state: &State) -> Vec<SquareId> {
    let mut probe = state.clone();
    probe.phase = Phase::Position;
    engine
        .legal_actions(&probe)
        .into_iter()
        .find_map(|a| match a {
            Action::Position(squares) => Some(squares),
            _ => None,
        })
        .unwrap_or_else(|| state.fielders.to_vec())
}

struct Builder<'a> {
    file: &'a Arc<SourceFile>,
    engine: &'a Engine<'a>,
    problems: Diagnostics,
}

impl Builder<'_> {
    fn err(&mut self, span: Span, message: impl Into<String>) {
        self.problems
            .push(Diagnostic::error(message).at(self.file, span));
    }

    fn state(&mut self, s: &Scenario) -> (State, Vec<Event>) {
        let start = &s.start;
        let (mut state, _) = self.engine.new_game(s.seed);
        state.inning = start.inning;
        state.half = start.half;
        // Past the top of the first, every first hand has been dealt
        // (faq.cards.initial): the scenario's hands are what is left.
        if (state.inning, state.half) != (1, Half::Top) {
            for dugout in &mut state.dugouts {
                dugout.dealt = [true; 2];
            }
        }
        state.outs = start.outs;
        state.balls = start.balls;
        state.strikes = start.strikes;
        state.memo_done = [true, true];
        state.ball = Ball::Dead;
        state.play = None;
        let offense = state.offense();
        self.score(&mut state, &start.score.value, start.score.span);
        state.batter = start.batter;
        state.next_batter = [0, 0];
        state.next_batter[offense.index()] = (start.batter + 1) % 9;
        self.runners(&mut state, &start.runners, start.batter);
        self.fielders(&mut state, s);
        self.special_names(s);
        self.cards(&mut state, s);
        self.dugouts(&mut state, s);
        self.decision_names(s);
        let mut events = self.engine.recorder(Vec::new());
        match &start.phase.value {
            StartPhase::Position => {
                state.next_batter[offense.index()] = start.batter;
                // The half inning's start as the engine plays it: a forced
                // relief, a new pitcher's stamina die, or the positioning.
                self.engine.begin_half(&mut state);
            }
            StartPhase::Memorandum => {
                if start.balls + start.strikes > 0 {
                    self.err(
                        start.phase.span,
                        "a new batter starts with no balls and no strikes",
                    );
                }
                if self.problems.is_empty() {
                    state.next_batter[offense.index()] = start.batter;
                    self.engine.new_batter(&mut state, &mut events);
                }
            }
            StartPhase::Pitch => state.phase = Phase::Pitch,
            StartPhase::Hit { bonus, pitch } => {
                let (pitch, value) = match pitch {
                    Some(name) => match self.hit_pitch(&name.value, name.span) {
                        Some((p, v)) => (Some(p), v),
                        None => (None, 0),
                    },
                    None => (None, 0),
                };
                state.phase = Phase::HitDice {
                    bonus: *bonus,
                    specials: [0, value],
                    pitch,
                }
            }
            StartPhase::Defense => self.ball_in_play(&mut state, s),
        }
        // What the offense holds in the situation was not conceded in this
        // batter's turn.
        state.bases_at_batter = start
            .bases_at_batter
            .unwrap_or_else(|| Engine::bases_taken(&state));
        (state, events.into_events())
    }

    fn score(&mut self, state: &mut State, score: &[Vec<u32>; 2], span: Span) {
        for side in [Side::Home, Side::Away] {
            // Half innings begun by this side, the current one included.
            let begun = match (side, state.half) {
                (Side::Away, _) | (Side::Home, Half::Bottom) => state.inning,
                (Side::Home, Half::Top) => state.inning - 1,
            };
            let mut runs = vec![0u16; usize::from(begun)];
            let given = &score[side.index()];
            let scored = given.iter().any(|&r| r > 0);
            if begun == 0 && scored {
                self.err(
                    span,
                    "the home team has not batted yet in the top of the first",
                );
            } else if given.len() > usize::from(begun) && scored {
                self.err(
                    span,
                    format!(
                        "the {} team's runs are listed for {} innings; it has batted in {begun}",
                        words::side(side),
                        given.len()
                    ),
                );
            } else {
                for (inning, &r) in runs.iter_mut().zip(given) {
                    match u8::try_from(r) {
                        Ok(r) => *inning = u16::from(r),
                        Err(_) => self.err(span, "a score above 255 is not supported"),
                    }
                }
            }
            state.runs[side.index()] = runs;
        }
    }

    fn runners(&mut self, state: &mut State, given: &[At<(u8, Option<u8>)>], batter: u8) {
        let mut taken: Vec<u8> = given.iter().filter_map(|r| r.value.1).collect();
        let mut order: Vec<&At<(u8, Option<u8>)>> = given.iter().collect();
        order.sort_by_key(|r| r.value.0);
        let mut runners = Vec::new();
        let mut back = batter;
        for r in order {
            let (pos, slot) = r.value;
            let slot = match slot {
                Some(s) => s,
                None => loop {
                    // The batters just before this one are the runners.
                    back = (back + 8) % 9;
                    if back != batter && !taken.contains(&back) {
                        taken.push(back);
                        break back;
                    }
                },
            };
            if slot == batter {
                self.err(
                    r.span,
                    format!("slot {slot} is the batter at the plate, not a runner"),
                );
                continue;
            }
            runners.push(Runner {
                slot,
                pos,
                start: pos,
                forced_to: None,
            });
        }
        runners.sort_by_key(|r| std::cmp::Reverse(r.pos));
        state.runners = runners;
    }

    fn fielders(&mut self, state: &mut State, s: &Scenario) {
        let standard = standard_positions(self.engine, state);
        let mut squares: Vec<SquareId> = standard;
        let mut placed: Vec<(u8, Span)> = Vec::new();
        for f in &s.start.fielders {
            let (pos, spec) = f.value;
            match square(self.engine, self.file, spec, f.span) {
                Ok(sq) => {
                    squares[usize::from(pos)] = sq;
                    placed.push((pos, f.span));
                }
                Err(d) => self.problems.push(d),
            }
        }
        for (i, sq) in squares.iter().enumerate() {
            if let Some(j) = squares[..i].iter().position(|o| o == sq) {
                let span = placed
                    .iter()
                    .find(|(p, _)| usize::from(*p) == i || usize::from(*p) == j)
                    .map_or(s.start.phase.span, |(_, span)| *span);
                let (a, b) = (words::position_name(j as u8), words::position_name(i as u8));
                self.problems.push(
                    Diagnostic::error(format!(
                        "{a} and {b} stand on one square, {}",
                        words::square(self.engine.field, *sq)
                    ))
                    .at(self.file, span)
                    .hint("a fielder you do not place stands where the field's standard placement puts him: place him elsewhere too"),
                );
            }
        }
        if squares.len() == 9 {
            state.fielders.copy_from_slice(&squares);
        }
    }

    /// Hands and decks: the named cards first, then the others shuffled
    /// from the seed and dealt to the hands the scenario leaves out.
    fn cards(&mut self, state: &mut State, s: &Scenario) {
        let rules = self.engine.rules;
        let defense = state.defense();
        // fixed[side][deck]: a hand the scenario names.
        let mut fixed: [[Option<Vec<CardId>>; 2]; 2] = Default::default();
        let mut pools: [Vec<CardId>; 2] = [
            rules.defense_deck.ids().collect(),
            rules.offense_deck.ids().collect(),
        ];
        for hand in &s.start.hands {
            let (side, deck) = match hand.owner {
                HandOwner::Defense => (defense, DeckKind::Defense),
                HandOwner::Offense => (defense.other(), DeckKind::Offense),
                HandOwner::Named { home, defense_deck } => (
                    if home { Side::Home } else { Side::Away },
                    if defense_deck {
                        DeckKind::Defense
                    } else {
                        DeckKind::Offense
                    },
                ),
            };
            let slot = &mut fixed[side.index()][deck.index()];
            if slot.is_some() {
                self.err(
                    hand.span,
                    format!(
                        "the {} manager's {} hand is named twice",
                        words::side(side),
                        deck_word(deck)
                    ),
                );
                continue;
            }
            let limits = rules.hand;
            if hand.cards.len() > usize::from(limits.max) {
                self.err(
                    hand.span,
                    format!("a hand holds at most {} cards", limits.max),
                );
            }
            let mut ids = Vec::new();
            for c in &hand.cards {
                if let Some(id) = self.take(&mut pools[deck.index()], c, deck) {
                    ids.push(id);
                }
            }
            *slot = Some(ids);
        }
        let mut tops: [Vec<CardId>; 2] = Default::default();
        let mut removed: [Vec<CardId>; 2] = Default::default();
        for deck in DeckKind::BOTH {
            for c in &s.start.decks[deck.index()] {
                if let Some(id) = self.take(&mut pools[deck.index()], c, deck) {
                    tops[deck.index()].push(id);
                }
            }
            for c in &s.start.removed[deck.index()] {
                if let Some(id) = self.take(&mut pools[deck.index()], c, deck) {
                    removed[deck.index()].push(id);
                }
            }
        }
        for deck in DeckKind::BOTH {
            let pool = &mut pools[deck.index()];
            let mut stream = Stream::new(s.seed, deck.index() as u64, Source::Shuffle);
            stream.shuffle(pool);
            for side in [Side::Home, Side::Away] {
                // Where each manager draws a phase's first hand when he first
                // plays it (faq.cards.initial, major.2.13.cards-setup), the
                // top of the first has dealt only the hands of the phases
                // being played: the others are drawn at the change of sides.
                let dealt = state.dugouts[side.index()].dealt[deck.index()];
                let playing = (side == defense) == (deck == DeckKind::Defense);
                let unplayed =
                    rules.hand_initial.draw == InitialDraw::FirstPhase && !dealt && !playing;
                let hand = match fixed[side.index()][deck.index()].take() {
                    Some(h) => h,
                    None if unplayed => Vec::new(),
                    None => {
                        let n = usize::from(rules.hand_initial.size).min(pool.len());
                        pool.split_off(pool.len() - n)
                    }
                };
                if !unplayed || !hand.is_empty() {
                    state.dugouts[side.index()].dealt[deck.index()] = true;
                }
                *state.hands[side.index()].of_mut(deck) = hand;
            }
            let d = &mut state.decks[deck.index()];
            let rest = std::mem::take(pool);
            d.removed = std::mem::take(&mut removed[deck.index()]);
            if s.start.rest_discarded[deck.index()] {
                d.draw.clear();
                d.discard = rest;
            } else {
                d.draw = rest;
                d.discard.clear();
            }
            // The last card of the draw pile is drawn first.
            d.draw.extend(tops[deck.index()].iter().rev());
        }
        state.shuffles = (s.seed, s.start.shuffles.unwrap_or(2));
    }

    fn take(
        &mut self,
        pool: &mut Vec<CardId>,
        card: &At<CardName>,
        deck: DeckKind,
    ) -> Option<CardId> {
        let list = match deck {
            DeckKind::Defense => &self.engine.rules.defense_deck,
            DeckKind::Offense => &self.engine.rules.offense_deck,
        };
        let wanted = &card.value;
        match pool.iter().position(|&id| words::names(list, id, wanted)) {
            Some(i) => Some(pool.remove(i)),
            None => {
                let total = list
                    .ids()
                    .filter(|&id| words::names(list, id, wanted))
                    .count();
                if total == 0 {
                    // A special card this deck lacks: reported once, by
                    // `special_names`.
                    return None;
                }
                self.problems.push(
                    Diagnostic::error(format!(
                        "the {} deck has no {} left for this",
                        deck_word(deck),
                        words::card_name(wanted)
                    ))
                    .at(self.file, card.span)
                    .hint(format!(
                        "this ruleset's {} deck holds {total} of them, and the hands and deck tops above name them all",
                        deck_word(deck)
                    )),
                );
                None
            }
        }
    }

    /// Every special card the scenario names must be in the deck it is
    /// named for, in a game that plays with special cards.
    fn special_names(&mut self, s: &Scenario) {
        let rules = self.engine.rules;
        let decks: [(DeckKind, &DeckList); 2] = [
            (DeckKind::Defense, &rules.defense_deck),
            (DeckKind::Offense, &rules.offense_deck),
        ];
        for named in &s.specials {
            let id = &named.id.value;
            let searched: Vec<(DeckKind, &DeckList)> = decks
                .iter()
                .copied()
                .filter(|(d, _)| named.deck.is_none_or(|want| want == *d))
                .collect();
            if searched
                .iter()
                .any(|(_, list)| special_ids(list).contains(&id.as_str()))
            {
                continue;
            }
            if rules.specials.is_none() {
                let hint = no_specials(s, rules);
                self.problems.push(
                    Diagnostic::error(format!(
                        "`{id}` would be a special card, and this game plays without special cards"
                    ))
                    .at(self.file, named.id.span)
                    .hint(hint),
                );
                continue;
            }
            if let Some((other, _)) = decks.iter().find(|(d, list)| {
                named.deck != Some(*d) && special_ids(list).contains(&id.as_str())
            }) {
                let here = named.deck.map_or("either", deck_word);
                self.problems.push(
                    Diagnostic::error(format!("`{id}` is not a card of the {here} deck"))
                        .at(self.file, named.id.span)
                        .hint(format!(
                            "`{id}` is a special card of the {} deck",
                            deck_word(*other)
                        )),
                );
                continue;
            }
            let what = match named.deck {
                Some(deck) => format!("a card of the {} deck", deck_word(deck)),
                None => "a card of either deck".to_string(),
            };
            let candidates: Vec<&str> = searched.iter().flat_map(|(_, l)| special_ids(l)).collect();
            let hint = match did_you_mean(id, candidates.iter().copied()) {
                Some(best) => format!("did you mean `{best}`?"),
                None => format!("the special cards: {}", candidates.join(", ")),
            };
            self.problems.push(
                Diagnostic::error(format!("`{id}` is not {what} in this ruleset"))
                    .at(self.file, named.id.span)
                    .hint(hint),
            );
        }
    }

    /// The players the decisions name must play for one of the teams
    /// (which side changes players is known only when the decision is
    /// made).
    fn decision_names(&mut self, s: &Scenario) {
        fn changes(step: &Step) -> Option<&Change> {
            match step {
                Step::Substitute(change) => Some(change),
                Step::Illegal(inner) => changes(inner),
                _ => None,
            }
        }
        for change in s.decisions.iter().filter_map(|d| changes(&d.value)) {
            let Some(players) = self.engine.players else {
                self.problems.push(
                    Diagnostic::error("a substitution names players, and this scenario has no teams")
                        .at(self.file, change.player.span)
                        .hint("name the teams whose Player cards play: `teams: {home: falchi, away: corsari}`"),
                );
                continue;
            };
            for name in [&change.player, &change.replaced] {
                let known = [Side::Home, Side::Away]
                    .iter()
                    .any(|&side| players.roster(side).iter().any(|c| c.name == name.value));
                if !known {
                    let names = players
                        .roster(Side::Home)
                        .iter()
                        .chain(players.roster(Side::Away))
                        .map(|c| c.name.as_str());
                    self.problems.push(
                        Diagnostic::error(format!("`{}` plays for neither team", name.value))
                            .at(self.file, name.span)
                            .suggest(&name.value, names),
                    );
                }
            }
        }
    }

    /// The pitch hit, of a start at the hit: its type, and a special
    /// card's value for the pitcher.
    fn hit_pitch(&mut self, name: &CardName, span: Span) -> Option<(Pitch, i8)> {
        let list = &self.engine.rules.defense_deck;
        match name {
            CardName::Pitch(p) => Some((*p, 0)),
            CardName::Response(_) => None,
            CardName::Special(_) => {
                let id = list.ids().find(|&c| words::names(list, c, name))?;
                let special = list.special(id)?;
                match list.card(id) {
                    Card::Pitch(p) => Some((p, special.value)),
                    _ => {
                        self.problems.push(
                            Diagnostic::error(format!(
                                "`{}` has an immediate effect: it is never hit",
                                special.id
                            ))
                            .at(self.file, span)
                            .hint("name a pitch card, or a special card that plays as one"),
                        );
                        None
                    }
                }
            }
        }
    }

    /// The dugouts before the situation: players already changed, the
    /// pitchers' stamina, the special cards already played.
    fn dugouts(&mut self, state: &mut State, s: &Scenario) {
        let start = &s.start;
        for change in &start.substitutions {
            self.change(state, change);
        }
        for side in [Side::Home, Side::Away] {
            if let Some(stamina) = &start.stamina[side.index()] {
                self.stamina(state, side, stamina);
            }
            if let Some(played) = &start.specials[side.index()] {
                self.played(s, state, side, played);
            }
        }
    }

    /// A substitution made before the situation, as the engine makes it
    /// (and only if it could: same role, the star cap, never back).
    fn change(&mut self, state: &mut State, change: &Change) {
        let side = change.side.unwrap_or_else(|| state.defense());
        let players =
            match player_index(self.engine, self.file, state, side, &change.replaced, false)
                .and_then(|r| {
                    player_index(self.engine, self.file, state, side, &change.player, true)
                        .map(|p| (p, r))
                }) {
                Ok(p) => p,
                Err(d) => {
                    self.problems.push(d);
                    return;
                }
            };
        let (player, replaced) = players;
        let mut probe = state.clone();
        probe.phase = Phase::Memorandum { side };
        let action = Action::Substitute { player, replaced };
        let mut events = self.engine.recorder(Vec::new());
        match self
            .engine
            .substitute(&mut probe, &action, side, player, replaced, &mut events)
        {
            Ok(()) => state.dugouts = probe.dugouts,
            Err(e) => self.problems.push(
                Diagnostic::error(format!(
                    "{} cannot come in for {}: {}",
                    change.player.value,
                    change.replaced.value,
                    refusal(&e)
                ))
                .at(self.file, change.player.span),
            ),
        }
    }

    fn stamina(&mut self, state: &mut State, side: Side, stamina: &At<u8>) {
        let Some(rules) = self
            .engine
            .rules
            .stamina
            .as_ref()
            .filter(|_| self.engine.players.is_some())
        else {
            self.problems.push(
                Diagnostic::error("this game keeps no Status Pitcher track")
                    .at(self.file, stamina.span)
                    .hint("pitchers tire in PRO and the rulesets built on it, with the teams' players: name them with `teams:`"),
            );
            return;
        };
        let cells = rules.track.cells.len();
        if usize::from(stamina.value) > cells {
            self.err(
                stamina.span,
                format!("the Status track has {cells} cells: a stamina is 0 to {cells}"),
            );
            return;
        }
        state.dugouts[side.index()].stamina = Some(stamina.value);
    }

    fn played(
        &mut self,
        s: &Scenario,
        state: &mut State,
        side: Side,
        played: &At<super::model::Played>,
    ) {
        let Some((limits, _)) = &self.engine.rules.specials else {
            self.problems.push(
                Diagnostic::error(
                    "specials played are counted, and this game plays without special cards",
                )
                .at(self.file, played.span)
                .hint(no_specials(s, self.engine.rules)),
            );
            return;
        };
        let p = played.value;
        let over = [
            (p.game, limits.per_game, "in a game"),
            (
                p.defense,
                limits.per_inning_defense,
                "on defense in an inning",
            ),
            (
                p.offense,
                limits.per_inning_offense,
                "on offense in an inning",
            ),
            (
                p.defense + p.offense,
                limits.per_inning_total,
                "in an inning",
            ),
        ]
        .into_iter()
        .find(|(n, max, _)| n > max);
        if let Some((n, max, what)) = over {
            self.err(
                played.span,
                format!("{n} special cards played {what}, and the limit is {max}"),
            );
            return;
        }
        let dugout = &mut state.dugouts[side.index()];
        dugout.specials = p.game;
        dugout.specials_inning = [p.defense, p.offense];
    }

    /// A ball just hit, lying on a square: the batter is on the base path,
    /// the runners he forces are marked, and the defense plays its first
    /// turn.
    fn ball_in_play(&mut self, state: &mut State, s: &Scenario) {
        let Some(ball) = &s.start.ball else { return };
        let (spec, lie) = ball.value;
        let at = match square(self.engine, self.file, spec, ball.span) {
            Ok(sq) => sq,
            Err(d) => {
                self.problems.push(d);
                return;
            }
        };
        let field = self.engine.field;
        let kind = field.kind(at);
        let in_diamond = matches!(
            kind,
            SquareKind::Diamond | SquareKind::Box | SquareKind::Catcher
        );
        let lie = match (lie, kind) {
            (Some(l), _) => l,
            (None, SquareKind::Texas) => {
                self.err(
                    ball.span,
                    "a ball on a Texas square lies as the offense chose: give its `lie`",
                );
                Lie::Ground
            }
            (None, _) if in_diamond => self.engine.rules.lie.diamond,
            (None, _) => self.engine.rules.lie.outfield,
        };
        let square = field.square(at);
        state.runners.push(Runner {
            slot: state.batter,
            pos: 0,
            start: 0,
            forced_to: Some(5),
        });
        let mut need = 5;
        state.runners.sort_by_key(|r| r.pos);
        for r in &mut state.runners {
            if r.pos == 0 {
                continue;
            }
            if r.pos == need {
                r.forced_to = Some(need + 5);
                need += 5;
            }
        }
        state.runners.sort_by_key(|r| std::cmp::Reverse(r.pos));
        state.ball = Ball::Loose {
            at,
            lie,
            dropped: false,
        };
        state.play = Some(Play {
            in_diamond: self.engine.stops_runners(at),
            ..Play::new(
                square.direction.unwrap_or(1),
                i32::from(square.distance),
                square.distance.min(12),
            )
        });
        state.phase = Phase::Defense;
    }
}

/// Why a game has no special cards, as a hint.
fn no_specials(s: &Scenario, rules: &crate::engine::GameRules) -> String {
    if s.set.iter().any(|o| o.value.starts_with("special_cards=")) {
        "this scenario sets `special_cards: false`: PRO without its special cards (core.level.pro-no-specials)".into()
    } else {
        format!(
            "special cards play in PRO and the rulesets built on it (this game: {})",
            rules.name
        )
    }
}

/// The ids of a deck's special cards, once each.
fn special_ids(list: &DeckList) -> Vec<&str> {
    let mut ids: Vec<&str> = Vec::new();
    for special in list.ids().filter_map(|c| list.special(c)) {
        if !ids.contains(&special.id) {
            ids.push(special.id);
        }
    }
    ids
}

/// The roster index of a side's player named in a scenario: one coming
/// into the game (`coming_in`: preferably a card not in the game) or one
/// leaving it (preferably a card in the game), for a player with two
/// cards.
pub(crate) fn player_index(
    engine: &Engine<'_>,
    file: &Arc<SourceFile>,
    state: &State,
    side: Side,
    name: &At<String>,
    coming_in: bool,
) -> Result<u8, Diagnostic> {
    let Some(players) = engine.players else {
        return Err(Diagnostic::error(format!(
            "`{}` is a player's name, and this scenario has no teams",
            name.value
        ))
        .at(file, name.span)
        .hint("name the teams whose Player cards play: `teams: {home: falchi, away: corsari}`"));
    };
    let roster = players.roster(side);
    let dugout = &state.dugouts[side.index()];
    let in_game = |i: u8| dugout.batting.contains(&i) || dugout.fielding.contains(&i);
    let cards: Vec<u8> = (0..roster.len() as u8)
        .filter(|&i| roster[usize::from(i)].name == name.value)
        .collect();
    if let Some(&first) = cards.first() {
        let best = cards.iter().copied().find(|&i| in_game(i) != coming_in);
        return Ok(best.unwrap_or(first));
    }
    let other = side.other();
    let mut d = Diagnostic::error(format!(
        "`{}` is not a player of the {} team",
        name.value,
        words::side(side)
    ))
    .at(file, name.span);
    if players.roster(other).iter().any(|c| c.name == name.value) {
        d = d.hint(format!(
            "{} plays for the {} team; the {} manager changes players here",
            name.value,
            words::side(other),
            words::side(side)
        ));
    } else {
        d = d.suggest(&name.value, roster.iter().map(|c| c.name.as_str()));
    }
    Err(d)
}

/// Why the engine refused an action, in its own words.
pub(crate) fn refusal(e: &crate::engine::EngineError) -> String {
    match e {
        crate::engine::EngineError::Illegal(illegal) => illegal.reason.clone(),
        other => other.to_string(),
    }
}

fn deck_word(deck: DeckKind) -> &'static str {
    match deck {
        DeckKind::Defense => "Defense",
        DeckKind::Offense => "Offense",
    }
}
