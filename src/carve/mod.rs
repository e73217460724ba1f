//! The carver: every model of the three tables built procedurally in plain Rust, and written as
//! binary glTF by `tables carve`. The game calls [`model`] to build the same mesh itself when a
//! model file named by the theme is missing or broken.
//!
//! Conventions (shared with `docs/artists.md`): one board square, and one hex across its flats,
//! is 1.0; the origin is the centre of the model's bottom; +Y is up; a piece's forward (toward
//! the opponent) is -Z. Each model is a short list of [`Part`]s, each a mesh with a material
//! [`Slot`]: `wood` takes the piece's own wood, `inlay` the contrasting finish (glyphs, pips,
//! board lines).

pub mod affine;
pub mod glb;
pub mod gltf;
pub mod mesh;
pub mod texture;

mod chess;
mod hive;
mod props;
mod snelab;

pub use hive::{Picture as HivePicture, picture as hive_picture};
pub use mesh::MeshData;

use std::fmt;
use std::path::{Path, PathBuf};

/// Which finish of the theme a part takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The body: the piece's wood (ash or walnut), or the board's or marker's material.
    Wood,
    /// Contrasting details: route glyphs and numerals' infill, pips, lines, light squares.
    Inlay,
}

impl Slot {
    /// The material name used in the glTF file.
    pub fn name(self) -> &'static str {
        match self {
            Slot::Wood => "wood",
            Slot::Inlay => "inlay",
        }
    }
}

/// One mesh of a model with the finish it takes.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    pub slot: Slot,
    pub mesh: MeshData,
}

/// Where a model stands on the table, for its size checks and for laying it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Footprint {
    /// Fits in one board square (|x|, |z| ≤ 0.5).
    Square,
    /// Fits in one hex of 1.0 across the flats, pointy side forward (flats face ±X).
    Hex,
    /// Small enough to sit on a piece or in a square (markers, the die).
    Token,
    /// Larger than a square: a board or the table, centred on the origin.
    Board,
}

/// Every model the carver makes, with where it stands. The names are the theme's keys and the
/// file names (`<name>.glb`).
pub const MODELS: [(&str, Footprint); 25] = [
    ("snelab_bailiff", Footprint::Square),
    ("snelab_advocate", Footprint::Square),
    ("snelab_barrister", Footprint::Square),
    ("snelab_justice", Footprint::Square),
    ("hive_elder", Footprint::Hex),
    ("hive_owl", Footprint::Hex),
    ("hive_hare", Footprint::Hex),
    ("hive_fox", Footprint::Hex),
    ("hive_otter", Footprint::Hex),
    ("hive_jay", Footprint::Hex),
    ("hive_squirrel", Footprint::Hex),
    ("hive_hedgehog", Footprint::Hex),
    ("chess_king", Footprint::Square),
    ("chess_rook", Footprint::Square),
    ("chess_bishop", Footprint::Square),
    ("chess_knight", Footprint::Square),
    ("chess_pawn", Footprint::Square),
    ("marker_wound", Footprint::Token),
    ("marker_heir", Footprint::Token),
    ("marker_statue", Footprint::Square),
    ("marker_barricade", Footprint::Square),
    ("die_d6", Footprint::Token),
    ("board_snelab", Footprint::Board),
    ("board_chess", Footprint::Board),
    ("table_top", Footprint::Board),
];

/// Height of the playing surface of `board_snelab` and `board_chess`: pieces stand at this `y`.
pub const BOARD_TOP: f32 = props::BOARD_TOP;
/// Height of the top of `table_top`: boards stand at this `y`.
pub const TABLE_TOP: f32 = props::TABLE_TOP;
/// Height of an Ash & Walnut tile: a piece climbing onto another stands this much higher.
pub const HEX_HEIGHT: f32 = hive::TILE_HEIGHT;
/// Edge of `die_d6`. Its faces: 1 up (+Y), 6 down, 2 forward (-Z), 5 back, 3 right (+X), 4 left.
pub const DIE_EDGE: f32 = props::DIE_EDGE;

/// The parts of the model called `name`, or `None` for a name the carver does not know.
pub fn model(name: &str) -> Option<Vec<Part>> {
    let parts = match name {
        "snelab_bailiff" => snelab::piece(1),
        "snelab_advocate" => snelab::piece(2),
        "snelab_barrister" => snelab::piece(3),
        "snelab_justice" => snelab::piece(4),
        "hive_elder" => hive::creature(hive::Creature::Elder),
        "hive_owl" => hive::creature(hive::Creature::Owl),
        "hive_hare" => hive::creature(hive::Creature::Hare),
        "hive_fox" => hive::creature(hive::Creature::Fox),
        "hive_otter" => hive::creature(hive::Creature::Otter),
        "hive_jay" => hive::creature(hive::Creature::Jay),
        "hive_squirrel" => hive::creature(hive::Creature::Squirrel),
        "hive_hedgehog" => hive::creature(hive::Creature::Hedgehog),
        "chess_king" => chess::king(),
        "chess_rook" => chess::rook(),
        "chess_bishop" => chess::bishop(),
        "chess_knight" => chess::knight(),
        "chess_pawn" => chess::pawn(),
        "marker_wound" => props::wound(),
        "marker_heir" => props::heir(),
        "marker_statue" => props::statue(),
        "marker_barricade" => props::barricade(),
        "die_d6" => props::die(),
        "board_snelab" => props::board_snelab(),
        "board_chess" => props::board_chess(),
        "table_top" => props::table_top(),
        _ => return None,
    };
    Some(parts)
}

/// Which way the wood of a model runs, in the model's own space: the wood shader grows its
/// growth rings around this axis, so the grain stays with the model wherever it goes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grain {
    /// The fibres' direction: up (+Y) for pieces turned on the lathe (end grain on top), along
    /// X for flat work sawn from a plank (long grain on top).
    pub axis: [f32; 3],
    /// The width, across the grain, of the planks a top is glued from (0: one piece).
    pub plank: f32,
}

/// The grain of the model called `name` (flat and in one piece for a name the carver does not
/// know).
pub fn grain_of(name: &str) -> Grain {
    let turned = name.starts_with("chess_") || name.starts_with("snelab_");
    let plank = match name {
        "table_top" => props::TABLE_PLANK,
        "board_snelab" | "board_chess" => props::BOARD_PLANK,
        _ => 0.0,
    };
    Grain {
        axis: if turned {
            [0.0, 1.0, 0.0]
        } else {
            [1.0, 0.0, 0.0]
        },
        plank,
    }
}

/// The `.glb` bytes of the model called `name`.
pub fn model_glb(name: &str) -> Option<Vec<u8>> {
    model(name).map(|parts| glb::write(name, &parts))
}

/// A model that could not be written, and why.
#[derive(Debug)]
pub enum CarveError {
    /// The file or its folder could not be written.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A name in [`MODELS`] that [`model`] does not build (a carver bug, caught by the tests).
    Unknown(&'static str),
}

impl fmt::Display for CarveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CarveError::Io { path, error } => {
                write!(f, "could not write {}: {error}", path.display())
            }
            CarveError::Unknown(name) => write!(f, "the carver has no model called `{name}`"),
        }
    }
}

impl std::error::Error for CarveError {}

/// Writes every model as `<dir>/<name>.glb` (creating `dir`); returns each path and its size.
pub fn carve_all(dir: &Path) -> Result<Vec<(PathBuf, usize)>, CarveError> {
    std::fs::create_dir_all(dir).map_err(|error| CarveError::Io {
        path: dir.to_path_buf(),
        error,
    })?;
    let mut written = Vec::new();
    for (name, _) in MODELS {
        let path = dir.join(format!("{name}.glb"));
        let bytes = model_glb(name).ok_or(CarveError::Unknown(name))?;
        std::fs::write(&path, &bytes).map_err(|error| CarveError::Io {
            path: path.clone(),
            error,
        })?;
        written.push((path, bytes.len()));
    }
    Ok(written)
}
