//! This device's monotonic clock, as the online clients read it: when a frame arrived and what
//! time it is now, in the same units, so that a turn's deadline told by the server
//! (`time_left_ms` counted from the moment it was sent) becomes a moment here that the
//! countdown on screen is measured against. Never the game's frame time: a slow frame, a
//! capped time step or a window in the background does not stop this clock.

use std::time::Duration;

/// Time since an arbitrary moment fixed for the life of the program (desktop: the first call;
/// browser: the page's `Date`, which keeps running while the tab is in the background).
pub fn now() -> Duration {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed()
    }
    #[cfg(target_arch = "wasm32")]
    {
        Duration::from_secs_f64(js_sys::Date::now().max(0.0) / 1000.0)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_clock_runs_forward_with_real_time() {
        let a = super::now();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let b = super::now();
        assert!(b >= a + std::time::Duration::from_millis(20), "{a:?} {b:?}");
    }
}
