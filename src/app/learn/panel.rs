//! At the table: the lesson's (or practice position's) panel — what to do, why a try was put
//! back, done — with Show me, Again, Next and Back to Learn; and, against the bot, the Hint
//! button (the `?` key too) with the hint's line of why. The end banner's count of hints
//! comes from [`super::Hints`].

use super::{AskHint, Hints, Learn, LearnWhat, Learning, OffBoard, OffBoardAct, Teach};
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
    if table.off_board().is_some() {
        match table.off_board_act(OffBoardAct::Show) {
            Some(Ok(effects)) => {
                crate::app::kit::table::send(&*table, effects, &mut out, &mut happened);
            }
            Some(Err(refusal)) => table.tell(&refusal, &mut out),
            None => {}
        }
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
    let card = if let Some(coach) = table.coach() {
        let state = table.position();
        let shown = state.and_then(|s| coach.shown(s)).is_some() && !table.busy();
        let card = coach_card(&tr, &mut learning, coach, shown);
        Some((card, bottom::<T>()))
    } else {
        // At the army builder, which fills the left: the panel on the right.
        table.off_board().map(|lesson| {
            let card = off_board_card(&tr, &mut learning, game, lesson);
            (card, egui::Align2::RIGHT_TOP)
        })
    };
    if let Some((card, corner)) = card {
        let mut asked = Vec::new();
        lesson_panel(ctx, &tr, game, corner, card, &mut asked);
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
    // A compact screen's left holds the players' panel: the Hint goes right, where the side
    // panel is folded.
    let corner = if style::compact(ctx) {
        egui::Align2::RIGHT_BOTTOM
    } else {
        bottom::<T>()
    };
    // Above the table's bottom bar where it reaches the corner (it spans the screen when its
    // words are long, or the screen is small).
    let above = ctx.content_rect().bottom() - style::bottom_bar_top(ctx) + 8.0;
    let [x, y] = offset(corner);
    let compact = style::compact(ctx);
    // On a compact screen the panel keeps between the side panel's button and the bar: the line
    // of why scrolls in what the button row leaves of that room (less the frame's margins).
    let room = compact.then(|| {
        let bottom = ctx.content_rect().bottom() + y.min(-above);
        bottom - style::below_side_panel(ctx) - 2.0 * 10.0 - 3.0
    });
    egui::Area::new(egui::Id::new(("hint", game.cli_name())))
        .anchor(corner, [x, y.min(-above)])
        .show(ctx, |ui| {
            let frame = if compact {
                panel_frame().inner_margin(egui::Margin::same(10))
            } else {
                panel_frame()
            };
            frame.show(ui, |ui| {
                ui.set_max_width(280.0);
                let row = ui.horizontal(|ui| {
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
                let below_row = row.response.rect.height() + ui.spacing().item_spacing.y;
                if let Some(why) = why {
                    let line = |ui: &mut egui::Ui| {
                        ui.add(
                            egui::Label::new(style::cream(
                                crate::i18n::sentence(tr.say(why)),
                                15.0,
                            ))
                            .wrap(),
                        );
                    };
                    match room {
                        Some(room) => {
                            let room = (room - below_row).max(32.0);
                            egui::ScrollArea::vertical()
                                .id_salt("hint-why")
                                .max_height(room)
                                .min_scrolled_height(room)
                                .show(ui, line);
                        }
                        None => line(ui),
                    }
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

/// The bottom corner of `T`'s table for the lesson's panel and the Hint: beside the bar, clear
/// of the seats, the move list and the table's own panels.
fn bottom<T: Teach>() -> egui::Align2 {
    if T::LESSON_ON_RIGHT {
        egui::Align2::RIGHT_BOTTOM
    } else {
        egui::Align2::LEFT_BOTTOM
    }
}

/// A corner's margin: 14 points from the window's edges; at the top right, under the table's
/// buttons too, where the board is narrowest.
fn offset(corner: egui::Align2) -> [f32; 2] {
    match corner {
        egui::Align2::RIGHT_TOP => [-14.0, 84.0],
        egui::Align2::RIGHT_BOTTOM => [-14.0, -14.0],
        _ => [14.0, -14.0],
    }
}

/// What a lesson's or position's panel says and offers.
struct Card {
    heading: String,
    title: String,
    body: String,
    /// Put back (amber), done (green), or asking.
    said: Said,
    next: Option<LearnWhat>,
    again: LearnWhat,
    can_show: bool,
}

/// "Lesson n of N".
fn lesson_heading(tr: &Tr, learning: &mut Learning, game: GameKind, index: usize) -> String {
    let total = learning.lessons(game).len();
    tr.tf(
        "learn.lesson_n",
        &[
            ("n", &(index + 1).to_string()),
            ("total", &total.to_string()),
        ],
    )
}

/// The next lesson after the one at `index`, if there is one.
fn next_lesson(learning: &mut Learning, game: GameKind, index: usize) -> Option<LearnWhat> {
    (index + 1 < learning.lessons(game).len()).then_some(LearnWhat::Lesson(index + 1))
}

/// The panel of a lesson or position on the board.
fn coach_card<G: crate::learn::Learnable>(
    tr: &Tr,
    learning: &mut Learning,
    coach: &Coach<G>,
    can_show: bool,
) -> Card {
    let game = coach.game;
    match &coach.task {
        Task::Lesson {
            index,
            lesson,
            step,
        } => {
            let texts = learning.texts(game, tr.0.lang());
            let words = texts.lessons.get(lesson.id).cloned().unwrap_or_default();
            let ask = |i: usize| words.ask.get(i).cloned().unwrap_or_default();
            let body = match coach.said {
                Said::Ask(i) => ask(i),
                Said::Aside => format!("{}\n\n{}", words.aside, ask(*step)),
                Said::Right => ask(*step),
                Said::Done => words.done.clone(),
            };
            Card {
                heading: lesson_heading(tr, learning, game, *index),
                title: words.title,
                body,
                said: coach.said,
                next: next_lesson(learning, game, *index),
                again: LearnWhat::Lesson(*index),
                can_show,
            }
        }
        Task::Puzzle { index, puzzle, .. } => {
            let set = learning.set(game);
            let total = set.as_ref().map_or(0, |s| s.puzzles.len());
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
            let next = set.ok().and_then(|set| {
                (1..total)
                    .map(|k| (index + k) % total)
                    .find(|&k| !learning.progress.puzzle_solved(game, &set.puzzles[k].id))
                    .map(LearnWhat::Puzzle)
            });
            Card {
                heading,
                title: task,
                body,
                said: coach.said,
                next,
                again: LearnWhat::Puzzle(*index),
                can_show,
            }
        }
    }
}

/// The panel of a lesson away from the board (Artifact Chess's army).
fn off_board_card(tr: &Tr, learning: &mut Learning, game: GameKind, lesson: OffBoard) -> Card {
    let texts = learning.texts(game, tr.0.lang());
    let words = texts.lessons.get(lesson.id).cloned().unwrap_or_default();
    let (body, said) = if lesson.done {
        (words.done.clone(), Said::Done)
    } else {
        (words.ask.first().cloned().unwrap_or_default(), Said::Ask(0))
    };
    Card {
        heading: lesson_heading(tr, learning, game, lesson.index),
        title: words.title,
        body,
        said,
        next: next_lesson(learning, game, lesson.index),
        again: LearnWhat::Lesson(lesson.index),
        can_show: !lesson.done,
    }
}

/// The lesson's or position's panel, in a corner. On a compact screen a lesson at the board
/// takes the left column under the table's top bars, down to the screen's bottom, at every
/// table (Artifact Chess's too, whose panel is otherwise at the bottom right): the players'
/// panel gives way to it, the bottom bar (and Artifact Chess's hand) stand right of it. A
/// lesson away from the board (the army's, whose builder takes the left) stands at the bottom
/// of the right half, the board framed above it. Its words scroll where they do not fit.
fn lesson_panel(
    ctx: &egui::Context,
    tr: &Tr,
    game: GameKind,
    corner: egui::Align2,
    card: Card,
    asked: &mut Vec<Asked>,
) {
    let screen = ctx.content_rect();
    let margin = 14.0;
    let frame_size = 2.0 * margin + 2.0;
    let column = style::compact(ctx).then(|| {
        if corner == egui::Align2::RIGHT_TOP {
            right_column(screen, style::top_row(ctx), frame_size)
        } else {
            column(screen, style::top_row(ctx), frame_size)
        }
    });
    let area = egui::Area::new(egui::Id::new(("learn-panel", game.cli_name())));
    let (area, frame) = match column {
        Some(c) => (
            area.anchor(c.anchor, c.offset),
            panel_frame().inner_margin(egui::Margin::same(margin as i8)),
        ),
        None => {
            // At the bottom left, above the table's bottom bar, which spans the screen there
            // (Ash & Walnut's and Snēlab's, `style::bottom_bar`, at their widest).
            let [x, y] = offset(corner);
            let y = if corner == egui::Align2::LEFT_BOTTOM {
                y.min(style::bottom_bar_top(ctx) - screen.bottom() - 8.0)
            } else {
                y
            };
            (area.anchor(corner, [x, y]), panel_frame())
        }
    };
    let buttons_id = egui::Id::new(("learn-panel-buttons", game.cli_name()));
    let shown = area.show(ctx, |ui| {
        frame.show(ui, |ui| {
            ui.set_width(column.map_or(270.0, |c| c.width));
            ui.label(style::muted(card.heading, 13.0));
            ui.add(egui::Label::new(style::brass(card.title, 20.0).strong()).wrap());
            ui.add_space(6.0);
            let colour = match card.said {
                Said::Aside => style::AMBER,
                Said::Done => style::GREEN,
                _ => style::CREAM,
            };
            let body = egui::Label::new(style::text(card.body, 16.0, colour)).wrap();
            match column {
                Some(c) => {
                    // The words take what the buttons (as last drawn) leave.
                    let buttons = ctx.data(|d| d.get_temp::<f32>(buttons_id)).unwrap_or(36.0);
                    let above = ui.cursor().top() - ui.min_rect().top();
                    let room = c.height - above - 8.0 - buttons;
                    // (egui's least scrolled height is 64 points: told the room's.)
                    egui::ScrollArea::vertical()
                        .max_height(room.max(40.0))
                        .min_scrolled_height(room.max(40.0))
                        .show(ui, |ui| ui.add(body));
                }
                None => {
                    ui.add(body);
                }
            }
            ui.add_space(8.0);
            let buttons = ui.horizontal_wrapped(|ui| {
                if card.said == Said::Done {
                    if let Some(next) = card.next {
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
                        card.can_show,
                        egui::Button::new(style::cream(tr.t("learn.show"), 16.0)),
                    )
                    .clicked()
                {
                    asked.push(Asked::Show);
                }
                if ui.button(style::cream(tr.t("learn.again"), 16.0)).clicked() {
                    asked.push(Asked::Open(card.again));
                }
                if ui.button(style::cream(tr.t("learn.back"), 16.0)).clicked() {
                    asked.push(Asked::Back);
                }
            });
            let height = buttons.response.rect.height();
            ctx.data_mut(|d| d.insert_temp(buttons_id, height));
        });
    });
    if column.is_some_and(|c| c.anchor == egui::Align2::LEFT_TOP) {
        style::note_left_column(ctx, shown.response.rect.right());
    }
}

/// Where a lesson's panel stands on a compact screen: its anchor and the offset from it, its
/// contents' width, and their most height.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Column {
    anchor: egui::Align2,
    offset: [f32; 2],
    width: f32,
    height: f32,
}

/// The left column of a compact `screen` for a lesson's panel, from `top` to 14 points over
/// the screen's bottom, half the screen wide at most (270 points of contents), in a frame
/// `frame` points wide and high around its contents.
fn column(screen: egui::Rect, top: f32, frame: f32) -> Column {
    Column {
        anchor: egui::Align2::LEFT_TOP,
        offset: [16.0, top],
        width: (screen.width() / 2.0 - 16.0 - frame).min(270.0),
        height: screen.bottom() - 14.0 - top - frame,
    }
}

/// The bottom of the right half of a compact `screen` for a lesson's panel away from the board
/// (a builder takes the left half), no higher than `top`, in a frame `frame` points wide and
/// high around its contents: as wide as the half leaves, 8 points from the middle.
fn right_column(screen: egui::Rect, top: f32, frame: f32) -> Column {
    Column {
        anchor: egui::Align2::RIGHT_BOTTOM,
        offset: [-14.0, -14.0],
        width: (screen.width() / 2.0 - 14.0 - 8.0 - frame).min(270.0),
        height: screen.bottom() - 14.0 - top - frame,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At scale 2 on 1280×720 (640×360 points): the lesson's column keeps to its half of the
    /// screen, under the top bars, its contents above the bottom bar's gap.
    #[test]
    fn a_compact_lesson_keeps_its_half_of_the_screen() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(640.0, 360.0));
        let left = column(screen, 64.0, 30.0);
        assert_eq!(
            (left.anchor, left.offset),
            (egui::Align2::LEFT_TOP, [16.0, 64.0])
        );
        assert!(16.0 + left.width + 30.0 <= screen.center().x, "{left:?}");
        assert_eq!(64.0 + 30.0 + left.height, 360.0 - 14.0);
        // Away from the board: the right half, 8 points from the middle.
        let right = column_right_edge(right_column(screen, 64.0, 30.0), screen);
        assert!(right.0 >= screen.center().x + 8.0 - 0.01, "{right:?}");
        assert_eq!(right.1, screen.right() - 14.0);
        // A wide screen: no wider than the full layout's panel.
        let wide = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(900.0, 500.0));
        assert_eq!(column(wide, 64.0, 30.0).width, 270.0);
        assert_eq!(right_column(wide, 64.0, 30.0).width, 270.0);
    }

    /// The left and right edges of a bottom-right column's frame.
    fn column_right_edge(c: Column, screen: egui::Rect) -> (f32, f32) {
        let right = screen.right() + c.offset[0];
        (right - c.width - 30.0, right)
    }
}
