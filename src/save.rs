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
    /// The value could not be used; the default replaces it. The text says why.
    Replaced(String),
}

impl LoadStatus {
    /// Whether this deserves a warning to the player or the log.
    pub fn is_problem(&self) -> bool {
        matches!(self, LoadStatus::Replaced(_))
    }
}

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
                LoadStatus::Replaced(format!("`{}` is damaged ({e}); using the default", T::KEY)),
            );
        }
    };
    if envelope.version == T::VERSION {
        return match serde_json::from_value(envelope.data) {
            Ok(v) => (v, LoadStatus::Loaded),
            Err(e) => (
                T::default(),
                LoadStatus::Replaced(format!(
                    "`{}` does not have the expected shape ({e}); using the default",
                    T::KEY
                )),
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
            LoadStatus::Replaced(format!(
                "`{}` was saved in an older format (version {}, now {}); using the default",
                T::KEY,
                envelope.version,
                T::VERSION
            )),
        );
    }
    (
        T::default(),
        LoadStatus::Replaced(format!(
            "`{}` was saved by a newer version of the game (format {}, this one reads {}); \
             using the default",
            T::KEY,
            envelope.version,
            T::VERSION
        )),
    )
}

/// Loads `T` from `store`; a store failure is reported like damage.
pub fn load<T: Saved>(store: &dyn KeyValue) -> (T, LoadStatus) {
    match store.get_raw(T::KEY) {
        Ok(raw) => decode(raw.as_deref()),
        Err(e) => (
            T::default(),
            LoadStatus::Replaced(format!(
                "`{}` could not be read ({e}); using the default",
                T::KEY
            )),
        ),
    }
}

/// Saves `value` under its key in one write.
pub fn store<T: Saved>(store: &mut dyn KeyValue, value: &T) -> Result<(), SaveError> {
    store.set_raw(T::KEY, encode(value)).map_err(SaveError)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert!(msg.contains("test.purse"), "{msg}");
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
        assert!(matches!(status, LoadStatus::Replaced(ref m) if m.contains("older")));
        let (f, status) = decode::<Flag>(Some("{\"version\":9,\"data\":{\"on\":true}}"));
        assert_eq!(f, Flag::default());
        assert!(matches!(status, LoadStatus::Replaced(ref m) if m.contains("newer")));
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
        assert!(matches!(status, LoadStatus::Replaced(ref m) if m.contains("disk on fire")));
        let e = store(&mut BrokenStore, &Purse::default()).unwrap_err();
        assert!(e.to_string().contains("disk on fire"));
    }
}
