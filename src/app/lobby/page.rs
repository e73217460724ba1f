//! The Online screen of the menu, in three pages (the lobby, the games to watch, your games),
//! and the "Your games" corner of the start screen.

use super::link::{LobbyLink, open_seat, server_url};
use super::{LobbyForm, Notify, Seats, Start};
use crate::app::identity::PlayerKey;
use crate::app::kit::choice;
use crate::app::kit::link::GoOnline;
use crate::app::kit::online::control_text;
use crate::app::kit::online::link_message;
use crate::app::kit::online_panels::OnlineForm;
use crate::app::player::{PlayerPage, Who};
use crate::app::save::{ActiveSettings, Notices, SaveStore};
use crate::app::screens::{MenuPage, Navigate};
use crate::app::style::{self, big_button, label_frame, panel_frame};
use crate::i18n::Tr;
use crate::launch::OnlinePage;
use crate::net::client::{Link, Request};
use crate::net::lobby::{GameRow, Lobby, Queue};
use crate::net::protocol::{
    BotLevel, CODE_LEN, GameKind, Listing, Phase, RatingView, Stakes, TableOptions, TimeControl,
    normalise_code,
};
use crate::net::seats::OwnSeat;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::time::Duration;

/// The games in the menu's order.
fn games() -> impl Iterator<Item = GameKind> {
    crate::app::TABLES.iter().map(|t| t.game)
}

fn game_name(tr: &Tr, game: GameKind) -> String {
    tr.t(&format!("game.{}.name", game.cli_name())).to_string()
}

/// A control as short as a button ("15 s", "3 min", "5+3", "1 day").
fn control_short(tr: &Tr, c: TimeControl) -> String {
    match c {
        TimeControl::Turn { seconds } if seconds >= 60 && seconds % 60 == 0 => {
            tr.tf("lobby.short.minutes", &[("n", &(seconds / 60).to_string())])
        }
        TimeControl::Turn { seconds } => {
            tr.tf("lobby.short.seconds", &[("n", &seconds.to_string())])
        }
        TimeControl::Bank { .. } => bank(c),
        TimeControl::Days { days: 1 } => tr.t("lobby.short.day").to_string(),
        TimeControl::Days { days } => tr.tf("lobby.short.days", &[("n", &days.to_string())]),
    }
}

/// A bank as players write it: minutes + increment seconds ("5+3").
fn bank(c: TimeControl) -> String {
    c.label()
}

/// A table's options in words ("Street table, appeal", "artifacts off"); empty for none.
fn options_words(tr: &Tr, game: GameKind, o: &TableOptions) -> String {
    match game {
        GameKind::Snelab => {
            let stakes = match o.stakes.unwrap_or_default() {
                Stakes::Casino => tr.t("lobby.option.casino"),
                Stakes::Street => tr.t("lobby.option.street"),
            };
            let appeal = if o.appeal.unwrap_or(true) {
                tr.t("lobby.option.appeal_on")
            } else {
                tr.t("lobby.option.appeal_off")
            };
            format!("{stakes} · {appeal}")
        }
        GameKind::Chess => {
            if o.artifacts.unwrap_or(true) {
                tr.t("lobby.option.artifacts_on").to_string()
            } else {
                tr.t("lobby.option.artifacts_off").to_string()
            }
        }
        GameKind::Hive => crate::app::hive::game_type_words(tr, o.hive_game_type()),
    }
}

/// Time left in words: days and hours, hours and minutes, or minutes and seconds.
pub fn left_words(tr: &Tr, d: Duration) -> String {
    let s = d.as_secs();
    let (days, hours, minutes) = (s / 86_400, s % 86_400 / 3600, s % 3600 / 60);
    if days > 0 {
        tr.tf(
            "lobby.left.days",
            &[("d", &days.to_string()), ("h", &hours.to_string())],
        )
    } else if hours > 0 {
        tr.tf(
            "lobby.left.hours",
            &[("h", &hours.to_string()), ("m", &minutes.to_string())],
        )
    } else {
        clock(d)
    }
}

/// "m:ss".
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

/// A name from a listing or a summary; a seat without one is "a player".
fn shown_name(tr: &Tr, name: &str) -> String {
    let n = name.trim();
    if n.is_empty() {
        tr.t("lobby.anonymous").to_string()
    } else {
        n.to_string()
    }
}

/// The link's dot and words, with what went wrong last while it tries again.
fn link_line(ui: &mut egui::Ui, tr: &Tr, lobby: &Lobby) {
    let colour = match &lobby.link {
        Link::Connected => style::GREEN,
        Link::Connecting | Link::Reconnecting { .. } => style::AMBER,
        Link::Lost(_) => style::RED,
    };
    let words = match (&lobby.link, &lobby.trouble) {
        (Link::Reconnecting { .. }, Some(why)) => tr.tf("lobby.unreachable", &[("why", why)]),
        (link, _) => tr.say(&link_message(link)),
    };
    ui.label(egui::RichText::new("●").color(colour));
    ui.add(egui::Label::new(style::muted(words, 15.0)).truncate());
}

/// What a frame of the Online screen asks for.
#[derive(Default)]
struct Asked {
    go: Vec<GoOnline>,
    nav: Vec<Navigate>,
    /// A player's page to open.
    player: Option<Who>,
    /// Why a seat at a Snēlab case may not be asked for now (the purse is short of the stake).
    snelab_refused: Option<crate::i18n::Message>,
    /// What a refused click is told.
    told: Vec<crate::i18n::Message>,
}

impl Asked {
    /// Whether a seat at `game` may be asked for (opened, joined or quick paired): not at
    /// Snēlab with less than the stake in the purse, which is told, and nothing is sent.
    fn may_sit(&mut self, game: GameKind) -> bool {
        match (&self.snelab_refused, game) {
            (Some(why), GameKind::Snelab) => {
                self.told.push(why.clone());
                false
            }
            _ => true,
        }
    }
}

/// A seat's player as a listing shows them: the name, the key's fingerprint beside it (small,
/// muted; a click opens their page) and their rating in the game.
fn who(
    ui: &mut egui::Ui,
    tr: &Tr,
    name: &str,
    fingerprint: Option<&String>,
    key: Option<&String>,
    rating: Option<&RatingView>,
    asked: &mut Asked,
) {
    ui.spacing_mut().item_spacing.x = 5.0;
    // The name is cut to leave room for the fingerprint and the rating after it, so that a
    // cell of fixed width holds all three.
    let gap = ui.spacing().item_spacing.x;
    let tail = fingerprint.map_or(0.0, |f| {
        style::words_width(ui, style::muted(f, 12.0).monospace(), egui::TextStyle::Body) + gap
    }) + rating.map_or(0.0, |r| {
        style::words_width(
            ui,
            style::ash(r.shown(), 15.0).monospace(),
            egui::TextStyle::Body,
        ) + gap
    });
    let room = (ui.available_width() - tail).max(40.0);
    ui.scope(|ui| {
        ui.set_max_width(room);
        ui.add(egui::Label::new(style::cream(shown_name(tr, name), 17.0)).truncate())
            .on_hover_text(shown_name(tr, name));
    });
    if let Some(f) = fingerprint {
        let link = ui
            .add(egui::Label::new(style::muted(f, 12.0).monospace()).sense(egui::Sense::click()))
            .on_hover_cursor(egui::CursorIcon::PointingHand)
            .on_hover_text(tr.t("lobby.their_page"));
        if link.clicked() {
            asked.player = Some(Who::seen(name, Some(f), key.map(String::as_str)));
        }
    }
    if let Some(r) = rating {
        ui.label(style::ash(r.shown(), 15.0).monospace());
    }
}

/// The player in `seat` of a listed table, as [`who`] shows them.
fn seated(ui: &mut egui::Ui, tr: &Tr, t: &Listing, seat: usize, asked: &mut Asked) {
    who(
        ui,
        tr,
        &t.names[seat],
        t.fingerprints[seat].as_ref(),
        t.keys[seat].as_ref(),
        t.ratings[seat].as_ref(),
        asked,
    );
}

/// The small "Rated" mark of a rated table.
fn rated_mark(ui: &mut egui::Ui, tr: &Tr) {
    label_frame(220, 6, (6, 1)).show(ui, |ui| {
        ui.label(style::brass(tr.t("lobby.rated_mark"), 13.0).strong());
    });
}

/// The Online screen.
#[allow(clippy::too_many_arguments)]
pub fn online_page(
    mut contexts: EguiContexts,
    page: Res<MenuPage>,
    tr: Res<Tr>,
    settings: Res<ActiveSettings>,
    options: Option<Res<crate::launch::LaunchOptions>>,
    seats: Res<Seats>,
    mut form: ResMut<LobbyForm>,
    mut name: ResMut<OnlineForm>,
    mut link: ResMut<LobbyLink>,
    mut notify: ResMut<Notify>,
    mut store: ResMut<SaveStore>,
    mut notices: ResMut<Notices>,
    mut go_online: MessageWriter<GoOnline>,
    mut go: MessageWriter<Navigate>,
    (mut key, mut player, snelab, mut change): (
        ResMut<PlayerKey>,
        ResMut<PlayerPage>,
        Option<Res<crate::app::snelab::SnelabTable>>,
        MessageWriter<crate::app::save::ChangeSettings>,
    ),
) -> Result {
    let MenuPage::Online(tab) = *page else {
        return Ok(());
    };
    // Ash & Walnut's game type is the settings' (the game's own lobby chooses it too).
    form.game_type = settings.0.hive_game_type;
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let body = (screen.height() - 200.0).max(220.0);
    let url = server_url(&settings, options.as_deref());
    let now = link.now();
    let mut asked = Asked {
        snelab_refused: snelab
            .as_deref()
            .and_then(|t| crate::app::snelab::online::seat_refusal(&t.purse)),
        ..Asked::default()
    };
    // On a compact screen (a larger interface scale, a small window) the tabs stand under the
    // title, and what is under them scrolls.
    style::page(ctx, "online-page", 1140.0, 24.0, |ui, compact| {
        let tabs = |ui: &mut egui::Ui, asked: &mut Asked| {
            for p in OnlinePage::ALL {
                let words = match p {
                    OnlinePage::Games => tr.tf(
                        "lobby.tab.games",
                        &[("count", &seats.0.tokens_at(&url).len().to_string())],
                    ),
                    _ => tr.t(&format!("lobby.tab.{}", p.name())).to_string(),
                };
                if choice(ui, p == tab, &words).clicked() && p != tab {
                    asked.nav.push(Navigate::Menu(MenuPage::Online(p)));
                }
            }
        };
        // On a narrow screen (a phone held upright) the title has its own line.
        let narrow = style::narrow(ui.ctx());
        if narrow {
            style::title(ui, tr.t("lobby.title"), 22.0);
        }
        ui.horizontal(|ui| {
            if !narrow {
                style::title(ui, tr.t("lobby.title"), if compact { 22.0 } else { 30.0 });
                ui.add_space(8.0);
            }
            if !compact {
                tabs(ui, &mut asked);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .add(style::page_button(tr.t("menu.back"), compact))
                    .clicked()
                {
                    asked.nav.push(Navigate::Menu(MenuPage::Main));
                }
                let mine = egui::Button::new(style::cream(tr.t("lobby.your_page"), 16.0))
                    .min_size(egui::vec2(0.0, if compact { 34.0 } else { 44.0 }));
                if ui
                    .add_enabled(key.identity.is_some(), mine)
                    .on_hover_text(key.fingerprint().unwrap_or_default())
                    .clicked()
                {
                    asked.player = Some(Who::me());
                }
                if !compact {
                    ui.add_space(2.0);
                    link_line(ui, &tr, &link.lobby);
                }
            });
        });
        if compact {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                tabs(ui, &mut asked);
                ui.add_space(8.0);
                link_line(ui, &tr, &link.lobby);
            });
        }
        ui.separator();
        let tab_ui = |ui: &mut egui::Ui| match tab {
            OnlinePage::Lobby => lobby_tab(
                ui, &tr, &mut form, &mut name, &mut link, &url, now, body, &mut asked,
            ),
            OnlinePage::Watch => watch_tab(ui, &tr, &link.lobby, &mut form, &url, body, &mut asked),
            OnlinePage::Games => {
                let mine = your_games(&seats, &link.lobby, &url);
                games_tab(ui, &tr, &mine, &name.name, now, body, &mut asked);
                super::notify::toggle(ui, &tr, &mut notify, &mut store, &mut notices);
            }
        };
        style::page_body(ui, tab_ui);
    });
    if form.game_type != settings.0.hive_game_type {
        let mut s = settings.0.clone();
        s.hive_game_type = form.game_type;
        change.write(crate::app::save::ChangeSettings(s));
    }
    // The name typed here is the player's display name.
    if name.name != key.name {
        key.name = name.name.clone();
        if let Err(e) = crate::app::identity::write_name(store.0.as_mut(), &key.name) {
            warn!("{e}");
            notices.push(tr.tf("key.name_save_failed", &[("why", &e.0)]));
        }
    }
    if let Some(w) = asked.player.take() {
        player.who = w;
        player.game = None;
        asked.nav.push(Navigate::Menu(MenuPage::Player));
    }
    for why in asked.told.drain(..) {
        notices.push_refusal(tr.say(&why));
    }
    go_online.write_batch(asked.go);
    go.write_batch(asked.nav);
    Ok(())
}

/// The open tables, the counts, and the quick game or a table to open.
#[allow(clippy::too_many_arguments)]
fn lobby_tab(
    ui: &mut egui::Ui,
    tr: &Tr,
    form: &mut LobbyForm,
    name: &mut OnlineForm,
    link: &mut LobbyLink,
    url: &str,
    now: Duration,
    body: f32,
    asked: &mut Asked,
) {
    if style::compact(ui.ctx()) {
        // One column: the quick game or a table to open, then the open tables (the page
        // scrolls them, not a box of their own).
        start_column(ui, tr, form, name, link, url, now, asked);
        ui.separator();
        tables_column(ui, tr, form, name, link, url, None, asked);
        return;
    }
    let width = ui.available_width();
    let right = (width * 0.385).clamp(300.0, 440.0);
    let left = width - right - 50.0;
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(left);
            tables_column(ui, tr, form, name, link, url, Some(body - 110.0), asked);
        });
        ui.separator();
        ui.vertical(|ui| {
            ui.set_width(right);
            start_column(ui, tr, form, name, link, url, now, asked);
        });
    });
}

/// The counts, the game filter and the open tables, in a box `height` high that scrolls (the
/// whole page scrolls where `None`).
#[allow(clippy::too_many_arguments)]
fn tables_column(
    ui: &mut egui::Ui,
    tr: &Tr,
    form: &mut LobbyForm,
    name: &OnlineForm,
    link: &LobbyLink,
    url: &str,
    height: Option<f32>,
    asked: &mut Asked,
) {
    counts(ui, tr, &link.lobby);
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        if choice(ui, form.filter.is_none(), tr.t("lobby.all_games")).clicked() {
            form.filter = None;
        }
        for g in games() {
            if choice(ui, form.filter == Some(g), &game_name(tr, g)).clicked() {
                form.filter = Some(g);
            }
        }
    });
    ui.add_space(4.0);
    open_tables(
        ui,
        tr,
        &link.lobby,
        form.filter,
        &name.name,
        url,
        height,
        asked,
    );
}

/// The quick game, or a table to open: the game, the name, the time control and its options.
#[allow(clippy::too_many_arguments)]
fn start_column(
    ui: &mut egui::Ui,
    tr: &Tr,
    form: &mut LobbyForm,
    name: &mut OnlineForm,
    link: &mut LobbyLink,
    url: &str,
    now: Duration,
    asked: &mut Asked,
) {
    ui.horizontal(|ui| {
        if choice(ui, form.start == Start::Quick, tr.t("lobby.quick")).clicked() {
            form.start = Start::Quick;
        }
        if choice(ui, form.start == Start::Open, tr.t("lobby.open")).clicked() {
            form.start = Start::Open;
        }
    });
    ui.add_space(6.0);
    let queued = link.lobby.queue != Queue::Idle;
    if form.start == Start::Quick && queued {
        waiting(ui, tr, link, now);
        return;
    }
    egui::Grid::new("lobby-start")
        .num_columns(2)
        .spacing([12.0, 8.0])
        .show(ui, |ui| {
            ui.label(style::muted(tr.t("lobby.game"), 16.0));
            egui::ComboBox::from_id_salt("lobby-game")
                .selected_text(game_name(tr, form.game))
                .width(230.0)
                .show_ui(ui, |ui| {
                    for g in games() {
                        ui.selectable_value(&mut form.game, g, game_name(tr, g));
                    }
                });
            ui.end_row();
            ui.label(style::muted(tr.t("online.your_name"), 16.0));
            ui.add(
                egui::TextEdit::singleline(&mut name.name)
                    .char_limit(crate::net::protocol::MAX_NAME_CHARS)
                    .hint_text(tr.t("lobby.anonymous"))
                    .desired_width(230.0),
            );
            ui.end_row();
        });
    ui.add_space(2.0);
    controls(ui, tr, &mut form.control);
    ui.label(style::cream(control_text(tr, form.control), 16.0));
    ui.add_space(4.0);
    match form.start {
        Start::Quick => {
            let up = link.lobby.link == Link::Connected;
            let proved = link.lobby.proved().is_some();
            // Ash & Walnut: paired only with someone seeking the same creatures.
            if form.game == GameKind::Hive
                && let Some(g) = crate::app::hive::creature_toggles(ui, tr, form.game_type)
            {
                form.game_type = g;
            }
            ui.horizontal_wrapped(|ui| {
                let mut rated = form.rated && proved;
                let tick =
                    ui.add_enabled(proved, egui::Checkbox::new(&mut rated, tr.t("lobby.rated")));
                if tick.changed() {
                    form.rated = rated;
                }
                let line = if proved {
                    "lobby.rated_line"
                } else {
                    "lobby.rated_unproved"
                };
                ui.label(style::muted(tr.t(line), 14.0));
            });
            ui.vertical_centered(|ui| {
                let find = ui.add_enabled(up, big_button(tr.t("lobby.find")));
                if find.clicked() && asked.may_sit(form.game) {
                    let sent =
                        link.lobby
                            .quick(form.game, form.control, form.game_type, form.rated);
                    link.outbox.extend(sent);
                }
                ui.label(style::muted(tr.t("lobby.quick_line"), 14.0));
            });
        }
        Start::Open => open_form(ui, tr, form, name, url, asked),
    }
}

/// "N online · M playing" for each game: one label each, so a narrow column wraps them.
fn counts(ui: &mut egui::Ui, tr: &Tr, lobby: &Lobby) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 22.0;
        for g in games() {
            let words = match lobby.count(g) {
                Some(c) => tr.tf(
                    "lobby.counts",
                    &[
                        ("online", &c.online.to_string()),
                        ("playing", &c.playing.to_string()),
                    ],
                ),
                None => "…".to_string(),
            };
            let mut job = egui::text::LayoutJob::default();
            let font = egui::FontId::proportional(15.0);
            job.append(
                &game_name(tr, g),
                0.0,
                egui::TextFormat::simple(font.clone(), style::BRASS),
            );
            job.append(&words, 8.0, egui::TextFormat::simple(font, style::CREAM));
            ui.add(egui::Label::new(job).wrap_mode(egui::TextWrapMode::Extend));
        }
    });
}

/// The open public tables (of one game or all): a click joins.
#[allow(clippy::too_many_arguments)]
fn open_tables(
    ui: &mut egui::Ui,
    tr: &Tr,
    lobby: &Lobby,
    filter: Option<GameKind>,
    name: &str,
    url: &str,
    height: Option<f32>,
    asked: &mut Asked,
) {
    let tables: Vec<&Listing> = lobby.tables(filter, Phase::Waiting).collect();
    if tables.is_empty() {
        ui.add_space(24.0);
        ui.vertical_centered(|ui| {
            let key = if lobby.listed {
                "lobby.no_open"
            } else {
                "lobby.listing"
            };
            ui.label(style::muted(tr.t(key), 17.0));
        });
        return;
    }
    let rows = |ui: &mut egui::Ui| {
        // Fixed columns, the words cut to fit (the whole words on hover): the list keeps
        // the column's width in every language.
        let narrow = style::narrow(ui.ctx());
        for (i, t) in tables.into_iter().enumerate() {
            style::stripe(i).show(ui, |ui| {
                // On a narrow screen in two lines: the game, its control and options; who
                // waits, and Join.
                let join = if narrow {
                    ui.horizontal(|ui| {
                        ui.label(style::brass(game_name(tr, t.game), 16.0));
                        ui.label(style::cream(control_short(tr, t.control), 16.0))
                            .on_hover_text(control_text(tr, t.control));
                        if t.rated {
                            rated_mark(ui, tr);
                        }
                        let options = options_words(tr, t.game, &t.options);
                        ui.add(egui::Label::new(style::muted(&options, 15.0)).truncate())
                            .on_hover_text(&options);
                    });
                    style::ended_by(
                        ui,
                        |ui| ui.button(tr.t("online.join")).clicked(),
                        |ui| seated(ui, tr, t, 0, asked),
                    )
                } else {
                    style::ended_by(
                        ui,
                        |ui| ui.button(tr.t("online.join")).clicked(),
                        |ui| {
                            let room = ui.available_width() - 4.0 * ui.spacing().item_spacing.x;
                            let widths = [0.22, 0.42, 0.11, 0.25].map(|f| room * f);
                            let cell = |ui: &mut egui::Ui, w: f32, text: egui::RichText| {
                                ui.allocate_ui_with_layout(
                                    egui::vec2(w, 30.0),
                                    egui::Layout::left_to_right(egui::Align::Center),
                                    |ui| {
                                        ui.set_width(w);
                                        ui.add(egui::Label::new(text).truncate())
                                    },
                                )
                                .inner
                            };
                            place(ui, widths[0], &mut |ui| {
                                ui.add(
                                    egui::Label::new(style::brass(game_name(tr, t.game), 16.0))
                                        .truncate(),
                                );
                            });
                            place(ui, widths[1], &mut |ui| {
                                seated(ui, tr, t, 0, asked);
                            });
                            cell(
                                ui,
                                widths[2],
                                style::cream(control_short(tr, t.control), 16.0),
                            )
                            .on_hover_text(control_text(tr, t.control));
                            place(ui, widths[3], &mut |ui| {
                                if t.rated {
                                    rated_mark(ui, tr);
                                }
                                ui.add(
                                    egui::Label::new(style::muted(
                                        options_words(tr, t.game, &t.options),
                                        15.0,
                                    ))
                                    .truncate(),
                                );
                            });
                        },
                    )
                };
                if join && asked.may_sit(t.game) {
                    asked.go.push(GoOnline {
                        game: t.game,
                        request: Request::Join {
                            code: t.code.clone(),
                            name: name.trim().to_string(),
                        },
                        url: url.to_string(),
                        back: None,
                    });
                    asked.nav.push(Navigate::Table(t.game));
                }
            });
        }
    };
    match height {
        Some(height) => {
            egui::ScrollArea::vertical()
                .id_salt("lobby-open")
                .max_height(height.max(120.0))
                .min_scrolled_height(height.max(120.0))
                .auto_shrink([false, true])
                .show(ui, rows);
        }
        None => rows(ui),
    }
}

/// `add` laid out from the left in a cell `w` points wide (the words in it cut to fit).
fn place(ui: &mut egui::Ui, w: f32, add: &mut dyn FnMut(&mut egui::Ui)) {
    ui.allocate_ui_with_layout(
        egui::vec2(w, 30.0),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_width(w);
            add(ui);
        },
    );
}

/// The presets, grouped: a turn, a bank with its increment, days a move.
fn controls(ui: &mut egui::Ui, tr: &Tr, control: &mut TimeControl) {
    type Of = fn(&TimeControl) -> bool;
    let groups: [(&str, Of); 3] = [
        ("lobby.kind.turn", |c| matches!(c, TimeControl::Turn { .. })),
        ("lobby.kind.bank", |c| matches!(c, TimeControl::Bank { .. })),
        ("lobby.kind.days", |c| matches!(c, TimeControl::Days { .. })),
    ];
    let compact = style::compact(ui.ctx());
    egui::Grid::new("lobby-controls")
        .num_columns(2)
        .spacing([8.0, 6.0])
        .show(ui, |ui| {
            for (key, of) in groups {
                ui.label(style::muted(tr.t(key), 16.0));
                // On a compact screen the presets wrap.
                let row = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(compact);
                ui.with_layout(row, |ui| {
                    ui.spacing_mut().item_spacing.x = 4.0;
                    for c in TimeControl::PRESETS.iter().filter(|c| of(c)) {
                        if choice(ui, *control == *c, &control_short(tr, *c)).clicked() {
                            *control = *c;
                        }
                    }
                });
                ui.end_row();
            }
        });
}

/// In the pairing queue: the wait counting up, the bot's offer, and the way out.
fn waiting(ui: &mut egui::Ui, tr: &Tr, link: &mut LobbyLink, now: Duration) {
    let lobby = &link.lobby;
    let (mut bot, mut stop) = (false, false);
    ui.vertical_centered(|ui| {
        ui.add_space(10.0);
        style::title(ui, tr.t("lobby.looking"), 24.0);
        if let Some((game, control)) = lobby.queue.asked() {
            let mut words = game_name(tr, game);
            if game == GameKind::Hive {
                let game_type = lobby.quick_game_type();
                words = format!(
                    "{words} · {}",
                    crate::app::hive::game_type_words(tr, game_type)
                );
            }
            ui.label(style::cream(
                format!("{words} · {}", control_text(tr, control)),
                17.0,
            ));
        }
        ui.add_space(6.0);
        let waited = lobby.waited(now).unwrap_or_default();
        ui.label(
            egui::RichText::new(clock(waited))
                .size(44.0)
                .monospace()
                .color(style::CREAM)
                .strong(),
        );
        ui.label(style::muted(tr.t("lobby.waited"), 15.0));
        ui.add_space(8.0);
        match &lobby.queue {
            Queue::Queued { offered: true, .. } => {
                ui.label(style::cream(tr.t("lobby.nobody_yet"), 17.0));
                bot = ui.add(big_button(tr.t("lobby.play_bot"))).clicked();
            }
            Queue::Queued { .. } => {
                if let Some(left) = lobby.bot_in(now) {
                    let secs = left.as_secs_f32().ceil() as u32;
                    ui.label(style::muted(
                        tr.tf("lobby.bot_in", &[("seconds", &secs.to_string())]),
                        16.0,
                    ));
                }
            }
            Queue::Bot { .. } => {
                ui.label(style::cream(tr.t("lobby.bot_coming"), 17.0));
            }
            Queue::Asked { .. } | Queue::Leaving { .. } | Queue::Idle => {}
        }
        ui.add_space(8.0);
        let can_leave = matches!(lobby.queue, Queue::Asked { .. } | Queue::Queued { .. });
        stop = ui
            .add_enabled(can_leave, egui::Button::new(tr.t("lobby.stop")))
            .clicked();
    });
    if bot {
        let sent = link.lobby.quick_bot(BotLevel::Normal);
        link.outbox.extend(sent);
    }
    if stop {
        let sent = link.lobby.unqueue();
        link.outbox.extend(sent);
    }
    ui.ctx().request_repaint_after(Duration::from_millis(250));
}

/// Opening a table: public or private, the game's options, and Open.
fn open_form(
    ui: &mut egui::Ui,
    tr: &Tr,
    form: &mut LobbyForm,
    name: &OnlineForm,
    url: &str,
    asked: &mut Asked,
) {
    ui.horizontal(|ui| {
        if choice(ui, form.public, tr.t("lobby.public")).clicked() {
            form.public = true;
        }
        if choice(ui, !form.public, tr.t("lobby.private")).clicked() {
            form.public = false;
        }
    });
    let line = if form.public {
        "lobby.public_line"
    } else {
        "lobby.private_line"
    };
    ui.label(style::muted(tr.t(line), 14.0));
    let mut options = TableOptions::default();
    match form.game {
        GameKind::Snelab => {
            ui.horizontal(|ui| {
                if choice(
                    ui,
                    form.stakes == Stakes::Casino,
                    tr.t("lobby.option.casino"),
                )
                .clicked()
                {
                    form.stakes = Stakes::Casino;
                }
                if choice(
                    ui,
                    form.stakes == Stakes::Street,
                    tr.t("lobby.option.street"),
                )
                .clicked()
                {
                    form.stakes = Stakes::Street;
                }
                ui.checkbox(&mut form.appeal, tr.t("lobby.option.appeal"));
            });
            options.stakes = Some(form.stakes);
            options.appeal = Some(form.appeal);
        }
        GameKind::Chess => {
            ui.checkbox(&mut form.artifacts, tr.t("lobby.option.artifacts"));
            options.artifacts = Some(form.artifacts);
        }
        GameKind::Hive => {
            if let Some(g) = crate::app::hive::creature_toggles(ui, tr, form.game_type) {
                form.game_type = g;
            }
            options.game_type = Some(form.game_type).filter(|g| !g.is_base());
        }
    }
    ui.add_space(4.0);
    ui.vertical_centered(|ui| {
        if ui.add(big_button(tr.t("lobby.open_button"))).clicked() && asked.may_sit(form.game) {
            asked.go.push(GoOnline {
                game: form.game,
                request: Request::Create {
                    game: form.game,
                    clock: None,
                    bot_fill: None,
                    name: name.name.trim().to_string(),
                    options,
                    control: Some(form.control),
                    public: form.public,
                    rated: false,
                },
                url: url.to_string(),
                back: None,
            });
            asked.nav.push(Navigate::Table(form.game));
        }
    });
}

/// Watch the table `code` of `game`: its table opens read-only.
fn watch(asked: &mut Asked, game: GameKind, code: String, url: &str) {
    asked.go.push(GoOnline {
        game,
        request: Request::Spectate { code },
        url: url.to_string(),
        back: None,
    });
    asked.nav.push(Navigate::Table(game));
}

/// A table to watch by its code: the label, the game (a listed table's is known), the code and
/// Watch, in reading order, or the other way round for a row laid out `from_right`.
fn watch_by_code(
    ui: &mut egui::Ui,
    tr: &Tr,
    lobby: &Lobby,
    form: &mut LobbyForm,
    url: &str,
    asked: &mut Asked,
    from_right: bool,
) {
    let code = normalise_code(&form.watch_code);
    let game = lobby
        .tables(None, Phase::Playing)
        .find(|t| t.code == code)
        .map_or(form.watch_game, |t| t.game);
    let mut parts: Vec<usize> = (0..3 + GameKind::ALL.len()).collect();
    if from_right {
        parts.reverse();
    }
    let last = parts.len() - 1;
    for part in parts {
        match part {
            0 => {
                ui.label(style::muted(tr.t("lobby.watch_code"), 16.0));
            }
            p if p == last => {
                let button = egui::Button::new(tr.t("lobby.watch"));
                if ui.add_enabled(code.len() == CODE_LEN, button).clicked() {
                    watch(asked, game, code.clone(), url);
                }
            }
            p if p == last - 1 => {
                ui.add(
                    egui::TextEdit::singleline(&mut form.watch_code)
                        .char_limit(CODE_LEN + 4)
                        .hint_text("K7M2QX")
                        .desired_width(90.0),
                );
            }
            p => {
                let g = GameKind::ALL[p - 1];
                if choice(ui, form.watch_game == g, &game_name(tr, g)).clicked() {
                    form.watch_game = g;
                }
            }
        }
    }
}

/// The public games being played, each to watch, and a table to watch by its code.
fn watch_tab(
    ui: &mut egui::Ui,
    tr: &Tr,
    lobby: &Lobby,
    form: &mut LobbyForm,
    url: &str,
    body: f32,
    asked: &mut Asked,
) {
    let live: Vec<&Listing> = lobby.tables(None, Phase::Playing).collect();
    let compact = style::compact(ui.ctx());
    if compact {
        // The line over the code's row, which wraps.
        ui.label(style::muted(tr.t("lobby.watch_line"), 16.0));
        ui.horizontal_wrapped(|ui| watch_by_code(ui, tr, lobby, form, url, asked, false));
    } else {
        ui.horizontal(|ui| {
            ui.label(style::muted(tr.t("lobby.watch_line"), 16.0));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                watch_by_code(ui, tr, lobby, form, url, asked, true)
            });
        });
    }
    if live.is_empty() {
        ui.add_space(30.0);
        ui.vertical_centered(|ui| ui.label(style::muted(tr.t("lobby.no_live"), 17.0)));
        return;
    }
    if compact {
        live_compact(ui, tr, live, url, asked);
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("lobby-live")
        .max_height(body)
        .min_scrolled_height(body)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("lobby-live-grid")
                .num_columns(6)
                .spacing([20.0, 8.0])
                .striped(true)
                .show(ui, |ui| {
                    for t in live {
                        ui.label(style::brass(game_name(tr, t.game), 16.0));
                        // A bot's name is its label ("Bot (normal)"): a bot is always said.
                        ui.horizontal(|ui| {
                            seated(ui, tr, t, 0, asked);
                            ui.label(style::muted("–", 17.0));
                            seated(ui, tr, t, 1, asked);
                            if t.rated {
                                ui.add_space(4.0);
                                rated_mark(ui, tr);
                            }
                        });
                        ui.label(style::cream(control_text(tr, t.control), 16.0));
                        ui.label(style::muted(options_words(tr, t.game, &t.options), 15.0));
                        ui.label(style::muted(
                            tr.tf("lobby.watchers", &[("count", &t.watchers.to_string())]),
                            15.0,
                        ));
                        if ui.button(tr.t("lobby.watch")).clicked() {
                            watch(asked, t.game, t.code.clone(), url);
                        }
                        ui.end_row();
                    }
                });
        });
}

/// On a compact screen, each game being played in two lines (the page scrolls them): the game
/// and its players; then the time control, the options and the watchers, and Watch. On a
/// narrow one, in three: the game with the rest of what is known of it; each player on a line
/// of their own, Watch ending the second.
fn live_compact(ui: &mut egui::Ui, tr: &Tr, live: Vec<&Listing>, url: &str, asked: &mut Asked) {
    let narrow = style::narrow(ui.ctx());
    for (i, t) in live.into_iter().enumerate() {
        // The time control, the options and the watchers, in one line.
        let about = [
            control_text(tr, t.control),
            options_words(tr, t.game, &t.options),
            tr.tf("lobby.watchers", &[("count", &t.watchers.to_string())]),
        ]
        .into_iter()
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
        style::stripe(i).show(ui, |ui| {
            if narrow {
                ui.horizontal(|ui| {
                    ui.label(style::brass(game_name(tr, t.game), 16.0));
                    if t.rated {
                        rated_mark(ui, tr);
                    }
                    ui.add(egui::Label::new(style::muted(&about, 15.0)).truncate())
                        .on_hover_text(&about);
                });
                ui.horizontal(|ui| seated(ui, tr, t, 0, asked));
                let clicked = style::ended_by(
                    ui,
                    |ui| ui.button(tr.t("lobby.watch")).clicked(),
                    |ui| {
                        ui.label(style::muted("–", 17.0));
                        seated(ui, tr, t, 1, asked);
                    },
                );
                if clicked {
                    watch(asked, t.game, t.code.clone(), url);
                }
                return;
            }
            // The game and the two players, the dash and the gaps between them.
            let room = ui.available_width() - 3.0 * ui.spacing().item_spacing.x - 16.0;
            ui.horizontal(|ui| {
                place(ui, room * 0.24, &mut |ui| {
                    ui.add(egui::Label::new(style::brass(game_name(tr, t.game), 16.0)).truncate());
                });
                for seat in 0..2 {
                    if seat == 1 {
                        ui.label(style::muted("–", 17.0));
                    }
                    place(ui, room * 0.38, &mut |ui| seated(ui, tr, t, seat, asked));
                }
            });
            let clicked = style::ended_by(
                ui,
                |ui| ui.button(tr.t("lobby.watch")).clicked(),
                |ui| {
                    if t.rated {
                        rated_mark(ui, tr);
                    }
                    ui.add(egui::Label::new(style::muted(&about, 15.0)).truncate())
                        .on_hover_text(&about);
                },
            );
            if clicked {
                watch(asked, t.game, t.code.clone(), url);
            }
        });
    }
}

/// A seat of this device with what the server last told of its game.
pub struct YourGame<'a> {
    pub seat: &'a OwnSeat,
    pub row: Option<&'a GameRow>,
}

/// The device's games at the server `url`: those awaiting this device's move first, then by
/// the time left, then the newest.
pub fn your_games<'a>(seats: &'a Seats, lobby: &'a Lobby, url: &str) -> Vec<YourGame<'a>> {
    let mut mine: Vec<YourGame> = seats
        .0
        .seats
        .iter()
        .filter(|s| crate::net::seats::same_server(&s.url, url))
        .map(|seat| YourGame {
            seat,
            row: lobby.games().find(|r| r.summary.token == seat.token),
        })
        .collect();
    mine.sort_by_key(|g| {
        let s = g.row.map(|r| &r.summary);
        (
            !s.is_some_and(|s| s.your_turn),
            s.and_then(|s| s.time_left_ms).unwrap_or(u64::MAX),
            std::cmp::Reverse(g.seat.opened_at),
        )
    });
    mine
}

/// Where a game of this device stands, in words, and whether it is this device's move.
fn standing(tr: &Tr, g: &YourGame, now: Duration) -> (String, bool) {
    let Some(row) = g.row else {
        return (tr.t("lobby.asking").to_string(), false);
    };
    let s = &row.summary;
    let left = row
        .left(now)
        .map(|d| tr.tf("lobby.left", &[("time", &left_words(tr, d))]));
    let with_left = |words: String| match &left {
        Some(l) => format!("{words} · {l}"),
        None => words,
    };
    match s.phase {
        Some(Phase::Waiting) => (tr.t("lobby.state.waiting").to_string(), false),
        Some(Phase::Ended) => (tr.t("lobby.state.ended").to_string(), false),
        _ if s.your_turn => (with_left(tr.t("lobby.state.yours").to_string()), true),
        _ => (with_left(tr.t("lobby.state.theirs").to_string()), false),
    }
}

/// Whom a game of this device is against, or its table's code while nobody has sat.
fn against(tr: &Tr, g: &YourGame) -> String {
    let opponent = g
        .row
        .and_then(|r| r.summary.opponent.clone())
        .filter(|o| !o.trim().is_empty());
    match opponent {
        Some(o) => tr.tf("lobby.against", &[("name", &o)]),
        None => tr.tf("online.table_code", &[("code", &g.seat.code)]),
    }
}

/// A game of this device's time control in words (nothing where it is not known).
fn control_of(tr: &Tr, g: &YourGame) -> String {
    let control = g.row.and_then(|r| r.summary.control).or(g.seat.control);
    control.map(|c| control_text(tr, c)).unwrap_or_default()
}

/// Where a game of this device stands, framed in brass where it is this device's move.
fn standing_label(ui: &mut egui::Ui, tr: &Tr, g: &YourGame, now: Duration) {
    let (words, yours) = standing(tr, g, now);
    if yours {
        label_frame(230, 8, (10, 4)).show(ui, |ui| {
            ui.label(style::brass(words, 17.0).strong());
        });
    } else {
        ui.label(style::cream(words, 16.0));
    }
}

/// On a compact screen, each game of this device in two lines (the page scrolls them): the game
/// and whom it is against; where it stands, the time control, and Open.
fn games_compact(
    ui: &mut egui::Ui,
    tr: &Tr,
    mine: &[YourGame],
    name: &str,
    now: Duration,
    asked: &mut Asked,
) {
    for (i, g) in mine.iter().enumerate() {
        style::stripe(i).show(ui, |ui| {
            let room = ui.available_width();
            ui.horizontal(|ui| {
                place(ui, room * 0.3, &mut |ui| {
                    ui.add(
                        egui::Label::new(style::brass(game_name(tr, g.seat.game), 16.0)).truncate(),
                    );
                });
                ui.add(egui::Label::new(style::cream(against(tr, g), 17.0)).truncate());
            });
            let open = style::ended_by(
                ui,
                |ui| ui.button(tr.t("lobby.open_game")).clicked(),
                |ui| {
                    standing_label(ui, tr, g, now);
                    let control = control_of(tr, g);
                    ui.add(egui::Label::new(style::muted(&control, 15.0)).truncate())
                        .on_hover_text(&control);
                },
            );
            if open {
                open_seat(g.seat, name, &mut asked.go, &mut asked.nav);
            }
        });
    }
}

/// This device's games: whose move, the time left, Open.
fn games_tab(
    ui: &mut egui::Ui,
    tr: &Tr,
    mine: &[YourGame],
    name: &str,
    now: Duration,
    body: f32,
    asked: &mut Asked,
) {
    ui.label(style::muted(tr.t("lobby.games_line"), 16.0));
    if mine.is_empty() {
        ui.add_space(30.0);
        ui.vertical_centered(|ui| ui.label(style::muted(tr.t("lobby.no_games"), 17.0)));
        return;
    }
    if style::compact(ui.ctx()) {
        games_compact(ui, tr, mine, name, now, asked);
        ui.ctx().request_repaint_after(Duration::from_secs(1));
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("lobby-mine")
        .max_height(body - 40.0)
        .min_scrolled_height(body - 40.0)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("lobby-mine-grid")
                .num_columns(5)
                .spacing([20.0, 10.0])
                .striped(true)
                .show(ui, |ui| {
                    for g in mine {
                        ui.label(style::brass(game_name(tr, g.seat.game), 16.0));
                        ui.label(style::cream(against(tr, g), 17.0));
                        ui.label(style::muted(control_of(tr, g), 15.0));
                        standing_label(ui, tr, g, now);
                        if ui.button(tr.t("lobby.open_game")).clicked() {
                            open_seat(g.seat, name, &mut asked.go, &mut asked.nav);
                        }
                        ui.end_row();
                    }
                });
        });
    ui.ctx().request_repaint_after(Duration::from_secs(1));
}

/// "Your games" on the start screen: the first few, whose move, and the way to all of them.
#[allow(clippy::too_many_arguments)]
pub fn your_games_corner(
    mut contexts: EguiContexts,
    page: Res<MenuPage>,
    tr: Res<Tr>,
    settings: Res<ActiveSettings>,
    options: Option<Res<crate::launch::LaunchOptions>>,
    seats: Res<Seats>,
    link: Res<LobbyLink>,
    name: Res<OnlineForm>,
    mut go_online: MessageWriter<GoOnline>,
    mut go: MessageWriter<Navigate>,
) -> Result {
    if *page != MenuPage::Main {
        return Ok(());
    }
    let url = server_url(&settings, options.as_deref());
    let mine = your_games(&seats, &link.lobby, &url);
    if mine.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let now = link.now();
    let mut asked = Asked::default();
    egui::Area::new(egui::Id::new("menu-your-games"))
        .anchor(egui::Align2::RIGHT_TOP, [-16.0, 16.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(16, 12))
                .show(ui, |ui| {
                    ui.set_width(290.0);
                    ui.label(style::brass(tr.t("lobby.your_games"), 20.0).strong());
                    for g in mine.iter().take(2) {
                        let (words, yours) = standing(&tr, g, now);
                        let opponent = g
                            .row
                            .and_then(|r| r.summary.opponent.clone())
                            .filter(|o| !o.trim().is_empty());
                        let title = match opponent {
                            Some(o) => format!("{} · {o}", game_name(&tr, g.seat.game)),
                            None => game_name(&tr, g.seat.game),
                        };
                        let text = egui::RichText::new(format!("{title}\n{words}"))
                            .size(15.0)
                            .color(if yours { style::BRASS } else { style::CREAM });
                        let row = egui::Button::new(text)
                            .min_size(egui::vec2(290.0, 0.0))
                            .wrap_mode(egui::TextWrapMode::Wrap);
                        if ui.add(row).clicked() {
                            open_seat(g.seat, &name.name, &mut asked.go, &mut asked.nav);
                        }
                    }
                    let all = tr.tf(
                        "lobby.all_your_games",
                        &[("count", &mine.len().to_string())],
                    );
                    if ui.link(style::muted(all, 15.0)).clicked() {
                        asked
                            .nav
                            .push(Navigate::Menu(MenuPage::Online(OnlinePage::Games)));
                    }
                });
        });
    ctx.request_repaint_after(Duration::from_secs(1));
    go_online.write_batch(asked.go);
    go.write_batch(asked.nav);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Message, Strings};
    use crate::net::protocol::{ClientMsg, ServerMsg};

    /// A public Snēlab table waiting for its second player.
    fn open_snelab_table() -> Listing {
        Listing {
            code: "K7M2QX".into(),
            game: GameKind::Snelab,
            phase: Phase::Waiting,
            control: TimeControl::default(),
            options: TableOptions {
                stakes: Some(Stakes::Casino),
                appeal: Some(true),
                artifacts: None,
                game_type: None,
            },
            names: ["Rui".into(), String::new()],
            bot: false,
            watchers: 0,
            created_ms: 1_750_000_000_000,
            fingerprints: [None, None],
            rated: false,
            ratings: [None, None],
            keys: [None, None],
        }
    }

    /// The lobby tab of the Online screen, its lobby connected (with one open Snēlab table)
    /// and the game chosen Snēlab, with a Snēlab seat `refused` or not: the button `words`
    /// pressed (a press and a release, a frame each, after two frames that lay the tab out).
    /// What the frames asked for and what the lobby's connection was given to send.
    fn press(words: &str, start: Start, refused: Option<Message>) -> (Asked, Vec<ClientMsg>) {
        let (asked, sent, _) = press_each(GameKind::Snelab, &[words], start, refused);
        (asked, sent)
    }

    /// [`press`] for `game`, pressing each of `words` in turn (two frames to lay the tab out
    /// before each press); with the form as the presses left it.
    fn press_each(
        game: GameKind,
        words: &[&str],
        start: Start,
        refused: Option<Message>,
    ) -> (Asked, Vec<ClientMsg>, LobbyForm) {
        let ctx = egui::Context::default();
        crate::app::style::configure_context(&ctx);
        let tr = Tr(Strings::new(Lang::En));
        let now = Duration::from_secs(100_000);
        let mut link = LobbyLink::default();
        link.lobby = Lobby::staged(vec![open_snelab_table()], Vec::new(), Vec::new(), now);
        link.staged = Some(now);
        let mut form = LobbyForm {
            game,
            start,
            ..LobbyForm::default()
        };
        let mut name = OnlineForm::default();
        let mut asked = Asked {
            snelab_refused: refused,
            ..Asked::default()
        };
        let mut time = 0.0;
        for words in words {
            let mut frame = |events: Vec<egui::Event>, asked: &mut Asked| {
                let mut at = None;
                time += 0.5;
                let input = crate::app::kit::harness::window_input(Some(time), events);
                let out = ctx.run_ui(input, |ui| {
                    lobby_tab(
                        ui,
                        &tr,
                        &mut form,
                        &mut name,
                        &mut link,
                        "ws://staged",
                        now,
                        500.0,
                        asked,
                    );
                });
                for c in &out.shapes {
                    if let egui::Shape::Text(t) = &c.shape
                        && t.galley.text() == *words
                    {
                        at = Some(t.visual_bounding_rect().center());
                    }
                }
                out.drop_without_applying_deltas();
                at
            };
            frame(vec![], &mut asked);
            let at = frame(vec![], &mut asked);
            let pos = at.unwrap_or_else(|| panic!("`{words}` is on the page"));
            let button = |pressed| egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            };
            frame(
                vec![egui::Event::PointerMoved(pos), button(true)],
                &mut asked,
            );
            frame(vec![button(false)], &mut asked);
        }
        (asked, link.outbox, form)
    }

    /// Ash & Walnut on the Online screen: the Creatures toggles (shown for a quick game and
    /// for a table opened) choose the game type, and the quick game's `quick` and the opened
    /// table's `create` carry it; with no creature chosen, neither carries one (the base
    /// game, as a server before game types reads it).
    #[test]
    fn the_creature_toggles_choose_the_game_type_of_a_quick_game_and_a_table_opened() {
        let mp = crate::rules::hive::GameType::parse("Base+MP").unwrap();
        // The quick game: Jay and Hedgehog ticked, then Find an opponent.
        let (_, sent, form) = press_each(
            GameKind::Hive,
            &["Jay", "Hedgehog", "Find an opponent"],
            Start::Quick,
            None,
        );
        assert_eq!(form.game_type, mp);
        let [
            ClientMsg::Quick {
                game: GameKind::Hive,
                game_type,
                ..
            },
        ] = &sent[..]
        else {
            panic!("one quick game asked for: {sent:?}");
        };
        assert_eq!(game_type.as_deref(), Some("Base+MP"));
        // Ticked and unticked again: the base game, no field.
        let (_, sent, form) = press_each(
            GameKind::Hive,
            &["Squirrel", "Squirrel", "Find an opponent"],
            Start::Quick,
            None,
        );
        assert!(form.game_type.is_base());
        assert!(
            matches!(
                &sent[..],
                [ClientMsg::Quick {
                    game_type: None,
                    ..
                }]
            ),
            "{sent:?}"
        );
        // A table opened: the request's `create`, as the table's session sends it once
        // welcomed, carries the game type.
        let (asked, sent, form) = press_each(
            GameKind::Hive,
            &["Squirrel", "Hedgehog", "Jay", "Open the table"],
            Start::Open,
            None,
        );
        assert_eq!(form.game_type, crate::rules::hive::GameType::MLP);
        assert!(sent.is_empty(), "{sent:?}");
        let [go] = &asked.go[..] else {
            panic!("one table opened: {:?}", asked.go.len());
        };
        let mut session = crate::net::client::Session::new(go.request.clone());
        let (_, first) = session.receive(ServerMsg::Welcome {
            version: crate::net::protocol::PROTOCOL_VERSION,
            max_message_bytes: crate::net::protocol::MAX_MESSAGE_BYTES,
            rate_per_second: crate::net::protocol::RATE_PER_SECOND,
            rate_burst: crate::net::protocol::RATE_BURST,
            nonce: String::new(),
        });
        let [
            ClientMsg::Create {
                game: GameKind::Hive,
                game_type,
                ..
            },
        ] = &first[..]
        else {
            panic!("create: {first:?}");
        };
        assert_eq!(*game_type, Some(crate::rules::hive::GameType::MLP));
    }

    /// Issue: with less than the stake in the purse, the Online screen opened, joined or
    /// quick paired a Snēlab table anyway; the server seated the player, the device could not
    /// sit down, and the server's clock played the seat's moves. Now each is refused on the
    /// screen, in words that say to use Reset all, and nothing goes to the server.
    #[test]
    fn a_snelab_seat_short_of_the_stake_is_refused_and_nothing_is_sent() {
        use crate::play::snelab::Purse;
        let tr = Tr(Strings::new(Lang::En));
        assert_eq!(
            crate::app::snelab::online::seat_refusal(&Purse::new(12)),
            None
        );
        let purse = Purse::new(4);
        let why = crate::app::snelab::online::seat_refusal(&purse).expect("4 is short of 12");
        assert_eq!(
            tr.say(&why),
            "You have 4 in your purse and an online case takes a stake of 12: nothing was sent \
             to the server. Use Reset all at the Snēlab table to start again."
        );
        for (words, start) in [
            ("Join", Start::Quick),
            ("Find an opponent", Start::Quick),
            ("Open the table", Start::Open),
        ] {
            // With the stake in the purse: asked for.
            let (asked, sent) = press(words, start, None);
            assert!(asked.told.is_empty(), "{words}");
            assert_eq!(
                asked.go.len() + sent.len(),
                1,
                "{words}: one request or one quick game"
            );
            // Short of it: told why, nothing asked for, nothing sent.
            let (asked, sent) = press(words, start, Some(why.clone()));
            assert_eq!(asked.told, vec![why.clone()], "{words}");
            assert!(asked.go.is_empty() && asked.nav.is_empty(), "{words}");
            assert!(sent.is_empty(), "{words}: {sent:?}");
        }
    }

    #[test]
    fn times_and_controls_are_worded() {
        let tr = Tr(Strings::new(Lang::En));
        let s = Duration::from_secs;
        assert_eq!(left_words(&tr, s(45)), "0:45");
        assert_eq!(left_words(&tr, s(3 * 3600 + 14 * 60)), "3 h 14 min");
        assert_eq!(left_words(&tr, s(86_400 + 5 * 3600 + 59)), "1 d 5 h");
        assert_eq!(
            control_text(&tr, TimeControl::Turn { seconds: 30 }),
            "30 s a turn"
        );
        assert_eq!(
            control_text(&tr, TimeControl::Turn { seconds: 180 }),
            "3 min a turn"
        );
        assert_eq!(
            control_text(
                &tr,
                TimeControl::Bank {
                    base: 300,
                    increment: 3
                }
            ),
            "5 min + 3 s"
        );
        assert_eq!(
            control_text(&tr, TimeControl::Days { days: 1 }),
            "1 day a move"
        );
        assert_eq!(control_short(&tr, TimeControl::Days { days: 3 }), "3 days");
    }
}
