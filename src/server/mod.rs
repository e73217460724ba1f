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
//! - `cluster` and `pg` (feature `cluster`): several processes sharing PostgreSQL and Redis.

pub mod chess;
pub mod client;
#[cfg(feature = "cluster")]
pub mod cluster;
pub mod conn;
pub mod game;
pub mod hive;
pub mod loadtest;
#[cfg(feature = "cluster")]
pub mod pg;
pub mod snelab;
pub mod store;
pub mod table;

use crate::ai::Level;
use crate::net::protocol::{
    CODE_ALPHABET, CODE_LEN, ErrorCode, GameKind, SeatId, ServerMsg, TableOptions,
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
        }
    }
}

/// Seconds per turn when neither `create` nor `--clock` names any.
pub const DEFAULT_CLOCK_SECONDS: u32 = 60;

/// What goes to a connection's writer.
pub enum Out {
    Text(String),
}

/// A connection, as a table holds it: where its messages go and how to close it.
#[derive(Clone)]
pub struct Conn {
    pub id: u64,
    tx: mpsc::Sender<Out>,
    kill: Arc<watch::Sender<bool>>,
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
        };
        (conn, rx, killed)
    }

    /// Queues a message; `false` when the connection is gone or too slow (it is then closed).
    pub fn send(&self, msg: &ServerMsg) -> bool {
        match self.tx.try_send(Out::Text(msg.to_json())) {
            Ok(()) => true,
            Err(_) => {
                self.kill();
                false
            }
        }
    }

    /// Closes the connection once what is queued has been sent.
    pub fn kill(&self) {
        let _ = self.kill.send(true);
    }
}

/// The open tables, the seat tokens, the store.
pub struct Hub {
    pub config: Config,
    pub store: StoreHandle,
    tables: Mutex<HashMap<String, mpsc::Sender<Cmd>>>,
    tokens: Mutex<HashMap<String, (String, SeatId)>>,
    next_conn: AtomicU64,
    /// Connections open now.
    connections: AtomicUsize,
    #[cfg(feature = "cluster")]
    cluster: std::sync::OnceLock<Arc<cluster::Cluster>>,
}

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
            tables: Mutex::new(HashMap::new()),
            tokens: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            connections: AtomicUsize::new(0),
            #[cfg(feature = "cluster")]
            cluster: std::sync::OnceLock::new(),
        })
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

    fn forget(&self, code: &str, tokens: &[(String, SeatId)]) {
        lock(&self.tables).remove(code);
        let mut index = lock(&self.tokens);
        for (t, _) in tokens {
            index.remove(t);
        }
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get().cloned() {
            let code = code.to_string();
            tokio::spawn(async move { c.release(&code).await });
        }
    }

    /// The codes of the tables this process holds.
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

    /// An open table, held here or (with several processes) by another process.
    pub async fn find_table(&self, code: &str) -> Option<mpsc::Sender<Cmd>> {
        if let Some(t) = self.table(code) {
            return Some(t);
        }
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get() {
            let owner = c.owner(code).await?;
            if owner != c.id {
                return Some(c.proxy(owner, code.to_string()));
            }
        }
        None
    }

    /// The seat a token belongs to, and its table, wherever it is held.
    pub async fn find_token(&self, token: &str) -> Option<(SeatId, mpsc::Sender<Cmd>)> {
        if let Some((_, seat, table)) = self.seat_of_token(token) {
            return Some((seat, table));
        }
        #[cfg(feature = "cluster")]
        if let Some(c) = self.cluster.get() {
            let (code, seat) = c.token(token).await?;
            return Some((seat, self.find_table(&code).await?));
        }
        None
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

    /// Opens a table of `game` with its first seat; returns its code and task.
    pub async fn create(
        self: &Arc<Hub>,
        game: GameKind,
        name: String,
        clock: u32,
        bot_fill: Option<Level>,
        options: TableOptions,
    ) -> Result<(String, mpsc::Sender<Cmd>), ErrorCode> {
        if !Hub::serves(game) || !options.fit(game) {
            return Err(ErrorCode::BadRequest);
        }
        if lock(&self.tables).len() >= self.config.max_tables {
            return Err(ErrorCode::Unavailable);
        }
        let secret = crate::fair::Seed::from_os().ok_or(ErrorCode::Unavailable)?;
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
                clock_ms: u64::from(clock) * 1000,
                bot_fill,
                bot_after_ms: self.config.bot_after.as_millis() as u64,
                secret,
                bot_seed: u64::from_le_bytes(seed),
                created_ms: now_ms(),
                options,
            };
            let first = StoredSeat {
                seat: SeatId::First,
                kind: StoredSeatKind::Human { token: new_token() },
                name: name.clone(),
            };
            match self
                .store
                .write(Write::Create {
                    meta: meta.clone(),
                    first: first.clone(),
                })
                .await
            {
                Ok(()) => {
                    // Where a new table's game is chosen.
                    let tx = match game {
                        GameKind::Hive => {
                            self.spawn(TableTask::<hive::Hive>::new(self.clone(), meta, &first))
                        }
                        GameKind::Snelab => {
                            self.spawn(TableTask::<snelab::Snelab>::new(self.clone(), meta, &first))
                        }
                        GameKind::Chess => {
                            self.spawn(TableTask::<chess::Chess>::new(self.clone(), meta, &first))
                        }
                    };
                    return Ok((code, tx));
                }
                // A code taken by a finished table: draw another.
                Err(e) if e.0.contains("UNIQUE") => continue,
                Err(e) => {
                    eprintln!("create: {e}");
                    return Err(ErrorCode::Unavailable);
                }
            }
        }
        Err(ErrorCode::Unavailable)
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
        restored += 1;
        if let Err(e) = hub.restore(stored).await {
            eprintln!("restore: {e}");
        }
    }
    if restored > 0 {
        eprintln!("restored {restored} open table(s)");
    }
    let app = Router::new()
        .route("/ws", get(ws))
        .route("/records/{code}", get(record))
        .route("/health", get(|| async { "ok" }))
        .with_state(hub);
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    ready(addr);
    axum::serve(listener, app).await.map_err(|e| e.to_string())
}

type Opened = (Box<dyn store::Store>, Vec<store::StoredTable>);

/// The store the settings name, and the tables open in it.
fn open_store(config: &Config) -> Result<Opened, String> {
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

async fn ws(State(hub): State<Arc<Hub>>, upgrade: WebSocketUpgrade) -> Response {
    use crate::net::protocol::MAX_MESSAGE_BYTES;
    let Some(counted) = hub.admit() else {
        return (StatusCode::SERVICE_UNAVAILABLE, "too many connections\n").into_response();
    };
    // Small buffers: frames are at most a few kilobytes, and thousands of connections are open.
    upgrade
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| async move {
            conn::serve(hub, socket).await;
            drop(counted);
        })
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
