//! The probe's report of the Artifact Chess table (`app::probe`, a test aid): the game's state,
//! and every square as a target.

use super::ChessTable;
use super::view::{Board3d, ChessPiece, Die, square_at, square_pos};
use crate::app::kit::probe::{ProbeReport, TableProbe, Target, dressed, owner};
use crate::rules::chess::{Action, Square};
use bevy::prelude::*;
use serde_json::{Value, json};

/// The game's report, for its `TableInfo`.
pub const PROBE: TableProbe = TableProbe { report, reads };

/// The Artifact Chess table: the phase, the army being built, the board, what is selected and
/// its targets, the dice on show and the last entries of the game's list; every square a
/// target.
fn report(world: &World) -> Option<ProbeReport> {
    let t: &ChessTable = dressed(world, |v: &Board3d| v.root)?;
    let phase = format!("{:?}", t.phase);
    let phase = phase
        .split([' ', '(', '{'])
        .next()
        .unwrap_or_default()
        .to_string();
    let draft = t.draft().map(|d| {
        json!({
            "colour": format!("{:?}", d.colour).to_lowercase(),
            "pieces": d.placements.iter().map(|(r, sq)| format!("{r:?} {sq}")).collect::<Vec<_>>(),
            "points": d.points(),
            "problems": d.problems().len(),
        })
    });
    let board = t.state().map(|s| {
        s.board()
            .pieces()
            .map(|(sq, p)| {
                let w = if p.wounded { " wounded" } else { "" };
                let c = format!("{:?}", p.colour).to_lowercase();
                (sq.to_string(), json!(format!("{c} {:?}{w}", p.role)))
            })
            .collect::<serde_json::Map<_, _>>()
    });
    let selected = t.selected.as_ref().map(|(from, actions)| {
        let sq = |a: &crate::rules::chess::Action| a.to().map(|s| s.to_string());
        json!({
            "from": from.to_string(),
            "moves": actions.moves.iter().filter_map(sq).collect::<Vec<_>>(),
            "attempts": actions.attempts.iter().filter_map(|(a, _)| sq(a)).collect::<Vec<_>>(),
        })
    });
    let roll = t.roll.as_ref().map(|r| {
        json!({
            "action": r.played.record.action.to_string(),
            "dice": r.played.record.dice.as_ref().map(ToString::to_string),
            "result": r.played.record.result.map(|x| format!("{x:?}")),
            "settled": r.settled,
        })
    });
    let list = t.list();
    let recent: Vec<Value> = list[list.len().saturating_sub(4)..]
        .iter()
        .map(|e| {
            json!({
                "number": e.number,
                "side": format!("{:?}", e.side).to_lowercase(),
                "text": e.text,
                "result": e.result.map(|x| format!("{x:?}")),
                "sums": e.sums,
            })
        })
        .collect();
    // The pieces of the side to act that can attempt a capture now.
    let can_attempt: Vec<String> = match t.state().filter(|_| t.person_to_act()) {
        Some(s) => s
            .board()
            .pieces()
            .filter(|(sq, p)| {
                p.colour == s.turn()
                    && !crate::rules::chess::piece_actions(s, *sq)
                        .attempts
                        .is_empty()
            })
            .map(|(sq, _)| sq.to_string())
            .collect(),
        None => Vec::new(),
    };
    let learn = crate::app::learn::probe_report(t, |a| match *a {
        Action::Move { from, to, .. } | Action::Attempt { from, to, .. } => {
            vec![from.to_string(), to.to_string()]
        }
        Action::Heal { king, target } => vec![king.to_string(), target.to_string()],
        // A card is played from the hand's panel, not the board.
        Action::Play(_) | Action::Pass => Vec::new(),
    });
    // The army lesson, at the builder: built with the palette and the squares.
    let learn = match (learn, t.army_lesson_done()) {
        (Value::Null, Some(done)) => json!({
            "id": "army",
            "said": if done { "done" } else { "ask" },
            "done": done,
            "want": null,
        }),
        (learn, _) => learn,
    };
    let state = json!({
        "learn": learn,
        "phase": phase,
        "turn": t.state().map(|s| format!("{:?}", s.turn()).to_lowercase()),
        "can_attempt": can_attempt,
        "person_to_act": t.person_to_act(),
        "busy": t.busy > 0.0,
        "held": t.held.map(|r| format!("{r:?}")),
        "draft": draft,
        "board": board,
        "selected": selected,
        "roll": roll,
        "actions": list.len(),
        "list": recent,
    });
    let targets = (0..8)
        .flat_map(|rank| (0..8).filter_map(move |file| Square::new(file, rank)))
        .map(|sq| Target {
            name: sq.to_string(),
            at: square_pos(sq),
        })
        .collect();
    // The dice roll for about two seconds: a report of them is written at once.
    let passing = t.roll.is_some();
    Some(ProbeReport {
        state,
        targets,
        passing,
    })
}

/// A click reads as the input reads it: a die as nothing, a piece as its square, anything else
/// as the square under the hit.
fn reads(world: &World, e: Entity, p: Vec3) -> Option<String> {
    if owner::<Die>(world, e).is_some() {
        return None;
    }
    match owner::<ChessPiece>(world, e) {
        Some(piece) => Some(piece.at.to_string()),
        None => square_at(p).map(|sq| sq.to_string()),
    }
}
