//! The board in 3D: the carved board, a piece entity for every piece on show (the armies being
//! built, or the position being played or looked at), a red "+" over each wounded piece, the
//! opponent's half covered by a cloth while the set-ups are hidden, the carved dice of an
//! attempt tumbling beside the board and settling on the values the rules rolled, and the
//! marks: green dots for moves, red rings for attempts, green rings for heals, a white ring
//! under the selected piece, the gold frame on the last piece that moved or acted, a red glow
//! under a king in check, the keyboard's focus, and while building the squares the piece in
//! hand may stand on without breaking a rule, a white ring on the piece picked to take off, and
//! a red ring on each piece that breaks a rule.

use super::table::Effect;
use super::table::{Focus, Phase, Table, Timing};
use super::{ChessHappened, ChessTable, wood};
use crate::app::anim::contact::Contact;
use crate::app::anim::{PathTween, Vanish};
use crate::app::kit::{Setter, TableSet, facing};
use crate::app::marks::{
    MarkKind, MarkMaterial, MarkQuad, burst_light, burst_mark, colours, flat_mark,
};
use crate::app::models::ModelLibrary;
use crate::app::room::{BoardBounds, CameraRig, FitView, TABLE_TOP_Y};
use crate::app::screens::TableRoot;
use crate::app::theme::ActiveTheme;
use crate::app::wood::WoodMaterial;
use crate::carve::{BOARD_TOP, DIE_EDGE};
use crate::play::chess::Draft;
use crate::rules::GameKind;
use crate::rules::chess::{
    Alteration, ArmyError, BoardEffect, Cause, Color, Hop, Piece, Role, Square,
};
use bevy::light::NotShadowCaster;
use bevy::prelude::*;
use std::collections::{HashMap, HashSet};
use std::f32::consts::PI;

/// How high the selected piece floats.
const LIFT: f32 = 0.14;
/// Where the dice come to rest: on the table in front of the board, the attacker's on the
/// left, the defender's on the right, carved larger than life so they read from the seats.
const DICE_Z: f32 = 5.05;
const ATTACKER_X: f32 = -1.7;
const DEFENDER_X: f32 = 1.7;
const DICE_GAP: f32 = 0.72;
const DICE_SCALE: f32 = 1.8;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Board3d>()
        .add_systems(Startup, palette)
        .add_systems(
            Update,
            (
                animate_resolved.in_set(TableSet::Animate),
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
                )
                    .chain()
                    .in_set(TableSet::Sync),
            )
                .run_if(|lib: Res<ModelLibrary>| lib.all_resolved()),
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
    turned_for: Option<Color>,
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
#[allow(clippy::too_many_arguments)]
fn dress(
    mut commands: Commands,
    roots: Query<(Entity, &TableRoot), Added<TableRoot>>,
    library: Res<ModelLibrary>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<WoodMaterial>>,
    mut board: ResMut<Board3d>,
    mut fits: MessageWriter<FitView>,
    mut bounds: ResMut<BoardBounds>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut marks: ResMut<Assets<MarkMaterial>>,
) {
    for (root, t) in &roots {
        if t.0 != GameKind::Chess {
            continue;
        }
        let sheet = meshes.add(Plane3d::default().mesh().size(8.0, 8.0));
        let clear = marks.add(MarkMaterial::new(MarkKind::Dot, bevy::color::Color::NONE));
        commands.entity(root).with_children(|parent| {
            parent.spawn((
                Name::new("square sheet"),
                SquareSheet,
                crate::app::room::PanSurface,
                Mesh3d(sheet),
                MeshMaterial3d(clear),
                Transform::from_xyz(0.0, TABLE_TOP_Y + BOARD_TOP + 0.002, 0.0),
                NotShadowCaster,
            ));
            let mut s = Setter::new(&library, &theme, &mut materials, parent, 0.37);
            s.place(
                "board_chess",
                crate::theme::Wood::Light,
                Transform::from_xyz(0.0, TABLE_TOP_Y, 0.0),
                true,
            );
        });
        *board = Board3d {
            root: Some(root),
            ..default()
        };
        *bounds = BoardBounds {
            centre: Vec3::new(0.6, TABLE_TOP_Y + BOARD_TOP, 0.0),
            radius: 6.2,
        };
        fits.write(FitView { instant: true });
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
    let side = if table.near() == Color::White {
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
        let near = if table.near() == Color::White {
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
        Color::White => 0.0,
        Color::Black => PI,
    };
    for mut rig in &mut rigs {
        rig.goal.yaw = yaw;
        rig.pose.yaw = yaw;
    }
}

/// Pieces stand where the position on show has them: a square whose piece changed gets the
/// new one; a piece that left goes. Nothing is touched while pieces move.
#[allow(clippy::too_many_arguments)]
fn reconcile_pieces(
    mut commands: Commands,
    table: Res<ChessTable>,
    timing: Res<Timing>,
    mut board: ResMut<Board3d>,
    pieces: Query<&ChessPiece, Without<Leaving>>,
    library: Res<ModelLibrary>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<WoodMaterial>>,
) {
    let Some(root) = board.root else {
        return;
    };
    if commands.get_entity(root).is_err() {
        board.root = None;
        board.pieces.clear();
        return;
    }
    if table.busy > 0.0 {
        return;
    }
    let want: HashMap<Square, Piece> = on_show(&table).into_iter().collect();
    let same = |a: &Piece, b: &Piece| a.color == b.color && a.role == b.role;
    let stale: Vec<Square> = board
        .pieces
        .iter()
        .filter(|(sq, e)| {
            let have = pieces.get(**e).ok();
            match (have, want.get(sq)) {
                (Some(h), Some(w)) => !same(&h.piece, w),
                _ => true,
            }
        })
        .map(|(sq, _)| *sq)
        .collect();
    for sq in stale {
        if let Some(e) = board.pieces.remove(&sq) {
            commands.entity(e).despawn();
        }
    }
    let revealing = matches!(table.phase, Phase::Reveal { .. });
    let near = table.near();
    // One or two pieces appearing in a game under way rise from the board (Zombie Pawn,
    // Resurrection, a demoted piece's new shape); a whole position appears at once.
    let rising = table.phase == Phase::Play
        && !board.pieces.is_empty()
        && want
            .keys()
            .filter(|s| !board.pieces.contains_key(s))
            .count()
            <= 2;
    let mut spawned = Vec::new();
    commands.entity(root).with_children(|parent| {
        let mut s = Setter::new(&library, &theme, &mut materials, parent, 0.53);
        for (sq, piece) in &want {
            if board.pieces.contains_key(sq) {
                continue;
            }
            let at = square_pos(*sq);
            let t = Transform::from_translation(at).with_rotation(facing(wood(piece.color)));
            let e = s.place(model_name(piece.role), wood(piece.color), t, false);
            spawned.push((*sq, *piece, e, at));
        }
    });
    for (sq, piece, e, at) in spawned {
        let mut ec = commands.entity(e);
        ec.insert(ChessPiece { at: sq, piece }).remove::<Pickable>();
        if revealing && piece.color != near {
            // The hidden army comes down onto the board.
            let seconds = (timing.reveal * 0.7).max(0.01);
            let above = at + Vec3::Y * (1.2 + 0.08 * f32::from(sq.file()));
            ec.insert((
                Transform::from_translation(above).with_rotation(facing(wood(piece.color))),
                PathTween::new(vec![above, at], seconds),
            ));
        }
        if (rising || board.rise.contains(&sq)) && !revealing {
            let below = at - Vec3::Y * 0.55;
            ec.insert((
                Transform::from_translation(below).with_rotation(facing(wood(piece.color))),
                PathTween::new(vec![below, at], 0.45),
            ));
        }
        board.pieces.insert(sq, e);
    }
    board.rise.clear();
}

/// An action's result reaches the board. The pieces that left a square are matched with the
/// pieces that arrived on another (the acting piece first, then the nearest of the same colour
/// and kind: a castling rook, Mass Attack's pawns, a promotion), and each travels there — a
/// knight, Teleport and Knight's Leap in an arc, King's Stride by its first step. A piece that
/// left without arriving anywhere (captured, turned to stone, sacrificed) fades away. New pieces
/// (Zombie Pawn, Resurrection, a demoted piece's new model) are brought in once the movement
/// is over.
fn animate_resolved(
    mut commands: Commands,
    mut happened: MessageReader<ChessHappened>,
    timing: Res<Timing>,
    mut board: ResMut<Board3d>,
    mut pieces: Query<&mut ChessPiece>,
    quad: Res<MarkQuad>,
    mut marks: ResMut<Assets<MarkMaterial>>,
) {
    for p in happened.read().filter_map(|h| match &h.0 {
        Effect::Resolved(p) => Some(p),
        _ => None,
    }) {
        // What moved is the rules' word (`rules::chess::motions`); the view only plays it, in
        // the time the table waits for it.
        let m = &p.motions;
        let seconds = timing.motion(p).max(0.01);
        let (ram, rewinding) = match m.effect {
            Some(BoardEffect::Blast(at)) => (Some(at), false),
            Some(BoardEffect::Rewind) => (None, true),
            None => (None, false),
        };
        let vanish = |at: Square, cause: Cause| match cause {
            // Blown off by the ram: at once.
            Cause::Blasted { at: blast } => {
                Vanish::after(0.05, 0.25).knocked(square_pos(at) - square_pos(blast))
            }
            // Taken: as the movement ends, knocked the way its captor came.
            Cause::Captured { by } => {
                Vanish::after(seconds * 0.6, 0.3).knocked(square_pos(at) - square_pos(by))
            }
            // Simply gone (a rewind, a statue): it shrinks away.
            Cause::Petrified | Cause::Rewound | Cause::Gone => Vanish::after(seconds * 0.6, 0.3),
        };
        for r in &m.removed {
            if let Some(e) = board.pieces.remove(&r.square) {
                commands
                    .entity(e)
                    .insert((Leaving, vanish(r.square, r.cause)));
            }
        }
        // A piece whose shape changes where it stands (demoted by the blast, put back as it
        // was by a rewind) leaves, and its new shape rises once the blast or the return is over.
        for c in m.changed.iter().filter(|c| c.was.role != c.now.role) {
            if let Some(e) = board.pieces.remove(&c.square) {
                let v = match c.cause {
                    Alteration::Demoted { at } => Cause::Blasted { at },
                    _ => Cause::Gone,
                };
                commands.entity(e).insert((Leaving, vanish(c.square, v)));
            }
            board.rise.insert(c.square);
        }
        if ram.is_some() || rewinding {
            // Pieces brought back rise once the blast or the return is over.
            board.rise.extend(m.arrived.iter().map(|a| a.square));
        }
        if let Some(root) = board.root {
            effects(&mut commands, root, ram, rewinding, &quad, &mut marks);
        }
        // Take every moving entity off its square first (a pawn may step onto a square
        // another leaves), then put each on its new one.
        let moving: Vec<_> = m
            .moves
            .iter()
            .filter_map(|mv| board.pieces.remove(&mv.from).map(|e| (e, mv)))
            .collect();
        for (e, mv) in moving {
            let keys: Vec<Vec3> = [Some(mv.from), mv.via, Some(mv.to)]
                .into_iter()
                .flatten()
                .map(square_pos)
                .collect();
            let hop = match mv.hop {
                Hop::Arc => 0.45,
                Hop::Over => 0.35,
                Hop::Slide => 0.06,
            };
            commands
                .entity(e)
                .insert(PathTween::new(keys, seconds).with_hop(hop));
            if let Ok(mut c) = pieces.get_mut(e) {
                c.at = mv.to;
            }
            board.pieces.insert(mv.to, e);
        }
    }
}

/// Explosive Ram's blast on the rook's square (a flash of light, a shock ring, sparks), or
/// Cancel's sweep closing over the whole board as it returns to where it was.
fn effects(
    commands: &mut Commands,
    root: Entity,
    ram: Option<Square>,
    rewinding: bool,
    quad: &MarkQuad,
    marks: &mut Assets<MarkMaterial>,
) {
    commands.entity(root).with_children(|parent| {
        if let Some(sq) = ram {
            let at = square_pos(sq);
            let fire = bevy::color::Color::srgb(1.0, 0.55, 0.18);
            parent.spawn(burst_mark(quad, marks, fire, false, at, 3.6, 0.8));
            parent.spawn(burst_light(fire, 1_500_000.0, at + Vec3::Y * 0.6, 0.6));
        }
        if rewinding {
            let centre = Vec3::new(0.0, TABLE_TOP_Y + BOARD_TOP, 0.0);
            let pale = bevy::color::Color::srgb(0.72, 0.86, 1.0);
            parent.spawn(burst_mark(quad, marks, pale, true, centre, 8.6, 0.9));
        }
    });
}

/// Pieces standing still on the board (not moving, not leaving).
type Standing = (Without<PathTween>, Without<Leaving>);

/// The selected piece floats; the others stand on their squares.
fn lift_selected(
    table: Res<ChessTable>,
    mut q: Query<(&ChessPiece, &mut Transform), Standing>,
    time: Res<Time>,
) {
    let lifted = table.selected.as_ref().map(|(s, _)| *s);
    let k = 1.0 - (-14.0 * time.delta_secs()).exp();
    for (c, mut t) in &mut q {
        let mut goal = square_pos(c.at);
        if Some(c.at) == lifted {
            goal.y += LIFT;
        }
        let d = goal - t.translation;
        if d.x.abs() + d.z.abs() > 0.01 || d.y.abs() > 1.0 {
            t.translation = goal;
        } else {
            t.translation.y += d.y * k;
        }
    }
}

/// A red "+" floats over every wounded piece on show; a heal makes it leave.
#[allow(clippy::too_many_arguments)]
fn wounds(
    mut commands: Commands,
    table: Res<ChessTable>,
    timing: Res<Timing>,
    board: Res<Board3d>,
    pieces: Query<(&ChessPiece, Option<&Children>), Without<Leaving>>,
    marks: Query<(), (With<WoundMark>, Without<Vanish>)>,
    library: Res<ModelLibrary>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<WoodMaterial>>,
) {
    if board.root.is_none() {
        return;
    }
    let Some(shown) = table.shown() else {
        return;
    };
    let near = table.near();
    for (sq, e) in &board.pieces {
        let Ok((c, children)) = pieces.get(*e) else {
            continue;
        };
        if c.at != *sq {
            continue;
        }
        let wounded = shown.board().get(*sq).is_some_and(|p| p.wounded)
            && !matches!(table.phase, Phase::Build(_));
        let mark: Option<Entity> = children
            .into_iter()
            .flatten()
            .copied()
            .find(|m| marks.get(*m).is_ok());
        match (wounded, mark) {
            (true, None) => {
                let h = height(c.piece.role) + 0.2;
                // Tilted toward the near side of the table (whichever way the piece faces), so
                // it is lit from above and read from the players' seats.
                let turn = facing(wood(c.piece.color)).inverse()
                    * Quat::from_rotation_y(if near == Color::White { 0.0 } else { PI })
                    * Quat::from_rotation_x(0.95);
                let mut placed = None;
                commands.entity(*e).with_children(|p| {
                    let mut s = Setter::new(&library, &theme, &mut materials, p, 0.9);
                    // It rests on its piece, whose patch is enough.
                    s.contact = Contact::None;
                    placed = Some(
                        s.place(
                            "marker_wound",
                            crate::theme::Wood::Light,
                            Transform::from_xyz(0.0, h, 0.0)
                                .with_rotation(turn)
                                .with_scale(Vec3::splat(1.5)),
                            false,
                        ),
                    );
                });
                if let Some(m) = placed {
                    commands.entity(m).insert(WoundMark);
                }
            }
            (false, Some(m)) => {
                commands
                    .entity(m)
                    .insert(Vanish::after(0.0, timing.heal.max(0.05)));
            }
            _ => {}
        }
    }
}

/// The Heir's "H" stands on its pawn while it is one.
#[allow(clippy::too_many_arguments)]
fn heirs(
    mut commands: Commands,
    table: Res<ChessTable>,
    board: Res<Board3d>,
    pieces: Query<(&ChessPiece, Option<&Children>), Without<Leaving>>,
    marks: Query<(), (With<HeirMark>, Without<Vanish>)>,
    library: Res<ModelLibrary>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<WoodMaterial>>,
) {
    let Some(shown) = table.shown() else {
        return;
    };
    let near = table.near();
    for (sq, e) in &board.pieces {
        let Ok((c, children)) = pieces.get(*e) else {
            continue;
        };
        if c.at != *sq {
            continue;
        }
        let heir = shown.board().get(*sq).is_some_and(|p| p.heir);
        let mark = children
            .into_iter()
            .flatten()
            .copied()
            .find(|m| marks.get(*m).is_ok());
        match (heir, mark) {
            (true, None) => {
                let turn = facing(wood(c.piece.color)).inverse()
                    * Quat::from_rotation_y(if near == Color::White { 0.0 } else { PI })
                    * Quat::from_rotation_x(0.95);
                let mut placed = None;
                commands.entity(*e).with_children(|p| {
                    let mut s = Setter::new(&library, &theme, &mut materials, p, 0.4);
                    // It rests on its piece, whose patch is enough.
                    s.contact = Contact::None;
                    placed = Some(
                        s.place(
                            "marker_heir",
                            crate::theme::Wood::Light,
                            Transform::from_xyz(0.0, height(Role::Pawn) + 0.12, 0.0)
                                .with_rotation(turn)
                                .with_scale(Vec3::splat(1.2)),
                            false,
                        ),
                    );
                });
                if let Some(m) = placed {
                    commands.entity(m).insert(HeirMark);
                }
            }
            (false, Some(m)) => {
                commands.entity(m).insert(Vanish::after(0.0, 0.2));
            }
            _ => {}
        }
    }
}

/// Each impassable square on show holds a statue's stone or a barricade.
fn blockers(
    mut commands: Commands,
    table: Res<ChessTable>,
    mut board: ResMut<Board3d>,
    library: Res<ModelLibrary>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<WoodMaterial>>,
) {
    let Some(root) = board.root else {
        return;
    };
    let want: HashMap<Square, bool> = match (table.phase, table.shown()) {
        (Phase::Play | Phase::Over, Some(s)) => s
            .board()
            .impassable()
            .iter()
            .map(|sq| (sq, table.is_statue(sq)))
            .collect(),
        _ => HashMap::new(),
    };
    let stale: Vec<Square> = board
        .blockers
        .iter()
        .filter(|(sq, (_, statue))| want.get(sq) != Some(statue))
        .map(|(sq, _)| *sq)
        .collect();
    for sq in stale {
        if let Some((e, _)) = board.blockers.remove(&sq) {
            commands.entity(e).insert(Vanish::after(0.0, 0.3));
        }
    }
    let mut spawned = Vec::new();
    commands.entity(root).with_children(|parent| {
        let mut s = Setter::new(&library, &theme, &mut materials, parent, 0.61);
        for (sq, statue) in &want {
            if board.blockers.contains_key(sq) {
                continue;
            }
            let name = if *statue {
                "marker_statue"
            } else {
                "marker_barricade"
            };
            let e = s.place(
                name,
                crate::theme::Wood::Light,
                Transform::from_translation(square_pos(*sq)),
                false,
            );
            spawned.push((*sq, e, *statue));
        }
    });
    for (sq, e, statue) in spawned {
        commands.entity(e).insert(Blocker);
        board.blockers.insert(sq, (e, statue));
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
        Phase::Pass(_) => Some(Color::White),
        _ => None,
    };
    match (covered, board.cloth) {
        (Some(hidden), None) => {
            // Ranks 4–8 for a hidden black army (the cloth reaches the middle of the board).
            let z = match hidden {
                Color::Black => -2.0,
                Color::White => 2.0,
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

/// The rest orientation of a die showing `value` on top, turned by `yaw`.
pub fn die_rest(value: u8, yaw: f32) -> Quat {
    let up = match value {
        1 => Vec3::Y,
        6 => Vec3::NEG_Y,
        2 => Vec3::NEG_Z,
        5 => Vec3::Z,
        3 => Vec3::X,
        _ => Vec3::NEG_X,
    };
    Quat::from_rotation_y(yaw) * Quat::from_rotation_arc(up, Vec3::Y)
}

/// Where a die rests.
pub fn die_home(attacker: bool, index: usize, count: usize) -> Vec3 {
    let centre = if attacker { ATTACKER_X } else { DEFENDER_X };
    let spread = (index as f32 - (count as f32 - 1.0) / 2.0) * DICE_GAP;
    Vec3::new(
        centre + spread,
        TABLE_TOP_Y + DIE_EDGE * DICE_SCALE / 2.0,
        DICE_Z + 0.06 * (index as f32 - 1.0),
    )
}

/// The middle of a side's dice (where its label goes).
pub fn dice_centre(attacker: bool) -> Vec3 {
    Vec3::new(
        if attacker { ATTACKER_X } else { DEFENDER_X },
        TABLE_TOP_Y,
        DICE_Z,
    )
}

/// A die's pose `t` of the way through its roll (0: thrown, 1: at rest): it flies in from the
/// thrower's side, bounces lower and lower, and tumbles into its rest orientation.
pub fn die_pose(attacker: bool, index: usize, count: usize, value: u8, t: f32) -> Transform {
    let t = t.clamp(0.0, 1.0);
    let seed = index as f32 * 1.7 + if attacker { 0.0 } else { 3.1 };
    let home = die_home(attacker, index, count);
    let side = if attacker { -1.0 } else { 1.0 };
    let thrown_from = home + Vec3::new(side * (1.4 + 0.3 * seed.sin()), 1.8, 1.2);
    let ease = 1.0 - (1.0 - t).powi(3);
    let mut at = thrown_from.lerp(home, ease);
    // Bounces: three arcs, each lower.
    let bounce = (t * 3.0 * PI).sin().abs() * (1.0 - t).powi(2) * 0.9;
    at.y = home.y + bounce + (1.0 - ease) * 0.4;
    let yaw = 0.35 * (seed * 2.3).sin();
    let spin = (1.0 - t).powi(2) * (9.0 + seed);
    let axis = Vec3::new(seed.cos(), 0.4, seed.sin()).normalize();
    let rot = Quat::from_axis_angle(axis, spin) * die_rest(value, yaw);
    Transform::from_translation(at)
        .with_rotation(rot)
        .with_scale(Vec3::splat(DICE_SCALE))
}

/// The dice of the roll on show: thrown when the roll starts, tumbling for `Timing::dice`,
/// resting on the rolled values, gone when the result reaches the board.
#[allow(clippy::too_many_arguments)]
fn dice(
    mut commands: Commands,
    table: Res<ChessTable>,
    timing: Res<Timing>,
    mut board: ResMut<Board3d>,
    mut dice: Query<(Entity, &Die, &mut Transform)>,
    library: Res<ModelLibrary>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<WoodMaterial>>,
) {
    let Some(root) = board.root else {
        return;
    };
    let Some(roll) = &table.roll else {
        if board.dice_of.take().is_some() {
            for (e, _, _) in &dice {
                commands.entity(e).insert(Vanish::after(0.0, 0.25));
            }
        }
        return;
    };
    let record = roll.played.record;
    let Some(rolled) = record.dice else {
        return;
    };
    if board.dice_of != Some(record) {
        for (e, _, _) in &dice {
            commands.entity(e).despawn();
        }
        board.dice_of = Some(record);
        let attacker_wood = wood(record.actor);
        let defender_wood = wood(record.actor.other());
        let mut thrown = Vec::new();
        commands.entity(root).with_children(|parent| {
            let mut s = Setter::new(&library, &theme, &mut materials, parent, 0.77);
            // Thrown from above, the dice land on the table top.
            s.contact = Contact::Floor(TABLE_TOP_Y);
            for (attacker, set, w) in [
                (true, rolled.attacker, attacker_wood),
                (false, rolled.defender, defender_wood),
            ] {
                let count = set.values().len();
                for (index, value) in set.values().iter().enumerate() {
                    let pose = die_pose(attacker, index, count, *value, 0.0);
                    let e = s.place("die_d6", w, pose, false);
                    thrown.push((
                        e,
                        Die {
                            attacker,
                            index,
                            value: *value,
                        },
                    ));
                }
            }
        });
        for (e, die) in thrown {
            commands.entity(e).insert(die);
        }
        return;
    }
    let t = if timing.dice > 0.0 {
        roll.elapsed / timing.dice
    } else {
        1.0
    };
    for (_, die, mut tf) in &mut dice {
        let count = if die.attacker {
            rolled.attacker.values().len()
        } else {
            rolled.defender.values().len()
        };
        *tf = die_pose(die.attacker, die.index, count, die.value, t);
    }
}

/// What the marks show, so they are rebuilt only when it changes.
#[derive(Clone, PartialEq, Debug)]
struct MarksKey {
    phase: Phase,
    selected: Option<Square>,
    focus: Option<Focus>,
    frame: Option<Square>,
    check: Option<Square>,
    build: Option<(Option<Role>, Draft, Option<Square>)>,
    showing: bool,
    plies: usize,
    viewing: Option<usize>,
    card: Option<(Vec<Square>, Vec<Square>)>,
    /// Impassable squares, shields and Restrictions on show.
    lasting: (u64, [Option<Square>; 2], [Option<Square>; 2]),
}

fn update_marks(
    mut commands: Commands,
    table: Res<ChessTable>,
    mut board: ResMut<Board3d>,
    marks: Query<Entity, With<ChessMark>>,
    palette: Res<Palette>,
    quad: Res<MarkQuad>,
) {
    let Some(root) = board.root else {
        return;
    };
    let t: &Table = &table;
    let check = t
        .shown()
        .filter(|s| s.in_check() && !matches!(t.phase, Phase::Build(_)))
        .and_then(|s| s.board().king(s.turn()));
    let key = MarksKey {
        phase: match t.phase {
            Phase::Reveal { .. } => Phase::Reveal { left: 0.0 },
            p => p,
        },
        selected: t.selected.as_ref().map(|(s, _)| *s),
        focus: t.focus,
        frame: t.gold_frame(),
        check,
        build: t.draft().map(|d| (t.held, d.clone(), t.build_pick)),
        showing: t.busy <= 0.0 && t.roll.is_none(),
        plies: t.plies(),
        viewing: t.viewing,
        card: t.card.as_ref().map(|c| (c.path.clone(), c.next_squares())),
        lasting: t.shown().map_or((0, [None; 2], [None; 2]), |s| {
            (
                s.board().impassable().0,
                [s.shield(Color::White), s.shield(Color::Black)],
                [s.restricted(Color::White), s.restricted(Color::Black)],
            )
        }),
    };
    if board.marks_key.as_ref() == Some(&key) {
        return;
    }
    board.marks_key = Some(key.clone());
    for e in &marks {
        commands.entity(e).despawn();
    }
    if let Some(roll) = t.roll.as_ref().filter(|_| !key.showing) {
        // During the roll: the attacker's white ring and the defender's red one.
        let a = roll.played.record.action;
        commands.entity(root).with_children(|p| {
            for (sq, m) in [(a.from(), &palette.white), (a.to(), &palette.attack)] {
                if let Some(sq) = sq {
                    p.spawn((ChessMark, flat_mark(&quad, m.clone(), square_pos(sq), 1.02)));
                }
            }
        });
        return;
    }
    if !key.showing {
        return;
    }
    commands.entity(root).with_children(|p| {
        let mut mark = |m: &Handle<MarkMaterial>, sq: Square, size: f32| {
            p.spawn((ChessMark, flat_mark(&quad, m.clone(), square_pos(sq), size)));
        };
        if let Some(d) = t.draft() {
            // A dot only where the piece in hand breaks no rule: none at 0 points left.
            for sq in t.build_dots() {
                mark(&palette.dot, sq, 0.5);
            }
            if let Some(sq) = t.build_pick {
                mark(&palette.white, sq, 0.95);
            }
            for problem in d.problems() {
                for sq in broken_squares(&problem) {
                    mark(&palette.broken, sq, 0.98);
                }
            }
            if let Some(Focus::Build(sq)) = t.focus {
                mark(&palette.focus, sq, 1.0);
            }
            return;
        }
        for sq in crate::rules::chess::SquareSet(key.lasting.0).iter() {
            mark(&palette.hatch, sq, 1.0);
        }
        for sq in key.lasting.1.iter().flatten() {
            mark(&palette.shield, *sq, 1.1);
        }
        for sq in key.lasting.2.iter().flatten() {
            mark(&palette.restricted, *sq, 0.96);
        }
        if let Some(sq) = key.frame {
            mark(&palette.gold, sq, 1.0);
        }
        if let Some((path, next)) = &key.card {
            for sq in path {
                mark(&palette.white, *sq, 0.95);
            }
            for sq in next {
                mark(&palette.card, *sq, 1.0);
            }
        }
        if let Some(sq) = key.check {
            mark(&palette.check, sq, 1.3);
        }
        if let Some((from, actions)) = &t.selected {
            mark(&palette.white, *from, 0.95);
            for a in &actions.moves {
                if let Some(to) = a.to() {
                    mark(&palette.dot, to, 0.42);
                }
            }
            for (a, _) in &actions.attempts {
                if let Some(to) = a.to() {
                    mark(&palette.attack, to, 1.05);
                }
            }
            for a in &actions.heals {
                if let Some(to) = a.to() {
                    mark(&palette.heal, to, 1.0);
                }
            }
        }
        match t.focus {
            Some(Focus::Piece(sq)) | Some(Focus::Target(sq)) if t.viewing.is_none() => {
                mark(&palette.focus, sq, 1.12)
            }
            _ => {}
        }
    });
}

/// The squares a broken building rule is about.
pub fn broken_squares(e: &ArmyError) -> Vec<Square> {
    match *e {
        ArmyError::BishopsSameColour { first, second } => vec![first, second],
        ArmyError::WrongRank { square, .. } => vec![square],
        ArmyError::TooManyAdvanced { second, .. } => vec![second],
        ArmyError::SquareTwice(sq) => vec![sq],
        _ => Vec::new(),
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

    #[test]
    fn a_settled_die_shows_its_value_on_top() {
        let faces = [
            (1, Vec3::Y),
            (6, Vec3::NEG_Y),
            (2, Vec3::NEG_Z),
            (5, Vec3::Z),
            (3, Vec3::X),
            (4, Vec3::NEG_X),
        ];
        for (value, dir) in faces {
            for (attacker, index) in [(true, 0), (true, 2), (false, 1)] {
                let pose = die_pose(attacker, index, 3, value, 1.0);
                let up = pose.rotation * dir;
                assert!(up.dot(Vec3::Y) > 0.999, "{value}: {up:?}");
                assert!((pose.translation - die_home(attacker, index, 3)).length() < 1e-4);
            }
            let mid = die_pose(true, 0, 3, value, 0.3);
            assert!(mid.translation.y > die_home(true, 0, 3).y, "in the air");
        }
    }
}
