//! Carved Tables: three turn-based board games — Snēlab, Ash & Walnut and Artifact Chess.
//!
//! The rules ([`rules`]), engines ([`ai`]), fairness proofs ([`fair`]), saves ([`save`]), the
//! carved models ([`carve`]), the artists' theme ([`theme`]) and the headless command-line tool
//! ([`cli`]) are plain Rust and build without Bevy. The game itself ([`app`], behind the default
//! `app` feature) shows that state in 3D and feeds it commands.

/// Declares constant tables of random keys (the engines' Zobrist keys): built at compile time on
/// the desktop and the server; in the browser built once, at their first use, from the same
/// `const fn` call, so the `.wasm` does not carry them (random numbers, which no compressor
/// shrinks). Both ways give the same numbers. Read them by indexing, which works on both.
macro_rules! key_tables {
    ($($(#[$doc:meta])* $vis:vis static $name:ident: [u64; $len:expr] = $init:expr;)*) => {$(
        $(#[$doc])*
        #[cfg(not(target_arch = "wasm32"))]
        $vis static $name: [u64; $len] = $init;
        $(#[$doc])*
        #[cfg(target_arch = "wasm32")]
        $vis static $name: std::sync::LazyLock<[u64; $len]> =
            std::sync::LazyLock::new(|| $init);
    )*};
}

pub mod access;
pub mod ai;
pub mod bundled;
pub mod carve;
pub mod cli;
pub mod fair;
pub mod figures;
pub mod i18n;
pub mod identity;
pub mod launch;
pub mod learn;
pub mod net;
pub mod play;
pub mod rating;
pub mod review;
pub mod rules;
pub mod save;
#[cfg(feature = "server")]
pub mod server;
pub mod settings;
pub mod theme;

#[cfg(feature = "app")]
pub mod app;
