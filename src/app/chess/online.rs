//! The Artifact Chess table at the online table's server (`docs/protocol.md`, "Artifact Chess
//! online"): the same builder, board, dice, cards and end banner, with the other seat a person
//! on another device (or the server's bot, always labelled as one). The server holds the game:
//!
//! - **Building**: the seed's colour rule gives this seat its colour; the person builds an army
//!   of it, and Ready sends its commitment (SHA-256 of the army's text and a salt drawn here)
//!   and a value drawn here, never the army. The other seat is shown "building…" or "ready",
//!   and nothing of its army. Once both are ready this device sends the army and salt
//!   (`reveal`), which the server checks against the commitment.
//! - **Play**: an action chosen here is checked by the rules here, sent, and played when the
//!   server's `event` comes back with its dice and the position as this seat may see it (the
//!   other hand as card backs with the server's count). The server times the turns and the
//!   8-second response windows and plays what runs out.
//! - **The end**: the seed and the record come with `ended`; the banner offers Verify.
//!
//! What is no game's (the seats, presence, refusals, the link, the seat kept) is
//! `kit::online`'s ([`OnlineTable::take_in`]); `kit::link` carries it to and from the socket.
//!
//! Decisions where the issue is silent: the army and salt are kept in memory only, so a device
//! that restarts between Ready and the reveal cannot reveal (the server's reveal clock then
//! forfeits the game, and the player is told); a reconnect that missed nothing keeps the game
//! here whole, but a game resumed after missed actions (or after this device restarted) starts
//! its move list at the position the server gave, since earlier positions need the secret dice.

use super::table::{Effect, Intent, Phase, Refusal, Table, Timing};
use crate::app::kit::host::{HeldElsewhere, Host, NotNow};
use crate::app::kit::link::Online;
use crate::app::kit::online::{News, OnlineTable, SavedSeat};
use crate::fair::Seed;
use crate::fair::chess::{army_text, commitment, parse_army_text};
use crate::i18n::{Explain, msg};
use crate::net::client::{Heard, Request};
use crate::net::protocol::{
    ChessNow, ChessStage, EndReason, GameView, Outcome, SeatView, Side as Wire, TableOptions,
    TableView,
};
use crate::play::Seat;
use crate::play::chess::{ChessGame, Draft, Ending};
use crate::rules::chess::{Action, Colour, Dice, End, Record, State};

/// The online game's own parts, beside the table's usual ones.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineChess {
    /// This seat's colour (the seed's colour rule).
    pub me: Colour,
    pub artifacts: bool,
    /// Whether each colour has committed (`[white, black]`).
    pub ready: [bool; 2],
    /// Whether each colour has revealed its army.
    pub revealed: [bool; 2],
    /// This seat's army text and salt (hex), once committed; sent when both are ready.
    pub mine: Option<(String, String)>,
    pub reveal_sent: bool,
    /// How many cards each colour holds (the server's count: the other hand is hidden here).
    pub hands: [usize; 2],
    /// Actions heard so far (the protocol's `seq`).
    pub seq: u64,
    /// A spectator's table: `me` is only the near side; nothing is built, sent or revealed.
    pub watching: bool,
}

impl OnlineChess {
    fn new(me: Colour, artifacts: bool) -> OnlineChess {
        OnlineChess {
            me,
            artifacts,
            ready: [false; 2],
            revealed: [false; 2],
            mine: None,
            reveal_sent: false,
            hands: [0; 2],
            seq: 0,
            watching: false,
        }
    }

    /// Whether this seat's army is committed (nothing more to build).
    pub fn committed(&self) -> bool {
        self.watching || self.mine.is_some() || self.ready[self.me.index()]
    }

    /// Whether the other seat has committed.
    pub fn other_ready(&self) -> bool {
        self.ready[self.me.other().index()]
    }
}

impl Online for Table {
    const SEAT_KEY: &'static str = "chess.online_seat";

    fn online(&self) -> Option<&OnlineTable> {
        self.host.as_ref()
    }

    fn online_mut(&mut self) -> Option<&mut OnlineTable> {
        self.host.as_mut()
    }

    fn go_online(&mut self, request: Request, url: String) {
        Table::go_online(self, request, url);
    }

    fn return_online(&mut self, seat: SavedSeat) {
        if let Some(online) = OnlineTable::returning(seat) {
            self.go_online(online.request.clone(), online.url.clone());
            self.host = Some(online);
        }
    }

    fn hear(&mut self, heard: Heard, timing: &Timing) -> Vec<Effect> {
        self.heard(heard, timing)
    }

    fn in_lobby(&self) -> bool {
        self.host.is_none() && self.phase == Phase::Lobby
    }

    fn saved_seat(&self) -> Option<&SavedSeat> {
        self.saved_seat.as_ref()
    }

    fn leave() -> Intent {
        Intent::Leave
    }

    fn ask(ask: crate::app::kit::online::Ask) -> Intent {
        Intent::Ask(ask)
    }

    /// The army's commitment and reveal (and a forfeit) are not the game's actions.
    fn undoable(action: &str) -> bool {
        !["ready", "reveal", "forfeit"].contains(&action.split(' ').next().unwrap_or(""))
    }

    /// The lobby's artifacts setting.
    fn table_options(&self) -> TableOptions {
        TableOptions {
            artifacts: Some(self.artifacts),
            ..TableOptions::default()
        }
    }
}

/// The online table's news as this table's effects.
impl From<News> for Effect {
    fn from(n: News) -> Effect {
        match n {
            News::Changed => Effect::Picked,
            News::Say(m) => Effect::Online(m),
            News::KeepSeat => Effect::KeepSeat,
        }
    }
}

/// `--autoplay LEVEL`: a random army of this seat's colour, Ready, then the engine's choices
/// for the person's actions (response windows included), through the table's intents as a
/// player's would go (and, online, to the server).
pub(super) fn autoplay(
    options: Option<bevy::prelude::Res<crate::launch::LaunchOptions>>,
    table: bevy::prelude::Res<super::ChessTable>,
    mut seeds: bevy::prelude::ResMut<crate::app::kit::Seeds>,
    mut intents: bevy::prelude::MessageWriter<super::ChessIntent>,
) {
    let Some(level) = options.and_then(|o| o.autoplay) else {
        return;
    };
    let mut send = |i: Intent| {
        intents.write(crate::app::kit::Intended(i));
    };
    if let Phase::Build(c) = table.phase {
        if table.online.as_ref().is_some_and(OnlineChess::committed) {
            return;
        }
        if table.drafts[c.index()].army().is_err() || table.drafts[c.index()].placements.len() < 2 {
            send(Intent::RandomArmy);
        } else {
            send(Intent::Ready);
        }
        return;
    }
    if !table.person_to_act() || table.host.as_ref().is_some_and(|o| o.sent.is_some()) {
        return;
    }
    let awaited = table.game.as_ref().and_then(ChessGame::awaited);
    if let (Some(state), Some(me)) = (table.state(), awaited)
        && let Some(action) = crate::ai::choose(&state.view_for(me), level, seeds.number())
    {
        send(Intent::Act(action));
    }
}

/// Reads a game action as the server tells it: `<action> [dice A vs D] [drew …] [rises SQ]`.
pub fn told_action(text: &str) -> Option<(Action, Option<Dice>)> {
    let cut = [" dice ", " drew ", " rises "]
        .iter()
        .filter_map(|k| text.find(k))
        .min()
        .unwrap_or(text.len());
    let action: Action = text[..cut].trim().parse().ok()?;
    let dice = match text.find(" dice ") {
        Some(at) => {
            let rest = &text[at + 6..];
            let end = [" drew ", " rises "]
                .iter()
                .filter_map(|k| rest.find(k))
                .min()
                .unwrap_or(rest.len());
            Some(crate::play::chess_record::parse_dice(&rest[..end])?)
        }
        None => None,
    };
    Some((action, dice))
}

impl Table {
    /// Whether the table waits at the server for the other player.
    pub fn online_waiting(&self) -> bool {
        self.host.is_some() && self.online.is_none() && self.phase == Phase::Lobby
    }

    /// Goes to the online table: the link opens and says `request` (the lobby's choice).
    pub fn go_online(&mut self, request: Request, url: String) {
        if !request.spectating() {
            self.saved_seat = None;
        }
        self.host = Some(OnlineTable::new(request, url));
        self.told = None;
        self.online = None;
        self.game = None;
        self.clear_marks();
        self.phase = Phase::Lobby;
    }

    /// The seat to keep on the device while the online game goes on.
    pub fn seat_to_keep(&self) -> Option<SavedSeat> {
        let over = self.phase == Phase::Over;
        self.host.as_ref()?.seat_to_keep(over)
    }

    /// Leaves the server's table (back to the lobby).
    pub(super) fn leave_online(&mut self) -> Vec<Effect> {
        let Some(host) = self.host.take() else {
            return Vec::new();
        };
        self.told = None;
        self.online = None;
        self.game = None;
        self.clear_marks();
        self.phase = Phase::Lobby;
        self.drafts = [Draft::new(Colour::White), Draft::new(Colour::Black)];
        if host.spectating() {
            // A spectator kept no seat: the one kept stays as it was.
            return vec![Effect::Picked];
        }
        vec![Effect::KeepSeat, Effect::Picked]
    }

    fn not_now(n: NotNow) -> Refusal {
        match n {
            NotNow::Offline => Refusal::Offline,
            NotNow::Sent => Refusal::Sent,
            NotNow::Late => Refusal::Late,
        }
    }

    /// Online: sends the person's action (checked by the rules here first, so a refusal is
    /// immediate and in the player's words); it is played when the server's event comes back.
    pub(super) fn send(&mut self, action: Action) -> Result<Vec<Effect>, Refusal> {
        let state = self.state().ok_or(Refusal::NotNow)?;
        if !state.is_legal(&action) {
            return Err(Refusal::Rule(state.apply(&action).err().unwrap_or(
                crate::rules::chess::RuleError::GameOver(End::Stalemate),
            )));
        }
        self.host.ready().map_err(Table::not_now)?;
        let seq = self.online.as_ref().map_or(0, |o| o.seq);
        if !self.host.send(action.to_string(), seq) {
            return Err(Refusal::NotNow);
        }
        self.selected = None;
        self.promotion = None;
        self.card = None;
        self.focus = None;
        Ok(vec![Effect::Picked])
    }

    /// Online Ready: the army's commitment and a fresh value go to the server; the army and
    /// its salt stay here until both seats are ready.
    pub(super) fn ready_online(&mut self) -> Result<Vec<Effect>, Refusal> {
        let Phase::Build(me) = self.phase else {
            return Err(Refusal::NotNow);
        };
        let army = self.drafts[me.index()].army().map_err(Refusal::Army)?;
        if !self.host.connected() {
            return Err(Refusal::Offline);
        }
        let (Some(salt), Some(value)) = (Seed::from_os(), Seed::from_os()) else {
            return Err(Refusal::NotNow);
        };
        let text = army_text(&army);
        let salt = salt.to_hex();
        let ready = format!("ready {} {}", commitment(&text, &salt), value.to_hex());
        let online = self.online.as_mut().ok_or(Refusal::NotNow)?;
        online.mine = Some((text, salt));
        self.host.send_unsequenced(ready);
        self.held = None;
        self.build_pick = None;
        let mut effects = vec![Effect::Picked];
        effects.extend(self.reveal_when_both_ready());
        Ok(effects)
    }

    /// Online: asks the server to end the game by this device's resignation.
    pub(super) fn resign_online(&mut self) -> Result<Vec<Effect>, Refusal> {
        if !self.host.resign() {
            return Err(Refusal::NotNow);
        }
        self.selected = None;
        self.card = None;
        Ok(vec![Effect::Picked])
    }

    /// Sends the army and salt once both seats are committed (once).
    fn reveal_when_both_ready(&mut self) -> Vec<Effect> {
        let Some(o) = self.online.as_mut() else {
            return Vec::new();
        };
        if o.watching || o.reveal_sent || !o.ready.iter().all(|r| *r) || o.revealed[o.me.index()] {
            return Vec::new();
        }
        let Some((text, salt)) = o.mine.clone() else {
            // Committed on a run of the game that has ended: the army is gone with it.
            return vec![Effect::Online(msg("chess.online.army_lost"))];
        };
        o.reveal_sent = true;
        self.host.send_unsequenced(format!("reveal {text} {salt}"));
        Vec::new()
    }

    /// This device's colour at a started table.
    fn my_colour(&self, seats: &[SeatView; 2]) -> Option<Colour> {
        let host = self.host.as_ref()?;
        if host.spectating() {
            // A spectator sees the board as chess is shown: white near.
            return Some(Colour::White);
        }
        let mine = host.seat?;
        let i = match mine {
            crate::fair::SeatOrder::First => 0,
            crate::fair::SeatOrder::Second => 1,
        };
        seats[i].colour.map(Wire::chess)
    }

    /// Sits down at the table the server started: the builder for this seat's colour.
    fn sit(&mut self, seats: &[SeatView; 2], artifacts: bool) -> Vec<Effect> {
        let Some(me) = self.my_colour(seats) else {
            return vec![Effect::Online(msg("online.unreadable"))];
        };
        if self.online.as_ref().is_some_and(|o| o.me == me) {
            return Vec::new();
        }
        let watching = self.host.as_ref().is_some_and(|o| o.spectating());
        self.online = Some(OnlineChess {
            watching,
            ..OnlineChess::new(me, artifacts)
        });
        self.colour = me;
        self.artifacts = artifacts;
        self.opponent = Seat::Remote;
        self.drafts[me.index()] = Draft::new(me);
        self.drafts[me.other().index()] = Draft::new(me.other());
        self.game = None;
        self.clear_marks();
        self.phase = Phase::Build(me);
        vec![Effect::Picked]
    }

    /// The game as the server showed it at `now`: a game here that starts from that position
    /// (its seats: this device's person, the other a remote seat; no clock here, the server
    /// keeps it).
    fn start_from(&mut self, now: &ChessNow) -> Result<(), String> {
        let state = crate::rules::chess::parse_position(&now.position)
            .map_err(|e| format!("the server's position {}: {e:?}", now.position))?;
        let me = self.online.as_ref().map_or(Colour::White, |o| o.me);
        let watching = self.online.as_ref().is_some_and(|o| o.watching);
        let seats = Colour::BOTH.map(|c| {
            if c == me && !watching {
                Seat::Person
            } else {
                Seat::Remote
            }
        });
        self.game = Some(ChessGame::restaged(state, seats, 0).with_window(None));
        if let Some(o) = self.online.as_mut() {
            o.hands = now.hands;
        }
        self.clear_marks();
        self.rebuild_list();
        Ok(())
    }

    /// Whether the game here is the server's whole game as `moves` and `now` tell it: as many
    /// game actions, and the same position.
    fn holds(&self, moves: &[crate::net::protocol::PlayedView], now: &ChessNow) -> bool {
        let early =
            |a: &str| a.starts_with("ready") || a.starts_with("reveal") || a.starts_with("forfeit");
        let played = moves.iter().filter(|m| !early(&m.action)).count();
        let Some(game) = &self.game else {
            return false;
        };
        let same_place = crate::rules::chess::parse_position(&now.position)
            .is_ok_and(|s| s.to_string() == game.state().to_string());
        game.len() == played && same_place
    }

    /// Goes back to the server's game when it is the game here with its last actions taken
    /// back (an accepted takeback): the same position after that many actions. Whether it did.
    fn taken_back_to(
        &mut self,
        moves: &[crate::net::protocol::PlayedView],
        now: &ChessNow,
    ) -> bool {
        let played = moves
            .iter()
            .filter(|m| Table::undoable_action(&m.action))
            .count();
        let Some(game) = &self.game else {
            return false;
        };
        if game.len() <= played || self.phase != Phase::Play {
            return false;
        }
        let mut back = game.clone();
        let Ok(told) = crate::rules::chess::parse_position(&now.position) else {
            return false;
        };
        if back.undo(game.len() - played).is_err() || back.state().to_string() != told.to_string() {
            return false;
        }
        self.game = Some(back);
        self.selected = None;
        self.promotion = None;
        self.card = None;
        self.focus = None;
        self.viewing = None;
        self.rebuild_list();
        true
    }

    /// Whether an action heard is one of the game's (not an army's commitment, reveal or
    /// forfeit).
    fn undoable_action(action: &str) -> bool {
        <Table as Online>::undoable(action)
    }

    /// An army revealed: shown on the builder's half as it stands.
    fn shown_army(&mut self, text: &str) {
        if let Ok(army) = parse_army_text(text) {
            let c = army.colour();
            self.drafts[c.index()] = Draft {
                colour: c,
                placements: army.placements().to_vec(),
            };
        }
    }

    /// Takes in the whole table (a resync, a return, a first state).
    fn table_told(&mut self, view: &TableView) -> Vec<Effect> {
        let GameView::Chess {
            artifacts,
            stage,
            ready,
            armies,
            moves,
            now,
            ..
        } = &view.game
        else {
            return vec![Effect::Online(msg("online.unreadable"))];
        };
        // A rematch's new table: a new game from its armies up, colours by the new seed.
        if self.host.as_mut().is_some_and(OnlineTable::take_fresh) {
            self.online = None;
            self.told = None;
            self.game = None;
            self.clear_marks();
            self.phase = Phase::Lobby;
        }
        if let Some(fp) = &view.fingerprint {
            let told = self.told.get_or_insert_with(HeldElsewhere::default);
            told.fingerprint = fp.clone();
        }
        if view.phase == crate::net::protocol::Phase::Waiting {
            return vec![Effect::Picked];
        }
        let mut effects = self.sit(&view.seats, *artifacts);
        effects.push(Effect::KeepSeat);
        if let Some(o) = self.online.as_mut() {
            o.ready = *ready;
            o.revealed = armies.clone().map(|a| a.is_some());
            o.seq = view.seq;
        }
        for text in armies.iter().flatten() {
            self.shown_army(text);
        }
        match (stage, now) {
            (ChessStage::Playing, Some(now)) if self.holds(moves, now) => {
                // Nothing was missed (a reconnect, a server restart): the game here, with its
                // whole move list and history, goes on.
                if let Some(o) = self.online.as_mut() {
                    o.hands = now.hands;
                }
                effects.push(Effect::Picked);
            }
            (ChessStage::Playing, Some(now)) if self.taken_back_to(moves, now) => {
                // An accepted takeback: the game here goes back, its move list with it.
                if let Some(o) = self.online.as_mut() {
                    o.hands = now.hands;
                }
                effects.push(Effect::Picked);
            }
            (ChessStage::Playing, Some(now)) => {
                let resumed = self.game.is_none() || matches!(self.phase, Phase::Build(_));
                if let Err(e) = self.start_from(now) {
                    bevy::log::error!("online: {e}");
                    return vec![Effect::Online(msg("online.unreadable"))];
                }
                if resumed || self.phase != Phase::Over {
                    self.phase = Phase::Play;
                }
                effects.push(Effect::Picked);
            }
            _ => effects.extend(self.reveal_when_both_ready()),
        }
        if let Some(outcome) = view.outcome {
            effects.extend(self.end_told(outcome));
            if let Some(told) = self.told.as_mut() {
                told.seed = view.seed.as_deref().and_then(|s| Seed::from_hex(s).ok());
            }
        }
        effects
    }

    /// One action the server played.
    fn played_told(
        &mut self,
        played: &crate::net::protocol::PlayedView,
        now: Option<&ChessNow>,
        timing: &Timing,
    ) -> Vec<Effect> {
        let by = played.by.chess();
        let Some(o) = self.online.as_mut() else {
            return Vec::new();
        };
        o.seq = played.seq;
        let word = played.action.split(' ').next().unwrap_or("");
        match word {
            "ready" => {
                o.ready[by.index()] = true;
                let mut effects = vec![Effect::Picked];
                if by != o.me {
                    effects.push(Effect::Online(msg("chess.online.other_ready")));
                }
                effects.extend(self.reveal_when_both_ready());
                return effects;
            }
            "reveal" => {
                o.revealed[by.index()] = true;
                if let Some(text) = played.action.split(' ').nth(1) {
                    let text = text.to_string();
                    self.shown_army(&text);
                }
                let Some(now) = now else {
                    return vec![Effect::Picked];
                };
                // Both armies are in: the game starts from the server's deal.
                if let Err(e) = self.start_from(now) {
                    bevy::log::error!("online: {e}");
                    return vec![Effect::Online(msg("online.unreadable"))];
                }
                self.phase = Phase::Reveal {
                    left: timing.reveal,
                };
                return vec![Effect::Revealed, Effect::Picked];
            }
            "forfeit" => return vec![Effect::Picked],
            _ => {}
        }
        if let Some(now) = now {
            o.hands = now.hands;
        }
        let (Some((action, dice)), Some(now)) = (told_action(&played.action), now) else {
            bevy::log::error!(
                "online: the server's action {} is unreadable",
                played.action
            );
            return vec![Effect::Online(msg("online.unreadable"))];
        };
        let Ok(after) = crate::rules::chess::parse_position(&now.position) else {
            return vec![Effect::Online(msg("online.unreadable"))];
        };
        let Some(game) = self.game.as_mut() else {
            return vec![Effect::Online(msg("online.unreadable"))];
        };
        // What the rules here make of it, where this seat's view holds enough (its own
        // actions, and the other's moves and attempts); else what the server said.
        let record = game
            .state()
            .apply_with_dice(&action, dice)
            .map(|(_, r)| r)
            .unwrap_or(Record {
                action,
                dice,
                result: dice.map(|d| d.result()),
                actor: by,
            });
        match game.told(by, action, record, after, played.timeout) {
            Ok(p) => {
                if matches!(self.phase, Phase::Reveal { .. }) {
                    self.phase = Phase::Play;
                }
                let mut effects = Vec::new();
                if played.timeout {
                    effects.push(Effect::Online(
                        msg("chess.online.timeout").with_words("colour", by.explain()),
                    ));
                }
                effects.extend(self.after(p, timing));
                effects
            }
            Err(e) => {
                bevy::log::error!(
                    "online: the server's action {} does not fit: {e:?}",
                    played.action
                );
                vec![Effect::Online(msg("online.unreadable"))]
            }
        }
    }

    /// The end the server told, where the game here has not reached it.
    fn end_told(&mut self, outcome: Outcome) -> Vec<Effect> {
        let Some(game) = self.game.as_mut() else {
            // Before the game: a forfeit or a resignation while building.
            if self.online.as_ref().is_some_and(|o| o.watching) {
                return vec![Effect::Online(msg("online.watch.ended_before_start"))];
            }
            let won = outcome.winner.map(Wire::chess) == self.online.as_ref().map(|o| o.me);
            return vec![Effect::Online(msg(if won {
                "chess.online.won_before_start"
            } else {
                "chess.online.lost_before_start"
            }))];
        };
        let ending = match (outcome.reason, outcome.winner.map(Wire::chess)) {
            (EndReason::Checkmate, Some(w)) => Ending::Rules(End::Mate { winner: w }),
            (EndReason::Stalemate, _) => Ending::Rules(End::Stalemate),
            (EndReason::BareKings, _) => Ending::Rules(End::BareKings),
            (EndReason::Repetition, _) => Ending::Rules(End::Repetition),
            (EndReason::NoProgress, _) => Ending::Rules(End::NoProgress),
            (EndReason::Agreed, _) => Ending::Agreed,
            (_, Some(w)) => Ending::Resigned(w.other()),
            (_, None) => Ending::Rules(End::Repetition),
        };
        if game.ending().is_none() {
            game.end_elsewhere(ending);
        }
        if self.phase == Phase::Over {
            return Vec::new();
        }
        self.phase = Phase::Over;
        self.selected = None;
        self.card = None;
        self.promotion = None;
        vec![Effect::Ended(game.ending().unwrap_or(ending))]
    }

    /// Takes in what the session heard; what the Bevy side must do.
    pub fn heard(&mut self, heard: Heard, timing: &Timing) -> Vec<Effect> {
        let Some(online) = self.host.as_mut() else {
            return Vec::new();
        };
        let heard = match online.take_in(heard).game() {
            Ok(heard) => heard,
            Err(news) => return news,
        };
        match heard {
            Heard::Table(view) => self.table_told(&view),
            Heard::Started {
                fingerprint, seats, ..
            } => {
                self.told = Some(HeldElsewhere {
                    fingerprint,
                    ..HeldElsewhere::default()
                });
                let artifacts = self.artifacts;
                self.sit(&seats, artifacts)
            }
            Heard::Played { played, chess, .. } => {
                self.played_told(&played, chess.as_ref(), timing)
            }
            Heard::Ended {
                outcome,
                seed,
                record,
                ..
            } => {
                bevy::log::info!(
                    "online: the game ended after {} moves ({:?} wins, {:?}), seed {seed}",
                    self.plies(),
                    outcome.winner.map(Wire::chess),
                    outcome.reason,
                );
                let told = self.told.get_or_insert_with(HeldElsewhere::default);
                told.seed = Seed::from_hex(&seed).ok();
                told.record = Some(record);
                let mut effects = self.end_told(outcome);
                effects.push(Effect::KeepSeat);
                effects
            }
            _ => Vec::new(),
        }
    }

    /// The fingerprint of the online table's seed, as the server sent it when the game started
    /// (shown from then on: building, play and the end); `None` before the start and away from
    /// a server, and in a replay or on the analysis board.
    pub fn told_fingerprint(&self) -> Option<&str> {
        if self.host.is_none()
            || self.phase == Phase::Lobby
            || self.replay.is_some()
            || self.analysing.is_some()
        {
            return None;
        }
        let fp = self.told.as_ref()?.fingerprint.as_str();
        (!fp.is_empty()).then_some(fp)
    }

    /// The server's record of the game, once it has ended, and whether it verifies (the seed
    /// revealed is the one whose fingerprint was shown, and every check passes).
    pub fn told_record(&self) -> Option<(&str, bool)> {
        let record = self.told.as_ref()?.record.as_deref()?;
        let checks = crate::play::chess_record::verify_text(record);
        Some((
            record,
            self.told_seed_matches() && checks.iter().all(|c| c.passed),
        ))
    }

    /// Whether the seed the server revealed at the end is the one whose fingerprint it showed
    /// at the start (`false` for a seed missing or unreadable).
    pub fn told_seed_matches(&self) -> bool {
        self.told.as_ref().is_some_and(|told| {
            told.seed
                .is_some_and(|s| crate::fair::matches(&s, &told.fingerprint))
        })
    }

    /// How many cards `colour` holds: online the server's count (the other hand is hidden
    /// here), else the game's.
    pub fn hand_count(&self, colour: Colour) -> usize {
        match &self.online {
            Some(o) if self.game.is_some() => o.hands[colour.index()],
            _ => self.state().map_or(0, |s| s.hand_size(colour)),
        }
    }
}

/// The state a test or a scene stages as the server's: its position string and hand counts.
pub fn now_of(state: &State, viewer: Colour) -> ChessNow {
    ChessNow {
        position: state.view_for(viewer).to_string(),
        hands: Colour::BOTH.map(|c| state.hand_size(c)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::kit::online::Outgoing;
    use crate::fair::chess::commitment_matches;
    use crate::net::protocol::{PlayedView, SeatId, SeatKind};
    use crate::play::chess_record::{ChessRecord, OnlineTable, RecordedAction};

    const SEED: Seed = Seed([9; 32]);
    const T: Timing = Timing::INSTANT;

    /// This device's seat: the one the seed makes white.
    fn me() -> SeatId {
        crate::fair::chess::white_seat(&SEED).into()
    }

    fn seats() -> [SeatView; 2] {
        let view = |seat: SeatId| SeatView {
            seat,
            kind: SeatKind::Human,
            level: None,
            name: if seat == me() { "Ana" } else { "Rui" }.into(),
            connected: true,
            you: seat == me(),
            colour: Some(if seat == me() {
                Wire::Ash
            } else {
                Wire::Walnut
            }),
            fingerprint: None,
            key: None,
            rating: None,
        };
        [view(SeatId::First), view(SeatId::Second)]
    }

    /// A table seated at a started server table (building).
    fn seated() -> Table {
        let mut t = Table::default();
        t.go_online(
            Request::Join {
                code: "K7M2QX".into(),
                name: "Ana".into(),
            },
            "ws://test".into(),
        );
        t.heard(
            Heard::Seated {
                code: "K7M2QX".into(),
                seat: me(),
                token: "t".into(),
            },
            &T,
        );
        if let Some(o) = t.host.as_mut() {
            o.link = crate::net::client::Link::Connected;
        }
        t.heard(
            Heard::Started {
                fingerprint: SEED.fingerprint(),
                ash: me(),
                seats: seats(),
                time_left_ms: None,
            },
            &T,
        );
        t
    }

    fn sent(t: &mut Table) -> Vec<Outgoing> {
        std::mem::take(&mut t.host.as_mut().unwrap().outgoing)
    }

    fn heard_action(t: &mut Table, seq: u64, by: Colour, action: &str, now: Option<ChessNow>) {
        let by = Wire::of_chess(by);
        let effects = t.heard(
            Heard::Played {
                played: PlayedView {
                    seq,
                    action: action.into(),
                    by,
                    timeout: false,
                },
                to_move: Some(Wire::Ash),
                time_left_ms: Some(60_000),
                chess: now,
            },
            &T,
        );
        assert!(
            !effects
                .iter()
                .any(|e| matches!(e, Effect::Online(m) if m.key == "online.unreadable")),
            "{action}: {effects:?}"
        );
        let _ = t.tick(60.0, &T);
    }

    #[test]
    fn ready_sends_a_commitment_and_the_reveal_waits_for_both() {
        let mut t = seated();
        assert_eq!(t.phase, Phase::Build(Colour::White));
        t.handle(Intent::RandomArmy, 3, &T).unwrap();
        t.handle(Intent::Ready, 0, &T).unwrap();
        let out = sent(&mut t);
        let [Outgoing::Unsequenced { action }] = &out[..] else {
            panic!("{out:?}")
        };
        let words: Vec<&str> = action.split(' ').collect();
        assert_eq!((words[0], words.len()), ("ready", 3));
        let (text, salt) = t.online.as_ref().unwrap().mine.clone().unwrap();
        assert!(commitment_matches(words[1], &text, &salt));
        // Nothing of the army goes out with it, and it is not touched again.
        assert!(!action.contains(&text) && !action.contains(&salt));
        assert_eq!(t.handle(Intent::ClearArmy, 0, &T), Err(Refusal::NotNow));
        assert_eq!(t.handle(Intent::Ready, 0, &T), Err(Refusal::NotNow));
        // The echo of this ready, then the other's: now the reveal goes out.
        heard_action(
            &mut t,
            1,
            Colour::White,
            &format!("ready {}", words[1]),
            None,
        );
        assert!(sent(&mut t).is_empty());
        heard_action(&mut t, 2, Colour::Black, "ready ab", None);
        let out = sent(&mut t);
        assert_eq!(
            out,
            [Outgoing::Unsequenced {
                action: format!("reveal {text} {salt}")
            }]
        );
    }

    #[test]
    fn a_game_heard_from_the_server_is_played_here_and_its_record_verifies() {
        // The server's side: the armies as committed and revealed.
        let mut t = seated();
        t.handle(Intent::RandomArmy, 3, &T).unwrap();
        t.handle(Intent::Ready, 0, &T).unwrap();
        sent(&mut t);
        let (text, salt) = t.online.as_ref().unwrap().mine.clone().unwrap();
        let white = parse_army_text(&text).unwrap();
        let black = Draft::random(Colour::Black, 8).army().unwrap();
        let black_salt = Seed([5; 32]);
        let table = OnlineTable {
            seed: SEED,
            seats: ["Ana".into(), "Rui".into()],
            artifacts: true,
            values: [[1; 32], [2; 32]],
            commits: [
                crate::fair::chess::parse_commitment(&commitment(&text, &salt)).unwrap(),
                crate::fair::chess::parse_commitment(&commitment(
                    &army_text(&black),
                    &black_salt.to_hex(),
                ))
                .unwrap(),
            ],
            armies: [white, black.clone()],
            salts: [Seed::from_hex(&salt).unwrap(), black_salt],
        };
        let mut server = table.game([Seat::Remote, Seat::Remote], 0);
        heard_action(&mut t, 1, Colour::White, "ready x", None);
        heard_action(&mut t, 2, Colour::Black, "ready y", None);
        sent(&mut t);
        heard_action(
            &mut t,
            3,
            Colour::White,
            &format!("reveal {text} {salt}"),
            None,
        );
        let black_reveal = format!("reveal {} {}", army_text(&black), black_salt.to_hex());
        let start = now_of(server.state(), Colour::White);
        heard_action(&mut t, 4, Colour::Black, &black_reveal, Some(start));
        assert!(matches!(t.phase, Phase::Reveal { .. } | Phase::Play));
        let _ = t.tick(60.0, &T);
        assert_eq!(t.phase, Phase::Play);
        let sorted = |mut v: Vec<(crate::rules::chess::Role, crate::rules::chess::Square)>| {
            v.sort_by_key(|(r, s)| (s.to_string(), format!("{r:?}")));
            v
        };
        assert_eq!(
            sorted(t.drafts[1].placements.clone()),
            sorted(black.placements().to_vec()),
            "the other army is shown once revealed"
        );
        // Forty actions of the server's game, each heard with its dice and position.
        let mut before_last = None;
        let mut rng = crate::rules::chess::DiceRng::new(4);
        for i in 0..40 {
            let Some(side) = server.awaited() else { break };
            let legal = server.state().legal_actions();
            let a = legal[rng.below(legal.len() as u64) as usize];
            if side == Colour::White {
                // This device's own action: sent with its seq, played when heard back.
                t.handle(Intent::Act(a), 0, &T).unwrap();
                let out = sent(&mut t);
                assert_eq!(
                    out,
                    [Outgoing::Act {
                        action: a.to_string(),
                        seq: 4 + i
                    }]
                );
            }
            let before = server.state().clone();
            before_last = Some(before.clone());
            let p = server.submit(side, a).unwrap();
            let told = RecordedAction::of(&before, &p.record, server.state(), false)
                .heard_text(side == Colour::White);
            heard_action(
                &mut t,
                5 + i,
                side,
                &told,
                Some(now_of(server.state(), Colour::White)),
            );
            if let Some(o) = t.host.as_mut() {
                o.sent = None;
            }
            let here = t.state().unwrap();
            assert_eq!(
                here.to_string(),
                server.state().view_for(Colour::White).to_string()
            );
            assert_eq!(
                t.hand_count(Colour::Black),
                server.state().hand_size(Colour::Black)
            );
            assert_eq!(t.plies(), i as usize + 1);
        }
        // A resync (a reconnect) that missed nothing keeps the game here, its whole list.
        let plies = t.plies();
        let mut moves: Vec<PlayedView> = (1..=4 + plies as u64)
            .map(|seq| PlayedView {
                seq,
                action: if seq <= 4 {
                    "ready".into()
                } else {
                    "e2e4".into()
                },
                by: Wire::Ash,
                timeout: false,
            })
            .collect();
        let view = |moves: Vec<PlayedView>| TableView {
            code: "K7M2QX".into(),
            phase: crate::net::protocol::Phase::Playing,
            seq: moves.len() as u64,
            you: Some(me()),
            seats: seats(),
            clock: 60,
            control: Default::default(),
            banks_ms: None,
            public: false,
            watchers: 0,
            offer: None,
            rematch: [false; 2],
            to_move: Some(Wire::Ash),
            time_left_ms: None,
            bot_in_ms: None,
            fingerprint: Some(SEED.fingerprint()),
            ash: Some(me()),
            game: GameView::Chess {
                artifacts: true,
                stage: ChessStage::Playing,
                ready: [true; 2],
                commits: [None, None],
                values: [None, None],
                armies: [None, None],
                moves,
                now: Some(now_of(server.state(), Colour::White)),
            },
            outcome: None,
            seed: None,
            chain: None,
            rated: false,
        };
        t.heard(Heard::Table(Box::new(view(moves.clone()))), &T);
        assert_eq!(t.plies(), plies, "nothing missed: the list stays whole");
        // An accepted takeback: the whole state has the last action gone; the game here goes
        // back with its list, not from the server's position afresh.
        assert_eq!(t.phase, Phase::Play);
        {
            let mut back = t.clone();
            let mut fewer = view(moves[..moves.len() - 1].to_vec());
            if let GameView::Chess { now, .. } = &mut fewer.game {
                *now = before_last.as_ref().map(|s| now_of(s, Colour::White));
            }
            back.heard(Heard::Table(Box::new(fewer)), &T);
            assert_eq!(back.plies(), plies - 1);
            assert_eq!(back.list().len(), t.list().len() - 1);
            assert_eq!(
                back.state().unwrap().to_string(),
                before_last.unwrap().view_for(Colour::White).to_string()
            );
        }
        // One action missed: the game starts again from the server's position.
        moves.push(PlayedView {
            seq: moves.len() as u64 + 1,
            action: "e2e4".into(),
            by: Wire::Ash,
            timeout: false,
        });
        let mut again = t.clone();
        again.heard(Heard::Table(Box::new(view(moves))), &T);
        assert_eq!(again.plies(), 0);
        assert_eq!(
            again.state().unwrap().to_string(),
            server.state().view_for(Colour::White).to_string()
        );
        // The end: the server's record, checked here.
        if server.ending().is_none() {
            server.resign(Colour::Black).unwrap();
        }
        let record = ChessRecord::from_game(&table, &server).to_text();
        t.heard(
            Heard::Ended {
                outcome: Outcome {
                    winner: server.ending().and_then(|e| e.winner()).map(Wire::of_chess),
                    reason: EndReason::Resigned,
                },
                seed: SEED.to_hex(),
                record: record.clone(),
                ratings: None,
            },
            &T,
        );
        assert_eq!(t.phase, Phase::Over);
        assert_eq!(t.told_record(), Some((record.as_str(), true)));
        // A tampered record is told as not verified.
        assert!(record.contains("result white wins\n"), "black resigned");
        t.told.as_mut().unwrap().record = Some(record.replace("result white wins", "result draw"));
        assert_eq!(t.told_record().map(|(_, ok)| ok), Some(false));
    }

    #[test]
    fn a_server_action_is_read_with_its_dice_and_extras() {
        let (a, d) = told_action("e4xd5 dice 3+4+5 vs 2+6 rises e3").unwrap();
        assert_eq!(a.to_string(), "e4xd5");
        assert_eq!(d.unwrap().to_string(), "3+4+5 vs 2+6");
        let (a, d) = told_action("trophy drew shield,fury").unwrap();
        assert_eq!((a.to_string().as_str(), d), ("trophy", None));
        assert!(told_action("nonsense words").is_none());
        assert!(told_action("e4xd5 dice 9 vs x").is_none());
    }
}
