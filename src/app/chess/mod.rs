//! The Artifact Chess table. Until its table is built (issue "Artifact Chess table in 3D"), it
//! shows the carved board with two sample armies of 14 points, and says the game arrives in a
//! coming version.

use super::kit::{Setter, StagedScene, TableInfo, facing};
use super::models::ModelLibrary;
use super::room::{BoardBounds, FitView, TABLE_TOP_Y, hint_bar};
use super::screens::{Screen, TableRoot};
use super::theme::ActiveTheme;
use super::wood::WoodMaterial;
use crate::carve::BOARD_TOP;
use crate::i18n::Tr;
use crate::rules::GameKind;
use crate::theme::Wood;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub const INFO: TableInfo = TableInfo {
    game: GameKind::Chess,
    rules: [
        include_str!("../../../assets/rules/chess.en.md"),
        include_str!("../../../assets/rules/chess.pt.md"),
        include_str!("../../../assets/rules/chess.ru.md"),
    ],
    pieces: &[
        "chess_king",
        "chess_rook",
        "chess_bishop",
        "chess_knight",
        "chess_pawn",
    ],
    markers: &[
        "marker_wound",
        "marker_heir",
        "marker_statue",
        "marker_barricade",
        "die_d6",
    ],
    scenes: &[] as &[StagedScene],
    tools: &[],
};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        dress.run_if(|lib: Res<ModelLibrary>| lib.all_resolved()),
    )
    .add_systems(
        EguiPrimaryContextPass,
        coming.run_if(in_state(Screen::Table(GameKind::Chess))),
    );
}

fn coming(mut contexts: EguiContexts, tr: Res<Tr>) -> Result {
    hint_bar(contexts.ctx_mut()?, &tr, tr.t("table.coming"));
    Ok(())
}

/// The 8 × 8 board with two sample armies of 14 points each.
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
        if table.0 != GameKind::Chess {
            continue;
        }
        commands.entity(root).with_children(|parent| {
            let mut s = Setter::new(&library, &theme, &mut materials, parent, 0.0);
            s.place(
                "board_chess",
                Wood::Light,
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
            for (wood, home, dir) in [(Wood::Light, 0.0, 1.0), (Wood::Dark, 7.0, -1.0)] {
                for (name, file, rank) in army {
                    let rank = home + dir * rank as f32;
                    let at = Vec3::new(file as f32 - 3.5, TABLE_TOP_Y + BOARD_TOP, 3.5 - rank);
                    s.place(
                        name,
                        wood,
                        Transform::from_translation(at).with_rotation(facing(wood)),
                        false,
                    );
                }
            }
        });
        *bounds = BoardBounds {
            centre: Vec3::new(0.0, TABLE_TOP_Y + BOARD_TOP, 0.0),
            radius: 6.0,
        };
        fits.write(FitView { instant: true });
    }
}
