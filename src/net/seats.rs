//! The seats this device holds at online tables, across games: every seat taken (opened,
//! joined, paired) is added, and one whose table the server no longer has (`games` says
//! `open: false`) is dropped. "Your games" asks the server about them and opens any of them;
//! each game's table goes back to one with its token (`hello {token}`), as after a restart.
//!
//! Kept in the device's store as a versioned value ([`crate::save`]); damaged data is
//! reported and replaced by an empty list, and a stored seat that makes no sense (an empty
//! token or code) is left out with a count of what was left out.

use super::protocol::{GameKind, MAX_GAMES_ASKED, SeatId, TimeControl};
use serde::{Deserialize, Serialize};

/// One seat at an online table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnSeat {
    pub game: GameKind,
    /// The server's address (`ws://HOST:PORT/ws`).
    pub url: String,
    /// The table's join code.
    pub code: String,
    /// The seat's token: the way back to it.
    pub token: String,
    /// Which seat, when known (`games` tells it too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<SeatId>,
    /// The table's time control, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<TimeControl>,
    /// When the seat was taken, seconds since 1970.
    #[serde(default)]
    pub opened_at: u64,
}

impl OwnSeat {
    fn sound(&self) -> bool {
        !self.token.trim().is_empty() && !self.code.trim().is_empty()
    }
}

/// The device's seats, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnSeats {
    pub seats: Vec<OwnSeat>,
}

impl crate::save::Saved for OwnSeats {
    const KEY: &'static str = "online.seats";
    const VERSION: u32 = 1;
}

impl OwnSeats {
    /// Adds a seat taken now (a seat of the same token, or the same table, is replaced; the list
    /// keeps the newest [`MAX_GAMES_ASKED`]). Whether the list changed.
    pub fn add(&mut self, seat: OwnSeat) -> bool {
        if !seat.sound() {
            return false;
        }
        let before = self.seats.clone();
        let old = self.seats.iter().position(|s| {
            s.token == seat.token
                || (s.game == seat.game && s.code == seat.code && same_server(&s.url, &seat.url))
        });
        let seat = match old {
            Some(i) => {
                let was = self.seats.remove(i);
                // What the seat taken now does not say is kept from before.
                OwnSeat {
                    seat: seat.seat.or(was.seat),
                    control: seat.control.or(was.control),
                    opened_at: if was.token == seat.token {
                        was.opened_at
                    } else {
                        seat.opened_at
                    },
                    ..seat
                }
            }
            None => seat,
        };
        self.seats.insert(0, seat);
        self.seats.truncate(MAX_GAMES_ASKED);
        self.seats != before
    }

    /// Drops the seats with these tokens (their tables are closed); whether any was dropped.
    pub fn prune(&mut self, closed: &[String]) -> bool {
        let before = self.seats.len();
        self.seats.retain(|s| !closed.contains(&s.token));
        self.seats.len() != before
    }

    /// What the server told of a seat: its seat and control are kept.
    pub fn learn(
        &mut self,
        token: &str,
        seat: Option<SeatId>,
        control: Option<TimeControl>,
    ) -> bool {
        let Some(s) = self.seats.iter_mut().find(|s| s.token == token) else {
            return false;
        };
        let before = (s.seat, s.control);
        s.seat = seat.or(s.seat);
        s.control = control.or(s.control);
        before != (s.seat, s.control)
    }

    /// The tokens of the seats at the server `url`, newest first.
    pub fn tokens_at(&self, url: &str) -> Vec<String> {
        self.seats
            .iter()
            .filter(|s| same_server(&s.url, url))
            .map(|s| s.token.clone())
            .collect()
    }

    /// The seat with this token.
    pub fn get(&self, token: &str) -> Option<&OwnSeat> {
        self.seats.iter().find(|s| s.token == token)
    }

    /// The list as read from the store, with the seats that make no sense left out: how many
    /// were.
    pub fn checked(mut self) -> (OwnSeats, usize) {
        let before = self.seats.len();
        self.seats.retain(OwnSeat::sound);
        let mut seen = std::collections::HashSet::new();
        self.seats.retain(|s| seen.insert(s.token.clone()));
        self.seats.truncate(MAX_GAMES_ASKED);
        let left_out = before - self.seats.len();
        (self, left_out)
    }
}

/// Whether two addresses name the same server (spaces and a final `/` aside).
pub fn same_server(a: &str, b: &str) -> bool {
    a.trim().trim_end_matches('/') == b.trim().trim_end_matches('/')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::{LoadStatus, MemoryStore, load, store};

    fn seat(game: GameKind, code: &str, token: &str, at: u64) -> OwnSeat {
        OwnSeat {
            game,
            url: "ws://h:1/ws".into(),
            code: code.into(),
            token: token.into(),
            seat: None,
            control: None,
            opened_at: at,
        }
    }

    #[test]
    fn seats_are_added_newest_first_replaced_by_token_and_pruned() {
        let mut l = OwnSeats::default();
        assert!(l.add(seat(GameKind::Hive, "AAA222", "a", 1)));
        assert!(l.add(seat(GameKind::Chess, "BBB333", "b", 2)));
        assert_eq!(l.tokens_at("ws://h:1/ws/ "), ["b", "a"]);
        assert!(l.tokens_at("ws://other:1/ws").is_empty());
        // The same seat again (a reconnect) keeps when it was opened and comes first.
        let mut again = seat(GameKind::Hive, "AAA222", "a", 9);
        again.seat = Some(SeatId::Second);
        assert!(l.add(again));
        assert_eq!(l.seats[0].opened_at, 1);
        assert_eq!(l.seats[0].seat, Some(SeatId::Second));
        assert!(
            !l.add(seat(GameKind::Hive, "AAA222", "a", 9)),
            "nothing new"
        );
        assert_eq!(
            l.seats[0].seat,
            Some(SeatId::Second),
            "what was known is kept"
        );
        // A seat without a token is no seat.
        assert!(!l.add(seat(GameKind::Hive, "CCC444", " ", 3)));
        // What the server tells is learnt.
        assert!(l.learn(
            "b",
            Some(SeatId::First),
            Some(TimeControl::Days { days: 3 })
        ));
        assert!(!l.learn("b", None, None));
        assert!(!l.learn("zzz", None, None));
        assert_eq!(
            l.get("b").unwrap().control,
            Some(TimeControl::Days { days: 3 })
        );
        assert!(l.prune(&["b".into()]));
        assert!(!l.prune(&["b".into()]));
        assert_eq!(l.tokens_at("ws://h:1/ws"), ["a"]);
        // The newest MAX_GAMES_ASKED are kept.
        for i in 0..100 {
            l.add(seat(
                GameKind::Snelab,
                &format!("C{i}"),
                &format!("t{i}"),
                i,
            ));
        }
        assert_eq!(l.seats.len(), MAX_GAMES_ASKED);
        assert_eq!(l.seats[0].token, "t99");
    }

    #[test]
    fn the_list_reads_back_and_damaged_data_is_reported_not_trusted() {
        let mut s = MemoryStore::default();
        let mut l = OwnSeats::default();
        let mut a = seat(GameKind::Hive, "AAA222", "a", 1);
        a.control = Some(TimeControl::Bank {
            base: 300,
            increment: 3,
        });
        l.add(a);
        l.add(seat(GameKind::Snelab, "BBB333", "b", 2));
        store(&mut s, &l).unwrap();
        assert_eq!(load::<OwnSeats>(&s), (l.clone(), LoadStatus::Loaded));
        // Broken text, another shape, a newer version: reported, an empty list used.
        for bad in [
            "{\"version\":1,\"da",
            "{\"version\":1,\"data\":{\"seats\":[{\"game\":\"go\"}]}}",
            "{\"version\":1,\"data\":[1,2]}",
            "{\"version\":7,\"data\":{\"seats\":[]}}",
        ] {
            s.values.insert("online.seats".into(), bad.into());
            let (read, status) = load::<OwnSeats>(&s);
            assert!(status.is_problem(), "{bad}");
            assert_eq!(read, OwnSeats::default());
        }
        // Seats that make no sense (no token, no code, twice the same) are left out and counted.
        s.values.insert(
            "online.seats".into(),
            "{\"version\":1,\"data\":{\"seats\":[\
             {\"game\":\"hive\",\"url\":\"u\",\"code\":\"A\",\"token\":\"a\"},\
             {\"game\":\"hive\",\"url\":\"u\",\"code\":\"\",\"token\":\"b\"},\
             {\"game\":\"chess\",\"url\":\"u\",\"code\":\"C\",\"token\":\"\"},\
             {\"game\":\"hive\",\"url\":\"u\",\"code\":\"A\",\"token\":\"a\"}]}}"
                .into(),
        );
        let (read, status) = load::<OwnSeats>(&s);
        assert_eq!(status, LoadStatus::Loaded);
        let (checked, left_out) = read.checked();
        assert_eq!((checked.seats.len(), left_out), (1, 3));
        assert_eq!(
            checked.seats[0].opened_at, 0,
            "absent fields take their defaults"
        );
    }
}
