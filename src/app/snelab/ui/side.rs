//! The side panel: the purse, the table and stake, the opponent, which side is yours, each
//! side's Bar (explained on hover), Resign (for the person to act; it asks first), online Take
//! back (or the other player's takeback to answer), and the move list, scrolled by whole rows.

use super::Panel;
use super::lobby::opponent_key;
use crate::app::kit::rows;
use crate::app::snelab::table::Intent;
use crate::app::style;
use crate::play::snelab::purse::STAKE;
use crate::play::snelab::{Phase, Stakes};
use crate::rules::snelab::Side;
use bevy_egui::egui;

pub(super) fn side_panel(p: Panel, panels: &mut super::SnelabPanels) {
    let (ctx, tr, table, send) = p.parts();
    let purse = tr.tf(
        "snelab.purse",
        &[("coins", &table.purse.coins().to_string())],
    );
    let title = if table.replay.is_some() || table.analysing.is_some() {
        tr.t("snelab.moves").to_string()
    } else {
        purse.clone()
    };
    style::side_panel(ctx, "snelab-side", 210.0, &title, |ui| {
        if table.replay.is_some() || table.analysing.is_some() {
            replay_side(ui, tr, table);
            return;
        }
        ui.label(style::brass(purse, 19.0));
        if let Some(case) = table.open_case().cloned() {
            let kind = match case.stakes {
                Stakes::Casino => tr.t("snelab.casino"),
                Stakes::Street => tr.t("snelab.street"),
            };
            // A lesson or practice position has no stake and no opponent but the lesson.
            if table.session.learning() {
                ui.label(style::muted(tr.t("learn.no_stake"), 14.0));
            } else {
                ui.label(style::muted(
                    tr.tf(
                        "snelab.on_table",
                        &[("table", kind), ("stake", &STAKE.to_string())],
                    ),
                    14.0,
                ));
            }
            // Online: the other seat as the server names it (a person, or its bot).
            let vs = match table.host.as_ref().and_then(|o| o.other()) {
                Some(other) => tr.tf(
                    "snelab.versus_online",
                    &[("who", &tr.say(&crate::app::kit::online::seat_name(other)))],
                ),
                None if table.session.learning() => tr.t("learn.seat").to_string(),
                None => tr.t(&opponent_key(table.setup.opponent)).to_string(),
            };
            ui.label(style::muted(tr.tf("snelab.versus", &[("who", &vs)]), 14.0));
            // Which pieces are the player's.
            let you = if table.hot_seat() {
                "snelab.you_play.hot_seat"
            } else if table.setup.owner == Side::South {
                "snelab.you_play.south"
            } else {
                "snelab.you_play.north"
            };
            ui.label(style::cream(tr.t(you), 14.0));
            // Each side's Bar: the pieces it still has and their weight.
            ui.add_space(2.0);
            let pos = table.pos();
            let mut sides = [table.setup.owner, table.setup.owner.opponent()];
            if table.setup.opponent == crate::play::Seat::Person {
                sides = Side::BOTH;
            }
            for side in sides {
                let key = if side == table.setup.owner && !table.names_sides() {
                    "snelab.bar.yours"
                } else {
                    "snelab.bar.side"
                };
                ui.label(style::ash(
                    tr.tf(
                        key,
                        &[
                            ("side", super::side_name(tr, side)),
                            ("pieces", &pos.count(side).to_string()),
                            ("weight", &pos.total_weight(side).to_string()),
                        ],
                    ),
                    14.0,
                ))
                .on_hover_text(tr.t("snelab.bar.about"));
            }
            ui.label(style::muted(tr.t("snelab.bar.short"), 12.5))
                .on_hover_text(tr.t("snelab.bar.about"));
            if table.phase() == Phase::Play && table.watching() {
                // A spectator resigns nothing: it may only leave.
                ui.add_space(4.0);
                if ui.button(tr.t("online.leave")).clicked() {
                    send(Intent::Leave);
                }
            } else if table.phase() == Phase::Play && !table.session.learning() {
                ui.add_space(4.0);
                let can = table.person_to_move() && !table.resigning;
                ui.horizontal_wrapped(|ui| {
                    let resign =
                        egui::Button::new(egui::RichText::new(tr.t("snelab.resign")).size(15.0));
                    if ui
                        .add_enabled(can, resign)
                        .on_hover_text(tr.t("snelab.resign.hint"))
                        .clicked()
                    {
                        send(Intent::AskResign);
                    }
                    // Online: ask the other player to take back the last move (Snēlab has no
                    // draw), or answer theirs.
                    crate::app::kit::online_panels::offer_buttons(ui, tr, table, send);
                });
            }
            if table.phase() == Phase::Play && !table.watching() {
                // The table in words with every legal action (issue 41), for the person to move.
                let label = if panels.reading {
                    tr.t("hive.moves.close")
                } else {
                    tr.t("hive.moves.open")
                };
                if ui
                    .add_enabled(table.person_to_move(), egui::Button::new(label))
                    .clicked()
                {
                    panels.reading = !panels.reading;
                }
            }
        }
        // Online: the fingerprint of the table's secret seed, from the start of the case (the
        // seed itself comes with the verdict, checked against it there).
        if let Some(fp) = table.told_fingerprint() {
            ui.separator();
            let words = crate::app::kit::panel::FingerprintWords {
                label: tr.t("online.seed.fingerprint"),
                hint: tr.t("online.seed.fingerprint_hint"),
                copy: tr.t("online.seed.copy"),
            };
            crate::app::kit::panel::fingerprint_row(ui, words, fp, &mut panels.fingerprint);
        }
        let in_case = matches!(table.phase(), Phase::Play | Phase::Verdict(_));
        if table.actions().is_empty() || !in_case {
            return;
        }
        ui.separator();
        ui.label(egui::RichText::new(tr.t("snelab.moves")).color(style::CREAM));
        move_rows(ui, &table.move_list(), MOVES_HEIGHT);
    });
}

/// In a replay: who sat on each side with its Bar in the position on show, and the record's
/// moves, the one just played marked.
fn replay_side(ui: &mut egui::Ui, tr: &crate::i18n::Tr, table: &crate::app::snelab::Table) {
    let (names, rows) = match (&table.replay, &table.analysing, table.replay_line()) {
        // The moves up to the position on show, the newest at the bottom (so the one just
        // played is always in sight), as the list grows in play.
        (Some(r), _, Some(line)) => (
            r.names.clone(),
            pairs(
                &line.notation[..table.viewing.min(line.len())],
                table.viewing.checked_sub(1),
            ),
        ),
        (None, Some(a), _) => {
            let played: Vec<String> = table.actions().iter().map(|a| a.to_string()).collect();
            let last = played.len().checked_sub(1);
            (a.back.0.names.clone(), pairs(&played, last))
        }
        _ => return,
    };
    let pos = table.pos();
    for (side, name) in Side::BOTH.into_iter().zip(&names) {
        let who = if name.is_empty() {
            super::side_name(tr, side).to_string()
        } else {
            format!("{name} ({})", super::side_name(tr, side))
        };
        ui.label(style::cream(who, 15.0));
        ui.label(style::ash(
            tr.tf(
                "snelab.bar.side",
                &[
                    ("side", super::side_name(tr, side)),
                    ("pieces", &pos.count(side).to_string()),
                    ("weight", &pos.total_weight(side).to_string()),
                ],
            ),
            14.0,
        ))
        .on_hover_text(tr.t("snelab.bar.about"));
        ui.add_space(2.0);
    }
    if rows.is_empty() {
        return;
    }
    ui.separator();
    ui.label(egui::RichText::new(tr.t("snelab.moves")).color(style::CREAM));
    // Short: the review panel stands under it.
    move_rows(ui, &rows, 80.0);
}

/// Moves in numbered pairs, the pair holding move `marked` (0-based) marked.
fn pairs(moves: &[String], marked: Option<usize>) -> Vec<String> {
    let shown = marked.map(|i| i / 2);
    moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let mark = if Some(i) == shown { "▸" } else { " " };
            let mut row = format!("{mark}{}. {}", i + 1, pair[0]);
            if let Some(b) = pair.get(1) {
                row.push_str("   ");
                row.push_str(b);
            }
            row
        })
        .collect()
}

/// The most the move list shows before it scrolls, in points.
const MOVES_HEIGHT: f32 = 300.0;

/// The move list, newest at the bottom, in a window of whole rows ([`rows::Window`]). A row is
/// one pair of moves.
fn move_rows(ui: &mut egui::Ui, lines: &[String], max_height: f32) {
    let font = egui::FontId::monospace(14.0);
    let width = ui.available_width();
    let rows = lines
        .iter()
        .map(|l| rows::Row {
            galley: ui
                .ctx()
                .fonts_mut(|f| f.layout(l.clone(), font.clone(), style::ASH, width)),
            hover: None,
        })
        .collect();
    rows::Window {
        id: "snelab-moves",
        max_height,
        bar_always: false,
        above: None,
    }
    .show(ui, rows);
}
