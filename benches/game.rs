//! Benchmarks of one seeded game on the classic field between the sample
//! teams (Valdoro Falchi at home, Portolungo Corsari away), played by the
//! agent `bod sim` uses by default (heuristic when it exists, else
//! random): the unit of every simulation, under BASIC, PRO and PRO with
//! the FAQ. `fixed` replays game 0 of seed 1 each time; `varied` walks
//! through games 0..100 so the figure is the mean cost of a typical game.
//! `bod sim --games N` gives games per second on all cores; see the
//! "Measured" section of the README and `docs/performance.md`.
//!
//! `cargo bench --bench game` runs them all in about half a minute;
//! `cargo bench --bench game -- pro` runs one regulation's.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use bod::engine::{Engine, GameRules, Players};
use bod::field::load_field;
use bod::ruleset::Ruleset;
use bod::sim::{self, play_one};
use bod::team::load_team;

/// The games of one regulation, as `bod sim --ruleset NAME` plays them.
fn games(c: &mut Criterion, name: &str) {
    let ruleset = Ruleset::load(name).expect("the ruleset loads");
    let options = ruleset.option_values(&[]).expect("default options");
    let rules = GameRules::new(&ruleset, &options).expect("the rules decode");
    let field = load_field("classic").expect("the classic field loads");
    let home = load_team("falchi").expect("the home team loads");
    let away = load_team("corsari").expect("the away team loads");
    let players = Players::new(&home, &away).expect("the teams take the field");
    let engine = Engine::new(&rules, &field).with_players(&players);
    let agent = sim::default_agent();
    let maker = sim::agent_maker(agent, engine);

    let mut group = c.benchmark_group(format!("{name}_game_{agent}"));
    group
        .throughput(Throughput::Elements(1))
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("fixed", |b| {
        b.iter(|| play_one(&engine, black_box(1), black_box(0), &maker).expect("game 0 plays"))
    });
    let mut game = 0u64;
    group.bench_function("varied", |b| {
        b.iter(|| {
            game = (game + 1) % 100;
            play_one(&engine, black_box(1), game, &maker).expect("the game plays")
        })
    });
    group.finish();
}

fn basic_game(c: &mut Criterion) {
    games(c, "basic");
}

fn pro_game(c: &mut Criterion) {
    games(c, "pro");
}

fn faq_game(c: &mut Criterion) {
    games(c, "faq");
}

criterion_group!(benches, basic_game, pro_game, faq_game);
criterion_main!(benches);
