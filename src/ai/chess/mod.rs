//! The Artifact Chess engine (issue #17): honest about what it cannot know, and searching the
//! dice and the cards.
//!
//! **Honesty.** The engine searches [`State::view_for`]'s view of its side: the other hand is
//! hidden everywhere in it (also in the state a Cancel would bring back) and the dice generator
//! is replaced, so it never reads hidden cards (unless it played Scouting) and never knows a
//! future roll. Every attempt is a chance node over its results with their exact odds; Zombie
//! Pawn's square and Trophy's draw are chance nodes over what is publicly possible.
//! Repetitions are keyed without the hands, so positions before the search and inside it
//! compare alike.
//!
//! **Hidden hands.** The other hand's size is public; its kinds are not. The engine samples a
//! fixed number of deals consistent with what is public ([`hidden`], seeded by the search's
//! seed), searches each deal as a game of perfect information, and plays the action with the
//! best value averaged over the deals — so it fears a Cancel or a Seize as often as the deals
//! hold one. Per deal, each root action's value is exact or an upper bound (alpha-beta at the
//! root); the action with the best average is re-searched where its values are only bounds
//! until it is exact in every deal, so the choice is the exact argmax of the average.
//!
//! **Search.** Iterative deepening (one action = one ply; answers in a response window are
//! free) to a level's node budget, with the core of [`search`]: alpha-beta at choice nodes,
//! *-minimax (Star1 and Star2) at chance nodes, a transposition table and move ordering.
//! **Evaluation**: [`eval`]. Budgets are in nodes and the work is done in whole units (one root
//! action in one deal), so a seed always gives the same choice however the search is sliced.
//!
//! **Levels.** [`limits`]: easy searches two actions deep over two deals with some noise;
//! normal and hard deepen until their node budgets (hard: more nodes and more deals).

pub mod eval;
pub mod hidden;
pub mod search;
pub mod v1;

use super::{Bots, Engine, Level, Step};
use crate::rules::chess::{Action, DiceRng, End, State};
pub use eval::evaluate;
use search::{Options, Searcher};

/// What bounds a level's search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The deepest iteration, in actions.
    pub max_depth: i32,
    /// Nodes after which no new unit of work starts; a unit running past one and a half times
    /// this is cut off (and the last finished depth decides).
    pub nodes: u64,
    /// How many deals of the hidden hand are searched.
    pub deals: usize,
    /// Seeded noise added to each root action's value (hundredths of a pawn, up to this).
    pub noise: f64,
}

/// The limits of each level.
pub fn limits(level: Level) -> Limits {
    match level {
        Level::Easy => Limits {
            max_depth: 2,
            nodes: 20_000,
            deals: 2,
            noise: 40.0,
        },
        Level::Normal => Limits {
            max_depth: 32,
            nodes: 50_000,
            deals: 2,
            noise: 0.0,
        },
        Level::Hard => Limits {
            max_depth: 32,
            nodes: 1_000_000,
            deals: 4,
            noise: 0.0,
        },
    }
}

/// Where the current depth's work stands.
#[derive(Clone, Copy, Debug)]
enum Cursor {
    /// Searching root action `action` in deal `deal`.
    Sweep { deal: usize, action: usize },
    /// Making the best average exact.
    Verify,
}

/// An incremental search for the side to act; see the module docs.
pub struct Search {
    deals: Vec<State>,
    actions: Vec<Action>,
    limits: Limits,
    searcher: Searcher,
    depth: i32,
    cursor: Cursor,
    /// `values[action][deal]`: the value, and whether it is exact (else an upper bound).
    values: Vec<Vec<(f64, bool)>>,
    best_in_deal: Vec<f64>,
    noise: Vec<f64>,
    /// The choice of the last finished depth, and every root action's average value then
    /// (exact for the choice, upper bounds possibly for the others).
    chosen: Option<Action>,
    averages: Vec<(Action, f64)>,
    decided: Option<Option<Action>>,
}

impl Search {
    /// A search with explicit limits (the levels use [`limits`]).
    pub fn with_limits(state: &State, limits: Limits, seed: u64) -> Search {
        let me = state.turn();
        let view = state.view_for(me);
        let mut rng = DiceRng::new(seed ^ 0x5EED_C4E5_0017_0000);
        let mut actions = view.legal_actions();
        for i in (1..actions.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            actions.swap(i, j);
        }
        let hidden = if view.scouted(me) {
            0
        } else {
            state.hand_size(me.other())
        };
        let deals = if hidden == 0 {
            vec![view.clone()]
        } else {
            hidden::deals(&view, me, hidden, limits.deals.max(1), rng.next_u64())
                .into_iter()
                .map(|hand| hidden::with_hand(&view, me, hand))
                .collect()
        };
        let noise = actions
            .iter()
            .map(|_| {
                if limits.noise > 0.0 {
                    search::squash((rng.below(2001) as f64 / 1000.0 - 1.0) * limits.noise)
                } else {
                    0.0
                }
            })
            .collect();
        let mut searcher = Searcher::new(&view.seen, Options::default());
        searcher.root = Some(me);
        searcher.hidden = (hidden > 0).then_some(me.other());
        // The searcher keeps the game's positions for repetitions: the deals need not copy
        // them at every node.
        let mut deals = deals;
        for deal in &mut deals {
            deal.seen = Vec::new();
        }
        searcher.limit = limits.nodes.saturating_add(limits.nodes / 2);
        let n = actions.len();
        let d = deals.len();
        let mut search = Search {
            deals,
            actions,
            limits,
            searcher,
            depth: 1,
            cursor: Cursor::Sweep { deal: 0, action: 0 },
            values: vec![vec![(0.0, false); d]; n],
            best_in_deal: vec![f64::NEG_INFINITY; d],
            noise,
            chosen: None,
            averages: Vec::new(),
            decided: None,
        };
        match n {
            0 => search.decided = Some(None),
            1 => search.decided = Some(Some(search.actions[0])),
            _ => {}
        }
        search
    }

    /// The deals searched (the other hand guessed in each).
    pub fn deals(&self) -> &[State] {
        &self.deals
    }

    fn decide(&mut self) {
        self.decided = Some(self.chosen.or(self.actions.first().copied()));
    }

    /// One unit of work: one root action searched in one deal.
    fn unit(&mut self) {
        let depth = self.depth;
        match self.cursor {
            Cursor::Sweep { deal, action } => {
                let (alpha, beta) = if action == 0 {
                    (f64::NEG_INFINITY, f64::INFINITY)
                } else {
                    (self.best_in_deal[deal], f64::INFINITY)
                };
                let a = self.actions[action];
                let v = self
                    .searcher
                    .action_value(&self.deals[deal], &a, depth, alpha, beta, 0);
                if self.searcher.aborted {
                    return self.decide();
                }
                let exact = action == 0 || v > alpha;
                self.values[action][deal] = (v, exact);
                if exact {
                    self.best_in_deal[deal] = self.best_in_deal[deal].max(v);
                }
                self.cursor = if action + 1 < self.actions.len() {
                    Cursor::Sweep {
                        deal,
                        action: action + 1,
                    }
                } else if deal + 1 < self.deals.len() {
                    Cursor::Sweep {
                        deal: deal + 1,
                        action: 0,
                    }
                } else {
                    Cursor::Verify
                };
            }
            Cursor::Verify => {
                let best = self.best_average();
                let loose = self.values[best].iter().position(|(_, exact)| !exact);
                match loose {
                    Some(deal) => {
                        let a = self.actions[best];
                        let v = self.searcher.action_value(
                            &self.deals[deal],
                            &a,
                            depth,
                            f64::NEG_INFINITY,
                            f64::INFINITY,
                            0,
                        );
                        if self.searcher.aborted {
                            return self.decide();
                        }
                        self.values[best][deal] = (v, true);
                    }
                    None => self.finish_depth(best),
                }
            }
        }
    }

    /// The action with the best average (exact values and upper bounds alike, plus noise);
    /// the first in the current order among equals.
    fn best_average(&self) -> usize {
        let mut best = 0;
        let mut score = f64::NEG_INFINITY;
        for i in 0..self.actions.len() {
            let s = self.average(i) + self.noise[i];
            if s > score {
                score = s;
                best = i;
            }
        }
        best
    }

    fn average(&self, i: usize) -> f64 {
        self.values[i].iter().map(|(v, _)| v).sum::<f64>() / self.deals.len() as f64
    }

    fn finish_depth(&mut self, best: usize) {
        let value = self.average(best);
        self.chosen = Some(self.actions[best]);
        self.averages = (0..self.actions.len())
            .map(|i| (self.actions[i], self.average(i)))
            .collect();
        // The next depth searches the best first, then the rest by this depth's averages.
        let mut order: Vec<usize> = (0..self.actions.len()).collect();
        order.sort_by(|&a, &b| {
            let key = |i: usize| {
                if i == best {
                    f64::INFINITY
                } else {
                    self.average(i) + self.noise[i]
                }
            };
            key(b).total_cmp(&key(a))
        });
        self.actions = order.iter().map(|&i| self.actions[i]).collect();
        self.noise = order.iter().map(|&i| self.noise[i]).collect();
        let d = self.deals.len();
        self.values = vec![vec![(0.0, false); d]; self.actions.len()];
        self.best_in_deal = vec![f64::NEG_INFINITY; d];
        self.cursor = Cursor::Sweep { deal: 0, action: 0 };
        let mate_found = value.abs() > search::EVAL_MAX;
        if self.depth >= self.limits.max_depth
            || self.searcher.nodes >= self.limits.nodes
            || mate_found
        {
            return self.decide();
        }
        self.depth += 1;
    }

    /// Searches for about `node_budget` more nodes (whole units); the decision once made.
    fn advance(&mut self, node_budget: u64) {
        let stop_at = self.searcher.nodes.saturating_add(node_budget.max(1));
        while self.decided.is_none() && self.searcher.nodes < stop_at {
            if self.searcher.nodes >= self.limits.nodes && self.chosen.is_some() {
                return self.decide();
            }
            self.unit();
        }
    }

    /// Each root action's value averaged over the deals at the last finished depth: exact for
    /// the choice, at least as high as the truth for the others.
    pub fn averages(&self) -> &[(Action, f64)] {
        &self.averages
    }

    /// The depth being searched (the last finished one is one less).
    pub fn depth(&self) -> i32 {
        self.depth
    }
}

impl Engine for Search {
    type Game = State;

    fn new(state: &State, level: Level, seed: u64) -> Search {
        Search::with_limits(state, limits(level), seed)
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
            .or(self.chosen)
            .or(self.actions.first().copied())
    }

    fn is_finished(&self) -> bool {
        self.decided.is_some()
    }

    fn nodes(&self) -> u64 {
        self.searcher.nodes
    }
}

impl Bots for State {
    type Engine = Search;

    /// The action with the best expected material gain one action ahead (attempts over their
    /// exact odds, Zombie Pawn over its squares), ties broken by the seed.
    fn greedy(&self, seed: u64) -> Option<Action> {
        let me = self.turn();
        let view = self.view_for(me);
        let balance = |s: &State| eval::material(s, me) - eval::material(s, me.other());
        let base = balance(&view);
        let mut rng = DiceRng::new(seed);
        let mut best: Option<(f64, u64, Action)> = None;
        for action in view.legal_actions() {
            let gain: f64 = search::outcomes(&view, &action)
                .iter()
                .map(|o| {
                    let mut next = view.clone();
                    next.play_chance(&action, o.result, o.chance);
                    o.p * (balance(&next) - base)
                })
                .sum();
            let tie = rng.next_u64();
            if best.is_none_or(|(g, t, _)| gain > g + 1e-9 || ((gain - g).abs() <= 1e-9 && tie > t))
            {
                best = Some((gain, tie, action));
            }
        }
        best.map(|(_, _, a)| a)
    }

    /// The first engine (issue #17 keeps it for one comparison).
    fn previous(&self, level: Level, seed: u64) -> Option<Action> {
        v1::choose(self, level, seed)
    }
}

/// Runs a whole search at once; `None` when the side to act has no legal action.
pub fn choose(state: &State, level: Level, seed: u64) -> Option<Action> {
    crate::ai::choose(state, level, seed)
}

/// Why a game of self-play ended (or that it was cut off).
pub fn end_name(end: Option<End>) -> &'static str {
    match end {
        Some(End::Mate { .. }) => "mate",
        Some(End::Stalemate) => "stalemate",
        Some(End::BareKings) => "bare kings",
        Some(End::Repetition) => "repetition",
        Some(End::NoProgress) => "no progress",
        None => "unfinished",
    }
}

#[cfg(test)]
mod tests;
