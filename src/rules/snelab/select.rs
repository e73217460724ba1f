//! What the table asks while a person plays: where a selected piece can go, and which pieces can
//! still be added to a payment being picked.

use super::moves::{
    RuleError, WeightCounts, check_payers, check_route, for_each_payment, open_routes, payers,
    weight_of,
};
use super::position::Position;
use super::types::{Action, Payment, Square};
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
