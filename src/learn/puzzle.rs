//! Practice positions: a position with one best answer, found and checked by the game's own
//! engine, shipped as data (`assets/puzzles/<game>.ron`, one file per game, written by
//! `tables puzzles <game>`), and read back here. A damaged file is an error in words, never a
//! panic.

use crate::rules::GameKind;
use serde::{Deserialize, Serialize};

/// One practice position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Unique within its set (`hive-001`); the player's solved puzzles are kept by it.
    pub id: String,
    /// What is asked, a key under `learn.puzzle.kind.` in the strings (`surround-2`,
    /// `best-odds`, `only-payment`, `unpayable`).
    pub kind: String,
    /// The position, in the game's own text form (`Game::position_text`).
    pub position: String,
    /// The one best first action, in the game's notation (`Game::action_text`, in `position`).
    pub answer: String,
    /// The whole line the engine found, the answer first, then the other side's best replies
    /// and the player's next actions, each in the notation of its own position.
    pub line: Vec<String>,
    /// The player's actions the puzzle takes (1 for a one-move puzzle).
    pub moves: u32,
    /// Artifact Chess: the answer's chance of doing what it is played for (0..1), shown after.
    #[serde(default)]
    pub odds: Option<f64>,
    /// Artifact Chess: the best other action's chance, to show how much better the answer is.
    #[serde(default)]
    pub next_best: Option<f64>,
}

/// A game's puzzle set, as shipped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleSet {
    /// The game's command-line name (`hive`).
    pub game: String,
    /// The seed the generator started from (`tables puzzles <game> --seed S` repeats it).
    pub seed: u64,
    /// How deep the engine checked each answer, in the game's own unit (plies, or the player's
    /// moves), as the check states it.
    pub depth: u32,
    pub puzzles: Vec<Puzzle>,
}

/// What a try at a puzzle did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Not the answer (legal, but it does not win what the puzzle asks).
    Wrong,
    /// Right, and the puzzle goes on (the other side answers, then the player again).
    Right,
    /// Right, and the puzzle is solved.
    Solved,
}

impl PuzzleSet {
    /// Reads a set from its text, checking it is `game`'s and its ids are unique.
    pub fn read(game: GameKind, text: &str) -> Result<PuzzleSet, String> {
        let set: PuzzleSet = ron::from_str(text).map_err(|e| e.to_string())?;
        if set.game != game.cli_name() {
            return Err(format!(
                "the puzzle set is for `{}`, not `{}`",
                set.game,
                game.cli_name()
            ));
        }
        let mut ids = std::collections::BTreeSet::new();
        for p in &set.puzzles {
            if !ids.insert(p.id.as_str()) {
                return Err(format!("the puzzle id `{}` is used twice", p.id));
            }
        }
        Ok(set)
    }

    /// Writes the set as shipped (pretty RON, one field per line).
    pub fn write(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(3)
            .separate_tuple_members(false);
        let mut text = ron::ser::to_string_pretty(self, config).unwrap_or_default();
        text.push('\n');
        text
    }

    /// The set shipped with the game, built into the program.
    pub fn shipped(game: GameKind) -> Result<PuzzleSet, String> {
        PuzzleSet::read(game, shipped_text(game))
    }
}

/// The text of the set shipped for `game`.
pub fn shipped_text(game: GameKind) -> &'static str {
    crate::bundled::text(&format!("assets/puzzles/{}.ron", game.cli_name()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one() -> PuzzleSet {
        PuzzleSet {
            game: "hive".into(),
            seed: 7,
            depth: 3,
            puzzles: vec![Puzzle {
                id: "hive-001".into(),
                kind: "surround-1".into(),
                position: "Base;InProgress;White[3];wQ;bQ wQ-".into(),
                answer: "wA1 bQ-".into(),
                line: vec!["wA1 bQ-".into()],
                moves: 1,
                odds: None,
                next_best: None,
            }],
        }
    }

    #[test]
    fn a_set_reads_back_as_written() {
        let set = one();
        assert_eq!(PuzzleSet::read(GameKind::Hive, &set.write()), Ok(set));
    }

    #[test]
    fn a_damaged_or_foreign_set_is_an_error_in_words() {
        assert!(PuzzleSet::read(GameKind::Hive, "(game: ").is_err());
        let set = one();
        let e = PuzzleSet::read(GameKind::Chess, &set.write()).unwrap_err();
        assert!(e.contains("not `chess`"), "{e}");
        let mut twice = one();
        twice.puzzles.push(twice.puzzles[0].clone());
        let e = PuzzleSet::read(GameKind::Hive, &twice.write()).unwrap_err();
        assert!(e.contains("twice"), "{e}");
    }
}
