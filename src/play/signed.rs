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
//!
//! Writing it: [`Chain`] (the table builds it action by action) and [`sealed`]. Reading it:
//! [`body`] (the game's own lines, which the game's reader reads as before), [`parse`] (the
//! section, each line with its number in the whole text; never panics) and [`check`], the
//! `signatures` check every game's verifier adds for a record with the section: every `sign`
//! line numbered in turn, signed by a key allowed for it, each signature over its action and
//! the chain before it, each the `n`-th action of the record's own lines with the signer its
//! seat and clock call for, every action of the record signed, and the seal. A failure names
//! the first bad line. A record without the section has no `signatures` check and is verified
//! exactly as before (nothing then says who made its actions). `docs/protocol.md`, "Signed
//! records", is the whole rule for other verifiers.

use crate::i18n::{Message, msg};
use crate::identity::{
    CHAIN_START, Identity, PublicKey, Signer, action_bytes, chain_next, hex, signature_from_hex,
    unhex,
};
use crate::play::verify::Check;
use crate::rules::GameKind;
use crate::rules::hive::record::record_lines;

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

// ---------------------------------------------------------------------------------------------
// Reading and verifying the section.

/// One `sign` line as read: its line number in the whole text (from 1) and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignLine {
    pub line: usize,
    /// The number the line gives (`sign n …`).
    pub n: u64,
    pub signer: Signer,
    pub signature: [u8; 64],
    /// The action exactly as written after the signature.
    pub action: String,
}

/// A record's `# signed` section as read (nothing in it trusted until [`check`] has checked it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signed {
    /// The line of [`HEADER`] (from 1).
    pub header_line: usize,
    pub code: String,
    /// The seats' keys, by seat order (`None`: `none`).
    pub keys: [Option<PublicKey>; 2],
    pub server: PublicKey,
    pub entries: Vec<SignLine>,
    pub seal: [u8; 64],
    pub seal_line: usize,
    /// How many bytes of the text come before the `seal` line: what the seal covers.
    pub sealed_len: usize,
}

/// Why a section could not be read, or does not hold: the line it names (from 1, in the whole
/// text; 0 for the record as a whole) and what is wrong there, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub why: Message,
}

impl Problem {
    fn at(line: usize, why: Message) -> Problem {
        Problem { line, why }
    }

    /// The problem in words, its line first.
    pub fn words(&self) -> Message {
        if self.line == 0 {
            msg("verify.signed.whole").with_words("why", self.why.clone())
        } else {
            msg("verify.signed.at_line")
                .with("line", self.line)
                .with_words("why", self.why.clone())
        }
    }
}

/// The text's lines with their numbers (from 1) and the byte each starts at; a line's text has
/// no line break (`\n`, or `\r\n`), as [`str::lines`] gives it.
fn numbered(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    let mut start = 0;
    text.split_inclusive('\n').enumerate().map(move |(i, raw)| {
        let at = start;
        start += raw.len();
        let l = raw.strip_suffix('\n').unwrap_or(raw);
        let l = l.strip_suffix('\r').unwrap_or(l);
        (i + 1, at, l)
    })
}

/// Where the section starts: the first line that reads [`HEADER`] (surrounding spaces
/// ignored), its number and its first byte.
fn header_at(text: &str) -> Option<(usize, usize)> {
    numbered(text)
        .find(|(_, _, l)| l.trim() == HEADER)
        .map(|(n, at, _)| (n, at))
}

/// The record without its `# signed` section: the game's own lines, which the game's reader
/// reads (the whole text when it has no section). Line numbers stay those of the whole text.
pub fn body(text: &str) -> &str {
    match header_at(text) {
        Some((_, at)) => &text[..at],
        None => text,
    }
}

/// Reads the `# signed` section at the end of a record: `None` when the text has none (an
/// unsigned record, verified as before), else the body before it (see [`body`]) and the
/// section. A line that is not what the format says there is the error, naming it. Never
/// panics, whatever the text.
pub fn parse(text: &str) -> Result<Option<(&str, Signed)>, Problem> {
    let Some((header_line, header_byte)) = header_at(text) else {
        return Ok(None);
    };
    let body = &text[..header_byte];
    let mut lines = numbered(text).skip(header_line);
    let expected = |what: &'static str| msg("verify.signed.expected").with("expected", what);
    // One of the opening lines: its keyword and value.
    let mut next = |key: &'static str, shape: &'static str| -> Result<(usize, String), Problem> {
        match lines.next() {
            Some((n, _, l)) => match l.split_once(' ') {
                Some((k, v)) if k == key && !v.is_empty() => Ok((n, v.to_string())),
                _ => Err(Problem::at(n, expected(shape))),
            },
            None => Err(Problem::at(header_line, msg("verify.signed.cut_short"))),
        }
    };
    let (code_line, code) = next("code", "code <table>")?;
    if code.contains(char::is_whitespace) {
        return Err(Problem::at(code_line, expected("code <table>")));
    }
    let mut keys = [None, None];
    for (slot, which) in [(0, "first"), (1, "second")] {
        let shape = if slot == 0 {
            "key first <64 hex>|none"
        } else {
            "key second <64 hex>|none"
        };
        let (n, v) = next("key", shape)?;
        let Some(value) = v.strip_prefix(which).and_then(|v| v.strip_prefix(' ')) else {
            return Err(Problem::at(n, expected(shape)));
        };
        keys[slot] = if value == "none" {
            None
        } else {
            Some(read_key(value).ok_or_else(|| Problem::at(n, bad_key(value)))?)
        };
    }
    let (n, v) = next("key", "key server <64 hex>")?;
    let Some(value) = v.strip_prefix("server ") else {
        return Err(Problem::at(n, expected("key server <64 hex>")));
    };
    let server = read_key(value).ok_or_else(|| Problem::at(n, bad_key(value)))?;
    let mut entries = Vec::new();
    let mut last_line = n;
    let mut lines = numbered(text).skip(n);
    let seal = loop {
        let Some((n, at, l)) = lines.next() else {
            return Err(Problem::at(last_line, msg("verify.signed.no_seal")));
        };
        last_line = n;
        let (key, rest) = l.split_once(' ').unwrap_or((l, ""));
        match key {
            "sign" => entries.push(read_sign(n, rest)?),
            "seal" => {
                let signature = signature_from_hex(rest)
                    .ok_or_else(|| Problem::at(n, msg("verify.signed.bad_hex")))?;
                break (n, at, signature);
            }
            _ => {
                return Err(Problem::at(
                    n,
                    expected("sign <n> first|second|server <128 hex> <action>"),
                ));
            }
        }
    };
    // Nothing but blank lines after the seal.
    if let Some((n, ..)) = lines.find(|(_, _, l)| !l.trim().is_empty()) {
        return Err(Problem::at(n, msg("verify.signed.after_seal")));
    }
    let (seal_line, sealed_len, seal) = seal;
    Ok(Some((
        body,
        Signed {
            header_line,
            code,
            keys,
            server,
            entries,
            seal,
            seal_line,
            sealed_len,
        },
    )))
}

fn bad_key(word: &str) -> Message {
    msg("verify.signed.bad_key").with("word", quoted(word))
}

/// A word as a message quotes it: short, whole characters.
fn quoted(word: &str) -> String {
    word.chars().take(40).collect()
}

fn read_key(text: &str) -> Option<PublicKey> {
    let bytes: [u8; 32] = unhex(text)?.try_into().ok()?;
    PublicKey::from_hex(&hex(&bytes))
}

/// The words after `sign`: `n signer signature action`, one space between each.
fn read_sign(line: usize, rest: &str) -> Result<SignLine, Problem> {
    let at = |why: Message| Problem::at(line, why);
    let mut words = rest.splitn(4, ' ');
    let (Some(n), Some(signer), Some(signature), Some(action)) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(at(msg("verify.signed.expected").with(
            "expected",
            "sign <n> first|second|server <128 hex> <action>",
        )));
    };
    let n = n
        .parse::<u64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| at(msg("verify.signed.bad_number").with("word", quoted(n))))?;
    let signer = Signer::parse(signer)
        .ok_or_else(|| at(msg("verify.signed.bad_signer").with("word", quoted(signer))))?;
    let signature =
        signature_from_hex(signature).ok_or_else(|| at(msg("verify.signed.bad_hex")))?;
    if action.trim().is_empty() {
        return Err(at(msg("verify.signed.no_action")));
    }
    Ok(SignLine {
        line,
        n,
        signer,
        signature,
        action: action.to_string(),
    })
}

/// One action of a record's own lines, as the chain must sign it: the line that shows it, the
/// seat that played its side (0: first, 1: second), the side in words, the action as the table
/// stored it, and whether the clock played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyAction {
    pub line: usize,
    pub seat: usize,
    pub side: Message,
    pub text: String,
    pub timeout: bool,
}

impl BodyAction {
    /// Who must sign it: the server for the clock's action or a seat without a key, else the
    /// seat's own key.
    fn signer(&self, keys: &[Option<PublicKey>; 2]) -> Signer {
        if self.timeout || keys[self.seat.min(1)].is_none() {
            Signer::Server
        } else if self.seat == 0 {
            Signer::First
        } else {
            Signer::Second
        }
    }
}

/// What a record's own lines give the chain to be bound to: its actions in the chain's order
/// and, where the chain's order itself breaks the game's (Artifact Chess's building and
/// revealing), the entry (its index) and why.
struct Bound {
    actions: Vec<BodyAction>,
    problem: Option<(usize, Message)>,
}

/// The `signatures` check of a record's text, or `None` for a text without a `# signed`
/// section (an unsigned record has no such check: it is verified as before, and nothing then
/// says who played its actions). `game` is the game whose lines the body holds.
pub fn check(text: &str, game: GameKind) -> Option<Check> {
    let problem = match parse(text) {
        Ok(None) => return None,
        Ok(Some((body, signed))) => match holds(body, text, &signed, game) {
            Ok(count) => {
                return Some(Check {
                    name: "signatures",
                    passed: true,
                    detail: msg("verify.signatures.ok").with("count", count),
                });
            }
            Err(p) => p,
        },
        Err(p) => p,
    };
    Some(Check {
        name: "signatures",
        passed: false,
        detail: problem.words(),
    })
}

fn signer_words(s: Signer) -> Message {
    msg(match s {
        Signer::First => "verify.signed.by.first",
        Signer::Second => "verify.signed.by.second",
        Signer::Server => "verify.signed.by.server",
    })
}

/// Checks a read section against the whole `text` and its `body`: the chain entry by entry
/// (numbered in turn, signed by a key that may sign it, each signature over its action and
/// the chain before it, each the record's next action), every action of the body signed, and
/// the seal. The number of actions when all holds; else the first problem.
fn holds(body: &str, text: &str, signed: &Signed, game: GameKind) -> Result<usize, Problem> {
    let bound = match game {
        GameKind::Hive => bind_turns(body, "ash", hive_side),
        GameKind::Snelab => bind_turns(body, "south", snelab_side),
        GameKind::Chess => bind_chess(body, &signed.entries),
    }?;
    let mut prev = CHAIN_START;
    for (i, e) in signed.entries.iter().enumerate() {
        let at = |why: Message| Problem::at(e.line, why);
        let expected = i as u64 + 1;
        if e.n != expected {
            return Err(at(msg("verify.signed.out_of_order")
                .with("found", e.n)
                .with("expected", expected)));
        }
        let key = match e.signer {
            Signer::First => signed.keys[0],
            Signer::Second => signed.keys[1],
            Signer::Server => Some(signed.server),
        };
        let Some(key) = key else {
            return Err(at(
                msg("verify.signed.keyless").with("seat", e.signer.word())
            ));
        };
        let bytes = action_bytes(&signed.code, e.n, &e.action, &prev);
        if !key.verifies(&bytes, &e.signature) {
            return Err(at(msg("verify.signed.bad_signature").with("n", e.n)));
        }
        if let Some((k, why)) = &bound.problem
            && *k == i
        {
            return Err(at(why.clone()));
        }
        let Some(a) = bound.actions.get(i) else {
            return Err(at(msg("verify.signed.extra")
                .with("n", e.n)
                .with("text", quoted(&e.action))));
        };
        if a.text != e.action {
            return Err(Problem::at(
                a.line,
                msg("verify.signed.differs")
                    .with("n", e.n)
                    .with("text", quoted(&a.text))
                    .with("signed", quoted(&e.action))
                    .with("sign_line", e.line),
            ));
        }
        let want = a.signer(&signed.keys);
        if e.signer != want {
            let why = if a.timeout {
                msg("verify.signed.wrong_signer_clock")
            } else {
                msg("verify.signed.wrong_signer")
            };
            return Err(at(why
                .with("n", e.n)
                .with_words("side", a.side.clone())
                .with("line", a.line)
                .with_words("want", signer_words(want))
                .with_words("found", signer_words(e.signer))));
        }
        prev = chain_next(&prev, &e.signature);
    }
    if let Some(a) = bound.actions.get(signed.entries.len()) {
        return Err(Problem::at(
            a.line,
            msg("verify.signed.unsigned")
                .with("n", signed.entries.len() + 1)
                .with("text", quoted(&a.text)),
        ));
    }
    let sealed = text.get(..signed.sealed_len).unwrap_or_default();
    if !signed.server.verifies(&seal_bytes(sealed), &signed.seal) {
        return Err(Problem::at(signed.seal_line, msg("verify.signed.bad_seal")));
    }
    Ok(signed.entries.len())
}

fn hive_side(side: usize) -> Message {
    use crate::i18n::Explain;
    let c = if side == 0 {
        crate::rules::hive::Colour::Ash
    } else {
        crate::rules::hive::Colour::Walnut
    };
    c.explain()
}

fn snelab_side(side: usize) -> Message {
    use crate::i18n::Explain;
    let s = if side == 0 {
        crate::rules::snelab::Side::South
    } else {
        crate::rules::snelab::Side::North
    };
    s.explain()
}

fn seat_of(word: &str) -> Option<usize> {
    match word {
        "first" => Some(0),
        "second" => Some(1),
        _ => None,
    }
}

/// The actions of a game whose sides take turns, the opener first (Ash & Walnut, Snēlab): its
/// `move [timeout] <action>` lines in order, taken-back ones too, each side known from the
/// actions standing before it (`takeback N` takes back N, Snēlab's `takeback <side>
/// <action>` one), the opener's seat from the `opener first|second` line.
fn bind_turns(body: &str, opener: &str, side: fn(usize) -> Message) -> Result<Bound, Problem> {
    let mut first = None;
    let mut moves = Vec::new();
    let mut standing: usize = 0;
    for (line, key, value) in record_lines(body) {
        match key {
            k if k == opener => first = seat_of(value),
            "move" => {
                let (timeout, text) = match value.strip_prefix("timeout ") {
                    Some(t) => (true, t.trim()),
                    None => (false, value),
                };
                moves.push((line, standing % 2, text.to_string(), timeout));
                standing += 1;
            }
            "takeback" => {
                let n = value.parse::<usize>().unwrap_or(1);
                standing = standing.saturating_sub(n);
            }
            _ => {}
        }
    }
    let Some(first) = first else {
        return Err(Problem::at(
            0,
            msg("verify.signed.no_sides").with("line", opener),
        ));
    };
    let actions = moves
        .into_iter()
        .map(|(line, s, text, timeout)| BodyAction {
            line,
            seat: if s == 0 { first } else { 1 - first },
            side: side(s),
            text,
            timeout,
        })
        .collect();
    Ok(Bound {
        actions,
        problem: None,
    })
}

/// What an Artifact Chess record shows of one colour's building and revealing.
#[derive(Default)]
struct Early {
    /// The `commit` line, and the `ready` the table stored (`ready <commit> <value>`).
    ready: Option<(usize, String)>,
    /// The `army` line, and the `reveal` stored (`reveal <army> <salt>`).
    reveal: Option<(usize, String)>,
    /// The army the server made: the value is 32 zero bytes and the army and salt are the ones
    /// the server gives a seat whose building time ran out ([`server_army`]).
    server_made: bool,
}

/// The army and salt an Artifact Chess table gives a seat of `colour` whose building time ran
/// out, at the table of `seed`: the "Random army" of seed 0 in canonical text, and the salt
/// SHA-256("artifact-chess server salt" ‖ seed ‖ one byte, 0 for white and 1 for black), in
/// hex. (The server's own `server_salt` and `timeout_army`; a test holds them equal.)
pub fn server_army(
    seed: &crate::fair::Seed,
    colour: crate::rules::chess::Colour,
) -> (String, String) {
    use crate::play::chess::Draft;
    use sha2::{Digest, Sha256};
    let army = Draft::random(colour, 0)
        .army()
        .or_else(|_| Draft::new(colour).army())
        .map(|a| crate::fair::chess::army_text(&a))
        .unwrap_or_default();
    let mut h = Sha256::new();
    h.update(b"artifact-chess server salt");
    h.update(seed.0);
    h.update([colour.index() as u8]);
    (army, hex(&h.finalize()))
}

/// An action's kind by its first word: building and revealing, or the game's own.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ready,
    Reveal,
    Forfeit,
    Game,
}

fn kind(action: &str) -> Kind {
    match action.split(' ').next() {
        Some("ready") => Kind::Ready,
        Some("reveal") => Kind::Reveal,
        Some("forfeit") => Kind::Forfeit,
        _ => Kind::Game,
    }
}

/// Artifact Chess: each colour's `ready` (its `commit` and `value` lines) and `reveal` (its
/// `army` line), in the order the chain gives them, then every `action` line in order (taken
/// back ones too). The record does not keep the order of the building and revealing: both
/// `ready` come first (either colour first), then both `reveal`, or the clock's `forfeit` of a
/// colour that did not reveal (shown by its missing `army` line and the `result` line), and
/// only then the game's actions. A colour's `ready` and `reveal` are the clock's when the
/// server made its army ([`server_army`], a value of zero bytes).
fn bind_chess(body: &str, entries: &[SignLine]) -> Result<Bound, Problem> {
    use crate::i18n::Explain;
    use crate::rules::chess::Colour;
    let colour_of = |w: &str| match w {
        "white" => Some(Colour::White),
        "black" => Some(Colour::Black),
        _ => None,
    };
    let hex32 = |w: &str| {
        crate::fair::parse_hex32("value", w)
            .map(|b| crate::fair::hex(&b))
            .unwrap_or_else(|_| w.to_string())
    };
    let mut white = None;
    let mut seed = None;
    let mut values: [Option<String>; 2] = [None, None];
    let mut commits: [Option<(usize, String)>; 2] = [None, None];
    let mut armies: [Option<(usize, String, String)>; 2] = [None, None];
    let mut result_line = 0;
    let mut game = Vec::new();
    for (line, key, value) in record_lines(body) {
        let words: Vec<&str> = value.split_whitespace().collect();
        let coloured = words.first().and_then(|w| colour_of(w));
        match (key, coloured) {
            ("white", _) => white = seat_of(value),
            ("seed", _) => seed = crate::fair::Seed::from_hex(value).ok(),
            ("result", _) => result_line = line,
            ("value", Some(c)) => values[c.index()] = Some(hex32(&words[1..].join(" "))),
            ("commit", Some(c)) => {
                commits[c.index()] = Some((line, hex32(&words[1..].join(" "))));
            }
            ("army", Some(c)) => {
                if let [_, army, _, salt] = words[..] {
                    armies[c.index()] = Some((line, army.to_string(), hex32(salt)));
                }
            }
            ("action", Some(c)) => {
                let rest = &words[1..];
                let (timeout, rest) = match rest.split_first() {
                    Some((&"timeout", tail)) => (true, tail),
                    _ => (false, rest),
                };
                let end = rest
                    .iter()
                    .position(|w| matches!(*w, "dice" | "drew" | "rises"))
                    .unwrap_or(rest.len());
                game.push((line, c, rest[..end].join(" "), timeout));
            }
            _ => {}
        }
    }
    let Some(white) = white else {
        return Err(Problem::at(
            0,
            msg("verify.signed.no_sides").with("line", "white"),
        ));
    };
    let seat = |c: Colour| if c == Colour::White { white } else { 1 - white };
    let early: [Early; 2] = Colour::BOTH.map(|c| {
        let i = c.index();
        let made = seed.map(|s| server_army(&s, c));
        let server_made = values[i].as_deref() == Some(&crate::fair::hex(&[0; 32]))
            && matches!((&armies[i], &made), (Some((_, a, s)), Some((ma, ms))) if a == ma && s == ms);
        Early {
            ready: match (&commits[i], &values[i]) {
                (Some((line, commit)), Some(value)) => Some((*line, format!("ready {commit} {value}"))),
                _ => None,
            },
            reveal: armies[i]
                .as_ref()
                .map(|(line, army, salt)| (*line, format!("reveal {army} {salt}"))),
            server_made,
        }
    });
    let action = |c: Colour, line: usize, text: &str, timeout: bool| BodyAction {
        line,
        seat: seat(c),
        side: c.explain(),
        text: text.to_string(),
        timeout,
    };
    let mut actions = Vec::new();
    let mut problem = None;
    let (mut readied, mut revealed, mut forfeit) = ([false; 2], [false; 2], false);
    for (i, e) in entries.iter().enumerate() {
        let k = kind(&e.action);
        let in_order = match k {
            Kind::Game => break,
            Kind::Ready => readied != [true; 2],
            Kind::Reveal | Kind::Forfeit => readied == [true; 2] && !forfeit,
        };
        if !in_order {
            problem = Some((
                i,
                msg("verify.signed.early_order").with("text", quoted(&e.action)),
            ));
            break;
        }
        let done = if k == Kind::Ready { readied } else { revealed };
        let open: Vec<Colour> = Colour::BOTH
            .into_iter()
            .filter(|c| !done[c.index()])
            .collect();
        let stored = |c: Colour| match k {
            Kind::Ready => early[c.index()].ready.as_ref().map(|(_, t)| t.as_str()),
            Kind::Reveal => early[c.index()].reveal.as_ref().map(|(_, t)| t.as_str()),
            _ => None,
        };
        let by_seat = match e.signer {
            Signer::First => open.iter().copied().find(|c| seat(*c) == 0),
            Signer::Second => open.iter().copied().find(|c| seat(*c) == 1),
            Signer::Server => None,
        };
        // The colour whose step it is: by its text, else its signer's seat, else the only one
        // left. A forfeit is of the first colour that has no `army` line.
        let colour = if k == Kind::Forfeit {
            open.iter()
                .copied()
                .find(|c| early[c.index()].reveal.is_none())
        } else {
            open.iter()
                .copied()
                .find(|c| stored(*c) == Some(e.action.as_str()))
                .or(by_seat)
                .or_else(|| (open.len() == 1).then(|| open[0]))
        };
        let step = colour.and_then(|c| match k {
            Kind::Forfeit => Some((result_line, "forfeit".to_string(), true)),
            _ => {
                let (line, text) = match k {
                    Kind::Ready => early[c.index()].ready.clone(),
                    _ => early[c.index()].reveal.clone(),
                }?;
                Some((line, text, early[c.index()].server_made))
            }
        });
        let (Some(c), Some((line, text, timeout))) = (colour, step) else {
            problem = Some((
                i,
                msg("verify.signed.extra")
                    .with("n", i + 1)
                    .with("text", quoted(&e.action)),
            ));
            break;
        };
        match k {
            Kind::Ready => readied[c.index()] = true,
            Kind::Forfeit => forfeit = true,
            _ => revealed[c.index()] = true,
        }
        actions.push(action(c, line, &text, timeout));
    }
    if problem.is_none() {
        // The record's building and revealing the chain did not sign, then the game.
        for c in Colour::BOTH {
            if let (false, Some((line, text))) = (readied[c.index()], &early[c.index()].ready) {
                actions.push(action(c, *line, text, early[c.index()].server_made));
            }
        }
        for c in Colour::BOTH {
            if let (false, Some((line, text))) = (revealed[c.index()], &early[c.index()].reveal) {
                actions.push(action(c, *line, text, early[c.index()].server_made));
            }
        }
        for (line, c, text, timeout) in &game {
            actions.push(action(*c, *line, text, *timeout));
        }
    }
    Ok(Bound { actions, problem })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::english;
    use rand::{Rng, SeedableRng};

    const BODY: &str = "# Ash & Walnut game record\nfingerprint 00\nseed 00\nseat first Ana (person)\nseat second Rui (person)\nash first\nmove wS1\nmove bS1 wS1-\nmove timeout wQ -wS1\nresult in progress\n";

    fn signed_text() -> (String, Chain) {
        let server = Identity::from_secret([9; 32]);
        let ana = Identity::from_secret([1; 32]);
        let mut chain = Chain::new("K7Q2MX", [Some(ana.public()), None], server.public());
        for (signer, id, action) in [
            (Signer::First, &ana, "wS1"),
            (Signer::Server, &server, "bS1 wS1-"),
            (Signer::Server, &server, "wQ -wS1"),
        ] {
            let bytes = action_bytes(&chain.code, chain.next_n(), action, &chain.head());
            chain.entries.push(Entry {
                signer,
                action: action.into(),
                signature: id.sign(&bytes),
            });
        }
        (sealed(BODY, &chain, &server), chain)
    }

    #[test]
    fn a_sealed_record_reads_back_line_by_line() {
        let (text, chain) = signed_text();
        let (body, s) = parse(&text).unwrap().unwrap();
        assert_eq!(body, BODY);
        assert_eq!(super::body(&text), BODY);
        assert_eq!(super::body(BODY), BODY);
        assert_eq!(parse(BODY), Ok(None));
        assert_eq!(s.header_line, 11);
        assert_eq!(
            (s.code.as_str(), s.keys, s.server),
            ("K7Q2MX", chain.keys, chain.server)
        );
        let read: Vec<_> = s
            .entries
            .iter()
            .map(|e| (e.line, e.n, e.signer, e.action.as_str(), e.signature))
            .collect();
        let written: Vec<_> = chain
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                (
                    16 + i,
                    i as u64 + 1,
                    e.signer,
                    e.action.as_str(),
                    e.signature,
                )
            })
            .collect();
        assert_eq!(read, written);
        assert_eq!(s.seal_line, 19);
        assert_eq!(
            &text[s.sealed_len..],
            text.lines().last().unwrap().to_string() + "\n"
        );
        // The section's lines make the game's checks pass and its own.
        let c = check(&text, GameKind::Hive).unwrap();
        assert!(c.passed, "{}", english(&c.detail));
        assert_eq!(c.title(), msg("verify.check.signatures"));
        // Trailing blank lines after the seal, and CRLF line ends, are read (the seal is over
        // the bytes as they are: CRLF breaks it).
        assert!(
            check(&format!("{text}\n\n"), GameKind::Hive)
                .unwrap()
                .passed
        );
        let crlf = text.replace('\n', "\r\n");
        let (body, s) = parse(&crlf).unwrap().unwrap();
        assert_eq!(body, BODY.replace('\n', "\r\n"));
        assert_eq!(s.entries.len(), 3);
        let c = check(&crlf, GameKind::Hive).unwrap();
        assert_eq!(
            english(&c.detail),
            "line 19: the server's seal does not verify: a line before it was changed after the table sealed the record"
        );
    }

    /// The detail of the `signatures` check of `text`, which must fail.
    fn failure(text: &str) -> String {
        let c = check(text, GameKind::Hive).unwrap();
        assert!(!c.passed, "{text}");
        english(&c.detail)
    }

    #[test]
    fn a_malformed_line_is_named_with_what_is_wrong() {
        let (text, _) = signed_text();
        let at = |n: usize, line: &str| {
            let mut lines: Vec<String> = text.lines().map(String::from).collect();
            lines[n - 1] = line.to_string();
            lines.iter().map(|l| format!("{l}\n")).collect::<String>()
        };
        let sign = text.lines().nth(15).unwrap().to_string();
        for (n, line, words) in [
            (12, "code", "expected `code <table>`"),
            (12, "code A B", "expected `code <table>`"),
            (13, "key first zz", "`zz` is not a public key"),
            (13, "key second none", "expected `key first"),
            (14, "key second", "expected `key second"),
            (15, "key server none", "`none` is not a public key"),
            (16, "sign", "expected `sign <n>"),
            (
                16,
                &sign.replacen("sign 1 ", "sign 0 ", 1),
                "`0` is not an action number",
            ),
            (
                16,
                &sign.replacen("sign 1 ", "sign x ", 1),
                "`x` is not an action number",
            ),
            (
                16,
                &sign.replacen(" first ", " third ", 1),
                "`third` is not first, second",
            ),
            (
                16,
                &sign.replacen(" wS1", " ", 1),
                "a sign line without its action",
            ),
            (16, &sign.replacen(" wS1", "", 1), "expected `sign <n>"),
            (16, "move wS1", "expected `sign <n>"),
            (
                16,
                &format!("{sign}0"),
                "the signature of action 1 does not verify",
            ),
            (19, "seal 00", "not 128 hexadecimal digits"),
            (19, "", "expected `sign <n>"),
        ] {
            let d = failure(&at(n, line));
            assert!(
                d.starts_with(&format!("line {n}: ")) && d.contains(words),
                "{line}: {d}"
            );
        }
        // Hex digits in upper case read as the same signature (the seal, over the bytes as
        // written, then fails).
        let upper = {
            let (head, sig) = sign.split_at(13);
            format!("{head}{}", sig.to_uppercase().replace("WS1", "wS1"))
        };
        let read = |t: &str| parse(t).unwrap().unwrap().1.entries[0].signature;
        assert_eq!(read(&at(16, &upper)), read(&text));
        assert!(failure(&at(16, &upper)).starts_with("line 19: "));
        // Cut short anywhere.
        let d = failure("# signed\n");
        assert!(d.starts_with("line 1: "), "{d}");
        let d = failure("# signed\ncode K\nkey first none\nkey second none\n");
        assert!(
            d.starts_with("line 1: ") && d.contains("before its keys"),
            "{d}"
        );
    }

    #[test]
    fn garbage_never_panics() {
        let (text, _) = signed_text();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
        let games = [GameKind::Hive, GameKind::Snelab, GameKind::Chess];
        let run = |t: &str| {
            let _ = parse(t);
            let _ = body(t);
            for g in games {
                let _ = check(t, g);
            }
            let _ = crate::play::verify::verify_text(t);
        };
        // Every prefix (whole characters) and every line dropped or doubled.
        for (i, _) in text.char_indices() {
            run(&text[..i]);
        }
        let lines: Vec<&str> = text.lines().collect();
        for n in 0..lines.len() {
            let mut dropped = lines.clone();
            dropped.remove(n);
            run(&dropped.join("\n"));
            let mut doubled = lines.clone();
            doubled.insert(n, lines[n]);
            run(&doubled.join("\n"));
        }
        // Random bytes after the header, and random bytes in place of a line's words.
        let words = [
            "sign", "seal", "key", "code", "first", "second", "server", "none", " ", "\n", "1",
            "ff", "é", "\r",
        ];
        for _ in 0..2000 {
            let mut t = String::from("# signed\n");
            for _ in 0..rng.random_range(0..40) {
                if rng.random_bool(0.5) {
                    t.push_str(words[rng.random_range(0..words.len())]);
                } else {
                    let bytes: Vec<u8> =
                        (0..rng.random_range(0..20)).map(|_| rng.random()).collect();
                    t.push_str(&String::from_utf8_lossy(&bytes));
                }
            }
            run(&t);
            let mut mixed = text.clone().into_bytes();
            let at = rng.random_range(0..mixed.len());
            mixed[at] = rng.random();
            run(&String::from_utf8_lossy(&mixed));
        }
    }
}
