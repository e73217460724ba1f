//! The online side of a table, written once for any game: what was asked of the server, the
//! link's state, the seats as the server shows them, the move sent and not yet heard back, the
//! server's countdown, and the seat kept on the device so a closed game can go back to it. A
//! game's table holds an [`OnlineTable`] while it plays at a server; the panels word its link
//! ([`link_message`]) and its seats ([`seat_name`]). What the session heard that is no game's
//! ends here ([`OnlineTable::take_in`]); the rest is the game's table's.

use crate::fair::SeatOrder;
use crate::i18n::{Message, msg};
use crate::net::client::{Heard, Link, Lost, Request};
use crate::net::protocol::{BotLevel, ErrorCode, Phase, SeatKind, SeatView};
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
    Resign,
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
}

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
pub enum Taken {
    News(Vec<News>),
    Game(Heard),
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
            Heard::Table(ref view) => {
                self.code = Some(view.code.clone());
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
                self.countdown = seconds(time_left_ms);
                return Taken::Game(heard);
            }
            Heard::Played {
                ref to_move,
                time_left_ms,
                ..
            } => {
                self.sent = None;
                self.countdown = seconds(time_left_ms).filter(|_| to_move.is_some());
                return Taken::Game(heard);
            }
            Heard::Presence { seat, connected } => {
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
            Heard::Ended { .. } => {
                self.sent = None;
                self.countdown = None;
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
                        msg("online.refused").with("why", message.as_str()),
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

    /// The other seat as this device shows it.
    pub fn other(&self) -> Option<&SeatView> {
        let mine = self.seat?;
        self.seats.as_ref().map(|s| &s[1 - order_index(mine)])
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
        Lost::Unreachable(why) => msg("online.lost.unreachable").with("why", why.as_str()),
        Lost::Finished => msg("online.lost.finished"),
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
