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

pub(super) fn plugin(app: &mut App) {
    let root = app
        .world()
        .get_resource::<AssetRoot>()
        .map(|r| r.0.join("assets"));
    let theme = match root {
        Some(assets) => {
            let (theme, warnings) = Theme::load(&assets);
            for w in &warnings {
                warn!("theme: {w}");
            }
            theme
        }
        None => Theme::builtin(),
    };
    app.insert_resource(ActiveTheme(theme));
}
