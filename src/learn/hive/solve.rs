//! The exact search behind the puzzles: can the side to move surround the other Elder within
//! `k` of its own moves, whatever the other side does?
//!
//! It works on the bare [`Board`] (the repetition rule and the ply limit are the puzzles' own
//! business: a puzzle is only taken where neither can matter within its moves, see
//! `puzzles::history_is_quiet`). Pruning is sound, never a guess:
//! - one move fills at most one cell around an Elder, so the last move needs exactly one free
//!   neighbour, and only moves onto it are tried;
//! - with two moves left the other Elder can have at most three free neighbours: the last move
//!   needs one, the other side's move before it can take at most one away (an Elder that steps
//!   lands beside at least two empty cells: the cell it left and the open side of the gap it
//!   slid through), and the first move at most one more;
//! - the other side's replies are tried most-freeing first, so a refutation is met early.

use crate::rules::hive::board::{Board, Move};
use crate::rules::hive::hex::Direction;
use crate::rules::hive::movegen::{self, Scratch};
use crate::rules::hive::piece::{Colour, Piece};

/// The free cells around `colour`'s Elder, as a ring of six bits (bit `d` for the neighbour in
/// `Direction::ALL[d]`); `None` while the Elder is in the reserve.
pub fn free_ring(board: &Board, colour: Colour) -> Option<u8> {
    let at = board.position(Piece::elder(colour))?;
    Some(!board.neighbour_mask(at.cell()) & 63)
}

/// How many cells around `colour`'s Elder are free (7 while it is in the reserve: it cannot be
/// surrounded at all).
pub fn free_count(board: &Board, colour: Colour) -> u32 {
    free_ring(board, colour).map_or(7, u8::count_ones)
}

/// How a position stands for `player` once a move has been made: `Some(true)` won (the other
/// Elder surrounded, not their own), `Some(false)` lost or drawn by surrounding, `None` on.
pub fn settled(board: &Board, player: Colour) -> Option<bool> {
    match (
        board.elder_surrounded(player.other()),
        board.elder_surrounded(player),
    ) {
        (true, false) => Some(true),
        (false, false) => None,
        _ => Some(false),
    }
}

/// The search, with its work memory.
pub struct Solver {
    scratch: Scratch,
    lists: Vec<Vec<Move>>,
    /// Positions visited, for measuring.
    pub nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            scratch: Scratch::new(),
            lists: Vec::new(),
            nodes: 0,
        }
    }

    /// Every legal move of the side to move in `board` (a lone pass when nothing else is).
    pub fn moves(&mut self, board: &Board) -> Vec<Move> {
        let mut out = Vec::new();
        movegen::generate(board, &mut self.scratch, &mut out);
        out
    }

    fn list(&mut self, level: usize, board: &Board) -> Vec<Move> {
        while self.lists.len() <= level {
            self.lists.push(Vec::with_capacity(256));
        }
        let mut list = std::mem::take(&mut self.lists[level]);
        movegen::generate(board, &mut self.scratch, &mut list);
        list
    }

    fn give_back(&mut self, level: usize, list: Vec<Move>) {
        self.lists[level] = list;
    }

    /// Whether the side to move in `board` (a position still on) surrounds the other Elder
    /// within `k` of its own moves against any defence, `k` from 1 to 3.
    pub fn mates(&mut self, board: &mut Board, k: u32) -> bool {
        self.nodes += 1;
        let me = board.to_move();
        let them = me.other();
        let Some(elder) = board.position(Piece::elder(them)) else {
            return false;
        };
        let ring = !board.neighbour_mask(elder.cell()) & 63;
        let free = ring.count_ones();
        if k == 0 || (k <= 2 && free > 2 * k - 1) {
            return false;
        }
        let level = 2 * k as usize;
        let mut moves = self.list(level, board);
        if k == 1 {
            // The only cell a last move can fill.
            let cell = elder.step(Direction::ALL[ring.trailing_zeros() as usize]);
            moves.retain(|m| m.to() == Some(cell));
        } else {
            // Moves that close in on the other Elder first.
            moves.sort_by_key(|m| match m.to() {
                Some(to) if to.distance(elder) == 1 && !board.occupied(to) => 0,
                _ => 1,
            });
        }
        let mut found = false;
        for &m in &moves {
            board.apply(m);
            let ok = match settled(board, me) {
                Some(won) => won,
                None => k > 1 && !self.holds(board, k - 1),
            };
            board.revert(m);
            if ok {
                found = true;
                break;
            }
        }
        self.give_back(level, moves);
        found
    }

    /// Whether the side to move in `board` (a position still on) avoids being surrounded within
    /// the other side's next `k` moves, by some reply.
    pub fn holds(&mut self, board: &mut Board, k: u32) -> bool {
        self.nodes += 1;
        let me = board.to_move();
        let level = 2 * k as usize + 1;
        let moves = self.list(level, board);
        // Each reply with how free it leaves this side's Elder; the freest first.
        let mut scored: Vec<(u32, Move)> = Vec::with_capacity(moves.len());
        let mut escaped = false;
        for &m in &moves {
            board.apply(m);
            let result = settled(board, me.other());
            let free = free_count(board, me);
            board.revert(m);
            match result {
                // A reply that surrounds the other Elder (or both): not lost.
                Some(false) => {
                    escaped = true;
                    break;
                }
                // A reply that surrounds its own Elder only: never a defence.
                Some(true) => {}
                None => scored.push((free, m)),
            }
        }
        self.give_back(level, moves);
        if escaped {
            return true;
        }
        scored.sort_by_key(|&(free, _)| std::cmp::Reverse(free));
        for (_, m) in scored {
            board.apply(m);
            let mated = self.mates(board, k);
            board.revert(m);
            if !mated {
                return true;
            }
        }
        false
    }

    /// The fewest of its own moves (1 to `k`) in which the side to move surrounds the other
    /// Elder against any defence, if it can within `k`.
    pub fn distance(&mut self, board: &mut Board, k: u32) -> Option<u32> {
        (1..=k).find(|&j| self.mates(board, j))
    }

    /// The first moves of the side to move that surround the other Elder within `k` moves
    /// against any defence (a move that surrounds both Elders is a draw, never one of them).
    pub fn winning_moves(&mut self, board: &mut Board, k: u32) -> Vec<Move> {
        let me = board.to_move();
        let moves = self.moves(board);
        let mut out = Vec::new();
        for m in moves {
            board.apply(m);
            let ok = match settled(board, me) {
                Some(won) => won,
                None => k > 1 && !self.holds(board, k - 1),
            };
            board.revert(m);
            if ok {
                out.push(m);
            }
        }
        out
    }
}
