//! Simulation: the statistics of a run do not depend on the thread count,
//! a failing run names the same game on any thread count, and `bod sim`
//! reports (text and `--json`) and refuses bad arguments.

use std::process::{Command, Output};

use bod::agent::{Agent, Legal, View};
use bod::engine::dice::{Source, Stream};
use bod::engine::{Action, Engine, Event, GameRules, State};
use bod::field::{Field, load_field};
use bod::ruleset::Ruleset;
use bod::runner::{RunError, play_game, play_game_within};
use bod::sim::{self, Tally, Totals, play_one, simulate};

/// The BASIC rules on the classic field, in three-inning games: the
/// statistics' properties do not depend on the length of a game, and short
/// games keep the debug-build suite fast.
fn basic() -> (GameRules, Field) {
    let ruleset = Ruleset::load("basic").unwrap();
    let options = ruleset.option_values(&["innings=3".to_string()]).unwrap();
    let rules = GameRules::new(&ruleset, &options).unwrap();
    (rules, load_field("classic").unwrap())
}

/// Runs `f` on a local rayon pool of `threads` threads.
fn on_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

#[test]
fn statistics_are_the_same_on_one_and_two_threads() {
    let (rules, field) = basic();
    let engine = Engine::new(&rules, &field);
    let maker = sim::agent_maker(sim::default_agent(), engine);
    let games = 200;
    let run = |threads| {
        on_threads(threads, || {
            assert_eq!(rayon::current_num_threads(), threads);
            simulate(&engine, 1, games, &maker, &|| {}).unwrap().totals
        })
    };
    let (one, two) = (run(1), run(2));
    assert_eq!(one, two);
    assert_eq!(one.games, games);
    let json = |t: &Totals| serde_json::to_string(&t.summary()).unwrap();
    assert_eq!(json(&one), json(&two));

    // And both are the games played one after another, in order.
    let mut sequential = Totals::default();
    for game in 0..games {
        sequential.add(&play_one(&engine, 1, game, &maker).unwrap());
    }
    assert_eq!(one, sequential);

    // Another seed is another run.
    let first = |seed| {
        on_threads(2, || {
            simulate(&engine, seed, 20, &maker, &|| {}).unwrap().totals
        })
    };
    assert_ne!(first(2), first(1));
}

/// A simulated game records only the events its tally reads
/// (`Tally::READS`): its line is the one every event gives.
#[test]
fn a_tally_counts_the_same_from_the_events_it_reads_as_from_all() {
    let (rules, field) = basic();
    let engine = Engine::new(&rules, &field);
    let maker = sim::agent_maker(sim::default_agent(), engine);
    for game in 0..60 {
        let mut agents = [Source::HomeAgent, Source::AwayAgent]
            .map(|source| maker(Stream::new(1, game, source)));
        let [home, away] = &mut agents;
        let mut tally = Tally::default();
        let state = play_game(
            &engine,
            1,
            game,
            [home.as_mut(), away.as_mut()],
            &mut |_: &State, event: &Event| tally.observe(event),
        )
        .unwrap();
        let every_event = tally.finish(&state, rules.last_inning);
        assert_eq!(play_one(&engine, 1, game, &maker).unwrap(), every_event);
    }
}

/// An agent that always answers with an action no phase accepts first.
struct Broken;

impl Agent for Broken {
    fn choose(&mut self, _view: &View<'_>, _legal: &Legal<'_>) -> Action {
        Action::Advance(99)
    }
}

#[test]
fn a_failing_run_names_its_lowest_failing_game_on_any_thread_count() {
    let (rules, field) = basic();
    let engine = Engine::new(&rules, &field);
    let maker = |_: Stream| -> Box<dyn Agent> { Box::new(Broken) };
    for threads in [1, 2] {
        let error = on_threads(threads, || simulate(&engine, 1, 50, &maker, &|| {})).unwrap_err();
        assert_eq!(error.game, 0, "on {threads} threads");
        assert!(error.to_string().contains("illegal action"), "{error}");
    }
}

/// A house rule whose games never end (every batter walks or strikes out
/// before a pitch, and no run scores) passes every check; the runner calls
/// its game off and says where it stood.
#[test]
fn a_game_that_never_ends_is_called_off_saying_where_it_stood() {
    let ruleset = Ruleset::load("tests/data/rulesets/endless/nine-card-hands.yaml").unwrap();
    let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
    let field = load_field("classic").unwrap();
    let engine = Engine::new(&rules, &field);
    let maker = sim::agent_maker(sim::default_agent(), engine);
    let mut agents =
        [Source::HomeAgent, Source::AwayAgent].map(|source| maker(Stream::new(1, 0, source)));
    let [home, away] = &mut agents;
    let error = play_game_within(
        &engine,
        1,
        0,
        [home.as_mut(), away.as_mut()],
        &mut |_: &State, _: &Event| {},
        20_000,
    )
    .unwrap_err();
    let RunError::TooLong {
        decisions,
        inning,
        score,
        ..
    } = error
    else {
        panic!("expected the game called off, got {error}");
    };
    assert_eq!((decisions, score), (20_000, [0, 0]));
    assert!(inning > rules.last_inning, "inning {inning}");
    let message = error.to_string();
    assert!(
        message.contains("after 20000 decisions") && message.contains(", 0-0;"),
        "{message}"
    );
}

#[test]
fn progress_is_reported_once_per_game() {
    let (rules, field) = basic();
    let engine = Engine::new(&rules, &field);
    let maker = sim::agent_maker(sim::default_agent(), engine);
    let ticks = std::sync::atomic::AtomicU64::new(0);
    let tick = || {
        ticks.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    };
    on_threads(2, || simulate(&engine, 3, 17, &maker, &tick)).unwrap();
    assert_eq!(ticks.into_inner(), 17);
}

/// `bod` run from the repository root; returns (exit code, stdout, stderr).
fn bod(args: &[&str]) -> (i32, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(env!("CARGO_BIN_EXE_bod"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("the bod binary runs");
    (
        status.code().unwrap_or(-1),
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )
}

fn sim_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["sim", "--json"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = bod(&all);
    assert_eq!(code, 0, "bod {all:?} failed:\n{stderr}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{stdout}"))
}

#[test]
fn sim_json_has_every_key_in_a_fixed_order_and_sane_values() {
    let (code, text, stderr) = bod(&[
        "sim",
        "--json",
        "--games",
        "20",
        "--seed",
        "5",
        "--threads",
        "2",
        "--set",
        "innings=3",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    let keys: Vec<&str> = report
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    // serde_json without `preserve_order` sorts keys; the text's order is
    // checked below.
    for key in [
        "ruleset",
        "field",
        "home",
        "away",
        "agent",
        "seed",
        "options",
        "intervals",
        "stats",
        "performance",
    ] {
        assert!(keys.contains(&key), "`{key}` missing from {keys:?}");
    }
    assert_eq!(report["ruleset"], "basic");
    assert_eq!(report["seed"], 5);
    assert_eq!(report["agent"], sim::default_agent());
    let stats = &report["stats"];
    assert_eq!(stats["games"], 20);
    assert_eq!(report["options"][0], "innings=3");
    for (key, _) in sim::COUNTS {
        let mean = stats[key]["mean"]
            .as_f64()
            .unwrap_or_else(|| panic!("{key}"));
        let [lo, hi] = [0, 1].map(|i| stats[key]["ci95"][i].as_f64().unwrap());
        assert!(
            lo <= mean && mean <= hi,
            "{key}: {mean} not in [{lo}, {hi}]"
        );
        assert!(stats[key]["sd"].as_f64().unwrap() >= 0.0);
    }
    assert!(stats["pitches"]["mean"].as_f64().unwrap() > 0.0);
    // Three innings: at least 2 × 3 × 3 - 3 = 15 batters come up.
    assert!(stats["plate_appearances"]["mean"].as_f64().unwrap() >= 15.0);
    for key in ["home_win", "extra_innings"] {
        let share = stats[key]["share"].as_f64().unwrap();
        let [lo, hi] = [0, 1].map(|i| stats[key]["ci95"][i].as_f64().unwrap());
        assert!((0.0..=1.0).contains(&share) && lo <= share && share <= hi);
    }
    assert_eq!(report["performance"]["threads"], 2);
    assert!(report["performance"]["games_per_second"].as_f64().unwrap() > 0.0);
    // The scripts ran (each distinct input once per thread), but far fewer
    // times than the games have pitches: the memos answer the rest.
    let scripts = report["performance"]["script_calls"].as_u64().unwrap();
    let pitches = stats["pitches"]["mean"].as_f64().unwrap() * 20.0;
    assert!(scripts > 0 && (scripts as f64) < pitches, "{scripts}");

    // The printed text keeps the declared order.
    let at = |k: &str| text.find(&format!("\"{k}\"")).unwrap();
    assert!(at("ruleset") < at("seed") && at("seed") < at("stats"));
    assert!(at("runs") < at("hits") && at("hits") < at("home_win"));
    assert!(at("stats") < at("performance"));
}

#[test]
fn sim_json_is_the_same_on_one_and_two_threads_but_for_timing() {
    let strip = |mut v: serde_json::Value| {
        v.as_object_mut().unwrap().remove("performance");
        v
    };
    let args = |t| {
        [
            "--games",
            "40",
            "--seed",
            "9",
            "--set",
            "innings=3",
            "--threads",
            t,
        ]
    };
    assert_eq!(strip(sim_json(&args("1"))), strip(sim_json(&args("2"))));
}

#[test]
fn sim_text_reports_every_statistic_with_its_interval() {
    let (code, stdout, stderr) = bod(&["sim", "--games", "10", "--set", "innings=3"]);
    assert_eq!(code, 0, "{stderr}");
    for (_, label) in sim::COUNTS {
        assert!(stdout.contains(label), "`{label}` missing:\n{stdout}");
    }
    for needle in [
        "home win share",
        "extra-inning share",
        "95% interval",
        "games/s",
        "Rhai calls",
        "options: innings=3",
    ] {
        assert!(stdout.contains(needle), "`{needle}` missing:\n{stdout}");
    }
    assert!(
        stderr.is_empty(),
        "no progress bar off a terminal: {stderr}"
    );
}

#[test]
fn sim_refuses_bad_arguments() {
    let (code, _, stderr) = bod(&["sim", "--games", "0"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--games"), "{stderr}");

    let (code, _, stderr) = bod(&["sim", "--threads", "0"]);
    assert_eq!(code, 2, "{stderr}");

    let (code, _, stderr) = bod(&["sim", "--games", "1", "--agent", "randm"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("no agent named `randm`"), "{stderr}");
    assert!(stderr.contains("did you mean `random`?"), "{stderr}");

    // Every problem at once: a bad field and a bad agent.
    let (code, _, stderr) = bod(&["sim", "--field", "clasic", "--agent", "nobody"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("did you mean `classic`?"), "{stderr}");
    assert!(stderr.contains("no agent named `nobody`"), "{stderr}");
}
