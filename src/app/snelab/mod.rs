//! The Snēlab table (`spec/snelab.md`, "The table"): a lobby with the casino and street tables,
//! the coin flip, a whole case against the engine or a second person, payments picked piece by
//! piece, the verdict, the purse and the books.
//!
//! - [`table`]: the table's own state around the match layer's session ([`Table::handle`]).
//! - this module: the plugin, its messages, loading the purse and the open case, and the
//!   systems that carry intents in and effects out (through the kit's outbox and engine seat).
//! - `scenes`: the staged scenes (`--scene snelab-…`).
//! - `view`: the court, the pieces and the marks in 3D, and the animations.
//! - `input`: picking and keys → intents. `ui`: the lobby, bars, badges, verdict and books.
//!
//! [`core_plugin`] is what the headless tests drive; [`plugin`] adds the 3D view and the panels.

pub mod online;
pub mod table;

pub(crate) mod figures;
mod input;
mod probe;
mod scenes;
mod ui;
pub(crate) mod view;

use super::dev::StageScene;
use super::kit::link::KeptSeat;
use super::kit::table::Loading;
use super::kit::{
    Clicked, Happened, Intended, Outbox, Refused, Seeds, TableInfo, TableKind, TableSet,
    table_plugin,
};
use super::kit::{SavedValue, reads};
use super::platform;
use super::save::ActiveSettings;
use super::screens::Screen;
use crate::i18n::{Explain, msg};
use crate::play::BotTurn;
use crate::play::snelab::{CaseRecord, SnelabSave};
use crate::play::snelab::{Coin, Purse, Restored, Session, load_snelab};
use crate::rules::GameKind;
use crate::rules::snelab::{Action, Position, Square};
use crate::save::LoadStatus;
use crate::save::Saved;
use crate::theme::SoundEvent;
use bevy::prelude::*;
pub use table::{Animated, CoinShow, Effect, Intent, Pick, Refusal, Table, Timing, rank_tag};
pub use ui::{
    Moment, SnelabPanels, coins_line, draw as draw_panels, reading as reading_window, reason_line,
};

pub const INFO: TableInfo = TableInfo {
    game: GameKind::Snelab,
    pieces: &[
        "snelab_bailiff",
        "snelab_advocate",
        "snelab_barrister",
        "snelab_justice",
    ],
    markers: &[],
    scenes: scenes::SCENES,
    figures: figures::figure,
    probe: probe::PROBE,
    plugin,
    tools: &[],
    saves: &[
        SavedValue {
            key: CaseRecord::KEY,
            order: 1,
            rank: |text, _| Some(reads::<CaseRecord>(text)?.game.actions().len() as u64),
        },
        SavedValue {
            key: SnelabSave::KEY,
            order: 2,
            rank: |text, data| {
                // A purse has its coins (or, older, its purse): settings read from almost any
                // object.
                data.get("coins").or_else(|| data.get("purse"))?;
                let s = reads::<SnelabSave>(text)?;
                Some(s.purse.books().len() as u64 + s.purse.open_case().map_or(0, |o| o.id))
            },
        },
    ],
};

/// The table, as a resource: the game's [`Table`] itself. It outlives the screen: leaving for
/// the menu mid-case and coming back finds the case where it was.
pub type SnelabTable = Table;

impl Default for Table {
    fn default() -> Table {
        Table::new(Session::new(Purse::default()))
    }
}

/// An intent from picking, keys, buttons or a test.
pub type SnelabIntent = Intended<Table>;

/// A click on a square of the court (picking sends it; the table decides what it means).
pub type SquareClicked = Clicked<Table>;

/// The mouse pointer is over this square of the court now (`None`: off the court); the piece
/// there has its rank named.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareHovered(pub Option<Square>);

/// What the table did (a move played: the view animates it).
pub type SnelabHappened = Happened<Table>;

/// An intent was refused and changed nothing: the player has been told why.
pub type SnelabRefused = Refused<Table>;

/// The table's state, rules and bot, without a window: what the headless tests drive.
pub fn core_plugin(app: &mut App) {
    use super::kit::link;
    app.add_plugins(table_plugin::<Table>)
        .add_plugins(crate::app::learn::teach_core::<Table>)
        .add_systems(
            Update,
            (
                crate::app::replay::archive::snelab_ended,
                crate::app::replay::archive::snelab_online_ended,
            )
                .in_set(crate::app::kit::TableSet::Sync),
        )
        .add_plugins(crate::app::replay::replay_core::<Table>)
        .add_plugins(crate::app::replay::analysis::analysis_core::<Table>)
        .add_plugins(link::plugin::<Table>)
        .add_message::<SquareHovered>()
        .add_message::<StageScene>()
        // The online table's link runs on every screen: the case goes on in the menu too.
        .add_systems(
            Update,
            (link::go_online::<Table>, link::pump::<Table>)
                .chain()
                .in_set(TableSet::Rules)
                .after(super::kit::table::intents::<Table>),
        )
        .add_systems(Update, follow_settings.after(super::save::apply_settings))
        .add_systems(
            Update,
            (
                input::keys.in_set(TableSet::Input),
                super::kit::link::launch_online::<Table>.in_set(TableSet::Input),
                crate::app::kit::link::autoplay_rematch::<Table>.in_set(TableSet::Intent),
                online::autoplay.in_set(TableSet::Intent),
                follow_hover.in_set(TableSet::Intent),
                scenes::stage.in_set(TableSet::Stage),
            )
                .run_if(in_state(Screen::Table(GameKind::Snelab))),
        );
    app.init_resource::<ui::SnelabPanels>();
    // Each action announced in words (the reading window, the log): headless tests read them too.
    app.add_systems(Update, ui::announce.in_set(TableSet::Sync));
}

/// The whole table: the core plus the 3D court, picking, keys and panels.
pub fn plugin(app: &mut App) {
    app.add_plugins((core_plugin, view::plugin, input::plugin, ui::plugin))
        .add_plugins(crate::app::learn::teach_ui::<Table>)
        .add_plugins(crate::app::replay::replay_ui::<Table>)
        .add_plugins(crate::app::replay::analysis::analysis_ui::<Table>);
}

impl TableKind for Table {
    const GAME: GameKind = GameKind::Snelab;
    type Intent = Intent;
    type Click = Square;
    type Effect = Effect;
    type Refusal = Refusal;
    type Timing = Timing;
    type Bot = Position;

    fn click_intent(&mut self, sq: &Square) -> Option<Intent> {
        // The mouse is in use: the keyboard's focus ring hides until a key is pressed.
        self.keys_shown = false;
        self.click(*sq)
    }

    fn apply(
        &mut self,
        intent: Intent,
        seeds: &mut Seeds,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        // Only sitting down opens a case: its coin (the first case) and its bot's seed.
        let (coin, seed) = if intent == Intent::Sit {
            (Coin::flip(seeds.rng()), seeds.number())
        } else {
            (Coin::Heads, 0)
        };
        self.handle(intent, coin, seed, platform::now_secs(), timing)
    }

    fn advance(&mut self, dt: f32, _: &Timing) -> Vec<Effect> {
        if self.animating() {
            self.tick(dt);
        }
        Vec::new()
    }

    fn least_think(timing: &Timing) -> f32 {
        timing.think
    }

    fn busy(&self) -> bool {
        self.animating()
    }

    fn next_change(&self) -> Option<f32> {
        crate::app::kit::host::next_change(&self.host, None)
    }

    fn engine_turn(&self) -> Option<(u64, BotTurn<Position>)> {
        // A case under way waits under a replay.
        if self.replay.is_some() {
            return None;
        }
        Some((self.open_case()?.id, self.bot_turn()?))
    }

    fn apply_engine(&mut self, action: Action, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        if self.replay.is_some() {
            return Err(Refusal::Replaying);
        }
        self.play(action, platform::now_secs(), timing)
    }

    fn route(&self, effects: &[Effect], out: &mut Outbox) {
        for effect in effects {
            match effect {
                Effect::StakeTaken => out.sound(SoundEvent::Coin),
                Effect::Played(p) => {
                    out.sound(SoundEvent::Slide);
                    if p.captured.is_some() {
                        out.sound(SoundEvent::Capture);
                        out.sound(SoundEvent::Pay);
                    }
                }
                Effect::Settled(s) => {
                    let won = s.winner == s.your_side;
                    out.sound(if won || self.names_sides() {
                        SoundEvent::Win
                    } else {
                        SoundEvent::Lose
                    });
                    out.sound(SoundEvent::Coin);
                }
                Effect::PurseChanged | Effect::Picked => {}
                Effect::Online(m) => out.notice(m),
                // A spectator keeps no seat (and leaves the one kept as it was).
                Effect::KeepSeat if self.host.as_ref().is_some_and(|o| o.spectating()) => {}
                Effect::KeepSeat => out.save(
                    &KeptSeat::<Table>::new(self.seat_to_keep().unwrap_or_default()),
                    "snelab.save_failed",
                ),
            }
        }
        // The purse and the case under way are saved together, once per change: when a case
        // opens, at each move and at the verdict.
        let changed = effects.iter().any(|e| {
            matches!(
                e,
                Effect::StakeTaken | Effect::Played(_) | Effect::PurseChanged
            )
        });
        // A replay's moves are the record's: nothing of the session changed.
        if changed && self.replay.is_none() && self.analysing.is_none() {
            out.save(&self.session.save(), "snelab.save_failed");
        }
    }

    fn tell(&self, refusal: &Refusal, out: &mut Outbox) {
        out.notice(refusal);
    }

    /// Loads the purse with the case under way (one saved value): the starting purse setting
    /// applies to a player who has not played yet, the first case opens with a coin flip, and
    /// the case found open resumes — or its stake comes back when it cannot be played on.
    fn load(&mut self, mut at: Loading) {
        let (kept, _) = at.store.load::<KeptSeat<Table>>();
        let kept = kept.seat.kept();
        let (save, status) = load_snelab(at.store.0.as_mut());
        if let LoadStatus::Replaced(why) = &status {
            warn!("snelab purse: {why}");
            at.tell(&msg("snelab.purse_reset").with_words("why", why.explain()));
        }
        let (session, restored) =
            Session::restore(save, at.settings.starting_purse, platform::now_secs());
        let mut t = Table::new(session);
        // An online case under way comes back to its seat at the server, which tells the
        // rest; one whose seat is gone cannot be finished, and its stake comes back.
        let online = t.open_case().is_some_and(|o| o.online.is_some());
        let mut given_back = false;
        if online && t.session.phase() == crate::play::snelab::Phase::Play {
            match kept.clone() {
                Some(seat) => t.return_online(seat),
                None => given_back = t.session.abandon_online().is_ok(),
            }
        }
        t.saved_seat = kept.filter(|_| t.host.is_none());
        match &restored {
            Restored::Resumed { .. } => t.show_resumed(),
            Restored::Nothing => {}
            Restored::Settled(_) | Restored::StakeReturned { .. } => {
                if let Some(m) = restored.notice() {
                    warn!("snelab: {}", crate::i18n::english(&m));
                    at.tell(&m);
                }
            }
        }
        // What the start changed (a stake given back, a verdict settled, an older save read)
        // is written at once, as one value.
        let changed = given_back
            || matches!(
                restored,
                Restored::Settled(_) | Restored::StakeReturned { .. }
            )
            || matches!(status, LoadStatus::Migrated { .. });
        if changed && let Err(e) = at.store.store(&t.session.save()) {
            warn!("{e}");
        }
        *self = t;
    }
}

fn follow_hover(mut hovers: MessageReader<SquareHovered>, mut table: ResMut<SnelabTable>) {
    if let Some(SquareHovered(sq)) = hovers.read().last() {
        table.hover = *sq;
    }
}

/// The starting purse setting is what Reset all goes back to.
fn follow_settings(settings: Res<ActiveSettings>, mut table: ResMut<SnelabTable>) {
    if settings.is_changed() && table.purse.start() != settings.0.starting_purse {
        table.purse.apply_start_setting(settings.0.starting_purse);
    }
}

impl Explain for Refusal {
    fn explain(&self) -> crate::i18n::Message {
        use crate::play::snelab::SitError;
        match *self {
            Refusal::NotNow => msg("snelab.refused.not_now"),
            Refusal::NotYours(sq) => msg("snelab.refused.not_yours").with("square", sq),
            Refusal::NothingSelected => msg("snelab.refused.nothing_selected"),
            Refusal::Unreachable(sq) => msg("snelab.refused.unreachable").with("square", sq),
            Refusal::CantPay(sq) => msg("snelab.refused.cant_pay").with("square", sq),
            Refusal::BadPayer(sq) => msg("snelab.refused.bad_payer").with("square", sq),
            Refusal::Short { paid, cost } => msg("snelab.refused.short")
                .with("paid", paid)
                .with("cost", cost),
            Refusal::CannotSit(SitError::NotEnough { have, need }) => msg("snelab.cannot_sit")
                .with("have", have)
                .with("need", need),
            Refusal::CannotSit(SitError::CaseOpen { .. }) => msg("snelab.refused.case_open"),
            Refusal::Rule(crate::rules::snelab::RuleError::CaseOver) => {
                msg("snelab.refused.case_over")
            }
            Refusal::Rule(e) => msg("snelab.refused.rule").with_words("why", e.explain()),
            Refusal::Offline => msg("online.refused.offline"),
            Refusal::Sent => msg("online.refused.sent"),
            Refusal::Late => msg("online.refused.late"),
            Refusal::Coached(key) => msg(key),
            Refusal::Replaying => msg("replay.refused"),
        }
    }
}

impl crate::app::replay::Replays for Table {
    fn open_replay(
        &mut self,
        replay: crate::app::replay::Replaying,
    ) -> Option<Result<Vec<Effect>, Refusal>> {
        Table::open_replay(self, replay)
    }

    fn replaying(&self) -> Option<&crate::app::replay::Replaying> {
        self.replay.as_ref()
    }

    fn replaying_mut(&mut self) -> Option<&mut crate::app::replay::Replaying> {
        self.replay.as_mut()
    }

    fn replay_at(&self) -> (usize, usize) {
        let plies = self.replay_line().map_or(0, |l| l.len());
        (self.viewing.min(plies), plies)
    }

    fn position_text(&self) -> String {
        crate::rules::Game::position_text(&self.pos())
    }

    fn view(step: crate::app::kit::history::Step) -> Intent {
        Intent::View(step)
    }

    fn suggest(&mut self, at: usize, better: &str) -> bool {
        Table::suggest(self, at, better)
    }

    fn suggested_at(&self) -> Option<usize> {
        self.suggested.map(|(at, _)| at)
    }

    fn leave_replay(&mut self) {
        Table::leave_replay(self);
    }

    const ANALYSES: bool = true;

    fn analyse_here(&mut self) -> Option<Result<Vec<Effect>, Refusal>> {
        let (at, _) = crate::app::replay::Replays::replay_at(self);
        Some(Table::analyse_at(self, at, platform::now_secs()))
    }
}

impl crate::app::replay::analysis::Analyses for Table {
    type Pos = Position;

    fn analysed(&self) -> Option<&Position> {
        self.analysing.as_ref()?;
        self.session.game().map(|m| m.state())
    }

    fn analyse_at(&mut self, at: usize) -> Result<Vec<Effect>, Refusal> {
        Table::analyse_at(self, at, platform::now_secs())
    }

    fn leave_analysis(&mut self) -> Vec<Effect> {
        Table::leave_analysis(self)
    }

    // Above the bar of the case at the bottom.
    const PANEL: (bevy_egui::egui::Align2, [f32; 2]) =
        (bevy_egui::egui::Align2::RIGHT_BOTTOM, [-14.0, -96.0]);
}

impl crate::app::learn::Teach for Table {
    fn coach(&self) -> Option<&crate::learn::Coach<Position>> {
        self.session.game()?.coach()
    }

    fn position(&self) -> Option<&Position> {
        self.session.game().map(|m| m.state())
    }

    fn learn(
        &mut self,
        start: Position,
        coach: crate::learn::Coach<Position>,
    ) -> Result<Vec<Effect>, Refusal> {
        Table::learn(self, start, coach, platform::now_secs())
    }

    fn leave_lesson(&mut self) {
        Table::leave_lesson(self);
    }

    fn hint_turn(&self) -> Option<u64> {
        let case = self.open_case()?;
        let against_bot = matches!(case.opponent, Some(crate::play::Seat::Bot(_)));
        if self.host.is_some()
            || self.session.learning()
            || self.session.watching()
            || !against_bot
            || !self.person_to_move()
        {
            return None;
        }
        Some(case.id)
    }

    fn light(&mut self, action: Action) -> Vec<Effect> {
        Table::light(self, action)
    }
}
