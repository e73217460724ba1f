//! Ash & Walnut under the soak: games from the empty table and from hand-made positions, with
//! undo after every move.

use super::Soak;
use crate::rules::hive::{Board, Colour, Creature, Hex, Move, Piece, State};
use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// The board rebuilt from its stacks alone: its hash is then computed from scratch.
fn rebuilt(board: &Board) -> Board {
    let mut b = Board::new();
    for (_, h) in board.tops() {
        for p in board.stack(h).pieces() {
            b.put(p, h);
        }
    }
    b.set_ply(board.ply() as u16);
    b
}

/// A hand-made position: the table after some random moves, set up anew (no history).
fn hand_made(rng: &mut ChaCha8Rng) -> State {
    let mut s = State::new();
    for _ in 0..rng.random_range(1..60) {
        let moves = s.legal_moves();
        let Some(&m) = moves.choose(rng) else { break };
        if s.play(m).is_err() {
            break;
        }
    }
    let board = s.board();
    let stacks: Vec<(Hex, Vec<Piece>)> = board
        .tops()
        .map(|(_, h)| (h, board.stack(h).pieces().collect()))
        .collect();
    let refs: Vec<(Hex, &[Piece])> = stacks.iter().map(|(h, p)| (*h, &p[..])).collect();
    State::setup(&refs, board.ply()).unwrap_or_default()
}

fn random_piece(rng: &mut ChaCha8Rng) -> Piece {
    Piece::all()
        .nth(rng.random_range(0..22))
        .unwrap_or(Piece::elder(Colour::Ash))
}

/// A cell near the group (or, now and then, far from it).
fn near_cell(board: &Board, rng: &mut ChaCha8Rng) -> Hex {
    let tops: Vec<Hex> = board.tops().map(|(_, h)| h).collect();
    let base = tops.choose(rng).copied().unwrap_or(Hex::new(0, 0));
    if rng.random_ratio(1, 10) {
        return Hex::new(rng.random_range(-40..40), rng.random_range(-40..40));
    }
    Hex::new(
        base.q + rng.random_range(-2..=2),
        base.r + rng.random_range(-2..=2),
    )
}

impl Soak for State {
    type Keep = ();
    const SAMPLE: usize = 4;
    const PROBES: usize = 4;
    const DEEP_EVERY: u64 = 16;

    fn soak_opening(rng: &mut ChaCha8Rng) -> State {
        if rng.random_ratio(1, 5) {
            hand_made(rng)
        } else {
            State::new()
        }
    }

    fn opening_label(&self) -> &'static str {
        if self.start().occupied_cells() == 0 {
            "games from the empty table"
        } else {
            "games from a hand-made position"
        }
    }

    fn action_label(&self, m: &Move) -> &'static str {
        match m {
            Move::Place { .. } => "placement",
            Move::Shift { from, .. } if self.board().height(*from) > 1 => "move off a stack (Owl)",
            Move::Shift { to, .. } if self.board().occupied(*to) => "move onto a stack (Owl)",
            Move::Shift { .. } => "move",
            Move::Pass => "pass",
        }
    }

    fn hash_check(&self) -> Result<(), String> {
        let board = self.board();
        let fresh = rebuilt(board);
        if fresh.hash() != board.hash() {
            return Err(format!(
                "kept hash {:#x}, from scratch {:#x}",
                board.hash(),
                fresh.hash()
            ));
        }
        if fresh != *board {
            return Err("the board differs from one rebuilt from its stacks".into());
        }
        if fresh.position_key() != board.position_key() {
            return Err("the repetition key differs from the rebuilt board's".into());
        }
        Ok(())
    }

    fn count_check(&self, _: &State) -> Result<(), String> {
        let board = self.board();
        let mut on_table = 0;
        for (_, h) in board.tops() {
            let stack = board.stack(h);
            if stack.height() > crate::rules::hive::board::MAX_HEIGHT {
                return Err(format!("a stack of {} at {h:?}", stack.height()));
            }
            for (level, p) in stack.pieces().enumerate() {
                on_table += 1;
                if level > 0 && p.creature() != Creature::Owl {
                    return Err(format!("{} above the ground at {h:?}", p.notation()));
                }
                if board.position(p) != Some(h) {
                    return Err(format!(
                        "{} is in the stack at {h:?} but not there",
                        p.notation()
                    ));
                }
            }
        }
        let placed = Piece::all().filter(|&p| board.is_placed(p)).count();
        if placed != on_table {
            return Err(format!("{placed} pieces placed, {on_table} in the stacks"));
        }
        for colour in Colour::BOTH {
            for creature in board.game_type().creatures() {
                let out = Piece::all()
                    .filter(|p| p.colour() == colour && p.creature() == creature)
                    .filter(|&p| board.is_placed(p))
                    .count();
                let reserve = board.reserve_count(colour, creature);
                if out + reserve != creature.count() as usize {
                    return Err(format!(
                        "{colour:?} {creature:?}: {out} on the table, {reserve} in reserve"
                    ));
                }
            }
        }
        if !board.is_one_group() {
            return Err("the pieces are not one group".into());
        }
        // Each Elder is on the table once its player has had four turns (from the empty table).
        if self.start().occupied_cells() == 0 {
            for (colour, after) in [(Colour::Ash, 7), (Colour::Walnut, 8)] {
                if board.ply() >= after && !board.is_placed(Piece::elder(colour)) {
                    return Err(format!(
                        "{colour:?}'s Elder is not placed by its fourth turn"
                    ));
                }
            }
        }
        Ok(())
    }

    fn text_view(&self) -> Option<State> {
        (self.start().occupied_cells() == 0).then(|| self.clone())
    }

    fn probe(&self, listed: &[Move], rng: &mut ChaCha8Rng) -> Move {
        let board = self.board();
        if let Some(&m) = listed.choose(rng)
            && rng.random_bool(0.6)
        {
            return match m {
                Move::Place { piece, to } => match rng.random_range(0..3) {
                    0 => Move::Place {
                        piece,
                        to: near_cell(board, rng),
                    },
                    1 => Move::Place {
                        piece: random_piece(rng),
                        to,
                    },
                    _ => Move::Shift {
                        piece,
                        from: to,
                        to: near_cell(board, rng),
                    },
                },
                Move::Shift { piece, from, to } => match rng.random_range(0..3) {
                    0 => Move::Shift {
                        piece,
                        from,
                        to: near_cell(board, rng),
                    },
                    1 => Move::Shift {
                        piece: random_piece(rng),
                        from,
                        to,
                    },
                    _ => Move::Place { piece, to },
                },
                Move::Pass => Move::Place {
                    piece: random_piece(rng),
                    to: near_cell(board, rng),
                },
            };
        }
        let piece = random_piece(rng);
        match rng.random_range(0..5) {
            0 => Move::Pass,
            1 | 2 => Move::Place {
                piece,
                to: near_cell(board, rng),
            },
            _ => Move::Shift {
                piece,
                from: board
                    .position(piece)
                    .unwrap_or_else(|| near_cell(board, rng)),
                to: near_cell(board, rng),
            },
        }
    }

    fn keep_new(_: &State) {}

    /// Apply then undo gives back the very state, history and all.
    fn keep_played(
        _: &mut (),
        before: &State,
        m: &Move,
        after: &State,
        _: &Move,
    ) -> Result<(), String> {
        let mut back = after.clone();
        let undone = back.undo().map_err(|e| format!("undo refused: {e}"))?;
        if undone != *m {
            return Err(format!("undo took back {undone:?}, not {m:?}"));
        }
        if back != *before {
            return Err(format!("undo of {m:?} gives {back:?}, not {before:?}"));
        }
        let mut again = back;
        again
            .play(*m)
            .map_err(|e| format!("{m:?} refused after undo: {e}"))?;
        if again != *after {
            return Err(format!("{m:?} played again after undo gives another state"));
        }
        Ok(())
    }

    fn keep_undone(_: &mut (), from: &State, to: &State) -> Result<(), String> {
        let mut back = from.clone();
        back.undo().map_err(|e| format!("undo refused: {e}"))?;
        if back != *to {
            return Err(format!("undo gives {back:?}, not {to:?}"));
        }
        Ok(())
    }
}
