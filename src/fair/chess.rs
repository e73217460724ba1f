//! Fairness for Artifact Chess played online (`spec/artifact-chess.md`, "Online"): hidden armies
//! committed before either is shown, and dice and cards that no party can bend.
//!
//! - **An army's text** ([`army_text`]): the colour (`w` or `b`), a colon, then each piece as
//!   its letter (`K R B N P`) and square, sorted by square (a1, b1, … h1, a2, … h8), joined by
//!   commas: `w:Ra1,Ke1,Pd2,Pe3`. One army has exactly one text.
//! - **A commitment** ([`commitment`]): the lowercase hexadecimal SHA-256 of the UTF-8 bytes of
//!   the army's text, one space, and the salt: 64 lowercase hexadecimal digits (32 random bytes
//!   the client draws). A player sends it at Ready and reveals the army and the salt only once
//!   both have committed; a reveal that does not hash to its commitment is refused.
//! - **The dice key** ([`dice_key`]): SHA-256 of the bytes `artifact-chess dice`, the table's
//!   32-byte secret seed (its fingerprint shown when the table opened), white's 32-byte value and
//!   black's (each sent by its client in the clear before the first deal). The game's dice
//!   stream is keyed by it ([`DiceRng::keyed`]): the hands are dealt from it first, then every
//!   die, Trophy's draws and Zombie Pawn's square, in the order the game asks. The server
//!   cannot choose its seed after seeing the clients' values, a client cannot predict a draw
//!   without the seed, and once the seed is revealed anyone can recompute every draw.

use super::{FairError, Seed, hex, parse_hex32};
use crate::rules::chess::army::start_state_with_dice;
use crate::rules::chess::{Army, ArmyError, Colour, DiceRng, Role, Square, State};
use sha2::{Digest, Sha256};

/// An army as its text (see the module's docs).
pub fn army_text(army: &Army) -> String {
    let mut pieces: Vec<(Role, Square)> = army.placements().to_vec();
    pieces.sort_by_key(|(_, sq)| sq.index());
    let colour = match army.colour() {
        Colour::White => 'w',
        Colour::Black => 'b',
    };
    let list: Vec<String> = pieces
        .iter()
        .map(|(role, sq)| format!("{}{sq}", role.letter().to_ascii_uppercase()))
        .collect();
    format!("{colour}:{}", list.join(","))
}

/// Why an army's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArmyTextError {
    /// Not `w:` or `b:` first.
    Colour,
    /// A piece that is not a letter and a square (its text).
    Piece(String),
    /// The pieces are not in the order of their squares (the first out of place).
    Order(String),
    /// The army breaks a building rule.
    Army(ArmyError),
}

/// Reads an army's text back: refused unless it is exactly the text of a legal army (so a
/// commitment has one reading).
pub fn parse_army_text(text: &str) -> Result<Army, ArmyTextError> {
    let (colour, list) = match text.split_once(':') {
        Some(("w", list)) => (Colour::White, list),
        Some(("b", list)) => (Colour::Black, list),
        _ => return Err(ArmyTextError::Colour),
    };
    let mut placements = Vec::new();
    for piece in list.split(',').filter(|p| !p.is_empty()) {
        let mut chars = piece.chars();
        let role = chars
            .next()
            .filter(char::is_ascii_uppercase)
            .and_then(Role::from_letter)
            .ok_or_else(|| ArmyTextError::Piece(piece.to_string()))?;
        let sq = Square::parse(chars.as_str())
            .filter(|sq| sq.to_string() == chars.as_str())
            .ok_or_else(|| ArmyTextError::Piece(piece.to_string()))?;
        if let Some((_, last)) = placements.last()
            && Square::index(*last) >= sq.index()
        {
            return Err(ArmyTextError::Order(piece.to_string()));
        }
        placements.push((role, sq));
    }
    Army::new(colour, &placements).map_err(ArmyTextError::Army)
}

/// The commitment to an army's text with a salt (64 hexadecimal digits, read in any case):
/// lowercase hex SHA-256 of `army_text + " " + salt` with the salt in lowercase.
pub fn commitment(army_text: &str, salt: &Seed) -> String {
    let mut h = Sha256::new();
    h.update(army_text.as_bytes());
    h.update(b" ");
    h.update(salt.to_hex().as_bytes());
    hex(&h.finalize())
}

/// Whether `army_text` and `salt` are what `committed` (hex, any case) committed to.
pub fn commitment_matches(army_text: &str, salt: &Seed, committed: &str) -> bool {
    committed
        .trim()
        .eq_ignore_ascii_case(&commitment(army_text, salt))
}

/// Reads a salt or a client's value: 64 hexadecimal digits.
pub fn parse_value(text: &str) -> Result<Seed, FairError> {
    parse_hex32("value", text).map(Seed)
}

/// The key of an online game's dice stream (see the module's docs).
pub fn dice_key(seed: &Seed, white_value: &Seed, black_value: &Seed) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"artifact-chess dice");
    h.update(seed.0);
    h.update(white_value.0);
    h.update(black_value.0);
    h.finalize().into()
}

/// An online game's starting state: both armies, the hands dealt from the keyed stream (and
/// dropped with artifacts off, so the dice are the same either way), the stream ready for the
/// first die.
pub fn online_start(white: &Army, black: &Army, artifacts: bool, key: [u8; 32]) -> State {
    let state = start_state_with_dice(white, black, DiceRng::keyed(key));
    if artifacts {
        state
    } else {
        state.without_artifacts()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn army(colour: Colour, pieces: &[(Role, &str)]) -> Army {
        let placements: Vec<(Role, Square)> = pieces
            .iter()
            .map(|(r, s)| (*r, Square::parse(s).unwrap()))
            .collect();
        Army::new(colour, &placements).unwrap()
    }

    #[test]
    fn an_armys_text_is_sorted_by_square_and_reads_back_alone() {
        let a = army(
            Colour::White,
            &[
                (Role::Pawn, "e3"),
                (Role::King, "e1"),
                (Role::Rook, "a1"),
                (Role::Pawn, "d2"),
            ],
        );
        let text = army_text(&a);
        assert_eq!(text, "w:Ra1,Ke1,Pd2,Pe3");
        // The same army (its pieces in the text's order).
        let back = parse_army_text(&text).unwrap();
        assert_eq!(
            (back.colour(), army_text(&back)),
            (a.colour(), text.clone())
        );
        let mut want = a.placements().to_vec();
        want.sort_by_key(|(_, sq)| sq.index());
        assert_eq!(back.placements(), &want[..]);
        let b = army(Colour::Black, &[(Role::King, "e8"), (Role::Knight, "b8")]);
        assert_eq!(army_text(&b), "b:Nb8,Ke8");
        // Only the one text reads: no other order, case, colour or an illegal army.
        for bad in [
            "w:Ke1,Ra1",
            "w:ra1,Ke1",
            "x:Ke1",
            "w:Ke1,Qd1",
            "w:Ke1,Ra9",
            "w:Ke1,Re1",
            "w:Ra1,Rb1,Rc1,Ke1",
            "w:Ke1,Pe5",
            "",
        ] {
            assert!(parse_army_text(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_commitment_binds_the_army_and_the_salt() {
        let text = "w:Ra1,Ke1,Pd2,Pe3";
        let salt = Seed([5; 32]);
        let c = commitment(text, &salt);
        // Computed here by hand from the documented bytes.
        let by_hand = hex(&Sha256::digest(
            format!("{text} {}", salt.to_hex()).as_bytes(),
        ));
        assert_eq!(c, by_hand);
        assert!(commitment_matches(text, &salt, &c.to_uppercase()));
        assert!(!commitment_matches("w:Ra1,Ke1,Pd2,Pe4", &salt, &c));
        assert!(!commitment_matches(text, &Seed([6; 32]), &c));
        assert_eq!(parse_value(&salt.to_hex().to_uppercase()), Ok(salt));
        assert!(parse_value("12").is_err());
    }

    #[test]
    fn the_dice_key_binds_the_seed_and_both_values_and_deals_the_hands() {
        let (seed, w, b) = (Seed([1; 32]), Seed([2; 32]), Seed([3; 32]));
        let key = dice_key(&seed, &w, &b);
        let mut bytes = b"artifact-chess dice".to_vec();
        bytes.extend_from_slice(&[1; 32]);
        bytes.extend_from_slice(&[2; 32]);
        bytes.extend_from_slice(&[3; 32]);
        assert_eq!(key, <[u8; 32]>::from(Sha256::digest(&bytes)));
        assert_ne!(key, dice_key(&Seed([9; 32]), &w, &b));
        assert_ne!(key, dice_key(&seed, &b, &w), "the values' order counts");
        let white = army(Colour::White, &[(Role::King, "e1"), (Role::Rook, "h1")]);
        let black = army(Colour::Black, &[(Role::King, "e8"), (Role::Rook, "a8")]);
        let on = online_start(&white, &black, true, key);
        assert_eq!(on, online_start(&white, &black, true, key));
        // The hands came from the keyed stream: five cards each, drawn from it.
        assert_eq!(on.dice_rng().draws().map(|d| d >= 10), Some(true));
        let other = online_start(&white, &black, true, dice_key(&seed, &w, &Seed([4; 32])));
        assert_ne!(on.hands, other.hands);
        // Artifacts off: no cards, the same dice.
        let off = online_start(&white, &black, false, key);
        assert_eq!(off.dice_rng(), on.dice_rng());
    }
}
