//! The verdict banner: the winner and why, what the case did to the purse (the net, and the
//! gross take where it helps: "You collect 22 of the 24; your purse +10"), the purse before and
//! after, Next case, Books and Reset all.

use super::Panel;
use super::lobby::books_and_reset;
use super::{GREEN, RED, SnelabPanels, focus_ring, side_name};
use crate::app::kit::panel;
use crate::app::snelab::table::Intent;
use crate::app::style::CentrePanel;
use crate::app::style::{self, big_button};
use crate::i18n::{Explain, Message, msg};
use crate::play::snelab::{CaseEnd, Settled, Stakes};
use crate::rules::snelab::Reason;
use bevy_egui::egui;

/// A purse's change with its sign: `+10`, `−12` (a true minus sign), `±0`.
fn signed(n: i64) -> String {
    match n {
        0 => "±0".into(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", n.unsigned_abs()),
    }
}

/// What the case did to the purse's owner, in one line: the gross take where there was one,
/// and always the net change of the purse (from before sitting down to after the verdict).
pub fn coins_line(s: &Settled) -> Message {
    let won = s.winner == s.your_side;
    let key = match (s.stakes, won) {
        (Stakes::Casino, true) => "snelab.verdict.casino_win",
        (Stakes::Casino, false) => "snelab.verdict.casino_loss",
        (Stakes::Street, true) => "snelab.verdict.street_win",
        (Stakes::Street, false) => "snelab.verdict.street_loss",
    };
    let m = msg(key).with("net", signed(s.net()));
    match (s.stakes, won) {
        (Stakes::Casino, true) => m.with("collected", s.collected).with("pot", s.stakes.pot()),
        (Stakes::Casino, false) => m
            .with("winnings", s.stakes.winnings())
            .with("house", s.stakes.house_cut()),
        (Stakes::Street, _) => m.with("pot", s.stakes.pot()),
    }
}

/// Why the case ended, naming the side it ended by: the winner that reached its Bench, the
/// loser that had no move or resigned.
pub fn reason_line(s: &Settled) -> Message {
    let (key, side) = match s.end {
        CaseEnd::Verdict(Reason::Bench) => ("snelab.verdict.bench", s.winner),
        CaseEnd::Verdict(Reason::NoLegalAction) => ("snelab.verdict.no_move", s.loser()),
        CaseEnd::Resigned => ("snelab.verdict.resigned", s.loser()),
        CaseEnd::Abandoned => return msg("snelab.verdict.abandoned"),
    };
    msg(key).with_words("side", side.explain())
}

pub(super) fn verdict(p: Panel, s: &Settled, panels: &mut SnelabPanels) {
    let (ctx, tr, table, send) = p.parts();
    let won = s.winner == s.your_side;
    let hot_seat = table.names_sides();
    let watching = table.watching();
    let headline = if hot_seat {
        tr.tf(
            "snelab.verdict.side_wins",
            &[("side", side_name(tr, s.winner))],
        )
    } else if won {
        tr.t("snelab.verdict.you_win").to_string()
    } else {
        tr.t("snelab.verdict.you_lose").to_string()
    };
    let net = s.net();
    CentrePanel::covering("snelab-verdict", 600.0, -20.0).show(ctx, |ui| {
        ui.label(style::muted(tr.t("snelab.verdict.title"), 18.0));
        panel::end_headline(ui, headline, 36.0, won || hot_seat);
        ui.label(egui::RichText::new(tr.say(&reason_line(s))).color(style::CREAM));
        ui.add_space(8.0);
        // A watched case is nobody's here: no coins change hands on this device.
        if !watching {
            ui.label(
                style::text(
                    tr.say(&coins_line(s)),
                    21.0,
                    match net {
                        n if n > 0 => GREEN,
                        n if n < 0 => RED,
                        _ => style::CREAM,
                    },
                )
                .strong(),
            );
            ui.label(style::cream(
                tr.tf(
                    "snelab.verdict.purse",
                    &[
                        ("before", &s.purse_before().to_string()),
                        ("after", &s.purse_after.to_string()),
                    ],
                ),
                18.0,
            ));
        }
        // The luck of the case: the only chance in it is who opened, when a coin (or the
        // online table's seed) said so.
        if matches!(
            s.opening.by,
            crate::play::snelab::OpenedBy::CoinFlip(_) | crate::play::snelab::OpenedBy::TableSeed
        ) {
            let side = side_name(tr, s.opening.opener);
            let who = if hot_seat || watching {
                side.to_string()
            } else if s.opening.opener == s.your_side {
                tr.tf("snelab.verdict.coin.you", &[("side", side)])
            } else {
                tr.tf("snelab.verdict.coin.other", &[("side", side)])
            };
            ui.add_space(4.0);
            ui.label(style::muted(
                tr.tf("snelab.verdict.coin", &[("who", &who)]),
                14.0,
            ));
        }
        if let Some((record, passed)) = table.told_record() {
            // Online: the seed revealed (the line that its fingerprint matches only when it
            // does) and the server's record, checked here.
            ui.add_space(6.0);
            if table.told_seed_matches() {
                ui.label(style::muted(tr.t("snelab.online.seed"), 14.0));
            } else {
                ui.label(style::text(tr.t("snelab.online.seed_mismatch"), 15.0, RED).strong());
            }
            let (key, colour) = if passed {
                ("snelab.online.verified", GREEN)
            } else {
                ("snelab.online.not_verified", RED)
            };
            ui.label(style::text(tr.t(key), 15.0, colour));
            if ui.button(tr.t("snelab.online.copy_record")).clicked() {
                ui.ctx().copy_text(record.to_string());
            }
        }
        crate::app::kit::online_panels::rematch(ui, tr, table, send);
        ui.add_space(10.0);
        let words = if watching {
            tr.t("online.leave")
        } else {
            tr.t("snelab.next_case")
        };
        let next = ui.add(big_button(words));
        focus_ring(ui, &next);
        if next.clicked() {
            send(Intent::NextCase);
        }
        // A case played here (not one watched or a lesson) opens as a replay to review.
        if !watching && table.host.is_none() && !table.session.learning() {
            ui.add_space(4.0);
            super::centred_row(ui, "verdict-replay", |ui| {
                let replay = ui.button(tr.t("replay.this"));
                focus_ring(ui, &replay);
                if replay.clicked() {
                    send(Intent::ReplayCase);
                }
                // The case's text record, on request (it is kept on the Games list too).
                let copy = ui.button(tr.t("games.copy_record"));
                focus_ring(ui, &copy);
                if copy.clicked() {
                    let seats = table.session.setup.seats();
                    let names = seats.map(crate::app::replay::archive::seat_name);
                    if let Some(record) = crate::play::snelab::record::LocalCase::from_session(
                        &table.session,
                        [&names[0], &names[1]],
                    ) {
                        ui.ctx().copy_text(record.to_text());
                    }
                }
            });
        }
        if watching {
            return;
        }
        let urgent = !table.purse.can_sit();
        books_and_reset(ui, "verdict", tr, table, panels, send, urgent);
    });
}
