//! The panels in play: who sits where and who acts (with check and the engine thinking), the
//! move list with Step back / Step forward and the "viewing" state, the odds beside each ring,
//! the dice's sums and outcome (naming the piece it happened to, and what the sums meant),
//! the latest attempt kept in words after its dice are gone, the bottom bar (whose turn — not
//! yours until the engine's reply has landed —, Heal, Undo move, Resign), the promotion
//! chooser and the end banner.

use super::build::{capital, colour_word};
use super::{ChessPanels, GREEN, GREY, RED, to_screen};
use crate::app::chess::table::{
    AttemptReport, ListEntry, TurnStatus, attempt_report, attempt_text,
};
use crate::app::chess::view::{dice_centre, square_pos};
use crate::app::chess::{Intent, Phase, Table, Timing};
use crate::app::kit::history::Step;
use crate::app::style::{self, big_button, panel_frame};
use crate::i18n::{Explain, Tr};
use crate::play::Seat;
use crate::play::chess::Ending;
use crate::rules::chess::{Action, AttemptResult, Color, Odds, Role};
use bevy::prelude::*;
use bevy_egui::egui;

/// A seat's name: "You", "Engine (hard)"; at a hot seat "Player 1" (white) and "Player 2".
pub(super) fn seat_name(tr: &Tr, table: &Table, colour: Color) -> String {
    let Some(game) = &table.game else {
        return String::new();
    };
    match game.seat(colour) {
        Seat::Person if table.hot_seat() => tr
            .t(match colour {
                Color::White => "chess.player.first",
                Color::Black => "chess.player.second",
            })
            .to_string(),
        Seat::Person => tr.t("chess.you").to_string(),
        Seat::Bot(level) => tr.tf("chess.engine", &[("level", &tr.say(&level_word(level)))]),
        Seat::Remote => tr.say(&Seat::Remote.label()),
    }
}

fn level_word(level: crate::ai::Level) -> crate::i18n::Message {
    crate::i18n::msg(level.key())
}

pub(super) fn players(ctx: &egui::Context, tr: &Tr, table: &Table) {
    let Some(game) = &table.game else {
        return;
    };
    let shown = table.shown();
    egui::Area::new(egui::Id::new("chess-players"))
        .anchor(egui::Align2::LEFT_TOP, [16.0, 84.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(16, 12))
                .show(ui, |ui| {
                    ui.set_width(260.0);
                    for colour in [Color::White, Color::Black] {
                        let to_act = game.awaited() == Some(colour);
                        ui.horizontal(|ui| {
                            let dot = if to_act { "▶" } else { " " };
                            ui.label(egui::RichText::new(dot).color(style::BRASS).size(16.0));
                            ui.label(
                                egui::RichText::new(tr.tf(
                                    "chess.players.line",
                                    &[
                                        ("colour", &capital(&colour_word(tr, colour))),
                                        ("who", &seat_name(tr, table, colour)),
                                    ],
                                ))
                                .size(16.0)
                                .color(if to_act {
                                    style::CREAM
                                } else {
                                    style::MUTED
                                }),
                            );
                        });
                    }
                    if let Some(s) = shown
                        && s.in_check()
                        && s.end().is_none()
                    {
                        ui.label(
                            egui::RichText::new(tr.tf(
                                "chess.in_check",
                                &[("colour", &capital(&colour_word(tr, s.turn())))],
                            ))
                            .size(16.0)
                            .color(RED)
                            .strong(),
                        );
                    }
                    if game.artifacts() {
                        let state = game.state();
                        ui.label(
                            egui::RichText::new(tr.tf(
                                "chess.reserves",
                                &[
                                    ("white", &state.reserve(Color::White).to_string()),
                                    ("black", &state.reserve(Color::Black).to_string()),
                                ],
                            ))
                            .size(13.0)
                            .color(style::ASH),
                        );
                    }
                    let artifacts = if game.artifacts() {
                        "chess.artifacts.on"
                    } else {
                        "chess.artifacts.off"
                    };
                    ui.label(
                        egui::RichText::new(tr.t(artifacts))
                            .size(13.0)
                            .color(style::MUTED),
                    );
                });
        });
}

/// One line of the move list: "12. e4xd5 ✚ 14:9".
pub fn list_line(e: &ListEntry) -> String {
    let dots = match e.side {
        Color::White => ".",
        Color::Black => "…",
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

pub(super) fn move_list(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    send: &mut impl FnMut(Intent),
) {
    let list = table.list();
    let at = table.viewing.unwrap_or(list.len());
    egui::Area::new(egui::Id::new("chess-moves"))
        .anchor(egui::Align2::RIGHT_TOP, [-16.0, 84.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(16, 12))
                .show(ui, |ui| {
                    ui.set_width(230.0);
                    ui.label(egui::RichText::new(tr.t("chess.moves")).color(style::CREAM));
                    egui::ScrollArea::vertical()
                        .max_height(230.0)
                        .stick_to_bottom(true)
                        .show(ui, |ui| {
                            if list.is_empty() {
                                ui.label(
                                    egui::RichText::new(tr.t("chess.moves.none"))
                                        .size(14.0)
                                        .color(style::MUTED),
                                );
                            }
                            for (i, e) in list.iter().enumerate() {
                                let current = i + 1 == at;
                                // The result waits for the dice to settle.
                                let line = if table.roll.is_some() && i + 1 == list.len() {
                                    format!(
                                        "{}{} {}",
                                        e.number,
                                        if e.side == Color::White { "." } else { "…" },
                                        e.text
                                    )
                                } else {
                                    list_line(e)
                                };
                                let text =
                                    egui::RichText::new(line)
                                        .monospace()
                                        .size(14.0)
                                        .color(match (current, e.side) {
                                            (true, _) => style::BRASS,
                                            (_, Color::White) => style::CREAM,
                                            (_, Color::Black) => style::ASH,
                                        });
                                let r = ui.label(if current { text.strong() } else { text });
                                if current && table.viewing.is_some() {
                                    r.scroll_to_me(Some(egui::Align::Center));
                                }
                            }
                        });
                    ui.label(
                        egui::RichText::new(tr.t("chess.moves.legend"))
                            .size(12.0)
                            .color(style::MUTED),
                    );
                    ui.separator();
                    ui.horizontal(|ui| {
                        let busy = table.animating();
                        if ui
                            .add_enabled(at > 0 && !busy, egui::Button::new("◀"))
                            .on_hover_text(tr.t("chess.step_back"))
                            .clicked()
                        {
                            send(Intent::View(Step::Back));
                        }
                        if ui
                            .add_enabled(table.viewing.is_some(), egui::Button::new("▶"))
                            .on_hover_text(tr.t("chess.step_forward"))
                            .clicked()
                        {
                            send(Intent::View(Step::Forward));
                        }
                        let can_undo = table.game.as_ref().and_then(|g| g.undo_size()).is_some()
                            && !busy
                            && table.viewing.is_none();
                        if ui
                            .add_enabled(can_undo, egui::Button::new(tr.t("chess.undo")))
                            .on_hover_text(tr.t("chess.undo.hint"))
                            .clicked()
                        {
                            send(Intent::Undo);
                        }
                    });
                });
        });
    if let Some(n) = table.viewing {
        egui::Area::new(egui::Id::new("chess-viewing"))
            .anchor(egui::Align2::CENTER_TOP, [0.0, 84.0])
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                panel_frame()
                    .fill(egui::Color32::from_rgba_unmultiplied(0x3a, 0x28, 0x12, 240))
                    .inner_margin(egui::Margin::symmetric(20, 10))
                    .show(ui, |ui| {
                        ui.horizontal(|ui| {
                            ui.label(
                                egui::RichText::new(tr.tf(
                                    "chess.viewing",
                                    &[("n", &n.to_string()), ("of", &list.len().to_string())],
                                ))
                                .size(18.0)
                                .color(style::BRASS),
                            );
                            if ui.button(tr.t("chess.back_to_game")).clicked() {
                                send(Intent::View(Step::ToGame));
                            }
                        });
                    });
            });
    }
}

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

/// The line of the bottom bar for `status`: an action still landing is told as such, so "your
/// turn" comes only once the engine's reply stands on the board.
pub fn turn_line(tr: &Tr, table: &Table, status: TurnStatus, dots: usize) -> String {
    let person_here = |c: Color| {
        table
            .game
            .as_ref()
            .is_some_and(|g| g.seat(c) == Seat::Person)
    };
    match status {
        TurnStatus::Landing(side) if person_here(side) && !table.hot_seat() => {
            tr.t("chess.turn.landing_you").to_string()
        }
        TurnStatus::Landing(side) => tr.tf(
            "chess.turn.landing",
            &[("who", &seat_name(tr, table, side))],
        ),
        TurnStatus::Waiting(side) => format!(
            "{}{}",
            tr.tf("chess.turn.engine", &[("who", &seat_name(tr, table, side))]),
            ".".repeat(dots)
        ),
        TurnStatus::Person(side) if table.hot_seat() => tr.tf(
            "chess.turn.hot",
            &[
                ("who", &seat_name(tr, table, side)),
                ("colour", &colour_word(tr, side)),
            ],
        ),
        TurnStatus::Person(_) if table.selected.is_some() => {
            tr.t("chess.turn.selected").to_string()
        }
        TurnStatus::Person(_) => tr.t("chess.turn.yours").to_string(),
    }
}

/// The bar at the bottom: whose turn, what to do, Heal, Resign.
pub(super) fn actions(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    panels: &mut ChessPanels,
    dots: usize,
    send: &mut impl FnMut(Intent),
) {
    let Some(game) = &table.game else {
        return;
    };
    if table.roll.is_some() || table.card.is_some() || game.state().window().is_some() {
        return;
    }
    let Some(status) = table.turn_status() else {
        return;
    };
    let above_hand = game.artifacts() && table.viewing.is_none();
    let line = turn_line(tr, table, status, dots);
    let heals = game
        .state()
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Heal { .. }))
        .count();
    egui::Area::new(egui::Id::new("chess-actions"))
        .anchor(
            egui::Align2::CENTER_BOTTOM,
            [0.0, if above_hand { -176.0 } else { -16.0 }],
        )
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(18, 10))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(egui::RichText::new(line).size(17.0).color(style::CREAM));
                        let ready = table.person_to_act();
                        if heals > 0 && ready {
                            let label = tr.tf("chess.heal", &[("n", &heals.to_string())]);
                            if ui
                                .add(egui::Button::new(egui::RichText::new(label).color(GREEN)))
                                .on_hover_text(tr.t("chess.heal.hint"))
                                .clicked()
                            {
                                send(Intent::Heal(None));
                            }
                        }
                        if ready && let Some(cancel) = super::cards::cancel_offer(game.state()) {
                            let card = game
                                .state()
                                .cancelable()
                                .map(|c| tr.say(&c.explain()))
                                .unwrap_or_default();
                            if ui
                                .add(egui::Button::new(
                                    egui::RichText::new(
                                        tr.tf("chess.cancel_offer", &[("card", &card)]),
                                    )
                                    .color(GREEN),
                                ))
                                .clicked()
                            {
                                send(Intent::Act(cancel));
                            }
                        }
                        if panels.confirm_resign {
                            ui.label(
                                egui::RichText::new(tr.t("chess.resign.sure"))
                                    .size(15.0)
                                    .color(RED),
                            );
                            if ui.button(tr.t("chess.resign.yes")).clicked() {
                                panels.confirm_resign = false;
                                send(Intent::Resign);
                            }
                            if ui.button(tr.t("chess.resign.no")).clicked() {
                                panels.confirm_resign = false;
                            }
                        } else if ui
                            .add_enabled(
                                table.phase == Phase::Play && !table.animating(),
                                egui::Button::new(tr.t("chess.resign")),
                            )
                            .clicked()
                        {
                            panels.confirm_resign = true;
                        }
                    });
                });
        });
}

/// The promotion chooser: rook, bishop or knight.
pub(super) fn promotion(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    send: &mut impl FnMut(Intent),
) {
    let Some(choices) = &table.promotion else {
        return;
    };
    egui::Area::new(egui::Id::new("chess-promotion"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(tr.t("chess.promote.title"))
                            .size(24.0)
                            .color(style::BRASS),
                    );
                    ui.horizontal(|ui| {
                        for (role, key) in
                            [(Role::Rook, "R"), (Role::Bishop, "B"), (Role::Knight, "N")]
                        {
                            let offered = choices
                                .iter()
                                .any(|a| crate::app::chess::table::promotion_of(a) == Some(role));
                            let text = format!("{} ({key})", capital(&tr.say(&role.explain())));
                            if ui.add_enabled(offered, big_button(text)).clicked() {
                                send(Intent::Promote(role));
                            }
                        }
                    });
                    ui.label(
                        egui::RichText::new(tr.t("chess.promote.back"))
                            .size(13.0)
                            .color(style::MUTED),
                    );
                });
            });
        });
}

/// Why the game ended, as a sentence to the person here: "You resigned" against the engine,
/// "Player 1 (white) resigned" at a hot seat, else the rules' reason ("Mate").
pub fn ending_line(tr: &Tr, table: &Table, ending: Ending) -> String {
    match ending {
        Ending::Resigned(side) if !table.hot_seat() && side == table.colour => {
            tr.t("chess.ending.you_resigned").to_string()
        }
        Ending::Resigned(side) => tr.tf(
            "chess.ending.resigned_who",
            &[(
                "who",
                &format!("{} ({})", seat_name(tr, table, side), colour_word(tr, side)),
            )],
        ),
        Ending::Rules(_) => capital(&tr.say(&ending.explain())),
    }
}

/// The end: who won and why, and a new game.
pub(super) fn end(ctx: &egui::Context, tr: &Tr, table: &Table, send: &mut impl FnMut(Intent)) {
    let Some(game) = &table.game else {
        return;
    };
    let Some(ending) = game.ending() else {
        return;
    };
    if table.animating() || table.viewing.is_some() {
        return;
    }
    let person = table.colour;
    let headline = match ending.winner() {
        None => tr.t("chess.end_banner.draw").to_string(),
        Some(w) if !table.hot_seat() && w == person => tr.t("chess.end_banner.you_win").to_string(),
        Some(_) if !table.hot_seat() => tr.t("chess.end_banner.you_lose").to_string(),
        Some(w) => tr.tf(
            "chess.end_banner.wins",
            &[
                ("who", &seat_name(tr, table, w)),
                ("colour", &colour_word(tr, w)),
            ],
        ),
    };
    let won = table.hot_seat() || ending.winner() == Some(person);
    egui::Area::new(egui::Id::new("chess-end"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -16.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_width(480.0);
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(headline)
                            .size(34.0)
                            .color(if won { style::BRASS } else { style::ASH })
                            .strong(),
                    );
                    ui.label(
                        egui::RichText::new(ending_line(tr, table, ending))
                            .size(19.0)
                            .color(style::CREAM),
                    );
                    ui.label(
                        egui::RichText::new(tr.tf(
                            "chess.end_banner.actions",
                            &[("n", &game.len().to_string())],
                        ))
                        .size(15.0)
                        .color(style::MUTED),
                    );
                    ui.add_space(10.0);
                    if ui.add(big_button(tr.t("chess.end_banner.new"))).clicked() {
                        send(Intent::NewGame);
                    }
                    ui.label(
                        egui::RichText::new(tr.t("chess.end_banner.history"))
                            .size(13.0)
                            .color(style::MUTED),
                    );
                });
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Strings};

    fn tr(lang: Lang) -> Tr {
        Tr(Strings::new(lang))
    }

    fn game_against(opponent: Seat) -> Table {
        let mut t = Table::default();
        let instant = Timing::INSTANT;
        t.handle(Intent::Artifacts(false), 0, &instant).unwrap();
        t.handle(Intent::Choose(opponent), 0, &instant).unwrap();
        t.handle(Intent::Start, 1, &instant).unwrap();
        t.handle(Intent::RandomArmy, 2, &instant).unwrap();
        t.handle(Intent::Ready, 3, &instant).unwrap();
        if opponent == Seat::Person {
            t.handle(Intent::TakeOver, 0, &instant).unwrap();
            t.handle(Intent::RandomArmy, 4, &instant).unwrap();
            t.handle(Intent::Ready, 5, &instant).unwrap();
        }
        assert_eq!(t.phase, Phase::Play);
        t
    }

    #[test]
    fn an_action_still_landing_is_not_told_as_your_turn() {
        let t = game_against(Seat::Bot(crate::ai::Level::Normal));
        let en = tr(Lang::En);
        let yours = en.t("chess.turn.yours").to_string();
        let engine = turn_line(&en, &t, TurnStatus::Landing(Color::Black), 0);
        assert_eq!(engine, "Engine (normal) moves…");
        let own = turn_line(&en, &t, TurnStatus::Landing(Color::White), 0);
        assert_eq!(own, "Your move is landing…");
        assert_eq!(
            turn_line(&en, &t, TurnStatus::Person(Color::White), 0),
            yours
        );
        for lang in Lang::ALL {
            let tr = tr(lang);
            let yours = tr.t("chess.turn.yours");
            for side in [Color::White, Color::Black] {
                let line = turn_line(&tr, &t, TurnStatus::Landing(side), 0);
                assert_ne!(line, yours, "{}", lang.code());
                assert!(
                    line.chars().next().is_some_and(char::is_uppercase),
                    "{line}"
                );
            }
        }
    }

    #[test]
    fn a_resignation_is_told_as_a_sentence_naming_who() {
        let mut t = game_against(Seat::Bot(crate::ai::Level::Easy));
        t.handle(Intent::Resign, 0, &Timing::INSTANT).unwrap();
        let ending = t.game.as_ref().and_then(|g| g.ending()).unwrap();
        assert_eq!(ending, Ending::Resigned(Color::White));
        let said: Vec<String> = Lang::ALL
            .iter()
            .map(|l| ending_line(&tr(*l), &t, ending))
            .collect();
        assert_eq!(said, ["You resigned", "Você desistiu", "Вы сдались"]);
        let mut h = game_against(Seat::Person);
        h.handle(Intent::Resign, 0, &Timing::INSTANT).unwrap();
        let ending = h.game.as_ref().and_then(|g| g.ending()).unwrap();
        assert_eq!(ending, Ending::Resigned(Color::White));
        assert_eq!(
            ending_line(&tr(Lang::En), &h, ending),
            "Player 1 (white) resigned"
        );
        // A rules' ending starts with a capital too.
        let mate = Ending::Rules(crate::rules::chess::End::Mate {
            winner: Color::Black,
        });
        for lang in Lang::ALL {
            let line = ending_line(&tr(lang), &t, mate);
            assert!(
                line.chars().next().is_some_and(char::is_uppercase),
                "{line}"
            );
        }
    }
}
