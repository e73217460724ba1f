//! The match layer: a game with its seats, its clock and its record, without Bevy.
//!
//! A [`Match`] is what the desktop tables, the command line (`tables play`) and the online
//! server each hold. Seats are data ([`Seat`]): a person on this device, a bot with a level, or
//! a remote person whose actions arrive from outside. Every action, whoever sends it, enters
//! through [`Match::submit`] (or [`Match::submit_text`] for notation off the wire), which checks
//! whose turn it is and asks the rules; a refusal changes nothing. Time is a parameter: the
//! caller says how much passed ([`Match::tick`]), so a turn clock and its timeout rule run
//! instantly in tests. The match never waits for an animation: a table that animates holds its
//! own busy time and simply submits later.
//!
//! - [`snelab`]: Snēlab's cases around a match: sitting, stakes, the coin flip, the verdict,
//!   the purse and its books, with the purse's owner in any seat.
//! - [`chess`]: Artifact Chess's games: armies drafted with every broken rule named, artifacts
//!   on or off, undo replaying the dice, resignation, and the autosave checked by replay.
//! - [`hive`]: Ash & Walnut's games: the secret seed and the colour rule, the turn clock,
//!   takebacks, resignation and the game record.
//! - [`verify`]: "Verify a game" for Ash & Walnut's records.
//! - [`chess_record`]: the record of an Artifact Chess game played online, and its verifier
//!   (every army, die and card recomputed from the committed seed and the clients' values);
//!   and the record of a local game, its dice checked against its own seed.
//! - [`archive`]: the device's archive of finished games (the menu's "Games"), each kept as
//!   its text record and opened as a replay.

pub mod archive;
pub mod chess;
pub mod chess_record;
pub mod hive;
pub mod signed;
pub mod snelab;
pub mod verify;

pub use crate::rules::hive::record::{Note, Offer, OfferEvent};

use crate::ai::{Bots, Level, seed_for};
use crate::i18n::{Explain, Message, msg};
use crate::learn::Coach;
use crate::rules::Game;
use serde::{Deserialize, Serialize};

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seat {
    /// A person at this device (mouse, touch, keys).
    Person,
    /// A bot at a level; always shown as a bot.
    Bot(Level),
    /// A person on another device: their actions arrive from outside (the online table).
    Remote,
}

impl Seat {
    /// Reads a seat as the command line spells it: `person`, `remote`, `bot:easy|normal|hard`
    /// (or just the level).
    pub fn parse(text: &str) -> Option<Seat> {
        let text = text.to_ascii_lowercase();
        match text.as_str() {
            "person" | "human" => Some(Seat::Person),
            "remote" => Some(Seat::Remote),
            _ => Level::parse(text.strip_prefix("bot:").unwrap_or(&text)).map(Seat::Bot),
        }
    }

    pub fn is_bot(self) -> bool {
        matches!(self, Seat::Bot(_))
    }

    /// The seat's label for the table and the record ("Bot (normal)").
    pub fn label(self) -> Message {
        match self {
            Seat::Person => msg("seat.person"),
            Seat::Bot(level) => msg("seat.bot").with_words("level", msg(level.key())),
            Seat::Remote => msg("seat.remote"),
        }
    }
}

/// A seat of a game at this device as its local record keeps it: who sat there and the name
/// shown for it ("You", "Engine (normal)").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LocalSeat {
    pub seat: Seat,
    /// The name as shown, on one line.
    pub name: String,
}

impl LocalSeat {
    /// The seat's kind as a local record writes it: `person`, `bot:easy|normal|hard`, `remote`.
    pub fn kind_word(&self) -> String {
        match self.seat {
            Seat::Person => "person".into(),
            Seat::Bot(level) => format!("bot:{}", level.name()),
            Seat::Remote => "remote".into(),
        }
    }

    /// Reads a seat's kind as [`LocalSeat::kind_word`] writes it, and no other spelling.
    pub fn read_kind(word: &str) -> Option<Seat> {
        match word {
            "person" => Some(Seat::Person),
            "remote" => Some(Seat::Remote),
            _ => {
                let level = Level::parse(word.strip_prefix("bot:")?)?;
                (word == format!("bot:{}", level.name())).then_some(Seat::Bot(level))
            }
        }
    }

    /// `seat` with `name` on one line (control characters become spaces, runs of spaces one).
    pub fn named(seat: Seat, name: &str) -> LocalSeat {
        let s: String = name
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        LocalSeat {
            seat,
            name: s.split_whitespace().collect::<Vec<_>>().join(" "),
        }
    }
}

/// How long a side may take, in seconds; `None` is untimed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ClockSetting {
    /// Every turn (Ash & Walnut: 60 s).
    pub per_turn: Option<f64>,
    /// A response window (Artifact Chess: a few seconds to answer a card).
    pub window: Option<f64>,
}

/// What the match layer needs of a game beyond its rules and bots: the timeout rule.
pub trait Playable: Bots {
    /// Seconds allowed for the action awaited now under `clock`; `None` when untimed.
    fn time_allowed(&self, clock: &ClockSetting) -> Option<f64> {
        clock.per_turn
    }

    /// The action played for a side whose time ran out. It must be deterministic (a verifier
    /// recomputes it); `None` where the game has no timeout rule.
    fn timeout_action(&self) -> Option<Self::Action> {
        None
    }
}

/// One action of the record: who played it, and whether the clock played it for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Entry<A> {
    pub action: A,
    /// The side index (0 for the first of `Game::sides`).
    pub side: usize,
    pub timeout: bool,
}

/// Why the match refused an action. Nothing changed.
#[derive(Clone, Debug, PartialEq)]
pub enum Refused<G: Game> {
    /// The game has ended.
    GameOver,
    /// It is the other side's turn.
    NotYourTurn { awaited: G::Side },
    /// The text is not an action of this game's notation.
    Malformed(G::ParseError),
    /// The rules refused it.
    Rule(G::Error),
    /// A lesson or puzzle put a legal action back: not what it asks (the words why).
    Coached(Message),
}

impl<G: Game> Explain for Refused<G> {
    fn explain(&self) -> Message {
        match self {
            Refused::GameOver => msg("match.game_over"),
            Refused::NotYourTurn { .. } => msg("match.not_your_turn"),
            Refused::Malformed(e) => e.explain(),
            Refused::Rule(e) => e.explain(),
            Refused::Coached(why) => why.clone(),
        }
    }
}

/// What one accepted action did.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    pub side: G::Side,
    pub action: G::Action,
    /// The game's own account of it (the dice rolled, for instance).
    pub record: G::Record,
    /// Played by the clock for a side whose time ran out.
    pub timeout: bool,
    /// The state before the action (the tables animate from it).
    pub before: G,
    /// Set when this action ended the game.
    pub outcome: Option<G::Outcome>,
}

/// A bot's turn, as the runner needs it: the position, who acts, how strongly, with what seed.
#[derive(Clone, Debug)]
pub struct BotTurn<G: Game> {
    pub side: G::Side,
    pub level: Level,
    pub seed: u64,
    /// Actions played so far: an answer computed for another ply is stale.
    pub ply: usize,
    pub state: G,
}

/// How a match ended: by its rules (the game's own outcome, a timeout move included, since
/// the clock plays a move), by a side's resignation, or as a draw both sides agreed to. Each
/// game names it (`play::hive::Ending`, `play::chess::Ending`) and words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ending<O, S> {
    /// The rules ended it.
    Rules(O),
    /// This side resigned.
    Resigned(S),
    /// A draw by agreement: one side offered it and the other accepted.
    Agreed,
}

/// What one action of the course did: the rules' own account of it (the dice rolled) and the
/// position after it. Who played it is the match's record at the same index.
#[derive(Clone, Debug)]
pub struct Step<G: Game> {
    pub record: G::Record,
    pub after: G,
}

/// A game with its seats, clock and record, and its whole course: every action with what it
/// did and the position after it, so a move list or an earlier position is read, never replayed.
///
/// Saved as its start, record and clock; the course is not written but rebuilt from them when
/// the match is read back (a damaged record rebuilds as far as the rules accept it, and
/// [`Match::replayed`] says where it breaks).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "", from = "Written<G>")]
pub struct Match<G: Playable> {
    start: G,
    state: G,
    /// Indexed by side index (0: the first of `Game::sides`).
    seats: [Seat; 2],
    clock: ClockSetting,
    /// Seconds left for the action awaited now (when timed).
    left: Option<f64>,
    record: Vec<Entry<G::Action>>,
    /// Seeds the bots' choices (each ply gets its own seed from it).
    seed: u64,
    /// How it ended, once it has (a resignation too: the rules alone cannot say that).
    ending: Option<MatchEnding<G>>,
    /// Every action of the record with what it did (not saved: rebuilt on reading).
    #[serde(skip)]
    course: Vec<Step<G>>,
    /// A lesson or puzzle riding along (never saved).
    #[serde(skip)]
    coach: Option<Coach<G>>,
}

/// A match's ending, in its game's terms.
pub type MatchEnding<G> = Ending<<G as Game>::Outcome, <G as Game>::Side>;

/// A match as it is written: everything but the course.
#[derive(Deserialize)]
#[serde(bound = "")]
struct Written<G: Playable> {
    start: G,
    state: G,
    seats: [Seat; 2],
    clock: ClockSetting,
    left: Option<f64>,
    record: Vec<Entry<G::Action>>,
    seed: u64,
    /// Absent from matches saved before the match kept its ending.
    #[serde(default)]
    ending: Option<MatchEnding<G>>,
}

impl<G: Playable> From<Written<G>> for Match<G> {
    fn from(s: Written<G>) -> Match<G> {
        let mut course = Vec::with_capacity(s.record.len());
        let mut at = s.start.clone();
        for e in &s.record {
            let Ok((after, record)) = at.apply(&e.action) else {
                break;
            };
            course.push(Step {
                record,
                after: after.clone(),
            });
            at = after;
        }
        Match {
            start: s.start,
            state: s.state,
            seats: s.seats,
            clock: s.clock,
            left: s.left,
            record: s.record,
            seed: s.seed,
            ending: s.ending,
            course,
            coach: None,
        }
    }
}

/// Two matches are equal when their start, state, seats, clock and record are: the course
/// follows from those.
impl<G: Playable> PartialEq for Match<G> {
    fn eq(&self, other: &Match<G>) -> bool {
        self.start == other.start
            && self.state == other.state
            && self.seats == other.seats
            && self.clock == other.clock
            && self.left == other.left
            && self.record == other.record
            && self.seed == other.seed
            && self.ending == other.ending
    }
}

impl<G: Playable> Match<G> {
    /// A match from `start` with `seats` (by side index) and a clock.
    pub fn new(start: G, seats: [Seat; 2], clock: ClockSetting, seed: u64) -> Match<G> {
        let left = start.time_allowed(&clock);
        Match {
            state: start.clone(),
            start,
            seats,
            clock,
            left,
            record: Vec::new(),
            seed,
            ending: None,
            course: Vec::new(),
            coach: None,
        }
    }

    /// The same match with a lesson or puzzle riding along: the coach puts back the person's
    /// legal actions that are not what it asks, and the other side plays the coach's answers
    /// ([`Match::scripted`]) instead of a bot.
    pub fn coached(mut self, coach: Coach<G>) -> Match<G> {
        self.coach = Some(coach);
        self
    }

    pub fn coach(&self) -> Option<&Coach<G>> {
        self.coach.as_ref()
    }

    /// The coach's answer for the other side, when it is that side's turn.
    pub fn scripted(&self) -> Option<G::Action> {
        if self.ending.is_some() {
            return None;
        }
        self.coach.as_ref()?.reply(&self.state)
    }

    pub fn state(&self) -> &G {
        &self.state
    }

    pub fn start(&self) -> &G {
        &self.start
    }

    pub fn seats(&self) -> [Seat; 2] {
        self.seats
    }

    pub fn seat(&self, side: G::Side) -> Seat {
        self.seats[G::side_index(side)]
    }

    pub fn clock(&self) -> ClockSetting {
        self.clock
    }

    /// Seconds left for the awaited action; `None` when untimed.
    pub fn time_left(&self) -> Option<f64> {
        self.left
    }

    pub fn record(&self) -> &[Entry<G::Action>] {
        &self.record
    }

    /// Every action played with what it did and the position after it.
    pub fn course(&self) -> &[Step<G>] {
        &self.course
    }

    /// The position after the first `n` actions (0: the start); `None` past the end of the
    /// course. Read from the course, never replayed.
    pub fn after(&self, n: usize) -> Option<&G> {
        match n {
            0 => Some(&self.start),
            n => self.course.get(n - 1).map(|s| &s.after),
        }
    }

    /// The actions played, in order.
    pub fn actions(&self) -> impl ExactSizeIterator<Item = G::Action> + '_ {
        self.record.iter().map(|e| e.action)
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn outcome(&self) -> Option<G::Outcome> {
        self.state.outcome()
    }

    /// How the match ended; `None` while it goes on.
    pub fn ending(&self) -> Option<MatchEnding<G>> {
        self.ending
    }

    /// The side whose action is awaited; `None` once the game is over.
    pub fn awaited(&self) -> Option<G::Side> {
        (self.ending.is_none() && self.outcome().is_none()).then(|| self.state.to_move())
    }

    /// `side` resigns: the other side wins. Refused once the game is over.
    pub fn resign(&mut self, side: G::Side) -> Result<MatchEnding<G>, Refused<G>> {
        if self.ending.is_some() || self.outcome().is_some() {
            return Err(Refused::GameOver);
        }
        let ending = Ending::Resigned(side);
        self.ending = Some(ending);
        Ok(ending)
    }

    /// Ends the match as a draw both sides agreed to (the offer and its acceptance are the
    /// table's to record). Refused once the game is over.
    pub fn agree_draw(&mut self) -> Result<MatchEnding<G>, Refused<G>> {
        if self.ending.is_some() || self.outcome().is_some() {
            return Err(Refused::GameOver);
        }
        self.ending = Some(Ending::Agreed);
        Ok(Ending::Agreed)
    }

    /// The authority that holds the game ended it (the online table's server): an end by the
    /// rules is the rules' own; otherwise the authority's word (a resignation, an agreed
    /// draw) stands. Returns how the match ended.
    pub fn end_elsewhere(&mut self, ending: MatchEnding<G>) -> MatchEnding<G> {
        if self.ending.is_none() {
            self.ending = Some(self.outcome().map_or(ending, Ending::Rules));
        }
        self.ending.unwrap_or(ending)
    }

    /// The seat whose action is awaited.
    pub fn awaited_seat(&self) -> Option<Seat> {
        self.awaited().map(|s| self.seat(s))
    }

    /// When a bot is to act: what it needs to think.
    pub fn bot_turn(&self) -> Option<BotTurn<G>> {
        let side = self.awaited()?;
        if self.coach.is_some() {
            return None;
        }
        let Seat::Bot(level) = self.seat(side) else {
            return None;
        };
        Some(BotTurn {
            side,
            level,
            seed: seed_for(self.seed, self.record.len() as u64),
            ply: self.record.len(),
            state: self.state.clone(),
        })
    }

    /// The one entry point for every seat's actions: refused (and nothing changes) unless it
    /// is `from`'s turn and the rules accept the action.
    pub fn submit(&mut self, from: G::Side, action: G::Action) -> Result<Played<G>, Refused<G>> {
        self.play(from, action, false)
    }

    /// [`Match::submit`] for an action in the game's notation (what a remote seat sends).
    pub fn submit_text(&mut self, from: G::Side, text: &str) -> Result<Played<G>, Refused<G>> {
        let awaited = self.awaited().ok_or(Refused::GameOver)?;
        if awaited != from {
            return Err(Refused::NotYourTurn { awaited });
        }
        let action = self.state.parse_action(text).map_err(Refused::Malformed)?;
        self.play(from, action, false)
    }

    /// An action heard from the authority that holds the game (the online table's server):
    /// checked by the rules like any other, and marked as the clock's when `timeout`.
    pub fn submit_heard(
        &mut self,
        from: G::Side,
        text: &str,
        timeout: bool,
    ) -> Result<Played<G>, Refused<G>> {
        let action = self.state.parse_action(text).map_err(Refused::Malformed)?;
        self.play(from, action, timeout)
    }

    /// An action the authority that holds the game played (an online table's server), with
    /// what it did and the position it left, as the authority told them: for a game whose
    /// chances and hidden parts only the authority knows (Artifact Chess's dice and the other
    /// hand), so the rules here cannot replay it. Refused when it is not `from`'s turn here.
    pub fn told(
        &mut self,
        from: G::Side,
        action: G::Action,
        record: G::Record,
        after: G,
        timeout: bool,
    ) -> Result<Played<G>, Refused<G>> {
        let awaited = self.awaited().ok_or(Refused::GameOver)?;
        if awaited != from {
            return Err(Refused::NotYourTurn { awaited });
        }
        Ok(self.step(from, action, record, after, timeout))
    }

    /// Sets the time left for the awaited action (the server's clock is the one that counts).
    pub fn set_time_left(&mut self, seconds: Option<f64>) {
        if self.left.is_some() {
            self.left = seconds.map(|s| s.max(0.0));
        }
    }

    /// Lets `seconds` pass on the clock of the side to act. When its time runs out, the
    /// game's timeout action is played for it (marked as such in the record) and returned.
    pub fn tick(&mut self, seconds: f64) -> Option<Played<G>> {
        let side = self.awaited()?;
        let left = self.left.as_mut()?;
        *left -= seconds.max(0.0);
        if *left > 0.0 {
            return None;
        }
        let action = self.state.timeout_action()?;
        self.play(side, action, true).ok()
    }

    fn play(
        &mut self,
        from: G::Side,
        action: G::Action,
        timeout: bool,
    ) -> Result<Played<G>, Refused<G>> {
        let awaited = self.awaited().ok_or(Refused::GameOver)?;
        if awaited != from {
            return Err(Refused::NotYourTurn { awaited });
        }
        if let Some(coach) = &mut self.coach
            && from == coach.side
            && !timeout
        {
            coach
                .admit(&self.state, &action)
                .map_err(Refused::Coached)?;
        }
        let (next, record) = self.state.apply(&action).map_err(Refused::Rule)?;
        let played = self.step(from, action, record, next, timeout);
        if let Some(coach) = &mut self.coach {
            coach.after(from, &played.before, &action, &self.state);
        }
        Ok(played)
    }

    /// Takes one step of the course: `next` becomes the state, the action and what it did
    /// enter the record and the course, the clock starts on the next action, and the rules'
    /// end (if any) is kept.
    fn step(
        &mut self,
        from: G::Side,
        action: G::Action,
        record: G::Record,
        next: G,
        timeout: bool,
    ) -> Played<G> {
        let before = std::mem::replace(&mut self.state, next);
        self.record.push(Entry {
            action,
            side: G::side_index(from),
            timeout,
        });
        self.course.push(Step {
            record: record.clone(),
            after: self.state.clone(),
        });
        self.left = self.state.time_allowed(&self.clock);
        let outcome = self.state.outcome();
        self.ending = outcome.map(Ending::Rules);
        Played {
            side: from,
            action,
            record,
            timeout,
            before,
            outcome,
        }
    }

    /// The same match rebuilt by replaying its record from its start through the rules, as a
    /// loaded autosave must be before it is trusted. Fails on the first action the rules (or
    /// the record's sides) refuse, or when the saved ending is not the game's: an end by the
    /// rules the replay does not reach, or a resignation or agreed draw after the rules ended
    /// it.
    pub fn replayed(&self) -> Result<Match<G>, ReplayError<G>> {
        let mut m = Match::new(self.start.clone(), self.seats, self.clock, self.seed);
        for (i, e) in self.record.iter().enumerate() {
            let side = G::sides().get(e.side).copied().ok_or(ReplayError {
                index: i,
                why: Refused::GameOver,
            })?;
            m.play(side, e.action, e.timeout)
                .map_err(|why| ReplayError { index: i, why })?;
        }
        let agrees = match self.ending {
            None => m.ending.is_none(),
            Some(Ending::Rules(o)) => m.outcome() == Some(o),
            Some(Ending::Resigned(_) | Ending::Agreed) => m.outcome().is_none(),
        };
        if !agrees {
            return Err(ReplayError {
                index: self.record.len(),
                why: Refused::GameOver,
            });
        }
        m.ending = self.ending;
        Ok(m)
    }

    /// Takes back the last `n` actions: the match as it stood before them, read from its course
    /// (replayed from its start where the course is short), so a game with dice rolls them
    /// again the same way. The clock starts afresh for the side to act; the record, the course
    /// and the ending are those of the shorter match (a match the rules ended is under way
    /// again; a resignation or an agreed draw is the caller's to refuse first). Refused
    /// (nothing changes) when fewer were played.
    pub fn take_back(&mut self, n: usize) -> Result<(), ReplayError<G>> {
        // A lesson or a puzzle goes forward only: its coach has moved on.
        if self.coach.is_some() {
            return Err(ReplayError {
                index: self.record.len(),
                why: Refused::Coached(msg("learn.no_takeback")),
            });
        }
        let keep = self.record.len().checked_sub(n).ok_or(ReplayError {
            index: self.record.len(),
            why: Refused::GameOver,
        })?;
        // The course holds the position after every action, the dice generator with it: going
        // back to one is the same as replaying up to it.
        if self.course.len() == self.record.len()
            && let Some(state) = self.after(keep).cloned()
        {
            self.state = state;
            self.record.truncate(keep);
            self.course.truncate(keep);
            self.left = self.state.time_allowed(&self.clock);
            self.ending = self.state.outcome().map(Ending::Rules);
            return Ok(());
        }
        let mut shorter = self.clone();
        shorter.record.truncate(keep);
        shorter.ending = None;
        *self = shorter.replayed()?;
        Ok(())
    }

    /// Replaces the position (staged scenes and tests set up a telling moment); the record
    /// starts afresh from it.
    pub fn restage(&mut self, state: G) {
        let coach = self.coach.take();
        *self = Match::new(state, self.seats, self.clock, self.seed);
        self.coach = coach;
    }
}

/// Why a saved match could not be replayed: the action (0-based) and the refusal.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayError<G: Game> {
    pub index: usize,
    pub why: Refused<G>,
}

impl<G: Game> Explain for ReplayError<G> {
    fn explain(&self) -> Message {
        msg("match.replay_failed")
            .with("number", self.index + 1)
            .with_words("why", self.why.explain())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hive::{Colour, State};

    #[test]
    fn seats_read_their_spellings() {
        assert_eq!(Seat::parse("person"), Some(Seat::Person));
        assert_eq!(Seat::parse("remote"), Some(Seat::Remote));
        assert_eq!(Seat::parse("bot:hard"), Some(Seat::Bot(Level::Hard)));
        assert_eq!(Seat::parse("easy"), Some(Seat::Bot(Level::Easy)));
        for bad in ["", "bot:", "bot:great", "robot", "random"] {
            assert_eq!(Seat::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_local_seat_writes_its_kind_and_reads_only_that_spelling() {
        for seat in [
            Seat::Person,
            Seat::Remote,
            Seat::Bot(Level::Easy),
            Seat::Bot(Level::Normal),
            Seat::Bot(Level::Hard),
        ] {
            let s = LocalSeat::named(seat, "  Ana\nde  Sousa ");
            assert_eq!(s.name, "Ana de Sousa");
            assert_eq!(LocalSeat::read_kind(&s.kind_word()), Some(seat));
        }
        for bad in [
            "",
            "human",
            "Person",
            "bot:",
            "bot:Hard",
            "hard",
            "bot:great",
            "bot",
        ] {
            assert_eq!(LocalSeat::read_kind(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_saved_match_replays_and_a_tampered_one_does_not() {
        let mut m = Match::new(
            State::new(),
            [Seat::Person, Seat::Bot(Level::Easy)],
            ClockSetting::default(),
            3,
        );
        for text in ["wS1", "bS1 wS1-", "wQ -wS1"] {
            let side = m.awaited().unwrap();
            m.submit_text(side, text).unwrap();
        }
        let json = serde_json::to_string(&m).unwrap();
        let back: Match<State> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);
        assert_eq!(back.replayed().unwrap(), m);
        // A record with a move out of turn, or one the rules refuse, stops at that move.
        let mut bad = m.clone();
        bad.record.swap(1, 2);
        let e = bad.replayed().unwrap_err();
        assert_eq!(e.index, 1);
        assert!(matches!(e.why, Refused::NotYourTurn { .. }));
        let mut bad = m.clone();
        bad.record[2].action = bad.record[0].action;
        let e = bad.replayed().unwrap_err();
        assert_eq!(e.index, 2);
        assert!(matches!(e.why, Refused::Rule(_)));
        assert_eq!(m.awaited(), Some(Colour::Walnut));
    }

    #[test]
    fn the_course_keeps_every_position_and_survives_saving_and_takebacks() {
        let mut m = Match::new(
            State::new(),
            [Seat::Person, Seat::Person],
            ClockSetting::default(),
            3,
        );
        let mut seen = vec![State::new()];
        for text in ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"] {
            let side = m.awaited().unwrap();
            m.submit_text(side, text).unwrap();
            seen.push(m.state().clone());
        }
        let check = |m: &Match<State>, upto: usize| {
            assert_eq!(m.course().len(), upto);
            for (n, s) in seen.iter().enumerate().take(upto + 1) {
                assert_eq!(m.after(n), Some(s), "position after {n}");
            }
            assert_eq!(m.after(upto + 1), None);
        };
        check(&m, 4);
        // Read back, the course is rebuilt from the record.
        let back: Match<State> = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        check(&back, 4);
        // A takeback read from the course is the takeback a replay gives.
        let mut short = m.clone();
        short.take_back(2).unwrap();
        let mut replayed = m.clone();
        replayed.record.truncate(2);
        let replayed = replayed.replayed().unwrap();
        assert_eq!(short, replayed);
        check(&short, 2);
        assert_eq!(short.state(), &seen[2]);
        // A damaged record rebuilds its course as far as the rules accept it.
        let mut bad = m.clone();
        bad.record[2].action = bad.record[0].action;
        let back: Match<State> =
            serde_json::from_str(&serde_json::to_string(&bad).unwrap()).unwrap();
        assert_eq!(back.course().len(), 2);
        assert_eq!(back.after(3), None);
    }

    #[test]
    fn the_match_keeps_its_ending_through_saving_and_refuses_a_false_one() {
        let mut m = Match::new(
            State::new(),
            [Seat::Person, Seat::Person],
            ClockSetting::default(),
            3,
        );
        m.submit_text(Colour::Ash, "wS1").unwrap();
        assert_eq!(m.ending(), None);
        assert_eq!(
            m.resign(Colour::Walnut),
            Ok(Ending::Resigned(Colour::Walnut))
        );
        assert_eq!(m.awaited(), None, "nobody acts after a resignation");
        assert_eq!(m.resign(Colour::Ash), Err(Refused::GameOver));
        assert!(matches!(
            m.submit_text(Colour::Walnut, "bS1 wS1-"),
            Err(Refused::GameOver)
        ));
        let back: Match<State> = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!(back.ending(), Some(Ending::Resigned(Colour::Walnut)));
        assert_eq!(back.replayed().unwrap(), m);
        // An end by the rules the record does not reach is refused.
        let mut bad = m.clone();
        bad.ending = Some(Ending::Rules(crate::rules::hive::Outcome::Win(Colour::Ash)));
        assert_eq!(bad.replayed().unwrap_err().index, 1);
        // A match saved before it kept its ending reads back as under way.
        let mut json: serde_json::Value = serde_json::to_value(&m).unwrap();
        json.as_object_mut().unwrap().remove("ending");
        let old: Match<State> = serde_json::from_value(json).unwrap();
        assert_eq!(old.ending(), None);
        assert_eq!(old.awaited(), Some(Colour::Walnut));
    }

    #[test]
    fn an_agreed_draw_ends_the_match_and_survives_saving() {
        let mut m = Match::new(
            State::new(),
            [Seat::Person, Seat::Person],
            ClockSetting::default(),
            3,
        );
        m.submit_text(Colour::Ash, "wS1").unwrap();
        assert_eq!(m.agree_draw(), Ok(Ending::Agreed));
        assert_eq!(m.ending(), Some(Ending::Agreed));
        assert_eq!(m.awaited(), None, "nobody acts after an agreed draw");
        assert_eq!(m.agree_draw(), Err(Refused::GameOver));
        assert_eq!(m.resign(Colour::Ash), Err(Refused::GameOver));
        assert!(matches!(
            m.submit_text(Colour::Walnut, "bS1 wS1-"),
            Err(Refused::GameOver)
        ));
        let back: Match<State> = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!(back.ending(), Some(Ending::Agreed));
        assert_eq!(back.replayed().unwrap(), m);
        // The end the authority tells stands, unless the rules ended the game here.
        let mut follower = Match::new(
            State::new(),
            [Seat::Remote, Seat::Person],
            ClockSetting::default(),
            3,
        );
        assert_eq!(follower.end_elsewhere(Ending::Agreed), Ending::Agreed);
        assert_eq!(follower.awaited(), None);
    }

    #[test]
    fn a_takeback_keeps_the_record_the_course_and_the_clock_together() {
        let clock = ClockSetting {
            per_turn: Some(60.0),
            window: None,
        };
        let mut m = Match::new(State::new(), [Seat::Person, Seat::Person], clock, 3);
        for text in ["wS1", "bS1 wS1-", "wQ -wS1"] {
            let side = m.awaited().unwrap();
            m.submit_text(side, text).unwrap();
        }
        let before = m.after(2).cloned().unwrap();
        assert!(m.tick(25.0).is_none());
        m.take_back(1).unwrap();
        assert_eq!((m.record().len(), m.course().len()), (2, 2));
        assert_eq!(m.state(), &before);
        assert_eq!(m.awaited(), Some(Colour::Ash));
        assert_eq!(m.time_left(), Some(60.0));
        assert_eq!(m.replayed().unwrap(), m);
        assert!(m.take_back(3).is_err(), "only two actions stand");
        assert_eq!(m.record().len(), 2);
    }
}
