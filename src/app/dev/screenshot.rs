//! `--screenshot PATH`: once the named scene has been on screen for `--frames` frames, write the
//! window to a PNG and exit — with status 0 when the file was written, non-zero when it was not
//! (or when nothing was captured in time).

use crate::app::screens::Screen;
use crate::launch::{LaunchOptions, Scene};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use std::path::PathBuf;

/// Frames allowed after the request before the run is given up as failed.
const CAPTURE_TIMEOUT_FRAMES: u32 = 600;

#[derive(Resource, Debug, Default)]
struct ShotState {
    frames_in_scene: u32,
    requested_at: Option<u32>,
    result: Option<Result<PathBuf, String>>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShotState>().add_systems(
        Last,
        drive.run_if(|o: Option<Res<LaunchOptions>>| o.is_some_and(|o| o.screenshot.is_some())),
    );
}

fn in_scene(scene: &Scene, screen: &Screen) -> bool {
    if let Scene::Staged { game, name } = scene
        && crate::app::kit::scene_page(*game, name).is_some()
    {
        return *screen == Screen::Menu;
    }
    if let Some(game) = scene.table() {
        return *screen == Screen::Table(game);
    }
    match scene {
        Scene::Loading => *screen == Screen::Loading,
        Scene::Menu | Scene::Settings | Scene::Rules { .. } => *screen == Screen::Menu,
        Scene::Piece(_) | Scene::Pieces(_) => *screen == Screen::Preview,
        Scene::Table(_) | Scene::Staged { .. } => false,
    }
}

fn drive(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    screen: Res<State<Screen>>,
    mut state: ResMut<ShotState>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = options.screenshot.clone() else {
        return;
    };
    if let Some(result) = state.result.take() {
        match result {
            Ok(p) => {
                info!("screenshot written to {}", p.display());
                exit.write(AppExit::Success);
            }
            Err(e) => {
                error!("screenshot failed: {e}");
                exit.write(AppExit::error());
            }
        }
        return;
    }
    if !in_scene(&options.scene, screen.get()) {
        return;
    }
    state.frames_in_scene += 1;
    match state.requested_at {
        None if state.frames_in_scene >= options.frames => {
            state.requested_at = Some(state.frames_in_scene);
            commands.spawn(Screenshot::primary_window()).observe(
                move |captured: On<ScreenshotCaptured>, mut state: ResMut<ShotState>| {
                    state.result = Some(save_png(&captured.image, &path));
                },
            );
        }
        Some(at) if state.frames_in_scene > at + CAPTURE_TIMEOUT_FRAMES => {
            error!("no frame was captured within {CAPTURE_TIMEOUT_FRAMES} frames");
            exit.write(AppExit::error());
        }
        _ => {}
    }
}

fn save_png(image: &Image, path: &std::path::Path) -> Result<PathBuf, String> {
    let dynamic = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| format!("unreadable frame: {e}"))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    dynamic
        .to_rgb8()
        .save(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path.to_path_buf())
}
