//! The main menu (egui): the three games with a line each, their rules pages, the settings page
//! and Quit (and the way to the Online screen, `app::lobby`), drawn over the lamp-lit table. Also the notices every screen shows.

pub(crate) mod figures;
mod markdown;
pub mod rules_pages;

use super::save::{ActiveSettings, ChangeSettings, Notices};
use super::screens::{MenuPage, Navigate, Screen};
use super::style::{self, big_button, panel_frame};
use crate::i18n::Lang;
use crate::i18n::Tr;
use crate::launch::{LaunchOptions, Scene};
use crate::rules::GameKind;
use crate::settings::{MAX_PURSE, MIN_PURSE};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(rules_pages::plugin)
        .init_resource::<Opening>()
        .add_systems(
            EguiPrimaryContextPass,
            (menu_ui.run_if(in_state(Screen::Menu)), notices_ui),
        )
        .add_systems(
            EguiPrimaryContextPass,
            opening_at_the_table.run_if(not(in_state(Screen::Menu))),
        );
}

pub(crate) fn game_name(tr: &Tr, game: GameKind) -> String {
    tr.t(&format!("game.{}.name", game.cli_name())).to_string()
}

/// For how many frames a rules scene (`--scene rules-hive-move-fox`) holds the page at its
/// figure: long enough for the page's layout to settle, short enough to leave the reader free.
const HOLD_AT_FIGURE: u32 = 30;

#[allow(clippy::too_many_arguments)]
fn menu_ui(
    mut contexts: EguiContexts,
    page: Res<MenuPage>,
    tr: Res<Tr>,
    settings: Res<ActiveSettings>,
    options: Option<Res<LaunchOptions>>,
    mut held: Local<u32>,
    mut opening: ResMut<Opening>,
    mut go: MessageWriter<Navigate>,
    mut change: MessageWriter<ChangeSettings>,
    pages: rules_pages::Pages,
    mut you: You,
    look: Option<Res<crate::app::room::LightLook>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    match *page {
        MenuPage::Main => {
            let mut asked = Vec::new();
            main_page(ctx, &tr, &mut opening, &mut asked);
            go.write_batch(asked);
        }
        MenuPage::Rules(game) => {
            let at = match options.as_deref().map(|o| &o.scene) {
                Some(Scene::Rules {
                    game: g,
                    figure: Some(f),
                }) if *g == game && *held < HOLD_AT_FIGURE => {
                    *held += 1;
                    Some(f.as_str())
                }
                _ => None,
            };
            rules_page(ctx, &tr, &pages, game, at, &mut go);
        }
        MenuPage::Settings => {
            let cpu = look.is_some_and(|l| l.cpu);
            settings_page(ctx, &tr, &settings, cpu, &mut go, &mut change, &mut you)
        }
        // A game's own page: its plugin draws it; the Online screen is `app::lobby`'s, the
        // player's and the key's pages `app::player`'s.
        MenuPage::Tool(..)
        | MenuPage::Online(_)
        | MenuPage::Player
        | MenuPage::Key
        | MenuPage::Learn(_)
        | MenuPage::Games => {}
    }
    Ok(())
}

fn title(ui: &mut egui::Ui, tr: &Tr, compact: bool) {
    ui.label(
        egui::RichText::new(tr.t("app.title"))
            .size(if compact { 34.0 } else { 56.0 })
            .color(style::ASH)
            .strong(),
    );
    ui.label(
        egui::RichText::new(tr.t("app.subtitle"))
            .size(if compact { 14.0 } else { 20.0 })
            .color(style::MUTED)
            .italics(),
    );
}

/// The table asked for by a Play button: the menu says so until the table's panels show (a
/// table's first frame can take seconds on a slow renderer, and nothing on the screen would
/// answer the click meanwhile). Said once more over the table's first frame, whose panels egui
/// keeps hidden while it measures them, then cleared.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Opening(Option<GameKind>);

/// The table's first frame after a Play: the notice once more, then no more.
fn opening_at_the_table(
    mut contexts: EguiContexts,
    tr: Res<Tr>,
    mut opening: ResMut<Opening>,
) -> Result {
    let Some(game) = opening.0.take() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    opening_notice(ctx, &tr, game);
    ctx.request_repaint();
    Ok(())
}

fn main_page(ctx: &egui::Context, tr: &Tr, opening: &mut Opening, go: &mut Vec<Navigate>) {
    let screen = ctx.content_rect();
    // A compact screen (a large interface scale) has the three cards side by side, smaller; a
    // narrow one (a phone held upright) has them one under another, as wide as the screen.
    let compact = style::compact(ctx);
    let narrow = style::narrow(ctx);
    let wide = !narrow && (compact || screen.width() >= 1000.0);
    let card_width = if narrow {
        (screen.width() - 32.0 - 44.0 - 16.0).min(330.0)
    } else if compact {
        // Each card's frame takes 2 × 22 points of margin; 2 × 12 between the three.
        ((screen.width() - 32.0 - 24.0) / 3.0 - 44.0).min(330.0)
    } else if wide {
        ((screen.width() - 160.0) / 3.0).min(330.0)
    } else {
        340.0
    };
    egui::Area::new(egui::Id::new("menu-title"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, screen.height() * 0.06])
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| title(ui, tr, compact));
        });
    // On a narrow screen the cards stand from under the title down to the bottom row (as each
    // was last drawn), scrolling what does not fit.
    let last = |id: &str| ctx.memory(|m| m.area_rect(egui::Id::new(id)));
    let (anchor, y, room) = if narrow {
        let top = last("menu-title").map_or(screen.height() * 0.17, |r| r.bottom()) + 8.0;
        let bottom = last("menu-bottom").map_or(screen.bottom() - 140.0, |r| r.top()) - 8.0;
        (
            egui::Align2::CENTER_TOP,
            top,
            Some((bottom - top).max(120.0)),
        )
    } else {
        (egui::Align2::CENTER_CENTER, screen.height() * 0.04, None)
    };
    egui::Area::new(egui::Id::new("menu-games"))
        .anchor(anchor, [0.0, y])
        .show(ctx, |ui| {
            let cards = |ui: &mut egui::Ui, opening: &mut Opening, go: &mut Vec<Navigate>| {
                for game in GameKind::ALL {
                    game_card(ui, tr, game, (card_width, compact), opening, go);
                }
            };
            if wide {
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = if compact { 12.0 } else { 24.0 };
                    cards(ui, opening, go);
                });
            } else if let Some(room) = room {
                // (The area's room is its last size: told the most it may have.)
                egui::ScrollArea::vertical()
                    .max_height(room)
                    .min_scrolled_height(room)
                    .show(ui, |ui| {
                        ui.spacing_mut().item_spacing.y = 10.0;
                        cards(ui, opening, go)
                    });
            } else {
                ui.vertical(|ui| cards(ui, opening, go));
            }
        });
    // On a narrow screen the row wraps, two buttons to a line, centred.
    let bottom = |ui: &mut egui::Ui, add: &mut dyn FnMut(&mut egui::Ui)| {
        if narrow {
            ui.set_max_width(2.0 * 150.0 + 10.0 + 4.0);
            ui.horizontal_wrapped(|ui| add(ui));
        } else {
            ui.horizontal(|ui| add(ui));
        }
    };
    egui::Area::new(egui::Id::new("menu-bottom"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -screen.height() * 0.06])
        .show(ctx, |ui| {
            bottom(ui, &mut |ui: &mut egui::Ui| {
                ui.spacing_mut().item_spacing.x = if compact { 10.0 } else { 18.0 };
                // Two to a line on a narrow screen, of one width.
                let least = if narrow { 150.0 } else { 110.0 };
                let button = |words: &str| {
                    if compact {
                        egui::Button::new(egui::RichText::new(words).size(16.0).color(style::CREAM))
                            .min_size(egui::vec2(least, 34.0))
                            .corner_radius(egui::CornerRadius::same(10))
                    } else {
                        big_button(words)
                    }
                };
                if ui.add(button(tr.t("menu.online"))).clicked() {
                    go.push(Navigate::Menu(MenuPage::Online(Default::default())));
                }
                if ui.add(button(tr.t("menu.games"))).clicked() {
                    go.push(Navigate::Menu(MenuPage::Games));
                }
                if ui.add(button(tr.t("menu.settings"))).clicked() {
                    go.push(Navigate::Menu(MenuPage::Settings));
                }
                if ui.add(button(tr.t("menu.quit"))).clicked() {
                    go.push(Navigate::Quit);
                }
            });
        });
    if let Some(game) = opening.0 {
        opening_notice(ctx, tr, game);
    }
}

/// "Setting the table…" over the menu, painted at once: an egui area stays hidden on its first
/// frame, and the frame after the click may be the table's first, slow one.
fn opening_notice(ctx: &egui::Context, tr: &Tr, game: GameKind) {
    let words = tr.tf("menu.opening", &[("game", &game_name(tr, game))]);
    let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::new("menu-opening"));
    let painter = ctx.layer_painter(layer);
    let galley = painter.layout_no_wrap(words, egui::FontId::proportional(22.0), style::CREAM);
    let text = egui::Rect::from_center_size(ctx.content_rect().center(), galley.size());
    painter.add(panel_frame().paint(text));
    painter.galley(text.min, galley, style::CREAM);
}

fn game_card(
    ui: &mut egui::Ui,
    tr: &Tr,
    game: GameKind,
    (width, compact): (f32, bool),
    opening: &mut Opening,
    go: &mut Vec<Navigate>,
) {
    let frame = if compact {
        panel_frame().inner_margin(egui::Margin::same(14))
    } else {
        panel_frame()
    };
    // On a compact screen: the name and Play, Learn and Rules under one another, the tagline
    // on hover.
    let width = if compact { width + 16.0 } else { width };
    frame.show(ui, |ui| {
        ui.set_width(width);
        if !compact {
            ui.set_min_height(222.0);
        }
        ui.vertical_centered(|ui| {
            let tagline = tr
                .t(&format!("game.{}.tagline", game.cli_name()))
                .to_string();
            let name = ui.label(
                egui::RichText::new(game_name(tr, game))
                    .size(if compact { 19.0 } else { 30.0 })
                    .color(style::BRASS)
                    .strong(),
            );
            if compact {
                name.on_hover_text(tagline);
                ui.add_space(4.0);
                play_button(ui, tr, (game, 17.0, egui::vec2(width, 34.0)), opening, go);
                ui.scope(|ui| learn_and_rules(ui, tr, game, width, go));
                tool_buttons(ui, tr, game, go, 14.0);
                return;
            }
            ui.add_space(6.0);
            ui.label(egui::RichText::new(tagline).size(17.0).color(style::CREAM));
            ui.add_space(14.0);
            ui.horizontal(|ui| {
                // Play, Learn and Rules side by side, as wide as the card allows; their words
                // smaller where the three do not fit it at 20 points (the longer languages).
                ui.spacing_mut().item_spacing.x = 10.0;
                let gap = ui.spacing().item_spacing.x;
                let padding = 2.0 * ui.spacing().button_padding.x;
                let room = ui.available_width() - 2.0 * gap - 3.0 * padding;
                let words = ["menu.play", "menu.learn", "menu.rules"]
                    .map(|key| words_width(ui, tr.t(key), 20.0) * 1.03)
                    .iter()
                    .sum::<f32>();
                let size = if words > room {
                    (20.0 * room / words).floor().max(14.0)
                } else {
                    20.0
                };
                let each = ((ui.available_width() - 2.0 * gap) / 3.0).min(130.0);
                let buttons_width = 3.0 * each + 2.0 * gap;
                ui.add_space(((ui.available_width() - buttons_width) * 0.5).max(0.0));
                play_button(ui, tr, (game, size, egui::vec2(each, 40.0)), opening, go);
                let learn = egui::Button::new(egui::RichText::new(tr.t("menu.learn")).size(size))
                    .min_size(egui::vec2(each, 40.0));
                if ui.add(learn).clicked() {
                    go.push(Navigate::Menu(MenuPage::Learn(game)));
                }
                let rules = egui::Button::new(egui::RichText::new(tr.t("menu.rules")).size(size))
                    .min_size(egui::vec2(each, 40.0));
                if ui.add(rules).clicked() {
                    go.push(Navigate::Menu(MenuPage::Rules(game)));
                }
            });
            tool_buttons(ui, tr, game, go, 16.0);
        });
    });
}

/// A compact card's Learn and Rules side by side, `width` points across: half the width each
/// where both words fit so, else each as wide as its words and an even share of the rest. Words
/// too long for the card (however long the language makes them) are drawn smaller, down to
/// [`SMALLEST_CARD_WORDS`]; longer still, each button is cut to half the card, its words whole
/// on hover.
fn learn_and_rules(ui: &mut egui::Ui, tr: &Tr, game: GameKind, width: f32, go: &mut Vec<Navigate>) {
    // Narrower sides than the panels' buttons: the card is narrow.
    ui.spacing_mut().button_padding.x = 8.0;
    let gap = ui.spacing().item_spacing.x;
    let padding = 2.0 * ui.spacing().button_padding.x;
    let buttons = [
        ("menu.learn", MenuPage::Learn(game)),
        ("menu.rules", MenuPage::Rules(game)),
    ]
    .map(|(key, page)| (tr.t(key), page));
    let room = width - gap - 2.0 * padding;
    let at = |ui: &egui::Ui, size: f32| {
        buttons
            .iter()
            .map(|(words, _)| words_width(ui, words, size))
            .sum::<f32>()
    };
    let mut size = 15.0;
    let wide = at(ui, size);
    if wide > room {
        size = (size * room / wide).floor().max(SMALLEST_CARD_WORDS);
    }
    let fits = at(ui, size) <= room;
    let half = (width - gap) / 2.0;
    let naturals = buttons.map(|(words, _)| words_width(ui, words, size) + padding);
    let spare = (width - gap - naturals.iter().sum::<f32>()).max(0.0);
    ui.horizontal(|ui| {
        for ((words, page), natural) in buttons.into_iter().zip(naturals) {
            let text = egui::RichText::new(words).size(size);
            let clicked = if !fits {
                let b = egui::Button::new(text).truncate();
                ui.add_sized([half, 30.0], b).on_hover_text(words).clicked()
            } else {
                let each = if naturals.iter().all(|n| *n <= half) {
                    half
                } else {
                    natural + spare / 2.0
                };
                ui.add(egui::Button::new(text).min_size(egui::vec2(each, 30.0)))
                    .clicked()
            };
            if clicked {
                go.push(Navigate::Menu(page));
            }
        }
    });
}

/// The width of `words` on a button, `size` points, on one line.
fn words_width(ui: &egui::Ui, words: &str, size: f32) -> f32 {
    style::button_words_width(ui, egui::RichText::new(words).size(size))
}

/// The smallest words of a compact card's buttons, in points.
const SMALLEST_CARD_WORDS: f32 = 12.0;

/// A game card's Play: its words `size` points, at least `min` big. One table at a time: it
/// waits while one is being set.
fn play_button(
    ui: &mut egui::Ui,
    tr: &Tr,
    (game, size, min): (GameKind, f32, egui::Vec2),
    opening: &mut Opening,
    go: &mut Vec<Navigate>,
) {
    let play = egui::Button::new(egui::RichText::new(tr.t("menu.play")).size(size).strong())
        .min_size(min)
        .fill(egui::Color32::from_rgb(0x8c, 0x62, 0x34));
    if ui.add_enabled(opening.0.is_none(), play).clicked() {
        opening.0 = Some(game);
        go.push(Navigate::Table(game));
    }
}

/// The game's own tools under its card's buttons (the Snēlab books), in words `size` points.
fn tool_buttons(ui: &mut egui::Ui, tr: &Tr, game: GameKind, go: &mut Vec<Navigate>, size: f32) {
    let tools = super::TABLES
        .iter()
        .find(|t| t.game == game)
        .map_or(&[][..], |t| t.tools);
    for tool in tools {
        ui.add_space(if size < 16.0 { 3.0 } else { 6.0 });
        // Words too long for the card wrap inside the button.
        let button = egui::Button::new(egui::RichText::new(tr.t(tool.label)).size(size)).wrap();
        if ui.add(button).clicked() {
            go.push(Navigate::Menu(MenuPage::Tool(game, tool.id)));
        }
    }
}

/// A centred page of the menu with a heading and a Back button.
pub(crate) fn page(
    ctx: &egui::Context,
    id: &str,
    heading: &str,
    max_width: f32,
    tr: &Tr,
    go: &mut MessageWriter<Navigate>,
    body: impl FnOnce(&mut egui::Ui),
) {
    // A compact screen (a large interface scale) gives the page its height: a smaller heading,
    // nearer the top, and what does not fit scrolls.
    style::page(ctx, id, max_width, 48.0, |ui, compact| {
        // On a narrow screen the heading wraps in the room Back leaves it ("Rules of Ash &
        // Walnut" ran past the screen's edge).
        if style::narrow(ui.ctx()) {
            style::ended_by(
                ui,
                |ui| {
                    if ui
                        .add(style::page_button(tr.t("menu.back"), compact))
                        .clicked()
                    {
                        go.write(Navigate::Menu(MenuPage::Main));
                    }
                },
                |ui| {
                    ui.add(egui::Label::new(style::brass(heading, 22.0).strong()).wrap());
                },
            );
            ui.separator();
            style::page_body(ui, body);
            return;
        }
        ui.horizontal(|ui| {
            ui.label(
                egui::RichText::new(heading)
                    .size(if compact { 22.0 } else { 32.0 })
                    .color(style::BRASS)
                    .strong(),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .add(style::page_button(tr.t("menu.back"), compact))
                    .clicked()
                {
                    go.write(Navigate::Menu(MenuPage::Main));
                }
            });
        });
        ui.separator();
        style::page_body(ui, body);
    });
}

/// What a rules scene names to show the page's last section, the online table's
/// (`--scene rules-hive-online`).
pub const ONLINE_SECTION: &str = "online";

/// A game's rules page, with its figures drawn in place; scrolled so the figure `at` shows
/// (its heading and the text just above it too) when one is named, or the online table's
/// section for [`ONLINE_SECTION`].
fn rules_page(
    ctx: &egui::Context,
    tr: &Tr,
    pages: &rules_pages::Pages,
    game: GameKind,
    at: Option<&str>,
    go: &mut MessageWriter<Navigate>,
) {
    let heading = tr.tf("rules.title", &[("game", &game_name(tr, game))]);
    let height = (ctx.content_rect().height() - 240.0).max(200.0);
    page(ctx, "rules", &heading, 920.0, tr, go, |ui| {
        egui::ScrollArea::vertical()
            .max_height(height)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                let mut figure = |ui: &mut egui::Ui, name: &str, section: f32| {
                    let shown = figures::show(ui, tr, name);
                    if let Some(r) = shown
                        && at == Some(name)
                    {
                        // The figure's heading too, unless its section is long.
                        let top = section.max(r.rect.top() - 160.0) - 8.0;
                        let above =
                            egui::Rect::from_min_max(egui::pos2(r.rect.left(), top), r.rect.max);
                        ui.scroll_to_rect_animation(
                            above,
                            Some(egui::Align::TOP),
                            egui::style::ScrollAnimation::none(),
                        );
                    }
                };
                match pages.text(game, tr.lang()) {
                    Ok(text) => {
                        let sections = markdown::show(ui, text, &mut figure);
                        // The online table's section is each page's last.
                        if at == Some(ONLINE_SECTION)
                            && let Some(last) = sections.last()
                        {
                            ui.scroll_to_rect_animation(
                                last.expand(8.0),
                                Some(egui::Align::TOP),
                                egui::style::ScrollAnimation::none(),
                            );
                        }
                    }
                    Err(path) => {
                        ui.label(tr.tf("rules.unreadable", &[("file", &path)]));
                    }
                }
            });
    });
}

/// What the settings' "Your key" section works on.
#[derive(bevy::ecs::system::SystemParam)]
struct You<'w> {
    key: ResMut<'w, crate::app::identity::PlayerKey>,
    form: ResMut<'w, crate::app::kit::online_panels::OnlineForm>,
    store: ResMut<'w, crate::app::save::SaveStore>,
    notices: ResMut<'w, Notices>,
}

/// A setting of three choices, in a row, named by the keys `group.word` of `words`: as the
/// system (or the renderer) suits (`None`: the first word where that is off now, the second
/// where `auto_on`); off (`Some(false)`, the third); on (`Some(true)`, the fourth). The last
/// choice's button, for its hint.
fn either_or_auto(
    ui: &mut egui::Ui,
    tr: &Tr,
    value: &mut Option<bool>,
    auto_on: bool,
    (group, [auto_off, auto_on_word, off, on]): (&str, [&str; 4]),
) -> egui::Response {
    let say = |word: &str| tr.t(&format!("{group}.{word}")).to_string();
    ui.selectable_value(
        value,
        None,
        say(if auto_on { auto_on_word } else { auto_off }),
    );
    ui.selectable_value(value, Some(false), say(off));
    ui.selectable_value(value, Some(true), say(on))
}

/// The settings page; `cpu_renderer`: the frame is drawn by the processor (the light look's
/// automatic choice).
#[allow(clippy::too_many_arguments)]
fn settings_page(
    ctx: &egui::Context,
    tr: &Tr,
    active: &ActiveSettings,
    cpu_renderer: bool,
    go: &mut MessageWriter<Navigate>,
    change: &mut MessageWriter<ChangeSettings>,
    you: &mut You,
) {
    let mut asked = Vec::new();
    let mut s = active.0.clone();
    page(
        ctx,
        "settings",
        tr.t("settings.title"),
        640.0,
        tr,
        go,
        |ui| {
            let compact = style::compact(ui.ctx());
            let grid = ("settings-grid", egui::vec2(28.0, 18.0));
            settings_rows(ui, grid, compact, |ui, row| {
                row(ui, tr.t("settings.language"), &mut |ui| {
                    choices(ui, |ui| {
                        for lang in Lang::ALL {
                            ui.selectable_value(&mut s.lang, lang, lang.native_name());
                        }
                    });
                });

                row(ui, tr.t("settings.master_volume"), &mut |ui| {
                    let mut master = s.master_volume * 100.0;
                    ui.add(
                        egui::Slider::new(&mut master, 0.0..=100.0)
                            .suffix(" %")
                            .integer(),
                    );
                    s.master_volume = master / 100.0;
                });

                row(ui, tr.t("settings.effects_volume"), &mut |ui| {
                    let mut effects = s.effects_volume * 100.0;
                    ui.add(
                        egui::Slider::new(&mut effects, 0.0..=100.0)
                            .suffix(" %")
                            .integer(),
                    );
                    s.effects_volume = effects / 100.0;
                });

                row(ui, tr.t("settings.starting_purse"), &mut |ui| {
                    ui.add(
                        egui::DragValue::new(&mut s.starting_purse)
                            .range(MIN_PURSE..=MAX_PURSE)
                            .speed(1),
                    );
                });

                row(ui, tr.t("settings.motion"), &mut |ui| {
                    let reduced = crate::settings::system_reduces_motion();
                    let words = ["system_full", "system_reduced", "full", "reduced"];
                    choices(ui, |ui| {
                        either_or_auto(
                            ui,
                            tr,
                            &mut s.reduced_motion,
                            reduced,
                            ("settings.motion", words),
                        )
                        .on_hover_text(tr.t("settings.motion.hint"));
                    });
                });

                row(ui, tr.t("settings.look"), &mut |ui| {
                    let words = ["auto_full", "auto_light", "full", "light"];
                    choices(ui, |ui| {
                        either_or_auto(
                            ui,
                            tr,
                            &mut s.light_look,
                            cpu_renderer,
                            ("settings.look", words),
                        )
                        .on_hover_text(tr.t("settings.look.hint"));
                    });
                });

                row(ui, tr.t("settings.scale"), &mut |ui| {
                    let mut percent = s.ui_scale * 100.0;
                    ui.add(
                        egui::Slider::new(&mut percent, 100.0..=200.0)
                            .suffix(" %")
                            .step_by(10.0)
                            .integer(),
                    );
                    s.ui_scale = percent / 100.0;
                });

                row(ui, tr.t("settings.marks"), &mut |ui| {
                    ui.checkbox(&mut s.colour_safe_marks, tr.t("settings.marks.safe"))
                        .on_hover_text(tr.t("settings.marks.hint"));
                });

                row(ui, tr.t("settings.server"), &mut |ui| {
                    let width = ui.available_width().min(320.0);
                    ui.add(
                        egui::TextEdit::singleline(&mut s.server)
                            .char_limit(crate::settings::MAX_SERVER_CHARS)
                            .hint_text(crate::settings::DEFAULT_SERVER)
                            .desired_width(width),
                    );
                });
            });
            ui.label(
                egui::RichText::new(tr.t("settings.starting_purse_hint"))
                    .small()
                    .color(style::MUTED),
            );
            crate::app::player::key::key_section(
                ui,
                tr,
                &mut you.key,
                &mut you.form,
                &mut you.store,
                &mut you.notices,
                &mut asked,
            );
        },
    );
    go.write_batch(asked);
    if s != active.0 {
        change.write(ChangeSettings(s));
    }
}

/// One setting's row: its name and what sets it.
pub(crate) type SettingsRow<'a> =
    dyn FnMut(&mut egui::Ui, &str, &mut dyn FnMut(&mut egui::Ui)) + 'a;

/// The settings' rows as `add` draws them (with the grid's id `grid`): a grid of two columns,
/// each name left of what sets it; on a `compact` screen one column, each name over what sets it, so that long names and
/// long choices (however long the language makes them) keep inside the page.
pub(crate) fn settings_rows(
    ui: &mut egui::Ui,
    (grid, spacing): (&str, egui::Vec2),
    compact: bool,
    add: impl FnOnce(&mut egui::Ui, &mut SettingsRow),
) {
    if compact {
        ui.vertical(|ui| {
            ui.spacing_mut().item_spacing.y = 6.0;
            add(ui, &mut |ui, name, control| {
                ui.label(style::ash(name, 16.0));
                control(ui);
                ui.add_space(6.0);
            });
        });
    } else {
        egui::Grid::new(grid)
            .num_columns(2)
            .spacing(spacing)
            .show(ui, |ui| {
                add(ui, &mut |ui, name, control| {
                    ui.label(name);
                    control(ui);
                    ui.end_row();
                });
            });
    }
}

/// A setting's choices in a row, going on in the next where the page is too narrow for them.
fn choices(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    ui.horizontal_wrapped(add);
}

fn notices_ui(mut contexts: EguiContexts, notices: Res<Notices>) -> Result {
    if notices.items.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("notices"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 84.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            for notice in &notices.items {
                panel_frame()
                    .inner_margin(egui::Margin::same(12))
                    .show(ui, |ui| {
                        ui.label(egui::RichText::new(&notice.text).color(style::CREAM));
                    });
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Strings;

    /// The words a frame drew (each with where), and what it asked for.
    type Drawn = (Vec<(String, egui::Rect)>, Vec<Navigate>);

    /// A 1280×720 menu page in the game's fonts, frame after frame.
    struct Menu {
        ctx: egui::Context,
        tr: Tr,
        opening: Opening,
    }

    impl Menu {
        fn new() -> Menu {
            let ctx = egui::Context::default();
            ctx.set_fonts(style::font_definitions());
            Menu {
                ctx,
                tr: Tr(Strings::new(Lang::En)),
                opening: Opening::default(),
            }
        }

        /// One frame with `events`: the words drawn (each with where) and what was asked.
        fn frame(&mut self, events: Vec<egui::Event>) -> Drawn {
            let input = crate::app::kit::harness::window_input(None, events);
            let mut asked = Vec::new();
            let mut out = self.ctx.run_ui(input, |ui| {
                main_page(ui.ctx(), &self.tr, &mut self.opening, &mut asked)
            });
            let shapes = std::mem::take(&mut out.shapes);
            out.drop_without_applying_deltas();
            let words = crate::app::kit::harness::painted_words(&shapes);
            (words, asked)
        }

        /// A press and a release at `at`, a frame each.
        fn click(&mut self, at: egui::Pos2) -> Vec<Drawn> {
            let button = |pressed| egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            };
            vec![
                self.frame(vec![egui::Event::PointerMoved(at), button(true)]),
                self.frame(vec![button(false)]),
            ]
        }
    }

    fn said<'a>(words: &'a [(String, egui::Rect)], text: &str) -> Vec<&'a egui::Rect> {
        words
            .iter()
            .filter(|(w, _)| w == text)
            .map(|(_, r)| r)
            .collect()
    }

    #[test]
    fn the_main_page_offers_each_game_and_settings_and_quit() {
        let mut menu = Menu::new();
        // The first pass sizes the new areas; the second lays them out.
        menu.frame(Vec::new());
        let (words, asked) = menu.frame(Vec::new());
        assert!(asked.is_empty());
        assert_eq!(said(&words, "Play").len(), 3, "{words:?}");
        assert_eq!(said(&words, "Rules").len(), 3);
        assert_eq!(said(&words, "Settings").len(), 1);
        assert_eq!(said(&words, "Play online").len(), 1);
        assert_eq!(said(&words, "Quit").len(), 1);
        for game in GameKind::ALL {
            assert_eq!(
                said(&words, &game_name(&menu.tr, game)).len(),
                1,
                "{game:?}"
            );
        }
        // Nothing is being opened: no notice.
        assert!(
            !words
                .iter()
                .any(|(w, _)| w.starts_with("Setting the table"))
        );
    }

    #[test]
    fn a_click_on_play_asks_for_the_table_and_says_so_at_once_and_once() {
        let mut menu = Menu::new();
        menu.frame(Vec::new());
        let (words, _) = menu.frame(Vec::new());
        // The cards stand left to right in GameKind::ALL's order.
        let mut plays = said(&words, "Play");
        plays.sort_by(|a, b| a.left().total_cmp(&b.left()));
        let hive = GameKind::ALL
            .iter()
            .position(|g| *g == GameKind::Hive)
            .unwrap();
        let frames = menu.click(plays[hive].center());
        let asked: Vec<Navigate> = frames.iter().flat_map(|(_, a)| a.clone()).collect();
        assert_eq!(asked, [Navigate::Table(GameKind::Hive)]);
        // The frame that heard the click already says it.
        let (words, _) = frames.last().unwrap();
        assert_eq!(
            said(words, "Setting the table: Ash & Walnut…").len(),
            1,
            "{words:?}"
        );
        // While the table is being set, another Play asks for nothing more.
        let snelab = GameKind::ALL
            .iter()
            .position(|g| *g == GameKind::Snelab)
            .unwrap();
        let frames = menu.click(plays[snelab].center());
        assert!(frames.iter().all(|(_, a)| a.is_empty()));
        let (words, _) = frames.last().unwrap();
        assert_eq!(said(words, "Setting the table: Ash & Walnut…").len(), 1);
        assert_eq!(menu.opening, Opening(Some(GameKind::Hive)));
    }
}
