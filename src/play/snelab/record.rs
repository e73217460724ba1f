//! The text record of a Snēlab case played online, and its verifier: the same form as Ash &
//! Walnut's game record (`rules::hive::record`), read by `tables verify` and the Verify screen.
//!
//! ```text
//! # Snēlab case record
//! fingerprint 66687aad…
//! seed 00000000…
//! seat first Ana (person)
//! seat second Bot normal (bot)
//! south first
//! stakes casino
//! appeal on
//! move d1-d2
//! move c7-c6
//! move timeout d2-d3
//! offer takeback made by south at 3
//! offer takeback accepted by north at 3
//! takeback south d2-d3
//! move d2-e3
//! offer draw made by north at 4
//! offer draw declined by south at 4
//! resign north
//! result south wins
//! ```
//!
//! - `fingerprint`: SHA-256 of the seed, shown when the case started; `seed`: the table's secret
//!   seed, revealed at the verdict.
//! - `seat first|second NAME (KIND)`: the seats in the order they were taken.
//! - `south first|second`: the seat the seed's coin gave South, who opens. The coin is the
//!   documented colour rule of every game ([`crate::fair::ash_seat`]): the lowest bit of the
//!   last byte of SHA-256("ash" ‖ seed), 0 for the first seat.
//! - `stakes casino|street` and `appeal on|off`: the table's options (the appeal rule is the
//!   backward capture).
//! - `move [timeout] ACTION`: every action in order, in Snēlab's notation (`d1-f3`,
//!   `c2xd4=a1+b1`); `timeout` marks an action the clock played ([`timeout_action`]).
//! - `resign south|north`: that side gave up; the other wins.
//! - `offer draw|takeback made|accepted|declined by south|north at SEQ`: an offer at the online
//!   table, or its answer (a lapse is a decline): the side is the offerer's for `made` and the
//!   answerer's otherwise, `SEQ` the actions standing then.
//! - `takeback south|north ACTION`: that side took back its last action, `ACTION` (the `move`
//!   line before it, not one the clock played), after the other side accepted its takeback
//!   offer; the case goes on from the position before it.
//! - `draw agreed`: both sides agreed to a draw (after an accepted draw offer); the case ends
//!   without a winner.
//! - `result south wins|north wins|draw|in progress`.
//!
//! Blank lines and lines starting with `#` are ignored. Nothing in a record is trusted until
//! [`verify`] has checked it: the seed against its fingerprint, the coin, every action through
//! the rules (a taken-back one too), every timeout action against the rule, the result and,
//! when there are any, the offers (`crate::play::verify::Offers`).

use super::timeout_action;
use crate::fair::{self, SeatOrder, Seed};
use crate::i18n::{Explain, Message, msg};
use crate::play::verify::{Check, Offers};
use crate::play::{Ending, LocalSeat, Match, Refused};
use crate::rules::Game;
use crate::rules::hive::record::{
    Note, Opening, RecordError, RecordProblem, line_error, missing, once, record_lines,
};
use crate::rules::snelab::{Action, Position, Side, outcome};
use std::fmt;

/// The header line a Snēlab record starts with (what `tables verify` tells the games apart by).
pub const HEADER: &str = "# Snēlab case record";

/// The recorded result line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaseResult {
    Win(Side),
    /// A draw both sides agreed to (the rules never draw a case).
    Draw,
    /// The record was written before the verdict.
    InProgress,
}

impl CaseResult {
    pub fn text(self) -> &'static str {
        match self {
            CaseResult::Win(Side::South) => "south wins",
            CaseResult::Win(Side::North) => "north wins",
            CaseResult::Draw => "draw",
            CaseResult::InProgress => "in progress",
        }
    }

    fn words(self) -> Message {
        match self {
            CaseResult::Win(side) => msg("verify.result.win").with_words("colour", side.explain()),
            CaseResult::Draw => msg("verify.result.draw"),
            CaseResult::InProgress => msg("verify.result.in_progress"),
        }
    }
}

/// One line of the case's course.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CaseEntry {
    /// An action in notation; `timeout` when the clock played it.
    Move {
        text: String,
        timeout: bool,
    },
    Resign(Side),
    /// An offer at the online table, or its answer.
    Offer(Note<Side>),
    /// This side took back its last action (in notation).
    TakeBack {
        side: Side,
        text: String,
    },
    /// Both sides agreed to a draw.
    Agreed,
}

/// A whole case record as read from (or written to) text.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CaseRecord {
    pub fingerprint: String,
    pub seed: Seed,
    /// The seats in the order they were taken (names as shown, with the seat kind).
    pub seats: [String; 2],
    /// The seat that played South (and opened), as recorded.
    pub south: SeatOrder,
    pub stakes: super::Stakes,
    /// The appeal rule: backward captures.
    pub appeal: bool,
    pub entries: Vec<CaseEntry>,
    pub result: CaseResult,
}

impl fmt::Debug for CaseRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "CaseRecord({} entries, {:?})",
            self.entries.len(),
            self.result
        )
    }
}

fn seat_word(s: SeatOrder) -> &'static str {
    match s {
        SeatOrder::First => "first",
        SeatOrder::Second => "second",
    }
}

/// A side as the record writes it: `south`, `north`.
pub fn side_word(s: Side) -> &'static str {
    match s {
        Side::South => "south",
        Side::North => "north",
    }
}

/// The case's start: South opens, with the table's appeal rule.
pub fn start(appeal: bool) -> Position {
    let mut p = Position::start();
    p.set_to_move(Side::South);
    p.set_backward_captures(appeal);
    p
}

impl CaseRecord {
    /// The plain-text form.
    pub fn to_text(&self) -> String {
        let mut s = format!("{HEADER}\n");
        s.push_str(&format!("fingerprint {}\n", self.fingerprint));
        s.push_str(&format!("seed {}\n", self.seed.to_hex()));
        s.push_str(&format!("seat first {}\n", self.seats[0]));
        s.push_str(&format!("seat second {}\n", self.seats[1]));
        s.push_str(&format!("south {}\n", seat_word(self.south)));
        let stakes = match self.stakes {
            super::Stakes::Casino => "casino",
            super::Stakes::Street => "street",
        };
        s.push_str(&format!("stakes {stakes}\n"));
        s.push_str(&format!(
            "appeal {}\n",
            if self.appeal { "on" } else { "off" }
        ));
        for e in &self.entries {
            match e {
                CaseEntry::Move {
                    text,
                    timeout: true,
                } => s.push_str(&format!("move timeout {text}\n")),
                CaseEntry::Move { text, .. } => s.push_str(&format!("move {text}\n")),
                CaseEntry::Resign(side) => s.push_str(&format!("resign {}\n", side_word(*side))),
                CaseEntry::Offer(n) => s.push_str(&format!("offer {}\n", n.words(side_word))),
                CaseEntry::TakeBack { side, text } => {
                    s.push_str(&format!("takeback {} {text}\n", side_word(*side)));
                }
                CaseEntry::Agreed => s.push_str("draw agreed\n"),
            }
        }
        s.push_str(&format!("result {}\n", self.result.text()));
        s
    }

    /// Reads the plain-text form; every line must be understood and every field present once.
    pub fn parse(text: &str) -> Result<CaseRecord, RecordError> {
        let mut opening = Opening::default();
        let mut south = None;
        let mut stakes = None;
        let mut appeal = None;
        let mut entries = Vec::new();
        let mut ended = false;
        let mut result = None;
        for (line, key, value) in record_lines(text) {
            let err = |problem: RecordProblem| line_error(line, problem);
            if opening.take(line, key, value)? {
                continue;
            }
            let once = |present: bool| once(present, line, key);
            let bad = |expected: &'static str| {
                err(RecordProblem::BadWord {
                    key: key.to_string(),
                    word: value.to_string(),
                    expected,
                })
            };
            let after_end = result.is_some() || ended;
            let read_side = |w: &str| match w {
                "south" => Some(Side::South),
                "north" => Some(Side::North),
                _ => None,
            };
            match key {
                "south" => {
                    once(south.is_some())?;
                    south = Some(match value {
                        "first" => SeatOrder::First,
                        "second" => SeatOrder::Second,
                        _ => return Err(bad("first, second")),
                    });
                }
                "stakes" => {
                    once(stakes.is_some())?;
                    stakes = Some(match value {
                        "casino" => super::Stakes::Casino,
                        "street" => super::Stakes::Street,
                        _ => return Err(bad("casino, street")),
                    });
                }
                "appeal" => {
                    once(appeal.is_some())?;
                    appeal = Some(match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(bad("on, off")),
                    });
                }
                "move" => {
                    if after_end {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    let (timeout, text) = match value.strip_prefix("timeout") {
                        Some(t) if t.is_empty() || t.starts_with(' ') => (true, t.trim()),
                        _ => (false, value),
                    };
                    if text.is_empty() {
                        return Err(err(RecordProblem::EmptyMove));
                    }
                    entries.push(CaseEntry::Move {
                        text: text.to_string(),
                        timeout,
                    });
                }
                "resign" => {
                    if after_end {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    let side = match value {
                        "south" => Side::South,
                        "north" => Side::North,
                        _ => return Err(bad("south, north")),
                    };
                    ended = true;
                    entries.push(CaseEntry::Resign(side));
                }
                "offer" => {
                    // An offer may still be answered (or lapse) after the end, not after the
                    // result line.
                    if result.is_some() {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    entries.push(CaseEntry::Offer(
                        Note::parse(value, read_side).map_err(err)?,
                    ));
                }
                "takeback" => {
                    if after_end {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    let (side, text) = value.split_once(' ').unwrap_or((value, ""));
                    let Some(side) = read_side(side) else {
                        return Err(bad("south, north"));
                    };
                    let text = text.trim();
                    if text.is_empty() {
                        return Err(err(RecordProblem::EmptyMove));
                    }
                    entries.push(CaseEntry::TakeBack {
                        side,
                        text: text.to_string(),
                    });
                }
                "draw" => {
                    if after_end {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    if value != "agreed" {
                        return Err(bad("agreed"));
                    }
                    ended = true;
                    entries.push(CaseEntry::Agreed);
                }
                "result" => {
                    once(result.is_some())?;
                    result = Some(match value {
                        "south wins" => CaseResult::Win(Side::South),
                        "north wins" => CaseResult::Win(Side::North),
                        "draw" => CaseResult::Draw,
                        "in progress" => CaseResult::InProgress,
                        _ => return Err(err(RecordProblem::UnknownResult(value.to_string()))),
                    });
                }
                _ => return Err(err(RecordProblem::UnknownLine(key.to_string()))),
            }
        }
        let (fingerprint, seed, seats) = opening.finish()?;
        Ok(CaseRecord {
            fingerprint,
            seed,
            seats,
            south: south.ok_or_else(|| missing("south"))?,
            stakes: stakes.ok_or_else(|| missing("stakes"))?,
            appeal: appeal.ok_or_else(|| missing("appeal"))?,
            entries,
            result: result.ok_or_else(|| missing("result"))?,
        })
    }
}

/// The checks of one record, in order: `fingerprint`, `coin`, `moves`, `timeout moves`,
/// `result`, and `offers` for a record with offers, takebacks or an agreed draw. Every check is run; the checks after an illegal action cover the actions before
/// it.
pub fn verify(record: &CaseRecord) -> Vec<Check> {
    let mut checks = vec![crate::play::verify::fingerprint_check(
        &record.seed,
        &record.fingerprint,
    )];
    let seat = fair::ash_seat(&record.seed);
    let seat_words = |s: SeatOrder| {
        msg(match s {
            SeatOrder::First => "verify.seat.first",
            SeatOrder::Second => "verify.seat.second",
        })
    };
    checks.push(Check {
        name: "coin",
        passed: seat == record.south,
        detail: msg("verify.coin")
            .with_words("seat", seat_words(seat))
            .with(
                "name",
                &record.seats[match seat {
                    SeatOrder::First => 0,
                    SeatOrder::Second => 1,
                }],
            )
            .with_words("recorded", seat_words(record.south)),
    });
    let mut pos = start(record.appeal);
    let mut bad_move = None;
    let mut bad_timeout = None;
    let (mut moves, mut timeouts) = (0, 0);
    let mut resigned = None;
    let mut agreed = false;
    let mut offers = Offers::new(record.entries.iter().any(|e| {
        matches!(
            e,
            CaseEntry::Offer(_) | CaseEntry::TakeBack { .. } | CaseEntry::Agreed
        )
    }));
    // The actions standing, each with the position it was played in (a takeback goes back to
    // it) and whether the clock played it.
    let mut standing: Vec<(Position, Action, bool)> = Vec::new();
    for e in &record.entries {
        let (text, timeout) = match e {
            CaseEntry::Resign(side) => {
                resigned = Some(*side);
                continue;
            }
            CaseEntry::Agreed => {
                agreed = true;
                offers.agree();
                continue;
            }
            CaseEntry::Offer(n) => {
                let at = standing.len() as u64;
                offers.note(n, &format!("offer {}", n.words(side_word)), at..=at);
                continue;
            }
            CaseEntry::TakeBack { side, text } => {
                offers.take_back(*side);
                let why = match standing.last() {
                    Some((before, a, timeout))
                        if before.to_move() == *side && text.parse::<Action>() == Ok(*a) =>
                    {
                        timeout.then_some("verify.takeback.timeout")
                    }
                    _ => Some("verify.takeback.not_last"),
                };
                if let Some(key) = why {
                    bad_move = Some(
                        msg(key)
                            .with("text", text)
                            .with_words("side", side.explain()),
                    );
                    break;
                }
                if let Some((before, ..)) = standing.pop() {
                    pos = before;
                }
                continue;
            }
            CaseEntry::Move { text, timeout } => (text, *timeout),
        };
        offers.action();
        moves += 1;
        let refused = |why: Message| {
            msg("verify.moves.bad")
                .with("number", moves)
                .with("text", text)
                .with_words("why", why)
        };
        if let Some(v) = outcome(&pos) {
            bad_move = Some(refused(v.explain()));
            break;
        }
        let action = match text.parse::<Action>() {
            Ok(a) => a,
            Err(e) => {
                bad_move = Some(refused(e.explain()));
                break;
            }
        };
        if timeout {
            timeouts += 1;
            let expected = timeout_action(&pos);
            if bad_timeout.is_none() && expected != Some(action) {
                bad_timeout = Some(
                    msg("verify.timeouts.bad")
                        .with("number", moves)
                        .with("text", text)
                        .with("expected", expected.map_or("-".into(), |a| a.to_string())),
                );
            }
        }
        match crate::rules::snelab::apply(&pos, &action) {
            Ok(next) => {
                let before = std::mem::replace(&mut pos, next);
                standing.push((before, action, timeout));
            }
            Err(e) => {
                bad_move = Some(refused(e.explain()));
                break;
            }
        }
    }
    checks.push(Check {
        name: "moves",
        passed: bad_move.is_none(),
        detail: bad_move
            .clone()
            .unwrap_or_else(|| msg("verify.moves.ok").with("count", moves)),
    });
    checks.push(Check {
        name: "timeout moves",
        passed: bad_timeout.is_none(),
        detail: bad_timeout
            .unwrap_or_else(|| msg("verify.snelab.timeouts.ok").with("count", timeouts)),
    });
    let replayed = match (outcome(&pos), resigned) {
        (Some(v), _) => CaseResult::Win(v.winner),
        (None, Some(side)) => CaseResult::Win(side.opponent()),
        (None, None) if agreed => CaseResult::Draw,
        (None, None) => CaseResult::InProgress,
    };
    checks.push(Check {
        name: "result",
        passed: bad_move.is_none() && replayed == record.result,
        detail: if bad_move.is_some() {
            msg("verify.result.after_illegal")
        } else {
            msg("verify.result.compare")
                .with_words("actual", replayed.words())
                .with_words("recorded", record.result.words())
        },
    });
    checks.extend(offers.check(bad_move.is_some()));
    checks
}

// The record of a case played at this device.

/// The header line of a local case's record.
pub const LOCAL_HEADER: &str = "# Snēlab local case record";

/// One entry of a local case's course: an action, or a resignation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocalCaseEntry {
    /// An action in notation; `timeout` when the clock played it.
    Move {
        text: String,
        timeout: bool,
    },
    Resign(Side),
}

/// The record of a Snēlab case played at this device (against a bot, or two people taking
/// turns): no seed and no coin to verify (the purse's coin or the last verdict chose who
/// opens, and the record says who did), and no takebacks (a case here has none).
///
/// ```text
/// # Snēlab local case record
/// seat south person You
/// seat north bot:normal Bot (normal)
/// stakes casino
/// appeal on
/// opens north
/// move d8-d7
/// move d1-d2
/// resign north
/// result south wins
/// ```
///
/// - `seat south|north KIND NAME`: each side's seat, its kind (`person`, `bot:easy`,
///   `bot:normal`, `bot:hard`, `remote`) and the name shown.
/// - `stakes casino|street`, `appeal on|off` (the appeal rule: backward captures).
/// - `opens south|north`: the side that acted first.
/// - `move [timeout] ACTION`, `resign south|north` and `result south wins|north wins|draw|in
///   progress`, as in [`CaseRecord`]'s text.
///
/// The lines are read as every record's (blank lines and `#` lines skipped; each line given
/// once, but `move`; nothing after a `resign` or the `result`). Reading one back
/// ([`LocalCase::replay`]) plays it through the rules and names the first line that does not
/// replay.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LocalCase {
    /// By side, South first.
    pub seats: [LocalSeat; 2],
    pub stakes: super::Stakes,
    pub appeal: bool,
    pub opens: Side,
    pub entries: Vec<LocalCaseEntry>,
    pub result: CaseResult,
}

/// Where the entries and the result of a local case's record stand in its text (1-based).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LocalCaseLines {
    pub entries: Vec<usize>,
    pub result: usize,
}

impl LocalCase {
    /// The record of a case's match at this device: `stakes` its table, `names` by side (South
    /// first, as shown), `resigned` the side that gave up (a [`super::Session`] settles a
    /// resignation without the match). `None` for a case with a remote seat (the server's
    /// record is that case's).
    pub fn from_match(
        game: &Match<Position>,
        stakes: super::Stakes,
        names: [&str; 2],
        resigned: Option<Side>,
    ) -> Option<LocalCase> {
        let seats = game.seats();
        if seats.contains(&crate::play::Seat::Remote) {
            return None;
        }
        let mut entries: Vec<LocalCaseEntry> = game
            .record()
            .iter()
            .enumerate()
            .filter_map(|(i, e)| {
                Some(LocalCaseEntry::Move {
                    text: game.after(i)?.action_text(&e.action),
                    timeout: e.timeout,
                })
            })
            .collect();
        let ending = match game.ending() {
            None if game.outcome().is_none() => resigned.map(Ending::Resigned),
            ending => ending,
        };
        if let Some(Ending::Resigned(side)) = ending {
            entries.push(LocalCaseEntry::Resign(side));
        }
        let start = game.start();
        Some(LocalCase {
            seats: [0, 1].map(|i| LocalSeat::named(seats[i], names[i])),
            stakes,
            appeal: start.backward_captures(),
            opens: start.to_move(),
            entries,
            result: case_result(ending),
        })
    }

    /// The record of the case a session holds (under way, or just settled: until the next
    /// case); `None` with no case here, a watched or online case, or a lesson.
    pub fn from_session(session: &super::Session, names: [&str; 2]) -> Option<LocalCase> {
        if session.watching() || session.learning() {
            return None;
        }
        let game = session.game()?;
        let (stakes, resigned) = match session.phase() {
            super::Phase::Play => (session.open_case()?.stakes, None),
            super::Phase::Verdict(s) => (
                s.stakes,
                (s.end == super::CaseEnd::Resigned).then(|| s.loser()),
            ),
            super::Phase::Lobby => return None,
        };
        LocalCase::from_match(game, stakes, names, resigned)
    }

    /// The plain-text form.
    pub fn to_text(&self) -> String {
        let mut s = format!("{LOCAL_HEADER}\n");
        let mut line = |t: String| {
            s.push_str(t.trim_end());
            s.push('\n');
        };
        for (seat, side) in self.seats.iter().zip([Side::South, Side::North]) {
            line(format!(
                "seat {} {} {}",
                side_word(side),
                seat.kind_word(),
                seat.name
            ));
        }
        line(format!(
            "stakes {}",
            match self.stakes {
                super::Stakes::Casino => "casino",
                super::Stakes::Street => "street",
            }
        ));
        line(format!("appeal {}", if self.appeal { "on" } else { "off" }));
        line(format!("opens {}", side_word(self.opens)));
        for e in &self.entries {
            line(match e {
                LocalCaseEntry::Move {
                    text,
                    timeout: true,
                } => format!("move timeout {text}"),
                LocalCaseEntry::Move { text, .. } => format!("move {text}"),
                LocalCaseEntry::Resign(side) => format!("resign {}", side_word(*side)),
            });
        }
        line(format!("result {}", self.result.text()));
        s
    }

    /// Reads the plain-text form; every line must be understood and every field present once.
    pub fn parse(text: &str) -> Result<LocalCase, RecordError> {
        LocalCase::parse_with_lines(text).map(|(case, _)| case)
    }

    /// [`LocalCase::parse`], with where the entries and the result stand in the text.
    pub fn parse_with_lines(text: &str) -> Result<(LocalCase, LocalCaseLines), RecordError> {
        let mut seats: [Option<LocalSeat>; 2] = [None, None];
        let mut stakes = None;
        let mut appeal = None;
        let mut opens = None;
        let mut entries = Vec::new();
        let mut lines = LocalCaseLines::default();
        let mut ended = false;
        let mut result = None;
        let read_side = |w: &str| match w {
            "south" => Some(Side::South),
            "north" => Some(Side::North),
            _ => None,
        };
        for (line, key, value) in record_lines(text) {
            let err = |problem: RecordProblem| line_error(line, problem);
            let bad = |expected: &'static str, word: &str| {
                err(RecordProblem::BadWord {
                    key: key.to_string(),
                    word: word.to_string(),
                    expected,
                })
            };
            let once = |present: bool| once(present, line, key);
            let after_end = ended || result.is_some();
            match key {
                "seat" => {
                    let mut words = value.split_whitespace();
                    let side_word = words.next().unwrap_or("");
                    let side =
                        read_side(side_word).ok_or_else(|| bad("south, north", side_word))?;
                    let slot = &mut seats[Position::side_index(side)];
                    if slot.is_some() {
                        return Err(line_error(
                            line,
                            RecordProblem::Twice(format!("seat {side_word}")),
                        ));
                    }
                    let kind = words.next().unwrap_or("");
                    let seat = LocalSeat::read_kind(kind).ok_or_else(|| {
                        bad("person, bot:easy, bot:normal, bot:hard, remote", kind)
                    })?;
                    *slot = Some(LocalSeat::named(seat, &words.collect::<Vec<_>>().join(" ")));
                }
                "stakes" => {
                    once(stakes.is_some())?;
                    stakes = Some(match value {
                        "casino" => super::Stakes::Casino,
                        "street" => super::Stakes::Street,
                        _ => return Err(bad("casino, street", value)),
                    });
                }
                "appeal" => {
                    once(appeal.is_some())?;
                    appeal = Some(match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(bad("on, off", value)),
                    });
                }
                "opens" => {
                    once(opens.is_some())?;
                    opens = Some(read_side(value).ok_or_else(|| bad("south, north", value))?);
                }
                "move" => {
                    if after_end {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    let (timeout, text) = match value.strip_prefix("timeout") {
                        Some(t) if t.is_empty() || t.starts_with(' ') => (true, t.trim()),
                        _ => (false, value),
                    };
                    if text.is_empty() {
                        return Err(err(RecordProblem::EmptyMove));
                    }
                    entries.push(LocalCaseEntry::Move {
                        text: text.to_string(),
                        timeout,
                    });
                    lines.entries.push(line);
                }
                "resign" => {
                    if after_end {
                        return Err(err(RecordProblem::MoveAfterResult));
                    }
                    let side = read_side(value).ok_or_else(|| bad("south, north", value))?;
                    ended = true;
                    entries.push(LocalCaseEntry::Resign(side));
                    lines.entries.push(line);
                }
                "result" => {
                    once(result.is_some())?;
                    result = Some(match value {
                        "south wins" => CaseResult::Win(Side::South),
                        "north wins" => CaseResult::Win(Side::North),
                        "draw" => CaseResult::Draw,
                        "in progress" => CaseResult::InProgress,
                        _ => return Err(err(RecordProblem::UnknownResult(value.to_string()))),
                    });
                    lines.result = line;
                }
                _ => return Err(err(RecordProblem::UnknownLine(key.to_string()))),
            }
        }
        let [south, north] = seats;
        let case = LocalCase {
            seats: [
                south.ok_or_else(|| missing("seat south"))?,
                north.ok_or_else(|| missing("seat north"))?,
            ],
            stakes: stakes.ok_or_else(|| missing("stakes"))?,
            appeal: appeal.ok_or_else(|| missing("appeal"))?,
            opens: opens.ok_or_else(|| missing("opens"))?,
            entries,
            result: result.ok_or_else(|| missing("result"))?,
        };
        Ok((case, lines))
    }

    /// The line numbers of the entries and the result in [`LocalCase::to_text`]'s layout.
    pub fn lines(&self) -> LocalCaseLines {
        LocalCase::parse_with_lines(&self.to_text())
            .map(|(_, lines)| lines)
            .unwrap_or_default()
    }

    /// The case's match, replayed through the rules from its start (`opens` to act, the appeal
    /// rule): each action must be legal in its position (a `timeout` one the timeout rule's
    /// choice), a resignation must come while the case goes on, and the result must be the one
    /// reached. The error names the first line of [`LocalCase::to_text`] that is not; see
    /// [`LocalCase::replay_at`] for a record read from a text of its own. The match's bot seed
    /// is 0 and it is untimed (neither is part of the record).
    pub fn replay(&self) -> Result<Match<Position>, RecordError> {
        self.replay_at(&self.lines())
    }

    /// [`LocalCase::replay`] with the line numbers of a given text
    /// ([`LocalCase::parse_with_lines`]).
    pub fn replay_at(&self, lines: &LocalCaseLines) -> Result<Match<Position>, RecordError> {
        let mut start = Position::start();
        start.set_to_move(self.opens);
        start.set_backward_captures(self.appeal);
        let seats = self.seats.clone().map(|s| s.seat);
        let mut game = Match::new(start, seats, crate::play::ClockSetting::default(), 0);
        for (i, entry) in self.entries.iter().enumerate() {
            let line = lines.entries.get(i).copied().unwrap_or(0);
            let refused = |why: Message| line_error(line, RecordProblem::Refused(why));
            match entry {
                LocalCaseEntry::Resign(side) => {
                    game.resign(*side).map_err(|e| refused(e.explain()))?;
                }
                LocalCaseEntry::Move { text, timeout } => {
                    let side = game
                        .awaited()
                        .ok_or_else(|| refused(Refused::<Position>::GameOver.explain()))?;
                    let before = game.state().clone();
                    let played = game
                        .submit_heard(side, text, *timeout)
                        .map_err(|e| refused(e.explain()))?;
                    if *timeout && timeout_action(&before) != Some(played.action) {
                        let expected = timeout_action(&before)
                            .map_or("-".to_string(), |a| before.action_text(&a));
                        return Err(refused(
                            msg("verify.chess.timeout_bad").with("expected", expected),
                        ));
                    }
                }
            }
        }
        let reached = case_result(game.ending());
        if reached != self.result {
            return Err(line_error(
                lines.result,
                RecordProblem::Refused(
                    msg("verify.result.compare")
                        .with_words("actual", reached.words())
                        .with_words("recorded", self.result.words()),
                ),
            ));
        }
        Ok(game)
    }
}

/// The result a case's ending gives.
fn case_result(ending: Option<Ending<crate::rules::snelab::Verdict, Side>>) -> CaseResult {
    match ending {
        Some(Ending::Rules(v)) => CaseResult::Win(v.winner),
        Some(Ending::Resigned(side)) => CaseResult::Win(side.opponent()),
        Some(Ending::Agreed) => CaseResult::Draw,
        None => CaseResult::InProgress,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::snelab::legal_actions;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;

    /// A whole case between two random players, some of its actions the clock's.
    fn played(seed: Seed, appeal: bool, rng_seed: u64) -> CaseRecord {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(rng_seed);
        let mut pos = start(appeal);
        let mut entries = Vec::new();
        while outcome(&pos).is_none() {
            let timeout = entries.len() % 7 == 3;
            let action = if timeout {
                timeout_action(&pos).unwrap()
            } else {
                *legal_actions(&pos).choose(&mut rng).unwrap()
            };
            entries.push(CaseEntry::Move {
                text: action.to_string(),
                timeout,
            });
            pos = crate::rules::snelab::apply(&pos, &action).unwrap();
        }
        CaseRecord {
            fingerprint: seed.fingerprint(),
            seed,
            seats: ["Ana (person)".into(), "Rui (person)".into()],
            south: fair::ash_seat(&seed),
            stakes: super::super::Stakes::Street,
            appeal,
            entries,
            result: CaseResult::Win(outcome(&pos).unwrap().winner),
        }
    }

    fn failed(r: &CaseRecord) -> Vec<&'static str> {
        verify(r)
            .into_iter()
            .filter(|c| !c.passed)
            .map(|c| c.name)
            .collect()
    }

    #[test]
    fn a_whole_case_verifies_and_reads_back_the_same() {
        for (n, appeal) in [(1u8, true), (2, false), (3, true)] {
            let r = played(Seed([n; 32]), appeal, u64::from(n));
            assert!(failed(&r).is_empty(), "{:?}", verify(&r));
            let text = r.to_text();
            assert!(text.starts_with(HEADER));
            assert_eq!(CaseRecord::parse(&text), Ok(r));
        }
    }

    #[test]
    fn each_tampering_fails_its_own_check() {
        let r = played(Seed([5; 32]), true, 9);
        let mut seed = r.clone();
        seed.seed = Seed([6; 32]);
        assert_eq!(failed(&seed)[0], "fingerprint");
        let mut coin = r.clone();
        coin.south = match r.south {
            SeatOrder::First => SeatOrder::Second,
            SeatOrder::Second => SeatOrder::First,
        };
        assert_eq!(failed(&coin), ["coin"]);
        // An action the rules refuse: the first one moved to a square it cannot reach.
        let mut illegal = r.clone();
        illegal.entries[0] = CaseEntry::Move {
            text: "a1-a5".into(),
            timeout: false,
        };
        assert_eq!(failed(&illegal), ["moves", "result"]);
        let detail = english(&verify(&illegal)[2].detail);
        assert!(detail.starts_with("move 1 `a1-a5`"), "{detail}");
        // A timeout line whose action is legal but not the rule's choice.
        let mut timeout = r.clone();
        let CaseEntry::Move { text, .. } = &r.entries[0] else {
            panic!()
        };
        let expected = timeout_action(&start(true)).unwrap().to_string();
        if *text != expected {
            timeout.entries[0] = CaseEntry::Move {
                text: text.clone(),
                timeout: true,
            };
            assert_eq!(failed(&timeout), ["timeout moves"]);
        }
        let mut result = r.clone();
        result.result = match r.result {
            CaseResult::Win(s) => CaseResult::Win(s.opponent()),
            other => other,
        };
        assert_eq!(failed(&result), ["result"]);
        // A case written before its verdict, and then a resignation.
        let mut appeal = r.clone();
        appeal.entries.truncate(6);
        appeal.result = CaseResult::InProgress;
        assert!(failed(&appeal).is_empty());
        let mut resigned = appeal.clone();
        resigned.entries.push(CaseEntry::Resign(Side::North));
        assert_eq!(failed(&resigned), ["result"]);
        resigned.result = CaseResult::Win(Side::South);
        assert!(failed(&resigned).is_empty());
    }

    fn english(m: &Message) -> String {
        crate::i18n::english(m)
    }

    #[test]
    fn a_damaged_record_is_refused_with_its_line_and_never_panics() {
        let text = played(Seed([7; 32]), true, 4).to_text();
        let e = CaseRecord::parse(&text.replace("stakes street", "stakes pub")).unwrap_err();
        assert_eq!(e.line, 7);
        assert!(english(&e.explain()).contains("casino, street"));
        let e = CaseRecord::parse(&text.replace("appeal on\n", "")).unwrap_err();
        assert_eq!(e.problem, RecordProblem::Missing("appeal"));
        // Every prefix and every line dropped: an error or a record, never a panic.
        let lines: Vec<&str> = text.lines().collect();
        for n in 0..lines.len() {
            let _ = CaseRecord::parse(&lines[..n].join("\n"));
            let mut dropped = lines.clone();
            dropped.remove(n);
            if let Ok(r) = CaseRecord::parse(&dropped.join("\n")) {
                let _ = verify(&r);
            }
        }
    }
}
