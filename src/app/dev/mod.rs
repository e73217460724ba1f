//! Developer tools, kept apart from the game: the model previews (`--scene piece:<model>`,
//! `--scene pieces-<game>`), the artists' model viewer (`--scene model-viewer`, `--scene
//! pieces-artist`), screenshots (`--screenshot`), and the hand-off of a staged scene
//! (`--scene <game>-<name>`) to the table that stages it.

pub mod layout_check;
// The screenshot and its checks, and the artists' model viewer, are desktop tools: a page
// cannot ask for a screenshot, and the viewer reads files from the artist's disk. Left out
// of the browser's `.wasm` (`web/README.md`, "How big").
#[cfg(not(target_arch = "wasm32"))]
pub mod marks_check;
pub mod preview;
#[cfg(not(target_arch = "wasm32"))]
pub mod screenshot;
#[cfg(not(target_arch = "wasm32"))]
pub mod viewer;

/// Scenes of the desktop's tools alone: a page's `?scene=` naming one is left out.
pub const DESKTOP_SCENES: [&str; 2] = ["model-viewer", "pieces-artist"];

use super::kit::TableSet;
use super::screens::{MenuPage, Screen};
use crate::launch::{LaunchOptions, Scene};
use bevy::prelude::*;

/// Asks a game to stage one of its scenes: sent once when the screen the launch options name
/// is open. The game sets up the moment through its own messages.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct StageScene {
    pub game: crate::rules::GameKind,
    pub name: String,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StageScene>()
        .add_plugins(preview::plugin)
        .add_systems(Update, ask_to_stage.in_set(TableSet::Input));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins((screenshot::plugin, viewer::plugin));
}

/// Sends the staged scene's name once its screen (its table, or its menu page) is open; a plain
/// table scene (`--scene hive`) sends an empty name, which the table may stage as it likes.
fn ask_to_stage(
    options: Option<Res<LaunchOptions>>,
    screen: Res<State<Screen>>,
    page: Res<MenuPage>,
    mut sent: Local<bool>,
    mut stage: MessageWriter<StageScene>,
) {
    let Some(options) = options else {
        return;
    };
    if *sent {
        return;
    }
    let (ready, game, name) = match &options.scene {
        Scene::Staged { game, name } => match crate::app::kit::scene_tool(*game, name) {
            Some(tool) => (
                *screen.get() == Screen::Menu && *page == MenuPage::Tool(*game, tool),
                *game,
                name.clone(),
            ),
            None => (*screen.get() == Screen::Table(*game), *game, name.clone()),
        },
        Scene::Table(game) => (*screen.get() == Screen::Table(*game), *game, String::new()),
        _ => return,
    };
    if ready {
        *sent = true;
        stage.write(StageScene { game, name });
    }
}
