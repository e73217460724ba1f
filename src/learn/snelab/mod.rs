//! Snēlab: its course of lessons ([`course`]), its puzzles ([`generate`], [`check`], [`judge`],
//! [`reply`]) and its hint ([`hint`]); see `learn`.
//!
//! - [`course`](course()): eleven lessons, South to move in each (`course.rs`).
//! - Puzzles (`puzzles.rs`): kinds `only-payment` and `unpayable`, each with exactly one action
//!   that forces a win within 1 or 2 of the player's moves, proved by an exhaustive search
//!   ([`prove::Prover`]) to [`DEPTH`] = 3 plies; the module `puzzles` states the definition.
//! - The hint (`hint.rs`): a forced win when there is one within 3 plies, else the engine at
//!   Normal, with one line of why (`learn.snelab.hint.*`).

mod course;
mod hint;
pub mod prove;
mod puzzles;

pub use course::course;
pub use hint::{hint, why};
pub use puzzles::{
    DEPTH, ONLY_PAYMENT, Options, UNPAYABLE, check, generate, judge, reply, tempting_unpayable,
};

/// The game's rules type.
pub type G = crate::rules::snelab::Position;

/// The i18n key of a puzzle kind's one-line task (`learn.puzzle.kind.<kind>`), for the kinds
/// this game makes.
pub fn kind_key(kind: &str) -> Option<&'static str> {
    match kind {
        ONLY_PAYMENT => Some("learn.puzzle.kind.only-payment"),
        UNPAYABLE => Some("learn.puzzle.kind.unpayable"),
        _ => None,
    }
}
