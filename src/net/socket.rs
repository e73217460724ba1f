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

/// What the game gives the sockets to wake its frame loop with when something arrives: a game
/// that draws only when something changes (`app::calm`) sleeps between frames, and a frame
/// from the server must not wait for the next wake-up to be read.
#[cfg(not(target_arch = "wasm32"))]
static WAKER: std::sync::OnceLock<Box<dyn Fn() + Send + Sync>> = std::sync::OnceLock::new();

#[cfg(target_arch = "wasm32")]
thread_local! {
    static WAKER: std::cell::RefCell<Option<Box<dyn Fn()>>> = const { std::cell::RefCell::new(None) };
}

/// Sets what wakes the game's frame loop when a socket has news (once; later calls are
/// ignored).
#[cfg(not(target_arch = "wasm32"))]
pub fn set_waker(wake: impl Fn() + Send + Sync + 'static) {
    let _ = WAKER.set(Box::new(wake));
}

/// Sets what wakes the game's frame loop when a socket has news (once; later calls are
/// ignored).
#[cfg(target_arch = "wasm32")]
pub fn set_waker(wake: impl Fn() + 'static) {
    WAKER.with(|w| {
        let mut w = w.borrow_mut();
        if w.is_none() {
            *w = Some(Box::new(wake));
        }
    });
}

/// Wakes the game's frame loop, if it gave a waker.
fn wake() {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(wake) = WAKER.get() {
        wake();
    }
    #[cfg(target_arch = "wasm32")]
    WAKER.with(|w| {
        if let Some(wake) = w.borrow().as_ref() {
            wake();
        }
    });
}

/// What happened on the connection, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SocketEvent {
    /// The WebSocket is open: send `hello`.
    Opened,
    /// A text frame from the server, and when it arrived (`net::clock`): taken when the socket
    /// read it, so a frame of the game that gets to it late does not make it newer.
    Text(String, std::time::Duration),
    /// The connection closed or could not be opened (why, in English). Said once, last.
    Closed(String),
}

/// Why a connection closed, in English, from the page's close event (its code and reason).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn close_reason(code: u16, reason: &str) -> String {
    match (code, reason.is_empty()) {
        (1000, true) => "closed by the server".to_string(),
        (1006, true) => "the connection could not be opened or was lost (1006)".to_string(),
        (_, true) => format!("closed ({code})"),
        (_, false) => format!("closed ({code}: {reason})"),
    }
}

#[cfg(test)]
mod tests {
    use super::close_reason;

    #[test]
    fn a_close_is_said_in_words_with_its_code_and_reason() {
        assert_eq!(close_reason(1000, ""), "closed by the server");
        assert_eq!(
            close_reason(1006, ""),
            "the connection could not be opened or was lost (1006)"
        );
        assert_eq!(close_reason(1011, ""), "closed (1011)");
        // A reason the server gave is kept, whatever the code.
        assert_eq!(close_reason(1000, "bye"), "closed (1000: bye)");
        assert_eq!(close_reason(4000, "version"), "closed (4000: version)");
    }
}
