//! `bod sim`: plays many seeded games on all cores and reports runs, hits,
//! home runs, strikeouts, walks, game length, the home win share and the
//! extra-inning share, each with a 95% confidence interval, plus games per
//! second. With `--baseline`, every game is played under a second ruleset
//! too and the report says how each statistic moved (`sim::compare`).
//! Text for people, `--json` (keys in a fixed order) for machines.
//! The statistics come from `crate::sim`; this file loads the inputs, picks
//! the thread pool, draws the progress bar and prints.

use std::io::IsTerminal;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use super::human::HUMAN;
use super::{
    CmdResult, DEFAULT_AWAY, DEFAULT_FIELD, DEFAULT_HOME, DEFAULT_RULESET, Failure, print,
};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::engine::{Engine, GameRules, Players};
use crate::field::load_field;
use crate::ruleset::Ruleset;
use crate::sim::{self, COUNTS, Comparison, Estimate, Run, Share, Shift, SimError, Summary};
use crate::team::load_team;

#[derive(Debug, Args)]
pub(crate) struct SimArgs {
    /// A built-in ruleset (basic, pro, faq, major) or a path to a ruleset file or folder.
    #[arg(long, default_value = DEFAULT_RULESET)]
    ruleset: String,
    /// How many games to play.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// The run's seed: game i is always the same game for the same seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A built-in field (classic, harbor, borough, bay) or a path to a .field file.
    #[arg(long, default_value = DEFAULT_FIELD)]
    field: String,
    /// The home team: a shipped team (falchi, corsari) or a path to a team file.
    #[arg(long, default_value = DEFAULT_HOME)]
    home: String,
    /// The guest team: a shipped team or a path to a team file.
    #[arg(long, default_value = DEFAULT_AWAY)]
    away: String,
    /// The agent managing both teams (default: heuristic when available, else random).
    #[arg(long)]
    agent: Option<String>,
    /// Set an option of the game, as NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Compare with another ruleset (built-in or a path): play every game under it too, with the same seeds, and report how each statistic moved.
    #[arg(long, value_name = "RULESET")]
    baseline: Option<String>,
    /// Set an option of the baseline's games, as NAME=VALUE (repeatable; `--set` sets only the other ruleset's).
    #[arg(
        long = "baseline-set",
        value_name = "NAME=VALUE",
        requires = "baseline"
    )]
    baseline_set: Vec<String>,
    /// Worker threads (default: one per core). The results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

/// What a run played, at the head of either report (keys in this order).
#[derive(Debug, Serialize)]
struct Setup<'a> {
    ruleset: &'a str,
    field: &'a str,
    home: &'a str,
    away: &'a str,
    agent: &'a str,
    seed: u64,
    options: &'a [String],
}

impl Setup<'_> {
    /// The text report's head: `games` of the ruleset (`against` a
    /// baseline, if any) and the options set.
    fn render(&self, games: u64, against: &str) -> String {
        let mut out = format!(
            "{games} games of {}{against} on {}, seed {}: {} (home) v. {} (away), agent {}\n",
            self.ruleset, self.field, self.seed, self.home, self.away, self.agent
        );
        if !self.options.is_empty() {
            out.push_str(&format!("options: {}\n", self.options.join(" ")));
        }
        out
    }
}

/// The report, as `--json` prints it (keys in this order).
#[derive(Debug, Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    setup: Setup<'a>,
    intervals: &'static str,
    stats: &'a Summary,
    performance: Performance,
}

/// The report of a run with a baseline, as `--json` prints it (keys in
/// this order): each ruleset's statistics and every statistic's shift.
#[derive(Debug, Serialize)]
struct ComparedReport<'a> {
    #[serde(flatten)]
    setup: Setup<'a>,
    baseline: &'a str,
    baseline_options: &'a [String],
    intervals: &'static str,
    stats: &'a Summary,
    baseline_stats: &'a Summary,
    shift: &'a Comparison,
    performance: Performance,
}

#[derive(Debug, Serialize)]
struct Performance {
    threads: usize,
    seconds: f64,
    games_per_second: f64,
    /// How many times the rules' scripts ran (in Rhai, or natively for
    /// plain arithmetic): calls their memos could not answer (the threads
    /// share the memos).
    script_calls: u64,
}

impl Performance {
    /// The text report's lines on speed and scripts, for `games` played.
    fn render(&self, games: &str) -> String {
        format!(
            "\n{games} in {:.2} s: {:.0} games/s on {} thread{}\n\
             rules scripts: {} runs (the rest answered from their memos)\n",
            self.seconds,
            self.games_per_second,
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            self.script_calls
        )
    }
}

const INTERVALS: &str =
    "95%: mean ± 1.96·sd/√n for per-game counts, Wilson score interval for shares";

const SHIFT_INTERVALS: &str = "95%: mean ± 1.96·sd/√n for per-game counts, Wilson score \
     interval for shares; a shift's change: mean ± 1.96·sd/√n of the paired games' differences";

/// What a run played: one ruleset's games, or each game under the ruleset
/// and its baseline (named).
enum Played<'r> {
    Alone(Run),
    Paired(Box<Run<sim::PairedTotals>>, &'r str),
}

pub(crate) fn run(args: SimArgs) -> CmdResult {
    let mut problems = Diagnostics::default();
    let mut keep = |d: Diagnostics| problems.extend(d);
    let rules = load_rules(&args.ruleset, "--set", &args.set, &mut keep);
    let baseline_rules = args
        .baseline
        .as_deref()
        .map(|name| load_rules(name, "--baseline-set", &args.baseline_set, &mut keep));
    let field = load_field(&args.field).map_err(&mut keep).ok();
    let home = load_team(&args.home).map_err(&mut keep).ok();
    let away = load_team(&args.away).map_err(&mut keep).ok();
    let agent = args.agent.as_deref().unwrap_or(sim::default_agent());
    let agent_ok = sim::check_agent(agent)
        .map_err(|d| match agent {
            // A manager at the terminal plays one game, not thousands.
            HUMAN => keep(
                d.hint("a manager at the terminal plays `bod play --agent human`")
                    .into(),
            ),
            _ => keep(d.into()),
        })
        .is_ok();
    let (Some(rules), Some(field), Some(home), Some(away), true, Some(baseline_rules)) = (
        rules,
        field,
        home,
        away,
        agent_ok,
        // No baseline asked for, or one that loaded.
        baseline_rules.map_or(Some(None), |b| b.map(Some)),
    ) else {
        return Err(Failure::Input(problems));
    };

    let players = Players::new(&home, &away)?;
    let engine = Engine::new(&rules, &field).with_players(&players);
    let maker = sim::agent_maker(agent, engine);
    let baseline_engine = baseline_rules
        .as_ref()
        .map(|rules| Engine::new(rules, &field).with_players(&players));
    let baseline = baseline_engine.map(|engine| (engine, sim::agent_maker(agent, engine)));
    let bar = progress_bar(args.games);
    let tick = || {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    let play = || {
        let start = Instant::now();
        let run = match &baseline {
            Some((b, b_maker)) => sim::simulate_paired(
                (&engine, &maker),
                (b, b_maker),
                args.seed,
                args.games,
                &tick,
            )
            .map(|run| Played::Paired(Box::new(run), &b.rules.name)),
            None => sim::simulate(&engine, args.seed, args.games, &maker, &tick).map(Played::Alone),
        };
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
    let run = run.map_err(|e| stopped(&e, &args))?;
    let seconds = elapsed.as_secs_f64();
    let performance = |games: u64, script_calls: u64| Performance {
        threads,
        seconds,
        games_per_second: games as f64 / seconds.max(1e-9),
        script_calls,
    };
    let setup = Setup {
        ruleset: &rules.name,
        field: field.name(),
        home: &home.name,
        away: &away.name,
        agent,
        seed: args.seed,
        options: &args.set,
    };
    let text = match run {
        Played::Paired(run, baseline) => {
            let shift = run.totals.comparison();
            let report = ComparedReport {
                setup,
                baseline,
                baseline_options: &args.baseline_set,
                intervals: SHIFT_INTERVALS,
                stats: &shift.candidate,
                baseline_stats: &shift.baseline,
                shift: &shift,
                performance: performance(2 * args.games, run.script_calls),
            };
            if args.json {
                json(&report)?
            } else {
                render_compared(&report)
            }
        }
        Played::Alone(run) => {
            let summary = run.totals.summary();
            let report = Report {
                setup,
                intervals: INTERVALS,
                stats: &summary,
                performance: performance(args.games, run.script_calls),
            };
            if args.json {
                json(&report)?
            } else {
                render(&report)
            }
        }
    };
    print(&text)
}
/// The game rules of the ruleset `name` with the settings given by
/// `flag`, or `None` with every problem kept.
fn load_rules(
    name: &str,
    flag: &str,
    settings: &[String],
    keep: &mut impl FnMut(Diagnostics),
) -> Option<GameRules> {
    let ruleset = Ruleset::load(name).map_err(&mut *keep).ok()?;
    let options = ruleset
        .option_values_from(flag, settings)
        .map_err(&mut *keep)
        .ok()?;
    GameRules::new(&ruleset, &options).map_err(keep).ok()
}

/// The error of a run that stopped, with how to see the game alone: a
/// failing rule script's own report (caret and all) with the game named,
/// any other stop as a message.
fn stopped(e: &SimError, args: &SimArgs) -> Diagnostic {
    let under = match (&args.baseline, e.baseline) {
        (Some(baseline), true) => format!(" under the baseline ({baseline})"),
        _ => String::new(),
    };
    let alone = format!(
        "see it alone, the same game on any thread count: {}",
        play_command(args, e)
    );
    match e.error.script_failure() {
        Some(failure) => failure
            .clone()
            .hint(format!(
                "game {} of seed {}{under} stopped here, so the simulation cannot go on",
                e.game, args.seed
            ))
            .hint(alone),
        None => Diagnostic::error(format!(
            "{} (seed {}): the simulation cannot go on",
            e, args.seed
        ))
        .hint(alone),
    }
}

/// The `bod play` command that plays the game that stopped a run: its
/// ruleset (the baseline's, if that was it) and options, seed, game number,
/// and the run's field, teams and agent where they are not the defaults.
fn play_command(args: &SimArgs, e: &SimError) -> String {
    let (ruleset, settings) = match (&args.baseline, e.baseline) {
        (Some(baseline), true) => (baseline, &args.baseline_set),
        _ => (&args.ruleset, &args.set),
    };
    let mut words = vec![
        "bod play --ruleset".to_string(),
        shell_word(ruleset),
        format!("--seed {} --game {}", args.seed, e.game),
    ];
    for (flag, value, default) in [
        ("--field", &args.field, DEFAULT_FIELD),
        ("--home", &args.home, DEFAULT_HOME),
        ("--away", &args.away, DEFAULT_AWAY),
    ] {
        if value != default {
            words.push(format!("{flag} {}", shell_word(value)));
        }
    }
    if let Some(agent) = &args.agent {
        words.push(format!("--agent {}", shell_word(agent)));
    }
    for setting in settings {
        words.push(format!("--set {}", shell_word(setting)));
    }
    words.join(" ")
}

/// A word as a shell reads it: as it is when it holds only letters,
/// digits and `_./=,:+-`, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./=,:+-".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// A report as pretty JSON, keys in the report's order.
fn json(report: &impl Serialize) -> Result<String, Failure> {
    let mut text = serde_json::to_string_pretty(report).map_err(std::io::Error::other)?;
    text.push('\n');
    Ok(text)
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
    let mut out = r.setup.render(r.stats.games, "");
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
        out.push_str(&share_line(label, share));
    }
    out.push_str(&r.performance.render(&format!("{} games", r.stats.games)));
    out.push_str("intervals: mean ± 1.96·sd/√n; shares: Wilson score\n");
    out
}

/// The text report of a run with a baseline: both rulesets' means and
/// every statistic's change, with its interval and whether it shifted.
fn render_compared(r: &ComparedReport<'_>) -> String {
    let against = format!(" against the baseline {}", r.baseline);
    let mut out = r.setup.render(r.shift.games, &against);
    if !r.baseline_options.is_empty() {
        out.push_str(&format!(
            "baseline options: {}\n",
            r.baseline_options.join(" ")
        ));
    }
    out.push_str("each game is played under both rulesets, with the same seed streams\n");
    out.push_str(&format!(
        "\n{:<28} {:>9}  {:>9}  {:>9}   {}\n",
        "", "baseline", "ruleset", "change", "95% interval of the change"
    ));
    let labels = COUNTS
        .iter()
        .map(|(_, label)| *label)
        .chain(["home win share", "extra-inning share"]);
    for (i, (label, (_, shift))) in labels.zip(r.shift.shifts()).enumerate() {
        let line = if i < COUNTS.len() {
            count_shift(shift)
        } else {
            share_shift(shift)
        };
        let mark = if shift.shifted { "  shifted" } else { "" };
        let row = format!("{label:<28} {line}{mark}");
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out.push('\n');
    for (label, share) in [
        ("games with another score", &r.shift.score_changed),
        ("games with another winner", &r.shift.winner_changed),
    ] {
        out.push_str(&share_line(label, share));
    }
    let games = format!("{} games ({} pairs)", 2 * r.shift.games, r.shift.games);
    out.push_str(&r.performance.render(&games));
    out.push_str(
        "shifted: the change's 95% interval leaves out 0 \
         (mean ± 1.96·sd/√n of the paired games' differences)\n",
    );
    out
}

/// A count's means, change and interval, aligned under the headings.
fn count_shift(s: &Shift) -> String {
    let interval = match s.ci95 {
        Some([lo, hi]) => format!("[{lo:+.3}, {hi:+.3}]"),
        None => "(needs 2 games)".to_string(),
    };
    format!(
        "{:>9.3}  {:>9.3}  {:>+9.3}   {interval:<20}",
        s.baseline, s.candidate, s.change
    )
}

/// A share's percentages, change and interval in percentage points.
fn share_shift(s: &Shift) -> String {
    let interval = match s.ci95 {
        Some([lo, hi]) => format!("[{:+.1}, {:+.1}] pt", lo * 100.0, hi * 100.0),
        None => "(needs 2 games)".to_string(),
    };
    format!(
        "{:>8.1}%  {:>8.1}%  {:>+6.1} pt   {interval:<20}",
        s.baseline * 100.0,
        s.candidate * 100.0,
        s.change * 100.0
    )
}

fn interval(e: &Estimate) -> String {
    match e.ci95 {
        Some([lo, hi]) => format!("[{lo:.3}, {hi:.3}]"),
        None => "(needs 2 games)".to_string(),
    }
}

/// A share's line: label, percentage and interval.
fn share_line(label: &str, share: &Share) -> String {
    format!(
        "{label:<28} {:>8.1}%   {}\n",
        share.share * 100.0,
        share_interval(share)
    )
}

fn share_interval(s: &Share) -> String {
    match s.ci95 {
        Some([lo, hi]) => format!("[{:.1}%, {:.1}%]", lo * 100.0, hi * 100.0),
        None => String::new(),
    }
}
