//! The words of the court game as small `Copy` types: sides, ranks and their routes, the court's
//! size, squares, payments and actions.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The widest court the engine accepts (files `a`..`p`).
pub const MAX_FILES: u8 = 16;
/// The tallest court the engine accepts (ranks 1..16).
pub const MAX_ROWS: u8 = 16;
/// Squares reserved in a [`super::Position`]'s board: enough for the largest court, so the board is
/// a plain array and copying a position never allocates.
pub const MAX_SQUARES: usize = MAX_FILES as usize * MAX_ROWS as usize;

/// The two sides. South sits at rank 1 and moves toward higher ranks; North sits at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    South,
    North,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// The row step of "forward": toward the opponent.
    pub const fn forward(self) -> i8 {
        match self {
            Side::South => 1,
            Side::North => -1,
        }
    }

    /// The letter of the court string: `S` or `N`.
    pub const fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

impl crate::i18n::Explain for Side {
    fn explain(&self) -> crate::i18n::Message {
        crate::i18n::msg(match self {
            Side::South => "snelab.south",
            Side::North => "snelab.north",
        })
    }
}

/// A rank's name in the player's language (the glossary's words).
impl crate::i18n::Explain for Rank {
    fn explain(&self) -> crate::i18n::Message {
        crate::i18n::msg(match self {
            Rank::Bailiff => "snelab.rank.bailiff",
            Rank::Advocate => "snelab.rank.advocate",
            Rank::Barrister => "snelab.rank.barrister",
            Rank::Justice => "snelab.rank.justice",
        })
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The four ranks of the Bar. The weight is both what a piece costs to capture and how many
/// squares its route is long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rank {
    Bailiff,
    Advocate,
    Barrister,
    Justice,
}

/// The shape of a route: so many squares forward, then so many sideways (all the same way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RouteShape {
    pub forward: u8,
    pub sideways: u8,
}

impl Rank {
    pub const ALL: [Rank; 4] = [
        Rank::Bailiff,
        Rank::Advocate,
        Rank::Barrister,
        Rank::Justice,
    ];

    /// 1 to 4: the numeral carved on the piece.
    pub const fn weight(self) -> u8 {
        match self {
            Rank::Bailiff => 1,
            Rank::Advocate => 2,
            Rank::Barrister => 3,
            Rank::Justice => 4,
        }
    }

    pub const fn route(self) -> RouteShape {
        match self {
            Rank::Bailiff => RouteShape {
                forward: 1,
                sideways: 0,
            },
            Rank::Advocate => RouteShape {
                forward: 1,
                sideways: 1,
            },
            Rank::Barrister => RouteShape {
                forward: 1,
                sideways: 2,
            },
            Rank::Justice => RouteShape {
                forward: 2,
                sideways: 2,
            },
        }
    }

    /// The route glyph carved on the piece, as offsets `(sideways, forward)` from the piece in its
    /// own frame (forward toward the opponent, sideways drawn to the piece's right), in the order
    /// the piece passes them; the last offset is where it lands.
    pub fn glyph(self) -> Vec<(i8, i8)> {
        let RouteShape { forward, sideways } = self.route();
        let f = forward as i8;
        (1..=f)
            .map(|y| (0, y))
            .chain((1..=sideways as i8).map(|x| (x, f)))
            .collect()
    }

    /// The letter of the court string (South's upper-case form).
    pub const fn letter(self) -> char {
        match self {
            Rank::Bailiff => 'B',
            Rank::Advocate => 'A',
            Rank::Barrister => 'R',
            Rank::Justice => 'J',
        }
    }

    pub fn from_letter(c: char) -> Option<Rank> {
        match c.to_ascii_uppercase() {
            'B' => Some(Rank::Bailiff),
            'A' => Some(Rank::Advocate),
            'R' => Some(Rank::Barrister),
            'J' => Some(Rank::Justice),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rank::Bailiff => "Bailiff",
            Rank::Advocate => "Advocate",
            Rank::Barrister => "Barrister",
            Rank::Justice => "Justice",
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on the court: whose it is and its rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub side: Side,
    pub rank: Rank,
}

impl Piece {
    pub const fn new(side: Side, rank: Rank) -> Piece {
        Piece { side, rank }
    }

    pub const fn weight(self) -> u8 {
        self.rank.weight()
    }

    /// The court-string letter: upper-case for South, lower-case for North.
    pub fn letter(self) -> char {
        let c = self.rank.letter();
        match self.side {
            Side::South => c,
            Side::North => c.to_ascii_lowercase(),
        }
    }

    pub fn from_letter(c: char) -> Option<Piece> {
        let rank = Rank::from_letter(c)?;
        let side = if c.is_ascii_uppercase() {
            Side::South
        } else {
            Side::North
        };
        Some(Piece { side, rank })
    }
}

/// The size of a court: files (width) × ranks (height). Always within `1..=MAX_FILES` ×
/// `2..=MAX_ROWS`, so a Counter and a Bench always exist and differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "(u8, u8)", into = "(u8, u8)")]
pub struct Court {
    width: u8,
    height: u8,
}

impl Court {
    /// The default court, 7 × 7.
    pub const DEFAULT: Court = Court {
        width: 7,
        height: 7,
    };

    /// `None` when the size is out of range.
    pub const fn new(width: u8, height: u8) -> Option<Court> {
        if width >= 1 && width <= MAX_FILES && height >= 2 && height <= MAX_ROWS {
            Some(Court { width, height })
        } else {
            None
        }
    }

    pub const fn width(self) -> u8 {
        self.width
    }

    pub const fn height(self) -> u8 {
        self.height
    }

    pub const fn contains(self, sq: Square) -> bool {
        sq.file < self.width && sq.row < self.height
    }

    /// The square at `(file, row)`, counted from 0, or `None` off the court.
    pub fn square(self, file: i32, row: i32) -> Option<Square> {
        if (0..self.width as i32).contains(&file) && (0..self.height as i32).contains(&row) {
            Some(Square {
                file: file as u8,
                row: row as u8,
            })
        } else {
            None
        }
    }

    /// The row of `side`'s Counter (its own back row).
    pub const fn counter_row(self, side: Side) -> u8 {
        match side {
            Side::South => 0,
            Side::North => self.height - 1,
        }
    }

    /// The row of `side`'s Bench: the far row, which is the opponent's Counter.
    pub const fn bench_row(self, side: Side) -> u8 {
        self.counter_row(side.opponent())
    }

    /// Every square, rank 1 first, files left to right.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.height).flat_map(move |row| (0..self.width).map(move |file| Square { file, row }))
    }
}

impl Default for Court {
    fn default() -> Court {
        Court::DEFAULT
    }
}

impl TryFrom<(u8, u8)> for Court {
    type Error = String;

    fn try_from((w, h): (u8, u8)) -> Result<Court, String> {
        Court::new(w, h).ok_or_else(|| format!("a court of {w} × {h} is out of range"))
    }
}

impl From<Court> for (u8, u8) {
    fn from(c: Court) -> (u8, u8) {
        (c.width, c.height)
    }
}

/// A square, counted from 0: `file` 0 is `a`, `row` 0 is rank 1 (South's Counter). The order
/// (file, then row) is the order payments are written in. Read from saves only within the
/// largest court.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "SavedSquare")]
pub struct Square {
    pub file: u8,
    pub row: u8,
}

/// A square as saved, before it is known to lie within the largest court.
#[derive(Deserialize)]
struct SavedSquare {
    file: u8,
    row: u8,
}

impl TryFrom<SavedSquare> for Square {
    type Error = String;

    fn try_from(s: SavedSquare) -> Result<Square, String> {
        if s.file < MAX_FILES && s.row < MAX_ROWS {
            Ok(Square::new(s.file, s.row))
        } else {
            Err(format!(
                "file {} rank {} is beyond the largest court",
                s.file,
                u32::from(s.row) + 1
            ))
        }
    }
}

impl Square {
    pub const fn new(file: u8, row: u8) -> Square {
        Square { file, row }
    }

    /// The place of this square in a position's board array.
    pub(crate) const fn index(self) -> usize {
        self.row as usize * MAX_FILES as usize + self.file as usize
    }

    /// The square at a board-array index (the inverse of [`Square::index`]).
    pub(crate) const fn at_index(i: usize) -> Square {
        Square {
            file: (i % MAX_FILES as usize) as u8,
            row: (i / MAX_FILES as usize) as u8,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A square built off every court (no notation names it) still prints, as a letter
        // past `z`, rather than overflowing.
        let file = char::from_u32(u32::from('a') + u32::from(self.file)).unwrap_or('?');
        write!(f, "{file}{}", self.row as u32 + 1)
    }
}

/// The pieces removed to pay for a capture: 1 to 4 distinct squares (weights are at least 1 and a
/// cost is at most 4), kept sorted so that equal payments compare equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Payment {
    len: u8,
    squares: [Square; 4],
}

impl Payment {
    /// `None` unless 1 to 4 distinct squares are given.
    pub fn new(squares: &[Square]) -> Option<Payment> {
        if squares.is_empty() || squares.len() > 4 {
            return None;
        }
        let mut arr = [Square::new(0, 0); 4];
        arr[..squares.len()].copy_from_slice(squares);
        arr[..squares.len()].sort_unstable();
        if arr[..squares.len()].windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
        Some(Payment {
            len: squares.len() as u8,
            squares: arr,
        })
    }

    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }

    pub fn contains(&self, sq: Square) -> bool {
        self.squares().contains(&sq)
    }
}

impl fmt::Debug for Payment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.squares()).finish()
    }
}

impl Serialize for Payment {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.squares().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Payment {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Payment, D::Error> {
        let v = Vec::<Square>::deserialize(d)?;
        Payment::new(&v)
            .ok_or_else(|| serde::de::Error::custom("a payment is 1 to 4 distinct squares"))
    }
}

/// One turn: a move to an empty square, or a capture with the pieces that pay for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    Move {
        from: Square,
        to: Square,
    },
    Capture {
        from: Square,
        to: Square,
        payment: Payment,
    },
}

impl Action {
    pub const fn from(&self) -> Square {
        match *self {
            Action::Move { from, .. } | Action::Capture { from, .. } => from,
        }
    }

    pub const fn to(&self) -> Square {
        match *self {
            Action::Move { to, .. } | Action::Capture { to, .. } => to,
        }
    }

    pub fn payment(&self) -> Option<&Payment> {
        match self {
            Action::Move { .. } => None,
            Action::Capture { payment, .. } => Some(payment),
        }
    }

    pub const fn is_capture(&self) -> bool {
        matches!(self, Action::Capture { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_and_routes_follow_the_table() {
        let w: Vec<u8> = Rank::ALL.iter().map(|r| r.weight()).collect();
        assert_eq!(w, [1, 2, 3, 4]);
        // A route is exactly as long as the weight.
        for r in Rank::ALL {
            let RouteShape { forward, sideways } = r.route();
            assert_eq!(forward + sideways, r.weight(), "{r}");
            assert_eq!(r.glyph().len(), r.weight() as usize);
        }
        assert_eq!(Rank::Justice.glyph(), vec![(0, 1), (0, 2), (1, 2), (2, 2)]);
        assert_eq!(Rank::Barrister.glyph(), vec![(0, 1), (1, 1), (2, 1)]);
        assert_eq!(Rank::Bailiff.glyph(), vec![(0, 1)]);
    }

    #[test]
    fn letters_round_trip() {
        for side in Side::BOTH {
            for rank in Rank::ALL {
                let p = Piece::new(side, rank);
                assert_eq!(Piece::from_letter(p.letter()), Some(p));
            }
        }
        assert_eq!(Piece::from_letter('x'), None);
        assert_eq!(Piece::from_letter('b').map(|p| p.side), Some(Side::North));
    }

    #[test]
    fn court_rows_and_limits() {
        let c = Court::DEFAULT;
        assert_eq!(c.bench_row(Side::South), 6);
        assert_eq!(c.counter_row(Side::South), 0);
        assert_eq!(c.bench_row(Side::North), 0);
        assert!(Court::new(0, 5).is_none());
        assert!(Court::new(5, 1).is_none());
        assert!(Court::new(17, 5).is_none());
        assert!(Court::new(16, 16).is_some());
        assert_eq!(c.squares().count(), 49);
    }

    #[test]
    fn squares_read_from_json_lie_within_the_largest_court() {
        let sq = Square::new(15, 15);
        let json = serde_json::to_string(&sq).unwrap();
        assert_eq!(json, r#"{"file":15,"row":15}"#);
        assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), sq);
        for bad in [
            r#"{"file":16,"row":0}"#,
            r#"{"file":0,"row":200}"#,
            r#"{"file":255,"row":255}"#,
        ] {
            assert!(serde_json::from_str::<Square>(bad).is_err(), "{bad}");
        }
        let action = r#"{"Move":{"from":{"file":200,"row":0},"to":{"file":0,"row":1}}}"#;
        assert!(serde_json::from_str::<Action>(action).is_err());
        // One built off every court by hand still prints.
        assert_eq!(Square::new(255, 0).to_string(), "Š1");
    }

    #[test]
    fn payments_are_sorted_sets() {
        let a = Payment::new(&[Square::new(1, 0), Square::new(0, 0)]).unwrap();
        let b = Payment::new(&[Square::new(0, 0), Square::new(1, 0)]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.squares(), &[Square::new(0, 0), Square::new(1, 0)]);
        assert!(Payment::new(&[]).is_none());
        assert!(Payment::new(&[Square::new(0, 0), Square::new(0, 0)]).is_none());
        assert!(Payment::new(&[Square::new(0, 0); 5]).is_none());
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Payment>(&json).unwrap(), a);
        assert!(serde_json::from_str::<Payment>("[]").is_err());
    }
}
