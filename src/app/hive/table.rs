//! The Ash & Walnut table's own state around the match layer's [`HiveGame`]: the lobby's
//! choice, the seating, what the person to act has lifted and where it may go, the keyboard
//! focus, the last move's marks, the position being looked at in the history, and the animation
//! time. Intents go through [`Table::handle`], which asks the game (and through it the rules)
//! and either changes the table or returns a [`Refusal`] and changes nothing. Time enters as a
//! parameter ([`Table::tick`]): the clock, the seating and the animations run instantly in tests.

use crate::ai::Level;
use crate::app::kit::history::{self, Step};
use crate::app::kit::host::{Host, Hosted, NotNow};
use crate::app::kit::pause_then;
use crate::fair::{SeatOrder, Seed};
use crate::i18n::{Explain, Message, msg};
use crate::play::hive::{Ending, HiveGame, TURN_SECONDS, TakeBackError};
use crate::play::{ClockSetting, Played, Refused, Seat};
use crate::rules::hive::words::{move_destinations, move_path, placement_destinations};
use crate::rules::hive::{Colour, Creature, GameType, Hex, Move, Piece, RuleError, State};

/// How long the table's animations take, in seconds, and the clock. Data, so tests run them
/// instantly.
#[derive(bevy::prelude::Resource, Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// The seating after the seed is drawn: the fingerprint, then who plays ash.
    pub seating: f32,
    /// A piece travelling: the first cell, then each further one.
    pub move_first: f32,
    pub move_each: f32,
    /// The least time the bot is seen thinking.
    pub think: f32,
    /// Seconds per turn.
    pub turn: f64,
    /// The clock turns to a warning in the last seconds.
    pub warning: f64,
}

impl Timing {
    pub const PLAY: Timing = Timing {
        seating: 2.4,
        move_first: 0.45,
        move_each: 0.14,
        think: 0.6,
        turn: TURN_SECONDS,
        warning: 10.0,
    };
    /// Reduced motion: a piece fades out of its cell and into the one it goes to, in a quarter
    /// second (`anim::PathTween::fading`; the last move's marks say where it went); the seating
    /// keeps its time to be read.
    pub const REDUCED: Timing = Timing {
        move_first: 0.24,
        move_each: 0.0,
        ..Timing::PLAY
    };
    pub const INSTANT: Timing = Timing {
        seating: 0.0,
        move_first: 0.0,
        move_each: 0.0,
        think: 0.0,
        turn: TURN_SECONDS,
        warning: 10.0,
    };

    /// The time a move along `cells` cells takes.
    pub fn travel(&self, cells: usize) -> f32 {
        self.move_first + self.move_each * cells.saturating_sub(1) as f32
    }
}

impl Default for Timing {
    fn default() -> Timing {
        Timing::PLAY
    }
}

/// Where the table stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phase {
    /// Choosing the opponent.
    Lobby,
    /// Online: at the server's table, waiting for the second seat (the code on show).
    Waiting,
    /// The seed is drawn and shown; the colour rule seats the players.
    Seating {
        left: f32,
    },
    Play,
    /// The game has ended: the banner, the seed revealed.
    Over,
}

/// What the person to act has lifted.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Pick {
    #[default]
    Idle,
    /// A creature from the reserve: rings on every cell it may be placed on.
    Reserve { piece: Piece, rings: Vec<Hex> },
    /// A piece on the table: rings on every cell it may go to.
    Table {
        piece: Piece,
        from: Hex,
        rings: Vec<Hex>,
    },
}

impl Pick {
    pub fn rings(&self) -> &[Hex] {
        match self {
            Pick::Idle => &[],
            Pick::Reserve { rings, .. } | Pick::Table { rings, .. } => rings,
        }
    }

    pub fn piece(&self) -> Option<Piece> {
        match self {
            Pick::Idle => None,
            Pick::Reserve { piece, .. } | Pick::Table { piece, .. } => Some(*piece),
        }
    }
}

/// What the keyboard's focus rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    Reserve(Creature),
    Piece(Hex),
    Ring(Hex),
}

/// What a person (or a test) asks of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Choose who sits across (in the lobby).
    Choose(Seat),
    /// Choose whether a game here has the turn clock (in the lobby).
    Timed(bool),
    /// Choose the game type, the expansion creatures in the reserves (in the lobby).
    GameType(GameType),
    /// Start a game with the lobby's opponent: the seed is drawn and the seats taken.
    Start,
    /// Continue the saved game.
    Continue,
    /// Lift the next piece of this creature from the side to act's reserve.
    LiftReserve(Creature),
    /// Lift the piece on top of this cell.
    LiftAt(Hex),
    /// Set the lifted piece down on this cell.
    Target(Hex),
    /// Put the lifted piece back.
    PutBack,
    /// Play a move chosen from "All my moves".
    Play(Move),
    /// Look at the position one action earlier / later, or go back to the game.
    View(Step),
    /// Take back the person's last move (against the bot).
    TakeBack,
    /// The side to act (or the person, against the bot) resigns.
    Resign,
    /// Back to the lobby for a new game.
    NewGame,
    /// Online: offer a draw, ask to take back, answer the other's offer, or ask for a rematch.
    Ask(crate::app::kit::online::Ask),
}

/// Why an intent changed nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// Not now: another phase, an animation playing, or the bot's turn.
    NotNow,
    /// Looking at an earlier position: go back to the game first.
    Viewing,
    /// The cell's top piece belongs to the other player.
    NotYours(Piece),
    /// No piece of the side to act there (an empty cell).
    Empty(Hex),
    /// That creature's reserve is empty.
    NoneLeft(Creature),
    /// Nothing is lifted.
    NothingLifted,
    /// The lifted piece cannot go there (why, by the rules).
    Rule(RuleError),
    /// No takeback now (why).
    TakeBack(TakeBackError),
    /// Nothing saved to continue.
    NothingSaved,
    /// Online: the link to the server is down; the move waits until it is back.
    Offline,
    /// Online: the last move sent is on its way to the server.
    Sent,
    /// Online: too late for a move to reach the server before its clock runs out.
    Late,
    /// A lesson or practice position put a legal move back (the words why).
    Coached(Message),
    /// A replay is on: nobody plays at it; leave it first.
    Replaying,
}

impl Explain for Refusal {
    fn explain(&self) -> Message {
        match self {
            Refusal::NotNow => msg("hive.refused.not_now"),
            Refusal::Viewing => msg("hive.refused.viewing"),
            Refusal::Replaying => msg("replay.refused"),
            Refusal::NotYours(p) => {
                msg("hive.error.not_your_piece").with_words("piece", p.explain())
            }
            Refusal::Empty(_) => msg("hive.refused.empty"),
            Refusal::NoneLeft(c) => {
                msg("hive.refused.none_left").with_words("creature", c.explain())
            }
            Refusal::NothingLifted => msg("hive.refused.nothing_lifted"),
            Refusal::Rule(e) => e.explain(),
            Refusal::TakeBack(e) => e.explain(),
            Refusal::NothingSaved => msg("hive.refused.nothing_saved"),
            Refusal::Offline => msg("online.refused.offline"),
            Refusal::Sent => msg("online.refused.sent"),
            Refusal::Late => msg("online.refused.late"),
            Refusal::Coached(why) => why.clone(),
        }
    }
}

impl From<Refused<State>> for Refusal {
    fn from(r: Refused<State>) -> Refusal {
        match r {
            Refused::Rule(e) => Refusal::Rule(e),
            Refused::Coached(why) => Refusal::Coached(why),
            Refused::NotYourTurn { .. } | Refused::GameOver | Refused::Malformed(_) => {
                Refusal::NotNow
            }
        }
    }
}

/// A move as the animation needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animated {
    pub mv: Move,
    pub by: Colour,
    /// The cells the piece passes with their heights (see `words::move_path`).
    pub path: Vec<(Hex, usize)>,
    /// Played by the clock.
    pub timeout: bool,
}

/// What the Bevy side must do after an intent or a tick.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// A new game began: the seed is drawn, the seating is on show.
    Started,
    Played(Animated),
    /// The side to act could do nothing: the table passed for it.
    Passed(Colour),
    /// The game ended.
    Ended(Ending),
    /// The clock ran into its last seconds.
    Warning,
    /// Moves were taken back.
    TookBack(usize),
    /// The lifted piece or the focus changed.
    Picked,
    /// The saved game should be written (or, with `None`, cleared).
    Save,
    /// Online: something to tell the player about the table (a seat taken, the other player
    /// away or back, a refusal from the server, the session lost).
    Online(Message),
    /// Online: the seat to keep on the device changed ([`Table::seat_to_keep`]; none once the
    /// game is over, the session lost or the table left).
    KeepSeat,
}

/// The whole table.
#[derive(bevy::prelude::Resource, Clone, Debug)]
pub struct Table {
    pub phase: Phase,
    /// Who sits across: a bot at a level, or a second person here.
    pub opponent: Seat,
    /// Whether a game started here has the turn clock (60 s a turn); untimed when not.
    pub timed: bool,
    /// The lobby's game type: the expansion creatures a game started here (or a table opened
    /// online) has in its reserves. Kept in the settings.
    pub game_type: GameType,
    /// The game type of the online table this table is at, as its server said (for the game
    /// its `started` begins).
    pub served_type: GameType,
    /// The game, with what its host told of it (online: the server's fingerprint, seed and
    /// record).
    pub game: Option<Hosted<HiveGame>>,
    /// A saved game the lobby offers to continue.
    pub saved: Option<HiveGame>,
    pub pick: Pick,
    pub focus: Option<Focus>,
    /// The last move: where it came from (none for a placement) and where it went.
    pub last: Option<(Option<Hex>, Hex, Piece)>,
    /// Seconds of animation still playing; nobody acts until it is over.
    pub busy: f32,
    /// The position after this many moves is on show instead of the game's.
    pub viewing: Option<usize>,
    /// Whether the warning of the running clock has sounded this turn.
    warned: bool,
    /// The table's host: `None` here (the match on this device decides), the server's table
    /// online ([`Host`]).
    pub host: Option<crate::app::kit::online::OnlineTable>,
    /// A seat at an online table kept from an earlier run, which the lobby offers to return to.
    pub saved_seat: Option<crate::app::kit::online::SavedSeat>,
    /// A replay on at the table (its game is the record's, stepped through the history).
    pub replay: Option<crate::app::replay::Replaying>,
    /// In a replay, the engine's better move lit while the position after this many moves
    /// is on show.
    pub suggested: Option<(usize, Move)>,
    /// The analysis board is on: the game at the table is played on freely by both sides from
    /// a replay's position, nothing saved or kept.
    pub analysing: Option<Analysing>,
    /// The lobby's opponent before a replay sat both seats here, given back when it ends.
    lobby_opponent: Option<Seat>,
}

/// The analysis board at the table ([`Table::analyse_here`]).
#[derive(Clone, Debug)]
pub struct Analysing {
    /// The replay the board was opened from and the position it showed: Back returns there.
    pub back: (crate::app::replay::Replaying, usize),
}

impl Default for Table {
    fn default() -> Table {
        Table {
            phase: Phase::Lobby,
            opponent: Seat::Bot(Level::Normal),
            timed: true,
            game_type: GameType::BASE,
            served_type: GameType::BASE,
            game: None,
            saved: None,
            pick: Pick::Idle,
            focus: None,
            last: None,
            busy: 0.0,
            viewing: None,
            warned: false,
            host: None,
            saved_seat: None,
            replay: None,
            suggested: None,
            analysing: None,
            lobby_opponent: None,
        }
    }
}

impl Table {
    /// The state of the game under way (or just ended).
    pub fn state(&self) -> Option<&State> {
        self.game.as_ref().map(|g| g.state())
    }

    /// The position on show: the game's, or an earlier one while viewing the history (read
    /// from the match's course, never replayed).
    pub fn shown(&self) -> &State {
        static EMPTY: std::sync::LazyLock<State> = std::sync::LazyLock::new(State::new);
        let Some(game) = &self.game else {
            return &EMPTY;
        };
        self.viewing
            .and_then(|n| game.game().after(n))
            .unwrap_or(game.state())
    }

    /// The colour a person plays: against the bot, the person's; at a hot seat, the side to act.
    pub fn person_colour(&self) -> Option<Colour> {
        let game = self.game.as_ref()?;
        if let Some(seat) = self.host.seat() {
            return Some(game.colour_of(seat));
        }
        match self.opponent {
            Seat::Person => game.awaited().or(Some(game.state().to_move())),
            _ => Some(game.colour_of(SeatOrder::First)),
        }
    }

    /// The colour whose pieces sit on the near side of the table.
    pub fn near(&self) -> Colour {
        if let Some(c) = self.person_colour().filter(|_| !self.host.is_here()) {
            return c;
        }
        match (self.opponent, &self.game) {
            (Seat::Person, _) | (_, None) => Colour::Ash,
            (_, Some(g)) => g.colour_of(SeatOrder::First),
        }
    }

    pub fn hot_seat(&self) -> bool {
        self.opponent == Seat::Person
    }

    /// Whether the table shows something that must finish before anyone acts.
    pub fn animating(&self) -> bool {
        self.busy > 0.0 || matches!(self.phase, Phase::Seating { .. })
    }

    /// Whether a person on this device may act on the pieces now.
    pub fn person_to_act(&self) -> bool {
        self.phase == Phase::Play
            && !self.animating()
            && self.viewing.is_none()
            && self.host.in_time()
            && self.game.as_ref().is_some_and(|g| {
                g.awaited()
                    .is_some_and(|c| g.game().seat(c) == Seat::Person)
            })
    }

    /// The seconds left on the clock of the side to act, as the host tells them: online, the
    /// server's clock (its deadline against this device's clock, see
    /// [`OnlineTable::countdown`]), shown while the game is on; here, the match's.
    ///
    /// [`OnlineTable::countdown`]: crate::app::kit::online::OnlineTable::countdown
    pub fn time_left(&self) -> Option<f64> {
        let here = self.game.as_ref().and_then(|g| g.game().time_left());
        self.host
            .time_left(here, self.phase == Phase::Play || self.seating())
    }

    /// The clock's time left while it runs: a game in play awaiting a move.
    pub fn running_clock(&self) -> Option<f64> {
        let awaited = self.game.as_ref().is_some_and(|g| g.awaited().is_some());
        self.time_left()
            .filter(|_| awaited && self.phase == Phase::Play)
    }

    fn seating(&self) -> bool {
        matches!(self.phase, Phase::Seating { .. })
    }

    /// Starts a game: the seats in the order they were taken (the person first), the secret
    /// seed `secret` deciding who plays ash.
    fn start(&mut self, secret: Seed, bot_seed: u64, timing: &Timing) -> Vec<Effect> {
        let names = [String::new(), String::new()];
        let game = HiveGame::new(
            [Seat::Person, self.opponent],
            names,
            secret,
            ClockSetting {
                per_turn: self.timed.then_some(timing.turn),
                window: None,
            },
            bot_seed,
        )
        .of_type(self.game_type);
        self.game = Some(Hosted::here(game));
        self.saved = None;
        self.clear_marks();
        self.warned = false;
        self.phase = pause_then(timing.seating, |left| Phase::Seating { left }, Phase::Play);
        vec![Effect::Started, Effect::Save]
    }

    pub(super) fn clear_marks(&mut self) {
        self.pick = Pick::Idle;
        self.focus = None;
        self.last = None;
        self.viewing = None;
    }

    /// Resumes a saved game (checked by the caller).
    pub fn resume(&mut self, game: HiveGame) {
        self.opponent = game.seats()[1];
        self.clear_marks();
        self.last = last_move(game.state());
        self.phase = if game.ending().is_some() {
            Phase::Over
        } else {
            Phase::Play
        };
        self.game = Some(Hosted::here(game));
        self.saved = None;
        self.warned = false;
    }

    /// Sets up a lesson or a practice position: `start` with its coach, the person on the
    /// coach's side. A game in progress here is kept for Continue; refused while an online
    /// table is open.
    pub fn learn(
        &mut self,
        start: State,
        coach: crate::learn::Coach<State>,
    ) -> Result<Vec<Effect>, Refusal> {
        if self.host.is_some() {
            return Err(Refusal::NotNow);
        }
        if let Some(g) = self.game.take()
            && g.ending().is_none()
            && !g.is_coached()
            && g.state().ply() > 0
        {
            self.saved = Some(g.played_here().clone());
        }
        let saved = self.saved.take();
        self.resume(HiveGame::coached(start, coach));
        self.saved = saved;
        self.pick = Pick::Idle;
        self.focus = None;
        self.busy = 0.0;
        self.viewing = None;
        Ok(vec![Effect::Picked])
    }

    /// The lesson or position on ends: the table is back in its lobby, where the game kept
    /// when it began is offered to continue.
    pub fn leave_lesson(&mut self) {
        if self.game.as_ref().is_some_and(|g| g.is_coached()) {
            self.game = None;
            self.phase = Phase::Lobby;
            self.pick = Pick::Idle;
            self.focus = None;
            self.busy = 0.0;
            self.viewing = None;
            self.clear_marks();
        }
    }

    /// Opens a replay of `line` (replayed through the rules already): its game at the table,
    /// both seats here, looked at from its first position; a game in progress is kept for
    /// Continue. Refused while an online table is open.
    pub fn open_replay(
        &mut self,
        line: &crate::review::replay::Line<State>,
        replaying: crate::app::replay::Replaying,
    ) -> Result<Vec<Effect>, Refusal> {
        if self.host.is_some() {
            return Err(Refusal::NotNow);
        }
        let game = line_game(line, line.len(), &replaying.names)?;
        if let Some(g) = self.game.take()
            && self.replay.is_none()
            && g.ending().is_none()
            && !g.is_coached()
            && g.state().ply() > 0
        {
            self.saved = Some(g.played_here().clone());
        }
        let saved = self.saved.take();
        self.lobby_opponent.get_or_insert(self.opponent);
        self.resume(game);
        self.saved = saved;
        self.phase = Phase::Over;
        self.busy = 0.0;
        self.viewing = (!line.actions.is_empty()).then_some(0);
        // The first position on show has no last move (not the game's final one).
        if self.viewing.is_some() {
            self.last = None;
        }
        self.replay = Some(replaying);
        self.suggested = None;
        Ok(vec![Effect::Picked])
    }

    /// A step through a replay: one move on travels its path as in play, every other step
    /// glides the pieces to its position.
    fn replay_step(&mut self, step: Step, timing: &Timing) -> Vec<Effect> {
        let Some(game) = self.game.as_ref() else {
            return Vec::new();
        };
        let m = game.game();
        let plies = m.record().len();
        let from = self.viewing.unwrap_or(plies).min(plies);
        let to = history::step(Some(from), step, plies).unwrap_or(plies);
        let before = m.after(from).cloned();
        let entry = m.record().get(from).cloned();
        self.viewing = (to < plies).then_some(to);
        self.pick = Pick::Idle;
        self.busy = 0.0;
        let (Some(before), Some(e)) = (before, entry) else {
            return vec![Effect::Picked];
        };
        if to != from + 1 {
            self.last = self.viewing.and_then(|n| m.after(n)).and_then(last_move);
            return vec![Effect::Picked];
        }
        let path = move_path(before.board(), e.action);
        self.busy = timing.travel(path.len());
        self.last = match e.action {
            Move::Place { piece, to } => Some((None, to, piece)),
            Move::Shift { piece, from, to } => Some((Some(from), to, piece)),
            Move::Pass => None,
        };
        vec![Effect::Played(Animated {
            mv: e.action,
            by: before.to_move(),
            path,
            timeout: false,
        })]
    }

    /// Opens the analysis board at the replay's position on show: its game up to there at the
    /// table, both sides played here, untimed; the replay is kept to come back to.
    pub fn analyse_here(&mut self) -> Result<Vec<Effect>, Refusal> {
        let (at, _) = crate::app::replay::Replays::replay_at(self);
        self.analyse_at(at)
    }

    /// Opens the analysis board at the replay's position after `at` actions (its end when
    /// there are fewer).
    pub fn analyse_at(&mut self, at: usize) -> Result<Vec<Effect>, Refusal> {
        let Some(replaying) = self.replay.clone() else {
            return Err(Refusal::NotNow);
        };
        let crate::review::Replay::Hive(line) = &*replaying.replay else {
            return Err(Refusal::NotNow);
        };
        let at = at.min(line.len());
        let game = line_game(line, at, &replaying.names)?;
        let saved = self.saved.take();
        self.replay = None;
        self.suggested = None;
        self.resume(game);
        self.saved = saved;
        self.busy = 0.0;
        self.viewing = None;
        self.analysing = Some(Analysing {
            back: (replaying, at),
        });
        Ok(vec![Effect::Picked])
    }

    /// The analysis board ends: back to the replay it was opened from, at the position it
    /// showed.
    pub fn leave_analysis(&mut self) -> Vec<Effect> {
        let Some(a) = self.analysing.take() else {
            return Vec::new();
        };
        let (replaying, at) = a.back;
        let read = replaying.replay.clone();
        let crate::review::Replay::Hive(line) = &*read else {
            return Vec::new();
        };
        match self.open_replay(line, replaying) {
            Ok(effects) => {
                let plies = line.len();
                self.viewing = (at < plies).then_some(at);
                if let Some(m) = self.game.as_ref().map(|g| g.game()) {
                    self.last = m.after(at).and_then(last_move);
                }
                effects
            }
            Err(_) => {
                if let Some(lobby) = self.lobby_opponent.take() {
                    self.opponent = lobby;
                }
                self.game = None;
                self.phase = Phase::Lobby;
                self.clear_marks();
                vec![Effect::Picked]
            }
        }
    }

    /// The replay on ends: the table is back in its lobby.
    pub fn leave_replay(&mut self) {
        self.suggested = None;
        if let Some(lobby) = self.lobby_opponent.take() {
            self.opponent = lobby;
        }
        if self.analysing.take().is_some() {
            self.game = None;
            self.phase = Phase::Lobby;
            self.busy = 0.0;
            self.viewing = None;
            self.clear_marks();
        }
        if self.replay.take().is_some() {
            self.game = None;
            self.phase = Phase::Lobby;
            self.busy = 0.0;
            self.clear_marks();
        }
    }

    /// Lets `dt` seconds pass: the seating, the animations, and (when nothing animates and the
    /// game is on) the clock of the side to act, whose timeout move it may play.
    pub fn tick(&mut self, dt: f32, timing: &Timing) -> Vec<Effect> {
        let mut effects = Vec::new();
        self.busy = (self.busy - dt).max(0.0);
        self.host.tick(dt);
        if let Phase::Seating { left } = &mut self.phase {
            *left -= dt;
            if *left <= 0.0 {
                self.phase = Phase::Play;
            }
            return effects;
        }
        if self.phase != Phase::Play || self.busy > 0.0 {
            return effects;
        }
        if self.host.keeps_clock() {
            // The server keeps the clock and plays the timeout move; the link sets what is
            // shown of it.
            effects.extend(self.online_pass_if_stuck());
        } else {
            effects.extend(self.pass_if_stuck(timing));
            let Some(game) = self.game.as_mut() else {
                return effects;
            };
            if let Some(played) = game.tick(f64::from(dt)) {
                effects.extend(self.after_move(played, timing));
                return effects;
            }
        }
        if !self.warned && self.time_left().is_some_and(|t| t <= timing.warning) {
            self.warned = true;
            effects.push(Effect::Warning);
        }
        effects
    }

    /// When the side to act can do nothing, the table passes for it.
    fn pass_if_stuck(&mut self, timing: &Timing) -> Vec<Effect> {
        let Some(game) = self.game.as_mut() else {
            return Vec::new();
        };
        let Some(side) = game.awaited() else {
            return Vec::new();
        };
        if game.state().legal_moves() != [Move::Pass] {
            return Vec::new();
        }
        match game.submit(side, Move::Pass) {
            Ok(played) => {
                let mut effects = vec![Effect::Passed(side)];
                effects.extend(self.after_move(played, timing));
                effects
            }
            Err(_) => Vec::new(),
        }
    }

    pub(super) fn after_move(&mut self, played: Played<State>, timing: &Timing) -> Vec<Effect> {
        let path = move_path(played.before.board(), played.action);
        self.busy = timing.travel(path.len());
        self.pick = Pick::Idle;
        self.focus = None;
        self.viewing = None;
        self.warned = false;
        self.last = match played.action {
            Move::Place { piece, to } => Some((None, to, piece)),
            Move::Shift { piece, from, to } => Some((Some(from), to, piece)),
            Move::Pass => self.last,
        };
        let mut effects = vec![
            Effect::Played(Animated {
                mv: played.action,
                by: played.side,
                path,
                timeout: played.timeout,
            }),
            Effect::Save,
        ];
        if let Some(ending) = self.game.as_ref().and_then(|g| g.ending()) {
            self.phase = Phase::Over;
            effects.push(Effect::Ended(ending));
        }
        effects
    }

    /// Handles one intent. `secret` is the seed a new game would draw; `bot_seed` seeds its bot.
    pub fn handle(
        &mut self,
        intent: Intent,
        secret: Seed,
        bot_seed: u64,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        // A replay is looked through, never played.
        if self.replay.is_some() && !matches!(intent, Intent::View(_)) {
            return Err(Refusal::Replaying);
        }
        // The analysis board plays moves and looks back; it has no lobby, clock or resigning.
        if self.analysing.is_some()
            && !matches!(
                intent,
                Intent::LiftReserve(_)
                    | Intent::LiftAt(_)
                    | Intent::Target(_)
                    | Intent::PutBack
                    | Intent::Play(_)
                    | Intent::View(_)
            )
        {
            return Err(Refusal::NotNow);
        }
        // A spectator's table follows the game and looks back through it; nothing else.
        let watching = self.host.as_ref().is_some_and(|o| o.spectating());
        if watching && !matches!(intent, Intent::NewGame | Intent::View(_)) {
            return Err(Refusal::NotNow);
        }
        if watching && intent == Intent::NewGame {
            // Leaves the table whenever the spectator likes: back to the lobby.
            self.phase = Phase::Lobby;
            self.game = None;
            self.host = None;
            self.opponent = Seat::Bot(Level::Normal);
            self.clear_marks();
            return Ok(vec![Effect::Picked]);
        }
        match intent {
            Intent::Choose(seat) => match (self.phase, seat) {
                (Phase::Lobby, Seat::Person | Seat::Bot(_)) => {
                    self.opponent = seat;
                    Ok(vec![Effect::Picked])
                }
                _ => Err(Refusal::NotNow),
            },
            Intent::Timed(timed) => match self.phase {
                Phase::Lobby => {
                    self.timed = timed;
                    Ok(vec![Effect::Picked])
                }
                _ => Err(Refusal::NotNow),
            },
            Intent::GameType(game_type) => match self.phase {
                Phase::Lobby => {
                    self.game_type = game_type;
                    Ok(vec![Effect::Picked])
                }
                _ => Err(Refusal::NotNow),
            },
            Intent::Start => match self.phase {
                Phase::Lobby => Ok(self.start(secret, bot_seed, timing)),
                _ => Err(Refusal::NotNow),
            },
            Intent::Continue => {
                if self.phase != Phase::Lobby {
                    return Err(Refusal::NotNow);
                }
                let game = self.saved.take().ok_or(Refusal::NothingSaved)?;
                self.resume(game);
                Ok(vec![Effect::Picked])
            }
            Intent::NewGame => match self.phase {
                Phase::Over | Phase::Lobby | Phase::Waiting => {
                    self.phase = Phase::Lobby;
                    self.game = None;
                    if self.host.take().is_some() {
                        // Back from the online table: the lobby's own opponent again.
                        self.opponent = Seat::Bot(Level::Normal);
                        self.clear_marks();
                        return Ok(vec![Effect::Picked, Effect::KeepSeat]);
                    }
                    self.clear_marks();
                    Ok(vec![Effect::Save])
                }
                _ => Err(Refusal::NotNow),
            },
            Intent::View(step) if self.replay.is_some() => Ok(self.replay_step(step, timing)),
            Intent::View(step) => self.view(step),
            Intent::Ask(ask) => {
                if !self.host.ask(ask) {
                    return Err(Refusal::NotNow);
                }
                Ok(vec![Effect::Picked])
            }
            Intent::Resign => {
                if self.phase != Phase::Play || self.animating() {
                    return Err(Refusal::NotNow);
                }
                let side = self.person_colour().ok_or(Refusal::NotNow)?;
                if self.host.resign() {
                    // Sent: the host's end comes back to every seat.
                    return Ok(vec![Effect::Picked]);
                }
                let game = self.game.as_mut().ok_or(Refusal::NotNow)?;
                let ending = game.resign(side)?;
                self.phase = Phase::Over;
                self.pick = Pick::Idle;
                self.viewing = None;
                Ok(vec![Effect::Ended(ending), Effect::Save])
            }
            Intent::TakeBack => {
                if self.phase != Phase::Play || self.animating() || self.hot_seat() {
                    return Err(Refusal::NotNow);
                }
                let side = self.person_colour().ok_or(Refusal::NotNow)?;
                let game = self.game.as_mut().ok_or(Refusal::NotNow)?;
                // At a server's table nobody takes a move back (`Hosted::take_back`).
                let n = game.take_back(side).map_err(Refusal::TakeBack)?;
                let last = last_move(game.state());
                self.clear_marks();
                self.last = last;
                self.warned = false;
                Ok(vec![Effect::TookBack(n), Effect::Save])
            }
            Intent::LiftReserve(creature) => {
                self.ready()?;
                let state = self.state().ok_or(Refusal::NotNow)?;
                let side = state.to_move();
                let piece = state
                    .board()
                    .next_in_reserve(side, creature)
                    .ok_or(Refusal::NoneLeft(creature))?;
                let rings = placement_destinations(state, creature);
                self.pick = Pick::Reserve { piece, rings };
                self.focus = Some(Focus::Reserve(creature));
                Ok(vec![Effect::Picked])
            }
            Intent::LiftAt(at) => {
                self.ready()?;
                let state = self.state().ok_or(Refusal::NotNow)?;
                let piece = state.board().top(at).ok_or(Refusal::Empty(at))?;
                let rings = move_destinations(state, piece);
                // The other player's piece is lifted only to be carried over a Hedgehog (or
                // a Jay beside one) of the player to act: its rings are where it may land.
                if piece.colour() != state.to_move() && rings.is_empty() {
                    return Err(Refusal::NotYours(piece));
                }
                self.pick = Pick::Table {
                    piece,
                    from: at,
                    rings,
                };
                self.focus = Some(Focus::Piece(at));
                Ok(vec![Effect::Picked])
            }
            Intent::PutBack => {
                if self.pick == Pick::Idle {
                    return Err(Refusal::NothingLifted);
                }
                self.focus = match self.pick {
                    Pick::Reserve { piece, .. } => Some(Focus::Reserve(piece.creature())),
                    Pick::Table { from, .. } => Some(Focus::Piece(from)),
                    Pick::Idle => None,
                };
                self.pick = Pick::Idle;
                Ok(vec![Effect::Picked])
            }
            Intent::Target(to) => {
                self.ready()?;
                let mv = match &self.pick {
                    Pick::Idle => return Err(Refusal::NothingLifted),
                    Pick::Reserve { piece, .. } => Move::Place { piece: *piece, to },
                    Pick::Table { piece, from, .. } => Move::Shift {
                        piece: *piece,
                        from: *from,
                        to,
                    },
                };
                self.play(mv, timing)
            }
            Intent::Play(mv) => {
                self.ready()?;
                self.play(mv, timing)
            }
        }
    }

    fn ready(&self) -> Result<(), Refusal> {
        if self.viewing.is_some() {
            return Err(Refusal::Viewing);
        }
        self.host.ready().map_err(|n| match n {
            NotNow::Sent => Refusal::Sent,
            NotNow::Offline => Refusal::Offline,
            NotNow::Late => Refusal::Late,
        })?;
        if self.person_to_act() {
            Ok(())
        } else {
            Err(Refusal::NotNow)
        }
    }

    fn view(&mut self, step: Step) -> Result<Vec<Effect>, Refusal> {
        let plies = self.game.as_ref().map_or(0, |g| g.game().record().len());
        if plies == 0 || !matches!(self.phase, Phase::Play | Phase::Over) {
            return Err(Refusal::NotNow);
        }
        self.viewing = history::step(self.viewing, step, plies);
        self.pick = Pick::Idle;
        Ok(vec![Effect::Picked])
    }

    /// Plays `mv` for the side to act (a person's choice, or the bot's answer).
    pub fn play(&mut self, mv: Move, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        if !self.host.is_here() {
            return self.send_move(mv);
        }
        let game = self.game.as_mut().ok_or(Refusal::NotNow)?;
        let side = game.awaited().ok_or(Refusal::NotNow)?;
        let played = game.submit(side, mv)?;
        Ok(self.after_move(played, timing))
    }

    /// Where the keyboard's focus may go now: the reserve's creatures that may be placed and
    /// the pieces that may move (nothing lifted), or the rings of the lifted piece.
    pub fn focus_ring(&self) -> Vec<Focus> {
        let Some(state) = self.state() else {
            return Vec::new();
        };
        match &self.pick {
            Pick::Idle => {
                let side = state.to_move();
                let mut v: Vec<Focus> = Creature::ALL
                    .into_iter()
                    .filter(|c| !placement_destinations(state, *c).is_empty())
                    .map(Focus::Reserve)
                    .collect();
                // Your pieces that may move, then the other player's that your Hedgehog may
                // carry.
                let mut tops: Vec<(Piece, Hex)> = state
                    .board()
                    .tops()
                    .filter(|(p, _)| !move_destinations(state, *p).is_empty())
                    .collect();
                tops.sort_by_key(|(p, _)| (p.colour() != side, p.index()));
                v.extend(tops.into_iter().map(|(_, h)| Focus::Piece(h)));
                v
            }
            Pick::Reserve { rings, .. } | Pick::Table { rings, .. } => {
                rings.iter().map(|h| Focus::Ring(*h)).collect()
            }
        }
    }

    /// Moves the keyboard focus `step` places along `ring` (wrapping).
    pub fn move_focus(&mut self, ring: &[Focus], step: i32) {
        self.focus = crate::app::kit::step_focus(self.focus, ring, step);
    }

    /// Tab: the focus moves `step` places among the reserve's stacks and your pieces (the ring
    /// with nothing lifted), from the lifted piece if there is one; where it lands (to lift).
    pub fn tab_focus(&mut self, step: i32) -> Option<Focus> {
        let lifted = std::mem::take(&mut self.pick);
        let ring = self.focus_ring();
        self.focus = match &lifted {
            Pick::Reserve { piece, .. } => Some(Focus::Reserve(piece.creature())),
            Pick::Table { from, .. } => Some(Focus::Piece(*from)),
            Pick::Idle => self.focus,
        };
        self.pick = lifted;
        self.move_focus(&ring, step);
        self.focus
    }

    /// The move list: "1. wS1  bS1 wS1-" per turn, a timeout move marked with ⏱.
    pub fn move_list(&self) -> Vec<String> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        let mut replay = game.game().start().clone();
        let mut words = Vec::new();
        for e in game.game().record() {
            let mut text = replay.move_string(e.action);
            if e.timeout {
                text.push_str(" ⏱");
            }
            let _ = replay.play(e.action);
            words.push(text);
        }
        words
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| format!("{}. {}", i + 1, pair.join("   ")))
            .collect()
    }
}

/// One move of the game as the move list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveLine {
    /// The move's number in the game (1 for the first).
    pub n: usize,
    pub by: Colour,
    /// The move in words ("Owl 1 onto the walnut Hare"), as the position before it saw it.
    pub words: Message,
    /// The same move in Hive notation (the record's).
    pub notation: String,
    /// Played by the clock.
    pub timeout: bool,
}

impl Table {
    /// The moves so far, in words and in notation, one a line.
    /// A move just played, announced in words from the position before it
    /// (`access::hive::announce`): the latest of the last few moves of the game that is `mv`
    /// (the bot may have answered in the same frame, before the announcement is made).
    pub fn announcement(&self, mv: Move) -> Option<crate::i18n::Message> {
        let game = self.game.as_ref()?.game();
        let record = game.record();
        let at = (record.len().saturating_sub(3)..record.len())
            .rev()
            .find(|&i| record[i].action == mv)?;
        Some(crate::access::hive::announce(game.after(at)?, mv))
    }

    pub fn move_lines(&self) -> Vec<MoveLine> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        // From the game's own start: a game with the expansions has their creatures in reserve.
        let mut replay = game.game().start().clone();
        let mut lines = Vec::new();
        for (i, e) in game.game().record().iter().enumerate() {
            lines.push(MoveLine {
                n: i + 1,
                by: replay.to_move(),
                words: crate::rules::hive::words::describe(replay.board(), e.action),
                notation: replay.move_string(e.action),
                timeout: e.timeout,
            });
            let _ = replay.play(e.action);
        }
        lines
    }
}

/// The game of `line`'s first `at` moves, both seats here, untimed (a replay's, the analysis
/// board's); refused for a record from a set-up position, which this table does not set out.
fn line_game(
    line: &crate::review::replay::Line<State>,
    at: usize,
    names: &[String; 2],
) -> Result<HiveGame, Refusal> {
    // A record of a game with the expansions is set out with their creatures in reserve.
    let game_type = line.states.first().map_or(GameType::BASE, State::game_type);
    let mut game = HiveGame::drawn_elsewhere(
        [Seat::Person, Seat::Person],
        names.clone(),
        SeatOrder::First,
        ClockSetting::default(),
    )
    .of_type(game_type);
    if line.states.first() != Some(game.state()) {
        return Err(Refusal::NotNow);
    }
    for &mv in line.actions.iter().take(at) {
        let side = game.awaited().ok_or(Refusal::NotNow)?;
        game.submit(side, mv)?;
    }
    Ok(game)
}

/// The last move of a state's history, as the marks show it.
pub(super) fn last_move(state: &State) -> Option<(Option<Hex>, Hex, Piece)> {
    let mut replay = State::new();
    let mut last = None;
    for mv in state.moves() {
        last = match mv {
            Move::Place { piece, to } => Some((None, to, piece)),
            Move::Shift { piece, from, to } => Some((Some(from), to, piece)),
            Move::Pass => last,
        };
        let _ = replay.play(mv);
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(opponent: Seat) -> Table {
        Table {
            opponent,
            ..Table::default()
        }
    }

    #[test]
    fn the_seating_and_the_moves_hold_the_table_until_they_end() {
        let mut t = table(Seat::Person);
        let timing = Timing::PLAY;
        t.handle(Intent::Start, Seed([1; 32]), 1, &timing).unwrap();
        assert!(matches!(t.phase, Phase::Seating { .. }));
        assert_eq!(
            t.handle(
                Intent::LiftReserve(Creature::Fox),
                Seed([1; 32]),
                1,
                &timing
            ),
            Err(Refusal::NotNow)
        );
        // The clock does not run during the seating.
        t.tick(timing.seating + 0.1, &timing);
        assert_eq!(t.phase, Phase::Play);
        assert_eq!(t.time_left(), Some(TURN_SECONDS));
        t.handle(
            Intent::LiftReserve(Creature::Fox),
            Seed([1; 32]),
            1,
            &timing,
        )
        .unwrap();
        assert_eq!(t.pick.rings(), &[Hex::new(0, 0)]);
        let effects = t
            .handle(Intent::Target(Hex::new(0, 0)), Seed([1; 32]), 1, &timing)
            .unwrap();
        assert!(matches!(effects[0], Effect::Played(_)));
        assert!(t.busy > 0.0 && !t.person_to_act());
        // Nor while the piece travels.
        t.tick(t.busy - 0.01, &timing);
        assert_eq!(t.time_left(), Some(TURN_SECONDS));
        t.tick(0.02, &timing);
        assert!(t.person_to_act());
    }

    #[test]
    fn an_untimed_game_has_no_clock_and_no_timeout() {
        let mut t = table(Seat::Bot(Level::Easy));
        let timing = Timing::PLAY;
        t.handle(Intent::Timed(false), Seed([1; 32]), 1, &timing)
            .unwrap();
        assert!(!t.timed);
        t.handle(Intent::Start, Seed([1; 32]), 1, &timing).unwrap();
        // Chosen in the lobby only.
        assert_eq!(
            t.handle(Intent::Timed(true), Seed([1; 32]), 1, &timing),
            Err(Refusal::NotNow)
        );
        t.tick(timing.seating + 0.1, &timing);
        assert_eq!(t.phase, Phase::Play);
        assert_eq!(t.time_left(), None);
        // Whoever is to act may think for ten minutes: nothing is played for them. (The bot
        // plays its own move; the person's turn then waits.)
        for _ in 0..600 {
            t.tick(1.0, &timing);
        }
        let plies = t.state().unwrap().ply();
        assert!(plies <= 1, "{plies} plies: a timeout move was played");
        assert!(t.game.as_ref().unwrap().ending().is_none());
    }

    /// The game type chosen in the lobby sets out the reserves; the walnut Elder beside ash's
    /// Hedgehog is lifted with a click (its rings where the Hedgehog may carry it) and carried
    /// with a click on a ring; a walnut piece nothing may carry stays the other player's.
    #[test]
    fn the_hedgehog_carries_the_other_players_piece_by_two_clicks() {
        use crate::app::hive::HiveClicked;
        use crate::app::kit::TableKind;
        let mut t = table(Seat::Person);
        let timing = Timing::INSTANT;
        let seed = Seed([5; 32]);
        t.handle(Intent::GameType(GameType::MLP), seed, 1, &timing)
            .unwrap();
        t.handle(Intent::Start, seed, 1, &timing).unwrap();
        t.tick(0.1, &timing);
        assert_eq!(t.state().unwrap().game_type(), GameType::MLP);
        // Chosen in the lobby only.
        assert_eq!(
            t.handle(Intent::GameType(GameType::BASE), seed, 1, &timing),
            Err(Refusal::NotNow)
        );
        // The same opening as the server's test: the walnut Elder ends beside the Hedgehog.
        for mv in [
            "wP",
            "bS1 wP-",
            "wQ -wP",
            "bQ bS1-",
            "wM -wQ",
            "bQ bS1/",
            "wL -wM",
            "bQ \\bS1",
            "wA1 -wL",
            "bA1 bS1\\",
        ] {
            let m = t.state().unwrap().parse_move(mv).unwrap();
            t.handle(Intent::Play(m), seed, 1, &timing).unwrap();
            t.tick(0.1, &timing);
        }
        let state = t.state().unwrap().clone();
        assert_eq!(state.to_move(), Colour::Ash);
        let carry = state.parse_move("bQ \\wP").unwrap();
        let Move::Shift { piece, from, to } = carry else {
            panic!("{carry:?}")
        };
        assert_eq!(piece.colour(), Colour::Walnut);
        // A click on the walnut Elder lifts it: its rings are the cells beside the Hedgehog.
        let click = t.click_intent(&HiveClicked::Cell(from));
        assert_eq!(click, Some(Intent::LiftAt(from)));
        t.handle(Intent::LiftAt(from), seed, 1, &timing).unwrap();
        let hedgehog = state
            .board()
            .tops()
            .find(|(p, _)| p.creature() == Creature::Hedgehog)
            .map(|(_, h)| h)
            .unwrap();
        assert!(t.pick.rings().contains(&to), "{:?}", t.pick);
        for ring in t.pick.rings() {
            assert_eq!(ring.distance(hedgehog), 1, "beside the Hedgehog");
        }
        // The walnut Fox holds the group: nothing carries it, it stays the other's.
        let s1 = state
            .board()
            .tops()
            .find(|(p, _)| p.colour() == Colour::Walnut && p.creature() == Creature::Fox)
            .map(|(_, h)| h)
            .unwrap();
        assert!(matches!(
            t.handle(Intent::LiftAt(s1), seed, 1, &timing),
            Err(Refusal::NotYours(_))
        ));
        // The click on the ring carries it.
        t.handle(Intent::LiftAt(from), seed, 1, &timing).unwrap();
        assert_eq!(
            t.click_intent(&HiveClicked::Cell(to)),
            Some(Intent::Target(to))
        );
        let effects = t.handle(Intent::Target(to), seed, 1, &timing).unwrap();
        assert!(matches!(&effects[0], Effect::Played(a) if a.mv == carry));
        assert_eq!(t.state().unwrap().board().top(to), Some(piece));
    }

    #[test]
    fn viewing_the_history_changes_nothing_and_blocks_moves() {
        let mut t = table(Seat::Person);
        let timing = Timing::INSTANT;
        t.handle(Intent::Start, Seed([2; 32]), 1, &timing).unwrap();
        for mv in ["wS1", "bS1 wS1-"] {
            let m = t.state().unwrap().parse_move(mv).unwrap();
            t.handle(Intent::Play(m), Seed([2; 32]), 1, &timing)
                .unwrap();
        }
        let before = t.state().cloned();
        t.handle(Intent::View(Step::Back), Seed([2; 32]), 1, &timing)
            .unwrap();
        assert_eq!(t.viewing, Some(1));
        assert_eq!(t.shown().ply(), 1);
        assert_eq!(
            t.handle(
                Intent::LiftReserve(Creature::Hare),
                Seed([2; 32]),
                1,
                &timing
            ),
            Err(Refusal::Viewing)
        );
        t.handle(Intent::View(Step::Back), Seed([2; 32]), 1, &timing)
            .unwrap();
        t.handle(Intent::View(Step::Back), Seed([2; 32]), 1, &timing)
            .unwrap();
        assert_eq!(t.viewing, Some(0));
        t.handle(Intent::View(Step::Forward), Seed([2; 32]), 1, &timing)
            .unwrap();
        t.handle(Intent::View(Step::Forward), Seed([2; 32]), 1, &timing)
            .unwrap();
        assert_eq!(
            t.viewing, None,
            "stepping past the last move is the game again"
        );
        assert_eq!(t.state().cloned(), before);
    }
}
