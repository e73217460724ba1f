//! The static evaluation of an Artifact Chess position, in hundredths of a pawn, from one side's
//! point of view (positive: better for that side). It is what the search sees at its horizon,
//! so it tries to price what the dice and the cards make likely one action later.
//!
//! Terms, each computed for both sides and subtracted:
//! - **Material**: pawn 100, knight 310, bishop 330, rook 500 (the king is never taken). A
//!   wounded piece counts [`WOUNDED_SHARE`] of its value (it dies to any attempt without a roll and
//!   attacks with one die), [`HEALABLE_SHARE`] when a heal is at hand (its own king beside it, or
//!   Balm in the hand). An Heir pawn counts [`HEIR_BONUS`] more.
//! - **Pawns**: a bonus for each rank advanced, more for a passed pawn (it promotes to a rook).
//! - **Pieces**: knights and bishops near the centre; rooks on open or half-open files; mobility
//!   of knights, bishops and rooks (squares attacked that are not own pieces or impassable —
//!   so barricades and statues cost the pieces they hem in).
//! - **King safety**: enemy attacks on the squares around the king, own pawns in front of it
//!   while the enemy has pieces; in the endgame the king is better central.
//! - **Attack odds, both sides**: for every enemy piece one of ours attacks, the expected gain of
//!   the best attempt on it — exact odds of success and wound for the dice each side would roll
//!   (wounded attacker 1d6, wounded defender no roll, Shield 3d6 or 1d6), minus the likely loss
//!   of the attacker when the square is defended. The side to act is likely to realise its best
//!   gain ([`OWN_THREAT`]); the other side's best and second-best threats are a danger
//!   ([`THEIR_THREAT`], [`THEIR_SECOND_THREAT`]: one can be parried, two rarely).
//! - **Shields and Restrictions**: a shielded piece's defence is in the attack odds; a piece
//!   under Restriction loses a share of its value for the turn it cannot act.
//! - **Cards in hand**: each kind has a value in the hand that depends on the position
//!   ([`card_value`]: Resurrection and Zombie Pawn are worth most with pawns in the reserve, Balm
//!   with a wounded piece, Heir and Mass Attack with pawns, Explosive Ram with a rook, Seize with
//!   cards in the other pile). Playing a card gives up that value, so the search plays it when
//!   what it does now is worth more than keeping it for later. The other side's hidden hand is
//!   valued in each sampled deal like a known one.
//! - **Mop-up**: a side far ahead while the other has no pawn left drives the lone defender
//!   towards the edge and brings its own king closer (mates need both), and loses
//!   [`STALEMATE_RISK`] when the lone king, to act, has no square to go to and is not in check
//!   (only its hidden cards could save it from stalemate).
//! - **Tempo**: a small bonus for the side to act.

use crate::rules::chess::bits::{self, Bits, KING, KNIGHT, PAWN, bit};
use crate::rules::chess::{Artifact, Colour, Odds, Role, State};
use std::sync::OnceLock;

pub const PAWN_VALUE: f64 = 100.0;
pub const KNIGHT_VALUE: f64 = 310.0;
pub const BISHOP_VALUE: f64 = 330.0;
pub const ROOK_VALUE: f64 = 500.0;
/// The share of its value a wounded piece keeps.
pub const WOUNDED_SHARE: f64 = 0.55;
/// … and when its king stands beside it or Balm is in the hand (a heal is one action away).
pub const HEALABLE_SHARE: f64 = 0.75;
pub const HEIR_BONUS: f64 = 40.0;
/// Shares of the attack-odds gains counted (see the module docs).
pub const OWN_THREAT: f64 = 0.6;
pub const THEIR_THREAT: f64 = 0.2;
pub const THEIR_SECOND_THREAT: f64 = 0.5;
pub const TEMPO: f64 = 10.0;
/// What a lone king to act, boxed in but not in check, costs the side that boxed it in.
pub const STALEMATE_RISK: f64 = 150.0;

/// Piece values for the material count (the king: 0).
pub fn value(role: Role) -> f64 {
    match role {
        Role::Pawn => PAWN_VALUE,
        Role::Knight => KNIGHT_VALUE,
        Role::Bishop => BISHOP_VALUE,
        Role::Rook => ROOK_VALUE,
        Role::King => 0.0,
    }
}

/// `(success, wound)` probabilities of `attacker`d6 against `defender`d6 (0: no roll).
pub(crate) fn odds(attacker: u8, defender: u8) -> (f64, f64) {
    static TABLE: OnceLock<[[(f64, f64); 4]; 6]> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        let mut t = [[(0.0, 0.0); 4]; 6];
        for (a, row) in t.iter_mut().enumerate() {
            for (d, cell) in row.iter_mut().enumerate() {
                let o = Odds::exact(a as u8, d as u8);
                let total = o.total as f64;
                *cell = (o.success as f64 / total, o.wound as f64 / total);
            }
        }
        t
    });
    t[attacker.min(5) as usize][defender.min(3) as usize]
}

/// The material of one side: values with wounds discounted, Heirs counted.
pub fn material(state: &State, side: Colour) -> f64 {
    let board = state.board();
    let own = board.color_bits(side);
    let wounded = board.wounded_bits();
    let healers = healers(state, side);
    let mut m = 0.0;
    for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook] {
        let set = own & board.role_bits(role);
        let hurt = set & wounded;
        let healable = hurt & healers;
        let v = value(role);
        m += v * (set & !hurt).count_ones() as f64
            + v * HEALABLE_SHARE * healable.count_ones() as f64
            + v * WOUNDED_SHARE * (hurt & !healable).count_ones() as f64;
    }
    m + HEIR_BONUS * (own & board.heir_bits()).count_ones() as f64
}

/// The squares where a wounded piece of `side` could be healed next action.
fn healers(state: &State, side: Colour) -> u64 {
    if state.hand(side).contains(Artifact::Balm) {
        return !0;
    }
    state.board().king(side).map_or(0, |k| KING[k.index()])
}

const CENTRE: [f64; 64] = {
    let mut t = [0.0; 64];
    let mut i = 0;
    while i < 64 {
        let f = (i % 8) as i32;
        let r = (i / 8) as i32;
        let df = if f < 4 { 3 - f } else { f - 4 };
        let dr = if r < 4 { 3 - r } else { r - 4 };
        t[i] = (6 - 2 * (df + dr)) as f64;
        i += 1;
    }
    t
};

const ADVANCE: [f64; 8] = [0.0, 0.0, 4.0, 10.0, 20.0, 35.0, 60.0, 0.0];
const PASSED: [f64; 8] = [0.0, 0.0, 10.0, 20.0, 35.0, 60.0, 100.0, 0.0];

fn file_mask(file: usize) -> u64 {
    0x0101_0101_0101_0101u64 << file
}

/// The squares ahead of a pawn of `colour` on `sq` on its own and the adjacent files.
fn front_span(colour: Colour, sq: usize) -> u64 {
    let file = sq % 8;
    let mut files = file_mask(file);
    if file > 0 {
        files |= file_mask(file - 1);
    }
    if file < 7 {
        files |= file_mask(file + 1);
    }
    let rank = sq / 8;
    let ahead = match colour {
        Colour::White if rank < 7 => !0u64 << (8 * (rank + 1)),
        Colour::Black if rank > 0 => !0u64 >> (8 * (8 - rank)),
        _ => 0,
    };
    files & ahead
}

/// What one side's pieces attack, and who attacks what.
struct Attacks {
    /// Squares attacked by any piece of the side.
    all: u64,
    /// Squares attacked by at least two pieces.
    double: u64,
    /// Per own piece: its square and its attacks (kings included).
    each: [(u8, u64); 16],
    len: usize,
}

fn attacks(state: &State, side: Colour) -> Attacks {
    let board = state.board();
    let blockers = board.occupied() | board.impassable_bits();
    let own = board.color_bits(side);
    let mut a = Attacks {
        all: 0,
        double: 0,
        each: [(0, 0); 16],
        len: 0,
    };
    let mut add = |sq: usize, set: u64| {
        a.double |= a.all & set;
        a.all |= set;
        if a.len < a.each.len() {
            a.each[a.len] = (sq as u8, set);
            a.len += 1;
        }
    };
    let heirs = board.heir_bits();
    for sq in Bits(own & board.role_bits(Role::Pawn)) {
        let mut set = PAWN[side.index()][sq];
        if heirs & bit(sq) != 0 {
            set |= PAWN[side.other().index()][sq];
        }
        add(sq, set);
    }
    for sq in Bits(own & board.role_bits(Role::Knight)) {
        add(sq, KNIGHT[sq]);
    }
    for sq in Bits(own & board.role_bits(Role::Bishop)) {
        add(
            sq,
            bits::bishop_attacks(sq, blockers) & !board.impassable_bits(),
        );
    }
    for sq in Bits(own & board.role_bits(Role::Rook)) {
        add(
            sq,
            bits::rook_attacks(sq, blockers) & !board.impassable_bits(),
        );
    }
    for sq in Bits(own & board.role_bits(Role::King)) {
        add(sq, KING[sq]);
    }
    a
}

fn role_at(state: &State, sq: usize) -> Role {
    let board = state.board();
    let b = bit(sq);
    for role in Role::ALL {
        if board.role_bits(role) & b != 0 {
            return role;
        }
    }
    Role::King
}

/// The two largest expected gains of attempts by `side` (attacks `mine`) on the other side's
/// pieces (defended by `theirs`).
fn threats(state: &State, side: Colour, mine: &Attacks, theirs: &Attacks) -> (f64, f64) {
    let board = state.board();
    let enemy = board.color_bits(side.other()) & !board.role_bits(Role::King);
    let wounded = board.wounded_bits();
    let shield = state.shield(side.other()).map_or(0, |s| bit(s.index()));
    let restricted = state.restricted(side).map_or(0, |s| bit(s.index()));
    let (mut best, mut second) = (0.0f64, 0.0f64);
    for target in Bits(mine.all & enemy) {
        let tb = bit(target);
        let hurt = wounded & tb != 0;
        let shielded = shield & tb != 0;
        let defender = match (hurt, shielded) {
            (false, false) => 2,
            (true, false) => 0,
            (false, true) => 3,
            (true, true) => 1,
        };
        let victim = value(role_at(state, target));
        let defended = theirs.all & tb != 0;
        let mut gain = 0.0f64;
        for &(from, set) in &mine.each[..mine.len] {
            if set & tb == 0 || restricted & bit(from as usize) != 0 {
                continue;
            }
            let attacker_role = role_at(state, from as usize);
            let attacker_hurt = wounded & bit(from as usize) != 0;
            let (ps, pw) = odds(if attacker_hurt { 1 } else { 3 }, defender);
            let attacker_value =
                value(attacker_role) * if attacker_hurt { WOUNDED_SHARE } else { 1.0 };
            // After a success the attacker stands on the square: a defender may try it back.
            let exposed = if defended { 0.78 * attacker_value } else { 0.0 };
            let wound_gain = if hurt {
                0.0
            } else {
                victim * (1.0 - WOUNDED_SHARE)
            };
            let g = ps * (if hurt { victim * WOUNDED_SHARE } else { victim } - exposed)
                + pw * wound_gain;
            gain = gain.max(g);
        }
        if gain > best {
            second = best;
            best = gain;
        } else if gain > second {
            second = gain;
        }
    }
    (best, second)
}

/// The value of holding `card` for `side` in this position (see the module docs).
pub fn card_value(card: Artifact, state: &State, side: Colour) -> f64 {
    let board = state.board();
    let own = board.color_bits(side);
    let pawns = (own & board.role_bits(Role::Pawn)).count_ones() as f64;
    let reserve = state.reserve(side) > 0;
    match card {
        Artifact::FileShift => 15.0,
        Artifact::Teleport => 45.0,
        Artifact::Acceleration => 10.0 + 4.0 * pawns.min(5.0),
        Artifact::KnightsLeap => 30.0,
        Artifact::KingsStride => 15.0,
        Artifact::Seize => {
            if state.played(side.other()).is_empty() {
                20.0
            } else {
                35.0
            }
        }
        Artifact::Restriction => 25.0,
        Artifact::Cancel => 40.0,
        Artifact::Statue => 25.0,
        Artifact::Heir => {
            if pawns > 0.0 {
                30.0
            } else {
                5.0
            }
        }
        Artifact::MassAttack => 8.0 + 6.0 * pawns.min(7.0),
        Artifact::ExplosiveRam => {
            if own & board.role_bits(Role::Rook) != 0 {
                35.0
            } else {
                5.0
            }
        }
        Artifact::ZombiePawn => {
            if reserve {
                60.0
            } else {
                15.0
            }
        }
        Artifact::Resurrection => {
            if reserve {
                65.0
            } else {
                15.0
            }
        }
        Artifact::Barricade => 15.0,
        Artifact::Demolition => {
            if board.impassable_bits() != 0 {
                20.0
            } else {
                5.0
            }
        }
        Artifact::Balm => {
            if own & board.wounded_bits() & !board.role_bits(Role::King) != 0 {
                45.0
            } else {
                25.0
            }
        }
        Artifact::PoisonDart => 45.0,
        Artifact::Shield => 30.0,
        Artifact::Fury => 50.0,
        Artifact::Scouting => {
            if state.scouted(side) || state.hand_size(side.other()) == 0 {
                5.0
            } else {
                20.0
            }
        }
        Artifact::Trophy => 50.0,
    }
}

/// The position's value for `side` (see the module docs).
pub fn evaluate(state: &State, side: Colour) -> f64 {
    let board = state.board();
    let them = side.other();
    let att = [attacks(state, Colour::White), attacks(state, Colour::Black)];
    let mut score = [0.0f64; 2];
    // The other side's non-pawn material decides middle game (king shelter) or endgame.
    let pieces_material = |c: Colour| -> f64 {
        let own = board.color_bits(c);
        [Role::Knight, Role::Bishop, Role::Rook]
            .iter()
            .map(|&r| value(r) * (own & board.role_bits(r)).count_ones() as f64)
            .sum()
    };
    for c in Colour::BOTH {
        let i = c.index();
        let own = board.color_bits(c);
        let enemy_pawns = board.color_bits(c.other()) & board.role_bits(Role::Pawn);
        let own_pawns = own & board.role_bits(Role::Pawn);
        let mut s = material(state, c);
        for sq in Bits(own_pawns) {
            let rel = c.relative_rank(
                crate::rules::chess::Square::from_index(sq)
                    .unwrap_or_else(|| unreachable!("a square index from a bitboard")),
            ) as usize;
            s += ADVANCE[rel];
            if front_span(c, sq) & enemy_pawns == 0 {
                s += PASSED[rel];
            }
        }
        let blockers = board.occupied() | board.impassable_bits();
        let not_own = !own & !board.impassable_bits();
        for sq in Bits(own & board.role_bits(Role::Knight)) {
            s += CENTRE[sq] + 3.0 * (KNIGHT[sq] & not_own).count_ones() as f64;
        }
        for sq in Bits(own & board.role_bits(Role::Bishop)) {
            s += CENTRE[sq] * 0.5
                + 3.0 * (bits::bishop_attacks(sq, blockers) & not_own).count_ones() as f64;
        }
        for sq in Bits(own & board.role_bits(Role::Rook)) {
            let file = file_mask(sq % 8);
            if file & own_pawns == 0 {
                s += if file & enemy_pawns == 0 { 15.0 } else { 8.0 };
            }
            s += 2.0 * (bits::rook_attacks(sq, blockers) & not_own).count_ones() as f64;
        }
        if let Some(k) = board.king(c) {
            let k = k.index();
            let zone = KING[k] | bit(k);
            let enemy_att = &att[c.other().index()];
            s -= 10.0 * (zone & enemy_att.all).count_ones() as f64
                + 8.0 * (zone & enemy_att.double).count_ones() as f64;
            if pieces_material(c.other()) >= 800.0 {
                let ahead = KING[k] & front_span(c, k);
                s += 8.0 * (ahead & own_pawns).count_ones() as f64;
            } else {
                s += 2.0 * CENTRE[k];
            }
        }
        if let Some(r) = state.restricted(c)
            && let Some(p) = board.get(r)
        {
            s -= 0.1 * value(p.role);
        }
        for card in state.hand(c).iter() {
            s += card_value(card, state, c);
        }
        score[i] = s;
    }
    for c in Colour::BOTH {
        let (i, o) = (c.index(), c.other().index());
        let their_pawns = board.color_bits(c.other()) & board.role_bits(Role::Pawn);
        if score[i] - score[o] > 250.0
            && their_pawns == 0
            && let (Some(k), Some(e)) = (board.king(c), board.king(c.other()))
        {
            let (k, e) = (k.index(), e.index());
            let dist =
                ((k % 8) as i32 - (e % 8) as i32).abs() + ((k / 8) as i32 - (e / 8) as i32).abs();
            score[i] += 10.0 * (6.0 - CENTRE[e]) + 4.0 * (14 - dist) as f64;
            // A lone king to act with nowhere to go and no check: a stalemate unless its hidden
            // cards save it.
            let alone = board.color_bits(c.other()) == bit(e);
            let boxed =
                KING[e] & !board.color_bits(c) & !att[i].all & !board.impassable_bits() == 0;
            if alone && boxed && state.turn() == c.other() && att[i].all & bit(e) == 0 {
                score[i] -= STALEMATE_RISK;
            }
        }
    }
    let mover = state.turn();
    let (own_best, _) = threats(
        state,
        mover,
        &att[mover.index()],
        &att[mover.other().index()],
    );
    let (their_best, their_second) = threats(
        state,
        mover.other(),
        &att[mover.other().index()],
        &att[mover.index()],
    );
    let mover_edge = TEMPO + OWN_THREAT * own_best
        - THEIR_THREAT * their_best
        - THEIR_SECOND_THREAT * their_second;
    let diff = score[side.index()] - score[them.index()];
    if mover == side {
        diff + mover_edge
    } else {
        diff - mover_edge
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::parse_position;

    #[test]
    fn healthy_three_dice_against_two_succeed_most() {
        let (s, w) = odds(3, 2);
        assert!((s - 0.779).abs() < 0.001, "{s}");
        assert!((w - 0.152).abs() < 0.001, "{w}");
        assert_eq!(odds(1, 0), (1.0, 0.0));
    }

    #[test]
    fn the_evaluation_is_antisymmetric_and_counts_wounds() {
        let s = parse_position("4k3/pp6/8/3r4/8/N7/PP6/4K3 w - - 0 1").unwrap();
        let w = evaluate(&s, Colour::White);
        assert!((w + evaluate(&s, Colour::Black)).abs() < 1e-9);
        assert!(w < 0.0, "a rook against a knight: {w}");
        let hurt =
            parse_position("4k3/pp6/8/3r4/8/N7/PP6/4K3 w - - 0 1 d5 - - 0/0 -/- -/-").unwrap();
        assert!(evaluate(&hurt, Colour::White) > w + 150.0);
    }

    #[test]
    fn a_pawn_in_the_reserve_makes_resurrection_worth_more() {
        let none =
            parse_position("4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - - 0/0 resurrection/- -/-").unwrap();
        let one =
            parse_position("4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - - 1/0 resurrection/- -/-").unwrap();
        assert!(
            card_value(Artifact::Resurrection, &one, Colour::White)
                > card_value(Artifact::Resurrection, &none, Colour::White)
        );
    }
}
