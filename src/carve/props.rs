//! Everything on the table that is not a piece: Artifact Chess's markers (the wound "+", the
//! Heir's "H", the Statue on its plinth, the Barricade), the d6, the two boards and the table.

use super::mesh::{self, MeshData, V2, V3};
use super::{Part, Slot};

/// Height of a board's playing surface.
pub const BOARD_TOP: f32 = 0.16;
/// Height of the table's surface.
pub const TABLE_TOP: f32 = 0.3;
/// The width of the table top's planks, across the grain (along Z).
pub const TABLE_PLANK: f32 = 1.0;
/// The width of the planks the boards are glued from (their grain: see `grain_of`).
pub const BOARD_PLANK: f32 = 2.9;
/// Edge of the die.
pub const DIE_EDGE: f32 = 0.3;

fn part(slot: Slot, mesh: MeshData) -> Part {
    Part { slot, mesh }
}

/// The rotation taking +Y to `dir` (unit), with +X kept as close to `x_hint` as it can be.
fn align_y(dir: V3, x_hint: V3) -> [V3; 3] {
    let y = mesh::normalize(dir);
    let mut z = mesh::cross(x_hint, y);
    if mesh::dot(z, z) < 1e-6 {
        z = mesh::cross([0.0, 0.0, 1.0], y);
    }
    let z = mesh::normalize(z);
    let x = mesh::cross(y, z);
    // Columns are the images of the local axes; as rows: row k = (x[k], y[k], z[k]).
    [[x[0], y[0], z[0]], [x[1], y[1], z[1]], [x[2], y[2], z[2]]]
}

/// A square beam of side `t` from `a` to `b`.
fn beam(a: V3, b: V3, t: f32) -> MeshData {
    let d = mesh::sub(b, a);
    let len = mesh::dot(d, d).sqrt();
    let hint = if d[0].abs() > 0.9 * len {
        [0.0, 0.0, 1.0]
    } else {
        [1.0, 0.0, 0.0]
    };
    mesh::block([t, len, t], t * 0.2)
        .rotate(align_y(d, hint))
        .translate(a)
}

/// A flat outline `t` thick with chamfered edges, lying on `y = 0`.
fn token(outline: &[V2], t: f32) -> MeshData {
    mesh::slab(outline, 0.0, t, 0.012, true)
}

/// A red "+" (the theme tints it): lies flat, to float over a wounded piece.
pub fn wound() -> Vec<Part> {
    let (a, l) = (0.05, 0.17);
    let plus = vec![
        [-a, -l],
        [a, -l],
        [a, -a],
        [l, -a],
        [l, a],
        [a, a],
        [a, l],
        [-a, l],
        [-a, a],
        [-l, a],
        [-l, -a],
        [-a, -a],
    ];
    vec![part(Slot::Wood, token(&plus, 0.05))]
}

/// The Heir's letter: "H" (the Russian "Н" has the same shape), upright for the owner.
pub fn heir() -> Vec<Part> {
    let h = vec![
        [-0.13, -0.16],
        [-0.06, -0.16],
        [-0.06, -0.03],
        [0.06, -0.03],
        [0.06, -0.16],
        [0.13, -0.16],
        [0.13, 0.16],
        [0.06, 0.16],
        [0.06, 0.03],
        [-0.06, 0.03],
        [-0.06, 0.16],
        [-0.13, 0.16],
    ];
    vec![part(Slot::Wood, token(&h, 0.05))]
}

/// A pawn turned to stone on a square plinth: the square it stands on is impassable.
pub fn statue() -> Vec<Part> {
    let plinth = mesh::rect([0.0, 0.0], 0.86, 0.86);
    let mut m = mesh::slab(&plinth, 0.0, 0.07, 0.02, true);
    let pawn =
        super::chess::pawn()
            .into_iter()
            .map(|p| p.mesh)
            .fold(MeshData::default(), |mut acc, m| {
                acc.append(&m);
                acc
            });
    m.append(&pawn.translate([0.0, 0.07, 0.0]));
    vec![part(Slot::Wood, m)]
}

/// A sawhorse barricade: two crossed pairs of legs and a striped plank across them.
pub fn barricade() -> Vec<Part> {
    let mut wood = MeshData::default();
    for x in [-0.3f32, 0.3] {
        wood.append(&beam([x, 0.0, -0.26], [x, 0.46, 0.2], 0.06));
        wood.append(&beam([x, 0.0, 0.26], [x, 0.46, -0.2], 0.06));
    }
    let (plank_lo, plank_h, plank_t) = (0.3, 0.13, 0.045);
    let plank = mesh::block([0.86, plank_h, plank_t], 0.01).translate([0.0, plank_lo, 0.0]);
    wood.append(&plank);
    wood.append(&beam([-0.3, 0.22, 0.0], [0.3, 0.22, 0.0], 0.05));
    // Diagonal stripes on both faces of the plank.
    let mut stripes = MeshData::default();
    let stand = [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]];
    for k in 0..4 {
        let x0 = -0.36 + 0.22 * k as f32;
        let w = 0.08;
        let stripe = vec![
            [x0, 0.015],
            [x0 + w, 0.015],
            [x0 + w + 0.08, plank_h - 0.015],
            [x0 + 0.08, plank_h - 0.015],
        ];
        let flat = mesh::slab(&stripe, -0.002, 0.0015, 0.0, false);
        let standing = flat.rotate(stand).translate([0.0, plank_lo, plank_t / 2.0]);
        stripes.append(&standing.clone().rotate_y(std::f32::consts::PI));
        stripes.append(&standing);
    }
    // The tilted legs' corners dip below the floor: lift the whole barricade onto it.
    let floor = wood.bounds().map_or(0.0, |(lo, _)| lo[1]);
    vec![
        part(Slot::Wood, wood.translate([0.0, -floor, 0.0])),
        part(Slot::Inlay, stripes.translate([0.0, -floor, 0.0])),
    ]
}

/// Pip positions on a face, in units of a third of the face's flat part.
fn pips(n: u8) -> Vec<V2> {
    let c = [0.0, 0.0];
    let corners = [[-1.0, -1.0], [1.0, 1.0], [-1.0, 1.0], [1.0, -1.0]];
    match n {
        1 => vec![c],
        2 => corners[..2].to_vec(),
        3 => vec![corners[0], c, corners[1]],
        4 => corners.to_vec(),
        5 => {
            let mut v = corners.to_vec();
            v.push(c);
            v
        }
        _ => {
            let mut v = corners.to_vec();
            v.extend([[-1.0, 0.0], [1.0, 0.0]]);
            v
        }
    }
}

/// The face of the die showing each number, as the outward direction of that face.
pub fn die_faces() -> [(u8, V3); 6] {
    [
        (1, [0.0, 1.0, 0.0]),
        (6, [0.0, -1.0, 0.0]),
        (2, [0.0, 0.0, -1.0]),
        (5, [0.0, 0.0, 1.0]),
        (3, [1.0, 0.0, 0.0]),
        (4, [-1.0, 0.0, 0.0]),
    ]
}

/// A rounded d6 with stained pips; opposite faces add up to seven.
pub fn die() -> Vec<Part> {
    let h = DIE_EDGE / 2.0;
    let body = mesh::rounded_cube(DIE_EDGE, 0.045);
    let mut inlay = MeshData::default();
    let step = 0.075;
    for (n, dir) in die_faces() {
        let hint = if dir[0].abs() > 0.5 {
            [0.0, 0.0, 1.0]
        } else {
            [1.0, 0.0, 0.0]
        };
        let rot = align_y(dir, hint);
        for p in pips(n) {
            let disc = mesh::circle([p[0] * step, p[1] * step], 0.026, 16);
            let pip = mesh::slab(&disc, h - 0.003, h + 0.0004, 0.0, false)
                .rotate(rot)
                .translate([0.0, h, 0.0]);
            inlay.append(&pip);
        }
    }
    vec![part(Slot::Wood, body), part(Slot::Inlay, inlay)]
}

/// A board's body: a square slab `size` wide, chamfered top and bottom.
fn board_body(size: f32) -> MeshData {
    let sq = mesh::rect([0.0, 0.0], size, size);
    let mut m = mesh::bands(
        &sq,
        &[
            (0.03, 0.0),
            (0.0, 0.03),
            (0.0, BOARD_TOP - 0.03),
            (0.03, BOARD_TOP),
        ],
    );
    m.append(&mesh::cap(&mesh::inset(&sq, 0.03), BOARD_TOP, true));
    m.append(&mesh::cap(&mesh::inset(&sq, 0.03), 0.0, false));
    m
}

/// A thin inlaid strip flush with (a hair above) the playing surface.
fn inlay_rect(c: V2, w: f32, h: f32) -> MeshData {
    mesh::slab(
        &mesh::rect(c, w, h),
        BOARD_TOP - 0.002,
        BOARD_TOP + 0.0015,
        0.0,
        false,
    )
}

/// An inlaid rectangular frame (four strips) of line width `t`, centred on `c`.
fn inlay_frame(c: V2, w: f32, h: f32, t: f32) -> MeshData {
    let mut m = inlay_rect([c[0], c[1] + (h - t) / 2.0], w, t);
    m.append(&inlay_rect([c[0], c[1] - (h - t) / 2.0], w, t));
    m.append(&inlay_rect([c[0] - (w - t) / 2.0, c[1]], t, h - 2.0 * t));
    m.append(&inlay_rect([c[0] + (w - t) / 2.0, c[1]], t, h - 2.0 * t));
    m
}

/// Snēlab's court: 7 × 7 squares ruled with inlaid lines; each Counter (the back rows, at
/// z = +3 for the near side and z = -3 for the far side) is framed inside and banded outside.
pub fn board_snelab() -> Vec<Part> {
    let n = 7;
    let half = n as f32 / 2.0;
    let t = 0.035;
    let mut lines = MeshData::default();
    for i in 0..=n {
        let x = -half + i as f32;
        lines.append(&inlay_rect([x, 0.0], t, n as f32 + t));
    }
    for i in 0..=n {
        let f = -half + i as f32;
        for j in 0..n {
            let x = -half + j as f32 + 0.5;
            lines.append(&inlay_rect([x, f], 1.0 - t, t));
        }
    }
    let outline = n as f32 + 0.44;
    lines.append(&inlay_frame([0.0, 0.0], outline, outline, 0.03));
    for f in [-(half - 0.5), half - 0.5] {
        // A frame inside the Counter row, and a solid band along its outer edge that pieces
        // standing on the Counter never hide.
        lines.append(&inlay_frame([0.0, f], n as f32 - 0.14, 0.86, 0.03));
        let band = if f > 0.0 { half + 0.1 } else { -half - 0.1 };
        lines.append(&inlay_rect([0.0, band], n as f32, 0.12));
    }
    vec![
        part(Slot::Wood, board_body(n as f32 + 0.6)),
        part(Slot::Inlay, lines),
    ]
}

/// The chess board: 8 × 8, dark squares in the board's wood and light squares inlaid; a1 (the
/// near left corner seen from +Z, White's side) is dark.
pub fn board_chess() -> Vec<Part> {
    let mut light = MeshData::default();
    for file in 0..8 {
        for rank in 0..8 {
            if (file + rank) % 2 == 1 {
                let c = [-3.5 + file as f32, -3.5 + rank as f32];
                light.append(&inlay_rect(c, 1.0, 1.0));
            }
        }
    }
    light.append(&inlay_frame([0.0, 0.0], 8.22, 8.22, 0.04));
    vec![part(Slot::Wood, board_body(8.7)), part(Slot::Inlay, light)]
}

/// The table: twelve planks running along X with small gaps; each plank's grain (UV) is shifted
/// so neighbours do not continue each other's figure.
pub fn table_top() -> Vec<Part> {
    let (len, planks, width) = (16.0, 12, TABLE_PLANK);
    let mut m = MeshData::default();
    for k in 0..planks {
        let f = -(planks as f32) / 2.0 * width + width * (k as f32 + 0.5);
        let mut plank = mesh::slab(
            &mesh::rect([0.0, f], len, width - 0.02),
            0.0,
            TABLE_TOP,
            0.025,
            true,
        );
        let shift = [3.7 * k as f32, 0.61 * k as f32];
        for uv in &mut plank.uvs {
            uv[0] += shift[0];
            uv[1] += shift[1];
        }
        m.append(&plank);
    }
    vec![part(Slot::Wood, m)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// a1 and h8 are dark, h1 and a8 light, with a1 at white's near left (x −4..−3, z 3..4,
    /// where the table stands the piece of a1). A corner of the board belongs to one square
    /// only, so a light corner square puts an inlay vertex on it.
    #[test]
    fn the_chess_boards_a1_is_a_dark_square() {
        let inlay: Vec<V3> = board_chess()
            .into_iter()
            .filter(|p| p.slot == Slot::Inlay)
            .flat_map(|p| p.mesh.positions)
            .collect();
        let light_at = |x: f32, z: f32| {
            inlay
                .iter()
                .any(|p| (p[0] - x).abs() < 1e-4 && (p[2] - z).abs() < 1e-4)
        };
        assert!(!light_at(-4.0, 4.0), "a1 is dark");
        assert!(!light_at(4.0, -4.0), "h8 is dark");
        assert!(light_at(4.0, 4.0), "h1 is light");
        assert!(light_at(-4.0, -4.0), "a8 is light");
    }

    #[test]
    fn opposite_faces_of_the_die_add_up_to_seven() {
        let faces = die_faces();
        for (a, da) in faces {
            let (b, _) = faces
                .iter()
                .find(|(_, db)| mesh::dot(da, *db) < -0.99)
                .copied()
                .unwrap_or((0, [0.0; 3]));
            assert_eq!(a + b, 7, "face {a}");
            assert_eq!(pips(a).len(), a as usize);
        }
    }

    #[test]
    fn align_y_is_a_rotation_onto_the_direction() {
        for d in [
            [0.0, 0.0, -1.0],
            [1.0, 0.0, 0.0],
            [0.0, -1.0, 0.0],
            [0.6, 0.8, 0.0],
        ] {
            let r = align_y(d, [1.0, 0.0, 0.0]);
            let img = [r[0][1], r[1][1], r[2][1]];
            assert!(mesh::dot(img, d) > 0.999, "{d:?}");
            let det = mesh::dot(r[0], mesh::cross(r[1], r[2]));
            assert!((det - 1.0).abs() < 1e-4);
        }
    }
}
