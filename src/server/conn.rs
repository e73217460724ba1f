//! One WebSocket connection: it must say `hello` first, keeps inside the size and rate limits,
//! and is routed to the table (and seat) it holds. Refusals are `error` messages; a connection
//! that keeps breaking the rules, or speaks another version, is closed. Nothing a client sends
//! can stop the server or another connection.

use super::table::Cmd;
use super::{Conn, Hub, Out};
use crate::net::protocol::{
    ClientMsg, ErrorCode, HELLO_TIMEOUT_SECONDS, MAX_ACTION_CHARS, MAX_CLOCK_SECONDS,
    MAX_MESSAGE_BYTES, MAX_NAME_CHARS, MAX_STRIKES, MIN_CLOCK_SECONDS, PROTOCOL_VERSION,
    RATE_BURST, RATE_PER_SECOND, SeatId, ServerMsg, TableOptions, Viewer, normalise_code,
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
    /// Said hello; holds nothing.
    Lobby,
    Seated {
        seat: SeatId,
        table: mpsc::Sender<Cmd>,
    },
    Watching {
        table: mpsc::Sender<Cmd>,
    },
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

pub async fn serve(hub: Arc<Hub>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (conn, mut rx, mut killed) = Conn::open(&hub);
    let mut writer_killed = killed.clone();
    let writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                biased;
                out = rx.recv() => match out {
                    Some(Out::Text(text)) => {
                        if sink.send(Message::Text(text.into())).await.is_err() {
                            return;
                        }
                    }
                    None => break,
                },
                _ = closed(&mut writer_killed) => {
                    // Send what is queued (the error that explains the closing), then close.
                    while let Ok(Out::Text(text)) = rx.try_recv() {
                        if sink.send(Message::Text(text.into())).await.is_err() {
                            return;
                        }
                    }
                    break;
                }
            }
        }
        let _ = sink.send(Message::Close(None)).await;
    });

    let mut role = Role::New;
    let hello_by = Instant::now() + Duration::from_secs(HELLO_TIMEOUT_SECONDS);
    let mut bucket = Bucket {
        tokens: f64::from(RATE_BURST),
        at: Instant::now(),
    };
    let mut strikes = 0u32;
    loop {
        let waiting_hello = matches!(role, Role::New);
        let frame = tokio::select! {
            f = stream.next() => f,
            _ = tokio::time::sleep_until(hello_by), if waiting_hello => {
                conn.send(&ServerMsg::error(ErrorCode::HelloFirst, "no hello in time"));
                break;
            }
            _ = closed(&mut killed) => break,
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
        match handle(&hub, &conn, &mut role, msg).await {
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
    if let Role::Seated { table, .. } | Role::Watching { table } = &role {
        let _ = table.send(Cmd::Leave { conn_id: conn.id }).await;
    }
    conn.kill();
    drop(conn);
    let _ = tokio::time::timeout(Duration::from_secs(5), writer).await;
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

async fn handle(hub: &Arc<Hub>, conn: &Conn, role: &mut Role, msg: ClientMsg) -> Flow {
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
            conn.send(&ServerMsg::Welcome {
                version: PROTOCOL_VERSION,
                max_message_bytes: MAX_MESSAGE_BYTES,
                rate_per_second: RATE_PER_SECOND,
                rate_burst: RATE_BURST,
            });
            *role = Role::Lobby;
            match token {
                None => Flow::Good,
                Some(token) => match hub.find_token(&token).await {
                    Some((seat, table)) => {
                        let cmd = Cmd::Attach {
                            seat,
                            conn: conn.clone(),
                        };
                        if table.send(cmd).await.is_err() {
                            return refuse(
                                conn,
                                ErrorCode::BadToken,
                                "no open table has this token",
                            );
                        }
                        *role = Role::Seated { seat, table };
                        Flow::Good
                    }
                    None => refuse(conn, ErrorCode::BadToken, "no open table has this token"),
                },
            }
        }
        (_, Role::New) => refuse(conn, ErrorCode::HelloFirst, "say hello first"),
        (ClientMsg::Hello { .. }, _) => refuse(conn, ErrorCode::BadRequest, "hello was said"),
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
                ..
            },
            Role::Lobby,
        ) => {
            let options = TableOptions {
                stakes,
                appeal,
                artifacts,
            };
            if !options.fit(game) {
                return refuse(
                    conn,
                    ErrorCode::BadRequest,
                    format!(
                        "stakes and appeal are Snēlab's options and artifacts Artifact Chess's, \
                         not {game}'s"
                    ),
                );
            }
            let clock = clock.unwrap_or(hub.config.clock);
            if !(MIN_CLOCK_SECONDS..=MAX_CLOCK_SECONDS).contains(&clock) {
                return refuse(
                    conn,
                    ErrorCode::BadRequest,
                    format!("the clock must be {MIN_CLOCK_SECONDS} to {MAX_CLOCK_SECONDS} seconds"),
                );
            }
            match hub
                .create(
                    game,
                    clean_name(name),
                    clock,
                    bot_fill.map(Into::into),
                    options,
                )
                .await
            {
                Ok((_, table)) => {
                    let seat = SeatId::First;
                    let cmd = Cmd::Attach {
                        seat,
                        conn: conn.clone(),
                    };
                    if table.send(cmd).await.is_err() {
                        return refuse(conn, ErrorCode::Unavailable, "the table closed");
                    }
                    *role = Role::Seated { seat, table };
                    Flow::Good
                }
                Err(code) => refuse(conn, code, "the table could not be opened"),
            }
        }
        (ClientMsg::Join { code, name }, Role::Lobby) => {
            let code = normalise_code(&code);
            let Some(table) = hub.find_table(&code).await else {
                return no_table(conn, &code);
            };
            let (reply, answer) = oneshot::channel();
            let cmd = Cmd::Join {
                name: clean_name(name),
                conn: conn.clone(),
                reply,
            };
            if table.send(cmd).await.is_err() {
                return no_table(conn, &code);
            }
            match answer.await {
                Ok(Ok(seat)) => {
                    *role = Role::Seated { seat, table };
                    Flow::Good
                }
                Ok(Err(ErrorCode::TableFull)) => refuse(
                    conn,
                    ErrorCode::TableFull,
                    "both seats are taken; spectate instead",
                ),
                Ok(Err(code)) => refuse(conn, code, "the seat could not be taken"),
                Err(_) => refuse(conn, ErrorCode::NoSuchTable, "the table has closed"),
            }
        }
        (ClientMsg::Spectate { code }, Role::Lobby) => {
            let code = normalise_code(&code);
            let Some(table) = hub.find_table(&code).await else {
                return no_table(conn, &code);
            };
            if table
                .send(Cmd::Spectate { conn: conn.clone() })
                .await
                .is_err()
            {
                return no_table(conn, &code);
            }
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
        (ClientMsg::Act { seq, action }, Role::Seated { seat, table }) => {
            let cmd = Cmd::Act {
                seat: *seat,
                conn: conn.clone(),
                seq,
                action,
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
        (ClientMsg::Act { .. } | ClientMsg::Resign | ClientMsg::Resync, _) => {
            refuse(conn, ErrorCode::NotSeated, "this connection holds no seat")
        }
        _ => refuse(conn, ErrorCode::BadRequest, "not served yet"),
    }
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
