//! The first Artifact Chess engine ("v1"), kept as it was before issue #17 so the new engine can
//! be measured against it (`tables selfplay chess --white normal --black v1`): an expectimax
//! search to a fixed depth (1–3) with alpha-beta over the players' choices and exact chance
//! nodes over the dice. It searches [`State::view_for`]'s view, which since issue #17 holds no
//! hidden card and no generator; otherwise its choices are those of the old engine.

use crate::ai::{Engine, Level, Step};
use crate::rules::chess::{Action, AttemptResult, Colour, DiceRng, Role, State, movegen};
use crate::rules::chess::{Play, card_chances};

/// The deepest search of each level, in actions.
pub fn depth_of(level: Level) -> u8 {
    match level {
        Level::Easy => 1,
        Level::Normal => 2,
        Level::Hard => 3,
    }
}

/// The most nodes a search of this depth may visit before it settles for what it has.
pub fn node_limit(depth: u8) -> u64 {
    match depth {
        0 | 1 => 10_000,
        2 => 60_000,
        3 => 250_000,
        _ => 1_000_000,
    }
}

/// The score of a mate (minus the actions it takes, so quicker mates score higher).
const MATE: f64 = 100_000.0;

/// Piece values in hundredths of a pawn; a wounded piece counts a little over half (it dies to
/// any attempt and attacks with one die).
fn value(role: Role) -> f64 {
    match role {
        Role::Pawn => 100.0,
        Role::Knight => 300.0,
        Role::Bishop => 320.0,
        Role::Rook => 500.0,
        Role::King => 0.0,
    }
}

const WOUNDED_SHARE: f64 = 0.55;

/// The static evaluation from `side`'s point of view: material (wounds discounted), pawn
/// advance, centralised knights and bishops, and a small bonus for the side to act.
pub fn evaluate(state: &State, side: Colour) -> f64 {
    let mut score = 0.0;
    for (sq, p) in state.board().pieces() {
        let mut v = value(p.role);
        if p.wounded {
            v *= WOUNDED_SHARE;
        }
        match p.role {
            Role::Pawn => v += 6.0 * p.colour.relative_rank(sq).saturating_sub(1) as f64,
            Role::Knight | Role::Bishop => {
                let df = (sq.file() as f64 - 3.5).abs();
                let dr = (sq.rank() as f64 - 3.5).abs();
                v += 12.0 - 3.0 * (df + dr);
            }
            _ => {}
        }
        if p.colour == side {
            score += v;
        } else {
            score -= v;
        }
    }
    if state.turn() == side {
        score + 10.0
    } else {
        score - 10.0
    }
}

/// An incremental search for the side to act.
#[derive(Clone, Debug)]
pub struct Search {
    root: State,
    /// The deepest iteration, and the nodes after which the search settles.
    max_depth: u8,
    node_limit: u64,
    /// Root actions, best first after each finished depth.
    actions: Vec<Action>,
    /// Scores of the current depth's finished root actions, in `actions` order.
    scores: Vec<f64>,
    depth: u8,
    /// The best action of the last finished depth.
    best: Option<Action>,
    nodes: u64,
    decided: Option<Option<Action>>,
}

impl Search {
    /// A search to `depth` actions ahead (1..=4 are sensible), within that depth's node limit.
    pub fn with_depth(state: &State, depth: u8, seed: u64) -> Search {
        let mut rng = DiceRng::new(seed ^ 0x5EED_C4E5_5000_0000);
        let mut actions = state.legal_actions();
        // A seeded shuffle, so equal scores are broken differently by different seeds.
        for i in (1..actions.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            actions.swap(i, j);
        }
        Search {
            // The engine sees only what its side may know (hidden cards masked).
            root: state.view_for(state.turn()),
            max_depth: depth.max(1),
            node_limit: node_limit(depth),
            actions,
            scores: Vec::new(),
            depth: 1,
            best: None,
            nodes: 0,
            decided: None,
        }
    }

    /// Searches for about `node_budget` more nodes (one root action is finished once started);
    /// `Some` once the choice is made. With no legal action it decides at once and gives `None`
    /// from [`Search::decision`].
    fn advance(&mut self, node_budget: u64) -> Option<Action> {
        if let Some(d) = self.decided {
            return d;
        }
        if self.actions.is_empty() {
            self.decided = Some(None);
            return None;
        }
        let max_depth = self.max_depth;
        let stop_at = self.nodes.saturating_add(node_budget.max(1));
        while self.nodes < stop_at {
            let i = self.scores.len();
            let action = self.actions[i];
            let score = self.root_value(&action, self.depth);
            self.scores.push(score);
            if self.scores.len() == self.actions.len() {
                self.finish_depth();
                if self.depth >= max_depth || self.nodes >= self.node_limit {
                    return self.decide();
                }
                self.depth += 1;
            } else if self.nodes >= self.node_limit {
                // Out of nodes mid-depth: the first action searched is the previous best, so a
                // better one found since is a safe improvement.
                let (i, _) = best_index(&self.scores);
                if i != 0 || self.best.is_none() {
                    self.best = Some(self.actions[i]);
                }
                return self.decide();
            }
        }
        None
    }

    /// The decision, once [`Search::step`] has made it (`Some(None)`: no legal action).
    pub fn decision(&self) -> Option<Option<Action>> {
        self.decided
    }

    fn decide(&mut self) -> Option<Action> {
        let choice = self.best.or(self.actions.first().copied());
        self.decided = Some(choice);
        choice
    }

    /// Orders the root actions best first for the next depth.
    fn finish_depth(&mut self) {
        let mut pairs: Vec<(Action, f64)> = self
            .actions
            .iter()
            .copied()
            .zip(self.scores.iter().copied())
            .collect();
        pairs.sort_by(|a, b| b.1.total_cmp(&a.1));
        self.actions = pairs.iter().map(|p| p.0).collect();
        self.best = self.actions.first().copied();
        self.scores.clear();
    }

    /// The value of a root action for the side to act at the root.
    fn root_value(&mut self, action: &Action, depth: u8) -> f64 {
        let side = self.root.turn();
        let root = self.root.clone();
        self.action_value(&root, action, depth, side, 1)
    }

    /// The expected value of an action: its chance node over the attempt's results.
    fn action_value(
        &mut self,
        state: &State,
        action: &Action,
        depth: u8,
        side: Colour,
        ply: u32,
    ) -> f64 {
        // Zombie Pawn's square: every square weighted exactly. (Trophy's draw is left to the
        // generator: the evaluation does not look at hands.)
        if let Action::Play(play @ Play::ZombiePawn) = action {
            let mut total = 0.0;
            for (chance, p) in card_chances(state, play) {
                let mut next = state.clone();
                next.advance_chance(action, None, Some(chance));
                total += p.to_f64()
                    * self.value(
                        &next,
                        depth - 1,
                        f64::NEG_INFINITY,
                        f64::INFINITY,
                        side,
                        ply,
                    );
            }
            return total;
        }
        match state.attempt_odds(action) {
            Some(odds) => {
                let mut total = 0.0;
                for (result, p) in odds.outcomes() {
                    let mut next = state.clone();
                    next.advance(action, Some(result));
                    total += p.to_f64()
                        * self.value(
                            &next,
                            depth - 1,
                            f64::NEG_INFINITY,
                            f64::INFINITY,
                            side,
                            ply,
                        );
                }
                total
            }
            None => {
                let mut next = state.clone();
                next.advance(action, None);
                self.value(
                    &next,
                    depth - 1,
                    f64::NEG_INFINITY,
                    f64::INFINITY,
                    side,
                    ply,
                )
            }
        }
    }

    /// Minimax with alpha-beta over the players (who may act twice in a row after a failed
    /// attempt in check), from `side`'s point of view.
    fn value(
        &mut self,
        state: &State,
        depth: u8,
        mut alpha: f64,
        mut beta: f64,
        side: Colour,
        ply: u32,
    ) -> f64 {
        self.nodes += 1;
        if state.drawn_by_rule().is_some() || state.repetitions() >= 2 {
            return 0.0;
        }
        let actions = movegen::generate(state);
        if actions.is_empty() {
            return if state.in_check() {
                let mate = MATE - ply as f64;
                if state.turn() == side { -mate } else { mate }
            } else {
                0.0
            };
        }
        if depth == 0 {
            return evaluate(state, side);
        }
        let maximise = state.turn() == side;
        let mut best = if maximise {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for action in order(state, actions) {
            let v = self.action_value(state, &action, depth, side, ply + 1);
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// Attempts first (likeliest gain first), then heals, then moves: better cut-offs.
fn order(state: &State, mut actions: Vec<Action>) -> Vec<Action> {
    let gain = |a: &Action| -> f64 {
        match a {
            Action::Attempt { to, .. } => {
                let victim = state.board().get(*to).map_or(100.0, |p| value(p.role));
                let p = state
                    .attempt_odds(a)
                    .map_or(0.0, |o| o.of(AttemptResult::Success).to_f64());
                1000.0 + victim * p
            }
            Action::Heal { .. } => 500.0,
            Action::Play(_) => 50.0,
            Action::Pass => 0.0,
            Action::Move { promotion, .. } => promotion.map_or(0.0, value),
        }
    };
    actions.sort_by(|a, b| gain(b).total_cmp(&gain(a)));
    actions
}

fn best_index(scores: &[f64]) -> (usize, f64) {
    scores
        .iter()
        .copied()
        .enumerate()
        .fold(
            (0, f64::NEG_INFINITY),
            |acc, (i, s)| if s > acc.1 { (i, s) } else { acc },
        )
}

impl Engine for Search {
    type Game = State;

    fn new(state: &State, level: Level, seed: u64) -> Search {
        Search::with_depth(state, depth_of(level), seed)
    }

    fn step(&mut self, node_budget: u64) -> Step<Action> {
        self.advance(node_budget);
        match self.decided {
            None => Step::Thinking,
            Some(Some(a)) => Step::Chosen(a),
            Some(None) => Step::NoAction,
        }
    }

    fn best_so_far(&self) -> Option<Action> {
        self.decided
            .flatten()
            .or(self.best)
            .or(self.actions.first().copied())
    }

    fn is_finished(&self) -> bool {
        self.decided.is_some()
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// Runs a whole v1 search at once; `None` when the side to act has no legal action.
pub fn choose(state: &State, level: Level, seed: u64) -> Option<Action> {
    let mut search = Search::new(state, level, seed);
    loop {
        if let Some(d) = search.step(u64::MAX).decision() {
            return d;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::parse_position;

    #[test]
    fn levels_deepen() {
        assert!(depth_of(Level::Easy) < depth_of(Level::Normal));
        assert!(depth_of(Level::Normal) < depth_of(Level::Hard));
    }

    #[test]
    fn takes_a_wounded_rook_that_dies_without_rolls() {
        let s = parse_position("4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1 d5 - - 0/0 -/- -/-").unwrap();
        for level in [Level::Easy, Level::Normal] {
            let a = choose(&s, level, 1).unwrap();
            assert_eq!(a.to_string(), "e3xd5", "{level:?}");
        }
    }

    #[test]
    fn finds_a_mate_in_one() {
        let s = parse_position("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(choose(&s, Level::Normal, 3).unwrap().to_string(), "a1a8");
    }

    #[test]
    fn step_by_step_equals_all_at_once_and_is_seeded() {
        let s =
            parse_position("r1b1k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R1B1K2R w KQkq - 0 1").unwrap();
        let whole = choose(&s, Level::Normal, 5);
        let mut search = Search::new(&s, Level::Normal, 5);
        let mut steps = 0;
        let sliced = loop {
            steps += 1;
            if let Some(d) = search.step(200).decision() {
                break d;
            }
        };
        assert!(steps > 1, "the budget slices the search");
        assert_eq!(sliced, whole);
        let r1 = crate::ai::random(&s, 1);
        assert_eq!(r1, crate::ai::random(&s, 1));
        assert!(r1.is_some_and(|a| s.is_legal(&a)));
    }

    #[test]
    fn no_action_no_choice() {
        let s = parse_position("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(choose(&s, Level::Normal, 0), None);
        assert_eq!(crate::ai::random(&s, 0), None);
    }
}
