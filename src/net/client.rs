//! A client's side of the conversation, without any networking: what it says first, what it
//! does with each message the server sends, and where its link stands. The desktop game and
//! the browser build feed it the frames their sockets receive and send what it gives back, so
//! the rules of the conversation (`docs/protocol.md`) are written once and tested without a
//! socket.
//!
//! - A new session says `hello`, then, once welcomed, `create` or `join` (its [`Request`]).
//! - It keeps the seat's token, so after a drop it says `hello` with the token and gets the
//!   seat and the whole `state` back ([`Session::dropped`] → [`Link::Reconnecting`]).
//! - It counts the actions heard: an `event` out of order, or a `stale` refusal, makes it ask
//!   for the whole `state` again (`resync`) and drop what it heard until then.
//! - It keeps the turn's clock as the server holds it ([`Session::clock`]): each `time_left_ms`
//!   becomes a deadline on this device's monotonic clock (`net::clock`), counted from when the
//!   frame arrived, less half the shortest round trip of its recent `ping`s. What a player sees
//!   counts down to that deadline, whatever the frame rate, so it reads 0 when the server plays
//!   the timeout move. Under a bank it keeps both sides' banks ([`Session::banks`]): the
//!   awaited side's is that clock; the other's is what it had left when it acted, plus the
//!   increment, until a whole `state` says otherwise.
//! - After the end, both players asking for a rematch brings `seated` with a new code: the
//!   session moves to the new table ([`Heard::Rematched`]), forgets the old game's count and
//!   takes the following `state` as a fresh table. An accepted takeback brings the whole
//!   `state` with fewer actions than heard: it replaces what was heard, as any `state` does.
//! - A standing offer that lapses (`answered`, not accepted) is held back a moment
//!   ([`ANSWER_HELD`]): the server sends it just before the action that made it lapse, and
//!   only that action says whether the other seat turned it down (it played on, or said no)
//!   or the offerer itself played ([`Heard::Answered`]'s `lapsed`).

use super::protocol::{
    BotLevel, ClientMsg, ErrorCode, GameKind, OfferKind, OfferView, Outcome, PROTOCOL_VERSION,
    Phase, PlayedView, SeatId, SeatView, ServerMsg, Side, TableOptions, TableView, TimeControl,
};
use std::collections::VecDeque;
use std::time::Duration;

/// How often a connected session measures the round trip to the server.
pub const PING_EVERY: Duration = Duration::from_secs(5);
/// A `ping` not answered within this long is taken as lost (another is sent).
const PING_LOST: Duration = Duration::from_secs(15);
/// Round trips kept: the shortest of them is the estimate (a late answer is queueing, not
/// distance).
const PINGS_KEPT: usize = 6;
/// How long an offer's lapse is held back for the action that made it lapse (the server sends
/// both at once).
pub const ANSWER_HELD: Duration = Duration::from_millis(300);

/// The turn's clock as the server holds it, on this device's clock (`net::clock`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnClock {
    /// The side whose turn it is.
    pub side: Side,
    /// When its time runs out (the server then plays its timeout move).
    pub deadline: Duration,
}

impl TurnClock {
    /// The time left at `now` (zero once the deadline has passed).
    pub fn left(&self, now: Duration) -> Duration {
        self.deadline.saturating_sub(now)
    }
}

/// The round trip to the server, from `ping` and `pong`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct RoundTrips {
    /// The `ping` on its way: its nonce and when it was sent.
    waiting: Option<(u64, Duration)>,
    /// When the next `ping` is due.
    next: Duration,
    nonce: u64,
    /// The last few round trips measured.
    measured: VecDeque<Duration>,
}

impl RoundTrips {
    /// Half the shortest recent round trip: how long a frame takes from the server to here.
    fn one_way(&self) -> Duration {
        self.measured
            .iter()
            .min()
            .map_or(Duration::ZERO, |rt| *rt / 2)
    }
}

fn hive() -> GameKind {
    GameKind::Hive
}

/// What the session asks for once the server has welcomed it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Request {
    /// Open a table of `game` with its `options` and take its first seat.
    Create {
        /// Absent from seats kept before tables had a game: Ash & Walnut's.
        #[serde(default = "hive")]
        game: GameKind,
        clock: Option<u32>,
        bot_fill: Option<BotLevel>,
        name: String,
        #[serde(default)]
        options: TableOptions,
        /// The time control; absent (and in seats kept before tables had one): `clock`
        /// seconds a turn.
        #[serde(default)]
        control: Option<TimeControl>,
        /// Listed in the lobby and on the watch list (absent in older kept seats: private).
        #[serde(default)]
        public: bool,
        /// Rated (needs the device's key; absent in older kept seats: casual).
        #[serde(default)]
        rated: bool,
    },
    /// Take the second seat of the table with this code.
    Join { code: String, name: String },
    /// Watch the table with this code without a seat: no token, nothing to send but
    /// `resync`; after a drop it spectates again by the code.
    Spectate { code: String },
}

impl Request {
    /// Whether the session watches a table without a seat.
    pub fn spectating(&self) -> bool {
        matches!(self, Request::Spectate { .. })
    }
}

/// Where the link to the server stands, as the player sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// Opening the connection (the first time).
    Connecting,
    /// Connected and welcomed.
    Connected,
    /// The connection dropped; trying again (this is the `attempt`-th try since the drop).
    Reconnecting { attempt: u32 },
    /// Given up: the server refused the session for good (why, in English for the log; the
    /// player is shown [`Lost`]).
    Lost(Lost),
}

/// Why a session cannot go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lost {
    /// The server speaks another protocol version.
    Version,
    /// No open table has that code.
    NoSuchTable,
    /// Both seats of that table are taken.
    TableFull,
    /// The seat is no longer open (the table ended and closed, or the server forgot it).
    SeatGone,
    /// Another connection took the seat with its token (the same player elsewhere).
    Replaced,
    /// The server could not keep the table, or holds as many as it may.
    Unavailable,
    /// The connection failed before this session was ever seated (wrong address, no server).
    Unreachable(String),
    /// The game is over and the connection closed (the server closes an ended table after a
    /// while): nothing is missing.
    Finished,
    /// The game ended while this seat was away: the server said so when it came back, and
    /// sent the record ([`Session::record_after_end`]).
    EndedAway,
}

/// What the session heard that the table must show, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Heard {
    /// The session holds `seat` at table `code` (keep showing the code while waiting); the
    /// token takes the seat back, also after a restart of the game.
    Seated {
        code: String,
        seat: SeatId,
        token: String,
    },
    /// The whole table as this seat may see it: rebuild from it.
    Table(Box<TableView>),
    /// A seat was taken (a person joined, or the bot came).
    SeatTaken(SeatView),
    /// Both seats are taken: the game begins, ash to act.
    Started {
        fingerprint: String,
        ash: SeatId,
        seats: [SeatView; 2],
        time_left_ms: Option<u64>,
    },
    /// The next action, in order.
    Played {
        played: PlayedView,
        to_move: Option<Side>,
        time_left_ms: Option<u64>,
        /// Artifact Chess: the position after it as this seat may see it.
        chess: Option<crate::net::protocol::ChessNow>,
    },
    /// The other seat's client came or went.
    Presence { seat: SeatId, connected: bool },
    /// The game is over: the seed revealed and the whole record.
    Ended {
        outcome: Outcome,
        seed: String,
        record: String,
        /// A rated game: each seat's rating before and after, by seat.
        ratings: Option<[crate::net::protocol::RatingChange; 2]>,
    },
    /// Something this client sent was refused; nothing changed.
    Refused { code: ErrorCode, message: String },
    /// The session is over for good.
    Lost(Lost),
    /// Both players asked for a rematch: the session now holds `seat` at the new table `code`
    /// (keep the token: it is the seat now). The whole `state` of the new game follows.
    Rematched {
        code: String,
        seat: SeatId,
        token: String,
    },
    /// The seats that ask for a rematch now (by seat); all `false`: the request lapsed.
    Rematch { asked: [bool; 2] },
    /// A seat made an offer (a draw, or to take back its last action).
    Offer(OfferView),
    /// An offer was answered by the seat `by`. Not accepted and `lapsed`: the offerer played
    /// an action first, so nobody turned it down.
    Answered {
        what: OfferKind,
        by: SeatId,
        accept: bool,
        lapsed: bool,
    },
    /// How many watch the table now.
    Watchers(u32),
    /// The session watches table `code` without a seat (its whole `state` follows).
    Watching { code: String },
}

/// One player's session with the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    request: Request,
    /// The seat's token, once seated: the way back after a drop.
    pub token: Option<String>,
    pub code: Option<String>,
    pub seat: Option<SeatId>,
    pub link: Link,
    /// Actions heard, in order, since the last whole `state`.
    seq: u64,
    /// A `resync` is on its way: events until the `state` are dropped.
    resyncing: bool,
    /// The game has ended (nothing more to send but `resync`).
    over: bool,
    /// The turn's clock, while a game is on and the server counts a turn.
    clock: Option<TurnClock>,
    /// The table's time control (from its whole `state`).
    control: TimeControl,
    /// Under a bank: each side's bank (`[ash, walnut]`) as it stood when that side last acted
    /// (the awaited side's runs down on [`Session::clock`]).
    banks: Option<[Duration; 2]>,
    /// The offer standing at the table, as heard.
    offer: Option<OfferView>,
    /// An offer's lapse held back for the action that caused it, and when it arrived.
    held: Option<(OfferKind, SeatId, Duration)>,
    trips: RoundTrips,
    /// The device's key: proved after `welcome`, and every action signed with it.
    identity: Option<crate::identity::Identity>,
    /// The table's chain of signed actions as heard: how many, and the hash after the last.
    chain: (u64, [u8; 32]),
    /// An action sent without `seq` (both seats act at once), signed: sent again, signed
    /// anew, when it comes back `stale` because the other seat's came first.
    pending: Option<String>,
    /// `hello` carried the seat's token and `seated` has not come yet: a `game_over` now is
    /// the answer to the token (the game ended while the seat was away).
    back: bool,
    /// The record the server sent with that `game_over`.
    record_after_end: Option<String>,
}

impl Session {
    pub fn new(request: Request) -> Session {
        Session {
            request,
            token: None,
            code: None,
            seat: None,
            link: Link::Connecting,
            seq: 0,
            resyncing: false,
            over: false,
            clock: None,
            control: TimeControl::default(),
            banks: None,
            offer: None,
            held: None,
            trips: RoundTrips::default(),
            identity: None,
            chain: (0, crate::identity::CHAIN_START),
            pending: None,
            back: false,
            record_after_end: None,
        }
    }

    /// The finished game's record, when the game ended while this seat was away
    /// ([`Lost::EndedAway`]): the server sent it when the seat came back.
    pub fn record_after_end(&self) -> Option<&str> {
        self.record_after_end.as_deref()
    }

    /// The session with the device's key: it proves the key after `welcome` and signs every
    /// action.
    pub fn with_identity(self, identity: Option<crate::identity::Identity>) -> Session {
        Session { identity, ..self }
    }

    /// An action for the table, signed when the session has a key: `seq` the count of the
    /// position it was chosen at (`None`: both seats act at once, Artifact Chess's building
    /// and revealing).
    pub fn signed_act(&mut self, action: String, seq: Option<u64>) -> ClientMsg {
        let sig = match (&self.identity, &self.code) {
            (Some(id), Some(code)) => {
                let bytes =
                    crate::identity::action_bytes(code, self.chain.0 + 1, &action, &self.chain.1);
                Some(crate::identity::hex(&id.sign(&bytes)))
            }
            _ => None,
        };
        self.pending = (seq.is_none() && sig.is_some()).then(|| action.clone());
        ClientMsg::Act { seq, action, sig }
    }

    /// A session that comes back to a seat it held before (the game was closed and opened
    /// again): `hello` with the token, no new request.
    pub fn returning(request: Request, token: String) -> Session {
        Session {
            token: Some(token),
            ..Session::new(request)
        }
    }

    /// Actions heard so far.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    pub fn request(&self) -> &Request {
        &self.request
    }

    /// Whether the session has given up.
    pub fn lost(&self) -> bool {
        matches!(self.link, Link::Lost(_))
    }

    /// The connection opened: the first message.
    pub fn opened(&mut self) -> Vec<ClientMsg> {
        if self.lost() {
            return Vec::new();
        }
        vec![ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            token: self.token.clone(),
        }]
    }

    /// The connection dropped (or could not be opened). With a seat to come back to, the link
    /// is `Reconnecting`; before any seat, a failed first connection is `Lost`; a session that
    /// already gave up stays lost.
    pub fn dropped(&mut self, why: &str) -> Vec<Heard> {
        match &self.link {
            Link::Lost(_) => Vec::new(),
            _ if self.over => {
                self.link = Link::Lost(Lost::Finished);
                Vec::new()
            }
            Link::Reconnecting { attempt } => {
                self.link = Link::Reconnecting {
                    attempt: attempt + 1,
                };
                Vec::new()
            }
            Link::Connected | Link::Connecting
                if self.token.is_some() || (self.request.spectating() && self.code.is_some()) =>
            {
                self.link = Link::Reconnecting { attempt: 1 };
                Vec::new()
            }
            Link::Connected | Link::Connecting => {
                let lost = Lost::Unreachable(why.to_string());
                self.link = Link::Lost(lost.clone());
                vec![Heard::Lost(lost)]
            }
        }
    }

    /// Seconds to wait before the next try after a drop: 0.5, 1, 2, then every 4.
    pub fn retry_after(&self) -> f32 {
        match self.link {
            Link::Reconnecting { attempt } => match attempt {
                0 | 1 => 0.5,
                2 => 1.0,
                3 => 2.0,
                _ => 4.0,
            },
            _ => 0.0,
        }
    }

    /// Plays `action` (the game's notation) at the position this session has heard.
    pub fn act(&mut self, action: &str) -> ClientMsg {
        self.signed_act(action.to_string(), Some(self.seq))
    }

    /// The turn's clock as the server holds it (`None` while no turn is counted: waiting for
    /// the second seat, after the end, before the first `state`).
    pub fn clock(&self) -> Option<TurnClock> {
        self.clock
    }

    /// The table's time control, as its last whole `state` told it.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Under a bank, both sides' time at `now` (`net::clock`), `[ash, walnut]`: the awaited
    /// side's counting down to the server's deadline, the other's as it stood after its last
    /// action. `None` under another control, or before the table's `state`.
    pub fn banks(&self, now: Duration) -> Option<[Duration; 2]> {
        let mut banks = self.banks?;
        if let Some(c) = self.clock {
            banks[side_index(c.side)] = c.left(now);
        }
        Some(banks)
    }

    /// The offer standing at the table, as heard.
    pub fn offer(&self) -> Option<OfferView> {
        self.offer
    }

    /// What is due at `now` (`net::clock`) without a message: an offer's lapse held back
    /// [`ANSWER_HELD`] with no action after it was turned down (the other seat said no).
    pub fn due(&mut self, now: Duration) -> Vec<Heard> {
        match self.held {
            Some((_, _, at)) if now.saturating_sub(at) >= ANSWER_HELD => {
                self.release(false).into_iter().collect()
            }
            _ => Vec::new(),
        }
    }

    /// The lapse held back, heard now; `lapsed`: the offerer's own action made it lapse.
    fn release(&mut self, lapsed: bool) -> Option<Heard> {
        let (what, by, _) = self.held.take()?;
        Some(Heard::Answered {
            what,
            by,
            accept: false,
            lapsed,
        })
    }

    /// How long a frame takes from the server to here, as estimated so far (zero before the
    /// first `pong`).
    pub fn latency(&self) -> Duration {
        self.trips.one_way()
    }

    /// What to send at `now` (`net::clock`) without having heard anything: a `ping` every
    /// [`PING_EVERY`] while connected, to measure the round trip the clock is corrected by.
    pub fn poll(&mut self, now: Duration) -> Vec<ClientMsg> {
        if self.link != Link::Connected {
            return Vec::new();
        }
        let waiting = self
            .trips
            .waiting
            .is_some_and(|(_, sent)| now.saturating_sub(sent) < PING_LOST);
        if waiting || now < self.trips.next {
            return Vec::new();
        }
        self.trips.nonce += 1;
        self.trips.waiting = Some((self.trips.nonce, now));
        self.trips.next = now + PING_EVERY;
        vec![ClientMsg::Ping {
            nonce: self.trips.nonce,
        }]
    }

    /// A turn of `side` with `ms` left when the server sent it, heard at `at`.
    fn turn(&self, side: Option<Side>, ms: Option<u64>, at: Duration) -> Option<TurnClock> {
        let (side, ms) = side.zip(ms)?;
        Some(TurnClock {
            side,
            deadline: (at + Duration::from_millis(ms)).saturating_sub(self.trips.one_way()),
        })
    }

    /// Takes in one message that arrived now: what the table must show, and what to send back.
    pub fn receive(&mut self, msg: ServerMsg) -> (Vec<Heard>, Vec<ClientMsg>) {
        self.receive_at(msg, super::clock::now())
    }

    /// Takes in one message that arrived at `at` (`net::clock`, read when the socket took the
    /// frame in, not when a frame of the game got to it): what the table must show, and what
    /// to send back.
    pub fn receive_at(&mut self, msg: ServerMsg, at: Duration) -> (Vec<Heard>, Vec<ClientMsg>) {
        let mut heard = Vec::new();
        let mut send = Vec::new();
        // An offer's lapse held back: the action after it says who made it lapse; anything
        // else lets it be heard as it came (the other seat turned the offer down).
        match &msg {
            ServerMsg::Event { seat, .. } => {
                let offerer = self.held.map(|(_, by, _)| by.other());
                heard.extend(self.release(offerer == Some(*seat)));
            }
            ServerMsg::Pong { .. } => {}
            _ => heard.extend(self.release(false)),
        }
        match msg {
            ServerMsg::Welcome { nonce, .. } => {
                self.link = Link::Connected;
                // Measure the round trip at once: a ping of a connection before this one is
                // not answered on this one.
                self.trips.waiting = None;
                self.trips.next = at;
                if let (Some(id), false) = (&self.identity, nonce.is_empty()) {
                    let signature = id.sign(&crate::identity::hello_bytes(&nonce));
                    send.push(ClientMsg::Prove {
                        key: id.public().to_hex(),
                        signature: crate::identity::hex(&signature),
                    });
                }
                if self.token.is_none() {
                    send.push(match &self.request {
                        Request::Create {
                            game,
                            clock,
                            bot_fill,
                            name,
                            options,
                            control,
                            public,
                            rated,
                        } => ClientMsg::Create {
                            game: *game,
                            clock: *clock,
                            bot_fill: *bot_fill,
                            name: (!name.is_empty()).then(|| name.clone()),
                            stakes: options.stakes,
                            appeal: options.appeal,
                            artifacts: options.artifacts,
                            game_type: options.game_type,
                            control: *control,
                            public: *public,
                            rated: *rated && self.identity.is_some(),
                        },
                        Request::Join { code, name } => ClientMsg::Join {
                            code: code.clone(),
                            name: (!name.is_empty()).then(|| name.clone()),
                        },
                        // Also after a drop: a spectator has no token, only the code.
                        Request::Spectate { code } => ClientMsg::Spectate { code: code.clone() },
                    });
                }
                // With a token the server sends `seated` and the whole `state` by itself; a
                // spectator's `watching` is followed by the whole `state`: nothing before it
                // counts.
                self.resyncing = self.token.is_some() || self.request.spectating();
                self.back = self.token.is_some();
            }
            ServerMsg::Seated { code, seat, token } => {
                self.back = false;
                let rematch = self.seat.is_some() && self.code.as_ref().is_some_and(|c| *c != code);
                self.token = Some(token.clone());
                self.code = Some(code.clone());
                self.seat = Some(seat);
                if rematch {
                    // A new table: nothing of the old game counts, and its whole `state`
                    // comes next (anything before it is the old table's).
                    self.seq = 0;
                    self.over = false;
                    self.clock = None;
                    self.banks = None;
                    self.offer = None;
                    self.held = None;
                    self.resyncing = true;
                    heard.push(Heard::Rematched { code, seat, token });
                } else {
                    heard.push(Heard::Seated { code, seat, token });
                }
            }
            ServerMsg::State(view) => {
                // Also the answer to an accepted takeback: fewer actions than heard, the count
                // goes back with them.
                self.seq = view.seq;
                self.resyncing = false;
                self.over = view.outcome.is_some();
                self.clock = if view.phase == Phase::Playing && !self.over {
                    self.turn(view.to_move, view.time_left_ms, at)
                } else {
                    None
                };
                self.chain = view
                    .chain
                    .as_ref()
                    .and_then(|c| {
                        let head = crate::identity::unhex(&c.head)?.try_into().ok()?;
                        Some((c.n, head))
                    })
                    .unwrap_or((0, crate::identity::CHAIN_START));
                self.control = view.control;
                self.banks = match view.control {
                    TimeControl::Bank { .. } => view.banks_ms.map(|b| b.map(Duration::from_millis)),
                    _ => None,
                };
                self.offer = view.offer;
                heard.push(Heard::Table(view));
            }
            ServerMsg::SeatTaken { seat } => heard.push(Heard::SeatTaken(seat)),
            ServerMsg::Started {
                fingerprint,
                ash,
                seats,
                time_left_ms,
            } => {
                self.clock = self.turn(Some(Side::Ash), time_left_ms, at);
                if let TimeControl::Bank { base, .. } = self.control {
                    self.banks = Some([Duration::from_secs(u64::from(base)); 2]);
                }
                heard.push(Heard::Started {
                    fingerprint,
                    ash,
                    seats,
                    time_left_ms,
                });
            }
            ServerMsg::Event {
                seq,
                action,
                by,
                timeout,
                to_move,
                time_left_ms,
                chess,
                sig,
                signer,
                ..
            } => {
                if self.resyncing || seq <= self.seq {
                    // Already part of the state on its way, or heard before.
                } else if seq == self.seq + 1 {
                    self.seq = seq;
                    if let Some(sig) = sig.as_deref().and_then(crate::identity::signature_from_hex)
                    {
                        self.chain = (
                            self.chain.0 + 1,
                            crate::identity::chain_next(&self.chain.1, &sig),
                        );
                    }
                    // This seat's own unsequenced action is in: nothing to send again.
                    let mine = matches!(
                        (signer, self.seat),
                        (Some(crate::identity::Signer::First), Some(SeatId::First))
                            | (Some(crate::identity::Signer::Second), Some(SeatId::Second))
                    );
                    if mine {
                        self.pending = None;
                    }
                    // The bank of the side that acted: what its clock had left, and the
                    // increment (a bank that ran out goes on with the increment alone).
                    if let (Some(banks), TimeControl::Bank { increment, .. }) =
                        (self.banks.as_mut(), self.control)
                        && let Some(c) = self.clock.filter(|c| c.side == by)
                    {
                        banks[side_index(by)] =
                            c.left(at) + Duration::from_secs(u64::from(increment));
                    }
                    self.clock = self.turn(to_move, time_left_ms, at);
                    // An action ends the standing offer (its lapse came before it).
                    self.offer = None;
                    heard.push(Heard::Played {
                        played: PlayedView {
                            seq,
                            action,
                            by,
                            timeout,
                        },
                        to_move,
                        time_left_ms,
                        chess,
                    });
                } else {
                    // A gap: something was missed. The whole state again.
                    self.resyncing = true;
                    send.push(ClientMsg::Resync);
                }
            }
            ServerMsg::Presence { seat, connected } => {
                heard.push(Heard::Presence { seat, connected })
            }
            ServerMsg::Ended {
                seq,
                outcome,
                seed,
                record,
                ratings,
                ..
            } => {
                if !self.resyncing && seq != self.seq {
                    self.resyncing = true;
                    send.push(ClientMsg::Resync);
                } else if !self.resyncing {
                    self.over = true;
                    self.clock = None;
                    heard.push(Heard::Ended {
                        outcome,
                        seed,
                        record,
                        ratings,
                    });
                }
            }
            ServerMsg::Error { code, message } => {
                let lost = match code {
                    ErrorCode::Version => Some(Lost::Version),
                    ErrorCode::NoSuchTable if self.seat.is_none() => Some(Lost::NoSuchTable),
                    ErrorCode::TableFull if self.seat.is_none() => Some(Lost::TableFull),
                    ErrorCode::BadToken => Some(Lost::SeatGone),
                    ErrorCode::GameOver if self.back => Some(Lost::EndedAway),
                    ErrorCode::Replaced => Some(Lost::Replaced),
                    ErrorCode::Unavailable => Some(Lost::Unavailable),
                    _ => None,
                };
                match lost {
                    Some(lost) => {
                        self.link = Link::Lost(lost.clone());
                        heard.push(Heard::Lost(lost));
                    }
                    None => {
                        if code == ErrorCode::Stale
                            && let Some(action) = self.pending.take()
                        {
                            // Signed before the other seat's action was heard: signed again
                            // after it, and sent again.
                            send.push(self.signed_act(action, None));
                        } else {
                            if code == ErrorCode::Stale && !self.resyncing {
                                self.resyncing = true;
                                send.push(ClientMsg::Resync);
                            }
                            heard.push(Heard::Refused { code, message });
                        }
                    }
                }
            }
            ServerMsg::Rematch { asked } => heard.push(Heard::Rematch { asked }),
            ServerMsg::Offer { what, by } => {
                let offer = OfferView { what, by };
                self.offer = Some(offer);
                heard.push(Heard::Offer(offer));
            }
            ServerMsg::Answered { what, by, accept } => {
                let standing = self.offer.take();
                if !accept && standing.is_some_and(|o| o.what == what && o.by == by.other()) {
                    // Turned down, or lapsed with an action on its way: the action decides.
                    self.held = Some((what, by, at));
                } else {
                    heard.push(Heard::Answered {
                        what,
                        by,
                        accept,
                        lapsed: false,
                    });
                }
            }
            ServerMsg::Watchers { count } => heard.push(Heard::Watchers(count)),
            // The lobby and pairing: another connection's (`net::lobby`), not a table's.
            ServerMsg::Lobby { .. }
            | ServerMsg::LobbyUpdate { .. }
            | ServerMsg::Queued { .. }
            | ServerMsg::BotOffer
            | ServerMsg::Unqueued
            | ServerMsg::Games { .. }
            | ServerMsg::Proved { .. }
            | ServerMsg::Profile(_) => {}
            // After `game_over` for the seat's token: the finished game's record.
            ServerMsg::Record { code, record } => {
                if self.link == Link::Lost(Lost::EndedAway) && self.code.as_ref() == Some(&code) {
                    self.record_after_end = Some(record);
                }
            }
            ServerMsg::Pong { nonce } => {
                if let Some((waited, sent)) = self.trips.waiting
                    && waited == nonce
                {
                    self.trips.waiting = None;
                    if self.trips.measured.len() == PINGS_KEPT {
                        self.trips.measured.pop_front();
                    }
                    self.trips.measured.push_back(at.saturating_sub(sent));
                }
            }
            ServerMsg::Watching { code } => {
                self.code = Some(code.clone());
                heard.push(Heard::Watching { code });
            }
        }
        (heard, send)
    }
}

/// `[ash, walnut]`'s index of a side.
fn side_index(side: Side) -> usize {
    match side {
        Side::Ash => 0,
        Side::Walnut => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::protocol::{GameView, Phase, SeatKind};

    fn create() -> Session {
        Session::new(Request::Create {
            game: GameKind::Hive,
            options: TableOptions::default(),
            clock: Some(60),
            bot_fill: Some(BotLevel::Normal),
            name: "Ana".into(),
            control: None,
            public: false,
            rated: false,
        })
    }

    fn hello(token: Option<String>) -> ClientMsg {
        ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            token,
        }
    }

    fn welcome() -> ServerMsg {
        ServerMsg::Welcome {
            version: 1,
            max_message_bytes: 4096,
            rate_per_second: 20,
            rate_burst: 40,
            nonce: String::new(),
        }
    }

    fn seat(seat: SeatId, you: bool) -> SeatView {
        SeatView {
            seat,
            kind: SeatKind::Human,
            level: None,
            name: String::new(),
            connected: true,
            you,
            colour: None,
            fingerprint: None,
            key: None,
            rating: None,
        }
    }

    fn view(seq: u64) -> ServerMsg {
        let moves = (1..=seq)
            .map(|i| PlayedView {
                seq: i,
                action: format!("m{i}"),
                by: if i % 2 == 1 { Side::Ash } else { Side::Walnut },
                timeout: false,
            })
            .collect();
        ServerMsg::State(Box::new(TableView {
            code: "ABC234".into(),
            phase: Phase::Playing,
            seq,
            you: Some(SeatId::First),
            seats: [seat(SeatId::First, true), seat(SeatId::Second, false)],
            clock: 60,
            control: Default::default(),
            banks_ms: None,
            public: false,
            watchers: 0,
            offer: None,
            rematch: [false; 2],
            to_move: Some(Side::Ash),
            time_left_ms: Some(60_000),
            bot_in_ms: None,
            fingerprint: Some("f".repeat(64)),
            ash: Some(SeatId::First),
            game: GameView::Hive {
                moves,
                game_type: Default::default(),
            },
            outcome: None,
            seed: None,
            chain: None,
            rated: false,
        }))
    }

    fn event(seq: u64) -> ServerMsg {
        ServerMsg::Event {
            seq,
            action: format!("m{seq}"),
            by: Side::Ash,
            seat: SeatId::First,
            timeout: false,
            to_move: Some(Side::Walnut),
            time_left_ms: Some(60_000),
            chess: None,
            sig: None,
            signer: None,
        }
    }

    fn seated(s: &mut Session) {
        s.receive(welcome());
        s.receive(ServerMsg::Seated {
            code: "ABC234".into(),
            seat: SeatId::First,
            token: "t".repeat(64),
        });
        s.receive(view(0));
    }

    #[test]
    fn a_session_with_a_key_proves_it_signs_its_actions_in_the_chain_and_signs_again_when_stale() {
        use crate::identity::{self, Identity};
        let id = Identity::from_secret([11; 32]);
        let mut s = Session::new(Request::Create {
            game: GameKind::Chess,
            options: TableOptions::default(),
            clock: None,
            bot_fill: None,
            name: "Ana".into(),
            control: None,
            public: false,
            rated: true,
        })
        .with_identity(Some(id.clone()));
        s.opened();
        let (_, send) = s.receive(ServerMsg::Welcome {
            version: 1,
            max_message_bytes: 4096,
            rate_per_second: 20,
            rate_burst: 40,
            nonce: "n0nce".into(),
        });
        // The proof first (over this connection's nonce), then the rated request.
        let ClientMsg::Prove { key, signature } = &send[0] else {
            panic!("{send:?}")
        };
        assert_eq!(*key, id.public().to_hex());
        let sig: [u8; 64] = identity::unhex(signature).unwrap().try_into().unwrap();
        assert!(id.public().verifies(&identity::hello_bytes("n0nce"), &sig));
        assert!(matches!(send[1], ClientMsg::Create { rated: true, .. }));
        s.receive(ServerMsg::Seated {
            code: "ABC234".into(),
            seat: SeatId::First,
            token: "t".repeat(64),
        });
        s.receive(view(0));
        // The first action: number 1 after the chain's start.
        let ClientMsg::Act {
            sig: Some(first), ..
        } = s.signed_act("ready x".into(), None)
        else {
            panic!()
        };
        let first: [u8; 64] = identity::unhex(&first).unwrap().try_into().unwrap();
        let bytes = identity::action_bytes("ABC234", 1, "ready x", &identity::CHAIN_START);
        assert!(id.public().verifies(&bytes, &first));
        // The other seat's came first: its event moves the chain, and the `stale` answer
        // sends ours again as number 2 after it.
        let theirs = [7u8; 64];
        s.receive(ServerMsg::Event {
            seq: 1,
            action: "ready".into(),
            by: Side::Walnut,
            seat: SeatId::Second,
            timeout: false,
            to_move: None,
            time_left_ms: None,
            chess: None,
            sig: Some(identity::hex(&theirs)),
            signer: Some(identity::Signer::Second),
        });
        let (heard, send) = s.receive(ServerMsg::Error {
            code: ErrorCode::Stale,
            message: "stale".into(),
        });
        assert!(heard.is_empty(), "{heard:?}");
        let [
            ClientMsg::Act {
                seq: None,
                action,
                sig: Some(again),
            },
        ] = &send[..]
        else {
            panic!("{send:?}")
        };
        assert_eq!(action, "ready x");
        let again: [u8; 64] = identity::unhex(again).unwrap().try_into().unwrap();
        let head = identity::chain_next(&identity::CHAIN_START, &theirs);
        let bytes = identity::action_bytes("ABC234", 2, "ready x", &head);
        assert!(id.public().verifies(&bytes, &again));
        // Without a key: no proof, no signature.
        let mut plain = create();
        plain.opened();
        let (_, send) = plain.receive(welcome());
        assert!(!matches!(send[0], ClientMsg::Prove { .. }));
        seated(&mut plain);
        assert!(matches!(plain.act("wS1"), ClientMsg::Act { sig: None, .. }));
    }

    #[test]
    fn hello_then_the_request_and_the_token_is_kept() {
        let mut s = create();
        assert_eq!(s.opened(), [hello(None)]);
        let (_, send) = s.receive(welcome());
        assert_eq!(
            send,
            [ClientMsg::Create {
                game: GameKind::Hive,
                clock: Some(60),
                bot_fill: Some(BotLevel::Normal),
                name: Some("Ana".into()),
                stakes: None,
                appeal: None,
                artifacts: None,
                game_type: None,
                control: None,
                public: false,
                rated: false,
            }]
        );
        assert_eq!(s.link, Link::Connected);
        seated(&mut s);
        assert_eq!(s.token.as_deref(), Some("t".repeat(64).as_str()));
        assert_eq!(s.code.as_deref(), Some("ABC234"));
        // A join says its code.
        let mut j = Session::new(Request::Join {
            code: "abc-234".into(),
            name: String::new(),
        });
        let (_, send) = j.receive(welcome());
        assert_eq!(
            send,
            [ClientMsg::Join {
                code: "abc-234".into(),
                name: None
            }]
        );
    }

    #[test]
    fn a_request_asks_for_its_time_control_and_listing_and_older_kept_ones_still_read() {
        let mut s = Session::new(Request::Create {
            game: GameKind::Chess,
            options: TableOptions::default(),
            clock: None,
            bot_fill: None,
            name: String::new(),
            control: Some(TimeControl::Bank {
                base: 300,
                increment: 3,
            }),
            public: true,
            rated: false,
        });
        let (_, send) = s.receive(welcome());
        assert!(matches!(
            &send[..],
            [ClientMsg::Create {
                control: Some(TimeControl::Bank {
                    base: 300,
                    increment: 3
                }),
                public: true,
                ..
            }]
        ));
        // A seat kept before tables had a control or a listing: a private table, `clock`'s.
        let old = r#"{"Create":{"game":"hive","clock":60,"bot_fill":null,"name":"Ana"}}"#;
        let read: Request = serde_json::from_str(old).unwrap();
        assert!(matches!(
            read,
            Request::Create {
                control: None,
                public: false,
                clock: Some(60),
                ..
            }
        ));
    }

    #[test]
    fn events_in_order_are_heard_and_a_gap_asks_for_the_state() {
        let mut s = create();
        seated(&mut s);
        let (heard, send) = s.receive(event(1));
        assert!(matches!(heard[..], [Heard::Played { .. }]) && send.is_empty());
        assert_eq!(s.seq(), 1);
        assert_eq!(
            s.act("wS1"),
            ClientMsg::Act {
                seq: Some(1),
                action: "wS1".into(),
                sig: None,
            }
        );
        // Heard twice: ignored.
        assert_eq!(s.receive(event(1)), (vec![], vec![]));
        // Event 3 after 1: a gap; resync, and events until the state are dropped.
        assert_eq!(s.receive(event(3)), (vec![], vec![ClientMsg::Resync]));
        assert_eq!(s.receive(event(4)), (vec![], vec![]));
        let (heard, _) = s.receive(view(4));
        assert!(matches!(heard[..], [Heard::Table(_)]));
        assert_eq!(s.seq(), 4);
        let (heard, _) = s.receive(event(5));
        assert!(matches!(heard[..], [Heard::Played { .. }]));
    }

    #[test]
    fn a_stale_refusal_resyncs_and_an_end_out_of_order_too() {
        let mut s = create();
        seated(&mut s);
        let (heard, send) = s.receive(ServerMsg::error(ErrorCode::Stale, "stale"));
        assert_eq!(send, [ClientMsg::Resync]);
        assert!(matches!(
            heard[..],
            [Heard::Refused {
                code: ErrorCode::Stale,
                ..
            }]
        ));
        s.receive(view(2));
        let ended = |seq| ServerMsg::Ended {
            seq,
            outcome: Outcome {
                winner: Some(Side::Ash),
                reason: crate::net::protocol::EndReason::Resigned,
            },
            seed: "0".repeat(64),
            fingerprint: "f".repeat(64),
            record: "r".into(),
            ratings: None,
        };
        assert_eq!(s.receive(ended(3)), (vec![], vec![ClientMsg::Resync]));
        s.receive(view(3));
        let (heard, _) = s.receive(ended(3));
        assert!(matches!(heard[..], [Heard::Ended { .. }]));
        // The table closes after the end: no reconnecting, nothing to tell.
        assert!(s.dropped("closed by the server").is_empty());
        assert_eq!(s.link, Link::Lost(Lost::Finished));
        assert!(s.opened().is_empty());
    }

    #[test]
    fn the_turn_clock_counts_to_the_servers_deadline_from_when_each_frame_arrived() {
        let ms = Duration::from_millis;
        let t0 = Duration::from_secs(100);
        let mut s = create();
        assert!(s.poll(t0).is_empty(), "no ping before the welcome");
        s.receive_at(welcome(), t0);
        // The round trip is measured at once, then every PING_EVERY.
        assert_eq!(s.poll(t0), [ClientMsg::Ping { nonce: 1 }]);
        assert!(s.poll(t0 + ms(500)).is_empty(), "one ping at a time");
        s.receive_at(ServerMsg::Pong { nonce: 7 }, t0 + ms(30));
        assert_eq!(s.latency(), Duration::ZERO, "another nonce is not ours");
        s.receive_at(ServerMsg::Pong { nonce: 1 }, t0 + ms(80));
        assert_eq!(s.latency(), ms(40), "half the round trip");
        assert!(s.poll(t0 + ms(4_999)).is_empty());
        assert_eq!(s.poll(t0 + PING_EVERY), [ClientMsg::Ping { nonce: 2 }]);
        // A slower answer does not raise the estimate: the shortest recent trip counts.
        s.receive_at(ServerMsg::Pong { nonce: 2 }, t0 + PING_EVERY + ms(900));
        assert_eq!(s.latency(), ms(40));
        // A ping never answered (the answer lost with a connection) is sent again later.
        let t1 = t0 + PING_EVERY * 2;
        assert_eq!(s.poll(t1), [ClientMsg::Ping { nonce: 3 }]);
        assert!(s.poll(t1 + PING_EVERY).is_empty());
        assert_eq!(s.poll(t1 + PING_LOST), [ClientMsg::Ping { nonce: 4 }]);
        assert_eq!(s.clock(), None, "no turn before the game");
        // The whole state arrives at t = 101 s with ash's 60 s: the deadline is counted from
        // the frame's arrival, less the way from the server.
        let t2 = t0 + ms(1_000);
        s.receive_at(view(0), t2);
        let clock = s.clock().unwrap();
        assert_eq!(clock.side, Side::Ash);
        assert_eq!(clock.deadline, t2 + ms(60_000) - ms(40));
        assert_eq!(clock.left(t2 + ms(30_000)), ms(29_960));
        assert_eq!(clock.left(t2 + ms(59_960)), Duration::ZERO);
        assert_eq!(clock.left(t2 + ms(90_000)), Duration::ZERO);
        // An event that arrived at 110 s counts from then, however late a frame takes it in.
        let t3 = t0 + ms(10_000);
        s.receive_at(event(1), t3);
        let clock = s.clock().unwrap();
        assert_eq!(
            (clock.side, clock.deadline),
            (Side::Walnut, t3 + ms(59_960))
        );
        // An event dropped (heard before) does not touch the clock.
        s.receive_at(event(1), t3 + ms(5_000));
        assert_eq!(s.clock(), Some(clock));
        // A drop keeps the server's clock running here: the game goes on meanwhile.
        s.dropped("gone");
        assert_eq!(s.clock(), Some(clock));
        assert!(s.poll(t3 + PING_LOST * 2).is_empty(), "no ping while away");
        // A state while waiting for the second seat, or after the end, counts no turn.
        let mut waiting = view(0);
        if let ServerMsg::State(v) = &mut waiting {
            v.phase = Phase::Waiting;
        }
        s.receive_at(waiting, t3);
        assert_eq!(s.clock(), None);
        s.receive_at(view(1), t3);
        assert!(s.clock().is_some());
        s.receive_at(
            ServerMsg::Ended {
                seq: 1,
                outcome: Outcome {
                    winner: Some(Side::Ash),
                    reason: crate::net::protocol::EndReason::Resigned,
                },
                seed: "0".repeat(64),
                fingerprint: "f".repeat(64),
                record: "r".into(),
                ratings: None,
            },
            t3,
        );
        assert_eq!(s.clock(), None);
    }

    fn ended(seq: u64) -> ServerMsg {
        ServerMsg::Ended {
            seq,
            outcome: Outcome {
                winner: Some(Side::Ash),
                reason: crate::net::protocol::EndReason::Resigned,
            },
            seed: "0".repeat(64),
            fingerprint: "f".repeat(64),
            record: "r".into(),
            ratings: None,
        }
    }

    #[test]
    fn a_rematch_moves_the_session_to_the_new_table_and_its_state_starts_afresh() {
        let mut s = create();
        seated(&mut s);
        s.receive(event(1));
        s.receive(event(2));
        s.receive(ended(2));
        let (heard, _) = s.receive(ServerMsg::Rematch {
            asked: [false, true],
        });
        assert_eq!(
            heard,
            [Heard::Rematch {
                asked: [false, true]
            }]
        );
        // Seated again at the same code (a reconnect) is no rematch.
        let (heard, _) = s.receive(ServerMsg::Seated {
            code: "ABC234".into(),
            seat: SeatId::First,
            token: "t".repeat(64),
        });
        assert!(matches!(heard[..], [Heard::Seated { .. }]));
        // Both asked: a new code and token.
        let (heard, send) = s.receive(ServerMsg::Seated {
            code: "NEW567".into(),
            seat: SeatId::First,
            token: "u".repeat(64),
        });
        assert!(send.is_empty());
        assert_eq!(
            heard,
            [Heard::Rematched {
                code: "NEW567".into(),
                seat: SeatId::First,
                token: "u".repeat(64),
            }]
        );
        assert_eq!((s.code.as_deref(), s.seq()), (Some("NEW567"), 0));
        assert_eq!(s.token.as_deref(), Some("u".repeat(64).as_str()));
        // Nothing of the old table counts until the new one's state.
        assert_eq!(s.receive(event(3)), (vec![], vec![]));
        let (heard, _) = s.receive(view(0));
        assert!(matches!(heard[..], [Heard::Table(_)]));
        assert!(s.clock().is_some(), "a game under way again");
        let (heard, _) = s.receive(event(1));
        assert!(matches!(heard[..], [Heard::Played { .. }]));
        // The new table's drop comes back to the new seat.
        s.dropped("reset");
        assert_eq!(s.opened(), [hello(Some("u".repeat(64)))]);
    }

    #[test]
    fn an_accepted_takeback_state_with_fewer_actions_replaces_what_was_heard() {
        let mut s = create();
        seated(&mut s);
        for seq in 1..=4 {
            s.receive(event(seq));
        }
        let takeback = crate::net::protocol::OfferKind::Takeback;
        let (heard, _) = s.receive(ServerMsg::Answered {
            what: takeback,
            by: SeatId::Second,
            accept: true,
        });
        assert_eq!(
            heard,
            [Heard::Answered {
                what: takeback,
                by: SeatId::Second,
                accept: true,
                lapsed: false
            }]
        );
        let (heard, send) = s.receive(view(3));
        assert!(matches!(heard[..], [Heard::Table(_)]) && send.is_empty());
        assert_eq!(s.seq(), 3);
        assert_eq!(
            s.act("m4"),
            ClientMsg::Act {
                seq: Some(3),
                action: "m4".into(),
                sig: None,
            }
        );
        // The fourth action again is a new one, heard.
        let (heard, _) = s.receive(event(4));
        assert!(matches!(heard[..], [Heard::Played { .. }]));
    }

    #[test]
    fn offers_are_heard_and_a_lapse_is_told_apart_from_a_refusal_by_the_action_after_it() {
        use crate::net::protocol::OfferKind::{Draw, Takeback};
        let ms = Duration::from_millis;
        let t0 = Duration::from_secs(50);
        let mut s = create();
        seated(&mut s);
        let (heard, _) = s.receive_at(ServerMsg::Watchers { count: 3 }, t0);
        assert_eq!(heard, [Heard::Watchers(3)]);
        // Ana (first) offers a draw; Rui says no: heard once nothing follows it a moment.
        let offer = |s: &mut Session, by| s.receive_at(ServerMsg::Offer { what: Draw, by }, t0).0;
        assert_eq!(
            offer(&mut s, SeatId::First),
            [Heard::Offer(OfferView {
                what: Draw,
                by: SeatId::First
            })]
        );
        assert_eq!(s.offer().map(|o| o.by), Some(SeatId::First));
        let no = ServerMsg::Answered {
            what: Draw,
            by: SeatId::Second,
            accept: false,
        };
        assert_eq!(s.receive_at(no.clone(), t0), (vec![], vec![]));
        assert_eq!(s.offer(), None);
        assert!(s.due(t0 + ms(100)).is_empty());
        let refused = Heard::Answered {
            what: Draw,
            by: SeatId::Second,
            accept: false,
            lapsed: false,
        };
        assert_eq!(s.due(t0 + ANSWER_HELD), std::slice::from_ref(&refused));
        assert!(s.due(t0 + ANSWER_HELD * 2).is_empty(), "once");
        // Offered again, then Ana plays: the offer lapsed, nobody refused it.
        offer(&mut s, SeatId::First);
        s.receive_at(no.clone(), t0);
        let (heard, _) = s.receive_at(event(1), t0 + ms(2));
        assert!(matches!(
            heard[..],
            [
                Heard::Answered {
                    lapsed: true,
                    accept: false,
                    ..
                },
                Heard::Played { .. }
            ]
        ));
        // Rui offers, Ana... no: Ana's lapse is Rui playing on (by the other seat): refused.
        offer(&mut s, SeatId::First);
        s.receive_at(no.clone(), t0);
        let mut by_rui = event(2);
        if let ServerMsg::Event { seat, by, .. } = &mut by_rui {
            *seat = SeatId::Second;
            *by = Side::Walnut;
        }
        let (heard, _) = s.receive_at(by_rui, t0 + ms(2));
        assert_eq!(heard[0], refused);
        // Another message lets a lapse be heard as it came.
        offer(&mut s, SeatId::First);
        s.receive_at(no, t0);
        let (heard, _) = s.receive_at(ServerMsg::Watchers { count: 2 }, t0);
        assert_eq!(heard, [refused, Heard::Watchers(2)]);
        // A takeback asked by Rui: heard, and accepted at once.
        let (heard, _) = s.receive_at(
            ServerMsg::Offer {
                what: Takeback,
                by: SeatId::Second,
            },
            t0,
        );
        assert_eq!(heard.len(), 1);
        // A whole state tells the offer standing.
        let mut standing = view(2);
        if let ServerMsg::State(v) = &mut standing {
            v.offer = Some(OfferView {
                what: Takeback,
                by: SeatId::Second,
            });
        }
        s.receive_at(standing, t0);
        assert_eq!(s.offer().map(|o| o.what), Some(Takeback));
    }

    #[test]
    fn under_a_bank_both_sides_time_is_kept_the_awaited_one_running_down() {
        let ms = Duration::from_millis;
        let t0 = Duration::from_secs(10);
        let mut s = create();
        seated(&mut s);
        assert_eq!(s.banks(t0), None, "a turn's clock has no banks");
        let bank = TimeControl::Bank {
            base: 300,
            increment: 3,
        };
        let mut state = view(0);
        if let ServerMsg::State(v) = &mut state {
            v.control = bank;
            v.banks_ms = Some([300_000, 300_000]);
            v.time_left_ms = Some(290_000);
        }
        s.receive_at(state, t0);
        assert_eq!(s.control(), bank);
        assert_eq!(s.banks(t0 + ms(1_000)), Some([ms(289_000), ms(300_000)]));
        // Ash acts 20 s later: ash keeps what was left and the increment; walnut's runs.
        let mut e = event(1);
        if let ServerMsg::Event { time_left_ms, .. } = &mut e {
            *time_left_ms = Some(300_000);
        }
        s.receive_at(e, t0 + ms(20_000));
        assert_eq!(
            s.banks(t0 + ms(25_000)),
            Some([ms(270_000 + 3_000), ms(295_000)])
        );
        // After the end both stand still.
        s.receive_at(ended(1), t0 + ms(30_000));
        assert_eq!(s.banks(t0 + ms(90_000)), Some([ms(273_000), ms(300_000)]));
    }

    #[test]
    fn a_drop_reconnects_with_the_token_and_backs_off() {
        let mut s = create();
        // Before any seat a failed connection is lost, with its reason.
        let mut early = create();
        assert_eq!(
            early.dropped("connection refused"),
            [Heard::Lost(Lost::Unreachable("connection refused".into()))]
        );
        assert!(early.opened().is_empty());
        seated(&mut s);
        s.receive(event(1));
        assert!(s.dropped("reset").is_empty());
        assert_eq!(s.link, Link::Reconnecting { attempt: 1 });
        assert_eq!(s.retry_after(), 0.5);
        s.dropped("refused");
        s.dropped("refused");
        s.dropped("refused");
        assert_eq!(s.link, Link::Reconnecting { attempt: 4 });
        assert_eq!(s.retry_after(), 4.0);
        assert_eq!(s.opened(), [hello(Some("t".repeat(64)))]);
        // Welcomed back: no second create; events before the state are dropped.
        let (_, send) = s.receive(welcome());
        assert!(send.is_empty());
        assert_eq!(s.link, Link::Connected);
        assert_eq!(s.receive(event(2)), (vec![], vec![]));
        s.receive(view(3));
        assert_eq!(s.seq(), 3);
        // The seat gone: lost for good.
        let (heard, _) = s.receive(ServerMsg::error(ErrorCode::BadToken, "no seat"));
        assert_eq!(heard, [Heard::Lost(Lost::SeatGone)]);
        assert!(s.lost());
        assert!(s.dropped("x").is_empty());
    }

    #[test]
    fn a_seat_back_after_its_game_ended_is_told_so_and_keeps_the_record() {
        let mut s = Session::new(Request::Join {
            code: "ABC234".into(),
            name: String::new(),
        });
        s.opened();
        s.receive(welcome());
        s.receive(ServerMsg::Seated {
            code: "ABC234".into(),
            seat: SeatId::Second,
            token: "t".into(),
        });
        // During the game, a refused action is only a refusal.
        let (heard, _) = s.receive(ServerMsg::error(ErrorCode::GameOver, "over"));
        assert!(matches!(heard[..], [Heard::Refused { .. }]));
        assert!(!s.lost());
        s.dropped("gone");
        assert_eq!(s.opened().len(), 1, "hello with the token");
        s.receive(welcome());
        let (heard, _) = s.receive(ServerMsg::error(ErrorCode::GameOver, "ended"));
        assert_eq!(heard, [Heard::Lost(Lost::EndedAway)]);
        // Another table's record is not this game's.
        s.receive(ServerMsg::Record {
            code: "ZZZ999".into(),
            record: "other".into(),
        });
        assert_eq!(s.record_after_end(), None);
        s.receive(ServerMsg::Record {
            code: "ABC234".into(),
            record: "the record".into(),
        });
        assert_eq!(s.record_after_end(), Some("the record"));
    }

    /// The whole table as a spectator sees it (no `you`).
    fn watched(seq: u64) -> ServerMsg {
        let mut v = view(seq);
        if let ServerMsg::State(v) = &mut v {
            v.you = None;
            v.seats[0].you = false;
        }
        v
    }

    #[test]
    fn a_spectator_says_spectate_hears_the_table_and_keeps_no_token() {
        let mut s = Session::new(Request::Spectate {
            code: "ABC234".into(),
        });
        assert!(s.request().spectating());
        assert_eq!(s.opened(), [hello(None)]);
        let (_, send) = s.receive(welcome());
        assert_eq!(
            send,
            [ClientMsg::Spectate {
                code: "ABC234".into()
            }]
        );
        // Nothing before the whole state counts.
        assert_eq!(s.receive(event(1)), (vec![], vec![]));
        let (heard, _) = s.receive(ServerMsg::Watching {
            code: "ABC234".into(),
        });
        assert_eq!(
            heard,
            [Heard::Watching {
                code: "ABC234".into()
            }]
        );
        assert_eq!(s.code.as_deref(), Some("ABC234"));
        let (heard, _) = s.receive(watched(2));
        assert!(matches!(&heard[..], [Heard::Table(v)] if v.you.is_none()));
        assert_eq!(s.seq(), 2);
        assert!(
            s.clock().is_some(),
            "the turn's clock runs for a spectator too"
        );
        // Every action of the table, in order; a gap asks for the whole state again.
        let (heard, _) = s.receive(event(3));
        assert!(matches!(heard[..], [Heard::Played { .. }]));
        let (_, send) = s.receive(event(5));
        assert_eq!(send, [ClientMsg::Resync]);
        s.receive(watched(5));
        let (heard, _) = s.receive(ServerMsg::Watchers { count: 4 });
        assert_eq!(heard, [Heard::Watchers(4)]);
        let (heard, _) = s.receive(ServerMsg::Presence {
            seat: SeatId::Second,
            connected: false,
        });
        assert!(matches!(heard[..], [Heard::Presence { .. }]));
        assert_eq!(
            (s.token.as_ref(), s.seat),
            (None, None),
            "no seat, no token"
        );
        // A spectator that tries to act is refused, and goes on watching.
        let (heard, send) = s.receive(ServerMsg::error(ErrorCode::NotSeated, "watching"));
        assert!(matches!(heard[..], [Heard::Refused { .. }]) && send.is_empty());
        assert!(!s.lost());
    }

    #[test]
    fn a_dropped_spectator_spectates_again_by_the_code() {
        let mut s = Session::new(Request::Spectate {
            code: "ABC234".into(),
        });
        // Never connected: lost, as any first connection that fails.
        let mut early = s.clone();
        assert!(matches!(
            early.dropped("refused")[..],
            [Heard::Lost(Lost::Unreachable(_))]
        ));
        s.receive(welcome());
        s.receive(ServerMsg::Watching {
            code: "ABC234".into(),
        });
        s.receive(watched(1));
        assert!(s.dropped("reset").is_empty());
        assert_eq!(s.link, Link::Reconnecting { attempt: 1 });
        assert_eq!(s.opened(), [hello(None)], "no token to come back with");
        let (_, send) = s.receive(welcome());
        assert_eq!(
            send,
            [ClientMsg::Spectate {
                code: "ABC234".into()
            }]
        );
        // The events before the new state are dropped; the state replaces what was heard.
        assert_eq!(s.receive(event(2)), (vec![], vec![]));
        s.receive(ServerMsg::Watching {
            code: "ABC234".into(),
        });
        s.receive(watched(3));
        assert_eq!(s.seq(), 3);
        // The table gone meanwhile: lost for good.
        s.dropped("reset");
        s.receive(welcome());
        let (heard, _) = s.receive(ServerMsg::error(ErrorCode::NoSuchTable, "gone"));
        assert_eq!(heard, [Heard::Lost(Lost::NoSuchTable)]);
        // After the end a drop is the end of watching.
        let mut t = Session::new(Request::Spectate {
            code: "ABC234".into(),
        });
        t.receive(welcome());
        t.receive(ServerMsg::Watching {
            code: "ABC234".into(),
        });
        t.receive(watched(1));
        t.receive(ended(1));
        assert!(t.dropped("closed").is_empty());
        assert_eq!(t.link, Link::Lost(Lost::Finished));
    }

    #[test]
    fn a_returning_session_says_hello_with_its_token_and_asks_for_nothing_new() {
        let mut s = Session::returning(
            Request::Join {
                code: "ABC234".into(),
                name: String::new(),
            },
            "t".repeat(64),
        );
        assert_eq!(s.opened(), [hello(Some("t".repeat(64)))]);
        let (_, send) = s.receive(welcome());
        assert!(send.is_empty());
        // A first connection that fails is a drop to come back from, not the end.
        let mut t = Session::returning(create().request().clone(), "t".repeat(64));
        assert!(t.dropped("refused").is_empty());
        assert_eq!(t.link, Link::Reconnecting { attempt: 1 });
    }

    #[test]
    fn refusals_before_a_seat_end_the_session_others_do_not() {
        for (code, lost) in [
            (ErrorCode::NoSuchTable, Lost::NoSuchTable),
            (ErrorCode::TableFull, Lost::TableFull),
            (ErrorCode::Version, Lost::Version),
            (ErrorCode::Unavailable, Lost::Unavailable),
        ] {
            let mut s = create();
            s.receive(welcome());
            let (heard, _) = s.receive(ServerMsg::error(code, "no"));
            assert_eq!(heard, [Heard::Lost(lost)]);
        }
        let mut s = create();
        seated(&mut s);
        let (heard, send) = s.receive(ServerMsg::error(ErrorCode::NotYourTurn, "wait"));
        assert!(send.is_empty() && !s.lost());
        assert!(matches!(heard[..], [Heard::Refused { .. }]));
    }
}
