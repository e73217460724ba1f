//! The Ash & Walnut engine: alpha-beta with iterative deepening, a transposition table, move
//! ordering and an evaluation that knows the game (Elder liberties, mobility, pinned pieces,
//! Otters in play, Owls on top). Budgets are in nodes, so a given seed always gives the same
//! move; [`Search::step`] lets a caller spread the work over frames.

pub mod timeout;

use super::Level;
use super::{Bots, Engine, Step};
use crate::rules::hive::board::{Board, Move};
use crate::rules::hive::hex::{Direction, Hex};
use crate::rules::hive::movegen::{self, Scratch, can_slide};
use crate::rules::hive::piece::{Colour, Creature, Piece};
use crate::rules::hive::state::{PLY_LIMIT, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// The limits of each level: a depth, a node budget and a little noise.
pub fn limits(level: Level) -> Limits {
    match level {
        Level::Easy => Limits {
            max_depth: 1,
            node_cap: u64::MAX,
            noise: 60,
        },
        Level::Normal => Limits {
            max_depth: 3,
            node_cap: 20_000,
            noise: 4,
        },
        Level::Hard => Limits {
            max_depth: 8,
            node_cap: 250_000,
            noise: 0,
        },
    }
}

/// What bounds a search: it stops after `max_depth` plies or once `node_cap` nodes are spent
/// (checked between root moves), and adds up to `noise` points of seeded noise to root moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    pub max_depth: u32,
    pub node_cap: u64,
    pub noise: i32,
}

/// The deepest search any caller may ask for (UHP `bestmove depth`, a clock-bound search).
pub const MAX_DEPTH: u32 = 32;

/// The depth of the deterministic move played when a turn clock runs out.
pub const TIMEOUT_DEPTH: u32 = timeout::DEPTH;

const INF: i32 = 1_000_000;
const WIN: i32 = 100_000;

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

const TT_BITS: u32 = 16;

/// A search in progress. Create it for a position, then call [`Search::step`] until it returns
/// the chosen move; the answer depends only on the position, the limits and the seed, never on
/// how the work was sliced.
pub struct Search {
    /// Positions of the game before the search (by Zobrist key) and how often each occurred.
    seen: HashMap<u64, u8>,
    board: Board,
    scratch: Scratch,
    lists: Vec<Vec<Move>>,
    tt: Vec<Option<Entry>>,
    limits: Limits,
    /// Root moves with their noise and the score of the last search of each.
    root: Vec<(Move, i32, i32)>,
    depth: u32,
    index: usize,
    iter_best: Option<(Move, i32)>,
    best: Option<(Move, i32)>,
    nodes: u64,
    /// Set when a caller's `stop` ended the search in the middle of a subtree.
    stopped: bool,
    done: Option<Move>,
}

impl Search {
    /// A search with explicit limits (UHP `bestmove depth N`, the timeout move).
    pub fn with_limits(state: &State, limits: Limits, seed: u64) -> Search {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let legal = state.legal_moves();
        let root: Vec<(Move, i32, i32)> = legal
            .iter()
            .map(|&m| {
                let noise = if limits.noise > 0 {
                    rng.random_range(0..=limits.noise)
                } else {
                    0
                };
                (m, noise, 0)
            })
            .collect();
        let done = match legal.len() {
            0 => Some(Move::Pass),
            1 => Some(legal[0]),
            _ => None,
        };
        // How often each position of the game so far occurred: a third time is a draw.
        let mut seen = HashMap::new();
        let mut replay = state.start().clone();
        for m in state.moves() {
            replay.apply(m);
            *seen.entry(replay.hash()).or_insert(0u8) += 1;
        }
        let mut s = Search {
            seen,
            board: state.board().clone(),
            scratch: Scratch::new(),
            lists: Vec::new(),
            tt: vec![None; 1 << TT_BITS],
            limits: Limits {
                max_depth: limits.max_depth.max(1),
                ..limits
            },
            root,
            depth: 1,
            index: 0,
            iter_best: None,
            best: None,
            nodes: 0,
            stopped: false,
            done,
        };
        s.order_root();
        s
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The deepest completed depth so far.
    pub fn completed_depth(&self) -> u32 {
        self.depth - 1
    }

    /// The best move found so far (for a caller whose clock ran out), if any root move has
    /// been searched.
    pub fn best_so_far(&self) -> Option<Move> {
        self.done
            .or(self.iter_best.map(|b| b.0))
            .or(self.best.map(|b| b.0))
            .or(self.root.first().map(|r| r.0))
    }

    /// Like [`Engine::step`] (whole root moves at a time), but `stop` is asked every 1024 nodes whether to end the search
    /// at once (a caller's clock, as in UHP `bestmove time`); the move is then the best of the
    /// completed work. Results depend on when `stop` answers yes, so the table's bot and the
    /// timeout move never use it.
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

    fn order_root(&mut self) {
        self.root.sort_by_key(|r| -(r.2 + r.1));
    }

    fn finish_iteration(&mut self) {
        self.best = self.iter_best;
        let decided = self.best.is_some_and(|b| b.1.abs() >= WIN - 1000);
        if self.depth >= self.limits.max_depth || self.nodes >= self.limits.node_cap || decided {
            self.done = self.best.map(|b| b.0);
            return;
        }
        self.depth += 1;
        self.index = 0;
        self.iter_best = None;
        self.order_root();
    }

    fn search_root_move(&mut self, stop: &mut dyn FnMut() -> bool) {
        let (m, noise, _) = self.root[self.index];
        // Moves within the noise of the best get exact scores, so the noise compares fairly.
        let alpha = match self.iter_best {
            Some((_, s)) => s - self.limits.noise - 1,
            None => -INF,
        };
        self.board.apply(m);
        let score = -self.negamax(self.depth - 1, -INF, -alpha, 1, stop);
        self.board.revert(m);
        if self.stopped {
            return;
        }
        let total = score + noise;
        self.root[self.index].2 = score;
        if self.iter_best.is_none_or(|(_, b)| total > b) {
            self.iter_best = Some((m, total));
        }
        self.index += 1;
    }

    fn negamax(
        &mut self,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        stop: &mut dyn FnMut() -> bool,
    ) -> i32 {
        self.nodes += 1;
        if self.stopped || (self.nodes & 1023 == 0 && stop()) {
            self.stopped = true;
            return 0;
        }
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
            return evaluate(&self.board, &mut self.scratch);
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
        let level = depth as usize;
        while self.lists.len() <= level {
            self.lists.push(Vec::with_capacity(256));
        }
        let mut moves = std::mem::take(&mut self.lists[level]);
        movegen::generate(&self.board, &mut self.scratch, &mut moves);
        order(&self.board, &mut moves, tt_move);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for &m in &moves {
            self.board.apply(m);
            let score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, stop);
            self.board.revert(m);
            if self.stopped {
                self.lists[level] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.lists[level] = moves;
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

/// Puts the most promising moves first: the transposition-table move, then moves that close in
/// on the other Elder, Owls climbing, moves that free one's own Elder; placements last.
fn order(board: &Board, moves: &mut [Move], tt_move: Option<Move>) {
    let me = board.to_move();
    let their_elder = elder_cell(board, me.other());
    let my_elder = elder_cell(board, me);
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

fn elder_cell(board: &Board, colour: Colour) -> Option<Hex> {
    board.position(Piece::elder(colour))
}

/// Pressure on an Elder by the number of its occupied neighbours (six is the end of the game).
const ELDER_PRESSURE: [i32; 7] = [0, 12, 35, 80, 170, 360, 0];

/// The position for the player to move, in points (an Elder neighbour is worth tens).
pub fn evaluate(board: &Board, scratch: &mut Scratch) -> i32 {
    let pinned = movegen::pinned(board, scratch);
    let mut score = [0i32; 2];
    for c in Colour::BOTH {
        let s = &mut score[c.index()];
        if let Some(e) = elder_cell(board, c) {
            *s -= ELDER_PRESSURE[board.occupied_neighbours(e).min(6)];
            // An Elder that can still step away is harder to trap.
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
        let their_elder = elder_cell(board, c.other());
        let near_their_elder = their_elder.is_some_and(|e| e.distance(h) == 1);
        let stacked = board.height(h) > 1;
        if pinned & (1 << p.index()) != 0 {
            *s -= 6;
            if near_their_elder {
                // A pinned piece at the other Elder stays there: lasting pressure.
                *s += 10;
            }
            continue;
        }
        let free = match p.creature() {
            Creature::Owl | Creature::Hare => true,
            _ => Direction::ALL.iter().any(|&d| can_slide(board, h, h, d)),
        };
        if !free {
            continue;
        }
        *s += match p.creature() {
            Creature::Otter => 22,
            Creature::Owl => 12,
            Creature::Hare => 8,
            Creature::Fox => 7,
            Creature::Elder => 0,
        };
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
