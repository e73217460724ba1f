//! The Artifact Chess table's own state around the match layer's [`ChessGame`]: the lobby's
//! choices, the armies being built (with the hot seat's hand-over and the reveal), the piece
//! the person to act has selected and what it may do, the promotion being chosen, the dice roll
//! on show, the position being looked at in the history, and the animation time. Intents go
//! through [`Table::handle`], which asks the game (and through it the rules) and either changes
//! the table or returns a [`Refusal`] and changes nothing. Time enters as a parameter
//! ([`Table::tick`]), so the roll and the animations run instantly in tests. What a click on
//! the board means is the table's too ([`Table::click`]), so it is tested without a window.
//!
//! The table is written by phase, one file each:
//! - this file: the [`Table`], its [`Phase`], [`Intent`], [`Effect`], [`Refusal`] and
//!   [`Timing`]; what is on show and whose turn it is; the clock ([`Table::tick`]); and
//!   [`Table::handle`], which hands each intent to its phase's file;
//! - `lobby`: the opponent, the colour, the artifacts, a new game or the saved one;
//! - `build`: the armies being built, the hot seat's hand-over, the reveal;
//! - `play`: selecting a piece and acting with it, the promotion, the heal, an accepted
//!   action and its result reaching the board, the history, Undo and Resign;
//! - `cards`: a card chosen and aimed square by square, why one cannot be played, and the
//!   response window's countdown;
//! - `dice`: the roll on show, and an attempt's result in words;
//! - `list`: the move list, the gold frame and the statues' stones;
//! - `click`: what a click on the board means, and where the keyboard's focus goes.
//!
//! A staged scene sets the table up through the same intents, and through a few methods named
//! for what they stage (`offer_saved`, `stage_lobby`, `stage_reveal`, `freeze_roll`).
//!
//! Decisions where the issue is silent:
//! - Against the engine the person chooses a colour (white moves first); at a hot seat player 1
//!   builds and plays white. The board is seen from the person's side (white's at a hot seat).
//! - While building, a square takes the piece in hand only where it breaks no rule (the squares
//!   with a dot); any other square refuses it and says why. A click on a placed piece picks it
//!   (a second click changes nothing), and "Take it off" (or Delete) removes it: a click meant
//!   as "did it work?" never undoes the placement.
//! - The roll plays for `Timing::dice` seconds, its result stays for `Timing::dice_hold`, then
//!   the pieces move; a click or a key skips to the result's movement.

mod analysis;
mod build;
mod cards;
mod click;
mod dice;
mod list;
mod lobby;
mod play;

pub use build::{BuildStatus, build_status};
pub use cards::{CardPick, cancel_offer, card_blocked, steps};
pub use click::ChessClicked;
pub use dice::{AttemptReport, Roll, attempt_report, attempt_text, dice_count, piece_name};
pub use list::ListEntry;
pub use play::promotion_of;

use crate::ai::Level;
use crate::app::kit::history::Step;
use crate::i18n::{Explain, Message, msg};
use crate::play::Seat;
use crate::play::chess::{ChessGame, Draft, DraftError, Ending};
use crate::rules::chess::{
    Action, Army, Artifact, Colour, Motions, PieceActions, Record, Role, RuleError, Square, State,
};

/// How long the table's animations take, in seconds. Data, so tests run them instantly.
#[derive(bevy::prelude::Resource, Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// Both armies revealed.
    pub reveal: f32,
    /// A piece travelling: the first square, then each further one.
    pub move_first: f32,
    pub move_each: f32,
    /// The dice tumbling before they settle.
    pub dice: f32,
    /// The settled dice, their sums and the outcome, before the pieces move.
    pub dice_hold: f32,
    /// A heal's red "+" leaving.
    pub heal: f32,
    /// The least time the engine is seen thinking.
    pub think: f32,
    /// Seconds to answer in a response window; `None` waits for the answer.
    pub window: Option<f64>,
}

impl Timing {
    pub const PLAY: Timing = Timing {
        reveal: 1.6,
        move_first: 0.32,
        move_each: 0.07,
        dice: 1.0,
        dice_hold: 1.1,
        heal: 0.6,
        think: 0.5,
        window: Some(crate::play::chess::WINDOW_SECONDS),
    };
    /// Reduced motion: pieces fade out of their square and into the one they go to
    /// (`anim::PathTween::fading`), the dice show their values at once (held longer to be
    /// read), the reveal and a heal's mark are short.
    pub const REDUCED: Timing = Timing {
        reveal: 0.4,
        move_first: 0.24,
        move_each: 0.0,
        dice: 0.0,
        dice_hold: 1.8,
        heal: 0.2,
        ..Timing::PLAY
    };
    pub const INSTANT: Timing = Timing {
        reveal: 0.0,
        move_first: 0.0,
        move_each: 0.0,
        dice: 0.0,
        dice_hold: 0.0,
        heal: 0.0,
        think: 0.0,
        window: None,
    };

    /// The time a piece takes to travel `squares` squares (king steps).
    pub fn travel(&self, squares: u8) -> f32 {
        self.move_first + self.move_each * f32::from(squares.saturating_sub(1))
    }

    /// How long an action's movement lasts on the board: its longest travel (a heal, which
    /// moves nothing, takes its own time). The one clock both the table and the view read.
    pub fn motion(&self, p: &Animated) -> f32 {
        match (p.record.action, p.motions.longest()) {
            (Action::Heal { .. }, 0) => self.heal,
            (_, longest) => self.travel(longest.max(1)),
        }
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
    /// Choosing the opponent, the colour, the artifacts.
    Lobby,
    /// A person builds this colour's army.
    Build(Colour),
    /// A hot seat between the two set-ups: the first army hidden, the device handed over.
    Pass(Colour),
    /// Both armies are shown; the game starts when it is over.
    Reveal {
        left: f32,
    },
    Play,
    /// The game has ended: the banner.
    Over,
}

/// An action as the animation needs it: the states around it, what the rules rolled, and what
/// the rules say it moved (the view animates that, and the table's busy time is its length).
#[derive(Clone, Debug, PartialEq)]
pub struct Animated {
    pub before: State,
    pub record: Record,
    pub after: State,
    pub motions: Motions,
}

impl Animated {
    pub fn side(&self) -> Colour {
        self.record.actor
    }
}

/// What the keyboard's focus rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// One of your pieces that can act.
    Piece(Square),
    /// A target of the selected piece.
    Target(Square),
    /// A square of the army being built.
    Build(Square),
}

/// What a person (or a test) asks of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Lobby: the opponent (the engine at a level, or a person here).
    Choose(Seat),
    /// Lobby: the person's colour against the engine.
    Colour(Colour),
    /// Lobby: artifacts on (the cards dealt) or off (the dice game).
    Artifacts(bool),
    Start,
    Continue,
    /// Building: take this role in hand (or nothing).
    Hold(Option<Role>),
    /// Building: a click on a square — place the role in hand on an empty square (refused, with
    /// why, where it breaks a rule), or pick the piece standing there (to take it off).
    BuildAt(Square),
    /// Building: take the piece on this square off (not the king).
    TakeOff(Square),
    /// Building: a role dropped on a square (a drag from the palette).
    Drop(Role, Square),
    RandomArmy,
    ClearArmy,
    Ready,
    /// Hot seat: the second person has the device.
    TakeOver,
    /// Play: select the piece on this square (or deselect with `None`).
    Select(Option<Square>),
    /// Play: the selected piece acts on this square (move, attempt or heal).
    Target(Square),
    /// Play: the promotion chosen.
    Promote(Role),
    /// Play: the king heals (the only wounded neighbour, or the one named).
    Heal(Option<Square>),
    /// Play an action directly (a response window's answers too: Pass, Cancel, Seize).
    Act(Action),
    /// Play: take this card of your hand (or put it back with `None`).
    Card(Option<Artifact>),
    /// Play: the chosen card is aimed at this square (a piece, then where it goes, or one
    /// square).
    CardAt(Square),
    /// Play: the chosen card that needs no square is played.
    CardGo,
    /// Play: Seize takes this card from the opponent's played pile.
    CardTake(Artifact),
    SkipRoll,
    /// Look at the position one action earlier / later, or go back to the game.
    View(Step),
    Undo,
    Resign,
    NewGame,
    /// Online: leave the server's table (back to the lobby).
    Leave,
    /// Online: offer a draw, ask to take back, answer the other's offer, or ask for a rematch.
    Ask(crate::app::kit::online::Ask),
}

/// Why an intent changed nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// Not now: another phase, an animation, the engine's turn.
    NotNow,
    /// Looking at an earlier position: go back to the game first.
    Viewing,
    /// The square has nothing of the side to act that can be selected.
    NotYours(Square),
    Empty(Square),
    /// Nothing is selected.
    NothingSelected,
    /// The selected piece cannot act on that square.
    NoActionThere(Square),
    /// No wounded friend next to the king.
    NoHeal,
    /// That card cannot be played now (why).
    CardBlocked(Artifact, Message),
    /// The chosen card cannot be aimed at that square now.
    NotATarget(Artifact, Square),
    /// No card is chosen.
    NoCard,
    /// The chosen card needs a square first.
    CardNeedsTarget,
    /// The army breaks a rule (the first named).
    Army(crate::rules::chess::ArmyError),
    Draft(DraftError),
    /// Nothing in hand to place.
    NothingHeld,
    /// The rules refused it.
    Rule(RuleError),
    NothingToUndo,
    /// The record would not replay (a damaged game).
    Replay(crate::play::ReplayError<State>),
    NothingSaved,
    /// Online: the link to the server is down.
    Offline,
    /// Online: an action is on its way to the server.
    Sent,
    /// Online: the turn's time is up; the server's timeout action is on its way.
    Late,
    /// A lesson or practice position put a legal action back (the words why).
    Coached(Message),
    /// A replay is on: nobody plays at it; leave it first.
    Replaying,
}

impl Explain for Refusal {
    fn explain(&self) -> Message {
        match self {
            Refusal::NotNow => msg("chess.refused.not_now"),
            Refusal::Viewing => msg("chess.refused.viewing"),
            Refusal::NotYours(sq) => msg("chess.refused.not_yours").with("square", sq),
            Refusal::Empty(sq) => msg("chess.refused.empty").with("square", sq),
            Refusal::NothingSelected => msg("chess.refused.nothing_selected"),
            Refusal::NoActionThere(sq) => msg("chess.refused.no_action").with("square", sq),
            Refusal::NoHeal => msg("chess.refused.no_heal"),
            Refusal::CardBlocked(card, why) => msg("chess.refused.card_blocked")
                .with_words("card", card.explain())
                .with_words("why", why.clone()),
            Refusal::NotATarget(card, sq) => msg("chess.refused.not_a_target")
                .with_words("card", card.explain())
                .with("square", sq),
            Refusal::NoCard => msg("chess.refused.no_card"),
            Refusal::CardNeedsTarget => msg("chess.refused.card_needs_target"),
            Refusal::Army(e) => e.explain(),
            Refusal::Draft(e) => e.explain(),
            Refusal::NothingHeld => msg("chess.refused.nothing_held"),
            Refusal::Rule(e) => e.explain(),
            Refusal::NothingToUndo => msg("chess.refused.nothing_to_undo"),
            Refusal::Replay(e) => e.explain(),
            Refusal::NothingSaved => msg("chess.refused.nothing_saved"),
            Refusal::Offline => msg("online.refused.offline"),
            Refusal::Sent => msg("online.refused.sent"),
            Refusal::Late => msg("online.refused.late"),
            Refusal::Coached(why) => why.clone(),
            Refusal::Replaying => msg("replay.refused"),
        }
    }
}

impl From<crate::play::Refused<State>> for Refusal {
    fn from(r: crate::play::Refused<State>) -> Refusal {
        match r {
            crate::play::Refused::Rule(e) => Refusal::Rule(e),
            crate::play::Refused::Coached(why) => Refusal::Coached(why),
            _ => Refusal::NotNow,
        }
    }
}

/// What the Bevy side must do after an intent or a tick.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Both armies are ready: the reveal begins.
    Revealed,
    /// An action was accepted: the dice start rolling (if it rolls), the sounds play.
    Played(Animated),
    /// The dice came to rest.
    Settled,
    /// The action's result is now shown on the board: the pieces move.
    Resolved(Animated),
    /// A response window ran out: it passed for this side.
    WindowPassed(Colour),
    /// A response window's countdown reached another whole second (the seconds left).
    WindowTick(u32),
    /// The side that just failed an attempt is still in check and acts again.
    StillInCheck(Colour),
    /// The game ended.
    Ended(Ending),
    /// Actions were taken back.
    Undone(usize),
    /// The selection or the build changed.
    Picked,
    /// The saved game should be written (or cleared, with no game).
    Save,
    /// Online: something to tell the player (the link, the other seat, the server's clock).
    Online(Message),
    /// Online: the seat at the server should be kept on the device (or forgotten).
    KeepSeat,
}

/// The whole table.
#[derive(bevy::prelude::Resource, Clone, Debug)]
pub struct Table {
    pub phase: Phase,
    /// Who sits across: the engine at a level, or a second person here.
    pub opponent: Seat,
    /// The person's colour against the engine.
    pub colour: Colour,
    /// Artifacts on or off (on plays with the cards once their table lands; off until then).
    pub artifacts: bool,
    /// The armies as built (white's first).
    pub drafts: [Draft; 2],
    /// The engine's army, hidden until both are ready.
    engine_army: Option<Army>,
    /// The role in hand while building.
    pub held: Option<Role>,
    /// While building: the placed piece picked by a click, offered to take off.
    pub build_pick: Option<Square>,
    pub game: Option<ChessGame>,
    /// A saved game the lobby offers to continue.
    pub saved: Option<ChessGame>,
    /// The selected piece and what it may do.
    pub selected: Option<(Square, PieceActions)>,
    /// A promotion being chosen: the actions it chooses between.
    pub promotion: Option<Vec<Action>>,
    /// The card being played and what is chosen so far.
    pub card: Option<CardPick>,
    pub focus: Option<Focus>,
    /// The roll on show.
    pub roll: Option<Roll>,
    /// The last action resolved, for the sums and the outcome under the dice.
    pub last: Option<Animated>,
    /// Seconds of movement still playing; nobody acts until it is over.
    pub busy: f32,
    /// The position after this many actions is on show instead of the game's.
    pub viewing: Option<usize>,
    /// The move list, rebuilt when the game changes.
    list: Vec<ListEntry>,
    /// The squares last made impassable by a Statue (the others by a Barricade).
    statues: Vec<Square>,
    /// The online table's side while the game is played at a server.
    pub host: Option<crate::app::kit::online::OnlineTable>,
    /// A seat at a server kept on this device from an earlier run.
    pub saved_seat: Option<crate::app::kit::online::SavedSeat>,
    /// What the server told of the game: its fingerprint, then the seed and the record.
    pub told: Option<crate::app::kit::host::HeldElsewhere>,
    /// The online game's own parts: this seat's colour, who is ready, this army's salt.
    pub online: Option<crate::app::chess::online::OnlineChess>,
    /// The army lesson at the builder (the course's first lesson, away from the board).
    pub army_lesson: Option<crate::learn::chess::ArmyLesson>,
    /// A replay on at the table (its game is the record's, stepped through the history).
    pub replay: Option<crate::app::replay::Replaying>,
    /// In a replay, the engine's better action lit while the position after this many actions
    /// is on show.
    pub suggested: Option<(usize, Action)>,
    /// The analysis board is on: a game from a replay's position played on freely by both
    /// sides here, nothing saved or kept.
    pub analysing: Option<analysis::Analysing>,
}

/// Whose turn it is as the table tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnStatus {
    /// This side's action is still reaching the board (its dice rolling, its pieces
    /// travelling): nobody acts until it has landed.
    Landing(Colour),
    /// Someone not at this device (the engine) chooses for this side.
    Waiting(Colour),
    /// A person here acts for this side.
    Person(Colour),
}

impl Default for Table {
    fn default() -> Table {
        Table {
            phase: Phase::Lobby,
            opponent: Seat::Bot(Level::Normal),
            colour: Colour::White,
            artifacts: true,
            drafts: [Draft::new(Colour::White), Draft::new(Colour::Black)],
            engine_army: None,
            held: None,
            build_pick: None,
            game: None,
            saved: None,
            selected: None,
            promotion: None,
            card: None,
            focus: None,
            roll: None,
            last: None,
            busy: 0.0,
            viewing: None,
            list: Vec::new(),
            statues: Vec::new(),
            host: None,
            saved_seat: None,
            told: None,
            online: None,
            army_lesson: None,
            replay: None,
            suggested: None,
            analysing: None,
        }
    }
}

impl Table {
    pub fn hot_seat(&self) -> bool {
        self.opponent == Seat::Person
    }

    /// The state of the game under way (or just ended).
    pub fn state(&self) -> Option<&State> {
        self.game.as_ref().map(ChessGame::state)
    }

    /// The position on show: an earlier one while viewing, the one before the action while its
    /// dice roll, else the game's.
    pub fn shown(&self) -> Option<&State> {
        if let Some(n) = self.viewing {
            return self.game.as_ref().and_then(|g| g.game().after(n));
        }
        if let Some(roll) = &self.roll {
            return Some(&roll.played.before);
        }
        self.state()
    }

    /// The colour seen from the near side: the person's against the engine, white at a hot seat.
    pub fn near(&self) -> Colour {
        if self.hot_seat() {
            Colour::White
        } else {
            self.colour
        }
    }

    /// The colour a person plays now: against the engine, theirs; at a hot seat, the side to act
    /// (or the one building).
    pub fn person_colour(&self) -> Colour {
        match (self.phase, &self.game) {
            (Phase::Build(c), _) => c,
            (_, Some(g)) if self.hot_seat() => g.awaited().unwrap_or(g.state().turn()),
            _ => self.colour,
        }
    }

    /// Whether anything is still moving on the table (the roll, pieces, the reveal).
    pub fn animating(&self) -> bool {
        self.busy > 0.0 || self.roll.is_some() || matches!(self.phase, Phase::Reveal { .. })
    }

    /// Whether a person on this device may act on the pieces now.
    pub fn person_to_act(&self) -> bool {
        self.phase == Phase::Play
            && !self.animating()
            && self.viewing.is_none()
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.awaited().is_some_and(|c| g.seat(c) == Seat::Person))
    }

    /// Actions played in the game.
    pub fn plies(&self) -> usize {
        self.game.as_ref().map_or(0, ChessGame::len)
    }

    /// Whose turn the table tells of: an action still landing comes first, so "your turn" is
    /// never said before the engine's reply stands on the board. `None` outside play.
    pub fn turn_status(&self) -> Option<TurnStatus> {
        let game = self.game.as_ref()?;
        if self.phase != Phase::Play {
            return None;
        }
        if let Some(roll) = &self.roll {
            return Some(TurnStatus::Landing(roll.played.side()));
        }
        if self.busy > 0.0
            && let Some(last) = &self.last
        {
            return Some(TurnStatus::Landing(last.side()));
        }
        let turn = game.awaited()?;
        Some(if game.seat(turn) == Seat::Person {
            TurnStatus::Person(turn)
        } else {
            TurnStatus::Waiting(turn)
        })
    }

    pub(super) fn clear_marks(&mut self) {
        self.selected = None;
        self.promotion = None;
        self.card = None;
        self.focus = None;
        self.viewing = None;
        self.roll = None;
        self.last = None;
        self.busy = 0.0;
    }

    /// Lets `dt` seconds pass: the reveal, the roll, the movement, a response window's clock.
    pub fn tick(&mut self, dt: f32, timing: &Timing) -> Vec<Effect> {
        if let Phase::Reveal { left } = &mut self.phase {
            *left -= dt;
            if *left <= 0.0 {
                self.phase = Phase::Play;
            }
            return Vec::new();
        }
        if self.roll.is_some() {
            return self.roll_on(dt, timing);
        }
        self.busy = (self.busy - dt).max(0.0);
        if self.phase == Phase::Play && self.busy <= 0.0 {
            return self.window_on(dt, timing);
        }
        Vec::new()
    }

    /// Handles one intent. `seed` is fresh randomness for a new game (the dice, the engine's
    /// army and choices, a random army). Each intent is its phase's: the lobby's
    /// (`lobby.rs`), the builder's (`build.rs`), a piece's in play (`play.rs`), a card's
    /// (`cards.rs`), the roll's (`dice.rs`).
    pub fn handle(
        &mut self,
        intent: Intent,
        seed: u64,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        // Online, an army once committed is not touched again.
        let building = matches!(
            intent,
            Intent::Hold(_)
                | Intent::BuildAt(_)
                | Intent::TakeOff(_)
                | Intent::Drop(..)
                | Intent::RandomArmy
                | Intent::ClearArmy
                | Intent::Ready
        );
        if building && self.online.as_ref().is_some_and(|o| o.committed()) {
            return Err(Refusal::NotNow);
        }
        // The army lesson builds piece by piece, and its army starts no game.
        let whole_army = matches!(
            intent,
            Intent::RandomArmy | Intent::ClearArmy | Intent::Ready
        );
        if whole_army && self.army_lesson.is_some() {
            return Err(Refusal::NotNow);
        }
        // A replay is looked through, never played.
        if self.replay.is_some() && !matches!(intent, Intent::View(_)) {
            return Err(Refusal::Replaying);
        }
        // The analysis board plays actions, cards included, and looks back; it has no lobby,
        // builder, resigning or server.
        if self.analysing.is_some() && !analysis::allowed(&intent) {
            return Err(Refusal::NotNow);
        }
        // A spectator's table follows the game and looks back through it; nothing else.
        let watching = self.host.as_ref().is_some_and(|o| o.spectating());
        if watching && !matches!(intent, Intent::NewGame | Intent::Leave | Intent::View(_)) {
            return Err(Refusal::NotNow);
        }
        match intent {
            Intent::Ready if self.host.is_some() => self.ready_online(),
            Intent::NewGame if self.host.is_some() => Ok(self.leave_online()),
            Intent::Choose(seat) => self.choose(seat),
            Intent::Colour(c) => self.choose_colour(c),
            Intent::Artifacts(on) => self.choose_artifacts(on),
            Intent::Start => self.start(seed),
            Intent::Continue => self.continue_saved(),
            Intent::NewGame => self.new_game(),
            Intent::Hold(role) => self.hold(role),
            Intent::BuildAt(sq) => self.build_at(sq),
            Intent::TakeOff(sq) => self.take_off(sq),
            Intent::Drop(role, sq) => self.drop_on(role, sq),
            Intent::RandomArmy => self.random_army(seed),
            Intent::ClearArmy => self.clear_army(),
            Intent::Ready => self.army_ready(seed, timing),
            Intent::TakeOver => self.take_over(),
            Intent::Select(None) if matches!(self.phase, Phase::Build(_)) => self.put_down(),
            Intent::Select(None) => self.back_out(),
            Intent::Select(Some(sq)) => {
                self.ready()?;
                self.select(sq)?;
                Ok(vec![Effect::Picked])
            }
            Intent::Target(sq) => {
                self.ready()?;
                self.target(sq, timing)
            }
            Intent::Promote(role) => self.promote(role, timing),
            Intent::Heal(target) => self.heal(target, timing),
            Intent::Act(action) => {
                self.ready()?;
                self.play(action, timing)
            }
            Intent::Card(None) => self.put_card_back(),
            Intent::Card(Some(card)) => self.take_card(card, timing),
            Intent::CardAt(sq) => self.card_at(sq, timing),
            Intent::CardGo => self.card_go(timing),
            Intent::CardTake(taken) => self.card_take(taken, timing),
            Intent::SkipRoll => self.skip_roll(timing),
            Intent::View(step) if self.replay.is_some() => self.replay_step(step, timing),
            Intent::View(step) => self.view(step),
            Intent::Undo if self.host.is_some() => Err(Refusal::NotNow),
            Intent::Undo => self.undo(),
            Intent::Resign if self.host.is_some() => self.resign_online(),
            Intent::Resign => self.resign(),
            Intent::Leave => Ok(self.leave_online()),
            Intent::Ask(ask) => {
                if !crate::app::kit::host::Host::ask(&mut self.host, ask) {
                    return Err(Refusal::NotNow);
                }
                Ok(vec![Effect::Picked])
            }
        }
    }
}

/// Words with their first letter in capitals, as a sentence or a name starts ("rook" → "Rook",
/// "ладья" → "Ладья").
pub fn capital(word: &str) -> String {
    let mut c = word.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A message as a sentence: its first letter in capitals, unless it starts with a move's or a
/// square's notation ("e2e4 is not allowed" stays as written: `E2e4` is no square).
pub fn sentence(text: &str) -> String {
    let mut c = text.chars();
    match (c.next(), c.next()) {
        (Some(_), Some(second)) if second.is_ascii_digit() => text.to_string(),
        _ => capital(text),
    }
}

#[cfg(test)]
mod tests;
