//! The engine's review of a replayed game: for every position, the engine's evaluation as an
//! expected score for the first side of [`Game::sides`] (South, ash, white), and for every
//! action what it lost against the engine's choice, from the mover's side. The work is done one
//! position at a time ([`Review::step`]), so a caller can run it in the background, show
//! progress and stop whenever it likes.
//!
//! # The score
//!
//! An expected score is in `[0, 1]`: 1 a win, 0 a loss, ½ even. A finished game scores its
//! result. Otherwise the engine searches the position with the review's fixed limits
//! ([`snelab_limits`], [`hive_limits`], [`chess_limits`]: modest, so a sixty-move game
//! reviews in seconds) and its score for the side to move is mapped:
//! - Snēlab and Ash & Walnut score in points: `1 / (1 + e^(-points / scale))`, the logistic
//!   with [`SNELAB_SCALE`] and [`HIVE_SCALE`] (a score of `scale` points is a 73 % chance); a
//!   win or loss found by the search is 1 or 0.
//! - Artifact Chess's engine already values a position as an expected result over the dice
//!   (its evaluation squashed within `±EVAL_MAX`, chance nodes averaging over the dice's exact
//!   odds): `(1 + v / EVAL_MAX) / 2`; a mate found is 1 or 0.
//!
//! Where the engine has nothing to search (one legal action, a Snēlab win on the spot) the
//! position scores as the one after that action; with no action at all, by the static
//! evaluation.
//!
//! # The loss
//!
//! An action's loss is the engine's score of its own choice minus the score of the action
//! played, both for the mover, never below 0; the engine's own choice loses nothing. The
//! played action's score is the next position's (the engine's evaluation one action on); an
//! Artifact Chess attempt is scored before its dice, as the average over its results with the
//! rules' exact odds, so a roll that went wrong is luck ([`super::luck`]), not a mistake.

use super::replay::{Line, Replay};
use crate::ai::{Engine, Step};
use crate::rules::Game;
use crate::rules::chess::{AttemptResult, State as ChessState};
use crate::rules::hive::state::State as HiveState;
use crate::rules::snelab::Position;

/// Points of Snēlab's evaluation worth a 73 % expected score (about a medium piece).
pub const SNELAB_SCALE: f64 = 40.0;
/// Points of Ash & Walnut's evaluation worth a 73 % expected score (about one more
/// neighbour on an Elder already pressed).
pub const HIVE_SCALE: f64 = 150.0;
/// The seed of every review search: a review gives the same numbers every time.
pub const SEED: u64 = 0;

/// The logistic of the score mapping: `points` of evaluation as an expected score.
pub fn logistic(points: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-points / scale).exp())
}

/// Snēlab's engine score (for the side to move) as an expected score.
pub fn snelab_expected(score: i32) -> f64 {
    use crate::ai::snelab::WIN_FOUND;
    if score > WIN_FOUND {
        1.0
    } else if score < -WIN_FOUND {
        0.0
    } else {
        logistic(score as f64, SNELAB_SCALE)
    }
}

/// Ash & Walnut's engine score (for the side to move) as an expected score.
pub fn hive_expected(score: i32) -> f64 {
    use crate::ai::hive::WON;
    if score >= WON {
        1.0
    } else if score <= -WON {
        0.0
    } else {
        logistic(score as f64, HIVE_SCALE)
    }
}

/// Artifact Chess's engine value (for the side to act) as an expected score.
pub fn chess_expected(value: f64) -> f64 {
    use crate::ai::chess::search::EVAL_MAX;
    if value > EVAL_MAX {
        1.0
    } else if value < -EVAL_MAX {
        0.0
    } else {
        (1.0 + value / EVAL_MAX) / 2.0
    }
}

/// The review's search limits for Snēlab.
pub fn snelab_limits() -> crate::ai::snelab::Limits {
    crate::ai::snelab::Limits {
        max_depth: 3,
        max_nodes: 20_000,
    }
}

/// The review's search limits for Ash & Walnut: no noise, no contempt.
pub fn hive_limits() -> crate::ai::hive::Limits {
    crate::ai::hive::Limits {
        max_depth: 2,
        node_cap: 20_000,
        noise: 0,
        contempt: 0,
        null_move: false,
        horizon_wins: false,
    }
}

/// The review's search limits for Artifact Chess: two actions deep, one deal of the hidden
/// hand, no noise.
pub fn chess_limits() -> crate::ai::chess::Limits {
    crate::ai::chess::Limits {
        max_depth: 2,
        nodes: 20_000,
        deals: 1,
        noise: 0.0,
    }
}

/// The engine's judgement of one position: the expected score for the side to move, and the
/// action it would play (`None` when the game is over or nothing can be played).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement<A> {
    pub score: f64,
    pub best: Option<A>,
}

/// A game the review can judge with its engine.
pub trait Reviewed: Game {
    /// The engine's judgement of `self` at the review's limits (not called on a finished game).
    fn judge_engine(&self) -> Judgement<Self::Action>;

    /// The static evaluation for the side to move, as an expected score.
    fn static_score(&self) -> f64;

    /// The mover's expected score of `action` played in `self` before any chance decides it,
    /// as `(probability, state after)` pairs: `None` for an action without chance (the next
    /// position of the line is used).
    fn chances(&self, action: &Self::Action) -> Option<Vec<(f64, Self)>> {
        let _ = action;
        None
    }
}

/// The finished game's score for the side to move, or `None` while it goes on.
fn final_score<G: Game>(state: &G) -> Option<f64> {
    let outcome = state.outcome()?;
    Some(match G::winner(&outcome) {
        None => 0.5,
        Some(w) if w == state.to_move() => 1.0,
        Some(_) => 0.0,
    })
}

/// The engine's judgement of any position: a finished game's result, or the engine's search.
/// Where the search has no score (one legal action, a win on the spot), the position after the
/// engine's action is scored instead; with no action, the static evaluation.
pub fn judge<G: Reviewed>(state: &G) -> Judgement<G::Action> {
    if let Some(score) = final_score(state) {
        return Judgement { score, best: None };
    }
    let j = state.judge_engine();
    if !j.score.is_nan() {
        return j;
    }
    let Some(best) = j.best else {
        return Judgement {
            score: state.static_score(),
            best: None,
        };
    };
    let score = match state.apply(&best) {
        Ok((after, _)) => {
            let s = final_score(&after).unwrap_or_else(|| after.static_score());
            if after.to_move() == state.to_move() {
                s
            } else {
                1.0 - s
            }
        }
        Err(_) => state.static_score(),
    };
    Judgement {
        score,
        best: Some(best),
    }
}

/// Runs an engine search to its end; its decision.
fn finish<E: Engine>(search: &mut E) -> Option<<E::Game as Game>::Action> {
    loop {
        match search.step(u64::MAX) {
            Step::Thinking => continue,
            Step::Chosen(a) => return Some(a),
            Step::NoAction => return None,
        }
    }
}

impl Reviewed for Position {
    fn judge_engine(&self) -> Judgement<Self::Action> {
        let mut search = crate::ai::snelab::Search::with_limits(self, snelab_limits(), SEED);
        let best = finish(&mut search);
        Judgement {
            score: search.score().map_or(f64::NAN, snelab_expected),
            best,
        }
    }

    fn static_score(&self) -> f64 {
        logistic(crate::ai::snelab::evaluate(self) as f64, SNELAB_SCALE)
    }
}

impl Reviewed for HiveState {
    fn judge_engine(&self) -> Judgement<Self::Action> {
        let mut search = crate::ai::hive::Search::with_limits(self, hive_limits(), SEED);
        let best = finish(&mut search);
        Judgement {
            score: search.score().map_or(f64::NAN, hive_expected),
            best,
        }
    }

    fn static_score(&self) -> f64 {
        let mut scratch = crate::rules::hive::movegen::Scratch::new();
        let points = crate::ai::hive::evaluate(self.board(), &mut scratch);
        logistic(points as f64, HIVE_SCALE)
    }
}

impl Reviewed for ChessState {
    fn judge_engine(&self) -> Judgement<Self::Action> {
        let mut search = crate::ai::chess::Search::with_limits(self, chess_limits(), SEED);
        let best = finish(&mut search);
        // The choice's average over the deals is exact ([`crate::ai::chess::Search::averages`]).
        let value = best.and_then(|b| {
            search
                .averages()
                .iter()
                .find(|(a, _)| *a == b)
                .map(|(_, v)| *v)
        });
        Judgement {
            score: value.map_or(f64::NAN, chess_expected),
            best,
        }
    }

    fn static_score(&self) -> f64 {
        let cp = crate::ai::chess::evaluate(self, self.turn());
        chess_expected(crate::ai::chess::search::squash(cp))
    }

    fn chances(&self, action: &Self::Action) -> Option<Vec<(f64, Self)>> {
        let odds = self.attempt_odds(action)?;
        let outcomes = AttemptResult::ALL
            .into_iter()
            .filter(|r| odds.of(*r).num > 0)
            .filter_map(|r| {
                let (after, _) = self.apply_with_result(action, r).ok()?;
                Some((odds.of(r).to_f64(), after))
            })
            .collect();
        Some(outcomes)
    }
}

/// How far a review has come: positions judged out of all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

/// An action that lost against the engine's choice.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake<A> {
    /// The action's index in the line (0: the first action).
    pub ply: usize,
    pub played: A,
    pub better: A,
    /// The played action's notation, and the better one's, in the position.
    pub played_text: String,
    pub better_text: String,
    /// What it cost the mover, in expected score (0..=1).
    pub loss: f64,
}

/// A review of one game's line, made position by position.
pub struct LineReview<G: Reviewed> {
    line: Line<G>,
    /// Per position judged: the expected score for the first side.
    points: Vec<f64>,
    /// Per position judged: the engine's choice and its score for the side to move.
    judged: Vec<Judgement<G::Action>>,
    /// Per action: the played action's expected score for its mover, once known.
    played: Vec<Option<f64>>,
}

impl<G: Reviewed> LineReview<G> {
    pub fn new(line: Line<G>) -> LineReview<G> {
        let n = line.actions.len();
        LineReview {
            line,
            points: Vec::new(),
            judged: Vec::new(),
            played: vec![None; n],
        }
    }

    pub fn line(&self) -> &Line<G> {
        &self.line
    }

    /// The expected score for the first side, as `G::sides()[0]` sees it, of a score for the
    /// side to move in `state`.
    fn for_first(state: &G, score: f64) -> f64 {
        if state.to_move() == G::sides()[0] {
            score
        } else {
            1.0 - score
        }
    }

    pub fn step(&mut self) -> Progress {
        let i = self.points.len();
        if let Some(state) = self.line.states.get(i) {
            let j = judge(state);
            self.points.push(Self::for_first(state, j.score));
            self.judged.push(j);
            // The action played here, when chance decides it: its average over the results.
            if let Some(action) = self.line.actions.get(i)
                && let Some(outcomes) = state.chances(action)
            {
                let mover = state.to_move();
                let value = outcomes
                    .iter()
                    .map(|(p, after)| {
                        let s = judge(after).score;
                        p * if after.to_move() == mover { s } else { 1.0 - s }
                    })
                    .sum();
                self.played[i] = Some(value);
            }
            // The action before, without chance: the score of this position for its mover.
            if i > 0 && self.played[i - 1].is_none() {
                let mover = self.line.states[i - 1].to_move();
                let first = self.points[i];
                self.played[i - 1] = Some(if mover == G::sides()[0] {
                    first
                } else {
                    1.0 - first
                });
            }
        }
        self.progress()
    }

    pub fn progress(&self) -> Progress {
        Progress {
            done: self.points.len(),
            total: self.line.states.len(),
        }
    }

    pub fn done(&self) -> bool {
        self.points.len() == self.line.states.len()
    }

    /// The expected score for the first side at each position judged so far.
    pub fn points(&self) -> &[f64] {
        &self.points
    }

    /// The engine's choice at position `i`, once judged.
    pub fn best(&self, i: usize) -> Option<G::Action> {
        self.judged.get(i).and_then(|j| j.best)
    }

    /// Action `ply`'s loss for its mover, once known (0 for the engine's own choice).
    pub fn loss(&self, ply: usize) -> Option<f64> {
        let j = self.judged.get(ply)?;
        let played = self.played.get(ply).copied().flatten()?;
        if j.best == Some(self.line.actions[ply]) {
            return Some(0.0);
        }
        Some((j.score - played).max(0.0))
    }

    /// The `n` actions with the largest losses known so far, largest first (ties: earliest
    /// first); actions that lost nothing are left out.
    pub fn mistakes(&self, n: usize) -> Vec<Mistake<G::Action>> {
        let mut all: Vec<Mistake<G::Action>> = (0..self.line.actions.len())
            .filter_map(|ply| {
                let loss = self.loss(ply)?;
                let better = self.best(ply)?;
                let state = &self.line.states[ply];
                (loss > 0.0).then(|| Mistake {
                    ply,
                    played: self.line.actions[ply],
                    better,
                    played_text: self.line.notation[ply].clone(),
                    better_text: state.action_text(&better),
                    loss,
                })
            })
            .collect();
        all.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.ply.cmp(&b.ply)));
        all.truncate(n);
        all
    }
}

/// A mistake of any game, its actions in notation.
#[derive(Clone, Debug, PartialEq)]
pub struct Blunder {
    pub ply: usize,
    pub played: String,
    pub better: String,
    pub loss: f64,
}

/// The review of a replay of any of the three games.
pub enum Review {
    Snelab(LineReview<Position>),
    Hive(LineReview<HiveState>),
    Chess(LineReview<ChessState>),
}

macro_rules! each {
    ($self:expr, $r:ident => $e:expr) => {
        match $self {
            Review::Snelab($r) => $e,
            Review::Hive($r) => $e,
            Review::Chess($r) => $e,
        }
    };
}

impl Review {
    pub fn new(replay: Replay) -> Review {
        match replay {
            Replay::Snelab(l) => Review::Snelab(LineReview::new(l)),
            Replay::Hive(l) => Review::Hive(LineReview::new(l)),
            Replay::Chess(l) => Review::Chess(LineReview::new(l)),
        }
    }

    /// Judges one more position (nothing once done).
    pub fn step(&mut self) -> Progress {
        each!(self, r => r.step())
    }

    /// Steps until done.
    pub fn run(&mut self) {
        while !self.done() {
            self.step();
        }
    }

    pub fn progress(&self) -> Progress {
        each!(self, r => r.progress())
    }

    pub fn done(&self) -> bool {
        each!(self, r => r.done())
    }

    /// The expected score for the first side (South, ash, white) at each position judged.
    pub fn points(&self) -> &[f64] {
        each!(self, r => r.points())
    }

    /// Action `ply`'s loss for its mover, once known.
    pub fn loss(&self, ply: usize) -> Option<f64> {
        each!(self, r => r.loss(ply))
    }

    /// The `n` largest mistakes so far, largest first, in notation.
    pub fn mistakes(&self, n: usize) -> Vec<Blunder> {
        each!(self, r => r
            .mistakes(n)
            .into_iter()
            .map(|m| Blunder {
                ply: m.ply,
                played: m.played_text,
                better: m.better_text,
                loss: m.loss,
            })
            .collect())
    }
}
