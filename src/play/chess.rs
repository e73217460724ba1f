//! Artifact Chess games around a match (`spec/artifact-chess.md`): an army drafted square by
//! square with every broken rule named ([`Draft`]), the game between two armies with or without
//! the artifacts, undo that replays the match through the rules (so the dice generator comes
//! back with it and the same attempt rolls the same dice), resignation, and the autosave checked
//! by replaying it.
//!
//! Decisions where the spec is silent:
//! - Against the engine, "Undo move" takes back the person's last action and every action after
//!   it (the engine's replies); at a hot seat it takes back the last action.
//! - A resignation ends the game at once; the other colour wins.

use super::{ClockSetting, Match, Played, Refused, ReplayError, Seat};
use crate::i18n::{Explain, Message, msg};
use crate::rules::chess::army::{BUDGET, count_limit};
use crate::rules::chess::{
    Action, Army, ArmyError, Colour, DiceRng, End, Role, Square, State, start_state,
    start_state_keyed, start_state_without_artifacts,
};
use crate::save::Saved;
use serde::{Deserialize, Serialize};

/// Seconds a player has to answer in a response window (Cancel, Seize, or Pass) before it
/// passes by itself.
pub const WINDOW_SECONDS: f64 = 8.0;

/// How a game of Artifact Chess ended: by the rules (mate, stalemate or a draw), a colour's
/// resignation, or a draw both colours agreed to (online). The match keeps it.
pub type Ending = crate::play::Ending<End, Colour>;

impl Ending {
    /// The winner; `None` for a draw.
    pub fn winner(self) -> Option<Colour> {
        match self {
            Ending::Rules(end) => end.winner(),
            Ending::Resigned(c) => Some(c.other()),
            Ending::Agreed => None,
        }
    }
}

impl Explain for Ending {
    fn explain(&self) -> Message {
        match self {
            Ending::Rules(end) => end.explain(),
            Ending::Resigned(c) => msg("chess.ending.resigned").with_words("colour", c.explain()),
            Ending::Agreed => msg("chess.ending.agreed"),
        }
    }
}

/// An army being built: the pieces placed so far. A square takes the piece in hand only where
/// it breaks no rule ([`Draft::check_place`] says why not), so the squares shown with a dot
/// ([`Draft::fitting_squares`]) are exactly the ones that take it. Every rule a draft breaks is
/// still named ([`Draft::problems`]): a draft may come from elsewhere (its fields are public);
/// it becomes an [`Army`] only when it breaks none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    #[serde(rename = "color")]
    pub colour: Colour,
    pub placements: Vec<(Role, Square)>,
}

/// Why a square refused a piece while drafting, or a piece would not come off (nothing
/// changed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DraftError {
    /// Only your own first three ranks can take a piece while building.
    OutsideHalf(Square),
    /// A piece already stands there.
    Occupied(Square),
    /// Nothing of yours stands there to remove.
    NothingThere(Square),
    /// The piece costs more points than are left.
    OverBudget { role: Role, left: u32 },
    /// The army already has the most of this kind.
    TooMany { role: Role, max: usize },
    /// This kind does not stand on that rank (pieces on the home rank, pawns on the second or
    /// one on the third).
    WrongRank {
        colour: Colour,
        role: Role,
        square: Square,
    },
    /// A pawn already stands on the third rank (only one may).
    SecondAdvanced { square: Square, first: Square },
    /// The other bishop already stands on a square of this colour.
    BishopColour { square: Square, first: Square },
    /// The king is free and every army has one: it stays.
    KingStays(Square),
}

impl Explain for DraftError {
    fn explain(&self) -> Message {
        match *self {
            DraftError::OutsideHalf(sq) => msg("chess.draft.outside").with("square", sq),
            DraftError::Occupied(sq) => msg("chess.draft.occupied").with("square", sq),
            DraftError::NothingThere(sq) => msg("chess.draft.nothing").with("square", sq),
            DraftError::OverBudget { role, left } => msg("chess.draft.over_budget")
                .with_words("role", role.explain())
                .with("points", role.points())
                .with("left", left),
            DraftError::TooMany { role, max } => msg("chess.draft.too_many")
                .with("kind", role.name())
                .with("max", max),
            DraftError::WrongRank {
                colour,
                role,
                square,
            } => crate::rules::chess::army::wrong_rank(colour, role, square),
            DraftError::SecondAdvanced { square, first } => msg("chess.draft.second_advanced")
                .with("colour", crate::rules::chess::army::half(first).name())
                .with("square", square)
                .with("first", first),
            DraftError::BishopColour { square, first } => msg("chess.draft.bishop_colour")
                .with("square", square)
                .with("first", first),
            DraftError::KingStays(sq) => msg("chess.draft.king_stays").with("square", sq),
        }
    }
}

impl Draft {
    /// A fresh draft: the king (free) already on e1 / e8.
    pub fn new(colour: Colour) -> Draft {
        let king = Square::new(4, colour.home_rank()).map(|s| (Role::King, s));
        Draft {
            colour,
            placements: king.into_iter().collect(),
        }
    }

    pub fn points(&self) -> u32 {
        self.placements.iter().map(|(r, _)| r.points()).sum()
    }

    /// Points still free under the budget (0 when over).
    pub fn left(&self) -> u32 {
        BUDGET.saturating_sub(self.points())
    }

    pub fn count(&self, role: Role) -> usize {
        self.placements.iter().filter(|(r, _)| *r == role).count()
    }

    pub fn at(&self, sq: Square) -> Option<Role> {
        self.placements
            .iter()
            .find(|(_, s)| *s == sq)
            .map(|(r, _)| *r)
    }

    /// Whether `sq` is on this colour's first three ranks (where building happens).
    pub fn in_half(&self, sq: Square) -> bool {
        self.colour.relative_rank(sq) <= 2
    }

    /// Why `role` can go on no square at all now (the most of its kind placed, or too few points
    /// left); `None` when some square may still take it.
    pub fn role_blocked(&self, role: Role) -> Option<DraftError> {
        let max = count_limit(role);
        if self.count(role) >= max {
            return Some(DraftError::TooMany { role, max });
        }
        let left = self.left();
        if role.points() > left {
            return Some(DraftError::OverBudget { role, left });
        }
        None
    }

    /// Whether `role` may go on `sq` now, and if not, why: outside your half, taken, the wrong
    /// rank, the most of its kind, too few points, a second advanced pawn, or a second bishop
    /// on the first one's colour.
    pub fn check_place(&self, role: Role, sq: Square) -> Result<(), DraftError> {
        if !self.in_half(sq) {
            return Err(DraftError::OutsideHalf(sq));
        }
        if self.at(sq).is_some() {
            return Err(DraftError::Occupied(sq));
        }
        let rel = self.colour.relative_rank(sq);
        let rank_ok = match role {
            Role::Pawn => rel == 1 || rel == 2,
            _ => rel == 0,
        };
        if !rank_ok {
            return Err(DraftError::WrongRank {
                colour: self.colour,
                role,
                square: sq,
            });
        }
        if let Some(e) = self.role_blocked(role) {
            return Err(e);
        }
        if role == Role::Pawn
            && rel == 2
            && let Some(first) = self
                .placements
                .iter()
                .find(|(r, s)| *r == Role::Pawn && self.colour.relative_rank(*s) == 2)
                .map(|(_, s)| *s)
        {
            return Err(DraftError::SecondAdvanced { square: sq, first });
        }
        if role == Role::Bishop
            && let Some(first) = self
                .placements
                .iter()
                .find(|(r, s)| *r == Role::Bishop && s.is_light() == sq.is_light())
                .map(|(_, s)| *s)
        {
            return Err(DraftError::BishopColour { square: sq, first });
        }
        Ok(())
    }

    /// The squares that take `role` now, breaking no rule (the builder's dots), a1 first.
    pub fn fitting_squares(&self, role: Role) -> Vec<Square> {
        Square::all()
            .filter(|s| self.check_place(role, *s).is_ok())
            .collect()
    }

    /// Places `role` on `sq` if it breaks no rule there; else says why and changes nothing.
    pub fn place(&mut self, role: Role, sq: Square) -> Result<(), DraftError> {
        self.check_place(role, sq)?;
        self.placements.push((role, sq));
        Ok(())
    }

    /// Takes the piece on `sq` off the board (not the king: it is free and every army has one).
    pub fn remove(&mut self, sq: Square) -> Result<Role, DraftError> {
        let i = self
            .placements
            .iter()
            .position(|(_, s)| *s == sq)
            .ok_or(DraftError::NothingThere(sq))?;
        if self.placements[i].0 == Role::King {
            return Err(DraftError::KingStays(sq));
        }
        Ok(self.placements.remove(i).0)
    }

    /// Back to the king alone on its square.
    pub fn clear(&mut self) {
        *self = Draft::new(self.colour);
    }

    /// Every rule the draft breaks now, each once (the king missing, too many of a kind, over
    /// budget, a piece on a wrong rank, a second advanced pawn, both bishops on one colour).
    pub fn problems(&self) -> Vec<ArmyError> {
        let mut out = Vec::new();
        if self.count(Role::King) == 0 {
            out.push(ArmyError::NoKing);
        }
        for role in Role::ALL {
            let (n, max) = (self.count(role), count_limit(role));
            if n > max {
                out.push(ArmyError::TooMany {
                    role,
                    count: n,
                    max,
                });
            }
        }
        let points = self.points();
        if points > BUDGET {
            out.push(ArmyError::OverBudget { points });
        }
        let mut advanced: Option<Square> = None;
        for &(role, sq) in &self.placements {
            let rel = self.colour.relative_rank(sq);
            let ok = match role {
                Role::Pawn => rel == 1 || rel == 2,
                _ => rel == 0,
            };
            if !ok {
                out.push(ArmyError::WrongRank {
                    colour: self.colour,
                    role,
                    square: sq,
                });
            } else if role == Role::Pawn && rel == 2 {
                match advanced {
                    Some(first) => out.push(ArmyError::TooManyAdvanced { first, second: sq }),
                    None => advanced = Some(sq),
                }
            }
        }
        let bishops: Vec<Square> = self
            .placements
            .iter()
            .filter(|(r, _)| *r == Role::Bishop)
            .map(|(_, s)| *s)
            .collect();
        if let [first, second] = bishops[..]
            && first.is_light() == second.is_light()
        {
            out.push(ArmyError::BishopsSameColour { first, second });
        }
        out
    }

    /// The army, once no rule is broken.
    pub fn army(&self) -> Result<Army, ArmyError> {
        Army::new(self.colour, &self.placements)
    }

    /// A varied legal army of 14–15 points from `seed` ("Random army").
    pub fn random(colour: Colour, seed: u64) -> Draft {
        let army = Army::random(colour, &mut DiceRng::new(seed), 14, BUDGET);
        Draft {
            colour,
            placements: army.placements().to_vec(),
        }
    }
}

/// A game of Artifact Chess at a table: who sits where, whether the artifacts are in play, the
/// match with its record, and how it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChessGame {
    /// The armies the game started from.
    armies: [Army; 2],
    artifacts: bool,
    game: Match<State>,
    /// How the game ended, as saves before the match kept it wrote it (read, never written).
    #[serde(default, rename = "ending", skip_serializing)]
    ended: Option<Ending>,
    /// The seed its dice generator (and the hands) started from ([`ChessGame::new`]), which a
    /// local game's record keeps; `None` for an online (keyed) game, a staged one or a lesson,
    /// and in saves written before games kept it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    dice_seed: Option<u64>,
}

impl Saved for ChessGame {
    const KEY: &'static str = "chess.game";
    const VERSION: u32 = 1;
}

impl Default for ChessGame {
    fn default() -> ChessGame {
        let white = Draft::new(Colour::White).army();
        let black = Draft::new(Colour::Black).army();
        match (white, black) {
            (Ok(w), Ok(b)) => ChessGame::new(w, b, false, [Seat::Person, Seat::Person], 0, 0),
            _ => unreachable!("a lone king is a legal army"),
        }
    }
}

/// The starting state of two armies, with the hands dealt or (artifacts off) both empty.
pub fn starting_state(white: &Army, black: &Army, artifacts: bool, dice_seed: u64) -> State {
    if artifacts {
        start_state(white, black, dice_seed)
    } else {
        start_state_without_artifacts(white, black, dice_seed)
    }
}

/// [`starting_state`] for the online game: the generator is the keyed stream of `key`
/// (`crate::fair::chess::dice_key`) before the hands are dealt, so the hands, the dice, Trophy's
/// draws and Zombie Pawn's square all come from it. With artifacts off the hands are dealt and
/// dropped, as in [`starting_state`], so the dice are the same either way.
pub fn starting_state_keyed(white: &Army, black: &Army, artifacts: bool, key: [u8; 32]) -> State {
    let state = start_state_keyed(white, black, key);
    if artifacts {
        state
    } else {
        state.without_artifacts()
    }
}

impl ChessGame {
    /// A new game between two armies (white's first); `seats` by colour (white's first),
    /// `dice_seed` seeds the dice generator (and the hands), `bot_seed` the engine's choices.
    /// A response window lasts [`WINDOW_SECONDS`]; turns are untimed.
    pub fn new(
        white: Army,
        black: Army,
        artifacts: bool,
        seats: [Seat; 2],
        dice_seed: u64,
        bot_seed: u64,
    ) -> ChessGame {
        let start = starting_state(&white, &black, artifacts, dice_seed);
        ChessGame {
            dice_seed: Some(dice_seed),
            ..ChessGame::from_start(white, black, artifacts, seats, start, bot_seed)
        }
    }

    /// [`ChessGame::new`] for the online game: the dice, the hands and every other chance come
    /// from the keyed stream of `key` ([`starting_state_keyed`]).
    pub fn keyed(
        white: Army,
        black: Army,
        artifacts: bool,
        seats: [Seat; 2],
        key: [u8; 32],
        bot_seed: u64,
    ) -> ChessGame {
        let start = starting_state_keyed(&white, &black, artifacts, key);
        ChessGame::from_start(white, black, artifacts, seats, start, bot_seed)
    }

    fn from_start(
        white: Army,
        black: Army,
        artifacts: bool,
        seats: [Seat; 2],
        start: State,
        bot_seed: u64,
    ) -> ChessGame {
        let clock = ClockSetting {
            per_turn: None,
            window: Some(WINDOW_SECONDS),
        };
        ChessGame {
            armies: [white, black],
            artifacts,
            game: Match::new(start, seats, clock, bot_seed),
            ended: None,
            dice_seed: None,
        }
    }

    /// The game with response windows of `seconds` (`None`: a window waits for its answer);
    /// for a game about to start (the record starts afresh).
    pub fn with_window(self, seconds: Option<f64>) -> ChessGame {
        self.with_clock(ClockSetting {
            per_turn: None,
            window: seconds,
        })
    }

    /// The game with every turn timed too: `per_turn` seconds a turn (a turn that runs out is
    /// played by [`Playable::timeout_action`](super::Playable::timeout_action)), response
    /// windows of [`WINDOW_SECONDS`]; for a game about to start (the record starts afresh).
    pub fn with_turn_clock(self, per_turn: Option<f64>) -> ChessGame {
        self.with_clock(ClockSetting {
            per_turn,
            window: Some(WINDOW_SECONDS),
        })
    }

    /// The game about to start under `clock` (the record starts afresh).
    fn with_clock(mut self, clock: ClockSetting) -> ChessGame {
        self.game = Match::new(
            self.game.start().clone(),
            self.game.seats(),
            clock,
            self.game.seed(),
        );
        self
    }

    /// The end the online table's server told, where the rules here did not reach it (a
    /// repetition the position alone does not show, a resignation).
    pub fn end_elsewhere(&mut self, ending: Ending) -> Ending {
        self.game.end_elsewhere(ending)
    }

    /// An action the online table's server played, with its dice and the position it left
    /// as this seat may see it ([`Match::told`]).
    pub fn told(
        &mut self,
        side: Colour,
        action: Action,
        record: crate::rules::chess::Record,
        after: State,
        timeout: bool,
    ) -> Result<Played<State>, Refused<State>> {
        self.game.told(side, action, record, after, timeout)
    }

    /// [`ChessGame::submit`] for an action a record gives, marked as the clock's when
    /// `timeout` (a record's reader checks first that it is the timeout action).
    pub fn submit_recorded(
        &mut self,
        side: Colour,
        action: Action,
        timeout: bool,
    ) -> Result<Played<State>, Refused<State>> {
        if timeout {
            self.game.submit_heard(side, &action.to_string(), true)
        } else {
            self.game.submit(side, action)
        }
    }

    /// [`ChessGame::submit`] for an action in the game's notation (what a remote seat sends).
    pub fn submit_text(
        &mut self,
        side: Colour,
        text: &str,
    ) -> Result<Played<State>, Refused<State>> {
        self.game.submit_text(side, text)
    }

    /// Lets `seconds` pass on an open response window; a window that runs out passes (the
    /// action returned).
    pub fn tick(&mut self, seconds: f64) -> Option<Played<State>> {
        self.game.tick(seconds)
    }

    /// Seconds left in the open response window.
    pub fn window_left(&self) -> Option<f64> {
        self.state().window().and(self.game.time_left())
    }

    /// A game that starts from `state` (a position string's, for staged scenes and tests),
    /// with artifacts on. Its armies are the kings alone, so its autosave does not pass
    /// [`ChessGame::checked`]: a staged game is not one to resume.
    pub fn restaged(state: State, seats: [Seat; 2], bot_seed: u64) -> ChessGame {
        let mut g = ChessGame::default();
        g.artifacts = true;
        g.game = Match::new(state, seats, g.game.clock(), bot_seed);
        g.dice_seed = None;
        g
    }

    /// A lesson's or a practice position's game from `state`: the person on the coach's side,
    /// the other side the coach's, never saved (like a restaged game, it does not pass
    /// [`ChessGame::checked`]).
    pub fn coached(state: State, coach: crate::learn::Coach<State>) -> ChessGame {
        let seats = if coach.side == Colour::White {
            [Seat::Person, Seat::Bot(crate::ai::Level::Normal)]
        } else {
            [Seat::Bot(crate::ai::Level::Normal), Seat::Person]
        };
        let mut g = ChessGame::restaged(state, seats, 0);
        g.game =
            Match::new(g.game.start().clone(), seats, ClockSetting::default(), 0).coached(coach);
        g
    }

    /// Whether a lesson or a puzzle rides along this game.
    pub fn is_coached(&self) -> bool {
        self.game.coach().is_some()
    }

    pub fn artifacts(&self) -> bool {
        self.artifacts
    }

    pub fn armies(&self) -> &[Army; 2] {
        &self.armies
    }

    /// The seed the dice generator (and the hands) started from: `Some` for a game begun by
    /// [`ChessGame::new`], `None` for an online (keyed) game, a staged one, a lesson, or one
    /// read from a save written before games kept their seed.
    pub fn dice_seed(&self) -> Option<u64> {
        self.dice_seed
    }

    pub fn game(&self) -> &Match<State> {
        &self.game
    }

    pub fn state(&self) -> &State {
        self.game.state()
    }

    pub fn seat(&self, colour: Colour) -> Seat {
        self.game.seat(colour)
    }

    pub fn ending(&self) -> Option<Ending> {
        self.game.ending()
    }

    /// The colour whose action is awaited; `None` once the game is over.
    pub fn awaited(&self) -> Option<Colour> {
        self.game.awaited()
    }

    /// The number of actions played.
    pub fn len(&self) -> usize {
        self.game.record().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The one entry point for every seat's actions.
    pub fn submit(
        &mut self,
        side: Colour,
        action: Action,
    ) -> Result<Played<State>, Refused<State>> {
        self.game.submit(side, action)
    }

    /// How many actions "Undo move" takes back: at a hot seat the last one; against the engine
    /// the person's last action and the replies after it. `None` when there is nothing to undo.
    pub fn undo_size(&self) -> Option<usize> {
        let record = self.game.record();
        let hot_seat = self.game.seats().iter().all(|s| *s == Seat::Person);
        if hot_seat {
            return (!record.is_empty()).then_some(1);
        }
        let seats = self.game.seats();
        record
            .iter()
            .rposition(|e| seats[e.side] == Seat::Person)
            .map(|i| record.len() - i)
    }

    /// Takes back `n` actions for real: the match replayed from its start, the dice generator
    /// with it. An ended game is under way again.
    pub fn undo(&mut self, n: usize) -> Result<(), ReplayError<State>> {
        self.game.take_back(n)
    }

    /// `side` resigns: the other colour wins.
    pub fn resign(&mut self, side: Colour) -> Result<Ending, Refused<State>> {
        self.game.resign(side)
    }

    /// Ends the game as a draw both colours agreed to. Refused once the game is over.
    pub fn agree_draw(&mut self) -> Result<Ending, Refused<State>> {
        self.game.agree_draw()
    }

    /// The same game, its start rebuilt from its armies and its record replayed through the
    /// rules: what a loaded autosave must pass before it is trusted.
    pub fn checked(&self) -> Result<ChessGame, SaveProblem> {
        let [white, black] = &self.armies;
        for (army, colour) in [(white, Colour::White), (black, Colour::Black)] {
            Army::new(colour, army.placements())
                .map_err(SaveProblem::Army)
                .and_then(|a| {
                    (a.colour() == colour)
                        .then_some(())
                        .ok_or(SaveProblem::Inconsistent)
                })?;
        }
        let start = self.game.start();
        let rebuilt = starting_state(white, black, self.artifacts, self.dice_seed.unwrap_or(0));
        if start.board() != rebuilt.board() || start.turn() != Colour::White {
            return Err(SaveProblem::Inconsistent);
        }
        // A kept dice seed must be the one the start was dealt and rolls from: a local record
        // replays from it.
        if self.dice_seed.is_some() && *start != rebuilt {
            return Err(SaveProblem::Inconsistent);
        }
        if !self.artifacts && Colour::BOTH.iter().any(|c| start.hand_size(*c) > 0) {
            return Err(SaveProblem::Inconsistent);
        }
        let mut saved = self.game.clone();
        if saved.ending.is_none() {
            // A save from before the match kept the ending wrote it here.
            saved.ending = self.ended;
        }
        let game = saved.replayed().map_err(|e| match e.why {
            Refused::GameOver if e.index == self.game.record().len() => SaveProblem::Inconsistent,
            _ => SaveProblem::Replay(e),
        })?;
        Ok(ChessGame {
            game,
            ended: None,
            ..self.clone()
        })
    }
}

/// Why a saved game is not trusted.
#[derive(Clone, Debug, PartialEq)]
pub enum SaveProblem {
    /// A saved army breaks a building rule.
    Army(ArmyError),
    /// The start, the hands or the ending do not agree with the armies and the record.
    Inconsistent,
    /// An action of the record does not replay.
    Replay(ReplayError<State>),
}

impl Explain for SaveProblem {
    fn explain(&self) -> Message {
        match self {
            SaveProblem::Army(e) => e.explain(),
            SaveProblem::Inconsistent => msg("chess.save.inconsistent"),
            SaveProblem::Replay(e) => e.explain(),
        }
    }
}

/// Its timeout rule at a match (`super::Playable`).
impl super::Playable for crate::rules::chess::State {
    /// A response window has its own few seconds; the rest of the game is as the match says.
    fn time_allowed(&self, clock: &ClockSetting) -> Option<f64> {
        if self.window().is_some() {
            clock.window
        } else {
            clock.per_turn
        }
    }

    /// A window that runs out is passed; a turn that runs out (a timed match) is the engine's
    /// easy choice, which is deterministic for the position.
    fn timeout_action(&self) -> Option<Self::Action> {
        if self.window().is_some() {
            return Some(crate::rules::chess::Action::Pass);
        }
        crate::ai::choose(self, crate::ai::Level::Easy, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::rules::chess::AttemptResult;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn a_draft_refuses_each_rule_break_with_its_reason_and_changes_nothing() {
        let mut d = Draft::new(Colour::White);
        assert_eq!(d.points(), 0);
        assert!(d.problems().is_empty());
        let refused = |d: &mut Draft, role: Role, at: &str, want: DraftError| {
            let before = d.clone();
            assert_eq!(d.place(role, sq(at)), Err(want), "{role:?} on {at}");
            assert_eq!(*d, before, "a refusal changes nothing");
            assert!(!d.fitting_squares(role).contains(&sq(at)), "no dot on {at}");
        };
        d.place(Role::Rook, sq("a1")).unwrap();
        d.place(Role::Bishop, sq("c1")).unwrap();
        // c1 and g1 are both dark squares.
        refused(
            &mut d,
            Role::Bishop,
            "g1",
            DraftError::BishopColour {
                square: sq("g1"),
                first: sq("c1"),
            },
        );
        d.place(Role::Rook, sq("h1")).unwrap();
        refused(
            &mut d,
            Role::Rook,
            "b1",
            DraftError::TooMany {
                role: Role::Rook,
                max: 2,
            },
        );
        refused(
            &mut d,
            Role::Bishop,
            "e2",
            DraftError::WrongRank {
                colour: Colour::White,
                role: Role::Bishop,
                square: sq("e2"),
            },
        );
        refused(&mut d, Role::Pawn, "a1", DraftError::Occupied(sq("a1")));
        refused(&mut d, Role::Pawn, "a4", DraftError::OutsideHalf(sq("a4")));
        // 13 points: a bishop (3) no longer fits anywhere, a pawn does.
        assert_eq!(d.left(), 2);
        refused(
            &mut d,
            Role::Bishop,
            "f1",
            DraftError::OverBudget {
                role: Role::Bishop,
                left: 2,
            },
        );
        assert!(d.fitting_squares(Role::Bishop).is_empty());
        assert!(d.fitting_squares(Role::Knight).is_empty());
        assert_eq!(
            d.role_blocked(Role::Knight),
            Some(DraftError::OverBudget {
                role: Role::Knight,
                left: 2
            })
        );
        assert_eq!(d.role_blocked(Role::Pawn), None);
        d.place(Role::Pawn, sq("b3")).unwrap();
        refused(
            &mut d,
            Role::Pawn,
            "c3",
            DraftError::SecondAdvanced {
                square: sq("c3"),
                first: sq("b3"),
            },
        );
        d.place(Role::Pawn, sq("a2")).unwrap();
        // 0 points left: no square takes anything.
        assert_eq!(d.left(), 0);
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook] {
            assert!(d.fitting_squares(role).is_empty(), "{role:?}");
        }
        refused(
            &mut d,
            Role::Pawn,
            "h2",
            DraftError::OverBudget {
                role: Role::Pawn,
                left: 0,
            },
        );
        assert!(d.problems().is_empty(), "{:?}", d.problems());
        assert_eq!(d.army().unwrap().points(), 15);
        // The king stays; other pieces come off.
        assert_eq!(d.remove(sq("e1")), Err(DraftError::KingStays(sq("e1"))));
        assert_eq!(d.remove(sq("e4")), Err(DraftError::NothingThere(sq("e4"))));
        assert_eq!(d.remove(sq("a2")), Ok(Role::Pawn));
        assert_eq!(
            d.fitting_squares(Role::Pawn).len(),
            8,
            "a2 … h2 (a2 free again; b3 is the one advanced pawn)"
        );
        d.clear();
        assert_eq!(d, Draft::new(Colour::White));
    }

    #[test]
    fn a_draft_from_elsewhere_names_every_rule_it_breaks() {
        let d = Draft {
            colour: Colour::White,
            placements: vec![
                (Role::Rook, sq("a1")),
                (Role::Rook, sq("h1")),
                (Role::Bishop, sq("c1")),
                (Role::Bishop, sq("g1")),
                (Role::Pawn, sq("b3")),
                (Role::Pawn, sq("c3")),
                (Role::Knight, sq("d2")),
            ],
        };
        let p = d.problems();
        assert!(p.contains(&ArmyError::NoKing));
        assert!(p.contains(&ArmyError::OverBudget { points: 21 }));
        assert!(p.contains(&ArmyError::WrongRank {
            colour: Colour::White,
            role: Role::Knight,
            square: sq("d2")
        }));
        assert!(p.contains(&ArmyError::TooManyAdvanced {
            first: sq("b3"),
            second: sq("c3")
        }));
        assert!(p.contains(&ArmyError::BishopsSameColour {
            first: sq("c1"),
            second: sq("g1")
        }));
        assert!(d.army().is_err());
    }

    #[test]
    fn fitting_squares_follow_the_ranks_and_the_one_advanced_pawn() {
        let mut d = Draft::new(Colour::Black);
        assert_eq!(d.fitting_squares(Role::Rook).len(), 7, "e8 holds the king");
        assert_eq!(d.fitting_squares(Role::Pawn).len(), 16);
        d.place(Role::Pawn, sq("d6")).unwrap();
        let pawns = d.fitting_squares(Role::Pawn);
        assert_eq!(
            pawns.len(),
            8,
            "only the second rank once one pawn is advanced"
        );
        assert!(pawns.iter().all(|s| s.rank() == 6));
        d.place(Role::Bishop, sq("c8")).unwrap();
        let bishops = d.fitting_squares(Role::Bishop);
        assert!(
            bishops.iter().all(|s| s.is_light() != sq("c8").is_light()),
            "{bishops:?}"
        );
        assert_eq!(bishops.len(), 4, "b8, d8, f8 and h8");
    }

    #[test]
    fn random_drafts_are_legal_and_varied() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..40 {
            let d = Draft::random(Colour::Black, seed);
            assert!(d.problems().is_empty());
            assert!((14..=15).contains(&d.points()));
            seen.insert(d.placements.clone());
        }
        assert!(seen.len() > 30);
    }

    fn game(seats: [Seat; 2], artifacts: bool) -> ChessGame {
        let mut rng = DiceRng::new(5);
        ChessGame::new(
            Army::engine(Colour::White, &mut rng),
            Army::engine(Colour::Black, &mut rng),
            artifacts,
            seats,
            77,
            3,
        )
    }

    #[test]
    fn undo_replays_the_dice_so_the_same_attempt_rolls_the_same_dice() {
        let mut g = game([Seat::Person, Seat::Person], false);
        assert!(Colour::BOTH.iter().all(|c| g.state().hand_size(*c) == 0));
        // Play until an attempt with dice comes up.
        let mut step = 0u64;
        loop {
            let s = g.state().clone();
            let legal = s.legal_actions();
            let attempt = legal
                .iter()
                .find(|a| a.is_attempt() && s.attempt_dice(a).is_some_and(|d| d.defender > 0));
            if let Some(a) = attempt.copied() {
                let first = g.submit(s.turn(), a).unwrap();
                assert!(first.record.dice.is_some());
                assert_eq!(g.undo_size(), Some(1));
                g.undo(1).unwrap();
                assert_eq!(g.state(), &s);
                let again = g.submit(s.turn(), a).unwrap();
                assert_eq!(again.record.dice, first.record.dice);
                assert_eq!(again.record.result, first.record.result);
                break;
            }
            let a = crate::ai::random(&s, step).unwrap();
            g.submit(s.turn(), a).unwrap();
            step += 1;
            assert!(step < 400, "an attempt comes up");
        }
    }

    #[test]
    fn against_the_engine_undo_takes_back_the_reply_too() {
        let mut g = game([Seat::Person, Seat::Bot(Level::Easy)], false);
        assert_eq!(g.undo_size(), None);
        let s = g.state().clone();
        let a = crate::ai::random(&s, 1).unwrap();
        g.submit(Colour::White, a).unwrap();
        while let Some(turn) = g.game().bot_turn() {
            let reply = crate::ai::choose(&turn.state, turn.level, turn.seed).unwrap();
            g.submit(turn.side, reply).unwrap();
        }
        let n = g.undo_size().unwrap();
        assert!(n >= 2);
        g.undo(n).unwrap();
        assert_eq!(g.state(), &s);
    }

    #[test]
    fn the_autosave_reads_back_checked_and_a_tampered_one_is_refused() {
        let mut g = game([Seat::Person, Seat::Bot(Level::Normal)], true);
        for i in 0..6 {
            let s = g.state().clone();
            let a = crate::ai::random(&s, i).unwrap();
            g.submit(s.turn(), a).unwrap();
        }
        let json = serde_json::to_string(&g).unwrap();
        let back: ChessGame = serde_json::from_str(&json).unwrap();
        assert_eq!(back.checked().unwrap(), g);
        // An army that breaks a rule.
        let mut bad = g.clone();
        bad.armies[0] = bad.armies[1].clone();
        assert!(bad.checked().is_err());
        // Artifacts said off while the hands were dealt.
        let mut bad = g.clone();
        bad.artifacts = false;
        assert_eq!(bad.checked(), Err(SaveProblem::Inconsistent));
        // An ending the record does not reach.
        let mut bad = g.clone();
        bad.game.ending = Some(Ending::Rules(End::Stalemate));
        assert_eq!(bad.checked(), Err(SaveProblem::Inconsistent));
        // A resigned game saved before the match kept the ending still reads as resigned.
        let mut resigned = g.clone();
        resigned.resign(Colour::White).unwrap();
        let mut json: serde_json::Value = serde_json::to_value(&resigned).unwrap();
        json["game"].as_object_mut().unwrap().remove("ending");
        json["ending"] = serde_json::to_value(Ending::Resigned(Colour::White)).unwrap();
        let old: ChessGame = serde_json::from_value(json).unwrap();
        assert_eq!(old.ending(), None, "not trusted before it is checked");
        assert_eq!(old.checked().unwrap(), resigned);
        let _ = AttemptResult::Miss;
    }

    #[test]
    fn the_game_keeps_its_dice_seed_and_a_save_without_one_still_loads() {
        let mut g = game([Seat::Person, Seat::Bot(Level::Easy)], true);
        for i in 0..6 {
            let s = g.state().clone();
            let a = crate::ai::random(&s, i).unwrap();
            g.submit(s.turn(), a).unwrap();
        }
        assert_eq!(g.dice_seed(), Some(77));
        let text = crate::save::encode(&g);
        assert_eq!(crate::save::decode::<ChessGame>(Some(&text)).0, g);
        // A save from before games kept their seed: loaded and checked, without a seed.
        let mut old: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(old["data"]["dice_seed"], 77);
        old["data"].as_object_mut().unwrap().remove("dice_seed");
        let (loaded, status) = crate::save::decode::<ChessGame>(Some(&old.to_string()));
        assert_eq!(status, crate::save::LoadStatus::Loaded);
        assert_eq!(loaded.dice_seed(), None);
        let checked = loaded.checked().unwrap();
        assert_eq!(checked.game(), g.game());
        assert_eq!(checked.dice_seed(), None);
        // A seed that does not deal and roll the saved start is not trusted.
        let mut bad = g.clone();
        bad.dice_seed = Some(78);
        assert_eq!(bad.checked(), Err(SaveProblem::Inconsistent));
        // Staged games, lessons and online games have no seed of their own.
        let staged = ChessGame::restaged(g.state().clone(), [Seat::Person; 2], 0);
        assert_eq!(staged.dice_seed(), None);
        let [w, b] = g.armies().clone();
        let keyed = ChessGame::keyed(w, b, true, [Seat::Person; 2], [1; 32], 0);
        assert_eq!(keyed.dice_seed(), None);
        assert!(!crate::save::encode(&keyed).contains("dice_seed"));
    }

    #[test]
    fn saves_keep_the_colour_field_named_as_older_saves_wrote_it() {
        // The code says `colour`; drafts, armies and pieces in the store say "color", as
        // every save written before the rename did, so those saves still read.
        let draft = Draft::random(Colour::Black, 3);
        let json = serde_json::to_value(&draft).unwrap();
        assert_eq!(json["color"], serde_json::json!("Black"));
        let army = draft.army().unwrap();
        assert_eq!(serde_json::to_value(&army).unwrap()["color"], "Black");
        let piece = crate::rules::chess::Piece::new(Colour::White, Role::Rook);
        assert_eq!(serde_json::to_value(piece).unwrap()["color"], "White");
        let back: Draft = serde_json::from_value(json).unwrap();
        assert_eq!(back, draft);
    }

    #[test]
    fn resigning_ends_the_game_for_the_other_colour() {
        let mut g = game([Seat::Person, Seat::Person], false);
        assert_eq!(
            g.resign(Colour::Black).map(Ending::winner),
            Ok(Some(Colour::White))
        );
        assert_eq!(g.awaited(), None);
        let s = g.state().clone();
        let a = s.legal_actions()[0];
        assert!(matches!(g.submit(s.turn(), a), Err(Refused::GameOver)));
    }
}
