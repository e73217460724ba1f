//! The player's settings: language, volumes, the Snēlab starting purse and the lobbies'
//! lasting choices (Ash & Walnut's game type). Saved through
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
    /// Reduced motion: `Some(true)` short moves, dice that show their values at once and a
    /// camera that jumps instead of swinging; `Some(false)` the full animations; `None` as the
    /// system asks (the browser's `prefers-reduced-motion`; on the desktop, full).
    pub reduced_motion: Option<bool>,
    /// The light look: `Some(true)` cheaper shadows and light, for a slow renderer;
    /// `Some(false)` the full look; `None` as the renderer suggests (light where the processor
    /// draws the frame: a browser without graphics acceleration, a machine without a graphics
    /// card).
    pub light_look: Option<bool>,
    /// Marks in a palette told apart without red and green (a sky blue and a reddish purple
    /// for the green and red marks); the marks' shapes tell them apart either way.
    pub colour_safe_marks: bool,
    /// The interface's scale: every panel, card and label, 1.0 ..= 2.0.
    pub ui_scale: f32,
    /// Ash & Walnut's lobby: the game type last chosen (which expansion creatures a new game
    /// has), the base game until one is. A value that is not a game type reads as the base
    /// game (the other settings stay).
    #[serde(deserialize_with = "game_type_or_base")]
    pub hive_game_type: crate::rules::hive::GameType,
}

/// A saved game type, or the base game for anything else (a hand-edited save).
fn game_type_or_base<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<crate::rules::hive::GameType, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    Ok(value
        .as_str()
        .and_then(crate::rules::hive::GameType::parse)
        .unwrap_or_default())
}

/// The interface scale's range.
pub const MIN_UI_SCALE: f32 = 1.0;
pub const MAX_UI_SCALE: f32 = 2.0;

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
            reduced_motion: None,
            light_look: None,
            colour_safe_marks: false,
            ui_scale: 1.0,
            hive_game_type: crate::rules::hive::GameType::BASE,
        }
    }
}

/// Whether the system asks for reduced motion: in the browser the page's
/// `prefers-reduced-motion: reduce` media query; on the desktop no.
pub fn system_reduces_motion() -> bool {
    page_media_matches("(prefers-reduced-motion: reduce)")
}

/// Whether the page's CSS media `query` matches (`matchMedia`); on the desktop, never.
pub fn page_media_matches(query: &str) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        let global = js_sys::global();
        js_sys::Reflect::get(&global, &"matchMedia".into())
            .ok()
            .filter(|f| f.is_function())
            .map(js_sys::Function::from)
            .and_then(|f| f.call1(&global, &query.into()).ok())
            .and_then(|list| js_sys::Reflect::get(&list, &"matches".into()).ok())
            .and_then(|m| m.as_bool())
            .unwrap_or(false)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = query;
        false
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
        self.ui_scale = if self.ui_scale.is_finite() {
            self.ui_scale.clamp(MIN_UI_SCALE, MAX_UI_SCALE)
        } else {
            1.0
        };
        self.server = self
            .server
            .chars()
            .filter(|c| !c.is_control())
            .take(MAX_SERVER_CHARS)
            .collect();
        self
    }

    /// Whether motion is reduced: the setting, or the system's wish when it is unset.
    pub fn reduces_motion(&self) -> bool {
        self.reduced_motion.unwrap_or_else(system_reduces_motion)
    }

    /// Whether the table is drawn with the light look, on a renderer that draws on the
    /// processor (`cpu`) or not.
    pub fn light_look(&self, cpu: bool) -> bool {
        self.light_look.unwrap_or(cpu)
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
    fn the_hive_game_type_is_kept_and_a_damaged_one_reads_as_the_base_game() {
        use crate::rules::hive::GameType;
        let s = Settings {
            hive_game_type: GameType::MLP,
            ..Settings::default()
        };
        let text = encode(&s);
        assert_eq!(decode::<Settings>(Some(&text)), (s, LoadStatus::Loaded));
        // A word that is no game type: the base game, the other settings kept.
        let damaged = text.replace("Base+MLP", "Base+XYZ");
        assert_ne!(damaged, text);
        let (read, status) = decode::<Settings>(Some(&damaged));
        assert_eq!(status, LoadStatus::Loaded);
        assert_eq!(read.hive_game_type, GameType::BASE);
        assert_eq!(read.master_volume, Settings::default().master_volume);
        // Settings saved before game types read as the base game.
        let old = text.replace(",\"hive_game_type\":\"Base+MLP\"", "");
        assert_ne!(old, text, "{text}");
        assert_eq!(
            decode::<Settings>(Some(&old)).0.hive_game_type,
            GameType::BASE
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
            reduced_motion: Some(true),
            light_look: Some(true),
            colour_safe_marks: true,
            ui_scale: 9.0,
            hive_game_type: crate::rules::hive::GameType::BASE,
        }
        .sanitized();
        assert_eq!(wild.ui_scale, MAX_UI_SCALE);
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
