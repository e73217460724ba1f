//! Ash & Walnut at a server table: [`Hive`], its [`Hosted`] impl over the match layer's
//! [`HiveGame`]. The commit–reveal seed (its fingerprint, the colour rule that seats ash), the
//! turn clock and its timeout move, the bot, the refusals in the wire's codes, the ending in the
//! wire's words and the record are all [`HiveGame`]'s; this file only translates. Nothing is
//! hidden: every viewer sees every move.

use super::game::{Accepted, BotJob, Hosted, Refusal, Start};
use crate::i18n::{Explain, english};
use crate::net::protocol::{
    EndReason, ErrorCode, GameView, Outcome, PlayedView, SeatId, Side, TableOptions, Viewer,
};
use crate::play::hive::{Ending, HiveGame};
use crate::play::{ClockSetting, Played, Refused};
use crate::rules::hive::{Colour, DrawReason, Move, NotationError, State};
use std::time::Duration;

/// A game of Ash & Walnut held by a server table.
pub struct Hive {
    game: HiveGame,
    /// The table's time for each turn.
    clock: Duration,
}

impl Hive {
    /// The match layer's game.
    pub fn game(&self) -> &HiveGame {
        &self.game
    }

    fn colour(&self, seat: SeatId) -> Colour {
        self.game.colour_of(seat.into())
    }

    /// A played move as the table stores and announces it.
    fn accepted(p: &Played<State>) -> Accepted {
        Accepted {
            side: Side::from(p.side),
            action: p.before.move_string(p.action),
            timeout: p.timeout,
        }
    }
}

/// The wire's code for a refusal of the match layer.
fn refusal(e: &Refused<State>) -> Refusal {
    let code = match e {
        Refused::GameOver => ErrorCode::GameOver,
        Refused::NotYourTurn { .. } => ErrorCode::NotYourTurn,
        // The notation reader also checks legality in the position.
        Refused::Malformed(
            NotationError::Illegal { .. }
            | NotationError::WrongColour(_)
            | NotationError::WrongNumber { .. }
            | NotationError::ReferenceNotOnTable(_),
        ) => ErrorCode::Illegal,
        Refused::Malformed(NotationError::GameOver(_)) => ErrorCode::GameOver,
        Refused::Malformed(_) => ErrorCode::BadNotation,
        Refused::Rule(_) => ErrorCode::Illegal,
    };
    Refusal::new(code, english(&e.explain()))
}

/// How a game ended, in the wire's words.
fn outcome_of(e: Ending) -> Outcome {
    use crate::rules::hive::Outcome as O;
    let reason = match e {
        Ending::Rules(O::Win(_)) => EndReason::Surrounded,
        Ending::Rules(O::Draw(DrawReason::BothEldersSurrounded)) => EndReason::BothSurrounded,
        Ending::Rules(O::Draw(DrawReason::Repetition)) => EndReason::Repetition,
        Ending::Rules(O::Draw(DrawReason::PlyLimit)) => EndReason::PlyLimit,
        Ending::Resigned(_) => EndReason::Resigned,
    };
    Outcome {
        winner: e.winner().map(Side::from),
        reason,
    }
}

impl Hosted for Hive {
    type Action = Move;

    /// The colour rule seats ash by the table's secret seed; the seed's fingerprint is shown
    /// from the start and the seed revealed at the end.
    fn start(start: Start) -> Hive {
        let game = HiveGame::new(
            start.seats,
            start.names,
            start.secret,
            ClockSetting {
                per_turn: Some(start.clock.as_millis() as f64 / 1000.0),
                window: None,
            },
            start.bot_seed,
        );
        Hive {
            game,
            clock: start.clock,
        }
    }

    fn waiting_view(_options: &TableOptions) -> GameView {
        GameView::Hive { moves: Vec::new() }
    }

    fn seq(&self) -> u64 {
        self.game.game().record().len() as u64
    }

    fn to_move(&self) -> Option<Side> {
        self.game.awaited().map(Side::from)
    }

    fn side_of(&self, seat: SeatId) -> Side {
        self.colour(seat).into()
    }

    fn opener(&self) -> SeatId {
        self.game.ash_seat().into()
    }

    fn submit(&mut self, seat: SeatId, action: &str) -> Result<Accepted, Refusal> {
        let colour = self.colour(seat);
        self.game
            .submit_text(colour, action)
            .map(|p| Hive::accepted(&p))
            .map_err(|e| refusal(&e))
    }

    fn time_allowed(&self) -> Option<Duration> {
        self.game.awaited().map(|_| self.clock)
    }

    fn time_left(&self) -> Option<f64> {
        self.game.game().time_left()
    }

    /// The timeout move is the engine's fixed-depth choice, which `tables verify` recomputes.
    fn tick(&mut self, seconds: f64) -> Option<Accepted> {
        self.game.tick(seconds).map(|p| Hive::accepted(&p))
    }

    fn resign(&mut self, seat: SeatId) -> Result<(), Refusal> {
        let colour = self.colour(seat);
        self.game
            .resign(colour)
            .map(|_| ())
            .map_err(|_| Refusal::new(ErrorCode::GameOver, "the game has ended"))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.ending().map(outcome_of)
    }

    fn bot_turn(&self) -> Option<BotJob<Move>> {
        if self.game.ending().is_some() {
            return None;
        }
        let turn = self.game.game().bot_turn()?;
        Some(BotJob {
            ply: turn.ply as u64,
            think: Box::new(move || crate::ai::choose(&turn.state, turn.level, turn.seed)),
        })
    }

    fn play_bot(&mut self, mv: Move) -> Result<Accepted, Refusal> {
        let Some(side) = self.game.awaited() else {
            return Err(Refusal::new(ErrorCode::GameOver, "the game has ended"));
        };
        self.game
            .submit(side, mv)
            .map(|p| Hive::accepted(&p))
            .map_err(|e| refusal(&e))
    }

    fn fingerprint(&self) -> String {
        self.game.fingerprint()
    }

    fn revealed(&self) -> Option<String> {
        self.game.revealed().map(|s| s.to_hex())
    }

    fn record(&self) -> String {
        self.game.record().to_text()
    }

    /// Every move, the same for every viewer.
    fn view(&self, _viewer: Viewer) -> GameView {
        let mut replay = State::new();
        let moves = self
            .game
            .game()
            .record()
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let text = replay.move_string(e.action);
                let _ = replay.play(e.action);
                PlayedView {
                    seq: i as u64 + 1,
                    action: text,
                    by: if e.side == 0 { Side::Ash } else { Side::Walnut },
                    timeout: e.timeout,
                }
            })
            .collect();
        GameView::Hive { moves }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_servers_default_clock_is_ash_and_walnuts_turn() {
        assert_eq!(
            f64::from(super::super::Config::default().clock),
            crate::play::hive::TURN_SECONDS
        );
    }
}
