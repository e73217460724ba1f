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
//! ```
//! `--game mixed` gives the tables each game served in turn (a Snēlab table's stakes and appeal
//! rule drawn at random, an Artifact Chess table's artifacts on four times in five). An
//! Artifact Chess table's two clients build random armies, commit, reveal and then play random
//! legal actions, cards and response windows included.
//! Without `--addr` it starts a server in this process (a temporary database). With
//! `--join-addr` each table's second player connects there (another process of a cluster).

use super::client::{self, Player};
use crate::net::protocol::{ClientMsg, GameKind, Stakes, TableOptions};
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
    pub reconnects: u64,
    /// Actions heard before a drop and missing after it.
    pub lost: u64,
    pub errors: Vec<String>,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.rtts.extend(other.rtts);
        self.games += other.games;
        self.checked += other.checked;
        self.mismatched += other.mismatched;
        self.reconnects += other.reconnects;
        self.lost += other.lost;
        self.errors.extend(other.errors);
    }
}

/// The run's figures.
#[derive(Debug)]
pub struct Report {
    pub tally: Tally,
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
}

/// Checks a finished game: the record holds exactly what the clients heard and verifies.
fn check(a: &Player, b: &Player) -> Result<(), String> {
    let record = a.ended.as_deref().ok_or("no record")?;
    if b.ended.as_deref() != Some(record) {
        return Err(format!("{}: the two seats got different records", a.code));
    }
    let moves = recorded_moves(record).map_err(|e| format!("{}: {e}", a.code))?;
    let (heard_a, heard_b) = (heard(record, &a.seen), heard(record, &b.seen));
    if moves != heard_a || heard_a != heard_b {
        return Err(format!(
            "{}: the record differs from what was heard",
            a.code
        ));
    }
    let checks = verify_text(record).map_err(|e| format!("{}: {e}", a.code))?;
    if let Some(c) = checks.into_iter().find(|c| !c.passed) {
        return Err(format!("{}: the {} check failed", a.code, c.name));
    }
    Ok(())
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
        GameKind::Snelab => crate::play::snelab::record::CaseRecord::parse(record)
            .map_err(|e| e.to_string())?
            .entries
            .into_iter()
            .filter_map(|e| match e {
                crate::play::snelab::record::CaseEntry::Move { text, .. } => Some(text),
                // Resignations, offers, takebacks and an agreed draw name no action here.
                _ => None,
            })
            .collect(),
        GameKind::Chess => {
            use crate::play::chess_record::{ChessRecord, RecordedEntry};
            ChessRecord::parse(record)
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
        _ => crate::rules::hive::GameRecord::parse(record)
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
/// every action heard before is still there.
async fn recover(load: &Load, a: &mut Player, b: &mut Player, tally: &mut Tally) -> bool {
    let give_up = Instant::now() + Duration::from_secs(60);
    for (p, addr) in [(a, &load.addr[..]), (b, load.join_addr())] {
        loop {
            let back = match client::hello(addr, Some(p.token.clone())).await {
                Ok(c) => Player::seated(c).await,
                Err(e) => Err(e),
            };
            match back {
                Ok(q) => {
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
                Err(e) if e.contains("BadToken") => return false,
                Err(_) if Instant::now() < give_up => {
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
                Err(e) => {
                    tally.errors.push(format!("{}: no way back: {e}", p.code));
                    return false;
                }
            }
        }
    }
    true
}

/// One action at the table (or the resignation that ends a long game); the round trip is
/// the mover's.
async fn step(
    load: &Load,
    a: &mut Player,
    b: &mut Player,
    rng: &mut SmallRng,
    tally: &mut Tally,
) -> Result<(), String> {
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
            client::table_of(&load.addr, load.join_addr(), game, options, None).await
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
        while Instant::now() < end && a.ended.is_none() {
            tokio::time::sleep_until(next).await;
            next += interval;
            if Instant::now() >= end {
                break;
            }
            if let Err(e) = step(load, &mut a, &mut b, &mut rng, &mut tally).await {
                // A drop (or a stall): take the seats back and go on.
                if !recover(load, &mut a, &mut b, &mut tally).await {
                    tally.errors.push(e);
                    break;
                }
            }
        }
        shared.live.fetch_sub(1, Ordering::Relaxed);
        if a.ended.is_some() {
            tally.games += 1;
            match check(&a, &b) {
                Ok(()) => tally.checked += 1,
                Err(e) => {
                    tally.mismatched += 1;
                    tally.errors.push(e);
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

/// Runs the load against `load.addr`.
pub async fn run(load: Load) -> Report {
    let shared = Arc::new(Shared {
        load: load.clone(),
        live: AtomicUsize::new(0),
        max_live: AtomicUsize::new(0),
        setup: Semaphore::new(32),
    });
    let (ready_tx, mut ready) = mpsc::unbounded_channel();
    let (start_tx, start) = watch::channel(None);
    let set_up = Instant::now();
    let tasks: Vec<_> = (0..load.tables)
        .map(|i| tokio::spawn(slot(shared.clone(), i, ready_tx.clone(), start.clone())))
        .collect();
    drop(ready_tx);
    let mut seated = 0;
    let mut tally = Tally::default();
    for _ in 0..load.tables {
        match ready.recv().await {
            Some(Ok(())) => seated += 1,
            Some(Err(e)) => tally.errors.push(format!("setup: {e}")),
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
    tally.rtts.sort_unstable();
    Report {
        tally,
        seated,
        max_live: shared.max_live.load(Ordering::Relaxed),
        setup_seconds,
        seconds: began.elapsed().as_secs_f64().min(load.duration).max(1e-9),
    }
}
