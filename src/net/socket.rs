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

/// When a dropped connection is tried again: a moment on this device's clock (`net::clock`),
/// not a count of the game's frame time. A game that sleeps between frames moves its frame time
/// by a short step after a sleep, and the frame that hears the drop may already carry a long
/// step: counted in frame time, the 0.5 s back-off came after 0.01 s, then after seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Retry {
    at: Option<std::time::Duration>,
}

impl Retry {
    /// The next try comes `seconds` after `now`.
    pub fn after(&mut self, seconds: f32, now: std::time::Duration) {
        self.at = Some(now + std::time::Duration::from_secs_f32(seconds.max(0.0)));
    }

    /// Whether a try is due at `now`: when its moment has come, or none was set (open at once).
    /// Otherwise the seconds left, for the caller to wake its loop then.
    pub fn due(&self, now: std::time::Duration) -> Result<(), f32> {
        match self.at {
            Some(at) if at > now => Err((at - now).as_secs_f32()),
            _ => Ok(()),
        }
    }
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
    use super::{Retry, close_reason};
    use std::time::Duration;

    #[test]
    fn a_retry_comes_at_its_moment_whatever_the_frames_in_between() {
        let mut retry = Retry::default();
        let t = Duration::from_secs(100);
        // None set: at once.
        assert_eq!(retry.due(t), Ok(()));
        retry.after(0.5, t);
        let left = |r: Result<(), f32>| r.err().map(|s| (s * 1000.0).round() as u32);
        assert_eq!(left(retry.due(t)), Some(500));
        assert_eq!(left(retry.due(t + Duration::from_millis(10))), Some(490));
        assert_eq!(retry.due(t + Duration::from_millis(500)), Ok(()));
        assert_eq!(retry.due(t + Duration::from_secs(7)), Ok(()));
        // A new drop sets it again, from its own moment.
        retry.after(4.0, t + Duration::from_secs(7));
        assert_eq!(left(retry.due(t + Duration::from_secs(8))), Some(3000));
        // A negative wait is no wait.
        retry.after(-1.0, t);
        assert_eq!(retry.due(t), Ok(()));
    }

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
