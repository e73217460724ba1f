//! Ash & Walnut (`spec/ash-and-walnut.md`): Hive's rules under the five creatures' names, and
//! the three expansion creatures (Jay, Squirrel, Hedgehog: Hive's Mosquito, Ladybug, Pillbug) in
//! the game types that bring them ([`GameType`]).
//!
//! [`hex`] has the coordinates, [`piece`] the colours, creatures and pieces, [`board`] the stacks
//! and move primitives, [`movegen`] placement, movement, one group and gates, [`state`] the game
//! with its history and end, [`notation`] standard Hive notation and GameStrings, [`record`] the
//! shareable game record, and [`words`] the helpers for the table (rings, move descriptions).
//!
//! What the table calls: [`State::new`], [`State::legal_moves`], [`State::play`],
//! [`State::undo`], [`State::outcome`]; to draw it, [`Board::tops`] and [`Board::stack`] with
//! [`Hex::to_plane`]; for the rings, [`words::placement_destinations`] and
//! [`words::move_destinations`]; for "All my moves", [`words::describe`]; for saves, serde (a
//! GameString inside). The bot and the timeout move are in `crate::ai::hive`, the verifier in
//! `crate::ai::hive::verify`.

pub mod board;
pub mod hex;
pub mod movegen;
pub mod notation;
pub mod piece;
pub mod record;
pub mod state;
pub mod words;

pub use board::{Board, Move, Stack};
pub use hex::{Direction, Hex};
pub use movegen::Scratch;
pub use notation::NotationError;
pub use piece::{Colour, Creature, GameType, Piece};
pub use record::{GameRecord, RecordError, RecordedEntry, RecordedMove, RecordedResult};
pub use state::{DrawReason, Outcome, PLY_LIMIT, RuleError, SetupError, State};

impl crate::rules::Game for State {
    type Action = Move;
    type Side = Colour;
    type Outcome = Outcome;
    type Record = Move;
    type Error = RuleError;
    type ParseError = NotationError;

    const KIND: crate::rules::GameKind = crate::rules::GameKind::Hive;

    fn start() -> State {
        State::new()
    }

    fn sides() -> [Colour; 2] {
        Colour::BOTH
    }

    /// Hive tools call the sides white and black (UHP); ash is white.
    fn side_name(side: Colour) -> &'static str {
        match side {
            Colour::Ash => "white",
            Colour::Walnut => "black",
        }
    }

    fn to_move(&self) -> Colour {
        State::to_move(self)
    }

    fn legal_actions(&self) -> Vec<Move> {
        self.legal_moves()
    }

    fn check(&self, m: &Move) -> Result<(), RuleError> {
        if let Some(o) = self.outcome() {
            return Err(RuleError::GameOver(o));
        }
        if self.is_legal(*m) {
            Ok(())
        } else {
            Err(RuleError::Illegal {
                mv: *m,
                why: self.why_illegal(*m),
            })
        }
    }

    fn apply(&self, m: &Move) -> Result<(State, Move), RuleError> {
        let mut next = self.clone();
        next.play(*m)?;
        Ok((next, *m))
    }

    fn outcome(&self) -> Option<Outcome> {
        State::outcome(self)
    }

    fn winner(outcome: &Outcome) -> Option<Colour> {
        match outcome {
            Outcome::Win(c) => Some(*c),
            Outcome::Draw(_) => None,
        }
    }

    fn action_text(&self, m: &Move) -> String {
        self.move_string(*m)
    }

    fn parse_action(&self, text: &str) -> Result<Move, NotationError> {
        self.parse_move(text)
    }

    /// The GameString (a game from a hand-made setup keeps only its moves).
    fn position_text(&self) -> String {
        self.game_string()
    }

    fn parse_position(text: &str) -> Result<State, NotationError> {
        State::from_game_string(text)
    }

    fn perft(&self, depth: u32) -> u64 {
        if self.outcome().is_some() {
            return 0;
        }
        let mut board = self.board().clone();
        movegen::perft(&mut board, depth, &mut Scratch::new(), &mut Vec::new())
    }
}
