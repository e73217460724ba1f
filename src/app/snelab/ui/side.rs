//! The side panel: the purse, the table and stake, the opponent, each side's Bar, Resign (for the person to act;
//! it asks first), and the move list.

use super::lobby::opponent_key;
use crate::app::snelab::table::{Intent, Table};
use crate::app::style::{self, panel_frame};
use crate::i18n::Tr;
use crate::play::snelab::purse::STAKE;
use crate::play::snelab::{Phase, Stakes};
use crate::rules::snelab::Side;
use bevy_egui::egui;

pub(super) fn side_panel(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    send: &mut impl FnMut(Intent),
) {
    egui::Area::new(egui::Id::new("snelab-side"))
        .anchor(egui::Align2::RIGHT_TOP, [-16.0, 84.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(16, 12))
                .show(ui, |ui| {
                    ui.set_width(210.0);
                    ui.label(
                        egui::RichText::new(tr.tf(
                            "snelab.purse",
                            &[("coins", &table.purse.coins().to_string())],
                        ))
                        .size(19.0)
                        .color(style::BRASS),
                    );
                    if let Some(case) = table.open_case().copied() {
                        let kind = match case.stakes {
                            Stakes::Casino => tr.t("snelab.casino"),
                            Stakes::Street => tr.t("snelab.street"),
                        };
                        ui.label(
                            egui::RichText::new(tr.tf(
                                "snelab.on_table",
                                &[("table", kind), ("stake", &STAKE.to_string())],
                            ))
                            .size(14.0)
                            .color(style::MUTED),
                        );
                        let vs = tr.t(opponent_key(table.setup.opponent));
                        ui.label(
                            egui::RichText::new(tr.tf("snelab.versus", &[("who", vs)]))
                                .size(14.0)
                                .color(style::MUTED),
                        );
                        // Each side's Bar: the pieces it still has and their weight.
                        ui.add_space(2.0);
                        let pos = table.pos();
                        let mut sides = [table.setup.owner, table.setup.owner.opponent()];
                        if table.setup.opponent == crate::play::Seat::Person {
                            sides = Side::BOTH;
                        }
                        for side in sides {
                            let key = if side == table.setup.owner
                                && table.setup.opponent != crate::play::Seat::Person
                            {
                                "snelab.bar.yours"
                            } else {
                                "snelab.bar.side"
                            };
                            ui.label(
                                egui::RichText::new(tr.tf(
                                    key,
                                    &[
                                        ("side", super::side_name(tr, side)),
                                        ("pieces", &pos.count(side).to_string()),
                                        ("weight", &pos.total_weight(side).to_string()),
                                    ],
                                ))
                                .size(14.0)
                                .color(style::ASH),
                            );
                        }
                        if table.phase() == Phase::Play {
                            ui.add_space(4.0);
                            let can = table.person_to_move() && !table.resigning;
                            let resign = egui::Button::new(
                                egui::RichText::new(tr.t("snelab.resign")).size(15.0),
                            );
                            if ui
                                .add_enabled(can, resign)
                                .on_hover_text(tr.t("snelab.resign.hint"))
                                .clicked()
                            {
                                send(Intent::AskResign);
                            }
                        }
                    }
                    let in_case = matches!(table.phase(), Phase::Play | Phase::Verdict(_));
                    if table.actions().is_empty() || !in_case {
                        return;
                    }
                    ui.separator();
                    ui.label(egui::RichText::new(tr.t("snelab.moves")).color(style::CREAM));
                    egui::ScrollArea::vertical()
                        .max_height(300.0)
                        .stick_to_bottom(true)
                        .show(ui, |ui| {
                            for line in table.move_list() {
                                ui.label(
                                    egui::RichText::new(line)
                                        .monospace()
                                        .size(14.0)
                                        .color(style::ASH),
                                );
                            }
                        });
                });
        });
}
