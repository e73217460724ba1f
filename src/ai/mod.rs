//! Engines, one per game: time- or node-bounded, and deterministic for a given seed.

pub mod chess;
pub mod hive;
pub mod snelab;
