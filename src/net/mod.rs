//! The online table's wire format, shared by the server, the desktop game and the browser build:
//! `protocol` (plain serde types; `docs/protocol.md` describes the conversation), `client` (a
//! player's side of the conversation, without networking, with the turn's countdown measured
//! on `clock`, this device's monotonic time) and `socket` (the connection itself:
//! a thread of its own on the desktop, the page's WebSocket in the browser). `lobby` is the
//! player's side of finding a game (the lobby, the pairing queue, "your games"), and `seats`
//! the seats this device holds across games.

pub mod client;
pub mod clock;
pub mod lobby;
pub mod protocol;
pub mod seats;
#[cfg(feature = "client")]
pub mod socket;
