//! The hint: an action for the side to move and one line of why.
//!
//! The action: a win within three plies when the proof search finds one (exact and cheap),
//! otherwise the engine's choice at the Normal level. The line is the first of these that holds,
//! each checked on the position, never assumed:
//! - `bench`: the piece lands on the Bench: the case is won;
//! - `no_move`: after it the other side has no legal move;
//! - `only_payment`: a capture with several payments of which only this one wins by force;
//! - `forced`: whatever the other side answers, the next action wins;
//! - `frees`: a capture whose payment clears the way to the Bench for another piece;
//! - `stop`: a capture of a piece that would land on the player's Counter next;
//! - `keeps`: a capture with several payments, and this one keeps a piece the others give up
//!   (the most advanced such piece, then the heaviest);
//! - `capture`: any other capture, with what it is paid with;
//! - `advance`: a move that brings the piece within one route of the Bench;
//! - `engine`: the engine's choice, with nothing more to say.

use super::G;
use super::prove::Prover;
use super::puzzles::can_land_on_bench;
use crate::ai::{Level, choose};
use crate::i18n::{Explain, Message, msg};
use crate::learn::Hint;
use crate::rules::Game;
use crate::rules::snelab::{
    Action, Position, Reason, Square, apply_unchecked, legal_actions, reach,
};

/// The engine's suggested action for the side to move, and why in one line.
pub fn hint(state: &G, seed: u64) -> Option<Hint<G>> {
    if state.outcome().is_some() {
        return None;
    }
    let mut prover = Prover::new();
    let actions = legal_actions(state);
    let forced = [1, 3].into_iter().find_map(|n| {
        actions
            .iter()
            .find(|a| prover.wins_by(state, a, n))
            .copied()
    });
    let action = match forced {
        Some(a) => a,
        None => choose(state, Level::Normal, seed)?,
    };
    let why = why(state, &action, &mut prover);
    Some(Hint { action, why })
}

/// The squares of a payment, as the table names them (`a1 + g1`).
fn payers(action: &Action) -> String {
    action
        .payment()
        .map(|p| {
            p.squares()
                .iter()
                .map(Square::to_string)
                .collect::<Vec<_>>()
                .join(" + ")
        })
        .unwrap_or_default()
}

/// The reason for `action` in `state` (see the module's list).
pub fn why(state: &Position, action: &Action, prover: &mut Prover) -> Message {
    let me = state.to_move();
    let after = apply_unchecked(state, action);
    let piece = state.get(action.from()).map(|p| p.rank.explain());
    let piece = piece.unwrap_or_else(|| msg("snelab.rank.bailiff"));
    if let Some(v) = after.outcome()
        && v.winner == me
    {
        return match v.reason {
            Reason::Bench => msg("learn.snelab.hint.bench")
                .with_words("piece", piece)
                .with("square", action.to()),
            Reason::NoLegalAction => {
                msg("learn.snelab.hint.no_move").with_words("side", me.opponent().explain())
            }
        };
    }
    if prover.wins_by(state, action, 3) {
        let others: Vec<Action> = same_capture(state, action);
        if !others.is_empty() && others.iter().all(|a| !prover.wins_by(state, a, 3)) {
            return msg("learn.snelab.hint.only_payment")
                .with("count", others.len() + 1)
                .with_words("side", me.opponent().explain());
        }
        return msg("learn.snelab.hint.forced").with_words("side", me.opponent().explain());
    }
    if let Some(payment) = action.payment() {
        let taken = state.get(action.to()).map(|p| p.rank.explain());
        let taken = taken.unwrap_or_else(|| msg("snelab.rank.bailiff"));
        // A piece of the player's that could not reach the Bench before and can after.
        let freed = after.pieces().find(|&(sq, p)| {
            p.side == me
                && sq != action.to()
                && !can_land_on_bench(state, sq)
                && can_land_on_bench(&after, sq)
                && payment
                    .squares()
                    .iter()
                    .any(|&paid| on_a_route(state, sq, paid))
        });
        if let Some((sq, p)) = freed {
            return msg("learn.snelab.hint.frees")
                .with("payers", payers(action))
                .with_words("piece", p.rank.explain())
                .with("square", sq);
        }
        if can_land_on_bench(state, action.to()) {
            return msg("learn.snelab.hint.stop")
                .with_words("piece", taken)
                .with("square", action.to())
                .with("payers", payers(action));
        }
        let others = same_capture(state, action);
        let kept = others
            .iter()
            .flat_map(|a| {
                a.payment()
                    .map(|p| p.squares().to_vec())
                    .unwrap_or_default()
            })
            .filter(|sq| !payment.contains(*sq))
            .max_by_key(|&sq| {
                let p = state.get(sq);
                let advanced =
                    (sq.row as i32 - state.court().counter_row(me) as i32).unsigned_abs();
                (advanced, p.map_or(0, |p| p.weight()), std::cmp::Reverse(sq))
            });
        if let Some(sq) = kept
            && let Some(p) = state.get(sq)
        {
            return msg("learn.snelab.hint.keeps")
                .with("count", others.len() + 1)
                .with_words("piece", p.rank.explain())
                .with("square", sq);
        }
        return msg("learn.snelab.hint.capture")
            .with_words("piece", taken)
            .with("square", action.to())
            .with("payers", payers(action));
    }
    if can_land_on_bench(&after, action.to()) {
        return msg("learn.snelab.hint.advance")
            .with_words("piece", piece)
            .with("square", action.to());
    }
    msg("learn.snelab.hint.engine").with("action", state.action_text(action))
}

/// The other payments of the same capture (the same piece onto the same square).
fn same_capture(state: &Position, action: &Action) -> Vec<Action> {
    if !action.is_capture() {
        return Vec::new();
    }
    legal_actions(state)
        .into_iter()
        .filter(|a| a != action && a.from() == action.from() && a.to() == action.to())
        .collect()
}

/// Whether `sq` lies on one of the routes of the piece on `from` (forward ones, the squares
/// before the landing one): a piece there stands in its way.
fn on_a_route(pos: &Position, from: Square, sq: Square) -> bool {
    let Some(piece) = pos.get(from) else {
        return false;
    };
    let mut cleared = pos.clone();
    cleared.set(sq, None);
    // The route is blocked by `sq` when clearing `sq` opens a landing that was closed.
    let before = reach(pos, from);
    let after = reach(&cleared, from);
    let bench = pos.court().bench_row(piece.side);
    let lands =
        |r: &crate::rules::snelab::Reach| r.moves.iter().chain(&r.captures).any(|s| s.row == bench);
    !lands(&before) && lands(&after)
}
