//! The lobby: the bot at a level or a second person here, Start, Continue (a saved game), a
//! line on why the game is fair, and the online table (open one, or join one by its code).

use super::Panel;
use crate::app::hive::Intent;
use crate::app::kit::online_panels::{self, OnlineForm};
use crate::app::kit::panel::{self, Floating};
use crate::app::style::{self, big_button};
use bevy_egui::egui;

pub(super) fn lobby(
    p: Panel,
    form: &mut OnlineForm,
    server: &mut String,
) -> Option<crate::app::hive::link::GoOnline> {
    let (ctx, tr, table, send) = p.parts();
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
        panel::lobby_head(ui, tr, "hive");
        if let Some(saved) = &table.saved {
            let plies = saved.state().ply().to_string();
            let button = tr.tf("hive.lobby.continue", &[("plies", &plies)]);
            if panel::continue_offer(ui, button, tr.t("hive.lobby.or_new")) {
                send(Intent::Continue);
            }
        }
        let choice = crate::app::kit::choice;
        if let Some(seat) = panel::opponent_chooser(ui, tr, "hive", table.opponent, choice) {
            send(Intent::Choose(seat));
        }
        ui.add_space(6.0);
        ui.label(egui::RichText::new(tr.t("hive.lobby.clock")).color(style::MUTED));
        ui.horizontal_wrapped(|ui| {
            let turn = crate::app::kit::online::control_text(
                tr,
                crate::net::protocol::TimeControl::Turn { seconds: 60 },
            );
            for (timed, words) in [(true, turn.as_str()), (false, tr.t("hive.lobby.untimed"))] {
                if choice(ui, table.timed == timed, words).clicked() && table.timed != timed {
                    send(Intent::Timed(timed));
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
        go = online_panels::lobby_part(ui, tr, table, form, server);
    });
    go
}
