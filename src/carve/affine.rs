//! Where a glTF node puts its mesh: an affine transform (a 3 × 3 linear part and a translation),
//! built from a node's `matrix` or its translation, rotation and scale, and applied to a mesh's
//! points, normals and the winding of its triangles.

use super::MeshData;
use super::mesh::{V3, normalize};

/// `p ↦ rows · p + t`: the last row of a glTF matrix is always (0, 0, 0, 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Affine {
    /// The linear part, by rows.
    pub rows: [V3; 3],
    pub t: V3,
}

impl Default for Affine {
    fn default() -> Self {
        Affine::IDENTITY
    }
}

impl Affine {
    pub const IDENTITY: Affine = Affine {
        rows: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        t: [0.0; 3],
    };

    /// A glTF `matrix`: sixteen numbers in column-major order.
    pub fn from_columns(m: &[f32; 16]) -> Affine {
        Affine {
            rows: [[m[0], m[4], m[8]], [m[1], m[5], m[9]], [m[2], m[6], m[10]]],
            t: [m[12], m[13], m[14]],
        }
    }

    /// Translation · rotation · scale, as glTF composes a node's `translation`, `rotation` (a
    /// unit quaternion `x, y, z, w`) and `scale`.
    pub fn from_trs(t: V3, q: [f32; 4], s: V3) -> Affine {
        let [x, y, z, w] = q;
        let r = [
            [
                1.0 - 2.0 * (y * y + z * z),
                2.0 * (x * y - z * w),
                2.0 * (x * z + y * w),
            ],
            [
                2.0 * (x * y + z * w),
                1.0 - 2.0 * (x * x + z * z),
                2.0 * (y * z - x * w),
            ],
            [
                2.0 * (x * z - y * w),
                2.0 * (y * z + x * w),
                1.0 - 2.0 * (x * x + y * y),
            ],
        ];
        let rows = r.map(|row| [row[0] * s[0], row[1] * s[1], row[2] * s[2]]);
        Affine { rows, t }
    }

    /// `self` after `inner`: a child's transform in its parent's space, `parent.then(child)`
    /// being `parent · child`.
    pub fn then(&self, inner: &Affine) -> Affine {
        let a = &self.rows;
        let b = &inner.rows;
        let mut rows = [[0.0; 3]; 3];
        for (i, row) in rows.iter_mut().enumerate() {
            for (j, x) in row.iter_mut().enumerate() {
                *x = (0..3).map(|k| a[i][k] * b[k][j]).sum();
            }
        }
        Affine {
            rows,
            t: self.point(inner.t),
        }
    }

    pub fn point(&self, p: V3) -> V3 {
        let r = &self.rows;
        [0, 1, 2].map(|i| r[i][0] * p[0] + r[i][1] * p[1] + r[i][2] * p[2] + self.t[i])
    }

    pub fn determinant(&self) -> f32 {
        let r = &self.rows;
        r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1])
            - r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0])
            + r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0])
    }

    /// A normal carried by the transform: the cofactor matrix (the inverse transpose times the
    /// determinant, which the normalising drops, but not its sign) keeps it perpendicular to
    /// the surface under any scale; +Y where the transform flattens the surface to nothing.
    pub fn normal(&self, n: V3) -> V3 {
        let r = &self.rows;
        let c = [
            [
                r[1][1] * r[2][2] - r[1][2] * r[2][1],
                r[1][2] * r[2][0] - r[1][0] * r[2][2],
                r[1][0] * r[2][1] - r[1][1] * r[2][0],
            ],
            [
                r[0][2] * r[2][1] - r[0][1] * r[2][2],
                r[0][0] * r[2][2] - r[0][2] * r[2][0],
                r[0][1] * r[2][0] - r[0][0] * r[2][1],
            ],
            [
                r[0][1] * r[1][2] - r[0][2] * r[1][1],
                r[0][2] * r[1][0] - r[0][0] * r[1][2],
                r[0][0] * r[1][1] - r[0][1] * r[1][0],
            ],
        ];
        let sign = if self.determinant() < 0.0 { -1.0 } else { 1.0 };
        normalize([0, 1, 2].map(|i| sign * (c[i][0] * n[0] + c[i][1] * n[1] + c[i][2] * n[2])))
    }

    /// The mesh moved by the transform. A mirroring transform (negative determinant) turns the
    /// triangles inside out, so their corners are swapped to keep the front faces outside.
    pub fn mesh(&self, mut m: MeshData) -> MeshData {
        if *self == Affine::IDENTITY {
            return m;
        }
        for p in &mut m.positions {
            *p = self.point(*p);
        }
        for n in &mut m.normals {
            *n = self.normal(*n);
        }
        if self.determinant() < 0.0 {
            for t in m.indices.chunks_exact_mut(3) {
                t.swap(1, 2);
            }
        }
        m
    }

    pub fn is_finite(&self) -> bool {
        self.rows
            .iter()
            .flatten()
            .chain(&self.t)
            .all(|x| x.is_finite())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: V3, b: V3) -> bool {
        (0..3).all(|k| (a[k] - b[k]).abs() < 1e-5)
    }

    #[test]
    fn trs_matches_a_matrix_and_composes() {
        // A quarter turn about +Y takes +X to -Z; scale 2 first, then move up 1.
        let h = std::f32::consts::FRAC_1_SQRT_2;
        let a = Affine::from_trs([0.0, 1.0, 0.0], [0.0, h, 0.0, h], [2.0, 2.0, 2.0]);
        assert!(close(a.point([1.0, 0.0, 0.0]), [0.0, 1.0, -2.0]));
        let m = Affine::from_columns(&[
            0.0, 0.0, -2.0, 0.0, 0.0, 2.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0,
        ]);
        for p in [[1.0, 0.0, 0.0], [0.3, -2.0, 5.0]] {
            assert!(close(a.point(p), m.point(p)), "{p:?}");
        }
        let child = Affine::from_trs([1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0], [1.0; 3]);
        assert!(close(a.then(&child).point([0.0; 3]), [0.0, 1.0, -2.0]));
    }

    #[test]
    fn normals_stay_perpendicular_and_mirrors_flip_winding() {
        // Squash x by 4: a 45° slope's normal leans toward +X.
        let squash = Affine::from_trs([0.0; 3], [0.0, 0.0, 0.0, 1.0], [0.25, 1.0, 1.0]);
        let h = std::f32::consts::FRAC_1_SQRT_2;
        let n = squash.normal([h, h, 0.0]);
        let s = 17f32.sqrt();
        assert!(close(n, [4.0 / s, 1.0 / s, 0.0]), "{n:?}");
        let mirror = Affine::from_trs([0.0; 3], [0.0, 0.0, 0.0, 1.0], [-1.0, 1.0, 1.0]);
        let m = MeshData {
            positions: vec![[0.0; 3], [1.0, 0.0, 0.0], [0.0, 0.0, -1.0]],
            normals: vec![[0.0, 1.0, 0.0]; 3],
            uvs: vec![[0.0; 2]; 3],
            indices: vec![0, 1, 2],
        };
        let out = mirror.mesh(m);
        assert_eq!(out.indices, [0, 2, 1]);
        assert_eq!(out.normals, [[0.0, 1.0, 0.0]; 3]);
        assert_eq!(out.positions[1], [-1.0, 0.0, 0.0]);
    }
}
