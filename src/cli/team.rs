//! `bod team`: `check` a team file's shape and the roster and lineup rules
//! of a resolved ruleset (its `roster.check` and `lineup.check` hooks);
//! `draft` and `split` prepare two teams from a pool of cards (pro.draft,
//! pro.draft.none), print how, and write them as team files. This file
//! loads, prints and writes; the preparation is `crate::team`'s.

use std::path::Path;

use clap::{Subcommand, ValueEnum};

use super::{CmdResult, Failure, print};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ruleset::schema::Side;
use crate::ruleset::{OptionValues, Ruleset};
use crate::team::{
    DRAFTER_NAMES, Half, Pool, Team, TeamFile, TeamRules, check_team, draft, drafter, load_team,
    side_name,
};

/// The pool when `--pool` is not given: the two sample teams, standing in
/// for the base box's 50 cards.
const BASE_BOX: [&str; 2] = ["falchi", "corsari"];

#[derive(Debug, Subcommand)]
pub(crate) enum TeamCommand {
    /// Check a team file against a ruleset; print every problem.
    Check {
        /// A shipped team (falchi, corsari) or a path to a team file.
        team: String,
        /// The ruleset whose roster and lineup rules apply (name or path).
        #[arg(long, default_value = "pro")]
        ruleset: String,
        /// Set an option of the game, e.g. `--set dh=false` (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
    /// Draft two teams from the base box (pro.draft); print every pick.
    Draft {
        /// The ruleset whose draft, roster and lineup rules apply (name or path).
        #[arg(long, default_value = "pro")]
        ruleset: String,
        /// The seed of the random drafters: the same seed drafts the same teams.
        #[arg(long, default_value = "1", allow_hyphen_values = true)]
        seed: String,
        /// The drafter of both managers (heuristic, random), or HOME,GUEST for one each.
        #[arg(long, default_value = "heuristic", value_name = "NAME[,NAME]")]
        drafter: String,
        #[command(flatten)]
        common: Prepare,
    },
    /// Split the base box without a draft (pro.draft.none): cards 1-25 one team, the rest the other.
    Split {
        /// The ruleset whose split, roster and lineup rules apply (name or path).
        #[arg(long, default_value = "pro")]
        ruleset: String,
        /// The half the home manager takes; by default the one with the better lineup.
        #[arg(long, value_enum, value_name = "HALF")]
        home_takes: Option<HalfArg>,
        #[command(flatten)]
        common: Prepare,
    },
}

/// What `draft` and `split` share.
#[derive(Debug, clap::Args)]
pub(crate) struct Prepare {
    /// The cards to prepare teams from: team files, shipped or by path, comma-separated.
    #[arg(long, value_delimiter = ',', default_values = BASE_BOX, value_name = "TEAM,...")]
    pool: Vec<String>,
    /// Set an option of the game, e.g. `--set dh=false` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Write the home manager's team to this file.
    #[arg(long, value_name = "FILE")]
    home_out: Option<String>,
    /// Write the guest manager's team to this file.
    #[arg(long, value_name = "FILE")]
    away_out: Option<String>,
}

/// `--home-takes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum HalfArg {
    /// The cards numbered 1-25 (`draft.split.first_team`).
    First,
    /// The other cards.
    Second,
}

pub(crate) fn run(cmd: TeamCommand) -> CmdResult {
    match cmd {
        TeamCommand::Check { team, ruleset, set } => {
            let ruleset = Ruleset::load(&ruleset)?;
            let options = ruleset.option_values(&set)?;
            let loaded = load_team(&team)?;
            let problems = check_team(&loaded, &ruleset, &options);
            if problems.has_errors() {
                return Err(Failure::Input(problems));
            }
            let title = ruleset.title.as_deref().unwrap_or(&ruleset.name);
            print(&format!(
                "ok: {} ({} players) satisfies {title} ({})\n",
                loaded.name,
                loaded.players.len(),
                ruleset.name
            ))
        }
        TeamCommand::Draft {
            ruleset,
            seed,
            drafter,
            common,
        } => run_draft(&ruleset, &seed, &drafter, &common),
        TeamCommand::Split {
            ruleset,
            home_takes,
            common,
        } => run_split(&ruleset, home_takes, &common),
    }
}

/// The inputs of a preparation, loaded with every problem reported at once.
struct Inputs {
    ruleset: Ruleset,
    options: OptionValues,
    rules: TeamRules,
    pool: Pool,
}

fn load_inputs(
    ruleset: &str,
    common: &Prepare,
    mut problems: Diagnostics,
) -> Result<Inputs, Failure> {
    let mut keep = |d: Diagnostics| problems.extend(d);
    let ruleset = Ruleset::load(ruleset).map_err(&mut keep).ok();
    let options = ruleset
        .as_ref()
        .and_then(|r| r.option_values(&common.set).map_err(&mut keep).ok());
    let rules = match (&ruleset, &options) {
        (Some(r), Some(o)) => TeamRules::new(r, o).map_err(&mut keep).ok(),
        _ => None,
    };
    let teams: Vec<Team> = common
        .pool
        .iter()
        .filter_map(|t| load_team(t).map_err(&mut keep).ok())
        .collect();
    let pool = if teams.len() == common.pool.len() {
        Pool::from_teams(&teams).map_err(&mut keep).ok()
    } else {
        None
    };
    match (&common.home_out, &common.away_out) {
        (Some(h), Some(a)) if h == a => keep(
            Diagnostic::error(format!("`--home-out` and `--away-out` both name `{h}`"))
                .hint("give each team a file of its own")
                .into(),
        ),
        _ => {}
    }
    // A missing folder is reported before the draft, not after it.
    for path in [&common.home_out, &common.away_out].into_iter().flatten() {
        let folder = Path::new(path)
            .parent()
            .filter(|p| !p.as_os_str().is_empty());
        if let Some(folder) = folder.filter(|f| !f.is_dir()) {
            keep(
                Diagnostic::error(format!(
                    "cannot write team file `{path}`: there is no folder `{}`",
                    folder.display()
                ))
                .hint("create the folder first, or write the file elsewhere")
                .into(),
            );
        }
    }
    match (ruleset, options, rules, pool) {
        (Some(ruleset), Some(options), Some(rules), Some(pool)) if problems.is_empty() => {
            Ok(Inputs {
                ruleset,
                options,
                rules,
                pool,
            })
        }
        _ => Err(Failure::Input(problems)),
    }
}

fn run_draft(ruleset_arg: &str, seed_arg: &str, drafter_arg: &str, common: &Prepare) -> CmdResult {
    let seed = seed_arg.parse::<u64>().map_err(|_| {
        Diagnostic::error(format!("`--seed {seed_arg}` is not a seed")).hint(format!(
            "a seed is a whole number from 0 to {}, e.g. `--seed 7`",
            u64::MAX
        ))
    });
    let names = drafter_names(drafter_arg);
    let mut problems = Diagnostics::default();
    problems.extend(seed.as_ref().err().cloned());
    problems.extend(names.as_ref().err().cloned());
    let inputs = load_inputs(ruleset_arg, common, problems)?;
    let (seed, [home_name, away_name]) = (seed?, names?);
    let mut home =
        drafter(&home_name, Side::Home, seed).ok_or_else(|| unknown_drafter(&home_name))?;
    let mut away =
        drafter(&away_name, Side::Guest, seed).ok_or_else(|| unknown_drafter(&away_name))?;
    let drafted = draft(&inputs.pool, &inputs.rules, home.as_mut(), away.as_mut())?;
    let order = inputs.rules.draft_order()?;
    let who = if home_name == away_name {
        format!("{home_name} drafters")
    } else {
        format!("home {home_name}, guest {away_name}")
    };
    let first = order.value.first_pick;
    let mut out = format!(
        "Draft ({}): {} cards, seed {seed}, {who}; {} first, {first} card{}, then {} each turn\n\n",
        order.clause,
        inputs.pool.cards.len(),
        side_name(order.value.first),
        if first == 1 { "" } else { "s" },
        order.value.picks_per_turn,
    );
    out.push_str(&drafted.log_table().to_string());
    if !drafted.left.is_empty() {
        let left: Vec<String> = drafted.left.iter().map(|c| c.label()).collect();
        out.push_str(&format!(
            "\nleft in the pool, no roster had room: {}\n",
            left.join(", ")
        ));
    }
    // The log goes out before any problem with the rosters: it explains them.
    print(&out)?;
    let (home, away) = drafted.teams(&inputs.pool, &inputs.rules)?;
    let origin = Origin {
        command: command_line(
            &format!(
                "bod team draft --ruleset {ruleset_arg} --seed {seed} --drafter {drafter_arg}"
            ),
            common,
        ),
        clause: order.clause.clone(),
    };
    finish(&inputs, [&home, &away], common, &origin)
}

fn run_split(ruleset_arg: &str, home_takes: Option<HalfArg>, common: &Prepare) -> CmdResult {
    let inputs = load_inputs(ruleset_arg, common, Diagnostics::default())?;
    let takes = home_takes.map(|h| match h {
        HalfArg::First => Half::First,
        HalfArg::Second => Half::Second,
    });
    let split = crate::team::split(&inputs.pool, &inputs.rules, takes)?;
    let clause = &inputs.rules.draft_split()?.clause;
    let [first, second] = &split.numbers;
    let (home_cards, away_cards, takes) = match split.home_takes {
        Half::First => (first, second, "first"),
        Half::Second => (second, first, "second"),
    };
    let why = if split.given {
        "as asked".to_string()
    } else {
        let [a, b] = split.values;
        format!(
            "the {} manager's choice: the better lineup, worth {} to {}",
            side_name(split.chooser),
            a.max(b),
            a.min(b)
        )
    };
    print(&format!(
        "Split ({clause}): cards {first} one team, cards {second} the other\nhome takes cards {home_cards}, guest cards {away_cards} ({why})\n"
    ))?;
    let origin = Origin {
        command: command_line(
            &format!("bod team split --ruleset {ruleset_arg} --home-takes {takes}"),
            common,
        ),
        clause: clause.clone(),
    };
    finish(&inputs, [&split.home, &split.away], common, &origin)
}

/// How the teams were made, for the comment that opens their files.
struct Origin {
    command: String,
    clause: String,
}

/// The command that made the teams, for their files: `base` and the pool
/// and settings when given.
fn command_line(base: &str, common: &Prepare) -> String {
    let mut line = base.to_string();
    if common.pool != BASE_BOX {
        line.push_str(&format!(" --pool {}", common.pool.join(",")));
    }
    for setting in &common.set {
        line.push_str(&format!(" --set {setting}"));
    }
    line
}

/// Checks both teams (home, guest) under the ruleset, prints their lineups
/// and writes the files asked for.
fn finish(inputs: &Inputs, teams: [&Team; 2], common: &Prepare, origin: &Origin) -> CmdResult {
    let mut problems = Diagnostics::default();
    for team in teams {
        problems.extend(check_team(team, &inputs.ruleset, &inputs.options));
    }
    if problems.has_errors() {
        return Err(Failure::Input(problems));
    }
    let mut out = String::new();
    for (side, team) in ["home", "guest"].into_iter().zip(teams) {
        out.push('\n');
        out.push_str(&lineup_text(side, team, &inputs.rules));
    }
    out.push('\n');
    let outs = [&common.home_out, &common.away_out];
    for ((side, team), path) in ["home", "guest"].into_iter().zip(teams).zip(outs) {
        let Some(path) = path else { continue };
        let mut comment = format!(
            "Written by `{}` ({}):\nthe {side} manager's {} cards and the starting lineup bod proposes.",
            origin.command,
            origin.clause,
            team.players.len()
        );
        if team.sample {
            comment.push_str(
                "\nSAMPLE DATA, NOT THE REAL CARDS: the fictional cards of rulesets/teams/.",
            );
        }
        let text = TeamFile::new(team, &comment).to_string();
        std::fs::write(path, text).map_err(|e| {
            Diagnostic::error(format!("cannot write team file `{path}`: {e}"))
                .hint("check that its folder exists and can be written to")
        })?;
        out.push_str(&format!("wrote {path}: {} ({})\n", team.name, team.code));
    }
    if outs.iter().all(|o| o.is_none()) {
        out.push_str("give --home-out FILE and --away-out FILE to write the team files\n");
    }
    print(&out)
}

/// A team's starting lineup, one batter a line.
fn lineup_text(side: &str, team: &Team, rules: &TeamRules) -> String {
    let cap = rules.lineup.value.star_quality_max;
    let Some(lineup) = &team.lineup else {
        return format!("{side}: {} ({}), no lineup\n", team.name, team.code);
    };
    let with = if lineup.has_dh() {
        "with a DH"
    } else {
        "without a DH"
    };
    let mut out = format!(
        "{side}: {} ({}), {} cards; starting lineup {with}, star quality {} of {cap}\n",
        team.name,
        team.code,
        team.players.len(),
        lineup.star_sum(&team.players)
    );
    let width = lineup
        .starters()
        .iter()
        .filter_map(|&i| team.players.get(i))
        .map(|c| c.name.chars().count())
        .max()
        .unwrap_or(0);
    let line = |slot: String, role: &str, card: &crate::team::PlayerCard| {
        format!(
            "  {slot:>2}  {role:<2}  {:>3}  {:<width$}  star {}\n",
            card.number, card.name, card.star
        )
    };
    for (i, slot) in lineup.order.iter().enumerate() {
        if let Some(card) = team.players.get(slot.player) {
            out.push_str(&line((i + 1).to_string(), slot.role.code(), card));
        }
    }
    if let Some(card) = lineup.pitcher.and_then(|p| team.players.get(p)) {
        out.push_str(&line(String::new(), "P", card));
    }
    out
}

/// The drafters' names for home and guest from `--drafter`.
fn drafter_names(arg: &str) -> Result<[String; 2], Diagnostic> {
    let names: Vec<&str> = arg.split(',').map(str::trim).collect();
    let [home, away] = match names.as_slice() {
        [both] => [*both, *both],
        [home, away] => [*home, *away],
        _ => {
            return Err(Diagnostic::error(format!(
                "`--drafter {arg}` names {} drafters",
                names.len()
            ))
            .hint("give one drafter for both managers, or HOME,GUEST"));
        }
    };
    for name in [home, away] {
        if !DRAFTER_NAMES.contains(&name) {
            return Err(unknown_drafter(name));
        }
    }
    Ok([home.to_string(), away.to_string()])
}

fn unknown_drafter(name: &str) -> Diagnostic {
    Diagnostic::error(format!("there is no drafter named `{name}`"))
        .suggest(name, DRAFTER_NAMES.iter().copied())
        .hint(format!("drafters: {}", DRAFTER_NAMES.join(", ")))
}
