//! The players' bar (top left): each colour's seat, the clock of the side to act (red with a
//! warning in its last seconds), the fingerprint (shortened; the full value a click away, and
//! copyable); and the bar at the bottom: whose turn, hints, All my moves, Take back, Resign.

use super::Panel;
use super::{HivePanels, RED, is_you, seat_name};
use crate::app::hive::{Intent, Pick, Table};
use crate::app::kit::history::Step;
use crate::app::kit::online::clock_text;
use crate::app::kit::online_panels;
use crate::app::kit::panel::{self, Floating};
use crate::app::style;
use crate::i18n::Tr;
use crate::rules::hive::Colour;
use bevy_egui::egui;

/// The room at a players' row's right for its clock ("0:00"), kept where no clock shows so that
/// the names of both rows line up.
const CLOCK_ROOM: f32 = 64.0;

pub(super) fn players(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    panels: &mut HivePanels,
    thinking: bool,
    t: f32,
) {
    let Some(game) = &table.game else {
        return;
    };
    // On a compact screen a lesson's panel takes the left, the players' place (the lesson
    // against its own replies, no clock): the bar at the bottom says whose move it is.
    let compact = style::compact(ctx);
    if game.is_coached() && compact {
        return;
    }
    Floating::players(ctx, "hive-players", 250.0).show(ctx, |ui| {
        let wood = |colour| {
            tr.t(match colour {
                Colour::Ash => "hive.wood.ash",
                Colour::Walnut => "hive.wood.walnut",
            })
        };
        // Each row's words on one line: "Walnut — You".
        let lines = Colour::BOTH.map(|colour| {
            tr.tf(
                "hive.players.line",
                &[
                    ("colour", wood(colour)),
                    ("who", &seat_name(tr, table, colour)),
                ],
            )
        });
        // An upright phone's narrow panel: the wood on its row, who sits there on a line of its
        // own under it, rather than both cut to "Waln…"; where both rows fit whole, each on one.
        // A screen short of height (on its side, 1280×720 at scale 2) keeps one line each, cut
        // short: two more lines would run the panel into the bar at the bottom.
        let room = ui.available_width() - CLOCK_ROOM - 14.0 - 2.0 * ui.spacing().item_spacing.x;
        let split = style::narrow(ctx)
            && lines
                .iter()
                .any(|l| style::text_width(ctx, l, egui::FontId::proportional(16.0)) > room);
        for colour in [Colour::Ash, Colour::Walnut] {
            let to_act = game.awaited() == Some(colour);
            let clock = table.time_left().filter(|_| to_act);
            ui.horizontal(|ui| {
                // The clock keeps its place at the right; the name takes what is left, cut
                // short (…) rather than run into the clock.
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let low = clock.is_some_and(|l| l <= 10.0);
                    // Room for "0:00" even when no clock shows, so the names
                    // of both rows line up.
                    let (w, h) = (CLOCK_ROOM, 26.0);
                    ui.allocate_ui_with_layout(
                        egui::vec2(w, h),
                        egui::Layout::right_to_left(egui::Align::Center),
                        |ui| {
                            ui.set_min_size(egui::vec2(w, h));
                            if let Some(left) = clock {
                                ui.add(
                                    egui::Label::new(
                                        egui::RichText::new(clock_text(tr, left))
                                            .monospace()
                                            .size(if low { 22.0 } else { 18.0 })
                                            .color(if low { RED } else { style::CREAM })
                                            .strong(),
                                    )
                                    .wrap_mode(egui::TextWrapMode::Extend),
                                );
                            }
                        },
                    );
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                        // The mark's place is kept on both rows, so
                        // the names line up.
                        let dot = if to_act { "▶" } else { "" };
                        ui.add_sized([14.0, 20.0], egui::Label::new(style::brass(dot, 16.0)));
                        ui.add(
                            egui::Label::new(style::text(
                                if split {
                                    wood(colour).to_string()
                                } else {
                                    lines[colour.index()].clone()
                                },
                                16.0,
                                if to_act { style::CREAM } else { style::MUTED },
                            ))
                            .truncate(),
                        );
                    });
                });
            });
            if split {
                // Under the wood's name, as tall as its words (a row would be a touch
                // target's height).
                let indent = 14.0 + ui.spacing().item_spacing.x;
                let margin = egui::Margin {
                    left: indent as i8,
                    ..egui::Margin::ZERO
                };
                egui::Frame::NONE.inner_margin(margin).show(ui, |ui| {
                    ui.add(
                        egui::Label::new(style::text(
                            seat_name(tr, table, colour),
                            14.0,
                            if to_act { style::CREAM } else { style::MUTED },
                        ))
                        .wrap(),
                    );
                });
            }
        }
        if let Some(colour) = game.awaited()
            && table.time_left().is_some_and(|l| l <= 10.0)
        {
            ui.label(style::text(
                tr.tf(
                    "hive.clock.warning",
                    &[("who", &seat_name(tr, table, colour))],
                ),
                14.0,
                RED,
            ));
        }
        if thinking && table.busy <= 0.0 {
            let dots = ".".repeat(1 + (t * 2.5) as usize % 3);
            ui.label(style::muted(
                format!("{}{dots}", tr.t("hive.thinking")),
                14.0,
            ));
        }
        // A lesson has no seed to verify, nor has a replay (its record is what it is).
        if game.is_coached() || table.replay.is_some() || table.analysing.is_some() {
            return;
        }
        ui.separator();
        let words = panel::FingerprintWords {
            label: tr.t("hive.fingerprint"),
            hint: tr.t("hive.fingerprint.hint"),
            copy: tr.t("hive.copy"),
        };
        panel::fingerprint_row(ui, words, &game.fingerprint(), &mut panels.fingerprint);
    });
}

/// The bar at the bottom during a game.
pub(super) fn actions(p: Panel, panels: &mut HivePanels) {
    let (ctx, tr, table, send) = p.parts();
    let Some(game) = &table.game else {
        return;
    };
    let compact = style::compact(ctx);
    style::bottom_bar(ctx, "hive-bar", 600.0, |ui| {
        // Whose turn, as the board shows it: while a move still slides, the
        // turn of the side that made it (the next is not on the board yet).
        let shown = game.awaited().map(|c| {
            if table.animating() && table.last.is_some() {
                c.other()
            } else {
                c
            }
        });
        let line = match (table.viewing, shown) {
            (Some(n), _) => tr.tf("hive.viewing", &[("n", &n.to_string())]),
            // One wording for the person's turn.
            (None, Some(c)) if is_you(table, c) => tr.t("hive.turn.yours").to_string(),
            (None, Some(c)) => tr.tf("hive.turn.side", &[("who", &seat_name(tr, table, c))]),
            (None, None) => String::new(),
        };
        // Smaller on a compact screen, so that the bar keeps under the players' panel in
        // every language.
        let (line_size, hint_size) = if compact { (17.0, 12.0) } else { (21.0, 14.0) };
        ui.label(style::cream(line, line_size));
        // What the person can do now: nothing to click while the other
        // side (the bot, the other player) is to move.
        let watching = table.host.as_ref().is_some_and(|o| o.spectating());
        let hint = match (&table.pick, table.viewing, shown) {
            (_, Some(_), _) => tr.t("hive.hint.viewing").to_string(),
            _ if watching => tr.t("online.watch.hint").to_string(),
            (_, None, Some(c))
                if !table.person_to_act() && !is_you(table, c) && !table.hot_seat() =>
            {
                tr.tf("hive.hint.waiting", &[("who", &seat_name(tr, table, c))])
            }
            (Pick::Idle, _, _) => tr.t("hive.hint.idle").to_string(),
            _ => tr.t("hive.hint.lifted").to_string(),
        };
        ui.label(style::muted(hint, hint_size));
        ui.add_space(4.0);
        let buttons = |ui: &mut egui::Ui| {
            if table.viewing.is_some() {
                if ui.button(tr.t("hive.back_to_game")).clicked() {
                    send(Intent::View(Step::ToGame));
                }
                return;
            }
            // A spectator plays nothing, offers nothing, resigns nothing.
            if watching {
                return;
            }
            let mine = table.person_to_act();
            let moves_label = if panels.moves {
                tr.t("hive.moves.close")
            } else {
                tr.t("hive.moves.open")
            };
            if ui
                .add_enabled(mine, egui::Button::new(moves_label))
                .clicked()
            {
                panels.moves = !panels.moves;
            }
            if table.host.is_some() {
                // Online the other player is asked: a takeback, or a draw.
                online_panels::offer_buttons(ui, tr, table, send);
            } else if !table.hot_seat() {
                let side = table.person_colour();
                let can = side.is_some_and(|s| game.takeback_size(s).is_ok()) && !table.animating();
                if ui
                    .add_enabled(can, egui::Button::new(tr.t("hive.takeback")))
                    .clicked()
                {
                    send(Intent::TakeBack);
                }
            }
            let question = egui::RichText::new(tr.t("hive.resign.ask")).color(style::CREAM);
            let answers = (tr.t("hive.resign.yes"), tr.t("hive.resign.no"));
            let resign = (tr.t("hive.resign"), true);
            // A lesson is left, not resigned.
            if !game.is_coached()
                && panel::resign_asked(ui, &mut panels.confirm_resign, question, answers, resign)
            {
                send(Intent::Resign);
            }
        };
        if compact {
            // Smaller buttons, wrapped where a language's words are long (Portuguese's ran
            // off the screen).
            let look = ui.style_mut();
            look.spacing.button_padding = egui::vec2(8.0, 4.0);
            look.spacing.item_spacing = egui::vec2(6.0, 4.0);
            for style in [egui::TextStyle::Button, egui::TextStyle::Body] {
                if let Some(font) = look.text_styles.get_mut(&style) {
                    font.size = 15.0;
                }
            }
            ui.horizontal_wrapped(buttons);
        } else {
            ui.horizontal(buttons);
        }
    });
}
