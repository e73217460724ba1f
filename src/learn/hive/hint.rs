//! The hint: the engine's move for the side to move (the table's bot at the normal level, or the
//! surrounding move where there is one), with one line of why, recognised from what the move
//! does to the table.

use super::solve::{Solver, free_count, settled};
use super::{G, Hint};
use crate::ai::Level;
use crate::i18n::{Explain, Message, msg};
use crate::rules::hive::board::{Board, Move};
use crate::rules::hive::movegen::{self, Scratch};
use crate::rules::hive::piece::{Colour, Creature, Piece, short_name};
use crate::rules::hive::words::describe;

/// Why a move is worth playing, as the hint recognises it, strongest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// It surrounds the other Elder: the game is won.
    Surrounds,
    /// The other side could surround this side's Elder on its next move; now it cannot.
    Defends,
    /// It takes one more cell around the other Elder (`taken` of six, after it).
    Closes { taken: u32 },
    /// An Owl climbs onto a piece of the other side, which cannot move while covered.
    Covers(Piece),
    /// A piece of the other side that could move before now holds the group together.
    Pins(Piece),
    /// It gives this side's Elder more free cells around it (`free` after it).
    Frees { free: u32 },
    /// It places the Elder (it must be on the table by the fourth turn).
    PlacesElder,
    /// None of the above: the engine's choice.
    Plain,
}

impl Reason {
    /// The reason's key in the strings.
    pub fn key(self) -> &'static str {
        match self {
            Reason::Surrounds => "learn.hive.hint.surrounds",
            Reason::Defends => "learn.hive.hint.defends",
            Reason::Closes { .. } => "learn.hive.hint.closes",
            Reason::Covers(_) => "learn.hive.hint.covers",
            Reason::Pins(_) => "learn.hive.hint.pins",
            Reason::Frees { .. } => "learn.hive.hint.frees",
            Reason::PlacesElder => "learn.hive.hint.places_elder",
            Reason::Plain => "learn.hive.hint.plain",
        }
    }
}

/// The pieces of `colour` that could move if it were their turn in `board`.
fn movers(board: &Board, colour: Colour, scratch: &mut Scratch) -> u32 {
    let mut b = board.clone();
    if b.to_move() != colour {
        b.apply(Move::Pass);
    }
    let mut moves = Vec::new();
    movegen::generate(&b, scratch, &mut moves);
    moves
        .iter()
        .filter_map(|m| match m {
            Move::Shift { piece, .. } => Some(1u32 << piece.index()),
            _ => None,
        })
        .fold(0, |a, b| a | b)
}

/// Whether `colour`'s opponent could surround `colour`'s Elder with its very next move, if it
/// were its turn in `board`.
fn threatened(board: &Board, colour: Colour, solver: &mut Solver) -> bool {
    let mut b = board.clone();
    if b.to_move() == colour {
        b.apply(Move::Pass);
    }
    free_count(&b, colour) == 1 && solver.mates(&mut b, 1)
}

/// What `m`, legal in `state`, does, as the hint words it.
pub fn reason(state: &G, m: Move) -> Reason {
    let me = state.to_move();
    let them = me.other();
    let before = state.board();
    let mut after = before.clone();
    after.apply(m);
    if settled(&after, me) == Some(true) {
        return Reason::Surrounds;
    }
    let mut solver = Solver::new();
    if threatened(before, me, &mut solver) && !threatened(&after, me, &mut solver) {
        return Reason::Defends;
    }
    let taken = |b: &Board| 6 - free_count(b, them).min(6);
    if before.is_placed(Piece::elder(them)) && taken(&after) > taken(before) {
        return Reason::Closes {
            taken: taken(&after),
        };
    }
    if let Move::Shift { piece, to, .. } = m
        && piece.creature() == Creature::Owl
        && let Some(under) = before.top(to)
        && under.colour() == them
    {
        return Reason::Covers(under);
    }
    let mut scratch = Scratch::new();
    let could = movers(before, them, &mut scratch);
    let pinned = movegen::pinned(&after, &mut scratch);
    if let Some(p) = Piece::of(them).find(|p| {
        let bit = 1 << p.index();
        could & bit != 0 && pinned & bit != 0 && after.is_on_top(*p)
    }) {
        return Reason::Pins(p);
    }
    if before.is_placed(Piece::elder(me)) && free_count(&after, me) > free_count(before, me) {
        return Reason::Frees {
            free: free_count(&after, me),
        };
    }
    if m.piece() == Some(Piece::elder(me)) && matches!(m, Move::Place { .. }) {
        return Reason::PlacesElder;
    }
    Reason::Plain
}

/// The line of why `m` (legal in `state`) is played.
pub fn why(state: &G, m: Move) -> Message {
    let me = state.to_move();
    let them = me.other();
    let board = state.board();
    let reason = reason(state, m);
    let piece = || m.piece().map_or_else(|| msg("hive.move.pass"), short_name);
    let line = msg(reason.key());
    match reason {
        Reason::Surrounds => line
            .with_words("piece", piece())
            .with_words("colour", them.explain()),
        Reason::Defends => line
            .with_words("action", describe(board, m))
            .with_words("colour", them.explain()),
        Reason::Closes { taken } => line
            .with_words("piece", piece())
            .with_words("colour", them.explain())
            .with("taken", taken),
        Reason::Covers(p) => line.with_words("piece", p.explain()),
        Reason::Pins(p) => line
            .with_words("action", describe(board, m))
            .with_words("piece", p.explain()),
        Reason::Frees { free } => line.with_words("piece", piece()).with("free", free),
        Reason::PlacesElder => line,
        Reason::Plain => line.with_words("action", describe(board, m)),
    }
}

/// The suggested move for the side to move in `state` and why: a move that surrounds the other
/// Elder at once where there is one, else the engine's choice at the normal level (its noise
/// drawn from `seed`). `None` once the game is over.
pub fn hint(state: &G, seed: u64) -> Option<Hint<G>> {
    if state.outcome().is_some() {
        return None;
    }
    let mut board = state.board().clone();
    let action = match Solver::new().winning_moves(&mut board, 1).first() {
        Some(&m) => m,
        None => crate::ai::choose(state, Level::Normal, seed)?,
    };
    Some(Hint {
        action,
        why: why(state, action),
    })
}
