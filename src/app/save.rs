//! Saves on the device through `bevy_pkv` (a local database on desktop, local storage in the
//! browser), behind the typed, versioned wrapper of [`crate::save`]. Also holds the live
//! [`ActiveSettings`] (read at startup, with the language's strings in [`Tr`]) and the notices
//! shown to the player when a saved value had to be replaced.

use crate::i18n::{Explain, Strings, Tr, msg};
use crate::launch::LaunchOptions;
use crate::save::{self as saves, KeyValue, LoadStatus, MemoryStore, Saved};
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_pkv::PkvStore;

/// The store every save goes through.
#[derive(Resource)]
pub struct SaveStore(pub Box<dyn KeyValue + Send + Sync>);

impl SaveStore {
    pub fn memory() -> SaveStore {
        SaveStore(Box::new(MemoryStore::default()))
    }

    pub fn load<T: Saved>(&self) -> (T, LoadStatus) {
        saves::load(self.0.as_ref())
    }

    pub fn store<T: Saved>(&mut self, value: &T) -> Result<(), saves::SaveError> {
        saves::store(self.0.as_mut(), value)
    }
}

struct PkvKeyValue(PkvStore);

impl KeyValue for PkvKeyValue {
    fn get_raw(&self, key: &str) -> Result<Option<String>, String> {
        match self.0.get::<String>(key) {
            Ok(v) => Ok(Some(v)),
            Err(bevy_pkv::GetError::NotFound) => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }

    fn set_raw(&mut self, key: &str, value: String) -> Result<(), String> {
        self.0.set_string(key, &value).map_err(|e| e.to_string())
    }
}

/// Opens the device's store, or memory for screenshot runs without `--data-dir` (so a picture
/// never depends on a player's purse). bevy_pkv panics when its database cannot be opened (for
/// example while another copy of the game holds it); that becomes a warning and a memory store.
pub fn open_store(options: &LaunchOptions) -> SaveStore {
    if options.screenshot.is_some() && options.data_dir.is_none() {
        return SaveStore::memory();
    }
    let dir = options.data_dir.clone();
    let opened = std::panic::catch_unwind(move || match dir {
        // The browser has no folders: its store is the page's local storage.
        #[cfg(not(target_arch = "wasm32"))]
        Some(dir) => PkvStore::new_in_dir(dir),
        _ => PkvStore::new("CarvedTables", "carved-tables"),
    });
    match opened {
        Ok(store) => SaveStore(Box::new(PkvKeyValue(store))),
        Err(_) => {
            warn!("the save store could not be opened; this session keeps its saves in memory");
            SaveStore::memory()
        }
    }
}

/// The settings in force.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct ActiveSettings(pub Settings);

/// Short messages for the player (a damaged save, no sound device), shown for a few seconds.
#[derive(Resource, Default, Debug)]
pub struct Notices {
    pub items: Vec<Notice>,
}

#[derive(Debug, Clone)]
pub struct Notice {
    pub text: String,
    pub seconds_left: f32,
}

impl Notices {
    pub fn push(&mut self, text: impl Into<String>) {
        self.items.push(Notice {
            text: text.into(),
            seconds_left: 8.0,
        });
    }
}

/// A request to apply and save new settings.
#[derive(Message, Clone, Debug)]
pub struct ChangeSettings(pub Settings);

/// The order of startup loading, so plugins may be added in any order: settings and strings,
/// then the theme, then what each table saved.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loaded {
    /// Settings and strings are in force.
    Settings,
    /// The artists' theme is read.
    Theme,
    /// Each table has loaded its saves (purse, autosave).
    Tables,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveStore>()
        .insert_resource(ActiveSettings(Settings::default()))
        .insert_resource(Tr(Strings::new(crate::i18n::Lang::En)))
        .init_resource::<Notices>()
        .add_message::<ChangeSettings>()
        .configure_sets(
            Startup,
            (Loaded::Settings, Loaded::Theme, Loaded::Tables).chain(),
        )
        .add_systems(Startup, load_settings.in_set(Loaded::Settings))
        .add_systems(Update, (apply_settings, age_notices));
}

impl Default for SaveStore {
    fn default() -> SaveStore {
        SaveStore::memory()
    }
}

/// Reads the saved settings (a damaged value is replaced and the player told); `--lang` picks
/// the language for this run only.
fn load_settings(
    store: Res<SaveStore>,
    options: Option<Res<LaunchOptions>>,
    mut active: ResMut<ActiveSettings>,
    mut tr: ResMut<Tr>,
    mut notices: ResMut<Notices>,
) {
    let (mut settings, status) = store.load::<Settings>();
    settings = settings.sanitized();
    let strings_lang = options
        .as_ref()
        .and_then(|o| o.lang.as_deref())
        .and_then(crate::i18n::Lang::from_code)
        .unwrap_or(settings.lang);
    if options.as_ref().is_some_and(|o| o.lang.is_some()) {
        settings.lang = strings_lang;
    }
    tr.0 = Strings::new(strings_lang);
    if let LoadStatus::Replaced(why) = &status {
        warn!("{why}");
        notices.push(tr.say(&msg("settings.reset_problem").with("why", tr.say(&why.explain()))));
    }
    active.0 = settings;
}

fn apply_settings(
    mut changes: MessageReader<ChangeSettings>,
    mut active: ResMut<ActiveSettings>,
    mut tr: ResMut<Tr>,
    mut store: ResMut<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    for ChangeSettings(new) in changes.read() {
        let new = new.clone().sanitized();
        if new == active.0 {
            continue;
        }
        if new.lang != tr.lang() {
            tr.0 = Strings::new(new.lang);
        }
        if let Err(e) = store.store(&new) {
            warn!("{e}");
            notices.push(tr.tf("settings.save_failed", &[("why", &e.0)]));
        }
        active.0 = new;
    }
}

fn age_notices(time: Res<Time>, mut notices: ResMut<Notices>) {
    let dt = time.delta_secs();
    for n in &mut notices.items {
        n.seconds_left -= dt;
    }
    notices.items.retain(|n| n.seconds_left > 0.0);
}
