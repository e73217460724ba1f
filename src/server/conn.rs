//! One WebSocket connection: it must say `hello` first, keeps inside the size and rate limits,
//! and is routed to the table (and seat) it holds. Refusals are `error` messages; a connection
//! that keeps breaking the rules, or speaks another version, is closed. Nothing a client sends
//! can stop the server or another connection.

use super::lobby::QueueKey;
use super::table::Cmd;
use super::{Conn, Hub, NewSeat, NewTable, Out};
use crate::ai::Level;
use crate::net::protocol::{
    ClientMsg, ErrorCode, GameKind, HELLO_TIMEOUT_SECONDS, MAX_ACTION_CHARS, MAX_CLOCK_SECONDS,
    MAX_GAMES_ASKED, MAX_MESSAGE_BYTES, MAX_NAME_CHARS, MAX_STRIKES, MIN_CLOCK_SECONDS,
    PROTOCOL_VERSION, RATE_BURST, RATE_PER_SECOND, SeatId, ServerMsg, TableOptions, TimeControl,
    Viewer, normalise_code, quick_game_type,
};
use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;

/// Where a connection stands.
enum Role {
    /// No `hello` yet.
    New,
    /// Said hello; holds nothing (it may follow the lobby).
    Lobby,
    /// Waits in the pairing queue; the bot is offered at `bot_at` (`None` once offered).
    Queued {
        key: QueueKey,
        name: String,
        bot_at: Option<Instant>,
    },
    Seated {
        seat: SeatId,
        table: mpsc::Sender<Cmd>,
    },
    Watching {
        table: mpsc::Sender<Cmd>,
    },
}

/// Who the connection has proved to be (see `prove` in `docs/protocol.md`).
#[derive(Default)]
struct Who {
    /// The challenge sent with `welcome`; emptied once a `prove` was right.
    nonce: String,
    /// The key proved, once it was.
    key: Option<crate::identity::PublicKey>,
    /// Wrong `prove`s so far.
    wrong: u32,
}

/// Wrong `prove`s before the connection is closed.
const MAX_WRONG_PROOFS: u32 = 3;

/// A new challenge: 16 bytes from the operating system's random source, in hex.
fn new_nonce() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    crate::identity::hex(&bytes)
}

/// Checks a `prove`: the key's signature over this connection's nonce.
fn proof(nonce: &str, key: &str, signature: &str) -> Option<crate::identity::PublicKey> {
    let key = crate::identity::PublicKey::from_hex(key)?;
    let sig = crate::identity::signature_from_hex(signature.trim())?;
    key.verifies(&crate::identity::hello_bytes(nonce), &sig)
        .then_some(key)
}

/// A token bucket: [`RATE_PER_SECOND`] on average, bursts of [`RATE_BURST`].
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * f64::from(RATE_PER_SECOND);
        self.tokens = (self.tokens + refill).min(f64::from(RATE_BURST));
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// A name as kept: control characters dropped, trimmed, at most [`MAX_NAME_CHARS`].
fn clean_name(name: Option<String>) -> String {
    name.unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect::<String>()
        .trim()
        .to_string()
}

pub async fn serve(hub: Arc<Hub>, socket: WebSocket, from: std::net::IpAddr) {
    let (mut sink, mut stream) = socket.split();
    let (conn, mut rx, mut killed) = Conn::open(&hub);
    super::log::info("connection opened", &[("conn", conn.id.into())]);
    let mut writer_killed = killed.clone();
    let writer_stopping = hub.shutdown.subscribe();
    // Only the flag: a clone of the connection would keep its queue open.
    let writer_restarting = conn.restarting.clone();
    let mut stopping = hub.shutdown.subscribe();
    // A move to another table (a pairing, a rematch) reaches the writer in order with the
    // messages before it, and goes on to the reader, which holds the connection's role.
    let (reseat_tx, mut reseats) = mpsc::unbounded_channel::<(String, SeatId)>();
    let writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                biased;
                out = rx.recv() => match out {
                    Some(Out::Text(text)) => {
                        if sink.send(Message::Text(text)).await.is_err() {
                            return;
                        }
                    }
                    Some(Out::Reseat { code, seat }) => {
                        let _ = reseat_tx.send((code, seat));
                    }
                    None => break,
                },
                _ = closed(&mut writer_killed) => {
                    // Send what is queued (the error that explains the closing), then close.
                    while let Ok(out) = rx.try_recv() {
                        if let Out::Text(text) = out
                            && sink.send(Message::Text(text)).await.is_err()
                        {
                            return;
                        }
                    }
                    break;
                }
            }
        }
        // A server stopping for a restart says so (1012), and so does a table this process let
        // go to another (fenced): the client comes back with its token.
        let restart = *writer_stopping.borrow()
            || writer_restarting.load(std::sync::atomic::Ordering::Relaxed);
        let frame = restart.then(|| axum::extract::ws::CloseFrame {
            code: super::RESTARTING,
            reason: "server restarting".into(),
        });
        let _ = sink.send(Message::Close(frame)).await;
    });

    let mut role = Role::New;
    let mut who = Who::default();
    let hello_by = Instant::now() + Duration::from_secs(HELLO_TIMEOUT_SECONDS);
    let mut bucket = Bucket {
        tokens: f64::from(RATE_BURST),
        at: Instant::now(),
    };
    let mut strikes = 0u32;
    loop {
        let waiting_hello = matches!(role, Role::New);
        let bot_at = match &role {
            Role::Queued { bot_at, .. } => *bot_at,
            _ => None,
        };
        let frame = tokio::select! {
            f = stream.next() => f,
            _ = tokio::time::sleep_until(hello_by), if waiting_hello => {
                conn.send(&ServerMsg::error(ErrorCode::HelloFirst, "no hello in time"));
                break;
            }
            _ = sleep_until(bot_at), if bot_at.is_some() => {
                if let Role::Queued { bot_at, .. } = &mut role {
                    *bot_at = None;
                }
                conn.send(&ServerMsg::BotOffer);
                continue;
            }
            Some((code, seat)) = reseats.recv() => {
                reseat(&hub, &conn, &mut role, code, seat).await;
                continue;
            }
            _ = closed(&mut killed) => break,
            _ = closed(&mut stopping) => break,
        };
        let text = match frame {
            None | Some(Ok(Message::Close(_))) => break,
            Some(Err(e)) => {
                let e = e.to_string();
                if e.contains("too long") || e.contains("Space limit") || e.contains("too big") {
                    conn.send(&ServerMsg::error(
                        ErrorCode::TooLarge,
                        format!("frames are limited to {MAX_MESSAGE_BYTES} bytes"),
                    ));
                }
                break;
            }
            Some(Ok(Message::Text(t))) => Some(t),
            Some(Ok(Message::Binary(_))) => None,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {
                if !bucket.take() {
                    strikes += 1;
                }
                if strikes >= MAX_STRIKES {
                    break;
                }
                continue;
            }
        };
        if !bucket.take() {
            strikes += 1;
            conn.send(&ServerMsg::error(
                ErrorCode::RateLimited,
                format!("at most {RATE_PER_SECOND} messages a second (bursts of {RATE_BURST})"),
            ));
            if strikes >= MAX_STRIKES {
                break;
            }
            continue;
        }
        let parsed = match &text {
            Some(t) if t.len() > MAX_MESSAGE_BYTES => {
                conn.send(&ServerMsg::error(ErrorCode::TooLarge, "frame too large"));
                break;
            }
            Some(t) => ClientMsg::from_json(t.as_str()),
            None => Err("text frames only".to_string()),
        };
        let msg = match parsed {
            Ok(m) => m,
            Err(why) => {
                strikes += 1;
                let why: String = why.chars().take(200).collect();
                conn.send(&ServerMsg::error(ErrorCode::Malformed, why));
                if strikes >= MAX_STRIKES {
                    break;
                }
                continue;
            }
        };
        if let ClientMsg::Prove { key, signature } = &msg {
            if !hub.may_prove(from) {
                refuse(
                    &conn,
                    ErrorCode::RateLimited,
                    format!(
                        "at most {} proofs a minute from one address",
                        super::PROOFS_PER_MINUTE
                    ),
                );
                continue;
            }
            match prove(&hub, &conn, &role, &mut who, key, signature).await {
                Flow::Good => strikes = 0,
                Flow::Refused => {}
                Flow::Close => break,
            }
            continue;
        }
        match handle(&hub, &conn, &mut role, &mut who, msg).await {
            Flow::Good => strikes = 0,
            Flow::Refused => {
                strikes += 1;
                if strikes >= MAX_STRIKES {
                    break;
                }
            }
            Flow::Close => break,
        }
    }
    leave(&hub, &conn, &role).await;
    super::log::info("connection closed", &[("conn", conn.id.into())]);
    conn.kill();
    drop(conn);
    let _ = tokio::time::timeout(Duration::from_secs(5), writer).await;
}

/// Leaves whatever the connection held: its table, the lobby, the queue.
async fn leave(hub: &Arc<Hub>, conn: &Conn, role: &Role) {
    hub.lobby.unfollow(conn.id);
    match role {
        Role::Seated { table, .. } | Role::Watching { table } => {
            let _ = table.send(Cmd::Leave { conn_id: conn.id }).await;
        }
        Role::Queued { .. } => {
            hub.unqueue(conn.id).await;
        }
        Role::New | Role::Lobby => {}
    }
}

/// The connection was given `seat` at table `code` (paired, or a rematch): it leaves what it
/// held and takes the seat (`seated` and the whole `state` follow from the table).
async fn reseat(hub: &Arc<Hub>, conn: &Conn, role: &mut Role, code: String, seat: SeatId) {
    leave(hub, conn, role).await;
    *role = Role::Lobby;
    let table = match hub.find_table(&code).await {
        Ok(Some(table)) => table,
        Ok(None) => {
            conn.send(&ServerMsg::error(
                ErrorCode::NoSuchTable,
                format!("the new table {code} closed"),
            ));
            return;
        }
        Err(e) => {
            conn.send(&ServerMsg::error(e, cannot_tell(&code)));
            return;
        }
    };
    let cmd = Cmd::Attach {
        seat,
        conn: conn.clone(),
    };
    if table.send(cmd).await.is_ok() {
        *role = Role::Seated { seat, table };
    }
}

async fn sleep_until(t: Option<Instant>) {
    match t {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

/// Resolves once the connection is to close.
pub(super) async fn closed(kill: &mut watch::Receiver<bool>) {
    let _ = kill.wait_for(|k| *k).await;
}

enum Flow {
    Good,
    Refused,
    Close,
}

fn refuse(conn: &Conn, code: ErrorCode, message: impl Into<String>) -> Flow {
    conn.send(&ServerMsg::error(code, message));
    Flow::Refused
}

/// A `prove`: right, the connection is the key's player (its key stored, public only); wrong,
/// refused, and the connection closed after [`MAX_WRONG_PROOFS`]. One `prove` a connection: the
/// nonce is spent by a right one, so a signature heard elsewhere cannot be replayed here.
async fn prove(
    hub: &Arc<Hub>,
    conn: &Conn,
    role: &Role,
    who: &mut Who,
    key: &str,
    signature: &str,
) -> Flow {
    if matches!(role, Role::New) {
        return refuse(conn, ErrorCode::HelloFirst, "say hello first");
    }
    let proved = if who.nonce.is_empty() {
        None
    } else {
        proof(&who.nonce, key, signature)
    };
    let Some(key) = proved else {
        who.wrong += 1;
        let why = if who.key.is_some() {
            "this connection has proved its key already"
        } else {
            "the signature is not this key's over this connection's nonce"
        };
        conn.send(&ServerMsg::error(ErrorCode::BadSignature, why));
        return if who.wrong >= MAX_WRONG_PROOFS {
            Flow::Close
        } else {
            Flow::Refused
        };
    };
    who.nonce.clear();
    who.key = Some(key);
    if hub
        .store
        .write(super::store::Write::Player {
            key: key.to_hex(),
            at_ms: super::now_ms(),
            name: String::new(),
        })
        .await
        .is_err()
    {
        return refuse(
            conn,
            ErrorCode::Unavailable,
            "the server could not keep the key",
        );
    }
    conn.send(&ServerMsg::Proved {
        key: key.to_hex(),
        fingerprint: key.fingerprint(),
    });
    Flow::Good
}

async fn handle(
    hub: &Arc<Hub>,
    conn: &Conn,
    role: &mut Role,
    who: &mut Who,
    msg: ClientMsg,
) -> Flow {
    match (msg, &*role) {
        (ClientMsg::Hello { version, token }, Role::New) => {
            if version != PROTOCOL_VERSION {
                conn.send(&ServerMsg::error(
                    ErrorCode::Version,
                    format!(
                        "this server speaks protocol version {PROTOCOL_VERSION}, not {version}"
                    ),
                ));
                return Flow::Close;
            }
            who.nonce = new_nonce();
            conn.send(&ServerMsg::Welcome {
                version: PROTOCOL_VERSION,
                max_message_bytes: MAX_MESSAGE_BYTES,
                rate_per_second: RATE_PER_SECOND,
                rate_burst: RATE_BURST,
                nonce: who.nonce.clone(),
            });
            *role = Role::Lobby;
            match token {
                None => Flow::Good,
                Some(token) => match hub.find_token(&token).await {
                    Ok((seat, table)) => {
                        let cmd = Cmd::Attach {
                            seat,
                            conn: conn.clone(),
                        };
                        if table.send(cmd).await.is_err() {
                            // The table left this process just now (it ended, broke, or was
                            // let go): asked again, the token finds where it is, if anywhere.
                            return refuse(
                                conn,
                                ErrorCode::Unavailable,
                                "the table closed just now; come back in a moment",
                            );
                        }
                        *role = Role::Seated { seat, table };
                        Flow::Good
                    }
                    Err(ErrorCode::Unavailable) => refuse(
                        conn,
                        ErrorCode::Unavailable,
                        "the table cannot be reached now; come back in a moment",
                    ),
                    Err(code) => match hub.ended_seat(&token).await {
                        // The game ended while this player was away: the end, and its record.
                        Ok(Some((table, record))) => {
                            refuse(
                                conn,
                                ErrorCode::GameOver,
                                format!(
                                    "the game at this seat has ended (table {table}); its record follows"
                                ),
                            );
                            conn.send(&ServerMsg::Record {
                                code: table,
                                record,
                            });
                            Flow::Good
                        }
                        Ok(None) => refuse(conn, code, "no open table has this token"),
                        Err(_) => refuse(
                            conn,
                            ErrorCode::Unavailable,
                            "the table cannot be reached now; come back in a moment",
                        ),
                    },
                },
            }
        }
        (_, Role::New) => refuse(conn, ErrorCode::HelloFirst, "say hello first"),
        (ClientMsg::Hello { .. }, _) => refuse(conn, ErrorCode::BadRequest, "hello was said"),
        // Handled before `handle` (see `prove`).
        (ClientMsg::Prove { .. }, _) => Flow::Good,
        (ClientMsg::Ping { nonce }, _) => {
            conn.send(&ServerMsg::Pong { nonce });
            Flow::Good
        }
        (
            ClientMsg::Create {
                game,
                clock,
                bot_fill,
                name,
                stakes,
                appeal,
                artifacts,
                game_type,
                control,
                public,
                rated,
            },
            Role::Lobby,
        ) => {
            if rated && who.key.is_none() {
                return refuse(
                    conn,
                    ErrorCode::NotProved,
                    "a rated table needs a proved key: send prove first",
                );
            }
            let options = TableOptions {
                stakes,
                appeal,
                artifacts,
                // The base game is kept as no option at all: its listing and store read as
                // before game types.
                game_type: game_type.filter(|g| !g.is_base()),
            };
            if !options.fit(game) || (game_type.is_some() && game != GameKind::Hive) {
                return refuse(
                    conn,
                    ErrorCode::BadRequest,
                    format!(
                        "stakes and appeal are Snēlab's options, artifacts Artifact Chess's and \
                         game_type Ash & Walnut's, not {game}'s"
                    ),
                );
            }
            let control = match control {
                Some(c) => c,
                None => {
                    let clock = clock.unwrap_or(hub.config.clock);
                    if !(MIN_CLOCK_SECONDS..=MAX_CLOCK_SECONDS).contains(&clock) {
                        return refuse(
                            conn,
                            ErrorCode::BadRequest,
                            format!(
                                "the clock must be {MIN_CLOCK_SECONDS} to {MAX_CLOCK_SECONDS} seconds"
                            ),
                        );
                    }
                    TimeControl::Turn { seconds: clock }
                }
            };
            if let Err(why) = control.check() {
                return refuse(conn, ErrorCode::BadRequest, why);
            }
            let spec = NewTable {
                game,
                control,
                options,
                public,
                rated,
                bot_fill: bot_fill.map(Into::into),
                first: NewSeat::Human {
                    name: clean_name(name),
                    key: who.key,
                },
                second: None,
            };
            match hub.open(spec).await {
                Ok(opened) => {
                    hub.lobby.unfollow(conn.id);
                    let seat = SeatId::First;
                    let cmd = Cmd::Attach {
                        seat,
                        conn: conn.clone(),
                    };
                    if opened.table.send(cmd).await.is_err() {
                        return refuse(conn, ErrorCode::Unavailable, "the table closed");
                    }
                    *role = Role::Seated {
                        seat,
                        table: opened.table,
                    };
                    Flow::Good
                }
                Err(code) => refuse(conn, code, "the table could not be opened"),
            }
        }
        (ClientMsg::Lobby { game }, Role::Lobby) => {
            let snapshot = hub.lobby.follow(conn, game);
            conn.send(&snapshot);
            Flow::Good
        }
        (ClientMsg::Unlobby, Role::Lobby) => {
            hub.lobby.unfollow(conn.id);
            Flow::Good
        }
        (ClientMsg::Games { tokens }, _) => {
            if tokens.len() > MAX_GAMES_ASKED {
                return refuse(
                    conn,
                    ErrorCode::BadRequest,
                    format!("at most {MAX_GAMES_ASKED} tokens a question"),
                );
            }
            let games = hub.games(&tokens).await;
            conn.send(&ServerMsg::Games { games });
            Flow::Good
        }
        (
            ClientMsg::Quick {
                game,
                control,
                name,
                game_type,
                rated,
            },
            Role::Lobby,
        ) => {
            if let Err(why) = control.check() {
                return refuse(conn, ErrorCode::BadRequest, why);
            }
            let game_type = match quick_game_type(game, game_type.as_deref()) {
                Ok(g) => g,
                Err(why) => return refuse(conn, ErrorCode::BadRequest, why),
            };
            if !super::Hub::serves(game) {
                return refuse(conn, ErrorCode::BadRequest, "this server does not serve it");
            }
            if rated && who.key.is_none() {
                return refuse(
                    conn,
                    ErrorCode::NotProved,
                    "a rated game needs a proved key: send prove first",
                );
            }
            let key = QueueKey {
                game,
                control,
                rated,
                game_type,
            };
            let name = clean_name(name);
            let rating = match who.key {
                Some(k) if rated => {
                    let q = super::store::Query::Ratings {
                        keys: vec![k.to_hex()],
                        game,
                    };
                    match hub.store.query(q).await {
                        Ok(super::store::Answer::Ratings(r)) => r.first().map(|r| r.rating),
                        _ => None,
                    }
                }
                _ => None,
            };
            let me = super::lobby::Waiting {
                conn: conn.clone(),
                name: name.clone(),
                key: who.key,
                rating,
                since: std::time::Instant::now(),
            };
            hub.lobby.unfollow(conn.id);
            match hub.quick(key, me).await {
                Ok(Some((seat, table))) => {
                    *role = Role::Seated { seat, table };
                    Flow::Good
                }
                Ok(None) => {
                    let after = hub.config.quick_bot_after;
                    conn.send(&ServerMsg::Queued {
                        game,
                        control,
                        game_type: key.options().game_type,
                        bot_after_ms: after.as_millis() as u64,
                    });
                    *role = Role::Queued {
                        key,
                        name,
                        bot_at: Some(Instant::now() + after),
                    };
                    Flow::Good
                }
                Err(code) => refuse(conn, code, "no table could be opened for the pair"),
            }
        }
        (ClientMsg::QuickBot { level }, Role::Queued { key, name, .. }) => {
            let (key, name) = (*key, name.clone());
            hub.unqueue(conn.id).await;
            *role = Role::Lobby;
            let spec = NewTable {
                game: key.game,
                control: key.control,
                // The game type sought: the bot plays it too.
                options: key.options(),
                public: true,
                // Bots are not rated.
                rated: false,
                bot_fill: None,
                first: NewSeat::Human { name, key: who.key },
                second: Some(NewSeat::Bot(level.map_or(Level::Normal, Into::into))),
            };
            match hub.open(spec).await {
                Ok(opened) => {
                    let cmd = Cmd::Attach {
                        seat: SeatId::First,
                        conn: conn.clone(),
                    };
                    if opened.table.send(cmd).await.is_err() {
                        return refuse(conn, ErrorCode::Unavailable, "the table closed");
                    }
                    *role = Role::Seated {
                        seat: SeatId::First,
                        table: opened.table,
                    };
                    Flow::Good
                }
                Err(code) => refuse(conn, code, "the table could not be opened"),
            }
        }
        (ClientMsg::Unqueue, Role::Queued { .. }) => {
            hub.unqueue(conn.id).await;
            *role = Role::Lobby;
            conn.send(&ServerMsg::Unqueued);
            Flow::Good
        }
        (ClientMsg::QuickBot { .. } | ClientMsg::Unqueue, _) => refuse(
            conn,
            ErrorCode::BadRequest,
            "this connection is not in the queue",
        ),
        (ClientMsg::Lobby { .. } | ClientMsg::Unlobby | ClientMsg::Quick { .. }, _) => refuse(
            conn,
            ErrorCode::BadRequest,
            "the lobby and the queue are for a connection without a table",
        ),
        (ClientMsg::Join { code, name }, Role::Lobby) => {
            let code = normalise_code(&code);
            let table = match hub.find_table(&code).await {
                Ok(Some(table)) => table,
                Ok(None) => return no_table(conn, &code),
                Err(e) => return refuse(conn, e, cannot_tell(&code)),
            };
            let (reply, answer) = oneshot::channel();
            let cmd = Cmd::Join {
                name: clean_name(name),
                key: who.key,
                conn: conn.clone(),
                reply,
            };
            if table.send(cmd).await.is_err() {
                return no_table(conn, &code);
            }
            match answer.await {
                Ok(Ok(seat)) => {
                    hub.lobby.unfollow(conn.id);
                    *role = Role::Seated { seat, table };
                    Flow::Good
                }
                Ok(Err(ErrorCode::TableFull)) => refuse(
                    conn,
                    ErrorCode::TableFull,
                    "both seats are taken; spectate instead",
                ),
                Ok(Err(ErrorCode::NotProved)) => refuse(
                    conn,
                    ErrorCode::NotProved,
                    "a rated table needs a proved key: send prove first",
                ),
                Ok(Err(ErrorCode::BadRequest)) => refuse(
                    conn,
                    ErrorCode::BadRequest,
                    "a rated game is between two keys: this key holds the other seat",
                ),
                Ok(Err(code)) => refuse(conn, code, "the seat could not be taken"),
                Err(_) => refuse(conn, ErrorCode::NoSuchTable, "the table has closed"),
            }
        }
        (ClientMsg::Spectate { code }, Role::Lobby) => {
            let code = normalise_code(&code);
            let table = match hub.find_table(&code).await {
                Ok(Some(table)) => table,
                Ok(None) => return no_table(conn, &code),
                Err(e) => return refuse(conn, e, cannot_tell(&code)),
            };
            if table
                .send(Cmd::Spectate { conn: conn.clone() })
                .await
                .is_err()
            {
                return no_table(conn, &code);
            }
            hub.lobby.unfollow(conn.id);
            *role = Role::Watching { table };
            Flow::Good
        }
        (ClientMsg::Create { .. } | ClientMsg::Join { .. } | ClientMsg::Spectate { .. }, _) => {
            refuse(
                conn,
                ErrorCode::BadRequest,
                "this connection already has a table",
            )
        }
        (ClientMsg::Act { action, .. }, Role::Seated { .. })
            if action.chars().count() > MAX_ACTION_CHARS =>
        {
            refuse(
                conn,
                ErrorCode::BadNotation,
                format!("an action is at most {MAX_ACTION_CHARS} characters"),
            )
        }
        (ClientMsg::Act { seq, action, sig }, Role::Seated { seat, table }) => {
            let cmd = Cmd::Act {
                seat: *seat,
                conn: conn.clone(),
                seq,
                action,
                sig,
            };
            forward(conn, table, cmd).await
        }
        (ClientMsg::Resign, Role::Seated { seat, table }) => {
            let cmd = Cmd::Resign {
                seat: *seat,
                conn: conn.clone(),
            };
            forward(conn, table, cmd).await
        }
        (ClientMsg::Resync, Role::Seated { seat, table }) => {
            let cmd = Cmd::Resync {
                viewer: Viewer::Seat(*seat),
                conn: conn.clone(),
            };
            forward(conn, table, cmd).await
        }
        (ClientMsg::Resync, Role::Watching { table }) => {
            let cmd = Cmd::Resync {
                viewer: Viewer::Spectator,
                conn: conn.clone(),
            };
            forward(conn, table, cmd).await
        }
        (ClientMsg::Rematch, Role::Seated { seat, table }) => {
            let cmd = Cmd::Rematch {
                seat: *seat,
                conn: conn.clone(),
            };
            forward(conn, table, cmd).await
        }
        (ClientMsg::Offer { what }, Role::Seated { seat, table }) => {
            let cmd = Cmd::Offer {
                seat: *seat,
                conn: conn.clone(),
                what,
            };
            forward(conn, table, cmd).await
        }
        (ClientMsg::Answer { what, accept }, Role::Seated { seat, table }) => {
            let cmd = Cmd::Answer {
                seat: *seat,
                conn: conn.clone(),
                what,
                accept,
            };
            forward(conn, table, cmd).await
        }
        (
            ClientMsg::Act { .. }
            | ClientMsg::Resign
            | ClientMsg::Resync
            | ClientMsg::Rematch
            | ClientMsg::Offer { .. }
            | ClientMsg::Answer { .. },
            _,
        ) => refuse(conn, ErrorCode::NotSeated, "this connection holds no seat"),
        (ClientMsg::Profile { key }, _) => {
            let key = match key {
                Some(k) => match crate::identity::PublicKey::from_hex(&k) {
                    Some(k) => k,
                    None => {
                        return refuse(conn, ErrorCode::BadRequest, "a key is 64 hex digits");
                    }
                },
                None => match who.key {
                    Some(k) => k,
                    None => {
                        return refuse(
                            conn,
                            ErrorCode::NotProved,
                            "prove a key first, or name the key whose page you want",
                        );
                    }
                },
            };
            let q = super::store::Query::Profile { key: key.to_hex() };
            match hub.store.query(q).await {
                Ok(super::store::Answer::Profile(Some(p))) => {
                    conn.send(&ServerMsg::Profile(p));
                    Flow::Good
                }
                Ok(_) => refuse(conn, ErrorCode::BadRequest, "no player has this key here"),
                Err(_) => refuse(conn, ErrorCode::Unavailable, "the store could not say"),
            }
        }
        (ClientMsg::Record { code }, _) => {
            let code = normalise_code(&code);
            match hub.store.record(&code).await {
                Ok(Some(record)) => {
                    conn.send(&ServerMsg::Record { code, record });
                    Flow::Good
                }
                Ok(None) => refuse(
                    conn,
                    ErrorCode::NoSuchTable,
                    format!("no finished game has the code {code}"),
                ),
                Err(_) => refuse(conn, ErrorCode::Unavailable, "the store could not say"),
            }
        }
    }
}

/// Why a table that may exist cannot be reached now (with several processes: Redis or the
/// store did not answer).
fn cannot_tell(code: &str) -> String {
    format!("the server cannot reach table {code} now; try again in a moment")
}

fn no_table(conn: &Conn, code: &str) -> Flow {
    refuse(
        conn,
        ErrorCode::NoSuchTable,
        format!("no open table {code}"),
    )
}

async fn forward(conn: &Conn, table: &mpsc::Sender<Cmd>, cmd: Cmd) -> Flow {
    if table.send(cmd).await.is_err() {
        return refuse(conn, ErrorCode::GameOver, "the table has closed");
    }
    Flow::Good
}
