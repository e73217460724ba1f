//! Artifact Chess's pieces, turned on a lathe in the Staunton manner: a moulded foot, a
//! tapering stem, a collar, and a head that names the piece — the King's cross, the Rook's
//! battlements, the Bishop's mitre and ball, the Pawn's ball; the Knight's horse head is sawn
//! from a plank, chamfered, and set on a turned foot facing forward (-Z).

use super::mesh::{self, MeshData, V2};
use super::{Part, Slot};
use std::f32::consts::{FRAC_PI_2, TAU};

const SEGMENTS: usize = 48;

/// The moulded foot every piece stands on, ending at the start of the stem.
fn foot(r: f32) -> Vec<V2> {
    vec![
        [0.0, 0.0],
        [r - 0.015, 0.0],
        [r, 0.015],
        [r, 0.05],
        [r - 0.02, 0.07],
        [r - 0.045, 0.08],
        [r - 0.05, 0.095],
        [r - 0.07, 0.11],
    ]
}

/// A quarter-or-more arc of a ball of radius `r` centred at height `cy`, from angle `from` up
/// to the pole.
fn ball(r: f32, cy: f32, from_deg: f32) -> Vec<V2> {
    let steps = 10;
    let a0 = from_deg.to_radians();
    (0..=steps)
        .map(|i| {
            let a = a0 + (FRAC_PI_2 - a0) * i as f32 / steps as f32;
            [r * a.cos(), cy + r * a.sin()]
        })
        .collect()
}

fn wood(mesh: MeshData) -> Vec<Part> {
    vec![Part {
        slot: Slot::Wood,
        mesh,
    }]
}

pub fn pawn() -> Vec<Part> {
    let mut p = foot(0.34);
    p.extend([
        [0.25, 0.13],
        [0.19, 0.18],
        [0.15, 0.26],
        [0.125, 0.36],
        [0.12, 0.40],
        [0.19, 0.42],
        [0.20, 0.44],
        [0.19, 0.46],
        [0.11, 0.475],
    ]);
    p.extend(ball(0.135, 0.585, -50.0));
    wood(mesh::lathe(&p, SEGMENTS))
}

pub fn rook() -> Vec<Part> {
    let mut p = foot(0.36);
    p.extend([
        [0.27, 0.14],
        [0.25, 0.20],
        [0.23, 0.40],
        [0.225, 0.52],
        [0.25, 0.56],
        [0.29, 0.60],
        [0.29, 0.66],
        // The top is hollowed inside the battlements.
        [0.20, 0.66],
        [0.19, 0.63],
        [0.0, 0.63],
    ]);
    let mut m = mesh::lathe(&p, SEGMENTS);
    let merlons = 6;
    for k in 0..merlons {
        let a = TAU * (k as f32 + 0.5) / merlons as f32;
        let block = mesh::block([0.085, 0.11, 0.13], 0.012)
            .translate([0.245, 0.65, 0.0])
            .rotate_y(a);
        m.append(&block);
    }
    wood(m)
}

pub fn bishop() -> Vec<Part> {
    let mut p = foot(0.35);
    p.extend([
        [0.25, 0.14],
        [0.19, 0.20],
        [0.14, 0.32],
        [0.11, 0.46],
        [0.105, 0.54],
        [0.20, 0.56],
        [0.21, 0.585],
        [0.20, 0.61],
        [0.12, 0.625],
    ]);
    // The mitre: an ogive swelling from the collar to a point, then a small ball.
    let mitre = [
        [0.12, 0.63],
        [0.155, 0.67],
        [0.17, 0.72],
        [0.165, 0.77],
        [0.145, 0.82],
        [0.115, 0.87],
        [0.08, 0.91],
        [0.045, 0.945],
        [0.025, 0.96],
    ];
    p.extend(mitre);
    p.extend(ball(0.045, 1.005, -55.0));
    let m = mesh::lathe(&p, SEGMENTS);
    vec![
        Part {
            slot: Slot::Wood,
            mesh: m,
        },
        Part {
            slot: Slot::Inlay,
            mesh: mitre_slit(&mitre),
        },
    ]
}

/// The mitre's radius at height `y` (linear between profile points; 0 outside).
fn radius_at(profile: &[V2], y: f32) -> f32 {
    profile
        .windows(2)
        .find(|w| w[0][1] <= y && y <= w[1][1])
        .map_or(0.0, |w| {
            let t = (y - w[0][1]) / (w[1][1] - w[0][1]).max(1e-6);
            w[0][0] + (w[1][0] - w[0][0]) * t
        })
}

/// The bishop's slit: a thin stained slab on a tilted plane through the mitre, cut to the
/// mitre's own section and a hair larger, so only a dark groove-like line shows on its surface.
fn mitre_slit(mitre: &[V2]) -> MeshData {
    let tilt = 50f32.to_radians();
    let centre_y = 0.80;
    let (sin, cos) = tilt.sin_cos();
    let grow = 0.004;
    let mut right: Vec<V2> = Vec::new();
    for i in 0..=60 {
        let t = -0.3 + 0.6 * i as f32 / 60.0;
        let r = radius_at(mitre, centre_y + t * cos);
        let half2 = r * r - (t * sin).powi(2);
        if half2 > 1e-5 {
            right.push([half2.sqrt() + grow, t]);
        }
    }
    if right.len() < 2 {
        return MeshData::default();
    }
    let mut outline = right.clone();
    outline.extend(right.iter().rev().map(|q| [-q[0], q[1]]));
    // In the slab's frame: x across, y through the slab, z = -t along the plane.
    // World: x stays; the slab's y goes along the plane's normal; -z along the plane's slope.
    let normal = [0.0, sin, cos];
    let slope = [0.0, cos, -sin];
    let rows = [
        [1.0, normal[0], -slope[0]],
        [0.0, normal[1], -slope[1]],
        [0.0, normal[2], -slope[2]],
    ];
    mesh::slab(&outline, -0.013, 0.013, 0.0, true)
        .rotate(rows)
        .translate([0.0, centre_y, 0.0])
}

pub fn king() -> Vec<Part> {
    let mut p = foot(0.38);
    p.extend([
        [0.29, 0.14],
        [0.22, 0.21],
        [0.17, 0.36],
        [0.14, 0.55],
        [0.13, 0.70],
        [0.24, 0.73],
        [0.25, 0.76],
        [0.24, 0.79],
        [0.15, 0.81],
        [0.17, 0.86],
        [0.23, 0.96],
        [0.24, 0.99],
        [0.20, 1.01],
        [0.12, 1.03],
        [0.0, 1.035],
    ]);
    let mut m = mesh::lathe(&p, SEGMENTS);
    m.append(&mesh::block([0.085, 0.30, 0.085], 0.014).translate([0.0, 1.02, 0.0]));
    m.append(&mesh::block([0.25, 0.085, 0.085], 0.014).translate([0.0, 1.17, 0.0]));
    wood(m)
}

/// The horse head in profile: `x` toward the nose (forward), `y` up, from the top of the foot.
fn horse_head() -> Vec<V2> {
    let pts: Vec<(f32, f32, bool)> = vec![
        (-0.22, 0.00, true),
        (0.20, 0.00, true),
        (0.22, 0.10, false),
        (0.17, 0.22, false),
        (0.20, 0.30, false),
        (0.30, 0.335, false),
        (0.40, 0.33, false),
        (0.45, 0.36, false),
        (0.37, 0.395, true),
        (0.45, 0.41, false),
        (0.44, 0.46, false),
        (0.35, 0.50, false),
        (0.18, 0.58, false),
        (0.14, 0.67, true),
        (0.07, 0.60, false),
        (0.02, 0.645, true),
        (-0.05, 0.56, false),
        (-0.14, 0.49, false),
        (-0.22, 0.36, false),
        (-0.28, 0.20, false),
        (-0.26, 0.08, false),
    ];
    mesh::chaikin(&pts, 2)
}

pub fn knight() -> Vec<Part> {
    let mut p = foot(0.36);
    p.extend([[0.26, 0.14], [0.24, 0.17], [0.0, 0.17]]);
    let mut m = mesh::lathe(&p, SEGMENTS);
    let scale = 1.3;
    let shift = -0.085;
    let outline: Vec<V2> = horse_head()
        .into_iter()
        .map(|q| [(q[0] + shift) * scale, q[1] * scale])
        .collect();
    // Sawn from a plank: the outline is swept across the plank's thickness with chamfers on
    // both faces, then stood up so the outline's x points forward (-Z) and its y points up.
    let t = 0.12;
    let b = 0.03;
    let mut head = mesh::bands(&outline, &[(b, -t), (0.0, -t + b), (0.0, t - b), (b, t)]);
    head.append(&mesh::cap(&mesh::inset(&outline, b), t, true));
    head.append(&mesh::cap(&mesh::inset(&outline, b), -t, false));
    // Eyes: a small boss on each cheek.
    let eye_at = [(0.20 + shift) * scale, 0.49 * scale];
    let eye = mesh::circle(eye_at, 0.028, 12);
    let (e, boss) = (0.006, 0.012);
    head.append(&mesh::slab(&eye, t - 0.01, t + boss, e, false));
    head.append(&mesh::bands(
        &eye,
        &[(e, -t - boss), (0.0, -t - boss + e), (0.0, -t + 0.01)],
    ));
    head.append(&mesh::cap(&mesh::inset(&eye, e), -t - boss, false));
    // (x, y, z) of the plank -> (y, -z, -x): outline x forward to -Z, outline y up to +Y.
    let head = head
        .rotate([[0.0, 1.0, 0.0], [0.0, 0.0, -1.0], [-1.0, 0.0, 0.0]])
        .translate([0.0, 0.15, 0.0]);
    m.append(&head);
    wood(m)
}
