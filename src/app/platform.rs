//! What differs between the desktop and the browser, behind small functions: the wall clock and
//! whether work may go to another thread. Everything else (saves, assets, audio) goes through
//! Bevy plugins that already pick the right backend per platform.

/// Seconds since the Unix epoch (0 if the clock is unreadable). `std::time::SystemTime` panics
/// in the browser, so there the page's clock is read instead.
pub fn now_secs() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    }
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Date::now() / 1000.0) as u64
    }
}

/// Whether engines may search on a worker thread. In the browser there are no threads: engines
/// search in small slices across frames instead.
pub const THREADS: bool = cfg!(not(target_arch = "wasm32"));
