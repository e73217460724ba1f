//! The menu's Games page (`MenuPage::Games`): this device's finished games, newest first, each
//! opening as a replay at its table (or removed); and a record pasted (a file's text, a UHP
//! GameString) opening the same way.

use super::OpenReplay;
use crate::app::menu::page;
use crate::app::screens::{MenuPage, Navigate, Screen};
use crate::app::style;
use crate::i18n::Tr;
use crate::rules::GameKind;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// What the Games page holds between frames: the pasted text and what opening it said.
#[derive(Resource, Default, Debug, Clone)]
pub struct GamesPage {
    pub pasted: String,
    /// Why the pasted text did not open (in the reader's words).
    pub error: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GamesPage>().add_systems(
        EguiPrimaryContextPass,
        games_page.run_if(in_state(Screen::Menu)),
    );
}

/// Reads `text` as any game's record and asks its table to open it, or says why it cannot.
pub fn open_text(
    tr: &Tr,
    text: &str,
    open: &mut MessageWriter<OpenReplay>,
) -> Result<GameKind, String> {
    let replay = match crate::review::read(text) {
        Ok(replay) => replay,
        // A position typed in its game's notation opens as a replay of no action, to analyse.
        Err(e) => {
            position(text).ok_or_else(|| tr.tf("games.unreadable", &[("why", &e.to_string())]))?
        }
    };
    let game = replay.kind();
    let names = crate::play::archive::side_names(text, &replay);
    open.write(OpenReplay::new(replay, names));
    Ok(game)
}

/// A position typed in a game's notation, on one line: a Snēlab court string
/// (`barjrab/7/7/7/7/7/BARJRAB S +a`) or an Artifact Chess position string (a plain FEN
/// without queens reads too); Ash & Walnut's GameStrings are records already.
pub fn position(text: &str) -> Option<crate::review::Replay> {
    use crate::review::analysis::read;
    use crate::review::{Line, Replay};
    let text = text.trim();
    if text.is_empty() || text.contains('\n') {
        return None;
    }
    if let Ok(pos) = read::<crate::rules::snelab::Position>(text) {
        return Some(Replay::Snelab(Line::new(pos)));
    }
    read::<crate::rules::chess::State>(text)
        .ok()
        .map(|s| Replay::Chess(Line::new(s)))
}

fn games_page(
    mut contexts: EguiContexts,
    page_on: Res<MenuPage>,
    tr: Res<Tr>,
    mut state: ResMut<GamesPage>,
    mut go: MessageWriter<Navigate>,
    mut open: MessageWriter<OpenReplay>,
    options: Option<Res<crate::launch::LaunchOptions>>,
    mut staged: Local<bool>,
    mut archive: ResMut<super::archive::GamesArchive>,
    mut out: crate::app::kit::Outbox,
) -> Result {
    if *page_on != MenuPage::Games {
        return Ok(());
    }
    // The `games-list` scene shows a record pasted, ready to open.
    if !*staged
        && options
            .as_deref()
            .is_some_and(|o| o.scene == crate::launch::Scene::GamesPage)
    {
        *staged = true;
        if let Some(crate::review::Replay::Hive(line)) = super::scenes::scene_replay(GameKind::Hive)
        {
            state.pasted = line.last().game_string();
        }
        // Oldest first: the list shows the newest first.
        for entry in super::scenes::scene_archive().into_iter().rev() {
            archive.0.push(entry);
        }
    }
    let ctx = contexts.ctx_mut()?;
    let mut asked = false;
    let mut listed = None;
    let height = (ctx.content_rect().height() - 520.0).max(140.0);
    page(
        ctx,
        "games",
        tr.t("games.title"),
        760.0,
        &tr,
        &mut go,
        |ui| {
            listed = finished(ui, &tr, &archive.0, height);
            ui.add_space(10.0);
            style::title(ui, tr.t("games.paste"), 22.0);
            ui.add(egui::Label::new(style::muted(tr.t("games.paste.about"), 15.0)).wrap());
            ui.add_space(6.0);
            egui::ScrollArea::vertical()
                .id_salt("games-paste")
                .max_height(220.0)
                .show(ui, |ui| {
                    ui.add(
                        egui::TextEdit::multiline(&mut state.pasted)
                            .font(egui::FontId::monospace(13.0))
                            .desired_rows(8)
                            .desired_width(f32::INFINITY)
                            .hint_text(tr.t("games.paste.hint")),
                    );
                });
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(
                        !state.pasted.trim().is_empty(),
                        egui::Button::new(style::cream(tr.t("games.open"), 16.0)),
                    )
                    .clicked()
                {
                    asked = true;
                }
                if ui.button(tr.t("games.clear")).clicked() {
                    state.pasted.clear();
                    state.error = None;
                }
            });
            if let Some(why) = &state.error {
                ui.add_space(4.0);
                ui.add(egui::Label::new(style::text(why, 15.0, style::RED)).wrap());
            }
        },
    );
    if asked {
        let text = state.pasted.clone();
        state.error = open_text(&tr, &text, &mut open).err();
    }
    match listed {
        Some(Listed::Open(i)) => {
            let text = archive
                .0
                .get(i)
                .map(|a| a.record.clone())
                .unwrap_or_default();
            state.error = open_text(&tr, &text, &mut open).err();
        }
        Some(Listed::Remove(i)) if archive.0.remove(i).is_some() => {
            out.save(&archive.0, "games.save_failed");
        }
        Some(Listed::Remove(_)) | None => {}
    }
    Ok(())
}

/// What the list asks of a game on it.
enum Listed {
    Open(usize),
    Remove(usize),
}

/// The finished games of this device, newest first: when, which game, against whom, how it
/// ended, how long; Open and Remove.
fn finished(
    ui: &mut egui::Ui,
    tr: &Tr,
    archive: &crate::play::archive::Archive,
    height: f32,
) -> Option<Listed> {
    style::title(ui, tr.t("games.finished"), 22.0);
    if archive.is_empty() {
        ui.label(style::muted(tr.t("games.none"), 15.0));
        return None;
    }
    let mut listed = None;
    // On a compact screen the six columns do not fit: each game in one cell of three lines
    // (which game, against whom, when · how it ended · how long) beside its two buttons.
    let compact = style::compact(ui.ctx());
    // On a narrow screen (a phone held upright) each game in two rows: which game and when
    // beside Replay; against whom, how it ended and how long beside Remove.
    if style::narrow(ui.ctx()) {
        egui::ScrollArea::vertical()
            .id_salt("games-finished")
            .max_height(height)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                for (i, g) in archive.list().enumerate() {
                    let w = game_words(tr, g);
                    style::stripe(i).show(ui, |ui| {
                        ui.spacing_mut().item_spacing.y = 2.0;
                        let open = style::ended_by(
                            ui,
                            |ui| ui.button(tr.t("games.open_one")).clicked(),
                            |ui| {
                                ui.add(egui::Label::new(style::brass(w.name, 15.0)).truncate());
                            },
                        );
                        let remove = style::ended_by(
                            ui,
                            |ui| ui.button(tr.t("games.remove")).clicked(),
                            |ui| {
                                ui.vertical(|ui| {
                                    ui.spacing_mut().item_spacing.y = 0.0;
                                    if !w.against.is_empty() {
                                        ui.add(
                                            egui::Label::new(style::cream(&w.against, 14.0))
                                                .truncate(),
                                        )
                                        .on_hover_text(&w.against);
                                    }
                                    // Each whole, on the next line where it does not fit.
                                    ui.horizontal_wrapped(|ui| {
                                        let (result, colour) = &w.result;
                                        for words in [
                                            style::muted(&w.when, 12.0),
                                            style::text(result, 13.0, *colour).strong(),
                                            style::muted(&w.plies, 12.0),
                                        ] {
                                            ui.add(egui::Label::new(words).extend());
                                        }
                                    });
                                });
                            },
                        );
                        if open {
                            listed = Some(Listed::Open(i));
                        }
                        if remove {
                            listed = Some(Listed::Remove(i));
                        }
                    });
                }
            });
        return listed;
    }
    egui::ScrollArea::vertical()
        .id_salt("games-finished")
        .max_height(height)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let cell = (ui.available_width() - 220.0).max(160.0);
            egui::Grid::new("games-finished-grid")
                .num_columns(if compact { 3 } else { 6 })
                .spacing([14.0, 6.0])
                .striped(true)
                .show(ui, |ui| {
                    for (i, g) in archive.list().enumerate() {
                        let Words {
                            name,
                            against,
                            result: (words, colour),
                            plies,
                            when,
                        } = game_words(tr, g);
                        let when = when.as_str();
                        if compact {
                            ui.allocate_ui_with_layout(
                                egui::vec2(cell, 50.0),
                                egui::Layout::top_down(egui::Align::Min),
                                |ui| {
                                    ui.set_width(cell);
                                    ui.spacing_mut().item_spacing.y = 0.0;
                                    ui.add(egui::Label::new(style::brass(name, 15.0)).truncate());
                                    if !against.is_empty() {
                                        ui.add(
                                            egui::Label::new(style::cream(against, 14.0))
                                                .truncate(),
                                        );
                                    }
                                    ui.horizontal(|ui| {
                                        ui.label(style::muted(when, 12.0));
                                        ui.label(style::text(words, 13.0, colour).strong());
                                        ui.label(style::muted(plies, 12.0));
                                    });
                                },
                            );
                        } else {
                            ui.allocate_ui_with_layout(
                                egui::vec2(150.0, 34.0),
                                egui::Layout::top_down(egui::Align::Min),
                                |ui| {
                                    ui.set_width(150.0);
                                    ui.spacing_mut().item_spacing.y = 0.0;
                                    ui.add(egui::Label::new(style::brass(name, 15.0)).truncate());
                                    ui.label(style::muted(when, 12.0));
                                },
                            );
                            ui.add_sized(
                                [200.0, 20.0],
                                egui::Label::new(style::cream(against, 15.0)).truncate(),
                            );
                            ui.label(style::text(words, 15.0, colour).strong());
                            ui.label(style::muted(plies, 14.0));
                        }
                        if ui.button(tr.t("games.open_one")).clicked() {
                            listed = Some(Listed::Open(i));
                        }
                        if ui.button(tr.t("games.remove")).clicked() {
                            listed = Some(Listed::Remove(i));
                        }
                        ui.end_row();
                    }
                });
        });
    listed
}

/// A finished game's words on the list: which game, against whom (empty where the record
/// names nobody), how it ended (and its colour), how long, and when.
struct Words {
    name: String,
    against: String,
    result: (String, egui::Color32),
    plies: String,
    when: String,
}

fn game_words(tr: &Tr, g: &crate::play::archive::Archived) -> Words {
    use crate::play::archive::ArchivedResult;
    // A record from elsewhere may name nobody.
    let against = if g.opponent.trim().is_empty() {
        String::new()
    } else {
        tr.tf("lobby.against", &[("name", &g.opponent)])
    };
    let (words, colour) = match g.result {
        ArchivedResult::Won => (tr.t("player.won").to_string(), style::GREEN),
        ArchivedResult::Lost => (tr.t("player.lost").to_string(), style::RED),
        ArchivedResult::Draw => (tr.t("player.drawn").to_string(), style::CREAM),
        ArchivedResult::Winner(side) => (
            tr.tf("games.winner", &[("side", &side_word(tr, side))]),
            style::CREAM,
        ),
        ArchivedResult::Unfinished => (tr.t("games.unfinished").to_string(), style::MUTED),
    };
    let plies = tr.tf("games.plies", &[("n", &g.plies.to_string())]);
    let when = g.finished.replace('T', " ");
    let when = when.trim_end_matches('Z');
    let when = when.get(..16).unwrap_or(when);
    Words {
        name: crate::app::menu::game_name(tr, g.game).to_string(),
        against,
        result: (words, colour),
        plies,
        when: when.to_string(),
    }
}

/// A side's name in the player's language ("white", "ash", "South").
fn side_word(tr: &Tr, side: crate::play::archive::ArchivedSide) -> String {
    use crate::play::archive::ArchivedSide as S;
    let key = match side {
        S::White => "games.side.white",
        S::Black => "games.side.black",
        S::Ash => "games.side.ash",
        S::Walnut => "games.side.walnut",
        S::South => "games.side.south",
        S::North => "games.side.north",
    };
    tr.t(key).to_string()
}
