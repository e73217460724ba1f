//! Bevy side.
