//! Artifact Chess (`spec/artifact-chess.md`): armies, dice combat, wounds, healing, check,
//! draws, history and notation (issue #7); the 22 artifacts and the response window (issue #8,
//! in [`cards`]).
//!
//! The whole game is a [`State`] changed only by [`State::apply`] (dice from the state's own
//! generator), [`State::apply_with_dice`] (explicit dice) or [`State::apply_with_result`] (a
//! chosen result, for the engine's chance nodes). A refused action is a [`RuleError`] and changes
//! nothing. The history of a game is its match's course (`play::Match`); [`notation`] reads
//! and writes positions and actions. For the table: [`piece_actions`] (one selected piece), [`card_actions`] (one card), [`State::view_for`] (hidden cards masked),
//! [`last_actor`] (the gold frame after one action).
//!
//! Decisions where the spec is silent:
//! - An attempt is legal when its success leaves the actor's king safe; its failure changes no
//!   line, so a failed attempt can only leave the king in check if it was already in check —
//!   then the same player acts again (and keeps any en-passant chance, still "right after").
//! - Progress: a pawn's move, an attempt that succeeds or wounds, a heal (and, in part 2, an
//!   artifact played). A miss is no progress.
//! - A wounded defender dies without any roll: no dice are recorded for that attempt and the
//!   generator is not used.
//! - Set-ups are made blind, so a game may start with a king already attacked (a rook on an
//!   open file). Positions where the side not to act stands in check are therefore accepted:
//!   the king is never captured, so that side simply answers the check on its turn.
//! - Repetitions compare pieces with their marks, impassable squares, side to act, castling
//!   rights, a usable en-passant chance, reserves, played piles, shields, Scouting, Restrictions,
//!   an open window and a Cancel chance. Hands are left out of the key: they change only when a
//!   card is played or taken, which restarts the count, so no repetition is gained or lost by
//!   that, and the engine's view (the other hand hidden) keys positions as the game does.

pub mod army;
pub mod artifact;
pub(crate) mod bits;
pub mod board;
pub mod cards;
pub mod dice;
pub mod frame;
pub mod motion;
pub mod movegen;
pub mod notation;
pub mod state;
mod zobrist;

pub use army::{Army, ArmyError, start_state, start_state_keyed, start_state_without_artifacts};
pub use artifact::{Artifact, ArtifactKind, ArtifactSet, Pile};
pub use board::{Board, Colour, Piece, Role, Square, SquareSet};
pub use cards::{CardChance, CardMove, Play, card_chances};
pub use dice::{AttemptResult, Dice, DiceCounts, DiceRng, DiceSet, Fraction, Odds};
pub use frame::last_actor;
pub use motion::{
    Alteration, Arrival, BoardEffect, Cause, Change, Hop, Motion, Motions, Origin, Removal, motions,
};
pub use notation::{ActionSyntaxError, PositionError, QUEENLESS_START, parse_position};
pub use state::{Action, Castling, End, NO_PROGRESS_LIMIT, Record, RuleError, State, Window};

/// What one selected piece may do, for the table: where it may move, which enemies it may
/// attempt (with the odds of each result), and which wounded friends it may heal (a king).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceActions {
    /// Moves, castling included; a promotion gives one action per piece chosen.
    pub moves: Vec<Action>,
    /// Capture attempts with their exact odds.
    pub attempts: Vec<(Action, Odds)>,
    pub heals: Vec<Action>,
}

impl PieceActions {
    /// The squares the piece may go to or aim at, each once.
    pub fn targets(&self) -> Vec<Square> {
        let mut out: Vec<Square> = self
            .moves
            .iter()
            .chain(self.attempts.iter().map(|(a, _)| a))
            .chain(self.heals.iter())
            .filter_map(Action::to)
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// The legal actions of the piece on `from` (empty for an empty square or the other side's).
pub fn piece_actions(state: &State, from: Square) -> PieceActions {
    let mut out = PieceActions::default();
    for action in state.legal_actions() {
        match action {
            _ if action.from() != Some(from) => {}
            Action::Move { .. } => out.moves.push(action),
            Action::Attempt { .. } => {
                if let Some(odds) = state.attempt_odds(&action) {
                    out.attempts.push((action, odds));
                }
            }
            Action::Heal { .. } => out.heals.push(action),
            Action::Play(_) | Action::Pass => {}
        }
    }
    out
}

/// The legal plays of one artifact (for the table's card picker: where a card may be aimed);
/// empty when the card is not in the hand of the side to act or cannot be played now.
pub fn card_actions(state: &State, card: Artifact) -> Vec<Action> {
    state
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Play(p) if p.artifact() == card))
        .collect()
}

/// Counts the action sequences of length `depth`, every capture attempt taken as succeeding
/// (so a plain-chess position without queens gives chess perft minus queen promotions). Draws
/// by repetition or without progress are not looked at, as in chess perft.
pub fn perft(state: &State, depth: u32) -> u64 {
    let mut root = state.clone();
    root.seen = Vec::new();
    let mut buffers = Vec::new();
    perft_inner(&root, depth, &mut buffers)
}

/// [`perft`] below the root: the positions seen are never cloned, and each depth reuses one
/// action buffer.
fn perft_inner(state: &State, depth: u32, buffers: &mut Vec<Vec<Action>>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut actions = buffers.pop().unwrap_or_default();
    movegen::generate_into(state, &mut actions);
    let n = if depth == 1 {
        actions.len() as u64
    } else {
        actions
            .iter()
            .map(|a| {
                let mut next = state.clone();
                next.play(a, Some(AttemptResult::Success));
                perft_inner(&next, depth - 1, buffers)
            })
            .sum()
    };
    buffers.push(actions);
    n
}

impl crate::rules::Game for State {
    type Action = Action;
    type Side = Colour;
    type Outcome = End;
    type Record = Record;
    type Error = RuleError;
    type ParseError = notation::ParseError;

    const KIND: crate::rules::GameKind = crate::rules::GameKind::Chess;

    /// The plain chess start without queens: the perft reference (not an army of the rules).
    fn start() -> State {
        parse_position(QUEENLESS_START).unwrap_or_else(|_| State::bare().settle())
    }

    /// Two armies of 14–15 points as the engine builds them ([`Army::engine`]) and the hands
    /// dealt, all from `seed`.
    fn opening(seed: u64) -> State {
        let mut rng = DiceRng::new(seed);
        let white = Army::engine(Colour::White, &mut rng);
        let black = Army::engine(Colour::Black, &mut rng);
        start_state(&white, &black, rng.next_u64())
    }

    fn sides() -> [Colour; 2] {
        Colour::BOTH
    }

    fn side_name(side: Colour) -> &'static str {
        side.name()
    }

    fn to_move(&self) -> Colour {
        self.turn()
    }

    fn legal_actions(&self) -> Vec<Action> {
        State::legal_actions(self)
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.check_legal(action)
    }

    fn apply(&self, action: &Action) -> Result<(State, Record), RuleError> {
        State::apply(self, action)
    }

    fn outcome(&self) -> Option<End> {
        self.end()
    }

    fn winner(outcome: &End) -> Option<Colour> {
        outcome.winner()
    }

    fn action_text(&self, action: &Action) -> String {
        action.to_string()
    }

    fn parse_action(&self, text: &str) -> Result<Action, notation::ParseError> {
        text.trim().parse().map_err(notation::ParseError::Action)
    }

    fn position_text(&self) -> String {
        self.to_string()
    }

    fn parse_position(text: &str) -> Result<State, notation::ParseError> {
        parse_position(text.trim()).map_err(notation::ParseError::Position)
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }
}
