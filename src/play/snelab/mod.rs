//! Snēlab's cases around a match (`spec/snelab.md`, "Stakes and purse", "Who opens"): the
//! lobby's choices, sitting down (the stake leaves the purse, the coin decides the first
//! opener), the case as a [`Match`], the verdict settled into the purse once, the books, and
//! the autosave that lets a restart resume an open case. The purse's owner may sit on either
//! side; the other seat is a bot, a second person here, or (later) a remote person.
//!
//! Plain data with no clock of its own: [`Session`] changes only through its methods, each
//! either applied whole or refused with nothing changed. Animation time belongs to the table.

pub mod purse;
pub mod record;
pub mod save;

use super::{ClockSetting, Match, Played, Refused, ReplayError, Seat};
use crate::ai::Level;
use crate::i18n::{Explain, Message, msg};
use crate::rules::snelab::{Action, Position, Side};
use crate::save::Saved;
pub use purse::{
    CaseEnd, Coin, FinishError, LedgerEntry, OpenCase, OpenedBy, Opening, Purse, SitError, Stakes,
};
pub use save::{Restored, SnelabSave, load_snelab};
use serde::{Deserialize, Serialize};

/// What the lobby chooses before a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Setup {
    /// Saved as `table` (its name before the stakes had a type of their own).
    #[serde(rename = "table")]
    pub stakes: Stakes,
    /// The side the purse's owner plays.
    #[serde(default = "south")]
    pub owner: Side,
    /// Who sits across from the purse's owner.
    pub opponent: Seat,
    /// The "appeal" rule: backward captures (on by default).
    pub backward: bool,
}

fn south() -> Side {
    Side::South
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            stakes: Stakes::Casino,
            owner: Side::South,
            opponent: Seat::Bot(Level::Normal),
            backward: true,
        }
    }
}

impl Setup {
    /// The seats by side index (South first): the owner here, the opponent across.
    pub fn seats(&self) -> [Seat; 2] {
        match self.owner {
            Side::South => [Seat::Person, self.opponent],
            Side::North => [self.opponent, Seat::Person],
        }
    }

    /// The default setup at `stakes` with the purse's owner on `owner` (tests and tools).
    pub fn at(stakes: Stakes, owner: Side) -> Setup {
        Setup {
            stakes,
            owner,
            ..Setup::default()
        }
    }

    /// A case at the server: this device on `owner` (the near side when watching), the other
    /// seat remote.
    pub fn remote(stakes: Stakes, owner: Side, backward: bool) -> Setup {
        Setup {
            stakes,
            owner,
            opponent: Seat::Remote,
            backward,
        }
    }

    /// Whether a person on this device plays `side`.
    pub fn is_person(&self, side: Side) -> bool {
        side == self.owner || self.opponent == Seat::Person
    }
}

/// Where the session stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Choosing the stakes and the opponent.
    Lobby,
    /// A case is under way.
    Play,
    /// The case is settled: the verdict is in.
    Verdict(Settled),
}

/// The result of a case as the verdict shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settled {
    pub winner: Side,
    pub end: CaseEnd,
    pub stakes: Stakes,
    pub your_side: Side,
    /// Coins paid into the purse (0 on a loss).
    pub collected: u32,
    pub purse_after: u32,
    /// Who opened the case, and why (a coin, the table's seed, or the last case's loser).
    pub opening: crate::play::snelab::purse::Opening,
}

impl Settled {
    /// What the case did to the purse, from before sitting down to after the verdict: the
    /// winnings less the stake (+10 for a casino win, +12 on the street, −12 for a loss).
    pub fn net(&self) -> i64 {
        i64::from(self.collected) - i64::from(self.stakes.stake())
    }

    /// The purse before the stake left it.
    pub fn purse_before(&self) -> u32 {
        self.purse_after
            .saturating_sub(self.collected)
            .saturating_add(self.stakes.stake())
    }

    /// The side that lost the case (the one that resigned, for a resignation).
    pub fn loser(&self) -> Side {
        self.winner.opponent()
    }
}

/// An open case: its entry in the purse and its match. Saved with the purse (see [`save`])
/// whenever a case opens or an action is played, so a restart resumes it; games before the
/// single record kept it under `snelab.case`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaseRecord {
    pub case: u64,
    pub setup: Setup,
    pub game: Match<Position>,
}

impl Default for CaseRecord {
    /// Case 0 is no case: purse case numbers start at 1.
    fn default() -> CaseRecord {
        CaseRecord {
            case: 0,
            setup: Setup::default(),
            game: Match::new(
                Position::start(),
                [Seat::Person; 2],
                ClockSetting::default(),
                0,
            ),
        }
    }
}

impl Saved for CaseRecord {
    const KEY: &'static str = "snelab.case";
    const VERSION: u32 = 2;

    /// Version 1 kept the opening, the actions and the seed, and the opponent as a level name
    /// or `Person`, the owner always South.
    fn migrate(version: u32, data: serde_json::Value) -> Option<CaseRecord> {
        #[derive(Deserialize)]
        struct V1Setup {
            table: Stakes,
            opponent: String,
            backward: bool,
        }
        #[derive(Deserialize)]
        struct V1 {
            case: u64,
            setup: V1Setup,
            start: Position,
            actions: Vec<Action>,
            seed: u64,
        }
        if version != 1 {
            return None;
        }
        let v1: V1 = serde_json::from_value(data).ok()?;
        let opponent = match v1.setup.opponent.as_str() {
            "Person" => Seat::Person,
            level => Seat::Bot(Level::parse(level)?),
        };
        let setup = Setup {
            stakes: v1.setup.table,
            owner: Side::South,
            opponent,
            backward: v1.setup.backward,
        };
        let mut game = Match::new(v1.start, setup.seats(), ClockSetting::default(), v1.seed);
        for action in v1.actions {
            let side = game.awaited()?;
            game.submit(side, action).ok()?;
        }
        Some(CaseRecord {
            case: v1.case,
            setup,
            game,
        })
    }
}

/// Why the session refused something. Nothing changed.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// Not in this phase.
    NotNow,
    /// The purse's owner cannot sit down.
    CannotSit(SitError),
    /// The match refused the action.
    Match(Refused<Position>),
}

impl Explain for Refusal {
    fn explain(&self) -> Message {
        match self {
            Refusal::NotNow => msg("snelab.refused.not_now"),
            Refusal::CannotSit(e) => e.explain(),
            Refusal::Match(r) => r.explain(),
        }
    }
}

/// Why a saved case could not be resumed.
#[derive(Clone, Debug, PartialEq)]
pub enum ResumeError {
    NoOpenCase,
    /// The purse has an open case but its record was not saved (or could not be read).
    Missing,
    OtherCase {
        saved: u64,
        open: u64,
    },
    Replay(ReplayError<Position>),
    AlreadyOver,
}

impl Explain for ResumeError {
    fn explain(&self) -> Message {
        match self {
            ResumeError::NoOpenCase => msg("snelab.resume.no_open_case"),
            ResumeError::Missing => msg("snelab.resume.missing"),
            ResumeError::OtherCase { saved, open } => msg("snelab.resume.other_case")
                .with("saved", saved)
                .with("open", open),
            ResumeError::Replay(e) => e.explain(),
            ResumeError::AlreadyOver => msg("snelab.resume.already_over"),
        }
    }
}

/// What happened, for the table to show, sound and save.
#[derive(Clone, Debug)]
pub enum Event {
    /// A case opened and its stake left the purse; `flip` is the coin when one decided.
    CaseOpened {
        flip: Option<Coin>,
    },
    Played(Box<Played<Position>>),
    /// The verdict came in and the purse has its result.
    Settled(Settled),
    /// The purse changed (save it).
    PurseChanged,
}

/// The purse, the lobby's setup and the case under way.
#[derive(Clone, Debug)]
pub struct Session {
    pub setup: Setup,
    pub purse: Purse,
    phase: Phase,
    case: Option<(OpenCase, Match<Position>)>,
    /// The last case's match, kept for the verdict (its final position and move list).
    last: Option<Match<Position>>,
    /// The lobby's own setup while an online case (whose setup is the server's table's) is
    /// under way or in its verdict; back in the lobby it is the setup again.
    lobby: Option<Setup>,
    /// The case is a server's, watched without a seat ([`Session::sit_watching`]): nobody acts
    /// here, and neither the purse nor the books know of it.
    watching: bool,
    /// The case is a lesson or a practice position ([`Session::learn`]): no stake, nothing
    /// paid, nothing in the books, nothing saved.
    learning: bool,
}

impl Session {
    pub fn new(purse: Purse) -> Session {
        Session {
            setup: Setup::default(),
            purse,
            phase: Phase::Lobby,
            case: None,
            last: None,
            lobby: None,
            watching: false,
            learning: false,
        }
    }

    /// Opens a lesson or a practice position as a case: `pos` with its coach, the person on
    /// the coach's side, the other side the coach's. No stake leaves the purse, its end enters
    /// neither the purse nor the books, and it is never saved. Refused while a case is under
    /// way (it has its stake on the table).
    pub fn learn(
        &mut self,
        pos: Position,
        coach: crate::learn::Coach<Position>,
        now: u64,
    ) -> Result<Vec<Event>, Refusal> {
        let owner = coach.side;
        let opponent = Seat::Bot(crate::ai::Level::Normal);
        self.free_case(pos, owner, opponent, Some(coach), now)
    }

    /// Sets up a free case at `pos` for the analysis board: both sides played here, no stake,
    /// no coach; nothing paid, written in the books or saved (a case like a lesson's). Refused
    /// while a case is under way.
    pub fn analyse(&mut self, pos: Position, now: u64) -> Result<Vec<Event>, Refusal> {
        self.free_case(pos, Side::South, Seat::Person, None, now)
    }

    /// A case with no stake at `pos` (a lesson's, a practice position's, the analysis
    /// board's): the person on `owner`, `opponent` across, with `coach` if any; its end enters
    /// neither the purse nor the books, and it is never saved. Refused while a case with its
    /// stake on the table is under way.
    fn free_case(
        &mut self,
        pos: Position,
        owner: Side,
        opponent: Seat,
        coach: Option<crate::learn::Coach<Position>>,
        now: u64,
    ) -> Result<Vec<Event>, Refusal> {
        if self.phase == Phase::Play && !self.learning {
            return Err(Refusal::NotNow);
        }
        let open = OpenCase {
            id: 0,
            stakes: self.setup.stakes,
            your_side: owner,
            opponent: Some(opponent),
            backward: Some(pos.backward_captures()),
            online: None,
            opening: Opening {
                opener: pos.to_move(),
                by: OpenedBy::TableSeed,
            },
            started_at: now,
        };
        self.lobby.get_or_insert(self.setup);
        self.setup = Setup {
            stakes: self.setup.stakes,
            owner,
            opponent,
            backward: pos.backward_captures(),
        };
        let seats = self.setup.seats();
        let game = Match::new(pos, seats, ClockSetting::default(), 0);
        let game = match coach {
            Some(coach) => game.coached(coach),
            None => game,
        };
        self.case = Some((open, game));
        self.last = None;
        self.phase = Phase::Play;
        self.watching = false;
        self.learning = true;
        Ok(vec![Event::CaseOpened { flip: None }])
    }

    /// Whether the case is a lesson or a practice position.
    pub fn learning(&self) -> bool {
        self.learning
    }

    /// A lesson or practice position on ends, with nothing paid or recorded: back in the lobby
    /// with its own setup. Whether one was on.
    pub fn leave_lesson(&mut self) -> bool {
        if !self.learning {
            return false;
        }
        self.back_to_lobby();
        true
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn open_case(&self) -> Option<&OpenCase> {
        self.case.as_ref().map(|(c, _)| c)
    }

    /// The case's match (the last case's during the verdict).
    pub fn game(&self) -> Option<&Match<Position>> {
        self.case.as_ref().map(|(_, m)| m).or(self.last.as_ref())
    }

    /// The position on the court (the opening when no case was played yet).
    pub fn pos(&self) -> Position {
        self.game()
            .map_or_else(Position::start, |m| m.state().clone())
    }

    /// The actions of the case so far (the move list).
    pub fn actions(&self) -> Vec<Action> {
        self.game().map_or_else(Vec::new, |m| m.actions().collect())
    }

    /// The side to act, while a case is under way.
    pub fn to_act(&self) -> Option<Side> {
        match self.phase {
            Phase::Play => self.case.as_ref().and_then(|(_, m)| m.awaited()),
            _ => None,
        }
    }

    /// Whether a person on this device is to act (never while watching).
    pub fn person_to_act(&self) -> bool {
        !self.watching && self.to_act().is_some_and(|s| self.setup.is_person(s))
    }

    /// Whether the case is a server's, watched without a seat.
    pub fn watching(&self) -> bool {
        self.watching
    }

    /// Watches a server's case without a seat: the case opens with both sides remote, `near`
    /// the side shown near; no stake leaves the purse, and its verdict enters neither the purse
    /// nor the books.
    pub fn sit_watching(
        &mut self,
        stakes: Stakes,
        backward: bool,
        near: Side,
        now: u64,
    ) -> Result<Vec<Event>, Refusal> {
        if self.phase != Phase::Lobby {
            return Err(Refusal::NotNow);
        }
        let setup = Setup::remote(stakes, near, backward);
        let open = OpenCase {
            id: 0,
            stakes,
            your_side: near,
            opponent: Some(Seat::Remote),
            backward: Some(backward),
            online: Some(String::new()),
            opening: Opening {
                opener: Side::South,
                by: OpenedBy::TableSeed,
            },
            started_at: now,
        };
        self.lobby.get_or_insert(self.setup);
        self.setup = setup;
        let game = Match::new(
            record::start(backward),
            [Seat::Remote, Seat::Remote],
            ClockSetting::default(),
            0,
        );
        self.case = Some((open, game));
        self.last = None;
        self.phase = Phase::Play;
        self.watching = true;
        Ok(vec![Event::CaseOpened { flip: None }])
    }

    /// The bot's turn, when a bot is to act.
    pub fn bot_turn(&self) -> Option<super::BotTurn<Position>> {
        match self.phase {
            Phase::Play => self.case.as_ref().and_then(|(_, m)| m.bot_turn()),
            _ => None,
        }
    }

    /// The autosave of the case under way.
    pub fn record(&self) -> Option<CaseRecord> {
        if self.watching || self.learning {
            // A watched case is the server's: nothing of it is kept here.
            return None;
        }
        self.case.as_ref().map(|(open, game)| CaseRecord {
            case: open.id,
            setup: self.setup,
            game: game.clone(),
        })
    }

    /// Sits down with the lobby's setup: the stake is taken, the opener decided (`coin` is used
    /// when a flip is due), and the case opens. `seed` seeds the bots; `now` is seconds since the
    /// epoch.
    pub fn sit(&mut self, coin: Coin, seed: u64, now: u64) -> Result<Vec<Event>, Refusal> {
        if self.phase != Phase::Lobby {
            return Err(Refusal::NotNow);
        }
        let flip = self.purse.needs_coin_flip().then_some(coin);
        let open = self
            .purse
            .start_case(&self.setup, coin, now)
            .map_err(Refusal::CannotSit)?;
        let mut start = Position::start();
        start.set_to_move(open.opening.opener);
        start.set_backward_captures(self.setup.backward);
        let game = Match::new(start, self.setup.seats(), ClockSetting::default(), seed);
        self.case = Some((open, game));
        self.last = None;
        self.phase = Phase::Play;
        Ok(vec![Event::CaseOpened { flip }, Event::PurseChanged])
    }

    /// Sits down at an online case that the server has started: the table's `stakes` and appeal
    /// rule (`backward`), this device's side (the table's seed gave South, who opens, to one
    /// seat) and the opponent's name. The stake leaves the purse now, as at a table here; the
    /// books will mark the case online and name the opponent. The actions then come as the
    /// server tells them ([`Session::heard`]), and so does an end the rules here do not see
    /// ([`Session::ended_elsewhere`]).
    pub fn sit_online(
        &mut self,
        stakes: Stakes,
        backward: bool,
        your_side: Side,
        opponent: &str,
        now: u64,
    ) -> Result<Vec<Event>, Refusal> {
        if self.phase != Phase::Lobby {
            return Err(Refusal::NotNow);
        }
        let setup = Setup::remote(stakes, your_side, backward);
        let open = self
            .purse
            .start_online_case(&setup, opponent, now)
            .map_err(Refusal::CannotSit)?;
        self.lobby.get_or_insert(self.setup);
        self.setup = setup;
        let game = Match::new(
            record::start(backward),
            setup.seats(),
            ClockSetting::default(),
            0,
        );
        self.case = Some((open, game));
        self.last = None;
        self.phase = Phase::Play;
        Ok(vec![Event::CaseOpened { flip: None }, Event::PurseChanged])
    }

    /// An action the server accepted (this device's own, or the remote seat's), `timeout` when
    /// its clock played it: played through the rules like any other; the verdict, when it
    /// comes, is settled into the purse at once.
    pub fn heard(
        &mut self,
        side: Side,
        text: &str,
        timeout: bool,
        now: u64,
    ) -> Result<Vec<Event>, Refusal> {
        if self.phase != Phase::Play {
            return Err(Refusal::NotNow);
        }
        self.play_with(now, |game| game.submit_heard(side, text, timeout))
    }

    /// Replaces the online case's course with the server's whole course (each action by its
    /// side, `true` when the clock played it): the server holds the case, so where this
    /// device's course differs from it (an event missed in a drop), the server's stands. The
    /// stake stays as it was taken; a verdict the course reaches is settled once. Refused, with
    /// nothing changed, when no online case is open or an action does not replay.
    pub fn replace_online_course(
        &mut self,
        course: &[(Side, String, bool)],
        now: u64,
    ) -> Result<Vec<Event>, Refusal> {
        let Some((open, game)) = self.case.as_ref() else {
            return Err(Refusal::NotNow);
        };
        if self.phase != Phase::Play || open.online.is_none() {
            return Err(Refusal::NotNow);
        }
        let mut fresh = Match::new(
            game.start().clone(),
            game.seats(),
            ClockSetting::default(),
            0,
        );
        for (side, text, timeout) in course {
            fresh
                .submit_heard(*side, text, *timeout)
                .map_err(Refusal::Match)?;
        }
        let open = open.clone();
        let verdict = fresh.outcome();
        if let Some((_, game)) = self.case.as_mut() {
            *game = fresh;
        }
        Ok(match verdict {
            Some(v) => self.settle(open, v.winner, CaseEnd::Verdict(v.reason), now),
            None => Vec::new(),
        })
    }

    /// Gives up an online case this device can no longer reach (its seat at the server is
    /// lost): the stake comes back as if the case had never started (nothing enters the books),
    /// and the lobby's own setup is back. Refused when no online case is open.
    pub fn abandon_online(&mut self) -> Result<Vec<Event>, Refusal> {
        let online = self
            .case
            .as_ref()
            .is_some_and(|(open, _)| open.online.is_some());
        if self.phase != Phase::Play || !online {
            return Err(Refusal::NotNow);
        }
        if self.watching {
            // No stake was taken.
            self.back_to_lobby();
            return Ok(Vec::new());
        }
        self.purse.return_stake();
        self.back_to_lobby();
        Ok(vec![Event::PurseChanged])
    }

    /// Back in the lobby with no case: the lobby's own setup again after an online case.
    fn back_to_lobby(&mut self) {
        self.watching = false;
        self.learning = false;
        self.case = None;
        self.last = None;
        self.phase = Phase::Lobby;
        if let Some(lobby) = self.lobby.take() {
            self.setup = lobby;
        }
    }

    /// The server ended the case (a resignation, by either side) where the rules here have
    /// not: settled into the purse once, like any verdict. Refused (nothing changes) when no
    /// case is under way.
    pub fn ended_elsewhere(
        &mut self,
        winner: Side,
        end: CaseEnd,
        now: u64,
    ) -> Result<Vec<Event>, Refusal> {
        if self.phase != Phase::Play {
            return Err(Refusal::NotNow);
        }
        let (open, _) = self.case.as_ref().ok_or(Refusal::NotNow)?;
        let open = open.clone();
        Ok(self.settle(open, winner, end, now))
    }

    /// Plays `action` for `side` (a person's confirmed choice, a bot's, a remote seat's). The
    /// verdict, when it comes, is settled into the purse at once.
    pub fn act(&mut self, side: Side, action: Action, now: u64) -> Result<Vec<Event>, Refusal> {
        if self.phase != Phase::Play {
            return Err(Refusal::NotNow);
        }
        self.play_with(now, |game| game.submit(side, action))
    }

    /// Plays an action into the case's match through `submit`; the verdict, when it comes, is
    /// settled into the purse at once.
    fn play_with(
        &mut self,
        now: u64,
        submit: impl FnOnce(&mut Match<Position>) -> Result<Played<Position>, Refused<Position>>,
    ) -> Result<Vec<Event>, Refusal> {
        let (open, game) = self.case.as_mut().ok_or(Refusal::NotNow)?;
        let played = submit(game).map_err(Refusal::Match)?;
        let open = open.clone();
        let mut events = vec![Event::Played(Box::new(played))];
        if let Some(verdict) = self.case.as_ref().and_then(|(_, m)| m.outcome()) {
            events.extend(self.settle(open, verdict.winner, CaseEnd::Verdict(verdict.reason), now));
        }
        Ok(events)
    }

    /// `side` gives up the case under way: a loss for `side`, settled into the purse at once
    /// and written in the books as [`CaseEnd::Resigned`], once, like any verdict. Only the side
    /// to act may resign (the table asks its person first); a bot never does.
    pub fn resign(&mut self, side: Side, now: u64) -> Result<Vec<Event>, Refusal> {
        if self.phase != Phase::Play {
            return Err(Refusal::NotNow);
        }
        let (open, game) = self.case.as_ref().ok_or(Refusal::NotNow)?;
        match game.awaited() {
            Some(awaited) if awaited == side => {}
            Some(awaited) => return Err(Refusal::Match(Refused::NotYourTurn { awaited })),
            None => return Err(Refusal::Match(Refused::GameOver)),
        }
        let open = open.clone();
        Ok(self.settle(open, side.opponent(), CaseEnd::Resigned, now))
    }

    fn settle(&mut self, open: OpenCase, winner: Side, end: CaseEnd, now: u64) -> Vec<Event> {
        if self.watching || self.learning {
            // The verdict of a watched case: shown, never paid nor written in the books.
            let settled = Settled {
                winner,
                end,
                stakes: open.stakes,
                your_side: open.your_side,
                collected: 0,
                purse_after: self.purse.coins(),
                opening: open.opening,
            };
            self.last = self.case.take().map(|(_, m)| m);
            self.phase = Phase::Verdict(settled);
            return vec![Event::Settled(settled)];
        }
        let Ok(s) = self.purse.finish_case(open.id, winner, end, now) else {
            return Vec::new();
        };
        let settled = Settled {
            winner,
            end,
            stakes: open.stakes,
            your_side: open.your_side,
            collected: s.collected,
            purse_after: s.purse_after,
            opening: open.opening,
        };
        self.last = self.case.take().map(|(_, m)| m);
        self.phase = Phase::Verdict(settled);
        vec![Event::Settled(settled), Event::PurseChanged]
    }

    /// From the verdict back to the lobby.
    pub fn next_case(&mut self) -> Result<Vec<Event>, Refusal> {
        match self.phase {
            Phase::Verdict(_) => {
                self.phase = Phase::Lobby;
                self.watching = false;
                self.learning = false;
                if let Some(lobby) = self.lobby.take() {
                    self.setup = lobby;
                }
                Ok(vec![])
            }
            _ => Err(Refusal::NotNow),
        }
    }

    /// Purse back to the starting value, books cleared, the next case opens with a coin flip.
    pub fn reset_all(&mut self) -> Result<Vec<Event>, Refusal> {
        match self.phase {
            Phase::Lobby | Phase::Verdict(_) => {
                self.purse.reset_all();
                self.back_to_lobby();
                Ok(vec![Event::PurseChanged])
            }
            Phase::Play => Err(Refusal::NotNow),
        }
    }

    /// Resumes the case `record` describes, if it is the purse's open case and its record
    /// replays through the rules to a case still under way; otherwise changes nothing.
    pub fn resume(&mut self, record: &CaseRecord) -> Result<(), ResumeError> {
        let open = self
            .purse
            .open_case()
            .cloned()
            .ok_or(ResumeError::NoOpenCase)?;
        if open.id != record.case {
            return Err(ResumeError::OtherCase {
                saved: record.case,
                open: open.id,
            });
        }
        let game = record.game.replayed().map_err(ResumeError::Replay)?;
        if game.outcome().is_some() {
            return Err(ResumeError::AlreadyOver);
        }
        self.setup = record.setup;
        self.case = Some((open, game));
        self.last = None;
        self.phase = Phase::Play;
        Ok(())
    }

    /// Puts `pos` on the court of the case under way, its record starting afresh (staged
    /// scenes and tests set up a telling moment this way).
    pub fn restage(&mut self, pos: Position) {
        if let Some((_, game)) = self.case.as_mut() {
            game.restage(pos);
        }
    }
}

/// Its timeout rule at a match (`super::Playable`).
/// The action the clock plays for a side whose turn ran out (an online case's timeout rule).
/// Frozen, since records are verified against it, and cheap, so a verifier recomputes it at
/// once: among the legal actions in the order of their notation text (byte order),
/// 1. the first that wins at once (lands on the Bench, or leaves the opponent no action);
/// 2. else the first after which the opponent cannot win at once;
/// 3. else the first.
///
/// `None` when the side has no legal action (the case is then over).
pub fn timeout_action(pos: &Position) -> Option<Action> {
    use crate::rules::snelab::{apply_unchecked, legal_actions, scan};
    let mut actions: Vec<(String, Action)> = legal_actions(pos)
        .into_iter()
        .map(|a| (a.to_string(), a))
        .collect();
    actions.sort_by(|a, b| a.0.cmp(&b.0));
    let me = pos.to_move();
    let mut safe = None;
    for (_, a) in &actions {
        let next = apply_unchecked(pos, a);
        if next.on_bench(me) {
            return Some(*a);
        }
        let reply = scan(&next);
        if !reply.any_action {
            return Some(*a);
        }
        if safe.is_none() && !reply.wins_now {
            safe = Some(*a);
        }
    }
    safe.or_else(|| actions.first().map(|(_, a)| *a))
}

/// Its timeout rule at a match: [`timeout_action`] (a case is timed only online).
impl super::Playable for crate::rules::snelab::Position {
    fn timeout_action(&self) -> Option<Action> {
        timeout_action(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> crate::rules::snelab::Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_case_with_the_owner_north_against_a_second_person() {
        let mut s = Session::new(Purse::default());
        s.setup.owner = Side::North;
        s.setup.opponent = Seat::Person;
        s.sit(Coin::Heads, 1, 0).unwrap();
        assert_eq!(s.open_case().unwrap().your_side, Side::North);
        // South's Bailiff on a1 races North's on g7; South moves first and lands on its Bench
        // at a7 first: the owner (North) loses.
        s.restage("6b/7/7/7/7/7/B6 S +a".parse().unwrap());
        let mut now = 10;
        while s.phase() == Phase::Play {
            let side = s.to_act().unwrap();
            assert!(s.person_to_act());
            let a = *crate::rules::snelab::legal_actions(&s.pos())
                .iter()
                .find(|a| a.to().file == a.from().file)
                .unwrap();
            s.act(side, a, now).unwrap();
            now += 1;
        }
        let Phase::Verdict(v) = s.phase() else {
            panic!()
        };
        assert_eq!(
            (v.winner, v.your_side, v.collected),
            (Side::South, Side::North, 0)
        );
        assert_eq!(s.purse.coins(), 88);
        assert_eq!(s.actions().len(), 11, "the move list stays for the verdict");
        assert_eq!(s.pos().get(sq("a7")).map(|p| p.side), Some(Side::South));
    }

    /// Sits down at `stakes` against a second person (so either side may be made to resign).
    fn seated(stakes: Stakes) -> Session {
        let mut s = Session::new(Purse::default());
        s.setup.stakes = stakes;
        s.setup.opponent = Seat::Person;
        s.sit(Coin::Heads, 1, 0).unwrap();
        assert_eq!(s.to_act(), Some(Side::South), "heads: South opens");
        s
    }

    /// The coins of a case: the owner's purse, the other side's purse (it starts at 100 and
    /// stakes 12 too) and the House's cut add up to what there was before the case.
    fn conserved(s: &Session, other_purse_after: u32, house: u32) {
        assert_eq!(s.purse.coins() + other_purse_after + house, 200);
    }

    #[test]
    fn resigning_settles_the_case_as_a_loss_once() {
        // The owner (South) resigns at the casino: 12 each on the table, the other side
        // collects 22 of the 24, the House keeps 2.
        let mut s = seated(Stakes::Casino);
        assert_eq!(s.purse.coins(), 88);
        let events = s.resign(Side::South, 50).unwrap();
        assert!(matches!(
            events.as_slice(),
            [Event::Settled(_), Event::PurseChanged]
        ));
        let Phase::Verdict(v) = s.phase() else {
            panic!("{:?}", s.phase())
        };
        assert_eq!(
            (v.winner, v.loser(), v.end),
            (Side::North, Side::South, CaseEnd::Resigned)
        );
        assert_eq!(
            (v.collected, v.purse_after, v.net(), v.purse_before()),
            (0, 88, -12, 100)
        );
        conserved(&s, 100 - 12 + 22, 2);
        assert_eq!(s.purse.books().len(), 1);
        let e = s.purse.books()[0].clone();
        assert_eq!(
            (e.end, e.winner, e.purse_after),
            (CaseEnd::Resigned, Side::North, 88)
        );
        // Written once: a second resignation, or a move, is refused and changes nothing.
        assert_eq!(s.resign(Side::South, 51).unwrap_err(), Refusal::NotNow);
        assert_eq!(s.purse.coins(), 88);
        assert_eq!(s.purse.books().len(), 1);
        assert!(s.purse.open_case().is_none());
        // The loser opens the next case.
        assert_eq!(s.purse.opening(Coin::Tails).opener, Side::South);
    }

    #[test]
    fn the_other_side_resigning_pays_the_owner() {
        // Casino: North (the second person) resigns; the owner collects 22 of the 24.
        let mut s = seated(Stakes::Casino);
        s.act(Side::South, "a1-a2".parse().unwrap(), 1).unwrap();
        s.resign(Side::North, 2).unwrap();
        let Phase::Verdict(v) = s.phase() else {
            panic!()
        };
        assert_eq!(
            (v.winner, v.collected, v.purse_after, v.net()),
            (Side::South, 22, 110, 10)
        );
        conserved(&s, 100 - 12, 2);
        // Street: no House; the winner takes all 24 and no books are written.
        let mut s = seated(Stakes::Street);
        s.act(Side::South, "a1-a2".parse().unwrap(), 1).unwrap();
        s.resign(Side::North, 2).unwrap();
        let Phase::Verdict(v) = s.phase() else {
            panic!()
        };
        assert_eq!((v.collected, v.purse_after, v.net()), (24, 112, 12));
        conserved(&s, 100 - 12, 0);
        assert!(s.purse.books().is_empty());
        // And the owner resigning on the street loses the 12 to the other side.
        let mut s = seated(Stakes::Street);
        s.resign(Side::South, 2).unwrap();
        assert_eq!(s.purse.coins(), 88);
        conserved(&s, 100 - 12 + 24, 0);
    }

    #[test]
    fn only_the_side_to_act_resigns_and_only_during_a_case() {
        let mut lobby = Session::new(Purse::default());
        assert_eq!(lobby.resign(Side::South, 0).unwrap_err(), Refusal::NotNow);
        assert_eq!(lobby.purse.coins(), 100);
        let mut s = seated(Stakes::Casino);
        let before = s.record();
        assert_eq!(
            s.resign(Side::North, 1).unwrap_err(),
            Refusal::Match(Refused::NotYourTurn {
                awaited: Side::South
            })
        );
        assert_eq!(s.record(), before);
        assert_eq!(s.phase(), Phase::Play);
        assert_eq!(s.purse.coins(), 88);
        assert!(s.purse.books().is_empty());
    }

    #[test]
    fn every_refusal_and_resume_failure_is_worded_in_three_languages() {
        use crate::i18n::{Lang, parse_strings, unworded};
        use crate::rules::snelab::RuleError;
        let sq = sq("c3");
        let rules = RuleError::one_of_each(sq);
        let mut messages: Vec<Message> = vec![
            Refusal::NotNow.explain(),
            Refusal::CannotSit(SitError::NotEnough { have: 3, need: 12 }).explain(),
            Refusal::CannotSit(SitError::CaseOpen { id: 4 }).explain(),
            Refusal::Match(Refused::GameOver).explain(),
            Refusal::Match(Refused::NotYourTurn {
                awaited: Side::South,
            })
            .explain(),
            Refusal::Match(Refused::Malformed("a9x".parse::<Action>().unwrap_err())).explain(),
            ResumeError::NoOpenCase.explain(),
            ResumeError::Missing.explain(),
            ResumeError::OtherCase { saved: 2, open: 3 }.explain(),
            ResumeError::AlreadyOver.explain(),
            ResumeError::Replay(crate::play::ReplayError {
                index: 0,
                why: Refused::GameOver,
            })
            .explain(),
            FinishError::NoOpenCase.explain(),
            FinishError::OtherCase { open: 1, given: 2 }.explain(),
        ];
        messages.extend(
            rules
                .iter()
                .map(|e| Refusal::Match(Refused::Rule(*e)).explain()),
        );
        for lang in Lang::ALL {
            let words = parse_strings(lang.source()).unwrap();
            for m in &messages {
                if let Some(problem) = unworded(&words, m) {
                    panic!("{}: {problem}", lang.code());
                }
            }
        }
    }

    #[test]
    fn out_of_turn_and_out_of_phase_are_refused_and_change_nothing() {
        let mut s = Session::new(Purse::default());
        let a: Action = "a1-a2".parse().unwrap();
        assert_eq!(s.act(Side::South, a, 0).unwrap_err(), Refusal::NotNow);
        s.setup.opponent = Seat::Person;
        s.sit(Coin::Heads, 1, 0).unwrap();
        let before = s.record();
        let e = s.act(Side::North, "a7-a6".parse().unwrap(), 0).unwrap_err();
        assert!(matches!(
            e,
            Refusal::Match(Refused::NotYourTurn {
                awaited: Side::South
            })
        ));
        assert_eq!(s.record(), before);
        assert_eq!(s.next_case().unwrap_err(), Refusal::NotNow);
        assert_eq!(s.reset_all().unwrap_err(), Refusal::NotNow);
    }

    #[test]
    fn a_version_one_record_is_migrated() {
        let v1 = serde_json::json!({
            "case": 3,
            "setup": {"table": "Street", "opponent": "Hard", "backward": false},
            "start": "barjrab/7/7/7/7/7/BARJRAB N -a",
            "actions": [
                serde_json::to_value("a7-a6".parse::<Action>().unwrap()).unwrap(),
                serde_json::to_value("a1-a2".parse::<Action>().unwrap()).unwrap(),
            ],
            "seed": 9
        });
        let r = CaseRecord::migrate(1, v1).unwrap();
        assert_eq!(r.case, 3);
        assert_eq!(r.setup.opponent, Seat::Bot(Level::Hard));
        assert_eq!(r.setup.stakes, Stakes::Street);
        assert_eq!(r.game.actions().count(), 2);
        assert_eq!(r.game.seed(), 9);
        let bad = serde_json::json!({"case": 1, "setup": {"table": "Casino", "opponent": "Wizard", "backward": true}, "start": "7/7 S +a", "actions": [], "seed": 0});
        assert!(CaseRecord::migrate(1, bad).is_none());
    }

    /// Two devices' sessions at one online case: each hears every action from the server.
    fn online_pair(stakes: Stakes) -> (Session, Session) {
        let mut south = Session::new(Purse::default());
        let mut north = Session::new(Purse::default());
        south.setup.opponent = Seat::Bot(Level::Hard);
        south
            .sit_online(stakes, true, Side::South, "Rui", 100)
            .unwrap();
        north
            .sit_online(stakes, true, Side::North, "Ana", 100)
            .unwrap();
        assert_eq!((south.purse.coins(), north.purse.coins()), (88, 88));
        assert_eq!(south.to_act(), Some(Side::South), "South opens online");
        assert!(south.person_to_act() && !north.person_to_act());
        (south, north)
    }

    #[test]
    fn an_online_case_settles_into_both_purses_and_the_books_name_the_opponent() {
        let (mut a, mut b) = online_pair(Stakes::Casino);
        let mut now = 101;
        while a.phase() == Phase::Play {
            let side = a.to_act().unwrap();
            let action = crate::ai::snelab::greedy(&a.pos(), now)
                .unwrap()
                .to_string();
            for s in [&mut a, &mut b] {
                s.heard(side, &action, false, now).unwrap();
            }
            now += 1;
        }
        let (Phase::Verdict(va), Phase::Verdict(vb)) = (a.phase(), b.phase()) else {
            panic!("both devices reach the verdict")
        };
        assert_eq!(va.winner, vb.winner);
        // One purse won 22 of the 24 staked, the other lost its stake; the House kept 2.
        let total = a.purse.coins() + b.purse.coins();
        assert_eq!(total, 200 - 2);
        assert_eq!(a.purse.coins() == 110, va.winner == Side::South);
        let e = &a.purse.books()[0];
        assert_eq!(
            (e.online.as_deref(), e.opponent, e.opener),
            (Some("Rui"), Some(Seat::Remote), Side::South)
        );
        assert_eq!(b.purse.books()[0].online.as_deref(), Some("Ana"));
        // Back in the lobby, the device's own setup is as it was.
        a.next_case().unwrap();
        assert_eq!(a.setup.opponent, Seat::Bot(Level::Hard));
        assert_eq!(a.setup.owner, Side::South);
    }

    #[test]
    fn an_online_resignation_settles_once_and_a_refused_action_changes_nothing() {
        let (mut a, mut b) = online_pair(Stakes::Street);
        // An action the rules refuse (North's piece at South's turn) changes nothing.
        assert!(a.heard(Side::South, "a7-a6", false, 101).is_err());
        assert!(a.heard(Side::North, "a7-a6", false, 101).is_err());
        assert_eq!(a.actions().len(), 0);
        for s in [&mut a, &mut b] {
            s.heard(Side::South, "a1-a2", false, 101).unwrap();
            s.heard(Side::North, "a7-a6", true, 102).unwrap();
        }
        assert!(a.game().unwrap().record()[1].timeout);
        // North resigned at the server: South takes all 24 at a street table, no books.
        for s in [&mut a, &mut b] {
            s.ended_elsewhere(Side::South, CaseEnd::Resigned, 103)
                .unwrap();
            assert!(
                s.ended_elsewhere(Side::South, CaseEnd::Resigned, 104)
                    .is_err()
            );
        }
        assert_eq!((a.purse.coins(), b.purse.coins()), (112, 88));
        assert!(a.purse.books().is_empty() && b.purse.books().is_empty());
    }

    #[test]
    fn the_servers_course_replaces_one_that_missed_an_event() {
        let (mut a, _) = online_pair(Stakes::Casino);
        a.heard(Side::South, "a1-a2", false, 101).unwrap();
        // The server's course: another first move, then North's answer.
        let course = [
            (Side::South, "g1-g2".to_string(), false),
            (Side::North, "a7-a6".to_string(), true),
        ];
        a.replace_online_course(&course, 102).unwrap();
        let texts: Vec<String> = a.actions().iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["g1-g2", "a7-a6"]);
        assert!(a.game().unwrap().record()[1].timeout);
        assert_eq!(a.purse.coins(), 88, "the stake was taken once");
        // A course that does not replay changes nothing.
        let bad = [(Side::North, "a7-a6".to_string(), false)];
        assert!(a.replace_online_course(&bad, 103).is_err());
        assert_eq!(a.actions().len(), 2);
    }

    #[test]
    fn an_online_case_out_of_reach_gives_the_stake_back() {
        let (mut a, _) = online_pair(Stakes::Casino);
        a.heard(Side::South, "a1-a2", false, 101).unwrap();
        a.abandon_online().unwrap();
        assert_eq!((a.purse.coins(), a.phase()), (100, Phase::Lobby));
        assert!(a.purse.open_case().is_none() && a.purse.books().is_empty());
        assert_eq!(a.setup.opponent, Seat::Bot(Level::Hard));
        // A case here is not abandoned that way.
        let mut here = Session::new(Purse::default());
        here.sit(Coin::Heads, 1, 0).unwrap();
        assert!(matches!(here.abandon_online(), Err(Refusal::NotNow)));
    }

    #[test]
    fn a_watched_case_takes_no_stake_acts_for_nobody_and_enters_neither_purse_nor_books() {
        // Even a purse too poor to sit may watch.
        let mut s = Session::new(Purse::new(5));
        let before = s.purse.clone();
        s.sit_watching(Stakes::Street, false, Side::North, 1)
            .unwrap();
        assert!(s.watching() && s.phase() == Phase::Play);
        assert_eq!(s.setup.owner, Side::North);
        assert_eq!(s.purse, before);
        assert!(s.record().is_none(), "nothing of it saved");
        assert!(!s.person_to_act(), "South to act, but nobody here");
        assert!(
            s.sit_watching(Stakes::Casino, true, Side::South, 1)
                .is_err()
        );
        s.heard(Side::South, "a1-a2", false, 2).unwrap();
        s.heard(Side::North, "a7-a6", false, 3).unwrap();
        let events = s
            .ended_elsewhere(Side::South, CaseEnd::Resigned, 4)
            .unwrap();
        assert!(matches!(
            events[..],
            [Event::Settled(Settled { collected: 0, .. })]
        ));
        assert!(matches!(s.phase(), Phase::Verdict(_)));
        assert_eq!(s.purse, before, "no coin, no line in the books");
        s.next_case().unwrap();
        assert!(!s.watching() && s.phase() == Phase::Lobby);
        // Left during the case: back to the lobby, no stake to give back.
        s.sit_watching(Stakes::Casino, true, Side::South, 5)
            .unwrap();
        assert!(s.abandon_online().unwrap().is_empty());
        assert!(!s.watching() && s.phase() == Phase::Lobby);
        assert_eq!(s.purse, before);
    }

    #[test]
    fn an_online_case_needs_the_stake_free() {
        let mut poor = Session::new(Purse::new(11));
        let e = poor
            .sit_online(Stakes::Casino, true, Side::North, "Rui", 1)
            .unwrap_err();
        assert!(matches!(e, Refusal::CannotSit(SitError::NotEnough { .. })));
        assert_eq!(poor.purse.coins(), 11);
        assert_eq!(poor.phase(), Phase::Lobby);
    }
}
