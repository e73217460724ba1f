//! A position on the court: the board, the side to move and the backward-capture rule.

use super::types::{Court, MAX_FILES, MAX_SQUARES, Piece, Rank, Side, Square};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The Counter row of the default court, left to right: weights 1 2 3 4 3 2 1.
pub const DEFAULT_COUNTER: [Rank; 7] = [
    Rank::Bailiff,
    Rank::Advocate,
    Rank::Barrister,
    Rank::Justice,
    Rank::Barrister,
    Rank::Advocate,
    Rank::Bailiff,
];

/// Everything the rules need to know. Saved (and compared in tests) as its court string.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Position {
    court: Court,
    /// Indexed by [`Square::index`]; squares off the court stay empty.
    board: [Option<Piece>; MAX_SQUARES],
    to_move: Side,
    backward_captures: bool,
}

impl Position {
    /// An empty court with South to move and backward captures on.
    pub fn empty(court: Court) -> Position {
        Position {
            court,
            board: [None; MAX_SQUARES],
            to_move: Side::South,
            backward_captures: true,
        }
    }

    /// The opening of the default 7 × 7 court: South to move, backward captures on.
    pub fn start() -> Position {
        Position::opening(Court::DEFAULT, &DEFAULT_COUNTER, Side::South, true)
            .expect("the default Counter fits the default court")
    }

    /// Each side's Counter filled with `counter` (as South sees it, left to right; North's row is
    /// the mirror image across the middle rank, so equal ranks face each other). `None` when
    /// `counter` is not as wide as the court.
    pub fn opening(
        court: Court,
        counter: &[Rank],
        opener: Side,
        backward_captures: bool,
    ) -> Option<Position> {
        if counter.len() != court.width() as usize {
            return None;
        }
        let mut pos = Position::empty(court);
        for (file, &rank) in counter.iter().enumerate() {
            for side in Side::BOTH {
                let sq = Square::new(file as u8, court.counter_row(side));
                pos.set(sq, Some(Piece::new(side, rank)));
            }
        }
        pos.to_move = opener;
        pos.backward_captures = backward_captures;
        Some(pos)
    }

    pub fn court(&self) -> Court {
        self.court
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn set_to_move(&mut self, side: Side) {
        self.to_move = side;
    }

    /// Whether a piece may run its route in reverse to capture (the "appeal" rule).
    pub fn backward_captures(&self) -> bool {
        self.backward_captures
    }

    pub fn set_backward_captures(&mut self, on: bool) {
        self.backward_captures = on;
    }

    /// The piece on `sq`; `None` for an empty square or one off the court.
    pub fn get(&self, sq: Square) -> Option<Piece> {
        if self.court.contains(sq) {
            self.board[sq.index()]
        } else {
            None
        }
    }

    /// Puts (or clears) a piece; squares off the court are ignored.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if self.court.contains(sq) {
            self.board[sq.index()] = piece;
        }
    }

    /// Every piece with its square, rank 1 first, files left to right.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        // Squares off the court are always empty, so the rows in use can be read straight
        // through: this is the innermost loop of every search.
        let cells = self.court.height() as usize * MAX_FILES as usize;
        self.board[..cells]
            .iter()
            .enumerate()
            .filter_map(|(i, cell)| cell.map(|p| (Square::at_index(i), p)))
    }

    /// How many pieces `side` has on the court.
    pub fn count(&self, side: Side) -> usize {
        self.pieces().filter(|(_, p)| p.side == side).count()
    }

    /// The sum of the weights of `side`'s pieces.
    pub fn total_weight(&self, side: Side) -> u32 {
        self.pieces()
            .filter(|(_, p)| p.side == side)
            .map(|(_, p)| p.weight() as u32)
            .sum()
    }

    /// Whether a piece of either side stands on its Bench: the case is over.
    pub fn bench_reached(&self) -> bool {
        self.on_bench(Side::South) || self.on_bench(Side::North)
    }

    /// Whether `side` has a piece on its Bench (the far row).
    pub fn on_bench(&self, side: Side) -> bool {
        let row = self.court.bench_row(side);
        (0..self.court.width()).any(
            |file| matches!(self.board[Square::new(file, row).index()], Some(p) if p.side == side),
        )
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
