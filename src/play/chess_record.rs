//! The records of Artifact Chess games. A game played online is written, read and verified
//! with everything needed to recompute it from the server's seed, the two clients' values and
//! armies (`crate::fair::chess` defines each hash), and to check every die and card dealt
//! ([`ChessRecord`]). A game played at this device (against the engine, or two people taking
//! turns) has a record of its own, [`LocalChessRecord`] ("A local game" below): its dice come
//! from a seed of its own, which the record keeps, and reading it checks every die against
//! that seed's stream.
//!
//! # The text
//!
//! One item a line; blank lines and lines starting with `#` are ignored; words are separated by
//! single spaces (more, or tabs, are read as one); every line below must be present once except
//! `action` (one per action), `offer` and `takeback` (any number) and `resign` or `draw agreed`
//! (at most one of them). The order is free except that the entries (`action`, `offer`,
//! `takeback`, `resign`, `draw agreed`) keep the game's order, none may follow the `result`,
//! and only `offer` lines may follow a `resign` or `draw agreed`. [`ChessRecord::to_text`]
//! writes the lines in the order shown.
//!
//! ```text
//! # Artifact Chess game record
//! fingerprint <64 hex>      SHA-256 of the server's seed, shown when the table opened
//! seed <64 hex>             the server's seed, revealed at the end
//! seat first <name>         who opened the table, as shown (a bot says so: "Bot normal (bot)")
//! seat second <name>        who joined it
//! white first               the colour rule's seat: `first` or `second` (fair::ash_seat)
//! artifacts on              `on` or `off`: whether the cards are in play
//! value white <64 hex>      white's value: 32 random bytes sent in the clear at Ready
//! value black <64 hex>      black's value
//! commit white <64 hex>     white's commitment, sent at Ready: SHA-256(army text, " ", salt)
//! commit black <64 hex>     black's commitment
//! army white <army> salt <64 hex>   white's army in canonical text (w:Ra1,Ke1,Pd2) and salt
//! army black <army> salt <64 hex>   black's, revealed at the end
//! dealt white <cards>       white's hand at the start: card codes in the deck's order, comma
//!                           separated (shield,fury,trophy…), or `-` for none (artifacts off)
//! dealt black <cards>       black's hand
//! action <colour> [timeout] <action> [dice <a> vs <d>] [drew <cards>] [rises <square>]
//! offer <offer> <event> by <colour> at <seq>   an offer at the table, or its answer
//! takeback <colour> <action>   that colour took back its last action
//! resign <colour>           that colour resigned; the other wins
//! draw agreed               both colours agreed to a draw
//! result <result>           `white wins`, `black wins`, `draw` or `in progress`
//! ```
//!
//! An `action` line is one action of the game, in order: the colour that acted, `timeout` when
//! the clock played it (a pass in a response window, otherwise the engine's easy choice with
//! seed 0: `Playable::timeout_action`), the action in the game's notation (`e2e4`, `d4xe5`,
//! `heal e1e2`, `fury c3xd5`, `trophy`, `pass`), then what the keyed stream gave it, written for
//! a person to read and checked by the verifier: `dice 3+4+5 vs 2+6` (the attacker's dice, then
//! the defender's, when dice were rolled: not on a wounded defender), `drew shield,fury` (the
//! kinds a Trophy put in the hand) and `rises e3` (the square a Zombie Pawn rose on).
//!
//! An `offer` line is a draw or takeback offer at the table, or its answer: `offer draw made
//! by white at 9`, `offer takeback accepted by black at 9` (`<offer>` is `draw` or `takeback`,
//! `<event>` `made`, `accepted` or `declined`, a lapse being a decline; the colour is the
//! offerer's for `made`, the answerer's otherwise; `<seq>` is the table's `seq` then, which
//! counts the two `ready` and the two `reveal`: the k-th standing action is seq 4 + k, and an
//! offer before the game has a seq up to 4). A `takeback` line follows an accepted takeback
//! offer: the colour took back its last action, written in notation as its `action` line
//! (never one the clock played); the game goes on from the position before it. The keyed
//! stream goes back with the position, so the next action draws the dice the taken-back one
//! drew: the players agreed to the takeback, and a record without the taken-back `action` and
//! its `takeback` replays the same. `draw agreed` follows an accepted draw offer and ends the
//! game as a draw.
//!
//! # Checking it
//!
//! [`verify`] (and [`verify_text`]) run every check, each naming the first bad line by number
//! and text: the fingerprint, the colour rule, the armies (each legal and matching its
//! commitment), the deal (both hands recomputed from the key), the actions (each legal and
//! given exactly what the keyed stream gives), the timeout actions (each the deterministic
//! one) and the result.
//!
//! # A local game
//!
//! A game at this device ([`super::chess::ChessGame::new`]) draws its hands and every die,
//! Trophy draw and Zombie Pawn square from one generator seeded by a 64-bit `dice_seed`; there
//! is no fingerprint, no values, no commitments and no salts, since nobody else took part in
//! the chances. Its record, [`LocalChessRecord`], is the same kind of text (one item a line;
//! blank lines and lines starting with `#` ignored; words separated by single spaces, more or
//! tabs read as one), with its own first line, and every line below present once except
//! `action` (one per action) and at most one of `resign` or `draw agreed`. The order is free
//! except that the entries (`action`, `resign`, `draw agreed`) keep the game's order and
//! nothing follows a `resign`, a `draw agreed` or the `result`.
//! [`LocalChessRecord::to_text`] writes the lines in the order shown.
//!
//! ```text
//! # Artifact Chess local game record
//! seat white <kind> <name>   white's seat: its kind (`person`, `bot:easy`, `bot:normal`,
//!                            `bot:hard`, `remote`) and the name shown ("You", "Engine (normal)")
//! seat black <kind> <name>   black's seat
//! artifacts on               `on` or `off`: whether the cards are in play
//! dice-seed <u64>            the generator's seed, in decimal digits (0 … 18446744073709551615)
//! army white <army>          white's army in canonical text (w:Ra1,Ke1,Pd2)
//! army black <army>          black's army (b:Ke8,Pd7)
//! action <colour> [timeout] <action> [dice <a> vs <d>] [drew <cards>] [rises <square>]
//! resign <colour>            that colour resigned; the other wins
//! draw agreed                both colours agreed to a draw
//! result <result>            `white wins`, `black wins`, `draw` or `in progress`
//! ```
//!
//! The generator is SplitMix64 (`crate::rules::chess::DiceRng::new(dice_seed)`): the first
//! draws deal white's hand, then black's (dealt and dropped with artifacts off, so the dice are
//! the same either way); every attempt's dice, Trophy's draws and Zombie Pawn's square come
//! after, in the order the actions need them. An `action` line is written and read exactly as
//! the online record's (above), `timeout` included (a response window or a timed turn that ran
//! out). The record is the game's standing course: an action taken back with Undo (and the
//! engine's replies it took back with it) is not in it, and the generator goes back with the
//! position, so the record of what stands replays the same. Reading a local record
//! ([`super::chess::ChessGame::from_record`]) replays it through the rules from the armies and
//! the seed and names the first line that does not agree: an army that does not read or is of
//! the other colour, an action refused or by the colour not to act, a `timeout` action that is
//! not the deterministic one, dice, a draw or a rise that is not the stream's, a resignation
//! after the end, or a result the entries do not reach. A local record proves nothing to
//! anyone else (whoever holds the seed can write any game it allows); an army changed to
//! another legal army under which every action still replays reads as that other game.
//!
//! # For the server
//!
//! [`OnlineTable`] holds what a table gathers before the game (seed, seats, values,
//! commitments, armies and salts); [`OnlineTable::game`] starts the keyed game, and
//! [`ChessRecord::from_match`] writes the record of its match at any moment (the seed is in
//! it: publish it only once the game is over).

pub use super::LocalSeat;
use super::chess::{ChessGame, Ending, starting_state_keyed};
use super::verify::{Check, Offers};
use super::{Match, Playable, Seat};
use crate::fair::chess::{Salt, army_text, commitment, dice_key, parse_army_text, white_seat};
use crate::fair::{self, FairError, SeatOrder, Seed, hex, parse_hex32};
use crate::i18n::{Explain, Message, msg};
use crate::rules::chess::army::deal;
use crate::rules::chess::cards::Play;
use crate::rules::chess::{
    Action, Army, Artifact, ArtifactSet, Colour, Dice, DiceRng, DiceSet, Record, Role, Square,
    State,
};
use crate::rules::hive::record::Note;

/// The first line of a record's text.
pub const HEADER: &str = "# Artifact Chess game record";

/// The recorded result line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordedResult {
    Win(Colour),
    Draw,
    /// The record was written before the game ended.
    InProgress,
}

impl RecordedResult {
    /// The result of a match: its ending, or in progress.
    pub fn of(ending: Option<Ending>) -> RecordedResult {
        match ending.map(Ending::winner) {
            None => RecordedResult::InProgress,
            Some(Some(c)) => RecordedResult::Win(c),
            Some(None) => RecordedResult::Draw,
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            RecordedResult::Win(Colour::White) => "white wins",
            RecordedResult::Win(Colour::Black) => "black wins",
            RecordedResult::Draw => "draw",
            RecordedResult::InProgress => "in progress",
        }
    }

    fn words(self) -> Message {
        match self {
            RecordedResult::Win(c) => msg("verify.result.win").with_words("colour", c.explain()),
            RecordedResult::Draw => msg("verify.result.draw"),
            RecordedResult::InProgress => msg("verify.result.in_progress"),
        }
    }
}

/// One action line: who acted, the action's notation, whether the clock played it, and what
/// the keyed stream gave it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordedAction {
    pub colour: Colour,
    /// The action in the game's notation (single spaces).
    pub text: String,
    pub timeout: bool,
    /// The dice rolled (none on a wounded defender, or for an action without an attempt).
    pub dice: Option<Dice>,
    /// The kinds a Trophy drew into the hand.
    pub drew: Option<ArtifactSet>,
    /// The square a Zombie Pawn rose on.
    pub rises: Option<Square>,
}

impl RecordedAction {
    /// The line of one action of a game: `before` the state it was played in, `record` what the
    /// rules said it did, `after` the state it left.
    pub fn of(before: &State, record: &Record, after: &State, timeout: bool) -> RecordedAction {
        let (drew, rises) = chances(before, &record.action, after);
        RecordedAction {
            colour: record.actor,
            text: record.action.to_string(),
            timeout,
            dice: record.dice,
            drew,
            rises,
        }
    }
}

/// What a Trophy drew and where a Zombie Pawn rose, read from the states around the action.
fn chances(
    before: &State,
    action: &Action,
    after: &State,
) -> (Option<ArtifactSet>, Option<Square>) {
    let actor = before.turn();
    match action {
        Action::Play(Play::Trophy) => {
            let new = after.hand(actor).bits() & !before.hand(actor).bits();
            let drew = after
                .hand(actor)
                .iter()
                .filter(|a| new >> (*a as u32) & 1 == 1);
            (Some(drew.collect()), None)
        }
        Action::Play(Play::ZombiePawn) => {
            let risen = Square::all().find(|s| {
                before.board().get(*s).is_none()
                    && after
                        .board()
                        .get(*s)
                        .is_some_and(|p| p.colour == actor && p.role == Role::Pawn)
            });
            (None, risen)
        }
        _ => (None, None),
    }
}

impl RecordedAction {
    /// The action as the online table's `event` tells it: `<action> [dice A vs D] [drew
    /// CARDS] [rises SQ]`, the draw only `with_draw` (a Trophy's kinds are its actor's to
    /// know).
    pub fn heard_text(&self, with_draw: bool) -> String {
        let mut s = self.text.clone();
        if let Some(d) = self.dice {
            s.push_str(&format!(" dice {d}"));
        }
        if let Some(cards) = self.drew.filter(|_| with_draw) {
            s.push_str(&format!(" drew {}", cards_text(cards)));
        }
        if let Some(sq) = self.rises {
            s.push_str(&format!(" rises {sq}"));
        }
        s
    }
}

/// One entry of the game's course: an action, an offer or its answer, a takeback, a
/// resignation or an agreed draw.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordedEntry {
    Action(RecordedAction),
    Resign(Colour),
    Offer(Note<Colour>),
    /// This colour took back its last action (in notation).
    TakeBack {
        colour: Colour,
        text: String,
    },
    /// Both colours agreed to a draw.
    Agreed,
}

/// An army as revealed at the end: its text exactly as recorded (the commitment is over this
/// text, so it is kept unread until verified) and its salt.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordedArmy {
    pub text: String,
    pub salt: Salt,
}

/// A whole record as read from (or written to) text. Nothing in it is trusted until verified.
/// Per-colour fields are indexed by colour (0: white, 1: black); `seats` by seat order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChessRecord {
    pub fingerprint: String,
    pub seed: Seed,
    /// The two seats in the order they were taken (names as shown, with the seat kind).
    pub seats: [String; 2],
    /// Which seat played white, as recorded.
    pub white: SeatOrder,
    pub artifacts: bool,
    pub values: [[u8; 32]; 2],
    pub commits: [[u8; 32]; 2],
    pub armies: [RecordedArmy; 2],
    /// The hands dealt, as recorded (empty with artifacts off).
    pub dealt: [ArtifactSet; 2],
    pub entries: Vec<RecordedEntry>,
    pub result: RecordedResult,
}

/// Why a record could not be read: the line (1-based; 0 for the record as a whole) and what is
/// wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordError {
    pub line: usize,
    pub problem: RecordProblem,
}

/// What is wrong with a record's line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordProblem {
    /// A line given twice (its keyword, with the colour or seat where it has one).
    Twice(String),
    /// Not 64 hexadecimal digits (a seed, value, commitment or salt).
    BadHex(FairError),
    /// `seat` must name `first` or `second`.
    BadSeat(String),
    /// `white` must name `first` or `second`.
    BadWhite(String),
    /// A colour must be `white` or `black`.
    BadColour(String),
    /// `artifacts` must be `on` or `off`.
    BadArtifacts(String),
    /// An army line is `army <colour> <army text> salt <64 hex>`.
    BadArmyLine,
    /// Cards are codes separated by commas, each once, or `-`.
    BadCards(String),
    EmptyAction,
    /// Dice are `3+4+5 vs 2+6`.
    BadDice(String),
    BadSquare(String),
    /// After the action only `dice`, `drew` and `rises` may follow, each once, in that order.
    BadExtra(String),
    /// An action or resignation after the result or a resignation.
    AfterEnd,
    /// An `offer` line reads `offer draw|takeback made|accepted|declined by <colour> at <seq>`.
    BadOffer(String),
    UnknownResult(String),
    UnknownLine(String),
    /// A required line is missing (its keyword).
    Missing(&'static str),
    /// A local record's seat kind is `person`, `bot:easy|normal|hard` or `remote`.
    BadSeatKind(String),
    /// A local record's `dice-seed` is a number from 0 to 2^64 − 1, in plain digits.
    BadDiceSeed(String),
    /// A local record's army does not read as an army (its reader's words).
    BadArmy(Message),
    /// A local record's army text names the other colour than its line.
    ArmyColour {
        army: Colour,
        line: Colour,
    },
    /// A local record's entry the rules or the match refuse (their words).
    Refused(Message),
    /// A local record's action by the colour not to act (the one to act).
    NotToAct(Colour),
    /// A local record's action marked as the clock's is not the deterministic timeout action
    /// (that one, if any).
    TimeoutDiffers(Option<String>),
    /// A local record's dice are not the seed's stream's (what it rolls: `None` for no dice).
    DiceDiffer(Option<Dice>),
    /// A local record's Trophy draw is not the stream's (what it draws, if anything).
    DrewDiffers(Option<ArtifactSet>),
    /// A local record's Zombie Pawn square is not the stream's (where it rises, if anywhere).
    RisesDiffer(Option<Square>),
    /// A local record's result is not the one its entries reach.
    ResultDiffers {
        reached: RecordedResult,
        recorded: RecordedResult,
    },
}

impl Explain for RecordError {
    fn explain(&self) -> Message {
        let why = match &self.problem {
            RecordProblem::Twice(k) => msg("record.twice").with("key", k),
            RecordProblem::BadHex(e) => e.explain(),
            RecordProblem::BadSeat(w) => msg("record.bad_seat").with("word", w),
            RecordProblem::BadWhite(w) => msg("verify.chess.record.bad_white").with("word", w),
            RecordProblem::BadColour(w) => msg("verify.chess.record.bad_colour").with("word", w),
            RecordProblem::BadArtifacts(w) => {
                msg("verify.chess.record.bad_artifacts").with("word", w)
            }
            RecordProblem::BadArmyLine => msg("verify.chess.record.bad_army"),
            RecordProblem::BadCards(w) => msg("verify.chess.record.bad_cards").with("word", w),
            RecordProblem::EmptyAction => msg("verify.chess.record.empty_action"),
            RecordProblem::BadDice(w) => msg("verify.chess.record.bad_dice").with("word", w),
            RecordProblem::BadSquare(w) => msg("verify.chess.record.bad_square").with("word", w),
            RecordProblem::BadExtra(w) => msg("verify.chess.record.bad_extra").with("word", w),
            RecordProblem::AfterEnd => msg("verify.chess.record.after_end"),
            RecordProblem::BadOffer(w) => msg("record.bad_offer").with("word", w),
            RecordProblem::UnknownResult(w) => msg("record.unknown_result").with("word", w),
            RecordProblem::UnknownLine(w) => msg("record.unknown_line").with("word", w),
            RecordProblem::Missing(k) => msg("record.missing").with("key", k),
            RecordProblem::BadSeatKind(w) => msg("record.bad_word")
                .with("key", "seat")
                .with("word", w)
                .with("expected", "person, bot:easy, bot:normal, bot:hard, remote"),
            RecordProblem::BadDiceSeed(w) => msg("record.bad_word")
                .with("key", "dice-seed")
                .with("word", w)
                .with("expected", "0 … 18446744073709551615"),
            RecordProblem::BadArmy(why) | RecordProblem::Refused(why) => why.clone(),
            RecordProblem::ArmyColour { army, line } => msg("verify.chess.army_colour")
                .with_words("army", army.explain())
                .with_words("line", line.explain()),
            RecordProblem::NotToAct(c) => {
                msg("verify.chess.not_to_act").with_words("colour", c.explain())
            }
            RecordProblem::TimeoutDiffers(expected) => {
                msg("verify.chess.timeout_bad").with("expected", expected.as_deref().unwrap_or("-"))
            }
            RecordProblem::DiceDiffer(Some(d)) => msg("verify.chess.dice_bad").with("actual", d),
            RecordProblem::DiceDiffer(None) => msg("verify.chess.no_dice"),
            RecordProblem::DrewDiffers(Some(cards)) => {
                msg("verify.chess.drew_bad").with("actual", cards_text(*cards))
            }
            RecordProblem::DrewDiffers(None) => msg("verify.chess.no_draw"),
            RecordProblem::RisesDiffer(Some(sq)) => {
                msg("verify.chess.rises_bad").with("actual", sq)
            }
            RecordProblem::RisesDiffer(None) => msg("verify.chess.no_rise"),
            RecordProblem::ResultDiffers { reached, recorded } => {
                msg("verify.chess.result_compare")
                    .with_words("actual", reached.words())
                    .with_words("recorded", recorded.words())
            }
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

/// Where each part of a record stands in its text: 1-based line numbers, and the lines
/// themselves (trimmed), so a check can quote the line it blames. Per-colour fields by colour,
/// `seats` by seat order, `entries` by entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lines {
    pub fingerprint: usize,
    pub seed: usize,
    pub seats: [usize; 2],
    pub white: usize,
    pub artifacts: usize,
    pub values: [usize; 2],
    pub commits: [usize; 2],
    pub armies: [usize; 2],
    pub dealt: [usize; 2],
    pub entries: Vec<usize>,
    pub result: usize,
    texts: Vec<String>,
}

impl Lines {
    /// The text of line `n` (1-based), trimmed; empty past the end.
    pub fn text(&self, n: usize) -> &str {
        n.checked_sub(1)
            .and_then(|i| self.texts.get(i))
            .map_or("", String::as_str)
    }

    /// A problem found on line `n`, quoting it.
    fn at(&self, n: usize, why: Message) -> Message {
        msg("verify.chess.at_line")
            .with("line", n)
            .with("text", self.text(n))
            .with_words("why", why)
    }
}

fn colour_word(c: Colour) -> &'static str {
    c.name()
}

fn seat_word(s: SeatOrder) -> &'static str {
    match s {
        SeatOrder::First => "first",
        SeatOrder::Second => "second",
    }
}

/// Card codes in the deck's order, comma separated; `-` for none.
pub fn cards_text(cards: ArtifactSet) -> String {
    if cards.is_empty() {
        return "-".into();
    }
    cards
        .iter()
        .map(Artifact::code)
        .collect::<Vec<_>>()
        .join(",")
}

fn parse_cards(text: &str) -> Option<ArtifactSet> {
    if text == "-" {
        return Some(ArtifactSet::EMPTY);
    }
    let mut set = ArtifactSet::EMPTY;
    for code in text.split(',') {
        if !set.insert(Artifact::from_code(code)?) {
            return None;
        }
    }
    Some(set)
}

/// Reads dice as a record and the online table's events write them: `3+4+5 vs 2+6` (the
/// attacker's, then the defender's; `-` for none).
pub fn parse_dice(text: &str) -> Option<Dice> {
    let [a, vs, d] = text.split_whitespace().collect::<Vec<_>>()[..] else {
        return None;
    };
    (vs == "vs").then_some(())?;
    Some(Dice {
        attacker: parse_dice_set(a)?,
        defender: parse_dice_set(d)?,
    })
}

fn parse_dice_set(text: &str) -> Option<DiceSet> {
    if text == "-" {
        return Some(DiceSet::default());
    }
    let values: Option<Vec<u8>> = text.split('+').map(|v| v.parse().ok()).collect();
    DiceSet::new(&values?)
}

fn parse_colour(word: &str) -> Result<Colour, RecordProblem> {
    match word {
        "white" => Ok(Colour::White),
        "black" => Ok(Colour::Black),
        _ => Err(RecordProblem::BadColour(word.chars().take(40).collect())),
    }
}

fn parse_order(word: &str) -> Option<SeatOrder> {
    match word {
        "first" => Some(SeatOrder::First),
        "second" => Some(SeatOrder::Second),
        _ => None,
    }
}

/// A word of a line as an error quotes it (short, whole characters).
fn quoted(word: &str) -> String {
    word.chars().take(40).collect()
}

/// Reads the words after `action <colour>`.
fn parse_action_words(words: &[&str]) -> Result<(bool, String, Extras), RecordProblem> {
    let (timeout, words) = match words.split_first() {
        Some((&"timeout", rest)) => (true, rest),
        _ => (false, words),
    };
    let is_extra = |w: &&str| matches!(*w, "dice" | "drew" | "rises");
    let end = words.iter().position(is_extra).unwrap_or(words.len());
    if end == 0 {
        return Err(RecordProblem::EmptyAction);
    }
    let text = words[..end].join(" ");
    let mut extras = Extras::default();
    let mut rest = &words[end..];
    // Each extra at most once, in this order.
    let mut stage = 0;
    while let Some((&word, tail)) = rest.split_first() {
        let bad = || RecordProblem::BadExtra(quoted(word));
        match word {
            "dice" if stage < 1 => {
                stage = 1;
                let [a, vs, d, ..] = tail else {
                    return Err(RecordProblem::BadDice(tail.join(" ")));
                };
                let dice = (*vs == "vs")
                    .then(|| Some((parse_dice_set(a)?, parse_dice_set(d)?)))
                    .flatten()
                    .ok_or_else(|| RecordProblem::BadDice(quoted(&format!("{a} {vs} {d}"))))?;
                extras.dice = Some(Dice {
                    attacker: dice.0,
                    defender: dice.1,
                });
                rest = &tail[3..];
            }
            "drew" if stage < 2 => {
                stage = 2;
                let cards = tail
                    .first()
                    .ok_or_else(|| RecordProblem::BadCards(String::new()))?;
                let set = parse_cards(cards)
                    .filter(|s| !s.is_empty())
                    .ok_or_else(|| RecordProblem::BadCards(quoted(cards)))?;
                extras.drew = Some(set);
                rest = &tail[1..];
            }
            "rises" if stage < 3 => {
                stage = 3;
                let sq = tail
                    .first()
                    .ok_or_else(|| RecordProblem::BadSquare(String::new()))?;
                extras.rises =
                    Some(Square::parse(sq).ok_or_else(|| RecordProblem::BadSquare(quoted(sq)))?);
                rest = &tail[1..];
            }
            _ => return Err(bad()),
        }
    }
    Ok((timeout, text, extras))
}

#[derive(Default)]
struct Extras {
    dice: Option<Dice>,
    drew: Option<ArtifactSet>,
    rises: Option<Square>,
}

impl ChessRecord {
    /// The plain-text form (see the module's documentation).
    pub fn to_text(&self) -> String {
        let mut s = format!("{HEADER}\n");
        let mut line = |t: String| {
            s.push_str(&t);
            s.push('\n');
        };
        line(format!("fingerprint {}", self.fingerprint));
        line(format!("seed {}", self.seed.to_hex()));
        line(format!("seat first {}", self.seats[0]));
        line(format!("seat second {}", self.seats[1]));
        line(format!("white {}", seat_word(self.white)));
        line(format!(
            "artifacts {}",
            if self.artifacts { "on" } else { "off" }
        ));
        for c in Colour::BOTH {
            line(format!(
                "value {} {}",
                colour_word(c),
                hex(&self.values[c.index()])
            ));
        }
        for c in Colour::BOTH {
            line(format!(
                "commit {} {}",
                colour_word(c),
                hex(&self.commits[c.index()])
            ));
        }
        for c in Colour::BOTH {
            let a = &self.armies[c.index()];
            line(format!(
                "army {} {} salt {}",
                colour_word(c),
                a.text,
                a.salt.to_hex()
            ));
        }
        for c in Colour::BOTH {
            line(format!(
                "dealt {} {}",
                colour_word(c),
                cards_text(self.dealt[c.index()])
            ));
        }
        for e in &self.entries {
            line(match e {
                RecordedEntry::Action(a) => action_line(a),
                RecordedEntry::Resign(c) => format!("resign {}", colour_word(*c)),
                RecordedEntry::Offer(n) => format!("offer {}", n.words(colour_word)),
                RecordedEntry::TakeBack { colour, text } => {
                    format!("takeback {} {text}", colour_word(*colour))
                }
                RecordedEntry::Agreed => "draw agreed".into(),
            });
        }
        line(format!("result {}", self.result.text()));
        s
    }

    /// The line numbers of the record's parts in [`ChessRecord::to_text`]'s layout.
    pub fn lines(&self) -> Lines {
        ChessRecord::parse_with_lines(&self.to_text())
            .map(|(_, lines)| lines)
            .unwrap_or_default()
    }

    /// Reads the plain-text form; every line must be understood and every field present once.
    /// Never panics, whatever the text.
    pub fn parse(text: &str) -> Result<ChessRecord, RecordError> {
        ChessRecord::parse_with_lines(text).map(|(record, _)| record)
    }

    /// [`ChessRecord::parse`], with where each part stands in the text.
    pub fn parse_with_lines(text: &str) -> Result<(ChessRecord, Lines), RecordError> {
        let mut fingerprint = None;
        let mut seed = None;
        let mut seats: [Option<String>; 2] = [None, None];
        let mut white = None;
        let mut artifacts = None;
        let mut values: [Option<[u8; 32]>; 2] = [None, None];
        let mut commits: [Option<[u8; 32]>; 2] = [None, None];
        let mut armies: [Option<RecordedArmy>; 2] = [None, None];
        let mut dealt: [Option<ArtifactSet>; 2] = [None, None];
        let mut entries = Vec::new();
        let mut ended = false;
        let mut result = None;
        let mut lines = Lines {
            texts: text.lines().map(|l| l.trim().to_string()).collect(),
            ..Lines::default()
        };
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |problem: RecordProblem| RecordError { line, problem };
            let l = raw.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = l.split_whitespace().collect();
            let (key, rest) = words.split_first().map_or(("", &[][..]), |(k, r)| (*k, r));
            let value = rest.join(" ");
            let twice = |what: String| err(RecordProblem::Twice(what));
            let hex32 = |what: &'static str, text: &str| {
                parse_hex32(what, text).map_err(|e| err(RecordProblem::BadHex(e)))
            };
            // The colour a per-colour line names, and the words after it.
            let coloured = || -> Result<(Colour, &[&str]), RecordError> {
                let (c, tail) = rest
                    .split_first()
                    .ok_or_else(|| err(RecordProblem::BadColour(String::new())))?;
                Ok((parse_colour(c).map_err(err)?, tail))
            };
            match key {
                "fingerprint" => {
                    if fingerprint.is_some() {
                        return Err(twice(key.into()));
                    }
                    fingerprint = Some(value);
                    lines.fingerprint = line;
                }
                "seed" => {
                    if seed.is_some() {
                        return Err(twice(key.into()));
                    }
                    seed = Some(Seed(hex32("seed", &value)?));
                    lines.seed = line;
                }
                "seat" => {
                    let (which, name) = rest.split_first().map_or(("", &[][..]), |(w, n)| (*w, n));
                    let slot = match parse_order(which) {
                        Some(SeatOrder::First) => 0,
                        Some(SeatOrder::Second) => 1,
                        None => return Err(err(RecordProblem::BadSeat(quoted(which)))),
                    };
                    if seats[slot].is_some() {
                        return Err(twice(format!("seat {which}")));
                    }
                    seats[slot] = Some(name.join(" "));
                    lines.seats[slot] = line;
                }
                "white" => {
                    if white.is_some() {
                        return Err(twice(key.into()));
                    }
                    white = Some(
                        parse_order(&value)
                            .ok_or_else(|| err(RecordProblem::BadWhite(quoted(&value))))?,
                    );
                    lines.white = line;
                }
                "artifacts" => {
                    if artifacts.is_some() {
                        return Err(twice(key.into()));
                    }
                    artifacts = Some(match value.as_str() {
                        "on" => true,
                        "off" => false,
                        _ => return Err(err(RecordProblem::BadArtifacts(quoted(&value)))),
                    });
                    lines.artifacts = line;
                }
                "value" | "commit" => {
                    let (c, tail) = coloured()?;
                    let (slot, at) = if key == "value" {
                        (&mut values[c.index()], &mut lines.values[c.index()])
                    } else {
                        (&mut commits[c.index()], &mut lines.commits[c.index()])
                    };
                    if slot.is_some() {
                        return Err(twice(format!("{key} {}", c.name())));
                    }
                    let what = if key == "value" {
                        "value"
                    } else {
                        "commitment"
                    };
                    *slot = Some(hex32(what, &tail.join(" "))?);
                    *at = line;
                }
                "army" => {
                    let (c, tail) = coloured()?;
                    if armies[c.index()].is_some() {
                        return Err(twice(format!("army {}", c.name())));
                    }
                    let [text, salt_word, salt] = tail else {
                        return Err(err(RecordProblem::BadArmyLine));
                    };
                    if *salt_word != "salt" {
                        return Err(err(RecordProblem::BadArmyLine));
                    }
                    armies[c.index()] = Some(RecordedArmy {
                        text: text.to_string(),
                        salt: Seed(hex32("salt", salt)?),
                    });
                    lines.armies[c.index()] = line;
                }
                "dealt" => {
                    let (c, tail) = coloured()?;
                    if dealt[c.index()].is_some() {
                        return Err(twice(format!("dealt {}", c.name())));
                    }
                    let cards = tail.join(" ");
                    dealt[c.index()] = Some(
                        parse_cards(&cards)
                            .ok_or_else(|| err(RecordProblem::BadCards(quoted(&cards))))?,
                    );
                    lines.dealt[c.index()] = line;
                }
                "action" => {
                    if ended || result.is_some() {
                        return Err(err(RecordProblem::AfterEnd));
                    }
                    let (colour, tail) = coloured()?;
                    let (timeout, text, extras) = parse_action_words(tail).map_err(err)?;
                    entries.push(RecordedEntry::Action(RecordedAction {
                        colour,
                        text,
                        timeout,
                        dice: extras.dice,
                        drew: extras.drew,
                        rises: extras.rises,
                    }));
                    lines.entries.push(line);
                }
                "resign" => {
                    if ended || result.is_some() {
                        return Err(err(RecordProblem::AfterEnd));
                    }
                    ended = true;
                    entries.push(RecordedEntry::Resign(parse_colour(&value).map_err(err)?));
                    lines.entries.push(line);
                }
                "offer" => {
                    // An offer may still be answered (or lapse) after the end, not after the
                    // result line.
                    if result.is_some() {
                        return Err(err(RecordProblem::AfterEnd));
                    }
                    let note = Note::parse(&value, |w| parse_colour(w).ok())
                        .map_err(|_| err(RecordProblem::BadOffer(quoted(&value))))?;
                    entries.push(RecordedEntry::Offer(note));
                    lines.entries.push(line);
                }
                "takeback" => {
                    if ended || result.is_some() {
                        return Err(err(RecordProblem::AfterEnd));
                    }
                    let (colour, tail) = coloured()?;
                    if tail.is_empty() {
                        return Err(err(RecordProblem::EmptyAction));
                    }
                    entries.push(RecordedEntry::TakeBack {
                        colour,
                        text: tail.join(" "),
                    });
                    lines.entries.push(line);
                }
                "draw" => {
                    if ended || result.is_some() {
                        return Err(err(RecordProblem::AfterEnd));
                    }
                    if value != "agreed" {
                        return Err(err(RecordProblem::UnknownLine(quoted(l))));
                    }
                    ended = true;
                    entries.push(RecordedEntry::Agreed);
                    lines.entries.push(line);
                }
                "result" => {
                    if result.is_some() {
                        return Err(twice(key.into()));
                    }
                    result = Some(match value.as_str() {
                        "white wins" => RecordedResult::Win(Colour::White),
                        "black wins" => RecordedResult::Win(Colour::Black),
                        "draw" => RecordedResult::Draw,
                        "in progress" => RecordedResult::InProgress,
                        _ => return Err(err(RecordProblem::UnknownResult(quoted(&value)))),
                    });
                    lines.result = line;
                }
                _ => return Err(err(RecordProblem::UnknownLine(quoted(key)))),
            }
        }
        let missing = |what: &'static str| RecordError {
            line: 0,
            problem: RecordProblem::Missing(what),
        };
        fn both<T>(
            pair: [Option<T>; 2],
            w: &'static str,
            b: &'static str,
        ) -> Result<[T; 2], RecordError> {
            let missing = |what: &'static str| RecordError {
                line: 0,
                problem: RecordProblem::Missing(what),
            };
            let [x, y] = pair;
            Ok([x.ok_or_else(|| missing(w))?, y.ok_or_else(|| missing(b))?])
        }
        let record = ChessRecord {
            fingerprint: fingerprint.ok_or_else(|| missing("fingerprint"))?,
            seed: seed.ok_or_else(|| missing("seed"))?,
            seats: both(seats, "seat first", "seat second")?,
            white: white.ok_or_else(|| missing("white"))?,
            artifacts: artifacts.ok_or_else(|| missing("artifacts"))?,
            values: both(values, "value white", "value black")?,
            commits: both(commits, "commit white", "commit black")?,
            armies: both(armies, "army white", "army black")?,
            dealt: both(dealt, "dealt white", "dealt black")?,
            entries,
            result: result.ok_or_else(|| missing("result"))?,
        };
        Ok((record, lines))
    }

    /// The record of an online game at any moment: the table's set-up and the match's course
    /// (every action with what the keyed stream gave it, timeouts marked), a resignation, and
    /// the result (`in progress` while it goes on).
    pub fn from_match(table: &OnlineTable, game: &Match<State>) -> ChessRecord {
        let mut entries: Vec<RecordedEntry> = game
            .record()
            .iter()
            .zip(game.course())
            .enumerate()
            .filter_map(|(i, (entry, step))| {
                let before = game.after(i)?;
                Some(RecordedEntry::Action(RecordedAction::of(
                    before,
                    &step.record,
                    &step.after,
                    entry.timeout,
                )))
            })
            .collect();
        match game.ending() {
            Some(Ending::Resigned(c)) => entries.push(RecordedEntry::Resign(c)),
            Some(Ending::Agreed) => entries.push(RecordedEntry::Agreed),
            _ => {}
        }
        let start = game.start();
        ChessRecord {
            fingerprint: table.seed.fingerprint(),
            seed: table.seed,
            seats: table.seats.clone().map(|s| one_line(&s)),
            white: table.white(),
            artifacts: table.artifacts,
            values: table.values,
            commits: table.commits,
            armies: [0, 1].map(|i| RecordedArmy {
                text: army_text(&table.armies[i]),
                salt: table.salts[i],
            }),
            dealt: Colour::BOTH.map(|c| start.hand(c)),
            entries,
            result: RecordedResult::of(game.ending()),
        }
    }

    /// The record of a [`ChessGame`] started by [`OnlineTable::game`].
    pub fn from_game(table: &OnlineTable, game: &ChessGame) -> ChessRecord {
        ChessRecord::from_match(table, game.game())
    }
}

/// A seat's name on one line: control characters (a line break) become spaces.
fn one_line(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn action_line(a: &RecordedAction) -> String {
    let mut s = format!("action {}", colour_word(a.colour));
    if a.timeout {
        s.push_str(" timeout");
    }
    s.push(' ');
    s.push_str(&a.text);
    if let Some(d) = a.dice {
        s.push_str(&format!(" dice {d}"));
    }
    if let Some(cards) = a.drew {
        s.push_str(&format!(" drew {}", cards_text(cards)));
    }
    if let Some(sq) = a.rises {
        s.push_str(&format!(" rises {sq}"));
    }
    s
}

// The record of a local game (against the engine, or two people at this device).

/// The first line of a local game's record.
pub const LOCAL_HEADER: &str = "# Artifact Chess local game record";

/// One entry of a local game's standing course: an action, a resignation or an agreed draw.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocalEntry {
    Action(RecordedAction),
    Resign(Colour),
    /// Both colours agreed to a draw.
    Agreed,
}

/// The record of an Artifact Chess game played at this device (see the module's
/// documentation, "A local game"): its dice come from a seed of its own, so there is nothing to
/// commit to; every die, draw and rise is still checked against the seed's stream on reading
/// ([`ChessGame::from_record`]). Per-colour fields are indexed by colour (0: white, 1: black).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LocalChessRecord {
    pub seats: [LocalSeat; 2],
    pub artifacts: bool,
    /// The seed of the dice generator ([`ChessGame::new`]'s `dice_seed`).
    pub dice_seed: u64,
    /// The armies in canonical text (`crate::fair::chess::army_text`), as recorded.
    pub armies: [String; 2],
    /// The standing course: undone actions are not in it.
    pub entries: Vec<LocalEntry>,
    pub result: RecordedResult,
}

/// Where each part of a local record stands in its text (1-based line numbers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LocalLines {
    pub seats: [usize; 2],
    pub artifacts: usize,
    pub dice_seed: usize,
    pub armies: [usize; 2],
    pub entries: Vec<usize>,
    pub result: usize,
}

impl LocalChessRecord {
    /// The record of a local game at any moment: its seats with `names` (by colour, white's
    /// first: the names as shown), artifacts, dice seed, armies, the standing course (undone
    /// actions left out) with what the dice gave each action, a resignation or agreed draw, and
    /// the result (`in progress` while it goes on). `None` for a game with no dice seed of its
    /// own ([`ChessGame::dice_seed`]: an online game, a staged one, a lesson, or one resumed
    /// from a save written before games kept their seed).
    pub fn from_game(game: &ChessGame, names: [&str; 2]) -> Option<LocalChessRecord> {
        let dice_seed = game.dice_seed()?;
        if game.is_coached() {
            return None;
        }
        let m = game.game();
        let mut entries: Vec<LocalEntry> = m
            .record()
            .iter()
            .zip(m.course())
            .enumerate()
            .filter_map(|(i, (entry, step))| {
                let before = m.after(i)?;
                Some(LocalEntry::Action(RecordedAction::of(
                    before,
                    &step.record,
                    &step.after,
                    entry.timeout,
                )))
            })
            .collect();
        match m.ending() {
            Some(Ending::Resigned(c)) => entries.push(LocalEntry::Resign(c)),
            Some(Ending::Agreed) => entries.push(LocalEntry::Agreed),
            _ => {}
        }
        Some(LocalChessRecord {
            seats: Colour::BOTH.map(|c| LocalSeat::named(game.seat(c), names[c.index()])),
            artifacts: game.artifacts(),
            dice_seed,
            armies: game.armies().clone().map(|a| army_text(&a)),
            entries,
            result: RecordedResult::of(m.ending()),
        })
    }

    /// The plain-text form (see the module's documentation, "A local game").
    pub fn to_text(&self) -> String {
        let mut s = format!("{LOCAL_HEADER}\n");
        let mut line = |t: String| {
            s.push_str(t.trim_end());
            s.push('\n');
        };
        for c in Colour::BOTH {
            let seat = &self.seats[c.index()];
            line(format!(
                "seat {} {} {}",
                colour_word(c),
                seat.kind_word(),
                seat.name
            ));
        }
        line(format!(
            "artifacts {}",
            if self.artifacts { "on" } else { "off" }
        ));
        line(format!("dice-seed {}", self.dice_seed));
        for c in Colour::BOTH {
            line(format!(
                "army {} {}",
                colour_word(c),
                self.armies[c.index()]
            ));
        }
        for e in &self.entries {
            line(match e {
                LocalEntry::Action(a) => action_line(a),
                LocalEntry::Resign(c) => format!("resign {}", colour_word(*c)),
                LocalEntry::Agreed => "draw agreed".into(),
            });
        }
        line(format!("result {}", self.result.text()));
        s
    }

    /// The line numbers of the record's parts in [`LocalChessRecord::to_text`]'s layout.
    pub fn lines(&self) -> LocalLines {
        LocalChessRecord::parse_with_lines(&self.to_text())
            .map(|(_, lines)| lines)
            .unwrap_or_default()
    }

    /// Reads the plain-text form; every line must be understood and every field present once.
    /// Never panics, whatever the text. Nothing is checked against the rules here: that is
    /// [`ChessGame::from_record`]'s.
    pub fn parse(text: &str) -> Result<LocalChessRecord, RecordError> {
        LocalChessRecord::parse_with_lines(text).map(|(record, _)| record)
    }

    /// [`LocalChessRecord::parse`], with where each part stands in the text.
    pub fn parse_with_lines(text: &str) -> Result<(LocalChessRecord, LocalLines), RecordError> {
        let mut seats: [Option<LocalSeat>; 2] = [None, None];
        let mut artifacts = None;
        let mut dice_seed = None;
        let mut armies: [Option<String>; 2] = [None, None];
        let mut entries = Vec::new();
        let mut ended = false;
        let mut result = None;
        let mut lines = LocalLines::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |problem: RecordProblem| RecordError { line, problem };
            let l = raw.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = l.split_whitespace().collect();
            let (key, rest) = words.split_first().map_or(("", &[][..]), |(k, r)| (*k, r));
            let value = rest.join(" ");
            let twice = |what: String| err(RecordProblem::Twice(what));
            let coloured = || -> Result<(Colour, &[&str]), RecordError> {
                let (c, tail) = rest
                    .split_first()
                    .ok_or_else(|| err(RecordProblem::BadColour(String::new())))?;
                Ok((parse_colour(c).map_err(err)?, tail))
            };
            let after_end = ended || result.is_some();
            match key {
                "seat" => {
                    let (c, tail) = coloured()?;
                    if seats[c.index()].is_some() {
                        return Err(twice(format!("seat {}", c.name())));
                    }
                    let (kind, name) = tail.split_first().map_or(("", &[][..]), |(k, n)| (*k, n));
                    let seat = LocalSeat::read_kind(kind)
                        .ok_or_else(|| err(RecordProblem::BadSeatKind(quoted(kind))))?;
                    seats[c.index()] = Some(LocalSeat {
                        seat,
                        name: name.join(" "),
                    });
                    lines.seats[c.index()] = line;
                }
                "artifacts" => {
                    if artifacts.is_some() {
                        return Err(twice(key.into()));
                    }
                    artifacts = Some(match value.as_str() {
                        "on" => true,
                        "off" => false,
                        _ => return Err(err(RecordProblem::BadArtifacts(quoted(&value)))),
                    });
                    lines.artifacts = line;
                }
                "dice-seed" => {
                    if dice_seed.is_some() {
                        return Err(twice(key.into()));
                    }
                    // Digits only: `+7` or `007` are not how the seed is written.
                    let canonical = value.parse::<u64>().ok().filter(|n| n.to_string() == value);
                    dice_seed = Some(
                        canonical.ok_or_else(|| err(RecordProblem::BadDiceSeed(quoted(&value))))?,
                    );
                    lines.dice_seed = line;
                }
                "army" => {
                    let (c, tail) = coloured()?;
                    if armies[c.index()].is_some() {
                        return Err(twice(format!("army {}", c.name())));
                    }
                    // Read as an army (and refused, naming this line) on replay.
                    armies[c.index()] = Some(tail.join(" "));
                    lines.armies[c.index()] = line;
                }
                "action" => {
                    if after_end {
                        return Err(err(RecordProblem::AfterEnd));
                    }
                    let (colour, tail) = coloured()?;
                    let (timeout, text, extras) = parse_action_words(tail).map_err(err)?;
                    entries.push(LocalEntry::Action(RecordedAction {
                        colour,
                        text,
                        timeout,
                        dice: extras.dice,
                        drew: extras.drew,
                        rises: extras.rises,
                    }));
                    lines.entries.push(line);
                }
                "resign" => {
                    if after_end {
                        return Err(err(RecordProblem::AfterEnd));
                    }
                    ended = true;
                    entries.push(LocalEntry::Resign(parse_colour(&value).map_err(err)?));
                    lines.entries.push(line);
                }
                "draw" => {
                    if after_end {
                        return Err(err(RecordProblem::AfterEnd));
                    }
                    if value != "agreed" {
                        return Err(err(RecordProblem::UnknownLine(quoted(l))));
                    }
                    ended = true;
                    entries.push(LocalEntry::Agreed);
                    lines.entries.push(line);
                }
                "result" => {
                    if result.is_some() {
                        return Err(twice(key.into()));
                    }
                    result = Some(parse_result(&value).map_err(err)?);
                    lines.result = line;
                }
                _ => return Err(err(RecordProblem::UnknownLine(quoted(key)))),
            }
        }
        let missing = |what: &'static str| RecordError {
            line: 0,
            problem: RecordProblem::Missing(what),
        };
        let [white_seat, black_seat] = seats;
        let [white_army, black_army] = armies;
        let record = LocalChessRecord {
            seats: [
                white_seat.ok_or_else(|| missing("seat white"))?,
                black_seat.ok_or_else(|| missing("seat black"))?,
            ],
            artifacts: artifacts.ok_or_else(|| missing("artifacts"))?,
            dice_seed: dice_seed.ok_or_else(|| missing("dice-seed"))?,
            armies: [
                white_army.ok_or_else(|| missing("army white"))?,
                black_army.ok_or_else(|| missing("army black"))?,
            ],
            entries,
            result: result.ok_or_else(|| missing("result"))?,
        };
        Ok((record, lines))
    }
}

fn parse_result(value: &str) -> Result<RecordedResult, RecordProblem> {
    Ok(match value {
        "white wins" => RecordedResult::Win(Colour::White),
        "black wins" => RecordedResult::Win(Colour::Black),
        "draw" => RecordedResult::Draw,
        "in progress" => RecordedResult::InProgress,
        _ => return Err(RecordProblem::UnknownResult(quoted(value))),
    })
}

impl ChessGame {
    /// The game a local record tells, replayed through the rules from its armies and its dice
    /// seed ([`ChessGame::new`]): each action must be legal, played by the colour to act, and
    /// given exactly the dice, draw and rise the seed's stream gives (a timeout action must be
    /// the deterministic one); the resignation or agreed draw and the result must be the
    /// game's. The error names the first line that is not. The game's match is the recorded
    /// one's course, position by position; its engine seed is 0 and its response windows
    /// [`super::chess::WINDOW_SECONDS`] (neither is part of the record). The line numbers are
    /// those of [`LocalChessRecord::to_text`]; see [`ChessGame::from_record_at`] for a record
    /// read from a text of its own.
    pub fn from_record(record: &LocalChessRecord) -> Result<ChessGame, RecordError> {
        ChessGame::from_record_at(record, &record.lines())
    }

    /// [`ChessGame::from_record`] with the line numbers of a given text
    /// ([`LocalChessRecord::parse_with_lines`]).
    pub fn from_record_at(
        record: &LocalChessRecord,
        lines: &LocalLines,
    ) -> Result<ChessGame, RecordError> {
        let at = |line: usize, problem: RecordProblem| RecordError { line, problem };
        let army = |c: Colour| -> Result<Army, RecordError> {
            let line = lines.armies[c.index()];
            let army = parse_army_text(&record.armies[c.index()])
                .map_err(|e| at(line, RecordProblem::BadArmy(e.explain())))?;
            if army.colour() != c {
                return Err(at(
                    line,
                    RecordProblem::ArmyColour {
                        army: army.colour(),
                        line: c,
                    },
                ));
            }
            Ok(army)
        };
        let (white, black) = (army(Colour::White)?, army(Colour::Black)?);
        let seats = record.seats.clone().map(|s| s.seat);
        let mut game = ChessGame::new(white, black, record.artifacts, seats, record.dice_seed, 0);
        for (i, entry) in record.entries.iter().enumerate() {
            let line = lines.entries.get(i).copied().unwrap_or(0);
            let refused = |why: Message| at(line, RecordProblem::Refused(why));
            match entry {
                LocalEntry::Resign(c) => {
                    game.resign(*c).map_err(|e| refused(e.explain()))?;
                }
                LocalEntry::Agreed => {
                    game.agree_draw().map_err(|e| refused(e.explain()))?;
                }
                LocalEntry::Action(a) => {
                    let before = game.state().clone();
                    if let Some(end) = before.end() {
                        return Err(refused(
                            msg("verify.chess.after_end").with_words("end", end.explain()),
                        ));
                    }
                    if a.colour != before.turn() {
                        return Err(at(line, RecordProblem::NotToAct(before.turn())));
                    }
                    let action = a.text.parse::<Action>().map_err(|e| refused(e.explain()))?;
                    if a.timeout && before.timeout_action() != Some(action) {
                        let expected = before.timeout_action().map(|e| e.to_string());
                        return Err(at(line, RecordProblem::TimeoutDiffers(expected)));
                    }
                    let played = game
                        .submit_recorded(a.colour, action, a.timeout)
                        .map_err(|e| refused(e.explain()))?;
                    let (drew, rises) = chances(&before, &action, game.state());
                    let problem = if played.record.dice != a.dice {
                        Some(RecordProblem::DiceDiffer(played.record.dice))
                    } else if drew != a.drew {
                        Some(RecordProblem::DrewDiffers(drew))
                    } else if rises != a.rises {
                        Some(RecordProblem::RisesDiffer(rises))
                    } else {
                        None
                    };
                    if let Some(problem) = problem {
                        return Err(at(line, problem));
                    }
                }
            }
        }
        let reached = RecordedResult::of(game.ending());
        if reached != record.result {
            return Err(at(
                lines.result,
                RecordProblem::ResultDiffers {
                    reached,
                    recorded: record.result,
                },
            ));
        }
        Ok(game)
    }
}

/// What an online table gathers before its game starts: the server's seed, the seats, the
/// artifacts setting, and each colour's value, commitment, army and salt (indexed by colour:
/// 0 white, 1 black; `seats` by seat order, and [`OnlineTable::white`] says which seat is
/// white). The server runs the game, so it holds both armies from Ready on (each client sends
/// its own to the server alone, with the commitment both seats see); the salts are revealed
/// at the end, when the record lets anyone check each army against its commitment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineTable {
    pub seed: Seed,
    pub seats: [String; 2],
    pub artifacts: bool,
    pub values: [[u8; 32]; 2],
    pub commits: [[u8; 32]; 2],
    pub armies: [Army; 2],
    pub salts: [Salt; 2],
}

impl OnlineTable {
    /// The seat that plays white ([`white_seat`]).
    pub fn white(&self) -> SeatOrder {
        white_seat(&self.seed)
    }

    /// The key of the game's dice stream ([`dice_key`]).
    pub fn dice_key(&self) -> [u8; 32] {
        dice_key(&self.seed, &self.values[0], &self.values[1])
    }

    /// The starting state: the armies with the keyed stream, hands dealt from it.
    pub fn start(&self) -> State {
        starting_state_keyed(
            &self.armies[0],
            &self.armies[1],
            self.artifacts,
            self.dice_key(),
        )
    }

    /// Whether each colour's army and salt match the commitment it sent.
    pub fn commitments_hold(&self) -> [bool; 2] {
        [0, 1].map(|i| {
            hex(&self.commits[i])
                == commitment(&army_text(&self.armies[i]), &self.salts[i].to_hex())
        })
    }

    /// The game at this table: `seats` by colour (white's first), `bot_seed` for a bot's
    /// choices. Its response windows last `WINDOW_SECONDS`, as every Artifact Chess game's.
    pub fn game(&self, seats: [Seat; 2], bot_seed: u64) -> ChessGame {
        ChessGame::keyed(
            self.armies[0].clone(),
            self.armies[1].clone(),
            self.artifacts,
            seats,
            self.dice_key(),
            bot_seed,
        )
    }
}

fn check(name: &'static str, bad: Option<Message>, ok: Message) -> Check {
    Check {
        name,
        passed: bad.is_none(),
        detail: bad.unwrap_or(ok),
    }
}

/// The checks of one record, in order: `fingerprint`, `colour rule`, `armies`, `deal`,
/// `actions`, `timeout moves`, `result`, and `offers` for a record with offers, takebacks or
/// an agreed draw. Every check runs; each failure names the first bad
/// line by its number in [`ChessRecord::to_text`] and quotes it. See [`verify_at`] for a record
/// read from a text of its own.
pub fn verify(record: &ChessRecord) -> Vec<Check> {
    verify_at(record, &record.lines())
}

/// Reads and verifies a record's text; a text that cannot be read is one failed check,
/// `record`, that says which line and why. The checks name the text's own line numbers. A
/// text that ends in a `# signed` section is read without it and gets one more check,
/// `signatures` (`super::signed::check`), even when the game's lines cannot be read (a game
/// that ended before it started).
pub fn verify_text(text: &str) -> Vec<Check> {
    let mut checks = match ChessRecord::parse_with_lines(super::signed::body(text)) {
        Ok((record, lines)) => verify_at(&record, &lines),
        Err(e) => vec![Check {
            name: "record",
            passed: false,
            detail: e.explain(),
        }],
    };
    checks.extend(super::signed::check(text, crate::rules::GameKind::Chess));
    checks
}

/// [`verify`] with the line numbers of a given text ([`ChessRecord::parse_with_lines`]).
pub fn verify_at(record: &ChessRecord, lines: &Lines) -> Vec<Check> {
    let mut checks = Vec::new();
    // The seed against the fingerprint shown at the start.
    let fp_ok = fair::matches(&record.seed, &record.fingerprint);
    checks.push(check(
        "fingerprint",
        (!fp_ok).then(|| {
            lines.at(
                lines.seed,
                msg("verify.fingerprint.bad")
                    .with("actual", record.seed.fingerprint())
                    .with("recorded", record.fingerprint.trim()),
            )
        }),
        msg("verify.fingerprint.ok"),
    ));
    // The colour rule.
    let seat = white_seat(&record.seed);
    let seat_name = &record.seats[match seat {
        SeatOrder::First => 0,
        SeatOrder::Second => 1,
    }];
    let seat_msg = |s: SeatOrder| {
        msg(match s {
            SeatOrder::First => "verify.seat.first",
            SeatOrder::Second => "verify.seat.second",
        })
    };
    let rule = msg("verify.chess.colour_rule")
        .with_words("seat", seat_msg(seat))
        .with("name", seat_name)
        .with_words("recorded", seat_msg(record.white));
    checks.push(check(
        "colour rule",
        (seat != record.white).then(|| lines.at(lines.white, rule.clone())),
        rule,
    ));
    // The armies: each readable, legal, of its line's colour, and the one committed to.
    let mut armies: [Option<Army>; 2] = [None, None];
    let mut bad_army = None;
    for c in Colour::BOTH {
        let i = c.index();
        let recorded = &record.armies[i];
        let line = lines.armies[i];
        let why = match parse_army_text(&recorded.text) {
            Err(e) => Some(e.explain()),
            Ok(a) if a.colour() != c => Some(
                msg("verify.chess.army_colour")
                    .with_words("army", a.colour().explain())
                    .with_words("line", c.explain()),
            ),
            Ok(a) => {
                let actual = commitment(&recorded.text, &recorded.salt.to_hex());
                armies[i] = Some(a);
                (actual != hex(&record.commits[i])).then(|| {
                    msg("verify.chess.commitment_bad")
                        .with("actual", actual)
                        .with("recorded", hex(&record.commits[i]))
                        .with("commit_line", lines.commits[i])
                })
            }
        };
        if bad_army.is_none() {
            bad_army = why.map(|w| lines.at(line, w));
        }
    }
    checks.push(check("armies", bad_army, msg("verify.chess.armies_ok")));
    // The deal: the first draws of the keyed stream, white's hand then black's.
    let key = dice_key(&record.seed, &record.values[0], &record.values[1]);
    let mut rng = DiceRng::keyed(key);
    let mut hands = [deal(&mut rng), deal(&mut rng)];
    if !record.artifacts {
        hands = [ArtifactSet::EMPTY; 2];
    }
    let bad_deal = Colour::BOTH
        .into_iter()
        .find(|c| hands[c.index()] != record.dealt[c.index()])
        .map(|c| {
            lines.at(
                lines.dealt[c.index()],
                msg("verify.chess.deal_bad").with("actual", cards_text(hands[c.index()])),
            )
        });
    checks.push(check("deal", bad_deal, msg("verify.chess.deal_ok")));
    // The actions, replayed from the keyed start.
    let replay = match armies {
        [Some(w), Some(b)] => replay(
            record,
            lines,
            starting_state_keyed(&w, &b, record.artifacts, key),
        ),
        _ => Replay {
            bad_action: Some(msg("verify.chess.no_start")),
            offers: offers_of(record),
            ..Replay::default()
        },
    };
    checks.push(check(
        "actions",
        replay.bad_action.clone(),
        msg("verify.chess.actions_ok").with("count", replay.actions),
    ));
    checks.push(check(
        "timeout moves",
        replay.bad_timeout,
        msg("verify.chess.timeouts_ok").with("count", replay.timeouts),
    ));
    // The result the replay reaches.
    let result_bad = match (&replay.bad_action, replay.result) {
        (Some(_), _) | (None, None) => Some(msg("verify.chess.result_after_bad")),
        (None, Some(r)) if r != record.result => Some(
            lines.at(
                lines.result,
                msg("verify.chess.result_compare")
                    .with_words("actual", r.words())
                    .with_words("recorded", record.result.words()),
            ),
        ),
        _ => None,
    };
    checks.push(check(
        "result",
        result_bad,
        msg("verify.chess.result_compare")
            .with_words("actual", record.result.words())
            .with_words("recorded", record.result.words()),
    ));
    checks.extend(replay.offers.check(replay.bad_action.is_some()));
    checks
}

/// The offers to follow in `record`'s replay: a record with offers, takebacks or an agreed
/// draw gets the `offers` check.
fn offers_of(record: &ChessRecord) -> Offers<Colour> {
    Offers::new(record.entries.iter().any(|e| {
        matches!(
            e,
            RecordedEntry::Offer(_) | RecordedEntry::TakeBack { .. } | RecordedEntry::Agreed
        )
    }))
}

/// What replaying the entries found.
#[derive(Default)]
struct Replay {
    bad_action: Option<Message>,
    bad_timeout: Option<Message>,
    actions: usize,
    timeouts: usize,
    /// The result the entries reach, when every one replayed.
    result: Option<RecordedResult>,
    offers: Offers<Colour>,
}

/// The actions of the building and revealing stages, which the table's `seq` counts before
/// the game's: the two `ready` and the two `reveal`.
pub const EARLY_ACTIONS: u64 = 4;

/// An action standing in the replay: the state it was played in (a takeback goes back to it),
/// the action, and whether the clock played it.
struct Standing {
    before: State,
    action: Action,
    timeout: bool,
}

fn replay(record: &ChessRecord, lines: &Lines, start: State) -> Replay {
    let mut out = Replay {
        offers: offers_of(record),
        ..Replay::default()
    };
    let mut state = start;
    let mut resigned = None;
    let mut agreed = false;
    let mut standing: Vec<Standing> = Vec::new();
    for (i, entry) in record.entries.iter().enumerate() {
        let line = lines.entries.get(i).copied().unwrap_or(0);
        let bad = |why: Message| Some(lines.at(line, why));
        if let RecordedEntry::Offer(n) = entry {
            // Offers before the game stand at a seq up to the readies' and reveals'.
            let at = match standing.len() as u64 {
                0 => 0..=EARLY_ACTIONS,
                k => EARLY_ACTIONS + k..=EARLY_ACTIONS + k,
            };
            out.offers.note(n, lines.text(line), at);
            continue;
        }
        if let Some(end) = state.end() {
            out.bad_action = bad(msg("verify.chess.after_end").with_words("end", end.explain()));
            return out;
        }
        let a = match entry {
            RecordedEntry::Resign(c) => {
                resigned = Some(*c);
                continue;
            }
            RecordedEntry::Agreed => {
                agreed = true;
                out.offers.agree();
                continue;
            }
            RecordedEntry::TakeBack { colour, text } => {
                out.offers.take_back(*colour);
                let why = match standing.last() {
                    Some(s)
                        if s.before.turn() == *colour && text.parse::<Action>() == Ok(s.action) =>
                    {
                        s.timeout.then(|| msg("verify.takeback.timeout"))
                    }
                    _ => Some(msg("verify.takeback.not_last")),
                };
                if let Some(why) = why {
                    out.bad_action =
                        bad(why.with("text", text).with_words("side", colour.explain()));
                    return out;
                }
                if let Some(s) = standing.pop() {
                    state = s.before;
                }
                continue;
            }
            RecordedEntry::Offer(_) => continue,
            RecordedEntry::Action(a) => a,
        };
        out.offers.action();
        out.actions += 1;
        if a.colour != state.turn() {
            out.bad_action =
                bad(msg("verify.chess.not_to_act").with_words("colour", state.turn().explain()));
            return out;
        }
        let action = match a.text.parse::<Action>() {
            Ok(action) => action,
            Err(e) => {
                out.bad_action = bad(e.explain());
                return out;
            }
        };
        if a.timeout {
            out.timeouts += 1;
            let expected = state.timeout_action();
            if out.bad_timeout.is_none() && expected != Some(action) {
                let want = expected.map_or("-".to_string(), |e| e.to_string());
                out.bad_timeout = bad(msg("verify.chess.timeout_bad").with("expected", want));
            }
        }
        let (next, rec) = match state.apply(&action) {
            Ok(done) => done,
            Err(e) => {
                out.bad_action = bad(e.explain());
                return out;
            }
        };
        let (drew, rises) = chances(&state, &action, &next);
        let why = if rec.dice != a.dice {
            Some(match rec.dice {
                Some(d) => msg("verify.chess.dice_bad").with("actual", d),
                None => msg("verify.chess.no_dice"),
            })
        } else if drew != a.drew {
            Some(match drew {
                Some(cards) => msg("verify.chess.drew_bad").with("actual", cards_text(cards)),
                None => msg("verify.chess.no_draw"),
            })
        } else if rises != a.rises {
            Some(match rises {
                Some(sq) => msg("verify.chess.rises_bad").with("actual", sq),
                None => msg("verify.chess.no_rise"),
            })
        } else {
            None
        };
        if let Some(why) = why {
            out.bad_action = bad(why);
            return out;
        }
        let before = std::mem::replace(&mut state, next);
        standing.push(Standing {
            before,
            action,
            timeout: a.timeout,
        });
    }
    out.result = Some(match (resigned, state.end()) {
        (Some(c), None) => RecordedResult::Win(c.other()),
        (_, Some(end)) => match end.winner() {
            Some(c) => RecordedResult::Win(c),
            None => RecordedResult::Draw,
        },
        (None, None) if agreed => RecordedResult::Draw,
        (None, None) => RecordedResult::InProgress,
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::english;
    use crate::play::ClockSetting;

    /// A table with random (but fixed) bytes, the engine's armies and the seats' names.
    fn table(n: u8, artifacts: bool) -> OnlineTable {
        let mut rng = DiceRng::new(n as u64 + 100);
        let armies = [
            Army::engine(Colour::White, &mut rng),
            Army::engine(Colour::Black, &mut rng),
        ];
        let salts = [Seed([n ^ 0x5a; 32]), Seed([n ^ 0xa5; 32])];
        let commits = [0, 1].map(|i| {
            let c = commitment(&army_text(&armies[i]), &salts[i].to_hex());
            parse_hex32("commitment", &c).unwrap()
        });
        OnlineTable {
            seed: Seed([n; 32]),
            seats: ["Ana (person)".into(), "Bot normal (bot)".into()],
            artifacts,
            values: [[n.wrapping_add(1); 32], [n.wrapping_add(2); 32]],
            commits,
            armies,
            salts,
        }
    }

    /// A whole game between two random but legal players on a timed clock: every seventh turn
    /// runs out (the engine's easy choice is played), windows sometimes run out (a pass), and a
    /// game that goes on too long is resigned.
    fn played(t: &OnlineTable, seed: u64, plies: u64) -> Match<State> {
        let clock = ClockSetting {
            per_turn: Some(30.0),
            window: Some(8.0),
        };
        let mut m = Match::new(t.start(), [Seat::Remote, Seat::Remote], clock, seed);
        for ply in 0..plies {
            let Some(side) = m.awaited() else {
                return m;
            };
            if (ply + seed) % 7 == 3 {
                let played = m.tick(100.0).expect("the clock plays");
                assert!(played.timeout);
                continue;
            }
            let a = crate::ai::random(m.state(), seed * 1000 + ply).unwrap();
            m.submit(side, a).unwrap();
        }
        let side = m.awaited().unwrap();
        m.resign(side).unwrap();
        m
    }

    /// The game used by most tests: artifacts on, with dice, timeouts of both kinds, and a
    /// Trophy or a Zombie Pawn somewhere.
    fn sample() -> (OnlineTable, ChessRecord) {
        static SAMPLE: std::sync::OnceLock<(OnlineTable, ChessRecord)> = std::sync::OnceLock::new();
        SAMPLE.get_or_init(find_sample).clone()
    }

    fn find_sample() -> (OnlineTable, ChessRecord) {
        let t = table(7, true);
        for seed in 1..40 {
            let m = played(&t, seed, 300);
            let r = ChessRecord::from_match(&t, &m);
            let acts: Vec<&RecordedAction> = r
                .entries
                .iter()
                .filter_map(|e| match e {
                    RecordedEntry::Action(a) => Some(a),
                    _ => None,
                })
                .collect();
            let has = |f: &dyn Fn(&RecordedAction) -> bool| acts.iter().any(|a| f(a));
            if has(&|a| a.dice.is_some())
                && has(&|a| a.timeout && a.text != "pass")
                && has(&|a| a.drew.is_some() || a.rises.is_some())
            {
                return (t, r);
            }
        }
        panic!("no sample game with dice, a timeout and a chance card");
    }

    fn failed(checks: &[Check]) -> Vec<&'static str> {
        checks
            .iter()
            .filter(|c| !c.passed)
            .map(|c| c.name)
            .collect()
    }

    fn detail(checks: &[Check], name: &str) -> String {
        let c = checks.iter().find(|c| c.name == name).unwrap();
        english(&c.detail)
    }

    /// The text with line `n` (1-based) replaced.
    fn with_line(text: &str, n: usize, new: &str) -> String {
        text.lines()
            .enumerate()
            .map(|(i, l)| if i + 1 == n { new } else { l })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The first line passing `pick`: its number and text.
    fn find_line(text: &str, pick: impl Fn(&str) -> bool) -> (usize, String) {
        text.lines()
            .enumerate()
            .find(|(_, l)| pick(l))
            .map(|(i, l)| (i + 1, l.to_string()))
            .unwrap()
    }

    /// Verifies `text`; `name` must fail, naming line `line` and quoting it.
    fn fails_at(text: &str, name: &str, line: usize) -> Vec<Check> {
        let checks = verify_text(text);
        let names = failed(&checks);
        assert!(names.contains(&name), "{name} should fail: {names:?}");
        let quoted = text.lines().nth(line - 1).unwrap().trim();
        let d = detail(&checks, name);
        assert!(
            d.starts_with(&format!("line {line} `{quoted}`: ")),
            "{name}: {d}"
        );
        checks
    }

    #[test]
    fn a_whole_game_is_written_read_back_and_verified() {
        let (_, record) = sample();
        let text = record.to_text();
        assert!(text.starts_with(HEADER));
        let back = ChessRecord::parse(&text).unwrap();
        assert_eq!(back, record);
        assert_eq!(back.to_text(), text);
        let checks = verify(&record);
        assert_eq!(
            checks.iter().map(|c| c.name).collect::<Vec<_>>(),
            [
                "fingerprint",
                "colour rule",
                "armies",
                "deal",
                "actions",
                "timeout moves",
                "result"
            ]
        );
        assert!(failed(&checks).is_empty(), "{checks:#?}");
        assert_eq!(verify_text(&text), checks);
        assert!(detail(&checks, "actions").contains("actions are legal"));
        // Comments, blank lines and extra spaces are read too, and the checks still pass.
        let spaced = text
            .replace("\nresult", "\n\n# the end\n   result")
            .replace("action white ", "action  white  ");
        assert!(failed(&verify_text(&spaced)).is_empty());
    }

    #[test]
    fn the_record_round_trips_with_artifacts_off_and_in_progress() {
        let t = table(3, false);
        let mut m = played(&t, 5, 60);
        if m.ending().is_some() {
            m.take_back(1).unwrap();
        }
        let r = ChessRecord::from_match(&t, &m);
        assert_eq!(r.result, RecordedResult::InProgress);
        assert_eq!(r.dealt, [ArtifactSet::EMPTY; 2]);
        assert_eq!(ChessRecord::parse(&r.to_text()).unwrap(), r);
        assert!(failed(&verify(&r)).is_empty(), "{:#?}", verify(&r));
        assert_eq!(t.commitments_hold(), [true, true]);
        // The game a table starts is the one its record replays.
        let g = t.game([Seat::Remote, Seat::Remote], 0);
        assert_eq!(g.state(), &t.start());
        assert!(ChessRecord::from_game(&t, &g).entries.is_empty());
    }

    #[test]
    fn a_changed_die_fails_the_actions_at_its_line() {
        let (_, record) = sample();
        let text = record.to_text();
        let (n, line) = find_line(&text, |l| l.contains(" dice "));
        let (head, dice) = line.split_once(" dice ").unwrap();
        let first: u8 = dice[..1].parse().unwrap();
        let changed = format!("{head} dice {}{}", first % 6 + 1, &dice[1..]);
        let checks = fails_at(&with_line(&text, n, &changed), "actions", n);
        assert!(
            detail(&checks, "actions").ends_with(&format!("the dice are {dice}")),
            "{}",
            detail(&checks, "actions")
        );
        assert_eq!(failed(&checks), ["actions", "result"]);
    }

    #[test]
    fn a_changed_dealt_card_fails_the_deal() {
        let (_, record) = sample();
        let text = record.to_text();
        let mut bad = record.clone();
        let held = bad.dealt[1];
        let other = Artifact::ALL
            .into_iter()
            .find(|a| !held.contains(*a))
            .unwrap();
        let first = held.iter().next().unwrap();
        bad.dealt[1].remove(first);
        bad.dealt[1].insert(other);
        let (n, _) = find_line(&text, |l| l.starts_with("dealt black"));
        let checks = fails_at(&bad.to_text(), "deal", n);
        assert_eq!(failed(&checks), ["deal"]);
        assert!(detail(&checks, "deal").contains(&cards_text(held)));
    }

    /// The army with one piece moved along its rank, still legal and canonical.
    fn moved(army: &Army) -> Army {
        for (i, &(role, from)) in army.placements().iter().enumerate() {
            for to in Square::all().filter(|s| s.rank() == from.rank() && *s != from) {
                let mut p = army.placements().to_vec();
                p[i] = (role, to);
                if let Ok(a) = Army::new(army.colour(), &p) {
                    return a;
                }
            }
        }
        panic!("no piece can move")
    }

    #[test]
    fn a_changed_army_square_or_salt_fails_its_commitment() {
        let (_, record) = sample();
        let text = record.to_text();
        let (n, _) = find_line(&text, |l| l.starts_with("army white"));
        let mut bad = record.clone();
        let a = parse_army_text(&bad.armies[0].text).unwrap();
        bad.armies[0].text = army_text(&moved(&a));
        let checks = fails_at(&bad.to_text(), "armies", n);
        assert!(detail(&checks, "armies").contains("not the commitment"));
        // The salt.
        let (n, _) = find_line(&text, |l| l.starts_with("army black"));
        let mut bad = record.clone();
        bad.armies[1].salt.0[31] ^= 1;
        let checks = fails_at(&bad.to_text(), "armies", n);
        assert_eq!(failed(&checks), ["armies"], "the salt changes nothing else");
        // An illegal army, or one on the other colour's line.
        let mut bad = record.clone();
        bad.armies[0].text = "w:Ke1,Ke2".into();
        let (n, _) = find_line(&text, |l| l.starts_with("army white"));
        let checks = fails_at(&bad.to_text(), "armies", n);
        assert!(failed(&checks).contains(&"actions"), "no start to replay");
        let mut bad = record.clone();
        bad.armies.swap(0, 1);
        fails_at(&bad.to_text(), "armies", n);
    }

    #[test]
    fn a_changed_value_fails_the_deal_and_the_dice() {
        let (_, record) = sample();
        let text = record.to_text();
        let mut bad = record.clone();
        bad.values[1][0] ^= 1;
        let (n, _) = find_line(&text, |l| l.starts_with("dealt white"));
        let checks = fails_at(&bad.to_text(), "deal", n);
        assert!(
            failed(&checks).contains(&"actions"),
            "{:?}",
            failed(&checks)
        );
        assert!(!failed(&checks).contains(&"armies"));
    }

    #[test]
    fn an_illegal_action_fails_the_actions_at_its_line() {
        let (_, record) = sample();
        let text = record.to_text();
        // White acts first; at the start nothing stands on the fourth rank (armies stand on
        // their first three), so a move from d4 is refused.
        let (n, first) = find_line(&text, |l| l.starts_with("action"));
        assert!(first.starts_with("action white"));
        let checks = fails_at(&with_line(&text, n, "action white d4d5"), "actions", n);
        assert!(failed(&checks).contains(&"result"));
        assert!(
            detail(&checks, "result").contains("cannot"),
            "{}",
            detail(&checks, "result")
        );
        // Unreadable notation, and an action out of turn, fail the same way.
        fails_at(&with_line(&text, n, "action white zz9"), "actions", n);
        let (m, line) = find_line(&text, |l| l.starts_with("action black"));
        let out_of_turn = with_line(&text, m, &line.replacen("black", "white", 1));
        let checks = fails_at(&out_of_turn, "actions", m);
        assert!(detail(&checks, "actions").ends_with("black is to act here"));
    }

    #[test]
    fn a_changed_timeout_action_fails_the_timeout_check() {
        let (_, record) = sample();
        let text = record.to_text();
        // Replay up to the first timeout turn (not a window) and play another legal action.
        let i = record
            .entries
            .iter()
            .position(|e| matches!(e, RecordedEntry::Action(a) if a.timeout && a.text != "pass"))
            .unwrap();
        let w = parse_army_text(&record.armies[0].text).unwrap();
        let b = parse_army_text(&record.armies[1].text).unwrap();
        let key = dice_key(&record.seed, &record.values[0], &record.values[1]);
        let mut state = starting_state_keyed(&w, &b, true, key);
        for e in &record.entries[..i] {
            let RecordedEntry::Action(a) = e else {
                unreachable!()
            };
            state = state.apply(&a.text.parse().unwrap()).unwrap().0;
        }
        let RecordedEntry::Action(a) = &record.entries[i] else {
            unreachable!()
        };
        let other = state
            .legal_actions()
            .into_iter()
            .find(|x| x.to_string() != a.text && state.attempt_dice(x).is_none())
            .unwrap();
        let n = record.lines().entries[i];
        let changed = with_line(
            &text,
            n,
            &format!("action {} timeout {other}", a.colour.name()),
        );
        let checks = fails_at(&changed, "timeout moves", n);
        assert!(
            detail(&checks, "timeout moves").contains(&a.text),
            "{}",
            detail(&checks, "timeout moves")
        );
    }

    #[test]
    fn a_changed_result_or_seed_fails_its_check() {
        let (_, record) = sample();
        let text = record.to_text();
        let n = record.lines().result;
        let mut bad = record.clone();
        bad.result = match record.result {
            RecordedResult::Draw => RecordedResult::Win(Colour::White),
            _ => RecordedResult::Draw,
        };
        let checks = fails_at(&bad.to_text(), "result", n);
        assert_eq!(failed(&checks), ["result"]);
        // The seed: the fingerprint no longer matches, nor the deal.
        let mut bad = record.clone();
        bad.seed.0[0] ^= 1;
        let n = find_line(&text, |l| l.starts_with("seed")).0;
        let checks = fails_at(&bad.to_text(), "fingerprint", n);
        assert!(failed(&checks).contains(&"deal"));
        // The colour rule against its line.
        let mut bad = record.clone();
        bad.white = match record.white {
            SeatOrder::First => SeatOrder::Second,
            SeatOrder::Second => SeatOrder::First,
        };
        let n = find_line(&text, |l| l.starts_with("white ")).0;
        let checks = fails_at(&bad.to_text(), "colour rule", n);
        assert_eq!(failed(&checks), ["colour rule"]);
    }

    #[test]
    fn a_changed_draw_or_rise_fails_the_actions() {
        let (_, record) = sample();
        let text = record.to_text();
        let (n, line) = find_line(&text, |l| l.contains(" drew ") || l.contains(" rises "));
        let changed = if let Some((head, cards)) = line.split_once(" drew ") {
            let cards = cards.split(' ').next().unwrap();
            let held = parse_cards(cards).unwrap();
            let other = Artifact::ALL
                .into_iter()
                .find(|a| !held.contains(*a))
                .unwrap();
            format!("{head} drew {other}")
        } else {
            let (head, sq) = line.split_once(" rises ").unwrap();
            let sq = Square::parse(sq).unwrap();
            let other = Square::all().find(|s| *s != sq).unwrap();
            format!("{head} rises {other}")
        };
        fails_at(&with_line(&text, n, &changed), "actions", n);
    }

    #[test]
    fn unreadable_records_are_errors_never_panics() {
        let (_, record) = sample();
        let text = record.to_text();
        assert!(ChessRecord::parse("").is_err());
        let e = ChessRecord::parse("fingerprint x\nbogus line").unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(e.to_string(), "record line 2: unknown line `bogus`");
        let checks = verify_text("bogus");
        assert_eq!(failed(&checks), ["record"]);
        // Each line cut short, doubled, dropped or garbled: an error or a record, never a
        // panic, and the verifier runs on whatever reads.
        let lines: Vec<&str> = text.lines().collect();
        let mut errors = 0;
        for (i, l) in lines.iter().enumerate() {
            let mut variants = vec![String::new(), format!("{l}\n{l}"), format!("{l} x")];
            for cut in (0..l.len()).step_by(7) {
                if l.is_char_boundary(cut) {
                    variants.push(l[..cut].to_string());
                }
            }
            variants.push(l.replace('a', "é"));
            variants.push(l.replace(' ', "  \t"));
            for (k, v) in variants.into_iter().enumerate() {
                let mut mutated = lines.clone();
                mutated[i] = &v;
                let t = mutated.join("\n");
                match ChessRecord::parse(&t) {
                    Ok(_) => {}
                    Err(e) => {
                        errors += 1;
                        assert!(e.line <= lines.len() + 1);
                        let _ = e.to_string();
                    }
                }
                // Verifying replays the game: a sample of the variants is enough.
                if (i * 7 + k) % 23 == 0 {
                    let _ = verify_text(&t);
                }
            }
        }
        assert!(errors > 100, "{errors}");
        for garbage in [
            "\u{0}",
            "action",
            "action white",
            "action white e2e4 dice",
            "dealt",
        ] {
            assert!(ChessRecord::parse(garbage).is_err(), "{garbage}");
        }
    }

    #[test]
    fn action_lines_read_their_extras_strictly() {
        let read = |words: &str| {
            let w: Vec<&str> = words.split(' ').collect();
            parse_action_words(&w)
        };
        let (timeout, text, x) = read("timeout fury c3xd5 dice 1+2+3+4 vs 5+6").unwrap();
        assert!(timeout);
        assert_eq!(text, "fury c3xd5");
        assert_eq!(x.dice.unwrap().to_string(), "1+2+3+4 vs 5+6");
        let (_, text, x) = read("trophy drew fury,shield").unwrap();
        assert_eq!(text, "trophy");
        assert_eq!(
            cards_text(x.drew.unwrap()),
            "shield,fury",
            "the deck's order"
        );
        let (_, _, x) = read("zombie-pawn rises e3").unwrap();
        assert_eq!(x.rises, Square::parse("e3"));
        for bad in [
            "dice 1 vs 2",
            "e2e4 dice 7 vs 1",
            "e2e4 dice 1 v 1",
            "e2e4 dice 1+1+1+1+1 vs 1",
            "e2e4 dice 1 vs",
            "trophy drew fury,fury",
            "trophy drew -",
            "trophy drew",
            "zombie-pawn rises e9",
            "e2e4 rises e3 dice 1 vs 1",
            "e2e4 dice 1 vs 1 dice 1 vs 1",
            "e2e4 dice 1 vs 1 extra",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
