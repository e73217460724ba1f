//! The Snēlab table's own state around the match layer's [`Session`]: what the person to act has
//! lifted, the payment being picked, the keyboard focus, the piece under the pointer, the
//! question "Resign this case?", the last move's ghost and glow, and the animation time (`busy`,
//! the coin in the air). Intents (from picking, keys, buttons or a test) go through
//! [`Table::handle`], which asks the session (and through it the rules) and either changes the
//! table or returns a [`Refusal`] and changes nothing. The session never waits for an animation:
//! the table holds its busy time and lets nobody act until the pieces have landed.
//!
//! Decisions where the spec is silent:
//! - Lifting a piece puts the keyboard focus on its first target (then the lifted piece itself,
//!   last in the ring), so Enter right after Tab plays a move, never the piece onto its own
//!   square. Enter on the lifted piece, like a click on it, backs out one step.
//! - The focus ring shows only while the keys are in use (a click hides it, a key shows it
//!   again); a key that would act on a hidden focus first only shows it.
//! - The names of ranks show for the piece under the pointer, the focused piece and the lifted
//!   one; the piece itself carries only its numeral.
//! - Resigning asks first; only the person to act may resign, and only between moves.

use crate::i18n::{Explain, Message, msg};
use crate::play::snelab::{self as session, Coin, Event, Phase, Session, SitError};
use crate::play::{Refused, Seat};
use crate::rules::snelab::{
    Action, PaymentPick, Piece, Position, Reach, RuleError, Side, Square, Stuck, payment_pick,
    reach, route_squares,
};
use std::ops::{Deref, DerefMut};

/// How long the table's animations take, in seconds. Data, so tests run them instantly.
#[derive(bevy::prelude::Resource, Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// The coin in the air before the first case.
    pub flip: f32,
    /// A move along its route: the first square, then each further one.
    pub move_first: f32,
    pub move_each: f32,
    /// Paid and captured pieces leaving the board, after the move; each payer after the first
    /// starts `leave_each` later than the one before.
    pub leave: f32,
    pub leave_each: f32,
    /// The least time the engine is seen thinking, so its answer never lands unseen.
    pub think: f32,
}

impl Timing {
    pub const PLAY: Timing = Timing {
        flip: 1.8,
        move_first: 0.4,
        move_each: 0.12,
        leave: 0.9,
        leave_each: 0.12,
        think: 0.6,
    };
    /// Reduced motion: a short coin (its side still shown), pieces that fade out of their
    /// square and into the one they go to (`anim::PathTween::fading`), payers that leave
    /// together and quickly.
    pub const REDUCED: Timing = Timing {
        flip: 0.6,
        move_first: 0.24,
        move_each: 0.0,
        leave: 0.25,
        leave_each: 0.0,
        ..Timing::PLAY
    };
    pub const INSTANT: Timing = Timing {
        flip: 0.0,
        move_first: 0.0,
        move_each: 0.0,
        leave: 0.0,
        leave_each: 0.0,
        think: 0.0,
    };

    /// The time a move along `squares` squares takes.
    pub fn travel(&self, squares: usize) -> f32 {
        self.move_first + self.move_each * squares.saturating_sub(1) as f32
    }

    /// How long after the landing the `i`-th payer (from 0) starts to leave.
    pub fn payer_delay(&self, i: usize) -> f32 {
        self.leave_each * i as f32
    }

    /// The whole of a move along `squares` squares: the travel, then, for a capture paid with
    /// `payers` pieces, the captured piece and the last payer gone.
    pub fn whole_move(&self, squares: usize, capture: bool, payers: usize) -> f32 {
        let mut t = self.travel(squares);
        if capture {
            t += self.payer_delay(payers.saturating_sub(1)) + self.leave;
        }
        t
    }
}

impl Default for Timing {
    fn default() -> Timing {
        Timing::PLAY
    }
}

/// The coin flip that opens the first case, in the air.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CoinShow {
    pub coin: Coin,
    /// Seconds until it has landed and been read; `total` is the whole flip.
    pub left: f32,
    pub total: f32,
}

/// "Barrister · weight 3": a piece's rank and weight as the table names them (the piece itself
/// carries only its numeral).
pub fn rank_tag(piece: Piece) -> Message {
    msg("snelab.rank.tag")
        .with_words("rank", piece.rank.explain())
        .with("weight", piece.weight())
}

/// What the person to act is doing with the pieces.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Pick {
    #[default]
    Idle,
    /// A piece is lifted: green dots, red rings and "can't pay" badges.
    Selected { from: Square, reach: Reach },
    /// A capture is chosen and its payment is being picked.
    Paying {
        from: Square,
        to: Square,
        chosen: Vec<Square>,
        state: PaymentPick,
    },
}

impl Pick {
    /// The lifted piece's square, if a piece is lifted (or paying).
    pub fn lifted(&self) -> Option<Square> {
        match self {
            Pick::Selected { from, .. } | Pick::Paying { from, .. } => Some(*from),
            Pick::Idle => None,
        }
    }
}

/// What a person (or a test) asks of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Sit down with the lobby's setup: the stake is taken and the case opens.
    Sit,
    /// Lift the piece on this square.
    Select(Square),
    /// Send the lifted piece to this square (a move, or the capture whose payment is then picked).
    Target(Square),
    /// Add the piece on this square to the payment, or take it back.
    Pay(Square),
    /// Play the capture with the payment picked.
    Confirm,
    /// Back out one step: the question "Resign this case?", the payment, then the selection.
    Cancel,
    /// Ask "Resign this case?" for the side to act (a person on this device).
    AskResign,
    /// The side to act gives up the case, confirmed: a loss, settled at once.
    Resign,
    /// From the verdict back to the lobby for the next case.
    NextCase,
    /// Purse back to the starting value, books cleared, the next case opens with a coin flip.
    ResetAll,
    /// Leave the online table while waiting for the other player: back to the lobby.
    Leave,
    /// Online: offer a draw, ask to take back, answer the other's offer, or ask for a rematch.
    Ask(crate::app::kit::online::Ask),
    /// Play this whole action at once, as if picked square by square (the engine choosing
    /// for the person: `--autoplay`).
    Play(Action),
    /// In a replay: step through the record (`crate::app::replay`).
    View(crate::app::kit::history::Step),
    /// At the verdict: replay and review the case just settled.
    ReplayCase,
}

/// Why an intent changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not now: another phase, an animation still playing, or the engine's turn.
    NotNow,
    /// The square holds no piece of the side to act.
    NotYours(Square),
    /// Nothing is lifted.
    NothingSelected,
    /// The lifted piece has no route to that square.
    Unreachable(Square),
    /// A capture no exact payment covers.
    CantPay(Square),
    /// That piece cannot be part of the payment.
    BadPayer(Square),
    /// Confirm with a sum short of (or over) the cost.
    Short { paid: u8, cost: u8 },
    /// The purse's owner cannot sit down.
    CannotSit(SitError),
    /// The rules refused it.
    Rule(RuleError),
    /// Online: no link to the server now.
    Offline,
    /// Online: the last action is on its way to the server.
    Sent,
    /// Online: the turn's time is out; the server's timeout action is on its way.
    Late,
    /// A lesson or practice position put a legal action back (the words' key).
    Coached(&'static str),
    /// A replay is on: it is looked through, never played.
    Replaying,
}

impl From<session::Refusal> for Refusal {
    fn from(r: session::Refusal) -> Refusal {
        match r {
            session::Refusal::NotNow => Refusal::NotNow,
            session::Refusal::CannotSit(e) => Refusal::CannotSit(e),
            session::Refusal::Match(Refused::Rule(e)) => Refusal::Rule(e),
            session::Refusal::Match(Refused::GameOver) => Refusal::Rule(RuleError::CaseOver),
            session::Refusal::Match(Refused::Coached(why)) => Refusal::Coached(why.key),
            session::Refusal::Match(Refused::NotYourTurn { .. } | Refused::Malformed(_)) => {
                Refusal::NotNow
            }
        }
    }
}

/// A move as the animations need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animated {
    pub action: Action,
    pub piece: Piece,
    /// The squares the piece passes, its landing last.
    pub route: Vec<Square>,
    pub captured: Option<Piece>,
    pub payers: Vec<(Square, Piece)>,
    /// The position before the move.
    pub before: Position,
}

impl Animated {
    /// `action` as played from `before`: its piece, route, captured piece and payers; the
    /// rules' word when it does not read there.
    pub fn of(before: &Position, action: Action) -> Result<Animated, RuleError> {
        let piece = before
            .get(action.from())
            .ok_or(RuleError::Empty(action.from()))?;
        let route = route_squares(before, action.from(), action.to())?;
        let captured = action
            .is_capture()
            .then(|| before.get(action.to()))
            .flatten();
        let payers = action
            .payment()
            .map(|p| {
                p.squares()
                    .iter()
                    .filter_map(|&sq| before.get(sq).map(|pc| (sq, pc)))
                    .collect()
            })
            .unwrap_or_default();
        Ok(Animated {
            action,
            piece,
            route,
            captured,
            payers,
            before: before.clone(),
        })
    }
}

/// What the Bevy side must do after an intent.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// A stake went on the table (the coin sound).
    StakeTaken,
    Played(Box<Animated>),
    /// The verdict came in and the purse has been written.
    Settled(session::Settled),
    /// The purse changed (save it).
    PurseChanged,
    /// The selection or payment changed (a click or key sound).
    Picked,
    /// Something to tell the player about the online table (a seat taken, the other player
    /// away, a refusal, the link lost).
    Online(Message),
    /// The seat at the server to keep on the device changed (save it).
    KeepSeat,
}

/// A capture as the bar tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    pub by: crate::rules::snelab::Side,
    pub at: Square,
    pub taken: Piece,
    pub payers: Vec<(Square, Piece)>,
}

/// The whole table: the session and what the person is doing with the pieces.
#[derive(bevy::prelude::Resource, Clone, Debug)]
pub struct Table {
    pub session: Session,
    pub pick: Pick,
    /// The last move's start and landing (ghost and glow), until the next move.
    pub last: Option<(Square, Square, Piece)>,
    /// The last move if it was a capture: who took what, and what they paid with (the bar says
    /// it, so the engine's payments are seen too).
    pub last_capture: Option<Capture>,
    /// The keyboard's focus.
    pub focus: Option<Square>,
    /// Whether the focus ring shows: the keys are in use (a click hides it).
    pub keys_shown: bool,
    /// The square under the mouse pointer (its piece's rank is named).
    pub hover: Option<Square>,
    /// "Resign this case?" is on screen, waiting for Resign or Cancel.
    pub resigning: bool,
    /// Seconds of animation still playing; nobody acts until it is over.
    pub busy: f32,
    /// The coin flip on show before the first case.
    pub coin: Option<CoinShow>,
    /// The online table, while the case is played at a server (`online`).
    pub host: Option<crate::app::kit::online::OnlineTable>,
    /// A seat at a server kept on this device from an earlier run (the lobby offers it).
    pub saved_seat: Option<crate::app::kit::online::SavedSeat>,
    /// What the server told of the case: its fingerprint, then the seed and the record.
    pub told: Option<crate::app::kit::host::HeldElsewhere>,
    /// The table's options as the server showed them while waiting (stakes, appeal).
    pub options: Option<(session::Stakes, bool)>,
    /// A replay on at the table: its court shows the record's positions, the session (purse,
    /// books, a case under way) is left as it was underneath.
    pub replay: Option<crate::app::replay::Replaying>,
    /// In a replay, the position on show: after this many actions.
    pub viewing: usize,
    /// In a replay, the engine's better action lit while the position after this many actions
    /// is on show.
    pub suggested: Option<(usize, Action)>,
    /// The analysis board is on: a free case from a replay's position in a session of its own
    /// ([`Session::analyse`]), the real one kept aside until the board ends.
    pub analysing: Option<Analysing>,
}

/// The analysis board at the court ([`Table::analyse_at`]).
#[derive(Clone, Debug)]
pub struct Analysing {
    /// The replay the board was opened from and the position it showed: Back returns there.
    pub back: (crate::app::replay::Replaying, usize),
    /// The session (purse, books, a case under way) as it was, given back when the board ends.
    kept: Box<Session>,
}

impl Deref for Table {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.session
    }
}

impl DerefMut for Table {
    fn deref_mut(&mut self) -> &mut Session {
        &mut self.session
    }
}

impl Table {
    pub fn new(session: Session) -> Table {
        Table {
            session,
            pick: Pick::Idle,
            last: None,
            last_capture: None,
            focus: None,
            keys_shown: false,
            hover: None,
            resigning: false,
            busy: 0.0,
            coin: None,
            host: None,
            saved_seat: None,
            told: None,
            options: None,
            replay: None,
            viewing: 0,
            suggested: None,
            analysing: None,
        }
    }

    /// Whether the table shows something that must finish before anyone acts.
    pub fn animating(&self) -> bool {
        self.busy > 0.0 || self.coin.is_some()
    }

    /// Whether the bot is to act now (and nothing is animating).
    pub fn engine_to_move(&self) -> bool {
        !self.animating() && self.session.bot_turn().is_some()
    }

    /// Whether a person may act on the pieces now.
    pub fn person_to_move(&self) -> bool {
        !self.animating() && self.session.person_to_act()
    }

    /// The side whose turn the bar shows. The session passes the turn the moment a move is
    /// played, but the table says so only once the piece has landed (and the captured piece
    /// has gone): until then it is still the mover's turn on screen.
    pub fn shown_to_move(&self) -> Side {
        match self.last {
            Some((_, _, piece)) if self.busy > 0.0 => piece.side,
            _ => self.session.pos().to_move(),
        }
    }

    /// Why the lifted piece can go nowhere (no green dot, no red ring), from the rules: `None`
    /// while nothing is lifted or the lifted piece has somewhere to go.
    pub fn stuck(&self) -> Option<Stuck> {
        match &self.pick {
            Pick::Selected { from, reach }
                if reach.moves.is_empty() && reach.captures.is_empty() =>
            {
                crate::rules::snelab::stuck(&self.session.pos(), *from)
            }
            _ => None,
        }
    }

    /// After a restart: the case's last move shown as the last move again.
    pub fn show_resumed(&mut self) {
        let Some(game) = self.session.game() else {
            return;
        };
        let mut pos = game.start().clone();
        let mut last = None;
        for action in game.actions() {
            if let Some(piece) = pos.get(action.from()) {
                last = Some((action.from(), action.to(), piece));
            }
            pos = crate::rules::snelab::apply_unchecked(&pos, &action);
        }
        self.last = last;
        self.last_capture = None;
        self.pick = Pick::Idle;
        self.focus = None;
        self.resigning = false;
    }

    /// Ticks the clocks of the coin and the animations.
    pub fn tick(&mut self, dt: f32) {
        self.busy = (self.busy - dt).max(0.0);
        if let Some(c) = &mut self.coin {
            c.left -= dt;
            if c.left <= 0.0 {
                self.coin = None;
            }
        }
    }

    /// Handles one intent of a person. `coin` is used when a case opens with a flip; `seed`
    /// seeds the case's bot; `now` is seconds since the epoch.
    pub fn handle(
        &mut self,
        intent: Intent,
        coin: Coin,
        seed: u64,
        now: u64,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        // A replay is looked through, never played.
        if self.replay.is_some() {
            return match intent {
                Intent::View(step) => Ok(self.replay_step(step, timing)),
                _ => Err(Refusal::Replaying),
            };
        }
        if matches!(intent, Intent::View(_)) {
            return Err(Refusal::NotNow);
        }
        // The analysis board plays moves and captures with their payments; no stake, no
        // resigning, no lobby.
        if self.analysing.is_some()
            && !matches!(
                intent,
                Intent::Select(_)
                    | Intent::Target(_)
                    | Intent::Pay(_)
                    | Intent::Confirm
                    | Intent::Cancel
                    | Intent::Play(_)
            )
        {
            return Err(Refusal::NotNow);
        }
        // A spectator's table follows the case; Leave (or Next case after the verdict) goes
        // back to the lobby, and nothing else is asked of it.
        if self.watching() {
            return match intent {
                Intent::Leave | Intent::NextCase => {
                    if self.session.phase() == Phase::Play {
                        let _ = self.session.abandon_online();
                    }
                    let _ = self.session.next_case();
                    self.pick = Pick::Idle;
                    self.focus = None;
                    Ok(self.leave_online())
                }
                _ => Err(Refusal::NotNow),
            };
        }
        // While "Resign this case?" waits, the court is still: only the answer counts.
        if self.resigning && !matches!(intent, Intent::Resign | Intent::Cancel) {
            return Err(Refusal::NotNow);
        }
        match intent {
            Intent::Sit => self.sit(coin, seed, now, timing),
            Intent::NextCase => {
                self.session.next_case()?;
                self.pick = Pick::Idle;
                self.focus = None;
                Ok(self.leave_online())
            }
            Intent::Ask(ask) => {
                // A rematch (asked, or accepted) is a new case: it needs the stake in the purse
                // before the server is asked, as any seat at a server does.
                let stake = crate::play::snelab::purse::STAKE;
                if ask == crate::app::kit::online::Ask::Rematch && self.purse.coins() < stake {
                    return Err(Refusal::CannotSit(SitError::NotEnough {
                        have: self.purse.coins(),
                        need: stake,
                    }));
                }
                if !crate::app::kit::host::Host::ask(&mut self.host, ask) {
                    return Err(Refusal::NotNow);
                }
                Ok(vec![Effect::Picked])
            }
            Intent::Leave => {
                let waiting = self.host.is_some() && self.session.phase() == Phase::Lobby;
                if !waiting {
                    return Err(Refusal::NotNow);
                }
                Ok(self.leave_online())
            }
            Intent::ResetAll => {
                self.session.reset_all()?;
                self.clear_board_marks();
                Ok(vec![Effect::PurseChanged])
            }
            Intent::Select(sq) => self.select(sq),
            Intent::Target(sq) => self.target(sq, now, timing),
            Intent::Pay(sq) => {
                self.ready()?;
                self.toggle_payer(sq)?;
                Ok(vec![Effect::Picked])
            }
            Intent::Confirm => {
                self.ready()?;
                let Pick::Paying { state, .. } = &self.pick else {
                    return Err(Refusal::NothingSelected);
                };
                let action = state.action.ok_or(Refusal::Short {
                    paid: state.paid,
                    cost: state.cost,
                })?;
                self.play(action, now, timing)
            }
            Intent::AskResign => {
                self.ready()?;
                self.resigning = true;
                Ok(vec![Effect::Picked])
            }
            Intent::Resign => {
                self.ready()?;
                self.resign(now)
            }
            Intent::Play(action) => {
                self.ready()?;
                self.play(action, now, timing)
            }
            Intent::View(_) => Err(Refusal::NotNow),
            Intent::ReplayCase => self.replay_case(),
            Intent::Cancel if self.resigning => {
                self.resigning = false;
                Ok(vec![Effect::Picked])
            }
            Intent::Cancel => {
                // The focus stays where the step backed out of: the capture's square, then the
                // piece that was lifted.
                let (pick, focus) = match &self.pick {
                    Pick::Paying { from, to, .. } => (
                        Pick::Selected {
                            from: *from,
                            reach: reach(&self.session.pos(), *from),
                        },
                        Some(*to),
                    ),
                    Pick::Selected { from, .. } => (Pick::Idle, Some(*from)),
                    Pick::Idle => return Err(Refusal::NothingSelected),
                };
                self.pick = pick;
                self.focus = focus;
                Ok(vec![Effect::Picked])
            }
        }
    }

    /// What a click on `sq` means now: lift a piece, send the lifted piece there, or add or take
    /// back a payer. `None`: a click on nothing that matters, which changes nothing.
    pub fn click(&self, sq: Square) -> Option<Intent> {
        if !self.person_to_move() || self.resigning {
            return None;
        }
        let pos = self.session.pos();
        let mover = pos.to_move();
        let own = pos.get(sq).is_some_and(|p| p.side == mover);
        match &self.pick {
            Pick::Idle => own.then_some(Intent::Select(sq)),
            Pick::Selected { from, reach } => {
                if sq == *from {
                    Some(Intent::Cancel)
                } else if reach.moves.contains(&sq)
                    || reach.captures.contains(&sq)
                    || reach.cant_pay.contains(&sq)
                {
                    Some(Intent::Target(sq))
                } else if own {
                    Some(Intent::Select(sq))
                } else {
                    Some(Intent::Cancel)
                }
            }
            Pick::Paying {
                from, to, chosen, ..
            } => {
                if sq == *from {
                    // The lifted piece: back out of the payment.
                    Some(Intent::Cancel)
                } else if sq == *to {
                    None
                } else if own || chosen.contains(&sq) {
                    Some(Intent::Pay(sq))
                } else {
                    None
                }
            }
        }
    }

    fn ready(&self) -> Result<(), Refusal> {
        if self.person_to_move() {
            Ok(())
        } else {
            Err(Refusal::NotNow)
        }
    }

    fn clear_board_marks(&mut self) {
        self.pick = Pick::Idle;
        self.last = None;
        self.last_capture = None;
        self.focus = None;
        self.resigning = false;
    }

    fn sit(
        &mut self,
        coin: Coin,
        seed: u64,
        now: u64,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        let events = self.session.sit(coin, seed, now)?;
        self.clear_board_marks();
        for e in &events {
            if let Event::CaseOpened { flip: Some(coin) } = e
                && timing.flip > 0.0
            {
                self.coin = Some(CoinShow {
                    coin: *coin,
                    left: timing.flip,
                    total: timing.flip,
                });
            }
        }
        Ok(vec![Effect::StakeTaken, Effect::PurseChanged])
    }

    /// Lifts the piece on `sq` (the person's, on their move).
    fn select(&mut self, sq: Square) -> Result<Vec<Effect>, Refusal> {
        self.ready()?;
        let pos = self.session.pos();
        match pos.get(sq) {
            Some(p) if p.side == pos.to_move() => {
                self.pick = Pick::Selected {
                    from: sq,
                    reach: reach(&pos, sq),
                };
                // The first target (the lifted piece itself when it has none).
                self.focus = self.focus_ring().first().copied();
                Ok(vec![Effect::Picked])
            }
            _ => Err(Refusal::NotYours(sq)),
        }
    }

    /// Sends the lifted piece to `to` (the person's, on their move): a move, or the capture
    /// whose payment is then picked.
    fn target(&mut self, to: Square, now: u64, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        self.ready()?;
        let Pick::Selected { from, reach } = &self.pick else {
            return Err(Refusal::NothingSelected);
        };
        let from = *from;
        if reach.moves.contains(&to) {
            return self.play(Action::Move { from, to }, now, timing);
        }
        if reach.cant_pay.contains(&to) {
            return Err(Refusal::CantPay(to));
        }
        if !reach.captures.contains(&to) {
            return Err(Refusal::Unreachable(to));
        }
        let state = payment_pick(&self.session.pos(), from, to, &[]).map_err(Refusal::Rule)?;
        self.pick = Pick::Paying {
            from,
            to,
            chosen: Vec::new(),
            state,
        };
        // The first piece that can pay.
        self.focus = self.focus_ring().first().copied();
        Ok(vec![Effect::Picked])
    }

    fn toggle_payer(&mut self, sq: Square) -> Result<(), Refusal> {
        let Pick::Paying {
            from, to, chosen, ..
        } = &self.pick
        else {
            return Err(Refusal::NothingSelected);
        };
        let (from, to) = (*from, *to);
        let mut next = chosen.clone();
        if let Some(i) = next.iter().position(|&c| c == sq) {
            next.remove(i);
        } else {
            next.push(sq);
        }
        let state = payment_pick(&self.session.pos(), from, to, &next).map_err(|e| match e {
            RuleError::CannotComplete { .. }
            | RuleError::PayerNotYours { .. }
            | RuleError::CapturerCannotPay => Refusal::BadPayer(sq),
            other => Refusal::Rule(other),
        })?;
        self.pick = Pick::Paying {
            from,
            to,
            chosen: next,
            state,
        };
        self.focus = Some(sq);
        Ok(())
    }

    /// Plays `action` for the side to act (a person's confirmed choice or the bot's).
    pub fn play(
        &mut self,
        action: Action,
        now: u64,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        if self.host.is_some() {
            return self.send(action);
        }
        let side = self.session.to_act().ok_or(Refusal::NotNow)?;
        self.land(action, timing, |s| s.act(side, action, now))
    }

    /// Plays `action` through `act` (the session's way for this action: a move here, or one
    /// the server told) and sets the court for its animation: the piece travels, the payers
    /// leave, and nobody acts until the last has gone.
    pub(super) fn land(
        &mut self,
        action: Action,
        timing: &Timing,
        act: impl FnOnce(&mut Session) -> Result<Vec<Event>, session::Refusal>,
    ) -> Result<Vec<Effect>, Refusal> {
        let played = Animated::of(&self.session.pos(), action).map_err(Refusal::Rule)?;
        let events = act(&mut self.session)?;
        let mut effects = self.show_played(played, timing);
        effects.extend(settled(events));
        Ok(effects)
    }

    /// The side to act gives up: the session settles the case as its loss.
    fn resign(&mut self, now: u64) -> Result<Vec<Effect>, Refusal> {
        if self.host.is_some() {
            return self.resign_online();
        }
        let side = self.session.to_act().ok_or(Refusal::NotNow)?;
        let events = self.session.resign(side, now)?;
        self.resigning = false;
        self.pick = Pick::Idle;
        self.focus = None;
        Ok(settled(events))
    }

    /// The pieces whose rank name and weight show now: the one under the pointer, the one the
    /// keys focus (while the focus shows) and the lifted one, each once. Nothing while the
    /// lobby is up or pieces are moving.
    pub fn named_pieces(&self) -> Vec<(Square, Piece)> {
        if self.animating() || self.session.phase() == Phase::Lobby {
            return Vec::new();
        }
        let lifted = self.pick.lifted();
        let focus = self.focus.filter(|_| self.keys_shown);
        let pos = self.session.pos();
        let mut named: Vec<(Square, Piece)> = Vec::new();
        for sq in [self.hover, focus, lifted].into_iter().flatten() {
            if let Some(p) = pos.get(sq)
                && !named.iter().any(|(s, _)| *s == sq)
            {
                named.push((sq, p));
            }
        }
        named
    }

    /// The own pieces of the side to act that can go somewhere (a move or an affordable
    /// capture), in square order.
    pub fn movable(&self) -> Vec<Square> {
        let pos = self.session.pos();
        let mover = pos.to_move();
        let can_go = |sq: Square| {
            let r = reach(&pos, sq);
            !r.moves.is_empty() || !r.captures.is_empty()
        };
        let mut v: Vec<Square> = pos
            .pieces()
            .filter(|(sq, p)| p.side == mover && can_go(*sq))
            .map(|(sq, _)| sq)
            .collect();
        v.sort_by_key(|sq| (sq.row, sq.file));
        v
    }

    /// What the focus can move over now: own movable pieces; the lifted piece's targets; or the
    /// pieces that may pay. While a piece is lifted, the ring ends on it (Enter there backs out).
    pub fn focus_ring(&self) -> Vec<Square> {
        let by_square = |mut v: Vec<Square>| {
            v.sort_by_key(|sq| (sq.row, sq.file));
            v.dedup();
            v
        };
        match &self.pick {
            Pick::Idle => self.movable(),
            Pick::Selected { from, reach } => {
                let mut v = by_square(reach.moves.iter().chain(&reach.captures).copied().collect());
                v.push(*from);
                v
            }
            Pick::Paying {
                from,
                chosen,
                state,
                ..
            } => {
                let mut v = by_square(chosen.iter().chain(&state.addable).copied().collect());
                v.push(*from);
                v
            }
        }
    }

    /// Moves the keyboard focus `step` places along `ring` (wrapping).
    pub fn move_focus(&mut self, ring: &[Square], step: i32) {
        self.focus = crate::app::kit::step_focus(self.focus, ring, step);
    }

    /// Tab: the focus moves `step` places among your pieces that can move, from the lifted
    /// piece if there is one; the square it lands on (to lift), if any.
    pub fn tab_piece(&mut self, step: i32) -> Option<Square> {
        let ring = self.movable();
        self.focus = self.pick.lifted().or(self.focus);
        self.move_focus(&ring, step);
        self.focus
    }

    /// A key was pressed: the focus shows (until the next click). Whether it showed already
    /// (a key that would act on a focus the player has not seen only shows it).
    pub fn show_keys(&mut self) -> bool {
        std::mem::replace(&mut self.keys_shown, true)
    }

    /// The move list, numbered in pairs from the opener.
    pub fn move_list(&self) -> Vec<String> {
        self.session
            .actions()
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| {
                let mut line = format!("{}. {}", i + 1, pair[0]);
                if let Some(b) = pair.get(1) {
                    line.push_str("   ");
                    line.push_str(&b.to_string());
                }
                line
            })
            .collect()
    }

    /// Whether the other seat is a second person on this device (hot seat).
    pub fn hot_seat(&self) -> bool {
        self.session.setup.opponent == Seat::Person
    }

    /// Whether this device watches a server's case without a seat.
    pub fn watching(&self) -> bool {
        self.host.as_ref().is_some_and(|o| o.spectating())
    }

    /// Whether the sides are named rather than one said to be "yours": at a hot seat, and
    /// for a spectator.
    pub fn names_sides(&self) -> bool {
        self.hot_seat() || self.watching() || self.replay.is_some()
    }

    /// Sets up a lesson or a practice position as a case (no stake, nothing paid or saved);
    /// refused while a case is under way or an online table is open.
    pub fn learn(
        &mut self,
        pos: Position,
        coach: crate::learn::Coach<Position>,
        now: u64,
    ) -> Result<Vec<Effect>, Refusal> {
        if self.host.is_some() {
            return Err(Refusal::NotNow);
        }
        self.session.learn(pos, coach, now)?;
        self.clear_board_marks();
        self.coin = None;
        self.busy = 0.0;
        Ok(vec![Effect::Picked])
    }

    /// The lesson or position on ends: the court is back in its lobby.
    pub fn leave_lesson(&mut self) {
        if self.session.leave_lesson() {
            self.clear_board_marks();
            self.busy = 0.0;
        }
    }

    /// Lights a hinted action: its piece lifted with that action's square alone marked.
    pub fn light(&mut self, action: Action) -> Vec<Effect> {
        let pos = self.session.pos();
        let (from, to) = (action.from(), action.to());
        let mut r = reach(&pos, from);
        r.moves.retain(|s| *s == to);
        r.captures.retain(|s| *s == to);
        r.cant_pay.clear();
        self.pick = Pick::Selected { from, reach: r };
        vec![Effect::Picked]
    }

    /// The position on the court: a replay's on show, else the session's.
    pub fn pos(&self) -> Position {
        match self.replay_line() {
            Some(line) => line.states[self.viewing.min(line.len())].clone(),
            None => self.session.pos(),
        }
    }

    /// The line of the replay on, if one is.
    pub fn replay_line(&self) -> Option<&crate::review::Line<Position>> {
        match &*self.replay.as_ref()?.replay {
            crate::review::Replay::Snelab(line) => Some(line),
            _ => None,
        }
    }

    /// Opens a replay of a Snēlab record at this court, looked at from its first position. The
    /// session underneath (purse, books, a case under way) is left as it is and shows again
    /// when the replay ends. `None` for another game's record; refused while an online table
    /// is open or a lesson is on.
    pub fn open_replay(
        &mut self,
        replaying: crate::app::replay::Replaying,
    ) -> Option<Result<Vec<Effect>, Refusal>> {
        if !matches!(&*replaying.replay, crate::review::Replay::Snelab(_)) {
            return None;
        }
        if self.host.is_some() || self.session.learning() {
            return Some(Err(Refusal::NotNow));
        }
        self.replay = Some(replaying);
        self.viewing = 0;
        self.suggested = None;
        self.coin = None;
        self.busy = 0.0;
        self.clear_board_marks();
        Some(Ok(vec![Effect::Picked]))
    }

    /// A step through a replay: one action on travels its route with its payment as in play,
    /// every other step sets the court at its position.
    fn replay_step(
        &mut self,
        step: crate::app::kit::history::Step,
        timing: &Timing,
    ) -> Vec<Effect> {
        let Some(line) = self.replay_line() else {
            return Vec::new();
        };
        let plies = line.len();
        let from = self.viewing.min(plies);
        let to = crate::app::kit::history::step(Some(from), step, plies).unwrap_or(plies);
        let before = line.states[from].clone();
        let action = line.actions.get(from).copied();
        let last_at = self.replay_last(to);
        self.viewing = to;
        self.pick = Pick::Idle;
        self.busy = 0.0;
        self.last_capture = None;
        self.last = last_at;
        let Some(action) = action.filter(|_| to == from + 1) else {
            return vec![Effect::Picked];
        };
        match Animated::of(&before, action) {
            Ok(played) => self.show_played(played, timing),
            Err(_) => vec![Effect::Picked],
        }
    }

    /// The replay's last move (start, landing, piece) in the position after `at` actions.
    fn replay_last(&self, at: usize) -> Option<(Square, Square, Piece)> {
        let line = self.replay_line()?;
        let i = at.checked_sub(1)?;
        let a = *line.actions.get(i)?;
        Some((a.from(), a.to(), line.states[i].get(a.from())?))
    }

    /// Sets the court for a move's animation: the piece travels, the payers leave, and nobody
    /// acts (the bar keeping the turn as it was) until the last has gone.
    fn show_played(&mut self, p: Animated, timing: &Timing) -> Vec<Effect> {
        self.busy = timing.whole_move(p.route.len(), p.action.is_capture(), p.payers.len());
        self.pick = Pick::Idle;
        self.focus = None;
        self.last = Some((p.action.from(), p.action.to(), p.piece));
        self.last_capture = p.captured.map(|taken| Capture {
            by: p.piece.side,
            at: p.action.to(),
            taken,
            payers: p.payers.clone(),
        });
        vec![Effect::Played(Box::new(p))]
    }

    /// Lights `better` (in notation) while the position after `at` actions is on show: its
    /// piece lifted with that action's square alone marked. False (and the light out) when it
    /// does not read there.
    pub fn suggest(&mut self, at: usize, better: &str) -> bool {
        let parsed = self
            .replay_line()
            .and_then(|l| l.states.get(at))
            .and_then(|s| crate::rules::Game::parse_action(s, better).ok());
        self.suggested = parsed.map(|a| (at, a));
        match parsed {
            Some(a) if self.viewing == at => {
                let pos = self.pos();
                let (from, to) = (a.from(), a.to());
                let mut r = reach(&pos, from);
                r.moves.retain(|s| *s == to);
                r.captures.retain(|s| *s == to);
                r.cant_pay.clear();
                self.pick = Pick::Selected { from, reach: r };
            }
            _ => self.pick = Pick::Idle,
        }
        parsed.is_some()
    }

    /// At the verdict: the case just settled opens as a replay over it (read from the match's
    /// course); the verdict is there again when the replay ends.
    fn replay_case(&mut self) -> Result<Vec<Effect>, Refusal> {
        if !matches!(self.session.phase(), Phase::Verdict(_)) || self.session.learning() {
            return Err(Refusal::NotNow);
        }
        let game = self.session.game().ok_or(Refusal::NotNow)?;
        let line = crate::review::Line::of_match(game);
        let names = self
            .session
            .setup
            .seats()
            .map(|seat| crate::i18n::english(&seat.label()));
        let replaying = crate::app::replay::Replaying::new(
            std::sync::Arc::new(crate::review::Replay::Snelab(line)),
            names,
        );
        self.open_replay(replaying).unwrap_or(Err(Refusal::NotNow))
    }

    /// Opens the analysis board at the replay's position after `at` actions (its end when
    /// there are fewer): a free case there, both sides played here, in a session of its own.
    pub fn analyse_at(&mut self, at: usize, now: u64) -> Result<Vec<Effect>, Refusal> {
        let Some(replaying) = self.replay.clone() else {
            return Err(Refusal::NotNow);
        };
        let Some(line) = self.replay_line() else {
            return Err(Refusal::NotNow);
        };
        let at = at.min(line.len());
        let mut board = Session::new(self.session.purse.clone());
        board.analyse(line.states[at].clone(), now)?;
        let kept = std::mem::replace(&mut self.session, board);
        self.replay = None;
        self.suggested = None;
        self.viewing = 0;
        self.busy = 0.0;
        self.clear_board_marks();
        self.analysing = Some(Analysing {
            back: (replaying, at),
            kept: Box::new(kept),
        });
        Ok(vec![Effect::Picked])
    }

    /// The analysis board ends: the session as it was, and the replay where it was.
    pub fn leave_analysis(&mut self) -> Vec<Effect> {
        let Some(a) = self.analysing.take() else {
            return Vec::new();
        };
        self.session = *a.kept;
        let (replaying, at) = a.back;
        self.replay = Some(replaying);
        self.busy = 0.0;
        self.clear_board_marks();
        let plies = self.replay_line().map_or(0, |l| l.len());
        self.viewing = at.min(plies);
        self.last = self.replay_last(self.viewing);
        vec![Effect::Picked]
    }

    /// The replay ends: the court shows the session again as it was.
    pub fn leave_replay(&mut self) {
        self.suggested = None;
        if let Some(a) = self.analysing.take() {
            self.session = *a.kept;
            self.busy = 0.0;
            self.clear_board_marks();
            self.show_resumed();
        }
        if self.replay.take().is_some() {
            self.viewing = 0;
            self.busy = 0.0;
            self.clear_board_marks();
            self.show_resumed();
        }
    }

    /// Puts `pos` on the court of the case under way (staged scenes and tests), with no marks.
    pub fn restage(&mut self, pos: Position) {
        self.session.restage(pos);
        self.clear_board_marks();
    }
}

/// The effects of the session's events that the table reports: the verdict and the purse.
pub(super) fn settled(events: Vec<Event>) -> Vec<Effect> {
    events
        .into_iter()
        .filter_map(|e| match e {
            Event::Settled(s) => Some(Effect::Settled(s)),
            Event::PurseChanged => Some(Effect::PurseChanged),
            Event::Played(_) | Event::CaseOpened { .. } => None,
        })
        .collect()
}

#[cfg(test)]
mod tests;
