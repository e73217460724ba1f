//! The court in 3D: the carved board, a piece entity for every piece of the table's position,
//! and the marks — green dots, red rings with tick marks, dashed and solid green rings on payers,
//! the attacker's white ring, the keyboard focus, the ghost of the last move and the glow of the
//! square it reached, and the squares that stop a lifted piece that cannot go anywhere. Moves slide along their routes; paid and captured pieces leave the board.

use super::table::Effect;
use super::table::{Pick, Table, Timing};
use super::{SnelabHappened, SnelabTable};
use crate::app::anim::{PathTween, Vanish};
use crate::app::kit::view::{Carving, Dressing, Marks, landing_sound, standing, view_plugin};
use crate::app::marks::{MarkKind, MarkMaterial, MarkQuad, colours, flat_mark};
use crate::app::models::ModelLibrary;
use crate::app::room::{BoardBounds, CameraRig, FitView, TABLE_TOP_Y};
use crate::app::wood::WoodMaterial;
use crate::carve::BOARD_TOP;
use crate::play::snelab::Phase;
use crate::rules::GameKind;
use crate::rules::snelab::{Court, Piece, Rank, Side, Square};
use crate::theme::Wood;
use bevy::light::NotShadowCaster;
use bevy::prelude::*;
use std::collections::HashMap;

/// How high a lifted piece floats: selected, and paying for a capture (the attacker).
pub(crate) const LIFT_SELECTED: f32 = 0.12;
pub(crate) const LIFT_ATTACKER: f32 = 0.34;
/// The top of the tallest piece (the Justice) over the board: the words over the court clear it.
pub(crate) const PIECE_TOP: f32 = 0.25;
/// The red ring stands a little wider than the others, so its tick marks clear the piece.
const RED_RING: f32 = 1.2;
/// The green rings of the payment (dashed: can pay; solid: chosen) stand outside the puck, which
/// covers a ring of size 1: two rings, one just outside the other, draw one bold ring that
/// reads at the default distance.
const PAYER_RINGS: [f32; 2] = [1.15, 1.24];

pub(super) fn plugin(app: &mut App) {
    view_plugin::<Court3d, _, _, _>(
        app,
        palette,
        (animate_played, landing_sound::<CourtPiece>).chain(),
        (
            dress_court,
            turn_the_view,
            reconcile_pieces,
            update_marks,
            lift_and_fade,
        ),
    );
}

/// The side seen from near: the person's (online, North when the seat drew North; watching,
/// the first seat's), South at a hot seat.
pub fn near_side(table: &Table) -> Side {
    if table.hot_seat() || table.replay.is_some() {
        Side::South
    } else {
        table.setup.owner
    }
}

/// The court is seen from the near side: turned around (and framed toward that side) for a
/// person playing North.
fn turn_the_view(
    table: Res<SnelabTable>,
    mut court: ResMut<Court3d>,
    mut rigs: Query<&mut CameraRig>,
    mut bounds: ResMut<BoardBounds>,
    mut fits: MessageWriter<FitView>,
) {
    if court.root.is_none() {
        return;
    }
    let near = near_side(&table);
    if court.turned_for == Some(near) {
        return;
    }
    court.turned_for = Some(near);
    let (yaw, towards) = match near {
        Side::South => (0.0, 1.0),
        Side::North => (std::f32::consts::PI, -1.0),
    };
    for mut rig in &mut rigs {
        rig.face(yaw);
    }
    bounds.centre.z = NEAR_FRAMING * towards;
    fits.write(FitView { instant: true });
}

/// How far toward the near side the court is framed, so it sits above the bar at the bottom.
const NEAR_FRAMING: f32 = 0.55;

/// A piece of the court, standing on `at` (where the table's position has it).
#[derive(Component, Debug, Clone, Copy)]
pub struct CourtPiece {
    pub at: Square,
    pub piece: Piece,
}

/// A piece on its way out (paid or captured): no longer part of the position.
#[derive(Component)]
struct Leaving;

/// A mark of the table's current state; rebuilt whenever that state changes.
#[derive(Component)]
struct CourtMark;

/// Whether a piece's materials are faded now.
#[derive(Component, Default, PartialEq, Eq, Clone, Copy)]
struct Faded(bool);

/// The court's entities: its root and the piece standing on each square.
#[derive(Resource, Default)]
pub struct Court3d {
    pub root: Option<Entity>,
    pub pieces: HashMap<Square, Entity>,
    /// What the marks were last built for.
    marks_key: Option<MarksKey>,
    /// The side the view was last turned for (see [`turn_the_view`]).
    turned_for: Option<Side>,
}

#[derive(Resource)]
struct Palette {
    dot: Handle<MarkMaterial>,
    red: [Handle<MarkMaterial>; 4],
    dashed_green: Handle<MarkMaterial>,
    green: Handle<MarkMaterial>,
    white: Handle<MarkMaterial>,
    dashed_white: Handle<MarkMaterial>,
    glow: Handle<MarkMaterial>,
    focus: Handle<MarkMaterial>,
    blocked: Handle<MarkMaterial>,
    ghost: [Handle<MarkMaterial>; 2],
}

impl Palette {
    /// The red capture ring with one tick per point of `weight` (1 to 4).
    fn red(&self, weight: u8) -> &Handle<MarkMaterial> {
        &self.red[usize::from(weight.clamp(1, 4) - 1)]
    }
}

fn palette(mut commands: Commands, mut marks: ResMut<Assets<MarkMaterial>>) {
    let mut m = |k: MarkMaterial| marks.add(k);
    let red = |w: u8| MarkMaterial::new(MarkKind::Ring, colours::RED).ticks(w);
    commands.insert_resource(Palette {
        dot: m(MarkMaterial::new(MarkKind::Dot, colours::GREEN)),
        red: [m(red(1)), m(red(2)), m(red(3)), m(red(4))],
        dashed_green: m(MarkMaterial::new(MarkKind::DashedRing, colours::GREEN).dashes(10)),
        green: m(MarkMaterial::new(MarkKind::Ring, colours::GREEN)),
        white: m(MarkMaterial::new(MarkKind::Ring, colours::WHITE)),
        dashed_white: m(MarkMaterial::new(MarkKind::DashedRing, colours::GHOST).dashes(14)),
        glow: m(MarkMaterial::new(MarkKind::Glow, colours::GLOW)),
        focus: m(MarkMaterial::new(MarkKind::Focus, colours::BRASS)),
        blocked: m(MarkMaterial::new(
            MarkKind::Hatched,
            colours::RED.with_alpha(0.85),
        )),
        ghost: [
            m(MarkMaterial::new(MarkKind::Ghost, colours::GHOST).dashes(4)),
            m(MarkMaterial::new(MarkKind::Ghost, Color::srgb(0.55, 0.4, 0.3)).dashes(4)),
        ],
    });
}

/// The centre of a square on the board's surface.
pub fn square_pos(court: Court, sq: Square) -> Vec3 {
    let (w, h) = (court.width() as f32, court.height() as f32);
    Vec3::new(
        sq.file as f32 - (w - 1.0) / 2.0,
        TABLE_TOP_Y + BOARD_TOP,
        (h - 1.0) / 2.0 - sq.row as f32,
    )
}

/// The square under a point of the table, if it is on the court.
pub fn square_at(court: Court, p: Vec3) -> Option<Square> {
    let (w, h) = (court.width() as f32, court.height() as f32);
    let file = (p.x + w / 2.0).floor();
    let row = ((h / 2.0) - p.z).floor();
    court.square(file as i32, row as i32)
}

fn model_name(rank: Rank) -> &'static str {
    match rank {
        Rank::Bailiff => "snelab_bailiff",
        Rank::Advocate => "snelab_advocate",
        Rank::Barrister => "snelab_barrister",
        Rank::Justice => "snelab_justice",
    }
}

fn wood(side: Side) -> Wood {
    match side {
        Side::South => Wood::Light,
        Side::North => Wood::Dark,
    }
}

/// North's pieces face the other way, so every glyph points toward the opponent.
fn facing(side: Side) -> Quat {
    crate::app::kit::facing(wood(side))
}

fn dress_court(
    mut commands: Commands,
    mut dressing: Dressing,
    mut carving: Carving,
    mut court: ResMut<Court3d>,
) {
    for root in dressing.opened(GameKind::Snelab) {
        commands.entity(root).with_children(|parent| {
            carving.board(parent, "board_snelab", 0.0);
        });
        *court = Court3d {
            root: Some(root),
            ..default()
        };
        // Framed a little toward the near side, so the court sits above the bar at the bottom.
        dressing.frame(BoardBounds {
            centre: Vec3::new(0.0, TABLE_TOP_Y + BOARD_TOP, NEAR_FRAMING),
            radius: 5.6,
        });
    }
}

/// Brings the piece entities in line with the table's position whenever nothing is animating:
/// on opening, after a new case, a resumed case or a Reset all.
fn reconcile_pieces(
    mut commands: Commands,
    table: Res<SnelabTable>,
    mut court: ResMut<Court3d>,
    pieces: Query<&CourtPiece, Without<Leaving>>,
    mut carving: Carving,
) {
    let court = &mut *court;
    let Some(root) = standing(&mut commands, &mut court.root, &mut court.pieces) else {
        return;
    };
    if table.busy > 0.0 {
        return;
    }
    let pos = &table.pos();
    let agrees = pos.pieces().count() == court.pieces.len()
        && pos.pieces().all(|(sq, p)| {
            court
                .pieces
                .get(&sq)
                .and_then(|e| pieces.get(*e).ok())
                .is_some_and(|c| c.piece == p && c.at == sq)
        });
    if agrees {
        return;
    }
    for e in court.pieces.values() {
        commands.entity(*e).despawn();
    }
    court.pieces.clear();
    let c = pos.court();
    let mut spawned = Vec::new();
    commands.entity(root).with_children(|parent| {
        let mut s = carving.setter(parent, 0.11);
        for (sq, piece) in pos.pieces() {
            let t =
                Transform::from_translation(square_pos(c, sq)).with_rotation(facing(piece.side));
            let e = s.place(model_name(piece.rank), wood(piece.side), t, false);
            spawned.push((sq, piece, e));
        }
    });
    for (sq, piece, e) in spawned {
        commands
            .entity(e)
            .insert((CourtPiece { at: sq, piece }, Faded(false)))
            .remove::<Pickable>();
        court.pieces.insert(sq, e);
    }
}

/// A move just played: the piece slides along its route, square by square; the payers and the
/// captured piece leave once it has landed, the payers marked with the green ring they were
/// chosen with (so the engine's payment is seen too).
fn animate_played(
    mut commands: Commands,
    mut happened: MessageReader<SnelabHappened>,
    timing: Res<Timing>,
    mut court: ResMut<Court3d>,
    mut pieces: Query<&mut CourtPiece>,
    palette: Res<Palette>,
    quad: Res<MarkQuad>,
) {
    for p in happened.read().filter_map(|h| match &h.0 {
        Effect::Played(p) => Some(p),
        _ => None,
    }) {
        let c = p.before.court();
        let from = p.action.from();
        let to = p.action.to();
        let t = *timing;
        let travel = t.travel(p.route.len());
        // The captured piece is knocked on in the direction the captor arrived from.
        let arrived_from = p.route.iter().rev().nth(1).copied().unwrap_or(from);
        let away = square_pos(c, to) - square_pos(c, arrived_from);
        if let Some(captured) = court.pieces.remove(&to) {
            commands.entity(captured).insert((
                Leaving,
                Vanish::after(travel, t.leave.max(0.01)).knocked(away),
            ));
        }
        for (i, (sq, _)) in p.payers.iter().enumerate() {
            if let Some(e) = court.pieces.remove(sq) {
                commands
                    .entity(e)
                    .insert((
                        Leaving,
                        Vanish::after(travel + t.payer_delay(i), t.leave.max(0.01)).paid(),
                    ))
                    .with_children(|c| {
                        c.spawn(flat_mark(&quad, palette.green.clone(), Vec3::ZERO, 1.0));
                    });
            }
        }
        let Some(mover) = court.pieces.remove(&from) else {
            continue;
        };
        let lift = Vec3::Y * 0.02;
        let keys: Vec<Vec3> = std::iter::once(square_pos(c, from) + lift)
            .chain(p.route.iter().map(|sq| square_pos(c, *sq) + lift))
            .collect();
        let mut last = *keys.last().unwrap_or(&square_pos(c, to));
        last.y = square_pos(c, to).y;
        let mut keys = keys;
        if let Some(k) = keys.last_mut() {
            *k = last;
        }
        commands
            .entity(mover)
            .insert(PathTween::new(keys, travel.max(0.01)).with_hop(0.08));
        if let Ok(mut cp) = pieces.get_mut(mover) {
            cp.at = to;
        }
        court.pieces.insert(to, mover);
    }
}

/// The state the marks show, so they are rebuilt only when it changes.
#[derive(Clone, PartialEq, Debug)]
struct MarksKey {
    pick: Pick,
    focus: Option<Square>,
    last: Option<(Square, Square, Piece)>,
    showing: bool,
    pieces: usize,
}

fn marks_key(table: &Table, court: &Court3d) -> MarksKey {
    let showing = table.busy <= 0.0
        && (table.replay.is_some() || matches!(table.phase(), Phase::Play | Phase::Verdict(_)));
    MarksKey {
        pick: table.pick.clone(),
        // The focus ring shows while the keys are in use.
        focus: table.focus.filter(|_| table.keys_shown),
        last: table.last,
        showing,
        pieces: court.pieces.len(),
    }
}

#[allow(clippy::too_many_arguments)]
fn update_marks(
    table: Res<SnelabTable>,
    mut court: ResMut<Court3d>,
    mut marks: Marks<CourtMark>,
    palette: Res<Palette>,
    library: Res<ModelLibrary>,
) {
    let Some(root) = court.root else {
        return;
    };
    let key = marks_key(&table, &court);
    if !marks.changed(&mut court.marks_key, &key) {
        return;
    }
    if !key.showing {
        return;
    }
    let pos = table.pos();
    let c = pos.court();
    let at = |sq: Square| square_pos(c, sq);
    marks.commands.entity(root).with_children(|p| {
        let mut mark = |m: &Handle<MarkMaterial>, sq: Square, size: f32| {
            p.spawn((CourtMark, flat_mark(&marks.quad, m.clone(), at(sq), size)));
        };
        // The last move: the glow of the square reached (the ghost is spawned below).
        if let Some((_, to, _)) = key.last {
            mark(&palette.glow, to, 1.0);
        }
        match &key.pick {
            Pick::Idle => {}
            Pick::Selected { from, reach } => {
                mark(&palette.white, *from, 1.0);
                for sq in &reach.moves {
                    mark(&palette.dot, *sq, 0.9);
                }
                for sq in &reach.captures {
                    let w = pos.get(*sq).map_or(1, |pc| pc.weight());
                    mark(palette.red(w), *sq, RED_RING);
                }
                // A piece with nowhere to go: the squares that stop it, hatched in red (the bar
                // says why in words).
                if let Some(stuck) = table.stuck() {
                    for sq in stuck.blockers() {
                        mark(&palette.blocked, sq, 1.0);
                    }
                }
            }
            Pick::Paying {
                from,
                to,
                chosen,
                state,
            } => {
                mark(&palette.white, *from, 1.0);
                mark(palette.red(state.cost), *to, RED_RING);
                for size in PAYER_RINGS {
                    for sq in chosen {
                        mark(&palette.green, *sq, size);
                    }
                    for sq in &state.addable {
                        mark(&palette.dashed_green, *sq, size);
                    }
                }
            }
        }
        if let Some(f) = key.focus {
            mark(&palette.focus, f, 1.0);
        }
        // The ghost of the piece that left `from`: its own shape, dashed and see-through, on a
        // dashed ring.
        if let Some((from, _, _)) = key.last {
            mark(&palette.dashed_white, from, 1.0);
        }
        if let Some((from, _, piece)) = key.last
            && let Some(parts) = library.parts(model_name(piece.rank))
        {
            let material = palette.ghost[usize::from(piece.side == Side::North)].clone();
            p.spawn((
                CourtMark,
                Transform::from_translation(at(from)).with_rotation(facing(piece.side)),
                Visibility::default(),
                Pickable::IGNORE,
            ))
            .with_children(|g| {
                for part in parts {
                    g.spawn((
                        Mesh3d(part.mesh.clone()),
                        MeshMaterial3d(material.clone()),
                        NotShadowCaster,
                        Pickable::IGNORE,
                    ));
                }
            });
        }
    });
}

/// Pieces standing still on the court (not moving, not leaving).
type Standing = (Without<PathTween>, Without<Leaving>);

/// Lifts the selected piece (higher while it is paying for a capture) and fades the pieces that
/// cannot take part in the payment being picked.
fn lift_and_fade(
    time: Res<Time>,
    table: Res<SnelabTable>,
    mut pieces: Query<(&CourtPiece, &mut Transform, &mut Faded, &Children), Standing>,
    meshes: Query<&MeshMaterial3d<WoodMaterial>>,
    mut materials: ResMut<Assets<WoodMaterial>>,
) {
    let pos = table.pos();
    let c = pos.court();
    let k = 1.0 - (-14.0 * time.delta_secs()).exp();
    for (cp, mut transform, mut faded, children) in &mut pieces {
        let (lift, fade) = match &table.pick {
            Pick::Selected { from, .. } if *from == cp.at => (LIFT_SELECTED, false),
            Pick::Paying {
                from,
                to,
                chosen,
                state,
            } => {
                let mover = pos.to_move();
                if *from == cp.at {
                    (LIFT_ATTACKER, false)
                } else {
                    let fade = cp.piece.side == mover
                        && cp.at != *to
                        && !chosen.contains(&cp.at)
                        && !state.addable.contains(&cp.at);
                    (0.0, fade)
                }
            }
            _ => (0.0, false),
        };
        let goal = square_pos(c, cp.at).y + lift;
        transform.translation.y += (goal - transform.translation.y) * k;
        if faded.0 != fade {
            faded.0 = fade;
            for child in children {
                if let Ok(m) = meshes.get(*child)
                    && let Some(mut mat) = materials.get_mut(&m.0)
                {
                    let alpha = if fade { 0.28 } else { 1.0 };
                    mat.base.base_color.set_alpha(alpha);
                    mat.base.alpha_mode = if fade {
                        AlphaMode::Blend
                    } else {
                        AlphaMode::Opaque
                    };
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_maps_to_its_centre_and_back() {
        let c = Court::DEFAULT;
        for sq in c.squares() {
            let p = square_pos(c, sq);
            assert_eq!(square_at(c, p), Some(sq));
            assert_eq!(square_at(c, p + Vec3::new(0.45, 0.0, -0.45)), Some(sq));
        }
        assert_eq!(square_at(c, Vec3::new(3.6, 0.0, 0.0)), None);
        // South's Counter (row 0) is the near side, toward +z.
        assert!(square_pos(c, Square::new(0, 0)).z > square_pos(c, Square::new(0, 6)).z);
    }

    #[test]
    fn the_person_playing_north_sees_the_court_from_north_and_a_hot_seat_from_south() {
        let mut t = Table::default();
        assert_eq!(near_side(&t), Side::South);
        t.setup.owner = Side::North;
        assert_eq!(near_side(&t), Side::North);
        t.setup.opponent = crate::play::Seat::Person;
        assert_eq!(near_side(&t), Side::South, "a hot seat: South near");
    }
}
