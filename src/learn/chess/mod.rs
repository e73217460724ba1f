//! Artifact Chess: its course of lessons ([`lessons`]), its puzzles ([`puzzles`]) and its hint
//! ([`hint`]) (see `learn`).

pub mod hint;
pub mod lessons;
pub mod puzzles;

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

/// Finds `options.count` puzzles from seeded self-play, each checked by [`check`]'s measure
/// (see [`puzzles`] for the exact definition); the same seed gives the same set.
pub fn generate(options: &Options) -> PuzzleSet {
    puzzles::generate(options.count, options.seed)
}

/// Whether the puzzle's answer is correct and the only one at [`puzzles::DEPTH`] plies,
/// counted again from its position text; the error says why not.
pub fn check(puzzle: &Puzzle) -> Result<(), String> {
    puzzles::check(puzzle)
}

/// A try at `puzzle`: `action` played in `state`, the player's `ply`-th action of the puzzle
/// (0 for the first). Every chess puzzle is one action: the answer solves it.
pub fn judge(
    puzzle: &Puzzle,
    state: &G,
    action: &<G as crate::rules::Game>::Action,
    ply: u32,
) -> Answer {
    puzzles::judge(puzzle, state, action, ply)
}

/// The other side's answer in a puzzle of several moves: none, every chess puzzle is one
/// action.
pub fn reply(puzzle: &Puzzle, state: &G, ply: u32) -> Option<<G as crate::rules::Game>::Action> {
    let _ = (puzzle, state, ply);
    None
}

/// The engine's suggested action for the side to act (at Normal), and why in one line.
pub fn hint(state: &G, seed: u64) -> Option<Hint<G>> {
    hint::hint(state, seed)
}

/// The line shown after a puzzle is solved: the answer's chance and the next best's, in whole
/// percent (`learn.chess.puzzle.after`); `None` for a puzzle without them.
pub fn after(puzzle: &Puzzle) -> Option<crate::i18n::Message> {
    let percent = |p: f64| format!("{:.0}", p * 100.0);
    Some(
        crate::i18n::msg("learn.chess.puzzle.after")
            .with("percent", percent(puzzle.odds?))
            .with("next", percent(puzzle.next_best?)),
    )
}
