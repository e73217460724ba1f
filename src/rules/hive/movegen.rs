//! Legal moves: placement, each creature's movement, the one-group rule (pinned pieces found as
//! articulation points of the group) and room to slide (gates), plus perft.
//!
//! The expansion creatures follow Hive's rules as nokamute and Mzinga implement them:
//! - The Jay (Mosquito), on the ground, moves as any creature whose piece it touches (the top of
//!   each neighbouring stack; touching only Jays it cannot move); touching a Hedgehog it may also
//!   carry as one. On top of the group it moves only as an Owl.
//! - The Squirrel (Ladybug) takes exactly three steps: two on top of the group, then one down to
//!   an empty cell other than where it started; each step passes gates as an Owl's does.
//! - The Hedgehog (Pillbug) steps as the Elder, or instead carries a touching piece of either
//!   colour up over its back and down to an empty cell it touches: not a piece in a stack, not
//!   one that holds the group together, not the piece moved on the last turn (the stunned
//!   piece), and through no gate an Owl could not pass (climbing onto the Hedgehog and down).
//!   A stunned Hedgehog (or Jay) cannot carry, and a stunned piece cannot move.
//! - A carried piece of one's own that could also walk to the same cell is one move, listed once.

use super::board::{Bits, Board, Move, colour_pieces};
use super::hex::{Direction, GRID_CELLS, Hex, ORIGIN};
use super::piece::{Colour, Creature, PIECE_COUNT, Piece};

/// Reusable work memory for the generator, so that a search allocates nothing per node.
pub struct Scratch {
    stamp: u32,
    mark: Box<[u32; GRID_CELLS]>,
    queue: Vec<Hex>,
    dests: Vec<Hex>,
    /// One copied creature's cells, for the Jay.
    more: Vec<Hex>,
    /// A short move list: the carries, where moves are counted or one is checked.
    moves: Vec<Move>,
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
            queue: Vec::with_capacity(64),
            dests: Vec::with_capacity(64),
            more: Vec::with_capacity(64),
            moves: Vec::with_capacity(256),
        }
    }

    /// Starts a new set of marked cells.
    #[inline]
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

/// The six storage steps of [`Direction::ALL`] (the engine's evaluation walks them too).
pub(crate) const STEPS: [usize; 6] = [
    Direction::East.cell_step(),
    Direction::SouthEast.cell_step(),
    Direction::SouthWest.cell_step(),
    Direction::West.cell_step(),
    Direction::NorthWest.cell_step(),
    Direction::NorthEast.cell_step(),
];

/// For a storage step between two cells, the bit of the direction it is (0 if they do not
/// touch): the bit to clear from a neighbour mask when the cell that way is the one a moving
/// piece left.
static DIRECTION_BIT: [u8; GRID_CELLS] = {
    let mut t = [0u8; GRID_CELLS];
    let mut i = 0;
    while i < 6 {
        t[STEPS[i]] = 1 << i;
        i += 1;
    }
    t
};

/// Whether two storage cells are neighbours.
#[inline]
pub(crate) fn touching(a: usize, b: usize) -> bool {
    DIRECTION_BIT[a.wrapping_sub(b) & (GRID_CELLS - 1)] != 0
}

/// Rotates a six-bit ring of neighbours so bit `d` holds bit `d - 1`.
#[inline]
const fn ring_prev(m: u8) -> u8 {
    ((m << 1) | (m >> 5)) & 63
}

/// Rotates a six-bit ring of neighbours so bit `d` holds bit `d + 1`.
#[inline]
const fn ring_next(m: u8) -> u8 {
    ((m >> 1) | (m << 5)) & 63
}

/// The directions a ground-level piece may slide in, given the ring of occupied neighbours:
/// to an empty cell with exactly one of the two cells beside the step occupied.
#[inline]
pub(crate) const fn slides(m: u8) -> u8 {
    !m & (ring_prev(m) ^ ring_next(m)) & 63
}

/// The occupied neighbours of `cell`, counting `gone` (where a moving piece started) as empty.
#[inline]
fn mask_without(board: &Board, cell: usize, gone: usize) -> u8 {
    board.neighbour_mask(cell) & !DIRECTION_BIT[gone.wrapping_sub(cell) & (GRID_CELLS - 1)]
}

/// Pieces that hold the group together: the only piece of a cell whose removal would split the
/// group (an articulation point of the cell graph). Returned as a bit set of pieces.
pub fn pinned(board: &Board, scratch: &mut Scratch) -> u32 {
    let _ = scratch;
    pinned_among(board, u32::MAX)
}

/// [`pinned`], looking only at the pieces of `candidates` (the answer has no others).
pub(crate) fn pinned_among(board: &Board, candidates: u32) -> u32 {
    let mut rings = [0u8; PIECE_COUNT];
    pinned_rings(board, candidates, &mut rings)
}

/// [`pinned_among`], also writing the ring of occupied neighbours of each top piece (by piece
/// index) into `rings` (bit `d` for [`Direction::ALL`]`[d]`).
pub(crate) fn pinned_rings(board: &Board, candidates: u32, rings: &mut [u8; PIECE_COUNT]) -> u32 {
    let tops = board.top_pieces();
    // Pieces that may be cuts.
    let mut maybe = 0u32;
    for i in Bits(tops) {
        let c = board.at_index(i).cell();
        let m = board.neighbour_mask(c);
        rings[i] = m;
        // A cell whose occupied neighbours form one arc is never a cut: they touch each other.
        // A stack is never pinned: its lower pieces stay and hold the group.
        if candidates & (1 << i) != 0
            && (m & !ring_prev(m)).count_ones() > 1
            && board.code(c) >> 5 == 0
        {
            maybe |= 1 << i;
        }
    }
    if tops.count_ones() < 3 || maybe == 0 {
        return 0;
    }
    // Each top piece's neighbours, as a set of top pieces (the graph of the group's cells).
    let mut adj = [0u32; PIECE_COUNT];
    let around = |i: usize| {
        let c = board.at_index(i).cell();
        let mut set = 0u32;
        for d in Bits(u32::from(rings[i])) {
            set |= 1 << ((board.code(c + STEPS[d]) & 31) - 1);
        }
        set
    };
    if maybe.count_ones() > 2 {
        // Many candidates: one depth-first search finds every cut at once.
        for i in Bits(tops) {
            adj[i] = around(i);
        }
        let mut t = Cuts {
            adj: &adj,
            disc: [0; PIECE_COUNT],
            low: [0; PIECE_COUNT],
            cut: 0,
            time: 0,
        };
        t.visit(tops.trailing_zeros() as usize, usize::MAX);
        return t.cut & maybe;
    }
    let mut done = 0u32;
    let mut cut = 0;
    for v in Bits(maybe) {
        // Without v, do its neighbours still reach each other? Flood from one of them.
        if done & (1 << v) == 0 {
            adj[v] = around(v);
            done |= 1 << v;
        }
        let rest = tops & !(1 << v);
        let goal = adj[v];
        let mut reach = goal & goal.wrapping_neg();
        let mut frontier = reach;
        while frontier != 0 && reach & goal != goal {
            let mut next = 0;
            for x in Bits(frontier) {
                if done & (1 << x) == 0 {
                    adj[x] = around(x);
                    done |= 1 << x;
                }
                next |= adj[x];
            }
            frontier = next & rest & !reach;
            reach |= frontier;
        }
        if reach & goal != goal {
            cut |= 1 << v;
        }
    }
    cut
}

/// Articulation points by one depth-first search (Hopcroft and Tarjan), on sets of pieces.
struct Cuts<'a> {
    adj: &'a [u32; PIECE_COUNT],
    disc: [u8; PIECE_COUNT],
    low: [u8; PIECE_COUNT],
    cut: u32,
    time: u8,
}

impl Cuts<'_> {
    fn visit(&mut self, u: usize, parent: usize) {
        self.time += 1;
        self.disc[u] = self.time;
        self.low[u] = self.time;
        let mut children = 0;
        for v in Bits(self.adj[u]) {
            if self.disc[v] == 0 {
                children += 1;
                self.visit(v, u);
                self.low[u] = self.low[u].min(self.low[v]);
                if parent != usize::MAX && self.low[v] >= self.disc[u] {
                    self.cut |= 1 << u;
                }
            } else if v != parent {
                self.low[u] = self.low[u].min(self.disc[v]);
            }
        }
        if parent == usize::MAX && children > 1 {
            self.cut |= 1 << u;
        }
    }
}

/// Whether a ground-level piece may slide from `from` one step in direction `d`, with the cell
/// `gone` (where the moving piece started) counted as empty: the target is empty, and exactly
/// one of the two cells beside the step is occupied (none: it would lose touch with the group;
/// both: a gate too narrow to pass).
#[inline]
pub fn can_slide(board: &Board, gone: Hex, from: Hex, d: Direction) -> bool {
    slides(mask_without(board, from.cell(), gone.cell())) & (1 << d.index()) != 0
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
            let stamp = scratch.stamp;
            let tops = board.top_pieces();
            let mine = colour_pieces(colour);
            // Every cell touching the other colour is out; so is every cell already listed.
            for i in Bits(tops & !mine) {
                let c = board.at_index(i).cell();
                for step in STEPS {
                    scratch.mark[(c + step) & (GRID_CELLS - 1)] = stamp;
                }
            }
            for i in Bits(tops & mine) {
                let h = board.at_index(i);
                let c = h.cell();
                for (d, step) in STEPS.iter().enumerate() {
                    let n = (c + step) & (GRID_CELLS - 1);
                    if board.code(n) == 0 && scratch.mark[n] != stamp {
                        scratch.mark[n] = stamp;
                        out.push(h.step(Direction::ALL[d]));
                    }
                }
            }
        }
    }
}

/// Creatures the player to move may place now: the Elder not on the first turn, only the Elder
/// on the fourth turn if it is still in reserve. The next piece of each, in creature order.
fn placeable(board: &Board, colour: Colour, out: &mut [Piece; 8]) -> usize {
    let turn = board.turn_number();
    if turn == 4 && board.next_in_reserve(colour, Creature::Elder).is_some() {
        out[0] = Piece::elder(colour);
        return 1;
    }
    let mut n = 0;
    for c in Creature::ALL {
        if c == Creature::Elder && turn == 1 {
            continue;
        }
        if let Some(p) = board.next_in_reserve(colour, c) {
            out[n] = p;
            n += 1;
        }
    }
    n
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
        Creature::Jay if board.height(from) > 1 => owl_destinations(board, from, out),
        Creature::Jay => jay_destinations(board, from, scratch, out),
        c => creature_destinations(board, c, from, scratch, out),
    }
}

/// The Jay on the ground: the moves of every creature it touches (the top of each neighbouring
/// stack), each cell once. Touching only Jays it has none.
fn jay_destinations(board: &Board, from: Hex, scratch: &mut Scratch, out: &mut Vec<Hex>) {
    let mut seen = [false; 8];
    for n in from.neighbours() {
        if let Some(top) = board.top(n) {
            seen[top.creature().index()] = true;
        }
    }
    // The Otter's moves hold every one-step slide (Elder, Hedgehog): skip those then.
    if seen[Creature::Otter.index()] {
        seen[Creature::Elder.index()] = false;
        seen[Creature::Hedgehog.index()] = false;
    }
    let mut more = std::mem::take(&mut scratch.more);
    for c in Creature::ALL {
        if !seen[c.index()] || c == Creature::Jay {
            continue;
        }
        more.clear();
        creature_destinations(board, c, from, scratch, &mut more);
        for &h in &more {
            if !out.contains(&h) {
                out.push(h);
            }
        }
    }
    scratch.more = more;
}

/// The moves of a creature from a ground cell (pushed onto `out`), with the piece at `from`
/// lifted. The Jay's own way is [`jay_destinations`].
fn creature_destinations(
    board: &Board,
    creature: Creature,
    from: Hex,
    scratch: &mut Scratch,
    out: &mut Vec<Hex>,
) {
    let gone = from.cell();
    match creature {
        Creature::Elder | Creature::Hedgehog => {
            for d in Bits(u32::from(slides(board.neighbour_mask(gone)))) {
                out.push(from.step(Direction::ALL[d]));
            }
        }
        Creature::Jay => {}
        Creature::Squirrel => squirrel_destinations(board, from, scratch, out),
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
            scratch.mark(from);
            for d1 in Bits(u32::from(slides(board.neighbour_mask(gone)))) {
                let s1 = from.step(Direction::ALL[d1]);
                for d2 in Bits(u32::from(slides(mask_without(board, s1.cell(), gone)))) {
                    let s2 = s1.step(Direction::ALL[d2]);
                    if s2 == from {
                        continue;
                    }
                    for d3 in Bits(u32::from(slides(mask_without(board, s2.cell(), gone)))) {
                        let s3 = s2.step(Direction::ALL[d3]);
                        if s3 != s1 && scratch.mark(s3) {
                            out.push(s3);
                        }
                    }
                }
            }
        }
        Creature::Otter => {
            scratch.fresh();
            scratch.mark(from);
            let start = out.len();
            let mut cur = from;
            let mut i = start;
            loop {
                let m = slides(mask_without(board, cur.cell(), gone));
                for d in Bits(u32::from(m)) {
                    let n = cur.step(Direction::ALL[d]);
                    if scratch.mark(n) {
                        out.push(n);
                    }
                }
                if i == out.len() {
                    break;
                }
                cur = out[i];
                i += 1;
            }
        }
    }
}

/// The height of a cell with the piece at `gone` lifted.
#[inline]
fn lifted_height(board: &Board, cell: usize, gone: usize) -> usize {
    let h = board.cell_height(cell);
    if (cell ^ gone) & (GRID_CELLS - 1) == 0 {
        h.saturating_sub(1)
    } else {
        h
    }
}

/// Whether a climbing step (the Owl's way) from `a` to its neighbour in direction `d` passes:
/// not between two stacks both higher than where it starts and where it lands. Heights are
/// with the piece at `gone` lifted.
#[inline]
fn climb_passes(board: &Board, a: Hex, d: usize, gone: usize) -> bool {
    let c = a.cell();
    let h = |i: usize| lifted_height(board, c + STEPS[i % 6], gone);
    let barrier = lifted_height(board, c, gone).max(h(d));
    h(d + 5).min(h(d + 1)) <= barrier
}

/// The Squirrel: a step up onto the group, a step along its top, a step down to an empty cell
/// (not the one it left), each through no gate an Owl could not pass.
fn squirrel_destinations(board: &Board, from: Hex, scratch: &mut Scratch, out: &mut Vec<Hex>) {
    let gone = from.cell();
    scratch.fresh();
    scratch.mark(from);
    let mut second: [Hex; 32] = [from; 32];
    let mut n2 = 0;
    for d1 in 0..6 {
        let s1 = from.step(Direction::ALL[d1]);
        if !board.occupied(s1) || !climb_passes(board, from, d1, gone) {
            continue;
        }
        for d2 in 0..6 {
            let s2 = s1.step(Direction::ALL[d2]);
            if s2 == from || !board.occupied(s2) || second[..n2].contains(&s2) {
                continue;
            }
            if !climb_passes(board, s1, d2, gone) {
                continue;
            }
            if n2 < second.len() {
                second[n2] = s2;
                n2 += 1;
            }
            for d3 in 0..6 {
                let s3 = s2.step(Direction::ALL[d3]);
                if board.occupied(s3) || !climb_passes(board, s2, d3, gone) {
                    continue;
                }
                if scratch.mark(s3) {
                    out.push(s3);
                }
            }
        }
    }
}

/// The Hedgehog's carry from a carrier at `at` (a Hedgehog, or a Jay touching one, on the
/// ground): each touching single piece not in `held` (pinned or stunned) to each empty touching
/// cell, climbing over the carrier through no gate an Owl could not pass. Moves already in
/// `out` from `from_index` on are not listed again.
fn carries(board: &Board, at: Hex, held: u32, out: &mut Vec<Move>, from_index: usize) {
    let c = at.cell();
    let mut heights = [0usize; 6];
    for (i, step) in STEPS.iter().enumerate() {
        heights[i] = board.cell_height(c + step);
    }
    let mut starts: [(Piece, Hex); 6] = [(Piece::elder(Colour::Ash), at); 6];
    let mut ns = 0;
    let mut ends = [at; 6];
    let mut ne = 0;
    for (i, d) in Direction::ALL.into_iter().enumerate() {
        // The carried piece rides at the carrier's height (one) between the two cells.
        let barrier = heights[i].max(1);
        if heights[(i + 5) % 6] > barrier && heights[(i + 1) % 6] > barrier {
            continue;
        }
        let n = at.step(d);
        match heights[i] {
            0 => {
                ends[ne] = n;
                ne += 1;
            }
            1 => {
                if let Some(p) = board.top(n)
                    && held & (1 << p.index()) == 0
                {
                    starts[ns] = (p, n);
                    ns += 1;
                }
            }
            _ => {}
        }
    }
    for &(piece, from) in &starts[..ns] {
        for &to in &ends[..ne] {
            let m = Move::Shift { piece, from, to };
            if !out[from_index..].contains(&m) {
                out.push(m);
            }
        }
    }
}

/// The pieces of `colour` that may carry now: its Hedgehog, and its Jay touching a Hedgehog,
/// each on the ground and not stunned. As (piece, cell).
fn carriers(board: &Board, colour: Colour) -> impl Iterator<Item = Hex> + '_ {
    let stunned = board.stunned();
    [Creature::Hedgehog, Creature::Jay]
        .into_iter()
        .filter_map(move |c| {
            let p = Piece::new(colour, c, 1)?;
            let at = board.position(p)?;
            if Some(p) == stunned || board.top(at) != Some(p) || board.height(at) != 1 {
                return None;
            }
            let beside_hedgehog = || {
                at.neighbours().iter().any(|&n| {
                    board
                        .top(n)
                        .is_some_and(|t| t.creature() == Creature::Hedgehog)
                })
            };
            (c == Creature::Hedgehog || beside_hedgehog()).then_some(at)
        })
}

/// The Owl: one step in any direction, up onto stacks and down from them, blocked only by a
/// gate of two stacks both higher than where it starts and where it lands.
fn owl_destinations(board: &Board, from: Hex, out: &mut Vec<Hex>) {
    let cell = from.cell();
    let below = board.cell_height(cell) - 1;
    let mut heights = [0usize; 6];
    for (i, step) in STEPS.iter().enumerate() {
        heights[i] = board.cell_height(cell + step);
    }
    for (i, d) in Direction::ALL.into_iter().enumerate() {
        let there = heights[i];
        let left = heights[(i + 5) % 6];
        let right = heights[(i + 1) % 6];
        if left.min(right) > below.max(there) {
            continue;
        }
        if below == 0 && there == 0 && left == 0 && right == 0 {
            continue;
        }
        out.push(from.step(d));
    }
}

/// The pieces that may not leave their cells now: those holding the group together, and the
/// stunned one. With the Hedgehog in the game every top piece is asked (a carried piece may be
/// the other player's); otherwise the player's own `movers` only.
fn held_pieces(board: &Board, movers: u32) -> u32 {
    if board.game_type().has(Creature::Hedgehog) {
        pinned_among(board, board.top_pieces()) | board.stunned().map_or(0, |p| 1u32 << p.index())
    } else if movers != 0 {
        pinned_among(board, movers)
    } else {
        0
    }
}

/// Each of `free` (a set of the player's pieces on the table, free to leave) with where it can
/// go by its own way, in turn.
fn for_each_walk(
    board: &Board,
    free: u32,
    scratch: &mut Scratch,
    mut each: impl FnMut(Piece, Hex, &[Hex]),
) {
    let mut dests = std::mem::take(&mut scratch.dests);
    for i in Bits(free) {
        let Some(p) = Piece::from_index(i) else {
            continue;
        };
        let from = board.at_index(i);
        piece_destinations(board, p, from, scratch, &mut dests);
        each(p, from, &dests);
    }
    scratch.dests = dests;
}

/// Every legal move for the player to move, without game-over checks (the state does those).
/// A pass is returned alone when nothing else is legal.
pub fn generate(board: &Board, scratch: &mut Scratch, out: &mut Vec<Move>) {
    out.clear();
    let colour = board.to_move();
    let mut kinds = [Piece::elder(colour); 8];
    let nk = placeable(board, colour, &mut kinds);
    if nk > 0 {
        let mut cells = std::mem::take(&mut scratch.queue);
        placement_cells(board, colour, scratch, &mut cells);
        out.reserve(cells.len() * nk);
        for &to in &cells {
            for &piece in &kinds[..nk] {
                out.push(Move::Place { piece, to });
            }
        }
        scratch.queue = cells;
    }
    // Until its Elder is on the table a player may only place (or carry).
    if board.is_placed(Piece::elder(colour)) {
        let movers = board.top_pieces() & colour_pieces(colour);
        let held = held_pieces(board, movers);
        let throws_from = out.len();
        if board.game_type().has(Creature::Hedgehog) {
            for at in carriers(board, colour) {
                carries(board, at, held, out, throws_from);
            }
        }
        let throws_to = out.len();
        for_each_walk(board, movers & !held, scratch, |piece, from, dests| {
            for &to in dests {
                let m = Move::Shift { piece, from, to };
                // A carry of one's own piece to where it could walk is the same move.
                if throws_to == throws_from || !out[throws_from..throws_to].contains(&m) {
                    out.push(m);
                }
            }
        });
    }
    if out.is_empty() {
        out.push(Move::Pass);
    }
}

/// Whether `m` is one of the moves [`generate`] lists here, found without listing them: the
/// search tries its killer moves this way before it lists a node's moves, as most nodes are cut
/// off by one of them. A pass is never asked (it is legal only when nothing else is).
pub fn is_legal(board: &Board, m: Move, scratch: &mut Scratch) -> bool {
    let colour = board.to_move();
    match m {
        Move::Pass => false,
        Move::Place { piece, to } => {
            if piece.colour() != colour || board.is_placed(piece) || board.code(to.cell()) != 0 {
                return false;
            }
            let mut kinds = [Piece::elder(colour); 8];
            let nk = placeable(board, colour, &mut kinds);
            if !kinds[..nk].contains(&piece) {
                return false;
            }
            match board.ply() {
                0 => to == ORIGIN,
                1 => board
                    .tops()
                    .next()
                    .is_some_and(|(_, h)| touching(h.cell(), to.cell())),
                _ => {
                    // Touching a piece of its own colour and none of the other's.
                    let mut own = false;
                    for step in STEPS {
                        match board.cell_top(to.cell() + step) {
                            Some(p) if p.colour() == colour => own = true,
                            Some(_) => return false,
                            None => {}
                        }
                    }
                    own
                }
            }
        }
        Move::Shift { piece, from, to } => {
            let i = piece.index();
            if !board.is_placed(Piece::elder(colour))
                || board.position(piece) != Some(from)
                || !board.is_on_top(piece)
                || board.stunned() == Some(piece)
            {
                return false;
            }
            let pinned = pinned_among(board, 1 << i) != 0;
            // A walk of its own.
            if piece.colour() == colour && !pinned {
                let mut dests = std::mem::take(&mut scratch.dests);
                piece_destinations(board, piece, from, scratch, &mut dests);
                let walks = dests.contains(&to);
                scratch.dests = dests;
                if walks {
                    return true;
                }
            }
            // A carry by a carrier of the player to move touching both cells.
            if pinned || !board.game_type().has(Creature::Hedgehog) || board.height(from) != 1 {
                return false;
            }
            let mut carried = std::mem::take(&mut scratch.moves);
            let mut found = false;
            for at in carriers(board, colour) {
                if !touching(at.cell(), from.cell()) || !touching(at.cell(), to.cell()) {
                    continue;
                }
                carried.clear();
                carries(board, at, 0, &mut carried, 0);
                if carried.contains(&m) {
                    found = true;
                    break;
                }
            }
            scratch.moves = carried;
            found
        }
    }
}

/// How many placement cells [`placement_cells`] would list, without listing them.
fn count_placement_cells(board: &Board, colour: Colour, scratch: &mut Scratch) -> u64 {
    match board.ply() {
        0 => 1,
        1 => 6,
        _ => {
            scratch.fresh();
            let stamp = scratch.stamp;
            let tops = board.top_pieces();
            let mine = colour_pieces(colour);
            for i in Bits(tops & !mine) {
                let c = board.at_index(i).cell();
                for step in STEPS {
                    scratch.mark[(c + step) & (GRID_CELLS - 1)] = stamp;
                }
            }
            let mut n = 0;
            for i in Bits(tops & mine) {
                let c = board.at_index(i).cell();
                for step in STEPS {
                    let cell = (c + step) & (GRID_CELLS - 1);
                    if board.code(cell) == 0 && scratch.mark[cell] != stamp {
                        scratch.mark[cell] = stamp;
                        n += 1;
                    }
                }
            }
            n
        }
    }
}

/// How many moves [`generate`] would list here (a lone pass counts one), without listing them.
pub fn count_moves(board: &Board, scratch: &mut Scratch) -> u64 {
    let colour = board.to_move();
    let mut kinds = [Piece::elder(colour); 8];
    let nk = placeable(board, colour, &mut kinds) as u64;
    let mut total = 0;
    if nk > 0 {
        total += nk * count_placement_cells(board, colour, scratch);
    }
    if board.is_placed(Piece::elder(colour)) {
        let movers = board.top_pieces() & colour_pieces(colour);
        let held = held_pieces(board, movers);
        // The carries are few: listed, so that a carry of one's own piece to a cell it could
        // walk to counts once.
        let mut carried = std::mem::take(&mut scratch.moves);
        carried.clear();
        if board.game_type().has(Creature::Hedgehog) {
            for at in carriers(board, colour) {
                carries(board, at, held, &mut carried, 0);
            }
        }
        total += carried.len() as u64;
        for_each_walk(board, movers & !held, scratch, |piece, from, dests| {
            total += dests.len() as u64;
            if !carried.is_empty() {
                let both = dests
                    .iter()
                    .filter(|&&to| carried.contains(&Move::Shift { piece, from, to }))
                    .count();
                total -= both as u64;
            }
        });
        scratch.moves = carried;
    }
    total.max(1)
}

/// Counts move sequences of `depth` plies (no symmetry reduction), stopping at positions where
/// an Elder is surrounded. Moves at the last ply are counted ([`count_moves`]), not listed.
pub fn perft(
    board: &mut Board,
    depth: u32,
    scratch: &mut Scratch,
    lists: &mut Vec<Vec<Move>>,
) -> u64 {
    walk(board, depth, scratch, lists, true)
}

/// [`perft`], listing every move of the last ply with [`generate`] instead of counting them
/// (as engines that count by listing do, for a like-for-like comparison).
pub fn perft_listing(
    board: &mut Board,
    depth: u32,
    scratch: &mut Scratch,
    lists: &mut Vec<Vec<Move>>,
) -> u64 {
    walk(board, depth, scratch, lists, false)
}

fn walk(
    board: &mut Board,
    depth: u32,
    scratch: &mut Scratch,
    lists: &mut Vec<Vec<Move>>,
    count_last: bool,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && count_last {
        return count_moves(board, scratch);
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
                sum += walk(board, depth - 1, scratch, lists, count_last);
            }
            board.revert(m);
        }
        sum
    };
    lists[level] = moves;
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hive::piece::GameType;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// `is_legal` answers yes for every move `generate` lists and no for everything else: every
    /// piece of the game (in reserve or on the table, either colour) to every cell in and
    /// around the group, over random games of every game type (so every creature, stacks,
    /// carries and stunned pieces come up).
    #[test]
    fn is_legal_agrees_with_the_move_list() {
        let mut scratch = Scratch::new();
        let mut listed = Vec::new();
        let (mut yes, mut no) = (0u64, 0u64);
        for game in GameType::all() {
            let mut rng = ChaCha8Rng::seed_from_u64(43 + game.pieces() as u64);
            for _ in 0..12 {
                let mut board = Board::with_game(game);
                let plies = rng.random_range(0..70);
                for _ in 0..plies {
                    generate(&board, &mut scratch, &mut listed);
                    // Every piece to every cell within two steps of the group (and the origin).
                    let mut cells: Vec<Hex> = vec![ORIGIN];
                    for (_, h) in board.tops() {
                        for n in h.neighbours() {
                            cells.extend(n.neighbours());
                            cells.push(n);
                        }
                    }
                    cells.sort();
                    cells.dedup();
                    for piece in Piece::in_game(game) {
                        for &to in &cells {
                            let m = match board.position(piece) {
                                Some(from) => Move::Shift { piece, from, to },
                                None => Move::Place { piece, to },
                            };
                            let expected = listed.contains(&m);
                            assert_eq!(
                                is_legal(&board, m, &mut scratch),
                                expected,
                                "{m:?} at ply {} of {game}",
                                board.ply()
                            );
                            if expected { yes += 1 } else { no += 1 }
                        }
                    }
                    assert!(!is_legal(&board, Move::Pass, &mut scratch));
                    // A shift from a cell the piece is not on is never legal.
                    if let Some(&Move::Shift { piece, to, .. }) =
                        listed.iter().find(|m| matches!(m, Move::Shift { .. }))
                    {
                        let from = to;
                        assert!(!is_legal(
                            &board,
                            Move::Shift { piece, from, to },
                            &mut scratch
                        ));
                    }
                    let m = listed[rng.random_range(0..listed.len())];
                    board.apply(m);
                    if board.elder_surrounded(Colour::Ash) || board.elder_surrounded(Colour::Walnut)
                    {
                        break;
                    }
                }
            }
        }
        // Both answers came up often (the listed moves are all of them).
        assert!(yes > 10_000 && no > 100_000, "{yes} legal, {no} not");
    }
}
