//! The generic table: what every game's table does the same way, written once.
//!
//! A game's table is a resource that implements [`TableKind`]: its own state and reducer (what
//! a click means, what an intent does, what ticks, what the engine's seat may play, where each
//! effect is heard or saved). [`table_plugin`] registers, for one game, the systems around it —
//! loading its save, the frame's tick, clicks → intents, intents → the table, the engine's
//! seat — in the kit's [`TableSet`]s, gated by the game's screen, and the table's messages:
//!
//! - [`Clicked<T>`]: a click on the game's board (picking sends it; the table decides what it
//!   means);
//! - [`Intended<T>`]: an intent from picking, keys, buttons or a test;
//! - [`Happened<T>`]: every effect the table reports, in order (the view animates the ones it
//!   draws, the panels and the tests read the rest);
//! - [`Refused<T>`]: an intent that changed nothing, already told to the player.
//!
//! The table's randomness is one [`Seeds`] per game, drawn from only when an intent needs it
//! (a new game's seed, the coin, the engine's seed): a click never reads the system's entropy.

use super::{EngineSeat, Outbox, TableSet};
use crate::ai::Bots;
use crate::app::platform;
use crate::app::save::{ActiveSettings, Loaded, Notices, SaveStore};
use crate::app::screens::Screen;
use crate::fair::Seed;
use crate::i18n::{Explain, Tr, msg};
use crate::play::BotTurn;
use crate::rules::Game;
use crate::rules::GameKind;
use crate::save::{LoadStatus, Saved};
use crate::theme::SoundEvent;
use bevy::ecs::component::{Component, Mutable};
use bevy::prelude::*;
use rand::{RngCore, SeedableRng};
use std::fmt::Debug;

/// A game's table, as the kit drives it. The implementor is the table's resource: it outlives
/// the screen, so leaving for the menu keeps the game.
pub trait TableKind: Resource + Component<Mutability = Mutable> + Sized {
    /// The game; its table's systems run while `Screen::Table(GAME)` is on screen.
    const GAME: GameKind;
    /// What the player means: from picking, keys, buttons, the link or a test.
    type Intent: Clone + Debug + Send + Sync + 'static;
    /// A click on the board, as picking reads it (a square, a cell, a reserve, nothing).
    type Click: Clone + Debug + Send + Sync + 'static;
    /// What an intent, a tick or the engine's action did.
    type Effect: Clone + Debug + Send + Sync + 'static;
    /// Why an intent changed nothing.
    type Refusal: Explain + Clone + Debug + Send + Sync + 'static;
    /// The table's pacing (animation lengths, the engine's least thinking time).
    type Timing: Resource + Default;
    /// The game the engine's seat plays.
    type Bot: Bots<Engine: Sync>;

    /// What a click means now (`None`: a click that changes nothing). It may note that the
    /// mouse is in use (the keyboard's focus ring hides).
    fn click_intent(&mut self, click: &Self::Click) -> Option<Self::Intent>;

    /// Does one intent, drawing from `seeds` only what it needs.
    fn apply(
        &mut self,
        intent: Self::Intent,
        seeds: &mut Seeds,
        timing: &Self::Timing,
    ) -> Result<Vec<Self::Effect>, Self::Refusal>;

    /// Advances the table's clocks and animations by `dt` seconds.
    fn advance(&mut self, dt: f32, timing: &Self::Timing) -> Vec<Self::Effect>;

    /// The least time the engine is seen thinking before its answer lands.
    fn least_think(timing: &Self::Timing) -> f32;

    /// Whether something is still moving on the board (the engine waits for it).
    fn busy(&self) -> bool;

    /// Seconds until something shown changes on its own though nothing moves (a running
    /// clock's next second, an online table's countdowns): the game draws again then
    /// (`app::calm`). `None`: nothing shown counts time.
    fn next_change(&self) -> Option<f32> {
        None
    }

    /// The engine's turn, if it has one now, with the key of the match it belongs to (an
    /// answer computed for another match is dropped).
    fn engine_turn(&self) -> Option<(u64, BotTurn<Self::Bot>)>;

    /// Plays the engine's chosen action.
    fn apply_engine(
        &mut self,
        action: <Self::Bot as Game>::Action,
        timing: &Self::Timing,
    ) -> Result<Vec<Self::Effect>, Self::Refusal>;

    /// Where the effects are heard, told and saved (the outbox), besides the [`Happened`]
    /// message each one becomes.
    fn route(&self, effects: &[Self::Effect], out: &mut Outbox);

    /// Tells the player why an intent changed nothing (by default: a refusal notice, gone at
    /// the next move).
    fn tell(&self, refusal: &Self::Refusal, out: &mut Outbox) {
        out.refusal(refusal);
    }

    /// Reads the game's save at start-up; a damaged one is told in the notices and changes
    /// nothing.
    fn load(&mut self, at: Loading);
}

/// What a table reads its save with at start-up.
pub struct Loading<'a> {
    pub store: &'a mut SaveStore,
    pub settings: &'a crate::settings::Settings,
    pub tr: &'a Tr,
    pub notices: &'a mut Notices,
}

impl Loading<'_> {
    /// Tells the player `what` (a damaged save), in their language.
    pub fn tell(&mut self, what: &crate::i18n::Message) {
        self.notices.push(self.tr.say(what));
    }

    /// The game `game` saved (its `T`), replayed through the rules by `check`, if one was saved
    /// and replays. A damaged one, or one that does not replay, is logged and told to the
    /// player (`<damaged>` has a `{why}`); a fresh game is offered then.
    pub fn saved_game<T: Saved, G, E: Explain>(
        &mut self,
        game: &str,
        damaged: &'static str,
        check: impl FnOnce(&T) -> Result<G, E>,
    ) -> Option<G> {
        let (saved, status) = self.store.load::<T>();
        match status {
            LoadStatus::Missing => None,
            LoadStatus::Replaced(why) => {
                warn!("{game}: the saved game could not be read ({why})");
                let why = self.tr.say(&why.explain());
                self.tell(&msg(damaged).with("why", why));
                None
            }
            LoadStatus::Loaded | LoadStatus::Migrated { .. } => match check(&saved) {
                Ok(game) => Some(game),
                Err(e) => {
                    let why = self.tr.say(&e.explain());
                    warn!("{game}: the saved game does not replay ({why})");
                    self.tell(&msg(damaged).with("why", why));
                    None
                }
            },
        }
    }
}

/// Win, loss or draw, as the person at the table hears a game's end with `winner`: at a hot
/// seat a win is a win; otherwise it is a win when the winner is the person's side.
pub fn ending_sound<S: PartialEq + Copy>(
    winner: Option<S>,
    hot_seat: bool,
    person: Option<S>,
) -> SoundEvent {
    match winner {
        None => SoundEvent::Draw,
        Some(_) if hot_seat => SoundEvent::Win,
        Some(w) if Some(w) == person => SoundEvent::Win,
        Some(_) => SoundEvent::Lose,
    }
}

/// A click on a game's board.
#[derive(Message)]
pub struct Clicked<T: TableKind>(pub T::Click);

/// An intent for a game's table.
#[derive(Message)]
pub struct Intended<T: TableKind>(pub T::Intent);

/// An effect a game's table reported.
#[derive(Message)]
pub struct Happened<T: TableKind>(pub T::Effect);

/// An intent a game's table refused (the player has been told).
#[derive(Message)]
pub struct Refused<T: TableKind>(pub T::Refusal);

macro_rules! message_traits {
    ($($m:ident: $inner:ident),*) => {$(
        impl<T: TableKind> Clone for $m<T> {
            fn clone(&self) -> Self {
                $m(self.0.clone())
            }
        }
        impl<T: TableKind> Debug for $m<T> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_tuple(stringify!($m)).field(&self.0).finish()
            }
        }
        impl<T: TableKind> PartialEq for $m<T>
        where
            T::$inner: PartialEq,
        {
            fn eq(&self, other: &Self) -> bool {
                self.0 == other.0
            }
        }
    )*};
}
message_traits!(Clicked: Click, Intended: Intent, Happened: Effect, Refused: Refusal);

/// The tables' randomness, one source for every game: a generator seeded once from the
/// system, drawn from only when an intent needs a number (a new game, a coin, an army, the
/// engine's seed).
#[derive(Resource)]
pub struct Seeds {
    rng: rand::rngs::SmallRng,
}

impl Default for Seeds {
    fn default() -> Self {
        Seeds::from_seed(platform::entropy())
    }
}

impl Seeds {
    /// Seeds drawn from `seed` (a test's, to repeat a run).
    pub fn from_seed(seed: u64) -> Self {
        Seeds {
            rng: rand::rngs::SmallRng::seed_from_u64(seed),
        }
    }

    /// A fresh number (an engine's seed, a dice seed).
    pub fn number(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// The generator itself, for a draw of the game's own (a coin).
    pub fn rng(&mut self) -> &mut rand::rngs::SmallRng {
        &mut self.rng
    }

    /// A secret seed for a fair game: the system's secure source, or a seeded draw where
    /// there is none.
    pub fn secret(&mut self) -> Seed {
        Seed::from_os().unwrap_or_else(|| Seed::draw(&mut self.rng))
    }
}

/// Registers one game's table: its resource, pacing, engine seat and messages; loading its save
/// at start-up; and, while its screen is on, the tick, clicks → intents, intents → the table
/// and the engine's seat, each in its [`TableSet`]. The game adds its own input, view, panels
/// and scenes (a staged scene runs in [`TableSet::Stage`], before the intents).
pub fn table_plugin<T: TableKind + Default>(app: &mut App) {
    app.init_resource::<T>()
        .init_resource::<T::Timing>()
        .init_resource::<EngineSeat<T::Bot>>()
        .init_resource::<Seeds>()
        .add_message::<Clicked<T>>()
        .add_message::<Intended<T>>()
        .add_message::<Happened<T>>()
        .add_message::<Refused<T>>()
        .add_message::<crate::app::audio::PlaySound>()
        .add_systems(Startup, load::<T>.in_set(Loaded::Tables))
        .add_systems(
            Update,
            (
                tick::<T>.in_set(TableSet::Tick),
                clicks::<T>.in_set(TableSet::Intent),
                intents::<T>.in_set(TableSet::Rules),
                engine::<T>.in_set(TableSet::Engine),
                wake::<T>.after(TableSet::Engine),
            )
                .run_if(in_state(Screen::Table(T::GAME))),
        );
}

/// The table asks for frames while something moves or the engine thinks, and at its next
/// shown change (`app::calm`).
fn wake<T: TableKind>(table: Res<T>, mut wake: ResMut<crate::app::calm::Wake>) {
    if table.busy() || table.engine_turn().is_some() {
        wake.busy();
    }
    if let Some(seconds) = table.next_change() {
        wake.within(seconds);
    }
}

fn load<T: TableKind>(
    mut table: ResMut<T>,
    mut store: ResMut<SaveStore>,
    settings: Res<ActiveSettings>,
    tr: Res<Tr>,
    mut notices: ResMut<Notices>,
) {
    table.load(Loading {
        store: &mut store,
        settings: &settings.0,
        tr: &tr,
        notices: &mut notices,
    });
}

/// Sends `effects`: to the outbox (sounds, notices, saves), then each as a [`Happened`].
pub fn send<T: TableKind>(
    table: &T,
    effects: Vec<T::Effect>,
    out: &mut Outbox,
    happened: &mut MessageWriter<Happened<T>>,
) {
    if effects.is_empty() {
        return;
    }
    table.route(&effects, out);
    happened.write_batch(effects.into_iter().map(Happened));
}

/// The frame's tick of the table's clocks and animations.
pub fn tick<T: TableKind>(
    time: Res<Time>,
    timing: Res<T::Timing>,
    mut table: ResMut<T>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
) {
    let effects = table.advance(time.delta_secs(), &timing);
    send(&*table, effects, &mut out, &mut happened);
}

fn clicks<T: TableKind>(
    mut clicks: MessageReader<Clicked<T>>,
    mut table: ResMut<T>,
    mut intents: MessageWriter<Intended<T>>,
) {
    for Clicked(click) in clicks.read() {
        if let Some(intent) = table.click_intent(click) {
            intents.write(Intended(intent));
        }
    }
}

/// Applies the intents to the table: an accepted one's effects are sent, a refused one is told.
pub fn intents<T: TableKind>(
    mut seeds: ResMut<Seeds>,
    timing: Res<T::Timing>,
    mut intents: MessageReader<Intended<T>>,
    mut table: ResMut<T>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
    mut refused: MessageWriter<Refused<T>>,
) {
    for Intended(intent) in intents.read() {
        match table.apply(intent.clone(), &mut seeds, &timing) {
            Ok(effects) => send(&*table, effects, &mut out, &mut happened),
            Err(refusal) => {
                table.tell(&refusal, &mut out);
                refused.write(Refused(refusal));
            }
        }
    }
}

/// The engine's seat: it thinks on its turn once the board is still, and plays its answer.
fn engine<T: TableKind>(
    time: Res<Time>,
    timing: Res<T::Timing>,
    mut table: ResMut<T>,
    mut seat: ResMut<EngineSeat<T::Bot>>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
) {
    let Some((key, turn)) = table.engine_turn() else {
        seat.stand_down();
        return;
    };
    if table.busy() {
        seat.stand_down();
        return;
    }
    let Some(answer) = seat.think(key, turn, time.delta_secs(), T::least_think(&timing)) else {
        return;
    };
    match answer.map(|a| table.apply_engine(a, &timing)) {
        Some(Ok(effects)) => send(&*table, effects, &mut out, &mut happened),
        Some(Err(refusal)) => error!(
            "{:?}: the engine's choice was refused: {refusal:?}",
            T::GAME
        ),
        None => error!(
            "{:?}: the engine found no action in a game under way",
            T::GAME
        ),
    }
}
