//! The store in PostgreSQL (feature `cluster`): the same tables as the SQLite store, shared by
//! every server process, so a record or a table can be read from any of them.

use super::ratings::{Cell, Db};
use super::store::{
    FENCE, Store, StoreError, StoredAction, StoredSeat, StoredSeatKind, StoredTable, TableMeta,
    Value, Write, in_savepoints, statements,
};
use crate::ai::Level;
use crate::fair::Seed;
use crate::net::protocol::{GameKind, SeatId, Side};
use postgres::types::ToSql;
use postgres::{Client, NoTls, Transaction};
use std::time::{Duration, Instant};

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, clock_ms BIGINT NOT NULL, bot_fill TEXT,
    bot_after_ms BIGINT NOT NULL, secret TEXT NOT NULL, bot_seed BIGINT NOT NULL,
    created_ms BIGINT NOT NULL, started_ms BIGINT, turn_started_ms BIGINT, ended_ms BIGINT,
    record TEXT, options TEXT NOT NULL DEFAULT '{}');
ALTER TABLE tables ADD COLUMN IF NOT EXISTS options TEXT NOT NULL DEFAULT '{}';
ALTER TABLE tables ADD COLUMN IF NOT EXISTS generation BIGINT NOT NULL DEFAULT 1;
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code), seat BIGINT NOT NULL, kind TEXT NOT NULL,
    level TEXT, name TEXT NOT NULL, token TEXT UNIQUE, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL REFERENCES tables(code), seq BIGINT NOT NULL, action TEXT NOT NULL,
    side TEXT NOT NULL, timeout BOOLEAN NOT NULL, at_ms BIGINT NOT NULL,
    PRIMARY KEY (code, seq));
CREATE INDEX IF NOT EXISTS open_tables ON tables(ended_ms);
CREATE TABLE IF NOT EXISTS players (key TEXT PRIMARY KEY, first_ms BIGINT NOT NULL);
ALTER TABLE seats ADD COLUMN IF NOT EXISTS key TEXT;
ALTER TABLE actions ADD COLUMN IF NOT EXISTS sig TEXT;
ALTER TABLE actions ADD COLUMN IF NOT EXISTS signer TEXT;
ALTER TABLE players ADD COLUMN IF NOT EXISTS name TEXT NOT NULL DEFAULT '';
CREATE TABLE IF NOT EXISTS ratings (
    key TEXT NOT NULL, game TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL, PRIMARY KEY (key, game));
CREATE TABLE IF NOT EXISTS rating_history (
    code TEXT NOT NULL, key TEXT NOT NULL, game TEXT NOT NULL, at_ms BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL, games BIGINT NOT NULL,
    before_rating DOUBLE PRECISION NOT NULL, before_deviation DOUBLE PRECISION NOT NULL,
    before_volatility DOUBLE PRECISION NOT NULL, before_games BIGINT NOT NULL,
    PRIMARY KEY (code, key));
CREATE INDEX IF NOT EXISTS history_of ON rating_history(key, game);
CREATE TABLE IF NOT EXISTS results (
    code TEXT NOT NULL, key TEXT NOT NULL, game TEXT NOT NULL, ended_ms BIGINT NOT NULL,
    result TEXT NOT NULL, rated BOOLEAN NOT NULL, opponent TEXT NOT NULL, opponent_key TEXT,
    PRIMARY KEY (code, key));
CREATE INDEX IF NOT EXISTS results_of ON results(key, ended_ms);
CREATE TABLE IF NOT EXISTS server_keys (id BIGINT PRIMARY KEY, secret TEXT NOT NULL);
";

/// The PostgreSQL store. Call it from a plain thread (the store's own), never from inside the
/// async runtime: the client blocks.
///
/// A connection that broke (PostgreSQL restarted, or the network dropped it) is replaced on
/// the next use: a new one is tried at once, then, while PostgreSQL stays away, no sooner than
/// a backoff after the last try (from 100 ms, doubling, at most 2 s); in between, every use
/// fails at once. What failed is reported as failed (a write is never acknowledged unless it
/// committed); only a transaction whose `BEGIN` found the connection broken, so that nothing
/// of it reached the server, is tried again on the new connection.
pub struct PgStore {
    config: postgres::Config,
    db: Option<Client>,
    /// While PostgreSQL cannot be reached: no new connection is tried before this.
    retry_at: Option<Instant>,
    backoff: Duration,
}

/// The first wait before connecting again after a connection failed, and the longest.
const BACKOFF: (Duration, Duration) = (Duration::from_millis(100), Duration::from_secs(2));

impl PgStore {
    /// Connects (`postgres://user@host:port/db` or `host=… user=…`) and makes the tables.
    pub fn connect(url: &str) -> Result<PgStore, StoreError> {
        let mut config: postgres::Config = url.parse()?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(2));
        }
        let mut db = config.connect(NoTls)?;
        // Two processes starting together may both create the schema: one wins.
        if let Err(e) = db.batch_execute(SCHEMA) {
            db.batch_execute(SCHEMA).map_err(|_| StoreError::from(e))?;
        }
        Ok(PgStore {
            config,
            db: Some(db),
            retry_at: None,
            backoff: BACKOFF.0,
        })
    }

    /// The connection, a new one when the last broke.
    fn db(&mut self) -> Result<&mut Client, StoreError> {
        if self.db.as_ref().is_some_and(|db| db.is_closed()) {
            self.db = None;
        }
        if self.db.is_none() {
            if let Some(at) = self.retry_at
                && Instant::now() < at
            {
                return Err(StoreError(
                    "PostgreSQL cannot be reached; trying again shortly".into(),
                ));
            }
            match self.config.connect(NoTls) {
                Ok(db) => {
                    super::log::info("store: connected to PostgreSQL again", &[]);
                    self.db = Some(db);
                    self.retry_at = None;
                    self.backoff = BACKOFF.0;
                }
                Err(e) => {
                    super::log::warn(
                        "store: cannot connect to PostgreSQL",
                        &[
                            ("error", e.to_string().into()),
                            ("retry_in_ms", (self.backoff.as_millis() as u64).into()),
                        ],
                    );
                    self.retry_at = Some(Instant::now() + self.backoff);
                    self.backoff = (self.backoff * 2).min(BACKOFF.1);
                    return Err(e.into());
                }
            }
        }
        Ok(self.db.as_mut().expect("connected above"))
    }

    /// After a failure: a connection that broke is dropped (the next use makes a new one).
    /// Whether it broke.
    fn broke(&mut self) -> bool {
        let broke = self.db.as_ref().is_none_or(|db| db.is_closed());
        if broke && self.db.take().is_some() {
            super::log::warn("store: the connection to PostgreSQL broke", &[]);
        }
        broke
    }

    /// Runs a read (or a write of one statement that may safely run twice) on the
    /// connection; when the connection turns out broken, once more on a new one.
    fn run<T>(
        &mut self,
        mut f: impl FnMut(&mut PgStore) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        match f(self) {
            Err(_) if self.broke() => f(self),
            done => done,
        }
    }
}

fn boxed(values: &[Value]) -> Vec<Box<dyn ToSql + Sync>> {
    values
        .iter()
        .map(|v| -> Box<dyn ToSql + Sync> {
            match v.clone() {
                Value::Text(s) => Box::new(s),
                Value::MaybeText(s) => Box::new(s),
                Value::Int(i) => Box::new(i),
                Value::Bool(b) => Box::new(b),
                Value::Float(f) => Box::new(f),
            }
        })
        .collect()
}

fn apply(tx: &mut Transaction, w: &Write) -> Result<(), StoreError> {
    // The fence first: it locks the table's row until the transaction ends, so a takeover's
    // raise of the generation waits for this write, or this write sees the raised one.
    if let Some((code, generation)) = w.fence() {
        let held = tx.execute(FENCE, &[&code, &(generation as i64)])?;
        if held != 1 {
            return Err(StoreError::fenced(code, generation));
        }
    }
    for (sql, values) in statements(w) {
        let values = boxed(&values);
        let refs: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v.as_ref()).collect();
        tx.execute(sql, &refs)?;
    }
    super::store::apply_end(&mut PgDb(tx), w)
}

/// A PostgreSQL client or transaction as [`Db`].
struct PgDb<'a, C: postgres::GenericClient>(&'a mut C);

impl<C: postgres::GenericClient> Db for PgDb<'_, C> {
    fn rows(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Cell>>, StoreError> {
        use postgres::types::Type;
        let values = boxed(params);
        let refs: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v.as_ref()).collect();
        let mut out = Vec::new();
        for r in self.0.query(sql, &refs)? {
            let mut row = Vec::with_capacity(r.len());
            for (i, c) in r.columns().iter().enumerate() {
                let t = c.type_();
                let cell = if *t == Type::INT8 {
                    r.get::<_, Option<i64>>(i).map(Cell::Int)
                } else if *t == Type::INT4 {
                    r.get::<_, Option<i32>>(i).map(|v| Cell::Int(v.into()))
                } else if *t == Type::FLOAT8 {
                    r.get::<_, Option<f64>>(i).map(Cell::Float)
                } else if *t == Type::BOOL {
                    r.get::<_, Option<bool>>(i).map(Cell::Bool)
                } else {
                    r.get::<_, Option<String>>(i).map(Cell::Text)
                };
                row.push(cell.unwrap_or(Cell::Null));
            }
            out.push(row);
        }
        Ok(out)
    }

    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<(), StoreError> {
        let values = boxed(params);
        let refs: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v.as_ref()).collect();
        self.0.execute(sql, &refs)?;
        Ok(())
    }
}

fn unreadable(what: &str) -> StoreError {
    StoreError(format!("unreadable {what}"))
}

impl PgStore {
    /// The tables that have not ended (only `only`, when it names one), as stored.
    fn read_open(&mut self, only: Option<&str>) -> Result<Vec<StoredTable>, StoreError> {
        let mut tables = Vec::new();
        for r in self.db()?.query(
            "SELECT code, clock_ms, bot_fill, bot_after_ms, secret, bot_seed, created_ms, started_ms, turn_started_ms, game, options, generation
             FROM tables WHERE ended_ms IS NULL AND ($1::TEXT IS NULL OR code = $1) ORDER BY created_ms",
            &[&only],
        )? {
            let bot_fill: Option<String> = r.get(2);
            let secret: String = r.get(4);
            let game: String = r.get(9);
            let options: String = r.get(10);
            let clock_ms = r.get::<_, i64>(1) as u64;
            let (options, control, public, rated) = TableMeta::read_settings(&options, clock_ms)
                .ok_or_else(|| unreadable("options"))?;
            tables.push(StoredTable {
                meta: TableMeta {
                    code: r.get(0),
                    game: GameKind::parse(&game).ok_or_else(|| unreadable("game"))?,
                    clock_ms,
                    bot_fill: match bot_fill {
                        Some(l) => Some(Level::parse(&l).ok_or_else(|| unreadable("level"))?),
                        None => None,
                    },
                    bot_after_ms: r.get::<_, i64>(3) as u64,
                    secret: Seed::from_hex(&secret).map_err(|_| unreadable("secret"))?,
                    bot_seed: r.get::<_, i64>(5) as u64,
                    created_ms: r.get::<_, i64>(6) as u64,
                    options,
                    control,
                    public,
                    rated,
                },
                generation: r.get::<_, i64>(11) as u64,
                seats: Vec::new(),
                started_ms: r.get::<_, Option<i64>>(7).map(|v| v as u64),
                turn_started_ms: r.get::<_, Option<i64>>(8).map(|v| v as u64),
                actions: Vec::new(),
            });
        }
        for t in &mut tables {
            for r in self.db()?.query(
                "SELECT seat, kind, level, name, token, key FROM seats WHERE code = $1 ORDER BY seat",
                &[&t.meta.code],
            )? {
                let level: Option<String> = r.get(2);
                let token: Option<String> = r.get(4);
                let kind = match (r.get::<_, String>(1).as_str(), level, token) {
                    ("human", _, Some(token)) => StoredSeatKind::Human { token },
                    ("bot", Some(l), _) => {
                        StoredSeatKind::Bot(Level::parse(&l).ok_or_else(|| unreadable("level"))?)
                    }
                    _ => return Err(unreadable("seat")),
                };
                t.seats.push(StoredSeat {
                    seat: if r.get::<_, i64>(0) == 0 {
                        SeatId::First
                    } else {
                        SeatId::Second
                    },
                    kind,
                    name: r.get(3),
                    key: r.get(5),
                });
            }
            for r in self.db()?.query(
                "SELECT seq, action, side, timeout, at_ms, sig, signer FROM actions WHERE code = $1 ORDER BY seq",
                &[&t.meta.code],
            )? {
                t.actions.push(StoredAction {
                    seq: r.get::<_, i64>(0) as u64,
                    action: r.get(1),
                    side: if r.get::<_, String>(2) == "ash" {
                        Side::Ash
                    } else {
                        Side::Walnut
                    },
                    timeout: r.get(3),
                    at_ms: r.get::<_, i64>(4) as u64,
                    sig: r.get(5),
                    signer: r
                        .get::<_, Option<String>>(6)
                        .and_then(|w| crate::identity::Signer::parse(&w)),
                });
            }
        }
        Ok(tables)
    }
}

impl Store for PgStore {
    fn write(&mut self, batch: &[Write]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        // A connection that broke while idle shows it at `BEGIN`, before anything of the batch
        // was sent: the batch then goes on a new connection. Any later failure fails the
        // batch (its writes are reported failed; none was acknowledged).
        let written = match self.write_batch(batch) {
            Err((true, _)) if self.broke() => self.write_batch(batch),
            written => written,
        };
        written.map_err(|(_, e)| {
            self.broke();
            e
        })
    }

    fn open_tables(&mut self) -> Result<Vec<StoredTable>, StoreError> {
        self.run(|s| s.read_open(None))
    }

    fn take(&mut self, code: &str) -> Result<Option<StoredTable>, StoreError> {
        self.run(|s| s.take_once(code))
    }

    fn server_secret(&mut self, fresh: &str) -> Result<String, StoreError> {
        self.run(|s| s.server_secret_once(fresh))
    }

    fn ask(&mut self, q: &super::store::Query) -> Result<super::store::Answer, StoreError> {
        self.run(|s| super::store::answer(&mut PgDb(s.db()?), q))
    }

    fn record(&mut self, code: &str) -> Result<Option<String>, StoreError> {
        self.run(|s| {
            let row = s
                .db()?
                .query_opt("SELECT record FROM tables WHERE code = $1", &[&code])?;
            Ok(row.and_then(|r| r.get::<_, Option<String>>(0)))
        })
    }
}

impl PgStore {
    fn write_batch(
        &mut self,
        batch: &[Write],
    ) -> Result<Vec<Result<(), StoreError>>, (bool, StoreError)> {
        let db = self.db().map_err(|e| (false, e))?;
        // `true`: failed at `BEGIN`, nothing of the batch sent.
        let mut tx = db.transaction().map_err(|e| (true, e.into()))?;
        let results = in_savepoints(
            &mut tx,
            batch,
            |tx, sql| tx.batch_execute(sql).map_err(StoreError::from),
            apply,
        )
        .map_err(|e| (false, e))?;
        tx.commit().map_err(|e| (false, e.into()))?;
        Ok(results)
    }

    fn take_once(&mut self, code: &str) -> Result<Option<StoredTable>, StoreError> {
        // Its own transaction, committed before the table is read: from here on a write of
        // the earlier holder is refused, and every write it made before is in what is read.
        // The generation is the one this raise made (RETURNING), never read again afterwards:
        // two processes taking the table at once would otherwise both read the later one.
        let Some(raised) = self.db()?.query_opt(
            "UPDATE tables SET generation = generation + 1 WHERE code = $1 AND ended_ms IS NULL
             RETURNING generation",
            &[&code],
        )?
        else {
            return Ok(None);
        };
        let generation = raised.get::<_, i64>(0) as u64;
        Ok(self
            .read_open(Some(code))?
            .pop()
            .map(|t| StoredTable { generation, ..t }))
    }

    fn server_secret_once(&mut self, fresh: &str) -> Result<String, StoreError> {
        let db = self.db()?;
        db.execute(
            "INSERT INTO server_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
            &[&fresh],
        )?;
        let row = db.query_one("SELECT secret FROM server_keys WHERE id = 1", &[])?;
        Ok(row.get(0))
    }
}
