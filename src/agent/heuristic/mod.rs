//! `HeuristicAgent`: a manager that plays sensible baseball by rules of
//! thumb, fast enough for simulations of many thousands of games.
//!
//! At the plate (`at_bat`) it values counts in runs, reads the
//! pitch/response table of the rules, and counts cards: the pitcher shows
//! the pitch the batter's likely hand does least with (strikes when behind
//! in the count, balls when ahead), the batter answers with the card that
//! does most (a hit with the bonus best, NO SWING on a ball when the count
//! allows, RUNNER GOES TO 2ND when the steal is on), and before the first
//! pitch both draw while the count can pay for it, never into their own
//! walk or strikeout. In the field (`fielding`) the nearest fielder plays
//! the ball, walks to it by a shortest legal path, catches or picks it up,
//! and throws where an out is likely, a teammate covering the base first
//! when nobody stands on it; with nobody to put out the ball goes to the
//! base ahead of the lead runner, and spare points walk fielders back to
//! their places. On the bases (`running`) a runner takes the furthest base
//! he can reach safely, an extra one only when the defense is unlikely to
//! get the ball there in time, and never runs into a base where a fielder
//! holds the ball.
//!
//! It knows the field and the rules from the `Engine` it is made with,
//! and what a manager sees from the `View`: never the opponent's hands.
//! Its only randomness is its own `Stream`, used to mix pitches of equal
//! worth, so a game is the same for the same seed.
//!
//! Under BASIC every fielder of a kind has the same action points and
//! every batter the same power. PRO and MAJOR knowledge enters at a few
//! seams: a fielder's B value in `Table::points`, the throw minimums of
//! his card in `fielding::throw_chance`, and the batting and pitching
//! abilities in the values of `at_bat` (`Knobs`, `Plate::against`).

mod at_bat;
mod bullpen;
mod fielding;
mod recall;
mod running;
mod specials;

use super::{Agent, Legal, View};
use crate::engine::dice::Stream;
use crate::engine::{Action, Card, CardId, DeckList, Engine, Phase, Side};
use crate::field::{SquareId, SquareKind};
pub use at_bat::CardBook;
use at_bat::{Cards, Knobs, OwnOffense, Plate};
use fielding::{Crew, crew};
use std::sync::Arc;

/// A manager playing by rules of thumb; see the module documentation.
pub struct HeuristicAgent<'a> {
    table: Table<'a>,
    cards: Cards,
    /// His Offense hand as his pitch choices read it.
    own_offense: OwnOffense,
    stream: Stream,
    /// Where this manager's fielders stood when the half inning began.
    home: Option<[SquareId; 9]>,
}

/// The public things on the table the agent reads: the rules and the
/// field.
pub(crate) struct Table<'a> {
    engine: Engine<'a>,
    /// The side in the field at the decision being planned (set by
    /// `at_decision` for the choices that read it).
    defense: Side,
    /// Who plays each position of the defense now.
    fielding: [u8; 9],
    /// The fielders who may ever stand on a square of each kind
    /// (`SquareKind as usize`): the movement rules, fixed for the game.
    standing: [Crew; 5],
}

impl<'a> Table<'a> {
    /// The table for a game of `engine`, before any decision.
    fn new(engine: Engine<'a>) -> Self {
        let m = &engine.rules.movement;
        let diamond = crew(true, m.outfielders_enter_diamond);
        let mut standing = [0; 5];
        standing[SquareKind::Texas as usize] = crew(m.texas_open_to_all, m.texas_open_to_all);
        standing[SquareKind::Diamond as usize] = diamond;
        standing[SquareKind::Box as usize] = diamond;
        standing[SquareKind::Catcher as usize] = diamond;
        standing[SquareKind::Outfield as usize] = crew(m.infielders_leave_diamond, true);
        Self {
            engine,
            defense: Side::Home,
            fielding: std::array::from_fn(|i| i as u8),
            standing,
        }
    }
}

impl Table<'_> {
    /// The table at the decision `view` shows: who is in the field, and
    /// who plays where.
    fn at_decision(&mut self, view: &View<'_>) -> &Self {
        self.defense = view.fielding_side();
        self.fielding = view.dugout(self.defense).fielding;
        self
    }

    /// The batter's edge over the pitcher for each pitch type (fastball,
    /// curveball, dropball): his batting value less the pitcher's
    /// pitching value and Status cell, from the cards both managers see;
    /// 0 in a game without Player cards. It reads the side in the field
    /// from `view` (not `at_decision`), so a game without Player cards
    /// looks at nothing.
    fn edge(&self, view: &View<'_>) -> [i8; 3] {
        let Some(players) = self
            .engine
            .players
            .filter(|_| self.engine.rules.player_cards.used)
        else {
            return [0; 3];
        };
        let defense = view.fielding_side();
        let offense = defense.other();
        let batter = players.card(
            offense,
            view.dugout(offense).batting[usize::from(view.batter()) % 9],
        );
        let dugout = view.dugout(defense);
        let pitcher = players.card(defense, dugout.fielding[0]);
        let status = self.engine.status_of(dugout);
        let pitching = pitcher.pitch.as_ref().unwrap_or(&pitcher.bat);
        let edge = |b: u8, p: u8| (b as i8).saturating_sub(p as i8).saturating_sub(status);
        [
            edge(batter.bat.fastball, pitching.fastball),
            edge(batter.bat.curveball, pitching.curveball),
            edge(batter.bat.dropball, pitching.dropball),
        ]
    }

    /// A fielder's action points, as the engine counts them (his card's,
    /// when the game has players).
    fn points(&self, fielder: u8) -> u8 {
        self.engine
            .action_points(self.defense, &self.fielding, fielder)
    }

    /// The fielders who may ever stand on a square (the movement rules;
    /// whether it is free is another matter).
    fn standing_on(&self, sq: SquareId) -> Crew {
        self.standing[self.engine.field.kind(sq) as usize]
    }

    /// Whether a fielder may ever stand on a square (`standing_on`).
    fn may_stand(&self, fielder: u8, sq: SquareId) -> bool {
        self.standing_on(sq) & 1 << fielder != 0
    }
}

impl<'a> HeuristicAgent<'a> {
    /// A manager for games of `engine` (its rules and field), mixing its
    /// pitches with `stream`.
    pub fn new(engine: Engine<'a>, stream: Stream) -> Self {
        Self::with_book(engine, Self::book(engine), stream)
    }

    /// What the manager knows of the cards of `engine`'s rules before any
    /// game: work it out once and share it between the agents of many
    /// games (`with_book`).
    pub fn book(engine: Engine<'_>) -> Arc<CardBook> {
        Arc::new(CardBook::new(engine.rules, Knobs::default()))
    }

    /// A manager like `new`'s, knowing the cards from `book` (which must be
    /// `book(engine)`).
    pub fn with_book(engine: Engine<'a>, book: Arc<CardBook>, stream: Stream) -> Self {
        Self {
            table: Table::new(engine),
            home: None,
            cards: Cards::new(book),
            own_offense: OwnOffense::default(),
            stream,
        }
    }

    /// The action for this choice, legal for sure; `None` when the plan
    /// found none the rules allow. Inlined into `choose`, its only caller,
    /// which runs at every choice of the game; each arm reads only what
    /// its phase needs.
    #[inline(always)]
    fn plan(&mut self, view: &View<'_>, legal: &Legal<'_>) -> Option<Action> {
        // A change is one of the legal actions; so is a run one of the
        // legal runs, a runner sent after a missed fly one of the legal
        // actions, a draw or discard asked about before it is chosen, a
        // pitch or response one of the playable cards or an allowed swap.
        // A fielder named, a defense step or a ball action is asked about
        // too (below). Anything else is asked about here (`allowed`).
        // The phases come in order of frequency, a defense turn's first.
        match view.phase() {
            Phase::Defense => {
                let action = fielding::defend(
                    self.table.at_decision(view),
                    view,
                    legal,
                    self.home.as_ref().unwrap_or(view.fielders()),
                );
                match action {
                    Some(
                        Action::PlayBall(_)
                        | Action::Move { .. }
                        | Action::Catch(_)
                        | Action::Leap(_)
                        | Action::Pickup(_),
                    ) => action,
                    other => allowed(other, view, legal),
                }
            }
            Phase::Memorandum { .. } => {
                let engine = self.table.engine;
                if let Some(change) = bullpen::change(engine, view, legal) {
                    return Some(change);
                }
                let defense = !view.batting();
                let hands = view.hands();
                let hand = if defense {
                    &hands.defense
                } else {
                    &hands.offense
                };
                let (_, _, _, balls, strikes) = view.situation();
                Plate::before_first_pitch(engine.rules, &self.cards, (balls, strikes))
                    .choose_memo(defense, hand, |memo| legal.allows_memo(memo))
                    .map(Action::Memo)
            }
            Phase::Pitch => {
                let engine = self.table.engine;
                let hands = view.hands();
                let deck = &engine.rules.defense_deck;
                let hand = &hands.defense;
                let specials = plays_specials(deck, hand, legal);
                if let Some(strike_out) =
                    specials.then(|| specials::immediate(deck, hand)).flatten()
                {
                    return Some(Action::Pitch(strike_out));
                }
                let (_, batter_hand) = view.opponent_hand_sizes();
                let edge = self.table.edge(view);
                let stream = &mut self.stream;
                let (_, _, _, balls, strikes) = view.situation();
                let plate = Plate::new(engine.rules, &self.cards, (balls, strikes), view.runners())
                    .with_edge(edge);
                let mine = self.own_offense.read(&plate, &hands.offense);
                plate
                    .choose_pitch(hand, specials, mine, batter_hand, |n| stream.below(n))
                    .map(|c| Action::Pitch(specials::strongest(deck, hand, c, specials)))
                    .or_else(|| specials::swap(hand, legal))
            }
            Phase::Response { pitch } => {
                let engine = self.table.engine;
                let deck = &engine.rules.offense_deck;
                let hand = &view.hands().offense;
                let Card::Pitch(p) = engine.rules.defense_deck.card(*pitch) else {
                    // An immediate pitch: give up the least useful card.
                    let give_up = specials::give_up(deck, hand).map(Action::Respond);
                    return allowed(give_up, view, legal);
                };
                self.cards.saw(p);
                let specials = plays_specials(deck, hand, legal);
                if let Some(hit) = specials.then(|| specials::immediate(deck, hand)).flatten() {
                    return Some(Action::Respond(hit));
                }
                let (_, _, _, balls, strikes) = view.situation();
                Plate::new(engine.rules, &self.cards, (balls, strikes), view.runners())
                    .choose_response(p, hand, specials)
                    .map(|c| Action::Respond(specials::strongest(deck, hand, c, specials)))
                    .or_else(|| specials::swap(hand, legal))
            }
            Phase::Run => running::advance(self.table.at_decision(view), view, legal.advances()),
            // The field's standard placement (the one the engine offers
            // first); it is sound.
            Phase::Position => {
                let engine = self.table.engine;
                if let Some(change) = bullpen::change(engine, view, legal) {
                    return Some(change);
                }
                let squares = engine.field.standard_positions();
                self.home = squares.try_into().ok();
                allowed(Some(Action::Position(squares.to_vec())), view, legal)
            }
            Phase::Relief { .. } => bullpen::change(self.table.engine, view, legal),
            Phase::TexasChoice => allowed(
                running::texas(self.table.at_decision(view), view),
                view,
                legal,
            ),
            Phase::MissAdvance { .. } => running::send(legal.actions()),
            _ => None,
        }
    }
}

/// `action` when the rules allow it: a plan not asked about while
/// planning is asked about here. A refused one is a bug of the agent:
/// debug builds stop on it.
fn allowed(action: Option<Action>, view: &View<'_>, legal: &Legal<'_>) -> Option<Action> {
    let action = action?;
    if legal.allows(&action) {
        return Some(action);
    }
    debug_assert!(
        false,
        "heuristic agent chose {action:?}, not among {:?} in {:?}",
        legal.actions(),
        view.phase()
    );
    None
}

/// Whether he holds special cards in `hand` (from `deck`) and the rules
/// let him play them now. Only a special card's play is ever limited: a
/// pitch or response plays the whole hand when this holds, else its
/// normal cards. Inlined: every pitch and response asks.
#[inline(always)]
fn plays_specials(deck: &DeckList, hand: &[CardId], legal: &Legal<'_>) -> bool {
    deck.has_specials() && hand.iter().any(|&c| deck.is_special(c)) && legal.plays_specials()
}

impl Agent for HeuristicAgent<'_> {
    /// A choice the rules do not allow would be a bug of the agent: debug
    /// builds stop on it; release builds play the first legal action
    /// instead.
    fn choose(&mut self, view: &View<'_>, legal: &Legal<'_>) -> Action {
        let planned = self.plan(view, legal);
        debug_assert!(
            planned.as_ref().is_none_or(|a| legal.allows(a)),
            "heuristic agent took {planned:?} for legal in {:?}",
            view.phase()
        );
        planned.unwrap_or_else(|| unplanned(view, legal))
    }
}

/// The first legal action, when the plan found none: a bug of the agent,
/// on which debug builds stop. Out of line, so that the plan's action
/// goes straight back.
#[cold]
fn unplanned(view: &View<'_>, legal: &Legal<'_>) -> Action {
    debug_assert!(
        false,
        "heuristic agent found no action among {:?} in {:?}",
        legal.actions(),
        view.phase()
    );
    legal.actions()[0].clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameRules;
    use crate::engine::dice::Source;
    use crate::engine::{Ball, CardId, Decision, Lie, Memo, Play, Runner, Side, State};
    use crate::field::Field;
    use crate::field::{Base, load_field};
    use crate::ruleset::Ruleset;
    use crate::ruleset::schema::{Pitch, Response};

    /// The pitcher weighs the batter's edge by pitch type, from the cards:
    /// Joe de Majo (F 4, C 3, D 3) against Rolan Raian; on the last cell
    /// of the Status track Raian pitches 2 less. BASIC reads no cards.
    #[test]
    fn the_pitcher_knows_the_batters_edge_by_pitch_type() {
        use crate::engine::Players;
        let field = load_field("classic").unwrap();
        let players = Players::sample();
        let raian = players
            .roster(Side::Away)
            .iter()
            .find(|c| c.name == "Rolan Raian")
            .unwrap()
            .clone();
        let joe = players.batter(Side::Home, 2).clone();
        assert_eq!(joe.name, "Joe de Majo");
        let pitching = raian.pitch.unwrap();
        for (name, cards) in [("pro", true), ("basic", false)] {
            let ruleset = Ruleset::load(name).unwrap();
            let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
            let engine = Engine::new(&rules, &field).with_players(&players);
            let (mut state, _) = engine.new_game(1);
            state.half = crate::engine::Half::Bottom;
            state.batter = 2;
            state.dugouts[1].stamina = Some(5);
            let table = super::Table {
                defense: Side::Away,
                fielding: state.dugouts[1].fielding,
                ..super::Table::new(engine)
            };
            let view = View::new(&state, Side::Away);
            let want = |status: i8| {
                if !cards {
                    return [0; 3];
                }
                let e = |b: u8, p: u8| b as i8 - p as i8 - status;
                [
                    e(joe.bat.fastball, pitching.fastball),
                    e(joe.bat.curveball, pitching.curveball),
                    e(joe.bat.dropball, pitching.dropball),
                ]
            };
            assert_eq!(table.edge(&view), want(0), "{name}");
            state.dugouts[1].stamina = Some(1);
            let view = View::new(&state, Side::Away);
            assert_eq!(table.edge(&view), want(-2), "{name} on the -2 cell");
        }
    }

    /// The BASIC rules on the classic field.
    struct Table {
        rules: GameRules,
        field: Field,
    }

    impl Table {
        fn basic() -> Self {
            let ruleset = Ruleset::load("basic").unwrap();
            let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
            let field = load_field("classic").unwrap();
            Self { rules, field }
        }

        fn engine(&self) -> Engine<'_> {
            Engine::new(&self.rules, &self.field)
        }

        /// A game just begun (top of the first, the home team fielding the
        /// standard placement), for the test to set up.
        fn state(&self) -> State {
            let engine = self.engine();
            let (mut state, _) = engine.new_game(1);
            let mut events = Vec::new();
            let placement = engine.legal_actions(&state).remove(0);
            engine.apply(&mut state, placement, &mut events).unwrap();
            state
        }

        /// What the heuristic manager of `side` does now.
        fn choose(&self, state: &State) -> Action {
            let Decision::Choose { side } = self.engine().decision(state) else {
                panic!("no choice in {:?}", state.phase)
            };
            let mut agent =
                HeuristicAgent::new(self.engine(), Stream::new(1, 0, Source::HomeAgent));
            let legal = Legal::new(self.engine(), state);
            agent.choose(&View::new(state, side), &legal)
        }

        fn pitches(&self, cards: &[Pitch]) -> Vec<CardId> {
            let mut ids: Vec<CardId> = Vec::new();
            for &p in cards {
                let id = self
                    .rules
                    .defense_deck
                    .ids()
                    .find(|&id| {
                        self.rules.defense_deck.card(id) == Card::Pitch(p) && !ids.contains(&id)
                    })
                    .unwrap();
                ids.push(id);
            }
            ids
        }

        fn responses(&self, cards: &[Response]) -> Vec<CardId> {
            let mut ids: Vec<CardId> = Vec::new();
            for &r in cards {
                let id = self
                    .rules
                    .offense_deck
                    .ids()
                    .find(|&id| {
                        self.rules.offense_deck.card(id) == Card::Response(r) && !ids.contains(&id)
                    })
                    .unwrap();
                ids.push(id);
            }
            ids
        }

        fn square(&self, direction: u8, distance: u8) -> SquareId {
            self.field.square_at(direction, distance).unwrap()
        }
    }

    fn runner(slot: u8, pos: u8) -> Runner {
        Runner {
            slot,
            pos,
            start: pos,
            forced_to: None,
        }
    }

    fn play(turn: u8) -> Play {
        Play {
            turn,
            ..Play::new(3, 8, 7)
        }
    }

    /// The batter (away) facing `pitch` with `hand` at a count.
    fn respond(t: &Table, pitch: Pitch, hand: &[Response], count: (u8, u8), on: &[u8]) -> Response {
        let mut state = t.state();
        state.hands[Side::Away.index()].offense = t.responses(hand);
        state.phase = Phase::Response {
            pitch: t.pitches(&[pitch])[0],
        };
        (state.balls, state.strikes) = count;
        state.runners = on
            .iter()
            .enumerate()
            .map(|(i, &p)| runner(i as u8 + 1, p))
            .collect();
        match t.choose(&state) {
            Action::Respond(id) => match t.rules.offense_deck.card(id) {
                Card::Response(r) => r,
                other => panic!("not a response: {other:?}"),
            },
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_batter_hits_with_the_bonus_takes_balls_and_steals_second() {
        use Response::*;
        let t = Table::basic();
        let hand = [HitFastball, HitStrike, NoSwing];
        assert_eq!(
            respond(&t, Pitch::FastballStrike, &hand, (0, 0), &[]),
            HitFastball
        );
        assert_eq!(
            respond(&t, Pitch::FastballBall, &hand, (3, 1), &[]),
            NoSwing
        );
        assert_eq!(
            respond(&t, Pitch::CurveballBall, &hand, (1, 0), &[]),
            NoSwing
        );
        let hand = [RunnerGoesTo2nd, HitCurveball, NoSwing];
        let steal = |on: &[u8], count| respond(&t, Pitch::FastballBall, &hand, count, on);
        assert_eq!(steal(&[5], (0, 0)), RunnerGoesTo2nd);
        // Not with second taken, nor on the third strike.
        assert_eq!(steal(&[5, 10], (0, 0)), NoSwing);
        assert_eq!(steal(&[5], (0, 2)), NoSwing);
        // When every card is a strike, the least useful one goes.
        let hand = [RunnerGoesTo2nd, HitCurveball, HitDropball];
        assert_eq!(
            respond(&t, Pitch::FastballBall, &hand, (0, 0), &[]),
            RunnerGoesTo2nd
        );
    }

    #[test]
    fn the_pitcher_throws_strikes_when_behind_and_balls_when_ahead() {
        let t = Table::basic();
        let pitch = |count: (u8, u8)| {
            let mut state = t.state();
            state.hands[Side::Home.index()].defense =
                t.pitches(&[Pitch::FastballStrike, Pitch::FastballBall]);
            state.phase = Phase::Pitch;
            (state.balls, state.strikes) = count;
            match t.choose(&state) {
                Action::Pitch(id) => t.rules.defense_deck.card(id),
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(pitch((3, 0)), Card::Pitch(Pitch::FastballStrike));
        assert_eq!(pitch((0, 2)), Card::Pitch(Pitch::FastballBall));
    }

    #[test]
    fn nobody_draws_or_discards_into_his_own_walk_or_strikeout() {
        let t = Table::basic();
        let memo = |side: Side, count: (u8, u8), cards: usize| {
            let mut state = t.state();
            state.phase = Phase::Memorandum { side };
            (state.balls, state.strikes) = count;
            let hands = &mut state.hands[side.index()];
            hands.defense.truncate(cards);
            hands.offense.truncate(cards);
            match t.choose(&state) {
                Action::Memo(m) => m,
                other => panic!("{other:?}"),
            }
        };
        // The offense at two strikes draws nothing, however thin its hand.
        assert!(!matches!(memo(Side::Away, (0, 2), 2), Memo::Draw(_)));
        assert!(!matches!(memo(Side::Away, (3, 1), 2), Memo::Draw(2)));
        // The defense at three balls draws nothing.
        assert!(!matches!(memo(Side::Home, (3, 0), 2), Memo::Draw(_)));
        // With room in the count, a thin hand is filled.
        assert!(matches!(memo(Side::Away, (0, 0), 2), Memo::Draw(_)));
        assert!(matches!(memo(Side::Home, (0, 0), 2), Memo::Draw(_)));
    }

    /// A runner on first about to move `die` circles, the ball held by
    /// fielder `by` standing on `at`.
    fn run(t: &Table, die: u8, by: u8, at: SquareId) -> u8 {
        run_from(t, 5, die, by, at)
    }

    /// A runner on circle `pos` about to move `die` circles, the ball held
    /// by fielder `by` standing on `at`.
    fn run_from(t: &Table, pos: u8, die: u8, by: u8, at: SquareId) -> u8 {
        let mut state = t.state();
        state.runners = vec![runner(3, pos)];
        state.fielders[usize::from(by)] = at;
        state.ball = Ball::Held { by };
        let mut p = play(2);
        p.to_move = vec![3].into();
        p.run_die = Some(die);
        p.offense_turn = true;
        state.play = Some(p);
        state.phase = Phase::Run;
        match t.choose(&state) {
            Action::Advance(n) => n,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_runner_never_runs_into_the_ball_and_takes_the_extra_base_when_it_is_far() {
        let t = Table::basic();
        let second = t.field.base_squares(Base::Second)[0];
        // The shortstop waits on second with the ball: stay on first.
        assert_eq!(run(&t, 6, 5, second), 0);
        // The left fielder holds it deep: second, and on toward third.
        assert!(run(&t, 6, 6, t.square(1, 10)) >= 5);
    }

    /// A runner who stops short of a base where a fielder waits with the
    /// ball must run on into it in his next turn: he keeps his base.
    #[test]
    fn a_runner_never_stops_short_of_a_base_where_the_ball_waits() {
        let t = Table::basic();
        let home = t.field.base_squares(Base::Home)[0];
        let second = t.field.base_squares(Base::Second)[0];
        // The catcher holds the ball at home: the runner stays on third.
        assert_eq!(run_from(&t, 15, 3, 1, home), 0);
        // The shortstop holds it on second: the runner stays on first,
        // whatever his die.
        for die in 1..=4 {
            assert_eq!(run_from(&t, 5, die, 5, second), 0, "die {die}");
        }
    }

    #[test]
    fn the_nearest_fielder_plays_a_fly_runs_to_it_and_catches_it() {
        let t = Table::basic();
        let engine = t.engine();
        let mut state = t.state();
        // Right-centre, a step from the centre fielder (and from the right
        // fielder, whose own ground is further off).
        let at = t.square(4, 8);
        assert_eq!(t.field.king_distance(state.fielders[7], at), 1);
        state.runners = vec![runner(0, 0)];
        state.ball = Ball::Loose {
            at,
            lie: Lie::Fly,
            dropped: false,
        };
        state.play = Some(play(1));
        state.phase = Phase::Defense;
        let mut events = Vec::new();
        assert_eq!(t.choose(&state), Action::PlayBall(7));
        engine
            .apply(&mut state, Action::PlayBall(7), &mut events)
            .unwrap();
        assert_eq!(t.choose(&state), Action::Move { fielder: 7, to: at });
        engine
            .apply(&mut state, Action::Move { fielder: 7, to: at }, &mut events)
            .unwrap();
        assert_eq!(t.choose(&state), Action::Catch(7));
    }

    #[test]
    fn a_fielder_with_the_ball_throws_where_the_forced_runner_is_heading() {
        let t = Table::basic();
        let mut state = t.state();
        // The batter has not left home; the third baseman fields the ball.
        state.runners = vec![Runner {
            forced_to: Some(5),
            ..runner(0, 0)
        }];
        state.ball = Ball::Held { by: 4 };
        let mut p = play(1);
        p.budget = 1;
        state.play = Some(p);
        state.phase = Phase::Defense;
        assert_eq!(t.choose(&state), Action::Throw { from: 4, to: 2 });
        // With a runner forced from first and two points, the throw goes
        // to second once somebody covers it.
        state.runners.push(Runner {
            forced_to: Some(10),
            ..runner(1, 5)
        });
        state.ball = Ball::Held { by: 2 };
        state.play.as_mut().unwrap().budget = 3;
        let step = t.choose(&state);
        let Action::Move { fielder, to } = step else {
            panic!("{step:?}")
        };
        assert!(
            t.field
                .king_distance(to, t.field.base_squares(Base::Second)[1])
                < 2
        );
        assert_ne!(fielder, 2);
    }
}
