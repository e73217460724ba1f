//! A small client of the protocol over real WebSocket connections, for `tables loadtest` and
//! the server's tests: connect, send, receive with a time limit, and an HTTP GET for records.

use crate::net::protocol::{
    BotLevel, ChessNow, ClientMsg, GameKind, GameView, PROTOCOL_VERSION, SeatId, ServerMsg, Side,
    TableOptions, TableView,
};
use crate::rules::chess::{Colour as ChessColour, State as ChessState};
use crate::rules::hive::State;
use crate::rules::snelab::Position;
use futures_util::{SinkExt, StreamExt};
use rand::seq::IndexedRandom;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// What [`Client::recv_within`] says when nothing came within its limit.
pub const NOTHING_IN_TIME: &str = "nothing received in time";

/// One connection to a server.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The key this connection proved ([`hello_as`]): a seat taken with it signs its actions.
    pub identity: Option<crate::identity::Identity>,
}

impl Client {
    /// Connects to `ws://ADDR/ws` (`addr` as `HOST:PORT`).
    pub async fn connect(addr: &str) -> Result<Client, String> {
        Client::connect_from(addr, None).await
    }

    /// [`Client::connect`] from the local address `from` (any when `None`). `tables loadtest`
    /// spreads its connections to a server on 127.0.0.1 over the loopback's other addresses:
    /// thousands of short connections from one address to one port make the kernel search
    /// its ephemeral ports past those still in TIME_WAIT at every connect.
    pub async fn connect_from(addr: &str, from: Option<IpAddr>) -> Result<Client, String> {
        let url = format!("ws://{addr}/ws");
        let failed = |e: &dyn std::fmt::Display| format!("connect {url}: {e}");
        let target = tokio::net::lookup_host(addr)
            .await
            .map_err(|e| failed(&e))?
            .next()
            .ok_or_else(|| failed(&"no address"))?;
        let socket = if target.is_ipv4() {
            TcpSocket::new_v4()
        } else {
            TcpSocket::new_v6()
        }
        .map_err(|e| failed(&e))?;
        if let Some(ip) = from {
            socket
                .bind(SocketAddr::new(ip, 0))
                .map_err(|e| failed(&e))?;
        }
        let stream = socket.connect(target).await.map_err(|e| failed(&e))?;
        // Each message at once (no waiting to coalesce small writes).
        stream.set_nodelay(true).map_err(|e| failed(&e))?;
        // Messages here are small: tungstenite's default 128 KiB read buffer is zero-filled
        // before every read, which the load tool's thousands of connections feel.
        let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
        let (ws, _) = tokio_tungstenite::client_async_with_config(
            url.as_str(),
            MaybeTlsStream::Plain(stream),
            Some(config),
        )
        .await
        .map_err(|e| failed(&e))?;
        Ok(Client { ws, identity: None })
    }

    pub async fn send(&mut self, msg: &ClientMsg) -> Result<(), String> {
        self.send_text(msg.to_json()).await
    }

    /// Sends any text frame (the tests send broken ones).
    pub async fn send_text(&mut self, text: String) -> Result<(), String> {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| format!("send: {e}"))
    }

    /// Sends a binary frame.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        self.ws
            .send(Message::Binary(bytes.into()))
            .await
            .map_err(|e| format!("send: {e}"))
    }

    /// The next message; `Err` when the connection closes, an unreadable message arrives, or
    /// nothing comes within `limit`.
    pub async fn recv_within(&mut self, limit: Duration) -> Result<ServerMsg, String> {
        let t = self.recv_text_within(limit).await?;
        serde_json::from_str(&t).map_err(|e| format!("unreadable message {t}: {e}"))
    }

    /// The next text frame as it came (unread), with the same errors as [`Client::recv_within`]
    /// (the load tool counts a lobby's bytes without reading every update).
    pub async fn recv_text_within(&mut self, limit: Duration) -> Result<String, String> {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .map_err(|_| NOTHING_IN_TIME.to_string())?;
            match frame {
                None => return Err("closed".into()),
                Some(Err(e)) => return Err(format!("closed: {e}")),
                Some(Ok(Message::Text(t))) => return Ok(t.as_str().to_string()),
                Some(Ok(Message::Close(Some(frame)))) => {
                    return Err(format!(
                        "closed: {} {}",
                        u16::from(frame.code),
                        frame.reason
                    ));
                }
                Some(Ok(Message::Close(None))) => return Err("closed".into()),
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next message within 10 seconds.
    pub async fn recv(&mut self) -> Result<ServerMsg, String> {
        self.recv_within(Duration::from_secs(10)).await
    }

    /// Reads until a message `pick` accepts (others are skipped), within 10 seconds.
    pub async fn recv_until<T>(
        &mut self,
        mut pick: impl FnMut(&ServerMsg) -> Option<T>,
    ) -> Result<T, String> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let msg = self.recv_within(left).await?;
            if let Some(t) = pick(&msg) {
                return Ok(t);
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }

    /// Drops the connection as a network does: the TCP stream is shut, no WebSocket close
    /// frame is sent (`tables loadtest --drops`).
    pub async fn sever(&mut self) {
        if let MaybeTlsStream::Plain(s) = self.ws.get_mut() {
            let _ = s.shutdown().await;
        }
    }
}

/// `GET path` on `addr` over HTTP/1.1: the status and the body.
pub async fn http_get(addr: &str, path: &str) -> Result<(u16, String), String> {
    let mut s = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connect {addr}: {e}"))?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut raw))
        .await
        .map_err(|_| "no answer in time".to_string())?
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no HTTP answer")?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no HTTP status")?;
    Ok((status, body.to_string()))
}

/// Says hello (with a seat token to take a seat back) and reads the welcome.
pub async fn hello(addr: &str, token: Option<String>) -> Result<Client, String> {
    hello_from(addr, None, token).await
}

/// [`hello`], then proves `identity` with the welcome's nonce (`proved` is awaited).
pub async fn hello_as(
    addr: &str,
    token: Option<String>,
    identity: &crate::identity::Identity,
) -> Result<Client, String> {
    let mut c = Client::connect(addr).await?;
    c.send(&ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        token,
    })
    .await?;
    let nonce = match c.recv().await? {
        ServerMsg::Welcome { nonce, .. } => nonce,
        other => return Err(format!("expected welcome, got {other:?}")),
    };
    let signature = identity.sign(&crate::identity::hello_bytes(&nonce));
    c.send(&ClientMsg::Prove {
        key: identity.public().to_hex(),
        signature: crate::identity::hex(&signature),
    })
    .await?;
    c.recv_until(|m| match m {
        ServerMsg::Proved { .. } => Some(Ok(())),
        ServerMsg::Error { code, message } => Some(Err(format!("{code:?}: {message}"))),
        _ => None,
    })
    .await??;
    c.identity = Some(identity.clone());
    Ok(c)
}

/// [`hello`] from the local address `from` (see [`Client::connect_from`]).
pub async fn hello_from(
    addr: &str,
    from: Option<IpAddr>,
    token: Option<String>,
) -> Result<Client, String> {
    let mut c = Client::connect_from(addr, from).await?;
    c.send(&ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        token,
    })
    .await?;
    match c.recv().await? {
        ServerMsg::Welcome { .. } => Ok(c),
        other => Err(format!("expected welcome, got {other:?}")),
    }
}

/// The game at a client, replayed through the rules from the server's messages.
#[derive(Clone, Debug, PartialEq)]
pub enum Board {
    Hive(Box<State>),
    Snelab(Box<Position>),
    Chess(Box<ChessBoard>),
}

/// An Artifact Chess table at a client: the stage, who is ready and revealed, this seat's own
/// army and salt (drawn when it readies), and the position as the server last showed it (the
/// client cannot replay the dice: they come from the server's secret seed).
#[derive(Clone, Debug, PartialEq)]
pub struct ChessBoard {
    pub ready: [bool; 2],
    pub revealed: [bool; 2],
    /// This seat's army text and salt, once it is ready.
    pub mine: Option<(String, String)>,
    /// The position as this viewer may see it, once the game has started.
    pub now: Option<ChessState>,
    pub hands: [usize; 2],
    pub forfeit: bool,
}

fn chess_index(side: Side) -> usize {
    match side {
        Side::Ash => 0,
        Side::Walnut => 1,
    }
}

impl ChessBoard {
    /// Takes in the position a `state` or `event` carried.
    pub fn set_now(&mut self, now: Option<&ChessNow>) -> Result<(), String> {
        if let Some(now) = now {
            let state = crate::rules::chess::parse_position(&now.position)
                .map_err(|e| format!("the server's position {}: {e:?}", now.position))?;
            self.now = Some(state);
            self.hands = now.hands;
        }
        Ok(())
    }

    /// What this seat (playing `me`) does next: `ready`, `reveal` or a random legal action;
    /// `None` when it has nothing to do.
    pub fn next_action(&mut self, me: Side, rng: &mut impl rand::Rng) -> Option<String> {
        let i = chess_index(me);
        if !self.ready[i] {
            let colour = if i == 0 {
                ChessColour::White
            } else {
                ChessColour::Black
            };
            let army = crate::play::chess::Draft::random(colour, rng.random())
                .army()
                .ok()?;
            let text = crate::fair::chess::army_text(&army);
            let salt = crate::fair::Seed(rng.random()).to_hex();
            let value = crate::fair::Seed(rng.random()).to_hex();
            let commit = crate::fair::chess::commitment(&text, &salt);
            self.mine = Some((text, salt));
            return Some(format!("ready {commit} {value}"));
        }
        if !self.ready.iter().all(|r| *r) {
            return None;
        }
        if !self.revealed[i] {
            let (text, salt) = self.mine.as_ref()?;
            return Some(format!("reveal {text} {salt}"));
        }
        let state = self.now.as_ref()?;
        state.legal_actions().choose(rng).map(ToString::to_string)
    }

    /// Whether this seat (playing `me`) has something to do in the building or revealing
    /// stage.
    pub fn early_turn(&self, me: Side) -> bool {
        let i = chess_index(me);
        !self.forfeit
            && self.now.is_none()
            && (!self.ready[i] || (self.ready.iter().all(|r| *r) && !self.revealed[i]))
    }
}

impl Board {
    /// The game's start as a view of it says (Snēlab's appeal rule).
    pub fn of_view(view: &GameView) -> Board {
        match view {
            GameView::Hive { game_type, .. } => Board::Hive(Box::new(State::new_game(*game_type))),
            GameView::Snelab { appeal, .. } => {
                Board::Snelab(Box::new(crate::play::snelab::record::start(*appeal)))
            }
            GameView::Chess { .. } => Board::Chess(Box::new(ChessBoard {
                ready: [false; 2],
                revealed: [false; 2],
                mine: None,
                now: None,
                hands: [0; 2],
                forfeit: false,
            })),
        }
    }

    /// Plays one action heard from the server, played by `by`.
    pub fn play(&mut self, action: &str, by: Side) -> Result<(), String> {
        match self {
            Board::Hive(state) => {
                let mv = state
                    .parse_move(action)
                    .map_err(|e| format!("the server's move {action}: {e}"))?;
                state
                    .play(mv)
                    .map(|_| ())
                    .map_err(|e| format!("{action}: {e:?}"))
            }
            Board::Snelab(pos) => {
                let a = action
                    .parse()
                    .map_err(|e| format!("the server's action {action}: {e}"))?;
                **pos =
                    crate::rules::snelab::apply(pos, &a).map_err(|e| format!("{action}: {e}"))?;
                Ok(())
            }
            Board::Chess(b) => {
                let i = chess_index(by);
                match action.split(' ').next() {
                    Some("ready") => b.ready[i] = true,
                    Some("reveal") => b.revealed[i] = true,
                    Some("forfeit") => b.forfeit = true,
                    _ => {}
                }
                Ok(())
            }
        }
    }

    /// A random legal action in the game's notation; `None` when there is none.
    pub fn random_action(&mut self, me: Option<Side>, rng: &mut impl rand::Rng) -> Option<String> {
        match self {
            Board::Hive(state) => {
                let moves = state.legal_moves();
                moves.choose(rng).map(|m| state.move_string(*m))
            }
            Board::Snelab(pos) => crate::rules::snelab::legal_actions(pos)
                .choose(rng)
                .map(ToString::to_string),
            Board::Chess(b) => b.next_action(me?, rng),
        }
    }

    /// Whether the rules have ended the game.
    pub fn over(&self) -> bool {
        match self {
            Board::Hive(state) => state.outcome().is_some(),
            Board::Snelab(pos) => crate::rules::snelab::outcome(pos).is_some(),
            Board::Chess(b) => b.forfeit || b.now.as_ref().is_some_and(|s| s.end().is_some()),
        }
    }

    /// The Ash & Walnut position (tests of that game).
    pub fn hive(&self) -> Option<&State> {
        match self {
            Board::Hive(s) => Some(s),
            _ => None,
        }
    }

    /// The Artifact Chess table (tests of that game).
    pub fn chess(&self) -> Option<&ChessBoard> {
        match self {
            Board::Chess(b) => Some(b),
            _ => None,
        }
    }
}

/// What a seat's token brought back ([`Player::back`]).
pub enum Back {
    /// The seat, with the whole table.
    Seated(Box<Player>),
    /// The game at this seat ended while it was away: table `code`'s record.
    Ended { code: String, record: String },
}

/// A player at a table as its client sees it: the seat, its token, and the game so far,
/// replayed through the rules from the server's messages.
pub struct Player {
    pub c: Client,
    pub seat: SeatId,
    pub token: String,
    pub code: String,
    pub state: Board,
    pub colour: Option<Side>,
    pub to_move: Option<Side>,
    /// Every action heard, in order.
    pub seen: Vec<String>,
    /// The record, once the game has ended.
    pub ended: Option<String>,
    /// The game ended while this seat was away: its record came from the server when the seat
    /// came back, so what it heard may stop short of the record's end.
    pub away_at_end: bool,
    /// The game's end as a `state` showed it (a seat that came after the end hears no
    /// `ended`).
    pub outcome: Option<crate::net::protocol::Outcome>,
    /// When this seat last sent an action: the next waits for its turn under the server's
    /// rate limit (see [`Player::play_random`]).
    last_act: Option<tokio::time::Instant>,
    /// The table's chain as heard: actions signed, and the hash after the last.
    pub chain: (u64, [u8; 32]),
    /// An action sent without `seq` (both seats act at once), signed: sent again, signed
    /// anew, when it comes back `stale` because the other seat's came first.
    pending: Option<String>,
}

impl Player {
    /// Actions heard so far.
    pub fn seq(&self) -> u64 {
        self.seen.len() as u64
    }

    /// Reads `seated` and the `state` after it.
    pub async fn seated(mut c: Client) -> Result<Player, String> {
        let (code, seat, token) = c
            .recv_until(|m| match m {
                ServerMsg::Seated { code, seat, token } => {
                    Some(Ok((code.clone(), *seat, token.clone())))
                }
                ServerMsg::Error { code, message } => Some(Err(format!("{code:?}: {message}"))),
                _ => None,
            })
            .await??;
        Player::from_seated(c, code, seat, token).await
    }

    /// A seat coming back with its token (after `hello` with it): the player again, or, when
    /// the game ended while it was away, the server's `game_over` and the record that follows.
    pub async fn back(mut c: Client) -> Result<Back, String> {
        let seated = c
            .recv_until(|m| match m {
                ServerMsg::Seated { code, seat, token } => {
                    Some(Ok((code.clone(), *seat, token.clone())))
                }
                ServerMsg::Error { code, message } => Some(Err((*code, message.clone()))),
                _ => None,
            })
            .await?;
        match seated {
            Ok((code, seat, token)) => Ok(Back::Seated(Box::new(
                Player::from_seated(c, code, seat, token).await?,
            ))),
            Err((crate::net::protocol::ErrorCode::GameOver, _)) => {
                let (code, record) = c
                    .recv_until(|m| match m {
                        ServerMsg::Record { code, record } => Some((code.clone(), record.clone())),
                        _ => None,
                    })
                    .await?;
                c.close().await;
                Ok(Back::Ended { code, record })
            }
            Err((code, message)) => Err(format!("{code:?}: {message}")),
        }
    }

    /// The player once `seated` (with `code`, `seat` and `token`) has been read: reads the
    /// `state` after it.
    pub async fn from_seated(
        c: Client,
        code: String,
        seat: SeatId,
        token: String,
    ) -> Result<Player, String> {
        let mut p = Player {
            c,
            seat,
            token,
            code,
            state: Board::Hive(Box::default()),
            colour: None,
            to_move: None,
            seen: Vec::new(),
            ended: None,
            away_at_end: false,
            outcome: None,
            last_act: None,
            chain: (0, crate::identity::CHAIN_START),
            pending: None,
        };
        let view = p.next_state().await?;
        p.take_view(&view)?;
        Ok(p)
    }

    /// Reads until the next `state`.
    pub async fn next_state(&mut self) -> Result<TableView, String> {
        self.c
            .recv_until(|m| match m {
                ServerMsg::State(v) => Some((**v).clone()),
                _ => None,
            })
            .await
    }

    /// Starts again from a whole `state`.
    pub fn take_view(&mut self, v: &TableView) -> Result<(), String> {
        // This seat's own army and salt live only here: keep them through a new state.
        let mine = self.state.chess().and_then(|b| b.mine.clone());
        self.state = Board::of_view(&v.game);
        self.seen.clear();
        for m in v.game.moves() {
            if m.seq != self.seq() + 1 {
                return Err(format!("state: move {} out of order", m.seq));
            }
            self.play(&m.action, m.by)?;
        }
        if let (Board::Chess(b), GameView::Chess { now, .. }) = (&mut self.state, &v.game) {
            b.mine = mine;
            b.set_now(now.as_ref())?;
        }
        if v.seq != self.seq() {
            return Err(format!("state: seq {} with {} moves", v.seq, self.seq()));
        }
        self.colour = v.seats[self.seat.index()].colour;
        self.to_move = v.to_move;
        self.outcome = v.outcome;
        if let Some(c) = &v.chain {
            let head = crate::identity::unhex(&c.head)
                .and_then(|b| b.try_into().ok())
                .ok_or("state: a chain head that is not 64 hex digits")?;
            self.chain = (c.n, head);
        }
        Ok(())
    }

    fn play(&mut self, action: &str, by: Side) -> Result<(), String> {
        self.state.play(action, by)?;
        self.seen.push(action.to_string());
        Ok(())
    }

    /// Takes in one message.
    pub fn take(&mut self, m: &ServerMsg) -> Result<(), String> {
        match m {
            ServerMsg::Started { seats, .. } => {
                self.colour = seats[self.seat.index()].colour;
                self.to_move = Some(Side::Ash);
            }
            ServerMsg::Event {
                seq,
                action,
                by,
                to_move,
                chess,
                sig,
                ..
            } => {
                if *seq != self.seq() + 1 {
                    return Err(format!("event {seq} after {}", self.seq()));
                }
                let sig = sig
                    .as_deref()
                    .and_then(crate::identity::signature_from_hex)
                    .ok_or("an event without its signature")?;
                self.chain = (
                    self.chain.0 + 1,
                    crate::identity::chain_next(&self.chain.1, &sig),
                );
                self.play(action, *by)?;
                if let Board::Chess(b) = &mut self.state {
                    b.set_now(chess.as_ref())?;
                }
                self.to_move = *to_move;
            }
            ServerMsg::Ended {
                record, outcome, ..
            } => {
                self.ended = Some(record.clone());
                self.outcome = Some(*outcome);
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether this player is to act.
    pub fn my_turn(&self) -> bool {
        let Some(me) = self.colour.filter(|_| self.ended.is_none()) else {
            return false;
        };
        match &self.state {
            // Both seats build and reveal at once.
            Board::Chess(b) if b.now.is_none() => b.early_turn(me),
            _ => self.to_move == Some(me),
        }
    }

    /// Sends a random legal action, with the sequence number it expects.
    pub async fn play_random(&mut self, rng: &mut impl rand::Rng) -> Result<(), String> {
        let action = self
            .state
            .random_action(self.colour, rng)
            .ok_or("no legal move")?;
        self.act(action).await
    }

    /// Sends `action` (with the `seq` it answers, but for Artifact Chess's `ready` and
    /// `reveal`, which both seats send at the same time), at most
    /// [`RATE_PER_SECOND`](crate::net::protocol::RATE_PER_SECOND) a second, as a well-behaved
    /// client sends them: a game played out as fast as the replies come would be refused as
    /// too many.
    pub async fn act(&mut self, action: String) -> Result<(), String> {
        let early = matches!(&self.state, Board::Chess(b) if b.now.is_none());
        let gap = Duration::from_millis(1000 / u64::from(crate::net::protocol::RATE_PER_SECOND));
        if let Some(last) = self.last_act {
            tokio::time::sleep_until(last + gap).await;
        }
        self.last_act = Some(tokio::time::Instant::now());
        let sig = self.c.identity.as_ref().map(|id| {
            let bytes =
                crate::identity::action_bytes(&self.code, self.chain.0 + 1, &action, &self.chain.1);
            crate::identity::hex(&id.sign(&bytes))
        });
        self.pending = (early && sig.is_some()).then(|| action.clone());
        self.c
            .send(&ClientMsg::Act {
                seq: (!early).then(|| self.seq()),
                action,
                sig,
            })
            .await
    }

    /// Reads and takes in the next message.
    pub async fn pump(&mut self) -> Result<ServerMsg, String> {
        loop {
            let m = self.c.recv().await?;
            self.take(&m)?;
            if let ServerMsg::Error {
                code: crate::net::protocol::ErrorCode::Stale,
                ..
            } = &m
                && let Some(action) = self.pending.take()
            {
                self.act(action).await?;
                continue;
            }
            if let ServerMsg::Event { seat, .. } = &m
                && *seat == self.seat
            {
                self.pending = None;
            }
            return Ok(m);
        }
    }

    /// Reads until `seq` actions have been heard; an `error` on the way is returned as `Err`.
    pub async fn pump_to(&mut self, seq: u64) -> Result<(), String> {
        while self.seq() < seq {
            if let ServerMsg::Error { code, message } = self.pump().await? {
                return Err(format!("refused: {code:?} {message}"));
            }
        }
        Ok(())
    }
}

/// Opens an Ash & Walnut table and takes its first seat.
pub async fn create(
    addr: &str,
    bot_fill: Option<BotLevel>,
    clock: Option<u32>,
) -> Result<Player, String> {
    create_game(
        addr,
        GameKind::Hive,
        TableOptions::default(),
        bot_fill,
        clock,
    )
    .await
}

/// Opens a table of `game` with `options` and takes its first seat.
pub async fn create_game(
    addr: &str,
    game: GameKind,
    options: TableOptions,
    bot_fill: Option<BotLevel>,
    clock: Option<u32>,
) -> Result<Player, String> {
    let mut c = hello(addr, None).await?;
    c.send(&ClientMsg::Create {
        game,
        clock,
        bot_fill,
        name: Some("Ana".into()),
        stakes: options.stakes,
        appeal: options.appeal,
        artifacts: options.artifacts,
        game_type: options.game_type,
        control: None,
        public: false,
        rated: false,
    })
    .await?;
    Player::seated(c).await
}

/// Opens a table of `game` under `control`, public or private, for `name`.
pub async fn create_public(
    addr: &str,
    game: GameKind,
    options: TableOptions,
    control: crate::net::protocol::TimeControl,
    public: bool,
    name: &str,
) -> Result<Player, String> {
    let mut c = hello(addr, None).await?;
    c.send(&ClientMsg::Create {
        game,
        clock: None,
        bot_fill: None,
        name: Some(name.into()),
        stakes: options.stakes,
        appeal: options.appeal,
        artifacts: options.artifacts,
        game_type: options.game_type,
        control: Some(control),
        public,
        rated: false,
    })
    .await?;
    Player::seated(c).await
}

/// Takes the second seat of table `code`.
pub async fn join(addr: &str, code: &str) -> Result<Player, String> {
    let mut c = hello(addr, None).await?;
    c.send(&ClientMsg::Join {
        code: code.to_string(),
        name: Some("Rui".into()),
    })
    .await?;
    Player::seated(c).await
}

/// Two players at a new table, the game started (both heard `started`).
pub async fn table(addr: &str, clock: Option<u32>) -> Result<(Player, Player), String> {
    table_at(addr, addr, clock).await
}

/// [`table`] with the first player at the server `addr` and the second at `join_addr` (two
/// processes of a cluster).
pub async fn table_at(
    addr: &str,
    join_addr: &str,
    clock: Option<u32>,
) -> Result<(Player, Player), String> {
    table_of(
        addr,
        join_addr,
        GameKind::Hive,
        TableOptions::default(),
        clock,
    )
    .await
}

/// [`table_at`] for a table of `game` with `options`.
pub async fn table_of(
    addr: &str,
    join_addr: &str,
    game: GameKind,
    options: TableOptions,
    clock: Option<u32>,
) -> Result<(Player, Player), String> {
    let mut a = create_game(addr, game, options, None, clock).await?;
    let mut b = join(join_addr, &a.code).await?;
    while a.colour.is_none() {
        a.pump().await?;
    }
    a.to_move = Some(Side::Ash);
    b.to_move = Some(Side::Ash);
    Ok((a, b))
}
