//! The bar over every table: the game's name, Fit and Back to menu, and a line on the controls.

use super::FitView;
use crate::app::save::Tr;
use crate::app::screens::{MenuPage, Navigate, Screen};
use crate::app::style::{self, panel_frame};
use crate::launch::{LaunchOptions, Scene};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, table_bar);
}

fn table_bar(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    tr: Res<Tr>,
    mut go: MessageWriter<Navigate>,
    mut fits: MessageWriter<FitView>,
    keys: Res<ButtonInput<KeyCode>>,
    options: Option<Res<LaunchOptions>>,
) -> Result {
    let (title, is_table) = match screen.get() {
        Screen::Table(game) => (
            tr.t(&format!("game.{}.name", game.cli_name())).to_string(),
            true,
        ),
        Screen::Preview => (
            options.as_ref().map_or(String::new(), |o| match &o.scene {
                Scene::Piece(name) => name.clone(),
                Scene::Pieces(game) => tr.t(&format!("game.{}.name", game.cli_name())).to_string(),
                _ => String::new(),
            }),
            false,
        ),
        _ => return Ok(()),
    };
    let ctx = contexts.ctx_mut()?;
    if keys.just_pressed(KeyCode::Escape) && !ctx.egui_wants_keyboard_input() {
        go.write(Navigate::Menu(MenuPage::Main));
    }
    egui::Area::new(egui::Id::new("table-bar"))
        .anchor(egui::Align2::LEFT_TOP, [16.0, 16.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(18, 10))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        let name = title.clone();
                        ui.label(
                            egui::RichText::new(name)
                                .size(26.0)
                                .color(style::BRASS)
                                .strong(),
                        );
                    });
                });
        });
    egui::Area::new(egui::Id::new("table-buttons"))
        .anchor(egui::Align2::RIGHT_TOP, [-16.0, 16.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(12, 8))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        if ui
                            .button(egui::RichText::new(tr.t("table.fit")).size(19.0))
                            .clicked()
                        {
                            fits.write(FitView::default());
                        }
                        if ui
                            .button(egui::RichText::new(tr.t("menu.back")).size(19.0))
                            .clicked()
                        {
                            go.write(Navigate::Menu(MenuPage::Main));
                        }
                    });
                });
        });
    // Snēlab is playable: its own bar takes the bottom of the screen.
    if *screen.get() == Screen::Table(crate::rules::GameKind::Snelab) {
        return Ok(());
    }
    egui::Area::new(egui::Id::new("table-hint"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -16.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(16, 8))
                .show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        if is_table {
                            ui.label(
                                egui::RichText::new(tr.t("table.coming"))
                                    .size(16.0)
                                    .color(style::CREAM),
                            );
                        }
                        ui.label(
                            egui::RichText::new(tr.t("table.controls"))
                                .size(14.0)
                                .color(style::MUTED),
                        );
                    });
                });
        });
    Ok(())
}
