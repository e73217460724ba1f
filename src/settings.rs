//! The player's settings: language, volumes and the Snēlab starting purse. Saved through
//! [`crate::save`]; values out of range (from a hand-edited or damaged save) are clamped.

use crate::i18n::Lang;
use crate::save::Saved;
use serde::{Deserialize, Serialize};

/// The spec's default starting purse (edition 001 used 120; it is a setting).
pub const DEFAULT_PURSE: u32 = 100;
/// The stake needed to sit at a table; a starting purse below it would make every table refuse.
pub const MIN_PURSE: u32 = 12;
pub const MAX_PURSE: u32 = 10_000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub lang: Lang,
    /// 0.0 (silent) ..= 1.0 (full).
    pub master_volume: f32,
    pub effects_volume: f32,
    pub starting_purse: u32,
    /// The online table's server (`ws://HOST:PORT/ws`).
    pub server: String,
}

/// The online table's server when none is set: one started on this machine with its defaults.
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878/ws";
/// The longest server address kept.
pub const MAX_SERVER_CHARS: usize = 200;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::En,
            master_volume: 0.8,
            effects_volume: 0.8,
            starting_purse: DEFAULT_PURSE,
            server: DEFAULT_SERVER.to_string(),
        }
    }
}

impl Settings {
    /// The same settings with every value brought into its range.
    pub fn sanitized(mut self) -> Settings {
        let unit = |v: f32| {
            if v.is_finite() {
                v.clamp(0.0, 1.0)
            } else {
                0.8
            }
        };
        self.master_volume = unit(self.master_volume);
        self.effects_volume = unit(self.effects_volume);
        self.starting_purse = self.starting_purse.clamp(MIN_PURSE, MAX_PURSE);
        self.server = self
            .server
            .chars()
            .filter(|c| !c.is_control())
            .take(MAX_SERVER_CHARS)
            .collect();
        self
    }

    /// The loudness of a sound effect, 0.0 ..= 1.0.
    pub fn effect_gain(&self) -> f32 {
        self.master_volume * self.effects_volume
    }
}

impl Saved for Settings {
    const KEY: &'static str = "settings";
    const VERSION: u32 = 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::{LoadStatus, decode, encode};

    #[test]
    fn settings_round_trip() {
        let s = Settings {
            lang: Lang::Ru,
            master_volume: 0.5,
            ..Settings::default()
        };
        assert_eq!(
            decode::<Settings>(Some(&encode(&s))),
            (s, LoadStatus::Loaded)
        );
    }

    #[test]
    fn out_of_range_values_are_clamped() {
        let wild = Settings {
            lang: Lang::Pt,
            master_volume: 7.0,
            effects_volume: f32::NAN,
            starting_purse: 3,
            server: format!("ws://x\u{7}y/{}", "z".repeat(500)),
        }
        .sanitized();
        assert_eq!(wild.server.chars().count(), MAX_SERVER_CHARS);
        assert!(wild.server.starts_with("ws://xy/z"));
        assert_eq!(wild.master_volume, 1.0);
        assert_eq!(wild.effects_volume, 0.8);
        assert_eq!(wild.starting_purse, MIN_PURSE);
        assert_eq!(Settings::default().sanitized(), Settings::default());
    }

    #[test]
    fn a_partial_save_keeps_what_it_has() {
        let (s, status) = decode::<Settings>(Some(r#"{"version":1,"data":{"lang":"Pt"}}"#));
        assert_eq!(status, LoadStatus::Loaded);
        assert_eq!(s.lang, Lang::Pt);
        assert_eq!(s.starting_purse, DEFAULT_PURSE);
    }
}
