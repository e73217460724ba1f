//! Commit–reveal fairness for Artifact Chess played online (`spec/artifact-chess.md`,
//! "Online"): no party, not even the server, can choose an army, a die or a card after seeing
//! what it would change, and anyone can check the game afterwards
//! (`crate::play::chess_record` writes and verifies its record).
//!
//! Everything here is defined on bytes and text, so a client in another language can be
//! written from these comments alone. SHA-256 is FIPS 180-4; "hex" is lowercase hexadecimal,
//! two digits a byte; `‖` is byte concatenation.
//!
//! # The game, step by step
//!
//! 1. **The server's seed.** The server draws a secret 32-byte seed ([`Seed::from_os`]) and shows
//!    its fingerprint, hex(SHA-256(seed)) ([`Seed::fingerprint`]), to both seats when the table
//!    opens. The seed decides which seat plays white (white acts first) by Ash & Walnut's
//!    documented rule ([`white_seat`] = [`crate::fair::ash_seat`]): the lowest bit of the last
//!    byte of SHA-256("ash" ‖ seed); 0 gives white to the first seat (the one who opened the
//!    table), 1 to the second.
//! 2. **Each client's army and salt.** Each client builds its army and draws a secret 32-byte
//!    salt ([`Salt`]). Its commitment is hex(SHA-256(UTF-8 of `army_text + " " + salt_hex`))
//!    ([`commitment`]), where `army_text` is the canonical text of the army ([`army_text`]) and
//!    `salt_hex` the salt in 64 lowercase hex digits. The army text names the colour, so the
//!    client learns its colour (step 1) before it commits.
//! 3. **Each client's value.** Each client also draws a second 32 random bytes, its value,
//!    sent in the clear. The dice key is SHA-256("artifact-chess dice" ‖ seed ‖ white's value ‖
//!    black's value) ([`dice_key`]); the ASCII tag has no terminator.
//! 4. **Ready.** Each client sends its commitment and its value. The server starts the game only
//!    once it holds both commitments and both values, and only then passes either value on.
//! 5. **The game.** The start is the two armies with the generator replaced by the keyed stream
//!    of the dice key *before* the hands are dealt ([`start_state`] and
//!    `crate::rules::chess::DiceRng::keyed`): the i-th 64-bit value (i = 0, 1, 2, …) is the
//!    first 8 bytes, big-endian, of SHA-256(key ‖ i as 8 bytes big-endian). White's hand is
//!    dealt first, then black's, then every die, Trophy draw and Zombie Pawn square comes from
//!    the same stream in the order the game asks for them. A Cancel does not rewind it (a
//!    value once used is never used again).
//! 6. **The end.** Each client reveals its army text and salt; the server reveals the seed. Anyone
//!    can now check the fingerprint, the colour rule, both commitments, the dealt hands and
//!    every die and card (the record's verifier does all of it).
//!
//! # Why nobody can bend a roll
//!
//! The seed is fixed (by its fingerprint) before either value exists, and each value is drawn by
//! a client that does not know the seed, so neither the server nor a client can steer the key
//! on its own. An army is fixed (by its commitment) before anybody sees the other army or a
//! single die, and its salt keeps it hidden until the end.
//!
//! What the protocol must keep (the server's and the clients' part): a client draws its value
//! afresh for each game and sends it together with its commitment; the server shows neither
//! value to the other seat before it holds both. A server that broke that rule *and* told one
//! client the seed could let that client choose its value after seeing the other's; closing
//! that as well would need the values committed too (a hash of each value sent first).

use super::{FairError, SeatOrder, Seed, hex, parse_hex32};
use crate::i18n::{Explain, Message, msg};
use crate::rules::chess::{Army, ArmyError, Colour, Role, Square, State};
use sha2::{Digest, Sha256};

/// A client's 32 secret random bytes: the salt of its army's commitment (or its value), drawn
/// with [`Seed::from_os`] and written as 64 lowercase hex digits ([`Seed::to_hex`]). Like the
/// seed, its `Debug` never shows it.
pub type Salt = Seed;

/// The ASCII tag that starts the bytes hashed into the dice key.
pub const DICE_KEY_TAG: &[u8] = b"artifact-chess dice";

/// The seat that plays white (and acts first): the colour rule of Ash & Walnut,
/// [`crate::fair::ash_seat`], read as "white" for "ash".
pub fn white_seat(seed: &Seed) -> SeatOrder {
    super::ash_seat(seed)
}

/// The canonical text of an army, the one a commitment is made over: the colour (`w` or `b`),
/// a colon, then every piece as its role letter (`K`, `R`, `B`, `N`, `P`: upper case, for
/// either colour) followed by its square (`a1` … `h8`), sorted by square — a1, b1, …, h1, a2,
/// …, h8 (rank first, then file) — and separated by commas, with no spaces. For example
/// `w:Ra1,Ke1,Pd2,Pe3` or `b:Pc7,Pd7,Ke8,Rh8`.
pub fn army_text(army: &Army) -> String {
    let mut pieces: Vec<(Square, Role)> = army.placements().iter().map(|&(r, s)| (s, r)).collect();
    pieces.sort();
    let colour = match army.colour() {
        Colour::White => 'w',
        Colour::Black => 'b',
    };
    let list: Vec<String> = pieces
        .iter()
        .map(|(s, r)| format!("{}{s}", r.letter().to_ascii_uppercase()))
        .collect();
    format!("{colour}:{}", list.join(","))
}

/// Why an army's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArmyTextError {
    /// No `w:` or `b:` before the pieces.
    NoColour(String),
    /// A piece is not a role letter and a square (`Pe2`); `at` is its place in the list (from 1).
    BadPiece { at: usize, text: String },
    /// Readable, but not the canonical text of its army (the order, or the letters' case):
    /// the commitment is over the canonical text alone.
    NotCanonical { expected: String },
    /// The army breaks a building rule.
    Army(ArmyError),
}

impl Explain for ArmyTextError {
    fn explain(&self) -> Message {
        match self {
            ArmyTextError::NoColour(t) => msg("verify.chess.army_text.no_colour").with("text", t),
            ArmyTextError::BadPiece { at, text } => msg("verify.chess.army_text.bad_piece")
                .with("at", at)
                .with("text", text),
            ArmyTextError::NotCanonical { expected } => {
                msg("verify.chess.army_text.not_canonical").with("expected", expected)
            }
            ArmyTextError::Army(e) => e.explain(),
        }
    }
}

crate::display_in_english!(ArmyTextError);

/// Reads an army's canonical text ([`army_text`]) and checks every building rule
/// ([`Army::new`]). Refused: text that is not of that form (no colour, an unknown letter or
/// square, spaces), text of a legal army that is not canonical (pieces out of order, a lower
/// case letter), and an army that breaks a rule (the first broken rule is the error). Never
/// panics.
pub fn parse_army_text(text: &str) -> Result<Army, ArmyTextError> {
    let (colour, list) = match text.split_once(':') {
        Some(("w", list)) => (Colour::White, list),
        Some(("b", list)) => (Colour::Black, list),
        _ => return Err(ArmyTextError::NoColour(text.chars().take(40).collect())),
    };
    let mut placements = Vec::new();
    if !list.is_empty() {
        for (i, piece) in list.split(',').enumerate() {
            let bad = || ArmyTextError::BadPiece {
                at: i + 1,
                text: piece.chars().take(20).collect(),
            };
            let mut chars = piece.chars();
            let role = chars.next().and_then(Role::from_letter).ok_or_else(bad)?;
            let square = Square::parse(chars.as_str()).ok_or_else(bad)?;
            placements.push((role, square));
        }
    }
    let army = Army::new(colour, &placements).map_err(ArmyTextError::Army)?;
    let expected = army_text(&army);
    if expected != text {
        return Err(ArmyTextError::NotCanonical { expected });
    }
    Ok(army)
}

/// The commitment a client sends before the game: hex(SHA-256(UTF-8 of `army_text + " " +
/// salt_hex`)) — the army's canonical text, one space (0x20), and the salt as 64 lowercase hex
/// digits. Hashes exactly the text given: pass [`army_text`] and [`Seed::to_hex`].
pub fn commitment(army_text: &str, salt_hex: &str) -> String {
    let mut h = Sha256::new();
    h.update(army_text.as_bytes());
    h.update(b" ");
    h.update(salt_hex.as_bytes());
    hex(&h.finalize())
}

/// Whether `commitment_hex` (hex, any case, surrounding space ignored) is the commitment of
/// `army_text` with `salt_hex`, the salt being exactly 64 lowercase hex digits.
pub fn commitment_matches(commitment_hex: &str, army_text: &str, salt_hex: &str) -> bool {
    let lowercase_salt = salt_hex.len() == 64
        && salt_hex
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    lowercase_salt
        && commitment_hex
            .trim()
            .eq_ignore_ascii_case(&commitment(army_text, salt_hex))
}

/// Reads a client's value (or salt): 64 hex digits, any case, surrounding space ignored.
pub fn parse_value(text: &str) -> Result<[u8; 32], FairError> {
    parse_hex32("value", text)
}

/// Reads a commitment as a client sends it: 64 hex digits, any case, surrounding space ignored.
pub fn parse_commitment(text: &str) -> Result<[u8; 32], FairError> {
    parse_hex32("commitment", text)
}

/// The key of the game's dice stream: SHA-256([`DICE_KEY_TAG`] ‖ seed ‖ white's value ‖ black's
/// value), 19 + 32 + 32 + 32 bytes hashed. Values are by colour, not by seat.
pub fn dice_key(seed: &Seed, white_value: &[u8; 32], black_value: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(DICE_KEY_TAG);
    h.update(seed.0);
    h.update(white_value);
    h.update(black_value);
    h.finalize().into()
}

/// The online game's starting state: the two armies, and the keyed stream of
/// [`dice_key`]`(seed, white_value, black_value)` as the generator before the hands are dealt
/// (with `artifacts` off the hands are dealt and dropped, so the dice are the same either way).
pub fn start_state(
    white: &Army,
    black: &Army,
    artifacts: bool,
    seed: &Seed,
    white_value: &[u8; 32],
    black_value: &[u8; 32],
) -> State {
    let key = dice_key(seed, white_value, black_value);
    crate::play::chess::starting_state_keyed(white, black, artifacts, key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{Action, DiceRng};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn army(colour: Colour, pieces: &[(Role, &str)]) -> Army {
        let p: Vec<_> = pieces.iter().map(|&(r, s)| (r, sq(s))).collect();
        Army::new(colour, &p).unwrap()
    }

    #[test]
    fn army_text_is_sorted_by_square_and_reads_back() {
        use Role::*;
        let w = army(
            Colour::White,
            &[(Pawn, "e3"), (King, "e1"), (Pawn, "d2"), (Rook, "a1")],
        );
        assert_eq!(army_text(&w), "w:Ra1,Ke1,Pd2,Pe3");
        let back = parse_army_text("w:Ra1,Ke1,Pd2,Pe3").unwrap();
        assert_eq!(army_text(&back), "w:Ra1,Ke1,Pd2,Pe3");
        assert_eq!(back.colour(), Colour::White);
        let b = army(
            Colour::Black,
            &[(King, "e8"), (Rook, "h8"), (Pawn, "d7"), (Pawn, "c7")],
        );
        assert_eq!(army_text(&b), "b:Pc7,Pd7,Ke8,Rh8");
        assert_eq!(parse_army_text(&army_text(&b)).unwrap(), {
            // Placements are kept in the text's order.
            army(
                Colour::Black,
                &[(Pawn, "c7"), (Pawn, "d7"), (King, "e8"), (Rook, "h8")],
            )
        });
        assert_eq!(army_text(&army(Colour::Black, &[(King, "d8")])), "b:Kd8");
    }

    #[test]
    fn bad_army_text_is_refused_with_its_reason() {
        let refused = |t: &str| parse_army_text(t).unwrap_err();
        assert!(matches!(refused("Ke1"), ArmyTextError::NoColour(_)));
        assert!(matches!(refused("x:Ke1"), ArmyTextError::NoColour(_)));
        assert!(matches!(refused(""), ArmyTextError::NoColour(_)));
        assert_eq!(
            refused("w:Ke1,Qd1"),
            ArmyTextError::BadPiece {
                at: 2,
                text: "Qd1".into()
            }
        );
        assert!(matches!(
            refused("w:Ke1,Pd9"),
            ArmyTextError::BadPiece { at: 2, .. }
        ));
        assert!(matches!(
            refused("w:Ke1,"),
            ArmyTextError::BadPiece { at: 2, .. }
        ));
        assert!(matches!(
            refused("w:Ke1, Pd2"),
            ArmyTextError::BadPiece { at: 2, .. }
        ));
        assert!(matches!(
            refused("w:Ke1,P"),
            ArmyTextError::BadPiece { at: 2, .. }
        ));
        assert_eq!(
            refused("w:Pd2,Ke1"),
            ArmyTextError::NotCanonical {
                expected: "w:Ke1,Pd2".into()
            }
        );
        assert!(matches!(
            refused("w:ke1"),
            ArmyTextError::NotCanonical { .. }
        ));
        // The army's own rules, through `Army::new`.
        assert_eq!(refused("w:"), ArmyTextError::Army(ArmyError::NoKing));
        assert_eq!(
            refused("w:Ke1,Pe1"),
            ArmyTextError::Army(ArmyError::SquareTwice(sq("e1")))
        );
        assert!(matches!(
            refused("w:Ra1,Nb1,Bc1,Ke1,Rh1"),
            ArmyTextError::Army(ArmyError::OverBudget { points: 16 })
        ));
        assert!(matches!(
            refused("b:Ke1"),
            ArmyTextError::Army(ArmyError::WrongRank { .. })
        ));
        // Multi-byte text never panics.
        for t in ["w:Kë1", "é:Ke1", "w:K€", "w:€e1", "w:Ke1,Pé"] {
            assert!(parse_army_text(t).is_err(), "{t}");
        }
    }

    #[test]
    fn commitment_is_sha256_of_army_space_salt() {
        // Computed outside this program (Python's hashlib).
        let salt = "00".repeat(32);
        assert_eq!(
            commitment("w:Ke1,Pd2", &salt),
            "00d51054c315b9a95c99818a5cfd2e58004668923d3c6e384d31d80ec3e89df5"
        );
        let c = commitment("w:Ke1,Pd2", &salt);
        assert!(commitment_matches(&c, "w:Ke1,Pd2", &salt));
        assert!(commitment_matches(
            &format!(" {}\n", c.to_uppercase()),
            "w:Ke1,Pd2",
            &salt
        ));
        // A changed salt or a changed square is another commitment.
        let other_salt = format!("{}01", "00".repeat(31));
        assert_ne!(commitment("w:Ke1,Pd2", &other_salt), c);
        assert!(!commitment_matches(&c, "w:Ke1,Pd2", &other_salt));
        assert_ne!(commitment("w:Ke1,Pe2", &salt), c);
        assert!(!commitment_matches(&c, "w:Ke1,Pe2", &salt));
        // The salt is read only as lowercase hex of 32 bytes.
        let upper = "AB".repeat(32);
        let c = commitment("w:Ke1", &upper);
        assert!(!commitment_matches(&c, "w:Ke1", &upper));
        assert!(!commitment_matches(
            &commitment("w:Ke1", "ab"),
            "w:Ke1",
            "ab"
        ));
    }

    #[test]
    fn dice_key_hashes_tag_seed_and_both_values_in_order() {
        // Computed outside this program (Python's hashlib).
        let key = dice_key(&Seed([0; 32]), &[1; 32], &[2; 32]);
        assert_eq!(
            hex(&key),
            "b048a61605cae6e1a2e1f3a9d94d93eabd322984ad7815953c4f684a0bd7698a"
        );
        assert_ne!(dice_key(&Seed([0; 32]), &[2; 32], &[1; 32]), key);
        assert_ne!(dice_key(&Seed([3; 32]), &[1; 32], &[2; 32]), key);
        assert_eq!(parse_value(&"0102".repeat(16)).unwrap()[..2], [1, 2]);
        assert!(parse_value("12").is_err());
        assert_eq!(
            white_seat(&Seed([5; 32])),
            crate::fair::ash_seat(&Seed([5; 32]))
        );
    }

    fn armies() -> (Army, Army) {
        let mut rng = DiceRng::new(9);
        (
            Army::engine(Colour::White, &mut rng),
            Army::engine(Colour::Black, &mut rng),
        )
    }

    /// Plays `n` random legal actions from `start`, returning every record.
    fn play(start: &State, n: u64) -> Vec<crate::rules::chess::Record> {
        let mut s = start.clone();
        let mut out = Vec::new();
        for i in 0..n {
            let Some(a) = crate::ai::random(&s, i) else {
                break;
            };
            let (next, r) = s.apply(&a).unwrap();
            out.push(r);
            s = next;
        }
        out
    }

    #[test]
    fn the_same_inputs_deal_the_same_hands_and_roll_the_same_dice() {
        let (w, b) = armies();
        let seed = Seed([4; 32]);
        let start = start_state(&w, &b, true, &seed, &[1; 32], &[2; 32]);
        assert_eq!(start, start_state(&w, &b, true, &seed, &[1; 32], &[2; 32]));
        // The hands are the first draws of the keyed stream: white's, then black's.
        let mut rng = DiceRng::keyed(dice_key(&seed, &[1; 32], &[2; 32]));
        let white_hand = crate::rules::chess::army::deal(&mut rng);
        let black_hand = crate::rules::chess::army::deal(&mut rng);
        assert_eq!(start.hand(Colour::White), white_hand);
        assert_eq!(start.hand(Colour::Black), black_hand);
        assert_eq!(start.dice_rng(), rng, "the stream goes on from there");
        let a = play(&start, 200);
        assert!(a.iter().any(|r| r.dice.is_some()), "some dice were rolled");
        assert_eq!(a, play(&start, 200));
        // Another value (or seed) is another game.
        let other = start_state(&w, &b, true, &seed, &[1; 32], &[3; 32]);
        assert_ne!(other.dice_rng(), start.dice_rng());
        assert!(other.hand(Colour::White) != white_hand || other.hand(Colour::Black) != black_hand);
        // Artifacts off: the hands dropped, the dice the same.
        let off = start_state(&w, &b, false, &seed, &[1; 32], &[2; 32]);
        assert!(off.hand(Colour::White).is_empty());
        assert_eq!(off.dice_rng(), start.dice_rng());
    }

    #[test]
    fn cancel_does_not_rewind_a_keyed_stream() {
        use crate::rules::chess::parse_position;
        let s = parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 1/0 zombie-pawn/cancel -/-")
            .unwrap();
        let zombie: Action = "zombie-pawn".parse().unwrap();
        let cancel: Action = "cancel".parse().unwrap();
        // Unkeyed (a game on one device): Cancel brings the generator back with the rest, so
        // the values the Zombie Pawn used come again.
        let unkeyed = s.clone().with_dice_seed(3);
        let (after, _) = unkeyed.apply(&zombie).unwrap();
        assert_ne!(after.dice_rng(), unkeyed.dice_rng());
        let (cancelled, _) = after.apply(&cancel).unwrap();
        assert_eq!(cancelled.dice_rng(), unkeyed.dice_rng());
        // Keyed (online): everything else comes back, the stream goes on.
        let mut keyed = s.clone();
        keyed.dice = DiceRng::keyed([8; 32]);
        let (after, _) = keyed.apply(&zombie).unwrap();
        let (cancelled, _) = after.apply(&cancel).unwrap();
        assert_eq!(cancelled.dice_rng(), after.dice_rng());
        assert_eq!(cancelled.dice_rng().position(), 1, "one square drawn");
        assert_eq!(cancelled.board(), keyed.board());
        assert_eq!(cancelled.reserve(Colour::White), 1);
        assert_eq!(cancelled.dice_rng().key(), Some([8; 32]));
    }
}
