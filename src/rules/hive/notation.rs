//! Standard Hive notation: MoveStrings (`wS1`, `bG2 -wA1`, `wB1 /wQ`, `wB1 wQ`, `pass`) and
//! the Universal Hive Protocol GameString (`Base;InProgress;White[3];wS1;bS1 wS1-;...`).

use super::board::{Board, Move};
use super::hex::{Direction, Hex, ORIGIN};
use super::piece::{Colour, Creature, GameType, Piece};
use super::state::{Illegal, Outcome, State};
use crate::i18n::{Explain, Message, msg};

/// Why a MoveString or GameString could not be read. Each names the text at fault.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum NotationError {
    /// Nothing to read.
    Empty,
    /// A piece name that is not one of the 28 pieces (`wQ`, `bA3`, `wM`, ...), or one whose
    /// creature is not in this game type.
    BadPiece(String),
    /// The second word is not a piece name with at most one direction mark.
    BadReference(String),
    /// The reference piece is still in its reserve.
    ReferenceNotOnTable(String),
    /// A move after the first needs a reference piece; the first must have none.
    ReferenceCount(String),
    /// A piece of the player not to move.
    WrongColour(String),
    /// A placement must use the lowest-numbered piece of its creature still in reserve.
    WrongNumber { text: String, expected: String },
    /// Read fine, but not a legal move in this position, and why.
    Illegal { text: String, why: Illegal },
    /// The game has ended.
    GameOver(String),
    /// Not a game type: `Base`, or `Base+` with some of M, L, P (`Base+MLP`); or a game type
    /// other than the one of the position it continues.
    GameType(String),
    /// A GameString part that does not fit: which part (1-based) and why.
    GamePart { part: usize, problem: GameProblem },
}

/// What is wrong with one part of a GameString.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameProblem {
    /// The turn string (`White[1]`) is missing.
    MissingTurn,
    /// A move that cannot be read or played (1-based among the moves).
    Move {
        number: usize,
        text: String,
        error: Box<NotationError>,
    },
    /// The state word (`InProgress`, `WhiteWins`, ...) disagrees with the replayed moves.
    StateWord { says: String, actual: String },
    /// The turn string disagrees with the replayed moves.
    Turn { says: String, actual: String },
}

impl Explain for NotationError {
    fn explain(&self) -> Message {
        match self {
            NotationError::Empty => msg("hive.notation.empty"),
            NotationError::BadPiece(s) => msg("hive.notation.bad_piece").with("text", s),
            NotationError::BadReference(s) => msg("hive.notation.bad_reference").with("text", s),
            NotationError::ReferenceNotOnTable(s) => {
                msg("hive.notation.reference_not_on_table").with("text", s)
            }
            NotationError::ReferenceCount(s) => {
                msg("hive.notation.reference_count").with("text", s)
            }
            NotationError::WrongColour(s) => msg("hive.notation.wrong_colour").with("text", s),
            NotationError::WrongNumber { text, expected } => msg("hive.notation.wrong_number")
                .with("text", text)
                .with("expected", expected),
            NotationError::Illegal { text, why } => msg("hive.notation.illegal")
                .with("text", text)
                .with_words("why", why.explain()),
            NotationError::GameOver(s) => msg("hive.notation.game_over").with("text", s),
            NotationError::GameType(s) => msg("hive.notation.game_type").with("text", s),
            NotationError::GamePart { part, problem } => {
                let why = match problem {
                    GameProblem::MissingTurn => msg("hive.game_part.missing_turn"),
                    GameProblem::Move {
                        number,
                        text,
                        error,
                    } => msg("hive.game_part.move")
                        .with("number", number)
                        .with("text", text)
                        .with_words("why", error.explain()),
                    GameProblem::StateWord { says, actual } => msg("hive.game_part.says")
                        .with("says", says)
                        .with("actual", actual),
                    GameProblem::Turn { says, actual } => msg("hive.game_part.says")
                        .with("says", says)
                        .with("actual", actual),
                };
                msg("hive.notation.game_part")
                    .with("part", part)
                    .with_words("why", why)
            }
        }
    }
}

crate::display_in_english!(NotationError);

/// The direction mark before (`-wQ`: west) or after (`wQ-`: east) a reference piece.
fn mark_of(d: Direction) -> (Option<char>, Option<char>) {
    match d {
        Direction::East => (None, Some('-')),
        Direction::NorthEast => (None, Some('/')),
        Direction::SouthEast => (None, Some('\\')),
        Direction::West => (Some('-'), None),
        Direction::SouthWest => (Some('/'), None),
        Direction::NorthWest => (Some('\\'), None),
    }
}

/// Names a cell relative to a piece on the table, as seen before the move. For a cell that is
/// occupied: its top piece (an Owl climbing). Otherwise a neighbour's top piece and a mark;
/// the moving piece itself is avoided unless something lies under it.
fn name_cell(board: &Board, mover: Piece, to: Hex) -> Option<String> {
    if let Some(top) = board.top(to) {
        return Some(top.notation());
    }
    let mut fallback = None;
    for d in Direction::ALL {
        let n = to.step(d);
        let stack = board.stack(n);
        let Some(top) = stack.top() else { continue };
        // The reference lies at `n`, and `to` is in direction d.opposite() of it.
        let reference = if top == mover {
            match stack.height() {
                1 => {
                    fallback.get_or_insert((top, d));
                    continue;
                }
                h => stack.pieces().nth(h - 2)?,
            }
        } else {
            top
        };
        return Some(with_mark(reference, d.opposite()));
    }
    fallback.map(|(p, d)| with_mark(p, d.opposite()))
}

fn with_mark(reference: Piece, d: Direction) -> String {
    let (before, after) = mark_of(d);
    let mut s = String::new();
    s.extend(before);
    s.push_str(&reference.notation());
    s.extend(after);
    s
}

/// The MoveString of a move in the position `board` (before the move).
pub fn move_string(board: &Board, m: Move) -> String {
    let (piece, to) = match m {
        Move::Pass => return "pass".to_string(),
        Move::Place { piece, to } | Move::Shift { piece, to, .. } => (piece, to),
    };
    if board.occupied_cells() == 0 {
        return piece.notation();
    }
    match name_cell(board, piece, to) {
        Some(cell) => format!("{} {}", piece.notation(), cell),
        None => piece.notation(),
    }
}

/// Reads a reference such as `-wA1`, `wQ/` or `wQ` into a cell of `board`.
fn read_reference(board: &Board, text: &str) -> Result<Hex, NotationError> {
    let bad = || NotationError::BadReference(text.to_string());
    let (before, rest) = match text.chars().next() {
        Some(c @ ('-' | '/' | '\\')) => (Some(c), &text[1..]),
        _ => (None, text),
    };
    let (name, after) = match rest.chars().last() {
        Some(c @ ('-' | '/' | '\\')) => (&rest[..rest.len() - 1], Some(c)),
        _ => (rest, None),
    };
    let piece = Piece::parse(name).ok_or_else(bad)?;
    let at = board
        .position(piece)
        .ok_or_else(|| NotationError::ReferenceNotOnTable(text.to_string()))?;
    let d = match (before, after) {
        (None, None) => return Ok(at),
        (Some(_), Some(_)) => return Err(bad()),
        (Some('-'), None) => Direction::West,
        (Some('/'), None) => Direction::SouthWest,
        (Some(_), None) => Direction::NorthWest,
        (None, Some('-')) => Direction::East,
        (None, Some('/')) => Direction::NorthEast,
        (None, Some(_)) => Direction::SouthEast,
    };
    Ok(at.step(d))
}

/// Reads a MoveString against the position `board` into a move (not yet checked for
/// legality, except the piece numbering of placements).
pub fn parse_move(board: &Board, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    let mut words = text.split_whitespace();
    let first = words.next().ok_or(NotationError::Empty)?;
    let second = words.next();
    if words.next().is_some() {
        return Err(NotationError::BadReference(text.to_string()));
    }
    let piece = Piece::parse(first)
        .filter(|p| board.game_type().has(p.creature()))
        .ok_or_else(|| NotationError::BadPiece(first.to_string()))?;
    // With the Hedgehog in the game, a piece of the other colour on the table may be carried.
    let carried = board.game_type().has(Creature::Hedgehog) && board.is_placed(piece);
    if piece.colour() != board.to_move() && !carried {
        return Err(NotationError::WrongColour(text.to_string()));
    }
    let empty = board.occupied_cells() == 0;
    let to = match (empty, second) {
        (true, None) => ORIGIN,
        (false, Some(r)) => read_reference(board, r)?,
        _ => return Err(NotationError::ReferenceCount(text.to_string())),
    };
    match board.position(piece) {
        Some(from) => Ok(Move::Shift { piece, from, to }),
        None => {
            let next = board.next_in_reserve(piece.colour(), piece.creature());
            if next != Some(piece) {
                return Err(NotationError::WrongNumber {
                    text: text.to_string(),
                    expected: next.map_or("none (all placed)".to_string(), Piece::notation),
                });
            }
            Ok(Move::Place { piece, to })
        }
    }
}

/// The GameStateString of UHP.
fn state_word(state: &State) -> &'static str {
    match state.outcome() {
        None if state.ply() == 0 => "NotStarted",
        None => "InProgress",
        Some(Outcome::Draw(_)) => "Draw",
        Some(Outcome::Win(Colour::Ash)) => "WhiteWins",
        Some(Outcome::Win(Colour::Walnut)) => "BlackWins",
    }
}

impl State {
    /// Reads a MoveString in this position into a legal move.
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        if self.outcome().is_some() {
            return Err(NotationError::GameOver(text.trim().to_string()));
        }
        let m = parse_move(self.board(), text)?;
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(NotationError::Illegal {
                text: text.trim().to_string(),
                why: self.why_illegal(m),
            })
        }
    }

    /// The MoveString of a move in this position.
    pub fn move_string(&self, m: Move) -> String {
        move_string(self.board(), m)
    }

    /// The moves played, as MoveStrings.
    pub fn move_strings(&self) -> Vec<String> {
        let mut replay = self.start().clone();
        let mut out = Vec::with_capacity(self.ply());
        for m in self.moves() {
            out.push(move_string(&replay, m));
            replay.apply(m);
        }
        out
    }

    /// The UHP GameString: `Base;InProgress;White[3];wS1;bS1 wS1-;...` (`Base+MLP;...` with
    /// the expansion creatures).
    pub fn game_string(&self) -> String {
        let mut s = format!(
            "{};{};{}[{}]",
            self.game_type(),
            state_word(self),
            self.to_move().uhp_word(),
            self.board().turn_number()
        );
        for m in self.move_strings() {
            s.push(';');
            s.push_str(&m);
        }
        s
    }

    /// Reads a GameString, or just a game type (`Base`, `Base+MLP`), replaying every move
    /// through the rules. The state and turn parts, when present, must agree with the replayed
    /// game.
    pub fn from_game_string(text: &str) -> Result<State, NotationError> {
        let game_type = text.trim().split(';').next().unwrap_or_default().trim();
        let game = GameType::parse(game_type)
            .ok_or_else(|| NotationError::GameType(game_type.to_string()))?;
        State::new_game(game).continue_game(text)
    }

    /// Replays the moves of a GameString from this state (a new game or a setup position),
    /// whose game type the GameString must name.
    pub fn continue_game(self, text: &str) -> Result<State, NotationError> {
        let parts: Vec<&str> = text.trim().split(';').collect();
        let game_type = parts[0].trim();
        if GameType::parse(game_type) != Some(self.game_type()) {
            return Err(NotationError::GameType(game_type.to_string()));
        }
        let mut state = self;
        if parts.len() == 1 {
            return Ok(state);
        }
        if parts.len() == 2 {
            return Err(NotationError::GamePart {
                part: 3,
                problem: GameProblem::MissingTurn,
            });
        }
        for (i, mv) in parts[3..].iter().enumerate() {
            let m = state.parse_move(mv).map_err(|e| NotationError::GamePart {
                part: i + 4,
                problem: GameProblem::Move {
                    number: i + 1,
                    text: mv.trim().to_string(),
                    error: Box::new(e),
                },
            })?;
            state.play_unchecked(m);
        }
        let word = state_word(&state);
        if parts[1].trim() != word {
            return Err(NotationError::GamePart {
                part: 2,
                problem: GameProblem::StateWord {
                    says: parts[1].trim().to_string(),
                    actual: word.to_string(),
                },
            });
        }
        let turn = format!(
            "{}[{}]",
            state.to_move().uhp_word(),
            state.board().turn_number()
        );
        if parts[2].trim() != turn {
            return Err(NotationError::GamePart {
                part: 3,
                problem: GameProblem::Turn {
                    says: parts[2].trim().to_string(),
                    actual: turn,
                },
            });
        }
        Ok(state)
    }
}
