//! Engines, one per game: time- or node-bounded, and deterministic for a given seed.
