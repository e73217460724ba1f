//! Learning to play, without Bevy: each game's course of lessons ([`lesson`]), its practice
//! positions ([`puzzle`]), the texts a translator edits ([`texts`]), what the player has done
//! ([`Progress`], saved by the app), and the hint's action with its one line of why.
//!
//! Each game's module (`snelab`, `hive`, `chess`) offers the same things:
//! - `course() -> Vec<Lesson<G>>`: its lessons, in order;
//! - `generate(options) -> PuzzleSet` and `check(&Puzzle) -> Result<Judged, String>`: its
//!   puzzles, found and verified by its own engine (`tables puzzles <game>` regenerates
//!   `assets/puzzles/<game>.ron`);
//! - `judge(&Puzzle, &G, &G::Action, ply) -> Answer` and `reply(&Puzzle, &G, ply)`: a try at
//!   a puzzle, and the other side's answer in a puzzle of several moves;
//! - `hint(&G, seed) -> Option<Hint<G>>`: the engine's suggested action and why, in words.

pub mod chess;
pub mod hive;
pub mod lesson;
pub mod puzzle;
pub mod snelab;
pub mod texts;

pub use lesson::{Goal, Lesson, Run, Step, Try};
pub use puzzle::{Answer, Puzzle, PuzzleSet};

use crate::i18n::Message;
use crate::rules::{Game, GameKind};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The engine's suggestion at a table, and why, in one line of words.
#[derive(Clone, Debug)]
pub struct Hint<G: Game> {
    pub action: G::Action,
    pub why: Message,
}

/// What this device's player has learned: the lessons done and the puzzles solved, per game
/// (by their ids), whether the first-time offer of "Learn" was made, and hints used.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub lessons: BTreeMap<String, BTreeSet<String>>,
    pub puzzles: BTreeMap<String, BTreeSet<String>>,
    /// The first-time player was offered "Learn" (once).
    pub offered: bool,
}

impl crate::save::Saved for Progress {
    const KEY: &'static str = "learn";
    const VERSION: u32 = 1;
}

impl Progress {
    pub fn lesson_done(&self, game: GameKind, id: &str) -> bool {
        self.lessons
            .get(game.cli_name())
            .is_some_and(|s| s.contains(id))
    }

    /// Marks a lesson done; whether it was new.
    pub fn finish_lesson(&mut self, game: GameKind, id: &str) -> bool {
        self.lessons
            .entry(game.cli_name().to_string())
            .or_default()
            .insert(id.to_string())
    }

    pub fn lessons_done(&self, game: GameKind) -> usize {
        self.lessons.get(game.cli_name()).map_or(0, |s| s.len())
    }

    pub fn puzzle_solved(&self, game: GameKind, id: &str) -> bool {
        self.puzzles
            .get(game.cli_name())
            .is_some_and(|s| s.contains(id))
    }

    /// Marks a puzzle solved; whether it was new.
    pub fn solve_puzzle(&mut self, game: GameKind, id: &str) -> bool {
        self.puzzles
            .entry(game.cli_name().to_string())
            .or_default()
            .insert(id.to_string())
    }

    pub fn puzzles_solved(&self, game: GameKind) -> usize {
        self.puzzles.get(game.cli_name()).map_or(0, |s| s.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_counts_each_lesson_and_puzzle_once() {
        let mut p = Progress::default();
        assert!(p.finish_lesson(GameKind::Hive, "slide"));
        assert!(!p.finish_lesson(GameKind::Hive, "slide"));
        assert!(p.lesson_done(GameKind::Hive, "slide"));
        assert!(!p.lesson_done(GameKind::Chess, "slide"));
        assert_eq!(p.lessons_done(GameKind::Hive), 1);
        assert!(p.solve_puzzle(GameKind::Chess, "chess-001"));
        assert!(!p.solve_puzzle(GameKind::Chess, "chess-001"));
        assert_eq!(p.puzzles_solved(GameKind::Chess), 1);
        assert_eq!(p.puzzles_solved(GameKind::Snelab), 0);
    }
}
