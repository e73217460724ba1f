//! The move list beside the table, in words (Hive notation on request, and on hover), with step back / step forward, and
//! "All my moves": every legal move in words, in the player's language; choosing one plays it.

use super::HivePanels;
use super::Panel;
use crate::app::hive::Intent;
use crate::app::kit::{panel, reading, rows};
use crate::app::style;
use crate::i18n::Explain;
use crate::rules::hive::Colour;
use bevy_egui::egui;

pub(super) fn move_list(p: Panel, panels: &mut HivePanels) {
    let (ctx, tr, table, send) = p.parts();
    let mut lines = table.move_lines();
    // Looking back (a replay, or the game's history): the list runs to the position on show,
    // so the move just stepped to is the last in sight.
    if let Some(n) = table.viewing {
        lines.truncate(n);
    }
    style::side_panel(ctx, "hive-moves", 280.0, tr.t("hive.moves"), |ui| {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(tr.t("hive.moves")).color(style::CREAM));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.checkbox(
                    &mut panels.notation,
                    egui::RichText::new(tr.t("hive.moves.notation")).size(13.0),
                )
                .on_hover_text(tr.t("hive.moves.notation.hint"));
            });
        });
        if lines.is_empty() {
            ui.label(style::muted(tr.t("hive.moves.none"), 14.0));
        }
        let rows = lines
            .iter()
            .map(|line| {
                let colour = crate::i18n::sentence(tr.say(&line.by.explain()));
                let shown = if panels.notation {
                    line.notation.clone()
                } else {
                    tr.say(&line.words)
                };
                let mut text = tr.tf(
                    "hive.moves.line",
                    &[
                        ("n", &line.n.to_string()),
                        ("colour", &colour),
                        ("move", &shown),
                    ],
                );
                if line.timeout {
                    text.push_str(" ⏱");
                }
                let mut rich = style::text(
                    text,
                    14.0,
                    match line.by {
                        Colour::Ash => style::CREAM,
                        Colour::Walnut => style::ASH,
                    },
                );
                if panels.notation {
                    rich = rich.monospace();
                }
                let hover = if panels.notation {
                    tr.say(&line.words)
                } else {
                    line.notation.clone()
                };
                rows::Row::wrapped(ui, rich, Some(hover))
            })
            .collect();
        // Moves above the window: said above the list (the list keeps to its end).
        rows::Window {
            id: "hive-moves-list",
            // Shorter beside a replay's review panel.
            max_height: if table.replay.is_some() { 120.0 } else { 190.0 },
            bar_always: true,
            above: Some(style::muted(tr.t("hive.moves.more"), 12.0)),
        }
        .show(ui, rows);
        ui.separator();
        ui.horizontal(|ui| {
            let plies = table.state().map_or(0, |s| s.ply());
            let at = table.viewing.unwrap_or(plies);
            let hints = (tr.t("hive.step_back"), tr.t("hive.step_forward"));
            panel::step_buttons(ui, (at > 0, table.viewing.is_some()), hints, |s| {
                send(Intent::View(s));
            });
            if let Some(n) = table.viewing {
                ui.label(style::brass(
                    tr.tf("hive.viewing.short", &[("n", &n.to_string())]),
                    13.0,
                ));
            }
        });
    });
}

/// "All my moves", which is also the table read as text: the position in lines a screen
/// reader reads, a field for a typed move (Hive notation or the list's words) and every legal
/// move in words (see `kit::reading`).
pub fn all_my_moves(p: Panel, panels: &mut HivePanels) {
    let (ctx, tr, table, send) = p.parts();
    let Some(state) = table.state() else {
        return;
    };
    let mut open = true;
    let (lines, mut actions) = reading::said(
        tr,
        crate::access::hive::position(state),
        crate::access::hive::actions(state),
        |&m| state.move_string(m),
    );
    // In the order of their words, so the moves of one piece stand together.
    actions.sort_by(|a, b| a.words.cmp(&b.words));
    let chosen = reading::show(
        ctx,
        tr,
        "hive-reading",
        reading::BOTTOM_BAR,
        &mut open,
        &mut panels.field,
        &lines,
        actions,
        |text| crate::access::hive::typed(state, text, |m| tr.say(m)).map_err(|why| tr.say(&why)),
    );
    if let Some(m) = chosen {
        send(Intent::Play(m));
    }
    if !open {
        panels.moves = false;
    }
}
