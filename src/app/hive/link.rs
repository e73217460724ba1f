//! Ash & Walnut at the online table's link (`kit::link`, written once for any game): what the
//! link asks of its table, and `--autoplay`, the engine choosing the person's moves.

use super::HiveTable;
use super::online::{OnlineTable, SavedSeat};
use super::table::{Effect, Intent, Phase, Table, Timing};
use crate::app::kit::link::Online;
use crate::net::client::{Heard, Request};
use bevy::prelude::*;

pub use crate::app::kit::link::{GoOnline, go_online, launch_online, pump};

impl Online for Table {
    const SEAT_KEY: &'static str = "hive.online_seat";

    fn online(&self) -> Option<&OnlineTable> {
        self.host.as_ref()
    }

    fn online_mut(&mut self) -> Option<&mut OnlineTable> {
        self.host.as_mut()
    }

    fn go_online(&mut self, request: Request, url: String) {
        Table::go_online(self, request, url);
    }

    fn return_online(&mut self, seat: SavedSeat) {
        Table::return_online(self, seat);
    }

    fn hear(&mut self, heard: Heard, timing: &Timing) -> Vec<Effect> {
        self.heard(heard, timing)
    }

    fn in_lobby(&self) -> bool {
        self.phase == Phase::Lobby
    }

    fn saved_seat(&self) -> Option<&SavedSeat> {
        self.saved_seat.as_ref()
    }

    fn leave() -> Intent {
        Intent::NewGame
    }

    fn ask(ask: crate::app::kit::online::Ask) -> Intent {
        Intent::Ask(ask)
    }

    /// The lobby's game type (none for the base game, as before game types).
    fn table_options(&self) -> crate::net::protocol::TableOptions {
        crate::net::protocol::TableOptions {
            game_type: Some(self.game_type).filter(|g| !g.is_base()),
            ..Default::default()
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    crate::app::kit::link::plugin::<Table>(app);
}

/// `--autoplay LEVEL`: the engine chooses the person's moves, which go through the table like
/// a choice from "All my moves" (and, online, to the server).
pub(super) fn autoplay(
    options: Option<Res<crate::launch::LaunchOptions>>,
    table: Res<HiveTable>,
    mut seeds: ResMut<crate::app::kit::Seeds>,
    mut intents: MessageWriter<super::HiveIntent>,
) {
    let Some(level) = options.and_then(|o| o.autoplay) else {
        return;
    };
    if !table.person_to_act() {
        return;
    }
    let Some(state) = table.state() else {
        return;
    };
    if state.legal_moves() == [crate::rules::hive::Move::Pass] {
        // The table passes by itself.
        return;
    }
    if let Some(mv) = crate::ai::choose(state, level, seeds.number()) {
        intents.write(crate::app::kit::Intended(super::Intent::Play(mv)));
    }
}
