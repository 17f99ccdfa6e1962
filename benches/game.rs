//! Benchmarks of one seeded BASIC game on the classic field, played by the
//! agent `bod sim` uses by default (heuristic when it exists, else random):
//! the unit of every simulation. `fixed` replays game 0 of seed 1 each
//! time; `varied` walks through games 0..100 so the figure is the mean cost
//! of a typical game. `bod sim --games N` gives games per second on all
//! cores; see the "Performance" section of the README.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use bod::engine::{Engine, GameRules};
use bod::field::load_field;
use bod::ruleset::Ruleset;
use bod::sim::{self, play_one};

fn basic_game(c: &mut Criterion) {
    let ruleset = Ruleset::load("basic").expect("the basic ruleset loads");
    let options = ruleset.option_values(&[]).expect("default options");
    let rules = GameRules::new(&ruleset, &options).expect("the basic rules decode");
    let field = load_field("classic").expect("the classic field loads");
    let engine = Engine::new(&rules, &field);
    let agent = sim::default_agent();
    let maker = sim::agent_maker(agent, engine);

    let mut group = c.benchmark_group(format!("basic_game_{agent}"));
    group.throughput(Throughput::Elements(1));
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

criterion_group!(benches, basic_game);
criterion_main!(benches);
