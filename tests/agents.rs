//! The agents over many seeded BASIC games: the heuristic manager only
//! ever plays legal actions (under the FAQ's rules too, with the sample
//! teams, and under house costs), plays the same game for the same seed,
//! fills the hands the rules allow, and beats the random one clearly.

use std::sync::Arc;

use bod::agent::{Agent, CardBook, HeuristicAgent, Legal, RandomAgent, View};
use bod::engine::dice::{Source, Stream};
use bod::engine::{
    Action, Chance, Decision, Engine, Event, GameRules, Phase, Players, Side, State,
};
use bod::field::{Field, load_field};
use bod::ruleset::Ruleset;
use bod::runner::{Sink, dice_stream, play_game, shuffle_seed};

/// Which manager sits on a bench.
#[derive(Clone, Copy, PartialEq)]
enum Manager {
    Heuristic,
    Random,
}

/// The one door: the BASIC rules on the classic field (or another
/// ruleset with the sample teams), and a game between two managers whose
/// streams come from the game's seed.
struct Table {
    rules: GameRules,
    field: Field,
    players: Option<Players>,
    /// The heuristic managers' card book, worked out once.
    book: Arc<CardBook>,
}

impl Table {
    fn basic() -> Self {
        Self::of("basic", None)
    }

    /// A ruleset played by the sample teams, Falchi at home.
    fn with_teams(ruleset: &str) -> Self {
        let home = bod::team::load_team("falchi").unwrap();
        let away = bod::team::load_team("corsari").unwrap();
        Self::of(ruleset, Some(Players::new(&home, &away).unwrap()))
    }

    fn of(ruleset: &str, players: Option<Players>) -> Self {
        let ruleset = Ruleset::load(ruleset).unwrap();
        let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
        let field = load_field("classic").unwrap();
        let book = HeuristicAgent::book(Engine::new(&rules, &field));
        Self {
            rules,
            field,
            players,
            book,
        }
    }

    fn engine(&self) -> Engine<'_> {
        let engine = Engine::new(&self.rules, &self.field);
        match &self.players {
            Some(p) => engine.with_players(p),
            None => engine,
        }
    }

    fn managers(
        &self,
        seed: u64,
        game: u64,
        [home, away]: [Manager; 2],
    ) -> [Box<dyn Agent + '_>; 2] {
        let make = |who: Manager, source: Source| -> Box<dyn Agent + '_> {
            let stream = Stream::new(seed, game, source);
            match who {
                Manager::Heuristic => Box::new(HeuristicAgent::with_book(
                    self.engine(),
                    Arc::clone(&self.book),
                    stream,
                )),
                Manager::Random => Box::new(RandomAgent::new(stream)),
            }
        };
        [make(home, Source::HomeAgent), make(away, Source::AwayAgent)]
    }

    /// A whole game through `play_game`.
    fn play(&self, seed: u64, game: u64, managers: [Manager; 2], sink: &mut dyn Sink) -> State {
        let [mut home, mut away] = self.managers(seed, game, managers);
        play_game(
            &self.engine(),
            seed,
            game,
            [home.as_mut(), away.as_mut()],
            sink,
        )
        .unwrap_or_else(|e| panic!("seed {seed} game {game}: {e}"))
    }

    /// A game as `play_game` plays it, called off when a team has scored
    /// `mercy` runs in a half inning: a random defense can let the
    /// heuristic offense bat for hundreds of runs, more than the engine's
    /// `u8` count of a half inning's runs holds, and the game is long
    /// decided by then.
    fn play_with_mercy(&self, seed: u64, game: u64, managers: [Manager; 2], mercy: u16) -> State {
        let engine = self.engine();
        let [mut home, mut away] = self.managers(seed, game, managers);
        let (mut state, _) = engine.new_game(shuffle_seed(seed, game));
        let mut dice = dice_stream(seed, game);
        let mut events = Vec::new();
        loop {
            let action = match engine.decision(&state) {
                Decision::Over => return state,
                Decision::Chance(Chance::Dice { count, .. }) => {
                    Action::Dice((0..count).map(|_| dice.d6()).collect())
                }
                Decision::Choose { side } => {
                    let agent = if side == Side::Home {
                        &mut home
                    } else {
                        &mut away
                    };
                    agent.choose(&View::new(&state, side), &Legal::new(engine, &state))
                }
            };
            events.clear();
            engine
                .apply(&mut state, action, &mut events)
                .unwrap_or_else(|e| panic!("seed {seed} game {game}: {e}"));
            let half = state.runs[state.offense().index()]
                .last()
                .copied()
                .unwrap_or(0);
            if half >= mercy {
                return state;
            }
        }
    }
}

/// Everything that happened in a game, in order.
#[derive(Default, PartialEq, Debug)]
struct Log {
    actions: Vec<(Option<Side>, Action)>,
    events: Vec<Event>,
}

impl Sink for Log {
    fn action(&mut self, _state: &State, side: Option<Side>, action: &Action) {
        self.actions.push((side, action.clone()));
    }

    fn event(&mut self, _state: &State, event: &Event) {
        self.events.push(*event);
    }
}

/// Counts the choices each side made.
#[derive(Default)]
struct Choices([usize; 2]);

impl Sink for Choices {
    fn action(&mut self, _state: &State, side: Option<Side>, _action: &Action) {
        if let Some(side) = side {
            self.0[side.index()] += 1;
        }
    }

    fn event(&mut self, _state: &State, _event: &Event) {}
}

#[test]
fn heuristic_managers_play_300_basic_games_with_legal_actions_only() {
    // The engine refuses an illegal action (play_game then fails), and a
    // debug build stops at once when the agent picks outside the list.
    let table = Table::basic();
    for game in 0..300u64 {
        let mut choices = Choices::default();
        let managers = [Manager::Heuristic, Manager::Heuristic];
        let state = table.play(11, game, managers, &mut choices);
        assert_eq!(state.phase, Phase::Over, "game {game}");
        for side in [Side::Home, Side::Away] {
            assert!(
                choices.0[side.index()] > 20,
                "game {game}: {side:?} barely chose"
            );
        }
    }
}

#[test]
fn heuristic_managers_play_100_faq_games_with_legal_actions_only() {
    let table = Table::with_teams("faq");
    for game in 0..100u64 {
        let mut choices = Choices::default();
        let managers = [Manager::Heuristic, Manager::Heuristic];
        let state = table.play(11, game, managers, &mut choices);
        assert_eq!(state.phase, Phase::Over, "game {game}");
        assert!(choices.0.iter().all(|&n| n > 20), "game {game}");
    }
}

#[test]
fn heuristic_managers_throw_only_when_the_points_pay_for_it() {
    // A throw dearer than the points left waits for the next turn.
    let table = Table::of("tests/data/rulesets/house/costly-throws.yaml", None);
    for game in 0..30u64 {
        let managers = [Manager::Heuristic, Manager::Heuristic];
        let state = table.play(5, game, managers, &mut Choices::default());
        assert_eq!(state.phase, Phase::Over, "game {game}");
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let table = Table::basic();
    let managers = [Manager::Heuristic, Manager::Heuristic];
    let mut first = Log::default();
    let mut again = Log::default();
    table.play(5, 17, managers, &mut first);
    table.play(5, 17, managers, &mut again);
    assert!(first.events.len() > 100);
    assert_eq!(first, again);
    // And the seed matters: another game is another story.
    let mut other = Log::default();
    table.play(5, 18, managers, &mut other);
    assert_ne!(first.actions, other.actions);
}

/// The most cards either manager held in a hand of either deck.
#[derive(Default)]
struct LargestHand(usize);

impl Sink for LargestHand {
    fn action(&mut self, state: &State, _side: Option<Side>, _action: &Action) {
        for hands in &state.hands {
            self.0 = self.0.max(hands.defense.len()).max(hands.offense.len());
        }
    }

    fn event(&mut self, _state: &State, _event: &Event) {}
}

/// The heuristic managers keep their hands full at the rules' limit: seven
/// cards in BASIC, and more where a house rule allows more (their card
/// values reach past seven).
#[test]
fn heuristic_managers_fill_the_hands_the_rules_allow() {
    let largest = |table: &Table| {
        let mut largest = LargestHand::default();
        for game in 0..20 {
            table.play(9, game, [Manager::Heuristic; 2], &mut largest);
        }
        largest.0
    };
    assert_eq!(largest(&Table::basic()), 7);
    let house = Table::of(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/rulesets/house/nine-card-hands.yaml"
        ),
        None,
    );
    assert_eq!(largest(&house), 9);
}

#[test]
fn the_heuristic_manager_beats_the_random_one_clearly() {
    let table = Table::basic();
    let games = 200u64;
    let (mut wins, mut differential) = (0u32, 0i64);
    for game in 0..games {
        // The heuristic manager is home in even games, away in odd ones.
        let heuristic_home = game % 2 == 0;
        let managers = if heuristic_home {
            [Manager::Heuristic, Manager::Random]
        } else {
            [Manager::Random, Manager::Heuristic]
        };
        let state = table.play_with_mercy(2024, game, managers, 30);
        let (us, them) = if heuristic_home {
            (Side::Home, Side::Away)
        } else {
            (Side::Away, Side::Home)
        };
        let (ours, theirs) = (state.score(us), state.score(them));
        differential += i64::from(ours) - i64::from(theirs);
        if ours > theirs {
            wins += 1;
        }
    }
    let share = f64::from(wins) / games as f64;
    assert!(differential > 0, "run differential {differential}");
    assert!(share > 0.7, "win share {share}");
}
