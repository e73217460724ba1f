//! The online table's server (`carved-tables-server`, feature `server`): one process, many
//! tables, WebSockets on tokio + axum, no Bevy. The protocol is [`crate::net::protocol`]
//! (`docs/protocol.md`); running it is in `docs/server.md`.
//!
//! - [`Hub`]: the open tables by join code and the seat tokens, the store, the settings.
//! - [`table`]: one task a table, holding its game, clock and bot; it writes every accepted
//!   action to the store before announcing it, and builds every message for its recipient.
//! - [`game`]: [`game::Hosted`], what a table needs of a game. A new game served online writes
//!   its `impl Hosted` and one line in [`Hub::create`] and [`Hub::restore`], the one place that
//!   chooses which game a table plays; nothing else here names a game.
//! - [`hive`]: Ash & Walnut's `impl Hosted` ([`hive::Hive`]); [`snelab`]: Snēlab's
//!   ([`snelab::Snelab`]).
//! - [`conn`]: one task a connection: hello, limits (size, rate), and routing to its table.
//! - [`store`]: the store interface and its embedded SQLite default.
//! - [`loadtest`]: `tables loadtest`, many games through real connections.
//! - [`fuzz`]: `tables fuzz-server`, the protocol fuzzed against a running server.
//! - `cluster` and `pg` (feature `cluster`): several processes sharing PostgreSQL and Redis.

pub mod args;
pub mod chess;
pub mod client;
#[cfg(feature = "cluster")]
pub mod cluster;
pub mod conn;
pub mod fuzz;
pub mod game;
pub mod hive;
pub mod loadtest;
pub mod lobby;
pub mod log;
pub mod metrics;
#[cfg(feature = "cluster")]
pub mod pg;
pub mod ratings;
pub mod snelab;
pub mod store;
pub mod table;

use crate::ai::Level;
use crate::net::protocol::{
    CODE_ALPHABET, CODE_LEN, ErrorCode, GameKind, GameSummary, Outcome, Phase, SeatId, ServerMsg,
    TableOptions, TimeControl,
};
use axum::Router;
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use game::Hosted;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use store::{StoreHandle, StoredSeat, StoredSeatKind, StoredTable, TableMeta, Write};
use table::{Cmd, TableTask};
use tokio::sync::{mpsc, watch};

/// The server's settings (its command-line options).
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (`--addr`, default `127.0.0.1:7878`; port 0 picks a free one).
    pub addr: SocketAddr,
    /// The SQLite file (`--db`, default `carved-tables.db`).
    pub db: std::path::PathBuf,
    /// How long a table with a bot to fill waits for a person (`--bot-after`, default 30 s).
    pub bot_after: Duration,
    /// Seconds per turn when `create` names none (`--clock`, default 60, Ash & Walnut's turn).
    pub clock: u32,
    /// How long an ended table stays open for its players to read the end (`--linger`).
    pub linger: Duration,
    /// How long a table without a bot to fill waits for a person before it closes
    /// (`--wait-limit`, default an hour).
    pub wait_limit: Duration,
    /// The most tables open at once (`--max-tables`); past it `create` is refused.
    pub max_tables: usize,
    /// The most WebSocket connections at once (`--max-connections`); past it a new one is
    /// answered 503 before the upgrade.
    pub max_connections: usize,
    /// PostgreSQL instead of the SQLite file (`--postgres URL`, feature `cluster`).
    pub postgres: Option<String>,
    /// Redis for several processes (`--redis URL`, feature `cluster`).
    pub redis: Option<String>,
    /// How long a table's lease lasts unless its process renews it (`--lease`, default 30 s):
    /// after a process dies, its tables move to another within about this time.
    pub lease: Duration,
    /// How long someone waits in the pairing queue before the bot is offered
    /// (`--quick-bot-after`, default 20 s).
    pub quick_bot_after: Duration,
    /// How long a correspondence table waits for its second player (`--correspondence-wait`,
    /// default 7 days).
    pub correspondence_wait: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], crate::settings::DEFAULT_SERVER_PORT)),
            db: "carved-tables.db".into(),
            bot_after: Duration::from_secs(30),
            clock: DEFAULT_CLOCK_SECONDS,
            linger: Duration::from_secs(60),
            wait_limit: Duration::from_secs(3600),
            max_tables: 100_000,
            max_connections: 50_000,
            postgres: None,
            redis: None,
            lease: Duration::from_secs(30),
            quick_bot_after: Duration::from_secs(20),
            correspondence_wait: Duration::from_secs(7 * 86_400),
        }
    }
}

/// Seconds per turn when neither `create` nor `--clock` names any.
pub const DEFAULT_CLOCK_SECONDS: u32 = 60;

/// What goes to a connection's writer.
pub enum Out {
    /// A message's JSON (shared: the lobby queues one text to many).
    Text(axum::extract::ws::Utf8Bytes),
    /// The connection now holds `seat` at table `code` (paired by "Quick game", or a rematch):
    /// its reader leaves what it held and attaches there.
    Reseat { code: String, seat: SeatId },
}

/// A connection, as a table holds it: where its messages go and how to close it.
#[derive(Clone)]
pub struct Conn {
    pub id: u64,
    tx: mpsc::Sender<Out>,
    kill: Arc<watch::Sender<bool>>,
    /// Closed with [`RESTARTING`] (see [`Conn::restart`]).
    restarting: Arc<std::sync::atomic::AtomicBool>,
}

/// Messages queued for one connection before it counts as too slow and is closed.
pub const OUT_QUEUE: usize = 256;

impl Conn {
    /// A new connection's handle, with the ends its writer reads: the queued messages and the
    /// signal to close.
    pub fn open(hub: &Hub) -> (Conn, mpsc::Receiver<Out>, watch::Receiver<bool>) {
        let (tx, rx) = mpsc::channel(OUT_QUEUE);
        let (kill, killed) = watch::channel(false);
        let conn = Conn {
            id: hub.next_conn_id(),
            tx,
            kill: Arc::new(kill),
            restarting: Arc::default(),
        };
        (conn, rx, killed)
    }

    /// A connection numbered `id` with the end its writer would read, for tests of what is
    /// queued to it.
    #[cfg(test)]
    pub fn for_test(id: u64) -> (Conn, mpsc::Receiver<Out>) {
        let (tx, rx) = mpsc::channel(OUT_QUEUE);
        let (kill, _) = watch::channel(false);
        let conn = Conn {
            id,
            tx,
            kill: Arc::new(kill),
            restarting: Arc::default(),
        };
        (conn, rx)
    }

    /// Queues a message; `false` when the connection is gone or too slow (it is then closed).
    pub fn send(&self, msg: &ServerMsg) -> bool {
        if let ServerMsg::Error { code, .. } = msg {
            metrics::COUNTERS.refused(*code);
        }
        match self.tx.try_send(Out::Text(msg.to_json().into())) {
            Ok(()) => true,
            Err(_) => {
                self.kill();
                false
            }
        }
    }

    /// Queues a message already in JSON.
    pub fn send_text(&self, text: String) -> bool {
        self.send_shared(text.into())
    }

    /// Queues a message already in JSON, shared with other connections (the lobby serialises
    /// an update once for many followers).
    pub fn send_shared(&self, text: axum::extract::ws::Utf8Bytes) -> bool {
        match self.tx.try_send(Out::Text(text)) {
            Ok(()) => true,
            Err(_) => {
                self.kill();
                false
            }
        }
    }

    /// Tells the connection it holds `seat` at table `code` now (see [`Out::Reseat`]).
    pub fn reseat(&self, code: &str, seat: SeatId) -> bool {
        self.tx
            .try_send(Out::Reseat {
                code: code.to_string(),
                seat,
            })
            .is_ok()
    }

    /// Whether the connection is still open.
    pub fn is_open(&self) -> bool {
        !self.tx.is_closed() && !*self.kill.borrow()
    }

    /// Closes the connection once what is queued has been sent.
    pub fn kill(&self) {
        let _ = self.kill.send(true);
    }

    /// Closes the connection as [`Conn::kill`] does, with the close code [`RESTARTING`]: its
    /// client comes back with its token (the table it held is served elsewhere now).
    pub fn restart(&self) {
        self.restarting.store(true, Ordering::Relaxed);
        self.kill();
    }

    /// Whether the connection is to close with [`RESTARTING`].
    pub fn restarting(&self) -> bool {
        self.restarting.load(Ordering::Relaxed)
    }
}

/// Where a table's game stands, as `games` tells it: kept by the table at every change.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    pub game: GameKind,
    pub control: TimeControl,
    pub phase: Phase,
    /// The seat whose action is awaited.
    pub to_move: Option<SeatId>,
    /// When the awaited action's time runs out, wall-clock milliseconds since 1970.
    pub deadline_ms: Option<u64>,
    /// The seats' names (a bot's label).
    pub names: [String; 2],
    pub outcome: Option<Outcome>,
    pub seq: u64,
}

impl Summary {
    /// What `games` answers for `token`, the token of `seat`.
    pub fn for_seat(&self, token: &str, code: &str, seat: SeatId) -> GameSummary {
        GameSummary {
            token: token.to_string(),
            open: true,
            code: Some(code.to_string()),
            game: Some(self.game),
            phase: Some(self.phase),
            control: Some(self.control),
            seat: Some(seat),
            opponent: Some(self.names[seat.other().index()].clone()),
            your_turn: self.to_move == Some(seat),
            time_left_ms: self.deadline_ms.map(|d| d.saturating_sub(now_ms())),
            outcome: self.outcome,
            seq: self.seq,
        }
    }
}

/// Who takes a seat of a table opened with [`Hub::open`].
#[derive(Clone, Debug)]
pub enum NewSeat {
    Human {
        name: String,
        /// The key the person proved, if they did.
        key: Option<crate::identity::PublicKey>,
    },
    Bot(Level),
}

/// A table to open ([`Hub::open`]).
#[derive(Clone, Debug)]
pub struct NewTable {
    pub game: GameKind,
    pub control: TimeControl,
    pub options: TableOptions,
    pub public: bool,
    /// Rated (both seats must hold keys for the game to change ratings).
    pub rated: bool,
    /// The bot that takes the second seat when nobody has joined in time.
    pub bot_fill: Option<Level>,
    pub first: NewSeat,
    /// Taken at once (a pairing, a rematch); `None`: the table waits for someone to join.
    pub second: Option<NewSeat>,
}

/// A table [`Hub::open`] opened: its code, its task, and its people's seat tokens.
pub struct Opened {
    pub code: String,
    pub table: mpsc::Sender<Cmd>,
    pub tokens: [Option<String>; 2],
}

/// The open tables, the seat tokens, the store.
pub struct Hub {
    pub config: Config,
    pub store: StoreHandle,
    pub lobby: Arc<lobby::Lobby>,
    /// Where each table held here stands, for `games` (with several processes, also in Redis).
    summaries: Mutex<HashMap<String, Summary>>,
    tables: Mutex<HashMap<String, mpsc::Sender<Cmd>>>,
    tokens: Mutex<HashMap<String, (String, SeatId)>>,
    next_conn: AtomicU64,
    /// Connections open now.
    connections: AtomicUsize,
    /// The server's own key, kept in the store: it signs what no player does (the clock's
    /// moves, the bot's, the server's events); its public half is at `GET /key`.
    pub server_key: std::sync::OnceLock<crate::identity::Identity>,
    /// `prove`s per remote address in the current minute (see [`Hub::may_prove`]).
    proofs: Mutex<HashMap<std::net::IpAddr, (std::time::Instant, u32)>>,
    /// Bots searching at once: one a core (see [`bot_searches`]); a bot's turn waits for
    /// one of these before its search starts.
    pub bots: Arc<tokio::sync::Semaphore>,
    #[cfg(feature = "cluster")]
    cluster: std::sync::OnceLock<Arc<cluster::Cluster>>,
    /// Set on SIGTERM (or SIGINT): no new connection or table is taken, and every connection
    /// is closed with [`RESTARTING`] so its client comes back (to another process, or to this
    /// one once it has restarted).
    pub shutdown: watch::Sender<bool>,
}

/// The WebSocket close code a connection gets when the server stops for a restart (1012,
/// "Service Restart"): come back in a moment with the same token.
pub const RESTARTING: u16 = 1012;

/// How long a stopping server waits for its connections to close before it exits anyway.
pub const STOP_WITHIN: Duration = Duration::from_secs(10);

/// How many bots may search at once: one a core (at least two). Each search is CPU-bound and
/// holds its own tables; without a bound, many tables whose bot is to move at the same moment
/// (the fuzz run found some 1,700 open tables against bots, their people gone, under short
/// clocks) ran hundreds of searches on as many blocking threads, the process growing past a
/// gigabyte, and a stopping process waited for every one queued. The others wait their turn:
/// a bot's clock runs meanwhile, as anyone's does.
pub fn bot_searches() -> usize {
    std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .max(2)
}

/// `prove`s one remote address may make in a minute: signatures are cheap to check, but a
/// flood of them from one place is refused (`rate_limited`) before any is.
pub const PROOFS_PER_MINUTE: u32 = 30;

/// Counts a connection while it lives.
pub struct Counted(Arc<Hub>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Commands queued for one table.
const TABLE_QUEUE: usize = 1024;

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Hub {
    pub fn new(config: Config, store: StoreHandle) -> Arc<Hub> {
        Arc::new(Hub {
            config,
            store,
            lobby: Arc::new(lobby::Lobby::default()),
            summaries: Mutex::new(HashMap::new()),
            tables: Mutex::new(HashMap::new()),
            tokens: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            connections: AtomicUsize::new(0),
            server_key: std::sync::OnceLock::new(),
            proofs: Mutex::new(HashMap::new()),
            bots: Arc::new(tokio::sync::Semaphore::new(bot_searches())),
            #[cfg(feature = "cluster")]
            cluster: std::sync::OnceLock::new(),
            shutdown: watch::channel(false).0,
        })
    }

    /// Whether the server is stopping (see [`Hub::shutdown`]).
    pub fn stopping(&self) -> bool {
        *self.shutdown.borrow()
    }

    /// Counts a `prove` from `from`; `false` once that address has made
    /// [`PROOFS_PER_MINUTE`] in the last minute (a fixed window per address).
    pub fn may_prove(&self, from: std::net::IpAddr) -> bool {
        let now = std::time::Instant::now();
        let mut proofs = lock(&self.proofs);
        if proofs.len() > 10_000 {
            proofs.retain(|_, (at, _)| now.duration_since(*at) < Duration::from_secs(60));
        }
        let (at, n) = proofs.entry(from).or_insert((now, 0));
        if now.duration_since(*at) >= Duration::from_secs(60) {
            *at = now;
            *n = 0;
        }
        *n += 1;
        *n <= PROOFS_PER_MINUTE
    }

    /// Counts a new connection; `None` when the server holds as many as it may.
    pub fn admit(self: &Arc<Hub>) -> Option<Counted> {
        let n = self.connections.fetch_add(1, Ordering::Relaxed);
        let counted = Counted(self.clone());
        (n < self.config.max_connections).then_some(counted)
    }

    pub fn next_conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    pub fn table(&self, code: &str) -> Option<mpsc::Sender<Cmd>> {
        lock(&self.tables).get(code).cloned()
    }

    /// The table and seat a token belongs to.
    pub fn seat_of_token(&self, token: &str) -> Option<(String, SeatId, mpsc::Sender<Cmd>)> {
        let (code, seat) = lock(&self.tokens).get(token).cloned()?;
        let table = self.table(&code)?;
        Some((code, seat, table))
    }

    fn index_token(&self, token: &str, code: &str, seat: SeatId) {
        lock(&self.tokens).insert(token.to_string(), (code.to_string(), seat));
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get().cloned() {
            let (token, code) = (token.to_string(), code.to_string());
            tokio::spawn(async move { c.index_token(&token, &code, seat).await });
        }
    }

    /// A table leaves this process. `release`: it closed here, so its listing and (with
    /// several processes) its lease go too; a table let go because another process took it
    /// over (fenced) leaves those to the new holder.
    fn forget(&self, code: &str, tokens: &[(String, SeatId)], release: bool) {
        lock(&self.tables).remove(code);
        lock(&self.summaries).remove(code);
        let mut index = lock(&self.tokens);
        for (t, _) in tokens {
            index.remove(t);
        }
        drop(index);
        if !release {
            return;
        }
        self.unlist(code);
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get().cloned() {
            let code = code.to_string();
            tokio::spawn(async move { c.release(&code).await });
        }
    }

    /// The codes of the tables this process holds.
    /// What is open now, for `GET /metrics`: connections, and the tables held here by game
    /// and phase.
    pub fn now(&self) -> metrics::Now {
        let mut tables: Vec<(GameKind, &'static str, usize)> = Vec::new();
        for summary in lock(&self.summaries).values() {
            let phase = match summary.phase {
                Phase::Waiting => "waiting",
                Phase::Playing => "playing",
                Phase::Ended => "ended",
            };
            match tables
                .iter_mut()
                .find(|(g, p, _)| *g == summary.game && *p == phase)
            {
                Some(t) => t.2 += 1,
                None => tables.push((summary.game, phase, 1)),
            }
        }
        metrics::Now {
            connections: self.connections.load(Ordering::Relaxed),
            tables,
        }
    }

    /// The seat tokens of the tables held here: `(token, code, seat)`.
    #[cfg(feature = "cluster")]
    fn local_tokens(&self) -> Vec<(String, String, SeatId)> {
        lock(&self.tokens)
            .iter()
            .map(|(t, (code, seat))| (t.clone(), code.clone(), *seat))
            .collect()
    }

    /// Where each table held here stands.
    #[cfg(feature = "cluster")]
    fn local_summaries(&self) -> Vec<(String, Summary)> {
        lock(&self.summaries)
            .iter()
            .map(|(c, s)| (c.clone(), s.clone()))
            .collect()
    }

    pub fn codes(&self) -> Vec<String> {
        lock(&self.tables).keys().cloned().collect()
    }

    /// Whether this process may hold table `code` (with several processes: it took the lease).
    async fn claim(&self, code: &str) -> bool {
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get() {
            return c.claim(code, self.config.lease).await;
        }
        let _ = code;
        true
    }

    /// An open table, held here or (with several processes) by another process: `Ok(None)`
    /// when no open table has the code; with several processes, `Err(Unavailable)` when Redis
    /// or the store cannot tell now who holds it (the table may well exist: come back in a
    /// moment). A table nobody holds (its holder died, or let it go while Redis was down) is
    /// taken over here at once, as for a token.
    pub async fn find_table(
        self: &Arc<Hub>,
        code: &str,
    ) -> Result<Option<mpsc::Sender<Cmd>>, ErrorCode> {
        if let Some(t) = self.table(code) {
            return Ok(Some(t));
        }
        // Not a code this server could have made: nothing to ask Redis or the store.
        if code.len() != CODE_LEN || !code.bytes().all(|b| CODE_ALPHABET.contains(&b)) {
            return Ok(None);
        }
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get() {
            use ErrorCode::Unavailable;
            return match c.owner_of(code).await.map_err(|()| Unavailable)? {
                Some(owner) if owner != c.id => Ok(Some(c.proxy(owner, code.to_string()))),
                // This process holds the lease but not (yet, or any more) the table: a
                // takeover reading it back, or a table closing here.
                Some(_) => {
                    for _ in 0..50 {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        if let Some(t) = self.table(code) {
                            return Ok(Some(t));
                        }
                    }
                    Err(Unavailable)
                }
                None => match c.try_take(self, code).await.map_err(|()| Unavailable)? {
                    cluster::Taken::Served => self.table(code).map(Some).ok_or(Unavailable),
                    cluster::Taken::Ended => Ok(None),
                    cluster::Taken::Held => match c.owner_of(code).await {
                        Ok(Some(owner)) if owner != c.id => {
                            Ok(Some(c.proxy(owner, code.to_string())))
                        }
                        _ => Err(Unavailable),
                    },
                },
            };
        }
        Ok(None)
    }

    /// The seat a token belongs to, and its table, wherever it is held. `BadToken` when no
    /// open table has it; with several processes, `Unavailable` when Redis or the store cannot
    /// tell now (come back in a moment).
    pub async fn find_token(
        self: &Arc<Hub>,
        token: &str,
    ) -> Result<(SeatId, mpsc::Sender<Cmd>), ErrorCode> {
        if let Some((_, seat, table)) = self.seat_of_token(token) {
            return Ok((seat, table));
        }
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get() {
            use ErrorCode::{BadToken, Unavailable};
            let found = match c.token(token).await.map_err(|()| Unavailable)? {
                Some(found) => Some(found),
                // Not in Redis, which may have restarted empty: the store knows the seats of
                // the open tables.
                None => match self
                    .store
                    .query(store::Query::Seat {
                        token: token.to_string(),
                    })
                    .await
                {
                    Ok(store::Answer::Seat(found)) => found,
                    _ => return Err(Unavailable),
                },
            };
            let (code, seat) = found.ok_or(BadToken)?;
            if let Some(table) = self.table(&code) {
                return Ok((seat, table));
            }
            match c.owner_of(&code).await.map_err(|()| Unavailable)? {
                Some(owner) if owner != c.id => return Ok((seat, c.proxy(owner, code))),
                // This process holds the lease but not yet the table: it is taking it over now
                // (reading it back); it is here in a moment.
                Some(_) => {
                    for _ in 0..100 {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        if let Some(table) = self.table(&code) {
                            return Ok((seat, table));
                        }
                    }
                    return Err(Unavailable);
                }
                // Nobody holds the table now (its holder died, or was paused past its lease,
                // or lost Redis, and no process has taken it over yet): this one takes it at
                // once, rather than telling the player their seat is gone.
                None => {
                    return match c.try_take(self, &code).await.map_err(|()| Unavailable)? {
                        cluster::Taken::Served => {
                            self.table(&code).map(|t| (seat, t)).ok_or(Unavailable)
                        }
                        cluster::Taken::Ended => Err(BadToken),
                        // Another process took it meanwhile (or is trying to, and may give it
                        // up again: its store failed): there, or come back in a moment.
                        cluster::Taken::Held => {
                            match c.owner_of(&code).await.map_err(|()| Unavailable)? {
                                Some(owner) if owner != c.id => Ok((seat, c.proxy(owner, code))),
                                _ => Err(Unavailable),
                            }
                        }
                    };
                }
            }
        }
        Err(ErrorCode::BadToken)
    }

    /// The ended table a seat token belonged to, with its record: a player who comes back after
    /// the game ended (its table closed, or let go by its holder as it ended) is told so, with
    /// the record, instead of that the token is unknown. `Ok(None)` when no ended game has the
    /// token; `Err(Unavailable)` when the store cannot say now.
    pub async fn ended_seat(&self, token: &str) -> Result<Option<(String, String)>, ErrorCode> {
        let found = match self
            .store
            .query(store::Query::EndedSeat {
                token: token.to_string(),
            })
            .await
        {
            Ok(store::Answer::Seat(found)) => found,
            _ => return Err(ErrorCode::Unavailable),
        };
        let Some((code, _)) = found else {
            return Ok(None);
        };
        match self.store.record(&code).await {
            Ok(Some(record)) => Ok(Some((code, record))),
            Ok(None) => Ok(None),
            Err(_) => Err(ErrorCode::Unavailable),
        }
    }

    /// Starts a table's task.
    pub fn spawn<G: Hosted>(self: &Arc<Hub>, table: TableTask<G>) -> mpsc::Sender<Cmd> {
        let (tx, rx) = mpsc::channel(TABLE_QUEUE);
        lock(&self.tables).insert(table.code().to_string(), tx.clone());
        for (token, seat) in table.tokens() {
            self.index_token(&token, table.code(), seat);
        }
        tokio::spawn(table.run(rx));
        tx
    }

    /// Opens a table: its first seat taken, and its second too when `spec.second` names it
    /// (the game then starts at once). Returns its code, task and the people's seat tokens.
    pub async fn open(self: &Arc<Hub>, spec: NewTable) -> Result<Opened, ErrorCode> {
        let game = spec.game;
        if !Hub::serves(game) || !spec.options.fit(game) || spec.control.check().is_err() {
            return Err(ErrorCode::BadRequest);
        }
        if lock(&self.tables).len() >= self.config.max_tables || self.stopping() {
            return Err(ErrorCode::Unavailable);
        }
        let secret = crate::fair::Seed::from_os().ok_or(ErrorCode::Unavailable)?;
        let stored = |seat: SeatId, who: &NewSeat| StoredSeat {
            seat,
            kind: match who {
                NewSeat::Human { .. } => StoredSeatKind::Human { token: new_token() },
                NewSeat::Bot(level) => StoredSeatKind::Bot(*level),
            },
            name: match who {
                NewSeat::Human { name, .. } => name.clone(),
                NewSeat::Bot(_) => String::new(),
            },
            key: match who {
                NewSeat::Human { key, .. } => key.map(|k| k.to_hex()),
                NewSeat::Bot(_) => None,
            },
        };
        for _ in 0..8 {
            let code = new_code();
            if self.table(&code).is_some() || !self.claim(&code).await {
                continue;
            }
            let mut seed = [0u8; 8];
            getrandom::fill(&mut seed).map_err(|_| ErrorCode::Unavailable)?;
            let meta = TableMeta {
                code: code.clone(),
                game,
                clock_ms: spec.control.turn_seconds() * 1000,
                bot_fill: if spec.second.is_some() {
                    None
                } else {
                    spec.bot_fill
                },
                bot_after_ms: self.config.bot_after.as_millis() as u64,
                secret,
                bot_seed: u64::from_le_bytes(seed),
                created_ms: now_ms(),
                options: spec.options,
                control: spec.control,
                public: spec.public,
                rated: spec.rated,
            };
            let first = stored(SeatId::First, &spec.first);
            let second = spec.second.as_ref().map(|s| stored(SeatId::Second, s));
            let created = self
                .store
                .write(Write::Create {
                    meta: meta.clone(),
                    first: first.clone(),
                })
                .await;
            match created {
                Ok(()) => {}
                // A code taken by a finished table: draw another.
                Err(e) if e.0.contains("UNIQUE") || e.0.contains("unique") => continue,
                Err(e) => {
                    log::error(
                        "the store could not open a table",
                        &[
                            ("table", code.as_str().into()),
                            ("error", e.to_string().into()),
                        ],
                    );
                    return Err(ErrorCode::Unavailable);
                }
            }
            if let Some(second) = &second {
                let started = Write::Start {
                    code: code.clone(),
                    generation: store::FIRST_GENERATION,
                    second: second.clone(),
                    at_ms: now_ms(),
                };
                if let Err(e) = self.store.write(started).await {
                    log::error(
                        "the store could not start a table",
                        &[
                            ("table", code.as_str().into()),
                            ("error", e.to_string().into()),
                        ],
                    );
                    return Err(ErrorCode::Unavailable);
                }
            }
            let token = |s: &StoredSeat| match &s.kind {
                StoredSeatKind::Human { token } => Some(token.clone()),
                StoredSeatKind::Bot(_) => None,
            };
            let tokens = [token(&first), second.as_ref().and_then(token)];
            let second = second.as_ref();
            // Where a new table's game is chosen.
            let table = match game {
                GameKind::Hive => self.spawn(TableTask::<hive::Hive>::new(
                    self.clone(),
                    meta,
                    &first,
                    second,
                )),
                GameKind::Snelab => self.spawn(TableTask::<snelab::Snelab>::new(
                    self.clone(),
                    meta,
                    &first,
                    second,
                )),
                GameKind::Chess => self.spawn(TableTask::<chess::Chess>::new(
                    self.clone(),
                    meta,
                    &first,
                    second,
                )),
            };
            log::info(
                "table opened",
                &[
                    ("table", code.as_str().into()),
                    ("game", game.cli_name().into()),
                ],
            );
            return Ok(Opened {
                code,
                table,
                tokens,
            });
        }
        Err(ErrorCode::Unavailable)
    }

    /// `quick`: pairs `conn` with someone waiting for the same game, game type and control — a
    /// new public table with both, the other moved to it ([`Conn::reseat`]) — or puts it in
    /// the queue. `Ok(Some(..))`: this connection's seat and table; `Ok(None)`: it waits.
    pub async fn quick(
        self: &Arc<Hub>,
        key: lobby::QueueKey,
        me: lobby::Waiting,
    ) -> Result<Option<(SeatId, mpsc::Sender<Cmd>)>, ErrorCode> {
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get().cloned() {
            return self.quick_shared(&c, key, me).await;
        }
        let other = match self.lobby.quick(key, me.clone()) {
            lobby::Queued::Waiting => return Ok(None),
            lobby::Queued::Pair(other) => other,
        };
        let first = NewSeat::Human {
            name: other.name.clone(),
            key: other.key,
        };
        let opened = self.open_pair(key, first, &me).await?;
        other.conn.reseat(&opened.code, SeatId::First);
        self.attach_second(&me.conn, opened).await
    }

    /// The pair's new public table, its first seat `first` (who waited), the second `name`.
    async fn open_pair(
        self: &Arc<Hub>,
        key: lobby::QueueKey,
        first: NewSeat,
        me: &lobby::Waiting,
    ) -> Result<Opened, ErrorCode> {
        self.open(NewTable {
            game: key.game,
            control: key.control,
            options: key.options(),
            public: true,
            rated: key.rated,
            bot_fill: None,
            first,
            second: Some(NewSeat::Human {
                name: me.name.clone(),
                key: me.key,
            }),
        })
        .await
    }

    /// The server's signing key (made now when it has none yet: a hub that is not serving, in
    /// tests).
    pub fn signer(&self) -> &crate::identity::Identity {
        self.server_key.get_or_init(|| {
            crate::identity::Identity::generate()
                .unwrap_or_else(|| crate::identity::Identity::from_secret(rand::random()))
        })
    }

    /// [`Hub::quick`] with several processes: the queue is a Redis list per queue key (game,
    /// game type, control, rated), so two people at different processes are paired too.
    #[cfg(feature = "cluster")]
    async fn quick_shared(
        self: &Arc<Hub>,
        c: &Arc<cluster::Cluster>,
        key: lobby::QueueKey,
        me: lobby::Waiting,
    ) -> Result<Option<(SeatId, mpsc::Sender<Cmd>)>, ErrorCode> {
        loop {
            let Some(other) = c.pop_waiting(&key).await else {
                let entry = cluster::QueueEntry {
                    process: c.id.clone(),
                    conn: me.conn.id,
                    name: me.name.clone(),
                    key: me.key.map(|k| k.to_hex()),
                };
                c.push_waiting(&key, &entry).await;
                self.lobby.wait(key, me);
                return Ok(None);
            };
            if other.process == c.id {
                // Someone waiting here: still waiting (not gone meanwhile)?
                let Some(waiting) = self.lobby.take(other.conn) else {
                    continue;
                };
                if waiting.conn.id == me.conn.id || !waiting.conn.is_open() {
                    continue;
                }
                let first = NewSeat::Human {
                    name: other.name.clone(),
                    key: waiting.key,
                };
                let opened = self.open_pair(key, first, &me).await?;
                waiting.conn.reseat(&opened.code, SeatId::First);
                return self.attach_second(&me.conn, opened).await;
            }
            let first = NewSeat::Human {
                name: other.name.clone(),
                key: other
                    .key
                    .as_deref()
                    .and_then(crate::identity::PublicKey::from_hex),
            };
            let opened = self.open_pair(key, first, &me).await?;
            c.reseat(&other.process, other.conn, &opened.code, SeatId::First)
                .await;
            return self.attach_second(&me.conn, opened).await;
        }
    }

    async fn attach_second(
        &self,
        conn: &Conn,
        opened: Opened,
    ) -> Result<Option<(SeatId, mpsc::Sender<Cmd>)>, ErrorCode> {
        let cmd = Cmd::Attach {
            seat: SeatId::Second,
            conn: conn.clone(),
        };
        opened
            .table
            .send(cmd)
            .await
            .map_err(|_| ErrorCode::Unavailable)?;
        Ok(Some((SeatId::Second, opened.table)))
    }

    /// Takes a connection out of the pairing queue.
    pub async fn unqueue(&self, conn_id: u64) {
        let taken = self.lobby.take_keyed(conn_id);
        #[cfg(feature = "cluster")]
        if let (Some(c), Some((key, w))) = (self.cluster.get(), &taken) {
            let entry = cluster::QueueEntry {
                process: c.id.clone(),
                conn: conn_id,
                name: w.name.clone(),
                key: w.key.map(|k| k.to_hex()),
            };
            c.remove_waiting(key, &entry).await;
        }
        let _ = taken;
    }

    /// A table held here lists itself (new or changed), in this process's lobby and, with
    /// several processes, in everyone's.
    pub fn list(&self, listing: crate::net::protocol::Listing) {
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get().cloned() {
            let l = listing.clone();
            tokio::spawn(async move { c.list(&l).await });
        }
        self.lobby.set(listing);
    }

    /// A table held here is listed no more.
    pub fn unlist(&self, code: &str) {
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get().cloned() {
            let code = code.to_string();
            tokio::spawn(async move { c.unlist(&code).await });
        }
        self.lobby.gone(code);
    }

    /// Keeps where a table's game stands, for `games`.
    pub fn summarize(&self, code: &str, summary: Summary) {
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get().cloned() {
            let (code, s) = (code.to_string(), summary.clone());
            tokio::spawn(async move { c.summarize(&code, &s).await });
        }
        lock(&self.summaries).insert(code.to_string(), summary);
    }

    /// `games`: where each token's game stands, wherever its table is held.
    pub async fn games(&self, tokens: &[String]) -> Vec<GameSummary> {
        let mut out = Vec::with_capacity(tokens.len());
        for token in tokens {
            out.push(self.game_of(token).await.unwrap_or_else(|| GameSummary {
                token: token.clone(),
                open: false,
                code: None,
                game: None,
                phase: None,
                control: None,
                seat: None,
                opponent: None,
                your_turn: false,
                time_left_ms: None,
                outcome: None,
                seq: 0,
            }));
        }
        out
    }

    async fn game_of(&self, token: &str) -> Option<GameSummary> {
        let local = lock(&self.tokens).get(token).cloned();
        if let Some((code, seat)) = local {
            let summary = lock(&self.summaries).get(&code).cloned()?;
            return Some(summary.for_seat(token, &code, seat));
        }
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get() {
            let (code, seat) = c.token(token).await.ok().flatten()?;
            let summary = c.summary(&code).await?;
            return Some(summary.for_seat(token, &code, seat));
        }
        None
    }

    /// Takes table `code` over once this process holds its lease (after a restart, or from a
    /// process whose lease lapsed): the store raises its generation, so the earlier holder
    /// can write nothing more, and the table is served as stored after that. `Ok(false)`
    /// when it has ended meanwhile.
    pub async fn take_over(self: &Arc<Hub>, code: &str) -> Result<bool, String> {
        match self.store.take(code).await.map_err(|e| e.to_string())? {
            Some(stored) => self.restore(stored).await.map(|()| true),
            None => Ok(false),
        }
    }

    /// Serves a table read back from the store (after a restart, or taken over from a process
    /// that died), as the game its `game` column names.
    pub async fn restore(self: &Arc<Hub>, stored: StoredTable) -> Result<(), String> {
        match stored.meta.game {
            GameKind::Hive => {
                let table = TableTask::<hive::Hive>::restore(self.clone(), stored).await?;
                self.spawn(table);
            }
            GameKind::Snelab => {
                let table = TableTask::<snelab::Snelab>::restore(self.clone(), stored).await?;
                self.spawn(table);
            }
            GameKind::Chess => {
                let table = TableTask::<chess::Chess>::restore(self.clone(), stored).await?;
                self.spawn(table);
            }
        }
        Ok(())
    }

    /// The games this server opens tables of (a new one adds its arm here, in
    /// [`Hub::create`] and in [`Hub::restore`]).
    pub fn serves(game: GameKind) -> bool {
        matches!(game, GameKind::Hive | GameKind::Snelab | GameKind::Chess)
    }
}

/// A test's stand-in for a slow store under load: `CARVED_TABLES_SLOW=point:MS` makes the
/// process wait `MS` milliseconds each time it gets to `point` (`adopt`: each look for lapsed
/// leases; `restore`: a table read back, before it writes what its course owes). Unset, it
/// costs one look at the environment.
pub(crate) async fn slow_at(point: &str) {
    let Ok(what) = std::env::var("CARVED_TABLES_SLOW") else {
        return;
    };
    if let Some((at, ms)) = what.split_once(':')
        && at == point
        && let Ok(ms) = ms.parse::<u64>()
    {
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
}

/// Wall-clock milliseconds since 1970 (stored clocks survive a restart).
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// An unguessable seat token: 32 bytes from the operating system's random source, in hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A join code: [`CODE_LEN`] characters of [`CODE_ALPHABET`], from the OS random source.
pub fn new_code() -> String {
    let mut bytes = [0u8; CODE_LEN];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    // 31 letters: the bias of `% 31` on a byte is under 1 in 8, irrelevant for a join code
    // (the seat tokens, not the codes, are the secrets).
    bytes
        .iter()
        .map(|b| CODE_ALPHABET[*b as usize % CODE_ALPHABET.len()] as char)
        .collect()
}

/// Opens the store, restores every open table, and serves until the process ends; `ready` is
/// told the address once it listens.
pub async fn run(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), String> {
    let settings = config.clone();
    // The store blocks (PostgreSQL's client runs its own runtime): opened off the async threads.
    let (store, open) = tokio::task::spawn_blocking(move || open_store(&settings))
        .await
        .map_err(|e| e.to_string())??;
    let hub = Hub::new(config.clone(), StoreHandle::spawn(store));
    let fresh = crate::identity::Identity::generate()
        .ok_or("the operating system's random source cannot be read")?;
    let secret = hub
        .store
        .server_secret(&fresh.secret_hex())
        .await
        .map_err(|e| e.to_string())?;
    let key = crate::identity::Identity::from_secret_hex(&secret)
        .ok_or("the store's server key is damaged")?;
    let _ = hub.server_key.set(key);
    hub.lobby.run();
    #[cfg(feature = "cluster")]
    if let Some(url) = &config.redis {
        let (cluster, pubsub) = cluster::Cluster::connect(url).await?;
        let _ = hub.cluster.set(cluster.clone());
        cluster.start(hub.clone(), pubsub);
    }
    let mut restored = 0;
    for stored in open {
        // With several processes, a table another process holds stays there.
        if !hub.claim(&stored.meta.code).await {
            continue;
        }
        match hub.take_over(&stored.meta.code).await {
            Ok(true) => restored += 1,
            Ok(false) => {}
            Err(e) => log::error(
                "could not restore a table",
                &[
                    ("table", stored.meta.code.as_str().into()),
                    ("error", e.to_string().into()),
                ],
            ),
        }
    }
    if restored > 0 {
        log::info("restored the open tables", &[("tables", restored.into())]);
    }
    let app = Router::new()
        .route("/ws", get(ws))
        .route("/records/{code}", get(record))
        .route("/health", get(|| async { "ok" }))
        .route("/key", get(server_key))
        .route("/metrics", get(metrics_page))
        .with_state(hub.clone());
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    ready(addr);
    // Small messages go out at once: with Nagle's algorithm an action's reply could wait for
    // the acknowledgement of the message before it.
    use axum::serve::ListenerExt;
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    tokio::spawn(stop_on_signal(hub.clone()));
    let mut stopped = hub.shutdown.subscribe();
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        let _ = stopped.wait_for(|s| *s).await;
    })
    .await
    .map_err(|e| e.to_string())?;
    // The connections close themselves (each told it is a restart); the tables' actions are
    // already stored as they were played.
    let until = tokio::time::Instant::now() + STOP_WITHIN;
    while hub.connections.load(Ordering::Relaxed) > 0 && tokio::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    #[cfg(feature = "cluster")]
    if let Some(cluster) = hub.cluster.get() {
        // The other processes take the tables over at their next look, without waiting for
        // the leases to lapse.
        for code in hub.codes() {
            cluster.release(&code).await;
        }
    }
    log::info(
        "stopped",
        &[(
            "connections_left",
            hub.connections.load(Ordering::Relaxed).into(),
        )],
    );
    Ok(())
}

/// Waits for SIGTERM or SIGINT (Ctrl-C), then stops the server: no new connection or table,
/// every connection closed with [`RESTARTING`].
async fn stop_on_signal(hub: Arc<Hub>) {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let (Ok(mut term), Ok(mut int)) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) else {
            return;
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = int.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        if tokio::signal::ctrl_c().await.is_err() {
            return;
        }
    }
    log::info(
        "stopping: closing every connection for a restart",
        &[(
            "connections",
            hub.connections.load(Ordering::Relaxed).into(),
        )],
    );
    let _ = hub.shutdown.send(true);
}

type OpenStore = (Box<dyn store::Store>, Vec<store::StoredTable>);

/// The store the settings name, and the tables open in it.
fn open_store(config: &Config) -> Result<OpenStore, String> {
    let mut store: Box<dyn store::Store> = match &config.postgres {
        #[cfg(feature = "cluster")]
        Some(url) => Box::new(pg::PgStore::connect(url).map_err(|e| e.to_string())?),
        #[cfg(not(feature = "cluster"))]
        Some(_) => return Err("--postgres needs a server built with the `cluster` feature".into()),
        None => Box::new(store::SqliteStore::open(&config.db).map_err(|e| e.to_string())?),
    };
    #[cfg(not(feature = "cluster"))]
    if config.redis.is_some() {
        return Err("--redis needs a server built with the `cluster` feature".into());
    }
    let open = store.open_tables().map_err(|e| e.to_string())?;
    Ok((store, open))
}

async fn ws(
    State(hub): State<Arc<Hub>>,
    axum::extract::ConnectInfo(from): axum::extract::ConnectInfo<SocketAddr>,
    upgrade: WebSocketUpgrade,
) -> Response {
    use crate::net::protocol::MAX_MESSAGE_BYTES;
    if hub.stopping() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is restarting\n",
        )
            .into_response();
    }
    let Some(counted) = hub.admit() else {
        return (StatusCode::SERVICE_UNAVAILABLE, "too many connections\n").into_response();
    };
    metrics::COUNTERS
        .connections
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // Small buffers: frames are at most a few kilobytes, and thousands of connections are open.
    upgrade
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| async move {
            conn::serve(hub, socket, from.ip()).await;
            drop(counted);
        })
}

/// `GET /metrics`: the server's figures in the Prometheus text format (`metrics`).
async fn metrics_page(State(hub): State<Arc<Hub>>) -> Response {
    let page = metrics::render(&hub.now(), &metrics::COUNTERS);
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        page,
    )
        .into_response()
}

/// `GET /key`: the server's public key and its fingerprint, as JSON.
async fn server_key(State(hub): State<Arc<Hub>>) -> Response {
    match hub.server_key.get() {
        Some(key) => (
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            serde_json::json!({
                "key": key.public().to_hex(),
                "fingerprint": key.public().fingerprint(),
            })
            .to_string(),
        )
            .into_response(),
        None => (StatusCode::SERVICE_UNAVAILABLE, "no key yet\n").into_response(),
    }
}

/// `GET /records/CODE`: a finished game's record, the text `tables verify` reads.
async fn record(State(hub): State<Arc<Hub>>, Path(code): Path<String>) -> Response {
    let code = crate::net::protocol::normalise_code(&code);
    match hub.store.record(&code).await {
        Ok(Some(text)) => {
            ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
        }
        Ok(None) => (StatusCode::NOT_FOUND, "no finished game has this code\n").into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, format!("{e}\n")).into_response(),
    }
}
