//! The probe's report of the Ash & Walnut table (`app::probe`, a test aid): the game's state,
//! and the occupied cells, the rings and the top of each reserve stack as targets.

use super::HiveTable;
use super::view::{HiveTile, Tiles, cell_at, cell_pos, piece_pos};
use crate::app::kit::probe::{ProbeReport, TableProbe, Target, dressed, owner};
use crate::app::replay::Replays;
use crate::rules::hive::{Colour, Creature, Hex, Move, Piece};
use bevy::prelude::*;
use serde_json::json;

/// The game's report, for its `TableInfo`.
pub const PROBE: TableProbe = TableProbe { report, reads };

/// A cell's name in the report.
fn hex(h: Hex) -> String {
    format!("{},{}", h.q, h.r)
}

fn colour(c: Colour) -> String {
    format!("{c:?}").to_lowercase()
}

/// A reserve stack's name in the report.
fn reserve(c: Colour, creature: Creature) -> String {
    format!("{}-{}", colour(c), format!("{creature:?}").to_lowercase())
}

/// The Ash & Walnut table: the moves so far, what is lifted and its rings, the saved game the
/// lobby offers, where a replay on at the table stands (`replay`: `{at, plies}`, else null); the
/// occupied cells, the rings and the top of each reserve stack as targets.
fn report(world: &World) -> Option<ProbeReport> {
    let t: &HiveTable = dressed(world, |v: &Tiles| v.root)?;
    let shown = t.shown();
    let near = t.near();
    let board = shown.board();
    let moves = t.move_list();
    let pick = t.pick.piece().map(|p| {
        json!({
            "piece": p.notation(),
            "rings": t.pick.rings().iter().map(|h| hex(*h)).collect::<Vec<_>>(),
        })
    });
    let mut targets = Vec::new();
    let mut cells: Vec<Hex> = board.tops().map(|(_, h)| h).collect();
    cells.extend(t.pick.rings().iter().copied());
    cells.sort_by_key(|h| (h.q, h.r));
    cells.dedup();
    let mut tops = serde_json::Map::new();
    for h in cells {
        let level = board.height(h).saturating_sub(1);
        if let Some(p) = board.top(h) {
            tops.insert(hex(h), json!(p.notation()));
        }
        targets.push(Target {
            name: hex(h),
            at: cell_pos(h, level),
        });
    }
    for c in [Colour::Ash, Colour::Walnut] {
        for creature in board.game_type().creatures() {
            // The stack's top: the lowest number not yet placed.
            let top = (1..=creature.count())
                .filter_map(|n| Piece::new(c, creature, n))
                .find(|p| !board.is_placed(*p));
            if let Some(p) = top {
                targets.push(Target {
                    name: reserve(c, creature),
                    at: piece_pos(shown, near, p),
                });
            }
        }
    }
    let learn = crate::app::learn::probe_report(t, |m| match *m {
        Move::Place { piece, to } => vec![reserve(piece.colour(), piece.creature()), hex(to)],
        Move::Shift { from, to, .. } => vec![hex(from), hex(to)],
        Move::Pass => Vec::new(),
    });
    // A replay on at the table: the action after which the position on show stands, of how many.
    let replay = t.replaying().map(|_| {
        let (at, plies) = t.replay_at();
        json!({ "at": at, "plies": plies })
    });
    let state = json!({
        "learn": learn,
        "phase": format!("{:?}", t.phase),
        "to_move": colour(shown.to_move()),
        "person": t.person_colour().map(colour),
        "person_to_act": t.person_to_act(),
        "busy": t.animating(),
        "online": t.host.is_some(),
        "ply": shown.ply(),
        "moves": moves.len(),
        "last": moves.last(),
        "saved": t.saved.as_ref().map(|g| g.state().ply()),
        "ended": t.game.as_ref().is_some_and(|g| g.ending().is_some()),
        "pick": pick,
        "tops": tops,
        "replay": replay,
    });
    Some(ProbeReport {
        state,
        targets,
        passing: false,
    })
}

/// A click reads as the input reads it: a tile on the board as its cell, one in a reserve as
/// its stack, anything else as the cell under the hit.
fn reads(world: &World, e: Entity, p: Vec3) -> Option<String> {
    let shown = world.get_resource::<HiveTable>()?.shown();
    let board = shown.board();
    match owner::<HiveTile>(world, e) {
        Some(&HiveTile(piece)) => match board.position(piece) {
            Some(h) => Some(hex(h)),
            None if !board.is_placed(piece) => Some(reserve(piece.colour(), piece.creature())),
            None => None,
        },
        None => cell_at(p).map(hex),
    }
}
