//! The game: the table, every move played (for undo and the repetition rule), and the end —
//! an Elder surrounded, both at once, a position for the third time, or 200 plies.

use super::board::MAX_HEIGHT;
use super::board::{Board, Move};
use super::hex::Hex;
use super::movegen::{self, Scratch};
use super::notation::NotationError;
use super::piece::{Colour, Creature, GameType, Piece};
use crate::i18n::{Explain, Message, msg};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

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
    /// The move is not among the legal moves of this position, and why.
    Illegal { mv: Move, why: Illegal },
    /// There is no move to take back.
    NothingToUndo,
}

/// Why a move is not legal here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// A pass while some other move is possible.
    PassWithMoves,
    /// The piece belongs to the other player.
    NotYourPiece(Piece),
    /// That piece is not the next of its creature waiting in the reserve (or is on the table).
    NotInReserve(Piece),
    /// The Elder may not be placed on a player's first turn.
    ElderOnFirstTurn,
    /// On the fourth turn, with the Elder still in reserve, only the Elder may be placed.
    ElderByFourthTurn,
    /// The first piece goes in the middle of the table.
    FirstInTheMiddle,
    /// The second piece of the game must touch the first.
    MustTouchFirst,
    /// The cell already holds a piece.
    CellTaken(Hex),
    /// A new piece must touch one of its own and none of the opponent's.
    PlacementTouchesOpponent(Hex),
    PlacementNotTouchingOwn(Hex),
    /// No piece may move until its player's Elder is on the table.
    ElderNotPlaced,
    /// The piece is not where the move says (or not on the table).
    NotThere(Piece),
    /// The piece is under an Owl.
    Covered(Piece),
    /// Lifting the piece would split the group.
    HoldsTheGroup(Piece),
    /// The piece cannot get there by its creature's way of moving (room to slide included).
    CannotReach {
        piece: Piece,
        to: Hex,
    },
    /// The piece (or the Hedgehog that would carry it) was moved on the last turn: it may not
    /// move, be carried or carry on this one.
    Stunned(Piece),
    /// A piece in a stack may not be carried by a Hedgehog.
    CarryStacked(Piece),
    /// No Hedgehog (or Jay beside one) of the player to move can carry the piece there.
    CannotCarry {
        piece: Piece,
        to: Hex,
    },
}

impl Explain for RuleError {
    fn explain(&self) -> Message {
        match *self {
            RuleError::GameOver(o) => {
                msg("hive.error.game_over").with_words("outcome", o.explain())
            }
            RuleError::Illegal { why, .. } => why.explain(),
            RuleError::NothingToUndo => msg("hive.error.nothing_to_undo"),
        }
    }
}

impl Explain for Illegal {
    fn explain(&self) -> Message {
        let piece = |key: &'static str, p: Piece| msg(key).with_words("piece", p.explain());
        let cell = |key: &'static str, h: Hex| msg(key).with("cell", format!("({}, {})", h.q, h.r));
        match *self {
            Illegal::PassWithMoves => msg("hive.error.pass_with_moves"),
            Illegal::NotYourPiece(p) => piece("hive.error.not_your_piece", p),
            Illegal::NotInReserve(p) => piece("hive.error.not_in_reserve", p),
            Illegal::ElderOnFirstTurn => msg("hive.error.elder_on_first_turn"),
            Illegal::ElderByFourthTurn => msg("hive.error.elder_by_fourth_turn"),
            Illegal::FirstInTheMiddle => msg("hive.error.first_in_the_middle"),
            Illegal::MustTouchFirst => msg("hive.error.must_touch_first"),
            Illegal::CellTaken(h) => cell("hive.error.cell_taken", h),
            Illegal::PlacementTouchesOpponent(h) => cell("hive.error.touches_opponent", h),
            Illegal::PlacementNotTouchingOwn(h) => cell("hive.error.not_touching_own", h),
            Illegal::ElderNotPlaced => msg("hive.error.elder_not_placed"),
            Illegal::NotThere(p) => piece("hive.error.not_there", p),
            Illegal::Covered(p) => piece("hive.error.covered", p),
            Illegal::HoldsTheGroup(p) => piece("hive.error.holds_the_group", p),
            Illegal::CannotReach { piece: p, .. } => piece("hive.error.cannot_reach", p),
            Illegal::Stunned(p) => piece("hive.error.stunned", p),
            Illegal::CarryStacked(p) => piece("hive.error.carry_stacked", p),
            Illegal::CannotCarry { piece: p, .. } => piece("hive.error.cannot_carry", p),
        }
    }
}

impl Explain for Outcome {
    fn explain(&self) -> Message {
        match *self {
            Outcome::Win(_) => msg("hive.outcome.win"),
            Outcome::Draw(DrawReason::BothEldersSurrounded) => msg("hive.outcome.both_surrounded"),
            Outcome::Draw(DrawReason::Repetition) => msg("hive.outcome.repetition"),
            Outcome::Draw(DrawReason::PlyLimit) => msg("hive.outcome.ply_limit"),
        }
    }
}

/// Why a hand-made position was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupError {
    /// The same piece was listed twice.
    PieceTwice(Piece),
    /// A stack higher than seven, or a piece other than an Owl or a Jay above the ground.
    BadStack(Hex),
    /// The pieces do not form one group.
    NotOneGroup,
    /// More plies than the game allows.
    TooManyPlies(usize),
    /// A piece whose creature is not in the game type.
    NotInGame(Piece),
}

impl Explain for SetupError {
    fn explain(&self) -> Message {
        match *self {
            SetupError::PieceTwice(p) => msg("hive.setup.piece_twice").with("piece", p.notation()),
            SetupError::BadStack(h) => msg("hive.setup.bad_stack").with("q", h.q).with("r", h.r),
            SetupError::NotOneGroup => msg("hive.setup.not_one_group"),
            SetupError::TooManyPlies(n) => msg("hive.setup.too_many_plies")
                .with("plies", n)
                .with("limit", PLY_LIMIT),
            SetupError::NotInGame(p) => msg("hive.setup.not_in_game").with("piece", p.notation()),
        }
    }
}

crate::display_in_english!(RuleError, Illegal, SetupError);

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
    /// The table before the first move of `history`: empty, or a hand-made position. Never
    /// changed after the game's start, so shared between clones: a match keeps a position
    /// after every action (its course), and each would otherwise copy a second whole board.
    start: Arc<Board>,
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
    /// The piece moved just before the hand-made start (with the Hedgehog in the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_stunned: Option<Piece>,
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
            setup_stunned: s.start.stunned(),
            game: s.game_string(),
        }
    }
}

impl TryFrom<StateRecord> for State {
    type Error = String;
    fn try_from(r: StateRecord) -> Result<State, String> {
        let stacks: Vec<(Hex, &[Piece])> = r.setup.iter().map(|(h, p)| (*h, &p[..])).collect();
        let game_type = r.game.split(';').next().unwrap_or_default().trim();
        let game = GameType::parse(game_type)
            .ok_or_else(|| NotationError::GameType(game_type.to_string()).to_string())?;
        let start = State::setup_game(game, &stacks, r.setup_ply, r.setup_stunned)
            .map_err(|e| e.to_string())?;
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
        State::new_game(GameType::BASE)
    }

    /// A new game of a game type (which expansion creatures are in the reserves).
    pub fn new_game(game: GameType) -> State {
        State {
            start: Arc::new(Board::with_game(game)),
            board: Board::with_game(game),
            history: Vec::new(),
            outcome: None,
        }
    }

    /// Which expansion creatures are in the reserves.
    pub fn game_type(&self) -> GameType {
        self.board.game_type()
    }

    /// A hand-made position (puzzles, tests): stacks listed bottom first, and the number of
    /// plies already played (its parity says who moves; it sets the turn numbers). Pieces not
    /// listed are in reserve. There is no history before it, so `undo` stops here.
    pub fn setup(stacks: &[(Hex, &[Piece])], ply: usize) -> Result<State, SetupError> {
        State::setup_game(GameType::BASE, stacks, ply, None)
    }

    /// [`State::setup`] for a game type, with the piece moved on the last turn (`stunned`: it
    /// may not move or be carried now; kept only where the Hedgehog is in the game).
    pub fn setup_game(
        game: GameType,
        stacks: &[(Hex, &[Piece])],
        ply: usize,
        stunned: Option<Piece>,
    ) -> Result<State, SetupError> {
        if ply > PLY_LIMIT {
            return Err(SetupError::TooManyPlies(ply));
        }
        let mut board = Board::with_game(game);
        for &(h, pieces) in stacks {
            if board.occupied(h) || pieces.len() > MAX_HEIGHT {
                return Err(SetupError::BadStack(h));
            }
            for (level, &p) in pieces.iter().enumerate() {
                if board.is_placed(p) {
                    return Err(SetupError::PieceTwice(p));
                }
                if !game.has(p.creature()) {
                    return Err(SetupError::NotInGame(p));
                }
                if level > 0 && !matches!(p.creature(), Creature::Owl | Creature::Jay) {
                    return Err(SetupError::BadStack(h));
                }
                board.put(p, h);
            }
        }
        if !board.is_one_group() {
            return Err(SetupError::NotOneGroup);
        }
        board.set_ply(ply as u16);
        if let Some(p) = stunned.filter(|&p| board.is_placed(p)) {
            board.set_stunned(Some(p));
        }
        let outcome = judge(&board, 1);
        Ok(State {
            start: Arc::new(board.clone()),
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
            return Err(RuleError::Illegal {
                mv: m,
                why: self.why_illegal(m),
            });
        }
        self.play_unchecked(m);
        Ok(self.outcome)
    }

    /// Why `m` (known not to be legal) is refused, for the player. Checked in the order a
    /// player meets the rules: whose piece, the reserve, the Elder's turns, then where.
    pub fn why_illegal(&self, m: Move) -> Illegal {
        let board = &self.board;
        let me = board.to_move();
        let mut scratch = Scratch::new();
        match m {
            Move::Pass => Illegal::PassWithMoves,
            Move::Place { piece, to } => {
                if piece.colour() != me {
                    return Illegal::NotYourPiece(piece);
                }
                if board.next_in_reserve(me, piece.creature()) != Some(piece) {
                    return Illegal::NotInReserve(piece);
                }
                let turn = board.turn_number();
                let elder_waiting = board.next_in_reserve(me, Creature::Elder).is_some();
                if piece.creature() == Creature::Elder && turn == 1 {
                    return Illegal::ElderOnFirstTurn;
                }
                if turn == 4 && elder_waiting && piece.creature() != Creature::Elder {
                    return Illegal::ElderByFourthTurn;
                }
                if board.occupied(to) {
                    return Illegal::CellTaken(to);
                }
                match board.ply() {
                    0 => Illegal::FirstInTheMiddle,
                    1 => Illegal::MustTouchFirst,
                    _ => {
                        let touches = |own: bool| {
                            to.neighbours()
                                .iter()
                                .any(|&n| board.top(n).is_some_and(|t| (t.colour() == me) == own))
                        };
                        if touches(false) {
                            Illegal::PlacementTouchesOpponent(to)
                        } else {
                            Illegal::PlacementNotTouchingOwn(to)
                        }
                    }
                }
            }
            Move::Shift { piece, from, to } => {
                let carrying = board.game_type().has(Creature::Hedgehog);
                if piece.colour() != me && !carrying {
                    return Illegal::NotYourPiece(piece);
                }
                if board.next_in_reserve(me, Creature::Elder).is_some() {
                    return Illegal::ElderNotPlaced;
                }
                if board.position(piece) != Some(from) {
                    return Illegal::NotThere(piece);
                }
                if board.top(from) != Some(piece) {
                    return Illegal::Covered(piece);
                }
                if board.stunned() == Some(piece) {
                    return Illegal::Stunned(piece);
                }
                let own = piece.colour() == me;
                if !own && board.height(from) > 1 {
                    return Illegal::CarryStacked(piece);
                }
                if movegen::pinned(board, &mut scratch) & (1 << piece.index()) != 0 {
                    return Illegal::HoldsTheGroup(piece);
                }
                // A carrier touching both cells that was itself moved on the last turn.
                let stunned_carrier = board.stunned().filter(|s| {
                    s.colour() == me
                        && matches!(s.creature(), Creature::Hedgehog | Creature::Jay)
                        && board.position(*s).is_some_and(|at| {
                            at.neighbours().contains(&from) && at.neighbours().contains(&to)
                        })
                });
                match stunned_carrier {
                    Some(c) if carrying => Illegal::Stunned(c),
                    _ if own => Illegal::CannotReach { piece, to },
                    _ => Illegal::CannotCarry { piece, to },
                }
            }
        }
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
