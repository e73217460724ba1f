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
/// In the browser the default is the page's own host instead ([`server_for_page`]).
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878/ws";
/// The port `carved-tables-server` listens on by default.
pub const DEFAULT_SERVER_PORT: u16 = 7878;
/// The longest server address kept.
pub const MAX_SERVER_CHARS: usize = 200;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::En,
            master_volume: 0.8,
            effects_volume: 0.8,
            starting_purse: DEFAULT_PURSE,
            server: default_server(),
        }
    }
}

/// The online table's server for a page with this address's `protocol` (`"https:"`) and
/// `hostname` (`"example.org"`, `"[::1]"`): the server on the page's own host and the default
/// port, over `wss` when the page came over https. A page without a host (a local file) gets
/// [`DEFAULT_SERVER`].
pub fn server_for_page(protocol: &str, hostname: &str) -> String {
    let host = hostname.trim();
    if host.is_empty() || host.chars().any(|c| c.is_whitespace() || c == '/') {
        return DEFAULT_SERVER.to_string();
    }
    let scheme = if protocol == "https:" { "wss" } else { "ws" };
    format!("{scheme}://{host}:{DEFAULT_SERVER_PORT}/ws")
}

/// The default server: on the desktop [`DEFAULT_SERVER`], in the browser the page's host.
fn default_server() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let location = js_sys::Reflect::get(&js_sys::global(), &"location".into()).ok();
        let part = |name: &str| {
            location
                .as_ref()
                .and_then(|l| js_sys::Reflect::get(l, &name.into()).ok())
                .and_then(|v| v.as_string())
                .unwrap_or_default()
        };
        server_for_page(&part("protocol"), &part("hostname"))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        DEFAULT_SERVER.to_string()
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
    fn a_pages_server_is_its_own_host_on_the_servers_port() {
        assert_eq!(
            server_for_page("http:", "games.example"),
            "ws://games.example:7878/ws"
        );
        assert_eq!(
            server_for_page("https:", "games.example"),
            "wss://games.example:7878/ws"
        );
        assert_eq!(server_for_page("http:", "[::1]"), "ws://[::1]:7878/ws");
        // A page opened from a file has no host: the local server.
        assert_eq!(server_for_page("file:", ""), DEFAULT_SERVER);
        assert_eq!(server_for_page("http:", "a b"), DEFAULT_SERVER);
        // On the desktop the default is the local server.
        assert_eq!(Settings::default().server, DEFAULT_SERVER);
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
