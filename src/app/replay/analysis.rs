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
    egui::Area::new(egui::Id::new(("analysis-board", T::GAME.cli_name())))
        .anchor(T::PANEL.0, T::PANEL.1)
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_width(280.0);
                ui.label(style::brass(tr.t("analysis.title"), 18.0))
                    .on_hover_text(tr.t("analysis.about"));
                ui.horizontal(|ui| {
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
                });
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
                            .desired_width(252.0)
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
            });
        });
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
