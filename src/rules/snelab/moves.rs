//! Routes, payments, legal actions, applying an action, the verdict and perft.

use super::position::Position;
use super::types::{Action, Court, Payment, Piece, Rank, RouteShape, Side, Square};
use crate::i18n::{Explain, Message, msg};
use serde::{Deserialize, Serialize};

/// Why an action was refused. The position is never changed by a refused action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleError {
    /// The case already has its verdict.
    CaseOver,
    /// A square outside the court.
    OffCourt(Square),
    /// No piece stands on the starting square.
    Empty(Square),
    /// The piece there belongs to the side that is not to move.
    NotYourTurn { at: Square, side: Side },
    /// No route of that piece ends on that square.
    NoRoute { from: Square, to: Square },
    /// A backward route while the backward-capture rule is off.
    BackwardOff,
    /// A square on the route (before the last) is taken: nothing jumps.
    Blocked { at: Square },
    /// The last square holds a piece of the mover's own.
    OwnPiece { at: Square },
    /// A backward route that does not end on an enemy piece.
    BackwardNeedsCapture,
    /// A move onto an enemy piece: that is a capture and needs a payment.
    NeedsPayment { at: Square },
    /// A capture onto a square with no enemy piece.
    NothingToCapture { at: Square },
    /// The capturing piece was offered as part of its own payment.
    CapturerCannotPay,
    /// A paying square that holds no piece of the mover's.
    PayerNotYours { at: Square },
    /// The paying pieces' weights do not add up to the captured piece's weight.
    WrongSum { paid: u8, cost: u8 },
    /// The pieces chosen so far cannot be completed into an exact payment.
    CannotComplete { paid: u8, cost: u8 },
}

impl RuleError {
    /// One error of every kind, about the square `at` — for tests that check every refusal has
    /// words. A new kind does not compile until it is added here.
    pub fn one_of_each(at: Square) -> Vec<RuleError> {
        let all = vec![
            RuleError::CaseOver,
            RuleError::OffCourt(at),
            RuleError::Empty(at),
            RuleError::NotYourTurn {
                at,
                side: Side::North,
            },
            RuleError::NoRoute { from: at, to: at },
            RuleError::BackwardOff,
            RuleError::Blocked { at },
            RuleError::OwnPiece { at },
            RuleError::BackwardNeedsCapture,
            RuleError::NeedsPayment { at },
            RuleError::NothingToCapture { at },
            RuleError::CapturerCannotPay,
            RuleError::PayerNotYours { at },
            RuleError::WrongSum { paid: 1, cost: 3 },
            RuleError::CannotComplete { paid: 1, cost: 3 },
        ];
        for e in &all {
            match e {
                RuleError::CaseOver
                | RuleError::OffCourt(_)
                | RuleError::Empty(_)
                | RuleError::NotYourTurn { .. }
                | RuleError::NoRoute { .. }
                | RuleError::BackwardOff
                | RuleError::Blocked { .. }
                | RuleError::OwnPiece { .. }
                | RuleError::BackwardNeedsCapture
                | RuleError::NeedsPayment { .. }
                | RuleError::NothingToCapture { .. }
                | RuleError::CapturerCannotPay
                | RuleError::PayerNotYours { .. }
                | RuleError::WrongSum { .. }
                | RuleError::CannotComplete { .. } => {}
            }
        }
        all
    }
}

impl Explain for RuleError {
    fn explain(&self) -> Message {
        match *self {
            RuleError::CaseOver => msg("snelab.error.case_over"),
            RuleError::OffCourt(sq) => msg("snelab.error.off_court").with("square", sq),
            RuleError::Empty(sq) => msg("snelab.error.empty").with("square", sq),
            RuleError::NotYourTurn { at, side } => msg("snelab.error.not_your_turn")
                .with("square", at)
                .with_words("side", side.explain()),
            RuleError::NoRoute { from, to } => msg("snelab.error.no_route")
                .with("from", from)
                .with("to", to),
            RuleError::BackwardOff => msg("snelab.error.backward_off"),
            RuleError::Blocked { at } => msg("snelab.error.blocked").with("square", at),
            RuleError::OwnPiece { at } => msg("snelab.error.own_piece").with("square", at),
            RuleError::BackwardNeedsCapture => msg("snelab.error.backward_needs_capture"),
            RuleError::NeedsPayment { at } => msg("snelab.error.needs_payment").with("square", at),
            RuleError::NothingToCapture { at } => {
                msg("snelab.error.nothing_to_capture").with("square", at)
            }
            RuleError::CapturerCannotPay => msg("snelab.error.capturer_cannot_pay"),
            RuleError::PayerNotYours { at } => {
                msg("snelab.error.payer_not_yours").with("square", at)
            }
            RuleError::WrongSum { paid, cost } => msg("snelab.error.wrong_sum")
                .with("paid", paid)
                .with("cost", cost),
            RuleError::CannotComplete { paid, cost } => msg("snelab.error.cannot_complete")
                .with("paid", paid)
                .with("cost", cost),
        }
    }
}

crate::display_in_english!(RuleError);

/// How a case ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    /// A piece of the winner landed on its Bench (the loser's Counter).
    Bench,
    /// The loser was to move and had no legal action.
    NoLegalAction,
}

/// The verdict of a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Verdict {
    pub winner: Side,
    pub reason: Reason,
}

impl Explain for Verdict {
    fn explain(&self) -> Message {
        msg(match self.reason {
            Reason::Bench => "snelab.reason.bench",
            Reason::NoLegalAction => "snelab.reason.no_move",
        })
    }
}

impl Verdict {
    pub fn loser(&self) -> Side {
        self.winner.opponent()
    }
}

/// The squares of one route, in the order the piece passes them, the landing square last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Path {
    squares: [Square; 4],
    len: u8,
    pub backward: bool,
}

impl Path {
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }

    pub fn landing(&self) -> Square {
        self.squares[self.len as usize - 1]
    }

    /// The squares before the landing one, which must all be empty.
    pub fn between(&self) -> &[Square] {
        &self.squares[..self.len as usize - 1]
    }
}

/// The sideways ways of a route: none for the Bailiff, otherwise toward file `a` and away.
fn laterals(shape: RouteShape) -> &'static [i8] {
    if shape.sideways == 0 { &[0] } else { &[-1, 1] }
}

/// The route of a `rank` of `side` from `from`, run forward or backward with sideways step `dx`;
/// `None` when it leaves the court.
fn walk(
    court: Court,
    from: Square,
    side: Side,
    rank: Rank,
    backward: bool,
    dx: i8,
) -> Option<Path> {
    let shape = rank.route();
    let dy = if backward {
        -side.forward()
    } else {
        side.forward()
    } as i32;
    let mut squares = [from; 4];
    let mut len = 0;
    let (mut x, mut y) = (from.file as i32, from.row as i32);
    for _ in 0..shape.forward {
        y += dy;
        squares[len] = court.square(x, y)?;
        len += 1;
    }
    for _ in 0..shape.sideways {
        x += dx as i32;
        squares[len] = court.square(x, y)?;
        len += 1;
    }
    Some(Path {
        squares,
        len: len as u8,
        backward,
    })
}

/// Every route of `piece` from `from`, forward ones first, then backward ones, each toward file
/// `a` first: `backward`, and the route or `None` where it would leave the court. Whether the
/// squares are free, and whether the backward-capture rule is on, is not looked at.
pub(crate) fn each_route(
    court: Court,
    from: Square,
    piece: Piece,
    mut f: impl FnMut(bool, Option<Path>),
) {
    for backward in [false, true] {
        for &dx in laterals(piece.rank.route()) {
            f(
                backward,
                walk(court, from, piece.side, piece.rank, backward, dx),
            );
        }
    }
}

/// Every route of the piece on `from` that stays on the court and whose squares before the last
/// are empty, whatever the last holds. Backward routes only with the backward-capture rule on.
pub(crate) fn open_routes(pos: &Position, from: Square, piece: Piece, f: impl FnMut(Path)) {
    routes(pos, from, piece, pos.backward_captures(), f);
}

/// [`open_routes`], with the backward ones only when `backward_too`.
fn routes(pos: &Position, from: Square, piece: Piece, backward_too: bool, mut f: impl FnMut(Path)) {
    let court = pos.court();
    let orientations: &[bool] = if backward_too {
        &[false, true]
    } else {
        &[false]
    };
    for &backward in orientations {
        for &dx in laterals(piece.rank.route()) {
            if let Some(path) = walk(court, from, piece.side, piece.rank, backward, dx)
                && path.between().iter().all(|&sq| pos.get(sq).is_none())
            {
                f(path);
            }
        }
    }
}

/// The pieces of `side` that could pay, with their weights, in payment order (file, then rank).
pub(crate) fn payers(pos: &Position, side: Side) -> Vec<(Square, u8)> {
    let court = pos.court();
    let mut out = Vec::with_capacity(16);
    for file in 0..court.width() {
        for row in 0..court.height() {
            let sq = Square::new(file, row);
            if let Some(p) = pos.get(sq)
                && p.side == side
            {
                out.push((sq, p.weight()));
            }
        }
    }
    out
}

/// Calls `f` with every set of `payers` (skipping `capturer`) whose weights add up to exactly
/// `cost`, in lexicographic order of their squares. The cost is at most 4 and every weight at
/// least 1, so the search never looks past four pieces deep.
pub(crate) fn for_each_payment(
    payers: &[(Square, u8)],
    capturer: Square,
    cost: u8,
    mut f: impl FnMut(Payment),
) {
    fn go(
        payers: &[(Square, u8)],
        capturer: Square,
        left: u8,
        chosen: &mut Vec<Square>,
        f: &mut dyn FnMut(Payment),
    ) {
        for (i, &(sq, w)) in payers.iter().enumerate() {
            if sq == capturer || w > left {
                continue;
            }
            chosen.push(sq);
            if w == left {
                if let Some(p) = Payment::new(chosen) {
                    f(p);
                }
            } else {
                go(&payers[i + 1..], capturer, left - w, chosen, f);
            }
            chosen.pop();
        }
    }
    let mut chosen = Vec::with_capacity(4);
    go(payers, capturer, cost, &mut chosen, &mut f);
}

/// How many pieces of each weight (index 1 to 4) a side has: all that decides whether a cost can
/// be paid.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WeightCounts([u8; 5]);

impl WeightCounts {
    pub fn of(pos: &Position, side: Side) -> WeightCounts {
        let mut counts = [0u8; 5];
        for (_, p) in pos.pieces() {
            if p.side == side {
                counts[p.weight() as usize] = counts[p.weight() as usize].saturating_add(1);
            }
        }
        WeightCounts(counts)
    }

    /// Whether some exact payment of `cost` exists without the capturer (of weight `capturer`).
    pub fn can_pay(&self, capturer: u8, cost: u8) -> bool {
        let mut counts = self.0;
        counts[capturer as usize] = counts[capturer as usize].saturating_sub(1);
        // Bit k of `sums` is set when some set of pieces weighs k (only sums up to 4 matter, so
        // at most four pieces of a weight are looked at).
        let mut sums: u32 = 1;
        for (w, &n) in counts.iter().enumerate().skip(1) {
            for _ in 0..n.min(4) {
                sums |= (sums << w) & 0b1_1111;
            }
        }
        sums & (1 << cost) != 0
    }
}

/// Every legal action of the side to move: each move, and each capture once per distinct payment.
/// A finished case has none. The order is stable: pieces by square (rank 1 first), then routes
/// (forward before backward, toward file `a` first), then payments in lexicographic order.
pub fn legal_actions(pos: &Position) -> Vec<Action> {
    let mut out = Vec::new();
    legal_actions_into(pos, &mut out);
    out
}

/// [`legal_actions`] into a buffer the caller keeps (cleared first), so searches do not allocate.
pub fn legal_actions_into(pos: &Position, out: &mut Vec<Action>) {
    out.clear();
    if pos.bench_reached() {
        return;
    }
    let side = pos.to_move();
    // Listed only once a capture needs them: most positions have none.
    let mut payers_once: Option<Vec<(Square, u8)>> = None;
    for (from, piece) in pos.pieces() {
        if piece.side != side {
            continue;
        }
        open_routes(pos, from, piece, |path| {
            let to = path.landing();
            match pos.get(to) {
                None if !path.backward => out.push(Action::Move { from, to }),
                None => {}
                Some(p) if p.side == side => {}
                Some(enemy) => {
                    let payers = payers_once.get_or_insert_with(|| payers(pos, side));
                    for_each_payment(payers, from, enemy.weight(), |payment| {
                        out.push(Action::Capture { from, to, payment })
                    })
                }
            }
        });
    }
}

/// What a search needs to know of a position without listing its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scan {
    /// The side to move has a legal action.
    pub any_action: bool,
    /// One of its legal actions lands on its Bench: it wins with its next action.
    pub wins_now: bool,
}

/// Looks at the side to move's legal actions without listing them (cheaper than
/// [`legal_actions`] where payments would multiply): only a piece exactly its forward run away
/// from its Bench can land there, and the search for any action stops at the first.
pub fn scan(pos: &Position) -> Scan {
    let mut scan = Scan {
        any_action: false,
        wins_now: false,
    };
    if pos.bench_reached() {
        return scan;
    }
    let side = pos.to_move();
    let bench = pos.court().bench_row(side);
    let mut counts: Option<WeightCounts> = None;
    for (from, piece) in pos.pieces() {
        if piece.side != side {
            continue;
        }
        let near = bench.abs_diff(from.row) == piece.rank.route().forward;
        if !near && scan.any_action {
            continue;
        }
        let backward_too = pos.backward_captures() && !scan.any_action;
        routes(pos, from, piece, backward_too, |path| {
            let legal = match pos.get(path.landing()) {
                None => !path.backward,
                Some(p) => {
                    p.side != side
                        && counts
                            .get_or_insert_with(|| WeightCounts::of(pos, side))
                            .can_pay(piece.weight(), p.weight())
                }
            };
            scan.any_action |= legal;
            scan.wins_now |= legal && path.landing().row == bench;
        });
        if scan.wins_now {
            break;
        }
    }
    scan
}

/// Whether the side to move has any legal action, without listing them.
pub fn has_legal_action(pos: &Position) -> bool {
    scan(pos).any_action
}

/// The verdict, once there is one. A piece on its Bench wins at once (the side that just moved is
/// looked at first; a hand-made position with both sides on their Benches goes to it). A side to
/// move with no legal action loses.
pub fn outcome(pos: &Position) -> Option<Verdict> {
    let mover = pos.to_move().opponent();
    for winner in [mover, pos.to_move()] {
        if pos.on_bench(winner) {
            return Some(Verdict {
                winner,
                reason: Reason::Bench,
            });
        }
    }
    if !has_legal_action(pos) {
        return Some(Verdict {
            winner: mover,
            reason: Reason::NoLegalAction,
        });
    }
    None
}

/// The route the piece on `from` takes to `to`, if one of its routes ends there (backward ones
/// only with the rule on); whether the squares are free is not looked at.
pub(crate) fn find_route(pos: &Position, from: Square, to: Square) -> Result<Path, RuleError> {
    let court = pos.court();
    for sq in [from, to] {
        if !court.contains(sq) {
            return Err(RuleError::OffCourt(sq));
        }
    }
    let piece = pos.get(from).ok_or(RuleError::Empty(from))?;
    for backward in [false, true] {
        for &dx in laterals(piece.rank.route()) {
            if let Some(path) = walk(court, from, piece.side, piece.rank, backward, dx)
                && path.landing() == to
            {
                if backward && !pos.backward_captures() {
                    return Err(RuleError::BackwardOff);
                }
                return Ok(path);
            }
        }
    }
    Err(RuleError::NoRoute { from, to })
}

/// The squares the piece on `from` passes on its route to `to`, in order, from `from` itself to
/// the landing square `to`: what the table needs to animate a move square by square.
pub fn route_squares(pos: &Position, from: Square, to: Square) -> Result<Vec<Square>, RuleError> {
    let path = find_route(pos, from, to)?;
    Ok(std::iter::once(from)
        .chain(path.squares().iter().copied())
        .collect())
}

/// Checks an action against the rules, with the reason it is refused.
pub fn check(pos: &Position, action: &Action) -> Result<(), RuleError> {
    let (from, to) = (action.from(), action.to());
    let (path, landing) = check_route(pos, from, to)?;
    match (landing, action) {
        (None, Action::Move { .. }) if path.backward => Err(RuleError::BackwardNeedsCapture),
        (None, Action::Move { .. }) => Ok(()),
        (None, Action::Capture { .. }) => Err(RuleError::NothingToCapture { at: to }),
        (Some(_), Action::Move { .. }) => Err(RuleError::NeedsPayment { at: to }),
        (Some(enemy), Action::Capture { payment, .. }) => {
            check_payers(pos, from, payment.squares())?;
            let paid = weight_of(pos, payment.squares());
            if paid != enemy.weight() {
                return Err(RuleError::WrongSum {
                    paid,
                    cost: enemy.weight(),
                });
            }
            Ok(())
        }
    }
}

/// Checks everything about going from `from` to `to` except the payment: the case is open, the
/// piece is the mover's, a route ends there, nothing is in the way and the last square does not
/// hold a piece of the mover's own. Gives the route and the enemy piece on the last square.
pub(crate) fn check_route(
    pos: &Position,
    from: Square,
    to: Square,
) -> Result<(Path, Option<Piece>), RuleError> {
    let side = pos.to_move();
    if pos.bench_reached() {
        return Err(RuleError::CaseOver);
    }
    if let Some(piece) = pos.get(from)
        && piece.side != side
    {
        return Err(RuleError::NotYourTurn {
            at: from,
            side: piece.side,
        });
    }
    let path = find_route(pos, from, to)?;
    if let Some(&at) = path.between().iter().find(|&&sq| pos.get(sq).is_some()) {
        return Err(RuleError::Blocked { at });
    }
    match pos.get(to) {
        Some(p) if p.side == side => Err(RuleError::OwnPiece { at: to }),
        landing => Ok((path, landing)),
    }
}

/// Every paying square holds a piece of the side to move, other than the capturer.
pub(crate) fn check_payers(
    pos: &Position,
    from: Square,
    squares: &[Square],
) -> Result<(), RuleError> {
    for &sq in squares {
        if sq == from {
            return Err(RuleError::CapturerCannotPay);
        }
        match pos.get(sq) {
            Some(p) if p.side == pos.to_move() => {}
            _ => return Err(RuleError::PayerNotYours { at: sq }),
        }
    }
    Ok(())
}

pub(crate) fn weight_of(pos: &Position, squares: &[Square]) -> u8 {
    squares
        .iter()
        .filter_map(|&sq| pos.get(sq))
        .map(|p| p.weight())
        .sum()
}

/// Plays a legal action: the paying pieces leave the court, the mover lands (taking whatever
/// stood there) and the turn passes.
pub fn apply(pos: &Position, action: &Action) -> Result<Position, RuleError> {
    check(pos, action)?;
    Ok(apply_unchecked(pos, action))
}

/// [`apply`] without the checks, for actions taken from [`legal_actions`] (engines, perft).
pub fn apply_unchecked(pos: &Position, action: &Action) -> Position {
    let mut next = pos.clone();
    if let Action::Capture { payment, .. } = action {
        for &sq in payment.squares() {
            next.set(sq, None);
        }
    }
    let piece = next.get(action.from());
    next.set(action.from(), None);
    next.set(action.to(), piece);
    next.set_to_move(pos.to_move().opponent());
    next
}

/// The number of action sequences of length `depth` from `pos` (a finished case has none).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    fn go(pos: &Position, depth: u32, bufs: &mut [Vec<Action>]) -> u64 {
        let (buf, rest) = bufs.split_first_mut().expect("one buffer per level");
        legal_actions_into(pos, buf);
        if depth == 1 {
            return buf.len() as u64;
        }
        buf.iter()
            .map(|a| go(&apply_unchecked(pos, a), depth - 1, rest))
            .sum()
    }
    if depth == 0 {
        return 1;
    }
    let mut bufs = vec![Vec::new(); depth as usize];
    go(pos, depth, &mut bufs)
}
