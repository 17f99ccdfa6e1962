//! `bod play --dice table`: the dice rolled at a table and typed in. At
//! each chance step the one rolling is told how many dice are rolled and
//! what for (the hit's direction die first, then its two distance dice),
//! and answers with their faces: `3 5 2`, `3,5,2` or `352`. `r` takes the
//! dice the seed rolls for that step (answering `r` every time plays the
//! seed's own game), `q` or the end of the input leaves the game. A wrong
//! answer is explained and asked again.
//!
//! The decks are still shuffled from the seed, so the program says which
//! cards are drawn. The log keeps every die, and its header says they came
//! from the table, so `bod replay` takes them from the log.

use std::io::Write;

use super::human::Terminal;
use crate::engine::State;
use crate::engine::dice::{Dice, Stream};
use crate::runner::Roller;

/// The dice of a game, typed in at the terminal.
pub(crate) struct TableDice<'a> {
    /// Where the one rolling answers (a manager at the terminal who left
    /// ends the game for the dice too).
    terminal: Terminal<'a>,
    /// The game's seeded dice, rolled at every step (so that each step's
    /// are the seed's), taken on an `r` answer.
    stream: Stream,
}

impl<'a> TableDice<'a> {
    /// Dice typed in at `terminal`; `stream` (the game's dice stream)
    /// rolls the dice he leaves to the program.
    pub(crate) fn new(terminal: Terminal<'a>, stream: Stream) -> Self {
        Self { terminal, stream }
    }

    fn leave(&mut self, why: &str) -> Option<Dice> {
        let _ = writeln!(self.terminal.output, "{why}");
        self.terminal.leave();
        None
    }
}

impl Roller for TableDice<'_> {
    fn roll(&mut self, _: &State, count: u8, purpose: &'static str) -> Option<Dice> {
        if self.terminal.has_left() {
            return None;
        }
        let seeded = self.stream.roll(count);
        let _ = writeln!(self.terminal.output, "\nroll {}", what_for(count, purpose));
        loop {
            let Some(answer) = self.terminal.answer("dice> ") else {
                return self.leave("\n(no more input: the game is left)");
            };
            match answer.as_str() {
                "q" | "quit" => return self.leave("(the game is left)"),
                "r" => {
                    let _ = writeln!(self.terminal.output, "rolled: {}", faces_text(&seeded));
                    return Some(seeded);
                }
                _ => match read_faces(&answer, count) {
                    Ok(dice) => return Some(dice),
                    Err(why) => {
                        let _ = writeln!(
                            self.terminal.output,
                            "{why}: answer with {}, r for the seed's, or q to leave the game",
                            examples(count)
                        );
                    }
                },
            }
        }
    }
}

/// How an answer of `count` dice is written: "the die's face (`4`)",
/// "the dice's faces (`3 5`, `3,5` or `35`)".
fn examples(count: u8) -> String {
    if count == 1 {
        return "the die's face (`4`)".to_string();
    }
    let faces: Vec<String> = [3, 5, 2, 6, 1, 4]
        .iter()
        .cycle()
        .take(usize::from(count))
        .map(u8::to_string)
        .collect();
    format!(
        "the dice's faces (`{}`, `{}` or `{}`)",
        faces.join(" "),
        faces.join(","),
        faces.concat()
    )
}

/// "3 dice for the hit: the direction die, then the two distance dice",
/// "1 die for the throw".
fn what_for(count: u8, purpose: &str) -> String {
    let dice = if count == 1 { "die" } else { "dice" };
    let order = match purpose {
        "hit" => ": the direction die, then the two distance dice",
        "collision" => ": the offense's die, then the defense's",
        _ => "",
    };
    let purpose = match purpose {
        "stamina" => "the pitcher's stamina",
        "collision" => "the collision at home plate",
        other => other,
    };
    let the = if purpose.starts_with("the ") {
        ""
    } else {
        "the "
    };
    format!("{count} {dice} for {the}{purpose}{order}")
}

/// The faces of `count` dice typed as `3 5 2`, `3,5,2` or (more than one
/// die) `352`.
fn read_faces(text: &str, count: u8) -> Result<Dice, String> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    // Digits run together are a face each.
    let digits: Vec<String> = match tokens.as_slice() {
        [one] if one.len() > 1 && one.chars().all(|c| c.is_ascii_digit()) => {
            one.chars().map(String::from).collect()
        }
        _ => tokens.iter().map(|t| t.to_string()).collect(),
    };
    if digits.is_empty() {
        return Err("no dice given".to_string());
    }
    let mut faces = Vec::with_capacity(digits.len());
    for d in &digits {
        match d.parse::<u8>() {
            Ok(face @ 1..=6) => faces.push(face),
            _ => return Err(format!("`{d}` is not a die's face (a die shows 1 to 6)")),
        }
    }
    if faces.len() != usize::from(count) {
        let dice = |n: usize| format!("{n} {}", if n == 1 { "die" } else { "dice" });
        let verb = if count == 1 { "is" } else { "are" };
        return Err(format!(
            "{} {verb} rolled here, not {}",
            dice(usize::from(count)),
            dice(faces.len())
        ));
    }
    Ok(faces.into_iter().collect())
}

/// "3 5 2".
fn faces_text(dice: &Dice) -> String {
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::super::human::Input;
    use super::*;
    use crate::engine::dice::Source;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};

    #[test]
    fn faces_are_read_spaced_with_commas_or_run_together() {
        for text in ["3 5 2", "3,5,2", " 3, 5 ,2 ", "352"] {
            assert_eq!(read_faces(text, 3), Ok(Dice::from([3, 5, 2])), "{text}");
        }
        assert_eq!(read_faces("6", 1), Ok(Dice::one(6)));
    }

    #[test]
    fn wrong_faces_and_counts_are_explained() {
        assert_eq!(
            read_faces("3 7 2", 3),
            Err("`7` is not a die's face (a die shows 1 to 6)".to_string())
        );
        assert_eq!(
            read_faces("0", 1),
            Err("`0` is not a die's face (a die shows 1 to 6)".to_string())
        );
        assert_eq!(
            read_faces("3 x", 2),
            Err("`x` is not a die's face (a die shows 1 to 6)".to_string())
        );
        assert_eq!(
            read_faces("35", 3),
            Err("3 dice are rolled here, not 2 dice".to_string())
        );
        assert_eq!(
            read_faces("3 5", 1),
            Err("1 die is rolled here, not 2 dice".to_string())
        );
        // One digit run together is one face, never split.
        assert_eq!(
            read_faces("35", 1),
            Err("1 die is rolled here, not 2 dice".to_string())
        );
        assert_eq!(read_faces("", 1), Err("no dice given".to_string()));
    }

    /// A wrong answer is asked again; `r` takes the seed's dice for the
    /// step (the stream rolls at every step); the end of the input leaves
    /// the game.
    #[test]
    fn the_roller_asks_until_the_answer_is_whole() {
        let input: Input = Arc::new(Mutex::new(Box::new(std::io::Cursor::new("9\n4 1 6\nr\n"))));
        let shown = crate::cli::Shown::default();
        let left = Arc::new(AtomicBool::new(false));
        let stream = Stream::new(5, 0, Source::Dice);
        let mut dice = TableDice::new(
            Terminal::new(input, Box::new(shown.clone()), Arc::clone(&left)),
            stream.clone(),
        );
        let ruleset = crate::ruleset::Ruleset::load("basic").unwrap();
        let rules =
            crate::engine::GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
        let field = crate::field::load_field("classic").unwrap();
        let (state, _) = crate::engine::Engine::new(&rules, &field).new_game(1);
        assert_eq!(dice.roll(&state, 3, "hit"), Some(Dice::from([4, 1, 6])));
        let rolled = dice.roll(&state, 1, "throw");
        let mut seed = stream.clone();
        seed.roll(3);
        assert_eq!(rolled, Some(seed.roll(1)), "r takes the seed's second roll");
        assert!(!left.load(Ordering::Relaxed));
        assert_eq!(dice.roll(&state, 1, "run"), None, "no more input");
        assert!(left.load(Ordering::Relaxed));
        let text = shown.text();
        assert!(
            text.contains("roll 3 dice for the hit: the direction die, then the two distance dice"),
            "{text}"
        );
        assert!(text.contains("`9` is not a die's face"), "{text}");
        assert!(text.contains("roll 1 die for the throw"), "{text}");
        assert!(
            text.contains(&format!("rolled: {}", faces_text(&rolled.unwrap()))),
            "{text}"
        );
    }

    #[test]
    fn the_prompt_says_what_the_dice_are_for() {
        assert_eq!(examples(1), "the die's face (`4`)");
        assert_eq!(examples(3), "the dice's faces (`3 5 2`, `3,5,2` or `352`)");
        assert_eq!(what_for(1, "stamina"), "1 die for the pitcher's stamina");
        assert_eq!(
            what_for(2, "collision"),
            "2 dice for the collision at home plate: the offense's die, then the defense's"
        );
        assert_eq!(what_for(1, "catch"), "1 die for the catch");
    }
}
