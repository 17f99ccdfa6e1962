//! The turn engine over many seeded games: every game ends, and the
//! invariants of the rules hold at every event, under BASIC and under the
//! FAQ with the sample teams.

use bod::agent::RandomAgent;
use bod::engine::dice::{Dice, Source, Stream};
use bod::engine::{Engine, EventKind, GameRules, Phase, Players};
use bod::field::load_field;
use bod::ruleset::Ruleset;
use bod::runner::play_game;

#[test]
fn random_basic_games_end_and_keep_the_invariants() {
    random_games_keep_the_invariants("basic", None, 1000);
}

#[test]
fn random_faq_games_end_and_keep_the_invariants() {
    with_sample_teams("faq", 300);
}

#[test]
fn random_major_games_end_and_keep_the_invariants() {
    with_sample_teams("major", 300);
}

/// `random_games_keep_the_invariants` between the sample teams.
fn with_sample_teams(ruleset: &str, games: u64) {
    let home = bod::team::load_team("falchi").unwrap();
    let away = bod::team::load_team("corsari").unwrap();
    let players = Players::new(&home, &away).unwrap();
    random_games_keep_the_invariants(ruleset, Some(&players), games);
}

/// Plays `games` games of random managers and checks every event.
fn random_games_keep_the_invariants(ruleset: &str, players: Option<&Players>, games: u64) {
    let ruleset = Ruleset::load(ruleset).unwrap();
    let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
    let field = load_field("classic").unwrap();
    let engine = Engine::new(&rules, &field);
    let engine = match players {
        Some(p) => engine.with_players(p),
        None => engine,
    };
    let deck_sizes = [rules.defense_deck.len(), rules.offense_deck.len()];
    let mut total_runs = 0;
    for game in 0..games {
        let mut home = RandomAgent::new(Stream::new(1, game, Source::HomeAgent));
        let mut away = RandomAgent::new(Stream::new(1, game, Source::AwayAgent));
        let mut events = 0usize;
        let mut last_to = std::collections::HashMap::new();
        let state = play_game(
            &engine,
            1,
            game,
            [&mut home, &mut away],
            &mut |state: &bod::engine::State, event: &bod::engine::Event| {
                events += 1;
                assert!(state.outs <= 3, "game {game}: {} outs", state.outs);
                assert!(state.balls <= 4 && state.strikes <= 3);
                let mut positions: Vec<u8> = state.runners.iter().map(|r| r.pos).collect();
                positions.sort_unstable();
                positions.dedup();
                assert_eq!(
                    positions.len(),
                    state.runners.len(),
                    "game {game}: runners share a circle at {event:?}"
                );
                for (i, size) in deck_sizes.iter().enumerate() {
                    let d = &state.decks[i];
                    let in_hands: usize = state
                        .hands
                        .iter()
                        .map(|h| {
                            if i == 0 {
                                h.defense.len()
                            } else {
                                h.offense.len()
                            }
                        })
                        .sum();
                    assert_eq!(
                        d.draw.len() + d.discard.len() + d.removed.len() + in_hands,
                        *size
                    );
                }
                match &event.kind {
                    EventKind::GameOver { .. } => assert_eq!(state.phase, Phase::Over),
                    // Runners only move forward (but for a runner short of
                    // halfway going back to his base, faq.offense.halfway),
                    // and only a runner who reached circle 20 scores.
                    EventKind::Ran { slot, from, to } => {
                        if event.rule == "offense.diamond_stop" {
                            assert!(to < from && to % 5 == 0 && from - to < 5, "{event:?}");
                        } else {
                            assert!(to > from, "game {game}: a runner moved back: {event:?}");
                        }
                        assert!(*to <= 20);
                        last_to.insert(*slot, *to);
                    }
                    EventKind::Scored { slot } => {
                        assert!(!state.runners.iter().any(|r| r.slot == *slot));
                        assert_eq!(
                            last_to.get(slot),
                            Some(&20),
                            "game {game}: a run without reaching 20"
                        );
                    }
                    _ => {}
                }
            },
        )
        .unwrap_or_else(|e| panic!("game {game}: {e}"));
        assert_eq!(state.phase, Phase::Over);
        assert!(state.inning >= 9);
        total_runs += state.score(bod::engine::Side::Home) + state.score(bod::engine::Side::Away);
        assert!(events > 100);
    }
    assert!(total_runs > 0);
}

#[test]
fn illegal_actions_are_errors_and_change_nothing() {
    use bod::engine::{Action, CardId, Decision, EngineError};
    let ruleset = Ruleset::load("basic").unwrap();
    let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
    let field = load_field("classic").unwrap();
    let engine = Engine::new(&rules, &field);
    let (mut state, _) = engine.new_game(3);
    let before = state.clone();
    let mut events = Vec::new();
    for action in [
        Action::Pitch(CardId(0)),
        Action::Dice(Dice::one(7)),
        Action::Position(vec![]),
        Action::EndTurn,
    ] {
        let err = engine.apply(&mut state, action, &mut events).unwrap_err();
        assert!(matches!(err, EngineError::Illegal(_)), "{err}");
        assert_eq!(state, before);
        assert!(events.is_empty());
    }
    // The offered placement is accepted; then the defense must pitch a card it holds.
    assert!(matches!(engine.decision(&state), Decision::Choose { .. }));
    let placement = engine.legal_actions(&state).remove(0);
    engine.apply(&mut state, placement, &mut events).unwrap();
    while !matches!(state.phase, Phase::Pitch) {
        assert!(matches!(engine.decision(&state), Decision::Choose { .. }));
        let memo = engine.legal_actions(&state).remove(0);
        engine.apply(&mut state, memo, &mut events).unwrap();
    }
    let held = &state.hands[state.defense().index()].defense;
    let missing = (0..36).map(CardId).find(|c| !held.contains(c)).unwrap();
    let before = state.clone();
    assert!(
        engine
            .apply(&mut state, Action::Pitch(missing), &mut events)
            .is_err()
    );
    assert_eq!(state, before);
}
