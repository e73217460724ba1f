//! The Ash & Walnut table (`spec/ash-and-walnut.md`, "The table" and "Why it is fair"): a lobby
//! (the bot at a level, or two people here), the secret seed's fingerprint and the seating by
//! the colour rule, the carved tiles forming the board on the bare table top with each side's
//! reserve beside it, lifting and rings, "All my moves", the 60-second clock and its timeout
//! move, the history, takebacks, resignation, the end with the seed revealed, the game record
//! saved or copied, and "Verify a game".
//!
//! - [`table`]: the table's state around the match layer's `HiveGame` ([`Table::handle`]).
//! - this module: the plugin, its messages, loading the saved game, and the systems that carry
//!   intents in and effects out (through the kit's outbox and engine seat).
//! - `scenes`: the staged scenes (`--scene hive-…`). `view`: the tiles, reserves and marks in 3D
//!   and the animations. `input`: picking and keys → intents. `ui`: the panels, and the
//!   "Verify a game" page of the menu.

pub mod link;
pub mod online;
pub mod table;

mod input;
mod scenes;
mod ui;
pub(crate) mod view;

pub use ui::verify::{Verdict, VerifyPage, verify_text};

use super::dev::StageScene;
use super::kit::{EngineSeat, Outbox, TableInfo, TableSet, Tool};
use super::platform;
use super::save::{Loaded, Notices, SaveStore};
use super::screens::Screen;
use crate::fair::Seed;
use crate::i18n::{Explain, Tr, msg};
use crate::play::hive::{Ending, HiveGame};
use crate::rules::GameKind;
use crate::rules::hive::{Colour, Hex, Piece, State};
use crate::save::LoadStatus;
use crate::theme::SoundEvent;
use bevy::prelude::*;
use rand::RngCore;
pub use table::{Effect, Focus, Intent, Phase, Pick, Played, Refusal, Table, Timing};

pub const INFO: TableInfo = TableInfo {
    game: GameKind::Hive,
    pieces: &[
        "hive_elder",
        "hive_owl",
        "hive_hare",
        "hive_fox",
        "hive_otter",
    ],
    markers: &[],
    scenes: scenes::SCENES,
    tools: &[Tool {
        id: "verify",
        label: "hive.verify.title",
    }],
};

/// The table, as a resource: it outlives the screen (leaving for the menu keeps the game).
#[derive(Resource, Debug, Default, Deref, DerefMut)]
pub struct HiveTable(pub Table);

/// An intent from picking, keys, buttons or a test.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiveIntent(pub Intent);

/// A click on the table (picking sends it): on a cell (a piece's, a ring's or an empty one's),
/// or on a piece of a reserve.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HiveClicked {
    Cell(Hex),
    Reserve(Piece),
}

/// A move was played: the view animates it.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct HivePlayed(pub Played);

/// An intent was refused and changed nothing: the player is told why.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct HiveRefused(pub Refusal);

/// The table's randomness for the bots' seeds (the secret seed comes from the system).
#[derive(Resource, Deref, DerefMut)]
pub struct HiveRng(pub rand::rngs::SmallRng);

impl Default for HiveRng {
    fn default() -> HiveRng {
        HiveRng(rand::SeedableRng::seed_from_u64(platform::entropy()))
    }
}

/// Where the last game record was saved, or why it could not be.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct RecordSaved(pub Option<Result<String, String>>);

/// The table's state, rules, clock and bot, without a window: what the headless tests drive.
pub fn core_plugin(app: &mut App) {
    app.init_resource::<HiveTable>()
        .init_resource::<EngineSeat<State>>()
        .init_resource::<HiveRng>()
        .init_resource::<Timing>()
        .init_resource::<RecordSaved>()
        .init_resource::<VerifyPage>()
        .add_message::<HiveIntent>()
        .add_message::<HiveClicked>()
        .add_message::<HivePlayed>()
        .add_message::<HiveRefused>()
        .add_message::<StageScene>()
        .add_message::<super::audio::PlaySound>()
        .add_plugins(link::plugin)
        .add_systems(Startup, load.in_set(Loaded::Tables))
        .add_systems(OnEnter(Screen::Table(GameKind::Hive)), lobby_after_the_end)
        .add_systems(
            Update,
            (
                tick.in_set(TableSet::Tick),
                input::keys.in_set(TableSet::Input),
                link::launch_online.in_set(TableSet::Input),
                link::autoplay.in_set(TableSet::Intent),
                clicks_to_intents.in_set(TableSet::Intent),
                handle_intents.in_set(TableSet::Rules),
                run_engine.in_set(TableSet::Engine),
            )
                .run_if(in_state(Screen::Table(GameKind::Hive))),
        )
        // The online table's link runs on every screen: the game goes on in the menu too.
        .add_systems(
            Update,
            (link::go_online, link::pump)
                .chain()
                .in_set(TableSet::Rules)
                .after(handle_intents),
        )
        // A staged scene may be on the game's menu page ("Verify a game").
        .add_systems(
            Update,
            scenes::stage.in_set(TableSet::Rules).before(handle_intents),
        );
}

/// The whole table: the core plus the 3D tiles, picking, keys and panels.
pub fn plugin(app: &mut App) {
    app.add_plugins((core_plugin, view::plugin, input::plugin, ui::plugin));
}

/// Offers the saved game, if one was left unfinished and replays through the rules; a damaged
/// save is reported (and a fresh game offered).
fn load(
    mut table: ResMut<HiveTable>,
    mut store: ResMut<SaveStore>,
    tr: Res<Tr>,
    mut notices: ResMut<Notices>,
) {
    let (seat, _) = store.load::<online::SavedSeat>();
    table.saved_seat = seat.kept();
    let (saved, status) = store.load::<HiveGame>();
    match status {
        LoadStatus::Missing => {}
        LoadStatus::Replaced(why) => {
            warn!("hive: the saved game could not be read ({why})");
            notices.push(tr.say(&msg("hive.save_damaged").with("why", tr.say(&why.explain()))));
        }
        LoadStatus::Loaded | LoadStatus::Migrated { .. } => match saved.checked() {
            Ok(game) if game.ending().is_none() && game.state().ply() > 0 => {
                table.saved = Some(game);
            }
            Ok(_) => {}
            Err(e) => {
                let why = tr.say(&e.explain());
                warn!("hive: the saved game does not replay ({why})");
                notices.push(tr.say(&msg("hive.save_damaged").with("why", why)));
            }
        },
    }
}

/// Coming to the table from the menu after a finished game opens the lobby, not the old end
/// banner; coming back from "Verify this game" returns to the finished game.
fn lobby_after_the_end(
    mut table: ResMut<HiveTable>,
    mut verify: ResMut<VerifyPage>,
    timing: Res<Timing>,
    mut out: Outbox,
    mut played: MessageWriter<HivePlayed>,
) {
    let back = std::mem::take(&mut verify.from_game);
    if table.phase == Phase::Over && !back {
        // Leaving a finished game: nothing is drawn or sent, so no seed is needed.
        if let Ok(effects) = table.handle(Intent::NewGame, Seed([0; 32]), 0, &timing) {
            send(&table, effects, &mut out, &mut played);
        }
    }
}

/// Where the table's effects go: its own messages, and sounds and saves through the outbox.
fn send(
    table: &Table,
    effects: Vec<Effect>,
    out: &mut Outbox,
    played: &mut MessageWriter<HivePlayed>,
) {
    for effect in effects {
        match effect {
            Effect::Started => out.sound(SoundEvent::Coin),
            Effect::Played(p) => {
                use crate::rules::hive::{Creature, Move};
                out.moved();
                let sound = match p.mv {
                    Move::Pass => None,
                    Move::Place { .. } => Some(SoundEvent::Slide),
                    Move::Shift { piece, .. } => Some(match piece.creature() {
                        Creature::Hare => SoundEvent::Jump,
                        Creature::Owl => SoundEvent::Climb,
                        _ => SoundEvent::Slide,
                    }),
                };
                if let Some(s) = sound {
                    out.sound(s);
                }
                if p.timeout {
                    out.sound(SoundEvent::Timeout);
                    out.notice(&msg("hive.timeout_played").with_words("colour", p.by.explain()));
                }
                played.write(HivePlayed(p));
            }
            Effect::Passed(side) => {
                out.sound(SoundEvent::Pass);
                out.notice(&msg("hive.passed").with_words("colour", side.explain()));
            }
            Effect::Ended(ending) => out.sound(ending_sound(table, ending)),
            Effect::Warning => out.sound(SoundEvent::LowTime),
            Effect::TookBack(_) => out.sound(SoundEvent::Lift),
            Effect::Picked => out.sound(SoundEvent::Lift),
            // The online game is the server's to keep.
            Effect::Save if table.online.is_some() => {}
            Effect::Online(m) => out.notice(&m),
            Effect::KeepSeat => out.save(
                &table.seat_to_keep().unwrap_or_default(),
                "hive.save_failed",
            ),
            Effect::Save => match &table.game {
                Some(g) => out.save(g, "hive.save_failed"),
                None => out.save(&HiveGame::default(), "hive.save_failed"),
            },
        }
    }
}

/// Win, loss or draw, as the person at the table hears it (at a hot seat, a win is a win).
fn ending_sound(table: &Table, ending: Ending) -> SoundEvent {
    match ending.winner() {
        None => SoundEvent::Draw,
        Some(_) if table.hot_seat() => SoundEvent::Win,
        Some(w) if Some(w) == table.person_colour() => SoundEvent::Win,
        Some(_) => SoundEvent::Lose,
    }
}

/// Seconds of a running clock between two autosaves (so a restart resumes it about where it
/// stood); every move saves too.
const CLOCK_SAVE_EVERY: f32 = 2.0;

fn tick(
    time: Res<Time>,
    timing: Res<Timing>,
    mut table: ResMut<HiveTable>,
    mut out: Outbox,
    mut played: MessageWriter<HivePlayed>,
    mut since_save: Local<f32>,
) {
    let dt = time.delta_secs();
    let mut effects = table.tick(dt, &timing);
    if table.phase == Phase::Play && !table.animating() {
        *since_save += dt;
        if *since_save >= CLOCK_SAVE_EVERY && !effects.contains(&Effect::Save) {
            effects.push(Effect::Save);
        }
    }
    if effects.contains(&Effect::Save) {
        *since_save = 0.0;
    }
    if !effects.is_empty() {
        send(&table, effects, &mut out, &mut played);
    }
}

fn clicks_to_intents(
    mut clicks: MessageReader<HiveClicked>,
    table: Res<HiveTable>,
    mut intents: MessageWriter<HiveIntent>,
) {
    for click in clicks.read() {
        if let Some(intent) = click_intent(&table, *click) {
            intents.write(HiveIntent(intent));
        }
    }
}

/// What a click means now: lift a reserve's creature or a piece, set the lifted piece down on a
/// ring, put it back (a click on it again, or on nothing that matters). `None`: a click that
/// changes nothing (not the person's turn, an empty cell with nothing lifted).
pub fn click_intent(table: &Table, click: HiveClicked) -> Option<Intent> {
    if !table.person_to_act() {
        return None;
    }
    let state = table.state()?;
    match (click, &table.pick) {
        (HiveClicked::Reserve(p), Pick::Reserve { piece, .. })
            if p.creature() == piece.creature() && p.colour() == piece.colour() =>
        {
            Some(Intent::PutBack)
        }
        (HiveClicked::Reserve(p), _) => {
            (p.colour() == state.to_move()).then_some(Intent::LiftReserve(p.creature()))
        }
        (HiveClicked::Cell(h), Pick::Idle) => {
            state.board().occupied(h).then_some(Intent::LiftAt(h))
        }
        (HiveClicked::Cell(h), Pick::Table { from, .. }) if *from == h => Some(Intent::PutBack),
        (HiveClicked::Cell(h), pick) if pick.rings().contains(&h) => Some(Intent::Target(h)),
        (HiveClicked::Cell(h), _) => {
            let own = state
                .board()
                .top(h)
                .is_some_and(|p| p.colour() == state.to_move());
            Some(if own {
                Intent::LiftAt(h)
            } else {
                Intent::Target(h)
            })
        }
    }
}

fn handle_intents(
    mut rng: ResMut<HiveRng>,
    timing: Res<Timing>,
    mut intents: MessageReader<HiveIntent>,
    mut table: ResMut<HiveTable>,
    mut out: Outbox,
    mut played: MessageWriter<HivePlayed>,
    mut refused: MessageWriter<HiveRefused>,
    mut saved: ResMut<RecordSaved>,
) {
    for HiveIntent(intent) in intents.read() {
        // The secret seed: the system's secure source (a seeded draw only where there is none).
        let secret = Seed::from_os().unwrap_or_else(|| Seed::draw(&mut rng.0));
        let bot_seed = rng.next_u64();
        if *intent == Intent::Start {
            saved.0 = None;
        }
        match table.handle(*intent, secret, bot_seed, &timing) {
            Ok(effects) => send(&table, effects, &mut out, &mut played),
            Err(refusal) => {
                out.refusal(&refusal);
                refused.write(HiveRefused(refusal));
            }
        }
    }
}

fn run_engine(
    time: Res<Time>,
    timing: Res<Timing>,
    mut table: ResMut<HiveTable>,
    mut seat: ResMut<EngineSeat<State>>,
    mut out: Outbox,
    mut played: MessageWriter<HivePlayed>,
) {
    let turn = match (&table.game, table.phase) {
        (Some(g), Phase::Play) if g.ending().is_none() => g.game().bot_turn(),
        _ => None,
    };
    let Some(turn) = turn else {
        seat.stand_down();
        return;
    };
    if table.animating() {
        seat.stand_down();
        return;
    }
    // A game is known by its fingerprint: an answer for another game is dropped.
    let game_key = table.game.as_ref().map_or(0, |g| {
        u64::from_str_radix(&g.fingerprint()[..15], 16).unwrap_or(0)
    });
    let Some(answer) = seat.think(game_key, turn, time.delta_secs(), timing.think) else {
        return;
    };
    match answer.map(|a| table.play(a, &timing)) {
        Some(Ok(effects)) => send(&table, effects, &mut out, &mut played),
        Some(Err(refusal)) => error!("the bot's choice was refused: {refusal:?}"),
        None => error!("the bot found no move in a game under way"),
    }
}

/// The colour a piece is drawn in.
pub fn wood(c: Colour) -> crate::theme::Wood {
    match c {
        Colour::Ash => crate::theme::Wood::Light,
        Colour::Walnut => crate::theme::Wood::Dark,
    }
}
