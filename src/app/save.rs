//! Saves on the device through `bevy_pkv` (a local database on desktop, local storage in the
//! browser), behind the typed, versioned wrapper of [`crate::save`]. Also holds the live
//! [`ActiveSettings`] (read at startup, with the language's strings in [`Tr`]) and the notices
//! shown to the player when a saved value had to be replaced.

use crate::i18n::Message;
use crate::i18n::{Explain, Strings, Tr, msg};
use crate::launch::LaunchOptions;
use crate::save::{self as saves, KeyValue, LoadStatus, MemoryStore, Saved};
use crate::settings::Settings;
use bevy::prelude::*;

/// The store every save goes through.
#[derive(Resource)]
pub struct SaveStore(pub Box<dyn KeyValue + Send + Sync>);

impl SaveStore {
    pub fn memory() -> SaveStore {
        SaveStore(Box::new(MemoryStore::default()))
    }

    /// Loads `T`; a damaged value is replaced by the default and kept aside in the store.
    pub fn load<T: Saved>(&mut self) -> (T, LoadStatus) {
        saves::load_keeping_damage(self.0.as_mut())
    }

    pub fn store<T: Saved>(&mut self, value: &T) -> Result<(), saves::SaveError> {
        saves::store(self.0.as_mut(), value)
    }
}

impl Default for SaveStore {
    fn default() -> SaveStore {
        SaveStore::memory()
    }
}

/// What opening the store found that the player should hear about (said once the strings are
/// loaded).
#[derive(Resource, Default, Debug)]
pub struct StoreNotices(pub Vec<Message>);

#[cfg(target_arch = "wasm32")]
struct PkvKeyValue(bevy_pkv::PkvStore);

#[cfg(target_arch = "wasm32")]
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
/// never depends on a player's purse). In the browser it is the page's local storage.
#[cfg(target_arch = "wasm32")]
pub fn open_store(_options: &LaunchOptions) -> (SaveStore, StoreNotices) {
    let opened =
        std::panic::catch_unwind(|| bevy_pkv::PkvStore::new("CarvedTables", "carved-tables"));
    match opened {
        Ok(store) => (
            SaveStore(Box::new(PkvKeyValue(store))),
            StoreNotices::default(),
        ),
        Err(_) => (
            SaveStore::memory(),
            StoreNotices(vec![msg("store.unavailable")]),
        ),
    }
}

/// Opens the desktop's store: the `saves` folder of the data folder (`--data-dir`, else the
/// platform's data folder), one file per key (see [`saves::FileStore`]). Screenshot runs
/// without `--data-dir` keep everything in memory (a picture never depends on a player's purse).
///
/// - The store of an older version (`bevy_pkv.redb`) is read once into the new one and kept,
///   renamed `.imported`; when it is damaged it is renamed `.damaged-<time>`, never deleted, and
///   what can still be read in it is recovered.
/// - While another running copy of the game holds the store, this copy says so and keeps its
///   saves in memory: it never writes over the other's.
#[cfg(not(target_arch = "wasm32"))]
pub fn open_store(options: &LaunchOptions) -> (SaveStore, StoreNotices) {
    if options.screenshot.is_some() && options.data_dir.is_none() {
        return (SaveStore::memory(), StoreNotices::default());
    }
    let Some(data) = options.data_dir.clone().or_else(super::platform::data_dir) else {
        return (
            SaveStore::memory(),
            StoreNotices(vec![msg("store.unavailable")]),
        );
    };
    let mut notices = Vec::new();
    let mut store = match saves::FileStore::open(&data.join("saves")) {
        Ok(store) => store,
        Err(saves::OpenError::Locked) => {
            warn!("another copy of the game holds the saves; this one keeps its saves in memory");
            return (SaveStore::memory(), StoreNotices(vec![msg("store.locked")]));
        }
        Err(saves::OpenError::Io(e)) => {
            warn!("the saves cannot be opened ({e}); this session keeps its saves in memory");
            return (
                SaveStore::memory(),
                StoreNotices(vec![msg("store.unavailable")]),
            );
        }
    };
    let old = data.join("bevy_pkv.redb");
    if old.is_file() {
        notices.extend(import_old_store(&old, &mut store));
    }
    (SaveStore(Box::new(store)), StoreNotices(notices))
}

/// The keys an older version kept in its `bevy_pkv` store: the settings and every game's.
#[cfg(not(target_arch = "wasm32"))]
fn old_keys() -> impl Iterator<Item = &'static str> {
    std::iter::once(crate::settings::Settings::KEY)
        .chain(super::TABLES.iter().flat_map(|t| t.saves).map(|s| s.key))
}

/// Reads the older store at `path` into `store` (values already in `store` win), then renames
/// it; a damaged one is renamed aside and searched for values still whole.
#[cfg(not(target_arch = "wasm32"))]
fn import_old_store(path: &std::path::Path, store: &mut saves::FileStore) -> Vec<Message> {
    let dir = path
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    // bevy_pkv panics when its database cannot be opened.
    let silence = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let opened = std::panic::catch_unwind(|| bevy_pkv::PkvStore::new_in_dir(&dir));
    std::panic::set_hook(silence);
    let fresh = |store: &saves::FileStore, key: &str| matches!(store.get_raw(key), Ok(None));
    match opened {
        Ok(old) => {
            for key in old_keys() {
                if let Ok(value) = old.get::<String>(key)
                    && fresh(store, key)
                    && let Err(e) = store.set_raw(key, value)
                {
                    warn!("{key} could not be carried over: {e}");
                }
            }
            drop(old);
            let _ = std::fs::rename(path, path.with_extension("redb.imported"));
            Vec::new()
        }
        Err(_) => {
            let aside =
                path.with_extension(format!("redb.damaged-{}", super::platform::now_secs()));
            let bytes = std::fs::read(path).unwrap_or_default();
            let moved = std::fs::rename(path, &aside).is_ok();
            let recovered = recover(&bytes, store);
            warn!(
                "the old store was damaged; {} value(s) recovered; kept as {}",
                recovered.len(),
                aside.display()
            );
            let kept = if moved {
                aside.display().to_string()
            } else {
                path.display().to_string()
            };
            vec![
                msg("store.damaged")
                    .with("file", kept)
                    .with("recovered", recovered.len()),
            ]
        }
    }
}

/// Puts the values still whole in a damaged older store into `store`, each under the key whose
/// type reads it (every game's values, as each game lists them in its `TableInfo`, then the
/// settings); when a key was written several times the richest version wins (the purse with
/// the most cases, the game with the most moves). Returns the keys recovered.
#[cfg(not(target_arch = "wasm32"))]
fn recover(bytes: &[u8], store: &mut saves::FileStore) -> Vec<&'static str> {
    use crate::settings::Settings;
    let mut kinds: Vec<&super::kit::SavedValue> =
        super::TABLES.iter().flat_map(|t| t.saves).collect();
    kinds.sort_by_key(|k| k.order);
    let mut best: std::collections::BTreeMap<&'static str, (u64, String)> = Default::default();
    let mut offer = |key: &'static str, rank: u64, text: String| {
        if best.get(key).is_none_or(|(r, _)| rank > *r) {
            best.insert(key, (rank, text));
        }
    };
    for (version, data) in saves::find_envelopes(bytes) {
        let text = serde_json::json!({ "version": version, "data": data }).to_string();
        // The most particular shapes first: settings read from almost any object.
        if let Some((key, rank)) = kinds
            .iter()
            .find_map(|k| Some((k.key, (k.rank)(&text, &data)?)))
        {
            offer(key, rank, text);
        } else if data.get("lang").is_some() && super::kit::reads::<Settings>(&text).is_some() {
            offer(Settings::KEY, 0, text);
        }
    }
    let mut recovered = Vec::new();
    for (key, (_, text)) in best {
        if matches!(store.get_raw(key), Ok(None)) && store.set_raw(key, text).is_ok() {
            recovered.push(key);
        }
    }
    recovered
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
    /// A refusal: it goes when the next move is played (it was about the position before).
    pub transient: bool,
}

/// Seconds a notice stays on screen.
pub const NOTICE_SECONDS: f32 = 8.0;
/// Notices shown at once: a new one beyond these pushes out the oldest.
pub const NOTICES_SHOWN: usize = 3;

impl Notices {
    /// Shows `text` as a sentence (its first letter upper case). The same words said again
    /// are shown once, for the full time again, as the newest; the oldest of more than
    /// [`NOTICES_SHOWN`] goes.
    pub fn push(&mut self, text: impl Into<String>) {
        self.add(text.into(), false);
    }

    /// A refusal of something tried at this position: shown like [`Notices::push`], and gone
    /// once a move is played ([`Notices::moved`]).
    pub fn push_refusal(&mut self, text: impl Into<String>) {
        self.add(text.into(), true);
    }

    fn add(&mut self, text: String, transient: bool) {
        let text = sentence(text);
        self.items.retain(|n| n.text != text);
        self.items.push(Notice {
            text,
            seconds_left: NOTICE_SECONDS,
            transient,
        });
        if self.items.len() > NOTICES_SHOWN {
            self.items.remove(0);
        }
    }

    /// A move was played: refusals about the position before it go.
    pub fn moved(&mut self) {
        self.items.retain(|n| !n.transient);
    }

    /// Lets `seconds` of the wall clock pass.
    pub fn age(&mut self, seconds: f32) {
        for n in &mut self.items {
            n.seconds_left -= seconds;
        }
        self.items.retain(|n| n.seconds_left > 0.0);
    }
}

use crate::i18n::sentence;

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

/// Reads the saved settings (a damaged value is replaced and the player told); `--lang` picks
/// the language for this run only.
fn load_settings(
    mut store: ResMut<SaveStore>,
    opened: Option<Res<StoreNotices>>,
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
    if let Some(scale) = options.as_ref().and_then(|o| o.ui_scale) {
        settings.ui_scale = scale;
    }
    // The colour-blind check is of the colour-safe palette: the one the setting offers.
    if options.as_ref().is_some_and(|o| o.marks_check) {
        settings.colour_safe_marks = true;
    }
    tr.0 = Strings::new(strings_lang);
    tell_word_problems(&tr, &mut notices);
    if let LoadStatus::Replaced(why) = &status {
        warn!("{why}");
        notices.push(tr.say(&msg("settings.reset_problem").with("why", tr.say(&why.explain()))));
    }
    for m in opened.iter().flat_map(|o| o.0.iter()) {
        notices.push(tr.say(m));
    }
    active.0 = settings;
}

/// What the language's files lost to errors (shown in English instead), logged and told, a
/// notice per problem.
fn tell_word_problems(tr: &Tr, notices: &mut Notices) {
    for problem in tr.problems() {
        error!("{problem}");
        notices.push(tr.tf("settings.words_problem", &[("what", &problem)]));
    }
}

pub(crate) fn apply_settings(
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
            tell_word_problems(&tr, &mut notices);
        }
        if let Err(e) = store.store(&new) {
            warn!("{e}");
            notices.push(tr.tf("settings.save_failed", &[("why", &e.0)]));
        }
        active.0 = new;
    }
}

/// Notices age with the game's time: the wall clock at one frame a second or faster (the
/// step is capped at a second), so a notice is seen for at least a few frames even when one
/// frame takes many seconds.
fn age_notices(
    time: Res<Time>,
    mut notices: ResMut<Notices>,
    mut wake: ResMut<crate::app::calm::Wake>,
) {
    if !notices.items.is_empty() {
        notices.age(time.delta_secs());
        // A notice shown counts its time to go (`app::calm`).
        wake.within(0.5);
    }
}

#[cfg(test)]
mod tests {
    use super::{NOTICE_SECONDS, NOTICES_SHOWN, Notices};

    #[test]
    fn notices_are_sentences_shown_once_a_few_at_a_time() {
        let mut n = Notices::default();
        n.push("walnut could not move");
        assert_eq!(n.items[0].text, "Walnut could not move");
        n.push("ясень: время вышло");
        assert_eq!(n.items[1].text, "Ясень: время вышло");
        // The same words again: one notice, the newest, for the full time again.
        n.age(5.0);
        n.push("walnut could not move");
        let texts: Vec<&str> = n.items.iter().map(|i| i.text.as_str()).collect();
        assert_eq!(texts, ["Ясень: время вышло", "Walnut could not move"]);
        assert_eq!(n.items[1].seconds_left, NOTICE_SECONDS);
        for i in 0..NOTICES_SHOWN {
            n.push(format!("notice {i}"));
        }
        assert_eq!(n.items.len(), NOTICES_SHOWN);
        assert_eq!(n.items[0].text, "Notice 0");
        // A refusal goes with the next move; other notices stay their time.
        n.push_refusal("not now: wait for your turn");
        assert_eq!(n.items.len(), NOTICES_SHOWN);
        n.moved();
        assert_eq!(n.items.len(), NOTICES_SHOWN - 1);
        assert!(n.items.iter().all(|i| !i.text.starts_with("Not now")));
        n.age(NOTICE_SECONDS);
        assert!(n.items.is_empty());
    }
}
