//! The model reader on files written by exporters no one here wrote (trimesh and pygltflib,
//! by `tools/make-gltf-fixtures.py`, and Blender 3.4, by `tools/blender-gltf-fixture.py`): each fixture read from `tests/fixtures/gltf/`, and its
//! built mesh data checked against the numbers the script placed there — bounds after the
//! nodes' transforms, vertex colours, the texture's pixels under each vertex's UV, the looks.
//! No Bevy: `cargo test --no-default-features --test gltf_fixtures`.

use carved_tables::carve::Slot;
use carved_tables::carve::gltf::{self, Look, Model, Surface};
use carved_tables::carve::texture::ImageFormat;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gltf")
}

fn read(name: &str) -> Model {
    let model = gltf::read_path(&dir().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(model.warnings.is_empty(), "{name}: {:?}", model.warnings);
    model
}

fn assert_close(got: [f32; 3], want: [f32; 3], what: &str) {
    for k in 0..3 {
        assert!(
            (got[k] - want[k]).abs() < 1e-4,
            "{what}: {got:?}, expected {want:?}"
        );
    }
}

fn assert_bounds(model: &Model, lo: [f32; 3], hi: [f32; 3], name: &str) {
    let (l, h) = model.bounds().expect("vertices");
    assert_close(l, lo, &format!("{name}: lowest corner"));
    assert_close(h, hi, &format!("{name}: highest corner"));
}

fn surface(model: &Model, part: usize) -> &Surface {
    match &model.parts[part].look {
        Look::Surface(s) => s,
        other => panic!("part {part} is {other:?}, not a surface"),
    }
}

/// Every normal is unit length, and faces the way its triangles face (the winding survives
/// the transforms).
fn assert_normals_agree(model: &Model, name: &str) {
    for (k, part) in model.parts.iter().enumerate() {
        let m = &part.mesh;
        for n in &m.normals {
            let l = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            assert!((l - 1.0).abs() < 1e-4, "{name} part {k}: normal {n:?}");
        }
        for t in m.indices.chunks_exact(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| m.positions[i as usize]);
            let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
            let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
            let face = [
                u[1] * v[2] - u[2] * v[1],
                u[2] * v[0] - u[0] * v[2],
                u[0] * v[1] - u[1] * v[0],
            ];
            let n: [f32; 3] = (0..3)
                .map(|j| m.normals[t[j] as usize])
                .fold([0.0; 3], |s, n| [s[0] + n[0], s[1] + n[1], s[2] + n[2]]);
            let d = face[0] * n[0] + face[1] * n[1] + face[2] * n[2];
            assert!(
                d > 0.0,
                "{name} part {k}: triangle {t:?} faces away from its normals"
            );
        }
    }
}

/// A box turned a quarter about +Y and scaled 2 in x by one node's matrix (trimesh).
#[test]
fn rotated_and_scaled_node() {
    let model = read("rotated_scaled.glb");
    assert_eq!(model.parts.len(), 1);
    assert_eq!(model.triangles(), 12);
    // The box is 1 × 0.5 × 0.25; scaled, it is 2 long in x, and turned, 2 long in z.
    assert_bounds(
        &model,
        [-0.125, 0.0, -1.0],
        [0.125, 0.5, 1.0],
        "rotated_scaled",
    );
    // No material: the theme's wood.
    assert_eq!(model.parts[0].look, Look::Finish(Slot::Wood));
    assert_normals_agree(&model, "rotated_scaled");
}

/// Nested nodes with translation, rotation and scale, and a texture in a file beside the
/// `.gltf` (pygltflib).
#[test]
fn nested_nodes_and_a_texture_beside_the_file() {
    let model = read("nested.gltf");
    assert_eq!(model.parts.len(), 1);
    let r = std::f32::consts::FRAC_1_SQRT_2;
    assert_bounds(&model, [0.0, -0.4, -r], [r, 0.6, 0.0], "nested");
    assert_normals_agree(&model, "nested");
    let s = surface(&model, 0);
    assert_eq!(s.name, "Painted");
    assert_eq!((s.metallic, s.roughness), (0.0, 0.8));
    let t = &model.textures[s.texture.expect("a texture")];
    assert_eq!(t.format, ImageFormat::Png);
    assert_eq!((t.pixels.width, t.pixels.height), (8, 8));
    assert_eq!(t.pixels.at(7, 0), [30, 200, 60, 255]);
    assert_eq!(t.pixels.at(0, 7), [40, 60, 220, 255]);

    // Without its picture, the model still reads, untextured, with a warning.
    let tmp = tempfile::tempdir().unwrap();
    for f in ["nested.gltf", "nested.bin"] {
        std::fs::copy(dir().join(f), tmp.path().join(f)).unwrap();
    }
    let bare = gltf::read_path(&tmp.path().join("nested.gltf")).unwrap();
    assert_eq!(surface(&bare, 0).texture, None);
    assert_eq!(bare.warnings.len(), 1, "{:?}", bare.warnings);
    assert!(
        bare.warnings[0].contains("nested_grain.png"),
        "{:?}",
        bare.warnings
    );
    // Without its buffer, it cannot be read, and says which file is missing.
    std::fs::remove_file(tmp.path().join("nested.bin")).unwrap();
    let e = gltf::read_path(&tmp.path().join("nested.gltf")).unwrap_err();
    assert!(e.0.contains("nested.bin"), "{e}");
}

/// A colour per vertex: red where x > 0, blue where x < 0 (trimesh, no material).
#[test]
fn vertex_colours() {
    let model = read("vertex_colours.glb");
    assert_bounds(&model, [-0.3, 0.0, -0.3], [0.3, 0.6, 0.3], "vertex_colours");
    let part = &model.parts[0];
    let colours = part.colors.as_ref().expect("COLOR_0");
    assert_eq!(colours.len(), part.mesh.positions.len());
    for (p, c) in part.mesh.positions.iter().zip(colours) {
        let want = if p[0] > 0.0 {
            [1.0, 0.0, 0.0, 1.0]
        } else {
            [0.0, 0.0, 1.0, 1.0]
        };
        assert_eq!(*c, want, "vertex at {p:?}");
    }
    // No material, but colours: a plain matte surface that shows them.
    let s = surface(&model, 0);
    assert_eq!((s.base_color, s.metallic, s.texture), ([1.0; 4], 0.0, None));
}

/// A tile textured with four coloured quarters, each vertex's UV on the quarter of its corner
/// (trimesh, PNG in the GLB): what an artist saw in trimesh's viewer.
#[test]
fn textured_part() {
    let model = read("textured.glb");
    assert_bounds(&model, [-0.5, 0.0, -0.5], [0.5, 0.1, 0.5], "textured");
    let s = surface(&model, 0);
    assert_eq!(s.name, "Painted");
    assert_eq!((s.metallic, s.roughness), (0.0, 0.7));
    let t = &model.textures[s.texture.expect("a texture")];
    assert_eq!(
        (t.format, t.pixels.width, t.pixels.height),
        (ImageFormat::Png, 2, 2)
    );
    let m = &model.parts[0].mesh;
    assert_eq!(m.uvs.len(), m.positions.len());
    for (p, uv) in m.positions.iter().zip(&m.uvs) {
        // trimesh's `v` runs up the picture (glTF's runs down, and trimesh turns it over when
        // it writes the file): the near corners (+z) show the top quarters.
        let want = match (p[0] > 0.0, p[2] > 0.0) {
            (false, true) => [220, 30, 30, 255],
            (true, true) => [30, 200, 60, 255],
            (false, false) => [40, 60, 220, 255],
            (true, false) => [240, 220, 40, 255],
        };
        assert_eq!(t.pixels.sample(*uv), want, "vertex at {p:?}, uv {uv:?}");
    }
}

/// A JPEG texture held in the GLB: red on the left, blue on the right (pygltflib, Pillow).
#[test]
fn jpeg_texture() {
    let model = read("jpeg_textured.glb");
    assert_bounds(
        &model,
        [-0.25, 0.0, -0.25],
        [0.25, 0.5, 0.25],
        "jpeg_textured",
    );
    assert_normals_agree(&model, "jpeg_textured");
    let t = &model.textures[surface(&model, 0).texture.expect("a texture")];
    assert_eq!(
        (t.format, t.pixels.width, t.pixels.height),
        (ImageFormat::Jpeg, 16, 16)
    );
    let near = |got: [u8; 4], want: [u8; 3]| {
        (0..3).all(|k| got[k].abs_diff(want[k]) < 40) && got[3] == 255
    };
    for y in [1, 8, 14] {
        assert!(
            near(t.pixels.at(2, y), [230, 20, 20]),
            "{:?}",
            t.pixels.at(2, y)
        );
        assert!(
            near(t.pixels.at(13, y), [20, 20, 230]),
            "{:?}",
            t.pixels.at(13, y)
        );
    }
}

/// Three meshes on three nodes: `wood` and `Inlay.001` take the theme's finishes, `Brass` is
/// drawn as the file says (trimesh).
#[test]
fn several_parts_and_their_materials() {
    let model = read("several_parts.glb");
    assert_eq!(model.parts.len(), 3);
    assert_eq!(model.parts[0].look, Look::Finish(Slot::Wood));
    assert_eq!(model.parts[1].look, Look::Finish(Slot::Inlay));
    let brass = surface(&model, 2);
    assert_eq!(brass.name, "Brass");
    assert_close(
        [
            brass.base_color[0],
            brass.base_color[1],
            brass.base_color[2],
        ],
        [230.0 / 255.0, 178.0 / 255.0, 76.0 / 255.0],
        "brass colour",
    );
    assert_eq!((brass.metallic, brass.roughness), (1.0, 0.3));
    assert_bounds(
        &model,
        [-0.594, 0.0, -0.594],
        [0.594, 0.7, 0.594],
        "several_parts",
    );
    // The band, turned 45°, reaches its corners out along the axes.
    let (lo, hi) = model.parts[1].mesh.bounds().unwrap();
    let d = 0.42 * std::f32::consts::SQRT_2;
    assert_close(lo, [-d, 0.26, -d], "band");
    assert_close(hi, [d, 0.34, d], "band");
    let (lo, hi) = model.parts[2].mesh.bounds().unwrap();
    assert_close(lo, [-0.1, 0.5, -0.1], "knob");
    assert_close(hi, [0.1, 0.7, 0.1], "knob");
}

/// Every fixture cut short, or with a byte changed, is an error or a model — never a panic.
#[test]
fn damaged_fixtures_are_refused_not_panics() {
    for name in [
        "rotated_scaled.glb",
        "vertex_colours.glb",
        "textured.glb",
        "several_parts.glb",
        "jpeg_textured.glb",
        "blender_parts.glb",
    ] {
        let bytes = std::fs::read(dir().join(name)).unwrap();
        for cut in (0..bytes.len()).step_by(7) {
            assert!(gltf::read(&bytes[..cut]).is_err(), "{name} cut at {cut}");
        }
        for at in (0..bytes.len()).step_by(3) {
            let mut b = bytes.clone();
            b[at] ^= 0x5a;
            let _ = gltf::Document::parse(&b).and_then(|d| d.model(&Default::default()));
        }
    }
}

/// A file exported by Blender's own glTF exporter (`tools/blender-gltf-fixture.py`): nested
/// objects turned and scaled by their parent, vertex colours, a packed PNG texture. The bounds
/// of each part are compared with the ones Blender computed from its own world matrices
/// (`blender_parts.json`).
#[test]
fn blender_export_matches_blenders_own_bounds() {
    let model = read("blender_parts.glb");
    let text = std::fs::read_to_string(dir().join("blender_parts.json")).unwrap();
    let expected: serde_json::Value = serde_json::from_str(&text).unwrap();
    let objects = expected["objects"].as_object().unwrap();
    assert_eq!(model.parts.len(), objects.len());
    let v3 =
        |v: &serde_json::Value| -> [f32; 3] { [0, 1, 2].map(|k| v[k].as_f64().unwrap() as f32) };
    // The exporter writes the objects in the order of its node tree: body, knob, label.
    for (part, name) in model.parts.iter().zip(["body", "knob", "label"]) {
        let want = &objects[name];
        let (lo, hi) = part.mesh.bounds().unwrap();
        assert_close(lo, v3(&want["min"]), &format!("{name}: lowest corner"));
        assert_close(hi, v3(&want["max"]), &format!("{name}: highest corner"));
        assert_eq!(
            part.mesh.indices.len() / 3,
            want["triangles"].as_u64().unwrap() as usize,
            "{name}: triangles"
        );
    }
    assert_eq!(model.parts[0].look, Look::Finish(Slot::Wood));
    let brass = surface(&model, 1);
    assert_eq!(brass.name, "Brass");
    assert_eq!((brass.metallic, brass.roughness), (1.0, 0.25));
    // The knob's painted vertices: red on its +x side (turned 30° with its stand), green on
    // the other.
    let knob = &model.parts[1];
    let colours = knob.colors.as_ref().expect("COLOR_0");
    let (mut red, mut green) = (0, 0);
    for c in colours {
        match c {
            [1.0, 0.0, 0.0, 1.0] => red += 1,
            [0.0, 1.0, 0.0, 1.0] => green += 1,
            other => panic!("colour {other:?}"),
        }
    }
    assert!(red > 10 && green > 10, "{red} red, {green} green");
    let label = surface(&model, 2);
    let t = &model.textures[label.texture.expect("a texture")];
    assert_eq!(
        (t.format, t.pixels.width, t.pixels.height),
        (ImageFormat::Png, 4, 4)
    );
    assert_eq!(t.pixels.at(0, 0), [255, 0, 0, 255]);
    assert_eq!(t.pixels.at(3, 3), [0, 255, 0, 255]);
}
