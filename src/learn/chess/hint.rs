//! The hint: the engine's choice at Normal for the side to act, and one line of why, picked
//! from the reasons [`why`] recognises (keys `learn.chess.hint.*`), first that applies:
//!
//! - `mate`: it mates, whatever the dice; `mate_chance`: it mates if the attempt succeeds;
//! - `cancel`, `seize_back`, `pass`: an answer in a response window (or Cancel at the start
//!   of a turn);
//! - `wounded_target`: an attempt on a wounded piece, which falls without a roll;
//! - `fury`: Fury's extra die, with the odds with and without it;
//! - `only_good_odds`: the only attack with better than even odds (others exist);
//! - `attempt_heal`: a wounded attacker's attack that would land beside its own king, which
//!   can heal it after;
//! - `attempt`: an attack with its odds of taking the piece and of wounding it;
//! - `heal_threatened` / `heal`: the king heals a wounded piece (one the other side attacks);
//! - `balm`, `shield` (a piece the other side attacks), `poison`: those cards;
//! - `escape`: an attacked piece (not the king) steps to a square out of reach;
//! - `promote`: a pawn promotes;
//! - `check`: the king is in check and this answers it;
//! - `engine`: the plain fallback, "the engine's choice: {action}".

use super::G;
use crate::ai::Level;
use crate::i18n::{Explain, Message, msg};
use crate::learn::Hint;
use crate::rules::chess::movegen::is_attacked;
use crate::rules::chess::{Action, AttemptResult, End, Fraction, Play, Square};

/// The engine's suggested action for the side to act, and why; `None` when it has none.
pub fn hint(state: &G, seed: u64) -> Option<Hint<G>> {
    let action = crate::ai::choose(state, Level::Normal, seed)?;
    Some(Hint {
        action,
        why: why(state, &action),
    })
}

fn percent(f: Fraction) -> String {
    format!("{:.0}", f.to_f64() * 100.0)
}

/// The piece on `sq`, in words (its role), if there is one.
fn piece(state: &G, sq: Square) -> Option<Message> {
    state.board().get(sq).map(|p| p.role.explain())
}

/// The chance that `action` mates, over its results (exact odds for an attempt).
fn mate_chance(state: &G, action: &Action) -> Option<Fraction> {
    let me = state.turn();
    let mates = |r: AttemptResult| {
        state
            .apply_with_result(action, r)
            .is_ok_and(|(s, _)| s.end() == Some(End::Mate { winner: me }))
    };
    match state.attempt_odds(action) {
        Some(odds) => {
            let mut num = 0;
            for (r, _) in odds.outcomes() {
                if mates(r) {
                    num += match r {
                        AttemptResult::Success => odds.success,
                        AttemptResult::Wound => odds.wound,
                        AttemptResult::Miss => odds.miss,
                    };
                }
            }
            (num > 0).then(|| Fraction::reduced(num, odds.total))
        }
        None => mates(AttemptResult::Success).then(|| Fraction::reduced(1, 1)),
    }
}

/// Why `action` is a good one for the side to act in `state`, in one line.
pub fn why(state: &G, action: &Action) -> Message {
    let me = state.turn();
    let them = me.other();
    let board = state.board();
    if let Some(p) = mate_chance(state, action) {
        return if p.num == p.den {
            msg("learn.chess.hint.mate")
        } else {
            msg("learn.chess.hint.mate_chance").with("percent", percent(p))
        };
    }
    match action {
        Action::Play(Play::Cancel) => {
            if let Some(card) = state.cancelable() {
                return msg("learn.chess.hint.cancel").with_words("card", card.explain());
            }
        }
        Action::Play(Play::Seize(card)) if state.window().is_some() => {
            return msg("learn.chess.hint.seize_back").with_words("card", card.explain());
        }
        Action::Pass => return msg("learn.chess.hint.pass"),
        _ => {}
    }
    if let (Some(odds), Some((sq, defender))) =
        (state.attempt_odds(action), state.attempt_defender(action))
    {
        let role = defender.role.explain();
        if odds.success == odds.total {
            return msg("learn.chess.hint.wounded_target")
                .with_words("piece", role)
                .with("square", sq);
        }
        let success = odds.of(AttemptResult::Success);
        if let Action::Play(Play::Fury(m)) = action {
            let plain = Action::Attempt {
                from: m.from,
                to: m.to,
                promotion: m.promotion,
            };
            if let Some(without) = state.attempt_odds(&plain) {
                return msg("learn.chess.hint.fury")
                    .with("percent", percent(success))
                    .with("plain", percent(without.of(AttemptResult::Success)))
                    .with_words("piece", role)
                    .with("square", sq);
            }
        }
        // A wounded attacker that takes lands there: beside its own king, it can be healed at
        // the next turn.
        let healable = action
            .from()
            .and_then(|from| board.get(from))
            .filter(|p| p.wounded)
            .zip(board.king(me))
            .filter(|(_, king)| action.to().is_some_and(|to| king.distance(to) == 1));
        if let Some((attacker, _)) = healable {
            return msg("learn.chess.hint.attempt_heal")
                .with("percent", percent(success))
                .with_words("piece", role)
                .with("square", sq)
                .with_words("attacker", attacker.role.explain());
        }
        let even = |a: &Action| {
            state
                .attempt_odds(a)
                .is_some_and(|o| 2 * o.success > o.total)
        };
        let others: Vec<Action> = state
            .legal_actions()
            .into_iter()
            .filter(|a| a.is_attempt() && a.to() != action.to())
            .collect();
        if even(action) && !others.is_empty() && !others.iter().any(even) {
            return msg("learn.chess.hint.only_good_odds")
                .with("percent", percent(success))
                .with_words("piece", role)
                .with("square", sq);
        }
        return msg("learn.chess.hint.attempt")
            .with("percent", percent(success))
            .with("wound", percent(odds.of(AttemptResult::Wound)))
            .with_words("piece", role)
            .with("square", sq);
    }
    match *action {
        Action::Heal { target, .. } => {
            if let Some(p) = piece(state, target) {
                let key = if is_attacked(board, target, them) {
                    "learn.chess.hint.heal_threatened"
                } else {
                    "learn.chess.hint.heal"
                };
                return msg(key).with_words("piece", p).with("square", target);
            }
        }
        Action::Play(Play::Balm(sq)) => {
            if let Some(p) = piece(state, sq) {
                return msg("learn.chess.hint.balm")
                    .with_words("piece", p)
                    .with("square", sq);
            }
        }
        Action::Play(Play::Shield(sq)) if is_attacked(board, sq, them) => {
            if let Some(p) = piece(state, sq) {
                return msg("learn.chess.hint.shield")
                    .with_words("piece", p)
                    .with("square", sq);
            }
        }
        Action::Play(Play::PoisonDart(sq)) => {
            if let Some(p) = piece(state, sq) {
                return msg("learn.chess.hint.poison")
                    .with_words("piece", p)
                    .with("square", sq);
            }
        }
        Action::Move {
            from,
            to,
            promotion,
        } => {
            if let Some(role) = promotion {
                return msg("learn.chess.hint.promote").with_words("piece", role.explain());
            }
            let is_king = board.king(me) == Some(from);
            let safe = state
                .apply_with_result(action, AttemptResult::Success)
                .is_ok_and(|(after, _)| !is_attacked(after.board(), to, them));
            if !is_king
                && !state.in_check()
                && is_attacked(board, from, them)
                && safe
                && let Some(p) = piece(state, from)
            {
                return msg("learn.chess.hint.escape")
                    .with_words("piece", p)
                    .with("from", from)
                    .with("to", to);
            }
        }
        _ => {}
    }
    if state.in_check() {
        return msg("learn.chess.hint.check");
    }
    msg("learn.chess.hint.engine").with("action", action)
}
