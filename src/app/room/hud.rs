//! The bar over every table: the game's name (or the preview's title), Fit and Back to menu.
//! Each game draws its own bars below it.

use super::FitView;
use crate::app::screens::{MenuPage, Navigate, Screen};
use crate::app::style::{self, panel_frame};
use crate::i18n::Tr;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The title the bar shows on the preview screen (set by the preview).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct PreviewTitle(pub String);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PreviewTitle>()
        .add_systems(EguiPrimaryContextPass, table_bar);
}

fn table_bar(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    tr: Res<Tr>,
    preview: Res<PreviewTitle>,
    mut go: MessageWriter<Navigate>,
    mut fits: MessageWriter<FitView>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let title = match screen.get() {
        Screen::Table(game) => tr.t(&format!("game.{}.name", game.cli_name())).to_string(),
        Screen::Preview => preview.0.clone(),
        _ => return Ok(()),
    };
    let ctx = contexts.ctx_mut()?;
    if keys.just_pressed(KeyCode::Escape) && !ctx.egui_wants_keyboard_input() {
        go.write(Navigate::Menu(MenuPage::Main));
    }
    // On a compact screen (a large interface scale) the title and buttons are smaller, so
    // the panels under them start higher.
    let compact = style::compact(ctx);
    let (title_size, button_size, margin) = if compact {
        (17.0, 14.0, (12, 6))
    } else {
        (26.0, 19.0, (18, 10))
    };
    // On a narrow screen (a phone held upright) the title is cut short ("…") where it would
    // reach the buttons (as last drawn), whole on hover.
    let room = style::narrow(ctx)
        .then(|| ctx.memory(|m| m.area_rect(egui::Id::new("table-buttons"))))
        .flatten()
        .map(|buttons| buttons.left() - 8.0 - 16.0 - 2.0 * f32::from(margin.0) - 3.0);
    egui::Area::new(egui::Id::new("table-bar"))
        .fade_in(false)
        .anchor(egui::Align2::LEFT_TOP, [16.0, 16.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(margin.0, margin.1))
                .show(ui, |ui| {
                    // On one line, whatever room a side panel leaves beside it (it wrapped to
                    // "Artifa / ct / Chess" beside the army builder).
                    let words = egui::RichText::new(title.clone())
                        .size(title_size)
                        .color(style::BRASS)
                        .strong();
                    match room {
                        Some(room) => {
                            ui.set_max_width(room.max(40.0));
                            ui.add(egui::Label::new(words).truncate())
                                .on_hover_text(title);
                        }
                        None => {
                            ui.add(egui::Label::new(words).wrap_mode(egui::TextWrapMode::Extend));
                        }
                    }
                });
        });
    egui::Area::new(egui::Id::new("table-buttons"))
        .fade_in(false)
        .anchor(egui::Align2::RIGHT_TOP, [-16.0, 16.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(12, margin.1))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        if ui
                            .button(egui::RichText::new(tr.t("table.fit")).size(button_size))
                            .clicked()
                        {
                            fits.write(FitView::default());
                        }
                        if ui
                            .button(egui::RichText::new(tr.t("menu.back")).size(button_size))
                            .clicked()
                        {
                            go.write(Navigate::Menu(MenuPage::Main));
                        }
                    });
                });
        });
    Ok(())
}

/// A hint bar at the bottom of a table that has no bar of its own yet: a line, and the
/// controls of the view.
pub fn hint_bar(ctx: &egui::Context, tr: &Tr, line: &str) {
    egui::Area::new(egui::Id::new("table-hint"))
        .fade_in(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -16.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(16, 8))
                .show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        ui.label(egui::RichText::new(line).size(16.0).color(style::CREAM));
                        ui.label(
                            egui::RichText::new(tr.t("table.controls"))
                                .size(14.0)
                                .color(style::MUTED),
                        );
                    });
                });
        });
}
