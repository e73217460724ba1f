//! The static evaluation of a position: Elder liberties, which pieces can move, pinned pieces,
//! Otters in play, Owls on top.

use crate::rules::hive::board::{Bits, Board};
use crate::rules::hive::movegen::{Scratch, pinned_rings, slides, touching};
use crate::rules::hive::piece::{Colour, Creature, PIECE_COUNT, Piece};

/// Pressure on an Elder by the number of its occupied neighbours (six is the end of the game).
const ELDER_PRESSURE: [i32; 7] = [0, 12, 35, 80, 170, 360, 0];

/// The position for the player to move, in points (an Elder neighbour is worth tens).
pub fn evaluate(board: &Board, scratch: &mut Scratch) -> i32 {
    // The evaluation needs no work memory now; the parameter stays for callers.
    let _ = scratch;
    let mut rings = [0u8; PIECE_COUNT];
    let pinned = pinned_rings(board, u32::MAX, &mut rings);
    let mut score = [0i32; 2];
    // Each Elder's storage cell, if it is on the table.
    let mut elder_cell = [None; 2];
    for c in Colour::BOTH {
        let e = Piece::elder(c);
        let Some(h) = board.position(e) else {
            continue;
        };
        let cell = h.cell();
        elder_cell[c.index()] = Some(cell);
        let on_top = board.is_on_top(e);
        let ring = if on_top {
            rings[e.index()]
        } else {
            board.neighbour_mask(cell)
        };
        let s = &mut score[c.index()];
        *s -= ELDER_PRESSURE[ring.count_ones() as usize];
        // An Elder that can still step away is harder to trap.
        if pinned & (1 << e.index()) == 0 && on_top && slides(ring) != 0 {
            *s += 15;
        }
    }
    for i in Bits(board.top_pieces()) {
        let Some(p) = Piece::from_index(i) else {
            continue;
        };
        let c = p.colour();
        let cell = board.at_index(i).cell();
        let near_their_elder = elder_cell[c.other().index()].is_some_and(|e| touching(e, cell));
        let s = &mut score[c.index()];
        if pinned & (1 << i) != 0 {
            *s -= 6;
            if near_their_elder {
                // A pinned piece at the other Elder stays there: lasting pressure.
                *s += 10;
            }
            continue;
        }
        let creature = p.creature();
        let free = match creature {
            Creature::Owl | Creature::Hare | Creature::Squirrel => true,
            _ => slides(rings[i]) != 0,
        };
        if !free {
            continue;
        }
        *s += match creature {
            Creature::Otter => 22,
            Creature::Owl => 12,
            Creature::Hare => 8,
            Creature::Fox => 7,
            Creature::Elder => 0,
            // The expansion creatures: first weights, not tuned yet.
            Creature::Jay => 16,
            Creature::Squirrel => 14,
            Creature::Hedgehog => 10,
        };
        if creature == Creature::Owl && board.code(cell) >> 5 != 0 {
            *s += 20;
            let h = board.at_index(i);
            let height = board.height(h);
            if let Some(below) = board.stack(h).pieces().nth(height - 2)
                && below.creature() == Creature::Elder
                && below.colour() != c
            {
                *s += 40;
            }
        }
        if near_their_elder {
            *s += 4;
        }
    }
    let me = board.to_move();
    score[me.index()] - score[me.other().index()] + 5
}
