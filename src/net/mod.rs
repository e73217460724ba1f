//! The online table's wire format, shared by the server, the desktop game and the browser build.
//! Plain serde types, no networking: `docs/protocol.md` describes the conversation.

pub mod protocol;
