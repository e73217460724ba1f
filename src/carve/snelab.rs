//! Snēlab's pieces: turned pucks whose sunken top carries, in inlaid relief, the piece's route glyph
//! (a ring for the piece, a square for each step: forward, then sideways to the right, the
//! landing square solid) and its weight as a seven-segment numeral left of the ring.
//! Heavier pieces stand taller and carry one groove per point of weight around their side, so
//! the weight also reads from a low angle.

use super::mesh::{self, Corner, MeshData, V2};
use super::{Part, Slot};

/// The puck fills most of its square (0.92 across), leaving a hair between neighbours.
const RADIUS: f32 = 0.46;
const SEGMENTS: usize = 48;
const DISH_RADIUS: f32 = 0.40;
const DISH_DEPTH: f32 = 0.03;
/// The largest cell of a glyph, in board units: a short route's glyph grows to fill the dish up
/// to this, a long one's shrinks to fit it.
const MAX_CELL: f32 = 0.24;
/// The width of the glyph's and the numeral's strokes, in cells.
const STROKE: f32 = 0.21;
/// Half the side of a route square, half the numeral's width and height, and the ring's outer
/// radius, in cells.
const SQUARE_HALF: f32 = 0.37;
const NUMERAL_HALF: V2 = [0.39, 0.875];
const RING_RADIUS: f32 = 0.42;

/// The route of the piece of this weight: (forward steps, sideways steps).
pub fn route(weight: u8) -> (i32, i32) {
    match weight {
        1 => (1, 0),
        2 => (1, 1),
        3 => (1, 2),
        _ => (2, 2),
    }
}

fn height(weight: u8) -> f32 {
    0.13 + 0.03 * weight as f32
}

/// The turned body: bottom chamfer, `weight` grooves on the side, a rounded rim, a sunken dish.
fn body(weight: u8) -> (MeshData, f32, f32) {
    let h = height(weight);
    let r = RADIUS;
    let mut p: Vec<Corner> = vec![(0.0, 0.0, 0.0), (r, 0.0, 0.014)];
    let (lo, hi) = (0.045, h - 0.05);
    for k in 0..weight {
        let y = lo + (hi - lo) * (k as f32 + 0.5) / weight as f32;
        p.extend([
            (r, y - 0.009, 0.0),
            (r - 0.012, y, 0.0),
            (r, y + 0.009, 0.0),
        ]);
    }
    let floor = h - DISH_DEPTH;
    p.extend([
        (r, h, 0.03),
        (DISH_RADIUS + 0.008, h, 0.006),
        (DISH_RADIUS, floor, 0.006),
        (0.0, floor, 0.0),
    ]);
    (mesh::lathe(&mesh::fillet(&p, false), SEGMENTS), h, floor)
}

/// A glyph stroke standing on the dish floor: sawn outline with a rounded top.
fn relief(poly: &[V2], floor: f32, top: f32) -> MeshData {
    mesh::rounded_slab(poly, floor - 0.002, top, 0.006, false)
}

/// Which of the seven segments light up for the digits 1..=4 (a, b, c, d, e, f, g).
fn segments(digit: u8) -> [bool; 7] {
    match digit {
        1 => [false, true, true, false, false, false, false],
        2 => [true, true, false, true, true, false, true],
        3 => [true, true, true, true, false, false, true],
        _ => [false, true, true, false, false, true, true],
    }
}

/// The strokes of a seven-segment digit centred on `c`, `w` wide and `h` tall.
fn numeral(digit: u8, c: V2, w: f32, h: f32, stroke: f32) -> Vec<Vec<V2>> {
    let (x0, x1) = (c[0] - w / 2.0 + stroke / 2.0, c[0] + w / 2.0 - stroke / 2.0);
    let (f0, fm, f1) = (
        c[1] - h / 2.0 + stroke / 2.0,
        c[1],
        c[1] + h / 2.0 - stroke / 2.0,
    );
    let horiz = |f: f32| mesh::rect([c[0], f], x1 - x0 - stroke * 0.9, stroke);
    let vert =
        |x: f32, a: f32, b: f32| mesh::rect([x, (a + b) / 2.0], stroke, b - a - stroke * 0.9);
    let all = [
        horiz(f1),        // a: top
        vert(x1, fm, f1), // b: upper right
        vert(x1, f0, fm), // c: lower right
        horiz(f0),        // d: bottom
        vert(x0, f0, fm), // e: lower left
        vert(x0, fm, f1), // f: upper left
        horiz(fm),        // g: middle
    ];
    all.into_iter()
        .zip(segments(digit))
        .filter_map(|(s, on)| on.then_some(s))
        .collect()
}

/// Where the route glyph's parts sit on the top, in outline coordinates `(x, forward)`.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphLayout {
    /// The ring: the piece itself.
    pub ring: V2,
    /// The squares of the route in travel order; the last is where the piece lands.
    pub squares: Vec<V2>,
    /// The centre of the weight numeral.
    pub numeral: V2,
    /// The size of one cell: the glyph is as large as the dish lets it be.
    pub cell: f32,
}

/// The glyph of the piece of this weight: the ring at cell (0, 0), the forward steps up the
/// rows, then the sideways steps along the columns to the right; the numeral in column -1.
/// The whole layout is centred on the top and scaled to fill the dish.
pub fn glyph_layout(weight: u8) -> GlyphLayout {
    let (fwd, side) = route(weight);
    let mut cells: Vec<(i32, i32)> = (1..=fwd).map(|r| (0, r)).collect();
    cells.extend((1..=side).map(|c| (c, fwd)));
    let (min_c, max_c) = (-1.0, side as f32);
    let (min_r, max_r) = (0.0, (fwd as f32).max(1.0));
    let centre = [(min_c + max_c) / 2.0, (min_r + max_r) / 2.0];
    // In cells first, then scaled so the farthest corner of any part meets the dish's edge.
    let at = |c: f32, r: f32| [c - centre[0], r - centre[1]];
    let ring = at(0.0, 0.0);
    let squares: Vec<V2> = cells.iter().map(|&(c, r)| at(c as f32, r as f32)).collect();
    let numeral = at(-1.0, 0.5);
    let reach = |p: V2, half: V2| (p[0].abs() + half[0]).hypot(p[1].abs() + half[1]);
    let far = squares
        .iter()
        .map(|&p| reach(p, [SQUARE_HALF; 2]))
        .chain([
            reach(numeral, NUMERAL_HALF),
            ring[0].hypot(ring[1]) + RING_RADIUS,
        ])
        .fold(0.0f32, f32::max);
    let cell = ((DISH_RADIUS - 0.012) / far).min(MAX_CELL);
    let scaled = |p: V2| [p[0] * cell, p[1] * cell];
    GlyphLayout {
        ring: scaled(ring),
        squares: squares.into_iter().map(scaled).collect(),
        numeral: scaled(numeral),
        cell,
    }
}

/// The Snēlab piece of weight 1 (Bailiff) to 4 (Justice).
pub fn piece(weight: u8) -> Vec<Part> {
    let (wood, h, floor) = body(weight);
    // The glyph and the numeral stand on the dish, filled with the inlay (ink on ash, bone on
    // walnut), so from above a piece reads as its own wood with its route drawn on it.
    let mut inlay = MeshData::default();
    let top = h - 0.004;
    let glyph = glyph_layout(weight);
    let ring_at = glyph.ring;
    let (cell, stroke) = (glyph.cell, glyph.cell * STROKE);
    let (outer, inner) = (cell * RING_RADIUS, cell * RING_RADIUS - stroke);
    let ring = mesh::lathe(
        &mesh::fillet(
            &[
                (outer, floor - 0.002, 0.0),
                (outer, top, 0.006),
                (inner, top, 0.006),
                (inner, floor - 0.002, 0.0),
            ],
            false,
        ),
        32,
    )
    .translate([ring_at[0], 0.0, -ring_at[1]]);
    inlay.append(&ring);

    let side_len = cell * SQUARE_HALF * 2.0;
    for (i, &p) in glyph.squares.iter().enumerate() {
        let outer = mesh::rect(p, side_len, side_len);
        if i + 1 == glyph.squares.len() {
            inlay.append(&relief(&outer, floor, top));
        } else {
            // A square frame: four bars, the top and bottom ones full width.
            let s = stroke * 0.9;
            let half = side_len / 2.0 - s / 2.0;
            for poly in [
                mesh::rect([p[0], p[1] + half], side_len, s),
                mesh::rect([p[0], p[1] - half], side_len, s),
                mesh::rect([p[0] - half, p[1]], s, side_len - 2.0 * s),
                mesh::rect([p[0] + half, p[1]], s, side_len - 2.0 * s),
            ] {
                inlay.append(&relief(&poly, floor, top));
            }
        }
    }
    let size = [cell * NUMERAL_HALF[0] * 2.0, cell * NUMERAL_HALF[1] * 2.0];
    for bar in numeral(weight, glyph.numeral, size[0], size[1], stroke) {
        inlay.append(&relief(&bar, floor, top));
    }
    vec![
        Part {
            slot: Slot::Wood,
            mesh: wood,
        },
        Part {
            slot: Slot::Inlay,
            mesh: inlay,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_follow_the_spec() {
        assert_eq!(route(1), (1, 0));
        assert_eq!(route(2), (1, 1));
        assert_eq!(route(3), (1, 2));
        assert_eq!(route(4), (2, 2));
    }

    #[test]
    fn glyph_goes_forward_then_right_and_fits_the_dish() {
        let mut cells = Vec::new();
        for w in 1..=4u8 {
            let g = glyph_layout(w);
            let cell = g.cell;
            cells.push(cell);
            let (fwd, side) = route(w);
            assert_eq!(g.squares.len() as i32, fwd + side);
            let mut prev = g.ring;
            for (i, sq) in g.squares.iter().enumerate() {
                let step = [sq[0] - prev[0], sq[1] - prev[1]];
                if (i as i32) < fwd {
                    assert!(
                        step[1] > 0.9 * cell && step[0].abs() < 1e-5,
                        "w{w} step {i}"
                    );
                } else {
                    assert!(
                        step[0] > 0.9 * cell && step[1].abs() < 1e-5,
                        "w{w} step {i}"
                    );
                }
                prev = *sq;
            }
            // Every part, with its own half-size, stays inside the sunken dish.
            let reach = |p: V2, half: V2| (p[0].abs() + half[0]).hypot(p[1].abs() + half[1]);
            for sq in &g.squares {
                let half = cell * SQUARE_HALF;
                assert!(
                    reach(*sq, [half, half]) < DISH_RADIUS - 0.008,
                    "w{w} square {sq:?}"
                );
            }
            let n = g.numeral;
            assert!(reach(n, [cell * NUMERAL_HALF[0], cell * NUMERAL_HALF[1]]) < DISH_RADIUS);
            assert!(g.ring[0].hypot(g.ring[1]) + cell * RING_RADIUS < DISH_RADIUS);
            assert!(n[0] < g.ring[0], "the numeral sits left of the ring");
        }
        // Short routes are drawn larger; every glyph is large enough to read across the table.
        assert!(cells.windows(2).all(|c| c[0] >= c[1]), "{cells:?}");
        assert!(cells[3] > 0.15, "{cells:?}");
    }

    #[test]
    fn numerals_light_the_right_segments() {
        let count = |d| segments(d).iter().filter(|on| **on).count();
        assert_eq!([count(1), count(2), count(3), count(4)], [2, 5, 5, 4]);
    }

    #[test]
    fn heavier_pieces_stand_taller() {
        let top = |w| body(w).1;
        assert!(top(1) < top(2) && top(2) < top(3) && top(3) < top(4));
    }
}
