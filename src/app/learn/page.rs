//! The Learn page of the menu (`MenuPage::Learn(game)`): each game's course with the lessons
//! done ticked, and its practice positions with the count solved; and the offer of Learn made
//! once to a first-time player over the main menu.

use super::{Learn, LearnWhat, Learning};
use crate::app::menu::{game_name, page};
use crate::app::save::SaveStore;
use crate::app::screens::{MenuPage, Navigate, Screen};
use crate::app::style::{self, panel_frame};
use crate::i18n::Tr;
use crate::launch::{LaunchOptions, Scene};
use crate::rules::GameKind;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (learn_page, first_time_offer).run_if(in_state(Screen::Menu)),
    );
}

/// The Learn page.
#[allow(clippy::too_many_arguments)]
fn learn_page(
    mut contexts: EguiContexts,
    page_on: Res<MenuPage>,
    tr: Res<Tr>,
    mut learning: ResMut<Learning>,
    mut go: MessageWriter<Navigate>,
    mut learn: MessageWriter<Learn>,
    options: Option<Res<LaunchOptions>>,
    mut staged: Local<bool>,
) -> Result {
    let MenuPage::Learn(game) = *page_on else {
        return Ok(());
    };
    // The `learn-menu` scene shows a player some way into the courses.
    if !*staged
        && options
            .as_deref()
            .is_some_and(|o| o.scene == Scene::LearnPage)
    {
        *staged = true;
        for (id, _) in learning.lessons(game).into_iter().take(3) {
            learning.progress.finish_lesson(game, id);
        }
        if let Ok(set) = learning.set(game) {
            for p in set.puzzles.iter().step_by(4).take(9) {
                learning.progress.solve_puzzle(game, &p.id);
            }
        }
    }
    let ctx = contexts.ctx_mut()?;
    let height = (ctx.content_rect().height() - 250.0).max(200.0);
    let texts = learning.texts(game, tr.0.lang());
    let lessons = learning.lessons(game);
    let set = learning.set(game);
    let mut asked: Asked = Vec::new();
    page(
        ctx,
        "learn",
        tr.t("learn.title"),
        860.0,
        &tr,
        &mut go,
        |ui| {
            // On a narrow screen (a phone held upright) the games wrap to a second line.
            let games = |ui: &mut egui::Ui| {
                for g in GameKind::ALL {
                    if crate::app::kit::choice(ui, g == game, &game_name(&tr, g)).clicked()
                        && g != game
                    {
                        asked.push(Err(Navigate::Menu(MenuPage::Learn(g))));
                    }
                }
            };
            if style::narrow(ui.ctx()) {
                ui.horizontal_wrapped(games);
            } else {
                ui.horizontal(games);
            }
            ui.add_space(4.0);
            ui.add(egui::Label::new(style::muted(texts.about.clone(), 15.0)).wrap());
            ui.add_space(8.0);
            egui::ScrollArea::vertical()
                .max_height(height)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    // Side by side where there is room, the lessons above the positions elsewhere.
                    if ui.available_width() >= 720.0 {
                        ui.columns(2, |c| {
                            lessons_ui(
                                &mut c[0], &tr, &learning, game, &lessons, &texts, &mut asked,
                            );
                            puzzles_ui(&mut c[1], &tr, &learning, game, &set, &mut asked);
                        });
                    } else {
                        lessons_ui(ui, &tr, &learning, game, &lessons, &texts, &mut asked);
                        ui.add_space(14.0);
                        puzzles_ui(ui, &tr, &learning, game, &set, &mut asked);
                    }
                });
        },
    );
    for a in asked {
        match a {
            Ok(what) => {
                learn.write(Learn { game, what });
            }
            Err(to) => {
                go.write(to);
            }
        }
    }
    Ok(())
}

type Asked = Vec<Result<LearnWhat, Navigate>>;

/// The course: each lesson with its tick, title and Start (or Again).
fn lessons_ui(
    ui: &mut egui::Ui,
    tr: &Tr,
    learning: &Learning,
    game: GameKind,
    lessons: &[(&'static str, usize)],
    texts: &crate::learn::texts::CourseText,
    asked: &mut Asked,
) {
    let done = learning.progress.lessons_done(game);
    ui.horizontal(|ui| {
        ui.label(style::brass(tr.t("learn.lessons"), 22.0).strong());
        let count = tr.tf(
            "learn.lessons_done",
            &[
                ("done", &done.to_string()),
                ("total", &lessons.len().to_string()),
            ],
        );
        ui.label(style::muted(count, 14.0));
    });
    // On a narrow screen each lesson's title wraps in the room its button leaves.
    if style::narrow(ui.ctx()) {
        for (i, (id, _)) in lessons.iter().enumerate() {
            let finished = learning.progress.lesson_done(game, id);
            let (mark, colour) = if finished {
                ("✔", style::GREEN)
            } else {
                ("·", style::MUTED)
            };
            let title = texts
                .lessons
                .get(*id)
                .map_or_else(|| id.to_string(), |t| t.title.clone());
            let words = if finished {
                tr.t("learn.again")
            } else {
                tr.t("learn.start")
            };
            let pressed = style::ended_by(
                ui,
                |ui| ui.button(style::cream(words, 15.0)).clicked(),
                |ui| {
                    ui.add_sized(
                        [18.0, 24.0],
                        egui::Label::new(style::text(mark, 18.0, colour)),
                    );
                    ui.add(
                        egui::Label::new(style::cream(format!("{}. {title}", i + 1), 17.0)).wrap(),
                    );
                },
            );
            if pressed {
                asked.push(Ok(LearnWhat::Lesson(i)));
            }
        }
        return;
    }
    egui::Grid::new("learn-lessons")
        .num_columns(3)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            for (i, (id, _)) in lessons.iter().enumerate() {
                let finished = learning.progress.lesson_done(game, id);
                let mark = if finished { "✔" } else { "·" };
                let colour = if finished { style::GREEN } else { style::MUTED };
                ui.label(style::text(mark, 18.0, colour));
                let title = texts
                    .lessons
                    .get(*id)
                    .map_or_else(|| id.to_string(), |t| t.title.clone());
                ui.label(style::cream(format!("{}. {title}", i + 1), 17.0));
                let words = if finished {
                    tr.t("learn.again")
                } else {
                    tr.t("learn.start")
                };
                if ui.button(style::cream(words, 15.0)).clicked() {
                    asked.push(Ok(LearnWhat::Lesson(i)));
                }
                ui.end_row();
            }
        });
}

/// The practice positions: the count solved, the next one, and each by its number.
fn puzzles_ui(
    ui: &mut egui::Ui,
    tr: &Tr,
    learning: &Learning,
    game: GameKind,
    set: &Result<std::sync::Arc<crate::learn::PuzzleSet>, String>,
    asked: &mut Asked,
) {
    ui.horizontal(|ui| {
        ui.label(style::brass(tr.t("learn.puzzles"), 22.0).strong());
    });
    match &set {
        Err(why) => {
            ui.label(style::text(
                tr.tf("learn.puzzles_damaged", &[("why", why)]),
                15.0,
                style::RED,
            ));
        }
        Ok(set) if set.puzzles.is_empty() => {
            ui.label(style::muted(tr.t("learn.puzzles_none"), 15.0));
        }
        Ok(set) => {
            let solved = set
                .puzzles
                .iter()
                .filter(|p| learning.progress.puzzle_solved(game, &p.id))
                .count();
            ui.horizontal_wrapped(|ui| {
                let count = tr.tf(
                    "learn.solved_count",
                    &[
                        ("solved", &solved.to_string()),
                        ("total", &set.puzzles.len().to_string()),
                    ],
                );
                ui.label(style::cream(count, 16.0));
                let next = set
                    .puzzles
                    .iter()
                    .position(|p| !learning.progress.puzzle_solved(game, &p.id));
                if let Some(next) = next
                    && ui
                        .add(egui::Button::new(
                            style::cream(tr.t("learn.next_puzzle"), 16.0).strong(),
                        ))
                        .clicked()
                {
                    asked.push(Ok(LearnWhat::Puzzle(next)));
                }
            });
            ui.add_space(4.0);
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing = egui::vec2(4.0, 4.0);
                for (i, p) in set.puzzles.iter().enumerate() {
                    let solved = learning.progress.puzzle_solved(game, &p.id);
                    let words = if solved {
                        style::text(format!("{}", i + 1), 14.0, style::GREEN).strong()
                    } else {
                        style::cream(format!("{}", i + 1), 14.0)
                    };
                    let kind = tr.t(&format!("learn.puzzle.kind.{}", p.kind)).to_string();
                    let b = egui::Button::new(words).min_size(egui::vec2(34.0, 26.0));
                    if ui.add(b).on_hover_text(kind).clicked() {
                        asked.push(Ok(LearnWhat::Puzzle(i)));
                    }
                }
            });
        }
    }
}

/// The offer of Learn, made once to a first-time player over the main menu (never in a
/// screenshot run but the `learn-offer` scene).
pub fn first_time_offer(
    mut contexts: EguiContexts,
    page_on: Res<MenuPage>,
    tr: Res<Tr>,
    mut learning: ResMut<Learning>,
    mut store: ResMut<SaveStore>,
    options: Option<Res<LaunchOptions>>,
    mut go: MessageWriter<Navigate>,
) -> Result {
    if *page_on != MenuPage::Main || learning.progress.offered {
        return Ok(());
    }
    let staged = options
        .as_deref()
        .map(|o| (o.scene.clone(), o.screenshot.is_some()));
    match staged {
        Some((Scene::LearnOffer, _)) | None | Some((_, false)) => {}
        Some(_) => return Ok(()),
    }
    let ctx = contexts.ctx_mut()?;
    let mut answer = None;
    egui::Area::new(egui::Id::new("learn-offer"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_width(440.0);
                ui.vertical_centered(|ui| {
                    ui.label(style::brass(tr.t("learn.offer.title"), 26.0).strong());
                    ui.add_space(6.0);
                    ui.add(egui::Label::new(style::cream(tr.t("learn.offer.text"), 17.0)).wrap());
                    ui.add_space(12.0);
                    ui.horizontal(|ui| {
                        ui.add_space(40.0);
                        let yes =
                            egui::Button::new(style::cream(tr.t("learn.offer.yes"), 19.0).strong())
                                .min_size(egui::vec2(170.0, 40.0))
                                .fill(egui::Color32::from_rgb(0x8c, 0x62, 0x34));
                        if ui.add(yes).clicked() {
                            answer = Some(true);
                        }
                        let no = egui::Button::new(style::cream(tr.t("learn.offer.no"), 17.0))
                            .min_size(egui::vec2(150.0, 40.0));
                        if ui.add(no).clicked() {
                            answer = Some(false);
                        }
                    });
                });
            });
        });
    if let Some(yes) = answer {
        learning.progress.offered = true;
        if let Err(e) = store.store(&learning.progress) {
            warn!("learning: the progress could not be saved: {}", e.0);
        }
        if yes {
            go.write(Navigate::Menu(MenuPage::Learn(GameKind::Snelab)));
        }
    }
    Ok(())
}
