//! The attempt's numbers: the odds beside each attack ring, the dice's sums and outcome
//! beside the dice (naming the piece it happened to, and what the sums meant), and the latest
//! attempt kept in words after its dice are gone.

use super::build::{capital, colour_word};
use super::{GREY, to_screen};
use crate::app::chess::table::{AttemptReport, attempt_report, attempt_text};
use crate::app::chess::view::{dice_centre, square_pos};
use crate::app::chess::{Table, Timing};
use crate::app::kit::panel::Floating;
use crate::app::style::{self, panel_frame};
use crate::i18n::Tr;
use crate::rules::chess::{AttemptResult, Colour, Odds};
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
    camera: Option<crate::app::kit::panel::Eye<'_>>,
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
        Floating::mark(
            ("chess-odds", to),
            (p, egui::Align2::CENTER_CENTER),
            (225, 6, (5, 1)),
        )
        .show(ctx, |ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            ui.horizontal(|ui| {
                if odds.wound == 0 && odds.miss == 0 {
                    ui.label(style::text(tr.t("chess.odds.dies"), 13.0, style::good()).strong());
                    return;
                }
                for r in AttemptResult::ALL {
                    ui.label(style::text(percent(odds, r), 13.0, result_colour(r)).strong());
                }
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
            style::label_frame(200, 8, (10, 3)).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(style::text(tr.t("chess.odds.capture"), 13.0, style::good()));
                    ui.label(style::text(tr.t("chess.odds.wound"), 13.0, style::bad()));
                    ui.label(style::text(tr.t("chess.odds.miss"), 13.0, GREY));
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
    camera: Option<crate::app::kit::panel::Eye<'_>>,
) {
    let Some(roll) = &table.roll else {
        return;
    };
    let record = roll.played.record;
    let Some(rolled) = record.dice else {
        return;
    };
    let settled = roll.elapsed >= timing.dice;
    // Each label over its own dice, the two meeting over the gap between them with their inner
    // edges apart: at a large interface scale, centred over their dice they would cover each
    // other.
    let over =
        |attacker: bool| to_screen(camera, dice_centre(attacker) + Vec3::new(0.0, 0.0, -0.62));
    let gap_x = over(true).zip(over(false)).map(|(a, d)| 0.5 * (a.x + d.x));
    for (attacker, set, colour) in [
        (true, rolled.attacker, record.actor),
        (false, rolled.defender, record.actor.other()),
    ] {
        let count = set.values().len();
        let Some(p) = over(attacker) else {
            continue;
        };
        let (p, pivot) = match gap_x {
            Some(x) if p.x < x => (egui::pos2(x - 6.0, p.y), egui::Align2::RIGHT_BOTTOM),
            Some(x) => (egui::pos2(x + 6.0, p.y), egui::Align2::LEFT_BOTTOM),
            None => (p, egui::Align2::CENTER_BOTTOM),
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
        Floating::at(("chess-dice", attacker), p, pivot)
            .still()
            .margin(10, 4)
            .show(ctx, |ui| {
                ui.label(style::cream(line, if settled { 20.0 } else { 16.0 }).strong());
            });
    }
    if settled && let Some(report) = attempt_report(&roll.played.before, &record) {
        let mid = (dice_centre(true) + dice_centre(false)) / 2.0;
        if let Some(p) = to_screen(camera, mid + Vec3::new(0.0, 0.0, 0.8)) {
            Floating::at(
                "chess-outcome",
                p + egui::vec2(0.0, 0.0),
                egui::Align2::CENTER_TOP,
            )
            .still()
            .order(egui::Order::Foreground)
            .margin(16, 8)
            .show(ctx, |ui| {
                ui.set_max_width(560.0);
                ui.vertical_centered(|ui| {
                    attempt_words(ui, tr, &report, (26.0, 15.0), true);
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
            ui.label(style::muted(tr.t("chess.dice.skip"), 14.0));
        });
}

/// The colour of an attempt's headline: green for a capture, red for a wound, grey for a miss.
fn result_colour(result: AttemptResult) -> egui::Color32 {
    match result {
        AttemptResult::Success => style::good(),
        AttemptResult::Wound => style::bad(),
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
    ui.label(style::text(headline, head, result_colour(report.result)).strong());
    if let Some(sums) = sums {
        ui.label(style::cream(sums, body));
    }
    if with_meaning {
        ui.label(style::ash(meaning, body - 1.0));
    }
}

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
        if line.side == Colour::White {
            "."
        } else {
            "…"
        },
        line.text
    );
    let cards = table.game.as_ref().is_some_and(|g| g.artifacts());
    let area = egui::Area::new(egui::Id::new("chess-recent-attempt")).interactable(false);
    let compact = crate::app::style::compact(ctx);
    let (area, with_meaning) = if cards || compact {
        let screen = ctx.content_rect();
        // Under the piles, or on a compact screen (the piles folded away) under the players;
        // right of a lesson's panel in the left column, under the side panel's button.
        let column = crate::app::style::left_column(ctx);
        let above = if compact {
            "chess-players"
        } else {
            "chess-piles"
        };
        let (left, top) = match column {
            Some(right) => (right + 8.0, crate::app::style::below_side_panel(ctx)),
            None => (
                16.0,
                ctx.memory(|m| m.area_rect(egui::Id::new(above)))
                    .map_or(240.0, |r| r.bottom())
                    + 12.0,
            ),
        };
        // On a narrow screen a replay's review at the right stands under the players too
        // (`style::folded_panel`): under it where it would reach over this (as last drawn).
        let top = match (
            crate::app::style::narrow(ctx),
            ctx.memory(|m| {
                let last = m.area_rect(egui::Id::new("chess-recent-attempt"))?;
                let review = m.area_rect(egui::Id::new(("replay-review", "chess")))?;
                Some((last, review))
            }),
        ) {
            (true, Some((last, review)))
                if review.left() < left + last.width() && review.bottom() > top =>
            {
                review.bottom() + 8.0
            }
            _ => top,
        };
        // The top of the hand, or of the bars along the bottom, as last drawn (the cards grow
        // with their words).
        let hand_top = if compact {
            crate::app::style::bottom_bar_top(ctx)
        } else {
            ctx.memory(|m| m.area_rect(egui::Id::new("chess-hand")))
                .map_or(screen.bottom() - super::cards::above_hand(ctx), |r| r.top())
        };
        let room = hand_top - 8.0 - top;
        // Left out where it would not fit as it was last drawn (without the meaning).
        let needed = ctx
            .memory(|m| m.area_rect(egui::Id::new("chess-recent-attempt")))
            .map_or(80.0, |r| r.height());
        if room < needed.min(190.0) {
            return;
        }
        (area.fixed_pos(egui::pos2(left, top)), room >= 190.0)
    } else {
        (area.anchor(egui::Align2::LEFT_BOTTOM, [16.0, -16.0]), true)
    };
    area.show(ctx, |ui| {
        panel_frame()
            .inner_margin(egui::Margin::symmetric(14, 10))
            .show(ui, |ui| {
                ui.set_max_width(290.0);
                ui.label(style::muted(
                    tr.tf("chess.attempt.recent", &[("action", &action)]),
                    13.0,
                ));
                attempt_words(ui, tr, report, (18.0, 14.0), with_meaning);
            });
    });
}
