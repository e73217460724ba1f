//! The lobby: the public tables (open ones to join, live ones to watch), how many people are
//! about per game, the pairing queue of "Quick game", and the fan-out of lobby updates.
//!
//! Tables tell the lobby when their listing changes ([`Lobby::set`], [`Lobby::gone`]); a
//! connection that follows the lobby gets a snapshot at once ([`Lobby::follow`]) and then, from
//! one task for the whole process ([`Lobby::run`]), at most one `lobby_update` every
//! [`LOBBY_UPDATE_MS`] carrying everything that changed meanwhile. Each update is serialised
//! once per game filter and the same text (shared, not copied) queued to every follower of that
//! filter, so a busy lobby costs each follower at most two messages a second however many tables
//! change.
//!
//! The followers are served in [`SLICES`] groups, one group every `LOBBY_UPDATE_MS / SLICES`,
//! each group getting what changed since its own last update: thousands of followers woken at
//! the same instant would hold up the tables' actions behind them (measured: 6,667 followers
//! told at once put 50 ms on an action's p99 with nothing else changing), a tenth of them at a
//! time does not. The changes are kept as a numbered log from which each group reads its part.
//!
//! With several processes (feature `cluster`), each process publishes the listings of the
//! tables it holds and its own counts through Redis (`super::cluster`), and every process keeps
//! the whole lobby: [`Lobby::set`] and [`Lobby::gone`] are called for remote tables too.

use super::Conn;
use crate::net::protocol::{
    GameCount, GameKind, LOBBY_LIST_LIMIT, LOBBY_UPDATE_MS, Listing, Phase, ServerMsg,
    TableOptions, TimeControl,
};
use crate::rules::hive::GameType;
use axum::extract::ws::Utf8Bytes;
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
/// (Ash & Walnut: of the same game type) under the same time control, rated with rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueueKey {
    pub game: GameKind,
    pub control: TimeControl,
    pub rated: bool,
    /// Ash & Walnut's game type; the base game for the other games.
    pub game_type: GameType,
}

impl QueueKey {
    /// The options of the table a pairing (or the bot's offer) opens: the game type sought,
    /// the other options at their defaults.
    pub fn options(&self) -> TableOptions {
        TableOptions {
            // The base game is kept as no option at all, as `create` keeps it.
            game_type: Some(self.game_type).filter(|g| !g.is_base()),
            ..TableOptions::default()
        }
    }
}

/// Someone waiting in the pairing queue.
#[derive(Clone)]
pub struct Waiting {
    pub conn: Conn,
    pub name: String,
    /// The key they proved (a rated queue holds only players with keys).
    pub key: Option<crate::identity::PublicKey>,
    /// Their rating at the game (rated queues).
    pub rating: Option<f64>,
    /// When they began to wait.
    pub since: std::time::Instant,
}

/// How far apart two ratings may be for a rated pairing, for someone who has waited `waited`:
/// 150 points at once, widening by 25 a second, so that nobody waits for ever for a close
/// rating (after a minute, anyone within 1650).
pub fn rating_window(waited: std::time::Duration) -> f64 {
    150.0 + 25.0 * waited.as_secs_f64()
}

/// Whom a newcomer to a rated queue is paired with: the waiting player of the nearest rating
/// within the wider of the two windows (theirs by their wait, the newcomer's at once), never
/// the same key; `None`: the newcomer waits too.
pub fn nearest(queue: &[Waiting], who: &Waiting, now: std::time::Instant) -> Option<usize> {
    let mine = who.rating.unwrap_or(1500.0);
    queue
        .iter()
        .enumerate()
        .filter(|(_, w)| w.key.is_none() || w.key != who.key)
        .map(|(i, w)| (i, (w.rating.unwrap_or(1500.0) - mine).abs(), w))
        .filter(|(_, gap, w)| *gap <= rating_window(now.saturating_duration_since(w.since)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _, _)| i)
}

/// What `quick` found.
pub enum Queued {
    /// Nobody was waiting: this connection waits now.
    Waiting,
    /// Someone was: pair with them.
    Pair(Waiting),
}

/// The groups the followers are served in, one after the other (see the module's words).
pub const SLICES: usize = 10;

struct Follower {
    conn: Conn,
    game: Option<GameKind>,
}

/// A change to the listings, as the log keeps it.
enum Change {
    /// The listing of this code was set; `new` when it was not listed just before.
    Set { code: String, new: bool },
    /// The table of this code is listed no more.
    Gone { code: String, game: GameKind },
}

impl Change {
    fn code(&self) -> &str {
        match self {
            Change::Set { code, .. } | Change::Gone { code, .. } => code,
        }
    }
}

#[derive(Default)]
struct Inner {
    listings: HashMap<String, Listing>,
    followers: HashMap<u64, Follower>,
    /// How many follow every game (index 3) and each game alone (by [`slot`]).
    following: [usize; 4],
    /// The changes not yet sent to every group, numbered from `log_start`.
    log: VecDeque<Change>,
    log_start: u64,
    /// Each group has been sent the changes numbered below this, and these counts.
    sent: [u64; SLICES],
    sent_counts: [Vec<GameCount>; SLICES],
    queue: HashMap<QueueKey, VecDeque<Waiting>>,
    /// Other processes' counts, by process (feature `cluster`), with when they were heard.
    remote_counts: HashMap<String, (Vec<GameCount>, std::time::Instant)>,
}

impl Inner {
    /// The number the next change gets.
    fn next(&self) -> u64 {
        self.log_start + self.log.len() as u64
    }

    fn follower_slot(game: Option<GameKind>) -> usize {
        game.map_or(3, slot)
    }
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
        let code = listing.code.clone();
        let new = i.listings.insert(code.clone(), listing).is_none();
        i.log.push_back(Change::Set { code, new });
    }

    /// A table is listed no more (it started privately, ended, or closed).
    pub fn gone(&self, code: &str) {
        let mut i = lock(&self.inner);
        if let Some(l) = i.listings.remove(code) {
            i.log.push_back(Change::Gone {
                code: code.to_string(),
                game: l.game,
            });
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
                let following = i.following[3] + i.following[slot(game)];
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
        let was = i.followers.insert(
            conn.id,
            Follower {
                conn: conn.clone(),
                game,
            },
        );
        if let Some(was) = was {
            i.following[Inner::follower_slot(was.game)] -= 1;
        }
        i.following[Inner::follower_slot(game)] += 1;
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
        let mut i = lock(&self.inner);
        if let Some(was) = i.followers.remove(&conn_id) {
            i.following[Inner::follower_slot(was.game)] -= 1;
        }
    }

    /// `quick`: pairs with someone waiting under the same key (game, game type, control,
    /// rated), or waits.
    pub fn quick(&self, key: QueueKey, who: Waiting) -> Queued {
        let mut i = lock(&self.inner);
        let q = i.queue.entry(key).or_default();
        q.retain(|w| w.conn.id != who.conn.id && w.conn.is_open());
        let found = if key.rated {
            nearest(q.make_contiguous(), &who, std::time::Instant::now())
        } else {
            (!q.is_empty()).then_some(0)
        };
        match found.and_then(|at| q.remove(at)) {
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

    /// Sends every follower what changed since its last update, every group at once (tests;
    /// the task of [`Lobby::run`] serves one group at a time, [`Lobby::flush_slice`]).
    #[cfg(test)]
    pub fn flush(&self) {
        for s in 0..SLICES {
            self.flush_slice(s);
        }
    }

    /// Sends the followers of group `s` (connection id modulo [`SLICES`]) what changed since
    /// that group's last update: one `lobby_update` each, serialised once per game filter.
    pub fn flush_slice(&self, s: usize) {
        let s = s % SLICES;
        let (out, followers) = {
            let mut i = lock(&self.inner);
            let counts = self.counts(&mut i);
            let counts_changed = counts != i.sent_counts[s];
            let from = i.sent[s].max(i.log_start);
            let next = i.next();
            if from == next && !counts_changed {
                return;
            }
            // Each code's changes in this group's part of the log, newest last: the listing as
            // it is now, or gone; a table listed and gone again inside the part never reached
            // this group and is left out.
            // Per code: whether its first change here listed it anew, and the game it was
            // listed under when it went.
            let mut seen: HashMap<&str, (bool, Option<GameKind>)> = HashMap::new();
            let skip = (from - i.log_start) as usize;
            for change in i.log.iter().skip(skip) {
                let e = seen
                    .entry(change.code())
                    .or_insert((matches!(change, Change::Set { new: true, .. }), None));
                if let Change::Gone { game, .. } = change {
                    e.1 = Some(*game);
                }
            }
            let mut set: Vec<Listing> = Vec::new();
            let mut gone: Vec<(String, GameKind)> = Vec::new();
            let mut codes: Vec<(&str, (bool, Option<GameKind>))> = seen.into_iter().collect();
            codes.sort_unstable_by_key(|(code, _)| *code);
            for (code, (first_new, gone_from)) in codes {
                match (i.listings.get(code), gone_from) {
                    (Some(l), _) => set.push(l.clone()),
                    (None, _) if first_new => {}
                    (None, Some(game)) => gone.push((code.to_string(), game)),
                    (None, None) => {}
                }
            }
            i.sent[s] = next;
            if counts_changed {
                i.sent_counts[s] = counts.clone();
            }
            // The log keeps what some group has still to be sent.
            let keep_from = i.sent.iter().copied().min().unwrap_or(next);
            while i.log_start < keep_from && !i.log.is_empty() {
                i.log.pop_front();
                i.log_start += 1;
            }
            let counts = if counts_changed { counts } else { Vec::new() };
            let followers: Vec<(Conn, Option<GameKind>)> = i
                .followers
                .values()
                .filter(|f| f.conn.id as usize % SLICES == s)
                .map(|f| (f.conn.clone(), f.game))
                .collect();
            // One message per filter this group's followers use (every game, or one game
            // alone): none at all for a group nobody is in.
            let filters: HashSet<Option<GameKind>> = followers.iter().map(|(_, g)| *g).collect();
            let mut out: HashMap<Option<GameKind>, Option<Utf8Bytes>> = HashMap::new();
            for filter in filters {
                let keep = |g: GameKind| filter.is_none_or(|f| f == g);
                let set: Vec<Listing> = set.iter().filter(|l| keep(l.game)).cloned().collect();
                let gone: Vec<String> = gone
                    .iter()
                    .filter(|(_, g)| keep(*g))
                    .map(|(c, _)| c.clone())
                    .collect();
                let text = (!set.is_empty() || !gone.is_empty() || !counts.is_empty()).then(|| {
                    Utf8Bytes::from(
                        ServerMsg::LobbyUpdate {
                            set,
                            gone,
                            counts: counts.clone(),
                        }
                        .to_json(),
                    )
                });
                out.insert(filter, text);
            }
            (out, followers)
        };
        let mut dropped = Vec::new();
        for (conn, game) in followers {
            if let Some(Some(text)) = out.get(&game)
                && !conn.send_shared(text.clone())
            {
                dropped.push(conn.id);
            }
        }
        for id in dropped {
            self.unfollow(id);
        }
    }

    /// The lobby's update task: one group's update every `LOBBY_UPDATE_MS / SLICES`, each group
    /// once every [`LOBBY_UPDATE_MS`], for the life of the process.
    pub fn run(self: &Arc<Lobby>) {
        let me = self.clone();
        tokio::spawn(async move {
            let mut every =
                tokio::time::interval(Duration::from_millis(LOBBY_UPDATE_MS / SLICES as u64));
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            for s in (0..SLICES).cycle() {
                every.tick().await;
                me.flush_slice(s);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::protocol::TableOptions;
    use crate::server::Out;
    use std::time::{Duration, Instant};
    use tokio::sync::mpsc;

    fn waiting(id: u64, rating: f64, waited: Duration, now: Instant) -> Waiting {
        Waiting {
            conn: Conn::for_test(id).0,
            name: format!("p{id}"),
            key: Some(crate::identity::Identity::from_secret([id as u8; 32]).public()),
            rating: Some(rating),
            since: now - waited,
        }
    }

    #[test]
    fn a_rated_newcomer_is_paired_with_the_nearest_rating_its_window_allows() {
        let now = Instant::now() + Duration::from_secs(600);
        let queue = vec![
            waiting(1, 1900.0, Duration::ZERO, now),
            waiting(2, 1560.0, Duration::ZERO, now),
            waiting(3, 1400.0, Duration::ZERO, now),
        ];
        let me = waiting(9, 1500.0, Duration::ZERO, now);
        assert_eq!(nearest(&queue, &me, now), Some(1), "60 points beats 100");
        // Nobody within 150 points at once: the newcomer waits too...
        let far = vec![waiting(1, 1900.0, Duration::ZERO, now)];
        assert_eq!(nearest(&far, &me, now), None);
        // ...but someone who has waited 20 s takes anyone within 650.
        let long = vec![waiting(1, 1900.0, Duration::from_secs(20), now)];
        assert_eq!(nearest(&long, &me, now), Some(0));
        // Never the same key at both seats.
        let twin = vec![waiting(9, 1500.0, Duration::ZERO, now)];
        assert_eq!(nearest(&twin, &me, now), None);
    }

    fn listing(code: &str, game: GameKind, phase: Phase) -> Listing {
        Listing {
            code: code.into(),
            game,
            phase,
            control: TimeControl::Turn { seconds: 60 },
            options: TableOptions::default(),
            names: ["Ana".into(), String::new()],
            bot: false,
            watchers: 0,
            created_ms: 1,
            rated: false,
            fingerprints: [None, None],
            ratings: [None, None],
            keys: [None, None],
        }
    }

    /// The `lobby_update`s queued to a follower so far: (codes set, codes gone, counts sent).
    fn heard(rx: &mut mpsc::Receiver<Out>) -> Vec<(Vec<String>, Vec<String>, bool)> {
        let mut out = Vec::new();
        while let Ok(Out::Text(text)) = rx.try_recv() {
            match serde_json::from_str::<ServerMsg>(text.as_str()) {
                Ok(ServerMsg::LobbyUpdate { set, gone, counts }) => out.push((
                    set.into_iter().map(|l| l.code).collect(),
                    gone,
                    !counts.is_empty(),
                )),
                other => panic!("{other:?}"),
            }
        }
        out
    }

    #[test]
    fn each_group_hears_what_changed_since_its_own_update() {
        let lobby = Lobby::default();
        // Connection 10 is in group 0, 11 in group 1; 21 in group 1 too, following chess.
        let (a, mut ra) = Conn::for_test(10);
        let (b, mut rb) = Conn::for_test(11);
        let (c, mut rc) = Conn::for_test(21);
        lobby.follow(&a, None);
        lobby.follow(&b, None);
        lobby.follow(&c, Some(GameKind::Chess));
        lobby.set(listing("AAAAAA", GameKind::Hive, Phase::Waiting));
        lobby.flush_slice(0);
        assert_eq!(heard(&mut ra), [(vec!["AAAAAA".into()], vec![], true)]);
        assert!(heard(&mut rb).is_empty(), "group 1 waits for its turn");
        // A table listed and gone before a group's update never reaches that group; one the
        // group has heard of is told gone.
        lobby.set(listing("BBBBBB", GameKind::Hive, Phase::Playing));
        lobby.gone("BBBBBB");
        lobby.gone("AAAAAA");
        lobby.set(listing("CCCCCC", GameKind::Chess, Phase::Playing));
        lobby.flush_slice(0);
        assert_eq!(
            heard(&mut ra),
            [(vec!["CCCCCC".into()], vec!["AAAAAA".into()], false)]
        );
        // Group 1 hears everything since the start at once: AAAAAA came and went, so
        // neither it nor BBBBBB is in it; each follower its own game's part.
        lobby.flush_slice(1);
        assert_eq!(heard(&mut rb), [(vec!["CCCCCC".into()], vec![], true)]);
        assert_eq!(heard(&mut rc), [(vec!["CCCCCC".into()], vec![], true)]);
        // Nothing new: nothing sent; the log holds nothing every group has had.
        lobby.flush();
        assert!(heard(&mut ra).is_empty() && heard(&mut rb).is_empty());
        let i = lock(&lobby.inner);
        assert!(i.log.is_empty(), "{} changes kept", i.log.len());
    }

    #[test]
    fn a_changed_listing_goes_out_as_it_is_now_and_counts_follow_the_followers() {
        let lobby = Lobby::default();
        let (a, mut ra) = Conn::for_test(3);
        let snapshot = lobby.follow(&a, Some(GameKind::Hive));
        let ServerMsg::Lobby { counts, .. } = snapshot else {
            panic!("{snapshot:?}")
        };
        assert_eq!(counts[0].online, 1);
        let mut l = listing("AAAAAA", GameKind::Hive, Phase::Waiting);
        lobby.set(l.clone());
        l.phase = Phase::Playing;
        lobby.set(l.clone());
        lobby.flush_slice(3);
        let Some(Out::Text(text)) = ra.try_recv().ok() else {
            panic!("an update")
        };
        let Ok(ServerMsg::LobbyUpdate { set, .. }) =
            serde_json::from_str::<ServerMsg>(text.as_str())
        else {
            panic!("{text}")
        };
        assert_eq!(set, [l]);
        // Following again (another game) moves the follower, not adds one.
        lobby.follow(&a, Some(GameKind::Chess));
        let counts = lobby.local_counts();
        assert_eq!((counts[0].online, counts[2].online), (0, 1));
        lobby.unfollow(a.id);
        assert!(lobby.local_counts().iter().all(|c| c.online == 0));
    }
}
