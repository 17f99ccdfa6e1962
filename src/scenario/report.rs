//! Text reports: a run shown decision by decision with the events that
//! followed (each line an `expect.events` item, commented with its rule
//! key and clause, so it can be pasted into a scenario), and the
//! differences of a failed scenario as a diff: `-` what the file expects,
//! `+` what happened.

use std::fmt::Write;

use crate::engine::{DeckKind, Engine, State};

use super::drive::Run;
use super::expect::{Mismatch, state_value};
use super::model::Scenario;
use super::readable::project_all;
use super::words;

/// The column the rule comments of event lines start at.
const COMMENT_COLUMN: usize = 60;

/// A run, readably.
pub fn run(s: &Scenario, engine: &Engine<'_>, run: &Run) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "scenario: {}", s.title);
    let _ = writeln!(out, "file:     {}", s.file.name);
    let _ = writeln!(
        out,
        "rules:    {} on {}",
        engine.rules.name,
        engine.field.name()
    );
    if let Some(teams) = &s.teams {
        let _ = writeln!(
            out,
            "teams:    {} (home), {} (away)",
            teams.home.value, teams.away.value
        );
    }
    if !s.pins.is_empty() {
        let pins: Vec<&str> = s.pins.iter().map(|p| p.value.as_str()).collect();
        let _ = writeln!(out, "pins:     {}", pins.join(", "));
    }
    if let Some(why) = &s.known_failure {
        let _ = writeln!(out, "known failure: {why}");
    }
    out.push('\n');
    situation(&mut out, "start:", engine, &run.start);
    out.push('\n');
    for record in &run.records {
        let mut head = record.what.clone();
        if let Some(p) = &record.purpose {
            head = format!("{head}  ({p})");
        }
        if let Some(i) = record.decision {
            let (line, _) = s.file.line_col(s.decisions[i].span.start);
            head = format!("{head:<46}  line {line}");
        }
        let _ = writeln!(out, "{}", head.trim_end());
        if let Some(reason) = &record.refused {
            let _ = writeln!(out, "    refused, as expected: {reason}");
        }
        for r in project_all(&record.events, engine.rules, engine.field) {
            let _ = writeln!(out, "{}", event_line(&r.text(), &r.why()));
        }
    }
    out.push('\n');
    situation(&mut out, "end:", engine, &run.state);
    let _ = writeln!(out, "       waiting for {}", run.waiting);
    if run.error.is_some() {
        let _ = writeln!(out, "       (the run stopped early: see below)");
    }
    out
}

/// One event line: `    - out: {...}    # out.ways = core.out.offense-choice`.
fn event_line(text: &str, why: &str) -> String {
    let item = format!("    - {text}");
    if item.chars().count() + 2 <= COMMENT_COLUMN {
        format!("{item:<COMMENT_COLUMN$}# {why}")
    } else {
        format!("{item}  # {why}")
    }
}

fn situation(out: &mut String, label: &str, engine: &Engine<'_>, state: &State) {
    let v = |k: &str| state_value(k, state, engine).to_string();
    let runners = match state_value("runners", state, engine) {
        super::model::Val::Map(m) if m.is_empty() => "none".to_string(),
        other => other.to_string(),
    };
    let _ = writeln!(
        out,
        "{label:<6} {} {}, {} out{}, count {}, batter {} ({}), runners {}, score {}, phase {}",
        v("half"),
        v("inning"),
        v("outs"),
        if state.outs == 1 { "" } else { "s" },
        v("count"),
        v("batter"),
        words::side(state.offense()),
        runners,
        v("score"),
        v("phase"),
    );
    for (deck, side) in [
        (DeckKind::Defense, state.defense()),
        (DeckKind::Offense, state.offense()),
    ] {
        let key = match deck {
            DeckKind::Defense => "hands.defense",
            DeckKind::Offense => "hands.offense",
        };
        let _ = writeln!(
            out,
            "       {} hand ({}): {}",
            match deck {
                DeckKind::Defense => "defense",
                DeckKind::Offense => "offense",
            },
            words::side(side),
            v(key)
        );
    }
    let _ = writeln!(out, "       fielders {}", v("fielders"));
    if engine.players.is_some() {
        let _ = writeln!(
            out,
            "       pitchers {}, stamina {}",
            v("pitcher"),
            v("stamina")
        );
    }
    if engine.rules.specials.is_some() {
        let _ = writeln!(out, "       specials played {}", v("specials"));
    }
    if let Some(ball) = match &state.ball {
        crate::engine::Ball::Dead => None,
        _ => Some(v("ball")),
    } {
        let _ = writeln!(out, "       ball {ball}");
    }
}

/// The differences of a failed scenario, as a diff.
pub fn mismatches(s: &Scenario, found: &[Mismatch]) -> String {
    let mut out = String::new();
    let at = |span: crate::diagnostic::Span| {
        let (line, col) = s.file.line_col(span.start);
        format!("{}:{line}:{col}", s.file.name)
    };
    for m in found {
        match m {
            Mismatch::Stopped(d) => {
                let _ = writeln!(out, "  the run stopped before the end:");
                for line in d.render_plain().lines() {
                    let _ = writeln!(out, "{}", format!("    {line}").trim_end());
                }
            }
            Mismatch::ExpectsNothing => {
                let _ = writeln!(
                    out,
                    "  the scenario expects nothing: add `expect:` with events, cites or state"
                );
            }
            Mismatch::Missing {
                expected,
                span,
                after,
                near,
                earlier,
            } => {
                let _ = writeln!(
                    out,
                    "  expected event ({}) did not happen{}:",
                    at(*span),
                    match after {
                        Some(a) => format!(" after `{a}`"),
                        None => String::new(),
                    }
                );
                let _ = writeln!(out, "  - {expected}");
                if near.is_empty() {
                    let _ = writeln!(out, "    (no event of this kind happened)");
                }
                for (text, diffs) in near {
                    let _ = writeln!(
                        out,
                        "  + {text}{}",
                        if *earlier {
                            "    (before it, out of order)"
                        } else {
                            ""
                        }
                    );
                    for d in diffs {
                        let _ = writeln!(out, "      {d}");
                    }
                }
            }
            Mismatch::Unwanted {
                pattern,
                span,
                found,
            } => {
                let _ = writeln!(out, "  an event that must not happen ({}) did:", at(*span));
                let _ = writeln!(out, "  - absent: {pattern}");
                let _ = writeln!(out, "  + {found}");
            }
            Mismatch::Uncited {
                clause,
                span,
                cited,
            } => {
                let _ = writeln!(out, "  no event cites a clause ({}):", at(*span));
                let _ = writeln!(out, "  - cites: {clause}");
                let _ = writeln!(out, "  + cited: {}", cited.join(", "));
            }
            Mismatch::State {
                key,
                expected,
                actual,
                span,
            } => {
                let _ = writeln!(out, "  final state ({}):", at(*span));
                // `hands.defense` is written `hands: {defense: ...}`.
                let line = |v: &str| match key.split_once('.') {
                    Some((outer, inner)) => format!("{outer}: {{{inner}: {v}}}"),
                    None => format!("{key}: {v}"),
                };
                let _ = writeln!(out, "  - {}", line(expected));
                let _ = writeln!(out, "  + {}", line(actual));
            }
        }
    }
    out
}
