//! The online table's protocol, version [`PROTOCOL_VERSION`]: JSON text frames over a WebSocket,
//! one message a frame, each an object whose `"type"` names it (`docs/protocol.md` is the
//! reference, with an example of every message).
//!
//! A seat only ever receives what it may see: the server builds every message for its
//! recipient ([`Viewer`]), and a game whose players hide something (Artifact Chess's hands)
//! puts it in a per-viewer [`GameView`] variant, never in a message shared by both seats.

use crate::rules::hive::{Colour, GameType};
use serde::{Deserialize, Serialize};

/// The protocol's version; a `hello` with another one gets [`ErrorCode::Version`] and is closed.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest frame the server reads; a larger one gets [`ErrorCode::TooLarge`] and is closed.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// The longest action `act` may carry, in characters (Artifact Chess's longest `reveal`, an
/// army of eleven pieces and its salt, is 117); a longer one is refused as `bad_notation`.
pub const MAX_ACTION_CHARS: usize = 256;

/// Messages a connection may send per second on average ...
pub const RATE_PER_SECOND: u32 = 20;
/// ... and in one burst; past that each message gets [`ErrorCode::RateLimited`] and is dropped.
pub const RATE_BURST: u32 = 40;
/// Refused messages in a row (rate, malformed) after which the server closes the connection.
pub const MAX_STRIKES: u32 = 20;

/// Seconds a new connection has to send `hello`.
pub const HELLO_TIMEOUT_SECONDS: u64 = 10;

/// The longest player name kept (characters); longer ones are cut.
pub const MAX_NAME_CHARS: usize = 32;

/// The clocks a table may have, in seconds per turn.
pub const MIN_CLOCK_SECONDS: u32 = 1;
pub const MAX_CLOCK_SECONDS: u32 = 3600;
/// A bank's starting time, in seconds ...
pub const MIN_BANK_SECONDS: u32 = 30;
pub const MAX_BANK_SECONDS: u32 = 3 * 3600;
/// ... and the most seconds added after each action.
pub const MAX_INCREMENT_SECONDS: u32 = 60;
/// Correspondence: days a move.
pub const MIN_DAYS: u32 = 1;
pub const MAX_DAYS: u32 = 14;

/// The most seat tokens one `games` may ask about.
pub const MAX_GAMES_ASKED: usize = 64;
/// The most open and the most live tables of each game a `lobby` snapshot lists (the newest).
pub const LOBBY_LIST_LIMIT: usize = 100;
/// The least time between two `lobby_update`s to one connection, in milliseconds: what
/// changed meanwhile comes in one message.
pub const LOBBY_UPDATE_MS: u64 = 500;

/// How long a table lets each side take: the opener's choice in `create` (or `quick`).
///
/// The game's own timeout rule applies under every control: when a side's time runs out, the
/// clock plays that game's timeout action for it (`docs/protocol.md`, "Time controls").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// The same time for every turn (Ash & Walnut's 60 s), 1–3600 seconds.
    Turn { seconds: u32 },
    /// A bank per side of `base` seconds (30–10800), with `increment` seconds (0–60) added
    /// after each of that side's actions. A side whose bank runs out gets its timeout action
    /// and goes on with the increment alone for each later action.
    Bank { base: u32, increment: u32 },
    /// Correspondence: `days` (1–14) for every move; the table lives across server restarts.
    Days { days: u32 },
}

impl TimeControl {
    /// The presets the game offers (`docs/protocol.md`): 15, 30, 60 and 180 seconds a turn,
    /// 5 min + 3 s and 15 min + 10 s banks, and 1 or 3 days a move.
    pub const PRESETS: [TimeControl; 8] = [
        TimeControl::Turn { seconds: 15 },
        TimeControl::Turn { seconds: 30 },
        TimeControl::Turn { seconds: 60 },
        TimeControl::Turn { seconds: 180 },
        TimeControl::Bank {
            base: 300,
            increment: 3,
        },
        TimeControl::Bank {
            base: 900,
            increment: 10,
        },
        TimeControl::Days { days: 1 },
        TimeControl::Days { days: 3 },
    ];

    /// Whether it is inside the limits; the words say what is wrong.
    pub fn check(&self) -> Result<(), String> {
        match *self {
            TimeControl::Turn { seconds } => (MIN_CLOCK_SECONDS..=MAX_CLOCK_SECONDS)
                .contains(&seconds)
                .then_some(())
                .ok_or(format!(
                    "a turn is {MIN_CLOCK_SECONDS} to {MAX_CLOCK_SECONDS} seconds"
                )),
            TimeControl::Bank { base, increment } => ((MIN_BANK_SECONDS..=MAX_BANK_SECONDS)
                .contains(&base)
                && increment <= MAX_INCREMENT_SECONDS)
                .then_some(())
                .ok_or(format!(
                    "a bank is {MIN_BANK_SECONDS} to {MAX_BANK_SECONDS} seconds, its increment \
                     at most {MAX_INCREMENT_SECONDS}"
                )),
            TimeControl::Days { days } => (MIN_DAYS..=MAX_DAYS)
                .contains(&days)
                .then_some(())
                .ok_or(format!(
                    "correspondence is {MIN_DAYS} to {MAX_DAYS} days a move"
                )),
        }
    }

    /// The longest a single turn may take under it, in seconds (a bank: as long as the bank
    /// holds, which the table counts).
    pub fn turn_seconds(&self) -> u64 {
        match *self {
            TimeControl::Turn { seconds } => u64::from(seconds),
            // The bank, not the turn, limits; the game's own per-turn allowance is a day.
            TimeControl::Bank { .. } => 86_400,
            TimeControl::Days { days } => u64::from(days) * 86_400,
        }
    }

    /// Whether it is correspondence (days a move).
    pub fn is_correspondence(&self) -> bool {
        matches!(self, TimeControl::Days { .. })
    }

    /// Short words for lists and the table ("60 s a turn", "5+3", "1 day a move").
    pub fn label(&self) -> String {
        match *self {
            TimeControl::Turn { seconds } => format!("{seconds} s a turn"),
            TimeControl::Bank { base, increment } => {
                if base % 60 == 0 {
                    format!("{}+{increment}", base / 60)
                } else {
                    format!("{base}s+{increment}")
                }
            }
            TimeControl::Days { days: 1 } => "1 day a move".to_string(),
            TimeControl::Days { days } => format!("{days} days a move"),
        }
    }
}

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl::Turn { seconds: 60 }
    }
}

/// A seat in the order the seats were taken: `first` opened the table, `second` joined it (or
/// the bot took it). The colour rule decides which of them plays ash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatId {
    First,
    Second,
}

impl SeatId {
    pub const BOTH: [SeatId; 2] = [SeatId::First, SeatId::Second];

    pub fn index(self) -> usize {
        match self {
            SeatId::First => 0,
            SeatId::Second => 1,
        }
    }

    pub fn other(self) -> SeatId {
        match self {
            SeatId::First => SeatId::Second,
            SeatId::Second => SeatId::First,
        }
    }
}

impl From<crate::fair::SeatOrder> for SeatId {
    fn from(o: crate::fair::SeatOrder) -> SeatId {
        match o {
            crate::fair::SeatOrder::First => SeatId::First,
            crate::fair::SeatOrder::Second => SeatId::Second,
        }
    }
}

impl From<SeatId> for crate::fair::SeatOrder {
    fn from(s: SeatId) -> crate::fair::SeatOrder {
        match s {
            SeatId::First => crate::fair::SeatOrder::First,
            SeatId::Second => crate::fair::SeatOrder::Second,
        }
    }
}

/// An Ash & Walnut colour on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Ash,
    Walnut,
}

impl Side {
    /// Artifact Chess's colour on the wire: `ash` is white, who acts first.
    pub fn chess(self) -> crate::rules::chess::Colour {
        match self {
            Side::Ash => crate::rules::chess::Colour::White,
            Side::Walnut => crate::rules::chess::Colour::Black,
        }
    }

    /// The wire's side of an Artifact Chess colour.
    pub fn of_chess(colour: crate::rules::chess::Colour) -> Side {
        match colour {
            crate::rules::chess::Colour::White => Side::Ash,
            crate::rules::chess::Colour::Black => Side::Walnut,
        }
    }
}

impl From<Colour> for Side {
    fn from(c: Colour) -> Side {
        match c {
            Colour::Ash => Side::Ash,
            Colour::Walnut => Side::Walnut,
        }
    }
}

impl From<Side> for Colour {
    fn from(s: Side) -> Colour {
        match s {
            Side::Ash => Colour::Ash,
            Side::Walnut => Colour::Walnut,
        }
    }
}

/// A bot's strength on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    Easy,
    Normal,
    Hard,
}

impl From<BotLevel> for crate::ai::Level {
    fn from(l: BotLevel) -> crate::ai::Level {
        match l {
            BotLevel::Easy => crate::ai::Level::Easy,
            BotLevel::Normal => crate::ai::Level::Normal,
            BotLevel::Hard => crate::ai::Level::Hard,
        }
    }
}

impl From<crate::ai::Level> for BotLevel {
    fn from(l: crate::ai::Level) -> BotLevel {
        match l {
            crate::ai::Level::Easy => BotLevel::Easy,
            crate::ai::Level::Normal => BotLevel::Normal,
            crate::ai::Level::Hard => BotLevel::Hard,
        }
    }
}

/// The games a table can hold: the app's [`GameKind`] by its name (`"hive"`, `"snelab"`,
/// `"chess"`). A `create` naming a game this server does not serve is a `bad_request`.
pub use crate::rules::GameKind;

/// Snēlab's stakes on the wire: the casino table (the winner collects 22 of the 24 staked, the
/// House keeps 2) or the street table (the winner takes all 24).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stakes {
    #[default]
    Casino,
    Street,
}

impl From<Stakes> for crate::play::snelab::Stakes {
    fn from(s: Stakes) -> crate::play::snelab::Stakes {
        match s {
            Stakes::Casino => crate::play::snelab::Stakes::Casino,
            Stakes::Street => crate::play::snelab::Stakes::Street,
        }
    }
}

impl From<crate::play::snelab::Stakes> for Stakes {
    fn from(s: crate::play::snelab::Stakes) -> Stakes {
        match s {
            crate::play::snelab::Stakes::Casino => Stakes::Casino,
            crate::play::snelab::Stakes::Street => Stakes::Street,
        }
    }
}

/// A table's game options, chosen by whoever opens it (`create`); each belongs to one game and
/// is refused for another. Absent options take their defaults.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableOptions {
    /// Snēlab: the stakes (default `casino`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stakes: Option<Stakes>,
    /// Snēlab: the appeal rule, backward captures (default on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appeal: Option<bool>,
    /// Artifact Chess: whether the artifact cards are in play (default on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artifacts: Option<bool>,
    /// Ash & Walnut: the expansion creatures in the reserves, as a UHP GameTypeString
    /// (`Base+MLP`); absent: the base game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_type: Option<GameType>,
}

impl TableOptions {
    /// Whether every option given belongs to `game`.
    pub fn fit(&self, game: GameKind) -> bool {
        let snelab = self.stakes.is_some() || self.appeal.is_some();
        let chess = self.artifacts.is_some();
        let hive = self.game_type.is_some();
        (!snelab || game == GameKind::Snelab)
            && (!chess || game == GameKind::Chess)
            && (!hive || game == GameKind::Hive)
    }

    /// Ash & Walnut's game type (the base game when none was chosen).
    pub fn hive_game_type(&self) -> GameType {
        self.game_type.unwrap_or(GameType::BASE)
    }

    /// The options as the store keeps them: their JSON (`{}` for none).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }

    /// Reads the store's text back; `None` when it is not options.
    pub fn from_json(text: &str) -> Option<TableOptions> {
        serde_json::from_str(text).ok()
    }
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message of every connection. With `token`, it takes back the seat the token
    /// belongs to (a reconnect): the answer is `seated` and the whole `state`.
    Hello {
        version: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// After `welcome`: proves that this connection holds the private half of `key` (64 hex
    /// digits), by `signature` (128 hex digits), the key's Ed25519 signature over the bytes of
    /// "carved-tables hello v1", a zero byte, and the welcome's `nonce` (see
    /// [`crate::identity::hello_bytes`]).
    Prove { key: String, signature: String },
    /// Opens a table and takes its first seat.
    Create {
        game: GameKind,
        /// Seconds per turn; the server's default when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<u32>,
        /// The bot that takes the second seat when nobody has joined in time; absent: wait
        /// for a person.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bot_fill: Option<BotLevel>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// Snēlab's stakes, `casino` (the default) or `street`; refused for another game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stakes: Option<Stakes>,
        /// Snēlab's appeal rule, backward captures (default `true`); refused for another game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        appeal: Option<bool>,
        /// Artifact Chess: the artifact cards in play (default `true`); refused for another
        /// game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        artifacts: Option<bool>,
        /// Ash & Walnut: the game type, a UHP GameTypeString (`Base`, `Base+M`, ...
        /// `Base+MLP`); absent: `Base`. Refused for another game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game_type: Option<GameType>,
        /// The time control; when absent, `clock` seconds a turn.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        control: Option<TimeControl>,
        /// Listed in the lobby (while it waits) and on the watch list (while it plays); absent
        /// or `false`: private, reached by its code only.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        public: bool,
        /// Rated: the game changes both players' ratings. Both must have proved a key
        /// (`prove`); a table whose second seat a bot takes plays casual. Absent or `false`:
        /// casual.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rated: bool,
    },
    /// Follows the lobby of `game` (every game when absent): a `lobby` snapshot now, then
    /// `lobby_update`s while the connection holds no table. Sending it again changes the game.
    Lobby {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<GameKind>,
    },
    /// Stops following the lobby.
    Unlobby,
    /// Waits to be paired with another person who asks for the same game, game type and
    /// control (`queued`, then `seated` at a new table, or `bot_offer` after a while).
    Quick {
        game: GameKind,
        control: TimeControl,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// Ash & Walnut: the game type sought, a UHP GameTypeString (`Base`, `Base+M`, ...
        /// `Base+MLP`); absent: `Base`. Kept as the text sent, so that the server can refuse
        /// a string that is no game type with `bad_request` ([`quick_game_type`]), and a game
        /// type for another game likewise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game_type: Option<String>,
        /// Rated pairing (needs a proved key): paired only with others asking for a rated
        /// game, the nearest rating first. Absent or `false`: casual.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rated: bool,
    },
    /// While queued: gives up waiting and plays the server's bot at once (labelled a bot).
    QuickBot {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<BotLevel>,
    },
    /// Leaves the pairing queue.
    Unqueue,
    /// Asks where each of these seats' games stands (`games` answers), up to
    /// [`MAX_GAMES_ASKED`] tokens; a connection may ask whatever it holds.
    Games { tokens: Vec<String> },
    /// Seated, once the game has ended: asks the other player for a new game at a new table
    /// (both ask: `seated` at the new table).
    Rematch,
    /// Seated, while playing: offers a draw or asks to take back your last action.
    Offer { what: OfferKind },
    /// Answers the other seat's standing offer.
    Answer { what: OfferKind, accept: bool },
    /// Takes the second seat of the table with this join code.
    Join {
        code: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// Watches a table without a seat.
    Spectate { code: String },
    /// Plays an action in the game's notation (Ash & Walnut: a UHP MoveString such as
    /// `wS1`, `bG1 -wS1` or `pass`; Snēlab: `d1-f3`, `c2xd4=a1+b1`). With `seq`, refused as `stale` unless `seq` actions have
    /// been played so far.
    Act {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seq: Option<u64>,
        action: String,
        /// The seat's signature (128 hex digits) over the action, by the key it proved: see
        /// [`crate::identity::action_bytes`] (the chain's number is the table's `chain.n` + 1,
        /// the previous hash its `chain.head`). Required at a table whose seat holds a key.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sig: Option<String>,
    },
    /// Gives up the game: the other colour wins.
    Resign,
    /// Asks for the whole current `state` again.
    Resync,
    /// Asks for a player's page (`profile`): the key's (64 hex digits), or the connection's
    /// own proved key when absent.
    Profile {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
    },
    /// Asks for a finished game's record (`record`).
    Record { code: String },
    /// Asks for a `pong` with the same `nonce`.
    Ping {
        #[serde(default)]
        nonce: u64,
    },
}

/// What a seat may offer the other during a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    /// End the game as a draw.
    Draw,
    /// Undo the offerer's last action (it must be the last action played, not the clock's).
    Takeback,
}

/// A standing offer, as the table shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OfferView {
    pub what: OfferKind,
    /// The seat that made it.
    pub by: SeatId,
}

/// A public table as the lobby and the watch list show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listing {
    pub code: String,
    pub game: GameKind,
    /// `waiting`: open, a click joins it; `playing`: live, it can be watched.
    pub phase: Phase,
    pub control: TimeControl,
    /// The game's options (Snēlab's stakes and appeal rule, Artifact Chess's artifacts).
    #[serde(default)]
    pub options: TableOptions,
    /// The seats' names: the opener's first (the second empty while waiting; a bot's is its
    /// label).
    pub names: [String; 2],
    /// Whether a seat is the server's bot.
    #[serde(default)]
    pub bot: bool,
    /// How many watch.
    #[serde(default)]
    pub watchers: u32,
    /// When it opened, milliseconds since 1970.
    pub created_ms: u64,
    /// A rated table.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// The seats' key fingerprints, in `names`' order (absent: no key).
    #[serde(default)]
    pub fingerprints: [Option<String>; 2],
    /// The seats' ratings in this game, in `names`' order.
    #[serde(default)]
    pub ratings: [Option<RatingView>; 2],
    /// The seats' keys (64 hex digits), in `names`' order: whose page a fingerprint opens.
    #[serde(default)]
    pub keys: [Option<String>; 2],
}

/// How many people are about, for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameCount {
    pub game: GameKind,
    /// Connected people: following this game's lobby, queued for it or seated at its tables.
    pub online: u32,
    /// People seated at its games under way.
    pub playing: u32,
    /// People waiting in its pairing queue.
    pub queued: u32,
}

/// One of a device's games, as `games` tells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The token asked about (the answer keeps the order of the question).
    pub token: String,
    /// `false`: no open table has this token (the game ended and closed, or never was).
    pub open: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<Phase>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<TimeControl>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<SeatId>,
    /// The other seat's name (a bot's label).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// Whether the awaited action is this seat's.
    #[serde(default)]
    pub your_turn: bool,
    /// Milliseconds left for the awaited action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_left_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Actions played so far.
    #[serde(default)]
    pub seq: u64,
}

/// What kind of player holds a seat, as every viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// Nobody yet.
    Empty,
    /// A person, connected through a client.
    Human,
    /// The server's bot: always shown as a bot.
    Bot,
}

/// One seat of a table as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: SeatId,
    pub kind: SeatKind,
    /// The bot's level (bots only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<BotLevel>,
    pub name: String,
    /// Whether a client holds the seat now (a bot is always connected).
    pub connected: bool,
    /// Whether the seat is the viewer's own.
    pub you: bool,
    /// The seat's colour, once the game has started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Side>,
    /// The public key the seat's player proved (64 hex digits); absent for a bot or a player
    /// without a key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// The key's short fingerprint (`ab12·cd34`), shown beside the name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    /// The player's rating in this game (a player with a key).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingView>,
}

/// A rating as shown beside a name: Glicko-2's rating and deviation, rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RatingView {
    pub rating: i32,
    pub deviation: i32,
    /// Too few games to say much (a large deviation): shown as `1500?`.
    pub provisional: bool,
    /// Rated games played.
    pub games: u32,
}

impl RatingView {
    pub fn of(r: &crate::rating::Rating) -> RatingView {
        RatingView {
            rating: r.rating.round() as i32,
            deviation: r.deviation.round() as i32,
            provisional: r.provisional(),
            games: r.games,
        }
    }

    /// As shown: `1500?` while provisional, else `1523 ±64`.
    pub fn shown(&self) -> String {
        if self.provisional {
            format!("{}?", self.rating)
        } else {
            format!("{} ±{}", self.rating, self.deviation)
        }
    }
}

/// A seat's rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RatingChange {
    pub before: RatingView,
    pub after: RatingView,
}

impl RatingChange {
    /// The change in points, signed.
    pub fn delta(&self) -> i32 {
        self.after.rating - self.before.rating
    }
}

pub use crate::identity::Signer;

/// Where a table's chain of signed actions stands: `n` actions signed, `head` the hash after
/// the last (64 hex digits; all zeros before the first).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChainHead {
    pub n: u64,
    pub head: String,
}

/// A player's page: who they are, their ratings and their finished games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    /// The public key (64 hex digits).
    pub key: String,
    pub fingerprint: String,
    /// The name last used at a table (empty when none).
    pub name: String,
    /// When the server first saw the key, milliseconds since 1970.
    pub since_ms: u64,
    /// One per game played rated.
    #[serde(default)]
    pub ratings: Vec<GameRating>,
    /// Finished games, the newest first (at most [`PROFILE_GAMES`]).
    #[serde(default)]
    pub games: Vec<PlayedGame>,
}

/// The most games a `profile` lists.
pub const PROFILE_GAMES: usize = 100;

/// A player's rating in one game, with its history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRating {
    pub game: GameKind,
    pub rating: RatingView,
    /// After each rated game, oldest first.
    #[serde(default)]
    pub history: Vec<RatingPoint>,
}

/// A rating after one rated game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// When the game ended, milliseconds since 1970.
    pub at_ms: u64,
    pub rating: f64,
    pub deviation: f64,
}

/// How a finished game went for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    Won,
    Lost,
    Drawn,
}

/// One finished game on a player's page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayedGame {
    pub code: String,
    pub game: GameKind,
    pub ended_ms: u64,
    /// The other seat's name (a bot's label).
    pub opponent: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent_fingerprint: Option<String>,
    /// The other player's key (64 hex digits), whose page it opens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent_key: Option<String>,
    pub result: GameResult,
    pub rated: bool,
    /// The player's rating change (rated games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<i32>,
}

/// Where a table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Waiting for the second seat.
    Waiting,
    Playing,
    Ended,
}

/// One played action as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedView {
    /// Its place in the game: 1 for the first action.
    pub seq: u64,
    pub action: String,
    pub by: Side,
    /// Played by the clock for a side whose time ran out (the deterministic timeout move).
    pub timeout: bool,
}

/// What the viewer may see of the game itself. Ash & Walnut and Snēlab hide nothing; a game
/// with hidden information gets its own variant, built for each viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GameView {
    Hive {
        /// Every action so far, in order (`moves[i].seq == i + 1`).
        moves: Vec<PlayedView>,
        /// The table's game type (which expansion creatures are in the reserves); absent on
        /// the wire for the base game.
        #[serde(default, skip_serializing_if = "GameType::is_base")]
        game_type: GameType,
    },
    /// A Snēlab case: `ash` is South, who opens (the seat the seed's coin names), `walnut`
    /// North.
    Snelab {
        /// Every action so far, in order (`moves[i].seq == i + 1`).
        moves: Vec<PlayedView>,
        stakes: Stakes,
        /// The appeal rule: backward captures.
        appeal: bool,
    },
    /// An Artifact Chess game, as this viewer may see it: `ash` is white (who acts first),
    /// `walnut` black. Per-colour pairs are `[white, black]`.
    Chess {
        /// Whether the artifact cards are in play.
        artifacts: bool,
        stage: ChessStage,
        /// Whether each colour has sent its commitment (`ready`).
        ready: [bool; 2],
        /// Each colour's commitment, once sent (a hash: it shows nothing of the army).
        commits: [Option<String>; 2],
        /// Each colour's value, shown only once both colours are ready.
        values: [Option<String>; 2],
        /// Each colour's army text and salt, once revealed (both checked against the
        /// commitments; the game starts when both are in).
        armies: [Option<String>; 2],
        /// Every action so far, in order (`moves[i].seq == i + 1`), each as this viewer
        /// hears it (`ready`, `reveal` and the game's actions with their dice).
        moves: Vec<PlayedView>,
        /// Where the game stands for this viewer, once it has started.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        now: Option<ChessNow>,
    },
}

/// Where an Artifact Chess table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChessStage {
    /// Both seats build their armies; each sends `ready` with its commitment and value.
    Building,
    /// Both are committed; each sends `reveal` with its army and salt.
    Revealing,
    /// The game is under way (or over).
    Playing,
}

/// An Artifact Chess position as one viewer may see it: what a chess `state` and every
/// chess `event` carry once the game has started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChessNow {
    /// The position string (`docs/protocol.md`, "Artifact Chess"), with every hand the viewer
    /// may not see written as `-`.
    pub position: String,
    /// How many cards each colour holds, `[white, black]` (public).
    pub hands: [usize; 2],
}

impl GameView {
    /// Every action so far, whatever the game.
    pub fn moves(&self) -> &[PlayedView] {
        match self {
            GameView::Hive { moves, .. }
            | GameView::Snelab { moves, .. }
            | GameView::Chess { moves, .. } => moves,
        }
    }

    /// The game this view is of.
    pub fn kind(&self) -> GameKind {
        match self {
            GameView::Hive { .. } => GameKind::Hive,
            GameView::Snelab { .. } => GameKind::Snelab,
            GameView::Chess { .. } => GameKind::Chess,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// An Elder was surrounded.
    Surrounded,
    /// Both Elders were surrounded at once.
    BothSurrounded,
    /// The same position for the third time.
    Repetition,
    /// 200 plies were played.
    PlyLimit,
    Resigned,
    /// Snēlab: a piece of the winner landed on its Bench (the loser's Counter).
    Bench,
    /// Snēlab: the loser was to move and had no legal action.
    NoMove,
    /// Artifact Chess: the side to act is in check and has no action.
    Checkmate,
    /// Artifact Chess: the side to act is not in check and has no action (a draw).
    Stalemate,
    /// Artifact Chess: two lone kings that can never get a pawn back (a draw).
    BareKings,
    /// Artifact Chess: too many actions without progress (a draw).
    NoProgress,
    /// Artifact Chess: a seat did not reveal its army in time; it loses.
    Forfeit,
    /// Both players agreed to a draw (an accepted `offer`).
    Agreed,
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning colour; absent for a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Side>,
    pub reason: EndReason,
}

/// The whole table as one viewer may see it: the answer to `resync`, and sent after seating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableView {
    pub code: String,
    pub phase: Phase,
    /// Actions played so far; the `seq` of the next `event` is `seq + 1`.
    pub seq: u64,
    /// The viewer's seat; absent for a spectator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub you: Option<SeatId>,
    pub seats: [SeatView; 2],
    /// Seconds per turn (under a bank: its starting seconds; correspondence: a day's).
    pub clock: u32,
    /// The time control.
    #[serde(default)]
    pub control: TimeControl,
    /// Under a bank: each side's bank in milliseconds, `[ash, walnut]`, as it stood when the
    /// awaited turn began (the awaited side's runs down from then: `time_left_ms`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub banks_ms: Option<[u64; 2]>,
    /// Listed in the lobby and on the watch list.
    #[serde(default)]
    pub public: bool,
    /// How many watch.
    #[serde(default)]
    pub watchers: u32,
    /// A standing draw offer or takeback request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<OfferView>,
    /// Once the game has ended: which seats asked for a rematch, by seat.
    #[serde(default)]
    pub rematch: [bool; 2],
    /// The colour to act (while playing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Side>,
    /// Milliseconds left for the action awaited now (while playing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_left_ms: Option<u64>,
    /// Milliseconds until the bot takes the empty seat (while waiting with a bot to fill).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_in_ms: Option<u64>,
    /// SHA-256 of the secret seed, in hex: shown from the start of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    /// The seat that plays ash, by the colour rule (from the start of the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ash: Option<SeatId>,
    pub game: GameView,
    /// Set once the game has ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// The secret seed, in hex, revealed once the game has ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// A rated game.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// The chain of signed actions so far (once the game has started).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<ChainHead>,
}

/// Why the server refused something.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// `hello` spoke another protocol version (the connection is closed).
    Version,
    /// Something other than `hello` came first.
    HelloFirst,
    /// Not a message of this protocol (bad JSON, unknown type, missing field, not text).
    Malformed,
    /// A frame over [`MAX_MESSAGE_BYTES`] (the connection is closed).
    TooLarge,
    /// Too many messages; this one was dropped.
    RateLimited,
    /// The request is not valid as given (a clock out of range, a second `create`).
    BadRequest,
    /// No open table has this code.
    NoSuchTable,
    /// Both seats are taken.
    TableFull,
    /// The token belongs to no seat.
    BadToken,
    /// The connection holds no seat.
    NotSeated,
    /// The game has not started (the second seat is empty).
    NotStarted,
    /// It is the other seat's turn.
    NotYourTurn,
    /// The action is not in the game's notation.
    BadNotation,
    /// The rules refuse the action.
    Illegal,
    /// `seq` did not match the actions played so far: resync.
    Stale,
    /// The game has ended.
    GameOver,
    /// Another connection took this seat with its token (this one is closed).
    Replaced,
    /// The server could not keep the table (its store failed); try again later.
    Unavailable,
    /// A `prove` whose signature is not the key's over this connection's nonce, or a second
    /// `prove` on one connection (after three, the connection is closed); or an `act`
    /// without its signature, or whose signature is not its seat's key's over the action,
    /// its number and the chain before it.
    BadSignature,
    /// Needs a proved key (`prove`): a rated table or pairing, a `profile` of one's own.
    NotProved,
}

impl ErrorCode {
    /// Every code, in the order of the protocol's table.
    pub const ALL: [ErrorCode; 20] = [
        ErrorCode::Version,
        ErrorCode::HelloFirst,
        ErrorCode::Malformed,
        ErrorCode::TooLarge,
        ErrorCode::RateLimited,
        ErrorCode::BadRequest,
        ErrorCode::NoSuchTable,
        ErrorCode::TableFull,
        ErrorCode::BadToken,
        ErrorCode::NotSeated,
        ErrorCode::NotStarted,
        ErrorCode::NotYourTurn,
        ErrorCode::BadNotation,
        ErrorCode::Illegal,
        ErrorCode::Stale,
        ErrorCode::GameOver,
        ErrorCode::Replaced,
        ErrorCode::Unavailable,
        ErrorCode::BadSignature,
        ErrorCode::NotProved,
    ];

    /// The code as the protocol writes it (`not_your_turn`).
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::Version => "version",
            ErrorCode::HelloFirst => "hello_first",
            ErrorCode::Malformed => "malformed",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::NoSuchTable => "no_such_table",
            ErrorCode::TableFull => "table_full",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::NotStarted => "not_started",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::BadNotation => "bad_notation",
            ErrorCode::Illegal => "illegal",
            ErrorCode::Stale => "stale",
            ErrorCode::GameOver => "game_over",
            ErrorCode::Replaced => "replaced",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::BadSignature => "bad_signature",
            ErrorCode::NotProved => "not_proved",
        }
    }
}

/// A refusal in the player's language, worded by its code alone: the server's `message` is
/// English for the log and never shown inside another language's sentence.
impl crate::i18n::Explain for ErrorCode {
    fn explain(&self) -> crate::i18n::Message {
        crate::i18n::msg(match self {
            ErrorCode::Version => "online.error.version",
            ErrorCode::HelloFirst => "online.error.hello_first",
            ErrorCode::Malformed => "online.error.malformed",
            ErrorCode::TooLarge => "online.error.too_large",
            ErrorCode::RateLimited => "online.error.rate_limited",
            ErrorCode::BadRequest => "online.error.bad_request",
            ErrorCode::NoSuchTable => "online.error.no_such_table",
            ErrorCode::TableFull => "online.error.table_full",
            ErrorCode::BadToken => "online.error.bad_token",
            ErrorCode::NotSeated => "online.error.not_seated",
            ErrorCode::NotStarted => "online.error.not_started",
            ErrorCode::NotYourTurn => "online.error.not_your_turn",
            ErrorCode::BadNotation => "online.error.bad_notation",
            ErrorCode::Illegal => "online.error.illegal",
            ErrorCode::Stale => "online.error.stale",
            ErrorCode::GameOver => "online.error.game_over",
            ErrorCode::Replaced => "online.error.replaced",
            ErrorCode::Unavailable => "online.error.unavailable",
            ErrorCode::BadSignature => "online.error.bad_signature",
            ErrorCode::NotProved => "online.error.not_proved",
        })
    }
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to a good `hello`.
    Welcome {
        version: u32,
        /// The server's limits, so a client can keep inside them.
        max_message_bytes: usize,
        rate_per_second: u32,
        rate_burst: u32,
        /// This connection's challenge: a client with a key signs it and sends `prove`
        /// (32 hex digits, new for every connection; absent from servers before keys).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        nonce: String,
    },
    /// A `prove` was right: this connection is the player of this public key (64 hex digits),
    /// shown as `fingerprint`.
    Proved {
        key: String,
        fingerprint: String,
    },
    /// The connection holds a seat: keep `token` to come back to it after a drop.
    Seated {
        code: String,
        seat: SeatId,
        token: String,
    },
    /// The connection watches a table.
    Watching {
        code: String,
    },
    /// The whole table as this viewer may see it.
    State(Box<TableView>),
    /// A seat was taken or changed hands (by a person or the bot).
    SeatTaken {
        seat: SeatView,
    },
    /// Both seats are taken: the game begins. `fingerprint` commits to the secret seed; `ash`
    /// is the seat the colour rule gives ash (who acts first).
    Started {
        fingerprint: String,
        ash: SeatId,
        seats: [SeatView; 2],
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_left_ms: Option<u64>,
    },
    /// An accepted action, in order.
    Event {
        seq: u64,
        action: String,
        by: Side,
        seat: SeatId,
        timeout: bool,
        /// The colour to act next, absent once the game is over.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to_move: Option<Side>,
        /// Milliseconds the next side has.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_left_ms: Option<u64>,
        /// Artifact Chess, once the game has started: the position after the action as this
        /// recipient may see it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chess: Option<ChessNow>,
        /// The action's signature in the table's chain (128 hex digits) and who signed it:
        /// the next hash is SHA-256 of the previous hash and these 64 bytes, so a client
        /// follows the chain even where the action itself is hidden from it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sig: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        signer: Option<Signer>,
    },
    /// A seat's client connected or dropped.
    Presence {
        seat: SeatId,
        connected: bool,
    },
    /// The game is over: the seed is revealed and the whole record (the text `tables verify`
    /// reads) is given.
    Ended {
        seq: u64,
        outcome: Outcome,
        seed: String,
        fingerprint: String,
        record: String,
        /// A rated game: each seat's rating before and after, by seat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<[RatingChange; 2]>,
    },
    /// A player's page (the answer to `profile`).
    Profile(Box<Profile>),
    /// A finished game's record (the answer to `record`).
    Record {
        code: String,
        record: String,
    },
    /// The lobby as it stands: public tables of the followed game(s), waiting and playing
    /// (newest first, at most [`LOBBY_LIST_LIMIT`] of each phase and game), and the counts.
    Lobby {
        tables: Vec<Listing>,
        counts: Vec<GameCount>,
    },
    /// What changed in the followed lobby since the last message: listings new or changed
    /// (replace by `code`), codes gone, and the counts when they changed. At most one every
    /// [`LOBBY_UPDATE_MS`].
    LobbyUpdate {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        set: Vec<Listing>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        gone: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        counts: Vec<GameCount>,
    },
    /// In the pairing queue for `game` under `control` (Ash & Walnut: of `game_type`, absent
    /// for the base game); `bot_offer` comes after `bot_after_ms` if nobody has come.
    Queued {
        game: GameKind,
        control: TimeControl,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game_type: Option<GameType>,
        bot_after_ms: u64,
    },
    /// Nobody came in time: `quick_bot` plays the server's bot now (or keep waiting).
    BotOffer,
    /// Out of the pairing queue (after `unqueue`).
    Unqueued,
    /// The answer to `games`, in the order asked.
    Games {
        games: Vec<GameSummary>,
    },
    /// The seats that ask for a rematch now (by seat); all `false`: the request lapsed (a
    /// player left).
    Rematch {
        asked: [bool; 2],
    },
    /// A seat made an offer; the other may `answer` it.
    Offer {
        what: OfferKind,
        by: SeatId,
    },
    /// An offer was answered (or lapsed, `accept: false`, when an action was played first).
    /// An accepted draw ends the game (`ended` follows); an accepted takeback is followed by
    /// the whole `state` (the action is gone).
    Answered {
        what: OfferKind,
        by: SeatId,
        accept: bool,
    },
    /// How many watch the table now.
    Watchers {
        count: u32,
    },
    /// Something was refused; nothing changed.
    Error {
        code: ErrorCode,
        message: String,
    },
    Pong {
        nonce: u64,
    },
}

/// Who a message is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    Seat(SeatId),
    Spectator,
}

impl Viewer {
    pub fn seat(self) -> Option<SeatId> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

impl ServerMsg {
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error {
            code,
            message: message.into(),
        }
    }

    /// The message as a JSON text frame.
    pub fn to_json(&self) -> String {
        // Proven: every type here serialises (string keys, no maps with other keys).
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The game type a `quick` seeks: the base game when `game_type` is absent; refused (in
/// words) when it is given for a game without game types (even `Base`), or is not a UHP
/// GameTypeString.
pub fn quick_game_type(game: GameKind, game_type: Option<&str>) -> Result<GameType, String> {
    let Some(text) = game_type else {
        return Ok(GameType::BASE);
    };
    if game != GameKind::Hive {
        return Err(format!("game_type is Ash & Walnut's, not {game}'s"));
    }
    GameType::parse(text).ok_or_else(|| {
        let shown: String = text.chars().take(40).collect();
        format!("{shown:?} is not a game type (Base, Base+M, Base+L, Base+P, ... Base+MLP)")
    })
}

impl ClientMsg {
    /// Reads one frame; the error says what is wrong, in words.
    pub fn from_json(text: &str) -> Result<ClientMsg, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A join code as typed: upper case, with spaces and dashes dropped (see [`CODE_ALPHABET`]).
pub fn normalise_code(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The characters of a join code: digits and capitals without the look-alikes 0/O, 1/I/L.
pub const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// Characters in a join code.
pub const CODE_LEN: usize = 6;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code has words of its own in every language, and `ALL` and `name` agree with the
    /// codes as the protocol writes them.
    #[test]
    fn every_error_code_is_worded_in_every_language() {
        use crate::i18n::{Explain, Lang, Strings};
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.name()));
            for lang in Lang::ALL {
                let tr = Strings::new(lang);
                let key = code.explain().key;
                assert_ne!(tr.t(key), key, "{}: no words for {key}", lang.code());
                let words = tr.say(&code.explain());
                assert!(!words.contains('{') && !words.contains('_'), "{words}");
            }
        }
        let mut names: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), ErrorCode::ALL.len());
        // The protocol's table lists each code once, and no other.
        let doc = include_str!("../../docs/protocol.md");
        let table: Vec<&str> = doc
            .lines()
            .filter_map(|l| l.strip_prefix("| `"))
            .filter_map(|l| l.split_once("` |").map(|(c, _)| c))
            .filter(|c| c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '_'))
            .collect();
        for name in &names {
            assert!(table.contains(name), "docs/protocol.md lacks `{name}`");
        }
    }

    #[test]
    fn client_messages_read_as_documented() {
        let cases = [
            (
                r#"{"type":"hello","version":1}"#,
                ClientMsg::Hello {
                    version: 1,
                    token: None,
                },
            ),
            (
                r#"{"type":"create","game":"hive","clock":60,"bot_fill":"easy"}"#,
                ClientMsg::Create {
                    game: GameKind::Hive,
                    clock: Some(60),
                    bot_fill: Some(BotLevel::Easy),
                    name: None,
                    stakes: None,
                    appeal: None,
                    artifacts: None,
                    game_type: None,
                    control: None,
                    public: false,
                    rated: false,
                },
            ),
            (
                r#"{"type":"create","game":"snelab","stakes":"street","appeal":false}"#,
                ClientMsg::Create {
                    game: GameKind::Snelab,
                    clock: None,
                    bot_fill: None,
                    name: None,
                    stakes: Some(Stakes::Street),
                    appeal: Some(false),
                    artifacts: None,
                    game_type: None,
                    control: None,
                    public: false,
                    rated: false,
                },
            ),
            (
                r#"{"type":"act","seq":0,"action":"wS1"}"#,
                ClientMsg::Act {
                    seq: Some(0),
                    action: "wS1".into(),
                    sig: None,
                },
            ),
            (r#"{"type":"resign"}"#, ClientMsg::Resign),
            (r#"{"type":"ping"}"#, ClientMsg::Ping { nonce: 0 }),
            (
                r#"{"type":"create","game":"hive","game_type":"Base+PLM","name":"Ana"}"#,
                ClientMsg::Create {
                    game: GameKind::Hive,
                    clock: None,
                    bot_fill: None,
                    name: Some("Ana".into()),
                    stakes: None,
                    appeal: None,
                    artifacts: None,
                    game_type: Some(GameType::MLP),
                    control: None,
                    public: false,
                    rated: false,
                },
            ),
        ];
        for (text, msg) in cases {
            assert_eq!(ClientMsg::from_json(text), Ok(msg.clone()), "{text}");
            assert_eq!(ClientMsg::from_json(&msg.to_json()), Ok(msg));
        }
        for bad in [
            "",
            "{}",
            "[]",
            r#"{"type":"fly"}"#,
            r#"{"type":"act"}"#,
            "null",
            r#"{"type":"create","game":"hive","game_type":"Base+X"}"#,
            r#"{"type":"create","game":"hive","game_type":"base"}"#,
            r#"{"type":"create","game":"hive","game_type":7}"#,
        ] {
            assert!(ClientMsg::from_json(bad).is_err(), "{bad}");
        }
    }

    /// `quick` carries Ash & Walnut's game type as the text sent (absent: the base game), so
    /// that a string that is no game type reads and is refused as a request, not as a frame.
    #[test]
    fn a_quick_games_game_type_reads_as_sent_and_is_checked_apart() {
        let text = r#"{"type":"quick","game":"hive","control":{"kind":"turn","seconds":60},"game_type":"Base+PLM"}"#;
        let Ok(ClientMsg::Quick { game_type, .. }) = ClientMsg::from_json(text) else {
            panic!("{text} reads");
        };
        assert_eq!(game_type.as_deref(), Some("Base+PLM"));
        assert_eq!(
            quick_game_type(GameKind::Hive, game_type.as_deref()),
            Ok(GameType::MLP)
        );
        let old = r#"{"type":"quick","game":"hive","control":{"kind":"turn","seconds":60}}"#;
        let Ok(ClientMsg::Quick { game_type, .. }) = ClientMsg::from_json(old) else {
            panic!("{old} reads");
        };
        assert_eq!(game_type, None);
        assert_eq!(quick_game_type(GameKind::Hive, None), Ok(GameType::BASE));
        assert_eq!(quick_game_type(GameKind::Chess, None), Ok(GameType::BASE));
        assert_eq!(
            quick_game_type(GameKind::Hive, Some("Base")),
            Ok(GameType::BASE)
        );
        for bad in ["Base+X", "base", "Base+", "Base+MM", "", "MLP"] {
            assert!(quick_game_type(GameKind::Hive, Some(bad)).is_err(), "{bad}");
        }
        for game in [GameKind::Snelab, GameKind::Chess] {
            assert!(quick_game_type(game, Some("Base")).is_err(), "{game}");
            assert!(quick_game_type(game, Some("Base+M")).is_err(), "{game}");
        }
        // Not a string at all is no message of the protocol.
        let number = r#"{"type":"quick","game":"hive","control":{"kind":"turn","seconds":60},"game_type":7}"#;
        assert!(ClientMsg::from_json(number).is_err());
        // The queue says the game type sought, the base game by no field.
        let queued = ServerMsg::Queued {
            game: GameKind::Hive,
            control: TimeControl::Turn { seconds: 60 },
            game_type: Some(GameType::MLP),
            bot_after_ms: 20_000,
        };
        assert!(queued.to_json().contains(r#""game_type":"Base+MLP""#));
        let base = ServerMsg::Queued {
            game: GameKind::Hive,
            control: TimeControl::Turn { seconds: 60 },
            game_type: None,
            bot_after_ms: 20_000,
        };
        assert!(!base.to_json().contains("game_type"));
    }

    /// The base game is said by no field at all, as before game types; another game type is
    /// written as its GameTypeString, in views and in a listing's options.
    #[test]
    fn a_hive_game_type_is_written_only_when_it_is_not_the_base_game() {
        let base = GameView::Hive {
            moves: Vec::new(),
            game_type: GameType::BASE,
        };
        let text = serde_json::to_string(&base).unwrap();
        assert_eq!(text, r#"{"kind":"hive","moves":[]}"#);
        let old: GameView = serde_json::from_str(r#"{"kind":"hive","moves":[]}"#).unwrap();
        assert_eq!(old, base);
        let mlp = GameView::Hive {
            moves: Vec::new(),
            game_type: GameType::MLP,
        };
        let text = serde_json::to_string(&mlp).unwrap();
        assert!(text.contains(r#""game_type":"Base+MLP""#), "{text}");
        assert_eq!(serde_json::from_str::<GameView>(&text).unwrap(), mlp);
        let options = TableOptions {
            game_type: Some(GameType::with(&[crate::rules::hive::Creature::Squirrel])),
            ..TableOptions::default()
        };
        assert_eq!(options.to_json(), r#"{"game_type":"Base+L"}"#);
        assert_eq!(TableOptions::from_json(&options.to_json()), Some(options));
        assert!(options.fit(GameKind::Hive));
        assert!(!options.fit(GameKind::Chess) && !options.fit(GameKind::Snelab));
        assert_eq!(TableOptions::default().hive_game_type(), GameType::BASE);
    }

    #[test]
    fn server_messages_round_trip() {
        let msg = ServerMsg::Event {
            seq: 3,
            action: "wQ -wS1".into(),
            by: Side::Ash,
            seat: SeatId::Second,
            timeout: false,
            to_move: Some(Side::Walnut),
            time_left_ms: Some(60_000),
            chess: None,
            sig: None,
            signer: None,
        };
        let text = msg.to_json();
        assert!(text.starts_with(r#"{"type":"event","seq":3"#), "{text}");
        assert_eq!(serde_json::from_str::<ServerMsg>(&text).unwrap(), msg);
        let e = ServerMsg::error(ErrorCode::NotYourTurn, "walnut is to move").to_json();
        assert_eq!(
            e,
            r#"{"type":"error","code":"not_your_turn","message":"walnut is to move"}"#
        );
    }

    #[test]
    fn codes_are_normalised() {
        assert_eq!(normalise_code(" abc-4x7 "), "ABC4X7");
        for c in [b'0', b'O', b'1', b'I', b'L'] {
            assert!(!CODE_ALPHABET.contains(&c));
        }
    }
}
