//! The store in PostgreSQL (feature `cluster`): the same tables as the SQLite store, shared by
//! every server process, so a record or a table can be read from any of them.

use super::store::{
    Store, StoreError, StoredAction, StoredSeat, StoredSeatKind, StoredTable, TableMeta, Write,
    in_savepoints,
};
use crate::ai::Level;
use crate::fair::Seed;
use crate::net::protocol::{SeatId, Side};
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
    record TEXT);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code), seat BIGINT NOT NULL, kind TEXT NOT NULL,
    level TEXT, name TEXT NOT NULL, token TEXT UNIQUE, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL REFERENCES tables(code), seq BIGINT NOT NULL, action TEXT NOT NULL,
    side TEXT NOT NULL, timeout BOOLEAN NOT NULL, at_ms BIGINT NOT NULL,
    PRIMARY KEY (code, seq));
CREATE INDEX IF NOT EXISTS open_tables ON tables(ended_ms);
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

fn seat_row(tx: &mut Transaction, code: &str, s: &StoredSeat) -> Result<(), postgres::Error> {
    let (kind, level, token) = match &s.kind {
        StoredSeatKind::Human { token } => ("human", None, Some(token.as_str())),
        StoredSeatKind::Bot(l) => ("bot", Some(l.name()), None),
    };
    tx.execute(
        "INSERT INTO seats (code, seat, kind, level, name, token) VALUES ($1, $2, $3, $4, $5, $6)",
        &[
            &code,
            &(s.seat.index() as i64),
            &kind,
            &level,
            &s.name,
            &token,
        ],
    )?;
    Ok(())
}

fn apply(tx: &mut Transaction, w: &Write) -> Result<(), postgres::Error> {
    let ms = |v: u64| v as i64;
    match w {
        Write::Create { meta, first } => {
            tx.execute(
                "INSERT INTO tables (code, game, clock_ms, bot_fill, bot_after_ms, secret, bot_seed, created_ms)
                 VALUES ($1, 'hive', $2, $3, $4, $5, $6, $7)",
                &[
                    &meta.code,
                    &ms(meta.clock_ms),
                    &meta.bot_fill.map(Level::name),
                    &ms(meta.bot_after_ms),
                    &meta.secret.to_hex(),
                    &(meta.bot_seed as i64),
                    &ms(meta.created_ms),
                ],
            )?;
            seat_row(tx, &meta.code, first)
        }
        Write::Start {
            code,
            second,
            at_ms,
        } => {
            seat_row(tx, code, second)?;
            tx.execute(
                "UPDATE tables SET started_ms = $2, turn_started_ms = $2 WHERE code = $1",
                &[code, &ms(*at_ms)],
            )?;
            Ok(())
        }
        Write::Action { code, action: a } => {
            let side = if a.side == Side::Ash { "ash" } else { "walnut" };
            tx.execute(
                "INSERT INTO actions (code, seq, action, side, timeout, at_ms) VALUES ($1, $2, $3, $4, $5, $6)",
                &[code, &(a.seq as i64), &a.action, &side, &a.timeout, &ms(a.at_ms)],
            )?;
            tx.execute(
                "UPDATE tables SET turn_started_ms = $2 WHERE code = $1",
                &[code, &ms(a.at_ms)],
            )?;
            Ok(())
        }
        Write::Abandon { code, at_ms } => {
            tx.execute(
                "UPDATE tables SET ended_ms = $2 WHERE code = $1",
                &[code, &ms(*at_ms)],
            )?;
            Ok(())
        }
        Write::End {
            code,
            record,
            at_ms,
        } => {
            tx.execute(
                "UPDATE tables SET ended_ms = $2, record = $3 WHERE code = $1",
                &[code, &ms(*at_ms), record],
            )?;
            Ok(())
        }
    }
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
            "SELECT code, clock_ms, bot_fill, bot_after_ms, secret, bot_seed, created_ms, started_ms, turn_started_ms
             FROM tables WHERE ended_ms IS NULL ORDER BY created_ms",
            &[],
        )? {
            let bot_fill: Option<String> = r.get(2);
            let secret: String = r.get(4);
            tables.push(StoredTable {
                meta: TableMeta {
                    code: r.get(0),
                    clock_ms: r.get::<_, i64>(1) as u64,
                    bot_fill: match bot_fill {
                        Some(l) => Some(Level::parse(&l).ok_or_else(|| unreadable("level"))?),
                        None => None,
                    },
                    bot_after_ms: r.get::<_, i64>(3) as u64,
                    secret: Seed::from_hex(&secret).map_err(|_| unreadable("secret"))?,
                    bot_seed: r.get::<_, i64>(5) as u64,
                    created_ms: r.get::<_, i64>(6) as u64,
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

    fn record(&mut self, code: &str) -> Result<Option<String>, StoreError> {
        let row = self
            .db
            .query_opt("SELECT record FROM tables WHERE code = $1", &[&code])?;
        Ok(row.and_then(|r| r.get::<_, Option<String>>(0)))
    }
}
