//! Signed records: the chain of signed actions an online table appends to every game's record,
//! and the server's seal over the whole text.
//!
//! A record that went through an online table ends with this section (after the game's own
//! `result` line):
//!
//! ```text
//! # signed
//! code K7Q2MX
//! key first 3d40…(64 hex digits)
//! key second none
//! key server 8a1c…(64 hex digits)
//! sign 1 first 5f0e…(128 hex digits) wS1
//! sign 2 server 9b7d…(128 hex digits) bG1 -wS1
//! seal 11aa…(128 hex digits)
//! ```
//!
//! - `key first|second`: the public key the seat's player proved, or `none` (a bot, or a player
//!   without a key: the server signs that seat's actions).
//! - `sign n signer signature action`: the table's `n`-th accepted action (taken-back ones
//!   too, in the order they were played), exactly as the table stored it, signed by `signer`
//!   over [`crate::identity::action_bytes`]`(code, n, action, prev)`, `prev` being the chain's
//!   hash after action `n - 1` ([`crate::identity::CHAIN_START`] before the first). A seat's
//!   own actions are signed by its key; the clock's (timeouts), a bot's and a keyless seat's
//!   by the server.
//! - `seal`: the server's signature over [`SEAL_DOMAIN`] and every byte of the record before
//!   the `seal` line (the game's lines, offers, takebacks, the result and the chain), so the
//!   server's own events (a resignation, an agreed draw, the result) are signed too.

use crate::identity::{CHAIN_START, Identity, PublicKey, Signer, chain_next};

/// The section's first line.
pub const HEADER: &str = "# signed";

/// What the seal signs before the record's bytes.
pub const SEAL_DOMAIN: &[u8] = b"carved-tables record v1\0";

/// One signed action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub signer: Signer,
    /// The action as the table stored it.
    pub action: String,
    pub signature: [u8; 64],
}

/// A table's chain, as the table builds it and a record carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    pub code: String,
    /// The seats' keys, by seat order (`None`: the server signs for the seat).
    pub keys: [Option<PublicKey>; 2],
    pub server: PublicKey,
    pub entries: Vec<Entry>,
}

impl Chain {
    pub fn new(code: &str, keys: [Option<PublicKey>; 2], server: PublicKey) -> Chain {
        Chain {
            code: code.to_string(),
            keys,
            server,
            entries: Vec::new(),
        }
    }

    /// The hash after the last entry ([`CHAIN_START`] when empty).
    pub fn head(&self) -> [u8; 32] {
        self.entries
            .iter()
            .fold(CHAIN_START, |prev, e| chain_next(&prev, &e.signature))
    }

    /// The number the next entry takes.
    pub fn next_n(&self) -> u64 {
        self.entries.len() as u64 + 1
    }

    /// The section's text, from [`HEADER`] to the last `sign` line, each line ending in a
    /// newline (no seal).
    pub fn to_text(&self) -> String {
        let key = |k: &Option<PublicKey>| k.map_or_else(|| "none".to_string(), |k| k.to_hex());
        let mut s = format!("{HEADER}\ncode {}\n", self.code);
        s.push_str(&format!("key first {}\n", key(&self.keys[0])));
        s.push_str(&format!("key second {}\n", key(&self.keys[1])));
        s.push_str(&format!("key server {}\n", self.server.to_hex()));
        for (i, e) in self.entries.iter().enumerate() {
            s.push_str(&format!(
                "sign {} {} {} {}\n",
                i + 1,
                e.signer.word(),
                hex(&e.signature),
                e.action
            ));
        }
        s
    }
}

/// The game's own record: the text before the `# signed` section (all of it when there is
/// none).
pub fn body(text: &str) -> &str {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_end() == HEADER {
            return &text[..at];
        }
        at += line.len();
    }
    text
}

/// The bytes the seal signs: [`SEAL_DOMAIN`], then the record's text before the `seal` line.
pub fn seal_bytes(before: &str) -> Vec<u8> {
    [SEAL_DOMAIN, before.as_bytes()].concat()
}

/// The whole signed record: the game's record `body` (ending in a newline), the chain's
/// section and the server's seal.
pub fn sealed(body: &str, chain: &Chain, server: &Identity) -> String {
    let mut s = body.to_string();
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s.push_str(&chain.to_text());
    let seal = server.sign(&seal_bytes(&s));
    s.push_str(&format!("seal {}\n", hex(&seal)));
    s
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
