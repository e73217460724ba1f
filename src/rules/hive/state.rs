//! The game: the table, every move played (for undo and the repetition rule), and the end —
//! an Elder surrounded, both at once, a position for the third time, or 200 plies.

use super::board::MAX_HEIGHT;
use super::board::{Board, Move};
use super::hex::Hex;
use super::movegen::{self, Scratch};
use super::piece::{Colour, Creature, Piece};
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

/// Why a hand-made position was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupError {
    /// The same piece was listed twice.
    PieceTwice(Piece),
    /// A stack higher than five, or a piece other than an Owl above the ground.
    BadStack(Hex),
    /// The pieces do not form one group.
    NotOneGroup,
    /// More plies than the game allows.
    TooManyPlies(usize),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::PieceTwice(p) => write!(f, "{} is listed twice", p.notation()),
            SetupError::BadStack(h) => write!(
                f,
                "the stack at ({}, {}) is too high or has a non-Owl above the ground",
                h.q, h.r
            ),
            SetupError::NotOneGroup => f.write_str("the pieces do not form one group"),
            SetupError::TooManyPlies(n) => write!(f, "{n} plies is past the limit of {PLY_LIMIT}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// One move of the history, with the position key after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Played {
    mv: Move,
    key: u64,
}

/// A whole game of Ash & Walnut. Saved (serde) as its standard GameString, so a save reads in
/// any Hive tool and is replayed through the rules when loaded.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "StateRecord", try_from = "StateRecord")]
pub struct State {
    /// The table before the first move of `history`: empty, or a hand-made position.
    start: Board,
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

/// The saved form of a game: its GameString, plus the hand-made start position if it had one
/// (empty for every game that began on an empty table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateRecord {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup: Vec<(Hex, Vec<Piece>)>,
    #[serde(default)]
    pub setup_ply: usize,
    pub game: String,
}

impl From<State> for StateRecord {
    fn from(s: State) -> StateRecord {
        let setup = s
            .start
            .tops()
            .map(|(_, h)| (h, s.start.stack(h).pieces().collect()))
            .collect();
        StateRecord {
            setup,
            setup_ply: s.start.ply(),
            game: s.game_string(),
        }
    }
}

impl TryFrom<StateRecord> for State {
    type Error = String;
    fn try_from(r: StateRecord) -> Result<State, String> {
        let stacks: Vec<(Hex, &[Piece])> = r.setup.iter().map(|(h, p)| (*h, &p[..])).collect();
        let start = State::setup(&stacks, r.setup_ply).map_err(|e| e.to_string())?;
        start.continue_game(&r.game).map_err(|e| e.to_string())
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
            start: Board::new(),
            board: Board::new(),
            history: Vec::new(),
            outcome: None,
        }
    }

    /// A hand-made position (puzzles, tests): stacks listed bottom first, and the number of
    /// plies already played (its parity says who moves; it sets the turn numbers). Pieces not
    /// listed are in reserve. There is no history before it, so `undo` stops here.
    pub fn setup(stacks: &[(Hex, &[Piece])], ply: usize) -> Result<State, SetupError> {
        if ply > PLY_LIMIT {
            return Err(SetupError::TooManyPlies(ply));
        }
        let mut board = Board::new();
        for &(h, pieces) in stacks {
            if board.occupied(h) || pieces.len() > MAX_HEIGHT {
                return Err(SetupError::BadStack(h));
            }
            for (level, &p) in pieces.iter().enumerate() {
                if board.is_placed(p) {
                    return Err(SetupError::PieceTwice(p));
                }
                if level > 0 && p.creature() != Creature::Owl {
                    return Err(SetupError::BadStack(h));
                }
                board.put(p, h);
            }
        }
        if !board.is_one_group() {
            return Err(SetupError::NotOneGroup);
        }
        board.set_ply(ply as u16);
        let outcome = judge(&board, 1);
        Ok(State {
            start: board.clone(),
            board,
            history: Vec::new(),
            outcome,
        })
    }

    /// The table before the first recorded move (empty unless the game began from a setup).
    pub fn start(&self) -> &Board {
        &self.start
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
