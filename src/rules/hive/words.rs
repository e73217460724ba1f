//! Helpers for the table: where a lifted piece may go (the rings), and each move in words for
//! the "All my moves" list ([`describe`] gives the words as a message; the front end translates).

use super::board::{Board, Move};
use super::hex::{Direction, Hex};
use super::piece::{Creature, Piece, short_name};
use super::state::State;
use crate::i18n::{Explain, Message, msg};

/// Cells where the player to move may place the next piece of `creature` from the reserve.
pub fn placement_destinations(state: &State, creature: Creature) -> Vec<Hex> {
    let mut out: Vec<Hex> = state
        .legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Place { piece, to } if piece.creature() == creature => Some(to),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// Cells where a piece on the table may move to now (empty if it is not the mover's piece, is
/// covered, holds the group together, or the game is over).
pub fn move_destinations(state: &State, piece: Piece) -> Vec<Hex> {
    let mut out: Vec<Hex> = state
        .legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Shift { piece: p, to, .. } if p == piece => Some(to),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// The cells a moving piece passes, for the animation: each with the height it stands at
/// (0 on the table, 1 on top of one piece…), the landing last. A placement is its cell; a
/// sliding piece (Elder, Fox, Otter) follows a real path around the group, cell by cell; the Hare
/// the straight line it jumps over; the Owl steps from its height to the height it lands at; the
/// Squirrel climbs two tops and steps down; a carried piece rides over its carrier. A Jay's path
/// is the one of the way it moves: a step (up, down or sliding), else a slide around the group.
/// A pass has no path. `board` is the table before the move.
pub fn move_path(board: &Board, m: Move) -> Vec<(Hex, usize)> {
    match m {
        Move::Pass => Vec::new(),
        Move::Place { to, .. } => vec![(to, 0)],
        Move::Shift { piece, from, to } => {
            let start = (from, board.height(from).saturating_sub(1));
            if let Some(carrier) = carrier(board, piece, from, to) {
                return vec![start, (carrier, 1), (to, 0)];
            }
            match piece.creature() {
                Creature::Owl => vec![start, (to, board.height(to))],
                Creature::Jay if from.distance(to) == 1 => vec![start, (to, board.height(to))],
                Creature::Jay | Creature::Hedgehog => slide_path(board, from, to)
                    .map(|p| p.into_iter().map(|h| (h, 0)).collect())
                    .unwrap_or_else(|| vec![start, (to, 0)]),
                Creature::Squirrel => {
                    squirrel_path(board, from, to).unwrap_or_else(|| vec![start, (to, 0)])
                }
                Creature::Hare => {
                    let mut path = vec![start];
                    if let Some(d) = (0..6).map(|i| Direction::ALL[i]).find(|&d| {
                        let mut h = from.step(d);
                        (0..32).any(|_| {
                            let hit = h == to;
                            h = h.step(d);
                            hit
                        })
                    }) {
                        let mut h = from.step(d);
                        while h != to {
                            path.push((h, board.height(h)));
                            h = h.step(d);
                        }
                    }
                    path.push((to, 0));
                    path
                }
                Creature::Fox => {
                    let mut path = vec![from];
                    if fox_path(board, from, to, &mut path) {
                        path.into_iter().map(|h| (h, 0)).collect()
                    } else {
                        vec![start, (to, 0)]
                    }
                }
                Creature::Elder | Creature::Otter => slide_path(board, from, to)
                    .map(|p| p.into_iter().map(|h| (h, 0)).collect())
                    .unwrap_or_else(|| vec![start, (to, 0)]),
            }
        }
    }
}

/// The cell of the Hedgehog (or Jay) of the player to move that carries `piece` from `from` to
/// `to` in this move, if the move is a carry: always for a piece of the other colour, and for
/// one's own only when its creature could not walk there.
fn carrier(board: &Board, piece: Piece, from: Hex, to: Hex) -> Option<Hex> {
    let me = board.to_move();
    if piece.colour() == me {
        let mut walk = Vec::new();
        super::movegen::piece_destinations(
            board,
            piece,
            from,
            &mut super::movegen::Scratch::new(),
            &mut walk,
        );
        if walk.contains(&to) {
            return None;
        }
    }
    from.neighbours().into_iter().find(|&c| {
        c.distance(to) == 1
            && board.height(c) == 1
            && board.top(c).is_some_and(|t| {
                t.colour() == me && matches!(t.creature(), Creature::Hedgehog | Creature::Jay)
            })
    })
}

/// The Squirrel's three steps: up onto a top, along to another, down to `to`.
fn squirrel_path(board: &Board, from: Hex, to: Hex) -> Option<Vec<(Hex, usize)>> {
    for s1 in from.neighbours() {
        if !board.occupied(s1) {
            continue;
        }
        for s2 in s1.neighbours() {
            if s2 != from && board.occupied(s2) && s2.distance(to) == 1 {
                return Some(vec![
                    (from, 0),
                    (s1, board.height(s1)),
                    (s2, board.height(s2)),
                    (to, 0),
                ]);
            }
        }
    }
    None
}

/// Three sliding steps from the last cell of `path` to `to`, never the same cell twice.
fn fox_path(board: &Board, from: Hex, to: Hex, path: &mut Vec<Hex>) -> bool {
    let here = *path.last().unwrap_or(&from);
    if path.len() == 4 {
        return here == to;
    }
    for d in Direction::ALL {
        if !super::movegen::can_slide(board, from, here, d) {
            continue;
        }
        let next = here.step(d);
        if path.contains(&next) {
            continue;
        }
        path.push(next);
        if fox_path(board, from, to, path) {
            return true;
        }
        path.pop();
    }
    false
}

/// The shortest sliding path from `from` to `to` with the moving piece lifted.
fn slide_path(board: &Board, from: Hex, to: Hex) -> Option<Vec<Hex>> {
    let mut came: std::collections::HashMap<Hex, Hex> = std::collections::HashMap::new();
    let mut queue = std::collections::VecDeque::from([from]);
    came.insert(from, from);
    while let Some(h) = queue.pop_front() {
        if h == to {
            let mut path = vec![to];
            let mut cur = to;
            while cur != from {
                cur = came[&cur];
                path.push(cur);
            }
            path.reverse();
            return Some(path);
        }
        for d in Direction::ALL {
            if super::movegen::can_slide(board, from, h, d) {
                let n = h.step(d);
                if let std::collections::hash_map::Entry::Vacant(e) = came.entry(n) {
                    e.insert(h);
                    queue.push_back(n);
                }
            }
        }
    }
    None
}

/// A neighbour of `cell` to name it by: its top piece and the direction from it to `cell`,
/// never the moving piece itself.
fn landmark(board: &Board, mover: Piece, cell: Hex) -> Option<(Piece, Direction)> {
    Direction::ALL.into_iter().find_map(|d| {
        let n = cell.step(d);
        let stack = board.stack(n);
        let top = stack.top()?;
        if top != mover {
            return Some((top, d.opposite()));
        }
        let h = stack.height();
        (h > 1)
            .then(|| stack.pieces().nth(h - 2))
            .flatten()
            .map(|p| (p, d.opposite()))
    })
}

/// The words for "a cell on side `d` of a piece" (`hive.where.*`, with `{ $piece }`): how
/// "All my moves" names a target and the table's reading places a piece.
pub fn where_key(d: Direction) -> &'static str {
    match d {
        Direction::East => "hive.where.east",
        Direction::West => "hive.where.west",
        Direction::NorthEast => "hive.where.north_east",
        Direction::NorthWest => "hive.where.north_west",
        Direction::SouthEast => "hive.where.south_east",
        Direction::SouthWest => "hive.where.south_west",
    }
}

/// A move in words, as seen in the position `board` before it, e.g. "Otter 2 from beside the
/// ash Elder to the left of the walnut Hare 1" (for "All my moves"); each front end words it in
/// the player's language.
pub fn describe(board: &Board, m: Move) -> Message {
    let target = |piece: Piece, to: Hex| -> Message {
        if let Some(top) = board.top(to) {
            return msg("hive.where.onto").with_words("piece", top.explain());
        }
        match landmark(board, piece, to) {
            Some((p, d)) => msg(where_key(d)).with_words("piece", p.explain()),
            None => msg("hive.where.middle"),
        }
    };
    match m {
        Move::Pass => msg("hive.move.pass"),
        Move::Place { piece, to } => msg("hive.move.place")
            .with_words("piece", short_name(piece))
            .with_words("target", target(piece, to)),
        // The other player's piece is always carried; one's own when its creature could
        // not get there by itself.
        Move::Shift { piece, from, to }
            if piece.colour() != board.to_move() || carrier(board, piece, from, to).is_some() =>
        {
            let by = carrier(board, piece, from, to).and_then(|c| board.top(c));
            msg("hive.move.carry")
                .with_words("piece", piece.explain())
                .with_words("carrier", by.map_or_else(|| piece.explain(), short_name))
                .with_words("target", target(piece, to))
        }
        Move::Shift { piece, from, to } => {
            let stack = board.stack(from);
            let origin = if stack.height() > 1 {
                stack
                    .pieces()
                    .nth(stack.height() - 2)
                    .map(|p| msg("hive.from.on_top").with_words("piece", p.explain()))
            } else {
                landmark(board, piece, from)
                    .map(|(p, _)| msg("hive.from.beside").with_words("piece", p.explain()))
            };
            let target = target(piece, to);
            match origin {
                Some(o) => msg("hive.move.shift_from")
                    .with_words("piece", short_name(piece))
                    .with_words("origin", o)
                    .with_words("target", target),
                None => msg("hive.move.shift")
                    .with_words("piece", short_name(piece))
                    .with_words("target", target),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::english;
    use crate::rules::hive::{Colour, GameType};

    /// Ash's Hedgehog between ash's Hare and Elder, walnut's Elder beyond: the Hare can jump
    /// only along the line, so anywhere else beside the Hedgehog it is carried.
    fn hedgehog_beside_its_hare() -> (State, Hex, Hex) {
        let o = Hex::new(0, 0);
        let east = o.step(Direction::East);
        let west = o.step(Direction::West);
        let far = west.step(Direction::West);
        let p = |c, k| Piece::new(c, k, 1).unwrap();
        let stacks = [
            (o, [p(Colour::Ash, Creature::Hedgehog)]),
            (east, [p(Colour::Ash, Creature::Hare)]),
            (west, [p(Colour::Ash, Creature::Elder)]),
            (far, [p(Colour::Walnut, Creature::Elder)]),
        ];
        let stacks: Vec<(Hex, &[Piece])> = stacks.iter().map(|(h, s)| (*h, &s[..])).collect();
        let state = State::setup_game(GameType::with(&[Creature::Hedgehog]), &stacks, 12, None)
            .expect("a legal position");
        (state, o, east)
    }

    #[test]
    fn ones_own_piece_carried_by_the_hedgehog_is_said_to_be_carried() {
        let (state, hedgehog, east) = hedgehog_beside_its_hare();
        let hare = state.board().top(east).unwrap();
        let moves = move_destinations(&state, hare);
        // The jump along the line, and the cells beside the Hedgehog it is carried to.
        let carried: Vec<Hex> = moves
            .iter()
            .copied()
            .filter(|h| h.distance(hedgehog) == 1)
            .collect();
        assert!(!carried.is_empty(), "{moves:?}");
        let jump = moves
            .iter()
            .copied()
            .find(|h| h.distance(hedgehog) > 1)
            .expect("the Hare's jump");
        for to in carried {
            let m = Move::Shift {
                piece: hare,
                from: east,
                to,
            };
            let words = english(&describe(state.board(), m));
            assert!(words.starts_with("Carry the ash Hare 1"), "{words}");
            assert!(words.contains("over your Hedgehog"), "{words}");
        }
        let m = Move::Shift {
            piece: hare,
            from: east,
            to: jump,
        };
        let words = english(&describe(state.board(), m));
        assert!(words.starts_with("Hare"), "{words}");
    }
}
