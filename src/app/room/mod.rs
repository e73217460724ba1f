//! The room every table stands in: the carved table top, lamp light and soft shadows (or the
//! light look on a slow renderer: [`light_look`]), and the camera rig that every game uses:
//! orbit with a right-drag (on a touch screen a two-finger twist turns the view and two fingers
//! dragged up or down tilt it), pan with a left-drag on the empty table (one finger on a touch
//! screen), zoom with the wheel or a pinch, and Fit to frame the whole board.

pub mod camera;
pub mod environment;
pub mod framing;
pub mod hud;
pub mod light_look;
pub mod view;

use super::models::{ModelLibrary, spawn_model};
use super::theme::ActiveTheme;
use super::wood::{GrainRun, WoodMaterial, finish_material};
use crate::theme::Wood;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::light::ShadowFilteringMethod;
use bevy::prelude::*;

pub use camera::{BoardBounds, CameraRig, FitView, PanSurface};
pub use hud::{PreviewTitle, hint_bar};
pub use light_look::LightLook;

/// The height of the table top's surface; boards stand on it.
pub const TABLE_TOP_Y: f32 = 0.0;
/// The carved table top's thickness: it is placed this far below [`TABLE_TOP_Y`].
pub const TABLE_THICKNESS: f32 = crate::carve::TABLE_TOP;
/// How high the lamp hangs over the table's centre.
const LAMP_HEIGHT: f32 = 17.0;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        camera::plugin,
        framing::plugin,
        hud::plugin,
        light_look::plugin,
        view::plugin,
    ))
    .add_systems(Startup, spawn_room.after(super::save::Loaded::Theme))
    .add_systems(
        Update,
        (
            spawn_table_top.run_if(|lib: Res<ModelLibrary>| lib.all_resolved()),
            follow_theme,
        ),
    );
}

/// The room's parts a changed `look` reaches (see [`follow_theme`]).
#[derive(Component)]
enum RoomPart {
    Floor,
    Lamp,
    Fill,
    Apron,
}

/// The lamp's spot for the theme's room: colour, lumens and the cone that covers its pool.
fn lamp_light(room: &crate::theme::Room) -> SpotLight {
    let distance = (environment::lamp_direction() * LAMP_HEIGHT).length();
    let outer = (room.pool.max(1.0) / distance).atan();
    SpotLight {
        color: srgb(room.lamp),
        // Lumens for `lamp_lux` at the table under the lamp (Bevy spreads a spot's lumens
        // as a point light's, over 4π).
        intensity: room.lamp_lux.max(0.0) * distance * distance * 4.0 * std::f32::consts::PI,
        range: 80.0,
        radius: 0.8,
        shadow_maps_enabled: true,
        outer_angle: outer,
        inner_angle: outer * 0.3,
        ..default()
    }
}

fn srgb([r, g, b]: [f32; 3]) -> Color {
    Color::srgb(r, g, b)
}

/// The room's ambient light, with the light look (`light`) or without.
fn ambient(room: &crate::theme::Room, light: bool) -> GlobalAmbientLight {
    GlobalAmbientLight {
        color: light_look::AMBIENT_COLOUR,
        brightness: light_look::ambient_brightness(room, light),
        ..default()
    }
}

/// A room part and what a new `look` changes in it.
type RoomParts = (
    &'static RoomPart,
    Option<&'static mut SpotLight>,
    Option<&'static mut DirectionalLight>,
    Option<&'static MeshMaterial3d<StandardMaterial>>,
    Option<&'static mut MeshMaterial3d<WoodMaterial>>,
);

/// After `theme.ron` changed: the room's light, floor, environment and the table's apron take
/// the new `look` (the carved models are carved again by `models::recarve`).
#[allow(clippy::too_many_arguments)]
fn follow_theme(
    mut changes: MessageReader<super::theme::ThemeChanged>,
    theme: Res<ActiveTheme>,
    look: Res<LightLook>,
    mut commands: Commands,
    mut parts: Query<RoomParts>,
    mut cameras: Query<&mut EnvironmentMapLight, With<CameraRig>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut woods: ResMut<Assets<WoodMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    if changes.read().last().is_none() {
        return;
    }
    let room = theme.0.look.room;
    commands.insert_resource(ambient(&room, look.on));
    commands.insert_resource(ClearColor(srgb(room.floor)));
    for (part, spot, fill, standard, wood) in &mut parts {
        match part {
            RoomPart::Lamp => {
                if let Some(mut spot) = spot {
                    *spot = lamp_light(&room);
                    spot.shadow_maps_enabled = !look.on;
                }
            }
            RoomPart::Fill => {
                if let Some(mut fill) = fill {
                    fill.illuminance = room.fill_lux.max(0.0);
                }
            }
            RoomPart::Floor => {
                if let Some(mut m) = standard.and_then(|h| materials.get_mut(&h.0)) {
                    m.base_color_texture = Some(images.add(floor_image(&room)));
                }
            }
            RoomPart::Apron => {
                if let Some(mut m) = wood {
                    m.0 = woods.add(apron_material(&theme.0));
                }
            }
        }
    }
    for mut env in &mut cameras {
        *env = environment_light(&room, &mut images);
    }
}

/// The room's light from every direction for `room` (its walls, the lamp, the window), its
/// maps added to `images`: on the table's camera, unless the light look leaves it out.
fn environment_light(room: &crate::theme::Room, images: &mut Assets<Image>) -> EnvironmentMapLight {
    EnvironmentMapLight {
        diffuse_map: images.add(environment::diffuse_map(room)),
        specular_map: images.add(environment::specular_map(room)),
        intensity: room.environment.max(0.0),
        ..default()
    }
}

/// The table's apron, in the top's wood.
fn apron_material(theme: &crate::theme::Theme) -> WoodMaterial {
    let (oak, _) = theme.finishes("table_top", Wood::Dark);
    finish_material(&oak, &theme.look, 0.81, GrainRun::FLAT)
}

fn spawn_room(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let room = theme.0.look.room;
    // A dark floor far below, so the table does not float in the void: the lamp's pool on it is
    // painted into the floor (unlit), as lighting it cost a third of each frame in the browser
    // (headless Chromium's software WebGL2: 0.41 against 0.59 frames a second at Snēlab).
    commands.spawn((
        Name::new("floor"),
        RoomPart::Floor,
        Mesh3d(meshes.add(Plane3d::default().mesh().size(FLOOR_SIZE, FLOOR_SIZE))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color_texture: Some(images.add(floor_image(&room))),
            unlit: true,
            ..default()
        })),
        Transform::from_xyz(0.0, -6.0, 0.0),
        bevy::light::NotShadowReceiver,
        Pickable::IGNORE,
    ));

    // The lamp over the table: a warm spot whose pool of light covers the boards and fades
    // toward the table's edges, with soft shadows.
    let lamp_at = environment::lamp_direction() * LAMP_HEIGHT;
    commands.spawn((
        Name::new("lamp"),
        RoomPart::Lamp,
        lamp_light(&room),
        Transform::from_translation(lamp_at).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // A low, cool fill from the window keeps the shadows from going black.
    commands.spawn((
        Name::new("fill light"),
        RoomPart::Fill,
        DirectionalLight {
            color: Color::srgb(0.75, 0.8, 1.0),
            illuminance: room.fill_lux.max(0.0),
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_translation(environment::window_direction() * 10.0)
            .looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(ambient(&room, false));
    commands.insert_resource(ClearColor(srgb(room.floor)));

    // The table's camera draws into a picture that the panels' camera lays under the panels
    // (`view`): with the light look, at fewer pixels than the window's.
    let target = view::set_up(&mut commands, &mut images);
    let rig = CameraRig::default();
    commands.spawn((
        Name::new("table camera"),
        Camera3d::default(),
        target,
        // 4× MSAA; FXAA where the frame is drawn by the CPU, and with the light look (over the
        // view's fewer pixels): see `light_look`.
        Msaa::Sample4,
        // The analytic "somewhat boring" display transform: Tony McMapface's look (its author's
        // earlier curve; measured 2–4 levels of 255 apart on average at the three tables) without
        // its 3D lookup table, which with the decoder it needs was 0.7 MB of the browser's .wasm.
        Tonemapping::SomewhatBoringDisplayTransform,
        // Hardware 2×2 filtering: measured under the CPU renderer, Gaussian filtering cost about
        // a quarter of each table's frame (hive 787 against 573 ms, chess 844 against 675 ms),
        // for shadow edges that look the same at the default view.
        ShadowFilteringMethod::Hardware2x2,
        environment_light(&room, &mut images),
        rig.transform(),
        rig,
    ));
}

/// How the table's edges are smoothed on a renderer of this kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Smoothing {
    /// 4× multisampling: the crispest edges, nearly free on a graphics card.
    Msaa4,
    /// One FXAA pass over the finished frame: where the CPU draws the frame (a browser without
    /// graphics acceleration, a machine without a GPU), multisampling costs far more. Measured
    /// in headless Chromium's software WebGL2 at Snēlab, one build: 0.48 frames a second with
    /// 4× MSAA, 0.67 without it.
    Fxaa,
}

impl Smoothing {
    /// The choice for an adapter of `kind`.
    pub fn for_device(kind: wgpu_types::DeviceType) -> Smoothing {
        match kind {
            wgpu_types::DeviceType::Cpu => Smoothing::Fxaa,
            _ => Smoothing::Msaa4,
        }
    }
}

/// The floor's width (board units); its pool of light is painted for this size.
const FLOOR_SIZE: f32 = 120.0;

/// How bright the painted pool of light is at `r` board units from the middle of the floor, as
/// a multiple of the floor's own colour: the room's light everywhere, and the lamp's pool, a little wider than the table, fading
/// into the dark of the room.
pub fn floor_light(r: f32, pool: f32) -> f32 {
    let reach = (pool.max(1.0) * 1.9).max(8.0);
    let x = (r / reach).clamp(0.0, 1.0);
    2.6 + 1.6 * (1.0 - x * x * (3.0 - 2.0 * x))
}

/// The floor's picture: its colour under the lamp's pool, sRGB.
fn floor_image(room: &crate::theme::Room) -> Image {
    const N: u32 = 128;
    let c = Color::srgb(room.floor[0], room.floor[1], room.floor[2]).to_linear();
    let walls = Color::srgb(room.walls[0], room.walls[1], room.walls[2]).to_linear();
    let mut data = Vec::with_capacity((N * N * 4) as usize);
    for y in 0..N {
        for x in 0..N {
            let u = ((x as f32 + 0.5) / N as f32 - 0.5) * FLOOR_SIZE;
            let v = ((y as f32 + 0.5) / N as f32 - 0.5) * FLOOR_SIZE;
            let k = floor_light((u * u + v * v).sqrt(), room.pool);
            // The lamp's light, and a little of the walls' (the room's own light).
            let lit = Color::linear_rgb(
                c.red * k * room.lamp[0] + walls.red * 0.1,
                c.green * k * room.lamp[1] + walls.green * 0.1,
                c.blue * k * room.lamp[2] + walls.blue * 0.1,
            )
            .to_srgba();
            data.extend_from_slice(&lit.to_u8_array());
        }
    }
    square_image(N, data)
}

/// A square sRGB picture made in code (`size`² RGBA pixels, row by row), sampled smoothly.
pub fn square_image(size: u32, data: Vec<u8>) -> Image {
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let mut image = Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        bevy::asset::RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = bevy::image::ImageSampler::linear();
    image
}

/// The carved table top, placed once the models are known (a drag on it pans the view).
fn spawn_table_top(
    mut commands: Commands,
    library: Res<ModelLibrary>,
    theme: Res<ActiveTheme>,
    mut woods: ResMut<Assets<WoodMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut spawned: Local<bool>,
) {
    // Once: a `run_once` condition beside `all_resolved` would be spent on the first frame
    // (Bevy evaluates every condition), before the models are known.
    if *spawned {
        return;
    }
    *spawned = true;
    // An apron under the carved table top, in the top's wood.
    commands.spawn((
        Name::new("table apron"),
        RoomPart::Apron,
        Mesh3d(meshes.add(Cuboid::new(15.2, 0.8, 11.2))),
        MeshMaterial3d(woods.add(apron_material(&theme.0))),
        Transform::from_xyz(0.0, TABLE_TOP_Y - TABLE_THICKNESS - 0.4, 0.0),
        Pickable::IGNORE,
    ));
    commands
        .spawn((
            Name::new("table top"),
            Transform::from_xyz(0.0, TABLE_TOP_Y - TABLE_THICKNESS, 0.0),
            Visibility::default(),
            PanSurface,
        ))
        .with_children(|p| {
            spawn_model(
                p,
                &library,
                &theme,
                &mut woods,
                "table_top",
                Wood::Dark,
                0.37,
            )
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_renderer_on_the_cpu_smooths_with_fxaa_and_a_graphics_card_with_msaa() {
        use wgpu_types::DeviceType as D;
        assert_eq!(Smoothing::for_device(D::Cpu), Smoothing::Fxaa);
        for gpu in [D::DiscreteGpu, D::IntegratedGpu, D::VirtualGpu, D::Other] {
            assert_eq!(Smoothing::for_device(gpu), Smoothing::Msaa4, "{gpu:?}");
        }
    }

    #[test]
    fn the_floor_is_brightest_under_the_lamp_and_fades_to_the_room() {
        let pool = crate::theme::Room::default().pool;
        assert!((floor_light(0.0, pool) - 4.2).abs() < 1e-5);
        assert!((floor_light(FLOOR_SIZE, pool) - 2.6).abs() < 1e-5);
        let mut last = f32::MAX;
        for i in 0..=60 {
            let k = floor_light(i as f32, pool);
            assert!(k <= last, "fades outward");
            last = k;
        }
        // A wider pool reaches further.
        assert!(floor_light(15.0, 12.0) > floor_light(15.0, 6.0));
    }
}
