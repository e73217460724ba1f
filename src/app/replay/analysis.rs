//! The analysis board (issue "After the game"): from a replay's position on show, "Analyse"
//! sets the game up to there at its table, both sides played here, untimed, nothing saved or
//! kept; any legal action may be played, and the engine's evaluation and best line follow the
//! position on the board live. Copy puts the position in the game's notation on the
//! clipboard (or says why it has none); Back returns to the replay where it was.
//!
//! The engine work is [`crate::review::analysis::Analysis`]: one search a frame (the review's
//! limits), begun again whenever the position on the board changes, dropped when the board
//! ends. A game's table opts in with [`Analyses`] (and `Replays::analyse_here`).

use super::Replays;
use crate::app::kit::table::{Happened, send};
use crate::app::kit::{Outbox, TableSet};
use crate::app::screens::Screen;
use crate::app::style::{self, panel_frame};
use crate::i18n::Tr;
use crate::review::analysis::{Analysed, Analysis, DEFAULT_PLIES, LineEnd};
use crate::rules::Game;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// What a game's table does for the analysis board.
pub trait Analyses: Replays {
    /// The game's position.
    type Pos: Analysed + Send + Sync + 'static;

    /// The position on the board while the analysis board is on.
    fn analysed(&self) -> Option<&Self::Pos>;

    /// Opens the analysis board at the replay's position after `at` actions.
    fn analyse_at(&mut self, at: usize) -> Result<Vec<Self::Effect>, Self::Refusal>;

    /// The board ends: back to the replay it was opened from, at the position it showed.
    fn leave_analysis(&mut self) -> Vec<Self::Effect>;

    /// Where the panel stands: its corner and offset (bottom right, unless the table's own
    /// panels are there).
    const PANEL: (egui::Align2, [f32; 2]) = (egui::Align2::RIGHT_BOTTOM, [-14.0, -14.0]);

    /// Whether on a compact screen the panel takes the left column, in the players' panel's
    /// place, the bars along the bottom standing right of it (Artifact Chess: its actions bar
    /// and hand leave the right half too little room); the right half's bottom otherwise.
    const COMPACT_LEFT: bool = false;
}

/// The engine's analysis of the position on the board, one search a frame.
#[derive(Resource)]
pub struct Thinking<G: Analysed> {
    pub analysis: Option<Analysis<G>>,
}

impl<G: Analysed> Default for Thinking<G> {
    fn default() -> Self {
        Thinking { analysis: None }
    }
}

impl<G: Analysed> Thinking<G> {
    /// Searches made for the analysis (0 before the first).
    pub fn searches(&self) -> usize {
        self.analysis.as_ref().map_or(0, |a| a.scores().len())
    }
}

/// The analysis board's engine, without a window.
pub fn analysis_core<T: Analyses>(app: &mut App)
where
    T::Pos: Clone + PartialEq,
{
    app.init_resource::<Thinking<T::Pos>>().add_systems(
        Update,
        (
            think::<T>.in_set(TableSet::Engine),
            stage::<T>.in_set(TableSet::Stage),
        )
            .run_if(in_state(Screen::Table(T::GAME))),
    );
}

/// The `analysis-<game>` scene: the replays' scene game on the analysis board from its
/// halfway position, the engine's analysis done.
fn stage<T: Analyses>(
    mut requests: MessageReader<crate::app::dev::StageScene>,
    mut table: ResMut<T>,
    mut thinking: ResMut<Thinking<T::Pos>>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
) where
    T::Pos: Clone + PartialEq,
{
    let requests = requests.read().map(|s| (s.game, &s.name));
    if crate::app::kit::scene_asked(T::GAME, requests).as_deref() != Some("analysis") {
        return;
    }
    let Some(replay) = super::scenes::scene_replay(T::GAME) else {
        return;
    };
    let plies = replay.len();
    let replaying =
        super::Replaying::new(std::sync::Arc::new(replay), ["Ana".into(), "Bruno".into()]);
    let opened = match table.open_replay(replaying) {
        Some(Ok(effects)) => table.analyse_at(plies / 2).map(|mut more| {
            more.splice(0..0, effects);
            more
        }),
        other => {
            warn!(
                "{:?}: the analysis scene could not open: {other:?}",
                T::GAME
            );
            return;
        }
    };
    match opened {
        Ok(effects) => send(&*table, effects, &mut out, &mut happened),
        Err(refusal) => {
            warn!(
                "{:?}: the analysis scene could not open: {refusal:?}",
                T::GAME
            );
            return;
        }
    }
    if let Some(pos) = table.analysed() {
        let mut analysis = Analysis::new(pos.clone(), DEFAULT_PLIES);
        analysis.run();
        thinking.analysis = Some(analysis);
    }
}

/// The analysis board's panel.
pub fn analysis_ui<T: Analyses>(app: &mut App)
where
    T::Pos: Clone + PartialEq,
{
    app.add_systems(
        EguiPrimaryContextPass,
        panel::<T>.run_if(in_state(Screen::Table(T::GAME))),
    );
}

/// Begins the analysis again when the position on the board changed (once the pieces have
/// landed), then makes one search a frame until its line is done.
pub fn think<T: Analyses>(table: Res<T>, mut thinking: ResMut<Thinking<T::Pos>>)
where
    T::Pos: Clone + PartialEq,
{
    let Some(pos) = table.analysed() else {
        if thinking.analysis.is_some() {
            thinking.analysis = None;
        }
        return;
    };
    if table.busy() {
        return;
    }
    if thinking.analysis.as_ref().map(|a| a.position()) != Some(pos) {
        thinking.analysis = Some(Analysis::new(pos.clone(), DEFAULT_PLIES));
    }
    if let Some(a) = thinking.analysis.as_mut()
        && !a.done()
    {
        a.step();
    }
}

/// The panel at the bottom right: the evaluation as the first side's expected score with a
/// bar, the engine's best line (and the odds where chance decides it), Copy position and
/// Back to the replay.
fn panel<T: Analyses>(
    mut contexts: EguiContexts,
    tr: Res<Tr>,
    mut table: ResMut<T>,
    thinking: Res<Thinking<T::Pos>>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
) -> Result
where
    T::Pos: Clone + PartialEq,
{
    let Some(pos) = table.analysed() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let sides = T::Pos::sides();
    let first = side_name(&tr, T::GAME, 0);
    let over = pos.outcome().is_some();
    let analysis = thinking.analysis.as_ref().filter(|a| a.position() == pos);
    let mut copy = false;
    let mut back = false;
    let compact = style::compact(ctx);
    let mut contents = |ui: &mut egui::Ui, width: f32| {
        ui.label(style::brass(tr.t("analysis.title"), 18.0))
            .on_hover_text(tr.t("analysis.about"));
        let buttons = |ui: &mut egui::Ui| {
            if ui
                .small_button(tr.t("replay.copy"))
                .on_hover_text(tr.t("replay.copy.hint"))
                .clicked()
            {
                copy = true;
            }
            if ui.small_button(tr.t("analysis.back")).clicked() {
                back = true;
            }
        };
        // Wrapped on a compact screen, where the two may not fit one row.
        if compact {
            ui.horizontal_wrapped(buttons);
        } else {
            ui.horizontal(buttons);
        }
        ui.add_space(2.0);
        let Some(a) = analysis else {
            ui.label(style::muted(tr.t("analysis.thinking"), 14.0));
            return;
        };
        if let Some(score) = a.evaluation() {
            ui.label(style::cream(
                tr.tf(
                    "analysis.evaluation",
                    &[
                        ("side", &first),
                        ("score", &format!("{:.0}", score * 100.0)),
                    ],
                ),
                16.0,
            ));
            ui.add(
                egui::ProgressBar::new(score as f32)
                    .desired_width(252.0_f32.min(width))
                    .desired_height(10.0)
                    .fill(style::BRASS),
            );
        }
        ui.add_space(2.0);
        if over {
            ui.label(style::muted(tr.t("analysis.over"), 14.0));
            return;
        }
        let words = a.line_text();
        if words.is_empty() {
            ui.label(style::muted(tr.t("analysis.thinking"), 14.0));
            return;
        }
        let to_move = sides.iter().position(|s| *s == pos.to_move()).unwrap_or(0);
        ui.add(
            egui::Label::new(
                egui::RichText::new(numbered(&words, to_move))
                    .monospace()
                    .size(14.0)
                    .color(style::ASH),
            )
            .wrap(),
        )
        .on_hover_text(tr.t("analysis.line"));
        if !a.done() {
            ui.label(style::muted(tr.t("analysis.thinking"), 13.0));
        } else if let Some(LineEnd::Chance { chance, .. }) = a.end() {
            ui.add(
                egui::Label::new(style::muted(
                    tr.tf("analysis.chance", &[("odds", &chance.to_string())]),
                    13.0,
                ))
                .wrap(),
            );
        }
    };
    // On a compact screen: the right half's bottom, under the side panel's button and above
    // the bottom bar (the players' panel keeps the left), or the left column from the top bars
    // to the bottom (`Analyses::COMPACT_LEFT`), scrolling what does not fit.
    let room = compact.then(|| {
        let screen = ctx.content_rect();
        if T::COMPACT_LEFT {
            left_room(screen, style::top_row(ctx), 2.0 * 14.0 + 2.0)
        } else {
            let bottom = (style::bottom_bar_top(ctx) - 8.0).min(screen.bottom() - 14.0);
            compact_room(
                screen,
                style::below_side_panel(ctx),
                bottom,
                2.0 * 14.0 + 2.0,
            )
        }
    });
    let (anchor, width) = match room {
        Some((offset, width, _)) if T::COMPACT_LEFT => ((egui::Align2::LEFT_TOP, offset), width),
        Some((offset, width, _)) => ((egui::Align2::RIGHT_BOTTOM, offset), width),
        None => (T::PANEL, 280.0),
    };
    let frame = if room.is_some() {
        panel_frame().inner_margin(egui::Margin::same(14))
    } else {
        panel_frame()
    };
    let shown = egui::Area::new(egui::Id::new(("analysis-board", T::GAME.cli_name())))
        .anchor(anchor.0, anchor.1)
        .show(ctx, |ui| {
            frame.show(ui, |ui| {
                ui.set_width(width);
                match room {
                    Some((_, _, height)) => {
                        // Smaller buttons, closer (a small button's words are the body's):
                        // the two in one row, the line in sight.
                        let look = ui.style_mut();
                        look.spacing.button_padding = egui::vec2(8.0, 4.0);
                        look.spacing.item_spacing.x = 8.0;
                        for text in [egui::TextStyle::Button, egui::TextStyle::Body] {
                            if let Some(font) = look.text_styles.get_mut(&text) {
                                font.size = 15.0;
                            }
                        }
                        // (egui's least scrolled height is 64 points: told the room's.)
                        egui::ScrollArea::vertical()
                            .max_height(height)
                            .min_scrolled_height(height)
                            .show(ui, |ui| contents(ui, width));
                    }
                    None => contents(ui, width),
                }
            });
        });
    if room.is_some() && T::COMPACT_LEFT {
        style::note_left_column(ctx, shown.response.rect.right());
    }
    if copy {
        match crate::review::analysis::notation(pos) {
            Ok(text) => ctx.copy_text(text),
            Err(why) => {
                out.notice(&crate::i18n::msg("analysis.no_notation").with("why", why.to_string()))
            }
        }
    }
    if back {
        let effects = table.leave_analysis();
        send(&*table, effects, &mut out, &mut happened);
    }
    Ok(())
}

/// The line's actions in turns: "·" marks the side to act's first when it is the second side.
fn numbered(words: &[String], to_move: usize) -> String {
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            out.push_str(if (i + to_move).is_multiple_of(2) {
                "\n"
            } else {
                "   "
            });
        }
        if i == 0 && to_move == 1 {
            out.push_str("…  ");
        }
        out.push_str(w);
    }
    out
}

/// The first or second side's name in the game's words.
fn side_name(tr: &Tr, game: crate::rules::GameKind, i: usize) -> String {
    use crate::rules::GameKind;
    let key = match (game, i) {
        (GameKind::Hive, 0) => "games.side.ash",
        (GameKind::Hive, _) => "games.side.walnut",
        (GameKind::Chess, 0) => "games.side.white",
        (GameKind::Chess, _) => "games.side.black",
        (GameKind::Snelab, 0) => "games.side.south",
        (GameKind::Snelab, _) => "games.side.north",
    };
    tr.t(key).to_string()
}

/// On a compact `screen`, the analysis board's place in the right half, between `top` (under
/// the side panel's button) and `bottom` (above a bottom bar), in a frame `frame` points wide
/// and high around its contents: its anchor's offset from the bottom right corner, its
/// contents' width and their most height (what does not fit scrolls).
fn compact_room(screen: egui::Rect, top: f32, bottom: f32, frame: f32) -> ([f32; 2], f32, f32) {
    let width = screen.width() / 2.0 - 14.0 - 4.0 - frame;
    let height = (bottom - top - frame).max(60.0);
    ([-14.0, bottom - screen.bottom()], width, height)
}

/// On a compact `screen`, the analysis board's place in the left column, from `top` (under the
/// top bars) to the screen's bottom, in a frame `frame` points wide and high around its
/// contents: its anchor's offset from the top left corner, its contents' width (half the
/// screen at most, 270 points) and their most height.
fn left_room(screen: egui::Rect, top: f32, frame: f32) -> ([f32; 2], f32, f32) {
    let width = (screen.width() / 2.0 - 16.0 - frame).min(270.0);
    let height = (screen.bottom() - 14.0 - top - frame).max(60.0);
    ([16.0, top], width, height)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At scale 2 on 1280×720: the board in the left column keeps to the left half, from the
    /// top bars to 14 points over the screen's bottom.
    #[test]
    fn the_compact_board_in_the_left_column_keeps_the_left_half() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(640.0, 360.0));
        let (offset, width, height) = left_room(screen, 64.0, 30.0);
        assert_eq!(offset, [16.0, 64.0]);
        assert!(16.0 + width + 30.0 <= screen.center().x, "{width}");
        assert_eq!(64.0 + 30.0 + height, 360.0 - 14.0);
        let wide = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(900.0, 500.0));
        assert_eq!(left_room(wide, 64.0, 30.0).1, 270.0);
    }

    /// At scale 2 on 1280×720 (640×360 points): the board keeps right of the middle, clear
    /// of the players' panel (at most 40 % of the screen and its margins), under the side
    /// panel's button, its contents scrolling in the height left.
    #[test]
    fn the_compact_board_keeps_the_right_half_under_the_side_panel() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(640.0, 360.0));
        let (offset, width, height) = compact_room(screen, 131.0, 346.0, 30.0);
        assert_eq!(offset, [-14.0, -14.0]);
        let left = screen.right() - 14.0 - width - 30.0;
        assert!(left >= 16.0 + 0.4 * 640.0 + 2.0 * 16.0 + 8.0, "{left}");
        assert_eq!(height, 346.0 - 131.0 - 30.0);
    }
}
