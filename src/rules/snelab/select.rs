//! What the table asks while a person plays: where a selected piece can go, why a piece cannot
//! go anywhere, and which pieces can still be added to a payment being picked.

use super::moves::{
    RuleError, WeightCounts, check_payers, check_route, each_route, for_each_payment, open_routes,
    payers, weight_of,
};
use super::position::Position;
use super::types::{Action, Payment, Piece, Square};
use crate::i18n::{Explain, Message, msg};
use serde::{Deserialize, Serialize};

/// The highlights of a selected piece.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Reach {
    /// Empty squares it can move to (green dots).
    pub moves: Vec<Square>,
    /// Enemy pieces it can capture and afford (red rings).
    pub captures: Vec<Square>,
    /// Enemy pieces at the end of an open route that no exact payment covers ("can't pay").
    pub cant_pay: Vec<Square>,
}

impl Reach {
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty() && self.captures.is_empty() && self.cant_pay.is_empty()
    }
}

/// Where the piece on `from` can go, as its owner would play it: for the side to move this agrees
/// exactly with [`super::legal_actions`]; for the other side it shows what that piece threatens on
/// its next turn. Empty for an empty square and once the case is over.
pub fn reach(pos: &Position, from: Square) -> Reach {
    let mut reach = Reach::default();
    let Some(piece) = pos.get(from) else {
        return reach;
    };
    if pos.bench_reached() {
        return reach;
    }
    let counts = WeightCounts::of(pos, piece.side);
    open_routes(pos, from, piece, |path| {
        let to = path.landing();
        match pos.get(to) {
            None if !path.backward => reach.moves.push(to),
            None => {}
            Some(p) if p.side == piece.side => {}
            Some(enemy) if counts.can_pay(piece.weight(), enemy.weight()) => {
                reach.captures.push(to)
            }
            Some(_) => reach.cant_pay.push(to),
        }
    });
    reach
}

/// Why one route of a piece gives it nothing to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Closed {
    /// The route would leave the court (the piece stands too near an edge for it).
    OffCourt,
    /// A square before the last is taken, and nothing jumps: the first such square.
    Blocked(Square),
    /// The last square holds a piece of the same side.
    OwnPiece(Square),
    /// The last square holds an enemy piece that no exact payment covers.
    CantPay(Square),
}

/// One closed route of a piece: which way it runs, and why it is closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClosedRoute {
    /// Run in reverse, as the backward-capture rule allows (only onto an enemy piece).
    pub backward: bool,
    pub why: Closed,
}

/// Why a piece has no move and no capture it can pay for: what the table says when such a
/// piece is lifted ("Justice can't move: its route is blocked at f4").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stuck {
    pub piece: Piece,
    /// Each forward route (toward file `a` first), then, with the backward-capture rule on, each
    /// backward route that ends on an enemy piece: why it is closed. A backward route that ends
    /// anywhere else was never a move (pieces only go backward to capture), so it has no reason
    /// to be given.
    pub routes: Vec<ClosedRoute>,
}

/// Why the piece on `from` can go nowhere, as its owner would play it (the same view as
/// [`reach`]): `None` when it has a move or a capture it can pay for, when the square is empty
/// and once the case is over.
pub fn stuck(pos: &Position, from: Square) -> Option<Stuck> {
    let piece = pos.get(from)?;
    if pos.bench_reached() {
        return None;
    }
    let r = reach(pos, from);
    if !r.moves.is_empty() || !r.captures.is_empty() {
        return None;
    }
    let mut routes = Vec::new();
    each_route(pos.court(), from, piece, |backward, path| {
        if backward && !pos.backward_captures() {
            return;
        }
        let Some(path) = path else {
            if !backward {
                routes.push(ClosedRoute {
                    backward,
                    why: Closed::OffCourt,
                });
            }
            return;
        };
        let to = path.landing();
        let landing = pos.get(to);
        let enemy = landing.is_some_and(|p| p.side != piece.side);
        if backward && !enemy {
            return;
        }
        let why = if let Some(&at) = path.between().iter().find(|&&sq| pos.get(sq).is_some()) {
            Closed::Blocked(at)
        } else if enemy {
            // Open up to an enemy piece, and no move: it cannot be paid for.
            Closed::CantPay(to)
        } else if landing.is_some() {
            Closed::OwnPiece(to)
        } else {
            // An open forward route to an empty square is a move, which `reach` would have
            // found; nothing to say about it.
            return;
        };
        routes.push(ClosedRoute { backward, why });
    });
    Some(Stuck { piece, routes })
}

impl Stuck {
    /// The squares that stop it, each once, in the order of its routes.
    pub fn blockers(&self) -> Vec<Square> {
        let mut out = Vec::new();
        for r in &self.routes {
            if let Closed::Blocked(sq) | Closed::OwnPiece(sq) = r.why
                && !out.contains(&sq)
            {
                out.push(sq);
            }
        }
        out
    }
}

/// "d5", "d5 and f4", "b5, d5 and f4".
fn squares_words(squares: &[Square]) -> Message {
    match squares {
        [] => msg("snelab.squares.one").with("a", ""),
        [one] => msg("snelab.squares.one").with("a", one),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(Square::to_string).collect();
            msg("snelab.squares.and")
                .with("a", init.join(", "))
                .with("b", last)
        }
    }
}

impl Explain for Stuck {
    /// "Justice can't move: its route is blocked at f4; your own piece stands on b6": each
    /// kind of reason once, the squares of a kind together.
    fn explain(&self) -> Message {
        let mut blocked = Vec::new();
        let mut own = Vec::new();
        let mut cant_pay = Vec::new();
        let (mut off, mut forward) = (0, 0);
        for r in &self.routes {
            forward += usize::from(!r.backward);
            let (list, sq) = match r.why {
                Closed::OffCourt => {
                    off += 1;
                    continue;
                }
                Closed::Blocked(sq) => (&mut blocked, sq),
                Closed::OwnPiece(sq) => (&mut own, sq),
                Closed::CantPay(sq) => (&mut cant_pay, sq),
            };
            if !list.contains(&sq) {
                list.push(sq);
            }
        }
        let mut parts: Vec<Message> = Vec::new();
        if off > 0 {
            parts.push(msg(if off == forward {
                "snelab.stuck.off_court"
            } else {
                "snelab.stuck.off_court_one"
            }));
        }
        for (squares, one, many) in [
            (
                &blocked,
                "snelab.stuck.blocked",
                "snelab.stuck.blocked_many",
            ),
            (&own, "snelab.stuck.own_piece", "snelab.stuck.own_pieces"),
            (
                &cant_pay,
                "snelab.stuck.cant_pay",
                "snelab.stuck.cant_pay_many",
            ),
        ] {
            if !squares.is_empty() {
                let key = if squares.len() == 1 { one } else { many };
                parts.push(msg(key).with_words("squares", squares_words(squares)));
            }
        }
        let rank = self.piece.rank.explain();
        let mut parts = parts.into_iter().rev();
        let Some(last) = parts.next() else {
            return msg("snelab.stuck.plain").with_words("rank", rank);
        };
        let why = parts.fold(last, |rest, part| {
            msg("snelab.stuck.and")
                .with_words("a", part)
                .with_words("b", rest)
        });
        msg("snelab.stuck")
            .with_words("rank", rank)
            .with_words("why", why)
    }
}

/// The state of a payment being picked for the capture `from` × `to`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PaymentPick {
    /// The captured piece's weight: what must be paid, exactly.
    pub cost: u8,
    /// The running sum of the pieces chosen so far.
    pub paid: u8,
    /// Own pieces not chosen yet that still fit some exact payment containing everything chosen
    /// (dashed green rings). Every other own piece, and the capturer, is shown faded.
    pub addable: Vec<Square>,
    /// The capture, ready to confirm, once the chosen pieces pay exactly the cost.
    pub action: Option<Action>,
}

impl PaymentPick {
    /// Whether the sum equals the cost (confirm is enabled).
    pub fn is_complete(&self) -> bool {
        self.action.is_some()
    }
}

/// Where the picking of a payment stands, given the pieces `chosen` so far (a set: order and
/// repeats do not matter). Refused when the capture itself is not possible, when a chosen square
/// is the capturer or holds no piece of the mover's, or when no exact payment contains all the
/// chosen pieces.
pub fn payment_pick(
    pos: &Position,
    from: Square,
    to: Square,
    chosen: &[Square],
) -> Result<PaymentPick, RuleError> {
    let (_, landing) = check_route(pos, from, to)?;
    let enemy = landing.ok_or(RuleError::NothingToCapture { at: to })?;
    let mut chosen = chosen.to_vec();
    chosen.sort_unstable();
    chosen.dedup();
    check_payers(pos, from, &chosen)?;
    let cost = enemy.weight();
    let paid = weight_of(pos, &chosen);
    let mut addable = Vec::new();
    let mut fits = false;
    for_each_payment(
        &payers(pos, pos.to_move()),
        from,
        cost,
        |payment: Payment| {
            if chosen.iter().all(|&sq| payment.contains(sq)) {
                fits = true;
                addable.extend(payment.squares().iter().filter(|sq| !chosen.contains(sq)));
            }
        },
    );
    if !fits {
        return Err(RuleError::CannotComplete { paid, cost });
    }
    addable.sort_unstable();
    addable.dedup();
    let action = (paid == cost)
        .then(|| Payment::new(&chosen))
        .flatten()
        .map(|payment| Action::Capture { from, to, payment });
    Ok(PaymentPick {
        cost,
        paid,
        addable,
        action,
    })
}
