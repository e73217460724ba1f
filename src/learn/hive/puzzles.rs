//! Ash & Walnut's puzzles: surround the other Elder in one, two or three of your own moves
//! against any defence (`surround-1`, `surround-2`, `surround-3`), found in seeded engine games
//! and proved by the exact search of [`super::solve`].
//!
//! A puzzle is kept only where its answer is the one first move that surrounds the other Elder
//! in its number of moves, no move does it in fewer, and nothing else of the game can interfere
//! within its moves: no position of the game so far has occurred twice (so no line of at most
//! five plies can meet one a third time before it ends) and the ply limit is far.

use super::solve::{Solver, free_count, settled};
use super::{Answer, G, Puzzle, PuzzleSet};
use crate::ai::{Level, Player, seed_for};
use crate::rules::Game;
use crate::rules::hive::board::{Board, Move};
use crate::rules::hive::state::PLY_LIMIT;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

/// The most moves a puzzle asks of the player; also the depth [`check`] proves every answer to
/// (the player's moves, so up to five plies).
pub const DEPTH: u32 = 3;

/// The kind of a puzzle of `moves` moves.
pub fn kind(moves: u32) -> String {
    format!("surround-{moves}")
}

/// How generation goes.
#[derive(Clone, Debug)]
pub struct Options {
    pub count: usize,
    pub seed: u64,
}

/// Whether no position of `state`'s game so far has occurred twice, and the game is far enough
/// from the ply limit for a puzzle of `moves` moves: then neither the repetition rule nor the
/// limit can end a line of the puzzle before an Elder is surrounded.
pub fn history_is_quiet(state: &G, moves: u32) -> bool {
    if state.ply() + 2 * moves as usize >= PLY_LIMIT {
        return false;
    }
    let mut board = state.start().clone();
    let mut keys = Vec::with_capacity(state.ply());
    for m in state.moves() {
        board.apply(m);
        keys.push(board.position_key());
    }
    keys.sort_unstable();
    keys.windows(2).all(|w| w[0] != w[1])
}

/// The other side's longest defence in `board` (its move) against a player who has `left`
/// moves to surround its Elder: the reply after which the player needs the most moves (a reply
/// that escapes altogether first), the first such in the generator's order.
fn longest_defence(solver: &mut Solver, board: &mut Board, left: u32) -> Option<Move> {
    let me = board.to_move();
    let mut best: Option<(u32, Move)> = None;
    for m in solver.moves(board) {
        board.apply(m);
        let resist = match settled(board, me.other()) {
            Some(true) => 0,
            Some(false) => u32::MAX,
            None => solver.distance(board, left).unwrap_or(u32::MAX),
        };
        board.revert(m);
        if best.is_none_or(|(r, _)| resist > r) {
            best = Some((resist, m));
        }
    }
    best.map(|(_, m)| m)
}

/// The player's quickest surrounding move in `board` within `left` moves.
fn quickest(solver: &mut Solver, board: &mut Board, left: u32) -> Option<Move> {
    (1..=left).find_map(|j| solver.winning_moves(board, j).first().copied())
}

/// The whole line from `state` after the answer: the answer, the longest defence, the player's
/// quickest move, and so on until the other Elder is surrounded, each in its own position's
/// notation.
fn line(solver: &mut Solver, state: &G, answer: Move, moves: u32) -> Vec<String> {
    let mut state = state.clone();
    let mut out = vec![state.action_text(&answer)];
    let mut next = answer;
    let mut left = moves;
    while let Ok((after, _)) = state.apply(&next) {
        state = after;
        left -= 1;
        if state.outcome().is_some() || left == 0 {
            break;
        }
        let mut board = state.board().clone();
        let Some(defence) = longest_defence(solver, &mut board, left) else {
            break;
        };
        out.push(state.action_text(&defence));
        let Ok((after, _)) = state.apply(&defence) else {
            break;
        };
        state = after;
        let mut board = state.board().clone();
        let Some(m) = quickest(solver, &mut board, left) else {
            break;
        };
        out.push(state.action_text(&m));
        next = m;
    }
    out
}

/// What the exact search says of `state` for the side to move: the puzzle it makes, if any,
/// among the kinds still `wanted` (by moves, 1 to 3).
fn find(solver: &mut Solver, state: &G, wanted: [bool; 3]) -> Option<(u32, Move)> {
    let me = state.to_move();
    let free = free_count(state.board(), me.other());
    let mut board = state.board().clone();
    // Mate in one needs one free cell; two moves, at most three (see `solve`); three moves are
    // looked for only where the other Elder is as hemmed in (the search needs no fewer).
    if free > 3 {
        return None;
    }
    let w1 = if free == 1 {
        solver.winning_moves(&mut board, 1)
    } else {
        Vec::new()
    };
    if !w1.is_empty() {
        return (wanted[0] && w1.len() == 1).then(|| (1, w1[0]));
    }
    if !(wanted[1] || wanted[2]) {
        return None;
    }
    let w2 = solver.winning_moves(&mut board, 2);
    if !w2.is_empty() {
        return (wanted[1] && w2.len() == 1).then(|| (2, w2[0]));
    }
    if !wanted[2] {
        return None;
    }
    let w3 = solver.winning_moves(&mut board, 3);
    (w3.len() == 1).then(|| (3, w3[0]))
}

/// One seeded game: a few random moves to vary the opening, then the engine at `level` for
/// both sides, to the end. Every position of it, in order.
fn game(seed: u64, level: Level) -> Vec<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let random_plies = rng.random_range(2..=6);
    let mut state = G::new();
    let mut out = vec![state.clone()];
    for ply in 0..PLY_LIMIT as u64 {
        if state.outcome().is_some() {
            break;
        }
        let decision = seed_for(seed, ply);
        let player = if ply < random_plies {
            Player::Random
        } else {
            Player::Engine(level)
        };
        let Some(m) = player.choose(&state, decision) else {
            break;
        };
        let Ok((next, _)) = state.apply(&m) else {
            break;
        };
        state = next;
        out.push(state.clone());
    }
    out
}

/// Finds `options.count` puzzles in seeded engine games: a third of them `surround-1`, a sixth
/// `surround-3`, the rest `surround-2`; one from a game (its first position that makes a puzzle
/// of a kind still wanted), never the same position twice, and no creature moving in more than
/// two fifths of the answers of a kind. The same seed gives the same set.
pub fn generate(options: &Options) -> PuzzleSet {
    let count = options.count;
    let quota = [count / 3, count - count / 3 - count / 6, count / 6];
    let mut found: [Vec<Puzzle>; 3] = Default::default();
    let mut seen = BTreeSet::new();
    let mut by_creature = [[0usize; 5]; 3];
    let mut solver = Solver::new();
    let mut games = 0u64;
    while (0..3).any(|i| found[i].len() < quota[i]) && games < 20_000 {
        let seed = seed_for(options.seed, games);
        // Mostly the quick engine; every fourth game the table's normal bot, for positions
        // that look like a careful game.
        let level = if games % 4 == 3 {
            Level::Normal
        } else {
            Level::Easy
        };
        games += 1;
        let positions = game(seed, level);
        for (ply, state) in positions.iter().enumerate() {
            if ply < 6 || state.outcome().is_some() {
                continue;
            }
            let wanted = [0, 1, 2].map(|i| found[i].len() < quota[i]);
            let Some((moves, answer)) = find(&mut solver, state, wanted) else {
                continue;
            };
            // Variety: no creature answers more than two fifths of a kind.
            let creature = answer.piece().map_or(0, |p| p.creature().index());
            let cap = (quota[moves as usize - 1] * 2).div_ceil(5).max(2);
            if by_creature[moves as usize - 1][creature] >= cap
                || !history_is_quiet(state, moves)
                || !seen.insert(state.board().position_key())
            {
                continue;
            }
            by_creature[moves as usize - 1][creature] += 1;
            let puzzle = Puzzle {
                id: String::new(),
                kind: kind(moves),
                position: state.position_text(),
                answer: state.action_text(&answer),
                line: line(&mut solver, state, answer, moves),
                moves,
                odds: None,
                next_best: None,
            };
            found[moves as usize - 1].push(puzzle);
            break;
        }
    }
    let mut puzzles: Vec<Puzzle> = found.into_iter().flatten().collect();
    for (i, p) in puzzles.iter_mut().enumerate() {
        p.id = format!("hive-{:03}", i + 1);
    }
    PuzzleSet {
        game: "hive".into(),
        seed: options.seed,
        depth: DEPTH,
        puzzles,
    }
}

/// The puzzle's position and answer, read back.
fn read(puzzle: &Puzzle) -> Result<(G, Move), String> {
    let state = G::parse_position(&puzzle.position)
        .map_err(|e| format!("{}: the position does not read: {e}", puzzle.id))?;
    let answer = state
        .parse_action(&puzzle.answer)
        .map_err(|e| format!("{}: the answer `{}`: {e}", puzzle.id, puzzle.answer))?;
    Ok((state, answer))
}

/// Checks a puzzle from scratch: its position reads and is on, nothing but the Elders can end
/// a line of it ([`history_is_quiet`]), its kind fits its moves, its answer surrounds the other
/// Elder within its moves against every defence, no move does it in fewer, and no other first
/// move does it in as many. The line must play out legally to a surrounded Elder.
pub fn check(puzzle: &Puzzle) -> Result<(), String> {
    let id = &puzzle.id;
    let n = puzzle.moves;
    if !(1..=DEPTH).contains(&n) {
        return Err(format!("{id}: {n} moves is outside 1..={DEPTH}"));
    }
    if puzzle.kind != kind(n) {
        return Err(format!("{id}: kind `{}` for {n} moves", puzzle.kind));
    }
    let (state, answer) = read(puzzle)?;
    if state.outcome().is_some() {
        return Err(format!("{id}: the game is over"));
    }
    if !history_is_quiet(&state, n) {
        return Err(format!(
            "{id}: a repetition or the ply limit could end a line"
        ));
    }
    let me = state.to_move();
    let mut solver = Solver::new();
    let mut board = state.board().clone();
    if n > 1 && solver.mates(&mut board, n - 1) {
        return Err(format!("{id}: the Elder can be surrounded in fewer moves"));
    }
    for m in solver.moves(&board) {
        board.apply(m);
        let wins = match settled(&board, me) {
            Some(won) => won,
            None => n > 1 && !solver.holds(&mut board, n - 1),
        };
        board.revert(m);
        match (m == answer, wins) {
            (true, false) => {
                return Err(format!("{id}: the answer does not surround in {n}"));
            }
            (false, true) => {
                return Err(format!(
                    "{id}: {} also surrounds in {n}",
                    state.action_text(&m)
                ));
            }
            _ => {}
        }
    }
    check_line(puzzle, &state)
}

/// The puzzle's line: the answer first, the sides in turn, every move legal in its position,
/// and the other Elder surrounded at its end, within the puzzle's moves.
fn check_line(puzzle: &Puzzle, state: &G) -> Result<(), String> {
    let id = &puzzle.id;
    if puzzle.line.first() != Some(&puzzle.answer) {
        return Err(format!("{id}: the line does not start with the answer"));
    }
    if puzzle.line.len() != 2 * puzzle.moves as usize - 1 {
        return Err(format!(
            "{id}: a line of {} plies for {} moves",
            puzzle.line.len(),
            puzzle.moves
        ));
    }
    let me = state.to_move();
    let mut state = state.clone();
    for text in &puzzle.line {
        let m = state
            .parse_action(text)
            .map_err(|e| format!("{id}: the line's `{text}`: {e}"))?;
        state = state
            .apply(&m)
            .map_err(|e| format!("{id}: the line's `{text}`: {e}"))?
            .0;
    }
    if settled(state.board(), me) != Some(true) {
        return Err(format!("{id}: the line does not surround the Elder"));
    }
    Ok(())
}

/// A try at `puzzle`: `action` in `state`, the player's `ply`-th move of it (0 first). The
/// first must be the answer; a later one, any move that still surrounds the other Elder within
/// the moves left against any defence.
pub fn judge(puzzle: &Puzzle, state: &G, action: &Move, ply: u32) -> Answer {
    if ply >= puzzle.moves || state.check(action).is_err() {
        return Answer::Wrong;
    }
    let me = state.to_move();
    let left = puzzle.moves - ply;
    if ply == 0 {
        match read(puzzle) {
            Ok((start, answer)) if answer == *action && start.board() == state.board() => {}
            _ => return Answer::Wrong,
        }
    }
    let mut board = state.board().clone();
    board.apply(*action);
    match settled(&board, me) {
        Some(true) => Answer::Solved,
        Some(false) => Answer::Wrong,
        None if left > 1 && !Solver::new().holds(&mut board, left - 1) => Answer::Right,
        None => Answer::Wrong,
    }
}

/// The other side's answer in `state`, after the player's `ply`-th move (0 first) of a puzzle
/// of several moves: the line's own reply where the player followed the line, otherwise the
/// longest defence. `None` once the puzzle is over.
pub fn reply(puzzle: &Puzzle, state: &G, ply: u32) -> Option<Move> {
    if state.outcome().is_some() || ply + 1 >= puzzle.moves {
        return None;
    }
    let left = puzzle.moves - ply - 1;
    if let Ok((mut on_line, _)) = read(puzzle) {
        let played = 2 * ply as usize + 1;
        let mut followed = puzzle.line.len() > played;
        for text in puzzle.line.iter().take(played) {
            match on_line.parse_action(text).map(|m| on_line.apply(&m)) {
                Ok(Ok((next, _))) => on_line = next,
                _ => {
                    followed = false;
                    break;
                }
            }
        }
        if followed
            && on_line.board() == state.board()
            && let Ok(m) = state.parse_action(&puzzle.line[played])
        {
            return Some(m);
        }
    }
    longest_defence(&mut Solver::new(), &mut state.board().clone(), left)
}
