//! A game record read back as the game it tells: every position and every action, for each of
//! the three games. Records are read by their own readers (`CaseRecord`, `GameRecord`,
//! `ChessRecord`) and every action goes through the rules again, so a replay is the game the
//! rules would have played; a record the rules refuse is an error naming the action.
//!
//! Decisions where the records leave a choice:
//! - Offers, resignations and agreed draws are not actions: they do not appear in a [`Line`].
//! - A takeback removes the actions it took back: the line is the game as it stands at the end.
//! - An Artifact Chess record's dice are checked against the keyed stream as the replay rolls
//!   them (the same stream `tables verify` checks); a die that differs is an error.
//! - A local Artifact Chess record (`LocalChessRecord`: a game at this device, its dice from a
//!   seed of its own) replays through `ChessGame::from_record`, which checks every die against
//!   the seed's stream and names the line that differs.
//! - A local Snēlab record (`LocalCase`: a case at this device, opened by either side)
//!   replays through `LocalCase::replay`, which names the line that does not replay.
//! - A plain UHP GameString (`Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1`) is an Ash &
//!   Walnut game of its own; one with expansions (`Base+MLP;...`) is refused as such (Ash &
//!   Walnut has only the five base creatures); any other text is read by its header, as
//!   `tables verify` does.

use crate::play::chess::ChessGame;
use crate::play::chess_record::{ChessRecord, LOCAL_HEADER, LocalChessRecord};
use crate::play::snelab::record::{CaseEntry, CaseRecord, LocalCase};
use crate::rules::Game;
use crate::rules::GameKind;
use crate::rules::chess::State as ChessState;
use crate::rules::hive::record::{GameRecord, RecordedEntry};
use crate::rules::hive::state::State as HiveState;
use crate::rules::snelab::Position;
use std::fmt;

/// The course of one game: `states[i]` is the position before `actions[i]`, and the last state
/// is where the record ends (`states.len() == actions.len() + 1`). `records[i]` is what the
/// rules said `actions[i]` did (Artifact Chess: the dice and the attempt's result), and
/// `notation[i]` the action in the game's notation, as written in `states[i]`.
#[derive(Clone, Debug)]
pub struct Line<G: Game> {
    pub states: Vec<G>,
    pub actions: Vec<G::Action>,
    pub records: Vec<G::Record>,
    pub notation: Vec<String>,
}

impl<G: Game> Line<G> {
    /// A line with no action yet, from `start`.
    pub fn new(start: G) -> Line<G> {
        Line {
            states: vec![start],
            actions: Vec::new(),
            records: Vec::new(),
            notation: Vec::new(),
        }
    }

    /// The last position.
    pub fn last(&self) -> &G {
        // `states` is never empty: `new` puts the start in and `take_back` keeps it.
        &self.states[self.states.len() - 1]
    }

    /// Plays `action` through the rules from the last position.
    pub fn play(&mut self, action: G::Action) -> Result<&G::Record, G::Error> {
        let before = self.last();
        let text = before.action_text(&action);
        let (next, record) = before.apply(&action)?;
        self.states.push(next);
        self.actions.push(action);
        self.records.push(record);
        self.notation.push(text);
        Ok(&self.records[self.records.len() - 1])
    }

    /// Reads `text` in the game's notation in the last position and plays it; the error says
    /// which action (its 1-based number in the line) and why, in words.
    pub fn play_text(&mut self, text: &str) -> Result<&G::Record, ReplayError> {
        let number = self.actions.len() + 1;
        let refused = |why: String| ReplayError::Action {
            number,
            text: text.to_string(),
            why,
        };
        let action = self
            .last()
            .parse_action(text)
            .map_err(|e| refused(words(&e)))?;
        self.play(action).map_err(|e| refused(words(&e)))
    }

    /// The course a match holds, read from it (never replayed): its start and the position
    /// after each action, with what the rules said each did.
    pub fn of_match(game: &crate::play::Match<G>) -> Line<G>
    where
        G: crate::play::Playable,
    {
        let mut line = Line::new(game.start().clone());
        for ((entry, step), before) in game
            .record()
            .iter()
            .zip(game.course())
            .zip(std::iter::once(game.start()).chain(game.course().iter().map(|s| &s.after)))
        {
            line.notation.push(before.action_text(&entry.action));
            line.actions.push(entry.action);
            line.records.push(step.record.clone());
            line.states.push(step.after.clone());
        }
        line
    }

    /// Takes back the last `n` actions; false (and nothing changes) when there are fewer.
    pub fn take_back(&mut self, n: usize) -> bool {
        if n > self.actions.len() {
            return false;
        }
        let keep = self.actions.len() - n;
        self.states.truncate(keep + 1);
        self.actions.truncate(keep);
        self.records.truncate(keep);
        self.notation.truncate(keep);
        true
    }

    /// How many actions the line has.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }
}

fn words(e: &impl crate::i18n::Explain) -> String {
    crate::i18n::english(&e.explain())
}

/// A replayed game of any of the three.
#[derive(Clone, Debug)]
pub enum Replay {
    Snelab(Line<Position>),
    Hive(Line<HiveState>),
    Chess(Line<ChessState>),
}

impl Replay {
    pub fn kind(&self) -> GameKind {
        match self {
            Replay::Snelab(_) => GameKind::Snelab,
            Replay::Hive(_) => GameKind::Hive,
            Replay::Chess(_) => GameKind::Chess,
        }
    }

    /// How many actions the game has.
    pub fn len(&self) -> usize {
        match self {
            Replay::Snelab(l) => l.len(),
            Replay::Hive(l) => l.len(),
            Replay::Chess(l) => l.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The actions in notation, in order.
    pub fn notation(&self) -> &[String] {
        match self {
            Replay::Snelab(l) => &l.notation,
            Replay::Hive(l) => &l.notation,
            Replay::Chess(l) => &l.notation,
        }
    }
}

/// Why a text could not be replayed, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// Nothing but blank lines and comments.
    Empty,
    /// A `tables play` match record: its start is a position text, which does not keep
    /// Artifact Chess's dice stream, so it is not read here.
    MatchRecord,
    /// The record itself could not be read (its reader's words, naming the line).
    Record { game: GameKind, why: String },
    /// The record reads, but its start cannot be set up (an Artifact Chess army that does not
    /// read).
    Start(String),
    /// An action the rules refuse, or that cannot be read in its position.
    Action {
        number: usize,
        text: String,
        why: String,
    },
    /// An Artifact Chess action whose recorded dice are not the keyed stream's.
    Dice {
        number: usize,
        text: String,
        recorded: String,
        rolled: String,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Empty => f.write_str("the text holds no game record"),
            ReplayError::MatchRecord => f.write_str(
                "a `tables play` match record is not a game record (replay a record a table \
                 saves, or a UHP GameString)",
            ),
            ReplayError::Record { game, why } => write!(f, "cannot read the {game} record: {why}"),
            ReplayError::Start(why) => write!(f, "cannot set up the game: {why}"),
            ReplayError::Action { number, text, why } => {
                write!(f, "action {number} `{text}` cannot be replayed: {why}")
            }
            ReplayError::Dice {
                number,
                text,
                recorded,
                rolled,
            } => write!(
                f,
                "action {number} `{text}`: the record says dice {recorded}, the game's stream \
                 rolls {rolled}"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Reads a record of any game (a Snēlab case record, an Ash & Walnut game record, an Artifact
/// Chess game record, with or without a `# signed` section) or a UHP GameString, and replays it.
pub fn read(text: &str) -> Result<Replay, ReplayError> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .ok_or(ReplayError::Empty)?;
    // A game type with expansions (`Base+MLP;...`) is a GameString too.
    if first == "Base" || first.starts_with("Base;") || first.starts_with("Base+") {
        return game_string(first).map(Replay::Hive);
    }
    if first == "# Carved Tables match record" {
        return Err(ReplayError::MatchRecord);
    }
    if first == LOCAL_HEADER {
        return chess_local_text(text).map(Replay::Chess);
    }
    if first == crate::play::snelab::record::LOCAL_HEADER {
        return snelab_local_text(text).map(Replay::Snelab);
    }
    let body = crate::play::signed::body(text);
    match crate::play::verify::game_of(text) {
        GameKind::Snelab => {
            let record = CaseRecord::parse(body).map_err(|e| ReplayError::Record {
                game: GameKind::Snelab,
                why: e.to_string(),
            })?;
            snelab(&record).map(Replay::Snelab)
        }
        GameKind::Chess => {
            let record = ChessRecord::parse(body).map_err(|e| ReplayError::Record {
                game: GameKind::Chess,
                why: e.to_string(),
            })?;
            chess(&record).map(Replay::Chess)
        }
        GameKind::Hive => {
            let record = GameRecord::parse(body).map_err(|e| ReplayError::Record {
                game: GameKind::Hive,
                why: e.to_string(),
            })?;
            hive(&record).map(Replay::Hive)
        }
    }
}

/// A UHP GameString's moves, replayed from the empty table (the state and turn parts are
/// checked by the rules' own reader).
pub fn game_string(text: &str) -> Result<Line<HiveState>, ReplayError> {
    // The reader checks the whole string (its state and turn words too); the line is then
    // built move by move so each position is kept.
    let end = HiveState::from_game_string(text).map_err(|e| ReplayError::Record {
        game: GameKind::Hive,
        why: words(&e),
    })?;
    let mut line = Line::new(HiveState::new_game(end.game_type()));
    for m in end.move_strings() {
        line.play_text(&m)?;
    }
    Ok(line)
}

/// A Snēlab case record's actions from the case's start (South opens, the table's appeal rule).
pub fn snelab(record: &CaseRecord) -> Result<Line<Position>, ReplayError> {
    let mut line = Line::new(crate::play::snelab::record::start(record.appeal));
    for entry in &record.entries {
        match entry {
            CaseEntry::Move { text, .. } => {
                line.play_text(text)?;
            }
            CaseEntry::TakeBack { text, .. } => take_back_one(&mut line, text)?,
            CaseEntry::Resign(_) | CaseEntry::Offer(_) | CaseEntry::Agreed => {}
        }
    }
    Ok(line)
}

/// An Ash & Walnut game record's moves from the empty table of its game type.
pub fn hive(record: &GameRecord) -> Result<Line<HiveState>, ReplayError> {
    let mut line = Line::new(HiveState::new_game(record.game));
    for entry in &record.entries {
        match entry {
            RecordedEntry::Move(m) => {
                line.play_text(&m.text)?;
            }
            RecordedEntry::TakeBack(n) => {
                if !line.take_back(*n) {
                    return Err(ReplayError::Action {
                        number: line.len(),
                        text: format!("takeback {n}"),
                        why: format!("only {} moves stand", line.len()),
                    });
                }
            }
            RecordedEntry::Resign(_) | RecordedEntry::Offer(_) | RecordedEntry::Agreed => {}
        }
    }
    Ok(line)
}

/// An Artifact Chess game record's actions from its keyed start (the armies as revealed, the
/// hands dealt and the dice drawn from the key of the seed and both values), each action's dice
/// checked against the record.
pub fn chess(record: &ChessRecord) -> Result<Line<ChessState>, ReplayError> {
    use crate::fair::chess::{dice_key, parse_army_text};
    use crate::play::chess_record::RecordedEntry;
    let [white, black] = [0, 1].map(|i| parse_army_text(&record.armies[i].text));
    let (white, black) = match (white, black) {
        (Ok(w), Ok(b)) => (w, b),
        (Err(e), _) | (_, Err(e)) => return Err(ReplayError::Start(words(&e))),
    };
    let key = dice_key(&record.seed, &record.values[0], &record.values[1]);
    let start = crate::play::chess::starting_state_keyed(&white, &black, record.artifacts, key);
    let mut line = Line::new(start);
    for entry in &record.entries {
        match entry {
            RecordedEntry::Action(a) => {
                let number = line.len() + 1;
                let turn = line.last().turn();
                if a.colour != turn {
                    return Err(ReplayError::Action {
                        number,
                        text: a.text.clone(),
                        why: format!("{} is to act", ChessState::side_name(turn)),
                    });
                }
                let rolled = line.play_text(&a.text)?.dice;
                if rolled != a.dice {
                    let show = |d: Option<crate::rules::chess::Dice>| {
                        d.map_or("none".to_string(), |d| d.to_string())
                    };
                    return Err(ReplayError::Dice {
                        number,
                        text: a.text.clone(),
                        recorded: show(a.dice),
                        rolled: show(rolled),
                    });
                }
            }
            RecordedEntry::TakeBack { text, .. } => take_back_one(&mut line, text)?,
            RecordedEntry::Resign(_) | RecordedEntry::Offer(_) | RecordedEntry::Agreed => {}
        }
    }
    Ok(line)
}

/// A local Artifact Chess record's game ([`ChessGame::from_record`]: from its armies and its
/// dice seed, every die checked against the seed's stream); the error names the line of
/// [`LocalChessRecord::to_text`] that differs.
pub fn chess_local(record: &LocalChessRecord) -> Result<Line<ChessState>, ReplayError> {
    let game = ChessGame::from_record(record).map_err(chess_record_error)?;
    Ok(Line::of_match(game.game()))
}

/// [`chess_local`] for a record's text: errors name the text's own lines.
fn chess_local_text(text: &str) -> Result<Line<ChessState>, ReplayError> {
    let (record, lines) = LocalChessRecord::parse_with_lines(text).map_err(chess_record_error)?;
    let game = ChessGame::from_record_at(&record, &lines).map_err(chess_record_error)?;
    Ok(Line::of_match(game.game()))
}

fn chess_record_error(e: crate::play::chess_record::RecordError) -> ReplayError {
    ReplayError::Record {
        game: GameKind::Chess,
        why: e.to_string(),
    }
}

/// A local Snēlab record's case ([`LocalCase::replay`]: from the side that opened, with the
/// table's appeal rule); the error names the line of [`LocalCase::to_text`] that does not
/// replay.
pub fn snelab_local(record: &LocalCase) -> Result<Line<Position>, ReplayError> {
    let game = record.replay().map_err(snelab_record_error)?;
    Ok(Line::of_match(&game))
}

/// [`snelab_local`] for a record's text: errors name the text's own lines.
fn snelab_local_text(text: &str) -> Result<Line<Position>, ReplayError> {
    let (record, lines) = LocalCase::parse_with_lines(text).map_err(snelab_record_error)?;
    let game = record.replay_at(&lines).map_err(snelab_record_error)?;
    Ok(Line::of_match(&game))
}

fn snelab_record_error(e: crate::rules::hive::record::RecordError) -> ReplayError {
    ReplayError::Record {
        game: GameKind::Snelab,
        why: e.to_string(),
    }
}

/// A takeback of the last action, which must be `text`.
fn take_back_one<G: Game>(line: &mut Line<G>, text: &str) -> Result<(), ReplayError> {
    let last = line.notation.last().map(String::as_str);
    let same = last.is_some_and(|l| {
        l == text
            || line.states[line.len() - 1].parse_action(text).ok() == line.actions.last().copied()
    });
    if !same {
        return Err(ReplayError::Action {
            number: line.len(),
            text: format!("takeback {text}"),
            why: "it is not the last action standing".into(),
        });
    }
    line.take_back(1);
    Ok(())
}
