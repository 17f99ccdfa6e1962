//! The SVG drawing of a field: the fan as it would be printed, directions as
//! wedges and distances as arcs, coloured by kind (brown diamond, striped
//! green outfield, two-tone Texas squares), with the bases, the mound, C and
//! BOX, the cutoff zones, the fence, and the orange and blue circles. A
//! game's moment (`Position`) is drawn over it: the fielders as numbered
//! navy discs on their squares, the runners as red discs on the base path,
//! the ball, a throw's way to its receiver, the moment as the subtitle.
//!
//! The output is deterministic: coordinates come from the fixed trigonometry
//! table of `geometry` and are written with one decimal.

use std::fmt::Write;

use super::geometry::{self, Point};
use super::model::{self, DIRECTIONS, Field, Square, SquareKind};
use super::position::{BallMark, Position};

/// Pixels per distance arc.
const ARC: f64 = 40.0;

/// Margin around the drawing, in pixels.
const MARGIN: f64 = 36.0;

/// Height of the title band, in pixels.
const TITLE: f64 = 64.0;

/// Height of the legend band, in pixels.
const LEGEND: f64 = 104.0;

/// Height of the legend's row of a position's marks, in pixels.
const LEGEND_ROW: f64 = 28.0;

const DIRT: &str = "#c68b59";
const DIRT_DARK: &str = "#b07646";
const GRASS: &str = "#5da24a";
const GRASS_DARK: &str = "#549842";
const CHALK: &str = "#ffffff";
const FENCE: &str = "#23402c";
const ORANGE: &str = "#f28c28";
const BLUE: &str = "#2f6fd6";
const INK: &str = "#2b2b2b";
const PAPER: &str = "#f6f3ea";
const FOUL: &str = "#7fb069";
const MUTED: &str = "#6b6b6b";
const CUTOFF: &str = "#fff7c2";
const MOUND: &str = "#d7a06a";
const FIELDER: &str = "#1f3a68";
const RUNNER: &str = "#c0392b";
const BALL: &str = "#ffffff";

/// Where things go on the picture: arcs to pixels.
struct Canvas {
    origin_x: f64,
    origin_y: f64,
    width: f64,
    height: f64,
}

/// How much wider the drawing makes the area near home: a true fan makes
/// the infield squares tiny, so BOX is drawn `1 + INNER` arcs deep and every
/// ring beyond it `INNER` arcs farther out than it truly is.
const INNER: f64 = 1.2;

/// The drawn radius of a true radius, in arcs.
fn warp(r: f64) -> f64 {
    if r <= 1.0 {
        r * (1.0 + INNER)
    } else {
        r + INNER
    }
}

impl Canvas {
    /// The pixel position of a point on the true fan (C, behind home, is
    /// not moved).
    fn px(&self, p: Point) -> (f64, f64) {
        let r = (p.x * p.x + p.y * p.y).sqrt();
        let scale = if p.y < 0.0 || r == 0.0 {
            1.0
        } else {
            warp(r) / r
        };
        (
            self.origin_x + p.x * scale * ARC,
            self.origin_y - p.y * scale * ARC,
        )
    }

    fn xy(&self, p: Point) -> String {
        let (x, y) = self.px(p);
        format!("{} {}", n(x), n(y))
    }
}

/// A number with one decimal, without a trailing `.0`.
fn n(v: f64) -> String {
    let s = format!("{v:.1}");
    let s = s.strip_suffix(".0").unwrap_or(&s).to_owned();
    if s == "-0" { "0".to_owned() } else { s }
}

/// Escapes text for XML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The path of the ring sector between rays `a` and `b` (table indices, `a`
/// left of `b`) and radii `r0 < r1`.
fn sector(c: &Canvas, a: usize, b: usize, r0: f64, r1: f64) -> String {
    let outer = format!(
        "M{} A{} {} 0 0 1 {}",
        c.xy(geometry::polar(r1, a)),
        n(warp(r1) * ARC),
        n(warp(r1) * ARC),
        c.xy(geometry::polar(r1, b))
    );
    if r0 <= 0.0 {
        format!("{outer} L{} Z", c.xy(Point { x: 0.0, y: 0.0 }))
    } else {
        format!(
            "{outer} L{} A{} {} 0 0 0 {} Z",
            c.xy(geometry::polar(r0, b)),
            n(warp(r0) * ARC),
            n(warp(r0) * ARC),
            c.xy(geometry::polar(r0, a))
        )
    }
}

/// The ring sector of a grid square, or part of it between fractions of its
/// depth.
fn square_sector(c: &Canvas, sq: &Square, from: f64, to: f64) -> String {
    let d = sq.direction.expect("grid square");
    let k = f64::from(sq.distance);
    sector(
        c,
        geometry::left_edge(d),
        geometry::right_edge(d),
        k - 1.0 + from,
        k - 1.0 + to,
    )
}

/// The two halves of a Texas square, split along a diagonal so that the
/// square reads as part dirt, part grass: the dirt half along the inner arc,
/// the grass half along the outer arc. The diagonals of directions 4 to 6
/// mirror those of 1 to 3, so the field stays symmetric.
fn texas_halves(c: &Canvas, sq: &Square) -> (String, String) {
    let d = sq.direction.expect("grid square");
    let (a, b) = (geometry::left_edge(d), geometry::right_edge(d));
    let k = f64::from(sq.distance);
    let (r0, r1) = (k - 1.0, k);
    let (i0, i1) = (warp(r0) * ARC, warp(r1) * ARC);
    let corner = |r: f64, ray: usize| c.xy(geometry::polar(r, ray));
    if u16::from(d) * 2 <= u16::from(DIRECTIONS) {
        // Diagonal from the inner left corner to the outer right corner.
        (
            format!(
                "M{} A{} {} 0 0 1 {} L{} Z",
                corner(r0, a),
                n(i0),
                n(i0),
                corner(r0, b),
                corner(r1, b)
            ),
            format!(
                "M{} A{} {} 0 0 1 {} L{} Z",
                corner(r1, a),
                n(i1),
                n(i1),
                corner(r1, b),
                corner(r0, a)
            ),
        )
    } else {
        // Diagonal from the inner right corner to the outer left corner.
        (
            format!(
                "M{} A{} {} 0 0 1 {} L{} Z",
                corner(r0, a),
                n(i0),
                n(i0),
                corner(r0, b),
                corner(r1, a)
            ),
            format!(
                "M{} A{} {} 0 0 1 {} L{} Z",
                corner(r1, a),
                n(i1),
                n(i1),
                corner(r1, b),
                corner(r0, b)
            ),
        )
    }
}

fn midpoint(a: Point, b: Point) -> Point {
    Point {
        x: (a.x + b.x) / 2.0,
        y: (a.y + b.y) / 2.0,
    }
}

/// The middle of a set of squares (a base's two squares, the mound's).
fn middle_of(field: &Field, ids: &[model::SquareId]) -> Point {
    let points: Vec<Point> = ids
        .iter()
        .map(|&id| model::centre(field.square(id)))
        .collect();
    match points.as_slice() {
        [one] => *one,
        [a, b, ..] => midpoint(*a, *b),
        [] => Point { x: 0.0, y: 0.0 },
    }
}

/// A numbered circle (orange or blue).
fn badge(out: &mut String, c: &Canvas, at: Point, fill: &str, text: &str) {
    numbered(out, c.px(at), ARC * 0.34, fill, text);
}

/// A circle of radius `r` at pixel `(x, y)` with `text` on it.
fn numbered(out: &mut String, (x, y): (f64, f64), r: f64, fill: &str, text: &str) {
    let _ = writeln!(
        out,
        r#"  <circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{CHALK}" stroke-width="2"/>"#,
        n(x),
        n(y),
        n(r)
    );
    let _ = writeln!(
        out,
        r#"  <text x="{}" y="{}" class="badge">{}</text>"#,
        n(x),
        n(y + 4.5),
        esc(text)
    );
}

/// Draws a field as an SVG document.
pub fn render_svg(field: &Field) -> String {
    draw(field, None)
}

/// Draws a moment of a game on its field as an SVG document.
pub fn render_svg_at(field: &Field, position: &Position) -> String {
    draw(field, Some(position))
}

fn draw(field: &Field, position: Option<&Position>) -> String {
    let outer = field
        .directions()
        .iter()
        .map(|d| f64::from(d.fence) + if d.blue.is_some() { 1.1 } else { 0.0 })
        .fold(0.0, f64::max)
        + 1.4;
    let half = warp(outer) * 0.708 * ARC;
    let width = (2.0 * (half + MARGIN)).round();
    let origin_y = TITLE + warp(outer) * ARC + 8.0;
    let legend_height = LEGEND + if position.is_some() { LEGEND_ROW } else { 0.0 };
    let height = (origin_y + 1.2 * ARC + legend_height).round();
    let c = Canvas {
        origin_x: width / 2.0,
        origin_y,
        width,
        height,
    };

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="Helvetica, Arial, sans-serif">"#,
        w = n(c.width),
        h = n(c.height)
    );
    let _ = writeln!(out, "  <title>{}</title>", esc(field.name()));
    let _ = writeln!(
        out,
        "  <style>text {{ fill: {INK}; }} .badge {{ fill: #ffffff; font-size: 13px; font-weight: bold; text-anchor: middle; }} .small {{ font-size: 12px; }} .label {{ font-size: 14px; font-weight: bold; text-anchor: middle; fill: {INK}; }} .dist {{ font-size: 11px; text-anchor: middle; fill: {MUTED}; }}</style>"
    );
    let _ = writeln!(
        out,
        r#"  <rect x="0" y="0" width="{}" height="{}" fill="{PAPER}"/>"#,
        n(c.width),
        n(c.height)
    );

    // Title.
    let fences: Vec<String> = field
        .directions()
        .iter()
        .map(|d| d.fence.to_string())
        .collect();
    let _ = writeln!(
        out,
        r#"  <text x="{}" y="{}" font-size="24" font-weight="bold">{}</text>"#,
        n(MARGIN),
        n(MARGIN + 4.0),
        esc(field.name())
    );
    let subtitle = match position {
        Some(p) => p.caption.clone(),
        None => format!(
            "Board of Dreams field · fences {} (directions 1 to 6, left to right)",
            fences.join(" ")
        ),
    };
    let _ = writeln!(
        out,
        r#"  <text x="{}" y="{}" class="small" fill="{MUTED}">{}</text>"#,
        n(MARGIN),
        n(MARGIN + 24.0),
        esc(&subtitle)
    );

    // Foul territory: a soft quarter circle behind the fan.
    let _ = writeln!(
        out,
        r#"  <path d="{}" fill="{FOUL}" opacity="0.35"/>"#,
        sector(&c, 0, 12, 0.0, outer - 0.6)
    );

    // Squares.
    let _ = writeln!(
        out,
        r#"  <g stroke="{CHALK}" stroke-opacity="0.35" stroke-width="1">"#
    );
    for sq in field.squares() {
        if sq.direction.is_none() {
            continue;
        }
        let grass = if sq.distance % 2 == 0 {
            GRASS
        } else {
            GRASS_DARK
        };
        match sq.kind {
            SquareKind::Diamond => {
                let _ = writeln!(
                    out,
                    r#"    <path d="{}" fill="{DIRT}"/>"#,
                    square_sector(&c, sq, 0.0, 1.0)
                );
            }
            SquareKind::Outfield => {
                let _ = writeln!(
                    out,
                    r#"    <path d="{}" fill="{grass}"/>"#,
                    square_sector(&c, sq, 0.0, 1.0)
                );
            }
            SquareKind::Texas => {
                let (dirt, grass_half) = texas_halves(&c, sq);
                let _ = writeln!(out, r#"    <path d="{dirt}" fill="{DIRT}"/>"#);
                let _ = writeln!(out, r#"    <path d="{grass_half}" fill="{grass}"/>"#);
            }
            SquareKind::Box | SquareKind::Catcher => {}
        }
    }
    let _ = writeln!(out, "  </g>");

    // BOX: the home area at distance 1.
    let _ = writeln!(
        out,
        r#"  <path d="{}" fill="{DIRT_DARK}" stroke="{CHALK}" stroke-opacity="0.5"/>"#,
        sector(&c, 0, 12, 0.0, 1.0)
    );
    let (bx, by) = c.px(geometry::polar(0.62, 6));
    let _ = writeln!(
        out,
        r#"  <text x="{}" y="{}" class="small" text-anchor="middle" font-weight="bold" fill="{CHALK}" style="fill: {CHALK}">BOX</text>"#,
        n(bx),
        n(by + 4.0)
    );

    // Cutoff zones: dashed outlines.
    for sq in field.squares().iter().filter(|s| s.cutoff.is_some()) {
        let _ = writeln!(
            out,
            r#"  <path d="{}" fill="{CHALK}" fill-opacity="0.12" stroke="{CUTOFF}" stroke-width="2" stroke-dasharray="5 4"/>"#,
            square_sector(&c, sq, 0.08, 0.92)
        );
    }

    // Base squares: a light wash, then the bag between the two squares.
    for base in [model::Base::First, model::Base::Second, model::Base::Third] {
        let ids = field.base_squares(base);
        for &id in ids {
            let _ = writeln!(
                out,
                r#"  <path d="{}" fill="{CHALK}" fill-opacity="0.22"/>"#,
                square_sector(&c, field.square(id), 0.0, 1.0)
            );
        }
        let (x, y) = c.px(middle_of(field, ids));
        let s = ARC * 0.2;
        let _ = writeln!(
            out,
            r#"  <rect x="{}" y="{}" width="{}" height="{}" fill="{CHALK}" stroke="{INK}" stroke-width="1" transform="rotate(45 {} {})"/>"#,
            n(x - s),
            n(y - s),
            n(2.0 * s),
            n(2.0 * s),
            n(x),
            n(y)
        );
        // The label sits beside the bag, toward the centre line (below
        // it for second base).
        let side = if (x - c.origin_x).abs() < 1.0 {
            0.0
        } else {
            (c.origin_x - x).signum()
        };
        let (x, y) = if side == 0.0 {
            (x, y + s + 10.0)
        } else {
            (x, y)
        };
        let label = match base {
            model::Base::First => "1B",
            model::Base::Second => "2B",
            _ => "3B",
        };
        let _ = writeln!(
            out,
            r#"  <text x="{}" y="{}" class="small" text-anchor="middle" font-weight="bold">{label}</text>"#,
            n(x + side * 26.0),
            n(y + 5.0)
        );
    }

    // Foul lines.
    for ray in [0, 12] {
        let d = if ray == 0 { 1 } else { DIRECTIONS };
        let _ = writeln!(
            out,
            r#"  <line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{CHALK}" stroke-width="2.5"/>"#,
            n(c.origin_x),
            n(c.origin_y),
            n(c.px(geometry::polar(f64::from(field.fence(d)), ray)).0),
            n(c.px(geometry::polar(f64::from(field.fence(d)), ray)).1)
        );
    }

    // The mound.
    let (mx, my) = c.px(middle_of(field, field.mound()));
    let _ = writeln!(
        out,
        r#"  <circle cx="{}" cy="{}" r="{}" fill="{MOUND}" stroke="{DIRT_DARK}" stroke-width="1.5"/>"#,
        n(mx),
        n(my),
        n(ARC * 0.36)
    );
    let _ = writeln!(
        out,
        r#"  <rect x="{}" y="{}" width="{}" height="4" fill="{CHALK}"/>"#,
        n(mx - 6.0),
        n(my - 2.0),
        n(12.0)
    );

    // Home plate at the apex, and C behind it.
    let (hx, hy) = c.px(Point { x: 0.0, y: 0.0 });
    let _ = writeln!(
        out,
        r#"  <path d="M{} {} L{} {} L{} {} L{} {} L{} {} Z" fill="{CHALK}" stroke="{INK}" stroke-width="1"/>"#,
        n(hx),
        n(hy + 2.0),
        n(hx - 7.0),
        n(hy - 5.0),
        n(hx - 7.0),
        n(hy - 12.0),
        n(hx + 7.0),
        n(hy - 12.0),
        n(hx + 7.0),
        n(hy - 5.0)
    );
    let (cx, cy) = c.px(geometry::catcher_centre());
    let _ = writeln!(
        out,
        r#"  <circle cx="{}" cy="{}" r="{}" fill="{DIRT}" stroke="{CHALK}" stroke-width="2"/>"#,
        n(cx),
        n(cy),
        n(ARC * 0.36)
    );
    let _ = writeln!(
        out,
        r#"  <text x="{}" y="{}" class="label" style="fill: {CHALK}">C</text>"#,
        n(cx),
        n(cy + 5.0)
    );

    // The fence: the outer arc of every direction and the steps between.
    let mut fence = String::new();
    for dir in field.directions() {
        let r = f64::from(dir.fence);
        let (a, b) = (
            geometry::left_edge(dir.number),
            geometry::right_edge(dir.number),
        );
        if fence.is_empty() {
            let _ = write!(fence, "M{}", c.xy(geometry::polar(r, a)));
        } else {
            let _ = write!(fence, " L{}", c.xy(geometry::polar(r, a)));
        }
        let _ = write!(
            fence,
            " A{} {} 0 0 1 {}",
            n(warp(r) * ARC),
            n(warp(r) * ARC),
            c.xy(geometry::polar(r, b))
        );
    }
    let _ = writeln!(
        out,
        r#"  <path d="{fence}" fill="none" stroke="{FENCE}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>"#
    );

    // Orange circles.
    for sq in field.squares() {
        if let Some(v) = sq.orange {
            let at = match sq.kind {
                SquareKind::Box => geometry::polar(0.55, 9),
                _ => model::centre(sq),
            };
            badge(&mut out, &c, at, ORANGE, &format!("{v:+}"));
        }
    }

    // Blue circles, just beyond the fence, and the direction numbers.
    for dir in field.directions() {
        let r = f64::from(dir.fence);
        let mut label_r = r + 0.75;
        if let Some(b) = dir.blue {
            badge(
                &mut out,
                &c,
                geometry::polar(r + 0.55, geometry::middle(dir.number)),
                BLUE,
                &b.to_string(),
            );
            label_r += 1.0;
        }
        let (x, y) = c.px(geometry::polar(label_r, geometry::middle(dir.number)));
        let _ = writeln!(
            out,
            r#"  <text x="{}" y="{}" class="label">{}</text>"#,
            n(x),
            n(y + 5.0),
            dir.number
        );
    }

    // Distance numbers outside both foul lines.
    for (ray, dir, side) in [(0, 1u8, -1.0), (12, DIRECTIONS, 1.0)] {
        for k in 2..=field.fence(dir) {
            let p = geometry::polar(f64::from(k) - 0.5, ray);
            let (x, y) = c.px(p);
            let _ = writeln!(
                out,
                r#"  <text x="{}" y="{}" class="dist">{k}</text>"#,
                n(x + side * 10.0),
                n(y + 10.0)
            );
        }
    }

    if let Some(position) = position {
        overlay(&mut out, &c, field, position);
    }
    legend(&mut out, &c, position.is_some());
    out.push_str("</svg>\n");
    out
}

/// Where runners on circle `circle` of the base path stand on the picture:
/// on the straight line between the bases before and after it.
fn path_point(field: &Field, circle: u8) -> Point {
    let base = |b: u8| match b {
        1 => middle_of(field, field.base_squares(model::Base::First)),
        2 => middle_of(field, field.base_squares(model::Base::Second)),
        3 => middle_of(field, field.base_squares(model::Base::Third)),
        _ => Point { x: 0.0, y: 0.0 },
    };
    let circle = circle.min(20);
    let (from, step) = (base(circle / 5), f64::from(circle % 5) / 5.0);
    let to = base(circle / 5 + 1);
    Point {
        x: from.x + (to.x - from.x) * step,
        y: from.y + (to.y - from.y) * step,
    }
}

/// A numbered disc at pixel `at`: a fielder or a runner.
fn disc(out: &mut String, at: (f64, f64), fill: &str, text: &str) {
    numbered(out, at, ARC * 0.3, fill, text);
}

/// The ball: a white disc, ringed when it is a fly ball coming down.
fn ball(out: &mut String, (x, y): (f64, f64), fly: bool) {
    if fly {
        let _ = writeln!(
            out,
            r#"  <circle cx="{}" cy="{}" r="11" fill="none" stroke="{INK}" stroke-width="1.5" stroke-dasharray="3 2"/>"#,
            n(x),
            n(y)
        );
    }
    let _ = writeln!(
        out,
        r#"  <circle cx="{}" cy="{}" r="6" fill="{BALL}" stroke="{RUNNER}" stroke-width="1.5"/>"#,
        n(x),
        n(y)
    );
}

/// A position's marks over the field: the fielders on their squares
/// (side by side when they share one), the runners on the base path, the
/// ball (by its holder's disc when held), a throw's way to its receiver.
fn overlay(out: &mut String, c: &Canvas, field: &Field, position: &Position) {
    let spread = ARC * 0.62;
    let mut at = [(0.0, 0.0); super::position::FIELDERS];
    for (f, &square) in position.fielders.iter().enumerate() {
        if square.index() >= field.squares().len() {
            continue;
        }
        let sharing: Vec<usize> = (0..position.fielders.len())
            .filter(|&g| position.fielders[g] == square)
            .collect();
        let rank = sharing.iter().position(|&g| g == f).unwrap_or(0) as f64;
        let (x, y) = c.px(model::centre(field.square(square)));
        at[f] = (x + (rank - (sharing.len() as f64 - 1.0) / 2.0) * spread, y);
    }
    // A throw's way first, under the discs.
    if let Some(BallMark::Thrown { at: square, to }) = position.ball
        && square.index() < field.squares().len()
        && let Some(&(tx, ty)) = at.get(usize::from(to))
    {
        let (x, y) = c.px(model::centre(field.square(square)));
        let _ = writeln!(
            out,
            r#"  <line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{BALL}" stroke-width="2.5" stroke-dasharray="6 4"/>"#,
            n(x),
            n(y),
            n(tx),
            n(ty)
        );
    }
    for (f, &square) in position.fielders.iter().enumerate() {
        if square.index() < field.squares().len() {
            disc(out, at[f], FIELDER, &(f + 1).to_string());
        }
    }
    // Runners over the fielders, pushed off the path away from the middle
    // of the diamond, so that a fielder on a base leaves his runner seen
    // (the batter at the plate stands in the box, left of it).
    let (mid_x, mid_y) = c.px(midpoint(Point { x: 0.0, y: 0.0 }, path_point(field, 10)));
    for runner in &position.runners {
        let (x, y) = c.px(path_point(field, runner.circle));
        let (dx, dy) = if runner.circle == 0 {
            (-1.0, 0.0)
        } else {
            let (dx, dy) = (x - mid_x, y - mid_y);
            let length = (dx * dx + dy * dy).sqrt().max(1e-9);
            (dx / length, dy / length)
        };
        let push = ARC * 0.45;
        disc(
            out,
            (x + dx * push, y + dy * push),
            RUNNER,
            &position.runner_number(runner).to_string(),
        );
    }
    let on_square = |square: model::SquareId| {
        let (x, y) = c.px(model::centre(field.square(square)));
        (x + ARC * 0.3, y - ARC * 0.3)
    };
    match position.ball {
        Some(BallMark::Held(by)) => {
            if let Some(&(x, y)) = at.get(usize::from(by)) {
                ball(out, (x + ARC * 0.25, y - ARC * 0.25), false);
            }
        }
        Some(BallMark::Ground(square) | BallMark::Thrown { at: square, .. })
            if square.index() < field.squares().len() =>
        {
            ball(out, on_square(square), false);
        }
        Some(BallMark::Fly(square)) if square.index() < field.squares().len() => {
            ball(out, on_square(square), true);
        }
        _ => {}
    }
}

/// The legend band at the bottom, with a row for a position's marks when
/// one is drawn (`marks`).
fn legend(out: &mut String, c: &Canvas, marks: bool) {
    let extra = if marks { LEGEND_ROW } else { 0.0 };
    let top = c.height - LEGEND - extra + 14.0;
    let col = (c.width - 2.0 * MARGIN) / 3.0;
    let items: [(&str, &str); 9] = [
        ("diamond", "diamond (infield dirt)"),
        ("outfield", "outfield"),
        ("texas", "Texas League square"),
        ("base", "base, on two squares"),
        ("mound", "the mound"),
        ("cutoff", "cutoff zone"),
        ("orange", "orange: throw modifier"),
        ("blue", "blue: home-run minimum"),
        ("fence", "the fence"),
    ];
    for (i, (what, text)) in items.iter().enumerate() {
        let x = MARGIN + col * (i % 3) as f64;
        let y = top + 28.0 * (i / 3) as f64;
        let swatch = match *what {
            "diamond" => format!(
                r#"<rect x="{}" y="{}" width="18" height="18" fill="{DIRT}"/>"#,
                n(x),
                n(y)
            ),
            "outfield" => format!(
                r#"<rect x="{}" y="{}" width="18" height="18" fill="{GRASS}"/>"#,
                n(x),
                n(y)
            ),
            "texas" => format!(
                r#"<path d="M{x0} {y1} L{x1} {y1} L{x1} {y0} Z" fill="{DIRT}"/><path d="M{x0} {y1} L{x0} {y0} L{x1} {y0} Z" fill="{GRASS}"/>"#,
                x0 = n(x),
                x1 = n(x + 18.0),
                y0 = n(y),
                y1 = n(y + 18.0)
            ),
            "base" => format!(
                r#"<rect x="{}" y="{}" width="12" height="12" fill="{CHALK}" stroke="{INK}" transform="rotate(45 {} {})"/>"#,
                n(x + 3.0),
                n(y + 3.0),
                n(x + 9.0),
                n(y + 9.0)
            ),
            "mound" => format!(
                r#"<circle cx="{}" cy="{}" r="9" fill="{MOUND}" stroke="{DIRT_DARK}"/>"#,
                n(x + 9.0),
                n(y + 9.0)
            ),
            "cutoff" => format!(
                r#"<rect x="{}" y="{}" width="18" height="18" fill="{DIRT}" stroke="{CUTOFF}" stroke-width="2" stroke-dasharray="5 4"/>"#,
                n(x),
                n(y)
            ),
            "orange" => format!(
                r#"<circle cx="{}" cy="{}" r="9" fill="{ORANGE}"/>"#,
                n(x + 9.0),
                n(y + 9.0)
            ),
            "blue" => format!(
                r#"<circle cx="{}" cy="{}" r="9" fill="{BLUE}"/>"#,
                n(x + 9.0),
                n(y + 9.0)
            ),
            _ => format!(
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{FENCE}" stroke-width="5"/>"#,
                n(x),
                n(y + 9.0),
                n(x + 18.0),
                n(y + 9.0)
            ),
        };
        let _ = writeln!(out, "  {swatch}");
        key_label(out, x, y, text);
    }
    if marks {
        let y = top + 28.0 * 3.0;
        let keys: [(&str, &str); 3] = [
            (FIELDER, "fielder, by scoring number"),
            (RUNNER, "runner, by batting slot"),
            (BALL, "the ball (ringed: a fly)"),
        ];
        for (i, (fill, text)) in keys.iter().enumerate() {
            let x = MARGIN + col * i as f64;
            let stroke = if *fill == BALL { RUNNER } else { CHALK };
            let _ = writeln!(
                out,
                r#"  <circle cx="{}" cy="{}" r="9" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"#,
                n(x + 9.0),
                n(y + 9.0)
            );
            key_label(out, x, y, text);
        }
    }
}

/// The words of a legend item whose swatch is at `(x, y)`.
fn key_label(out: &mut String, x: f64, y: f64, text: &str) {
    let _ = writeln!(
        out,
        r#"  <text x="{}" y="{}" class="small">{}</text>"#,
        n(x + 26.0),
        n(y + 13.0),
        esc(text)
    );
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
    fn svg_is_one_document_with_every_square() {
        let field = classic();
        let svg = render_svg(&field);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.trim_end().ends_with("</svg>"));
        let grid = field
            .squares()
            .iter()
            .filter(|s| s.direction.is_some())
            .count();
        let texas = field
            .squares()
            .iter()
            .filter(|s| s.kind == SquareKind::Texas)
            .count();
        let squares = svg.matches(r#"    <path d=""#).count();
        assert_eq!(
            squares,
            grid + texas,
            "one path per square, two per Texas square"
        );
        assert_eq!(svg.matches(&format!("fill=\"{ORANGE}\" stroke")).count(), 2);
        assert_eq!(svg.matches(&format!("fill=\"{BLUE}\" stroke")).count(), 1);
    }

    #[test]
    fn svg_is_deterministic_with_one_decimal() {
        let field = classic();
        let a = render_svg(&field);
        assert_eq!(a, render_svg(&field));
        // Every coordinate in path data has at most one decimal.
        let paths: Vec<&str> = a
            .split(" d=\"")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap())
            .collect();
        assert!(paths.len() > 50);
        for path in paths {
            for number in path.split(|c: char| !(c.is_ascii_digit() || c == '.')) {
                if let Some((_, decimals)) = number.split_once('.') {
                    assert!(decimals.len() <= 1, "{number} in {path}");
                }
            }
        }
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(n(3.0), "3");
        assert_eq!(n(-0.04), "0");
        assert_eq!(n(12.345), "12.3");
    }
}
