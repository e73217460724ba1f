//! Artifact Chess's pieces, turned on a lathe in the Staunton manner: a moulded foot (a plinth,
//! a cove and a bead), a tapering stem, a collar, and a head that names the piece — the King's
//! crown and cross, the Rook's battlements, the Bishop's mitre with its slanting cut, the Pawn's
//! ball. Every profile is a polyline whose corners are rounded by their own radius, so no edge
//! is sharp and the turned surfaces shade smoothly. The Knight's horse head is sawn from a plank
//! in profile (muzzle, jaw, ears, mane), rounded over on every edge, narrowing toward the muzzle,
//! with raised cheeks and eyes, and set on a turned foot looking forward (-Z) and a little to
//! its left.

use super::mesh::{self, Corner, MeshData, V2, V3};
use super::{Part, Slot};
use std::f32::consts::TAU;

/// Segments around a turned piece: enough that the silhouette shows no facets at the table's
/// default view.
const SEGMENTS: usize = 48;

/// The moulded foot every piece stands on, of radius `r`, ending at the top of its bead
/// (`y` ≈ 0.13), where the stem starts.
fn foot(r: f32) -> Vec<Corner> {
    vec![
        (0.0, 0.0, 0.0),
        (r, 0.0, 0.012),
        (r, 0.046, 0.016),
        (r - 0.04, 0.058, 0.008),
        (r - 0.058, 0.08, 0.014),
        (r - 0.036, 0.102, 0.02),
        (r - 0.07, 0.13, 0.012),
    ]
}

/// The collar under a piece's head: a rounded disc of radius `r` whose underside starts at
/// `y`, closing in to `neck` on top.
fn collar(y: f32, r: f32, neck: f32) -> [Corner; 4] {
    [
        (r - 0.01, y, 0.012),
        (r, y + 0.025, 0.01),
        (r - 0.01, y + 0.05, 0.012),
        (neck, y + 0.065, 0.01),
    ]
}

/// An arc of the profile (a ball, a bead) as sharp corners: the arc's own points are dense.
fn arc(c: V2, r: f32, from_deg: f32, to_deg: f32) -> Vec<Corner> {
    mesh::arc(c, r, from_deg, to_deg)
        .into_iter()
        .map(|p| (p[0], p[1], 0.0))
        .collect()
}

/// A turned solid from a profile of rounded corners (see [`mesh::fillet`]).
fn turn(profile: &[Corner]) -> MeshData {
    mesh::lathe(&mesh::fillet(profile, false), SEGMENTS)
}

fn wood(mesh: MeshData) -> Vec<Part> {
    vec![Part {
        slot: Slot::Wood,
        mesh,
    }]
}

pub fn pawn() -> Vec<Part> {
    let mut p = foot(0.33);
    p.extend([(0.21, 0.16, 0.05), (0.15, 0.26, 0.12), (0.125, 0.37, 0.012)]);
    p.extend(collar(0.385, 0.195, 0.10));
    p.extend(arc([0.0, 0.555], 0.135, -48.0, 90.0));
    wood(turn(&p))
}

/// The height of the floor between the Rook's battlements, and the top of the battlements.
const CRENEL_FLOOR: f32 = 0.63;
const MERLON_TOP: f32 = 0.72;

pub fn rook() -> Vec<Part> {
    let (outer, inner) = (0.29, 0.20);
    let mut p = foot(0.36);
    p.extend([
        (0.27, 0.165, 0.04),
        (0.235, 0.23, 0.15),
        (0.225, 0.45, 0.02),
        (0.255, 0.465, 0.01),
        (0.258, 0.485, 0.01),
        (0.232, 0.50, 0.01),
        (0.245, 0.54, 0.03),
        (outer, 0.575, 0.012),
        (outer, CRENEL_FLOOR, 0.006),
        (inner, CRENEL_FLOOR, 0.006),
        (inner, 0.595, 0.01),
        (0.0, 0.595, 0.0),
    ]);
    let mut m = turn(&p);
    // The battlements: six merlons standing on the ring with gaps between them, each an arc of
    // the ring sawn out with its corners rounded.
    let merlons = 6;
    let width = TAU / merlons as f32 * 0.58;
    for k in 0..merlons {
        let mid = TAU * (k as f32 + 0.5) / merlons as f32;
        let steps = 4;
        let mut outline: Vec<Corner> = Vec::new();
        for s in 0..=steps {
            let a = mid - width / 2.0 + width * s as f32 / steps as f32;
            let r = if s == 0 || s == steps { 0.012 } else { 0.0 };
            outline.push((outer * a.cos(), outer * a.sin(), r));
        }
        for s in (0..=steps).rev() {
            let a = mid - width / 2.0 + width * s as f32 / steps as f32;
            let r = if s == 0 || s == steps { 0.01 } else { 0.0 };
            outline.push((inner * a.cos(), inner * a.sin(), r));
        }
        let plan = mesh::fillet(&outline, true);
        m.append(&mesh::rounded_slab(
            &plan,
            CRENEL_FLOOR - 0.003,
            MERLON_TOP,
            0.014,
            false,
        ));
    }
    wood(m)
}

/// The bishop's mitre: the height its slanting cut crosses the axis, the cut's slope from the
/// horizontal, its width, and how far past the axis it reaches.
const SLIT_CENTRE: f32 = 0.83;
const SLIT_SLOPE_DEG: f32 = 36.0;
const SLIT_WIDTH: f32 = 0.046;
const SLIT_PAST_AXIS: f32 = 0.035;

pub fn bishop() -> Vec<Part> {
    let mut p = foot(0.35);
    p.extend([
        (0.25, 0.165, 0.05),
        (0.17, 0.27, 0.2),
        (0.108, 0.47, 0.02),
        (0.105, 0.53, 0.02),
    ]);
    p.extend(collar(0.55, 0.205, 0.10));
    p.extend([(0.095, 0.64, 0.0), (0.0, 0.64, 0.0)]);
    let mut m = turn(&p);
    // The mitre, turned on its own so that the cut goes through it alone: an ogive swelling
    // from the collar and closing to a point.
    let mitre = turn(&[
        (0.0, 0.62, 0.0),
        (0.115, 0.62, 0.0),
        (0.165, 0.67, 0.06),
        (0.172, 0.745, 0.12),
        (0.10, 0.885, 0.12),
        (0.028, 0.962, 0.01),
        (0.0, 0.97, 0.0),
    ]);
    m.append(&mitre_with_cut(&mitre));
    // The small ball on the tip.
    let mut knob = arc([0.0, 1.0], 0.043, -90.0, 90.0);
    knob[0].0 = 0.0;
    m.append(&turn(&knob));
    wood(m)
}

/// The mitre cut by the slit: a slab of space `SLIT_WIDTH` wide on a plane sloping down toward
/// +X (seen from the front or the back, a diagonal groove), sawn in from the +X side to just
/// past the axis. Three convex pieces of the mitre remain — below the slit, above it, and the
/// bridge of wood behind its end — each closed where the saw went through.
fn mitre_with_cut(mitre: &MeshData) -> MeshData {
    let a = SLIT_SLOPE_DEG.to_radians();
    let (s, c) = a.sin_cos();
    // The plane's normal (up and toward +X) and its downhill direction toward the open side.
    let n: V3 = [s, c, 0.0];
    let q: V3 = [c, -s, 0.0];
    let centre: V3 = [0.0, SLIT_CENTRE, 0.0];
    let d = mesh::dot(n, centre);
    let (lo, hi) = (d - SLIT_WIDTH / 2.0, d + SLIT_WIDTH / 2.0);
    let mut out = mesh::clip(mitre, n, lo, true);
    out.append(&mesh::clip(mitre, mesh::scale(n, -1.0), -hi, true));
    let band = mesh::clip(
        &mesh::clip(mitre, mesh::scale(n, -1.0), -lo, false),
        n,
        hi,
        false,
    );
    let end = mesh::dot(q, centre) - SLIT_PAST_AXIS;
    out.append(&mesh::clip(&band, q, end, true));
    out
}

pub fn king() -> Vec<Part> {
    let mut p = foot(0.38);
    p.extend([
        (0.29, 0.17, 0.05),
        (0.19, 0.30, 0.25),
        (0.14, 0.60, 0.05),
        (0.135, 0.69, 0.02),
    ]);
    p.extend(collar(0.712, 0.248, 0.15));
    p.extend([
        // The crown: a cup flaring to a rolled rim, closed by a low dome.
        (0.16, 0.83, 0.05),
        (0.232, 0.95, 0.03),
        (0.245, 0.985, 0.012),
        (0.215, 1.0, 0.01),
        (0.13, 1.012, 0.03),
        (0.06, 1.045, 0.04),
        (0.0, 1.05, 0.0),
    ]);
    let mut m = turn(&p);
    m.append(&cross().translate([0.0, 1.03, 0.0]));
    wood(m)
}

/// The King's cross, standing on `y = 0` in the plane of X and Y, every edge rounded.
fn cross() -> MeshData {
    let (stem, arm) = (0.042, 0.12);
    let (bar_lo, bar_hi, top) = (0.125, 0.2, 0.25);
    let (o, i) = (0.014, 0.008);
    let outline: Vec<Corner> = vec![
        (-stem, 0.0, 0.0),
        (stem, 0.0, 0.0),
        (stem, bar_lo, i),
        (arm, bar_lo, o),
        (arm, bar_hi, o),
        (stem, bar_hi, i),
        (stem, top, o),
        (-stem, top, o),
        (-stem, bar_hi, i),
        (-arm, bar_hi, o),
        (-arm, bar_lo, o),
        (-stem, bar_lo, i),
    ];
    let plan = mesh::fillet(&outline, true);
    // Plank (x, y = thickness, z = -f) -> world (x, f, thickness).
    mesh::pillow(&plan, 0.036, 0.016).rotate([[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]])
}

/// The horse head in profile: `x` toward the nose (forward), `y` up from the top of the foot;
/// counter-clockwise, each corner with its rounding. The ears and the mane are carved apart.
fn horse_head() -> Vec<Corner> {
    vec![
        (-0.215, -0.08, 0.0),
        (0.19, -0.08, 0.0),
        // The chest, the front of the neck and the throat.
        (0.235, 0.08, 0.08),
        (0.15, 0.27, 0.12),
        (0.125, 0.40, 0.03),
        // The jowl, the lower jaw and the chin.
        (0.20, 0.385, 0.05),
        (0.345, 0.345, 0.025),
        // The mouth, the lip, the muzzle and the nose.
        (0.38, 0.368, 0.006),
        (0.42, 0.38, 0.015),
        (0.435, 0.43, 0.03),
        (0.40, 0.47, 0.03),
        // The bridge of the nose, the forehead and the poll.
        (0.24, 0.58, 0.06),
        (0.12, 0.655, 0.04),
        (0.02, 0.665, 0.05),
        // The back of the neck, under the mane.
        (-0.14, 0.56, 0.1),
        (-0.25, 0.32, 0.12),
        (-0.255, -0.08, 0.0),
    ]
}

/// The mane: a crest along the back of the neck, its outer edge in tufts; same coordinates.
fn horse_mane() -> Vec<Corner> {
    let mut outer = vec![(0.05, 0.705, 0.02)];
    let tufts = [
        (-0.025, 0.69),
        (-0.045, 0.655),
        (-0.095, 0.64),
        (-0.11, 0.60),
        (-0.16, 0.575),
        (-0.165, 0.53),
        (-0.21, 0.495),
        (-0.21, 0.445),
        (-0.25, 0.40),
        (-0.245, 0.35),
        (-0.28, 0.30),
        (-0.27, 0.245),
        (-0.29, 0.19),
    ];
    outer.extend(tufts.iter().map(|&(x, y)| (x, y, 0.008)));
    outer.extend([
        (-0.285, 0.12, 0.02),
        (-0.21, 0.12, 0.02),
        (-0.20, 0.30, 0.08),
        (-0.12, 0.49, 0.08),
        (-0.02, 0.60, 0.05),
        (0.07, 0.65, 0.02),
    ]);
    outer
}

/// An ear, pricked forward; same coordinates.
fn horse_ear() -> Vec<Corner> {
    vec![
        (0.045, 0.60, 0.0),
        (0.135, 0.60, 0.0),
        (0.13, 0.70, 0.04),
        (0.105, 0.79, 0.012),
        (0.06, 0.70, 0.04),
    ]
}

/// The outline of corners, rounded and made counter-clockwise.
fn outline(corners: &[Corner]) -> Vec<V2> {
    let mut p = mesh::fillet(corners, true);
    if mesh::area2(&p) < 0.0 {
        p.reverse();
    }
    p
}

/// How the head narrows toward the muzzle: the plank's thickness is multiplied by this at `x`.
fn taper(x: f32) -> f32 {
    1.06 + TAPER_SLOPE * x
}
const TAPER_SLOPE: f32 = -0.42;

/// The horse looks a little to its left (still forward, -Z): seen from either player's chair,
/// the table's steep view then catches the muzzle and the line of the jaw, not only the mane or
/// the face edge-on.
const KNIGHT_TURN_DEG: f32 = 35.0;

pub fn knight() -> Vec<Part> {
    let mut p = foot(0.36);
    p.extend([(0.28, 0.16, 0.03), (0.265, 0.185, 0.01), (0.0, 0.19, 0.0)]);
    let mut m = turn(&p);
    let t = 0.115;
    let mut head = mesh::pillow(&outline(&horse_head()), t, 0.07);
    head.append(&mesh::pillow(&outline(&horse_mane()), 0.045, 0.024));
    for side in [-1.0f32, 1.0] {
        let ear = mesh::pillow(&outline(&horse_ear()), 0.022, 0.014);
        head.append(&ear.translate([0.0, side * 0.055, 0.0]));
    }
    // The cheek: a rounded swelling over the jowl, on both sides.
    let cheek: Vec<V2> = mesh::circle([0.0, 0.0], 1.0, 24)
        .into_iter()
        .map(|q| [0.205 + q[0] * 0.075, 0.468 + q[1] * 0.06])
        .collect();
    head.append(&mesh::pillow(&cheek, t + 0.006, 0.04));
    // The eyes: small rounded bosses under the brow.
    let eye = mesh::circle([0.215, 0.56], 0.024, 16);
    head.append(&mesh::pillow(&eye, t - 0.004, 0.014));
    // The nostrils.
    let nostril = mesh::circle([0.40, 0.43], 0.018, 12);
    head.append(&mesh::pillow(&nostril, t - 0.028, 0.012));
    // Narrow the plank toward the muzzle: y -> y k(x). Normals go by the inverse transpose of
    // that map's Jacobian, so the rounds stay smooth.
    for (pos, n) in head.positions.iter_mut().zip(head.normals.iter_mut()) {
        let k = taper(pos[0]);
        let slope = pos[1] * TAPER_SLOPE;
        pos[1] *= k;
        *n = mesh::normalize([n[0] - slope / k * n[1], n[1] / k, n[2]]);
    }
    // (x, y, z) of the plank -> (y, -z, -x): outline x forward to -Z, outline y up to +Y.
    let head = head
        .rotate([[0.0, 1.0, 0.0], [0.0, 0.0, -1.0], [-1.0, 0.0, 0.0]])
        .translate([0.0, 0.19, 0.0])
        .rotate_y(KNIGHT_TURN_DEG.to_radians());
    m.append(&head);
    wood(m)
}
