//! The plain-text game record a player saves and shares: fingerprint, seed, seats, the colour
//! rule's answer, every move in standard notation (timeout moves marked) and the result.
//!
//! ```text
//! # Ash & Walnut game record
//! fingerprint 66687aad…
//! seed 00000000…
//! seat first Ana (person)
//! seat second Bot normal (bot)
//! ash first
//! game Base+MLP
//! move wS1
//! move bS1 wS1-
//! move timeout wQ -wS1
//! takeback 2
//! move wQ -wS1
//! offer draw made by walnut at 4
//! offer draw declined by ash at 4
//! resign walnut
//! result ash wins
//! ```
//! The `game` line names the game type (which expansion creatures are in the reserves); a base
//! game's record has none, as before the expansions. Blank lines and lines starting with `#` are
//! ignored. `takeback N` takes back the last `N`
//! moves (a takeback agreed at the table); `resign <colour>` ends the game, the other colour
//! winning; both stay in the record so the verifier replays exactly what happened.
//!
//! An online table also keeps its offers ([`Note`]): `offer draw|takeback made|accepted|declined
//! by <colour> at <seq>`, the colour being the offerer's for `made` and the answerer's
//! otherwise, and `seq` the moves standing then. An accepted takeback is followed by `takeback
//! 1`; an accepted draw by `draw agreed`, which ends the game as a draw. The other games'
//! records write their offers the same way, in their own words for the sides.

use super::piece::{Colour, GameType};
use super::state::{Outcome, State};
use crate::fair::{FairError, SeatOrder, Seed};
use crate::i18n::{Explain, Message, msg};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a side may offer at an online table: a draw, or to take back its own last action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Offer {
    Draw,
    Takeback,
}

/// What became of an offer, as the record keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OfferEvent {
    Made,
    Accepted,
    /// Declined, or lapsed because an action was played first.
    Declined,
}

/// An offer or its answer, as every game's record keeps it: what, which event, by which side
/// (the offerer for [`OfferEvent::Made`], the answerer otherwise) and when (`at`: the actions
/// standing then, the table's `seq`). These types live beside the record reader that all three
/// games share, below the match layer (which re-exports them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Note<S> {
    pub offer: Offer,
    pub event: OfferEvent,
    pub by: S,
    pub at: u64,
}

impl<S: Copy> Note<S> {
    /// The words after the `offer` keyword, the side in `side`'s word: `draw made by ash at 4`.
    pub fn words(&self, side: impl Fn(S) -> &'static str) -> String {
        let offer = match self.offer {
            Offer::Draw => "draw",
            Offer::Takeback => "takeback",
        };
        let event = match self.event {
            OfferEvent::Made => "made",
            OfferEvent::Accepted => "accepted",
            OfferEvent::Declined => "declined",
        };
        format!("{offer} {event} by {} at {}", side(self.by), self.at)
    }

    /// Reads the words after the `offer` keyword ([`Note::words`]), a side by `side`.
    pub fn parse(value: &str, side: impl Fn(&str) -> Option<S>) -> Result<Note<S>, RecordProblem> {
        let bad = || RecordProblem::BadOffer(value.to_string());
        let [offer, event, by_word, by, at_word, at] =
            value.split_whitespace().collect::<Vec<_>>()[..]
        else {
            return Err(bad());
        };
        let offer = match offer {
            "draw" => Offer::Draw,
            "takeback" => Offer::Takeback,
            _ => return Err(bad()),
        };
        let event = match event {
            "made" => OfferEvent::Made,
            "accepted" => OfferEvent::Accepted,
            "declined" => OfferEvent::Declined,
            _ => return Err(bad()),
        };
        if by_word != "by" || at_word != "at" {
            return Err(bad());
        }
        Ok(Note {
            offer,
            event,
            by: side(by).ok_or_else(bad)?,
            at: at.parse().map_err(|_| bad())?,
        })
    }
}

/// The recorded result line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordedResult {
    Win(Colour),
    Draw,
    /// The game was saved before it ended.
    InProgress,
}

impl RecordedResult {
    pub fn of(state: &State) -> RecordedResult {
        match state.outcome() {
            Some(Outcome::Win(c)) => RecordedResult::Win(c),
            Some(Outcome::Draw(_)) => RecordedResult::Draw,
            None => RecordedResult::InProgress,
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            RecordedResult::Win(Colour::Ash) => "ash wins",
            RecordedResult::Win(Colour::Walnut) => "walnut wins",
            RecordedResult::Draw => "draw",
            RecordedResult::InProgress => "in progress",
        }
    }
}

/// A colour as the record writes it: `ash`, `walnut`.
pub fn colour_word(c: Colour) -> &'static str {
    match c {
        Colour::Ash => "ash",
        Colour::Walnut => "walnut",
    }
}

/// One recorded move: its MoveString, and whether the table played it when the clock ran out.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordedMove {
    pub text: String,
    pub timeout: bool,
}

/// One line of the game's course: a move, a takeback of the last moves, a resignation, an
/// offer or its answer, or a draw by agreement.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordedEntry {
    Move(RecordedMove),
    TakeBack(usize),
    Resign(Colour),
    Offer(Note<Colour>),
    /// Both sides agreed to a draw (after an accepted draw offer); the game ends.
    Agreed,
}

impl RecordedEntry {
    pub fn as_move(&self) -> Option<&RecordedMove> {
        match self {
            RecordedEntry::Move(m) => Some(m),
            _ => None,
        }
    }
}

/// A whole game record as read from (or written to) text. Nothing in it is trusted until
/// verified.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GameRecord {
    pub fingerprint: String,
    pub seed: Seed,
    /// The two seats in the order they were taken (names as shown, with the seat kind).
    pub seats: [String; 2],
    /// Which seat played ash, as recorded.
    pub ash: SeatOrder,
    /// Which expansion creatures were in the reserves (a `game` line; none means `Base`).
    pub game: GameType,
    /// The game's course in order: moves, takebacks, a resignation.
    pub entries: Vec<RecordedEntry>,
    pub result: RecordedResult,
}

impl fmt::Debug for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "GameRecord({} entries, {:?})",
            self.entries.len(),
            self.result
        )
    }
}

/// Why a record could not be read: the line (1-based; 0 for the record as a whole) and what
/// is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordError {
    pub line: usize,
    pub problem: RecordProblem,
}

/// What is wrong with a record's line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordProblem {
    /// A field given twice (its keyword).
    Twice(String),
    /// The seed is not 64 hexadecimal digits.
    BadSeed(FairError),
    /// `seat` must name `first` or `second`.
    BadSeat(String),
    /// `ash` must name `first` or `second`.
    BadAsh(String),
    /// The `game` line names no game type (`Base`, `Base+MLP`, ...).
    BadGameType(String),
    /// The `game` line comes after the first move.
    GameTypeAfterMoves,
    MoveAfterResult,
    EmptyMove,
    /// `takeback` needs a number of moves, 1 to 200.
    BadTakeBack(String),
    /// `resign` names ash or walnut.
    BadResign(String),
    /// An `offer` line reads `offer draw|takeback made|accepted|declined by <side> at <seq>`
    /// (the words after `offer`).
    BadOffer(String),
    UnknownResult(String),
    UnknownLine(String),
    /// A required line is missing (its keyword).
    Missing(&'static str),
    /// A line's word is not one of those its keyword takes (`stakes pub`): the keyword, the
    /// word, and the words it takes (record keywords, the same in every language).
    BadWord {
        key: String,
        word: String,
        expected: &'static str,
    },
    /// A local record's line that does not replay (the rules', the match's or the result's
    /// words why): the record reads, but it is not a game the rules played.
    Refused(Message),
}

impl Explain for RecordError {
    fn explain(&self) -> Message {
        let why = match &self.problem {
            RecordProblem::Twice(k) => msg("record.twice").with("key", k),
            RecordProblem::BadSeed(e) => e.explain(),
            RecordProblem::BadSeat(w) => msg("record.bad_seat").with("word", w),
            RecordProblem::BadAsh(w) => msg("record.bad_ash").with("word", w),
            RecordProblem::BadGameType(w) => msg("record.bad_game_type").with("word", w),
            RecordProblem::GameTypeAfterMoves => msg("record.game_type_after_moves"),
            RecordProblem::MoveAfterResult => msg("record.move_after_result"),
            RecordProblem::EmptyMove => msg("record.empty_move"),
            RecordProblem::BadTakeBack(w) => msg("record.bad_takeback").with("word", w),
            RecordProblem::BadResign(w) => msg("record.bad_resign").with("word", w),
            RecordProblem::BadOffer(w) => msg("record.bad_offer").with("word", w),
            RecordProblem::UnknownResult(w) => msg("record.unknown_result").with("word", w),
            RecordProblem::UnknownLine(w) => msg("record.unknown_line").with("word", w),
            RecordProblem::Missing(k) => msg("record.missing").with("key", k),
            RecordProblem::BadWord {
                key,
                word,
                expected,
            } => msg("record.bad_word")
                .with("key", key)
                .with("word", word)
                .with("expected", *expected),
            RecordProblem::Refused(why) => why.clone(),
        };
        if self.line == 0 {
            msg("record.whole").with_words("why", why)
        } else {
            msg("record.line")
                .with("line", self.line)
                .with_words("why", why)
        }
    }
}

crate::display_in_english!(RecordError);

/// A record's lines that say something, as every game's record reads them: blank lines and
/// lines starting with `#` are skipped; each other line is its number (from 1), its keyword
/// and the rest (trimmed).
pub fn record_lines(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    text.lines().enumerate().filter_map(|(i, raw)| {
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            return None;
        }
        let (key, value) = l.split_once(' ').unwrap_or((l, ""));
        Some((i + 1, key, value.trim()))
    })
}

/// The error of line `line`.
pub fn line_error(line: usize, problem: RecordProblem) -> RecordError {
    RecordError { line, problem }
}

/// Refused when `present`: the keyword `key` of line `line` is given twice.
pub fn once(present: bool, line: usize, key: &str) -> Result<(), RecordError> {
    if present {
        Err(line_error(line, RecordProblem::Twice(key.to_string())))
    } else {
        Ok(())
    }
}

/// The record lacks its `key` line.
pub fn missing(key: &'static str) -> RecordError {
    line_error(0, RecordProblem::Missing(key))
}

/// The lines every game's record opens with, read the same way by each game's reader: the
/// `fingerprint` shown at the start, the `seed` revealed at the end, and the two seats in the
/// order they were taken (`seat first|second NAME (KIND)`).
#[derive(Default)]
pub struct Opening {
    fingerprint: Option<String>,
    seed: Option<Seed>,
    seats: [Option<String>; 2],
}

impl Opening {
    /// Takes line `line` (`key value`) when it is one of these: `Ok(true)`; another line:
    /// `Ok(false)`.
    pub fn take(&mut self, line: usize, key: &str, value: &str) -> Result<bool, RecordError> {
        match key {
            "fingerprint" => {
                once(self.fingerprint.is_some(), line, key)?;
                self.fingerprint = Some(value.to_string());
            }
            "seed" => {
                once(self.seed.is_some(), line, key)?;
                let seed = Seed::from_hex(value)
                    .map_err(|e| line_error(line, RecordProblem::BadSeed(e)))?;
                self.seed = Some(seed);
            }
            "seat" => {
                let (which, name) = value.split_once(' ').unwrap_or((value, ""));
                let slot = match which {
                    "first" => 0,
                    "second" => 1,
                    _ => return Err(line_error(line, RecordProblem::BadSeat(which.to_string()))),
                };
                once(self.seats[slot].is_some(), line, key)?;
                self.seats[slot] = Some(name.trim().to_string());
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The fingerprint, the seed and the seats, each given once.
    pub fn finish(self) -> Result<(String, Seed, [String; 2]), RecordError> {
        let [first, second] = self.seats;
        Ok((
            self.fingerprint.ok_or_else(|| missing("fingerprint"))?,
            self.seed.ok_or_else(|| missing("seed"))?,
            [
                first.ok_or_else(|| missing("seat first"))?,
                second.ok_or_else(|| missing("seat second"))?,
            ],
        ))
    }
}

impl GameRecord {
    /// The record of a game played from the empty table without takebacks; `timeouts[i]`
    /// marks move `i` as played by the clock.
    pub fn of_game(
        state: &State,
        seed: Seed,
        seats: [String; 2],
        ash: SeatOrder,
        timeouts: &[bool],
    ) -> GameRecord {
        let entries = state
            .move_strings()
            .into_iter()
            .enumerate()
            .map(|(i, text)| {
                RecordedEntry::Move(RecordedMove {
                    text,
                    timeout: timeouts.get(i).copied().unwrap_or(false),
                })
            })
            .collect();
        GameRecord {
            fingerprint: seed.fingerprint(),
            seed,
            seats,
            ash,
            game: state.game_type(),
            entries,
            result: RecordedResult::of(state),
        }
    }

    /// The moves of the record, in the order they appear (takebacks not applied).
    pub fn moves(&self) -> impl Iterator<Item = &RecordedMove> + '_ {
        self.entries.iter().filter_map(RecordedEntry::as_move)
    }

    /// The plain-text form.
    pub fn to_text(&self) -> String {
        let mut s = String::from("# Ash & Walnut game record\n");
        s.push_str(&format!("fingerprint {}\n", self.fingerprint));
        s.push_str(&format!("seed {}\n", self.seed.to_hex()));
        s.push_str(&format!("seat first {}\n", self.seats[0]));
        s.push_str(&format!("seat second {}\n", self.seats[1]));
        let ash = match self.ash {
            SeatOrder::First => "first",
            SeatOrder::Second => "second",
        };
        s.push_str(&format!("ash {ash}\n"));
        // A base game's record has no `game` line, as before the expansions.
        if self.game != GameType::BASE {
            s.push_str(&format!("game {}\n", self.game));
        }
        for e in &self.entries {
            match e {
                RecordedEntry::Move(m) if m.timeout => {
                    s.push_str(&format!("move timeout {}\n", m.text));
                }
                RecordedEntry::Move(m) => s.push_str(&format!("move {}\n", m.text)),
                RecordedEntry::TakeBack(n) => s.push_str(&format!("takeback {n}\n")),
                RecordedEntry::Resign(c) => s.push_str(&format!("resign {}\n", colour_word(*c))),
                RecordedEntry::Offer(n) => {
                    s.push_str(&format!("offer {}\n", n.words(colour_word)));
                }
                RecordedEntry::Agreed => s.push_str("draw agreed\n"),
            }
        }
        s.push_str(&format!("result {}\n", self.result.text()));
        s
    }

    /// Reads the plain-text form; every line must be understood and every field present once.
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let mut opening = Opening::default();
        let mut ash = None;
        let mut game = None;
        let mut entries = Vec::new();
        let mut ended = false;
        let mut result = None;
        for (line, key, value) in record_lines(text) {
            let err = |problem: RecordProblem| line_error(line, problem);
            if opening.take(line, key, value)? {
                continue;
            }
            match key {
                "offer" => {
                    // An offer may still be answered (or lapse) after the end, not after the
                    // result line.
                    if result.is_some() {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    let note = Note::parse(value, |w| match w {
                        "ash" => Some(Colour::Ash),
                        "walnut" => Some(Colour::Walnut),
                        _ => None,
                    })
                    .map_err(err)?;
                    entries.push(RecordedEntry::Offer(note));
                }
                "draw" => {
                    if result.is_some() || ended {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    if value != "agreed" {
                        return Err(err(RecordProblem::BadWord {
                            key: key.to_string(),
                            word: value.to_string(),
                            expected: "agreed",
                        }));
                    }
                    ended = true;
                    entries.push(RecordedEntry::Agreed);
                }
                "ash" => {
                    once(ash.is_some(), line, key)?;
                    ash = Some(match value {
                        "first" => SeatOrder::First,
                        "second" => SeatOrder::Second,
                        _ => return Err(err(RecordProblem::BadAsh(value.to_string()))),
                    });
                }
                "game" => {
                    once(game.is_some(), line, key)?;
                    if !entries.is_empty() {
                        return Err(err(RecordProblem::GameTypeAfterMoves));
                    }
                    game = Some(
                        GameType::parse(value)
                            .ok_or_else(|| err(RecordProblem::BadGameType(value.to_string())))?,
                    );
                }
                "move" => {
                    if result.is_some() || ended {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    let (timeout, text) = match value.strip_prefix("timeout ") {
                        Some(t) => (true, t.trim()),
                        None => (false, value),
                    };
                    if text.is_empty() {
                        return Err(err(RecordProblem::EmptyMove));
                    }
                    entries.push(RecordedEntry::Move(RecordedMove {
                        text: text.to_string(),
                        timeout,
                    }));
                }
                "takeback" => {
                    if result.is_some() || ended {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    let n = value
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=crate::rules::hive::PLY_LIMIT).contains(n))
                        .ok_or_else(|| err(RecordProblem::BadTakeBack(value.to_string())))?;
                    entries.push(RecordedEntry::TakeBack(n));
                }
                "resign" => {
                    if result.is_some() || ended {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    let colour = match value {
                        "ash" => Colour::Ash,
                        "walnut" => Colour::Walnut,
                        _ => return Err(err(RecordProblem::BadResign(value.to_string()))),
                    };
                    ended = true;
                    entries.push(RecordedEntry::Resign(colour));
                }
                "result" => {
                    once(result.is_some(), line, key)?;
                    result = Some(match value {
                        "ash wins" => RecordedResult::Win(Colour::Ash),
                        "walnut wins" => RecordedResult::Win(Colour::Walnut),
                        "draw" => RecordedResult::Draw,
                        "in progress" => RecordedResult::InProgress,
                        _ => return Err(err(RecordProblem::UnknownResult(value.to_string()))),
                    });
                }
                _ => return Err(err(RecordProblem::UnknownLine(key.to_string()))),
            }
        }
        let (fingerprint, seed, seats) = opening.finish()?;
        Ok(GameRecord {
            fingerprint,
            seed,
            seats,
            ash: ash.ok_or_else(|| missing("ash"))?,
            game: game.unwrap_or_default(),
            entries,
            result: result.ok_or_else(|| missing("result"))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(w: &str) -> Option<Colour> {
        match w {
            "ash" => Some(Colour::Ash),
            "walnut" => Some(Colour::Walnut),
            _ => None,
        }
    }

    #[test]
    fn an_offer_line_reads_back_and_a_damaged_one_is_refused() {
        let note = Note {
            offer: Offer::Takeback,
            event: OfferEvent::Declined,
            by: Colour::Walnut,
            at: 17,
        };
        let words = note.words(colour_word);
        assert_eq!(words, "takeback declined by walnut at 17");
        assert_eq!(Note::parse(&words, side), Ok(note));
        for bad in [
            "",
            "draw made by ash",
            "draw made by ash at",
            "draw made by ash at -1",
            "draw made by oak at 3",
            "draw offered by ash at 3",
            "resign made by ash at 3",
            "draw made for ash at 3",
            "draw made by ash on 3",
            "draw made by ash at 3 now",
        ] {
            assert_eq!(
                Note::parse(bad, side),
                Err(RecordProblem::BadOffer(bad.to_string())),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_record_with_offers_and_an_agreed_draw_reads_back_and_nothing_follows_the_draw() {
        let text = "fingerprint ab\nseed 0000000000000000000000000000000000000000000000000000000000000000\nseat first A\nseat second B\nash first\nmove wS1\noffer draw made by walnut at 1\noffer draw accepted by ash at 1\ndraw agreed\nresult draw\n";
        let record = GameRecord::parse(text).unwrap();
        assert_eq!(
            record.entries[1..],
            [
                RecordedEntry::Offer(Note {
                    offer: Offer::Draw,
                    event: OfferEvent::Made,
                    by: Colour::Walnut,
                    at: 1
                }),
                RecordedEntry::Offer(Note {
                    offer: Offer::Draw,
                    event: OfferEvent::Accepted,
                    by: Colour::Ash,
                    at: 1
                }),
                RecordedEntry::Agreed,
            ]
        );
        assert_eq!(GameRecord::parse(&record.to_text()), Ok(record));
        let after = text.replace("draw agreed\n", "draw agreed\nmove bS1 wS1-\n");
        assert_eq!(
            GameRecord::parse(&after).unwrap_err().problem,
            RecordProblem::MoveAfterResult
        );
        let bad = text.replace("draw agreed", "draw maybe");
        assert!(matches!(
            GameRecord::parse(&bad).unwrap_err().problem,
            RecordProblem::BadWord { .. }
        ));
        let late = text.replace(
            "result draw\n",
            "result draw\noffer draw made by ash at 1\n",
        );
        assert_eq!(
            GameRecord::parse(&late).unwrap_err().problem,
            RecordProblem::MoveAfterResult
        );
    }
}
