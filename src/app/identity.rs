//! The player's identity on this device: their key and display name, as the online screens and
//! tables use them.
//!
//! - The key is made on first online use (the Online screen, the player's page, or any online
//!   table) and kept in the game's store beside the saves (a file of its own on
//!   the desktop, the page's local storage in the browser), under `player.key`. The name is kept
//!   apart under `player.name`, so changing the name never rewrites the key.
//! - Read with care: a key entry that cannot be read is kept aside (never deleted) and the
//!   player told; a secret still readable inside a damaged entry is kept as the key. When the
//!   store itself fails to answer, no key is made nor written this run: a good key may still be
//!   there.
//! - A key imported (`CTKEY1-…`) replaces the device's once the player confirms it.

use crate::app::save::{Loaded, Notices, SaveStore};
use crate::app::screens::{MenuPage, Screen};
use crate::i18n::{Explain, Message, Tr, msg};
use crate::identity::Identity;
use crate::save::{self as saves, KeyValue, LoadStatus, SaveError, Saved};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The device's key (made on first online use) and the name the player chose.
#[derive(Resource, Default, Clone)]
pub struct PlayerKey {
    pub identity: Option<Identity>,
    /// The display name: the online forms start from it.
    pub name: String,
    /// The store did not answer when the key was read: no key is made nor written this run
    /// (a good one may be there).
    pub held_back: bool,
}

impl PlayerKey {
    /// The key's fingerprint (`ab12·cd34`), once there is a key.
    pub fn fingerprint(&self) -> Option<String> {
        self.identity.as_ref().map(|i| i.public().fingerprint())
    }

    /// The public key as the protocol carries it (64 hex digits).
    pub fn public_hex(&self) -> Option<String> {
        self.identity.as_ref().map(|i| i.public().to_hex())
    }
}

/// The key as stored: its secret in hex.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyEntry {
    pub secret: String,
}

impl Saved for KeyEntry {
    const KEY: &'static str = "player.key";
    const VERSION: u32 = 1;
}

/// The display name as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NameEntry {
    pub name: String,
}

impl Saved for NameEntry {
    const KEY: &'static str = "player.name";
    const VERSION: u32 = 1;
}

/// Where a damaged key entry is copied in a store that keeps nothing aside itself.
pub const DAMAGED_KEY: &str = "player.key.damaged";

/// What reading the key found.
#[derive(Clone, Debug, PartialEq)]
pub enum KeyRead {
    /// No key yet.
    Missing,
    Loaded(Identity),
    /// The entry was damaged but its secret could still be read: the key is kept, the entry
    /// written again whole (the damaged one kept aside).
    Recovered(Identity),
    /// The entry was damaged and held no readable secret: it is kept aside; a new key will be
    /// made on the next online use.
    Damaged(Message),
    /// The store did not answer: nothing is made or written this run.
    StoreFailed(String),
}

impl KeyRead {
    /// What to tell the player, if anything.
    pub fn message(&self) -> Option<Message> {
        match self {
            KeyRead::Missing | KeyRead::Loaded(_) => None,
            KeyRead::Recovered(_) => Some(msg("key.recovered")),
            KeyRead::Damaged(why) => Some(msg("key.damaged").with_words("why", why.clone())),
            KeyRead::StoreFailed(why) => Some(msg("key.store_failed").with("why", why)),
        }
    }
}

/// A 64-hex-digit secret standing whole (not part of a longer run of digits) in `text`.
fn find_secret(text: &str) -> Option<Identity> {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if !bytes[at].is_ascii_hexdigit() {
            at += 1;
            continue;
        }
        let start = at;
        while at < bytes.len() && bytes[at].is_ascii_hexdigit() {
            at += 1;
        }
        if at - start == 64 {
            return Identity::from_secret_hex(&text[start..at]);
        }
    }
    None
}

/// Reads the device's key from `store`, with the care the module's words describe.
pub fn read_key(store: &mut dyn KeyValue) -> KeyRead {
    let raw = match store.get_raw(KeyEntry::KEY) {
        Ok(None) => return KeyRead::Missing,
        Ok(Some(raw)) => raw,
        Err(e) => return KeyRead::StoreFailed(e),
    };
    let (entry, status) = saves::decode::<KeyEntry>(Some(&raw));
    let why = match status {
        LoadStatus::Loaded | LoadStatus::Migrated { .. } => {
            match Identity::from_secret_hex(&entry.secret) {
                Some(id) => return KeyRead::Loaded(id),
                None => msg("key.not_a_secret"),
            }
        }
        LoadStatus::Replaced(damage) => damage.explain(),
        LoadStatus::Missing => return KeyRead::Missing,
    };
    // Damaged: kept aside whatever happens next (a store that keeps nothing aside, like the
    // browser's, gets a copy under a key of its own), and its secret kept if it can be read.
    if !matches!(store.set_aside(KeyEntry::KEY), Ok(Some(_))) {
        let _ = store.set_raw(DAMAGED_KEY, raw.clone());
    }
    match find_secret(&raw) {
        Some(id) => {
            let _ = saves::store(
                store,
                &KeyEntry {
                    secret: id.secret_hex(),
                },
            );
            KeyRead::Recovered(id)
        }
        None => KeyRead::Damaged(why),
    }
}

/// Saves `identity` as the device's key.
pub fn write_key(store: &mut dyn KeyValue, identity: &Identity) -> Result<(), SaveError> {
    saves::store(
        store,
        &KeyEntry {
            secret: identity.secret_hex(),
        },
    )
}

/// Makes the device's key when it has none (and may make one): `Some` message when the player
/// should hear of a problem.
pub fn ensure_key(key: &mut PlayerKey, store: &mut dyn KeyValue) -> Option<Message> {
    if key.identity.is_some() || key.held_back {
        return None;
    }
    let Some(fresh) = Identity::generate() else {
        key.held_back = true;
        return Some(msg("key.no_random"));
    };
    let saved = write_key(store, &fresh);
    key.identity = Some(fresh);
    match saved {
        Ok(()) => None,
        Err(e) => Some(msg("key.save_failed").with("why", e.0)),
    }
}

/// Replaces the device's key by `identity` (an import the player confirmed) and saves it.
pub fn replace_key(
    key: &mut PlayerKey,
    store: &mut dyn KeyValue,
    identity: Identity,
) -> Result<(), SaveError> {
    let saved = write_key(store, &identity);
    key.identity = Some(identity);
    key.held_back = false;
    saved
}

/// Saves the display name.
pub fn write_name(store: &mut dyn KeyValue, name: &str) -> Result<(), SaveError> {
    saves::store(
        store,
        &NameEntry {
            name: name.trim().to_string(),
        },
    )
}

/// What the player hears of an import that was refused (nothing changes).
pub fn import_error_key(e: crate::identity::ImportError) -> &'static str {
    use crate::identity::ImportError::*;
    match e {
        Empty => "key.import.empty",
        NotAKey => "key.import.not_a_key",
        WrongLength => "key.import.wrong_length",
        BadChecksum => "key.import.bad_checksum",
        AlreadyHere => "key.import.already_here",
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayerKey>()
        .add_systems(Startup, load.in_set(Loaded::Tables))
        .add_systems(
            Update,
            first_online_use.before(crate::app::lobby::link::pump),
        );
}

/// Reads the key and the name; what went wrong is told.
fn load(
    mut store: ResMut<SaveStore>,
    mut key: ResMut<PlayerKey>,
    mut notices: ResMut<Notices>,
    tr: Res<Tr>,
) {
    let read = read_key(store.0.as_mut());
    if let Some(m) = read.message() {
        warn!("the player's key: {}", tr.say(&m));
        notices.push(tr.say(&m));
    }
    match read {
        KeyRead::Loaded(id) | KeyRead::Recovered(id) => key.identity = Some(id),
        KeyRead::StoreFailed(_) => key.held_back = true,
        KeyRead::Missing | KeyRead::Damaged(_) => {}
    }
    let (name, status) = store.load::<NameEntry>();
    if let LoadStatus::Replaced(damage) = &status {
        warn!("the player's name could not be read: {damage}");
    }
    key.name = name.name;
}

/// The first online use makes the key: the Online screen, the player's page, or an online
/// table.
fn first_online_use(
    screen: Res<State<Screen>>,
    page: Res<MenuPage>,
    mut online: MessageReader<crate::app::kit::link::GoOnline>,
    mut key: ResMut<PlayerKey>,
    mut store: ResMut<SaveStore>,
    mut notices: ResMut<Notices>,
    tr: Res<Tr>,
) {
    let table = online.read().count() > 0;
    // (Not the key's page: a device without a key may go there to import one.)
    let menu =
        *screen.get() == Screen::Menu && matches!(*page, MenuPage::Online(_) | MenuPage::Player);
    if (table || menu)
        && key.identity.is_none()
        && !key.held_back
        && let Some(m) = ensure_key(&mut key, store.0.as_mut())
    {
        warn!("the player's key: {}", tr.say(&m));
        notices.push(tr.say(&m));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::ImportError;
    use crate::save::MemoryStore;

    fn ana() -> Identity {
        Identity::from_secret([7; 32])
    }

    #[test]
    fn a_key_made_once_is_kept_and_read_back() {
        let mut store = MemoryStore::default();
        assert_eq!(read_key(&mut store), KeyRead::Missing);
        let mut key = PlayerKey::default();
        assert_eq!(ensure_key(&mut key, &mut store), None);
        let made = key.identity.clone().unwrap();
        // Made once: a second call keeps it.
        assert_eq!(ensure_key(&mut key, &mut store), None);
        assert_eq!(key.identity.as_ref(), Some(&made));
        assert_eq!(read_key(&mut store), KeyRead::Loaded(made.clone()));
        // The name is kept apart: writing it leaves the key's entry as it was.
        let before = store.values.get(KeyEntry::KEY).cloned();
        write_name(&mut store, "  Ana ").unwrap();
        assert_eq!(store.values.get(KeyEntry::KEY).cloned(), before);
        assert_eq!(saves::load::<NameEntry>(&store).0.name, "Ana");
    }

    #[test]
    fn a_damaged_store_keeps_a_readable_key() {
        let mut store = MemoryStore::default();
        write_key(&mut store, &ana()).unwrap();
        // Everything else in the store is damaged.
        for k in ["settings", "snelab.purse", "player.name", "online.seats"] {
            store.values.insert(k.into(), "\u{0}{\"version\":".into());
        }
        assert_eq!(read_key(&mut store), KeyRead::Loaded(ana()));
        // The key's own entry cut short, its secret still whole in it: the key is kept and
        // written again whole.
        let whole = store.values[KeyEntry::KEY].clone();
        store
            .values
            .insert(KeyEntry::KEY.into(), whole[..whole.len() - 3].to_string());
        let read = read_key(&mut store);
        assert_eq!(read, KeyRead::Recovered(ana()));
        assert!(read.message().is_some(), "the player is told");
        assert_eq!(
            store.values.get(DAMAGED_KEY),
            Some(&whole[..whole.len() - 3].to_string()),
            "the damaged entry is kept"
        );
        assert_eq!(read_key(&mut store), KeyRead::Loaded(ana()));
        let mut key = PlayerKey {
            identity: Some(ana()),
            ..PlayerKey::default()
        };
        assert_eq!(ensure_key(&mut key, &mut store), None);
        assert_eq!(key.identity, Some(ana()), "never replaced by a new one");
    }

    #[test]
    fn a_damaged_key_entry_is_said_clearly_and_kept_aside() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = saves::FileStore::open(dir.path()).unwrap();
        for damaged in [
            "{\"version\":1,\"data\":{\"secret\":\"12ab\"}}",
            "not json at all",
            "{\"version\":9,\"data\":{}}",
            "",
        ] {
            store.set_raw(KeyEntry::KEY, damaged.into()).unwrap();
            let read = read_key(&mut store);
            let KeyRead::Damaged(_) = &read else {
                panic!("{damaged:?} gave {read:?}");
            };
            let tr = Tr(crate::i18n::Strings::new(crate::i18n::Lang::En));
            let said = tr.say(&read.message().unwrap());
            assert!(said.contains("key"), "{said}");
            // Kept aside, never deleted; the entry is free for a new key.
            assert_eq!(read_key(&mut store), KeyRead::Missing);
        }
        let kept = std::fs::read_dir(dir.path())
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.starts_with("player.key.json.damaged-"))
            .count();
        assert!(kept >= 1, "the damaged entries are kept");
    }

    /// A store whose reads fail.
    struct Failing;

    impl KeyValue for Failing {
        fn get_raw(&self, _: &str) -> Result<Option<String>, String> {
            Err("the disk is gone".into())
        }
        fn set_raw(&mut self, _: &str, _: String) -> Result<(), String> {
            panic!("nothing is written over a key that could not be read")
        }
    }

    #[test]
    fn a_store_that_does_not_answer_gets_no_new_key_written() {
        let read = read_key(&mut Failing);
        assert!(matches!(read, KeyRead::StoreFailed(_)));
        let mut key = PlayerKey {
            held_back: true,
            ..PlayerKey::default()
        };
        assert_eq!(ensure_key(&mut key, &mut Failing), None);
        assert!(key.identity.is_none());
    }

    #[test]
    fn a_refused_import_changes_nothing_and_a_good_one_replaces_the_key() {
        let mut store = MemoryStore::default();
        let mut key = PlayerKey::default();
        ensure_key(&mut key, &mut store);
        let before = (key.identity.clone(), store.values.clone());
        let mine = key.identity.clone().unwrap().export();
        let good = ana().export();
        let mut typo = good.clone().into_bytes();
        let at = good.len() - 1;
        typo[at] = if typo[at] == b'0' { b'1' } else { b'0' };
        let typo = String::from_utf8(typo).unwrap();
        for (text, error) in [
            ("", ImportError::Empty),
            ("hello", ImportError::NotAKey),
            (&good[..good.len() - 5], ImportError::WrongLength),
            (&typo, ImportError::BadChecksum),
            (&mine, ImportError::AlreadyHere),
        ] {
            assert_eq!(
                Identity::import_beside(key.identity.as_ref(), text),
                Err(error),
                "{text:?}"
            );
            let tr = Tr(crate::i18n::Strings::new(crate::i18n::Lang::En));
            assert_ne!(tr.t(import_error_key(error)), import_error_key(error));
            assert_eq!((key.identity.clone(), store.values.clone()), before);
        }
        let read = Identity::import_beside(key.identity.as_ref(), &good).unwrap();
        replace_key(&mut key, &mut store, read).unwrap();
        assert_eq!(key.identity, Some(ana()));
        assert_eq!(read_key(&mut store), KeyRead::Loaded(ana()));
    }
}
