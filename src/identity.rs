//! A player's identity: an Ed25519 key pair made on the device (issue "Players who are
//! somebody"). The key is the identity; a display name is only a name, and a short fingerprint
//! of the public key is shown beside it so that two players of one name can be told apart.
//!
//! What is here, without Bevy or the server:
//! - [`Identity`]: the key pair; made from the system's (or the browser's) random source, or
//!   from its 32-byte secret.
//! - The key as text for the player to carry to another device ([`Identity::export`],
//!   [`Identity::import`]): `CTKEY1-` and the secret in eight groups of eight hex digits, then a
//!   group of four hex digits of checksum (SHA-256 of [`EXPORT_DOMAIN`] and the secret, its
//!   first two bytes). Spaces, line breaks and case do not matter when it is read back.
//! - The exact bytes that are signed: the answer to a server's `hello` challenge
//!   ([`hello_bytes`]) and each action of a game, chained to the one before
//!   ([`action_bytes`], [`chain_next`]).

use ed25519_dalek::{Signature, Signer as _, SigningKey, Verifier, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The start of an exported key.
pub const EXPORT_PREFIX: &str = "CTKEY1-";
/// Hashed before the secret for the export's checksum.
pub const EXPORT_DOMAIN: &[u8] = b"carved-tables key export v1\0";
/// Signed before a server's challenge in `hello`.
pub const HELLO_DOMAIN: &[u8] = b"carved-tables hello v1\0";
/// Signed before each action of a game.
pub const ACTION_DOMAIN: &[u8] = b"carved-tables action v1\0";
/// The hash an action chain starts from: no action before it.
pub const CHAIN_START: [u8; 32] = [0; 32];

/// A public key: who a player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PublicKey(pub [u8; 32]);

impl PublicKey {
    /// As 64 lowercase hex digits (how the protocol carries it).
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads 64 hex digits; `None` for anything else, or bytes that are no Ed25519 point.
    pub fn from_hex(text: &str) -> Option<PublicKey> {
        let bytes: [u8; 32] = unhex(text.trim())?.try_into().ok()?;
        VerifyingKey::from_bytes(&bytes).ok()?;
        Some(PublicKey(bytes))
    }

    /// The short fingerprint shown beside a name: the first four bytes of the key's SHA-256
    /// as two groups of four hex digits (`3f9a·c41e`).
    pub fn fingerprint(&self) -> String {
        let h = Sha256::digest(self.0);
        format!("{}·{}", hex(&h[..2]), hex(&h[2..4]))
    }

    /// Whether `signature` is this key's over `message`.
    pub fn verifies(&self, message: &[u8], signature: &[u8; 64]) -> bool {
        VerifyingKey::from_bytes(&self.0)
            .is_ok_and(|k| k.verify(message, &Signature::from_bytes(signature)).is_ok())
    }
}

/// A player's key pair.
#[derive(Clone)]
pub struct Identity {
    key: SigningKey,
}

impl std::fmt::Debug for Identity {
    /// The public half only: the secret never reaches a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Identity({})", self.public().to_hex())
    }
}

impl PartialEq for Identity {
    fn eq(&self, other: &Identity) -> bool {
        self.public() == other.public()
    }
}

impl Eq for Identity {}

/// Why a key's text was not read (nothing changes when it is not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// Nothing was given.
    Empty,
    /// Not a key's text: no `CTKEY1-` start, or other characters than hex digits after it.
    NotAKey,
    /// The text has too few or too many digits (a part lost in copying).
    WrongLength,
    /// The digits do not match their checksum (a digit mistyped).
    BadChecksum,
    /// The key is the one this device has already.
    AlreadyHere,
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ImportError::Empty => "nothing was given",
            ImportError::NotAKey => "this is not a key exported by Carved Tables",
            ImportError::WrongLength => "the key has too few or too many digits",
            ImportError::BadChecksum => "a digit of the key is wrong (its checksum does not match)",
            ImportError::AlreadyHere => "this device already has this key",
        })
    }
}

impl Identity {
    /// A new identity from the system's (or the browser's) random source; `None` when that
    /// source cannot be read.
    pub fn generate() -> Option<Identity> {
        let mut secret = [0u8; 32];
        getrandom::fill(&mut secret).ok()?;
        Some(Identity::from_secret(secret))
    }

    /// The identity of a 32-byte secret.
    pub fn from_secret(secret: [u8; 32]) -> Identity {
        Identity {
            key: SigningKey::from_bytes(&secret),
        }
    }

    /// The secret as 64 hex digits (what a server keeps of its own key in its store; a
    /// player's leaves the device only through [`Identity::export`]).
    pub fn secret_hex(&self) -> String {
        hex(&self.key.to_bytes())
    }

    /// The identity of 64 hex digits of secret; `None` for anything else.
    pub fn from_secret_hex(text: &str) -> Option<Identity> {
        let secret: [u8; 32] = unhex(text.trim())?.try_into().ok()?;
        Some(Identity::from_secret(secret))
    }

    pub fn public(&self) -> PublicKey {
        PublicKey(self.key.verifying_key().to_bytes())
    }

    /// Signs `message`.
    pub fn sign(&self, message: &[u8]) -> [u8; 64] {
        self.key.sign(message).to_bytes()
    }

    /// The key as text for the player to keep or carry: see the module's words.
    pub fn export(&self) -> String {
        let secret = self.key.to_bytes();
        let digits = hex(&secret);
        let mut out = String::from(EXPORT_PREFIX);
        for (i, group) in digits.as_bytes().chunks(8).enumerate() {
            if i > 0 {
                out.push('-');
            }
            out.push_str(std::str::from_utf8(group).unwrap_or_default());
        }
        out.push('-');
        out.push_str(&hex(&checksum(&secret)));
        out
    }

    /// Reads an exported key back (see [`Identity::export`]).
    pub fn import(text: &str) -> Result<Identity, ImportError> {
        let squeezed: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_uppercase();
        if squeezed.is_empty() {
            return Err(ImportError::Empty);
        }
        let body = squeezed
            .strip_prefix(&EXPORT_PREFIX.to_ascii_uppercase())
            .ok_or(ImportError::NotAKey)?;
        let digits: String = body.chars().filter(|c| *c != '-').collect();
        if !digits.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(ImportError::NotAKey);
        }
        if digits.len() != 64 + 4 {
            return Err(ImportError::WrongLength);
        }
        let bytes = unhex(&digits).ok_or(ImportError::NotAKey)?;
        let secret: [u8; 32] = bytes[..32]
            .try_into()
            .map_err(|_| ImportError::WrongLength)?;
        if bytes[32..] != checksum(&secret) {
            return Err(ImportError::BadChecksum);
        }
        Ok(Identity::from_secret(secret))
    }

    /// [`Identity::import`] on a device that has `current`: the same key again is refused.
    pub fn import_beside(current: Option<&Identity>, text: &str) -> Result<Identity, ImportError> {
        let read = Identity::import(text)?;
        if current == Some(&read) {
            return Err(ImportError::AlreadyHere);
        }
        Ok(read)
    }
}

/// The export's checksum of `secret`.
fn checksum(secret: &[u8; 32]) -> [u8; 2] {
    let h = Sha256::new()
        .chain_update(EXPORT_DOMAIN)
        .chain_update(secret)
        .finalize();
    [h[0], h[1]]
}

/// The bytes a player signs to answer a server's `hello` challenge: [`HELLO_DOMAIN`], then the
/// server's nonce as it was sent (its UTF-8 text).
pub fn hello_bytes(nonce: &str) -> Vec<u8> {
    [HELLO_DOMAIN, nonce.as_bytes()].concat()
}

/// The bytes signed for action number `seq` (the first is 1) of table `code`: [`ACTION_DOMAIN`],
/// the code's UTF-8 and a zero byte, `seq` as eight bytes big-endian, the action's text in
/// UTF-8 and a zero byte, and `prev`: the chain's hash after the action before
/// ([`CHAIN_START`] before the first).
pub fn action_bytes(code: &str, seq: u64, action: &str, prev: &[u8; 32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(ACTION_DOMAIN.len() + code.len() + action.len() + 50);
    out.extend_from_slice(ACTION_DOMAIN);
    out.extend_from_slice(code.as_bytes());
    out.push(0);
    out.extend_from_slice(&seq.to_be_bytes());
    out.extend_from_slice(action.as_bytes());
    out.push(0);
    out.extend_from_slice(prev);
    out
}

/// The chain's hash after a signed action: SHA-256 of the hash before it and the action's
/// signature.
pub fn chain_next(prev: &[u8; 32], signature: &[u8; 64]) -> [u8; 32] {
    Sha256::new()
        .chain_update(prev)
        .chain_update(signature)
        .finalize()
        .into()
}

/// Who signed an action in the chain: a seat's player, or the server (the clock's and the
/// bot's actions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Signer {
    First,
    Second,
    Server,
}

impl Signer {
    /// The word a record writes: `first`, `second`, `server`.
    pub fn word(self) -> &'static str {
        match self {
            Signer::First => "first",
            Signer::Second => "second",
            Signer::Server => "server",
        }
    }

    /// Reads [`Signer::word`].
    pub fn parse(word: &str) -> Option<Signer> {
        match word {
            "first" => Some(Signer::First),
            "second" => Some(Signer::Second),
            "server" => Some(Signer::Server),
            _ => None,
        }
    }
}

/// One signed action of a game, as a record carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedAction {
    pub seq: u64,
    pub action: String,
    /// Whose key signed it (a player's, or the server's for the clock's and the bot's).
    pub by: PublicKey,
    pub signature: [u8; 64],
}

/// Why a chain of signed actions does not hold, at the first bad action (its index in the
/// list, from 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainError {
    /// The action's number is not the next one (an action removed, added or reordered).
    OutOfOrder {
        at: usize,
        expected: u64,
        found: u64,
    },
    /// Signed by a key that may not sign it.
    WrongKey { at: usize },
    /// The signature does not match the action, its number, the table and the chain before.
    BadSignature { at: usize },
}

/// Checks a game's chain: every action numbered in turn from 1, signed by a key `may_sign`
/// allows for it, over [`action_bytes`] with the chain's hash before it. The chain's last hash
/// when it holds.
pub fn check_chain(
    code: &str,
    actions: &[SignedAction],
    may_sign: impl Fn(&SignedAction) -> bool,
) -> Result<[u8; 32], ChainError> {
    let mut prev = CHAIN_START;
    for (at, a) in actions.iter().enumerate() {
        let expected = at as u64 + 1;
        if a.seq != expected {
            return Err(ChainError::OutOfOrder {
                at,
                expected,
                found: a.seq,
            });
        }
        if !may_sign(a) {
            return Err(ChainError::WrongKey { at });
        }
        if !a
            .by
            .verifies(&action_bytes(code, a.seq, &a.action, &prev), &a.signature)
        {
            return Err(ChainError::BadSignature { at });
        }
        prev = chain_next(&prev, &a.signature);
    }
    Ok(prev)
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hex digits (either case) as bytes; `None` for anything else (no sign, no space, not empty).
/// Never panics.
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    let digits = text.as_bytes();
    if digits.is_empty() || !digits.len().is_multiple_of(2) {
        return None;
    }
    digits
        .chunks(2)
        .map(|pair| {
            let d = |b: u8| (b as char).to_digit(16);
            Some((d(pair[0])? * 16 + d(pair[1])?) as u8)
        })
        .collect()
}

/// A 64-byte signature from its 128 hex digits; `None` for anything else.
pub fn signature_from_hex(text: &str) -> Option<[u8; 64]> {
    unhex(text)?.try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ana() -> Identity {
        Identity::from_secret([7; 32])
    }

    #[test]
    fn the_published_test_vector_signs_as_rfc_8032_says() {
        // RFC 8032, 7.1, TEST 1: the empty message.
        let secret: [u8; 32] =
            unhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
                .unwrap()
                .try_into()
                .unwrap();
        let id = Identity::from_secret(secret);
        assert_eq!(
            id.public().to_hex(),
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
        );
        let sig = id.sign(b"");
        assert_eq!(
            hex(&sig),
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155\
             5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        );
        assert!(id.public().verifies(b"", &sig));
        assert!(!id.public().verifies(b"x", &sig));
    }

    #[test]
    fn a_key_exported_reads_back_and_bad_text_is_refused() {
        let id = ana();
        let text = id.export();
        assert!(text.starts_with(EXPORT_PREFIX), "{text}");
        assert_eq!(Identity::import(&text), Ok(id.clone()));
        // Spaces, line breaks and case do not matter.
        let loose = text
            .to_lowercase()
            .replace('-', " - ")
            .replacen(' ', "\n", 3);
        assert_eq!(Identity::import(&loose), Ok(id.clone()));
        assert_eq!(Identity::import("   "), Err(ImportError::Empty));
        assert_eq!(Identity::import("hello there"), Err(ImportError::NotAKey));
        assert_eq!(
            Identity::import(&text.replace(EXPORT_PREFIX, "CTKEY2-")),
            Err(ImportError::NotAKey)
        );
        assert_eq!(
            Identity::import(&format!("{text}z")),
            Err(ImportError::NotAKey)
        );
        assert_eq!(
            Identity::import(&text[..text.len() - 9]),
            Err(ImportError::WrongLength)
        );
        // One digit changed anywhere: the checksum says so.
        for at in [
            EXPORT_PREFIX.len(),
            EXPORT_PREFIX.len() + 30,
            text.len() - 1,
        ] {
            let mut wrong = text.clone().into_bytes();
            wrong[at] = if wrong[at] == b'0' { b'1' } else { b'0' };
            let wrong = String::from_utf8(wrong).unwrap();
            assert_eq!(
                Identity::import(&wrong),
                Err(ImportError::BadChecksum),
                "{wrong}"
            );
        }
        // The same key on the device that has it.
        assert_eq!(
            Identity::import_beside(Some(&id), &text),
            Err(ImportError::AlreadyHere)
        );
        let other = Identity::from_secret([8; 32]);
        assert_eq!(Identity::import_beside(Some(&other), &text), Ok(id));
    }

    #[test]
    fn new_identities_differ_and_debug_shows_no_secret() {
        let (a, b) = (Identity::generate().unwrap(), Identity::generate().unwrap());
        assert_ne!(a.public(), b.public());
        let shown = format!("{a:?}");
        assert!(shown.contains(&a.public().to_hex()));
        assert!(!shown.contains(&hex(&a.key.to_bytes())));
    }

    #[test]
    fn a_fingerprint_is_short_and_a_public_key_reads_back_from_hex() {
        let p = ana().public();
        let f = p.fingerprint();
        assert_eq!(f.chars().count(), 9, "{f}");
        assert_ne!(f, Identity::from_secret([8; 32]).public().fingerprint());
        assert_eq!(PublicKey::from_hex(&p.to_hex()), Some(p));
        assert_eq!(PublicKey::from_hex("00"), None);
        let id = ana();
        assert_eq!(Identity::from_secret_hex(&id.secret_hex()), Some(id));
        assert_eq!(Identity::from_secret_hex("abc"), None);
        assert_eq!(PublicKey::from_hex(&"zz".repeat(32)), None);
    }

    #[test]
    fn a_hello_answer_is_the_keys_over_that_nonce_only() {
        let id = ana();
        let sig = id.sign(&hello_bytes("n-1"));
        assert!(id.public().verifies(&hello_bytes("n-1"), &sig));
        assert!(
            !id.public().verifies(&hello_bytes("n-2"), &sig),
            "a replay on a new nonce"
        );
        let other = Identity::from_secret([8; 32]);
        assert!(!other.public().verifies(&hello_bytes("n-1"), &sig));
    }

    /// A chain of `moves` actions at table K7M2QX, Ana and Rui in turn.
    fn chain(moves: &[&str]) -> (Vec<SignedAction>, [PublicKey; 2]) {
        let ids = [ana(), Identity::from_secret([8; 32])];
        let mut prev = CHAIN_START;
        let mut out = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            let seq = i as u64 + 1;
            let id = &ids[i % 2];
            let signature = id.sign(&action_bytes("K7M2QX", seq, m, &prev));
            prev = chain_next(&prev, &signature);
            out.push(SignedAction {
                seq,
                action: m.to_string(),
                by: id.public(),
                signature,
            });
        }
        (out, [ids[0].public(), ids[1].public()])
    }

    #[test]
    fn a_signed_chain_holds_and_every_tampering_fails_at_its_action() {
        let (actions, keys) = chain(&["wS1", "bS1 wS1-", "wA1 -wS1", "bQ /bS1"]);
        let turn = |a: &SignedAction| a.by == keys[(a.seq as usize + 1) % 2];
        assert!(check_chain("K7M2QX", &actions, turn).is_ok());
        // Another table's code.
        assert_eq!(
            check_chain("ZZZZZZ", &actions, turn),
            Err(ChainError::BadSignature { at: 0 })
        );
        // An action changed.
        let mut changed = actions.clone();
        changed[2].action = "wA1 wS1-".into();
        assert_eq!(
            check_chain("K7M2QX", &changed, turn),
            Err(ChainError::BadSignature { at: 2 })
        );
        // An action removed, or two swapped.
        let mut removed = actions.clone();
        removed.remove(1);
        assert_eq!(
            check_chain("K7M2QX", &removed, turn),
            Err(ChainError::OutOfOrder {
                at: 1,
                expected: 2,
                found: 3
            })
        );
        let mut swapped = actions.clone();
        swapped.swap(1, 2);
        assert!(matches!(
            check_chain("K7M2QX", &swapped, turn),
            Err(ChainError::OutOfOrder { at: 1, .. })
        ));
        // Renumbered after a removal: the chain's hashes no longer match.
        let mut renumbered = removed.clone();
        for (i, a) in renumbered.iter_mut().enumerate() {
            a.seq = i as u64 + 1;
        }
        assert!(matches!(
            check_chain("K7M2QX", &renumbered, |_| true),
            Err(ChainError::BadSignature { at: 1 })
        ));
        // Re-signed by the other player's key (a valid signature, the wrong signer).
        let rui = Identity::from_secret([8; 32]);
        let mut resigned = actions.clone();
        let prev = chain_next(&CHAIN_START, &actions[0].signature);
        resigned[1].by = ana().public();
        resigned[1].signature = ana().sign(&action_bytes("K7M2QX", 2, &actions[1].action, &prev));
        assert_eq!(
            check_chain("K7M2QX", &resigned, turn),
            Err(ChainError::WrongKey { at: 1 })
        );
        // Its own signature moved onto the other key: not that key's.
        let mut claimed = actions.clone();
        claimed[0].by = rui.public();
        assert_eq!(
            check_chain("K7M2QX", &claimed, |_| true),
            Err(ChainError::BadSignature { at: 0 })
        );
    }
}
