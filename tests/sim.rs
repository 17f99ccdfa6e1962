//! Simulation: the statistics of a run do not depend on the thread count,
//! a failing run names the same game on any thread count, a paired run
//! (`--baseline`) gives each ruleset its own run's statistics and the
//! shifts between them, and `bod sim` reports (text and `--json`) and
//! refuses bad arguments.

use std::process::{Command, Output};

use bod::agent::{Agent, Legal, View};
use bod::engine::dice::{Source, Stream};
use bod::engine::{Action, Engine, Event, GameRules, State};
use bod::field::{Field, load_field};
use bod::ruleset::Ruleset;
use bod::runner::{RunError, play_game, play_game_within};
use bod::sim::{self, Tally, Totals, play_one, simulate, simulate_paired};

/// The BASIC rules on the classic field, in three-inning games: the
/// statistics' properties do not depend on the length of a game, and short
/// games keep the debug-build suite fast.
fn basic() -> (GameRules, Field) {
    (basic_of(3), load_field("classic").unwrap())
}

/// The BASIC rules in games of `innings` innings.
fn basic_of(innings: u8) -> GameRules {
    let ruleset = Ruleset::load("basic").unwrap();
    let options = ruleset
        .option_values(&[format!("innings={innings}")])
        .unwrap();
    GameRules::new(&ruleset, &options).unwrap()
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

/// Game `i` of a paired run is game `i` of each ruleset's own run: each
/// side's totals are its own run's, on any thread count, and the shifts
/// follow from the pairs.
#[test]
fn a_paired_run_plays_each_rulesets_own_games_and_measures_the_shifts() {
    let (three, field) = basic();
    let two = basic_of(2);
    let (candidate, baseline) = (Engine::new(&three, &field), Engine::new(&two, &field));
    let c_maker = sim::agent_maker(sim::default_agent(), candidate);
    let b_maker = sim::agent_maker(sim::default_agent(), baseline);
    let games = 120;
    let alone = |engine: &Engine<'_>, maker: &sim::AgentMaker<'_>| {
        on_threads(2, || simulate(engine, 4, games, maker, &|| {}))
            .unwrap()
            .totals
    };
    let (c_alone, b_alone) = (alone(&candidate, &c_maker), alone(&baseline, &b_maker));
    let paired = |threads| {
        on_threads(threads, || {
            simulate_paired(
                (&candidate, &c_maker),
                (&baseline, &b_maker),
                4,
                games,
                &|| {},
            )
        })
        .unwrap()
        .totals
    };
    let one = paired(1);
    assert_eq!(one, paired(2));
    assert_eq!((one.candidate, one.baseline), (c_alone, b_alone));
    let shift = one.comparison();
    assert_eq!(shift.games, games);
    assert_eq!(shift.candidate, c_alone.summary());
    for (key, s) in shift.shifts() {
        assert!(
            (s.change - (s.candidate - s.baseline)).abs() < 1e-9,
            "{key}: {s:?}"
        );
    }
    // A third inning brings more batters, pitches and runs in every game
    // that is not over early.
    for key in ["plate_appearances", "pitches"] {
        let s = shift.shifts().find(|(k, _)| *k == key).unwrap().1;
        assert!(s.shifted && s.change > 0.0, "{key}: {s:?}");
    }
}

/// A ruleset against itself: every pair is two copies of one game.
#[test]
fn a_ruleset_against_itself_shifts_nothing() {
    let (rules, field) = basic();
    let engine = Engine::new(&rules, &field);
    let maker = sim::agent_maker(sim::default_agent(), engine);
    let shift = simulate_paired((&engine, &maker), (&engine, &maker), 2, 30, &|| {})
        .unwrap()
        .totals
        .comparison();
    for (key, s) in shift.shifts() {
        assert_eq!(
            (s.change, s.ci95, s.shifted),
            (0.0, Some([0.0, 0.0]), false),
            "{key}"
        );
    }
    assert_eq!(
        (shift.score_changed.share, shift.winner_changed.share),
        (0.0, 0.0)
    );
}

#[test]
fn a_failing_baseline_names_its_game_as_the_baselines() {
    let (rules, field) = basic();
    let engine = Engine::new(&rules, &field);
    let maker = sim::agent_maker(sim::default_agent(), engine);
    let broken = |_: Stream| -> Box<dyn Agent> { Box::new(Broken) };
    for threads in [1, 2] {
        let error = on_threads(threads, || {
            simulate_paired((&engine, &maker), (&engine, &broken), 1, 20, &|| {})
        })
        .unwrap_err();
        assert_eq!(
            (error.game, error.baseline),
            (0, true),
            "on {threads} threads"
        );
        assert!(
            error
                .to_string()
                .starts_with("game 0 of the baseline stopped"),
            "{error}"
        );
    }
    let error = simulate_paired((&engine, &broken), (&engine, &maker), 1, 5, &|| {}).unwrap_err();
    assert!(
        !error.baseline && error.to_string().starts_with("game 0 stopped"),
        "{error}"
    );
}

/// A rule script failing mid-game stops the run with the script's
/// diagnostic: its position, and a one-line message naming the game.
#[test]
fn a_failing_script_stops_the_run_with_its_position() {
    let ruleset = Ruleset::load("tests/data/rulesets/failing").unwrap();
    let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
    let field = load_field("classic").unwrap();
    let engine = Engine::new(&rules, &field);
    let maker = sim::agent_maker(sim::default_agent(), engine);
    let error = simulate(&engine, 1, 4, &maker, &|| {}).unwrap_err();
    let failure = error.error.script_failure().expect("a script failure");
    assert_eq!(
        failure.position().as_deref(),
        Some("tests/data/rulesets/failing/distance.rhai:3:15")
    );
    assert_eq!(
        error.to_string(),
        format!(
            "game 0 stopped: tests/data/rulesets/failing/distance.rhai:3:15: {}",
            failure.message
        )
    );
    assert!(
        failure.message.contains("division by zero"),
        "{}",
        failure.message
    );
    assert!(!error.to_string().contains('\n'), "{error}");
}

/// A house rule whose games never end (every batter walks or strikes out
/// before a pitch, and no run scores) passes every check; the runner calls
/// its game off and says where it stood.
#[test]
fn a_game_that_never_ends_is_called_off_saying_where_it_stood() {
    let ruleset = Ruleset::load("tests/data/rulesets/endless/every-pitch-a-strike.yaml").unwrap();
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
    let RunError::TooLong { decisions, at } = error else {
        panic!("expected the game called off, got {error}");
    };
    assert_eq!((decisions, at.score), (20_000, [0, 0]));
    assert!(at.inning > rules.last_inning, "inning {}", at.inning);
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
        "rules scripts:",
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

#[test]
fn sim_with_a_baseline_reports_both_rulesets_and_every_shift() {
    let args = [
        "--games",
        "60",
        "--seed",
        "3",
        "--set",
        "innings=3",
        "--baseline",
        "basic",
        "--baseline-set",
        "innings=2",
    ];
    let report = sim_json(&args);
    assert_eq!(report["ruleset"], "basic");
    assert_eq!(report["baseline"], "basic");
    assert_eq!(report["options"][0], "innings=3");
    assert_eq!(report["baseline_options"][0], "innings=2");
    // Each side's statistics are its own run's.
    let alone = |innings: &str| {
        sim_json(&["--games", "60", "--seed", "3", "--set", innings])["stats"].clone()
    };
    assert_eq!(report["stats"], alone("innings=3"));
    assert_eq!(report["baseline_stats"], alone("innings=2"));
    let shift = &report["shift"];
    assert_eq!(shift["games"], 60);
    for key in sim::COUNTS
        .iter()
        .map(|(k, _)| *k)
        .chain(["home_win", "extra_innings"])
    {
        let s = &shift[key];
        let [lo, hi] = [0, 1].map(|i| s["ci95"][i].as_f64().unwrap());
        let change = s["change"].as_f64().unwrap();
        assert!(lo <= change && change <= hi, "{key}: {s}");
        assert_eq!(
            s["shifted"].as_bool().unwrap(),
            lo > 0.0 || hi < 0.0,
            "{key}"
        );
    }
    assert_eq!(shift["plate_appearances"]["shifted"], true);
    // Fewer innings end many games with another score, and some with
    // another winner; a pair is never counted as another winner without
    // another score.
    let share = |key: &str| shift[key]["share"].as_f64().unwrap();
    assert!(share("score_changed") > 0.0, "{shift}");
    assert!(share("winner_changed") <= share("score_changed"), "{shift}");
    // Two games a pair.
    assert!(report["performance"]["games_per_second"].as_f64().unwrap() > 0.0);

    let mut text_args = vec!["sim"];
    text_args.extend_from_slice(&args);
    let (code, stdout, stderr) = bod(&text_args);
    assert_eq!(code, 0, "{stderr}");
    for needle in [
        "60 games of basic against the baseline basic",
        "options: innings=3",
        "baseline options: innings=2",
        "95% interval of the change",
        "home win share",
        "extra-inning share",
        "games with another score",
        "games with another winner",
        "120 games (60 pairs)",
        "shifted: the change's 95% interval leaves out 0",
    ] {
        assert!(stdout.contains(needle), "`{needle}` missing:\n{stdout}");
    }
    for (_, label) in sim::COUNTS {
        assert!(stdout.contains(label), "`{label}` missing:\n{stdout}");
    }
    let pa = stdout
        .lines()
        .find(|l| l.starts_with("plate appearances per game"))
        .unwrap();
    assert!(pa.ends_with("shifted"), "{pa}");
    assert!(
        stdout.lines().all(|l| l == l.trim_end()),
        "trailing spaces:\n{stdout}"
    );
}

#[test]
fn sim_refuses_a_bad_baseline() {
    // Baseline settings need a baseline.
    let (code, _, stderr) = bod(&["sim", "--baseline-set", "innings=3"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--baseline <RULESET>"), "{stderr}");

    // An unknown baseline and a bad baseline setting, each reported, with
    // the flag that gave it.
    let (code, _, stderr) = bod(&["sim", "--games", "2", "--baseline", "prof"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("did you mean `pro`?"), "{stderr}");
    let (code, _, stderr) = bod(&[
        "sim",
        "--games",
        "2",
        "--baseline",
        "pro",
        "--baseline-set",
        "inings=3",
        "--set",
        "innings=0",
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("--baseline-set:1:1"), "{stderr}");
    assert!(stderr.contains("did you mean `innings`?"), "{stderr}");
    assert!(stderr.contains("--set:1:9"), "{stderr}");
}

/// `bod play --seed S --game N` plays game N of a `bod sim` run of seed S:
/// the same score and the same pitches (PRO, whose players' cards count).
#[test]
fn bod_play_plays_any_game_of_a_sim_run() {
    let ruleset = Ruleset::load("pro").unwrap();
    let options = ruleset.option_values(&["innings=3".to_string()]).unwrap();
    let rules = GameRules::new(&ruleset, &options).unwrap();
    let field = load_field("classic").unwrap();
    let team = |name| bod::team::load_team(name).unwrap();
    let players = bod::engine::Players::new(&team("falchi"), &team("corsari")).unwrap();
    let engine = Engine::new(&rules, &field).with_players(&players);
    let maker = sim::agent_maker(sim::default_agent(), engine);
    let log = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sim-game-5.jsonl");
    let log = log.display().to_string();
    let (code, stdout, stderr) = bod(&[
        "play",
        "--ruleset",
        "pro",
        "--seed",
        "3",
        "--game",
        "5",
        "--set",
        "innings=3",
        "--log",
        &log,
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("seed 3, game 5"), "{stdout}");
    let text = std::fs::read_to_string(&log).unwrap();
    let over: serde_json::Value = text
        .lines()
        .find(|l| l.contains("\"event\":\"game_over\""))
        .map(|l| serde_json::from_str(l).unwrap())
        .expect("a game_over event");
    let pitches = text
        .lines()
        .filter(|l| l.contains("\"event\":\"pitched\""))
        .count();
    let line = play_one(&engine, 3, 5, &maker).unwrap();
    let score = [
        over["away"].as_u64().unwrap(),
        over["home"].as_u64().unwrap(),
    ];
    assert_eq!(score, line.score.map(u64::from));
    let at = sim::COUNTS
        .iter()
        .position(|(k, _)| *k == "pitches")
        .unwrap();
    assert_eq!(pitches, line.counts[at] as usize, "pitches");
    assert_ne!(
        play_one(&engine, 3, 0, &maker).unwrap(),
        line,
        "game 5 is not game 0"
    );
}

#[test]
fn a_stopped_run_says_how_to_play_its_game_alone() {
    let (code, _, stderr) = bod(&[
        "sim",
        "--baseline",
        "tests/data/rulesets/failing",
        "--baseline-set",
        "innings=4",
        "--games",
        "3",
        "--seed",
        "2",
        "--field",
        "bay",
    ]);
    assert_eq!(code, 1, "{stderr}");
    // The hint may be wrapped anywhere: compared without white space.
    let squeeze = |t: &str| t.split_whitespace().collect::<String>();
    let command = "bod play --ruleset tests/data/rulesets/failing --seed 2 --game 0 \
                   --field bay --set innings=4";
    assert!(squeeze(&stderr).contains(&squeeze(command)), "{stderr}");
}
