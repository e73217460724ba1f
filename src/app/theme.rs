//! The artists' theme (`assets/theme.ron`) for the running game: read once at start-up, each
//! problem logged as one warning, the built-in theme standing in for anything unusable.

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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ActiveTheme>()
        .add_systems(Startup, load_theme.in_set(super::save::Loaded::Theme));
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
