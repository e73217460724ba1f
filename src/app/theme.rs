//! The artists' theme (`assets/theme.ron`) for the running game: read at start-up, each
//! problem logged as one warning, the built-in theme standing in for anything unusable; on the
//! desktop read again whenever the file is saved ([`ThemeChanged`]: the models, finishes, sounds,
//! light and card pictures follow), with the same fallback, the warnings shown as notices.

use crate::theme::Theme;
use bevy::prelude::*;
use std::path::PathBuf;

/// Where `assets/` and `shaders/` were found.
#[derive(Resource, Debug, Clone)]
pub struct AssetRoot(pub PathBuf);

/// The theme in force.
#[derive(Resource, Debug, Clone)]
pub struct ActiveTheme(pub Theme);

impl Default for ActiveTheme {
    fn default() -> ActiveTheme {
        ActiveTheme(Theme::builtin())
    }
}

/// The theme was read again: `old` is the one it replaced (the new one is [`ActiveTheme`]).
#[derive(Message, Clone, Debug)]
pub struct ThemeChanged {
    pub old: Theme,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<ActiveTheme>()
        .add_message::<ThemeChanged>()
        .add_systems(Startup, load_theme.in_set(super::save::Loaded::Theme));
    #[cfg(not(target_arch = "wasm32"))]
    app.init_resource::<ThemeWatch>()
        .add_systems(Startup, watch::start.after(load_theme))
        .add_systems(First, watch::poll);
}

/// When `theme.ron` was last read: its modification time and length, and when to look again.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Resource)]
pub struct ThemeWatch {
    stamp: Option<(std::time::SystemTime, u64)>,
    next_look: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for ThemeWatch {
    fn default() -> ThemeWatch {
        ThemeWatch {
            stamp: None,
            next_look: std::time::Instant::now(),
        }
    }
}

/// Watching `theme.ron` on the desktop: the file's time and length, looked at twice a second
/// (Bevy's file watching covers the files loaded as assets; the theme is read directly, since
/// everything else is loaded from what it names).
#[cfg(not(target_arch = "wasm32"))]
mod watch {
    use super::*;
    use std::time::{Duration, Instant};

    /// How often the file is looked at.
    const EVERY: Duration = Duration::from_millis(500);

    fn stamp(root: &AssetRoot) -> Option<(std::time::SystemTime, u64)> {
        let meta = std::fs::metadata(root.0.join("assets").join(crate::theme::THEME_FILE)).ok()?;
        Some((meta.modified().ok()?, meta.len()))
    }

    pub(super) fn start(root: Option<Res<AssetRoot>>, mut watch: ResMut<ThemeWatch>) {
        watch.stamp = root.and_then(|r| stamp(&r));
    }

    /// Reads the theme again when the file changed (or appeared, or went: the built-in theme).
    pub(super) fn poll(
        root: Option<Res<AssetRoot>>,
        mut watch: ResMut<ThemeWatch>,
        mut active: ResMut<ActiveTheme>,
        mut changed: MessageWriter<ThemeChanged>,
        notices: Option<ResMut<crate::app::save::Notices>>,
        tr: Option<Res<crate::i18n::Tr>>,
    ) {
        let Some(root) = root else {
            return;
        };
        let now = Instant::now();
        if now < watch.next_look {
            return;
        }
        watch.next_look = now + EVERY;
        let new = stamp(&root);
        if new == watch.stamp {
            return;
        }
        watch.stamp = new;
        let (theme, warnings) = Theme::load(&root.0.join("assets"));
        for w in &warnings {
            warn!("theme: {w}");
        }
        info!("theme.ron read again");
        if let (Some(mut notices), Some(tr)) = (notices, tr) {
            // One notice: what the log lists in full would push every other notice out.
            let problems: Vec<String> = warnings
                .iter()
                .filter(|w| w.problem != crate::theme::Problem::NoEntry)
                .map(ToString::to_string)
                .collect();
            notices.push(match problems.first() {
                None => tr.t("reload.theme").to_string(),
                Some(first) => tr.tf(
                    "reload.theme-problems",
                    &[("count", &problems.len().to_string()), ("first", first)],
                ),
            });
        }
        let old = std::mem::replace(&mut active.0, theme);
        changed.write(ThemeChanged { old });
    }
}

/// Reads `theme.ron` from the asset root (the built-in theme where there is none).
fn load_theme(root: Option<Res<AssetRoot>>, mut active: ResMut<ActiveTheme>) {
    let root = root.map(|r| r.0.join("assets"));
    active.0 = match root {
        // The browser cannot list or read the site's files synchronously: it runs the
        // `theme.ron` built in, and a missing file shows as a failed load instead.
        #[cfg(target_arch = "wasm32")]
        Some(_) => match Theme::parse(include_str!("../../assets/theme.ron")) {
            Ok(t) => Theme {
                look: t.look.clamped(),
                ..t
            },
            Err(e) => {
                warn!("theme: {e}");
                Theme::builtin()
            }
        },
        #[cfg(not(target_arch = "wasm32"))]
        Some(assets) => {
            let (theme, warnings) = Theme::load(&assets);
            for w in &warnings {
                warn!("theme: {w}");
            }
            theme
        }
        None => Theme::builtin(),
    };
}
