//! The static evaluation of a position: Elder liberties, which pieces can move, pinned pieces,
//! Otters in play, Owls (and Jays) on top, and the Hedgehog's carry beside the Elders.

use crate::rules::hive::board::{Bits, Board};
use crate::rules::hive::hex::GRID_CELLS;
use crate::rules::hive::movegen::{STEPS, Scratch, pinned_rings, slides, touching};
use crate::rules::hive::piece::{Colour, Creature, PIECE_COUNT, Piece};

/// Pressure on an Elder by the number of its occupied neighbours (six is the end of the game).
const ELDER_PRESSURE: [i32; 7] = [0, 12, 35, 80, 170, 360, 0];

/// [`ELDER_PRESSURE`] by half neighbours: a neighbour of the Elder's own colour that can step
/// away counts half.
const PRESSURE_HALVES: [i32; 13] = {
    let mut t = [0; 13];
    let mut n = 0;
    while n < 6 {
        t[2 * n] = ELDER_PRESSURE[n];
        let next = if n == 5 { 600 } else { ELDER_PRESSURE[n + 1] };
        t[2 * n + 1] = (ELDER_PRESSURE[n] + next) / 2;
        n += 1;
    }
    t
};

/// A carrier (Hedgehog, or Jay beside one) touching its own movable Elder, with a cell to drop
/// it on that has room around it: the Elder can be lifted out of a closing ring.
const CARRY_DEFENCE: i32 = 50;

/// A carrier touching the other player's movable Elder: it can lift that Elder into a pocket,
/// or lift pieces into the Elder's free neighbours.
const CARRY_ATTACK: i32 = 15;

/// The neighbour of storage cell `cell` in direction `d` ([`Direction::ALL`]'s order).
///
/// [`Direction::ALL`]: crate::rules::hive::hex::Direction::ALL
#[inline]
pub(super) fn neighbour(cell: usize, d: usize) -> usize {
    (cell + STEPS[d]) & (GRID_CELLS - 1)
}

/// What a free piece of a creature is worth (the timeout move weighs pieces by it too).
pub(super) const fn mobility(creature: Creature) -> i32 {
    match creature {
        Creature::Otter => 22,
        Creature::Owl => 12,
        Creature::Hare => 8,
        Creature::Fox => 7,
        Creature::Elder => 0,
        Creature::Jay => 16,
        Creature::Squirrel => 14,
        Creature::Hedgehog => 10,
    }
}

/// Whether the piece on top of `cell` (on the ground, not stunned) can carry: a Hedgehog, or a
/// Jay touching one.
fn can_carry(board: &Board, cell: usize, p: Piece, stunned: Option<Piece>) -> bool {
    if Some(p) == stunned || board.code(cell) >> 5 != 0 {
        return false;
    }
    match p.creature() {
        Creature::Hedgehog => true,
        Creature::Jay => (0..6).any(|d| {
            board
                .cell_top(neighbour(cell, d))
                .is_some_and(|t| t.creature() == Creature::Hedgehog)
        }),
        _ => false,
    }
}

/// The position for the player to move, in points (an Elder neighbour is worth tens).
pub fn evaluate(board: &Board, scratch: &mut Scratch) -> i32 {
    // The evaluation needs no work memory now; the parameter stays for callers.
    let _ = scratch;
    let mut rings = [0u8; PIECE_COUNT];
    let pinned = pinned_rings(board, u32::MAX, &mut rings);
    let mut score = [0i32; 2];
    let carrying = board.game_type().has(Creature::Hedgehog);
    let stunned = board.stunned();
    // Each Elder's storage cell, if it is on the table.
    let mut elder_cell = [None; 2];
    for c in Colour::BOTH {
        elder_cell[c.index()] = board.position(Piece::elder(c)).map(|h| h.cell());
    }
    // Single pieces that can leave their cell.
    let mut free_set = 0u32;
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
        let stacked = board.code(cell) >> 5 != 0;
        // A Jay on top moves as an Owl; on the ground as what it touches.
        let (acts_as, free, worth) = if creature == Creature::Jay {
            if stacked {
                (Creature::Owl, true, mobility(Creature::Owl))
            } else {
                let mut worth = 0;
                let mut climbs = false;
                for d in Bits(u32::from(rings[i])) {
                    if let Some(t) = board.cell_top(neighbour(cell, d)) {
                        let tc = t.creature();
                        if tc != Creature::Jay {
                            worth = worth.max(mobility(tc));
                            climbs |=
                                matches!(tc, Creature::Owl | Creature::Hare | Creature::Squirrel);
                        }
                    }
                }
                (Creature::Jay, climbs || slides(rings[i]) != 0, worth)
            }
        } else {
            let free = match creature {
                Creature::Owl | Creature::Hare | Creature::Squirrel => true,
                _ => slides(rings[i]) != 0,
            };
            (creature, free, mobility(creature))
        };
        if !free {
            continue;
        }
        if !stacked {
            free_set |= 1 << i;
        }
        *s += worth;
        if acts_as == Creature::Owl && stacked {
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
    // Each Elder's storage cell, if it is on the table.
    for c in Colour::BOTH {
        let e = Piece::elder(c);
        let Some(h) = board.position(e) else {
            continue;
        };
        let cell = h.cell();
        let on_top = board.is_on_top(e);
        let ring = if on_top {
            rings[e.index()]
        } else {
            board.neighbour_mask(cell)
        };
        let s = &mut score[c.index()];
        // Its own pieces that can step away weigh half.
        let mut half = 0;
        for d in Bits(u32::from(ring)) {
            if let Some(p) = board.cell_top(neighbour(cell, d))
                && p.colour() == c
                && free_set & (1 << p.index()) != 0
            {
                half += 1;
            }
        }
        let n = ring.count_ones() as usize;
        *s -= PRESSURE_HALVES[2 * n - half];
        // An Elder that can still step away is harder to trap.
        let movable = pinned & (1 << e.index()) == 0 && on_top && Some(e) != stunned;
        if movable && slides(ring) != 0 {
            *s += 15;
        }
        if !(carrying && movable) {
            continue;
        }
        // Carriers beside the Elder: one's own lifts it out, the other's moves it.
        for d in Bits(u32::from(ring)) {
            let k = neighbour(cell, d);
            let Some(p) = board.cell_top(k) else {
                continue;
            };
            if !can_carry(board, k, p, stunned) {
                continue;
            }
            if p.colour() == c {
                // The best drop cell: empty, touching the carrier, with room around it.
                let kring = board.neighbour_mask(k);
                let room = Bits(u32::from(!kring & 63))
                    .map(|x| {
                        let x = neighbour(k, x);
                        let crowd = board.neighbour_mask(x).count_ones() as usize
                            - usize::from(touching(x, cell));
                        6 - crowd
                    })
                    .max()
                    .unwrap_or(0);
                if room >= 3 {
                    score[c.index()] += CARRY_DEFENCE;
                }
            } else {
                score[c.other().index()] += CARRY_ATTACK;
            }
        }
    }
    let me = board.to_move();
    score[me.index()] - score[me.other().index()] + 5
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hive::hex::Direction;
    use crate::rules::hive::hex::ORIGIN;
    use crate::rules::hive::piece::GameType;

    /// Ash's Elder in the middle, Walnut's to its east with a Walnut Otter beyond, and `guard`
    /// of Ash touching both Elders; Ash to move.
    fn guarded(guard: Creature) -> Board {
        let mut board = Board::with_game(GameType::MLP);
        let east = ORIGIN.step(Direction::East);
        let piece = |c, k| Piece::new(c, k, 1).expect("a piece of the game");
        board.put(Piece::elder(Colour::Ash), ORIGIN);
        board.put(Piece::elder(Colour::Walnut), east);
        board.put(
            piece(Colour::Walnut, Creature::Otter),
            east.step(Direction::East),
        );
        board.put(piece(Colour::Ash, guard), ORIGIN.step(Direction::SouthEast));
        board.set_ply(4);
        board
    }

    /// A Hedgehog beside its own Elder (which it can lift away) is worth much more than a Fox
    /// in its place.
    #[test]
    fn a_hedgehog_beside_the_elders_counts() {
        let mut scratch = Scratch::new();
        let hedgehog = evaluate(&guarded(Creature::Hedgehog), &mut scratch);
        let fox = evaluate(&guarded(Creature::Fox), &mut scratch);
        assert!(
            hedgehog - fox >= CARRY_DEFENCE,
            "Hedgehog {hedgehog}, Fox {fox}"
        );
    }

    /// A Jay is worth what it touches: beside an Otter more than beside only an Elder.
    #[test]
    fn a_jay_is_worth_what_it_touches() {
        let mut scratch = Scratch::new();
        let mut otter = Board::with_game(GameType::MLP);
        let mut elder = Board::with_game(GameType::MLP);
        let jay = Piece::new(Colour::Ash, Creature::Jay, 1).expect("a piece of the game");
        let far = ORIGIN.step(Direction::West).step(Direction::West);
        for (board, friend) in [(&mut otter, Creature::Otter), (&mut elder, Creature::Elder)] {
            board.put(Piece::elder(Colour::Walnut), far.step(Direction::West));
            board.put(
                Piece::new(Colour::Walnut, Creature::Fox, 1).expect("a piece"),
                far,
            );
            board.put(
                Piece::new(Colour::Ash, friend, 1).expect("a piece"),
                ORIGIN.step(Direction::West),
            );
            board.put(jay, ORIGIN);
            board.set_ply(4);
        }
        let (o, e) = (
            evaluate(&otter, &mut scratch),
            evaluate(&elder, &mut scratch),
        );
        assert!(o > e, "beside an Otter {o}, beside an Elder {e}");
    }
}
