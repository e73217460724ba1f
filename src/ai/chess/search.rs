//! The search core: negamax alpha-beta at choice nodes and *-minimax at chance nodes (Ballard
//! 1983: Star1 bounds the chance node by the outcomes searched so far and the value range of
//! those left; Star2 first probes each outcome with one action to tighten those bounds), with a
//! transposition table, move ordering (attempts by expected gain, killers, history) and the
//! game's own draws. Values are from the side to act's point of view, the evaluation squashed
//! into an expected result ([`squash`]) within `[-MATE, MATE]`; a mate in `n` actions scores
//! `MATE - n`.
//!
//! Chance nodes: an attempt's results with their exact odds, likeliest first (a healthy 3d6
//! against 2d6 succeeds 77.9 %, wounds 15.2 %, misses 6.9 %); Zombie Pawn's squares, each
//! equally likely; Trophy's draws from the kinds that are publicly possible in the searched
//! deal — the game's own generator is never used. Trophy can draw any of 50-odd pairs: the
//! search takes [`TROPHY_DRAWS`] of them, spread evenly over the list from a point fixed by the
//! searched position, as equally likely (an estimate of that chance node, not its exact value).
//!
//! [`Searcher::plain`] is plain expectimax (no pruning, no table), which the pruned search must
//! equal (`tests`).

use super::eval::evaluate;
use crate::rules::chess::{
    Action, Artifact, AttemptResult, CardChance, NO_PROGRESS_LIMIT, Play, Role, State, movegen,
};

/// The score of a mate now; a mate `n` actions away scores `MATE - n`.
pub const MATE: f64 = 12_000.0;
/// Every evaluation is squashed within this, below any mate ([`squash`]).
pub const EVAL_MAX: f64 = 10_000.0;
/// The evaluation's scale for [`squash`]: an edge of this many hundredths of a pawn is worth
/// three quarters of a won game.
pub const SQUASH_SCALE: f64 = 600.0;

/// The evaluation (hundredths of a pawn) as an expected result: `EVAL_MAX · tanh(e / 600)`,
/// so a pawn up is about a 58 % score, a rook up 84 %, and a mate is worth more than any edge.
/// Chance nodes average these — what a side may expect from the dice, not the pawns it may
/// count: a sure rook is better than a one-in-three chance of mate.
pub fn squash(centipawns: f64) -> f64 {
    EVAL_MAX * (centipawns / SQUASH_SCALE).tanh()
}
const LOW: f64 = -MATE;
const HIGH: f64 = MATE;

/// What the search may do (the equivalence tests turn the table's depth rule strict).
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Star2 probing at chance nodes.
    pub probe: bool,
    /// Use a table entry only when it was searched to exactly the depth asked (exact results
    /// equal to plain expectimax), rather than to at least that depth.
    pub strict_table: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            probe: true,
            strict_table: false,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    value: f64,
    best: Option<Action>,
    depth: i8,
    bound: Bound,
}

const TABLE_BITS: u32 = 17;
/// What a draw costs the engine's own side: a quarter of a pawn ([`squash`]ed).
pub const CONTEMPT: f64 = EVAL_MAX * 25.0 / SQUASH_SCALE;
/// How many of Trophy's possible draws are searched (all when there are no more).
pub const TROPHY_DRAWS: usize = 4;
const MAX_PLY: usize = 64;

/// One outcome of an action: its probability, and the attempt's result or the card's chance.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Outcome {
    pub p: f64,
    pub result: Option<AttemptResult>,
    pub chance: Option<CardChance>,
}

/// The most outcomes an action has: Zombie Pawn's squares (two ranks of eight).
const MAX_OUTCOMES: usize = 16;

/// An action's outcomes, likeliest first (stored inline).
#[derive(Clone, Copy)]
pub(crate) struct Outcomes {
    items: [Outcome; MAX_OUTCOMES],
    len: usize,
}

impl Outcomes {
    fn push(&mut self, o: Outcome) {
        if self.len < MAX_OUTCOMES {
            self.items[self.len] = o;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for Outcomes {
    type Target = [Outcome];
    fn deref(&self) -> &[Outcome] {
        &self.items[..self.len]
    }
}

/// The outcomes of `action` in `state`, likeliest first (one, certain, for most actions).
pub(crate) fn outcomes(state: &State, action: &Action) -> Outcomes {
    let mut out = Outcomes {
        items: [Outcome {
            p: 1.0,
            result: None,
            chance: None,
        }; MAX_OUTCOMES],
        len: 0,
    };
    if let Some(odds) = state.attempt_odds(action) {
        for (r, f) in odds.outcomes() {
            out.push(Outcome {
                p: f.to_f64(),
                result: Some(r),
                chance: None,
            });
        }
        // Stable: equal odds keep success, wound, miss.
        out.items[..out.len].sort_by(|a, b| b.p.total_cmp(&a.p));
        return out;
    }
    if let Action::Play(play @ (Play::ZombiePawn | Play::Trophy)) = action {
        let chances = crate::rules::chess::card_chances(state, play);
        if matches!(play, Play::Trophy) && chances.len() > TROPHY_DRAWS {
            // A fixed sample of the possible draws, spread evenly from a point that depends
            // on the searched position only.
            let n = chances.len();
            let start = (state.search_key() % n as u64) as usize;
            for k in 0..TROPHY_DRAWS {
                out.push(Outcome {
                    p: 1.0 / TROPHY_DRAWS as f64,
                    result: None,
                    chance: Some(chances[(start + k * n / TROPHY_DRAWS) % n].0),
                });
            }
            return out;
        }
        for (c, f) in chances {
            out.push(Outcome {
                p: f.to_f64(),
                result: None,
                chance: Some(c),
            });
        }
        if out.len > 0 {
            return out;
        }
    }
    out.push(Outcome {
        p: 1.0,
        result: None,
        chance: None,
    });
    out
}

/// The searcher: its table, its ordering memory, the positions on the path for repetitions, and
/// its node count (checked against `limit`: past it, the search unwinds and says so).
pub struct Searcher {
    /// The side the search is for (draws are worth [`CONTEMPT`] less to it); `None`: draws are
    /// worth nothing to either side.
    pub root: Option<crate::rules::chess::Colour>,
    /// The side whose hand is guessed (the deals); `None` when both hands are known.
    pub hidden: Option<crate::rules::chess::Colour>,
    pub nodes: u64,
    pub limit: u64,
    pub aborted: bool,
    pub options: Options,
    table: Vec<Option<Entry>>,
    killers: Vec<[Option<Action>; 2]>,
    history: Vec<i32>,
    /// Repetition keys of the game before the search and of the path, and where the current
    /// run of reversible actions starts in it.
    path: Vec<u64>,
    floor: usize,
    buffers: Vec<Vec<Action>>,
    scored: Vec<(f64, Action)>,
}

impl Searcher {
    /// A searcher whose repetition memory starts with the game's positions since the last
    /// irreversible action (`seen`, the current one last).
    pub fn new(seen: &[u64], options: Options) -> Searcher {
        Searcher {
            root: None,
            hidden: None,
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
            options,
            table: vec![None; 1 << TABLE_BITS],
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 64 * 64 + 2 * 22 * 64],
            path: seen.to_vec(),
            floor: 0,
            buffers: Vec::new(),
            scored: Vec::new(),
        }
    }

    /// The value for `state`'s side to act of playing `action`, searched `depth` actions deep,
    /// within the window `(alpha, beta)` (fail-soft: a value at or below `alpha` is an upper
    /// bound, at or above `beta` a lower bound, else exact). `ply` is the distance from the
    /// root, for mate scores.
    pub fn action_value(
        &mut self,
        state: &State,
        action: &Action,
        depth: i32,
        alpha: f64,
        beta: f64,
        ply: usize,
    ) -> f64 {
        // Answers in a response window cost no depth: the normal move follows.
        let next_depth = if state.window().is_some() {
            depth
        } else {
            depth - 1
        };
        let outs = outcomes(state, action);
        if outs.len() == 1 {
            let (child, irreversible) = self.child(state, action, &outs[0]);
            return self.child_value(
                state,
                &child,
                irreversible,
                next_depth,
                alpha,
                beta,
                ply + 1,
            );
        }
        self.chance(state, action, &outs, next_depth, alpha, beta, ply)
    }

    fn child(&self, state: &State, action: &Action, out: &Outcome) -> (State, bool) {
        let mut child = state.clone_to_play(action);
        let irreversible = child.play_chance(action, out.result, out.chance);
        (child, irreversible)
    }

    /// The child's value for the parent's side to act.
    #[allow(clippy::too_many_arguments)]
    fn child_value(
        &mut self,
        parent: &State,
        child: &State,
        irreversible: bool,
        depth: i32,
        alpha: f64,
        beta: f64,
        ply: usize,
    ) -> f64 {
        let floor = self.floor;
        if irreversible {
            self.floor = self.path.len();
        }
        let v = if child.turn() == parent.turn() {
            self.node(child, depth, alpha, beta, ply)
        } else {
            -self.node(child, depth, -beta, -alpha, ply)
        };
        self.floor = floor;
        v
    }

    /// A chance node: Star1 with Star2 probing (see the module docs).
    #[allow(clippy::too_many_arguments)]
    fn chance(
        &mut self,
        state: &State,
        action: &Action,
        outs: &[Outcome],
        depth: i32,
        alpha: f64,
        beta: f64,
        ply: usize,
    ) -> f64 {
        let n = outs.len();
        let children: Vec<(State, bool)> =
            outs.iter().map(|o| self.child(state, action, o)).collect();
        let mut lb = [LOW; MAX_OUTCOMES];
        let mut ub = [HIGH; MAX_OUTCOMES];
        if self.options.probe && depth >= 1 {
            for i in 0..n {
                let (child, irreversible) = &children[i];
                let others_ub: f64 = (0..n).filter(|&j| j != i).map(|j| outs[j].p * ub[j]).sum();
                let others_lb: f64 = (0..n).filter(|&j| j != i).map(|j| outs[j].p * lb[j]).sum();
                let floor = self.floor;
                if *irreversible {
                    self.floor = self.path.len();
                }
                if child.turn() == state.turn() {
                    // Our own action again: its first action is a lower bound.
                    let s = ((beta - others_lb) / outs[i].p).min(HIGH);
                    if let Some(v) = self.probe(child, depth, LOW, s, ply + 1) {
                        lb[i] = lb[i].max(v);
                    }
                } else {
                    // The other side's first action bounds our value from above.
                    let t = ((alpha - others_ub) / outs[i].p).max(LOW);
                    if let Some(v) = self.probe(child, depth, -HIGH, -t, ply + 1) {
                        ub[i] = ub[i].min(-v);
                    }
                }
                self.floor = floor;
                if self.aborted {
                    return 0.0;
                }
            }
            let upper: f64 = (0..n).map(|j| outs[j].p * ub[j]).sum();
            if upper <= alpha {
                return upper;
            }
            let lower: f64 = (0..n).map(|j| outs[j].p * lb[j]).sum();
            if lower >= beta {
                return lower;
            }
        }
        let mut known = 0.0;
        let mut values = [0.0; MAX_OUTCOMES];
        for i in 0..n {
            let p = outs[i].p;
            let rest_ub: f64 = (i + 1..n).map(|j| outs[j].p * ub[j]).sum();
            let rest_lb: f64 = (i + 1..n).map(|j| outs[j].p * lb[j]).sum();
            let a = (alpha - known - rest_ub) / p;
            let b = (beta - known - rest_lb) / p;
            if a >= ub[i] {
                return known + p * ub[i] + rest_ub;
            }
            if b <= lb[i] {
                return known + p * lb[i] + rest_lb;
            }
            let (child, irreversible) = &children[i];
            let v = self.child_value(
                state,
                child,
                *irreversible,
                depth,
                a.max(LOW),
                b.min(HIGH),
                ply + 1,
            );
            if self.aborted {
                return 0.0;
            }
            if v <= a {
                return known + p * v + rest_ub;
            }
            if v >= b {
                return known + p * v + rest_lb;
            }
            values[i] = v;
            known += p * v;
        }
        // The exact value, summed in the outcomes' order (as plain expectimax sums it).
        (0..n).map(|i| outs[i].p * values[i]).sum()
    }

    /// Star2's probe: the value of `state`'s first action (best ordered) within `(lo, hi)`, a
    /// lower bound on the node's value for its side to act; `None` when the search says only
    /// that it is at most `lo` (no bound). A finished position gives its exact value.
    fn probe(&mut self, state: &State, depth: i32, lo: f64, hi: f64, ply: usize) -> Option<f64> {
        let key = state.key();
        if let Some(v) = self.terminal(state, key, ply) {
            return Some(v);
        }
        let mut actions = self.buffers.pop().unwrap_or_default();
        movegen::generate_into(state, &mut actions);
        if actions.is_empty() {
            self.buffers.push(actions);
            return Some(self.no_action(state, ply));
        }
        if depth <= 0 {
            self.buffers.push(actions);
            return Some(self.leaf(state));
        }
        let tt_move = self
            .table_entry(state.search_key_from(key))
            .and_then(|e| e.best);
        let first = self.best_ordered(state, &actions, tt_move, ply);
        self.buffers.push(actions);
        self.path.push(key);
        let v = self.action_value(state, &first, depth, lo, hi, ply);
        self.path.pop();
        (v > lo).then_some(v)
    }

    /// A finished position's value (a draw by rule or by repetition), if it is finished.
    fn terminal(&self, state: &State, key: u64, ply: usize) -> Option<f64> {
        if ply > 0 && self.path[self.floor..].contains(&key) {
            return Some(self.draw(state));
        }
        if state.quiet_actions() >= NO_PROGRESS_LIMIT {
            return Some(self.draw(state));
        }
        // Lone kings, as the rules judge them: a returning card holds the draw back only with a
        // pawn in its side's reserve, and Cancel (a chance to bring pieces back) holds it too.
        let board = state.board();
        let returns = |c: crate::rules::chess::Colour| {
            state.reserve(c) > 0 && state.hand(c).iter().any(Artifact::returns_pawns)
        };
        let may_cancel =
            state.cancelable().is_some() && state.hand(state.turn()).contains(Artifact::Cancel);
        if board.occupied() == board.role_bits(Role::King)
            && !returns(state.turn())
            && !returns(state.turn().other())
            && !may_cancel
        {
            return Some(self.draw(state));
        }
        None
    }

    /// A draw's value for the side to act: [`CONTEMPT`] less than nothing for the engine's own
    /// side (it plays on when the game is level), as much more for the other.
    fn draw(&self, state: &State) -> f64 {
        match self.root {
            Some(side) if side == state.turn() => -CONTEMPT,
            Some(_) => CONTEMPT,
            None => 0.0,
        }
    }

    /// When the side to act is the one whose hand is guessed, and it has no action on the board
    /// (only cards, or nothing): the public chance that none of the cards it holds can be played
    /// here (a stalemate, or a mate in check). The kinds it may hold are those not in its played
    /// pile, as for the deals; each is tried alone.
    fn cornered(&self, state: &State, actions: &[Action]) -> Option<f64> {
        let side = state.turn();
        if self.hidden != Some(side)
            || state.window().is_some()
            || actions.iter().any(|a| !matches!(a, Action::Play(_)))
        {
            return None;
        }
        let held = state.hand_size(side);
        if held == 0 {
            return None;
        }
        let played: crate::rules::chess::ArtifactSet = state.played(side).iter().copied().collect();
        let (mut kinds, mut dead) = (0usize, 0usize);
        let mut trial = state.clone();
        for kind in Artifact::ALL {
            if played.contains(kind) {
                continue;
            }
            kinds += 1;
            trial.hands[side.index()] = [kind].into_iter().collect();
            if movegen::generate(&trial).is_empty() {
                dead += 1;
            }
        }
        // The chance that a hand of `held` kinds out of `kinds` holds only dead ones.
        let mut p = 1.0;
        for i in 0..held {
            if dead < held || kinds <= i {
                return Some(0.0);
            }
            p *= (dead - i) as f64 / (kinds - i) as f64;
        }
        Some(p)
    }

    fn no_action(&self, state: &State, ply: usize) -> f64 {
        if state.in_check() {
            -(MATE - ply as f64)
        } else {
            self.draw(state)
        }
    }

    fn leaf(&self, state: &State) -> f64 {
        squash(evaluate(state, state.turn()))
    }

    /// A choice node: the best action's value for the side to act, `depth` actions deep.
    pub fn node(&mut self, state: &State, depth: i32, alpha: f64, beta: f64, ply: usize) -> f64 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
        }
        if self.aborted {
            return 0.0;
        }
        let key = state.key();
        if let Some(v) = self.terminal(state, key, ply) {
            return v;
        }
        if depth <= 0 && !state.in_check() {
            return self.leaf(state);
        }
        let mut actions = self.buffers.pop().unwrap_or_default();
        movegen::generate_into(state, &mut actions);
        if let Some(p) = self.cornered(state, &actions) {
            // The guessed hand decides whether this side can act at all: weigh the end by the
            // public chance that no card of its hand can be played here.
            let end = self.no_action(state, ply);
            if actions.is_empty() {
                self.buffers.push(actions);
                return p * end + (1.0 - p) * self.leaf(state);
            }
            if p >= 1.0 || depth <= 0 || ply >= MAX_PLY {
                let rest = self.leaf(state);
                self.buffers.push(actions);
                return p * end + (1.0 - p) * rest;
            }
            let q = 1.0 - p;
            let v = self.choices(
                state,
                actions,
                key,
                depth,
                (alpha - p * end) / q,
                (beta - p * end) / q,
                ply,
            );
            return p * end + q * v;
        }
        if actions.is_empty() {
            self.buffers.push(actions);
            return self.no_action(state, ply);
        }
        if depth <= 0 || ply >= MAX_PLY {
            self.buffers.push(actions);
            return self.leaf(state);
        }
        self.choices(state, actions, key, depth, alpha, beta, ply)
    }

    /// The choice among `actions` (at least one), with the table and ordering; `actions` goes
    /// back to the buffers.
    #[allow(clippy::too_many_arguments)]
    fn choices(
        &mut self,
        state: &State,
        mut actions: Vec<Action>,
        key: u64,
        depth: i32,
        mut alpha: f64,
        beta: f64,
        ply: usize,
    ) -> f64 {
        let search_key = state.search_key_from(key);
        let entry = self.table_entry(search_key);
        let mut tt_move = None;
        if let Some(e) = entry {
            tt_move = e.best;
            let deep_enough = if self.options.strict_table {
                e.depth as i32 == depth
            } else {
                e.depth as i32 >= depth
            };
            if deep_enough {
                let v = from_table(e.value, ply);
                match e.bound {
                    Bound::Exact => {
                        self.buffers.push(actions);
                        return v;
                    }
                    Bound::Lower if v >= beta => {
                        self.buffers.push(actions);
                        return v;
                    }
                    Bound::Upper if v <= alpha => {
                        self.buffers.push(actions);
                        return v;
                    }
                    _ => {}
                }
            }
        }
        self.order(state, &mut actions, tt_move, ply);
        self.path.push(key);
        let alpha0 = alpha;
        let mut best = f64::NEG_INFINITY;
        let mut best_action = None;
        for &action in actions.iter() {
            let v = self.action_value(state, &action, depth, alpha, beta, ply);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_action = Some(action);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        self.reward(state, &action, depth, ply);
                        break;
                    }
                }
            }
        }
        self.path.pop();
        self.buffers.push(actions);
        if self.aborted {
            return 0.0;
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(search_key, best, best_action, depth, bound, ply);
        best
    }

    fn table_entry(&self, key: u64) -> Option<Entry> {
        self.table[(key >> (64 - TABLE_BITS)) as usize].filter(|e| e.key == key)
    }

    fn store(
        &mut self,
        key: u64,
        value: f64,
        best: Option<Action>,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let slot = &mut self.table[(key >> (64 - TABLE_BITS)) as usize];
        // Depth-preferred, but always replace an entry of another position.
        if let Some(old) = slot
            && old.key == key
            && old.depth as i32 > depth
        {
            return;
        }
        *slot = Some(Entry {
            key,
            value: to_table(value, ply),
            best,
            depth: depth.clamp(0, 127) as i8,
            bound,
        });
    }

    /// Remembers a quiet action that cut off (killer and history).
    fn reward(&mut self, state: &State, action: &Action, depth: i32, ply: usize) {
        if action.is_attempt() {
            return;
        }
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(*action) {
            k[1] = k[0];
            k[0] = Some(*action);
        }
        if let Some(i) = history_index(state, action) {
            self.history[i] = (self.history[i] + depth * depth).min(1 << 20);
        }
    }

    fn order_score(
        &self,
        state: &State,
        action: &Action,
        tt_move: Option<Action>,
        ply: usize,
    ) -> f64 {
        if Some(*action) == tt_move {
            return 1e9;
        }
        if let Action::Play(p) = action
            && let Some(m) = p.card_move()
            && m.attack
        {
            return 9e5 + expected_gain(state, action, m.to);
        }
        let killers = self.killers[ply.min(MAX_PLY)];
        match action {
            Action::Attempt { to, promotion, .. } => {
                1e6 + expected_gain(state, action, *to) + promotion.map_or(0.0, super::eval::value)
            }
            Action::Move {
                promotion: Some(r), ..
            } => 8e5 + super::eval::value(*r),
            Action::Heal { .. } => 7e5,
            Action::Play(Play::Cancel) => 6.5e5,
            _ if Some(*action) == killers[0] => 6e5,
            _ if Some(*action) == killers[1] => 5.9e5,
            Action::Play(_) => {
                history_index(state, action).map_or(0.0, |i| self.history[i] as f64) - 1e3
            }
            _ => history_index(state, action).map_or(0.0, |i| self.history[i] as f64),
        }
    }

    /// Orders actions best first: the table's action, attempts by expected gain, promotions,
    /// heals, Cancel, killers, then quiet actions by history (card plays after board moves).
    fn order(
        &mut self,
        state: &State,
        actions: &mut [Action],
        tt_move: Option<Action>,
        ply: usize,
    ) {
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        scored.extend(
            actions
                .iter()
                .map(|a| (self.order_score(state, a, tt_move, ply), *a)),
        );
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (slot, (_, a)) in actions.iter_mut().zip(scored.iter()) {
            *slot = *a;
        }
        self.scored = scored;
    }

    fn best_ordered(
        &self,
        state: &State,
        actions: &[Action],
        tt_move: Option<Action>,
        ply: usize,
    ) -> Action {
        let mut best = actions[0];
        let mut score = f64::NEG_INFINITY;
        for a in actions {
            let s = self.order_score(state, a, tt_move, ply);
            if s > score {
                score = s;
                best = *a;
            }
        }
        best
    }

    /// Plain expectimax to `depth`: no window, no table, no ordering; the reference the pruned
    /// search must equal. Same draws, mates and outcome order.
    pub fn plain(&mut self, state: &State, depth: i32, ply: usize) -> f64 {
        self.nodes += 1;
        let key = state.key();
        if let Some(v) = self.terminal(state, key, ply) {
            return v;
        }
        if depth <= 0 && !state.in_check() {
            return self.leaf(state);
        }
        let actions = movegen::generate(state);
        let cornered = self.cornered(state, &actions);
        if let Some(p) = cornered
            && (actions.is_empty() || p >= 1.0 || depth <= 0 || ply >= MAX_PLY)
        {
            return p * self.no_action(state, ply) + (1.0 - p) * self.leaf(state);
        }
        if actions.is_empty() {
            return self.no_action(state, ply);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.leaf(state);
        }
        self.path.push(key);
        let mut best = f64::NEG_INFINITY;
        for action in &actions {
            best = best.max(self.plain_action(state, action, depth, ply));
        }
        self.path.pop();
        match cornered {
            Some(p) => p * self.no_action(state, ply) + (1.0 - p) * best,
            None => best,
        }
    }

    /// Plain expectimax's value of one action.
    pub fn plain_action(&mut self, state: &State, action: &Action, depth: i32, ply: usize) -> f64 {
        let next_depth = if state.window().is_some() {
            depth
        } else {
            depth - 1
        };
        let outs = outcomes(state, action);
        let mut values = Vec::with_capacity(outs.len());
        for o in outs.iter() {
            let (child, irreversible) = self.child(state, action, o);
            let floor = self.floor;
            if irreversible {
                self.floor = self.path.len();
            }
            let v = self.plain(&child, next_depth, ply + 1);
            self.floor = floor;
            values.push(if child.turn() == state.turn() { v } else { -v });
        }
        (0..outs.len()).map(|i| outs[i].p * values[i]).sum()
    }
}

/// A mate score is stored relative to the node, read back relative to the root.
fn to_table(v: f64, ply: usize) -> f64 {
    if v > EVAL_MAX {
        v + ply as f64
    } else if v < -EVAL_MAX {
        v - ply as f64
    } else {
        v
    }
}

fn from_table(v: f64, ply: usize) -> f64 {
    if v > EVAL_MAX {
        v - ply as f64
    } else if v < -EVAL_MAX {
        v + ply as f64
    } else {
        v
    }
}

/// The history slot of a quiet action: board moves by colour, from and to; card plays by
/// colour, kind and target square.
fn history_index(state: &State, action: &Action) -> Option<usize> {
    let c = state.turn().index();
    match action {
        Action::Move { from, to, .. } => Some((c * 64 + from.index()) * 64 + to.index()),
        Action::Play(p) => {
            let sq = p.target().map_or(0, |s| s.index());
            Some(2 * 64 * 64 + (c * 22 + p.artifact() as usize) * 64 + sq)
        }
        _ => None,
    }
}

/// An attempt's expected material gain: the chance of success times the victim's value, less
/// a little for a valuable attacker (cheaper attackers first among equals).
fn expected_gain(state: &State, action: &Action, to: crate::rules::chess::Square) -> f64 {
    let board = state.board();
    let victim = board.get(to).map_or(super::eval::PAWN_VALUE, |p| {
        super::eval::value(p.role)
            * if p.wounded {
                super::eval::WOUNDED_SHARE
            } else {
                1.0
            }
    });
    let attacker = action
        .from()
        .and_then(|f| board.get(f))
        .map_or(0.0, |p| super::eval::value(p.role));
    let p = state
        .attempt_odds(action)
        .map_or(0.0, |o| o.of(AttemptResult::Success).to_f64());
    p * victim - attacker / 100.0
}
