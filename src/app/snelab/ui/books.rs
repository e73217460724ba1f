//! The casino's books: one line per settled case, newest first — when it was settled, the
//! table, the opponent, the appeal rule, who opened, why it ended, who won and the purse after.
//! Lines written before the books named the opponent and the appeal rule show a dash there.

use super::lobby::opponent_key;
use super::{SnelabPanels, focus_ring, reason_text, side_name};
use crate::app::kit::panel;
use crate::app::snelab::table::Table;
use crate::app::style;
use crate::i18n::Tr;
use crate::play::snelab::{LedgerEntry, Stakes};
use bevy_egui::egui;

/// The books' columns, by their headings' keys.
const COLUMNS: [&str; 9] = [
    "snelab.books.case",
    "snelab.books.when",
    "snelab.books.table",
    "snelab.books.opponent",
    "snelab.books.appeal",
    "snelab.books.opened",
    "snelab.books.reason",
    "snelab.books.winner",
    "snelab.books.purse",
];

/// One line of the books in words, column by column.
fn cells(tr: &Tr, e: &LedgerEntry) -> [String; 9] {
    let dash = || "—".to_string();
    let who = |side| {
        if side == e.your_side {
            tr.tf("snelab.books.you", &[("side", side_name(tr, side))])
        } else {
            tr.tf("snelab.books.other", &[("side", side_name(tr, side))])
        }
    };
    [
        e.case.to_string(),
        date_time(e.finished_at),
        match e.stakes {
            Stakes::Casino => tr.t("snelab.books.casino").to_string(),
            Stakes::Street => tr.t("snelab.books.street").to_string(),
        },
        match (&e.online, e.opponent) {
            // Played online: the other seat's name as the server showed it.
            (Some(name), _) => tr.tf("snelab.versus_online", &[("who", name)]),
            (None, o) => o.map_or_else(dash, |o| tr.t(&opponent_key(o)).to_string()),
        },
        e.backward.map_or_else(dash, |on| {
            tr.t(if on {
                "snelab.books.appeal_on"
            } else {
                "snelab.books.appeal_off"
            })
            .to_string()
        }),
        who(e.opener),
        reason_text(tr, e.end).to_string(),
        who(e.winner),
        e.purse_after.to_string(),
    ]
}

/// How wide the books' nine columns need (points).
const GRID_WIDTH: f32 = 880.0;

pub(super) fn books(ctx: &egui::Context, tr: &Tr, table: &Table, panels: &mut SnelabPanels) {
    let mut open = true;
    let mut close = false;
    let at = (egui::Align2::CENTER_CENTER, [0.0, 10.0]);
    panel::window(tr.t("snelab.books.title"), &mut open, at, 16)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            let entries: &[LedgerEntry] = table.purse.books();
            let screen = ctx.content_rect();
            if style::narrow(ctx) || screen.width() < GRID_WIDTH + 80.0 {
                // A phone held upright, or any screen narrower than the nine columns (a large
                // interface scale): each case in a block of its own, a heading beside each of
                // its words, as wide as the screen leaves.
                let width = screen.width() - 2.0 * 16.0 - 2.0 * 16.0 - 3.0;
                ui.set_width(width);
                egui::ScrollArea::vertical()
                    // Under the title, and above Close and its line, on a low screen too.
                    .max_height(
                        (screen.height() - 240.0)
                            .clamp(200.0, 520.0)
                            .min((screen.height() - 195.0).max(100.0)),
                    )
                    .show(ui, |ui| {
                        for (n, e) in entries.iter().rev().enumerate() {
                            case_block(ui, tr, e, n);
                        }
                    });
            } else {
                // Wide enough for the nine columns (a vertical scroll area would clip the rest).
                ui.set_min_width(GRID_WIDTH);
                egui::ScrollArea::vertical()
                    .max_height(400.0)
                    .show(ui, |ui| {
                        egui::Grid::new("snelab-books")
                            .striped(true)
                            .spacing([14.0, 6.0])
                            .show(ui, |ui| {
                                for h in COLUMNS {
                                    ui.label(style::muted(tr.t(h), 14.0));
                                }
                                ui.end_row();
                                for e in entries.iter().rev() {
                                    let won = e.winner == e.your_side;
                                    for (i, text) in cells(tr, e).into_iter().enumerate() {
                                        let colour = cell_colour(i, won);
                                        ui.label(style::text(text, 14.0, colour));
                                    }
                                    ui.end_row();
                                }
                            });
                    });
            }
            ui.add_space(8.0);
            ui.vertical_centered(|ui| {
                let r = ui.button(tr.t("menu.close"));
                if panels.take_focus() {
                    r.request_focus();
                }
                focus_ring(ui, &r);
                close = r.clicked();
                ui.label(style::muted(tr.t("snelab.books.keys"), 13.0));
            });
        });
    if !open || close {
        panels.books = false;
    }
}

/// The colour of the `i`th of a line's words: the winner's in brass where it was this seat,
/// the purse's always.
fn cell_colour(i: usize, won: bool) -> egui::Color32 {
    match i {
        7 if won => style::BRASS,
        8 => style::BRASS,
        _ => style::CREAM,
    }
}

/// One line of the books as a block of its own (the `n`th shown, striped): each heading beside
/// its words, which wrap.
fn case_block(ui: &mut egui::Ui, tr: &Tr, e: &LedgerEntry, n: usize) {
    let won = e.winner == e.your_side;
    style::stripe(n).show(ui, |ui| {
        ui.set_width(ui.available_width());
        egui::Grid::new(("snelab-books-case", n))
            .num_columns(2)
            .spacing([10.0, 2.0])
            .show(ui, |ui| {
                for (i, (h, text)) in COLUMNS.iter().zip(cells(tr, e)).enumerate() {
                    ui.label(style::muted(tr.t(h), 13.0));
                    ui.add(egui::Label::new(style::text(text, 14.0, cell_colour(i, won))).wrap());
                    ui.end_row();
                }
            });
    });
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
