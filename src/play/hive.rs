//! Ash & Walnut's games around a match (`spec/ash-and-walnut.md`, "The table" and "Why it is
//! fair"): the secret seed drawn at the start and its fingerprint shown, the colour rule seating
//! ash (who opens) by the seed, a 60-second clock per turn whose timeout plays the engine's
//! fixed-depth move, takebacks and resignation kept in the record, the seed revealed at the end,
//! and the game record anyone can verify ([`super::verify`]).
//!
//! Decisions where the spec is silent:
//! - A takeback goes back to the requesting side's last move (against the bot: the bot's reply
//!   and the person's move), and is refused right after a timeout move (the clock decided).
//! - A resignation is recorded as `resign <colour>`; the other colour wins.
//! - At an online table a side may offer a draw or ask to take back its last move; the offers
//!   and their answers are logged where they came ([`HiveGame::note_offer`]), an accepted
//!   takeback is an ordinary `takeback 1`, and an accepted draw ends the game as
//!   [`Ending::Agreed`] (`draw agreed` in the record).
//! - The seed is revealed when the game ends (by the rules, a resignation or the clock's last
//!   move); [`HiveGame::revealed`] is `None` before.
//!
//! A game held by a server (online) is the app's to follow (`app::kit::host`): the server's
//! accepted actions come here through the same rules ([`HiveGame::heard`]) and its end through
//! [`HiveGame::end_elsewhere`]; its fingerprint, seed and record are the server's, kept beside
//! the game.

use super::{
    ClockSetting, Entry, Match, Note, Offer, OfferEvent, Played, Refused, ReplayError, Seat,
};
use crate::fair::{SeatOrder, Seed, ash_seat};
use crate::i18n::{Explain, Message, msg};
use crate::rules::hive::record::{RecordedEntry, RecordedMove};
use crate::rules::hive::{Colour, GameRecord, GameType, Move, Outcome, RecordedResult, State};
use crate::save::Saved;
use serde::{Deserialize, Serialize};

/// Seconds a player has for each turn.
pub const TURN_SECONDS: f64 = 60.0;

/// How a game of Ash & Walnut ended: by the rules (an Elder surrounded, a draw) or a colour's
/// resignation. The match keeps it.
pub type Ending = crate::play::Ending<Outcome, Colour>;

impl Ending {
    /// The winner; `None` for a draw.
    pub fn winner(self) -> Option<Colour> {
        match self {
            Ending::Rules(Outcome::Win(c)) => Some(c),
            Ending::Rules(Outcome::Draw(_)) => None,
            Ending::Resigned(c) => Some(c.other()),
            Ending::Agreed => None,
        }
    }
}

impl Explain for Ending {
    fn explain(&self) -> Message {
        match self {
            Ending::Rules(o) => o.explain(),
            Ending::Resigned(c) => msg("hive.ending.resigned").with_words("colour", c.explain()),
            Ending::Agreed => msg("hive.ending.agreed"),
        }
    }
}

/// One line of the game's course, as the record keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Logged {
    /// The next action of the match's record.
    Moved,
    TakeBack(usize),
    Resigned(Colour),
    /// An offer or its answer at an online table.
    Offer(Note<Colour>),
    /// A draw both sides agreed to.
    Agreed,
}

/// Why a takeback was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum TakeBackError {
    /// The game is over.
    Over,
    /// The requesting side has no move to take back.
    NothingToTakeBack,
    /// The last move was played by the clock.
    AfterTimeout,
    /// At the online table nobody takes a move back.
    Online,
    Replay(ReplayError<State>),
}

impl Explain for TakeBackError {
    fn explain(&self) -> Message {
        match self {
            TakeBackError::Over => msg("match.game_over"),
            TakeBackError::NothingToTakeBack => msg("hive.takeback.nothing"),
            TakeBackError::AfterTimeout => msg("hive.takeback.after_timeout"),
            TakeBackError::Online => msg("hive.takeback.online"),
            TakeBackError::Replay(e) => e.explain(),
        }
    }
}

/// A game of Ash & Walnut at a table: seats, seed, match, course.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HiveGame {
    secret: Seed,
    /// The seats in the order they were taken (first: the person who opened the table).
    seats: [Seat; 2],
    /// Their names for the record.
    names: [String; 2],
    /// Which seat plays ash, by the colour rule.
    ash: SeatOrder,
    game: Match<State>,
    log: Vec<Logged>,
    /// Every move accepted, in order, including those taken back later.
    history: Vec<Entry<Move>>,
    /// How the game ended, as saves before the match kept it wrote it (read, never written).
    /// (A save from before the app kept what a server told beside the game may hold an
    /// `online` field too: unknown fields are ignored.)
    #[serde(default, rename = "ending", skip_serializing)]
    ended: Option<Ending>,
}

impl Saved for HiveGame {
    const KEY: &'static str = "hive.game";
    const VERSION: u32 = 1;
}

impl Default for HiveGame {
    fn default() -> HiveGame {
        HiveGame::new(
            [Seat::Person, Seat::Person],
            ["".into(), "".into()],
            Seed([0; 32]),
            ClockSetting::default(),
            0,
        )
    }
}

impl HiveGame {
    /// A new game: `seats` in the order they were taken, `secret` drawn at the start (it decides
    /// who plays ash), `clock` per turn, `bot_seed` for the bots' choices.
    pub fn new(
        seats: [Seat; 2],
        names: [String; 2],
        secret: Seed,
        clock: ClockSetting,
        bot_seed: u64,
    ) -> HiveGame {
        HiveGame::seated(seats, names, secret, ash_seat(&secret), clock, bot_seed)
    }

    /// A game whose seed was drawn elsewhere (a server's): its seats in the order they were
    /// taken and the seat the colour rule gave ash there. Its own secret is unused: the
    /// fingerprint, seed and record are the drawer's.
    pub fn drawn_elsewhere(
        seats: [Seat; 2],
        names: [String; 2],
        ash: SeatOrder,
        clock: ClockSetting,
    ) -> HiveGame {
        HiveGame::seated(seats, names, Seed([0; 32]), ash, clock, 0)
    }

    /// A lesson's or a practice position's game: from `start`, the person (the first seat) on
    /// the coach's side, the other side the coach's, untimed and never saved.
    pub fn coached(start: State, coach: crate::learn::Coach<State>) -> HiveGame {
        let ash = if coach.side == Colour::Ash {
            SeatOrder::First
        } else {
            SeatOrder::Second
        };
        let mut g = HiveGame::seated(
            [Seat::Person, Seat::Bot(crate::ai::Level::Normal)],
            ["".into(), "".into()],
            Seed([0; 32]),
            ash,
            ClockSetting::default(),
            0,
        );
        let seats = g.game.seats();
        g.game = Match::new(start, seats, ClockSetting::default(), 0).coached(coach);
        g
    }

    /// The same table set for a game of `game`'s creatures (the base five and the expansion
    /// creatures it names), the game started afresh: seats, seed, clock and bot seed stay.
    pub fn of_type(mut self, game: GameType) -> HiveGame {
        self.game.restage(State::new_game(game));
        self.log.clear();
        self.history.clear();
        self
    }

    /// Whether a lesson or a puzzle rides along this game.
    pub fn is_coached(&self) -> bool {
        self.game.coach().is_some()
    }

    /// The seats (in the order taken) set at their colours, `ash` the seat that opens.
    fn seated(
        seats: [Seat; 2],
        names: [String; 2],
        secret: Seed,
        ash: SeatOrder,
        clock: ClockSetting,
        bot_seed: u64,
    ) -> HiveGame {
        let by_side = match ash {
            SeatOrder::First => seats,
            SeatOrder::Second => [seats[1], seats[0]],
        };
        HiveGame {
            secret,
            seats,
            names,
            ash,
            game: Match::new(State::new(), by_side, clock, bot_seed),
            log: Vec::new(),
            history: Vec::new(),
            ended: None,
        }
    }

    /// The fingerprint shown from the start: SHA-256 of the secret seed.
    pub fn fingerprint(&self) -> String {
        self.secret.fingerprint()
    }

    /// The seed, once the game has ended.
    pub fn revealed(&self) -> Option<Seed> {
        self.ending().is_some().then_some(self.secret)
    }

    /// Which seat plays ash.
    pub fn ash_seat(&self) -> SeatOrder {
        self.ash
    }

    pub fn seats(&self) -> [Seat; 2] {
        self.seats
    }

    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// The colour of the seat taken `order`.
    pub fn colour_of(&self, order: SeatOrder) -> Colour {
        if order == self.ash {
            Colour::Ash
        } else {
            Colour::Walnut
        }
    }

    pub fn game(&self) -> &Match<State> {
        &self.game
    }

    pub fn state(&self) -> &State {
        self.game.state()
    }

    pub fn ending(&self) -> Option<Ending> {
        self.game.ending()
    }

    /// The colour whose action is awaited; `None` once the game is over.
    pub fn awaited(&self) -> Option<Colour> {
        self.game.awaited()
    }

    fn after(&mut self, played: &Played<State>) {
        self.log.push(Logged::Moved);
        self.history.push(Entry {
            action: played.action,
            side: <State as crate::rules::Game>::side_index(played.side),
            timeout: played.timeout,
        });
    }

    /// The one entry point for every seat's moves.
    pub fn submit(&mut self, side: Colour, mv: Move) -> Result<Played<State>, Refused<State>> {
        let played = self.game.submit(side, mv)?;
        self.after(&played);
        Ok(played)
    }

    /// A move in standard notation (what a remote seat sends).
    pub fn submit_text(
        &mut self,
        side: Colour,
        text: &str,
    ) -> Result<Played<State>, Refused<State>> {
        let played = self.game.submit_text(side, text)?;
        self.after(&played);
        Ok(played)
    }

    /// An action accepted elsewhere (a server's): checked by the rules here too, the clock's
    /// move marked as such.
    pub fn heard(
        &mut self,
        side: Colour,
        text: &str,
        timeout: bool,
    ) -> Result<Played<State>, Refused<State>> {
        let played = self.game.submit_heard(side, text, timeout)?;
        self.after(&played);
        Ok(played)
    }

    /// The game was ended elsewhere (by a server): how. A resignation or an agreed draw is
    /// logged like one made here; an end by the rules is the rules' own.
    pub fn end_elsewhere(&mut self, ending: Ending) -> Ending {
        if self.ending().is_none() {
            match ending {
                Ending::Resigned(c) => self.log.push(Logged::Resigned(c)),
                Ending::Agreed => self.log.push(Logged::Agreed),
                Ending::Rules(_) => {}
            }
        }
        self.game.end_elsewhere(ending)
    }

    /// Lets `seconds` pass on the clock of the side to act; its timeout move when it runs out.
    pub fn tick(&mut self, seconds: f64) -> Option<Played<State>> {
        if self.ending().is_some() {
            return None;
        }
        let played = self.game.tick(seconds)?;
        self.after(&played);
        Some(played)
    }

    /// How many of the last moves a takeback by `side` would take back: back to before its own
    /// last move.
    pub fn takeback_size(&self, side: Colour) -> Result<usize, TakeBackError> {
        if self.ending().is_some() {
            return Err(TakeBackError::Over);
        }
        let record = self.game.record();
        if record.last().is_some_and(|e| e.timeout) {
            return Err(TakeBackError::AfterTimeout);
        }
        let index = <State as crate::rules::Game>::side_index(side);
        record
            .iter()
            .rposition(|e: &Entry<Move>| e.side == index)
            .map(|i| record.len() - i)
            .ok_or(TakeBackError::NothingToTakeBack)
    }

    /// Takes back `side`'s last move (and any reply after it).
    pub fn take_back(&mut self, side: Colour) -> Result<usize, TakeBackError> {
        let n = self.takeback_size(side)?;
        self.game.take_back(n).map_err(TakeBackError::Replay)?;
        self.log.push(Logged::TakeBack(n));
        Ok(n)
    }

    /// `side` resigns: the other colour wins.
    pub fn resign(&mut self, side: Colour) -> Result<Ending, Refused<State>> {
        let ending = self.game.resign(side)?;
        self.log.push(Logged::Resigned(side));
        Ok(ending)
    }

    /// Logs an offer, or its answer, by `by` (the offerer for [`OfferEvent::Made`], the
    /// answerer otherwise) with the moves standing now; the record keeps it where it came.
    pub fn note_offer(&mut self, by: Colour, offer: Offer, event: OfferEvent) {
        let at = self.game.record().len() as u64;
        self.log.push(Logged::Offer(Note {
            offer,
            event,
            by,
            at,
        }));
    }

    /// Ends the game as a draw both sides agreed to. Refused once the game is over.
    pub fn agree_draw(&mut self) -> Result<Ending, Refused<State>> {
        let ending = self.game.agree_draw()?;
        self.log.push(Logged::Agreed);
        Ok(ending)
    }

    /// The game record: fingerprint, seed, seats, the course in standard notation (timeout moves
    /// marked, takebacks, offers and a resignation or an agreed draw kept) and the result.
    pub fn record(&self) -> GameRecord {
        let mut entries = Vec::new();
        let mut replay = State::new_game(self.state().game_type());
        let mut actions = self.history.iter();
        for l in &self.log {
            match l {
                Logged::Moved => {
                    if let Some(e) = actions.next() {
                        entries.push(RecordedEntry::Move(RecordedMove {
                            text: replay.move_string(e.action),
                            timeout: e.timeout,
                        }));
                        let _ = replay.play(e.action);
                    }
                }
                Logged::TakeBack(n) => {
                    for _ in 0..*n {
                        let _ = replay.undo();
                    }
                    entries.push(RecordedEntry::TakeBack(*n));
                }
                Logged::Resigned(c) => entries.push(RecordedEntry::Resign(*c)),
                Logged::Offer(n) => entries.push(RecordedEntry::Offer(*n)),
                Logged::Agreed => entries.push(RecordedEntry::Agreed),
            }
        }
        let result = match self.ending() {
            Some(Ending::Resigned(c)) => RecordedResult::Win(c.other()),
            Some(Ending::Agreed) => RecordedResult::Draw,
            _ => RecordedResult::of(self.state()),
        };
        let label = |i: usize| {
            let kind = crate::i18n::english(&self.seats[i].label());
            if self.names[i].is_empty() {
                kind
            } else {
                format!("{} ({kind})", self.names[i])
            }
        };
        GameRecord {
            fingerprint: self.fingerprint(),
            seed: self.secret,
            seats: [label(0), label(1)],
            ash: self.ash,
            game: self.state().game_type(),
            entries,
            result,
        }
    }
}

impl HiveGame {
    /// The same game, its match replayed through the rules from the start (a loaded autosave is
    /// trusted only so); the clock keeps the time it had left.
    pub fn checked(&self) -> Result<HiveGame, ReplayError<State>> {
        let mut saved = self.game.clone();
        if saved.ending.is_none() {
            // A save from before the match kept the ending wrote it here.
            saved.ending = self.ended;
        }
        let mut game = saved.replayed()?;
        game.left = self.game.left;
        let standing = self.game.record().len();
        if self.history.len() < standing {
            return Err(ReplayError {
                index: standing,
                why: Refused::GameOver,
            });
        }
        Ok(HiveGame {
            game,
            ended: None,
            ..self.clone()
        })
    }
}

/// Its timeout rule at a match (`super::Playable`).
impl super::Playable for crate::rules::hive::State {
    /// The engine's choice at a fixed depth, no noise and no clock: a verifier recomputes it.
    fn timeout_action(&self) -> Option<Self::Action> {
        crate::ai::hive::timeout_move(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::play::verify::verify;

    fn game(secret: u8, seats: [Seat; 2]) -> HiveGame {
        HiveGame::new(
            seats,
            ["Ana".into(), String::new()],
            Seed([secret; 32]),
            ClockSetting {
                per_turn: Some(TURN_SECONDS),
                window: None,
            },
            3,
        )
    }

    /// Finds a secret that gives ash to `order`.
    fn secret_for(order: SeatOrder) -> u8 {
        (0..=255u8)
            .find(|b| ash_seat(&Seed([*b; 32])) == order)
            .unwrap()
    }

    #[test]
    fn the_colour_rule_seats_ash_and_the_seed_is_revealed_only_at_the_end() {
        for order in [SeatOrder::First, SeatOrder::Second] {
            let g = game(secret_for(order), [Seat::Person, Seat::Bot(Level::Easy)]);
            assert_eq!(g.ash_seat(), order);
            assert_eq!(g.colour_of(order), Colour::Ash);
            let ash_seat = g.game().seat(Colour::Ash);
            let expected = if order == SeatOrder::First {
                Seat::Person
            } else {
                Seat::Bot(Level::Easy)
            };
            assert_eq!(ash_seat, expected);
            assert!(g.revealed().is_none());
        }
    }

    #[test]
    fn takebacks_timeouts_and_a_resignation_stay_in_a_record_that_verifies() {
        let mut g = game(secret_for(SeatOrder::First), [Seat::Person, Seat::Person]);
        for text in ["wS1", "bS1 wS1-", "wQ -wS1"] {
            let side = g.awaited().unwrap();
            g.submit_text(side, text).unwrap();
        }
        // Walnut takes back its last move: walnut's and ash's reply after it.
        assert_eq!(g.takeback_size(Colour::Walnut), Ok(2));
        assert_eq!(g.take_back(Colour::Walnut), Ok(2));
        assert_eq!(g.awaited(), Some(Colour::Walnut));
        assert_eq!(g.game().record().len(), 1);
        g.submit_text(Colour::Walnut, "bS1 -wS1").unwrap();
        // Ash lets the clock run out: the deterministic move is played and marked.
        let played = g.tick(TURN_SECONDS + 0.5).unwrap();
        assert!(played.timeout);
        assert_eq!(
            g.take_back(Colour::Walnut),
            Err(TakeBackError::AfterTimeout),
            "no takeback right after the clock played"
        );
        g.resign(Colour::Walnut).unwrap();
        assert_eq!(g.ending().and_then(Ending::winner), Some(Colour::Ash));
        assert!(g.revealed().is_some());
        assert!(g.submit_text(Colour::Walnut, "bQ -bS1").is_err());
        let record = g.record();
        let text = record.to_text();
        assert!(
            text.contains("takeback 2\n") && text.contains("resign walnut\n"),
            "{text}"
        );
        assert!(text.contains("move timeout "), "{text}");
        assert!(text.contains("seat first Ana (Person)"), "{text}");
        let back = GameRecord::parse(&text).unwrap();
        assert_eq!(back, record);
        let checks = verify(&back);
        assert!(checks.iter().all(|c| c.passed), "{checks:?}");
        // A record claiming the resigner won fails the result check only.
        let mut wrong = back.clone();
        wrong.result = RecordedResult::Win(Colour::Walnut);
        let failed: Vec<_> = verify(&wrong).into_iter().filter(|c| !c.passed).collect();
        assert_eq!(
            failed.iter().map(|c| c.name).collect::<Vec<_>>(),
            ["result"]
        );
        // A takeback of more moves than were played is caught.
        let mut wrong = back;
        wrong.entries.insert(0, RecordedEntry::TakeBack(3));
        let failed: Vec<_> = verify(&wrong).into_iter().filter(|c| !c.passed).collect();
        assert_eq!(failed[0].name, "moves");
    }

    #[test]
    fn a_table_set_for_the_expansions_plays_their_creatures_and_records_its_type() {
        let mut g =
            game(secret_for(SeatOrder::First), [Seat::Person, Seat::Person]).of_type(GameType::MLP);
        for text in ["wM", "bL wM-", "wP -wM"] {
            let side = g.awaited().unwrap();
            g.submit_text(side, text).unwrap();
        }
        let record = g.record();
        assert_eq!(record.game, GameType::MLP);
        let back = GameRecord::parse(&record.to_text()).unwrap();
        assert_eq!(back, record);
        let checks = verify(&back);
        assert!(checks.iter().all(|c| c.passed), "{checks:?}");
    }

    #[test]
    fn a_game_drawn_elsewhere_takes_the_accepted_moves_and_the_end() {
        // The server's game, whose moves and end come here.
        let mut server = game(secret_for(SeatOrder::Second), [Seat::Person, Seat::Person]);
        for text in ["wS1", "bS1 wS1-", "wQ -wS1"] {
            let side = server.awaited().unwrap();
            server.submit_text(side, text).unwrap();
        }
        let mut g = HiveGame::drawn_elsewhere(
            [Seat::Person, Seat::Remote],
            ["Ana".into(), "Rui".into()],
            SeatOrder::Second,
            ClockSetting {
                per_turn: Some(TURN_SECONDS),
                window: None,
            },
        );
        assert_eq!(g.colour_of(SeatOrder::First), Colour::Walnut);
        assert_eq!(g.game().seat(Colour::Ash), Seat::Remote);
        g.heard(Colour::Ash, "wS1", false).unwrap();
        g.heard(Colour::Walnut, "bS1 wS1-", false).unwrap();
        let played = g.heard(Colour::Ash, "wQ -wS1", true).unwrap();
        assert!(played.timeout && g.game().record()[2].timeout);
        // Out of turn or illegal: refused, nothing changes.
        assert!(g.heard(Colour::Ash, "wG1 -wS1", false).is_err());
        assert!(g.heard(Colour::Walnut, "bQ wS1", false).is_err());
        assert_eq!(g.state(), server.state());
        // Walnut resigned at the server: logged like a resignation here.
        let ending = g.end_elsewhere(Ending::Resigned(Colour::Walnut));
        assert_eq!(ending, Ending::Resigned(Colour::Walnut));
        assert_eq!(g.ending(), Some(ending));
        assert!(g.record().to_text().contains("resign walnut\n"));
        assert!(g.heard(Colour::Walnut, "bQ -bS1", false).is_err());
    }

    #[test]
    fn a_save_from_before_the_host_with_an_online_field_still_reads() {
        let g = game(secret_for(SeatOrder::First), [Seat::Person, Seat::Person]);
        let mut json = serde_json::to_value(&g).unwrap();
        json["online"] = serde_json::json!({
            "fingerprint": "ab".repeat(32),
            "seed": null,
            "record": null,
        });
        let old: HiveGame = serde_json::from_value(json).unwrap();
        assert_eq!(old, g, "the server's part is not the game's");
        assert!(old.checked().is_ok());
    }

    #[test]
    fn the_autosave_reads_back_checked_with_its_clock() {
        let mut g = game(
            secret_for(SeatOrder::Second),
            [Seat::Person, Seat::Bot(Level::Easy)],
        );
        let turn = g.game().bot_turn().expect("the bot plays ash and opens");
        let mv = crate::ai::choose(&turn.state, turn.level, turn.seed).unwrap();
        g.submit(turn.side, mv).unwrap();
        assert!(g.tick(12.5).is_none());
        let json = serde_json::to_string(&g).unwrap();
        let back: HiveGame = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
        let checked = back.checked().unwrap();
        assert_eq!(checked.game().time_left(), Some(TURN_SECONDS - 12.5));
        assert_eq!(checked.state(), g.state());
        // A save whose course was tampered with is not trusted.
        let mut bad = g.clone();
        bad.game.record[0].action = Move::Pass;
        assert!(bad.checked().is_err());
    }

    #[test]
    fn a_resigned_game_saved_before_the_match_kept_its_ending_still_reads_as_resigned() {
        let mut g = game(7, [Seat::Person, Seat::Person]);
        let ash = g.awaited().unwrap();
        let first = g.state().parse_move("wS1").unwrap();
        g.submit(ash, first).unwrap();
        g.resign(Colour::Walnut).unwrap();
        // The old shape: the ending beside the match, not in it.
        let mut json = serde_json::to_value(&g).unwrap();
        json["game"].as_object_mut().unwrap().remove("ending");
        json["ending"] = serde_json::to_value(Ending::Resigned(Colour::Walnut)).unwrap();
        let old: HiveGame = serde_json::from_value(json).unwrap();
        assert_eq!(old.ending(), None, "not trusted before it is checked");
        let checked = old.checked().unwrap();
        assert_eq!(checked.ending(), Some(Ending::Resigned(Colour::Walnut)));
        assert_eq!(checked.game(), g.game());
    }
}
