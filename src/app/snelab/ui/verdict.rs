//! The verdict banner: the winner and why, what the purse gained or lost, the purse after, Next
//! case, Books and Reset all.

use super::lobby::reset_button;
use super::{GREEN, RED, SnelabPanels, reason_text, side_name};
use crate::app::snelab::table::{Intent, Table};
use crate::app::style::{self, big_button, panel_frame};
use crate::i18n::Tr;
use crate::play::snelab::purse::STAKE;
use crate::play::snelab::{Settled, Stakes};
use bevy_egui::egui;

pub(super) fn verdict(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    s: &Settled,
    panels: &mut SnelabPanels,
    send: &mut impl FnMut(Intent),
) {
    let won = s.winner == s.your_side;
    let hot_seat = table.hot_seat();
    let headline = if hot_seat {
        tr.tf(
            "snelab.verdict.side_wins",
            &[("side", side_name(tr, s.winner))],
        )
    } else if won {
        tr.t("snelab.verdict.you_win").to_string()
    } else {
        tr.t("snelab.verdict.you_lose").to_string()
    };
    let coins = match (s.stakes, won) {
        (Stakes::Casino, true) => tr.tf(
            "snelab.verdict.casino_win",
            &[("collected", &s.collected.to_string())],
        ),
        (Stakes::Casino, false) => tr.tf(
            "snelab.verdict.casino_loss",
            &[("stake", &STAKE.to_string())],
        ),
        (Stakes::Street, true) => tr.tf(
            "snelab.verdict.street_win",
            &[("net", &s.collected.saturating_sub(STAKE).to_string())],
        ),
        (Stakes::Street, false) => tr.tf(
            "snelab.verdict.street_loss",
            &[("stake", &STAKE.to_string())],
        ),
    };
    egui::Area::new(egui::Id::new("snelab-verdict"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, -20.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_width(520.0);
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(tr.t("snelab.verdict.title"))
                            .size(18.0)
                            .color(style::MUTED),
                    );
                    ui.label(
                        egui::RichText::new(headline)
                            .size(36.0)
                            .color(if won || hot_seat {
                                style::BRASS
                            } else {
                                style::ASH
                            })
                            .strong(),
                    );
                    ui.label(
                        egui::RichText::new(format!(
                            "{} — {}",
                            side_name(tr, s.winner),
                            reason_text(tr, s.end)
                        ))
                        .color(style::CREAM),
                    );
                    ui.add_space(8.0);
                    ui.label(
                        egui::RichText::new(coins)
                            .size(24.0)
                            .color(if won { GREEN } else { RED })
                            .strong(),
                    );
                    ui.label(
                        egui::RichText::new(
                            tr.tf("snelab.purse", &[("coins", &s.purse_after.to_string())]),
                        )
                        .size(18.0)
                        .color(style::CREAM),
                    );
                    ui.add_space(10.0);
                    if ui.add(big_button(tr.t("snelab.next_case"))).clicked() {
                        send(Intent::NextCase);
                    }
                    ui.add_space(6.0);
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(
                                !table.purse.books().is_empty(),
                                egui::Button::new(tr.t("snelab.books")),
                            )
                            .clicked()
                        {
                            panels.books = !panels.books;
                        }
                        reset_button(ui, tr, table, panels, send, !table.purse.can_sit());
                    });
                });
            });
        });
}
