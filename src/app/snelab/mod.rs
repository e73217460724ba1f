//! The Snēlab table (`spec/snelab.md`, "The table"): a lobby with the casino and street tables,
//! the coin flip, a whole case against the engine or a second person, payments picked piece by
//! piece, the verdict, the purse and the books.
//!
//! - [`table`]: the table's state and turn flow as plain data ([`Table::handle`]).
//! - this module: the Bevy side that carries intents in and effects out — saves, sounds, the
//!   engine's seat (a worker thread on desktop, slices across frames in the browser).
//! - `view`: the court, the pieces and the marks in 3D, and the animations.
//! - `input`: picking and keys → intents. `ui`: the lobby, bars, badges, verdict and books.
//!
//! [`core_plugin`] is what the headless tests drive; [`plugin`] adds the 3D view and the panels.

pub mod table;

mod input;
mod ui;
mod view;

use super::audio::PlaySound;
use super::platform;
use super::save::{ActiveSettings, Notices, SaveStore, Tr};
use super::screens::Screen;
use crate::ai::snelab::{Search, seed_for};
use crate::rules::GameKind;
use crate::rules::snelab::purse::{Coin, Purse};
use crate::rules::snelab::{Action, Side, Square};
use crate::save::LoadStatus;
use crate::theme::SoundEvent;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on};
use rand::RngCore;
pub use table::{
    CaseRecord, Effect, Intent, Opponent, Phase, Pick, Played, Refusal, Settled, Setup, Table,
    Timing,
};

/// The table, as a resource. It outlives the screen: leaving for the menu mid-case and coming
/// back finds the case where it was.
#[derive(Resource, Debug, Deref, DerefMut)]
pub struct SnelabTable(pub Table);

/// An intent from picking, keys, buttons or a test.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SnelabIntent(pub Intent);

/// A click on a square of the court (picking sends it; the table decides what it means).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareClicked(pub Square);

/// A move was played: the view animates it.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct SnelabPlayed(pub Played);

/// An intent was refused and changed nothing: the player is told why.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SnelabRefused(pub Refusal);

/// The engine's seat: the search under way for the position it is to move in.
#[derive(Resource, Default)]
pub struct EngineSeat {
    job: Option<EngineJob>,
    /// Seconds the engine has been seen thinking on this move.
    pub thinking: f32,
}

struct EngineJob {
    /// The case and ply it thinks about; a stale answer is dropped.
    key: (u64, usize),
    work: Work,
}

enum Work {
    Thread(Task<Option<Action>>),
    Sliced(Box<Search>),
    Done(Option<Action>),
}

impl EngineSeat {
    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }
}

/// Nodes the engine searches per frame where it has no thread (the browser).
const SLICE_NODES: u64 = 6_000;

pub fn core_plugin(app: &mut App) {
    let timing = app
        .world()
        .get_resource::<TimingOverride>()
        .map_or(Timing::PLAY, |t| t.0);
    let mut notices = Vec::new();
    let table = {
        let store = app.world().resource::<SaveStore>();
        let settings = app.world().get_resource::<ActiveSettings>().cloned();
        let (mut purse, status) = store.load::<Purse>();
        if let LoadStatus::Replaced(why) = status {
            warn!("snelab purse: {why}");
            notices.push(("snelab.purse_reset", why));
        }
        if let Some(s) = settings {
            purse.set_start(s.0.starting_purse);
        }
        let mut table = Table::new(purse, timing);
        if table.purse.open_case().is_some() {
            let (record, status) = store.load::<CaseRecord>();
            let resumed = match status {
                LoadStatus::Replaced(why) => Err(why),
                _ => table.resume(&record),
            };
            if let Err(why) = resumed {
                warn!("snelab: the open case could not be resumed ({why}); settled as abandoned");
                table.abandon_open_case(platform::now_secs());
                notices.push(("snelab.abandoned", why));
            }
        }
        table
    };
    let abandoned = notices.iter().any(|(k, _)| *k == "snelab.abandoned");
    if let Some(tr) = app.world().get_resource::<Tr>().cloned() {
        let mut n = app.world_mut().resource_mut::<Notices>();
        for (key, why) in &notices {
            n.push(tr.tf(key, &[("why", why)]));
        }
    }
    if abandoned {
        let purse = table.purse.clone();
        let mut store = app.world_mut().resource_mut::<SaveStore>();
        if let Err(e) = store.store(&purse) {
            warn!("{e}");
        }
    }
    app.insert_resource(SnelabTable(table))
        .init_resource::<EngineSeat>()
        .insert_resource(TableRng(rand::SeedableRng::seed_from_u64(
            platform::entropy(),
        )))
        .add_message::<SnelabIntent>()
        .add_message::<SquareClicked>()
        .add_message::<SnelabPlayed>()
        .add_message::<SnelabRefused>()
        .add_message::<PlaySound>()
        .add_systems(OnEnter(Screen::Table(GameKind::Snelab)), stage_scene)
        .add_systems(
            Update,
            (
                tick,
                input::keys,
                clicks_to_intents,
                handle_intents,
                run_engine,
                follow_settings,
            )
                .chain()
                .run_if(in_state(Screen::Table(GameKind::Snelab))),
        );
}

/// The table's randomness: the coin and the seed of each case's engine.
#[derive(Resource, Deref, DerefMut)]
pub struct TableRng(pub rand::rngs::SmallRng);

/// Replaces the animation timing (tests insert `Timing::INSTANT` before adding the plugin).
#[derive(Resource, Clone, Copy, Debug)]
pub struct TimingOverride(pub Timing);

/// The whole table: the core plus the 3D court, picking, keys and panels.
pub fn plugin(app: &mut App) {
    app.add_plugins((core_plugin, view::plugin, input::plugin, ui::plugin));
}

/// Where intents' effects go: messages, sounds, saves and notices.
#[derive(SystemParam)]
struct Outbox<'w> {
    played: MessageWriter<'w, SnelabPlayed>,
    refused: MessageWriter<'w, SnelabRefused>,
    sounds: MessageWriter<'w, PlaySound>,
    store: ResMut<'w, SaveStore>,
    notices: ResMut<'w, Notices>,
    tr: Res<'w, Tr>,
}

impl Outbox<'_> {
    fn send(&mut self, table: &Table, effects: Vec<Effect>) {
        // The case record changes only when a case opens or a move is played.
        let record_changed = effects
            .iter()
            .any(|e| matches!(e, Effect::StakeTaken | Effect::Played(_)));
        for effect in effects {
            match effect {
                Effect::StakeTaken => {
                    self.sounds.write(PlaySound(SoundEvent::Coin));
                }
                Effect::Played(p) => {
                    self.sounds.write(PlaySound(SoundEvent::Slide));
                    if p.captured.is_some() {
                        self.sounds.write(PlaySound(SoundEvent::Capture));
                        self.sounds.write(PlaySound(SoundEvent::Pay));
                    }
                    self.played.write(SnelabPlayed(*p));
                }
                Effect::Settled(s) => {
                    let won = s.winner == s.your_side;
                    let hot_seat = table.setup.opponent == Opponent::Person;
                    self.sounds.write(PlaySound(if won || hot_seat {
                        SoundEvent::Win
                    } else {
                        SoundEvent::Lose
                    }));
                    self.sounds.write(PlaySound(SoundEvent::Coin));
                }
                Effect::PurseChanged => {
                    if let Err(e) = self.store.store(&table.purse) {
                        warn!("{e}");
                        self.notices
                            .push(self.tr.tf("snelab.save_failed", &[("why", &e.0)]));
                    }
                }
                Effect::Picked => {}
            }
        }
        // The case under way, so a restart resumes it (written after the purse).
        if record_changed
            && let Some(record) = table.record()
            && let Err(e) = self.store.store(&record)
        {
            warn!("{e}");
        }
    }

    fn refuse(&mut self, refusal: Refusal) {
        self.notices.push(ui::refusal_text(&self.tr, refusal));
        self.refused.write(SnelabRefused(refusal));
    }
}

fn tick(time: Res<Time>, mut table: ResMut<SnelabTable>) {
    let dt = time.delta_secs();
    if table.busy > 0.0 || matches!(table.phase, Phase::Flip { .. }) {
        table.tick(dt);
    }
}

fn clicks_to_intents(
    mut clicks: MessageReader<SquareClicked>,
    table: Res<SnelabTable>,
    mut intents: MessageWriter<SnelabIntent>,
) {
    for SquareClicked(sq) in clicks.read() {
        if let Some(intent) = table.click(*sq) {
            intents.write(SnelabIntent(intent));
        }
    }
}

fn handle_intents(
    mut rng: ResMut<TableRng>,
    mut intents: MessageReader<SnelabIntent>,
    mut table: ResMut<SnelabTable>,
    mut out: Outbox,
) {
    for SnelabIntent(intent) in intents.read() {
        let seed = rng.next_u64();
        let coin = Coin::flip(&mut rng.0);
        match table.handle(*intent, coin, seed, platform::now_secs()) {
            Ok(effects) => out.send(&table, effects),
            Err(refusal) => out.refuse(refusal),
        }
    }
}

fn run_engine(
    time: Res<Time>,
    mut table: ResMut<SnelabTable>,
    mut seat: ResMut<EngineSeat>,
    mut out: Outbox,
) {
    if !table.engine_to_move() {
        seat.job = None;
        seat.thinking = 0.0;
        return;
    }
    let Some(level) = table.setup.opponent.level() else {
        return;
    };
    let Some(case) = table.case else {
        return;
    };
    let key = (case.id, table.actions.len());
    if seat.job.as_ref().is_none_or(|j| j.key != key) {
        let pos = table.pos.clone();
        let seed = seed_for(table.seed, key.1 as u64);
        let work = if platform::THREADS {
            Work::Thread(AsyncComputeTaskPool::get().spawn(async move {
                let mut search = Search::new(&pos, level, seed);
                search.step(u64::MAX)
            }))
        } else {
            Work::Sliced(Box::new(Search::new(&pos, level, seed)))
        };
        seat.job = Some(EngineJob { key, work });
        seat.thinking = 0.0;
    }
    seat.thinking += time.delta_secs();
    let Some(job) = seat.job.as_mut() else {
        return;
    };
    let answer = match &mut job.work {
        Work::Thread(task) if task.is_finished() => Some(block_on(task)),
        Work::Thread(_) => None,
        Work::Sliced(search) => {
            let a = search.step(SLICE_NODES);
            (a.is_some() || search.is_finished()).then_some(a)
        }
        Work::Done(a) => Some(*a),
    };
    let Some(answer) = answer else {
        return;
    };
    job.work = Work::Done(answer);
    if seat.thinking < table.timing.think {
        return;
    }
    seat.job = None;
    seat.thinking = 0.0;
    match answer.map(|a| table.play(a, platform::now_secs())) {
        Some(Ok(effects)) => out.send(&table, effects),
        Some(Err(refusal)) => error!("the engine's choice was refused: {refusal:?}"),
        None => error!("the engine found no action in a case with no verdict"),
    }
}

/// The starting purse setting is what Reset all goes back to.
fn follow_settings(settings: Res<ActiveSettings>, mut table: ResMut<SnelabTable>) {
    if settings.is_changed() && table.purse.start() != settings.0.starting_purse {
        table.purse.set_start(settings.0.starting_purse);
    }
}

/// Which side a person at this table sees as "theirs" (the near side).
pub fn near_side() -> Side {
    Table::YOU
}

/// The staged scenes (`--scene snelab-…`): a case set up at a telling moment, played through the
/// same intents a person would send.
pub mod stage {
    use super::{Intent, Opponent, SnelabTable, Table};
    use crate::launch::SnelabShot;
    use crate::rules::snelab::purse::Coin;
    use crate::rules::snelab::{Position, Square};

    fn sq(name: &str) -> Square {
        name.parse().unwrap_or(Square::new(0, 0))
    }

    /// Sits down (against a second person, so no engine answers) in `court`, then sends `intents`.
    fn case(table: &mut Table, court: &str, intents: &[Intent]) {
        table.setup.opponent = Opponent::Person;
        let _ = table.handle(Intent::Sit, Coin::Heads, 1, 0);
        table.phase = super::Phase::Play;
        if let Ok(pos) = court.parse::<Position>() {
            table.start = pos.clone();
            table.pos = pos;
        }
        for i in intents {
            if let Err(r) = table.handle(*i, Coin::Heads, 1, 0) {
                bevy::log::warn!("staging {i:?}: {r:?}");
            }
        }
    }

    pub fn stage(table: &mut SnelabTable, shot: SnelabShot) {
        let t = &mut table.0;
        match shot {
            // The Justice on d4: b6 is open (a dot), the Advocate on f2 can be taken backward and
            // paid with the Advocate on a1 (a red ring), the Justice on f6 costs 4 and the other
            // pieces only add up to 3 (can't pay).
            SnelabShot::Highlights => case(
                t,
                "b1r3b/5j1/7/3J3/7/5a1/A5B S +a",
                &[Intent::Select(sq("d4"))],
            ),
            // The Justice on d4 takes the Barrister on f6 (3); the Bailiff on a1 is ticked, the
            // Advocates can complete it, the Barristers and the other Bailiff are faded.
            SnelabShot::Payment => case(
                t,
                "barj1ab/5r1/7/3J3/7/7/BAR1RAB S +a",
                &[
                    Intent::Select(sq("d4")),
                    Intent::Target(sq("f6")),
                    Intent::Pay(sq("a1")),
                ],
            ),
            // South's Justice is lifted on d1; the move to f3 is sent as a message (below), so
            // the picture shows the move as played and animated at the table.
            SnelabShot::Ghost => case(
                t,
                "barjrab/7/7/7/7/7/BARJRAB S +a",
                &[Intent::Select(sq("d1"))],
            ),
            // The coin has landed (its clock is held long, so the picture waits for it).
            SnelabShot::Coin => {
                t.timing.flip = 1000.0;
                let _ = t.handle(Intent::Sit, Coin::Tails, 1, 0);
                if let super::Phase::Flip { left, .. } = &mut t.phase {
                    *left = 200.0;
                }
            }
            // Two cases at the casino table, one lost and one won, then back in the lobby.
            SnelabShot::Books => {
                for court in ["7/7/7/7/7/3b3/B6 N +a", "7/2B4/7/7/7/b6/7 S +a"] {
                    case(t, court, &[]);
                    t.setup.opponent = Opponent::Normal;
                    let from = t.pos.pieces().find(|(_, p)| p.side == t.pos.to_move());
                    if let Some((from, _)) = from {
                        let to = crate::rules::snelab::legal_actions(&t.pos)
                            .into_iter()
                            .find(|a| a.from() == from);
                        if let Some(a) = to {
                            let _ = t.play(a, 1_795_000_000);
                        }
                    }
                    let _ = t.handle(Intent::NextCase, Coin::Heads, 1, 0);
                }
            }
            // A Bailiff steps onto North's Counter, South's Bench, at the casino table.
            SnelabShot::Verdict => {
                case(
                    t,
                    "ba1jrab/2B4/7/3r3/7/2A4/BA1JR1B S +a",
                    &[Intent::Select(sq("c6")), Intent::Target(sq("c7"))],
                );
            }
        }
    }
}

/// Stages the scene the launch options name, once the table opens.
fn stage_scene(
    options: Option<Res<crate::launch::LaunchOptions>>,
    mut table: ResMut<SnelabTable>,
    mut intents: MessageWriter<SnelabIntent>,
    panels: Option<ResMut<ui::SnelabPanels>>,
) {
    if let Some(crate::launch::Scene::Snelab(shot)) = options.map(|o| o.scene.clone()) {
        stage::stage(&mut table, shot);
        if shot == crate::launch::SnelabShot::Books
            && let Some(mut p) = panels
        {
            p.books = true;
        }
        if shot == crate::launch::SnelabShot::Ghost {
            intents.write(SnelabIntent(Intent::Target(Square::new(5, 2))));
        }
    }
}
