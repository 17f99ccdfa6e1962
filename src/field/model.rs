//! The `Field` model: the squares of a validated playing field, what is
//! printed on each of them, and the precomputed tables (neighbours, king-move
//! distances, next steps) that make every query the engine asks a lookup.
//!
//! Squares are addressed by a small `Copy` id, `SquareId`, so game state can
//! name a fielder's or the ball's square in one byte. Ids are stable for a
//! given field file: C is 0, BOX is 1, then the grid squares direction by
//! direction (1 to 6), each from distance 2 to its fence.
//!
//! A `Field` is only built from a `Layout` that `validate` has checked, so the
//! queries do not fail on a well-formed field; they panic only when given an
//! id from another field or a direction outside 1..=6, which are programming
//! errors.

use std::collections::VecDeque;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::geometry;

/// The number of batting directions on every field.
pub const DIRECTIONS: u8 = 6;

/// The first distance of the grid; distance 1 is the home area (BOX).
pub const FIRST_GRID_DISTANCE: u8 = 2;

/// The largest distance a field may reach (its longest fence).
pub const MAX_DISTANCE: u8 = 20;

/// A square of a field: an index into `Field::squares`.
///
/// Deserializing gives an unchecked id, as game state read back from a log
/// would; `Field::id` checks an index against a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SquareId(u8);

impl SquareId {
    /// The index of the square in `Field::squares`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// What a square is made of, which decides who may stand on it and whether a
/// ball there is on the ground or in the air.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SquareKind {
    /// Infield dirt (brown): a ball here is a ground ball.
    Diamond,
    /// A "Texas League" square, part diamond and part outfield, at the edge
    /// of the diamond; open to infielders and outfielders alike.
    Texas,
    /// Grass beyond the diamond (green): a ball here is a fly ball.
    Outfield,
    /// The home area at distance 1, where the batter stands; part of the
    /// diamond.
    Box,
    /// The catcher's square behind home plate; the catcher on it touches
    /// home plate.
    Catcher,
}

impl SquareKind {
    /// Whether the square counts as inside the diamond (infield dirt, the
    /// Texas squares, BOX and C).
    pub fn is_diamond_side(self) -> bool {
        !matches!(self, Self::Outfield)
    }

    /// Whether the square counts as outfield (grass and the Texas squares).
    pub fn is_outfield_side(self) -> bool {
        matches!(self, Self::Outfield | Self::Texas)
    }

    /// A lower-case word for messages and drawings.
    pub fn word(self) -> &'static str {
        match self {
            Self::Diamond => "diamond",
            Self::Texas => "texas",
            Self::Outfield => "outfield",
            Self::Box => "BOX",
            Self::Catcher => "C",
        }
    }
}

/// One of the four bases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Base {
    /// First base (base path circle 5).
    First,
    /// Second base (circle 10).
    Second,
    /// Third base (circle 15).
    Third,
    /// Home plate (circle 20), on C.
    Home,
}

impl Base {
    /// All four, in running order.
    pub const ALL: [Base; 4] = [Base::First, Base::Second, Base::Third, Base::Home];

    /// The keyword of the base in field files.
    pub fn keyword(self) -> &'static str {
        match self {
            Self::First => "first",
            Self::Second => "second",
            Self::Third => "third",
            Self::Home => "home",
        }
    }

    /// The base's circle on the base path (core.board.basepath): 5, 10, 15
    /// and 20.
    pub const fn circle(self) -> u8 {
        match self {
            Self::First => 5,
            Self::Second => 10,
            Self::Third => 15,
            Self::Home => 20,
        }
    }

    /// The base's name in sentences ("first base", "home plate").
    pub fn name(self) -> &'static str {
        match self {
            Self::First => "first base",
            Self::Second => "second base",
            Self::Third => "third base",
            Self::Home => "home plate",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A cutoff zone: where a defender between two bases, covering neither, can
/// receive a throw from an outfielder (PRO's cutoff values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CutoffZone {
    /// Between first and second base.
    FirstSecond,
    /// Between second and third base.
    SecondThird,
}

impl CutoffZone {
    /// Both zones.
    pub const ALL: [CutoffZone; 2] = [CutoffZone::FirstSecond, CutoffZone::SecondThird];

    /// The keyword of the zone in field files.
    pub fn keyword(self) -> &'static str {
        match self {
            Self::FirstSecond => "first-second",
            Self::SecondThird => "second-third",
        }
    }

    /// The two bases the zone lies between.
    pub fn bases(self) -> (Base, Base) {
        match self {
            Self::FirstSecond => (Base::First, Base::Second),
            Self::SecondThird => (Base::Second, Base::Third),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One square and everything printed on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Square {
    /// Its id.
    pub id: SquareId,
    /// Its batting direction, 1..=6; `None` for C and BOX, which span all.
    pub direction: Option<u8>,
    /// Its distance from home plate in arcs: 0 for C, 1 for BOX, 2 and more
    /// for the grid.
    pub distance: u8,
    /// What it is made of.
    pub kind: SquareKind,
    /// The base it holds, if any.
    pub base: Option<Base>,
    /// Whether it is (part of) the pitcher's mound.
    pub mound: bool,
    /// The cutoff zone it belongs to, if any.
    pub cutoff: Option<CutoffZone>,
    /// The orange throw modifier printed on it, if any.
    pub orange: Option<i8>,
    /// The squares a pawn can step to from here, in id order.
    pub neighbours: Vec<SquareId>,
}

impl Square {
    /// The square's name in messages: `(3,4)`, `C` or `BOX`.
    pub fn label(&self) -> String {
        match (self.kind, self.direction) {
            (SquareKind::Catcher, _) => "C".to_owned(),
            (SquareKind::Box, _) => "BOX".to_owned(),
            (_, Some(d)) => format!("({d},{})", self.distance),
            (_, None) => format!("(?,{})", self.distance),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// One batting direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Direction {
    /// Its number, 1..=6.
    pub number: u8,
    /// The distance of its last square, just inside the fence.
    pub fence: u8,
    /// The distance of its Texas square.
    pub texas: u8,
    /// The blue circle: the minimum batting distance of a home run, when the
    /// field prints one (always beyond the fence).
    pub blue: Option<u8>,
}

impl Direction {
    /// The minimum batting distance of a home run: the blue circle, or one
    /// past the fence.
    pub fn home_run_minimum(&self) -> u8 {
        self.blue.unwrap_or(self.fence + 1)
    }
}

/// Where a batted ball ends up, from its direction and distance alone
/// (before any catch), per the field regulations on blue circles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "landing", content = "square")]
pub enum Landing {
    /// Inside the field, on this square (BOX when the distance is 1 or less).
    Square(SquareId),
    /// Beyond the last square but short of the home-run minimum: the ball hit
    /// the fence and lies on the direction's last square, on the ground,
    /// and cannot be caught in the air.
    Fence(SquareId),
    /// At or beyond the home-run minimum.
    HomeRun,
}

/// A validated playing field. Build one with `parse_field` or `load_field`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Field {
    name: String,
    directions: Vec<Direction>,
    squares: Vec<Square>,
    bases: [Vec<SquareId>; 4],
    mound: Vec<SquareId>,
    cutoffs: [Vec<SquareId>; 2],
    /// `offsets[d - 1]`: the id of square (d, 2); the grid squares of a
    /// direction are consecutive.
    #[serde(skip)]
    offsets: [u8; 6],
    /// King-move distances, `n * n`, row = from.
    #[serde(skip)]
    distances: Vec<u8>,
    /// The next square on the path from a square toward another, `n * n`.
    #[serde(skip)]
    next: Vec<SquareId>,
    /// The usual placement of the nine, by position (empty for a field
    /// built without paths).
    #[serde(skip)]
    standard: Vec<SquareId>,
    /// The orange circle of each square's part of the field
    /// (`orange_of_part`), by square index.
    #[serde(skip)]
    part_oranges: Vec<Option<i8>>,
}

/// A place on a field before ids are handed out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Place {
    /// A grid square (direction, distance).
    Grid(u8, u8),
    /// C.
    Catcher,
    /// BOX.
    Box,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Grid(d, k) => write!(f, "({d},{k})"),
            Place::Catcher => f.write_str("C"),
            Place::Box => f.write_str("BOX"),
        }
    }
}

/// A checked description of a field, from which the model is built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Layout {
    pub(crate) name: String,
    /// For each direction: the kinds of its squares from distance 2 to the
    /// fence, and its blue circle.
    pub(crate) directions: Vec<(Vec<SquareKind>, Option<u8>)>,
    pub(crate) bases: [Vec<Place>; 4],
    pub(crate) mound: Vec<Place>,
    pub(crate) cutoffs: [Vec<Place>; 2],
    pub(crate) oranges: Vec<(Place, i8)>,
}

const CATCHER: SquareId = SquareId(0);
const BOX: SquareId = SquareId(1);

impl Field {
    /// Builds the model and its tables from a validated layout.
    pub(crate) fn from_layout(layout: Layout) -> Field {
        let mut field = Self::unlinked(layout);
        field.link(true);
        field.standard = field.place_the_nine();
        field
    }

    /// Builds the model with neighbours and distances but without the
    /// next-step table: enough for validation to ask about adjacency and
    /// distances, at a fraction of the cost. Paths must not be asked of it.
    pub(crate) fn without_paths(layout: Layout) -> Field {
        let mut field = Self::unlinked(layout);
        field.link(false);
        field
    }

    fn unlinked(layout: Layout) -> Field {
        assert_eq!(layout.directions.len(), usize::from(DIRECTIONS));
        let mut squares = vec![
            blank_square(CATCHER, None, 0, SquareKind::Catcher),
            blank_square(BOX, None, 1, SquareKind::Box),
        ];
        let mut offsets = [0u8; 6];
        let mut directions = Vec::new();
        for (i, (kinds, blue)) in layout.directions.iter().enumerate() {
            let number = i as u8 + 1;
            offsets[i] = squares.len() as u8;
            let mut texas = 0;
            for (j, &kind) in kinds.iter().enumerate() {
                let distance = FIRST_GRID_DISTANCE + j as u8;
                if kind == SquareKind::Texas {
                    texas = distance;
                }
                let id = SquareId(squares.len() as u8);
                squares.push(blank_square(id, Some(number), distance, kind));
            }
            directions.push(Direction {
                number,
                fence: FIRST_GRID_DISTANCE + kinds.len() as u8 - 1,
                texas,
                blue: *blue,
            });
        }
        let mut field = Field {
            name: layout.name,
            directions,
            squares,
            bases: Default::default(),
            mound: Vec::new(),
            cutoffs: Default::default(),
            offsets,
            distances: Vec::new(),
            next: Vec::new(),
            standard: Vec::new(),
            part_oranges: Vec::new(),
        };
        for base in Base::ALL {
            let ids: Vec<SquareId> = layout.bases[base.index()]
                .iter()
                .map(|&p| field.id_of(p))
                .collect();
            for &id in &ids {
                field.squares[id.index()].base = Some(base);
            }
            field.bases[base.index()] = ids;
        }
        field.mound = layout.mound.iter().map(|&p| field.id_of(p)).collect();
        for &id in &field.mound {
            field.squares[id.index()].mound = true;
        }
        for zone in CutoffZone::ALL {
            let ids: Vec<SquareId> = layout.cutoffs[zone.index()]
                .iter()
                .map(|&p| field.id_of(p))
                .collect();
            for &id in &ids {
                field.squares[id.index()].cutoff = Some(zone);
            }
            field.cutoffs[zone.index()] = ids;
        }
        for &(place, value) in &layout.oranges {
            let id = field.id_of(place);
            field.squares[id.index()].orange = Some(value);
        }
        field.part_oranges = field
            .squares
            .iter()
            .map(|sq| field.find_orange_of_part(sq))
            .collect();
        field
    }

    /// The id of a place the layout promised exists.
    fn id_of(&self, place: Place) -> SquareId {
        match place {
            Place::Catcher => CATCHER,
            Place::Box => BOX,
            Place::Grid(d, k) => self
                .square_at(d, k)
                .expect("validated layout names existing squares"),
        }
    }

    /// Fills in neighbours, distances and (when `paths`) next steps.
    fn link(&mut self, paths: bool) {
        let n = self.squares.len();
        // Neighbours: the 8-neighbourhood of the grid, plus BOX touching the
        // whole distance-2 arc and C touching BOX only.
        for i in 0..n {
            let sq = &self.squares[i];
            let mut out = Vec::new();
            match (sq.kind, sq.direction) {
                (SquareKind::Catcher, _) => out.push(BOX),
                (SquareKind::Box, _) => {
                    out.push(CATCHER);
                    out.extend(
                        (1..=DIRECTIONS).filter_map(|d| self.square_at(d, FIRST_GRID_DISTANCE)),
                    );
                }
                (_, Some(d)) => {
                    let k = sq.distance;
                    if k == FIRST_GRID_DISTANCE {
                        out.push(BOX);
                    }
                    for dd in d.saturating_sub(1).max(1)..=(d + 1).min(DIRECTIONS) {
                        for kk in k - 1..=k + 1 {
                            if (dd, kk) != (d, k)
                                && let Some(id) = self.square_at(dd, kk)
                                && id != BOX
                            {
                                out.push(id);
                            }
                        }
                    }
                }
                (_, None) => unreachable!("only C and BOX lack a direction"),
            }
            out.sort_unstable();
            self.squares[i].neighbours = out;
        }

        // King-move distances by breadth-first search from every square.
        let mut distances = vec![u8::MAX; n * n];
        for from in 0..n {
            let row = &mut distances[from * n..(from + 1) * n];
            row[from] = 0;
            let mut queue = VecDeque::from([from]);
            while let Some(at) = queue.pop_front() {
                for next in &self.squares[at].neighbours {
                    if row[next.index()] == u8::MAX {
                        row[next.index()] = row[at] + 1;
                        queue.push_back(next.index());
                    }
                }
            }
        }

        self.distances = distances;
        if !paths {
            return;
        }
        let distances = &self.distances;

        // Next steps: among the neighbours one step closer to the target,
        // the one whose centre lies nearest the target's centre (so paths
        // look straight), ties to the lower id. Because the choice depends
        // only on the current square and the target, the rest of a path is
        // the path from wherever the ball stopped.
        let centres: Vec<geometry::Point> = self.squares.iter().map(centre).collect();
        let mut next = vec![CATCHER; n * n];
        for from in 0..n {
            for to in 0..n {
                if from == to {
                    next[from * n + to] = SquareId(from as u8);
                    continue;
                }
                let want = distances[from * n + to] - 1;
                let best = self.squares[from]
                    .neighbours
                    .iter()
                    .filter(|nb| distances[nb.index() * n + to] == want)
                    .min_by_key(|nb| {
                        let d2 = geometry::distance_squared(centres[nb.index()], centres[to]);
                        ((d2 * 1e6).round() as i64, nb.0)
                    })
                    .expect("a connected field has a next step");
                next[from * n + to] = *best;
            }
        }
        self.next = next;
    }

    /// The usual placement of the nine on the field, by position (P, C,
    /// 1B, 2B, 3B, SS, LF, CF, RF): the pitcher on the mound, the catcher
    /// in C, first and third basemen on their bases' outer squares, the
    /// middle infielders in the cutoff zones, and the outfielders two
    /// thirds of the way to the fence in the left, centre and right
    /// directions. Worked out once, when the field is built.
    pub fn standard_positions(&self) -> &[SquareId] {
        &self.standard
    }

    fn place_the_nine(&self) -> Vec<SquareId> {
        let outer = |base: Base| {
            self.base_squares(base)
                .iter()
                .copied()
                .max_by_key(|&s| self.square(s).distance)
                .unwrap_or(self.catcher())
        };
        let middle = |zone: CutoffZone, fallback: Base| {
            self.cutoff_squares(zone)
                .iter()
                .copied()
                .filter(|&s| self.kind(s) == SquareKind::Diamond && self.base_at(s).is_none())
                .max_by_key(|&s| (self.square(s).distance, s.index()))
                .unwrap_or_else(|| outer(fallback))
        };
        let deep = |direction: u8| {
            let fence = self.fence(direction);
            let target = (fence * 2).div_ceil(3);
            (1..=fence)
                .rev()
                .filter_map(|d| self.square_at(direction, d))
                .filter(|&s| self.kind(s) == SquareKind::Outfield)
                .min_by_key(|&s| (self.square(s).distance.abs_diff(target), s.index()))
                .unwrap_or_else(|| self.fence_square(direction))
        };
        vec![
            // A validated field has a mound.
            self.mound().first().copied().unwrap_or(self.catcher()),
            self.catcher(),
            outer(Base::First),
            middle(CutoffZone::FirstSecond, Base::Second),
            outer(Base::Third),
            middle(CutoffZone::SecondThird, Base::Second),
            deep(2),
            deep(if self.fence(3) >= self.fence(4) { 3 } else { 4 }),
            deep(5),
        ]
    }

    /// The field's name, as its file gives it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// All squares, in id order.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// A square by id.
    ///
    /// # Panics
    /// If the id belongs to another, larger field.
    pub fn square(&self, id: SquareId) -> &Square {
        &self.squares[id.index()]
    }

    /// The id of the square at `index` in `squares()`, if there is one.
    pub fn id(&self, index: usize) -> Option<SquareId> {
        (index < self.squares.len()).then_some(SquareId(index as u8))
    }

    /// The square at (direction, distance): BOX for distance 1 in every
    /// direction, a grid square from distance 2 to the fence, `None` beyond
    /// the fence, at distance 0 or for a direction outside 1..=6. C has no
    /// grid address: use `catcher()`.
    pub fn square_at(&self, direction: u8, distance: u8) -> Option<SquareId> {
        if !(1..=DIRECTIONS).contains(&direction) {
            return None;
        }
        match distance {
            0 => None,
            1 => Some(BOX),
            k if k <= self.directions.get(usize::from(direction - 1))?.fence => Some(SquareId(
                self.offsets[usize::from(direction - 1)] + k - FIRST_GRID_DISTANCE,
            )),
            _ => None,
        }
    }

    /// The grid squares of a direction, from distance 2 out to the fence.
    ///
    /// # Panics
    /// If `direction` is not in 1..=6.
    pub fn direction_squares(&self, direction: u8) -> impl Iterator<Item = SquareId> + '_ {
        let first = self.offsets[usize::from(direction - 1)];
        let count = self.fence(direction) - FIRST_GRID_DISTANCE + 1;
        (first..first + count).map(SquareId)
    }

    /// C, the catcher's square; it holds home plate.
    pub fn catcher(&self) -> SquareId {
        CATCHER
    }

    /// BOX, the batter's square at distance 1.
    pub fn batter_box(&self) -> SquareId {
        BOX
    }

    /// What a square is made of.
    pub fn kind(&self, id: SquareId) -> SquareKind {
        self.square(id).kind
    }

    /// The squares a pawn can step to from `id`: the 8 grid neighbours
    /// (diagonals included) that exist, with BOX next to every distance-2
    /// square and C next to BOX only.
    pub fn neighbours(&self, id: SquareId) -> &[SquareId] {
        &self.square(id).neighbours
    }

    /// Whether two squares touch (a square does not touch itself).
    pub fn is_adjacent(&self, a: SquareId, b: SquareId) -> bool {
        self.neighbours(a).binary_search(&b).is_ok()
    }

    /// The six directions, 1 to 6.
    pub fn directions(&self) -> &[Direction] {
        &self.directions
    }

    /// One direction.
    ///
    /// # Panics
    /// If `direction` is not in 1..=6.
    pub fn direction(&self, direction: u8) -> &Direction {
        assert!(
            (1..=DIRECTIONS).contains(&direction),
            "direction {direction} is not in 1..=6"
        );
        &self.directions[usize::from(direction - 1)]
    }

    /// The distance of a direction's last square (the fence).
    ///
    /// # Panics
    /// If `direction` is not in 1..=6.
    pub fn fence(&self, direction: u8) -> u8 {
        self.direction(direction).fence
    }

    /// The last square of a direction, against the fence.
    ///
    /// # Panics
    /// If `direction` is not in 1..=6.
    pub fn fence_square(&self, direction: u8) -> SquareId {
        let fence = self.fence(direction);
        self.square_at(direction, fence)
            .expect("the fence square exists")
    }

    /// A direction's Texas square.
    ///
    /// # Panics
    /// If `direction` is not in 1..=6.
    pub fn texas(&self, direction: u8) -> SquareId {
        let texas = self.direction(direction).texas;
        self.square_at(direction, texas)
            .expect("the Texas square exists")
    }

    /// The blue circle of a direction, if the field prints one.
    ///
    /// # Panics
    /// If `direction` is not in 1..=6.
    pub fn blue(&self, direction: u8) -> Option<u8> {
        self.direction(direction).blue
    }

    /// The minimum batting distance of a home run in a direction: its blue
    /// circle, or one past the fence.
    ///
    /// # Panics
    /// If `direction` is not in 1..=6.
    pub fn home_run_minimum(&self, direction: u8) -> u8 {
        self.direction(direction).home_run_minimum()
    }

    /// Where a ball batted in `direction` for `distance` arcs lands.
    ///
    /// # Panics
    /// If `direction` is not in 1..=6.
    pub fn landing(&self, direction: u8, distance: i32) -> Landing {
        let dir = self.direction(direction);
        if distance >= i32::from(dir.home_run_minimum()) {
            Landing::HomeRun
        } else if distance > i32::from(dir.fence) {
            Landing::Fence(self.fence_square(direction))
        } else {
            let k = distance.max(1) as u8;
            Landing::Square(self.square_at(direction, k).expect("inside the fence"))
        }
    }

    /// The orange throw modifier printed on a square, if any.
    pub fn orange(&self, id: SquareId) -> Option<i8> {
        self.square(id).orange
    }

    /// The orange throw modifier of the part of the field holding a square,
    /// if any: "una zona di campo al cui interno c'è questo cerchio"
    /// (core.field.orange). A part is the outfield side of a direction
    /// (outfield and Texas squares) or its diamond side (the rest of the
    /// grid); BOX and C are parts of their own. Where a part holds more than
    /// one circle, the one nearest the square counts, the one nearer home
    /// plate on a tie (docs/rules-notes.md). Worked out for every square
    /// when the field is built: throws ask it often.
    pub fn orange_of_part(&self, id: SquareId) -> Option<i8> {
        self.part_oranges[id.index()]
    }

    /// `orange_of_part`, worked out from the squares' circles.
    fn find_orange_of_part(&self, square: &Square) -> Option<i8> {
        let Some(direction) = square.direction else {
            return square.orange;
        };
        let outfield = square.kind.is_outfield_side();
        (FIRST_GRID_DISTANCE..=self.fence(direction))
            .filter_map(|k| self.square_at(direction, k))
            .map(|other| self.square(other))
            .filter(|other| other.kind.is_outfield_side() == outfield)
            .filter_map(|other| Some((other.distance.abs_diff(square.distance), other.orange?)))
            .min_by_key(|&(apart, _)| apart)
            .map(|(_, value)| value)
    }

    /// The base a square holds, if any (no square holds two).
    pub fn base_at(&self, id: SquareId) -> Option<Base> {
        self.square(id).base
    }

    /// The squares that hold a base: two for first, second and third; C (and
    /// BOX if the field says so) for home.
    pub fn base_squares(&self, base: Base) -> &[SquareId] {
        &self.bases[base.index()]
    }

    /// Whether a defender on `id` touches `base`.
    pub fn touches(&self, id: SquareId, base: Base) -> bool {
        self.base_at(id) == Some(base)
    }

    /// The mound's squares (one or two).
    pub fn mound(&self) -> &[SquareId] {
        &self.mound
    }

    /// Whether a square is part of the mound.
    pub fn is_mound(&self, id: SquareId) -> bool {
        self.square(id).mound
    }

    /// The cutoff zone a square belongs to, if any.
    pub fn cutoff_zone(&self, id: SquareId) -> Option<CutoffZone> {
        self.square(id).cutoff
    }

    /// The squares of a cutoff zone.
    pub fn cutoff_squares(&self, zone: CutoffZone) -> &[SquareId] {
        &self.cutoffs[zone.index()]
    }

    /// The fewest steps (king moves between existing squares) from `a` to
    /// `b`. On the open grid it is the Chebyshev distance
    /// `max(|directions apart|, |distances apart|)`; near a short fence or
    /// through BOX it is the length of the shortest way round.
    pub fn king_distance(&self, a: SquareId, b: SquareId) -> u8 {
        self.distances[a.index() * self.squares.len() + b.index()]
    }

    /// The square one step from `from` toward `to` (`from` itself when they
    /// are the same). Deterministic: among the squares one step closer, the
    /// one whose centre is nearest the target on the drawn field, ties to the
    /// lower id.
    pub fn next_step(&self, from: SquareId, to: SquareId) -> SquareId {
        self.next[from.index() * self.squares.len() + to.index()]
    }

    /// The squares walked from `from` to `to`, one step at a time, without
    /// `from` and ending with `to` (empty when they are the same). Its length
    /// is `king_distance(from, to)`, and the path from any square on it is
    /// the rest of it.
    pub fn path(&self, from: SquareId, to: SquareId) -> Vec<SquareId> {
        let mut out = Vec::with_capacity(usize::from(self.king_distance(from, to)));
        let mut at = from;
        while at != to {
            at = self.next_step(at, to);
            out.push(at);
        }
        out
    }

    /// Where something moving `steps` squares from `from` toward `to` stops:
    /// a short throw, or a fielder's walk. It never goes past `to`.
    pub fn advance(&self, from: SquareId, to: SquareId, steps: u32) -> SquareId {
        let mut at = from;
        for _ in 0..steps {
            if at == to {
                break;
            }
            at = self.next_step(at, to);
        }
        at
    }
}

fn blank_square(id: SquareId, direction: Option<u8>, distance: u8, kind: SquareKind) -> Square {
    Square {
        id,
        direction,
        distance,
        kind,
        base: None,
        mound: false,
        cutoff: None,
        orange: None,
        neighbours: Vec::new(),
    }
}

/// The centre of a square on the drawn field.
pub(crate) fn centre(square: &Square) -> geometry::Point {
    match (square.kind, square.direction) {
        (SquareKind::Catcher, _) => geometry::catcher_centre(),
        (SquareKind::Box, _) => geometry::box_centre(),
        (_, Some(d)) => geometry::grid_centre(d, square.distance),
        (_, None) => geometry::box_centre(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small regular field: fences 10 11 12 12 11 10, diamond 2-4, Texas
    /// 5, bases and mound as on the classic board.
    fn layout(fences: [u8; 6]) -> Layout {
        use SquareKind::*;
        let directions = fences
            .iter()
            .map(|&f| {
                let mut kinds = vec![Diamond, Diamond, Diamond, Texas];
                kinds.resize(usize::from(f) - 1, Outfield);
                (kinds, None)
            })
            .collect();
        Layout {
            name: "Test".into(),
            directions,
            bases: [
                vec![Place::Grid(6, 2), Place::Grid(6, 3)],
                vec![Place::Grid(3, 4), Place::Grid(4, 4)],
                vec![Place::Grid(1, 2), Place::Grid(1, 3)],
                vec![Place::Catcher],
            ],
            mound: vec![Place::Grid(3, 2), Place::Grid(4, 2)],
            cutoffs: [
                vec![Place::Grid(5, 3), Place::Grid(5, 4)],
                vec![Place::Grid(2, 3), Place::Grid(2, 4)],
            ],
            oranges: vec![(Place::Grid(3, 12), -1)],
        }
    }

    fn field() -> Field {
        Field::from_layout(layout([10, 11, 12, 12, 11, 10]))
    }

    fn at(f: &Field, d: u8, k: u8) -> SquareId {
        f.square_at(d, k).unwrap()
    }

    #[test]
    fn ids_are_catcher_box_then_grid() {
        let f = field();
        assert_eq!(f.squares().len(), 2 + 9 + 10 + 11 + 11 + 10 + 9);
        assert_eq!(f.catcher().index(), 0);
        assert_eq!(f.batter_box().index(), 1);
        assert_eq!(at(&f, 1, 2).index(), 2);
        assert_eq!(at(&f, 2, 2).index(), 11);
        for sq in f.squares() {
            assert_eq!(f.square(sq.id), sq);
            if let Some(d) = sq.direction {
                assert_eq!(f.square_at(d, sq.distance), Some(sq.id));
            }
        }
    }

    #[test]
    fn square_at_knows_box_and_fence() {
        let f = field();
        assert_eq!(f.square_at(4, 1), Some(f.batter_box()));
        assert_eq!(
            f.square_at(1, 10).map(|id| f.kind(id)),
            Some(SquareKind::Outfield)
        );
        assert_eq!(f.square_at(1, 11), None);
        assert_eq!(f.square_at(3, 12).map(|id| f.orange(id)), Some(Some(-1)));
        assert_eq!(f.square_at(0, 3), None);
        assert_eq!(f.square_at(7, 3), None);
        assert_eq!(f.square_at(3, 0), None);
        assert_eq!(f.fence(3), 12);
        assert_eq!(f.kind(f.texas(2)), SquareKind::Texas);
        assert_eq!(f.square(f.texas(2)).distance, 5);
    }

    /// A circle counts for its direction's outfield side (Texas included)
    /// or its diamond side; the nearest circle of a part counts, the one
    /// nearer home on a tie; BOX and C are parts of their own.
    #[test]
    fn an_orange_circle_marks_its_part_of_the_field() {
        let mut l = layout([10, 11, 12, 12, 11, 10]);
        l.oranges = vec![
            (Place::Grid(3, 12), -1),
            (Place::Grid(3, 8), 2),
            (Place::Grid(4, 3), 1),
            (Place::Box, -3),
        ];
        let f = Field::from_layout(l);
        let part = |d, k| f.orange_of_part(at(&f, d, k));
        assert_eq!(part(3, 12), Some(-1), "its own square");
        assert_eq!(part(3, 11), Some(-1), "nearer the -1");
        assert_eq!(part(3, 10), Some(2), "a tie goes to the circle nearer home");
        assert_eq!(part(3, 6), Some(2));
        assert_eq!(part(3, 5), Some(2), "the Texas square is outfield");
        assert_eq!(part(3, 4), None, "the diamond side has no circle");
        assert_eq!(part(4, 2), Some(1));
        assert_eq!(part(4, 5), None, "the Texas square is not the diamond side");
        assert_eq!(part(2, 9), None, "another direction");
        assert_eq!(f.orange_of_part(f.batter_box()), Some(-3));
        assert_eq!(f.orange_of_part(f.catcher()), None);
        assert_eq!(f.orange(at(&f, 3, 11)), None, "the square itself has none");
    }

    #[test]
    fn adjacency_includes_diagonals() {
        let f = field();
        let centre = at(&f, 3, 6);
        let mut expected: Vec<SquareId> = [
            (2, 5),
            (2, 6),
            (2, 7),
            (3, 5),
            (3, 7),
            (4, 5),
            (4, 6),
            (4, 7),
        ]
        .iter()
        .map(|&(d, k)| at(&f, d, k))
        .collect();
        expected.sort();
        assert_eq!(f.neighbours(centre), expected.as_slice());
        assert!(f.is_adjacent(centre, at(&f, 2, 7)), "diagonal");
        assert!(!f.is_adjacent(centre, centre), "not itself");
        assert!(!f.is_adjacent(centre, at(&f, 3, 8)), "two away");
    }

    #[test]
    fn adjacency_excludes_missing_squares() {
        let f = field();
        // (1,10) is direction 1's fence: nothing beyond it, no direction 0.
        let corner = at(&f, 1, 10);
        let labels: Vec<String> = f
            .neighbours(corner)
            .iter()
            .map(|&id| f.square(id).label())
            .collect();
        assert_eq!(labels, ["(1,9)", "(2,9)", "(2,10)", "(2,11)"]);
        // Direction 1 and direction 6 are the two foul lines: never adjacent.
        assert!(!f.is_adjacent(at(&f, 1, 5), at(&f, 6, 5)));
    }

    #[test]
    fn box_touches_the_second_arc_and_c_touches_only_box() {
        let f = field();
        assert_eq!(f.neighbours(f.catcher()), &[f.batter_box()]);
        let around_box: Vec<SquareId> = f.neighbours(f.batter_box()).to_vec();
        assert_eq!(around_box.len(), 7);
        assert!(around_box.contains(&f.catcher()));
        for d in 1..=6 {
            assert!(f.is_adjacent(f.batter_box(), at(&f, d, 2)));
            assert!(!f.is_adjacent(f.catcher(), at(&f, d, 2)));
        }
        // Adjacency is symmetric everywhere.
        for sq in f.squares() {
            for &nb in &sq.neighbours {
                assert!(
                    f.is_adjacent(nb, sq.id),
                    "{} -> {}",
                    sq.label(),
                    f.square(nb).label()
                );
            }
        }
    }

    #[test]
    fn king_distance_is_chebyshev_on_open_grid() {
        let f = field();
        assert_eq!(f.king_distance(at(&f, 3, 12), at(&f, 3, 4)), 8);
        assert_eq!(f.king_distance(at(&f, 1, 5), at(&f, 6, 7)), 5);
        assert_eq!(f.king_distance(at(&f, 2, 6), at(&f, 2, 6)), 0);
        assert_eq!(f.king_distance(f.catcher(), at(&f, 4, 4)), 4);
        // Across the diamond through BOX: third base to first base.
        assert_eq!(f.king_distance(at(&f, 1, 2), at(&f, 6, 2)), 2);
    }

    #[test]
    fn king_distance_goes_round_a_short_fence() {
        // Direction 2 stops at 6: from (1,10) to (3,10) the way leads down
        // to (2,6) and back up: 3 + 1 + 1 + 3 steps, not the Chebyshev 2.
        let f = Field::from_layout(layout([10, 6, 12, 12, 11, 10]));
        let (a, b) = (at(&f, 1, 10), at(&f, 3, 10));
        assert_eq!(f.king_distance(a, b), 8);
        let path = f.path(a, b);
        assert_eq!(path.len(), 8);
        assert!(path.iter().any(|&id| f.square(id).direction == Some(2)));
    }

    #[test]
    fn paths_step_to_neighbours_and_are_deterministic() {
        let f = field();
        for from in f.squares() {
            for to in f.squares() {
                let path = f.path(from.id, to.id);
                assert_eq!(path.len(), usize::from(f.king_distance(from.id, to.id)));
                let mut at = from.id;
                for &step in &path {
                    assert!(f.is_adjacent(at, step));
                    at = step;
                }
                assert_eq!(at, to.id);
            }
        }
    }

    #[test]
    fn path_runs_straight_down_a_direction() {
        let f = field();
        let path: Vec<String> = f
            .path(at(&f, 3, 12), at(&f, 3, 8))
            .iter()
            .map(|&id| f.square(id).label())
            .collect();
        assert_eq!(path, ["(3,11)", "(3,10)", "(3,9)", "(3,8)"]);
    }

    #[test]
    fn path_suffix_is_the_path_from_there() {
        let f = field();
        let (from, to) = (at(&f, 6, 10), at(&f, 1, 3));
        let path = f.path(from, to);
        let middle = path[2];
        assert_eq!(&path[3..], f.path(middle, to).as_slice());
    }

    #[test]
    fn advance_stops_at_the_target() {
        let f = field();
        let (from, to) = (at(&f, 2, 9), at(&f, 2, 4));
        assert_eq!(f.advance(from, to, 3), at(&f, 2, 6));
        assert_eq!(f.advance(from, to, 99), to);
        assert_eq!(f.advance(from, to, 0), from);
    }

    #[test]
    fn direction_squares_run_from_2_to_the_fence() {
        let f = field();
        let labels: Vec<String> = f
            .direction_squares(6)
            .map(|id| f.square(id).label())
            .collect();
        assert_eq!(labels.first().map(String::as_str), Some("(6,2)"));
        assert_eq!(labels.last().map(String::as_str), Some("(6,10)"));
        assert_eq!(labels.len(), 9);
    }

    #[test]
    fn field_serializes_with_small_ids() {
        let f = field();
        let json = serde_json::to_value(&f).unwrap();
        assert_eq!(json["squares"][2]["id"], 2);
        assert_eq!(json["squares"][2]["direction"], 1);
        assert_eq!(json["squares"][0]["kind"], "catcher");
        assert_eq!(json["bases"][3][0], 0, "home plate is on C");
        let id: SquareId = serde_json::from_value(serde_json::json!(5)).unwrap();
        assert_eq!(f.id(5), Some(id));
        assert_eq!(f.id(999), None);
    }

    #[test]
    fn bases_mound_and_cutoffs_are_marked() {
        let f = field();
        assert_eq!(f.base_at(at(&f, 6, 3)), Some(Base::First));
        assert_eq!(f.base_at(f.catcher()), Some(Base::Home));
        assert!(f.touches(at(&f, 4, 4), Base::Second));
        assert!(!f.touches(at(&f, 4, 5), Base::Second));
        assert_eq!(f.base_squares(Base::Third).len(), 2);
        assert!(f.is_mound(at(&f, 3, 2)));
        assert_eq!(f.cutoff_zone(at(&f, 5, 4)), Some(CutoffZone::FirstSecond));
        assert_eq!(f.cutoff_zone(at(&f, 5, 5)), None);
        assert_eq!(f.cutoff_squares(CutoffZone::SecondThird).len(), 2);
    }

    #[test]
    fn landing_follows_the_blue_circle() {
        let mut l = layout([10, 11, 12, 12, 11, 10]);
        l.directions[0].1 = Some(12);
        let f = Field::from_layout(l);
        assert_eq!(f.landing(1, 10), Landing::Square(at(&f, 1, 10)));
        assert_eq!(f.landing(1, 11), Landing::Fence(at(&f, 1, 10)));
        assert_eq!(f.landing(1, 12), Landing::HomeRun);
        assert_eq!(f.landing(2, 12), Landing::HomeRun);
        assert_eq!(f.landing(2, 1), Landing::Square(f.batter_box()));
        assert_eq!(f.landing(2, -3), Landing::Square(f.batter_box()));
        assert_eq!(f.home_run_minimum(1), 12);
        assert_eq!(f.home_run_minimum(2), 12);
    }
}
