//! The device's archive of finished games: the "Games" list of the menu. Each entry keeps the
//! game's text record (Ash & Walnut's `GameRecord`, a Snēlab `CaseRecord` or, for a case at
//! this device, `LocalCase`, an online `ChessRecord` or a local `LocalChessRecord`) with what
//! the list shows of it (when it
//! finished, which game, the opponent, the result, how many actions stand), and opens as a
//! replay ([`crate::review::read`]). A record from a file or pasted text is read the same way
//! ([`Archived::from_text`]), telling which game it is.
//!
//! Decisions where the issue is silent:
//! - The archive keeps at most [`CAP`] games; pushing one more drops the oldest (the one
//!   pushed first). A save holding more (written by hand) loses its oldest on reading.
//! - The list is in the order games were pushed, newest first; the dates are the caller's
//!   (UTC, RFC 3339 at seconds: `2025-03-01T18:04:05Z`) and are not compared or checked.
//! - A record already in the archive (the same text) is not pushed twice.
//! - An entry is summed up once, when it is made, from its record (replayed then, so a record
//!   that does not replay is refused); opening it replays the record again.
//! - The result is from the side of this device's player when there is one (against the
//!   engine, online); at a hot seat, or for a record from elsewhere, it names the winning side.
//! - The opponent is the other side's name as the record shows it; with no player, both
//!   names (`first – second`, the first side's first).

use crate::play::Seat;
use crate::play::chess::ChessGame;
use crate::play::chess_record::{ChessRecord, LOCAL_HEADER, LocalChessRecord, RecordedResult};
use crate::play::snelab::record::LocalCase;
use crate::review::{Replay, ReplayError};
use crate::rules::GameKind;
use crate::rules::chess::Colour;
use crate::save::Saved;
use serde::{Deserialize, Serialize};

/// The most games the archive keeps.
pub const CAP: usize = 200;

/// A side of one of the three games, as the list names a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArchivedSide {
    White,
    Black,
    Ash,
    Walnut,
    South,
    North,
}

impl ArchivedSide {
    /// The side of `game` at side index `index` (0: the side that opens: white, ash, South;
    /// anything else: the other).
    pub fn of(game: GameKind, index: usize) -> ArchivedSide {
        let first = index == 0;
        match (game, first) {
            (GameKind::Chess, true) => ArchivedSide::White,
            (GameKind::Chess, false) => ArchivedSide::Black,
            (GameKind::Hive, true) => ArchivedSide::Ash,
            (GameKind::Hive, false) => ArchivedSide::Walnut,
            (GameKind::Snelab, true) => ArchivedSide::South,
            (GameKind::Snelab, false) => ArchivedSide::North,
        }
    }

    /// The side index: 0 for the side that opens (white, ash, South), 1 for the other.
    pub fn index(self) -> usize {
        match self {
            ArchivedSide::White | ArchivedSide::Ash | ArchivedSide::South => 0,
            ArchivedSide::Black | ArchivedSide::Walnut | ArchivedSide::North => 1,
        }
    }
}

/// How a game ended, as the list shows it ("Won", "Lost", "Draw", "White won", "Unfinished"):
/// an enum the app words in each language, never free text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArchivedResult {
    /// This device's player won.
    Won,
    /// This device's player lost.
    Lost,
    /// A draw: by the rules or agreed.
    Draw,
    /// No single player of this device (a hot seat, a record from elsewhere): this side won.
    Winner(ArchivedSide),
    /// The record ends before the game did.
    Unfinished,
}

/// One finished game of the archive.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Archived {
    /// When it finished (or was added): UTC, RFC 3339 at seconds, as the caller gave it.
    pub finished: String,
    pub game: GameKind,
    /// The other side's name as the record shows it; both names where there is no player.
    pub opponent: String,
    pub result: ArchivedResult,
    /// How many actions stand in the game (taken-back ones not counted).
    pub plies: usize,
    /// The text record.
    pub record: String,
}

/// What a record says of its game beyond its actions.
struct Told {
    game: GameKind,
    /// The sides' names by side index.
    names: [String; 2],
    /// `None` while the game goes on; `Some(None)` for a draw; else the winner's side index.
    winner: Option<Option<usize>>,
}

fn chess_winner(r: RecordedResult) -> Option<Option<usize>> {
    match r {
        RecordedResult::Win(c) => Some(Some(c.index())),
        RecordedResult::Draw => Some(None),
        RecordedResult::InProgress => None,
    }
}

/// A Snēlab side's index: South (who opens a case online) first.
pub(crate) fn snelab_index(side: crate::rules::snelab::Side) -> usize {
    match side {
        crate::rules::snelab::Side::South => 0,
        crate::rules::snelab::Side::North => 1,
    }
}

fn case_winner(r: crate::play::snelab::record::CaseResult) -> Option<Option<usize>> {
    use crate::play::snelab::record::CaseResult;
    match r {
        CaseResult::Win(side) => Some(Some(snelab_index(side))),
        CaseResult::Draw => Some(None),
        CaseResult::InProgress => None,
    }
}

fn by_order(seats: &[String; 2], first_side: crate::fair::SeatOrder) -> [String; 2] {
    match first_side {
        crate::fair::SeatOrder::First => seats.clone(),
        crate::fair::SeatOrder::Second => [seats[1].clone(), seats[0].clone()],
    }
}

/// The names and result of a record that replays (`replay` is its replay).
fn told(text: &str, replay: &Replay) -> Result<Told, ReplayError> {
    use crate::play::snelab::record::CaseRecord;
    use crate::rules::hive::record::{GameRecord, RecordedResult as HiveResult};
    let body = crate::play::signed::body(text);
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    let unreadable = |game: GameKind, why: String| ReplayError::Record { game, why };
    if let (Some(l), Replay::Hive(line)) = (first, replay)
        && (l == "Base" || l.starts_with("Base;"))
    {
        // A UHP GameString names nobody; its result is the last position's.
        use crate::rules::hive::Outcome;
        let winner = match line.last().outcome() {
            Some(Outcome::Win(c)) => Some(Some(c.index())),
            Some(Outcome::Draw(_)) => Some(None),
            None => None,
        };
        return Ok(Told {
            game: GameKind::Hive,
            names: [String::new(), String::new()],
            winner,
        });
    }
    if first == Some(crate::play::snelab::record::LOCAL_HEADER) {
        let r = LocalCase::parse(body).map_err(|e| unreadable(GameKind::Snelab, e.to_string()))?;
        return Ok(Told {
            game: GameKind::Snelab,
            names: r.seats.map(|s| s.name),
            winner: case_winner(r.result),
        });
    }
    if first == Some(LOCAL_HEADER) {
        let r = LocalChessRecord::parse(body)
            .map_err(|e| unreadable(GameKind::Chess, e.to_string()))?;
        return Ok(Told {
            game: GameKind::Chess,
            names: r.seats.map(|s| s.name),
            winner: chess_winner(r.result),
        });
    }
    Ok(match replay.kind() {
        GameKind::Chess => {
            let r =
                ChessRecord::parse(body).map_err(|e| unreadable(GameKind::Chess, e.to_string()))?;
            Told {
                game: GameKind::Chess,
                names: by_order(&r.seats, r.white),
                winner: chess_winner(r.result),
            }
        }
        GameKind::Hive => {
            let r =
                GameRecord::parse(body).map_err(|e| unreadable(GameKind::Hive, e.to_string()))?;
            Told {
                game: GameKind::Hive,
                names: by_order(&r.seats, r.ash),
                winner: match r.result {
                    HiveResult::Win(c) => Some(Some(c.index())),
                    HiveResult::Draw => Some(None),
                    HiveResult::InProgress => None,
                },
            }
        }
        GameKind::Snelab => {
            let r =
                CaseRecord::parse(body).map_err(|e| unreadable(GameKind::Snelab, e.to_string()))?;
            Told {
                game: GameKind::Snelab,
                names: by_order(&r.seats, r.south),
                winner: case_winner(r.result),
            }
        }
    })
}

/// The names a record gives its sides, by side index (Artifact Chess and Ash & Walnut by colour,
/// white or ash first; Snēlab South first), as a replay of it shows them; empty where the
/// record names nobody (a UHP GameString) or does not read.
pub fn side_names(text: &str, replay: &Replay) -> [String; 2] {
    told(text, replay).map_or_else(|_| [String::new(), String::new()], |t| t.names)
}

impl Archived {
    /// The entry of a game played at this device: `record` its text record, `finished` when it
    /// ended (UTC, RFC 3339 at seconds), `player` the side of this device's player (`None` at a
    /// hot seat). The record is replayed first ([`crate::review::read`]); one that does not
    /// replay is refused with the reason.
    pub fn new(
        record: &str,
        finished: &str,
        player: Option<ArchivedSide>,
    ) -> Result<Archived, ReplayError> {
        let replay = crate::review::read(record)?;
        let told = told(record, &replay)?;
        let result = match (told.winner, player) {
            (None, _) => ArchivedResult::Unfinished,
            (Some(None), _) => ArchivedResult::Draw,
            (Some(Some(w)), Some(p)) if w == p.index() => ArchivedResult::Won,
            (Some(Some(_)), Some(_)) => ArchivedResult::Lost,
            (Some(Some(w)), None) => ArchivedResult::Winner(ArchivedSide::of(told.game, w)),
        };
        let [first, second] = &told.names;
        let opponent = match player {
            Some(p) => told.names[1 - p.index()].clone(),
            None if first.is_empty() || second.is_empty() => format!("{first}{second}"),
            None => format!("{first} – {second}"),
        };
        Ok(Archived {
            finished: finished.to_string(),
            game: told.game,
            opponent,
            result,
            plies: replay.len(),
            record: record.to_string(),
        })
    }

    /// A record from a file or pasted text: which game it is, its sides and result (the
    /// winner named by side: nobody here played it), replayed first; `added` stands for when
    /// it finished (the records do not say).
    pub fn from_text(text: &str, added: &str) -> Result<Archived, ReplayError> {
        Archived::new(text, added, None)
    }

    /// The entry of a local Artifact Chess game ([`LocalChessRecord::from_game`] with `names`
    /// by colour, white's first): this device's player is the one person seat against a bot
    /// (none at a hot seat). `None` for a game with no local record (online, staged, a lesson,
    /// or resumed from a save written before games kept their dice seed).
    pub fn chess_local(game: &ChessGame, names: [&str; 2], finished: &str) -> Option<Archived> {
        let record = LocalChessRecord::from_game(game, names)?.to_text();
        let persons: Vec<Colour> = Colour::BOTH
            .into_iter()
            .filter(|c| game.seat(*c) == Seat::Person)
            .collect();
        let player = match persons[..] {
            [c] => Some(ArchivedSide::of(GameKind::Chess, c.index())),
            _ => None,
        };
        Archived::new(&record, finished, player).ok()
    }

    /// The entry of the Snēlab case a session holds at this device, under way or just settled
    /// ([`LocalCase::from_session`] with `names` by side, South first): this device's player is
    /// the purse's owner against a bot (none when two people share the device). `None` with no
    /// local case there (online, watched, a lesson).
    pub fn snelab_local(
        session: &crate::play::snelab::Session,
        names: [&str; 2],
        finished: &str,
    ) -> Option<Archived> {
        let record = LocalCase::from_session(session, names)?.to_text();
        let player = (session.setup.opponent != Seat::Person)
            .then(|| ArchivedSide::of(GameKind::Snelab, snelab_index(session.setup.owner)));
        Archived::new(&record, finished, player).ok()
    }

    /// The game replayed from its record.
    pub fn open(&self) -> Result<Replay, ReplayError> {
        crate::review::read(&self.record)
    }
}

/// Every finished game of this device, oldest first in the save, at most [`CAP`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Written")]
pub struct Archive {
    games: Vec<Archived>,
}

/// The archive as it is written; read through [`Archive`]'s cap.
#[derive(Deserialize)]
struct Written {
    games: Vec<Archived>,
}

impl From<Written> for Archive {
    fn from(w: Written) -> Archive {
        let mut games = w.games;
        let over = games.len().saturating_sub(CAP);
        games.drain(..over);
        Archive { games }
    }
}

impl Saved for Archive {
    const KEY: &'static str = "games";
    const VERSION: u32 = 1;
}

impl Archive {
    /// Adds a finished game as the newest; the oldest goes when there are more than [`CAP`].
    /// False (nothing changes) when the same record is already in the archive.
    pub fn push(&mut self, game: Archived) -> bool {
        if self.games.iter().any(|g| g.record == game.record) {
            return false;
        }
        self.games.push(game);
        let over = self.games.len().saturating_sub(CAP);
        self.games.drain(..over);
        true
    }

    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The games, newest first; the position in this list is the index [`Archive::get`],
    /// [`Archive::remove`] and [`Archive::open`] take.
    pub fn list(&self) -> impl ExactSizeIterator<Item = &Archived> + '_ {
        self.games.iter().rev()
    }

    /// The `i`-th game of [`Archive::list`].
    pub fn get(&self, i: usize) -> Option<&Archived> {
        let k = self.games.len().checked_sub(i.checked_add(1)?)?;
        self.games.get(k)
    }

    /// Removes the `i`-th game of [`Archive::list`]; `None` (nothing changes) past the end.
    pub fn remove(&mut self, i: usize) -> Option<Archived> {
        let k = self.games.len().checked_sub(i.checked_add(1)?)?;
        Some(self.games.remove(k))
    }

    /// The `i`-th game of [`Archive::list`] replayed; past the end of the list,
    /// [`ReplayError::Empty`] (no record there).
    pub fn open(&self, i: usize) -> Result<Replay, ReplayError> {
        self.get(i).ok_or(ReplayError::Empty)?.open()
    }
}
