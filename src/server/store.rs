//! Where the server keeps its tables: every seat taken, every accepted action and every finished
//! record, written before anything is announced. [`Store`] is the interface; [`SqliteStore`] the
//! embedded default (one file). [`StoreHandle`] runs a store on its own thread and commits the
//! writes of many tables together (one transaction a batch), acknowledging each.
//!
//! Schema (SQLite):
//! - `tables(code PK, game, clock_ms, bot_fill, bot_after_ms, secret, bot_seed, created_ms,
//!   started_ms, turn_started_ms, ended_ms, record)`: one row a table; `turn_started_ms` is the
//!   wall-clock time the awaited turn began (the clock's state), `record` the finished record.
//! - `seats(code, seat, kind, level, name, token UNIQUE)`: the seats taken; `token` is NULL for
//!   a bot.
//! - `actions(code, seq, action, side, timeout, at_ms)`, key `(code, seq)`: the course, in order.
//! - `tables.generation`: the fencing token. Every write to a table after its creation names the
//!   generation its writer holds, and the store refuses it ([`StoreError::is_fenced`]) unless
//!   that is the table's generation now; a process that takes a table over raises it first
//!   ([`Store::take`]), so the earlier holder can write nothing more.

use crate::ai::Level;
use crate::fair::Seed;
use crate::net::protocol::{GameKind, SeatId, Side, TableOptions, TimeControl};
use rusqlite::{Connection, OptionalExtension};
use std::path::Path;
use tokio::sync::{mpsc, oneshot};

/// Why the store failed, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "store: {}", self.0)
    }
}

/// How a refused write's error begins (see [`StoreError::is_fenced`]).
const FENCED: &str = "fenced";

impl StoreError {
    /// A write naming `generation` for table `code`, whose generation is another now: a
    /// newer holder took the table over.
    pub fn fenced(code: &str, generation: u64) -> StoreError {
        StoreError(format!(
            "{FENCED}: table {code} is no longer at generation {generation}: another process took it over"
        ))
    }

    /// Whether the store refused the write because its generation is not the table's.
    pub fn is_fenced(&self) -> bool {
        self.0.starts_with(FENCED)
    }
}

/// The generation a new table starts at.
pub const FIRST_GENERATION: u64 = 1;

/// The fence every write to an existing table passes first, in the write's own transaction:
/// it matches (and locks) the table's row only while the table is at the writer's generation.
/// One row changed: the write goes on; none: it is refused. In PostgreSQL the row lock orders
/// it with [`Store::take`]'s raise: a write that waits for a raise to commit sees the new
/// generation.
pub const FENCE: &str =
    "UPDATE tables SET generation = generation WHERE code = $1 AND generation = $2";

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

/// Who holds a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredSeatKind {
    /// A person; `token` takes the seat back.
    Human {
        token: String,
    },
    Bot(Level),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    pub seat: SeatId,
    pub kind: StoredSeatKind,
    pub name: String,
    /// The public key its player proved (64 hex digits), if they did.
    pub key: Option<String>,
}

/// What a table was opened with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableMeta {
    pub code: String,
    /// The game the table holds (the `game` column).
    pub game: GameKind,
    pub clock_ms: u64,
    pub bot_fill: Option<Level>,
    pub bot_after_ms: u64,
    pub secret: Seed,
    pub bot_seed: u64,
    pub created_ms: u64,
    /// The game's options chosen by the opener (the `options` column, their JSON).
    pub options: TableOptions,
    /// The time control (kept in the `options` column's JSON as `control`; a table stored
    /// before controls has `clock_ms` a turn).
    pub control: TimeControl,
    /// Listed in the lobby and on the watch list (`public` in the `options` column's JSON).
    pub public: bool,
    /// Rated (`rated` in the `options` column's JSON).
    pub rated: bool,
}

/// What the `options` column holds: the game's options, with the table's time control and
/// whether it is public beside them (one JSON object, so a file or database made before these
/// settings reads as it was).
#[derive(serde::Serialize, serde::Deserialize)]
struct Settings {
    #[serde(flatten)]
    options: TableOptions,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    control: Option<TimeControl>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    public: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    rated: bool,
}

impl TableMeta {
    /// The `options` column's text.
    pub fn settings_json(&self) -> String {
        serde_json::to_string(&Settings {
            options: self.options,
            control: Some(self.control),
            public: self.public,
            rated: self.rated,
        })
        .unwrap_or_else(|_| "{}".into())
    }

    /// Reads the `options` column back into `options`, `control`, `public` and `rated`;
    /// `None` when it is not such an object. A table stored before time controls has
    /// `clock_ms` a turn.
    pub fn read_settings(
        text: &str,
        clock_ms: u64,
    ) -> Option<(TableOptions, TimeControl, bool, bool)> {
        let s: Settings = serde_json::from_str(text).ok()?;
        let control = s.control.unwrap_or(TimeControl::Turn {
            seconds: (clock_ms / 1000).max(1) as u32,
        });
        Some((s.options, control, s.public, s.rated))
    }
}

/// One accepted action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAction {
    pub seq: u64,
    pub action: String,
    pub side: Side,
    pub timeout: bool,
    pub at_ms: u64,
    /// The action's signature in the table's chain (128 hex digits) and who signed it; absent
    /// for an offer's row, and for actions stored before actions were signed.
    pub sig: Option<String>,
    pub signer: Option<crate::identity::Signer>,
}

/// One change to the store. Every change to an existing table names the `generation` its
/// writer holds the table at (the fencing token): the store refuses it when the table's
/// generation is another ([`StoreError::is_fenced`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Write {
    /// A new table with its first seat, at [`FIRST_GENERATION`]. Fails when the code is taken.
    Create { meta: TableMeta, first: StoredSeat },
    /// The second seat is taken: the game starts, its first turn at `at_ms`.
    Start {
        code: String,
        generation: u64,
        second: StoredSeat,
        at_ms: u64,
    },
    /// An accepted action; the next turn starts at its `at_ms`.
    Action {
        code: String,
        generation: u64,
        action: StoredAction,
    },
    /// Nobody took the second seat in time: the table is closed, without a game.
    Abandon {
        code: String,
        generation: u64,
        at_ms: u64,
    },
    /// Changes nothing: only whether the writer still holds the table at `generation` (a
    /// process that finds its lease taken asks the store before it lets the table go).
    Hold { code: String, generation: u64 },
    /// The game ended: its record (the text `tables verify` reads).
    End {
        code: String,
        generation: u64,
        record: String,
        at_ms: u64,
        /// A rated game: both ratings change in the same transaction.
        rated: Option<super::ratings::RatedEnd>,
        /// The game as each player with a key played it, for their page.
        players: Vec<super::ratings::PlayerResult>,
    },
    /// A player proved this public key (64 hex digits): kept once, with when it was first
    /// seen, and the name they last sat down with (when `name` is not empty). Only public
    /// keys are stored.
    Player {
        key: String,
        at_ms: u64,
        name: String,
    },
}

impl Write {
    /// The table and generation the write is fenced by (every write to an existing table).
    pub fn fence(&self) -> Option<(&str, u64)> {
        match self {
            Write::Start {
                code, generation, ..
            }
            | Write::Action {
                code, generation, ..
            }
            | Write::Abandon {
                code, generation, ..
            }
            | Write::Hold { code, generation }
            | Write::End {
                code, generation, ..
            } => Some((code, *generation)),
            Write::Create { .. } | Write::Player { .. } => None,
        }
    }
}

/// A table that had not ended, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTable {
    pub meta: TableMeta,
    /// Its generation (the fencing token) as read: what its holder's writes name.
    pub generation: u64,
    pub seats: Vec<StoredSeat>,
    pub started_ms: Option<u64>,
    pub turn_started_ms: Option<u64>,
    pub actions: Vec<StoredAction>,
}

/// A value bound to a statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Text(String),
    MaybeText(Option<String>),
    Int(i64),
    Bool(bool),
    Float(f64),
}

fn ms(v: u64) -> Value {
    Value::Int(v as i64)
}

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

fn seat_statement(code: &str, s: &StoredSeat) -> (&'static str, Vec<Value>) {
    let (kind, level, token) = match &s.kind {
        StoredSeatKind::Human { token } => ("human", None, Some(token.clone())),
        StoredSeatKind::Bot(l) => ("bot", Some(l.name().to_string()), None),
    };
    (
        "INSERT INTO seats (code, seat, kind, level, name, token, key) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        vec![
            text(code),
            Value::Int(seat_index(s.seat)),
            text(kind),
            Value::MaybeText(level),
            text(&s.name),
            Value::MaybeText(token),
            Value::MaybeText(s.key.clone()),
        ],
    )
}

/// The SQL statements of one write, for every SQL store: parameters numbered `$1`, `$2`, ...
pub fn statements(w: &Write) -> Vec<(&'static str, Vec<Value>)> {
    match w {
        Write::Create { meta, first } => vec![
            (
                "INSERT INTO tables (code, game, clock_ms, bot_fill, bot_after_ms, secret, bot_seed, created_ms, options, generation)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                vec![
                    text(&meta.code),
                    text(meta.game.cli_name()),
                    ms(meta.clock_ms),
                    Value::MaybeText(meta.bot_fill.map(|l| l.name().to_string())),
                    ms(meta.bot_after_ms),
                    Value::Text(meta.secret.to_hex()),
                    Value::Int(meta.bot_seed as i64),
                    ms(meta.created_ms),
                    Value::Text(meta.settings_json()),
                    ms(FIRST_GENERATION),
                ],
            ),
            seat_statement(&meta.code, first),
        ],
        Write::Start {
            code,
            second,
            at_ms,
            ..
        } => vec![
            seat_statement(code, second),
            (
                "UPDATE tables SET started_ms = $2, turn_started_ms = $2 WHERE code = $1",
                vec![text(code), ms(*at_ms)],
            ),
        ],
        Write::Action {
            code, action: a, ..
        } => vec![
            (
                "INSERT INTO actions (code, seq, action, side, timeout, at_ms, sig, signer) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                vec![
                    text(code),
                    ms(a.seq),
                    text(&a.action),
                    text(side_text(a.side)),
                    Value::Bool(a.timeout),
                    ms(a.at_ms),
                    Value::MaybeText(a.sig.clone()),
                    Value::MaybeText(a.signer.map(|s| s.word().to_string())),
                ],
            ),
            (
                "UPDATE tables SET turn_started_ms = $2 WHERE code = $1",
                vec![text(code), ms(a.at_ms)],
            ),
        ],
        Write::Hold { .. } => Vec::new(),
        Write::Abandon { code, at_ms, .. } => vec![(
            "UPDATE tables SET ended_ms = $2 WHERE code = $1",
            vec![text(code), ms(*at_ms)],
        )],
        Write::End {
            code,
            record,
            at_ms,
            ..
        } => vec![(
            "UPDATE tables SET ended_ms = $2, record = $3 WHERE code = $1",
            vec![text(code), ms(*at_ms), text(record)],
        )],
        Write::Player { key, at_ms, name } => vec![(
            "INSERT INTO players (key, first_ms, name) VALUES ($1, $2, $3)
             ON CONFLICT (key) DO UPDATE SET name = CASE WHEN $3 = '' THEN players.name ELSE $3 END",
            vec![text(key), ms(*at_ms), text(name)],
        )],
    }
}

/// Applies each write of a batch in its own savepoint of one transaction, so one that fails
/// (a taken code) leaves the others in; `run` runs a statement, `apply` one write.
pub fn in_savepoints<T, E>(
    tx: &mut T,
    batch: &[Write],
    run: impl Fn(&mut T, &str) -> Result<(), E>,
    apply: impl Fn(&mut T, &Write) -> Result<(), E>,
) -> Result<Vec<Result<(), StoreError>>, StoreError>
where
    StoreError: From<E>,
{
    let mut results = Vec::with_capacity(batch.len());
    for w in batch {
        run(tx, "SAVEPOINT one")?;
        let done = apply(tx, w);
        if done.is_err() {
            run(tx, "ROLLBACK TO SAVEPOINT one")?;
        }
        run(tx, "RELEASE SAVEPOINT one")?;
        results.push(done.map_err(StoreError::from));
    }
    Ok(results)
}

/// A place to keep tables.
pub trait Store: Send {
    /// Applies the writes together, each on its own: a write that fails (a taken code) leaves
    /// the others in. One result a write, in order; all are durable when this returns.
    fn write(&mut self, batch: &[Write]) -> Result<Vec<Result<(), StoreError>>, StoreError>;
    /// Every table that has not ended.
    fn open_tables(&mut self) -> Result<Vec<StoredTable>, StoreError>;
    /// Takes table `code` for a new holder (a process taking it over, or this one restarting):
    /// its generation raised by one, committed, so that every write naming an earlier
    /// generation is refused from now on; then the table as stored now, at its new
    /// generation. `None` when it has ended or is unknown.
    fn take(&mut self, code: &str) -> Result<Option<StoredTable>, StoreError>;
    /// A finished table's record.
    fn record(&mut self, code: &str) -> Result<Option<String>, StoreError>;
    /// The server's own signing secret (64 hex digits): the one kept, or `fresh` kept now when
    /// there was none. With several processes on one database, the first to keep one wins and
    /// all sign with it.
    fn server_secret(&mut self, fresh: &str) -> Result<String, StoreError>;
    /// What the players' pages and ratings read: a query through [`super::ratings`].
    fn ask(&mut self, q: &Query) -> Result<Answer, StoreError>;
}

/// A read of ratings and players' pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query {
    /// Players' ratings at a game (a new player's for an unknown key), in order.
    Ratings { keys: Vec<String>, game: GameKind },
    /// A player's page.
    Profile { key: String },
    /// A rated game's changes, by seat order, once applied.
    Changes { code: String, keys: [String; 2] },
    /// The open table and seat a seat token belongs to (with several processes, when Redis
    /// lost its index of the tokens: it restarted empty).
    Seat { token: String },
    /// The ended table and seat a seat token belonged to (a player coming back after the end:
    /// told the game is over, with its record, rather than that the token is unknown).
    EndedSeat { token: String },
}

/// What a [`Query`] found.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Ratings(Vec<crate::rating::Rating>),
    Profile(Option<Box<crate::net::protocol::Profile>>),
    Changes(Option<[(crate::rating::Rating, crate::rating::Rating); 2]>),
    Seat(Option<(String, SeatId)>),
}

/// Answers a query on any SQL store.
pub fn answer(db: &mut dyn super::ratings::Db, q: &Query) -> Result<Answer, StoreError> {
    use super::ratings as r;
    Ok(match q {
        Query::Ratings { keys, game } => Answer::Ratings(
            keys.iter()
                .map(|k| r::rating(db, k, *game))
                .collect::<Result<_, _>>()?,
        ),
        Query::Profile { key } => Answer::Profile(r::profile(db, key)?.map(Box::new)),
        Query::Changes { code, keys } => Answer::Changes(r::changes(db, code, keys)?),
        Query::Seat { token } => Answer::Seat(seat_of(
            db,
            "SELECT seats.code, seats.seat FROM seats JOIN tables ON tables.code = seats.code
             WHERE seats.token = $1 AND tables.ended_ms IS NULL",
            token,
        )?),
        Query::EndedSeat { token } => Answer::Seat(seat_of(
            db,
            "SELECT seats.code, seats.seat FROM seats JOIN tables ON tables.code = seats.code
             WHERE seats.token = $1 AND tables.ended_ms IS NOT NULL AND tables.record IS NOT NULL",
            token,
        )?),
    })
}

/// The table and seat `sql` finds for a token (its first row), if any.
fn seat_of(
    db: &mut dyn super::ratings::Db,
    sql: &str,
    token: &str,
) -> Result<Option<(String, SeatId)>, StoreError> {
    use super::ratings as r;
    Ok(db
        .rows(sql, &[text(token)])?
        .first()
        .and_then(|row| match (&row[0], &row[1]) {
            (r::Cell::Text(code), r::Cell::Int(seat)) => Some((
                code.clone(),
                if *seat == 0 {
                    SeatId::First
                } else {
                    SeatId::Second
                },
            )),
            _ => None,
        }))
}

/// The embedded store: one SQLite file.
pub struct SqliteStore {
    db: Connection,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    clock_ms INTEGER NOT NULL,
    bot_fill TEXT,
    bot_after_ms INTEGER NOT NULL,
    secret TEXT NOT NULL,
    bot_seed INTEGER NOT NULL,
    created_ms INTEGER NOT NULL,
    started_ms INTEGER,
    turn_started_ms INTEGER,
    ended_ms INTEGER,
    record TEXT,
    options TEXT NOT NULL DEFAULT '{}',
    generation INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    level TEXT,
    name TEXT NOT NULL,
    token TEXT UNIQUE,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL REFERENCES tables(code),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    side TEXT NOT NULL,
    timeout INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (code, seq)
);
CREATE INDEX IF NOT EXISTS open_tables ON tables(ended_ms);
CREATE TABLE IF NOT EXISTS players (
    key TEXT PRIMARY KEY,
    first_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    key TEXT NOT NULL,
    game TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (key, game)
);
CREATE TABLE IF NOT EXISTS rating_history (
    code TEXT NOT NULL,
    key TEXT NOT NULL,
    game TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    before_rating REAL NOT NULL,
    before_deviation REAL NOT NULL,
    before_volatility REAL NOT NULL,
    before_games INTEGER NOT NULL,
    PRIMARY KEY (code, key)
);
CREATE INDEX IF NOT EXISTS history_of ON rating_history(key, game);
CREATE TABLE IF NOT EXISTS results (
    code TEXT NOT NULL,
    key TEXT NOT NULL,
    game TEXT NOT NULL,
    ended_ms INTEGER NOT NULL,
    result TEXT NOT NULL,
    rated INTEGER NOT NULL,
    opponent TEXT NOT NULL,
    opponent_key TEXT,
    PRIMARY KEY (code, key)
);
CREATE INDEX IF NOT EXISTS results_of ON results(key, ended_ms);
CREATE TABLE IF NOT EXISTS server_keys (
    id INTEGER PRIMARY KEY,
    secret TEXT NOT NULL
);
";

fn side_text(s: Side) -> &'static str {
    match s {
        Side::Ash => "ash",
        Side::Walnut => "walnut",
    }
}

fn seat_index(s: SeatId) -> i64 {
    s.index() as i64
}

impl SqliteStore {
    /// Opens (or creates) the file. WAL journal with `synchronous=NORMAL`: a committed write
    /// survives the server process being killed; only a power cut may lose the last commits.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let db = Connection::open(path)?;
        db.pragma_update(None, "journal_mode", "WAL")?;
        db.pragma_update(None, "synchronous", "NORMAL")?;
        db.pragma_update(None, "foreign_keys", "ON")?;
        db.execute_batch(SCHEMA)?;
        // A file made before tables had options gains the column (every old table is Ash &
        // Walnut's, which has none).
        let has_options = db
            .prepare("SELECT 1 FROM pragma_table_info('tables') WHERE name = 'options'")?
            .exists([])?;
        if !has_options {
            db.execute_batch("ALTER TABLE tables ADD COLUMN options TEXT NOT NULL DEFAULT '{}'")?;
        }
        // A file made before keys gains their columns.
        for (table, column, kind) in [
            ("seats", "key", "TEXT"),
            ("actions", "sig", "TEXT"),
            ("actions", "signer", "TEXT"),
            ("players", "name", "TEXT NOT NULL DEFAULT ''"),
            ("tables", "generation", "INTEGER NOT NULL DEFAULT 1"),
        ] {
            let has = db
                .prepare(&format!(
                    "SELECT 1 FROM pragma_table_info('{table}') WHERE name = '{column}'"
                ))?
                .exists([])?;
            if !has {
                db.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind}"))?;
            }
        }
        Ok(SqliteStore { db })
    }

    fn apply(db: &Connection, w: &Write) -> Result<(), StoreError> {
        if let Some((code, generation)) = w.fence() {
            let held = db.execute(
                &FENCE.replace('$', "?"),
                rusqlite::params![code, generation as i64],
            )?;
            if held != 1 {
                return Err(StoreError::fenced(code, generation));
            }
        }
        for (sql, values) in statements(w) {
            // The statements number their parameters `$n`; SQLite reads them as `?n`.
            db.execute(&sql.replace('$', "?"), rusqlite::params_from_iter(values))?;
        }
        let mut db = SqliteDb(db);
        apply_end(&mut db, w)
    }
}

/// What a table's end writes beyond its row, in any SQL store: each keyed player's result and,
/// for a rated game, both ratings.
pub fn apply_end(db: &mut dyn super::ratings::Db, w: &Write) -> Result<(), StoreError> {
    if let Write::End {
        code,
        at_ms,
        rated,
        players,
        ..
    } = w
    {
        let game = db
            .rows("SELECT game FROM tables WHERE code = $1", &[text(code)])?
            .first()
            .and_then(|r| match &r[0] {
                super::ratings::Cell::Text(g) => GameKind::parse(g),
                _ => None,
            });
        if let Some(game) = game {
            super::ratings::results(db, code, game, players, *at_ms)?;
        }
        if let Some(end) = rated {
            super::ratings::rate(db, code, end, *at_ms)?;
        }
    }
    Ok(())
}

/// SQLite as [`super::ratings::Db`].
struct SqliteDb<'a>(&'a Connection);

impl super::ratings::Db for SqliteDb<'_> {
    fn rows(
        &mut self,
        sql: &str,
        params: &[Value],
    ) -> Result<Vec<Vec<super::ratings::Cell>>, StoreError> {
        use super::ratings::Cell;
        use rusqlite::types::ValueRef;
        let mut q = self.0.prepare(&sql.replace('$', "?"))?;
        let n = q.column_count();
        let rows = q.query_map(rusqlite::params_from_iter(params.iter()), |r| {
            (0..n)
                .map(|i| {
                    Ok(match r.get_ref(i)? {
                        ValueRef::Null => Cell::Null,
                        ValueRef::Integer(v) => Cell::Int(v),
                        ValueRef::Real(v) => Cell::Float(v),
                        ValueRef::Text(t) => Cell::Text(String::from_utf8_lossy(t).into_owned()),
                        ValueRef::Blob(_) => Cell::Null,
                    })
                })
                .collect::<rusqlite::Result<Vec<Cell>>>()
        })?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<(), StoreError> {
        self.0.execute(
            &sql.replace('$', "?"),
            rusqlite::params_from_iter(params.iter()),
        )?;
        Ok(())
    }
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        match self {
            Value::Text(s) => s.to_sql(),
            Value::MaybeText(s) => s.to_sql(),
            Value::Int(i) => i.to_sql(),
            Value::Bool(b) => b.to_sql(),
            Value::Float(f) => f.to_sql(),
        }
    }
}

fn bad(what: &str) -> rusqlite::Error {
    rusqlite::Error::InvalidColumnName(format!("unreadable {what}"))
}

impl SqliteStore {
    /// The tables that have not ended (only `only`, when it names one), as stored.
    fn read_open(&mut self, only: Option<&str>) -> Result<Vec<StoredTable>, StoreError> {
        let mut tables = Vec::new();
        let mut q = self.db.prepare(
            "SELECT code, clock_ms, bot_fill, bot_after_ms, secret, bot_seed, created_ms, started_ms, turn_started_ms, game, options, generation
             FROM tables WHERE ended_ms IS NULL AND (?1 IS NULL OR code = ?1) ORDER BY created_ms",
        )?;
        let rows = q.query_map([only], |r| {
            let bot_fill: Option<String> = r.get(2)?;
            let secret: String = r.get(4)?;
            let game: String = r.get(9)?;
            let options: String = r.get(10)?;
            let clock_ms = r.get::<_, i64>(1)? as u64;
            let (options, control, public, rated) =
                TableMeta::read_settings(&options, clock_ms).ok_or_else(|| bad("options"))?;
            Ok(StoredTable {
                meta: TableMeta {
                    code: r.get(0)?,
                    game: GameKind::parse(&game).ok_or_else(|| bad("game"))?,
                    clock_ms,
                    bot_fill: match bot_fill {
                        Some(l) => Some(Level::parse(&l).ok_or_else(|| bad("level"))?),
                        None => None,
                    },
                    bot_after_ms: r.get::<_, i64>(3)? as u64,
                    secret: Seed::from_hex(&secret).map_err(|_| bad("secret"))?,
                    bot_seed: r.get::<_, i64>(5)? as u64,
                    created_ms: r.get::<_, i64>(6)? as u64,
                    options,
                    control,
                    public,
                    rated,
                },
                generation: r.get::<_, i64>(11)? as u64,
                seats: Vec::new(),
                started_ms: r.get::<_, Option<i64>>(7)?.map(|v| v as u64),
                turn_started_ms: r.get::<_, Option<i64>>(8)?.map(|v| v as u64),
                actions: Vec::new(),
            })
        })?;
        for t in rows {
            tables.push(t?);
        }
        let mut seats = self.db.prepare(
            "SELECT seat, kind, level, name, token, key FROM seats WHERE code = ?1 ORDER BY seat",
        )?;
        let mut actions = self.db.prepare(
            "SELECT seq, action, side, timeout, at_ms, sig, signer FROM actions WHERE code = ?1 ORDER BY seq",
        )?;
        for t in &mut tables {
            let rows = seats.query_map([&t.meta.code], |r| {
                let seat = if r.get::<_, i64>(0)? == 0 {
                    SeatId::First
                } else {
                    SeatId::Second
                };
                let kind: String = r.get(1)?;
                let level: Option<String> = r.get(2)?;
                let token: Option<String> = r.get(4)?;
                let kind = match (kind.as_str(), level, token) {
                    ("human", _, Some(token)) => StoredSeatKind::Human { token },
                    ("bot", Some(l), _) => {
                        StoredSeatKind::Bot(Level::parse(&l).ok_or_else(|| bad("level"))?)
                    }
                    _ => return Err(bad("seat")),
                };
                Ok(StoredSeat {
                    seat,
                    kind,
                    name: r.get(3)?,
                    key: r.get(5)?,
                })
            })?;
            for s in rows {
                t.seats.push(s?);
            }
            let rows = actions.query_map([&t.meta.code], |r| {
                let side: String = r.get(2)?;
                Ok(StoredAction {
                    seq: r.get::<_, i64>(0)? as u64,
                    action: r.get(1)?,
                    side: if side == "ash" {
                        Side::Ash
                    } else {
                        Side::Walnut
                    },
                    timeout: r.get(3)?,
                    at_ms: r.get::<_, i64>(4)? as u64,
                    sig: r.get(5)?,
                    signer: r
                        .get::<_, Option<String>>(6)?
                        .and_then(|w| crate::identity::Signer::parse(&w)),
                })
            })?;
            for a in rows {
                t.actions.push(a?);
            }
        }
        Ok(tables)
    }
}

impl Store for SqliteStore {
    fn write(&mut self, batch: &[Write]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        let mut tx = self.db.transaction()?;
        let results = in_savepoints(
            &mut tx,
            batch,
            |tx, sql| tx.execute_batch(sql).map_err(StoreError::from),
            |tx, w| Self::apply(tx, w),
        )?;
        tx.commit()?;
        Ok(results)
    }

    fn open_tables(&mut self) -> Result<Vec<StoredTable>, StoreError> {
        self.read_open(None)
    }

    fn take(&mut self, code: &str) -> Result<Option<StoredTable>, StoreError> {
        // The generation this raise made, not one read afterwards (see the PostgreSQL store).
        let Some(generation) = self
            .db
            .query_row(
                "UPDATE tables SET generation = generation + 1 WHERE code = ?1 AND ended_ms IS NULL
                 RETURNING generation",
                [code],
                |r| r.get::<_, i64>(0),
            )
            .optional()?
        else {
            return Ok(None);
        };
        let generation = generation as u64;
        Ok(self
            .read_open(Some(code))?
            .pop()
            .map(|t| StoredTable { generation, ..t }))
    }

    fn server_secret(&mut self, fresh: &str) -> Result<String, StoreError> {
        self.db.execute(
            "INSERT INTO server_keys (id, secret) VALUES (1, ?1) ON CONFLICT (id) DO NOTHING",
            [fresh],
        )?;
        Ok(self
            .db
            .query_row("SELECT secret FROM server_keys WHERE id = 1", [], |r| {
                r.get(0)
            })?)
    }

    fn ask(&mut self, q: &Query) -> Result<Answer, StoreError> {
        answer(&mut SqliteDb(&self.db), q)
    }

    fn record(&mut self, code: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .db
            .query_row("SELECT record FROM tables WHERE code = ?1", [code], |r| {
                r.get::<_, Option<String>>(0)
            })
            .optional()?
            .flatten())
    }
}

enum Job {
    Write(Write, oneshot::Sender<Result<(), StoreError>>),
    Record(String, oneshot::Sender<Result<Option<String>, StoreError>>),
    Open(oneshot::Sender<Result<Vec<StoredTable>, StoreError>>),
    Take(
        String,
        oneshot::Sender<Result<Option<StoredTable>, StoreError>>,
    ),
    ServerSecret(String, oneshot::Sender<Result<String, StoreError>>),
    Ask(Query, oneshot::Sender<Result<Answer, StoreError>>),
}

/// A store on its own thread: writes from all tables are committed in batches and each is
/// acknowledged once durable.
#[derive(Clone)]
pub struct StoreHandle {
    jobs: mpsc::UnboundedSender<Job>,
}

/// The most writes committed in one transaction.
const BATCH: usize = 512;

impl StoreHandle {
    pub fn spawn(mut store: Box<dyn Store>) -> StoreHandle {
        let (jobs, mut rx) = mpsc::unbounded_channel::<Job>();
        std::thread::Builder::new()
            .name("store".into())
            .spawn(move || {
                let mut writes = Vec::new();
                let mut acks = Vec::new();
                while let Some(first) = rx.blocking_recv() {
                    let mut next = Some(first);
                    while let Some(job) = next.take() {
                        match job {
                            Job::Write(w, ack) => {
                                writes.push(w);
                                acks.push(ack);
                            }
                            Job::Record(code, reply) => {
                                let _ = reply.send(store.record(&code));
                            }
                            Job::Open(reply) => {
                                let _ = reply.send(store.open_tables());
                            }
                            Job::Take(code, reply) => {
                                let _ = reply.send(store.take(&code));
                            }
                            Job::ServerSecret(fresh, reply) => {
                                let _ = reply.send(store.server_secret(&fresh));
                            }
                            Job::Ask(q, reply) => {
                                let _ = reply.send(store.ask(&q));
                            }
                        }
                        if writes.len() < BATCH {
                            next = rx.try_recv().ok();
                        }
                    }
                    if writes.is_empty() {
                        continue;
                    }
                    let started = std::time::Instant::now();
                    let written = store.write(&writes);
                    super::metrics::COUNTERS
                        .store_write
                        .observe(started.elapsed());
                    match written {
                        Ok(results) => {
                            for (ack, r) in acks.drain(..).zip(results) {
                                let _ = ack.send(r);
                            }
                        }
                        Err(e) => {
                            for ack in acks.drain(..) {
                                let _ = ack.send(Err(e.clone()));
                            }
                        }
                    }
                    writes.clear();
                }
            })
            .expect("the store thread starts");
        StoreHandle { jobs }
    }

    /// Writes one change; returns once it is durable.
    pub async fn write(&self, w: Write) -> Result<(), StoreError> {
        let (ack, done) = oneshot::channel();
        self.jobs
            .send(Job::Write(w, ack))
            .map_err(|_| StoreError("the store has stopped".into()))?;
        done.await
            .map_err(|_| StoreError("the store has stopped".into()))?
    }

    pub async fn record(&self, code: &str) -> Result<Option<String>, StoreError> {
        let (reply, done) = oneshot::channel();
        self.ask(Job::Record(code.to_string(), reply), done).await
    }

    /// The server's signing secret (see [`Store::server_secret`]).
    pub async fn server_secret(&self, fresh: &str) -> Result<String, StoreError> {
        let (reply, done) = oneshot::channel();
        self.ask(Job::ServerSecret(fresh.to_string(), reply), done)
            .await
    }

    /// Reads ratings or a player's page.
    pub async fn query(&self, q: Query) -> Result<Answer, StoreError> {
        let (reply, done) = oneshot::channel();
        self.ask(Job::Ask(q, reply), done).await
    }

    /// Every table that has not ended, as stored now.
    pub async fn open_tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        let (reply, done) = oneshot::channel();
        self.ask(Job::Open(reply), done).await
    }

    /// Takes table `code` for this process (see [`Store::take`]).
    pub async fn take(&self, code: &str) -> Result<Option<StoredTable>, StoreError> {
        let (reply, done) = oneshot::channel();
        self.ask(Job::Take(code.to_string(), reply), done).await
    }

    async fn ask<T>(
        &self,
        job: Job,
        done: oneshot::Receiver<Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        self.jobs
            .send(job)
            .map_err(|_| StoreError("the store has stopped".into()))?;
        done.await
            .map_err(|_| StoreError("the store has stopped".into()))?
    }
}
