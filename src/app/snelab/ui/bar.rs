//! The bar at the bottom during a case: whose turn, the engine thinking, the last capture and its
//! payment, hints, and while paying the running sum with Confirm and Cancel; and the question
//! "Resign this case?" over the court.

use super::Panel;
use super::{GREEN, RED, centred_row, side_name};
use crate::app::snelab::table::{Capture, Intent, Pick, Table};
use crate::app::style::CentrePanel;
use crate::app::style::{self, big_button};
use crate::i18n::{Explain, Tr, msg};
use crate::play::snelab::OpenedBy;
use crate::rules::snelab::{Piece, Square};
use bevy_egui::egui;

/// Whose turn the bar says it is. The turn shown passes only once the move's pieces have
/// landed ([`Table::shown_to_move`]): "North is thinking…" stays up while the engine's piece
/// slides, "Your move" while yours does.
pub(super) fn turn_line(tr: &Tr, table: &Table, t: f32) -> String {
    let mover = table.shown_to_move();
    if table.watching() {
        // A spectator: the player to move by name, the side beside it.
        let wire = match mover {
            crate::rules::snelab::Side::South => crate::net::protocol::Side::Ash,
            crate::rules::snelab::Side::North => crate::net::protocol::Side::Walnut,
        };
        if let Some(seat) = table.host.as_ref().and_then(|o| o.seat_playing(wire)) {
            let name = format!(
                "{} ({})",
                tr.say(&crate::app::kit::online::seat_name(seat)),
                side_name(tr, mover)
            );
            return tr.tf("snelab.turn.remote", &[("name", &name)]);
        }
    }
    if table.names_sides() {
        return tr.tf("snelab.turn.side", &[("side", side_name(tr, mover))]);
    }
    if mover == table.setup.owner {
        tr.t("snelab.turn.yours").to_string()
    } else if table.session.learning() {
        // A lesson's other side is the lesson's script, never an engine thinking; once done,
        // nothing more is played.
        use crate::app::learn::Teach;
        let done = table.coach().is_some_and(|c| c.done());
        tr.t(if done {
            "learn.turn.done"
        } else {
            "learn.turn.answer"
        })
        .to_string()
    } else if let Some(other) = table.host.as_ref().and_then(|o| o.other()) {
        // Online: a person (or the server's bot) on another device, not an engine here.
        let name = tr.say(&crate::app::kit::online::seat_name(other));
        tr.tf("snelab.turn.remote", &[("name", &name)])
    } else {
        let dots = ".".repeat(1 + (t * 2.5) as usize % 3);
        format!("{}{dots}", tr.t("snelab.turn.thinking"))
    }
}

/// The line under the turn: what a person can do now, why a lifted piece cannot go anywhere,
/// or, while the engine plays, what there is to do meanwhile. Never a hint for the person
/// while it is the engine's turn on screen.
pub(super) fn hint_line(tr: &Tr, table: &Table) -> String {
    let shown = table.shown_to_move();
    let persons_turn = table.hot_seat() || shown == table.setup.owner;
    if table.watching() {
        return tr.t("online.watch.hint").to_string();
    }
    match &table.pick {
        Pick::Selected { .. } if table.stuck().is_some() => tr.t("snelab.hint.stuck").to_string(),
        Pick::Selected { .. } => tr.t("snelab.hint.selected").to_string(),
        _ if table.actions().is_empty() && table.busy <= 0.0 => opened_line(tr, table),
        _ if !persons_turn && table.session.learning() => String::new(),
        _ if !persons_turn => tr.tf("snelab.hint.wait", &[("side", side_name(tr, shown))]),
        _ => tr.t("snelab.hint.idle").to_string(),
    }
}

pub(super) fn play_bar(p: Panel, t: f32) {
    let (ctx, tr, table, send) = p.parts();
    style::bottom_bar(ctx, "snelab-bar", 560.0, |ui| {
        if let Pick::Paying { state, .. } = &table.pick {
            if let Some(c) = shown_capture(table) {
                ui.label(style::brass(capture_line(tr, c), 15.0));
            }
            let sum = tr.tf(
                "snelab.pay.sum",
                &[
                    ("paid", &state.paid.to_string()),
                    ("cost", &state.cost.to_string()),
                ],
            );
            let colour = if state.is_complete() {
                GREEN
            } else {
                style::CREAM
            };
            // On a narrow screen the sum stands over the two buttons.
            let narrow = style::narrow(ctx);
            if narrow {
                ui.label(style::text(sum.clone(), 24.0, colour).strong());
            }
            ui.horizontal(|ui| {
                if !narrow {
                    ui.label(style::text(sum, 24.0, colour).strong());
                    ui.add_space(16.0);
                }
                let confirm =
                    egui::Button::new(egui::RichText::new(tr.t("snelab.pay.confirm")).size(20.0))
                        .min_size(egui::vec2(130.0, 34.0));
                if ui.add_enabled(state.is_complete(), confirm).clicked() {
                    send(Intent::Confirm);
                }
                let cancel =
                    egui::Button::new(egui::RichText::new(tr.t("snelab.pay.cancel")).size(20.0))
                        .min_size(egui::vec2(130.0, 34.0));
                if ui.add(cancel).clicked() {
                    send(Intent::Cancel);
                }
            });
            ui.label(style::muted(tr.t("snelab.pay.hint"), 14.0));
        } else {
            ui.label(style::cream(turn_line(tr, table, t), 22.0));
            if let Some(c) = shown_capture(table) {
                ui.label(style::brass(capture_line(tr, c), 16.0));
            }
            if let Some(stuck) = table.stuck() {
                ui.label(style::text(tr.say(&stuck.explain()), 17.0, RED).strong());
            }
            ui.label(style::muted(hint_line(tr, table), 14.0));
        }
        if let Some(line) = clock_line(tr, table) {
            ui.label(style::brass(line, 16.0));
        }
    });
}

/// Online: the server's clock for the side to act ("North to move: 0:42 left").
pub(super) fn clock_line(tr: &Tr, table: &Table) -> Option<String> {
    let left = table.host.as_ref()?.countdown?;
    let time = crate::app::kit::online::clock_text(tr, left);
    let side = side_name(tr, table.session.pos().to_move());
    Some(tr.tf(
        "snelab.online.time_left",
        &[("side", side), ("time", &time)],
    ))
}

/// The last capture, once its pieces have landed and left: the bar keeps saying it (whatever
/// is lifted meanwhile) until the next move is played.
pub(super) fn shown_capture(table: &Table) -> Option<&Capture> {
    table.last_capture.as_ref().filter(|_| table.busy <= 0.0)
}

/// "North took Barrister (3) f6, paying Bailiff (1) a7 + Advocate (2) b7".
pub(super) fn capture_line(tr: &Tr, c: &Capture) -> String {
    let piece = |sq: Square, p: Piece| {
        tr.say(
            &msg("snelab.piece_on")
                .with_words("rank", p.rank.explain())
                .with("weight", p.weight())
                .with("square", sq),
        )
    };
    let paid: Vec<String> = c.payers.iter().map(|(sq, p)| piece(*sq, *p)).collect();
    tr.tf(
        "snelab.took",
        &[
            ("side", side_name(tr, c.by)),
            ("piece", &piece(c.at, c.taken)),
            ("payment", &paid.join(" + ")),
        ],
    )
}

pub(super) fn opened_line(tr: &Tr, table: &Table) -> String {
    // A lesson's opening is the lesson's, not the table seed's.
    let Some(case) = table
        .open_case()
        .cloned()
        .filter(|_| !table.session.learning())
    else {
        return String::new();
    };
    let side = side_name(tr, case.opening.opener);
    match case.opening.by {
        OpenedBy::CoinFlip(_) => tr.tf("snelab.opened.coin", &[("side", side)]),
        OpenedBy::LastLoser => tr.tf("snelab.opened.loser", &[("side", side)]),
        OpenedBy::TableSeed => tr.tf("snelab.opened.seed", &[("side", side)]),
    }
}

/// "Resign this case?" over the court, for the side to act: Resign (Enter) settles it as that
/// side's loss, Cancel (Escape) goes back to the case.
pub(super) fn resign_question(p: Panel) {
    let (ctx, tr, table, send) = p.parts();
    // The purse is its owner's: the other person of a hot seat loses the case, not a stake.
    let line = match table.to_act() {
        Some(side) if side != table.setup.owner => {
            tr.tf("snelab.resign.line_side", &[("side", side_name(tr, side))])
        }
        _ => tr.t("snelab.resign.line").to_string(),
    };
    CentrePanel::covering("snelab-resign", 420.0, -30.0).show(ctx, |ui| {
        style::title(ui, tr.t("snelab.resign.title"), 30.0);
        ui.label(style::cream(line, 19.0));
        ui.add_space(12.0);
        centred_row(ui, "resign", |ui| {
            let yes = big_button(tr.t("snelab.resign.yes")).stroke(egui::Stroke::new(1.5, RED));
            if ui.add(yes).clicked() {
                send(Intent::Resign);
            }
            if ui.add(big_button(tr.t("snelab.resign.no"))).clicked() {
                send(Intent::Cancel);
            }
        });
        ui.add_space(4.0);
        ui.label(style::muted(tr.t("snelab.resign.keys"), 14.0));
    });
}
