//! The Snēlab table's panels (egui): the lobby (table, opponent, purse, Sit down, Books, Reset
//! all), the coin flip, the bar at the bottom (whose turn, the engine thinking, the payment's
//! running sum with Confirm and Cancel), the purse and move list, the badges over the court
//! ("can't pay", paid/cost, ✓, the Counters' names), the verdict banner and the books.

use super::table::{Capture, Intent, Opponent, Phase, Pick, Refusal, Settled, Table};
use super::view::square_pos;
use super::{EngineSeat, SnelabIntent, SnelabTable};
use crate::app::save::Tr;
use crate::app::screens::Screen;
use crate::app::style::{self, big_button, panel_frame};
use crate::rules::GameKind;
use crate::rules::snelab::purse::{
    CaseEnd, Coin, LedgerEntry, OpenedBy, STAKE, SitError, TableKind,
};
use crate::rules::snelab::{Piece, Rank, Reason, RuleError, Side, Square};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// What the panels have open.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SnelabPanels {
    pub books: bool,
    /// Reset all asks once more before it empties the books.
    pub confirm_reset: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SnelabPanels>().add_systems(
        EguiPrimaryContextPass,
        table_ui.run_if(in_state(Screen::Table(GameKind::Snelab))),
    );
}

const GREEN: egui::Color32 = egui::Color32::from_rgb(0x6c, 0xe0, 0x74);
const RED: egui::Color32 = egui::Color32::from_rgb(0xf0, 0x5a, 0x48);

fn side_name(tr: &Tr, side: Side) -> &str {
    match side {
        Side::South => tr.t("snelab.south"),
        Side::North => tr.t("snelab.north"),
    }
}

/// The words for a refusal, in the player's language.
pub fn refusal_text(tr: &Tr, r: Refusal) -> String {
    match r {
        Refusal::NotNow => tr.t("snelab.refused.not_now").to_string(),
        Refusal::NotYours(sq) => tr.tf("snelab.refused.not_yours", &[("square", &sq.to_string())]),
        Refusal::NothingSelected => tr.t("snelab.refused.nothing_selected").to_string(),
        Refusal::Unreachable(sq) => {
            tr.tf("snelab.refused.unreachable", &[("square", &sq.to_string())])
        }
        Refusal::CantPay(sq) => tr.tf("snelab.refused.cant_pay", &[("square", &sq.to_string())]),
        Refusal::BadPayer(sq) => tr.tf("snelab.refused.bad_payer", &[("square", &sq.to_string())]),
        Refusal::Short { paid, cost } => tr.tf(
            "snelab.refused.short",
            &[("paid", &paid.to_string()), ("cost", &cost.to_string())],
        ),
        Refusal::CannotSit(SitError::NotEnough { have, need }) => tr.tf(
            "snelab.cannot_sit",
            &[("have", &have.to_string()), ("need", &need.to_string())],
        ),
        Refusal::CannotSit(SitError::CaseOpen { .. }) => {
            tr.t("snelab.refused.case_open").to_string()
        }
        Refusal::Rule(RuleError::CaseOver) => tr.t("snelab.refused.case_over").to_string(),
        Refusal::Rule(e) => tr.tf("snelab.refused.rule", &[("why", &e.to_string())]),
    }
}

fn reason_text(tr: &Tr, end: CaseEnd) -> &str {
    match end {
        CaseEnd::Verdict(Reason::Bench) => tr.t("snelab.reason.bench"),
        CaseEnd::Verdict(Reason::NoLegalAction) => tr.t("snelab.reason.no_move"),
        CaseEnd::Resigned => tr.t("snelab.reason.resigned"),
        CaseEnd::Abandoned => tr.t("snelab.reason.abandoned"),
    }
}

/// A date for the books, in UTC: `2026-11-29 18:40`.
pub fn date_time(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rem / 3600,
        (rem % 3600) / 60
    )
}

#[allow(clippy::too_many_arguments)]
fn table_ui(
    mut contexts: EguiContexts,
    time: Res<Time>,
    tr: Res<Tr>,
    mut table: ResMut<SnelabTable>,
    seat: Res<EngineSeat>,
    mut panels: ResMut<SnelabPanels>,
    mut intents: MessageWriter<SnelabIntent>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut send = |i: Intent| {
        intents.write(SnelabIntent(i));
    };
    let camera = cameras.single().ok();
    badges(ctx, &tr, &table, camera);
    side_panel(ctx, &tr, &table);
    match &table.phase {
        Phase::Lobby => {
            // The lobby edits the table's setup directly: it is only read when the case opens.
            let mut setup = table.setup;
            lobby(ctx, &tr, &table, &mut setup, &mut panels, &mut send);
            if setup != table.setup {
                table.setup = setup;
            }
        }
        Phase::Flip { coin, left } => coin_flip(ctx, &tr, &table, *coin, *left),
        Phase::Play => play_bar(ctx, &tr, &table, &seat, time.elapsed_secs(), &mut send),
        Phase::Verdict(s) => {
            if table.busy <= 0.0 {
                verdict(ctx, &tr, &table, s, &mut panels, &mut send);
            }
        }
    }
    if panels.books {
        books(ctx, &tr, &table, &mut panels);
    }
    Ok(())
}

fn lobby(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    setup: &mut super::table::Setup,
    panels: &mut SnelabPanels,
    send: &mut impl FnMut(Intent),
) {
    egui::Area::new(egui::Id::new("snelab-lobby"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 10.0])
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_width(500.0);
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(tr.t("snelab.lobby.title"))
                            .size(30.0)
                            .color(style::BRASS)
                            .strong(),
                    );
                    ui.label(
                        egui::RichText::new(tr.tf(
                            "snelab.purse",
                            &[("coins", &table.purse.coins().to_string())],
                        ))
                        .size(22.0)
                        .color(style::CREAM),
                    );
                });
                ui.add_space(10.0);
                ui.label(egui::RichText::new(tr.t("snelab.lobby.table")).color(style::MUTED));
                for (kind, name, line) in [
                    (TableKind::Casino, "snelab.casino", "snelab.casino.line"),
                    (TableKind::Street, "snelab.street", "snelab.street.line"),
                ] {
                    let chosen = setup.table == kind;
                    let text = egui::RichText::new(format!("{} — {}", tr.t(name), tr.t(line)))
                        .color(if chosen { style::CREAM } else { style::MUTED });
                    if ui.radio(chosen, text).clicked() {
                        setup.table = kind;
                    }
                }
                ui.add_space(8.0);
                ui.label(egui::RichText::new(tr.t("snelab.lobby.opponent")).color(style::MUTED));
                ui.horizontal_wrapped(|ui| {
                    for o in Opponent::ALL {
                        if ui
                            .selectable_label(setup.opponent == o, tr.t(o.key()))
                            .clicked()
                        {
                            setup.opponent = o;
                        }
                    }
                });
                ui.add_space(6.0);
                ui.checkbox(&mut setup.backward, tr.t("snelab.lobby.appeal"));
                ui.add_space(12.0);
                let sit = table.purse.sit_check();
                ui.vertical_centered(|ui| {
                    if let Err(e) = sit {
                        ui.label(
                            egui::RichText::new(refusal_text(tr, Refusal::CannotSit(e))).color(RED),
                        );
                    } else {
                        let opens = if table.purse.needs_coin_flip() {
                            tr.t("snelab.lobby.coin_next").to_string()
                        } else {
                            let o = table.purse.opening(Coin::Heads).opener;
                            tr.tf("snelab.lobby.loser_opens", &[("side", side_name(tr, o))])
                        };
                        ui.label(egui::RichText::new(opens).color(style::MUTED));
                    }
                    ui.add_space(4.0);
                    let button = big_button(tr.tf("snelab.sit", &[("stake", &STAKE.to_string())]));
                    if ui.add_enabled(sit.is_ok(), button).clicked() {
                        send(Intent::Sit);
                    }
                    ui.add_space(6.0);
                    ui.horizontal(|ui| {
                        if table.purse.books().is_empty() {
                            ui.add_enabled(false, egui::Button::new(tr.t("snelab.books")));
                        } else if ui.button(tr.t("snelab.books")).clicked() {
                            panels.books = !panels.books;
                        }
                        reset_button(ui, tr, table, panels, send, sit.is_err());
                    });
                });
            });
        });
}

fn reset_button(
    ui: &mut egui::Ui,
    tr: &Tr,
    table: &Table,
    panels: &mut SnelabPanels,
    send: &mut impl FnMut(Intent),
    urgent: bool,
) {
    if panels.confirm_reset {
        ui.label(
            egui::RichText::new(tr.tf(
                "snelab.reset.ask",
                &[("coins", &table.purse.start().to_string())],
            ))
            .color(style::CREAM),
        );
        if ui.button(tr.t("snelab.reset.yes")).clicked() {
            panels.confirm_reset = false;
            send(Intent::ResetAll);
        }
        if ui.button(tr.t("snelab.reset.no")).clicked() {
            panels.confirm_reset = false;
        }
    } else {
        let text = egui::RichText::new(tr.t("snelab.reset"));
        let text = if urgent {
            text.color(style::BRASS).strong()
        } else {
            text
        };
        if ui.button(text).clicked() {
            panels.confirm_reset = true;
        }
    }
}

fn coin_flip(ctx: &egui::Context, tr: &Tr, table: &Table, coin: Coin, left: f32) {
    let total = table.timing.flip.max(0.01);
    let t = (1.0 - left / total).clamp(0.0, 1.0);
    egui::Area::new(egui::Id::new("snelab-coin"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_width(360.0);
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(tr.t("snelab.coin.title"))
                            .size(24.0)
                            .color(style::BRASS),
                    );
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(160.0, 150.0), egui::Sense::hover());
                    // The coin spins fast, slows, and lands on its face in the last third.
                    let spin = if t < 0.7 {
                        let s = t / 0.7;
                        (s * (2.0 - s)) * 9.0 * std::f32::consts::PI
                    } else {
                        9.0 * std::f32::consts::PI
                    };
                    let width = spin.cos().abs().max(0.08);
                    let hop = (t.min(0.7) / 0.7 * std::f32::consts::PI).sin() * 40.0;
                    let centre = rect.center() + egui::vec2(0.0, 10.0 - hop);
                    let landed = t >= 0.7;
                    let face_heads = if landed {
                        coin == Coin::Heads
                    } else {
                        (spin / std::f32::consts::PI) as i32 % 2 == 0
                    };
                    let painter = ui.painter();
                    let r = 48.0;
                    let shape = egui::epaint::EllipseShape {
                        center: centre,
                        radius: egui::vec2(r * width, r),
                        fill: egui::Color32::from_rgb(0xc9, 0x98, 0x3e),
                        stroke: egui::Stroke::new(3.0, egui::Color32::from_rgb(0x8a, 0x62, 0x22)),
                        angle: 0.0,
                    };
                    painter.add(shape);
                    if width > 0.45 {
                        painter.text(
                            centre,
                            egui::Align2::CENTER_CENTER,
                            if face_heads { "☉" } else { "⚖" },
                            egui::FontId::proportional(40.0 * width),
                            egui::Color32::from_rgb(0x5a, 0x3c, 0x12),
                        );
                    }
                    if landed {
                        let (face, opener) = match coin {
                            Coin::Heads => (tr.t("snelab.coin.heads"), Side::South),
                            Coin::Tails => (tr.t("snelab.coin.tails"), Side::North),
                        };
                        ui.label(
                            egui::RichText::new(tr.tf(
                                "snelab.coin.result",
                                &[("face", face), ("side", side_name(tr, opener))],
                            ))
                            .size(20.0)
                            .color(style::CREAM),
                        );
                    } else {
                        ui.label(egui::RichText::new(" ").size(20.0));
                    }
                });
            });
        });
}

fn turn_line(tr: &Tr, table: &Table, seat: &EngineSeat, t: f32) -> String {
    let mover = table.pos.to_move();
    if table.setup.opponent == Opponent::Person {
        return tr.tf("snelab.turn.side", &[("side", side_name(tr, mover))]);
    }
    if mover == Table::YOU {
        tr.t("snelab.turn.yours").to_string()
    } else if seat.is_thinking() || table.busy <= 0.0 {
        let dots = ".".repeat(1 + (t * 2.5) as usize % 3);
        format!("{}{dots}", tr.t("snelab.turn.thinking"))
    } else {
        tr.t("snelab.turn.theirs").to_string()
    }
}

fn play_bar(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    seat: &EngineSeat,
    t: f32,
    send: &mut impl FnMut(Intent),
) {
    egui::Area::new(egui::Id::new("snelab-bar"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -14.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(20, 10))
                .show(ui, |ui| {
                    ui.set_min_width(560.0);
                    ui.vertical_centered(|ui| {
                        if let Pick::Paying { state, .. } = &table.pick {
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
                            ui.horizontal(|ui| {
                                ui.label(
                                    egui::RichText::new(sum).size(24.0).color(colour).strong(),
                                );
                                ui.add_space(16.0);
                                let confirm = egui::Button::new(
                                    egui::RichText::new(tr.t("snelab.pay.confirm")).size(20.0),
                                )
                                .min_size(egui::vec2(130.0, 34.0));
                                if ui.add_enabled(state.is_complete(), confirm).clicked() {
                                    send(Intent::Confirm);
                                }
                                let cancel = egui::Button::new(
                                    egui::RichText::new(tr.t("snelab.pay.cancel")).size(20.0),
                                )
                                .min_size(egui::vec2(130.0, 34.0));
                                if ui.add(cancel).clicked() {
                                    send(Intent::Cancel);
                                }
                            });
                            ui.label(
                                egui::RichText::new(tr.t("snelab.pay.hint"))
                                    .size(14.0)
                                    .color(style::MUTED),
                            );
                        } else {
                            ui.label(
                                egui::RichText::new(turn_line(tr, table, seat, t))
                                    .size(22.0)
                                    .color(style::CREAM),
                            );
                            if let (Pick::Idle, Some(c)) = (&table.pick, &table.last_capture) {
                                ui.label(
                                    egui::RichText::new(capture_line(tr, c))
                                        .size(16.0)
                                        .color(style::BRASS),
                                );
                            }
                            let hint = match (&table.pick, table.actions.is_empty()) {
                                (Pick::Selected { .. }, _) => {
                                    tr.t("snelab.hint.selected").to_string()
                                }
                                (_, true) => opened_line(tr, table),
                                _ => tr.t("snelab.hint.idle").to_string(),
                            };
                            ui.label(egui::RichText::new(hint).size(14.0).color(style::MUTED));
                        }
                    });
                });
        });
}

fn rank_name(tr: &Tr, rank: Rank) -> &str {
    match rank {
        Rank::Bailiff => tr.t("snelab.rank.bailiff"),
        Rank::Advocate => tr.t("snelab.rank.advocate"),
        Rank::Barrister => tr.t("snelab.rank.barrister"),
        Rank::Justice => tr.t("snelab.rank.justice"),
    }
}

/// "North took the Barrister (3) on f6, paying Bailiff (1) on a7 + Advocate (2) on b7".
fn capture_line(tr: &Tr, c: &Capture) -> String {
    let piece = |sq: Square, p: Piece| format!("{} ({}) {sq}", rank_name(tr, p.rank), p.weight());
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

fn opened_line(tr: &Tr, table: &Table) -> String {
    let Some(case) = table.case else {
        return String::new();
    };
    let side = side_name(tr, case.opening.opener);
    match case.opening.by {
        OpenedBy::CoinFlip(_) => tr.tf("snelab.opened.coin", &[("side", side)]),
        OpenedBy::LastLoser => tr.tf("snelab.opened.loser", &[("side", side)]),
    }
}

fn side_panel(ctx: &egui::Context, tr: &Tr, table: &Table) {
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
                    if let Some(case) = table.case {
                        let kind = match case.table {
                            TableKind::Casino => tr.t("snelab.casino"),
                            TableKind::Street => tr.t("snelab.street"),
                        };
                        ui.label(
                            egui::RichText::new(tr.tf(
                                "snelab.on_table",
                                &[("table", kind), ("stake", &STAKE.to_string())],
                            ))
                            .size(14.0)
                            .color(style::MUTED),
                        );
                        let vs = tr.t(table.setup.opponent.key());
                        ui.label(
                            egui::RichText::new(tr.tf("snelab.versus", &[("who", vs)]))
                                .size(14.0)
                                .color(style::MUTED),
                        );
                    }
                    let in_case = matches!(table.phase, Phase::Play | Phase::Verdict(_));
                    if table.actions.is_empty() || !in_case {
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

fn verdict(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    s: &Settled,
    panels: &mut SnelabPanels,
    send: &mut impl FnMut(Intent),
) {
    let won = s.winner == s.your_side;
    let hot_seat = table.setup.opponent == Opponent::Person;
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
    let coins = match (s.table, won) {
        (TableKind::Casino, true) => tr.tf(
            "snelab.verdict.casino_win",
            &[("collected", &s.collected.to_string())],
        ),
        (TableKind::Casino, false) => tr.tf(
            "snelab.verdict.casino_loss",
            &[("stake", &STAKE.to_string())],
        ),
        (TableKind::Street, true) => tr.tf(
            "snelab.verdict.street_win",
            &[("net", &s.collected.saturating_sub(STAKE).to_string())],
        ),
        (TableKind::Street, false) => tr.tf(
            "snelab.verdict.street_loss",
            &[("stake", &STAKE.to_string())],
        ),
    };
    egui::Area::new(egui::Id::new("snelab-verdict"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, -20.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_width(520.0);
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(tr.t("snelab.verdict.title"))
                            .size(18.0)
                            .color(style::MUTED),
                    );
                    ui.label(
                        egui::RichText::new(headline)
                            .size(36.0)
                            .color(if won || hot_seat {
                                style::BRASS
                            } else {
                                style::ASH
                            })
                            .strong(),
                    );
                    ui.label(
                        egui::RichText::new(format!(
                            "{} — {}",
                            side_name(tr, s.winner),
                            reason_text(tr, s.end)
                        ))
                        .color(style::CREAM),
                    );
                    ui.add_space(8.0);
                    ui.label(
                        egui::RichText::new(coins)
                            .size(24.0)
                            .color(if won { GREEN } else { RED })
                            .strong(),
                    );
                    ui.label(
                        egui::RichText::new(
                            tr.tf("snelab.purse", &[("coins", &s.purse_after.to_string())]),
                        )
                        .size(18.0)
                        .color(style::CREAM),
                    );
                    ui.add_space(10.0);
                    if ui.add(big_button(tr.t("snelab.next_case"))).clicked() {
                        send(Intent::NextCase);
                    }
                    ui.add_space(6.0);
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(
                                !table.purse.books().is_empty(),
                                egui::Button::new(tr.t("snelab.books")),
                            )
                            .clicked()
                        {
                            panels.books = !panels.books;
                        }
                        reset_button(ui, tr, table, panels, send, !table.purse.can_sit());
                    });
                });
            });
        });
}

fn books(ctx: &egui::Context, tr: &Tr, table: &Table, panels: &mut SnelabPanels) {
    let mut open = true;
    egui::Window::new(tr.t("snelab.books.title"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [16.0, 84.0])
        .frame(panel_frame().inner_margin(egui::Margin::same(12)))
        .show(ctx, |ui| {
            ui.set_width(290.0);
            let entries: &[LedgerEntry] = table.purse.books();
            egui::ScrollArea::vertical()
                .max_height(380.0)
                .show(ui, |ui| {
                    egui::Grid::new("snelab-books")
                        .striped(true)
                        .spacing([8.0, 4.0])
                        .show(ui, |ui| {
                            for h in [
                                "snelab.books.case",
                                "snelab.books.when",
                                "snelab.books.winner",
                                "snelab.books.purse",
                            ] {
                                ui.label(
                                    egui::RichText::new(tr.t(h)).color(style::MUTED).size(14.0),
                                );
                            }
                            ui.end_row();
                            for e in entries.iter().rev() {
                                ui.label(format!("{}", e.case));
                                ui.label(egui::RichText::new(date_time(e.finished_at)).size(13.0));
                                let who = if e.winner == e.your_side {
                                    tr.t("snelab.books.you")
                                } else {
                                    tr.t("snelab.books.house_player")
                                };
                                ui.label(who).on_hover_text(reason_text(tr, e.end));
                                ui.label(
                                    egui::RichText::new(e.purse_after.to_string())
                                        .color(style::BRASS),
                                );
                                ui.end_row();
                            }
                        });
                });
        });
    if !open {
        panels.books = false;
    }
}

/// Where a point of the table shows on the screen, in egui's points.
fn on_screen(camera: Option<(&Camera, &GlobalTransform)>, p: Vec3) -> Option<egui::Pos2> {
    let (camera, transform) = camera?;
    let v = camera.world_to_viewport(transform, p).ok()?;
    Some(egui::pos2(v.x, v.y))
}

fn badge(ctx: &egui::Context, id: String, at: egui::Pos2, text: String, colour: egui::Color32) {
    egui::Area::new(egui::Id::new(id))
        .fixed_pos(at)
        .pivot(egui::Align2::CENTER_CENTER)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(0x1c, 0x12, 0x0b, 225))
                .stroke(egui::Stroke::new(1.5, colour))
                .corner_radius(egui::CornerRadius::same(8))
                .inner_margin(egui::Margin::symmetric(7, 2))
                .show(ui, |ui| {
                    ui.label(egui::RichText::new(text).size(15.0).color(colour).strong());
                });
        });
}

/// The words over the court: "can't pay", the paid/cost badge, the ✓ on chosen payers, and
/// the names of the two Counters as the near player sees them.
fn badges(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    camera: Option<(&Camera, &GlobalTransform)>,
) {
    let court = table.pos.court();
    let above = |sq: Square, up: f32| on_screen(camera, square_pos(court, sq) + Vec3::Y * up);
    let hot_seat = table.setup.opponent == Opponent::Person;
    if table.phase == Phase::Lobby {
        return;
    }
    // The Counters, named from the near side.
    let mid = (court.width() - 1) / 2;
    let (near, far) = if hot_seat {
        (
            tr.t("snelab.row.south_counter"),
            tr.t("snelab.row.north_counter"),
        )
    } else {
        (
            tr.t("snelab.row.your_counter"),
            tr.t("snelab.row.your_bench"),
        )
    };
    for (row, text, dz) in [(0u8, near, 1.02f32), (court.height() - 1, far, -1.02)] {
        let p = square_pos(court, Square::new(mid, row)) + Vec3::new(0.0, 0.0, dz);
        if let Some(at) = on_screen(camera, p) {
            egui::Area::new(egui::Id::new(("snelab-row", row)))
                .fixed_pos(at)
                .pivot(egui::Align2::CENTER_CENTER)
                .interactable(false)
                .order(egui::Order::Background)
                .show(ctx, |ui| {
                    egui::Frame::new()
                        .fill(egui::Color32::from_rgba_unmultiplied(0x1c, 0x12, 0x0b, 170))
                        .corner_radius(egui::CornerRadius::same(6))
                        .inner_margin(egui::Margin::symmetric(8, 1))
                        .show(ui, |ui| {
                            ui.label(egui::RichText::new(text).size(14.0).color(style::ASH));
                        });
                });
        }
    }
    if table.busy > 0.0 || table.phase != Phase::Play {
        return;
    }
    match &table.pick {
        Pick::Selected { reach, .. } => {
            for sq in &reach.cant_pay {
                if let Some(at) = above(*sq, 0.5) {
                    badge(
                        ctx,
                        format!("cant-{sq}"),
                        at,
                        tr.t("snelab.cant_pay").to_string(),
                        RED,
                    );
                }
            }
        }
        Pick::Paying {
            to, chosen, state, ..
        } => {
            if let Some(at) = above(*to, 0.55) {
                let text = format!("{} / {}", state.paid, state.cost);
                let colour = if state.is_complete() { GREEN } else { RED };
                badge(ctx, "paid-cost".into(), at, text, colour);
            }
            for sq in chosen {
                if let Some(at) = above(*sq, 0.45) {
                    badge(ctx, format!("tick-{sq}"), at, "✔".into(), GREEN);
                }
            }
        }
        Pick::Idle => {}
    }
}
