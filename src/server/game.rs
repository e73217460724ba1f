//! What a server table needs of a game: [`Hosted`]. The table ([`super::table::TableTask`]) keeps
//! the seats, their connections, the turn's deadline, the store and the protocol's messages; the
//! game behind [`Hosted`] keeps everything that depends on its rules: how it starts from the
//! table's settings (and whatever it draws from the table's secret seed), whose turn it is, how
//! an action in its notation is checked and played, its timeout rule, its bot, its record, how
//! it ended in the wire's words, and what each viewer may see of it.
//!
//! A new game served online writes one `impl Hosted` (Ash & Walnut's is [`super::hive::Hive`])
//! and one line where a table chooses its game ([`super::Hub::create`] and
//! [`super::Hub::restore`]); the connection, store and cluster code do not change.
//!
//! Views are built per viewer ([`Viewer`]): a seat or a spectator. A game with hidden
//! information (hands, armies before their reveal) shows each seat only its own part in
//! [`Hosted::view`] and [`Hosted::action_view`], and spectators only the public parts; the
//! store always keeps the whole action, so the game can be rebuilt after a restart.
//!
//! Offers (a draw, or taking back one's own last action) are the table's to carry between the
//! seats; the game records each offer and answer where it came ([`Hosted::note_offer`]) and
//! carries out an accepted one ([`Hosted::agree_draw`], [`Hosted::take_back`]), so its record
//! holds them all and `tables verify` checks them.

use super::store::StoredAction;
use crate::fair::Seed;
use crate::net::protocol::{
    ChessNow, ErrorCode, GameView, OfferKind, Outcome, SeatId, Side, TableOptions, Viewer,
};
use crate::play::{Offer, Seat};
use std::time::Duration;

pub use crate::play::OfferEvent;

/// The wire's offer in the records' words.
pub fn offer_of(what: OfferKind) -> Offer {
    match what {
        OfferKind::Draw => Offer::Draw,
        OfferKind::Takeback => Offer::Takeback,
    }
}

/// What a game starts from: the table's settings once both seats are taken.
#[derive(Clone, Debug)]
pub struct Start {
    /// Who sits, in the order the seats were taken: [`Seat::Remote`] for a person (their
    /// actions come through the table), [`Seat::Bot`] for the server's bot.
    pub seats: [Seat; 2],
    /// The seats' names, in the same order (empty for a bot).
    pub names: [String; 2],
    /// The table's secret seed, drawn when it opened. A game that commits to a seed (Ash &
    /// Walnut: its fingerprint, the colour rule) uses it; it is revealed only by the game.
    pub secret: Seed,
    /// The time allowed for each turn.
    pub clock: Duration,
    /// Seeds the bots' choices.
    pub bot_seed: u64,
    /// The game's options, as the table's opener chose them (already checked to fit the game).
    pub options: TableOptions,
}

/// One accepted action, as the table stores and announces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// The side that played it.
    pub side: Side,
    /// The action in the game's notation, whole: what the store keeps and a restart replays
    /// ([`Hosted::replay`]). A viewer hears it through [`Hosted::action_view`].
    pub action: String,
    /// Played by the clock for a side whose time ran out.
    pub timeout: bool,
}

/// Why the game refused an action: the `error` the connection gets. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    /// English words for people.
    pub message: String,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// The wire's code for a refusal of the match layer, for a game whose notation reader
    /// only reads (a refusal by the rules is `illegal`).
    pub fn of_match<G: crate::rules::Game>(e: &crate::play::Refused<G>) -> Refusal {
        use crate::play::Refused;
        let code = match e {
            Refused::GameOver => ErrorCode::GameOver,
            Refused::NotYourTurn { .. } => ErrorCode::NotYourTurn,
            Refused::Malformed(_) => ErrorCode::BadNotation,
            Refused::Rule(_) | Refused::Coached(_) => ErrorCode::Illegal,
        };
        Refusal::new(
            code,
            crate::i18n::english(&crate::i18n::Explain::explain(e)),
        )
    }
}

/// The bot's turn: what it thinks on, and the thinking, run on a blocking thread so the table
/// stays free meanwhile.
pub struct BotJob<A> {
    /// Actions played when it was asked ([`Hosted::seq`]): an answer for another ply is stale.
    pub ply: u64,
    /// Computes the bot's action from a snapshot of the game (`None`: it has none).
    pub think: Box<dyn FnOnce() -> Option<A> + Send>,
}

/// A game as a server table holds it. Sides are the wire's [`Side`]: [`Side::Ash`] is the side
/// that acts first.
pub trait Hosted: Clone + Send + Sync + Sized + 'static {
    /// The bot's answer ([`BotJob::think`]), played with [`Hosted::play_bot`].
    type Action: Send + 'static;

    /// The game for two seats, once both are taken.
    fn start(start: Start) -> Self;

    /// What the `state` of a table still waiting for its second seat shows of the game, with
    /// the options its opener chose.
    fn waiting_view(options: &TableOptions) -> GameView;

    /// Actions played so far (the `seq` of the last `event`).
    fn seq(&self) -> u64;

    /// The side whose action is awaited; `None` once the game is over.
    fn to_move(&self) -> Option<Side>;

    /// The side a seat plays.
    fn side_of(&self, seat: SeatId) -> Side;

    /// The seat that plays `side`.
    fn seat_of(&self, side: Side) -> SeatId {
        SeatId::BOTH
            .into_iter()
            .find(|s| self.side_of(*s) == side)
            .unwrap_or(SeatId::First)
    }

    /// The seat whose side acts first (the wire's `ash`).
    fn opener(&self) -> SeatId;

    /// Plays `seat`'s action, given in the game's notation; refused (nothing changes) when it
    /// is not the seat's turn, the text is not an action, or the rules refuse it.
    fn submit(&mut self, seat: SeatId, action: &str) -> Result<Accepted, Refusal>;

    /// The time allowed for the awaited action; `None` when untimed or over.
    fn time_allowed(&self) -> Option<Duration>;

    /// Seconds left on the game's own clock for the awaited action; `None` when untimed.
    fn time_left(&self) -> Option<f64>;

    /// Whether the awaited action draws on its side's bank under a bank time control (the
    /// table keeps the banks). Artifact Chess's building and revealing have clocks of their
    /// own and do not.
    fn banked(&self) -> bool {
        true
    }

    /// Lets `seconds` pass on the clock of the side to act: when its time runs out, the
    /// game's timeout action is played for it and returned. It must be deterministic (a
    /// verifier recomputes it); `None` where the game has no timeout action.
    fn tick(&mut self, seconds: f64) -> Option<Accepted>;

    /// `seat` resigns; refused once the game is over.
    fn resign(&mut self, seat: SeatId) -> Result<(), Refusal>;

    /// Records an offer, or its answer, made by `by` (the offerer for [`OfferEvent::Made`],
    /// the answerer for `Accepted` and `Declined`, a lapse being a decline) when
    /// [`Hosted::seq`] actions had been played; [`Hosted::record`] keeps it where it came. An
    /// accepted takeback is noted before [`Hosted::take_back`], an accepted draw before
    /// [`Hosted::agree_draw`]: the record's verifier wants the acceptance just before.
    fn note_offer(&mut self, by: Side, what: OfferKind, event: OfferEvent);

    /// Whether a draw may be offered now; refused with the reason (Snēlab: a case is never
    /// drawn; Artifact Chess: not before the game proper).
    fn may_draw(&self) -> Result<(), Refusal> {
        Ok(())
    }

    /// Ends the game as a draw by agreement: [`Hosted::outcome`] becomes no winner,
    /// [`crate::net::protocol::EndReason::Agreed`], the seed is revealed and the record is
    /// whole. Refused (nothing changes) once the game is over (`game_over`), and for Artifact
    /// Chess before the game proper has started (`not_started`).
    fn agree_draw(&mut self) -> Result<(), Refusal>;

    /// Whether `side` may ask for (or be granted) the takeback of the last action: refused with
    /// the reason, as [`Hosted::take_back`] would refuse it. Nothing changes.
    fn may_take_back(&self, side: Side) -> Result<(), Refusal>;

    /// Takes back the last action, which `side` must have played itself (not the clock):
    /// [`Hosted::seq`] is one less, `side` is to act again and its clock starts afresh. Refused
    /// (nothing changes) when the last action is not `side`'s or was the clock's, when nothing
    /// was played (`bad_request`), once the game is over (`game_over`), and for Artifact
    /// Chess's `ready` and `reveal` (`not_started` while building or revealing).
    fn take_back(&mut self, side: Side) -> Result<(), Refusal>;

    /// How the game ended, in the wire's words; `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// When a bot is to act: its job. `None` otherwise (or once the game is over).
    fn bot_turn(&self) -> Option<BotJob<Self::Action>>;

    /// Plays the bot's answer for the side to act.
    fn play_bot(&mut self, action: Self::Action) -> Result<Accepted, Refusal>;

    /// The commitment shown from the start (Ash & Walnut: SHA-256 of the secret seed, in hex).
    fn fingerprint(&self) -> String;

    /// The secret seed, in hex, once the game has revealed it (at its end).
    fn revealed(&self) -> Option<String>;

    /// The whole game record (the text `tables verify` reads), written once the game ends.
    fn record(&self) -> String;

    /// What `viewer` may see of the game itself (the `game` of `state`).
    fn view(&self, viewer: Viewer) -> GameView;

    /// An accepted action as `viewer` hears it in its `event` (the game stands after it). A
    /// game that hides nothing tells everyone the whole action.
    fn action_view(&self, played: &Accepted, viewer: Viewer) -> String {
        let _ = viewer;
        played.action.clone()
    }

    /// Artifact Chess: where the game stands for `viewer`, carried by every `event` once the
    /// game has started. Other games: `None`.
    fn chess_now(&self, viewer: Viewer) -> Option<ChessNow> {
        let _ = viewer;
        None
    }

    /// Replays one stored action after a restart (the table's course, in order): the clock's
    /// action for a timeout, else the side's action through the rules; it must come out as
    /// stored.
    fn replay(&mut self, stored: &StoredAction) -> Result<(), String> {
        let played = if stored.timeout {
            self.tick(f64::INFINITY).ok_or("no timeout move")?
        } else {
            let seat = self.seat_of(stored.side);
            self.submit(seat, &stored.action)
                .map_err(|_| "an action the rules refuse")?
        };
        if played.action != stored.action {
            return Err("replays differently".into());
        }
        Ok(())
    }
}

/// The takeback rule shared by the three games: the last action of the game proper (`last`:
/// the side index that played it, and whether the clock did) must be `side`'s own (`side`
/// its index), played by a person. `what` names an action in the refusal ("move", "action").
pub fn own_last_action(
    last: Option<(usize, bool)>,
    side: usize,
    what: &str,
) -> Result<(), Refusal> {
    match last {
        None => Err(Refusal::new(
            ErrorCode::BadRequest,
            format!("no {what} was played"),
        )),
        Some((by, _)) if by != side => Err(Refusal::new(
            ErrorCode::BadRequest,
            format!("the last {what} is not yours to take back"),
        )),
        Some((_, true)) => Err(Refusal::new(
            ErrorCode::BadRequest,
            format!("the clock played the last {what}: it cannot be taken back"),
        )),
        Some(_) => Ok(()),
    }
}
