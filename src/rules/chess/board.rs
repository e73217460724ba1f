//! The board: colours, roles, squares, pieces with their wound and Heir marks, and the 8 × 8
//! grid with its impassable squares.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A side. White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::White, Colour::Black];

    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// 0 for white, 1 for black: the index into per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The rank (0-based) of the home rank: 1 for white, 8 for black.
    pub fn home_rank(self) -> u8 {
        match self {
            Colour::White => 0,
            Colour::Black => 7,
        }
    }

    /// The rank (0-based) the pawns start on: 2 for white, 7 for black.
    pub fn pawn_rank(self) -> u8 {
        match self {
            Colour::White => 1,
            Colour::Black => 6,
        }
    }

    /// The rank (0-based) where this colour's pawns promote.
    pub fn last_rank(self) -> u8 {
        self.other().home_rank()
    }

    /// The rank step of this colour's pawns: +1 for white, -1 for black.
    pub fn forward(self) -> i8 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }

    /// The rank counted from this colour's side: 0 is its home rank.
    pub fn relative_rank(self, sq: Square) -> u8 {
        match self {
            Colour::White => sq.rank(),
            Colour::Black => 7 - sq.rank(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

impl crate::i18n::Explain for Colour {
    fn explain(&self) -> crate::i18n::Message {
        crate::i18n::msg(match self {
            Colour::White => "chess.colour.white",
            Colour::Black => "chess.colour.black",
        })
    }
}

/// A kind of piece. There is no queen in Artifact Chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    King,
}

impl crate::i18n::Explain for Role {
    fn explain(&self) -> crate::i18n::Message {
        crate::i18n::msg(match self {
            Role::Pawn => "chess.role.pawn",
            Role::Knight => "chess.role.knight",
            Role::Bishop => "chess.role.bishop",
            Role::Rook => "chess.role.rook",
            Role::King => "chess.role.king",
        })
    }
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::King,
    ];

    /// The pieces a pawn may promote to (never a queen, never a king).
    pub const PROMOTIONS: [Role; 3] = [Role::Rook, Role::Bishop, Role::Knight];

    /// The army-building price; the king is free.
    pub fn points(self) -> u32 {
        match self {
            Role::Pawn => 1,
            Role::Knight | Role::Bishop => 3,
            Role::Rook => 5,
            Role::King => 0,
        }
    }

    /// The lower-case letter used in FEN and in promotions (`p n b r k`).
    pub fn letter(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::King => 'k',
        }
    }

    /// Reads a letter in either case; `q` is not a role here.
    pub fn from_letter(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::King => "king",
        }
    }
}

/// One of the 64 squares, `a1` = 0 … `h8` = 63. Always on the board by construction.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Square(u8);

impl Square {
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with this index (0..64), if it is one.
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 64 { Some(Square(i as u8)) } else { None }
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 = file a … 7 = file h.
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// 0 = rank 1 … 7 = rank 8.
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if (0..8).contains(&f) && (0..8).contains(&r) {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// Light squares (like h1) and dark squares (like a1): bishops of one army differ.
    pub fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    /// The king-step distance (Chebyshev distance).
    pub fn distance(self, other: Square) -> u8 {
        let df = (self.file() as i8 - other.file() as i8).unsigned_abs();
        let dr = (self.rank() as i8 - other.rank() as i8).unsigned_abs();
        df.max(dr)
    }

    /// Reads `e4`; nothing else (no upper case, no spaces).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].wrapping_sub(b'a');
        let r = b[1].wrapping_sub(b'1');
        Square::new(f, r)
    }
}

impl TryFrom<u8> for Square {
    type Error = String;
    fn try_from(v: u8) -> Result<Square, String> {
        Square::from_index(v as usize).ok_or_else(|| format!("square index {v} is off the board"))
    }
}

impl From<Square> for u8 {
    fn from(s: Square) -> u8 {
        s.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A piece on the board with its lasting marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    #[serde(rename = "color")]
    pub colour: Colour,
    pub role: Role,
    /// A wounded piece attacks with 1d6 and dies without rolls when attacked. Never on a king.
    pub wounded: bool,
    /// An Heir pawn (artifact Heir, issue #8) attacks on both diagonals forward and backward.
    /// Only ever on a pawn; lost on promotion.
    pub heir: bool,
}

impl Piece {
    pub const fn new(colour: Colour, role: Role) -> Piece {
        Piece {
            colour,
            role,
            wounded: false,
            heir: false,
        }
    }

    /// The FEN letter: upper case for white.
    pub fn fen_char(self) -> char {
        let c = self.role.letter();
        match self.colour {
            Colour::White => c.to_ascii_uppercase(),
            Colour::Black => c,
        }
    }
}

/// A set of squares as 64 bits (bit i = square i).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SquareSet(pub u64);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet(0);

    pub fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 == 1
    }

    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn iter(self) -> impl Iterator<Item = Square> {
        super::bits::Bits(self.0).filter_map(Square::from_index)
    }
}

/// The 8 × 8 grid: what stands on each square, and which squares are impassable (hatched).
/// An impassable square never holds a piece.
///
/// Stored as bitboards (one 64-bit set per colour, per role and per mark), so move generation,
/// attack tests and the engine's evaluation work on whole sets at once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    colors: [u64; 2],
    /// Indexed by `Role as usize`: pawn, knight, bishop, rook, king.
    roles: [u64; 5],
    wounded: u64,
    heir: u64,
    impassable: SquareSet,
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

const ROLES: [Role; 5] = Role::ALL;

impl Board {
    pub fn empty() -> Board {
        Board {
            colors: [0; 2],
            roles: [0; 5],
            wounded: 0,
            heir: 0,
            impassable: SquareSet::EMPTY,
        }
    }

    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        let b = 1u64 << sq.index();
        let colour = if self.colors[0] & b != 0 {
            Colour::White
        } else if self.colors[1] & b != 0 {
            Colour::Black
        } else {
            return None;
        };
        let role = ROLES[self.roles.iter().position(|r| r & b != 0).unwrap_or(0)];
        Some(Piece {
            colour,
            role,
            wounded: self.wounded & b != 0,
            heir: self.heir & b != 0,
        })
    }

    /// Puts or removes a piece. Callers keep impassable squares empty.
    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        let b = 1u64 << sq.index();
        let clear = !b;
        self.colors[0] &= clear;
        self.colors[1] &= clear;
        for r in &mut self.roles {
            *r &= clear;
        }
        self.wounded &= clear;
        self.heir &= clear;
        if let Some(p) = piece {
            self.colors[p.colour.index()] |= b;
            self.roles[p.role as usize] |= b;
            if p.wounded {
                self.wounded |= b;
            }
            if p.heir {
                self.heir |= b;
            }
        }
    }

    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.get(sq);
        if p.is_some() {
            self.set(sq, None);
        }
        p
    }

    pub fn is_impassable(&self, sq: Square) -> bool {
        self.impassable.contains(sq)
    }

    pub fn impassable(&self) -> SquareSet {
        self.impassable
    }

    /// Marks a square impassable or clears it; an occupied square is first emptied by the caller.
    pub fn set_impassable(&mut self, sq: Square, on: bool) {
        if on {
            self.impassable.insert(sq);
        } else {
            self.impassable.remove(sq);
        }
    }

    /// Empty and passable: a piece may land here without an attempt.
    #[inline]
    pub fn is_free(&self, sq: Square) -> bool {
        (self.occupied() | self.impassable.0) >> sq.index() & 1 == 0
    }

    /// Every piece with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        super::bits::Bits(self.occupied()).filter_map(move |i| {
            let s = Square::from_index(i)?;
            self.get(s).map(|p| (s, p))
        })
    }

    pub fn king(&self, colour: Colour) -> Option<Square> {
        let k = self.pieces_of(colour, Role::King);
        if k == 0 {
            None
        } else {
            Square::from_index(k.trailing_zeros() as usize)
        }
    }

    pub fn count(&self, colour: Colour, role: Role) -> usize {
        self.pieces_of(colour, role).count_ones() as usize
    }

    /// The squares of `colour`'s pieces, as a bitboard.
    #[inline]
    pub fn by_color(&self, colour: Colour) -> SquareSet {
        SquareSet(self.colors[colour.index()])
    }

    /// The squares of every piece of this role, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> SquareSet {
        SquareSet(self.roles[role as usize])
    }

    /// The squares of wounded pieces, both colours.
    #[inline]
    pub fn wounded(&self) -> SquareSet {
        SquareSet(self.wounded)
    }

    /// The squares of Heir pawns, both colours.
    #[inline]
    pub fn heirs(&self) -> SquareSet {
        SquareSet(self.heir)
    }

    #[inline]
    pub(crate) fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    #[inline]
    pub(crate) fn color_bits(&self, colour: Colour) -> u64 {
        self.colors[colour.index()]
    }

    #[inline]
    pub(crate) fn role_bits(&self, role: Role) -> u64 {
        self.roles[role as usize]
    }

    #[inline]
    pub(crate) fn wounded_bits(&self) -> u64 {
        self.wounded
    }

    #[inline]
    pub(crate) fn heir_bits(&self) -> u64 {
        self.heir
    }

    #[inline]
    pub(crate) fn impassable_bits(&self) -> u64 {
        self.impassable.0
    }

    /// The pieces of one colour and role, as a bitboard.
    #[inline]
    pub(crate) fn pieces_of(&self, colour: Colour, role: Role) -> u64 {
        self.colors[colour.index()] & self.roles[role as usize]
    }
}

impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let squares: Vec<Option<Piece>> = Square::all().map(|sq| self.get(sq)).collect();
        (squares, self.impassable).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let (list, impassable): (Vec<Option<Piece>>, SquareSet) = Deserialize::deserialize(d)?;
        let squares: [Option<Piece>; 64] = list
            .try_into()
            .map_err(|v: Vec<_>| serde::de::Error::invalid_length(v.len(), &"64 squares"))?;
        if squares
            .iter()
            .enumerate()
            .any(|(i, p)| p.is_some() && impassable.0 >> i & 1 == 1)
        {
            return Err(serde::de::Error::custom(
                "a piece stands on an impassable square",
            ));
        }
        let mut board = Board::empty();
        for (sq, p) in Square::all().zip(squares) {
            board.set(sq, p);
        }
        board.impassable = impassable;
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_print() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(
            Square::parse("e4").map(|s| (s.file(), s.rank())),
            Some((4, 3))
        );
        for bad in ["", "e", "e9", "i1", "E4", "e44", "4e"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn colours_of_squares_follow_the_board() {
        let a1 = Square::parse("a1").unwrap();
        let h1 = Square::parse("h1").unwrap();
        assert!(!a1.is_light());
        assert!(h1.is_light());
    }

    #[test]
    fn board_serialises_and_rejects_pieces_on_impassable_squares() {
        let mut b = Board::empty();
        let e4 = Square::parse("e4").unwrap();
        b.set(e4, Some(Piece::new(Colour::White, Role::Rook)));
        b.set_impassable(Square::parse("d5").unwrap(), true);
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), b);
        b.set_impassable(e4, true);
        let json = serde_json::to_string(&b).unwrap();
        assert!(serde_json::from_str::<Board>(&json).is_err());
    }
}
