//! The Artifact Chess table's own state around the match layer's [`ChessGame`]: the lobby's
//! choices, the armies being built (with the hot seat's hand-over and the reveal), the piece
//! the person to act has selected and what it may do, the promotion being chosen, the dice roll
//! on show, the position being looked at in the history, and the animation time. Intents go
//! through [`Table::handle`], which asks the game (and through it the rules) and either changes
//! the table or returns a [`Refusal`] and changes nothing. Time enters as a parameter
//! ([`Table::tick`]), so the roll and the animations run instantly in tests.
//!
//! Decisions where the issue is silent:
//! - Against the engine the person chooses a colour (white moves first); at a hot seat player 1
//!   builds and plays white. The board is seen from the person's side (white's at a hot seat).
//! - While building, a square takes the piece in hand only where it breaks no rule (the squares
//!   with a dot); any other square refuses it and says why. A click on a placed piece picks it
//!   (a second click changes nothing), and "Take it off" (or Delete) removes it: a click meant
//!   as "did it work?" never undoes the placement.
//! - The roll plays for `Timing::dice` seconds, its result stays for `Timing::dice_hold`, then
//!   the pieces move; a click or a key skips to the result's movement.

use crate::ai::Level;
use crate::app::kit::history::{self, Step};
use crate::i18n::{Explain, Message, msg};
use crate::play::Seat;
use crate::play::chess::{ChessGame, Draft, DraftError, Ending};
use crate::rules::chess::{
    Action, Army, ArmyError, Artifact, AttemptResult, Color, Dice, Motions, Piece, PieceActions,
    Play, Record, Role, RuleError, Square, State, card_actions, motions, piece_actions,
};

/// How long the table's animations take, in seconds. Data, so tests run them instantly.
#[derive(bevy::prelude::Resource, Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// Both armies revealed.
    pub reveal: f32,
    /// A piece travelling: the first square, then each further one.
    pub move_first: f32,
    pub move_each: f32,
    /// The dice tumbling before they settle.
    pub dice: f32,
    /// The settled dice, their sums and the outcome, before the pieces move.
    pub dice_hold: f32,
    /// A heal's red "+" leaving.
    pub heal: f32,
    /// The least time the engine is seen thinking.
    pub think: f32,
    /// Seconds to answer in a response window; `None` waits for the answer.
    pub window: Option<f64>,
}

impl Timing {
    pub const PLAY: Timing = Timing {
        reveal: 1.6,
        move_first: 0.32,
        move_each: 0.07,
        dice: 1.0,
        dice_hold: 1.1,
        heal: 0.6,
        think: 0.5,
        window: Some(crate::play::chess::WINDOW_SECONDS),
    };
    pub const INSTANT: Timing = Timing {
        reveal: 0.0,
        move_first: 0.0,
        move_each: 0.0,
        dice: 0.0,
        dice_hold: 0.0,
        heal: 0.0,
        think: 0.0,
        window: None,
    };

    /// The time a piece takes to travel `squares` squares (king steps).
    pub fn travel(&self, squares: u8) -> f32 {
        self.move_first + self.move_each * f32::from(squares.saturating_sub(1))
    }

    /// How long an action's movement lasts on the board: its longest travel (a heal, which
    /// moves nothing, takes its own time). The one clock both the table and the view read.
    pub fn motion(&self, p: &Played) -> f32 {
        match (p.record.action, p.motions.longest()) {
            (Action::Heal { .. }, 0) => self.heal,
            (_, longest) => self.travel(longest.max(1)),
        }
    }
}

impl Default for Timing {
    fn default() -> Timing {
        Timing::PLAY
    }
}

/// Where the table stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phase {
    /// Choosing the opponent, the colour, the artifacts.
    Lobby,
    /// A person builds this colour's army.
    Build(Color),
    /// A hot seat between the two set-ups: the first army hidden, the device handed over.
    Pass(Color),
    /// Both armies are shown; the game starts when it is over.
    Reveal {
        left: f32,
    },
    Play,
    /// The game has ended: the banner.
    Over,
}

/// The dice of one attempt on show.
#[derive(Clone, Debug, PartialEq)]
pub struct Roll {
    pub played: Played,
    /// Seconds since the dice were thrown.
    pub elapsed: f32,
    /// A staged scene holds the dice where they are.
    pub frozen: bool,
    /// The settle sound has been played.
    pub settled: bool,
}

/// An action as the animation needs it: the states around it, what the rules rolled, and what
/// the rules say it moved (the view animates that, and the table's busy time is its length).
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub before: State,
    pub record: Record,
    pub after: State,
    pub motions: Motions,
}

impl Played {
    pub fn side(&self) -> Color {
        self.record.actor
    }
}

/// What the keyboard's focus rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// One of your pieces that can act.
    Piece(Square),
    /// A target of the selected piece.
    Target(Square),
    /// A square of the army being built.
    Build(Square),
}

/// A card being played: its legal plays, and the squares chosen so far. Each play is reached
/// by choosing its squares in order ([`steps`]): a movement card's piece then where it goes,
/// King's Stride's two steps, a single-square card's square, or nothing (Scouting, Trophy,
/// Zombie Pawn, Mass Attack, Cancel; Seize chooses a card of the opponent's pile instead).
#[derive(Clone, Debug, PartialEq)]
pub struct CardPick {
    pub card: Artifact,
    pub plays: Vec<Action>,
    pub path: Vec<Square>,
}

/// The squares a card play is chosen by, in order.
pub fn steps(action: &Action) -> Vec<Square> {
    let Action::Play(p) = action else {
        return Vec::new();
    };
    match *p {
        Play::KingsStride { via, m } => vec![via, m.to],
        _ => match p.card_move() {
            Some(m) => vec![m.from, m.to],
            None => p.target().into_iter().collect(),
        },
    }
}

impl CardPick {
    /// The plays that agree with the squares chosen so far.
    pub fn candidates(&self) -> Vec<Action> {
        self.plays
            .iter()
            .filter(|a| steps(a).starts_with(&self.path))
            .copied()
            .collect()
    }

    /// The squares that may be chosen next (lit on the board).
    pub fn next_squares(&self) -> Vec<Square> {
        let n = self.path.len();
        let mut out: Vec<Square> = self
            .candidates()
            .iter()
            .filter_map(|a| steps(a).get(n).copied())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The plays fully chosen (more than one: a promotion or Seize's card to choose).
    pub fn complete(&self) -> Vec<Action> {
        self.candidates()
            .into_iter()
            .filter(|a| steps(a).len() == self.path.len())
            .collect()
    }
}

/// What a person (or a test) asks of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Lobby: the opponent (the engine at a level, or a person here).
    Choose(Seat),
    /// Lobby: the person's colour against the engine.
    Colour(Color),
    /// Lobby: artifacts on (the cards dealt) or off (the dice game).
    Artifacts(bool),
    Start,
    Continue,
    /// Building: take this role in hand (or nothing).
    Hold(Option<Role>),
    /// Building: a click on a square — place the role in hand on an empty square (refused, with
    /// why, where it breaks a rule), or pick the piece standing there (to take it off).
    BuildAt(Square),
    /// Building: take the piece on this square off (not the king).
    TakeOff(Square),
    /// Building: a role dropped on a square (a drag from the palette).
    Drop(Role, Square),
    RandomArmy,
    ClearArmy,
    Ready,
    /// Hot seat: the second person has the device.
    TakeOver,
    /// Play: select the piece on this square (or deselect with `None`).
    Select(Option<Square>),
    /// Play: the selected piece acts on this square (move, attempt or heal).
    Target(Square),
    /// Play: the promotion chosen.
    Promote(Role),
    /// Play: the king heals (the only wounded neighbour, or the one named).
    Heal(Option<Square>),
    /// Play an action directly (a response window's answers too: Pass, Cancel, Seize).
    Act(Action),
    /// Play: take this card of your hand (or put it back with `None`).
    Card(Option<Artifact>),
    /// Play: the chosen card is aimed at this square (a piece, then where it goes, or one
    /// square).
    CardAt(Square),
    /// Play: the chosen card that needs no square is played.
    CardGo,
    /// Play: Seize takes this card from the opponent's played pile.
    CardTake(Artifact),
    SkipRoll,
    /// Look at the position one action earlier / later, or go back to the game.
    View(Step),
    Undo,
    Resign,
    NewGame,
}

/// Why an intent changed nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// Not now: another phase, an animation, the engine's turn.
    NotNow,
    /// Looking at an earlier position: go back to the game first.
    Viewing,
    /// The square has nothing of the side to act that can be selected.
    NotYours(Square),
    Empty(Square),
    /// Nothing is selected.
    NothingSelected,
    /// The selected piece cannot act on that square.
    NoActionThere(Square),
    /// No wounded friend next to the king.
    NoHeal,
    /// That card cannot be played now (why).
    CardBlocked(Artifact, Message),
    /// The chosen card cannot be aimed at that square now.
    NotATarget(Artifact, Square),
    /// No card is chosen.
    NoCard,
    /// The chosen card needs a square first.
    CardNeedsTarget,
    /// The army breaks a rule (the first named).
    Army(crate::rules::chess::ArmyError),
    Draft(DraftError),
    /// Nothing in hand to place.
    NothingHeld,
    /// The rules refused it.
    Rule(RuleError),
    NothingToUndo,
    /// The record would not replay (a damaged game).
    Replay(crate::play::ReplayError<State>),
    NothingSaved,
}

impl Explain for Refusal {
    fn explain(&self) -> Message {
        match self {
            Refusal::NotNow => msg("chess.refused.not_now"),
            Refusal::Viewing => msg("chess.refused.viewing"),
            Refusal::NotYours(sq) => msg("chess.refused.not_yours").with("square", sq),
            Refusal::Empty(sq) => msg("chess.refused.empty").with("square", sq),
            Refusal::NothingSelected => msg("chess.refused.nothing_selected"),
            Refusal::NoActionThere(sq) => msg("chess.refused.no_action").with("square", sq),
            Refusal::NoHeal => msg("chess.refused.no_heal"),
            Refusal::CardBlocked(card, why) => msg("chess.refused.card_blocked")
                .with_words("card", card.explain())
                .with_words("why", why.clone()),
            Refusal::NotATarget(card, sq) => msg("chess.refused.not_a_target")
                .with_words("card", card.explain())
                .with("square", sq),
            Refusal::NoCard => msg("chess.refused.no_card"),
            Refusal::CardNeedsTarget => msg("chess.refused.card_needs_target"),
            Refusal::Army(e) => e.explain(),
            Refusal::Draft(e) => e.explain(),
            Refusal::NothingHeld => msg("chess.refused.nothing_held"),
            Refusal::Rule(e) => e.explain(),
            Refusal::NothingToUndo => msg("chess.refused.nothing_to_undo"),
            Refusal::Replay(e) => e.explain(),
            Refusal::NothingSaved => msg("chess.refused.nothing_saved"),
        }
    }
}

impl From<crate::play::Refused<State>> for Refusal {
    fn from(r: crate::play::Refused<State>) -> Refusal {
        match r {
            crate::play::Refused::Rule(e) => Refusal::Rule(e),
            _ => Refusal::NotNow,
        }
    }
}

/// What the Bevy side must do after an intent or a tick.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Both armies are ready: the reveal begins.
    Revealed,
    /// An action was accepted: the dice start rolling (if it rolls), the sounds play.
    Played(Played),
    /// The dice came to rest.
    Settled,
    /// The action's result is now shown on the board: the pieces move.
    Resolved(Played),
    /// A response window ran out: it passed for this side.
    WindowPassed(Color),
    /// A response window's countdown reached another whole second (the seconds left).
    WindowTick(u32),
    /// The side that just failed an attempt is still in check and acts again.
    StillInCheck(Color),
    /// The game ended.
    Ended(Ending),
    /// Actions were taken back.
    Undone(usize),
    /// The selection or the build changed.
    Picked,
    /// The saved game should be written (or cleared, with no game).
    Save,
}

/// The whole table.
#[derive(bevy::prelude::Resource, Clone, Debug)]
pub struct Table {
    pub phase: Phase,
    /// Who sits across: the engine at a level, or a second person here.
    pub opponent: Seat,
    /// The person's colour against the engine.
    pub colour: Color,
    /// Artifacts on or off (on plays with the cards once their table lands; off until then).
    pub artifacts: bool,
    /// The armies as built (white's first).
    pub drafts: [Draft; 2],
    /// The engine's army, hidden until both are ready.
    engine_army: Option<Army>,
    /// The role in hand while building.
    pub held: Option<Role>,
    /// While building: the placed piece picked by a click, offered to take off.
    pub build_pick: Option<Square>,
    pub game: Option<ChessGame>,
    /// A saved game the lobby offers to continue.
    pub saved: Option<ChessGame>,
    /// The selected piece and what it may do.
    pub selected: Option<(Square, PieceActions)>,
    /// A promotion being chosen: the actions it chooses between.
    pub promotion: Option<Vec<Action>>,
    /// The card being played and what is chosen so far.
    pub card: Option<CardPick>,
    pub focus: Option<Focus>,
    /// The roll on show.
    pub roll: Option<Roll>,
    /// The last action resolved, for the sums and the outcome under the dice.
    pub last: Option<Played>,
    /// Seconds of movement still playing; nobody acts until it is over.
    pub busy: f32,
    /// The position after this many actions is on show instead of the game's.
    pub viewing: Option<usize>,
    /// The move list, rebuilt when the game changes.
    list: Vec<ListEntry>,
    /// The squares last made impassable by a Statue (the others by a Barricade).
    statues: Vec<Square>,
}

/// One line of the move list.
#[derive(Clone, Debug, PartialEq)]
pub struct ListEntry {
    pub number: u16,
    pub side: Color,
    pub text: String,
    pub result: Option<AttemptResult>,
    /// The attempt's sums: attacker's, defender's (no defender sum: it died without a roll).
    pub sums: Option<(u32, Option<u32>)>,
    /// The side to act next is in check.
    pub check: bool,
    /// The action mated.
    pub mate: bool,
    /// Where the gold frame goes after this action.
    pub actor: Option<Square>,
    /// The attempt in words (the piece attacked, the dice and sums, what came of it).
    pub attempt: Option<AttemptReport>,
}

/// An attempt's result as the table tells it: which piece attacked which, the dice each side
/// rolled, and what came of it. The words name the piece the result happened to ("black pawn
/// wounded"), so a red "wounded" is never read as the attacker's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttemptReport {
    pub attacker: Piece,
    pub defender: Piece,
    /// Where the defender stood (for en passant, the pawn passed by).
    pub defender_at: Square,
    /// The dice rolled; `None`: a wounded defender died without a roll.
    pub dice: Option<Dice>,
    pub result: AttemptResult,
}

/// The report of `record`'s attempt, played from `before`; `None` for anything that is not an
/// attempt on a piece (or a record that does not fit the state).
pub fn attempt_report(before: &State, record: &Record) -> Option<AttemptReport> {
    let result = record.result?;
    let attacker = before.board().get(record.action.from()?)?;
    let (defender_at, defender) = before.attempt_defender(&record.action)?;
    Some(AttemptReport {
        attacker,
        defender,
        defender_at,
        dice: record.dice.filter(|d| !d.defender.is_empty()),
        result,
    })
}

/// A piece by its colour and kind ("black pawn"), the words agreeing as each language needs.
pub fn piece_name(color: Color, role: Role) -> Message {
    msg(match (color, role) {
        (Color::White, Role::Pawn) => "chess.piece.white.pawn",
        (Color::White, Role::Knight) => "chess.piece.white.knight",
        (Color::White, Role::Bishop) => "chess.piece.white.bishop",
        (Color::White, Role::Rook) => "chess.piece.white.rook",
        (Color::White, Role::King) => "chess.piece.white.king",
        (Color::Black, Role::Pawn) => "chess.piece.black.pawn",
        (Color::Black, Role::Knight) => "chess.piece.black.knight",
        (Color::Black, Role::Bishop) => "chess.piece.black.bishop",
        (Color::Black, Role::Rook) => "chess.piece.black.rook",
        (Color::Black, Role::King) => "chess.piece.black.king",
    })
}

/// "1 die", "3 dice" (in Russian the number's own form: 1 кубик, 2–4 кубика, 5 кубиков).
pub fn dice_count(n: usize) -> Message {
    msg(match n {
        1 => "chess.dice.count.one",
        2..=4 => "chess.dice.count.few",
        _ => "chess.dice.count.many",
    })
    .with("n", n)
}

impl AttemptReport {
    /// The headline, naming the piece the result happened to: "Black pawn wounded", "Black pawn
    /// captured", "Miss — nobody is hurt".
    pub fn headline(&self) -> Message {
        let piece = piece_name(self.defender.color, self.defender.role);
        match self.result {
            AttemptResult::Success => msg("chess.attempt.captured").with_words("piece", piece),
            AttemptResult::Wound => msg("chess.attempt.wounded").with_words("piece", piece),
            AttemptResult::Miss => msg("chess.attempt.miss"),
        }
    }

    /// The dice and their sums: "White rolled 3 dice: 7; black rolled 2 dice: 9." `None`
    /// without a roll.
    pub fn sums(&self) -> Option<Message> {
        let d = self.dice?;
        Some(
            msg("chess.attempt.sums")
                .with_words("attacker", self.attacker.color.explain())
                .with_words("attacker_dice", dice_count(d.attacker.values().len()))
                .with("attacker_sum", d.attacker.sum())
                .with_words("defender", self.defender.color.explain())
                .with_words("defender_dice", dice_count(d.defender.values().len()))
                .with("defender_sum", d.defender.sum()),
        )
    }

    /// What the sums meant, briefly: the higher total and what it does.
    pub fn meaning(&self) -> Message {
        msg(match (self.result, self.dice) {
            (AttemptResult::Success, None) => "chess.attempt.meaning.died",
            (AttemptResult::Success, Some(_)) => "chess.attempt.meaning.success",
            (AttemptResult::Wound, _) => "chess.attempt.meaning.wound",
            (AttemptResult::Miss, _) => "chess.attempt.meaning.miss",
        })
    }
}

/// An attempt's three lines as the table draws them, in the language of `strings`: the
/// headline naming the piece it happened to, the dice and sums (none without a roll), and what
/// they meant.
pub fn attempt_text(
    strings: &crate::i18n::Strings,
    report: &AttemptReport,
) -> (String, Option<String>, String) {
    (
        capital(&strings.say(&report.headline())),
        report.sums().map(|m| capital(&strings.say(&m))),
        strings.say(&report.meaning()),
    )
}

/// What the builder says of the army as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildStatus {
    /// Only the king stands: allowed, but nothing is built yet (not shown as done).
    KingOnly { left: u32 },
    /// Every rule is kept; `left` points are still unspent.
    Legal { left: u32 },
    /// The rules broken, each named.
    Broken(Vec<ArmyError>),
}

/// The builder's verdict on `draft`.
pub fn build_status(draft: &Draft) -> BuildStatus {
    let problems = draft.problems();
    if !problems.is_empty() {
        return BuildStatus::Broken(problems);
    }
    let left = draft.left();
    if draft.placements.iter().all(|(r, _)| *r == Role::King) {
        BuildStatus::KingOnly { left }
    } else {
        BuildStatus::Legal { left }
    }
}

/// Whose turn it is as the table tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnStatus {
    /// This side's action is still reaching the board (its dice rolling, its pieces
    /// travelling): nobody acts until it has landed.
    Landing(Color),
    /// Someone not at this device (the engine) chooses for this side.
    Waiting(Color),
    /// A person here acts for this side.
    Person(Color),
}

impl Default for Table {
    fn default() -> Table {
        Table {
            phase: Phase::Lobby,
            opponent: Seat::Bot(Level::Normal),
            colour: Color::White,
            artifacts: true,
            drafts: [Draft::new(Color::White), Draft::new(Color::Black)],
            engine_army: None,
            held: None,
            build_pick: None,
            game: None,
            saved: None,
            selected: None,
            promotion: None,
            card: None,
            focus: None,
            roll: None,
            last: None,
            busy: 0.0,
            viewing: None,
            list: Vec::new(),
            statues: Vec::new(),
        }
    }
}

impl Table {
    pub fn hot_seat(&self) -> bool {
        self.opponent == Seat::Person
    }

    /// The state of the game under way (or just ended).
    pub fn state(&self) -> Option<&State> {
        self.game.as_ref().map(ChessGame::state)
    }

    /// The position on show: an earlier one while viewing, the one before the action while its
    /// dice roll, else the game's.
    pub fn shown(&self) -> Option<&State> {
        if let Some(n) = self.viewing {
            return self.game.as_ref().and_then(|g| g.game().after(n));
        }
        if let Some(roll) = &self.roll {
            return Some(&roll.played.before);
        }
        self.state()
    }

    /// The colour seen from the near side: the person's against the engine, white at a hot seat.
    pub fn near(&self) -> Color {
        if self.hot_seat() {
            Color::White
        } else {
            self.colour
        }
    }

    /// The colour a person plays now: against the engine, theirs; at a hot seat, the side to act
    /// (or the one building).
    pub fn person_colour(&self) -> Color {
        match (self.phase, &self.game) {
            (Phase::Build(c), _) => c,
            (_, Some(g)) if self.hot_seat() => g.awaited().unwrap_or(g.state().turn()),
            _ => self.colour,
        }
    }

    /// Whether anything is still moving on the table (the roll, pieces, the reveal).
    pub fn animating(&self) -> bool {
        self.busy > 0.0 || self.roll.is_some() || matches!(self.phase, Phase::Reveal { .. })
    }

    /// Whether a person on this device may act on the pieces now.
    pub fn person_to_act(&self) -> bool {
        self.phase == Phase::Play
            && !self.animating()
            && self.viewing.is_none()
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.awaited().is_some_and(|c| g.seat(c) == Seat::Person))
    }

    /// The draft a person is building now.
    pub fn draft(&self) -> Option<&Draft> {
        match self.phase {
            Phase::Build(c) => Some(&self.drafts[c.index()]),
            _ => None,
        }
    }

    /// Whether the army of `color` may be seen now: one's own while building; both once both
    /// are ready.
    pub fn army_visible(&self, color: Color) -> bool {
        match self.phase {
            Phase::Build(c) => c == color,
            Phase::Pass(_) => false,
            Phase::Lobby => false,
            _ => true,
        }
    }

    /// The move list.
    pub fn list(&self) -> &[ListEntry] {
        &self.list
    }

    /// Actions played in the game.
    pub fn plies(&self) -> usize {
        self.game.as_ref().map_or(0, ChessGame::len)
    }

    /// Whose turn the table tells of: an action still landing comes first, so "your turn" is
    /// never said before the engine's reply stands on the board. `None` outside play.
    pub fn turn_status(&self) -> Option<TurnStatus> {
        let game = self.game.as_ref()?;
        if self.phase != Phase::Play {
            return None;
        }
        if let Some(roll) = &self.roll {
            return Some(TurnStatus::Landing(roll.played.side()));
        }
        if self.busy > 0.0
            && let Some(last) = &self.last
        {
            return Some(TurnStatus::Landing(last.side()));
        }
        let turn = game.awaited()?;
        Some(if game.seat(turn) == Seat::Person {
            TurnStatus::Person(turn)
        } else {
            TurnStatus::Waiting(turn)
        })
    }

    /// The squares with a dot while building: where the piece in hand may go now.
    pub fn build_dots(&self) -> Vec<Square> {
        match (self.draft(), self.held) {
            (Some(d), Some(role)) => d.fitting_squares(role),
            _ => Vec::new(),
        }
    }

    /// The latest attempt among the last two actions of the position on show (its line of the
    /// move list, and its report): what the table keeps telling after the dice are gone.
    /// `None` while dice roll (they tell it themselves).
    pub fn recent_attempt(&self) -> Option<(&ListEntry, &AttemptReport)> {
        if self.roll.is_some() {
            return None;
        }
        let n = self.viewing.unwrap_or(self.plies()).min(self.list.len());
        self.list[n.saturating_sub(2)..n]
            .iter()
            .rev()
            .find_map(|e| e.attempt.as_ref().map(|a| (e, a)))
    }

    /// Where the gold frame goes in the position on show.
    pub fn gold_frame(&self) -> Option<Square> {
        if self.roll.is_some() {
            return None;
        }
        let n = self.viewing.unwrap_or(self.plies());
        self.list.get(n.checked_sub(1)?)?.actor
    }

    fn rebuild_list(&mut self) {
        self.list.clear();
        self.statues.clear();
        if let Some(g) = &self.game {
            let m = g.game();
            for (i, step) in m.course().iter().enumerate() {
                if let Some(before) = m.after(i) {
                    note(
                        &mut self.list,
                        &mut self.statues,
                        before,
                        &step.record,
                        &step.after,
                    );
                }
            }
        }
    }

    /// Whether the impassable square `sq` is a statue's stone (else a barricade).
    pub fn is_statue(&self, sq: Square) -> bool {
        self.statues.contains(&sq)
    }

    fn clear_marks(&mut self) {
        self.selected = None;
        self.promotion = None;
        self.card = None;
        self.focus = None;
        self.viewing = None;
        self.roll = None;
        self.last = None;
        self.busy = 0.0;
    }

    /// Resumes a saved game (checked by the caller).
    pub fn resume(&mut self, game: ChessGame) {
        self.opponent = match (game.seat(Color::White), game.seat(Color::Black)) {
            (Seat::Person, Seat::Person) => Seat::Person,
            (Seat::Person, other) => {
                self.colour = Color::White;
                other
            }
            (other, _) => {
                self.colour = Color::Black;
                other
            }
        };
        self.artifacts = game.artifacts();
        self.clear_marks();
        self.drafts = [draft_of(&game.armies()[0]), draft_of(&game.armies()[1])];
        self.phase = if game.ending().is_some() {
            Phase::Over
        } else {
            Phase::Play
        };
        self.game = Some(game);
        self.saved = None;
        self.rebuild_list();
    }

    /// Lets `dt` seconds pass: the reveal, the roll, the movement.
    pub fn tick(&mut self, dt: f32, timing: &Timing) -> Vec<Effect> {
        let mut effects = Vec::new();
        if let Phase::Reveal { left } = &mut self.phase {
            *left -= dt;
            if *left <= 0.0 {
                self.phase = Phase::Play;
            }
            return effects;
        }
        if let Some(roll) = &mut self.roll {
            if !roll.frozen {
                roll.elapsed += dt;
            }
            if !roll.settled && roll.elapsed >= timing.dice {
                roll.settled = true;
                effects.push(Effect::Settled);
            }
            if roll.elapsed >= timing.dice + timing.dice_hold {
                let played = self.roll.take().map(|r| r.played);
                if let Some(p) = played {
                    effects.extend(self.resolve(p, timing));
                }
            }
            return effects;
        }
        self.busy = (self.busy - dt).max(0.0);
        if self.phase == Phase::Play && self.busy <= 0.0 {
            let whole = |g: Option<&ChessGame>| g.and_then(ChessGame::window_left).map(f64::ceil);
            let before = whole(self.game.as_ref());
            let passed = self.game.as_mut().and_then(|g| g.tick(f64::from(dt)));
            if let (Some(b), Some(a)) = (before, whole(self.game.as_ref()))
                && a < b
                && a >= 1.0
            {
                effects.push(Effect::WindowTick(a as u32));
            }
            if let Some(played) = passed {
                effects.push(Effect::WindowPassed(played.side));
                effects.extend(self.after(played, timing));
            }
        }
        effects
    }

    /// The action's result reaches the board: the pieces move, the game may end.
    fn resolve(&mut self, p: Played, timing: &Timing) -> Vec<Effect> {
        self.busy = timing.motion(&p);
        let mut effects = vec![Effect::Resolved(p.clone())];
        let failed = matches!(
            p.record.result,
            Some(AttemptResult::Wound | AttemptResult::Miss)
        );
        if failed && p.after.turn() == p.side() && p.after.end().is_none() {
            effects.push(Effect::StillInCheck(p.side()));
        }
        self.last = Some(p);
        if let Some(ending) = self.game.as_ref().and_then(ChessGame::ending) {
            self.phase = Phase::Over;
            effects.push(Effect::Ended(ending));
        }
        effects
    }

    /// Handles one intent. `seed` is fresh randomness for a new game (the dice, the engine's
    /// army and choices, a random army).
    pub fn handle(
        &mut self,
        intent: Intent,
        seed: u64,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        match intent {
            Intent::Choose(seat) => {
                self.lobby()?;
                if seat == Seat::Remote {
                    return Err(Refusal::NotNow);
                }
                self.opponent = seat;
                Ok(vec![Effect::Picked])
            }
            Intent::Colour(c) => {
                self.lobby()?;
                self.colour = c;
                Ok(vec![Effect::Picked])
            }
            Intent::Artifacts(on) => {
                self.lobby()?;
                self.artifacts = on;
                Ok(vec![Effect::Picked])
            }
            Intent::Start => {
                self.lobby()?;
                self.start_building(seed);
                Ok(vec![Effect::Picked])
            }
            Intent::Continue => {
                self.lobby()?;
                let game = self.saved.take().ok_or(Refusal::NothingSaved)?;
                self.resume(game);
                Ok(vec![Effect::Picked])
            }
            Intent::NewGame => match self.phase {
                Phase::Over | Phase::Lobby => {
                    self.phase = Phase::Lobby;
                    self.game = None;
                    self.clear_marks();
                    self.list.clear();
                    Ok(vec![Effect::Save])
                }
                _ => Err(Refusal::NotNow),
            },
            Intent::Hold(role) => {
                self.building()?;
                self.held = role;
                Ok(vec![Effect::Picked])
            }
            Intent::BuildAt(sq) => {
                let color = self.building()?;
                let draft = &mut self.drafts[color.index()];
                if draft.at(sq).is_some() {
                    // Picked, not removed: a second click on it changes nothing.
                    self.build_pick = Some(sq);
                } else {
                    let role = self.held.ok_or(Refusal::NothingHeld)?;
                    draft.place(role, sq).map_err(Refusal::Draft)?;
                    self.build_pick = None;
                }
                self.focus = Some(Focus::Build(sq));
                Ok(vec![Effect::Picked])
            }
            Intent::TakeOff(sq) => {
                let color = self.building()?;
                self.drafts[color.index()]
                    .remove(sq)
                    .map_err(Refusal::Draft)?;
                if self.build_pick == Some(sq) {
                    self.build_pick = None;
                }
                Ok(vec![Effect::Picked])
            }
            Intent::Drop(role, sq) => {
                let color = self.building()?;
                self.drafts[color.index()]
                    .place(role, sq)
                    .map_err(Refusal::Draft)?;
                self.build_pick = None;
                Ok(vec![Effect::Picked])
            }
            Intent::RandomArmy => {
                let color = self.building()?;
                self.drafts[color.index()] = Draft::random(color, seed);
                self.build_pick = None;
                Ok(vec![Effect::Picked])
            }
            Intent::ClearArmy => {
                let color = self.building()?;
                self.drafts[color.index()].clear();
                self.build_pick = None;
                Ok(vec![Effect::Picked])
            }
            Intent::Ready => {
                let color = self.building()?;
                self.drafts[color.index()].army().map_err(Refusal::Army)?;
                self.held = None;
                self.build_pick = None;
                self.focus = None;
                if self.hot_seat() && color == Color::White {
                    self.phase = Phase::Pass(Color::Black);
                    return Ok(vec![Effect::Picked]);
                }
                self.begin(seed, timing)
            }
            Intent::TakeOver => match self.phase {
                Phase::Pass(next) => {
                    self.phase = Phase::Build(next);
                    self.held = Some(Role::Pawn);
                    self.build_pick = None;
                    Ok(vec![Effect::Picked])
                }
                _ => Err(Refusal::NotNow),
            },
            Intent::Select(None) if matches!(self.phase, Phase::Build(_)) => {
                self.build_pick.take().ok_or(Refusal::NothingSelected)?;
                Ok(vec![Effect::Picked])
            }
            Intent::Select(None) => {
                if self.selected.is_none() && self.promotion.is_none() && self.card.is_none() {
                    return Err(Refusal::NothingSelected);
                }
                self.focus = self.selected.as_ref().map(|(s, _)| Focus::Piece(*s));
                // Escape backs out one step: a promotion, a card's last square, the card.
                if self.promotion.take().is_some() {
                    if let Some(pick) = &mut self.card {
                        pick.path.pop();
                    }
                } else if let Some(pick) = &mut self.card {
                    if pick.path.pop().is_none() {
                        self.card = None;
                    }
                } else {
                    self.selected = None;
                }
                Ok(vec![Effect::Picked])
            }
            Intent::Select(Some(sq)) => {
                self.ready()?;
                self.select(sq)?;
                Ok(vec![Effect::Picked])
            }
            Intent::Target(sq) => {
                self.ready()?;
                self.target(sq, timing)
            }
            Intent::Promote(role) => {
                self.ready()?;
                let choices = self.promotion.clone().ok_or(Refusal::NothingSelected)?;
                // Mass Attack: every promoting pawn becomes the piece chosen.
                let uniform = |a: &Action| match a {
                    Action::Play(Play::MassAttack(roles)) => {
                        roles.iter().flatten().all(|r| *r == role)
                    }
                    _ => true,
                };
                let action = choices
                    .iter()
                    .find(|a| promotion_of(a) == Some(role) && uniform(a))
                    .or_else(|| choices.iter().find(|a| promotion_of(a) == Some(role)))
                    .copied()
                    .ok_or(Refusal::NotNow)?;
                self.play(action, timing)
            }
            Intent::Heal(target) => {
                self.ready()?;
                let state = self.state().ok_or(Refusal::NotNow)?;
                let heals: Vec<Action> = state
                    .legal_actions()
                    .into_iter()
                    .filter(|a| matches!(a, Action::Heal { .. }))
                    .filter(|a| target.is_none() || a.to() == target)
                    .collect();
                match heals.as_slice() {
                    [] => Err(Refusal::NoHeal),
                    [one] => self.play(*one, timing),
                    [first, ..] => {
                        // Several wounded friends: the king is selected, its heals ringed.
                        let king = first.from().ok_or(Refusal::NoHeal)?;
                        self.select(king)?;
                        Ok(vec![Effect::Picked])
                    }
                }
            }
            Intent::Act(action) => {
                self.ready()?;
                self.play(action, timing)
            }
            Intent::Card(None) => {
                if self.card.is_none() {
                    return Err(Refusal::NoCard);
                }
                self.card = None;
                self.promotion = None;
                Ok(vec![Effect::Picked])
            }
            Intent::Card(Some(card)) => {
                self.ready()?;
                let state = self.state().ok_or(Refusal::NotNow)?;
                let plays = card_actions(state, card);
                if plays.is_empty() {
                    return Err(Refusal::CardBlocked(card, card_blocked(state, card)));
                }
                self.selected = None;
                self.promotion = None;
                self.focus = None;
                self.card = Some(CardPick {
                    card,
                    plays,
                    path: Vec::new(),
                });
                self.settle_card(timing)
            }
            Intent::CardAt(sq) => {
                self.ready()?;
                let pick = self.card.as_mut().ok_or(Refusal::NoCard)?;
                if !pick.next_squares().contains(&sq) {
                    return Err(Refusal::NotATarget(pick.card, sq));
                }
                pick.path.push(sq);
                self.focus = None;
                self.settle_card(timing)
            }
            Intent::CardGo => {
                self.ready()?;
                let pick = self.card.as_ref().ok_or(Refusal::NoCard)?;
                let complete = pick.complete();
                match complete.as_slice() {
                    [one] => self.play(*one, timing),
                    [] => Err(Refusal::CardNeedsTarget),
                    _ if complete.iter().any(|a| promotion_of(a).is_some()) => {
                        self.promotion = Some(complete);
                        Ok(vec![Effect::Picked])
                    }
                    _ => Ok(vec![Effect::Picked]),
                }
            }
            Intent::CardTake(taken) => {
                self.ready()?;
                let pick = self.card.as_ref().ok_or(Refusal::NoCard)?;
                let action = pick
                    .complete()
                    .into_iter()
                    .find(|a| matches!(a, Action::Play(Play::Seize(c)) if *c == taken))
                    .ok_or(Refusal::NotNow)?;
                self.play(action, timing)
            }
            Intent::SkipRoll => {
                let roll = self.roll.as_mut().ok_or(Refusal::NotNow)?;
                roll.elapsed = roll.elapsed.max(timing.dice + timing.dice_hold);
                roll.frozen = false;
                Ok(self.tick(0.0, timing))
            }
            Intent::View(step) => self.view(step),
            Intent::Undo => {
                if !matches!(self.phase, Phase::Play | Phase::Over) || self.animating() {
                    return Err(Refusal::NotNow);
                }
                let game = self.game.as_mut().ok_or(Refusal::NotNow)?;
                let n = game.undo_size().ok_or(Refusal::NothingToUndo)?;
                game.undo(n).map_err(Refusal::Replay)?;
                self.clear_marks();
                self.phase = Phase::Play;
                self.rebuild_list();
                Ok(vec![Effect::Undone(n), Effect::Save])
            }
            Intent::Resign => {
                if self.phase != Phase::Play || self.animating() {
                    return Err(Refusal::NotNow);
                }
                let side = self.person_colour();
                let game = self.game.as_mut().ok_or(Refusal::NotNow)?;
                let ending = game.resign(side)?;
                self.phase = Phase::Over;
                self.selected = None;
                self.promotion = None;
                self.viewing = None;
                Ok(vec![Effect::Ended(ending), Effect::Save])
            }
        }
    }

    /// After a card step: play it when one play is fully chosen and the card needed a square;
    /// offer a choice when several are (a promotion, Seize's card); else wait for the next
    /// square (or, for a card that needs none, for "Play").
    fn settle_card(&mut self, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        let Some(pick) = &self.card else {
            return Ok(vec![Effect::Picked]);
        };
        let complete = pick.complete();
        let chose_squares = !pick.path.is_empty();
        if !pick.next_squares().is_empty() && !chose_squares {
            return Ok(vec![Effect::Picked]);
        }
        match complete.as_slice() {
            [one] if chose_squares => self.play(*one, timing),
            [_, ..] if complete.iter().any(|a| promotion_of(a).is_some()) && chose_squares => {
                self.promotion = Some(complete);
                Ok(vec![Effect::Picked])
            }
            _ => Ok(vec![Effect::Picked]),
        }
    }

    fn lobby(&self) -> Result<(), Refusal> {
        match self.phase {
            Phase::Lobby => Ok(()),
            _ => Err(Refusal::NotNow),
        }
    }

    fn building(&self) -> Result<Color, Refusal> {
        match self.phase {
            Phase::Build(c) => Ok(c),
            _ => Err(Refusal::NotNow),
        }
    }

    fn start_building(&mut self, seed: u64) {
        self.clear_marks();
        self.game = None;
        self.saved = None;
        self.list.clear();
        self.held = Some(Role::Pawn);
        self.build_pick = None;
        self.drafts = [Draft::new(Color::White), Draft::new(Color::Black)];
        let person = if self.hot_seat() {
            Color::White
        } else {
            self.colour
        };
        self.engine_army = (!self.hot_seat()).then(|| {
            let mut rng = crate::rules::chess::DiceRng::new(seed ^ 0x5eed_a7e7);
            Army::engine(person.other(), &mut rng)
        });
        self.phase = Phase::Build(person);
    }

    /// Both armies are ready: the game begins with the reveal.
    fn begin(&mut self, seed: u64, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        let army = |t: &Table, c: Color| -> Result<Army, Refusal> {
            match &t.engine_army {
                Some(a) if a.color() == c => Ok(a.clone()),
                _ => t.drafts[c.index()].army().map_err(Refusal::Army),
            }
        };
        let white = army(self, Color::White)?;
        let black = army(self, Color::Black)?;
        if let Some(a) = &self.engine_army {
            self.drafts[a.color().index()] = draft_of(a);
        }
        let seats = if self.hot_seat() {
            [Seat::Person, Seat::Person]
        } else if self.colour == Color::White {
            [Seat::Person, self.opponent]
        } else {
            [self.opponent, Seat::Person]
        };
        let game = ChessGame::new(
            white,
            black,
            self.artifacts,
            seats,
            seed,
            seed.rotate_left(17) ^ 0x9e37_79b9,
        )
        .with_window(timing.window);
        self.game = Some(game);
        self.clear_marks();
        self.rebuild_list();
        self.phase = if timing.reveal > 0.0 {
            Phase::Reveal {
                left: timing.reveal,
            }
        } else {
            Phase::Play
        };
        Ok(vec![Effect::Revealed, Effect::Save])
    }

    fn ready(&self) -> Result<(), Refusal> {
        if self.viewing.is_some() {
            return Err(Refusal::Viewing);
        }
        if self.person_to_act() {
            Ok(())
        } else {
            Err(Refusal::NotNow)
        }
    }

    fn select(&mut self, sq: Square) -> Result<(), Refusal> {
        let state = self.state().ok_or(Refusal::NotNow)?;
        let piece = state.board().get(sq).ok_or(Refusal::Empty(sq))?;
        if piece.color != state.turn() {
            return Err(Refusal::NotYours(sq));
        }
        let actions = piece_actions(state, sq);
        self.selected = Some((sq, actions));
        self.promotion = None;
        self.card = None;
        self.focus = Some(Focus::Piece(sq));
        Ok(())
    }

    fn target(&mut self, sq: Square, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        let (_, actions) = self.selected.as_ref().ok_or(Refusal::NothingSelected)?;
        let all: Vec<Action> = actions
            .moves
            .iter()
            .copied()
            .chain(actions.attempts.iter().map(|(a, _)| *a))
            .chain(actions.heals.iter().copied())
            .filter(|a| a.to() == Some(sq))
            .collect();
        match all.as_slice() {
            [] => Err(Refusal::NoActionThere(sq)),
            [one] => self.play(*one, timing),
            _ => {
                // A promotion: the player chooses the piece.
                self.promotion = Some(all);
                Ok(vec![Effect::Picked])
            }
        }
    }

    /// Plays `action` for the side to act (a person's choice or the engine's answer).
    pub fn play(&mut self, action: Action, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        let game = self.game.as_mut().ok_or(Refusal::NotNow)?;
        let side = game.awaited().ok_or(Refusal::NotNow)?;
        let played = game.submit(side, action)?;
        Ok(self.after(played, timing))
    }

    /// What follows an accepted action: marks cleared, the list, the save, the roll or the
    /// movement.
    fn after(&mut self, played: crate::play::Played<State>, timing: &Timing) -> Vec<Effect> {
        let Some(game) = self.game.as_ref() else {
            return Vec::new();
        };
        let after = game.state().clone();
        let p = Played {
            motions: motions(&played.before, &played.record, &after),
            before: played.before,
            record: played.record,
            after,
        };
        self.selected = None;
        self.promotion = None;
        self.card = None;
        self.focus = None;
        self.viewing = None;
        note(
            &mut self.list,
            &mut self.statues,
            &p.before,
            &p.record,
            &p.after,
        );
        let mut effects = vec![Effect::Played(p.clone()), Effect::Save];
        if p.record.dice.is_some() && timing.dice + timing.dice_hold > 0.0 {
            self.roll = Some(Roll {
                played: p,
                elapsed: 0.0,
                frozen: false,
                settled: false,
            });
        } else {
            if p.record.dice.is_some() {
                effects.push(Effect::Settled);
            }
            effects.extend(self.resolve(p, timing));
        }
        effects
    }

    fn view(&mut self, step: Step) -> Result<Vec<Effect>, Refusal> {
        let plies = self.plies();
        if plies == 0 || !matches!(self.phase, Phase::Play | Phase::Over) || self.animating() {
            return Err(Refusal::NotNow);
        }
        self.viewing = history::step(self.viewing, step, plies);
        self.selected = None;
        self.promotion = None;
        Ok(vec![Effect::Picked])
    }

    /// The pieces the person to act may select (each that has an action), a1 first.
    pub fn selectable(&self) -> Vec<Square> {
        let Some(state) = self.state() else {
            return Vec::new();
        };
        let mut out: Vec<Square> = state
            .legal_actions()
            .iter()
            .filter_map(Action::from)
            .filter(|s| {
                state
                    .board()
                    .get(*s)
                    .is_some_and(|p| p.color == state.turn())
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Where the keyboard's focus may go now.
    pub fn focus_ring(&self) -> Vec<Focus> {
        if let Some(d) = self.draft() {
            let mut squares: Vec<Square> = Square::all().filter(|s| d.in_half(*s)).collect();
            // The near rank first for white, so the arrows go the way the board is seen.
            squares.sort_by_key(|s| (d.color.relative_rank(*s), s.file()));
            return squares.into_iter().map(Focus::Build).collect();
        }
        match &self.selected {
            Some((_, actions)) => actions.targets().into_iter().map(Focus::Target).collect(),
            None => self.selectable().into_iter().map(Focus::Piece).collect(),
        }
    }

    /// Moves the keyboard focus `step` places along `ring` (wrapping).
    pub fn move_focus(&mut self, ring: &[Focus], step: i32) {
        self.focus = crate::app::kit::step_focus(self.focus, ring, step);
    }

    /// Stages a roll held in the air (or settled) for a screenshot.
    pub fn freeze_roll(&mut self, at: f32) {
        if let Some(r) = &mut self.roll {
            r.elapsed = at;
            r.frozen = true;
        }
    }
}

/// Words with their first letter in capitals, as a sentence or a name starts ("rook" → "Rook",
/// "ладья" → "Ладья").
pub fn capital(word: &str) -> String {
    let mut c = word.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A message as a sentence: its first letter in capitals, unless it starts with a move's or a
/// square's notation ("e2e4 is not allowed" stays as written: `E2e4` is no square).
pub fn sentence(text: &str) -> String {
    let mut c = text.chars();
    match (c.next(), c.next()) {
        (Some(_), Some(second)) if second.is_ascii_digit() => text.to_string(),
        _ => capital(text),
    }
}

/// The role a promotion action promotes to.
pub fn promotion_of(a: &Action) -> Option<Role> {
    match *a {
        Action::Move { promotion, .. } | Action::Attempt { promotion, .. } => promotion,
        Action::Play(Play::MassAttack(roles)) => roles.into_iter().flatten().next(),
        Action::Play(p) => p.card_move().and_then(|m| m.promotion),
        _ => None,
    }
}

/// Why `card` cannot be played now, in words: not in the hand, an answer kept for a response
/// window or the start of a turn, nothing to take or aim at, or every way of playing it would
/// leave your king in check.
pub fn card_blocked(state: &State, card: Artifact) -> Message {
    use crate::rules::chess::Artifact as A;
    if !state.hand(state.turn()).contains(card) {
        return msg("chess.card_blocked.not_in_hand");
    }
    if state.window().is_some() {
        return msg("chess.card_blocked.window");
    }
    match card {
        A::Cancel => return msg("chess.card_blocked.cancel"),
        A::Seize if state.played(state.turn().other()).is_empty() => {
            return msg("chess.card_blocked.seize_empty");
        }
        A::Resurrection | A::ZombiePawn if state.reserve(state.turn()) == 0 => {
            return msg("chess.card_blocked.reserve_empty");
        }
        _ => {}
    }
    let mut pseudo = Vec::new();
    crate::rules::chess::cards::pseudo_plays(state, &mut pseudo);
    if pseudo
        .iter()
        .any(|a| matches!(a, Action::Play(p) if p.artifact() == card))
    {
        msg("chess.card_blocked.check")
    } else {
        msg("chess.card_blocked.no_target")
    }
}

fn draft_of(army: &Army) -> Draft {
    Draft {
        color: army.color(),
        placements: army.placements().to_vec(),
    }
}

/// Adds one action to the move list (and to the statues' stones, which the list's squares
/// tell apart from barricades).
fn note(
    list: &mut Vec<ListEntry>,
    statues: &mut Vec<Square>,
    before: &State,
    record: &Record,
    after: &State,
) {
    list.push(list_entry(before, record, after));
    match record.action {
        Action::Play(Play::Statue(sq)) => statues.push(sq),
        Action::Play(Play::Barricade(sq)) => statues.retain(|s| *s != sq),
        _ => {}
    }
}

/// One line of the move list: an action with its result, read from the course.
fn list_entry(before: &State, record: &Record, after: &State) -> ListEntry {
    ListEntry {
        number: before.fullmove(),
        side: record.actor,
        text: record.action.to_string(),
        result: record.result,
        sums: record.result.map(|_| match record.dice {
            Some(d) if !d.defender.is_empty() => (d.attacker.sum(), Some(d.defender.sum())),
            Some(d) => (d.attacker.sum(), None),
            None => (0, None),
        }),
        check: after.in_check() && after.end().is_none(),
        mate: matches!(after.end(), Some(crate::rules::chess::End::Mate { .. })),
        actor: crate::rules::chess::last_actor(before, record, after),
        attempt: attempt_report(before, record),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn hot_seat_game(t: &mut Table) {
        t.opponent = Seat::Person;
        t.handle(Intent::Start, 1, &Timing::INSTANT).unwrap();
        assert_eq!(t.phase, Phase::Build(Color::White));
        t.handle(Intent::RandomArmy, 2, &Timing::INSTANT).unwrap();
        t.handle(Intent::Ready, 3, &Timing::INSTANT).unwrap();
        assert_eq!(t.phase, Phase::Pass(Color::Black));
        assert!(!t.army_visible(Color::White), "the first army is hidden");
        t.handle(Intent::TakeOver, 0, &Timing::INSTANT).unwrap();
        assert!(!t.army_visible(Color::White));
        t.handle(Intent::RandomArmy, 4, &Timing::INSTANT).unwrap();
        t.handle(Intent::Ready, 5, &Timing::INSTANT).unwrap();
        assert_eq!(t.phase, Phase::Play);
    }

    #[test]
    fn a_square_without_a_dot_refuses_the_piece_and_ready_starts_the_game() {
        let mut t = Table::default();
        t.handle(Intent::Start, 1, &Timing::INSTANT).unwrap();
        t.handle(Intent::Hold(Some(Role::Rook)), 0, &Timing::INSTANT)
            .unwrap();
        for s in ["a1", "h1"] {
            assert!(t.build_dots().contains(&sq(s)));
            t.handle(Intent::BuildAt(sq(s)), 0, &Timing::INSTANT)
                .unwrap();
        }
        // A third rook: no dot anywhere, and the square refuses it, saying why.
        assert!(t.build_dots().is_empty());
        let before = t.draft().cloned();
        let err = t
            .handle(Intent::BuildAt(sq("b1")), 0, &Timing::INSTANT)
            .unwrap_err();
        assert_eq!(
            err,
            Refusal::Draft(DraftError::TooMany {
                role: Role::Rook,
                max: 2
            })
        );
        assert_eq!(t.draft().cloned(), before);
        // A click on a placed piece picks it; a second click changes nothing.
        for _ in 0..2 {
            t.handle(Intent::BuildAt(sq("h1")), 0, &Timing::INSTANT)
                .unwrap();
            assert_eq!(t.build_pick, Some(sq("h1")));
            assert_eq!(t.draft().unwrap().at(sq("h1")), Some(Role::Rook));
        }
        // Taking it off is its own intent.
        t.handle(Intent::TakeOff(sq("h1")), 0, &Timing::INSTANT)
            .unwrap();
        assert_eq!(t.draft().unwrap().at(sq("h1")), None);
        assert_eq!(t.build_pick, None);
        t.handle(Intent::BuildAt(sq("h1")), 0, &Timing::INSTANT)
            .unwrap();
        assert!(t.draft().unwrap().problems().is_empty());
        t.handle(Intent::Ready, 0, &Timing::INSTANT).unwrap();
        assert_eq!(t.phase, Phase::Play);
        assert_eq!(
            t.game
                .as_ref()
                .unwrap()
                .state()
                .board()
                .count(Color::White, Role::Rook),
            2
        );
    }

    #[test]
    fn a_hot_seat_hides_the_first_army_while_the_second_is_built() {
        let mut t = Table::default();
        hot_seat_game(&mut t);
        assert!(t.person_to_act());
    }

    #[test]
    fn viewing_changes_nothing_and_blocks_actions() {
        let mut t = Table::default();
        hot_seat_game(&mut t);
        for i in 0..4 {
            let s = t.state().unwrap().clone();
            let a = crate::ai::random(&s, i).unwrap();
            t.handle(Intent::Act(a), 0, &Timing::INSTANT).unwrap();
        }
        let before = t.state().cloned();
        t.handle(Intent::View(Step::Back), 0, &Timing::INSTANT)
            .unwrap();
        assert_eq!(t.viewing, Some(3));
        let s = t.shown().unwrap().clone();
        let a = s.legal_actions()[0];
        assert_eq!(
            t.handle(Intent::Act(a), 0, &Timing::INSTANT),
            Err(Refusal::Viewing)
        );
        t.handle(Intent::View(Step::Forward), 0, &Timing::INSTANT)
            .unwrap();
        assert_eq!(t.viewing, None);
        assert_eq!(t.state().cloned(), before);
    }

    #[test]
    fn the_roll_holds_the_table_until_the_result_is_shown() {
        let mut t = Table::default();
        hot_seat_game(&mut t);
        let timing = Timing::PLAY;
        let mut i = 0;
        loop {
            let s = t.state().unwrap().clone();
            let attempt = s
                .legal_actions()
                .into_iter()
                .find(|a| s.attempt_dice(a).is_some_and(|d| d.defender > 0));
            if let Some(a) = attempt {
                let effects = t.handle(Intent::Act(a), 0, &timing).unwrap();
                assert!(matches!(effects[0], Effect::Played(_)));
                assert!(t.roll.is_some() && !t.person_to_act());
                assert_eq!(t.shown(), Some(&s), "the board waits for the dice");
                let e = t.tick(timing.dice + 0.01, &timing);
                assert_eq!(e, vec![Effect::Settled]);
                let e = t.handle(Intent::SkipRoll, 0, &timing).unwrap();
                assert!(matches!(e[0], Effect::Resolved(_)));
                assert!(t.roll.is_none());
                break;
            }
            let a = crate::ai::random(&s, i).unwrap();
            t.handle(Intent::Act(a), 0, &Timing::INSTANT).unwrap();
            i += 1;
            assert!(i < 300);
        }
    }
    #[test]
    fn the_builder_tells_a_king_alone_apart_from_a_built_army_and_dots_stop_at_the_budget() {
        let mut t = Table::default();
        t.handle(Intent::Start, 1, &Timing::INSTANT).unwrap();
        let status = |t: &Table| build_status(t.draft().unwrap());
        // Only the king: allowed, but not "follows every rule" in green.
        assert_eq!(status(&t), BuildStatus::KingOnly { left: 15 });
        assert_eq!(t.held, Some(Role::Pawn));
        assert_eq!(t.build_dots().len(), 16, "the second and third ranks");
        t.handle(Intent::BuildAt(sq("d2")), 0, &Timing::INSTANT)
            .unwrap();
        assert_eq!(status(&t), BuildStatus::Legal { left: 14 });
        for (role, at) in [
            (Role::Rook, "a1"),
            (Role::Rook, "h1"),
            (Role::Pawn, "a2"),
            (Role::Pawn, "b2"),
            (Role::Pawn, "c2"),
            (Role::Pawn, "e2"),
        ] {
            t.handle(Intent::Hold(Some(role)), 0, &Timing::INSTANT)
                .unwrap();
            t.handle(Intent::BuildAt(sq(at)), 0, &Timing::INSTANT)
                .unwrap();
        }
        assert_eq!(status(&t), BuildStatus::Legal { left: 0 });
        // 0 points left: no dot for any piece in hand, and a click refuses.
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook] {
            t.handle(Intent::Hold(Some(role)), 0, &Timing::INSTANT)
                .unwrap();
            assert!(t.build_dots().is_empty(), "{role:?}");
        }
        t.handle(Intent::Hold(Some(Role::Pawn)), 0, &Timing::INSTANT)
            .unwrap();
        assert_eq!(
            t.handle(Intent::BuildAt(sq("h2")), 0, &Timing::INSTANT),
            Err(Refusal::Draft(DraftError::OverBudget {
                role: Role::Pawn,
                left: 0
            }))
        );
        // Nothing in hand: no dots.
        t.handle(Intent::Hold(None), 0, &Timing::INSTANT).unwrap();
        assert!(t.build_dots().is_empty());
        // The king stays on.
        assert_eq!(
            t.handle(Intent::TakeOff(sq("e1")), 0, &Timing::INSTANT),
            Err(Refusal::Draft(DraftError::KingStays(sq("e1"))))
        );
        // Escape (or a click beside the board) puts a picked piece down.
        t.handle(Intent::BuildAt(sq("a1")), 0, &Timing::INSTANT)
            .unwrap();
        assert_eq!(t.build_pick, Some(sq("a1")));
        t.handle(Intent::Select(None), 0, &Timing::INSTANT).unwrap();
        assert_eq!(t.build_pick, None);
        assert_eq!(t.draft().unwrap().at(sq("a1")), Some(Role::Rook));
    }

    #[test]
    fn your_turn_is_told_only_once_the_engines_reply_has_landed() {
        let timing = Timing {
            move_first: 0.3,
            move_each: 0.1,
            ..Timing::INSTANT
        };
        let mut t = Table::default();
        t.handle(Intent::Artifacts(false), 0, &timing).unwrap();
        t.handle(Intent::Start, 1, &timing).unwrap();
        t.handle(Intent::RandomArmy, 2, &timing).unwrap();
        t.handle(Intent::Ready, 3, &timing).unwrap();
        assert_eq!(t.turn_status(), Some(TurnStatus::Person(Color::White)));
        let mut seen_landing = 0;
        for i in 0..6u64 {
            if t.game.as_ref().unwrap().awaited() != Some(Color::White) {
                break;
            }
            let s = t.state().unwrap().clone();
            let mine = crate::ai::random(&s, i).unwrap();
            t.handle(Intent::Act(mine), 0, &timing).unwrap();
            // The engine's reply, as the engine seat plays it once the board is still.
            while t.animating() {
                assert_eq!(t.turn_status(), Some(TurnStatus::Landing(Color::White)));
                t.tick(0.05, &timing);
            }
            if t.phase != Phase::Play {
                return;
            }
            if t.turn_status() == Some(TurnStatus::Person(Color::White)) {
                // A failed attempt out of check: white acts again.
                continue;
            }
            assert_eq!(t.turn_status(), Some(TurnStatus::Waiting(Color::Black)));
            let s = t.state().unwrap().clone();
            let reply = crate::ai::random(&s, 100 + i).unwrap();
            t.play(reply, &timing).unwrap();
            while t.animating() {
                // White is awaited already, but the reply is still on its way.
                assert_eq!(t.turn_status(), Some(TurnStatus::Landing(Color::Black)));
                assert!(!t.person_to_act());
                seen_landing += 1;
                t.tick(0.05, &timing);
            }
            if t.phase != Phase::Play {
                return;
            }
            if t.game.as_ref().unwrap().awaited() == Some(Color::White) {
                assert_eq!(t.turn_status(), Some(TurnStatus::Person(Color::White)));
            }
        }
        assert!(seen_landing > 0, "the replies took time to land");
    }

    fn knight_attacks_pawn(attacker: &[u8], defender: &[u8]) -> AttemptReport {
        let s = crate::rules::chess::parse_position("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1").unwrap();
        let action: Action = "e4xd6".parse().unwrap();
        let dice = Dice {
            attacker: crate::rules::chess::DiceSet::new(attacker).unwrap(),
            defender: crate::rules::chess::DiceSet::new(defender).unwrap(),
        };
        let (_, record) = s.apply_with_dice(&action, Some(dice)).unwrap();
        attempt_report(&s, &record).unwrap()
    }

    #[test]
    fn a_wound_names_the_wounded_piece_the_dice_and_the_sums_in_three_languages() {
        use crate::i18n::{Lang, Strings, parse_strings, unworded};
        let r = knight_attacks_pawn(&[3, 2, 2], &[4, 5]);
        assert_eq!(r.result, AttemptResult::Wound);
        assert_eq!(
            (r.attacker.color, r.attacker.role),
            (Color::White, Role::Knight)
        );
        assert_eq!(
            (r.defender.color, r.defender.role),
            (Color::Black, Role::Pawn)
        );
        assert_eq!(r.defender_at, sq("d6"));
        let expected = [
            (
                Lang::En,
                "Black pawn wounded",
                "White rolled 3 dice: 7; black rolled 2 dice: 9.",
                "The defender's total is higher: both stay",
            ),
            (
                Lang::Pt,
                "Ferimento: peão preto",
                "As brancas rolaram 3 dados: 7; as pretas, 2 dados: 9.",
                "O total do defensor é maior: as duas peças ficam",
            ),
            (
                Lang::Ru,
                "Ранение: чёрная пешка",
                "Белые бросили 3 кубика: 7; чёрные — 2 кубика: 9.",
                "Сумма защитника больше: обе фигуры остаются",
            ),
        ];
        for (lang, head, sums, meaning) in expected {
            let strings = Strings::new(lang);
            let (h, s, m) = attempt_text(&strings, &r);
            assert_eq!(h, head, "{}", lang.code());
            assert_eq!(s.as_deref(), Some(sums), "{}", lang.code());
            assert!(m.starts_with(meaning), "{}: {m}", lang.code());
            // The headline names the defender alone: nothing of the attacker's side.
            let attacker = strings.say(&Color::White.explain()).to_lowercase();
            assert!(
                !h.to_lowercase().contains(&attacker),
                "{}: {h}",
                lang.code()
            );
            let words = parse_strings(lang.source()).unwrap();
            for m in [r.headline(), r.sums().unwrap(), r.meaning()] {
                assert_eq!(unworded(&words, &m), None, "{}", lang.code());
            }
        }
    }

    #[test]
    fn each_result_says_what_the_sums_meant() {
        use crate::i18n::{Lang, Strings, parse_strings, unworded};
        let success = knight_attacks_pawn(&[6, 6, 6], &[1, 1]);
        let miss = knight_attacks_pawn(&[2, 2, 1], &[2, 3]);
        let wound = knight_attacks_pawn(&[1, 1, 1], &[6, 6]);
        assert_eq!(success.result, AttemptResult::Success);
        assert_eq!(miss.result, AttemptResult::Miss);
        // A wounded defender dies without a roll: no sums, its own meaning.
        let s = crate::rules::chess::parse_position("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1").unwrap();
        let hit: Action = "e4xd6".parse().unwrap();
        let (s, _) = s
            .apply_with_dice(
                &hit,
                Some(Dice {
                    attacker: crate::rules::chess::DiceSet::new(&[1, 1, 1]).unwrap(),
                    defender: crate::rules::chess::DiceSet::new(&[6, 6]).unwrap(),
                }),
            )
            .unwrap();
        let (s, _) = s.apply_with_dice(&"e8e7".parse().unwrap(), None).unwrap();
        let (_, record) = s.apply_with_dice(&hit, None).unwrap();
        let died = attempt_report(&s, &record).unwrap();
        assert_eq!(died.dice, None);
        assert_eq!(died.result, AttemptResult::Success);
        assert!(died.defender.wounded);
        let english = Strings::new(Lang::En);
        let en = |r: &AttemptReport| attempt_text(&english, r);
        assert_eq!(en(&success).0, "Black pawn captured");
        assert!(en(&success).2.starts_with("The attacker's total is higher"));
        assert_eq!(
            en(&miss).1.as_deref(),
            Some("White rolled 3 dice: 5; black rolled 2 dice: 5.")
        );
        assert!(en(&miss).2.starts_with("The totals are equal: a miss"));
        assert_eq!(en(&died).0, "Black pawn captured");
        assert_eq!(en(&died).1, None);
        assert!(
            en(&died)
                .2
                .starts_with("A wounded defender dies without a roll")
        );
        for lang in Lang::ALL {
            let strings = Strings::new(lang);
            let words = parse_strings(lang.source()).unwrap();
            let meanings: std::collections::HashSet<String> = [&success, &miss, &wound, &died]
                .iter()
                .map(|r| {
                    assert_eq!(unworded(&words, &r.headline()), None);
                    assert_eq!(unworded(&words, &r.meaning()), None);
                    attempt_text(&strings, r).2
                })
                .collect();
            assert_eq!(
                meanings.len(),
                4,
                "{}: a meaning of its own for each",
                lang.code()
            );
        }
        // The number of dice in the number's own form.
        let ru = Strings::new(Lang::Ru);
        let said: Vec<String> = [1, 2, 4, 5]
            .iter()
            .map(|n| ru.say(&dice_count(*n)))
            .collect();
        assert_eq!(said, ["1 кубик", "2 кубика", "4 кубика", "5 кубиков"]);
        assert_eq!(english.say(&dice_count(1)), "1 die");
    }

    #[test]
    fn the_move_list_keeps_the_latest_attempt_in_words_after_the_dice() {
        let mut t = Table::default();
        hot_seat_game(&mut t);
        let timing = Timing::PLAY;
        let mut i = 0;
        loop {
            let s = t.state().unwrap().clone();
            let attempt = s
                .legal_actions()
                .into_iter()
                .find(|a| s.attempt_dice(a).is_some_and(|d| d.defender > 0));
            if let Some(a) = attempt {
                let (victim_at, victim) = s.attempt_defender(&a).unwrap();
                t.handle(Intent::Act(a), 0, &timing).unwrap();
                assert_eq!(t.recent_attempt(), None, "the dice tell it while they roll");
                t.handle(Intent::SkipRoll, 0, &timing).unwrap();
                let (line, report) = t.recent_attempt().expect("kept after the dice");
                assert_eq!(Some(line), t.list().last(), "the attempt just played");
                assert_eq!(report.defender, victim);
                assert_eq!(report.defender_at, victim_at);
                // One more action: still one of the last two. Two more: gone.
                while t.animating() {
                    t.tick(0.1, &timing);
                }
                for k in 0..2 {
                    if t.phase != Phase::Play {
                        return;
                    }
                    let s = t.state().unwrap().clone();
                    let legal = s.legal_actions();
                    let quiet = legal
                        .iter()
                        .find(|a| matches!(a, Action::Move { .. }))
                        .or_else(|| legal.iter().find(|a| !a.is_attempt()))
                        .copied()
                        .unwrap();
                    t.handle(Intent::Act(quiet), 0, &Timing::INSTANT).unwrap();
                    assert_eq!(t.recent_attempt().is_some(), k == 0, "after {} more", k + 1);
                }
                return;
            }
            let a = crate::ai::random(&s, i).unwrap();
            t.handle(Intent::Act(a), 0, &Timing::INSTANT).unwrap();
            i += 1;
            assert!(i < 300);
        }
    }
}
