//! Finding a game, the player's side, without any networking: a connection that holds no table
//! follows the lobby (the public tables, waiting and playing, and how many people are about),
//! waits in the pairing queue, and asks where this device's games stand. The app feeds it the
//! frames of its own socket (a connection of its own, apart from the table's) and sends what it
//! gives back, like `client::Session` for a table.
//!
//! - Welcomed, it follows the lobby when asked to (`lobby`) and asks about the device's seats
//!   (`games`), again every [`GAMES_EVERY`] while the connection stays up.
//! - The lobby's `lobby` snapshot replaces the list; each `lobby_update` sets listings by code,
//!   drops the codes gone and replaces the counts it carries.
//! - `quick` → `queued` (the wait counts up from when `queued` arrived; the bot is offered at
//!   `bot_after_ms` after it) → `bot_offer` → `quick_bot`, or `unqueue` → `unqueued`. A `seated`
//!   ends it: the seat ([`Paired`]) goes to the game's own online table, which comes back to it
//!   with `hello {token}` as after a restart.
//! - A drop: the queue is gone with the connection (the server forgets it); the session says
//!   `hello` again after a back-off and follows again.
//! - With the player's key ([`Lobby::set_identity`]), a `welcome` that carries a `nonce` is
//!   answered with `prove {key, signature}` (the key's signature over
//!   [`crate::identity::hello_bytes`]); `proved` marks the connection proved, and a quick game
//!   may then be rated. A drop forgets the proof: the next connection proves again.
//! - A player's page (`profile`) and a game's record (`record`) are asked for by what the
//!   screens want ([`Lobby::want_profile`], [`Lobby::want_record`]): asked at once when
//!   connected, again after a reconnection while not yet answered.
//!
//! Decisions where the protocol is silent:
//! - A `seated` heard after `unqueue` was sent still seats the player: the server paired them
//!   before it read the `unqueue`, and someone waits at that table.
//! - "Your move" news ([`LobbyHeard::YourTurn`]) is only for a game seen before whose turn
//!   changed to this device's (or that moved on and is this device's again), never for the first
//!   answer after the game was opened: the player has just looked.

use super::client::{Link, Lost};
use super::protocol::{
    BotLevel, ClientMsg, ErrorCode, GameCount, GameKind, GameSummary, Listing, MAX_GAMES_ASKED,
    PROTOCOL_VERSION, Phase, Profile, SeatId, ServerMsg, TimeControl,
};
use crate::identity::{Identity, hello_bytes};
use crate::rules::hive::GameType;
use std::collections::HashMap;
use std::time::Duration;

/// How often the device's games are asked about while the connection is up.
pub const GAMES_EVERY: Duration = Duration::from_secs(20);

/// Where the pairing queue stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Queue {
    /// Not waiting.
    Idle,
    /// `quick` sent; no `queued` yet.
    Asked {
        game: GameKind,
        control: TimeControl,
    },
    /// In the queue since `since` (`net::clock`); the bot is offered at `offer_at`, or was
    /// (`offered`).
    Queued {
        game: GameKind,
        control: TimeControl,
        since: Duration,
        offer_at: Duration,
        offered: bool,
    },
    /// `quick_bot` sent: a table with the server's bot is on its way.
    Bot {
        game: GameKind,
        control: TimeControl,
    },
    /// `unqueue` sent; a pairing made before the server read it may still come.
    Leaving {
        game: GameKind,
        control: TimeControl,
    },
}

impl Queue {
    /// The game and control asked for, while anything is asked.
    pub fn asked(&self) -> Option<(GameKind, TimeControl)> {
        match *self {
            Queue::Idle => None,
            Queue::Asked { game, control }
            | Queue::Queued { game, control, .. }
            | Queue::Bot { game, control }
            | Queue::Leaving { game, control } => Some((game, control)),
        }
    }
}

/// A seat the pairing gave this device: the game's online table takes it over with its token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paired {
    pub game: GameKind,
    pub control: TimeControl,
    pub code: String,
    pub seat: SeatId,
    pub token: String,
    /// The other seat is the server's bot (the player chose it).
    pub bot: bool,
}

/// What the lobby heard that the app must act on.
#[derive(Clone, Debug, PartialEq)]
pub enum LobbyHeard {
    /// Paired (with a person or the bot): go to the game's table with this seat.
    Paired(Paired),
    /// These seats' tables are closed (`open: false`): forget them.
    Closed(Vec<String>),
    /// It became this device's turn in one of its games.
    YourTurn(GameSummary),
    /// Something sent was refused; nothing changed.
    Refused { code: ErrorCode, message: String },
    /// The session is over for good.
    Lost(Lost),
}

/// A "your games" row: the server's summary and when it arrived, so its time left counts down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub summary: GameSummary,
    /// When the answer arrived (`net::clock`).
    pub at: Duration,
}

impl GameRow {
    /// The time left for the awaited action at `now`.
    pub fn left(&self, now: Duration) -> Option<Duration> {
        let ms = self.summary.time_left_ms?;
        Some((self.at + Duration::from_millis(ms)).saturating_sub(now))
    }
}

/// What became of something asked of the server (a player's page, a record).
#[derive(Clone, Debug, PartialEq)]
pub enum Answer<T> {
    /// Asked (or to be asked once connected); no answer yet.
    Asking,
    Got(T),
    /// Refused: the server's code (its `message` is English, for the log only).
    Refused(ErrorCode),
}

/// The lobby's session.
#[derive(Clone, Debug, PartialEq)]
pub struct Lobby {
    pub link: Link,
    /// The last reason the connection dropped, for the player (cleared once welcomed).
    pub trouble: Option<String>,
    /// Whether the lobby's tables and counts are followed (the Online page is open).
    following: bool,
    /// The public tables heard, newest first.
    tables: Vec<Listing>,
    counts: Vec<GameCount>,
    /// Whether a `lobby` snapshot has come since the lobby was last followed.
    pub listed: bool,
    pub queue: Queue,
    /// Ash & Walnut's game type of the quick game asked for (the base game for the other
    /// games), as the server's `queued` said it once it has.
    quick_type: GameType,
    /// The device's seats asked about, and the answers.
    tokens: Vec<String>,
    rows: Vec<GameRow>,
    /// Each token's turn and actions, as last heard (for [`LobbyHeard::YourTurn`]).
    seen: HashMap<String, (bool, u64)>,
    next_games: Duration,
    /// The name the player gave, sent with `quick`.
    pub name: String,
    /// The player's key, proved after each `welcome` that brings a nonce.
    identity: Option<Identity>,
    /// The fingerprint the server said this connection proved.
    proved: Option<String>,
    /// The player's page wanted (a key, 64 hex digits) and what came of it.
    profile: Option<(String, Answer<Box<Profile>>)>,
    /// The game's record wanted (a table's code) and what came of it.
    record: Option<(String, Answer<String>)>,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby::new()
    }
}

impl Lobby {
    pub fn new() -> Lobby {
        Lobby {
            link: Link::Connecting,
            trouble: None,
            following: false,
            tables: Vec::new(),
            counts: Vec::new(),
            listed: false,
            queue: Queue::Idle,
            quick_type: GameType::BASE,
            tokens: Vec::new(),
            rows: Vec::new(),
            seen: HashMap::new(),
            next_games: Duration::ZERO,
            name: String::new(),
            identity: None,
            proved: None,
            profile: None,
            record: None,
        }
    }

    /// A session that proves `identity` after each welcome.
    pub fn with_identity(identity: Option<Identity>) -> Lobby {
        Lobby {
            identity,
            ..Lobby::new()
        }
    }

    /// The key proved after the next welcome (a connection already proved keeps its proof:
    /// the app opens a new connection when the key changes).
    pub fn set_identity(&mut self, identity: Option<Identity>) {
        self.identity = identity;
    }

    pub fn identity(&self) -> Option<&Identity> {
        self.identity.as_ref()
    }

    /// The fingerprint this connection proved, once the server said so.
    pub fn proved(&self) -> Option<&str> {
        self.proved.as_deref()
    }

    /// Wants the page of the player with `key` (64 hex digits): asked now when connected
    /// (and not already had), else once welcomed.
    pub fn want_profile(&mut self, key: &str) -> Vec<ClientMsg> {
        if self.profile.as_ref().is_some_and(|(k, _)| k == key) {
            return Vec::new();
        }
        self.profile = Some((key.to_string(), Answer::Asking));
        self.ask_profile()
    }

    fn ask_profile(&self) -> Vec<ClientMsg> {
        match &self.profile {
            Some((key, Answer::Asking)) if self.connected() => vec![ClientMsg::Profile {
                key: Some(key.clone()),
            }],
            _ => Vec::new(),
        }
    }

    /// The page of the player with `key`, as far as it came.
    pub fn profile(&self, key: &str) -> Option<&Answer<Box<Profile>>> {
        self.profile
            .as_ref()
            .filter(|(k, _)| k == key)
            .map(|(_, a)| a)
    }

    /// Asks again for the page wanted (after a refusal, or to refresh it).
    pub fn reask_profile(&mut self) -> Vec<ClientMsg> {
        match self.profile.take() {
            Some((key, _)) => self.want_profile(&key),
            None => Vec::new(),
        }
    }

    /// Wants the record of the finished game `code`: asked now when connected, else once
    /// welcomed.
    pub fn want_record(&mut self, code: &str) -> Vec<ClientMsg> {
        if self.record.as_ref().is_some_and(|(c, _)| c == code) {
            return Vec::new();
        }
        self.record = Some((code.to_string(), Answer::Asking));
        self.ask_record()
    }

    fn ask_record(&self) -> Vec<ClientMsg> {
        match &self.record {
            Some((code, Answer::Asking)) if self.connected() => {
                vec![ClientMsg::Record { code: code.clone() }]
            }
            _ => Vec::new(),
        }
    }

    /// The record wanted (its code, and what came of it).
    pub fn record(&self) -> Option<(&str, &Answer<String>)> {
        self.record.as_ref().map(|(c, a)| (c.as_str(), a))
    }

    /// Forgets the record wanted.
    pub fn drop_record(&mut self) {
        self.record = None;
    }

    /// Puts a page or a record on show without a server (a staged scene).
    pub fn stage_answers(
        &mut self,
        profile: Option<Profile>,
        record: Option<(String, Answer<String>)>,
    ) {
        self.profile = profile.map(|p| (p.key.clone(), Answer::Got(Box::new(p))));
        self.record = record;
    }

    fn connected(&self) -> bool {
        self.link == Link::Connected
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
            token: None,
        }]
    }

    /// The connection dropped or could not be opened: try again (the queue is gone with it).
    pub fn dropped(&mut self, why: &str) {
        if self.lost() {
            return;
        }
        self.trouble = Some(why.to_string());
        self.queue = Queue::Idle;
        self.proved = None;
        self.link = match self.link {
            Link::Reconnecting { attempt } => Link::Reconnecting {
                attempt: attempt + 1,
            },
            _ => Link::Reconnecting { attempt: 1 },
        };
    }

    /// Seconds to wait before the next try after a drop: 1, 2, 4, then every 8.
    pub fn retry_after(&self) -> f32 {
        match self.link {
            Link::Reconnecting { attempt } => match attempt {
                0 | 1 => 1.0,
                2 => 2.0,
                3 => 4.0,
                _ => 8.0,
            },
            _ => 0.0,
        }
    }

    /// Follows the lobby (or stops): what to send now.
    pub fn follow(&mut self, on: bool) -> Vec<ClientMsg> {
        if self.following == on {
            return Vec::new();
        }
        self.following = on;
        if !on {
            self.listed = false;
        }
        if !self.connected() {
            return Vec::new();
        }
        vec![if on {
            ClientMsg::Lobby { game: None }
        } else {
            ClientMsg::Unlobby
        }]
    }

    /// The device's seats to ask about (the first [`MAX_GAMES_ASKED`]); asked at once when they
    /// changed and the connection is up.
    pub fn watch_games(&mut self, tokens: Vec<String>) -> Vec<ClientMsg> {
        let tokens: Vec<String> = tokens.into_iter().take(MAX_GAMES_ASKED).collect();
        if tokens == self.tokens {
            return Vec::new();
        }
        self.rows.retain(|r| tokens.contains(&r.summary.token));
        self.tokens = tokens;
        if !self.connected() || self.tokens.is_empty() {
            return Vec::new();
        }
        vec![ClientMsg::Games {
            tokens: self.tokens.clone(),
        }]
    }

    /// Asks to be paired for `game` under `control` (when connected and not already asking);
    /// for Ash & Walnut, of `game_type` (sent only when it is not the base game, so a server
    /// before game types reads the request; ignored for the other games); `rated` only once
    /// the connection has proved a key (else the pairing is casual).
    pub fn quick(
        &mut self,
        game: GameKind,
        control: TimeControl,
        game_type: GameType,
        rated: bool,
    ) -> Vec<ClientMsg> {
        if !self.connected() || self.queue != Queue::Idle {
            return Vec::new();
        }
        let game_type = Some(game_type).filter(|g| game == GameKind::Hive && !g.is_base());
        self.queue = Queue::Asked { game, control };
        self.quick_type = game_type.unwrap_or(GameType::BASE);
        vec![ClientMsg::Quick {
            game,
            control,
            name: (!self.name.trim().is_empty()).then(|| self.name.trim().to_string()),
            game_type: game_type.map(|g| g.to_string()),
            rated: rated && self.proved.is_some(),
        }]
    }

    /// Ash & Walnut's game type of the quick game asked for, while one is (the base game for
    /// the other games).
    pub fn quick_game_type(&self) -> GameType {
        self.quick_type
    }

    /// Plays the server's bot now (once it was offered).
    pub fn quick_bot(&mut self, level: BotLevel) -> Vec<ClientMsg> {
        match self.queue {
            Queue::Queued {
                game,
                control,
                offered: true,
                ..
            } if self.connected() => {
                self.queue = Queue::Bot { game, control };
                vec![ClientMsg::QuickBot { level: Some(level) }]
            }
            _ => Vec::new(),
        }
    }

    /// Stops waiting.
    pub fn unqueue(&mut self) -> Vec<ClientMsg> {
        match self.queue {
            Queue::Asked { game, control } | Queue::Queued { game, control, .. }
                if self.connected() =>
            {
                self.queue = Queue::Leaving { game, control };
                vec![ClientMsg::Unqueue]
            }
            _ => Vec::new(),
        }
    }

    /// How long the player has waited in the queue at `now`.
    pub fn waited(&self, now: Duration) -> Option<Duration> {
        match self.queue {
            Queue::Queued { since, .. } => Some(now.saturating_sub(since)),
            _ => None,
        }
    }

    /// How long until the bot is offered at `now` (`None` once offered, or not queued).
    pub fn bot_in(&self, now: Duration) -> Option<Duration> {
        match self.queue {
            Queue::Queued {
                offer_at,
                offered: false,
                ..
            } => Some(offer_at.saturating_sub(now)),
            _ => None,
        }
    }

    /// Whether the bot is offered now.
    pub fn bot_offered(&self) -> bool {
        matches!(self.queue, Queue::Queued { offered: true, .. })
    }

    /// The public tables of `game` (every game's when `None`) in `phase`, newest first.
    pub fn tables(&self, game: Option<GameKind>, phase: Phase) -> impl Iterator<Item = &Listing> {
        self.tables
            .iter()
            .filter(move |l| l.phase == phase && game.is_none_or(|g| l.game == g))
    }

    /// How many people are about for `game`, as last heard.
    pub fn count(&self, game: GameKind) -> Option<GameCount> {
        self.counts.iter().find(|c| c.game == game).copied()
    }

    /// The device's games as last heard, in the order asked; the closed ones left out.
    pub fn games(&self) -> impl Iterator<Item = &GameRow> {
        self.rows.iter().filter(|r| r.summary.open)
    }

    /// What to send at `now` without having heard anything: the device's games again every
    /// [`GAMES_EVERY`].
    pub fn poll(&mut self, now: Duration) -> Vec<ClientMsg> {
        if !self.connected() || self.tokens.is_empty() || now < self.next_games {
            return Vec::new();
        }
        self.next_games = now + GAMES_EVERY;
        vec![ClientMsg::Games {
            tokens: self.tokens.clone(),
        }]
    }

    fn put(&mut self, listing: Listing) {
        self.tables.retain(|l| l.code != listing.code);
        // Newest first; equal times by code, so the order never flickers.
        let at = self
            .tables
            .iter()
            .position(|l| (l.created_ms, &l.code) < (listing.created_ms, &listing.code))
            .unwrap_or(self.tables.len());
        self.tables.insert(at, listing);
    }

    fn set_counts(&mut self, counts: Vec<GameCount>) {
        for c in counts {
            match self.counts.iter_mut().find(|k| k.game == c.game) {
                Some(k) => *k = c,
                None => self.counts.push(c),
            }
        }
    }

    /// Takes in one message that arrived at `at` (`net::clock`): what the app must act on,
    /// and what to send back.
    pub fn receive_at(
        &mut self,
        msg: ServerMsg,
        at: Duration,
    ) -> (Vec<LobbyHeard>, Vec<ClientMsg>) {
        let mut heard = Vec::new();
        let mut send = Vec::new();
        match msg {
            ServerMsg::Welcome { nonce, .. } => {
                self.link = Link::Connected;
                self.trouble = None;
                self.proved = None;
                // A server before keys sends no nonce: nothing to prove to it.
                if let Some(id) = self.identity.as_ref().filter(|_| !nonce.is_empty()) {
                    send.push(ClientMsg::Prove {
                        key: id.public().to_hex(),
                        signature: hex(&id.sign(&hello_bytes(&nonce))),
                    });
                }
                if self.following {
                    send.push(ClientMsg::Lobby { game: None });
                }
                if !self.tokens.is_empty() {
                    send.push(ClientMsg::Games {
                        tokens: self.tokens.clone(),
                    });
                    self.next_games = at + GAMES_EVERY;
                }
                send.extend(self.ask_profile());
                send.extend(self.ask_record());
            }
            // Only this session's key: another's proof is not its.
            ServerMsg::Proved { key, fingerprint }
                if self
                    .identity
                    .as_ref()
                    .is_some_and(|id| id.public().to_hex() == key) =>
            {
                self.proved = Some(fingerprint);
            }
            ServerMsg::Profile(p) => {
                if let Some((key, answer)) = &mut self.profile
                    && *key == p.key
                {
                    *answer = Answer::Got(p);
                }
            }
            ServerMsg::Record { code, record } => {
                if let Some((c, answer)) = &mut self.record
                    && *c == code
                {
                    *answer = Answer::Got(record);
                }
            }
            // The lobby's news while it is followed (what comes after an `unlobby` is dropped).
            ServerMsg::Lobby { tables, counts } if self.following => {
                self.tables.clear();
                self.counts.clear();
                for t in tables {
                    self.put(t);
                }
                self.set_counts(counts);
                self.listed = true;
            }
            ServerMsg::LobbyUpdate { set, gone, counts } if self.following => {
                self.tables.retain(|l| !gone.contains(&l.code));
                for t in set {
                    self.put(t);
                }
                self.set_counts(counts);
            }
            ServerMsg::Queued {
                game,
                control,
                game_type,
                bot_after_ms,
            } => {
                // What the server queued for: a server before game types says none (the base
                // game, which it pairs).
                self.quick_type = game_type.unwrap_or(GameType::BASE);
                self.queue = Queue::Queued {
                    game,
                    control,
                    since: at,
                    offer_at: at + Duration::from_millis(bot_after_ms),
                    offered: false,
                };
            }
            ServerMsg::BotOffer => {
                if let Queue::Queued { offered, .. } = &mut self.queue {
                    *offered = true;
                }
            }
            ServerMsg::Unqueued => self.queue = Queue::Idle,
            ServerMsg::Seated { code, seat, token } => {
                let bot = matches!(self.queue, Queue::Bot { .. });
                match self.queue.asked() {
                    Some((game, control)) => heard.push(LobbyHeard::Paired(Paired {
                        game,
                        control,
                        code,
                        seat,
                        token,
                        bot,
                    })),
                    // A seat nobody here asked for: nothing to take it to.
                    None => heard.push(LobbyHeard::Refused {
                        code: ErrorCode::BadRequest,
                        message: format!("a seat at {code} that was not asked for"),
                    }),
                }
                self.queue = Queue::Idle;
            }
            ServerMsg::Games { games } => {
                let closed: Vec<String> = games
                    .iter()
                    .filter(|g| !g.open)
                    .map(|g| g.token.clone())
                    .collect();
                for g in games.iter().filter(|g| g.open) {
                    let now = (g.your_turn && g.phase == Some(Phase::Playing), g.seq);
                    let before = self.seen.insert(g.token.clone(), now);
                    if now.0 && before.is_some_and(|b| !b.0 || b.1 != now.1) {
                        heard.push(LobbyHeard::YourTurn(g.clone()));
                    }
                }
                for t in &closed {
                    self.seen.remove(t);
                }
                self.rows = games
                    .into_iter()
                    .filter(|g| self.tokens.contains(&g.token))
                    .map(|summary| GameRow { summary, at })
                    .collect();
                if !closed.is_empty() {
                    self.tokens.retain(|t| !closed.contains(t));
                    heard.push(LobbyHeard::Closed(closed));
                }
            }
            ServerMsg::Error { code, message } => {
                if code == ErrorCode::Version {
                    self.link = Link::Lost(Lost::Version);
                    heard.push(LobbyHeard::Lost(Lost::Version));
                } else {
                    // A refused `quick` (or `quick_bot`): not waiting any more.
                    if matches!(self.queue, Queue::Asked { .. } | Queue::Bot { .. }) {
                        self.queue = Queue::Idle;
                    }
                    // What a refused page or record looks like: said where it was asked for.
                    if let Some((_, a @ Answer::Asking)) = &mut self.profile
                        && matches!(
                            code,
                            ErrorCode::BadRequest | ErrorCode::NotProved | ErrorCode::Unavailable
                        )
                    {
                        *a = Answer::Refused(code);
                    } else if let Some((_, a @ Answer::Asking)) = &mut self.record
                        && matches!(code, ErrorCode::NoSuchTable | ErrorCode::Unavailable)
                    {
                        *a = Answer::Refused(code);
                    }
                    heard.push(LobbyHeard::Refused { code, message });
                }
            }
            // A table's messages: after `seated` the app hands the seat on and closes this
            // connection; whatever the table says before that is the table's. And the lobby's
            // while it is not followed.
            _ => {}
        }
        (heard, send)
    }

    /// A lobby on show without a server (a staged scene): connected, with these tables, counts
    /// and games.
    pub fn staged(
        tables: Vec<Listing>,
        counts: Vec<GameCount>,
        games: Vec<GameSummary>,
        at: Duration,
    ) -> Lobby {
        let mut lobby = Lobby {
            link: Link::Connected,
            following: true,
            listed: true,
            ..Lobby::new()
        };
        for t in tables {
            lobby.put(t);
        }
        lobby.counts = counts;
        lobby.tokens = games.iter().map(|g| g.token.clone()).collect();
        lobby.rows = games
            .into_iter()
            .map(|summary| GameRow { summary, at })
            .collect();
        lobby
    }
}

/// Bytes as lowercase hex digits.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::protocol::TableOptions;

    fn welcome() -> ServerMsg {
        ServerMsg::Welcome {
            version: 1,
            max_message_bytes: 4096,
            rate_per_second: 20,
            rate_burst: 40,
            nonce: String::new(),
        }
    }

    fn listing(code: &str, game: GameKind, phase: Phase, created_ms: u64) -> Listing {
        Listing {
            code: code.into(),
            game,
            phase,
            control: TimeControl::default(),
            options: TableOptions::default(),
            names: ["Ana".into(), String::new()],
            bot: false,
            watchers: 0,
            created_ms,
            fingerprints: [None, None],
            rated: false,
            ratings: [None, None],
            keys: [None, None],
        }
    }

    fn count(game: GameKind, online: u32, playing: u32) -> GameCount {
        GameCount {
            game,
            online,
            playing,
            queued: 0,
        }
    }

    fn summary(token: &str, your_turn: bool, seq: u64) -> GameSummary {
        GameSummary {
            token: token.into(),
            open: true,
            code: Some("ABC234".into()),
            game: Some(GameKind::Hive),
            phase: Some(Phase::Playing),
            control: Some(TimeControl::Days { days: 1 }),
            seat: Some(SeatId::First),
            opponent: Some("Bo".into()),
            your_turn,
            time_left_ms: Some(3_600_000),
            outcome: None,
            seq,
        }
    }

    fn connected() -> Lobby {
        let mut l = Lobby::new();
        assert_eq!(
            l.opened(),
            [ClientMsg::Hello {
                version: PROTOCOL_VERSION,
                token: None
            }]
        );
        l.receive_at(welcome(), Duration::ZERO);
        l
    }

    #[test]
    fn a_snapshot_then_updates_keep_the_list_newest_first() {
        let mut l = Lobby::new();
        // Asked before the welcome: said once welcomed.
        assert!(l.follow(true).is_empty());
        let (_, send) = l.receive_at(welcome(), Duration::ZERO);
        assert_eq!(send, [ClientMsg::Lobby { game: None }]);
        l.receive_at(
            ServerMsg::Lobby {
                tables: vec![
                    listing("AAA222", GameKind::Hive, Phase::Waiting, 10),
                    listing("BBB333", GameKind::Chess, Phase::Playing, 30),
                    listing("CCC444", GameKind::Hive, Phase::Waiting, 20),
                ],
                counts: vec![count(GameKind::Hive, 5, 2)],
            },
            Duration::ZERO,
        );
        assert!(l.listed);
        let open: Vec<&str> = l
            .tables(Some(GameKind::Hive), Phase::Waiting)
            .map(|t| t.code.as_str())
            .collect();
        assert_eq!(open, ["CCC444", "AAA222"]);
        assert_eq!(l.tables(None, Phase::Playing).count(), 1);
        // An update: one table started (set again as playing), one gone, one new; counts.
        let mut started = listing("CCC444", GameKind::Hive, Phase::Playing, 20);
        started.names[1] = "Bo".into();
        l.receive_at(
            ServerMsg::LobbyUpdate {
                set: vec![
                    started,
                    listing("DDD555", GameKind::Snelab, Phase::Waiting, 40),
                ],
                gone: vec!["AAA222".into()],
                counts: vec![count(GameKind::Hive, 6, 4), count(GameKind::Snelab, 1, 0)],
            },
            Duration::ZERO,
        );
        assert_eq!(l.tables(Some(GameKind::Hive), Phase::Waiting).count(), 0);
        let live: Vec<&str> = l
            .tables(None, Phase::Playing)
            .map(|t| t.code.as_str())
            .collect();
        assert_eq!(live, ["BBB333", "CCC444"]);
        assert_eq!(l.count(GameKind::Hive).map(|c| c.playing), Some(4));
        assert_eq!(l.count(GameKind::Snelab).map(|c| c.online), Some(1));
        assert_eq!(l.count(GameKind::Chess), None);
        // Unfollowed: updates are no longer taken in.
        assert_eq!(l.follow(false), [ClientMsg::Unlobby]);
        l.receive_at(
            ServerMsg::LobbyUpdate {
                set: vec![listing("EEE666", GameKind::Hive, Phase::Waiting, 50)],
                gone: vec![],
                counts: vec![],
            },
            Duration::ZERO,
        );
        assert_eq!(l.tables(Some(GameKind::Hive), Phase::Waiting).count(), 0);
        assert_eq!(l.follow(true), [ClientMsg::Lobby { game: None }]);
        assert!(l.follow(true).is_empty(), "once");
    }

    #[test]
    fn quick_waits_counting_up_then_the_bot_is_offered_and_taken() {
        let s = Duration::from_secs;
        let mut l = connected();
        l.name = " Ana ".into();
        let control = TimeControl::Turn { seconds: 30 };
        assert_eq!(
            l.quick(GameKind::Snelab, control, GameType::BASE, false),
            [ClientMsg::Quick {
                game: GameKind::Snelab,
                control,
                name: Some("Ana".into()),
                game_type: None,
                rated: false,
            }]
        );
        assert!(
            l.quick(GameKind::Hive, control, GameType::BASE, false)
                .is_empty(),
            "one at a time"
        );
        assert!(l.quick_bot(BotLevel::Easy).is_empty(), "not offered yet");
        l.receive_at(
            ServerMsg::Queued {
                game: GameKind::Snelab,
                control,
                game_type: None,
                bot_after_ms: 20_000,
            },
            s(100),
        );
        assert_eq!(l.waited(s(112)), Some(s(12)));
        assert_eq!(l.bot_in(s(112)), Some(s(8)));
        assert_eq!(l.bot_in(s(130)), Some(Duration::ZERO));
        assert!(!l.bot_offered());
        l.receive_at(ServerMsg::BotOffer, s(120));
        assert!(l.bot_offered());
        assert_eq!(l.bot_in(s(121)), None);
        assert_eq!(l.waited(s(125)), Some(s(25)), "the wait goes on counting");
        assert_eq!(
            l.quick_bot(BotLevel::Hard),
            [ClientMsg::QuickBot {
                level: Some(BotLevel::Hard)
            }]
        );
        let (heard, _) = l.receive_at(
            ServerMsg::Seated {
                code: "K7M2QX".into(),
                seat: SeatId::First,
                token: "t".repeat(64),
            },
            s(121),
        );
        assert_eq!(
            heard,
            [LobbyHeard::Paired(Paired {
                game: GameKind::Snelab,
                control,
                code: "K7M2QX".into(),
                seat: SeatId::First,
                token: "t".repeat(64),
                bot: true,
            })]
        );
        assert_eq!(l.queue, Queue::Idle);
    }

    /// Ash & Walnut's quick game asks for the game type chosen (the base game by no field, so
    /// a server before game types reads it); another game's never carries one.
    #[test]
    fn quick_carries_ash_and_walnuts_game_type_and_no_other_games() {
        let control = TimeControl::Turn { seconds: 60 };
        let sent = |game, game_type| {
            let mut l = connected();
            let out = l.quick(game, control, game_type, false);
            let [ClientMsg::Quick { game_type, .. }] = &out[..] else {
                panic!("{out:?}");
            };
            (game_type.clone(), l.quick_game_type())
        };
        let mp = GameType::parse("Base+MP").unwrap();
        assert_eq!(sent(GameKind::Hive, mp), (Some("Base+MP".to_string()), mp));
        assert_eq!(
            sent(GameKind::Hive, GameType::MLP),
            (Some("Base+MLP".to_string()), GameType::MLP)
        );
        assert_eq!(sent(GameKind::Hive, GameType::BASE), (None, GameType::BASE));
        for game in [GameKind::Snelab, GameKind::Chess] {
            assert_eq!(sent(game, GameType::MLP), (None, GameType::BASE), "{game}");
        }
        // What the server queued for is what the queue says: a server before game types
        // queues the base game and says no game type.
        let mut l = connected();
        l.quick(GameKind::Hive, control, GameType::MLP, false);
        l.receive_at(
            ServerMsg::Queued {
                game: GameKind::Hive,
                control,
                game_type: Some(GameType::MLP),
                bot_after_ms: 20_000,
            },
            Duration::ZERO,
        );
        assert_eq!(l.quick_game_type(), GameType::MLP);
        let mut old = connected();
        old.quick(GameKind::Hive, control, GameType::MLP, false);
        old.receive_at(
            serde_json::from_str::<ServerMsg>(
                r#"{"type":"queued","game":"hive","control":{"kind":"turn","seconds":60},"bot_after_ms":20000}"#,
            )
            .unwrap(),
            Duration::ZERO,
        );
        assert_eq!(old.quick_game_type(), GameType::BASE);
    }

    #[test]
    fn paired_with_a_person_and_leaving_the_queue() {
        let mut l = connected();
        let control = TimeControl::Bank {
            base: 300,
            increment: 3,
        };
        l.quick(GameKind::Chess, control, GameType::BASE, false);
        l.receive_at(
            ServerMsg::Queued {
                game: GameKind::Chess,
                control,
                game_type: None,
                bot_after_ms: 20_000,
            },
            Duration::ZERO,
        );
        let (heard, _) = l.receive_at(
            ServerMsg::Seated {
                code: "ABC234".into(),
                seat: SeatId::Second,
                token: "u".into(),
            },
            Duration::ZERO,
        );
        assert!(
            matches!(&heard[..], [LobbyHeard::Paired(p)] if !p.bot && p.seat == SeatId::Second && p.game == GameKind::Chess)
        );
        // Leaving: unqueue, and `unqueued` ends it.
        l.quick(GameKind::Hive, control, GameType::BASE, false);
        assert_eq!(l.unqueue(), [ClientMsg::Unqueue]);
        assert!(l.unqueue().is_empty(), "once");
        l.receive_at(ServerMsg::Unqueued, Duration::ZERO);
        assert_eq!(l.queue, Queue::Idle);
        // A pairing made before the server read the unqueue still seats the player.
        l.quick(GameKind::Hive, control, GameType::BASE, false);
        l.unqueue();
        let (heard, _) = l.receive_at(
            ServerMsg::Seated {
                code: "XYZ234".into(),
                seat: SeatId::First,
                token: "v".into(),
            },
            Duration::ZERO,
        );
        assert!(matches!(&heard[..], [LobbyHeard::Paired(p)] if p.game == GameKind::Hive));
        // A refused quick: not waiting.
        l.quick(
            GameKind::Hive,
            TimeControl::Turn { seconds: 0 },
            GameType::BASE,
            false,
        );
        let (heard, _) = l.receive_at(
            ServerMsg::error(ErrorCode::BadRequest, "a turn is 1 to 3600 seconds"),
            Duration::ZERO,
        );
        assert!(matches!(heard[..], [LobbyHeard::Refused { .. }]));
        assert_eq!(l.queue, Queue::Idle);
        // A seat nobody asked for is not taken anywhere.
        let (heard, _) = l.receive_at(
            ServerMsg::Seated {
                code: "Q".into(),
                seat: SeatId::First,
                token: "w".into(),
            },
            Duration::ZERO,
        );
        assert!(matches!(heard[..], [LobbyHeard::Refused { .. }]));
    }

    #[test]
    fn a_drop_forgets_the_queue_and_says_hello_again() {
        let mut l = connected();
        l.follow(true);
        l.quick(
            GameKind::Hive,
            TimeControl::default(),
            GameType::BASE,
            false,
        );
        l.dropped("reset");
        assert_eq!(l.queue, Queue::Idle);
        assert_eq!(l.link, Link::Reconnecting { attempt: 1 });
        assert_eq!(l.retry_after(), 1.0);
        assert!(
            l.quick(
                GameKind::Hive,
                TimeControl::default(),
                GameType::BASE,
                false
            )
            .is_empty()
        );
        l.dropped("refused");
        assert_eq!(l.retry_after(), 2.0);
        assert_eq!(l.trouble.as_deref(), Some("refused"));
        assert_eq!(l.opened().len(), 1);
        let (_, send) = l.receive_at(welcome(), Duration::ZERO);
        assert_eq!(send, [ClientMsg::Lobby { game: None }]);
        assert_eq!(l.trouble, None);
        // Another protocol: lost for good.
        let (heard, _) = l.receive_at(ServerMsg::error(ErrorCode::Version, "v2"), Duration::ZERO);
        assert_eq!(heard, [LobbyHeard::Lost(Lost::Version)]);
        l.dropped("closed");
        assert!(l.lost() && l.opened().is_empty());
    }

    #[test]
    fn your_games_are_asked_about_and_the_closed_ones_pruned() {
        let s = Duration::from_secs;
        let mut l = Lobby::new();
        assert!(
            l.watch_games(vec!["a".into(), "b".into()]).is_empty(),
            "not yet connected"
        );
        let (_, send) = l.receive_at(welcome(), s(0));
        assert_eq!(
            send,
            [ClientMsg::Games {
                tokens: vec!["a".into(), "b".into()]
            }]
        );
        assert!(l.poll(s(10)).is_empty());
        let mut closed = summary("b", false, 0);
        closed.open = false;
        let (heard, _) = l.receive_at(
            ServerMsg::Games {
                games: vec![summary("a", false, 4), closed],
            },
            s(1),
        );
        assert_eq!(heard, [LobbyHeard::Closed(vec!["b".into()])]);
        let rows: Vec<&GameRow> = l.games().collect();
        assert_eq!(rows.len(), 1);
        assert_eq!(
            rows[0].left(s(61)),
            Some(s(3_540)),
            "counting down from the answer"
        );
        // Asked again every GAMES_EVERY, without the closed one.
        assert_eq!(
            l.poll(s(20)),
            [ClientMsg::Games {
                tokens: vec!["a".into()]
            }]
        );
        // Its turn came: news once.
        let (heard, _) = l.receive_at(
            ServerMsg::Games {
                games: vec![summary("a", true, 5)],
            },
            s(21),
        );
        assert!(matches!(&heard[..], [LobbyHeard::YourTurn(g)] if g.token == "a"));
        let (heard, _) = l.receive_at(
            ServerMsg::Games {
                games: vec![summary("a", true, 5)],
            },
            s(41),
        );
        assert!(heard.is_empty(), "told once");
        // A new seat: asked at once; its first answer is no news, even on its turn.
        assert_eq!(
            l.watch_games(vec!["a".into(), "c".into()]),
            [ClientMsg::Games {
                tokens: vec!["a".into(), "c".into()]
            }]
        );
        let (heard, _) = l.receive_at(
            ServerMsg::Games {
                games: vec![summary("a", true, 5), summary("c", true, 0)],
            },
            s(42),
        );
        assert!(heard.is_empty());
        // At most MAX_GAMES_ASKED are asked about.
        let many: Vec<String> = (0..100).map(|i| i.to_string()).collect();
        match &l.watch_games(many)[..] {
            [ClientMsg::Games { tokens }] => assert_eq!(tokens.len(), MAX_GAMES_ASKED),
            other => panic!("{other:?}"),
        }
    }

    fn welcome_with(nonce: &str) -> ServerMsg {
        ServerMsg::Welcome {
            version: 1,
            max_message_bytes: 4096,
            rate_per_second: 20,
            rate_burst: 40,
            nonce: nonce.into(),
        }
    }

    #[test]
    fn a_key_is_proved_after_each_welcome_with_a_nonce() {
        let ana = Identity::from_secret([7; 32]);
        let mut l = Lobby::with_identity(Some(ana.clone()));
        l.opened();
        let (_, send) = l.receive_at(welcome_with("n-1"), Duration::ZERO);
        let [ClientMsg::Prove { key, signature }] = &send[..] else {
            panic!("{send:?}");
        };
        assert_eq!(*key, ana.public().to_hex());
        let sig: [u8; 64] = (0..64)
            .map(|i| u8::from_str_radix(&signature[2 * i..2 * i + 2], 16).unwrap())
            .collect::<Vec<u8>>()
            .try_into()
            .unwrap();
        assert!(ana.public().verifies(&hello_bytes("n-1"), &sig));
        assert!(!ana.public().verifies(&hello_bytes("n-2"), &sig));
        assert_eq!(l.proved(), None, "not before the server says so");
        // Someone else's proof is not this key's.
        l.receive_at(
            ServerMsg::Proved {
                key: Identity::from_secret([8; 32]).public().to_hex(),
                fingerprint: "0000·0000".into(),
            },
            Duration::ZERO,
        );
        assert_eq!(l.proved(), None);
        l.receive_at(
            ServerMsg::Proved {
                key: ana.public().to_hex(),
                fingerprint: ana.public().fingerprint(),
            },
            Duration::ZERO,
        );
        assert_eq!(l.proved(), Some(ana.public().fingerprint().as_str()));
        // A proved connection may ask for a rated pairing.
        let control = TimeControl::default();
        assert!(matches!(
            &l.quick(GameKind::Hive, control, GameType::BASE, true)[..],
            [ClientMsg::Quick { rated: true, .. }]
        ));
        // A drop forgets the proof; the next welcome is answered with a new signature.
        l.dropped("reset");
        assert_eq!(l.proved(), None);
        let (_, send) = l.receive_at(welcome_with("n-2"), Duration::ZERO);
        assert!(matches!(&send[..], [ClientMsg::Prove { signature: s, .. }] if s != signature));
        // A server before keys sends no nonce: nothing is proved; without a key, nothing either.
        let (_, send) = l.receive_at(welcome(), Duration::ZERO);
        assert!(send.is_empty(), "{send:?}");
        let mut keyless = Lobby::new();
        let (_, send) = keyless.receive_at(welcome_with("n-3"), Duration::ZERO);
        assert!(send.is_empty(), "{send:?}");
        // Unproved, a rated quick game is asked casual.
        assert!(matches!(
            &keyless.quick(GameKind::Hive, control, GameType::BASE, true)[..],
            [ClientMsg::Quick { rated: false, .. }]
        ));
    }

    fn profile(key: &str) -> Profile {
        Profile {
            key: key.into(),
            fingerprint: "ab12·cd34".into(),
            name: "Ana".into(),
            since_ms: 0,
            ratings: vec![],
            games: vec![],
        }
    }

    #[test]
    fn a_page_and_a_record_are_asked_once_connected_and_kept() {
        let key = "a".repeat(64);
        let mut l = Lobby::new();
        assert!(l.want_profile(&key).is_empty(), "not connected yet");
        assert!(l.want_record("K7M2QX").is_empty());
        assert_eq!(l.profile(&key), Some(&Answer::Asking));
        let (_, send) = l.receive_at(welcome(), Duration::ZERO);
        assert_eq!(
            send,
            [
                ClientMsg::Profile {
                    key: Some(key.clone())
                },
                ClientMsg::Record {
                    code: "K7M2QX".into()
                }
            ]
        );
        assert!(l.want_profile(&key).is_empty(), "asked once");
        // Another player's page that nobody asked for is not taken.
        l.receive_at(
            ServerMsg::Profile(Box::new(profile(&"b".repeat(64)))),
            Duration::ZERO,
        );
        assert_eq!(l.profile(&key), Some(&Answer::Asking));
        l.receive_at(ServerMsg::Profile(Box::new(profile(&key))), Duration::ZERO);
        assert!(matches!(l.profile(&key), Some(Answer::Got(p)) if p.name == "Ana"));
        assert_eq!(l.profile(&"b".repeat(64)), None);
        // The record: refused, said where it was asked for.
        let (heard, _) = l.receive_at(
            ServerMsg::error(
                ErrorCode::NoSuchTable,
                "no finished game has the code K7M2QX",
            ),
            Duration::ZERO,
        );
        assert!(matches!(heard[..], [LobbyHeard::Refused { .. }]));
        assert!(matches!(l.record(), Some(("K7M2QX", Answer::Refused(_)))));
        // Another record, answered.
        assert_eq!(
            l.want_record("ABC234"),
            [ClientMsg::Record {
                code: "ABC234".into()
            }]
        );
        l.receive_at(
            ServerMsg::Record {
                code: "ABC234".into(),
                record: "[Game \"Hive\"]".into(),
            },
            Duration::ZERO,
        );
        assert!(matches!(l.record(), Some(("ABC234", Answer::Got(r))) if r.contains("Hive")));
        // Asked again: the page is asked anew.
        assert_eq!(
            l.reask_profile(),
            [ClientMsg::Profile {
                key: Some(key.clone())
            }]
        );
    }
}
