//! The room every table stands in: the carved table top, lamp light and soft shadows, and the
//! camera rig that every game uses: orbit with a right-drag, pan with a left-drag on the empty table (one finger
//! on a touch screen), zoom with the wheel or a pinch, and Fit to frame the whole board.

pub mod camera;
pub mod environment;
pub mod hud;

use super::models::{ModelLibrary, spawn_model};
use super::theme::ActiveTheme;
use super::wood::{GrainRun, WoodMaterial, finish_material};
use crate::theme::Wood;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::light::ShadowFilteringMethod;
use bevy::prelude::*;

pub use camera::{BoardBounds, CameraRig, FitView, PanSurface};
pub use hud::{PreviewTitle, hint_bar};

/// The height of the table top's surface; boards stand on it.
pub const TABLE_TOP_Y: f32 = 0.0;
/// The carved table top's thickness: it is placed this far below [`TABLE_TOP_Y`].
pub const TABLE_THICKNESS: f32 = crate::carve::TABLE_TOP;
/// How high the lamp hangs over the table's centre.
const LAMP_HEIGHT: f32 = 17.0;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((camera::plugin, hud::plugin))
        .add_systems(Startup, spawn_room.after(super::save::Loaded::Theme))
        .add_systems(
            Update,
            spawn_table_top.run_if(|lib: Res<ModelLibrary>| lib.all_resolved()),
        );
}

fn spawn_room(
    mut commands: Commands,
    theme: Res<ActiveTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let room = theme.0.look.room;
    let srgb = |[r, g, b]: [f32; 3]| Color::srgb(r, g, b);
    // A dark floor far below, so the table does not float in the void; the lamp's pool fades
    // out across it.
    commands.spawn((
        Name::new("floor"),
        Mesh3d(meshes.add(Plane3d::default().mesh().size(120.0, 120.0))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: srgb(room.floor),
            perceptual_roughness: 0.95,
            ..default()
        })),
        Transform::from_xyz(0.0, -6.0, 0.0),
        Pickable::IGNORE,
    ));

    // The lamp over the table: a warm spot whose pool of light covers the boards and fades
    // toward the table's edges, with soft shadows.
    let lamp_at = environment::lamp_direction() * LAMP_HEIGHT;
    let distance = lamp_at.length();
    let outer = (room.pool.max(1.0) / distance).atan();
    commands.spawn((
        Name::new("lamp"),
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
        },
        Transform::from_translation(lamp_at).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // A low, cool fill from the window keeps the shadows from going black.
    commands.spawn((
        Name::new("fill light"),
        DirectionalLight {
            color: Color::srgb(0.75, 0.8, 1.0),
            illuminance: room.fill_lux.max(0.0),
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_translation(environment::window_direction() * 10.0)
            .looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::srgb(1.0, 0.9, 0.78),
        brightness: room.ambient.max(0.0),
        ..default()
    });
    commands.insert_resource(ClearColor(srgb(room.floor)));

    let rig = CameraRig::default();
    commands.spawn((
        Name::new("table camera"),
        Camera3d::default(),
        // MSAA rather than a post-process: it works the same under WebGL2, and it is the
        // cheapest edge smoothing where the frame is drawn by the CPU.
        Msaa::Sample4,
        Tonemapping::TonyMcMapface,
        // Hardware 2×2 filtering: measured under the CPU renderer, Gaussian filtering cost about
        // a quarter of each table's frame (hive 787 against 573 ms, chess 844 against 675 ms),
        // for shadow edges that look the same at the default view.
        ShadowFilteringMethod::Hardware2x2,
        EnvironmentMapLight {
            diffuse_map: images.add(environment::diffuse_map(&room)),
            specular_map: images.add(environment::specular_map(&room)),
            intensity: room.environment.max(0.0),
            ..default()
        },
        rig.transform(),
        rig,
    ));
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
    let (oak, _) = theme.0.finishes("table_top", Wood::Dark);
    let apron = finish_material(&oak, &theme.0.look, 0.81, GrainRun::FLAT);
    commands.spawn((
        Name::new("table apron"),
        Mesh3d(meshes.add(Cuboid::new(15.2, 0.8, 11.2))),
        MeshMaterial3d(woods.add(apron)),
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
