//! The seating: the secret seed's fingerprint appears, then the colour rule gives ash (who
//! opens) to one of the seats — the two names slide to their woods.

use super::{is_you, seat_name};
use crate::app::hive::Table;
use crate::app::style;
use crate::app::style::CentrePanel;
use crate::fair::short;
use crate::i18n::{Explain, Tr};
use crate::rules::hive::Colour;
use bevy_egui::egui;

pub(super) fn seating(ctx: &egui::Context, tr: &Tr, table: &Table, left: f32) {
    let Some(game) = &table.game else {
        return;
    };
    // The first half shows the fingerprint; the second the seats sliding to their woods.
    let total = 2.4f32;
    let t = (1.0 - left / total).clamp(0.0, 1.0);
    CentrePanel::covering("hive-seating", 520.0, -20.0).show(ctx, |ui| {
        ui.label(style::brass(tr.t("hive.seating.title"), 24.0));
        ui.label(
            egui::RichText::new(tr.tf(
                "hive.seating.fingerprint",
                &[("fingerprint", &short(&game.fingerprint()))],
            ))
            .size(18.0)
            .monospace()
            .color(style::CREAM),
        );
        ui.add_space(10.0);
        let (rect, _) = ui.allocate_exact_size(egui::vec2(440.0, 88.0), egui::Sense::hover());
        let slide = ((t - 0.35) / 0.5).clamp(0.0, 1.0);
        let ease = slide * slide * (3.0 - 2.0 * slide);
        let painter = ui.painter();
        // The woods first, then the names over them: a name is never under the
        // other wood's bar.
        let places: Vec<(Colour, f32, egui::Rect, egui::Color32)> = [Colour::Ash, Colour::Walnut]
            .into_iter()
            .enumerate()
            .map(|(i, colour)| {
                let x = rect.left() + 110.0 + 220.0 * i as f32;
                let (fill, ink) = match colour {
                    Colour::Ash => (
                        egui::Color32::from_rgb(0xdb, 0xbd, 0x8c),
                        egui::Color32::from_rgb(0x2a, 0x1c, 0x13),
                    ),
                    Colour::Walnut => (
                        egui::Color32::from_rgb(0x5c, 0x38, 0x21),
                        egui::Color32::from_rgb(0xf3, 0xe7, 0xd0),
                    ),
                };
                let wood = egui::Rect::from_center_size(
                    egui::pos2(x, rect.top() + 45.0),
                    egui::vec2(190.0, 34.0),
                );
                painter.rect_filled(wood, 8.0, fill);
                // The wood's name under it.
                painter.text(
                    egui::pos2(x, wood.bottom() + 11.0),
                    egui::Align2::CENTER_CENTER,
                    tr.say(&colour.explain()),
                    egui::FontId::proportional(14.0),
                    style::MUTED,
                );
                (colour, x, wood, ink)
            })
            .collect();
        for (colour, x, wood, ink) in places {
            // The seat's name drops from above onto its wood, in the wood's ink
            // once it is on it; cut short to fit the bar.
            let name = seat_name(tr, table, colour);
            let y = rect.top() + 10.0 + 35.0 * ease;
            let on_wood = y + 8.0 > wood.top();
            let mut job = egui::text::LayoutJob::simple_singleline(
                name,
                egui::FontId::proportional(17.0),
                if on_wood { ink } else { style::CREAM },
            );
            job.wrap = egui::text::TextWrapping::truncate_at_width(wood.width() - 12.0);
            let galley = painter.layout_job(job);
            let at = egui::pos2(x - galley.size().x / 2.0, y - galley.size().y / 2.0);
            painter.galley(at, galley, style::CREAM);
        }
        ui.add_space(6.0);
        let opener = seat_name(tr, table, Colour::Ash);
        // "You plays" would be wrong: the person at this device is addressed.
        let line = if is_you(table, Colour::Ash) {
            tr.t("hive.seating.you_open").to_string()
        } else {
            tr.tf("hive.seating.ash_opens", &[("who", &opener)])
        };
        ui.label(style::text(
            line,
            16.0,
            if t > 0.6 { style::CREAM } else { style::MUTED },
        ));
    });
}
