//! The online table's panels, written once for any game that plays at a server: the lobby's
//! part (the server, your name, open a table with or without a bot to fill the seat, or join
//! one by its code, or return to a seat kept on this device), the waiting panel with the join
//! code, and the link's line that is always on show at the online table (connecting,
//! connected, reconnecting, the other player away, the session lost), with the table's time
//! control, both banks under a bank, and how many watch. During a game: Offer a draw and
//! Take back for a game's bar, or there the other seat's offer to accept or decline
//! ([`offer_buttons`]); at the end: Rematch for a game's end banner ([`rematch`]).

use super::link::{GoOnline, Online};
use super::online::{Ask, OnlineTable, clock_text, control_text, link_message, seat_name};
use super::panel::{Panel, opponent_key};
use crate::app::style::{self, CentrePanel, big_button, panel_frame};
use crate::i18n::Tr;
use crate::net::client::{Link, Lost, Request};
use crate::net::protocol::{
    BotLevel, CODE_LEN, OfferKind, SeatKind, SeatView, Side, TimeControl, normalise_code,
};
use crate::play::Seat;
use bevy::prelude::Resource;
use bevy_egui::egui;

/// What the lobby's online part holds while the player fills it in (one for every game: the
/// name and the code typed stay when the player looks at another game's lobby).
#[derive(Resource, Debug, Clone, PartialEq, Eq, Default)]
pub struct OnlineForm {
    pub name: String,
    pub code: String,
    /// Whether a bot of this level may take the seat if nobody joins.
    pub bot_fill: Option<BotLevel>,
    /// The time control of a table opened here (60 s a turn until chosen).
    pub control: Option<TimeControl>,
    /// Whether a table opened here is listed in the lobby (and on the watch list).
    pub public: bool,
    /// Whether a table opened here is rated (a bot in the other seat plays it casual).
    pub rated: bool,
}

/// The choices for the empty seat: nobody, or a bot of each level.
const FILLS: [Option<BotLevel>; 4] = [
    None,
    Some(BotLevel::Easy),
    Some(BotLevel::Normal),
    Some(BotLevel::Hard),
];

/// A fill's name: "nobody", or the game's own name for the bot of that level.
fn fill_name(tr: &Tr, game: &str, fill: Option<BotLevel>) -> String {
    match fill {
        None => tr.t("online.fill.none").to_string(),
        Some(level) => tr
            .t(&opponent_key(game, Seat::Bot(level.into())))
            .to_string(),
    }
}

/// The lobby's online part of the table `T`; what the player chose, if anything. `server` is
/// the address in the settings, edited in place.
pub fn lobby_part<T: Online>(
    ui: &mut egui::Ui,
    tr: &Tr,
    table: &T,
    form: &mut OnlineForm,
    server: &mut String,
) -> Option<GoOnline> {
    let game = T::GAME.cli_name();
    let mut go = None;
    ui.vertical_centered(|ui| {
        style::title(ui, tr.t("online.title"), 30.0);
        // A seat kept from an earlier run: back to it first.
        if let Some(seat) = table.saved_seat()
            && let Some(request) = &seat.request
        {
            if ui
                .add(big_button(tr.tf("online.return", &[("code", &seat.code)])))
                .clicked()
            {
                go = Some(GoOnline {
                    game: T::GAME,
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
    // On a compact screen (a large interface scale) each label stands over its field, in
    // the panel's width; elsewhere the labels and fields are two columns.
    let compact = style::compact(ui.ctx());
    let field = if compact {
        ui.available_width().min(250.0)
    } else {
        250.0
    };
    let mut form_rows = |ui: &mut egui::Ui, end: &dyn Fn(&mut egui::Ui)| {
        ui.label(tr.t("settings.server"));
        ui.add(
            egui::TextEdit::singleline(server)
                .char_limit(crate::settings::MAX_SERVER_CHARS)
                .hint_text(crate::settings::DEFAULT_SERVER)
                .desired_width(field),
        );
        end(ui);
        ui.label(tr.t("online.your_name"));
        ui.add(
            egui::TextEdit::singleline(&mut form.name)
                .char_limit(crate::net::protocol::MAX_NAME_CHARS)
                .desired_width(field),
        );
        end(ui);
        ui.label(tr.t("online.time"));
        let control = form.control.unwrap_or(TimeControl::Turn { seconds: 60 });
        // Wrapped in the compact panel's width; in the grid's cell, on one line.
        let line = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(compact);
        ui.with_layout(line, |ui| {
            egui::ComboBox::from_id_salt((game, "online-control"))
                .selected_text(control_text(tr, control))
                .width(150.0)
                .show_ui(ui, |ui| {
                    for c in TimeControl::PRESETS {
                        if ui
                            .selectable_label(c == control, control_text(tr, c))
                            .clicked()
                        {
                            form.control = Some(c);
                        }
                    }
                });
            ui.add_space(8.0);
            ui.checkbox(&mut form.public, tr.t("lobby.public"))
                .on_hover_text(tr.t("lobby.public_line"));
            ui.checkbox(&mut form.rated, tr.t("online.rated"))
                .on_hover_text(tr.t("online.rated_line"));
        });
        end(ui);
        ui.label(tr.t("online.fill"));
        egui::ComboBox::from_id_salt((game, "online-fill"))
            .selected_text(fill_name(tr, game, form.bot_fill))
            .width(field)
            .show_ui(ui, |ui| {
                for fill in FILLS {
                    ui.selectable_value(&mut form.bot_fill, fill, fill_name(tr, game, fill));
                }
            });
        end(ui);
    };
    if compact {
        ui.vertical(|ui| form_rows(ui, &|ui: &mut egui::Ui| ui.add_space(4.0)));
    } else {
        egui::Grid::new((game, "online-form"))
            .num_columns(2)
            .spacing([14.0, 8.0])
            .show(ui, |ui| form_rows(ui, &|ui: &mut egui::Ui| ui.end_row()));
    }
    let url = if server.trim().is_empty() {
        crate::settings::DEFAULT_SERVER.to_string()
    } else {
        server.trim().to_string()
    };
    let asked = |request: Request| GoOnline {
        game: T::GAME,
        request,
        url: url.clone(),
        back: None,
    };
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr.t("online.open")).clicked() {
            go = Some(asked(Request::Create {
                game: T::GAME,
                options: table.table_options(),
                clock: None,
                bot_fill: form.bot_fill,
                name: form.name.trim().to_string(),
                control: form.control,
                public: form.public,
                rated: form.rated,
            }));
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
            go = Some(asked(Request::Join {
                code,
                name: form.name.trim().to_string(),
            }));
        }
    });
    go
}

/// Waiting at the server: the code to give the other player, the bot's countdown, the link,
/// and Leave (the table's [`Online::leave`]).
pub fn waiting<T: Online>(p: Panel<T>) {
    let (ctx, tr, table, send) = p.parts();
    let Some(online) = table.online() else {
        return;
    };
    CentrePanel::new("online-waiting", 460.0).show(ctx, |ui| {
        style::title(ui, tr.t("online.title"), 26.0);
        ui.add_space(6.0);
        match (&online.code, &online.request) {
            (Some(code), Request::Create { .. }) => {
                ui.label(egui::RichText::new(tr.t("online.code_is")).color(style::MUTED));
                ui.label(
                    egui::RichText::new(shown_code(code))
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
            (_, Request::Spectate { code }) => {
                ui.label(
                    egui::RichText::new(tr.tf("online.watch.waiting", &[("code", code)]))
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
        link_line(ui, tr, online, true);
        ui.add_space(8.0);
        if ui.add(big_button(tr.t("online.leave"))).clicked() {
            send(T::leave());
        }
    });
}

/// A table's code as it is read aloud: two groups of three ("K7M-2QX").
fn shown_code(code: &str) -> String {
    let cut = code.char_indices().nth(3).map_or(code.len(), |(at, _)| at);
    format!("{}-{}", &code[..cut], &code[cut..])
}

/// The link's line at the online table of `T`, always on show while playing: in the top bar,
/// between the game's name and its buttons, so the notices below it never cover it.
pub fn status<T: Online>(ctx: &egui::Context, tr: &Tr, table: &T) {
    let Some(online) = table.online() else {
        return;
    };
    egui::Area::new(egui::Id::new((T::GAME.cli_name(), "online-status")))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 16.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(16, 12))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        if online.spectating() {
                            watching_line(ui, tr, online);
                            return;
                        }
                        // Under a bank both clocks take the place of the code and of the other
                        // player's presence (the dot before their clock), so the strip stays
                        // clear of the corners in every language; the rest is a hover away.
                        let banks = online.banks.is_some() && online.seats.is_some();
                        link_line(ui, tr, online, !banks);
                        if let Some(code) = &online.code
                            && !banks
                        {
                            ui.separator();
                            ui.label(
                                egui::RichText::new(tr.tf("online.table_code", &[("code", code)]))
                                    .color(style::MUTED),
                            );
                        }
                        time_line(ui, tr, online);
                        if online.watchers > 0 {
                            ui.separator();
                            let n = online.watchers.to_string();
                            ui.label(
                                egui::RichText::new(tr.tf("online.watching", &[("count", &n)]))
                                    .color(style::MUTED),
                            );
                        }
                    });
                    // Who plays, on a line of its own under the strip (where there is anything
                    // to say: a rated table, or players with keys).
                    if shows_players(online) {
                        ui.horizontal(|ui| players_line(ui, tr, online));
                    }
                });
        });
}

/// A spectator's strip: "Watching", the table's code, the link when it is not up, both
/// banks under a bank, and how many watch (this device among them).
fn watching_line(ui: &mut egui::Ui, tr: &Tr, online: &OnlineTable) {
    ui.label(egui::RichText::new("◉").color(style::BRASS));
    ui.label(style::brass(tr.t("online.watch.label"), 16.0).strong());
    if let Some(code) = &online.code {
        ui.separator();
        ui.label(
            egui::RichText::new(tr.tf("online.table_code", &[("code", code)])).color(style::MUTED),
        );
    }
    if online.link != Link::Connected {
        ui.separator();
        link_line(ui, tr, online, false);
    }
    time_line(ui, tr, online);
    ui.separator();
    let n = online.watchers.max(1).to_string();
    ui.label(egui::RichText::new(tr.tf("online.watching", &[("count", &n)])).color(style::MUTED));
}

/// Who plays, where a name is not enough: each person's rating at this game (`1500?` while
/// provisional) and the short fingerprint of their key, so that two players of one name are
/// told apart; "Rated" at a rated table. Nothing at a table of people without keys.
fn players_line(ui: &mut egui::Ui, tr: &Tr, online: &OnlineTable) {
    let Some(seats) = online.seats.as_ref() else {
        return;
    };
    let keyed: Vec<&SeatView> = seats.iter().filter(|s| s.fingerprint.is_some()).collect();
    if online.rated {
        ui.label(style::brass(tr.t("online.rated"), 14.0).strong());
    }
    for (i, s) in keyed.into_iter().enumerate() {
        if i > 0 || online.rated {
            ui.separator();
        }
        let name = if s.you {
            tr.t("online.you").to_string()
        } else {
            tr.say(&seat_name(s))
        };
        ui.label(egui::RichText::new(name).color(style::CREAM));
        if let Some(r) = s.rating {
            ui.label(egui::RichText::new(r.shown()).color(style::BRASS))
                .on_hover_text(tr.t(if r.provisional {
                    "online.rating.provisional"
                } else {
                    "online.rating.line"
                }));
        }
        if let Some(f) = &s.fingerprint {
            ui.label(egui::RichText::new(f).size(11.0).color(style::MUTED))
                .on_hover_text(tr.t("online.fingerprint_line"));
        }
    }
}

/// Where the status strip ends, from the window's top: what a game puts under it starts
/// there (the strip has a second line for who plays at a rated table or with keys).
pub fn strip_bottom(online: &OnlineTable) -> f32 {
    if shows_players(online) { 100.0 } else { 74.0 }
}

/// Whether [`players_line`] has anything to show.
fn shows_players(online: &OnlineTable) -> bool {
    online.rated
        || online
            .seats
            .as_ref()
            .is_some_and(|s| s.iter().any(|s| s.fingerprint.is_some()))
}

/// A rated game's end: each player's new rating and its change, this seat's first.
pub fn rating_change(ui: &mut egui::Ui, tr: &Tr, online: &OnlineTable) {
    let (Some(change), Some(seats)) = (online.rating_change, online.seats.as_ref()) else {
        return;
    };
    let mine = online.my_seat().map_or(0, |s| s.index());
    ui.add_space(6.0);
    for i in [mine, 1 - mine] {
        let c = change[i];
        let who = if i == mine && online.my_seat().is_some() {
            tr.t("online.you").to_string()
        } else {
            tr.say(&seat_name(&seats[i]))
        };
        let delta = c.delta();
        let (sign, colour) = match delta.cmp(&0) {
            std::cmp::Ordering::Greater => ("+", style::GREEN),
            std::cmp::Ordering::Less => ("−", style::RED),
            std::cmp::Ordering::Equal => ("±", style::MUTED),
        };
        // One label of three colours, so that it centres like the banner's other lines.
        let mut job = egui::text::LayoutJob::default();
        let font = egui::FontId::proportional(15.0);
        let part = |job: &mut egui::text::LayoutJob, text: &str, color| {
            job.append(
                text,
                0.0,
                egui::TextFormat {
                    font_id: font.clone(),
                    color,
                    ..Default::default()
                },
            );
        };
        part(&mut job, &format!("{who}   "), style::CREAM);
        let now = tr.tf("online.rating.now", &[("rating", &c.after.shown())]);
        part(&mut job, &format!("{now}   "), style::BRASS);
        part(&mut job, &format!("{sign}{}", delta.abs()), colour);
        ui.label(job);
    }
}

/// The time control where the game's own clock does not say it (correspondence's days a
/// move; a turn's seconds the clock shows as ever), and under a bank both sides' time: this
/// seat's first, the awaited one's bright and running down.
fn time_line(ui: &mut egui::Ui, tr: &Tr, online: &OnlineTable) {
    if matches!(online.control, TimeControl::Days { .. }) {
        ui.separator();
        ui.label(egui::RichText::new(control_text(tr, online.control)).color(style::MUTED));
    }
    let (Some(banks), Some(seats)) = (online.banks, online.seats.as_ref()) else {
        return;
    };
    let mine = online.my_seat().map_or(0, |s| s.index());
    for i in [mine, 1 - mine] {
        let Some(side) = seats[i].colour else {
            continue;
        };
        let left = banks[match side {
            Side::Ash => 0,
            Side::Walnut => 1,
        }];
        let who = if i == mine && online.my_seat().is_some() {
            tr.t("online.you").to_string()
        } else {
            tr.say(&seat_name(&seats[i]))
        };
        let running = online.to_move == Some(side) && online.ended.is_none();
        ui.separator();
        if i != mine {
            // The other player's presence, as the dot the link's line has for it.
            let dot = if seats[i].connected {
                style::GREEN
            } else {
                style::AMBER
            };
            let key = if seats[i].connected {
                "online.present"
            } else {
                "online.away_now"
            };
            ui.label(egui::RichText::new("●").color(dot))
                .on_hover_text(tr.tf(key, &[("name", &who)]));
        }
        let colour = match (running, left <= 10.0) {
            (true, true) => style::RED,
            (true, false) => style::CREAM,
            (false, _) => style::MUTED,
        };
        let hover = match &online.code {
            Some(code) => format!(
                "{} · {}",
                control_text(tr, online.control),
                tr.tf("online.table_code", &[("code", code)])
            ),
            None => control_text(tr, online.control),
        };
        ui.label(egui::RichText::new(who).color(colour))
            .on_hover_text(hover);
        let clock = egui::RichText::new(clock_text(tr, left))
            .monospace()
            .color(colour);
        ui.label(if running { clock.strong() } else { clock });
    }
}

/// Offer a draw (where the game has draws) and Take back, for a game's bar at an online table
/// during play; this seat's own offer standing is said instead, and the other seat's offer is
/// put there to accept or decline, where the player looks. Nothing at a table here.
pub fn offer_buttons<T: Online>(
    ui: &mut egui::Ui,
    tr: &Tr,
    table: &T,
    send: &mut dyn FnMut(T::Intent),
) {
    let Some(online) = table.online() else {
        return;
    };
    if online.my_seat().is_none() || online.ended.is_some() {
        return;
    }
    if let Some(what) = online.offer_to_answer() {
        answer(ui, tr, online, what, send, T::ask, T::DRAWS);
        return;
    }
    if let Some(what) = online.my_offer() {
        let key = match what {
            OfferKind::Draw => "online.offer.draw_sent",
            OfferKind::Takeback => "online.offer.takeback_sent",
        };
        ui.label(style::muted(tr.t(key), 14.0));
        return;
    }
    if T::DRAWS
        && ui
            .add_enabled(
                online.may_offer(),
                egui::Button::new(tr.t("online.offer.draw")),
            )
            .clicked()
    {
        send(T::ask(Ask::Offer(OfferKind::Draw)));
    }
    if ui
        .add_enabled(
            online.may_take_back(T::undoable),
            egui::Button::new(tr.t("online.offer.takeback")),
        )
        .on_hover_text(tr.t("online.offer.takeback_hint"))
        .clicked()
    {
        send(T::ask(Ask::Offer(OfferKind::Takeback)));
    }
}

/// The other seat's standing offer in a game's bar, said in brass, with Accept and Decline.
fn answer<I>(
    ui: &mut egui::Ui,
    tr: &Tr,
    online: &OnlineTable,
    what: OfferKind,
    send: &mut dyn FnMut(I),
    ask: fn(Ask) -> I,
    draws: bool,
) {
    let name = online.other().map_or_else(
        || tr.t("seat.remote").to_string(),
        |o| tr.say(&seat_name(o)),
    );
    let key = match what {
        OfferKind::Draw => "online.offer.draw_from",
        OfferKind::Takeback => "online.offer.takeback_from",
    };
    ui.label(style::brass(tr.tf(key, &[("name", &name)]), 16.0).strong());
    // Snēlab has no draw: a draw offered there can only be declined.
    let can_accept = what == OfferKind::Takeback || draws;
    let accept =
        egui::Button::new(egui::RichText::new(tr.t("online.offer.accept")).color(style::GREEN));
    if ui.add_enabled(can_accept, accept).clicked() {
        send(ask(Ask::Answer(true)));
    }
    if ui.button(tr.t("online.offer.decline")).clicked() {
        send(ask(Ask::Answer(false)));
    }
}

/// Rematch, for a game's end banner at an online table: the button (Accept rematch when the
/// other player asks, with their request said above it), this seat's request waiting, or the
/// request lapsed. Nothing at a table here, or once the table has closed.
pub fn rematch<T: Online>(ui: &mut egui::Ui, tr: &Tr, table: &T, send: &mut dyn FnMut(T::Intent)) {
    let Some(online) = table.online() else {
        return;
    };
    if online.ended.is_none() {
        return;
    }
    rating_change(ui, tr, online);
    if online.my_seat().is_none() {
        return;
    }
    let name = online.other().map_or_else(
        || tr.t("seat.remote").to_string(),
        |o| tr.say(&seat_name(o)),
    );
    ui.add_space(8.0);
    if online.rematch_lapsed || (!online.may_rematch() && online.rematch != [false; 2]) {
        ui.label(style::muted(tr.t("online.rematch.lapsed"), 14.0));
        return;
    }
    if online.rematch_asked() {
        ui.label(style::cream(
            tr.tf("online.rematch.waiting", &[("name", &name)]),
            16.0,
        ));
        return;
    }
    let offered = online.rematch_offered();
    if offered {
        ui.label(style::brass(
            tr.tf("online.rematch.asks", &[("name", &name)]),
            18.0,
        ));
    }
    let words = if offered {
        tr.t("online.rematch.accept")
    } else {
        tr.t("online.rematch")
    };
    if ui
        .add_enabled(online.may_rematch(), big_button(words))
        .clicked()
    {
        send(T::ask(Ask::Rematch));
    }
}

/// A dot and words: the link, then (with `presence`) the other player's presence.
fn link_line(ui: &mut egui::Ui, tr: &Tr, online: &OnlineTable, presence: bool) {
    let colour = match &online.link {
        Link::Connected => style::GREEN,
        Link::Connecting | Link::Reconnecting { .. } => style::AMBER,
        Link::Lost(Lost::Finished | Lost::EndedAway) => style::MUTED,
        Link::Lost(_) => style::RED,
    };
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("●").color(colour));
        ui.label(egui::RichText::new(tr.say(&link_message(&online.link))).color(style::CREAM));
        if let Some(other) = online
            .other()
            .filter(|o| o.kind != SeatKind::Empty && presence)
        {
            ui.separator();
            let name = tr.say(&seat_name(other));
            let (dot, key) = if other.connected {
                (style::GREEN, "online.present")
            } else {
                (style::AMBER, "online.away_now")
            };
            ui.label(egui::RichText::new("●").color(dot));
            ui.label(egui::RichText::new(tr.tf(key, &[("name", &name)])).color(style::CREAM));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::shown_code;

    #[test]
    fn a_code_is_shown_in_two_groups_of_three() {
        assert_eq!(shown_code("K7M2QX"), "K7M-2QX");
        assert_eq!(shown_code("K7"), "K7-");
        assert_eq!(shown_code(""), "-");
    }
}
