//! The Ash & Walnut table at the online table's server (`docs/protocol.md`): the same table,
//! clock, "All my moves", animations and end, with the other seat [`Seat::Remote`] (a person on
//! another device, or the server's bot, always labelled as one). The server holds the game: a
//! move chosen here is sent and played when the server's `event` comes back; the clock counts
//! down here but the server's timeout move is the one played; the seed and the record come
//! with its `ended`.
//!
//! This part is plain data and Ash & Walnut's own: its game built from the server's words,
//! and what its table does with the start, each move and the end. What is no game's (the
//! seats, presence, refusals, the link, the seat kept) is `kit::online`'s
//! ([`OnlineTable::take_in`]); `kit::link` carries it all to and from the socket.

use super::table::{Effect, Phase, Pick, Refusal, Table, Timing, last_move};
use crate::app::kit::host::{Fair, Host, Hosted};
use crate::app::kit::online::News;
use crate::app::kit::pause_then;
use crate::fair::{SeatOrder, Seed};
use crate::i18n::msg;
use crate::net::client::{Heard, Request};
use crate::net::protocol::{EndReason, Outcome, PlayedView, SeatView, TableView};
use crate::play::hive::{Ending, HiveGame, TakeBackError};
use crate::play::{ClockSetting, Seat};
use crate::rules::hive::{Colour, GameRecord, GameType, Move, State};

pub use crate::app::kit::online::{
    OnlineTable, Outgoing, SavedSeat, link_message, lost_message, seat_name,
};

/// Ash & Walnut's fairness, as the host's panels ask it.
impl Fair for HiveGame {
    type Record = GameRecord;

    fn fingerprint(&self) -> String {
        HiveGame::fingerprint(self)
    }

    fn revealed(&self) -> Option<Seed> {
        HiveGame::revealed(self)
    }

    fn over(&self) -> bool {
        self.ending().is_some()
    }

    fn record(&self) -> GameRecord {
        HiveGame::record(self)
    }

    fn read_record(text: &str) -> Option<GameRecord> {
        // A server's record may end in its `# signed` section: the game's lines come before it.
        GameRecord::parse(crate::play::signed::body(text)).ok()
    }
}

/// Ash & Walnut's takebacks at its host: at a server's table no move is taken back here (the
/// other player is asked instead, `kit::online`'s offers, and the server's state takes it back).
impl Hosted<HiveGame> {
    /// The game's record as text, as the end banner copies, saves and verifies it: online the
    /// server's own text, whole (its `# signed` section with every signature and the seal, so
    /// that Verify this game checks the signatures too); here the game's record.
    pub fn record_text(&self) -> String {
        match self.server_record() {
            Some(text) => text.to_string(),
            None => self.record().to_text(),
        }
    }

    /// How many of the last moves a takeback by `side` would take back (see
    /// [`HiveGame::takeback_size`]); none while a server holds the game.
    pub fn takeback_size(&self, side: Colour) -> Result<usize, TakeBackError> {
        if self.held_elsewhere().is_some() && self.ending().is_none() {
            return Err(TakeBackError::Online);
        }
        self.played_here().takeback_size(side)
    }

    /// Takes back `side`'s last move (and any reply after it), when the host allows it.
    pub fn take_back(&mut self, side: Colour) -> Result<usize, TakeBackError> {
        self.takeback_size(side)?;
        std::ops::DerefMut::deref_mut(self).take_back(side)
    }
}

impl Table {
    /// Goes back to a seat kept on the device (the lobby's "Return to the online table").
    pub fn return_online(&mut self, seat: SavedSeat) {
        let Some(online) = OnlineTable::returning(seat) else {
            return;
        };
        self.go_online(online.request.clone(), online.url.clone());
        self.host = Some(online);
    }

    /// The seat to keep on the device while this online game goes on.
    pub fn seat_to_keep(&self) -> Option<SavedSeat> {
        self.host.as_ref()?.seat_to_keep(self.phase == Phase::Over)
    }

    /// Goes to the online table: the link opens and says `request` (the lobby's choice).
    pub fn go_online(&mut self, request: Request, url: String) {
        // Until the server's `state` says otherwise, the game type asked for (a table opened
        // here) or the base game.
        self.served_type = match &request {
            Request::Create { options, .. } => options.hive_game_type(),
            _ => GameType::BASE,
        };
        self.phase = Phase::Waiting;
        self.game = None;
        self.saved = None;
        self.opponent = Seat::Remote;
        self.clear_marks();
        // A spectator's table leaves the seat kept on the device as it was.
        if !request.spectating() {
            self.saved_seat = None;
        }
        self.host = Some(OnlineTable::new(request, url));
    }

    /// Online: sends the person's move (checked by the rules here first, so a refusal is
    /// immediate and in the player's words).
    pub(super) fn send_move(&mut self, mv: Move) -> Result<Vec<Effect>, Refusal> {
        let game = self.game.as_ref().ok_or(Refusal::NotNow)?;
        let state = game.state();
        state.clone().play(mv).map_err(Refusal::Rule)?;
        let text = state.move_string(mv);
        let seq = state.ply() as u64;
        if !self.host.send(text, seq) {
            return Err(Refusal::NotNow);
        }
        self.pick = Pick::Idle;
        self.focus = None;
        Ok(vec![Effect::Picked])
    }

    /// Online: when the person can only pass, the table says so to the server.
    pub(super) fn online_pass_if_stuck(&mut self) -> Vec<Effect> {
        let stuck = self.person_to_act()
            && self
                .state()
                .is_some_and(|s| s.legal_moves() == [Move::Pass])
            && self.host.connected();
        if !stuck {
            return Vec::new();
        }
        let side = self.person_colour();
        match self.send_move(Move::Pass) {
            Ok(_) => side.map(Effect::Passed).into_iter().collect(),
            Err(_) => Vec::new(),
        }
    }

    /// A game the server holds: `by_order` the seats as held here (this device's the person's;
    /// a spectator's both remote), the seats' names, the fingerprint shown, the seat ash went
    /// to and every move so far.
    fn online_game(
        by_order: [Seat; 2],
        seats: &[SeatView; 2],
        fingerprint: String,
        ash: SeatOrder,
        clock: u32,
        (game_type, moves): (GameType, &[PlayedView]),
    ) -> Option<Hosted<HiveGame>> {
        let names = seats.clone().map(|s| s.name);
        let mut game = HiveGame::drawn_elsewhere(
            by_order,
            names,
            ash,
            ClockSetting {
                per_turn: Some(f64::from(clock)),
                window: None,
            },
        )
        .of_type(game_type);
        for m in moves {
            if let Err(e) = game.heard(Colour::from(m.by), &m.action, m.timeout) {
                bevy::log::error!(
                    "online: the server's move {} does not replay: {e:?}",
                    m.action
                );
                return None;
            }
        }
        Some(Hosted::elsewhere(game, fingerprint))
    }

    /// The game as the server's whole view of it has it: seats, fingerprint, ash, every move.
    fn viewed_game(&self, view: &TableView) -> Option<Hosted<HiveGame>> {
        let online = self.host.as_ref()?;
        // A player's seat is known by now (`seated`, or the view's `you`); a spectator has none.
        if online.seat.is_none() && !online.spectating() {
            return None;
        }
        let crate::net::protocol::GameView::Hive { moves, game_type } = &view.game else {
            // Another game's table: not one this table can show.
            return None;
        };
        Table::online_game(
            online.seats_here(),
            &view.seats,
            view.fingerprint.clone().unwrap_or_default(),
            SeatOrder::from(view.ash?),
            view.clock,
            (*game_type, moves),
        )
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
            Heard::Table(view) => {
                // The table's game type, for the game `started` begins (it says none).
                if let crate::net::protocol::GameView::Hive { game_type, .. } = &view.game {
                    self.served_type = *game_type;
                }
                if view.phase == crate::net::protocol::Phase::Waiting {
                    self.phase = Phase::Waiting;
                    self.game = None;
                    return vec![Effect::Picked];
                }
                let Some(mut game) = self.viewed_game(&view) else {
                    return vec![Effect::Online(msg("online.unreadable"))];
                };
                // A rematch's new table: a new game, seated as at a start.
                let fresh = self.host.as_mut().is_some_and(OnlineTable::take_fresh);
                if fresh && view.outcome.is_none() && game.state().ply() == 0 {
                    self.game = Some(game);
                    self.clear_marks();
                    self.phase =
                        pause_then(timing.seating, |left| Phase::Seating { left }, Phase::Play);
                    return vec![Effect::Started, Effect::KeepSeat];
                }
                // Also a takeback's: the game rebuilt with fewer moves, the seat kept.
                let mut effects = vec![Effect::Picked, Effect::KeepSeat];
                if let Some(outcome) = view.outcome {
                    let seed = view.seed.as_deref().and_then(|s| Seed::from_hex(s).ok());
                    let ending = ending_of(outcome, game.state());
                    // The record comes with `ended`, signed, and is kept as the server sent it;
                    // a whole state after the end has none: heard again (a reconnection), the
                    // game keeps the one `ended` brought, else it has its own.
                    let record = self
                        .game
                        .as_ref()
                        .filter(|g| g.fingerprint() == game.fingerprint())
                        .and_then(|g| g.server_record())
                        .map_or_else(|| game.record().to_text(), str::to_string);
                    game.end_elsewhere(ending);
                    game.told_end(seed, record);
                }
                self.last = last_move(game.state());
                self.pick = Pick::Idle;
                self.focus = None;
                self.viewing = None;
                self.phase = if game.ending().is_some() {
                    Phase::Over
                } else {
                    Phase::Play
                };
                if let Some(e) = game.ending() {
                    effects.push(Effect::Ended(e));
                }
                self.game = Some(game);
                effects
            }
            Heard::Started {
                fingerprint,
                ash,
                seats,
                time_left_ms,
            } => {
                let clock = time_left_ms.map_or(crate::play::hive::TURN_SECONDS as u32, |ms| {
                    (ms / 1000).max(1) as u32
                });
                let game = self
                    .host
                    .as_ref()
                    .filter(|o| o.seat.is_some() || o.spectating())
                    .and_then(|o| {
                        Table::online_game(
                            o.seats_here(),
                            &seats,
                            fingerprint,
                            SeatOrder::from(ash),
                            clock,
                            (self.served_type, &[]),
                        )
                    });
                let Some(game) = game else {
                    return vec![Effect::Online(msg("online.unreadable"))];
                };
                self.game = Some(game);
                self.clear_marks();
                self.phase =
                    pause_then(timing.seating, |left| Phase::Seating { left }, Phase::Play);
                vec![Effect::Started]
            }
            Heard::Played { played, .. } => {
                let Some(game) = self.game.as_mut() else {
                    return Vec::new();
                };
                match game.heard(Colour::from(played.by), &played.action, played.timeout) {
                    Ok(p) => {
                        let passed = (p.action == Move::Pass).then_some(p.side);
                        let mut effects = self.after_move(p, timing);
                        effects.retain(|e| *e != Effect::Save);
                        // A pass is told of the other seat (a spectator's: of either).
                        let watching = self.host.as_ref().is_some_and(OnlineTable::spectating);
                        if let Some(side) =
                            passed.filter(|s| watching || Some(*s) != self.person_colour())
                        {
                            effects.insert(0, Effect::Passed(side));
                        }
                        effects
                    }
                    Err(e) => {
                        bevy::log::error!(
                            "online: the server's move {} was refused here: {e:?}",
                            played.action
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
                let Some(game) = self.game.as_mut() else {
                    return Vec::new();
                };
                let ending = ending_of(outcome, game.state());
                bevy::log::info!(
                    "online: the game ended after {} moves ({ending:?}), seed {seed}",
                    game.state().ply()
                );
                let ending = game.end_elsewhere(ending);
                game.told_end(Seed::from_hex(&seed).ok(), record);
                self.phase = Phase::Over;
                self.pick = Pick::Idle;
                self.viewing = None;
                vec![Effect::Ended(ending), Effect::KeepSeat]
            }
            // The rest is the online table's own (`OnlineTable::take_in`).
            _ => Vec::new(),
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

/// How the game ended, from the server's outcome (an end by the rules is the rules' own).
fn ending_of(outcome: Outcome, state: &State) -> Ending {
    match (outcome.reason, outcome.winner, state.outcome()) {
        (EndReason::Agreed, _, _) => Ending::Agreed,
        (EndReason::Resigned, Some(w), _) => Ending::Resigned(Colour::from(w).other()),
        (_, _, Some(o)) => Ending::Rules(o),
        // The rules here do not see the end the server saw: trust the winner it names.
        (_, Some(w), None) => Ending::Resigned(Colour::from(w).other()),
        (_, None, None) => Ending::Rules(crate::rules::hive::Outcome::Draw(
            crate::rules::hive::DrawReason::PlyLimit,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::kit::online::Deadline;
    use crate::i18n::Explain;
    use crate::net::client::Link;
    use crate::net::protocol::{
        BotLevel, ErrorCode, GameView, Phase as NetPhase, SeatId, SeatKind, Side,
    };
    use crate::play::hive::{Ending, TURN_SECONDS};
    use crate::rules::hive::Colour;
    use std::time::Duration;

    fn seat(seat: SeatId, kind: SeatKind, name: &str, you: bool, colour: Option<Side>) -> SeatView {
        SeatView {
            seat,
            kind,
            level: (kind == SeatKind::Bot).then_some(BotLevel::Easy),
            name: name.into(),
            connected: true,
            you,
            colour,
            fingerprint: None,
            key: None,
            rating: None,
        }
    }

    fn played(seq: u64, action: &str, by: Side) -> Heard {
        Heard::Played {
            played: PlayedView {
                seq,
                action: action.into(),
                by,
                timeout: false,
            },
            to_move: Some(match by {
                Side::Ash => Side::Walnut,
                Side::Walnut => Side::Ash,
            }),
            time_left_ms: Some(60_000),
            chess: None,
        }
    }

    fn hosted() -> Table {
        let mut t = Table::default();
        t.go_online(
            Request::Create {
                game: crate::rules::GameKind::Hive,
                options: Default::default(),
                clock: None,
                bot_fill: None,
                name: "Ana".into(),
                control: None,
                public: false,
                rated: false,
            },
            "ws://127.0.0.1:1/ws".into(),
        );
        assert_eq!(t.phase, Phase::Waiting);
        t.heard(
            Heard::Seated {
                code: "K7M2QX".into(),
                seat: SeatId::First,
                token: "t".repeat(64),
            },
            &Timing::INSTANT,
        );
        t.host.as_mut().unwrap().link = Link::Connected;
        t
    }

    fn play(t: &mut Table, text: &str) -> Result<Vec<Effect>, Refusal> {
        let mv = t.state().unwrap().parse_move(text).unwrap();
        t.handle(
            super::super::Intent::Play(mv),
            Seed([0; 32]),
            0,
            &Timing::INSTANT,
        )
    }

    /// The server's whole table: Ana (first seat, ash) against Rui, these moves, maybe ended.
    fn whole(code: &str, fingerprint: &str, moves: &[&str], outcome: Option<Outcome>) -> Heard {
        let moves = moves
            .iter()
            .enumerate()
            .map(|(i, a)| PlayedView {
                seq: i as u64 + 1,
                action: (*a).into(),
                by: if i % 2 == 0 { Side::Ash } else { Side::Walnut },
                timeout: false,
            })
            .collect::<Vec<_>>();
        let to_move = if moves.len() % 2 == 0 {
            Side::Ash
        } else {
            Side::Walnut
        };
        Heard::Table(Box::new(TableView {
            code: code.into(),
            phase: if outcome.is_some() {
                NetPhase::Ended
            } else {
                NetPhase::Playing
            },
            seq: moves.len() as u64,
            you: Some(SeatId::First),
            seats: [
                seat(SeatId::First, SeatKind::Human, "Ana", true, Some(Side::Ash)),
                seat(
                    SeatId::Second,
                    SeatKind::Human,
                    "Rui",
                    false,
                    Some(Side::Walnut),
                ),
            ],
            clock: 60,
            control: Default::default(),
            banks_ms: None,
            public: false,
            watchers: 0,
            offer: None,
            rematch: [false; 2],
            to_move: outcome.is_none().then_some(to_move),
            time_left_ms: outcome.is_none().then_some(60_000),
            bot_in_ms: None,
            fingerprint: Some(fingerprint.into()),
            ash: Some(SeatId::First),
            game: GameView::Hive {
                moves,
                game_type: GameType::BASE,
            },
            outcome,
            seed: None,
            chain: None,
            rated: false,
        }))
    }

    fn ask(t: &mut Table, ask: crate::app::kit::online::Ask) -> Result<Vec<Effect>, Refusal> {
        t.handle(
            super::super::Intent::Ask(ask),
            Seed([0; 32]),
            0,
            &Timing::INSTANT,
        )
    }

    #[test]
    fn online_a_takeback_is_asked_and_its_whole_state_takes_the_move_back() {
        use crate::app::kit::online::Ask;
        use crate::net::protocol::OfferKind;
        let mut t = hosted();
        t.heard(
            whole("K7M2QX", &"ab".repeat(32), &["wS1", "bS1 wS1-"], None),
            &Timing::INSTANT,
        );
        assert_eq!(t.state().unwrap().ply(), 2);
        // Rui's move is the last: nothing of Ana's to take back.
        assert_eq!(
            ask(&mut t, Ask::Offer(OfferKind::Takeback)),
            Err(Refusal::NotNow)
        );
        play(&mut t, "wQ -wS1").unwrap();
        t.heard(played(3, "wQ -wS1", Side::Ash), &Timing::INSTANT);
        let o = t.host.as_mut().unwrap();
        o.outgoing.clear();
        assert!(o.may_take_back(|_| true));
        ask(&mut t, Ask::Offer(OfferKind::Takeback)).unwrap();
        assert_eq!(
            t.host.as_ref().unwrap().outgoing,
            [Outgoing::Offer(OfferKind::Takeback)]
        );
        // Accepted: the whole state, one move fewer; Ana to move again.
        let said = t.heard(
            Heard::Answered {
                what: OfferKind::Takeback,
                by: SeatId::Second,
                accept: true,
                lapsed: false,
            },
            &Timing::INSTANT,
        );
        assert_eq!(
            said,
            [Effect::Online(
                msg("online.answer.takeback_accepted")
                    .with_words("name", msg("online.name").with("name", "Rui"))
            )]
        );
        let effects = t.heard(
            whole("K7M2QX", &"ab".repeat(32), &["wS1", "bS1 wS1-"], None),
            &Timing::INSTANT,
        );
        assert!(effects.contains(&Effect::KeepSeat));
        assert_eq!(t.state().unwrap().ply(), 2);
        assert_eq!(t.phase, Phase::Play);
        assert!(t.person_to_act());
        assert_eq!(t.last, last_move(t.state().unwrap()));
    }

    #[test]
    fn online_an_accepted_draw_ends_the_game_by_agreement_and_a_rematch_starts_a_new_one() {
        use crate::app::kit::online::Ask;
        use crate::net::protocol::OfferKind;
        let mut t = hosted();
        t.heard(
            whole("K7M2QX", &"ab".repeat(32), &["wS1", "bS1 wS1-"], None),
            &Timing::INSTANT,
        );
        ask(&mut t, Ask::Offer(OfferKind::Draw)).unwrap();
        assert_eq!(
            ask(&mut t, Ask::Offer(OfferKind::Draw)),
            Err(Refusal::NotNow)
        );
        let agreed = Outcome {
            winner: None,
            reason: EndReason::Agreed,
        };
        let effects = t.heard(
            Heard::Ended {
                outcome: agreed,
                seed: Seed([7; 32]).to_hex(),
                record: String::new(),
                ratings: None,
            },
            &Timing::INSTANT,
        );
        assert!(matches!(effects[0], Effect::Ended(e) if e.winner().is_none()));
        assert_eq!(t.phase, Phase::Over);
        assert!(t.host.as_ref().unwrap().agreed());
        // Rui asks for a rematch; Ana accepts; both are seated at a new table.
        t.heard(
            Heard::Rematch {
                asked: [false, true],
            },
            &Timing::INSTANT,
        );
        ask(&mut t, Ask::Rematch).unwrap();
        assert_eq!(
            t.host.as_ref().unwrap().outgoing.last(),
            Some(&Outgoing::Rematch)
        );
        t.heard(
            Heard::Rematched {
                code: "NEW567".into(),
                seat: SeatId::First,
                token: "u".repeat(64),
            },
            &Timing::INSTANT,
        );
        let effects = t.heard(
            whole("NEW567", &"cd".repeat(32), &[], None),
            &Timing::INSTANT,
        );
        assert_eq!(effects, [Effect::Started, Effect::KeepSeat]);
        assert_eq!(t.phase, Phase::Play);
        let game = t.game.as_ref().unwrap();
        assert_eq!(game.fingerprint(), "cd".repeat(32));
        assert_eq!(game.state().ply(), 0);
        assert!(game.ending().is_none() && game.revealed().is_none());
        // The kept seat is the new table's.
        let kept = t.seat_to_keep().unwrap();
        assert_eq!((kept.code.as_str(), kept.token), ("NEW567", "u".repeat(64)));
        assert!(!t.host.as_ref().unwrap().agreed());
    }

    #[test]
    fn a_hosted_game_sends_moves_and_plays_what_the_server_answers() {
        let mut t = hosted();
        assert_eq!(t.host.as_ref().unwrap().code.as_deref(), Some("K7M2QX"));
        // The seat is kept on the device while the game goes on; a new run returns to it.
        let kept = t.seat_to_keep().expect("a seat to keep");
        assert_eq!((kept.code.as_str(), kept.token.len()), ("K7M2QX", 64));
        let mut again = Table::default();
        again.return_online(kept.clone());
        let back = again.host.as_ref().unwrap();
        assert_eq!(again.phase, Phase::Waiting);
        assert_eq!(back.token.as_deref(), Some(kept.token.as_str()));
        assert_eq!(back.request, t.host.as_ref().unwrap().request);
        assert_eq!(SavedSeat::default().kept(), None);
        // It is stored under Ash & Walnut's own key, and read back as it was.
        let mut store = crate::app::save::SaveStore::memory();
        let stored = crate::app::kit::link::KeptSeat::<Table>::new(kept.clone());
        store.store(&stored).unwrap();
        assert!(store.0.get_raw("hive.online_seat").unwrap().is_some());
        let (read, _) = store.load::<crate::app::kit::link::KeptSeat<Table>>();
        assert_eq!(read.seat.kept(), Some(kept.clone()));
        // While waiting, the bot's countdown runs here between the server's states.
        t.host.as_mut().unwrap().bot_in = Some(20.0);
        t.tick(1.5, &Timing::INSTANT);
        assert_eq!(t.host.as_ref().unwrap().bot_in, Some(18.5));
        // The other player joins: ash goes to the second seat by the colour rule.
        let seats = [
            seat(
                SeatId::First,
                SeatKind::Human,
                "Ana",
                true,
                Some(Side::Walnut),
            ),
            seat(
                SeatId::Second,
                SeatKind::Human,
                "Rui",
                false,
                Some(Side::Ash),
            ),
        ];
        let effects = t.heard(
            Heard::Started {
                fingerprint: "ab".repeat(32),
                ash: SeatId::Second,
                seats,
                time_left_ms: Some(60_000),
            },
            &Timing::INSTANT,
        );
        assert_eq!(effects, [Effect::Started]);
        assert_eq!(t.phase, Phase::Play);
        assert_eq!(t.person_colour(), Some(Colour::Walnut));
        assert_eq!(t.near(), Colour::Walnut);
        assert_eq!(t.game.as_ref().unwrap().fingerprint(), "ab".repeat(32));
        // Ash (Rui, remote) to act: nothing here may move.
        assert!(!t.person_to_act());
        let effects = t.heard(played(1, "wS1", Side::Ash), &Timing::INSTANT);
        assert!(matches!(effects[..], [Effect::Played(_)]), "{effects:?}");
        assert!(t.person_to_act());
        // The person's move is sent, not played: the server's event plays it.
        play(&mut t, "bS1 wS1-").unwrap();
        let online = t.host.as_ref().unwrap();
        assert_eq!(online.sent.as_deref(), Some("bS1 wS1-"));
        // Sent with the count of the position it was chosen at (one move played so far).
        assert_eq!(
            online.outgoing,
            [Outgoing::Act {
                action: "bS1 wS1-".into(),
                seq: 1
            }]
        );
        assert_eq!(t.state().unwrap().ply(), 1);
        assert!(!t.person_to_act());
        // An illegal move is refused here, in the player's words, and nothing is sent.
        let mut other = t.clone();
        other.host.as_mut().unwrap().sent = None;
        other.host.as_mut().unwrap().outgoing.clear();
        let pass = other.handle(
            super::super::Intent::Play(Move::Pass),
            Seed([0; 32]),
            0,
            &Timing::INSTANT,
        );
        assert!(matches!(pass, Err(Refusal::Rule(_))), "{pass:?}");
        assert!(other.host.as_ref().unwrap().outgoing.is_empty());
        t.heard(played(2, "bS1 wS1-", Side::Walnut), &Timing::INSTANT);
        assert_eq!(t.host.as_ref().unwrap().sent, None);
        assert_eq!(t.state().unwrap().ply(), 2);
        // The other player drops and comes back: told, and the game goes on.
        let away = t.heard(
            Heard::Presence {
                seat: SeatId::Second,
                connected: false,
            },
            &Timing::INSTANT,
        );
        assert_eq!(
            away,
            [Effect::Online(msg("online.away").with_words(
                "name",
                msg("online.name").with("name", "Rui")
            ))]
        );
        assert!(!t.host.as_ref().unwrap().other().unwrap().connected);
        // No takeback online; resigning asks the server, which ends the game.
        let before = t.state().unwrap().clone();
        t.heard(played(3, "wQ -wS1", Side::Ash), &Timing::INSTANT);
        assert!(matches!(
            t.handle(
                super::super::Intent::TakeBack,
                Seed([0; 32]),
                0,
                &Timing::INSTANT
            ),
            Err(Refusal::TakeBack(TakeBackError::Online))
        ));
        t.host.as_mut().unwrap().outgoing.clear();
        t.handle(
            super::super::Intent::Resign,
            Seed([0; 32]),
            0,
            &Timing::INSTANT,
        )
        .unwrap();
        assert_eq!(t.host.as_ref().unwrap().outgoing, [Outgoing::Resign]);
        assert_eq!(t.phase, Phase::Play);
        let seed = Seed([7; 32]);
        let effects = t.heard(
            Heard::Ended {
                outcome: Outcome {
                    winner: Some(Side::Ash),
                    reason: EndReason::Resigned,
                },
                seed: seed.to_hex(),
                record: "not a record".into(),
                ratings: None,
            },
            &Timing::INSTANT,
        );
        assert_eq!(
            effects,
            [
                Effect::Ended(Ending::Resigned(Colour::Walnut)),
                Effect::KeepSeat
            ]
        );
        assert_eq!(
            t.seat_to_keep(),
            None,
            "nothing to come back to after the end"
        );
        assert_eq!(t.phase, Phase::Over);
        assert_eq!(t.game.as_ref().unwrap().revealed(), Some(seed));
        assert_ne!(t.state().unwrap(), &before);
        // Back to the lobby: the table leaves the server.
        t.handle(
            super::super::Intent::NewGame,
            Seed([0; 32]),
            0,
            &Timing::INSTANT,
        )
        .unwrap();
        assert!(t.host.is_none() && t.phase == Phase::Lobby);
    }

    #[test]
    fn a_hosted_game_takes_the_servers_moves_and_keeps_its_fingerprint_seed_and_record() {
        use crate::play::verify::verify;
        // The server's game, as a record it would send at the end; ash to its second seat.
        let secret = (0..=255u8)
            .map(|b| Seed([b; 32]))
            .find(|s| crate::fair::ash_seat(s) == SeatOrder::Second)
            .unwrap();
        let clock = ClockSetting {
            per_turn: Some(TURN_SECONDS),
            window: None,
        };
        let mut server = HiveGame::new(
            [Seat::Person, Seat::Person],
            ["Ana".into(), "Rui".into()],
            secret,
            clock,
            3,
        );
        for text in ["wS1", "bS1 wS1-", "wQ -wS1"] {
            let side = server.awaited().unwrap();
            server.submit_text(side, text).unwrap();
        }
        let seats = [
            seat(SeatId::First, SeatKind::Human, "Ana", true, None),
            seat(SeatId::Second, SeatKind::Human, "Rui", false, None),
        ];
        let mut g = Table::online_game(
            [Seat::Person, Seat::Remote],
            &seats,
            server.fingerprint(),
            SeatOrder::Second,
            60,
            (GameType::BASE, &[]),
        )
        .unwrap();
        assert_eq!(g.colour_of(SeatOrder::First), Colour::Walnut);
        assert_eq!(g.game().seat(Colour::Ash), Seat::Remote);
        assert_eq!(g.names(), &["Ana".to_string(), "Rui".to_string()]);
        assert_eq!(g.fingerprint(), server.fingerprint());
        g.heard(Colour::Ash, "wS1", false).unwrap();
        g.heard(Colour::Walnut, "bS1 wS1-", false).unwrap();
        let played = g.heard(Colour::Ash, "wQ -wS1", true).unwrap();
        assert!(played.timeout && g.game().record()[2].timeout);
        // Out of turn or illegal: refused, nothing changes.
        assert!(g.heard(Colour::Ash, "wG1 -wS1", false).is_err());
        assert!(g.heard(Colour::Walnut, "bQ wS1", false).is_err());
        assert_eq!(g.state(), server.state());
        assert_eq!(g.takeback_size(Colour::Walnut), Err(TakeBackError::Online));
        assert!(g.revealed().is_none());
        // Walnut resigned at the server: the seed and the server's record come with the end.
        server.resign(Colour::Walnut).unwrap();
        let text = server.record().to_text();
        let ending = g.end_elsewhere(Ending::Resigned(Colour::Walnut));
        g.told_end(server.revealed(), text.clone());
        assert_eq!(ending, Ending::Resigned(Colour::Walnut));
        assert_eq!(g.revealed(), server.revealed());
        assert_eq!(g.record().to_text(), text);
        assert!(verify(&g.record()).iter().all(|c| c.passed));
        assert!(g.heard(Colour::Walnut, "bQ -bS1", false).is_err());
        // Saved, it is the game alone: the server's part is not kept.
        let json = serde_json::to_value(&g).unwrap();
        assert_eq!(json, serde_json::to_value(g.played_here()).unwrap());
    }

    #[test]
    fn offline_or_with_a_move_on_its_way_nothing_more_is_sent() {
        let mut t = hosted();
        let seats = [
            seat(SeatId::First, SeatKind::Human, "", true, Some(Side::Ash)),
            seat(
                SeatId::Second,
                SeatKind::Bot,
                "Bot (easy)",
                false,
                Some(Side::Walnut),
            ),
        ];
        t.heard(
            Heard::Started {
                fingerprint: "cd".repeat(32),
                ash: SeatId::First,
                seats,
                time_left_ms: Some(60_000),
            },
            &Timing::INSTANT,
        );
        // The server's bot is always labelled as a bot.
        assert_eq!(
            seat_name(t.host.as_ref().unwrap().other().unwrap()),
            Seat::Bot(crate::ai::Level::Easy).label()
        );
        t.host.as_mut().unwrap().link = Link::Reconnecting { attempt: 2 };
        assert_eq!(play(&mut t, "wS1"), Err(Refusal::Offline));
        t.host.as_mut().unwrap().link = Link::Connected;
        play(&mut t, "wS1").unwrap();
        assert_eq!(play(&mut t, "wG1"), Err(Refusal::Sent));
        // The server refused it: the player is told and may choose again.
        let said = t.heard(
            Heard::Refused {
                code: ErrorCode::Illegal,
                message: "no".into(),
            },
            &Timing::INSTANT,
        );
        assert_eq!(
            said,
            [Effect::Online(msg("online.refused").with_words(
                "why",
                crate::i18n::Explain::explain(&ErrorCode::Illegal)
            ))]
        );
        assert!(t.person_to_act());
        // The clock shown is the server's, never counted here from the table's time, and
        // the table never plays for it: the server's timeout move does.
        assert_eq!(t.time_left(), Some(60.0), "what `started` said");
        let effects = t.tick(120.0, &Timing::INSTANT);
        assert!(effects.iter().all(|e| !matches!(e, Effect::Played(_))));
        assert_eq!(t.time_left(), Some(60.0));
        assert_eq!(t.state().unwrap().ply(), 0);
    }

    #[test]
    fn the_clock_shown_is_the_servers_and_at_zero_no_move_is_sent() {
        let mut t = hosted();
        let seats = [
            seat(SeatId::First, SeatKind::Human, "Ana", true, Some(Side::Ash)),
            seat(
                SeatId::Second,
                SeatKind::Human,
                "Rui",
                false,
                Some(Side::Walnut),
            ),
        ];
        t.heard(
            Heard::Started {
                fingerprint: "ab".repeat(32),
                ash: SeatId::First,
                seats,
                time_left_ms: Some(60_000),
            },
            &Timing::PLAY,
        );
        assert!(matches!(t.phase, Phase::Seating { .. }));
        // The link reads the server's deadline: shown during the seating too, the server's
        // clock running from the start of the game.
        t.host.as_mut().unwrap().countdown = Some(59.2);
        assert_eq!(t.time_left(), Some(59.2));
        // The table's own time never moves it: not a slow frame, not the seating's end.
        t.tick(0.25, &Timing::PLAY);
        assert_eq!(t.time_left(), Some(59.2));
        t.tick(5.0, &Timing::PLAY);
        assert_eq!(t.phase, Phase::Play);
        assert_eq!(t.time_left(), Some(59.2));
        assert!(t.person_to_act());
        // Under ten seconds: the warning, once.
        t.host.as_mut().unwrap().countdown = Some(9.4);
        assert!(t.tick(0.1, &Timing::PLAY).contains(&Effect::Warning));
        assert!(!t.tick(0.1, &Timing::PLAY).contains(&Effect::Warning));
        // At 0:00 the server's timeout move is on its way: nothing may be sent.
        t.host.as_mut().unwrap().countdown = Some(0.0);
        assert!(!t.person_to_act());
        assert!(play(&mut t, "wS1").is_err());
        assert!(t.host.as_ref().unwrap().outgoing.is_empty());
        // The countdown is the frame before's: a slow frame, or the engine thinking for the
        // seat, may pass the deadline after it. The move is read against the deadline at the
        // moment it is chosen: refused here in words, nothing sent, however much the countdown
        // showed.
        let now = crate::net::clock::now();
        let o = t.host.as_mut().unwrap();
        o.countdown = Some(2.0);
        o.deadline = Some(Deadline {
            at: now.saturating_sub(Duration::from_millis(1)),
            latency: Duration::ZERO,
        });
        assert!(!t.person_to_act());
        assert_eq!(play(&mut t, "wS1"), Err(Refusal::Late));
        assert_eq!(Refusal::Late.explain(), msg("online.refused.late"));
        assert!(t.host.as_ref().unwrap().outgoing.is_empty());
        // Nor a move that would get there after it: the way to the server counts.
        t.host.as_mut().unwrap().deadline = Some(Deadline {
            at: now + Duration::from_secs(5),
            latency: Duration::from_secs(6),
        });
        assert_eq!(play(&mut t, "wS1"), Err(Refusal::Late));
        // With time to get there, the move goes.
        t.host.as_mut().unwrap().deadline = Some(Deadline {
            at: now + Duration::from_secs(60),
            latency: Duration::from_millis(40),
        });
        assert!(t.person_to_act());
        t.host.as_mut().unwrap().deadline = None;
        // A move that was sent in time but reached the server late is said to be late.
        t.host.as_mut().unwrap().countdown = Some(0.3);
        play(&mut t, "wS1").unwrap();
        let said = t.heard(
            Heard::Refused {
                code: ErrorCode::NotYourTurn,
                message: "walnut is to move".into(),
            },
            &Timing::PLAY,
        );
        assert_eq!(said, [Effect::Online(msg("online.too_late"))]);
        // The timeout move comes: ash's, marked.
        let effects = t.heard(
            Heard::Played {
                played: PlayedView {
                    seq: 1,
                    action: "wG1".into(),
                    by: Side::Ash,
                    timeout: true,
                },
                to_move: Some(Side::Walnut),
                time_left_ms: Some(60_000),
                chess: None,
            },
            &Timing::INSTANT,
        );
        assert!(
            matches!(&effects[..], [Effect::Played(p)] if p.timeout && p.by == Colour::Ash),
            "{effects:?}"
        );
    }

    #[test]
    fn back_is_said_only_of_a_player_who_went_away() {
        let mut t = hosted();
        let seats = [
            seat(SeatId::First, SeatKind::Human, "Ana", true, Some(Side::Ash)),
            seat(
                SeatId::Second,
                SeatKind::Human,
                "Rui",
                false,
                Some(Side::Walnut),
            ),
        ];
        t.heard(
            Heard::Started {
                fingerprint: "ab".repeat(32),
                ash: SeatId::First,
                seats,
                time_left_ms: Some(60_000),
            },
            &Timing::INSTANT,
        );
        let presence = |t: &mut Table, connected| {
            t.heard(
                Heard::Presence {
                    seat: SeatId::Second,
                    connected,
                },
                &Timing::INSTANT,
            )
        };
        // Rui's arrival: already shown at the table, no news.
        assert!(presence(&mut t, true).is_empty());
        assert_eq!(presence(&mut t, false).len(), 1);
        assert!(presence(&mut t, false).is_empty(), "away once");
        let rui = msg("online.name").with("name", "Rui");
        assert_eq!(
            presence(&mut t, true),
            [Effect::Online(msg("online.back").with_words("name", rui))]
        );
    }

    #[test]
    fn a_spectators_table_follows_the_game_and_refuses_every_input() {
        use crate::app::kit::online::Ask;
        use crate::net::protocol::OfferKind;
        let mut t = Table::default();
        t.go_online(
            Request::Spectate {
                code: "K7M2QX".into(),
            },
            "ws://127.0.0.1:1/ws".into(),
        );
        let effects = t.heard(
            Heard::Watching {
                code: "K7M2QX".into(),
            },
            &Timing::INSTANT,
        );
        assert_eq!(effects, [Effect::Picked]);
        t.host.as_mut().unwrap().link = Link::Connected;
        // The whole table as a spectator sees it: no `you`; Ana plays ash, Rui walnut.
        let Heard::Table(mut view) = whole("K7M2QX", &"ab".repeat(32), &["wS1", "bS1 wS1-"], None)
        else {
            unreachable!()
        };
        view.you = None;
        view.seats[0].you = false;
        view.watchers = 3;
        t.heard(Heard::Table(view), &Timing::INSTANT);
        assert_eq!(t.phase, Phase::Play);
        assert_eq!(t.state().unwrap().ply(), 2);
        let online = t.host.as_ref().unwrap();
        assert!(online.spectating() && online.my_seat().is_none());
        assert_eq!(
            (online.code.as_deref(), online.watchers),
            (Some("K7M2QX"), 3)
        );
        // Both seats are the server's: named from the seats, nobody plays here.
        let game = t.game.as_ref().unwrap();
        assert_eq!(game.game().seat(Colour::Ash), Seat::Remote);
        assert_eq!(game.game().seat(Colour::Walnut), Seat::Remote);
        assert_eq!(
            online.seat_playing(Side::Walnut).map(|s| s.name.as_str()),
            Some("Rui")
        );
        assert_eq!(t.near(), Colour::Ash, "the first seat's side sits near");
        assert!(!t.person_to_act(), "ash to act, but not here");
        // Every input is refused, and nothing goes to the server.
        assert_eq!(play(&mut t, "wQ -wS1"), Err(Refusal::NotNow));
        for intent in [
            super::super::Intent::Resign,
            super::super::Intent::TakeBack,
            super::super::Intent::Ask(Ask::Offer(OfferKind::Draw)),
            super::super::Intent::Ask(Ask::Rematch),
        ] {
            assert_eq!(
                t.handle(intent, Seed([0; 32]), 0, &Timing::INSTANT),
                Err(Refusal::NotNow),
                "{intent:?}"
            );
        }
        assert!(t.host.as_ref().unwrap().outgoing.is_empty());
        assert_eq!(t.seat_to_keep(), None, "a spectator keeps no seat");
        // The table's actions are played as for a player.
        let effects = t.heard(played(3, "wQ -wS1", Side::Ash), &Timing::INSTANT);
        assert!(matches!(effects[..], [Effect::Played(_)]), "{effects:?}");
        assert_eq!(t.state().unwrap().ply(), 3);
        // An offer between the players is shown, not put to the spectator.
        t.heard(
            Heard::Offer(crate::net::protocol::OfferView {
                what: OfferKind::Draw,
                by: SeatId::Second,
            }),
            &Timing::INSTANT,
        );
        assert_eq!(t.host.as_ref().unwrap().offer_to_answer(), None);
        // The end: the result and the record, no rematch.
        let seed = Seed([7; 32]);
        let effects = t.heard(
            Heard::Ended {
                outcome: Outcome {
                    winner: Some(Side::Walnut),
                    reason: EndReason::Resigned,
                },
                seed: seed.to_hex(),
                record: "not a record".into(),
                ratings: None,
            },
            &Timing::INSTANT,
        );
        assert_eq!(effects[0], Effect::Ended(Ending::Resigned(Colour::Ash)));
        assert_eq!(t.game.as_ref().unwrap().revealed(), Some(seed));
        let said = t.heard(
            Heard::Rematch {
                asked: [true, false],
            },
            &Timing::INSTANT,
        );
        assert_eq!(said, [Effect::Picked], "nothing asked of a spectator");
        assert!(!t.host.as_ref().unwrap().may_rematch());
        // Leaving: back to the lobby.
        t.handle(
            super::super::Intent::NewGame,
            Seed([0; 32]),
            0,
            &Timing::INSTANT,
        )
        .unwrap();
        assert!(t.host.is_none() && t.phase == Phase::Lobby);
    }

    #[test]
    fn a_whole_state_rebuilds_the_game_where_the_server_has_it() {
        let mut t = Table::default();
        t.go_online(
            Request::Join {
                code: "K7M2QX".into(),
                name: String::new(),
            },
            "ws://127.0.0.1:1/ws".into(),
        );
        let moves = ["wS1", "bS1 wS1-", "wQ -wS1"]
            .into_iter()
            .enumerate()
            .map(|(i, a)| PlayedView {
                seq: i as u64 + 1,
                action: a.into(),
                by: if i % 2 == 0 { Side::Ash } else { Side::Walnut },
                timeout: i == 2,
            })
            .collect();
        let view = TableView {
            code: "K7M2QX".into(),
            phase: NetPhase::Playing,
            seq: 3,
            you: Some(SeatId::Second),
            seats: [
                seat(
                    SeatId::First,
                    SeatKind::Human,
                    "Ana",
                    false,
                    Some(Side::Ash),
                ),
                seat(
                    SeatId::Second,
                    SeatKind::Human,
                    "Rui",
                    true,
                    Some(Side::Walnut),
                ),
            ],
            clock: 60,
            control: Default::default(),
            banks_ms: None,
            public: false,
            watchers: 0,
            offer: None,
            rematch: [false; 2],
            to_move: Some(Side::Walnut),
            time_left_ms: Some(41_500),
            bot_in_ms: None,
            fingerprint: Some("ef".repeat(32)),
            ash: Some(SeatId::First),
            game: GameView::Hive {
                moves,
                game_type: GameType::BASE,
            },
            outcome: None,
            seed: None,
            chain: None,
            rated: false,
        };
        t.heard(Heard::Table(Box::new(view.clone())), &Timing::INSTANT);
        assert_eq!(t.phase, Phase::Play);
        assert_eq!(t.person_colour(), Some(Colour::Walnut));
        assert_eq!(t.state().unwrap().ply(), 3);
        assert!(t.game.as_ref().unwrap().game().record()[2].timeout);
        assert_eq!(t.time_left(), Some(41.5));
        assert!(t.last.is_some());
        // A move list the server would not replay is not taken.
        let mut bad = view;
        bad.game = GameView::Hive {
            moves: vec![PlayedView {
                seq: 1,
                action: "bQ".into(),
                by: Side::Ash,
                timeout: false,
            }],
            game_type: GameType::BASE,
        };
        let mut u = t.clone();
        let effects = u.heard(Heard::Table(Box::new(bad)), &Timing::INSTANT);
        assert_eq!(effects, [Effect::Online(msg("online.unreadable"))]);
        assert_eq!(u.state(), t.state());
    }
}
