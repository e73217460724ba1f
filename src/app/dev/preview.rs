//! `--scene piece:<model>`: one carved model alone on the table, turning slowly, in the light
//! set and the dark set side by side — the file the theme names, or the built-in carving when
//! that file cannot be read. For artists checking a model under the game's own light.
//!
//! `--scene pieces-<game>`: every piece of a game in rows, light wood in front and dark behind,
//! with the game's markers and the board marks (dot, rings, glow, ghost, hatching) in front.

use crate::app::kit::Setter;
use crate::app::marks::{MarkKind, MarkMaterial, MarkQuad, colours, flat_mark};
use crate::app::models::ModelLibrary;
use crate::app::room::{BoardBounds, FitView, PreviewTitle, TABLE_TOP_Y};
use crate::app::screens::Screen;
use crate::app::theme::ActiveTheme;
use crate::app::wood::WoodMaterial;
use crate::carve::{Footprint, MODELS};
use crate::i18n::Tr;
use crate::launch::{LaunchOptions, Scene};
use crate::rules::GameKind;
use crate::theme::Wood;
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
    mut marks: ResMut<Assets<MarkMaterial>>,
    quad: Res<MarkQuad>,
    tr: Res<Tr>,
    mut title: ResMut<PreviewTitle>,
) {
    if *shown {
        return;
    }
    *shown = true;
    title.0 = match &options.scene {
        Scene::Piece(name) => name.clone(),
        Scene::Pieces(game) => tr.t(&format!("game.{}.name", game.cli_name())).to_string(),
        // The model viewer and the artists' pieces set their own (`super::viewer`).
        _ => return,
    };
    if let Scene::Pieces(game) = &options.scene {
        let mut s = PieceShow {
            commands: &mut commands,
            library: &library,
            theme: &theme,
            materials: &mut materials,
            marks: &mut marks,
            quad: &quad,
        };
        *bounds = s.lay_out(*game);
        fits.write(FitView { instant: true });
        return;
    }
    let Scene::Piece(name) = &options.scene else {
        return;
    };
    let name = &name.clone();
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
        let mut s = Setter::new(&library, &theme, &mut materials, parent, 0.0);
        let sides: &[(Wood, f32)] = if board {
            &[(Wood::Light, 0.0)]
        } else {
            &[(Wood::Light, -0.8), (Wood::Dark, 0.8)]
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

struct PieceShow<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    library: &'a ModelLibrary,
    theme: &'a ActiveTheme,
    materials: &'a mut Assets<WoodMaterial>,
    marks: &'a mut Assets<MarkMaterial>,
    quad: &'a MarkQuad,
}

impl PieceShow<'_, '_, '_> {
    /// Lays out `game`'s pieces and returns what Fit should frame.
    fn lay_out(&mut self, game: GameKind) -> BoardBounds {
        let Some(info) = crate::app::TABLES.iter().find(|t| t.game == game) else {
            return BoardBounds::default();
        };
        let (pieces, markers) = (info.pieces, info.markers);
        let gap = 1.25;
        let row_x = |i: usize, n: usize| (i as f32 - (n as f32 - 1.0) / 2.0) * gap;
        let root = self
            .commands
            .spawn((
                Name::new("pieces"),
                Transform::default(),
                Visibility::default(),
                DespawnOnExit(Screen::Preview),
            ))
            .id();
        let (library, theme) = (self.library, self.theme);
        let materials = &mut *self.materials;
        self.commands.entity(root).with_children(|parent| {
            let mut s = Setter::new(library, theme, materials, parent, 0.3);
            for (side, z, turn) in [
                (Wood::Dark, -1.3, std::f32::consts::PI),
                (Wood::Light, 0.0, 0.0),
            ] {
                for (i, name) in pieces.iter().enumerate() {
                    let at = Transform::from_xyz(row_x(i, pieces.len()), TABLE_TOP_Y, z)
                        .with_rotation(Quat::from_rotation_y(turn));
                    s.place(name, side, at, false);
                }
            }
            for (i, name) in markers.iter().enumerate() {
                let at = Transform::from_xyz(row_x(i, markers.len()), TABLE_TOP_Y, 1.4);
                s.place(name, Wood::Light, at, false);
            }
        });
        // The marks every board draws, on a strip of their own in front.
        let kinds = [
            MarkMaterial::new(MarkKind::Dot, colours::GREEN),
            MarkMaterial::new(MarkKind::Ring, colours::RED).ticks(3),
            MarkMaterial::new(MarkKind::DashedRing, colours::GREEN).dashes(10),
            MarkMaterial::new(MarkKind::Ring, colours::GREEN),
            MarkMaterial::new(MarkKind::Ring, colours::WHITE),
            MarkMaterial::new(MarkKind::Glow, colours::GLOW),
            MarkMaterial::new(MarkKind::Hatched, colours::HATCH),
            MarkMaterial::new(MarkKind::Focus, colours::BRASS),
        ];
        let z = if markers.is_empty() { 1.45 } else { 2.75 };
        let n = kinds.len();
        let handles: Vec<_> = kinds.into_iter().map(|k| self.marks.add(k)).collect();
        let quad = self.quad.clone();
        self.commands.entity(root).with_children(|p| {
            for (i, m) in handles.into_iter().enumerate() {
                let x = (i as f32 - (n as f32 - 1.0) / 2.0) * 1.05;
                p.spawn(flat_mark(
                    &quad,
                    m,
                    Vec3::new(x, TABLE_TOP_Y + 0.002, z),
                    1.0,
                ));
            }
        });
        // A row longer than five pieces (Ash & Walnut's eight creatures) widens the frame.
        let row = (pieces.len().max(1) - 1) as f32 / 2.0 * gap + 0.6;
        BoardBounds {
            centre: Vec3::new(
                0.0,
                TABLE_TOP_Y + 0.3,
                if markers.is_empty() { 0.1 } else { 0.7 },
            ),
            radius: row.max(if markers.is_empty() { 3.1 } else { 4.2 }),
        }
    }
}
