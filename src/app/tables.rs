//! The tables of the games that are not playable yet (Ash & Walnut, Artifact Chess): the game's
//! carved board on the shared table top, set out in an opening array. Snēlab has its own plugin
//! (`app::snelab`); the room, the camera rig and the HUD stay shared. [`Setter`] places carved
//! models for every table.

use super::board::{BoardBounds, FitView, PanSurface, TABLE_TOP_Y};
use super::models::{ModelLibrary, spawn_model};
use super::screens::TableRoot;
use super::theme::ActiveTheme;
use super::wood::WoodMaterial;
use crate::carve::{BOARD_TOP, HEX_HEIGHT};
use crate::rules::GameKind;
use crate::rules::hive::Hex;
use crate::theme::Side;
use bevy::prelude::*;
use std::f32::consts::PI;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        dress_tables.run_if(|lib: Res<ModelLibrary>| lib.all_resolved()),
    );
}

/// Places carved models under one table root.
pub struct Setter<'a, 'b> {
    pub library: &'a ModelLibrary,
    pub theme: &'a ActiveTheme,
    pub materials: &'a mut Assets<WoodMaterial>,
    pub parent: &'a mut ChildSpawnerCommands<'b>,
    pub seed: f32,
}

impl<'a, 'b> Setter<'a, 'b> {
    pub fn new(
        library: &'a ModelLibrary,
        theme: &'a ActiveTheme,
        materials: &'a mut Assets<WoodMaterial>,
        parent: &'a mut ChildSpawnerCommands<'b>,
        seed: f32,
    ) -> Setter<'a, 'b> {
        Setter {
            library,
            theme,
            materials,
            parent,
            seed,
        }
    }

    /// A model at `transform`; `pan` lets a drag on it move the view (boards), otherwise it
    /// ignores the pointer.
    pub fn place(&mut self, name: &str, side: Side, transform: Transform, pan: bool) -> Entity {
        self.seed = (self.seed + 0.618_034) % 1.0;
        let seed = self.seed * 10.0;
        let (library, theme) = (self.library, self.theme);
        let materials = &mut *self.materials;
        let mut e = self.parent.spawn((
            Name::new(name.to_string()),
            transform,
            Visibility::default(),
        ));
        e.with_children(|p| spawn_model(p, library, theme, materials, name, side, seed));
        if pan {
            e.insert(PanSurface);
        } else {
            e.insert(Pickable::IGNORE);
        }
        e.id()
    }
}

fn dress_tables(
    mut commands: Commands,
    tables: Query<(Entity, &TableRoot), Added<TableRoot>>,
    library: Res<ModelLibrary>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<WoodMaterial>>,
    mut bounds: ResMut<BoardBounds>,
    mut fits: MessageWriter<FitView>,
) {
    for (root, table) in &tables {
        let game = table.0;
        // Snēlab's own plugin dresses its court (`app::snelab`).
        if game == GameKind::Snelab {
            continue;
        }
        commands.entity(root).with_children(|parent| {
            let mut s = Setter::new(&library, &theme, &mut materials, parent, 0.0);
            *bounds = match game {
                GameKind::Snelab => return,
                GameKind::Hive => hive_opening(&mut s),
                GameKind::Chess => chess_board(&mut s),
            };
        });
        fits.write(FitView { instant: true });
    }
}

/// North's pieces face the other way: their forward is +Z.
pub fn facing(side: Side) -> Quat {
    match side {
        Side::Light => Quat::IDENTITY,
        Side::Dark => Quat::from_rotation_y(PI),
    }
}

/// Ash & Walnut has no board: an opening of a few creatures lies on the bare table.
fn hive_opening(s: &mut Setter) -> BoardBounds {
    // Where the rules put a hex on the table plane, shifted so the group sits centred.
    let plane = |q, r| {
        let (x, z) = Hex::new(q, r).to_plane();
        (x - 0.5, z - 0.2)
    };
    let cells = [
        ("hive_owl", Side::Light, 0, 0),
        ("hive_hare", Side::Dark, 1, 0),
        ("hive_elder", Side::Light, -1, 1),
        ("hive_elder", Side::Dark, 2, -1),
        ("hive_otter", Side::Light, -1, 0),
        ("hive_fox", Side::Dark, 2, 0),
        ("hive_hare", Side::Light, 0, 1),
    ];
    for (name, side, q, r) in cells {
        let (x, z) = plane(q, r);
        let at = Transform::from_xyz(x, TABLE_TOP_Y, z).with_rotation(facing(side));
        s.place(name, side, at, false);
    }
    // An Owl on top of the ash Hare at (0, 1), to show a stack.
    let (x, z) = plane(0, 1);
    s.place(
        "hive_owl",
        Side::Dark,
        Transform::from_xyz(x, TABLE_TOP_Y + HEX_HEIGHT, z),
        false,
    );
    BoardBounds {
        centre: Vec3::new(0.0, TABLE_TOP_Y, 0.0),
        radius: 3.6,
    }
}

/// The 8 × 8 board with two sample armies of 14 points each.
fn chess_board(s: &mut Setter) -> BoardBounds {
    s.place(
        "board_chess",
        Side::Light,
        Transform::from_xyz(0.0, TABLE_TOP_Y, 0.0),
        true,
    );
    let army = [
        ("chess_rook", 0, 0),
        ("chess_bishop", 2, 0),
        ("chess_king", 4, 0),
        ("chess_knight", 6, 0),
        ("chess_pawn", 3, 1),
        ("chess_pawn", 4, 2),
        ("chess_pawn", 5, 1),
    ];
    for (side, home, dir) in [(Side::Light, 0.0, 1.0), (Side::Dark, 7.0, -1.0)] {
        for (name, file, rank) in army {
            let rank = home + dir * rank as f32;
            let at = Vec3::new(file as f32 - 3.5, TABLE_TOP_Y + BOARD_TOP, 3.5 - rank);
            s.place(
                name,
                side,
                Transform::from_translation(at).with_rotation(facing(side)),
                false,
            );
        }
    }
    BoardBounds {
        centre: Vec3::new(0.0, TABLE_TOP_Y + BOARD_TOP, 0.0),
        radius: 6.0,
    }
}
