//! Ash & Walnut: its course of lessons ([`lessons`]), its puzzles ([`puzzles`], proved by the
//! exact search of [`solve`]) and its hint ([`hint`]) (see `learn`).

pub mod hint;
pub mod lessons;
pub mod puzzles;
pub mod solve;

use super::{Answer, Hint, Lesson, Puzzle, PuzzleSet};

pub use puzzles::{DEPTH, Options};

/// The game's rules type.
pub type G = crate::rules::hive::State;

/// The course, in order.
pub fn course() -> Vec<Lesson<G>> {
    lessons::course()
}

/// Finds `options.count` puzzles in seeded engine games (see [`puzzles::generate`]). The set's
/// `depth` is [`DEPTH`]: every answer is proved to the player's third move (five plies).
pub fn generate(options: &Options) -> PuzzleSet {
    puzzles::generate(options)
}

/// Whether the puzzle's answer is correct and the only one, per the exact search; the error
/// says why not (see [`puzzles::check`]).
pub fn check(puzzle: &Puzzle) -> Result<(), String> {
    puzzles::check(puzzle)
}

/// A try at `puzzle`: `action` played in `state`, the player's `ply`-th action of the puzzle
/// (0 for the first).
pub fn judge(
    puzzle: &Puzzle,
    state: &G,
    action: &<G as crate::rules::Game>::Action,
    ply: u32,
) -> Answer {
    puzzles::judge(puzzle, state, action, ply)
}

/// The other side's answer in a puzzle of several moves, after the player's `ply`-th action.
pub fn reply(puzzle: &Puzzle, state: &G, ply: u32) -> Option<<G as crate::rules::Game>::Action> {
    puzzles::reply(puzzle, state, ply)
}

/// The engine's suggested action for the side to move, and why in one line.
pub fn hint(state: &G, seed: u64) -> Option<Hint<G>> {
    hint::hint(state, seed)
}
