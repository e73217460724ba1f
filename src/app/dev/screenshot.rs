//! `--screenshot PATH`: once the named scene has been on screen for `--frames` frames, write the
//! window to a PNG and exit — with status 0 when the file was written, non-zero when it was not
//! (or when nothing was captured in time). With `--frame-times`, the frame times of the scene's
//! frames before the shot are logged (mean and median), a relative measure of a scene's cost.
//! With `--marks-check`, the marks are hidden after the shot and the scene captured again, and
//! the two pictures judged for colour-blind eyes (`marks_check`): a failed check exits non-zero.
//! With `--layout-check`, the panels drawn in the frame the shot is asked for are judged
//! (`layout_check`): one off the screen or over another fails the run.

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
/// With `--layout-check`, the most frames the shot waits past `--frames` for the panels to
/// stand still (the same areas where they were the frame before): a panel that appears at the
/// last frame is placed over the next few (egui sizes an area on its first frame), and judging
/// it half placed failed a scene on a slow machine.
const SETTLE_FRAMES: u32 = 30;

#[derive(Resource, Debug, Default)]
struct ShotState {
    frames_in_scene: u32,
    requested_at: Option<u32>,
    result: Option<Result<PathBuf, String>>,
    /// Seconds per frame of the scene's frames after the warm-up (`--frame-times`).
    frame_times: Vec<f32>,
    /// `--layout-check`'s verdict on the frame the shot was asked for.
    layout: Option<Result<String, String>>,
    /// With `--layout-check`, the areas drawn the frame before, and how many frames the shot
    /// has waited for them to stand still ([`SETTLE_FRAMES`]).
    last_drawn: Option<Vec<super::layout_check::Drawn>>,
    settling: u32,
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
    shown: Query<'w, 's, (Entity, &'static mut Visibility), With<MeshMaterial3d<MarkMaterial>>>,
    materials: Res<'w, Assets<MarkMaterial>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera3d>>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
}

/// How many times the pair of captures is taken again when no mark could be told in it.
const MARKS_RETRIES: u32 = 4;
/// Frames the marks are shown again before a retried first capture.
const MARKS_RETRY_FRAMES: u32 = 20;

/// Where each flat mark is in the picture now, for the next first capture.
fn place(m: &mut Marks) {
    let scale = m.windows.single().map_or(1.0, |w| w.scale_factor());
    let placed = marks_check::placed(&m.marks, &m.materials, m.cameras.single().ok(), scale);
    m.check.marks = placed;
}

/// With `--marks-check`, after the shot: hides the marks, captures the scene again a few frames
/// later, and judges the two pictures. When no mark could be told in them (on a slow renderer
/// the marks' pipeline may not have been ready for the first), shows the marks again and takes
/// the pair again, a few times. `Some(passed)` once judged; `None` while under way.
fn marks_step(commands: &mut Commands, m: &mut Marks) -> Option<bool> {
    m.check.frames += 1;
    if m.check.frames > CAPTURE_TIMEOUT_FRAMES * (MARKS_RETRIES + 1) {
        error!("marks check: the captures did not come");
        return Some(false);
    }
    if let Some(without) = m.check.without.take() {
        let verdict = match &m.check.with {
            Some(with) => marks_check::judge(&m.check.marks, with, &without),
            None => marks_check::Verdict::Failed("the first capture could not be read".into()),
        };
        return match verdict {
            marks_check::Verdict::Passed(said) => {
                info!("marks check: {said}");
                Some(true)
            }
            marks_check::Verdict::Unseen(why) if m.check.retries < MARKS_RETRIES => {
                m.check.retries += 1;
                info!("marks check: {why}; capturing again");
                for (entity, was) in std::mem::take(&mut m.check.was) {
                    if let Ok((_, mut v)) = m.shown.get_mut(entity) {
                        *v = was;
                    }
                }
                m.check.with = None;
                m.check.hidden_for = None;
                m.check.retry_in = Some(MARKS_RETRY_FRAMES);
                None
            }
            marks_check::Verdict::Failed(why) | marks_check::Verdict::Unseen(why) => {
                error!("marks check failed: {why}");
                Some(false)
            }
        };
    }
    if let Some(left) = m.check.retry_in {
        if left > 0 {
            m.check.retry_in = Some(left - 1);
        } else {
            m.check.retry_in = None;
            place(m);
            commands.spawn(Screenshot::primary_window()).observe(
                |captured: On<ScreenshotCaptured>, mut check: ResMut<MarksCheck>| {
                    check.with = marks_check::picture(&captured.image);
                },
            );
        }
        return None;
    }
    // Waiting for a retried first capture.
    m.check.with.as_ref()?;
    let n = m.check.hidden_for.unwrap_or(0);
    if m.check.hidden_for.is_none() {
        for (entity, mut v) in &mut m.shown {
            m.check.was.push((entity, *v));
            *v = Visibility::Hidden;
        }
    }
    m.check.hidden_for = Some(n + 1);
    if n == 3 {
        commands.spawn(Screenshot::primary_window()).observe(
            |captured: On<ScreenshotCaptured>, mut check: ResMut<MarksCheck>| {
                check.without = marks_check::picture(&captured.image);
            },
        );
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
    mut contexts: bevy_egui::EguiContexts,
) {
    let Some(path) = options.screenshot.clone() else {
        return;
    };
    if let Some(result) = state.result.take() {
        match state.layout.take() {
            Some(Err(why)) => {
                error!("layout check failed:\n{why}");
                exit.write(AppExit::error());
                return;
            }
            Some(Ok(said)) => info!("layout check: {said}"),
            None => {}
        }
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
    // Judged once the panels stand still (at most `SETTLE_FRAMES` more frames).
    let drawn = (options.layout_check && state.requested_at.is_none())
        .then(|| {
            contexts
                .ctx_mut()
                .ok()
                .map(|ctx| super::layout_check::drawn(ctx))
        })
        .flatten();
    let moving = drawn.is_some() && state.last_drawn != drawn;
    if state.frames_in_scene >= options.frames
        && moving
        && state.settling < SETTLE_FRAMES
        && state.requested_at.is_none()
    {
        state.settling += 1;
        state.last_drawn = drawn;
        return;
    }
    if drawn.is_some() {
        state.last_drawn = drawn;
    }
    match state.requested_at {
        None if state.frames_in_scene >= options.frames => {
            state.requested_at = Some(state.frames_in_scene);
            if state.settling > 0 {
                info!(
                    "the panels stood still after {} more frames",
                    state.settling
                );
            }
            if options.frame_times {
                log_frame_times(&options.scene, &state.frame_times);
            }
            if options.marks_check {
                place(&mut marks);
            }
            if options.layout_check {
                state.layout = Some(match contexts.ctx_mut() {
                    Ok(ctx) => super::layout_check::judge(
                        ctx.content_rect(),
                        &super::layout_check::drawn(ctx),
                    ),
                    Err(e) => Err(format!("no interface to judge: {e}")),
                });
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
