//! The game: the table, every move played (for undo and the repetition rule), and the end —
//! an Elder surrounded, both at once, a position for the third time, or 200 plies.

use super::board::{Board, Move};
use super::movegen::{self, Scratch};
use super::piece::Colour;
use serde::{Deserialize, Serialize};
use std::fmt;

/// After 200 plies (passes included) with no other result the game is a draw.
pub const PLY_LIMIT: usize = 200;

/// Why a game ended in a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawReason {
    /// One move surrounded both Elders.
    BothEldersSurrounded,
    /// The same position (pieces, stacks, reserves, player to move) for the third time.
    Repetition,
    /// 200 plies were played.
    PlyLimit,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// This colour surrounded the other Elder.
    Win(Colour),
    Draw(DrawReason),
}

/// Why a move or an undo was refused. The state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleError {
    /// The game has ended; no more moves.
    GameOver(Outcome),
    /// The move is not among the legal moves of this position.
    Illegal(Move),
    /// There is no move to take back.
    NothingToUndo,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::GameOver(o) => write!(f, "the game is over ({o:?})"),
            RuleError::Illegal(m) => write!(f, "{m:?} is not a legal move here"),
            RuleError::NothingToUndo => f.write_str("there is no move to take back"),
        }
    }
}

impl std::error::Error for RuleError {}

/// One move of the history, with the position key after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Played {
    mv: Move,
    key: u64,
}

/// A whole game of Ash & Walnut. Saved (serde) as its standard GameString, so a save reads in
/// any Hive tool and is replayed through the rules when loaded.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct State {
    board: Board,
    history: Vec<Played>,
    outcome: Option<Outcome>,
}

impl Default for State {
    fn default() -> Self {
        State::new()
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "State({})", self.game_string())
    }
}

impl From<State> for String {
    fn from(s: State) -> String {
        s.game_string()
    }
}

impl TryFrom<String> for State {
    type Error = super::notation::NotationError;
    fn try_from(s: String) -> Result<State, Self::Error> {
        State::from_game_string(&s)
    }
}

/// The result a position gives after a move: Elders surrounded first, then repetition, then
/// the ply limit.
pub fn judge(board: &Board, repetitions: usize) -> Option<Outcome> {
    let ash = board.elder_surrounded(Colour::Ash);
    let walnut = board.elder_surrounded(Colour::Walnut);
    match (ash, walnut) {
        (true, true) => return Some(Outcome::Draw(DrawReason::BothEldersSurrounded)),
        (true, false) => return Some(Outcome::Win(Colour::Walnut)),
        (false, true) => return Some(Outcome::Win(Colour::Ash)),
        (false, false) => {}
    }
    if repetitions >= 3 {
        return Some(Outcome::Draw(DrawReason::Repetition));
    }
    if board.ply() >= PLY_LIMIT {
        return Some(Outcome::Draw(DrawReason::PlyLimit));
    }
    None
}

impl State {
    /// A new game: empty table, ash to move.
    pub fn new() -> State {
        State {
            board: Board::new(),
            history: Vec::new(),
            outcome: None,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn to_move(&self) -> Colour {
        self.board.to_move()
    }

    /// Plies played so far.
    pub fn ply(&self) -> usize {
        self.board.ply()
    }

    /// `None` while the game goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.iter().map(|p| p.mv)
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        match self.history.last() {
            Some(last) => self.history.iter().filter(|p| p.key == last.key).count(),
            None => 1,
        }
    }

    /// Every legal move; empty once the game is over. A lone [`Move::Pass`] when the player to
    /// move can do nothing else.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.outcome.is_none() {
            movegen::generate(&self.board, &mut Scratch::new(), &mut out);
        }
        out
    }

    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Plays a move after checking it is legal; returns the outcome if the game just ended.
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, RuleError> {
        if let Some(o) = self.outcome {
            return Err(RuleError::GameOver(o));
        }
        if !self.is_legal(m) {
            return Err(RuleError::Illegal(m));
        }
        self.play_unchecked(m);
        Ok(self.outcome)
    }

    /// Plays a move that came from [`State::legal_moves`] of this very state.
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        self.board.apply(m);
        let key = self.board.position_key();
        self.history.push(Played { mv: m, key });
        self.outcome = judge(&self.board, self.repetitions());
    }

    /// Takes back the last move (also after the game ended).
    pub fn undo(&mut self) -> Result<Move, RuleError> {
        let last = self.history.pop().ok_or(RuleError::NothingToUndo)?;
        self.board.revert(last.mv);
        self.outcome = None;
        Ok(last.mv)
    }
}
