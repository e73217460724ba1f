//! Commit–reveal fairness for Ash & Walnut (`spec/ash-and-walnut.md`, "Why it is fair").
//!
//! The table draws a secret 32-byte seed and shows its fingerprint, SHA-256(seed) in hex. The
//! seed decides who plays ash by a documented rule (see [`ash_seat`]). At the end the seed is
//! revealed and anyone can check it against the fingerprint. Game records and the verifier
//! build on these functions.
//!
//! [`chess`]: the same for Artifact Chess played online, where the two clients' armies are
//! committed and their values join the seed in the key of every die and card.

pub mod chess;

use crate::i18n::{Explain, Message, msg};
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::fmt;

/// The secret seed of one game: 32 bytes. Saved (an autosave on the player's own device) as its
/// hexadecimal text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Seed(pub [u8; 32]);

impl From<Seed> for String {
    fn from(s: Seed) -> String {
        s.to_hex()
    }
}

impl TryFrom<String> for Seed {
    type Error = FairError;
    fn try_from(s: String) -> Result<Seed, FairError> {
        Seed::from_hex(&s)
    }
}

/// The two seats of a table in the order they were taken: the first seat is the player who
/// opened the table (on one device: the person at it; against the bot: the person).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SeatOrder {
    First,
    Second,
}

/// Why a seed or fingerprint could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FairError {
    /// Not 64 hexadecimal digits; `at` is the first offending character, if any.
    BadHex {
        what: &'static str,
        len: usize,
        at: Option<usize>,
    },
}

impl Explain for FairError {
    fn explain(&self) -> Message {
        match *self {
            FairError::BadHex {
                what, at: Some(i), ..
            } => msg("fair.bad_hex_digit")
                .with("what", what)
                .with("at", i + 1),
            FairError::BadHex {
                what,
                len,
                at: None,
            } => msg("fair.bad_hex_length")
                .with("what", what)
                .with("len", len),
        }
    }
}

crate::display_in_english!(FairError);

impl Seed {
    /// Draws a fresh seed from a cryptographic or seeded generator.
    pub fn draw(rng: &mut impl RngCore) -> Seed {
        let mut bytes = [0u8; 32];
        rng.fill_bytes(&mut bytes);
        Seed(bytes)
    }

    /// A seed from the operating system's (or the browser's) secure random source, as a fair
    /// table draws it; `None` where there is none.
    pub fn from_os() -> Option<Seed> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).ok()?;
        Some(Seed(bytes))
    }

    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    pub fn from_hex(s: &str) -> Result<Seed, FairError> {
        parse_hex32("seed", s).map(Seed)
    }

    /// The public commitment shown before the game: SHA-256 of the 32 seed bytes, in hex.
    pub fn fingerprint(&self) -> String {
        hex(&Sha256::digest(self.0))
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The seed is a secret until the game ends: never print it by accident in logs.
        write!(f, "Seed(fingerprint {})", short(&self.fingerprint()))
    }
}

/// The documented colour rule: the lowest bit of the last byte of SHA-256("ash" ‖ seed).
/// 0 gives ash (who moves first) to the first seat, 1 to the second.
pub fn ash_seat(seed: &Seed) -> SeatOrder {
    let mut h = Sha256::new();
    h.update(b"ash");
    h.update(seed.0);
    let digest = h.finalize();
    if digest[31] & 1 == 0 {
        SeatOrder::First
    } else {
        SeatOrder::Second
    }
}

/// Whether `fingerprint` (hex, any case, surrounding space ignored) commits to `seed`.
pub fn matches(seed: &Seed, fingerprint: &str) -> bool {
    fingerprint.trim().eq_ignore_ascii_case(&seed.fingerprint())
}

/// The shortened form shown on the table: the first 8 and last 4 digits.
pub fn short(fingerprint: &str) -> String {
    if fingerprint.len() <= 12 {
        return fingerprint.to_string();
    }
    format!(
        "{}…{}",
        &fingerprint[..8],
        &fingerprint[fingerprint.len() - 4..]
    )
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub(crate) fn parse_hex32(what: &'static str, s: &str) -> Result<[u8; 32], FairError> {
    let s = s.trim();
    if let Some(i) = s.chars().position(|c| !c.is_ascii_hexdigit()) {
        return Err(FairError::BadHex {
            what,
            len: s.chars().count(),
            at: Some(i),
        });
    }
    if s.len() != 64 {
        return Err(FairError::BadHex {
            what,
            len: s.len(),
            at: None,
        });
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        // Proven: every character is an ASCII hex digit and there are exactly 64 of them.
        *byte = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap_or(0);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn fingerprint_is_sha256_of_the_seed_bytes() {
        // SHA-256 of 32 zero bytes, a published test value.
        let zero = Seed([0; 32]);
        assert_eq!(
            zero.fingerprint(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
        assert!(matches(
            &zero,
            " 66687AADF862BD776C8FC18B8E9F8E20089714856EE233B3902A591D0D5F2925\n"
        ));
        assert!(!matches(&Seed([1; 32]), &zero.fingerprint()));
    }

    #[test]
    fn seed_hex_round_trips_and_rejects_bad_text() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let seed = Seed::draw(&mut rng);
        assert_eq!(Seed::from_hex(&seed.to_hex()), Ok(seed));
        assert!(matches!(
            Seed::from_hex("abc"),
            Err(FairError::BadHex {
                len: 3,
                at: None,
                ..
            })
        ));
        let bad = format!("{}g", "0".repeat(63));
        assert!(matches!(
            Seed::from_hex(&bad),
            Err(FairError::BadHex { at: Some(63), .. })
        ));
    }

    #[test]
    fn colour_rule_follows_the_documented_bit() {
        // Both outcomes occur, and each agrees with the rule computed by hand.
        let mut seen = [false; 2];
        for n in 0u8..32 {
            let seed = Seed([n; 32]);
            let mut h = Sha256::new();
            h.update(b"ash");
            h.update([n; 32]);
            let bit = h.finalize()[31] & 1;
            let expect = if bit == 0 {
                SeatOrder::First
            } else {
                SeatOrder::Second
            };
            assert_eq!(ash_seat(&seed), expect);
            seen[bit as usize] = true;
        }
        assert_eq!(seen, [true, true]);
    }

    #[test]
    fn debug_never_shows_the_secret() {
        let seed = Seed([0xab; 32]);
        assert!(!format!("{seed:?}").contains(&seed.to_hex()));
    }

    #[test]
    fn short_form_keeps_both_ends() {
        let fp = Seed([0; 32]).fingerprint();
        assert_eq!(short(&fp), "66687aad…2925");
    }
}
