//! Playing fields: the field description language (`grammar/field.pest`,
//! described in `grammar/FIELD.md`), the validated `Field` model the engine
//! plays on, and the terminal and SVG drawings of a field, bare or with a
//! game's moment (`Position`) on it.
//!
//! The way in is `load_field` (a built-in name or a path) or `parse_field`
//! (a source text already in hand). Text goes through three steps, each in
//! its own module: `parse` runs the grammar and builds a `RawField` with
//! spans, `validate` checks it and returns a `Layout` or every problem at
//! once, and `model` builds the `Field` with its lookup tables. What is
//! assumed about the printed board is written down in `docs/fields.md`.
//!
//! Everything here is pure except `load`, which reads files.

mod geometry;
mod load;
mod model;
mod parse;
mod position;
mod raw;
mod render_svg;
mod render_text;
mod validate;

use std::sync::Arc;

use crate::diagnostic::{Diagnostics, SourceFile};

pub use load::{field_source, load_field};
pub use model::{
    Base, CutoffZone, DIRECTIONS, Direction, FIRST_GRID_DISTANCE, Field, Landing, MAX_DISTANCE,
    Square, SquareId, SquareKind,
};
pub use position::{BallMark, FIELDERS, Position, RunnerMark};
pub use render_svg::{render_svg, render_svg_at};
pub use render_text::{POSITION_LEGEND, render_text, render_text_at};

/// Parses and validates a field file. On success any warnings are dropped;
/// use `check_field` to see them.
pub fn parse_field(file: &Arc<SourceFile>) -> Result<Field, Diagnostics> {
    match check_field(file) {
        (Some(field), _) => Ok(field),
        (None, diagnostics) => Err(diagnostics),
    }
}

/// Parses and validates a field file, returning the field when it has no
/// errors together with every diagnostic found (errors and warnings), in
/// file order. A syntax error stops at the first; problems of meaning are
/// all reported.
pub fn check_field(file: &Arc<SourceFile>) -> (Option<Field>, Diagnostics) {
    let raw = match parse::parse_raw(file) {
        Ok(raw) => raw,
        Err(syntax) => return (None, syntax.into()),
    };
    let (layout, diagnostics) = validate::validate(file, &raw);
    (layout.map(Field::from_layout), diagnostics)
}
