//! Artifact Chess: its course of lessons ([`lessons`]), its puzzles ([`puzzles`]) and its hint
//! ([`hint`]) (see `learn`).

pub mod lessons;

pub use lessons::{ArmyLesson, Placement, army};

use super::{Answer, Hint, Lesson, Puzzle, PuzzleSet};

/// The game's rules type.
pub type G = crate::rules::chess::State;

/// The course, in order.
pub fn course() -> Vec<Lesson<G>> {
    lessons::course()
}

/// How puzzles are generated.
#[derive(Clone, Debug)]
pub struct Options {
    pub count: usize,
    pub seed: u64,
}

/// Finds `options.count` puzzles with the engine.
pub fn generate(options: &Options) -> PuzzleSet {
    PuzzleSet {
        game: "chess".into(),
        seed: options.seed,
        depth: 0,
        puzzles: Vec::new(),
    }
}

/// Whether the puzzle's answer is correct and the only one, per the engine; the error says why
/// not.
pub fn check(puzzle: &Puzzle) -> Result<(), String> {
    Err(format!("{}: not checked yet", puzzle.id))
}

/// A try at `puzzle`: `action` played in `state`, the player's `ply`-th action of the puzzle
/// (0 for the first).
pub fn judge(
    puzzle: &Puzzle,
    state: &G,
    action: &<G as crate::rules::Game>::Action,
    ply: u32,
) -> Answer {
    let _ = (puzzle, state, action, ply);
    Answer::Wrong
}

/// The other side's answer in a puzzle of several moves, after the player's `ply`-th action.
pub fn reply(puzzle: &Puzzle, state: &G, ply: u32) -> Option<<G as crate::rules::Game>::Action> {
    let _ = (puzzle, state, ply);
    None
}

/// The engine's suggested action for the side to move, and why in one line.
pub fn hint(state: &G, seed: u64) -> Option<Hint<G>> {
    let _ = (state, seed);
    None
}
