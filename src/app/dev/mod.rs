//! Developer tools, kept apart from the game: the model previews (`--scene piece:<model>`,
//! `--scene pieces-<game>`), screenshots (`--screenshot`), and the hand-off of a staged scene
//! (`--scene <game>-<name>`) to the table that stages it.

pub mod preview;
pub mod screenshot;

use super::kit::{AtTable, TableSet};
use crate::launch::{LaunchOptions, Scene};
use bevy::prelude::*;

/// Asks the open table to stage one of its scenes: sent once when the table the launch options
/// name opens. The table sets up the moment through its own messages.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct StageScene(pub String);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StageScene>()
        .add_plugins((preview::plugin, screenshot::plugin))
        .add_systems(
            Update,
            ask_to_stage
                .run_if(state_changed::<AtTable>)
                .in_set(TableSet::Input),
        );
}

fn ask_to_stage(
    options: Option<Res<LaunchOptions>>,
    at: Option<Res<State<AtTable>>>,
    mut stage: MessageWriter<StageScene>,
) {
    let Some(at) = at else {
        return;
    };
    if let Some(Scene::Staged { game, name }) = options.map(|o| o.scene.clone())
        && game == at.get().0
    {
        stage.write(StageScene(name));
    }
}
