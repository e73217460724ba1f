//! The game state and its one way to change: applying an action, with the dice, the wound and
//! heal marks, the pawn reserves, the check-continuation rule, the progress clock, repetitions
//! and the end of the game.

use super::artifact::{Artifact, ArtifactSet, Pile};
use super::board::{Board, Colour, Piece, Role, Square};
use super::cards::{self, Play};
use super::dice::{AttemptResult, Dice, DiceCounts, DiceRng, Odds};
use super::movegen;
use crate::i18n::{Explain, Message, msg};
use serde::{Deserialize, Serialize};

/// The number of actions without progress that draws the game.
pub const NO_PROGRESS_LIMIT: u16 = 100;

/// Castling rights: which king/rook pairs have not moved from their classical squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Castling(u8);

/// One castling right (a colour and a side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingSide(u8);

impl Castling {
    pub const NONE: Castling = Castling(0);
    pub const ALL: Castling = Castling(0b1111);

    pub fn kingside(colour: Colour) -> CastlingSide {
        CastlingSide(1 << (colour.index() * 2))
    }

    pub fn queenside(colour: Colour) -> CastlingSide {
        CastlingSide(2 << (colour.index() * 2))
    }

    pub fn has(self, side: CastlingSide) -> bool {
        self.0 & side.0 != 0
    }

    pub fn add(&mut self, side: CastlingSide) {
        self.0 |= side.0;
    }

    pub fn remove(&mut self, side: CastlingSide) {
        self.0 &= !side.0;
    }

    /// The rights lost when something moves from or onto `sq` (a king or rook square).
    pub(crate) fn touch(&mut self, sq: Square) {
        for colour in Colour::BOTH {
            let home = colour.home_rank();
            if sq.rank() != home {
                continue;
            }
            match sq.file() {
                4 => {
                    self.remove(Castling::kingside(colour));
                    self.remove(Castling::queenside(colour));
                }
                7 => self.remove(Castling::kingside(colour)),
                0 => self.remove(Castling::queenside(colour)),
                _ => {}
            }
        }
    }

    pub fn bits(self) -> u8 {
        self.0
    }
}

/// One action of a player. Part 2 (issue #8) adds the artifact plays and the response-window
/// answers as further variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// A move to an empty square (castling is the king moving two files).
    Move {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    /// A capture attempt on an enemy piece (dice decide); en passant aims at the square passed.
    Attempt {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    /// The king heals an adjacent friendly wounded piece.
    Heal { king: Square, target: Square },
    /// An artifact played from the hand (issue #8).
    Play(Play),
    /// Letting a response window go by (after the opponent's Seize or Restriction); it does
    /// not use the normal move.
    Pass,
}

/// An open response window: `opener` has just played `card` (Seize or Restriction), and the
/// other side may answer with Cancel, with a Seize of that card, or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Window {
    pub opener: Colour,
    pub card: Artifact,
}

impl Action {
    /// The square of the piece that acts (the gold frame goes there after a move); `None` for
    /// a card not played by one piece.
    pub fn from(&self) -> Option<Square> {
        match *self {
            Action::Move { from, .. } | Action::Attempt { from, .. } => Some(from),
            Action::Heal { king, .. } => Some(king),
            Action::Play(p) => p.card_move().map(|m| m.from),
            Action::Pass => None,
        }
    }

    /// The square the action is aimed at, if one.
    pub fn to(&self) -> Option<Square> {
        match *self {
            Action::Move { to, .. } | Action::Attempt { to, .. } => Some(to),
            Action::Heal { target, .. } => Some(target),
            Action::Play(p) => p.target(),
            Action::Pass => None,
        }
    }

    /// Whether the action attacks a piece (dice decide), by a normal attempt or a card.
    pub fn is_attempt(&self) -> bool {
        match self {
            Action::Attempt { .. } => true,
            Action::Play(p) => p.card_move().is_some_and(|m| m.attack),
            _ => false,
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum End {
    /// The side to act is in check and has no action; the other side wins.
    Mate { winner: Colour },
    /// The side to act is not in check and has no action.
    Stalemate,
    /// Two lone kings, neither side able ever to return a pawn (Resurrection or Zombie Pawn
    /// held with a non-empty reserve), and no Cancel to answer with.
    BareKings,
    /// The same position for the third time.
    Repetition,
    /// [`NO_PROGRESS_LIMIT`] actions without progress.
    NoProgress,
}

impl End {
    pub fn winner(self) -> Option<Colour> {
        match self {
            End::Mate { winner } => Some(winner),
            _ => None,
        }
    }
}

/// Why an action was refused. The state is never changed by a refused action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// The game has ended.
    GameOver(End),
    /// The action is not among the legal actions here, and why.
    Illegal { action: Action, why: Why },
    /// Explicit dice do not fit the attempt: wrong number of dice on a side, or dice given for
    /// an action that rolls none.
    DiceMismatch {
        expected: DiceCounts,
        given: (u8, u8),
    },
    /// A forced result that these dice can never give (e.g. a miss on a wounded defender).
    ImpossibleResult(AttemptResult),
}

/// Why an action is not legal here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Why {
    /// The artifact is not in the hand of the side to act.
    NotInHand,
    /// The action would leave (or put) the actor's king in check.
    LeavesKingInCheck,
    /// The artifact cannot be played in this way here.
    CardNotPlayableSo,
    /// A pass with no response window open.
    NoWindowToPass,
    /// The action names no square to act from.
    NoSuchAction,
    EmptySquare,
    OtherSidesPiece,
    /// Only the king heals, an adjacent wounded piece of its own side.
    HealRule,
    CannotAttemptThere,
    CannotMoveThere,
    /// A card's chance (Zombie Pawn's square, Trophy's draw) that cannot happen here.
    ImpossibleChance,
}

impl Explain for Why {
    fn explain(&self) -> Message {
        msg(match self {
            Why::NotInHand => "chess.why.not_in_hand",
            Why::LeavesKingInCheck => "chess.why.leaves_king_in_check",
            Why::CardNotPlayableSo => "chess.why.card_not_playable_so",
            Why::NoWindowToPass => "chess.why.no_window_to_pass",
            Why::NoSuchAction => "chess.why.no_such_action",
            Why::EmptySquare => "chess.why.empty_square",
            Why::OtherSidesPiece => "chess.why.other_sides_piece",
            Why::HealRule => "chess.why.heal_rule",
            Why::CannotAttemptThere => "chess.why.cannot_attempt_there",
            Why::CannotMoveThere => "chess.why.cannot_move_there",
            Why::ImpossibleChance => "chess.why.impossible_chance",
        })
    }
}

impl Explain for End {
    fn explain(&self) -> Message {
        match *self {
            End::Mate { .. } => msg("chess.end.mate"),
            End::Stalemate => msg("chess.end.stalemate"),
            End::BareKings => msg("chess.end.bare_kings"),
            End::Repetition => msg("chess.end.repetition"),
            End::NoProgress => msg("chess.end.no_progress"),
        }
    }
}

impl Explain for RuleError {
    fn explain(&self) -> Message {
        match self {
            RuleError::GameOver(end) => {
                msg("chess.error.game_over").with_words("end", end.explain())
            }
            RuleError::Illegal { action, why } => msg("chess.error.illegal")
                .with("action", action)
                .with_words("why", why.explain()),
            RuleError::DiceMismatch { expected, given } => msg("chess.error.dice_mismatch")
                .with("attacker", expected.attacker)
                .with("defender", expected.defender)
                .with("given_attacker", given.0)
                .with("given_defender", given.1),
            RuleError::ImpossibleResult(r) => {
                msg("chess.error.impossible_result").with_words("result", r.explain())
            }
        }
    }
}

crate::display_in_english!(RuleError);

/// What one applied action did: kept in the history with its dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Record {
    pub action: Action,
    /// The dice rolled, for an attempt that rolled (none on a wounded defender).
    pub dice: Option<Dice>,
    /// The attempt's result; `None` for moves and heals.
    pub result: Option<AttemptResult>,
    /// Who acted.
    pub actor: Colour,
}

/// The whole game state: board, side to act, rights, reserves, cards, clocks, the dice
/// generator and the positions seen (for repetitions). Written and read as a position string by
/// [`super::notation`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    pub(crate) board: Board,
    pub(crate) turn: Colour,
    pub(crate) castling: Castling,
    /// The square a pawn just passed over with a two-square move (the en-passant target).
    pub(crate) en_passant: Option<Square>,
    /// Taken pawns per colour (white, black).
    pub(crate) reserves: [u8; 2],
    /// Unplayed artifacts per colour (issue #8 deals them).
    pub(crate) hands: [ArtifactSet; 2],
    /// Played artifacts per colour, in the order played, face up.
    pub(crate) played: [Pile; 2],
    /// Actions since the last progress.
    pub(crate) quiet: u16,
    /// Starts at 1 and grows after black's turn passes to white.
    pub(crate) fullmove: u16,
    pub(crate) dice: DiceRng,
    /// Keys of the positions since the last action that cannot be undone by moving (a pawn
    /// move or a successful attempt), the current one last.
    pub(crate) seen: Vec<u64>,
    pub(crate) end: Option<End>,
    /// The piece each side shielded (Shield), until that side's next turn.
    pub(crate) shields: [Option<Square>; 2],
    /// Whether each side has seen the other's hand (Scouting).
    pub(crate) scouted: [bool; 2],
    /// The response window, while one is open (the responder is the side to act).
    pub(crate) window: Option<Window>,
    /// Per colour, the piece of that colour under Restriction for its next turn.
    pub(crate) restricted: [Option<Square>; 2],
    /// The last artifact played and the whole state from just before it, while Cancel may
    /// still undo it: in the window it opened, and at the start of the other side's next turn
    /// ([`State::keeps_cancel_chance`] says which actions keep the chance).
    pub(crate) cancelable: Option<(Artifact, Box<State>)>,
}

impl State {
    /// An empty board with nothing on it: the base the position reader and set-up fill in.
    pub(crate) fn bare() -> State {
        State {
            board: Board::empty(),
            turn: Colour::White,
            castling: Castling::NONE,
            en_passant: None,
            reserves: [0, 0],
            hands: [ArtifactSet::EMPTY; 2],
            played: [Pile::new(), Pile::new()],
            quiet: 0,
            fullmove: 1,
            dice: DiceRng::new(0),
            seen: Vec::new(),
            end: None,
            shields: [None; 2],
            scouted: [false; 2],
            window: None,
            restricted: [None; 2],
            cancelable: None,
        }
    }

    /// Finishes a state built square by square: records the first position and judges the end.
    pub(crate) fn settle(mut self) -> State {
        self.seen = vec![self.key()];
        self.end = self.judge_end();
        self
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn turn(&self) -> Colour {
        self.turn
    }
    pub fn castling(&self) -> Castling {
        self.castling
    }
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }
    pub fn reserve(&self, colour: Colour) -> u8 {
        self.reserves[colour.index()]
    }
    pub fn hand(&self, colour: Colour) -> ArtifactSet {
        self.hands[colour.index()]
    }
    pub fn played(&self, colour: Colour) -> &[Artifact] {
        &self.played[colour.index()]
    }
    /// The square of the piece `colour` shielded, while the shield lasts.
    pub fn shield(&self, colour: Colour) -> Option<Square> {
        self.shields[colour.index()]
    }
    /// The state as `viewer` may know it: the other side's hand is emptied unless `viewer` has
    /// played Scouting. The engine searches this view, so it never reads hidden cards.
    ///
    /// Nothing hidden stays anywhere in it: the state a Cancel would bring back is masked too
    /// (it holds the other hand as it was before that side's artifact), and the dice generator
    /// is replaced by a fixed one, so the view knows no future roll or draw either. The size of
    /// the other hand is public: [`State::hand_size`] on the real state.
    pub fn view_for(&self, viewer: Colour) -> State {
        let mut view = self.clone();
        view.mask(viewer, !self.scouted(viewer));
        view
    }

    /// The state as a spectator may know it: both hands emptied (their sizes are public:
    /// [`State::hand_size`] on the real state), no future roll or draw ([`State::view_for`]).
    pub fn public_view(&self) -> State {
        let mut view = self.clone();
        view.mask(Colour::White, true);
        view.mask(Colour::Black, true);
        view
    }

    fn mask(&mut self, viewer: Colour, hide: bool) {
        if hide {
            self.hands[viewer.other().index()] = ArtifactSet::EMPTY;
        }
        self.dice = DiceRng::new(0);
        if let Some((_, before)) = &mut self.cancelable {
            before.mask(viewer, hide);
        }
    }

    /// A copy to play `action` on: the same state, but without the state a Cancel would bring
    /// back when playing `action` drops it anyway (see [`State::keeps_cancel_chance`]) — the
    /// engine's search copies states at every node.
    pub(crate) fn clone_to_play(&self, action: &Action) -> State {
        if self.cancelable.is_none()
            || *action == Action::Play(Play::Cancel)
            || self.keeps_cancel_chance(action)
        {
            return self.clone();
        }
        State {
            board: self.board,
            turn: self.turn,
            castling: self.castling,
            en_passant: self.en_passant,
            reserves: self.reserves,
            hands: self.hands,
            played: self.played,
            quiet: self.quiet,
            fullmove: self.fullmove,
            dice: self.dice,
            seen: self.seen.clone(),
            end: self.end,
            shields: self.shields,
            scouted: self.scouted,
            window: self.window,
            restricted: self.restricted,
            cancelable: None,
        }
    }

    /// How many unplayed cards `colour` holds: public, even while their kinds are hidden.
    pub fn hand_size(&self, colour: Colour) -> usize {
        self.hands[colour.index()].len()
    }
    /// The open response window, if any.
    pub fn window(&self) -> Option<Window> {
        self.window
    }
    /// The piece of `colour` under Restriction for its next turn.
    pub fn restricted(&self, colour: Colour) -> Option<Square> {
        self.restricted[colour.index()]
    }
    /// The artifact the side to act may still Cancel, if any (played by the other side just
    /// before: in the window it opened, or on the other side's turn that just ended).
    pub fn cancelable(&self) -> Option<Artifact> {
        self.cancelable
            .as_ref()
            .filter(|(_, before)| before.turn != self.turn)
            .map(|(card, _)| *card)
    }
    /// Whether `colour` has played Scouting (and so sees the other hand).
    pub fn scouted(&self, colour: Colour) -> bool {
        self.scouted[colour.index()]
    }
    /// Actions since the last progress (the draw comes at [`NO_PROGRESS_LIMIT`]).
    pub fn quiet_actions(&self) -> u16 {
        self.quiet
    }
    pub fn fullmove(&self) -> u16 {
        self.fullmove
    }
    pub fn dice_rng(&self) -> DiceRng {
        self.dice
    }
    /// The same state with its dice generator reseeded (a new game from a position string).
    pub fn with_dice_seed(mut self, seed: u64) -> State {
        self.dice = DiceRng::new(seed);
        self
    }
    /// The same position played with "Artifacts: off": the dice game without cards. Both hands
    /// and both played piles are emptied, and with them every card-made thing that is not on
    /// the board: Scouting, shields, Restrictions, an open response window (the opener acts, as
    /// after a pass) and the Cancel chance. Marks already on the board (wounds, Heirs,
    /// impassable squares) and the reserves stay, and so does the dice generator: the game rolls
    /// the same dice as before. With no card in either hand or pile none can ever come back
    /// (Trophy and Seize need a card in hand), so no [`Action::Play`] is ever legal again, and
    /// mate, stalemate and the bare-kings draw are judged without cards.
    ///
    /// Meant for a start (or a position read from a string): the positions seen for repetitions
    /// restart from this one, and the end is judged again.
    pub fn without_artifacts(mut self) -> State {
        self.hands = [ArtifactSet::EMPTY; 2];
        self.played = [Pile::new(), Pile::new()];
        self.scouted = [false; 2];
        self.shields = [None; 2];
        self.restricted = [None; 2];
        if let Some(window) = self.window.take() {
            self.turn = window.opener;
        }
        self.cancelable = None;
        self.settle()
    }
    /// Whether the game is played without cards ("Artifacts: off"): both hands and both played
    /// piles are empty, so no card can ever be played (see [`State::without_artifacts`]). A game
    /// dealt cards never comes back to this: a played card stays on a pile.
    pub fn artifacts_off(&self) -> bool {
        self.hands.iter().all(|h| h.is_empty()) && self.played.iter().all(|p| p.is_empty())
    }
    /// Why the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }
    pub fn in_check(&self) -> bool {
        movegen::in_check(&self.board, self.turn)
    }

    /// The legal actions of the side to act; none once the game has ended.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.end.is_some() {
            return Vec::new();
        }
        movegen::generate(self)
    }

    pub fn is_legal(&self, action: &Action) -> bool {
        self.legal_actions().contains(action)
    }

    /// The dice each side rolls for this attempt, or `None` when the action is not an attempt
    /// on a piece.
    pub fn attempt_dice(&self, action: &Action) -> Option<DiceCounts> {
        let (from, to, extra) = match *action {
            Action::Attempt { from, to, .. } => (from, to, 0),
            Action::Play(p) => match p.card_move() {
                Some(m) if m.attack => (m.from, m.to, u8::from(matches!(p, Play::Fury(_)))),
                _ => return None,
            },
            _ => return None,
        };
        let attacker = self.board.get(from)?;
        let (sq, defender) = self.defender(attacker, to)?;
        let shielded = self.shields[defender.colour.index()] == Some(sq);
        let mut counts = DiceCounts::plain(attacker.wounded, defender.wounded);
        counts.attacker += extra;
        if shielded {
            // Shield: a healthy defender rolls 3d6, a wounded one 1d6 instead of dying.
            counts.defender = if defender.wounded { 1 } else { 3 };
        }
        Some(counts)
    }

    /// The piece an attempt is aimed at and the square it stands on (for en passant, the pawn
    /// passed by), or `None` when the action is not an attempt on a piece.
    pub fn attempt_defender(&self, action: &Action) -> Option<(Square, Piece)> {
        let (from, to) = match *action {
            Action::Attempt { from, to, .. } => (from, to),
            Action::Play(p) => match p.card_move() {
                Some(m) if m.attack => (m.from, m.to),
                _ => return None,
            },
            _ => return None,
        };
        let attacker = self.board.get(from)?;
        self.defender(attacker, to)
    }

    /// The exact odds of an attempt's results.
    pub fn attempt_odds(&self, action: &Action) -> Option<Odds> {
        self.attempt_dice(action).map(DiceCounts::odds)
    }

    /// The piece an attempt on `to` is aimed at, and its square (differs for en passant).
    fn defender(&self, attacker: Piece, to: Square) -> Option<(Square, Piece)> {
        if let Some(p) = self.board.get(to) {
            return Some((to, p));
        }
        if attacker.role == Role::Pawn && self.en_passant == Some(to) {
            let v = movegen::en_passant_victim(to, attacker.colour)?;
            return self.board.get(v).map(|p| (v, p));
        }
        None
    }

    /// Applies a legal action, rolling any dice with the state's own generator.
    pub fn apply(&self, action: &Action) -> Result<(State, Record), RuleError> {
        self.check_legal(action)?;
        let mut next = self.clone();
        let (dice, result) = match self.attempt_dice(action) {
            Some(counts) if counts.defender == 0 => (None, Some(AttemptResult::Success)),
            Some(counts) => {
                let dice = Dice {
                    attacker: next.dice.roll(counts.attacker),
                    defender: next.dice.roll(counts.defender),
                };
                (Some(dice), Some(dice.result()))
            }
            None => (None, None),
        };
        Ok(next.finish(action, dice, result))
    }

    /// Applies a legal action with the given dice (the generator is not used). Moves and heals
    /// take no dice; an attempt on a wounded defender takes the attacker's dice only, or none.
    pub fn apply_with_dice(
        &self,
        action: &Action,
        dice: Option<Dice>,
    ) -> Result<(State, Record), RuleError> {
        self.check_legal(action)?;
        let expected = self.attempt_dice(action);
        let given = dice.map_or((0, 0), |d| (d.attacker.len(), d.defender.len()));
        let fits = match expected {
            None => dice.is_none(),
            Some(c) if c.defender == 0 => given.1 == 0,
            Some(c) => given == (c.attacker, c.defender),
        };
        if !fits {
            return Err(RuleError::DiceMismatch {
                expected: expected.unwrap_or(DiceCounts {
                    attacker: 0,
                    defender: 0,
                }),
                given,
            });
        }
        let result = match (expected, dice) {
            (Some(c), _) if c.defender == 0 => Some(AttemptResult::Success),
            (Some(_), Some(d)) => Some(d.result()),
            _ => None,
        };
        let dice = dice.filter(|d| !d.defender.is_empty());
        Ok(self.clone().finish(action, dice, result))
    }

    /// Applies a legal attempt with a chosen result (the engine's chance nodes), or any other
    /// legal action with `result` ignored. No dice are recorded.
    pub fn apply_with_result(
        &self,
        action: &Action,
        result: AttemptResult,
    ) -> Result<(State, Record), RuleError> {
        self.check_legal(action)?;
        let result = match self.attempt_odds(action) {
            Some(odds) => {
                if odds.of(result).num == 0 {
                    return Err(RuleError::ImpossibleResult(result));
                }
                Some(result)
            }
            None => None,
        };
        Ok(self.clone().finish(action, None, result))
    }

    /// Applies a legal Zombie Pawn or Trophy with its chance decided (one of
    /// [`cards::card_chances`]); the generator is not used.
    pub fn apply_with_chance(
        &self,
        action: &Action,
        chance: cards::CardChance,
    ) -> Result<(State, Record), RuleError> {
        self.check_legal(action)?;
        let possible = match action {
            Action::Play(p) => cards::card_chances(self, p)
                .iter()
                .any(|(c, _)| *c == chance),
            _ => false,
        };
        if !possible {
            return Err(RuleError::Illegal {
                action: *action,
                why: Why::ImpossibleChance,
            });
        }
        let mut next = self.clone();
        let actor = next.turn;
        next.advance_chance(action, None, Some(chance));
        next.end = next.judge_end();
        let record = Record {
            action: *action,
            dice: None,
            result: None,
            actor,
        };
        Ok((next, record))
    }

    pub(crate) fn check_legal(&self, action: &Action) -> Result<(), RuleError> {
        if let Some(end) = self.end {
            return Err(RuleError::GameOver(end));
        }
        if self.is_legal(action) {
            return Ok(());
        }
        Err(RuleError::Illegal {
            action: *action,
            why: self.why_illegal(action),
        })
    }

    /// Why a refused action is refused, for the player.
    fn why_illegal(&self, action: &Action) -> Why {
        if let Action::Play(p) = action {
            if !self.hand(self.turn).contains(p.artifact()) {
                return Why::NotInHand;
            }
            let mut own = Vec::new();
            cards::pseudo_plays(self, &mut own);
            return if own.contains(action) {
                Why::LeavesKingInCheck
            } else {
                Why::CardNotPlayableSo
            };
        }
        if *action == Action::Pass {
            return Why::NoWindowToPass;
        }
        let Some(from) = action.from() else {
            return Why::NoSuchAction;
        };
        let Some(piece) = self.board.get(from) else {
            return Why::EmptySquare;
        };
        if piece.colour != self.turn {
            return Why::OtherSidesPiece;
        }
        let mut own = Vec::new();
        movegen::pseudo_actions_from(self, from, &mut own);
        if own.contains(action) {
            return Why::LeavesKingInCheck;
        }
        match action {
            Action::Play(_) | Action::Pass => Why::CardNotPlayableSo,
            Action::Heal { .. } => Why::HealRule,
            Action::Attempt { .. } => Why::CannotAttemptThere,
            Action::Move { .. } => Why::CannotMoveThere,
        }
    }

    /// Carries out a legal action with its (already decided) result, then passes the turn,
    /// counts progress and repetitions and judges the end.
    fn finish(
        mut self,
        action: &Action,
        dice: Option<Dice>,
        result: Option<AttemptResult>,
    ) -> (State, Record) {
        let actor = self.turn;
        self.advance(action, result);
        let record = Record {
            action: *action,
            dice,
            result,
            actor,
        };
        self.end = self.judge_end();
        (self, record)
    }

    /// Plays a legal action with its result and records the new position for repetitions, but
    /// does not judge the end: the engine's fast path (it looks at the end itself).
    pub(crate) fn advance(&mut self, action: &Action, result: Option<AttemptResult>) {
        self.advance_chance(action, result, None);
    }

    /// [`State::advance`] with a card's chance decided.
    pub(crate) fn advance_chance(
        &mut self,
        action: &Action,
        result: Option<AttemptResult>,
        chance: Option<cards::CardChance>,
    ) {
        if self.play_chance(action, result, chance) {
            self.seen.clear();
        }
        let key = self.key();
        self.seen.push(key);
    }

    /// How many times the current position has stood (1 when new).
    pub fn repetitions(&self) -> usize {
        let now = self.key();
        self.seen.iter().filter(|&&k| k == now).count()
    }

    /// The board, rights, reserves, turn and clocks after the action, without judging the end.
    /// Returns whether the action can never be undone by moving (a pawn move or a capture).
    /// `result` is the attempt's result (ignored for other actions).
    pub(crate) fn play(&mut self, action: &Action, result: Option<AttemptResult>) -> bool {
        self.play_chance(action, result, None)
    }

    /// [`State::play`] with a card's chance decided (Zombie Pawn's square, Trophy's draw).
    pub(crate) fn play_chance(
        &mut self,
        action: &Action,
        result: Option<AttemptResult>,
        chance: Option<cards::CardChance>,
    ) -> bool {
        let irreversible = self.play_inner(action, result, chance);
        // A shield or Restriction ends with its piece (taken, turned to stone).
        for c in Colour::BOTH {
            let i = c.index();
            let holds = |sq: Option<Square>| {
                sq.is_some_and(|s| self.board.get(s).is_some_and(|p| p.colour == c))
            };
            if !holds(self.shields[i]) {
                self.shields[i] = None;
            }
            if !holds(self.restricted[i]) {
                self.restricted[i] = None;
            }
        }
        irreversible
    }

    fn play_inner(
        &mut self,
        action: &Action,
        result: Option<AttemptResult>,
        chance: Option<cards::CardChance>,
    ) -> bool {
        if let Some(window) = self.window {
            return self.answer_window(action, window);
        }
        if *action == Action::Play(Play::Cancel) {
            self.cancel();
            return true;
        }
        // The state before an artifact, kept so that Cancel can bring it back.
        let before = match action {
            Action::Play(p) => {
                let mut b = self.clone();
                b.cancelable = None;
                Some((p.artifact(), Box::new(b)))
            }
            _ => None,
        };
        if !self.keeps_cancel_chance(action) {
            self.cancelable = None;
        }
        let actor = self.turn;
        let mut progress = false;
        let mut irreversible = false;
        let mut en_passant = None;
        match *action {
            Action::Move {
                from,
                to,
                promotion,
            } => {
                let castle = movegen::is_castling(&self.board, from, to);
                let Some(mut piece) = self.board.take(from) else {
                    return false;
                };
                if castle {
                    let rank = from.rank();
                    let (rf, rt) = if to.file() == 6 { (7, 5) } else { (0, 3) };
                    if let (Some(rf), Some(rt)) = (Square::new(rf, rank), Square::new(rt, rank)) {
                        let rook = self.board.take(rf);
                        self.board.set(rt, rook);
                    }
                }
                if piece.role == Role::Pawn {
                    progress = true;
                    irreversible = true;
                    if from.rank().abs_diff(to.rank()) == 2 {
                        en_passant = from.offset(0, actor.forward());
                    }
                }
                promote(&mut piece, promotion);
                self.board.set(to, Some(piece));
                self.castling.touch(from);
                self.castling.touch(to);
            }
            Action::Attempt { .. } => {
                let result = result.unwrap_or(AttemptResult::Miss);
                progress = result != AttemptResult::Miss;
                irreversible = result == AttemptResult::Success;
                self.resolve_attempt(action, result);
            }
            Action::Play(p) => {
                cards::play_card(self, &p, result, chance);
                self.cancelable = before;
                if matches!(p, Play::Seize(_) | Play::Restriction(_)) {
                    // These keep the normal move: the other side may answer first.
                    self.quiet = 0;
                    self.window = Some(Window {
                        opener: actor,
                        card: p.artifact(),
                    });
                    self.turn = actor.other();
                    return true;
                }
                progress = true;
                irreversible = true;
                en_passant = cards::passed_square(&p);
            }
            Action::Pass => {}
            Action::Heal { target, .. } => {
                if let Some(mut p) = self.board.get(target) {
                    p.wounded = false;
                    self.board.set(target, Some(p));
                    progress = true;
                }
            }
        }
        self.quiet = if progress {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        // Check continuation: after a failed attempt that leaves the actor still in check, the
        // same player acts again (and keeps the en-passant chance, still "right after").
        if movegen::in_check(&self.board, actor) {
            return irreversible;
        }
        self.en_passant = en_passant;
        self.turn = actor.other();
        // A shield lasts until its owner's next turn; a Restriction for one turn of its target.
        self.shields[self.turn.index()] = None;
        self.restricted[actor.index()] = None;
        if actor == Colour::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        irreversible
    }

    /// Whether the Cancel chance (if any) outlives `action`. The chance belongs to the side that
    /// did not play the artifact, and lasts until that side's first action other than passing
    /// a window: the artifact's player making its normal move after a passed window (or acting
    /// again in check) keeps it, so that Cancel "at the start of your own turn" still undoes
    /// "the artifact the opponent played on the turn just before". A new artifact replaces it;
    /// Cancel uses it.
    pub(crate) fn keeps_cancel_chance(&self, action: &Action) -> bool {
        let Some((_, before)) = &self.cancelable else {
            return false;
        };
        if self.window.is_some() {
            // A pass keeps it; Cancel uses it; a Seize answer is never cancelled.
            return *action == Action::Pass;
        }
        before.turn == self.turn && !matches!(action, Action::Play(_))
    }

    /// The responder's answer in an open window: pass, Cancel, or a Seize of the card just
    /// played. Then the opener makes its normal move.
    fn answer_window(&mut self, action: &Action, window: Window) -> bool {
        let responder = self.turn;
        match action {
            Action::Play(Play::Cancel) => {
                self.cancel();
                return true;
            }
            Action::Play(Play::Seize(card)) => {
                let r = responder.index();
                self.hands[r].remove(Artifact::Seize);
                self.played[r].push(Artifact::Seize);
                let pile = &mut self.played[window.opener.index()];
                if let Some(i) = pile.iter().rposition(|c| c == card) {
                    pile.remove(i);
                }
                self.hands[r].insert(*card);
                self.quiet = 0;
                self.cancelable = None;
            }
            _ => {}
        }
        self.window = None;
        self.turn = window.opener;
        true
    }

    /// Cancel: the whole state from before the other side's last artifact comes back (wounds,
    /// obstacles, promotions, reserves, dice, cards); that artifact and this Cancel are both
    /// spent, and the other side acts again without it.
    ///
    /// A keyed generator (the online game's, [`DiceRng::keyed`]) is the one exception: it does
    /// not go back. Rewound, it would give again the values a cancelled Zombie Pawn or Trophy
    /// has just used, so the side that played it would know something of its next dice (or
    /// draws) before choosing its next action. (A card's attack rolls its dice before the state
    /// is kept for Cancel, so those never come again.) The unkeyed generator of a game on one
    /// device comes back as ever.
    fn cancel(&mut self) {
        let responder = self.turn;
        let Some((card, before)) = self.cancelable.take() else {
            return;
        };
        let mut restored = *before;
        if self.dice.key().is_some() {
            restored.dice = self.dice;
        }
        let opener = restored.turn;
        restored.hands[opener.index()].remove(card);
        restored.played[opener.index()].push(card);
        restored.hands[responder.index()].remove(Artifact::Cancel);
        restored.played[responder.index()].push(Artifact::Cancel);
        restored.quiet = 0;
        restored.window = None;
        restored.cancelable = None;
        *self = restored;
    }

    /// An attempt's effect on the board: success removes the defender (a pawn goes to its
    /// reserve) and the attacker takes the square, promoting if told; a wound marks the
    /// defender; a miss changes nothing.
    pub(crate) fn resolve_attempt(&mut self, attempt: &Action, result: AttemptResult) {
        let Action::Attempt {
            from,
            to,
            promotion,
        } = *attempt
        else {
            return;
        };
        let Some(mut attacker) = self.board.get(from) else {
            return;
        };
        let Some((victim_sq, mut victim)) = self.defender(attacker, to) else {
            return;
        };
        match result {
            AttemptResult::Success => {
                self.board.set(victim_sq, None);
                if victim.role == Role::Pawn {
                    let r = &mut self.reserves[victim.colour.index()];
                    *r = r.saturating_add(1);
                }
                self.board.set(from, None);
                promote(&mut attacker, promotion);
                self.board.set(to, Some(attacker));
                self.castling.touch(from);
                self.castling.touch(to);
            }
            AttemptResult::Wound => {
                victim.wounded = true;
                self.board.set(victim_sq, Some(victim));
            }
            AttemptResult::Miss => {}
        }
    }

    /// The draw and end rules, judged for the side to act.
    pub(crate) fn judge_end(&self) -> Option<End> {
        if movegen::generate(self).is_empty() {
            return Some(if self.in_check() {
                End::Mate {
                    winner: self.turn.other(),
                }
            } else {
                End::Stalemate
            });
        }
        self.drawn_by_rule()
    }

    /// The draws that do not depend on the actions available: bare kings, a third repetition,
    /// [`NO_PROGRESS_LIMIT`] actions without progress.
    pub(crate) fn drawn_by_rule(&self) -> Option<End> {
        if self.bare_kings() {
            return Some(End::BareKings);
        }
        if self.repetitions() >= 3 {
            return Some(End::Repetition);
        }
        if self.quiet >= NO_PROGRESS_LIMIT {
            return Some(End::NoProgress);
        }
        None
    }

    /// The lone-kings draw: only the two kings stand, neither side can ever return a pawn, and
    /// the side to act cannot answer with Cancel.
    ///
    /// A side can return a pawn when it holds Resurrection or Zombie Pawn and its reserve is
    /// not empty. With only kings on the board an empty reserve stays empty (nothing can be
    /// taken), so such a card can never be played and does not hold the draw back. The draw
    /// waits while the side to act holds Cancel and has a Cancel chance (the artifact that left
    /// the kings alone, or the opponent's move after a passed window): Cancel would bring the
    /// pieces back. Any other action of that side ends the chance, and the draw comes then.
    fn bare_kings(&self) -> bool {
        if !self.board.pieces().all(|(_, p)| p.role == Role::King) {
            return false;
        }
        let returns =
            |c: Colour| self.reserve(c) > 0 && self.hand(c).iter().any(Artifact::returns_pawns);
        let may_cancel =
            self.cancelable().is_some() && self.hand(self.turn).contains(Artifact::Cancel);
        !returns(Colour::White) && !returns(Colour::Black) && !may_cancel
    }

    /// A fingerprint of what makes two positions "the same" for repetitions: pieces with their
    /// marks, impassable squares, the side to act, castling rights, a usable en-passant chance,
    /// reserves, played piles, shields, Scouting, Restrictions, an open window and a Cancel
    /// chance (which card, played by whom: public, whether or not the other side holds Cancel)
    /// — not the clocks, not the dice generator, and not the hands: a hand changes only when a
    /// card is played or taken, which restarts the count anyway, so the key is the same whether
    /// a hidden hand is known, masked or guessed (the engine's view keys positions as the game
    /// does). A position with a Cancel chance offers an action the same position without it
    /// does not, so the two never count as the same.
    /// A Zobrist key from constant tables ([`super::zobrist`]), stable across builds, so saved
    /// states keep their repetition counts.
    pub fn key(&self) -> u64 {
        use super::bits::{Bits, bit};
        use super::zobrist as z;
        let mut h = 0u64;
        let board = &self.board;
        let (wounded, heirs) = (board.wounded_bits(), board.heir_bits());
        for colour in Colour::BOTH {
            for role in Role::ALL {
                for sq in Bits(board.pieces_of(colour, role)) {
                    h ^= z::PIECES[z::piece_index(
                        colour.index(),
                        role as usize,
                        wounded & bit(sq) != 0,
                        heirs & bit(sq) != 0,
                        sq,
                    )];
                }
            }
        }
        for sq in Bits(board.impassable_bits()) {
            h ^= z::IMPASSABLE[sq];
        }
        if self.turn == Colour::Black {
            h ^= z::BLACK;
        }
        h ^= z::CASTLING[self.castling.bits() as usize & 15];
        if let Some(ep) = self.usable_en_passant() {
            h ^= z::EN_PASSANT[ep.index()];
        }
        for c in Colour::BOTH {
            let i = c.index();
            h ^= z::RESERVES[i * 16 + (self.reserves[i] as usize).min(15)];
            if !self.played[i].is_empty() {
                let mut counts = [0u8; 22];
                for a in self.played[i].iter() {
                    counts[*a as usize] = counts[*a as usize].saturating_add(1);
                }
                for (k, &n) in counts.iter().enumerate() {
                    if n > 0 {
                        h ^= z::PLAYED[(i * 22 + k) * 4 + (n as usize).min(3)];
                    }
                }
            }
            if let Some(s) = self.shields[i] {
                h ^= z::SHIELDS[i * 64 + s.index()];
            }
            if let Some(s) = self.restricted[i] {
                h ^= z::RESTRICTED[i * 64 + s.index()];
            }
            if self.scouted[i] {
                h ^= z::SCOUTED[i];
            }
        }
        if let Some(w) = self.window {
            h ^= z::WINDOW[w.opener.index() * 22 + w.card as usize];
        }
        if let Some((card, before)) = &self.cancelable {
            h ^= z::CANCEL_CHANCE[before.turn.index() * 22 + *card as usize];
        }
        h
    }

    /// The engine's transposition key: [`State::key`] plus both hands and the state a Cancel
    /// would bring back (two states with equal search keys offer the same actions with the same
    /// effects, up to the clocks and the history).
    pub fn search_key(&self) -> u64 {
        self.search_key_from(self.key())
    }

    /// [`State::search_key`] from the already computed [`State::key`].
    pub fn search_key_from(&self, key: u64) -> u64 {
        use super::zobrist as z;
        let mut h = key;
        for c in Colour::BOTH {
            for a in self.hands[c.index()].iter() {
                h ^= z::HANDS[c.index() * 22 + a as usize];
            }
        }
        if let Some((card, before)) = &self.cancelable {
            h ^= z::CANCELABLE[*card as usize] ^ z::fold(before.search_key());
        }
        h
    }

    /// The en-passant square when a pawn of the side to act could use it.
    fn usable_en_passant(&self) -> Option<Square> {
        self.en_passant.filter(|&ep| {
            [-1, 1].iter().any(|&df| {
                ep.offset(df, -self.turn.forward())
                    .and_then(|s| self.board.get(s))
                    .is_some_and(|p| p.colour == self.turn && p.role == Role::Pawn)
            })
        })
    }
}

/// Promotes a pawn: the wound stays, the Heir mark goes.
fn promote(piece: &mut Piece, promotion: Option<Role>) {
    if let Some(role) = promotion {
        piece.role = role;
        piece.heir = false;
    }
}
