//! The lobby: the casino or the street table, the opponent, the appeal rule, who opens next,
//! Sit down, the Books and Reset all. Every choice is an egui widget, so Tab and the arrows
//! reach it and Enter or Space changes it; the focused one wears a brass ring.

use super::Panel;
use super::{RED, SnelabPanels, by_keys, centred_row, focus_ring, refusal_text, side_name};
use crate::app::kit::panel::{self, Floating};
use crate::app::snelab::table::{Intent, Refusal, Table};
use crate::app::style::{self, big_button};
use crate::i18n::Tr;
use crate::play::Seat;
use crate::play::snelab::purse::STAKE;
use crate::play::snelab::{Coin, Setup, Stakes};
use bevy_egui::egui;

/// The i18n key of an opponent's name.
pub(super) fn opponent_key(seat: Seat) -> String {
    panel::opponent_key("snelab", seat)
}

/// The width of the lobby's panel, and of the online part beside it.
const WIDTH: f32 = 480.0;

/// Where the lobby's panel stands: in the middle, or left of the middle with the online part
/// on its right.
fn lobby_anchor(ctx: &egui::Context, beside_online: bool) -> Floating {
    if beside_online {
        Floating::anchored(
            "snelab-lobby",
            egui::Align2::RIGHT_CENTER,
            [-(ctx.content_rect().width() / 2.0 + 8.0 - OFFSET), 10.0],
        )
    } else {
        Floating::anchored("snelab-lobby", egui::Align2::CENTER_CENTER, [0.0, 10.0])
    }
}

/// How far right of the middle the pair of panels stands (the side panel takes the left).
const OFFSET: f32 = 0.0;

/// The lobby's online part, right of the lobby: open a table with these stakes and this appeal
/// rule (a bot may fill the seat), join one by its code, or return to a seat kept here.
pub(super) fn online_part(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    o: &mut super::OnlineLobby,
) -> Option<crate::app::kit::link::GoOnline> {
    let panel = Floating::anchored(
        "snelab-lobby-online",
        egui::Align2::LEFT_CENTER,
        [ctx.content_rect().width() / 2.0 + 8.0 + OFFSET, 10.0],
    )
    .width(WIDTH - 60.0)
    .column(ctx, Some(false));
    crate::app::kit::online_panels::lobby_part(panel, ctx, tr, table, o.form, o.server)
}

pub(super) fn lobby(p: Panel, setup: &mut Setup, panels: &mut SnelabPanels, beside_online: bool) {
    let (ctx, tr, table, send) = p.parts();
    lobby_anchor(ctx, beside_online)
        .width(if beside_online { WIDTH } else { 500.0 })
        .column(ctx, beside_online.then_some(true))
        .show_footed(
            ctx,
            |ui| {
                let coins = table.purse.coins().to_string();
                panel::lobby_title(
                    ui,
                    tr.t("snelab.lobby.title"),
                    style::cream(tr.tf("snelab.purse", &[("coins", &coins)]), 22.0),
                );
                ui.label(egui::RichText::new(tr.t("snelab.lobby.table")).color(style::MUTED));
                for (kind, name, line) in [
                    (Stakes::Casino, "snelab.casino", "snelab.casino.line"),
                    (Stakes::Street, "snelab.street", "snelab.street.line"),
                ] {
                    let chosen = setup.stakes == kind;
                    let text = egui::RichText::new(tr.tf(
                        "snelab.lobby.table_line",
                        &[("table", tr.t(name)), ("line", tr.t(line))],
                    ))
                    .color(if chosen { style::CREAM } else { style::MUTED });
                    let r = ui.radio(chosen, text);
                    focus_ring(ui, &r);
                    if r.clicked() {
                        setup.stakes = kind;
                    }
                }
                ui.add_space(8.0);
                let choice = |ui: &mut egui::Ui, chosen, words: &str| {
                    let r = crate::app::kit::choice(ui, chosen, words);
                    focus_ring(ui, &r);
                    r
                };
                if let Some(seat) =
                    panel::opponent_chooser(ui, tr, "snelab", setup.opponent, choice)
                {
                    setup.opponent = seat;
                }
                ui.add_space(6.0);
                let r = ui.checkbox(&mut setup.backward, tr.t("snelab.lobby.appeal"));
                focus_ring(ui, &r);
            },
            |ui| {
                // Sit stays in sight under what scrolls, where the panel scrolls.
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
                    let r = ui.add_enabled(sit.is_ok(), button);
                    focus_ring(ui, &r);
                    if r.clicked() {
                        send(Intent::Sit);
                    }
                    books_and_reset(ui, "lobby", tr, table, panels, send, sit.is_err());
                });
            },
        );
}

/// Books and Reset all, in a row centred under the lobby's or the verdict's big button (`salt`
/// keeps the two rows apart); Reset all stands out when `urgent`.
pub(super) fn books_and_reset(
    ui: &mut egui::Ui,
    salt: &str,
    tr: &Tr,
    table: &Table,
    panels: &mut SnelabPanels,
    send: &mut dyn FnMut(Intent),
    urgent: bool,
) {
    ui.add_space(6.0);
    // The row is another while Reset all is asked once more: its width is measured apart.
    centred_row(ui, (salt, panels.confirm_reset), |ui| {
        let books = ui.add_enabled(
            !table.purse.books().is_empty(),
            egui::Button::new(tr.t("snelab.books")),
        );
        focus_ring(ui, &books);
        if books.clicked() {
            panels.open_books(by_keys(ui));
        }
        // Reset all, asked once more.
        if panels.confirm_reset {
            ui.label(
                egui::RichText::new(tr.tf(
                    "snelab.reset.ask",
                    &[("coins", &table.purse.start().to_string())],
                ))
                .color(style::CREAM),
            );
            let yes = ui.button(tr.t("snelab.reset.yes"));
            focus_ring(ui, &yes);
            if yes.clicked() {
                panels.confirm_reset = false;
                send(Intent::ResetAll);
            }
            let keep = ui.button(tr.t("snelab.reset.no"));
            // Asked by a key: the safe answer takes the focus.
            if panels.take_focus() {
                keep.request_focus();
            }
            focus_ring(ui, &keep);
            if keep.clicked() {
                panels.confirm_reset = false;
            }
        } else {
            let text = egui::RichText::new(tr.t("snelab.reset"));
            let text = if urgent {
                text.color(style::BRASS).strong()
            } else {
                text
            };
            let r = ui.button(text);
            focus_ring(ui, &r);
            if r.clicked() {
                panels.confirm_reset = true;
                panels.focus_opened = by_keys(ui);
            }
        }
    });
}
