//! The lobby: the casino or the street table, the opponent, the appeal rule, who opens next,
//! Sit down, the Books and Reset all.

use super::{RED, SnelabPanels, refusal_text, side_name};
use crate::ai::Level;
use crate::app::snelab::table::{Intent, Refusal, Table};
use crate::app::style::{self, big_button, panel_frame};
use crate::i18n::Tr;
use crate::play::Seat;
use crate::play::snelab::purse::STAKE;
use crate::play::snelab::{Coin, Setup, Stakes};
use bevy_egui::egui;

/// The opponents the lobby offers, with their names' keys.
const OPPONENTS: [(Seat, &str); 4] = [
    (Seat::Bot(Level::Easy), "snelab.opponent.easy"),
    (Seat::Bot(Level::Normal), "snelab.opponent.normal"),
    (Seat::Bot(Level::Hard), "snelab.opponent.hard"),
    (Seat::Person, "snelab.opponent.person"),
];

/// The i18n key of an opponent's name.
pub(super) fn opponent_key(seat: Seat) -> &'static str {
    OPPONENTS
        .iter()
        .find(|(s, _)| *s == seat)
        .map_or("snelab.opponent.person", |(_, k)| k)
}

pub(super) fn lobby(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    setup: &mut Setup,
    panels: &mut SnelabPanels,
    send: &mut impl FnMut(Intent),
) {
    egui::Area::new(egui::Id::new("snelab-lobby"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 10.0])
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_width(500.0);
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(tr.t("snelab.lobby.title"))
                            .size(30.0)
                            .color(style::BRASS)
                            .strong(),
                    );
                    ui.label(
                        egui::RichText::new(tr.tf(
                            "snelab.purse",
                            &[("coins", &table.purse.coins().to_string())],
                        ))
                        .size(22.0)
                        .color(style::CREAM),
                    );
                });
                ui.add_space(10.0);
                ui.label(egui::RichText::new(tr.t("snelab.lobby.table")).color(style::MUTED));
                for (kind, name, line) in [
                    (Stakes::Casino, "snelab.casino", "snelab.casino.line"),
                    (Stakes::Street, "snelab.street", "snelab.street.line"),
                ] {
                    let chosen = setup.stakes == kind;
                    let text = egui::RichText::new(format!("{} — {}", tr.t(name), tr.t(line)))
                        .color(if chosen { style::CREAM } else { style::MUTED });
                    if ui.radio(chosen, text).clicked() {
                        setup.stakes = kind;
                    }
                }
                ui.add_space(8.0);
                ui.label(egui::RichText::new(tr.t("snelab.lobby.opponent")).color(style::MUTED));
                ui.horizontal_wrapped(|ui| {
                    for (seat, key) in OPPONENTS {
                        if ui
                            .selectable_label(setup.opponent == seat, tr.t(key))
                            .clicked()
                        {
                            setup.opponent = seat;
                        }
                    }
                });
                ui.add_space(6.0);
                ui.checkbox(&mut setup.backward, tr.t("snelab.lobby.appeal"));
                ui.add_space(12.0);
                let sit = table.purse.sit_check();
                ui.vertical_centered(|ui| {
                    if let Err(e) = sit {
                        ui.label(
                            egui::RichText::new(refusal_text(tr, Refusal::CannotSit(e))).color(RED),
                        );
                    } else {
                        let opens = if table.purse.needs_coin_flip() {
                            tr.t("snelab.lobby.coin_next").to_string()
                        } else {
                            let o = table.purse.opening(Coin::Heads).opener;
                            tr.tf("snelab.lobby.loser_opens", &[("side", side_name(tr, o))])
                        };
                        ui.label(egui::RichText::new(opens).color(style::MUTED));
                    }
                    ui.add_space(4.0);
                    let button = big_button(tr.tf("snelab.sit", &[("stake", &STAKE.to_string())]));
                    if ui.add_enabled(sit.is_ok(), button).clicked() {
                        send(Intent::Sit);
                    }
                    ui.add_space(6.0);
                    ui.horizontal(|ui| {
                        if table.purse.books().is_empty() {
                            ui.add_enabled(false, egui::Button::new(tr.t("snelab.books")));
                        } else if ui.button(tr.t("snelab.books")).clicked() {
                            panels.books = !panels.books;
                        }
                        reset_button(ui, tr, table, panels, send, sit.is_err());
                    });
                });
            });
        });
}

pub(super) fn reset_button(
    ui: &mut egui::Ui,
    tr: &Tr,
    table: &Table,
    panels: &mut SnelabPanels,
    send: &mut impl FnMut(Intent),
    urgent: bool,
) {
    if panels.confirm_reset {
        ui.label(
            egui::RichText::new(tr.tf(
                "snelab.reset.ask",
                &[("coins", &table.purse.start().to_string())],
            ))
            .color(style::CREAM),
        );
        if ui.button(tr.t("snelab.reset.yes")).clicked() {
            panels.confirm_reset = false;
            send(Intent::ResetAll);
        }
        if ui.button(tr.t("snelab.reset.no")).clicked() {
            panels.confirm_reset = false;
        }
    } else {
        let text = egui::RichText::new(tr.t("snelab.reset"));
        let text = if urgent {
            text.color(style::BRASS).strong()
        } else {
            text
        };
        if ui.button(text).clicked() {
            panels.confirm_reset = true;
        }
    }
}
