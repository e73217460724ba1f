//! Ash & Walnut's five creatures: thick hex tiles whose top is cut down into a stained field,
//! leaving a raised rim and the creature in relief, drawn so its silhouette alone names it —
//! the Elder's crown, the Owl's tufted round body and great eyes, the Hare's long ears, the
//! Fox's pointed snout and brush, the Otter's long low body and tapering tail.
//!
//! Tiles are pointy side forward (-Z), flats facing ±X; pictures read upright for the owner
//! (the picture's "up" is the piece's forward).

use super::mesh::{self, MeshData, V2};
use super::{Part, Slot};
use std::f32::consts::PI;

/// Height of a tile: a piece on top of another stands this much higher.
pub const TILE_HEIGHT: f32 = 0.22;
/// Across the flats; the hex cell is 1.0, the gap keeps neighbours apart.
const ACROSS_FLATS: f32 = 0.96;
const FIELD_DEPTH: f32 = 0.04;
const RIM_INSET: f32 = 0.075;
/// The picture fits in this radius on the field.
const PICTURE_RADIUS: f32 = 0.35;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Creature {
    Elder,
    Owl,
    Hare,
    Fox,
    Otter,
}

/// The hexagon's corners, counter-clockwise, first corner to the right of forward.
fn hexagon(across_flats: f32) -> Vec<V2> {
    let r = across_flats / 2.0 / (PI / 6.0).cos();
    (0..6)
        .map(|k| {
            let a = PI / 6.0 + PI / 3.0 * k as f32;
            [r * a.cos(), r * a.sin()]
        })
        .collect()
}

/// A point of a drawn outline: x, y (up), and whether it stays a sharp corner.
type ControlPoint = (f32, f32, bool);

/// The outline (x, y up, sharp?) of each creature, drawn in a box about [-1, 1], and its
/// details (eyes, beak, jewels) as small outlines standing a little above the figure.
fn drawing(c: Creature) -> (Vec<ControlPoint>, Vec<Vec<V2>>) {
    match c {
        Creature::Elder => (
            // A crown: a band and three points, each point tipped with a ball.
            vec![
                (-0.70, -0.62, true),
                (0.70, -0.62, true),
                (0.70, -0.30, true),
                (0.86, 0.50, true),
                (0.40, 0.02, true),
                (0.0, 0.72, true),
                (-0.40, 0.02, true),
                (-0.86, 0.50, true),
                (-0.70, -0.30, true),
            ],
            vec![
                mesh::circle([0.86, 0.56], 0.12, 16),
                mesh::circle([0.0, 0.80], 0.13, 16),
                mesh::circle([-0.86, 0.56], 0.12, 16),
                mesh::rect([0.0, -0.46], 1.25, 0.08),
            ],
        ),
        Creature::Owl => (
            vec![
                (0.0, -0.95, false),
                (0.38, -0.90, false),
                (0.62, -0.58, false),
                (0.70, -0.10, false),
                (0.64, 0.35, false),
                (0.56, 0.66, false),
                (0.64, 0.98, true),
                (0.30, 0.74, false),
                (0.0, 0.78, false),
                (-0.30, 0.74, false),
                (-0.64, 0.98, true),
                (-0.56, 0.66, false),
                (-0.64, 0.35, false),
                (-0.70, -0.10, false),
                (-0.62, -0.58, false),
                (-0.38, -0.90, false),
            ],
            vec![
                mesh::circle([0.27, 0.36], 0.21, 24),
                mesh::circle([-0.27, 0.36], 0.21, 24),
                vec![[-0.08, 0.16], [0.0, -0.04], [0.08, 0.16]],
                // Wing edges down the sides.
                vec![[0.40, -0.05], [0.52, -0.10], [0.50, -0.70], [0.36, -0.78]],
                vec![
                    [-0.40, -0.05],
                    [-0.36, -0.78],
                    [-0.50, -0.70],
                    [-0.52, -0.10],
                ],
            ],
        ),
        Creature::Hare => (
            // Sitting, facing right: long hind foot, upright chest, two tall ears.
            vec![
                (-0.70, -0.90, false),
                (0.50, -0.90, true),
                (0.45, -0.76, false),
                (0.20, -0.74, false),
                (0.30, -0.58, false),
                (0.38, -0.10, false),
                (0.55, 0.10, false),
                (0.80, 0.16, true),
                (0.78, 0.30, false),
                (0.56, 0.44, false),
                (0.46, 0.55, false),
                (0.34, 0.98, true),
                (0.25, 0.96, false),
                (0.28, 0.56, false),
                (0.06, 0.94, true),
                (-0.03, 0.88, false),
                (0.14, 0.45, false),
                (-0.20, 0.30, false),
                (-0.60, 0.05, false),
                (-0.80, -0.25, false),
                (-0.93, -0.30, false),
                (-0.90, -0.48, false),
                (-0.76, -0.56, false),
                (-0.76, -0.82, false),
            ],
            vec![],
        ),
        Creature::Fox => (
            // Standing, facing right: pointed snout and ears, the brush held out behind.
            vec![
                (-0.45, -0.90, true),
                (-0.30, -0.90, true),
                (-0.26, -0.40, false),
                (0.20, -0.40, false),
                (0.24, -0.90, true),
                (0.39, -0.90, true),
                (0.40, -0.30, false),
                (0.52, 0.00, false),
                (0.68, 0.02, false),
                (0.98, 0.05, true),
                (0.70, 0.20, false),
                (0.62, 0.28, false),
                (0.62, 0.54, true),
                (0.50, 0.34, false),
                (0.40, 0.52, true),
                (0.36, 0.25, false),
                (0.10, 0.02, false),
                (-0.40, 0.00, false),
                (-0.60, 0.22, false),
                (-0.80, 0.56, false),
                (-0.98, 0.50, true),
                (-0.92, 0.20, false),
                (-0.75, -0.15, false),
                (-0.52, -0.30, false),
                (-0.47, -0.45, false),
            ],
            vec![],
        ),
        Creature::Otter => (
            // Long and low, facing right, the thick tail tapering to a point.
            vec![
                (-0.98, -0.12, true),
                (-0.55, -0.22, false),
                (-0.40, -0.35, false),
                (-0.40, -0.55, true),
                (-0.18, -0.55, true),
                (-0.15, -0.40, false),
                (0.25, -0.42, false),
                (0.30, -0.55, true),
                (0.50, -0.55, true),
                (0.48, -0.35, false),
                (0.62, -0.18, false),
                (0.85, -0.14, false),
                (0.98, -0.05, true),
                (0.92, 0.08, false),
                (0.75, 0.14, false),
                (0.66, 0.22, false),
                (0.60, 0.15, false),
                (0.40, 0.12, false),
                (-0.10, 0.20, false),
                (-0.45, 0.06, false),
                (-0.70, -0.04, false),
            ],
            vec![],
        ),
    }
}

/// Stained dots standing proud of the figure, in drawing coordinates (centre, radius): the
/// creatures' eyes and the crown's jewels, which read best in the contrasting inlay.
fn eyes(c: Creature) -> Vec<(V2, f32)> {
    match c {
        Creature::Elder => vec![
            ([0.0, -0.22], 0.09),
            ([0.42, -0.22], 0.07),
            ([-0.42, -0.22], 0.07),
        ],
        Creature::Owl => vec![([0.27, 0.36], 0.1), ([-0.27, 0.36], 0.1)],
        Creature::Hare => vec![([0.56, 0.30], 0.055)],
        Creature::Fox => vec![([0.63, 0.17], 0.045)],
        Creature::Otter => vec![([0.80, 0.02], 0.04)],
    }
}

/// Makes an outline counter-clockwise (details are drawn either way).
fn ccw(mut poly: Vec<V2>) -> Vec<V2> {
    if mesh::area2(&poly) < 0.0 {
        poly.reverse();
    }
    poly
}

/// The creature's outline and details, centred and scaled into the field.
fn picture(c: Creature) -> (Vec<V2>, Vec<Vec<V2>>, Vec<Vec<V2>>) {
    let (outline, details) = drawing(c);
    let smooth = mesh::chaikin(&outline, 3);
    let (mut lo, mut hi) = ([f32::MAX; 2], [f32::MIN; 2]);
    for p in &smooth {
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let mid = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0];
    let all = smooth.iter().chain(details.iter().flatten());
    let reach = all
        .map(|p| ((p[0] - mid[0]).powi(2) + (p[1] - mid[1]).powi(2)).sqrt())
        .fold(0.0f32, f32::max);
    let s = PICTURE_RADIUS / reach;
    let place = |p: &V2| [(p[0] - mid[0]) * s, (p[1] - mid[1]) * s];
    (
        ccw(smooth.iter().map(place).collect()),
        details
            .iter()
            .map(|d| ccw(d.iter().map(place).collect()))
            .collect(),
        eyes(c)
            .into_iter()
            .map(|(centre, r)| mesh::circle(place(&centre), r * s, 16))
            .collect(),
    )
}

/// The tile: chamfered hex with a raised rim around a sunken field. Returns the wood, the
/// stained field, and the field's height.
fn tile() -> (MeshData, MeshData, f32) {
    let hex = hexagon(ACROSS_FLATS);
    let h = TILE_HEIGHT;
    let field = h - FIELD_DEPTH;
    let mut wood = mesh::bands(
        &hex,
        &[
            (0.02, 0.0),
            (0.0, 0.02),
            (0.0, h - 0.025),
            (0.025, h),
            (RIM_INSET, h),
            (RIM_INSET + 0.01, field),
        ],
    );
    wood.append(&mesh::cap(&mesh::inset(&hex, 0.02), 0.0, false));
    let stain = mesh::cap(&mesh::inset(&hex, RIM_INSET + 0.01), field, true);
    (wood, stain, field)
}

/// One creature's tile.
pub fn creature(c: Creature) -> Vec<Part> {
    let (mut wood, mut stain, field) = tile();
    let (outline, details, eyes) = picture(c);
    let top = TILE_HEIGHT - 0.01;
    wood.append(&mesh::slab(&outline, field - 0.002, top, 0.009, false));
    for d in &details {
        wood.append(&mesh::slab(
            d,
            field - 0.002,
            TILE_HEIGHT - 0.002,
            0.004,
            false,
        ));
    }
    for e in &eyes {
        stain.append(&mesh::slab(e, field, TILE_HEIGHT - 0.001, 0.003, false));
    }
    vec![
        Part {
            slot: Slot::Wood,
            mesh: wood,
        },
        Part {
            slot: Slot::Inlay,
            mesh: stain,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagon_is_one_unit_across_the_flats_when_asked() {
        let h = hexagon(1.0);
        let xs: Vec<f32> = h.iter().map(|p| p[0]).collect();
        let width = xs.iter().cloned().fold(f32::MIN, f32::max)
            - xs.iter().cloned().fold(f32::MAX, f32::min);
        assert!((width - 1.0).abs() < 1e-5, "{width}");
        assert!(mesh::area2(&h) > 0.0);
        // Pointy side forward.
        assert!(h.iter().any(|p| p[0].abs() < 1e-5 && p[1] > 0.5));
    }

    #[test]
    fn pictures_fit_the_field_and_differ() {
        let mut areas = Vec::new();
        for c in [
            Creature::Elder,
            Creature::Owl,
            Creature::Hare,
            Creature::Fox,
            Creature::Otter,
        ] {
            let (outline, _, eyes) = picture(c);
            assert!(!eyes.is_empty(), "{c:?} has no eyes");
            assert!(mesh::area2(&outline) > 0.0, "{c:?} outline winds clockwise");
            for p in &outline {
                assert!((p[0] * p[0] + p[1] * p[1]).sqrt() <= PICTURE_RADIUS + 1e-4);
            }
            areas.push((mesh::area2(&outline) * 1000.0) as i32);
        }
        areas.sort();
        areas.dedup();
        assert_eq!(areas.len(), 5, "two creatures share a silhouette");
    }
}
