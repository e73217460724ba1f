//! Pure rules of the three games: plain data and functions, no Bevy, no clock, no I/O and no
//! global randomness. The same functions serve the table, the engines, the verifier and saves.

pub mod chess;
pub mod game;
pub mod hive;
pub mod snelab;

pub use game::Game;

use std::fmt;

/// The three games of the app, as named on the command line, in saves, on the online table's
/// wire and in its store (`"snelab"`, `"hive"`, `"chess"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Snelab,
    Hive,
    Chess,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Snelab, GameKind::Hive, GameKind::Chess];

    /// The short name used on the command line (`tables perft hive`) and in scene names.
    pub fn cli_name(self) -> &'static str {
        match self {
            GameKind::Snelab => "snelab",
            GameKind::Hive => "hive",
            GameKind::Chess => "chess",
        }
    }

    /// Reads a command-line game name; a few natural aliases are accepted.
    pub fn parse(name: &str) -> Option<GameKind> {
        match name.to_ascii_lowercase().as_str() {
            "snelab" | "snēlab" => Some(GameKind::Snelab),
            "hive" | "ash-and-walnut" | "ash_and_walnut" | "walnut" => Some(GameKind::Hive),
            "chess" | "artifact-chess" | "artifact_chess" => Some(GameKind::Chess),
            _ => None,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.cli_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_names_round_trip() {
        for g in GameKind::ALL {
            assert_eq!(GameKind::parse(g.cli_name()), Some(g));
        }
        assert_eq!(GameKind::parse("checkers"), None);
        // The wire's and the store's names are the command line's.
        for g in GameKind::ALL {
            assert_eq!(
                serde_json::to_string(&g).unwrap(),
                format!("\"{}\"", g.cli_name())
            );
        }
    }
}
