//! The tiles in 3D: every one of the 22 carved pieces is an entity, standing either on its cell
//! of the group (at its height in a stack) or in its side's reserve beside the table (a stack per
//! creature, the next to be placed on top). The marks: rings on the cells a lifted piece may go
//! to, a white ring under it, the glow of the last move's landing and a dashed ring where it came
//! from, and the keyboard's focus. A placed piece travels from its reserve to its cell; sliding
//! creatures follow their path around the group; the Hare jumps in an arc; the Owl climbs.

use super::table::Effect;
use super::table::{Focus, Pick, Table, Timing};
use super::{HiveHappened, HiveTable, wood};
use crate::app::anim::PathTween;
use crate::app::kit::facing;
use crate::app::kit::view::{
    Carving, Dressing, Marks, click_sheet, glide, landing_sound, view_plugin,
};
use crate::app::marks::{MarkKind, MarkMaterial, colours, flat_mark};
use crate::app::room::{BoardBounds, TABLE_TOP_Y};
use crate::carve::HEX_HEIGHT;
use crate::rules::GameKind;
use crate::rules::hive::{Colour, Creature, Hex, Move, Piece, State};
use bevy::prelude::*;
use std::collections::HashMap;

/// How far the reserves stand from the middle of the table, to each side: the near player's on
/// the left, the other's on the right, each a column of five stacks.
pub const RESERVE_X: f32 = 5.3;
/// The gap between the reserve's stacks.
const RESERVE_GAP: f32 = 1.25;
/// How high a lifted piece floats.
const LIFT: f32 = 0.3;

pub(super) fn plugin(app: &mut App) {
    view_plugin::<Tiles, _, _, _>(
        app,
        palette,
        (animate_played, landing_sound::<HiveTile>).chain(),
        (dress, place_tiles, update_marks, frame_the_group),
    );
}

/// A carved tile of the table (always one of the 22).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HiveTile(pub Piece);

/// A mark of the table's current state; rebuilt whenever that state changes.
#[derive(Component)]
struct HiveMark;

/// The table's entities.
#[derive(Resource, Default)]
pub struct Tiles {
    pub root: Option<Entity>,
    pub tiles: HashMap<Piece, Entity>,
    marks_key: Option<MarksKey>,
    framed_cells: usize,
}

#[derive(Resource)]
struct Palette {
    ring: Handle<MarkMaterial>,
    white: Handle<MarkMaterial>,
    glow: Handle<MarkMaterial>,
    dashed: Handle<MarkMaterial>,
    focus: Handle<MarkMaterial>,
}

fn palette(mut commands: Commands, mut marks: ResMut<Assets<MarkMaterial>>) {
    let mut m = |k: MarkMaterial| marks.add(k);
    commands.insert_resource(Palette {
        ring: m(MarkMaterial::new(MarkKind::Ring, colours::GREEN)),
        white: m(MarkMaterial::new(MarkKind::Ring, colours::WHITE)),
        glow: m(MarkMaterial::new(MarkKind::Glow, colours::GLOW)),
        dashed: m(MarkMaterial::new(MarkKind::DashedRing, colours::GHOST).dashes(14)),
        focus: m(MarkMaterial::new(MarkKind::Focus, colours::BRASS)),
    });
}

/// The centre of a cell's `level`-th place (0: on the table) in the world.
pub fn cell_pos(h: Hex, level: usize) -> Vec3 {
    let (x, z) = h.to_plane();
    Vec3::new(x, TABLE_TOP_Y + level as f32 * HEX_HEIGHT, z)
}

/// The cell under a point of the table.
pub fn cell_at(p: Vec3) -> Option<Hex> {
    Hex::from_plane(p.x, p.z)
}

/// Where a creature's reserve stack stands for `colour`: the near player's (`near`) on the
/// left, the other's on the right, the Elder nearest the players.
pub fn reserve_pos(near: Colour, colour: Colour, creature: Creature) -> Vec3 {
    let i = Creature::ALL
        .iter()
        .position(|c| *c == creature)
        .unwrap_or(0) as f32;
    let z = (2.0 - i) * RESERVE_GAP;
    let x = if colour == near {
        -RESERVE_X
    } else {
        RESERVE_X
    };
    Vec3::new(x, TABLE_TOP_Y, z)
}

/// Where a piece stands in `state`: on its cell at its height, or in its reserve stack (the
/// next to be placed on top).
pub fn piece_pos(state: &State, near: Colour, p: Piece) -> Vec3 {
    let board = state.board();
    if let Some(h) = board.position(p) {
        let level = board.stack(h).pieces().position(|q| q == p).unwrap_or(0);
        return cell_pos(h, level);
    }
    // Higher numbers lie lower: the next to be placed is on top.
    let above = (1..=p.creature().count())
        .filter(|n| *n > p.number())
        .filter(|n| Piece::new(p.colour(), p.creature(), *n).is_some_and(|q| !board.is_placed(q)))
        .count();
    reserve_pos(near, p.colour(), p.creature()) + Vec3::Y * above as f32 * HEX_HEIGHT
}

fn model_name(c: Creature) -> &'static str {
    match c {
        Creature::Elder => "hive_elder",
        Creature::Owl => "hive_owl",
        Creature::Hare => "hive_hare",
        Creature::Fox => "hive_fox",
        Creature::Otter => "hive_otter",
        Creature::Jay => "hive_jay",
        Creature::Squirrel => "hive_squirrel",
        Creature::Hedgehog => "hive_hedgehog",
    }
}

/// The invisible sheet over the table top that clicks on cells land on (rings and empty cells
/// have no mesh of their own, and the table top is the artists' to change); a drag on it moves
/// the view.
#[derive(Component)]
pub struct CellSheet;

/// Spawns the 22 tiles and the cell sheet when the table opens.
fn dress(
    mut commands: Commands,
    mut dressing: Dressing,
    mut carving: Carving,
    table: Res<HiveTable>,
    mut tiles: ResMut<Tiles>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut marks: ResMut<Assets<MarkMaterial>>,
) {
    for root in dressing.opened(GameKind::Hive) {
        let shown = table.shown();
        let near = table.near();
        let mut spawned = Vec::new();
        let sheet = click_sheet(
            &mut meshes,
            &mut marks,
            Vec2::new(15.0, 11.0),
            TABLE_TOP_Y + 0.001,
        );
        commands.entity(root).with_children(|parent| {
            parent.spawn((Name::new("cell sheet"), CellSheet, sheet));
            let mut s = carving.setter(parent, 0.21);
            // The pieces of the game type on show: a base game has no expansion creatures.
            for p in crate::rules::hive::Piece::in_game(shown.game_type()) {
                let w = wood(p.colour());
                let at =
                    Transform::from_translation(piece_pos(shown, near, p)).with_rotation(facing(w));
                let e = s.place(model_name(p.creature()), w, at, false);
                spawned.push((p, e));
            }
        });
        *tiles = Tiles {
            root: Some(root),
            ..default()
        };
        for (p, e) in spawned {
            // Tiles answer the pointer (a click lifts them; hovering a stack lists it).
            commands.entity(e).insert(HiveTile(p)).remove::<Pickable>();
            tiles.tiles.insert(p, e);
        }
        dressing.frame(group_bounds(shown));
    }
}

/// What Fit frames: the group and both reserves.
fn group_bounds(state: &State) -> BoardBounds {
    let mut radius: f32 = RESERVE_X + 0.5;
    for (_, h) in state.board().tops() {
        radius = radius.max(cell_pos(h, 0).length() + 0.8);
    }
    BoardBounds {
        centre: Vec3::new(0.0, TABLE_TOP_Y, 0.6),
        radius,
    }
}

/// Fit follows the group as it grows beyond what is framed.
fn frame_the_group(
    table: Res<HiveTable>,
    mut tiles: ResMut<Tiles>,
    mut bounds: ResMut<BoardBounds>,
) {
    if tiles.root.is_none() {
        return;
    }
    let cells = table.state().map_or(0, |s| s.board().occupied_cells());
    if cells != tiles.framed_cells {
        tiles.framed_cells = cells;
        *bounds = group_bounds(table.shown());
    }
}

/// A move just played: the piece travels along its path.
fn animate_played(
    mut commands: Commands,
    mut happened: MessageReader<HiveHappened>,
    timing: Res<Timing>,
    tiles: Res<Tiles>,
    transforms: Query<&Transform, With<HiveTile>>,
) {
    for p in happened.read().filter_map(|h| match &h.0 {
        Effect::Played(p) => Some(p),
        _ => None,
    }) {
        let piece = match p.mv {
            Move::Place { piece, .. } | Move::Shift { piece, .. } => piece,
            Move::Pass => continue,
        };
        let Some(&e) = tiles.tiles.get(&piece) else {
            continue;
        };
        let Ok(start) = transforms.get(e).map(|t| t.translation) else {
            continue;
        };
        let lift = Vec3::Y * 0.05;
        let mut keys = vec![start];
        let mut hop = 0.12;
        match p.mv {
            Move::Place { to, .. } => {
                let end = cell_pos(to, 0);
                let mid = (start + end) / 2.0 + Vec3::Y * 0.9;
                keys.extend([mid, end]);
                hop = 0.0;
            }
            Move::Shift { piece, .. } if piece.creature() == Creature::Hare => {
                // Over the pieces it jumps, in one arc.
                for (h, height) in p.path.iter().skip(1).take(p.path.len().saturating_sub(2)) {
                    keys.push(cell_pos(*h, *height) + Vec3::Y * 0.35);
                }
                if let Some((h, _)) = p.path.last() {
                    keys.push(cell_pos(*h, 0));
                }
                hop = 0.5;
            }
            Move::Shift { piece, .. } if piece.creature() == Creature::Owl => {
                if let Some((h, level)) = p.path.last() {
                    let end = cell_pos(*h, *level);
                    let up = start.y.max(end.y) + HEX_HEIGHT + 0.1;
                    keys.push(Vec3::new(start.x, up, start.z));
                    keys.push(Vec3::new(end.x, up, end.z));
                    keys.push(end);
                }
                hop = 0.0;
            }
            Move::Shift { .. } => {
                for (h, level) in p.path.iter().skip(1) {
                    keys.push(cell_pos(*h, *level) + lift);
                }
                if let Some(k) = keys.last_mut() {
                    k.y -= lift.y;
                }
            }
            Move::Pass => {}
        }
        let seconds = timing.travel(p.path.len().max(2)).max(0.01);
        commands
            .entity(e)
            .insert(PathTween::new(keys, seconds).with_hop(hop));
    }
}

/// Tiles not moving stand where the state on show has them; the lifted one floats.
fn place_tiles(
    table: Res<HiveTable>,
    tiles: Res<Tiles>,
    mut q: Query<(&HiveTile, &mut Transform), Without<PathTween>>,
    time: Res<Time>,
) {
    if tiles.root.is_none() {
        return;
    }
    let shown = table.shown();
    let near = table.near();
    let lifted = table.pick.piece();
    for (tile, mut t) in &mut q {
        let mut goal = piece_pos(shown, near, tile.0);
        if Some(tile.0) == lifted {
            goal.y += LIFT;
        }
        glide(&mut t, goal, time.delta_secs());
    }
}

/// What the marks show, so they are rebuilt only when it changes.
#[derive(Clone, PartialEq, Debug)]
struct MarksKey {
    pick: Pick,
    focus: Option<Focus>,
    last: Option<(Option<Hex>, Hex, Piece)>,
    showing: bool,
    plies: usize,
    near: Colour,
    viewing: Option<usize>,
    /// A replay's better move, while its position is on show.
    suggested: Option<Move>,
}

fn update_marks(
    table: Res<HiveTable>,
    mut tiles: ResMut<Tiles>,
    mut marks: Marks<HiveMark>,
    palette: Res<Palette>,
) {
    let Some(root) = tiles.root else {
        return;
    };
    let t: &Table = &table;
    let key = MarksKey {
        pick: t.pick.clone(),
        focus: t.focus,
        last: t.last,
        // A replay's marks are those of the position on show.
        showing: t.busy <= 0.0 && (t.viewing.is_none() || t.replay.is_some()) && t.game.is_some(),
        plies: t.state().map_or(0, State::ply),
        near: t.near(),
        viewing: t.viewing,
        suggested: t
            .suggested
            .filter(|(at, _)| t.replay.is_some() && t.viewing == Some(*at))
            .map(|(_, m)| m),
    };
    if !marks.changed(&mut tiles.marks_key, &key) {
        return;
    }
    if !key.showing {
        return;
    }
    let Some(state) = t.state().map(|_| t.shown()) else {
        return;
    };
    let board = state.board();
    let on_top = |h: Hex| cell_pos(h, board.height(h)) + Vec3::Y * 0.002;
    marks.commands.entity(root).with_children(|p| {
        let mut mark = |m: &Handle<MarkMaterial>, at: Vec3, size: f32| {
            p.spawn((HiveMark, flat_mark(&marks.quad, m.clone(), at, size)));
        };
        if let Some((from, to, _)) = key.last {
            mark(
                &palette.glow,
                cell_pos(to, board.height(to).saturating_sub(1)),
                1.0,
            );
            if let Some(f) = from {
                mark(&palette.dashed, on_top(f), 0.95);
            }
        }
        match &key.pick {
            Pick::Idle => {}
            Pick::Reserve { piece, rings } => {
                mark(
                    &palette.white,
                    reserve_pos(key.near, piece.colour(), piece.creature()),
                    1.0,
                );
                for h in rings {
                    mark(&palette.ring, on_top(*h), 0.9);
                }
            }
            Pick::Table { from, rings, .. } => {
                mark(
                    &palette.white,
                    cell_pos(*from, board.height(*from) - 1),
                    1.0,
                );
                for h in rings {
                    // Onto a stack (an Owl), the ring lies on its top.
                    let at = if board.occupied(*h) && *h != *from {
                        on_top(*h)
                    } else {
                        cell_pos(*h, 0)
                    };
                    mark(&palette.ring, at, 0.9);
                }
            }
        }
        // The engine's better move: where it comes from, and a ring where it goes.
        match key.suggested {
            Some(Move::Place { piece, to }) => {
                mark(
                    &palette.white,
                    reserve_pos(key.near, piece.colour(), piece.creature()),
                    1.0,
                );
                mark(&palette.ring, on_top(to), 0.9);
            }
            Some(Move::Shift { from, to, .. }) => {
                // On the piece's top: it is not lifted, and a mark under it would be hidden.
                mark(&palette.white, on_top(from), 0.95);
                let at = if board.occupied(to) {
                    on_top(to)
                } else {
                    cell_pos(to, 0)
                };
                mark(&palette.ring, at, 0.9);
            }
            Some(Move::Pass) | None => {}
        }
        match key.focus {
            Some(Focus::Reserve(c)) => mark(
                &palette.focus,
                reserve_pos(key.near, state.to_move(), c),
                1.05,
            ),
            Some(Focus::Piece(h)) => mark(&palette.focus, cell_pos(h, 0), 1.05),
            Some(Focus::Ring(h)) => mark(&palette.focus, on_top(h), 1.05),
            None => {}
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_maps_to_its_centre_and_back() {
        for q in -5..5 {
            for r in -5..5 {
                let h = Hex::new(q, r);
                assert_eq!(cell_at(cell_pos(h, 0)), Some(h));
                assert_eq!(cell_at(cell_pos(h, 2) + Vec3::new(0.3, 0.0, 0.2)), Some(h));
            }
        }
    }

    #[test]
    fn the_reserves_stack_the_next_piece_on_top() {
        let s = State::new();
        let hare = |n| Piece::new(Colour::Ash, Creature::Hare, n).unwrap();
        let top = piece_pos(&s, Colour::Ash, hare(1));
        let bottom = piece_pos(&s, Colour::Ash, hare(3));
        assert!(top.y > bottom.y);
        assert_eq!((top.x, top.z), (bottom.x, bottom.z));
        assert!(top.x < 0.0, "the near player's reserve is on the left");
        let walnut = piece_pos(
            &s,
            Colour::Ash,
            Piece::new(Colour::Walnut, Creature::Hare, 1).unwrap(),
        );
        assert!(walnut.x > 0.0);
    }
}
