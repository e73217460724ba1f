//! `--scene piece:<model>`: one carved model alone on the table, turning slowly, in the light
//! set and the dark set side by side — the file the theme names, or the built-in carving when
//! that file cannot be read. For artists checking a model under the game's own light.

use super::board::{BoardBounds, FitView, TABLE_TOP_Y};
use super::models::ModelLibrary;
use super::screens::Screen;
use super::tables::Setter;
use super::theme::ActiveTheme;
use super::wood::WoodMaterial;
use crate::carve::{Footprint, MODELS};
use crate::launch::{LaunchOptions, Scene};
use crate::theme::Side;
use bevy::prelude::*;

#[derive(Component)]
struct Turntable;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            show_model.run_if(|lib: Res<ModelLibrary>| lib.all_resolved()),
            turn,
        )
            .run_if(in_state(Screen::Preview)),
    );
}

fn show_model(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    library: Res<ModelLibrary>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<WoodMaterial>>,
    mut bounds: ResMut<BoardBounds>,
    mut fits: MessageWriter<FitView>,
    mut shown: Local<bool>,
) {
    if *shown {
        return;
    }
    *shown = true;
    let Scene::Piece(name) = &options.scene else {
        return;
    };
    let footprint = MODELS.iter().find(|(n, _)| n == name).map(|(_, f)| *f);
    let board = footprint == Some(Footprint::Board);
    let root = commands
        .spawn((
            Name::new("preview"),
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Preview),
        ))
        .id();
    commands.entity(root).with_children(|parent| {
        let mut s = Setter {
            library: &library,
            theme: &theme,
            materials: &mut materials,
            parent,
            seed: 0.0,
        };
        let sides: &[(Side, f32)] = if board {
            &[(Side::Light, 0.0)]
        } else {
            &[(Side::Light, -0.8), (Side::Dark, 0.8)]
        };
        for (side, x) in sides {
            let at = Transform::from_xyz(*x, TABLE_TOP_Y, 0.0);
            let e = s.place(name, *side, at, false);
            s.parent.commands().entity(e).insert(Turntable);
        }
    });
    *bounds = BoardBounds {
        centre: Vec3::new(0.0, TABLE_TOP_Y + 0.4, 0.0),
        radius: if board { 7.0 } else { 1.6 },
    };
    fits.write(FitView { instant: true });
}

fn turn(time: Res<Time>, mut q: Query<&mut Transform, With<Turntable>>) {
    for mut t in &mut q {
        t.rotate_y(time.delta_secs() * 0.5);
    }
}
