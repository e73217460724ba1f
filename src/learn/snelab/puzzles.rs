//! Snēlab's puzzles: positions from seeded self-play in which exactly one action wins by force.
//!
//! **What "wins" means.** An action *wins within `n` plies* when, whatever the other side
//! answers, the player's side lands a piece on its Bench or leaves the other side without a
//! legal action by its own `(n + 1) / 2`-th action, every answer looked at ([`Prover`], an
//! exhaustive search, not the engine's score). A puzzle of `moves` = m asks for a win within
//! 2m − 1 plies, and [`check`] verifies, from the position text alone:
//! - the answer is legal, written as the game writes it, and wins within 2m − 1 plies;
//! - the position has no quicker forced win (no action wins within 2m − 3 plies);
//! - **uniqueness**: every other legal action of the position is proved *not* to win within
//!   2m − 1 plies (each refuted by some answer of the other side);
//! - the kind holds: `only-payment`: the answer is a capture, and the same capture (the same
//!   piece onto the same square) has at least one other payment, which therefore does not win;
//!   `unpayable`: one of the player's pieces has a route onto an enemy piece it cannot pay for
//!   (the table's "can't pay" badge), and that capture is tempting: it would land on the Bench,
//!   or take a piece that lands on the player's Counter with its next action;
//! - the answer is not a plain move onto the Bench (the table's green dot shows that one);
//! - the line (answer, the other side's best defence, the player's win) is legal and ends in a
//!   win.
//!
//! m is 1 or 2, so the check looks at most [`DEPTH`] = 3 plies deep (`PuzzleSet.depth`).

use super::G;
use super::prove::Prover;
use crate::ai::{Level, choose, random};
use crate::learn::{Answer, Puzzle, PuzzleSet};
use crate::rules::Game;
use crate::rules::snelab::{Action, Position, Side, Square, apply_unchecked, legal_actions, reach};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// The deepest check, in plies: a puzzle of two of the player's moves.
pub const DEPTH: u32 = 3;
/// The most moves of the player a puzzle asks for.
pub const MAX_MOVES: u32 = DEPTH.div_ceil(2);

pub const ONLY_PAYMENT: &str = "only-payment";
pub const UNPAYABLE: &str = "unpayable";

/// How puzzles are generated.
#[derive(Clone, Debug)]
pub struct Options {
    pub count: usize,
    pub seed: u64,
}

/// The plies a puzzle of `moves` of the player's actions takes.
fn plies(moves: u32) -> u32 {
    2 * moves - 1
}

/// The player's actions that win within the fewest plies (up to [`DEPTH`]), and how many moves
/// that is; empty when nothing wins within the depth.
fn winners(pos: &Position, prover: &mut Prover) -> (Vec<Action>, u32) {
    let actions = legal_actions(pos);
    for moves in 1..=MAX_MOVES {
        let won: Vec<Action> = actions
            .iter()
            .filter(|a| prover.wins_by(pos, a, plies(moves)))
            .copied()
            .collect();
        if !won.is_empty() {
            return (won, moves);
        }
    }
    (Vec::new(), 0)
}

/// Whether the same piece onto the same square has another payment than `answer`'s.
fn other_payment(pos: &Position, answer: &Action) -> bool {
    answer.is_capture()
        && legal_actions(pos)
            .iter()
            .any(|a| a != answer && a.from() == answer.from() && a.to() == answer.to())
}

/// A capture the player's side cannot pay for that it would like to make: `(from, to)`.
pub fn tempting_unpayable(pos: &Position) -> Option<(Square, Square)> {
    let me = pos.to_move();
    let court = pos.court();
    for (from, piece) in pos.pieces() {
        if piece.side != me {
            continue;
        }
        for to in reach(pos, from).cant_pay {
            if to.row == court.bench_row(me) || can_land_on_bench(pos, to) {
                return Some((from, to));
            }
        }
    }
    None
}

/// Whether the piece on `sq` could land on its own Bench with its next action.
pub fn can_land_on_bench(pos: &Position, sq: Square) -> bool {
    let Some(piece) = pos.get(sq) else {
        return false;
    };
    let bench = pos.court().bench_row(piece.side);
    let r = reach(pos, sq);
    r.moves.iter().chain(&r.captures).any(|s| s.row == bench)
}

/// A plain move onto the Bench: the table shows it with a green dot, no puzzle in that.
fn plain_landing(pos: &Position, answer: &Action) -> bool {
    !answer.is_capture() && answer.to().row == pos.court().bench_row(pos.to_move())
}

/// Which kind of puzzle `answer` makes in `pos`, if any.
fn kind_of(pos: &Position, answer: &Action) -> Option<&'static str> {
    if plain_landing(pos, answer) {
        None
    } else if other_payment(pos, answer) {
        Some(ONLY_PAYMENT)
    } else if tempting_unpayable(pos).is_some() {
        Some(UNPAYABLE)
    } else {
        None
    }
}

/// The other side's best defence in `state` (its turn), with the player left `left` plies: the
/// answer after which the player's quickest forced win is slowest, then the one that leaves the
/// player the fewest winning actions, then the first in the rules' order. `None` when it has no
/// action or the case is over.
fn defence(state: &Position, left: u32, prover: &mut Prover) -> Option<Action> {
    if state.outcome().is_some() {
        return None;
    }
    let mut best: Option<(Action, (u32, usize))> = None;
    for r in legal_actions(state) {
        let after = apply_unchecked(state, &r);
        let score = if after.outcome().is_some() {
            // The defender wins on the spot: nothing is better.
            (u32::MAX, usize::MAX)
        } else {
            let mut quickest = None;
            for n in (1..=left).step_by(2) {
                if prover.wins_within(&after, n) {
                    quickest = Some(n);
                    break;
                }
            }
            match quickest {
                None => (u32::MAX - 1, 0),
                Some(n) => {
                    let ways = legal_actions(&after)
                        .iter()
                        .filter(|a| prover.wins_by(&after, a, n))
                        .count();
                    (n, usize::MAX - 1 - ways)
                }
            }
        };
        if best.as_ref().is_none_or(|(_, s)| score > *s) {
            best = Some((r, score));
        }
    }
    best.map(|(r, _)| r)
}

/// The player's action that wins within `left` plies, the quickest first, then the first in the
/// rules' order.
fn finisher(state: &Position, left: u32, prover: &mut Prover) -> Option<Action> {
    let actions = legal_actions(state);
    (1..=left).step_by(2).find_map(|n| {
        actions
            .iter()
            .find(|a| prover.wins_by(state, a, n))
            .copied()
    })
}

/// The whole line from `pos`: the answer, the best defence, the player's next winning action …
fn line(pos: &Position, answer: &Action, moves: u32, prover: &mut Prover) -> Vec<String> {
    let mut out = vec![pos.action_text(answer)];
    let mut state = apply_unchecked(pos, answer);
    for k in 1..moves {
        if state.outcome().is_some() {
            break;
        }
        let Some(r) = defence(&state, plies(moves - k), prover) else {
            break;
        };
        out.push(state.action_text(&r));
        state = apply_unchecked(&state, &r);
        let Some(a) = finisher(&state, plies(moves - k), prover) else {
            break;
        };
        out.push(state.action_text(&a));
        state = apply_unchecked(&state, &a);
    }
    out
}

/// One puzzle found in `pos`, if `pos` holds one.
fn find(pos: &Position, prover: &mut Prover) -> Option<(Action, u32, &'static str)> {
    if pos.outcome().is_some() || legal_actions(pos).len() < 2 {
        return None;
    }
    let (won, moves) = winners(pos, prover);
    let [answer] = won[..] else {
        return None;
    };
    kind_of(pos, &answer).map(|kind| (answer, moves, kind))
}

/// Finds `options.count` puzzles in self-play from the opening, deterministic for the seed:
/// games where each side plays the easy engine, the greedy player or a random action (more
/// often random early on), every position looked at, at most two puzzles from one game, kinds
/// and lengths kept in balance while both are found.
pub fn generate(options: &Options) -> PuzzleSet {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let mut found: Vec<Puzzle> = Vec::new();
    let mut seen = HashSet::new();
    // Quotas per (kind, moves) so that the set is varied; relaxed when a kind runs dry.
    let buckets = [
        (ONLY_PAYMENT, 1),
        (ONLY_PAYMENT, 2),
        (UNPAYABLE, 1),
        (UNPAYABLE, 2),
    ];
    let quota = options.count.div_ceil(buckets.len());
    let max_games = 400 + options.count * 200;
    for game in 0..max_games {
        if found.len() >= options.count {
            break;
        }
        // After most of the games are spent, any kind fills the set.
        let strict = game < max_games * 9 / 10;
        let mut pos = Position::start();
        if rng.random_bool(0.5) {
            pos.set_to_move(Side::North);
        }
        let randomness = rng.random_range(0.05..0.45);
        let mut from_game = 0;
        let mut ply = 0u64;
        while pos.outcome().is_none() && from_game < 2 && found.len() < options.count {
            let mut prover = Prover::new();
            if ply >= 4
                && let Some((answer, moves, kind)) = find(&pos, &mut prover)
            {
                let text = pos.position_text();
                let bucket = buckets.iter().position(|b| *b == (kind, moves));
                let full = bucket.is_some_and(|_| {
                    found
                        .iter()
                        .filter(|p| p.kind == kind && p.moves == moves)
                        .count()
                        >= quota
                });
                if !(strict && full) && seen.insert(text.clone()) {
                    let line = line(&pos, &answer, moves, &mut prover);
                    found.push(Puzzle {
                        id: String::new(),
                        kind: kind.into(),
                        position: text,
                        answer: pos.action_text(&answer),
                        line,
                        moves,
                        odds: None,
                        next_best: None,
                    });
                    from_game += 1;
                }
            }
            let seed = rng.random::<u64>();
            let early = if ply < 6 { 0.5 } else { 0.0 };
            let action = if rng.random_bool(randomness + early) {
                random(&pos, seed)
            } else if rng.random_bool(0.5) {
                crate::ai::snelab::greedy(&pos, seed)
            } else {
                choose(&pos, Level::Easy, seed)
            };
            let Some(action) = action else { break };
            pos = apply_unchecked(&pos, &action);
            ply += 1;
        }
    }
    // Shorter puzzles first, then the order found; ids by place.
    found.sort_by_key(|p| p.moves);
    for (i, p) in found.iter_mut().enumerate() {
        p.id = format!("snelab-{:03}", i + 1);
    }
    PuzzleSet {
        game: "snelab".into(),
        seed: options.seed,
        depth: DEPTH,
        puzzles: found,
    }
}

/// Whether the puzzle is right (see the module's words), from its text alone.
pub fn check(puzzle: &Puzzle) -> Result<(), String> {
    let id = &puzzle.id;
    let pos = G::parse_position(&puzzle.position)
        .map_err(|e| format!("{id}: the position does not read: {e}"))?;
    if pos.outcome().is_some() {
        return Err(format!("{id}: the case is already over"));
    }
    if !(1..=MAX_MOVES).contains(&puzzle.moves) {
        return Err(format!(
            "{id}: {} moves is beyond the check's depth of {DEPTH} plies",
            puzzle.moves
        ));
    }
    let answer = pos
        .parse_action(&puzzle.answer)
        .map_err(|e| format!("{id}: the answer does not read: {e}"))?;
    pos.check(&answer)
        .map_err(|e| format!("{id}: the answer {} is not legal: {e}", puzzle.answer))?;
    if pos.action_text(&answer) != puzzle.answer {
        return Err(format!(
            "{id}: the answer is not written as the game writes it"
        ));
    }
    let n = plies(puzzle.moves);
    let mut prover = Prover::new();
    if !prover.wins_by(&pos, &answer, n) {
        return Err(format!(
            "{id}: {} does not win within {n} plies",
            puzzle.answer
        ));
    }
    if n > 1 && prover.wins_within(&pos, n - 2) {
        return Err(format!("{id}: a quicker win than {n} plies exists"));
    }
    for a in legal_actions(&pos) {
        if a != answer && prover.wins_by(&pos, &a, n) {
            return Err(format!(
                "{id}: {} wins within {n} plies too",
                pos.action_text(&a)
            ));
        }
    }
    if plain_landing(&pos, &answer) {
        return Err(format!("{id}: the answer is a plain move onto the Bench"));
    }
    match puzzle.kind.as_str() {
        ONLY_PAYMENT if !other_payment(&pos, &answer) => {
            return Err(format!("{id}: the answer's capture has no other payment"));
        }
        UNPAYABLE if tempting_unpayable(&pos).is_none() => {
            return Err(format!("{id}: no tempting capture that cannot be paid"));
        }
        ONLY_PAYMENT | UNPAYABLE => {}
        other => return Err(format!("{id}: unknown kind `{other}`")),
    }
    check_line(puzzle, &pos, n).map_err(|e| format!("{id}: the line: {e}"))
}

fn check_line(puzzle: &Puzzle, pos: &Position, n: u32) -> Result<(), String> {
    if puzzle.line.len() != n as usize || puzzle.line.first() != Some(&puzzle.answer) {
        return Err(format!(
            "{} actions, not {n} from the answer",
            puzzle.line.len()
        ));
    }
    let mut state = pos.clone();
    for text in &puzzle.line {
        if state.outcome().is_some() {
            return Err(format!("{text} comes after the verdict"));
        }
        let a = state
            .parse_action(text)
            .map_err(|e| format!("{text}: {e}"))?;
        state = state.apply(&a).map_err(|e| format!("{text}: {e}"))?.0;
    }
    match state.outcome() {
        Some(v) if v.winner == pos.to_move() => Ok(()),
        _ => Err("it does not end in the player's win".into()),
    }
}

/// A try at `puzzle`: `action` played in `state`, the player's `ply`-th action (0 first).
/// The first must be the answer; a later one is right when it still wins within the moves left.
pub fn judge(puzzle: &Puzzle, state: &Position, action: &Action, ply: u32) -> Answer {
    if ply >= puzzle.moves || state.check(action).is_err() {
        return Answer::Wrong;
    }
    if ply == 0 && state.parse_action(&puzzle.answer).ok() != Some(*action) {
        return Answer::Wrong;
    }
    let left = plies(puzzle.moves - ply);
    if !Prover::new().wins_by(state, action, left) {
        return Answer::Wrong;
    }
    let after = apply_unchecked(state, action);
    match after.outcome() {
        Some(v) if v.winner == state.to_move() => Answer::Solved,
        _ => Answer::Right,
    }
}

/// The other side's best defence in `state` after the player's `ply`-th action; `None` once the
/// puzzle is over.
pub fn reply(puzzle: &Puzzle, state: &Position, ply: u32) -> Option<Action> {
    if ply + 1 >= puzzle.moves {
        return None;
    }
    defence(state, plies(puzzle.moves - ply - 1), &mut Prover::new())
}
