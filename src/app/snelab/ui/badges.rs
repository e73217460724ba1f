//! The words over the court: "can't pay", the paid/cost badge, the ✔ on chosen payers, the
//! names of ranks ("Barrister · weight 3") for the piece under the pointer, the focused one and
//! the lifted one, and the names of the two Counters as the near player sees them.

use super::{GREEN, RED};
use crate::app::snelab::table::{Pick, Table, rank_tag};
use crate::app::snelab::view::square_pos;
use crate::app::style;
use crate::i18n::Tr;
use crate::play::snelab::Phase;
use crate::rules::snelab::Square;
use bevy::prelude::*;
use bevy_egui::egui;

/// Where a point of the table shows on the screen, in egui's points.
pub(super) fn on_screen(
    camera: Option<(&Camera, &GlobalTransform)>,
    p: Vec3,
) -> Option<egui::Pos2> {
    let (camera, transform) = camera?;
    let v = camera.world_to_viewport(transform, p).ok()?;
    Some(egui::pos2(v.x, v.y))
}

pub(super) fn badge(
    ctx: &egui::Context,
    id: String,
    at: egui::Pos2,
    text: String,
    colour: egui::Color32,
) {
    egui::Area::new(egui::Id::new(id))
        .fixed_pos(at)
        .pivot(egui::Align2::CENTER_CENTER)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(0x1c, 0x12, 0x0b, 225))
                .stroke(egui::Stroke::new(1.5, colour))
                .corner_radius(egui::CornerRadius::same(8))
                .inner_margin(egui::Margin::symmetric(7, 2))
                .show(ui, |ui| {
                    ui.label(egui::RichText::new(text).size(15.0).color(colour).strong());
                });
        });
}

/// A rank's name and weight in front of its piece: cream on walnut, quieter than the badges of
/// the payment.
fn rank_badge(ctx: &egui::Context, sq: Square, at: egui::Pos2, text: String) {
    egui::Area::new(egui::Id::new(("snelab-rank", sq)))
        .fixed_pos(at)
        .pivot(egui::Align2::CENTER_TOP)
        .interactable(false)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(0x1c, 0x12, 0x0b, 215))
                .stroke(egui::Stroke::new(1.0, style::BRASS))
                .corner_radius(egui::CornerRadius::same(6))
                .inner_margin(egui::Margin::symmetric(7, 1))
                .show(ui, |ui| {
                    ui.label(egui::RichText::new(text).size(14.0).color(style::CREAM));
                });
        });
}

/// The words over the court: "can't pay", the paid/cost badge, the ✔ on chosen payers, the
/// names of ranks, and the names of the two Counters as the near player sees them.
pub(super) fn badges(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    camera: Option<(&Camera, &GlobalTransform)>,
) {
    let court = table.pos().court();
    let above = |sq: Square, up: f32| on_screen(camera, square_pos(court, sq) + Vec3::Y * up);
    let hot_seat = table.hot_seat();
    // The lobby and the verdict cover the court; a name poking out from under them is noise.
    if matches!(table.phase(), Phase::Lobby | Phase::Verdict(_)) {
        return;
    }
    // The Counters, named from the near side.
    let mid = (court.width() - 1) / 2;
    let (near, far) = if hot_seat {
        (
            tr.t("snelab.row.south_counter"),
            tr.t("snelab.row.north_counter"),
        )
    } else {
        (
            tr.t("snelab.row.your_counter"),
            tr.t("snelab.row.your_bench"),
        )
    };
    for (row, text, dz) in [(0u8, near, 1.02f32), (court.height() - 1, far, -1.02)] {
        let p = square_pos(court, Square::new(mid, row)) + Vec3::new(0.0, 0.0, dz);
        if let Some(at) = on_screen(camera, p) {
            egui::Area::new(egui::Id::new(("snelab-row", row)))
                .fixed_pos(at)
                .pivot(egui::Align2::CENTER_CENTER)
                .interactable(false)
                .order(egui::Order::Background)
                .show(ctx, |ui| {
                    egui::Frame::new()
                        .fill(egui::Color32::from_rgba_unmultiplied(0x1c, 0x12, 0x0b, 170))
                        .corner_radius(egui::CornerRadius::same(6))
                        .inner_margin(egui::Margin::symmetric(8, 1))
                        .show(ui, |ui| {
                            ui.label(egui::RichText::new(text).size(14.0).color(style::ASH));
                        });
                });
        }
    }
    // The names of ranks: the piece under the pointer, the focused one and the lifted one,
    // just in front of each (the piece carries only its numeral).
    for (sq, piece) in table.named_pieces() {
        let p = square_pos(court, sq) + Vec3::new(0.0, 0.0, 0.5);
        if let Some(at) = on_screen(camera, p) {
            rank_badge(ctx, sq, at, tr.say(&rank_tag(piece)));
        }
    }
    if table.busy > 0.0 || table.phase() != Phase::Play {
        return;
    }
    match &table.pick {
        Pick::Selected { reach, .. } => {
            for sq in &reach.cant_pay {
                if let Some(at) = above(*sq, 0.5) {
                    badge(
                        ctx,
                        format!("cant-{sq}"),
                        at,
                        tr.t("snelab.cant_pay").to_string(),
                        RED,
                    );
                }
            }
        }
        Pick::Paying {
            to, chosen, state, ..
        } => {
            if let Some(at) = above(*to, 0.55) {
                let text = format!("{} / {}", state.paid, state.cost);
                let colour = if state.is_complete() { GREEN } else { RED };
                badge(ctx, "paid-cost".into(), at, text, colour);
            }
            for sq in chosen {
                if let Some(at) = above(*sq, 0.45) {
                    badge(ctx, format!("tick-{sq}"), at, "✔".into(), GREEN);
                }
            }
        }
        Pick::Idle => {}
    }
}
