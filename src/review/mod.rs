//! After the game: a record replayed position by position ([`replay`]), the engine's review of
//! it (an evaluation graph and the biggest mistakes, [`eval`]) and Artifact Chess's luck
//! report (the dice against their odds, Zombie Pawn's square and Trophy's draw against their
//! mean, [`luck`]), and the analysis board's core: a position
//! read from notation, the engine's evaluation and best line, and the forms other tools open
//! (UHP GameStrings, FEN) ([`analysis`]). Plain data and functions: the command line
//! (`tables replay`, `tables analyse`) prints them, and the app will show them.

pub mod analysis;
pub mod eval;
pub mod luck;
pub mod replay;

pub use analysis::{Analysed, Analysis, LineEnd, NoFen, Obstacle, fen, uhp};
pub use eval::{Blunder, Mistake, Progress, Review};
pub use luck::{
    Attempt, CardLuck, ChessLuck, CoinLuck, Deal, Draw, DrawOutcome, chance_text, deals,
};
pub use replay::{Line, Replay, ReplayError, read};
