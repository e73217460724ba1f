//! Notation: the position string (FEN without queens, plus Artifact Chess fields) and the
//! action notation, both read and written here, with typed errors that say where and why.
//!
//! # Position string
//! Sixteen fields separated by single spaces:
//!
//! ```text
//! <placement> <turn> <castling> <en-passant> <quiet> <fullmove> <wounds> <heirs> <impassable>
//!     <reserves> <hands> <played> <shields> <scouted> <window> <restricted>
//! ```
//!
//! 1. `placement`: the FEN board, rank 8 first, `K R B N P` white and `k r b n p` black, digits for
//!    runs of empty squares. A queen (`Q`/`q`) is refused: there is none in Artifact Chess.
//!    Impassable squares count as empty here (field 9 marks them).
//! 2. `turn`: `w` or `b`, the side to act (after a failed attempt in check it stays the same).
//! 3. `castling`: `KQkq` letters (K = white's king side, Q = white's queen side; nothing to do with
//!    queens) or `-`. A right needs its king on e1/e8 and its rook on the a/h corner.
//! 4. `en-passant`: the square a pawn just passed over, or `-`.
//! 5. `quiet`: actions since the last progress (the draw comes at 100).
//! 6. `fullmove`: starts at 1, grows after black's turn.
//! 7. `wounds`: the wounded pieces' squares, comma-separated (`d2,e7`), or `-`. Never a king.
//! 8. `heirs`: the Heir pawns' squares, or `-`.
//! 9. `impassable`: the impassable squares (barricades and statues), or `-`. Always empty.
//! 10. `reserves`: taken pawns, `<white>/<black>`, e.g. `0/2`.
//! 11. `hands`: unplayed artifacts, `<white>/<black>`, each `-` or artifact codes separated by
//!     commas (`balm,fury/-`), in the table's order; no kind twice in a hand.
//! 12. `played`: the played piles, `<white>/<black>`, in the order played (a kind may repeat).
//! 13. `shields`: the piece each side shielded until its next turn, `<white>/<black>`, each `-`
//!     or a square of that side's piece (`e4/-`).
//! 14. `scouted`: which sides have played Scouting and see the other hand: `-`, `w`, `b` or `wb`.
//! 15. `window`: an open response window, `-` or `<opener>:<card>` (`w:restriction`); the side
//!     to act (field 2) is then the responder.
//! 16. `restricted`: the piece of each side under Restriction, `<white>/<black>`, `-` or a
//!     square.
//!
//! The state Cancel would bring back is not part of the string: a position read from a string
//! offers no Cancel until a new artifact is played (and keys, for repetitions, as the same
//! position without a Cancel chance).
//! A plain six-field FEN (no queens) is read as a position with nothing else on it: no wounds,
//! Heirs or impassable squares, empty reserves, no cards. Twelve fields (no shields, no
//! Scouting) and fourteen (no window, no Restriction) are read too. A position is always written
//! with all sixteen fields. The dice generator is not part of the position (see [`State::with_dice_seed`]).
//!
//! # Action notation
//! - a move: `e2e4`; a promotion adds the piece letter: `e7e8r` (`r`, `b` or `n`);
//!   castling is the king's move, `e1g1`;
//! - a capture attempt: `e4xd5`, `e7xd8n`; en passant names the square passed over, `e5xd6`;
//! - a heal: `heal e1d2` (the king's square, then the wounded piece's).

use super::artifact::{Artifact, ArtifactSet};
use super::board::{Board, Colour, Piece, Role, Square};
use super::cards::{CardMove, Play, Shape};
use super::movegen;
use super::state::{Action, Castling, State};
use crate::i18n::{Explain, Message, msg};
use std::fmt;
use std::str::FromStr;

/// Why a position string was refused.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionError {
    /// The field (1-based, as in the module docs); 0 for the position as a whole.
    pub field: usize,
    pub problem: Problem,
}

/// What is wrong with a position string.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// Not 8 ranks.
    RankCount(usize),
    /// A queen: there is none in Artifact Chess.
    Queen,
    RankTooLong(u8),
    UnknownLetter(char),
    RankWidth {
        rank: u8,
        squares: u8,
    },
    NotASquare(String),
    SquareTwice(Square),
    /// Expected `<white>/<black>`.
    ExpectedPair,
    UnknownArtifact(String),
    NotANumber(String),
    /// Not 6 (FEN), 12, 14 or 16 fields.
    FieldCount(usize),
    EmptyField,
    NotAColour(String),
    MoveNumberZero,
    KingWounded(Square),
    NothingToWound(Square),
    NoPawnForHeir(Square),
    ImpassableOccupied(Square),
    HandTwice,
    NothingToShield {
        colour: Colour,
        at: Square,
    },
    NotScouted(String),
    ExpectedWindow,
    WindowCard,
    ResponderActs,
    NothingToRestrict {
        colour: Colour,
        at: Square,
    },
    KingCount {
        colour: Colour,
        kings: usize,
    },
    UnknownCastling(char),
    CastlingTwice(char),
    CastlingNeeds(char),
    NoEnPassant(Square),
}

impl Explain for Problem {
    fn explain(&self) -> Message {
        match self {
            Problem::RankCount(n) => msg("chess.position.rank_count").with("count", n),
            Problem::Queen => msg("chess.position.queen"),
            Problem::RankTooLong(r) => msg("chess.position.rank_too_long").with("rank", r),
            Problem::UnknownLetter(c) => msg("chess.position.unknown_letter").with("letter", c),
            Problem::RankWidth { rank, squares } => msg("chess.position.rank_width")
                .with("rank", rank)
                .with("squares", squares),
            Problem::NotASquare(t) => msg("chess.position.not_a_square").with("text", t),
            Problem::SquareTwice(sq) => msg("chess.position.square_twice").with("square", sq),
            Problem::ExpectedPair => msg("chess.position.expected_pair"),
            Problem::UnknownArtifact(t) => msg("chess.position.unknown_artifact").with("text", t),
            Problem::NotANumber(t) => msg("chess.position.not_a_number").with("text", t),
            Problem::FieldCount(n) => msg("chess.position.field_count").with("count", n),
            Problem::EmptyField => msg("chess.position.empty_field"),
            Problem::NotAColour(t) => msg("chess.position.not_a_colour").with("text", t),
            Problem::MoveNumberZero => msg("chess.position.move_number_zero"),
            Problem::KingWounded(sq) => msg("chess.position.king_wounded").with("square", sq),
            Problem::NothingToWound(sq) => {
                msg("chess.position.nothing_to_wound").with("square", sq)
            }
            Problem::NoPawnForHeir(sq) => msg("chess.position.no_pawn_for_heir").with("square", sq),
            Problem::ImpassableOccupied(sq) => {
                msg("chess.position.impassable_occupied").with("square", sq)
            }
            Problem::HandTwice => msg("chess.position.hand_twice"),
            Problem::NothingToShield { colour, at } => msg("chess.position.nothing_to_shield")
                .with_words("colour", colour.explain())
                .with("square", at),
            Problem::NotScouted(t) => msg("chess.position.not_scouted").with("text", t),
            Problem::ExpectedWindow => msg("chess.position.expected_window"),
            Problem::WindowCard => msg("chess.position.window_card"),
            Problem::ResponderActs => msg("chess.position.responder_acts"),
            Problem::NothingToRestrict { colour, at } => msg("chess.position.nothing_to_restrict")
                .with_words("colour", colour.explain())
                .with("square", at),
            Problem::KingCount { colour, kings } => msg("chess.position.king_count")
                .with_words("colour", colour.explain())
                .with("kings", kings),
            Problem::UnknownCastling(c) => msg("chess.position.unknown_castling").with("letter", c),
            Problem::CastlingTwice(c) => msg("chess.position.castling_twice").with("letter", c),
            Problem::CastlingNeeds(c) => msg("chess.position.castling_needs").with("letter", c),
            Problem::NoEnPassant(sq) => msg("chess.position.no_en_passant").with("square", sq),
        }
    }
}

impl Explain for PositionError {
    fn explain(&self) -> Message {
        if self.field == 0 {
            msg("chess.position.bad").with_words("why", self.problem.explain())
        } else {
            msg("chess.position.bad_field")
                .with("field", self.field)
                .with_words("name", msg(FIELD_KEYS[self.field - 1]))
                .with_words("why", self.problem.explain())
        }
    }
}

crate::display_in_english!(PositionError);

/// Any text of the game that could not be read: an action or a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParseError {
    Action(ActionSyntaxError),
    Position(PositionError),
}

impl Explain for ParseError {
    fn explain(&self) -> Message {
        match self {
            ParseError::Action(e) => e.explain(),
            ParseError::Position(e) => e.explain(),
        }
    }
}

crate::display_in_english!(ParseError);

const FIELD_KEYS: [&str; 16] = [
    "chess.field.placement",
    "chess.field.turn",
    "chess.field.castling",
    "chess.field.en_passant",
    "chess.field.quiet",
    "chess.field.fullmove",
    "chess.field.wounds",
    "chess.field.heirs",
    "chess.field.impassable",
    "chess.field.reserves",
    "chess.field.hands",
    "chess.field.played",
    "chess.field.shields",
    "chess.field.scouted",
    "chess.field.window",
    "chess.field.restricted",
];

fn err(field: usize, problem: Problem) -> PositionError {
    PositionError { field, problem }
}

fn parse_placement(text: &str) -> Result<Board, PositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(1, Problem::RankCount(ranks.len())));
    }
    let mut board = Board::empty();
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
            } else if c == 'q' || c == 'Q' {
                return Err(err(1, Problem::Queen));
            } else if let Some(role) = Role::from_letter(c) {
                let colour = if c.is_ascii_uppercase() {
                    Colour::White
                } else {
                    Colour::Black
                };
                let sq = Square::new(file, rank).ok_or(err(1, Problem::RankTooLong(rank + 1)))?;
                board.set(sq, Some(Piece::new(colour, role)));
                file += 1;
            } else {
                return Err(err(1, Problem::UnknownLetter(c)));
            }
            if file > 8 {
                return Err(err(1, Problem::RankTooLong(rank + 1)));
            }
        }
        if file != 8 {
            return Err(err(
                1,
                Problem::RankWidth {
                    rank: rank + 1,
                    squares: file,
                },
            ));
        }
    }
    Ok(board)
}

fn parse_squares(field: usize, text: &str) -> Result<Vec<Square>, PositionError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for part in text.split(',') {
        let sq =
            Square::parse(part).ok_or_else(|| err(field, Problem::NotASquare(part.to_string())))?;
        if out.contains(&sq) {
            return Err(err(field, Problem::SquareTwice(sq)));
        }
        out.push(sq);
    }
    Ok(out)
}

fn parse_pair(field: usize, text: &str) -> Result<(&str, &str), PositionError> {
    text.split_once('/')
        .filter(|(_, b)| !b.contains('/'))
        .ok_or(err(field, Problem::ExpectedPair))
}

fn parse_cards(field: usize, text: &str) -> Result<Vec<Artifact>, PositionError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|c| {
            Artifact::from_code(c)
                .ok_or_else(|| err(field, Problem::UnknownArtifact(c.to_string())))
        })
        .collect()
}

fn parse_number<T: FromStr>(field: usize, text: &str) -> Result<T, PositionError> {
    text.parse()
        .map_err(|_| err(field, Problem::NotANumber(text.to_string())))
}

impl FromStr for State {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<State, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if ![6, 12, 14, 16].contains(&fields.len()) {
            return Err(err(0, Problem::FieldCount(fields.len())));
        }
        if let Some(i) = fields.iter().position(|f| f.is_empty()) {
            return Err(err(i + 1, Problem::EmptyField));
        }
        let mut state = State::bare();
        state.board = parse_placement(fields[0])?;
        state.turn = match fields[1] {
            "w" => Colour::White,
            "b" => Colour::Black,
            other => return Err(err(2, Problem::NotAColour(other.to_string()))),
        };
        state.castling = parse_castling(fields[2], &state.board)?;
        state.en_passant = match fields[3] {
            "-" => None,
            s => {
                let sq =
                    Square::parse(s).ok_or_else(|| err(4, Problem::NotASquare(s.to_string())))?;
                Some(sq)
            }
        };
        state.quiet = parse_number(5, fields[4])?;
        state.fullmove = parse_number(6, fields[5])?;
        if state.fullmove == 0 {
            return Err(err(6, Problem::MoveNumberZero));
        }
        if fields.len() >= 12 {
            for sq in parse_squares(7, fields[6])? {
                match state.board.get(sq) {
                    Some(mut p) if p.role != Role::King => {
                        p.wounded = true;
                        state.board.set(sq, Some(p));
                    }
                    Some(_) => return Err(err(7, Problem::KingWounded(sq))),
                    None => return Err(err(7, Problem::NothingToWound(sq))),
                }
            }
            for sq in parse_squares(8, fields[7])? {
                match state.board.get(sq) {
                    Some(mut p) if p.role == Role::Pawn => {
                        p.heir = true;
                        state.board.set(sq, Some(p));
                    }
                    _ => return Err(err(8, Problem::NoPawnForHeir(sq))),
                }
            }
            for sq in parse_squares(9, fields[8])? {
                if state.board.get(sq).is_some() {
                    return Err(err(9, Problem::ImpassableOccupied(sq)));
                }
                state.board.set_impassable(sq, true);
            }

            let (w, b) = parse_pair(10, fields[9])?;
            state.reserves = [parse_number(10, w)?, parse_number(10, b)?];
            let (w, b) = parse_pair(11, fields[10])?;
            for (i, side) in [w, b].into_iter().enumerate() {
                let cards = parse_cards(11, side)?;
                let hand: ArtifactSet = cards.iter().copied().collect();
                if hand.len() != cards.len() {
                    return Err(err(11, Problem::HandTwice));
                }
                state.hands[i] = hand;
            }
            let (w, b) = parse_pair(12, fields[11])?;
            state.played = [
                parse_cards(12, w)?.into_iter().collect(),
                parse_cards(12, b)?.into_iter().collect(),
            ];
        }
        if fields.len() >= 14 {
            let (w, b) = parse_pair(13, fields[12])?;
            for (colour, text) in [(Colour::White, w), (Colour::Black, b)] {
                if text == "-" {
                    continue;
                }
                let sq = Square::parse(text)
                    .ok_or_else(|| err(13, Problem::NotASquare(text.to_string())))?;
                let own = state
                    .board
                    .get(sq)
                    .is_some_and(|p| p.colour == colour && p.role != Role::King);
                if !own {
                    return Err(err(13, Problem::NothingToShield { colour, at: sq }));
                }
                state.shields[colour.index()] = Some(sq);
            }
            state.scouted = match fields[13] {
                "-" => [false, false],
                "w" => [true, false],
                "b" => [false, true],
                "wb" => [true, true],
                other => return Err(err(14, Problem::NotScouted(other.to_string()))),
            };
        }
        if fields.len() == 16 {
            if fields[14] != "-" {
                let (who, code) = fields[14]
                    .split_once(':')
                    .ok_or(err(15, Problem::ExpectedWindow))?;
                let opener = match who {
                    "w" => Colour::White,
                    "b" => Colour::Black,
                    _ => return Err(err(15, Problem::NotAColour(who.to_string()))),
                };
                let card = Artifact::from_code(code)
                    .filter(|c| matches!(c, Artifact::Seize | Artifact::Restriction))
                    .ok_or(err(15, Problem::WindowCard))?;
                if opener == state.turn {
                    return Err(err(15, Problem::ResponderActs));
                }
                state.window = Some(super::state::Window { opener, card });
            }
            let (w, b) = parse_pair(16, fields[15])?;
            for (colour, text) in [(Colour::White, w), (Colour::Black, b)] {
                if text == "-" {
                    continue;
                }
                let sq = Square::parse(text)
                    .ok_or_else(|| err(16, Problem::NotASquare(text.to_string())))?;
                let ok = state
                    .board
                    .get(sq)
                    .is_some_and(|p| p.colour == colour && p.role != Role::King);
                if !ok {
                    return Err(err(16, Problem::NothingToRestrict { colour, at: sq }));
                }
                state.restricted[colour.index()] = Some(sq);
            }
        }
        if let Some(ep) = state.en_passant {
            check_en_passant(&state, ep)?;
        }
        for colour in Colour::BOTH {
            let kings = state.board.count(colour, Role::King);
            if kings != 1 {
                return Err(err(1, Problem::KingCount { colour, kings }));
            }
        }
        Ok(state.settle())
    }
}

fn parse_castling(text: &str, board: &Board) -> Result<Castling, PositionError> {
    let mut rights = Castling::NONE;
    if text == "-" {
        return Ok(rights);
    }
    for c in text.chars() {
        let (colour, side, rook_file) = match c {
            'K' => (Colour::White, Castling::kingside(Colour::White), 7),
            'Q' => (Colour::White, Castling::queenside(Colour::White), 0),
            'k' => (Colour::Black, Castling::kingside(Colour::Black), 7),
            'q' => (Colour::Black, Castling::queenside(Colour::Black), 0),
            other => return Err(err(3, Problem::UnknownCastling(other))),
        };
        if rights.has(side) {
            return Err(err(3, Problem::CastlingTwice(c)));
        }
        let home = colour.home_rank();
        let has = |file: u8, role: Role| {
            Square::new(file, home)
                .and_then(|s| board.get(s))
                .is_some_and(|p| p.colour == colour && p.role == role)
        };
        if !has(4, Role::King) || !has(rook_file, Role::Rook) {
            return Err(err(3, Problem::CastlingNeeds(c)));
        }
        rights.add(side);
    }
    Ok(rights)
}

fn check_en_passant(state: &State, sq: Square) -> Result<(), PositionError> {
    // The pawn that moved belongs to the side not to make the next move (in a response window,
    // the opener makes it) and stands just beyond `sq`.
    let next = state.window.map_or(state.turn, |w| w.opener);
    let mover = next.other();
    // Acceleration moves pawns two squares from any rank, so any rank may hold the square.
    let ok = state.board.is_free(sq)
        && movegen::en_passant_victim(sq, next)
            .and_then(|v| state.board.get(v))
            .is_some_and(|p| p.colour == mover && p.role == Role::Pawn);
    if ok {
        Ok(())
    } else {
        Err(err(4, Problem::NoEnPassant(sq)))
    }
}

fn write_squares(f: &mut fmt::Formatter<'_>, squares: &[Square]) -> fmt::Result {
    if squares.is_empty() {
        return f.write_str("-");
    }
    for (i, s) in squares.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{s}")?;
    }
    Ok(())
}

fn write_cards(f: &mut fmt::Formatter<'_>, cards: impl Iterator<Item = Artifact>) -> fmt::Result {
    let codes: Vec<&str> = cards.map(Artifact::code).collect();
    if codes.is_empty() {
        f.write_str("-")
    } else {
        f.write_str(&codes.join(","))
    }
}

/// Writes the sixteen-field position string.
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let sq = Square::new(file, rank).ok_or(fmt::Error)?;
                match board.get(sq) {
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.fen_char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let turn = if self.turn() == Colour::White {
            "w"
        } else {
            "b"
        };
        write!(f, " {turn} ")?;
        let mut any = false;
        for (c, side) in [
            ('K', Castling::kingside(Colour::White)),
            ('Q', Castling::queenside(Colour::White)),
            ('k', Castling::kingside(Colour::Black)),
            ('q', Castling::queenside(Colour::Black)),
        ] {
            if self.castling().has(side) {
                write!(f, "{c}")?;
                any = true;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        match self.en_passant() {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {} ", self.quiet_actions(), self.fullmove())?;
        let marked = |test: fn(Piece) -> bool| -> Vec<Square> {
            board
                .pieces()
                .filter(|(_, p)| test(*p))
                .map(|(s, _)| s)
                .collect()
        };
        write_squares(f, &marked(|p| p.wounded))?;
        f.write_str(" ")?;
        write_squares(f, &marked(|p| p.heir))?;
        f.write_str(" ")?;
        write_squares(f, &board.impassable().iter().collect::<Vec<_>>())?;
        write!(
            f,
            " {}/{} ",
            self.reserve(Colour::White),
            self.reserve(Colour::Black)
        )?;
        write_cards(f, self.hand(Colour::White).iter())?;
        f.write_str("/")?;
        write_cards(f, self.hand(Colour::Black).iter())?;
        f.write_str(" ")?;
        write_cards(f, self.played(Colour::White).iter().copied())?;
        f.write_str("/")?;
        write_cards(f, self.played(Colour::Black).iter().copied())?;
        let shield = |c| self.shield(c).map_or("-".to_string(), |s| s.to_string());
        write!(f, " {}/{} ", shield(Colour::White), shield(Colour::Black))?;
        f.write_str(
            match (self.scouted(Colour::White), self.scouted(Colour::Black)) {
                (false, false) => "-",
                (true, false) => "w",
                (false, true) => "b",
                (true, true) => "wb",
            },
        )?;
        match self.window() {
            Some(w) => {
                let who = if w.opener == Colour::White { "w" } else { "b" };
                write!(f, " {who}:{}", w.card)?;
            }
            None => f.write_str(" -")?,
        }
        let restricted = |c| {
            self.restricted(c)
                .map_or("-".to_string(), |s| s.to_string())
        };
        write!(
            f,
            " {}/{}",
            restricted(Colour::White),
            restricted(Colour::Black)
        )
    }
}

/// Why an action's notation was refused.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ActionSyntaxError {
    pub input: String,
    /// The byte offset where reading stopped.
    pub at: usize,
    pub why: Syntax,
}

/// What was wrong in an action's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Syntax {
    ExpectedSquare,
    TrailingAfterSquares,
    HealForm,
    PromotionLetter,
    Trailing,
    SameSquare,
    NothingAfterArtifact,
    ExpectedSpaceSquare,
    ExpectedSpaceArtifact,
    UnknownArtifact,
    ExpectedSpaceSteps,
    ExpectedKingSquare,
    ExpectedTwoSteps,
    ExpectedSpacePromotions,
    ExpectedFilePromotion,
    ExpectedSpaceMove,
    ExpectedMove,
    NotPlayable,
}

impl Explain for Syntax {
    fn explain(&self) -> Message {
        msg(match self {
            Syntax::ExpectedSquare => "chess.syntax.expected_square",
            Syntax::TrailingAfterSquares => "chess.syntax.trailing_after_squares",
            Syntax::HealForm => "chess.syntax.heal_form",
            Syntax::PromotionLetter => "chess.syntax.promotion_letter",
            Syntax::Trailing => "chess.syntax.trailing",
            Syntax::SameSquare => "chess.syntax.same_square",
            Syntax::NothingAfterArtifact => "chess.syntax.nothing_after_artifact",
            Syntax::ExpectedSpaceSquare => "chess.syntax.expected_space_square",
            Syntax::ExpectedSpaceArtifact => "chess.syntax.expected_space_artifact",
            Syntax::UnknownArtifact => "chess.syntax.unknown_artifact",
            Syntax::ExpectedSpaceSteps => "chess.syntax.expected_space_steps",
            Syntax::ExpectedKingSquare => "chess.syntax.expected_king_square",
            Syntax::ExpectedTwoSteps => "chess.syntax.expected_two_steps",
            Syntax::ExpectedSpacePromotions => "chess.syntax.expected_space_promotions",
            Syntax::ExpectedFilePromotion => "chess.syntax.expected_file_promotion",
            Syntax::ExpectedSpaceMove => "chess.syntax.expected_space_move",
            Syntax::ExpectedMove => "chess.syntax.expected_move",
            Syntax::NotPlayable => "chess.syntax.not_playable",
        })
    }
}

impl Explain for ActionSyntaxError {
    fn explain(&self) -> Message {
        msg("chess.syntax.error")
            .with("input", &self.input)
            .with("at", self.at + 1)
            .with_words("why", self.why.explain())
    }
}

crate::display_in_english!(ActionSyntaxError);

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Move {
                from,
                to,
                promotion,
            }
            | Action::Attempt {
                from,
                to,
                promotion,
            } => {
                let x = if self.is_attempt() { "x" } else { "" };
                write!(f, "{from}{x}{to}")?;
                if let Some(r) = promotion {
                    write!(f, "{}", r.letter())?;
                }
                Ok(())
            }
            Action::Heal { king, target } => write!(f, "heal {king}{target}"),
            Action::Play(p) => write!(f, "{p}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Action {
    type Err = ActionSyntaxError;

    fn from_str(input: &str) -> Result<Action, ActionSyntaxError> {
        let fail = |at: usize, why| ActionSyntaxError {
            input: input.to_string(),
            at,
            why,
        };
        let square_at = |at: usize| -> Result<Square, ActionSyntaxError> {
            input
                .get(at..at + 2)
                .and_then(Square::parse)
                .ok_or_else(|| fail(at, Syntax::ExpectedSquare))
        };
        if let Some(rest) = input.strip_prefix("heal ") {
            let base = input.len() - rest.len();
            let king = square_at(base)?;
            let target = square_at(base + 2)?;
            if rest.len() != 4 {
                return Err(fail(base + 4, Syntax::TrailingAfterSquares));
            }
            return Ok(Action::Heal { king, target });
        }
        if input.starts_with("heal") {
            return Err(fail(4, Syntax::HealForm));
        }
        if input == "pass" {
            return Ok(Action::Pass);
        }
        if let Some((word, _)) = input.split_once(' ').or(Some((input, "")))
            && let Some(card) = Artifact::from_code(word)
        {
            return parse_play(input, card, word.len());
        }
        let from = square_at(0)?;
        let mut at = 2;
        let attempt = input.as_bytes().get(at) == Some(&b'x');
        if attempt {
            at += 1;
        }
        let to = square_at(at)?;
        at += 2;
        let promotion = match input[at..].chars().next() {
            None => None,
            Some(c) => {
                let role = Role::from_letter(c)
                    .filter(|r| Role::PROMOTIONS.contains(r) && c.is_ascii_lowercase())
                    .ok_or_else(|| fail(at, Syntax::PromotionLetter))?;
                at += 1;
                Some(role)
            }
        };
        if at != input.len() {
            return Err(fail(at, Syntax::Trailing));
        }
        if from == to {
            return Err(fail(0, Syntax::SameSquare));
        }
        Ok(if attempt {
            Action::Attempt {
                from,
                to,
                promotion,
            }
        } else {
            Action::Move {
                from,
                to,
                promotion,
            }
        })
    }
}

/// Reads the card move or square after an artifact's code (`teleport e2xe4`, `balm d2`).
fn parse_play(input: &str, card: Artifact, code_len: usize) -> Result<Action, ActionSyntaxError> {
    let fail = |at: usize, why| ActionSyntaxError {
        input: input.to_string(),
        at,
        why,
    };
    let shape = Play::shape(card);
    let rest = &input[code_len..];
    let play = match shape {
        Shape::Nothing => {
            if !rest.is_empty() {
                return Err(fail(code_len, Syntax::NothingAfterArtifact));
            }
            Play::from_parts(card, None, None)
        }
        Shape::Square => {
            let Some(sq) = rest.strip_prefix(' ') else {
                return Err(fail(code_len, Syntax::ExpectedSpaceSquare));
            };
            let square =
                Square::parse(sq).ok_or_else(|| fail(code_len + 1, Syntax::ExpectedSquare))?;
            Play::from_parts(card, None, Some(square))
        }
        Shape::Card => {
            let Some(code) = rest.strip_prefix(' ') else {
                return Err(fail(code_len, Syntax::ExpectedSpaceArtifact));
            };
            let taken = Artifact::from_code(code)
                .ok_or_else(|| fail(code_len + 1, Syntax::UnknownArtifact))?;
            Some(Play::Seize(taken))
        }
        Shape::Stride => {
            let Some(text) = rest.strip_prefix(' ') else {
                return Err(fail(code_len, Syntax::ExpectedSpaceSteps));
            };
            let base = code_len + 1;
            let from = text
                .get(..2)
                .and_then(Square::parse)
                .ok_or_else(|| fail(base, Syntax::ExpectedKingSquare))?;
            let parsed: Action = text
                .get(2..)
                .unwrap_or("")
                .parse()
                .map_err(|e: ActionSyntaxError| fail(base + 2 + e.at, e.why))?;
            match parsed {
                Action::Move {
                    from: via,
                    to,
                    promotion: None,
                }
                | Action::Attempt {
                    from: via,
                    to,
                    promotion: None,
                } => {
                    let attack = parsed.is_attempt();
                    Some(Play::KingsStride {
                        via,
                        m: CardMove {
                            from,
                            to,
                            attack,
                            promotion: None,
                        },
                    })
                }
                _ => return Err(fail(base + 2, Syntax::ExpectedTwoSteps)),
            }
        }
        Shape::Mass => {
            let mut promotions = [None; 8];
            if !rest.is_empty() {
                let Some(list) = rest.strip_prefix(' ') else {
                    return Err(fail(code_len, Syntax::ExpectedSpacePromotions));
                };
                let mut at = code_len + 1;
                for part in list.split(',') {
                    let b = part.as_bytes();
                    let file = b.first().map(|c| c.wrapping_sub(b'a')).filter(|f| *f < 8);
                    let role = part
                        .chars()
                        .nth(1)
                        .and_then(Role::from_letter)
                        .filter(|r| Role::PROMOTIONS.contains(r));
                    match (file, role, b.len()) {
                        (Some(f), Some(r), 2) if promotions[f as usize].is_none() => {
                            promotions[f as usize] = Some(r)
                        }
                        _ => {
                            return Err(fail(at, Syntax::ExpectedFilePromotion));
                        }
                    }
                    at += part.len() + 1;
                }
            }
            Some(Play::MassAttack(promotions))
        }
        Shape::Move => {
            let Some(mv) = rest.strip_prefix(' ') else {
                return Err(fail(code_len, Syntax::ExpectedSpaceMove));
            };
            let base = code_len + 1;
            let parsed: Action = mv
                .parse()
                .map_err(|e: ActionSyntaxError| fail(base + e.at, e.why))?;
            let m = match parsed {
                Action::Move {
                    from,
                    to,
                    promotion,
                } => CardMove {
                    from,
                    to,
                    attack: false,
                    promotion,
                },
                Action::Attempt {
                    from,
                    to,
                    promotion,
                } => CardMove {
                    from,
                    to,
                    attack: true,
                    promotion,
                },
                _ => return Err(fail(base, Syntax::ExpectedMove)),
            };
            Play::from_parts(card, Some(m), None)
        }
    };
    play.map(Action::Play)
        .ok_or_else(|| fail(0, Syntax::NotPlayable))
}

/// Reads a position string; the plain-chess start without queens is the perft reference.
pub fn parse_position(text: &str) -> Result<State, PositionError> {
    text.parse()
}

/// The plain chess start without the queens: not an army of the rules (it costs 30 points), but
/// the reference position of `tables perft chess`, directly comparable to chess perft.
pub const QUEENLESS_START: &str = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        for text in [
            "e2e4",
            "e7e8r",
            "e7xd8n",
            "e4xd5",
            "heal e1d2",
            "e1g1",
            "a7a8b",
        ] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
        }
    }

    #[test]
    fn malformed_actions_say_where() {
        for (text, at) in [
            ("", 0),
            ("e2", 2),
            ("e2e9", 2),
            ("e2xe", 3),
            ("e7e8q", 4),
            ("e7e8R", 4),
            ("e2e4 ", 4),
            ("heal e1", 7),
            ("heal e1d2d3", 9),
            ("healx", 4),
            ("e2e2", 0),
            ("é2e4", 0),
        ] {
            let e = text.parse::<Action>().unwrap_err();
            assert_eq!(e.at, at, "{text}: {e}");
        }
    }

    #[test]
    fn plain_fen_reads_with_nothing_else() {
        let s = parse_position(QUEENLESS_START).unwrap();
        assert_eq!(
            s.to_string(),
            format!("{QUEENLESS_START} - - - 0/0 -/- -/- -/- - - -/-")
        );
        assert_eq!(s.reserve(Colour::White), 0);
        assert!(s.hand(Colour::Black).is_empty());
    }

    #[test]
    fn full_positions_round_trip() {
        let text = "4k3/1p2p3/8/3P4/8/8/4P3/R3K2R w KQ - 3 12 a1,e2 b7 c4,f6 2/1 balm,fury/scouting cancel/seize,seize -/e7 w b:restriction e2/-";
        let s = parse_position(text).unwrap();
        assert_eq!(s.to_string(), text);
        assert!(s.board().get(Square::parse("e2").unwrap()).unwrap().wounded);
        assert!(s.board().get(Square::parse("b7").unwrap()).unwrap().heir);
        assert!(s.board().is_impassable(Square::parse("f6").unwrap()));
        assert_eq!(s.played(Colour::Black), &[Artifact::Seize, Artifact::Seize]);
        assert_eq!(s.shield(Colour::Black), Square::parse("e7"));
        assert!(s.scouted(Colour::White) && !s.scouted(Colour::Black));
        assert_eq!(s.restricted(Colour::White), Square::parse("e2"));
        assert!(s.window().is_some_and(|w| w.opener == Colour::Black));
        let twelve = text.rsplitn(5, ' ').nth(4).unwrap();
        assert!(
            parse_position(twelve)
                .unwrap()
                .shield(Colour::Black)
                .is_none()
        );
    }

    #[test]
    fn bad_positions_name_their_field() {
        let base = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let with = |extra: &str| format!("{base} {extra}");
        for (text, field) in [
            ("4k3/8/8/8/8/8/8/4KQ2 w - - 0 1".to_string(), 1),
            ("4k3/8/8/8/8/8/8/4K4 w - - 0 1".to_string(), 1),
            ("4k3/8/8/8/8/8/8 w - - 0 1".to_string(), 1),
            ("8/8/8/8/8/8/8/4K3 w - - 0 1".to_string(), 1),
            ("4k3/8/8/8/8/8/8/4K3 x - - 0 1".to_string(), 2),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1".to_string(), 3),
            ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1".to_string(), 4),
            ("4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1".to_string(), 4),
            ("4k3/8/8/8/8/8/8/4K3 w - - x 1".to_string(), 5),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 0".to_string(), 6),
            (with("e1 - - 0/0 -/- -/-"), 7),
            (with("- e1 - 0/0 -/- -/-"), 8),
            (with("- - e1 0/0 -/- -/-"), 9),
            (with("- - - 0 -/- -/-"), 10),
            (with("- - - 0/0 balm,balm/- -/-"), 11),
            (with("- - - 0/0 wand/- -/-"), 11),
            (with("- - - 0/0 -/- -/x"), 12),
            (with("- - -"), 0),
            (with("- - - 0/0 -/- -/- e1/- -"), 13),
            (with("- - - 0/0 -/- -/- -/- x"), 14),
            (with("- - - 0/0 -/- -/- -/- - w:balm -/-"), 15),
            (with("- - - 0/0 -/- -/- -/- - w:seize -/-"), 15),
            (with("- - - 0/0 -/- -/- -/- - - e1/-"), 16),
            ("4k3/8/8/8/8/8/8/4K2R  w - - 0 1".to_string(), 0),
        ] {
            let e = parse_position(&text).unwrap_err();
            assert_eq!(e.field, field, "{text}: {e}");
        }
    }

    #[test]
    fn the_side_not_to_act_may_stand_in_check() {
        // Blind set-ups can start a game with black's king attacked and white to move.
        let s = parse_position("4k3/8/8/8/8/8/8/3RK2r w - - 0 1").unwrap();
        assert!(s.in_check());
        let s = parse_position("3k4/8/8/8/8/8/8/3RK3 w - - 0 1").unwrap();
        assert!(!s.in_check());
        assert!(
            s.legal_actions()
                .iter()
                .all(|a| a.to() != Square::parse("d8"))
        );
    }
}
