//! `--agent human`: a manager at the terminal. Before each of his choices
//! he sees what his side may see (the situation, his own hands, how many
//! cards the other manager holds, the fielders and the ball, and while the
//! fielders are placed or a ball is in play the field drawn with them, the
//! ball and the runners on it) and the legal
//! actions numbered, written as scenario files write decisions; he answers
//! with a number or with an action's words, or with any decision as a
//! scenario file writes it: a move through several squares (`move: {CF:
//! [[3, 9], [3, 10]]}`) is played a step at a time, each step while it is
//! still legal in the same defense turn. `h` shows what the heuristic
//! agent, following the game from his seat, would answer. `q` or the end
//! of the input
//! leaves the game: the agent raises the flag its game's `Watched` sink
//! reads, and the runner calls the game off. While he plays, every event
//! is printed as it happens, in the same words, and the line score so far
//! at the end of each half inning.
//!
//! The agent reads from any reader and writes to any writer, so that tests
//! drive it with text; `bod play` gives it the terminal.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::agent::{Agent, HeuristicAgent, Legal, View};
use crate::engine::dice::Stream;
use crate::engine::{
    Action, Ball, CardId, DeckKind, DeckList, Engine, Event, EventKind, Half, Phase, Side, State,
};
use crate::field::{POSITION_LEGEND, render_text_at};
use crate::runner::Sink;
use crate::scenario::{action_words, decision_actions, project, words};
use crate::score::Scoring;

/// The agent's name for `--agent`.
pub(crate) const HUMAN: &str = "human";

/// Where the managers at the terminal read their answers: one reader for
/// both, so that neither buffers lines meant for the other.
pub(crate) type Input<'a> = Arc<Mutex<Box<dyn BufRead + Send + 'a>>>;

/// The terminal as one of the people at a game uses it (a manager, or
/// the one typing the dice): the input they all answer from, where he is
/// asked, and the flag raised when any of them leaves the game.
pub(crate) struct Terminal<'a> {
    input: Input<'a>,
    pub(crate) output: Box<dyn Write + Send + 'a>,
    left: Arc<AtomicBool>,
}

impl<'a> Terminal<'a> {
    /// Answers read from `input`, questions written to `output`, `left`
    /// raised when he leaves.
    pub(crate) fn new(
        input: Input<'a>,
        output: Box<dyn Write + Send + 'a>,
        left: Arc<AtomicBool>,
    ) -> Self {
        Self {
            input,
            output,
            left,
        }
    }

    /// The next line of the input after `prompt`, trimmed; `None` at the
    /// end of the input.
    pub(crate) fn answer(&mut self, prompt: &str) -> Option<String> {
        let _ = write!(self.output, "{prompt}");
        let _ = self.output.flush();
        let mut line = String::new();
        // A reader left poisoned by a panic elsewhere still reads.
        let mut input = self.input.lock().unwrap_or_else(|e| e.into_inner());
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim().to_string()),
        }
    }

    /// Whether someone at the terminal left the game.
    pub(crate) fn has_left(&self) -> bool {
        self.left.load(Ordering::Relaxed)
    }

    /// He leaves the game.
    pub(crate) fn leave(&self) {
        self.left.store(true, Ordering::Relaxed);
    }
}

/// A manager at the terminal.
pub(crate) struct HumanAgent<'a> {
    engine: Engine<'a>,
    /// Where he answers; raised as left when he leaves the game.
    terminal: Terminal<'a>,
    /// The rest of a move through several squares, and the points the
    /// defense turn had left at its last step: a step is taken only while
    /// they keep falling (the same turn).
    planned: std::collections::VecDeque<Action>,
    planned_budget: u8,
    /// The heuristic agent in his seat, asked at every choice so that it
    /// follows the game, its answer shown when he asks for it (`h`).
    coach: Box<dyn Agent + Send + 'a>,
    /// Whether the field's marks were explained already (once is enough).
    legend_shown: bool,
}

impl<'a> HumanAgent<'a> {
    /// A manager of the games of `engine` answering at `terminal`. His
    /// coach (`h`) draws its choices from `stream`.
    pub(crate) fn new(engine: Engine<'a>, terminal: Terminal<'a>, stream: Stream) -> Self {
        Self {
            engine,
            terminal,
            planned: std::collections::VecDeque::new(),
            planned_budget: 0,
            coach: Box::new(HeuristicAgent::new(engine, stream)),
            legend_shown: false,
        }
    }

    /// The points the defense turn has left, if a ball is in play.
    fn budget(view: &View<'_>) -> u8 {
        view.play().map_or(0, |p| p.budget)
    }

    /// The next step of a planned move, if it is still legal in the same
    /// turn; otherwise the plan is dropped.
    fn planned_step(&mut self, view: &View<'_>, legal: &Legal<'_>) -> Option<Action> {
        let next = self.planned.pop_front()?;
        let budget = Self::budget(view);
        if budget < self.planned_budget && legal.allows(&next) {
            self.planned_budget = budget;
            return Some(next);
        }
        self.planned.clear();
        let _ = writeln!(
            self.terminal.output,
            "\n(the rest of your move is no longer possible)"
        );
        None
    }

    /// The next answer, trimmed; `None` at the end of the input.
    fn answer(&mut self) -> Option<String> {
        self.terminal.answer("> ")
    }
}

impl Agent for HumanAgent<'_> {
    fn choose(&mut self, view: &View<'_>, legal: &Legal<'_>) -> Action {
        let actions = legal.actions();
        // After he left, any legal answer: the game is called off before
        // it is applied.
        if self.terminal.has_left() {
            return actions[0].clone();
        }
        // The coach follows every choice, shown or not.
        let advice = self.coach.choose(view, legal);
        if let Some(step) = self.planned_step(view, legal) {
            let text = action_words(&self.engine, view.phase(), view.fielding_side(), &step);
            let _ = writeln!(self.terminal.output, "\n(your move goes on) {text}");
            return step;
        }
        // Each choice once: two copies of a card play alike, so the first
        // stands for the rest.
        let mut choices: Vec<(String, &Action)> = Vec::new();
        for action in actions {
            let text = action_words(&self.engine, view.phase(), view.fielding_side(), action);
            if !choices.iter().any(|(t, _)| *t == text) {
                choices.push((text, action));
            }
        }
        let mut shown = situation(&self.engine, view, self.legend_shown);
        self.legend_shown |= shown.contains(POSITION_LEGEND);
        for (i, (choice, _)) in choices.iter().enumerate() {
            shown.push_str(&format!("  {:>3}. {choice}\n", i + 1));
        }
        let _ = write!(self.terminal.output, "{shown}");
        loop {
            let Some(answer) = self.answer() else {
                let _ = writeln!(self.terminal.output, "\n(no more input: the game is left)");
                self.terminal.leave();
                return actions[0].clone();
            };
            if answer == "q" || answer == "quit" {
                self.terminal.leave();
                return actions[0].clone();
            }
            let picked = match answer.parse::<usize>() {
                Ok(n) => n.checked_sub(1).and_then(|i| choices.get(i)),
                Err(_) => choices.iter().find(|(c, _)| *c == answer),
            };
            match picked {
                Some((_, action)) => return (*action).clone(),
                None if answer == "?" => {
                    let _ = write!(self.terminal.output, "{shown}");
                }
                None if answer == "h" => {
                    let words =
                        action_words(&self.engine, view.phase(), view.fielding_side(), &advice);
                    let _ = writeln!(
                        self.terminal.output,
                        "the heuristic agent would answer: {words}"
                    );
                }
                None => {
                    // A decision as a scenario writes it: the first of its
                    // steps now, the rest planned.
                    let why = match decision_actions(&self.engine, view.state(), &answer) {
                        Ok(steps) if steps.first().is_some_and(|a| legal.allows(a)) => {
                            let mut steps = std::collections::VecDeque::from(steps);
                            let first = steps.pop_front().expect("a first step");
                            self.planned = steps;
                            self.planned_budget = Self::budget(view);
                            return first;
                        }
                        Ok(_) => "not a legal action now".to_string(),
                        Err(why) => why,
                    };
                    let _ = writeln!(
                        self.terminal.output,
                        "{why}: answer with a number from 1 to {}, an action as listed (or a \
                         move through several squares, `move: {{CF: [[3, 9], [3, 10]]}}`), ? \
                         to list them again, h for the heuristic agent's answer, or q to \
                         leave the game",
                        choices.len()
                    );
                }
            }
        }
    }
}

/// What the deciding manager sees, before the list of his choices; the
/// field's marks are explained unless `explained` already.
fn situation(engine: &Engine<'_>, view: &View<'_>, explained: bool) -> String {
    let field = engine.field;
    let side = view.side();
    let position = view.position();
    // The board, while its squares matter: fielders to place, a ball in
    // play.
    let mut out = String::from("\n");
    if matches!(view.phase(), Phase::Position) || view.play().is_some() {
        let map = render_text_at(field, &position);
        let map = match map.strip_suffix(POSITION_LEGEND) {
            Some(bare) if explained => bare,
            _ => &map,
        };
        out.push_str(map);
        out.push('\n');
    }
    // The caption says the inning, outs, count and score.
    out.push_str(&format!(
        "{} manager, your choice ({}): {}, {} batter {}\n",
        words::side(side),
        words::phase(view.phase()),
        position.caption,
        words::side(view.fielding_side().other()),
        view.batter() + 1,
    ));
    let runners: Vec<String> = view
        .runners()
        .iter()
        .map(|r| format!("{} (slot {})", words::circle_key(r.pos), r.slot + 1))
        .collect();
    if !runners.is_empty() {
        out.push_str(&format!("  runners: {}\n", runners.join(", ")));
    }
    let fielders: Vec<String> = view
        .fielders()
        .iter()
        .enumerate()
        .map(|(f, &sq)| {
            format!(
                "{} {}",
                words::position_name(f as u8),
                words::square(field, sq)
            )
        })
        .collect();
    out.push_str(&format!("  fielders: {}\n", fielders.join(", ")));
    if !matches!(view.ball(), Ball::Dead) {
        out.push_str(&format!("  ball: {}\n", words::ball(field, view.ball())));
    }
    if let Phase::Response { pitch } = view.phase() {
        out.push_str(&format!(
            "  the pitch shown: {}\n",
            words::card_word(&engine.rules.defense_deck, *pitch)
        ));
    }
    let hands = view.hands();
    let hand = |deck: &DeckList, cards: &[CardId]| {
        cards
            .iter()
            .map(|&c| words::card_word(deck, c))
            .collect::<Vec<_>>()
            .join(", ")
    };
    out.push_str(&format!(
        "  your defense hand: {}\n  your offense hand: {}\n",
        hand(&engine.rules.defense_deck, &hands.defense),
        hand(&engine.rules.offense_deck, &hands.offense)
    ));
    let (defense, offense) = view.opponent_hand_sizes();
    out.push_str(&format!(
        "  the other manager holds {defense} defense and {offense} offense cards\n"
    ));
    for (deck, list, word) in [
        (DeckKind::Defense, &engine.rules.defense_deck, "defense"),
        (DeckKind::Offense, &engine.rules.offense_deck, "offense"),
    ] {
        if let Some(pile) = view.discards(engine.rules, deck) {
            out.push_str(&format!(
                "  the {word} discards, face up: {}\n",
                pile_tally(list, pile)
            ));
        }
    }
    out
}

/// A discard pile as a manager counts it: how many of each card, by name.
fn pile_tally(deck: &DeckList, pile: &[CardId]) -> String {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for &card in pile {
        *counts.entry(words::card_word(deck, card)).or_default() += 1;
    }
    if counts.is_empty() {
        return "none".to_string();
    }
    counts
        .iter()
        .map(|(word, n)| format!("{n} {word}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The sink of a game a human plays: the game's scoring (`inner`), with
/// every event printed as it happens, the line score so far after each
/// half inning, and the game called off when a manager at the terminal has
/// left.
pub(crate) struct Watched<'w, 's, W: Write> {
    inner: &'w mut Scoring<'s, W>,
    engine: Engine<'w>,
    output: Box<dyn Write + 'w>,
    left: Arc<AtomicBool>,
    /// The half inning being played, for the line score at its end.
    half: Option<(u8, Half)>,
}

impl<'w, 's, W: Write> Watched<'w, 's, W> {
    /// `inner`, with its events printed on `output` in scenario words;
    /// called off once `left` is raised.
    pub(crate) fn new(
        inner: &'w mut Scoring<'s, W>,
        engine: Engine<'w>,
        output: Box<dyn Write + 'w>,
        left: Arc<AtomicBool>,
    ) -> Self {
        Self {
            inner,
            engine,
            output,
            left,
            half: None,
        }
    }
}

impl<W: Write> Sink for Watched<'_, '_, W> {
    fn action(&mut self, _state: &State, side: Option<Side>, action: &Action) {
        self.inner.action(side, action);
    }

    fn event(&mut self, _state: &State, event: &Event) {
        self.inner.event(event);
        let shown = project(event, self.engine.rules, self.engine.field);
        let _ = writeln!(self.output, "  · {}", shown.text());
        match event.kind {
            EventKind::HalfStarted { inning, half } => self.half = Some((inning, half)),
            EventKind::HalfEnded { .. } => {
                if let Some((inning, half)) = self.half {
                    let _ = write!(
                        self.output,
                        "\nafter the {} of inning {inning}:\n{}\n",
                        half.word(),
                        self.inner.box_score.line_score()
                    );
                }
            }
            _ => {}
        }
    }

    fn called_off(&self) -> bool {
        self.left.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Decision;
    use crate::scenario::Loader;

    use crate::cli::Shown;

    /// A move through two squares, answered once, is played a step at a
    /// time: the second step asks nothing. `h` shows the heuristic agent's
    /// answer and asks again.
    #[test]
    fn a_move_through_several_squares_is_played_step_by_step() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/scenarios/basic/basic.throw--short-throw-continues-next-turn.yaml");
        let checked = Loader::default()
            .check_file(&path)
            .expect("the scenario loads");
        let engine = checked.prepared.engine();
        let mut state = checked.run.start.clone();
        let answers = "h\nplay_ball: CF\nmove: {CF: [[3, 9], [3, 10]]}\n";
        let input: Input = Arc::new(Mutex::new(Box::new(std::io::Cursor::new(answers))));
        let shown = Shown::default();
        let left = Arc::new(AtomicBool::new(false));
        let mut agent = HumanAgent::new(
            engine,
            Terminal::new(input, Box::new(shown.clone()), Arc::clone(&left)),
            Stream::new(1, 0, crate::engine::dice::Source::HomeAgent),
        );
        let mut taken = Vec::new();
        for _ in 0..3 {
            let Decision::Choose { side } = engine.decision(&state) else {
                panic!("the defense chooses");
            };
            let legal = Legal::new(engine, &state);
            let action = agent.choose(&View::new(&state, side), &legal);
            taken.push(action_words(
                &engine,
                &state.phase,
                state.defense(),
                &action,
            ));
            engine
                .apply(&mut state, action, &mut Vec::new())
                .expect("a legal action");
        }
        assert_eq!(
            taken,
            ["play_ball: CF", "move: {CF: [3, 9]}", "move: {CF: [3, 10]}"]
        );
        assert!(!left.load(Ordering::Relaxed), "all three answered");
        let text = shown.text();
        assert!(
            text.contains("(your move goes on) move: {CF: [3, 10]}"),
            "{text}"
        );
        assert!(
            text.contains("the heuristic agent would answer: play_ball: CF"),
            "{text}"
        );
        // The field is drawn while the ball is in play.
        assert!(text.contains("path  H:5"), "{text}");
    }
}
