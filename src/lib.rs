//! Carved Tables: three turn-based board games — Snēlab, Ash & Walnut and Artifact Chess.
//!
//! The rules ([`rules`]), engines ([`ai`]), fairness proofs ([`fair`]), saves ([`save`]) and the
//! headless command-line tool ([`cli`]) are plain Rust and build without Bevy. The game itself
//! ([`app`], behind the default `app` feature) shows that state in 3D and feeds it commands.

pub mod ai;
pub mod cli;
pub mod fair;
pub mod i18n;
pub mod launch;
pub mod rules;
pub mod save;
pub mod settings;

#[cfg(feature = "app")]
pub mod app;
