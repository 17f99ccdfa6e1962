//! The turn engine: a pure state machine over `State`. `Engine::decision`
//! says what the game waits for (a side's choice among legal actions, or a
//! chance step), and `Engine::apply` validates an action and performs one
//! transition, reporting what happened as `Event`s that cite their rules.
//! The engine reads only its `GameRules` and `Field`; it does no IO and
//! draws no random numbers of its own (dice come in as actions; deck
//! shuffles come from the seed kept in the state).
//!
//! The phases of a game: positioning the defense at each half inning ->
//! the memorandum before each batter (defense, then offense) -> pitch ->
//! response -> for a batted ball, its dice and placement, then defense and
//! offense turns in turn until the play ends -> next batter, half inning,
//! or the end of the game.

mod action;
mod at_bat;
mod cards;
pub mod dice;
mod dugout;
mod event;
mod flow;
mod intern;
mod play;
mod players;
mod rules;
mod specials;
mod state;

use std::fmt;

pub use action::{Action, Chance, Decision, Memo};
pub use cards::{Card, CardId, Deck, DeckKind, DeckList};
pub(crate) use event::Recorder;
pub use event::{Event, EventKind, EventKinds, EventTag, Landing, OutHow};
pub use players::{Players, throw_minimum};
pub use rules::{Collision, GameRules, HookFailure, StaminaRules, Tiring, script_calls};
pub use state::{
    Ball, DefenseRoll, Dugout, Half, Hands, Lie, POSITIONS, Phase, Play, Resume, Runner, ShortList,
    Side, State, is_infielder,
};

use crate::field::Field;

/// Why an action cannot be applied. Each reason is boxed, so that the
/// `Applied` of every step, nearly always `Ok`, is two words returned in
/// registers rather than a larger value written through memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The action is not legal now; the state is unchanged.
    Illegal(Box<IllegalAction>),
    /// A rule's script failed; the game cannot go on.
    Hook(Box<HookFailure>),
}

/// An action the rules do not allow now, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalAction {
    /// The action.
    pub action: String,
    /// Why.
    pub reason: String,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Illegal(illegal) => {
                write!(f, "illegal action {}: {}", illegal.action, illegal.reason)
            }
            EngineError::Hook(failure) => write!(f, "{}", failure.0),
        }
    }
}

impl std::error::Error for EngineError {}

impl From<HookFailure> for EngineError {
    fn from(h: HookFailure) -> Self {
        EngineError::Hook(Box::new(h))
    }
}

/// The outcome of `apply`.
pub type Applied = Result<(), EngineError>;

fn illegal(action: &Action, reason: impl Into<String>) -> EngineError {
    EngineError::Illegal(Box::new(IllegalAction {
        action: format!("{action:?}"),
        reason: reason.into(),
    }))
}

/// The engine of one game: the rules, the field it is played on, and the
/// players, when the game has them.
#[derive(Debug, Clone, Copy)]
pub struct Engine<'a> {
    /// The rules.
    pub rules: &'a GameRules,
    /// The field.
    pub field: &'a Field,
    /// The players' cards; without them every rule that reads a card plays
    /// the card-free (BASIC) way.
    pub players: Option<&'a Players>,
    /// The kinds of events its games record (`recording`).
    records: EventKinds,
}

impl<'a> Engine<'a> {
    /// An engine for these rules on this field, without players.
    pub fn new(rules: &'a GameRules, field: &'a Field) -> Self {
        Self {
            rules,
            field,
            players: None,
            records: EventKinds::ALL,
        }
    }

    /// The same engine recording only the events of `kinds`: a game plays
    /// the same, and the others are never built.
    pub fn recording(self, kinds: EventKinds) -> Self {
        Self {
            records: kinds,
            ..self
        }
    }

    /// A recorder of this engine's kinds of events, after those of `list`.
    pub(crate) fn recorder(&self, list: Vec<Event>) -> Recorder {
        Recorder::new(list, self.records)
    }

    /// The same engine with these players.
    pub fn with_players(self, players: &'a Players) -> Self {
        Self {
            players: Some(players),
            ..self
        }
    }

    /// What the game waits for.
    pub fn decision(&self, state: &State) -> Decision {
        let dice = |count, purpose| Decision::Chance(Chance::Dice { count, purpose });
        match &state.phase {
            Phase::Position | Phase::Relief { .. } | Phase::Pitch | Phase::Defense => {
                Decision::Choose {
                    side: state.defense(),
                }
            }
            Phase::Memorandum { side } => Decision::Choose { side: *side },
            Phase::Response { .. }
            | Phase::TexasChoice
            | Phase::Run
            | Phase::MissAdvance { .. } => Decision::Choose {
                side: state.offense(),
            },
            Phase::HitDice { .. } => dice(3, "hit"),
            Phase::CollisionDice { .. } => dice(2, "collision"),
            Phase::StaminaDie { .. } => dice(1, "stamina"),
            Phase::DefenseDie { purpose } => dice(
                1,
                match purpose {
                    DefenseRoll::Catch { .. } => "catch",
                    DefenseRoll::Leap { .. } => "leap",
                    DefenseRoll::Pickup { .. } => "pickup",
                    DefenseRoll::Throw { .. } => "throw",
                },
            ),
            Phase::RunDie => dice(1, "run"),
            Phase::Over => Decision::Over,
        }
    }

    /// The legal actions of the choice the game waits for (empty at a
    /// chance step or at the end). For `Position` the list holds the
    /// standard placement; any other placement the rules allow is legal
    /// too.
    pub fn legal_actions(&self, state: &State) -> Vec<Action> {
        match &state.phase {
            Phase::Position => {
                let mut actions = vec![Action::Position(self.field.standard_positions().to_vec())];
                actions.extend(self.substitutions(state, state.defense()));
                actions
            }
            Phase::Relief { .. } => self.substitutions(state, state.defense()),
            Phase::Memorandum { side } => {
                let mut actions = self.memo_actions(state, *side);
                actions.extend(self.substitutions(state, *side));
                actions
            }
            Phase::Pitch => {
                let side = state.defense();
                let hand = &state.hands[side.index()].defense;
                hand.iter()
                    .filter(|&&c| self.card_playable(state, side, DeckKind::Defense, c))
                    .map(|&c| Action::Pitch(c))
                    .chain(
                        hand.iter()
                            .filter(|&&c| self.swap_legal(state, side, DeckKind::Defense, c))
                            .map(|&c| Action::Swap(c)),
                    )
                    .collect()
            }
            Phase::Response { pitch } => {
                let side = state.offense();
                let hand = &state.hands[side.index()].offense;
                hand.iter()
                    .filter(|&&c| self.response_legal(state, *pitch, c))
                    .map(|&c| Action::Respond(c))
                    .chain(
                        hand.iter()
                            .filter(|&&c| self.swap_legal(state, side, DeckKind::Offense, c))
                            .map(|&c| Action::Swap(c)),
                    )
                    .collect()
            }
            Phase::TexasChoice => vec![Action::Texas(Lie::Ground), Action::Texas(Lie::Fly)],
            Phase::Defense => self.defense_actions(state),
            Phase::Run => self.run_actions(state),
            Phase::MissAdvance { .. } => self.send_actions(state),
            Phase::HitDice { .. }
            | Phase::CollisionDice { .. }
            | Phase::StaminaDie { .. }
            | Phase::DefenseDie { .. }
            | Phase::RunDie
            | Phase::Over => Vec::new(),
        }
    }

    /// Whether `action` answers the choice the game waits for: the same
    /// answer as finding it in `legal_actions` (or, for `Position`, any
    /// placement the rules allow), without building the list.
    pub fn is_legal(&self, state: &State, action: &Action) -> bool {
        // First, and kept apart from the rest: the choice asked about most.
        if matches!(state.phase, Phase::Defense) {
            return self.defense_legal(state, action);
        }
        self.choice_legal(state, action)
    }

    /// `is_legal` at any choice but a defense turn's.
    #[inline(never)]
    fn choice_legal(&self, state: &State, action: &Action) -> bool {
        match (&state.phase, action) {
            (Phase::Position, Action::Position(squares)) => {
                flow::check_positions(self.field, squares).is_ok()
            }
            (Phase::Memorandum { side }, Action::Memo(memo)) => self.memo_legal(state, *side, memo),
            (Phase::Position | Phase::Relief { .. }, Action::Substitute { player, replaced }) => {
                self.substitution_legal(state, state.defense(), *player, *replaced)
            }
            (Phase::Memorandum { side }, Action::Substitute { player, replaced }) => {
                self.substitution_legal(state, *side, *player, *replaced)
            }
            (Phase::Pitch, Action::Pitch(card)) => {
                self.card_playable(state, state.defense(), DeckKind::Defense, *card)
            }
            (Phase::Response { pitch }, Action::Respond(card)) => {
                self.response_legal(state, *pitch, *card)
            }
            (Phase::Pitch, Action::Swap(card)) => {
                self.swap_legal(state, state.defense(), DeckKind::Defense, *card)
            }
            (Phase::Response { .. }, Action::Swap(card)) => {
                self.swap_legal(state, state.offense(), DeckKind::Offense, *card)
            }
            (Phase::TexasChoice, Action::Texas(_)) => true,
            (Phase::Run, Action::Advance(n)) => match self.run_range(state) {
                Some(range) => range.allows(*n),
                None => *n == 0,
            },
            (Phase::MissAdvance { .. }, Action::Send(on)) => self.send_legal(state, *on),
            _ => false,
        }
    }

    /// Validates and applies one action, appending what happened to
    /// `events`. An illegal action is refused before anything changes, so
    /// the state is left as it was. A failing rule script is reported as
    /// `EngineError::Hook` and ends the game: the state is then not to be
    /// played on.
    pub fn apply(&self, state: &mut State, action: Action, events: &mut Vec<Event>) -> Applied {
        let mut recorder = self.recorder(std::mem::take(events));
        let applied = self.apply_known(state, &action, false, &mut recorder);
        *events = recorder.into_events();
        applied
    }

    /// `apply`, without asking again whether a defense action, a run, a
    /// placement or a draw or discard is legal when it is `known_legal` (a
    /// `Legal` vouched for it).
    pub(crate) fn apply_known(
        &self,
        state: &mut State,
        action: &Action,
        known_legal: bool,
        events: &mut Recorder,
    ) -> Applied {
        // The phases come in order of frequency, a defense turn's first.
        match (&state.phase, action) {
            (Phase::Defense, _) => self.defense_action(state, action, known_legal, events),
            (Phase::DefenseDie { purpose }, Action::Dice(dice)) => {
                let purpose = *purpose;
                self.defense_die(state, action, purpose, dice, events)
            }
            (Phase::Pitch, Action::Pitch(card)) => self.pitch(state, action, *card, events),
            (Phase::Response { pitch }, Action::Respond(card)) => {
                let pitch = *pitch;
                self.respond(state, action, pitch, *card, events)
            }
            (Phase::Run, Action::Advance(n)) => {
                self.advance(state, action, *n, known_legal, events)
            }
            (Phase::RunDie, Action::Dice(dice)) => self.run_die(state, action, dice, events),
            (
                Phase::HitDice {
                    bonus,
                    specials,
                    pitch,
                },
                Action::Dice(dice),
            ) => {
                let swing = play::Swing {
                    bonus: *bonus,
                    specials: *specials,
                    pitch: *pitch,
                };
                self.hit(state, action, swing, dice, events)
            }
            (Phase::Position, Action::Position(squares)) => {
                self.position(state, action, squares, known_legal, events)
            }
            (Phase::Memorandum { side }, Action::Memo(memo)) => {
                let side = *side;
                self.memo(state, side, action, memo, known_legal, events)
            }
            (Phase::Position | Phase::Relief { .. }, Action::Substitute { player, replaced }) => {
                let side = state.defense();
                self.substitute(state, action, side, *player, *replaced, events)
            }
            (Phase::Memorandum { side }, Action::Substitute { player, replaced }) => {
                let side = *side;
                self.substitute(state, action, side, *player, *replaced, events)
            }
            (Phase::StaminaDie { side, resume }, Action::Dice(dice)) => {
                let (side, resume) = (*side, *resume);
                self.stamina_die(state, action, side, resume, dice, events)
            }
            (Phase::Pitch, Action::Swap(card)) => {
                let side = state.defense();
                self.swap(state, action, side, DeckKind::Defense, *card, events)
            }
            (Phase::Response { .. }, Action::Swap(card)) => {
                let side = state.offense();
                self.swap(state, action, side, DeckKind::Offense, *card, events)
            }
            (Phase::TexasChoice, Action::Texas(lie)) => self.texas(state, *lie, events),
            (Phase::MissAdvance { wall }, Action::Send(on)) => {
                let wall = *wall;
                self.send(state, action, *on, wall, events)
            }
            (Phase::CollisionDice { ball_first }, Action::Dice(dice)) => {
                let ball_first = *ball_first;
                self.collision(state, action, ball_first, dice, events)
            }
            (Phase::Over, _) => Err(illegal(action, "the game is over")),
            (phase, _) => Err(illegal(
                action,
                format!("the game waits for {}", phase_word(phase)),
            )),
        }
    }
}

fn phase_word(phase: &Phase) -> &'static str {
    match phase {
        Phase::Position => "the defense's positioning",
        Phase::Relief { .. } => "the defense's relief pitcher",
        Phase::StaminaDie { .. } => "the new pitcher's stamina die",
        Phase::Memorandum { .. } => "a draw or discard before the first pitch",
        Phase::Pitch => "a pitch",
        Phase::Response { .. } => "the offense's response",
        Phase::HitDice { .. } => "the hit's dice",
        Phase::TexasChoice => "the offense's ground-or-fly choice",
        Phase::Defense => "a defense action",
        Phase::DefenseDie { .. } => "a defense die",
        Phase::RunDie => "a runner's die",
        Phase::MissAdvance { .. } => "the offense's runner to send up a base",
        Phase::CollisionDice { .. } => "the dice of a collision at home plate",
        Phase::Run => "the offense's run",
        Phase::Over => "nothing",
    }
}

/// Builds an event.
pub(crate) fn ev(rule: &'static str, kind: EventKind) -> Event {
    Event { rule, kind }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::{Source, Stream};
    use crate::field::{SquareId, load_field};
    use crate::ruleset::Ruleset;

    /// Actions worth asking `is_legal` about at a choice: the listed ones
    /// and every other action of the kinds a manager can take.
    fn candidates(listed: &[Action], squares: &[SquareId], hand: &[CardId]) -> Vec<Action> {
        let mut all = listed.to_vec();
        all.push(Action::Memo(Memo::Keep));
        all.extend((0..4).map(|n| Action::Memo(Memo::Draw(n))));
        for &a in hand {
            all.extend([
                Action::Pitch(a),
                Action::Respond(a),
                Action::Swap(a),
                Action::Memo(Memo::Discard(vec![a])),
            ]);
            for &b in hand {
                all.push(Action::Memo(Memo::Discard(vec![a, b])));
            }
        }
        all.extend([Action::Texas(Lie::Ground), Action::EndTurn, Action::LetDrop]);
        all.push(Action::Send(None));
        all.extend((0..21).map(|c| Action::Send(Some(c))));
        all.extend((0..22).map(Action::Advance));
        for f in 0..10u8 {
            all.extend([
                Action::PlayBall(f),
                Action::Catch(f),
                Action::Leap(f),
                Action::Pickup(f),
            ]);
            all.extend((0..10u8).map(|to| Action::Throw { from: f, to }));
            all.extend(squares.iter().map(|&to| Action::Move { fielder: f, to }));
        }
        all
    }

    /// The sample teams, Falchi at home.
    fn sample_players() -> Players {
        let home = crate::team::load_team("falchi").unwrap();
        let away = crate::team::load_team("corsari").unwrap();
        Players::new(&home, &away).unwrap()
    }

    /// `is_legal` answers exactly like a lookup in `legal_actions`, for the
    /// listed actions and for every other draw, discard, card, run, move,
    /// throw and fielding action, at every choice of many random games:
    /// BASIC without players, PRO, FAQ and MAJOR with the sample teams.
    #[test]
    fn is_legal_matches_the_listed_actions() {
        let field = load_field("classic").unwrap();
        let players = sample_players();
        for (name, with_players, games) in [
            ("basic", false, 6),
            ("pro", true, 3),
            ("faq", true, 3),
            ("major", true, 4),
        ] {
            let ruleset = Ruleset::load(name).unwrap();
            let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
            let engine = Engine::new(&rules, &field);
            let engine = if with_players {
                engine.with_players(&players)
            } else {
                engine
            };
            check_legality(engine, games);
        }
    }

    /// While the offense runs with the ball loose, `next_turn_fielder`
    /// names the fielder the next defense turn lets field it
    /// (`sole_fielder` as that turn starts), or none where the defense
    /// names him then: at every such turn of random games, in every
    /// shipped ruleset. PRO's later turns are its first fielder's
    /// (pro.defense.ap); MAJOR's, the fielder on the ball's.
    #[test]
    fn the_fielder_fixed_while_the_offense_runs_is_the_one_who_fields_next() {
        let field = load_field("classic").unwrap();
        let players = sample_players();
        // Whether turns with the defense naming its fielder, and turns with
        // him fixed, come up.
        for (name, named, fixed) in [
            ("basic", true, false),
            ("pro", false, true),
            ("faq", true, false),
            ("major", true, true),
        ] {
            let ruleset = Ruleset::load(name).unwrap();
            let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
            let engine = Engine::new(&rules, &field).with_players(&players);
            // Turns checked: with the fielder fixed, and with none.
            let mut checked = [0usize; 2];
            for game in 0..20 {
                let (mut state, _) = engine.new_game(game);
                let mut pick = Stream::new(11, game, Source::HomeAgent);
                let mut events = Vec::new();
                let mut foreseen: Option<Option<u8>> = None;
                for _ in 0..20_000 {
                    let loose = matches!(state.ball, Ball::Loose { .. });
                    match (&state.play, &state.phase) {
                        (Some(play), Phase::Run | Phase::RunDie) if loose => {
                            foreseen =
                                Some(engine.next_turn_fielder(play, &state.ball, &state.fielders));
                        }
                        (Some(play), Phase::Defense) if loose => {
                            if let Some(fielder) = foreseen.take() {
                                assert_eq!(
                                    engine.sole_fielder(play),
                                    fielder,
                                    "{name}, game {game}, turn {}",
                                    play.turn
                                );
                                checked[usize::from(fielder.is_some())] += 1;
                            }
                        }
                        (Some(_), _) => {}
                        (None, _) => foreseen = None,
                    }
                    let action = match engine.decision(&state) {
                        Decision::Over => break,
                        Decision::Chance(Chance::Dice { count, .. }) => {
                            Action::Dice((0..count).map(|_| pick.d6()).collect())
                        }
                        Decision::Choose { .. } => {
                            let listed = engine.legal_actions(&state);
                            listed[pick.below(listed.len() as u32) as usize].clone()
                        }
                    };
                    engine.apply(&mut state, action, &mut events).unwrap();
                }
            }
            assert_eq!(
                [checked[0] > 0, checked[1] > 0],
                [named, fixed],
                "{name}: turns with the fielder named then, and fixed: {checked:?}"
            );
            assert!(checked.iter().sum::<usize>() > 1_000, "{name}: {checked:?}");
        }
    }

    /// Plays `games` random games, checking `is_legal` against
    /// `legal_actions` at every choice.
    fn check_legality(engine: Engine<'_>, games: u64) {
        let field = engine.field;
        let squares: Vec<SquareId> = field.squares().iter().map(|s| s.id).collect();
        let mut checked = [0usize; 2];
        let substitutes: Vec<Action> = (0..30u8)
            .flat_map(|player| {
                (0..30u8).map(move |replaced| Action::Substitute { player, replaced })
            })
            .collect();
        for game in 0..games {
            let (mut state, _) = engine.new_game(game);
            let mut pick = Stream::new(9, game, Source::HomeAgent);
            let mut events = Vec::new();
            for _ in 0..20_000 {
                let action = match engine.decision(&state) {
                    Decision::Over => break,
                    Decision::Chance(Chance::Dice { count, .. }) => {
                        assert!(engine.legal_actions(&state).is_empty());
                        Action::Dice((0..count).map(|_| pick.d6()).collect())
                    }
                    Decision::Choose { side } => {
                        let listed = engine.legal_actions(&state);
                        assert!(!listed.is_empty(), "{:?}", state.phase);
                        let hands = &state.hands[side.index()];
                        let hand: Vec<CardId> = hands
                            .defense
                            .iter()
                            .chain(&hands.offense)
                            .copied()
                            .collect();
                        // The cards `hand_in_play` lets the hand play.
                        let playable: Vec<CardId> = match engine.hand_in_play(&state) {
                            Some((side, deck, whole)) => {
                                let list = engine.deck_list(deck);
                                state.hands[side.index()]
                                    .of(deck)
                                    .iter()
                                    .copied()
                                    .filter(|&c| whole || !list.is_special(c))
                                    .collect()
                            }
                            None => Vec::new(),
                        };
                        let card_action = match state.phase {
                            Phase::Pitch => {
                                Some((&hands.defense, Action::Pitch as fn(CardId) -> Action))
                            }
                            Phase::Response { .. } => {
                                Some((&hands.offense, Action::Respond as fn(CardId) -> Action))
                            }
                            _ => None,
                        };
                        let asked: Vec<CardId> = match card_action {
                            Some((hand, action)) => hand
                                .iter()
                                .copied()
                                .filter(|&c| engine.is_legal(&state, &action(c)))
                                .collect(),
                            None => Vec::new(),
                        };
                        assert_eq!(playable, asked, "{:?}", state.phase);
                        let changes = matches!(
                            state.phase,
                            Phase::Position | Phase::Relief { .. } | Phase::Memorandum { .. }
                        );
                        let mut all = if state.phase == Phase::Position {
                            Vec::new()
                        } else {
                            candidates(&listed, &squares, &hand)
                        };
                        if changes {
                            all.extend(substitutes.iter().cloned());
                            for replaced in 0..30u8 {
                                let listed_for: Vec<u8> = listed
                                    .iter()
                                    .filter_map(|a| match *a {
                                        Action::Substitute {
                                            player,
                                            replaced: r,
                                        } if r == replaced => Some(player),
                                        _ => None,
                                    })
                                    .collect();
                                assert_eq!(
                                    engine.substitutes_for(&state, side, replaced),
                                    listed_for,
                                    "{:?}",
                                    state.phase
                                );
                            }
                        }
                        {
                            for c in all {
                                let legal = engine.is_legal(&state, &c);
                                assert_eq!(
                                    legal,
                                    listed.contains(&c),
                                    "{c:?} in {:?}",
                                    state.phase
                                );
                                checked[usize::from(legal)] += 1;
                            }
                        }
                        listed[pick.below(listed.len() as u32) as usize].clone()
                    }
                };
                engine.apply(&mut state, action, &mut events).unwrap();
            }
        }
        assert!(
            checked[0] > 50_000 * games as usize && checked[1] > 3_000 * games as usize,
            "{}: {checked:?}",
            engine.rules.name
        );
    }
}
