//! Move generation: which squares a piece attacks (impassable squares block lines, knights jump),
//! check, and the legal actions of the side to act — moves, capture attempts, castling, en
//! passant and the king's heal.

use super::board::{Board, Color, Piece, Role, Square};
use super::dice::AttemptResult;
use super::state::{Action, Castling, State};

pub(crate) const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
pub(crate) const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_RAYS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_RAYS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The diagonal steps on which a pawn attacks: forward only, or all four for an Heir.
fn pawn_attack_steps(piece: Piece) -> impl Iterator<Item = (i8, i8)> {
    let f = piece.color.forward();
    let back = if piece.heir { 2 } else { 0 };
    [(-1, f), (1, f), (-1, -f), (1, -f)]
        .into_iter()
        .take(2 + back)
}

/// Whether any piece of `by` attacks `target`. Lines stop at the first piece or impassable
/// square; knights jump over everything.
pub fn is_attacked(board: &Board, target: Square, by: Color) -> bool {
    let is = |sq: Option<Square>, roles: &[Role]| {
        sq.and_then(|s| board.get(s))
            .is_some_and(|p| p.color == by && roles.contains(&p.role))
    };
    if KNIGHT_JUMPS
        .iter()
        .any(|&(df, dr)| is(target.offset(df, dr), &[Role::Knight]))
    {
        return true;
    }
    if KING_STEPS
        .iter()
        .any(|&(df, dr)| is(target.offset(df, dr), &[Role::King]))
    {
        return true;
    }
    // A pawn of `by` attacks `target` from one rank behind it (in `by`'s direction); an Heir
    // also from one rank ahead.
    let f = by.forward();
    for (df, dr, heir_only) in [(-1, -f, false), (1, -f, false), (-1, f, true), (1, f, true)] {
        if let Some(p) = target.offset(df, dr).and_then(|s| board.get(s))
            && p.color == by
            && p.role == Role::Pawn
            && (!heir_only || p.heir)
        {
            return true;
        }
    }
    for (rays, role) in [(ROOK_RAYS, Role::Rook), (BISHOP_RAYS, Role::Bishop)] {
        for (df, dr) in rays {
            let mut sq = target;
            while let Some(next) = sq.offset(df, dr) {
                if board.is_impassable(next) {
                    break;
                }
                if let Some(p) = board.get(next) {
                    if p.color == by && p.role == role {
                        return true;
                    }
                    break;
                }
                sq = next;
            }
        }
    }
    false
}

/// Whether `color`'s king stands attacked. A board without that king is never in check.
pub fn in_check(board: &Board, color: Color) -> bool {
    board
        .king(color)
        .is_some_and(|k| is_attacked(board, k, color.other()))
}

/// The square of the pawn an en-passant attempt on `target` is aimed at.
pub(crate) fn en_passant_victim(target: Square, attacker: Color) -> Option<Square> {
    target.offset(0, -attacker.forward())
}

/// Pushes a pawn move or attempt, split into the three promotions when it reaches the last rank.
fn push_pawn(out: &mut Vec<Action>, color: Color, from: Square, to: Square, attempt: bool) {
    if to.rank() == color.last_rank() {
        for role in Role::PROMOTIONS {
            out.push(make(from, to, Some(role), attempt));
        }
    } else {
        out.push(make(from, to, None, attempt));
    }
}

fn make(from: Square, to: Square, promotion: Option<Role>, attempt: bool) -> Action {
    if attempt {
        Action::Attempt {
            from,
            to,
            promotion,
        }
    } else {
        Action::Move {
            from,
            to,
            promotion,
        }
    }
}

/// What a landing square offers a piece of `color`: a move, an attempt, or nothing (own piece,
/// a king, an impassable square).
enum Landing {
    Free,
    Enemy,
    Blocked,
}

fn landing(board: &Board, sq: Square, color: Color) -> Landing {
    if board.is_impassable(sq) {
        return Landing::Blocked;
    }
    match board.get(sq) {
        None => Landing::Free,
        Some(p) if p.color != color && p.role != Role::King => Landing::Enemy,
        Some(_) => Landing::Blocked,
    }
}

/// Every action of the piece on `from` that obeys how it moves, before the check test.
pub(crate) fn pseudo_actions_from(state: &State, from: Square, out: &mut Vec<Action>) {
    let board = state.board();
    let Some(piece) = board.get(from) else {
        return;
    };
    let color = piece.color;
    match piece.role {
        Role::Pawn => {
            let f = color.forward();
            if let Some(one) = from.offset(0, f)
                && board.is_free(one)
            {
                push_pawn(out, color, from, one, false);
                if color.relative_rank(from) == 1
                    && let Some(two) = one.offset(0, f)
                    && board.is_free(two)
                {
                    push_pawn(out, color, from, two, false);
                }
            }
            for (df, dr) in pawn_attack_steps(piece) {
                let Some(to) = from.offset(df, dr) else {
                    continue;
                };
                match landing(board, to, color) {
                    Landing::Enemy => push_pawn(out, color, from, to, true),
                    Landing::Free if dr == f && state.en_passant() == Some(to) => {
                        let victim = en_passant_victim(to, color).and_then(|v| board.get(v));
                        if victim.is_some_and(|v| v.color != color && v.role == Role::Pawn) {
                            push_pawn(out, color, from, to, true);
                        }
                    }
                    _ => {}
                }
            }
        }
        Role::Knight | Role::King => {
            let steps = if piece.role == Role::Knight {
                &KNIGHT_JUMPS
            } else {
                &KING_STEPS
            };
            for &(df, dr) in steps {
                let Some(to) = from.offset(df, dr) else {
                    continue;
                };
                match landing(board, to, color) {
                    Landing::Free => out.push(make(from, to, None, false)),
                    Landing::Enemy => out.push(make(from, to, None, true)),
                    Landing::Blocked => {}
                }
            }
            if piece.role == Role::King {
                for &(df, dr) in &KING_STEPS {
                    if let Some(to) = from.offset(df, dr)
                        && board
                            .get(to)
                            .is_some_and(|p| p.color == color && p.wounded && p.role != Role::King)
                    {
                        out.push(Action::Heal {
                            king: from,
                            target: to,
                        });
                    }
                }
                castling_moves(state, from, color, out);
            }
        }
        Role::Bishop | Role::Rook => {
            let rays = if piece.role == Role::Rook {
                ROOK_RAYS
            } else {
                BISHOP_RAYS
            };
            for (df, dr) in rays {
                let mut sq = from;
                while let Some(to) = sq.offset(df, dr) {
                    match landing(board, to, color) {
                        Landing::Free => out.push(make(from, to, None, false)),
                        Landing::Enemy => {
                            out.push(make(from, to, None, true));
                            break;
                        }
                        Landing::Blocked => break,
                    }
                    sq = to;
                }
            }
        }
    }
}

/// Castling from the classical squares: the king on e1/e8 and the rook on a/h of the home rank,
/// neither moved (the rights say so), the squares between empty and passable, the king not in
/// check and not passing through or landing on an attacked square.
fn castling_moves(state: &State, from: Square, color: Color, out: &mut Vec<Action>) {
    let board = state.board();
    let home = color.home_rank();
    if Square::new(4, home) != Some(from) {
        return;
    }
    let them = color.other();
    for (side, rook_file, between, path) in [
        (Castling::kingside(color), 7, &[5u8, 6][..], [5u8, 6]),
        (Castling::queenside(color), 0, &[1u8, 2, 3][..], [3u8, 2]),
    ] {
        if !state.castling().has(side) {
            continue;
        }
        let rook_ok = Square::new(rook_file, home)
            .and_then(|s| board.get(s))
            .is_some_and(|p| p.color == color && p.role == Role::Rook);
        let clear = between
            .iter()
            .all(|&f| Square::new(f, home).is_some_and(|s| board.is_free(s)));
        if !rook_ok || !clear || is_attacked(board, from, them) {
            continue;
        }
        let safe = path
            .iter()
            .all(|&f| Square::new(f, home).is_some_and(|s| !is_attacked(board, s, them)));
        if safe && let Some(to) = Square::new(path[1], home) {
            out.push(Action::Move {
                from,
                to,
                promotion: None,
            });
        }
    }
}

/// Whether castling: a king moving two files.
pub(crate) fn is_castling(board: &Board, from: Square, to: Square) -> bool {
    board.get(from).is_some_and(|p| p.role == Role::King)
        && (from.file() as i8 - to.file() as i8).abs() == 2
}

/// The board as it would stand after the action's move part (a move, or an attempt that
/// succeeds). Used for the check test: an attempt is legal when its success leaves the king safe.
pub(crate) fn board_after_success(state: &State, action: &Action) -> Board {
    let mut board = state.board().clone();
    match *action {
        Action::Move { from, to, .. } | Action::Attempt { from, to, .. } => {
            let piece = board.take(from);
            if let Some(p) = piece {
                if matches!(action, Action::Attempt { .. })
                    && p.role == Role::Pawn
                    && board.get(to).is_none()
                    && let Some(v) = en_passant_victim(to, p.color)
                {
                    board.set(v, None);
                }
                if is_castling(state.board(), from, to) {
                    let (rook_from, rook_to) = if to.file() == 6 { (7, 5) } else { (0, 3) };
                    let rank = from.rank();
                    if let (Some(rf), Some(rt)) =
                        (Square::new(rook_from, rank), Square::new(rook_to, rank))
                    {
                        let rook = board.take(rf);
                        board.set(rt, rook);
                    }
                }
            }
            board.set(to, piece);
        }
        Action::Heal { .. } | Action::Play(_) | Action::Pass => {}
    }
    board
}

/// Whether the action leaves the actor's own king safe (for an attempt: when it succeeds).
pub(crate) fn keeps_king_safe(state: &State, action: &Action) -> bool {
    let us = state.turn();
    match action {
        Action::Heal { .. } => !in_check(state.board(), us),
        // Passing and Cancel change nothing of the actor's own position.
        Action::Pass | Action::Play(super::cards::Play::Cancel) => true,
        Action::Play(_) if state.window().is_some() => true,
        Action::Play(_) => {
            // Cards change more than a square or two: play it out (an attack succeeding).
            let mut after = state.clone();
            after.play(action, Some(AttemptResult::Success));
            !in_check(&after.board, us)
        }
        _ => !in_check(&board_after_success(state, action), us),
    }
}

/// All legal actions of the side to act, without looking at draws or the game's end.
pub(crate) fn generate(state: &State) -> Vec<Action> {
    if state.window().is_some() {
        return super::cards::window_answers(state);
    }
    let us = state.turn();
    let restricted = state.restricted(us);
    let mut pseudo = Vec::with_capacity(48);
    for (sq, p) in state.board().pieces() {
        if p.color == us && Some(sq) != restricted {
            pseudo_actions_from(state, sq, &mut pseudo);
        }
    }
    super::cards::pseudo_plays(state, &mut pseudo);
    pseudo.retain(|a| keeps_king_safe(state, a));
    pseudo
}
