//! The attempt's numbers: the odds beside each attack ring, the dice's sums and outcome
//! beside the dice (naming the piece it happened to, and what the sums meant), and the latest
//! attempt kept in words after its dice are gone.

use super::build::{capital, colour_word};
use super::{GREEN, GREY, RED, to_screen};
use crate::app::chess::table::{AttemptReport, attempt_report, attempt_text};
use crate::app::chess::view::{dice_centre, square_pos};
use crate::app::chess::{Table, Timing};
use crate::app::style::{self, panel_frame};
use crate::i18n::Tr;
use crate::rules::chess::{AttemptResult, Color, Odds};
use bevy::prelude::*;
use bevy_egui::egui;

/// "78%" from exact odds.
fn percent(odds: &Odds, r: AttemptResult) -> String {
    format!("{:.0}%", odds.of(r).to_f64() * 100.0)
}

/// The odds of each attack ring, in short form under its square: captures, wounds, misses.
pub(super) fn odds(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    camera: Option<(&Camera, &GlobalTransform)>,
) {
    let Some((_, actions)) = &table.selected else {
        return;
    };
    if table.animating() {
        return;
    }
    let mut seen = Vec::new();
    for (a, odds) in &actions.attempts {
        let Some(to) = a.to() else { continue };
        if seen.contains(&to) {
            continue;
        }
        seen.push(to);
        let Some(p) = to_screen(camera, square_pos(to) + Vec3::new(0.0, 0.0, 0.42)) else {
            continue;
        };
        egui::Area::new(egui::Id::new(("chess-odds", to)))
            .fixed_pos(p)
            .pivot(egui::Align2::CENTER_CENTER)
            .interactable(false)
            .order(egui::Order::Background)
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(egui::Color32::from_rgba_unmultiplied(0x1c, 0x12, 0x0b, 225))
                    .corner_radius(egui::CornerRadius::same(6))
                    .inner_margin(egui::Margin::symmetric(5, 1))
                    .show(ui, |ui| {
                        ui.spacing_mut().item_spacing.x = 4.0;
                        ui.horizontal(|ui| {
                            if odds.wound == 0 && odds.miss == 0 {
                                ui.label(
                                    egui::RichText::new(tr.t("chess.odds.dies"))
                                        .size(13.0)
                                        .color(GREEN)
                                        .strong(),
                                );
                                return;
                            }
                            for (r, c) in [
                                (AttemptResult::Success, GREEN),
                                (AttemptResult::Wound, RED),
                                (AttemptResult::Miss, GREY),
                            ] {
                                ui.label(
                                    egui::RichText::new(percent(odds, r))
                                        .size(13.0)
                                        .color(c)
                                        .strong(),
                                );
                            }
                        });
                    });
            });
    }
    egui::Area::new(egui::Id::new("chess-odds-legend"))
        .anchor(
            egui::Align2::CENTER_BOTTOM,
            [
                0.0,
                if table.game.as_ref().is_some_and(|g| g.artifacts()) {
                    -236.0
                } else {
                    -86.0
                },
            ],
        )
        .interactable(false)
        .show(ctx, |ui| {
            if actions.attempts.is_empty() {
                return;
            }
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(0x1c, 0x12, 0x0b, 200))
                .corner_radius(egui::CornerRadius::same(8))
                .inner_margin(egui::Margin::symmetric(10, 3))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(
                            egui::RichText::new(tr.t("chess.odds.capture"))
                                .size(13.0)
                                .color(GREEN),
                        );
                        ui.label(
                            egui::RichText::new(tr.t("chess.odds.wound"))
                                .size(13.0)
                                .color(RED),
                        );
                        ui.label(
                            egui::RichText::new(tr.t("chess.odds.miss"))
                                .size(13.0)
                                .color(GREY),
                        );
                    });
                });
        });
}

/// Beside the dice: whose they are, the sums once they rest, then the outcome.
pub(super) fn dice(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    timing: &Timing,
    camera: Option<(&Camera, &GlobalTransform)>,
) {
    let Some(roll) = &table.roll else {
        return;
    };
    let record = roll.played.record;
    let Some(rolled) = record.dice else {
        return;
    };
    let settled = roll.elapsed >= timing.dice;
    for (attacker, set, colour) in [
        (true, rolled.attacker, record.actor),
        (false, rolled.defender, record.actor.other()),
    ] {
        let count = set.values().len();
        let Some(p) = to_screen(camera, dice_centre(attacker) + Vec3::new(0.0, 0.0, -0.62)) else {
            continue;
        };
        let who = capital(&colour_word(tr, colour));
        let line = if settled {
            tr.tf(
                if attacker {
                    "chess.dice.attacker_sum"
                } else {
                    "chess.dice.defender_sum"
                },
                &[("who", &who), ("sum", &set.sum().to_string())],
            )
        } else {
            tr.tf(
                if attacker {
                    "chess.dice.attacker"
                } else {
                    "chess.dice.defender"
                },
                &[("who", &who), ("n", &count.to_string())],
            )
        };
        egui::Area::new(egui::Id::new(("chess-dice", attacker)))
            .fixed_pos(p)
            .pivot(egui::Align2::CENTER_BOTTOM)
            .interactable(false)
            .show(ctx, |ui| {
                panel_frame()
                    .inner_margin(egui::Margin::symmetric(10, 4))
                    .show(ui, |ui| {
                        ui.label(
                            egui::RichText::new(line)
                                .size(if settled { 20.0 } else { 16.0 })
                                .color(style::CREAM)
                                .strong(),
                        );
                    });
            });
    }
    if settled && let Some(report) = attempt_report(&roll.played.before, &record) {
        let mid = (dice_centre(true) + dice_centre(false)) / 2.0;
        if let Some(p) = to_screen(camera, mid + Vec3::new(0.0, 0.0, 0.8)) {
            egui::Area::new(egui::Id::new("chess-outcome"))
                .fixed_pos(p + egui::vec2(0.0, 0.0))
                .pivot(egui::Align2::CENTER_TOP)
                .interactable(false)
                .order(egui::Order::Foreground)
                .show(ctx, |ui| {
                    panel_frame()
                        .inner_margin(egui::Margin::symmetric(16, 8))
                        .show(ui, |ui| {
                            ui.set_max_width(560.0);
                            ui.vertical_centered(|ui| {
                                attempt_words(ui, tr, &report, (26.0, 15.0), true);
                            });
                        });
                });
        }
    }
    if settled {
        return;
    }
    egui::Area::new(egui::Id::new("chess-skip"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .interactable(false)
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(tr.t("chess.dice.skip"))
                    .size(14.0)
                    .color(style::MUTED),
            );
        });
}

/// The colour of an attempt's headline: green for a capture, red for a wound, grey for a miss.
fn result_colour(result: AttemptResult) -> egui::Color32 {
    match result {
        AttemptResult::Success => GREEN,
        AttemptResult::Wound => RED,
        AttemptResult::Miss => GREY,
    }
}

/// An attempt in words: the headline naming the piece it happened to, the dice and sums, and
/// what they meant.
fn attempt_words(
    ui: &mut egui::Ui,
    tr: &Tr,
    report: &AttemptReport,
    (head, body): (f32, f32),
    with_meaning: bool,
) {
    let (headline, sums, meaning) = attempt_text(tr, report);
    ui.label(
        egui::RichText::new(headline)
            .size(head)
            .color(result_colour(report.result))
            .strong(),
    );
    if let Some(sums) = sums {
        ui.label(egui::RichText::new(sums).size(body).color(style::CREAM));
    }
    if with_meaning {
        ui.label(
            egui::RichText::new(meaning)
                .size(body - 1.0)
                .color(style::ASH),
        );
    }
}

/// The height the hand of cards takes along the bottom (and the bars above it start).
const HAND_HEIGHT: f32 = 176.0;

/// The latest attempt, kept in words after its dice are gone (while it is one of the last two
/// actions on show): in the bottom-left corner, or with the cards in play in the left column
/// under the played piles (above the hand), shorter (without the meaning) where the room is
/// short, and left out where there is none.
pub(super) fn recent_attempt(ctx: &egui::Context, tr: &Tr, table: &Table) {
    let Some((line, report)) = table.recent_attempt() else {
        return;
    };
    let action = format!(
        "{}{} {}",
        line.number,
        if line.side == Color::White {
            "."
        } else {
            "…"
        },
        line.text
    );
    let cards = table.game.as_ref().is_some_and(|g| g.artifacts());
    let area = egui::Area::new(egui::Id::new("chess-recent-attempt")).interactable(false);
    let (area, with_meaning) = if cards {
        let screen = ctx.content_rect();
        let top = ctx
            .memory(|m| m.area_rect(egui::Id::new("chess-piles")))
            .map_or(240.0, |r| r.bottom())
            + 12.0;
        // The hand's top as last drawn (its cards grow with their words).
        let hand_top = ctx
            .memory(|m| m.area_rect(egui::Id::new("chess-hand")))
            .map_or(screen.bottom() - HAND_HEIGHT, |r| r.top());
        let room = hand_top - 8.0 - top;
        if room < 80.0 {
            return;
        }
        (area.fixed_pos(egui::pos2(16.0, top)), room >= 190.0)
    } else {
        (area.anchor(egui::Align2::LEFT_BOTTOM, [16.0, -16.0]), true)
    };
    area.show(ctx, |ui| {
        panel_frame()
            .inner_margin(egui::Margin::symmetric(14, 10))
            .show(ui, |ui| {
                ui.set_max_width(290.0);
                ui.label(
                    egui::RichText::new(tr.tf("chess.attempt.recent", &[("action", &action)]))
                        .size(13.0)
                        .color(style::MUTED),
                );
                attempt_words(ui, tr, report, (18.0, 14.0), with_meaning);
            });
    });
}
