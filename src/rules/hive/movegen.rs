//! Legal moves: placement, each creature's movement, the one-group rule (pinned pieces found as
//! articulation points of the group) and room to slide (gates), plus perft.

use super::board::{Board, Move};
use super::hex::{Direction, GRID_CELLS, Hex, ORIGIN};
use super::piece::{Colour, Creature, PIECE_COUNT, Piece};

/// Reusable work memory for the generator, so that a search allocates nothing per node.
pub struct Scratch {
    stamp: u32,
    mark: Box<[u32; GRID_CELLS]>,
    node_of: Box<[u8; GRID_CELLS]>,
    queue: Vec<Hex>,
    dests: Vec<Hex>,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch::new()
    }
}

impl Scratch {
    pub fn new() -> Scratch {
        Scratch {
            stamp: 0,
            mark: Box::new([0; GRID_CELLS]),
            node_of: Box::new([0; GRID_CELLS]),
            queue: Vec::with_capacity(64),
            dests: Vec::with_capacity(64),
        }
    }

    /// Starts a new set of marked cells.
    fn fresh(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
    }

    /// Marks a cell; `true` if it was not marked yet in this set.
    #[inline]
    fn mark(&mut self, h: Hex) -> bool {
        let m = &mut self.mark[h.cell()];
        if *m == self.stamp {
            false
        } else {
            *m = self.stamp;
            true
        }
    }
}

/// Pieces that hold the group together: the only piece of a cell whose removal would split the
/// group (an articulation point of the cell graph). Returned as a bit set of pieces.
pub fn pinned(board: &Board, scratch: &mut Scratch) -> u32 {
    let mut cells = [ORIGIN; PIECE_COUNT];
    let mut n = 0;
    for (_, h) in board.tops() {
        scratch.node_of[h.cell()] = n as u8;
        cells[n] = h;
        n += 1;
    }
    if n < 3 {
        return 0;
    }
    let mut disc = [0u8; PIECE_COUNT];
    let mut low = [0u8; PIECE_COUNT];
    let mut cut = [false; PIECE_COUNT];
    let mut time = 0u8;
    articulation(
        board,
        scratch,
        &cells,
        0,
        usize::MAX,
        &mut disc,
        &mut low,
        &mut cut,
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

#[allow(clippy::too_many_arguments)]
fn articulation(
    board: &Board,
    scratch: &Scratch,
    cells: &[Hex; PIECE_COUNT],
    u: usize,
    parent: usize,
    disc: &mut [u8; PIECE_COUNT],
    low: &mut [u8; PIECE_COUNT],
    cut: &mut [bool; PIECE_COUNT],
    time: &mut u8,
) {
    *time += 1;
    disc[u] = *time;
    low[u] = *time;
    let mut children = 0;
    for nb in cells[u].neighbours() {
        if !board.occupied(nb) {
            continue;
        }
        let v = usize::from(scratch.node_of[nb.cell()]);
        if disc[v] == 0 {
            children += 1;
            articulation(board, scratch, cells, v, u, disc, low, cut, time);
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

/// Whether a ground-level piece may slide from `from` one step in direction `d`, with the cell
/// `gone` (where the moving piece started) counted as empty: the target is empty, and exactly
/// one of the two cells beside the step is occupied (none: it would lose touch with the group;
/// both: a gate too narrow to pass).
#[inline]
pub fn can_slide(board: &Board, gone: Hex, from: Hex, d: Direction) -> bool {
    let occ = |h: Hex| h != gone && board.occupied(h);
    let to = from.step(d);
    !occ(to) && occ(from.step(d.turned(-1))) != occ(from.step(d.turned(1)))
}

/// Cells where `colour` may place a piece now (ignoring which creatures remain).
pub fn placement_cells(board: &Board, colour: Colour, scratch: &mut Scratch, out: &mut Vec<Hex>) {
    out.clear();
    match board.ply() {
        0 => out.push(ORIGIN),
        1 => {
            if let Some((_, h)) = board.tops().next() {
                out.extend(h.neighbours());
            }
        }
        _ => {
            scratch.fresh();
            for (p, h) in board.tops() {
                if p.colour() != colour {
                    continue;
                }
                for n in h.neighbours() {
                    if board.occupied(n) || !scratch.mark(n) {
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
}

/// Creatures the player to move may place now: the Elder not on the first turn, only the Elder
/// on the fourth turn if it is still in reserve.
fn placeable(board: &Board, colour: Colour) -> impl Iterator<Item = Piece> + '_ {
    let turn = board.turn_number();
    let elder_waiting = board.next_in_reserve(colour, Creature::Elder).is_some();
    Creature::ALL.into_iter().filter_map(move |c| {
        if c == Creature::Elder && turn == 1 {
            return None;
        }
        if turn == 4 && elder_waiting && c != Creature::Elder {
            return None;
        }
        board.next_in_reserve(colour, c)
    })
}

/// Destinations of one piece on the table (already known to be on top and free to leave).
pub fn piece_destinations(
    board: &Board,
    piece: Piece,
    from: Hex,
    scratch: &mut Scratch,
    out: &mut Vec<Hex>,
) {
    out.clear();
    match piece.creature() {
        Creature::Elder => {
            for d in Direction::ALL {
                if can_slide(board, from, from, d) {
                    out.push(from.step(d));
                }
            }
        }
        Creature::Owl => owl_destinations(board, from, out),
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
            scratch.fresh();
            fox_walk(board, from, from, [from; 3], 0, scratch, out);
        }
        Creature::Otter => {
            scratch.fresh();
            scratch.queue.clear();
            scratch.mark(from);
            scratch.queue.push(from);
            let mut i = 0;
            while i < scratch.queue.len() {
                let cur = scratch.queue[i];
                i += 1;
                for d in Direction::ALL {
                    if can_slide(board, from, cur, d) {
                        let n = cur.step(d);
                        if scratch.mark(n) {
                            scratch.queue.push(n);
                            out.push(n);
                        }
                    }
                }
            }
        }
    }
}

/// The Owl: one step in any direction, up onto stacks and down from them, blocked only by a
/// gate of two stacks both higher than where it starts and where it lands.
fn owl_destinations(board: &Board, from: Hex, out: &mut Vec<Hex>) {
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

/// The Fox: exactly three sliding steps, never the same cell twice.
fn fox_walk(
    board: &Board,
    start: Hex,
    cur: Hex,
    mut path: [Hex; 3],
    depth: usize,
    scratch: &mut Scratch,
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
            if scratch.mark(n) {
                out.push(n);
            }
        } else {
            fox_walk(board, start, n, path, depth + 1, scratch, out);
        }
    }
}

/// Every legal move for the player to move, without game-over checks (the state does those).
/// A pass is returned alone when nothing else is legal.
pub fn generate(board: &Board, scratch: &mut Scratch, out: &mut Vec<Move>) {
    out.clear();
    let colour = board.to_move();
    let mut cells = std::mem::take(&mut scratch.queue);
    placement_cells(board, colour, scratch, &mut cells);
    let mut kinds = [None; 5];
    let mut nk = 0;
    for p in placeable(board, colour) {
        kinds[nk] = Some(p);
        nk += 1;
    }
    for &to in &cells {
        for p in kinds[..nk].iter().flatten() {
            out.push(Move::Place { piece: *p, to });
        }
    }
    scratch.queue = cells;
    // Until its Elder is on the table a player may only place.
    if board.next_in_reserve(colour, Creature::Elder).is_none() {
        let pinned = pinned(board, scratch);
        let mut dests = std::mem::take(&mut scratch.dests);
        for p in Piece::of(colour) {
            let Some(from) = board.position(p) else {
                continue;
            };
            if board.top(from) != Some(p) || pinned & (1 << p.index()) != 0 {
                continue;
            }
            piece_destinations(board, p, from, scratch, &mut dests);
            out.extend(dests.iter().map(|&to| Move::Shift { piece: p, from, to }));
        }
        scratch.dests = dests;
    }
    if out.is_empty() {
        out.push(Move::Pass);
    }
}

/// Counts move sequences of `depth` plies (no symmetry reduction), stopping at positions where
/// an Elder is surrounded. Moves at the last ply are counted without being played.
pub fn perft(
    board: &mut Board,
    depth: u32,
    scratch: &mut Scratch,
    lists: &mut Vec<Vec<Move>>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let level = depth as usize;
    while lists.len() <= level {
        lists.push(Vec::with_capacity(256));
    }
    let mut moves = std::mem::take(&mut lists[level]);
    generate(board, scratch, &mut moves);
    let total = if depth == 1 {
        moves.len() as u64
    } else {
        let mut sum = 0;
        for &m in &moves {
            board.apply(m);
            if !board.elder_surrounded(Colour::Ash) && !board.elder_surrounded(Colour::Walnut) {
                sum += perft(board, depth - 1, scratch, lists);
            }
            board.revert(m);
        }
        sum
    };
    lists[level] = moves;
    total
}
