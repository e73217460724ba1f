//! Ash & Walnut's eight creatures: thick hex tiles whose top is cut down into a sunken field of
//! the tile's own wood, leaving a raised rim, with the creature standing on it in inlaid relief
//! (ink on ash, bone on walnut), drawn so its silhouette alone names it — the Elder's crown, the
//! Owl's tufted round body and great eyes, the Hare's long ears, the Fox's pointed snout and
//! brush, the Otter's long low body and tapering tail; and the expansions' three, the Jay's
//! crest and long tail on its branch, the Squirrel's great curled tail, the Hedgehog's back of
//! spines over a small pointed snout. From above a tile reads as its wood: the rim and the
//! ground are wood, only the creature is inlay, and its eyes and the few lines carved on it
//! stand up in wood again.
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

/// The creatures carved: the rules' own (the base game's five, then the expansions' three).
pub use crate::rules::hive::Creature;

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

/// A creature as drawn, in a box about [-1, 1] (x, y up).
struct Drawing {
    /// The silhouette: the figure, in the inlay.
    outline: Vec<ControlPoint>,
    /// Parts of the silhouette reaching past the outline (the crown's balls), in the inlay with
    /// the figure and standing a little above it.
    extra: Vec<Vec<V2>>,
    /// Lines and shapes carved on the figure (the crown's band, the Owl's eye discs, beak and
    /// wing edges), in the wood, standing a little above it.
    details: Vec<Vec<V2>>,
}

fn drawing(c: Creature) -> Drawing {
    let (outline, extra, details) = match c {
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
            ],
            vec![mesh::rect([0.0, -0.46], 1.25, 0.08)],
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
            vec![],
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
            vec![],
        ),
        Creature::Jay => (
            // Perched on a branch, facing right: a short beak, the crest swept back from the
            // crown, the long tail held out and down behind.
            vec![
                (0.98, 0.44, true),
                (0.76, 0.56, false),
                (0.64, 0.68, false),
                (0.52, 0.84, false),
                (0.30, 0.98, true),
                (0.36, 0.78, false),
                (0.10, 0.86, true),
                (0.22, 0.64, false),
                (0.10, 0.48, false),
                (-0.20, 0.30, false),
                (-0.50, 0.08, false),
                (-0.98, -0.42, true),
                (-0.88, -0.58, true),
                (-0.40, -0.26, false),
                (-0.10, -0.36, false),
                (0.06, -0.50, false),
                (0.06, -0.62, true),
                (-0.40, -0.62, true),
                (-0.46, -0.76, true),
                (0.80, -0.76, true),
                (0.76, -0.62, true),
                (0.26, -0.62, true),
                (0.28, -0.48, false),
                (0.48, -0.24, false),
                (0.64, 0.06, false),
                (0.72, 0.30, false),
                (0.80, 0.36, false),
            ],
            vec![],
            vec![
                // The wing's edge, from the shoulder to the root of the tail.
                stroke(
                    &bezier(
                        [0.36, 0.30],
                        [0.30, -0.10],
                        [-0.10, -0.20],
                        [-0.42, -0.08],
                        7,
                    ),
                    0.08,
                ),
                // The barred patch on the wing.
                stroke(&[[0.14, 0.28], [0.26, 0.08]], 0.08),
                stroke(&[[0.00, 0.20], [0.12, 0.00]], 0.08),
                stroke(&[[-0.14, 0.12], [-0.02, -0.08]], 0.08),
                // The moustache under the eye.
                stroke(&[[0.66, 0.36], [0.52, 0.20]], 0.08),
            ],
        ),
        Creature::Squirrel => (
            // Sitting up, facing right, paws at the chest; the great tail rises behind the back
            // and curls over at the top.
            vec![
                (0.86, 0.36, true),
                (0.72, 0.54, false),
                (0.60, 0.62, false),
                (0.54, 0.88, true),
                (0.40, 0.64, false),
                (0.30, 0.46, false),
                (0.16, 0.12, false),
                (0.06, -0.14, true),
                (-0.04, 0.14, false),
                (0.06, 0.58, false),
                (0.00, 0.90, false),
                (-0.30, 1.00, false),
                (-0.66, 0.82, false),
                (-0.74, 0.40, false),
                (-0.54, 0.06, false),
                (-0.56, -0.46, false),
                (-0.36, -0.90, false),
                (-0.10, -0.92, true),
                (0.52, -0.92, true),
                (0.58, -0.80, false),
                (0.34, -0.72, false),
                (0.42, -0.40, false),
                (0.68, -0.14, true),
                (0.50, 0.04, false),
                (0.56, 0.20, false),
                (0.72, 0.28, false),
            ],
            vec![],
            vec![
                // The curl of the tail: up its middle and round into a spiral at the top.
                stroke(&spiral([-0.34, 0.58], 0.26, 0.09, -70.0, 400.0, 14), 0.08),
                // The haunch.
                stroke(
                    &bezier(
                        [0.28, -0.76],
                        [0.06, -0.62],
                        [0.08, -0.30],
                        [0.30, -0.24],
                        6,
                    ),
                    0.08,
                ),
            ],
        ),
        Creature::Hedgehog => {
            // Low and round, facing right: a small pointed snout and short legs under a back
            // of spines swept toward the rump.
            let mut outline = vec![
                (0.98, -0.34, true),
                (0.84, -0.27, false),
                (0.70, -0.20, false),
            ];
            outline.extend(spines([-0.06, -0.52], [0.78, 0.64], 0.24, 34.0, 176.0, 11));
            outline.extend([
                (-0.92, -0.62, false),
                (-0.70, -0.70, false),
                (-0.56, -0.72, true),
                (-0.56, -0.90, true),
                (-0.36, -0.90, true),
                (-0.34, -0.72, true),
                (0.22, -0.72, true),
                (0.24, -0.90, true),
                (0.44, -0.90, true),
                (0.46, -0.70, false),
                (0.70, -0.54, false),
                (0.86, -0.46, false),
            ]);
            // Rows of ridges on the coat, leaning back like the spines.
            let mut ridges = Vec::new();
            for (row, r) in [(0, 0.52), (1, 0.78)] {
                let n = 5 - row;
                for k in 0..n {
                    let a = (50.0 + 22.0 * k as f32 + 11.0 * row as f32).to_radians();
                    let at = |s: f32, lean: f32| {
                        let b = a + lean;
                        [-0.06 + 0.78 * s * b.cos(), -0.52 + 0.64 * s * b.sin()]
                    };
                    ridges.push(stroke(&[at(r - 0.13, 0.0), at(r + 0.13, 0.14)], 0.08));
                }
            }
            (outline, vec![], ridges)
        }
    };
    Drawing {
        outline,
        extra,
        details,
    }
}

/// A line cut with a gouge: the polyline's two sides `width` apart in the middle, narrowing
/// to 0.6 of that at its ends, as one outline. A straight cut (two points) gets a middle point
/// so it swells between its ends too.
fn stroke(line: &[V2], width: f32) -> Vec<V2> {
    let line = match line {
        [a, b] => vec![*a, [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0], *b],
        _ => line.to_vec(),
    };
    let n = line.len();
    let (mut left, mut right) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for i in 0..n {
        let (a, b) = (line[i.saturating_sub(1)], line[(i + 1).min(n - 1)]);
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let l = (dx * dx + dy * dy).sqrt().max(1e-9);
        let t = i as f32 / (n - 1).max(1) as f32;
        let w = width / 2.0 * (1.0 - 0.4 * (2.0 * t - 1.0).powi(2));
        let normal = [-dy / l * w, dx / l * w];
        left.push([line[i][0] + normal[0], line[i][1] + normal[1]]);
        right.push([line[i][0] - normal[0], line[i][1] - normal[1]]);
    }
    left.extend(right.into_iter().rev());
    left
}

/// `n` points along the cubic Bézier curve from `a` to `d` (`b` and `c` its handles).
fn bezier(a: V2, b: V2, c: V2, d: V2, n: usize) -> Vec<V2> {
    (0..n)
        .map(|i| {
            let t = i as f32 / (n - 1) as f32;
            let u = 1.0 - t;
            let w = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
            [
                w[0] * a[0] + w[1] * b[0] + w[2] * c[0] + w[3] * d[0],
                w[0] * a[1] + w[1] * b[1] + w[2] * c[1] + w[3] * d[1],
            ]
        })
        .collect()
}

/// `n` points of a spiral around `centre`, from radius `from` at angle `start` (degrees)
/// turning counter-clockwise by `turn` degrees while the radius shrinks to `to`.
fn spiral(centre: V2, from: f32, to: f32, start: f32, turn: f32, n: usize) -> Vec<V2> {
    (0..n)
        .map(|i| {
            let t = i as f32 / (n - 1) as f32;
            let a = (start + turn * t).to_radians();
            let r = from + (to - from) * t;
            [centre[0] + r * a.cos(), centre[1] + r * a.sin()]
        })
        .collect()
}

/// A back of `n` spines over the half ellipse around `centre` with radii `radii`, from angle
/// `from` to `to` (degrees, counter-clockwise): sharp valleys on the ellipse and sharp tips
/// `length` beyond it, each leaning toward `to`.
fn spines(centre: V2, radii: V2, length: f32, from: f32, to: f32, n: usize) -> Vec<ControlPoint> {
    let at = |deg: f32, out: f32| {
        let a = deg.to_radians();
        (
            centre[0] + (radii[0] + out) * a.cos(),
            centre[1] + (radii[1] + out) * a.sin(),
            true,
        )
    };
    let step = (to - from) / n as f32;
    let mut points = Vec::with_capacity(2 * n + 1);
    for k in 0..n {
        let valley = from + step * k as f32;
        points.push(at(valley, 0.0));
        points.push(at(valley + step * 0.9, length));
    }
    points.push(at(to, 0.0));
    points
}

/// Dots standing proud of everything else, in drawing coordinates (centre, radius, finish): the
/// creatures' eyes and the crown's jewels, each in the finish that contrasts with what it
/// stands on — wood on the inlaid figure, inlay on the Owl's wooden eye discs.
fn eyes(c: Creature) -> Vec<(V2, f32, Slot)> {
    match c {
        Creature::Elder => vec![
            ([0.0, -0.22], 0.09, Slot::Wood),
            ([0.42, -0.22], 0.07, Slot::Wood),
            ([-0.42, -0.22], 0.07, Slot::Wood),
        ],
        Creature::Owl => vec![
            ([0.27, 0.36], 0.1, Slot::Inlay),
            ([-0.27, 0.36], 0.1, Slot::Inlay),
        ],
        Creature::Hare => vec![([0.56, 0.30], 0.055, Slot::Wood)],
        Creature::Fox => vec![([0.63, 0.17], 0.045, Slot::Wood)],
        Creature::Otter => vec![([0.80, 0.02], 0.04, Slot::Wood)],
        Creature::Jay => vec![([0.62, 0.52], 0.06, Slot::Wood)],
        Creature::Squirrel => vec![([0.62, 0.42], 0.06, Slot::Wood)],
        // The eye, and the nose at the tip of the snout.
        Creature::Hedgehog => vec![
            ([0.66, -0.30], 0.055, Slot::Wood),
            ([0.90, -0.34], 0.045, Slot::Wood),
        ],
    }
}

/// Makes an outline counter-clockwise (details are drawn either way).
fn ccw(mut poly: Vec<V2>) -> Vec<V2> {
    if mesh::area2(&poly) < 0.0 {
        poly.reverse();
    }
    poly
}

/// A creature's drawing, centred and scaled into the field (all outlines counter-clockwise), in
/// tile units with y toward the piece's forward. The carver stands it up in relief; the rules
/// pages draw it flat (`app::menu::figures`).
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    /// The silhouette, in the inlay.
    pub outline: Vec<V2>,
    /// Parts reaching past the silhouette, in the inlay too.
    pub extra: Vec<Vec<V2>>,
    /// Shapes carved on the figure, in the wood.
    pub details: Vec<Vec<V2>>,
    /// The eyes and jewels, each in the finish it stands out in.
    pub eyes: Vec<(Vec<V2>, Slot)>,
}

/// The creature's outline and details, centred and scaled into the field.
pub fn picture(c: Creature) -> Picture {
    let Drawing {
        outline,
        extra,
        details,
    } = drawing(c);
    let smooth = mesh::chaikin(&outline, 3);
    let (mut lo, mut hi) = ([f32::MAX; 2], [f32::MIN; 2]);
    for p in &smooth {
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let mid = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0];
    let all = smooth
        .iter()
        .chain(extra.iter().flatten())
        .chain(details.iter().flatten());
    let reach = all
        .map(|p| ((p[0] - mid[0]).powi(2) + (p[1] - mid[1]).powi(2)).sqrt())
        .fold(0.0f32, f32::max);
    let s = PICTURE_RADIUS / reach;
    let place = |p: &V2| [(p[0] - mid[0]) * s, (p[1] - mid[1]) * s];
    let place_all = |polys: &[Vec<V2>]| -> Vec<Vec<V2>> {
        polys
            .iter()
            .map(|d| ccw(d.iter().map(place).collect()))
            .collect()
    };
    Picture {
        outline: ccw(smooth.iter().map(place).collect()),
        extra: place_all(&extra),
        details: place_all(&details),
        eyes: eyes(c)
            .into_iter()
            .map(|(centre, r, slot)| (mesh::circle(place(&centre), r * s, 16), slot))
            .collect(),
    }
}

/// The tile: chamfered hex with a raised rim around a sunken field, all in the tile's wood.
/// Returns the mesh and the field's height.
fn tile() -> (MeshData, f32) {
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
    wood.append(&mesh::cap(
        &mesh::inset(&hex, RIM_INSET + 0.01),
        field,
        true,
    ));
    (wood, field)
}

/// One creature's tile: the wooden tile, the creature standing on its field in the inlay, and
/// the creature's carved details and eyes standing on the figure in the contrasting finish.
pub fn creature(c: Creature) -> Vec<Part> {
    let (mut wood, field) = tile();
    let mut inlay = MeshData::default();
    let pic = picture(c);
    // The figure stands in relief with its top edge rounded over, as a carver's gouge leaves it.
    inlay.append(&mesh::rounded_slab(
        &pic.outline,
        field - 0.002,
        TILE_HEIGHT - 0.008,
        0.012,
        false,
    ));
    let raised =
        |poly: &[V2]| mesh::rounded_slab(poly, field - 0.002, TILE_HEIGHT - 0.002, 0.005, false);
    for e in &pic.extra {
        inlay.append(&raised(e));
    }
    for d in &pic.details {
        wood.append(&raised(d));
    }
    for (e, slot) in &pic.eyes {
        let dot = mesh::rounded_slab(e, field, TILE_HEIGHT - 0.001, 0.004, false);
        match slot {
            Slot::Wood => wood.append(&dot),
            Slot::Inlay => inlay.append(&dot),
        }
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
        for c in Creature::ALL {
            let pic = picture(c);
            assert!(!pic.eyes.is_empty(), "{c:?} has no eyes");
            let outline = &pic.outline;
            assert!(mesh::area2(outline) > 0.0, "{c:?} outline winds clockwise");
            for p in outline.iter().chain(pic.extra.iter().flatten()) {
                assert!((p[0] * p[0] + p[1] * p[1]).sqrt() <= PICTURE_RADIUS + 1e-4);
            }
            areas.push((mesh::area2(outline) * 1000.0) as i32);
        }
        areas.sort();
        areas.dedup();
        assert_eq!(areas.len(), 8, "two creatures share a silhouette");
    }

    #[test]
    fn the_expansion_creatures_cost_about_what_the_base_five_do() {
        let triangles = |c| {
            creature(c)
                .iter()
                .map(|p| p.mesh.indices.len() / 3)
                .sum::<usize>()
        };
        let base = Creature::ALL[..5].iter().map(|&c| triangles(c));
        let dearest = base.max().unwrap_or(0);
        for c in [Creature::Jay, Creature::Squirrel, Creature::Hedgehog] {
            let n = triangles(c);
            assert!(
                n * 4 <= dearest * 5,
                "{c:?} has {n} triangles, the dearest base creature {dearest}"
            );
        }
    }

    /// Whether `p` lies inside the outline (even-odd crossings).
    fn inside(poly: &[V2], p: V2) -> bool {
        let mut odd = false;
        for i in 0..poly.len() {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            if (a[1] > p[1]) != (b[1] > p[1])
                && p[0] < a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0])
            {
                odd = !odd;
            }
        }
        odd
    }

    #[test]
    fn eyes_and_details_contrast_with_what_they_stand_on() {
        for c in Creature::ALL {
            let pic = picture(c);
            let centre = |poly: &[V2]| {
                let n = poly.len() as f32;
                let sum = poly
                    .iter()
                    .fold([0.0, 0.0], |s, p| [s[0] + p[0], s[1] + p[1]]);
                [sum[0] / n, sum[1] / n]
            };
            // The wooden details are carved on the inlaid figure.
            for d in &pic.details {
                assert!(
                    inside(&pic.outline, centre(d)),
                    "{c:?}: a detail off the figure"
                );
            }
            // An eye on a wooden detail is inlay; one straight on the figure is wood.
            for (e, slot) in &pic.eyes {
                let at = centre(e);
                assert!(inside(&pic.outline, at), "{c:?}: an eye off the figure");
                let on_wood = pic.details.iter().any(|d| inside(d, at));
                let want = if on_wood { Slot::Inlay } else { Slot::Wood };
                assert_eq!(*slot, want, "{c:?}: an eye in the finish it stands on");
            }
        }
    }
}
