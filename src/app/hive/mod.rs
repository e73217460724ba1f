//! The Ash & Walnut table. Until its table is built (issue "Ash & Walnut table in 3D"), it
//! shows an opening of a few carved creatures lying on the bare table top, and says the game
//! arrives in a coming version.

use super::kit::{Setter, StagedScene, TableInfo, facing};
use super::models::ModelLibrary;
use super::room::{BoardBounds, FitView, TABLE_TOP_Y, hint_bar};
use super::screens::{Screen, TableRoot};
use super::theme::ActiveTheme;
use super::wood::WoodMaterial;
use crate::carve::HEX_HEIGHT;
use crate::i18n::Tr;
use crate::rules::GameKind;
use crate::rules::hive::Hex;
use crate::theme::Wood;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub const INFO: TableInfo = TableInfo {
    game: GameKind::Hive,
    rules: [
        include_str!("../../../assets/rules/hive.en.md"),
        include_str!("../../../assets/rules/hive.pt.md"),
        include_str!("../../../assets/rules/hive.ru.md"),
    ],
    pieces: &[
        "hive_elder",
        "hive_owl",
        "hive_hare",
        "hive_fox",
        "hive_otter",
    ],
    markers: &[],
    scenes: &[] as &[StagedScene],
};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        dress.run_if(|lib: Res<ModelLibrary>| lib.all_resolved()),
    )
    .add_systems(
        EguiPrimaryContextPass,
        coming.run_if(in_state(Screen::Table(GameKind::Hive))),
    );
}

fn coming(mut contexts: EguiContexts, tr: Res<Tr>) -> Result {
    hint_bar(contexts.ctx_mut()?, &tr, tr.t("table.coming"));
    Ok(())
}

/// Ash & Walnut has no board: an opening of a few creatures lies on the bare table.
fn dress(
    mut commands: Commands,
    tables: Query<(Entity, &TableRoot), Added<TableRoot>>,
    library: Res<ModelLibrary>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<WoodMaterial>>,
    mut bounds: ResMut<BoardBounds>,
    mut fits: MessageWriter<FitView>,
) {
    for (root, table) in &tables {
        if table.0 != GameKind::Hive {
            continue;
        }
        commands.entity(root).with_children(|parent| {
            let mut s = Setter::new(&library, &theme, &mut materials, parent, 0.0);
            // Where the rules put a hex on the table plane, shifted so the group sits centred.
            let plane = |q, r| {
                let (x, z) = Hex::new(q, r).to_plane();
                (x - 0.5, z - 0.2)
            };
            let cells = [
                ("hive_owl", Wood::Light, 0, 0),
                ("hive_hare", Wood::Dark, 1, 0),
                ("hive_elder", Wood::Light, -1, 1),
                ("hive_elder", Wood::Dark, 2, -1),
                ("hive_otter", Wood::Light, -1, 0),
                ("hive_fox", Wood::Dark, 2, 0),
                ("hive_hare", Wood::Light, 0, 1),
            ];
            for (name, wood, q, r) in cells {
                let (x, z) = plane(q, r);
                let at = Transform::from_xyz(x, TABLE_TOP_Y, z).with_rotation(facing(wood));
                s.place(name, wood, at, false);
            }
            // An Owl on top of the ash Hare at (0, 1), to show a stack.
            let (x, z) = plane(0, 1);
            s.place(
                "hive_owl",
                Wood::Dark,
                Transform::from_xyz(x, TABLE_TOP_Y + HEX_HEIGHT, z),
                false,
            );
        });
        *bounds = BoardBounds {
            centre: Vec3::new(0.0, TABLE_TOP_Y, 0.0),
            radius: 3.6,
        };
        fits.write(FitView { instant: true });
    }
}
