//! Every saved key read back damaged: cut short at every length, a byte flipped anywhere, a
//! wrong version, a wrong shape. Each must load as its default with a reason that names the key
//! (`LoadStatus::Replaced`), or — where the damage still leaves a readable value — load a value
//! that saves and loads again alike and that the game can use. Never a panic. Without Bevy.
//!
//! The keys are those of `impl Saved for` outside the app: `settings` (`Settings`),
//! `snelab.purse` (`SnelabSave`: the purse, its books and the case under way, one value) and the
//! older `snelab.case` (`CaseRecord`, still read once from saves made before the single record),
//! and `hive.game` (`HiveGame`).

use carved_tables::ai::Level;
use carved_tables::i18n::{Explain, Lang, english};
use carved_tables::play::Seat;
use carved_tables::play::snelab::{
    CaseEnd, Coin, Phase, Purse, Restored, Session, Setup, SnelabSave, Stakes,
};
use carved_tables::rules::snelab::{Side, legal_actions};
use carved_tables::save::{LoadStatus, Saved, decode, encode};
use carved_tables::settings::Settings;
use std::fmt::Debug;

/// A purse with books, and a case open with some moves played: the richest values to damage.
fn rich() -> (Settings, SnelabSave) {
    let settings = Settings {
        lang: Lang::Ru,
        master_volume: 0.25,
        effects_volume: 0.5,
        starting_purse: 240,
        server: "ws://tables.example:7878/ws".into(),
        reduced_motion: Some(true),
        light_look: Some(false),
        colour_safe_marks: true,
        ui_scale: 1.5,
        hive_game_type: carved_tables::rules::hive::GameType::MLP,
    };
    let mut session = Session::new(Purse::default());
    session.setup.opponent = Seat::Person;
    for case in 0..3u64 {
        session.setup.stakes = if case == 1 {
            Stakes::Street
        } else {
            Stakes::Casino
        };
        session.sit(Coin::Heads, case, 100 + case).unwrap();
        let mut now = 200;
        while session.phase() == Phase::Play {
            let side = session.to_act().unwrap();
            let a = legal_actions(&session.pos())[0];
            session.act(side, a, now).unwrap();
            now += 1;
        }
        session.next_case().unwrap();
    }
    session.setup.opponent = Seat::Bot(Level::Hard);
    session.setup.owner = Side::North;
    session.sit(Coin::Tails, 9, 500).unwrap();
    for _ in 0..4 {
        let side = session.to_act().unwrap();
        let a = *legal_actions(&session.pos()).last().unwrap();
        session.act(side, a, 501).unwrap();
    }
    assert!(!session.purse.books().is_empty());
    assert!(session.purse.open_case().is_some());
    (settings, session.save())
}

/// What the game does with the loaded values at start-up (`app::save` and the Snēlab table's
/// start, without Bevy): settings are brought into range; the case found open resumes, or its
/// stake comes back when its record is unusable — never a coin lost or made.
fn start_up(settings: &Settings, save: (SnelabSave, LoadStatus)) {
    let settings = settings.clone().sanitized();
    assert!((0.0..=1.0).contains(&settings.effect_gain()));
    let (save, _) = save;
    let coins = save.purse.coins();
    let stake = save.purse.open_case().map_or(0, |o| o.stakes.stake());
    let books = save.purse.books().len();
    let (mut session, restored) = Session::restore(save, settings.starting_purse, 1_000);
    match &restored {
        Restored::Nothing | Restored::Resumed { .. } => {
            if session.purse.is_untouched() {
                assert_eq!(session.purse.coins(), settings.starting_purse);
            } else {
                assert_eq!(session.purse.coins(), coins);
            }
        }
        Restored::StakeReturned { why, .. } => {
            assert!(!english(&why.explain()).is_empty());
            assert_eq!(session.purse.coins(), coins.saturating_add(stake));
            assert_eq!(session.purse.books().len(), books);
            assert!(session.purse.open_case().is_none());
        }
        Restored::Settled(s) => {
            assert_eq!(s.purse_after, session.purse.coins());
            assert!(session.purse.open_case().is_none());
        }
    }
    assert!(
        session.purse.needs_coin_flip(),
        "a start opens with a coin flip"
    );
    // The table can always go on: play the case, or sit down (or offer Reset all).
    match session.phase() {
        Phase::Play => {
            let side = session.to_act().expect("a side to act in a resumed case");
            let actions = legal_actions(&session.pos());
            assert!(!actions.is_empty());
            session.act(side, actions[0], 1_001).unwrap();
        }
        _ => {
            if session.sit(Coin::Heads, 1, 1_002).is_err() {
                session.reset_all().unwrap();
                session.sit(Coin::Heads, 1, 1_003).unwrap();
            }
        }
    }
}

/// One damaged text of `T`: replaced by the default with a reason naming the key, or loaded
/// as a value that saves and loads again alike. Returns whether it was replaced.
fn loads_safely<T: Saved + Clone + PartialEq + Debug>(
    text: &str,
    prepare: impl Fn(T) -> T,
) -> (T, LoadStatus, bool) {
    let (value, status) = decode::<T>(Some(text));
    match &status {
        LoadStatus::Replaced(why) => {
            assert_eq!(value, T::default(), "{text:?}");
            assert!(why.to_string().contains(T::KEY), "{why}");
            (value, status, true)
        }
        LoadStatus::Loaded | LoadStatus::Migrated { .. } => {
            let value = prepare(value);
            let again = encode(&value);
            let (back, s) = decode::<T>(Some(&again));
            assert_eq!(s, LoadStatus::Loaded, "{text:?} saved as {again:?}");
            assert_eq!(prepare(back), value, "{text:?} saved as {again:?}");
            (value, status, false)
        }
        LoadStatus::Missing => panic!("{text:?} reported missing"),
    }
}

/// Every kind of damage to the stored text of `value`; `used` is called with each outcome.
fn damage<T: Saved + Clone + PartialEq + Debug>(
    value: &T,
    prepare: impl Fn(T) -> T + Copy,
    mut used: impl FnMut((T, LoadStatus)),
) -> [usize; 2] {
    let good = encode(value);
    assert_eq!(
        decode::<T>(Some(&good)),
        (value.clone(), LoadStatus::Loaded)
    );
    let mut counts = [0usize; 2];
    let mut take = |text: &str, must_replace: bool| {
        let (v, s, replaced) = loads_safely::<T>(text, prepare);
        // Replaced, or (`serde(default)` reading an empty shape) the default itself.
        assert!(
            !must_replace || replaced || v == prepare(T::default()),
            "{text:?} loaded as {v:?}"
        );
        counts[usize::from(replaced)] += 1;
        used((v, s));
    };
    // Cut short at every length: never a whole JSON value.
    for n in 0..good.len() {
        if good.is_char_boundary(n) {
            take(&good[..n], true);
        }
    }
    // One byte flipped anywhere (each of three bits), read back as the store would (lossy).
    let bytes = good.as_bytes();
    for i in 0..bytes.len() {
        for bit in [0, 5, 7] {
            let mut b = bytes.to_vec();
            b[i] ^= 1 << bit;
            take(&String::from_utf8_lossy(&b), false);
        }
    }
    // Another version: older (no migration reads this shape), newer, absurd.
    let data = serde_json::to_string(value).unwrap();
    for version in [0, T::VERSION.saturating_sub(1), T::VERSION + 1, u32::MAX] {
        if version == T::VERSION {
            continue;
        }
        take(&format!("{{\"version\":{version},\"data\":{data}}}"), true);
    }
    take(&format!("{{\"version\":-1,\"data\":{data}}}"), true);
    take(
        &format!("{{\"version\":\"{}\",\"data\":{data}}}", T::VERSION),
        true,
    );
    // Another shape: the data of another type, a bare value, no envelope at all.
    let v = T::VERSION;
    for shape in [
        format!("{{\"version\":{v},\"data\":null}}"),
        format!("{{\"version\":{v},\"data\":[]}}"),
        format!("{{\"version\":{v},\"data\":\"text\"}}"),
        format!("{{\"version\":{v},\"data\":12}}"),
        format!("{{\"version\":{v}}}"),
        format!("{{\"data\":{data}}}"),
        data.clone(),
        "null".to_string(),
        "\"settings\"".to_string(),
        String::new(),
        "\u{feff}".to_string(),
    ] {
        take(&shape, true);
    }
    // serde reads a struct from a sequence of its fields too: `[version, data]` still loads.
    take(&format!("[{v},{data}]"), false);
    counts
}

#[test]
fn settings_survive_every_damage() {
    let (settings, _) = rich();
    let [loaded, replaced] = damage(&settings, Settings::sanitized, |(s, _)| {
        let s = s.sanitized();
        assert!((0.0..=1.0).contains(&s.master_volume));
        assert!((12..=10_000).contains(&s.starting_purse));
    });
    assert!(
        replaced > 0 && loaded > 0,
        "{loaded} loaded, {replaced} replaced"
    );
    // A shape that still reads: `serde(default)` keeps what it can.
    let (s, status) = decode::<Settings>(Some(r#"{"version":1,"data":{"master_volume":1e300}}"#));
    assert_eq!(status, LoadStatus::Loaded);
    assert_eq!(
        s.sanitized().master_volume,
        0.8,
        "an infinite volume is brought back"
    );
}

#[test]
fn the_purse_and_its_books_survive_every_damage() {
    let (settings, save) = rich();
    let [loaded, replaced] = damage(&save, |p| p, |loaded| start_up(&settings, loaded));
    assert!(
        replaced > 0 && loaded > 0,
        "{loaded} loaded, {replaced} replaced"
    );
}

#[test]
fn an_older_case_record_survives_every_damage() {
    // Saves made before the single record kept the case under `snelab.case`; it is read once,
    // and when it is damaged the stake comes back.
    let (settings, save) = rich();
    let record = save.case.clone().unwrap();
    let [loaded, replaced] = damage(
        &record,
        |r| r,
        |(record, status)| {
            let case = match status {
                LoadStatus::Replaced(_) => None,
                _ => Some(record),
            };
            let old = SnelabSave {
                purse: save.purse.clone(),
                case,
            };
            start_up(&settings, (old, LoadStatus::Migrated { from: 1 }));
        },
    );
    assert!(
        replaced > 0 && loaded > 0,
        "{loaded} loaded, {replaced} replaced"
    );
}

#[test]
fn a_purse_with_extreme_numbers_still_plays() {
    // Hand-edited or damaged purses: the largest numbers the format holds.
    for (coins, start, last_id) in [
        (u32::MAX, u32::MAX, u64::MAX),
        (0, 0, 0),
        (u32::MAX - 1, 12, u64::MAX - 1),
    ] {
        let text = format!(
            "{{\"version\":1,\"data\":{{\"coins\":{coins},\"start\":{start},\"books\":[],\"next_opener\":null,\"open_case\":null,\"last_id\":{last_id}}}}}"
        );
        let (save, status) = decode::<SnelabSave>(Some(&text));
        assert_eq!(status, LoadStatus::Migrated { from: 1 }, "{text}");
        let mut purse = save.purse;
        for winner in [Side::South, Side::North] {
            if let Ok(case) =
                purse.start_case(&Setup::at(Stakes::Casino, Side::South), Coin::Heads, 0)
            {
                purse
                    .finish_case(case.id, winner, CaseEnd::Resigned, 1)
                    .unwrap();
            }
        }
        purse.reset_all();
        let save = SnelabSave { purse, case: None };
        let (back, status) = decode::<SnelabSave>(Some(&encode(&save)));
        assert_eq!((back, status), (save, LoadStatus::Loaded));
    }
}
