//! `bod`: the rules engine for Board of Dreams, the Italian card-and-dice
//! baseball board game. Rules are data (YAML plus Rhai scripts), fields are
//! written in a small description language, and the engine core does no IO.
//!
//! See `ARCHITECTURE.md` for the map of the crate.

pub mod agent;
pub mod builtin;
pub mod cli;
pub mod diagnostic;
pub mod engine;
pub mod field;
pub mod ruleset;
pub mod runner;
pub mod scenario;
pub mod score;
pub mod script;
pub mod sim;
pub mod team;
pub mod yaml;
