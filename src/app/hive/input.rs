//! The player's hands at the Ash & Walnut table: a click (or tap) on a tile, a ring or the table
//! becomes a [`HiveClicked`]; hovering a stack (or a long press on it) lists its pieces; the keyboard plays a whole game
//! without the mouse — Tab moves between the reserve's stacks and your pieces (lifting the one it
//! lands on), the arrow keys go from ring to ring, Enter lifts and sets down, Escape puts back,
//! ← and → step through the history when nothing is lifted.

use super::table::{Focus, Intent, Phase, Pick};
use super::view::{HiveTile, cell_at};
use super::{HiveClicked, HiveTable};
use crate::app::kit::clicks::{TableClick, TableLongPress, up_from};
use crate::app::kit::{Clicked, Keys, TableSet};
use crate::app::screens::Screen;
use crate::rules::GameKind;
use crate::rules::hive::Piece;
use bevy::picking::pointer::{PointerAction, PointerInput};
use bevy::prelude::*;

/// The tile under the pointer, for the stack's list.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hovered(pub Option<Piece>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>().add_systems(
        Update,
        (clicks, hover)
            .in_set(TableSet::Input)
            .run_if(in_state(Screen::Table(GameKind::Hive))),
    );
}

/// The tile an entity belongs to (the hit is on one of its meshes).
fn tile_of(e: Entity, tiles: &Query<&HiveTile>, parents: &Query<&ChildOf>) -> Option<Piece> {
    up_from(e, parents, 4).find_map(|e| tiles.get(e).ok().map(|t| t.0))
}

/// A click on the table ([`crate::app::kit::clicks`]) becomes a click on a reserve's tile or
/// on the cell under it (a tile on the board stands for its cell).
fn clicks(
    mut clicks: MessageReader<TableClick>,
    table: Res<HiveTable>,
    tiles: Query<&HiveTile>,
    parents: Query<&ChildOf>,
    mut out: MessageWriter<Clicked<HiveTable>>,
) {
    for click in clicks.read() {
        debug!("click on {:?} at {:?}", click.entity, click.position);
        let on_board = |p: Piece| table.state().is_some_and(|s| s.board().is_placed(p));
        let message = match tile_of(click.entity, &tiles, &parents) {
            Some(p) if !on_board(p) => Some(HiveClicked::Reserve(p)),
            Some(p) => table
                .state()
                .and_then(|s| s.board().position(p))
                .map(HiveClicked::Cell),
            None => cell_at(click.position).map(HiveClicked::Cell),
        };
        if let Some(m) = message {
            out.write(Clicked(m));
        }
    }
}

/// The tile under the pointer, for the stack's list; on a touch screen, the tile a long press
/// asked about, kept until the next touch.
#[allow(clippy::too_many_arguments)]
fn hover(
    mut presses: MessageReader<PointerInput>,
    mut over: MessageReader<Pointer<Over>>,
    mut out: MessageReader<Pointer<Out>>,
    mut long: MessageReader<TableLongPress>,
    tiles: Query<&HiveTile>,
    parents: Query<&ChildOf>,
    mut hovered: ResMut<Hovered>,
    mut held: Local<Option<Piece>>,
) {
    if presses
        .read()
        .any(|i| matches!(i.action, PointerAction::Press(_)))
        && held.take().is_some()
    {
        hovered.0 = None;
    }
    for o in out.read() {
        if held.is_none() && tile_of(o.entity, &tiles, &parents) == hovered.0 {
            hovered.0 = None;
        }
    }
    for o in over.read() {
        if let Some(p) = tile_of(o.entity, &tiles, &parents) {
            hovered.0 = Some(p);
        }
    }
    for press in long.read() {
        if let Some(p) = tile_of(press.entity, &tiles, &parents) {
            *held = Some(p);
            hovered.0 = Some(p);
        }
    }
}

/// Runs in the core plugin (the headless tests press keys too).
pub(super) fn keys(mut keys: Keys<HiveTable>, mut table: ResMut<HiveTable>) {
    let Some(mut k) = keys.frame() else {
        return;
    };
    let enter = k.enter();
    match table.phase {
        Phase::Lobby => {
            if enter {
                k.send(if table.saved.is_some() {
                    Intent::Continue
                } else {
                    Intent::Start
                });
            }
            return;
        }
        Phase::Over => {
            k.history(true, false, Intent::View);
            return;
        }
        Phase::Seating { .. } => return,
        Phase::Waiting => {
            if k.pressed(KeyCode::Escape) {
                k.send(Intent::NewGame);
            }
            return;
        }
        Phase::Play => {}
    }
    let pick = table.pick.clone();
    if k.history(pick == Pick::Idle, table.viewing.is_some(), Intent::View) {
        return;
    }
    if table.viewing.is_some() {
        return;
    }
    if !table.person_to_act() {
        return;
    }
    if k.pressed(KeyCode::Tab) {
        // Tab always moves between the reserve's stacks and your pieces, lifting the one it
        // lands on.
        match table.tab_focus(k.tab_step()) {
            Some(Focus::Reserve(c)) => k.send(Intent::LiftReserve(c)),
            Some(Focus::Piece(h)) => k.send(Intent::LiftAt(h)),
            _ => {}
        }
    } else if k.arrow_step() != 0 {
        let ring = table.focus_ring();
        table.move_focus(&ring, k.arrow_step());
    } else if enter {
        match (&pick, table.focus) {
            (Pick::Idle, Some(Focus::Reserve(c))) => k.send(Intent::LiftReserve(c)),
            (Pick::Idle, Some(Focus::Piece(h))) => k.send(Intent::LiftAt(h)),
            (_, Some(Focus::Ring(h))) => k.send(Intent::Target(h)),
            _ => {
                let ring = table.focus_ring();
                table.move_focus(&ring, 1);
            }
        }
    }
    if k.pressed(KeyCode::Escape) && pick != Pick::Idle {
        k.send(Intent::PutBack);
        // Escape put the piece back: it must not also leave the table.
        k.clear(KeyCode::Escape);
    }
}
