//! Snēlab's pieces: turned pucks whose sunken top carries, in inlaid relief, the piece's route glyph
//! (a ring for the piece, a square for each step: forward, then sideways to the right, the
//! landing square solid) and its weight as a seven-segment numeral left of the ring.
//! Heavier pieces stand taller and carry one groove per point of weight around their side, so
//! the weight also reads from a low angle.

use super::mesh::{self, MeshData, V2};
use super::{Part, Slot};

const RADIUS: f32 = 0.40;
const DISH_RADIUS: f32 = 0.335;
const DISH_DEPTH: f32 = 0.022;
/// One cell of the glyph, in board units.
const CELL: f32 = 0.135;

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
    let mut p: Vec<V2> = vec![[0.0, 0.0], [r - 0.02, 0.0], [r, 0.02]];
    let (lo, hi) = (0.045, h - 0.05);
    for k in 0..weight {
        let y = lo + (hi - lo) * (k as f32 + 0.5) / weight as f32;
        p.extend([[r, y - 0.008], [r - 0.011, y], [r, y + 0.008]]);
    }
    let round = 0.028;
    for i in 0..=4 {
        let a = std::f32::consts::FRAC_PI_2 * i as f32 / 4.0;
        p.push([r - round + round * a.cos(), h - round + round * a.sin()]);
    }
    let floor = h - DISH_DEPTH;
    p.extend([
        [DISH_RADIUS + 0.01, h],
        [DISH_RADIUS, h - 0.004],
        [DISH_RADIUS - 0.008, floor],
    ]);
    (mesh::lathe(&p, 48), h, floor)
}

/// A glyph stroke standing on the dish floor: sawn outline with a chamfered top.
fn relief(poly: &[V2], floor: f32, top: f32) -> MeshData {
    mesh::slab(poly, floor - 0.002, top, 0.006, false)
}

/// The dish floor, in the piece's own wood. It closes the lathe's profile exactly (same radius,
/// same 48 segments).
fn dish_floor(floor: f32) -> MeshData {
    mesh::cap(
        &mesh::circle([0.0, 0.0], DISH_RADIUS - 0.008, 48),
        floor,
        true,
    )
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
}

/// The glyph of the piece of this weight: the ring at cell (0, 0), the forward steps up the
/// rows, then the sideways steps along the columns to the right; the numeral in column -1.
/// The whole layout is centred on the top.
pub fn glyph_layout(weight: u8) -> GlyphLayout {
    let (fwd, side) = route(weight);
    let mut cells: Vec<(i32, i32)> = (1..=fwd).map(|r| (0, r)).collect();
    cells.extend((1..=side).map(|c| (c, fwd)));
    let (min_c, max_c) = (-1.0, side as f32);
    let (min_r, max_r) = (0.0, (fwd as f32).max(1.0));
    let centre = [(min_c + max_c) / 2.0 * CELL, (min_r + max_r) / 2.0 * CELL];
    let at = |c: f32, r: f32| [c * CELL - centre[0], r * CELL - centre[1]];
    GlyphLayout {
        ring: at(0.0, 0.0),
        squares: cells.iter().map(|&(c, r)| at(c as f32, r as f32)).collect(),
        numeral: at(-1.0, 0.5),
    }
}

/// The Snēlab piece of weight 1 (Bailiff) to 4 (Justice).
pub fn piece(weight: u8) -> Vec<Part> {
    let (mut wood, h, floor) = body(weight);
    wood.append(&dish_floor(floor));
    // The glyph and the numeral stand on the dish, filled with the inlay (ink on ash, bone on
    // walnut), so from above a piece reads as its own wood with its route drawn on it.
    let mut inlay = MeshData::default();
    let top = h - 0.004;
    let glyph = glyph_layout(weight);
    let ring_at = glyph.ring;
    let ring = mesh::lathe(
        &[
            [0.056, floor - 0.002],
            [0.056, top - 0.005],
            [0.051, top],
            [0.037, top],
            [0.032, top - 0.005],
            [0.032, floor - 0.002],
        ],
        32,
    )
    .translate([ring_at[0], 0.0, -ring_at[1]]);
    inlay.append(&ring);

    let side_len = CELL * 0.74;
    for (i, &p) in glyph.squares.iter().enumerate() {
        let outer = mesh::rect(p, side_len, side_len);
        if i + 1 == glyph.squares.len() {
            inlay.append(&relief(&outer, floor, top));
        } else {
            // A square frame: four bars, the top and bottom ones full width.
            let s = 0.02;
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
    for stroke in numeral(weight, glyph.numeral, CELL * 0.78, CELL * 1.75, 0.026) {
        inlay.append(&relief(&stroke, floor, top));
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
        for w in 1..=4u8 {
            let g = glyph_layout(w);
            let (fwd, side) = route(w);
            assert_eq!(g.squares.len() as i32, fwd + side);
            let mut prev = g.ring;
            for (i, sq) in g.squares.iter().enumerate() {
                let step = [sq[0] - prev[0], sq[1] - prev[1]];
                if (i as i32) < fwd {
                    assert!(
                        step[1] > 0.9 * CELL && step[0].abs() < 1e-5,
                        "w{w} step {i}"
                    );
                } else {
                    assert!(
                        step[0] > 0.9 * CELL && step[1].abs() < 1e-5,
                        "w{w} step {i}"
                    );
                }
                prev = *sq;
            }
            // Every cell, with its own half-size, stays inside the sunken dish.
            let reach = |p: V2, half: f32| (p[0].abs() + half).hypot(p[1].abs() + half);
            for sq in &g.squares {
                assert!(
                    reach(*sq, CELL * 0.37) < DISH_RADIUS - 0.008,
                    "w{w} square {sq:?}"
                );
            }
            let n = g.numeral;
            assert!((n[0].abs() + CELL * 0.39).hypot(n[1].abs() + CELL * 0.875) < DISH_RADIUS);
            assert!(n[0] < g.ring[0], "the numeral sits left of the ring");
        }
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
