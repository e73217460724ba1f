//! Typed, versioned saves (purse, books, settings, autosaves), independent of the storage.
//!
//! Every saved value is stored as a JSON envelope `{"version": N, "data": …}` under its own key.
//! Loading never trusts what it finds: a missing key, text that does not parse, or an envelope of
//! another version is reported in a [`LoadStatus`] and replaced by the type's default (or by its
//! migration from an older version, where it has one). The Bevy side (`app::save`) plugs
//! `bevy_pkv`'s store in through [`KeyValue`]; tests use [`MemoryStore`].

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

/// A value that can be saved: its key, its current format version and its default.
pub trait Saved: Serialize + DeserializeOwned + Default {
    /// The storage key; one key per saved type.
    const KEY: &'static str;
    /// Bumped whenever the serialised form changes incompatibly.
    const VERSION: u32;

    /// Reads a value saved by an older `version`. The default keeps nothing: the caller reports
    /// the old version and uses the default.
    fn migrate(_version: u32, _data: serde_json::Value) -> Option<Self> {
        None
    }
}

/// What loading found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadStatus {
    /// The value was there, of the current version, and read back whole.
    Loaded,
    /// Nothing was saved under the key yet: the default is used (not a problem).
    Missing,
    /// An older version was read and converted.
    Migrated { from: u32 },
    /// The value could not be used; the default replaces it, and [`Damage`] says why.
    Replaced(Damage),
}

impl LoadStatus {
    /// Whether this deserves a warning to the player or the log.
    pub fn is_problem(&self) -> bool {
        matches!(self, LoadStatus::Replaced(_))
    }
}

/// Why a saved value could not be used: its key and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damage {
    pub key: &'static str,
    pub kind: DamageKind,
}

/// What was wrong with a saved value. The texts inside are the reader's own details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DamageKind {
    /// Not a saved value at all (broken text).
    Unreadable(String),
    /// A saved value of the right version with another shape.
    WrongShape(String),
    /// Saved by an older format this version cannot convert.
    OlderFormat { found: u32, reads: u32 },
    /// Saved by a newer version of the game.
    NewerFormat { found: u32, reads: u32 },
    /// The store itself failed to read it.
    StoreFailed(String),
}

impl crate::i18n::Explain for Damage {
    fn explain(&self) -> crate::i18n::Message {
        use crate::i18n::msg;
        let m = match &self.kind {
            DamageKind::Unreadable(d) => msg("save.damage.unreadable").with("detail", d),
            DamageKind::WrongShape(d) => msg("save.damage.wrong_shape").with("detail", d),
            DamageKind::OlderFormat { found, reads } => msg("save.damage.older")
                .with("found", found)
                .with("reads", reads),
            DamageKind::NewerFormat { found, reads } => msg("save.damage.newer")
                .with("found", found)
                .with("reads", reads),
            DamageKind::StoreFailed(d) => msg("save.damage.store").with("detail", d),
        };
        m.with("key", self.key)
    }
}

crate::display_in_english!(Damage);

/// Why saving failed (the storage refused the write).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveError(pub String);

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "could not save: {}", self.0)
    }
}

impl std::error::Error for SaveError {}

/// A string key–value store: the device's store on desktop, local storage on the web.
pub trait KeyValue {
    /// `Ok(None)` when nothing is stored under `key`; `Err` when the store itself failed.
    fn get_raw(&self, key: &str) -> Result<Option<String>, String>;
    fn set_raw(&mut self, key: &str, value: String) -> Result<(), String>;

    /// Keeps a damaged value aside (never deleted) so a fresh one can be written; returns where
    /// it went, when the store keeps such things (a file store renames the file).
    fn set_aside(&mut self, key: &str) -> Result<Option<String>, String> {
        let _ = key;
        Ok(None)
    }
}

/// Why a [`FileStore`] could not be opened.
#[derive(Debug)]
pub enum OpenError {
    /// Another running copy of the game holds the store.
    Locked,
    /// The folder cannot be made or used.
    Io(String),
}

/// The desktop's store: a folder with one file per key (`<key>.json`), each written whole — to a
/// fresh file, flushed to the disk, then renamed over the old one — so a crash at any moment
/// leaves either the old value or the new one, never half of either. A lock file keeps a second
/// running copy of the game from writing into the same folder.
#[derive(Debug)]
pub struct FileStore {
    dir: std::path::PathBuf,
    /// Held open (and locked) as long as the store lives.
    _lock: std::fs::File,
}

impl FileStore {
    /// Opens (making it when missing) the store in `dir`; refused while another copy holds it.
    pub fn open(dir: &std::path::Path) -> Result<FileStore, OpenError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| OpenError::Io(format!("{}: {e}", dir.display())))?;
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join("lock"))
            .map_err(|e| OpenError::Io(format!("{}: {e}", dir.display())))?;
        match lock.try_lock() {
            Ok(()) => Ok(FileStore {
                dir: dir.to_path_buf(),
                _lock: lock,
            }),
            Err(std::fs::TryLockError::WouldBlock) => Err(OpenError::Locked),
            Err(std::fs::TryLockError::Error(e)) => Err(OpenError::Io(e.to_string())),
        }
    }

    pub fn dir(&self) -> &std::path::Path {
        &self.dir
    }

    /// The file of a key; keys are plain names (letters, digits, `.`, `-`, `_`).
    fn path(&self, key: &str) -> Result<std::path::PathBuf, String> {
        let plain = !key.is_empty()
            && !key.starts_with('.')
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
        if plain {
            Ok(self.dir.join(format!("{key}.json")))
        } else {
            Err(format!("`{key}` is not a key"))
        }
    }
}

impl KeyValue for FileStore {
    fn get_raw(&self, key: &str) -> Result<Option<String>, String> {
        let path = self.path(key)?;
        match std::fs::read(&path) {
            // A file that is not text is damage to report, not a store failure.
            Ok(bytes) => Ok(Some(String::from_utf8_lossy(&bytes).into_owned())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    fn set_raw(&mut self, key: &str, value: String) -> Result<(), String> {
        use std::io::Write;
        let path = self.path(key)?;
        let fresh = path.with_extension("json.new");
        let fail = |e: std::io::Error| format!("{}: {e}", path.display());
        let mut f = std::fs::File::create(&fresh).map_err(fail)?;
        f.write_all(value.as_bytes()).map_err(fail)?;
        f.sync_all().map_err(fail)?;
        drop(f);
        std::fs::rename(&fresh, &path).map_err(fail)?;
        // The rename itself is made durable with the folder.
        if let Ok(d) = std::fs::File::open(&self.dir) {
            let _ = d.sync_all();
        }
        Ok(())
    }

    fn set_aside(&mut self, key: &str) -> Result<Option<String>, String> {
        let path = self.path(key)?;
        if !path.exists() {
            return Ok(None);
        }
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let aside = self.dir.join(format!("{key}.json.damaged-{stamp}"));
        std::fs::rename(&path, &aside).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Some(aside.display().to_string()))
    }
}

/// An in-memory store, for tests and for running with no storage at all.
#[derive(Debug, Default, Clone)]
pub struct MemoryStore {
    pub values: HashMap<String, String>,
}

impl KeyValue for MemoryStore {
    fn get_raw(&self, key: &str) -> Result<Option<String>, String> {
        Ok(self.values.get(key).cloned())
    }

    fn set_raw(&mut self, key: &str, value: String) -> Result<(), String> {
        self.values.insert(key.to_string(), value);
        Ok(())
    }
}

#[derive(Serialize, Deserialize)]
struct Envelope {
    version: u32,
    data: serde_json::Value,
}

#[derive(Serialize)]
struct EnvelopeRef<'a, T> {
    version: u32,
    data: &'a T,
}

/// The stored text for `value`.
pub fn encode<T: Saved>(value: &T) -> String {
    // Serialising our own plain data types to JSON cannot fail (no maps with non-string keys).
    serde_json::to_string(&EnvelopeRef {
        version: T::VERSION,
        data: value,
    })
    .unwrap_or_else(|_| String::from("null"))
}

/// Reads stored text (or its absence) into a value and a status; never fails.
pub fn decode<T: Saved>(raw: Option<&str>) -> (T, LoadStatus) {
    let Some(raw) = raw else {
        return (T::default(), LoadStatus::Missing);
    };
    let envelope: Envelope = match serde_json::from_str(raw) {
        Ok(e) => e,
        Err(e) => {
            return (
                T::default(),
                LoadStatus::Replaced(Damage {
                    key: T::KEY,
                    kind: DamageKind::Unreadable(e.to_string()),
                }),
            );
        }
    };
    if envelope.version == T::VERSION {
        return match serde_json::from_value(envelope.data) {
            Ok(v) => (v, LoadStatus::Loaded),
            Err(e) => (
                T::default(),
                LoadStatus::Replaced(Damage {
                    key: T::KEY,
                    kind: DamageKind::WrongShape(e.to_string()),
                }),
            ),
        };
    }
    if envelope.version < T::VERSION {
        if let Some(v) = T::migrate(envelope.version, envelope.data) {
            return (
                v,
                LoadStatus::Migrated {
                    from: envelope.version,
                },
            );
        }
        return (
            T::default(),
            LoadStatus::Replaced(Damage {
                key: T::KEY,
                kind: DamageKind::OlderFormat {
                    found: envelope.version,
                    reads: T::VERSION,
                },
            }),
        );
    }
    (
        T::default(),
        LoadStatus::Replaced(Damage {
            key: T::KEY,
            kind: DamageKind::NewerFormat {
                found: envelope.version,
                reads: T::VERSION,
            },
        }),
    )
}

/// Loads `T` from `store`; a store failure is reported like damage.
pub fn load<T: Saved>(store: &dyn KeyValue) -> (T, LoadStatus) {
    match store.get_raw(T::KEY) {
        Ok(raw) => decode(raw.as_deref()),
        Err(e) => (
            T::default(),
            LoadStatus::Replaced(Damage {
                key: T::KEY,
                kind: DamageKind::StoreFailed(e),
            }),
        ),
    }
}

/// [`load`], and a damaged value is set aside in the store (a file store keeps it renamed
/// beside the fresh one) so the default written next never overwrites it.
pub fn load_keeping_damage<T: Saved>(store: &mut dyn KeyValue) -> (T, LoadStatus) {
    let (value, status) = load::<T>(store);
    if let LoadStatus::Replaced(Damage { kind, .. }) = &status
        && !matches!(kind, DamageKind::StoreFailed(_))
    {
        let _ = store.set_aside(T::KEY);
    }
    (value, status)
}

/// Every saved value (`{"version":…,"data":…}`) whose whole text can still be found in `bytes`:
/// what a damaged store file still holds. Values written more than once may be found in several
/// versions, oldest or newest in any order.
pub fn find_envelopes(bytes: &[u8]) -> Vec<(u32, serde_json::Value)> {
    const MARK: &[u8] = b"{\"version\":";
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(i) = bytes[at..].windows(MARK.len()).position(|w| w == MARK) {
        let start = at + i;
        let mut values =
            serde_json::Deserializer::from_slice(&bytes[start..]).into_iter::<Envelope>();
        if let Some(Ok(e)) = values.next() {
            found.push((e.version, e.data));
        }
        at = start + 1;
    }
    found
}

/// Saves `value` under its key in one write.
pub fn store<T: Saved>(store: &mut dyn KeyValue, value: &T) -> Result<(), SaveError> {
    store.set_raw(T::KEY, encode(value)).map_err(SaveError)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_store_keeps_values_keeps_damage_aside_and_locks_out_a_second_copy() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = FileStore::open(dir.path()).unwrap();
        assert_eq!(s.get_raw("test.purse"), Ok(None));
        store(&mut s, &Purse { coins: 37 }).unwrap();
        store(&mut s, &Purse { coins: 38 }).unwrap();
        assert_eq!(load::<Purse>(&s), (Purse { coins: 38 }, LoadStatus::Loaded));
        assert!(
            !dir.path().join("test.purse.json.new").exists(),
            "no half-written file"
        );
        // A second copy of the game cannot open the same folder while this one holds it.
        assert!(matches!(
            FileStore::open(dir.path()),
            Err(OpenError::Locked)
        ));
        // Keys are plain names: no way out of the folder.
        assert!(s.set_raw("../escape", "x".into()).is_err());
        assert!(s.get_raw("").is_err());
        // A damaged value is kept aside, never deleted, and a fresh one can be written.
        std::fs::write(dir.path().join("test.purse.json"), [0xff, 0xfe, b'{']).unwrap();
        assert!(load::<Purse>(&s).1.is_problem());
        let aside = s.set_aside("test.purse").unwrap().unwrap();
        assert!(std::path::Path::new(&aside).exists());
        assert_eq!(load::<Purse>(&s).1, LoadStatus::Missing);
        drop(s);
        // Once the first copy is gone, the store opens again with what it kept.
        let s = FileStore::open(dir.path()).unwrap();
        assert_eq!(load::<Purse>(&s).1, LoadStatus::Missing);
    }

    #[test]
    fn loading_a_damaged_value_keeps_it_aside() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = FileStore::open(dir.path()).unwrap();
        std::fs::write(dir.path().join("test.purse.json"), "{\"version\":2,\"da").unwrap();
        let (p, status) = load_keeping_damage::<Purse>(&mut s);
        assert_eq!(p, Purse::default());
        assert!(status.is_problem());
        let kept: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.starts_with("test.purse.json.damaged-"))
            .collect();
        assert_eq!(kept.len(), 1, "the damaged file is kept");
        let text = std::fs::read_to_string(dir.path().join(&kept[0])).unwrap();
        assert_eq!(text, "{\"version\":2,\"da");
        // A good value is left where it is.
        store(&mut s, &Purse { coins: 5 }).unwrap();
        assert_eq!(load_keeping_damage::<Purse>(&mut s).1, LoadStatus::Loaded);
    }

    #[test]
    fn whole_values_are_found_among_noise() {
        let mut bytes = vec![0u8, 7, 255, b'{'];
        bytes.extend(encode(&Purse { coins: 9 }).as_bytes());
        bytes.extend([1, 2, 3]);
        bytes.extend(b"{\"version\":2,\"data\":{\"coi"); // cut short: not whole
        bytes.extend([0xc3, 0x28]);
        bytes.extend(encode(&Flag { on: true }).as_bytes());
        let found = find_envelopes(&bytes);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0], (2, serde_json::json!({ "coins": 9 })));
        assert_eq!(found[1], (3, serde_json::json!({ "on": true })));
        assert!(find_envelopes(b"").is_empty());
        assert!(find_envelopes(b"{\"version\":").is_empty());
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Purse {
        coins: u32,
    }

    impl Default for Purse {
        fn default() -> Self {
            Purse { coins: 100 }
        }
    }

    impl Saved for Purse {
        const KEY: &'static str = "test.purse";
        const VERSION: u32 = 2;

        fn migrate(version: u32, data: serde_json::Value) -> Option<Self> {
            // Version 1 stored the coins as a bare number.
            (version == 1).then(|| data.as_u64().map(|c| Purse { coins: c as u32 }))?
        }
    }

    #[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
    struct Flag {
        on: bool,
    }

    impl Saved for Flag {
        const KEY: &'static str = "test.flag";
        const VERSION: u32 = 3;
    }

    #[test]
    fn round_trip_through_a_store() {
        let mut s = MemoryStore::default();
        store(&mut s, &Purse { coins: 37 }).unwrap();
        assert_eq!(load::<Purse>(&s), (Purse { coins: 37 }, LoadStatus::Loaded));
    }

    #[test]
    fn missing_value_gives_default_without_a_problem() {
        let (p, status) = load::<Purse>(&MemoryStore::default());
        assert_eq!(p, Purse::default());
        assert_eq!(status, LoadStatus::Missing);
        assert!(!status.is_problem());
    }

    #[test]
    fn damaged_values_are_replaced_and_reported() {
        for damaged in [
            "",
            "{",
            "not json at all",
            "{\"version\":2}",
            "{\"version\":2,\"data\":{\"coins\":-5}}",
            "{\"version\":2,\"data\":{\"coins\":\"many\"}}",
            "\u{0}\u{1}\u{2}",
            "[1,2,3]",
        ] {
            let (p, status) = decode::<Purse>(Some(damaged));
            assert_eq!(p, Purse::default(), "{damaged:?}");
            assert!(status.is_problem(), "{damaged:?} gave {status:?}");
            let LoadStatus::Replaced(msg) = status else {
                unreachable!()
            };
            assert!(msg.to_string().contains("test.purse"), "{msg}");
        }
    }

    #[test]
    fn older_version_is_migrated_when_possible() {
        let (p, status) = decode::<Purse>(Some("{\"version\":1,\"data\":55}"));
        assert_eq!(p, Purse { coins: 55 });
        assert_eq!(status, LoadStatus::Migrated { from: 1 });
        // An older value that the migration cannot read is replaced.
        let (p, status) = decode::<Purse>(Some("{\"version\":1,\"data\":\"x\"}"));
        assert_eq!(p, Purse::default());
        assert!(status.is_problem());
    }

    #[test]
    fn older_version_without_migration_and_newer_version_are_replaced() {
        let (f, status) = decode::<Flag>(Some("{\"version\":1,\"data\":{\"on\":true}}"));
        assert_eq!(f, Flag::default());
        assert!(matches!(status, LoadStatus::Replaced(ref m) if m.to_string().contains("older")));
        let (f, status) = decode::<Flag>(Some("{\"version\":9,\"data\":{\"on\":true}}"));
        assert_eq!(f, Flag::default());
        assert!(matches!(status, LoadStatus::Replaced(ref m) if m.to_string().contains("newer")));
    }

    struct BrokenStore;

    impl KeyValue for BrokenStore {
        fn get_raw(&self, _: &str) -> Result<Option<String>, String> {
            Err("disk on fire".into())
        }
        fn set_raw(&mut self, _: &str, _: String) -> Result<(), String> {
            Err("disk on fire".into())
        }
    }

    #[test]
    fn a_failing_store_is_reported_not_fatal() {
        let (p, status) = load::<Purse>(&BrokenStore);
        assert_eq!(p, Purse::default());
        assert!(
            matches!(status, LoadStatus::Replaced(ref m) if m.to_string().contains("disk on fire"))
        );
        let e = store(&mut BrokenStore, &Purse::default()).unwrap_err();
        assert!(e.to_string().contains("disk on fire"));
    }
}
