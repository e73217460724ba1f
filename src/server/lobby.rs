//! The lobby: the public tables (open ones to join, live ones to watch), how many people are
//! about per game, the pairing queue of "Quick game", and the fan-out of lobby updates.
//!
//! Tables tell the lobby when their listing changes ([`Lobby::set`], [`Lobby::gone`]); a
//! connection that follows the lobby gets a snapshot at once ([`Lobby::follow`]) and then, from
//! one task for the whole process ([`Lobby::run`]), at most one `lobby_update` every
//! [`LOBBY_UPDATE_MS`] carrying everything that changed meanwhile. Each update is serialised
//! once per game filter and the same text queued to every follower of that filter, so a busy
//! lobby costs each follower at most two messages a second however many tables change.
//!
//! With several processes (feature `cluster`), each process publishes the listings of the
//! tables it holds and its own counts through Redis (`super::cluster`), and every process keeps
//! the whole lobby: [`Lobby::set`] and [`Lobby::gone`] are called for remote tables too.

use super::Conn;
use crate::net::protocol::{
    GameCount, GameKind, LOBBY_LIST_LIMIT, LOBBY_UPDATE_MS, Listing, Phase, ServerMsg, TimeControl,
};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The index of a game in the per-game counters.
fn slot(game: GameKind) -> usize {
    match game {
        GameKind::Hive => 0,
        GameKind::Snelab => 1,
        GameKind::Chess => 2,
    }
}

/// The pairing queue's key: people are paired only with someone asking for the same game
/// under the same time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueueKey {
    pub game: GameKind,
    pub control: TimeControl,
}

/// Someone waiting in the pairing queue.
#[derive(Clone)]
pub struct Waiting {
    pub conn: Conn,
    pub name: String,
}

/// What `quick` found.
pub enum Queued {
    /// Nobody was waiting: this connection waits now.
    Waiting,
    /// Someone was: pair with them.
    Pair(Waiting),
}

struct Follower {
    conn: Conn,
    game: Option<GameKind>,
}

#[derive(Default)]
struct Inner {
    listings: HashMap<String, Listing>,
    followers: HashMap<u64, Follower>,
    /// Codes set since the last update, and codes gone (with their game, for the filters).
    changed: HashSet<String>,
    gone: HashMap<String, GameKind>,
    queue: HashMap<QueueKey, VecDeque<Waiting>>,
    /// The counts last sent.
    last_counts: Vec<GameCount>,
    /// Other processes' counts, by process (feature `cluster`), with when they were heard.
    remote_counts: HashMap<String, (Vec<GameCount>, std::time::Instant)>,
}

/// The lobby of one process (see the module's words).
#[derive(Default)]
pub struct Lobby {
    inner: Mutex<Inner>,
    /// People seated and connected at tables of each game (any phase), held here.
    seated: [AtomicI64; 3],
    /// People seated at each game's games under way, held here.
    playing: [AtomicI64; 3],
}

/// How long another process's counts count without being heard again.
const REMOTE_COUNTS_FOR: Duration = Duration::from_secs(10);

impl Lobby {
    /// A table's listing is new or changed.
    pub fn set(&self, listing: Listing) {
        let mut i = lock(&self.inner);
        if i.listings.get(&listing.code) == Some(&listing) {
            return;
        }
        i.gone.remove(&listing.code);
        i.changed.insert(listing.code.clone());
        i.listings.insert(listing.code.clone(), listing);
    }

    /// A table is listed no more (it started privately, ended, or closed).
    pub fn gone(&self, code: &str) {
        let mut i = lock(&self.inner);
        if let Some(l) = i.listings.remove(code) {
            i.changed.remove(code);
            i.gone.insert(code.to_string(), l.game);
        }
    }

    /// The listing of `code`, if it is listed.
    pub fn listing(&self, code: &str) -> Option<Listing> {
        lock(&self.inner).listings.get(code).cloned()
    }

    /// Counts a person seated and connected at a table of `game` (`delta` +1 or −1).
    pub fn seated(&self, game: GameKind, delta: i64) {
        self.seated[slot(game)].fetch_add(delta, Ordering::Relaxed);
    }

    /// Counts a person seated at a game of `game` under way (`delta` +1 or −1).
    pub fn playing(&self, game: GameKind, delta: i64) {
        self.playing[slot(game)].fetch_add(delta, Ordering::Relaxed);
    }

    /// The counts of this process alone (what it publishes to the others).
    pub fn local_counts(&self) -> Vec<GameCount> {
        let i = lock(&self.inner);
        Self::counts_of(&i, &self.seated, &self.playing)
    }

    fn counts_of(i: &Inner, seated: &[AtomicI64; 3], playing: &[AtomicI64; 3]) -> Vec<GameCount> {
        [GameKind::Hive, GameKind::Snelab, GameKind::Chess]
            .into_iter()
            .map(|game| {
                let following = i
                    .followers
                    .values()
                    .filter(|f| f.game.is_none_or(|g| g == game))
                    .count();
                let queued: usize = i
                    .queue
                    .iter()
                    .filter(|(k, _)| k.game == game)
                    .map(|(_, q)| q.len())
                    .sum();
                let seated = seated[slot(game)].load(Ordering::Relaxed).max(0) as usize;
                GameCount {
                    game,
                    online: (following + queued + seated) as u32,
                    playing: playing[slot(game)].load(Ordering::Relaxed).max(0) as u32,
                    queued: queued as u32,
                }
            })
            .collect()
    }

    /// Every process's counts added up.
    fn counts(&self, i: &mut Inner) -> Vec<GameCount> {
        let mut counts = Self::counts_of(i, &self.seated, &self.playing);
        i.remote_counts
            .retain(|_, (_, at)| at.elapsed() < REMOTE_COUNTS_FOR);
        for (remote, _) in i.remote_counts.values() {
            for (c, r) in counts.iter_mut().zip(remote) {
                c.online += r.online;
                c.playing += r.playing;
                c.queued += r.queued;
            }
        }
        counts
    }

    /// Another process's counts (feature `cluster`).
    pub fn remote_counts(&self, process: &str, counts: Vec<GameCount>) {
        lock(&self.inner)
            .remote_counts
            .insert(process.to_string(), (counts, std::time::Instant::now()));
    }

    /// A connection follows the lobby of `game` (every game when `None`): the snapshot it is
    /// sent now, newest first, at most [`LOBBY_LIST_LIMIT`] tables of each phase and game.
    pub fn follow(&self, conn: &Conn, game: Option<GameKind>) -> ServerMsg {
        let mut i = lock(&self.inner);
        i.followers.insert(
            conn.id,
            Follower {
                conn: conn.clone(),
                game,
            },
        );
        let mut tables: Vec<Listing> = i
            .listings
            .values()
            .filter(|l| game.is_none_or(|g| g == l.game))
            .cloned()
            .collect();
        tables.sort_by(|a, b| b.created_ms.cmp(&a.created_ms).then(a.code.cmp(&b.code)));
        let mut kept: HashMap<(GameKind, Phase), usize> = HashMap::new();
        tables.retain(|l| {
            let n = kept.entry((l.game, l.phase)).or_default();
            *n += 1;
            *n <= LOBBY_LIST_LIMIT
        });
        let counts = self.counts(&mut i);
        ServerMsg::Lobby { tables, counts }
    }

    /// The connection follows the lobby no more.
    pub fn unfollow(&self, conn_id: u64) {
        lock(&self.inner).followers.remove(&conn_id);
    }

    /// `quick`: pairs with someone waiting for the same game and control, or waits.
    pub fn quick(&self, key: QueueKey, who: Waiting) -> Queued {
        let mut i = lock(&self.inner);
        let q = i.queue.entry(key).or_default();
        q.retain(|w| w.conn.id != who.conn.id && w.conn.is_open());
        match q.pop_front() {
            Some(other) => Queued::Pair(other),
            None => {
                q.push_back(who);
                Queued::Waiting
            }
        }
    }

    /// Puts a connection in the queue (with several processes: it was in no process's).
    pub fn wait(&self, key: QueueKey, who: Waiting) {
        lock(&self.inner)
            .queue
            .entry(key)
            .or_default()
            .push_back(who);
    }

    /// Takes a connection out of the queue: who it was and what it waited for; `None` when
    /// it was not in it.
    pub fn take(&self, conn_id: u64) -> Option<Waiting> {
        self.take_keyed(conn_id).map(|(_, w)| w)
    }

    /// [`Lobby::take`], with the key it waited under.
    pub fn take_keyed(&self, conn_id: u64) -> Option<(QueueKey, Waiting)> {
        let mut i = lock(&self.inner);
        let mut found = None;
        for (key, q) in i.queue.iter_mut() {
            if let Some(at) = q.iter().position(|w| w.conn.id == conn_id) {
                found = q.remove(at).map(|w| (*key, w));
                break;
            }
        }
        i.queue.retain(|_, q| !q.is_empty());
        found
    }

    /// Sends what changed since the last time to every follower; run by [`Lobby::run`].
    pub fn flush(&self) {
        let (out, followers) = {
            let mut i = lock(&self.inner);
            let counts = self.counts(&mut i);
            let counts_changed = counts != i.last_counts;
            if i.changed.is_empty() && i.gone.is_empty() && !counts_changed {
                return;
            }
            i.last_counts = counts.clone();
            let changed: Vec<Listing> = i
                .changed
                .drain()
                .collect::<Vec<_>>()
                .into_iter()
                .filter_map(|c| i.listings.get(&c).cloned())
                .collect();
            let gone: Vec<(String, GameKind)> = i.gone.drain().collect();
            let counts = if counts_changed { counts } else { Vec::new() };
            // One message per filter: every game, and each game alone.
            let mut out: HashMap<Option<GameKind>, Option<String>> = HashMap::new();
            for filter in [
                None,
                Some(GameKind::Hive),
                Some(GameKind::Snelab),
                Some(GameKind::Chess),
            ] {
                let keep = |g: GameKind| filter.is_none_or(|f| f == g);
                let set: Vec<Listing> = changed.iter().filter(|l| keep(l.game)).cloned().collect();
                let gone: Vec<String> = gone
                    .iter()
                    .filter(|(_, g)| keep(*g))
                    .map(|(c, _)| c.clone())
                    .collect();
                let text = (!set.is_empty() || !gone.is_empty() || !counts.is_empty()).then(|| {
                    ServerMsg::LobbyUpdate {
                        set,
                        gone,
                        counts: counts.clone(),
                    }
                    .to_json()
                });
                out.insert(filter, text);
            }
            let followers: Vec<(Conn, Option<GameKind>)> = i
                .followers
                .values()
                .map(|f| (f.conn.clone(), f.game))
                .collect();
            (out, followers)
        };
        let mut dropped = Vec::new();
        for (conn, game) in followers {
            if let Some(Some(text)) = out.get(&game)
                && !conn.send_text(text.clone())
            {
                dropped.push(conn.id);
            }
        }
        for id in dropped {
            self.unfollow(id);
        }
    }

    /// The lobby's update task: a flush every [`LOBBY_UPDATE_MS`], for the life of the process.
    pub fn run(self: &Arc<Lobby>) {
        let me = self.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_millis(LOBBY_UPDATE_MS));
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                me.flush();
            }
        });
    }
}
