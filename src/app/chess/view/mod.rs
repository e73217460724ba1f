//! The board in 3D: the carved board, a piece entity for every piece on show (the armies being
//! built, or the position being played or looked at), a red "+" over each wounded piece, the
//! opponent's half covered by a cloth while the set-ups are hidden, the carved dice of an
//! attempt tumbling beside the board and settling on the values the rules rolled, and the
//! marks: green dots for moves, red rings for attempts, green rings for heals, a white ring
//! under the selected piece, the gold frame on the last piece that moved or acted, a red glow
//! under a king in check, the keyboard's focus, and while building the squares the piece in
//! hand may stand on without breaking a rule, a white ring on the piece picked to take off, and
//! a red ring on each piece that breaks a rule.
//!
//! - this file: the plugin and its systems' order, the table's entities ([`Board3d`]), the
//!   palette of marks, where a square is, the board dressed and framed for the phase, the view
//!   turned to the person's side, and the cloth over a hidden army;
//! - `pieces`: the pieces on show, their movement when a result reaches the board (and the
//!   ram's blast, Cancel's return), the selected piece lifted, wounds, the Heir's "H", and the
//!   statues' stones and barricades;
//! - `dice`: the carved dice thrown, tumbling and settling on the values the rules rolled;
//! - `marks`: the marks on the squares.

mod dice;
mod marks;
mod pieces;

pub use dice::dice_centre;

use super::ChessTable;
use super::table::{Phase, Table, Timing};
use crate::app::anim::{PathTween, Vanish};
use crate::app::kit::view::{Carving, Dressing, click_sheet, view_plugin};
use crate::app::marks::{MarkKind, MarkMaterial, colours};
use crate::app::room::{BoardBounds, CameraRig, FitView, TABLE_TOP_Y};
use crate::carve::BOARD_TOP;
use crate::rules::GameKind;
use crate::rules::chess::{Colour, Piece, Role, Square};
use bevy::prelude::*;
use dice::dice;
use marks::{MarksKey, update_marks};
use pieces::{animate_resolved, blockers, heirs, lift_selected, reconcile_pieces, wounds};
use std::collections::{HashMap, HashSet};
use std::f32::consts::PI;

pub(super) fn plugin(app: &mut App) {
    view_plugin::<Board3d, _, _, _>(
        app,
        palette,
        animate_resolved,
        (
            dress,
            frame_for_phase,
            turn_the_view,
            reconcile_pieces,
            lift_selected,
            wounds,
            heirs,
            blockers,
            cover,
            dice,
            update_marks,
        ),
    );
}

/// A piece on the board, standing on `at`.
#[derive(Component, Debug, Clone, Copy)]
pub struct ChessPiece {
    pub at: Square,
    pub piece: Piece,
}

/// The red "+" over a wounded piece (a child of the piece).
#[derive(Component)]
struct WoundMark;

/// The Heir's brass "H" on its pawn (a child of the piece).
#[derive(Component)]
struct HeirMark;

/// A statue's stone or a barricade on an impassable square.
#[derive(Component)]
struct Blocker;

/// A piece on its way out: no longer part of the position.
#[derive(Component)]
struct Leaving;

/// One of the dice on show: which side rolled it, its place in its row, its value.
#[derive(Component, Debug, Clone, Copy)]
pub struct Die {
    pub attacker: bool,
    pub index: usize,
    pub value: u8,
}

/// The cloth over the opponent's half while the set-ups are hidden.
#[derive(Component)]
struct Cloth;

/// A mark of the table's current state; rebuilt whenever that state changes.
#[derive(Component)]
struct ChessMark;

/// The invisible sheet over the board that clicks on squares land on.
#[derive(Component)]
pub struct SquareSheet;

/// The table's entities.
#[derive(Resource, Default)]
pub struct Board3d {
    pub root: Option<Entity>,
    pub pieces: HashMap<Square, Entity>,
    cloth: Option<Entity>,
    marks_key: Option<MarksKey>,
    /// The roll the dice on show belong to (its record), so they are thrown once.
    dice_of: Option<crate::rules::chess::Record>,
    /// Which way the view was turned for.
    turned_for: Option<Colour>,
    /// What the view is framed for: building (the board beside the builder's panel), and
    /// play with a hand of cards along the bottom (the board higher up).
    framed_for: Option<(bool, bool)>,
    /// The stone or barricade on each impassable square on show (and whether it is a stone).
    blockers: HashMap<Square, (Entity, bool)>,
    /// Squares whose new piece rises from the board once the movement is over, however many
    /// there are (Explosive Ram's demoted pieces, the pieces a Cancel brings back).
    rise: HashSet<Square>,
}

#[derive(Resource)]
struct Palette {
    dot: Handle<MarkMaterial>,
    attack: Handle<MarkMaterial>,
    heal: Handle<MarkMaterial>,
    white: Handle<MarkMaterial>,
    gold: Handle<MarkMaterial>,
    check: Handle<MarkMaterial>,
    focus: Handle<MarkMaterial>,
    broken: Handle<MarkMaterial>,
    card: Handle<MarkMaterial>,
    hatch: Handle<MarkMaterial>,
    shield: Handle<MarkMaterial>,
    restricted: Handle<MarkMaterial>,
    cloth: Handle<StandardMaterial>,
}

fn palette(
    mut commands: Commands,
    mut marks: ResMut<Assets<MarkMaterial>>,
    mut standard: ResMut<Assets<StandardMaterial>>,
) {
    let mut m = |k: MarkMaterial| marks.add(k);
    commands.insert_resource(Palette {
        dot: m(MarkMaterial::new(MarkKind::Dot, colours::GREEN)),
        attack: m(MarkMaterial::new(MarkKind::Ring, colours::RED).ticks(8)),
        heal: m(MarkMaterial::new(MarkKind::Ring, colours::GREEN).dashes(12)),
        white: m(MarkMaterial::new(MarkKind::Ring, colours::WHITE)),
        gold: m(MarkMaterial::new(MarkKind::Focus, colours::BRASS)),
        check: m(MarkMaterial::new(MarkKind::Glow, colours::RED)),
        focus: m(MarkMaterial::new(MarkKind::DashedRing, colours::WHITE).dashes(16)),
        broken: m(MarkMaterial::new(MarkKind::Ring, colours::RED)),
        card: m(MarkMaterial::new(MarkKind::Ring, colours::BRASS).ticks(12)),
        hatch: m(MarkMaterial::new(MarkKind::Hatched, colours::HATCH)),
        shield: m(MarkMaterial::new(MarkKind::Ring, colours::WHITE).ticks(6)),
        restricted: m(MarkMaterial::new(MarkKind::Hatched, colours::RED)),
        cloth: standard.add(StandardMaterial {
            base_color: CLOTH,
            perceptual_roughness: 0.95,
            reflectance: 0.05,
            ..default()
        }),
    });
}

/// The cloth over the hidden half: dark green baize.
const CLOTH: bevy::color::Color = bevy::color::Color::srgb(0.16, 0.22, 0.17);

/// The centre of a square on the board's surface.
pub fn square_pos(sq: Square) -> Vec3 {
    Vec3::new(
        f32::from(sq.file()) - 3.5,
        TABLE_TOP_Y + BOARD_TOP,
        3.5 - f32::from(sq.rank()),
    )
}

/// The square under a point of the board.
pub fn square_at(p: Vec3) -> Option<Square> {
    let f = (p.x + 4.0).floor();
    let r = (4.0 - p.z).floor();
    if !(0.0..8.0).contains(&f) || !(0.0..8.0).contains(&r) {
        return None;
    }
    Square::new(f as u8, r as u8)
}

fn model_name(role: Role) -> &'static str {
    match role {
        Role::King => "chess_king",
        Role::Rook => "chess_rook",
        Role::Bishop => "chess_bishop",
        Role::Knight => "chess_knight",
        Role::Pawn => "chess_pawn",
    }
}

/// How tall a piece stands (its "+" floats above it).
fn height(role: Role) -> f32 {
    match role {
        Role::Pawn => 0.6,
        Role::Knight => 0.78,
        Role::Bishop => 0.86,
        Role::Rook => 0.7,
        Role::King => 1.1,
    }
}

/// The pieces on show: the armies being built, or the position.
pub fn on_show(table: &Table) -> Vec<(Square, Piece)> {
    match table.phase {
        Phase::Lobby | Phase::Pass(_) => Vec::new(),
        Phase::Build(c) => table.drafts[c.index()]
            .placements
            .iter()
            .map(|(r, s)| (*s, Piece::new(c, *r)))
            .collect(),
        Phase::Reveal { .. } | Phase::Play | Phase::Over => table
            .shown()
            .map(|s| s.board().pieces().collect())
            .unwrap_or_default(),
    }
}

/// Spawns the board and the click sheet when the table opens.
fn dress(
    mut commands: Commands,
    mut dressing: Dressing,
    mut carving: Carving,
    mut board: ResMut<Board3d>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut marks: ResMut<Assets<MarkMaterial>>,
) {
    for root in dressing.opened(GameKind::Chess) {
        let sheet = click_sheet(
            &mut meshes,
            &mut marks,
            Vec2::new(8.0, 8.0),
            TABLE_TOP_Y + BOARD_TOP + 0.002,
        );
        commands.entity(root).with_children(|parent| {
            parent.spawn((Name::new("square sheet"), SquareSheet, sheet));
            carving.board(parent, "board_chess", 0.37);
        });
        *board = Board3d {
            root: Some(root),
            ..default()
        };
        dressing.frame(BoardBounds {
            centre: Vec3::new(0.6, TABLE_TOP_Y + BOARD_TOP, 0.0),
            radius: 6.2,
        });
    }
}

/// While an army is built, the board stands right of the builder's panel; in play, the board
/// and the dice in front of it fill the view.
fn frame_for_phase(
    table: Res<ChessTable>,
    mut board: ResMut<Board3d>,
    mut bounds: ResMut<BoardBounds>,
    mut fits: MessageWriter<FitView>,
) {
    if board.root.is_none() {
        return;
    }
    let building = matches!(table.phase, Phase::Build(_) | Phase::Pass(_));
    let cards = table.game.as_ref().is_some_and(|g| g.artifacts()) && !building;
    let framing = (building, cards);
    if board.framed_for == Some(framing) {
        return;
    }
    let first = board.framed_for.is_none();
    board.framed_for = Some(framing);
    let y = TABLE_TOP_Y + BOARD_TOP;
    // The panel is on the screen's left: the view's left is −x seen from white, +x from black.
    let side = if table.near() == Colour::White {
        -1.0
    } else {
        1.0
    };
    *bounds = if building {
        BoardBounds {
            centre: Vec3::new(1.9 * side, y, 0.3 * -side),
            radius: 5.6,
        }
    } else if cards {
        // The hand covers the bottom of the window: the board stands above it.
        let near = if table.near() == Colour::White {
            1.0
        } else {
            -1.0
        };
        BoardBounds {
            centre: Vec3::new(0.0, y, 2.1 * near),
            radius: 6.3,
        }
    } else {
        BoardBounds {
            centre: Vec3::new(0.0, y, 0.8),
            radius: 6.0,
        }
    };
    fits.write(FitView { instant: first });
}

/// The board is seen from the person's side: turned around for a person playing black.
fn turn_the_view(
    table: Res<ChessTable>,
    mut board: ResMut<Board3d>,
    mut rigs: Query<&mut CameraRig>,
) {
    if board.root.is_none() {
        return;
    }
    let near = table.near();
    if board.turned_for == Some(near) {
        return;
    }
    board.turned_for = Some(near);
    let yaw = match near {
        Colour::White => 0.0,
        Colour::Black => PI,
    };
    for mut rig in &mut rigs {
        rig.face(yaw);
    }
}

/// The cloth over the opponent's half while the engine's army is hidden; it slides away at the
/// reveal.
fn cover(
    mut commands: Commands,
    table: Res<ChessTable>,
    mut board: ResMut<Board3d>,
    palette: Res<Palette>,
    mut meshes: ResMut<Assets<Mesh>>,
    timing: Res<Timing>,
) {
    let Some(root) = board.root else {
        return;
    };
    let covered = match table.phase {
        Phase::Build(c) => Some(c.other()),
        Phase::Pass(_) => Some(Colour::White),
        _ => None,
    };
    match (covered, board.cloth) {
        (Some(hidden), None) => {
            // Ranks 4–8 for a hidden black army (the cloth reaches the middle of the board).
            let z = match hidden {
                Colour::Black => -2.0,
                Colour::White => 2.0,
            };
            let mesh = meshes.add(Cuboid::new(8.3, 0.05, 4.15));
            let cloth = commands
                .spawn((
                    Name::new("cloth"),
                    Cloth,
                    Mesh3d(mesh),
                    MeshMaterial3d(palette.cloth.clone()),
                    Transform::from_xyz(0.0, TABLE_TOP_Y + BOARD_TOP + 0.03, z),
                    Pickable::IGNORE,
                    ChildOf(root),
                ))
                .id();
            board.cloth = Some(cloth);
        }
        (None, Some(cloth)) => {
            board.cloth = None;
            if let Ok(mut ec) = commands.get_entity(cloth) {
                let from = Vec3::new(0.0, TABLE_TOP_Y + BOARD_TOP + 0.03, -2.0);
                let away = from + Vec3::new(0.0, 0.0, -7.0);
                ec.insert((
                    PathTween::new(vec![from, away], (timing.reveal * 0.5).max(0.01)),
                    Vanish::after(timing.reveal * 0.5, 0.05),
                ));
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_maps_to_its_centre_and_back() {
        for sq in Square::all() {
            assert_eq!(square_at(square_pos(sq)), Some(sq));
            assert_eq!(
                square_at(square_pos(sq) + Vec3::new(0.45, 0.0, -0.45)),
                Some(sq)
            );
        }
        assert_eq!(square_at(Vec3::new(4.2, 0.0, 0.0)), None);
    }
}
