//! The Ash & Walnut table's panels (egui), one file each: the lobby, the seating, the players'
//! bar with the clock and the fingerprint, the move list with the history and "All my moves",
//! the end banner with the seed and the record, the stack's list under the pointer, and the
//! "Verify a game" page of the menu.

mod bar;
mod board2d;
pub mod end;
mod lobby;
mod moves;
pub use moves::all_my_moves as reading_window;
mod seating;
pub mod verify;

pub(crate) use lobby::{creatures as creature_toggles, game_type_words};

use super::input::Hovered;
use super::{HiveIntent, HiveTable, RecordSaved};
use crate::app::kit::EngineSeat;
use crate::app::kit::online_panels::{self, OnlineForm};
use crate::app::kit::panel::Floating;
use crate::app::screens::{MenuPage, Screen};
use crate::app::style;
use crate::i18n::{Explain, Tr};
use crate::play::Seat;
use crate::rules::GameKind;
use crate::rules::hive::{Colour, State};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// What a panel of the table draws with (the context, the words, the table, its intents).
type Panel<'a> = crate::app::kit::panel::Panel<'a, super::Table>;

/// What the panels have open.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct HivePanels {
    /// "All my moves" is open.
    pub moves: bool,
    /// Resign asks once more.
    pub confirm_resign: bool,
    /// The full fingerprint is shown.
    pub fingerprint: bool,
    /// The move list in Hive notation instead of words.
    pub notation: bool,
    /// "All my moves"' typed-move field.
    pub field: crate::app::kit::reading::Field,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HivePanels>()
        .init_resource::<OnlineForm>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                table_ui.run_if(in_state(Screen::Table(GameKind::Hive))),
                verify::page.run_if(
                    |page: Res<MenuPage>, screen: Res<bevy::prelude::State<Screen>>| {
                        // Records of every game served online are verified on the same page,
                        // opened from Ash & Walnut's card or Artifact Chess's.
                        *screen.get() == Screen::Menu
                            && matches!(*page, MenuPage::Tool(_, "verify"))
                    },
                ),
            ),
        );
}

use crate::app::style::{GREEN, RED};

/// Whether `colour` is played by the one person at this device (the table says "You").
pub(super) fn is_you(table: &super::Table, colour: Colour) -> bool {
    !table.hot_seat()
        && table
            .game
            .as_ref()
            .is_some_and(|g| matches!(g.game().seat(colour), Seat::Person))
}

/// A seat's name: "You", "Bot (hard)"; at a hot seat "Player 1" (who opened the table) and
/// "Player 2".
fn seat_name(tr: &Tr, table: &super::Table, colour: Colour) -> String {
    let Some(game) = &table.game else {
        return String::new();
    };
    // A replay's seats are the record's.
    if let Some(r) = &table.replay {
        let name = &r.names[colour as usize];
        return if name.is_empty() {
            tr.say(&colour.explain())
        } else {
            name.clone()
        };
    }
    if is_you(table, colour) {
        return tr.t("hive.you").to_string();
    }
    // A lesson's other side is the lesson's answers, not the bot.
    if game.is_coached() {
        return tr.t("learn.seat").to_string();
    }
    match game.game().seat(colour) {
        Seat::Person => {
            if game.colour_of(crate::fair::SeatOrder::First) == colour {
                tr.t("hive.player.first").to_string()
            } else {
                tr.t("hive.player.second").to_string()
            }
        }
        // The seat that plays this colour (a spectator has no "other" seat: both are).
        Seat::Remote => match table.host.as_ref().and_then(|o| {
            o.seat_playing(crate::net::protocol::Side::from(colour))
                .or_else(|| o.other())
        }) {
            Some(other) => tr.say(&super::online::seat_name(other)),
            None => tr.say(&Seat::Remote.label()),
        },
        seat => tr.say(&seat.label()),
    }
}

/// Each move played at the table (the bot's, the clock's and the other player's too), announced
/// in words.
pub(crate) fn announce(
    mut happened: MessageReader<super::HiveHappened>,
    table: Res<HiveTable>,
    tr: Res<Tr>,
    mut panels: ResMut<HivePanels>,
) {
    for e in happened.read() {
        if let super::table::Effect::Played(a) = &e.0
            && let Some(m) = table.announcement(a.mv)
        {
            panels.field.announce(tr.say(&m));
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn table_ui(
    mut contexts: EguiContexts,
    time: Res<Time>,
    tr: Res<Tr>,
    table: Res<HiveTable>,
    seat: Res<EngineSeat<State>>,
    mut panels: ResMut<HivePanels>,
    mut intents: MessageWriter<HiveIntent>,
    mut go: MessageWriter<crate::app::screens::Navigate>,
    mut saved: ResMut<RecordSaved>,
    mut verify_page: ResMut<verify::VerifyPage>,
    hovered: Res<Hovered>,
    options: Option<Res<crate::launch::LaunchOptions>>,
    cameras: Query<(&Camera, &Transform), With<Camera3d>>,
    (mut form, settings, mut change, mut go_online): (
        ResMut<OnlineForm>,
        Res<crate::app::save::ActiveSettings>,
        MessageWriter<crate::app::save::ChangeSettings>,
        MessageWriter<super::link::GoOnline>,
    ),
    mut replay: MessageWriter<crate::app::replay::OpenReplay>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut send = |i: super::Intent| {
        intents.write(crate::app::kit::Intended(i));
    };
    let mut p = Panel::new(ctx, &tr, &table, &mut send);
    match table.phase {
        super::Phase::Lobby => {
            let mut server = settings.0.server.clone();
            let asked = lobby::lobby(p, &mut form, &mut server);
            if let Some(g) = asked.go {
                go_online.write(g);
            }
            let game_type = asked.game_type.unwrap_or(settings.0.hive_game_type);
            if server != settings.0.server || game_type != settings.0.hive_game_type {
                let mut s = settings.0.clone();
                s.server = server;
                s.hive_game_type = game_type;
                change.write(crate::app::save::ChangeSettings(s));
            }
            return Ok(());
        }
        super::Phase::Waiting => {
            online_panels::waiting(p);
            return Ok(());
        }
        super::Phase::Seating { left } => {
            seating::seating(ctx, &tr, &table, left);
            return Ok(());
        }
        super::Phase::Play | super::Phase::Over => {}
    }
    reserve_counts(
        ctx,
        &tr,
        &table,
        crate::app::kit::panel::Eye::of(cameras.single().ok(), ctx),
    );
    online_panels::status(ctx, &tr, &*table);
    bar::players(
        ctx,
        &tr,
        &table,
        &mut panels,
        seat.is_thinking(),
        time.elapsed_secs(),
    );
    moves::move_list(p.reborrow(), &mut panels);
    if table.replay.is_some() || table.analysing.is_some() {
        // The replay's bar or the analysis board (app::replay) stands where the end banner and
        // the game's actions would.
    } else if table.phase == super::Phase::Over {
        let data_dir = options.and_then(|o| o.data_dir.clone());
        end::banner(
            p,
            &mut saved,
            data_dir.as_deref(),
            &mut verify_page,
            &mut go,
            &mut replay,
        );
    } else {
        bar::actions(p.reborrow(), &mut panels);
        if panels.moves {
            moves::all_my_moves(p, &mut panels);
        }
    }
    stack_list(ctx, &tr, &table, hovered.0);
    Ok(())
}

/// A count over each reserve stack ("×3"), and whose reserve it is under each column.
fn reserve_counts(
    ctx: &egui::Context,
    tr: &Tr,
    table: &super::Table,
    camera: Option<crate::app::kit::panel::Eye<'_>>,
) {
    if camera.is_none() {
        return;
    }
    let shown = table.shown();
    let near = table.near();
    let screen = |p: Vec3| crate::app::kit::panel::on_screen(camera, p);
    for colour in [Colour::Ash, Colour::Walnut] {
        for creature in crate::rules::hive::Creature::ALL {
            let n = shown.board().reserve_count(colour, creature);
            if n == 0 {
                continue;
            }
            let top = super::view::reserve_pos(near, colour, creature)
                + Vec3::Y * (n as f32 * crate::carve::HEX_HEIGHT + 0.05);
            let Some(p) = screen(top + Vec3::new(0.55, 0.0, -0.35)) else {
                continue;
            };
            Floating::mark(
                ("hive-count", colour, creature),
                (p, egui::Align2::CENTER_CENTER),
                (210, 7, (6, 1)),
            )
            .show(ctx, |ui| {
                ui.add(
                    egui::Label::new(style::cream(format!("×{n}"), 14.0).strong())
                        .wrap_mode(egui::TextWrapMode::Extend),
                );
            });
        }
        // The column's owner, at its near end.
        let foot = super::view::reserve_pos(near, colour, crate::rules::hive::Creature::Elder)
            + Vec3::new(0.0, 0.0, 0.9);
        if let Some(p) = screen(foot) {
            let who = seat_name(tr, table, colour);
            Floating::mark(
                ("hive-reserve", colour),
                (p, egui::Align2::CENTER_TOP),
                (170, 6, (8, 1)),
            )
            .show(ctx, |ui| {
                ui.add(
                    egui::Label::new(style::ash(tr.tf("hive.reserve", &[("who", &who)]), 14.0))
                        .wrap_mode(egui::TextWrapMode::Extend),
                );
            });
        }
    }
}

/// The pieces of the stack under the pointer (or the keyboard's focus), bottom first.
fn stack_list(
    ctx: &egui::Context,
    tr: &Tr,
    table: &super::Table,
    hovered: Option<crate::rules::hive::Piece>,
) {
    let shown = table.shown();
    let board = shown.board();
    let cell = hovered
        .and_then(|p| board.position(p))
        .or(match table.focus {
            Some(super::Focus::Piece(h)) => Some(h),
            _ => None,
        });
    let Some(cell) = cell else {
        return;
    };
    let stack = board.stack(cell);
    if stack.height() < 2 {
        return;
    }
    Floating::anchored("hive-stack", egui::Align2::LEFT_BOTTOM, [16.0, -120.0])
        .still()
        .margin(14, 8)
        .show(ctx, |ui| {
            ui.label(style::brass(tr.t("hive.stack.title"), 15.0));
            for (i, p) in stack
                .pieces()
                .enumerate()
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
            {
                let words = tr.say(&p.explain());
                let line = if i + 1 == stack.height() {
                    tr.tf("hive.stack.top", &[("piece", &words)])
                } else {
                    words
                };
                ui.label(style::cream(line, 15.0));
            }
        });
}
