//! The raw field: the statements of a `.field` file as written, each value
//! with the span of its text, before anything is checked beyond syntax.
//! `parse` builds it from the pest tree; `validate` checks it and turns it
//! into a `Layout`.

use crate::diagnostic::Span;

use super::model::{Base, CutoffZone, SquareKind};

/// A value and the span of the text it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Spanned<T> {
    pub(crate) value: T,
    pub(crate) span: Span,
}

/// A square as written: `(d,k)`, `C` or `BOX`. Numbers are kept wide so that
/// out-of-range values can be reported rather than wrapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RawSquare {
    /// `(direction,distance)`.
    Grid { direction: u8, distance: u32 },
    /// `C`.
    Catcher,
    /// `BOX`.
    Box,
}

/// A `direction` statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawDirection {
    /// The direction number.
    pub(crate) number: Spanned<u8>,
    /// The runs of squares, in the order written.
    pub(crate) runs: Vec<RawRun>,
    /// The `blue` items (more than one is an error).
    pub(crate) blues: Vec<Spanned<u32>>,
}

/// A run of squares of one kind: `outfield 6-10`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawRun {
    /// The kind.
    pub(crate) kind: Spanned<SquareKind>,
    /// The first distance.
    pub(crate) from: Spanned<u32>,
    /// The last distance (the same as `from` for a single square).
    pub(crate) to: Spanned<u32>,
    /// The whole run.
    pub(crate) span: Span,
}

/// A `base` statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawBase {
    /// Which base.
    pub(crate) base: Spanned<Base>,
    /// Its squares.
    pub(crate) squares: Vec<Spanned<RawSquare>>,
}

/// A `cutoff` statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawCutoff {
    /// Which zone.
    pub(crate) zone: Spanned<CutoffZone>,
    /// Its squares.
    pub(crate) squares: Vec<Spanned<RawSquare>>,
}

/// An `orange` statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawOrange {
    /// The square it is printed on.
    pub(crate) square: Spanned<RawSquare>,
    /// The modifier, kept wide for range errors.
    pub(crate) value: Spanned<i64>,
}

/// A whole field file as written.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct RawField {
    /// Every `field` statement's name (more than one is an error).
    pub(crate) names: Vec<Spanned<String>>,
    /// The `direction` statements.
    pub(crate) directions: Vec<RawDirection>,
    /// The `base` statements.
    pub(crate) bases: Vec<RawBase>,
    /// The squares of every `mound` statement (more than one is an error).
    pub(crate) mounds: Vec<(Span, Vec<Spanned<RawSquare>>)>,
    /// The `cutoff` statements.
    pub(crate) cutoffs: Vec<RawCutoff>,
    /// The `orange` statements.
    pub(crate) oranges: Vec<RawOrange>,
}
