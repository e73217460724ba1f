//! Ash & Walnut (`spec/ash-and-walnut.md`): Hive's rules under the five creatures' names.
//!
//! [`hex`] has the coordinates, [`piece`] the colours, creatures and pieces, [`board`] the stacks
//! and move primitives, [`movegen`] placement, movement, one group and gates, [`state`] the game
//! with its history and end, [`notation`] standard Hive notation and GameStrings, and [`words`]
//! the helpers for the table (rings, move descriptions).

pub mod board;
pub mod hex;
pub mod movegen;
pub mod notation;
pub mod piece;
pub mod record;
pub mod state;
pub mod words;

pub use board::{Board, Move, Stack};
pub use hex::{Direction, Hex};
pub use movegen::Scratch;
pub use notation::NotationError;
pub use piece::{Colour, Creature, Piece};
pub use record::{GameRecord, RecordError, RecordedMove, RecordedResult};
pub use state::{DrawReason, Outcome, PLY_LIMIT, RuleError, SetupError, State};
