//! Snēlab, the court game (`spec/snelab.md`): pieces, routes, payments and the verdict. The
//! stakes and the purse around a case are the match layer's (`crate::play::snelab`).
//!
//! *Snēlab keeps one law: nothing is taken that isn't repaid in equal measure.*
//!
//! - [`types`]: sides, ranks and their routes, the court's size, squares, payments, actions.
//! - [`position`]: the board, the side to move and the backward-capture rule.
//! - [`notation`]: the court string and action notation.
//! - [`moves`]: legal actions, [`apply`], [`outcome`], [`perft`], route squares.
//! - [`select`]: the table's questions: a piece's reach, why a piece has none, the payment
//!   being picked.
//!
//! What the table calls: [`legal_actions`], [`check`] / [`apply`] (a refused action is a
//! [`RuleError`] that says why), [`outcome`]; [`reach`] for a selected piece's green dots, red
//! rings and "can't pay" badges; [`stuck`] for why a lifted piece has none of them (the square
//! in its way, its own piece where it would land, the edge of the court, a capture it cannot
//! pay for); [`payment_pick`] while a payment is picked (addable pieces, running
//! sum, the capture once complete); [`route_squares`] to animate a move square by square and
//! [`Rank::glyph`] to carve or draw a piece's route. The engine is `crate::ai::snelab`.
//!
//! Decisions where the spec is silent:
//! - Payments are written and listed in square order: by file, then by rank (`a1+a2+b1`).
//! - A piece standing on its Bench ends the case at once; should a hand-made position have pieces
//!   of both sides on their Benches, the side that just moved wins.
//! - The coin: heads, South opens. The purse belongs to one seat (`your_side` of a case); the
//!   engine's (or the other person's) coin is not kept.
//! - A case found open when the app starts (a crash mid-case) keeps its stake taken; the table
//!   resumes it or, when its record cannot be played on, gives the stake back (nothing enters
//!   the books).
//! - The opening of another court size fills both Counters with the same row of ranks, mirrored
//!   across the middle so equal ranks face each other ([`Position::opening`]).

pub mod moves;
pub mod notation;
pub mod position;
pub mod select;
pub mod types;

pub use moves::{
    Reason, RuleError, Scan, Verdict, apply, apply_unchecked, check, has_legal_action,
    legal_actions, legal_actions_into, outcome, perft, route_squares, scan,
};
pub use notation::{NotationError, Problem};
pub use position::{DEFAULT_COUNTER, Position};
pub use select::{Closed, ClosedRoute, PaymentPick, Reach, Stuck, payment_pick, reach, stuck};
pub use types::{Action, Court, Payment, Piece, Rank, RouteShape, Side, Square};

#[cfg(test)]
mod tests;

impl crate::rules::Game for Position {
    type Action = Action;
    type Side = Side;
    type Outcome = Verdict;
    type Record = Action;
    type Error = RuleError;
    type ParseError = NotationError;

    const KIND: crate::rules::GameKind = crate::rules::GameKind::Snelab;

    fn start() -> Position {
        Position::start()
    }

    fn sides() -> [Side; 2] {
        [Side::South, Side::North]
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::South => "south",
            Side::North => "north",
        }
    }

    fn to_move(&self) -> Side {
        Position::to_move(self)
    }

    fn legal_actions(&self) -> Vec<Action> {
        legal_actions(self)
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        check(self, action)
    }

    fn apply(&self, action: &Action) -> Result<(Position, Action), RuleError> {
        apply(self, action).map(|p| (p, *action))
    }

    fn outcome(&self) -> Option<Verdict> {
        outcome(self)
    }

    fn winner(outcome: &Verdict) -> Option<Side> {
        Some(outcome.winner)
    }

    fn action_text(&self, action: &Action) -> String {
        action.to_string()
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        text.trim().parse()
    }

    fn position_text(&self) -> String {
        self.to_string()
    }

    fn parse_position(text: &str) -> Result<Position, NotationError> {
        text.trim().parse()
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }
}
