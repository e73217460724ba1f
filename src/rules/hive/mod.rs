//! Ash & Walnut (`spec/ash-and-walnut.md`): Hive's rules under the five creatures' names.
//!
//! [`hex`] has the coordinates, [`piece`] the colours, creatures and pieces, [`board`] the stacks
//! and move primitives, [`movegen`] placement, movement, one group and gates, [`state`] the game
//! with its history and end, [`notation`] standard Hive notation and GameStrings, [`record`] the
//! shareable game record, and [`words`] the helpers for the table (rings, move descriptions).
//!
//! What the table calls: [`State::new`], [`State::legal_moves`], [`State::play`],
//! [`State::undo`], [`State::outcome`]; to draw it, [`Board::tops`] and [`Board::stack`] with
//! [`Hex::to_plane`]; for the rings, [`words::placement_destinations`] and
//! [`words::move_destinations`]; for "All my moves", [`words::describe`]; for saves, serde (a
//! GameString inside). The bot and the timeout move are in `crate::ai::hive`, the verifier in
//! `crate::ai::hive::verify`.

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
