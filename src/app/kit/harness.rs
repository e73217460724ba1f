//! The headless test harness of every table: a game's table under `MinimalPlugins` (no window,
//! no renderer) with the app's core (screens, saves, strings), driven by the same messages the
//! picking, keys and panels send, and read back through the table's resource and messages.
//!
//! ```ignore
//! let mut app = harness::open::<HiveTable>(hive::core_plugin, MemoryStore::default(), Timing::INSTANT);
//! harness::intent::<HiveTable>(&mut app, Intent::Start);
//! assert_eq!(harness::table::<HiveTable>(&app).phase, Phase::Play);
//! ```

use super::table::{Clicked, Happened, Intended, Refused, TableKind};
use crate::app::audio::PlaySound;
use crate::app::save::{Notices, SaveStore};
use crate::app::screens::{Navigate, Screen};
use crate::save::MemoryStore;
use crate::theme::SoundEvent;
use bevy::prelude::*;

/// The app of one table, on its screen: `game` is the game's core plugin, `store` what a
/// restart would find saved, `timing` the table's pacing (`Timing::INSTANT` in most tests).
///
/// # Panics
/// If the table's screen does not open: the harness itself is broken then.
pub fn open<T: TableKind>(game: fn(&mut App), store: MemoryStore, timing: T::Timing) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(game)
        .add_plugins(crate::app::core_plugin);
    // Plugins only register: what is put in before the first update is what the start-up
    // systems load.
    app.insert_resource(SaveStore(Box::new(store)));
    app.insert_resource(timing);
    app.update();
    app.world_mut().write_message(Navigate::Table(T::GAME));
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Table(T::GAME),
        "the harness opens the table's screen"
    );
    app
}

/// Presses `key` for one frame, as a keyboard does: pressed, a frame, released (the app needs a
/// `ButtonInput<KeyCode>`).
pub fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}

/// The words painted in a frame's `shapes` (a headless egui pass's output), in painting order,
/// each with the rectangle it covers on the screen.
pub fn painted_words(
    shapes: &[bevy_egui::egui::epaint::ClippedShape],
) -> Vec<(String, bevy_egui::egui::Rect)> {
    use bevy_egui::egui::Shape;
    fn walk(shape: &Shape, words: &mut Vec<(String, bevy_egui::egui::Rect)>) {
        match shape {
            Shape::Text(t) => words.push((t.galley.text().to_string(), t.visual_bounding_rect())),
            Shape::Vec(v) => v.iter().for_each(|s| walk(s, words)),
            _ => {}
        }
    }
    let mut words = Vec::new();
    for s in shapes {
        walk(&s.shape, &mut words);
    }
    words
}

/// One frame's input for a panel drawn headless in a 1280×720 window (the size the scenes and
/// the browser test use): `time` when the frame needs one (egui's clicks and animations read
/// it), and the frame's events.
pub fn window_input(
    time: Option<f64>,
    events: Vec<bevy_egui::egui::Event>,
) -> bevy_egui::egui::RawInput {
    use bevy_egui::egui;
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 720.0),
        )),
        time,
        events,
        ..Default::default()
    }
}

/// The table.
pub fn table<T: TableKind>(app: &App) -> &T {
    app.world().resource::<T>()
}

/// An intent, and one frame.
pub fn intent<T: TableKind>(app: &mut App, i: T::Intent) {
    app.world_mut().write_message(Intended::<T>(i));
    app.update();
}

/// A click on the board, and one frame.
pub fn click<T: TableKind>(app: &mut App, c: T::Click) {
    app.world_mut().write_message(Clicked::<T>(c));
    app.update();
}

/// The refusals since the last call.
pub fn refusals<T: TableKind>(app: &mut App) -> Vec<T::Refusal> {
    let mut msgs = app.world_mut().resource_mut::<Messages<Refused<T>>>();
    msgs.drain().map(|r| r.0).collect()
}

/// The effects since the last call.
pub fn happened<T: TableKind>(app: &mut App) -> Vec<T::Effect> {
    let mut msgs = app.world_mut().resource_mut::<Messages<Happened<T>>>();
    msgs.drain().map(|r| r.0).collect()
}

/// The sounds asked for since the last call (messages live two updates: call it often).
pub fn heard(app: &mut App) -> Vec<SoundEvent> {
    let mut msgs = app.world_mut().resource_mut::<Messages<PlaySound>>();
    msgs.drain().map(|s| s.0).collect()
}

/// The notices on screen now.
pub fn notices(app: &App) -> Vec<String> {
    app.world()
        .resource::<Notices>()
        .items
        .iter()
        .map(|n| n.text.clone())
        .collect()
}

/// What a restart finds: the values under `keys` copied into a fresh store.
pub fn saved(app: &App, keys: &[&str]) -> MemoryStore {
    let store = &app.world().resource::<SaveStore>().0;
    let mut copy = MemoryStore::default();
    for key in keys {
        if let Ok(Some(v)) = store.get_raw(key) {
            copy.values.insert((*key).to_string(), v);
        }
    }
    copy
}
