//! The online table's panels: the lobby's part (the server, your name, open a table with or
//! without a bot to fill the seat, or join one by its code), the waiting panel with the join
//! code, and the link's line that is always on show at the online table (connecting,
//! connected, reconnecting, the other player away, the session lost).

use crate::app::hive::link::GoOnline;
use crate::app::hive::online::{OnlineTable, link_message, seat_name};
use crate::app::hive::{Intent, Table};
use crate::app::style::CentrePanel;
use crate::app::style::{self, big_button, panel_frame};
use crate::i18n::Tr;
use crate::net::client::{Link, Request};
use crate::net::protocol::{BotLevel, CODE_LEN, normalise_code};
use bevy::prelude::Resource;
use bevy_egui::egui;

/// What the lobby's online part holds while the player fills it in.
#[derive(Resource, Debug, Clone, PartialEq, Eq, Default)]
pub struct OnlineForm {
    pub name: String,
    pub code: String,
    /// Whether a bot of this level may take the seat if nobody joins.
    pub bot_fill: Option<BotLevel>,
}

const FILLS: [(Option<BotLevel>, &str); 4] = [
    (None, "online.fill.none"),
    (Some(BotLevel::Easy), "hive.opponent.easy"),
    (Some(BotLevel::Normal), "hive.opponent.normal"),
    (Some(BotLevel::Hard), "hive.opponent.hard"),
];

/// The lobby's online part; what the player chose, if anything.
pub(super) fn lobby_part(
    ui: &mut egui::Ui,
    tr: &Tr,
    table: &Table,
    form: &mut OnlineForm,
    server: &mut String,
) -> Option<GoOnline> {
    let mut go = None;
    ui.vertical_centered(|ui| {
        style::title(ui, tr.t("online.title"), 30.0);
        // A seat kept from an earlier run: back to it first.
        if let Some(seat) = &table.saved_seat
            && let Some(request) = &seat.request
        {
            if ui
                .add(big_button(tr.tf("online.return", &[("code", &seat.code)])))
                .clicked()
            {
                go = Some(GoOnline {
                    game: crate::rules::GameKind::Hive,
                    request: request.clone(),
                    url: seat.url.clone(),
                    back: Some(seat.clone()),
                });
            }
            ui.add_space(6.0);
        }
    });
    ui.label(
        egui::RichText::new(tr.t("online.line"))
            .size(14.0)
            .color(style::MUTED),
    );
    egui::Grid::new("hive-online-form")
        .num_columns(2)
        .spacing([14.0, 8.0])
        .show(ui, |ui| {
            ui.label(tr.t("settings.server"));
            ui.add(
                egui::TextEdit::singleline(server)
                    .char_limit(crate::settings::MAX_SERVER_CHARS)
                    .hint_text(crate::settings::DEFAULT_SERVER)
                    .desired_width(250.0),
            );
            ui.end_row();
            ui.label(tr.t("online.your_name"));
            ui.add(
                egui::TextEdit::singleline(&mut form.name)
                    .char_limit(crate::net::protocol::MAX_NAME_CHARS)
                    .desired_width(250.0),
            );
            ui.end_row();
            ui.label(tr.t("online.fill"));
            let chosen = FILLS
                .iter()
                .find(|(l, _)| *l == form.bot_fill)
                .map_or("online.fill.none", |(_, k)| k);
            egui::ComboBox::from_id_salt("hive-online-fill")
                .selected_text(tr.t(chosen))
                .width(250.0)
                .show_ui(ui, |ui| {
                    for (level, key) in FILLS {
                        ui.selectable_value(&mut form.bot_fill, level, tr.t(key));
                    }
                });
            ui.end_row();
        });
    let url = if server.trim().is_empty() {
        crate::settings::DEFAULT_SERVER.to_string()
    } else {
        server.trim().to_string()
    };
    ui.horizontal(|ui| {
        if ui.button(tr.t("online.open")).clicked() {
            go = Some(GoOnline {
                game: crate::rules::GameKind::Hive,
                request: Request::Create {
                    clock: None,
                    bot_fill: form.bot_fill,
                    name: form.name.trim().to_string(),
                },
                url: url.clone(),
                back: None,
            });
        }
        ui.separator();
        ui.label(tr.t("online.code"));
        ui.add(
            egui::TextEdit::singleline(&mut form.code)
                .char_limit(CODE_LEN + 4)
                .hint_text("K7M2QX")
                .desired_width(90.0),
        );
        let code = normalise_code(&form.code);
        if ui
            .add_enabled(
                code.len() == CODE_LEN,
                egui::Button::new(tr.t("online.join")),
            )
            .clicked()
        {
            go = Some(GoOnline {
                game: crate::rules::GameKind::Hive,
                request: Request::Join {
                    code,
                    name: form.name.trim().to_string(),
                },
                url: url.clone(),
                back: None,
            });
        }
    });
    go
}

/// Waiting at the server: the code to give the other player, the bot's countdown, the link.
pub(super) fn waiting(ctx: &egui::Context, tr: &Tr, table: &Table, send: &mut impl FnMut(Intent)) {
    let Some(online) = &table.online else {
        return;
    };
    CentrePanel::new("hive-online-waiting", 460.0).show(ctx, |ui| {
        style::title(ui, tr.t("online.title"), 26.0);
        ui.add_space(6.0);
        match (&online.code, &online.request) {
            (Some(code), Request::Create { .. }) => {
                ui.label(egui::RichText::new(tr.t("online.code_is")).color(style::MUTED));
                let shown = format!(
                    "{}-{}",
                    &code[..3.min(code.len())],
                    &code[3.min(code.len())..]
                );
                ui.label(
                    egui::RichText::new(shown)
                        .size(40.0)
                        .monospace()
                        .color(style::CREAM)
                        .strong(),
                );
                if ui.button(tr.t("online.copy_code")).clicked() {
                    ui.ctx().copy_text(code.clone());
                }
                ui.label(
                    egui::RichText::new(tr.t("online.give_code"))
                        .size(14.0)
                        .color(style::MUTED),
                );
            }
            (_, Request::Join { code, .. }) => {
                ui.label(
                    egui::RichText::new(tr.tf("online.joining", &[("code", code)]))
                        .color(style::CREAM),
                );
            }
            (None, _) => {}
        }
        if let Some(s) = online.bot_in {
            let secs = format!("{}", s.ceil().max(0.0) as u32);
            ui.label(
                egui::RichText::new(tr.tf("online.bot_in", &[("seconds", &secs)]))
                    .color(style::CREAM),
            );
        }
        ui.add_space(8.0);
        link_line(ui, tr, online);
        ui.add_space(8.0);
        if ui.add(big_button(tr.t("online.leave"))).clicked() {
            send(Intent::NewGame);
        }
    });
}

/// The link's line at the online table, always on show while playing.
pub(super) fn status(ctx: &egui::Context, tr: &Tr, table: &Table) {
    let Some(online) = &table.online else {
        return;
    };
    // In the top bar, between the game's name and its buttons: the notices below it (at the
    // top of the table) never cover it.
    egui::Area::new(egui::Id::new("hive-online-status"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 16.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(16, 12))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        link_line(ui, tr, online);
                        if let Some(code) = &online.code {
                            ui.separator();
                            ui.label(
                                egui::RichText::new(tr.tf("online.table_code", &[("code", code)]))
                                    .color(style::MUTED),
                            );
                        }
                    });
                });
        });
}

/// A dot and words: the link, then the other player's presence.
fn link_line(ui: &mut egui::Ui, tr: &Tr, online: &OnlineTable) {
    let amber = egui::Color32::from_rgb(0xf0, 0xb0, 0x48);
    let (colour, words) = match &online.link {
        Link::Connected => (super::GREEN, tr.say(&link_message(&online.link))),
        Link::Connecting | Link::Reconnecting { .. } => {
            (amber, tr.say(&link_message(&online.link)))
        }
        Link::Lost(crate::net::client::Lost::Finished) => {
            (style::MUTED, tr.say(&link_message(&online.link)))
        }
        Link::Lost(_) => (super::RED, tr.say(&link_message(&online.link))),
    };
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("●").color(colour));
        ui.label(egui::RichText::new(words).color(style::CREAM));
        if let Some(other) = online
            .other()
            .filter(|o| o.kind != crate::net::protocol::SeatKind::Empty)
        {
            ui.separator();
            let name = tr.say(&seat_name(other));
            let (dot, key) = if other.connected {
                (super::GREEN, "online.present")
            } else {
                (amber, "online.away_now")
            };
            ui.label(egui::RichText::new("●").color(dot));
            ui.label(egui::RichText::new(tr.tf(key, &[("name", &name)])).color(style::CREAM));
        }
    });
}
