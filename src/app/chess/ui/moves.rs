//! The move list: every action with its result and sums, check and mate, the line on show
//! marked while an earlier position is looked at, with Step back / Step forward and the way
//! back to the game.

use super::Panel;
use crate::app::chess::Intent;
use crate::app::chess::table::ListEntry;
use crate::app::kit::history::Step;
use crate::app::kit::panel::{self, Floating};
use crate::app::style;
use crate::rules::chess::{AttemptResult, Colour};
use bevy::prelude::*;
use bevy_egui::egui;

/// One line of the move list: "12. e4xd5 ✚ 14:9".
pub fn list_line(e: &ListEntry) -> String {
    let dots = match e.side {
        Colour::White => ".",
        Colour::Black => "…",
    };
    let mut line = format!("{}{dots} {}", e.number, e.text);
    match e.result {
        Some(AttemptResult::Success) => line.push_str(" ●"),
        Some(AttemptResult::Wound) => line.push_str(" ✚"),
        Some(AttemptResult::Miss) => line.push_str(" ○"),
        None => {}
    }
    match e.sums {
        Some((a, Some(d))) => line.push_str(&format!(" {a}:{d}")),
        Some((_, None)) if e.result.is_some() => line.push_str(" †"),
        _ => {}
    }
    if e.check {
        line.push_str(" +");
    }
    if e.mate {
        line.push_str(" #");
    }
    line
}

pub(super) fn move_list(p: Panel, icons: &super::cards::IconIds) {
    let (ctx, tr, table, send) = p.parts();
    let list = table.list();
    let at = table.viewing.unwrap_or(list.len());
    style::side_panel(ctx, "chess-moves", 230.0, tr.t("chess.moves"), |ui| {
        ui.label(egui::RichText::new(tr.t("chess.moves")).color(style::CREAM));
        egui::ScrollArea::vertical()
            // Shorter beside a replay's review panel.
            .max_height(if table.replay.is_some() || table.analysing.is_some() {
                130.0
            } else {
                230.0
            })
            .stick_to_bottom(true)
            .show(ui, |ui| {
                if list.is_empty() {
                    ui.label(style::muted(tr.t("chess.moves.none"), 14.0));
                }
                for (i, e) in list.iter().enumerate() {
                    let current = i + 1 == at;
                    // The result waits for the dice to settle.
                    let line = if table.roll.is_some() && i + 1 == list.len() {
                        format!(
                            "{}{} {}",
                            e.number,
                            if e.side == Colour::White { "." } else { "…" },
                            e.text
                        )
                    } else {
                        list_line(e)
                    };
                    let text = egui::RichText::new(line).monospace().size(14.0).color(
                        match (current, e.side) {
                            (true, _) => style::BRASS,
                            (_, Colour::White) => style::CREAM,
                            (_, Colour::Black) => style::ASH,
                        },
                    );
                    let r = ui.label(if current { text.strong() } else { text });
                    if current && table.viewing.is_some() {
                        r.scroll_to_me(Some(egui::Align::Center));
                    }
                }
            });
        ui.label(style::muted(tr.t("chess.moves.legend"), 12.0));
        ui.separator();
        ui.horizontal(|ui| {
            let busy = table.animating();
            let steps = (at > 0 && !busy, table.viewing.is_some());
            let hints = (tr.t("chess.step_back"), tr.t("chess.step_forward"));
            panel::step_buttons(ui, steps, hints, |s| send(Intent::View(s)));
            let can_undo = table.game.as_ref().and_then(|g| g.undo_size()).is_some()
                && !busy
                && table.viewing.is_none();
            // Online a game has no takebacks, nor has a lesson.
            let coached = table.game.as_ref().is_some_and(|g| g.is_coached());
            if table.host.is_none()
                && !coached
                && table.replay.is_none()
                && ui
                    .add_enabled(can_undo, egui::Button::new(tr.t("chess.undo")))
                    .on_hover_text(tr.t("chess.undo.hint"))
                    .clicked()
            {
                send(Intent::Undo);
            }
        });
        // A compact screen has no room for the piles under the players' panel: they fold
        // here.
        if style::compact(ui.ctx())
            && let Some(game) = table.game.as_ref().filter(|g| g.artifacts())
        {
            ui.separator();
            super::cards::pile_headers(ui, tr, game.state(), icons);
        }
    });
    // A replay's bar says where it stands.
    if let Some(n) = table.viewing.filter(|_| table.replay.is_none()) {
        Floating::anchored("chess-viewing", egui::Align2::CENTER_TOP, [0.0, 84.0])
            .order(egui::Order::Foreground)
            .fill(egui::Color32::from_rgba_unmultiplied(0x3a, 0x28, 0x12, 240))
            .margin(20, 10)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.label(style::brass(
                        tr.tf(
                            "chess.viewing",
                            &[("n", &n.to_string()), ("of", &list.len().to_string())],
                        ),
                        18.0,
                    ));
                    if ui.button(tr.t("chess.back_to_game")).clicked() {
                        send(Intent::View(Step::ToGame));
                    }
                });
            });
    }
}
