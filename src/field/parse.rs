//! From text to a raw field: runs the pest grammar of `grammar/field.pest`
//! and walks the tree into a `RawField`, or turns pest's error into a
//! `Diagnostic` that says in words what was expected where (pest rule names
//! never reach the user).

use std::sync::Arc;

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest_derive::Parser;

use crate::diagnostic::{Diagnostic, SourceFile, Span};

use super::model::{Base, CutoffZone, SquareKind};
use super::raw::{
    RawBase, RawCutoff, RawDirection, RawField, RawOrange, RawRun, RawSquare, Spanned,
};

/// The pest parser generated from the grammar.
#[derive(Parser)]
#[grammar = "../grammar/field.pest"]
pub(crate) struct FieldParser;

/// Parses a field file into its raw statements, or reports the first syntax
/// error.
pub(crate) fn parse_raw(file: &Arc<SourceFile>) -> Result<RawField, Diagnostic> {
    let mut pairs =
        FieldParser::parse(Rule::file, &file.text).map_err(|e| syntax_error(file, &e))?;
    let root = pairs.next().expect("the file rule always yields one pair");
    let mut raw = RawField::default();
    for stmt in root.into_inner() {
        match stmt.as_rule() {
            Rule::field_stmt => {
                let name = inner(stmt).next().expect("field has a name");
                let text = name
                    .clone()
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::name_text)
                    .map_or("", |p| p.as_str());
                raw.names.push(Spanned {
                    value: text.to_owned(),
                    span: span(&name),
                });
            }
            Rule::direction_stmt => raw.directions.push(direction(stmt)),
            Rule::base_stmt => {
                let mut parts = inner(stmt);
                let name = parts.next().expect("base has a name");
                let base = match name.as_str() {
                    "first" => Base::First,
                    "second" => Base::Second,
                    "third" => Base::Third,
                    _ => Base::Home,
                };
                raw.bases.push(RawBase {
                    base: Spanned {
                        value: base,
                        span: span(&name),
                    },
                    squares: parts.map(square).collect(),
                });
            }
            Rule::mound_stmt => {
                let whole = span(&stmt);
                raw.mounds.push((whole, inner(stmt).map(square).collect()));
            }
            Rule::cutoff_stmt => {
                let mut parts = inner(stmt);
                let name = parts.next().expect("cutoff has a zone");
                let zone = if name.as_str() == "first-second" {
                    CutoffZone::FirstSecond
                } else {
                    CutoffZone::SecondThird
                };
                raw.cutoffs.push(RawCutoff {
                    zone: Spanned {
                        value: zone,
                        span: span(&name),
                    },
                    squares: parts.map(square).collect(),
                });
            }
            Rule::orange_stmt => {
                let mut parts = inner(stmt);
                let sq = square(parts.next().expect("orange has a square"));
                let value = parts.next().expect("orange has a modifier");
                raw.oranges.push(RawOrange {
                    square: sq,
                    value: Spanned {
                        value: parse_signed(value.as_str()),
                        span: span(&value),
                    },
                });
            }
            // Newlines and the end of input carry nothing.
            _ => {}
        }
    }
    Ok(raw)
}

/// The children of a pair that carry meaning: without keywords and
/// punctuation, which the grammar names only for its error messages.
fn inner<'i>(pair: Pair<'i, Rule>) -> impl Iterator<Item = Pair<'i, Rule>> {
    pair.into_inner().filter(|p| {
        !matches!(
            p.as_rule(),
            Rule::kw_field
                | Rule::kw_direction
                | Rule::kw_base
                | Rule::kw_mound
                | Rule::kw_cutoff
                | Rule::kw_orange
                | Rule::kw_blue
                | Rule::colon
                | Rule::comma
                | Rule::dash
                | Rule::open_paren
                | Rule::close_paren
                | Rule::quote
                | Rule::line_end
        )
    })
}

fn span(pair: &Pair<'_, Rule>) -> Span {
    Span::new(pair.as_span().start(), pair.as_span().end())
}

/// A distance as written. One too long for a `u32` is read as `u32::MAX`,
/// beyond every limit, so that it is reported; messages quote its text.
fn spanned_number(pair: &Pair<'_, Rule>) -> Spanned<u32> {
    Spanned {
        value: pair.as_str().parse().unwrap_or(u32::MAX),
        span: span(pair),
    }
}

/// A modifier as written. One too long for an `i64` is read as
/// `i32::MAX` with its sign, out of range, so that it is reported; messages
/// quote its text.
fn parse_signed(text: &str) -> i64 {
    let digits = text.trim_start_matches(['+', '-']);
    let magnitude: i64 = digits.parse().unwrap_or(i64::from(i32::MAX));
    if text.starts_with('-') {
        -magnitude
    } else {
        magnitude
    }
}

fn direction(stmt: Pair<'_, Rule>) -> RawDirection {
    let mut parts = inner(stmt);
    let number = parts.next().expect("direction has a number");
    let mut out = RawDirection {
        number: Spanned {
            value: number
                .as_str()
                .parse()
                .expect("the grammar allows 1-6 only"),
            span: span(&number),
        },
        runs: Vec::new(),
        blues: Vec::new(),
    };
    for item in parts {
        match item.as_rule() {
            Rule::run => {
                let whole = span(&item);
                let mut pieces = inner(item);
                let kind = pieces.next().expect("run has a kind");
                let value = match kind.as_str() {
                    "diamond" => SquareKind::Diamond,
                    "texas" => SquareKind::Texas,
                    _ => SquareKind::Outfield,
                };
                let numbers: Vec<Pair<'_, Rule>> = pieces
                    .next()
                    .expect("run has distances")
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::distance)
                    .collect();
                let from = spanned_number(&numbers[0]);
                let to = numbers.get(1).map_or(from, spanned_number);
                out.runs.push(RawRun {
                    kind: Spanned {
                        value,
                        span: span(&kind),
                    },
                    from,
                    to,
                    span: whole,
                });
            }
            Rule::blue => {
                let distance = inner(item).next().expect("blue has a distance");
                out.blues.push(spanned_number(&distance));
            }
            // Colons and commas.
            _ => {}
        }
    }
    out
}

fn square(pair: Pair<'_, Rule>) -> Spanned<RawSquare> {
    let whole = span(&pair);
    let value = match pair.as_rule() {
        Rule::catcher_square => RawSquare::Catcher,
        Rule::box_square => RawSquare::Box,
        _ => {
            let numbers: Vec<Pair<'_, Rule>> = pair
                .into_inner()
                .filter(|p| matches!(p.as_rule(), Rule::direction | Rule::distance))
                .collect();
            RawSquare::Grid {
                direction: numbers[0]
                    .as_str()
                    .parse()
                    .expect("the grammar allows 1-6 only"),
                distance: numbers[1].as_str().parse().unwrap_or(u32::MAX),
            }
        }
    };
    Spanned { value, span: whole }
}

/// Whether a rule is a statement or the keyword that starts it: where
/// one is expected, a line begins.
fn starts_statement(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::field_stmt
            | Rule::direction_stmt
            | Rule::base_stmt
            | Rule::mound_stmt
            | Rule::cutoff_stmt
            | Rule::orange_stmt
            | Rule::kw_field
            | Rule::kw_direction
            | Rule::kw_base
            | Rule::kw_mound
            | Rule::kw_cutoff
            | Rule::kw_orange
    )
}

/// What a rule looks like, in words, for "expected ..." messages.
fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::line_end => "the end of the line",
        Rule::EOI => "the end of the file",
        // Every rule by name, no `_`: a new rule of the grammar does not
        // compile until it is described.
        Rule::field_stmt
        | Rule::direction_stmt
        | Rule::base_stmt
        | Rule::mound_stmt
        | Rule::cutoff_stmt
        | Rule::orange_stmt
        | Rule::kw_field
        | Rule::kw_direction
        | Rule::kw_base
        | Rule::kw_mound
        | Rule::kw_cutoff
        | Rule::kw_orange
        | Rule::file => "a statement (`field`, `direction`, `base`, `mound`, `cutoff` or `orange`)",
        Rule::name | Rule::name_text => "a name in double quotes",
        Rule::quote => "a closing `\"`",
        Rule::direction => "a direction number 1-6",
        Rule::colon => "`:`",
        Rule::comma => "`,`",
        Rule::dash => "`-` and the last distance of the run",
        Rule::open_paren | Rule::grid_square | Rule::catcher_square | Rule::box_square => {
            "a square: `(direction,distance)`, `C` or `BOX`"
        }
        Rule::close_paren => "`)` closing the square",
        Rule::run | Rule::kind => "a square kind (`diamond`, `texas` or `outfield`)",
        Rule::blue | Rule::kw_blue => "`blue` and a distance",
        Rule::distances | Rule::distance => "a distance (a whole number such as 5)",
        Rule::base_name => "a base: `first`, `second`, `third` or `home`",
        Rule::zone => "a cutoff zone: `first-second` or `second-third`",
        Rule::modifier => "a modifier (a whole number such as -1 or +2)",
        // Silent rules never reach an error.
        Rule::WHITESPACE
        | Rule::COMMENT
        | Rule::statement
        | Rule::item
        | Rule::square
        | Rule::word_char => "something else",
    }
}

/// A hint for what to write, for the most specific rule expected.
fn hint_for(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::direction => {
            "directions run from 1 (the left-field foul line) to 6 (the right-field foul line)"
        }
        Rule::open_paren
        | Rule::grid_square
        | Rule::close_paren
        | Rule::catcher_square
        | Rule::box_square => "write a grid square as `(direction,distance)`, for example `(3,4)`",
        Rule::colon | Rule::run | Rule::kind | Rule::dash => {
            "a direction reads like `direction 1: diamond 2-4, texas 5, outfield 6-10, blue 11`"
        }
        Rule::quote | Rule::name | Rule::name_text => "a name reads like `field \"Classic Park\"`",
        Rule::modifier => "an orange circle reads like `orange (3,12) -1`",
        Rule::line_end => "each statement stands on its own line; `#` starts a comment",
        Rule::distances | Rule::distance => {
            "a run is a kind and a distance or a range, like `texas 5` or `outfield 6-10`"
        }
        Rule::comma => "items are separated by commas, as in `(3,4)` or `diamond 2-4, texas 5`",
        _ => return None,
    })
}

/// The words that could stand where a rule is expected, for "did you mean".
fn keywords(rule: Rule) -> &'static [&'static str] {
    match rule {
        r if starts_statement(r) => &["field", "direction", "base", "mound", "cutoff", "orange"],
        Rule::run | Rule::kind => &["diamond", "texas", "outfield"],
        Rule::blue | Rule::kw_blue => &["blue"],
        Rule::base_name => &["first", "second", "third", "home"],
        Rule::zone => &["first-second", "second-third"],
        Rule::grid_square | Rule::catcher_square | Rule::box_square => &["C", "BOX"],
        _ => &[],
    }
}

/// The text found where the parser stopped, and its span: a word, a number,
/// a single other character, or the end of the line or file.
fn found_at(text: &str, pos: usize) -> (String, Span) {
    let rest = &text[pos..];
    let Some(first) = rest.chars().next() else {
        return ("the end of the file".to_owned(), Span::new(pos, pos));
    };
    if first == '\n' || first == '\r' {
        return ("the end of the line".to_owned(), Span::new(pos, pos));
    }
    let is_word = |c: char| c.is_alphanumeric() || c == '_' || c == '-' || c == '+';
    let len = if is_word(first) {
        rest.find(|c: char| !is_word(c)).unwrap_or(rest.len())
    } else {
        first.len_utf8()
    };
    (format!("`{}`", &rest[..len]), Span::new(pos, pos + len))
}

/// Turns a pest error into our diagnostic: position, what was expected in
/// words, what was found, and a hint.
pub(crate) fn syntax_error(file: &Arc<SourceFile>, error: &pest::error::Error<Rule>) -> Diagnostic {
    let pos = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((start, _)) => start,
    };
    let (found, found_span) = found_at(&file.text, pos);
    let positives: Vec<Rule> = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            // At the start of a line a blank line or the end of the file
            // would do too, but naming them says nothing useful; and the end
            // of the file is only worth naming when nothing else fits.
            let at_line_start = positives
                .iter()
                .any(|r| describe(*r) == describe(Rule::field_stmt));
            let others: Vec<Rule> = positives
                .iter()
                .copied()
                .filter(|r| *r != Rule::EOI && !(at_line_start && *r == Rule::line_end))
                .collect();
            if others.is_empty() {
                positives.clone()
            } else {
                others
            }
        }
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let mut expected: Vec<&str> = Vec::new();
    for rule in &positives {
        let words = describe(*rule);
        if !expected.contains(&words) {
            expected.push(words);
        }
    }
    let expectation = match expected.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    };
    let message = if expectation.is_empty() {
        format!("unexpected {found}")
    } else {
        format!("expected {expectation}, found {found}")
    };
    let mut diagnostic = Diagnostic::error(message).at(file, found_span);
    if !expectation.is_empty() {
        diagnostic = diagnostic.label(format!("expected {expectation}"));
    }
    let word = found.trim_matches('`');
    let candidates: Vec<&str> = positives
        .iter()
        .flat_map(|r| keywords(*r).iter().copied())
        .collect();
    let before = diagnostic.hints.len();
    diagnostic = diagnostic.suggest(word, candidates);
    let suggested = diagnostic.hints.len() > before;
    if let Some(hint) = positives.iter().find_map(|r| hint_for(*r)) {
        diagnostic = diagnostic.hint(hint);
    } else if !suggested && let Some(example) = positives.iter().find_map(|r| example_for(*r)) {
        diagnostic = diagnostic.hint(example);
    }
    diagnostic
}

/// An example of what to write where a keyword was expected and the text
/// found is like none of them (else "did you mean" says it).
fn example_for(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        r if starts_statement(r) => {
            "each line is one statement, starting with its keyword, like `base first (6,2) (6,3)`; \
             a blue circle belongs to its direction's line (`direction 1: ..., blue 11`); \
             `#` starts a comment"
        }
        Rule::base_name => "a base reads like `base first (6,2) (6,3)`: its name, then its squares",
        Rule::zone => {
            "a cutoff zone reads like `cutoff first-second (5,3) (5,4)`: its name, then its squares"
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<RawField, Diagnostic> {
        parse_raw(&SourceFile::new("t.field", text))
    }

    fn error(text: &str) -> (String, String) {
        let d = parse(text).expect_err("should not parse");
        (d.position().unwrap(), d.message.clone())
    }

    #[test]
    fn parses_every_statement() {
        let raw = parse(concat!(
            "# a comment\n",
            "field \"Test Park\"   # trailing comment\n",
            "\n",
            "direction 1: diamond 2-4, texas 5, outfield 6-10, blue 11\n",
            "base first (6,2) (6,3)\n",
            "base home C\n",
            "mound ( 3 , 2 ) (4,2)\n",
            "cutoff first-second (5,3) (5,4)\n",
            "orange (3,12) -1\n",
            "orange BOX +2",
        ))
        .unwrap();
        assert_eq!(raw.names[0].value, "Test Park");
        let d = &raw.directions[0];
        assert_eq!(d.number.value, 1);
        assert_eq!(d.runs.len(), 3);
        assert_eq!(
            (
                d.runs[2].kind.value,
                d.runs[2].from.value,
                d.runs[2].to.value
            ),
            (SquareKind::Outfield, 6, 10)
        );
        assert_eq!((d.runs[1].from.value, d.runs[1].to.value), (5, 5));
        assert_eq!(d.blues[0].value, 11);
        assert_eq!(
            raw.bases[0].squares[1].value,
            RawSquare::Grid {
                direction: 6,
                distance: 3
            }
        );
        assert_eq!(raw.bases[1].squares[0].value, RawSquare::Catcher);
        assert_eq!(raw.mounds[0].1.len(), 2);
        assert_eq!(raw.cutoffs[0].zone.value, CutoffZone::FirstSecond);
        assert_eq!(raw.oranges[0].value.value, -1);
        assert_eq!(raw.oranges[1].value.value, 2);
        assert_eq!(raw.oranges[1].square.value, RawSquare::Box);
    }

    #[test]
    fn spans_point_at_the_text() {
        let text = "field \"X\"\norange (3,12) -1\n";
        let raw = parse(text).unwrap();
        let o = raw.oranges[0];
        assert_eq!(&text[o.square.span.start..o.square.span.end], "(3,12)");
        assert_eq!(&text[o.value.span.start..o.value.span.end], "-1");
        assert_eq!(
            &text[raw.names[0].span.start..raw.names[0].span.end],
            "\"X\""
        );
    }

    #[test]
    fn empty_file_parses_to_nothing() {
        assert_eq!(parse("").unwrap(), RawField::default());
        assert_eq!(
            parse("\n# only a comment\n\n").unwrap(),
            RawField::default()
        );
    }

    #[test]
    fn direction_out_of_range_is_named_in_words() {
        let (pos, msg) = error("field \"X\"\ndirection 7: diamond 2-4\n");
        assert_eq!(pos, "t.field:2:11");
        assert_eq!(msg, "expected a direction number 1-6, found `7`");
        let (pos, msg) = error("orange (12,3) -1\n");
        assert_eq!(pos, "t.field:1:9");
        assert_eq!(msg, "expected a direction number 1-6, found `12`");
    }

    #[test]
    fn unknown_statement_suggests_a_keyword() {
        let d = parse("field \"X\"\ndirecton 1: diamond 2-4\n").unwrap_err();
        assert_eq!(d.position().unwrap(), "t.field:2:1");
        assert!(
            d.message.starts_with("expected a statement"),
            "{}",
            d.message
        );
        assert!(d.message.ends_with("found `directon`"), "{}", d.message);
        assert_eq!(d.hints, ["did you mean `direction`?"]);
    }

    /// A word like no keyword gets an example of the statement instead of
    /// a "did you mean".
    #[test]
    fn text_like_no_keyword_gets_an_example() {
        let d = parse("field \"X\"\nblue 11\n").unwrap_err();
        assert_eq!(d.position().unwrap(), "t.field:2:1");
        assert_eq!(d.hints.len(), 1, "{:?}", d.hints);
        assert!(
            d.hints[0].contains("belongs to its direction's line"),
            "{:?}",
            d.hints
        );
        let d = parse("base 6 (6,2) (6,3)\n").unwrap_err();
        assert_eq!(
            d.hints,
            ["a base reads like `base first (6,2) (6,3)`: its name, then its squares"]
        );
        let d = parse("cutoff (5,3) (5,4)\n").unwrap_err();
        assert!(
            d.hints[0].starts_with("a cutoff zone reads like"),
            "{:?}",
            d.hints
        );
    }

    #[test]
    fn misspelt_kind_suggests_the_kind() {
        let d = parse("direction 1: diamond 2-4, texsa 5\n").unwrap_err();
        assert_eq!(d.position().unwrap(), "t.field:1:27");
        assert_eq!(
            d.message,
            "expected a square kind (`diamond`, `texas` or `outfield`) or `blue` and a distance, found `texsa`"
        );
        assert!(
            d.hints.contains(&"did you mean `texas`?".to_owned()),
            "{:?}",
            d.hints
        );
    }

    #[test]
    fn missing_punctuation_is_named() {
        assert_eq!(
            error("direction 1 diamond 2-4\n"),
            (
                "t.field:1:13".into(),
                "expected `:`, found `diamond`".into()
            )
        );
        assert_eq!(
            error("base first (6,2 (6,3)\n"),
            (
                "t.field:1:17".into(),
                "expected `)` closing the square, found `(`".into()
            )
        );
        assert_eq!(
            error("field \"X\nbase home C\n"),
            (
                "t.field:1:9".into(),
                "expected a closing `\"`, found the end of the line".into()
            )
        );
    }

    #[test]
    fn junk_after_a_statement_wants_the_end_of_the_line() {
        let (pos, msg) = error("base home C BOX junk\n");
        assert_eq!(pos, "t.field:1:17");
        assert_eq!(msg, "expected the end of the line, found `junk`");
    }

    #[test]
    fn keywords_need_a_word_boundary() {
        let (pos, msg) = error("fieldx \"X\"\n");
        assert_eq!(pos, "t.field:1:1");
        assert!(msg.starts_with("expected a statement"), "{msg}");
    }
}
