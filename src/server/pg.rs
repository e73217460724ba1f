//! The store in PostgreSQL (feature `cluster`): the same tables as the SQLite store, shared by
//! every server process, so a record or a table can be read from any of them.

use super::store::{
    Store, StoreError, StoredAction, StoredSeat, StoredSeatKind, StoredTable, TableMeta, Value,
    Write, in_savepoints, statements,
};
use crate::ai::Level;
use crate::fair::Seed;
use crate::net::protocol::{GameKind, SeatId, Side};
use postgres::types::ToSql;
use postgres::{Client, NoTls, Transaction};

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
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code), seat BIGINT NOT NULL, kind TEXT NOT NULL,
    level TEXT, name TEXT NOT NULL, token TEXT UNIQUE, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL REFERENCES tables(code), seq BIGINT NOT NULL, action TEXT NOT NULL,
    side TEXT NOT NULL, timeout BOOLEAN NOT NULL, at_ms BIGINT NOT NULL,
    PRIMARY KEY (code, seq));
CREATE INDEX IF NOT EXISTS open_tables ON tables(ended_ms);
CREATE TABLE IF NOT EXISTS players (key TEXT PRIMARY KEY, first_ms BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS server_keys (id BIGINT PRIMARY KEY, secret TEXT NOT NULL);
";

/// The PostgreSQL store. Call it from a plain thread (the store's own), never from inside the
/// async runtime: the client blocks.
pub struct PgStore {
    db: Client,
}

impl PgStore {
    /// Connects (`postgres://user@host:port/db` or `host=… user=…`) and makes the tables.
    pub fn connect(url: &str) -> Result<PgStore, StoreError> {
        let mut db = Client::connect(url, NoTls)?;
        // Two processes starting together may both create the schema: one wins.
        if let Err(e) = db.batch_execute(SCHEMA) {
            db.batch_execute(SCHEMA).map_err(|_| StoreError::from(e))?;
        }
        Ok(PgStore { db })
    }
}

fn apply(tx: &mut Transaction, w: &Write) -> Result<(), postgres::Error> {
    for (sql, values) in statements(w) {
        let values: Vec<Box<dyn ToSql + Sync>> = values
            .into_iter()
            .map(|v| -> Box<dyn ToSql + Sync> {
                match v {
                    Value::Text(s) => Box::new(s),
                    Value::MaybeText(s) => Box::new(s),
                    Value::Int(i) => Box::new(i),
                    Value::Bool(b) => Box::new(b),
                }
            })
            .collect();
        let refs: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v.as_ref()).collect();
        tx.execute(sql, &refs)?;
    }
    Ok(())
}

fn unreadable(what: &str) -> StoreError {
    StoreError(format!("unreadable {what}"))
}

impl Store for PgStore {
    fn write(&mut self, batch: &[Write]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        let mut tx = self.db.transaction()?;
        let results = in_savepoints(&mut tx, batch, |tx, sql| tx.batch_execute(sql), apply)?;
        tx.commit()?;
        Ok(results)
    }

    fn open_tables(&mut self) -> Result<Vec<StoredTable>, StoreError> {
        let mut tables = Vec::new();
        for r in self.db.query(
            "SELECT code, clock_ms, bot_fill, bot_after_ms, secret, bot_seed, created_ms, started_ms, turn_started_ms, game, options
             FROM tables WHERE ended_ms IS NULL ORDER BY created_ms",
            &[],
        )? {
            let bot_fill: Option<String> = r.get(2);
            let secret: String = r.get(4);
            let game: String = r.get(9);
            let options: String = r.get(10);
            let clock_ms = r.get::<_, i64>(1) as u64;
            let (options, control, public) = TableMeta::read_settings(&options, clock_ms)
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
                },
                seats: Vec::new(),
                started_ms: r.get::<_, Option<i64>>(7).map(|v| v as u64),
                turn_started_ms: r.get::<_, Option<i64>>(8).map(|v| v as u64),
                actions: Vec::new(),
            });
        }
        for t in &mut tables {
            for r in self.db.query(
                "SELECT seat, kind, level, name, token FROM seats WHERE code = $1 ORDER BY seat",
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
                });
            }
            for r in self.db.query(
                "SELECT seq, action, side, timeout, at_ms FROM actions WHERE code = $1 ORDER BY seq",
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
                });
            }
        }
        Ok(tables)
    }

    fn server_secret(&mut self, fresh: &str) -> Result<String, StoreError> {
        self.db.execute(
            "INSERT INTO server_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
            &[&fresh],
        )?;
        let row = self
            .db
            .query_one("SELECT secret FROM server_keys WHERE id = 1", &[])?;
        Ok(row.get(0))
    }

    fn record(&mut self, code: &str) -> Result<Option<String>, StoreError> {
        let row = self
            .db
            .query_opt("SELECT record FROM tables WHERE code = $1", &[&code])?;
        Ok(row.and_then(|r| r.get::<_, Option<String>>(0)))
    }
}
