//! Artifact Chess's puzzles: one kind, `best-odds` — "find the attack or card with the best
//! odds of winning material".
//!
//! **The definition.** Material is counted in the army's points (pawn 1, knight 3, bishop 3,
//! rook 5, king 0), a wounded piece at half its points (it dies to any attempt); the player's
//! *balance* is their material minus the other side's. An action's **chance** is the
//! probability that the player's balance is higher than now after:
//! 1. the action, over every result of its dice with their exact odds
//!    ([`State::attempt_odds`]) — success, wound, miss — (and over Zombie Pawn's squares or
//!    Trophy's draws, each equally likely, though puzzle positions hold neither card), and then
//! 2. the other side's best reply for it: of all its legal actions, the one that gives the
//!    lowest chance, each again over its exact dice.
//!
//! If the game ends right after the action, a mate of the other side counts as a success and
//! any other end as none. The position after the reply is judged by material alone. When the
//! player acts again after the action (a failed attempt that leaves their king in check) there
//! is no reply; puzzle positions never start in check, so that does not happen at the root.
//!
//! That is a search of **two plies** ([`DEPTH`], the set's `depth`): the player's action and the
//! other side's reply, each with all of its dice. The **answer** is the action with the highest
//! chance; it must be an attempt or a card (never a quiet move), at least [`MARGIN`] (5
//! percentage points) above every other legal action's chance, and at least [`LEAST`]; and some
//! other attack or card must have a chance above zero, so there is a choice of odds. The
//! puzzle keeps the answer's chance (`odds`) and the best other action's (`next_best`).
//!
//! **Positions** come from seeded self-play (greedy and random players from
//! `Game::opening`), taken where the side to act is not in check and no window is open. The
//! other side's hand is emptied (the player sees no hidden card, and the reply is a board
//! action), and the player's Trophy and Zombie Pawn are taken out (their chance is no attack).
//! The position string keeps all that the chance needs: wounds, shields, Heirs, impassable
//! squares, hands. [`check`] reads the position back from its text and counts every action's
//! chance again, from scratch. The generator is deterministic for its seed.

use super::G;
use crate::ai::Bots;
use crate::learn::{Answer, Puzzle, PuzzleSet};
use crate::rules::Game;
use crate::rules::chess::{
    Action, Artifact, AttemptResult, CardChance, Colour, DiceRng, Play, Role, card_chances,
};

/// The puzzle kind (its task is `learn.puzzle.kind.best-odds`).
pub const KIND: &str = "best-odds";
/// Plies searched: the player's action and the other side's reply.
pub const DEPTH: u32 = 2;
/// How far the answer's chance must be above every other action's.
pub const MARGIN: f64 = 0.05;
/// The least chance an answer has.
pub const LEAST: f64 = 0.25;

/// The player's balance: their material minus the other side's, a wounded piece at half.
pub fn balance(state: &G, side: Colour) -> f64 {
    state
        .board()
        .pieces()
        .map(|(_, p)| {
            let v = p.role.points() as f64 * if p.wounded { 0.5 } else { 1.0 };
            if p.colour == side { v } else { -v }
        })
        .sum()
}

/// Every result of a legal `action` with its exact probability, and the state after it (the
/// state's own generator is not used). The end of the game is not judged.
fn results(state: &G, action: &Action) -> Vec<(f64, G)> {
    let after = |result: Option<AttemptResult>, chance: Option<CardChance>| {
        let mut next = state.clone();
        next.play_chance(action, result, chance);
        next
    };
    if let Some(odds) = state.attempt_odds(action) {
        return odds
            .outcomes()
            .map(|(r, f)| (f.to_f64(), after(Some(r), None)))
            .collect();
    }
    if let Action::Play(p @ (Play::ZombiePawn | Play::Trophy)) = action {
        return card_chances(state, p)
            .into_iter()
            .map(|(c, f)| (f.to_f64(), after(None, Some(c))))
            .collect();
    }
    vec![(1.0, after(None, None))]
}

/// Whether `action` can change material at all (a quiet move cannot, nor can a card that only
/// moves a piece to an empty square without promoting).
fn touches_material(state: &G, action: &Action) -> bool {
    match action {
        Action::Move { promotion, .. } => promotion.is_some(),
        Action::Pass => false,
        Action::Attempt { .. } | Action::Heal { .. } => true,
        Action::Play(p) => match p.card_move() {
            Some(m) => m.attack || m.promotion.is_some() || state.attempt_odds(action).is_some(),
            None => !matches!(p, Play::Scouting | Play::Seize(_) | Play::Restriction(_)),
        },
    }
}

/// The chance of `action` (see the module docs) for the side to act in `state`.
pub fn chance(state: &G, action: &Action) -> f64 {
    let me = state.turn();
    let base = balance(state, me);
    let ahead = |s: &G| {
        if balance(s, me) > base + 1e-9 {
            1.0
        } else {
            0.0
        }
    };
    results(state, action)
        .into_iter()
        .map(|(p, next)| {
            if next.turn() == me {
                return p * ahead(&next);
            }
            if next.drawn_by_rule().is_some() {
                return 0.0;
            }
            let replies = next.legal_actions();
            if replies.is_empty() {
                return if next.in_check() { p } else { 0.0 };
            }
            // A reply that cannot change material leaves the balance as it is now.
            let now = ahead(&next);
            let mut worst = f64::INFINITY;
            for reply in &replies {
                let v = if touches_material(&next, reply) {
                    results(&next, reply)
                        .iter()
                        .map(|(q, last)| q * ahead(last))
                        .sum()
                } else {
                    now
                };
                worst = worst.min(v);
                if worst == 0.0 {
                    break;
                }
            }
            p * worst
        })
        .sum()
}

/// Every legal action of the side to act with its chance, best first (ties in the order of
/// the legal actions).
pub fn ranked(state: &G) -> Vec<(Action, f64)> {
    let mut all: Vec<(Action, f64)> = state
        .legal_actions()
        .into_iter()
        .map(|a| (a, chance(state, &a)))
        .collect();
    all.sort_by(|a, b| b.1.total_cmp(&a.1));
    all
}

/// An attempt or a card: what a `best-odds` answer must be.
fn is_play(action: &Action) -> bool {
    matches!(action, Action::Attempt { .. } | Action::Play(_))
}

/// The puzzle `state` makes, if it has one answer (without its id).
fn puzzle_at(state: &G) -> Option<Puzzle> {
    if state.end().is_some() || state.in_check() || state.window().is_some() {
        return None;
    }
    let ranked = ranked(state);
    let (answer, odds) = *ranked.first()?;
    let next_best = ranked.get(1).map_or(0.0, |r| r.1);
    // A real choice: another attack or card with some chance, and a clear best.
    let rivals = ranked[1..]
        .iter()
        .filter(|(a, c)| is_play(a) && *c > 0.0)
        .count();
    if !is_play(&answer) || odds < LEAST || odds < next_best + MARGIN || rivals == 0 {
        return None;
    }
    let text = state.action_text(&answer);
    Some(Puzzle {
        id: String::new(),
        kind: KIND.into(),
        position: state.position_text(),
        answer: text.clone(),
        line: vec![text],
        moves: 1,
        odds: Some(odds),
        next_best: Some(next_best),
    })
}

/// The position as a puzzle shows it: the other hand emptied, the player's Trophy and Zombie
/// Pawn taken out, read back from its own text (so the puzzle is exactly its string).
fn as_shown(state: &G) -> Option<G> {
    let mut s = state.clone();
    let me = s.turn();
    s.hands[me.other().index()] = Default::default();
    s.hands[me.index()].remove(Artifact::Trophy);
    s.hands[me.index()].remove(Artifact::ZombiePawn);
    G::parse_position(&s.position_text()).ok()
}

/// What the answer is, for variety: the acting piece (or the card) and whether the target
/// is wounded.
fn flavour(state: &G, answer: &Action) -> String {
    let role = |sq| state.board().get(sq).map_or(Role::King, |p| p.role);
    let target = state.attempt_defender(answer).map_or("none", |(_, p)| {
        if p.wounded { "wounded" } else { "healthy" }
    });
    match answer {
        Action::Play(p) => p.artifact().code().to_string(),
        a => format!("{:?}-{target}", a.from().map_or(Role::King, role)),
    }
}

/// Finds `options.count` puzzles from seeded self-play; the same seed gives the same set.
pub fn generate(count: usize, seed: u64) -> PuzzleSet {
    let mut rng = DiceRng::new(seed ^ 0xC4E5_5EED_0038_0001);
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut flavours: Vec<String> = Vec::new();
    // No one sort of answer takes more than its share: a card kind an eighth of the set, an
    // attempt by one role on one sort of target a sixth.
    let cap = |f: &str| {
        if f.starts_with(char::is_lowercase) {
            (count / 8).max(1)
        } else {
            (count / 6).max(1)
        }
    };
    let mut games = 0;
    while puzzles.len() < count && games < count * 20 {
        games += 1;
        let mut state = G::opening(rng.next_u64());
        let mut last_found = 0;
        for ply in 0..160u32 {
            if state.end().is_some() {
                break;
            }
            if ply >= 6
                && ply >= last_found + 8
                && state.quiet_actions() < 80
                && let Some(shown) = as_shown(&state)
                && let Some(p) = puzzle_at(&shown)
                && !puzzles.iter().any(|q| q.position == p.position)
            {
                let answer = shown.parse_action(&p.answer).ok();
                let f = answer.map_or_else(String::new, |a| flavour(&shown, &a));
                if flavours.iter().filter(|g| **g == f).count() < cap(&f) {
                    flavours.push(f);
                    puzzles.push(p);
                    last_found = ply;
                    if puzzles.len() == count {
                        break;
                    }
                }
            }
            let pick = rng.below(10);
            let action = if pick < 7 {
                state.greedy(rng.next_u64())
            } else {
                crate::ai::random(&state, rng.next_u64())
            };
            let Some(action) = action else { break };
            match state.apply(&action) {
                Ok((next, _)) => state = next,
                Err(_) => break,
            }
        }
    }
    for (i, p) in puzzles.iter_mut().enumerate() {
        p.id = format!("chess-{:03}", i + 1);
    }
    PuzzleSet {
        game: "chess".into(),
        seed,
        depth: DEPTH,
        puzzles,
    }
}

/// Checks one puzzle from its text alone: the position reads back as written, the answer is
/// legal there, an attempt or a card, its chance and the best other chance are as stated, and
/// it is the best by at least [`MARGIN`].
pub fn check(puzzle: &Puzzle) -> Result<(), String> {
    let id = &puzzle.id;
    if puzzle.kind != KIND {
        return Err(format!("{id}: unknown kind `{}`", puzzle.kind));
    }
    if puzzle.moves != 1 || puzzle.line.len() != 1 || puzzle.line[0] != puzzle.answer {
        return Err(format!(
            "{id}: a best-odds puzzle is one action, its line the answer"
        ));
    }
    let state = G::parse_position(&puzzle.position).map_err(|e| format!("{id}: {e}"))?;
    if state.position_text() != puzzle.position {
        return Err(format!("{id}: the position does not read back as written"));
    }
    if state.in_check() || state.window().is_some() {
        return Err(format!("{id}: the player is in check or answers a window"));
    }
    let answer = state
        .parse_action(&puzzle.answer)
        .map_err(|e| format!("{id}: {e}"))?;
    state.check(&answer).map_err(|e| format!("{id}: {e}"))?;
    if !is_play(&answer) {
        return Err(format!("{id}: the answer is not an attempt or a card"));
    }
    let mine = chance(&state, &answer);
    let mut next = 0.0f64;
    for a in state.legal_actions() {
        if a != answer {
            next = next.max(chance(&state, &a));
        }
    }
    let near =
        |stated: Option<f64>, counted: f64| stated.is_some_and(|s| (s - counted).abs() < 1e-9);
    if !near(puzzle.odds, mine) {
        return Err(format!(
            "{id}: the answer's chance is {mine}, not {:?}",
            puzzle.odds
        ));
    }
    if !near(puzzle.next_best, next) {
        return Err(format!(
            "{id}: the next best chance is {next}, not {:?}",
            puzzle.next_best
        ));
    }
    if mine < LEAST || mine < next + MARGIN {
        return Err(format!(
            "{id}: {mine} is not clearly the best (next: {next})"
        ));
    }
    Ok(())
}

/// A try at a one-action puzzle: right when it is the answer.
pub fn judge(puzzle: &Puzzle, state: &G, action: &Action, ply: u32) -> Answer {
    match state.parse_action(&puzzle.answer) {
        Ok(answer) if ply == 0 && answer == *action => Answer::Solved,
        _ => Answer::Wrong,
    }
}
