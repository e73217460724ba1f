//! Helpers for the table: where a lifted piece may go (the rings), and each move in words for
//! the "All my moves" list. All English wording lives in [`describe`], for later translation.

use super::board::{Board, Move};
use super::hex::{Direction, Hex};
use super::piece::{Colour, Creature, Piece};
use super::state::State;

/// Cells where the player to move may place the next piece of `creature` from the reserve.
pub fn placement_destinations(state: &State, creature: Creature) -> Vec<Hex> {
    let mut out: Vec<Hex> = state
        .legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Place { piece, to } if piece.creature() == creature => Some(to),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// Cells where a piece on the table may move to now (empty if it is not the mover's piece, is
/// covered, holds the group together, or the game is over).
pub fn move_destinations(state: &State, piece: Piece) -> Vec<Hex> {
    let mut out: Vec<Hex> = state
        .legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Shift { piece: p, to, .. } if p == piece => Some(to),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// A neighbour of `cell` to name it by: its top piece and the direction from it to `cell`,
/// never the moving piece itself.
fn landmark(board: &Board, mover: Piece, cell: Hex) -> Option<(Piece, Direction)> {
    Direction::ALL.into_iter().find_map(|d| {
        let n = cell.step(d);
        let stack = board.stack(n);
        let top = stack.top()?;
        if top != mover {
            return Some((top, d.opposite()));
        }
        let h = stack.height();
        (h > 1)
            .then(|| stack.pieces().nth(h - 2))
            .flatten()
            .map(|p| (p, d.opposite()))
    })
}

/// A move in plain English, as seen in the position `board` before it, e.g. "Otter 2 from
/// beside the ash Elder to the left of the walnut Hare 1". The only place with English words
/// for moves.
pub fn describe(board: &Board, m: Move) -> String {
    fn side(d: Direction) -> &'static str {
        match d {
            Direction::East => "to the right of",
            Direction::West => "to the left of",
            Direction::NorthEast => "above and to the right of",
            Direction::NorthWest => "above and to the left of",
            Direction::SouthEast => "below and to the right of",
            Direction::SouthWest => "below and to the left of",
        }
    }
    fn creature(c: Creature) -> &'static str {
        match c {
            Creature::Elder => "Elder",
            Creature::Owl => "Owl",
            Creature::Hare => "Hare",
            Creature::Fox => "Fox",
            Creature::Otter => "Otter",
        }
    }
    fn short(p: Piece) -> String {
        if p.creature().count() > 1 {
            format!("{} {}", creature(p.creature()), p.number())
        } else {
            creature(p.creature()).to_string()
        }
    }
    fn full(p: Piece) -> String {
        let colour = match p.colour() {
            Colour::Ash => "ash",
            Colour::Walnut => "walnut",
        };
        format!("the {colour} {}", short(p))
    }
    let target = |piece: Piece, to: Hex| -> String {
        if let Some(top) = board.top(to) {
            return format!("onto {}", full(top));
        }
        match landmark(board, piece, to) {
            Some((p, d)) => format!("{} {}", side(d), full(p)),
            None => "in the middle of the table".to_string(),
        }
    };
    match m {
        Move::Pass => "Pass (no other move is possible)".to_string(),
        Move::Place { piece, to } => {
            format!("Place {} {}", short(piece), target(piece, to))
        }
        Move::Shift { piece, from, to } => {
            let stack = board.stack(from);
            let origin = if stack.height() > 1 {
                stack
                    .pieces()
                    .nth(stack.height() - 2)
                    .map(|p| format!("from on top of {}", full(p)))
            } else {
                landmark(board, piece, from).map(|(p, _)| format!("from beside {}", full(p)))
            };
            let target = target(piece, to);
            match origin {
                Some(o) => format!("{} {o} {target}", short(piece)),
                None => format!("{} {target}", short(piece)),
            }
        }
    }
}
