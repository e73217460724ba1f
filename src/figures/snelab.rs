//! Snēlab's figures, built on small courts with the rules of `rules::snelab`:
//!
//! - a rank's routes ([`route`]): the piece alone in the middle of a 5 × 7 court, South to
//!   move, the appeal on. An enemy Bailiff stands at the end of each backward route the rules
//!   open (the appeal only ever captures), and one South Bailiff in a corner can pay for it. What
//!   is drawn is the piece's legal actions: each as the squares `route_squares` gives, forward
//!   moves in one colour, backward captures in another.
//! - a capture with its payments ([`payment`]): an Advocate that can take a Barrister (3) and
//!   holds a Bailiff, an Advocate and a Barrister besides; the payments are those of the legal
//!   captures, one per distinct set of pieces.

use super::{Drawing, Figure, Mark};
use crate::i18n::{Message, msg};
use crate::rules::snelab::moves::open_routes;
use crate::rules::snelab::{
    Action, Court, Piece, Position, Rank, Side, Square, legal_actions, route_squares,
};

/// What a piece is in a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The piece the figure is about.
    Mover,
    /// An enemy piece it can capture.
    Target,
    /// A piece of the mover's that pays in some payment.
    Payer,
    /// Any other piece (drawn faded).
    Other,
}

/// A piece on the figure's court.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CourtPiece {
    pub square: Square,
    pub piece: Piece,
    pub role: Role,
}

/// One route the mover may take: the squares from its own to the landing, as the rules walk it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub squares: Vec<Square>,
    /// Run in reverse (the appeal): always a capture.
    pub backward: bool,
    /// Ends on an enemy piece.
    pub capture: bool,
}

impl Route {
    pub fn landing(&self) -> Option<Square> {
        self.squares.last().copied()
    }
}

/// A small court with pieces, the mover's routes and, for a capture, its payments.
#[derive(Clone, Debug, PartialEq)]
pub struct CourtFigure {
    pub court: Court,
    /// The side whose "forward" is up in the drawing (the mover's).
    pub side: Side,
    pub pieces: Vec<CourtPiece>,
    pub routes: Vec<Route>,
    /// Each exact payment of the capture shown: the squares of the pieces removed.
    pub payments: Vec<Vec<Square>>,
}

impl CourtFigure {
    pub fn mover(&self) -> Option<CourtPiece> {
        self.pieces.iter().copied().find(|p| p.role == Role::Mover)
    }
}

fn rank_name(rank: Rank) -> Message {
    msg(match rank {
        Rank::Bailiff => "snelab.rank.bailiff",
        Rank::Advocate => "snelab.rank.advocate",
        Rank::Barrister => "snelab.rank.barrister",
        Rank::Justice => "snelab.rank.justice",
    })
}

/// The routes of the piece on `from` in `pos`: one per landing square of its legal actions.
fn routes_of(pos: &Position, from: Square) -> Vec<Route> {
    let Some(piece) = pos.get(from) else {
        return Vec::new();
    };
    let mut routes: Vec<Route> = Vec::new();
    for action in legal_actions(pos) {
        if action.from() != from || routes.iter().any(|r| r.landing() == Some(action.to())) {
            continue;
        }
        let Ok(squares) = route_squares(pos, from, action.to()) else {
            continue;
        };
        let first = squares.get(1).copied().unwrap_or(from);
        let step = i32::from(first.row) - i32::from(from.row);
        routes.push(Route {
            backward: step * i32::from(piece.side.forward()) < 0,
            capture: action.is_capture(),
            squares,
        });
    }
    routes
}

fn pieces_of(pos: &Position, role: impl Fn(Square, Piece) -> Role) -> Vec<CourtPiece> {
    pos.pieces()
        .map(|(square, piece)| CourtPiece {
            square,
            piece,
            role: role(square, piece),
        })
        .collect()
}

/// `rank`'s routes, forward and (by the appeal) backward, from the middle of a small court.
pub fn route(rank: Rank) -> Option<Figure> {
    let court = Court::new(5, 7)?;
    let mover = Square::new(2, 3);
    let mut pos = Position::empty(court);
    pos.set_to_move(Side::South);
    pos.set_backward_captures(true);
    let piece = Piece::new(Side::South, rank);
    pos.set(mover, Some(piece));
    // Where the rules let the piece run its route in reverse: an enemy stands at each end.
    let mut ends = Vec::new();
    let mut passed = Vec::new();
    open_routes(&pos, mover, piece, |path| {
        passed.extend_from_slice(path.squares());
        if path.backward {
            ends.push(path.landing());
        }
    });
    for &end in &ends {
        pos.set(end, Some(Piece::new(Side::North, Rank::Bailiff)));
    }
    // A piece to pay with, on the mover's own Counter, away from every route.
    let payer = court
        .squares()
        .find(|&sq| sq.row == court.counter_row(Side::South) && !passed.contains(&sq))?;
    pos.set(payer, Some(Piece::new(Side::South, Rank::Bailiff)));
    let routes = routes_of(&pos, mover);
    if routes.is_empty() {
        return None;
    }
    let pieces = pieces_of(&pos, |sq, p| match () {
        _ if sq == mover => Role::Mover,
        _ if p.side != Side::South && ends.contains(&sq) => Role::Target,
        _ => Role::Other,
    });
    Some(Figure {
        drawing: Drawing::Court(CourtFigure {
            court,
            side: Side::South,
            pieces,
            routes,
            payments: Vec::new(),
        }),
        caption: msg("figure.snelab.route").with_words("piece", rank_name(rank)),
        legend: vec![
            (Mark::Move, msg("figure.snelab.legend.move")),
            (Mark::Appeal, msg("figure.snelab.legend.appeal")),
            (Mark::Faded, msg("figure.snelab.legend.faded")),
        ],
    })
}

/// An Advocate takes a Barrister (3): the payments the rules list for that capture.
pub fn payment() -> Option<Figure> {
    let court = Court::new(5, 5)?;
    let mover = Square::new(1, 1);
    let target = Square::new(2, 2);
    let mut pos = Position::empty(court);
    pos.set_to_move(Side::South);
    pos.set_backward_captures(true);
    for (sq, side, rank) in [
        (mover, Side::South, Rank::Advocate),
        (Square::new(0, 0), Side::South, Rank::Bailiff),
        (Square::new(2, 0), Side::South, Rank::Barrister),
        (Square::new(4, 0), Side::South, Rank::Advocate),
        (target, Side::North, Rank::Barrister),
        (Square::new(1, 4), Side::North, Rank::Bailiff),
        (Square::new(3, 4), Side::North, Rank::Justice),
    ] {
        pos.set(sq, Some(Piece::new(side, rank)));
    }
    let payments: Vec<Vec<Square>> = legal_actions(&pos)
        .into_iter()
        .filter(|a| a.from() == mover && a.to() == target)
        .filter_map(|a| match a {
            Action::Capture { payment, .. } => Some(payment.squares().to_vec()),
            Action::Move { .. } => None,
        })
        .collect();
    if payments.is_empty() {
        return None;
    }
    let routes = routes_of(&pos, mover)
        .into_iter()
        .filter(|r| r.landing() == Some(target))
        .collect();
    let attacker = pos.get(mover)?;
    let victim = pos.get(target)?;
    let pieces = pieces_of(&pos, |sq, _| match () {
        _ if sq == mover => Role::Mover,
        _ if sq == target => Role::Target,
        _ if payments.iter().any(|p| p.contains(&sq)) => Role::Payer,
        _ => Role::Other,
    });
    Some(Figure {
        drawing: Drawing::Court(CourtFigure {
            court,
            side: Side::South,
            pieces,
            routes,
            payments,
        }),
        caption: msg("figure.snelab.payment")
            .with_words("attacker", rank_name(attacker.rank))
            .with_words("target", rank_name(victim.rank))
            .with("cost", victim.weight()),
        legend: vec![
            (Mark::Target, msg("figure.snelab.legend.target")),
            (Mark::Payer, msg("figure.snelab.legend.payer")),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::snelab::{Reach, reach};
    use std::collections::BTreeSet;

    fn court(rank: Rank) -> CourtFigure {
        match route(rank).expect("the figure builds").drawing {
            Drawing::Court(c) => c,
            other => panic!("{other:?}"),
        }
    }

    /// The position the figure shows, rebuilt from its pieces.
    fn position(c: &CourtFigure) -> Position {
        let mut pos = Position::empty(c.court);
        for p in &c.pieces {
            pos.set(p.square, Some(p.piece));
        }
        pos.set_to_move(c.side);
        pos.set_backward_captures(true);
        pos
    }

    #[test]
    fn each_route_figure_marks_exactly_the_squares_of_its_legal_actions() {
        for rank in Rank::ALL {
            let c = court(rank);
            let pos = position(&c);
            let mover = c.mover().unwrap();
            assert_eq!(mover.piece.rank, rank);
            let legal: BTreeSet<Square> = legal_actions(&pos)
                .iter()
                .filter(|a| a.from() == mover.square)
                .map(|a| a.to())
                .collect();
            let drawn: BTreeSet<Square> = c.routes.iter().filter_map(Route::landing).collect();
            assert_eq!(drawn, legal, "{rank}");
            // The table's green dots and red rings for the same piece agree.
            let Reach {
                moves,
                captures,
                cant_pay,
            } = reach(&pos, mover.square);
            assert!(cant_pay.is_empty(), "{rank}");
            let forward: BTreeSet<Square> = c
                .routes
                .iter()
                .filter(|r| !r.backward)
                .filter_map(Route::landing)
                .collect();
            let backward: BTreeSet<Square> = c
                .routes
                .iter()
                .filter(|r| r.backward)
                .filter_map(Route::landing)
                .collect();
            assert_eq!(forward, moves.into_iter().collect(), "{rank}");
            assert_eq!(backward, captures.into_iter().collect(), "{rank}");
            // Every route is the rank's whole route, and the backward ones capture.
            for r in &c.routes {
                assert_eq!(r.squares.len(), rank.weight() as usize + 1, "{rank}");
                assert_eq!(r.squares[0], mover.square);
                assert_eq!(r.capture, r.backward, "{rank}: {r:?}");
                assert_eq!(
                    route_squares(&pos, mover.square, r.landing().unwrap()).unwrap(),
                    r.squares
                );
            }
        }
    }

    #[test]
    fn routes_run_both_ways_sideways_and_backward_only_to_capture() {
        let expected = |rank: Rank| match rank {
            Rank::Bailiff => 2,
            _ => 4,
        };
        for rank in Rank::ALL {
            let c = court(rank);
            assert_eq!(c.routes.len(), expected(rank), "{rank}");
            assert_eq!(
                c.routes.iter().filter(|r| r.backward).count() * 2,
                c.routes.len()
            );
            let targets = c.pieces.iter().filter(|p| p.role == Role::Target).count();
            assert_eq!(targets, expected(rank) / 2, "{rank}");
        }
        // With the appeal switched off the same court has no backward routes at all.
        let c = court(Rank::Justice);
        let mut pos = position(&c);
        pos.set_backward_captures(false);
        assert!(
            routes_of(&pos, c.mover().unwrap().square)
                .iter()
                .all(|r| !r.backward)
        );
    }

    #[test]
    fn the_payment_figure_lists_the_payments_of_the_legal_captures() {
        let Drawing::Court(c) = payment().unwrap().drawing else {
            panic!()
        };
        let pos = position(&c);
        let mover = c.mover().unwrap();
        let target = c.pieces.iter().find(|p| p.role == Role::Target).unwrap();
        assert_eq!(c.routes.len(), 1);
        assert_eq!(c.routes[0].landing(), Some(target.square));
        let cost = target.piece.weight();
        let mut legal: Vec<Vec<Square>> = legal_actions(&pos)
            .into_iter()
            .filter(|a| a.from() == mover.square && a.to() == target.square)
            .filter_map(|a| a.payment().map(|p| p.squares().to_vec()))
            .collect();
        legal.sort();
        let mut drawn = c.payments.clone();
        drawn.sort();
        assert_eq!(drawn, legal);
        // The page's example: a Bailiff and an Advocate, or another Barrister.
        assert_eq!(drawn.len(), 2);
        for p in &c.payments {
            let weight: u8 = p.iter().map(|&sq| pos.get(sq).unwrap().weight()).sum();
            assert_eq!(weight, cost);
            assert!(!p.contains(&mover.square), "the capturer never pays");
            for sq in p {
                let role = c.pieces.iter().find(|x| x.square == *sq).unwrap().role;
                assert_eq!(role, Role::Payer);
            }
        }
    }
}
