//! The Snēlab engine: alpha-beta with iterative deepening under a node budget, run as a
//! resumable search (an explicit stack instead of recursion) so the table can think across
//! frames (`Search::step`) or on a thread (`choose`). Also the simple players used for
//! self-play: `greedy` (one ply, static score) and `random`.
//!
//! The search orders actions (Bench landings, then captures by cost, then the furthest advance),
//! keeps a transposition table of its own for ordering and cut-offs, and looks at every leaf for
//! a side that is stuck or wins with its next action. Each iteration tries the last one's best
//! action first; when the budget runs out mid-iteration, the best action of that iteration is
//! kept if it has searched at least that one.
//!
//! Deterministic: the seed only shuffles the order in which equal moves are tried at the root,
//! the table lives and dies with one search, and the work is counted in nodes, so the same
//! position, level and seed always give the same action however the budget is sliced into steps.

use super::{Bots, Engine, Level, Step};
use crate::rules::snelab::types::MAX_SQUARES;
use crate::rules::snelab::{
    Action, Position, Rank, Scan, Side, apply_unchecked, legal_actions, legal_actions_into, scan,
};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// A score beyond any evaluation: a case won now. Wins found deeper score a little less, so the
/// engine prefers the quickest win and the slowest loss.
pub const WIN: i32 = 1_000_000;
const INF: i32 = WIN + 1;
/// Scores above this are forced wins (below its negation forced losses).
pub const WIN_FOUND: i32 = WIN - 1000;

/// The work a search may do: the deepest iteration and the nodes in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    pub max_depth: u32,
    pub max_nodes: u64,
}

/// The budgets of each level. Normal answers within a second on the default court in a release
/// build (see `tables bench snelab`).
pub const fn limits(level: Level) -> Limits {
    match level {
        Level::Easy => Limits {
            max_depth: 2,
            max_nodes: 5_000,
        },
        Level::Normal => Limits {
            max_depth: 64,
            max_nodes: 400_000,
        },
        Level::Hard => Limits {
            max_depth: 64,
            max_nodes: 2_000_000,
        },
    }
}

/// The static score of a piece by rank: weight matters, and so does the number of pieces (more
/// pieces move more and can make change for payments), so light pieces are worth a little more
/// than their weight alone says.
const MATERIAL: [i32; 4] = [10, 17, 22, 26];
/// Per rank advanced toward the Bench, squared so that the front pieces count most.
const ADVANCE: i32 = 2;
/// A piece close enough to land on its Bench with its next route: the other side must answer.
const STRIKING: i32 = 25;

fn rank_index(r: Rank) -> usize {
    r as usize
}

/// The static score of `pos` for the side to move (higher is better for it).
pub fn evaluate(pos: &Position) -> i32 {
    let court = pos.court();
    let me = pos.to_move();
    let mut score = 0;
    for (sq, piece) in pos.pieces() {
        let from_counter = (sq.row as i32 - court.counter_row(piece.side) as i32).abs();
        let to_bench = court.height() as i32 - 1 - from_counter;
        let mut v = MATERIAL[rank_index(piece.rank)] + ADVANCE * from_counter * from_counter;
        if to_bench == piece.rank.route().forward as i32 {
            v += STRIKING;
        }
        score += if piece.side == me { v } else { -v };
    }
    score
}

/// Whether one of `actions` (of the side to move) lands on its Bench: a win on this very move.
fn wins_now(pos: &Position, actions: &[Action]) -> bool {
    let bench = pos.court().bench_row(pos.to_move());
    actions.iter().any(|a| a.to().row == bench)
}

/// A quick guess of how good an action is, to try the best ones first.
fn order_key(pos: &Position, a: &Action) -> i32 {
    let side = pos.to_move();
    let court = pos.court();
    if a.to().row == court.bench_row(side) {
        return 10_000;
    }
    let forward = (a.to().row as i32 - a.from().row as i32) * side.forward() as i32;
    match a {
        Action::Move { .. } => {
            let advanced = (a.to().row as i32 - court.counter_row(side) as i32).abs();
            advanced * 4 + forward
        }
        Action::Capture { payment, .. } => {
            let cost = pos.get(a.to()).map_or(0, |p| p.weight() as i32);
            1000 + cost * 40 - payment.squares().len() as i32 * 10 + forward
        }
    }
}

fn order(pos: &Position, actions: &mut [Action]) {
    actions.sort_by_key(|a| -order_key(pos, a));
}

struct Frame {
    pos: Position,
    /// The position's transposition key.
    key: u64,
    actions: Vec<Action>,
    next: usize,
    /// The window the frame was opened with (`alpha` rises as it searches).
    alpha0: i32,
    alpha: i32,
    beta: i32,
    best: i32,
    best_idx: usize,
    depth: u32,
}

key_tables! {
    /// Random keys for the transposition table: one per (side, rank, square), and one for North
    /// to move. Fixed (not seeded), so a position's key never depends on the search. Built at
    /// compile time; in the browser at first use (`key_tables!`), 16 KB the `.wasm` does not
    /// carry.
    static KEYS: [u64; KEY_COUNT] = make_keys();
}

const KEY_COUNT: usize = 2 * 4 * MAX_SQUARES + 1;

const fn make_keys() -> [u64; KEY_COUNT] {
    let mut keys = [0u64; KEY_COUNT];
    let mut state: u64 = 0x5e1a_b000_c0de_0001;
    let mut i = 0;
    while i < keys.len() {
        // SplitMix64.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
}

pub(crate) fn key_of(pos: &Position) -> u64 {
    let to_move = match pos.to_move() {
        Side::South => 0,
        Side::North => KEYS[2 * 4 * MAX_SQUARES],
    };
    pos.pieces().fold(to_move, |k, (sq, p)| {
        k ^ KEYS[(p.side as usize * 4 + rank_index(p.rank)) * MAX_SQUARES + sq.index()]
    })
}

/// What a finished frame's score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// At least the score (the search was cut off above the window).
    Lower,
    /// At most the score (nothing reached the window).
    Upper,
}

/// One remembered position: its score at a depth, and the best action found there.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    score: i32,
    depth: u32,
    bound: Bound,
    best: Option<Action>,
}

impl Frame {
    fn new() -> Frame {
        Frame {
            pos: Position::start(),
            key: 0,
            actions: Vec::new(),
            next: 0,
            alpha0: -INF,
            alpha: -INF,
            beta: INF,
            best: -INF,
            best_idx: 0,
            depth: 0,
        }
    }

    fn done(&self) -> bool {
        self.next >= self.actions.len() || self.alpha >= self.beta
    }

    /// Takes a child's score (already from this frame's side) for the action at `next`.
    fn take(&mut self, score: i32) {
        if score > self.best {
            self.best = score;
            self.best_idx = self.next;
            if score > self.alpha {
                self.alpha = score;
            }
        }
        self.next += 1;
    }
}

/// A search in progress. Create it, call [`Search::step`] until it returns the action.
pub struct Search {
    root: Position,
    limits: Limits,
    /// The root's actions, the best of the last finished iteration first.
    root_actions: Vec<Action>,
    /// Frames are kept when popped so their buffers are reused.
    stack: Vec<Frame>,
    /// How many frames of `stack` are in use.
    sp: usize,
    /// The depth of the iteration under way.
    depth: u32,
    nodes: u64,
    /// The best action and score of the last finished iteration.
    best: Option<(Action, i32)>,
    depth_done: u32,
    decided: Option<Action>,
    finished: bool,
    /// The transposition table, indexed by the low bits of the key (a power of two long).
    table: Vec<Option<Entry>>,
}

impl Search {
    pub fn with_limits(pos: &Position, limits: Limits, seed: u64) -> Search {
        let mut root_actions = legal_actions(pos);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        root_actions.shuffle(&mut rng);
        order(pos, &mut root_actions);
        let mut s = Search {
            root: pos.clone(),
            limits,
            root_actions,
            stack: Vec::new(),
            sp: 0,
            depth: 1,
            nodes: 0,
            best: None,
            depth_done: 0,
            decided: None,
            finished: false,
            table: Vec::new(),
        };
        // Nothing to think about: no action, a single one, or a win on the spot.
        if s.root_actions.len() <= 1 || wins_now(pos, &s.root_actions) {
            s.finish(s.root_actions.first().copied());
        }
        s
    }

    /// The deepest iteration finished so far.
    pub fn depth_done(&self) -> u32 {
        self.depth_done
    }

    /// The score of the best action of the last finished iteration, for the side to move.
    pub fn score(&self) -> Option<i32> {
        self.best.map(|(_, s)| s)
    }

    fn finish(&mut self, action: Option<Action>) {
        self.decided = action;
        self.finished = true;
        self.sp = 0;
    }

    /// One unit of work: start an iteration, search one node, or close a finished frame.
    fn tick(&mut self) {
        if self.nodes >= self.limits.max_nodes {
            self.out_of_budget();
            return;
        }
        if self.sp == 0 {
            self.start_iteration();
            return;
        }
        let top = self.sp - 1;
        if self.stack[top].done() {
            let score = self.stack[top].best;
            self.remember(top);
            self.sp -= 1;
            if self.sp == 0 {
                self.end_iteration(score);
            } else {
                self.stack[self.sp - 1].take(-score);
            }
            return;
        }
        self.nodes += 1;
        if self.stack.len() <= self.sp {
            self.stack.push(Frame::new());
        }
        let (lower, upper) = self.stack.split_at_mut(self.sp);
        let parent = &mut lower[top];
        let child = &mut upper[0];
        let action = parent.actions[parent.next];
        child.pos = apply_unchecked(&parent.pos, &action);
        // `ply` counts the actions from the root to `child`.
        let ply = self.sp as i32;
        let mover = parent.pos.to_move();
        if child.pos.on_bench(mover) {
            parent.take(WIN - ply);
            return;
        }
        if parent.depth <= 1 {
            // A leaf: only whether the side to move is stuck or wins at once, and the score.
            let Scan {
                any_action,
                wins_now,
            } = scan(&child.pos);
            parent.take(if !any_action {
                WIN - ply
            } else if wins_now {
                -(WIN - ply - 1)
            } else {
                -evaluate(&child.pos)
            });
            return;
        }
        let (alpha, beta, depth) = (-parent.beta, -parent.alpha, parent.depth - 1);
        let key = key_of(&child.pos);
        let slot = (key as usize) & (self.table.len() - 1);
        let mut tt_best = None;
        if let Some(e) = self.table[slot]
            && e.key == key
        {
            // A score from a search at least as deep settles this node, unless it is a found
            // win or loss (those count plies from another root).
            if e.depth >= depth && e.score.abs() < WIN_FOUND {
                let settled = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if settled {
                    parent.take(-e.score);
                    return;
                }
            }
            tt_best = e.best;
        }
        // Only frames that were searched are remembered, never a position that was stuck or won
        // on the spot, so the table is asked before those are looked for.
        legal_actions_into(&child.pos, &mut child.actions);
        if child.actions.is_empty() {
            parent.take(WIN - ply);
            return;
        }
        if wins_now(&child.pos, &child.actions) {
            parent.take(-(WIN - ply - 1));
            return;
        }
        order(&child.pos, &mut child.actions);
        if let Some(best) = tt_best
            && let Some(i) = child.actions.iter().position(|a| *a == best)
        {
            child.actions[..=i].rotate_right(1);
        }
        child.key = key;
        child.next = 0;
        child.alpha0 = alpha;
        child.alpha = alpha;
        child.beta = beta;
        child.best = -INF;
        child.best_idx = 0;
        child.depth = depth;
        self.sp += 1;
    }

    /// Writes a finished frame into the transposition table.
    fn remember(&mut self, at: usize) {
        let f = &self.stack[at];
        if f.actions.is_empty() || f.next == 0 {
            return;
        }
        let bound = if f.best <= f.alpha0 {
            Bound::Upper
        } else if f.best >= f.beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let entry = Entry {
            key: f.key,
            score: f.best,
            depth: f.depth,
            bound,
            best: Some(f.actions[f.best_idx]),
        };
        let slot = (f.key as usize) & (self.table.len() - 1);
        self.table[slot] = Some(entry);
    }

    fn start_iteration(&mut self) {
        if self.depth > self.limits.max_depth {
            self.finish(self.best.map(|(a, _)| a));
            return;
        }
        if self.stack.is_empty() {
            self.stack.push(Frame::new());
        }
        if self.table.is_empty() {
            // About one slot per node the search may visit, within 2^10..2^18 slots.
            let slots = self
                .limits
                .max_nodes
                .clamp(1 << 10, 1 << 18)
                .next_power_of_two();
            self.table = vec![None; slots as usize];
        }
        let f = &mut self.stack[0];
        f.pos = self.root.clone();
        f.key = key_of(&self.root);
        f.alpha0 = -INF;
        f.actions.clear();
        f.actions.extend_from_slice(&self.root_actions);
        f.next = 0;
        f.alpha = -INF;
        f.beta = INF;
        f.best = -INF;
        f.best_idx = 0;
        f.depth = self.depth;
        self.sp = 1;
    }

    fn end_iteration(&mut self, score: i32) {
        let idx = self.stack[0].best_idx;
        let action = self.root_actions.remove(idx);
        self.root_actions.insert(0, action);
        self.best = Some((action, score));
        self.depth_done = self.depth;
        self.depth += 1;
        if score.abs() >= WIN_FOUND {
            self.finish(Some(action));
        }
    }

    /// The node budget ran out: take the best of the iteration under way if it has already
    /// searched the last iteration's best (tried first), else the last iteration's.
    fn out_of_budget(&mut self) {
        let mut choice = self.best.map(|(a, _)| a);
        if self.sp > 0 {
            let root = &self.stack[0];
            if root.next > 0 && root.best > -INF {
                choice = Some(root.actions[root.best_idx]);
            }
        }
        self.finish(choice.or_else(|| self.root_actions.first().copied()));
    }
}

/// One ply deep: a win if there is one, otherwise the action whose result scores best, ties
/// broken by the seed. The static score sees a Bench the opponent could land on next, so the
/// greedy player does not walk into a loss in one.
pub fn greedy(pos: &Position, seed: u64) -> Option<Action> {
    let mut actions = legal_actions(pos);
    actions.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let me = pos.to_move();
    actions.into_iter().max_by_key(|a| {
        let next = apply_unchecked(pos, a);
        if next.on_bench(me) {
            return WIN;
        }
        let reply = scan(&next);
        if !reply.any_action {
            WIN
        } else if reply.wins_now {
            -WIN
        } else {
            -evaluate(&next)
        }
    })
}

impl Engine for Search {
    type Game = Position;

    fn new(pos: &Position, level: Level, seed: u64) -> Search {
        Search::with_limits(pos, limits(level), seed)
    }

    fn step(&mut self, budget: u64) -> Step<Action> {
        let stop = self.nodes.saturating_add(budget);
        while !self.finished && self.nodes < stop {
            self.tick();
        }
        match (self.finished, self.decided) {
            (false, _) => Step::Thinking,
            (true, Some(a)) => Step::Chosen(a),
            (true, None) => Step::NoAction,
        }
    }

    fn best_so_far(&self) -> Option<Action> {
        self.decided
            .or(self.best.map(|(a, _)| a))
            .or(self.root_actions.first().copied())
    }

    fn is_finished(&self) -> bool {
        self.finished
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Bots for Position {
    type Engine = Search;

    fn greedy(&self, seed: u64) -> Option<Action> {
        greedy(self, seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Player, choose, random, seed_for};
    use crate::rules::snelab::{Side, apply, check, outcome};

    fn decide(s: &mut Search, budget: u64) -> Option<Action> {
        s.step(budget).decision().flatten()
    }

    fn pos(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn levels_grow_in_budget() {
        assert!(limits(Level::Easy).max_nodes < limits(Level::Normal).max_nodes);
        assert!(limits(Level::Normal).max_nodes < limits(Level::Hard).max_nodes);
    }

    #[test]
    fn every_player_takes_a_win_on_the_spot() {
        // South's Advocate on b6 lands on the Bench at a7 or c7.
        let p = pos("3b3/1A5/7/7/7/7/B6 S +a");
        for player in [
            Player::Engine(Level::Easy),
            Player::Engine(Level::Normal),
            Player::Greedy,
        ] {
            let a = player.choose(&p, 3).unwrap();
            let after = apply(&p, &a).unwrap();
            assert_eq!(
                outcome(&after).map(|v| v.winner),
                Some(Side::South),
                "{player:?}"
            );
        }
    }

    #[test]
    fn the_engine_prefers_the_quickest_win() {
        // A real win in three plies: South's Bailiff on e5 steps to e6, from where nothing stops
        // it landing on e7 (North's only piece is far away); a1-a2 wins too, but later.
        let p = pos("b6/7/4B2/7/7/7/B6 S +a");
        let mut s = Search::new(&p, Level::Normal, 1);
        let a = decide(&mut s, u64::MAX).unwrap();
        assert_eq!(a.to_string(), "e5-e6");
        assert!(s.score().unwrap() >= WIN_FOUND);
    }

    #[test]
    fn the_engine_stops_a_bailiff_about_to_reach_its_counter() {
        // North's Bailiff on c2 lands on South's Counter (c1) next move unless South takes it:
        // South's Advocate on b1 runs b2-c2 (forward, then right) and pays with its Bailiff.
        let p = pos("3j3/7/7/7/7/2b4/BA5 S +a");
        let a = choose(&p, Level::Easy, 5).unwrap();
        let after = apply(&p, &a).unwrap();
        assert!(
            after.get("c2".parse().unwrap()).map(|p| p.side) != Some(Side::North),
            "{a}"
        );
    }

    #[test]
    fn search_is_deterministic_however_the_budget_is_sliced() {
        let limits = Limits {
            max_depth: 64,
            max_nodes: 20_000,
        };
        let mut p = Position::start();
        for ply in 0..6 {
            let whole = decide(&mut Search::with_limits(&p, limits, 11 + ply), u64::MAX);
            let mut s = Search::with_limits(&p, limits, 11 + ply);
            let mut steps = 0;
            let sliced = loop {
                steps += 1;
                if let Some(d) = s.step(37).decision() {
                    break d;
                }
            };
            assert_eq!(whole, sliced);
            if ply == 0 {
                assert!(steps > 100, "a small budget takes many steps");
            }
            // Once decided, further steps answer the same.
            assert_eq!(decide(&mut s, 1), sliced);
            p = apply(&p, &whole.unwrap()).unwrap();
        }
    }

    #[test]
    fn the_node_budget_bounds_the_work() {
        let limits = Limits {
            max_depth: 64,
            max_nodes: 3_000,
        };
        let mut s = Search::with_limits(&Position::start(), limits, 0);
        let a = decide(&mut s, u64::MAX).unwrap();
        assert!(s.nodes() <= limits.max_nodes);
        assert_eq!(check(&Position::start(), &a), Ok(()));
        assert!(s.depth_done() >= 1);
    }

    #[test]
    fn no_action_gives_none() {
        let p = pos("3b3/7/7/3b3/3B3/7/7 S +a");
        let mut s = Search::new(&p, Level::Normal, 0);
        assert_eq!(s.step(100), Step::NoAction);
        assert!(s.is_finished());
        assert_eq!(greedy(&p, 0), None);
        assert_eq!(random(&p, 0), None);
    }

    #[test]
    fn the_easy_engine_beats_random_play() {
        // A quick strength check (the full figures come from `tables selfplay snelab`).
        let mut wins = 0;
        for g in 0..20u64 {
            let mut p = Position::start();
            let engine = if g % 2 == 0 { Side::South } else { Side::North };
            p.set_to_move(if g % 4 < 2 { Side::South } else { Side::North });
            let mut ply = 0;
            let winner = loop {
                if let Some(v) = outcome(&p) {
                    break v.winner;
                }
                let seed = seed_for(g, ply);
                let a = if p.to_move() == engine {
                    choose(&p, Level::Easy, seed)
                } else {
                    random(&p, seed)
                };
                p = apply(&p, &a.unwrap()).unwrap();
                ply += 1;
            };
            wins += (winner == engine) as u32;
        }
        assert!(wins >= 17, "easy won only {wins} of 20 against random");
    }

    #[test]
    fn players_only_choose_legal_actions() {
        let mut p = Position::start();
        let mut ply = 0;
        while outcome(&p).is_none() {
            for player in [Player::Engine(Level::Easy), Player::Greedy, Player::Random] {
                let a = player.choose(&p, ply).unwrap();
                assert_eq!(check(&p, &a), Ok(()), "{player:?} {p} {a}");
            }
            p = apply(&p, &random(&p, ply).unwrap()).unwrap();
            ply += 1;
        }
    }

    #[test]
    fn transpositions_share_a_key() {
        let start = Position::start();
        let play = |moves: &[&str]| {
            moves.iter().fold(start.clone(), |p, m| {
                apply(&p, &m.parse().unwrap()).unwrap()
            })
        };
        let one = play(&["a1-a2", "a7-a6", "g1-g2", "g7-g6"]);
        let other = play(&["g1-g2", "g7-g6", "a1-a2", "a7-a6"]);
        assert_eq!(one, other);
        assert_eq!(key_of(&one), key_of(&other));
        let mut turned = one.clone();
        turned.set_to_move(Side::North);
        assert_ne!(key_of(&one), key_of(&turned));
        assert_ne!(key_of(&one), key_of(&play(&["a1-a2", "a7-a6"])));
    }

    #[test]
    fn the_static_score_is_symmetric() {
        let p = Position::start();
        assert_eq!(evaluate(&p), 0);
        let mut q = pos("3b3/7/7/7/7/3B3/7 S +a");
        let south = evaluate(&q);
        q.set_to_move(Side::North);
        assert_eq!(evaluate(&q), -south);
        assert!(south > 0, "a further-advanced Bailiff is worth more");
    }
}
