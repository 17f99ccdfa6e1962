//! From a raw field to a checked `Layout`: every rule of a well-formed board
//! that the grammar cannot see (six directions, each once; runs of squares
//! that start at 2 and leave no gaps; one Texas square per direction at the
//! edge of the diamond; bases on two adjacent diamond squares; a blue circle
//! beyond the fence; modifiers on squares that exist ...). Every problem is
//! reported, each at the span of the text that causes it.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};

use super::model::{
    Base, CutoffZone, DIRECTIONS, FIRST_GRID_DISTANCE, Field, Layout, MAX_DISTANCE, Place,
    SquareKind,
};
use super::raw::{RawDirection, RawField, RawSquare, Spanned};

/// The largest orange modifier: a die shows at most 6, so anything beyond
/// cannot be meant.
const MAX_ORANGE: i64 = 6;

/// The largest blue circle that can be written.
const MAX_BLUE: u32 = 99;

/// Checks a raw field. Returns the layout when there is no error, and every
/// diagnostic found (warnings too) in file order.
pub(crate) fn validate(file: &Arc<SourceFile>, raw: &RawField) -> (Option<Layout>, Diagnostics) {
    let mut v = Validator {
        file,
        diagnostics: Vec::new(),
    };
    let layout = v.run(raw);
    let mut diagnostics = v.diagnostics;
    diagnostics.sort_by_key(|(start, _)| *start);
    let diagnostics = Diagnostics(diagnostics.into_iter().map(|(_, d)| d).collect());
    if diagnostics.has_errors() {
        (None, diagnostics)
    } else {
        (layout, diagnostics)
    }
}

struct Validator<'a> {
    file: &'a Arc<SourceFile>,
    /// Diagnostics with the offset they are sorted by.
    diagnostics: Vec<(usize, Diagnostic)>,
}

/// A direction as far as it could be understood.
struct DirectionState {
    /// Kinds from distance 2; a placeholder when `broken`.
    kinds: Vec<SquareKind>,
    blue: Option<u8>,
    /// Whether the direction had errors, so that references to its squares
    /// are not reported again.
    broken: bool,
}

impl Validator<'_> {
    fn error(&mut self, span: Span, message: impl Into<String>) -> PendingDiagnostic<'_> {
        PendingDiagnostic {
            diagnostic: Some(Diagnostic::error(message).at(self.file, span)),
            start: span.start,
            sink: &mut self.diagnostics,
        }
    }

    /// An error about something the file never says, shown at `anchor` (the
    /// field's name) but listed after the problems found in the text.
    fn missing(&mut self, anchor: Span, message: impl Into<String>) -> PendingDiagnostic<'_> {
        PendingDiagnostic {
            diagnostic: Some(Diagnostic::error(message).at(self.file, anchor)),
            start: usize::MAX,
            sink: &mut self.diagnostics,
        }
    }

    fn warning(&mut self, span: Span, message: impl Into<String>) -> PendingDiagnostic<'_> {
        PendingDiagnostic {
            diagnostic: Some(Diagnostic::warning(message).at(self.file, span)),
            start: span.start,
            sink: &mut self.diagnostics,
        }
    }

    fn line(&self, span: Span) -> usize {
        self.file.line_col(span.start).0
    }

    fn run(&mut self, raw: &RawField) -> Option<Layout> {
        if *raw == RawField::default() {
            self.error(Span::new(0, 0), "the file describes no field")
                .label("there is not a single statement in it")
                .hint("a field file names the field, describes its six directions and places the bases, the mound and the cutoff zones; see fields/classic.field");
            return None;
        }
        let name = self.name(raw);
        // Missing things are reported at the name, or at the start of the
        // file when there is none.
        let anchor = raw.names.first().map_or(Span::new(0, 0), |n| n.span);

        let mut states: Vec<Option<DirectionState>> = (0..DIRECTIONS).map(|_| None).collect();
        let mut first_line: BTreeMap<u8, Span> = BTreeMap::new();
        for dir in &raw.directions {
            let n = dir.number.value;
            if let Some(&earlier) = first_line.get(&n) {
                let line = self.line(earlier);
                self.error(dir.number.span, format!("direction {n} is described twice"))
                    .label(format!("direction {n} is already described on line {line}"))
                    .hint("describe each direction once");
                continue;
            }
            first_line.insert(n, dir.number.span);
            states[usize::from(n - 1)] = Some(self.direction(dir));
        }
        let missing: Vec<String> = (1..=DIRECTIONS)
            .filter(|d| states[usize::from(d - 1)].is_none())
            .map(|d| d.to_string())
            .collect();
        if !missing.is_empty() {
            let (what, list) = match missing.as_slice() {
                [one] => ("direction", format!("{one} is")),
                [init @ .., last] => ("directions", format!("{} and {last} are", init.join(", "))),
                [] => unreachable!(),
            };
            let example = missing[0].clone();
            self.missing(anchor, format!("{what} {list} not described"))
                .label("a field has six directions, 1 to 6")
                .hint(format!(
                    "add a line like `direction {example}: diamond 2-4, texas 5, outfield 6-11`"
                ));
        }

        // Directions that could not be understood get a placeholder so the
        // rest of the file can still be checked; squares in them are not
        // reported again.
        let broken: Vec<bool> = states
            .iter()
            .map(|s| s.as_ref().is_none_or(|s| s.broken))
            .collect();
        let directions: Vec<(Vec<SquareKind>, Option<u8>)> = states
            .into_iter()
            .map(|s| match s {
                Some(s) if !s.broken => (s.kinds, s.blue),
                _ => (placeholder(), None),
            })
            .collect();
        let grid = Field::without_paths(Layout {
            name: String::new(),
            directions: directions.clone(),
            bases: Default::default(),
            mound: Vec::new(),
            cutoffs: Default::default(),
            oranges: Vec::new(),
        });
        let mut check = SquareCheck {
            grid: &grid,
            broken: &broken,
        };

        let bases = self.bases(raw, &mut check, anchor);
        let mound = self.mound(raw, &mut check, &bases, anchor);
        let cutoffs = self.cutoffs(raw, &mut check, &bases, &mound, anchor);
        let oranges = self.oranges(raw, &mut check);

        Some(Layout {
            name: name?,
            directions,
            bases: bases.map(|b| b.unwrap_or_default()),
            mound: mound.unwrap_or_default(),
            cutoffs: cutoffs.map(|c| c.unwrap_or_default()),
            oranges,
        })
    }

    fn name(&mut self, raw: &RawField) -> Option<String> {
        let Some(first) = raw.names.first() else {
            self.error(Span::new(0, 0), "the field has no name")
                .label("a field file starts with its name")
                .hint("add a first line like `field \"Classic Park\"`");
            return None;
        };
        for extra in &raw.names[1..] {
            let line = self.line(first.span);
            self.error(extra.span, "the field is named twice")
                .label(format!("already named on line {line}"))
                .hint("a field has one name: remove this line");
        }
        if first.value.trim().is_empty() {
            self.error(first.span, "the field's name is empty")
                .hint("write a name between the quotes, like `field \"Classic Park\"`");
            return None;
        }
        Some(first.value.clone())
    }

    fn direction(&mut self, dir: &RawDirection) -> DirectionState {
        let d = dir.number.value;
        let mut kinds: Vec<SquareKind> = Vec::new();
        // For each distance from 2, the span of the run that gave it.
        let mut origin: Vec<Span> = Vec::new();
        let mut broken = false;
        // A run with a bad number is reported, then read as the nearest
        // sensible run, so that one mistake does not bring a cascade of
        // "missing distance" errors after it.
        for run in &dir.runs {
            let (mut from, mut to) = (run.from.value, run.to.value);
            if to < from {
                let (first, last) = (
                    written(self.file, run.from.span),
                    written(self.file, run.to.span),
                );
                self.error(
                    run.to.span,
                    format!("the run {first}-{last} goes backwards"),
                )
                .label("a run goes from the nearer distance to the farther")
                .hint(format!("write `{last}-{first}`"));
                broken = true;
                (from, to) = (to, from);
            }
            if from < u32::from(FIRST_GRID_DISTANCE) {
                self.error(
                    run.from.span,
                    format!("distance {from} is not a square of direction {d}"),
                )
                .label("the squares of a direction start at distance 2")
                .hint(
                    "distance 1 is the home area, BOX, shared by all directions; start runs at 2",
                );
                broken = true;
                from = u32::from(FIRST_GRID_DISTANCE);
                if to < from {
                    continue;
                }
            }
            if to > u32::from(MAX_DISTANCE) {
                let at = if run.from.value > u32::from(MAX_DISTANCE) {
                    run.from.span
                } else {
                    run.to.span
                };
                let text = written(self.file, at);
                self.error(at, format!("distance {text} is too far for a field"))
                    .label(format!("a fence stands at distance {MAX_DISTANCE} at most"))
                    .hint(format!(
                        "end the direction at distance {MAX_DISTANCE} or nearer, like `outfield 6-12`"
                    ));
                broken = true;
                to = u32::from(MAX_DISTANCE);
                if from > to {
                    continue;
                }
            }
            let next = kinds.len() as u32 + u32::from(FIRST_GRID_DISTANCE);
            if from > next {
                let gap = if from - 1 == next {
                    format!("distance {next} is")
                } else {
                    format!("distances {next}-{} are", from - 1)
                };
                self.error(run.from.span, format!("{gap} missing from direction {d}"))
                    .label(if next == u32::from(FIRST_GRID_DISTANCE) {
                        "the first run starts at distance 2".to_owned()
                    } else {
                        format!("the previous run ends at distance {}", next - 1)
                    })
                    .hint("runs of squares follow each other without gaps");
                broken = true;
                while (kinds.len() as u32 + u32::from(FIRST_GRID_DISTANCE)) < from {
                    kinds.push(SquareKind::Outfield);
                    origin.push(run.span);
                }
            } else if from < next {
                let earlier = origin[(from - u32::from(FIRST_GRID_DISTANCE)) as usize];
                let earlier = self.file.text[earlier.start..earlier.end].to_owned();
                self.error(
                    run.from.span,
                    format!("distance {from} of direction {d} is listed twice"),
                )
                .label(format!("already in `{earlier}`"))
                .hint("runs of squares follow each other without overlapping");
                broken = true;
            }
            for _ in next.max(from)..=to {
                kinds.push(run.kind.value);
                origin.push(run.span);
            }
        }

        // The order of kinds: diamond, one Texas square, outfield. Checked
        // only when the runs themselves made sense.
        let structural = broken;
        let texas: Vec<usize> = (0..kinds.len())
            .filter(|&i| kinds[i] == SquareKind::Texas)
            .collect();
        let at = |i: usize| i as u32 + u32::from(FIRST_GRID_DISTANCE);
        let run_at = |i: usize| {
            dir.runs
                .iter()
                .find(|r| r.from.value <= at(i) && at(i) <= r.to.value)
                .map_or(dir.number.span, |r| r.span)
        };
        if !structural && !kinds.is_empty() && !kinds.contains(&SquareKind::Diamond) {
            self.error(dir.number.span, format!("direction {d} has no diamond squares"))
                .label("a direction starts with the diamond at distance 2")
                .hint(format!("start it with a run like `diamond 2-4`, as in `direction {d}: diamond 2-4, texas 5, outfield 6-11`"));
            broken = true;
        }
        match texas.as_slice() {
            _ if structural => {}
            [] if kinds.is_empty() => {}
            [] => {
                let edge = kinds
                    .iter()
                    .take_while(|k| **k == SquareKind::Diamond)
                    .count();
                self.error(
                    dir.number.span,
                    format!("direction {d} has no Texas square"),
                )
                .label("each direction has exactly one Texas square")
                .hint(format!(
                    "the Texas square lies right after the last diamond square: add `texas {}`",
                    at(edge)
                ));
                broken = true;
            }
            [t, rest @ ..] => {
                for &extra in rest {
                    // A run `texas 5-6` is one run with two squares: point at
                    // its second distance.
                    let span = dir
                        .runs
                        .iter()
                        .find(|r| {
                            r.kind.value == SquareKind::Texas
                                && r.to.value == at(extra)
                                && r.from.value < at(extra)
                        })
                        .map_or(run_at(extra), |r| r.to.span);
                    self.error(
                        span,
                        format!("direction {d} has more than one Texas square"),
                    )
                    .label(format!("a second Texas square, at distance {}", at(extra)))
                    .hint(
                        "each direction has exactly one Texas square, at the edge of the diamond",
                    );
                    broken = true;
                }
                let t = *t;
                if let Some(inside) = (0..t).find(|&i| kinds[i] != SquareKind::Diamond)
                    && kinds.contains(&SquareKind::Diamond)
                {
                    self.error(run_at(t), format!("the Texas square of direction {d} is not at the edge of the diamond"))
                        .label(format!(
                            "({d},{}) lies between the diamond and this Texas square, and it is {}",
                            at(inside),
                            kind_phrase(kinds[inside])
                        ))
                        .hint("the Texas square lies right after the last diamond square; the outfield starts after it");
                    broken = true;
                }
                if let Some(beyond) =
                    (t + 1..kinds.len()).find(|&i| kinds[i] == SquareKind::Diamond)
                {
                    self.error(run_at(beyond), format!("diamond beyond the Texas square of direction {d}"))
                        .label(format!(
                            "({d},{}) is diamond, but the Texas square at distance {} marks the edge of the diamond",
                            at(beyond),
                            at(t)
                        ))
                        .hint("the diamond runs from distance 2 to the square before the Texas square");
                    broken = true;
                }
                if t + 1 == kinds.len() {
                    self.error(
                        run_at(t),
                        format!("direction {d} has no outfield beyond its Texas square"),
                    )
                    .label("the outfield starts right after the Texas square")
                    .hint(format!(
                        "add a run like `outfield {}-{}` after the Texas square",
                        at(t) + 1,
                        (at(t) + 5).max(10)
                    ));
                    broken = true;
                }
            }
        }
        if kinds.is_empty() && !broken {
            self.error(dir.number.span, format!("direction {d} has no squares"))
                .hint(format!(
                    "write it like `direction {d}: diamond 2-4, texas 5, outfield 6-11`"
                ));
            broken = true;
        }
        // The last square is the fence.
        let fence = at(kinds.len().saturating_sub(1));
        let mut blue = None;
        for (i, b) in dir.blues.iter().enumerate() {
            if i > 0 {
                self.error(b.span, format!("direction {d} has two blue circles"))
                    .label("a second blue minimum")
                    .hint("give each direction at most one `blue`");
                continue;
            }
            if b.value > MAX_BLUE {
                let text = written(self.file, b.span);
                self.error(b.span, format!("a blue minimum of {text} is too large"))
                    .label(format!("at most {MAX_BLUE}"))
                    .hint("a blue circle is the home-run minimum just beyond the fence, like `blue 11` behind a fence at 10");
            } else if !broken && b.value <= fence {
                self.error(b.span, format!("the blue minimum {} of direction {d} is not beyond its fence", b.value))
                    .label(format!("the last square of direction {d}, against the fence, is at distance {fence}"))
                    .hint(format!(
                        "a blue circle is the home-run minimum beyond the fence: use {} or more, or remove it",
                        fence + 1
                    ));
            } else {
                blue = Some(b.value as u8);
            }
        }
        DirectionState {
            kinds,
            blue,
            broken,
        }
    }

    fn bases(
        &mut self,
        raw: &RawField,
        check: &mut SquareCheck<'_>,
        anchor: Span,
    ) -> [Option<Vec<Place>>; 4] {
        let mut out: [Option<Vec<Place>>; 4] = Default::default();
        let mut seen: [Option<Span>; 4] = [None; 4];
        // Which base holds each square so far.
        let mut holder: BTreeMap<Place, Base> = BTreeMap::new();
        for stmt in &raw.bases {
            let base = stmt.base.value;
            let i = base as usize;
            if let Some(earlier) = seen[i] {
                let line = self.line(earlier);
                self.error(stmt.base.span, format!("{} is placed twice", base.name()))
                    .label(format!("already placed on line {line}"))
                    .hint("place each base once: remove one of the two lines");
                continue;
            }
            seen[i] = Some(stmt.base.span);
            let mut places = Vec::new();
            let mut ok = true;
            for sq in &stmt.squares {
                let Some(place) = check.resolve(self, sq) else {
                    ok = false;
                    continue;
                };
                if let Some(other) = holder.get(&place) {
                    self.error(sq.span, format!("{place} already holds {}", other.name()))
                        .label(format!(
                            "{} cannot share a square with {}",
                            base.name(),
                            other.name()
                        ))
                        .hint("each base lies on squares of its own; pick a free diamond square");
                    ok = false;
                    continue;
                }
                if places.contains(&place) {
                    self.error(sq.span, format!("{} names {place} twice", base.name()))
                        .hint("a base lies on two different adjacent squares");
                    ok = false;
                    continue;
                }
                if base == Base::Home {
                    if place == Place::Catcher || place == Place::Box {
                        places.push(place);
                    } else {
                        self.error(sq.span, format!("home plate cannot be on {place}"))
                            .label("home plate is on C, and may also cover BOX")
                            .hint("write `base home C`: the catcher on C touches home plate");
                        ok = false;
                    }
                    continue;
                }
                let kind = check.grid.kind(check.grid_id(place));
                if kind != SquareKind::Diamond {
                    let what = match kind {
                        SquareKind::Catcher | SquareKind::Box => {
                            format!("{place} belongs to home plate")
                        }
                        _ => format!("{place} is {}", kind_phrase(kind)),
                    };
                    self.error(sq.span, format!("{} is not in the diamond", base.name()))
                        .label(what)
                        .hint("first, second and third base lie on diamond squares");
                    ok = false;
                    continue;
                }
                places.push(place);
            }
            if !ok {
                continue;
            }
            if base == Base::Home {
                if !places.contains(&Place::Catcher) {
                    self.error(stmt.base.span, "home plate is not on C")
                        .label("the catcher on C touches home plate")
                        .hint("write `base home C`");
                    continue;
                }
            } else if places.len() != 2 {
                self.error(stmt.base.span, format!("{} needs two squares", base.name()))
                    .label("only one square is given")
                    .hint("first, second and third base each lie on two adjacent squares");
                continue;
            } else if !check.adjacent(places[0], places[1]) {
                let steps = check.steps(places[0], places[1]);
                self.error(
                    stmt.squares[1].span,
                    format!("the squares of {} are not adjacent", base.name()),
                )
                .label(format!("{} is {steps} steps from {}", places[1], places[0]))
                .hint("a base lies on two adjacent squares (diagonals count)");
                continue;
            }
            for &p in &places {
                holder.insert(p, base);
            }
            out[i] = Some(places);
        }
        for base in Base::ALL {
            if seen[base as usize].is_none() {
                let example = match base {
                    Base::First => "base first (6,2) (6,3)",
                    Base::Second => "base second (3,4) (4,4)",
                    Base::Third => "base third (1,2) (1,3)",
                    Base::Home => "base home C",
                };
                self.missing(anchor, format!("{} is not placed", base.name()))
                    .label(format!("this field has no `base {}` line", base.keyword()))
                    .hint(format!("add a line like `{example}`"));
            }
        }
        out
    }

    fn mound(
        &mut self,
        raw: &RawField,
        check: &mut SquareCheck<'_>,
        bases: &[Option<Vec<Place>>; 4],
        anchor: Span,
    ) -> Option<Vec<Place>> {
        let Some((first_span, squares)) = raw.mounds.first() else {
            self.missing(anchor, "the field has no mound")
                .label("this field has no `mound` line")
                .hint("add a line like `mound (3,2) (4,2)`");
            return None;
        };
        for (extra, _) in &raw.mounds[1..] {
            let line = self.line(*first_span);
            self.error(*extra, "the mound is placed twice")
                .label(format!("already placed on line {line}"))
                .hint("a field has one mound: remove one of the two lines");
        }
        let mut places = Vec::new();
        let mut ok = true;
        for sq in squares {
            let Some(place) = check.resolve(self, sq) else {
                ok = false;
                continue;
            };
            if let Some(base) = holder_of(bases, place) {
                self.error(sq.span, format!("the mound cannot be on {place}"))
                    .label(format!("{place} holds {}", base.name()))
                    .hint("the mound lies on diamond squares that hold no base, like `mound (3,2) (4,2)`");
                ok = false;
                continue;
            }
            if places.contains(&place) {
                self.error(sq.span, format!("the mound names {place} twice"))
                    .hint("the mound lies on one square or on two different adjacent squares");
                ok = false;
                continue;
            }
            let kind = check.grid.kind(check.grid_id(place));
            if kind != SquareKind::Diamond {
                self.error(sq.span, "the mound is not in the diamond")
                    .label(format!("{place} is {}", kind_phrase(kind)))
                    .hint("the mound lies on one or two diamond squares");
                ok = false;
                continue;
            }
            places.push(place);
        }
        if ok && places.len() == 2 && !check.adjacent(places[0], places[1]) {
            let steps = check.steps(places[0], places[1]);
            self.error(squares[1].span, "the squares of the mound are not adjacent")
                .label(format!("{} is {steps} steps from {}", places[1], places[0]))
                .hint("the mound lies on one square or on two adjacent squares (diagonals count)");
            ok = false;
        }
        ok.then_some(places)
    }

    fn cutoffs(
        &mut self,
        raw: &RawField,
        check: &mut SquareCheck<'_>,
        bases: &[Option<Vec<Place>>; 4],
        mound: &Option<Vec<Place>>,
        anchor: Span,
    ) -> [Option<Vec<Place>>; 2] {
        let mut out: [Option<Vec<Place>>; 2] = Default::default();
        let mut seen: [Option<Span>; 2] = [None; 2];
        let mut zone_of: BTreeMap<Place, CutoffZone> = BTreeMap::new();
        for stmt in &raw.cutoffs {
            let zone = stmt.zone.value;
            let i = zone as usize;
            if let Some(earlier) = seen[i] {
                let line = self.line(earlier);
                self.error(
                    stmt.zone.span,
                    format!("the cutoff zone {} is described twice", zone.keyword()),
                )
                .label(format!("already described on line {line}"))
                .hint("describe each cutoff zone once: put all its squares on one line");
                continue;
            }
            seen[i] = Some(stmt.zone.span);
            let (a, b) = zone.bases();
            let ends = (bases[a as usize].as_ref(), bases[b as usize].as_ref());
            let mut places = Vec::new();
            let mut ok = true;
            for sq in &stmt.squares {
                let Some(place) = check.resolve(self, sq) else {
                    ok = false;
                    continue;
                };
                if let Some(base) = holder_of(bases, place) {
                    self.error(sq.span, format!("{place} holds {}", base.name()))
                        .label("a cutoff man covers no base")
                        .hint("a cutoff zone is made of the squares between two bases, not the bases' own");
                    ok = false;
                    continue;
                }
                if mound.as_ref().is_some_and(|m| m.contains(&place)) {
                    self.error(sq.span, format!("{place} is the mound"))
                        .label("the mound is not a cutoff square");
                    ok = false;
                    continue;
                }
                if let Some(&other) = zone_of.get(&place) {
                    self.error(
                        sq.span,
                        format!("{place} is already in the cutoff zone {}", other.keyword()),
                    )
                    .label("a square belongs to one cutoff zone at most")
                    .hint("remove it from one of the two zones");
                    ok = false;
                    continue;
                }
                if places.contains(&place) {
                    self.error(
                        sq.span,
                        format!("the cutoff zone {} names {place} twice", zone.keyword()),
                    )
                    .hint("name each square of a cutoff zone once");
                    ok = false;
                    continue;
                }
                let kind = check.grid.kind(check.grid_id(place));
                if !matches!(kind, SquareKind::Diamond | SquareKind::Texas) {
                    self.error(sq.span, format!("{place} is not in the diamond"))
                        .label(format!("{place} is {}", kind_phrase(kind)))
                        .hint("cutoff squares are diamond or Texas squares between two bases");
                    ok = false;
                    continue;
                }
                if let (Some(ea), Some(eb)) = ends {
                    let span_between = min_steps(check, ea, eb);
                    let (to_a, to_b) = (
                        min_steps(check, &[place], ea),
                        min_steps(check, &[place], eb),
                    );
                    if to_a > span_between || to_b > span_between {
                        self.error(sq.span, format!("{place} is not between {} and {}", a.name(), b.name()))
                            .label(format!(
                                "{to_a} steps from {}, {to_b} from {}; the bases are {span_between} apart",
                                a.name(),
                                b.name()
                            ))
                            .hint("a cutoff square is no farther from either base than the bases are from each other");
                        ok = false;
                        continue;
                    }
                }
                places.push(place);
            }
            if ok {
                for &p in &places {
                    zone_of.insert(p, zone);
                }
                out[i] = Some(places);
            }
        }
        for zone in CutoffZone::ALL {
            if seen[zone as usize].is_none() {
                let example = match zone {
                    CutoffZone::FirstSecond => "cutoff first-second (5,3) (5,4)",
                    CutoffZone::SecondThird => "cutoff second-third (2,3) (2,4)",
                };
                self.missing(
                    anchor,
                    format!("the field has no cutoff zone {}", zone.keyword()),
                )
                .label(format!(
                    "this field has no `cutoff {}` line",
                    zone.keyword()
                ))
                .hint(format!("add a line like `{example}`"));
            }
        }
        out
    }

    fn oranges(&mut self, raw: &RawField, check: &mut SquareCheck<'_>) -> Vec<(Place, i8)> {
        let mut out: Vec<(Place, i8)> = Vec::new();
        let mut first: BTreeMap<Place, Span> = BTreeMap::new();
        for o in &raw.oranges {
            let Some(place) = check.resolve(self, &o.square) else {
                continue;
            };
            if let Some(&earlier) = first.get(&place) {
                let line = self.line(earlier);
                self.error(o.square.span, format!("{place} has two orange circles"))
                    .label(format!("already has one on line {line}"))
                    .hint("a square carries at most one orange circle; add the values into one");
                continue;
            }
            first.insert(place, o.square.span);
            let value = o.value.value;
            if value.abs() > MAX_ORANGE {
                let text = written(self.file, o.value.span);
                self.error(
                    o.value.span,
                    format!("an orange modifier of {text} is out of range"),
                )
                .label(format!("from -{MAX_ORANGE} to +{MAX_ORANGE}"))
                .hint("an orange circle changes one die, which shows 1 to 6");
                continue;
            }
            if value == 0 {
                self.warning(o.value.span, "an orange circle of 0 changes nothing")
                    .hint("remove the line, or give it a value");
            }
            out.push((place, value as i8));
        }
        out
    }
}

/// A diagnostic being built; it lands in the validator's list when dropped,
/// so a check can chain `.label(..).hint(..)` and move on.
struct PendingDiagnostic<'a> {
    diagnostic: Option<Diagnostic>,
    start: usize,
    sink: &'a mut Vec<(usize, Diagnostic)>,
}

impl PendingDiagnostic<'_> {
    fn label(mut self, label: impl Into<String>) -> Self {
        self.diagnostic = self.diagnostic.take().map(|d| d.label(label));
        self
    }

    fn hint(mut self, hint: impl Into<String>) -> Self {
        self.diagnostic = self.diagnostic.take().map(|d| d.hint(hint));
        self
    }
}

impl Drop for PendingDiagnostic<'_> {
    fn drop(&mut self) {
        if let Some(d) = self.diagnostic.take() {
            self.sink.push((self.start, d));
        }
    }
}

/// The text of a span without its spaces (`( 3 , 12 )` reads `(3,12)`): how
/// numbers and squares are quoted in messages, so that a number too long to
/// hold is shown as the file has it, not as the value it was clamped to.
fn written(file: &SourceFile, span: Span) -> String {
    file.text[span.start..span.end]
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// A kind with its article, for sentences: "an outfield square".
fn kind_phrase(kind: SquareKind) -> &'static str {
    match kind {
        SquareKind::Diamond => "a diamond square",
        SquareKind::Texas => "a Texas square",
        SquareKind::Outfield => "an outfield square",
        SquareKind::Box => "BOX",
        SquareKind::Catcher => "C",
    }
}

/// The kinds of a direction that could not be understood: a stand-in so the
/// other statements can be checked.
fn placeholder() -> Vec<SquareKind> {
    use SquareKind::*;
    vec![Diamond, Diamond, Diamond, Texas, Outfield]
}

fn holder_of(bases: &[Option<Vec<Place>>; 4], place: Place) -> Option<Base> {
    Base::ALL.into_iter().find(|b| {
        bases[*b as usize]
            .as_ref()
            .is_some_and(|ps| ps.contains(&place))
    })
}

/// Square lookups against the grid of the field's directions.
struct SquareCheck<'a> {
    grid: &'a Field,
    /// Directions (index d - 1) that were broken or missing.
    broken: &'a [bool],
}

impl SquareCheck<'_> {
    /// The place a written square names, or `None` after reporting why it
    /// is not on the field (or silently, when its direction is already
    /// reported as broken).
    fn resolve(&mut self, v: &mut Validator<'_>, sq: &Spanned<RawSquare>) -> Option<Place> {
        match sq.value {
            RawSquare::Catcher => Some(Place::Catcher),
            RawSquare::Box => Some(Place::Box),
            RawSquare::Grid {
                direction,
                distance,
            } => {
                if self.broken[usize::from(direction - 1)] {
                    return None;
                }
                let fence = self.grid.fence(direction);
                let text = written(v.file, sq.span);
                match distance {
                    0 => {
                        v.error(sq.span, format!("{text} is not a square"))
                            .label("distances start at 1, the home area")
                            .hint("C, the catcher's square behind home plate, is written `C`");
                        None
                    }
                    1 => {
                        v.error(sq.span, format!("{text} is written `BOX`"))
                            .label("distance 1 is the home area, one square for all directions")
                            .hint("write `BOX`");
                        None
                    }
                    k if k > u32::from(fence) => {
                        v.error(sq.span, format!("{text} is not on the field"))
                            .label(format!("direction {direction} ends at distance {fence}"))
                            .hint(format!(
                                "the squares of direction {direction} run from ({direction},2) to ({direction},{fence})"
                            ));
                        None
                    }
                    k => Some(Place::Grid(direction, k as u8)),
                }
            }
        }
    }

    fn grid_id(&self, place: Place) -> super::model::SquareId {
        match place {
            Place::Catcher => self.grid.catcher(),
            Place::Box => self.grid.batter_box(),
            Place::Grid(d, k) => self.grid.square_at(d, k).expect("resolved squares exist"),
        }
    }

    fn adjacent(&self, a: Place, b: Place) -> bool {
        self.grid.is_adjacent(self.grid_id(a), self.grid_id(b))
    }

    fn steps(&self, a: Place, b: Place) -> u8 {
        self.grid.king_distance(self.grid_id(a), self.grid_id(b))
    }
}

/// The fewest steps between any square of one set and any of another.
fn min_steps(check: &SquareCheck<'_>, a: &[Place], b: &[Place]) -> u8 {
    a.iter()
        .flat_map(|&x| b.iter().map(move |&y| (x, y)))
        .map(|(x, y)| check.steps(x, y))
        .min()
        .unwrap_or(u8::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Severity;
    use crate::field::parse::parse_raw;

    const GOOD: &str = "\
field \"Test\"
direction 1: diamond 2-4, texas 5, outfield 6-10, blue 11
direction 2: diamond 2-4, texas 5, outfield 6-11
direction 3: diamond 2-4, texas 5, outfield 6-12
direction 4: diamond 2-4, texas 5, outfield 6-12
direction 5: diamond 2-4, texas 5, outfield 6-11
direction 6: diamond 2-3, texas 4, outfield 5-10
base first  (6,2) (6,3)
base second (3,4) (4,4)
base third  (1,2) (1,3)
base home   C
mound (3,2) (4,2)
cutoff first-second (5,3) (5,4)
cutoff second-third (2,3) (2,4)
orange (3,12) -1
";

    /// Validates GOOD with one line replaced (or appended when `old` is
    /// empty); returns the layout and the messages.
    fn check(old: &str, new: &str) -> (Option<Layout>, Vec<String>) {
        let text = if old.is_empty() {
            format!("{GOOD}{new}\n")
        } else {
            assert!(GOOD.contains(old), "{old}");
            GOOD.replacen(old, new, 1)
        };
        let file = SourceFile::new("t.field", text);
        let raw = parse_raw(&file).unwrap_or_else(|d| panic!("{}", d.render_plain()));
        let (layout, diagnostics) = validate(&file, &raw);
        let messages = diagnostics
            .into_iter()
            .map(|d| format!("{}: {}", d.position().unwrap_or_default(), d.message))
            .collect();
        (layout, messages)
    }

    fn errors(old: &str, new: &str) -> Vec<String> {
        let (layout, messages) = check(old, new);
        assert!(layout.is_none(), "expected errors for {new:?}");
        messages
    }

    #[test]
    fn good_field_gives_its_layout() {
        let (layout, messages) = check("", "");
        assert!(messages.is_empty(), "{messages:?}");
        let layout = layout.unwrap();
        assert_eq!(layout.name, "Test");
        assert_eq!(layout.directions[0].1, Some(11));
        assert_eq!(layout.directions[0].0.len(), 9, "distances 2 to 10");
        assert_eq!(
            layout.directions[5].0[2],
            SquareKind::Texas,
            "direction 6 has Texas at 4"
        );
        assert_eq!(layout.bases[Base::Home as usize], vec![Place::Catcher]);
        assert_eq!(layout.oranges, vec![(Place::Grid(3, 12), -1)]);
    }

    #[test]
    fn bases_may_use_diagonal_neighbours() {
        let (layout, messages) = check("base first  (6,2) (6,3)", "base first  (6,3) (5,2)");
        assert!(layout.is_some(), "{messages:?}");
    }

    #[test]
    fn base_on_squares_two_apart_is_rejected() {
        assert_eq!(
            errors("base first  (6,2) (6,3)", "base first  (6,2) (4,3)"),
            ["t.field:8:19: the squares of first base are not adjacent"]
        );
    }

    #[test]
    fn home_may_add_box_but_needs_c() {
        assert!(check("base home   C", "base home   C BOX").0.is_some());
        assert_eq!(
            errors("base home   C", "base home   BOX"),
            ["t.field:11:6: home plate is not on C"]
        );
    }

    #[test]
    fn texas_must_sit_at_the_edge_of_the_diamond() {
        let e = errors(
            "direction 2: diamond 2-4, texas 5, outfield 6-11",
            "direction 2: diamond 2-3, outfield 4, texas 5, outfield 6-11",
        );
        assert_eq!(
            e,
            ["t.field:3:39: the Texas square of direction 2 is not at the edge of the diamond"]
        );
    }

    #[test]
    fn texas_is_one_square_per_direction() {
        let e = errors(
            "direction 3: diamond 2-4, texas 5, outfield 6-12",
            "direction 3: diamond 2-4, texas 5, texas 6, outfield 7-12",
        );
        assert_eq!(
            e,
            ["t.field:4:36: direction 3 has more than one Texas square"]
        );
        let e = errors(
            "direction 3: diamond 2-4, texas 5, outfield 6-12",
            "direction 3: diamond 2-4, outfield 5-12",
        );
        assert_eq!(e, ["t.field:4:11: direction 3 has no Texas square"]);
    }

    #[test]
    fn blue_must_be_beyond_the_fence() {
        assert_eq!(
            errors("outfield 6-10, blue 11", "outfield 6-10, blue 10"),
            ["t.field:2:56: the blue minimum 10 of direction 1 is not beyond its fence"]
        );
    }

    #[test]
    fn modifiers_need_existing_squares() {
        assert_eq!(
            errors("orange (3,12) -1", "orange (3,13) -1"),
            ["t.field:15:8: (3,13) is not on the field"]
        );
    }

    #[test]
    fn numbers_too_long_are_quoted_as_written() {
        assert_eq!(
            errors(
                "outfield 6-12\ndirection 4",
                "outfield 99999999999999999999-6\ndirection 4"
            ),
            [
                "t.field:4:45: distance 99999999999999999999 is too far for a field",
                "t.field:4:66: the run 99999999999999999999-6 goes backwards",
            ]
        );
        assert_eq!(
            errors("orange (3,12) -1", "orange ( 3 , 0013 ) -1"),
            ["t.field:15:8: (3,0013) is not on the field"]
        );
        assert_eq!(
            errors("orange (3,12) -1", "orange (3,12) +18446744073709551616"),
            ["t.field:15:15: an orange modifier of +18446744073709551616 is out of range"]
        );
    }

    #[test]
    fn zero_orange_is_a_warning_only() {
        let (layout, messages) = check("orange (3,12) -1", "orange (3,12) 0");
        assert!(layout.is_some());
        assert_eq!(
            messages,
            ["t.field:15:15: an orange circle of 0 changes nothing"]
        );
    }

    #[test]
    fn duplicate_direction_is_reported_at_the_second() {
        let e = errors("", "direction 2: diamond 2-4, texas 5, outfield 6-9");
        assert_eq!(e, ["t.field:16:11: direction 2 is described twice"]);
    }

    #[test]
    fn squares_of_a_broken_direction_are_not_reported_twice() {
        // Direction 3 is broken, so the orange circle in it says nothing more.
        let e = errors(
            "direction 3: diamond 2-4, texas 5, outfield 6-12",
            "direction 3: diamond 2-4, outfield 5-12",
        );
        assert_eq!(e.len(), 1, "{e:?}");
    }

    #[test]
    fn every_problem_is_reported_in_file_order() {
        let text = GOOD
            .replace("outfield 6-10, blue 11", "outfield 6-10, blue 9")
            .replace("base first  (6,2) (6,3)", "base first  (6,2) (6,5)")
            .replace("mound (3,2) (4,2)\n", "")
            .replace("orange (3,12) -1", "orange (3,12) -8");
        let file = SourceFile::new("t.field", text);
        let (layout, diagnostics) = validate(&file, &parse_raw(&file).unwrap());
        assert!(layout.is_none());
        let lines: Vec<usize> = diagnostics
            .0
            .iter()
            .map(|d| file.line_col(d.location.as_ref().unwrap().span.start).0)
            .collect();
        // The missing mound comes last, though it points at the name.
        assert_eq!(lines, [2, 8, 14, 1]);
        assert!(diagnostics.0.iter().all(|d| d.severity == Severity::Error));
    }

    #[test]
    fn cutoff_squares_lie_between_their_bases() {
        assert_eq!(
            errors(
                "cutoff first-second (5,3) (5,4)",
                "cutoff first-second (5,3) (2,3)"
            ),
            ["t.field:13:27: (2,3) is not between first base and second base"]
        );
        assert!(
            check(
                "cutoff first-second (5,3) (5,4)",
                "cutoff first-second (5,3) (5,4) (4,3)"
            )
            .0
            .is_some()
        );
    }
}
