//! The timeout move, frozen. A player whose turn clock runs out gets this move, and `tables
//! verify` recomputes it for every move a saved record marks `timeout`; so it must never change,
//! whatever becomes of the playing engine. This module is a copy of the engine's search,
//! evaluation, move order and move generator as they were when records were first saved
//! (iterative deepening to depth 2, a transposition table, today's evaluation), working only
//! through the table's public reading API ([`Board`]). `tests/hive_timeout.rs` pins its answers.
//!
//! Do not "improve" anything here: ties are broken by the order moves are generated in, so even
//! the order of the loops below is part of the contract.
//!
//! Game types with the expansion creatures (Jay, Squirrel, Hedgehog) came later: there the moves
//! are the rules' own list put in a fixed order ([`generate_expansions`]), so the choice does not
//! depend on how the rules' generator happens to list them, and the evaluation weighs the three
//! new creatures with the weights they were given then. Base games are untouched.

use crate::rules::hive::board::{Board, Move};
use crate::rules::hive::hex::{Direction, Hex, ORIGIN};
use crate::rules::hive::movegen::{self, Scratch};
use crate::rules::hive::piece::{Colour, Creature, GameType, PIECE_COUNT, Piece};
use crate::rules::hive::state::{PLY_LIMIT, State};
use std::collections::{HashMap, HashSet};

/// The depth of the search.
pub const DEPTH: u32 = 2;

const INF: i32 = 1_000_000;
const WIN: i32 = 100_000;
const TT_BITS: u32 = 16;

/// The frozen choice for the player to move; `None` once the game is over.
pub fn choose(state: &State) -> Option<Move> {
    if state.outcome().is_some() {
        return None;
    }
    let legal = generate(state.board());
    match legal.len() {
        0 => return Some(Move::Pass),
        1 => return Some(legal[0]),
        _ => {}
    }
    let mut seen = HashMap::new();
    let mut replay = state.start().clone();
    for m in state.moves() {
        replay.apply(m);
        *seen.entry(replay.hash()).or_insert(0u8) += 1;
    }
    let mut s = Frozen {
        seen,
        board: state.board().clone(),
        tt: vec![None; 1 << TT_BITS],
    };
    // Root moves with the score of their last search, reordered (stably) before each depth.
    let mut root: Vec<(Move, i32)> = legal.into_iter().map(|m| (m, 0)).collect();
    let mut best: Option<(Move, i32)> = None;
    for depth in 1..=DEPTH {
        root.sort_by_key(|r| -r.1);
        let mut iter_best: Option<(Move, i32)> = None;
        for r in root.iter_mut() {
            let alpha = match iter_best {
                Some((_, s)) => s - 1,
                None => -INF,
            };
            s.board.apply(r.0);
            let score = -s.negamax(depth - 1, -INF, -alpha, 1);
            s.board.revert(r.0);
            r.1 = score;
            if iter_best.is_none_or(|(_, b)| score > b) {
                iter_best = Some((r.0, score));
            }
        }
        best = iter_best;
        if best.is_some_and(|b| b.1.abs() >= WIN - 1000) {
            break;
        }
    }
    best.map(|b| b.0)
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    best: Option<Move>,
    score: i32,
    depth: u8,
    bound: Bound,
}

struct Frozen {
    seen: HashMap<u64, u8>,
    board: Board,
    tt: Vec<Option<Entry>>,
}

impl Frozen {
    fn negamax(&mut self, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        let me = self.board.to_move();
        let mine = self.board.elder_surrounded(me);
        let theirs = self.board.elder_surrounded(me.other());
        match (mine, theirs) {
            (true, true) => return 0,
            (true, false) => return -WIN + ply,
            (false, true) => return WIN - ply,
            _ => {}
        }
        if self.board.ply() >= PLY_LIMIT {
            return 0;
        }
        if self.seen.get(&self.board.hash()).is_some_and(|&n| n >= 2) {
            return 0;
        }
        if depth == 0 {
            return evaluate(&self.board);
        }
        let key = self.board.hash();
        let slot = (key as usize) & ((1 << TT_BITS) - 1);
        let mut tt_move = None;
        if let Some(e) = self.tt[slot].filter(|e| e.key == key) {
            tt_move = e.best;
            if u32::from(e.depth) >= depth {
                match e.bound {
                    Bound::Exact => return e.score,
                    Bound::Lower if e.score >= beta => return e.score,
                    Bound::Upper if e.score <= alpha => return e.score,
                    _ => {}
                }
            }
        }
        let mut moves = generate(&self.board);
        order(&self.board, &mut moves, tt_move);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for &m in &moves {
            self.board.apply(m);
            let score = -self.negamax(depth - 1, -beta, -alpha, ply + 1);
            self.board.revert(m);
            if score > best {
                best = score;
                best_move = Some(m);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt[slot] = Some(Entry {
            key,
            best: best_move,
            score: best,
            depth: depth as u8,
            bound,
        });
        best
    }
}

fn order(board: &Board, moves: &mut [Move], tt_move: Option<Move>) {
    let me = board.to_move();
    let their_elder = board.position(Piece::elder(me.other()));
    let my_elder = board.position(Piece::elder(me));
    let touches = |h: Hex, e: Option<Hex>| e.is_some_and(|e| e.distance(h) == 1);
    moves.sort_unstable_by_key(|&m| {
        if Some(m) == tt_move {
            return -1000;
        }
        match m {
            Move::Shift { piece, from, to } => {
                let mut s = 0;
                if touches(to, their_elder) && !touches(from, their_elder) {
                    s -= 50;
                }
                if touches(from, my_elder) && !touches(to, my_elder) {
                    s -= 30;
                }
                if piece.creature() == Creature::Owl && board.occupied(to) {
                    s -= 20;
                }
                if piece.creature() == Creature::Elder {
                    s -= 10;
                }
                s
            }
            Move::Place { to, .. } => {
                if touches(to, their_elder) {
                    -5
                } else {
                    10
                }
            }
            Move::Pass => 0,
        }
    });
}

const ELDER_PRESSURE: [i32; 7] = [0, 12, 35, 80, 170, 360, 0];

fn evaluate(board: &Board) -> i32 {
    let pinned = pinned(board);
    let mut score = [0i32; 2];
    for c in Colour::BOTH {
        let s = &mut score[c.index()];
        if let Some(e) = board.position(Piece::elder(c)) {
            *s -= ELDER_PRESSURE[board.occupied_neighbours(e).min(6)];
            let elder = Piece::elder(c);
            if pinned & (1 << elder.index()) == 0
                && board.is_on_top(elder)
                && Direction::ALL.iter().any(|&d| can_slide(board, e, e, d))
            {
                *s += 15;
            }
        }
    }
    for (p, h) in board.tops() {
        let c = p.colour();
        let s = &mut score[c.index()];
        let their_elder = board.position(Piece::elder(c.other()));
        let near_their_elder = their_elder.is_some_and(|e| e.distance(h) == 1);
        let stacked = board.height(h) > 1;
        if pinned & (1 << p.index()) != 0 {
            *s -= 6;
            if near_their_elder {
                *s += 10;
            }
            continue;
        }
        let free = match p.creature() {
            Creature::Owl | Creature::Hare | Creature::Squirrel => true,
            _ => Direction::ALL.iter().any(|&d| can_slide(board, h, h, d)),
        };
        if !free {
            continue;
        }
        *s += super::eval::mobility(p.creature());
        if p.creature() == Creature::Owl && stacked {
            *s += 20;
            if let Some(below) = board.stack(h).pieces().nth(board.height(h) - 2)
                && below.creature() == Creature::Elder
                && below.colour() != c
            {
                *s += 40;
            }
        }
        if near_their_elder {
            *s += 4;
        }
    }
    let me = board.to_move();
    score[me.index()] - score[me.other().index()] + 5
}

// The move generator as it was, in its order.

fn can_slide(board: &Board, gone: Hex, from: Hex, d: Direction) -> bool {
    let occ = |h: Hex| h != gone && board.occupied(h);
    let to = from.step(d);
    !occ(to) && occ(from.step(d.turned(-1))) != occ(from.step(d.turned(1)))
}

fn pinned(board: &Board) -> u32 {
    let cells: Vec<Hex> = board.tops().map(|(_, h)| h).collect();
    let n = cells.len();
    if n < 3 {
        return 0;
    }
    let node_of: HashMap<Hex, usize> = cells.iter().enumerate().map(|(i, &h)| (h, i)).collect();
    let mut disc = [0u8; PIECE_COUNT];
    let mut low = [0u8; PIECE_COUNT];
    let mut cut = [false; PIECE_COUNT];
    let mut time = 0u8;
    articulation(
        board,
        &node_of,
        &cells,
        0,
        usize::MAX,
        (&mut disc, &mut low, &mut cut),
        &mut time,
    );
    let mut mask = 0;
    for i in 0..n {
        if cut[i]
            && board.height(cells[i]) == 1
            && let Some(p) = board.top(cells[i])
        {
            mask |= 1 << p.index();
        }
    }
    mask
}

type Marks<'a> = (
    &'a mut [u8; PIECE_COUNT],
    &'a mut [u8; PIECE_COUNT],
    &'a mut [bool; PIECE_COUNT],
);

fn articulation(
    board: &Board,
    node_of: &HashMap<Hex, usize>,
    cells: &[Hex],
    u: usize,
    parent: usize,
    marks: Marks,
    time: &mut u8,
) {
    let (disc, low, cut) = marks;
    *time += 1;
    disc[u] = *time;
    low[u] = *time;
    let mut children = 0;
    for nb in cells[u].neighbours() {
        if !board.occupied(nb) {
            continue;
        }
        let v = node_of[&nb];
        if disc[v] == 0 {
            children += 1;
            articulation(
                board,
                node_of,
                cells,
                v,
                u,
                (&mut *disc, &mut *low, &mut *cut),
                time,
            );
            low[u] = low[u].min(low[v]);
            if parent != usize::MAX && low[v] >= disc[u] {
                cut[u] = true;
            }
        } else if v != parent {
            low[u] = low[u].min(disc[v]);
        }
    }
    if parent == usize::MAX && children > 1 {
        cut[u] = true;
    }
}

fn placement_cells(board: &Board, colour: Colour) -> Vec<Hex> {
    let mut out = Vec::new();
    match board.ply() {
        0 => out.push(ORIGIN),
        1 => {
            if let Some((_, h)) = board.tops().next() {
                out.extend(h.neighbours());
            }
        }
        _ => {
            let mut marked = HashSet::new();
            for (p, h) in board.tops() {
                if p.colour() != colour {
                    continue;
                }
                for n in h.neighbours() {
                    if board.occupied(n) || !marked.insert(n) {
                        continue;
                    }
                    let touches_other = n
                        .neighbours()
                        .iter()
                        .any(|&m| board.top(m).is_some_and(|t| t.colour() != colour));
                    if !touches_other {
                        out.push(n);
                    }
                }
            }
        }
    }
    out
}

fn placeable(board: &Board, colour: Colour) -> Vec<Piece> {
    let turn = board.turn_number();
    let elder_waiting = board.next_in_reserve(colour, Creature::Elder).is_some();
    Creature::ALL
        .into_iter()
        .filter_map(|c| {
            if c == Creature::Elder && turn == 1 {
                return None;
            }
            if turn == 4 && elder_waiting && c != Creature::Elder {
                return None;
            }
            board.next_in_reserve(colour, c)
        })
        .collect()
}

fn piece_destinations(board: &Board, piece: Piece, from: Hex) -> Vec<Hex> {
    let mut out = Vec::new();
    match piece.creature() {
        // Only in expansion game types, which list their moves through the rules.
        Creature::Jay | Creature::Squirrel | Creature::Hedgehog => {
            movegen::piece_destinations(board, piece, from, &mut Scratch::new(), &mut out);
        }
        Creature::Elder => {
            for d in Direction::ALL {
                if can_slide(board, from, from, d) {
                    out.push(from.step(d));
                }
            }
        }
        Creature::Owl => {
            let below = board.height(from) - 1;
            for d in Direction::ALL {
                let to = from.step(d);
                let there = board.height(to);
                let left = board.height(from.step(d.turned(-1)));
                let right = board.height(from.step(d.turned(1)));
                if left.min(right) > below.max(there) {
                    continue;
                }
                if below == 0 && there == 0 && left == 0 && right == 0 {
                    continue;
                }
                out.push(to);
            }
        }
        Creature::Hare => {
            for d in Direction::ALL {
                let mut n = from.step(d);
                if !board.occupied(n) {
                    continue;
                }
                while board.occupied(n) {
                    n = n.step(d);
                }
                out.push(n);
            }
        }
        Creature::Fox => {
            let mut marked = HashSet::new();
            fox_walk(board, from, from, [from; 3], 0, &mut marked, &mut out);
        }
        Creature::Otter => {
            let mut marked = HashSet::from([from]);
            let mut queue = vec![from];
            let mut i = 0;
            while i < queue.len() {
                let cur = queue[i];
                i += 1;
                for d in Direction::ALL {
                    if can_slide(board, from, cur, d) {
                        let n = cur.step(d);
                        if marked.insert(n) {
                            queue.push(n);
                            out.push(n);
                        }
                    }
                }
            }
        }
    }
    out
}

fn fox_walk(
    board: &Board,
    start: Hex,
    cur: Hex,
    mut path: [Hex; 3],
    depth: usize,
    marked: &mut HashSet<Hex>,
    out: &mut Vec<Hex>,
) {
    path[depth] = cur;
    for d in Direction::ALL {
        if !can_slide(board, start, cur, d) {
            continue;
        }
        let n = cur.step(d);
        if path[..=depth].contains(&n) {
            continue;
        }
        if depth == 2 {
            if marked.insert(n) {
                out.push(n);
            }
        } else {
            fox_walk(board, start, n, path, depth + 1, marked, out);
        }
    }
}

fn generate(board: &Board) -> Vec<Move> {
    if board.game_type() != GameType::BASE {
        return generate_expansions(board);
    }
    let mut out = Vec::new();
    let colour = board.to_move();
    let cells = placement_cells(board, colour);
    let kinds = placeable(board, colour);
    for &to in &cells {
        for &piece in &kinds {
            out.push(Move::Place { piece, to });
        }
    }
    if board.next_in_reserve(colour, Creature::Elder).is_none() {
        let pinned = pinned(board);
        for p in Piece::of(colour) {
            let Some(from) = board.position(p) else {
                continue;
            };
            if board.top(from) != Some(p) || pinned & (1 << p.index()) != 0 {
                continue;
            }
            for to in piece_destinations(board, p, from) {
                out.push(Move::Shift { piece: p, from, to });
            }
        }
    }
    if out.is_empty() {
        out.push(Move::Pass);
    }
    out
}

/// The moves of a game type with expansion creatures: the rules' list, sorted by a fixed key
/// (placements, then moves, then the pass; by piece number, then cells).
fn generate_expansions(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    movegen::generate(board, &mut Scratch::new(), &mut out);
    out.sort_by_key(|&m| match m {
        Move::Place { piece, to } => (0, piece.index(), to, to),
        Move::Shift { piece, from, to } => (1, piece.index(), from, to),
        Move::Pass => (2, 0, ORIGIN, ORIGIN),
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The rules' generator (rewritten for speed since) still lists exactly the moves of the
    /// frozen copy, in the same order, and finds the same pinned pieces.
    #[test]
    fn the_frozen_generator_agrees_with_the_rules() {
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        let mut scratch = Scratch::new();
        let mut fast = Vec::new();
        let mut positions = 0;
        for _ in 0..40 {
            let mut state = State::new();
            while state.outcome().is_none() {
                let board = state.board();
                movegen::generate(board, &mut scratch, &mut fast);
                assert_eq!(fast, generate(board), "{}", state.game_string());
                assert_eq!(movegen::pinned(board, &mut scratch), pinned(board));
                assert_eq!(movegen::count_moves(board, &mut scratch), fast.len() as u64);
                positions += 1;
                let m = fast[rng.random_range(0..fast.len())];
                state.play(m).unwrap();
            }
        }
        assert!(positions > 2000, "{positions}");
    }
}
