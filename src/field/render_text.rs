//! The terminal drawing of a field: the fan unrolled into a grid, one column
//! per direction (1, the left-field line, on the left), one row per distance
//! (the fence at the top, home at the bottom), with a legend and a table of
//! fences and home-run minimums. Plain text, no colour, deterministic.
//! A game's moment (`Position`) is drawn on the same grid: the fielders'
//! numbers and the ball on their squares, the runners on a line of the
//! base path's circles, the moment's caption above.

use std::fmt::Write;

use super::model::{Base, CutoffZone, DIRECTIONS, FIRST_GRID_DISTANCE, Field, Square, SquareKind};
use super::position::Position;

/// Width of one cell, without the space between cells.
const CELL: usize = 7;

/// Width of the distance labels on the left.
const MARGIN: usize = 6;

/// Draws a field for the terminal.
pub fn render_text(field: &Field) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", field.name());
    let _ = writeln!(out, "{}", "=".repeat(field.name().chars().count()));
    out.push('\n');
    grid(&mut out, field, None);
    out.push('\n');
    tables(&mut out, field);
    out.push('\n');
    out.push_str(LEGEND);
    out
}

/// Draws a moment of a game on its field for the terminal: the caption,
/// the grid with the fielders and the ball, the base path with the
/// runners, and what the marks mean.
pub fn render_text_at(field: &Field, position: &Position) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", position.caption);
    grid(&mut out, field, Some(position));
    let _ = writeln!(out, "{:>w$}{}", "path  ", base_path(position), w = MARGIN);
    out.push_str(POSITION_LEGEND);
    out
}

/// The grid, fence to home, with BOX and C below; a position's marks
/// stand in for the kinds of the squares they are on.
fn grid(out: &mut String, field: &Field, position: Option<&Position>) {
    let top = field
        .directions()
        .iter()
        .map(|d| d.fence)
        .max()
        .unwrap_or(0)
        + 1;
    let header: Vec<String> = (1..=DIRECTIONS).map(|d| centre(&d.to_string())).collect();
    let _ = writeln!(
        out,
        "{:>w$}{}",
        "dir",
        header.join(" ").trim_end(),
        w = MARGIN
    );
    for k in (FIRST_GRID_DISTANCE..=top).rev() {
        let cells: Vec<String> = (1..=DIRECTIONS)
            .map(|d| {
                let dir = field.direction(d);
                if k == dir.fence + 1 {
                    fence_cell(dir.blue)
                } else if let Some(id) = field.square_at(d, k) {
                    let marked = position.map(|p| p.square_marks(id)).unwrap_or_default();
                    if marked.is_empty() {
                        square_cell(field.square(id))
                    } else {
                        marked_cell(field.square(id), &marked)
                    }
                } else {
                    " ".repeat(CELL)
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "{:>w$}{}",
            format!("{k}  "),
            cells.join(" ").trim_end(),
            w = MARGIN
        );
    }
    let width = DIRECTIONS as usize * (CELL + 1) - 1;
    // Who and what stands on BOX and C, after their names.
    let on = |id| {
        position
            .map(|p| p.square_marks(id))
            .filter(|m| !m.is_empty())
            .map_or_else(String::new, |m| format!(": {m}"))
    };
    let box_sq = field.square(field.batter_box());
    let box_text = format!("BOX{}{}", marks(box_sq), on(field.batter_box()));
    let _ = writeln!(out, "{:>w$}{}", "1  ", banner(&box_text, width), w = MARGIN);
    let c_sq = field.square(field.catcher());
    let c_text = format!("C{}{}", marks(c_sq), on(field.catcher()));
    let _ = writeln!(
        out,
        "{:>w$}{}",
        "",
        format!("{:^width$}", format!("[{c_text}]")).trim_end(),
        w = MARGIN
    );
}

/// The numbers per direction: fences, Texas squares, home-run minimums.
fn tables(out: &mut String, field: &Field) {
    let row = |label: &str, values: Vec<String>| {
        let cells: Vec<String> = values.iter().map(|v| format!("{v:>4}")).collect();
        format!("{label:<10}{}\n", cells.join(""))
    };
    out.push_str(&row(
        "direction",
        (1..=DIRECTIONS).map(|d| d.to_string()).collect(),
    ));
    out.push_str(&row(
        "fence",
        field
            .directions()
            .iter()
            .map(|d| d.fence.to_string())
            .collect(),
    ));
    out.push_str(&row(
        "Texas",
        field
            .directions()
            .iter()
            .map(|d| d.texas.to_string())
            .collect(),
    ));
    out.push_str(&row(
        "home run",
        field
            .directions()
            .iter()
            .map(|d| match d.blue {
                Some(b) => format!("{b}b"),
                None => d.home_run_minimum().to_string(),
            })
            .collect(),
    ));
}

const LEGEND: &str = "\
legend
  .         outfield                  :         diamond
  T         Texas League square       P         the mound
  1B 2B 3B  bases, two squares each   C         the catcher, on home plate
  c12 c23   cutoff zones              BOX       the batter's box, distance 1
  o-1       orange circle: added to the first die of a throw from that square
  =======   the fence                 =[11]==   blue circle: home-run minimum
  home run  the shortest home run per direction (b: set by a blue circle)
";

/// What the marks of a position mean: the last lines of `render_text_at`.
pub const POSITION_LEGEND: &str = "\
marks  1-9 fielders by scoring number (1 P ... 9 RF); * the ball (after a
       number: in his hands), ^ a fly ball, > a throw on its way; on the
       path, the runners by batting slot, after the base they stand on
";

/// The base path, home to home, a mark per circle: the bases by name,
/// the circles between as dots, each runner by his batting slot (on a
/// base, after its name).
fn base_path(position: &Position) -> String {
    let mut path = Vec::with_capacity(21);
    for circle in 0..=20u8 {
        let name = match circle {
            0 | 20 => "H",
            5 => "1B",
            10 => "2B",
            15 => "3B",
            _ => ".",
        };
        let runners: Vec<String> = position
            .runners
            .iter()
            .filter(|r| r.circle == circle)
            .map(|r| position.runner_number(r).to_string())
            .collect();
        path.push(match (runners.is_empty(), name) {
            (true, _) => name.to_owned(),
            (false, ".") => runners.join("/"),
            (false, _) => format!("{name}:{}", runners.join("/")),
        });
    }
    path.join(" ")
}

/// A square with a position's marks: the marks, after the base's name on
/// a base, cut to the cell.
fn marked_cell(sq: &Square, marked: &str) -> String {
    let text = match sq.base {
        Some(_) => format!("{}:{marked}", main_mark(sq)),
        None => marked.to_owned(),
    };
    let cut: String = text.chars().take(CELL).collect();
    centre(&cut)
}

fn centre(text: &str) -> String {
    format!("{text:^CELL$}")
}

fn fence_cell(blue: Option<u8>) -> String {
    match blue {
        Some(b) => {
            let inner = format!("[{b}]");
            format!("{inner:=^CELL$}")
        }
        None => "=".repeat(CELL),
    }
}

/// The main mark of a square: what stands on it, or else what it is made of.
fn main_mark(sq: &Square) -> String {
    if let Some(base) = sq.base {
        return match base {
            Base::First => "1B",
            Base::Second => "2B",
            Base::Third => "3B",
            Base::Home => "H",
        }
        .to_owned();
    }
    if sq.mound {
        return "P".to_owned();
    }
    if let Some(zone) = sq.cutoff {
        return match zone {
            CutoffZone::FirstSecond => "c12",
            CutoffZone::SecondThird => "c23",
        }
        .to_owned();
    }
    match sq.kind {
        SquareKind::Diamond => ":",
        SquareKind::Texas => "T",
        SquareKind::Outfield => ".",
        SquareKind::Box => "BOX",
        SquareKind::Catcher => "C",
    }
    .to_owned()
}

/// The orange circle of a square, as ` o-1`, or nothing.
fn orange_mark(sq: &Square) -> String {
    sq.orange.map_or_else(String::new, |v| format!(" o{v:+}"))
}

/// Marks shown after the name of C and BOX: home plate, orange circle.
fn marks(sq: &Square) -> String {
    let mut out = String::new();
    if sq.base == Some(Base::Home) {
        out.push_str(" home plate");
    }
    out.push_str(&orange_mark(sq));
    out
}

fn square_cell(sq: &Square) -> String {
    let mut text = main_mark(sq);
    // A Texas square keeps its T next to a cutoff mark, so that both show.
    if sq.kind == SquareKind::Texas && text != "T" {
        text.push('T');
    }
    text.push_str(&orange_mark(sq));
    centre(&text)
}

fn banner(text: &str, width: usize) -> String {
    let inner = format!(" {text} ");
    let fill = width.saturating_sub(2);
    format!("[{inner:-^fill$}]")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::SourceFile;
    use crate::field::parse_field;

    fn classic() -> Field {
        let text = crate::builtin::file("fields/classic.field").unwrap();
        parse_field(&SourceFile::new("fields/classic.field", text)).unwrap()
    }

    #[test]
    fn drawing_shows_every_feature() {
        let text = render_text(&classic());
        for needle in [
            "Classic Park",
            "1B",
            "2B",
            "3B",
            "BOX",
            "C home plate",
            "c12",
            "c23",
            "o-1",
            "[11]",
            " T ",
        ] {
            assert!(text.contains(needle), "missing {needle:?} in\n{text}");
        }
        assert!(!text.contains('\u{1b}'), "no colour codes");
    }

    #[test]
    fn rows_run_from_the_fence_down_to_home() {
        let text = render_text(&classic());
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .collect();
        assert!(rows[0].trim_start().starts_with("13"), "{text}");
        // The second base row: distance 4 holds 2B in directions 3 and 4.
        let four = rows
            .iter()
            .find(|l| l.trim_start().starts_with("4 "))
            .unwrap();
        assert_eq!(four.matches("2B").count(), 2, "{four}");
    }
}
