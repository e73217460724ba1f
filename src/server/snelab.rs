//! Snēlab at a server table: [`Snelab`], its [`Hosted`] impl over the match layer's
//! [`Match`]. One table is one case between two people (or a person and the server's bot).
//!
//! - **The coin**: the table's secret seed decides who opens by the documented rule every game
//!   shares ([`crate::fair::ash_seat`]): the seat it names plays South and opens (the wire's
//!   `ash`); the other plays North (`walnut`). The seed's fingerprint is shown from the start
//!   and the seed revealed at the verdict, so anyone can check the flip.
//! - **Stakes and the appeal rule** are the table's options, chosen by its opener (`create`):
//!   casino (default) or street, backward captures on (default) or off. The server keeps no
//!   purse: each player's device settles the verdict into its own purse, as a local case does.
//! - **The clock**: the table's seconds per turn; a turn that runs out is played by
//!   [`crate::play::snelab::timeout_action`], which a verifier recomputes.
//! - **The record** is [`crate::play::snelab::record::CaseRecord`]'s text, which `tables
//!   verify` checks. Nothing is hidden: every viewer sees every action.
//! - **Offers**: a side may offer a draw or ask to take back its own last action. The case
//!   keeps the record's entries as they come (every action, offer, answer, takeback,
//!   resignation and agreed draw, in order), so a taken-back action stays in the record with
//!   the `takeback` after it. An agreed draw has no winner: the record's result is `draw`, and
//!   each player's device settles its purse (the server keeps none).

use super::game::{Accepted, BotJob, Hosted, OfferEvent, Refusal, Start, offer_of};
use crate::fair::Seed;
use crate::i18n::english;
use crate::net::protocol::{
    EndReason, ErrorCode, GameView, OfferKind, Outcome, PlayedView, SeatId, Side, Stakes,
    TableOptions, Viewer,
};
use crate::play::Note;
use crate::play::snelab::record::{self, CaseEntry, CaseRecord, CaseResult};
use crate::play::{ClockSetting, Ending, Match, Played};
use crate::rules::snelab::{Action, Position, Reason, Side as Court};
use std::time::Duration;

/// A Snēlab case held by a server table.
#[derive(Clone)]
pub struct Snelab {
    game: Match<Position>,
    /// The seat the coin gave South (who opens).
    south: SeatId,
    /// The seats' labels for the record, in seat order ("Ana (person)").
    labels: [String; 2],
    secret: Seed,
    stakes: Stakes,
    appeal: bool,
    clock: Duration,
    /// The record's entries as they came: actions (taken-back ones too), offers and their
    /// answers, takebacks, a resignation or an agreed draw.
    entries: Vec<CaseEntry>,
}

fn court(side: Side) -> Court {
    match side {
        Side::Ash => Court::South,
        Side::Walnut => Court::North,
    }
}

fn wire(side: Court) -> Side {
    match side {
        Court::South => Side::Ash,
        Court::North => Side::Walnut,
    }
}

impl Snelab {
    /// The match layer's case.
    pub fn game(&self) -> &Match<Position> {
        &self.game
    }

    /// A played action, kept in the course, as the table stores and announces it.
    fn accepted(&mut self, p: &Played<Position>) -> Accepted {
        self.entries.push(CaseEntry::Move {
            text: p.action.to_string(),
            timeout: p.timeout,
        });
        Accepted {
            side: wire(p.side),
            action: p.action.to_string(),
            timeout: p.timeout,
        }
    }

    /// The whole record as it stands.
    pub fn case_record(&self) -> CaseRecord {
        let entries = self.entries.clone();
        let result = match self.game.ending() {
            Some(Ending::Rules(v)) => CaseResult::Win(v.winner),
            Some(Ending::Resigned(side)) => CaseResult::Win(side.opponent()),
            Some(Ending::Agreed) => CaseResult::Draw,
            None => CaseResult::InProgress,
        };
        CaseRecord {
            fingerprint: self.secret.fingerprint(),
            seed: self.secret,
            seats: self.labels.clone(),
            south: self.south.into(),
            stakes: self.stakes.into(),
            appeal: self.appeal,
            entries,
            result,
        }
    }
}

impl Hosted for Snelab {
    /// A Snēlab case is never drawn (its stakes have no rule for it): only takebacks.
    fn may_draw(&self) -> Result<(), Refusal> {
        Err(Refusal::new(
            ErrorCode::BadRequest,
            "a Snēlab case is never drawn: no draw can be offered",
        ))
    }

    type Action = Action;

    fn start(start: Start) -> Snelab {
        let south: SeatId = crate::fair::ash_seat(&start.secret).into();
        let appeal = start.options.appeal.unwrap_or(true);
        let by_side = [
            start.seats[south.index()],
            start.seats[south.other().index()],
        ];
        let game = Match::new(
            record::start(appeal),
            by_side,
            ClockSetting {
                per_turn: Some(start.clock.as_millis() as f64 / 1000.0),
                window: None,
            },
            start.bot_seed,
        );
        let label = |i: usize| {
            let kind = english(&start.seats[i].label());
            if start.names[i].is_empty() {
                kind
            } else {
                format!("{} ({kind})", start.names[i])
            }
        };
        Snelab {
            game,
            south,
            labels: [label(0), label(1)],
            secret: start.secret,
            stakes: start.options.stakes.unwrap_or_default(),
            appeal,
            clock: start.clock,
            entries: Vec::new(),
        }
    }

    fn waiting_view(options: &TableOptions) -> GameView {
        GameView::Snelab {
            moves: Vec::new(),
            stakes: options.stakes.unwrap_or_default(),
            appeal: options.appeal.unwrap_or(true),
        }
    }

    fn seq(&self) -> u64 {
        self.game.record().len() as u64
    }

    fn to_move(&self) -> Option<Side> {
        self.game.awaited().map(wire)
    }

    fn side_of(&self, seat: SeatId) -> Side {
        if seat == self.south {
            Side::Ash
        } else {
            Side::Walnut
        }
    }

    fn opener(&self) -> SeatId {
        self.south
    }

    fn submit(&mut self, seat: SeatId, action: &str) -> Result<Accepted, Refusal> {
        let side = court(self.side_of(seat));
        let played = self
            .game
            .submit_text(side, action)
            .map_err(|e| Refusal::of_match(&e))?;
        Ok(self.accepted(&played))
    }

    fn time_allowed(&self) -> Option<Duration> {
        self.game.awaited().map(|_| self.clock)
    }

    fn time_left(&self) -> Option<f64> {
        self.game.time_left()
    }

    fn tick(&mut self, seconds: f64) -> Option<Accepted> {
        let played = self.game.tick(seconds)?;
        Some(self.accepted(&played))
    }

    fn resign(&mut self, seat: SeatId) -> Result<(), Refusal> {
        let side = court(self.side_of(seat));
        self.game
            .resign(side)
            .map(|_| self.entries.push(CaseEntry::Resign(side)))
            .map_err(|_| Refusal::new(ErrorCode::GameOver, "the case has ended"))
    }

    fn note_offer(&mut self, by: Side, what: OfferKind, event: OfferEvent) {
        self.entries.push(CaseEntry::Offer(Note {
            offer: offer_of(what),
            event,
            by: court(by),
            at: self.seq(),
        }));
    }

    fn agree_draw(&mut self) -> Result<(), Refusal> {
        self.game
            .agree_draw()
            .map(|_| self.entries.push(CaseEntry::Agreed))
            .map_err(|_| Refusal::new(ErrorCode::GameOver, "the case has ended"))
    }

    fn may_take_back(&self, side: Side) -> Result<(), Refusal> {
        if self.game.ending().is_some() {
            return Err(Refusal::new(ErrorCode::GameOver, "the case has ended"));
        }
        let last = self.game.record().last().map(|e| (e.side, e.timeout));
        let me = <Position as crate::rules::Game>::side_index(court(side));
        super::game::own_last_action(last, me, "action")
    }

    fn take_back(&mut self, side: Side) -> Result<(), Refusal> {
        self.may_take_back(side)?;
        let Some(last) = self.game.record().last().map(|e| e.action) else {
            return Err(Refusal::new(ErrorCode::BadRequest, "no action was played"));
        };
        self.game.take_back(1).map_err(|e| {
            Refusal::new(
                ErrorCode::BadRequest,
                english(&crate::i18n::Explain::explain(&e)),
            )
        })?;
        self.entries.push(CaseEntry::TakeBack {
            side: court(side),
            text: last.to_string(),
        });
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.ending().map(|e| match e {
            Ending::Rules(v) => Outcome {
                winner: Some(wire(v.winner)),
                reason: match v.reason {
                    Reason::Bench => EndReason::Bench,
                    Reason::NoLegalAction => EndReason::NoMove,
                },
            },
            Ending::Resigned(side) => Outcome {
                winner: Some(wire(side.opponent())),
                reason: EndReason::Resigned,
            },
            Ending::Agreed => Outcome {
                winner: None,
                reason: EndReason::Agreed,
            },
        })
    }

    fn bot_turn(&self) -> Option<BotJob<Action>> {
        let turn = self.game.bot_turn()?;
        Some(BotJob {
            ply: turn.ply as u64,
            think: Box::new(move || crate::ai::choose(&turn.state, turn.level, turn.seed)),
        })
    }

    fn play_bot(&mut self, action: Action) -> Result<Accepted, Refusal> {
        let Some(side) = self.game.awaited() else {
            return Err(Refusal::new(ErrorCode::GameOver, "the case has ended"));
        };
        let played = self
            .game
            .submit(side, action)
            .map_err(|e| Refusal::of_match(&e))?;
        Ok(self.accepted(&played))
    }

    fn fingerprint(&self) -> String {
        self.secret.fingerprint()
    }

    fn revealed(&self) -> Option<String> {
        self.game.ending().map(|_| self.secret.to_hex())
    }

    fn record(&self) -> String {
        self.case_record().to_text()
    }

    /// Every action, the same for every viewer, with the table's options.
    fn view(&self, _viewer: Viewer) -> GameView {
        let moves = self
            .game
            .record()
            .iter()
            .enumerate()
            .map(|(i, e)| PlayedView {
                seq: i as u64 + 1,
                action: e.action.to_string(),
                by: if e.side == 0 { Side::Ash } else { Side::Walnut },
                timeout: e.timeout,
            })
            .collect();
        GameView::Snelab {
            moves,
            stakes: self.stakes,
            appeal: self.appeal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Seat;
    use crate::play::snelab::record::verify;

    fn case(options: TableOptions, seats: [Seat; 2]) -> Snelab {
        Snelab::start(Start {
            seats,
            names: ["Ana".into(), String::new()],
            secret: Seed([3; 32]),
            clock: Duration::from_secs(30),
            bot_seed: 1,
            options,
        })
    }

    #[test]
    fn the_coin_seats_south_and_the_options_reach_the_record() {
        let street = TableOptions {
            stakes: Some(Stakes::Street),
            appeal: Some(false),
            artifacts: None,
            game_type: None,
        };
        let mut t = case(street, [Seat::Remote, Seat::Remote]);
        let south: SeatId = crate::fair::ash_seat(&Seed([3; 32])).into();
        assert_eq!(t.opener(), south);
        assert_eq!(t.side_of(south), Side::Ash);
        assert_eq!(t.to_move(), Some(Side::Ash));
        assert!(!t.game().state().backward_captures());
        // North may not open; South's move is taken.
        let refused = t.submit(south.other(), "a7-a6").unwrap_err();
        assert_eq!(refused.code, ErrorCode::NotYourTurn);
        assert_eq!(
            t.submit(south, "zz").unwrap_err().code,
            ErrorCode::BadNotation
        );
        assert_eq!(
            t.submit(south, "a1-a5").unwrap_err().code,
            ErrorCode::Illegal
        );
        t.submit(south, "a1-a2").unwrap();
        // The clock plays North's turn by the timeout rule.
        let played = t.tick(31.0).unwrap();
        assert!(played.timeout);
        assert_eq!(played.side, Side::Walnut);
        t.resign(south).unwrap();
        assert_eq!(
            t.outcome(),
            Some(Outcome {
                winner: Some(Side::Walnut),
                reason: EndReason::Resigned
            })
        );
        assert!(t.revealed().is_some());
        let text = t.record();
        assert!(text.contains("stakes street\nappeal off\n"), "{text}");
        assert!(text.contains("move timeout "), "{text}");
        let r = CaseRecord::parse(&text).unwrap();
        assert!(verify(&r).iter().all(|c| c.passed), "{:?}", verify(&r));
    }

    /// Plays the first legal action of the side to act (not the clock's choice, so a takeback
    /// test can tell them apart).
    fn step(t: &mut Snelab) -> String {
        let side = t.to_move().unwrap();
        let legal = crate::rules::snelab::legal_actions(t.game().state());
        let timeout = crate::play::snelab::timeout_action(t.game().state());
        let action = legal
            .iter()
            .find(|a| Some(**a) != timeout)
            .unwrap_or(&legal[0])
            .to_string();
        t.submit(t.seat_of(side), &action).unwrap();
        action
    }

    fn failed(text: &str) -> Vec<&'static str> {
        crate::play::verify::verify_text(text)
            .unwrap()
            .into_iter()
            .filter(|c| !c.passed)
            .map(|c| c.name)
            .collect()
    }

    #[test]
    fn a_declined_draw_lets_the_case_go_on_and_an_agreed_one_ends_it_as_a_draw() {
        let mut t = case(TableOptions::default(), [Seat::Remote, Seat::Remote]);
        step(&mut t);
        t.note_offer(Side::Walnut, OfferKind::Draw, OfferEvent::Made);
        t.note_offer(Side::Ash, OfferKind::Draw, OfferEvent::Declined);
        assert_eq!(t.outcome(), None);
        assert_eq!(t.to_move(), Some(Side::Walnut));
        step(&mut t);
        step(&mut t);
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
        assert!(t.revealed().is_some());
        assert_eq!(t.to_move(), None);
        assert_eq!(t.agree_draw().unwrap_err().code, ErrorCode::GameOver);
        let text = t.record();
        assert!(
            text.contains("offer draw made by north at 1\noffer draw declined by south at 1\n"),
            "{text}"
        );
        assert!(
            text.contains("offer draw accepted by south at 3\ndraw agreed\nresult draw\n"),
            "{text}"
        );
        assert_eq!(CaseRecord::parse(&text).unwrap().to_text(), text);
        assert!(failed(&text).is_empty(), "{text}");
        // An agreed draw without its accepted offer fails the offers check.
        let forged = text.replace("offer draw accepted by south at 3\n", "");
        assert_eq!(failed(&forged), ["offers"]);
    }

    #[test]
    fn a_takeback_of_ones_own_last_action_goes_back_and_the_record_keeps_it() {
        let mut t = case(TableOptions::default(), [Seat::Remote, Seat::Remote]);
        assert_eq!(
            t.take_back(Side::Ash).unwrap_err().code,
            ErrorCode::BadRequest
        );
        step(&mut t);
        let before = t.game().state().clone();
        let taken = step(&mut t);
        assert_eq!(
            t.take_back(Side::Ash).unwrap_err().code,
            ErrorCode::BadRequest,
            "the last action is North's"
        );
        t.note_offer(Side::Walnut, OfferKind::Takeback, OfferEvent::Made);
        t.note_offer(Side::Ash, OfferKind::Takeback, OfferEvent::Accepted);
        t.take_back(Side::Walnut).unwrap();
        assert_eq!(t.seq(), 1);
        assert_eq!(t.to_move(), Some(Side::Walnut));
        assert_eq!(t.game().state(), &before);
        assert_eq!(t.time_left(), Some(30.0));
        // The clock plays North's turn now: that action is not taken back.
        assert!(t.tick(31.0).unwrap().timeout);
        assert_eq!(
            t.take_back(Side::Walnut).unwrap_err().code,
            ErrorCode::BadRequest
        );
        step(&mut t);
        t.resign(t.seat_of(Side::Ash)).unwrap();
        assert_eq!(
            t.take_back(Side::Walnut).unwrap_err().code,
            ErrorCode::GameOver
        );
        let text = t.record();
        let kept = format!(
            "move {taken}\noffer takeback made by north at 2\noffer takeback accepted by south at 2\ntakeback north {taken}\nmove timeout "
        );
        assert!(text.contains(&kept), "{text}");
        assert!(failed(&text).is_empty(), "{text}");
        // Without the taken-back action and its takeback the actions still replay.
        let dropped = text
            .replace(&format!("move {taken}\n"), "")
            .replace(&format!("takeback north {taken}\n"), "");
        assert_eq!(failed(&dropped), ["offers"]);
        // A takeback of an action that is not the last one, or not the side's, is caught.
        let wrong = text.replace(&format!("takeback north {taken}"), "takeback south a1-a2");
        assert_eq!(failed(&wrong), ["moves", "result", "offers"]);
        // A takeback nobody accepted.
        let unoffered = text.replace("offer takeback accepted by south at 2\n", "");
        assert_eq!(failed(&unoffered), ["offers"]);
    }

    #[test]
    fn the_bot_plays_a_whole_case_to_its_verdict() {
        let mut t = case(
            TableOptions::default(),
            [Seat::Bot(crate::ai::Level::Easy); 2],
        );
        let GameView::Snelab { stakes, appeal, .. } = t.view(Viewer::Spectator) else {
            panic!()
        };
        assert_eq!((stakes, appeal), (Stakes::Casino, true));
        while t.outcome().is_none() {
            let job = t.bot_turn().unwrap();
            let action = (job.think)().unwrap();
            t.play_bot(action).unwrap();
        }
        assert!(matches!(
            t.outcome().unwrap().reason,
            EndReason::Bench | EndReason::NoMove
        ));
        let r = CaseRecord::parse(&t.record()).unwrap();
        assert!(verify(&r).iter().all(|c| c.passed));
        assert_eq!(t.view(Viewer::Spectator).moves().len() as u64, t.seq());
    }
}
