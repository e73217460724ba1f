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
    panel: super::panel::Floating,
    ctx: &egui::Context,
    tr: &Tr,
    table: &T,
    form: &mut OnlineForm,
    server: &mut String,
) -> Option<GoOnline> {
    // The form scrolls where the panel must (a column stacked on a narrow screen); Open and
    // Join stay in sight under it.
    let both = std::cell::RefCell::new((form, server));
    let (went, opened) = panel.show_footed(
        ctx,
        |ui| {
            let (form, server) = &mut *both.borrow_mut();
            lobby_form(ui, tr, table, form, server)
        },
        |ui| {
            let (form, server) = &mut *both.borrow_mut();
            open_or_join(ui, tr, table, form, server)
        },
    );
    went.or(opened)
}

/// The online part's form: a seat kept from an earlier run (Return to it: what that asks), the
/// server, the player's name, the time, Public and Rated, and what fills an empty seat.
fn lobby_form<T: Online>(
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
        // A row as tall as its widgets: given the rest of a tall panel (a tablet upright), a
        // row centred in it stood far below its label.
        let row = |ui: &mut egui::Ui, add: &mut dyn FnMut(&mut egui::Ui)| {
            let size = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
            ui.allocate_ui_with_layout(size, line, |ui| add(ui));
        };
        row(ui, &mut |ui| {
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
        });
        end(ui);
        // Public and Rated on a row of their own, under the time (beside it, Portuguese's
        // words made the row wider than the panel at scale 1.0).
        if !compact {
            ui.label("");
        }
        row(ui, &mut |ui| {
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
    go
}

/// Open a table with the form's choices, or join one by its code: what that asks.
fn open_or_join<T: Online>(
    ui: &mut egui::Ui,
    tr: &Tr,
    table: &T,
    form: &mut OnlineForm,
    server: &str,
) -> Option<GoOnline> {
    let mut go = None;
    // With the network off (a browser that says so) nothing here can work: said, not tried.
    let offline = crate::app::platform::offline();
    if offline {
        ui.label(egui::RichText::new(tr.t("online.offline")).color(style::CREAM));
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
        if ui
            .add_enabled(!offline, egui::Button::new(tr.t("online.open")))
            .clicked()
        {
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
        // The code, its field and Join go to the next row together where the row is full,
        // never Join alone under the field it belongs to (a row of its own inside the wrapped
        // one does not wrap: it would run on past the panel's edge and squeeze the field); the
        // line between them and Open only where they share its row.
        let (code_words, join_words) = (tr.t("online.code"), tr.t("online.join"));
        let line = 2.0 * ui.spacing().item_spacing.x;
        if ui.available_size_before_wrap().x < line + code_row_width(ui, code_words, join_words) {
            ui.end_row();
        } else {
            ui.separator();
        }
        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
            ui.label(code_words);
            ui.add(
                egui::TextEdit::singleline(&mut form.code)
                    .char_limit(CODE_LEN + 4)
                    .hint_text("K7M2QX")
                    .desired_width(CODE_FIELD),
            );
            let code = normalise_code(&form.code);
            if ui
                .add_enabled(
                    code.len() == CODE_LEN && !offline,
                    egui::Button::new(join_words),
                )
                .clicked()
            {
                go = Some(asked(Request::Join {
                    code,
                    name: form.name.trim().to_string(),
                }));
            }
        });
    });
    go
}

/// The width of the code's row: its word, the field (`CODE_FIELD` wide) and Join.
fn code_row_width(ui: &egui::Ui, code: &str, join: &str) -> f32 {
    let look = ui.style();
    // The field's own margin (egui's 4 points a side) and the button's padding, each side;
    // the gaps between the three and before the row.
    let (padding, gap) = (look.spacing.button_padding.x, look.spacing.item_spacing.x);
    style::text_width(ui.ctx(), code, style::font_of(look, egui::TextStyle::Body))
        + CODE_FIELD
        + 2.0 * 4.0
        + style::text_width(
            ui.ctx(),
            join,
            style::font_of(look, egui::TextStyle::Button),
        )
        + 2.0 * padding
        + 3.0 * gap
}

/// How wide the code's field is, in points.
const CODE_FIELD: f32 = 90.0;

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
/// between the game's name and its buttons, so the notices below it never cover it. On a
/// compact screen it is one short line fitted to the room between them ([`compact_status`]).
pub fn status<T: Online>(ctx: &egui::Context, tr: &Tr, table: &T) {
    let Some(online) = table.online() else {
        return;
    };
    let id = status_id(T::GAME.cli_name());
    if style::compact(ctx) {
        compact_status(ctx, tr, online, id);
        return;
    }
    egui::Area::new(id)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 16.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(16, 12))
                .show(ui, |ui| whole_strip(ui, tr, online, false));
        });
}

/// The status strip's area (the layout check names it `online-status (game)`).
fn status_id(game: &str) -> egui::Id {
    egui::Id::new(("online-status", game))
}

/// Everything the strip tells: the link and the other player's presence (or a spectator's
/// line), the table's code, the time and how many watch; then who plays, on a line of its own
/// (where there is anything to say: a rated table, or players with keys). `wrap` lets the
/// lines wrap within the room given (the compact strip's details).
fn whole_strip(ui: &mut egui::Ui, tr: &Tr, online: &OnlineTable, wrap: bool) {
    let line = |ui: &mut egui::Ui, add: &mut dyn FnMut(&mut egui::Ui)| {
        if wrap {
            ui.horizontal_wrapped(|ui| add(ui));
        } else {
            ui.horizontal(|ui| add(ui));
        }
    };
    line(ui, &mut |ui| {
        if online.spectating() {
            watching_line(ui, tr, online);
            return;
        }
        // Under a bank both clocks take the place of the code and of the other player's
        // presence (the dot before their clock), so the strip stays clear of the corners in
        // every language; the rest is a hover away.
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
                egui::RichText::new(tr.tf("online.watching", &[("count", &n)])).color(style::MUTED),
            );
        }
    });
    if shows_players(online) {
        line(ui, &mut |ui| players_line(ui, tr, online));
    }
}

/// The strip on a compact screen: one line of the size of the table's buttons, centred in the
/// room between the game's name and its buttons (as drawn the pass before), telling in words
/// only what is not as it should be: nothing of the link while it is up, its words while it is
/// not (and nothing else then); the other player's dot and name, with "is away" when they are;
/// both clocks under a bank; "Watching" for a spectator. Every word the full strip has is in its
/// details: on hover, and held open by a click (or Enter) until the next.
fn compact_status(ctx: &egui::Context, tr: &Tr, online: &OnlineTable, id: egui::Id) {
    let screen = ctx.content_rect();
    let rect = |name: &str| ctx.memory(|m| m.area_rect(egui::Id::new(name)));
    // On a narrow screen (a phone held upright) there is no room between them: the strip has
    // a row of its own under them, as wide as the screen, and the panels start under it.
    let narrow = style::narrow(ctx);
    let (left, right, top) = if narrow {
        let bars = ["table-bar", "table-buttons"]
            .into_iter()
            .filter_map(rect)
            .map(|r| r.bottom())
            .fold(16.0 + 30.0, f32::max);
        (screen.left() + 16.0, screen.right() - 16.0, bars + 6.0)
    } else {
        (
            rect("table-bar").map_or(screen.left() + 16.0, |r| r.right()) + 8.0,
            rect("table-buttons").map_or(screen.right() - 16.0, |r| r.left()) - 8.0,
            16.0,
        )
    };
    let room = (right - left).max(48.0);
    let open_id = id.with("open");
    let open = ctx.data(|d| d.get_temp::<bool>(open_id).unwrap_or(false));
    let shown = egui::Area::new(id)
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(egui::pos2((left + right) / 2.0, top))
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(8, 7))
                .show(ui, |ui| {
                    // The frame's sides and stroke come off the room.
                    ui.set_max_width(room - 2.0 * 8.0 - 2.0);
                    ui.horizontal(|ui| {
                        ui.style_mut().override_text_style = Some(egui::TextStyle::Small);
                        ui.style_mut().text_styles.insert(
                            egui::TextStyle::Small,
                            egui::FontId::proportional(COMPACT_TEXT),
                        );
                        ui.spacing_mut().item_spacing.x = 4.0;
                        terse_line(ui, tr, online);
                    });
                });
            // The strip as one thing to click (or reach by Tab and press): it opens its
            // details.
            let rect = ui.min_rect();
            ui.interact(rect, id.with("click"), egui::Sense::click())
                .on_hover_cursor(egui::CursorIcon::PointingHand)
        });
    let response = shown.inner;
    let frame = response.rect;
    if narrow {
        style::note_top_strip(ctx, shown.response.rect);
    }
    let words = spoken_summary(tr, online);
    response
        .widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, words.clone()));
    if response.clicked() {
        ctx.data_mut(|d| d.insert_temp(open_id, !open));
    }
    if !open {
        response.on_hover_ui(|ui| {
            ui.set_max_width(screen.width() - 64.0);
            whole_strip(ui, tr, online, true);
        });
        return;
    }
    // Held open: the whole strip under the top row, over the table, until the next click.
    egui::Area::new(id.with("details"))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(egui::pos2(screen.center().x, frame.bottom() + 6.0))
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(14, 10))
                .show(ui, |ui| {
                    ui.set_max_width(screen.width() - 2.0 * 16.0 - 2.0 * 14.0 - 2.0);
                    whole_strip(ui, tr, online, true);
                });
        });
}

/// The compact strip's text size: that of the table's buttons on a compact screen.
const COMPACT_TEXT: f32 = 14.0;

/// The compact strip's line ([`compact_status`]): labels cut to the room left, their whole
/// words in the details. While the link is up nothing says so (its words come when it is not);
/// the other player's presence is a dot and their name, in words when they are away.
fn terse_line(ui: &mut egui::Ui, tr: &Tr, online: &OnlineTable) {
    let cut = |ui: &mut egui::Ui, text: egui::RichText| {
        ui.add(egui::Label::new(text).truncate());
    };
    // A name where a few letters of it still fit; else it is left to the details.
    let name = |ui: &mut egui::Ui, text: egui::RichText| {
        if ui.available_width() >= 3.0 * COMPACT_TEXT {
            cut(ui, text);
        }
    };
    let mut first = true;
    let mut apart = |ui: &mut egui::Ui| {
        if !std::mem::take(&mut first) {
            ui.separator();
        }
    };
    if online.spectating() {
        apart(ui);
        ui.label(egui::RichText::new("◉").color(style::BRASS));
        cut(
            ui,
            style::brass(tr.t("online.watch.label"), COMPACT_TEXT).strong(),
        );
    }
    if online.link != Link::Connected {
        apart(ui);
        ui.label(egui::RichText::new("●").color(link_colour(&online.link)));
        cut(
            ui,
            egui::RichText::new(tr.say(&link_message(&online.link))).color(style::CREAM),
        );
        return;
    }
    if let Some(clocks) = bank_clocks(online) {
        // Both clocks, the running one bright: this seat's first, then the other's after the
        // dot of their presence, as on the full strip, and their name (or that they are away)
        // in what room is left. A spectator's: ash's, then walnut's, each after its player's
        // dot.
        let seats = online.seats.as_ref().expect("bank_clocks has seats");
        let mine = online.my_seat().map_or(0, |s| s.index());
        for BankClock {
            seat: i,
            left,
            running,
            colour,
        } in clocks
        {
            apart(ui);
            let theirs = i != mine || online.my_seat().is_none();
            if theirs {
                let dot = presence_colour(seats[i].connected);
                ui.label(egui::RichText::new("●").color(dot));
            }
            let clock = egui::RichText::new(clock_text(tr, left))
                .monospace()
                .size(COMPACT_TEXT)
                .color(colour);
            ui.label(if running { clock.strong() } else { clock });
            if theirs {
                name(
                    ui,
                    egui::RichText::new(presence_words(tr, &seats[i])).color(colour),
                );
            }
        }
        return;
    }
    if online.spectating() {
        return;
    }
    if let Some(other) = online.other().filter(|o| o.kind != SeatKind::Empty) {
        apart(ui);
        let dot = presence_colour(other.connected);
        ui.label(egui::RichText::new("●").color(dot));
        name(
            ui,
            egui::RichText::new(presence_words(tr, other)).color(style::CREAM),
        );
    }
}

/// The other seat's name, and "is away" while they are (in words, not by the dot's colour
/// alone).
fn presence_words(tr: &Tr, seat: &SeatView) -> String {
    let name = tr.say(&seat_name(seat));
    if seat.connected || seat.kind != SeatKind::Human {
        name
    } else {
        tr.tf("online.away_now", &[("name", &name)])
    }
}

/// What a screen reader says for the compact strip: the link, the other player's presence,
/// and the table's code.
fn spoken_summary(tr: &Tr, online: &OnlineTable) -> String {
    let mut parts = Vec::new();
    if online.spectating() {
        parts.push(tr.t("online.watch.label").to_string());
    }
    parts.push(tr.say(&link_message(&online.link)));
    if let Some(other) = online
        .other()
        .filter(|o| o.kind != SeatKind::Empty && !online.spectating())
    {
        let name = tr.say(&seat_name(other));
        let key = if other.connected {
            "online.present"
        } else {
            "online.away_now"
        };
        parts.push(tr.tf(key, &[("name", &name)]));
    }
    if let Some(code) = &online.code {
        parts.push(tr.tf("online.table_code", &[("code", code)]));
    }
    parts.join(". ")
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
    let (Some(clocks), Some(seats)) = (bank_clocks(online), online.seats.as_ref()) else {
        return;
    };
    let mine = online.my_seat().map_or(0, |s| s.index());
    for BankClock {
        seat: i,
        left,
        running,
        colour,
    } in clocks
    {
        let who = if i == mine && online.my_seat().is_some() {
            tr.t("online.you").to_string()
        } else {
            tr.say(&seat_name(&seats[i]))
        };
        ui.separator();
        if i != mine {
            // The other player's presence, as the dot the link's line has for it.
            let dot = presence_colour(seats[i].connected);
            let key = if seats[i].connected {
                "online.present"
            } else {
                "online.away_now"
            };
            ui.label(egui::RichText::new("●").color(dot))
                .on_hover_text(tr.tf(key, &[("name", &who)]));
        }
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

/// One side's clock under a bank, as both strips show it.
struct BankClock {
    /// The seat's index in the table's seats.
    seat: usize,
    /// Its seconds left.
    left: f64,
    /// Whether it is running (its side to move, the game on).
    running: bool,
    /// Red running in its last ten seconds, cream running, muted waiting.
    colour: egui::Color32,
}

/// Both clocks under a bank, this seat's first (a spectator's: the first seat's); `None`
/// without a bank or seats.
fn bank_clocks(online: &OnlineTable) -> Option<Vec<BankClock>> {
    let (banks, seats) = (online.banks?, online.seats.as_ref()?);
    let mine = online.my_seat().map_or(0, |s| s.index());
    let clocks = [mine, 1 - mine]
        .into_iter()
        .filter_map(|seat| {
            let side = seats[seat].colour?;
            let left = banks[match side {
                Side::Ash => 0,
                Side::Walnut => 1,
            }];
            let running = online.to_move == Some(side) && online.ended.is_none();
            let colour = match (running, left <= 10.0) {
                (true, true) => style::RED,
                (true, false) => style::CREAM,
                (false, _) => style::MUTED,
            };
            Some(BankClock {
                seat,
                left,
                running,
                colour,
            })
        })
        .collect();
    Some(clocks)
}

/// The dot of a seat's presence: green while its player is here, amber while away.
fn presence_colour(connected: bool) -> egui::Color32 {
    if connected {
        style::GREEN
    } else {
        style::AMBER
    }
}

/// The link's dot's colour.
fn link_colour(link: &Link) -> egui::Color32 {
    match link {
        Link::Connected => style::GREEN,
        Link::Connecting | Link::Reconnecting { .. } => style::AMBER,
        Link::Lost(Lost::Finished | Lost::EndedAway) => style::MUTED,
        Link::Lost(_) => style::RED,
    }
}

/// A dot and words: the link, then (with `presence`) the other player's presence.
fn link_line(ui: &mut egui::Ui, tr: &Tr, online: &OnlineTable, presence: bool) {
    let colour = link_colour(&online.link);
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
    use super::*;
    use crate::i18n::{Lang, Strings};
    use crate::net::protocol::SeatId;

    /// A seated table at the server: this device's seat first, the other player `name`,
    /// `connected` or away.
    fn seated(name: &str, connected: bool) -> OnlineTable {
        let mut o = OnlineTable::new(
            Request::Join {
                code: "K7M2QX".into(),
                name: "Rui".into(),
            },
            "ws://staged".into(),
        );
        o.code = Some("K7M2QX".into());
        o.seat = Some(crate::fair::SeatOrder::First);
        let seat = |id: SeatId, name: &str, you: bool, colour: Side| SeatView {
            seat: id,
            kind: SeatKind::Human,
            level: None,
            name: name.into(),
            connected: you || connected,
            you,
            colour: Some(colour),
            key: None,
            fingerprint: None,
            rating: None,
        };
        o.seats = Some([
            seat(SeatId::First, "Rui", true, Side::Ash),
            seat(SeatId::Second, name, false, Side::Walnut),
        ]);
        o.link = Link::Connected;
        o.to_move = Some(Side::Ash);
        o
    }

    /// Draws the compact strip of `online` on a 640×360-point screen (1280×720 at interface
    /// scale 2.0) in `lang`, beside stand-ins of the table's name and buttons as wide as the
    /// longest of them: the rectangles of the name, the strip and the buttons, and the words
    /// the strip paints.
    fn compact(lang: Lang, online: &OnlineTable) -> ([egui::Rect; 3], Vec<String>) {
        let ctx = egui::Context::default();
        style::configure_context(&ctx);
        let tr = Tr(Strings::new(lang));
        let mut texts = Vec::new();
        for pass in 0..3 {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(640.0, 360.0),
                )),
                time: Some(f64::from(pass) * 0.5),
                ..Default::default()
            };
            let out = ctx.run_ui(input, |ui| {
                let ctx = ui.ctx();
                egui::Area::new(egui::Id::new("table-bar"))
                    .anchor(egui::Align2::LEFT_TOP, [16.0, 16.0])
                    .show(ctx, |ui| {
                        panel_frame()
                            .inner_margin(egui::Margin::symmetric(12, 6))
                            .show(ui, |ui| {
                                ui.label(style::brass(tr.t("game.chess.name"), 17.0).strong())
                            });
                    });
                egui::Area::new(egui::Id::new("table-buttons"))
                    .anchor(egui::Align2::RIGHT_TOP, [-16.0, 16.0])
                    .show(ctx, |ui| {
                        panel_frame()
                            .inner_margin(egui::Margin::symmetric(12, 6))
                            .show(ui, |ui| {
                                ui.horizontal(|ui| {
                                    let _ = ui.button(style::cream(tr.t("table.fit"), 14.0));
                                    let _ = ui.button(style::cream(tr.t("menu.back"), 14.0));
                                })
                            });
                    });
                compact_status(ctx, &tr, online, status_id("chess"));
            });
            texts = crate::app::kit::harness::painted_words(&out.shapes);
            out.drop_without_applying_deltas();
        }
        let rect = |id: egui::Id| ctx.memory(|m| m.area_rect(id)).expect("drawn");
        let strip = rect(status_id("chess"));
        // The words painted inside the strip, left to right.
        let words = texts
            .into_iter()
            .filter(|(_, at)| strip.contains(at.left_top()))
            .map(|(t, _)| t)
            .collect();
        (
            [
                rect(egui::Id::new("table-bar")),
                strip,
                rect(egui::Id::new("table-buttons")),
            ],
            words,
        )
    }

    /// Issue 41: at interface scale 2.0 the strip lay under the game's name and the table's
    /// buttons, its words cut off by them. On a compact screen it keeps in the room between
    /// them, at their height, in every language and state: here the longest words (Portuguese,
    /// the link being tried again) and a long name.
    #[test]
    fn the_compact_strip_keeps_between_the_name_and_the_buttons() {
        let mut states = Vec::new();
        let mut again = seated("Maria Eduarda Albuquerque", false);
        again.link = Link::Reconnecting { attempt: 3 };
        states.push(again);
        states.push(seated("Maria Eduarda Albuquerque", false));
        let mut banks = seated("Maria Eduarda Albuquerque", false);
        banks.banks = Some([187.0, 3599.0]);
        states.push(banks);
        for lang in [Lang::En, Lang::Pt, Lang::Ru] {
            for online in &states {
                let ([name, strip, buttons], texts) = compact(lang, online);
                let at = format!("{lang:?} {:?}: {texts:?}", online.link);
                assert!(
                    strip.left() >= name.right(),
                    "{at}: {strip:?} over {name:?}"
                );
                assert!(
                    strip.right() <= buttons.left(),
                    "{at}: {strip:?} over {buttons:?}"
                );
                assert!((strip.top() - 16.0).abs() < 1.0, "{at}: {strip:?}");
                assert!(
                    strip.bottom() <= name.bottom().max(buttons.bottom()) + 1.0,
                    "{at}"
                );
                assert!(!texts.is_empty(), "{at}");
            }
        }
    }

    /// The compact strip says in words what is amiss, not by a dot's colour alone: the link
    /// while it is not up (and nothing else then), the other player "is away" while they are;
    /// all is well is a dot and the other's name. Under a bank, both clocks.
    #[test]
    fn the_compact_strip_says_in_words_only_what_is_amiss() {
        let words = |online: &OnlineTable| compact(Lang::En, online).1.join(" ");
        let here = words(&seated("Ana", true));
        assert!(here.contains("Ana") && !here.contains("away"), "{here}");
        assert!(
            !here.contains("Connected") && !here.contains("K7M"),
            "{here}"
        );
        let away = words(&seated("Ana", false));
        assert!(away.contains("Ana is away"), "{away}");
        let mut lost = seated("Ana", false);
        lost.link = Link::Reconnecting { attempt: 3 };
        let lost = words(&lost);
        assert!(lost.contains("Reconnecting (try 3)"), "{lost}");
        assert!(!lost.contains("Ana"), "{lost}");
        let mut banks = seated("Ana", true);
        banks.banks = Some([187.0, 242.0]);
        let banks = words(&banks);
        // This seat's clock first, then the other's with their name.
        let (mine, theirs) = (banks.find("3:07"), banks.find("4:02 Ana"));
        assert!(
            mine.is_some() && theirs.is_some() && mine < theirs,
            "{banks}"
        );
        // Every word of the full strip is in what a screen reader is told.
        let mut told = seated("Ana", false);
        told.link = Link::Reconnecting { attempt: 3 };
        let said = spoken_summary(&Tr(Strings::new(Lang::En)), &told);
        assert!(said.contains("Reconnecting (try 3)"), "{said}");
        assert!(
            said.contains("Ana is away") && said.contains("K7M2QX"),
            "{said}"
        );
    }

    #[test]
    fn a_code_is_shown_in_two_groups_of_three() {
        assert_eq!(shown_code("K7M2QX"), "K7M-2QX");
        assert_eq!(shown_code("K7"), "K7-");
        assert_eq!(shown_code(""), "-");
    }
}
