//! A crash at any moment loses no coin: a child process plays casino cases on a real file store
//! (the desktop's, `save::FileStore`), saving the purse and the case under way as the table
//! does, and is killed (SIGKILL) at random moments — while sitting down, mid-case, at the
//! verdict. After each kill the store is opened again as the game opens it, and:
//! - it opens (the dead copy's lock is gone) and the purse reads whole (never a torn write);
//! - the books never hold a case twice and agree with the purse: each case is the purse before
//!   it, less the stake, plus what it paid; the stake of an open case is out of the purse;
//! - the case found open resumes (nothing the game wrote is unresumable), once;
//! - no line of the books seen before a kill is gone or changed after it.
//!
//! Without Bevy. `CRASH_KILLS` sets the number of kills (default 40).

#![cfg(unix)]

use carved_tables::play::Seat;
use carved_tables::play::snelab::{Coin, Phase, Purse, Restored, Session, Stakes, load_snelab};
use carved_tables::rules::snelab::legal_actions;
use carved_tables::save::{FileStore, LoadStatus, store};
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::time::Duration;

const CHILD: &str = "CARVED_TABLES_CRASH_CHILD_DIR";
/// A file outside the store where the child counts its Reset alls (one byte each, on disk before
/// the reset is saved), so that the parent tells a reset from lost books.
const RESETS: &str = "CARVED_TABLES_CRASH_RESETS";

/// How many Reset alls the child has announced.
fn resets_announced(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

/// The child: plays cases for ever, writing after every change as the table does (the stake
/// taken, each move, the verdict, Reset all).
#[test]
fn crash_child() {
    let Some(dir) = std::env::var_os(CHILD) else {
        return;
    };
    let dir = Path::new(&dir);
    let seed: u64 = std::env::var("CARVED_TABLES_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut fs = FileStore::open(dir).expect("the store opens");
    let (save, _) = load_snelab(&mut fs);
    let (mut session, restored) = Session::restore(save, 100, 0);
    if !matches!(restored, Restored::Nothing | Restored::Resumed { .. }) {
        store(&mut fs, &session.save()).unwrap();
    }
    session.setup.stakes = Stakes::Casino;
    session.setup.opponent = Seat::Person;
    loop {
        match session.phase() {
            Phase::Lobby => {
                if session.sit(Coin::from_bit(rng.random()), 1, 1).is_err() {
                    if let Some(marks) = std::env::var_os(RESETS) {
                        use std::io::Write;
                        let mut f = std::fs::OpenOptions::new()
                            .create(true)
                            .append(true)
                            .open(marks)
                            .unwrap();
                        f.write_all(b"r").unwrap();
                        f.sync_all().unwrap();
                    }
                    session.reset_all().unwrap();
                }
            }
            Phase::Play => {
                let actions = legal_actions(&session.pos());
                let a = actions[rng.random_range(0..actions.len())];
                session.act(session.to_act().unwrap(), a, 2).unwrap();
            }
            Phase::Verdict(_) => {
                session.next_case().unwrap();
                continue;
            }
        }
        store(&mut fs, &session.save()).unwrap();
    }
}

/// What one look at the store found.
struct Seen {
    books: Vec<carved_tables::play::snelab::LedgerEntry>,
    open: bool,
}

/// Opens the store as the game does after a crash and checks everything it promises.
fn look(dir: &Path) -> Seen {
    let mut fs = FileStore::open(dir).expect("the killed copy's lock is gone");
    let (save, status) = load_snelab(&mut fs);
    assert!(
        matches!(status, LoadStatus::Loaded | LoadStatus::Missing),
        "the purse reads whole: {status:?}"
    );
    let purse: &Purse = &save.purse;
    // The books never hold a case twice, and chain from the starting purse.
    let mut last = 0;
    let mut coins = purse.start();
    for e in purse.books() {
        assert!(
            e.case > last,
            "case {} written twice or out of order",
            e.case
        );
        last = e.case;
        coins = coins - 12 + if e.winner == e.your_side { 22 } else { 0 };
        assert_eq!(e.purse_after, coins, "case {}", e.case);
    }
    let open = purse.open_case().cloned();
    let stake = open.as_ref().map_or(0, |o| o.stakes.stake());
    assert_eq!(
        purse.coins() + stake,
        coins,
        "the purse agrees with its books"
    );
    if let Some(o) = &open {
        assert!(o.id > last, "the open case is not in the books");
    }
    let books = purse.books().to_vec();
    let (session, restored) = Session::restore(save, 100, 0);
    match (open.clone(), restored) {
        (None, Restored::Nothing) => {}
        (Some(o), Restored::Resumed { case }) => {
            assert_eq!(case, o.id);
            assert_eq!(session.phase(), Phase::Play);
        }
        (open, r) => panic!("the open case {open:?} came back as {r:?}"),
    }
    Seen {
        books,
        open: open.is_some(),
    }
}

#[test]
fn a_kill_at_any_moment_loses_no_coin() {
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    let kills: usize = std::env::var("CRASH_KILLS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    let dir = tempfile::tempdir().unwrap();
    let marks_dir = tempfile::tempdir().unwrap();
    let marks = marks_dir.path().join("resets");
    let exe = std::env::current_exe().unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut before: Vec<carved_tables::play::snelab::LedgerEntry> = Vec::new();
    let (mut open_seen, mut between_seen, mut resets) = (0, 0, 0);
    let mut announced = 0;
    for kill in 0..kills {
        let mut child = std::process::Command::new(&exe)
            .args(["crash_child", "--exact", "--nocapture", "--test-threads=1"])
            .env(CHILD, dir.path())
            .env(RESETS, &marks)
            .env("CARVED_TABLES_CRASH_SEED", kill.to_string())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(rng.random_range(5..250)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let seen = look(dir.path());
        // Nothing written before a kill is lost or changed by it, unless the child announced a
        // Reset all (which clears the books; `look` has checked they chain from the start).
        let now_announced = resets_announced(&marks);
        if seen.books.len() >= before.len() && seen.books[..before.len()] == before[..] {
        } else {
            assert!(
                now_announced > announced,
                "kill {kill}: books changed without a Reset all: {before:?} → {:?}",
                seen.books
            );
            resets += 1;
        }
        announced = now_announced;
        if seen.open {
            open_seen += 1;
        } else {
            between_seen += 1;
        }
        before = seen.books;
    }
    eprintln!(
        "{kills} kills: {open_seen} mid-case, {between_seen} between cases, {resets} resets, {} cases in the books",
        before.len()
    );
    assert!(open_seen > 0, "no kill landed mid-case");
    assert!(before.len() > 1 || resets > 0, "cases were played");
}
