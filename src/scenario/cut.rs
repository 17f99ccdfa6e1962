//! Cutting a scenario out of a game log: the pitch at a line of the log
//! (or the last one before it) and everything it led to, until the game
//! waits for the next pitch, batter, pitcher or half inning. The scenario's
//! start is the state before that pitch (count, runners, fielders, both
//! managers' hands, the decks' order, the dugouts), its dice, decisions and
//! expected events are the log's. A disputed play of a league game, or an
//! outcome a rule change must not move, becomes a file to read, edit and
//! test like any other (`bod scenario cut`).
//!
//! `Cutter` watches a replay of the log (`score::replay_watching`) and
//! keeps the cut; `Cut::text` writes it in the scenario format.

use std::fmt::Write;

use crate::engine::{Action, DeckKind, Engine, Event, EventKind, Phase, Side, State};
use crate::score::Watch;

use super::drive::action_words;
use super::expect::state_value;
use super::readable::project_all;
use super::words;

/// One action of a cut, with what it caused.
#[derive(Debug, Clone)]
pub struct CutStep {
    /// Where the game stood before it.
    pub phase: Phase,
    /// The side in the field then.
    pub defense: Side,
    /// Who took it (none: the dice).
    pub side: Option<Side>,
    /// The action.
    pub action: Action,
    /// The events it caused.
    pub events: Vec<Event>,
}

/// A pitch of a logged game and what it led to.
#[derive(Debug, Clone)]
pub struct Cut {
    /// The pitch's line in the log.
    pub line: usize,
    /// The state before the pitch.
    pub start: State,
    /// The pitch and every action after it that the cut holds.
    pub steps: Vec<CutStep>,
    /// The state after the last of them.
    pub end: State,
    /// The players who came in before the pitch, in order: side, the
    /// player's name, the name of the player he replaced.
    pub substitutions: Vec<(Side, &'static str, &'static str)>,
}

/// What a cut's scenario names besides the game itself: where its inputs
/// are, as the scenario file is to read them.
#[derive(Debug, Clone)]
pub struct CutInputs<'a> {
    /// The log, as the title names it.
    pub log: &'a str,
    /// The ruleset: a built-in name or a path.
    pub ruleset: &'a str,
    /// The options set (`name=value`).
    pub set: &'a [String],
    /// The field: a built-in name or a path.
    pub field: &'a str,
    /// The home team and the guest: shipped names or paths.
    pub teams: [&'a str; 2],
}

/// Watches a replayed log for the pitch at (or last before) a line, and
/// keeps the cut that starts there. With no pitch up to the line, the
/// first pitch after it is cut.
#[derive(Debug)]
pub struct Cutter {
    /// The line asked for.
    target: usize,
    /// The cut being gathered.
    current: Option<Cut>,
    /// Whether the current cut is complete (the game moved past its
    /// pitch's play); a later pitch up to the target still replaces it.
    closed: bool,
    /// The cut, once a pitch after the target shows it is the one.
    found: Option<Cut>,
    /// The substitutions seen so far.
    substitutions: Vec<(Side, &'static str, &'static str)>,
    /// Whether the last action was taken at a pitch (a special card
    /// swapped before it, say): the pitch's cut began then.
    at_pitch: bool,
}

impl Cutter {
    /// A cutter for the pitch at line `target` of the log.
    pub fn new(target: usize) -> Self {
        Self {
            target,
            current: None,
            closed: false,
            found: None,
            substitutions: Vec::new(),
            at_pitch: false,
        }
    }

    /// The cut, once the replay is over; none if the game had no pitch.
    pub fn finish(self) -> Option<Cut> {
        self.found.or(self.current)
    }
}

impl Watch for Cutter {
    fn action(&mut self, line: usize, before: &State, side: Option<Side>, action: &Action) {
        if self.found.is_some() {
            return;
        }
        // A pitch's cut begins with the defense's first action at it.
        let at_pitch = side.is_some() && matches!(before.phase, Phase::Pitch);
        let begins = at_pitch && !self.at_pitch;
        self.at_pitch = at_pitch;
        if begins {
            if line > self.target
                && let Some(cut) = self.current.take()
            {
                self.found = Some(cut);
                return;
            }
            self.current = Some(Cut {
                line,
                start: before.clone(),
                steps: Vec::new(),
                end: before.clone(),
                substitutions: self.substitutions.clone(),
            });
            self.closed = false;
        } else if matches!(
            before.phase,
            Phase::Memorandum { .. }
                | Phase::Position
                | Phase::Relief { .. }
                | Phase::StaminaDie { .. }
        ) {
            // The play is over: the next batter, pitcher or half inning.
            self.closed = true;
        }
        if let Some(cut) = self.current.as_mut().filter(|_| !self.closed) {
            cut.steps.push(CutStep {
                phase: before.phase.clone(),
                defense: before.defense(),
                side,
                action: action.clone(),
                events: Vec::new(),
            });
        }
    }

    fn events(&mut self, after: &State, events: &[Event]) {
        if self.found.is_some() {
            return;
        }
        for e in events {
            if let EventKind::Substitution {
                side,
                name,
                replaced_name,
                ..
            } = e.kind
            {
                self.substitutions.push((side, name, replaced_name));
            }
        }
        if let Some(cut) = self.current.as_mut().filter(|_| !self.closed)
            && let Some(step) = cut.steps.last_mut()
        {
            step.events.extend_from_slice(events);
            cut.end = after.clone();
        }
    }
}

/// A string as a double-quoted YAML scalar.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A list of words as a flow sequence.
fn flow(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(", "))
}

impl Cut {
    /// The scenario file of the cut, under `engine` (set up as the log's
    /// header says), naming its inputs as `inputs` gives them.
    pub fn text(&self, engine: &Engine<'_>, inputs: &CutInputs<'_>) -> String {
        let rules = engine.rules;
        let s = &self.start;
        let batting = s.offense();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# Cut from {} by `bod scenario cut`: the pitch of line {} and\n\
             # what it led to, as the log has them. Edit the dice or the decisions\n\
             # to see another ruling; `bod scenario run` shows it, `bod scenario\n\
             # test` checks it.",
            inputs.log, self.line
        );
        let title = format!(
            "{}, line {}: the {}, the {} batter of slot {}",
            inputs.log,
            self.line,
            s.situation(),
            words::side(batting),
            s.batter
        );
        let _ = writeln!(out, "scenario: {}", quoted(&title));
        let _ = writeln!(out, "ruleset: {}", quoted(inputs.ruleset));
        if !inputs.set.is_empty() {
            let set: Vec<String> = inputs
                .set
                .iter()
                .map(|kv| match kv.split_once('=') {
                    Some((k, v)) => format!("{k}: {v}"),
                    None => kv.clone(),
                })
                .collect();
            let _ = writeln!(out, "set: {{{}}}", set.join(", "));
        }
        let _ = writeln!(out, "field: {}", quoted(inputs.field));
        let _ = writeln!(
            out,
            "teams: {{home: {}, away: {}}}",
            quoted(inputs.teams[0]),
            quoted(inputs.teams[1])
        );
        let _ = writeln!(out, "seed: {}", s.shuffles.0);
        out.push_str(&self.start_text(engine));

        let dice: Vec<String> = self
            .steps
            .iter()
            .filter_map(|step| match &step.action {
                Action::Dice(d) if step.side.is_none() => {
                    Some(d.iter().map(u8::to_string).collect::<Vec<_>>().join(", "))
                }
                _ => None,
            })
            .collect();
        let _ = writeln!(out, "dice: [{}]", dice.join(", "));
        out.push_str("decisions:\n");
        for step in self.steps.iter().filter(|step| step.side.is_some()) {
            let _ = writeln!(
                out,
                "  - {}",
                action_words(engine, &step.phase, step.defense, &step.action)
            );
        }
        out.push_str("expect:\n  events:\n");
        let events = project_all(
            self.steps.iter().flat_map(|step| step.events.iter()),
            rules,
            engine.field,
        );
        for event in &events {
            let _ = writeln!(out, "    - {}", event.text());
        }
        out.push_str("  state:\n");
        for key in ["outs", "count", "score", "runners", "ball", "phase"] {
            let _ = writeln!(out, "    {key}: {}", state_value(key, &self.end, engine));
        }
        // The hands the managers fielding and batting hold at the end: the
        // cards drawn, a reshuffle's order included.
        let _ = writeln!(
            out,
            "    hands: {{defense: {}, offense: {}}}",
            state_value("hands.defense", &self.end, engine),
            state_value("hands.offense", &self.end, engine)
        );
        out
    }

    /// The `start` section: the state before the pitch.
    fn start_text(&self, engine: &Engine<'_>) -> String {
        let rules = engine.rules;
        let s = &self.start;
        let mut out = String::from("start:\n");
        // As the final state of a scenario writes them.
        let value = |key| state_value(key, s, engine);
        for key in ["inning", "half", "outs", "count"] {
            let _ = writeln!(out, "  {key}: {}", value(key));
        }
        // The runs by inning: a half inning's runs so far count in it.
        let runs = |side: Side| flow(s.runs[side.index()].iter().map(u16::to_string));
        let _ = writeln!(
            out,
            "  score: {{home: {}, away: {}}}",
            runs(Side::Home),
            runs(Side::Away)
        );
        for key in ["batter", "runners", "fielders"] {
            let _ = writeln!(out, "  {key}: {}", value(key));
        }
        let decks = [&rules.defense_deck, &rules.offense_deck];
        out.push_str("  hands:\n");
        for side in [Side::Home, Side::Away] {
            let hands = &s.hands[side.index()];
            let hand = |deck: DeckKind| {
                flow(
                    hands
                        .of(deck)
                        .iter()
                        .map(|&c| words::card_word(decks[deck.index()], c)),
                )
            };
            let _ = writeln!(
                out,
                "    {}: {{defense: {}, offense: {}}}",
                words::side(side),
                hand(DeckKind::Defense),
                hand(DeckKind::Offense)
            );
        }
        // The whole draw pile, the card drawn first first; the cards out of
        // the game; the rest (the discards) on the discard pile.
        out.push_str("  decks:\n");
        for deck in DeckKind::BOTH {
            let pile = &s.decks[deck.index()];
            let top = flow(
                pile.draw
                    .iter()
                    .rev()
                    .map(|&c| words::card_word(decks[deck.index()], c)),
            );
            let removed = if pile.removed.is_empty() {
                String::new()
            } else {
                let cards = pile
                    .removed
                    .iter()
                    .map(|&c| words::card_word(decks[deck.index()], c));
                format!(", removed: {}", flow(cards))
            };
            let _ = writeln!(
                out,
                "    {}: {{top: {top}, rest: discard{removed}}}",
                if deck == DeckKind::Defense {
                    "defense"
                } else {
                    "offense"
                }
            );
        }
        let dugouts = [Side::Home, Side::Away].map(|side| &s.dugouts[side.index()]);
        if dugouts.iter().any(|d| d.stamina.is_some()) {
            let stamina: Vec<String> = [Side::Home, Side::Away]
                .iter()
                .zip(dugouts)
                .filter_map(|(&side, d)| {
                    d.stamina
                        .map(|cell| format!("{}: {cell}", words::side(side)))
                })
                .collect();
            let _ = writeln!(out, "  stamina: {{{}}}", stamina.join(", "));
        }
        if dugouts
            .iter()
            .any(|d| d.specials > 0 || d.specials_inning != [0, 0])
        {
            let _ = writeln!(out, "  specials: {}", value("specials"));
        }
        if !self.substitutions.is_empty() {
            out.push_str("  substitutions:\n");
            for side in [Side::Home, Side::Away] {
                let changes: Vec<String> = self
                    .substitutions
                    .iter()
                    .filter(|(s, ..)| *s == side)
                    .map(|(_, player, replaced)| {
                        format!("{{player: {}, for: {}}}", quoted(player), quoted(replaced))
                    })
                    .collect();
                if !changes.is_empty() {
                    let _ = writeln!(out, "    {}: [{}]", words::side(side), changes.join(", "));
                }
            }
        }
        // What a reliever's stamina reads, when a pitch of the at-bat moved
        // runners before this one (a steal, say).
        if engine.tracks_stamina().is_some() && s.bases_at_batter != Engine::bases_taken(s) {
            let _ = writeln!(out, "  bases_at_batter: {}", s.bases_at_batter);
        }
        // The next reshuffle's order: the seed (above) and this count.
        let _ = writeln!(out, "  shuffles: {}", s.shuffles.1);
        out.push_str("  phase: pitch\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_and_names_are_quoted_for_yaml() {
        assert_eq!(quoted(r#"a "b" \ c"#), r#""a \"b\" \\ c""#);
        assert_eq!(flow(["x".to_string(), "y".to_string()]), "[x, y]");
    }
}
