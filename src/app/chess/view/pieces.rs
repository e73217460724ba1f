//! The pieces on show: a piece entity for every piece of the armies being built or of the
//! position being played or looked at, each action's movement as the rules tell it (and the
//! ram's blast, Cancel's return), the selected piece lifted, a red "+" over each wounded piece,
//! the Heir's "H", and the statues' stones and barricades on impassable squares.

use super::{
    Blocker, Board3d, ChessPiece, HeirMark, Leaving, WoundMark, height, model_name, on_show,
    square_pos,
};
use crate::app::anim::contact::Contact;
use crate::app::anim::{PathTween, Vanish};
use crate::app::chess::table::{Effect, Phase, Timing};
use crate::app::chess::{ChessHappened, ChessTable, wood};
use crate::app::kit::facing;
use crate::app::kit::view::{Carving, glide, standing};
use crate::app::marks::{MarkMaterial, MarkQuad, burst_light, burst_mark};
use crate::app::room::TABLE_TOP_Y;
use crate::carve::BOARD_TOP;
use crate::rules::chess::{Alteration, BoardEffect, Cause, Colour, Hop, Piece, Role, Square};
use bevy::prelude::*;
use std::collections::HashMap;
use std::f32::consts::PI;

/// How high the selected piece floats.
const LIFT: f32 = 0.14;

/// Pieces stand where the position on show has them: a square whose piece changed gets the
/// new one; a piece that left goes. Nothing is touched while pieces move.
#[allow(clippy::too_many_arguments)]
pub(super) fn reconcile_pieces(
    mut commands: Commands,
    table: Res<ChessTable>,
    timing: Res<Timing>,
    mut board: ResMut<Board3d>,
    pieces: Query<&ChessPiece, Without<Leaving>>,
    mut carving: Carving,
) {
    let board = &mut *board;
    let Some(root) = standing(&mut commands, &mut board.root, &mut board.pieces) else {
        return;
    };
    if table.busy > 0.0 {
        return;
    }
    let want: HashMap<Square, Piece> = on_show(&table).into_iter().collect();
    let same = |a: &Piece, b: &Piece| a.colour == b.colour && a.role == b.role;
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
        let mut s = carving.setter(parent, 0.53);
        for (sq, piece) in &want {
            if board.pieces.contains_key(sq) {
                continue;
            }
            let at = square_pos(*sq);
            let t = Transform::from_translation(at).with_rotation(facing(wood(piece.colour)));
            let e = s.place(model_name(piece.role), wood(piece.colour), t, false);
            spawned.push((*sq, *piece, e, at));
        }
    });
    for (sq, piece, e, at) in spawned {
        let mut ec = commands.entity(e);
        ec.insert(ChessPiece { at: sq, piece }).remove::<Pickable>();
        if revealing && piece.colour != near {
            // The hidden army comes down onto the board.
            let seconds = (timing.reveal * 0.7).max(0.01);
            let above = at + Vec3::Y * (1.2 + 0.08 * f32::from(sq.file()));
            ec.insert((
                Transform::from_translation(above).with_rotation(facing(wood(piece.colour))),
                PathTween::new(vec![above, at], seconds),
            ));
        }
        if (rising || board.rise.contains(&sq)) && !revealing {
            let below = at - Vec3::Y * 0.55;
            ec.insert((
                Transform::from_translation(below).with_rotation(facing(wood(piece.colour))),
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
pub(super) fn animate_resolved(
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
pub(super) fn lift_selected(
    table: Res<ChessTable>,
    mut q: Query<(&ChessPiece, &mut Transform), Standing>,
    time: Res<Time>,
) {
    let lifted = table.selected.as_ref().map(|(s, _)| *s);
    for (c, mut t) in &mut q {
        let mut goal = square_pos(c.at);
        if Some(c.at) == lifted {
            goal.y += LIFT;
        }
        glide(&mut t, goal, time.delta_secs());
    }
}

/// A red "+" floats over every wounded piece on show; a heal makes it leave.
#[allow(clippy::too_many_arguments)]
pub(super) fn wounds(
    mut commands: Commands,
    table: Res<ChessTable>,
    timing: Res<Timing>,
    board: Res<Board3d>,
    pieces: Query<(&ChessPiece, Option<&Children>), Without<Leaving>>,
    marks: Query<(), (With<WoundMark>, Without<Vanish>)>,
    mut carving: Carving,
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
                let turn = facing(wood(c.piece.colour)).inverse()
                    * Quat::from_rotation_y(if near == Colour::White { 0.0 } else { PI })
                    * Quat::from_rotation_x(0.95);
                let mut placed = None;
                commands.entity(*e).with_children(|p| {
                    let mut s = carving.setter(p, 0.9);
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
pub(super) fn heirs(
    mut commands: Commands,
    table: Res<ChessTable>,
    board: Res<Board3d>,
    pieces: Query<(&ChessPiece, Option<&Children>), Without<Leaving>>,
    marks: Query<(), (With<HeirMark>, Without<Vanish>)>,
    mut carving: Carving,
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
                let turn = facing(wood(c.piece.colour)).inverse()
                    * Quat::from_rotation_y(if near == Colour::White { 0.0 } else { PI })
                    * Quat::from_rotation_x(0.95);
                let mut placed = None;
                commands.entity(*e).with_children(|p| {
                    let mut s = carving.setter(p, 0.4);
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
pub(super) fn blockers(
    mut commands: Commands,
    table: Res<ChessTable>,
    mut board: ResMut<Board3d>,
    mut carving: Carving,
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
        let mut s = carving.setter(parent, 0.61);
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
