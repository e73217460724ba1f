//! Move generation: which squares a piece attacks (impassable squares block lines, knights jump),
//! check, and the legal actions of the side to act — moves, capture attempts, castling, en
//! passant and the king's heal.
//!
//! [`generate`] works on bitboards ([`super::bits`]): the checkers and the pinned pieces are found
//! once, so most actions are legal without a test; only king steps, en passant, pinned pieces and
//! actions out of check are tried on a copy of the bitboards. Card plays are tested by what they
//! can change: a card that only adds blockers or changes no line (Balm, Shield, Barricade …) is
//! legal whenever the king is not in check; card moves are tried like moves; the rest (Mass
//! Attack, Explosive Ram, Demolition, anything played in check) is played out on a copy.
//! [`reference_generate`] is the plain pseudo-legal-then-play-it-out generator the fast one is
//! tested against.

use super::bits::{self, BETWEEN, Bits, KING, KNIGHT, LINE, PAWN, bit};
use super::board::{Board, Colour, Piece, Role, Square};
use super::cards::Play;
use super::dice::AttemptResult;
use super::state::{Action, Castling, State};

const KNIGHT_JUMPS: [(i8, i8); 8] = [
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
    let f = piece.colour.forward();
    let back = if piece.heir { 2 } else { 0 };
    [(-1, f), (1, f), (-1, -f), (1, -f)]
        .into_iter()
        .take(2 + back)
}

/// The pieces of `by` (among `enemy`, a subset of `by`'s pieces) that attack `target` when
/// `blockers` (pieces and impassable squares) stand on the board.
#[inline]
pub(crate) fn attackers_with(
    board: &Board,
    target: usize,
    by: Colour,
    blockers: u64,
    enemy: u64,
) -> u64 {
    let pawns = board.role_bits(Role::Pawn) & enemy;
    // A pawn of `by` attacks `target` from where a pawn of the other colour on `target` would
    // attack; an Heir also from the other diagonals.
    let mut a = PAWN[by.other().index()][target] & pawns;
    a |= PAWN[by.index()][target] & pawns & board.heir_bits();
    a |= KNIGHT[target] & board.role_bits(Role::Knight) & enemy;
    a |= KING[target] & board.role_bits(Role::King) & enemy;
    a |= bits::bishop_attacks(target, blockers) & board.role_bits(Role::Bishop) & enemy;
    a |= bits::rook_attacks(target, blockers) & board.role_bits(Role::Rook) & enemy;
    a
}

/// Every square attacked by a piece of `by`, lines stopping at `blockers`.
pub(crate) fn attacked_squares(board: &Board, by: Colour, blockers: u64) -> u64 {
    let own = board.color_bits(by);
    let pawns = own & board.role_bits(Role::Pawn);
    let forward = match by {
        Colour::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Colour::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    };
    let heirs = pawns & board.heir_bits();
    let backward = match by {
        Colour::White => ((heirs & !FILE_A) >> 9) | ((heirs & !FILE_H) >> 7),
        Colour::Black => ((heirs & !FILE_A) << 7) | ((heirs & !FILE_H) << 9),
    };
    let mut a = forward | backward;
    for sq in Bits(own & board.role_bits(Role::Knight)) {
        a |= KNIGHT[sq];
    }
    for sq in Bits(own & board.role_bits(Role::King)) {
        a |= KING[sq];
    }
    for sq in Bits(own & board.role_bits(Role::Bishop)) {
        a |= bits::bishop_attacks(sq, blockers);
    }
    for sq in Bits(own & board.role_bits(Role::Rook)) {
        a |= bits::rook_attacks(sq, blockers);
    }
    a
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The pieces of `by` attacking `target` on this board.
#[inline]
pub(crate) fn attackers_to(board: &Board, target: usize, by: Colour) -> u64 {
    attackers_with(
        board,
        target,
        by,
        board.occupied() | board.impassable_bits(),
        board.color_bits(by),
    )
}

/// Whether any piece of `by` attacks `target`. Lines stop at the first piece or impassable
/// square; knights jump over everything.
pub fn is_attacked(board: &Board, target: Square, by: Colour) -> bool {
    attackers_to(board, target.index(), by) != 0
}

/// Whether `colour`'s king stands attacked. A board without that king is never in check.
pub fn in_check(board: &Board, colour: Colour) -> bool {
    board
        .king(colour)
        .is_some_and(|k| is_attacked(board, k, colour.other()))
}

/// The square of the pawn an en-passant attempt on `target` is aimed at.
pub(crate) fn en_passant_victim(target: Square, attacker: Colour) -> Option<Square> {
    target.offset(0, -attacker.forward())
}

/// Pushes a pawn move or attempt, split into the three promotions when it reaches the last rank.
fn push_pawn(out: &mut Vec<Action>, colour: Colour, from: Square, to: Square, attempt: bool) {
    if to.rank() == colour.last_rank() {
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

/// What a landing square offers a piece of `colour`: a move, an attempt, or nothing (own piece,
/// a king, an impassable square).
enum Landing {
    Free,
    Enemy,
    Blocked,
}

fn landing(board: &Board, sq: Square, colour: Colour) -> Landing {
    if board.is_impassable(sq) {
        return Landing::Blocked;
    }
    match board.get(sq) {
        None => Landing::Free,
        Some(p) if p.colour != colour && p.role != Role::King => Landing::Enemy,
        Some(_) => Landing::Blocked,
    }
}

/// Every action of the piece on `from` that obeys how it moves, before the check test.
pub(crate) fn pseudo_actions_from(state: &State, from: Square, out: &mut Vec<Action>) {
    let board = state.board();
    let Some(piece) = board.get(from) else {
        return;
    };
    let colour = piece.colour;
    match piece.role {
        Role::Pawn => {
            let f = colour.forward();
            if let Some(one) = from.offset(0, f)
                && board.is_free(one)
            {
                push_pawn(out, colour, from, one, false);
                if colour.relative_rank(from) == 1
                    && let Some(two) = one.offset(0, f)
                    && board.is_free(two)
                {
                    push_pawn(out, colour, from, two, false);
                }
            }
            for (df, dr) in pawn_attack_steps(piece) {
                let Some(to) = from.offset(df, dr) else {
                    continue;
                };
                match landing(board, to, colour) {
                    Landing::Enemy => push_pawn(out, colour, from, to, true),
                    Landing::Free if dr == f && state.en_passant() == Some(to) => {
                        let victim = en_passant_victim(to, colour).and_then(|v| board.get(v));
                        if victim.is_some_and(|v| v.colour != colour && v.role == Role::Pawn) {
                            push_pawn(out, colour, from, to, true);
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
                match landing(board, to, colour) {
                    Landing::Free => out.push(make(from, to, None, false)),
                    Landing::Enemy => out.push(make(from, to, None, true)),
                    Landing::Blocked => {}
                }
            }
            if piece.role == Role::King {
                for &(df, dr) in &KING_STEPS {
                    if let Some(to) = from.offset(df, dr)
                        && board.get(to).is_some_and(|p| {
                            p.colour == colour && p.wounded && p.role != Role::King
                        })
                    {
                        out.push(Action::Heal {
                            king: from,
                            target: to,
                        });
                    }
                }
                castling_moves(state, from, colour, out);
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
                    match landing(board, to, colour) {
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
/// check and not passing through or landing on an attacked square, the rook not under
/// Restriction.
fn castling_moves(state: &State, from: Square, colour: Colour, out: &mut Vec<Action>) {
    let board = state.board();
    let home = colour.home_rank();
    if Square::new(4, home) != Some(from) {
        return;
    }
    let them = colour.other();
    for (side, rook_file, between, path) in [
        (Castling::kingside(colour), 7, &[5u8, 6][..], [5u8, 6]),
        (Castling::queenside(colour), 0, &[1u8, 2, 3][..], [3u8, 2]),
    ] {
        if !state.castling().has(side) {
            continue;
        }
        let rook_sq = Square::new(rook_file, home);
        // A rook under Restriction may not move, so it does not castle either.
        let rook_ok = rook_sq
            .and_then(|s| board.get(s))
            .is_some_and(|p| p.colour == colour && p.role == Role::Rook)
            && rook_sq != state.restricted(colour);
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
    let mut board = *state.board();
    match *action {
        Action::Move { from, to, .. } | Action::Attempt { from, to, .. } => {
            let piece = board.take(from);
            if let Some(p) = piece {
                if matches!(action, Action::Attempt { .. })
                    && p.role == Role::Pawn
                    && board.get(to).is_none()
                    && let Some(v) = en_passant_victim(to, p.colour)
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
    let mut out = Vec::with_capacity(64);
    generate_into(state, &mut out);
    out
}

/// [`generate`] into a reused buffer (cleared first).
pub(crate) fn generate_into(state: &State, out: &mut Vec<Action>) {
    out.clear();
    if state.window().is_some() {
        out.extend(super::cards::window_answers(state));
        return;
    }
    let us = state.turn();
    let board = state.board();
    let king = board.king(us).map(Square::index);
    let checkers = king.map_or(0, |k| attackers_to(board, k, us.other()));
    board_actions(state, us, king, checkers, out);
    let start = out.len();
    super::cards::pseudo_plays(state, out);
    let mut keep = start;
    for i in start..out.len() {
        let a = out[i];
        if card_keeps_king_safe(state, &a, king, checkers != 0) {
            out[keep] = a;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Every capture attempt of the side to act's pieces as they move, before the check test (the
/// attempts Fury may make stronger).
pub(crate) fn pseudo_attempts(state: &State, out: &mut Vec<Action>) {
    let board = state.board();
    let us = state.turn();
    let them = us.other();
    let blockers = board.occupied() | board.impassable_bits();
    let enemy = board.color_bits(them) & !board.role_bits(Role::King);
    let last_rank = 0xFFu64 << (8 * us.last_rank() as u32);
    let own = board.color_bits(us);
    for from in Bits(own) {
        let b = bit(from);
        let pawn = board.role_bits(Role::Pawn) & b != 0;
        let targets = if pawn {
            let mut attacks = PAWN[us.index()][from];
            if board.heir_bits() & b != 0 {
                attacks |= PAWN[them.index()][from];
            }
            if let Some(ep) = state.en_passant()
                && PAWN[us.index()][from] & bit(ep.index()) != 0
                && blockers & bit(ep.index()) == 0
                && let Some(v) = en_passant_victim(ep, us)
                && board.pieces_of(them, Role::Pawn) & bit(v.index()) != 0
            {
                push_targets(out, from, bit(ep.index()), bit(ep.index()), Some(last_rank));
            }
            attacks
        } else if board.role_bits(Role::Knight) & b != 0 {
            KNIGHT[from]
        } else if board.role_bits(Role::Bishop) & b != 0 {
            bits::bishop_attacks(from, blockers)
        } else if board.role_bits(Role::Rook) & b != 0 {
            bits::rook_attacks(from, blockers)
        } else {
            KING[from]
        };
        let promo = pawn.then_some(last_rank);
        push_targets(out, from, targets & enemy, enemy, promo);
    }
}

/// The plain generator: every pseudo-legal action, kept when playing it out (an attempt
/// succeeding) leaves the actor's king safe. Slow; the fast [`generate`] is tested against it.
#[cfg(test)]
pub(crate) fn reference_generate(state: &State) -> Vec<Action> {
    if state.window().is_some() {
        return super::cards::window_answers(state);
    }
    let us = state.turn();
    let restricted = state.restricted(us);
    let mut pseudo = Vec::with_capacity(48);
    for (sq, p) in state.board().pieces() {
        if p.colour == us && Some(sq) != restricted {
            pseudo_actions_from(state, sq, &mut pseudo);
        }
    }
    super::cards::pseudo_plays(state, &mut pseudo);
    pseudo.retain(|a| keeps_king_safe(state, a));
    pseudo
}

/// Whether `us`'s king (on `king`) is safe after the piece on `from` goes to `to`, the piece on
/// `victim` (if any) removed. A king moving is `from == king`.
#[inline]
pub(crate) fn safe_after(
    board: &Board,
    us: Colour,
    king: Option<usize>,
    from: usize,
    to: usize,
    victim: Option<usize>,
) -> bool {
    let Some(k) = king else {
        return true;
    };
    let k = if k == from { to } else { k };
    let removed = victim.map_or(0, bit);
    let occ = (board.occupied() & !bit(from) & !removed) | bit(to);
    let them = us.other();
    let enemy = board.color_bits(them) & !removed & !bit(to);
    attackers_with(board, k, them, occ | board.impassable_bits(), enemy) == 0
}

/// Our pieces pinned to our king on `king` by an enemy rook or bishop (one piece of ours alone
/// between them, and no impassable square).
fn pinned(board: &Board, us: Colour, king: usize) -> u64 {
    let them = us.other();
    let imp = board.impassable_bits();
    let enemy = board.color_bits(them);
    let snipers = (bits::rook_attacks(king, imp) & board.role_bits(Role::Rook) & enemy)
        | (bits::bishop_attacks(king, imp) & board.role_bits(Role::Bishop) & enemy);
    let occ = board.occupied();
    let own = board.color_bits(us);
    let mut pinned = 0;
    for s in Bits(snipers) {
        let between = BETWEEN[king][s];
        if between & imp != 0 {
            continue;
        }
        let on = between & occ;
        if on.count_ones() == 1 && on & own != 0 {
            pinned |= on;
        }
    }
    pinned
}

#[inline]
fn push_targets(
    out: &mut Vec<Action>,
    from: usize,
    targets: u64,
    enemy: u64,
    promotion_rank: Option<u64>,
) {
    for t in Bits(targets) {
        let (f, to) = (sq(from), sq(t));
        let attempt = enemy & bit(t) != 0;
        if promotion_rank.is_some_and(|r| r & bit(t) != 0) {
            for role in Role::PROMOTIONS {
                out.push(make(f, to, Some(role), attempt));
            }
        } else {
            out.push(make(f, to, None, attempt));
        }
    }
}

#[inline]
fn sq(i: usize) -> Square {
    Square::from_index(i).unwrap_or_else(|| unreachable!("square index {i}"))
}

/// The board actions (moves, attempts, heals, castling) of the side to act.
fn board_actions(
    state: &State,
    us: Colour,
    king: Option<usize>,
    checkers: u64,
    out: &mut Vec<Action>,
) {
    let board = state.board();
    let them = us.other();
    let own = board.color_bits(us);
    let imp = board.impassable_bits();
    let occ = board.occupied();
    let blockers = occ | imp;
    let kings = board.role_bits(Role::King);
    let enemy = board.color_bits(them) & !kings;
    // Where a piece may land: free squares and enemies that are not kings.
    let landable = !(own | imp | kings);
    let in_check = checkers != 0;
    let pinned = king.map_or(0, |k| pinned(board, us, k));
    let restricted = state.restricted(us).map_or(0, |s| bit(s.index()));
    let movers = own & !kings & !restricted;
    let last_rank = 0xFFu64 << (8 * us.last_rank() as u32);
    // A piece's targets, filtered for legality, pushed.
    let emit = |out: &mut Vec<Action>, from: usize, targets: u64, promo: Option<u64>| {
        let targets = if in_check {
            let mut t = 0;
            for to in Bits(targets) {
                let victim = (enemy & bit(to) != 0).then_some(to);
                if safe_after(board, us, king, from, to, victim) {
                    t |= bit(to);
                }
            }
            t
        } else if pinned & bit(from) != 0 {
            king.map_or(targets, |k| targets & LINE[k][from])
        } else {
            targets
        };
        push_targets(out, from, targets, enemy, promo);
    };
    let fwd: i32 = if us == Colour::White { 8 } else { -8 };
    for from in Bits(movers & board.role_bits(Role::Pawn)) {
        let mut targets = 0;
        let one = from as i32 + fwd;
        if (0..64).contains(&one) && blockers & bit(one as usize) == 0 {
            targets |= bit(one as usize);
            let two = one + fwd;
            if us.relative_rank(sq(from)) == 1
                && (0..64).contains(&two)
                && blockers & bit(two as usize) == 0
            {
                targets |= bit(two as usize);
            }
        }
        let mut attacks = PAWN[us.index()][from];
        if board.heir_bits() & bit(from) != 0 {
            attacks |= PAWN[them.index()][from];
        }
        targets |= attacks & enemy;
        emit(out, from, targets, Some(last_rank));
        // En passant: a forward diagonal onto the square passed, the pawn that passed beside.
        if let Some(ep) = state.en_passant()
            && PAWN[us.index()][from] & bit(ep.index()) != 0
            && blockers & bit(ep.index()) == 0
            && let Some(v) = en_passant_victim(ep, us)
            && board.pieces_of(them, Role::Pawn) & bit(v.index()) != 0
            && safe_after(board, us, king, from, ep.index(), Some(v.index()))
        {
            push_targets(out, from, bit(ep.index()), bit(ep.index()), Some(last_rank));
        }
    }
    for from in Bits(movers & board.role_bits(Role::Knight)) {
        emit(out, from, KNIGHT[from] & landable, None);
    }
    for from in Bits(movers & board.role_bits(Role::Bishop)) {
        emit(
            out,
            from,
            bits::bishop_attacks(from, blockers) & landable,
            None,
        );
    }
    for from in Bits(movers & board.role_bits(Role::Rook)) {
        emit(
            out,
            from,
            bits::rook_attacks(from, blockers) & landable,
            None,
        );
    }
    if let Some(k) = king {
        // Every square the other side attacks with our king lifted off the board: the king may
        // step (or attempt) anywhere else.
        let attacked = attacked_squares(board, them, (occ & !bit(k)) | imp);
        push_targets(out, k, KING[k] & landable & !attacked, enemy, None);
        if !in_check {
            let wounded = KING[k] & own & board.wounded_bits() & !kings;
            for t in Bits(wounded) {
                out.push(Action::Heal {
                    king: sq(k),
                    target: sq(t),
                });
            }
            castling_moves(state, sq(k), us, out);
        }
    }
}

/// Whether a card play leaves the actor's king safe (an attack by it succeeding).
fn card_keeps_king_safe(
    state: &State,
    action: &Action,
    king: Option<usize>,
    in_check: bool,
) -> bool {
    let Action::Play(play) = action else {
        return keeps_king_safe(state, action);
    };
    let board = state.board();
    let us = state.turn();
    match play {
        Play::Cancel => true,
        // Nothing of these opens a line to the own king or adds an enemy attacker: a stone or a
        // barricade blocks as much as what stood there; a new own pawn only blocks.
        Play::Seize(_)
        | Play::Restriction(_)
        | Play::Scouting
        | Play::Trophy
        | Play::Balm(_)
        | Play::PoisonDart(_)
        | Play::Shield(_)
        | Play::Heir(_)
        | Play::Resurrection(_)
        | Play::Barricade(_)
        | Play::Statue(_)
        | Play::ZombiePawn
            if !in_check =>
        {
            true
        }
        Play::FileShift(m)
        | Play::Teleport(m)
        | Play::Acceleration(m)
        | Play::KnightsLeap(m)
        | Play::Fury(m)
        | Play::KingsStride { m, .. } => {
            let (from, to) = (m.from.index(), m.to.index());
            let victim = if !m.attack {
                None
            } else if board.occupied() & bit(to) != 0 {
                Some(to)
            } else {
                // Fury's en passant: the pawn beside.
                en_passant_victim(m.to, us).map(Square::index)
            };
            safe_after(board, us, king, from, to, victim)
        }
        _ => keeps_king_safe(state, action),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{Army, DiceRng, start_state};
    use std::collections::HashSet;

    /// Along random games with cards (real dice), the fast generator gives exactly the actions
    /// of the plain one.
    #[test]
    fn fast_generation_equals_the_plain_one_along_random_games_with_cards() {
        let mut rng = DiceRng::new(17);
        let mut checked = 0;
        for _ in 0..60 {
            let w = Army::random(Colour::White, &mut rng, 10, 15);
            let b = Army::random(Colour::Black, &mut rng, 10, 15);
            let mut state = start_state(&w, &b, rng.next_u64());
            for _ in 0..200 {
                let fast = generate(&state);
                let plain = reference_generate(&state);
                let a: HashSet<Action> = fast.iter().copied().collect();
                let b: HashSet<Action> = plain.iter().copied().collect();
                assert_eq!(a.len(), fast.len(), "no action twice: {state}");
                assert_eq!(a, b, "{state}");
                checked += 1;
                if state.end().is_some() || fast.is_empty() {
                    break;
                }
                let action = fast[rng.below(fast.len() as u64) as usize];
                state = state.apply(&action).unwrap().0;
            }
        }
        assert!(checked > 3000, "{checked}");
    }
}
