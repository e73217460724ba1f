//! Ratings, results and players' pages in the store, written once for every SQL store.
//!
//! A rated game's end ([`super::store::Write::End`] with [`RatedEnd`]) updates both players'
//! ratings in the same transaction as the table's end, so a server killed at any moment has
//! either both (the end and the ratings) or neither, and the game ends again after the restart.
//! `rating_history` is keyed by `(code, key)`: a game's ratings are never applied twice.
//!
//! Schema (both stores): `ratings(key, game, rating, deviation, volatility, games)`, key
//! `(key, game)`; `rating_history(code, key, game, at_ms, rating, deviation, volatility, games,
//! before_rating, before_deviation, before_volatility, before_games)`, key `(code, key)`;
//! `results(code, key, game, ended_ms, result, rated, opponent, opponent_key)`, key
//! `(code, key)`: each finished game of a player with a key, for their page.

use super::store::{StoreError, Value};
use crate::identity::PublicKey;
use crate::net::protocol::{
    GameKind, GameRating, GameResult, PROFILE_GAMES, PlayedGame, Profile, RatingPoint, RatingView,
};
use crate::rating::{Rating, Score, after_game};

/// What a query reads back: one cell.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Null,
    Text(String),
    Int(i64),
    Float(f64),
    Bool(bool),
}

impl Cell {
    fn text(&self) -> String {
        match self {
            Cell::Text(s) => s.clone(),
            _ => String::new(),
        }
    }

    fn int(&self) -> i64 {
        match self {
            Cell::Int(i) => *i,
            Cell::Float(f) => *f as i64,
            Cell::Bool(b) => i64::from(*b),
            _ => 0,
        }
    }

    fn float(&self) -> f64 {
        match self {
            Cell::Float(f) => *f,
            Cell::Int(i) => *i as f64,
            _ => 0.0,
        }
    }

    fn flag(&self) -> bool {
        self.int() != 0
    }

    fn maybe_text(&self) -> Option<String> {
        match self {
            Cell::Text(s) => Some(s.clone()),
            _ => None,
        }
    }
}

/// A SQL connection or transaction, as the shared code here needs it (parameters `$1`, `$2`…).
pub trait Db {
    fn rows(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Cell>>, StoreError>;
    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<(), StoreError>;
}

/// A rated game's end, as the table writes it with the table's end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedEnd {
    pub game: GameKind,
    /// Both players' keys (64 hex digits), by seat order.
    pub keys: [String; 2],
    /// How it ended for the first seat.
    pub score: ScoreWord,
}

/// [`Score`] as stored and compared (it has no `Eq` of its own here).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreWord {
    Win,
    Loss,
    Draw,
}

impl ScoreWord {
    fn score(self) -> Score {
        match self {
            ScoreWord::Win => Score::Win,
            ScoreWord::Loss => Score::Loss,
            ScoreWord::Draw => Score::Draw,
        }
    }

    /// The other seat's.
    pub fn other(self) -> ScoreWord {
        match self {
            ScoreWord::Win => ScoreWord::Loss,
            ScoreWord::Loss => ScoreWord::Win,
            ScoreWord::Draw => ScoreWord::Draw,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            ScoreWord::Win => "won",
            ScoreWord::Loss => "lost",
            ScoreWord::Draw => "drawn",
        }
    }
}

/// One player's finished game, for their page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerResult {
    pub key: String,
    /// The name they played under (their page shows the last one).
    pub name: String,
    pub score: ScoreWord,
    pub rated: bool,
    pub opponent: String,
    pub opponent_key: Option<String>,
}

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

fn rating_of(row: &[Cell]) -> Rating {
    Rating {
        rating: row[0].float(),
        deviation: row[1].float(),
        volatility: row[2].float(),
        games: row[3].int().max(0) as u32,
    }
}

/// A player's rating at a game: the stored one, or a new player's.
pub fn rating(db: &mut dyn Db, key: &str, game: GameKind) -> Result<Rating, StoreError> {
    let rows = db.rows(
        "SELECT rating, deviation, volatility, games FROM ratings WHERE key = $1 AND game = $2",
        &[text(key), text(game.cli_name())],
    )?;
    Ok(rows.first().map_or_else(Rating::default, |r| rating_of(r)))
}

/// Both seats' ratings before and after a rated game, by seat order, once it was applied.
pub fn changes(
    db: &mut dyn Db,
    code: &str,
    keys: &[String; 2],
) -> Result<Option<[(Rating, Rating); 2]>, StoreError> {
    let mut out = Vec::new();
    for key in keys {
        let rows = db.rows(
            "SELECT before_rating, before_deviation, before_volatility, before_games, rating, deviation, volatility, games
             FROM rating_history WHERE code = $1 AND key = $2",
            &[text(code), text(key)],
        )?;
        let Some(r) = rows.first() else {
            return Ok(None);
        };
        out.push((rating_of(&r[0..4]), rating_of(&r[4..8])));
    }
    Ok(Some([out[0], out[1]]))
}

/// Applies a rated game's end (in the transaction of the table's end): both ratings, computed
/// by Glicko-2 from the ratings stored now, and their history. Nothing when this game's
/// ratings were applied already.
pub fn rate(db: &mut dyn Db, code: &str, end: &RatedEnd, at_ms: u64) -> Result<(), StoreError> {
    let done = db.rows(
        "SELECT 1 FROM rating_history WHERE code = $1",
        &[text(code)],
    )?;
    if !done.is_empty() {
        return Ok(());
    }
    let before = [
        rating(db, &end.keys[0], end.game)?,
        rating(db, &end.keys[1], end.game)?,
    ];
    let (a, b) = after_game(before[0], before[1], end.score.score());
    for (i, after) in [a, b].into_iter().enumerate() {
        let key = &end.keys[i];
        let game = end.game.cli_name();
        db.exec(
            "INSERT INTO ratings (key, game, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (key, game) DO UPDATE SET rating = $3, deviation = $4, volatility = $5, games = $6",
            &[
                text(key),
                text(game),
                Value::Float(after.rating),
                Value::Float(after.deviation),
                Value::Float(after.volatility),
                Value::Int(i64::from(after.games)),
            ],
        )?;
        let b4 = before[i];
        db.exec(
            "INSERT INTO rating_history (code, key, game, at_ms, rating, deviation, volatility, games,
                 before_rating, before_deviation, before_volatility, before_games)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            &[
                text(code),
                text(key),
                text(game),
                Value::Int(at_ms as i64),
                Value::Float(after.rating),
                Value::Float(after.deviation),
                Value::Float(after.volatility),
                Value::Int(i64::from(after.games)),
                Value::Float(b4.rating),
                Value::Float(b4.deviation),
                Value::Float(b4.volatility),
                Value::Int(i64::from(b4.games)),
            ],
        )?;
    }
    Ok(())
}

/// Keeps each keyed player's finished game for their page (once).
pub fn results(
    db: &mut dyn Db,
    code: &str,
    game: GameKind,
    players: &[PlayerResult],
    at_ms: u64,
) -> Result<(), StoreError> {
    for p in players {
        db.exec(
            "INSERT INTO results (code, key, game, ended_ms, result, rated, opponent, opponent_key)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (code, key) DO NOTHING",
            &[
                text(code),
                text(&p.key),
                text(game.cli_name()),
                Value::Int(at_ms as i64),
                text(p.score.word()),
                Value::Bool(p.rated),
                text(&p.opponent),
                Value::MaybeText(p.opponent_key.clone()),
            ],
        )?;
        if !p.name.is_empty() {
            db.exec(
                "UPDATE players SET name = $2 WHERE key = $1",
                &[text(&p.key), text(&p.name)],
            )?;
        }
    }
    Ok(())
}

/// A player's page; `None` when the server has never seen the key.
pub fn profile(db: &mut dyn Db, key: &str) -> Result<Option<Profile>, StoreError> {
    let Some(public) = PublicKey::from_hex(key) else {
        return Ok(None);
    };
    let rows = db.rows(
        "SELECT first_ms, name FROM players WHERE key = $1",
        &[text(key)],
    )?;
    let Some(player) = rows.first() else {
        return Ok(None);
    };
    let mut ratings = Vec::new();
    for g in GameKind::ALL {
        let rows = db.rows(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE key = $1 AND game = $2",
            &[text(key), text(g.cli_name())],
        )?;
        let Some(r) = rows.first() else { continue };
        let history = db
            .rows(
                "SELECT at_ms, rating, deviation FROM rating_history WHERE key = $1 AND game = $2 ORDER BY at_ms, code",
                &[text(key), text(g.cli_name())],
            )?
            .iter()
            .map(|h| RatingPoint {
                at_ms: h[0].int().max(0) as u64,
                rating: h[1].float(),
                deviation: h[2].float(),
            })
            .collect();
        ratings.push(GameRating {
            game: g,
            rating: RatingView::of(&rating_of(r)),
            history,
        });
    }
    let rows = db.rows(
        "SELECT r.code, r.game, r.ended_ms, r.result, r.rated, r.opponent, r.opponent_key,
                h.rating, h.before_rating
         FROM results r LEFT JOIN rating_history h ON h.code = r.code AND h.key = r.key
         WHERE r.key = $1 ORDER BY r.ended_ms DESC, r.code LIMIT 100",
        &[text(key)],
    )?;
    let games = rows
        .iter()
        .take(PROFILE_GAMES)
        .filter_map(|r| {
            Some(PlayedGame {
                code: r[0].text(),
                game: GameKind::parse(&r[1].text())?,
                ended_ms: r[2].int().max(0) as u64,
                result: match r[3].text().as_str() {
                    "won" => GameResult::Won,
                    "lost" => GameResult::Lost,
                    _ => GameResult::Drawn,
                },
                rated: r[4].flag(),
                opponent: r[5].text(),
                opponent_fingerprint: r[6]
                    .maybe_text()
                    .and_then(|k| PublicKey::from_hex(&k))
                    .map(|k| k.fingerprint()),
                opponent_key: r[6].maybe_text(),
                change: match (&r[7], &r[8]) {
                    (Cell::Null, _) | (_, Cell::Null) => None,
                    (a, b) => Some((a.float().round() - b.float().round()) as i32),
                },
            })
        })
        .collect();
    Ok(Some(Profile {
        key: key.to_string(),
        fingerprint: public.fingerprint(),
        name: player[1].text(),
        since_ms: player[0].int().max(0) as u64,
        ratings,
        games,
    }))
}
