//! `tables fuzz-server`: the protocol fuzzed against a running server on loopback. Many
//! connections send mutated and random frames (mutations of every well-formed client message
//! of `docs/protocol.md`, by [`crate::cli::fuzz::mutate`] and by changing fields' JSON types;
//! random bytes; truncated and oversized JSON; binary frames; deep nesting; floods past the
//! rate limit), while a few well-formed clients play whole games against each other and
//! against the bot. Afterwards it checks that the server is alive and answers, that its
//! memory (VmRSS, when its process id is given) grew by no more than a bound since a warm-up,
//! that the tables and connections it holds (`ct_tables`, `ct_connections` of `GET /metrics`)
//! came back to where they were before, and that every well-formed game finished, matched
//! what its players heard and verified.
//!
//! ```text
//! tables fuzz-server --addr 127.0.0.1:PORT --frames N [--connections C] [--pid PID]
//!                    [--seed S] [--rate PER_SECOND] [--pairs P] [--warmup N]
//!                    [--max-seconds S] [--settle S] [--max-growth-mb MB]
//! ```
//!
//! The tables the fuzzing connections open are closed with the seat tokens they were given (a
//! resignation), every few seconds during the run and at its end; a table still waiting for its second player closes by the
//! server's `--wait-limit` (and `--correspondence-wait`), an ended one after `--linger`: run
//! the server with short ones (a few seconds) for the tables to come back within `--settle`.

use super::client::{self, Client, Player};
use super::loadtest::{self, Load, Tally};
use crate::net::protocol::{BotLevel, ClientMsg, GameKind, ServerMsg, TableOptions};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// What one run is asked to do.
#[derive(Clone, Debug)]
pub struct Fuzz {
    /// The server, `127.0.0.1:PORT` (loopback only).
    pub addr: String,
    /// Frames to send in the measured run.
    pub frames: u64,
    /// Fuzzing connections open at once (each opens a new one when its closes).
    pub connections: usize,
    /// The server's process id: its memory (VmRSS) is read before and after.
    pub pid: Option<u32>,
    pub seed: u64,
    /// Frames a second on each paced connection (one connection in eight floods instead).
    pub rate: f64,
    /// Pairs of well-formed clients playing whole games against each other (and one more
    /// client against the bot) while the frames fly.
    pub pairs: usize,
    /// Frames sent before the memory baseline is read (the warm-up).
    pub warmup: u64,
    /// The whole run's limit, in seconds: the frames not sent by then are not sent.
    pub max_seconds: f64,
    /// How long, after the run, the tables and connections may take to come back.
    pub settle: f64,
    /// The most the server's resident memory may grow from the warm-up to the end, in KiB.
    pub max_growth_kb: u64,
}

impl Default for Fuzz {
    fn default() -> Fuzz {
        Fuzz {
            addr: String::new(),
            frames: 10_000,
            connections: 64,
            pid: None,
            seed: 1,
            rate: 20.0,
            pairs: 2,
            warmup: 2_000,
            max_seconds: 600.0,
            settle: 60.0,
            max_growth_kb: 64 * 1024,
        }
    }
}

/// What the server's `/metrics` page says is open, and its refusals by code.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Gauges {
    pub tables: f64,
    pub connections: f64,
    pub refusals: BTreeMap<String, f64>,
}

/// What a run did and found.
#[derive(Clone, Debug, Default)]
pub struct FuzzReport {
    /// Frames sent in the measured run (not the warm-up), and of them binary and over the
    /// frame limit.
    pub frames: u64,
    pub binary: u64,
    pub oversized: u64,
    /// Fuzzing connections opened, and closed by the server (for its limits).
    pub connections: u64,
    pub closed_by_server: u64,
    /// Seat tokens the fuzzing connections were given (tables they opened or joined), and
    /// the tables closed with them afterwards.
    pub tokens: usize,
    pub resigned: usize,
    /// Seconds of the measured run.
    pub seconds: f64,
    /// Before anything, after the warm-up, and at the end.
    pub before: Gauges,
    pub after: Gauges,
    /// VmRSS in KiB after the warm-up (tables and connections back) and at the end.
    pub rss_warm_kb: Option<u64>,
    pub rss_after_kb: Option<u64>,
    /// The most it had during the run (VmHWM), in KiB.
    pub rss_peak_kb: Option<u64>,
    /// The well-formed games: finished, and of them matched and verified.
    pub games: u64,
    pub checked: u64,
    /// Everything that failed a check.
    pub failures: Vec<String>,
}

impl FuzzReport {
    /// Refusals sent during the whole run (warm-up included), by code.
    pub fn refusals(&self) -> BTreeMap<String, f64> {
        self.after
            .refusals
            .iter()
            .map(|(k, v)| {
                (
                    k.clone(),
                    v - self.before.refusals.get(k).copied().unwrap_or(0.0),
                )
            })
            .filter(|(_, v)| *v > 0.0)
            .collect()
    }
}

/// Reads the server's `/metrics`.
pub async fn gauges(addr: &str) -> Result<Gauges, String> {
    let (status, page) = client::http_get(addr, "/metrics").await?;
    if status != 200 {
        return Err(format!("GET /metrics: {status}"));
    }
    let mut g = Gauges::default();
    for line in page.lines().filter(|l| !l.starts_with('#')) {
        let Some((name, value)) = line.rsplit_once(' ') else {
            continue;
        };
        let Ok(value) = value.parse::<f64>() else {
            continue;
        };
        if name.starts_with("ct_tables{") {
            g.tables += value;
        } else if name == "ct_connections" {
            g.connections = value;
        } else if let Some(code) = name
            .strip_prefix("ct_refusals_total{code=\"")
            .and_then(|c| c.strip_suffix("\"}"))
        {
            g.refusals.insert(code.to_string(), value);
        }
    }
    Ok(g)
}

/// The resident memory of process `pid` in KiB (VmRSS of `/proc/PID/status`).
pub fn rss_kb(pid: u32) -> Option<u64> {
    status_kb(pid, "VmRSS:")
}

/// The most resident memory process `pid` has had, in KiB (VmHWM).
pub fn peak_kb(pid: u32) -> Option<u64> {
    status_kb(pid, "VmHWM:")
}

fn status_kb(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// Whether process `pid` runs (exists and is not a zombie).
pub fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| s.rsplit_once(") ").map(|(_, rest)| !rest.starts_with('Z')))
        .unwrap_or(false)
}

/// What the fuzzing connections share: the frames left, codes and tokens they learnt.
struct Shared {
    fuzz: Fuzz,
    /// Frames claimed so far, and the most to send.
    sent: AtomicU64,
    budget: u64,
    binary: AtomicU64,
    oversized: AtomicU64,
    connections: AtomicU64,
    closed_by_server: AtomicU64,
    deadline: Instant,
    /// Join codes heard (the fuzzers' own tables and the well-formed players').
    codes: Mutex<Vec<String>>,
    /// Seat tokens the fuzzing connections were given.
    tokens: Mutex<Vec<String>>,
}

impl Shared {
    /// Claims one frame; `false` when the budget or the time is spent.
    fn claim(&self) -> bool {
        Instant::now() < self.deadline && self.sent.fetch_add(1, Ordering::Relaxed) < self.budget
    }

    fn learn(&self, msg: &ServerMsg) {
        if let ServerMsg::Seated { code, token, .. } = msg {
            let mut tokens = lock(&self.tokens);
            if !tokens.contains(token) {
                tokens.push(token.clone());
            }
            drop(tokens);
            let mut codes = lock(&self.codes);
            if codes.len() < 4096 && !codes.contains(code) {
                codes.push(code.clone());
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Characters and words of JSON and of the protocol, inserted by the byte mutations.
const TOKENS: &[&str] = &[
    "\"",
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "null",
    "true",
    "false",
    "-",
    "0",
    "-1",
    "1e999",
    "18446744073709551616",
    "\\u0000",
    "\\ud800",
    "\\",
    "\"type\"",
    "\"hello\"",
    "\"act\"",
    "\"create\"",
    "\"join\"",
    "\"code\"",
    "\"action\"",
    "\"token\"",
    "\"version\"",
    "\"game\"",
    "\"hive\"",
    "\"snelab\"",
    "\"chess\"",
    "\"seq\"",
    "\"control\"",
    "\"kind\"",
    "\"bank\"",
    "\"days\"",
    "wS1",
    "bG1 -wS1",
    "pass",
    "d1-f3",
    "e2e4",
    "ready",
    "reveal",
    " ",
];

/// Actions of the three games (and a few that are none), for `act`.
const ACTIONS: &[&str] = &[
    "wS1",
    "wQ",
    "bG1 -wS1",
    "wB1 wS1",
    "pass",
    "d1-f3",
    "c2xd4=a1+b1",
    "e2e4",
    "e7e8r",
    "d4xe5",
    "heal e1d2",
    "kings-stride e1e2xd3",
    "mass-attack br,gn",
    "seize fury",
    "statue e4",
    "trophy",
    "forfeit",
    "ready 0000000000000000000000000000000000000000000000000000000000000000 0000000000000000000000000000000000000000000000000000000000000000",
    "reveal w:Ke1,Pd2,Pe2 ead1456179316a85b47383a447a25634c05b388f3cb1a24d3b48b1095f8e4eea",
    "",
    "~draw",
];

fn hex(rng: &mut ChaCha8Rng, digits: usize) -> String {
    (0..digits)
        .map(|_| char::from(b"0123456789abcdef"[rng.random_range(0..16)]))
        .collect()
}

/// A well-formed client message (or one well-formed but for its values), as JSON.
fn template(rng: &mut ChaCha8Rng, shared: &Shared) -> String {
    let code = {
        let codes = lock(&shared.codes);
        match codes.choose(rng) {
            Some(c) if rng.random_ratio(4, 5) => c.clone(),
            _ => super::new_code(),
        }
    };
    let token = {
        let tokens = lock(&shared.tokens);
        match tokens.choose(rng) {
            Some(t) if rng.random_ratio(1, 2) => t.clone(),
            _ => hex(rng, 64),
        }
    };
    let game = *["hive", "snelab", "chess"].choose(rng).unwrap_or(&"hive");
    let level = *["easy", "normal", "hard"].choose(rng).unwrap_or(&"easy");
    let control = match rng.random_range(0..3) {
        0 => format!(
            r#"{{"kind":"turn","seconds":{}}}"#,
            rng.random_range(1..120)
        ),
        1 => format!(
            r#"{{"kind":"bank","base":{},"increment":{}}}"#,
            rng.random_range(30..600),
            rng.random_range(0..10)
        ),
        _ => r#"{"kind":"days","days":1}"#.to_string(),
    };
    let what = *["draw", "takeback"].choose(rng).unwrap_or(&"draw");
    match rng.random_range(0..24) {
        0 => format!(r#"{{"type":"hello","version":1,"token":"{token}"}}"#),
        1 => r#"{"type":"hello","version":1}"#.to_string(),
        2 => format!(
            r#"{{"type":"prove","key":"{}","signature":"{}"}}"#,
            hex(rng, 64),
            hex(rng, 128)
        ),
        3 => format!(
            r#"{{"type":"create","game":"{game}","clock":{},"bot_fill":"{level}","name":"Fuzz"}}"#,
            rng.random_range(1..90)
        ),
        4 => format!(r#"{{"type":"create","game":"{game}","control":{control},"public":true}}"#),
        5 => r#"{"type":"create","game":"hive","game_type":"Base+MLP","rated":true}"#.to_string(),
        6 => r#"{"type":"create","game":"snelab","stakes":"street","appeal":false}"#.to_string(),
        7 => r#"{"type":"create","game":"chess","artifacts":true,"bot_fill":"easy"}"#.to_string(),
        8 => format!(r#"{{"type":"join","code":"{code}","name":"Rui"}}"#),
        9 => format!(r#"{{"type":"spectate","code":"{code}"}}"#),
        10..=12 => {
            let action = ACTIONS.choose(rng).copied().unwrap_or("pass");
            let sig = if rng.random_ratio(1, 4) {
                format!(r#","sig":"{}""#, hex(rng, 128))
            } else {
                String::new()
            };
            format!(
                r#"{{"type":"act","seq":{},"action":"{action}"{sig}}}"#,
                rng.random_range(0..12)
            )
        }
        13 => r#"{"type":"resign"}"#.to_string(),
        14 => r#"{"type":"resync"}"#.to_string(),
        15 => format!(r#"{{"type":"lobby","game":"{game}"}}"#),
        16 => r#"{"type":"unlobby"}"#.to_string(),
        17 => {
            // Ash & Walnut's game type, or none, or one that is not a game type (refused).
            let game_type = *["", r#","game_type":"Base+MLP""#, r#","game_type":"Base+X""#]
                .choose(rng)
                .unwrap_or(&"");
            format!(
                r#"{{"type":"quick","game":"{game}","control":{control},"name":"Q"{game_type}}}"#
            )
        }
        18 => format!(r#"{{"type":"quick_bot","level":"{level}"}}"#),
        19 => r#"{"type":"unqueue"}"#.to_string(),
        20 => format!(r#"{{"type":"games","tokens":["{token}"]}}"#),
        21 => match rng.random_range(0..3) {
            0 => r#"{"type":"rematch"}"#.to_string(),
            1 => format!(r#"{{"type":"offer","what":"{what}"}}"#),
            _ => format!(
                r#"{{"type":"answer","what":"{what}","accept":{}}}"#,
                rng.random_bool(0.5)
            ),
        },
        22 => match rng.random_range(0..2) {
            0 => format!(r#"{{"type":"profile","key":"{}"}}"#, hex(rng, 64)),
            _ => format!(r#"{{"type":"record","code":"{code}"}}"#),
        },
        _ => format!(r#"{{"type":"ping","nonce":{}}}"#, rng.random::<u32>()),
    }
}

/// A JSON value of a random type.
fn odd_value(rng: &mut ChaCha8Rng) -> serde_json::Value {
    use serde_json::json;
    match rng.random_range(0..12) {
        0 => json!(null),
        1 => json!(rng.random_bool(0.5)),
        2 => json!(-1),
        3 => json!(1e308),
        4 => json!(u64::MAX),
        5 => json!(""),
        6 => json!("x".repeat(rng.random_range(1..600))),
        7 => json!([]),
        8 => json!([1, "a", null, {"b": []}]),
        9 => json!({}),
        10 => json!({"type": "hello", "version": 1}),
        _ => json!(rng.random::<i64>()),
    }
}

/// One frame to send.
enum Frame {
    Text(String),
    Binary(Vec<u8>),
}

/// A frame: mostly a message mutated, else something else that is no message at all.
fn frame(rng: &mut ChaCha8Rng, shared: &Shared) -> Frame {
    let base = template(rng, shared);
    match rng.random_range(0..100) {
        // Well-formed: tables are opened, joined, watched, played at.
        0..=14 => Frame::Text(base),
        // The fuzzer's byte mutations (flips, cuts, splices, tokens, numbers, unicode).
        15..=54 => {
            let other = template(rng, shared);
            Frame::Text(crate::cli::fuzz::mutate(&base, &[other], TOKENS, rng))
        }
        // A field of another JSON type, one dropped, or an unknown one added.
        55..=69 => {
            let mut v: serde_json::Value =
                serde_json::from_str(&base).unwrap_or(serde_json::Value::Null);
            if let Some(map) = v.as_object_mut() {
                let keys: Vec<String> = map.keys().cloned().collect();
                let key = keys.choose(rng).cloned().unwrap_or_default();
                match rng.random_range(0..4) {
                    0 => {
                        map.remove(&key);
                    }
                    1 => {
                        map.insert(format!("x{}", rng.random::<u16>()), odd_value(rng));
                    }
                    _ => {
                        let value = odd_value(rng);
                        map.insert(key, value);
                    }
                }
            }
            Frame::Text(v.to_string())
        }
        // Cut short.
        70..=76 => {
            let cut = rng.random_range(0..base.len().max(1));
            Frame::Text(base.get(..cut).unwrap_or_default().to_string())
        }
        // Random bytes: text when they read as UTF-8, binary otherwise.
        77..=84 => {
            let len = rng.random_range(0..300);
            let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            match String::from_utf8(bytes) {
                Ok(t) => Frame::Text(t),
                Err(e) => Frame::Binary(e.into_bytes()),
            }
        }
        // A message as a binary frame.
        85..=88 => Frame::Binary(base.into_bytes()),
        // Over the 4096-byte limit.
        89..=92 => {
            let len = rng.random_range(4097..20_000);
            Frame::Text(format!(
                r#"{{"type":"create","game":"hive","name":"{}"}}"#,
                "A".repeat(len)
            ))
        }
        // Deep nesting, within the limit.
        93..=95 => {
            let depth = rng.random_range(10..2000);
            let open = if rng.random_bool(0.5) { "[" } else { "{\"a\":" };
            Frame::Text(format!(
                r#"{{"type":"act","action":{}1}}"#,
                open.repeat(depth)
            ))
        }
        // Unicode and control characters in the strings.
        _ => Frame::Text(format!(
            r#"{{"type":"join","code":"\u0000{}\u202e","name":"{}"}}"#,
            hex(rng, 6),
            "é\u{7f}\u{2028}😀".repeat(rng.random_range(1..40))
        )),
    }
}

/// Reads whatever has come (waiting for nothing more than `wait` between two messages),
/// learning codes and tokens and whether the connection waits in the pairing queue; `false`
/// once the connection has closed.
async fn drain(c: &mut Client, shared: &Shared, wait: Duration, queued: &mut bool) -> bool {
    loop {
        match c.recv_within(wait).await {
            Ok(msg) => {
                shared.learn(&msg);
                match msg {
                    ServerMsg::Queued { .. } => *queued = true,
                    ServerMsg::Unqueued | ServerMsg::Seated { .. } => *queued = false,
                    _ => {}
                }
            }
            Err(e) if e == client::NOTHING_IN_TIME => return true,
            // A message this client cannot read is still a message: the connection is open.
            Err(e) if e.starts_with("unreadable") => {}
            Err(_) => return false,
        }
    }
}

/// Reads until the answer to the frame just sent (a seat, a refusal, or another answer of its
/// own, not a message of a table or the lobby that happened to come first), 2 s at most;
/// `false` once the connection has closed.
async fn answered(c: &mut Client, shared: &Shared, queued: &mut bool) -> bool {
    let until = Instant::now() + Duration::from_secs(2);
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match c.recv_within(left).await {
            Ok(msg) => {
                shared.learn(&msg);
                let answer = match msg {
                    ServerMsg::Queued { .. } => {
                        *queued = true;
                        true
                    }
                    ServerMsg::Unqueued | ServerMsg::Seated { .. } => {
                        *queued = false;
                        true
                    }
                    ServerMsg::Error { .. }
                    | ServerMsg::Watching { .. }
                    | ServerMsg::Pong { .. }
                    | ServerMsg::Proved { .. }
                    | ServerMsg::Games { .. }
                    | ServerMsg::Rematch { .. }
                    | ServerMsg::Record { .. }
                    | ServerMsg::Profile(_)
                    | ServerMsg::Lobby { .. } => true,
                    _ => false,
                };
                if answer {
                    return true;
                }
            }
            Err(e) if e == client::NOTHING_IN_TIME => return true,
            Err(e) if e.starts_with("unreadable") => {}
            Err(_) => return false,
        }
    }
}

/// Leaves as a client does: out of the pairing queue (hearing a seat it was given
/// meanwhile), then closed.
async fn leave(mut c: Client, shared: &Shared, queued: &mut bool) {
    if *queued {
        let _ = c.send_text(r#"{"type":"unqueue"}"#.into()).await;
    }
    drain(&mut c, shared, Duration::from_millis(300), queued).await;
    c.close().await;
}

/// One fuzzing connection slot: connects, sends frames at its pace, reads what comes, and
/// connects again when the server closes it (or after a few hundred frames), until the
/// frames are spent.
async fn fuzzer(shared: Arc<Shared>, index: usize) {
    let fuzz = &shared.fuzz;
    let mut rng = ChaCha8Rng::seed_from_u64(fuzz.seed ^ (index as u64).wrapping_mul(0x9E37_79B9));
    let flood = index % 8 == 7;
    let pace = Duration::from_secs_f64(1.0 / fuzz.rate.max(0.1));
    'connections: loop {
        let Ok(mut c) = Client::connect(&fuzz.addr).await else {
            if Instant::now() >= shared.deadline {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        shared.connections.fetch_add(1, Ordering::Relaxed);
        // Most connections say hello first (and read the welcome), so that the frames reach
        // past it.
        if rng.random_ratio(9, 10) {
            let _ = c
                .send(&ClientMsg::Hello {
                    version: 1,
                    token: None,
                })
                .await;
            let _ = c.recv_within(Duration::from_secs(2)).await;
        }
        let frames = rng.random_range(20..400);
        let mut queued = false;
        for _ in 0..frames {
            if !shared.claim() {
                leave(c, &shared, &mut queued).await;
                return;
            }
            // A frame that may give this connection a seat is answered before the next is
            // sent: the fuzzer learns every seat it is given (to close its table afterwards),
            // even when its next frame makes the server close the connection.
            let (sent, seats) = match frame(&mut rng, &shared) {
                Frame::Text(t) => {
                    if t.len() > 4096 {
                        shared.oversized.fetch_add(1, Ordering::Relaxed);
                    }
                    let seats = ["create", "join", "quick", "rematch", "hello"]
                        .iter()
                        .any(|w| t.contains(w));
                    (c.send_text(t).await, seats)
                }
                Frame::Binary(b) => {
                    shared.binary.fetch_add(1, Ordering::Relaxed);
                    if b.len() > 4096 {
                        shared.oversized.fetch_add(1, Ordering::Relaxed);
                    }
                    (c.send_binary(b).await, false)
                }
            };
            // A frame that may seat the connection is answered before the next is sent (up
            // to 2 s: a busy server answers late). In the pairing queue a seat may come at any
            // moment (a pairing, the bot): every frame's answers are waited for a moment then.
            let mut open = sent.is_ok();
            if open && seats {
                // The answer, then whatever follows it closely (a refusal of an earlier frame
                // may come first: the seat is then a moment behind).
                open = answered(&mut c, &shared, &mut queued).await
                    && drain(&mut c, &shared, Duration::from_millis(200), &mut queued).await;
            }
            let wait = if queued {
                Duration::from_millis(150)
            } else {
                Duration::ZERO
            };
            open = open && drain(&mut c, &shared, wait, &mut queued).await;
            // One frame in eight the queue is left; meanwhile the connection waits there
            // (to be paired, or offered the bot) while its frames go on.
            if open && queued && rng.random_ratio(1, 8) {
                open = c.send_text(r#"{"type":"unqueue"}"#.into()).await.is_ok()
                    && drain(&mut c, &shared, Duration::from_millis(150), &mut queued).await;
            }
            if !open {
                // Closed by the server (a limit): read what it said last, then a new one.
                drain(&mut c, &shared, Duration::from_millis(200), &mut queued).await;
                shared.closed_by_server.fetch_add(1, Ordering::Relaxed);
                continue 'connections;
            }
            if flood {
                if rng.random_ratio(1, 60) {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            } else {
                tokio::time::sleep(pace.mul_f64(rng.random_range(0.5..1.5))).await;
            }
        }
        leave(c, &shared, &mut queued).await;
    }
}

/// A pair of well-formed clients playing whole games against each other (the three games in
/// turn, a few actions a second), each game's record checked; until `stop`, then the game
/// under way is finished.
async fn pair(
    addr: String,
    index: usize,
    seed: u64,
    stop: Arc<AtomicBool>,
    codes: Arc<Shared>,
) -> Tally {
    let load = Load {
        addr: addr.clone(),
        join_addr: String::new(),
        game_moves: 40,
        ..Load::default()
    };
    let mut tally = Tally::default();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed ^ 0xA11CE ^ index as u64);
    let games = [GameKind::Hive, GameKind::Snelab, GameKind::Chess];
    let mut n = index;
    while !stop.load(Ordering::Relaxed) {
        let game = games[n % games.len()];
        n += 1;
        let (mut a, mut b) =
            match client::table_of(&addr, &addr, game, TableOptions::default(), None).await {
                Ok(p) => p,
                Err(e) => {
                    tally.errors.push(format!("a well-formed table: {e}"));
                    return tally;
                }
            };
        {
            let mut known = lock(&codes.codes);
            if known.len() < 4096 {
                known.push(a.code.clone());
            }
        }
        let until = Instant::now() + Duration::from_secs(300);
        while a.ended.is_none() && Instant::now() < until {
            if let Err(e) = loadtest::step(&load, &mut a, &mut b, &mut rng, &mut tally).await {
                tally.errors.push(format!("{}: {e}", a.code));
                break;
            }
            tokio::time::sleep(Duration::from_millis(rng.random_range(20..120))).await;
        }
        if a.ended.is_some() {
            tally.games += 1;
            match loadtest::check(&a, &b) {
                Ok(()) => tally.checked += 1,
                Err(e) => {
                    tally.mismatched += 1;
                    tally.errors.push(e);
                }
            }
        } else {
            tally
                .errors
                .push(format!("{}: the game did not end", a.code));
        }
        a.c.close().await;
        b.c.close().await;
    }
    tally
}

/// A well-formed client playing Ash & Walnut against an easy bot until `stop`, resigning
/// after 20 actions; each record checked against what it heard. Its turns are 10 s: when the
/// bot waits long for its search (many tables' bots to move at once), the clock moves for it.
async fn against_bot(addr: String, seed: u64, stop: Arc<AtomicBool>) -> Tally {
    let mut tally = Tally::default();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed ^ 0xB07);
    while !stop.load(Ordering::Relaxed) {
        let mut token = None;
        let result: Result<Player, String> = async {
            let mut p = client::create(&addr, Some(BotLevel::Easy), Some(10)).await?;
            token = Some(p.token.clone());
            // The bot sits after the server's `--bot-after`.
            let until = Instant::now() + Duration::from_secs(90);
            while p.colour.is_none() {
                if Instant::now() >= until {
                    return Err(format!("{}: the bot did not sit", p.code));
                }
                match p.pump().await {
                    Ok(_) => {}
                    Err(e) if e == client::NOTHING_IN_TIME => {}
                    Err(e) => return Err(e),
                }
            }
            let until = Instant::now() + Duration::from_secs(300);
            while p.ended.is_none() {
                if Instant::now() >= until {
                    return Err(format!("{}: the game did not end", p.code));
                }
                if p.my_turn() {
                    if p.seq() >= 20 {
                        p.c.send(&ClientMsg::Resign).await?;
                        while p.ended.is_none() {
                            p.pump().await?;
                        }
                        break;
                    }
                    let want = p.seq() + 1;
                    p.play_random(&mut rng).await?;
                    p.pump_to(want).await?;
                    tokio::time::sleep(Duration::from_millis(rng.random_range(20..120))).await;
                } else {
                    // Bots search one a core at once: the bot may wait its turn (its clock
                    // plays for it at worst).
                    match p.pump().await {
                        Ok(_) => {}
                        Err(e) if e == client::NOTHING_IN_TIME => {}
                        Err(e) => return Err(e),
                    }
                }
            }
            Ok(p)
        }
        .await;
        match result {
            Ok(p) => {
                tally.games += 1;
                match loadtest::check_one(&p) {
                    Ok(()) => tally.checked += 1,
                    Err(e) => {
                        tally.mismatched += 1;
                        tally.errors.push(e);
                    }
                }
                p.c.close().await;
            }
            Err(e) => {
                tally.errors.push(format!("against the bot: {e}"));
                // Its table is closed all the same.
                if let Some(token) = token {
                    close_one(&addr, &token).await;
                }
                return tally;
            }
        }
    }
    tally
}

/// Closes the tables the fuzzing connections were given seats at: each token takes its seat
/// back and resigns a game under way. Tokens of tables still waiting are tried again (a bot
/// may sit) until `until`. How many were resigned.
async fn close_tables(addr: &str, tokens: Vec<String>, until: Instant) -> usize {
    let mut left = tokens;
    let mut resigned = 0;
    while !left.is_empty() && Instant::now() < until {
        let (done, later) = close_pass(addr, left).await;
        resigned += done;
        left = later;
        if !left.is_empty() {
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
    resigned
}

/// One pass over `tokens` (32 at once): how many games were resigned, and the tokens to try
/// again.
async fn close_pass(addr: &str, tokens: Vec<String>) -> (usize, Vec<String>) {
    use futures_util::StreamExt;
    let outcomes: Vec<(String, Closing)> = futures_util::stream::iter(tokens)
        .map(|token| async move {
            let closing = close_one(addr, &token).await;
            (token, closing)
        })
        .buffer_unordered(32)
        .collect()
        .await;
    let mut resigned = 0;
    let mut later = Vec::new();
    for (token, closing) in outcomes {
        match closing {
            Closing::Resigned => resigned += 1,
            Closing::Gone => {}
            Closing::Later => later.push(token),
        }
    }
    (resigned, later)
}

/// While the frames fly, closes the fuzzers' tables every few seconds, so that the tables
/// open stay about as many as in the warm-up instead of growing with the frames (a table
/// against the bot whose person has gone plays on by the clock). Returns, once `stop`, the
/// count resigned and the tokens it has not closed.
async fn janitor(shared: Arc<Shared>, stop: Arc<AtomicBool>) -> (usize, Vec<String>) {
    let mut cursor = 0;
    let mut later: Vec<String> = Vec::new();
    let mut resigned = 0;
    while !stop.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_secs(3)).await;
        let fresh: Vec<String> = {
            let tokens = lock(&shared.tokens);
            let fresh = tokens[cursor..].to_vec();
            cursor = tokens.len();
            fresh
        };
        let batch: Vec<String> = later.drain(..).chain(fresh).collect();
        let (done, left) = close_pass(&shared.fuzz.addr, batch).await;
        resigned += done;
        later = left;
    }
    later.extend(lock(&shared.tokens)[cursor..].iter().cloned());
    (resigned, later)
}

/// What became of one table the fuzzers held a seat at.
enum Closing {
    Resigned,
    /// Ended, or closed (the seat's token is known no more).
    Gone,
    /// Still waiting for its second player, or the server did not answer: try again.
    Later,
}

async fn close_one(addr: &str, token: &str) -> Closing {
    use crate::net::protocol::Phase;
    let Ok(mut c) = client::hello(addr, Some(token.to_string())).await else {
        return Closing::Later;
    };
    let state = c
        .recv_until(|m| match m {
            ServerMsg::State(v) => Some(Ok(v.phase)),
            ServerMsg::Error { code, .. } => Some(Err(*code)),
            _ => None,
        })
        .await;
    let closing = match state {
        Ok(Ok(Phase::Playing)) => {
            let _ = c.send(&ClientMsg::Resign).await;
            let ended = c
                .recv_until(|m| match m {
                    ServerMsg::Ended { .. } => Some(true),
                    ServerMsg::Error { .. } => Some(false),
                    _ => None,
                })
                .await;
            if ended == Ok(true) {
                Closing::Resigned
            } else {
                Closing::Later
            }
        }
        Ok(Ok(Phase::Waiting)) | Err(_) => Closing::Later,
        Ok(Ok(Phase::Ended)) | Ok(Err(_)) => Closing::Gone,
    };
    c.close().await;
    closing
}

/// Waits (up to `until`) for the tables and connections to come back to `base`; the last
/// reading.
async fn settle(addr: &str, base: &Gauges, until: Instant) -> Result<Gauges, String> {
    loop {
        let g = gauges(addr).await?;
        if (g.tables <= base.tables && g.connections <= base.connections) || Instant::now() >= until
        {
            return Ok(g);
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Sends `budget` frames from the fuzzing connections (and, when `players`, plays the
/// well-formed games meanwhile); then closes the fuzzers' tables.
async fn phase(
    fuzz: &Fuzz,
    budget: u64,
    players: bool,
    deadline: Instant,
    report: &mut FuzzReport,
) -> Arc<Shared> {
    let shared = Arc::new(Shared {
        fuzz: fuzz.clone(),
        sent: AtomicU64::new(0),
        budget,
        binary: AtomicU64::new(0),
        oversized: AtomicU64::new(0),
        connections: AtomicU64::new(0),
        closed_by_server: AtomicU64::new(0),
        deadline,
        codes: Mutex::new(Vec::new()),
        tokens: Mutex::new(Vec::new()),
    });
    let stop = Arc::new(AtomicBool::new(false));
    let mut playing = Vec::new();
    if players {
        for i in 0..fuzz.pairs {
            playing.push(tokio::spawn(pair(
                fuzz.addr.clone(),
                i,
                fuzz.seed,
                stop.clone(),
                shared.clone(),
            )));
        }
        playing.push(tokio::spawn(against_bot(
            fuzz.addr.clone(),
            fuzz.seed,
            stop.clone(),
        )));
    }
    let fuzzers: Vec<_> = (0..fuzz.connections.max(1))
        .map(|i| tokio::spawn(fuzzer(shared.clone(), i)))
        .collect();
    let cleaning = Arc::new(AtomicBool::new(false));
    let janitor = tokio::spawn(janitor(shared.clone(), cleaning.clone()));
    for f in fuzzers {
        if let Err(e) = f.await {
            report
                .failures
                .push(format!("a fuzzing connection failed: {e}"));
        }
    }
    cleaning.store(true, Ordering::Relaxed);
    stop.store(true, Ordering::Relaxed);
    for p in playing {
        match tokio::time::timeout(Duration::from_secs(400), p).await {
            Ok(Ok(t)) => {
                report.games += t.games;
                report.checked += t.checked;
                report.failures.extend(t.errors);
                if t.games == 0 {
                    report
                        .failures
                        .push("a well-formed client finished no game".into());
                }
            }
            _ => report
                .failures
                .push("a well-formed client did not finish its game".into()),
        }
    }
    report.tokens += lock(&shared.tokens).len();
    let left = match janitor.await {
        Ok((resigned, left)) => {
            report.resigned += resigned;
            left
        }
        Err(e) => {
            report.failures.push(format!("the janitor failed: {e}"));
            lock(&shared.tokens).clone()
        }
    };
    let until = Instant::now() + Duration::from_secs_f64(fuzz.settle);
    report.resigned += close_tables(&fuzz.addr, left, until).await;
    shared
}

/// Runs the fuzz and its checks.
pub async fn run(fuzz: Fuzz) -> FuzzReport {
    let mut report = FuzzReport::default();
    let limit = Instant::now() + Duration::from_secs_f64(fuzz.max_seconds);
    report.before = match gauges(&fuzz.addr).await {
        Ok(g) => g,
        Err(e) => {
            report
                .failures
                .push(format!("no metrics before the run: {e}"));
            return report;
        }
    };
    // The warm-up: the same frames and games, fewer frames; then the baseline of memory once
    // its tables and connections are gone again (the allocator has grown to the run's
    // working set by then).
    if fuzz.warmup > 0 {
        let mut warm = FuzzReport::default();
        phase(&fuzz, fuzz.warmup, true, limit, &mut warm).await;
        report.failures.extend(warm.failures);
        let until = Instant::now() + Duration::from_secs_f64(fuzz.settle);
        if let Err(e) = settle(&fuzz.addr, &report.before, until).await {
            report.failures.push(format!("after the warm-up: {e}"));
        }
    }
    report.rss_warm_kb = fuzz.pid.and_then(rss_kb);
    let began = Instant::now();
    let shared = phase(&fuzz, fuzz.frames, true, limit, &mut report).await;
    report.seconds = began.elapsed().as_secs_f64();
    report.frames = shared.sent.load(Ordering::Relaxed).min(fuzz.frames);
    report.binary = shared.binary.load(Ordering::Relaxed);
    report.oversized = shared.oversized.load(Ordering::Relaxed);
    report.connections = shared.connections.load(Ordering::Relaxed);
    report.closed_by_server = shared.closed_by_server.load(Ordering::Relaxed);
    if report.frames < fuzz.frames {
        report.failures.push(format!(
            "only {} of {} frames were sent within {} s",
            report.frames, fuzz.frames, fuzz.max_seconds
        ));
    }
    // The checks.
    if let Some(pid) = fuzz.pid
        && !alive(pid)
    {
        report
            .failures
            .push(format!("the server (process {pid}) is not running"));
        return report;
    }
    match client::http_get(&fuzz.addr, "/health").await {
        Ok((200, body)) if body.trim() == "ok" => {}
        other => report.failures.push(format!("GET /health: {other:?}")),
    }
    let until = Instant::now() + Duration::from_secs_f64(fuzz.settle);
    match settle(&fuzz.addr, &report.before, until).await {
        Ok(g) => {
            if g.tables > report.before.tables || g.connections > report.before.connections {
                report.failures.push(format!(
                    "after {} s the server still holds {} tables and {} connections ({} and {} before)",
                    fuzz.settle, g.tables, g.connections, report.before.tables, report.before.connections
                ));
            }
            report.after = g;
        }
        Err(e) => report
            .failures
            .push(format!("no metrics after the run: {e}")),
    }
    report.rss_after_kb = fuzz.pid.and_then(rss_kb);
    report.rss_peak_kb = fuzz.pid.and_then(peak_kb);
    if let (Some(warm), Some(after)) = (report.rss_warm_kb, report.rss_after_kb)
        && after > warm + fuzz.max_growth_kb
    {
        report.failures.push(format!(
            "the server's memory grew from {warm} KiB to {after} KiB (more than {} KiB)",
            fuzz.max_growth_kb
        ));
    }
    // Every well-formed client message is answered still.
    match client::hello(&fuzz.addr, None).await {
        Ok(mut c) => {
            let _ = c.send(&ClientMsg::Ping { nonce: 44 }).await;
            let pong = c
                .recv_until(|m| match m {
                    ServerMsg::Pong { nonce } => Some(*nonce),
                    _ => None,
                })
                .await;
            if pong != Ok(44) {
                report
                    .failures
                    .push(format!("no pong after the run: {pong:?}"));
            }
            c.close().await;
        }
        Err(e) => report.failures.push(format!("no hello after the run: {e}")),
    }
    report
}
