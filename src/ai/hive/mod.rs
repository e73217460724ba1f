//! The Ash & Walnut engine: principal-variation alpha-beta with iterative deepening, a
//! transposition table, killer and history move ordering, late move reductions, and an
//! evaluation that knows the game ([`eval`]: Elder liberties, mobility, pinned pieces, Otters in
//! play, Owls on top). The hard level adds null-move pruning and a contempt for draws. Budgets are
//! in nodes, so a given seed always gives the same move; [`Search::step`] lets a caller spread
//! the work over frames. The move played when a turn clock runs out is frozen apart, in
//! [`timeout`].

mod eval;
pub mod timeout;

pub use eval::evaluate;

use super::Level;
use super::{Bots, Engine, Step};
use crate::rules::hive::board::{Board, Move};
use crate::rules::hive::hex::{GRID_CELLS, Hex};
use crate::rules::hive::movegen::{self, Scratch, touching};
use crate::rules::hive::piece::{Colour, Creature, PIECE_COUNT, Piece};
use crate::rules::hive::state::{PLY_LIMIT, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The limits of each level: a depth, a node budget and a little noise.
pub fn limits(level: Level) -> Limits {
    match level {
        Level::Easy => Limits {
            max_depth: 1,
            node_cap: u64::MAX,
            noise: 60,
            contempt: 0,
            null_move: false,
            horizon_wins: false,
        },
        Level::Normal => Limits {
            max_depth: 3,
            node_cap: 20_000,
            noise: 4,
            contempt: 0,
            null_move: false,
            horizon_wins: false,
        },
        Level::Hard => Limits {
            max_depth: 8,
            node_cap: 250_000,
            noise: 0,
            contempt: HARD_CONTEMPT,
            null_move: true,
            horizon_wins: true,
        },
    }
}

/// What bounds a search: it stops after `max_depth` plies or once `node_cap` nodes are spent
/// (checked between root moves), and adds up to `noise` points of seeded noise to root moves.
/// `contempt` is what a draw costs the player the search is for (in evaluation points: it plays
/// on rather than repeat a position it thinks level); `null_move` lets the search prune a
/// subtree where even letting the other player move twice does not save them; `horizon_wins`
/// looks, at the horizon, whether the player to move can fill the other Elder's last free
/// neighbour (a win the evaluation would miss).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    pub max_depth: u32,
    pub node_cap: u64,
    pub noise: i32,
    pub contempt: i32,
    pub null_move: bool,
    pub horizon_wins: bool,
}

/// The hard level's contempt: about an Otter free to move. Against a weaker opponent a
/// repetition it could have avoided is half a point thrown away.
pub const HARD_CONTEMPT: i32 = 25;

/// The deepest search any caller may ask for (UHP `bestmove depth`, a clock-bound search).
pub const MAX_DEPTH: u32 = 32;

/// The depth of the deterministic move played when a turn clock runs out.
pub const TIMEOUT_DEPTH: u32 = timeout::DEPTH;

const INF: i32 = 1_000_000;
const WIN: i32 = 100_000;
/// Scores this close to a win are wins found by the search (their distance is the plies).
pub const WON: i32 = WIN - 1000;

/// How a transposition-table score bounds the true one.
const EMPTY: u8 = 0;
const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// One transposition-table slot (16 bytes).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    /// The best move's [`move_key`].
    best: u16,
    depth: u8,
    bound: u8,
}

/// A move in 16 bits for the tables: the piece and the storage cell it ends on (the piece
/// says whether it is placed or moved); a pass is all ones.
#[inline]
fn move_key(m: Move) -> u16 {
    match m {
        Move::Place { piece, to } | Move::Shift { piece, to, .. } => {
            ((piece.index() << 10) | to.cell()) as u16
        }
        Move::Pass => u16::MAX,
    }
}

/// A root move, its seeded noise and the score of its last search.
#[derive(Clone, Copy)]
struct RootMove {
    mv: Move,
    noise: i32,
    score: i32,
}

/// A search in progress. Create it for a position, then call [`Search::step`] until it returns
/// the chosen move; the answer depends only on the position, the limits and the seed, never on
/// how the work was sliced (the work is cut only between root moves, and everything the search
/// learns, its tables included, carries over from one step to the next).
pub struct Search {
    /// Positions (by Zobrist key) of the game so far, sorted: reaching one again is scored as
    /// a draw (the game draws at the third time; the search does not wait for it).
    played: Vec<u64>,
    /// The keys of the positions on the way from the root to the node being searched.
    path: Vec<u64>,
    board: Board,
    scratch: Scratch,
    /// Move lists and their ordering scores, one per ply of the search.
    lists: Vec<Vec<Move>>,
    keys: Vec<Vec<i32>>,
    tt: Vec<Entry>,
    /// Two moves per ply that recently cut the search off (a pass: none).
    killers: Vec<[Move; 2]>,
    /// How often each piece going to each cell cut the search off, weighted by depth.
    history: Vec<u32>,
    limits: Limits,
    /// The player the search is for (the draw's contempt counts against them).
    root_side: Colour,
    root: Vec<RootMove>,
    depth: u32,
    /// The deepest iteration finished.
    completed: u32,
    index: usize,
    iter_best: Option<(Move, i32)>,
    best: Option<(Move, i32)>,
    nodes: u64,
    /// Set when a caller's `stop` ended the search in the middle of a subtree.
    stopped: bool,
    done: Option<Move>,
}

/// Transposition-table slots (a power of two) for a search whose node budget is `cap`: small
/// searches do not pay for clearing a large table.
fn table_slots(limits: &Limits) -> usize {
    if limits.max_depth <= 2 {
        return 1 << 12;
    }
    limits.node_cap.clamp(1 << 12, 1 << 22).next_power_of_two() as usize
}

/// A transposition table kept from one search to the next (a UHP session keeps it between
/// moves, as what was learnt about the position two plies down is still true). A search given
/// one depends on what the earlier searches left in it, so the table's bot never uses it.
pub struct Transpositions(Vec<Entry>);

impl Search {
    /// A search with explicit limits (UHP `bestmove depth N`, a clock-bound search).
    pub fn with_limits(state: &State, limits: Limits, seed: u64) -> Search {
        Search::with_transpositions(state, limits, seed, None)
    }

    /// [`Search::with_limits`], starting from what an earlier search left in `transpositions` (when it
    /// has the size this search would choose).
    pub fn with_transpositions(
        state: &State,
        limits: Limits,
        seed: u64,
        table: Option<Transpositions>,
    ) -> Search {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let legal = state.legal_moves();
        let root: Vec<RootMove> = legal
            .iter()
            .map(|&m| {
                let noise = if limits.noise > 0 {
                    rng.random_range(0..=limits.noise)
                } else {
                    0
                };
                RootMove {
                    mv: m,
                    noise,
                    score: 0,
                }
            })
            .collect();
        let done = match legal.len() {
            0 => Some(Move::Pass),
            1 => Some(legal[0]),
            _ => None,
        };
        let mut played = vec![state.start().hash()];
        let mut replay = state.start().clone();
        for m in state.moves() {
            replay.apply(m);
            played.push(replay.hash());
        }
        played.sort_unstable();
        played.dedup();
        let slots = table_slots(&limits);
        let tt = match table {
            Some(Transpositions(t)) if t.len() == slots => t,
            _ => vec![Entry::default(); slots],
        };
        Search {
            played,
            path: Vec::with_capacity(MAX_DEPTH as usize + 1),
            board: state.board().clone(),
            scratch: Scratch::new(),
            lists: Vec::new(),
            keys: Vec::new(),
            tt,
            killers: Vec::new(),
            history: vec![0; PIECE_COUNT * GRID_CELLS],
            limits: Limits {
                max_depth: limits.max_depth.clamp(1, MAX_DEPTH),
                ..limits
            },
            root_side: state.to_move(),
            root,
            depth: 1,
            completed: 0,
            index: 0,
            iter_best: None,
            best: None,
            nodes: 0,
            stopped: false,
            done,
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The transposition table, for the next search of the same game.
    pub fn into_transpositions(self) -> Transpositions {
        Transpositions(self.tt)
    }

    /// The deepest completed depth so far.
    pub fn completed_depth(&self) -> u32 {
        self.completed
    }

    /// The score of the best move of the deepest completed depth, for the side to move, with
    /// its noise (none at zero `noise`); a score of [`WON`] or more in size is a win found.
    /// `None` before a depth is completed (or when the move was forced).
    pub fn score(&self) -> Option<i32> {
        self.best.map(|b| b.1)
    }

    /// The best move found so far (for a caller whose clock ran out), if any root move has
    /// been searched.
    pub fn best_so_far(&self) -> Option<Move> {
        self.done
            .or(self.iter_best.map(|b| b.0))
            .or(self.best.map(|b| b.0))
            .or(self.root.first().map(|r| r.mv))
    }

    /// Like [`Engine::step`] (whole root moves at a time), but `stop` is asked every 1024 nodes
    /// whether to end the search at once (a caller's clock, as in UHP `bestmove time`); the move
    /// is then the best of the completed work. Results depend on when `stop` answers yes, so
    /// the table's bot never uses it.
    pub fn step_with_stop(
        &mut self,
        node_budget: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Move> {
        let start = self.nodes;
        while self.done.is_none() {
            if self.index == self.root.len() {
                self.finish_iteration();
                continue;
            }
            if self.nodes >= self.limits.node_cap && self.depth > 1 {
                self.done = self.iter_best.or(self.best).map(|b| b.0);
                break;
            }
            if self.nodes - start >= node_budget {
                return None;
            }
            self.search_root_move(stop);
            if self.stopped {
                self.done = self.best_so_far();
            }
        }
        self.done
    }

    fn finish_iteration(&mut self) {
        self.best = self.iter_best;
        self.completed = self.depth;
        let decided = self.best.is_some_and(|b| b.1.abs() >= WON);
        if self.depth >= self.limits.max_depth || self.nodes >= self.limits.node_cap || decided {
            self.done = self.best.map(|b| b.0);
            return;
        }
        self.depth += 1;
        self.index = 0;
        self.iter_best = None;
        // Best first (stable: ties keep the generator's order).
        self.root.sort_by_key(|r| -(r.score + r.noise));
    }

    fn search_root_move(&mut self, stop: &mut dyn FnMut() -> bool) {
        let RootMove { mv, noise, .. } = self.root[self.index];
        let depth = self.depth - 1;
        self.path.clear();
        self.path.push(self.board.hash());
        self.board.apply(mv);
        let score = match self.iter_best {
            None => -self.negamax(depth, -INF, INF, 1, true, stop),
            Some((_, best)) => {
                // Moves within the noise of the best get exact scores, so the noise compares
                // fairly; a null window first shows most moves cannot get there.
                let alpha = best - self.limits.noise - 1;
                let scout = -self.negamax(depth, -alpha - 1, -alpha, 1, true, stop);
                if scout > alpha && !self.stopped {
                    -self.negamax(depth, -INF, -alpha, 1, true, stop)
                } else {
                    scout
                }
            }
        };
        self.board.revert(mv);
        if self.stopped {
            return;
        }
        let total = score + noise;
        self.root[self.index].score = score;
        if self.iter_best.is_none_or(|(_, b)| total > b) {
            self.iter_best = Some((mv, total));
        }
        self.index += 1;
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let i = (key as usize) & (self.tt.len() - 2);
        self.tt[i..i + 2]
            .iter()
            .find(|e| e.bound != EMPTY && e.key == key)
            .copied()
    }

    /// Two slots per key: the first keeps the deeper search, the second the latest.
    fn store(&mut self, entry: Entry) {
        let i = (entry.key as usize) & (self.tt.len() - 2);
        let slot = if self.tt[i].key == entry.key || entry.depth >= self.tt[i].depth {
            i
        } else {
            i + 1
        };
        self.tt[slot] = entry;
    }

    fn negamax(
        &mut self,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        null_ok: bool,
        stop: &mut dyn FnMut() -> bool,
    ) -> i32 {
        self.nodes += 1;
        if self.stopped || (self.nodes & 1023 == 0 && stop()) {
            self.stopped = true;
            return 0;
        }
        let me = self.board.to_move();
        // A draw, from the side to move: the contempt counts against the search's own player.
        let draw = if me == self.root_side {
            -self.limits.contempt
        } else {
            self.limits.contempt
        };
        match (
            self.board.elder_surrounded(me),
            self.board.elder_surrounded(me.other()),
        ) {
            (true, true) => return draw,
            (true, false) => return -WIN + ply as i32,
            (false, true) => return WIN - ply as i32,
            _ => {}
        }
        if self.board.ply() >= PLY_LIMIT {
            return draw;
        }
        let key = self.board.hash();
        // A position met again: on the path (the same player to move, two plies back or more)
        // or earlier in the game.
        self.path.truncate(ply);
        let again = self.path.iter().rev().skip(1).step_by(2).any(|&k| k == key);
        if again || self.played.binary_search(&key).is_ok() {
            return draw;
        }
        self.path.push(key);
        if depth == 0 {
            return self.horizon(ply);
        }
        let mut tt_move = None;
        if let Some(e) = self.probe(key) {
            tt_move = Some(e.best);
            if u32::from(e.depth) >= depth {
                let score = from_table(e.score, ply);
                match e.bound {
                    EXACT => return score,
                    LOWER if score >= beta => return score,
                    UPPER if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        // Null move: if the other player, moving twice, still cannot bring the score under
        // beta, a shallower search is trusted to cut here. Not when this player's Elder is
        // hemmed in (where having to move can matter), nor twice in a row, nor near a win.
        if self.limits.null_move
            && null_ok
            && depth >= 3
            && beta.abs() < WON
            && !self.elder_pressed(me)
            && evaluate(&self.board, &mut self.scratch) >= beta
        {
            let r = if depth >= 6 { 3 } else { 2 };
            self.board.apply(Move::Pass);
            let score = -self.negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, false, stop);
            self.board.revert(Move::Pass);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return score.min(WON - 1);
            }
        }
        self.grow(ply);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = u16::MAX;
        // The killers first, before the moves are listed: most nodes are cut off by one of
        // them, and listing every move costs more than the rest of such a node. Each is checked
        // legal here; the order is the one the list would have given them (after the table's
        // move, so only where there is none).
        let mut tried = [u16::MAX; 2];
        let mut n = 0;
        let mut cut = false;
        if tt_move.is_none() {
            for slot in 0..2 {
                let Some(m) = self.killer_here(ply, slot) else {
                    continue;
                };
                let score = self.search_move(
                    m,
                    n,
                    i32::MAX - 1 - slot as i32,
                    depth,
                    alpha,
                    beta,
                    ply,
                    stop,
                );
                tried[n] = move_key(m);
                n += 1;
                if self.stopped {
                    return 0;
                }
                if self.weigh(
                    m,
                    score,
                    (&mut best, &mut best_move),
                    &mut alpha,
                    beta,
                    depth,
                    ply,
                ) {
                    cut = true;
                    break;
                }
            }
        }
        if !cut {
            let mut moves = std::mem::take(&mut self.lists[ply]);
            let mut keys = std::mem::take(&mut self.keys[ply]);
            movegen::generate(&self.board, &mut self.scratch, &mut moves);
            // The killers searched above are not searched again (the list keeps its order).
            moves.retain(|&m| !tried[..n].contains(&move_key(m)));
            self.order_keys(&moves, &mut keys, tt_move, ply);
            for i in 0..moves.len() {
                // The most promising of the rest first.
                let mut pick = i;
                for j in i + 1..moves.len() {
                    if keys[j] > keys[pick] {
                        pick = j;
                    }
                }
                moves.swap(i, pick);
                keys.swap(i, pick);
                let m = moves[i];
                let score = self.search_move(m, n + i, keys[i], depth, alpha, beta, ply, stop);
                if self.stopped
                    || self.weigh(
                        m,
                        score,
                        (&mut best, &mut best_move),
                        &mut alpha,
                        beta,
                        depth,
                        ply,
                    )
                {
                    break;
                }
            }
            self.lists[ply] = moves;
            self.keys[ply] = keys;
        }
        if self.stopped {
            return 0;
        }
        let bound = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.store(Entry {
            key,
            score: to_table(best, ply),
            best: best_move,
            depth: depth as u8,
            bound,
        });
        best
    }

    /// Searches the `i`-th move (by order) of a node, with its ordering key: the first with the
    /// whole window, the others with a null window first, late quiet ones less deep at first
    /// (late move reductions). The score is for the node's player to move.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        m: Move,
        i: usize,
        key: i32,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> i32 {
        self.board.apply(m);
        let score = if i == 0 {
            -self.negamax(depth - 1, -beta, -alpha, ply + 1, true, stop)
        } else {
            let r = reduction(depth, i, key);
            let mut scout = -self.negamax(depth - 1 - r, -alpha - 1, -alpha, ply + 1, true, stop);
            if r > 0 && scout > alpha && !self.stopped {
                scout = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, true, stop);
            }
            if scout > alpha && scout < beta && !self.stopped {
                -self.negamax(depth - 1, -beta, -alpha, ply + 1, true, stop)
            } else {
                scout
            }
        };
        self.board.revert(m);
        score
    }

    /// Takes a searched move's score into its node's best move and alpha; whether it cut the
    /// node off (then it is remembered as a killer and in the history).
    #[allow(clippy::too_many_arguments)]
    fn weigh(
        &mut self,
        m: Move,
        score: i32,
        best: (&mut i32, &mut u16),
        alpha: &mut i32,
        beta: i32,
        depth: u32,
        ply: usize,
    ) -> bool {
        if score > *best.0 {
            *best.0 = score;
            *best.1 = move_key(m);
        }
        *alpha = (*alpha).max(score);
        if *alpha >= beta {
            self.cut_by(m, depth, ply);
        }
        *alpha >= beta
    }

    /// The killer in `slot` at `ply` as a move of this position (the same piece to the same
    /// cell, from where the piece is now), if it is legal here.
    fn killer_here(&mut self, ply: usize, slot: usize) -> Option<Move> {
        let (piece, to) = match self.killers[ply][slot] {
            Move::Place { piece, to } | Move::Shift { piece, to, .. } => (piece, to),
            Move::Pass => return None,
        };
        let m = match self.board.position(piece) {
            Some(from) => Move::Shift { piece, from, to },
            None => Move::Place { piece, to },
        };
        movegen::is_legal(&self.board, m, &mut self.scratch).then_some(m)
    }

    /// Move lists, ordering keys and killers for every ply up to `ply`.
    fn grow(&mut self, ply: usize) {
        while self.lists.len() <= ply {
            self.lists.push(Vec::with_capacity(128));
            self.keys.push(Vec::with_capacity(128));
            self.killers.push([Move::Pass; 2]);
        }
    }

    /// The score of a node at the horizon, for the player to move: a win at the next ply when
    /// the other Elder has one free neighbour left and a move of theirs fills it (with
    /// `horizon_wins`), otherwise the static evaluation.
    fn horizon(&mut self, ply: usize) -> i32 {
        let me = self.board.to_move();
        if self.limits.horizon_wins
            && let Some(h) = self.board.position(Piece::elder(me.other()))
            && self.board.occupied_neighbours(h) == 5
        {
            // The one empty neighbour (a placement can never touch the other Elder).
            let ring = self.board.neighbour_mask(h.cell());
            let gap = (0..6)
                .find(|&d| ring & (1 << d) == 0)
                .map(|d| eval::neighbour(h.cell(), d));
            self.grow(ply);
            let mut moves = std::mem::take(&mut self.lists[ply]);
            movegen::generate(&self.board, &mut self.scratch, &mut moves);
            let mut won = false;
            for &m in &moves {
                let Move::Shift { to, .. } = m else {
                    continue;
                };
                if Some(to.cell()) != gap {
                    continue;
                }
                self.board.apply(m);
                won = self.board.elder_surrounded(me.other()) && !self.board.elder_surrounded(me);
                self.board.revert(m);
                if won {
                    break;
                }
            }
            self.lists[ply] = moves;
            if won {
                return WIN - ply as i32 - 1;
            }
        }
        evaluate(&self.board, &mut self.scratch)
    }

    /// Whether `colour`'s Elder has four or more neighbours (two moves from being surrounded).
    fn elder_pressed(&self, colour: Colour) -> bool {
        self.board
            .position(Piece::elder(colour))
            .is_some_and(|h| self.board.occupied_neighbours(h) >= 4)
    }

    /// Remembers a move that cut the search off: a killer at this ply, and its history.
    fn cut_by(&mut self, m: Move, depth: u32, ply: usize) {
        let k = move_key(m);
        if k == u16::MAX {
            return;
        }
        let killers = &mut self.killers[ply];
        if move_key(killers[0]) != k {
            killers[1] = killers[0];
            killers[0] = m;
        }
        let h = &mut self.history[usize::from(k)];
        *h = h.saturating_add(depth * depth).min(1 << 20);
    }

    /// Ordering keys, highest first: the table's move, the killers, then moves that close in on
    /// the other Elder, Owls climbing, moves that free one's own Elder, then the history;
    /// placements away from the other Elder last.
    fn order_keys(&self, moves: &[Move], keys: &mut Vec<i32>, tt_move: Option<u16>, ply: usize) {
        let board = &self.board;
        let me = board.to_move();
        let cell_of = |c: Colour| board.position(Piece::elder(c)).map(Hex::cell);
        let (their_elder, my_elder) = (cell_of(me.other()), cell_of(me));
        let touches = |h: usize, e: Option<usize>| e.is_some_and(|e| touching(e, h));
        let killers = self.killers[ply].map(move_key);
        keys.clear();
        keys.extend(moves.iter().map(|&m| {
            let k = move_key(m);
            if Some(k) == tt_move {
                return i32::MAX;
            }
            if k == killers[0] {
                return i32::MAX - 1;
            }
            if k == killers[1] {
                return i32::MAX - 2;
            }
            let history = self.history.get(usize::from(k)).copied().unwrap_or(0) as i32;
            let heuristic = match m {
                Move::Shift { piece, from, to } => {
                    let (from, to) = (from.cell(), to.cell());
                    let mut s = 0;
                    if touches(to, their_elder) && !touches(from, their_elder) {
                        s += 50;
                    }
                    if touches(from, my_elder) && !touches(to, my_elder) {
                        s += 30;
                    }
                    if piece.creature() == Creature::Owl && board.code(to) != 0 {
                        s += 20;
                    }
                    if piece.creature() == Creature::Elder {
                        s += 10;
                    }
                    s
                }
                Move::Place { to, .. } => {
                    if touches(to.cell(), their_elder) {
                        5
                    } else {
                        -10
                    }
                }
                Move::Pass => 0,
            };
            (heuristic << 21) + history
        }));
    }
}

/// Ordering keys from this one up are moves worth a full-depth look: the table's move, the
/// killers, and moves at or around the Elders.
const TACTICAL: i32 = 20 << 21;

/// How many plies less deep to search the `i`-th move (by order) of a node `depth` deep first.
fn reduction(depth: u32, i: usize, key: i32) -> u32 {
    if depth < 3 || i < 2 || key >= TACTICAL {
        0
    } else if depth >= 6 && i >= 20 {
        3
    } else if depth >= 4 && i >= 8 {
        2
    } else {
        1
    }
}

/// A score as stored: wins counted from this node rather than from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WON {
        score + ply as i32
    } else if score <= -WON {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score, seen from a node `ply` plies from the root.
fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WON {
        score - ply as i32
    } else if score <= -WON {
        score + ply as i32
    } else {
        score
    }
}

impl Engine for Search {
    type Game = State;

    fn new(state: &State, level: Level, seed: u64) -> Search {
        Search::with_limits(state, limits(level), seed)
    }

    fn step(&mut self, node_budget: u64) -> Step<Move> {
        // An empty root: the game is over and nobody acts.
        if self.root.is_empty() {
            return Step::NoAction;
        }
        match self.step_with_stop(node_budget, &mut || false) {
            Some(m) => Step::Chosen(m),
            None => Step::Thinking,
        }
    }

    fn best_so_far(&self) -> Option<Move> {
        Search::best_so_far(self)
    }

    fn is_finished(&self) -> bool {
        self.done.is_some() || self.root.is_empty()
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Bots for State {
    type Engine = Search;

    /// The move whose result the static evaluation likes best (a win at once first).
    fn greedy(&self, seed: u64) -> Option<Move> {
        let moves = self.legal_moves();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let me = self.to_move();
        let mut scratch = Scratch::new();
        let mut best: Option<(i32, u32, Move)> = None;
        for m in moves {
            let mut board = self.board().clone();
            board.apply(m);
            let score = match (
                board.elder_surrounded(me.other()),
                board.elder_surrounded(me),
            ) {
                (true, false) => INF,
                (false, true) => -INF,
                (true, true) => 0,
                // The evaluation is from the side to move: the opponent, after our move.
                (false, false) => -evaluate(&board, &mut scratch),
            };
            let tie = rng.random::<u32>();
            if best.is_none_or(|(s, t, _)| (score, tie) > (s, t)) {
                best = Some((score, tie, m));
            }
        }
        best.map(|(_, _, m)| m)
    }
}

/// The bot's move at a level: the whole search in one call. `None` once the game is over.
pub fn choose(state: &State, level: Level, seed: u64) -> Option<Move> {
    crate::ai::choose(state, level, seed)
}

/// The move played for a player whose turn clock ran out: a fixed-depth choice with no noise,
/// no clock and no node cap, so a verifier recomputes exactly the same move. It is frozen in
/// [`timeout`] (saved records depend on it); the playing engine may change freely.
pub fn timeout_move(state: &State) -> Option<Move> {
    timeout::choose(state)
}

/// A uniformly random legal move (the "random" player of self-play); `None` once the game is
/// over.
pub fn random_move(state: &State, rng: &mut impl Rng) -> Option<Move> {
    let moves = state.legal_moves();
    if moves.is_empty() {
        return None;
    }
    Some(moves[rng.random_range(0..moves.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn shift_back(m: Move) -> Option<Move> {
        match m {
            Move::Shift { piece, from, to } => Some(Move::Shift {
                piece,
                from: to,
                to: from,
            }),
            _ => None,
        }
    }

    /// A game where both players shuffle a piece out and back: after white's second shuffle,
    /// black's move back would bring back a position of the game (a repetition), returned with
    /// the state before it.
    fn shuffle_position() -> (State, Move) {
        let start = State::from_game_string(
            "Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wQ;bA1 bQ/",
        )
        .expect("the game string is valid");
        // Each move that shifts a piece, with the move that takes it back.
        let shifts = |s: &State| -> Vec<(Move, Move)> {
            s.legal_moves()
                .into_iter()
                .filter_map(|m| shift_back(m).map(|back| (m, back)))
                .collect()
        };
        let after = |s: &State, m: Move| {
            let mut next = s.clone();
            next.play(m).expect("legal");
            next
        };
        for (m1, back1) in shifts(&start) {
            let s1 = after(&start, m1);
            for (m2, back2) in shifts(&s1) {
                let s2 = after(&s1, m2);
                if !s2.legal_moves().contains(&back1) {
                    continue;
                }
                let s3 = after(&s2, back1);
                if s3.legal_moves().contains(&back2) {
                    return (s3, back2);
                }
            }
        }
        panic!("no shuffle found");
    }

    /// The root move that repeats a position is scored as a draw, minus the contempt.
    #[test]
    fn a_repetition_costs_the_contempt() {
        let (state, repeat) = shuffle_position();
        for contempt in [0, HARD_CONTEMPT, 100] {
            let limits = Limits {
                max_depth: 1,
                node_cap: u64::MAX,
                noise: 0,
                contempt,
                null_move: false,
                horizon_wins: false,
            };
            let mut search = Search::with_limits(&state, limits, 1);
            while search.step(u64::MAX) == Step::Thinking {}
            let scored = search
                .root
                .iter()
                .find(|r| r.mv == repeat)
                .expect("the move back is a root move");
            assert_eq!(scored.score, -contempt, "contempt {contempt}");
        }
    }

    /// Walnut's Elder with five neighbours, and an Ash Otter that can walk into the sixth; the
    /// player to move is Ash at an even `ply`, Walnut at an odd one.
    fn last_liberty(ply: usize) -> State {
        use crate::rules::hive::hex::{Direction, ORIGIN};
        let piece = |c, k, n| Piece::new(c, k, n).expect("a piece of the game");
        let (ash, walnut) = (Colour::Ash, Colour::Walnut);
        let ring = |d: usize| ORIGIN.step(Direction::ALL[d]);
        let stacks = [
            (ORIGIN, vec![Piece::elder(walnut)]),
            (ring(0), vec![piece(ash, Creature::Owl, 1)]),
            (ring(1), vec![piece(walnut, Creature::Hare, 1)]),
            (ring(2), vec![piece(walnut, Creature::Hare, 2)]),
            (ring(3), vec![piece(walnut, Creature::Hare, 3)]),
            (ring(4), vec![piece(ash, Creature::Owl, 2)]),
            (ring(1).step(Direction::East), vec![Piece::elder(ash)]),
            (
                ring(1).step(Direction::East).step(Direction::SouthEast),
                vec![piece(ash, Creature::Otter, 1)],
            ),
        ];
        let stacks: Vec<(Hex, &[Piece])> = stacks.iter().map(|(h, p)| (*h, &p[..])).collect();
        State::setup(&stacks, ply).expect("a valid position")
    }

    /// At the horizon, a player who can fill the other Elder's last free neighbour is scored
    /// as winning at the next ply (the evaluation alone does not see it); the other player,
    /// or a level without the look, gets the evaluation.
    #[test]
    fn the_horizon_sees_a_last_liberty_filled() {
        let state = last_liberty(10);
        let gap = crate::rules::hive::hex::ORIGIN.step(crate::rules::hive::hex::Direction::ALL[5]);
        assert!(
            state
                .legal_moves()
                .iter()
                .any(|m| matches!(m, Move::Shift { to, .. } if *to == gap)),
            "the Otter can reach the gap"
        );
        let hard = limits(Level::Hard);
        assert!(hard.horizon_wins);
        let mut search = Search::with_limits(&state, hard, 1);
        assert_eq!(search.horizon(3), WIN - 4);
        let plain = Limits {
            horizon_wins: false,
            ..hard
        };
        let mut search = Search::with_limits(&state, plain, 1);
        let mut scratch = Scratch::new();
        let static_score = evaluate(state.board(), &mut scratch);
        assert!(static_score < WON);
        assert_eq!(search.horizon(3), static_score);
        // Walnut to move: Ash's Elder is not hemmed in, so only the evaluation.
        let walnut = last_liberty(11);
        let mut search = Search::with_limits(&walnut, hard, 1);
        assert_eq!(search.horizon(3), evaluate(walnut.board(), &mut scratch));
    }

    /// Null-move pruning spends fewer nodes on the same depth, over middle-game positions.
    #[test]
    fn null_moves_prune_the_search() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut with, mut without) = (0, 0);
        for _ in 0..6 {
            let mut state = State::new();
            for _ in 0..14 {
                match random_move(&state, &mut rng) {
                    Some(m) if state.outcome().is_none() => {
                        state.play(m).expect("legal");
                    }
                    _ => break,
                }
            }
            if state.outcome().is_some() {
                continue;
            }
            for (null_move, nodes) in [(true, &mut with), (false, &mut without)] {
                let limits = Limits {
                    max_depth: 4,
                    node_cap: u64::MAX,
                    noise: 0,
                    contempt: 0,
                    null_move,
                    horizon_wins: false,
                };
                let mut search = Search::with_limits(&state, limits, 1);
                while search.step(u64::MAX) == Step::Thinking {}
                *nodes += search.nodes();
            }
        }
        assert!(with > 0 && with < without, "with {with}, without {without}");
    }
}
