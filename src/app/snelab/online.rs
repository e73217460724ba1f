//! The Snēlab table at the online table's server (`docs/protocol.md`): the same court, payments,
//! animations, verdict and purse, with the other seat a person on another device (or the
//! server's bot, always labelled as one). The server holds the case: the table's seed decides
//! who opens (that seat plays South), a move chosen here is sent and played when the server's
//! `event` comes back, the server's clock plays a turn that runs out, and the seed and record
//! come with its `ended`. The stake leaves this device's purse when the case starts and the
//! verdict is settled into it once, as a case here is; the books mark it online and name the
//! opponent.
//!
//! What is no game's (the seats, presence, refusals, the link, the seat kept) is
//! `kit::online`'s ([`OnlineTable::take_in`]); `kit::link` carries it to and from the socket.

use super::table::{Effect, Intent, Pick, Refusal, Table, Timing, settled};
use crate::app::kit::host::{HeldElsewhere, Host, NotNow};
use crate::app::kit::link::Online;
use crate::app::kit::online::{News, OnlineTable, SavedSeat};
use crate::fair::Seed;
use crate::i18n::msg;
use crate::net::client::{Heard, Request};
use crate::net::protocol::{EndReason, GameView, SeatView, Side as Wire, TableOptions, TableView};
use crate::play::snelab::{CaseEnd, Phase, Stakes};
use crate::rules::snelab::{Action, Reason, Side};

/// A side on the wire: `ash` is South, who opens.
fn court(side: Wire) -> Side {
    match side {
        Wire::Ash => Side::South,
        Wire::Walnut => Side::North,
    }
}

/// How the server's outcome ends the case here (an end by the rules is the rules' own).
fn case_end(reason: EndReason) -> CaseEnd {
    match reason {
        EndReason::Bench => CaseEnd::Verdict(Reason::Bench),
        EndReason::NoMove => CaseEnd::Verdict(Reason::NoLegalAction),
        _ => CaseEnd::Resigned,
    }
}

impl Online for Table {
    const SEAT_KEY: &'static str = "snelab.online_seat";

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
        Table::return_online(self, seat);
    }

    fn hear(&mut self, heard: Heard, timing: &Timing) -> Vec<Effect> {
        self.heard(heard, timing, crate::app::platform::now_secs())
    }

    fn in_lobby(&self) -> bool {
        self.host.is_none() && self.session.phase() == Phase::Lobby
    }

    fn saved_seat(&self) -> Option<&SavedSeat> {
        self.saved_seat.as_ref()
    }

    fn leave() -> Intent {
        Intent::Leave
    }

    /// Snēlab has no draw: every move advances a piece or removes two.
    const DRAWS: bool = false;

    fn ask(ask: crate::app::kit::online::Ask) -> Intent {
        Intent::Ask(ask)
    }

    /// A seat at a case (not a spectator's place) needs the stake in the purse.
    fn refuse_seat(&self, request: &Request) -> Option<crate::i18n::Message> {
        if request.spectating() {
            return None;
        }
        seat_refusal(&self.purse)
    }

    /// The lobby's stakes and appeal rule.
    fn table_options(&self) -> TableOptions {
        TableOptions {
            stakes: Some(self.session.setup.stakes.into()),
            appeal: Some(self.session.setup.backward),
            ..TableOptions::default()
        }
    }
}

/// Why this device cannot ask for a seat at an online case now: a purse short of the stake.
/// The server would seat the player, this device could not sit down (the stake leaves the
/// purse when the case starts), and the server's clock would play the seat's moves; so nothing
/// is sent, and the player is told to use Reset all. Checked before opening, joining or quick
/// pairing, at the Snēlab table and on the Online screen.
pub fn seat_refusal(purse: &crate::play::snelab::Purse) -> Option<crate::i18n::Message> {
    use crate::play::snelab::purse::STAKE;
    (purse.coins() < STAKE).then(|| {
        msg("snelab.online.too_poor")
            .with("have", purse.coins())
            .with("need", STAKE)
    })
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

/// `--autoplay LEVEL`: the engine chooses the person's actions, which go through the table like
/// a choice picked square by square (and, online, to the server).
pub(super) fn autoplay(
    options: Option<bevy::prelude::Res<crate::launch::LaunchOptions>>,
    table: bevy::prelude::Res<super::SnelabTable>,
    mut seeds: bevy::prelude::ResMut<crate::app::kit::Seeds>,
    mut intents: bevy::prelude::MessageWriter<super::SnelabIntent>,
) {
    let Some(level) = options.and_then(|o| o.autoplay) else {
        return;
    };
    if !table.person_to_move() || table.host.as_ref().is_some_and(|o| o.sent.is_some()) {
        return;
    }
    if let Some(action) = crate::ai::choose(&table.session.pos(), level, seeds.number()) {
        intents.write(crate::app::kit::Intended(Intent::Play(action)));
    }
}

impl Table {
    /// Whether the table waits at the server for the other player.
    pub fn online_waiting(&self) -> bool {
        self.host.is_some() && self.session.phase() == Phase::Lobby
    }

    /// Goes to the online table: the link opens and says `request` (the lobby's choice).
    pub fn go_online(&mut self, request: Request, url: String) {
        // A spectator's table leaves the seat kept on the device as it was.
        if !request.spectating() {
            self.saved_seat = None;
        }
        self.host = Some(OnlineTable::new(request, url));
        self.told = None;
        self.options = None;
        self.pick = Pick::Idle;
        self.focus = None;
    }

    /// Goes back to a seat kept on the device (the lobby's "Return to the online table", or a
    /// restart in the middle of an online case).
    pub fn return_online(&mut self, seat: SavedSeat) {
        let Some(online) = OnlineTable::returning(seat) else {
            return;
        };
        let case = self.session.phase() == Phase::Play;
        self.go_online(online.request.clone(), online.url.clone());
        self.host = Some(online);
        if case {
            // The case under way resumes from the server's whole state.
            self.told = None;
        }
    }

    /// The seat to keep on the device while the online case goes on.
    pub fn seat_to_keep(&self) -> Option<SavedSeat> {
        let over = matches!(self.session.phase(), Phase::Verdict(_));
        self.host.as_ref()?.seat_to_keep(over)
    }

    /// Leaves the server's table (nothing to come back to).
    pub(super) fn leave_online(&mut self) -> Vec<Effect> {
        let Some(host) = self.host.take() else {
            return Vec::new();
        };
        self.told = None;
        self.options = None;
        if host.spectating() {
            // A spectator kept no seat: the one kept stays as it was.
            return vec![Effect::Picked];
        }
        vec![Effect::KeepSeat, Effect::Picked]
    }

    /// Online: sends the person's action (checked by the rules here first, so a refusal is
    /// immediate and in the player's words); it is played when the server's event comes back.
    pub(super) fn send(&mut self, action: Action) -> Result<Vec<Effect>, Refusal> {
        let pos = self.session.pos();
        crate::rules::snelab::check(&pos, &action).map_err(Refusal::Rule)?;
        self.host.ready().map_err(|n| match n {
            NotNow::Offline => Refusal::Offline,
            NotNow::Sent => Refusal::Sent,
            NotNow::Late => Refusal::Late,
        })?;
        let seq = self.session.actions().len() as u64;
        if !self.host.send(action.to_string(), seq) {
            return Err(Refusal::NotNow);
        }
        self.pick = Pick::Idle;
        self.focus = None;
        Ok(vec![Effect::Picked])
    }

    /// Online: asks the server to end the case by this device's resignation; its `ended`
    /// settles it.
    pub(super) fn resign_online(&mut self) -> Result<Vec<Effect>, Refusal> {
        if !self.host.resign() {
            return Err(Refusal::NotNow);
        }
        self.resigning = false;
        self.pick = Pick::Idle;
        self.focus = None;
        Ok(vec![Effect::Picked])
    }

    /// This device's side at a started table, and the other seat's name for the books.
    fn seating(&self, seats: &[SeatView; 2]) -> Option<(Side, String)> {
        let mine = self.host.as_ref()?.seat?;
        let i = match mine {
            crate::fair::SeatOrder::First => 0,
            crate::fair::SeatOrder::Second => 1,
        };
        let side = court(seats[i].colour?);
        // The books name the other seat as the server showed it ("Remote player" for a
        // person who gave no name, "Bot (easy)" for its bot).
        let other = &seats[1 - i];
        let name = if other.name.trim().is_empty() {
            crate::i18n::english(&crate::app::kit::online::seat_name(other))
        } else {
            other.name.clone()
        };
        Some((side, name))
    }

    /// Sits down at the case the server started: the stake leaves the purse.
    fn sit_at_server(
        &mut self,
        seats: &[SeatView; 2],
        options: (Stakes, bool),
        now: u64,
    ) -> Vec<Effect> {
        if self.host.as_ref().is_some_and(OnlineTable::spectating) {
            // Watched: the first seat's side near, both remote; the purse takes no part.
            let near = seats[0].colour.map_or(Side::South, court);
            let (stakes, appeal) = options;
            if let Err(e) = self.session.sit_watching(stakes, appeal, near, now) {
                bevy::log::warn!("online: cannot watch the server's case: {e:?}");
                return vec![Effect::Online(msg("online.unreadable"))];
            }
            self.last = None;
            self.last_capture = None;
            self.pick = Pick::Idle;
            self.focus = None;
            return vec![Effect::Picked];
        }
        let Some((side, opponent)) = self.seating(seats) else {
            return vec![Effect::Online(msg("online.unreadable"))];
        };
        let (stakes, appeal) = options;
        match self
            .session
            .sit_online(stakes, appeal, side, &opponent, now)
        {
            Ok(_) => {
                self.last = None;
                self.last_capture = None;
                self.pick = Pick::Idle;
                self.focus = None;
                vec![Effect::StakeTaken, Effect::PurseChanged]
            }
            Err(e) => {
                bevy::log::warn!("online: cannot sit at the server's case: {e:?}");
                vec![Effect::Online(msg("snelab.online.cannot_sit").with_words(
                    "why",
                    crate::i18n::Explain::explain(&Refusal::from(e)),
                ))]
            }
        }
    }

    /// Plays the server's whole course from where this device's case stands, without
    /// animation (a resync, a return after a restart).
    fn catch_up(&mut self, view: &TableView, now: u64) -> Vec<Effect> {
        let mine: Vec<String> = self
            .session
            .actions()
            .iter()
            .map(ToString::to_string)
            .collect();
        let moves = view.game.moves();
        let known = moves.iter().take(mine.len()).map(|m| &m.action);
        bevy::log::info!(
            "online: the whole table: {} actions; this case had {}",
            moves.len(),
            mine.len()
        );
        let mut effects = Vec::new();
        if moves.len() < mine.len() || !known.eq(mine.iter()) {
            // This device's course is not the server's (an event missed in a drop): the
            // server holds the case, so its course replaces this one.
            bevy::log::warn!(
                "online: this case's course differs from the server's; taking the server's"
            );
            let course: Vec<(Side, String, bool)> = moves
                .iter()
                .map(|m| (court(m.by), m.action.clone(), m.timeout))
                .collect();
            match self.session.replace_online_course(&course, now) {
                Ok(events) => effects.extend(settled(events)),
                Err(e) => {
                    bevy::log::error!("online: the server's course does not replay: {e:?}");
                    return vec![Effect::Online(msg("online.unreadable"))];
                }
            }
        } else {
            for m in &moves[mine.len()..] {
                match self.session.heard(court(m.by), &m.action, m.timeout, now) {
                    Ok(events) => effects.extend(settled(events)),
                    Err(e) => {
                        bevy::log::error!(
                            "online: the server's action {} does not replay: {e:?}",
                            m.action
                        );
                        return vec![Effect::Online(msg("online.unreadable"))];
                    }
                }
            }
        }
        self.show_resumed();
        effects.push(Effect::Picked);
        effects
    }

    /// The end the server told, where the rules here have not reached it.
    fn end_told(&mut self, winner: Option<Wire>, reason: EndReason, now: u64) -> Vec<Effect> {
        if self.session.phase() != Phase::Play {
            return Vec::new();
        }
        let Some(winner) = winner else {
            return Vec::new();
        };
        self.resigning = false;
        self.pick = Pick::Idle;
        match self
            .session
            .ended_elsewhere(court(winner), case_end(reason), now)
        {
            Ok(events) => settled(events),
            Err(_) => Vec::new(),
        }
    }

    /// Takes in what the session heard; what the Bevy side must do. `now` is seconds since
    /// the epoch (the books' time).
    pub fn heard(&mut self, heard: Heard, timing: &Timing, now: u64) -> Vec<Effect> {
        let Some(online) = self.host.as_mut() else {
            return Vec::new();
        };
        let heard = match online.take_in(heard).game() {
            Ok(heard) => heard,
            Err(news) => return news,
        };
        match heard {
            Heard::Table(view) => {
                let GameView::Snelab { stakes, appeal, .. } = &view.game else {
                    return vec![Effect::Online(msg("online.unreadable"))];
                };
                let mut effects = vec![Effect::KeepSeat];
                // A rematch's new table: the case before it is settled; a new one opens, its
                // stake taken as at any start, its fingerprint the new table's.
                if self.host.as_mut().is_some_and(OnlineTable::take_fresh) {
                    if matches!(self.session.phase(), Phase::Verdict(_)) {
                        let _ = self.session.next_case();
                    }
                    self.told = None;
                    self.pick = Pick::Idle;
                    self.focus = None;
                    effects.push(Effect::Picked);
                }
                let options = ((*stakes).into(), *appeal);
                self.options = Some(options);
                if let Some(fp) = &view.fingerprint {
                    let told = self.told.get_or_insert_with(HeldElsewhere::default);
                    told.fingerprint = fp.clone();
                }
                if view.phase == crate::net::protocol::Phase::Waiting {
                    effects.push(Effect::Picked);
                    return effects;
                }
                if self.session.phase() == Phase::Lobby {
                    effects.extend(self.sit_at_server(&view.seats, options, now));
                }
                if self.session.phase() == Phase::Play {
                    effects.extend(self.catch_up(&view, now));
                }
                if let Some(outcome) = view.outcome {
                    effects.extend(self.end_told(outcome.winner, outcome.reason, now));
                    if let Some(told) = self.told.as_mut() {
                        told.seed = view.seed.as_deref().and_then(|s| Seed::from_hex(s).ok());
                    }
                }
                effects
            }
            Heard::Started {
                fingerprint, seats, ..
            } => {
                self.told = Some(HeldElsewhere {
                    fingerprint,
                    ..HeldElsewhere::default()
                });
                let options = self.options.unwrap_or((Stakes::Casino, true));
                self.sit_at_server(&seats, options, now)
            }
            Heard::Played { played, .. } => {
                let action = match played.action.parse::<Action>() {
                    Ok(a) => a,
                    Err(_) => return vec![Effect::Online(msg("online.unreadable"))],
                };
                let (side, text, timeout) = (court(played.by), played.action, played.timeout);
                match self.land(action, timing, |s| s.heard(side, &text, timeout, now)) {
                    Ok(mut effects) => {
                        if timeout {
                            effects.insert(
                                0,
                                Effect::Online(
                                    msg("snelab.online.timeout")
                                        .with_words("side", crate::i18n::Explain::explain(&side)),
                                ),
                            );
                        }
                        effects
                    }
                    Err(e) => {
                        bevy::log::error!(
                            "online: the server's action {text} was refused here: {e:?}"
                        );
                        vec![Effect::Online(msg("online.unreadable"))]
                    }
                }
            }
            Heard::Ended {
                outcome,
                seed,
                record,
                ..
            } => {
                bevy::log::info!(
                    "online: the game ended after {} moves ({:?} wins, {:?}), seed {seed}",
                    self.session.actions().len(),
                    outcome.winner.map(court),
                    outcome.reason,
                );
                let told = self.told.get_or_insert_with(HeldElsewhere::default);
                told.seed = Seed::from_hex(&seed).ok();
                told.record = Some(record);
                let mut effects = self.end_told(outcome.winner, outcome.reason, now);
                effects.push(Effect::KeepSeat);
                effects
            }
            // The rest is the online table's own (`OnlineTable::take_in`).
            _ => Vec::new(),
        }
    }

    /// The fingerprint of the online table's seed, as the server sent it when the case
    /// started (shown from then on, the verdict included); `None` before the start and away
    /// from a server.
    pub fn told_fingerprint(&self) -> Option<&str> {
        if self.host.is_none() || self.session.phase() == Phase::Lobby {
            return None;
        }
        let fp = self.told.as_ref()?.fingerprint.as_str();
        (!fp.is_empty()).then_some(fp)
    }

    /// Whether the seed the server revealed at the verdict is the one whose fingerprint it
    /// showed at the start (`false` for a seed missing or unreadable).
    pub fn told_seed_matches(&self) -> bool {
        self.told.as_ref().is_some_and(|told| {
            told.seed
                .is_some_and(|seed| crate::fair::matches(&seed, &told.fingerprint))
        })
    }

    /// The server's record of the case, once it has ended, and whether it verifies.
    pub fn told_record(&self) -> Option<(&str, bool)> {
        let record = self.told.as_ref()?.record.as_deref()?;
        // The seed revealed must be the one whose fingerprint was shown at the start, and the
        // record must pass every check.
        let passed = self.told_seed_matches()
            && crate::play::verify::verify_text(record)
                .is_ok_and(|checks| checks.iter().all(|c| c.passed));
        Some((record, passed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The server's `ended`, as the session hears it.
    fn ended(winner: Option<Wire>, reason: EndReason, seed: String, record: String) -> Heard {
        Heard::Ended {
            outcome: Outcome { winner, reason },
            seed,
            record,
            ratings: None,
        }
    }
    use crate::app::kit::online::Outgoing;
    use crate::net::client::Link;
    use crate::net::protocol::{
        Outcome, Phase as NetPhase, PlayedView, SeatId, SeatKind, Stakes as WireStakes,
    };
    use crate::play::snelab::record::{CaseEntry, CaseRecord, CaseResult};
    use crate::play::snelab::{Coin, Purse, Session};

    const NOW: u64 = 1_795_000_000;

    fn seat(seat: SeatId, name: &str, you: bool, colour: Option<Wire>) -> SeatView {
        SeatView {
            seat,
            kind: SeatKind::Human,
            level: None,
            name: name.into(),
            connected: true,
            you,
            colour,
            fingerprint: None,
            key: None,
            rating: None,
        }
    }

    /// Ana opens a street table with the appeal rule off and is seated; the server shows the
    /// table waiting with those options.
    fn waiting() -> Table {
        let mut t = Table::new(Session::new(Purse::default()));
        t.session.setup.stakes = Stakes::Street;
        t.session.setup.backward = false;
        let options = t.table_options();
        assert_eq!(
            (options.stakes, options.appeal),
            (Some(WireStakes::Street), Some(false))
        );
        t.go_online(
            Request::Create {
                game: crate::rules::GameKind::Snelab,
                options,
                clock: None,
                bot_fill: None,
                name: "Ana".into(),
                control: None,
                public: false,
                rated: false,
            },
            "ws://127.0.0.1:1/ws".into(),
        );
        t.heard(
            Heard::Seated {
                code: "K7M2QX".into(),
                seat: SeatId::First,
                token: "t".repeat(64),
            },
            &Timing::INSTANT,
            NOW,
        );
        t.host.as_mut().unwrap().link = Link::Connected;
        let view = TableView {
            code: "K7M2QX".into(),
            phase: NetPhase::Waiting,
            seq: 0,
            you: Some(SeatId::First),
            seats: [
                seat(SeatId::First, "Ana", true, None),
                SeatView {
                    kind: SeatKind::Empty,
                    ..seat(SeatId::Second, "", false, None)
                },
            ],
            clock: 60,
            control: Default::default(),
            banks_ms: None,
            public: false,
            watchers: 0,
            offer: None,
            rematch: [false; 2],
            to_move: None,
            time_left_ms: None,
            bot_in_ms: None,
            fingerprint: None,
            ash: None,
            game: GameView::Snelab {
                moves: Vec::new(),
                stakes: WireStakes::Street,
                appeal: false,
            },
            outcome: None,
            seed: None,
            chain: None,
            rated: false,
        };
        t.heard(Heard::Table(Box::new(view)), &Timing::INSTANT, NOW);
        assert!(t.online_waiting() && !t.in_lobby());
        assert_eq!(t.purse.coins(), 100, "no stake before the case starts");
        t
    }

    #[test]
    fn a_spectators_case_follows_the_server_and_leaves_the_purse_and_books_alone() {
        let mut t = Table::new(Session::new(Purse::default()));
        let books = t.purse.clone();
        t.go_online(
            Request::Spectate {
                code: "K7M2QX".into(),
            },
            "ws://127.0.0.1:1/ws".into(),
        );
        t.heard(
            Heard::Watching {
                code: "K7M2QX".into(),
            },
            &Timing::INSTANT,
            NOW,
        );
        t.host.as_mut().unwrap().link = Link::Connected;
        // Ana (second seat) plays South; the first seat's side, North, sits near.
        let view = TableView {
            code: "K7M2QX".into(),
            phase: NetPhase::Playing,
            seq: 1,
            you: None,
            seats: [
                seat(SeatId::First, "Rui", false, Some(Wire::Walnut)),
                seat(SeatId::Second, "Ana", false, Some(Wire::Ash)),
            ],
            clock: 60,
            control: Default::default(),
            banks_ms: None,
            public: true,
            watchers: 2,
            offer: None,
            rematch: [false; 2],
            to_move: Some(Wire::Walnut),
            time_left_ms: Some(60_000),
            bot_in_ms: None,
            fingerprint: Some(Seed([9; 32]).fingerprint()),
            ash: Some(SeatId::Second),
            game: GameView::Snelab {
                moves: vec![PlayedView {
                    seq: 1,
                    action: "a1-a2".into(),
                    by: Wire::Ash,
                    timeout: false,
                }],
                stakes: WireStakes::Street,
                appeal: true,
            },
            outcome: None,
            seed: None,
            chain: None,
            rated: false,
        };
        t.heard(Heard::Table(Box::new(view)), &Timing::INSTANT, NOW);
        assert_eq!(t.session.phase(), Phase::Play);
        assert!(t.watching() && t.session.watching() && t.names_sides());
        assert_eq!(t.session.actions().len(), 1);
        assert_eq!(t.setup.owner, Side::North, "the first seat's side near");
        // No stake left the purse; nothing of the case is saved here.
        assert_eq!(t.purse, books);
        assert!(t.session.record().is_none());
        // North to move, but nobody here acts: every input is refused, nothing is sent.
        assert!(!t.person_to_move());
        let act: Action = "a7-a6".parse().unwrap();
        for intent in [
            Intent::Play(act),
            Intent::AskResign,
            Intent::Resign,
            Intent::Sit,
        ] {
            assert!(
                t.handle(intent, Coin::Heads, 0, NOW, &Timing::INSTANT)
                    .is_err(),
                "{intent:?}"
            );
        }
        assert!(t.host.as_ref().unwrap().outgoing.is_empty());
        // The server's actions land as for a player.
        t.heard(
            played(2, "a7-a6", Wire::Walnut, false),
            &Timing::INSTANT,
            NOW,
        );
        assert_eq!(t.session.actions().len(), 2);
        // Ana resigns: the verdict is shown, the purse and the books untouched.
        t.heard(
            ended(
                Some(Wire::Walnut),
                EndReason::Resigned,
                Seed([9; 32]).to_hex(),
                String::new(),
            ),
            &Timing::INSTANT,
            NOW,
        );
        let Phase::Verdict(s) = t.session.phase() else {
            panic!("a verdict: {:?}", t.session.phase())
        };
        assert_eq!((s.winner, s.collected), (Side::North, 0));
        assert_eq!(t.purse, books);
        // Leave: back to the lobby, its own setup again.
        t.handle(Intent::NextCase, Coin::Heads, 0, NOW, &Timing::INSTANT)
            .unwrap();
        assert!(t.host.is_none() && t.session.phase() == Phase::Lobby);
        assert!(!t.session.watching());
        assert_eq!(t.purse, books);
    }

    /// Rui joins; the seed gave South to `south`.
    fn started(t: &mut Table, south: SeatId) -> Vec<Effect> {
        let colour = |s: SeatId| Some(if s == south { Wire::Ash } else { Wire::Walnut });
        t.heard(
            Heard::Started {
                fingerprint: Seed([9; 32]).fingerprint(),
                ash: south,
                seats: [
                    seat(SeatId::First, "Ana", true, colour(SeatId::First)),
                    seat(SeatId::Second, "Rui", false, colour(SeatId::Second)),
                ],
                time_left_ms: Some(60_000),
            },
            &Timing::INSTANT,
            NOW,
        )
    }

    fn played(seq: u64, action: &str, by: Wire, timeout: bool) -> Heard {
        Heard::Played {
            played: PlayedView {
                seq,
                action: action.into(),
                by,
                timeout,
            },
            to_move: Some(match by {
                Wire::Ash => Wire::Walnut,
                Wire::Walnut => Wire::Ash,
            }),
            time_left_ms: Some(60_000),
            chess: None,
        }
    }

    #[test]
    fn an_online_case_takes_the_stake_sends_moves_and_settles_the_verdict_once() {
        let mut t = waiting();
        // The seed gave South (who opens) to Rui: Ana plays North.
        let effects = started(&mut t, SeatId::Second);
        assert_eq!(effects, [Effect::StakeTaken, Effect::PurseChanged]);
        assert_eq!(t.purse.coins(), 88);
        assert_eq!(t.setup.owner, Side::North);
        assert!(
            !t.session.pos().backward_captures(),
            "the table's appeal rule"
        );
        assert!(!t.person_to_move(), "South (Rui) opens");
        // Rui's move is played as the server tells it.
        let effects = t.heard(played(1, "a1-a2", Wire::Ash, false), &Timing::INSTANT, NOW);
        assert!(matches!(effects[..], [Effect::Played(_)]), "{effects:?}");
        assert!(t.person_to_move());
        // Ana's move is sent, not played: the server's event plays it.
        let a = "a7-a6".parse::<Action>().unwrap();
        let effects = t.handle(
            Intent::Select(a.from()),
            Coin::Heads,
            0,
            NOW,
            &Timing::INSTANT,
        );
        assert!(effects.is_ok());
        t.handle(
            Intent::Target(a.to()),
            Coin::Heads,
            0,
            NOW,
            &Timing::INSTANT,
        )
        .unwrap();
        let online = t.host.as_ref().unwrap();
        assert_eq!(
            online.outgoing,
            [Outgoing::Act {
                action: "a7-a6".into(),
                seq: 1
            }]
        );
        assert_eq!(t.session.actions().len(), 1);
        // A second move while the first is on its way is refused, and nothing more is sent.
        let again = t.send("g7-g6".parse().unwrap());
        assert_eq!(again, Err(Refusal::Sent));
        t.heard(
            played(2, "a7-a6", Wire::Walnut, false),
            &Timing::INSTANT,
            NOW,
        );
        assert_eq!(t.host.as_ref().unwrap().sent, None);
        // The clock played Rui's turn: told by side.
        let effects = t.heard(played(3, "g1-g2", Wire::Ash, true), &Timing::INSTANT, NOW);
        assert!(
            matches!(&effects[..], [Effect::Online(m), Effect::Played(_)] if m.key == "snelab.online.timeout"),
            "{effects:?}"
        );
        assert!(t.session.game().unwrap().record()[2].timeout);
        // Ana resigns: asked of the server, which ends the case for both.
        t.host.as_mut().unwrap().outgoing.clear();
        t.handle(Intent::AskResign, Coin::Heads, 0, NOW, &Timing::INSTANT)
            .unwrap();
        t.handle(Intent::Resign, Coin::Heads, 0, NOW, &Timing::INSTANT)
            .unwrap();
        assert_eq!(t.host.as_ref().unwrap().outgoing, [Outgoing::Resign]);
        assert_eq!(t.session.phase(), Phase::Play, "until the server says so");
        let seed = Seed([9; 32]);
        let record = CaseRecord {
            fingerprint: seed.fingerprint(),
            seed,
            seats: ["Ana (Remote player)".into(), "Rui (Remote player)".into()],
            south: crate::fair::ash_seat(&seed),
            stakes: Stakes::Street,
            appeal: false,
            entries: vec![
                CaseEntry::Move {
                    text: "a1-a2".into(),
                    timeout: false,
                },
                CaseEntry::Resign(Side::North),
            ],
            result: CaseResult::Win(Side::South),
        };
        let effects = t.heard(
            ended(
                Some(Wire::Ash),
                EndReason::Resigned,
                seed.to_hex(),
                record.to_text(),
            ),
            &Timing::INSTANT,
            NOW + 5,
        );
        assert!(
            matches!(effects[0], Effect::Settled(s) if s.winner == Side::South),
            "{effects:?}"
        );
        assert!(effects.contains(&Effect::KeepSeat));
        assert_eq!(t.purse.coins(), 88, "a loss: the stake stays lost");
        assert_eq!(
            t.seat_to_keep(),
            None,
            "nothing to come back to after the verdict"
        );
        // Heard again (a resync after the end): nothing is settled twice.
        assert!(
            t.end_told(Some(Wire::Ash), EndReason::Resigned, NOW + 6)
                .is_empty()
        );
        assert_eq!(t.purse.coins(), 88);
        // Next case: back to the lobby, off the server, the lobby's own choices back.
        let effects = t
            .handle(Intent::NextCase, Coin::Heads, 0, NOW, &Timing::INSTANT)
            .unwrap();
        assert!(effects.contains(&Effect::KeepSeat));
        assert!(t.host.is_none() && t.in_lobby());
        assert_eq!(
            t.setup.opponent,
            crate::play::Seat::Bot(crate::ai::Level::Normal)
        );
    }

    #[test]
    fn a_won_case_at_the_server_pays_and_its_record_is_checked_here() {
        let mut t = waiting();
        started(&mut t, SeatId::First);
        assert_eq!(t.setup.owner, Side::South);
        let seed = Seed([9; 32]);
        let mut record = CaseRecord {
            fingerprint: seed.fingerprint(),
            seed,
            seats: ["Ana (Remote player)".into(), "Rui (Remote player)".into()],
            south: crate::fair::ash_seat(&seed),
            stakes: Stakes::Street,
            appeal: false,
            entries: vec![CaseEntry::Resign(Side::North)],
            result: CaseResult::Win(Side::South),
        };
        // A record whose coin is wrong does not verify here.
        let honest = crate::fair::ash_seat(&seed);
        record.south = match honest {
            crate::fair::SeatOrder::First => crate::fair::SeatOrder::Second,
            crate::fair::SeatOrder::Second => crate::fair::SeatOrder::First,
        };
        t.heard(
            ended(
                Some(Wire::Ash),
                EndReason::Resigned,
                seed.to_hex(),
                record.to_text(),
            ),
            &Timing::INSTANT,
            NOW,
        );
        // Street: the winner takes all 24.
        assert_eq!(t.purse.coins(), 112);
        assert_eq!(t.told_record().map(|(_, ok)| ok), Some(false));
        record.south = honest;
        t.told.as_mut().unwrap().record = Some(record.to_text());
        assert_eq!(t.told_record().map(|(_, ok)| ok), Some(true));
        // A seed that is not the fingerprint's fails too.
        t.told.as_mut().unwrap().fingerprint = Seed([1; 32]).fingerprint();
        assert_eq!(t.told_record().map(|(_, ok)| ok), Some(false));
    }

    #[test]
    fn a_rematch_opens_a_new_case_at_the_new_table_its_stake_taken_again() {
        use crate::app::kit::online::Ask;
        let mut t = waiting();
        started(&mut t, SeatId::First);
        assert_eq!(t.purse.coins(), 88);
        // No draw at Snēlab: only a takeback may be asked, of Ana's own move.
        t.heard(played(1, "a1-a2", Wire::Ash, false), &Timing::INSTANT, NOW);
        let o = t.host.as_ref().unwrap();
        assert!(o.may_take_back(<Table as Online>::undoable));
        const { assert!(!<Table as Online>::DRAWS) };
        t.heard(
            ended(
                Some(Wire::Walnut),
                EndReason::Resigned,
                Seed([9; 32]).to_hex(),
                String::new(),
            ),
            &Timing::INSTANT,
            NOW,
        );
        assert!(matches!(t.session.phase(), Phase::Verdict(_)));
        t.handle(
            Intent::Ask(Ask::Rematch),
            Coin::Heads,
            0,
            NOW,
            &Timing::INSTANT,
        )
        .unwrap();
        assert_eq!(t.host.as_ref().unwrap().outgoing, [Outgoing::Rematch]);
        t.heard(
            Heard::Rematched {
                code: "NEW567".into(),
                seat: SeatId::First,
                token: "u".repeat(64),
            },
            &Timing::INSTANT,
            NOW,
        );
        let fresh = TableView {
            code: "NEW567".into(),
            phase: NetPhase::Playing,
            seq: 0,
            you: Some(SeatId::First),
            seats: [
                seat(SeatId::First, "Ana", true, Some(Wire::Walnut)),
                seat(SeatId::Second, "Rui", false, Some(Wire::Ash)),
            ],
            clock: 60,
            control: Default::default(),
            banks_ms: None,
            public: false,
            watchers: 0,
            offer: None,
            rematch: [false; 2],
            to_move: Some(Wire::Ash),
            time_left_ms: Some(60_000),
            bot_in_ms: None,
            fingerprint: Some(Seed([4; 32]).fingerprint()),
            ash: Some(SeatId::Second),
            game: GameView::Snelab {
                moves: Vec::new(),
                stakes: WireStakes::Street,
                appeal: false,
            },
            outcome: None,
            seed: None,
            chain: None,
            rated: false,
        };
        let effects = t.heard(Heard::Table(Box::new(fresh)), &Timing::INSTANT, NOW);
        assert!(effects.contains(&Effect::StakeTaken), "{effects:?}");
        assert_eq!(t.session.phase(), Phase::Play);
        assert_eq!(t.purse.coins(), 76);
        assert_eq!(t.setup.owner, Side::North, "colours by the new seed");
        assert!(t.session.actions().is_empty());
        let told = t.told.as_ref().unwrap();
        assert_eq!(told.fingerprint, Seed([4; 32]).fingerprint());
        assert!(told.seed.is_none() && told.record.is_none());
        assert_eq!(t.seat_to_keep().unwrap().code, "NEW567");
    }

    #[test]
    fn a_return_catches_up_with_the_server_whose_course_stands() {
        let mut t = waiting();
        started(&mut t, SeatId::First);
        t.heard(played(1, "a1-a2", Wire::Ash, false), &Timing::INSTANT, NOW);
        let view = |moves: &[(&str, Wire)]| TableView {
            code: "K7M2QX".into(),
            phase: NetPhase::Playing,
            seq: moves.len() as u64,
            you: Some(SeatId::First),
            seats: [
                seat(SeatId::First, "Ana", true, Some(Wire::Ash)),
                seat(SeatId::Second, "Rui", false, Some(Wire::Walnut)),
            ],
            clock: 60,
            control: Default::default(),
            banks_ms: None,
            public: false,
            watchers: 0,
            offer: None,
            rematch: [false; 2],
            to_move: Some(Wire::Ash),
            time_left_ms: Some(30_000),
            bot_in_ms: None,
            fingerprint: Some(Seed([9; 32]).fingerprint()),
            ash: Some(SeatId::First),
            game: GameView::Snelab {
                moves: moves
                    .iter()
                    .enumerate()
                    .map(|(i, (a, by))| PlayedView {
                        seq: i as u64 + 1,
                        action: (*a).into(),
                        by: *by,
                        timeout: false,
                    })
                    .collect(),
                stakes: WireStakes::Street,
                appeal: false,
            },
            outcome: None,
            seed: None,
            chain: None,
            rated: false,
        };
        // After a drop the whole state has one more action: played here, no stake taken again.
        let v = view(&[("a1-a2", Wire::Ash), ("a7-a6", Wire::Walnut)]);
        t.heard(Heard::Table(Box::new(v)), &Timing::INSTANT, NOW);
        assert_eq!(t.session.actions().len(), 2);
        assert_eq!(t.purse.coins(), 88);
        assert_eq!(
            t.last.map(|(f, to, _)| (f, to)),
            Some(("a7".parse().unwrap(), "a6".parse().unwrap()))
        );
        // A course that differs from the one played here (an event missed in a drop): the
        // server's stands, the stake untouched.
        let v = view(&[
            ("g1-g2", Wire::Ash),
            ("a7-a6", Wire::Walnut),
            ("g2-g3", Wire::Ash),
        ]);
        t.heard(Heard::Table(Box::new(v)), &Timing::INSTANT, NOW);
        let texts: Vec<String> = t
            .session
            .actions()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(texts, ["g1-g2", "a7-a6", "g2-g3"]);
        assert_eq!(t.purse.coins(), 88);
        // One that does not replay at all is refused, and nothing changes.
        let v = view(&[("a7-a6", Wire::Walnut)]);
        let effects = t.heard(Heard::Table(Box::new(v)), &Timing::INSTANT, NOW);
        // (The seat is kept with every whole state.)
        assert_eq!(
            effects,
            [Effect::KeepSeat, Effect::Online(msg("online.unreadable"))]
        );
        assert_eq!(t.session.actions().len(), 3);
    }

    #[test]
    fn an_online_case_needs_the_stake_and_says_so() {
        let mut t = waiting();
        t.session.purse = Purse::new(5);
        let effects = started(&mut t, SeatId::First);
        assert!(matches!(effects[..], [Effect::Online(_)]), "{effects:?}");
        assert_eq!(t.purse.coins(), 5);
        assert_eq!(t.session.phase(), Phase::Lobby);
    }
}
