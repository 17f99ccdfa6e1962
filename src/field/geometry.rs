//! The fan geometry shared by path finding and the SVG drawing: where the
//! centre of each square lies on a flat picture of the field.
//!
//! Home plate is the origin, `y` grows toward centre field and `x` toward
//! right field; one unit is one distance arc. The field is a quarter circle:
//! the left-field foul line (the outer edge of direction 1) points up-left at
//! 135 degrees, the right-field line (the outer edge of direction 6) up-right
//! at 45 degrees, and each direction is a 15 degree wedge. Distance `k` is the
//! ring between radius `k - 1` and `k`.
//!
//! Angles are multiples of 7.5 degrees, so the sines and cosines come from a
//! fixed table instead of `f64::sin`: the results are the same bit for bit on
//! every platform, which keeps tie-breaks in paths and the SVG output
//! deterministic.

/// Unit vectors `(cos, sin)` at `135 - 7.5 * j` degrees, `j = 0..=12`: index
/// `2d - 2` is the left edge of direction `d`, `2d - 1` its middle and `2d`
/// its right edge.
const UNIT: [(f64, f64); 13] = [
    (-0.707_106_781_186_547_5, 0.707_106_781_186_547_5),
    (-0.608_761_429_008_720_7, 0.793_353_340_291_235_2),
    (-0.5, 0.866_025_403_784_438_6),
    (-0.382_683_432_365_089_8, 0.923_879_532_511_286_7),
    (-0.258_819_045_102_520_8, 0.965_925_826_289_068_3),
    (-0.130_526_192_220_051_6, 0.991_444_861_373_810_4),
    (0.0, 1.0),
    (0.130_526_192_220_051_6, 0.991_444_861_373_810_4),
    (0.258_819_045_102_520_8, 0.965_925_826_289_068_3),
    (0.382_683_432_365_089_8, 0.923_879_532_511_286_7),
    (0.5, 0.866_025_403_784_438_6),
    (0.608_761_429_008_720_7, 0.793_353_340_291_235_2),
    (0.707_106_781_186_547_5, 0.707_106_781_186_547_5),
];

/// A point on the flat picture, in arcs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Point {
    pub(crate) x: f64,
    pub(crate) y: f64,
}

/// The point at `radius` arcs along ray `ray` (an index into the 7.5 degree
/// table, 0 = left-field line, 12 = right-field line).
pub(crate) fn polar(radius: f64, ray: usize) -> Point {
    let (c, s) = UNIT[ray];
    Point {
        x: radius * c,
        y: radius * s,
    }
}

/// The ray index of the left edge of direction `d` (1..=6).
pub(crate) fn left_edge(direction: u8) -> usize {
    2 * usize::from(direction) - 2
}

/// The ray index of the middle of direction `d` (1..=6).
pub(crate) fn middle(direction: u8) -> usize {
    2 * usize::from(direction) - 1
}

/// The ray index of the right edge of direction `d` (1..=6).
pub(crate) fn right_edge(direction: u8) -> usize {
    2 * usize::from(direction)
}

/// The centre of grid square (direction, distance).
pub(crate) fn grid_centre(direction: u8, distance: u8) -> Point {
    polar(f64::from(distance) - 0.5, middle(direction))
}

/// The centre of BOX: the home area of distance 1, on the centre line.
pub(crate) fn box_centre() -> Point {
    polar(0.5, 6)
}

/// The centre of C: behind home plate, outside the fan.
pub(crate) fn catcher_centre() -> Point {
    Point { x: 0.0, y: -0.6 }
}

/// The squared distance between two points.
pub(crate) fn distance_squared(a: Point, b: Point) -> f64 {
    let (dx, dy) = (a.x - b.x, a.y - b.y);
    dx * dx + dy * dy
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_unit_length_and_mirrored() {
        for (j, &(c, s)) in UNIT.iter().enumerate() {
            assert!((c * c + s * s - 1.0).abs() < 1e-12, "ray {j}");
            let (mc, ms) = UNIT[12 - j];
            assert_eq!((c, s), (-mc, ms), "ray {j} mirrors ray {}", 12 - j);
        }
    }

    #[test]
    fn directions_run_from_left_to_right() {
        assert!(grid_centre(1, 5).x < grid_centre(2, 5).x);
        assert!(grid_centre(6, 5).x > 0.0);
        assert!(grid_centre(3, 5).x < 0.0 && grid_centre(4, 5).x > 0.0);
        assert_eq!(left_edge(1), 0);
        assert_eq!(right_edge(6), 12);
    }
}
