//! Replays at the table (issue "After the game"): a finished game's record, a pasted record or
//! a UHP GameString opens at its own table, which shows it through its history viewer: step,
//! jump, play at a chosen speed, the move list and the position's notation. Nobody plays at a
//! replay, nothing is saved, and leaving the table ends it (a game in progress there when it
//! opened is offered to continue, as after a lesson).
//!
//! A game's table opts in with [`Replays`]; [`replay_core`] adds the opening, the playing on at
//! a speed and the leaving; [`replay_ui`] the bar under the board. The menu's Games page
//! ([`games`]) lists this device's finished games and opens pasted records.

pub mod analysis;
pub mod archive;
pub mod games;
pub mod review;
pub mod scenes;
pub mod start;

pub use scenes::stages;

use crate::app::kit::history::Step;
use crate::app::kit::table::{Happened, Intended, TableKind, send};
use crate::app::kit::{Outbox, TableSet};
use crate::app::screens::{Navigate, Screen};
use crate::app::style::{self, panel_frame};
use crate::i18n::{Tr, msg};
use crate::review::Replay;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::sync::Arc;

/// A replay on at a table: the record read, who sat where, and how it is being played.
#[derive(Clone, Debug)]
pub struct Replaying {
    pub replay: Arc<Replay>,
    /// The seats' names by side (the first side's first), as the record gives them.
    pub names: [String; 2],
    /// Playing on by itself (else stepped by hand).
    pub playing: bool,
    pub speed: Speed,
    /// Seconds since the last step while playing.
    wait: f32,
}

impl Replaying {
    pub fn new(replay: Arc<Replay>, names: [String; 2]) -> Replaying {
        Replaying {
            replay,
            names,
            playing: false,
            speed: Speed::One,
            wait: 0.0,
        }
    }
}

/// How fast a replay plays on: at 1×, one action a second once the board is still.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Speed {
    Half,
    #[default]
    One,
    Two,
    Four,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Half, Speed::One, Speed::Two, Speed::Four];

    /// Seconds between two actions, after the last one's animation.
    pub fn pause(self) -> f32 {
        match self {
            Speed::Half => 2.0,
            Speed::One => 1.0,
            Speed::Two => 0.5,
            Speed::Four => 0.25,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Speed::Half => "½×",
            Speed::One => "1×",
            Speed::Two => "2×",
            Speed::Four => "4×",
        }
    }
}

/// What a game's table does for replays.
pub trait Replays: TableKind {
    /// Opens `replay` (read and replayed through the rules already) at this table; `None`
    /// when it is another game's. A game in progress here is kept for Continue; refused while
    /// an online table is open.
    fn open_replay(
        &mut self,
        replay: Replaying,
    ) -> Option<Result<Vec<Self::Effect>, Self::Refusal>>;

    fn replaying(&self) -> Option<&Replaying>;

    fn replaying_mut(&mut self) -> Option<&mut Replaying>;

    /// The action after which the position on show stands (0: the start), of how many.
    fn replay_at(&self) -> (usize, usize);

    /// The position on show in the game's notation (what Copy puts on the clipboard).
    fn position_text(&self) -> String;

    /// The intent that steps the history viewer.
    fn view(step: Step) -> Self::Intent;

    /// Lights `better` (an action in the game's notation) on the board while the position after
    /// `at` actions is on show: the engine's choice where a mistake was played. False when it
    /// does not read there.
    fn suggest(&mut self, at: usize, better: &str) -> bool;

    /// The action after which the lit suggestion stands, if one is lit.
    fn suggested_at(&self) -> Option<usize>;

    /// The replay on ends: the table is back in its lobby, with the game kept when it opened.
    fn leave_replay(&mut self);

    /// Opens the analysis board at the position on show ([`analysis`]); `None` where the
    /// table has none.
    fn analyse_here(&mut self) -> Option<Result<Vec<Self::Effect>, Self::Refusal>> {
        None
    }

    /// Whether the table has an analysis board (the bar offers Analyse).
    const ANALYSES: bool = false;
}

/// Opens a replay at its game's table (the Games page, a pasted record, a link, a test).
#[derive(Message, Clone, Debug)]
pub struct OpenReplay {
    pub replay: Arc<Replay>,
    pub names: [String; 2],
}

impl OpenReplay {
    pub fn new(replay: Replay, names: [String; 2]) -> OpenReplay {
        OpenReplay {
            replay: Arc::new(replay),
            names,
        }
    }
}

/// The replays shared by every table: the message.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenReplay>()
        .init_resource::<review::Reviewing>()
        .init_resource::<archive::GamesArchive>()
        .add_systems(
            Startup,
            archive::load.in_set(crate::app::save::Loaded::Tables),
        );
    start::plugin(app);
}

/// The menu's Games page.
pub(super) fn page_plugin(app: &mut App) {
    games::plugin(app);
}

/// One game's table's replays, without a window: opening, playing on, leaving.
pub fn replay_core<T: Replays>(app: &mut App) {
    app.add_systems(Update, open::<T>)
        .add_systems(OnExit(Screen::Table(T::GAME)), |mut table: ResMut<T>| {
            table.leave_replay();
        })
        .add_systems(
            Update,
            (play_on::<T>, review::steps::<T>, review::light::<T>)
                .chain()
                .in_set(TableSet::Engine)
                .run_if(in_state(Screen::Table(T::GAME))),
        )
        .add_systems(
            Update,
            scenes::stage::<T>
                .in_set(TableSet::Stage)
                .run_if(in_state(Screen::Table(T::GAME))),
        );
}

/// One game's table's replay bar and its keys.
pub fn replay_ui<T: Replays>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (bar::<T>, review::panel::<T>).run_if(in_state(Screen::Table(T::GAME))),
    )
    .add_systems(
        Update,
        keys::<T>
            .in_set(TableSet::Input)
            .run_if(in_state(Screen::Table(T::GAME))),
    );
}

fn open<T: Replays>(
    mut asked: MessageReader<OpenReplay>,
    mut table: ResMut<T>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
    mut go: MessageWriter<Navigate>,
    screen: Res<State<Screen>>,
) {
    for ask in asked.read().filter(|a| a.replay.kind() == T::GAME) {
        let replaying = Replaying::new(ask.replay.clone(), ask.names.clone());
        match table.open_replay(replaying) {
            None => out.notice(&msg("replay.wrong_game")),
            Some(Ok(effects)) => {
                send(&*table, effects, &mut out, &mut happened);
                if *screen.get() != Screen::Table(T::GAME) {
                    go.write(Navigate::Table(T::GAME));
                }
            }
            Some(Err(refusal)) => table.tell(&refusal, &mut out),
        }
    }
}

/// Plays the replay on while Play is on: the next action once the board is still and the
/// speed's pause has passed; at the last action it stops.
fn play_on<T: Replays>(
    time: Res<Time>,
    mut table: ResMut<T>,
    mut intents: MessageWriter<Intended<T>>,
    mut wake: ResMut<crate::app::calm::Wake>,
) {
    let (at, plies) = table.replay_at();
    let busy = table.busy();
    let Some(r) = table.replaying_mut() else {
        return;
    };
    if !r.playing {
        r.wait = 0.0;
        return;
    }
    // Playing on counts time between the actions.
    wake.busy();
    if at >= plies {
        r.playing = false;
        return;
    }
    if busy {
        return;
    }
    r.wait += time.delta_secs();
    if r.wait >= r.speed.pause() {
        r.wait = 0.0;
        intents.write(Intended(T::view(Step::Forward)));
    }
}

/// The replay bar's buttons, in their reading order.
#[derive(Clone, Copy)]
enum BarButton {
    Copy,
    Analyse,
    Leave,
}

/// What the bar or a key asks of the replay.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Asked {
    Step(Step),
    Play(bool),
    Speed(Speed),
}

fn ask<T: Replays>(table: &mut T, asked: Asked, intents: &mut MessageWriter<Intended<T>>) {
    match asked {
        Asked::Step(step) => {
            if let Some(r) = table.replaying_mut() {
                r.playing = false;
            }
            intents.write(Intended(T::view(step)));
        }
        Asked::Play(on) => {
            let (at, plies) = table.replay_at();
            if let Some(r) = table.replaying_mut() {
                r.playing = on;
                r.wait = 0.0;
            }
            // Play from the end starts again from the beginning.
            if on && at >= plies {
                intents.write(Intended(T::view(Step::Start)));
            }
        }
        Asked::Speed(s) => {
            if let Some(r) = table.replaying_mut() {
                r.speed = s;
            }
        }
    }
}

/// Space plays or pauses, Home and End jump to the start and the end (the arrows step, as at
/// every table's history).
fn keys<T: Replays>(
    keys: Option<ResMut<ButtonInput<KeyCode>>>,
    mut table: ResMut<T>,
    mut intents: MessageWriter<Intended<T>>,
) {
    let Some(mut keys) = keys else {
        return;
    };
    let Some(playing) = table.replaying().map(|r| r.playing) else {
        return;
    };
    let asked = if keys.just_pressed(KeyCode::Space) {
        keys.clear_just_pressed(KeyCode::Space);
        Asked::Play(!playing)
    } else if keys.just_pressed(KeyCode::Home) {
        Asked::Step(Step::Start)
    } else if keys.just_pressed(KeyCode::End) {
        Asked::Step(Step::ToGame)
    } else {
        return;
    };
    ask(&mut *table, asked, &mut intents);
}

/// The bar at the bottom left: the record's seats, where the replay stands with the action's
/// notation, the steps, Play or Pause, the speed, Copy position and Leave.
fn bar<T: Replays>(
    mut contexts: EguiContexts,
    tr: Res<Tr>,
    mut table: ResMut<T>,
    mut intents: MessageWriter<Intended<T>>,
    mut go: MessageWriter<Navigate>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
) -> Result {
    let Some(r) = table.replaying() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (at, plies) = table.replay_at();
    let playing = r.playing;
    let speed = r.speed;
    let said = if at == 0 {
        tr.tf("replay.at_start", &[("n", &plies.to_string())])
    } else {
        let notation = r.replay.notation().get(at - 1).cloned().unwrap_or_default();
        tr.tf(
            "replay.at",
            &[
                ("at", &at.to_string()),
                ("n", &plies.to_string()),
                ("action", &notation),
            ],
        )
    };
    // A record that names nobody (a UHP GameString, a position typed in): the title alone.
    let title = if r.names.iter().all(String::is_empty) {
        tr.t("replay.title.plain").to_string()
    } else {
        tr.tf(
            "replay.title",
            &[("seats", &format!("{} — {}", r.names[0], r.names[1]))],
        )
    };
    let mut asked = Vec::new();
    let mut copy = false;
    let mut leave = false;
    let mut analyse = false;
    // Bottom left: the review panel takes the bottom right, the seats and the last attempt the
    // top left. On a compact screen the bar spans the bottom (the review is folded at the
    // right), in a narrower frame, its steps wrapped where they still do not fit.
    let compact = style::compact(ctx);
    let id = egui::Id::new(("replay-bar", T::GAME.cli_name()));
    let frame = if compact {
        panel_frame().inner_margin(egui::Margin::symmetric(12, 10))
    } else {
        panel_frame()
    };
    let shown = egui::Area::new(id)
        .anchor(egui::Align2::LEFT_BOTTOM, [14.0, -14.0])
        .show(ctx, |ui| {
            frame.show(ui, |ui| {
                if compact {
                    ui.set_width(compact_bar_width(ctx.content_rect().width()));
                    // Closer buttons, so that the steps and the speeds keep to one row and the
                    // bar under the seats' panel in every language (Russian's wrapped to three).
                    let spacing = ui.spacing_mut();
                    spacing.button_padding = egui::vec2(6.0, 3.0);
                    spacing.item_spacing = egui::vec2(6.0, 4.0);
                } else {
                    ui.set_max_width(540.0);
                }
                // The bar's buttons, Copy, Analyse (where the game has analysis) and Leave, in
                // that order (`backward` where the layout runs from the right).
                let mut buttons = |ui: &mut egui::Ui, backward: bool| {
                    let mut order = [BarButton::Copy, BarButton::Analyse, BarButton::Leave];
                    if backward {
                        order.reverse();
                    }
                    for button in order {
                        match button {
                            BarButton::Copy => {
                                copy |= ui
                                    .small_button(tr.t("replay.copy"))
                                    .on_hover_text(tr.t("replay.copy.hint"))
                                    .clicked();
                            }
                            BarButton::Analyse if T::ANALYSES => {
                                analyse |= ui
                                    .small_button(tr.t("analysis.open"))
                                    .on_hover_text(tr.t("analysis.open.hint"))
                                    .clicked();
                            }
                            BarButton::Analyse => {}
                            BarButton::Leave => {
                                leave |= ui.small_button(tr.t("replay.leave")).clicked();
                            }
                        }
                    }
                };
                // On a narrow screen (a phone held upright) the title has a line of its own
                // over the buttons, which wrap (it was cut to "…" beside them).
                if style::narrow(ctx) {
                    ui.add(egui::Label::new(style::muted(title.clone(), 14.0)).truncate())
                        .on_hover_text(title.clone());
                    ui.horizontal_wrapped(|ui| buttons(ui, false));
                } else {
                    ui.horizontal(|ui| {
                        // The buttons first, from the right; the title takes what is left, cut
                        // short with its whole text on hover (long seat names).
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            buttons(ui, true);
                            ui.with_layout(
                                egui::Layout::left_to_right(egui::Align::Center),
                                |ui| {
                                    ui.add(
                                        egui::Label::new(style::muted(title.clone(), 14.0))
                                            .truncate(),
                                    );
                                },
                            );
                        });
                    });
                }
                ui.label(style::cream(said, 17.0));
                ui.add_space(2.0);
                let steps = |ui: &mut egui::Ui| {
                    let step = |ui: &mut egui::Ui, words: &str, hint: &str, on: bool| {
                        ui.add_enabled(on, egui::Button::new(style::cream(words, 14.0)))
                            .on_hover_text(hint.to_string())
                            .clicked()
                    };
                    if step(ui, "◀◀", tr.t("replay.start"), at > 0) {
                        asked.push(Asked::Step(Step::Start));
                    }
                    if step(ui, "◀", tr.t("replay.back"), at > 0) {
                        asked.push(Asked::Step(Step::Back));
                    }
                    let play = if playing {
                        tr.t("replay.pause")
                    } else {
                        tr.t("replay.play")
                    };
                    if ui
                        .add_sized([84.0, 22.0], egui::Button::new(style::cream(play, 14.0)))
                        .on_hover_text(tr.t("replay.space"))
                        .clicked()
                    {
                        asked.push(Asked::Play(!playing));
                    }
                    if step(ui, "▶", tr.t("replay.forward"), at < plies) {
                        asked.push(Asked::Step(Step::Forward));
                    }
                    if step(ui, "▶▶", tr.t("replay.end"), at < plies) {
                        asked.push(Asked::Step(Step::ToGame));
                    }
                    // On a compact screen the speeds go without their label (named on
                    // hover), so that the row fits.
                    if !compact {
                        ui.separator();
                        ui.label(style::muted(tr.t("replay.speed"), 13.0));
                    }
                    for s in Speed::ALL {
                        let words = egui::RichText::new(s.label()).size(14.0);
                        let words = if s == speed { words.strong() } else { words };
                        let button = ui.add(egui::Button::selectable(s == speed, words));
                        let button = if compact {
                            button.on_hover_text(tr.t("replay.speed"))
                        } else {
                            button
                        };
                        if button.clicked() {
                            asked.push(Asked::Speed(s));
                        }
                    }
                };
                if compact {
                    ui.horizontal_wrapped(steps);
                } else {
                    ui.horizontal(steps);
                }
            });
        });
    if compact {
        // The seats' panel and the last attempt keep above it.
        style::note_bottom_panel(ctx, shown.response.rect.top());
    }
    if copy {
        ctx.copy_text(table.position_text());
    }
    for a in asked {
        ask(&mut *table, a, &mut intents);
    }
    if leave {
        go.write(Navigate::Menu(crate::app::screens::MenuPage::Games));
    }
    if analyse {
        match table.analyse_here() {
            Some(Ok(effects)) => send(&*table, effects, &mut out, &mut happened),
            Some(Err(refusal)) => table.tell(&refusal, &mut out),
            None => {}
        }
    }
    Ok(())
}

/// The contents' width of the replay's bar on a compact screen `screen_width` points wide: the
/// screen less the bar's 14-point margins, its frame's 12-point sides and its stroke.
fn compact_bar_width(screen_width: f32) -> f32 {
    screen_width - 2.0 * 14.0 - 2.0 * 12.0 - 2.0
}
