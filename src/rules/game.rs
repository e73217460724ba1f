//! The one game interface: what every game's rules offer to the engines, the match layer, the
//! tables, the command line and (later) the server, so each of those loops is written once.
//!
//! A game is its state type (as shakmaty's `Position` is a chess position): [`Game`] is
//! implemented by `snelab::Position`, `hive::State` and `chess::State`. Errors are enums with
//! data, never sentences; [`crate::i18n::Explain`] words them in each language.

use super::GameKind;
use crate::i18n::Explain;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::hash::Hash;

/// The rules of one game, on its state.
///
/// Contract (checked for all three games by the tests in `tests/game_trait.rs`):
/// - `apply` never changes `self`; on error nothing happened.
/// - `check(a)` is `Ok` exactly when `a` is in `legal_actions()`.
/// - `legal_actions()` is empty once `outcome()` is `Some`.
/// - `parse_action(action_text(a)) == a` for every legal `a`, and
///   `parse_position(position_text()) == self` for every reachable state (up to what the text
///   form keeps: Ash & Walnut's history, Artifact Chess's dice generator).
pub trait Game:
    Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// One action of a player, in the game's own terms (a move with its payment, a placement,
    /// a capture attempt, a card).
    type Action: Copy + Eq + Hash + Debug + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// The two sides (South/North, ash/walnut, white/black).
    type Side: Copy + Eq + Hash + Debug + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// How a finished game ended.
    type Outcome: Copy + Eq + Debug + Explain + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// What one applied action did, beyond the new state (the dice rolled, for instance).
    type Record: Clone + Debug + Send + Sync + 'static;
    /// Why an action was refused.
    type Error: Clone + Debug + PartialEq + Explain + Send + Sync + 'static;
    /// Why a text (an action's notation, a position) could not be read.
    type ParseError: Clone + Debug + PartialEq + Explain + Send + Sync + 'static;

    const KIND: GameKind;

    /// The usual opening position, the one tools start from (`tables perft <game>`).
    fn start() -> Self;

    /// A fresh game for a match, its chance (armies, dealt cards, dice) drawn from `seed`.
    fn opening(seed: u64) -> Self {
        let _ = seed;
        Self::start()
    }

    /// Both sides, the one that usually opens first.
    fn sides() -> [Self::Side; 2];

    /// 0 for the first side of [`Game::sides`], 1 for the other.
    fn side_index(side: Self::Side) -> usize {
        usize::from(Self::sides()[1] == side)
    }

    /// The side's name on the command line (`--south`, `--white`).
    fn side_name(side: Self::Side) -> &'static str;

    /// The side whose action is awaited (in a response window, the responder).
    fn to_move(&self) -> Self::Side;

    /// Every legal action; empty once the game is over.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Whether `action` is legal here, and why not.
    fn check(&self, action: &Self::Action) -> Result<(), Self::Error>;

    /// The state after `action`, and what happened. Chance (dice, draws) comes from the state's
    /// own seeded generator, so the same state and action always give the same result.
    fn apply(&self, action: &Self::Action) -> Result<(Self, Self::Record), Self::Error>;

    /// `None` while the game goes on.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// The winner of a finished game; `None` for a draw.
    fn winner(outcome: &Self::Outcome) -> Option<Self::Side>;

    /// The action in the game's own notation, as seen in this state.
    fn action_text(&self, action: &Self::Action) -> String;

    /// Reads an action written in the game's notation, in this state. A well-formed action that
    /// is not legal here is a parse error only where the notation cannot name it at all.
    fn parse_action(&self, text: &str) -> Result<Self::Action, Self::ParseError>;

    /// The state as text (court string, GameString, position string).
    fn position_text(&self) -> String;

    /// Reads [`Game::position_text`]'s form.
    fn parse_position(text: &str) -> Result<Self, Self::ParseError>;

    /// Counts the action sequences of `depth` plies (the move generator's fingerprint). The
    /// default walks `legal_actions` and `apply`; games override it with their fast path (and
    /// Artifact Chess counts every capture attempt as succeeding, as its perft always has).
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let actions = self.legal_actions();
        if depth == 1 {
            return actions.len() as u64;
        }
        actions
            .iter()
            .filter_map(|a| self.apply(a).ok())
            .map(|(next, _)| next.perft(depth - 1))
            .sum()
    }
}
