//! Where the table's 3D view is drawn: into a picture of its own (`TableView`), which the
//! panels' camera lays under the panels, full-window. With the full look the picture has the
//! window's pixels, one for one; with the light look it has fewer (`LIGHT_SCALE` of each side,
//! or `--view-scale`), and the picture is stretched over the window, smoothly. On a renderer that
//! draws on the processor nearly all of a frame's cost is the lighting of each pixel
//! (`docs/idle.md`), so a quarter of the pixels is most of a quarter of the cost, while the
//! panels and their text are drawn at the window's own resolution and stay sharp.
//!
//! With the light look the share follows the frame's cost (`Pace`): it starts at half of each
//! side, takes a step down ([`LIGHT_STEPS`]) while frames take longer than [`SLOW`] (under five a
//! second) and a step up while they take less than [`FAST`]. Only frames drawn one after another
//! count (something moving, `calm::AtOnce`), not a frame after a wait. A screenshot run keeps
//! half, so its pictures do not depend on the machine's speed.
//!
//! The camera keeps the window's logical size (the picture's scale factor is set to make it so),
//! so a pointer's window position is a position in the view as it is: the game's own aiming
//! (`kit::clicks`) and the picking backend's rays (added here, as the camera's target is not
//! the window) work unchanged.

use super::{CameraRig, LightLook};
use crate::launch::LEAST_VIEW_SCALE;
use bevy::camera::{ImageRenderTarget, NormalizedRenderTarget, RenderTarget};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::picking::PickingSystems;
use bevy::picking::backend::ray::{RayId, RayMap};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureFormat};
use bevy::window::PrimaryWindow;
use bevy_egui::{
    EguiContext, EguiFullOutput, EguiPostUpdateSet, EguiTextureHandle, EguiUserTextures,
    PrimaryEguiContext, egui,
};

/// The shares of each side of the window the light look's view takes, fewest pixels first.
/// Between two steps the pixels about double, less than [`SLOW`] over [`FAST`], so the pace
/// does not swing between two steps.
pub const LIGHT_STEPS: [f32; 5] = [0.25, 0.35, 0.5, 0.7, 1.0];

/// The light look's first step: half of each side, a quarter of the pixels.
pub const LIGHT_START: usize = 2;

/// The share of each side of the window that the 3D view has with the light look, to begin
/// with (and in a screenshot run).
pub const LIGHT_SCALE: f32 = LIGHT_STEPS[LIGHT_START];

/// A frame slower than this (seconds: under five frames a second) takes the view a step down.
pub const SLOW: f32 = 0.2;

/// A frame faster than this takes it a step up.
pub const FAST: f32 = 0.08;

/// How many frames drawn one after another are weighed (their median) before a step.
pub const PACE_FRAMES: usize = 8;

/// The light look's step now, and the times of the frames weighed toward the next.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Pace {
    /// An index into [`LIGHT_STEPS`].
    pub step: usize,
    frames: Vec<f32>,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            step: LIGHT_START,
            frames: Vec::new(),
        }
    }
}

impl Pace {
    /// Weighs one frame drawn at once after the one before (`seconds` long): after
    /// [`PACE_FRAMES`] of them, the step their median asks for.
    pub fn frame(&mut self, seconds: f32) {
        self.frames.push(seconds);
        if self.frames.len() < PACE_FRAMES {
            return;
        }
        self.frames.sort_by(f32::total_cmp);
        let median = self.frames[self.frames.len() / 2];
        self.frames.clear();
        self.step = next_step(self.step, median);
    }

    /// A frame after a wait: what was weighed so far is dropped (frames count one after
    /// another).
    pub fn wait(&mut self) {
        self.frames.clear();
    }

    /// The share of each side at this step.
    pub fn scale(&self) -> f32 {
        LIGHT_STEPS[self.step.min(LIGHT_STEPS.len() - 1)]
    }
}

/// The step after frames of `median` seconds at `step`.
pub fn next_step(step: usize, median: f32) -> usize {
    if median > SLOW {
        step.saturating_sub(1)
    } else if median < FAST {
        (step + 1).min(LIGHT_STEPS.len() - 1)
    } else {
        step
    }
}

/// The picture the table's camera draws into, and its size now.
#[derive(Resource, Debug, Clone)]
pub struct TableView {
    /// The picture (a render target, drawn under the panels).
    pub image: Handle<Image>,
    /// Its size in pixels.
    pub size: UVec2,
}

/// The camera that draws the panels (egui) over the table's view, straight onto the window.
#[derive(Component, Debug)]
pub struct PanelsCamera;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pace>()
        .add_systems(
            PostUpdate,
            (pace, fit)
                .chain()
                .before(bevy::camera::CameraUpdateSystems),
        )
        .add_systems(
            PostUpdate,
            lay_under_panels
                .after(EguiPostUpdateSet::EndPass)
                .before(EguiPostUpdateSet::ProcessOutput),
        )
        .add_systems(
            PreUpdate,
            rays.after(RayMap::repopulate)
                .in_set(PickingSystems::ProcessInput),
        );
}

/// The share of each side of the window the view has: `--view-scale`'s where given, else the
/// light look's pace (`light`), else all of it.
pub fn scale_for(look: LightLook, asked: Option<f32>, light: f32) -> f32 {
    match asked {
        Some(s) if s.is_finite() => s.clamp(LEAST_VIEW_SCALE, 1.0),
        _ if look.on => light,
        _ => 1.0,
    }
}

/// Weighs this frame's time toward the light look's next step, where it counts: the light look
/// on, no `--view-scale`, not a screenshot run, and this frame asked for at once.
fn pace(
    look: Res<LightLook>,
    options: Option<Res<crate::launch::LaunchOptions>>,
    at_once: Option<Res<crate::app::calm::AtOnce>>,
    time: Res<Time<Real>>,
    mut pace: ResMut<Pace>,
) {
    let fixed = options.is_some_and(|o| o.view_scale.is_some() || o.screenshot.is_some());
    if !look.on || fixed {
        return;
    }
    if at_once.is_some_and(|a| a.0) {
        let before = pace.step;
        pace.frame(time.delta_secs());
        if pace.step != before {
            info!(
                "the light look's view: {:.0} % of each side (frames took too {})",
                pace.scale() * 100.0,
                if pace.step < before { "long" } else { "little" }
            );
        }
    } else {
        pace.wait();
    }
}

/// The picture's size for a window of `physical` pixels at `scale`, at least one pixel a side.
pub fn picture_size(physical: UVec2, scale: f32) -> UVec2 {
    (physical.as_vec2() * scale)
        .round()
        .as_uvec2()
        .max(UVec2::ONE)
}

/// The picture's scale factor, so that the camera's logical size is the window's: a window
/// position is then a view position.
pub fn picture_scale_factor(window_scale: f32, physical: UVec2, picture: UVec2) -> f32 {
    if physical.x == 0 {
        return window_scale;
    }
    window_scale * picture.x as f32 / physical.x as f32
}

/// A new picture for the view: `size` pixels, sRGB, drawn into and sampled smoothly.
pub fn new_picture(size: UVec2) -> Image {
    let mut image = Image::new_target_texture(
        size.x.max(1),
        size.y.max(1),
        TextureFormat::Rgba8UnormSrgb,
        None,
    );
    image.sampler = bevy::image::ImageSampler::linear();
    image
}

/// Spawns the panels' camera, and returns the table camera's target: the view's picture.
pub(super) fn set_up(commands: &mut Commands, images: &mut Assets<Image>) -> RenderTarget {
    let size = UVec2::new(1280, 720);
    let image = images.add(new_picture(size));
    commands.insert_resource(TableView {
        image: image.clone(),
        size,
    });
    commands.spawn((
        Name::new("panels camera"),
        PanelsCamera,
        Camera2d,
        Camera {
            // After the table's camera, which draws the picture this one shows.
            order: 1,
            ..default()
        },
        Msaa::Off,
        // No colour curve of its own: the picture is already the table's, finished.
        Tonemapping::None,
        // It sees no mesh: the picking backend casts no ray from it into the table.
        bevy::camera::visibility::RenderLayers::none(),
        PrimaryEguiContext,
    ));
    RenderTarget::Image(ImageRenderTarget {
        handle: image,
        scale_factor: 1.0,
    })
}

/// Keeps the picture the window's size at the view's scale, and the camera's logical size the
/// window's.
fn fit(
    windows: Query<&Window, With<PrimaryWindow>>,
    look: Res<LightLook>,
    pace: Res<Pace>,
    options: Option<Res<crate::launch::LaunchOptions>>,
    view: Option<ResMut<TableView>>,
    mut images: ResMut<Assets<Image>>,
    mut targets: Query<&mut RenderTarget, With<CameraRig>>,
) {
    let (Ok(window), Some(mut view)) = (windows.single(), view) else {
        return;
    };
    let physical = window.physical_size();
    if physical.x == 0 || physical.y == 0 {
        return;
    }
    let scale = scale_for(*look, options.and_then(|o| o.view_scale), pace.scale());
    let size = picture_size(physical, scale);
    if size != view.size {
        if let Some(mut image) = images.get_mut(&view.image) {
            image.resize(Extent3d {
                width: size.x,
                height: size.y,
                depth_or_array_layers: 1,
            });
        }
        view.size = size;
    }
    let want = ImageRenderTarget {
        handle: view.image.clone(),
        scale_factor: picture_scale_factor(window.scale_factor(), physical, size),
    };
    for mut target in &mut targets {
        if !matches!(&*target, RenderTarget::Image(now) if *now == want) {
            *target = RenderTarget::Image(want.clone());
        }
    }
}

/// Lays the view's picture under everything the panels drew this frame: the first shape of the
/// pass, over the whole window.
fn lay_under_panels(
    view: Option<Res<TableView>>,
    mut textures: ResMut<EguiUserTextures>,
    mut panels: Query<(&mut EguiContext, &mut EguiFullOutput), With<PrimaryEguiContext>>,
) {
    let Some(view) = view else {
        return;
    };
    let id = textures
        .image_id(&view.image)
        .unwrap_or_else(|| textures.add_image(EguiTextureHandle::Weak(view.image.id())));
    for (mut ctx, mut output) in &mut panels {
        let Some(output) = output.0.as_mut() else {
            continue;
        };
        let window = ctx.get_mut().viewport_rect();
        let whole = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        output.shapes.insert(
            0,
            egui::epaint::ClippedShape {
                clip_rect: window,
                shape: egui::Shape::image(id, window, whole, egui::Color32::WHITE),
            },
        );
    }
}

/// The picking backend's rays from the table's camera: it draws into a picture, so Bevy makes
/// none for it; a pointer in the window is at the same logical position in the view.
fn rays(
    mut map: ResMut<RayMap>,
    pointers: Query<(&PointerId, &PointerLocation)>,
    cameras: Query<(Entity, &Camera, &GlobalTransform), With<CameraRig>>,
    primary: Query<Entity, With<PrimaryWindow>>,
) {
    let Ok(primary) = primary.single() else {
        return;
    };
    for (entity, camera, transform) in &cameras {
        if !camera.is_active {
            continue;
        }
        let Some(rect) = camera.logical_viewport_rect() else {
            continue;
        };
        for (id, location) in &pointers {
            let Some(at) = location.location() else {
                continue;
            };
            let NormalizedRenderTarget::Window(window) = &at.target else {
                continue;
            };
            if window.entity() != primary || !rect.contains(at.position) {
                continue;
            }
            if let Ok(ray) = camera.viewport_to_world(transform, at.position) {
                map.map.insert(RayId::new(entity, *id), ray);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_light_look_draws_a_quarter_of_the_pixels_and_a_flag_chooses_within_bounds() {
        let full = LightLook {
            cpu: true,
            on: false,
        };
        let light = LightLook {
            cpu: true,
            on: true,
        };
        let half = LIGHT_SCALE;
        assert_eq!(half, 0.5);
        assert_eq!(scale_for(full, None, half), 1.0);
        assert_eq!(scale_for(light, None, half), half);
        assert_eq!(scale_for(light, None, 0.35), 0.35);
        assert_eq!(scale_for(full, Some(0.4), half), 0.4);
        assert_eq!(scale_for(light, Some(1.0), half), 1.0);
        assert_eq!(scale_for(light, Some(0.01), half), LEAST_VIEW_SCALE);
        assert_eq!(scale_for(light, Some(3.0), half), 1.0);
        assert_eq!(scale_for(light, Some(f32::NAN), half), half);
    }

    #[test]
    fn slow_frames_take_the_view_down_a_step_and_fast_ones_up() {
        let mut pace = Pace::default();
        assert_eq!(pace.scale(), 0.5);
        // Seven slow frames are not yet enough; the eighth is.
        for _ in 0..PACE_FRAMES - 1 {
            pace.frame(0.4);
        }
        assert_eq!(pace.scale(), 0.5);
        pace.frame(0.4);
        assert_eq!(pace.scale(), 0.35);
        // A wait between frames drops what was weighed.
        for _ in 0..PACE_FRAMES - 1 {
            pace.frame(0.4);
        }
        pace.wait();
        pace.frame(0.4);
        assert_eq!(pace.scale(), 0.35);
        // The median: one slow frame among fast ones does not count.
        for i in 0..PACE_FRAMES {
            pace.frame(if i == 3 { 2.0 } else { 0.05 });
        }
        assert_eq!(pace.scale(), 0.5);
        // Never under the least step nor over the whole window.
        assert_eq!(next_step(0, 1.0), 0);
        assert_eq!(
            next_step(LIGHT_STEPS.len() - 1, 0.01),
            LIGHT_STEPS.len() - 1
        );
        // Between the two bounds it stays.
        assert_eq!(next_step(2, 0.15), 2);
    }

    #[test]
    fn a_step_never_swings_back() {
        // A frame just over `SLOW` at one step is, with about half the pixels a step down, still
        // over `FAST`: the pace stays there rather than going back up.
        for w in LIGHT_STEPS.windows(2) {
            let pixels = (w[0] / w[1]).powi(2);
            assert!(SLOW * pixels > FAST, "{w:?}");
        }
    }

    #[test]
    fn the_picture_keeps_the_windows_logical_size() {
        // A 1280×720 window at scale 2 (2560×1440 pixels), the view at half of each side.
        let physical = UVec2::new(2560, 1440);
        let size = picture_size(physical, 0.5);
        assert_eq!(size, UVec2::new(1280, 720));
        let factor = picture_scale_factor(2.0, physical, size);
        assert_eq!(size.as_vec2() / factor, Vec2::new(1280.0, 720.0));
        // One for one with the full look.
        let size = picture_size(physical, 1.0);
        assert_eq!(size, physical);
        assert_eq!(picture_scale_factor(2.0, physical, size), 2.0);
        // Never an empty picture.
        assert_eq!(picture_size(UVec2::new(1, 1), 0.25), UVec2::ONE);
    }
}
