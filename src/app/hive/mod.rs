//! The Ash & Walnut table (`spec/ash-and-walnut.md`, "The table" and "Why it is fair"): a lobby
//! (the bot at a level, or two people here, and the game type: any of the three expansion
//! creatures, kept in the settings), the secret seed's fingerprint and the seating by
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

pub(crate) mod figures;
mod input;
mod probe;
mod scenes;
pub(crate) mod ui;
pub(crate) mod view;

pub use ui::verify::{Verdict, VerifyPage, verify_text};
pub use ui::{HivePanels, reading_window};
pub(crate) use ui::{creature_toggles, game_type_words};

use super::dev::StageScene;
use super::kit::link::KeptSeat;
use super::kit::table::{Loading, ending_sound, intents, send, tick};
use super::kit::{
    Happened, Intended, Outbox, Refused, Seeds, TableInfo, TableKind, TableSet, Tool, table_plugin,
};
use super::kit::{SavedValue, reads};
use super::screens::Screen;
use crate::fair::Seed;
use crate::i18n::{Explain, msg};
use crate::play::BotTurn;
use crate::play::hive::HiveGame;
use crate::rules::GameKind;
use crate::rules::hive::{Colour, Hex, Move, Piece, State};
use crate::save::Saved;
use crate::theme::SoundEvent;
use bevy::prelude::*;
pub use table::{Animated, Effect, Focus, Intent, Phase, Pick, Refusal, Table, Timing};

pub const INFO: TableInfo = TableInfo {
    game: GameKind::Hive,
    pieces: &[
        "hive_elder",
        "hive_owl",
        "hive_hare",
        "hive_fox",
        "hive_otter",
        "hive_jay",
        "hive_squirrel",
        "hive_hedgehog",
    ],
    markers: &[],
    scenes: scenes::SCENES,
    figures: figures::figure,
    probe: probe::PROBE,
    plugin,
    tools: &[Tool {
        id: "verify",
        label: "hive.verify.title",
    }],
    saves: &[SavedValue {
        key: HiveGame::KEY,
        order: 0,
        rank: |text, _| Some(reads::<HiveGame>(text)?.state().ply() as u64),
    }],
};

/// The table, as a resource: the game's [`Table`] itself. It outlives the screen (leaving for
/// the menu keeps the game).
pub type HiveTable = Table;

/// An intent from picking, keys, buttons, the link or a test.
pub type HiveIntent = Intended<Table>;

/// A click on the table (picking sends it): on a cell (a piece's, a ring's or an empty one's),
/// or on a piece of a reserve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HiveClicked {
    Cell(Hex),
    Reserve(Piece),
}

/// What the table did (a move played: the view animates it).
pub type HiveHappened = Happened<Table>;

/// An intent was refused and changed nothing: the player has been told why.
pub type HiveRefused = Refused<Table>;

/// Where the last game record was saved, or why it could not be.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct RecordSaved(pub Option<Result<String, String>>);

/// The table's state, rules, clock and bot, without a window: what the headless tests drive.
pub fn core_plugin(app: &mut App) {
    app.add_plugins(table_plugin::<Table>)
        .add_plugins(crate::app::learn::teach_core::<Table>)
        .add_systems(
            Update,
            (
                crate::app::replay::archive::hive_ended,
                crate::app::replay::archive::hive_online_ended,
            )
                .in_set(crate::app::kit::TableSet::Sync),
        )
        .add_plugins(crate::app::replay::replay_core::<Table>)
        .add_plugins(crate::app::replay::analysis::analysis_core::<Table>)
        .init_resource::<RecordSaved>()
        .init_resource::<VerifyPage>()
        .add_message::<StageScene>()
        .add_plugins(link::plugin)
        .add_systems(OnEnter(Screen::Table(GameKind::Hive)), lobby_after_the_end)
        .add_systems(
            Update,
            (
                save_the_clock.in_set(TableSet::Tick).after(tick::<Table>),
                input::keys.in_set(TableSet::Input),
                link::launch_online::<Table>.in_set(TableSet::Input),
                crate::app::kit::link::autoplay_rematch::<Table>.in_set(TableSet::Intent),
                link::autoplay.in_set(TableSet::Intent),
                forget_the_record.in_set(TableSet::Rules),
            )
                .run_if(in_state(Screen::Table(GameKind::Hive))),
        )
        // The online table's link runs on every screen: the game goes on in the menu too.
        .add_systems(
            Update,
            (link::go_online::<Table>, link::pump::<Table>)
                .chain()
                .in_set(TableSet::Rules)
                .after(intents::<Table>),
        )
        // A staged scene may be on the game's menu page ("Verify a game").
        .add_systems(Update, scenes::stage.in_set(TableSet::Stage))
        // The game type chosen on the Online screen is the lobby's too.
        .add_systems(Update, follow_settings.before(TableSet::Stage));
    app.init_resource::<ui::HivePanels>();
    // Each action announced in words (the reading window, the log): headless tests read them too.
    app.add_systems(Update, ui::announce.in_set(TableSet::Sync));
}

/// The whole table: the core plus the 3D tiles, picking, keys and panels.
pub fn plugin(app: &mut App) {
    app.add_plugins((core_plugin, view::plugin, input::plugin, ui::plugin))
        .add_plugins(crate::app::learn::teach_ui::<Table>)
        .add_plugins(crate::app::replay::replay_ui::<Table>)
        .add_plugins(crate::app::replay::analysis::analysis_ui::<Table>);
}

impl TableKind for Table {
    const GAME: GameKind = GameKind::Hive;
    type Intent = Intent;
    type Click = HiveClicked;
    type Effect = Effect;
    type Refusal = Refusal;
    type Timing = Timing;
    type Bot = State;

    /// What a click means now: lift a reserve's creature or a piece (the other player's too,
    /// where your Hedgehog may carry it), set the lifted piece down on a ring, put it back (a
    /// click on it again, or on nothing that matters). `None`: a click that changes nothing
    /// (not the person's turn, an empty cell with nothing lifted).
    fn click_intent(&mut self, click: &HiveClicked) -> Option<Intent> {
        if !self.person_to_act() {
            return None;
        }
        let state = self.state()?;
        match (*click, &self.pick) {
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
                // Your own piece, or the other's that your Hedgehog may carry: lifted.
                let liftable = state.board().top(h).is_some_and(|p| {
                    p.colour() == state.to_move()
                        || !crate::rules::hive::words::move_destinations(state, p).is_empty()
                });
                Some(if liftable {
                    Intent::LiftAt(h)
                } else {
                    Intent::Target(h)
                })
            }
        }
    }

    fn apply(
        &mut self,
        intent: Intent,
        seeds: &mut Seeds,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        // Only a new game draws: its secret seed (the system's secure source) and its bot's.
        let (secret, bot_seed) = if intent == Intent::Start {
            (seeds.secret(), seeds.number())
        } else {
            (Seed([0; 32]), 0)
        };
        self.handle(intent, secret, bot_seed, timing)
    }

    fn advance(&mut self, dt: f32, timing: &Timing) -> Vec<Effect> {
        self.tick(dt, timing)
    }

    fn least_think(timing: &Timing) -> f32 {
        timing.think
    }

    fn busy(&self) -> bool {
        self.animating()
    }

    fn next_change(&self) -> Option<f32> {
        crate::app::kit::host::next_change(&self.host, self.running_clock())
    }

    fn engine_turn(&self) -> Option<(u64, BotTurn<State>)> {
        let g = self.game.as_ref().filter(|g| g.ending().is_none())?;
        if self.phase != Phase::Play {
            return None;
        }
        // A game is known by its fingerprint: an answer for another game is dropped.
        let key = u64::from_str_radix(&g.fingerprint()[..15], 16).unwrap_or(0);
        Some((key, g.game().bot_turn()?))
    }

    fn apply_engine(&mut self, mv: Move, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        self.play(mv, timing)
    }

    fn route(&self, effects: &[Effect], out: &mut Outbox) {
        for effect in effects {
            match effect {
                Effect::Started => out.sound(SoundEvent::Coin),
                Effect::Played(p) => {
                    use crate::rules::hive::Creature;
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
                        out.notice(
                            &msg("hive.timeout_played").with_words("colour", p.by.explain()),
                        );
                    }
                }
                Effect::Passed(side) => {
                    out.sound(SoundEvent::Pass);
                    out.notice(&msg("hive.passed").with_words("colour", side.explain()));
                }
                Effect::Ended(ending) => out.sound(ending_sound(
                    ending.winner(),
                    self.hot_seat(),
                    self.person_colour(),
                )),
                Effect::Warning => out.sound(SoundEvent::LowTime),
                Effect::TookBack(_) => out.sound(SoundEvent::Lift),
                Effect::Picked => out.sound(SoundEvent::Lift),
                // The online game is the server's to keep.
                Effect::Save if self.host.is_some() => {}
                Effect::Online(m) => out.notice(m),
                // A spectator keeps no seat (and leaves the one kept as it was).
                Effect::KeepSeat if self.host.as_ref().is_some_and(|o| o.spectating()) => {}
                Effect::KeepSeat => out.save(
                    &KeptSeat::<Table>::new(self.seat_to_keep().unwrap_or_default()),
                    "hive.save_failed",
                ),
                // A lesson's game, or a replay's, is never saved over the game in progress.
                Effect::Save if self.game.as_ref().is_some_and(|g| g.is_coached()) => {}
                Effect::Save if self.replay.is_some() || self.analysing.is_some() => {}
                Effect::Save => out.save_game(self.game.as_ref(), "hive.save_failed"),
            }
        }
    }

    /// Offers the saved game, if one was left unfinished and replays through the rules; a
    /// damaged save is reported (and a fresh game offered).
    fn load(&mut self, mut at: Loading) {
        // The lobby's game type is the one last chosen.
        self.game_type = at.settings.hive_game_type;
        let (kept, _) = at.store.load::<KeptSeat<Table>>();
        self.saved_seat = kept.seat.kept();
        let saved = at.saved_game("hive", "hive.save_damaged", HiveGame::checked);
        if let Some(game) = saved.filter(|g| g.ending().is_none() && g.state().ply() > 0) {
            self.saved = Some(game);
        }
    }
}

/// The lobby's game type follows the settings when they change (the Online screen's
/// toggles choose it too); the table's load read them at the start.
fn follow_settings(settings: Res<crate::app::save::ActiveSettings>, mut table: ResMut<HiveTable>) {
    let game_type = settings.0.hive_game_type;
    if settings.is_changed() && !settings.is_added() && table.game_type != game_type {
        table.game_type = game_type;
    }
}

/// A new game (here, or a rematch's at a server) starts with no record saved yet.
fn forget_the_record(
    mut intents: MessageReader<HiveIntent>,
    mut happened: MessageReader<HiveHappened>,
    mut saved: ResMut<RecordSaved>,
) {
    let started = happened.read().any(|h| h.0 == Effect::Started);
    if intents.read().any(|i| i.0 == Intent::Start) || started {
        saved.0 = None;
    }
}

/// Coming to the table from the menu after a finished game opens the lobby, not the old end
/// banner; coming back from "Verify this game" returns to the finished game.
fn lobby_after_the_end(
    mut table: ResMut<HiveTable>,
    mut verify: ResMut<VerifyPage>,
    timing: Res<Timing>,
    mut out: Outbox,
    mut happened: MessageWriter<HiveHappened>,
) {
    let back = std::mem::take(&mut verify.from_game);
    if table.phase == Phase::Over && !back {
        // Leaving a finished game: nothing is drawn or sent, so no seed is needed.
        if let Ok(effects) = table.handle(Intent::NewGame, Seed([0; 32]), 0, &timing) {
            send(&*table, effects, &mut out, &mut happened);
        }
    }
}

/// Seconds of a running clock between two autosaves (so a restart resumes it about where it
/// stood); every move saves too.
const CLOCK_SAVE_EVERY: f32 = 2.0;

/// While a game's clock runs, the game is saved every [`CLOCK_SAVE_EVERY`] seconds.
fn save_the_clock(
    time: Res<Time>,
    table: Res<HiveTable>,
    mut out: Outbox,
    mut happened: MessageReader<HiveHappened>,
    mut since_save: Local<f32>,
) {
    if happened.read().any(|h| h.0 == Effect::Save) {
        *since_save = 0.0;
    }
    if table.phase == Phase::Play && !table.animating() {
        *since_save += time.delta_secs();
        if *since_save >= CLOCK_SAVE_EVERY {
            *since_save = 0.0;
            table.route(&[Effect::Save], &mut out);
        }
    }
}

/// The colour a piece is drawn in.
pub fn wood(c: Colour) -> crate::theme::Wood {
    match c {
        Colour::Ash => crate::theme::Wood::Light,
        Colour::Walnut => crate::theme::Wood::Dark,
    }
}

impl crate::app::replay::Replays for Table {
    fn open_replay(
        &mut self,
        replay: crate::app::replay::Replaying,
    ) -> Option<Result<Vec<Effect>, Refusal>> {
        let read = replay.replay.clone();
        let crate::review::Replay::Hive(line) = &*read else {
            return None;
        };
        Some(Table::open_replay(self, line, replay))
    }

    fn replaying(&self) -> Option<&crate::app::replay::Replaying> {
        self.replay.as_ref()
    }

    fn replaying_mut(&mut self) -> Option<&mut crate::app::replay::Replaying> {
        self.replay.as_mut()
    }

    fn replay_at(&self) -> (usize, usize) {
        let plies = self.game.as_ref().map_or(0, |g| g.game().record().len());
        (self.viewing.unwrap_or(plies).min(plies), plies)
    }

    fn position_text(&self) -> String {
        self.shown().game_string()
    }

    fn view(step: crate::app::kit::history::Step) -> Intent {
        Intent::View(step)
    }

    fn suggest(&mut self, at: usize, better: &str) -> bool {
        let parsed = self
            .game
            .as_ref()
            .and_then(|g| g.game().after(at))
            .and_then(|s| s.parse_move(better).ok());
        self.suggested = parsed.map(|m| (at, m));
        parsed.is_some()
    }

    fn suggested_at(&self) -> Option<usize> {
        self.suggested.map(|(at, _)| at)
    }

    fn leave_replay(&mut self) {
        Table::leave_replay(self);
    }

    const ANALYSES: bool = true;

    fn analyse_here(&mut self) -> Option<Result<Vec<Effect>, Refusal>> {
        Some(Table::analyse_here(self))
    }
}

impl crate::app::replay::analysis::Analyses for Table {
    type Pos = State;

    fn analysed(&self) -> Option<&State> {
        self.analysing.as_ref()?;
        self.state()
    }

    fn analyse_at(&mut self, at: usize) -> Result<Vec<Effect>, Refusal> {
        Table::analyse_at(self, at)
    }

    fn leave_analysis(&mut self) -> Vec<Effect> {
        Table::leave_analysis(self)
    }
}

impl crate::app::learn::Teach for Table {
    fn coach(&self) -> Option<&crate::learn::Coach<State>> {
        self.game.as_ref()?.game().coach()
    }

    fn position(&self) -> Option<&State> {
        self.state()
    }

    fn learn(
        &mut self,
        start: State,
        coach: crate::learn::Coach<State>,
    ) -> Result<Vec<Effect>, Refusal> {
        Table::learn(self, start, coach)
    }

    fn leave_lesson(&mut self) {
        Table::leave_lesson(self);
    }

    fn hint_turn(&self) -> Option<u64> {
        let g = self.game.as_ref()?;
        let against_bot = g.seats().iter().any(|s| s.is_bot());
        if self.host.is_some()
            || self.phase != Phase::Play
            || self.animating()
            || self.viewing.is_some()
            || g.is_coached()
            || !against_bot
            || g.awaited()? != self.person_colour()?
        {
            return None;
        }
        Some(u64::from_str_radix(&g.fingerprint()[..15], 16).unwrap_or(0))
    }

    fn light(&mut self, mv: Move) -> Vec<Effect> {
        self.pick = match mv {
            Move::Place { piece, to } => table::Pick::Reserve {
                piece,
                rings: vec![to],
            },
            Move::Shift { piece, from, to } => table::Pick::Table {
                piece,
                from,
                rings: vec![to],
            },
            Move::Pass => return Vec::new(),
        };
        vec![Effect::Picked]
    }
}
