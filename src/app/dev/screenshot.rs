//! `--screenshot PATH`: once the named scene has been on screen for `--frames` frames, write the
//! window to a PNG and exit — with status 0 when the file was written, non-zero when it was not
//! (or when nothing was captured in time). With `--frame-times`, the frame times of the scene's
//! frames before the shot are logged (mean and median), a relative measure of a scene's cost.
//! With `--marks-check`, the marks are hidden after the shot and the scene captured again, and
//! the two pictures judged for colour-blind eyes (`marks_check`): a failed check exits non-zero.

use super::marks_check::{self, MarksCheck};
use crate::app::marks::MarkMaterial;
use crate::app::screens::Screen;
use crate::launch::{LaunchOptions, Scene};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::PrimaryWindow;
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
    app.init_resource::<ShotState>()
        .init_resource::<MarksCheck>()
        .add_systems(
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

/// What `--marks-check` looks at: the marks, their materials, the camera and the window.
#[derive(SystemParam)]
struct Marks<'w, 's> {
    check: ResMut<'w, MarksCheck>,
    marks: Query<
        'w,
        's,
        (
            &'static MeshMaterial3d<MarkMaterial>,
            &'static GlobalTransform,
            &'static ViewVisibility,
        ),
    >,
    shown: Query<'w, 's, &'static mut Visibility, With<MeshMaterial3d<MarkMaterial>>>,
    materials: Res<'w, Assets<MarkMaterial>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera3d>>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
}

/// With `--marks-check`, after the shot: hides the marks, captures the scene again a few frames
/// later, and judges the two pictures. `Some(passed)` once judged; `None` while under way.
fn marks_step(commands: &mut Commands, m: &mut Marks) -> Option<bool> {
    if let Some(without) = m.check.without.take() {
        let verdict = match &m.check.with {
            Some(with) => marks_check::judge(&m.check.marks, with, &without),
            None => Err("the first capture could not be read".into()),
        };
        return Some(match verdict {
            Ok(said) => {
                info!("marks check: {said}");
                true
            }
            Err(why) => {
                error!("marks check failed: {why}");
                false
            }
        });
    }
    let n = m.check.hidden_for.unwrap_or(0);
    if m.check.hidden_for.is_none() {
        for mut v in &mut m.shown {
            *v = Visibility::Hidden;
        }
    }
    m.check.hidden_for = Some(n + 1);
    if n == 3 && !m.check.asked_second {
        m.check.asked_second = true;
        commands.spawn(Screenshot::primary_window()).observe(
            |captured: On<ScreenshotCaptured>, mut check: ResMut<MarksCheck>| {
                check.without = marks_check::picture(&captured.image);
            },
        );
    }
    if n > CAPTURE_TIMEOUT_FRAMES {
        error!("marks check: the second capture did not come");
        return Some(false);
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn drive(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    screen: Res<State<Screen>>,
    mut state: ResMut<ShotState>,
    time: Res<Time<Real>>,
    mut exit: MessageWriter<AppExit>,
    viewer: Option<Res<super::viewer::Viewing>>,
    mut marks: Marks,
) {
    let Some(path) = options.screenshot.clone() else {
        return;
    };
    if let Some(result) = state.result.take() {
        if options.marks_check && result.is_ok() {
            match marks_step(&mut commands, &mut marks) {
                None => {
                    state.result = Some(result);
                    return;
                }
                Some(false) => {
                    exit.write(AppExit::error());
                    return;
                }
                Some(true) => {}
            }
        }
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
            if options.marks_check {
                let scale = marks.windows.single().map_or(1.0, |w| w.scale_factor());
                let placed = marks_check::placed(
                    &marks.marks,
                    &marks.materials,
                    marks.cameras.single().ok(),
                    scale,
                );
                marks.check.marks = placed;
            }
            let keep = options.marks_check;
            commands.spawn(Screenshot::primary_window()).observe(
                move |captured: On<ScreenshotCaptured>,
                      mut state: ResMut<ShotState>,
                      mut check: ResMut<MarksCheck>| {
                    if keep {
                        check.with = marks_check::picture(&captured.image);
                    }
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
