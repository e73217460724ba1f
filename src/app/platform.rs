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

/// A seed that differs from run to run (coin flips, the engine's tie-breaks): the clock's
/// nanoseconds mixed with the address of a fresh allocation. Not for anything secret.
pub fn entropy() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    #[cfg(target_arch = "wasm32")]
    let clock = (js_sys::Date::now() * 1000.0) as u64 ^ (js_sys::Math::random() * 1e15) as u64;
    let here = Box::new(0u8);
    let addr = &*here as *const u8 as u64;
    // SplitMix64's finaliser spreads the bits.
    let mut z = clock ^ addr.rotate_left(32);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Whether engines may search on a worker thread. In the browser there are no threads: engines
/// search in small slices across frames instead.
pub const THREADS: bool = cfg!(not(target_arch = "wasm32"));
