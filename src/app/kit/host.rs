//! The table's authority, written once for any game: the table asks its [`Host`] whether an
//! action may be played now (or is sent and awaited), whose seat is this device's, what time
//! is left, and, at the end, what the host told of the game (its seed's fingerprint, the seed
//! revealed, the record). Here (no [`OnlineTable`]) the match decides everything on this
//! device; at a server ([`OnlineTable`]) the server does, and what it accepted is played into
//! the match through the ordinary rule path.
//!
//! The game itself stays a game played here ([`Fair`]); what a server told of it is kept
//! beside it in [`Hosted`], so the panels that ask the game for its fingerprint, its revealed
//! seed and its record get the host's answer.

use super::online::{Ask, OnlineTable, Outgoing};
use crate::fair::{SeatOrder, Seed};
use crate::net::client::Link;
use serde::{Deserialize, Serialize};

/// What a server told of a game it holds: the fingerprint shown from the start, and the seed
/// and the whole record once the game has ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeldElsewhere {
    pub fingerprint: String,
    pub seed: Option<Seed>,
    /// The record as the server wrote it (the text `tables verify` reads).
    pub record: Option<String>,
}

/// A game's fairness as the game played here knows it (commit–reveal: the fingerprint shown
/// from the start, the seed revealed at the end, the record anyone can verify).
pub trait Fair {
    /// The game's record.
    type Record;
    /// The fingerprint shown from the start.
    fn fingerprint(&self) -> String;
    /// The seed, once the game has ended.
    fn revealed(&self) -> Option<Seed>;
    /// Whether the game has ended.
    fn over(&self) -> bool;
    /// The game's record, as written here.
    fn record(&self) -> Self::Record;
    /// A record in its text form (the server's), if it reads.
    fn read_record(text: &str) -> Option<Self::Record>;
}

/// A game as the table holds it: the game played here, and what its host told of it (nothing
/// here; a server's fingerprint, seed and record online). Everything else is the game's own
/// (it dereferences to it). Saved as the game alone: an online game is the server's to keep.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Hosted<G> {
    game: G,
    #[serde(skip)]
    told: Option<HeldElsewhere>,
}

impl<G: crate::save::Saved> crate::save::Saved for Hosted<G> {
    const KEY: &'static str = G::KEY;
    const VERSION: u32 = G::VERSION;

    fn migrate(version: u32, data: serde_json::Value) -> Option<Self> {
        G::migrate(version, data).map(Hosted::here)
    }
}

impl<G> std::ops::Deref for Hosted<G> {
    type Target = G;
    fn deref(&self) -> &G {
        &self.game
    }
}

impl<G> std::ops::DerefMut for Hosted<G> {
    fn deref_mut(&mut self) -> &mut G {
        &mut self.game
    }
}

impl<G> From<G> for Hosted<G> {
    fn from(game: G) -> Hosted<G> {
        Hosted::here(game)
    }
}

impl<G> Hosted<G> {
    /// A game played on this device.
    pub fn here(game: G) -> Hosted<G> {
        Hosted { game, told: None }
    }

    /// A game a server holds, `fingerprint` the one it showed.
    pub fn elsewhere(game: G, fingerprint: String) -> Hosted<G> {
        Hosted {
            game,
            told: Some(HeldElsewhere {
                fingerprint,
                seed: None,
                record: None,
            }),
        }
    }

    /// What the server told of the game; `None` for a game on this device.
    pub fn held_elsewhere(&self) -> Option<&HeldElsewhere> {
        self.told.as_ref()
    }

    /// The server ended the game: the seed it revealed and the whole record.
    pub fn told_end(&mut self, seed: Option<Seed>, record: String) {
        if let Some(t) = self.told.as_mut() {
            t.seed = seed;
            t.record = Some(record);
        }
    }

    /// The game played here.
    pub fn played_here(&self) -> &G {
        &self.game
    }
}

impl<G: Fair> Hosted<G> {
    /// The fingerprint shown from the start (online: the server's).
    pub fn fingerprint(&self) -> String {
        match &self.told {
            Some(t) => t.fingerprint.clone(),
            None => self.game.fingerprint(),
        }
    }

    /// The seed, once the game has ended (online: once the server has revealed it).
    pub fn revealed(&self) -> Option<Seed> {
        match &self.told {
            Some(t) => t.seed.filter(|_| self.game.over()),
            None => self.game.revealed(),
        }
    }

    /// The server's record as text, once it has sent it (online, at the end).
    pub fn server_record(&self) -> Option<&str> {
        self.told.as_ref()?.record.as_deref()
    }

    /// The game record (online: the server's, once the game has ended and it reads).
    pub fn record(&self) -> G::Record {
        self.told
            .as_ref()
            .and_then(|t| t.record.as_deref())
            .and_then(G::read_record)
            .unwrap_or_else(|| self.game.record())
    }
}

/// Why the host takes no action now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotNow {
    /// The link to the server is down; the action waits until it is back.
    Offline,
    /// The last action sent is on its way to the server.
    Sent,
    /// The turn's time is out (or would be before an action got there): the server's timeout
    /// action is on its way.
    Late,
}

/// The authority a table asks. `None` is here: the match on this device decides; `Some` is a
/// server's table ([`OnlineTable`]).
pub trait Host {
    /// Whether the match on this device decides (no server).
    fn is_here(&self) -> bool;
    /// This device's seat, when a server gave one.
    fn seat(&self) -> Option<SeatOrder>;
    /// Whether an action may be sent now: here always; online, with the link up and nothing
    /// awaited.
    fn ready(&self) -> Result<(), NotNow>;
    /// Whether the turn's time allows an action: online, one sent now must reach the server
    /// before its clock runs out (read at this moment, not at the frame before: see
    /// [`OnlineTable::in_time_at`]); at 0:00 the server's timeout action is on its way.
    fn in_time(&self) -> bool;
    /// The seconds left on the clock of the side to act: here, `here` (the match's); online,
    /// the server's countdown while `counting`.
    fn time_left(&self, here: Option<f64>, counting: bool) -> Option<f64>;
    /// Whether the host keeps the clock and plays the timeout action (the table's clock only
    /// shows it).
    fn keeps_clock(&self) -> bool;
    /// Sends an action in the game's notation, `seq` the count of actions in the position it
    /// was chosen at; `false` here (the table plays it itself).
    fn send(&mut self, action: String, seq: u64) -> bool;
    /// Sends an action without a `seq` (one both seats send at the same time); `false` here.
    fn send_unsequenced(&mut self, action: String) -> bool;
    /// Asks the host to end the game by this device's resignation; `false` here.
    fn resign(&mut self) -> bool;
    /// Asks the server about its offers or a rematch ([`OnlineTable::ask`]); `false` here, or
    /// when it cannot be asked now.
    fn ask(&mut self, ask: Ask) -> bool;
    /// Lets `dt` seconds pass on what the host counts between its words (the bot's arrival).
    fn tick(&mut self, dt: f32);
    /// Whether the link to the host is up (here: always).
    fn connected(&self) -> bool;
}

/// Seconds until a table's shown time changes on its own (`TableKind::next_change`): the next
/// whole second of `left`, a clock that runs; at a server's table at least once a second (its
/// countdowns, its link's retries). `None` where nothing shown counts time.
pub fn next_change(host: &Option<OnlineTable>, left: Option<f64>) -> Option<f32> {
    let clock = left.map(|t| {
        let f = t.max(0.0).fract() as f32;
        // Just past the second it shows next.
        if f < 0.01 { f + 1.0 } else { f + 0.01 }
    });
    let online = host.as_ref().map(|_| 1.0);
    match (clock, online) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

impl Host for Option<OnlineTable> {
    fn is_here(&self) -> bool {
        self.is_none()
    }

    fn seat(&self) -> Option<SeatOrder> {
        self.as_ref().and_then(|o| o.seat)
    }

    fn ready(&self) -> Result<(), NotNow> {
        let Some(o) = self else {
            return Ok(());
        };
        if o.sent.is_some() {
            return Err(NotNow::Sent);
        }
        if o.link != Link::Connected {
            return Err(NotNow::Offline);
        }
        if !o.in_time_at(crate::net::clock::now()) {
            return Err(NotNow::Late);
        }
        Ok(())
    }

    fn in_time(&self) -> bool {
        self.as_ref()
            .is_none_or(|o| o.in_time_at(crate::net::clock::now()))
    }

    fn time_left(&self, here: Option<f64>, counting: bool) -> Option<f64> {
        match self {
            Some(o) => o.countdown.filter(|_| counting),
            None => here,
        }
    }

    fn keeps_clock(&self) -> bool {
        self.is_some()
    }

    fn send(&mut self, action: String, seq: u64) -> bool {
        let Some(o) = self.as_mut().filter(|o| !o.spectating()) else {
            return false;
        };
        o.sent = Some(action.clone());
        o.outgoing.push(Outgoing::Act { action, seq });
        true
    }

    fn send_unsequenced(&mut self, action: String) -> bool {
        let Some(o) = self.as_mut().filter(|o| !o.spectating()) else {
            return false;
        };
        o.outgoing.push(Outgoing::Unsequenced { action });
        true
    }

    fn resign(&mut self) -> bool {
        let Some(o) = self.as_mut().filter(|o| !o.spectating()) else {
            return false;
        };
        // The server ends the game; its `ended` comes back to every seat.
        o.outgoing.push(Outgoing::Resign);
        true
    }

    fn ask(&mut self, ask: Ask) -> bool {
        self.as_mut().is_some_and(|o| o.ask(ask))
    }

    fn tick(&mut self, dt: f32) {
        if let Some(bot_in) = self.as_mut().and_then(|o| o.bot_in.as_mut()) {
            *bot_in = (*bot_in - dt).max(0.0);
        }
    }

    fn connected(&self) -> bool {
        self.as_ref().is_none_or(|o| o.link == Link::Connected)
    }
}

#[cfg(test)]
mod tests {
    use super::next_change;

    #[test]
    fn a_running_clock_wakes_the_game_just_past_its_next_second() {
        // Nothing counts time here: no wake asked.
        assert_eq!(next_change(&None, None), None);
        // 12.4 s left: the clock shows its next second in 0.4 s.
        let wait = next_change(&None, Some(12.4)).unwrap();
        assert!((wait - 0.41).abs() < 1e-3, "{wait}");
        // On a whole second, the next one is a second away.
        let wait = next_change(&None, Some(12.0)).unwrap();
        assert!((wait - 1.0).abs() < 1e-3, "{wait}");
        // A clock past zero waits no less than a whole second.
        let wait = next_change(&None, Some(-3.0)).unwrap();
        assert!((wait - 1.0).abs() < 1e-3, "{wait}");
    }
}
