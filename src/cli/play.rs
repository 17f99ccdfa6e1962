//! `bod play`: plays one seeded game between two agents and prints its
//! play-by-play and box score; `--log` also writes every action and event
//! as JSON Lines (`bod replay` checks such a log); `--dice table` takes
//! the dice from a table instead of the seed (`table_dice`). This file
//! loads the inputs, picks the agents and the dice, and prints; the
//! scoring is `crate::score`.

use clap::Args;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::human::{HUMAN, HumanAgent, Input, Terminal, Watched};
use super::table_dice::TableDice;
use super::{
    CmdResult, DEFAULT_AWAY, DEFAULT_FIELD, DEFAULT_HOME, DEFAULT_RULESET, Failure, Named, print,
    relative_to,
};
use crate::agent::Agent;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::engine::dice::{Source, Stream};
use crate::engine::{Engine, GameRules, Players};
use crate::field::{Field, field_source, parse_field};
use crate::ruleset::{OptionValues, Ruleset};
use crate::runner::{Roller, Sink};
use crate::score::{
    DiceSource, Digests, Header, JsonLog, Scorecard, Scoring, digest, ruleset_digest, team_digest,
};
use crate::team::{Team, load_team};

/// The agent that manages a side when `--agent` is not given.
pub(crate) const DEFAULT_AGENT: &str = crate::agent::DEFAULT_AGENT;

/// The agents `bod play` knows: the library's, and a manager at the
/// terminal.
const AGENTS: &[&str] = &["heuristic", "random", HUMAN];

#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    /// A built-in ruleset (basic, pro, faq, major) or a path to a ruleset file or folder.
    #[arg(long, default_value = DEFAULT_RULESET)]
    pub(crate) ruleset: String,
    /// The seed: the same seed always plays the same game.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Which game of the seed to play: game N of a `bod sim` run with the same seed, rules, field, teams and agents (its first is 0).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub(crate) game: u64,
    /// A built-in field (classic, harbor, borough, bay) or a path to a .field file.
    #[arg(long, default_value = DEFAULT_FIELD)]
    pub(crate) field: String,
    /// The home team: a shipped team (falchi, corsari) or a path to a team file.
    #[arg(long, default_value = DEFAULT_HOME)]
    pub(crate) home: String,
    /// The guest team: a shipped team or a path to a team file.
    #[arg(long, default_value = DEFAULT_AWAY)]
    pub(crate) away: String,
    /// The agent managing both sides (heuristic, random, or human: you, at the terminal), or HOME,AWAY for one each.
    #[arg(long, default_value = DEFAULT_AGENT, value_name = "NAME[,NAME]")]
    pub(crate) agent: String,
    /// Set an option of the game, as NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub(crate) set: Vec<String>,
    /// Also write every action and event to this file as JSON Lines.
    #[arg(long, value_name = "FILE")]
    pub(crate) log: Option<String>,
    /// Where the dice come from: the seed, or a table (asked for at each roll and typed in; the log keeps them for `bod replay`).
    #[arg(long, value_enum, default_value_t = DiceSource::Seed)]
    pub(crate) dice: DiceSource,
}

impl Default for PlayArgs {
    /// The main job's game: BASIC on the classic field, Falchi (home)
    /// against Corsari, seed 1.
    fn default() -> Self {
        Self {
            ruleset: DEFAULT_RULESET.to_string(),
            seed: 1,
            game: 0,
            field: DEFAULT_FIELD.to_string(),
            home: DEFAULT_HOME.to_string(),
            away: DEFAULT_AWAY.to_string(),
            agent: DEFAULT_AGENT.to_string(),
            set: Vec::new(),
            log: None,
            dice: DiceSource::Seed,
        }
    }
}

/// The terminal for one more person at it: the shared `input`, standard
/// output, and the shared `left` flag.
fn terminal<'a>(input: &Input<'a>, left: &Arc<AtomicBool>) -> Terminal<'a> {
    Terminal::new(
        Arc::clone(input),
        Box::new(std::io::stdout()),
        Arc::clone(left),
    )
}

/// An agent by name for games of `engine`, drawing its choices from
/// `stream`; a manager at the terminal (`human`) reads his answers from
/// `input` and raises `left` when he leaves the game.
fn make_agent<'a>(
    name: &str,
    engine: Engine<'a>,
    stream: Stream,
    input: &Input<'a>,
    left: &Arc<AtomicBool>,
) -> Result<Box<dyn Agent + 'a>, Diagnostic> {
    if name == HUMAN {
        return Ok(Box::new(HumanAgent::new(
            engine,
            terminal(input, left),
            stream,
        )));
    }
    crate::agent::Maker::new(name, engine)
        .map(|maker| maker.make(stream))
        .ok_or_else(|| unknown_agent(name))
}

fn unknown_agent(name: &str) -> Diagnostic {
    Diagnostic::error(format!("there is no agent named `{name}`"))
        .suggest(name, AGENTS.iter().copied())
        .hint(format!("agents: {}", AGENTS.join(", ")))
}

/// The agents' names for home and away from `--agent`.
fn agent_names(arg: &str) -> Result<[String; 2], Diagnostic> {
    let names: Vec<&str> = arg.split(',').map(str::trim).collect();
    match names.as_slice() {
        [both] => Ok([both.to_string(), both.to_string()]),
        [home, away] => Ok([home.to_string(), away.to_string()]),
        _ => Err(
            Diagnostic::error(format!("`--agent {arg}` names {} agents", names.len()))
                .hint("give one agent for both sides, or HOME,AWAY"),
        ),
    }
}

/// A ruleset with one game's options, its rules, and a field, loaded with
/// every problem reported at once (`problems` collects them).
pub(crate) struct Loaded {
    pub(crate) options: OptionValues,
    pub(crate) rules: GameRules,
    pub(crate) field: Field,
    /// The digest of the ruleset's files (`score::provenance`).
    pub(crate) ruleset_digest: String,
    /// The digest of the field's file.
    pub(crate) field_digest: String,
}

impl Loaded {
    /// The digests of a game of these rules and field between `home` and
    /// `away`.
    pub(crate) fn digests(&self, home: &Team, away: &Team) -> Digests {
        Digests {
            ruleset: self.ruleset_digest.clone(),
            field: self.field_digest.clone(),
            home: team_digest(home),
            away: team_digest(away),
        }
    }
}

/// Loads the ruleset (with `--set` settings) and the field.
pub(crate) fn load_game(
    ruleset: &str,
    set: &[String],
    field: &str,
    problems: &mut Diagnostics,
) -> Option<Loaded> {
    let mut keep = |d: Diagnostics| problems.extend(d);
    let ruleset = Ruleset::load(ruleset).map_err(&mut keep).ok();
    let options = ruleset
        .as_ref()
        .and_then(|r| r.option_values(set).map_err(&mut keep).ok());
    let rules = match (&ruleset, &options) {
        (Some(r), Some(o)) => GameRules::new(r, o).map_err(&mut keep).ok(),
        _ => None,
    };
    let field_file = field_source(field).map_err(|d| keep(d.into())).ok();
    let field = field_file
        .as_ref()
        .and_then(|file| parse_field(file).map_err(&mut keep).ok());
    Some(Loaded {
        ruleset_digest: ruleset_digest(ruleset.as_ref()?),
        field_digest: digest([field_file?.text.as_str()]),
        options: options?,
        rules: rules?,
        field: field?,
    })
}

pub(crate) fn run(args: PlayArgs) -> CmdResult {
    let mut problems = Diagnostics::default();
    let loaded = load_game(&args.ruleset, &args.set, &args.field, &mut problems);
    let home = load_team(&args.home).map_err(|d| problems.extend(d)).ok();
    let away = load_team(&args.away).map_err(|d| problems.extend(d)).ok();
    let names = agent_names(&args.agent)
        .map_err(|d| problems.push(d))
        .ok()
        .filter(|names| {
            let mut known = true;
            for (i, name) in names.iter().enumerate() {
                if !AGENTS.contains(&name.as_str()) && !names[..i].contains(name) {
                    problems.push(unknown_agent(name));
                    known = false;
                }
            }
            known
        });
    let (Some(loaded), Some(home), Some(away), Some(names)) = (loaded, home, away, names) else {
        return Err(Failure::Input(problems));
    };

    let game = args.game;
    let players = Players::new(&home, &away)?;
    let engine = Engine::new(&loaded.rules, &loaded.field).with_players(&players);
    let left = Arc::new(AtomicBool::new(false));
    let input: Input = Arc::new(std::sync::Mutex::new(Box::new(std::io::BufReader::new(
        std::io::stdin(),
    ))));
    let mut h = make_agent(
        &names[0],
        engine,
        Stream::new(args.seed, game, Source::HomeAgent),
        &input,
        &left,
    )?;
    let mut a = make_agent(
        &names[1],
        engine,
        Stream::new(args.seed, game, Source::AwayAgent),
        &input,
        &left,
    )?;
    let card = Scorecard::new(&home, &away);
    // The files the header names, as the log's folder sees them, so that
    // the log replays from anywhere.
    let as_logged = |kind: Named, arg: &str| match &args.log {
        Some(log) if kind.on_disk(arg) => relative_to(arg, Path::new(log)),
        _ => arg.to_string(),
    };
    let header = Header::new(
        &as_logged(Named::Ruleset, &args.ruleset),
        &loaded.options,
        &as_logged(Named::Field, &args.field),
        &as_logged(Named::Team, &args.home),
        &as_logged(Named::Team, &args.away),
        args.seed,
        game,
        [&names[0], &names[1]],
    )
    .played_under(loaded.digests(&home, &away))
    .with_dice(args.dice);
    let file = match &args.log {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| {
                Failure::from(Diagnostic::error(format!(
                    "cannot write the log `{path}`: {e}"
                )))
            })?,
        )),
        None => None,
    };
    let log = file.map(|f| JsonLog::new(&loaded.rules, &header, f));
    let mut sinks = Scoring::new(&engine, &card, log);
    // The seed's dice, or the table's typed in at the terminal.
    let mut dice: Box<dyn Roller + '_> = match args.dice {
        DiceSource::Seed => Box::new(crate::runner::dice_stream(args.seed, game)),
        DiceSource::Table => Box::new(TableDice::new(
            terminal(&input, &left),
            crate::runner::dice_stream(args.seed, game),
        )),
    };
    let agents: [&mut dyn Agent; 2] = [h.as_mut(), a.as_mut()];
    let play = |sink: &mut dyn Sink| {
        crate::runner::play_game_rolling(&engine, args.seed, game, agents, sink, dice.as_mut())
    };
    let result = if names.iter().any(|n| n == HUMAN) || args.dice == DiceSource::Table {
        // A manager at the terminal, or the one rolling the dice, follows
        // the game event by event.
        play(&mut Watched::new(
            &mut sinks,
            engine,
            Box::new(std::io::stdout()),
            Arc::clone(&left),
        ))
    } else {
        play(&mut sinks)
    };
    if let (Some(log), Some(path)) = (sinks.log.take(), &args.log) {
        log.finish().map_err(|e| {
            Failure::from(Diagnostic::error(format!(
                "cannot write the log `{path}`: {e}"
            )))
        })?;
    }
    let agents = if names[0] == names[1] {
        format!("{} agents", names[0])
    } else {
        format!("{} (home) and {} (guest) agents", names[0], names[1])
    };
    // Game 0, a seed's own game, is named by its seed alone.
    let which = match args.game {
        0 => format!("seed {}", args.seed),
        n => format!("seed {}, game {n}", args.seed),
    };
    let which = match args.dice {
        DiceSource::Seed => which,
        DiceSource::Table => format!("{which} (its decks), dice rolled at the table"),
    };
    let report = |note: &str| {
        format!(
            "{} at {}: {}, {}, {which}, {agents}{note}\n\n{}\n{}",
            away.name,
            home.name,
            loaded.rules.name,
            loaded.field.name(),
            sinks.play_by_play.text(),
            sinks.box_score.render()
        )
    };
    if let Err(e) = result {
        if let crate::runner::RunError::CalledOff(_) = e {
            // A manager left: the game so far, then why it stops there.
            print(&report(" (called off)"))?;
            return Err(Failure::from(Diagnostic::error(e.to_string()).hint(
                "a manager at the terminal, or the one typing the dice, left the game (`q`, \
                 or the end of the input)",
            )));
        }
        if let Some(failure) = e.script_failure() {
            // The script's own report, caret and all, with the game's
            // place in it.
            return Err(Failure::from(failure.clone().hint(format!(
                "the game (seed {}, game {}) stopped here: a rule's script failed",
                args.seed, args.game
            ))));
        }
        let mut d = Diagnostic::error(format!("the game stopped: {e}"));
        if matches!(e, crate::runner::RunError::TooLong { .. }) {
            d = d.hint(
                "write the game's log (`--log FILE`) and read how its innings repeat: rules \
                 that walk or strike out every batter before a pitch, say, score no runs and \
                 play extra innings for ever",
            );
        }
        return Err(Failure::from(d));
    }
    print(&report(""))
}
