//! The casino's books: one line per settled case, newest first.

use super::{SnelabPanels, reason_text};
use crate::app::snelab::table::Table;
use crate::app::style::{self, panel_frame};
use crate::i18n::Tr;
use crate::play::snelab::LedgerEntry;
use bevy_egui::egui;

pub(super) fn books(ctx: &egui::Context, tr: &Tr, table: &Table, panels: &mut SnelabPanels) {
    let mut open = true;
    egui::Window::new(tr.t("snelab.books.title"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [16.0, 84.0])
        .frame(panel_frame().inner_margin(egui::Margin::same(12)))
        .show(ctx, |ui| {
            ui.set_width(290.0);
            let entries: &[LedgerEntry] = table.purse.books();
            egui::ScrollArea::vertical()
                .max_height(380.0)
                .show(ui, |ui| {
                    egui::Grid::new("snelab-books")
                        .striped(true)
                        .spacing([8.0, 4.0])
                        .show(ui, |ui| {
                            for h in [
                                "snelab.books.case",
                                "snelab.books.when",
                                "snelab.books.winner",
                                "snelab.books.purse",
                            ] {
                                ui.label(
                                    egui::RichText::new(tr.t(h)).color(style::MUTED).size(14.0),
                                );
                            }
                            ui.end_row();
                            for e in entries.iter().rev() {
                                ui.label(format!("{}", e.case));
                                ui.label(egui::RichText::new(date_time(e.finished_at)).size(13.0));
                                let who = if e.winner == e.your_side {
                                    tr.t("snelab.books.you")
                                } else {
                                    tr.t("snelab.books.house_player")
                                };
                                ui.label(who).on_hover_text(reason_text(tr, e.end));
                                ui.label(
                                    egui::RichText::new(e.purse_after.to_string())
                                        .color(style::BRASS),
                                );
                                ui.end_row();
                            }
                        });
                });
        });
    if !open {
        panels.books = false;
    }
}

/// A date for the books, in UTC: `2026-11-29 18:40`.
pub(super) fn date_time(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rem / 3600,
        (rem % 3600) / 60
    )
}
