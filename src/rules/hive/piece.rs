//! The two colours, the eight creatures (the five of the base game and the three of the
//! expansions), the 28 carved pieces (14 a side) with their numbers, and the game type that says
//! which expansion creatures are in the reserves.
//!
//! Decisions where the spec is silent:
//! - The expansion creatures are Hive's Mosquito, Ladybug and Pillbug under woodland names of
//!   their own: the Jay (a mimic, as jays copy other birds' calls), the Squirrel (it runs over the
//!   tops) and the Hedgehog (it curls up like a pillbug and carries a neighbour over its back).
//! - Piece numbers keep the base game's 22 where they were (ash 0..11, walnut 11..22) and put the
//!   six expansion pieces after them (ash Jay, Squirrel, Hedgehog 22..25, walnut 25..28), so
//!   saves and records of base games read as before.
//! - A game type string reads its expansion letters in any order (as nokamute does) but each at
//!   most once; it is always written in the order M, L, P (`Base+MLP`).

use crate::i18n::{Explain, Message, msg};
use serde::{Deserialize, Serialize};
use std::fmt;

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

/// The eight creatures: the base game's five (Hive: Queen Bee, Beetle, Grasshopper, Spider,
/// Soldier Ant) and the three of the expansions (Hive: Mosquito, Ladybug, Pillbug).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Creature {
    Elder,
    Owl,
    Hare,
    Fox,
    Otter,
    /// Hive's Mosquito: moves as any creature it touches; on top of the group, as an Owl.
    Jay,
    /// Hive's Ladybug: two steps over the group, then one down.
    Squirrel,
    /// Hive's Pillbug: one step as the Elder, or carries a touching piece over its back.
    Hedgehog,
}

impl Creature {
    /// Every creature, the base five first.
    pub const ALL: [Creature; 8] = [
        Creature::Elder,
        Creature::Owl,
        Creature::Hare,
        Creature::Fox,
        Creature::Otter,
        Creature::Jay,
        Creature::Squirrel,
        Creature::Hedgehog,
    ];

    /// The five creatures of the base game.
    pub const BASE: [Creature; 5] = [
        Creature::Elder,
        Creature::Owl,
        Creature::Hare,
        Creature::Fox,
        Creature::Otter,
    ];

    /// How many of this creature each player has (when its expansion is in the game).
    pub const fn count(self) -> u8 {
        match self {
            Creature::Elder => 1,
            Creature::Owl => 2,
            Creature::Hare => 3,
            Creature::Fox => 2,
            Creature::Otter => 3,
            Creature::Jay | Creature::Squirrel | Creature::Hedgehog => 1,
        }
    }

    /// The index of this creature's first piece of a colour (see [`Piece`]).
    const fn first_index(self, colour: Colour) -> u8 {
        let base = colour as u8 * PIECES_PER_BASE_SIDE as u8;
        let extra = BASE_PIECE_COUNT as u8 + colour as u8 * 3;
        match self {
            Creature::Elder => base,
            Creature::Owl => base + 1,
            Creature::Hare => base + 3,
            Creature::Fox => base + 6,
            Creature::Otter => base + 8,
            Creature::Jay => extra,
            Creature::Squirrel => extra + 1,
            Creature::Hedgehog => extra + 2,
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
            Creature::Jay => 'M',
            Creature::Squirrel => 'L',
            Creature::Hedgehog => 'P',
        }
    }

    /// Whether this creature belongs to an expansion (the Jay, Squirrel and Hedgehog).
    pub const fn is_expansion(self) -> bool {
        matches!(
            self,
            Creature::Jay | Creature::Squirrel | Creature::Hedgehog
        )
    }

    /// The bit of this creature in a [`GameType`] (0 for the base five).
    const fn expansion_bit(self) -> u8 {
        match self {
            Creature::Jay => 1,
            Creature::Squirrel => 2,
            Creature::Hedgehog => 4,
            _ => 0,
        }
    }

    pub fn from_letter(c: char) -> Option<Creature> {
        Creature::ALL.into_iter().find(|k| k.letter() == c)
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Pieces per colour in the base game.
pub const PIECES_PER_BASE_SIDE: usize = 11;
/// Pieces per colour with all three expansions.
pub const PIECES_PER_SIDE: usize = 14;
/// The pieces of the base game (both colours).
pub const BASE_PIECE_COUNT: usize = 22;
/// Every piece there is (both colours, all expansions).
pub const PIECE_COUNT: usize = 28;

/// Which expansion creatures are in the reserves: the UHP GameTypeString (`Base`, `Base+M`,
/// ... `Base+MLP`). The base five are always there; the Elder and tournament-opening rules are
/// the same in every game type.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(try_from = "String", into = "String")]
pub struct GameType(u8);

impl GameType {
    /// The base game: the five creatures only.
    pub const BASE: GameType = GameType(0);
    /// All three expansions.
    pub const MLP: GameType = GameType(7);

    /// The eight game types, `Base` first, in the order of their bits (M = 1, L = 2, P = 4).
    pub fn all() -> impl Iterator<Item = GameType> {
        (0..8).map(GameType)
    }

    /// A game type with these expansion creatures (base creatures in `with` are ignored).
    pub fn with(with: &[Creature]) -> GameType {
        GameType(with.iter().fold(0, |b, c| b | c.expansion_bit()))
    }

    /// Whether this is the base game (no expansion creature).
    pub const fn is_base(&self) -> bool {
        self.0 == 0
    }

    /// Whether a creature's pieces are in the reserves of this game type.
    pub const fn has(self, c: Creature) -> bool {
        !c.is_expansion() || self.0 & c.expansion_bit() != 0
    }

    /// The creatures of this game type, the base five first.
    pub fn creatures(self) -> impl Iterator<Item = Creature> {
        Creature::ALL.into_iter().filter(move |&c| self.has(c))
    }

    /// The pieces of this game type, as a bit set of piece indices.
    pub fn pieces(self) -> u32 {
        let mut set = (1u32 << BASE_PIECE_COUNT) - 1;
        for c in [Creature::Jay, Creature::Squirrel, Creature::Hedgehog] {
            if self.has(c) {
                for colour in Colour::BOTH {
                    set |= 1 << c.first_index(colour);
                }
            }
        }
        set
    }

    /// Reads a GameTypeString: `Base`, or `Base+` and one or more of M, L, P (each once).
    pub fn parse(text: &str) -> Option<GameType> {
        let rest = match text.strip_prefix("Base") {
            Some("") => return Some(GameType::BASE),
            Some(rest) => rest.strip_prefix('+')?,
            None => return None,
        };
        if rest.is_empty() {
            return None;
        }
        let mut bits = 0u8;
        for ch in rest.chars() {
            let bit = match ch {
                'M' => 1,
                'L' => 2,
                'P' => 4,
                _ => return None,
            };
            if bits & bit != 0 {
                return None;
            }
            bits |= bit;
        }
        Some(GameType(bits))
    }
}

impl fmt::Display for GameType {
    /// The GameTypeString, letters in the order M, L, P.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Base")?;
        if self.0 != 0 {
            f.write_str("+")?;
            for (bit, letter) in [(1, 'M'), (2, 'L'), (4, 'P')] {
                if self.0 & bit != 0 {
                    write!(f, "{letter}")?;
                }
            }
        }
        Ok(())
    }
}

impl TryFrom<String> for GameType {
    type Error = String;
    fn try_from(s: String) -> Result<GameType, String> {
        GameType::parse(&s).ok_or_else(|| format!("{s} is not a game type (Base, Base+MLP, ...)"))
    }
}

impl From<GameType> for String {
    fn from(g: GameType) -> String {
        g.to_string()
    }
}

/// One carved piece: a colour, a creature and its number (1 for the Elder and the expansion
/// creatures, 1..=count for the others). Stored as one byte: the base game's pieces are
/// `colour * 11 + slot` (0..22, as before the expansions), the six expansion pieces 22..28; so it
/// is always one of the 28 real pieces (a saved number outside 0..28 is refused when read).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Piece(u8);

impl TryFrom<u8> for Piece {
    type Error = String;

    fn try_from(i: u8) -> Result<Piece, String> {
        Piece::from_index(usize::from(i))
            .ok_or_else(|| format!("{i} is not the number of one of the 28 pieces"))
    }
}

impl From<Piece> for u8 {
    fn from(p: Piece) -> u8 {
        p.0
    }
}

/// Each piece index's creature.
const INDEX_CREATURE: [Creature; PIECE_COUNT] = {
    const SIDE: [Creature; PIECES_PER_BASE_SIDE] = [
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
    const EXTRA: [Creature; 3] = [Creature::Jay, Creature::Squirrel, Creature::Hedgehog];
    let mut t = [Creature::Elder; PIECE_COUNT];
    let mut i = 0;
    while i < BASE_PIECE_COUNT {
        t[i] = SIDE[i % PIECES_PER_BASE_SIDE];
        i += 1;
    }
    while i < PIECE_COUNT {
        t[i] = EXTRA[(i - BASE_PIECE_COUNT) % 3];
        i += 1;
    }
    t
};

impl Piece {
    /// The piece `number` (1-based) of a creature, or `None` if that number does not exist.
    pub fn new(colour: Colour, creature: Creature, number: u8) -> Option<Piece> {
        if number == 0 || number > creature.count() {
            return None;
        }
        Some(Piece(creature.first_index(colour) + number - 1))
    }

    /// The Elder of a colour (there is exactly one).
    pub const fn elder(colour: Colour) -> Piece {
        Piece(colour as u8 * PIECES_PER_BASE_SIDE as u8)
    }

    /// All 28 pieces: the base game's 22 (ash first), then the six expansion pieces.
    pub fn all() -> impl Iterator<Item = Piece> {
        (0..PIECE_COUNT as u8).map(Piece)
    }

    /// The pieces of a game type, in the order of [`Piece::all`].
    pub fn in_game(game: GameType) -> impl Iterator<Item = Piece> {
        let set = game.pieces();
        Piece::all().filter(move |p| set & (1 << p.0) != 0)
    }

    /// The 14 pieces of one colour (base creatures first).
    pub fn of(colour: Colour) -> impl Iterator<Item = Piece> {
        Piece::all().filter(move |p| p.colour() == colour)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub fn from_index(i: usize) -> Option<Piece> {
        (i < PIECE_COUNT).then_some(Piece(i as u8))
    }

    pub const fn colour(self) -> Colour {
        let i = self.0 as usize;
        if i < PIECES_PER_BASE_SIDE || (i >= BASE_PIECE_COUNT && i < BASE_PIECE_COUNT + 3) {
            Colour::Ash
        } else {
            Colour::Walnut
        }
    }

    pub const fn creature(self) -> Creature {
        INDEX_CREATURE[self.0 as usize]
    }

    pub const fn number(self) -> u8 {
        self.0 - self.creature().first_index(self.colour()) + 1
    }

    /// The notation name: `wQ`, `bS2`. A creature with one piece (the Elder, the expansion
    /// creatures) has no number.
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
            Creature::Jay => "hive.creature.jay",
            Creature::Squirrel => "hive.creature.squirrel",
            Creature::Hedgehog => "hive.creature.hedgehog",
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
        assert_eq!(Piece::parse("wM").map(Piece::creature), Some(Creature::Jay));
        assert_eq!(Piece::parse("bL").map(Piece::colour), Some(Colour::Walnut));
        assert_eq!(
            Piece::parse("bP").map(Piece::creature),
            Some(Creature::Hedgehog)
        );
        for bad in [
            "", "w", "wQ1", "wA4", "wA0", "xQ", "wX1", "wA12", "WQ", "wM1", "bP2",
        ] {
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
        for bad in ["28", "200", "255", "-1", "\"wQ\""] {
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
            let mut count = [0u8; 8];
            for p in Piece::of(c) {
                assert_eq!(p.colour(), c);
                count[p.creature().index()] += 1;
            }
            assert_eq!(count, [1, 2, 3, 2, 3, 1, 1, 1]);
            let base = Piece::in_game(GameType::BASE)
                .filter(|p| p.colour() == c)
                .count();
            assert_eq!(base, 11);
        }
        // The base game's pieces keep their numbers from before the expansions.
        assert_eq!(Piece::parse("bQ").map(Piece::index), Some(11));
        assert_eq!(Piece::parse("bA3").map(Piece::index), Some(21));
        assert_eq!(Piece::parse("wM").map(Piece::index), Some(22));
        assert_eq!(Piece::parse("bP").map(Piece::index), Some(27));
    }

    #[test]
    fn game_types_read_and_write() {
        let names: Vec<String> = GameType::all().map(|g| g.to_string()).collect();
        assert_eq!(
            names,
            [
                "Base", "Base+M", "Base+L", "Base+ML", "Base+P", "Base+MP", "Base+LP", "Base+MLP"
            ]
        );
        for g in GameType::all() {
            assert_eq!(GameType::parse(&g.to_string()), Some(g));
        }
        assert_eq!(GameType::parse("Base+PLM"), Some(GameType::MLP));
        for bad in [
            "",
            "base",
            "Base+",
            "Base+MM",
            "Base+X",
            "Base+MLPX",
            "Base ",
            "Extended",
        ] {
            assert_eq!(GameType::parse(bad), None, "{bad}");
        }
        assert_eq!(Piece::in_game(GameType::MLP).count(), 28);
        assert_eq!(Piece::in_game(GameType::with(&[Creature::Jay])).count(), 24);
        assert!(!GameType::BASE.has(Creature::Hedgehog));
        assert!(GameType::BASE.has(Creature::Otter));
    }
}
