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
    /// An action sent without `seq`: Artifact Chess's `ready` and `reveal`, which both seats
    /// send at the same time.
    Unsequenced {
        action: String,
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
    /// When the server plays the timeout action, on this device's clock (`net::clock`), and
    /// how long a frame takes from here to the server: set every frame by the link with the
    /// countdown. Whether an action may still be sent is read against these at the moment it
    /// is chosen ([`OnlineTable::in_time_at`]), not against the countdown of the frame before:
    /// at a few frames a second, or after the engine thought for the seat, that frame is long
    /// gone. `None` until the link has read a deadline (the countdown alone decides then).
    pub deadline: Option<Deadline>,
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
        }
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
                self.countdown = seconds(time_left_ms);
                self.deadline = None;
                return Taken::Game(heard);
            }
            Heard::Played {
                ref to_move,
                time_left_ms,
                ..
            } => {
                self.sent = None;
                self.countdown = seconds(time_left_ms).filter(|_| to_move.is_some());
                self.deadline = None;
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
        });
        assert_eq!((t.countdown, t.deadline), (None, None));
    }
}
