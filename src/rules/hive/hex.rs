//! Axial hex coordinates of the table (pointy-top hexes, so `-` in the notation is left/right)
//! and the six directions around a cell.

use serde::{Deserialize, Serialize};

/// One cell of the table in axial coordinates. The first piece lies at the origin; the group can
/// drift as pieces walk around it, so coordinates are signed and unbounded in practice (a game
/// of at most 200 plies stays far inside `i16`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex {
    pub q: i16,
    pub r: i16,
}

/// Side of the square grid that stores the table. The group of 22 pieces spans at most 22
/// cells in any direction, so cells 32 apart never meet and the grid can wrap around. The grid
/// is one ring of cells, `q + 32 r` modulo its size, so each direction is a fixed step
/// ([`Direction::cell_step`]) from any cell: two cells share a slot only when they are at least
/// 32 apart in `q` or in `r`.
pub const GRID_SIDE: usize = 32;
/// Number of cells in the wrapped grid.
pub const GRID_CELLS: usize = GRID_SIDE * GRID_SIDE;

/// The six directions, clockwise from east. `Direction::ALL[i].turned(1)` is the next one
/// clockwise; the two cells beside a step `a → a + d` are `a + d.turned(-1)` and `a + d.turned(1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    East,
    SouthEast,
    SouthWest,
    West,
    NorthWest,
    NorthEast,
}

impl Direction {
    pub const ALL: [Direction; 6] = [
        Direction::East,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
        Direction::NorthEast,
    ];

    /// The axial offset of one step.
    pub const fn offset(self) -> (i16, i16) {
        match self {
            Direction::East => (1, 0),
            Direction::SouthEast => (0, 1),
            Direction::SouthWest => (-1, 1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (0, -1),
            Direction::NorthEast => (1, -1),
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The step between the storage slots of neighbouring cells ([`Hex::cell`]), modulo
    /// [`GRID_CELLS`].
    pub const fn cell_step(self) -> usize {
        let (dq, dr) = self.offset();
        (dq as isize + dr as isize * GRID_SIDE as isize).rem_euclid(GRID_CELLS as isize) as usize
    }

    /// Turns by `sixths` of a full turn, clockwise for positive values.
    pub const fn turned(self, sixths: i32) -> Direction {
        Direction::ALL[(self as i32 + sixths).rem_euclid(6) as usize]
    }

    pub const fn opposite(self) -> Direction {
        self.turned(3)
    }
}

/// The origin: where the first piece is placed.
pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

impl Hex {
    pub const fn new(q: i16, r: i16) -> Hex {
        Hex { q, r }
    }

    /// The neighbouring cell in direction `d`.
    #[inline]
    pub const fn step(self, d: Direction) -> Hex {
        let (dq, dr) = d.offset();
        Hex {
            q: self.q.wrapping_add(dq),
            r: self.r.wrapping_add(dr),
        }
    }

    /// The six neighbours, in the order of [`Direction::ALL`].
    #[inline]
    pub fn neighbours(self) -> [Hex; 6] {
        Direction::ALL.map(|d| self.step(d))
    }

    /// The direction from `self` to a neighbouring `other`, if they touch.
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        Direction::ALL.into_iter().find(|&d| self.step(d) == other)
    }

    /// The slot of this cell in the wrapped storage grid.
    #[inline]
    pub const fn cell(self) -> usize {
        (self.q as usize).wrapping_add((self.r as usize) << 5) & (GRID_CELLS - 1)
    }

    /// Hex distance (number of steps) between two cells.
    pub fn distance(self, other: Hex) -> u32 {
        let dq = i32::from(self.q) - i32::from(other.q);
        let dr = i32::from(self.r) - i32::from(other.r);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// The centre of the cell on a plane where neighbouring centres are one unit apart
    /// (x to the right, y down): for drawing the table.
    pub fn to_plane(self) -> (f32, f32) {
        let q = f32::from(self.q);
        let r = f32::from(self.r);
        (q + r / 2.0, r * 3f32.sqrt() / 2.0)
    }

    /// The cell whose area holds the point `(x, y)` of [`Hex::to_plane`]'s plane (a click on
    /// the table); `None` far outside any game's reach.
    pub fn from_plane(x: f32, y: f32) -> Option<Hex> {
        if !(x.is_finite() && y.is_finite()) || x.abs() > 1000.0 || y.abs() > 1000.0 {
            return None;
        }
        let r = y * 2.0 / 3f32.sqrt();
        let q = x - r / 2.0;
        // Cube rounding: the nearest centre.
        let s = -q - r;
        let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
        let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
        if dq > dr && dq > ds {
            rq = -rr - rs;
        } else if dr > ds {
            rr = -rq - rs;
        }
        Some(Hex::new(rq as i16, rr as i16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beside_cells_touch_both_ends_of_a_step() {
        let a = Hex::new(3, -2);
        for d in Direction::ALL {
            let b = a.step(d);
            for side in [-1, 1] {
                let c = a.step(d.turned(side));
                assert_eq!(a.distance(c), 1);
                assert_eq!(b.distance(c), 1, "{d:?} {side}");
            }
            assert_eq!(b.step(d.opposite()), a);
        }
    }

    #[test]
    fn a_point_of_the_plane_finds_its_cell() {
        for q in -6..6 {
            for r in -6..6 {
                let h = Hex::new(q, r);
                let (x, y) = h.to_plane();
                assert_eq!(Hex::from_plane(x, y), Some(h));
                // Anywhere within the inner circle of the cell (radius √3/2 · ½·…).
                for (dx, dy) in [(0.4, 0.0), (-0.3, 0.2), (0.0, -0.42), (0.2, 0.35)] {
                    assert_eq!(Hex::from_plane(x + dx, y + dy), Some(h), "{h:?} {dx} {dy}");
                }
            }
        }
        assert_eq!(Hex::from_plane(f32::NAN, 0.0), None);
        assert_eq!(Hex::from_plane(1e9, 0.0), None);
    }

    #[test]
    fn a_direction_is_a_fixed_step_between_cells() {
        for q in -40..40 {
            for r in -40..40 {
                let h = Hex::new(q, r);
                for d in Direction::ALL {
                    assert_eq!(h.step(d).cell(), (h.cell() + d.cell_step()) % GRID_CELLS);
                }
            }
        }
    }

    #[test]
    fn grid_cells_are_distinct_within_the_group_span() {
        let mut seen = std::collections::HashSet::new();
        for q in -12..20 {
            for r in -15..17 {
                assert!(seen.insert(Hex::new(q, r).cell()));
            }
        }
    }
}
