//! The online side of a table, written once for any game: what was asked of the server, the
//! link's state, the seats as the server shows them, the move sent and not yet heard back, the
//! server's countdown, and the seat kept on the device so a closed game can go back to it. A
//! game's table holds an [`OnlineTable`] while it plays at a server; the panels word its link
//! ([`link_message`]) and its seats ([`seat_name`]).

use crate::fair::SeatOrder;
use crate::i18n::{Message, msg};
use crate::net::client::{Link, Lost, Request};
use crate::net::protocol::{BotLevel, SeatKind, SeatView};
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

impl OnlineTable {
    /// The other seat as this device shows it.
    pub fn other(&self) -> Option<&SeatView> {
        let mine = self.seat?;
        self.seats.as_ref().map(|s| &s[1 - order_index(mine)])
    }
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
