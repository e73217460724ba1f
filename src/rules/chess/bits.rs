//! Bitboards: 64-bit sets of squares (bit i = square i, a1 = 0) and the attack tables built at
//! compile time — knight jumps, king steps, pawn attacks, and rays for the sliding pieces.
//!
//! Impassable squares block lines like pieces do, and nothing may land on them, so a slider's
//! attacks are computed with the impassable squares among the blockers and then masked off.

/// Iterates over the squares (indices) of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct Bits(pub u64);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

#[inline]
pub(crate) const fn bit(sq: usize) -> u64 {
    1u64 << sq
}

const fn step_table(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i8;
        let r = (sq / 8) as i8;
        let mut i = 0;
        let mut set = 0u64;
        while i < steps.len() {
            let (df, dr) = steps[i];
            let (nf, nr) = (f + df, r + dr);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                set |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        t[sq] = set;
        sq += 1;
    }
    t
}

pub(crate) static KNIGHT: [u64; 64] = step_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
pub(crate) static KING: [u64; 64] = step_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
/// The squares 2 king-steps away or closer (Teleport), the square itself excluded.
pub(crate) static WITHIN_TWO: [u64; 64] = step_table(&[
    (-2, -2),
    (-1, -2),
    (0, -2),
    (1, -2),
    (2, -2),
    (-2, -1),
    (-1, -1),
    (0, -1),
    (1, -1),
    (2, -1),
    (-2, 0),
    (-1, 0),
    (1, 0),
    (2, 0),
    (-2, 1),
    (-1, 1),
    (0, 1),
    (1, 1),
    (2, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 2),
    (2, 2),
]);
/// Pawn attacks: `[colour][square]`, forward diagonals (white up the board).
pub(crate) static PAWN: [[u64; 64]; 2] = [
    step_table(&[(-1, 1), (1, 1)]),
    step_table(&[(-1, -1), (1, -1)]),
];

/// Ray directions: 0..4 increase the square index (N, E, NE, NW), 4..8 decrease it.
const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];

const fn ray_table() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIRS[d];
        let mut sq = 0;
        while sq < 64 {
            let mut f = (sq % 8) as i8 + df;
            let mut r = (sq / 8) as i8 + dr;
            let mut set = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                set |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            t[d][sq] = set;
            sq += 1;
        }
        d += 1;
    }
    t
}

/// `RAYS[direction][square]`: the squares from `square` (excluded) to the edge.
pub(crate) static RAYS: [[u64; 64]; 8] = ray_table();

const fn between_table() -> [[u64; 64]; 64] {
    let rays = ray_table();
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let mut b = 0;
            while b < 64 {
                if rays[d][a] >> b & 1 == 1 {
                    // The squares strictly between a and b: a's ray minus b's ray and b.
                    t[a][b] = rays[d][a] & !rays[d][b] & !(1u64 << b);
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

/// `BETWEEN[a][b]`: the squares strictly between two squares on one line (empty otherwise).
pub(crate) static BETWEEN: [[u64; 64]; 64] = between_table();

const fn line_table() -> [[u64; 64]; 64] {
    let rays = ray_table();
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 4 {
            let full = rays[d][a] | rays[d + 4][a] | (1u64 << a);
            let mut b = 0;
            while b < 64 {
                if full >> b & 1 == 1 && b != a {
                    t[a][b] = full;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

/// `LINE[a][b]`: the whole line (edge to edge) through two squares on one line, else empty.
pub(crate) static LINE: [[u64; 64]; 64] = line_table();

#[inline]
fn ray_attacks(dir: usize, sq: usize, blockers: u64) -> u64 {
    let ray = RAYS[dir][sq];
    let hit = ray & blockers;
    if hit == 0 {
        return ray;
    }
    let first = if dir < 4 {
        hit.trailing_zeros() as usize
    } else {
        63 - hit.leading_zeros() as usize
    };
    ray ^ RAYS[dir][first]
}

/// A rook's attacks from `sq`: along ranks and files up to and including the first blocker.
#[inline]
pub(crate) fn rook_attacks(sq: usize, blockers: u64) -> u64 {
    ray_attacks(0, sq, blockers)
        | ray_attacks(1, sq, blockers)
        | ray_attacks(4, sq, blockers)
        | ray_attacks(5, sq, blockers)
}

/// A bishop's attacks from `sq`: along diagonals up to and including the first blocker.
#[inline]
pub(crate) fn bishop_attacks(sq: usize, blockers: u64) -> u64 {
    ray_attacks(2, sq, blockers)
        | ray_attacks(3, sq, blockers)
        | ray_attacks(6, sq, blockers)
        | ray_attacks(7, sq, blockers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_stepping() {
        // d4 = 27: a knight has 8 jumps, a king 8 steps.
        assert_eq!(KNIGHT[27].count_ones(), 8);
        assert_eq!(KING[0].count_ones(), 3);
        assert_eq!(WITHIN_TWO[27].count_ones(), 24);
        assert_eq!(PAWN[0][8], bit(17));
        assert_eq!(PAWN[1][17], bit(8) | bit(10));
        // A rook on a1 with a blocker on a4 and on d1.
        let a = rook_attacks(0, bit(24) | bit(3));
        assert_eq!(a, bit(8) | bit(16) | bit(24) | bit(1) | bit(2) | bit(3));
        assert_eq!(bishop_attacks(0, 0).count_ones(), 7);
        assert_eq!(BETWEEN[0][63].count_ones(), 6);
        assert_eq!(BETWEEN[0][10], 0);
        assert_eq!(LINE[0][9].count_ones(), 8);
        assert_eq!(LINE[0][10], 0);
    }
}
