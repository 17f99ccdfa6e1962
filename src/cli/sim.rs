//! `bod sim`: plays many seeded games on all cores and reports runs, hits,
//! home runs, strikeouts, walks, game length, the home win share and the
//! extra-inning share, each with a 95% confidence interval, plus games per
//! second. Text for people, `--json` (keys in a fixed order) for machines.
//! The statistics come from `crate::sim`; this file loads the inputs, picks
//! the thread pool, draws the progress bar and prints.

use std::io::IsTerminal;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use super::{CmdResult, Failure, print};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::engine::{Engine, GameRules, Players};
use crate::field::load_field;
use crate::ruleset::Ruleset;
use crate::sim::{self, COUNTS, Estimate, Share, Summary};
use crate::team::load_team;

#[derive(Debug, Args)]
pub(crate) struct SimArgs {
    /// A built-in ruleset (basic, pro, faq, major) or a path to a ruleset file or folder.
    #[arg(long, default_value = "basic")]
    ruleset: String,
    /// How many games to play.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// The run's seed: game i is always the same game for the same seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A built-in field (classic, harbor, borough, bay) or a path to a .field file.
    #[arg(long, default_value = "classic")]
    field: String,
    /// The home team: a shipped team (falchi, corsari) or a path to a team file.
    #[arg(long, default_value = "falchi")]
    home: String,
    /// The guest team: a shipped team or a path to a team file.
    #[arg(long, default_value = "corsari")]
    away: String,
    /// The agent managing both teams (default: heuristic when available, else random).
    #[arg(long)]
    agent: Option<String>,
    /// Set an option of the game, as NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Worker threads (default: one per core). The results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

/// The report, as `--json` prints it (keys in this order).
#[derive(Debug, Serialize)]
struct Report<'a> {
    ruleset: &'a str,
    field: &'a str,
    home: &'a str,
    away: &'a str,
    agent: &'a str,
    seed: u64,
    options: &'a [String],
    intervals: &'static str,
    stats: &'a Summary,
    performance: Performance,
}

#[derive(Debug, Serialize)]
struct Performance {
    threads: usize,
    seconds: f64,
    games_per_second: f64,
    /// How many times the rules' Rhai scripts ran: calls their memos
    /// could not answer (the threads share the memos).
    script_calls: u64,
}

const INTERVALS: &str =
    "95%: mean ± 1.96·sd/√n for per-game counts, Wilson score interval for shares";

pub(crate) fn run(args: SimArgs) -> CmdResult {
    let mut problems = Diagnostics::default();
    let mut keep = |d: Diagnostics| problems.extend(d);
    let ruleset = Ruleset::load(&args.ruleset).map_err(&mut keep).ok();
    let options = ruleset
        .as_ref()
        .and_then(|r| r.option_values(&args.set).map_err(&mut keep).ok());
    let rules = match (&ruleset, &options) {
        (Some(r), Some(o)) => GameRules::new(r, o).map_err(&mut keep).ok(),
        _ => None,
    };
    let field = load_field(&args.field).map_err(&mut keep).ok();
    let home = load_team(&args.home).map_err(&mut keep).ok();
    let away = load_team(&args.away).map_err(&mut keep).ok();
    let agent = args.agent.as_deref().unwrap_or(sim::default_agent());
    let agent_ok = sim::check_agent(agent).map_err(|d| keep(d.into())).is_ok();
    let (Some(rules), Some(field), Some(home), Some(away), true) =
        (rules, field, home, away, agent_ok)
    else {
        return Err(Failure::Input(problems));
    };

    let players = Players::new(&home, &away)?;
    let engine = Engine::new(&rules, &field).with_players(&players);
    let maker = sim::agent_maker(agent, engine);
    let bar = progress_bar(args.games);
    let tick = || {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    let play = || {
        let start = Instant::now();
        let run = sim::simulate(&engine, args.seed, args.games, &maker, &tick);
        (run, start.elapsed(), rayon::current_num_threads())
    };
    let (run, elapsed, threads) = match args.threads {
        None => play(),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(n))
            .build()
            .map_err(|e| Diagnostic::error(format!("cannot start {n} threads: {e}")))?
            .install(play),
    };
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let run = run.map_err(|e| {
        Diagnostic::error(format!(
            "{} (seed {}): the simulation cannot go on",
            e, args.seed
        ))
        .hint(format!(
            "replay it alone: game {} of seed {} is the same game on any thread count",
            e.game, args.seed
        ))
    })?;
    let seconds = elapsed.as_secs_f64();
    let summary = run.totals.summary();
    let report = Report {
        ruleset: &rules.name,
        field: field.name(),
        home: &home.name,
        away: &away.name,
        agent,
        seed: args.seed,
        options: &args.set,
        intervals: INTERVALS,
        stats: &summary,
        performance: Performance {
            threads,
            seconds,
            games_per_second: args.games as f64 / seconds.max(1e-9),
            script_calls: run.script_calls,
        },
    };
    if args.json {
        let mut text = serde_json::to_string_pretty(&report).map_err(std::io::Error::other)?;
        text.push('\n');
        print(&text)
    } else {
        print(&render(&report))
    }
}

/// A progress bar on stderr, only when stderr is a terminal.
fn progress_bar(games: u64) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
    {
        bar.set_style(style);
    }
    Some(bar)
}

/// The text report.
fn render(r: &Report<'_>) -> String {
    let mut out = format!(
        "{} games of {} on {}, seed {}: {} (home) v. {} (away), agent {}\n",
        r.stats.games, r.ruleset, r.field, r.seed, r.home, r.away, r.agent
    );
    if !r.options.is_empty() {
        out.push_str(&format!("options: {}\n", r.options.join(" ")));
    }
    out.push_str(&format!(
        "\n{:<28} {:>9}   {}\n",
        "", "mean", "95% interval"
    ));
    for ((_, label), e) in COUNTS.iter().zip(&r.stats.counts) {
        out.push_str(&format!("{label:<28} {:>9.3}   {}\n", e.mean, interval(e)));
    }
    for (label, share) in [
        ("home win share", &r.stats.home_win),
        ("extra-inning share", &r.stats.extra_innings),
    ] {
        out.push_str(&format!(
            "{label:<28} {:>8.1}%   {}\n",
            share.share * 100.0,
            share_interval(share)
        ));
    }
    let p = &r.performance;
    out.push_str(&format!(
        "\n{} games in {:.2} s: {:.0} games/s on {} thread{}\n",
        r.stats.games,
        p.seconds,
        p.games_per_second,
        p.threads,
        if p.threads == 1 { "" } else { "s" }
    ));
    out.push_str(&format!(
        "rules scripts: {} Rhai calls (the rest answered from their memos)\n",
        p.script_calls
    ));
    out.push_str("intervals: mean ± 1.96·sd/√n; shares: Wilson score\n");
    out
}

fn interval(e: &Estimate) -> String {
    match e.ci95 {
        Some([lo, hi]) => format!("[{lo:.3}, {hi:.3}]"),
        None => "(needs 2 games)".to_string(),
    }
}

fn share_interval(s: &Share) -> String {
    match s.ci95 {
        Some([lo, hi]) => format!("[{:.1}%, {:.1}%]", lo * 100.0, hi * 100.0),
        None => String::new(),
    }
}
