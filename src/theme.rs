//! The theme: which model, material and sound the tables use for every piece, marker, board and
//! sound event, and which picture each Artifact Chess card shows, read from `assets/theme.ron`
//! so an artist can swap any of them without code.
//!
//! Pure: parsing and checking take text and paths, never Bevy. A theme that cannot be read
//! gives way to [`Theme::builtin`] (equal to the shipped file); a file it names that is missing
//! or damaged is reported as a [`Warning`], and the game then uses the carver's procedural
//! model ([`crate::carve::model`]) or silence — never a crash.

use crate::rules::chess::Artifact;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// The theme format this code reads.
pub const THEME_VERSION: u32 = 1;
/// The theme's file name inside the assets folder.
pub const THEME_FILE: &str = "theme.ron";
/// The card back's name in the theme's `icons` (beside the artifacts' codes).
pub const CARD_BACK: &str = "card-back";

/// Every name the theme's `icons` take: each artifact's code ([`Artifact::code`], e.g.
/// `file-shift`), in the rules' order, then [`CARD_BACK`].
pub fn icon_names() -> impl Iterator<Item = &'static str> {
    Artifact::ALL
        .into_iter()
        .map(Artifact::code)
        .chain([CARD_BACK])
}

/// The shipped icons, `icons/<name>.png`: what a theme without an `icons` section (written
/// before the cards had pictures) gets.
fn default_icons() -> BTreeMap<String, String> {
    icon_names()
        .map(|n| (n.to_string(), builtin_icon(n)))
        .collect()
}

fn builtin_icon(name: &str) -> String {
    format!("icons/{name}.png")
}

/// Everything the tables play a sound for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SoundEvent {
    /// A piece set down: wood on wood.
    Place,
    /// A piece sliding along the board.
    Slide,
    /// A piece taken off the board.
    Capture,
    /// Pieces set aside as a Snēlab payment.
    Pay,
    /// Coins: a Snēlab stake or payout.
    Coin,
    /// The dice rattle of an Artifact Chess attempt (about one second).
    Dice,
    /// A piece wounded.
    Wound,
    /// A wounded piece healed.
    Heal,
    /// An artifact card played.
    Card,
    Win,
    Lose,
    /// One tick of the turn clock.
    Tick,
    /// The clock running low.
    LowTime,
    /// A piece lifted from the table or a reserve.
    Lift,
    /// A piece jumping over others (Ash & Walnut's Hare).
    Jump,
    /// A piece climbing onto or off a stack (Ash & Walnut's Owl).
    Climb,
    /// A turn passed because no action was possible.
    Pass,
    /// The clock ran out and the table played for the player.
    Timeout,
    /// A game ended in a draw.
    Draw,
    /// The carved dice of an Artifact Chess attempt coming to rest after the [`Dice`] rattle:
    /// two or three small wooden knocks.
    ///
    /// [`Dice`]: SoundEvent::Dice
    Settle,
    /// An Artifact Chess attack that failed: a dull thud under a short falling two-note bar.
    Miss,
    /// A king in check: two sharp knocked bars leaping up, a warning unlike the clock's
    /// [`Tick`](SoundEvent::Tick) and [`LowTime`](SoundEvent::LowTime).
    Check,
    /// A pawn promoted: a quick rising three-note flourish on the wooden bar.
    Promote,
    /// Checkmate: a short final phrase on the wooden bar, played before the table's
    /// [`Win`](SoundEvent::Win) or [`Lose`](SoundEvent::Lose).
    Mate,
    /// A card drawn into a hand (Trophy, Seize, Scouting's cards turned over): a short paper
    /// slide, lighter than [`Card`](SoundEvent::Card).
    CardDrawn,
    /// One second of an Artifact Chess response window running out: a small high wooden tock,
    /// unlike the turn clock's [`Tick`](SoundEvent::Tick).
    WindowTick,
    /// An artifact cancelled: a paper swish played backwards and two soft bars falling.
    Cancel,
    /// A piece carried off its path by an artifact (Teleport, Knight's Leap, File Shift): an airy
    /// shimmer rising, then a landing knock.
    Warp,
    /// Pieces stepping together or twice (Mass Attack, Acceleration, King's Stride): quick
    /// knocks in a marching rhythm.
    March,
    /// Stone set down or broken on the board (Statue, Barricade, Demolition): a heavy low thud
    /// with grit.
    Stone,
    /// Explosive Ram: a deep boom with crackle.
    Blast,
    /// A pawn rising from the reserve (Zombie Pawn, Resurrection): a low sweep upward ending in
    /// a knock.
    Rise,
    /// A piece warded or held (Shield, Heir, Restriction): a bright struck chime.
    Ward,
    /// Poison Dart: a thin whistle and a small hit.
    Dart,
}

impl SoundEvent {
    pub const ALL: [SoundEvent; 34] = [
        SoundEvent::Place,
        SoundEvent::Slide,
        SoundEvent::Capture,
        SoundEvent::Pay,
        SoundEvent::Coin,
        SoundEvent::Dice,
        SoundEvent::Wound,
        SoundEvent::Heal,
        SoundEvent::Card,
        SoundEvent::Win,
        SoundEvent::Lose,
        SoundEvent::Tick,
        SoundEvent::LowTime,
        SoundEvent::Lift,
        SoundEvent::Jump,
        SoundEvent::Climb,
        SoundEvent::Pass,
        SoundEvent::Timeout,
        SoundEvent::Draw,
        SoundEvent::Settle,
        SoundEvent::Miss,
        SoundEvent::Check,
        SoundEvent::Promote,
        SoundEvent::Mate,
        SoundEvent::CardDrawn,
        SoundEvent::WindowTick,
        SoundEvent::Cancel,
        SoundEvent::Warp,
        SoundEvent::March,
        SoundEvent::Stone,
        SoundEvent::Blast,
        SoundEvent::Rise,
        SoundEvent::Ward,
        SoundEvent::Dart,
    ];

    /// The file stem of the shipped sound (`sounds/<stem>.ogg`).
    pub fn stem(self) -> &'static str {
        match self {
            SoundEvent::Place => "place",
            SoundEvent::Slide => "slide",
            SoundEvent::Capture => "capture",
            SoundEvent::Pay => "pay",
            SoundEvent::Coin => "coin",
            SoundEvent::Dice => "dice",
            SoundEvent::Wound => "wound",
            SoundEvent::Heal => "heal",
            SoundEvent::Card => "card",
            SoundEvent::Win => "win",
            SoundEvent::Lose => "lose",
            SoundEvent::Tick => "tick",
            SoundEvent::LowTime => "lowtime",
            SoundEvent::Lift => "lift",
            SoundEvent::Jump => "jump",
            SoundEvent::Climb => "climb",
            SoundEvent::Pass => "pass",
            SoundEvent::Timeout => "timeout",
            SoundEvent::Draw => "draw",
            SoundEvent::Settle => "settle",
            SoundEvent::Miss => "miss",
            SoundEvent::Check => "check",
            SoundEvent::Promote => "promote",
            SoundEvent::Mate => "mate",
            SoundEvent::CardDrawn => "card-drawn",
            SoundEvent::WindowTick => "window-tick",
            SoundEvent::Cancel => "cancel",
            SoundEvent::Warp => "warp",
            SoundEvent::March => "march",
            SoundEvent::Stone => "stone",
            SoundEvent::Blast => "blast",
            SoundEvent::Rise => "rise",
            SoundEvent::Ward => "ward",
            SoundEvent::Dart => "dart",
        }
    }
}

/// The few materials the game's shaders know. The woods get procedural grain; the others are
/// plain finishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Material {
    /// Light ash: pale, open grain.
    Ash,
    /// Dark walnut: brown, fine grain.
    Walnut,
    /// Oak, the table's wood: honey brown, coarse grain with open pores.
    Oak,
    /// Dark stain or paint (glyph grounds, pips, lines; the red wound with a tint).
    Ink,
    /// Pale inlay for dark wood.
    Bone,
    /// Cloth.
    Felt,
    /// Grey stone (the Statue).
    Stone,
    /// Polished metal.
    Brass,
}

/// A material with optional adjustments.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Finish {
    pub material: Material,
    /// Multiplies the base colour (linear RGB, each 0..=1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tint: Option<[f32; 3]>,
    /// Perceptual roughness, 0 (mirror) ..= 1 (matte); the material's own when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roughness: Option<f32>,
}

impl Finish {
    pub const fn plain(material: Material) -> Finish {
        Finish {
            material,
            tint: None,
            roughness: None,
        }
    }
}

/// What each player's pieces are made of: the body (`wood` slot) and the details (`inlay` slot).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WoodFinish {
    pub wood: Finish,
    pub inlay: Finish,
}

/// The two sets: light (ash: Snēlab's South, Ash & Walnut's ash, chess White) and dark.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Woods {
    pub light: WoodFinish,
    pub dark: WoodFinish,
}

/// The two woods of the pieces: light ash (Snēlab's South, Ash & Walnut's ash, chess White) and
/// dark walnut. The one type for "which wood" in the code; the finish it stands for is the
/// theme's (`woods.light` / `woods.dark`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wood {
    Light,
    Dark,
}

/// A piece: its model (the finish comes from [`Woods`] by side).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PieceEntry {
    /// Path under the assets folder, e.g. `models/snelab_bailiff.glb`.
    pub model: String,
    /// A sound played instead of [`SoundEvent::Place`] when this piece is set down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sound: Option<String>,
}

/// A marker, the die, a board or the table: a model with its own finishes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelEntry {
    pub model: String,
    pub material: Finish,
    /// The `inlay` slot's finish; [`Material::Ink`] when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inlay: Option<Finish>,
    /// The model takes the wood of the set it is used for instead of `material` and `inlay`
    /// (the dice: an attempt's attacker rolls dice of its own wood, the defender of its own).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub set_wood: bool,
}

/// The whole theme, as written in `theme.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Theme {
    pub version: u32,
    pub woods: Woods,
    /// Keyed by model name: `snelab_*`, `hive_*`, `chess_*`.
    pub pieces: BTreeMap<String, PieceEntry>,
    /// `marker_*` and `die_d6`.
    pub markers: BTreeMap<String, ModelEntry>,
    /// `board_*` and `table_top`.
    pub boards: BTreeMap<String, ModelEntry>,
    pub sounds: BTreeMap<SoundEvent, String>,
    /// The Artifact Chess card pictures (PNG), keyed by the artifact's code and [`CARD_BACK`].
    /// Absent from older theme files: they get the shipped icons.
    #[serde(default = "default_icons")]
    pub icons: BTreeMap<String, String>,
    /// How the woods grow and the room is lit. Absent from older theme files: the shipped look.
    #[serde(default)]
    pub look: Look,
}

/// The numbers of the wood shader for each species, and of the room's light.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Look {
    pub ash: Species,
    pub walnut: Species,
    /// The table's wood.
    pub oak: Species,
    pub room: Room,
}

/// One wood species as the shader grows it (see `shaders/wood.wgsl`). Colours are sRGB, each
/// 0..=1; the strengths are 0..=1 unless said otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Species {
    /// The early wood (the light part of each growth ring).
    pub early: [f32; 3],
    /// The late wood (the dark line of each ring).
    pub late: [f32; 3],
    /// Growth rings per board unit (one square).
    pub rings: f32,
    /// How far the rings wander from true circles, in rings.
    pub figure: f32,
    /// How strongly the rings show.
    pub ring_strength: f32,
    /// Dark open pores along the fibres.
    pub pores: f32,
    /// 1: the pores gather in the early wood (ash, oak); 0: spread evenly (walnut).
    pub ring_porous: f32,
    /// Fine light and dark streaks along the fibres.
    pub fibres: f32,
    /// How much one piece or plank differs in colour from the next.
    pub variation: f32,
    /// The gloss stretched across the fibres (anisotropic sheen); 0 for none.
    pub sheen: f32,
    /// How much darker end grain is (the top of a turned piece).
    pub end_grain: f32,
    /// How far a turned piece's pith may lie off its axis, in board units.
    pub pith: f32,
    /// How unevenly the years grew (ring width variation).
    pub irregular: f32,
    /// Perceptual roughness of the finish, 0 (mirror) ..= 1 (matte).
    pub roughness: f32,
}

impl Species {
    /// Pale ash: cream early wood, clear ring lines, pores in the spring wood.
    pub const ASH: Species = Species {
        early: [0.86, 0.76, 0.58],
        late: [0.60, 0.46, 0.30],
        rings: 8.0,
        figure: 0.6,
        ring_strength: 0.9,
        pores: 0.35,
        ring_porous: 1.0,
        fibres: 0.6,
        variation: 0.06,
        sheen: 0.3,
        end_grain: 0.18,
        pith: 0.3,
        irregular: 0.35,
        roughness: 0.56,
    };
    /// Walnut: cool chocolate brown, soft rings, small pores everywhere.
    pub const WALNUT: Species = Species {
        early: [0.33, 0.21, 0.14],
        late: [0.16, 0.10, 0.065],
        rings: 6.0,
        figure: 0.9,
        ring_strength: 0.7,
        pores: 0.55,
        ring_porous: 0.0,
        fibres: 0.7,
        variation: 0.10,
        sheen: 0.4,
        end_grain: 0.15,
        pith: 0.35,
        irregular: 0.5,
        roughness: 0.42,
    };
    /// Oak for the table: honey brown, bold cathedral grain, rows of open pores.
    pub const OAK: Species = Species {
        early: [0.58, 0.41, 0.24],
        late: [0.40, 0.26, 0.14],
        rings: 5.5,
        figure: 0.45,
        ring_strength: 0.8,
        pores: 0.5,
        ring_porous: 1.0,
        fibres: 0.8,
        variation: 0.08,
        sheen: 0.35,
        end_grain: 0.2,
        pith: 0.4,
        irregular: 0.45,
        roughness: 0.58,
    };
}

impl Default for Species {
    fn default() -> Species {
        Species::ASH
    }
}

/// The room around the table: the lamp over it, the light of the walls, the dark beyond.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Room {
    /// The lamp's colour (sRGB) and its light on the table (lux).
    pub lamp: [f32; 3],
    pub lamp_lux: f32,
    /// How wide the lamp's pool of light is on the table, in board units (its radius).
    pub pool: f32,
    /// The fill light from the room (a soft cool window), in lux; 0 for none.
    pub fill_lux: f32,
    /// The walls and ceiling seen in reflections (sRGB) and the environment's strength (cd/m²).
    pub walls: [f32; 3],
    pub environment: f32,
    /// A flat ambient light added everywhere (cd/m²).
    pub ambient: f32,
    /// The floor far below and the dark of the room (sRGB).
    pub floor: [f32; 3],
}

impl Default for Room {
    fn default() -> Room {
        Room {
            lamp: [1.0, 0.86, 0.68],
            lamp_lux: 9000.0,
            pool: 9.0,
            fill_lux: 1200.0,
            walls: [0.30, 0.22, 0.16],
            environment: 600.0,
            ambient: 120.0,
            floor: [0.09, 0.06, 0.045],
        }
    }
}

/// A `look` number: where it is, its name, its value, and the range it must lie in.
pub type LookNumber = (&'static str, &'static str, f32, f32, f32);

/// A number of the look to read or to bring into range: its name, itself, its range.
type NumberMut<'a> = (&'static str, &'a mut f32, f32, f32);

/// The three channels of an sRGB colour, each 0..=1.
fn colour_mut<'a>(what: &'static str, c: &'a mut [f32; 3]) -> impl Iterator<Item = NumberMut<'a>> {
    c.iter_mut().map(move |v| (what, v, 0.0, 1.0))
}

impl Species {
    /// Every number of the species with its range: the one list of the ranges.
    fn numbers_mut(&mut self) -> Vec<NumberMut<'_>> {
        let mut out: Vec<NumberMut<'_>> = colour_mut("early", &mut self.early)
            .chain(colour_mut("late", &mut self.late))
            .collect();
        out.extend([
            ("rings", &mut self.rings, 0.5, 40.0),
            ("figure", &mut self.figure, 0.0, 3.0),
            ("ring_strength", &mut self.ring_strength, 0.0, 1.0),
            ("pores", &mut self.pores, 0.0, 1.0),
            ("ring_porous", &mut self.ring_porous, 0.0, 1.0),
            ("fibres", &mut self.fibres, 0.0, 1.0),
            ("variation", &mut self.variation, 0.0, 1.0),
            ("sheen", &mut self.sheen, 0.0, 1.0),
            ("end_grain", &mut self.end_grain, 0.0, 1.0),
            ("pith", &mut self.pith, 0.0, 2.0),
            ("irregular", &mut self.irregular, 0.0, 1.0),
            ("roughness", &mut self.roughness, 0.0, 1.0),
        ]);
        out
    }
}

impl Room {
    /// Every number of the room with its range (light in lux or cd/m², sizes in board units).
    fn numbers_mut(&mut self) -> Vec<NumberMut<'_>> {
        let mut out: Vec<NumberMut<'_>> = colour_mut("lamp", &mut self.lamp)
            .chain(colour_mut("walls", &mut self.walls))
            .chain(colour_mut("floor", &mut self.floor))
            .collect();
        out.extend([
            ("lamp_lux", &mut self.lamp_lux, 0.0, 200_000.0),
            ("pool", &mut self.pool, 0.5, 50.0),
            ("fill_lux", &mut self.fill_lux, 0.0, 100_000.0),
            ("environment", &mut self.environment, 0.0, 20_000.0),
            ("ambient", &mut self.ambient, 0.0, 5_000.0),
        ]);
        out
    }
}

/// `v` brought into `min..=max`; a value that is not a number becomes `default`.
fn fit(v: f32, default: f32, min: f32, max: f32) -> f32 {
    if v.is_nan() {
        default
    } else {
        v.clamp(min, max)
    }
}

impl Look {
    /// Every number of the look, named by its section, with its range.
    fn numbers_mut(&mut self) -> Vec<(&'static str, NumberMut<'_>)> {
        let mut out = Vec::new();
        for (entry, numbers) in [
            ("look.ash", self.ash.numbers_mut()),
            ("look.walnut", self.walnut.numbers_mut()),
            ("look.oak", self.oak.numbers_mut()),
            ("look.room", self.room.numbers_mut()),
        ] {
            out.extend(numbers.into_iter().map(|n| (entry, n)));
        }
        out
    }

    /// Every number of the look with the range it must lie in, for [`Theme::check`].
    pub fn numbers(&self) -> Vec<LookNumber> {
        let mut copy = self.clone();
        copy.numbers_mut()
            .into_iter()
            .map(|(entry, (what, v, min, max))| (entry, what, *v, min, max))
            .collect()
    }

    /// The look with every number brought into its range (what [`Theme::load`] hands the game,
    /// so a wild value in `theme.ron` cannot blind the room or break the shader).
    pub fn clamped(&self) -> Look {
        let mut out = self.clone();
        let mut shipped = Look::default();
        for ((_, (_, v, min, max)), (_, (_, d, _, _))) in
            out.numbers_mut().into_iter().zip(shipped.numbers_mut())
        {
            *v = fit(*v, *d, min, max);
        }
        out
    }
}

impl Default for Look {
    fn default() -> Look {
        Look {
            ash: Species::ASH,
            walnut: Species::WALNUT,
            oak: Species::OAK,
            room: Room::default(),
        }
    }
}

/// Why a theme text was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ThemeError {
    /// Not valid RON for a theme: where (1-based line and column) and what.
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    /// Written for another version of the format.
    Version { found: u32 },
}

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThemeError::Syntax {
                line,
                column,
                message,
            } => write!(f, "theme.ron line {line}, column {column}: {message}"),
            ThemeError::Version { found } => write!(
                f,
                "theme.ron is version {found}, this game reads version {THEME_VERSION}"
            ),
        }
    }
}

impl std::error::Error for ThemeError {}

/// Something in the theme the game will work around, worded for the artist.
#[derive(Debug, Clone, PartialEq)]
pub struct Warning {
    /// The theme entry: a model name, a sound event, or `theme.ron` itself.
    pub entry: String,
    pub problem: Problem,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// theme.ron is missing or broken; the built-in theme is used.
    ThemeUnusable(String),
    /// The named file does not exist.
    Missing(PathBuf),
    /// The file exists but cannot be read.
    Unreadable { path: PathBuf, reason: String },
    /// The file is not what its entry needs (`glTF binary`, `Ogg`, `PNG`).
    WrongFormat {
        path: PathBuf,
        expected: &'static str,
    },
    /// A model, sound event or card icon with no entry: the built-in one is used.
    NoEntry,
    /// An entry the game never asks for (a typo?).
    UnknownEntry,
    /// A path that leaves the assets folder.
    OutsideAssets(String),
    /// A number outside what it may be (a tint or roughness outside 0..=1, a `look` value
    /// outside its range): the nearest allowed value is used.
    OutOfRange {
        what: &'static str,
        value: f32,
        min: f32,
        max: f32,
    },
}

/// What the game does instead of a file it cannot use, for the entry's kind.
fn fallback(entry: &str) -> &'static str {
    if icon_names().any(|n| n == entry) {
        "the card is shown without this picture"
    } else {
        "using the built-in model or silence"
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.entry;
        let instead = fallback(e);
        match &self.problem {
            // A parse error names the file already ("theme.ron line 1, column 2: …").
            Problem::ThemeUnusable(why) if why.starts_with(e.as_str()) => {
                write!(f, "{why}; using the built-in theme")
            }
            Problem::ThemeUnusable(why) => {
                write!(f, "{e}: {why}; using the built-in theme")
            }
            Problem::Missing(p) => write!(f, "{e}: {} is missing; {instead}", p.display()),
            Problem::Unreadable { path, reason } => write!(
                f,
                "{e}: cannot read {} ({reason}); {instead}",
                path.display()
            ),
            Problem::WrongFormat { path, expected } => write!(
                f,
                "{e}: {} is not a {expected} file; {instead}",
                path.display()
            ),
            Problem::NoEntry => write!(f, "{e}: no entry in theme.ron; using the built-in one"),
            Problem::UnknownEntry => write!(f, "{e}: not a name the game uses (a typo?)"),
            Problem::OutsideAssets(p) => {
                write!(
                    f,
                    "{e}: `{p}` must be a relative path inside the assets folder"
                )
            }
            Problem::OutOfRange {
                what,
                value,
                min,
                max,
            } => {
                write!(
                    f,
                    "{e}: {what} {value} is outside {min}..={max}; using the nearest allowed value"
                )
            }
        }
    }
}

/// Which section of the theme a model name belongs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Pieces,
    Markers,
    Boards,
}

/// The section for a carver model name.
pub fn section_of(name: &str) -> Section {
    if name.starts_with("marker_") || name.starts_with("die_") {
        Section::Markers
    } else if name.starts_with("board_") || name.starts_with("table_") {
        Section::Boards
    } else {
        Section::Pieces
    }
}

/// What a model file must look like: a glTF binary (`glTF` magic, version 2, the length it
/// claims) or a glTF JSON file.
fn model_format_ok(path: &Path, bytes: &[u8]) -> bool {
    let is_json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gltf"));
    if is_json {
        return bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    }
    if bytes.len() < 12 || &bytes[..4] != b"glTF" {
        return false;
    }
    let word = |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    word(4) == 2 && word(8) as usize == bytes.len()
}

fn sound_format_ok(bytes: &[u8]) -> bool {
    bytes.starts_with(b"OggS")
}

/// A PNG: its signature, then the `IHDR` chunk.
fn image_format_ok(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.get(12..16) == Some(b"IHDR")
}

/// What kind of file an entry names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FileKind {
    Model,
    Sound,
    Image,
}

impl Theme {
    /// Reads a theme from RON text. Fails with the line and column of the first problem.
    pub fn parse(text: &str) -> Result<Theme, ThemeError> {
        // Some editors save a byte-order mark; it is not part of the theme.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let theme: Theme = options.from_str(text).map_err(|e| ThemeError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })?;
        if theme.version != THEME_VERSION {
            return Err(ThemeError::Version {
                found: theme.version,
            });
        }
        Ok(theme)
    }

    /// The theme the game ships with, used whenever `theme.ron` is missing or broken. Equal to
    /// the shipped `assets/theme.ron` (a test holds the two together).
    pub fn builtin() -> Theme {
        let light = WoodFinish {
            wood: Finish::plain(Material::Ash),
            inlay: Finish::plain(Material::Ink),
        };
        let dark = WoodFinish {
            wood: Finish::plain(Material::Walnut),
            inlay: Finish::plain(Material::Bone),
        };
        let model = |name: &str| format!("models/{name}.glb");
        let mut pieces = BTreeMap::new();
        let mut markers = BTreeMap::new();
        let mut boards = BTreeMap::new();
        for (name, _) in crate::carve::MODELS {
            match section_of(name) {
                Section::Pieces => {
                    pieces.insert(
                        name.to_string(),
                        PieceEntry {
                            model: model(name),
                            sound: None,
                        },
                    );
                }
                Section::Markers => {
                    let (material, inlay) = match name {
                        "marker_wound" => (
                            Finish {
                                material: Material::Bone,
                                tint: Some([0.9, 0.1, 0.08]),
                                roughness: Some(0.45),
                            },
                            None,
                        ),
                        "marker_heir" => (
                            Finish {
                                material: Material::Brass,
                                tint: None,
                                roughness: Some(0.35),
                            },
                            None,
                        ),
                        "marker_statue" => (Finish::plain(Material::Stone), None),
                        "die_d6" => (
                            Finish::plain(Material::Bone),
                            Some(Finish::plain(Material::Ink)),
                        ),
                        _ => (
                            Finish::plain(Material::Ash),
                            Some(Finish {
                                material: Material::Ink,
                                tint: Some([0.7, 0.1, 0.08]),
                                roughness: None,
                            }),
                        ),
                    };
                    markers.insert(
                        name.to_string(),
                        ModelEntry {
                            model: model(name),
                            material,
                            inlay,
                            set_wood: name == "die_d6",
                        },
                    );
                }
                Section::Boards => {
                    let (material, inlay) = match name {
                        "board_chess" => (Material::Walnut, Material::Ash),
                        "board_snelab" => (Material::Ash, Material::Walnut),
                        _ => (Material::Oak, Material::Ink),
                    };
                    boards.insert(
                        name.to_string(),
                        ModelEntry {
                            model: model(name),
                            material: Finish::plain(material),
                            inlay: Some(Finish::plain(inlay)),
                            set_wood: false,
                        },
                    );
                }
            }
        }
        let sounds = SoundEvent::ALL
            .iter()
            .map(|e| (*e, format!("sounds/{}.ogg", e.stem())))
            .collect();
        Theme {
            version: THEME_VERSION,
            woods: Woods { light, dark },
            pieces,
            markers,
            boards,
            sounds,
            icons: default_icons(),
            look: Look::default(),
        }
    }

    /// Reads `<assets_root>/theme.ron`, falling back to [`Theme::builtin`] when it is missing or
    /// broken, and checks it. The warnings are for the log; none of them stops the game.
    pub fn load(assets_root: &Path) -> (Theme, Vec<Warning>) {
        let path = assets_root.join(THEME_FILE);
        let (theme, first) = match std::fs::read_to_string(&path) {
            Err(e) => (
                Theme::builtin(),
                Some(format!("cannot read {} ({e})", path.display())),
            ),
            Ok(text) => match Theme::parse(&text) {
                Ok(t) => (t, None),
                Err(e) => (Theme::builtin(), Some(e.to_string())),
            },
        };
        let mut warnings: Vec<Warning> = first
            .map(|why| Warning {
                entry: THEME_FILE.into(),
                problem: Problem::ThemeUnusable(why),
            })
            .into_iter()
            .collect();
        warnings.extend(theme.check(assets_root));
        let theme = Theme {
            look: theme.look.clamped(),
            ..theme
        };
        (theme, warnings)
    }

    /// The model file (relative to the assets folder) for a model name, from whichever section
    /// holds it; the built-in path when the theme has no entry.
    pub fn model_path(&self, name: &str) -> Option<String> {
        let found = match section_of(name) {
            Section::Pieces => self.pieces.get(name).map(|e| e.model.clone()),
            Section::Markers => self.markers.get(name).map(|e| e.model.clone()),
            Section::Boards => self.boards.get(name).map(|e| e.model.clone()),
        };
        found.or_else(|| {
            crate::carve::MODELS
                .iter()
                .any(|(n, _)| *n == name)
                .then(|| format!("models/{name}.glb"))
        })
    }

    /// The finishes of a model's `wood` and `inlay` slots; `wood` picks the set for pieces.
    pub fn finishes(&self, name: &str, wood: Wood) -> (Finish, Finish) {
        let ink = Finish::plain(Material::Ink);
        let entry = match section_of(name) {
            Section::Pieces => None,
            Section::Markers => self.markers.get(name),
            Section::Boards => self.boards.get(name),
        };
        match entry {
            Some(e) if !e.set_wood => (e.material, e.inlay.unwrap_or(ink)),
            _ => {
                let set = match wood {
                    Wood::Light => self.woods.light,
                    Wood::Dark => self.woods.dark,
                };
                (set.wood, set.inlay)
            }
        }
    }

    /// The sound file for an event; `None` means silence.
    pub fn sound(&self, event: SoundEvent) -> Option<&str> {
        self.sounds.get(&event).map(String::as_str)
    }

    /// The picture file (relative to the assets folder) of an artifact's card; the built-in
    /// `icons/<code>.png` when the theme has no entry.
    pub fn icon_path(&self, artifact: Artifact) -> String {
        self.icon_by_name(artifact.code())
    }

    /// The picture file of the cards' back; the built-in `icons/card-back.png` when the theme
    /// has no entry.
    pub fn card_back_path(&self) -> String {
        self.icon_by_name(CARD_BACK)
    }

    fn icon_by_name(&self, name: &str) -> String {
        self.icons
            .get(name)
            .cloned()
            .unwrap_or_else(|| builtin_icon(name))
    }

    /// Everything the game will have to work around: files missing, unreadable or of the wrong
    /// kind, entries missing or unknown, numbers out of range. Reads only the files' headers.
    pub fn check(&self, assets_root: &Path) -> Vec<Warning> {
        let mut out = Vec::new();
        let mut warn = |entry: &str, problem: Problem| {
            out.push(Warning {
                entry: entry.to_string(),
                problem,
            })
        };
        let known: Vec<&str> = crate::carve::MODELS.iter().map(|(n, _)| *n).collect();
        let sections: [(Section, Vec<&str>); 3] = [
            (
                Section::Pieces,
                self.pieces.keys().map(String::as_str).collect(),
            ),
            (
                Section::Markers,
                self.markers.keys().map(String::as_str).collect(),
            ),
            (
                Section::Boards,
                self.boards.keys().map(String::as_str).collect(),
            ),
        ];
        for name in &known {
            let present = sections
                .iter()
                .any(|(s, keys)| *s == section_of(name) && keys.contains(name));
            if !present {
                warn(name, Problem::NoEntry);
            }
        }
        for (section, keys) in &sections {
            for key in keys {
                if !known.contains(key) || section_of(key) != *section {
                    warn(key, Problem::UnknownEntry);
                }
            }
        }
        for event in SoundEvent::ALL {
            if !self.sounds.contains_key(&event) {
                warn(&format!("{event:?}"), Problem::NoEntry);
            }
        }
        for name in icon_names() {
            if !self.icons.contains_key(name) {
                warn(name, Problem::NoEntry);
            }
        }
        for key in self.icons.keys() {
            if !icon_names().any(|n| n == key) {
                warn(key, Problem::UnknownEntry);
            }
        }

        let mut files: Vec<(String, &str, FileKind)> = Vec::new();
        for (k, e) in &self.pieces {
            files.push((k.clone(), &e.model, FileKind::Model));
            if let Some(s) = &e.sound {
                files.push((k.clone(), s, FileKind::Sound));
            }
        }
        for (k, e) in self.markers.iter().chain(&self.boards) {
            files.push((k.clone(), &e.model, FileKind::Model));
        }
        for (ev, s) in &self.sounds {
            files.push((format!("{ev:?}"), s, FileKind::Sound));
        }
        for (k, path) in &self.icons {
            files.push((k.clone(), path, FileKind::Image));
        }
        for (entry, rel, kind) in files {
            if let Some(p) = file_problem(assets_root, rel, kind) {
                warn(&entry, p);
            }
        }

        let mut finishes: Vec<(String, Finish)> = vec![
            ("woods.light".into(), self.woods.light.wood),
            ("woods.light".into(), self.woods.light.inlay),
            ("woods.dark".into(), self.woods.dark.wood),
            ("woods.dark".into(), self.woods.dark.inlay),
        ];
        for (k, e) in self.markers.iter().chain(&self.boards) {
            finishes.push((k.clone(), e.material));
            finishes.extend(e.inlay.map(|f| (k.clone(), f)));
        }
        for (entry, f) in finishes {
            for value in f.tint.into_iter().flatten() {
                if !(0.0..=1.0).contains(&value) {
                    warn(
                        &entry,
                        Problem::OutOfRange {
                            what: "tint",
                            value,
                            min: 0.0,
                            max: 1.0,
                        },
                    );
                }
            }
            if let Some(value) = f.roughness
                && !(0.0..=1.0).contains(&value)
            {
                warn(
                    &entry,
                    Problem::OutOfRange {
                        what: "roughness",
                        value,
                        min: 0.0,
                        max: 1.0,
                    },
                );
            }
        }
        for (entry, what, value, min, max) in self.look.numbers() {
            if !(min..=max).contains(&value) {
                warn(
                    entry,
                    Problem::OutOfRange {
                        what,
                        value,
                        min,
                        max,
                    },
                );
            }
        }
        out
    }
}

/// What is wrong with the file `rel` under `root`, if anything.
fn file_problem(root: &Path, rel: &str, kind: FileKind) -> Option<Problem> {
    let relative = Path::new(rel);
    if relative.is_absolute()
        || relative
            .components()
            .any(|c| matches!(c, std::path::Component::ParentDir))
    {
        return Some(Problem::OutsideAssets(rel.to_string()));
    }
    let path = root.join(relative);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Some(Problem::Missing(path));
        }
        Err(e) => {
            return Some(Problem::Unreadable {
                path,
                reason: e.to_string(),
            });
        }
    };
    let (ok, expected) = match kind {
        FileKind::Model => (model_format_ok(&path, &bytes), "glTF"),
        FileKind::Sound => (sound_format_ok(&bytes), "Ogg"),
        FileKind::Image => (image_format_ok(&bytes), "PNG"),
    };
    (!ok).then_some(Problem::WrongFormat { path, expected })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_names_every_model_and_sound() {
        let t = Theme::builtin();
        assert_eq!(
            t.pieces.len() + t.markers.len() + t.boards.len(),
            crate::carve::MODELS.len()
        );
        assert_eq!(t.sounds.len(), SoundEvent::ALL.len());
        assert_eq!(t.icons.len(), Artifact::ALL.len() + 1);
        for a in Artifact::ALL {
            assert_eq!(t.icon_path(a), format!("icons/{}.png", a.code()));
        }
        assert_eq!(t.card_back_path(), "icons/card-back.png");
    }

    /// A theme written before the cards had pictures (no `icons` section) still loads, with
    /// the shipped icons; an entry taken out falls back to its built-in path.
    #[test]
    fn an_older_theme_without_icons_loads_with_the_shipped_ones() {
        let shipped = include_str!("../assets/theme.ron");
        let start = shipped.find("    icons: {").expect("the icons section");
        let end = start + shipped[start..].find("    },\n").expect("its end") + "    },\n".len();
        let older = format!("{}{}", &shipped[..start], &shipped[end..]);
        assert!(!older.contains("icons/"), "{older}");
        let mut theme = Theme::parse(&older).expect("an older theme parses");
        assert_eq!(theme, Theme::builtin());
        theme.icons.remove("trophy");
        assert_eq!(theme.icon_path(Artifact::Trophy), "icons/trophy.png");
    }

    #[test]
    fn icon_names_are_the_codes_and_the_back() {
        let names: Vec<&str> = icon_names().collect();
        assert_eq!(names.len(), 23);
        assert_eq!(names[0], "file-shift");
        assert_eq!(names[22], CARD_BACK);
        assert!(Artifact::from_code(CARD_BACK).is_none());
    }

    #[test]
    fn syntax_errors_say_where() {
        let err = Theme::parse("Theme(\n  version: 1,\n  woods: oops,\n)").unwrap_err();
        match err {
            ThemeError::Syntax { line, .. } => assert_eq!(line, 3),
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }

    #[test]
    fn a_byte_order_mark_is_ignored() {
        let plain = include_str!("../assets/theme.ron");
        let with_bom = format!("\u{feff}{plain}");
        assert_eq!(Theme::parse(&with_bom), Theme::parse(plain));
        assert!(Theme::parse(plain).is_ok());
    }

    #[test]
    fn sections_follow_the_name() {
        assert_eq!(section_of("chess_king"), Section::Pieces);
        assert_eq!(section_of("die_d6"), Section::Markers);
        assert_eq!(section_of("table_top"), Section::Boards);
    }
}
