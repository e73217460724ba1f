//! The Snēlab table's panels (egui), one file each: the lobby, the coin flip, the bar at the
//! bottom, the side panel (purse and move list), the badges over the court, the verdict banner
//! and the books.

mod badges;
mod bar;
mod books;
mod coin;
mod lobby;
mod side;
mod verdict;

use super::{SnelabIntent, SnelabTable};
use crate::app::kit::EngineSeat;
use crate::app::screens::Screen;
use crate::i18n::Tr;
use crate::play::snelab::{CaseEnd, Phase};
use crate::rules::GameKind;
use crate::rules::snelab::{Position, Reason, Side};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// What the panels have open.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SnelabPanels {
    pub books: bool,
    /// Reset all asks once more before it empties the books.
    pub confirm_reset: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SnelabPanels>().add_systems(
        EguiPrimaryContextPass,
        table_ui.run_if(in_state(Screen::Table(GameKind::Snelab))),
    );
}

const GREEN: egui::Color32 = egui::Color32::from_rgb(0x6c, 0xe0, 0x74);
const RED: egui::Color32 = egui::Color32::from_rgb(0xf0, 0x5a, 0x48);

#[allow(clippy::too_many_arguments)]
fn table_ui(
    mut contexts: EguiContexts,
    time: Res<Time>,
    tr: Res<Tr>,
    mut table: ResMut<SnelabTable>,
    seat: Res<EngineSeat<Position>>,
    mut panels: ResMut<SnelabPanels>,
    mut intents: MessageWriter<SnelabIntent>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut send = |i: super::Intent| {
        intents.write(SnelabIntent(i));
    };
    let camera = cameras.single().ok();
    badges::badges(ctx, &tr, &table, camera);
    side::side_panel(ctx, &tr, &table);
    if let Some(coin) = table.coin {
        coin::coin_flip(ctx, &tr, coin);
        return Ok(());
    }
    match table.phase() {
        Phase::Lobby => {
            // The lobby edits the table's setup directly: it is only read when the case opens.
            let mut setup = table.setup;
            lobby::lobby(ctx, &tr, &table, &mut setup, &mut panels, &mut send);
            if setup != table.setup {
                table.setup = setup;
            }
        }
        Phase::Play => bar::play_bar(
            ctx,
            &tr,
            &table,
            seat.is_thinking(),
            time.elapsed_secs(),
            &mut send,
        ),
        Phase::Verdict(s) => {
            if table.busy <= 0.0 {
                verdict::verdict(ctx, &tr, &table, &s, &mut panels, &mut send);
            }
        }
    }
    if panels.books {
        books::books(ctx, &tr, &table, &mut panels);
    }
    Ok(())
}

fn side_name(tr: &Tr, side: Side) -> &str {
    match side {
        Side::South => tr.t("snelab.south"),
        Side::North => tr.t("snelab.north"),
    }
}

/// The words for a refusal, in the player's language.
fn refusal_text(tr: &Tr, r: super::Refusal) -> String {
    tr.say(&crate::i18n::Explain::explain(&r))
}

fn reason_text(tr: &Tr, end: CaseEnd) -> &str {
    match end {
        CaseEnd::Verdict(Reason::Bench) => tr.t("snelab.reason.bench"),
        CaseEnd::Verdict(Reason::NoLegalAction) => tr.t("snelab.reason.no_move"),
        CaseEnd::Resigned => tr.t("snelab.reason.resigned"),
        CaseEnd::Abandoned => tr.t("snelab.reason.abandoned"),
    }
}
