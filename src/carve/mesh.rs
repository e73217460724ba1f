//! The carver's tools: triangle meshes and the few ways of cutting wood the models need —
//! turning on a lathe, sawing a flat outline and chamfering its edges, rounding a die.
//!
//! Two-dimensional outlines are drawn in `(x, f)` coordinates as seen from above, where `f` is
//! "forward" (toward the opponent, 3D `-Z`); counter-clockwise outlines then have their top
//! faces pointing up (+Y) with glTF's counter-clockwise front faces.

use std::collections::HashMap;
use std::f32::consts::TAU;

pub type V2 = [f32; 2];
pub type V3 = [f32; 3];

/// One triangle mesh: what a glTF primitive holds and what a game engine uploads.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MeshData {
    pub positions: Vec<V3>,
    pub normals: Vec<V3>,
    /// In board units (1.0 = one square), so a grain texture keeps one scale on every model;
    /// `v` runs along the grain: up the axis of turned pieces, along the planks of flat ones.
    pub uvs: Vec<[f32; 2]>,
    pub indices: Vec<u32>,
}

pub fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
pub fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
pub fn scale(a: V3, s: f32) -> V3 {
    [a[0] * s, a[1] * s, a[2] * s]
}
pub fn dot(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
pub fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
/// The unit vector along `a`, or +Y for a zero vector (a degenerate face has no better answer).
pub fn normalize(a: V3) -> V3 {
    let l = dot(a, a).sqrt();
    if l > 1e-12 {
        scale(a, 1.0 / l)
    } else {
        [0.0, 1.0, 0.0]
    }
}

/// A 3D point from an outline point at height `y`.
pub fn lift(p: V2, y: f32) -> V3 {
    [p[0], y, -p[1]]
}

impl MeshData {
    pub fn vertex(&mut self, p: V3, n: V3, uv: [f32; 2]) -> u32 {
        self.positions.push(p);
        self.normals.push(n);
        self.uvs.push(uv);
        (self.positions.len() - 1) as u32
    }

    /// A triangle, skipped when two corners coincide (the poles of a lathe, a zero-length edge).
    pub fn tri(&mut self, a: u32, b: u32, c: u32) {
        let [pa, pb, pc] = [a, b, c].map(|i| self.positions[i as usize]);
        let n = cross(sub(pb, pa), sub(pc, pa));
        if dot(n, n) < 1e-14 {
            return;
        }
        self.indices.extend([a, b, c]);
    }

    pub fn quad(&mut self, a: u32, b: u32, c: u32, d: u32) {
        self.tri(a, b, c);
        self.tri(a, c, d);
    }

    pub fn append(&mut self, other: &MeshData) {
        let base = self.positions.len() as u32;
        self.positions.extend_from_slice(&other.positions);
        self.normals.extend_from_slice(&other.normals);
        self.uvs.extend_from_slice(&other.uvs);
        self.indices.extend(other.indices.iter().map(|i| i + base));
    }

    /// Moves the mesh by `t`.
    pub fn translate(mut self, t: V3) -> MeshData {
        for p in &mut self.positions {
            *p = add(*p, t);
        }
        self
    }

    /// Applies a rotation (or any proper orthogonal matrix, given as rows) to points and normals.
    pub fn rotate(mut self, rows: [V3; 3]) -> MeshData {
        let apply = |v: V3| [dot(rows[0], v), dot(rows[1], v), dot(rows[2], v)];
        for p in &mut self.positions {
            *p = apply(*p);
        }
        for n in &mut self.normals {
            *n = apply(*n);
        }
        self
    }

    /// Turns the mesh about the vertical axis; positive angles turn +X toward -Z.
    pub fn rotate_y(self, angle: f32) -> MeshData {
        let (s, c) = angle.sin_cos();
        self.rotate([[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]])
    }

    /// The smallest box holding every vertex, or `None` for an empty mesh.
    pub fn bounds(&self) -> Option<(V3, V3)> {
        let first = *self.positions.first()?;
        let mut lo = first;
        let mut hi = first;
        for p in &self.positions {
            for k in 0..3 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        Some((lo, hi))
    }
}

/// Which profile joints of a lathe or outline stay sharp: turns larger than this many degrees.
pub const CREASE_DEG: f32 = 35.0;

fn smooth_joint(n0: V3, n1: V3) -> bool {
    dot(n0, n1) > CREASE_DEG.to_radians().cos()
}

/// A surface of revolution about +Y: `profile` is a list of `(radius, height)` points walked so
/// that the solid lies on the left (bottom centre outward, up the side, top inward). Joints
/// turning less than [`CREASE_DEG`] are smooth, the others stay crisp edges.
pub fn lathe(profile: &[V2], segments: usize) -> MeshData {
    let mut m = MeshData::default();
    if profile.len() < 2 || segments < 3 {
        return m;
    }
    // Outward 2D normal of each profile edge: (dy, -dr).
    let edge_n: Vec<V2> = profile
        .windows(2)
        .map(|w| {
            let (dr, dy) = (w[1][0] - w[0][0], w[1][1] - w[0][1]);
            let l = (dr * dr + dy * dy).sqrt().max(1e-9);
            [dy / l, -dr / l]
        })
        .collect();
    let mut arc = 0.0f32;
    let mut prev_end: Option<u32> = None;
    let joint = |i: usize| -> Option<V2> {
        // The shared normal at profile point i, when the joint there is smooth.
        if i == 0 || i >= edge_n.len() {
            return None;
        }
        let (a, b) = (edge_n[i - 1], edge_n[i]);
        let a3 = [a[0], a[1], 0.0];
        let b3 = [b[0], b[1], 0.0];
        smooth_joint(a3, b3).then(|| {
            let s = normalize(add(a3, b3));
            [s[0], s[1]]
        })
    };
    let ring = |m: &mut MeshData, p: V2, n: V2, v: f32| -> u32 {
        let start = m.positions.len() as u32;
        for s in 0..=segments {
            let a = TAU * s as f32 / segments as f32;
            let (sin, cos) = a.sin_cos();
            m.vertex(
                [p[0] * cos, p[1], -p[0] * sin],
                normalize([n[0] * cos, n[1], -n[0] * sin]),
                [a * 0.35, v],
            );
        }
        start
    };
    for i in 0..edge_n.len() {
        let (p0, p1) = (profile[i], profile[i + 1]);
        let len = ((p1[0] - p0[0]).powi(2) + (p1[1] - p0[1]).powi(2)).sqrt();
        let start = match (joint(i), prev_end) {
            (Some(_), Some(prev)) => prev,
            (Some(n), None) => ring(&mut m, p0, n, arc),
            (None, _) => ring(&mut m, p0, edge_n[i], arc),
        };
        arc += len;
        let end = ring(&mut m, p1, joint(i + 1).unwrap_or(edge_n[i]), arc);
        for s in 0..segments as u32 {
            let (a0, a1) = (start + s, start + s + 1);
            let (b0, b1) = (end + s, end + s + 1);
            m.quad(a0, a1, b1, b0);
        }
        prev_end = Some(end);
    }
    m
}

/// A circle of `n` points, counter-clockwise, around `c`.
pub fn circle(c: V2, r: f32, n: usize) -> Vec<V2> {
    (0..n)
        .map(|i| {
            let a = TAU * i as f32 / n as f32;
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        })
        .collect()
}

/// A rectangle centred on `c`, counter-clockwise.
pub fn rect(c: V2, w: f32, h: f32) -> Vec<V2> {
    let (x, f) = (w / 2.0, h / 2.0);
    vec![
        [c[0] - x, c[1] - f],
        [c[0] + x, c[1] - f],
        [c[0] + x, c[1] + f],
        [c[0] - x, c[1] + f],
    ]
}

/// Twice the signed area; positive for counter-clockwise outlines.
pub fn area2(poly: &[V2]) -> f32 {
    let n = poly.len();
    (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum()
}

/// Rounds an outline by corner cutting (Chaikin); points flagged `true` stay sharp corners, so
/// ear tips and noses keep their points while backs and bellies become curves.
pub fn chaikin(points: &[(f32, f32, bool)], iterations: usize) -> Vec<V2> {
    let mut pts: Vec<(V2, bool)> = points.iter().map(|&(x, f, s)| ([x, f], s)).collect();
    for _ in 0..iterations {
        let n = pts.len();
        let mut next = Vec::with_capacity(n * 2);
        for i in 0..n {
            let (p, sharp) = pts[i];
            if sharp {
                next.push((p, true));
                continue;
            }
            let prev = pts[(i + n - 1) % n].0;
            let succ = pts[(i + 1) % n].0;
            let mix = |q: V2| [0.75 * p[0] + 0.25 * q[0], 0.75 * p[1] + 0.25 * q[1]];
            next.push((mix(prev), false));
            next.push((mix(succ), false));
        }
        pts = next;
    }
    pts.into_iter().map(|(p, _)| p).collect()
}

/// Outward unit normal of each edge `i -> i+1` of a counter-clockwise outline.
fn edge_normals(poly: &[V2]) -> Vec<V2> {
    let n = poly.len();
    (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            let (dx, df) = (b[0] - a[0], b[1] - a[1]);
            let l = (dx * dx + df * df).sqrt().max(1e-9);
            [df / l, -dx / l]
        })
        .collect()
}

/// The outline moved inward by `d` (mitred corners, limited so sharp tips do not overshoot).
pub fn inset(poly: &[V2], d: f32) -> Vec<V2> {
    if d == 0.0 {
        return poly.to_vec();
    }
    let en = edge_normals(poly);
    let n = poly.len();
    (0..n)
        .map(|i| {
            let (a, b) = (en[(i + n - 1) % n], en[i]);
            let cosang = a[0] * b[0] + a[1] * b[1];
            let k = (1.0 / (1.0 + cosang).max(0.25)).min(4.0);
            let m = [(a[0] + b[0]) * k, (a[1] + b[1]) * k];
            [poly[i][0] - d * m[0], poly[i][1] - d * m[1]]
        })
        .collect()
}

/// The walls of an outline swept through `rows` of `(inset, height)`: a vertical wall, a
/// chamfer, a rim or the wall of a sunken field are all bands between two rows. Each band has
/// its own vertices (crisp edges between bands); along the outline, gentle turns are smooth and
/// share their vertices.
pub fn bands(poly: &[V2], rows: &[(f32, f32)]) -> MeshData {
    bands_by_row(poly, rows).0
}

/// [`bands`], with the row of each vertex.
fn bands_by_row(poly: &[V2], rows: &[(f32, f32)]) -> (MeshData, Vec<usize>) {
    let mut m = MeshData::default();
    let mut row_of = Vec::new();
    let n = poly.len();
    let contours: Vec<Vec<V3>> = rows
        .iter()
        .map(|&(d, y)| inset(poly, d).into_iter().map(|p| lift(p, y)).collect())
        .collect();
    // Distance along the outline, for the grain's `u`.
    let mut along = vec![0.0f32; n + 1];
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        along[i + 1] = along[i] + ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
    }
    for r in 0..rows.len().saturating_sub(1) {
        let (lo, hi) = (&contours[r], &contours[r + 1]);
        let face_n: Vec<V3> = (0..n)
            .map(|i| {
                let j = (i + 1) % n;
                let a = cross(sub(lo[j], lo[i]), sub(hi[j], lo[i]));
                let b = cross(sub(hi[j], lo[i]), sub(hi[i], lo[i]));
                normalize(add(a, b))
            })
            .collect();
        let at = |own: V3, other: V3| {
            if smooth_joint(own, other) {
                normalize(add(own, other))
            } else {
                own
            }
        };
        // The previous quad's end, reused when the joint is smooth (never across the seam
        // where `u` wraps).
        let mut prev: Option<(u32, u32)> = None;
        for i in 0..n {
            let j = (i + 1) % n;
            let own = face_n[i];
            let before = face_n[(i + n - 1) % n];
            let n_start = at(own, before);
            let n_end = at(own, face_n[j]);
            let (a, d) = match prev {
                Some(ends) if i > 0 && smooth_joint(own, before) => ends,
                _ => {
                    row_of.extend([r, r + 1]);
                    (
                        m.vertex(lo[i], n_start, [along[i], lo[i][1]]),
                        m.vertex(hi[i], n_start, [along[i], hi[i][1]]),
                    )
                }
            };
            row_of.extend([r, r + 1]);
            let b = m.vertex(lo[j], n_end, [along[i + 1], lo[j][1]]);
            let c = m.vertex(hi[j], n_end, [along[i + 1], hi[j][1]]);
            m.quad(a, b, c, d);
            prev = Some((b, c));
        }
    }
    (m, row_of)
}

/// A flat cap filling the outline at height `y`, facing up or down; UVs are the plan position.
pub fn cap(poly: &[V2], y: f32, up: bool) -> MeshData {
    let mut m = MeshData::default();
    let normal = if up {
        [0.0, 1.0, 0.0]
    } else {
        [0.0, -1.0, 0.0]
    };
    for &p in poly {
        m.vertex(lift(p, y), normal, [p[0], -p[1]]);
    }
    for [a, b, c] in triangulate(poly) {
        if up {
            m.tri(a, b, c);
        } else {
            m.tri(a, c, b);
        }
    }
    m
}

/// A flat piece sawn from a board: the outline from `y0` to `y1`, its top edge chamfered by
/// `bevel` (the carved look), a bottom cap when `bottom` is set.
pub fn slab(poly: &[V2], y0: f32, y1: f32, bevel: f32, bottom: bool) -> MeshData {
    let b = bevel.min((y1 - y0) * 0.5);
    let mut m = if b > 0.0 {
        bands(poly, &[(0.0, y0), (0.0, y1 - b), (b, y1)])
    } else {
        bands(poly, &[(0.0, y0), (0.0, y1)])
    };
    m.append(&cap(&inset(poly, b), y1, true));
    if bottom {
        m.append(&cap(poly, y0, false));
    }
    m
}

/// Splits a simple counter-clockwise outline into triangles (ear clipping).
pub fn triangulate(poly: &[V2]) -> Vec<[u32; 3]> {
    let mut idx: Vec<usize> = (0..poly.len()).collect();
    let mut out = Vec::with_capacity(poly.len().saturating_sub(2));
    let cross2 =
        |a: V2, b: V2, c: V2| (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    let mut guard = 0;
    while idx.len() > 3 && guard < poly.len() * poly.len() {
        guard += 1;
        let n = idx.len();
        let mut clipped = false;
        for k in 0..n {
            let (ia, ib, ic) = (idx[(k + n - 1) % n], idx[k], idx[(k + 1) % n]);
            let (a, b, c) = (poly[ia], poly[ib], poly[ic]);
            if cross2(a, b, c) <= 1e-9 {
                continue; // reflex or flat corner: not an ear
            }
            let inside = idx.iter().any(|&j| {
                if j == ia || j == ib || j == ic {
                    return false;
                }
                let p = poly[j];
                cross2(a, b, p) >= 0.0 && cross2(b, c, p) >= 0.0 && cross2(c, a, p) >= 0.0
            });
            if inside {
                continue;
            }
            out.push([ia as u32, ib as u32, ic as u32]);
            idx.remove(k);
            clipped = true;
            break;
        }
        if !clipped {
            break; // a self-touching outline: fan the rest rather than loop forever
        }
    }
    for k in 1..idx.len().saturating_sub(1) {
        out.push([idx[0] as u32, idx[k] as u32, idx[k + 1] as u32]);
    }
    out
}

/// A point of a rounded polyline: `(x, y, radius)`; the corner at the point is replaced by an
/// arc of that radius tangent to both edges (0 keeps it sharp).
pub type Corner = (f32, f32, f32);

/// Rounds the corners of a polyline (or of a closed outline when `closed`), each by its own
/// radius, sampling every arc at most `ARC_STEP_DEG` apart. The fillet shrinks where an edge is
/// too short for it, so neighbouring fillets never overlap. The ends of an open polyline stay.
pub fn fillet(points: &[Corner], closed: bool) -> Vec<V2> {
    let n = points.len();
    let mut out = Vec::with_capacity(n * 4);
    for i in 0..n {
        let (x, y, r) = points[i];
        let p = [x, y];
        let ends = !closed && (i == 0 || i + 1 == n);
        if ends || r <= 0.0 {
            out.push(p);
            continue;
        }
        let a = points[(i + n - 1) % n];
        let b = points[(i + 1) % n];
        let (ua, la) = unit2([a.0 - x, a.1 - y]);
        let (ub, lb) = unit2([b.0 - x, b.1 - y]);
        let cosang = (ua[0] * ub[0] + ua[1] * ub[1]).clamp(-1.0, 1.0);
        let angle = cosang.acos(); // the inner angle at the corner
        if !(1e-3..=3.1).contains(&angle) {
            out.push(p);
            continue;
        }
        let half = angle / 2.0;
        // Each edge gives at most half of itself to the fillets at its two ends.
        let reach = (la * 0.5).min(lb * 0.5);
        let t = (r / half.tan()).min(reach);
        let r = t * half.tan();
        // A gentle turn whose rounding would move the outline less than the tolerance keeps its
        // corner: it costs no vertices and shades smooth anyway.
        if r * (1.0 / half.sin() - 1.0) < ARC_TOLERANCE {
            out.push(p);
            continue;
        }
        let bis = unit2([ua[0] + ub[0], ua[1] + ub[1]]).0;
        let d = r / half.sin();
        let c = [x + bis[0] * d, y + bis[1] * d];
        let p0 = [x + ua[0] * t, y + ua[1] * t];
        let p1 = [x + ub[0] * t, y + ub[1] * t];
        let a0 = (p0[1] - c[1]).atan2(p0[0] - c[0]);
        let mut a1 = (p1[1] - c[1]).atan2(p1[0] - c[0]);
        // The short way round (the arc turns by π - angle).
        while a1 - a0 > std::f32::consts::PI {
            a1 -= TAU;
        }
        while a0 - a1 > std::f32::consts::PI {
            a1 += TAU;
        }
        let steps = arc_steps(r, a1 - a0);
        for s in 0..=steps {
            let k = a0 + (a1 - a0) * s as f32 / steps as f32;
            out.push([c[0] + r * k.cos(), c[1] + r * k.sin()]);
        }
    }
    out
}

/// The largest angle between two samples of an arc: below [`CREASE_DEG`], so the lathe and the
/// bands shade every arc smoothly.
pub const ARC_STEP_DEG: f32 = 30.0;
/// How far a chord of an arc may stray from the arc (a small fillet needs few samples, a large
/// ball many).
pub const ARC_TOLERANCE: f32 = 0.001;

/// The number of samples of an arc of radius `r` turning by `angle` radians.
fn arc_steps(r: f32, angle: f32) -> usize {
    let by_sag = 2.0
        * (1.0 - ARC_TOLERANCE / r.max(ARC_TOLERANCE))
            .clamp(-1.0, 1.0)
            .acos();
    let step = by_sag.clamp(3f32.to_radians(), ARC_STEP_DEG.to_radians());
    ((angle.abs() / step).ceil() as usize).max(1)
}

fn unit2(v: V2) -> (V2, f32) {
    let l = (v[0] * v[0] + v[1] * v[1]).sqrt();
    if l < 1e-9 {
        ([0.0, 0.0], 0.0)
    } else {
        ([v[0] / l, v[1] / l], l)
    }
}

/// Points of an arc of radius `r` around `c` from angle `from_deg` to `to_deg` (either way),
/// sampled as [`fillet`] samples its arcs: a ball's or a bead's profile.
pub fn arc(c: V2, r: f32, from_deg: f32, to_deg: f32) -> Vec<V2> {
    let steps = arc_steps(r, (to_deg - from_deg).to_radians());
    (0..=steps)
        .map(|i| {
            let a = (from_deg + (to_deg - from_deg) * i as f32 / steps as f32).to_radians();
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        })
        .collect()
}

/// The rows of a rounded top edge: a quarter round of radius `r` in `steps` steps from the
/// wall at `y1 - r` to flat at `y1`, inset by `r`; each row as `(inset, height, slope)`, the
/// slope being the angle of the surface's normal above the horizontal. For [`bands`].
fn round_rows(r: f32, y1: f32, steps: usize) -> Vec<(f32, f32, f32)> {
    (0..=steps)
        .map(|i| {
            let a = std::f32::consts::FRAC_PI_2 * i as f32 / steps as f32;
            (r * (1.0 - a.cos()), y1 - r + r * a.sin(), a)
        })
        .collect()
}

/// The walls of an outline swept through rounded rows (see [`round_rows`]), with each row's
/// normals set from its slope, so a round shades as a round and meets a flat cap without a seam.
fn rounded_bands(poly: &[V2], rows: &[(f32, f32, f32)]) -> MeshData {
    let flat: Vec<(f32, f32)> = rows.iter().map(|&(d, y, _)| (d, y)).collect();
    let (mut m, row_of) = bands_by_row(poly, &flat);
    for (n, &row) in m.normals.iter_mut().zip(&row_of) {
        let slope = rows[row].2;
        let h = normalize([n[0], 0.0, n[2]]);
        let (s, c) = slope.sin_cos();
        *n = [h[0] * c, s, h[2] * c];
    }
    m
}

/// A flat piece with a rounded top edge: the outline from `y0` up to `y1`, its top edge rounded
/// with radius `r`, a bottom cap when `bottom` is set.
pub fn rounded_slab(poly: &[V2], y0: f32, y1: f32, r: f32, bottom: bool) -> MeshData {
    let r = r.min((y1 - y0) * 0.5);
    let mut rows = vec![(0.0, y0, 0.0)];
    rows.extend(round_rows(r, y1, 3));
    let mut m = rounded_bands(poly, &rows);
    m.append(&cap(&inset(poly, r), y1, true));
    if bottom {
        m.append(&cap(poly, y0, false));
    }
    m
}

/// A solid sawn from a plank and rounded over on both faces: the outline swept from `-t` to
/// `t` (along +Y), every edge rounded with radius `r`. Stand it up with [`MeshData::rotate`].
pub fn pillow(poly: &[V2], t: f32, r: f32) -> MeshData {
    let r = r.min(t);
    let top = round_rows(r, t, 3);
    let mut rows: Vec<(f32, f32, f32)> = top.iter().rev().map(|&(d, y, a)| (d, -y, -a)).collect();
    rows.extend(top);
    let mut m = rounded_bands(poly, &rows);
    m.append(&cap(&inset(poly, r), t, true));
    m.append(&cap(&inset(poly, r), -t, false));
    m
}

/// The part of a mesh on the near side of a plane (`dot(n, p) <= d`), each triangle cut where
/// the plane crosses it. With `cap`, the cut of a convex solid is closed with a flat face
/// looking along `n`.
pub fn clip(m: &MeshData, n: V3, d: f32, cap: bool) -> MeshData {
    let l = dot(n, n).sqrt().max(1e-9);
    let (n, d) = (scale(n, 1.0 / l), d / l);
    let mut out = MeshData::default();
    let mut cut: Vec<V3> = Vec::new();
    let side = |p: V3| dot(n, p) - d;
    // Kept corners and cut points are shared between the triangles that meet there.
    let mut kept: HashMap<u32, u32> = HashMap::new();
    let mut cuts: HashMap<(u32, u32), u32> = HashMap::new();
    for t in m.indices.chunks(3) {
        let mut poly: Vec<u32> = Vec::with_capacity(4);
        for k in 0..3 {
            let (ia, ib) = (t[k], t[(k + 1) % 3]);
            let (pa, pb) = (m.positions[ia as usize], m.positions[ib as usize]);
            let (sa, sb) = (side(pa), side(pb));
            if sa <= 0.0 {
                let id = *kept.entry(ia).or_insert_with(|| {
                    let i = ia as usize;
                    out.vertex(pa, m.normals[i], m.uvs[i])
                });
                poly.push(id);
            }
            if (sa <= 0.0) != (sb <= 0.0) {
                let edge = (ia.min(ib), ia.max(ib));
                let id = *cuts.entry(edge).or_insert_with(|| {
                    let (i0, i1) = (edge.0 as usize, edge.1 as usize);
                    let (s0, s1) = (side(m.positions[i0]), side(m.positions[i1]));
                    let f = s0 / (s0 - s1);
                    let mix3 = |u: V3, v: V3| add(u, scale(sub(v, u), f));
                    let (u0, u1) = (m.uvs[i0], m.uvs[i1]);
                    let p = mix3(m.positions[i0], m.positions[i1]);
                    cut.push(p);
                    out.vertex(
                        p,
                        normalize(mix3(m.normals[i0], m.normals[i1])),
                        [u0[0] + (u1[0] - u0[0]) * f, u0[1] + (u1[1] - u0[1]) * f],
                    )
                });
                poly.push(id);
            }
        }
        for k in 1..poly.len().saturating_sub(1) {
            out.tri(poly[0], poly[k], poly[k + 1]);
        }
    }
    if cap && cut.len() >= 3 {
        // Plane axes (u, v) with u × v = n, then the convex hull of the cut points.
        let nn = n;
        let helper = if nn[1].abs() < 0.9 {
            [0.0, 1.0, 0.0]
        } else {
            [1.0, 0.0, 0.0]
        };
        let u = normalize(cross(helper, nn));
        let v = cross(nn, u);
        let flat: Vec<V2> = cut.iter().map(|&p| [dot(p, u), dot(p, v)]).collect();
        let hull = convex_hull(&flat);
        if hull.len() >= 3 {
            let ids: Vec<u32> = hull
                .iter()
                .map(|q| {
                    let p = add(scale(nn, d), add(scale(u, q[0]), scale(v, q[1])));
                    out.vertex(p, nn, *q)
                })
                .collect();
            for k in 1..ids.len() - 1 {
                out.tri(ids[0], ids[k], ids[k + 1]);
            }
        }
    }
    out
}

/// The convex hull of points, counter-clockwise (Andrew's monotone chain).
pub fn convex_hull(points: &[V2]) -> Vec<V2> {
    let mut p: Vec<V2> = points.to_vec();
    p.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    p.dedup_by(|a, b| (a[0] - b[0]).abs() < 1e-6 && (a[1] - b[1]).abs() < 1e-6);
    if p.len() < 3 {
        return p;
    }
    let turn = |o: V2, a: V2, b: V2| (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    let mut hull: Vec<V2> = Vec::with_capacity(p.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &V2>> = if pass == 0 {
            Box::new(p.iter())
        } else {
            Box::new(p.iter().rev())
        };
        for &q in iter {
            while hull.len() >= start + 2
                && turn(hull[hull.len() - 2], hull[hull.len() - 1], q) <= 1e-9
            {
                hull.pop();
            }
            hull.push(q);
        }
        hull.pop();
    }
    hull
}

/// A box with chamfered top and bottom edges, `size` = (x, y, z), standing on `y = 0`.
pub fn block(size: V3, bevel: f32) -> MeshData {
    let poly = rect([0.0, 0.0], size[0], size[2]);
    let b = bevel
        .min(size[1] * 0.45)
        .min(size[0] * 0.45)
        .min(size[2] * 0.45);
    let mut m = bands(
        &poly,
        &[(b, 0.0), (0.0, b), (0.0, size[1] - b), (b, size[1])],
    );
    m.append(&cap(&inset(&poly, b), size[1], true));
    m.append(&cap(&inset(&poly, b), 0.0, false));
    m
}

/// A die's body: a cube of edge `edge` with rounded edges of radius `r`, standing on `y = 0`.
/// Each face is a grid whose points are pushed onto the rounded box; the grid spacing follows
/// equal angles across the rounding so the edges stay round with few vertices.
pub fn rounded_cube(edge: f32, r: f32) -> MeshData {
    let h = edge / 2.0;
    let inner = h - r;
    let mut ts: Vec<f32> = Vec::new();
    for deg in [45.0f32, 30.0, 15.0] {
        ts.push(-inner - r * deg.to_radians().tan());
    }
    ts.extend([-inner, 0.0, inner]);
    for deg in [15.0f32, 30.0, 45.0] {
        ts.push(inner + r * deg.to_radians().tan());
    }
    let mut m = MeshData::default();
    // (normal axis, sign): each face's (u, v) axes chosen so u × v = the outward normal.
    let faces: [(usize, f32, usize, usize); 6] = [
        (0, 1.0, 1, 2),
        (0, -1.0, 2, 1),
        (1, 1.0, 2, 0),
        (1, -1.0, 0, 2),
        (2, 1.0, 0, 1),
        (2, -1.0, 1, 0),
    ];
    let k = ts.len();
    for (axis, sign, ua, va) in faces {
        let start = m.positions.len() as u32;
        for &tv in &ts {
            for &tu in &ts {
                let mut q = [0.0f32; 3];
                q[axis] = sign * h;
                q[ua] = tu;
                q[va] = tv;
                let c = q.map(|x| x.clamp(-inner, inner));
                let n = normalize(sub(q, c));
                let p = add(c, scale(n, r));
                m.vertex([p[0], p[1] + h, p[2]], n, [tu + h, tv + h]);
            }
        }
        for j in 0..k - 1 {
            for i in 0..k - 1 {
                let a = start + (j * k + i) as u32;
                m.quad(a, a + 1, a + 1 + k as u32, a + k as u32);
            }
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signed_volume(m: &MeshData) -> f32 {
        m.indices
            .chunks(3)
            .map(|t| {
                let [a, b, c] = [t[0], t[1], t[2]].map(|i| m.positions[i as usize]);
                dot(a, cross(b, c)) / 6.0
            })
            .sum()
    }

    #[test]
    fn closed_solids_face_outward() {
        // A positive signed volume means the triangles wind counter-clockwise seen from outside.
        let cyl = lathe(&[[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]], 64);
        let v = signed_volume(&cyl);
        assert!(
            (v - std::f32::consts::PI).abs() < 0.02,
            "cylinder volume {v}"
        );
        let b = block([1.0, 2.0, 3.0], 0.0);
        assert!((signed_volume(&b) - 6.0).abs() < 1e-4);
        let s = slab(&rect([0.0, 0.0], 2.0, 1.0), 0.0, 0.5, 0.0, true);
        assert!((signed_volume(&s) - 1.0).abs() < 1e-4);
        let d = rounded_cube(1.0, 0.2);
        let v = signed_volume(&d);
        assert!(v > 0.9 && v < 1.0, "rounded cube volume {v}");
        // A plank 0.4 thick, rounded over: a little less than the square prism it was cut from.
        let p = pillow(&rect([0.0, 0.0], 1.0, 1.0), 0.2, 0.05);
        let v = signed_volume(&p);
        assert!(v > 0.39 && v < 0.4, "pillow volume {v}");
    }

    #[test]
    fn fillets_round_corners_tangent_to_both_edges() {
        // A square with one rounded corner of radius 0.2: the arc stays 0.2 from its centre,
        // starts and ends on the edges, and the sharp corners are kept.
        let p = fillet(
            &[
                (0.0, 0.0, 0.0),
                (1.0, 0.0, 0.2),
                (1.0, 1.0, 0.0),
                (0.0, 1.0, 0.0),
            ],
            true,
        );
        assert!(p.contains(&[0.0, 0.0]) && p.contains(&[1.0, 1.0]));
        assert!(!p.contains(&[1.0, 0.0]));
        let arc: Vec<V2> = p
            .iter()
            .copied()
            .filter(|q| q[0] > 0.79 && q[1] < 0.21)
            .collect();
        assert!(arc.len() >= 4, "{arc:?}");
        for q in &arc {
            let r = ((q[0] - 0.8).powi(2) + (q[1] - 0.2).powi(2)).sqrt();
            assert!((r - 0.2).abs() < 1e-4, "{q:?} at {r}");
        }
        assert!(area2(&p) > 0.0 && area2(&p) < 2.0);
        // A radius larger than the edges allow shrinks to fit: half of each edge at most.
        let tight = fillet(&[(0.0, 0.0, 0.0), (0.1, 0.0, 5.0), (0.1, 0.1, 0.0)], false);
        assert!(tight.iter().all(|q| q[0] <= 0.1 + 1e-6 && q[1] >= -1e-6));
    }

    #[test]
    fn clipping_a_solid_keeps_one_side_and_closes_it() {
        let cyl = lathe(&[[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]], 64);
        // The lower half of the cylinder, capped: half the volume, nothing above the cut.
        let low = clip(&cyl, [0.0, 2.0, 0.0], 1.0, true);
        let v = signed_volume(&low);
        assert!((v - std::f32::consts::PI / 2.0).abs() < 0.02, "{v}");
        assert!(low.positions.iter().all(|p| p[1] <= 0.5 + 1e-5));
        // A slanted cut and its complement add up to the whole.
        let (n, d) = ([0.3, 1.0, 0.2], 0.6);
        let a = signed_volume(&clip(&cyl, n, d, true));
        let b = signed_volume(&clip(&cyl, scale(n, -1.0), -d, true));
        assert!((a + b - signed_volume(&cyl)).abs() < 1e-3, "{a} + {b}");
    }

    #[test]
    fn normals_agree_with_winding() {
        for m in [
            block([1.0, 1.0, 1.0], 0.1),
            lathe(&[[0.0, 0.0], [0.5, 0.0], [0.4, 1.0], [0.0, 1.2]], 16),
            rounded_cube(1.0, 0.2),
            pillow(&circle([0.0, 0.0], 0.5, 24), 0.2, 0.08),
            rounded_slab(&rect([0.0, 0.0], 1.0, 0.5), 0.0, 0.3, 0.05, true),
        ] {
            for t in m.indices.chunks(3) {
                let [a, b, c] = [t[0], t[1], t[2]].map(|i| m.positions[i as usize]);
                let face = normalize(cross(sub(b, a), sub(c, a)));
                for &i in t {
                    assert!(dot(face, m.normals[i as usize]) > 0.3);
                }
            }
        }
    }

    #[test]
    fn triangulation_covers_a_concave_outline() {
        let l = vec![
            [0.0, 0.0],
            [2.0, 0.0],
            [2.0, 1.0],
            [1.0, 1.0],
            [1.0, 2.0],
            [0.0, 2.0],
        ];
        let tris = triangulate(&l);
        assert_eq!(tris.len(), 4);
        let total: f32 = tris
            .iter()
            .map(|t| area2(&[l[t[0] as usize], l[t[1] as usize], l[t[2] as usize]]))
            .sum();
        assert!((total - area2(&l)).abs() < 1e-5);
        assert!(tris.iter().all(|t| area2(&[
            l[t[0] as usize],
            l[t[1] as usize],
            l[t[2] as usize]
        ]) > 0.0));
    }

    #[test]
    fn chaikin_keeps_sharp_points() {
        let p = chaikin(&[(0.0, 0.0, false), (1.0, 0.0, false), (0.5, 1.0, true)], 2);
        assert!(p.contains(&[0.5, 1.0]));
        assert!(!p.contains(&[0.0, 0.0]));
    }
}
