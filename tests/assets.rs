//! The shipped assets: every file `assets/theme.ron` names exists and loads (the glTF parses,
//! the Ogg decodes, the card icons are 128×128 RGBA PNGs); a bad entry or a broken theme is
//! reported, never a panic; the carver is deterministic, the committed models are what it makes,
//! and every model has sane bounds.

use carved_tables::carve::{self, Footprint, MODELS};
use carved_tables::rules::chess::Artifact;
use carved_tables::theme::{self, Problem, SoundEvent, Theme, ThemeError, Warning, Wood};
use std::io::Cursor;
use std::path::{Path, PathBuf};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

fn shipped_theme() -> Theme {
    let text = std::fs::read_to_string(assets().join("theme.ron")).expect("assets/theme.ron");
    Theme::parse(&text).unwrap_or_else(|e| panic!("the shipped theme does not parse: {e}"))
}

/// Positions, normals, UVs and indices of every primitive of a glb, read by the `gltf` crate.
struct Loaded {
    positions: Vec<[f32; 3]>,
    primitives: usize,
    materials: Vec<String>,
    /// Every triangle with the material name of its primitive.
    triangles: Vec<(String, [[f32; 3]; 3])>,
}

/// The material names, read from the file's JSON chunk (the `gltf` crate is built without names).
fn material_names(bytes: &[u8]) -> Vec<String> {
    let len = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize;
    let json: serde_json::Value = serde_json::from_slice(&bytes[20..20 + len]).unwrap_or_default();
    json["materials"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|m| m["name"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn load_glb(bytes: &[u8]) -> Result<Loaded, String> {
    // `Gltf::from_slice` rather than `import_slice`: the import feature would pull `image` in
    // with other features than Bevy's and make `cargo build` after `cargo test` rebuild Bevy.
    let gltf = gltf::Gltf::from_slice(bytes).map_err(|e| e.to_string())?;
    let blob = gltf.blob.clone().ok_or("no binary chunk")?;
    let doc = gltf.document;
    let names = material_names(bytes);
    let mut out = Loaded {
        positions: Vec::new(),
        primitives: 0,
        materials: Vec::new(),
        triangles: Vec::new(),
    };
    for mesh in doc.meshes() {
        for prim in mesh.primitives() {
            out.primitives += 1;
            let r = prim.reader(|b| (b.index() == 0).then_some(&blob[..]));
            let pos: Vec<[f32; 3]> = r.read_positions().ok_or("no positions")?.collect();
            let normals: Vec<[f32; 3]> = r.read_normals().ok_or("no normals")?.collect();
            let uvs = r.read_tex_coords(0).ok_or("no UVs")?.into_f32().count();
            let idx: Vec<u32> = r.read_indices().ok_or("no indices")?.into_u32().collect();
            if normals.len() != pos.len() || uvs != pos.len() {
                return Err("attribute counts differ".into());
            }
            if idx.is_empty()
                || !idx.len().is_multiple_of(3)
                || idx.iter().any(|&i| i as usize >= pos.len())
            {
                return Err("bad indices".into());
            }
            for n in &normals {
                let l = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
                if (l - 1.0).abs() > 0.01 {
                    return Err(format!("normal of length {l}"));
                }
            }
            let name = prim.material().index().and_then(|i| names.get(i));
            let name = name.cloned().unwrap_or_default();
            for t in idx.chunks_exact(3) {
                let corner = |k: usize| pos[t[k] as usize];
                out.triangles
                    .push((name.clone(), [corner(0), corner(1), corner(2)]));
            }
            out.materials.push(name);
            out.positions.extend(pos);
        }
    }
    if out.primitives == 0 {
        return Err("no mesh".into());
    }
    Ok(out)
}

/// Decodes a whole Ogg Vorbis file; returns (sample rate, samples per channel).
fn decode_ogg(bytes: &[u8]) -> Result<(u32, usize), String> {
    let mut r =
        lewton::inside_ogg::OggStreamReader::new(Cursor::new(bytes)).map_err(|e| e.to_string())?;
    let channels = r.ident_hdr.audio_channels.max(1) as usize;
    let mut samples = 0;
    while let Some(pkt) = r.read_dec_packet_itl().map_err(|e| e.to_string())? {
        samples += pkt.len() / channels;
    }
    Ok((r.ident_hdr.audio_sample_rate, samples))
}

#[test]
fn every_file_the_theme_names_exists_and_loads() {
    let theme = shipped_theme();
    let warnings = theme.check(&assets());
    assert!(
        warnings.is_empty(),
        "{}",
        warnings
            .iter()
            .map(Warning::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    );
    let mut model_bytes = 0;
    for (name, _) in MODELS {
        let rel = theme.model_path(name).expect("every model has a path");
        let bytes = std::fs::read(assets().join(&rel)).expect(&rel);
        model_bytes += bytes.len();
        let m = load_glb(&bytes).unwrap_or_else(|e| panic!("{rel}: {e}"));
        assert!(
            m.materials.iter().all(|n| n == "wood" || n == "inlay"),
            "{rel}"
        );
    }
    assert!(model_bytes < 20_000_000, "models take {model_bytes} bytes");
    for event in SoundEvent::ALL {
        let rel = theme.sound(event).expect("every event has a sound");
        let bytes = std::fs::read(assets().join(rel)).expect(rel);
        assert!(bytes.len() < 60_000, "{rel} is {} bytes", bytes.len());
        let (rate, samples) = decode_ogg(&bytes).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let secs = samples as f32 / rate as f32;
        assert!(secs > 0.02 && secs < 2.0, "{rel} lasts {secs} s");
        if event == SoundEvent::Dice {
            assert!(
                (0.8..=1.3).contains(&secs),
                "the dice rattle lasts {secs} s"
            );
        }
    }
    let mut icon_bytes = 0;
    let icons = Artifact::ALL
        .into_iter()
        .map(|a| theme.icon_path(a))
        .chain([theme.card_back_path()]);
    for rel in icons {
        let bytes = std::fs::read(assets().join(&rel)).expect(&rel);
        icon_bytes += bytes.len();
        assert_eq!(png_header(&bytes), Some((128, 128, 8, 6)), "{rel}");
    }
    assert!(icon_bytes < 200_000, "the icons take {icon_bytes} bytes");
}

/// A PNG's width, height, bit depth and colour type (6: RGBA), from its `IHDR` chunk.
fn png_header(bytes: &[u8]) -> Option<(u32, u32, u8, u8)> {
    if !bytes.starts_with(b"\x89PNG\r\n\x1a\n") || bytes.get(12..16)? != b"IHDR" {
        return None;
    }
    let word = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    Some((word(16), word(20), *bytes.get(24)?, *bytes.get(25)?))
}

#[test]
fn every_card_has_its_own_icon_and_a_bad_icon_is_a_warning() {
    let theme = shipped_theme();
    let mut paths: Vec<String> = Artifact::ALL.iter().map(|a| theme.icon_path(*a)).collect();
    paths.push(theme.card_back_path());
    let count = paths.len();
    paths.sort();
    paths.dedup();
    assert_eq!(paths.len(), count, "two cards share a picture");

    let mut theme = Theme::builtin();
    theme
        .icons
        .insert("fury".into(), "icons/no_such_fury.png".into());
    theme
        .icons
        .insert("shield".into(), "sounds/coin.ogg".into());
    theme.icons.remove(theme::CARD_BACK);
    theme.icons.insert("queen".into(), "icons/heir.png".into());
    let warnings = theme.check(&assets());
    let has = |entry: &str, pred: &dyn Fn(&Problem) -> bool| {
        warnings
            .iter()
            .any(|w| w.entry == entry && pred(&w.problem))
    };
    assert!(has("fury", &|p| matches!(p, Problem::Missing(_))));
    assert!(has("shield", &|p| matches!(
        p,
        Problem::WrongFormat {
            expected: "PNG",
            ..
        }
    )));
    assert!(has("card-back", &|p| matches!(p, Problem::NoEntry)));
    assert!(has("queen", &|p| matches!(p, Problem::UnknownEntry)));
    assert_eq!(warnings.len(), 4, "{warnings:?}");
    let text = warnings
        .iter()
        .find(|w| w.entry == "fury")
        .map(Warning::to_string)
        .unwrap_or_default();
    assert!(
        text.contains("no_such_fury.png") && text.contains("without this picture"),
        "{text}"
    );
    // The entry the theme lost still has a path: the shipped picture.
    assert_eq!(theme.card_back_path(), "icons/card-back.png");
}

#[test]
fn the_shipped_theme_is_the_builtin_one() {
    assert_eq!(shipped_theme(), Theme::builtin());
}

#[test]
fn a_missing_or_wrong_file_is_a_warning_not_a_panic() {
    let mut theme = Theme::builtin();
    theme.pieces.get_mut("hive_owl").expect("owl entry").model = "models/no_such_owl.glb".into();
    theme
        .boards
        .get_mut("board_chess")
        .expect("chess board entry")
        .model = "sounds/coin.ogg".into();
    theme
        .sounds
        .insert(SoundEvent::Coin, "sounds/no_such_coin.ogg".into());
    theme.markers.remove("die_d6");
    theme.pieces.insert(
        "hive_bee".into(),
        carved_tables::theme::PieceEntry {
            model: "models/hive_elder.glb".into(),
            sound: None,
        },
    );
    let warnings = theme.check(&assets());
    let has = |entry: &str, pred: &dyn Fn(&Problem) -> bool| {
        warnings
            .iter()
            .any(|w| w.entry == entry && pred(&w.problem))
    };
    assert!(has("hive_owl", &|p| matches!(p, Problem::Missing(_))));
    assert!(has("board_chess", &|p| matches!(
        p,
        Problem::WrongFormat { .. }
    )));
    assert!(has("Coin", &|p| matches!(p, Problem::Missing(_))));
    assert!(has("die_d6", &|p| matches!(p, Problem::NoEntry)));
    assert!(has("hive_bee", &|p| matches!(p, Problem::UnknownEntry)));
    assert_eq!(warnings.len(), 5, "{warnings:?}");
    let text = warnings
        .iter()
        .find(|w| w.entry == "hive_owl")
        .map(Warning::to_string)
        .unwrap_or_default();
    assert!(
        text.contains("no_such_owl.glb") && text.contains("built-in"),
        "{text}"
    );
    // The fallback the game then draws is the carver's own model.
    assert!(carve::model("hive_owl").is_some());
    // Still a model path for the entry the theme lost.
    assert_eq!(
        theme.model_path("die_d6").as_deref(),
        Some("models/die_d6.glb")
    );
}

#[test]
fn paths_outside_the_assets_and_bad_numbers_are_reported() {
    let mut theme = Theme::builtin();
    theme.pieces.get_mut("chess_king").expect("king").model = "../secret.glb".into();
    theme.woods.dark.wood.roughness = Some(1.5);
    let warnings = theme.check(&assets());
    assert!(
        warnings
            .iter()
            .any(|w| w.entry == "chess_king" && matches!(w.problem, Problem::OutsideAssets(_)))
    );
    assert!(warnings.iter().any(|w| matches!(
        w.problem,
        Problem::OutOfRange {
            what: "roughness",
            ..
        }
    )));
}

#[test]
fn look_numbers_outside_their_ranges_are_reported_and_brought_in() {
    let mut theme = Theme::builtin();
    assert!(
        theme.check(&assets()).is_empty(),
        "the shipped look is in range"
    );
    theme.look.walnut.rings = 500.0;
    theme.look.oak.early = [0.5, 1.7, 0.2];
    theme.look.room.lamp_lux = -3.0;
    theme.look.ash.pores = f32::NAN;
    let warnings = theme.check(&assets());
    let found = |entry: &str, what: &str| {
        warnings.iter().find(|w| {
            w.entry == entry
                && matches!(w.problem, Problem::OutOfRange { what: x, .. } if x == what)
        })
    };
    let rings = found("look.walnut", "rings").expect("the walnut's rings");
    assert_eq!(
        rings.to_string(),
        "look.walnut: rings 500 is outside 0.5..=40; using the nearest allowed value"
    );
    assert!(found("look.oak", "early").is_some());
    assert!(found("look.room", "lamp_lux").is_some());
    assert!(found("look.ash", "pores").is_some(), "not a number");
    assert_eq!(warnings.len(), 4, "{warnings:?}");
    let fixed = theme.look.clamped();
    assert_eq!(fixed.walnut.rings, 40.0);
    assert_eq!(fixed.oak.early, [0.5, 1.0, 0.2]);
    assert_eq!(fixed.room.lamp_lux, 0.0);
    assert_eq!(fixed.ash.pores, carved_tables::theme::Species::ASH.pores);
    // Values in range are kept as they are.
    assert_eq!(fixed.walnut.figure, theme.look.walnut.figure);
    assert_eq!(Theme::builtin().look.clamped(), Theme::builtin().look);
}

#[test]
fn a_broken_theme_gives_line_and_column_and_the_game_falls_back() {
    let text = std::fs::read_to_string(assets().join("theme.ron")).expect("theme.ron");
    // Misspell a material on a known line.
    let (line_no, _) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("material: Stone"))
        .expect("the statue's line");
    let broken = text.replacen("material: Stone", "material: Marble", 1);
    match Theme::parse(&broken) {
        Err(e @ ThemeError::Syntax { line, .. }) => {
            assert_eq!(line, line_no + 1, "{e}");
            let msg = e.to_string();
            assert!(msg.contains(&format!("line {}", line_no + 1)), "{msg}");
            assert!(msg.contains("Marble"), "{msg}");
        }
        other => panic!("expected a syntax error, got {other:?}"),
    }
    // Cut short: still an error with a position, never a panic.
    assert!(matches!(
        Theme::parse(&text[..text.len() / 2]),
        Err(ThemeError::Syntax { .. })
    ));
    assert!(matches!(
        Theme::parse(&text.replacen("version: 1", "version: 7", 1)),
        Err(ThemeError::Version { found: 7 })
    ));

    let dir = tempfile::tempdir().expect("temp dir");
    // No theme.ron at all: the built-in theme, one warning about the theme, one per file.
    let (t, w) = Theme::load(dir.path());
    assert_eq!(t, Theme::builtin());
    assert!(matches!(w[0].problem, Problem::ThemeUnusable(_)));
    // A broken theme.ron next to the real files: the built-in theme and a single warning.
    let root = dir.path().join("assets");
    copy_dir(&assets(), &root);
    std::fs::write(root.join("theme.ron"), &broken).expect("write");
    let (t, w) = Theme::load(&root);
    assert_eq!(t, Theme::builtin());
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].to_string().contains("Marble"), "{}", w[0]);
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir").flatten() {
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).expect("copy");
        }
    }
}

#[test]
fn the_carver_is_deterministic_and_the_committed_models_are_current() {
    let a = tempfile::tempdir().expect("temp dir");
    let b = tempfile::tempdir().expect("temp dir");
    let first = carve::carve_all(a.path()).expect("carve");
    carve::carve_all(b.path()).expect("carve again");
    assert_eq!(first.len(), MODELS.len());
    for (name, _) in MODELS {
        let file = format!("{name}.glb");
        let x = std::fs::read(a.path().join(&file)).expect("first");
        let y = std::fs::read(b.path().join(&file)).expect("second");
        assert!(x == y, "{file} differs between two runs");
        let committed = std::fs::read(assets().join("models").join(&file)).expect("committed");
        assert!(
            committed == x,
            "assets/models/{file} is not what the carver makes: run `tables carve`"
        );
    }
}

#[test]
fn every_model_stands_on_its_origin_within_its_footprint() {
    for (name, footprint) in MODELS {
        let bytes = carve::model_glb(name).expect("known model");
        let m = load_glb(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut lo = [f32::MAX; 3];
        let mut hi = [f32::MIN; 3];
        for p in &m.positions {
            for k in 0..3 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        assert!(lo[1].abs() < 1e-3, "{name}: bottom at {}", lo[1]);
        assert!(hi[1] > 0.02, "{name}: height {}", hi[1]);
        for k in [0, 2] {
            assert!(
                (lo[k] + hi[k]).abs() < 0.15 * (hi[k] - lo[k]).max(0.2),
                "{name}: not centred on axis {k}: {lo:?}..{hi:?}"
            );
        }
        let eps = 1e-4;
        // The heights the game stacks and places by.
        let expected_top = match name {
            n if n.starts_with("hive_") => Some(carve::HEX_HEIGHT),
            "board_snelab" | "board_chess" => Some(carve::BOARD_TOP),
            "table_top" => Some(carve::TABLE_TOP),
            "die_d6" => Some(carve::DIE_EDGE),
            _ => None,
        };
        if let Some(top) = expected_top {
            assert!(
                (hi[1] - top).abs() < 0.003,
                "{name}: top at {} not {top}",
                hi[1]
            );
        }
        match footprint {
            Footprint::Square => {
                for p in &m.positions {
                    assert!(
                        p[0].abs() <= 0.5 + eps && p[2].abs() <= 0.5 + eps,
                        "{name}: {p:?}"
                    );
                }
            }
            Footprint::Hex => {
                // Flats face ±X (and ±60° from it): across the flats is at most 1.0.
                for p in &m.positions {
                    for deg in [0.0f32, 60.0, 120.0] {
                        let (s, c) = deg.to_radians().sin_cos();
                        assert!((p[0] * c + p[2] * s).abs() <= 0.5 + eps, "{name}: {p:?}");
                    }
                }
            }
            Footprint::Token => {
                for p in &m.positions {
                    assert!(p[0].abs() <= 0.25 && p[2].abs() <= 0.25, "{name}: {p:?}");
                }
            }
            Footprint::Board => assert!(hi[0] - lo[0] > 7.0, "{name}: too small"),
        }
    }
}

#[test]
fn pieces_face_forward() {
    // The knight's nose: the most forward point of the head is toward -Z.
    let parts = carve::model("chess_knight").expect("knight");
    let head: Vec<[f32; 3]> = parts
        .iter()
        .flat_map(|p| p.mesh.positions.iter().copied())
        .filter(|p| p[1] > 0.5)
        .collect();
    let fore = head.iter().map(|p| p[2]).fold(f32::MAX, f32::min);
    let back = head.iter().map(|p| p[2]).fold(f32::MIN, f32::max);
    assert!(
        fore < -0.3 && -fore > back,
        "nose at z {fore}, mane at z {back}"
    );
}

#[test]
fn finishes_follow_the_side_for_pieces_and_the_entry_for_the_rest() {
    let t = Theme::builtin();
    let (light, _) = t.finishes("chess_pawn", Wood::Light);
    let (dark, dark_inlay) = t.finishes("chess_pawn", Wood::Dark);
    assert_ne!(light.material, dark.material);
    assert_eq!(dark_inlay, t.woods.dark.inlay);
    let (board, _) = t.finishes("board_chess", Wood::Light);
    assert_eq!(board, t.boards["board_chess"].material);
}

#[test]
fn every_model_name_is_carved() {
    for (name, _) in MODELS {
        let parts = carve::model(name).unwrap_or_else(|| panic!("{name} is not carved"));
        assert!(parts.iter().all(|p| !p.mesh.indices.is_empty()), "{name}");
    }
    assert!(carve::model("chess_queen").is_none());
}

#[test]
fn tables_carve_writes_every_model_to_the_chosen_folder() {
    use carved_tables::cli;
    let dir = tempfile::tempdir().expect("temp dir");
    let out_dir = dir.path().join("models");
    let words: Vec<String> = ["carve", "--out", &out_dir.to_string_lossy()]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let cmd = cli::parse(&words).expect("parse");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    cli::run(cmd, &mut std::io::empty(), &mut out, &mut err).expect("carve runs");
    let listed = String::from_utf8(out).expect("utf-8");
    assert_eq!(listed.lines().count(), MODELS.len());
    for (name, _) in MODELS {
        assert!(out_dir.join(format!("{name}.glb")).is_file(), "{name}");
    }
    // A folder that cannot be made is an error, not a panic.
    let blocked = dir.path().join("file");
    std::fs::write(&blocked, b"x").expect("write");
    let words: Vec<String> = ["carve", "--out", &blocked.join("sub").to_string_lossy()]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let cmd = cli::parse(&words).expect("parse");
    let result = cli::run(cmd, &mut std::io::empty(), &mut Vec::new(), &mut Vec::new());
    assert!(matches!(result, Err(cli::CliError::Io(_))), "{result:?}");
}

/// What a camera straight above sees of a model: every face turned up is drawn into a grid of
/// `step`-sized cells over the plan, the highest one winning each cell (a depth buffer).
/// Returns the number of cells each material name covers.
fn seen_from_above(m: &Loaded, step: f32) -> std::collections::BTreeMap<String, usize> {
    let cells = (1.0 / step).round() as i32;
    let at = |i: i32| -0.5 + (i as f32 + 0.5) * step;
    let mut best: Vec<Option<(f32, usize)>> = vec![None; (cells * cells) as usize];
    let mut names: Vec<String> = Vec::new();
    for (name, [a, b, c]) in &m.triangles {
        // Winding gives the face's normal; keep the faces turned up (not walls or the bottom).
        let (u, v) = ([b[0] - a[0], b[2] - a[2]], [c[0] - a[0], c[2] - a[2]]);
        let up = u[1] * v[0] - u[0] * v[1];
        if up <= 1e-9 {
            continue;
        }
        let slot = match names.iter().position(|n| n == name) {
            Some(k) => k,
            None => {
                names.push(name.clone());
                names.len() - 1
            }
        };
        let lo = |k: usize| a[k].min(b[k]).min(c[k]);
        let hi = |k: usize| a[k].max(b[k]).max(c[k]);
        let first = |x: f32| (((x + 0.5) / step - 0.5).ceil() as i32).max(0);
        let last = |x: f32| (((x + 0.5) / step - 0.5).floor() as i32).min(cells - 1);
        for i in first(lo(0))..=last(hi(0)) {
            for j in first(lo(2))..=last(hi(2)) {
                let (x, z) = (at(i), at(j));
                // Barycentric weights of (x, z) in the triangle's plan.
                let w1 = ((x - a[0]) * v[1] - (z - a[2]) * v[0]) / -up;
                let w2 = ((z - a[2]) * u[0] - (x - a[0]) * u[1]) / -up;
                let w0 = 1.0 - w1 - w2;
                if w0 < 0.0 || w1 < 0.0 || w2 < 0.0 {
                    continue;
                }
                let y = w0 * a[1] + w1 * b[1] + w2 * c[1];
                let cell = &mut best[(i * cells + j) as usize];
                if cell.is_none_or(|(top, _)| y > top) {
                    *cell = Some((y, slot));
                }
            }
        }
    }
    let mut seen = std::collections::BTreeMap::new();
    for (_, slot) in best.into_iter().flatten() {
        *seen.entry(names[slot].clone()).or_insert(0) += 1;
    }
    seen
}

#[test]
fn hive_tiles_read_as_their_wood_from_above() {
    // A walnut tile must look dark and an ash tile light from above: the ground of the top is
    // the piece's own wood, and the inlay (bone on walnut, ink on ash) is only the creature.
    let theme = shipped_theme();
    for (name, _) in MODELS.iter().filter(|(n, _)| n.starts_with("hive_")) {
        let rel = theme.model_path(name).expect("every model has a path");
        let bytes = std::fs::read(assets().join(&rel)).expect(&rel);
        let m = load_glb(&bytes).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let seen = seen_from_above(&m, 0.004);
        let total: usize = seen.values().sum();
        let share = |slot: &str| *seen.get(slot).unwrap_or(&0) as f32 / total as f32;
        let (wood, inlay) = (share("wood"), share("inlay"));
        println!("{name}: wood {wood:.3}, inlay {inlay:.3} of the top seen from above");
        // The whole hex is covered (0.96 across the flats: about 0.8 of the unit square).
        let covered = total as f32 * 0.004 * 0.004;
        assert!((covered - 0.798).abs() < 0.02, "{name}: {covered} covered");
        assert!(wood >= 0.7, "{name}: only {wood:.3} of the top is wood");
        // The creature still shows, in the contrasting inlay (the slim Fox has the least).
        assert!(inlay >= 0.08, "{name}: only {inlay:.3} of the top is inlay");
    }
}
