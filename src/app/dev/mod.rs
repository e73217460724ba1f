//! Developer tools, kept apart from the game: the model previews (`--scene piece:<model>`,
//! `--scene pieces-<game>`), the artists' model viewer (`--scene model-viewer`, `--scene
//! pieces-artist`), screenshots (`--screenshot`), and the hand-off of a staged scene
//! (`--scene <game>-<name>`) to the table that stages it.

pub mod layout_check;
pub mod marks_check;
pub mod preview;
pub mod screenshot;
pub mod viewer;

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
        .add_plugins((preview::plugin, screenshot::plugin, viewer::plugin))
        .add_systems(Update, ask_to_stage.in_set(TableSet::Input));
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
