//! Artifact Chess at a server table: [`Chess`], its [`Hosted`] impl. A table goes through three
//! stages (`spec/artifact-chess.md`, "Online"; every hash is defined in [`crate::fair::chess`]):
//!
//! 1. **Building.** The seed's colour rule ([`crate::fair::chess::white_seat`]) names white's
//!    seat from the start, so each client builds an army of its own colour. It sends
//!    `ready <commitment> <value>`: the SHA-256 commitment to its army and a salt, and its
//!    32 random bytes in the clear. The other seat and spectators hear `ready <commitment>`
//!    (the values are in the `state`'s view only once both are ready); nobody sees a square
//!    of an army.
//! 2. **Revealing.** Once both are ready, each client sends `reveal <army text> <salt>`; the
//!    server checks it against the commitment (a mismatch, an army of the other colour or one
//!    that breaks a building rule is refused and changes nothing). Everyone hears the reveal.
//! 3. **Playing.** With both armies in, the game starts from the keyed stream of the dice key
//!    (the seed and both values): the hands dealt, then every die, Trophy draw and Zombie Pawn
//!    square. Actions are the game's notation; each viewer hears an action with its dice and
//!    the Zombie Pawn's square, the actor alone hears the kinds a Trophy drew, and every
//!    `event` carries the position as its recipient may see it ([`ChessNow`]: the other hand
//!    written `-` unless the viewer played Scouting; a spectator sees no hand).
//!
//! **Clocks.** Building has [`BUILD_SECONDS`] from the start or from the other seat's `ready`;
//! a seat still building when it runs out gets the timeout army ([`timeout_army`]) with the
//! server's salt ([`server_salt`]) and a value of 32 zero bytes, revealed by the server at once.
//! Revealing has the table's turn clock: a seat that does not reveal in time forfeits (the
//! action `forfeit`, played by the clock). In the game each turn has the table's clock (a turn
//! that runs out is the engine's easy choice with seed 0, `Playable::timeout_action`) and a
//! response window [`crate::play::chess::WINDOW_SECONDS`] (it passes when it runs out). Every timeout is a
//! function of the game alone, so a restart replays it and a verifier recomputes it.
//!
//! **A bot seat** builds a random legal army of its colour from the table's bot seed, commits
//! with the server's salt and the zero value (a value the server cannot choose: the person's
//! value, drawn after the seed's fingerprint was shown, still makes the dice unpredictable to
//! the server), and reveals as soon as both are ready. It searches only its own view.
//!
//! **Offers.** A colour may offer a draw or ask to take back its own last action of the game
//! proper: a draw is agreed only once the game has started, and `ready`, `reveal` and the
//! clock's actions are never taken back. The table keeps the record's entries as they come
//! (actions, taken-back ones too, offers and answers, takebacks, a resignation or an agreed
//! draw). A takeback puts the position back with its keyed stream, so the next action draws
//! the dice, cards and squares the taken-back one drew: the other player agreed to that, and
//! the record without the taken-back action replays the same.
//!
//! The record is [`ChessRecord`]'s text, which `tables verify` checks completely.

use super::game::{Accepted, BotJob, Hosted, OfferEvent, Refusal, Start, offer_of};
use super::store::StoredAction;
use crate::fair::Seed;
use crate::fair::chess::{
    Salt, army_text, commitment, commitment_matches, parse_army_text, parse_commitment,
    parse_value, white_seat,
};
use crate::i18n::{Explain, english};
use crate::net::protocol::{
    ChessNow, ChessStage, EndReason, ErrorCode, GameView, OfferKind, Outcome, PlayedView, SeatId,
    Side, TableOptions, Viewer,
};
use crate::play::chess::{ChessGame, Draft, Ending};
use crate::play::chess_record::{ChessRecord, OnlineTable, RecordedAction, RecordedEntry};
use crate::play::{Note, Playable, Played, Seat};
use crate::rules::chess::{Action, Army, Colour, End, State};
use sha2::{Digest, Sha256};
use std::time::Duration;

/// Seconds to build an army: from the start, or from the other seat's `ready`.
pub const BUILD_SECONDS: f64 = 300.0;

/// The value of a seat whose army the server made (a bot's, or a seat whose building time ran
/// out): 32 zero bytes.
pub const SERVER_VALUE: [u8; 32] = [0; 32];

/// The salt of an army the server made for `colour`: SHA-256("artifact-chess server salt" ‖
/// seed ‖ one byte, 0 for white and 1 for black). Revealed in the record, like every salt.
pub fn server_salt(seed: &Seed, colour: Colour) -> Salt {
    let mut h = Sha256::new();
    h.update(b"artifact-chess server salt");
    h.update(seed.0);
    h.update([colour.index() as u8]);
    Seed(h.finalize().into())
}

/// The army a seat gets when its building time runs out: the "Random army" of seed 0.
pub fn timeout_army(colour: Colour) -> Army {
    random_army(colour, 0)
}

fn random_army(colour: Colour, seed: u64) -> Army {
    match Draft::random(colour, seed).army() {
        Ok(army) => army,
        // A random draft breaks no rule; a lone king is a legal army all the same.
        Err(_) => Draft::new(colour)
            .army()
            .unwrap_or_else(|_| unreachable!("a lone king is a legal army")),
    }
}

fn wire(c: Colour) -> Side {
    Side::of_chess(c)
}

/// What the bot plays: its stage's step, or a game action.
pub enum BotPlay {
    Ready(Colour),
    Reveal(Colour),
    Move(Colour, Action),
}

/// One action of the building and revealing stages, as played.
#[derive(Clone, Debug)]
struct Early {
    colour: Colour,
    kind: EarlyKind,
    timeout: bool,
}

#[derive(Clone, Debug)]
enum EarlyKind {
    Ready { commit: [u8; 32], value: [u8; 32] },
    Reveal { army: String, salt: Salt },
    Forfeit,
}

impl Early {
    fn text(&self) -> String {
        match &self.kind {
            EarlyKind::Ready { commit, value } => {
                format!(
                    "ready {} {}",
                    crate::fair::hex(commit),
                    crate::fair::hex(value)
                )
            }
            EarlyKind::Reveal { army, salt } => format!("reveal {army} {}", salt.to_hex()),
            EarlyKind::Forfeit => "forfeit".into(),
        }
    }
}

/// An Artifact Chess table's game. Per-colour arrays are `[white, black]`.
#[derive(Clone)]
pub struct Chess {
    secret: Seed,
    /// The seat that plays white.
    white: SeatId,
    /// Who sits, by seat order.
    seats: [Seat; 2],
    /// The seats' labels for the record, by seat order ("Ana (person)").
    labels: [String; 2],
    artifacts: bool,
    clock: Duration,
    bot_seed: u64,
    commits: [Option<[u8; 32]>; 2],
    values: [Option<[u8; 32]>; 2],
    /// The armies the server made (a bot's, a timed-out seat's), to reveal for them.
    made: [Option<Army>; 2],
    armies: [Option<(Army, Salt)>; 2],
    /// The building time ran out: a seat still building gets its army at once.
    build_expired: bool,
    /// Seconds left on the building or revealing clock.
    left: f64,
    early: Vec<Early>,
    /// What the table gathered, once both armies are in.
    table: Option<OnlineTable>,
    game: Option<ChessGame>,
    forfeit: Option<Colour>,
    /// A resignation before the game started.
    resigned_early: Option<Colour>,
    /// The record's entries as they came: offers and their answers from the start, then the
    /// game's actions (taken-back ones too), takebacks, a resignation or an agreed
    /// draw.
    entries: Vec<RecordedEntry>,
}

impl Chess {
    /// The game, once started.
    pub fn game(&self) -> Option<&ChessGame> {
        self.game.as_ref()
    }

    pub fn stage(&self) -> ChessStage {
        if self.game.is_some() {
            ChessStage::Playing
        } else if self.commits.iter().all(Option::is_some) {
            ChessStage::Revealing
        } else {
            ChessStage::Building
        }
    }

    fn over(&self) -> bool {
        self.forfeit.is_some()
            || self.resigned_early.is_some()
            || self.game.as_ref().is_some_and(|g| g.ending().is_some())
    }

    fn colour_of(&self, seat: SeatId) -> Colour {
        if seat == self.white {
            Colour::White
        } else {
            Colour::Black
        }
    }

    fn seat_of_colour(&self, c: Colour) -> SeatId {
        match c {
            Colour::White => self.white,
            Colour::Black => self.white.other(),
        }
    }

    fn seat_kind(&self, c: Colour) -> Seat {
        self.seats[self.seat_of_colour(c).index()]
    }

    fn is_bot(&self, c: Colour) -> bool {
        self.seat_kind(c).is_bot()
    }

    /// The colour awaited in the building or revealing stage: the first still to act, a seat
    /// whose army the server made (and not a bot's) first while revealing.
    fn early_awaited(&self) -> Option<Colour> {
        match self.stage() {
            ChessStage::Building => Colour::BOTH
                .into_iter()
                .find(|c| self.commits[c.index()].is_none()),
            ChessStage::Revealing => {
                let open = |c: &Colour| self.armies[c.index()].is_none();
                Colour::BOTH
                    .into_iter()
                    .filter(open)
                    .find(|c| self.made[c.index()].is_some() && !self.is_bot(*c))
                    .or_else(|| Colour::BOTH.into_iter().find(open))
            }
            ChessStage::Playing => None,
        }
    }

    fn early_allowed(&self) -> Option<f64> {
        let c = self.early_awaited()?;
        Some(match self.stage() {
            ChessStage::Building if self.build_expired => 0.0,
            ChessStage::Building => BUILD_SECONDS,
            _ if self.made[c.index()].is_some() && !self.is_bot(c) => 0.0,
            _ => self.clock.as_secs_f64(),
        })
    }

    fn push_early(&mut self, e: Early) -> Accepted {
        let accepted = Accepted {
            side: wire(e.colour),
            action: e.text(),
            timeout: e.timeout,
        };
        self.early.push(e);
        self.left = self.early_allowed().unwrap_or(0.0);
        accepted
    }

    /// A game action just played, kept in the course (with what the keyed stream gave it), as
    /// the table stores and announces it.
    fn played(&mut self, p: &Played<State>) -> Accepted {
        if let Some(g) = &self.game {
            self.entries.push(RecordedEntry::Action(RecordedAction::of(
                &p.before,
                &p.record,
                g.state(),
                p.timeout,
            )));
        }
        Accepted {
            side: wire(p.side),
            action: p.action.to_string(),
            timeout: p.timeout,
        }
    }

    /// `colour` commits (its commitment and value already read).
    fn ready(
        &mut self,
        colour: Colour,
        commit: [u8; 32],
        value: [u8; 32],
        timeout: bool,
    ) -> Accepted {
        self.commits[colour.index()] = Some(commit);
        self.values[colour.index()] = Some(value);
        self.push_early(Early {
            colour,
            kind: EarlyKind::Ready { commit, value },
            timeout,
        })
    }

    /// The server commits to an army for `colour` (a bot's, or a seat out of building time).
    fn server_ready(&mut self, colour: Colour, army: Army, timeout: bool) -> Accepted {
        let salt = server_salt(&self.secret, colour);
        let c = commitment(&army_text(&army), &salt.to_hex());
        let commit = parse_commitment(&c).unwrap_or([0; 32]);
        self.made[colour.index()] = Some(army);
        self.ready(colour, commit, SERVER_VALUE, timeout)
    }

    /// `colour` reveals (its army already checked against its commitment); the game starts
    /// when both are in.
    fn reveal(&mut self, colour: Colour, army: Army, salt: Salt, timeout: bool) -> Accepted {
        let text = army_text(&army);
        self.armies[colour.index()] = Some((army, salt));
        let accepted = self.push_early(Early {
            colour,
            kind: EarlyKind::Reveal { army: text, salt },
            timeout,
        });
        if let ([Some((w, ws)), Some((b, bs))], [Some(wc), Some(bc)], [Some(wv), Some(bv)]) =
            (&self.armies, self.commits, self.values)
        {
            let table = OnlineTable {
                seed: self.secret,
                seats: self.labels.clone(),
                artifacts: self.artifacts,
                values: [wv, bv],
                commits: [wc, bc],
                armies: [w.clone(), b.clone()],
                salts: [*ws, *bs],
            };
            let seats = Colour::BOTH.map(|c| self.seat_kind(c));
            let game = table
                .game(seats, self.bot_seed)
                .with_turn_clock(Some(self.clock.as_secs_f64()));
            self.table = Some(table);
            self.game = Some(game);
        }
        accepted
    }

    fn server_reveal(&mut self, colour: Colour, timeout: bool) -> Option<Accepted> {
        let army = self.made[colour.index()].clone()?;
        let salt = server_salt(&self.secret, colour);
        Some(self.reveal(colour, army, salt, timeout))
    }

    fn submit_ready(&mut self, colour: Colour, rest: &str) -> Result<Accepted, Refusal> {
        if self.stage() != ChessStage::Building {
            return Err(Refusal::new(
                ErrorCode::Illegal,
                "both armies are committed: reveal yours",
            ));
        }
        if self.commits[colour.index()].is_some() {
            return Err(Refusal::new(
                ErrorCode::Illegal,
                "your army is already committed",
            ));
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let [commit, value] = words[..] else {
            return Err(Refusal::new(
                ErrorCode::BadNotation,
                "ready takes two words: the commitment and the value, 64 hex digits each",
            ));
        };
        let commit = parse_commitment(commit)
            .map_err(|e| Refusal::new(ErrorCode::BadNotation, english(&e.explain())))?;
        let value = parse_value(value)
            .map_err(|e| Refusal::new(ErrorCode::BadNotation, english(&e.explain())))?;
        Ok(self.ready(colour, commit, value, false))
    }

    fn submit_reveal(&mut self, colour: Colour, rest: &str) -> Result<Accepted, Refusal> {
        match self.stage() {
            ChessStage::Building => {
                return Err(Refusal::new(
                    ErrorCode::Illegal,
                    "reveal only once both armies are committed",
                ));
            }
            ChessStage::Playing => {
                return Err(Refusal::new(ErrorCode::Illegal, "both armies are revealed"));
            }
            ChessStage::Revealing => {}
        }
        if self.armies[colour.index()].is_some() {
            return Err(Refusal::new(
                ErrorCode::Illegal,
                "your army is already revealed",
            ));
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let [text, salt] = words[..] else {
            return Err(Refusal::new(
                ErrorCode::BadNotation,
                "reveal takes two words: the army text and the salt",
            ));
        };
        let army = parse_army_text(text)
            .map_err(|e| Refusal::new(ErrorCode::Illegal, english(&e.explain())))?;
        if army_text(&army) != text {
            return Err(Refusal::new(
                ErrorCode::BadNotation,
                format!(
                    "the army is not in its canonical text: {}",
                    army_text(&army)
                ),
            ));
        }
        if army.colour() != colour {
            return Err(Refusal::new(
                ErrorCode::Illegal,
                format!(
                    "you play {}: the army must be yours",
                    english(&colour.explain())
                ),
            ));
        }
        let commit = self.commits[colour.index()].map(|c| crate::fair::hex(&c));
        if !commit.is_some_and(|c| commitment_matches(&c, text, salt)) {
            return Err(Refusal::new(
                ErrorCode::Illegal,
                "this army and salt do not match your commitment",
            ));
        }
        let salt = Seed(parse_value(salt).unwrap_or([0; 32]));
        Ok(self.reveal(colour, army, salt, false))
    }

    /// The `i`-th action (0-based) as `viewer` hears it.
    fn action_text(&self, i: usize, viewer: Viewer) -> String {
        let me = viewer.seat().map(|s| self.colour_of(s));
        if let Some(e) = self.early.get(i) {
            return match &e.kind {
                // The other seat's value is never in its `ready` (the view's `values` has it
                // once both are ready): what a viewer heard stays what it hears.
                EarlyKind::Ready { commit, .. } if me != Some(e.colour) => {
                    format!("ready {}", crate::fair::hex(commit))
                }
                _ => e.text(),
            };
        }
        let Some(g) = &self.game else {
            return String::new();
        };
        let m = g.game();
        let j = i - self.early.len();
        let (Some(entry), Some(step), Some(before)) =
            (m.record().get(j), m.course().get(j), m.after(j))
        else {
            return String::new();
        };
        let a = RecordedAction::of(before, &step.record, &step.after, entry.timeout);
        // What a Trophy drew is the actor's to know.
        a.heard_text(me == Some(a.colour))
    }

    /// Where the game stands for `viewer`, once started.
    pub fn now(&self, viewer: Viewer) -> Option<ChessNow> {
        let g = self.game.as_ref()?;
        let state = g.state();
        let seen = match viewer.seat() {
            Some(s) => state.view_for(self.colour_of(s)),
            None => state.public_view(),
        };
        Some(ChessNow {
            position: seen.to_string(),
            hands: Colour::BOTH.map(|c| state.hand_size(c)),
        })
    }

    /// The record as it stands (in progress until the game ends), with the whole course.
    pub fn chess_record(&self) -> Option<ChessRecord> {
        let (table, game) = (self.table.as_ref()?, self.game.as_ref()?);
        Some(ChessRecord {
            entries: self.entries.clone(),
            ..ChessRecord::from_game(table, game)
        })
    }

    /// A game that ended before it started (a forfeit or a resignation before both armies
    /// were in) has no game to verify: its record says what there was.
    fn early_record(&self) -> String {
        let hex = crate::fair::hex;
        let mut lines = vec![
            crate::play::chess_record::HEADER.to_string(),
            format!("fingerprint {}", self.secret.fingerprint()),
            format!("seed {}", self.secret.to_hex()),
        ];
        for (i, seat) in ["first", "second"].iter().enumerate() {
            lines.push(format!("seat {seat} {}", self.labels[i]));
        }
        lines.push(format!(
            "white {}",
            if self.white == SeatId::First {
                "first"
            } else {
                "second"
            }
        ));
        lines.push(format!(
            "artifacts {}",
            if self.artifacts { "on" } else { "off" }
        ));
        for c in Colour::BOTH {
            let w = if c == Colour::White { "white" } else { "black" };
            if let Some(v) = self.values[c.index()] {
                lines.push(format!("value {w} {}", hex(&v)));
            }
            if let Some(v) = self.commits[c.index()] {
                lines.push(format!("commit {w} {}", hex(&v)));
            }
            if let Some((a, s)) = &self.armies[c.index()] {
                lines.push(format!("army {w} {} salt {}", army_text(a), s.to_hex()));
            }
        }
        for e in &self.entries {
            if let RecordedEntry::Offer(n) = e {
                lines.push(format!("offer {}", n.words(Colour::name)));
            }
        }
        let why = match (self.forfeit, self.resigned_early) {
            (Some(c), _) => format!("{} did not reveal its army in time", english(&c.explain())),
            (_, Some(c)) => format!("{} resigned before the game started", english(&c.explain())),
            _ => "the game has not started".into(),
        };
        lines.push(format!("# {why}: nothing was dealt or rolled"));
        let result = match self.forfeit.or(self.resigned_early) {
            Some(Colour::White) => "black wins",
            Some(Colour::Black) => "white wins",
            None => "in progress",
        };
        lines.push(format!("result {result}"));
        lines.join("\n") + "\n"
    }
}

impl Hosted for Chess {
    /// A draw may be offered once the game proper has started.
    fn may_draw(&self) -> Result<(), Refusal> {
        if self.game.is_none() {
            return Err(Refusal::new(
                ErrorCode::NotStarted,
                "a draw can be offered once both armies are revealed",
            ));
        }
        Ok(())
    }

    type Action = BotPlay;

    fn start(start: Start) -> Chess {
        let white: SeatId = white_seat(&start.secret).into();
        let label = |i: usize| {
            let kind = english(&start.seats[i].label());
            if start.names[i].is_empty() {
                kind
            } else {
                format!("{} ({kind})", start.names[i])
            }
        };
        Chess {
            secret: start.secret,
            white,
            seats: start.seats,
            labels: [label(0), label(1)],
            artifacts: start.options.artifacts.unwrap_or(true),
            clock: start.clock,
            bot_seed: start.bot_seed,
            commits: [None; 2],
            values: [None; 2],
            made: [None, None],
            armies: [None, None],
            build_expired: false,
            left: BUILD_SECONDS,
            early: Vec::new(),
            table: None,
            game: None,
            forfeit: None,
            resigned_early: None,
            entries: Vec::new(),
        }
    }

    fn waiting_view(options: &TableOptions) -> GameView {
        GameView::Chess {
            artifacts: options.artifacts.unwrap_or(true),
            stage: ChessStage::Building,
            ready: [false; 2],
            commits: [None, None],
            values: [None, None],
            armies: [None, None],
            moves: Vec::new(),
            now: None,
        }
    }

    fn seq(&self) -> u64 {
        (self.early.len() + self.game.as_ref().map_or(0, ChessGame::len)) as u64
    }

    fn to_move(&self) -> Option<Side> {
        if self.over() {
            return None;
        }
        match &self.game {
            Some(g) => g.awaited().map(wire),
            None => self.early_awaited().map(wire),
        }
    }

    fn side_of(&self, seat: SeatId) -> Side {
        wire(self.colour_of(seat))
    }

    fn opener(&self) -> SeatId {
        self.white
    }

    fn submit(&mut self, seat: SeatId, action: &str) -> Result<Accepted, Refusal> {
        if self.over() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game has ended"));
        }
        let c = self.colour_of(seat);
        let text = action.trim();
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        match (word, self.game.as_mut()) {
            ("ready", _) => self.submit_ready(c, rest),
            ("reveal", _) => self.submit_reveal(c, rest),
            (_, Some(g)) => {
                let p = g.submit_text(c, text).map_err(|e| Refusal::of_match(&e))?;
                Ok(self.played(&p))
            }
            (_, None) => Err(Refusal::new(
                ErrorCode::NotStarted,
                "the game starts once both armies are committed and revealed",
            )),
        }
    }

    fn time_allowed(&self) -> Option<Duration> {
        if self.over() {
            return None;
        }
        let secs = match &self.game {
            Some(g) => g.state().time_allowed(&g.game().clock())?,
            None => self.early_allowed()?,
        };
        Some(Duration::from_secs_f64(secs))
    }

    /// Building and revealing have their own clocks; a bank counts the game's actions only.
    fn banked(&self) -> bool {
        self.game.is_some()
    }

    fn time_left(&self) -> Option<f64> {
        match &self.game {
            Some(g) => g.game().time_left(),
            None => (!self.over()).then_some(self.left),
        }
    }

    fn tick(&mut self, seconds: f64) -> Option<Accepted> {
        if self.over() {
            return None;
        }
        if let Some(g) = self.game.as_mut() {
            let p = g.tick(seconds)?;
            return Some(self.played(&p));
        }
        let c = self.early_awaited()?;
        // A seat whose army the server made is revealed at once, whatever the clock says.
        let made_now = self.stage() == ChessStage::Revealing
            && self.made[c.index()].is_some()
            && !self.is_bot(c);
        if !made_now {
            self.left -= seconds.max(0.0);
            if self.left > 0.0 {
                return None;
            }
        }
        match self.stage() {
            ChessStage::Building => {
                self.build_expired = true;
                Some(self.server_ready(c, timeout_army(c), true))
            }
            ChessStage::Revealing if self.made[c.index()].is_some() => self.server_reveal(c, true),
            ChessStage::Revealing => {
                self.forfeit = Some(c);
                Some(self.push_early(Early {
                    colour: c,
                    kind: EarlyKind::Forfeit,
                    timeout: true,
                }))
            }
            ChessStage::Playing => None,
        }
    }

    fn resign(&mut self, seat: SeatId) -> Result<(), Refusal> {
        if self.over() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game has ended"));
        }
        let c = self.colour_of(seat);
        match self.game.as_mut() {
            Some(g) => g
                .resign(c)
                .map(|_| self.entries.push(RecordedEntry::Resign(c)))
                .map_err(|_| Refusal::new(ErrorCode::GameOver, "the game has ended")),
            None => {
                self.resigned_early = Some(c);
                Ok(())
            }
        }
    }

    fn note_offer(&mut self, by: Side, what: OfferKind, event: OfferEvent) {
        let at = self.seq();
        self.entries.push(RecordedEntry::Offer(Note {
            offer: offer_of(what),
            event,
            by: by.chess(),
            at,
        }));
    }

    fn agree_draw(&mut self) -> Result<(), Refusal> {
        if self.over() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game has ended"));
        }
        let Some(g) = self.game.as_mut() else {
            return Err(Refusal::new(
                ErrorCode::NotStarted,
                "a draw is agreed only once the game has started",
            ));
        };
        g.agree_draw()
            .map(|_| self.entries.push(RecordedEntry::Agreed))
            .map_err(|_| Refusal::new(ErrorCode::GameOver, "the game has ended"))
    }

    /// Only the game's own actions are taken back: never a `ready` or a `reveal` (refused as
    /// `not_started` while building or revealing, as `bad_request` once the game has started
    /// and none of its actions stands).
    fn may_take_back(&self, side: Side) -> Result<(), Refusal> {
        if self.over() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game has ended"));
        }
        let Some(g) = self.game.as_ref() else {
            return Err(Refusal::new(
                ErrorCode::NotStarted,
                "ready and reveal are not taken back",
            ));
        };
        let last = g.game().record().last().map(|e| (e.side, e.timeout));
        super::game::own_last_action(last, side.chess().index(), "action")
    }

    fn take_back(&mut self, side: Side) -> Result<(), Refusal> {
        self.may_take_back(side)?;
        let c = side.chess();
        let Some(g) = self.game.as_mut() else {
            return Err(Refusal::new(ErrorCode::NotStarted, "not started"));
        };
        let Some(last) = g.game().record().last().map(|e| e.action) else {
            return Err(Refusal::new(ErrorCode::BadRequest, "no action was played"));
        };
        g.undo(1)
            .map_err(|e| Refusal::new(ErrorCode::BadRequest, english(&e.explain())))?;
        self.entries.push(RecordedEntry::TakeBack {
            colour: c,
            text: last.to_string(),
        });
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(c) = self.forfeit {
            return Some(Outcome {
                winner: Some(wire(c.other())),
                reason: EndReason::Forfeit,
            });
        }
        if let Some(c) = self.resigned_early {
            return Some(Outcome {
                winner: Some(wire(c.other())),
                reason: EndReason::Resigned,
            });
        }
        let ending = self.game.as_ref()?.ending()?;
        let reason = match ending {
            Ending::Rules(End::Mate { .. }) => EndReason::Checkmate,
            Ending::Rules(End::Stalemate) => EndReason::Stalemate,
            Ending::Rules(End::BareKings) => EndReason::BareKings,
            Ending::Rules(End::Repetition) => EndReason::Repetition,
            Ending::Rules(End::NoProgress) => EndReason::NoProgress,
            Ending::Resigned(_) => EndReason::Resigned,
            Ending::Agreed => EndReason::Agreed,
        };
        Some(Outcome {
            winner: ending.winner().map(wire),
            reason,
        })
    }

    fn bot_turn(&self) -> Option<BotJob<BotPlay>> {
        if self.over() {
            return None;
        }
        let ply = self.seq();
        if let Some(g) = &self.game {
            let turn = g.game().bot_turn()?;
            let side = turn.side;
            return Some(BotJob {
                ply,
                think: Box::new(move || {
                    crate::ai::choose(&turn.state, turn.level, turn.seed)
                        .map(|a| BotPlay::Move(side, a))
                }),
            });
        }
        let stage = self.stage();
        let c = Colour::BOTH.into_iter().find(|c| {
            self.is_bot(*c)
                && match stage {
                    ChessStage::Building => self.commits[c.index()].is_none(),
                    _ => self.armies[c.index()].is_none(),
                }
        })?;
        Some(BotJob {
            ply,
            think: Box::new(move || {
                Some(match stage {
                    ChessStage::Building => BotPlay::Ready(c),
                    _ => BotPlay::Reveal(c),
                })
            }),
        })
    }

    fn play_bot(&mut self, action: BotPlay) -> Result<Accepted, Refusal> {
        let done = || Refusal::new(ErrorCode::GameOver, "the game has ended");
        if self.over() {
            return Err(done());
        }
        match action {
            BotPlay::Ready(c) if self.stage() == ChessStage::Building && self.is_bot(c) => {
                let army = random_army(c, self.bot_seed);
                Ok(self.server_ready(c, army, false))
            }
            BotPlay::Reveal(c) if self.stage() == ChessStage::Revealing && self.is_bot(c) => self
                .server_reveal(c, false)
                .ok_or_else(|| Refusal::new(ErrorCode::Illegal, "no army to reveal")),
            BotPlay::Move(c, a) => {
                let g = self.game.as_mut().ok_or_else(done)?;
                let p = g.submit(c, a).map_err(|e| Refusal::of_match(&e))?;
                Ok(self.played(&p))
            }
            _ => Err(Refusal::new(ErrorCode::Illegal, "not the bot's step")),
        }
    }

    fn fingerprint(&self) -> String {
        self.secret.fingerprint()
    }

    fn revealed(&self) -> Option<String> {
        self.over().then(|| self.secret.to_hex())
    }

    fn record(&self) -> String {
        match self.chess_record() {
            Some(r) => r.to_text(),
            None => self.early_record(),
        }
    }

    fn view(&self, viewer: Viewer) -> GameView {
        let both_ready = self.commits.iter().all(Option::is_some);
        let moves = (0..self.seq() as usize)
            .map(|i| {
                let (colour, timeout) = match self.early.get(i) {
                    Some(e) => (e.colour, e.timeout),
                    None => {
                        let m = self.game.as_ref().map(|g| g.game());
                        let e = m.and_then(|m| m.record().get(i - self.early.len()));
                        match e {
                            Some(e) => (Colour::BOTH[e.side], e.timeout),
                            None => (Colour::White, false),
                        }
                    }
                };
                PlayedView {
                    seq: i as u64 + 1,
                    action: self.action_text(i, viewer),
                    by: wire(colour),
                    timeout,
                }
            })
            .collect();
        GameView::Chess {
            artifacts: self.artifacts,
            stage: self.stage(),
            ready: self.commits.map(|c| c.is_some()),
            commits: self.commits.map(|c| c.map(|c| crate::fair::hex(&c))),
            values: self
                .values
                .map(|v| v.filter(|_| both_ready).map(|v| crate::fair::hex(&v))),
            armies: self.armies.clone().map(|a| a.map(|(a, _)| army_text(&a))),
            moves,
            now: self.now(viewer),
        }
    }

    fn action_view(&self, _played: &Accepted, viewer: Viewer) -> String {
        match self.seq() {
            0 => String::new(),
            n => self.action_text(n as usize - 1, viewer),
        }
    }

    fn chess_now(&self, viewer: Viewer) -> Option<ChessNow> {
        self.now(viewer)
    }

    /// A bot's `ready` is replayed as the bot's (the server keeps the army it made).
    fn replay(&mut self, stored: &StoredAction) -> Result<(), String> {
        let c = stored.side.chess();
        let played = if stored.timeout {
            self.tick(f64::INFINITY).ok_or("no timeout move")?
        } else if self.is_bot(c) && stored.action.starts_with("ready ") {
            self.play_bot(BotPlay::Ready(c))
                .map_err(|_| "a bot's ready out of turn")?
        } else {
            let seat = self.seat_of_colour(c);
            self.submit(seat, &stored.action)
                .map_err(|_| "an action the rules refuse")?
        };
        if played.action != stored.action {
            return Err("replays differently".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::play::chess_record::{cards_text, verify_text};
    use crate::rules::chess::cards::Play;

    const SECRET: Seed = Seed([7; 32]);

    fn table(seats: [Seat; 2]) -> Chess {
        Chess::start(Start {
            seats,
            names: ["Ana".into(), "Rui".into()],
            secret: SECRET,
            clock: Duration::from_secs(30),
            bot_seed: 5,
            options: TableOptions::default(),
        })
    }

    /// A seat's army of `colour`, its salt and the `ready` it sends.
    fn build(colour: Colour, seed: u64) -> (String, String, String) {
        let army = random_army(colour, seed);
        let text = army_text(&army);
        let salt = Seed([seed as u8 + 1; 32]).to_hex();
        let ready = format!(
            "ready {} {}",
            commitment(&text, &salt),
            Seed([seed as u8 + 9; 32]).to_hex()
        );
        (text, salt, ready)
    }

    fn seat(t: &Chess, c: Colour) -> SeatId {
        t.seat_of_colour(c)
    }

    /// Both seats ready and revealed: the game started.
    fn started(t: &mut Chess) -> Vec<Accepted> {
        let (wt, ws, wr) = build(Colour::White, 1);
        let (bt, bs, br) = build(Colour::Black, 2);
        let mut played = Vec::new();
        // Black may ready first: both build at once.
        played.push(t.submit(seat(t, Colour::Black), &br).unwrap());
        played.push(t.submit(seat(t, Colour::White), &wr).unwrap());
        played.push(
            t.submit(seat(t, Colour::White), &format!("reveal {wt} {ws}"))
                .unwrap(),
        );
        played.push(
            t.submit(seat(t, Colour::Black), &format!("reveal {bt} {bs}"))
                .unwrap(),
        );
        assert_eq!(t.stage(), ChessStage::Playing);
        played
    }

    /// Plays the game to its end (or `limit` actions), each side choosing its first legal
    /// action with a card when it has one, so cards, windows and dice all come up.
    fn play_out(t: &mut Chess, limit: usize, played: &mut Vec<Accepted>) {
        for _ in 0..limit {
            let Some(side) = t.to_move() else { return };
            let g = t.game().unwrap();
            let actions = g.state().legal_actions();
            let pick = actions
                .iter()
                .find(|a| matches!(a, Action::Play(p) if !matches!(p, Play::Cancel)))
                .or_else(|| actions.iter().find(|a| matches!(a, Action::Attempt { .. })))
                .or(actions.first())
                .unwrap()
                .to_string();
            let s = t.seat_of(side);
            played.push(t.submit(s, &pick).unwrap());
        }
    }

    #[test]
    fn a_game_commits_reveals_plays_and_its_record_verifies() {
        let mut t = table([Seat::Remote, Seat::Remote]);
        let white = seat(&t, Colour::White);
        assert_eq!(t.opener(), white);
        assert_eq!(t.stage(), ChessStage::Building);
        // Nothing of the game is playable before the armies are in.
        assert_eq!(
            t.submit(white, "e2e4").unwrap_err().code,
            ErrorCode::NotStarted
        );
        // A malformed ready changes nothing.
        assert_eq!(
            t.submit(white, "ready 12").unwrap_err().code,
            ErrorCode::BadNotation
        );
        assert_eq!(t.seq(), 0);
        let (wt, ws, wr) = build(Colour::White, 1);
        let (bt, bs, br) = build(Colour::Black, 2);
        // A reveal before both are committed is refused.
        t.submit(white, &wr).unwrap();
        assert_eq!(
            t.submit(white, &format!("reveal {wt} {ws}"))
                .unwrap_err()
                .code,
            ErrorCode::Illegal
        );
        assert_eq!(t.submit(white, &wr).unwrap_err().code, ErrorCode::Illegal);
        // Black hears white's commitment, never its value, and sees no army.
        let GameView::Chess {
            ready,
            values,
            armies,
            moves,
            ..
        } = t.view(Viewer::Seat(white.other()))
        else {
            panic!()
        };
        assert_eq!(ready, [true, false]);
        assert_eq!(values, [None, None]);
        assert_eq!(armies, [None, None]);
        assert_eq!(moves[0].action.split(' ').count(), 2, "{}", moves[0].action);
        let black = white.other();
        t.submit(black, &br).unwrap();
        assert_eq!(t.stage(), ChessStage::Revealing);
        // A reveal that does not match its commitment is refused: another salt, another army,
        // the other colour's army.
        let other_salt = Seed([99; 32]).to_hex();
        for wrong in [
            format!("reveal {bt} {other_salt}"),
            format!("reveal {} {bs}", army_text(&random_army(Colour::Black, 77))),
            format!("reveal {wt} {ws}"),
        ] {
            let e = t.submit(black, &wrong).unwrap_err();
            assert_eq!(e.code, ErrorCode::Illegal, "{wrong}: {}", e.message);
        }
        assert_eq!(t.seq(), 2);
        t.submit(black, &format!("reveal {bt} {bs}")).unwrap();
        t.submit(white, &format!("reveal {wt} {ws}")).unwrap();
        assert_eq!(t.stage(), ChessStage::Playing);
        assert_eq!(t.to_move(), Some(Side::Ash));
        let mut played = Vec::new();
        play_out(&mut t, 60, &mut played);
        if t.outcome().is_none() {
            t.resign(black).unwrap();
        }
        assert!(t.revealed().is_some());
        let text = t.record();
        let checks = verify_text(&text);
        assert!(checks.iter().all(|c| c.passed), "{checks:?}\n{text}");
        assert!(text.contains(" dice "), "dice were rolled:\n{text}");
    }

    fn other(side: Side) -> Side {
        match side {
            Side::Ash => Side::Walnut,
            Side::Walnut => Side::Ash,
        }
    }

    fn failed(text: &str) -> Vec<&'static str> {
        verify_text(text)
            .into_iter()
            .filter(|c| !c.passed)
            .map(|c| c.name)
            .collect()
    }

    #[test]
    fn no_draw_is_agreed_and_nothing_taken_back_before_the_game_starts() {
        let mut t = table([Seat::Remote, Seat::Remote]);
        let white = seat(&t, Colour::White);
        assert_eq!(t.agree_draw().unwrap_err().code, ErrorCode::NotStarted);
        let (_, _, wr) = build(Colour::White, 1);
        t.submit(white, &wr).unwrap();
        assert_eq!(
            t.take_back(Side::Ash).unwrap_err().code,
            ErrorCode::NotStarted,
            "a ready is not taken back"
        );
        let mut t = table([Seat::Remote, Seat::Remote]);
        let early = started(&mut t);
        assert_eq!(t.seq(), early.len() as u64);
        // Both reveals stand, and no action of the game: nothing to take back.
        for side in [Side::Ash, Side::Walnut] {
            assert_eq!(t.take_back(side).unwrap_err().code, ErrorCode::BadRequest);
        }
        assert_eq!(t.seq(), 4);
        // An offer made while building is kept (and declined); the game then goes on.
        let mut t = table([Seat::Remote, Seat::Remote]);
        t.note_offer(Side::Walnut, OfferKind::Draw, OfferEvent::Made);
        t.note_offer(Side::Ash, OfferKind::Draw, OfferEvent::Declined);
        assert_eq!(t.agree_draw().unwrap_err().code, ErrorCode::NotStarted);
        started(&mut t);
        play_out(&mut t, 6, &mut Vec::new());
        t.resign(seat(&t, Colour::Black)).unwrap();
        let text = t.record();
        assert!(text.contains("offer draw made by black at 0\n"), "{text}");
        assert!(failed(&text).is_empty(), "{:?}\n{text}", verify_text(&text));
    }

    #[test]
    fn a_declined_draw_changes_nothing_and_an_agreed_one_ends_the_game_as_a_draw() {
        let mut t = table([Seat::Remote, Seat::Remote]);
        started(&mut t);
        let mut played = Vec::new();
        play_out(&mut t, 5, &mut played);
        let side = t.to_move().unwrap();
        t.note_offer(side, OfferKind::Draw, OfferEvent::Made);
        t.note_offer(other(side), OfferKind::Draw, OfferEvent::Declined);
        assert_eq!(t.outcome(), None);
        assert_eq!(t.to_move(), Some(side));
        play_out(&mut t, 3, &mut played);
        let at = t.seq();
        t.note_offer(Side::Ash, OfferKind::Draw, OfferEvent::Made);
        t.note_offer(Side::Walnut, OfferKind::Draw, OfferEvent::Accepted);
        t.agree_draw().unwrap();
        assert_eq!(
            t.outcome(),
            Some(Outcome {
                winner: None,
                reason: EndReason::Agreed
            })
        );
        assert_eq!((t.to_move(), t.time_allowed()), (None, None));
        assert!(t.revealed().is_some());
        assert_eq!(t.agree_draw().unwrap_err().code, ErrorCode::GameOver);
        assert!(t.tick(f64::INFINITY).is_none());
        let text = t.record();
        let accepted = format!("offer draw accepted by black at {at}\n");
        assert!(
            text.contains(&format!("{accepted}draw agreed\nresult draw\n")),
            "{text}"
        );
        assert_eq!(ChessRecord::parse(&text).unwrap().to_text(), text);
        let checks = verify_text(&text);
        assert!(checks.iter().all(|c| c.passed), "{checks:?}\n{text}");
        assert!(checks.iter().any(|c| c.name == "offers"));
        // Without the acceptance, or with the offer at another seq, the offers check fails.
        assert_eq!(failed(&text.replace(&accepted, "")), ["offers"]);
        let moved = text.replace(
            &format!("made by white at {at}"),
            &format!("made by white at {}", at - 1),
        );
        assert_eq!(failed(&moved), ["offers"]);
    }

    #[test]
    fn a_takeback_goes_back_with_the_dice_and_the_record_keeps_it() {
        let mut t = table([Seat::Remote, Seat::Remote]);
        started(&mut t);
        // Play until an attempt that rolls dice on both sides comes up, and play it.
        let mut step = 0u64;
        let (side, taken) = loop {
            let side = t.to_move().expect("the game goes on");
            let s = t.game().unwrap().state().clone();
            let legal = s.legal_actions();
            let attempt = legal
                .iter()
                .find(|a| a.is_attempt() && s.attempt_dice(a).is_some_and(|d| d.defender > 0));
            if let Some(a) = attempt {
                let text = a.to_string();
                t.submit(t.seat_of(side), &text).unwrap();
                break (side, text);
            }
            let a = crate::ai::random(&s, step).unwrap().to_string();
            t.submit(t.seat_of(side), &a).unwrap();
            step += 1;
            assert!(step < 400, "an attempt comes up");
        };
        let seq = t.seq();
        let position = t
            .game()
            .unwrap()
            .game()
            .after(t.game().unwrap().len() - 1)
            .cloned();
        assert_eq!(
            t.take_back(other(side)).unwrap_err().code,
            ErrorCode::BadRequest,
            "not the other side's to take back"
        );
        t.note_offer(side, OfferKind::Takeback, OfferEvent::Made);
        t.note_offer(other(side), OfferKind::Takeback, OfferEvent::Accepted);
        t.take_back(side).unwrap();
        assert_eq!(t.seq(), seq - 1);
        assert_eq!(t.to_move(), Some(side));
        assert_eq!(t.game().unwrap().state().clone(), position.unwrap());
        // The same attempt again: the keyed stream gives it the same dice.
        t.submit(t.seat_of(side), &taken).unwrap();
        let record = t.chess_record().unwrap();
        let actions: Vec<&RecordedAction> = record
            .entries
            .iter()
            .filter_map(|e| match e {
                RecordedEntry::Action(a) => Some(a),
                _ => None,
            })
            .collect();
        let [.., first, again] = actions[..] else {
            panic!("two actions")
        };
        assert!(first.dice.is_some());
        assert_eq!(first, again);
        // The clock's action is not taken back.
        let p = t.tick(f64::INFINITY).unwrap();
        assert!(p.timeout);
        assert_eq!(t.take_back(p.side).unwrap_err().code, ErrorCode::BadRequest);
        play_out(&mut t, 4, &mut Vec::new());
        if t.outcome().is_none() {
            t.resign(seat(&t, Colour::White)).unwrap();
        }
        assert_eq!(t.take_back(side).unwrap_err().code, ErrorCode::GameOver);
        let text = t.record();
        let colour = side.chess().name();
        let taken_line = format!("takeback {colour} {taken}\n");
        assert!(text.contains(&taken_line), "{text}");
        let checks = verify_text(&text);
        assert!(checks.iter().all(|c| c.passed), "{checks:?}\n{text}");
        // Without the taken-back action and its takeback the actions replay the same: the
        // dice came back with the position.
        let lines: Vec<&str> = text.lines().collect();
        let at = lines
            .iter()
            .position(|l| format!("{l}\n") == taken_line)
            .unwrap();
        assert!(lines[at - 3].starts_with(&format!("action {colour} {taken} dice ")));
        let dropped: String = lines
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != at && *i != at - 3)
            .map(|(_, l)| format!("{l}\n"))
            .collect();
        assert_eq!(failed(&dropped), ["offers"]);
        // A takeback of another action than the last is caught.
        let wrong = text.replace(&taken_line, &format!("takeback {colour} pass\n"));
        assert!(failed(&wrong).contains(&"actions"), "{wrong}");
    }

    #[test]
    fn a_response_window_is_timed_by_the_server_and_passes_when_it_runs_out() {
        let mut t = table([Seat::Remote, Seat::Remote]);
        started(&mut t);
        // Play until some card opens a window for the other side.
        for _ in 0..40 {
            if t.game().unwrap().state().window().is_some() {
                break;
            }
            let side = t.to_move().unwrap();
            let g = t.game().unwrap().state();
            let actions = g.legal_actions();
            let pick = actions
                .iter()
                .find(|a| {
                    matches!(a, Action::Play(_)) && {
                        let (next, _) = g.apply(a).unwrap();
                        next.window().is_some()
                    }
                })
                .or(actions.first())
                .unwrap()
                .to_string();
            t.submit(t.seat_of(side), &pick).unwrap();
        }
        assert!(
            t.game().unwrap().state().window().is_some(),
            "a window opened"
        );
        assert_eq!(t.time_allowed(), Some(Duration::from_secs(8)));
        let waiting = t.to_move().unwrap();
        assert!(t.tick(7.5).is_none());
        let p = t.tick(1.0).unwrap();
        assert_eq!(
            (p.action.as_str(), p.side, p.timeout),
            ("pass", waiting, true)
        );
        assert_eq!(t.time_allowed(), Some(Duration::from_secs(30)));
    }

    #[test]
    fn each_viewer_sees_only_its_own_hand() {
        let mut t = table([Seat::Remote, Seat::Remote]);
        started(&mut t);
        let g = t.game().unwrap().state().clone();
        let white = seat(&t, Colour::White);
        let mine = t.now(Viewer::Seat(white)).unwrap();
        let theirs = t.now(Viewer::Seat(white.other())).unwrap();
        let public = t.now(Viewer::Spectator).unwrap();
        let hands = |pos: &str| pos.split(' ').nth(10).unwrap().to_string();
        let w = cards_text(g.hand(Colour::White));
        let b = cards_text(g.hand(Colour::Black));
        assert_eq!(hands(&mine.position), format!("{w}/-"));
        assert_eq!(hands(&theirs.position), format!("-/{b}"));
        assert_eq!(hands(&public.position), "-/-");
        assert_eq!(
            public.hands,
            [g.hand_size(Colour::White), g.hand_size(Colour::Black)]
        );
    }

    #[test]
    fn building_time_out_gives_the_timeout_army_and_a_reveal_time_out_forfeits() {
        // Nobody readies: both get the timeout army, revealed by the server.
        let mut t = table([Seat::Remote, Seat::Remote]);
        assert!(t.tick(BUILD_SECONDS - 1.0).is_none());
        let mut course = Vec::new();
        while t.stage() != ChessStage::Playing {
            let p = t.tick(f64::INFINITY).expect("the clock acts");
            assert!(p.timeout);
            course.push(p);
        }
        assert_eq!(course.len(), 4);
        assert_eq!(t.game().unwrap().armies()[0], timeout_army(Colour::White));
        t.resign(seat(&t, Colour::White)).unwrap();
        let checks = verify_text(&t.record());
        assert!(checks.iter().all(|c| c.passed), "{checks:?}");

        // Both ready, white never reveals: white forfeits.
        let mut t = table([Seat::Remote, Seat::Remote]);
        let (_, _, wr) = build(Colour::White, 1);
        let (bt, bs, br) = build(Colour::Black, 2);
        t.submit(seat(&t, Colour::White), &wr).unwrap();
        t.submit(seat(&t, Colour::Black), &br).unwrap();
        t.submit(seat(&t, Colour::Black), &format!("reveal {bt} {bs}"))
            .unwrap();
        assert!(t.tick(29.0).is_none());
        let p = t.tick(2.0).unwrap();
        assert_eq!(
            (p.action.as_str(), p.side, p.timeout),
            ("forfeit", Side::Ash, true)
        );
        assert_eq!(
            t.outcome(),
            Some(Outcome {
                winner: Some(Side::Walnut),
                reason: EndReason::Forfeit
            })
        );
        assert!(t.record().contains("result black wins"));
    }

    #[test]
    fn a_bot_builds_commits_reveals_and_plays_and_a_restart_replays_the_table() {
        let mut t = table([Seat::Remote, Seat::Bot(Level::Easy)]);
        let person = SeatId::First;
        let me = t.colour_of(person);
        let (text, salt, ready) = build(me, 3);
        let mut stored: Vec<(Accepted, SeatId)> = Vec::new();
        let run_bot = |t: &mut Chess, stored: &mut Vec<(Accepted, SeatId)>| {
            while let Some(job) = t.bot_turn() {
                let a = (job.think)().unwrap();
                let p = t.play_bot(a).unwrap();
                stored.push((p, SeatId::Second));
            }
        };
        run_bot(&mut t, &mut stored);
        assert!(t.commits[me.other().index()].is_some());
        stored.push((t.submit(person, &ready).unwrap(), person));
        run_bot(&mut t, &mut stored);
        stored.push((
            t.submit(person, &format!("reveal {text} {salt}")).unwrap(),
            person,
        ));
        run_bot(&mut t, &mut stored);
        assert_eq!(t.stage(), ChessStage::Playing);
        for _ in 0..20 {
            if t.outcome().is_some() {
                break;
            }
            if t.to_move() == Some(wire(me)) {
                let a = t.game().unwrap().state().legal_actions()[0].to_string();
                stored.push((t.submit(person, &a).unwrap(), person));
            }
            run_bot(&mut t, &mut stored);
        }
        // A restart: the same table replayed from what the store keeps.
        let mut back = table([Seat::Remote, Seat::Bot(Level::Easy)]);
        for (i, (p, _)) in stored.iter().enumerate() {
            let s = StoredAction {
                seq: i as u64,
                action: p.action.clone(),
                side: p.side,
                timeout: p.timeout,
                at_ms: 0,
                sig: None,
                signer: None,
            };
            back.replay(&s)
                .unwrap_or_else(|e| panic!("action {i} {}: {e}", p.action));
        }
        assert_eq!(back.seq(), t.seq());
        assert_eq!(back.record(), t.record());
        t.resign(person).unwrap();
        let checks = verify_text(&t.record());
        assert!(checks.iter().all(|c| c.passed), "{checks:?}");
    }
}
