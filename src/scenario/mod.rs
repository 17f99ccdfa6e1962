//! Scenario files: a starting situation, scripted dice and decisions, and
//! the expected events, clauses and final state, in YAML. They pin rulings
//! (`tests/scenarios/`), and they are the users' own regression tool
//! (`bod scenario run FILE`, `bod scenario test DIR`). The format is
//! described in `docs/scenarios.md`.
//!
//! The steps, each in its own module: `parse` reads a file into a
//! `Scenario` (every problem a diagnostic at its line and column); `suite`
//! loads the ruleset and field it names; `setup` builds the starting
//! `State`; `drive` plays the script through the checked engine, dice from
//! the scenario's list only; `expect` compares the run with the
//! expectations; `report` prints runs and differences. `readable` and
//! `words` give events and values the names the files use, so that a
//! report's event lines can be pasted back into a scenario. `cut` writes a
//! scenario from a game log: a pitch and the play it led to.

mod cut;
mod drive;
mod expect;
mod model;
mod parse;
mod readable;
mod report;
mod setup;
mod suite;
pub(crate) mod words;

pub use cut::{Cut, CutInputs, CutStep, Cutter};
pub(crate) use drive::decision_actions;
pub use drive::{Record, Run, action_text, action_words, play, step_text, waiting};
pub use expect::{Mismatch, check, pattern_text, state_value};
pub use model::{
    At, CardName, Change, Compare, Expect, HandOwner, HandSpec, MemoSpec, NamedSpecial, Pattern,
    Played, Scenario, SquareSpec, Start, StartPhase, StateCheck, Step, Val,
};
pub use parse::parse;
pub use readable::{Readable, project, project_all};
pub use report::{mismatches as render_mismatches, run as render_run};
pub use setup::build;
pub use suite::{
    Checked, Loader, Outcome, Prepared, Summary, load, scenario_files, test_dir, test_dir_with,
};
