//! Ash & Walnut at a server table: [`Hive`], its [`Hosted`] impl over the match layer's
//! [`HiveGame`]. The commit–reveal seed (its fingerprint, the colour rule that seats ash), the
//! turn clock and its timeout move, the bot, the refusals in the wire's codes, the ending in the
//! wire's words and the record are all [`HiveGame`]'s; this file only translates. Nothing is
//! hidden: every viewer sees every move. The table's game type (`TableOptions::game_type`,
//! the base game when absent) sets the reserves; every view says it, and the record keeps it.

use super::game::{Accepted, BotJob, Hosted, OfferEvent, Refusal, Start, offer_of};
use crate::i18n::{Explain, english};
use crate::net::protocol::{
    EndReason, ErrorCode, GameView, OfferKind, Outcome, PlayedView, SeatId, Side, TableOptions,
    Viewer,
};
use crate::play::hive::{Ending, HiveGame};
use crate::play::{ClockSetting, Played, Refused};
use crate::rules::hive::{Colour, DrawReason, Move, NotationError, State};
use std::time::Duration;

/// A game of Ash & Walnut held by a server table.
#[derive(Clone)]
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
        Refused::Rule(_) | Refused::Coached(_) => ErrorCode::Illegal,
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
        Ending::Agreed => EndReason::Agreed,
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
        )
        .of_type(start.options.hive_game_type());
        Hive {
            game,
            clock: start.clock,
        }
    }

    /// No move yet, and the game type the opener chose: a client that joins or watches sets
    /// out the reserves of that game.
    fn waiting_view(options: &TableOptions) -> GameView {
        GameView::Hive {
            moves: Vec::new(),
            game_type: options.hive_game_type(),
        }
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

    fn note_offer(&mut self, by: Side, what: OfferKind, event: OfferEvent) {
        self.game.note_offer(by.into(), offer_of(what), event);
    }

    fn agree_draw(&mut self) -> Result<(), Refusal> {
        self.game
            .agree_draw()
            .map(|_| ())
            .map_err(|_| Refusal::new(ErrorCode::GameOver, "the game has ended"))
    }

    fn may_take_back(&self, side: Side) -> Result<(), Refusal> {
        if self.game.ending().is_some() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game has ended"));
        }
        let last = self
            .game
            .game()
            .record()
            .last()
            .map(|e| (e.side, e.timeout));
        let me = <State as crate::rules::Game>::side_index(Colour::from(side));
        super::game::own_last_action(last, me, "move")
    }

    /// The match layer's takeback of `side`'s last move, which must be the last move played:
    /// `takeback 1` in the record.
    fn take_back(&mut self, side: Side) -> Result<(), Refusal> {
        self.may_take_back(side)?;
        self.game
            .take_back(Colour::from(side))
            .map(|_| ())
            .map_err(|e| Refusal::new(ErrorCode::BadRequest, english(&e.explain())))
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
        let game_type = self.game.state().game_type();
        let mut replay = State::new_game(game_type);
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
        GameView::Hive { moves, game_type }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::Seed;
    use crate::play::Seat;
    use crate::play::verify::verify_text;

    fn table() -> Hive {
        Hive::start(Start {
            seats: [Seat::Remote, Seat::Remote],
            names: ["Ana".into(), "Rui".into()],
            secret: Seed([9; 32]),
            clock: Duration::from_secs(60),
            bot_seed: 1,
            options: TableOptions::default(),
        })
    }

    /// The names of the checks `tables verify` fails on this text.
    fn failed(text: &str) -> Vec<&'static str> {
        verify_text(text)
            .unwrap()
            .into_iter()
            .filter(|c| !c.passed)
            .map(|c| c.name)
            .collect()
    }

    fn play(t: &mut Hive, side: Side, action: &str) {
        let seat = t.seat_of(side);
        t.submit(seat, action).unwrap();
    }

    #[test]
    fn a_declined_draw_changes_nothing_and_an_agreed_one_ends_the_game_and_verifies() {
        let mut t = table();
        play(&mut t, Side::Ash, "wS1");
        play(&mut t, Side::Walnut, "bS1 wS1-");
        t.note_offer(Side::Ash, OfferKind::Draw, OfferEvent::Made);
        t.note_offer(Side::Walnut, OfferKind::Draw, OfferEvent::Declined);
        assert_eq!((t.outcome(), t.to_move()), (None, Some(Side::Ash)));
        play(&mut t, Side::Ash, "wQ -wS1");
        t.note_offer(Side::Walnut, OfferKind::Draw, OfferEvent::Made);
        t.note_offer(Side::Ash, OfferKind::Draw, OfferEvent::Accepted);
        t.agree_draw().unwrap();
        assert_eq!(
            t.outcome(),
            Some(Outcome {
                winner: None,
                reason: EndReason::Agreed
            })
        );
        assert_eq!(t.to_move(), None);
        assert!(t.revealed().is_some());
        assert_eq!(t.agree_draw().unwrap_err().code, ErrorCode::GameOver);
        assert_eq!(
            t.take_back(Side::Ash).unwrap_err().code,
            ErrorCode::GameOver
        );
        let text = t.record();
        assert!(
            text.contains("offer draw made by ash at 2\noffer draw declined by walnut at 2\nmove "),
            "{text}"
        );
        assert!(
            text.contains("offer draw accepted by ash at 3\ndraw agreed\nresult draw\n"),
            "{text}"
        );
        let checks = verify_text(&text).unwrap();
        assert!(checks.iter().all(|c| c.passed), "{checks:?}");
        assert!(checks.iter().any(|c| c.name == "offers"));
        // An agreed draw without an accepted offer, an offer answered by its own side, an
        // offer placed at another move: each fails the offers check alone.
        for (from, to) in [
            ("offer draw accepted by ash at 3\n", ""),
            ("accepted by ash at 3", "accepted by walnut at 3"),
            ("made by walnut at 3", "made by walnut at 2"),
        ] {
            let forged = text.replace(from, to);
            assert_eq!(failed(&forged), ["offers"], "{from} → {to}");
        }
        // The record without its offers is an old one: it verifies as before, without an
        // offers check, but not as a draw.
        let old: String = text
            .lines()
            .filter(|l| !l.starts_with("offer ") && *l != "draw agreed")
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(failed(&old), ["result"]);
        let old = old.replace("result draw", "result in progress");
        let checks = verify_text(&old).unwrap();
        assert!(checks.iter().all(|c| c.passed && c.name != "offers"));
    }

    #[test]
    fn a_takeback_of_ones_own_last_move_is_kept_in_a_record_that_verifies() {
        let mut t = table();
        assert_eq!(
            t.take_back(Side::Ash).unwrap_err().code,
            ErrorCode::BadRequest,
            "nothing was played"
        );
        play(&mut t, Side::Ash, "wS1");
        play(&mut t, Side::Walnut, "bS1 wS1-");
        assert_eq!(
            t.take_back(Side::Ash).unwrap_err().code,
            ErrorCode::BadRequest,
            "the last move is walnut's"
        );
        assert!(t.tick(20.0).is_none());
        t.note_offer(Side::Walnut, OfferKind::Takeback, OfferEvent::Made);
        t.note_offer(Side::Ash, OfferKind::Takeback, OfferEvent::Accepted);
        t.take_back(Side::Walnut).unwrap();
        assert_eq!(t.seq(), 1);
        assert_eq!(t.to_move(), Some(Side::Walnut));
        assert_eq!(t.time_left(), Some(60.0), "the clock starts afresh");
        play(&mut t, Side::Walnut, "bS1 -wS1");
        // The clock plays ash's move: it is not taken back.
        let timeout = t.tick(61.0).unwrap();
        assert!(timeout.timeout);
        assert_eq!(
            t.take_back(Side::Ash).unwrap_err().code,
            ErrorCode::BadRequest
        );
        assert_eq!(t.seq(), 3);
        t.resign(t.seat_of(Side::Walnut)).unwrap();
        assert_eq!(
            t.take_back(Side::Ash).unwrap_err().code,
            ErrorCode::GameOver
        );
        let text = t.record();
        assert!(
            text.contains(
                "offer takeback made by walnut at 2\noffer takeback accepted by ash at 2\ntakeback 1\n"
            ),
            "{text}"
        );
        let checks = verify_text(&text).unwrap();
        assert!(checks.iter().all(|c| c.passed), "{checks:?}");
        // The taken-back move and its takeback dropped: the moves still replay to the same
        // result (the offers now stand one move early).
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().position(|l| *l == "takeback 1").unwrap();
        let dropped: String = lines
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != at && *i != at - 3)
            .map(|(_, l)| format!("{l}\n"))
            .collect();
        assert!(lines[at - 3].starts_with("move "), "{text}");
        assert_eq!(failed(&dropped), ["offers"]);
        // Walnut's takeback carried out on ash's move instead: caught.
        let forged = text
            .replace("made by walnut at 2", "made by ash at 2")
            .replace("accepted by ash at 2", "accepted by walnut at 2");
        assert_eq!(failed(&forged), ["offers"]);
    }

    #[test]
    fn the_servers_default_clock_is_ash_and_walnuts_turn() {
        assert_eq!(
            f64::from(super::super::Config::default().clock),
            crate::play::hive::TURN_SECONDS
        );
    }
}
