//! One table: a task that owns its game (any [`Hosted`] game), its seats and their
//! connections, its clock and its bot. Every command reaches it through its channel, so a table
//! acts on one thing at a time; an accepted action is written to the store before anyone hears
//! of it. Everything that depends on the game's rules is behind [`Hosted`]; the table builds
//! every message for its recipient ([`Viewer`]), asking the game what each may see.
//!
//! [`TableTask`] is generic over its game rather than boxed: the hub holds only a table's command
//! channel ([`Cmd`] names no game), so the game type stops at the task that [`Hub::spawn`]
//! starts, and the bot's answer keeps the game's own action type.

use super::game::{Accepted, Hosted, OfferEvent, Start};
use super::ratings::{PlayerResult, RatedEnd, ScoreWord};
use super::store::{Answer, Query};
use super::store::{
    FIRST_GENERATION, StoredAction, StoredSeat, StoredSeatKind, StoredTable, TableMeta, Write,
};
use super::{Conn, Hub, NewSeat, NewTable, Summary, new_token, now_ms};
use crate::ai::Level;
use crate::i18n::english;
use crate::identity::{PublicKey, Signer};
use crate::net::protocol::{
    BotLevel, ErrorCode, Listing, OfferKind, OfferView, Phase, SeatId, SeatKind, SeatView,
    ServerMsg, Side, TableView, TimeControl, Viewer,
};
use crate::net::protocol::{ChainHead, RatingChange, RatingView};
use crate::play::Seat;
use crate::play::signed::{Chain, Entry};
use crate::rating::Rating;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// What a connection asks of a table.
pub enum Cmd {
    /// Take the empty second seat.
    Join {
        name: String,
        /// The key the joining connection proved.
        key: Option<PublicKey>,
        conn: Conn,
        reply: oneshot::Sender<Result<SeatId, ErrorCode>>,
    },
    /// Take a seat back with its token (or right after creating the table).
    Attach {
        seat: SeatId,
        conn: Conn,
    },
    Spectate {
        conn: Conn,
    },
    Act {
        seat: SeatId,
        conn: Conn,
        seq: Option<u64>,
        action: String,
        /// The seat's signature (hex), as sent.
        sig: Option<String>,
    },
    Resign {
        seat: SeatId,
        conn: Conn,
    },
    Resync {
        viewer: Viewer,
        conn: Conn,
    },
    /// Asks for a rematch (the game has ended).
    Rematch {
        seat: SeatId,
        conn: Conn,
    },
    /// Offers a draw or asks to take back the seat's last action.
    Offer {
        seat: SeatId,
        conn: Conn,
        what: OfferKind,
    },
    /// Answers the other seat's standing offer.
    Answer {
        seat: SeatId,
        conn: Conn,
        what: OfferKind,
        accept: bool,
    },
    /// The connection closed (or went to another table).
    Leave {
        conn_id: u64,
    },
    /// This process found the table's lease held by another (`cluster`): the table asks the
    /// store whether it still holds its generation, and lets go when it does not.
    Hold,
    /// This process could not renew the table's lease (Redis did not answer) and cannot prove
    /// it past its expiry (`cluster`): the table lets go (see [`Cmd::Hold`]'s refusal), and
    /// whichever process claims the lease once Redis is back serves it from the store.
    Lapse,
}

/// The bot's choice for a ply.
type BotAnswer<A> = (u64, Option<A>);

/// Where the bot's answers arrive.
type BotChannel<A> = (
    mpsc::UnboundedSender<BotAnswer<A>>,
    mpsc::UnboundedReceiver<BotAnswer<A>>,
);

/// Who holds a seat.
#[derive(Clone, Debug)]
enum Holder {
    Empty,
    Human {
        token: String,
        name: String,
        /// The key the seat's player proved when sitting down.
        key: Option<PublicKey>,
    },
    Bot(Level),
}

impl Holder {
    fn key(&self) -> Option<PublicKey> {
        match self {
            Holder::Human { key, .. } => *key,
            _ => None,
        }
    }
}

struct SeatState {
    holder: Holder,
    conn: Option<Conn>,
}

pub struct TableTask<G: Hosted> {
    hub: Arc<Hub>,
    meta: TableMeta,
    seats: [SeatState; 2],
    spectators: Vec<Conn>,
    /// The game, once both seats are taken.
    game: Option<G>,
    /// When the awaited turn began.
    turn_started: Instant,
    /// When the bot takes the empty seat (a table with a bot to fill, while waiting).
    bot_fill_at: Option<Instant>,
    /// The bot's answer for this ply is being computed.
    thinking: Option<u64>,
    bot_moves: BotChannel<G::Action>,
    /// The table broke (its store failed, or refused a write as fenced): it serves nothing
    /// more.
    broken: bool,
    /// The generation this process holds the table at (the fencing token every write names):
    /// [`FIRST_GENERATION`] for a new table, the raised one for a table read back.
    generation: u64,
    /// The store refused a write: another process took the table over. It lets go without
    /// touching what is the new holder's (the lease, the listing).
    fenced: bool,
    /// Under a bank time control: each side's bank in seconds (`[ash, walnut]`) as it stood
    /// when the awaited turn began.
    banks: Option<[f64; 2]>,
    /// Whether the awaited action draws on its side's bank ([`Hosted::banked`], read when
    /// the turn began).
    turn_banked: bool,
    /// Which seats ask for a rematch (the game has ended).
    rematch: [bool; 2],
    /// The standing offer.
    offer: Option<OfferView>,
    /// The number of actions played when each seat last made an offer: one offer an action.
    offered_at: [Option<u64>; 2],
    /// Whether this table counts its people as playing in the lobby's counts.
    counted_playing: bool,
    /// Rows written to the store's course (actions, offers and takebacks); the next is
    /// numbered `rows + 1`.
    rows: u64,
    /// The chain of signed actions, once the game has started.
    chain: Option<Chain>,
    /// The seats' ratings in this game (players with keys), read when they sat down.
    ratings: [Option<Rating>; 2],
    /// The finished game's signed record, and its rating changes (rated games), once written.
    ended: Option<(String, Option<[RatingChange; 2]>)>,
}

fn seat_of(holder: &StoredSeat) -> Holder {
    match &holder.kind {
        StoredSeatKind::Human { token } => Holder::Human {
            token: token.clone(),
            name: holder.name.clone(),
            key: holder.key.as_deref().and_then(PublicKey::from_hex),
        },
        StoredSeatKind::Bot(l) => Holder::Bot(*l),
    }
}

impl<G: Hosted> TableTask<G> {
    /// A table just opened, its first seat taken by `first`, and its second by `second` (the
    /// game then starts at once).
    pub fn new(
        hub: Arc<Hub>,
        meta: TableMeta,
        first: &StoredSeat,
        second: Option<&StoredSeat>,
    ) -> TableTask<G> {
        let bot_fill_at = meta
            .bot_fill
            .filter(|_| second.is_none())
            .map(|_| Instant::now() + Duration::from_millis(meta.bot_after_ms));
        let banks = match meta.control {
            TimeControl::Bank { base, .. } => Some([f64::from(base); 2]),
            _ => None,
        };
        let mut t = TableTask {
            hub,
            seats: [
                SeatState {
                    holder: seat_of(first),
                    conn: None,
                },
                SeatState {
                    holder: Holder::Empty,
                    conn: None,
                },
            ],
            meta,
            spectators: Vec::new(),
            game: None,
            turn_started: Instant::now(),
            bot_fill_at,
            thinking: None,
            bot_moves: mpsc::unbounded_channel(),
            broken: false,
            generation: FIRST_GENERATION,
            fenced: false,
            banks,
            turn_banked: false,
            rematch: [false; 2],
            offer: None,
            offered_at: [None; 2],
            counted_playing: false,
            rows: 0,
            chain: None,
            ratings: [None, None],
            ended: None,
        };
        if let Some(second) = second {
            t.seats[1].holder = seat_of(second);
            t.start_game();
        }
        t.publish();
        t
    }

    /// A table read back from the store: its course replayed through the rules, its clock
    /// running from the stored start of the turn. A turn whose time ran out while the server
    /// was down gets its timeout move now (at most one), and the next turn starts now.
    pub async fn restore(hub: Arc<Hub>, stored: StoredTable) -> Result<TableTask<G>, String> {
        let code = stored.meta.code.clone();
        let first = stored
            .seats
            .iter()
            .find(|s| s.seat == SeatId::First)
            .ok_or_else(|| format!("table {code}: no first seat"))?;
        let second = stored.seats.iter().find(|s| s.seat == SeatId::Second);
        let mut t = TableTask::<G>::new(hub, stored.meta.clone(), first, second);
        t.generation = stored.generation;
        let now_wall = now_ms();
        if t.game.is_some() {
            let mut turn_ms = stored.started_ms.unwrap_or(now_wall);
            for a in &stored.actions {
                t.rows = a.seq;
                if let Some(note) = a.action.strip_prefix('~') {
                    let took_back = t
                        .replay_note(note, a.side)
                        .map_err(|e| format!("table {code}, row {}: {e}", a.seq))?;
                    if took_back {
                        turn_ms = a.at_ms;
                    }
                    continue;
                }
                let banked = t.game.as_ref().is_some_and(|g| g.banked());
                // The chain as stored; an action stored before actions were signed is signed
                // by the server now (Ed25519 signs the same bytes the same way every time).
                let stored_entry = match (&a.sig, a.signer) {
                    (Some(sig), Some(signer)) => {
                        crate::identity::signature_from_hex(sig).map(|signature| Entry {
                            signer,
                            action: a.action.clone(),
                            signature,
                        })
                    }
                    _ => None,
                };
                let entry = stored_entry
                    .or_else(|| t.server_entry(&a.action))
                    .ok_or_else(|| format!("table {code}, action {}: no chain", a.seq))?;
                if let Some(chain) = t.chain.as_mut() {
                    chain.entries.push(entry);
                }
                let game = t.game.as_mut().expect("started");
                game.replay(a)
                    .map_err(|e| format!("table {code}, action {}: {e}", a.seq))?;
                if banked {
                    let spent = a.at_ms.saturating_sub(turn_ms) as f64 / 1000.0;
                    t.charge(a.side, spent, a.timeout);
                }
                turn_ms = a.at_ms;
            }
            let turn_ms = stored.turn_started_ms.unwrap_or(turn_ms).max(turn_ms);
            let elapsed = Duration::from_millis(now_wall.saturating_sub(turn_ms));
            t.turn_banked = t.game.as_ref().is_some_and(|g| g.banked());
            t.turn_started = Instant::now()
                .checked_sub(elapsed)
                .unwrap_or_else(Instant::now);
            t.load_ratings().await;
            super::slow_at("restore").await;
            if t.game.as_ref().is_some_and(|g| g.outcome().is_some()) {
                // The last action was stored but not the end (the server died between): the
                // end now, with its ratings, once.
                t.persist_end().await;
            } else if t.deadline().is_some_and(|d| d <= Instant::now()) {
                // The turn ran out while the server was down: its timeout move now (one).
                t.on_deadline().await;
            } else if let Some(game) = t.game.as_mut() {
                game.tick(elapsed.as_secs_f64());
            }
            t.publish();
            // Its end or timeout move refused: another process took the table over meanwhile
            // (fenced), or the store failed. Served now, it would sit in the index with its task
            // gone, and every seat coming back here would be told "closed just now".
            if t.broken {
                return Err(format!(
                    "table {code}: {} while it was read back",
                    if t.fenced {
                        "another process took it over"
                    } else {
                        "the store failed"
                    }
                ));
            }
        } else if let Some(_level) = t.meta.bot_fill {
            let waited = now_wall.saturating_sub(t.meta.created_ms);
            let left = t.meta.bot_after_ms.saturating_sub(waited);
            t.bot_fill_at = Some(Instant::now() + Duration::from_millis(left));
        }
        Ok(t)
    }

    pub fn code(&self) -> &str {
        &self.meta.code
    }

    /// Replays a stored offer row (`draw made`, `takeback accepted`, …, by `side`) after a
    /// restart; `true` when it took an action back.
    fn replay_note(&mut self, note: &str, side: Side) -> Result<bool, String> {
        let (what, event) = note.split_once(' ').ok_or("an unreadable offer row")?;
        let what = match what {
            "draw" => OfferKind::Draw,
            "takeback" => OfferKind::Takeback,
            _ => return Err(format!("an unknown offer {what:?}")),
        };
        let event = match event {
            "made" => OfferEvent::Made,
            "accepted" => OfferEvent::Accepted,
            "declined" => OfferEvent::Declined,
            _ => return Err(format!("an unknown answer {event:?}")),
        };
        let g = self.game.as_mut().ok_or("an offer before the game")?;
        g.note_offer(side, what, event);
        match (what, event) {
            (OfferKind::Takeback, OfferEvent::Accepted) => {
                g.take_back(other_side(side)).map_err(|e| e.message)?;
                Ok(true)
            }
            (OfferKind::Draw, OfferEvent::Accepted) => {
                g.agree_draw().map_err(|e| e.message)?;
                Ok(false)
            }
            _ => Ok(false),
        }
    }

    /// The tokens of its human seats, for the hub's index.
    pub fn tokens(&self) -> Vec<(String, SeatId)> {
        SeatId::BOTH
            .into_iter()
            .filter_map(|s| match &self.seats[s.index()].holder {
                Holder::Human { token, .. } => Some((token.clone(), s)),
                _ => None,
            })
            .collect()
    }

    fn start_game(&mut self) {
        let seat = |h: &Holder| match h {
            Holder::Bot(l) => Seat::Bot(*l),
            _ => Seat::Remote,
        };
        let name = |h: &Holder| match h {
            Holder::Human { name, .. } => name.clone(),
            _ => String::new(),
        };
        let game = G::start(Start {
            seats: [seat(&self.seats[0].holder), seat(&self.seats[1].holder)],
            names: [name(&self.seats[0].holder), name(&self.seats[1].holder)],
            secret: self.meta.secret,
            clock: Duration::from_millis(self.meta.clock_ms),
            bot_seed: self.meta.bot_seed,
            options: self.meta.options,
        });
        self.turn_banked = game.banked();
        self.game = Some(game);
        self.turn_started = Instant::now();
        self.chain = Some(Chain::new(
            &self.meta.code,
            self.keys(),
            self.hub.signer().public(),
        ));
    }

    /// The keys the seats' players proved, by seat.
    fn keys(&self) -> [Option<PublicKey>; 2] {
        [self.seats[0].holder.key(), self.seats[1].holder.key()]
    }

    /// Whether the game changes ratings: a rated table with two people who proved two
    /// different keys (a bot in a seat makes it casual).
    fn rated_game(&self) -> bool {
        match self.keys() {
            [Some(a), Some(b)] => self.meta.rated && a != b,
            _ => false,
        }
    }

    /// Reads the ratings of the seats' players with keys not read yet (for the seats, the
    /// listing and the pairing); a store that cannot say leaves them unknown. Whether it read
    /// any.
    async fn load_ratings(&mut self) -> bool {
        let keys: Vec<(usize, PublicKey)> = (0..2)
            .filter_map(|i| self.seats[i].holder.key().map(|k| (i, k)))
            .filter(|(i, _)| self.ratings[*i].is_none())
            .collect();
        if keys.is_empty() {
            return false;
        }
        let q = Query::Ratings {
            keys: keys.iter().map(|(_, k)| k.to_hex()).collect(),
            game: self.meta.game,
        };
        let Ok(Answer::Ratings(found)) = self.hub.store.query(q).await else {
            return false;
        };
        for ((i, _), r) in keys.into_iter().zip(found) {
            self.ratings[i] = Some(r);
        }
        true
    }

    /// The server's signature for the next action of the chain (the clock's, a bot's, or a
    /// seat's without a key).
    fn server_entry(&self, action: &str) -> Option<Entry> {
        let chain = self.chain.as_ref()?;
        let bytes =
            crate::identity::action_bytes(&chain.code, chain.next_n(), action, &chain.head());
        Some(Entry {
            signer: Signer::Server,
            action: action.to_string(),
            signature: self.hub.signer().sign(&bytes),
        })
    }

    /// Checks a seat's signature over `action` as the chain's next entry: the entry, or why
    /// not. `None` for a seat without a key: it sends none, and the server signs the action
    /// as the table stores it.
    fn seat_entry(
        &self,
        seat: SeatId,
        action: &str,
        sig: Option<&str>,
    ) -> Result<Option<Entry>, String> {
        let Some(key) = self.seats[seat.index()].holder.key() else {
            return Ok(None);
        };
        let chain = self.chain.as_ref().ok_or("the game has not started")?;
        let Some(sig) = sig else {
            return Err("this seat holds a key: every action must carry its signature".into());
        };
        let signature = crate::identity::signature_from_hex(sig)
            .ok_or("the signature is not 128 hex digits")?;
        let n = chain.next_n();
        let bytes = crate::identity::action_bytes(&chain.code, n, action, &chain.head());
        if !key.verifies(&bytes, &signature) {
            // Signed before the last actions were heard (both seats act at once while
            // Artifact Chess's armies are built and revealed): stale, to sign again.
            let mut prev = crate::identity::CHAIN_START;
            for (i, e) in chain.entries.iter().enumerate() {
                let bytes = crate::identity::action_bytes(&chain.code, i as u64 + 1, action, &prev);
                if key.verifies(&bytes, &signature) {
                    return Err(format!(
                        "stale: signed as action {} but {} actions are signed; sign it again as action {n}",
                        i + 1,
                        n - 1
                    ));
                }
                prev = crate::identity::chain_next(&prev, &e.signature);
            }
            return Err(format!(
                "the signature is not this seat's key's over action {n} of table {} after the chain's head",
                chain.code
            ));
        }
        Ok(Some(Entry {
            signer: match seat {
                SeatId::First => Signer::First,
                SeatId::Second => Signer::Second,
            },
            action: action.to_string(),
            signature,
        }))
    }

    /// The side's index in the banks (`[ash, walnut]`).
    fn bank_index(side: Side) -> usize {
        match side {
            Side::Ash => 0,
            Side::Walnut => 1,
        }
    }

    /// Under a bank: `side` spent `seconds` on an action (all of its bank when the clock
    /// played it), then gains the increment.
    fn charge(&mut self, side: Side, seconds: f64, timeout: bool) {
        let TimeControl::Bank { increment, .. } = self.meta.control else {
            return;
        };
        if let Some(banks) = self.banks.as_mut() {
            let bank = &mut banks[Self::bank_index(side)];
            *bank = if timeout {
                0.0
            } else {
                (*bank - seconds).max(0.0)
            } + f64::from(increment);
        }
    }

    /// The table's listing in the lobby (public tables only).
    fn listing(&self) -> Listing {
        let keys = self.keys();
        Listing {
            code: self.meta.code.clone(),
            game: self.meta.game,
            phase: self.phase(),
            control: self.meta.control,
            options: self.meta.options,
            names: SeatId::BOTH.map(|s| self.seat_name(s)),
            bot: self
                .seats
                .iter()
                .any(|s| matches!(s.holder, Holder::Bot(_))),
            watchers: self.spectators.len() as u32,
            created_ms: self.meta.created_ms,
            rated: self.meta.rated,
            fingerprints: keys.map(|k| k.map(|k| k.fingerprint())),
            ratings: self.ratings.map(|r| r.as_ref().map(RatingView::of)),
            keys: keys.map(|k| k.map(|k| k.to_hex())),
        }
    }

    /// Tells the hub where the table stands: its listing (a public table, until it ends) and
    /// its summary for `games`; counts its people as playing while the game goes on.
    fn publish(&mut self) {
        let phase = self.phase();
        if self.meta.public && phase != Phase::Ended {
            self.hub.list(self.listing());
        } else if self.meta.public {
            self.hub.unlist(&self.meta.code);
        }
        let humans = self
            .seats
            .iter()
            .filter(|s| matches!(s.holder, Holder::Human { .. }))
            .count() as i64;
        let playing = phase == Phase::Playing;
        if playing != self.counted_playing {
            self.hub
                .lobby
                .playing(self.meta.game, if playing { humans } else { -humans });
            self.counted_playing = playing;
        }
        let g = self.game.as_ref();
        let names = self.listing().names;
        let deadline_ms = self.time_left_ms().map(|left| now_ms() + left);
        self.hub.summarize(
            &self.meta.code,
            Summary {
                game: self.meta.game,
                control: self.meta.control,
                phase,
                to_move: g.and_then(|g| g.to_move().map(|side| g.seat_of(side))),
                deadline_ms,
                names,
                outcome: g.and_then(|g| g.outcome()),
                seq: self.seq(),
            },
        );
    }

    fn seq(&self) -> u64 {
        self.game.as_ref().map_or(0, |g| g.seq())
    }

    fn phase(&self) -> Phase {
        match &self.game {
            None => Phase::Waiting,
            Some(g) if g.outcome().is_some() => Phase::Ended,
            Some(_) => Phase::Playing,
        }
    }

    /// When the awaited action's time runs out: the game's own allowance, or the side's bank
    /// when that is shorter.
    fn deadline(&self) -> Option<Instant> {
        let g = self.game.as_ref()?;
        let own = self.turn_started + g.time_allowed()?;
        match (self.banks, g.to_move()) {
            (Some(banks), Some(side)) if self.turn_banked => {
                let bank = Duration::from_secs_f64(banks[Self::bank_index(side)].max(0.0));
                Some(own.min(self.turn_started + bank))
            }
            _ => Some(own),
        }
    }

    fn time_left_ms(&self) -> Option<u64> {
        let d = self.deadline()?;
        Some(d.saturating_duration_since(Instant::now()).as_millis() as u64)
    }

    fn seat_view(&self, seat: SeatId, viewer: Viewer) -> SeatView {
        let s = &self.seats[seat.index()];
        let (kind, level, name, connected) = match &s.holder {
            Holder::Empty => (SeatKind::Empty, None, String::new(), false),
            Holder::Human { name, .. } => (SeatKind::Human, None, name.clone(), s.conn.is_some()),
            Holder::Bot(l) => (
                SeatKind::Bot,
                Some(BotLevel::from(*l)),
                english(&Seat::Bot(*l).label()),
                true,
            ),
        };
        SeatView {
            seat,
            kind,
            level,
            name,
            connected,
            you: viewer == Viewer::Seat(seat),
            colour: self.game.as_ref().map(|g| g.side_of(seat)),
            key: s.holder.key().map(|k| k.to_hex()),
            fingerprint: s.holder.key().map(|k| k.fingerprint()),
            rating: self.ratings[seat.index()].as_ref().map(RatingView::of),
        }
    }

    fn seat_views(&self, viewer: Viewer) -> [SeatView; 2] {
        [
            self.seat_view(SeatId::First, viewer),
            self.seat_view(SeatId::Second, viewer),
        ]
    }

    /// The whole table as `viewer` may see it.
    fn view(&self, viewer: Viewer) -> TableView {
        let g = self.game.as_ref();
        TableView {
            code: self.meta.code.clone(),
            phase: self.phase(),
            seq: self.seq(),
            you: viewer.seat(),
            seats: self.seat_views(viewer),
            clock: match self.meta.control {
                TimeControl::Bank { base, .. } => base,
                TimeControl::Days { .. } => 86_400,
                TimeControl::Turn { seconds } => seconds,
            },
            control: self.meta.control,
            banks_ms: self
                .banks
                .map(|b| b.map(|s| (s.max(0.0) * 1000.0).round() as u64)),
            public: self.meta.public,
            watchers: self.spectators.len() as u32,
            offer: self.offer,
            rematch: self.rematch,
            to_move: g.and_then(|g| g.to_move()),
            time_left_ms: self.time_left_ms(),
            bot_in_ms: self
                .bot_fill_at
                .map(|t| t.saturating_duration_since(Instant::now()).as_millis() as u64),
            fingerprint: g.map(|g| g.fingerprint()),
            ash: g.map(|g| g.opener()),
            game: g.map_or_else(|| G::waiting_view(&self.meta.options), |g| g.view(viewer)),
            outcome: g.and_then(|g| g.outcome()),
            seed: g.and_then(|g| g.revealed()),
            rated: self.meta.rated,
            chain: self.chain.as_ref().map(|c| ChainHead {
                n: c.entries.len() as u64,
                head: crate::identity::hex(&c.head()),
            }),
        }
    }

    /// Sends each connection at the table its own message.
    fn broadcast(&mut self, build: impl Fn(&TableTask<G>, Viewer) -> ServerMsg) {
        let mut out = Vec::new();
        for seat in SeatId::BOTH {
            if let Some(c) = &self.seats[seat.index()].conn {
                out.push((c.clone(), build(self, Viewer::Seat(seat))));
            }
        }
        for c in &self.spectators {
            out.push((c.clone(), build(self, Viewer::Spectator)));
        }
        for (c, msg) in out {
            if !c.send(&msg) {
                self.drop_conn(c.id);
            }
        }
    }

    fn reply(&mut self, conn: &Conn, msg: ServerMsg) {
        if !conn.send(&msg) {
            self.drop_conn(conn.id);
        }
    }

    fn error(&mut self, conn: &Conn, code: ErrorCode, message: impl Into<String>) {
        self.reply(conn, ServerMsg::error(code, message));
    }

    /// Forgets a connection (closed, too slow to keep up, or gone to another table); its
    /// seat shows disconnected, and a rematch asked for lapses.
    fn drop_conn(&mut self, id: u64) {
        let watchers = self.spectators.len();
        self.spectators.retain(|c| c.id != id);
        if self.spectators.len() != watchers {
            self.watchers_changed();
        }
        for seat in SeatId::BOTH {
            let s = &mut self.seats[seat.index()];
            if s.conn.as_ref().is_some_and(|c| c.id == id) {
                s.conn.take();
                self.hub.lobby.seated(self.meta.game, -1);
                self.broadcast(|_, _| ServerMsg::Presence {
                    seat,
                    connected: false,
                });
                if self.rematch.iter().any(|a| *a) {
                    self.rematch = [false; 2];
                    self.broadcast(|_, _| ServerMsg::Rematch { asked: [false; 2] });
                }
            }
        }
    }

    /// The number of spectators changed: everyone at the table hears it, and the listing.
    fn watchers_changed(&mut self) {
        let count = self.spectators.len() as u32;
        self.broadcast(|_, _| ServerMsg::Watchers { count });
        self.publish();
    }

    /// Writes before announcing; a table whose store fails breaks (its clients are told and
    /// closed), and a restart serves it again from what was written.
    async fn persist(&mut self, w: Write) -> bool {
        match self.hub.store.write(w).await {
            Ok(()) => true,
            Err(e) if e.is_fenced() => {
                self.let_go(&e.to_string());
                false
            }
            Err(e) => {
                super::log::error(
                    "the table's store failed; closing it",
                    &[
                        ("table", self.meta.code.as_str().into()),
                        ("error", e.to_string().into()),
                    ],
                );
                self.broadcast(|_, _| {
                    ServerMsg::error(
                        ErrorCode::Unavailable,
                        "the table's store failed; try again later",
                    )
                });
                for seat in &mut self.seats {
                    if let Some(c) = seat.conn.take() {
                        c.kill();
                    }
                }
                for c in self.spectators.drain(..) {
                    c.kill();
                }
                self.broken = true;
                false
            }
        }
    }

    /// The store refused a write for its generation: another process holds the table now (this
    /// one was paused or cut off past its lease). Nothing is announced; every connection is
    /// closed with the restart close code, so its client comes back with its token and finds
    /// the new holder; the table leaves this process.
    fn let_go(&mut self, why: &str) {
        super::metrics::COUNTERS
            .fenced
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.leave(
            "cluster: the store refused a write of an older generation; letting the table go",
            why,
        );
    }

    /// The table leaves this process without a word to its players: each connection is closed
    /// with the restart close code (its client comes back with its token and finds the
    /// table's holder); what it shared in Redis is left to the next holder.
    fn leave(&mut self, what: &str, why: &str) {
        super::log::warn(
            what,
            &[
                ("table", self.meta.code.as_str().into()),
                ("generation", self.generation.into()),
                ("error", why.into()),
            ],
        );
        // Out of this process's index first: a client that comes back here at once is sent to
        // the new holder, not to this table.
        self.hub.forget(&self.meta.code, &self.tokens(), false);
        for seat in &mut self.seats {
            if let Some(c) = seat.conn.take() {
                self.hub.lobby.seated(self.meta.game, -1);
                c.restart();
            }
        }
        for c in self.spectators.drain(..) {
            c.restart();
        }
        self.fenced = true;
        self.broken = true;
    }

    /// Before a connection is shown the table (a seat taken back, a spectator): whether this
    /// process still holds it, asked of the store (a `Hold` at its generation). A process that
    /// was paused past its lease would otherwise show a course the new holder has gone past;
    /// refused, the table lets go and the connection is sent on (1012) like the others.
    async fn still_held(&mut self, conn: &Conn) -> bool {
        let hold = Write::Hold {
            code: self.meta.code.clone(),
            generation: self.generation,
        };
        if self.persist(hold).await {
            return true;
        }
        if self.fenced {
            conn.restart();
        } else {
            conn.kill();
        }
        false
    }

    /// The table's loop; ends when the table has ended and lingered, or broke.
    pub async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        let linger = self.hub.config.linger;
        let mut ended_at: Option<Instant> = None;
        // The seats taken when the table opened (a pairing, a rematch, a restart).
        if self.load_ratings().await {
            self.publish();
        }
        loop {
            if self.broken {
                break;
            }
            if ended_at.is_none() && self.phase() == Phase::Ended {
                ended_at = Some(Instant::now());
            }
            self.maybe_think();
            let deadline = self.deadline();
            let bot_fill = self.bot_fill_at;
            let gone = ended_at.map(|t| t + linger);
            let abandon = self.abandon_at();
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                _ = sleep_until(deadline), if deadline.is_some() => self.on_deadline().await,
                _ = sleep_until(bot_fill), if bot_fill.is_some() => self.fill_with_bot().await,
                Some((ply, mv)) = self.bot_moves.1.recv(), if self.thinking.is_some() => {
                    self.on_bot_move(ply, mv).await
                }
                _ = sleep_until(gone), if gone.is_some() => break,
                _ = sleep_until(abandon), if abandon.is_some() => {
                    self.abandon().await;
                    break;
                }
            }
        }
        // A table let go (fenced) left the index already, and what it shared is the new
        // holder's now.
        if !self.fenced {
            self.hub.forget(&self.meta.code, &self.tokens(), true);
        }
        if self.counted_playing {
            let humans = self
                .seats
                .iter()
                .filter(|s| matches!(s.holder, Holder::Human { .. }))
                .count() as i64;
            self.hub.lobby.playing(self.meta.game, -humans);
        }
        for seat in &mut self.seats {
            if let Some(c) = seat.conn.take() {
                self.hub.lobby.seated(self.meta.game, -1);
                c.kill();
            }
        }
        for c in self.spectators.drain(..) {
            c.kill();
        }
    }

    /// When a table still waiting for a person (no bot to fill) closes.
    fn abandon_at(&self) -> Option<Instant> {
        if self.game.is_some() || self.bot_fill_at.is_some() {
            return None;
        }
        let waited = Duration::from_millis(now_ms().saturating_sub(self.meta.created_ms));
        let limit = if self.meta.control.is_correspondence() {
            self.hub.config.correspondence_wait
        } else {
            self.hub.config.wait_limit
        };
        let left = limit.saturating_sub(waited);
        Some(Instant::now() + left)
    }

    /// Nobody came: the table is closed (stored as ended, without a record).
    async fn abandon(&mut self) {
        let write = Write::Abandon {
            code: self.meta.code.clone(),
            generation: self.generation,
            at_ms: now_ms(),
        };
        if self.persist(write).await {
            self.broadcast(|_, _| {
                ServerMsg::error(ErrorCode::GameOver, "nobody took the second seat in time")
            });
        }
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join {
                name,
                key,
                conn,
                reply,
            } => {
                let free = matches!(self.seats[1].holder, Holder::Empty);
                if !free {
                    let _ = reply.send(Err(ErrorCode::TableFull));
                    return;
                }
                if self.meta.rated {
                    match key {
                        None => {
                            let _ = reply.send(Err(ErrorCode::NotProved));
                            return;
                        }
                        Some(k) if Some(k) == self.seats[0].holder.key() => {
                            let _ = reply.send(Err(ErrorCode::BadRequest));
                            return;
                        }
                        Some(_) => {}
                    }
                }
                let token = new_token();
                let second = StoredSeat {
                    seat: SeatId::Second,
                    kind: StoredSeatKind::Human {
                        token: token.clone(),
                    },
                    name: name.clone(),
                    key: key.map(|k| k.to_hex()),
                };
                self.seats[1].holder = Holder::Human {
                    token: token.clone(),
                    name,
                    key,
                };
                if !self.take_second_seat(second).await {
                    let _ = reply.send(Err(ErrorCode::Unavailable));
                    return;
                }
                self.hub
                    .index_token(&token, &self.meta.code, SeatId::Second);
                let _ = reply.send(Ok(SeatId::Second));
                self.attach(SeatId::Second, conn);
            }
            Cmd::Attach { seat, conn } => {
                if self.still_held(&conn).await {
                    self.attach(seat, conn);
                }
            }
            Cmd::Spectate { conn } => {
                if !self.still_held(&conn).await {
                    return;
                }
                self.reply(
                    &conn,
                    ServerMsg::Watching {
                        code: self.meta.code.clone(),
                    },
                );
                self.spectators.push(conn.clone());
                let state = ServerMsg::State(Box::new(self.view(Viewer::Spectator)));
                self.reply(&conn, state);
                self.watchers_changed();
            }
            Cmd::Act {
                seat,
                conn,
                seq,
                action,
                sig,
            } => self.act(seat, conn, seq, action, sig).await,
            Cmd::Resign { seat, conn } => self.resign(seat, conn).await,
            Cmd::Resync { viewer, conn } => {
                let state = ServerMsg::State(Box::new(self.view(viewer)));
                self.reply(&conn, state);
            }
            Cmd::Leave { conn_id } => self.drop_conn(conn_id),
            Cmd::Hold => {
                let hold = Write::Hold {
                    code: self.meta.code.clone(),
                    generation: self.generation,
                };
                self.persist(hold).await;
            }
            Cmd::Lapse => {
                if !self.broken {
                    self.leave(
                        "cluster: the table's lease could not be renewed before its expiry \
                         (Redis did not answer); letting the table go",
                        "lease not renewed",
                    );
                }
            }
            Cmd::Rematch { seat, conn } => self.ask_rematch(seat, conn).await,
            Cmd::Offer { seat, conn, what } => self.offer(seat, conn, what).await,
            Cmd::Answer {
                seat,
                conn,
                what,
                accept,
            } => self.answer(seat, conn, what, accept).await,
        }
    }

    /// A connection takes `seat` (by its token, or as the table's creator); one before it is
    /// closed as replaced.
    fn attach(&mut self, seat: SeatId, conn: Conn) {
        let token = match &self.seats[seat.index()].holder {
            Holder::Human { token, .. } => token.clone(),
            _ => return,
        };
        super::log::info(
            "seated",
            &[
                ("table", self.meta.code.as_str().into()),
                ("conn", conn.id.into()),
                (
                    "seat",
                    if seat == SeatId::First {
                        "first"
                    } else {
                        "second"
                    }
                    .into(),
                ),
            ],
        );
        if let Some(old) = self.seats[seat.index()].conn.take() {
            old.send(&ServerMsg::error(
                ErrorCode::Replaced,
                "another connection took this seat with its token",
            ));
            old.kill();
        }
        if self.seats[seat.index()].conn.is_none() {
            self.hub.lobby.seated(self.meta.game, 1);
        }
        let seated = ServerMsg::Seated {
            code: self.meta.code.clone(),
            seat,
            token,
        };
        self.reply(&conn, seated);
        let mut view = self.view(Viewer::Seat(seat));
        // This connection holds the seat from now on: its own seat shows connected.
        view.seats[seat.index()].connected = true;
        self.reply(&conn, ServerMsg::State(Box::new(view)));
        self.seats[seat.index()].conn = Some(conn);
        self.broadcast(|_, _| ServerMsg::Presence {
            seat,
            connected: true,
        });
    }

    /// The second seat is taken (a person or the bot): stored, then the game starts.
    async fn take_second_seat(&mut self, second: StoredSeat) -> bool {
        self.bot_fill_at = None;
        let ok = self
            .persist(Write::Start {
                code: self.meta.code.clone(),
                generation: self.generation,
                second,
                at_ms: now_ms(),
            })
            .await;
        if !ok {
            return false;
        }
        self.start_game();
        self.load_ratings().await;
        self.publish();
        self.broadcast(|t, viewer| ServerMsg::Started {
            fingerprint: t.game.as_ref().map(|g| g.fingerprint()).unwrap_or_default(),
            ash: t.game.as_ref().map_or(SeatId::First, |g| g.opener()),
            seats: t.seat_views(viewer),
            time_left_ms: t.time_left_ms(),
        });
        true
    }

    async fn fill_with_bot(&mut self) {
        let Some(level) = self.meta.bot_fill else {
            self.bot_fill_at = None;
            return;
        };
        if !matches!(self.seats[1].holder, Holder::Empty) {
            self.bot_fill_at = None;
            return;
        }
        self.seats[1].holder = Holder::Bot(level);
        let second = StoredSeat {
            seat: SeatId::Second,
            kind: StoredSeatKind::Bot(level),
            name: String::new(),
            key: None,
        };
        self.take_second_seat(second).await;
    }

    /// Starts the bot's search when it is to act (on a blocking thread: the table stays free).
    fn maybe_think(&mut self) {
        if self.thinking.is_some() || self.broken {
            return;
        }
        let Some(job) = self.game.as_ref().and_then(|g| g.bot_turn()) else {
            return;
        };
        self.thinking = Some(job.ply);
        let tx = self.bot_moves.0.clone();
        // At most one search a core at once (`Hub::bots`); the permit is held until the
        // search returns.
        let bots = self.hub.bots.clone();
        tokio::spawn(async move {
            let Ok(permit) = bots.acquire_owned().await else {
                return;
            };
            tokio::task::spawn_blocking(move || {
                let started = std::time::Instant::now();
                let action = (job.think)();
                super::metrics::COUNTERS
                    .bot_think
                    .observe(started.elapsed());
                drop(permit);
                let _ = tx.send((job.ply, action));
            });
        });
    }

    async fn on_bot_move(&mut self, ply: u64, action: Option<G::Action>) {
        self.thinking = None;
        let (Some(g), Some(action)) = (self.game.as_mut(), action) else {
            return;
        };
        if g.seq() != ply || g.to_move().is_none() {
            return;
        }
        // A bank that ran out while the bot thought: the clock's move.
        if self.deadline().is_some_and(|d| d <= Instant::now()) {
            return self.on_deadline().await;
        }
        let Some(g) = self.game.as_mut() else { return };
        let elapsed = self.turn_started.elapsed().as_secs_f64();
        // The bot's time counts like anyone's.
        if let Some(p) = g.tick(elapsed) {
            self.announce_by_server(p).await;
            return;
        }
        if let Ok(p) = g.play_bot(action) {
            self.announce_by_server(p).await;
        }
    }

    /// The awaited side's time ran out: its timeout move, through the game.
    async fn on_deadline(&mut self) {
        let Some(g) = self.game.as_mut() else { return };
        let left = g.time_left().unwrap_or(0.0);
        let elapsed = self.turn_started.elapsed().as_secs_f64().max(left);
        // The timeout move is a short search: other tables move to another worker meanwhile.
        if let Some(p) = tokio::task::block_in_place(|| g.tick(elapsed)) {
            self.announce_by_server(p).await;
        } else {
            // The game has no timeout move here: nothing more to wait for.
            self.turn_started = Instant::now();
        }
    }

    /// Plays the timeout move first when the awaited side's time is already out.
    async fn catch_up_clock(&mut self) {
        if self.deadline().is_some_and(|d| d <= Instant::now()) {
            self.on_deadline().await;
        }
    }

    async fn act(
        &mut self,
        seat: SeatId,
        conn: Conn,
        seq: Option<u64>,
        action: String,
        sig: Option<String>,
    ) {
        let read_at = Instant::now();
        if self.game.is_none() {
            return self.error(
                &conn,
                ErrorCode::NotStarted,
                "the second seat is still empty",
            );
        }
        self.catch_up_clock().await;
        if self.broken {
            return;
        }
        let current = self.seq();
        if let Some(expected) = seq
            && expected != current
        {
            return self.error(
                &conn,
                ErrorCode::Stale,
                format!("{current} actions have been played, not {expected}: resync"),
            );
        }
        let entry = match self.seat_entry(seat, &action, sig.as_deref()) {
            Ok(e) => e,
            Err(why) if why.starts_with("stale:") => {
                return self.error(&conn, ErrorCode::Stale, why);
            }
            Err(why) => return self.error(&conn, ErrorCode::BadSignature, why),
        };
        let Some(g) = self.game.as_ref() else { return };
        // Played on a copy first: the chain holds the action exactly as the table stores it,
        // so a signed action in another spelling is refused and nothing changes.
        let mut trial = g.clone();
        match trial.submit(seat, &action) {
            Ok(p) if entry.is_some() && p.action != action => self.error(
                &conn,
                ErrorCode::BadNotation,
                format!(
                    "a signed action must be written as the table writes it: {:?}",
                    p.action
                ),
            ),
            Ok(p) => {
                // A keyless seat's action: the server signs it as stored.
                let Some(entry) = entry.or_else(|| self.server_entry(&p.action)) else {
                    return;
                };
                self.game = Some(trial);
                self.announce(p, entry).await;
                super::metrics::COUNTERS
                    .action_time
                    .observe(read_at.elapsed());
            }
            Err(e) => self.error(&conn, e.code, e.message),
        }
    }

    /// Stores an accepted action, signed by the server (the clock's, a bot's), then tells
    /// everyone.
    async fn announce_by_server(&mut self, p: Accepted) {
        if let Some(entry) = self.server_entry(&p.action) {
            self.announce(p, entry).await;
        }
    }

    /// Stores an accepted action with its signature (and the record, when it ended the game),
    /// then tells everyone.
    async fn announce(&mut self, p: Accepted, entry: Entry) {
        let at = now_ms();
        let seq = self.seq();
        let (sig, signer) = (crate::identity::hex(&entry.signature), entry.signer);
        if !self
            .store_row(
                p.action.clone(),
                p.side,
                p.timeout,
                at,
                Some((sig.clone(), signer)),
            )
            .await
        {
            return;
        }
        super::metrics::COUNTERS.action(self.meta.game);
        if let Some(chain) = self.chain.as_mut() {
            chain.entries.push(entry);
        }
        if !self.persist_end().await {
            return;
        }
        if self.turn_banked {
            let spent = self.turn_started.elapsed().as_secs_f64();
            self.charge(p.side, spent, p.timeout);
        }
        self.turn_started = Instant::now();
        self.turn_banked = self.game.as_ref().is_some_and(|g| g.banked());
        // A standing offer lapses once an action is played: declined, in the record too.
        if let Some(offer) = self.offer {
            self.settle(offer.by.other(), offer.what, false).await;
        }
        self.publish();
        let Some(g) = self.game.as_ref() else { return };
        let seat = g.seat_of(p.side);
        let to_move = g.to_move();
        let time_left_ms = self.time_left_ms();
        self.broadcast(|t, viewer| ServerMsg::Event {
            seq,
            action: t
                .game
                .as_ref()
                .map_or_else(|| p.action.clone(), |g| g.action_view(&p, viewer)),
            by: p.side,
            seat,
            timeout: p.timeout,
            to_move,
            time_left_ms,
            chess: t.game.as_ref().and_then(|g| g.chess_now(viewer)),
            sig: Some(sig.clone()),
            signer: Some(signer),
        });
        self.announce_end();
    }

    /// Writes one row of the table's course: an action, or an offer's note (`~…`).
    async fn store_row(
        &mut self,
        action: String,
        side: Side,
        timeout: bool,
        at_ms: u64,
        signed: Option<(String, Signer)>,
    ) -> bool {
        let (sig, signer) = signed.unzip();
        let write = Write::Action {
            code: self.meta.code.clone(),
            generation: self.generation,
            action: StoredAction {
                seq: self.rows + 1,
                action,
                side,
                timeout,
                at_ms,
                sig,
                signer,
            },
        };
        let ok = self.persist(write).await;
        if ok {
            self.rows += 1;
        }
        ok
    }

    /// When the game has ended: the record written before anyone is told.
    async fn persist_end(&mut self) -> bool {
        let Some(g) = &self.game else { return true };
        let Some(outcome) = g.outcome() else {
            return true;
        };
        die_at("before-end");
        let record = match &self.chain {
            Some(chain) => crate::play::signed::sealed(&g.record(), chain, self.hub.signer()),
            None => g.record(),
        };
        // How it went for the first seat.
        let first = match outcome.winner {
            None => ScoreWord::Draw,
            Some(w) if w == g.side_of(SeatId::First) => ScoreWord::Win,
            Some(_) => ScoreWord::Loss,
        };
        let keys = self.keys();
        let rated = self.rated_game().then(|| RatedEnd {
            game: self.meta.game,
            keys: keys.map(|k| k.map(|k| k.to_hex()).unwrap_or_default()),
            score: first,
        });
        let players = (0..2)
            .filter_map(|i| {
                let key = keys[i]?;
                Some(PlayerResult {
                    key: key.to_hex(),
                    name: self.seat_name(SeatId::BOTH[i]),
                    score: if i == 0 { first } else { first.other() },
                    rated: rated.is_some(),
                    opponent: self.seat_name(SeatId::BOTH[1 - i]),
                    opponent_key: keys[1 - i].map(|k| k.to_hex()),
                })
            })
            .collect();
        let written = self
            .persist(Write::End {
                code: self.meta.code.clone(),
                generation: self.generation,
                record: record.clone(),
                at_ms: now_ms(),
                rated: rated.clone(),
                players,
            })
            .await;
        if !written {
            return false;
        }
        super::log::info(
            "game ended",
            &[
                ("table", self.meta.code.as_str().into()),
                ("game", self.meta.game.cli_name().into()),
                ("actions", self.seq().into()),
            ],
        );
        die_at("after-end");
        let mut changes = None;
        if let Some(end) = rated {
            let q = Query::Changes {
                code: self.meta.code.clone(),
                keys: end.keys.clone(),
            };
            if let Ok(Answer::Changes(Some(c))) = self.hub.store.query(q).await {
                changes = Some(c.map(|(before, after)| RatingChange {
                    before: RatingView::of(&before),
                    after: RatingView::of(&after),
                }));
                for (i, (_, after)) in c.into_iter().enumerate() {
                    self.ratings[i] = Some(after);
                }
            }
        }
        self.ended = Some((record, changes));
        true
    }

    /// A seat's name as the other seat's page shows it (a bot's label).
    fn seat_name(&self, seat: SeatId) -> String {
        match &self.seats[seat.index()].holder {
            Holder::Empty => String::new(),
            Holder::Human { name, .. } => name.clone(),
            Holder::Bot(l) => english(&Seat::Bot(*l).label()),
        }
    }

    fn announce_end(&mut self) {
        let Some(g) = &self.game else { return };
        let (Some(outcome), Some(seed)) = (g.outcome(), g.revealed()) else {
            return;
        };
        let (record, ratings) = self.ended.clone().unwrap_or_else(|| (g.record(), None));
        let msg = ServerMsg::Ended {
            seq: self.seq(),
            outcome,
            seed,
            fingerprint: g.fingerprint(),
            record,
            ratings,
        };
        self.broadcast(|_, _| msg.clone());
    }

    async fn resign(&mut self, seat: SeatId, conn: Conn) {
        if self.game.is_none() {
            return self.error(&conn, ErrorCode::NotStarted, "the game has not started");
        }
        self.catch_up_clock().await;
        let Some(g) = self.game.as_mut() else { return };
        if let Err(e) = g.resign(seat) {
            return self.error(&conn, e.code, e.message);
        }
        if self.persist_end().await {
            self.offer = None;
            self.publish();
            self.announce_end();
        }
    }

    /// Writes an offer's row and tells the game (for its record).
    async fn note(&mut self, seat: SeatId, what: OfferKind, event: OfferEvent) -> bool {
        let Some(side) = self.game.as_ref().map(|g| g.side_of(seat)) else {
            return false;
        };
        let word = match what {
            OfferKind::Draw => "draw",
            OfferKind::Takeback => "takeback",
        };
        let answer = match event {
            OfferEvent::Made => "made",
            OfferEvent::Accepted => "accepted",
            OfferEvent::Declined => "declined",
        };
        if !self
            .store_row(format!("~{word} {answer}"), side, false, now_ms(), None)
            .await
        {
            return false;
        }
        if let Some(g) = self.game.as_mut() {
            g.note_offer(side, what, event);
        }
        true
    }

    /// A seat offers a draw or asks to take back its last action.
    async fn offer(&mut self, seat: SeatId, conn: Conn, what: OfferKind) {
        if self.game.is_none() {
            return self.error(&conn, ErrorCode::NotStarted, "the game has not started");
        }
        self.catch_up_clock().await;
        if self.phase() == Phase::Ended {
            return self.error(&conn, ErrorCode::GameOver, "the game has ended");
        }
        if self.offer.is_some() {
            return self.error(
                &conn,
                ErrorCode::BadRequest,
                "an offer stands: answer it first",
            );
        }
        let seq = self.seq();
        if self.offered_at[seat.index()] == Some(seq) {
            return self.error(
                &conn,
                ErrorCode::BadRequest,
                "one offer per action played: play on first",
            );
        }
        let Some(g) = self.game.as_ref() else { return };
        let side = g.side_of(seat);
        if what == OfferKind::Takeback
            && let Err(e) = g.may_take_back(side)
        {
            return self.error(&conn, e.code, e.message);
        }
        if what == OfferKind::Draw
            && let Err(e) = g.may_draw()
        {
            return self.error(&conn, e.code, e.message);
        }
        if !self.note(seat, what, OfferEvent::Made).await {
            return;
        }
        self.offered_at[seat.index()] = Some(seq);
        self.offer = Some(OfferView { what, by: seat });
        self.broadcast(|_, _| ServerMsg::Offer { what, by: seat });
        // The bot declines every offer.
        if matches!(self.seats[seat.other().index()].holder, Holder::Bot(_)) {
            self.settle(seat.other(), what, false).await;
        }
    }

    /// A seat answers the other's standing offer.
    async fn answer(&mut self, seat: SeatId, conn: Conn, what: OfferKind, accept: bool) {
        self.catch_up_clock().await;
        match self.offer {
            Some(o) if o.by != seat && o.what == what => self.settle(seat, what, accept).await,
            _ => self.error(
                &conn,
                ErrorCode::BadRequest,
                "no such offer of the other player stands",
            ),
        }
    }

    /// The standing offer is answered by `seat`: written, told, and done when accepted (a
    /// draw ends the game; a takeback removes the last action and everyone gets the state).
    async fn settle(&mut self, seat: SeatId, what: OfferKind, accept: bool) {
        let event = if accept {
            OfferEvent::Accepted
        } else {
            OfferEvent::Declined
        };
        if !self.note(seat, what, event).await {
            return;
        }
        self.offer = None;
        self.broadcast(|_, _| ServerMsg::Answered {
            what,
            by: seat,
            accept,
        });
        if !accept {
            return;
        }
        let Some(g) = self.game.as_mut() else { return };
        match what {
            OfferKind::Draw => {
                if g.agree_draw().is_ok() && self.persist_end().await {
                    self.publish();
                    self.announce_end();
                }
            }
            OfferKind::Takeback => {
                let asker = g.side_of(seat.other());
                if g.take_back(asker).is_ok() {
                    self.turn_started = Instant::now();
                    self.turn_banked = g.banked();
                    self.publish();
                    self.broadcast(|t, viewer| ServerMsg::State(Box::new(t.view(viewer))));
                }
            }
        }
    }

    /// A seat asks for a rematch. Against the bot the new table opens at once; between two
    /// people, once both have asked (each connection is then moved to its new seat).
    async fn ask_rematch(&mut self, seat: SeatId, conn: Conn) {
        if self.phase() != Phase::Ended {
            return self.error(
                &conn,
                ErrorCode::BadRequest,
                "a rematch follows a game's end",
            );
        }
        self.rematch[seat.index()] = true;
        let bot = self.seats.iter().find_map(|s| match s.holder {
            Holder::Bot(l) => Some(l),
            _ => None,
        });
        if bot.is_none() && !self.rematch[seat.other().index()] {
            let asked = self.rematch;
            self.broadcast(|_, _| ServerMsg::Rematch { asked });
            return;
        }
        if bot.is_some() {
            self.rematch[seat.other().index()] = true;
        }
        let asked = self.rematch;
        self.broadcast(|_, _| ServerMsg::Rematch { asked });
        let who = |h: &Holder| match h {
            Holder::Human { name, key, .. } => NewSeat::Human {
                name: name.clone(),
                key: *key,
            },
            Holder::Bot(l) => NewSeat::Bot(*l),
            Holder::Empty => NewSeat::Bot(Level::Normal),
        };
        let spec = NewTable {
            game: self.meta.game,
            control: self.meta.control,
            options: self.meta.options,
            public: self.meta.public,
            rated: self.meta.rated,
            bot_fill: None,
            first: who(&self.seats[0].holder),
            second: Some(who(&self.seats[1].holder)),
        };
        match self.hub.open(spec).await {
            Ok(opened) => {
                self.rematch = [false; 2];
                for s in SeatId::BOTH {
                    if let Some(c) = self.seats[s.index()].conn.clone() {
                        c.reseat(&opened.code, s);
                    }
                }
            }
            Err(code) => {
                self.rematch = [false; 2];
                self.broadcast(|_, _| ServerMsg::Rematch { asked: [false; 2] });
                self.error(&conn, code, "the new table could not be opened");
            }
        }
    }
}

fn other_side(side: Side) -> Side {
    match side {
        Side::Ash => Side::Walnut,
        Side::Walnut => Side::Ash,
    }
}

/// For the tests that kill a server between a game's last action and its end (and just after
/// the end): `CARVED_TABLES_DIE=point:file` makes the process abort at `point` (`before-end`:
/// the last action is stored, the end is not; `after-end`: the end and the ratings are
/// stored, nobody was told) the first time it gets there, leaving `file` to say it did.
fn die_at(point: &str) {
    let Ok(what) = std::env::var("CARVED_TABLES_DIE") else {
        return;
    };
    let Some((at, file)) = what.split_once(':') else {
        return;
    };
    if at == point && std::fs::File::create_new(file).is_ok() {
        std::process::abort();
    }
}

async fn sleep_until(t: Option<Instant>) {
    match t {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}
