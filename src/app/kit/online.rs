//! The online side of a table, written once for any game: what was asked of the server, the
//! link's state, the seats as the server shows them, the move sent and not yet heard back, the
//! server's countdown, and the seat kept on the device so a closed game can go back to it. A
//! game's table holds an [`OnlineTable`] while it plays at a server; the panels word its link
//! ([`link_message`]) and its seats ([`seat_name`]). What the session heard that is no game's
//! ends here ([`OnlineTable::take_in`]); the rest is the game's table's. So do the time
//! control, the watchers, the offers (a draw, a takeback) and the rematch, which every game's
//! table shows alike ([`Ask`] is what the player asks of them).
//!
//! Decisions where the brief is silent, as a player of lichess or hivegame.com would expect:
//! - Take back asks only for this seat's own last action, and not one the clock played; a
//!   seat offers once between two actions (the server's rule, mirrored so the buttons say it).
//! - The other seat's answers are told (declined, accepted); this seat's own are not, nor an
//!   offer that lapsed because its maker played on.
//! - A rematch asked lapses when either player leaves: shown, and asked no more.

use crate::fair::SeatOrder;
use crate::i18n::{Explain, Message, msg};
use crate::net::client::{Heard, Link, Lost, Request};
use crate::net::protocol::{
    BotLevel, EndReason, ErrorCode, OfferKind, OfferView, Phase, SeatId, SeatKind, SeatView, Side,
    TimeControl,
};
use crate::play::Seat;
use serde::{Deserialize, Serialize};

/// A seat at an online table kept on the device, so that the game, closed and opened again,
/// can go back to it (the lobby offers it). Empty: none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSeat {
    pub url: String,
    pub code: String,
    pub token: String,
    pub request: Option<Request>,
}

impl SavedSeat {
    /// The seat, when one is kept.
    pub fn kept(self) -> Option<SavedSeat> {
        (!self.token.is_empty() && self.request.is_some()).then_some(self)
    }
}

/// What the table asks the server for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    /// A move in the game's notation, and the number of actions played in the position it
    /// was chosen at (the protocol's `seq`).
    Act {
        action: String,
        seq: u64,
    },
    /// An action sent without `seq`: Artifact Chess's `ready` and `reveal`, which both seats
    /// send at the same time.
    Unsequenced {
        action: String,
    },
    Resign,
    /// Asks for a rematch (the game has ended).
    Rematch,
    /// Offers a draw or asks to take back this seat's last action.
    Offer(OfferKind),
    /// Answers the other seat's standing offer.
    Answer(OfferKind, bool),
}

/// What the player asks of the table's offers and rematch (the buttons the kit's panels draw,
/// as each game's intent carries them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// A new game with the same player (the end banner's Rematch, or its Accept).
    Rematch,
    /// Offer a draw, or ask to take back this seat's last action.
    Offer(OfferKind),
    /// Accept (`true`) or decline the other seat's standing offer.
    Answer(bool),
}

/// The last action heard at the table: who played it, and whether the clock did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastAction {
    pub by: Side,
    pub timeout: bool,
    pub action: String,
}

/// The online side of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineTable {
    /// What was asked: open a table, or join one by its code.
    pub request: Request,
    /// The server's address (`ws://HOST:PORT/ws`).
    pub url: String,
    /// The join code, once seated.
    pub code: Option<String>,
    /// This device's seat.
    pub seat: Option<SeatOrder>,
    pub seats: Option<[SeatView; 2]>,
    pub link: Link,
    /// Seconds until the server's bot takes the empty seat (while waiting).
    pub bot_in: Option<f32>,
    /// A move sent and not yet heard back.
    pub sent: Option<String>,
    /// What the link should send next.
    pub outgoing: Vec<Outgoing>,
    /// A staged scene's picture: no connection is opened.
    pub staged: bool,
    /// The seat's token: set when seated, or when coming back to a kept seat.
    pub token: Option<String>,
    /// Seconds left on the clock of the side to act, as the server holds it: set every frame
    /// by the link from the server's deadline and this device's clock (`net::clock`), never
    /// counted here from frame times. `None` while no turn is counted.
    pub countdown: Option<f64>,
    /// When the server plays the timeout action, on this device's clock (`net::clock`), and
    /// how long a frame takes from here to the server: set every frame by the link with the
    /// countdown. Whether an action may still be sent is read against these at the moment it
    /// is chosen ([`OnlineTable::in_time_at`]), not against the countdown of the frame before:
    /// at a few frames a second, or after the engine thought for the seat, that frame is long
    /// gone. `None` until the link has read a deadline (the countdown alone decides then).
    pub deadline: Option<Deadline>,
    /// The table's time control.
    pub control: TimeControl,
    /// Under a bank, both sides' seconds left (`[ash, walnut]`), the awaited side's running
    /// down: set every frame by the link from the session.
    pub banks: Option<[f64; 2]>,
    /// How many watch.
    pub watchers: u32,
    /// The offer standing at the table.
    pub offer: Option<OfferView>,
    /// This seat has made an offer since the last action (one an action).
    pub offered: bool,
    /// Which seats ask for a rematch (by seat).
    pub rematch: [bool; 2],
    /// A rematch asked here lapsed (a player left): asked no more.
    pub rematch_lapsed: bool,
    /// The last action heard.
    pub last: Option<LastAction>,
    /// The side whose action is awaited (while playing).
    pub to_move: Option<Side>,
    /// Why the server ended the game, once it has.
    pub ended: Option<EndReason>,
    /// A rematch seated this device at a new table: its first whole `state` is a new game.
    pub fresh: bool,
    /// A rated game.
    pub rated: bool,
    /// A rated game that ended: each seat's rating before and after, by seat.
    pub rating_change: Option<[crate::net::protocol::RatingChange; 2]>,
}

/// The turn's deadline as the link reads it from the session: see [`OnlineTable::deadline`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// When the server's clock runs out, on this device's clock (`net::clock::now`).
    pub at: std::time::Duration,
    /// How long a frame takes from here to the server (half the shortest round trip).
    pub latency: std::time::Duration,
}

/// What an action needs beyond the way to the server to be there before its clock runs out:
/// the rest of the frame it is chosen in, the socket and the server's reading of it.
pub const SEND_MARGIN: std::time::Duration = std::time::Duration::from_millis(150);

/// What the game-free side of the session made of something heard, for the table to say.
#[derive(Clone, Debug, PartialEq)]
pub enum News {
    /// Something on show changed (the seat, the seats).
    Changed,
    /// Something to tell the player (a seat taken, the other player away or back, a refusal
    /// from the server, the session lost).
    Say(Message),
    /// The seat to keep on the device changed.
    KeepSeat,
}

/// What the online table took in: news for the table, or what the game must play (the table's
/// bookkeeping already done).
#[derive(Clone, Debug, PartialEq)]
// Made and taken apart once a message, never stored: boxing the game's part would cost more.
#[allow(clippy::large_enum_variant)]
pub enum Taken {
    News(Vec<News>),
    Game(Heard),
}

impl Taken {
    /// What the game must play, or (when it was only news) the news as the table's effects
    /// (`E::from` words each one).
    pub fn game<E: From<News>>(self) -> Result<Heard, Vec<E>> {
        match self {
            Taken::Game(heard) => Ok(heard),
            Taken::News(news) => Err(news.into_iter().map(E::from).collect()),
        }
    }
}

impl OnlineTable {
    /// A table asked of the server at `url` (the lobby's choice): the link opens and says
    /// `request`.
    pub fn new(request: Request, url: String) -> OnlineTable {
        OnlineTable {
            request,
            url,
            code: None,
            seat: None,
            seats: None,
            link: Link::Connecting,
            bot_in: None,
            sent: None,
            outgoing: Vec::new(),
            staged: false,
            token: None,
            countdown: None,
            deadline: None,
            control: TimeControl::default(),
            banks: None,
            watchers: 0,
            offer: None,
            offered: false,
            rematch: [false; 2],
            rematch_lapsed: false,
            last: None,
            to_move: None,
            ended: None,
            fresh: false,
            rated: false,
            rating_change: None,
        }
    }

    /// Whether this device watches the table without a seat (read-only: nothing is sent).
    pub fn spectating(&self) -> bool {
        self.request.spectating()
    }

    /// The seats as the game here holds them (by seat order): this device's the person's,
    /// the other a remote player; a spectator's both remote (nobody acts here).
    pub fn seats_here(&self) -> [Seat; 2] {
        [SeatOrder::First, SeatOrder::Second].map(|o| {
            if self.seat == Some(o) {
                Seat::Person
            } else {
                Seat::Remote
            }
        })
    }

    /// The seat whose side sits near: this device's, a spectator's the first seat's.
    pub fn near_seat(&self) -> SeatOrder {
        self.seat.unwrap_or(SeatOrder::First)
    }

    /// The seat that plays `side`, once the game has started.
    pub fn seat_playing(&self, side: Side) -> Option<&SeatView> {
        self.seats.as_ref()?.iter().find(|s| s.colour == Some(side))
    }

    /// This device's seat on the wire.
    pub fn my_seat(&self) -> Option<SeatId> {
        self.seat.map(SeatId::from)
    }

    /// This device's side, once the game has started.
    pub fn my_side(&self) -> Option<Side> {
        self.seats.as_ref()?[self.my_seat()?.index()].colour
    }

    /// Whether the game was drawn by the players' agreement (an accepted draw offer).
    pub fn agreed(&self) -> bool {
        self.ended == Some(EndReason::Agreed)
    }

    /// Whether this seat may offer now: a game under way, the link up, nothing standing and
    /// no offer made since the last action.
    pub fn may_offer(&self) -> bool {
        self.link == Link::Connected
            && self.my_seat().is_some()
            && self.ended.is_none()
            && self.offer.is_none()
            && !self.offered
            && self.seats.is_some()
    }

    /// Whether this seat may ask to take back: as [`OnlineTable::may_offer`], and the last
    /// action is this seat's own, not the clock's, and `undoable` (the game's say: Artifact
    /// Chess's army commitments are not taken back).
    pub fn may_take_back(&self, undoable: impl Fn(&str) -> bool) -> bool {
        self.may_offer()
            && self.sent.is_none()
            && self
                .last
                .as_ref()
                .is_some_and(|l| Some(l.by) == self.my_side() && !l.timeout && undoable(&l.action))
    }

    /// The other seat's standing offer, for this seat to answer.
    pub fn offer_to_answer(&self) -> Option<OfferKind> {
        self.offer
            .filter(|o| Some(o.by) != self.my_seat() && self.my_seat().is_some())
            .map(|o| o.what)
    }

    /// This seat's own standing offer.
    pub fn my_offer(&self) -> Option<OfferKind> {
        self.offer
            .filter(|o| Some(o.by) == self.my_seat())
            .map(|o| o.what)
    }

    /// Whether this seat has asked for a rematch (and it has not lapsed).
    pub fn rematch_asked(&self) -> bool {
        self.my_seat().is_some_and(|s| self.rematch[s.index()])
    }

    /// Whether the other seat asks for a rematch.
    pub fn rematch_offered(&self) -> bool {
        self.my_seat()
            .is_some_and(|s| self.rematch[s.other().index()])
    }

    /// Whether a rematch may be asked now: the game over at a table still open, the other
    /// player there (a bot always is), and no request lapsed.
    pub fn may_rematch(&self) -> bool {
        self.ended.is_some()
            && self.my_seat().is_some()
            && self.link == Link::Connected
            && !self.rematch_lapsed
            && self.other().is_some_and(|o| o.connected)
    }

    /// Does what the player asked (the link sends it); `false` when it cannot be asked now.
    pub fn ask(&mut self, ask: Ask) -> bool {
        match ask {
            Ask::Rematch if self.may_rematch() && !self.rematch_asked() => {
                if let Some(s) = self.my_seat() {
                    self.rematch[s.index()] = true;
                }
                self.outgoing.push(Outgoing::Rematch);
            }
            Ask::Offer(OfferKind::Draw) if self.may_offer() => {
                self.offered = true;
                self.outgoing.push(Outgoing::Offer(OfferKind::Draw));
            }
            Ask::Offer(OfferKind::Takeback) if self.may_take_back(|_| true) => {
                self.offered = true;
                self.outgoing.push(Outgoing::Offer(OfferKind::Takeback));
            }
            Ask::Answer(accept) if self.link == Link::Connected => {
                let Some(what) = self.offer_to_answer() else {
                    return false;
                };
                // The server's `answered` comes to every seat; the question goes now.
                self.offer = None;
                self.outgoing.push(Outgoing::Answer(what, accept));
            }
            _ => return false,
        }
        true
    }

    /// The other seat's name as the table says it.
    fn other_name(&self) -> Message {
        self.other().map_or(msg("seat.remote"), seat_name)
    }

    /// Whether an action chosen at `now` (`net::clock`) reaches the server before its clock
    /// runs out, with nothing else awaited: it must leave by the deadline less the way there and
    /// [`SEND_MARGIN`]. Without a deadline read yet, while the countdown shows time left.
    pub fn in_time_at(&self, now: std::time::Duration) -> bool {
        if self.sent.is_some() {
            return false;
        }
        match self.deadline {
            Some(d) => d.at.saturating_sub(now) > d.latency + SEND_MARGIN,
            None => self.countdown.is_none_or(|left| left > 0.0),
        }
    }

    /// Back to a seat kept on the device (its token and code); `None` when none is kept.
    pub fn returning(seat: SavedSeat) -> Option<OnlineTable> {
        let request = seat.request?;
        Some(OnlineTable {
            token: Some(seat.token),
            code: Some(seat.code),
            ..OnlineTable::new(request, seat.url)
        })
    }

    /// The seat to keep on the device while the game goes on (none once it is `over`, or the
    /// session lost).
    pub fn seat_to_keep(&self, over: bool) -> Option<SavedSeat> {
        if over || matches!(self.link, Link::Lost(_)) {
            return None;
        }
        Some(SavedSeat {
            url: self.url.clone(),
            code: self.code.clone()?,
            token: self.token.clone()?,
            request: Some(self.request.clone()),
        })
    }

    /// Takes in what the session heard: the seats, the presence, the refusals and the link are
    /// the same for every game and end here; the table's state, the start, an action and the
    /// end are the game's ([`Taken::Game`]), the countdown and the move awaited set first.
    pub fn take_in(&mut self, heard: Heard) -> Taken {
        let news = match heard {
            Heard::Seated { code, seat, token } => {
                bevy::log::info!("online: seated at table {code}");
                self.code = Some(code);
                self.seat = Some(SeatOrder::from(seat));
                self.token = Some(token);
                vec![News::Changed, News::KeepSeat]
            }
            Heard::Rematched { code, seat, token } => {
                bevy::log::info!("online: a rematch, at table {code}");
                self.code = Some(code);
                self.seat = Some(SeatOrder::from(seat));
                self.token = Some(token);
                self.new_game();
                self.fresh = true;
                vec![News::Changed, News::KeepSeat]
            }
            Heard::Rematch { asked } => {
                let before = self.rematch;
                self.rematch = asked;
                if asked.iter().any(|a| *a) {
                    self.rematch_lapsed = false;
                }
                let other = self.my_seat().map(|s| s.other().index());
                if self.spectating() {
                    // A spectator is asked nothing: the end banner says no more.
                    vec![News::Changed]
                } else if asked == [false; 2] && before != [false; 2] {
                    self.rematch_lapsed = true;
                    vec![News::Say(msg("online.rematch.lapsed"))]
                } else if other.is_some_and(|o| asked[o] && !before[o]) {
                    vec![News::Say(
                        msg("online.rematch.asks").with_words("name", self.other_name()),
                    )]
                } else {
                    vec![News::Changed]
                }
            }
            Heard::Offer(offer) => {
                self.offer = Some(offer);
                if Some(offer.by) == self.my_seat() {
                    self.offered = true;
                }
                vec![News::Changed]
            }
            Heard::Answered {
                what,
                by,
                accept,
                lapsed,
            } => {
                self.offer = None;
                // This seat's own answers, and a lapse by its maker's action, go unsaid.
                if Some(by) == self.my_seat() || lapsed || self.my_seat().is_none() {
                    return Taken::News(vec![News::Changed]);
                }
                let key = match (what, accept) {
                    (OfferKind::Draw, true) => "online.answer.draw_accepted",
                    (OfferKind::Draw, false) => "online.answer.draw_declined",
                    (OfferKind::Takeback, true) => "online.answer.takeback_accepted",
                    (OfferKind::Takeback, false) => "online.answer.takeback_declined",
                };
                vec![News::Say(msg(key).with_words("name", self.other_name()))]
            }
            Heard::Watchers(count) => {
                self.watchers = count;
                vec![News::Changed]
            }
            Heard::Watching { code } => {
                bevy::log::info!("online: watching table {code}");
                self.code = Some(code);
                vec![News::Changed]
            }
            Heard::Table(ref view) => {
                self.code = Some(view.code.clone());
                self.rated = view.rated;
                if view.outcome.is_none() {
                    self.rating_change = None;
                }
                self.control = view.control;
                self.watchers = view.watchers;
                self.offer = view.offer;
                self.rematch = view.rematch;
                self.ended = view.outcome.map(|o| o.reason);
                self.to_move = view.to_move.filter(|_| view.phase == Phase::Playing);
                self.last = view.game.moves().last().map(|m| LastAction {
                    by: m.by,
                    timeout: m.timeout,
                    action: m.action.clone(),
                });
                if let Some(you) = view.you {
                    self.seat = Some(SeatOrder::from(you));
                }
                self.seats = Some(view.seats.clone());
                self.bot_in = view.bot_in_ms.map(|ms| ms as f32 / 1000.0);
                self.sent = None;
                // What the server said; the link measures it against its deadline from the
                // next frame on.
                self.countdown =
                    seconds(view.time_left_ms).filter(|_| view.phase == Phase::Playing);
                self.deadline = None;
                return Taken::Game(heard);
            }
            Heard::SeatTaken(seat) => {
                let said = seat_name(&seat);
                if let Some(seats) = self.seats.as_mut() {
                    let i = seat.seat.index();
                    seats[i] = seat;
                }
                vec![News::Say(msg("online.seat_taken").with_words("name", said))]
            }
            Heard::Started {
                ref fingerprint,
                ref seats,
                time_left_ms,
                ..
            } => {
                bevy::log::info!("online: the game started (fingerprint {fingerprint})");
                self.seats = Some(seats.clone());
                self.bot_in = None;
                self.to_move = Some(Side::Ash);
                self.countdown = seconds(time_left_ms);
                self.deadline = None;
                return Taken::Game(heard);
            }
            Heard::Played {
                ref played,
                ref to_move,
                time_left_ms,
                ..
            } => {
                self.last = Some(LastAction {
                    by: played.by,
                    timeout: played.timeout,
                    action: played.action.clone(),
                });
                self.offer = None;
                self.offered = false;
                self.to_move = *to_move;
                self.sent = None;
                self.countdown = seconds(time_left_ms).filter(|_| to_move.is_some());
                self.deadline = None;
                return Taken::Game(heard);
            }
            Heard::Presence { seat, connected } => {
                // A player who leaves after the end takes the rematch request with them.
                if !connected && self.ended.is_some() {
                    self.rematch_lapsed = true;
                }
                let mut name = msg("seat.remote");
                // "Back" only for a player who was there and went away: not for the first
                // arrival, nor for a seat already shown connected.
                let mut news = false;
                if let Some(seats) = self.seats.as_mut() {
                    let was = &seats[seat.index()];
                    news = if connected {
                        was.kind != SeatKind::Empty && !was.connected
                    } else {
                        was.connected
                    };
                    seats[seat.index()].connected = connected;
                    name = seat_name(&seats[seat.index()]);
                }
                if self.seat == Some(SeatOrder::from(seat)) || !news {
                    return Taken::News(Vec::new());
                }
                let key = if connected {
                    "online.back"
                } else {
                    "online.away"
                };
                vec![News::Say(msg(key).with_words("name", name))]
            }
            Heard::Ended {
                ref outcome,
                ref ratings,
                ..
            } => {
                self.ended = Some(outcome.reason);
                self.rating_change = *ratings;
                self.to_move = None;
                self.offer = None;
                self.sent = None;
                self.countdown = None;
                self.deadline = None;
                return Taken::Game(heard);
            }
            Heard::Refused { code, message } => {
                bevy::log::warn!("online: the server refused ({code:?}): {message}");
                let sent = self.sent.take().is_some();
                // An action that reached the server after its clock ran out: the timeout
                // action was played first (its event, or the whole state, is on its way).
                if sent && matches!(code, ErrorCode::NotYourTurn | ErrorCode::Stale) {
                    vec![News::Say(msg("online.too_late"))]
                } else if code == ErrorCode::Stale {
                    // The whole state is on its way.
                    Vec::new()
                } else {
                    vec![News::Say(
                        msg("online.refused").with_words("why", code.explain()),
                    )]
                }
            }
            Heard::Lost(lost) => {
                self.sent = None;
                self.link = Link::Lost(lost.clone());
                vec![News::Say(lost_message(&lost)), News::KeepSeat]
            }
        };
        Taken::News(news)
    }

    /// A new game at this table (a rematch's new table): nothing of the old one's offers,
    /// rematch, end or clock stays.
    fn new_game(&mut self) {
        self.offer = None;
        self.offered = false;
        self.rematch = [false; 2];
        self.rematch_lapsed = false;
        self.last = None;
        self.to_move = None;
        self.ended = None;
        self.banks = None;
        self.sent = None;
        self.countdown = None;
        self.deadline = None;
    }

    /// Whether the whole `state` just taken is the first of a rematch's new table (once).
    pub fn take_fresh(&mut self) -> bool {
        std::mem::take(&mut self.fresh)
    }

    /// The other seat as this device shows it.
    pub fn other(&self) -> Option<&SeatView> {
        let mine = self.seat?;
        self.seats.as_ref().map(|s| &s[1 - order_index(mine)])
    }
}

/// Time left on a clock, as the tables show it: "0:42", "12:05", "1:02:03", and under
/// correspondence "2 d 5 h".
pub fn clock_text(tr: &crate::i18n::Tr, seconds: f64) -> String {
    let s = seconds.max(0.0).ceil() as u64;
    match s {
        0..3600 => format!("{}:{:02}", s / 60, s % 60),
        3600..86_400 => format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60),
        _ => tr.tf(
            "online.clock.days",
            &[
                ("days", &(s / 86_400).to_string()),
                ("hours", &(s / 3600 % 24).to_string()),
            ],
        ),
    }
}

/// A time control in the player's words ("30 s a turn", "3 min a turn", "5 min + 3 s", "1 day
/// a move"), in the lobby and at the table.
pub fn control_text(tr: &crate::i18n::Tr, c: TimeControl) -> String {
    match c {
        TimeControl::Turn { seconds } if seconds >= 60 && seconds % 60 == 0 => tr.tf(
            "lobby.control.turn_minutes",
            &[("n", &(seconds / 60).to_string())],
        ),
        TimeControl::Turn { seconds } => {
            tr.tf("lobby.control.turn", &[("n", &seconds.to_string())])
        }
        TimeControl::Bank { base, increment } if base % 60 == 0 => tr.tf(
            "lobby.control.bank",
            &[
                ("minutes", &(base / 60).to_string()),
                ("increment", &increment.to_string()),
            ],
        ),
        TimeControl::Bank { .. } => c.label(),
        TimeControl::Days { days: 1 } => tr.t("lobby.control.day").to_string(),
        TimeControl::Days { days } => tr.tf("lobby.control.days", &[("n", &days.to_string())]),
    }
}

/// A protocol's milliseconds as seconds.
pub fn seconds(ms: Option<u64>) -> Option<f64> {
    ms.map(|ms| ms as f64 / 1000.0)
}

fn order_index(o: SeatOrder) -> usize {
    match o {
        SeatOrder::First => 0,
        SeatOrder::Second => 1,
    }
}

/// A seat's name as the table shows it: the player's name, or what kind of seat it is (the
/// server's bot is always labelled as a bot).
pub fn seat_name(view: &SeatView) -> Message {
    match view.kind {
        SeatKind::Bot => Seat::Bot(view.level.unwrap_or(BotLevel::Normal).into()).label(),
        SeatKind::Human if !view.name.is_empty() => msg("online.name").with("name", &view.name),
        SeatKind::Human => msg("seat.remote"),
        SeatKind::Empty => msg("online.seat_empty"),
    }
}

/// Why the session ended, in the player's words.
pub fn lost_message(lost: &Lost) -> Message {
    match lost {
        Lost::Version => msg("online.lost.version"),
        Lost::NoSuchTable => msg("online.lost.no_such_table"),
        Lost::TableFull => msg("online.lost.table_full"),
        Lost::SeatGone => msg("online.lost.seat_gone"),
        Lost::Replaced => msg("online.lost.replaced"),
        Lost::Unavailable => msg("online.lost.unavailable"),
        Lost::Unreachable(_) if crate::app::platform::offline() => msg("online.offline"),
        Lost::Unreachable(why) => msg("online.lost.unreachable").with("why", why.as_str()),
        Lost::Finished => msg("online.lost.finished"),
        Lost::EndedAway => msg("online.lost.ended_away"),
    }
}

/// The link as the player sees it.
pub fn link_message(link: &Link) -> Message {
    match link {
        Link::Connecting => msg("online.link.connecting"),
        Link::Connected => msg("online.link.connected"),
        Link::Reconnecting { attempt } => {
            msg("online.link.reconnecting").with("attempt", attempt.to_string())
        }
        Link::Lost(l) => lost_message(l),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn table(countdown: Option<f64>, deadline: Option<Deadline>) -> OnlineTable {
        OnlineTable {
            countdown,
            deadline,
            ..OnlineTable::new(
                Request::Join {
                    code: "ABCD".into(),
                    name: String::new(),
                },
                "ws://127.0.0.1:1/ws".into(),
            )
        }
    }

    #[test]
    fn an_action_is_in_time_when_it_leaves_before_the_deadline_less_the_way_there() {
        let at = Duration::from_secs(100);
        let latency = Duration::from_millis(50);
        // The countdown of the frame before showed time left; the deadline decides.
        let t = table(Some(3.0), Some(Deadline { at, latency }));
        let ms = Duration::from_millis;
        assert!(t.in_time_at(ms(90_000)));
        // It must leave by 100 s less 50 ms on the way less the margin.
        let last = at - latency - SEND_MARGIN;
        assert!(t.in_time_at(last - ms(1)));
        assert!(!t.in_time_at(last));
        assert!(!t.in_time_at(at));
        assert!(!t.in_time_at(ms(200_000)));
        // A move on its way: nothing more, in time or not.
        let sent = OnlineTable {
            sent: Some("wS1".into()),
            ..t.clone()
        };
        assert!(!sent.in_time_at(ms(0)));
        // Before the link has read a deadline, the countdown the server told decides.
        assert!(table(Some(0.4), None).in_time_at(ms(500_000)));
        assert!(!table(Some(0.0), None).in_time_at(ms(0)));
        assert!(table(None, None).in_time_at(ms(0)));
    }

    /// A refusal is said by its code in the player's language; the server's English `message`
    /// (for the log) is never shown.
    #[test]
    fn a_refusal_is_worded_by_its_code_never_by_the_servers_english() {
        use crate::i18n::{Lang, Strings};
        let mut t = playing();
        let english = "the rules refuse it: your Elder must be out by your fourth turn";
        let Taken::News(news) = t.take_in(Heard::Refused {
            code: ErrorCode::Illegal,
            message: english.into(),
        }) else {
            panic!("a refusal is news");
        };
        let [News::Say(said)] = news.as_slice() else {
            panic!("one thing to say: {news:?}");
        };
        let pt = Strings::new(Lang::Pt).say(said);
        assert_eq!(
            pt,
            "O servidor recusou: as regras do servidor não permitem essa jogada aqui"
        );
        for lang in Lang::ALL {
            let words = Strings::new(lang).say(said);
            assert!(!words.contains("Elder"), "{}: {words}", lang.code());
        }
    }

    /// Ana's table (first seat, ash) against Rui, the game under way, the link up.
    fn playing() -> OnlineTable {
        let mut t = table(None, None);
        t.seat = Some(SeatOrder::First);
        t.link = Link::Connected;
        let seat = |seat, name: &str, colour| SeatView {
            seat,
            kind: SeatKind::Human,
            level: None,
            name: name.into(),
            connected: true,
            you: seat == SeatId::First,
            colour: Some(colour),
            fingerprint: None,
            key: None,
            rating: None,
        };
        t.seats = Some([
            seat(SeatId::First, "Ana", Side::Ash),
            seat(SeatId::Second, "Rui", Side::Walnut),
        ]);
        t
    }

    fn played(by: Side, timeout: bool) -> Heard {
        Heard::Played {
            played: crate::net::protocol::PlayedView {
                seq: 1,
                action: "x".into(),
                by,
                timeout,
            },
            to_move: None,
            time_left_ms: None,
            chess: None,
        }
    }

    fn rui() -> Message {
        msg("online.name").with("name", "Rui")
    }

    #[test]
    fn offers_one_an_action_a_takeback_only_of_ones_own_last_action_not_the_clocks() {
        let mut t = playing();
        assert!(t.may_offer());
        assert!(!t.may_take_back(|_| true), "nothing played yet");
        t.take_in(played(Side::Walnut, false));
        assert!(!t.may_take_back(|_| true), "Rui's action");
        t.take_in(played(Side::Ash, true));
        assert!(!t.may_take_back(|_| true), "the clock's");
        t.take_in(played(Side::Ash, false));
        assert!(t.may_take_back(|_| true));
        assert!(!t.may_take_back(|a| a != "x"), "the game's say");
        assert!(t.ask(Ask::Offer(OfferKind::Takeback)));
        assert_eq!(t.outgoing, [Outgoing::Offer(OfferKind::Takeback)]);
        // Once between two actions.
        assert!(!t.may_offer() && !t.ask(Ask::Offer(OfferKind::Draw)));
        t.take_in(Heard::Offer(OfferView {
            what: OfferKind::Takeback,
            by: SeatId::First,
        }));
        assert_eq!(t.my_offer(), Some(OfferKind::Takeback));
        assert_eq!(t.offer_to_answer(), None);
        // Rui declines: said; a lapse by Ana's own action is not.
        let answered = |accept, lapsed| Heard::Answered {
            what: OfferKind::Takeback,
            by: SeatId::Second,
            accept,
            lapsed,
        };
        assert_eq!(
            t.take_in(answered(false, false)),
            Taken::News(vec![News::Say(
                msg("online.answer.takeback_declined").with_words("name", rui())
            )])
        );
        assert_eq!(t.offer, None);
        assert_eq!(
            t.take_in(answered(false, true)),
            Taken::News(vec![News::Changed])
        );
        // An action: offers again.
        t.take_in(played(Side::Walnut, false));
        assert!(t.may_offer());
        // Rui's draw offer, answered here: the answer goes, the offer is answered.
        t.take_in(Heard::Offer(OfferView {
            what: OfferKind::Draw,
            by: SeatId::Second,
        }));
        assert!(!t.may_offer(), "one offer standing");
        assert_eq!(t.offer_to_answer(), Some(OfferKind::Draw));
        t.outgoing.clear();
        assert!(t.ask(Ask::Answer(true)));
        assert_eq!(t.outgoing, [Outgoing::Answer(OfferKind::Draw, true)]);
        assert!(!t.ask(Ask::Answer(false)), "answered once");
        // Offline: nothing is asked.
        t.link = Link::Reconnecting { attempt: 1 };
        assert!(!t.ask(Ask::Offer(OfferKind::Draw)));
    }

    #[test]
    fn a_rematch_is_asked_after_the_end_shown_when_asked_and_lapses_when_a_player_leaves() {
        let mut t = playing();
        assert!(!t.ask(Ask::Rematch), "not during the game");
        t.take_in(Heard::Ended {
            outcome: crate::net::protocol::Outcome {
                winner: None,
                reason: EndReason::Agreed,
            },
            seed: String::new(),
            record: String::new(),
            ratings: None,
        });
        assert!(t.agreed() && t.may_rematch() && !t.may_offer());
        assert_eq!(
            t.take_in(Heard::Rematch {
                asked: [false, true]
            }),
            Taken::News(vec![News::Say(
                msg("online.rematch.asks").with_words("name", rui())
            )])
        );
        assert!(t.rematch_offered() && !t.rematch_asked());
        assert!(t.ask(Ask::Rematch));
        assert_eq!(t.outgoing, [Outgoing::Rematch]);
        assert!(!t.ask(Ask::Rematch), "once");
        // Rui leaves: the request lapses, shown, and is asked no more.
        t.take_in(Heard::Presence {
            seat: SeatId::Second,
            connected: false,
        });
        assert_eq!(
            t.take_in(Heard::Rematch { asked: [false; 2] }),
            Taken::News(vec![News::Say(msg("online.rematch.lapsed"))])
        );
        assert!(!t.may_rematch());
        // Both asked: the new table, with nothing of the old game's.
        assert_eq!(
            t.take_in(Heard::Rematched {
                code: "NEW567".into(),
                seat: SeatId::First,
                token: "u".repeat(64),
            }),
            Taken::News(vec![News::Changed, News::KeepSeat])
        );
        assert_eq!(t.code.as_deref(), Some("NEW567"));
        assert_eq!(t.token.as_deref(), Some("u".repeat(64).as_str()));
        assert!(t.ended.is_none() && !t.rematch_lapsed && t.rematch == [false; 2]);
        assert!(t.take_fresh() && !t.take_fresh());
        assert!(t.seat_to_keep(false).is_some());
        t.take_in(Heard::Watchers(3));
        assert_eq!(t.watchers, 3);
    }

    #[test]
    fn what_the_server_tells_of_the_clock_replaces_the_deadline_read_before() {
        let mut t = table(
            Some(1.0),
            Some(Deadline {
                at: Duration::from_secs(5),
                latency: Duration::ZERO,
            }),
        );
        t.take_in(Heard::Ended {
            outcome: crate::net::protocol::Outcome {
                winner: None,
                reason: crate::net::protocol::EndReason::Resigned,
            },
            seed: String::new(),
            record: String::new(),
            ratings: None,
        });
        assert_eq!((t.countdown, t.deadline), (None, None));
    }
}
