//! `tables loadtest`: many games at once through real WebSocket connections, each table two
//! clients playing random legal moves at a steady pace, and the figures: concurrent tables,
//! actions per second, and the round trip of an action (sent → its `event` back) as median and
//! p99. Every finished game's record is checked against what its clients saw and verified.
//! A dropped connection (a server killed and restarted) is taken back with the seat tokens,
//! and the table's course is checked to hold every action heard before.
//!
//! ```text
//! tables loadtest [--addr HOST:PORT] [--join-addr HOST:PORT] [--tables N] [--interval SECONDS] [--duration SECONDS]
//!                 [--game-moves N] [--seed S] [--game hive|snelab|chess|mixed]
//!                 [--lobby N [--requeue SECONDS]] [--drops P]
//! ```
//! `--drops P`: before each action, with the chance P, one of the table's two clients loses its
//! connection (the TCP stream shut, no close frame) and comes back with its token, checking
//! that every action it had heard is still there.
//! `--game mixed` gives the tables each game served in turn (a Snēlab table's stakes and appeal
//! rule drawn at random, an Artifact Chess table's artifacts on four times in five). An
//! Artifact Chess table's two clients build random armies, commit, reveal and then play random
//! legal actions, cards and response windows included.
//! Without `--addr` it starts a server in this process (a temporary database). With
//! `--join-addr` each table's second player connects there (another process of a cluster).
//!
//! `--lobby N` adds N clients in the lobby while the tables play. Two in three follow it (every
//! game, or one game, in turn) and only read: each counts the `lobby_update`s it gets during
//! the run and their bytes. One in three plays quick games in a loop: `quick` for a random game
//! under one of three controls, then, seated, resigns at once or plays a few random actions and
//! resigns; goes back to the lobby on a new connection for `--requeue` seconds and asks again.
//! A `bot_offer` is taken one time in five, otherwise the client leaves the queue and asks
//! again. Their figures: pairings, the time from `quick` to `seated`, bot offers. Connections
//! open through a ramp (at most 64 at once), each retried up to five times.

use super::client::{self, Client, Player};
use crate::net::protocol::{
    BotLevel, ClientMsg, ErrorCode, GameKind, SeatId, ServerMsg, Stakes, TableOptions, TimeControl,
};
use crate::play::verify::{game_of, verify_text};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::{Semaphore, mpsc, watch};
use tokio::time::Instant;

/// What one run is asked to do.
#[derive(Clone, Debug)]
pub struct Load {
    pub addr: String,
    /// Where the second player of each table connects (another process of a cluster); `addr`
    /// when empty.
    pub join_addr: String,
    pub tables: usize,
    /// Seconds between two actions at one table.
    pub interval: f64,
    /// Seconds of steady play after every table is seated.
    pub duration: f64,
    /// Moves after which the side to act resigns (so games end and new tables open).
    pub game_moves: u64,
    pub seed: u64,
    /// The games the tables play, in turn (one game: every table plays it).
    pub games: Vec<GameKind>,
    /// Clients in the lobby besides the tables' (`--lobby`): two in three follow it and read,
    /// one in three plays quick games in a loop.
    pub lobby: usize,
    /// Seconds a quick-game client browses the lobby between two games (`--requeue`).
    pub requeue: f64,
    /// The chance, before each action at a table, that one of its clients' connections drops
    /// and comes back (`--drops`, 0 to 1).
    pub drops: f64,
}

impl Default for Load {
    fn default() -> Load {
        Load {
            addr: String::new(),
            join_addr: String::new(),
            tables: 100,
            interval: 2.0,
            duration: 30.0,
            game_moves: 60,
            seed: 1,
            games: vec![GameKind::Hive],
            lobby: 0,
            requeue: 5.0,
            drops: 0.0,
        }
    }
}

impl Load {
    fn join_addr(&self) -> &str {
        if self.join_addr.is_empty() {
            &self.addr
        } else {
            &self.join_addr
        }
    }
}

/// What one table (or the whole run) saw.
#[derive(Default, Debug)]
pub struct Tally {
    /// Round trips, in microseconds.
    pub rtts: Vec<u32>,
    pub games: u64,
    /// Finished records that matched their clients and verified.
    pub checked: u64,
    /// Records that did not (an action lost, a failed check).
    pub mismatched: u64,
    /// Why each mismatched record failed (also counted in `mismatched`, and kept apart from
    /// `errors` so that a run's report names every one of them).
    pub mismatches: Vec<String>,
    pub reconnects: u64,
    /// Connections dropped on purpose (`--drops`).
    pub drops: u64,
    /// Actions heard before a drop and missing after it.
    pub lost: u64,
    /// How long each table was without its seats (in milliseconds) when its connections
    /// were lost (a server stopping or dying, not `--drops`): from the table noticing it (at
    /// its next action, at most an interval later) to both seats taken back.
    pub away: Vec<u32>,
    /// Seats that came back after their game had ended: told so by the server, with the
    /// record.
    pub ended_away: u64,
    pub errors: Vec<String>,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.rtts.extend(other.rtts);
        self.games += other.games;
        self.checked += other.checked;
        self.mismatched += other.mismatched;
        self.mismatches.extend(other.mismatches);
        self.reconnects += other.reconnects;
        self.drops += other.drops;
        self.lost += other.lost;
        self.away.extend(other.away);
        self.ended_away += other.ended_away;
        self.errors.extend(other.errors);
    }
}

/// What the lobby's clients saw (`--lobby`).
#[derive(Default, Debug)]
pub struct LobbyTally {
    /// Followers that got their snapshot, and those still connected at the end.
    pub followers: usize,
    pub followers_at_end: usize,
    /// Per follower: `lobby_update`s received during the steady run, and their bytes.
    pub updates: Vec<u64>,
    pub update_bytes: Vec<u64>,
    /// The snapshots' bytes (`lobby`, at connect), all followers together.
    pub snapshot_bytes: u64,
    /// Quick-game clients connected.
    pub quick_clients: usize,
    /// `quick` sent (a requeue after `unqueue` included).
    pub queued: u64,
    /// Tables two people were paired at (counted by the second seat).
    pub pairings: u64,
    /// Milliseconds from `quick` to `seated` at a person-paired table, per seating (both
    /// seats: the second's is the pairing alone), and of the first seats (who waited) alone.
    pub waits: Vec<u32>,
    pub waits_first: Vec<u32>,
    pub bot_offers: u64,
    /// Offers taken (a game against the bot) and turned down (`unqueue`, then `quick` again).
    pub bot_games: u64,
    pub unqueues: u64,
    /// Quick games played to their end (each seat counts its own), and their actions sent.
    pub quick_games: u64,
    pub quick_actions: u64,
    /// Refusals heard during a quick game (none expected).
    pub refusals: u64,
    /// Quick games that had ended before one seat came to the table (the other seat resigned
    /// at once): that seat learns it from the `game_over` refusal of its first action.
    pub ended_before: u64,
    /// Failed connection attempts (each retried, up to five times).
    pub connect_errors: u64,
    pub errors: Vec<String>,
}

impl LobbyTally {
    fn merge(&mut self, o: LobbyTally) {
        self.followers += o.followers;
        self.followers_at_end += o.followers_at_end;
        self.updates.extend(o.updates);
        self.update_bytes.extend(o.update_bytes);
        self.snapshot_bytes += o.snapshot_bytes;
        self.quick_clients += o.quick_clients;
        self.queued += o.queued;
        self.pairings += o.pairings;
        self.waits.extend(o.waits);
        self.waits_first.extend(o.waits_first);
        self.bot_offers += o.bot_offers;
        self.bot_games += o.bot_games;
        self.unqueues += o.unqueues;
        self.quick_games += o.quick_games;
        self.quick_actions += o.quick_actions;
        self.refusals += o.refusals;
        self.ended_before += o.ended_before;
        self.connect_errors += o.connect_errors;
        self.errors.extend(o.errors);
    }
}

/// The `p` quantile of sorted values (0 when there are none).
fn quantile<T: Copy + Into<f64>>(sorted: &[T], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].into()
}

/// The run's figures.
#[derive(Debug)]
pub struct Report {
    pub tally: Tally,
    pub lobby: LobbyTally,
    pub seated: usize,
    pub max_live: usize,
    pub setup_seconds: f64,
    pub seconds: f64,
}

impl Report {
    pub fn percentile(&self, p: f64) -> f64 {
        let r = &self.tally.rtts;
        if r.is_empty() {
            return 0.0;
        }
        let i = ((r.len() - 1) as f64 * p).round() as usize;
        f64::from(r[i]) / 1000.0
    }

    pub fn median_ms(&self) -> f64 {
        self.percentile(0.5)
    }

    pub fn p99_ms(&self) -> f64 {
        self.percentile(0.99)
    }

    pub fn actions_per_second(&self) -> f64 {
        self.tally.rtts.len() as f64 / self.seconds.max(1e-9)
    }

    /// Lobby updates per follower per second: the mean and the largest over followers.
    pub fn updates_per_second(&self) -> (f64, f64) {
        self.per_follower(&self.lobby.updates)
    }

    /// Bytes of lobby updates per follower per second: the mean and the largest.
    pub fn update_bytes_per_second(&self) -> (f64, f64) {
        self.per_follower(&self.lobby.update_bytes)
    }

    fn per_follower(&self, counts: &[u64]) -> (f64, f64) {
        if counts.is_empty() {
            return (0.0, 0.0);
        }
        let s = self.seconds.max(1e-9);
        let sum: u64 = counts.iter().sum();
        let max = counts.iter().copied().max().unwrap_or(0);
        (sum as f64 / counts.len() as f64 / s, max as f64 / s)
    }

    /// Milliseconds from `quick` to `seated` at a person-paired table, at quantile `p`.
    /// The `p` quantile of the times tables were without their seats ([`Tally::away`]), in
    /// milliseconds.
    pub fn away_ms(&self, p: f64) -> f64 {
        quantile(&self.tally.away, p)
    }

    pub fn wait_ms(&self, p: f64) -> f64 {
        quantile(&self.lobby.waits, p)
    }

    /// [`Report::wait_ms`] of the first seats alone (who waited in the queue).
    pub fn first_wait_ms(&self, p: f64) -> f64 {
        quantile(&self.lobby.waits_first, p)
    }
}

/// Checks a finished game: the record holds exactly what the clients heard and verifies.
pub(crate) fn check(a: &Player, b: &Player) -> Result<(), String> {
    let record = same_record(a.ended.as_deref(), b.ended.as_deref())
        .map_err(|e| format!("{}: {e}", a.code))?;
    heard_and_verified(
        &a.code,
        record,
        &[(a, "the first seat"), (b, "the second seat")],
    )
}

/// Checks table `code`'s `record` against what each of its `seats` heard (the record's whole
/// course, or its beginning for a seat away at the end: [`owed`]), then verifies it, signed.
fn heard_and_verified(code: &str, record: &str, seats: &[(&Player, &str)]) -> Result<(), String> {
    let moves = recorded_moves(record).map_err(|e| format!("{code}: {e}"))?;
    for (p, who) in seats {
        let heard_p = heard(record, &p.seen);
        let told = owed(&moves, p.away_at_end, heard_p.len());
        if told != &heard_p[..] {
            return Err(format!(
                "{code}: {}",
                parting("the record", told, who, &heard_p)
            ));
        }
    }
    let checks = verify_text(record).map_err(|e| format!("{code}: {e}"))?;
    if !checks.iter().any(|c| c.name == "signatures") {
        return Err(format!("{code}: the record is not signed"));
    }
    if let Some(c) = checks.into_iter().find(|c| !c.passed) {
        return Err(format!("{code}: the {} check failed", c.name));
    }
    Ok(())
}

/// The record both seats got, or what is wrong: the second seat got none, or another one (the
/// first line where they part, quoted).
fn same_record<'a>(first: Option<&'a str>, second: Option<&str>) -> Result<&'a str, String> {
    let record = first.ok_or("no record")?;
    let other = second.ok_or("the second seat got no record")?;
    if other == record {
        return Ok(record);
    }
    let (mut ours, mut theirs) = (record.lines(), other.lines());
    let mut line = 1;
    loop {
        match (ours.next(), theirs.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            (x, y) => {
                return Err(format!(
                    "the two seats got different records, from line {line} on: `{}` against `{}`",
                    x.unwrap_or("(the end)"),
                    y.unwrap_or("(the end)")
                ));
            }
        }
    }
}

/// Checks a finished game against the bot: the record holds exactly what the person heard
/// and verifies (signed).
pub(crate) fn check_one(p: &Player) -> Result<(), String> {
    let record = p.ended.as_deref().ok_or("no record")?;
    heard_and_verified(&p.code, record, &[(p, "the player")])
}

/// What a seat should have heard of the record's `moves`: all of them, or, when the game
/// ended while it was `away`, their first `heard` (up to its drop).
fn owed(moves: &[String], away: bool, heard: usize) -> &[String] {
    if away && heard <= moves.len() {
        &moves[..heard]
    } else {
        moves
    }
}

/// Where two lists of actions part, in words: "the record differs from what was heard: …
/// action 12 is `x` in the record, `y` for the first seat (30 and 31 actions)".
fn parting(a_name: &str, a: &[String], b_name: &str, b: &[String]) -> String {
    let at = a
        .iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let name = |l: &[String]| {
        l.get(at)
            .map_or("nothing".to_string(), |x| format!("`{x}`"))
    };
    format!(
        "the record differs from what was heard: action {} is {} in {a_name}, {} in {b_name} \
         ({} and {} actions)",
        at + 1,
        name(a),
        name(b),
        a.len(),
        b.len()
    )
}

/// The game's actions as a seat heard them, in the form its record names them: Artifact
/// Chess's without `ready`, `reveal` (which each seat hears in its own way) and a Trophy's
/// draw (only its actor hears it).
fn heard(record: &str, seen: &[String]) -> Vec<String> {
    if game_of(record) != GameKind::Chess {
        return seen.to_vec();
    }
    seen.iter()
        .filter(|a| !a.starts_with("ready ") && !a.starts_with("reveal ") && *a != "forfeit")
        .map(|a| {
            let words: Vec<&str> = a.split(' ').collect();
            let mut kept = Vec::new();
            let mut i = 0;
            while i < words.len() {
                if words[i] == "drew" {
                    i += 2;
                    continue;
                }
                kept.push(words[i]);
                i += 1;
            }
            kept.join(" ")
        })
        .collect()
}

/// The actions a record names, in order, whatever its game.
fn recorded_moves(record: &str) -> Result<Vec<String>, String> {
    Ok(match game_of(record) {
        GameKind::Snelab => {
            crate::play::snelab::record::CaseRecord::parse(crate::play::signed::body(record))
                .map_err(|e| e.to_string())?
                .entries
                .into_iter()
                .filter_map(|e| match e {
                    crate::play::snelab::record::CaseEntry::Move { text, .. } => Some(text),
                    // Resignations, offers, takebacks and an agreed draw name no action here.
                    _ => None,
                })
                .collect()
        }
        GameKind::Chess => {
            use crate::play::chess_record::{ChessRecord, RecordedEntry};
            ChessRecord::parse(crate::play::signed::body(record))
                .map_err(|e| e.to_string())?
                .entries
                .into_iter()
                .filter_map(|e| match e {
                    RecordedEntry::Action(a) => {
                        let mut s = a.text;
                        if let Some(d) = a.dice {
                            s.push_str(&format!(" dice {d}"));
                        }
                        if let Some(sq) = a.rises {
                            s.push_str(&format!(" rises {sq}"));
                        }
                        Some(s)
                    }
                    _ => None,
                })
                .collect()
        }
        _ => crate::rules::hive::GameRecord::parse(crate::play::signed::body(record))
            .map_err(|e| e.to_string())?
            .moves()
            .map(|m| m.text.clone())
            .collect(),
    })
}

/// The game and options of a slot's `n`-th table.
fn table_game(load: &Load, index: usize, n: usize, rng: &mut SmallRng) -> (GameKind, TableOptions) {
    use rand::Rng;
    let games = if load.games.is_empty() {
        &[GameKind::Hive][..]
    } else {
        &load.games[..]
    };
    let game = games[(index + n) % games.len()];
    let options = match game {
        GameKind::Snelab => TableOptions {
            stakes: Some(if rng.random_bool(0.5) {
                Stakes::Casino
            } else {
                Stakes::Street
            }),
            appeal: Some(rng.random_bool(0.7)),
            ..TableOptions::default()
        },
        GameKind::Chess => TableOptions {
            artifacts: Some(rng.random_bool(0.8)),
            ..TableOptions::default()
        },
        _ => TableOptions::default(),
    };
    (game, options)
}

/// Takes both seats back after a drop (waiting up to a minute for the server), checking that
/// every action heard before is still there; why not, naming the seat.
async fn recover(
    load: &Load,
    a: &mut Player,
    b: &mut Player,
    tally: &mut Tally,
) -> Result<(), String> {
    let noticed = Instant::now();
    let give_up = noticed + Duration::from_secs(60);
    for (p, addr, seat) in [
        (a, &load.addr[..], "first"),
        (b, load.join_addr(), "second"),
    ] {
        rejoin(p, addr, give_up, tally)
            .await
            .map_err(|why| format!("the {seat} seat: {why}"))?;
    }
    tally
        .away
        .push(noticed.elapsed().as_millis().min(u128::from(u32::MAX)) as u32);
    Ok(())
}

/// Takes one seat back at `addr` with its token (trying until `give_up`), checking that every
/// action it had heard is still there; why not: its token refused, or no way back in time.
async fn rejoin(
    p: &mut Player,
    addr: &str,
    give_up: Instant,
    tally: &mut Tally,
) -> Result<(), String> {
    {
        loop {
            let back = match client::hello(addr, Some(p.token.clone())).await {
                Ok(c) => Player::back(c).await,
                Err(e) => Err(e),
            };
            match back {
                Ok(client::Back::Ended { code, record }) => {
                    if code != p.code {
                        return Err(format!("its token came back with table {code}'s end"));
                    }
                    p.ended = Some(record);
                    p.away_at_end = true;
                    tally.ended_away += 1;
                    break;
                }
                Ok(client::Back::Seated(q)) => {
                    let q = *q;
                    if !q.seen.starts_with(&p.seen) {
                        tally.lost += 1;
                        tally
                            .errors
                            .push(format!("{}: actions lost in a drop", p.code));
                    }
                    // An Artifact Chess seat's own army and salt are the client's alone.
                    let mine = p.state.chess().and_then(|c| c.mine.clone());
                    *p = q;
                    if let client::Board::Chess(c) = &mut p.state
                        && c.mine.is_none()
                    {
                        c.mine = mine;
                    }
                    tally.reconnects += 1;
                    break;
                }
                Err(e) if e.contains("BadToken") => {
                    return Err(format!("its token was refused ({e})"));
                }
                Err(_) if Instant::now() < give_up => {
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
                Err(e) => return Err(format!("no way back in time ({e})")),
            }
        }
    }
    Ok(())
}

/// With the chance `--drops`, one of the table's clients loses its connection and comes back.
async fn maybe_drop(
    load: &Load,
    a: &mut Player,
    b: &mut Player,
    rng: &mut SmallRng,
    tally: &mut Tally,
) -> Result<(), String> {
    use rand::Rng;
    if load.drops <= 0.0 || !rng.random_bool(load.drops.min(1.0)) {
        return Ok(());
    }
    tally.drops += 1;
    let (p, addr) = if rng.random_bool(0.5) {
        (a, &load.addr[..])
    } else {
        (b, load.join_addr())
    };
    // The connection goes as a network would take it (the seat shows disconnected), and the
    // client comes back on a new one.
    p.c.sever().await;
    rejoin(p, addr, Instant::now() + Duration::from_secs(60), tally)
        .await
        .map_err(|why| format!("{}: a dropped seat coming back: {why}", p.code))
}

/// The store's record for a seat that has none, the game having ended: read over HTTP, as a
/// client that came back after the end reads it.
async fn store_record(load: &Load, a: &mut Player, b: &mut Player) -> Result<(), String> {
    let (status, record) = client::http_get(&load.addr, &format!("/records/{}", a.code)).await?;
    if status != 200 {
        return Err(format!("{}: ended, but no record ({status})", a.code));
    }
    for p in [a, b] {
        if p.ended.is_none() {
            p.ended = Some(record.clone());
        }
    }
    Ok(())
}

/// One action at the table (or the resignation that ends a long game); the round trip is
/// the mover's.
pub(crate) async fn step(
    load: &Load,
    a: &mut Player,
    b: &mut Player,
    rng: &mut SmallRng,
    tally: &mut Tally,
) -> Result<(), String> {
    // The game ended while a client was away: coming back, it saw the outcome in `state`, but a
    // seat that comes after the end is sent no `ended`. The record is the store's.
    let over = [&*a, &*b]
        .iter()
        .any(|p| p.ended.is_some() || p.outcome.is_some());
    if over && (a.ended.is_none() || b.ended.is_none()) {
        return store_record(load, a, b).await;
    }
    let (mover, other) = if a.my_turn() { (a, b) } else { (b, a) };
    if !mover.my_turn() {
        return Err(format!("{}: nobody is to move", mover.code));
    }
    if mover.seq() >= load.game_moves {
        mover.c.send(&ClientMsg::Resign).await?;
        for p in [mover, other] {
            while p.ended.is_none() {
                p.pump().await?;
            }
        }
        return Ok(());
    }
    let want = mover.seq() + 1;
    let sent = Instant::now();
    mover.play_random(rng).await?;
    mover.pump_to(want).await?;
    tally
        .rtts
        .push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
    other.pump_to(want).await?;
    if mover.state.over() || mover.to_move.is_none() {
        for p in [mover, other] {
            while p.ended.is_none() {
                p.pump().await?;
            }
        }
    }
    Ok(())
}

struct Shared {
    load: Load,
    live: AtomicUsize,
    max_live: AtomicUsize,
    setup: Semaphore,
    /// Lobby clients opening a connection at once (the ramp that keeps thousands of them from
    /// knocking all at the same moment).
    connect: Semaphore,
    /// The lobby clients' connections so far: the next one's local address (see [`source`]).
    connections: AtomicUsize,
}

/// The local address of the `n`th lobby connection: to a server on IPv4 loopback, one of
/// 127.0.0.2–127.0.0.251 in turn, so that the quick clients' thousands of short connections
/// do not all come from one address (the kernel's search for a free port past those in
/// TIME_WAIT cost the tool a third of its time); otherwise any.
fn source(addr: &str, n: usize) -> Option<std::net::IpAddr> {
    let ip: std::net::SocketAddr = addr.parse().ok()?;
    match ip.ip() {
        std::net::IpAddr::V4(v4) if v4.is_loopback() => Some(std::net::IpAddr::V4(
            std::net::Ipv4Addr::new(127, 0, 0, 2 + (n % 250) as u8),
        )),
        _ => None,
    }
}

/// One table slot: seats two clients, tells `ready`, waits for the start, then plays at its
/// pace until the end, opening a new table whenever a game ends.
async fn slot(
    shared: Arc<Shared>,
    index: usize,
    ready: mpsc::UnboundedSender<Result<(), String>>,
    mut start: watch::Receiver<Option<Instant>>,
) -> Tally {
    let load = &shared.load;
    let mut tally = Tally::default();
    let mut rng = SmallRng::seed_from_u64(load.seed ^ (index as u64).wrapping_mul(0x9E37_79B9));
    let interval = Duration::from_secs_f64(load.interval);
    let mut first = true;
    let (mut begin, end) = (Instant::now(), Instant::now());
    let mut end = end;
    let mut n = 0;
    loop {
        let (game, options) = table_game(load, index, n, &mut rng);
        n += 1;
        let seated = {
            let _permit = shared.setup.acquire().await;
            // A table opened while the server cannot open one (its store or Redis restarting)
            // is refused: try again for up to a minute, as a player would.
            let give_up = Instant::now() + Duration::from_secs(60);
            loop {
                match client::table_of(&load.addr, load.join_addr(), game, options, None).await {
                    Err(_) if !first && Instant::now() < give_up => {
                        tokio::time::sleep(Duration::from_millis(250)).await;
                    }
                    seated => break seated,
                }
            }
        };
        if first {
            let _ = ready.send(seated.as_ref().map(|_| ()).map_err(Clone::clone));
            first = false;
            let Ok(Some(t)) = start.wait_for(Option::is_some).await.map(|t| *t) else {
                return tally;
            };
            // The tables' actions are spread evenly over one interval.
            begin = t + interval.mul_f64(index as f64 / load.tables as f64);
            end = t + Duration::from_secs_f64(load.duration);
        }
        let (mut a, mut b) = match seated {
            Ok(p) => p,
            Err(e) => {
                tally.errors.push(e);
                return tally;
            }
        };
        let live = shared.live.fetch_add(1, Ordering::Relaxed) + 1;
        shared.max_live.fetch_max(live, Ordering::Relaxed);
        let mut next = begin.max(Instant::now());
        // Until both seats have the record: one that was away at the end (its connection
        // lost, its table between two processes) reads it from the store at the next step.
        while Instant::now() < end && (a.ended.is_none() || b.ended.is_none()) {
            tokio::time::sleep_until(next).await;
            next += interval;
            if Instant::now() >= end {
                break;
            }
            if let Err(e) = maybe_drop(load, &mut a, &mut b, &mut rng, &mut tally).await {
                tally.errors.push(e);
                break;
            }
            if let Err(e) = step(load, &mut a, &mut b, &mut rng, &mut tally).await {
                // A drop (or a stall): take the seats back and go on.
                if let Err(why) = recover(load, &mut a, &mut b, &mut tally).await {
                    tally
                        .errors
                        .push(format!("{}: {e}; taking the seats back: {why}", a.code));
                    break;
                }
            }
        }
        shared.live.fetch_sub(1, Ordering::Relaxed);
        // The run's time ran out between the end and the second seat's record.
        if a.ended.is_some() != b.ended.is_some()
            && let Err(e) = store_record(load, &mut a, &mut b).await
        {
            tally.errors.push(e);
        }
        if a.ended.is_some() {
            tally.games += 1;
            match check(&a, &b) {
                Ok(()) => tally.checked += 1,
                Err(e) => {
                    tally.mismatched += 1;
                    tally.mismatches.push(e);
                }
            }
        }
        if a.ended.is_none() {
            // Time is up: end the game rather than leave it to the clock on the server.
            let _ = a.c.send(&ClientMsg::Resign).await;
        }
        a.c.close().await;
        b.c.close().await;
        if Instant::now() >= end {
            return tally;
        }
        begin = next;
    }
}

/// How many lobby clients may be opening a connection at once.
const CONNECTING: usize = 64;

/// The chance that a quick-game client takes the bot when it is offered; otherwise it leaves
/// the queue (`unqueue`) and asks again.
const BOT_TAKE: f64 = 0.2;

/// What quick-game clients ask for: each game, under one of three controls.
const QUICK_GAMES: [GameKind; 3] = [GameKind::Hive, GameKind::Snelab, GameKind::Chess];
const QUICK_CONTROLS: [TimeControl; 3] = [
    TimeControl::Turn { seconds: 30 },
    TimeControl::Turn { seconds: 60 },
    TimeControl::Bank {
        base: 300,
        increment: 3,
    },
];

/// What the followers follow, in turn: every game, and each game alone.
const FILTERS: [Option<GameKind>; 4] = [
    None,
    Some(GameKind::Hive),
    Some(GameKind::Snelab),
    Some(GameKind::Chess),
];

/// The start of a `lobby` snapshot's text and of a `lobby_update`'s (the tag comes first).
const SNAPSHOT: &str = r#"{"type":"lobby","#;
const UPDATE: &str = r#"{"type":"lobby_update""#;

/// A new connection, through the ramp, that has said hello; up to five tries.
async fn connect(shared: &Shared, tally: &mut LobbyTally) -> Result<Client, String> {
    let mut last = String::new();
    for attempt in 0..5u32 {
        {
            let _permit = shared.connect.acquire().await;
            let n = shared.connections.fetch_add(1, Ordering::Relaxed);
            let from = source(&shared.load.addr, n);
            match client::hello_from(&shared.load.addr, from, None).await {
                Ok(c) => return Ok(c),
                Err(e) => {
                    tally.connect_errors += 1;
                    last = e;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(250 << attempt)).await;
    }
    Err(format!("no connection in 5 tries: {last}"))
}

/// A new connection following the lobby of `game`, its snapshot read: the client and the
/// snapshot's bytes.
async fn browse(
    shared: &Shared,
    game: Option<GameKind>,
    tally: &mut LobbyTally,
) -> Result<(Client, usize), String> {
    let mut c = connect(shared, tally).await?;
    c.send(&ClientMsg::Lobby { game }).await?;
    loop {
        let text = c.recv_text_within(Duration::from_secs(10)).await?;
        if text.starts_with(SNAPSHOT) {
            return Ok((c, text.len()));
        }
    }
}

/// Reads (and drops) what comes until `until`; `Err` when the connection closes.
async fn drain(c: &mut Client, until: Instant) -> Result<(), String> {
    loop {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(());
        }
        match c.recv_text_within(left).await {
            Ok(_) => {}
            Err(e) if e == client::NOTHING_IN_TIME => return Ok(()),
            Err(e) => return Err(e),
        }
    }
}

/// Reads (and drops) what comes until the run starts: its start, or `None` when the run is
/// called off or the connection closes (then `Err`).
async fn until_start(
    c: &mut Client,
    start: &mut watch::Receiver<Option<Instant>>,
) -> Result<Option<Instant>, String> {
    loop {
        tokio::select! {
            t = start.wait_for(Option::is_some) => return Ok(t.ok().and_then(|t| *t)),
            m = c.recv_text_within(Duration::from_secs(3600)) => {
                if let Err(e) = m && e != client::NOTHING_IN_TIME {
                    return Err(e);
                }
            }
        }
    }
}

/// A lobby follower: follows one filter (every game, or one game) and counts the
/// `lobby_update`s it reads during the run, and their bytes.
async fn follower(
    shared: Arc<Shared>,
    index: usize,
    ready: mpsc::UnboundedSender<Result<(), String>>,
    mut start: watch::Receiver<Option<Instant>>,
) -> LobbyTally {
    let mut t = LobbyTally::default();
    let game = FILTERS[index % FILTERS.len()];
    let mut c = match browse(&shared, game, &mut t).await {
        Ok((c, bytes)) => {
            t.followers = 1;
            t.snapshot_bytes = bytes as u64;
            let _ = ready.send(Ok(()));
            c
        }
        Err(e) => {
            let _ = ready.send(Err(format!("follower {index}: {e}")));
            return t;
        }
    };
    let began = match until_start(&mut c, &mut start).await {
        Ok(Some(t)) => t,
        Ok(None) => return t,
        Err(e) => {
            t.errors
                .push(format!("follower {index}: dropped before the start: {e}"));
            return t;
        }
    };
    let end = began + Duration::from_secs_f64(shared.load.duration);
    let (mut updates, mut bytes) = (0, 0);
    loop {
        let left = end.saturating_duration_since(Instant::now());
        if left.is_zero() {
            t.followers_at_end = 1;
            break;
        }
        match c.recv_text_within(left).await {
            Ok(text) => {
                if text.starts_with(UPDATE) {
                    updates += 1;
                    bytes += text.len() as u64;
                }
            }
            Err(e) if e == client::NOTHING_IN_TIME => {
                t.followers_at_end = 1;
                break;
            }
            Err(e) => {
                t.errors.push(format!("follower {index}: dropped: {e}"));
                break;
            }
        }
    }
    t.updates.push(updates);
    t.update_bytes.push(bytes);
    c.close().await;
    t
}

/// What waiting in the pairing queue came to.
enum Queue {
    /// Seated at a table (with a person or the bot).
    Seated(Box<Player>),
    /// The run ended first.
    TimeUp(Box<Client>),
}

fn quick_msg(index: usize, rng: &mut SmallRng) -> ClientMsg {
    use rand::Rng;
    ClientMsg::Quick {
        game: QUICK_GAMES[rng.random_range(0..QUICK_GAMES.len())],
        control: QUICK_CONTROLS[rng.random_range(0..QUICK_CONTROLS.len())],
        name: Some(format!("Q{index}")),
        game_type: None,
        rated: false,
    }
}

/// Asks for a quick game and waits until seated: a bot offer is taken (one time in five) or
/// turned down (`unqueue`, then `quick` again for another game or control).
async fn queue(
    mut c: Client,
    index: usize,
    end: Instant,
    rng: &mut SmallRng,
    t: &mut LobbyTally,
) -> Result<Queue, String> {
    use rand::Rng;
    c.send(&quick_msg(index, rng)).await?;
    t.queued += 1;
    let mut asked = Instant::now();
    let mut bot = false;
    // After `unqueued`: when to ask again (a pairing made just before the `unqueue` seats
    // this connection right after its answer, so it waits a moment first).
    let mut again: Option<Instant> = None;
    loop {
        let until = again.map_or(end, |a| a.min(end));
        let left = until.saturating_duration_since(Instant::now());
        let msg = match c.recv_within(left).await {
            Ok(m) => m,
            Err(e) if e == client::NOTHING_IN_TIME => {
                if Instant::now() >= end {
                    return Ok(Queue::TimeUp(Box::new(c)));
                }
                again = None;
                c.send(&quick_msg(index, rng)).await?;
                t.queued += 1;
                asked = Instant::now();
                continue;
            }
            Err(e) => return Err(e),
        };
        match msg {
            ServerMsg::BotOffer => {
                t.bot_offers += 1;
                if rng.random_bool(BOT_TAKE) {
                    c.send(&ClientMsg::QuickBot {
                        level: Some(BotLevel::Easy),
                    })
                    .await?;
                    bot = true;
                } else {
                    c.send(&ClientMsg::Unqueue).await?;
                }
            }
            ServerMsg::Unqueued => {
                t.unqueues += 1;
                again = Some(Instant::now() + Duration::from_millis(300));
            }
            ServerMsg::Seated { code, seat, token } => {
                if bot {
                    t.bot_games += 1;
                } else {
                    let waited = asked.elapsed().as_millis().min(u128::from(u32::MAX)) as u32;
                    t.waits.push(waited);
                    match seat {
                        SeatId::Second => t.pairings += 1,
                        SeatId::First => t.waits_first.push(waited),
                    }
                }
                let p = Player::from_seated(c, code, seat, token).await?;
                return Ok(Queue::Seated(Box::new(p)));
            }
            ServerMsg::Error { code, message } => {
                return Err(format!("quick: {code:?} {message}"));
            }
            // `queued`, and lobby updates already on their way.
            _ => {}
        }
    }
}

/// What a quick-game seat has sent and waits to hear back.
#[derive(PartialEq, Debug)]
enum Pending {
    Nothing,
    Action,
    Resign,
}

/// Plays a quick game: resigns at once (three times in ten) or plays one to four random
/// actions, a short think before each, then resigns at its turn; closes the connection at the
/// end (or when the run ends).
async fn play_quick(
    mut p: Player,
    end: Instant,
    rng: &mut SmallRng,
    t: &mut LobbyTally,
) -> Result<(), String> {
    use rand::Rng;
    let own: u64 = if rng.random_bool(0.3) {
        0
    } else {
        rng.random_range(1..=4)
    };
    let mut mine = 0;
    let mut pending = Pending::Nothing;
    loop {
        if p.ended.is_some() {
            t.quick_games += 1;
            break;
        }
        if p.outcome.is_some() {
            // The game had ended before this seat came to the table (the other resigned at
            // once, before a waiting seat's move to the new table reached it).
            t.quick_games += 1;
            t.ended_before += 1;
            break;
        }
        if Instant::now() >= end {
            let _ = p.c.send(&ClientMsg::Resign).await;
            break;
        }
        if pending == Pending::Nothing && p.colour.is_some() {
            if mine >= own && (own == 0 || p.my_turn()) {
                p.c.send(&ClientMsg::Resign).await?;
                pending = Pending::Resign;
            } else if p.my_turn() {
                let think = Duration::from_millis(rng.random_range(100..600));
                tokio::time::sleep_until((Instant::now() + think).min(end)).await;
                match p.play_random(rng).await {
                    Ok(()) => {
                        mine += 1;
                        t.quick_actions += 1;
                        pending = Pending::Action;
                    }
                    Err(e) if e == "no legal move" => mine = own,
                    Err(e) => return Err(e),
                }
                continue;
            }
        }
        let left = end
            .saturating_duration_since(Instant::now())
            .min(Duration::from_secs(10));
        let m = match p.c.recv_within(left).await {
            Ok(m) => m,
            Err(e) if e == client::NOTHING_IN_TIME && Instant::now() >= end => continue,
            Err(e) => {
                return Err(format!(
                    "{}: {e} (seq {}, {:?} to move, this seat {:?}, waiting for {pending:?}, \
                     {mine} of {own} actions)",
                    p.code,
                    p.seq(),
                    p.to_move,
                    p.colour
                ));
            }
        };
        match &m {
            // Moved to another table (a pairing that crossed a bot game): play there.
            ServerMsg::Seated { code, seat, token } => {
                let (code, seat, token) = (code.clone(), *seat, token.clone());
                p = Player::from_seated(p.c, code, seat, token).await?;
                pending = Pending::Nothing;
            }
            // The game ended before this seat came to the table (the other resigned at once,
            // before a waiting seat's move to the new table reached it): its state showed the
            // end, and no `ended` follows.
            ServerMsg::Error {
                code: ErrorCode::GameOver,
                ..
            } => {
                t.quick_games += 1;
                t.ended_before += 1;
                break;
            }
            ServerMsg::Error { code, message } => {
                t.refusals += 1;
                t.errors.push(format!(
                    "{}: refused {code:?} {message} (seq {}, waiting for {pending:?})",
                    p.code,
                    p.seq()
                ));
                if pending == Pending::Action {
                    pending = Pending::Nothing;
                }
            }
            ServerMsg::Event { by, .. } => {
                p.take(&m)?;
                if Some(*by) == p.colour && pending == Pending::Action {
                    pending = Pending::Nothing;
                }
            }
            _ => p.take(&m)?,
        }
    }
    p.c.close().await;
    Ok(())
}

/// A quick-game client: browses the lobby (every game), then, in a loop, asks for a quick
/// game, plays it out, and goes back to the lobby on a new connection for `--requeue` seconds.
async fn quick_client(
    shared: Arc<Shared>,
    index: usize,
    ready: mpsc::UnboundedSender<Result<(), String>>,
    mut start: watch::Receiver<Option<Instant>>,
) -> LobbyTally {
    use rand::Rng;
    let load = &shared.load;
    let mut t = LobbyTally::default();
    let mut rng =
        SmallRng::seed_from_u64(load.seed ^ 0x5155_1C4B ^ (index as u64).wrapping_mul(0x9E37_79B9));
    let mut c = match browse(&shared, None, &mut t).await {
        Ok((c, _)) => {
            t.quick_clients = 1;
            let _ = ready.send(Ok(()));
            c
        }
        Err(e) => {
            let _ = ready.send(Err(format!("quick client {index}: {e}")));
            return t;
        }
    };
    let began = match until_start(&mut c, &mut start).await {
        Ok(Some(t)) => t,
        Ok(None) => return t,
        Err(e) => {
            t.errors.push(format!(
                "quick client {index}: dropped before the start: {e}"
            ));
            return t;
        }
    };
    let end = began + Duration::from_secs_f64(load.duration);
    let requeue = Duration::from_secs_f64(load.requeue);
    // The first requests are spread over one wait.
    let mut until = began + requeue.mul_f64(rng.random::<f64>());
    loop {
        let browsed = drain(&mut c, until.min(end)).await;
        if Instant::now() >= end {
            c.close().await;
            return t;
        }
        let played = match browsed {
            Err(e) => Err(format!("lobby: {e}")),
            Ok(()) => match queue(c, index, end, &mut rng, &mut t).await {
                Ok(Queue::TimeUp(c)) => {
                    c.close().await;
                    return t;
                }
                Ok(Queue::Seated(p)) => play_quick(*p, end, &mut rng, &mut t).await,
                Err(e) => Err(e),
            },
        };
        if let Err(e) = played {
            t.errors.push(format!("quick client {index}: {e}"));
        }
        if Instant::now() >= end {
            return t;
        }
        until = Instant::now() + requeue;
        c = match browse(&shared, None, &mut t).await {
            Ok((c, _)) => c,
            Err(e) => {
                t.errors.push(format!("quick client {index}: {e}"));
                return t;
            }
        };
    }
}

/// Runs the load against `load.addr`.
pub async fn run(load: Load) -> Report {
    let shared = Arc::new(Shared {
        load: load.clone(),
        live: AtomicUsize::new(0),
        max_live: AtomicUsize::new(0),
        setup: Semaphore::new(32),
        connect: Semaphore::new(CONNECTING),
        connections: AtomicUsize::new(0),
    });
    let (ready_tx, mut ready) = mpsc::unbounded_channel();
    let (start_tx, start) = watch::channel(None);
    let set_up = Instant::now();
    let tasks: Vec<_> = (0..load.tables)
        .map(|i| tokio::spawn(slot(shared.clone(), i, ready_tx.clone(), start.clone())))
        .collect();
    let (lobby_ready_tx, mut lobby_ready) = mpsc::unbounded_channel();
    let lobby_tasks: Vec<_> = (0..load.lobby)
        .map(|i| {
            let (shared, ready, start) = (shared.clone(), lobby_ready_tx.clone(), start.clone());
            // One in three queues for quick games; the others follow the lobby.
            if i % 3 == 2 {
                tokio::spawn(quick_client(shared, i, ready, start))
            } else {
                tokio::spawn(follower(shared, i, ready, start))
            }
        })
        .collect();
    drop(ready_tx);
    drop(lobby_ready_tx);
    let mut seated = 0;
    let mut tally = Tally::default();
    let mut lobby = LobbyTally::default();
    for _ in 0..load.tables {
        match ready.recv().await {
            Some(Ok(())) => seated += 1,
            Some(Err(e)) => tally.errors.push(format!("setup: {e}")),
            None => break,
        }
    }
    for _ in 0..load.lobby {
        match lobby_ready.recv().await {
            Some(Ok(())) => {}
            Some(Err(e)) => lobby.errors.push(format!("lobby setup: {e}")),
            None => break,
        }
    }
    let setup_seconds = set_up.elapsed().as_secs_f64();
    let began = Instant::now();
    let _ = start_tx.send(Some(began));
    for t in tasks {
        match t.await {
            Ok(t) => tally.merge(t),
            Err(e) => tally.errors.push(format!("a table task failed: {e}")),
        }
    }
    for t in lobby_tasks {
        match t.await {
            Ok(t) => lobby.merge(t),
            Err(e) => lobby.errors.push(format!("a lobby task failed: {e}")),
        }
    }
    tally.rtts.sort_unstable();
    tally.away.sort_unstable();
    lobby.waits.sort_unstable();
    lobby.waits_first.sort_unstable();
    Report {
        tally,
        lobby,
        seated,
        max_live: shared.max_live.load(Ordering::Relaxed),
        setup_seconds,
        seconds: began.elapsed().as_secs_f64().min(load.duration).max(1e-9),
    }
}

#[cfg(test)]
mod tests {
    use super::{owed, parting, same_record};

    fn actions(s: &str) -> Vec<String> {
        s.split(',').map(str::to_string).collect()
    }

    #[test]
    fn the_records_are_compared_line_by_line_and_a_missing_one_is_named() {
        assert_eq!(same_record(Some("a\nb"), Some("a\nb")), Ok("a\nb"));
        assert_eq!(same_record(None, Some("a")), Err("no record".into()));
        assert_eq!(
            same_record(Some("a"), None),
            Err("the second seat got no record".into())
        );
        assert_eq!(
            same_record(Some("a\nb\nc"), Some("a\nx\nc")),
            Err("the two seats got different records, from line 2 on: `b` against `x`".into())
        );
        assert_eq!(
            same_record(Some("a\nb"), Some("a")),
            Err(
                "the two seats got different records, from line 2 on: `b` against `(the end)`"
                    .into()
            )
        );
    }

    #[test]
    fn parting_names_the_first_action_that_differs() {
        let said = parting(
            "the record",
            &actions("a,b,c"),
            "the first seat",
            &actions("a,x,c"),
        );
        assert!(
            said.contains("action 2 is `b` in the record, `x` in the first seat"),
            "{said}"
        );
        assert!(said.contains("(3 and 3 actions)"), "{said}");
    }

    #[test]
    fn a_seat_away_at_the_end_owes_the_records_beginning_only() {
        let moves = actions("a,b,c");
        assert_eq!(owed(&moves, false, 1), &moves[..]);
        assert_eq!(owed(&moves, true, 1), &moves[..1]);
        assert_eq!(owed(&moves, true, 0), &moves[..0]);
        // More heard than the record holds: the whole record, so the check names the extra.
        assert_eq!(owed(&moves, true, 4), &moves[..]);
    }

    #[test]
    fn parting_names_an_action_missing_at_the_end() {
        let said = parting(
            "the record",
            &actions("a,b"),
            "the player",
            &actions("a,b,c"),
        );
        assert!(
            said.contains("action 3 is nothing in the record, `c` in the player"),
            "{said}"
        );
    }
}
