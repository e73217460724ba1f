//! After the game: a record replayed position by position ([`replay`]), the engine's review of
//! it (an evaluation graph and the biggest mistakes, [`eval`]) and Artifact Chess's luck
//! report (the dice against their odds, [`luck`]). Plain data and functions: the command line
//! (`tables replay`) prints them, and the app will show them.

pub mod eval;
pub mod luck;
pub mod replay;

pub use eval::{Blunder, Mistake, Progress, Review};
pub use luck::{Attempt, ChessLuck, CoinLuck};
pub use replay::{Line, Replay, ReplayError, read};
