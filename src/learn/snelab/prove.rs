//! An exhaustive proof search: whether the side to move forces a win within so many plies,
//! every answer of the other side looked at. It is the judge of the puzzles and of the hint's
//! "wins by force", independent of the engine's static score.
//!
//! A case is won at once by landing on the Bench, and the side to move with no legal action
//! loses; so "`a` wins within `n` plies" means: after `a` the mover stands on its Bench, or the
//! other side has no legal action, or (with `n` ≥ 3) the other side cannot land on its own
//! Bench at once and every one of its answers leaves a position the mover wins within `n − 2`.

use crate::ai::snelab::key_of;
use crate::rules::snelab::{Action, Position, apply_unchecked, legal_actions, scan};
use std::collections::HashMap;

/// One proof search, remembering what it has settled.
#[derive(Default)]
pub struct Prover {
    memo: HashMap<(u64, u32), bool>,
    /// Positions looked at, for the generator's curiosity.
    pub nodes: u64,
}

impl Prover {
    pub fn new() -> Prover {
        Prover::default()
    }

    /// Whether the side to move in `pos` forces a win within `plies` plies (its own actions are
    /// plies 1, 3, 5 …).
    pub fn wins_within(&mut self, pos: &Position, plies: u32) -> bool {
        if plies == 0 {
            return false;
        }
        self.nodes += 1;
        let s = scan(pos);
        if s.wins_now {
            return true;
        }
        if !s.any_action {
            return false;
        }
        let key = (key_of(pos), plies);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut actions = legal_actions(pos);
        order_attack(pos, &mut actions);
        let won = actions.iter().any(|a| self.wins_by(pos, a, plies));
        self.memo.insert(key, won);
        won
    }

    /// Whether `action` (legal in `pos`) wins for the side to move within `plies` plies.
    pub fn wins_by(&mut self, pos: &Position, action: &Action, plies: u32) -> bool {
        if plies == 0 {
            return false;
        }
        let me = pos.to_move();
        let next = apply_unchecked(pos, action);
        if next.on_bench(me) {
            return true;
        }
        let s = scan(&next);
        if !s.any_action {
            return true;
        }
        if s.wins_now || plies < 3 {
            return false;
        }
        let mut replies = legal_actions(&next);
        order_defence(&next, &mut replies);
        replies
            .iter()
            .all(|r| self.wins_within(&apply_unchecked(&next, r), plies - 2))
    }

    /// The fewest plies (odd, up to `max`) within which `action` wins, if it does.
    pub fn plies_to_win(&mut self, pos: &Position, action: &Action, max: u32) -> Option<u32> {
        (1..=max).step_by(2).find(|&n| self.wins_by(pos, action, n))
    }
}

/// How far the piece on a square has come from its own Counter.
fn advanced(pos: &Position, sq: crate::rules::snelab::Square) -> i32 {
    match pos.get(sq) {
        Some(p) => (sq.row as i32 - pos.court().counter_row(p.side) as i32).abs(),
        None => 0,
    }
}

/// The attacker's likely wins first: captures of far-advanced pieces, then the furthest advance.
fn order_attack(pos: &Position, actions: &mut [Action]) {
    let me = pos.to_move();
    let counter = pos.court().counter_row(me) as i32;
    actions.sort_by_key(|a| {
        let reach = (a.to().row as i32 - counter).abs();
        let take = if a.is_capture() {
            100 + advanced(pos, a.to())
        } else {
            0
        };
        -(take + reach * 10)
    });
}

/// The defender's likely saves first: captures of the attacker's most advanced pieces.
fn order_defence(pos: &Position, actions: &mut [Action]) {
    actions.sort_by_key(|a| {
        if a.is_capture() {
            -(100 + advanced(pos, a.to()) * 10)
                + a.payment().map_or(0, |p| p.squares().len() as i32)
        } else {
            0
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::snelab::apply;

    fn pos(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn a_bench_landing_wins_in_one_and_a_free_run_in_three() {
        // The Bailiff on e6 lands on e7 at once.
        let p = pos("b6/4B2/7/7/7/7/7 S +a");
        let mut prover = Prover::new();
        assert!(prover.wins_within(&p, 1));
        // From e5 it needs two moves, and North's Bailiff on a7 cannot stop it.
        let p = pos("b6/7/4B2/7/7/7/7 S +a");
        assert!(!prover.wins_within(&p, 1));
        assert!(prover.wins_within(&p, 3));
        let a = "e5-e6".parse().unwrap();
        assert_eq!(prover.plies_to_win(&p, &a, 5), Some(3));
    }

    #[test]
    fn a_defender_who_can_pay_to_capture_refutes_the_run() {
        // North's Advocate on d7 takes e6 on the way (d6, then e6), paying with its Bailiff.
        let p = pos("b2a3/7/4B2/7/7/7/7 S +a");
        let e = "e5-e6".parse().unwrap();
        let mut prover = Prover::new();
        assert!(!prover.wins_by(&p, &e, 3));
        let after = apply(&p, &e).unwrap();
        assert!(
            legal_actions(&after)
                .iter()
                .any(|a| a.is_capture() && a.to() == e.to()),
            "North can take the Bailiff"
        );
    }

    #[test]
    fn leaving_the_other_side_without_a_move_wins() {
        let p = pos("7/7/3b3/7/3B3/7/6J S +a");
        let a = "d3-d4".parse().unwrap();
        assert!(Prover::new().wins_by(&p, &a, 1));
    }
}
