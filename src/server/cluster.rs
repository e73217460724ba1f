//! Several server processes behind a load balancer (feature `cluster`). PostgreSQL keeps the
//! tables ([`super::pg`]); Redis carries the rest:
//! - a lease `ct:lease:CODE` = the owning process, renewed while the table is open: one
//!   process holds each table's task; a table whose lease lapses (its process died, or was
//!   paused past the lease) is taken over by another process, read back from the store after
//!   the store raised its generation: the fencing token every write of the table names, so a
//!   former holder that runs on has its next write refused and lets the table go (see
//!   [`super::store::FENCE`]). The lease decides who should serve a table; the store's
//!   generation decides whose writes count;
//! - `ct:token:TOKEN` = `CODE SEAT`: a seat token works at any process;
//! - a channel `ct:proc:ID` per process: a connection at a process that does not own its table
//!   sends its commands to the owner's channel, and the owner sends what the table says back
//!   to the connection's process. The table itself cannot tell a remote connection from a
//!   local one.

use super::conn::closed;
use super::lobby::QueueKey;
use super::table::Cmd;
use super::{Conn, Hub, Out};
use crate::net::protocol::{ErrorCode, GameCount, Listing, OfferKind, SeatId, Viewer};
use redis::AsyncCommands;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// A command for a table, as it crosses between processes.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum WireCmd {
    Join {
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
    },
    Attach {
        seat: SeatId,
    },
    Spectate,
    Act {
        seat: SeatId,
        seq: Option<u64>,
        action: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sig: Option<String>,
    },
    Resign {
        seat: SeatId,
    },
    Resync {
        seat: Option<SeatId>,
    },
    Rematch {
        seat: SeatId,
    },
    Offer {
        seat: SeatId,
        what: OfferKind,
    },
    Answer {
        seat: SeatId,
        what: OfferKind,
        accept: bool,
    },
    Leave,
}

/// What goes through a process's channel.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Wire {
    /// To the owner: a connection at process `from` asks table `code`.
    Cmd {
        from: String,
        conn: u64,
        code: String,
        cmd: WireCmd,
    },
    /// To the connection's process: a message for connection `conn`.
    Out { conn: u64, text: String },
    /// To the connection's process: close connection `conn` (`restart`: with the restart
    /// close code, its table is held elsewhere now).
    Kill {
        conn: u64,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        restart: bool,
    },
    /// To the connection's process: the answer to a join.
    Joined {
        conn: u64,
        result: Result<SeatId, ErrorCode>,
    },
    /// To the connection's process: connection `conn` now holds `seat` at table `code` (a
    /// pairing or a rematch; see `Out::Reseat`).
    Reseat {
        conn: u64,
        code: String,
        seat: SeatId,
    },
}

/// What goes through the lobby's channel, to every process.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum LobbyWire {
    Set(Listing),
    Gone(String),
    Counts {
        from: String,
        counts: Vec<GameCount>,
    },
}

/// The channel every process hears the lobby on.
const LOBBY_CHANNEL: &str = "ct:lobby";
/// The hash of every public table's listing (read by a process as it starts).
const LISTINGS: &str = "ct:listings";

/// What came of [`Cluster::try_take`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// Served here now.
    Served,
    /// Another process holds its lease.
    Held,
    /// It has ended (or is unknown).
    Ended,
}

type JoinReply = oneshot::Sender<Result<SeatId, ErrorCode>>;

/// Someone in the pairing queue shared by every process: the connection `conn` of `process`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueueEntry {
    pub process: String,
    pub conn: u64,
    pub name: String,
    /// The key the waiting player proved (64 hex digits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

/// This process's part in the cluster.
pub struct Cluster {
    pub id: String,
    /// Commands go through a connection that reconnects (with backoff) when Redis went away:
    /// while Redis is down each command fails soon, and they work again once it is back.
    redis: ConnectionManager,
    client: redis::Client,
    /// When each table's lease was last proven (the moment before the claim or renewal that
    /// Redis acknowledged): a table whose lease cannot be proven past its expiry is let go.
    proven: Mutex<HashMap<String, Instant>>,
    /// Connections of this process at tables owned elsewhere, by their id, with the table's
    /// code.
    local: Mutex<HashMap<u64, (Conn, String)>>,
    joins: Mutex<HashMap<u64, JoinReply>>,
    /// Connections elsewhere at tables of this process: by their process and id.
    remote: Mutex<HashMap<(String, u64), Conn>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn channel(process: &str) -> String {
    format!("ct:proc:{process}")
}

/// A subscription to process `id`'s channel and the lobby's.
async fn subscribe(client: &redis::Client, id: &str) -> redis::RedisResult<redis::aio::PubSub> {
    let mut pubsub = client.get_async_pubsub().await?;
    pubsub
        .subscribe(&[channel(id), LOBBY_CHANNEL.to_string()])
        .await?;
    Ok(pubsub)
}

impl Cluster {
    /// Connects to Redis and listens on this process's channel.
    pub async fn connect(url: &str) -> Result<(Arc<Cluster>, redis::aio::PubSub), String> {
        let client = redis::Client::open(url).map_err(|e| format!("redis {url}: {e}"))?;
        // A command that finds the connection lost waits for one try at a new one (at most a
        // second), then fails; the next command tries again. (The manager's own retries wait
        // a second and more between tries: too long for leases of a second.)
        let config = ConnectionManagerConfig::new()
            .set_number_of_retries(0)
            .set_connection_timeout(Duration::from_secs(1))
            .set_response_timeout(Duration::from_secs(2));
        let redis = ConnectionManager::new_with_config(client.clone(), config)
            .await
            .map_err(|e| format!("redis {url}: {e}"))?;
        let id = super::new_token()[..16].to_string();
        let pubsub = subscribe(&client, &id)
            .await
            .map_err(|e| format!("redis {url}: {e}"))?;
        let cluster = Arc::new(Cluster {
            id,
            redis,
            client,
            proven: Mutex::new(HashMap::new()),
            local: Mutex::new(HashMap::new()),
            joins: Mutex::new(HashMap::new()),
            remote: Mutex::new(HashMap::new()),
        });
        Ok((cluster, pubsub))
    }

    /// Serves this process's channel and renews its leases, for as long as the process runs.
    pub fn start(self: &Arc<Cluster>, hub: Arc<Hub>, pubsub: redis::aio::PubSub) {
        let me = self.clone();
        let renew_hub = hub.clone();
        tokio::spawn(async move { me.listen(hub, pubsub).await });
        // The listings every process has published, and this process's counts every two
        // seconds (the others count them while they keep coming).
        let me = self.clone();
        let lobby_hub = renew_hub.clone();
        tokio::spawn(async move {
            me.read_listings(&lobby_hub).await;
            let mut r = me.redis.clone();
            loop {
                // This process is alive while `ct:alive:ID` is (the pairing queue skips the
                // people of a process that died).
                let _: Result<(), _> = redis::cmd("SET")
                    .arg(format!("ct:alive:{}", me.id))
                    .arg(1)
                    .arg("PX")
                    .arg(10_000)
                    .query_async(&mut r)
                    .await;
                let counts = lobby_hub.lobby.local_counts();
                me.publish_lobby(&LobbyWire::Counts {
                    from: me.id.clone(),
                    counts,
                })
                .await;
                tokio::time::sleep(Duration::from_secs(2)).await;
            }
        });
        let me = self.clone();
        let lease = renew_hub.config.lease;
        // One look for lapsed leases at a time, beside the renewals, never in their way: a look
        // takes over tables one by one and can take seconds under load (a process died with
        // hundreds of tables, the store slow), and renewals held back behind it let this
        // process's own leases lapse while it went on serving their tables (the 10-minute chaos
        // run: a table served by two processes for 2 to 13 s, one seat told the end, the other
        // left waiting at the former holder).
        let looking = Arc::new(std::sync::atomic::AtomicBool::new(false));
        tokio::spawn(async move {
            let mut rounds = 0u32;
            loop {
                tokio::time::sleep(lease / 3).await;
                let codes = renew_hub.codes();
                lock(&me.proven).retain(|code, _| codes.contains(code));
                // All at once, each given a third of a lease: a Redis that is down or slow
                // holds no renewal back past the next.
                let renewals = codes.into_iter().map(|code| {
                    let me = me.clone();
                    async move {
                        let asked = Instant::now();
                        let renewed = tokio::time::timeout(lease / 3, me.renew(&code, lease))
                            .await
                            .ok()
                            .flatten();
                        (code, asked, renewed)
                    }
                });
                for (code, asked, renewed) in futures_util::future::join_all(renewals).await {
                    match renewed {
                        Some(true) => {
                            lock(&me.proven).insert(code, asked);
                        }
                        Some(false) => {
                            if let Some(table) = renew_hub.table(&code) {
                                // Another process holds the lease: the store says whether this
                                // one still holds the table (its generation), and the table
                                // lets go if not.
                                let _ = table.try_send(Cmd::Hold);
                            }
                        }
                        None => {
                            // Redis did not answer: the lease runs out at the latest a lease
                            // after it was last proven. The table is let go before then
                            // (before the next renewal could come too late), so that this
                            // process never serves a table past a lease it cannot prove.
                            let proven = *lock(&me.proven).entry(code.clone()).or_insert(asked);
                            if Instant::now() + lease / 3 >= proven + lease
                                && let Some(table) = renew_hub.table(&code)
                            {
                                let _ = table.try_send(Cmd::Lapse);
                            }
                        }
                    }
                }
                // Once a lease: take over the open tables nobody holds (their process died),
                // unless the last look is still going.
                rounds += 1;
                if rounds.is_multiple_of(3)
                    && !looking.swap(true, std::sync::atomic::Ordering::AcqRel)
                {
                    let (me, hub, looking) = (me.clone(), renew_hub.clone(), looking.clone());
                    tokio::spawn(async move {
                        me.adopt(&hub).await;
                        looking.store(false, std::sync::atomic::Ordering::Release);
                    });
                }
            }
        });
    }

    /// Hears this process's channel and the lobby's. When the subscription's connection is
    /// lost (Redis restarted, or the network dropped it), subscribes again to both channels
    /// (with backoff) and sets right what may have been missed or lost meanwhile.
    async fn listen(self: Arc<Cluster>, hub: Arc<Hub>, pubsub: redis::aio::PubSub) {
        use futures_util::StreamExt;
        let mut pubsub = Some(pubsub);
        let mut backoff = Duration::from_millis(100);
        loop {
            let ps = match pubsub.take() {
                Some(ps) => ps,
                None => match subscribe(&self.client, &self.id).await {
                    Ok(ps) => {
                        super::log::info("cluster: subscribed to Redis again", &[]);
                        backoff = Duration::from_millis(100);
                        self.rejoined(&hub).await;
                        ps
                    }
                    Err(e) => {
                        super::log::warn(
                            "cluster: cannot subscribe to Redis; trying again",
                            &[
                                ("error", e.to_string().into()),
                                ("in_ms", (backoff.as_millis() as u64).into()),
                            ],
                        );
                        tokio::time::sleep(backoff).await;
                        backoff = (backoff * 2).min(Duration::from_secs(2));
                        continue;
                    }
                },
            };
            let mut messages = ps.into_on_message();
            while let Some(msg) = messages.next().await {
                let Ok(text) = msg.get_payload::<String>() else {
                    continue;
                };
                if msg.get_channel_name() == LOBBY_CHANNEL {
                    if let Ok(wire) = serde_json::from_str::<LobbyWire>(&text) {
                        self.hear_lobby(&hub, wire);
                    }
                } else if let Ok(wire) = serde_json::from_str::<Wire>(&text) {
                    self.receive(&hub, wire).await;
                }
            }
            drop(messages);
            super::log::error("cluster: the Redis channel closed; subscribing again", &[]);
            self.lost_channel();
        }
    }

    /// The channel was lost: what other processes sent meanwhile is gone. This process's
    /// connections at tables held elsewhere are sent back (restart close code) to take their
    /// seats again, with the whole state; the connections of other processes at tables held
    /// here are closed (their own process sends them back).
    fn lost_channel(&self) {
        let local: Vec<Conn> = lock(&self.local).drain().map(|(_, (c, _))| c).collect();
        for c in local {
            c.restart();
        }
        let remote: Vec<Conn> = lock(&self.remote).values().cloned().collect();
        for c in remote {
            c.kill();
        }
        for (_, reply) in lock(&self.joins).drain() {
            let _ = reply.send(Err(ErrorCode::Unavailable));
        }
    }

    /// Subscribed again after the channel was lost: Redis may have restarted empty, so this
    /// process writes again what it keeps there (its tables' tokens, summaries and listings;
    /// the renewals write its leases), and reads the others' listings again.
    async fn rejoined(&self, hub: &Arc<Hub>) {
        for (token, code, seat) in hub.local_tokens() {
            self.index_token(&token, &code, seat).await;
        }
        for (code, summary) in hub.local_summaries() {
            self.summarize(&code, &summary).await;
        }
        for code in hub.codes() {
            if let Some(listing) = hub.lobby.listing(&code) {
                self.list(&listing).await;
            }
        }
        self.read_listings(hub).await;
    }

    /// The listings every process has published.
    async fn read_listings(&self, hub: &Hub) {
        let mut r = self.redis.clone();
        let all: Result<HashMap<String, String>, _> = r.hgetall(LISTINGS).await;
        for text in all.unwrap_or_default().into_values() {
            if let Ok(l) = serde_json::from_str::<Listing>(&text) {
                hub.lobby.set(l);
            }
        }
    }

    /// Serves the open tables whose lease has lapsed, read back from the store.
    async fn adopt(&self, hub: &Arc<Hub>) {
        super::slow_at("adopt").await;
        let Ok(open) = hub.store.open_tables().await else {
            return;
        };
        let local = hub.codes();
        for stored in open {
            if !local.contains(&stored.meta.code) {
                self.take(hub, &stored.meta.code).await;
            }
        }
    }

    /// Takes table `code` over when no process holds its lease: the lease, then the store's
    /// raised generation, then the table served here. Whether this process serves it now.
    pub async fn take(&self, hub: &Arc<Hub>, code: &str) -> bool {
        self.try_take(hub, code).await == Ok(Taken::Served)
    }

    /// [`Cluster::take`], telling apart a table another process holds or that has ended
    /// (`Held`, `Ended`) from one that cannot be taken now because Redis or the store failed
    /// (`Err`: try again later).
    pub async fn try_take(&self, hub: &Arc<Hub>, code: &str) -> Result<Taken, ()> {
        if !self.try_claim(code, hub.config.lease).await? {
            return Ok(Taken::Held);
        }
        match hub.take_over(code).await {
            Ok(false) => {
                self.release(code).await;
                Ok(Taken::Ended)
            }
            Ok(true) => {
                super::metrics::COUNTERS
                    .takeovers
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                super::log::warn(
                    "cluster: took over a table whose lease lapsed",
                    &[("table", code.into())],
                );
                // This process's connections that reached the table through the former
                // holder come back to it here.
                let moved: Vec<Conn> = {
                    let mut local = lock(&self.local);
                    let ids: Vec<u64> = local
                        .iter()
                        .filter(|(_, (_, c))| c == code)
                        .map(|(id, _)| *id)
                        .collect();
                    ids.iter()
                        .filter_map(|id| local.remove(id))
                        .map(|(conn, _)| conn)
                        .collect()
                };
                for conn in moved {
                    conn.restart();
                }
                Ok(Taken::Served)
            }
            Err(e) => {
                super::log::error(
                    "cluster: could not take over a table",
                    &[("table", code.into()), ("error", e.to_string().into())],
                );
                // Let the lease go: the next try (here or elsewhere) need not wait for it.
                self.release(code).await;
                Err(())
            }
        }
    }

    /// Sends `wire` to `process`; whether Redis took it.
    async fn publish(&self, process: &str, wire: &Wire) -> bool {
        let mut r = self.redis.clone();
        let text = serde_json::to_string(wire).unwrap_or_default();
        match r.publish::<_, _, i64>(channel(process), text).await {
            Ok(heard) if heard > 0 => true,
            // Nobody listens on the channel: its process died, or is subscribing again
            // after losing Redis. The message is lost as surely as when Redis fails.
            Ok(_) => false,
            Err(e) => {
                super::log::error(
                    "cluster: publish failed",
                    &[("error", e.to_string().into())],
                );
                false
            }
        }
    }

    /// Takes the lease of a table; `false` when another process holds it.
    pub async fn claim(&self, code: &str, lease: Duration) -> bool {
        self.try_claim(code, lease).await == Ok(true)
    }

    /// [`Cluster::claim`]; `Err` when Redis did not answer.
    pub async fn try_claim(&self, code: &str, lease: Duration) -> Result<bool, ()> {
        let mut r = self.redis.clone();
        let asked = Instant::now();
        let set: Result<Option<String>, _> = redis::cmd("SET")
            .arg(format!("ct:lease:{code}"))
            .arg(&self.id)
            .arg("NX")
            .arg("PX")
            .arg(lease.as_millis() as u64)
            .query_async(&mut r)
            .await;
        let held = set.map_err(|_| ())?.is_some();
        if held {
            lock(&self.proven).insert(code.to_string(), asked);
        }
        Ok(held)
    }

    /// Renews this process's lease of a table: `Some(true)` renewed (or taken again after
    /// Redis lost it), `Some(false)` another process holds it, `None` Redis did not answer.
    async fn renew(&self, code: &str, lease: Duration) -> Option<bool> {
        let mut r = self.redis.clone();
        let held: Result<i64, _> = redis::cmd("EVAL")
            .arg(
                "local v = redis.call('GET', KEYS[1]) \
                 if v == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end \
                 if not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end \
                 return 0",
            )
            .arg(1)
            .arg(format!("ct:lease:{code}"))
            .arg(&self.id)
            .arg(lease.as_millis() as u64)
            .query_async(&mut r)
            .await;
        held.ok().map(|n| n != 0)
    }

    /// Gives a table's lease back (and its summary), when this process still holds it: a
    /// lease another process took is left alone.
    pub async fn release(&self, code: &str) {
        let mut r = self.redis.clone();
        let _: Result<i64, _> = redis::cmd("EVAL")
            .arg(
                "if redis.call('GET', KEYS[1]) == ARGV[1] then \
                 redis.call('DEL', KEYS[1], KEYS[2]) return 1 end return 0",
            )
            .arg(2)
            .arg(format!("ct:lease:{code}"))
            .arg(format!("ct:summary:{code}"))
            .arg(&self.id)
            .query_async(&mut r)
            .await;
    }

    async fn publish_lobby(&self, wire: &LobbyWire) {
        let mut r = self.redis.clone();
        let text = serde_json::to_string(wire).unwrap_or_default();
        if let Err(e) = r.publish::<_, _, i64>(LOBBY_CHANNEL, text).await {
            super::log::error(
                "cluster: publish failed",
                &[("error", e.to_string().into())],
            );
        }
    }

    fn hear_lobby(&self, hub: &Hub, wire: LobbyWire) {
        match wire {
            LobbyWire::Set(l) => hub.lobby.set(l),
            LobbyWire::Gone(code) => hub.lobby.gone(&code),
            LobbyWire::Counts { from, counts } if from != self.id => {
                hub.lobby.remote_counts(&from, counts)
            }
            LobbyWire::Counts { .. } => {}
        }
    }

    /// A table of this process lists itself for every process.
    pub async fn list(&self, listing: &Listing) {
        let mut r = self.redis.clone();
        let text = serde_json::to_string(listing).unwrap_or_default();
        let _: Result<i64, _> = r.hset(LISTINGS, &listing.code, text).await;
        self.publish_lobby(&LobbyWire::Set(listing.clone())).await;
    }

    pub async fn unlist(&self, code: &str) {
        let mut r = self.redis.clone();
        let _: Result<i64, _> = r.hdel(LISTINGS, code).await;
        self.publish_lobby(&LobbyWire::Gone(code.to_string())).await;
    }

    /// Where a table of this process stands, for `games` asked at any process.
    pub async fn summarize(&self, code: &str, summary: &super::Summary) {
        let mut r = self.redis.clone();
        let text = serde_json::to_string(summary).unwrap_or_default();
        let _: Result<(), _> = r.set(format!("ct:summary:{code}"), text).await;
    }

    pub async fn summary(&self, code: &str) -> Option<super::Summary> {
        let mut r = self.redis.clone();
        let text: String = r.get(format!("ct:summary:{code}")).await.ok().flatten()?;
        serde_json::from_str(&text).ok()
    }

    /// The Redis list of a queue key: the game and control, then the game type when it is not
    /// the base game and `rated` for a rated queue (a casual base game's list is named as
    /// before game types and rated queues, so processes of both versions share it).
    fn queue_key(key: &QueueKey) -> String {
        let mut name = format!(
            "ct:queue:{}:{}",
            key.game.cli_name(),
            serde_json::to_string(&key.control).unwrap_or_default()
        );
        if !key.game_type.is_base() {
            name.push_str(&format!(":{}", key.game_type));
        }
        if key.rated {
            name.push_str(":rated");
        }
        name
    }

    /// The first person waiting for `key` at any process (taken out of the queue), skipping
    /// those of processes no longer heard from.
    pub async fn pop_waiting(&self, key: &QueueKey) -> Option<QueueEntry> {
        let mut r = self.redis.clone();
        loop {
            let text: Option<String> = r.lpop(Self::queue_key(key), None).await.ok().flatten();
            let entry: QueueEntry = serde_json::from_str(&text?).ok()?;
            let alive: bool = r
                .exists(format!("ct:alive:{}", entry.process))
                .await
                .unwrap_or(true);
            if entry.process == self.id || alive {
                return Some(entry);
            }
        }
    }

    pub async fn push_waiting(&self, key: &QueueKey, entry: &QueueEntry) {
        let mut r = self.redis.clone();
        let text = serde_json::to_string(entry).unwrap_or_default();
        let _: Result<i64, _> = r.rpush(Self::queue_key(key), text).await;
    }

    pub async fn remove_waiting(&self, key: &QueueKey, entry: &QueueEntry) {
        let mut r = self.redis.clone();
        let text = serde_json::to_string(entry).unwrap_or_default();
        let _: Result<i64, _> = r.lrem(Self::queue_key(key), 0, text).await;
    }

    /// Moves connection `conn` of process `process` to `seat` at table `code`.
    pub async fn reseat(&self, process: &str, conn: u64, code: &str, seat: SeatId) {
        let wire = Wire::Reseat {
            conn,
            code: code.to_string(),
            seat,
        };
        self.publish(process, &wire).await;
    }

    pub async fn index_token(&self, token: &str, code: &str, seat: SeatId) {
        let mut r = self.redis.clone();
        let value = format!("{code} {}", seat.index());
        let _: Result<(), _> = r.set(format!("ct:token:{token}"), value).await;
    }

    /// The process that owns a table.
    pub async fn owner(&self, code: &str) -> Option<String> {
        let mut r = self.redis.clone();
        r.get(format!("ct:lease:{code}")).await.ok().flatten()
    }

    /// The table and seat of a token, from any process; `Err` when Redis did not answer.
    pub async fn token(&self, token: &str) -> Result<Option<(String, SeatId)>, ()> {
        let mut r = self.redis.clone();
        let value: Option<String> = r.get(format!("ct:token:{token}")).await.map_err(|_| ())?;
        let Some((code, seat)) = value.as_deref().and_then(|v| v.split_once(' ')) else {
            return Ok(None);
        };
        let seat = if seat == "0" {
            SeatId::First
        } else {
            SeatId::Second
        };
        Ok(Some((code.to_string(), seat)))
    }

    /// The process that owns a table; `Err` when Redis did not answer.
    pub async fn owner_of(&self, code: &str) -> Result<Option<String>, ()> {
        let mut r = self.redis.clone();
        r.get(format!("ct:lease:{code}")).await.map_err(|_| ())
    }

    /// A stand-in for a table owned by process `owner`: commands sent to it go there.
    pub fn proxy(self: &Arc<Cluster>, owner: String, code: String) -> mpsc::Sender<Cmd> {
        let (tx, mut rx) = mpsc::channel::<Cmd>(64);
        let me = self.clone();
        tokio::spawn(async move {
            while let Some(cmd) = rx.recv().await {
                let keep = |conn: &Conn| {
                    lock(&me.local).insert(conn.id, (conn.clone(), code.clone()));
                    conn.id
                };
                let (conn, cmd) = match cmd {
                    Cmd::Join {
                        name,
                        key,
                        conn,
                        reply,
                    } => {
                        lock(&me.joins).insert(conn.id, reply);
                        let key = key.map(|k| k.to_hex());
                        (keep(&conn), WireCmd::Join { name, key })
                    }
                    Cmd::Attach { seat, conn } => (keep(&conn), WireCmd::Attach { seat }),
                    Cmd::Spectate { conn } => (keep(&conn), WireCmd::Spectate),
                    Cmd::Act {
                        seat,
                        conn,
                        seq,
                        action,
                        sig,
                    } => (
                        conn.id,
                        WireCmd::Act {
                            seat,
                            seq,
                            action,
                            sig,
                        },
                    ),
                    Cmd::Resign { seat, conn } => (conn.id, WireCmd::Resign { seat }),
                    Cmd::Rematch { seat, conn } => (conn.id, WireCmd::Rematch { seat }),
                    Cmd::Offer { seat, conn, what } => (conn.id, WireCmd::Offer { seat, what }),
                    Cmd::Answer {
                        seat,
                        conn,
                        what,
                        accept,
                    } => (conn.id, WireCmd::Answer { seat, what, accept }),
                    Cmd::Resync { viewer, conn } => (
                        conn.id,
                        WireCmd::Resync {
                            seat: viewer.seat(),
                        },
                    ),
                    Cmd::Leave { conn_id } => {
                        lock(&me.local).remove(&conn_id);
                        (conn_id, WireCmd::Leave)
                    }
                    // Asked only of a table held here.
                    Cmd::Hold | Cmd::Lapse => continue,
                };
                let wire = Wire::Cmd {
                    from: me.id.clone(),
                    conn,
                    code: code.clone(),
                    cmd,
                };
                if !me.publish(&owner, &wire).await {
                    // Redis did not take the command: it is lost, never played. The
                    // connection is sent back (restart close code) to take its seat again
                    // and hear where the table stands.
                    let c = lock(&me.local).remove(&conn);
                    if let Some((c, _)) = c {
                        c.restart();
                    }
                    if let Some(reply) = lock(&me.joins).remove(&conn) {
                        let _ = reply.send(Err(ErrorCode::Unavailable));
                    }
                }
            }
        });
        tx
    }

    /// A connection of process `from` as a table here holds it: what the table sends it goes
    /// back through `from`'s channel.
    fn remote_conn(self: &Arc<Cluster>, hub: &Hub, from: &str, id: u64) -> Conn {
        let key = (from.to_string(), id);
        if let Some(c) = lock(&self.remote).get(&key) {
            return c.clone();
        }
        let (conn, mut rx, mut killed) = Conn::open(hub);
        let restarting = conn.restarting.clone();
        let kill = conn.kill.clone();
        lock(&self.remote).insert(key.clone(), conn.clone());
        let me = self.clone();
        let from = from.to_string();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    biased;
                    out = rx.recv() => {
                        let sent = match out {
                            Some(Out::Text(text)) => {
                                me.publish(&from, &Wire::Out { conn: id, text: text.to_string() })
                                    .await
                            }
                            Some(Out::Reseat { code, seat }) => {
                                me.publish(&from, &Wire::Reseat { conn: id, code, seat }).await
                            }
                            None => break,
                        };
                        if !sent {
                            // A message lost on its way: the connection must not go on
                            // without it. The table lets it go; its own process sends it back
                            // when its channel comes back.
                            let _ = kill.send(true);
                        }
                    },
                    _ = closed(&mut killed) => {
                        while let Ok(out) = rx.try_recv() {
                            if let Out::Text(text) = out {
                                me.publish(&from, &Wire::Out { conn: id, text: text.to_string() })
                                    .await;
                            }
                        }
                        let restart = restarting.load(std::sync::atomic::Ordering::Relaxed);
                        me.publish(&from, &Wire::Kill { conn: id, restart }).await;
                        break;
                    }
                }
            }
            lock(&me.remote).remove(&key);
        });
        conn
    }

    async fn receive(self: &Arc<Cluster>, hub: &Arc<Hub>, wire: Wire) {
        match wire {
            Wire::Cmd {
                from,
                conn,
                code,
                cmd,
            } => {
                let Some(table) = hub.table(&code) else {
                    // Not held here (any more): the connection comes back and finds its holder.
                    self.publish(
                        &from,
                        &Wire::Kill {
                            conn,
                            restart: true,
                        },
                    )
                    .await;
                    return;
                };
                if let WireCmd::Leave = cmd {
                    let c = lock(&self.remote).remove(&(from.clone(), conn));
                    if let Some(c) = c {
                        let _ = table.send(Cmd::Leave { conn_id: c.id }).await;
                    }
                    return;
                }
                let c = self.remote_conn(hub, &from, conn);
                let cmd = match cmd {
                    WireCmd::Join { name, key } => {
                        let (reply, answer) = oneshot::channel();
                        let me = self.clone();
                        tokio::spawn(async move {
                            let result = answer.await.unwrap_or(Err(ErrorCode::NoSuchTable));
                            me.publish(&from, &Wire::Joined { conn, result }).await;
                        });
                        Cmd::Join {
                            name,
                            key: key
                                .as_deref()
                                .and_then(crate::identity::PublicKey::from_hex),
                            conn: c,
                            reply,
                        }
                    }
                    WireCmd::Attach { seat } => Cmd::Attach { seat, conn: c },
                    WireCmd::Spectate => Cmd::Spectate { conn: c },
                    WireCmd::Act {
                        seat,
                        seq,
                        action,
                        sig,
                    } => Cmd::Act {
                        seat,
                        conn: c,
                        seq,
                        action,
                        sig,
                    },
                    WireCmd::Resign { seat } => Cmd::Resign { seat, conn: c },
                    WireCmd::Rematch { seat } => Cmd::Rematch { seat, conn: c },
                    WireCmd::Offer { seat, what } => Cmd::Offer {
                        seat,
                        conn: c,
                        what,
                    },
                    WireCmd::Answer { seat, what, accept } => Cmd::Answer {
                        seat,
                        conn: c,
                        what,
                        accept,
                    },
                    WireCmd::Resync { seat } => Cmd::Resync {
                        viewer: seat.map_or(Viewer::Spectator, Viewer::Seat),
                        conn: c,
                    },
                    WireCmd::Leave => return,
                };
                let _ = table.send(cmd).await;
            }
            Wire::Out { conn, text } => {
                let c = lock(&self.local).get(&conn).map(|(c, _)| c.clone());
                if let Some(c) = c
                    && c.tx.try_send(Out::Text(text.into())).is_err()
                {
                    c.kill();
                }
            }
            Wire::Kill { conn, restart } => {
                let c = lock(&self.local).remove(&conn);
                if let Some((c, _)) = c {
                    if restart {
                        c.restart();
                    } else {
                        c.kill();
                    }
                }
            }
            Wire::Reseat { conn, code, seat } => {
                // A connection at a table held elsewhere (a rematch), or one waiting here in
                // the pairing queue.
                let c = lock(&self.local)
                    .get(&conn)
                    .map(|(c, _)| c.clone())
                    .or_else(|| hub.lobby.take(conn).map(|w| w.conn));
                if let Some(c) = c {
                    c.reseat(&code, seat);
                }
            }
            Wire::Joined { conn, result } => {
                let reply = lock(&self.joins).remove(&conn);
                if let Some(reply) = reply {
                    let _ = reply.send(result);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::protocol::{GameKind, TimeControl};
    use crate::rules::hive::GameType;

    /// The shared queue keeps apart what the queue of one process keeps apart: the game type
    /// and rated with rated; the casual base game's list keeps its name.
    #[test]
    fn each_queue_key_has_its_own_list() {
        let base = QueueKey {
            game: GameKind::Hive,
            control: TimeControl::Turn { seconds: 60 },
            rated: false,
            game_type: GameType::BASE,
        };
        assert_eq!(
            Cluster::queue_key(&base),
            r#"ct:queue:hive:{"kind":"turn","seconds":60}"#
        );
        let mut names = std::collections::HashSet::new();
        for game_type in GameType::all() {
            for rated in [false, true] {
                let key = QueueKey {
                    rated,
                    game_type,
                    ..base
                };
                assert!(names.insert(Cluster::queue_key(&key)), "{key:?}");
            }
        }
        assert_eq!(names.len(), 16);
    }
}
