//! The room every table stands in: the carved table top, lamp light and soft shadows, and the
//! camera rig that every game uses: orbit with a right-drag, pan with a left-drag on the empty table (one finger
//! on a touch screen), zoom with the wheel or a pinch, and Fit to frame the whole board.

pub mod camera;
pub mod hud;

use super::models::{ModelLibrary, spawn_model};
use super::theme::ActiveTheme;
use super::wood::{GrainRun, WoodMaterial, finish_material};
use crate::theme::Wood;
use bevy::light::{CascadeShadowConfigBuilder, ShadowFilteringMethod};
use bevy::prelude::*;

pub use camera::{BoardBounds, CameraRig, FitView, PanSurface};
pub use hud::{PreviewTitle, hint_bar};

/// The height of the table top's surface; boards stand on it.
pub const TABLE_TOP_Y: f32 = 0.0;
/// The carved table top's thickness: it is placed this far below [`TABLE_TOP_Y`].
pub const TABLE_THICKNESS: f32 = crate::carve::TABLE_TOP;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((camera::plugin, hud::plugin))
        .add_systems(Startup, spawn_room)
        .add_systems(
            Update,
            spawn_table_top.run_if(|lib: Res<ModelLibrary>| lib.all_resolved()),
        );
}

fn spawn_room(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    // A dark floor far below, so the table does not float in the void.
    commands.spawn((
        Name::new("floor"),
        Mesh3d(meshes.add(Plane3d::default().mesh().size(120.0, 120.0))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.09, 0.06, 0.045),
            perceptual_roughness: 0.95,
            ..default()
        })),
        Transform::from_xyz(0.0, -6.0, 0.0),
        Pickable::IGNORE,
    ));

    // Warm lamp light from above and to the side, with soft shadows.
    commands.spawn((
        Name::new("lamp"),
        DirectionalLight {
            color: Color::srgb(1.0, 0.86, 0.68),
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        CascadeShadowConfigBuilder {
            num_cascades: 2,
            first_cascade_far_bound: 14.0,
            maximum_distance: 40.0,
            ..default()
        }
        .build(),
        Transform::from_xyz(-6.0, 14.0, 7.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // A low, cool fill from the other side keeps the shadows from going black.
    commands.spawn((
        Name::new("fill light"),
        PointLight {
            color: Color::srgb(0.75, 0.8, 1.0),
            intensity: 1_500_000.0,
            range: 60.0,
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_xyz(9.0, 8.0, -9.0),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::srgb(1.0, 0.9, 0.78),
        brightness: 260.0,
        ..default()
    });
    commands.insert_resource(ClearColor(Color::srgb(0.07, 0.05, 0.04)));

    let rig = CameraRig::default();
    commands.spawn((
        Name::new("table camera"),
        Camera3d::default(),
        Msaa::Sample4,
        ShadowFilteringMethod::Gaussian,
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
