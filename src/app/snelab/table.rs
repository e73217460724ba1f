//! The Snēlab table's state and turn flow, as plain data: what the player has selected, the
//! payment being picked, the keyboard focus, the purse and the case under way. Intents (from
//! picking, keys, buttons or a test) go through [`Table::handle`], which asks the pure rules and
//! either changes the table or returns a [`Refusal`] and changes nothing. The Bevy systems around
//! it only carry messages, animate and save.

use crate::ai::snelab::Level;
use crate::rules::snelab::purse::{CaseEnd, Coin, OpenCase, Purse, SitError, TableKind};
use crate::rules::snelab::{
    Action, PaymentPick, Piece, Position, Reach, RuleError, Side, Square, apply, outcome,
    payment_pick, reach, route_squares,
};
use crate::save::Saved;
use serde::{Deserialize, Serialize};

/// Who sits across from the purse's owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Opponent {
    Easy,
    Normal,
    Hard,
    /// A second person on this device (hot seat).
    Person,
}

impl Opponent {
    pub const ALL: [Opponent; 4] = [
        Opponent::Easy,
        Opponent::Normal,
        Opponent::Hard,
        Opponent::Person,
    ];

    pub fn level(self) -> Option<Level> {
        match self {
            Opponent::Easy => Some(Level::Easy),
            Opponent::Normal => Some(Level::Normal),
            Opponent::Hard => Some(Level::Hard),
            Opponent::Person => None,
        }
    }

    /// The i18n key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Opponent::Easy => "snelab.opponent.easy",
            Opponent::Normal => "snelab.opponent.normal",
            Opponent::Hard => "snelab.opponent.hard",
            Opponent::Person => "snelab.opponent.person",
        }
    }
}

/// What the lobby chooses before a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Setup {
    pub table: TableKind,
    pub opponent: Opponent,
    /// The "appeal" rule: backward captures (on by default).
    pub backward: bool,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            table: TableKind::Casino,
            opponent: Opponent::Normal,
            backward: true,
        }
    }
}

/// How long the table's animations take, in seconds. Data, so tests run them instantly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// The coin in the air before the first case.
    pub flip: f32,
    /// A move along its route: the first square, then each further one.
    pub move_first: f32,
    pub move_each: f32,
    /// Paid and captured pieces leaving the board, after the move.
    pub leave: f32,
    /// The least time the engine is seen thinking, so its answer never lands unseen.
    pub think: f32,
}

impl Timing {
    pub const PLAY: Timing = Timing {
        flip: 1.8,
        move_first: 0.4,
        move_each: 0.12,
        leave: 0.9,
        think: 0.6,
    };
    pub const INSTANT: Timing = Timing {
        flip: 0.0,
        move_first: 0.0,
        move_each: 0.0,
        leave: 0.0,
        think: 0.0,
    };

    /// The time a move along `squares` squares takes.
    pub fn travel(&self, squares: usize) -> f32 {
        self.move_first + self.move_each * squares.saturating_sub(1) as f32
    }
}

/// Where the table stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Choosing the table and the opponent.
    Lobby,
    /// The coin is in the air; `left` seconds until it lands.
    Flip {
        coin: Coin,
        left: f32,
    },
    Play,
    /// The case is settled: the banner is up.
    Verdict(Settled),
}

/// The result of a case as the banner shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settled {
    pub winner: Side,
    pub end: CaseEnd,
    pub table: TableKind,
    pub your_side: Side,
    /// Coins paid into the purse (0 on a loss).
    pub collected: u32,
    pub purse_after: u32,
}

/// What the person to move is doing with the pieces.
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
    /// Back out one step: the payment, then the selection.
    Cancel,
    /// From the verdict back to the lobby for the next case.
    NextCase,
    /// Purse back to the starting value, books cleared, the next case opens with a coin flip.
    ResetAll,
}

/// Why an intent changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not now: another phase, an animation still playing, or the engine's turn.
    NotNow,
    /// The square holds no piece of the side to move.
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
}

/// A move as the animations need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub action: Action,
    pub piece: Piece,
    /// The squares the piece passes, its landing last.
    pub route: Vec<Square>,
    pub captured: Option<Piece>,
    pub payers: Vec<(Square, Piece)>,
    /// The position before the move.
    pub before: Position,
}

/// What the Bevy side must do after an intent.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// A stake went on the table (the coin sound).
    StakeTaken,
    Played(Box<Played>),
    /// The verdict came in and the purse has been written.
    Settled(Settled),
    /// The purse changed (save it).
    PurseChanged,
    /// The selection or payment changed (a click or key sound).
    Picked,
}

/// A capture as the bar tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    pub by: Side,
    pub at: Square,
    pub taken: Piece,
    pub payers: Vec<(Square, Piece)>,
}

/// The autosave of the case under way, so a restart resumes it: the opening and every action.
/// Case 0 (the default) is no case: purse case numbers start at 1.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CaseRecord {
    pub case: u64,
    pub setup: Setup,
    pub start: Position,
    pub actions: Vec<Action>,
    pub seed: u64,
}

impl Saved for CaseRecord {
    const KEY: &'static str = "snelab.case";
    const VERSION: u32 = 1;
}

/// The whole table.
#[derive(Clone, Debug)]
pub struct Table {
    pub setup: Setup,
    pub phase: Phase,
    pub purse: Purse,
    pub case: Option<OpenCase>,
    pub start: Position,
    pub pos: Position,
    /// Every action of the case so far (the move list).
    pub actions: Vec<Action>,
    pub pick: Pick,
    /// The last move's start and landing (ghost and glow), until the next move.
    pub last: Option<(Square, Square, Piece)>,
    /// The last move if it was a capture: who took what, and what they paid with (the bar says
    /// it, so the engine's payments are seen too).
    pub last_capture: Option<Capture>,
    /// The keyboard's focus.
    pub focus: Option<Square>,
    /// Seconds of animation still playing; nobody moves until it is over.
    pub busy: f32,
    pub timing: Timing,
    /// Seeds the engine's choices in this case.
    pub seed: u64,
}

impl Table {
    pub fn new(purse: Purse, timing: Timing) -> Table {
        Table {
            setup: Setup::default(),
            phase: Phase::Lobby,
            purse,
            case: None,
            start: Position::start(),
            pos: Position::start(),
            actions: Vec::new(),
            pick: Pick::Idle,
            last: None,
            last_capture: None,
            focus: None,
            busy: 0.0,
            timing,
            seed: 0,
        }
    }

    /// The side the purse's owner plays: always South, the near side.
    pub const YOU: Side = Side::South;

    /// Whether a person plays `side`.
    pub fn is_person(&self, side: Side) -> bool {
        side == Table::YOU || self.setup.opponent == Opponent::Person
    }

    /// Whether the engine is to move now (and nothing is animating).
    pub fn engine_to_move(&self) -> bool {
        self.phase == Phase::Play && self.busy <= 0.0 && !self.is_person(self.pos.to_move())
    }

    /// Whether a person may act on the pieces now.
    pub fn person_to_move(&self) -> bool {
        self.phase == Phase::Play && self.busy <= 0.0 && self.is_person(self.pos.to_move())
    }

    /// The record that lets a restart resume this case.
    pub fn record(&self) -> Option<CaseRecord> {
        self.case.map(|c| CaseRecord {
            case: c.id,
            setup: self.setup,
            start: self.start.clone(),
            actions: self.actions.clone(),
            seed: self.seed,
        })
    }

    /// Resumes the case `record` describes, if it is the purse's open case and every action in
    /// it is still legal; otherwise says why not and changes nothing.
    pub fn resume(&mut self, record: &CaseRecord) -> Result<(), String> {
        let open = self.purse.open_case().copied().ok_or("no case is open")?;
        if open.id != record.case {
            return Err(format!(
                "the saved case is number {}, the open one {}",
                record.case, open.id
            ));
        }
        let mut pos = record.start.clone();
        let mut last = None;
        for (i, action) in record.actions.iter().enumerate() {
            let piece = pos
                .get(action.from())
                .ok_or_else(|| format!("move {} ({action}) has no piece", i + 1))?;
            pos = apply(&pos, action).map_err(|e| format!("move {} ({action}): {e}", i + 1))?;
            last = Some((action.from(), action.to(), piece));
        }
        if outcome(&pos).is_some() {
            return Err("the saved case had already ended".into());
        }
        self.setup = record.setup;
        self.case = Some(open);
        self.start = record.start.clone();
        self.pos = pos;
        self.actions = record.actions.clone();
        self.seed = record.seed;
        self.last = last;
        self.last_capture = None;
        self.pick = Pick::Idle;
        self.focus = None;
        self.phase = Phase::Play;
        Ok(())
    }

    /// Settles an open case that cannot be resumed as abandoned: a loss, written once.
    pub fn abandon_open_case(&mut self, now: u64) -> Option<Settled> {
        let open = *self.purse.open_case()?;
        let winner = open.your_side.opponent();
        let s = self
            .purse
            .finish_case(open.id, winner, CaseEnd::Abandoned, now)
            .ok()?;
        Some(Settled {
            winner,
            end: CaseEnd::Abandoned,
            table: open.table,
            your_side: open.your_side,
            collected: s.collected,
            purse_after: s.purse_after,
        })
    }

    /// Ticks the clocks of the coin and the animations.
    pub fn tick(&mut self, dt: f32) {
        self.busy = (self.busy - dt).max(0.0);
        if let Phase::Flip { left, .. } = &mut self.phase {
            *left -= dt;
            if *left <= 0.0 {
                self.phase = Phase::Play;
            }
        }
    }

    /// Handles one intent of a person. `coin` is used when a case opens with a flip; `now` is
    /// seconds since the epoch.
    pub fn handle(
        &mut self,
        intent: Intent,
        coin: Coin,
        seed: u64,
        now: u64,
    ) -> Result<Vec<Effect>, Refusal> {
        match intent {
            Intent::Sit => self.sit(coin, seed, now),
            Intent::NextCase => match self.phase {
                Phase::Verdict(_) => {
                    self.phase = Phase::Lobby;
                    self.pick = Pick::Idle;
                    self.focus = None;
                    Ok(vec![])
                }
                _ => Err(Refusal::NotNow),
            },
            Intent::ResetAll => match self.phase {
                Phase::Lobby | Phase::Verdict(_) => {
                    self.purse.reset_all();
                    self.case = None;
                    self.phase = Phase::Lobby;
                    Ok(vec![Effect::PurseChanged])
                }
                _ => Err(Refusal::NotNow),
            },
            Intent::Select(sq) => {
                self.ready()?;
                self.select(sq)?;
                Ok(vec![Effect::Picked])
            }
            Intent::Target(sq) => {
                self.ready()?;
                self.target(sq, now)
            }
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
                self.play(action, now)
            }
            Intent::Cancel => {
                let before = self.pick.clone();
                self.pick = match &self.pick {
                    Pick::Paying { from, .. } => Pick::Selected {
                        from: *from,
                        reach: reach(&self.pos, *from),
                    },
                    _ => Pick::Idle,
                };
                if self.pick == before {
                    Err(Refusal::NothingSelected)
                } else {
                    Ok(vec![Effect::Picked])
                }
            }
        }
    }

    /// What a click on `sq` means now: lift a piece, send the lifted piece there, or add or take
    /// back a payer. `None`: a click on nothing that matters, which changes nothing.
    pub fn click(&self, sq: Square) -> Option<Intent> {
        if !self.person_to_move() {
            return None;
        }
        let mover = self.pos.to_move();
        let own = self.pos.get(sq).is_some_and(|p| p.side == mover);
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
                if sq == *from || sq == *to {
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

    fn sit(&mut self, coin: Coin, seed: u64, now: u64) -> Result<Vec<Effect>, Refusal> {
        if self.phase != Phase::Lobby {
            return Err(Refusal::NotNow);
        }
        let flip = self.purse.needs_coin_flip();
        let case = self
            .purse
            .start_case(self.setup.table, Table::YOU, coin, now)
            .map_err(Refusal::CannotSit)?;
        let mut start = Position::start();
        start.set_to_move(case.opening.opener);
        start.set_backward_captures(self.setup.backward);
        self.case = Some(case);
        self.start = start.clone();
        self.pos = start;
        self.actions.clear();
        self.pick = Pick::Idle;
        self.last = None;
        self.last_capture = None;
        self.focus = None;
        self.seed = seed;
        self.phase = if flip && self.timing.flip > 0.0 {
            Phase::Flip {
                coin,
                left: self.timing.flip,
            }
        } else {
            Phase::Play
        };
        Ok(vec![Effect::StakeTaken, Effect::PurseChanged])
    }

    fn select(&mut self, sq: Square) -> Result<(), Refusal> {
        match self.pos.get(sq) {
            Some(p) if p.side == self.pos.to_move() => {
                self.pick = Pick::Selected {
                    from: sq,
                    reach: reach(&self.pos, sq),
                };
                self.focus = Some(sq);
                Ok(())
            }
            _ => Err(Refusal::NotYours(sq)),
        }
    }

    fn target(&mut self, to: Square, now: u64) -> Result<Vec<Effect>, Refusal> {
        let Pick::Selected { from, reach } = &self.pick else {
            return Err(Refusal::NothingSelected);
        };
        let from = *from;
        if reach.moves.contains(&to) {
            return self.play(Action::Move { from, to }, now);
        }
        if reach.cant_pay.contains(&to) {
            return Err(Refusal::CantPay(to));
        }
        if !reach.captures.contains(&to) {
            return Err(Refusal::Unreachable(to));
        }
        let state = payment_pick(&self.pos, from, to, &[]).map_err(Refusal::Rule)?;
        self.pick = Pick::Paying {
            from,
            to,
            chosen: Vec::new(),
            state,
        };
        self.focus = None;
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
        let state = payment_pick(&self.pos, from, to, &next).map_err(|e| match e {
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

    /// Plays `action` for the side to move (a person's confirmed choice or the engine's).
    pub fn play(&mut self, action: Action, now: u64) -> Result<Vec<Effect>, Refusal> {
        if self.phase != Phase::Play {
            return Err(Refusal::NotNow);
        }
        let before = self.pos.clone();
        let after = apply(&before, &action).map_err(Refusal::Rule)?;
        let piece = before
            .get(action.from())
            .ok_or(Refusal::Rule(RuleError::Empty(action.from())))?;
        let route = route_squares(&before, action.from(), action.to()).map_err(Refusal::Rule)?;
        let captured = action
            .is_capture()
            .then(|| before.get(action.to()))
            .flatten();
        let payers: Vec<(Square, Piece)> = action
            .payment()
            .map(|p| {
                p.squares()
                    .iter()
                    .filter_map(|&sq| before.get(sq).map(|pc| (sq, pc)))
                    .collect()
            })
            .unwrap_or_default();
        self.busy = self.timing.travel(route.len())
            + if action.is_capture() {
                self.timing.leave
            } else {
                0.0
            };
        self.pos = after;
        self.actions.push(action);
        self.pick = Pick::Idle;
        self.focus = None;
        self.last = Some((action.from(), action.to(), piece));
        self.last_capture = captured.map(|taken| Capture {
            by: piece.side,
            at: action.to(),
            taken,
            payers: payers.clone(),
        });
        let mut effects = vec![Effect::Played(Box::new(Played {
            action,
            piece,
            route,
            captured,
            payers,
            before,
        }))];
        if let Some(verdict) = outcome(&self.pos)
            && let Some(case) = self.case.take()
        {
            let end = CaseEnd::Verdict(verdict.reason);
            if let Ok(s) = self.purse.finish_case(case.id, verdict.winner, end, now) {
                let settled = Settled {
                    winner: verdict.winner,
                    end,
                    table: case.table,
                    your_side: case.your_side,
                    collected: s.collected,
                    purse_after: s.purse_after,
                };
                self.phase = Phase::Verdict(settled);
                effects.push(Effect::Settled(settled));
                effects.push(Effect::PurseChanged);
            }
        }
        Ok(effects)
    }

    /// The own pieces of the side to move that can go somewhere (a move or an affordable
    /// capture), in square order.
    pub fn movable(&self) -> Vec<Square> {
        let mover = self.pos.to_move();
        let can_go = |sq: Square| {
            let r = reach(&self.pos, sq);
            !r.moves.is_empty() || !r.captures.is_empty()
        };
        let mut v: Vec<Square> = self
            .pos
            .pieces()
            .filter(|(sq, p)| p.side == mover && can_go(*sq))
            .map(|(sq, _)| sq)
            .collect();
        v.sort_by_key(|sq| (sq.row, sq.file));
        v
    }

    /// What the focus can move over now: own movable pieces, the lifted piece's targets, or the
    /// pieces that may pay.
    pub fn focus_ring(&self) -> Vec<Square> {
        match &self.pick {
            Pick::Idle => self.movable(),
            Pick::Selected { reach, .. } => {
                let mut v: Vec<Square> =
                    reach.moves.iter().chain(&reach.captures).copied().collect();
                v.sort_by_key(|sq| (sq.row, sq.file));
                v
            }
            Pick::Paying { chosen, state, .. } => {
                let mut v: Vec<Square> = chosen.iter().chain(&state.addable).copied().collect();
                v.sort_by_key(|sq| (sq.row, sq.file));
                v.dedup();
                v
            }
        }
    }

    /// Moves the keyboard focus `step` places along `ring` (wrapping).
    pub fn move_focus(&mut self, ring: &[Square], step: i32) {
        if ring.is_empty() {
            self.focus = None;
            return;
        }
        let n = ring.len() as i32;
        let next = match self.focus.and_then(|f| ring.iter().position(|&s| s == f)) {
            Some(i) => (i as i32 + step).rem_euclid(n),
            None if step >= 0 => 0,
            None => n - 1,
        };
        self.focus = Some(ring[next as usize]);
    }

    /// The move list, numbered in pairs from the opener.
    pub fn move_list(&self) -> Vec<String> {
        self.actions
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
}
