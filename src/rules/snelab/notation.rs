//! The court string (a whole position in one line) and action notation, read and written.
//!
//! Court string: the ranks from North's Counter (top) down to rank 1 (South's Counter), separated
//! by `/`; South upper-case, North lower-case (`B` Bailiff, `A` Advocate, `R` Barrister,
//! `J` Justice); digits for runs of empty squares; then the side to move `S` or `N`; then `+a`
//! (backward captures on) or `-a` (off). The start is `barjrab/7/7/7/7/7/BARJRAB S +a`. The size
//! of the court is read from the string itself.
//!
//! Actions: `d1-f3` is a move; `c2xd4=a1+b1` a capture, its paying squares sorted (by file, then
//! rank) and joined by `+`. Reading accepts the paying squares in any order.

use super::position::Position;
use super::types::{Action, Court, MAX_FILES, MAX_ROWS, Payment, Piece, Side, Square};

/// The most pieces a side may have in a court string: a full Counter of the widest court.
pub const MAX_PIECES: usize = MAX_FILES as usize;
use crate::i18n::{Explain, Message, msg};
use std::fmt;
use std::str::FromStr;

/// Why a court string or an action could not be read: `at` is the character (counted from 0)
/// where the problem was seen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    pub at: usize,
    pub problem: Problem,
}

/// What was wrong with a piece of notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The string ended where more was expected.
    UnexpectedEnd(Expected),
    /// A character that has no meaning here, and what was expected.
    Unexpected { found: char, expected: Expected },
    /// Text after the end of a complete string.
    Trailing,
    /// A rank of the court string is wider or narrower than the first one.
    RowWidth {
        row: usize,
        width: usize,
        expected: usize,
    },
    /// The court is smaller or larger than the engine accepts.
    CourtSize { width: usize, height: usize },
    /// A run of empty squares written as `0`.
    ZeroRun,
    /// A square beyond file `p` or rank 16.
    SquareOutOfRange,
    /// The same square twice in one payment, or more than four of them.
    BadPayment,
    /// More pieces of one side than the widest Counter holds: no case ever reaches that (pieces
    /// are never made), and every payment of such a crowd would have to be listed.
    TooManyPieces { side: Side, count: usize },
}

/// What a reader of notation expected to find.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Expected {
    FileLetter,
    Square,
    RankNumber,
    PieceDigitOrSlash,
    SpaceAndSide,
    SpaceBeforeSide,
    Side,
    SpaceBeforeRule,
    Rule,
    RuleLetter,
    Payment,
    MoveOrCapture,
}

impl Explain for Expected {
    fn explain(&self) -> Message {
        msg(match self {
            Expected::FileLetter => "snelab.expected.file_letter",
            Expected::Square => "snelab.expected.square",
            Expected::RankNumber => "snelab.expected.rank_number",
            Expected::PieceDigitOrSlash => "snelab.expected.piece_digit_or_slash",
            Expected::SpaceAndSide => "snelab.expected.space_and_side",
            Expected::SpaceBeforeSide => "snelab.expected.space_before_side",
            Expected::Side => "snelab.expected.side",
            Expected::SpaceBeforeRule => "snelab.expected.space_before_rule",
            Expected::Rule => "snelab.expected.rule",
            Expected::RuleLetter => "snelab.expected.rule_letter",
            Expected::Payment => "snelab.expected.payment",
            Expected::MoveOrCapture => "snelab.expected.move_or_capture",
        })
    }
}

impl Explain for NotationError {
    fn explain(&self) -> Message {
        let what = match &self.problem {
            Problem::UnexpectedEnd(what) => {
                msg("snelab.notation.unexpected_end").with_words("what", what.explain())
            }
            Problem::Unexpected { found, expected } => msg("snelab.notation.unexpected")
                .with("found", found)
                .with_words("expected", expected.explain()),
            Problem::Trailing => msg("snelab.notation.trailing"),
            Problem::RowWidth {
                row,
                width,
                expected,
            } => msg("snelab.notation.row_width")
                .with("row", row)
                .with("width", width)
                .with("expected", expected),
            Problem::CourtSize { width, height } => msg("snelab.notation.court_size")
                .with("width", width)
                .with("height", height)
                .with("max_files", MAX_FILES)
                .with("max_rows", MAX_ROWS),
            Problem::ZeroRun => msg("snelab.notation.zero_run"),
            Problem::SquareOutOfRange => {
                msg("snelab.notation.square_out_of_range").with("max_rows", MAX_ROWS)
            }
            Problem::BadPayment => msg("snelab.notation.bad_payment"),
            Problem::TooManyPieces { side, count } => msg("snelab.notation.too_many_pieces")
                .with_words("side", side.explain())
                .with("count", count)
                .with("max", MAX_PIECES),
        };
        msg("notation.at")
            .with("at", self.at + 1)
            .with_words("what", what)
    }
}

crate::display_in_english!(NotationError);

fn err<T>(at: usize, problem: Problem) -> Result<T, NotationError> {
    Err(NotationError { at, problem })
}

/// A reader over the characters of a string that knows its position.
struct Reader {
    chars: Vec<char>,
    at: usize,
}

impl Reader {
    fn new(text: &str) -> Reader {
        Reader {
            chars: text.chars().collect(),
            at: 0,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        Some(c)
    }

    fn expect(&mut self, want: char, expected: Expected) -> Result<(), NotationError> {
        match self.peek() {
            Some(c) if c == want => {
                self.at += 1;
                Ok(())
            }
            Some(found) => err(self.at, Problem::Unexpected { found, expected }),
            None => err(self.at, Problem::UnexpectedEnd(expected)),
        }
    }

    /// A run of decimal digits as a number (saturating, so a huge number is still "too big").
    fn number(&mut self) -> Option<usize> {
        let start = self.at;
        let mut n: usize = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d as usize);
            self.at += 1;
        }
        (self.at > start).then_some(n)
    }

    fn end(&self) -> Result<(), NotationError> {
        if self.at < self.chars.len() {
            err(self.at, Problem::Trailing)
        } else {
            Ok(())
        }
    }

    fn square(&mut self) -> Result<Square, NotationError> {
        let start = self.at;
        let file = match self.next() {
            Some(c @ 'a'..='z') => c as u8 - b'a',
            Some(found) => {
                return err(
                    start,
                    Problem::Unexpected {
                        found,
                        expected: Expected::FileLetter,
                    },
                );
            }
            None => return err(start, Problem::UnexpectedEnd(Expected::Square)),
        };
        let rank_at = self.at;
        let Some(rank) = self.number() else {
            return match self.peek() {
                Some(found) => err(
                    rank_at,
                    Problem::Unexpected {
                        found,
                        expected: Expected::RankNumber,
                    },
                ),
                None => err(rank_at, Problem::UnexpectedEnd(Expected::RankNumber)),
            };
        };
        if file >= MAX_FILES || rank == 0 || rank > MAX_ROWS as usize {
            return err(start, Problem::SquareOutOfRange);
        }
        Ok(Square::new(file, (rank - 1) as u8))
    }
}

impl FromStr for Square {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Square, NotationError> {
        let mut r = Reader::new(s);
        let sq = r.square()?;
        r.end()?;
        Ok(sq)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let court = self.court();
        for row in (0..court.height()).rev() {
            let mut empty = 0;
            for file in 0..court.width() {
                match self.get(Square::new(file, row)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.letter())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        let rule = if self.backward_captures() { '+' } else { '-' };
        write!(f, " {} {rule}a", self.to_move().letter())
    }
}

impl FromStr for Position {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Position, NotationError> {
        let mut r = Reader::new(s);
        // The board, as rows of (file, piece) read from the top down.
        let mut rows: Vec<Vec<Option<Piece>>> = vec![Vec::new()];
        let mut row_start = 0;
        loop {
            let at = r.at;
            match r.peek() {
                Some(c) if c.is_ascii_digit() => {
                    let n = r.number().unwrap_or(0);
                    if n == 0 {
                        return err(at, Problem::ZeroRun);
                    }
                    if n > MAX_FILES as usize {
                        return err(
                            at,
                            Problem::CourtSize {
                                width: n,
                                height: rows.len(),
                            },
                        );
                    }
                    rows.last_mut()
                        .expect("rows starts non-empty and only grows")
                        .extend(std::iter::repeat_n(None, n));
                }
                Some('/') => {
                    check_row(&rows, row_start)?;
                    r.next();
                    row_start = r.at;
                    rows.push(Vec::new());
                }
                Some(' ') => break,
                Some(c) => match Piece::from_letter(c) {
                    Some(p) => {
                        r.next();
                        rows.last_mut()
                            .expect("rows starts non-empty and only grows")
                            .push(Some(p));
                    }
                    None => {
                        return err(
                            at,
                            Problem::Unexpected {
                                found: c,
                                expected: Expected::PieceDigitOrSlash,
                            },
                        );
                    }
                },
                None => return err(at, Problem::UnexpectedEnd(Expected::SpaceAndSide)),
            }
        }
        check_row(&rows, row_start)?;
        let width = rows[0].len();
        let height = rows.len();
        let court = u8::try_from(width)
            .ok()
            .zip(u8::try_from(height).ok())
            .and_then(|(w, h)| Court::new(w, h))
            .ok_or(NotationError {
                at: r.at,
                problem: Problem::CourtSize { width, height },
            })?;
        for side in Side::BOTH {
            let count = rows
                .iter()
                .flatten()
                .flatten()
                .filter(|p| p.side == side)
                .count();
            if count > MAX_PIECES {
                return err(r.at, Problem::TooManyPieces { side, count });
            }
        }
        let mut pos = Position::empty(court);
        for (i, row) in rows.iter().enumerate() {
            let rank = (height - 1 - i) as u8;
            for (file, piece) in row.iter().enumerate() {
                pos.set(Square::new(file as u8, rank), *piece);
            }
        }
        r.expect(' ', Expected::SpaceBeforeSide)?;
        let side = match r.next() {
            Some('S') => Side::South,
            Some('N') => Side::North,
            Some(found) => {
                return err(
                    r.at - 1,
                    Problem::Unexpected {
                        found,
                        expected: Expected::Side,
                    },
                );
            }
            None => return err(r.at, Problem::UnexpectedEnd(Expected::Side)),
        };
        pos.set_to_move(side);
        r.expect(' ', Expected::SpaceBeforeRule)?;
        let on = match r.next() {
            Some('+') => true,
            Some('-') => false,
            Some(found) => {
                return err(
                    r.at - 1,
                    Problem::Unexpected {
                        found,
                        expected: Expected::Rule,
                    },
                );
            }
            None => {
                return err(r.at, Problem::UnexpectedEnd(Expected::Rule));
            }
        };
        r.expect('a', Expected::RuleLetter)?;
        r.end()?;
        pos.set_backward_captures(on);
        Ok(pos)
    }
}

/// Every rank must be as wide as the first; `at` points at the start of the offending rank.
fn check_row(rows: &[Vec<Option<Piece>>], at: usize) -> Result<(), NotationError> {
    let last = rows.len() - 1;
    let width = rows[last].len();
    let expected = rows[0].len();
    if width == 0 || width > MAX_FILES as usize {
        return err(
            at,
            Problem::CourtSize {
                width,
                height: rows.len(),
            },
        );
    }
    if width != expected {
        return err(
            at,
            Problem::RowWidth {
                row: last + 1,
                width,
                expected,
            },
        );
    }
    Ok(())
}

impl TryFrom<String> for Position {
    type Error = NotationError;

    fn try_from(s: String) -> Result<Position, NotationError> {
        s.parse()
    }
}

impl From<Position> for String {
    fn from(p: Position) -> String {
        p.to_string()
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Capture { from, to, payment } => {
                write!(f, "{from}x{to}=")?;
                for (i, sq) in payment.squares().iter().enumerate() {
                    if i > 0 {
                        f.write_str("+")?;
                    }
                    write!(f, "{sq}")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for Action {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Action, NotationError> {
        let mut r = Reader::new(s);
        let from = r.square()?;
        let at = r.at;
        match r.next() {
            Some('-') => {
                let to = r.square()?;
                r.end()?;
                Ok(Action::Move { from, to })
            }
            Some('x') => {
                let to = r.square()?;
                r.expect('=', Expected::Payment)?;
                let pay_at = r.at;
                let mut squares = vec![r.square()?];
                while r.peek() == Some('+') {
                    r.next();
                    squares.push(r.square()?);
                }
                r.end()?;
                let payment = Payment::new(&squares).ok_or(NotationError {
                    at: pay_at,
                    problem: Problem::BadPayment,
                })?;
                Ok(Action::Capture { from, to, payment })
            }
            Some(found) => err(
                at,
                Problem::Unexpected {
                    found,
                    expected: Expected::MoveOrCapture,
                },
            ),
            None => err(at, Problem::UnexpectedEnd(Expected::MoveOrCapture)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "barjrab/7/7/7/7/7/BARJRAB S +a";

    #[test]
    fn start_round_trips() {
        let p: Position = START.parse().unwrap();
        assert_eq!(p, Position::start());
        assert_eq!(p.to_string(), START);
    }

    #[test]
    fn courts_of_other_sizes_read_their_size() {
        for s in [
            "babab/5/5/5/BABAB N -a",
            "barjjjrab/9/9/9/9/9/BARJJJRAB S +a",
            "3j3/2B1b2/7/1R5/7/7/7 N +a",
            "a1/2/2/2/2/2/2/2/2/2/2/2/2/2/2/1B S -a",
        ] {
            let p: Position = s.parse().unwrap();
            assert_eq!(p.to_string(), s);
        }
        let p: Position = "barjjjrab/9/9/9/9/9/BARJJJRAB S +a".parse().unwrap();
        assert_eq!((p.court().width(), p.court().height()), (9, 7));
        let p: Position = "babab/5/5/5/BABAB N -a".parse().unwrap();
        assert_eq!(p.to_move(), Side::North);
        assert!(!p.backward_captures());
        // Runs of more than nine empty squares are written as one number.
        let p: Position = "10b/11/11/B10 S +a".parse().unwrap();
        assert_eq!(p.court().width(), 11);
        assert_eq!(p.to_string(), "10b/11/11/B10 S +a");
    }

    #[test]
    fn malformed_court_strings_say_where_and_why() {
        type Case = (&'static str, usize, fn(&Problem) -> bool);
        let cases: &[Case] = &[
            ("", 0, |p| matches!(p, Problem::UnexpectedEnd(_))),
            ("barjrab/7/6 S +a", 10, |p| {
                matches!(
                    p,
                    Problem::RowWidth {
                        row: 3,
                        width: 6,
                        expected: 7
                    }
                )
            }),
            ("barjrab/6/7/7/7/7/BARJRAB S +a", 8, |p| {
                matches!(
                    p,
                    Problem::RowWidth {
                        row: 2,
                        width: 6,
                        expected: 7
                    }
                )
            }),
            ("barjxab/7/7/7/7/7/BARJRAB S +a", 4, |p| {
                matches!(p, Problem::Unexpected { found: 'x', .. })
            }),
            ("barjrab/7/7/7/7/7/BARJRAB W +a", 26, |p| {
                matches!(p, Problem::Unexpected { found: 'W', .. })
            }),
            ("barjrab/7/7/7/7/7/BARJRAB S", 27, |p| {
                matches!(p, Problem::UnexpectedEnd(_))
            }),
            ("barjrab/7/7/7/7/7/BARJRAB S *a", 28, |p| {
                matches!(p, Problem::Unexpected { found: '*', .. })
            }),
            ("barjrab/7/7/7/7/7/BARJRAB S +b", 29, |p| {
                matches!(p, Problem::Unexpected { found: 'b', .. })
            }),
            ("barjrab/7/7/7/7/7/BARJRAB S +a ", 30, |p| {
                matches!(p, Problem::Trailing)
            }),
            ("barjrab/7/0/7/7/7/BARJRAB S +a", 10, |p| {
                matches!(p, Problem::ZeroRun)
            }),
            ("barjrab S +a", 7, |p| {
                matches!(
                    p,
                    Problem::CourtSize {
                        width: 7,
                        height: 1
                    }
                )
            }),
            ("17/17 S +a", 0, |p| matches!(p, Problem::CourtSize { .. })),
            ("b/ S +a", 2, |p| matches!(p, Problem::CourtSize { .. })),
            ("barjrab/7/7/7/7/7/BARJRAB", 25, |p| {
                matches!(p, Problem::UnexpectedEnd(_))
            }),
            ("BBBBBBBBB/BBBBBBBB1/9/9/b8 S +a", 26, |p| {
                matches!(
                    p,
                    Problem::TooManyPieces {
                        side: Side::South,
                        count: 17
                    }
                )
            }),
        ];
        for (text, at, check) in cases {
            let e = text.parse::<Position>().unwrap_err();
            assert_eq!(e.at, *at, "{text:?}: {e}");
            assert!(check(&e.problem), "{text:?}: {e:?}");
            assert!(e.to_string().starts_with("at character"), "{e}");
        }
    }

    #[test]
    fn actions_round_trip_and_sort_payments() {
        for s in ["d1-f3", "c2xd4=a1+b1", "a16-p1", "g7xe6=a1+a2+b1+c7"] {
            let a: Action = s.parse().unwrap();
            assert_eq!(a.to_string(), s);
        }
        let a: Action = "c2xd4=b1+a1".parse().unwrap();
        assert_eq!(a.to_string(), "c2xd4=a1+b1");
        let a: Action = "d1-f3".parse().unwrap();
        assert_eq!(
            a,
            Action::Move {
                from: Square::new(3, 0),
                to: Square::new(5, 2)
            }
        );
    }

    #[test]
    fn malformed_actions_say_where_and_why() {
        let cases: &[(&str, usize)] = &[
            ("", 0),
            ("d", 1),
            ("d1", 2),
            ("d1*f3", 2),
            ("d1-", 3),
            ("d1-f", 4),
            ("d1-f3x", 5),
            ("D1-f3", 0),
            ("d0-f3", 0),
            ("d17-f3", 0),
            ("q1-f3", 0),
            ("c2xd4", 5),
            ("c2xd4=", 6),
            ("c2xd4=a1+", 9),
            ("c2xd4=a1+a1", 6),
            ("c2xd4=a1+a2+a3+a4+a5", 6),
        ];
        for (text, at) in cases {
            let e = text.parse::<Action>().unwrap_err();
            assert_eq!(e.at, *at, "{text:?}: {e}");
        }
    }

    #[test]
    fn positions_serialise_as_their_court_string() {
        let p = Position::start();
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, format!("\"{START}\""));
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
        assert!(serde_json::from_str::<Position>("\"barjrab S +a\"").is_err());
    }
}
