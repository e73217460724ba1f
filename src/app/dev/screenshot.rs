//! `--screenshot PATH`: once the named scene has been on screen for `--frames` frames, write the
//! window to a PNG and exit — with status 0 when the file was written, non-zero when it was not
//! (or when nothing was captured in time). With `--frame-times`, the frame times of the scene's
//! frames before the shot are logged (mean and median), a relative measure of a scene's cost.

use crate::app::screens::Screen;
use crate::launch::{LaunchOptions, Scene};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use std::path::PathBuf;

/// Frames allowed after the request before the run is given up as failed.
const CAPTURE_TIMEOUT_FRAMES: u32 = 600;
/// The scene's first frames, left out of `--frame-times` (assets and pipelines settling).
const FRAME_TIME_WARM_UP: u32 = 10;

#[derive(Resource, Debug, Default)]
struct ShotState {
    frames_in_scene: u32,
    requested_at: Option<u32>,
    result: Option<Result<PathBuf, String>>,
    /// Seconds per frame of the scene's frames after the warm-up (`--frame-times`).
    frame_times: Vec<f32>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShotState>().add_systems(
        Last,
        drive.run_if(|o: Option<Res<LaunchOptions>>| o.is_some_and(|o| o.screenshot.is_some())),
    );
}

fn in_scene(scene: &Scene, screen: &Screen) -> bool {
    if let Scene::Staged { game, name } = scene
        && crate::app::kit::scene_tool(*game, name).is_some()
    {
        return *screen == Screen::Menu;
    }
    if let Some(game) = scene.table() {
        return *screen == Screen::Table(game);
    }
    match scene {
        Scene::Loading => *screen == Screen::Loading,
        Scene::Menu
        | Scene::Settings
        | Scene::Rules { .. }
        | Scene::Online(_)
        | Scene::PlayerPage
        | Scene::KeyExport
        | Scene::LearnPage
        | Scene::LearnOffer
        | Scene::GamesPage => *screen == Screen::Menu,
        Scene::Piece(_) | Scene::Pieces(_) => *screen == Screen::Preview,
        // The files load once the screen is open: the viewer says when they are shown.
        Scene::PiecesArtist | Scene::ModelViewer => false,
        Scene::Table(_) | Scene::Staged { .. } => false,
    }
}

fn drive(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    screen: Res<State<Screen>>,
    mut state: ResMut<ShotState>,
    time: Res<Time<Real>>,
    mut exit: MessageWriter<AppExit>,
    viewer: Option<Res<super::viewer::Viewing>>,
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
    let viewer_shown = viewer.is_some_and(|v| v.shown) && *screen.get() == Screen::Preview;
    if !in_scene(&options.scene, screen.get()) && !viewer_shown {
        return;
    }
    state.frames_in_scene += 1;
    if options.frame_times
        && state.requested_at.is_none()
        && state.frames_in_scene > FRAME_TIME_WARM_UP
    {
        state.frame_times.push(time.delta_secs());
    }
    match state.requested_at {
        None if state.frames_in_scene >= options.frames => {
            state.requested_at = Some(state.frames_in_scene);
            if options.frame_times {
                log_frame_times(&options.scene, &state.frame_times);
            }
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

/// One line: the scene, how many frames were measured, their mean and median in milliseconds.
fn log_frame_times(scene: &Scene, times: &[f32]) {
    match frame_time_summary(times) {
        Some((mean, median)) => info!(
            "frame times of {scene:?}: {} frames, mean {:.1} ms, median {:.1} ms",
            times.len(),
            mean * 1000.0,
            median * 1000.0
        ),
        None => warn!(
            "frame times of {scene:?}: no frames measured (use --frames above {FRAME_TIME_WARM_UP})"
        ),
    }
}

/// The mean and median of `times`, `None` when there are none.
fn frame_time_summary(times: &[f32]) -> Option<(f32, f32)> {
    if times.is_empty() {
        return None;
    }
    let mut sorted = times.to_vec();
    sorted.sort_by(f32::total_cmp);
    let n = sorted.len();
    let median = if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) * 0.5
    };
    Some((sorted.iter().sum::<f32>() / n as f32, median))
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

#[cfg(test)]
mod tests {
    use super::frame_time_summary;

    #[test]
    fn frame_time_summary_is_mean_and_median() {
        assert_eq!(frame_time_summary(&[]), None);
        let (mean, median) = frame_time_summary(&[0.3, 0.1, 0.2]).unwrap();
        assert!((mean - 0.2).abs() < 1e-6 && median == 0.2);
        let (mean, median) = frame_time_summary(&[0.1, 0.4, 0.2, 0.3]).unwrap();
        assert!((mean - 0.25).abs() < 1e-6 && (median - 0.25).abs() < 1e-6);
    }
}
