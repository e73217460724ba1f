//! The online table's wire format, shared by the server, the desktop game and the browser build:
//! `protocol` (plain serde types; `docs/protocol.md` describes the conversation), `client` (a
//! player's side of the conversation, without networking) and, on the desktop, `socket` (a
//! WebSocket on a thread of its own).

pub mod client;
pub mod protocol;
#[cfg(all(feature = "client", not(target_arch = "wasm32")))]
pub mod socket;
