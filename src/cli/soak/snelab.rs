//! Snēlab under the soak: courts of every size, both appeal settings, either opener, and
//! scattered positions; payments come with every capture.

use super::Soak;
use crate::ai::snelab::key_of;
use crate::rules::snelab::notation::MAX_PIECES;
use crate::rules::snelab::{Action, Court, Payment, Piece, Position, Rank, Side, Square};
use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

fn random_side(rng: &mut ChaCha8Rng) -> Side {
    if rng.random() {
        Side::South
    } else {
        Side::North
    }
}

fn random_rank(rng: &mut ChaCha8Rng) -> Rank {
    Rank::ALL[rng.random_range(0..4)]
}

/// A position with pieces scattered over a court of any size: none on its own Bench (that
/// would be a finished case), either side to move.
fn scattered(rng: &mut ChaCha8Rng) -> Position {
    let width = rng.random_range(1..=16u8);
    let height = rng.random_range(2..=16u8);
    let court = Court::new(width, height).unwrap_or(Court::DEFAULT);
    let mut pos = Position::empty(court);
    let density = rng.random_range(0.05..0.5);
    for sq in court.squares() {
        if rng.random_bool(density) {
            let piece = Piece::new(random_side(rng), random_rank(rng));
            // No more pieces a side than a court string may hold.
            if sq.row != court.bench_row(piece.side) && pos.count(piece.side) < MAX_PIECES {
                pos.set(sq, Some(piece));
            }
        }
    }
    pos.set_to_move(random_side(rng));
    pos.set_backward_captures(rng.random());
    pos
}

/// A square on the court or just off it (up to the largest court), for probes.
fn near_square(pos: &Position, rng: &mut ChaCha8Rng) -> Square {
    let c = pos.court();
    Square::new(
        rng.random_range(0..=c.width().min(15)),
        rng.random_range(0..=c.height().min(15)),
    )
}

fn random_payment(pos: &Position, rng: &mut ChaCha8Rng) -> Payment {
    loop {
        let n = rng.random_range(1..=4);
        let squares: Vec<Square> = (0..n).map(|_| near_square(pos, rng)).collect();
        if let Some(p) = Payment::new(&squares) {
            return p;
        }
    }
}

impl Soak for Position {
    type Keep = ();
    const SAMPLE: usize = 16;
    const PROBES: usize = 12;

    fn soak_opening(rng: &mut ChaCha8Rng) -> Position {
        let opener = random_side(rng);
        let backward = rng.random();
        match rng.random_range(0..10) {
            0..=4 => {
                let mut p = Position::start();
                p.set_to_move(opener);
                p.set_backward_captures(backward);
                p
            }
            5..=7 => {
                let width = rng.random_range(1..=12u8);
                let height = rng.random_range(2..=12u8);
                let court = Court::new(width, height).unwrap_or(Court::DEFAULT);
                let counter: Vec<Rank> = (0..width).map(|_| random_rank(rng)).collect();
                Position::opening(court, &counter, opener, backward).unwrap_or_else(Position::start)
            }
            _ => scattered(rng),
        }
    }

    fn opening_label(&self) -> &'static str {
        let usual = self.court() == Court::DEFAULT;
        match (usual, self.backward_captures()) {
            (true, true) => "games on the 7 × 7 court, appeals on",
            (true, false) => "games on the 7 × 7 court, appeals off",
            (false, true) => "games on other courts, appeals on",
            (false, false) => "games on other courts, appeals off",
        }
    }

    fn action_label(&self, action: &Action) -> &'static str {
        let Action::Capture { from, to, payment } = action else {
            return "move";
        };
        let backward = (to.row as i32 - from.row as i32) * self.to_move().forward() as i32 <= 0;
        match (backward, payment.squares().len()) {
            (false, 1) => "capture paid by 1 piece",
            (false, 2) => "capture paid by 2 pieces",
            (false, 3) => "capture paid by 3 pieces",
            (false, _) => "capture paid by 4 pieces",
            (true, 1) => "backward capture (appeal) paid by 1 piece",
            (true, 2) => "backward capture (appeal) paid by 2 pieces",
            (true, 3) => "backward capture (appeal) paid by 3 pieces",
            (true, _) => "backward capture (appeal) paid by 4 pieces",
        }
    }

    /// The engine's key is always computed from the pieces; the position rebuilt from its
    /// pieces alone must be the same position with the same key (nothing kept off the court).
    fn hash_check(&self) -> Result<(), String> {
        let mut rebuilt = Position::empty(self.court());
        for (sq, p) in self.pieces() {
            if !self.court().contains(sq) {
                return Err(format!("a piece off the court on {sq}"));
            }
            rebuilt.set(sq, Some(p));
        }
        rebuilt.set_to_move(self.to_move());
        rebuilt.set_backward_captures(self.backward_captures());
        if rebuilt != *self {
            return Err("the position differs from one rebuilt from its pieces".into());
        }
        if key_of(&rebuilt) != key_of(self) {
            return Err("the key differs from the rebuilt position's".into());
        }
        Ok(())
    }

    /// Every capture is paid in equal weight, so the difference of the two sides' weights never
    /// changes; no side gains pieces; only a finished case has a piece on its Bench.
    fn count_check(&self, start: &Position) -> Result<(), String> {
        let diff =
            |p: &Position| p.total_weight(Side::South) as i64 - p.total_weight(Side::North) as i64;
        if diff(self) != diff(start) {
            return Err(format!(
                "weight difference {} (South − North), {} at the start",
                diff(self),
                diff(start)
            ));
        }
        for side in Side::BOTH {
            if self.count(side) > start.count(side) {
                return Err(format!(
                    "{side} has {} pieces, {} at the start",
                    self.count(side),
                    start.count(side)
                ));
            }
        }
        if self.bench_reached() && crate::rules::snelab::outcome(self).is_none() {
            return Err("a piece on its Bench and no verdict".into());
        }
        Ok(())
    }

    fn probe(&self, listed: &[Action], rng: &mut ChaCha8Rng) -> Action {
        if let Some(&a) = listed.choose(rng)
            && rng.random_bool(0.6)
        {
            return match (a, rng.random_range(0..4)) {
                (Action::Move { from, .. }, 0) => Action::Move {
                    from,
                    to: near_square(self, rng),
                },
                (Action::Move { from, to }, 1) => Action::Capture {
                    from,
                    to,
                    payment: random_payment(self, rng),
                },
                (Action::Capture { from, to, .. }, 0) => Action::Move { from, to },
                (Action::Capture { from, to, payment }, 1) => {
                    // One paying piece swapped for another square.
                    let mut squares = payment.squares().to_vec();
                    let i = rng.random_range(0..squares.len());
                    squares[i] = near_square(self, rng);
                    match Payment::new(&squares) {
                        Some(payment) => Action::Capture { from, to, payment },
                        None => Action::Capture {
                            from,
                            to,
                            payment: random_payment(self, rng),
                        },
                    }
                }
                (a, 2) => match a {
                    Action::Move { to, .. } => Action::Move {
                        from: near_square(self, rng),
                        to,
                    },
                    Action::Capture { to, payment, .. } => Action::Capture {
                        from: near_square(self, rng),
                        to,
                        payment,
                    },
                },
                // The mover paying with itself.
                (a, _) => Action::Capture {
                    from: a.from(),
                    to: a.to(),
                    payment: Payment::new(&[a.from()]).unwrap_or(random_payment(self, rng)),
                },
            };
        }
        let (from, to) = (near_square(self, rng), near_square(self, rng));
        if rng.random() {
            Action::Move { from, to }
        } else {
            Action::Capture {
                from,
                to,
                payment: random_payment(self, rng),
            }
        }
    }

    fn keep_new(_: &Position) {}

    fn keep_played(
        _: &mut (),
        before: &Position,
        action: &Action,
        after: &Position,
        _: &Action,
    ) -> Result<(), String> {
        // Snēlab has no undo; the one thing to hold: a refused or applied action never
        // changes the position it was applied to, and the turn passes.
        if after.to_move() != before.to_move().opponent() {
            return Err(format!("{action} did not pass the turn"));
        }
        Ok(())
    }

    fn keep_undone(_: &mut (), _: &Position, _: &Position) -> Result<(), String> {
        Ok(())
    }
}
