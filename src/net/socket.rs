//! A WebSocket to the online table's server that never makes the game's frame loop wait: text
//! frames go in through `Socket::send` and come out of `Socket::poll` with the connection's
//! opening and closing, in order. The same interface on both platforms: on the desktop a thread
//! of its own (`desktop`), in the browser the page's WebSocket and its callbacks (`web`).

#[cfg(not(target_arch = "wasm32"))]
mod desktop;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
pub use desktop::Socket;
#[cfg(target_arch = "wasm32")]
pub use web::Socket;

/// What happened on the connection, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SocketEvent {
    /// The WebSocket is open: send `hello`.
    Opened,
    /// A text frame from the server.
    Text(String),
    /// The connection closed or could not be opened (why, in English). Said once, last.
    Closed(String),
}
