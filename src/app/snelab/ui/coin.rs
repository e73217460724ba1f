//! The coin flip before the first case: a painted coin spinning and landing, and who opens.

use super::side_name;
use crate::app::snelab::table::CoinShow;
use crate::app::style;
use crate::app::style::CentrePanel;
use crate::i18n::Tr;
use crate::play::snelab::Coin;
use crate::rules::snelab::Side;
use bevy_egui::egui;

pub(super) fn coin_flip(ctx: &egui::Context, tr: &Tr, show: CoinShow) {
    let coin = show.coin;
    let t = (1.0 - show.left / show.total.max(0.01)).clamp(0.0, 1.0);
    CentrePanel::new("snelab-coin", 360.0).show(ctx, |ui| {
        ui.label(style::brass(tr.t("snelab.coin.title"), 24.0));
        let (rect, _) = ui.allocate_exact_size(egui::vec2(160.0, 150.0), egui::Sense::hover());
        // The coin spins fast, slows, and lands on its face in the last third.
        let spin = if t < 0.7 {
            let s = t / 0.7;
            (s * (2.0 - s)) * 9.0 * std::f32::consts::PI
        } else {
            9.0 * std::f32::consts::PI
        };
        let width = spin.cos().abs().max(0.08);
        let hop = (t.min(0.7) / 0.7 * std::f32::consts::PI).sin() * 40.0;
        let centre = rect.center() + egui::vec2(0.0, 10.0 - hop);
        let landed = t >= 0.7;
        let face_heads = if landed {
            coin == Coin::Heads
        } else {
            (spin / std::f32::consts::PI) as i32 % 2 == 0
        };
        let painter = ui.painter();
        let r = 48.0;
        let shape = egui::epaint::EllipseShape {
            center: centre,
            radius: egui::vec2(r * width, r),
            fill: egui::Color32::from_rgb(0xc9, 0x98, 0x3e),
            stroke: egui::Stroke::new(3.0, egui::Color32::from_rgb(0x8a, 0x62, 0x22)),
            angle: 0.0,
        };
        painter.add(shape);
        if width > 0.45 {
            painter.text(
                centre,
                egui::Align2::CENTER_CENTER,
                if face_heads { "☉" } else { "⚖" },
                egui::FontId::proportional(40.0 * width),
                egui::Color32::from_rgb(0x5a, 0x3c, 0x12),
            );
        }
        if landed {
            let (face, opener) = match coin {
                Coin::Heads => (tr.t("snelab.coin.heads"), Side::South),
                Coin::Tails => (tr.t("snelab.coin.tails"), Side::North),
            };
            ui.label(style::cream(
                tr.tf(
                    "snelab.coin.result",
                    &[("face", face), ("side", side_name(tr, opener))],
                ),
                20.0,
            ));
        } else {
            ui.label(egui::RichText::new(" ").size(20.0));
        }
    });
}
