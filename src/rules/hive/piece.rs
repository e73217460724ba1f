//! The two colours, the five creatures and the 22 carved pieces (11 a side) with their numbers.

use crate::i18n::{Explain, Message, msg};
use serde::{Deserialize, Serialize};

/// Light ash moves first; dark walnut second. (Hive notation: `w` and `b`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    Ash,
    Walnut,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::Ash, Colour::Walnut];

    pub const fn other(self) -> Colour {
        match self {
            Colour::Ash => Colour::Walnut,
            Colour::Walnut => Colour::Ash,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour letter of the notation.
    pub const fn letter(self) -> char {
        match self {
            Colour::Ash => 'w',
            Colour::Walnut => 'b',
        }
    }

    /// The colour word of the UHP turn string.
    pub const fn uhp_word(self) -> &'static str {
        match self {
            Colour::Ash => "White",
            Colour::Walnut => "Black",
        }
    }
}

/// The five creatures (Hive: Queen Bee, Beetle, Grasshopper, Spider, Soldier Ant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Creature {
    Elder,
    Owl,
    Hare,
    Fox,
    Otter,
}

impl Creature {
    pub const ALL: [Creature; 5] = [
        Creature::Elder,
        Creature::Owl,
        Creature::Hare,
        Creature::Fox,
        Creature::Otter,
    ];

    /// How many of this creature each player has.
    pub const fn count(self) -> u8 {
        match self {
            Creature::Elder => 1,
            Creature::Owl => 2,
            Creature::Hare => 3,
            Creature::Fox => 2,
            Creature::Otter => 3,
        }
    }

    /// The slot of this creature's first piece among a colour's 11 pieces.
    const fn first_slot(self) -> u8 {
        match self {
            Creature::Elder => 0,
            Creature::Owl => 1,
            Creature::Hare => 3,
            Creature::Fox => 6,
            Creature::Otter => 8,
        }
    }

    /// The letter of standard Hive notation.
    pub const fn letter(self) -> char {
        match self {
            Creature::Elder => 'Q',
            Creature::Owl => 'B',
            Creature::Hare => 'G',
            Creature::Fox => 'S',
            Creature::Otter => 'A',
        }
    }

    pub fn from_letter(c: char) -> Option<Creature> {
        Creature::ALL.into_iter().find(|k| k.letter() == c)
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Pieces per colour.
pub const PIECES_PER_SIDE: usize = 11;
/// All pieces of a game.
pub const PIECE_COUNT: usize = 22;

/// One carved piece: a colour, a creature and its number (1 for the Elder, 1..=count for the
/// others). Stored as one byte, `colour * 11 + slot`, so it is always one of the 22 real pieces
/// (a saved number outside 0..22 is refused when read).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Piece(u8);

impl TryFrom<u8> for Piece {
    type Error = String;

    fn try_from(i: u8) -> Result<Piece, String> {
        Piece::from_index(usize::from(i))
            .ok_or_else(|| format!("{i} is not the number of one of the 22 pieces"))
    }
}

impl From<Piece> for u8 {
    fn from(p: Piece) -> u8 {
        p.0
    }
}

const SLOT_CREATURE: [Creature; PIECES_PER_SIDE] = [
    Creature::Elder,
    Creature::Owl,
    Creature::Owl,
    Creature::Hare,
    Creature::Hare,
    Creature::Hare,
    Creature::Fox,
    Creature::Fox,
    Creature::Otter,
    Creature::Otter,
    Creature::Otter,
];

impl Piece {
    /// The piece `number` (1-based) of a creature, or `None` if that number does not exist.
    pub fn new(colour: Colour, creature: Creature, number: u8) -> Option<Piece> {
        if number == 0 || number > creature.count() {
            return None;
        }
        Some(Piece(
            colour as u8 * PIECES_PER_SIDE as u8 + creature.first_slot() + number - 1,
        ))
    }

    /// The Elder of a colour (there is exactly one).
    pub const fn elder(colour: Colour) -> Piece {
        Piece(colour as u8 * PIECES_PER_SIDE as u8)
    }

    /// All 22 pieces, ash first.
    pub fn all() -> impl Iterator<Item = Piece> {
        (0..PIECE_COUNT as u8).map(Piece)
    }

    /// The 11 pieces of one colour.
    pub fn of(colour: Colour) -> impl Iterator<Item = Piece> {
        let base = colour as u8 * PIECES_PER_SIDE as u8;
        (base..base + PIECES_PER_SIDE as u8).map(Piece)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub fn from_index(i: usize) -> Option<Piece> {
        (i < PIECE_COUNT).then_some(Piece(i as u8))
    }

    pub const fn colour(self) -> Colour {
        if (self.0 as usize) < PIECES_PER_SIDE {
            Colour::Ash
        } else {
            Colour::Walnut
        }
    }

    pub const fn creature(self) -> Creature {
        SLOT_CREATURE[self.0 as usize % PIECES_PER_SIDE]
    }

    pub const fn number(self) -> u8 {
        (self.0 % PIECES_PER_SIDE as u8) - self.creature().first_slot() + 1
    }

    /// The notation name: `wQ`, `bS2`. The Elder has no number.
    pub fn notation(self) -> String {
        let mut s = String::with_capacity(3);
        s.push(self.colour().letter());
        s.push(self.creature().letter());
        if self.creature().count() > 1 {
            s.push(char::from(b'0' + self.number()));
        }
        s
    }

    /// Reads a notation name such as `wQ` or `bA3`.
    pub fn parse(s: &str) -> Option<Piece> {
        let mut chars = s.chars();
        let colour = match chars.next()? {
            'w' => Colour::Ash,
            'b' => Colour::Walnut,
            _ => return None,
        };
        let creature = Creature::from_letter(chars.next()?)?;
        let rest: String = chars.collect();
        let number = if creature.count() == 1 {
            if !rest.is_empty() {
                return None;
            }
            1
        } else {
            let mut digits = rest.chars();
            let d = digits.next()?.to_digit(10)?;
            if digits.next().is_some() {
                return None;
            }
            d as u8
        };
        Piece::new(colour, creature, number)
    }
}

impl Explain for Colour {
    fn explain(&self) -> Message {
        msg(match self {
            Colour::Ash => "hive.colour.ash",
            Colour::Walnut => "hive.colour.walnut",
        })
    }
}

impl Explain for Creature {
    fn explain(&self) -> Message {
        msg(match self {
            Creature::Elder => "hive.creature.elder",
            Creature::Owl => "hive.creature.owl",
            Creature::Hare => "hive.creature.hare",
            Creature::Fox => "hive.creature.fox",
            Creature::Otter => "hive.creature.otter",
        })
    }
}

/// A piece by name: "Hare 2" (its number only where the creature has several), without colour.
pub fn short_name(p: Piece) -> Message {
    if p.creature().count() > 1 {
        msg("hive.piece.numbered")
            .with_words("creature", p.creature().explain())
            .with("number", p.number())
    } else {
        p.creature().explain()
    }
}

/// A piece with its colour: "the ash Hare 2".
impl Explain for Piece {
    fn explain(&self) -> Message {
        msg("hive.piece.full")
            .with_words("colour", self.colour().explain())
            .with_words("piece", short_name(*self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_has_a_unique_name_that_reads_back() {
        let names: std::collections::HashSet<String> = Piece::all().map(Piece::notation).collect();
        assert_eq!(names.len(), PIECE_COUNT);
        for p in Piece::all() {
            assert_eq!(Piece::parse(&p.notation()), Some(p));
        }
        assert_eq!(
            Piece::parse("wQ").map(Piece::creature),
            Some(Creature::Elder)
        );
        assert_eq!(Piece::parse("bA3").map(Piece::colour), Some(Colour::Walnut));
        for bad in ["", "w", "wQ1", "wA4", "wA0", "xQ", "wX1", "wA12", "WQ"] {
            assert_eq!(Piece::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn only_the_22_pieces_read_from_json() {
        for p in Piece::all() {
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(json, p.index().to_string());
            assert_eq!(serde_json::from_str::<Piece>(&json).unwrap(), p);
        }
        for bad in ["22", "200", "255", "-1", "\"wQ\""] {
            assert!(serde_json::from_str::<Piece>(bad).is_err(), "{bad}");
        }
        // A saved game naming a piece that does not exist is refused, not a panic.
        let state = r#"{"setup":[[{"q":0,"r":0},[200]]],"game":"Base"}"#;
        assert!(serde_json::from_str::<crate::rules::hive::State>(state).is_err());
        let mv = r#"{"Place":{"piece":99,"to":{"q":0,"r":0}}}"#;
        assert!(serde_json::from_str::<crate::rules::hive::Move>(mv).is_err());
    }

    #[test]
    fn each_side_has_eleven_pieces_of_the_right_creatures() {
        for c in Colour::BOTH {
            let mut count = [0u8; 5];
            for p in Piece::of(c) {
                assert_eq!(p.colour(), c);
                count[p.creature().index()] += 1;
            }
            assert_eq!(count, [1, 2, 3, 2, 3]);
        }
    }
}
