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

pub mod table;

mod input;
mod scenes;
mod ui;
pub(crate) mod view;

use super::dev::StageScene;
use super::kit::{EngineSeat, Outbox, TableInfo, TableSet};
use super::platform;
use super::save::{ActiveSettings, Loaded, Notices, SaveStore};
use super::screens::Screen;
use crate::i18n::{Explain, Tr, msg};
use crate::play::snelab::{Coin, Purse, Restored, Session, load_snelab};
use crate::rules::GameKind;
use crate::rules::snelab::{Position, Square};
use crate::save::LoadStatus;
use crate::theme::SoundEvent;
use bevy::prelude::*;
use rand::RngCore;
pub use table::{CoinShow, Effect, Intent, Pick, Played, Refusal, Table, Timing, rank_tag};
pub use ui::{Moment, SnelabPanels, coins_line, draw as draw_panels, reason_line};

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
    tools: &[],
};

/// The table, as a resource. It outlives the screen: leaving for the menu mid-case and coming
/// back finds the case where it was.
#[derive(Resource, Debug, Deref, DerefMut)]
pub struct SnelabTable(pub Table);

impl Default for SnelabTable {
    fn default() -> SnelabTable {
        SnelabTable(Table::new(Session::new(Purse::default())))
    }
}

/// An intent from picking, keys, buttons or a test.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SnelabIntent(pub Intent);

/// A click on a square of the court (picking sends it; the table decides what it means).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareClicked(pub Square);

/// The mouse pointer is over this square of the court now (`None`: off the court); the piece
/// there has its rank named.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareHovered(pub Option<Square>);

/// A move was played: the view animates it.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct SnelabPlayed(pub Played);

/// An intent was refused and changed nothing: the player is told why.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SnelabRefused(pub Refusal);

/// The table's randomness: the coin and the seed of each case's bot.
#[derive(Resource, Deref, DerefMut)]
pub struct TableRng(pub rand::rngs::SmallRng);

impl Default for TableRng {
    fn default() -> TableRng {
        TableRng(rand::SeedableRng::seed_from_u64(platform::entropy()))
    }
}

/// The table's state, rules and bot, without a window: what the headless tests drive.
pub fn core_plugin(app: &mut App) {
    app.init_resource::<SnelabTable>()
        .init_resource::<EngineSeat<Position>>()
        .init_resource::<TableRng>()
        .init_resource::<Timing>()
        .add_message::<SnelabIntent>()
        .add_message::<SquareClicked>()
        .add_message::<SquareHovered>()
        .add_message::<SnelabPlayed>()
        .add_message::<SnelabRefused>()
        .add_message::<StageScene>()
        .add_message::<super::audio::PlaySound>()
        .add_systems(Startup, load.in_set(Loaded::Tables))
        .add_systems(Update, follow_settings)
        .add_systems(
            Update,
            (
                tick.in_set(TableSet::Tick),
                input::keys.in_set(TableSet::Input),
                (clicks_to_intents, follow_hover).in_set(TableSet::Intent),
                (scenes::stage, handle_intents)
                    .chain()
                    .in_set(TableSet::Rules),
                run_engine.in_set(TableSet::Engine),
            )
                .run_if(in_state(Screen::Table(GameKind::Snelab))),
        );
}

/// The whole table: the core plus the 3D court, picking, keys and panels.
pub fn plugin(app: &mut App) {
    app.add_plugins((core_plugin, view::plugin, input::plugin, ui::plugin));
}

/// Loads the purse with the case under way (one saved value): the starting purse setting
/// applies to a player who has not played yet, the first case opens with a coin flip, and the
/// case found open resumes — or its stake comes back when it cannot be played on.
fn load(
    mut table: ResMut<SnelabTable>,
    mut store: ResMut<SaveStore>,
    settings: Res<ActiveSettings>,
    tr: Res<Tr>,
    mut notices: ResMut<Notices>,
) {
    let (save, status) = load_snelab(store.0.as_mut());
    if let LoadStatus::Replaced(why) = &status {
        warn!("snelab purse: {why}");
        notices.push(tr.say(&msg("snelab.purse_reset").with_words("why", why.explain())));
    }
    let (session, restored) =
        Session::restore(save, settings.0.starting_purse, platform::now_secs());
    let mut t = Table::new(session);
    match &restored {
        Restored::Resumed { .. } => t.show_resumed(),
        Restored::Nothing => {}
        Restored::Settled(_) | Restored::StakeReturned { .. } => {
            if let Some(m) = restored.notice() {
                warn!("snelab: {}", crate::i18n::english(&m));
                notices.push(tr.say(&m));
            }
        }
    }
    // What the start changed (a stake given back, a verdict settled, an older save read) is
    // written at once, as one value.
    let changed = matches!(
        restored,
        Restored::Settled(_) | Restored::StakeReturned { .. }
    ) || matches!(status, LoadStatus::Migrated { .. });
    if changed && let Err(e) = store.store(&t.session.save()) {
        warn!("{e}");
    }
    table.0 = t;
}

/// Where the table's effects go: its own messages, and sounds and saves through the outbox.
fn send(
    table: &Table,
    effects: Vec<Effect>,
    out: &mut Outbox,
    played: &mut MessageWriter<SnelabPlayed>,
) {
    // The purse and the case under way are saved together, once per change: when a case
    // opens, at each move and at the verdict.
    let changed = effects.iter().any(|e| {
        matches!(
            e,
            Effect::StakeTaken | Effect::Played(_) | Effect::PurseChanged
        )
    });
    for effect in effects {
        match effect {
            Effect::StakeTaken => out.sound(SoundEvent::Coin),
            Effect::Played(p) => {
                out.sound(SoundEvent::Slide);
                if p.captured.is_some() {
                    out.sound(SoundEvent::Capture);
                    out.sound(SoundEvent::Pay);
                }
                played.write(SnelabPlayed(*p));
            }
            Effect::Settled(s) => {
                let won = s.winner == s.your_side;
                out.sound(if won || table.hot_seat() {
                    SoundEvent::Win
                } else {
                    SoundEvent::Lose
                });
                out.sound(SoundEvent::Coin);
            }
            Effect::PurseChanged => {}
            Effect::Picked => {}
        }
    }
    if changed {
        out.save(&table.session.save(), "snelab.save_failed");
    }
}

fn tick(time: Res<Time>, mut table: ResMut<SnelabTable>) {
    if table.animating() {
        table.tick(time.delta_secs());
    }
}

fn clicks_to_intents(
    mut clicks: MessageReader<SquareClicked>,
    mut table: ResMut<SnelabTable>,
    mut intents: MessageWriter<SnelabIntent>,
) {
    for SquareClicked(sq) in clicks.read() {
        // The mouse is in use: the keyboard's focus ring hides until a key is pressed.
        table.keys_shown = false;
        if let Some(intent) = table.click(*sq) {
            intents.write(SnelabIntent(intent));
        }
    }
}

fn handle_intents(
    mut rng: ResMut<TableRng>,
    timing: Res<Timing>,
    mut intents: MessageReader<SnelabIntent>,
    mut table: ResMut<SnelabTable>,
    mut out: Outbox,
    mut played: MessageWriter<SnelabPlayed>,
    mut refused: MessageWriter<SnelabRefused>,
) {
    for SnelabIntent(intent) in intents.read() {
        let seed = rng.next_u64();
        let coin = Coin::flip(&mut rng.0);
        match table.handle(*intent, coin, seed, platform::now_secs(), &timing) {
            Ok(effects) => send(&table, effects, &mut out, &mut played),
            Err(refusal) => {
                out.notice(&refusal);
                refused.write(SnelabRefused(refusal));
            }
        }
    }
}

fn run_engine(
    time: Res<Time>,
    timing: Res<Timing>,
    mut table: ResMut<SnelabTable>,
    mut seat: ResMut<EngineSeat<Position>>,
    mut out: Outbox,
    mut played: MessageWriter<SnelabPlayed>,
) {
    let (Some(turn), Some(case)) = (table.bot_turn(), table.open_case().copied()) else {
        seat.stand_down();
        return;
    };
    if table.animating() {
        seat.stand_down();
        return;
    }
    let Some(answer) = seat.think(case.id, turn, time.delta_secs(), timing.think) else {
        return;
    };
    match answer.map(|a| table.play(a, platform::now_secs(), &timing)) {
        Some(Ok(effects)) => send(&table, effects, &mut out, &mut played),
        Some(Err(refusal)) => error!("the bot's choice was refused: {refusal:?}"),
        None => error!("the bot found no action in a case with no verdict"),
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
        }
    }
}
