//! The lobby: the bot at a level or a second person here, Start, Continue (a saved game), a
//! line on why the game is fair, and the online table (open one, or join one by its code).

use crate::ai::Level;
use crate::app::hive::{Intent, Table};
use crate::app::kit::panel::Floating;
use crate::app::style::{self, big_button};
use crate::i18n::Tr;
use crate::play::Seat;
use bevy_egui::egui;

const OPPONENTS: [(Seat, &str); 4] = [
    (Seat::Bot(Level::Easy), "hive.opponent.easy"),
    (Seat::Bot(Level::Normal), "hive.opponent.normal"),
    (Seat::Bot(Level::Hard), "hive.opponent.hard"),
    (Seat::Person, "hive.opponent.person"),
];

pub(super) fn lobby(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    send: &mut impl FnMut(Intent),
    form: &mut super::online::OnlineForm,
    server: &mut String,
) -> Option<crate::app::hive::link::GoOnline> {
    let mut go = None;
    // Two panels side by side: a game here (the bot or a person at this device), and the
    // online table.
    Floating::anchored(
        "hive-lobby",
        egui::Align2::RIGHT_CENTER,
        [-(ctx.content_rect().width() / 2.0 + 8.0), 10.0],
    )
    .width(440.0)
    .show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            style::title(ui, tr.t("hive.lobby.title"), 30.0);
            ui.label(style::cream(tr.t("hive.lobby.line"), 16.0));
        });
        ui.add_space(10.0);
        if let Some(saved) = &table.saved {
            ui.vertical_centered(|ui| {
                let plies = saved.state().ply().to_string();
                if ui
                    .add(big_button(
                        tr.tf("hive.lobby.continue", &[("plies", &plies)]),
                    ))
                    .clicked()
                {
                    send(Intent::Continue);
                }
                ui.label(style::muted(tr.t("hive.lobby.or_new"), 14.0));
            });
            ui.add_space(8.0);
        }
        ui.label(egui::RichText::new(tr.t("hive.lobby.opponent")).color(style::MUTED));
        ui.horizontal_wrapped(|ui| {
            for (seat, key) in OPPONENTS {
                let chosen = table.opponent == seat;
                if crate::app::kit::choice(ui, chosen, tr.t(key)).clicked() && !chosen {
                    send(Intent::Choose(seat));
                }
            }
        });
        ui.add_space(12.0);
        ui.vertical_centered(|ui| {
            if ui.add(big_button(tr.t("hive.lobby.start"))).clicked() {
                send(Intent::Start);
            }
            ui.add_space(6.0);
            ui.label(style::muted(tr.t("hive.lobby.fair"), 14.0));
        });
    });
    Floating::anchored(
        "hive-lobby-online",
        egui::Align2::LEFT_CENTER,
        [ctx.content_rect().width() / 2.0 + 8.0, 10.0],
    )
    .width(440.0)
    .show(ctx, |ui| {
        go = super::online::lobby_part(ui, tr, table, form, server);
    });
    go
}
