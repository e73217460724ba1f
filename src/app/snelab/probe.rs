//! The probe's report of the Snēlab table (`app::probe`, a test aid): the court's state, and
//! every square as a target.

use super::SnelabTable;
use super::table::Pick;
use super::view::{Court3d, square_at, square_pos};
use crate::app::kit::probe::{ProbeReport, TableProbe, Target, dressed};
use crate::play::snelab::Phase;
use bevy::prelude::*;
use serde_json::json;

/// The game's report, for its `TableInfo`.
pub const PROBE: TableProbe = TableProbe { report, reads };

/// The court: its position, what is lifted or being paid, the last move and capture; every
/// square a target.
fn report(world: &World) -> Option<ProbeReport> {
    let t: &SnelabTable = dressed(world, |v: &Court3d| v.root)?;
    let pos = t.pos();
    let court = pos.court();
    let names = |v: &[crate::rules::snelab::Square]| -> Vec<String> {
        v.iter().map(ToString::to_string).collect()
    };
    let pick = match &t.pick {
        Pick::Idle => json!({ "kind": "idle" }),
        Pick::Selected { from, reach } => json!({
            "kind": "selected",
            "from": from.to_string(),
            "moves": names(&reach.moves),
            "captures": names(&reach.captures),
        }),
        Pick::Paying {
            from,
            to,
            chosen,
            state,
        } => json!({
            "kind": "paying",
            "from": from.to_string(),
            "to": to.to_string(),
            "chosen": names(chosen),
            "addable": names(&state.addable),
            "paid": state.paid,
            "cost": state.cost,
            "complete": state.is_complete(),
        }),
    };
    let capture = t.last_capture.as_ref().map(|c| {
        json!({
            "by": c.by.to_string(),
            "at": c.at.to_string(),
            "taken": c.taken.rank.to_string(),
            "payers": c.payers.iter().map(|(sq, p)| format!("{} {sq}", p.rank)).collect::<Vec<_>>(),
        })
    });
    let phase = match t.phase() {
        Phase::Lobby => "lobby",
        Phase::Play => "play",
        Phase::Verdict(_) => "verdict",
    };
    let learn = crate::app::learn::probe_report(t, |a| {
        let mut clicks = vec![a.from().to_string(), a.to().to_string()];
        if let Some(payment) = a.payment() {
            clicks.extend(payment.squares().iter().map(ToString::to_string));
        }
        clicks
    });
    let state = json!({
        "learn": learn,
        "phase": phase,
        "position": pos.to_string(),
        "to_move": pos.to_move().to_string(),
        "person_to_move": t.person_to_move(),
        "busy": t.animating(),
        "pick": pick,
        "last": t.last.map(|(from, to, _)| [from.to_string(), to.to_string()]),
        "capture": capture,
    });
    let targets = court
        .squares()
        .map(|sq| Target {
            name: sq.to_string(),
            at: square_pos(court, sq),
        })
        .collect();
    Some(ProbeReport {
        state,
        targets,
        passing: false,
    })
}

/// A click reads as the square under the hit.
fn reads(world: &World, _: Entity, p: Vec3) -> Option<String> {
    let court = world.get_resource::<SnelabTable>()?.pos().court();
    square_at(court, p).map(|sq| sq.to_string())
}
