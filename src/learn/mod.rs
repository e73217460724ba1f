//! Learning to play, without Bevy: each game's course of lessons ([`lesson`]), its practice
//! positions ([`puzzle`]), the texts a translator edits ([`texts`]), what the player has done
//! ([`Progress`], saved by the app), and the hint's action with its one line of why.
//!
//! Each game's module (`snelab`, `hive`, `chess`) offers the same things:
//! - `course() -> Vec<Lesson<G>>`: its lessons, in order;
//! - `generate(options) -> PuzzleSet` and `check(&Puzzle) -> Result<(), String>`: its
//!   puzzles, found and verified by its own engine (`tables puzzles <game>` regenerates
//!   `assets/puzzles/<game>.ron`);
//! - `judge(&Puzzle, &G, &G::Action, ply) -> Answer` and `reply(&Puzzle, &G, ply)`: a try at
//!   a puzzle, and the other side's answer in a puzzle of several moves;
//! - `hint(&G, seed) -> Option<Hint<G>>`: the engine's suggested action and why, in words.

pub mod chess;
pub mod coach;
pub mod hive;
pub mod lesson;
pub mod puzzle;
pub mod snelab;
pub mod texts;

pub use coach::{Coach, Said};
pub use lesson::{Goal, Lesson, Run, Step, Try};
pub use puzzle::{Answer, Puzzle, PuzzleSet};

use crate::i18n::Message;
use crate::rules::{Game, GameKind};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A game that can be learned: its course, its puzzles' judge and replies, and its hint (each
/// game's module of `learn` says how).
pub trait Learnable: Game {
    /// The lessons on the board, in order.
    fn course() -> Vec<Lesson<Self>>;

    /// The lessons away from the board that come first in the course (Artifact Chess's army,
    /// built before any game): the app's table gives them their own shape.
    fn off_board() -> Vec<&'static str> {
        Vec::new()
    }

    /// The whole course in order, the lessons away from the board first: each lesson's id
    /// with its steps' count. A lesson's place in it is its index everywhere (the Learn page,
    /// the coach, "Lesson n of N").
    fn outline() -> Vec<(&'static str, usize)> {
        Self::off_board()
            .into_iter()
            .map(|id| (id, 1))
            .chain(Self::course().iter().map(|l| (l.id, l.steps.len())))
            .collect()
    }

    fn judge(puzzle: &Puzzle, state: &Self, action: &Self::Action, ply: u32) -> Answer;
    fn reply(puzzle: &Puzzle, state: &Self, ply: u32) -> Option<Self::Action>;
    fn hint(state: &Self, seed: u64) -> Option<Hint<Self>>;

    /// A coach for the lesson at `index` in the whole course ([`Learnable::outline`]); `None`
    /// for a lesson away from the board.
    fn lesson_coach(index: usize) -> Option<(Self, Coach<Self>)> {
        let on_board = index.checked_sub(Self::off_board().len())?;
        let lesson = Self::course().into_iter().nth(on_board)?;
        let start = lesson.position.clone();
        Some((
            start,
            Coach::lesson(Self::KIND, index, std::sync::Arc::new(lesson)),
        ))
    }

    /// A coach for the `index`-th puzzle of the shipped set, with its position; `None` when
    /// there is no such puzzle or its position does not read.
    fn puzzle_coach(set: &PuzzleSet, index: usize) -> Option<(Self, Coach<Self>)> {
        let puzzle = set.puzzles.get(index)?.clone();
        let start = Self::parse_position(&puzzle.position).ok()?;
        let coach = Coach::puzzle(
            Self::KIND,
            index,
            std::sync::Arc::new(puzzle),
            &start,
            Self::judge,
            Self::reply,
        );
        Some((start, coach))
    }
}

macro_rules! learnable {
    ($m:ident $(, off_board: $off:expr)?) => {
        impl Learnable for $m::G {
            fn course() -> Vec<Lesson<Self>> {
                $m::course()
            }
            $(fn off_board() -> Vec<&'static str> {
                $off
            })?
            fn judge(puzzle: &Puzzle, state: &Self, action: &Self::Action, ply: u32) -> Answer {
                $m::judge(puzzle, state, action, ply)
            }
            fn reply(puzzle: &Puzzle, state: &Self, ply: u32) -> Option<Self::Action> {
                $m::reply(puzzle, state, ply)
            }
            fn hint(state: &Self, seed: u64) -> Option<Hint<Self>> {
                $m::hint(state, seed)
            }
        }
    };
}
learnable!(snelab);
learnable!(hive);
learnable!(chess, off_board: vec![chess::army().id]);

/// `game`'s whole course in order ([`Learnable::outline`]): each lesson's id and steps' count.
pub fn outline(game: GameKind) -> Vec<(&'static str, usize)> {
    match game {
        GameKind::Snelab => snelab::G::outline(),
        GameKind::Hive => hive::G::outline(),
        GameKind::Chess => chess::G::outline(),
    }
}

/// The ids of `game`'s lessons, in order (those away from the board first).
pub fn lesson_ids(game: GameKind) -> Vec<&'static str> {
    outline(game).into_iter().map(|(id, _)| id).collect()
}

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
