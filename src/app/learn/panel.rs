//! At the table: the lesson's (or practice position's) panel — what to do, why a try was put
//! back, done — with Show me, Again, Next and Back to Learn; and, against the bot, the Hint
//! button (the `?` key too) with the hint's line of why. The end banner's count of hints
//! comes from [`super::Hints`].

use super::{AskHint, Hints, Learn, LearnWhat, Learning, Teach};
use crate::app::kit::{Keys, TableSet};
use crate::app::screens::{MenuPage, Navigate, Screen};
use crate::app::style::{self, panel_frame};
use crate::i18n::Tr;
use crate::learn::coach::Task;
use crate::learn::{Coach, Said};
use crate::rules::GameKind;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// "Show me": the step's action played for the person.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowMe(pub GameKind);

pub(super) fn plugin<T: Teach>(app: &mut App) {
    app.add_message::<ShowMe>()
        .add_systems(
            EguiPrimaryContextPass,
            panel::<T>.run_if(in_state(Screen::Table(T::GAME))),
        )
        .add_systems(
            Update,
            (
                keys::<T>.in_set(TableSet::Input),
                show_me::<T>.in_set(TableSet::Rules),
            )
                .run_if(in_state(Screen::Table(T::GAME))),
        );
}

/// The `?` key asks for a hint.
fn keys<T: Teach>(mut keys: Keys<T>, mut ask: MessageWriter<AskHint>) {
    let Some(k) = keys.frame() else {
        return;
    };
    if k.pressed(KeyCode::Slash) {
        ask.write(AskHint(T::GAME));
    }
}

fn show_me<T: Teach>(
    mut asked: MessageReader<ShowMe>,
    mut table: ResMut<T>,
    timing: Res<T::Timing>,
    mut out: crate::app::kit::Outbox,
    mut happened: MessageWriter<crate::app::kit::Happened<T>>,
) {
    if asked.read().filter(|s| s.0 == T::GAME).count() == 0 || table.busy() {
        return;
    }
    let Some(action) = table
        .coach()
        .zip(table.position())
        .and_then(|(c, s)| c.shown(s))
    else {
        return;
    };
    match table.apply_engine(action, &timing) {
        Ok(effects) => crate::app::kit::table::send(&*table, effects, &mut out, &mut happened),
        Err(refusal) => table.tell(&refusal, &mut out),
    }
}

#[allow(clippy::too_many_arguments)]
fn panel<T: Teach>(
    mut contexts: EguiContexts,
    tr: Res<Tr>,
    table: Res<T>,
    hints: Res<Hints<T>>,
    mut learning: ResMut<Learning>,
    mut learn: MessageWriter<Learn>,
    mut go: MessageWriter<Navigate>,
    mut ask: MessageWriter<AskHint>,
    mut show: MessageWriter<ShowMe>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = T::GAME;
    // The end banner tells the hints used in the game against the bot.
    let note = (hints.used > 0 && table.coach().is_none())
        .then(|| tr.tf("learn.hints_used", &[("count", &hints.used.to_string())]));
    crate::app::kit::panel::set_banner_note(ctx, note);
    if let Some(coach) = table.coach() {
        let state = table.position();
        let shown = state.and_then(|s| coach.shown(s)).is_some() && !table.busy();
        let mut asked = Vec::new();
        coach_panel(ctx, &tr, &mut learning, coach, shown, &mut asked);
        for a in asked {
            match a {
                Asked::Show => {
                    show.write(ShowMe(game));
                }
                Asked::Open(what) => {
                    learn.write(Learn { game, what });
                }
                Asked::Back => {
                    go.write(Navigate::Menu(MenuPage::Learn(game)));
                }
            }
        }
        return Ok(());
    }
    let turn = table.hint_turn().is_some();
    let why = hints.why(table.position());
    if !turn && why.is_none() {
        return Ok(());
    }
    egui::Area::new(egui::Id::new(("hint", game.cli_name())))
        .anchor(egui::Align2::LEFT_BOTTOM, [14.0, -14.0])
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_max_width(280.0);
                ui.horizontal(|ui| {
                    let label = format!("{} (?)", tr.t("learn.hint"));
                    let button = egui::Button::new(style::cream(label, 16.0));
                    let r = ui
                        .add_enabled(turn && !hints.thinking(), button)
                        .on_hover_text(tr.t("learn.hint.tip"));
                    if r.clicked() {
                        ask.write(AskHint(game));
                    }
                    if hints.thinking() {
                        ui.spinner();
                    }
                    if hints.used > 0 {
                        let used = tr.tf("learn.hints_used", &[("count", &hints.used.to_string())]);
                        ui.label(style::muted(used, 13.0));
                    }
                });
                if let Some(why) = why {
                    ui.add(
                        egui::Label::new(style::cream(crate::i18n::sentence(tr.say(why)), 15.0))
                            .wrap(),
                    );
                }
            });
        });
    Ok(())
}

enum Asked {
    Show,
    Open(LearnWhat),
    Back,
}

/// The lesson's or position's panel, at the bottom left.
fn coach_panel<G: crate::learn::Learnable>(
    ctx: &egui::Context,
    tr: &Tr,
    learning: &mut Learning,
    coach: &Coach<G>,
    can_show: bool,
    asked: &mut Vec<Asked>,
) {
    let game = coach.game;
    let (heading, title, body, next, again) = match &coach.task {
        Task::Lesson {
            index,
            lesson,
            step,
        } => {
            let texts = learning.texts(game, tr.0.lang());
            let words = texts.lessons.get(lesson.id).cloned().unwrap_or_default();
            let total = learning.lessons(game).len();
            let heading = tr.tf(
                "learn.lesson_n",
                &[
                    ("n", &(index + 1).to_string()),
                    ("total", &total.to_string()),
                ],
            );
            let ask = |i: usize| words.ask.get(i).cloned().unwrap_or_default();
            let body = match coach.said {
                Said::Ask(i) => ask(i),
                Said::Aside => format!("{}\n\n{}", words.aside, ask(*step)),
                Said::Right => ask(*step),
                Said::Done => words.done.clone(),
            };
            let next = (index + 1 < total).then_some(LearnWhat::Lesson(index + 1));
            (heading, words.title, body, next, LearnWhat::Lesson(*index))
        }
        Task::Puzzle { index, puzzle, .. } => {
            let total = learning.set(game).map_or(0, |s| s.puzzles.len());
            let heading = tr.tf(
                "learn.puzzle_n",
                &[
                    ("n", &(index + 1).to_string()),
                    ("total", &total.to_string()),
                ],
            );
            let task = tr
                .t(&format!("learn.puzzle.kind.{}", puzzle.kind))
                .to_string();
            let body = match coach.said {
                Said::Ask(_) => task.clone(),
                Said::Aside => format!("{}\n\n{task}", tr.t("learn.puzzle.wrong")),
                Said::Right => tr.t("learn.right").to_string(),
                Said::Done => {
                    let mut words = tr.t("learn.solved").to_string();
                    if let Some(odds) = puzzle.odds {
                        let percent = format!("{:.0}", odds * 100.0);
                        let next = format!("{:.0}", puzzle.next_best.unwrap_or(0.0) * 100.0);
                        words.push('\n');
                        words.push_str(&tr.tf(
                            "learn.puzzle.odds",
                            &[("percent", &percent), ("next", &next)],
                        ));
                    }
                    words
                }
            };
            // The next position not solved yet, after this one (or any other).
            let next = (1..total)
                .map(|k| (index + k) % total)
                .find(|&k| {
                    learning
                        .set(game)
                        .is_ok_and(|s| !learning.progress.puzzle_solved(game, &s.puzzles[k].id))
                })
                .map(LearnWhat::Puzzle);
            (heading, task, body, next, LearnWhat::Puzzle(*index))
        }
    };
    egui::Area::new(egui::Id::new(("learn-panel", game.cli_name())))
        // Bottom left: beside the bar of every table, clear of the seats and the move list.
        .anchor(egui::Align2::LEFT_BOTTOM, [14.0, -14.0])
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_width(270.0);
                ui.label(style::muted(heading, 13.0));
                ui.add(egui::Label::new(style::brass(title, 20.0).strong()).wrap());
                ui.add_space(6.0);
                let colour = match coach.said {
                    Said::Aside => style::AMBER,
                    Said::Done => style::GREEN,
                    _ => style::CREAM,
                };
                ui.add(egui::Label::new(style::text(body, 16.0, colour)).wrap());
                ui.add_space(8.0);
                ui.horizontal_wrapped(|ui| {
                    if coach.said == Said::Done {
                        if let Some(next) = next {
                            let words = match next {
                                LearnWhat::Lesson(_) => tr.t("learn.next"),
                                LearnWhat::Puzzle(_) => tr.t("learn.next_puzzle"),
                            };
                            if ui
                                .add(egui::Button::new(style::cream(words, 16.0).strong()))
                                .clicked()
                            {
                                asked.push(Asked::Open(next));
                            }
                        }
                    } else if ui
                        .add_enabled(
                            can_show,
                            egui::Button::new(style::cream(tr.t("learn.show"), 16.0)),
                        )
                        .clicked()
                    {
                        asked.push(Asked::Show);
                    }
                    if ui.button(style::cream(tr.t("learn.again"), 16.0)).clicked() {
                        asked.push(Asked::Open(again));
                    }
                    if ui.button(style::cream(tr.t("learn.back"), 16.0)).clicked() {
                        asked.push(Asked::Back);
                    }
                });
            });
        });
}
