//! Cross-checks Snēlab's move generator against a second, deliberately naive one written here
//! straight from the spec (routes from the piece glyphs, payments by trying every subset of the
//! mover's pieces), through perft and along random playouts on several courts.

use carved_tables::rules::snelab::{
    Action, Court, Position, Rank, Side, Square, apply, legal_actions, outcome, perft,
};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

/// An action as plain data: from, to, and the paying squares sorted.
type Plain = (Square, Square, Vec<Square>);

fn plain(a: &Action) -> Plain {
    let mut pay = a
        .payment()
        .map(|p| p.squares().to_vec())
        .unwrap_or_default();
    pay.sort();
    (a.from(), a.to(), pay)
}

fn on_its_bench(p: &Position, side: Side) -> bool {
    let row = match side {
        Side::South => p.court().height() - 1,
        Side::North => 0,
    };
    p.pieces()
        .any(|(s, piece)| piece.side == side && s.row == row)
}

/// Every legal action, found the slow way.
fn naive_actions(p: &Position) -> BTreeSet<Plain> {
    let mut out = BTreeSet::new();
    if on_its_bench(p, Side::South) || on_its_bench(p, Side::North) {
        return out;
    }
    let me = p.to_move();
    let forward: i32 = if me == Side::South { 1 } else { -1 };
    let court = p.court();
    let own: Vec<(Square, u8)> = p
        .pieces()
        .filter(|(_, piece)| piece.side == me)
        .map(|(s, piece)| (s, piece.rank.weight()))
        .collect();
    for &(from, _) in &own {
        let piece = p.get(from).unwrap();
        let backs: &[i32] = if p.backward_captures() {
            &[1, -1]
        } else {
            &[1]
        };
        for mirror in [1, -1] {
            for &back in backs {
                let route: Vec<Option<Square>> = piece
                    .rank
                    .glyph()
                    .iter()
                    .map(|&(x, y)| {
                        court.square(
                            from.file as i32 + x as i32 * mirror,
                            from.row as i32 + y as i32 * forward * back,
                        )
                    })
                    .collect();
                if route.iter().any(Option::is_none) {
                    continue;
                }
                let route: Vec<Square> = route.into_iter().flatten().collect();
                let (last, between) = route.split_last().unwrap();
                if between.iter().any(|&s| p.get(s).is_some()) {
                    continue;
                }
                match p.get(*last) {
                    None if back == 1 => {
                        out.insert((from, *last, Vec::new()));
                    }
                    Some(enemy) if enemy.side != me => {
                        let payers: Vec<(Square, u8)> =
                            own.iter().copied().filter(|&(s, _)| s != from).collect();
                        for mask in 1u32..(1 << payers.len()) {
                            let chosen: Vec<(Square, u8)> = (0..payers.len())
                                .filter(|i| mask & (1 << i) != 0)
                                .map(|i| payers[i])
                                .collect();
                            let sum: u32 = chosen.iter().map(|&(_, w)| w as u32).sum();
                            if sum == enemy.rank.weight() as u32 {
                                let mut pay: Vec<Square> = chosen.iter().map(|&(s, _)| s).collect();
                                pay.sort();
                                out.insert((from, *last, pay));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    out
}

fn naive_apply(p: &Position, (from, to, pay): &Plain) -> Position {
    let mut next = p.clone();
    for &s in pay {
        next.set(s, None);
    }
    let piece = next.get(*from);
    next.set(*from, None);
    next.set(*to, piece);
    next.set_to_move(p.to_move().opponent());
    next
}

fn naive_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    naive_actions(p)
        .iter()
        .map(|a| naive_perft(&naive_apply(p, a), depth - 1))
        .sum()
}

fn courts() -> Vec<Position> {
    let wide = Position::opening(
        Court::new(9, 7).unwrap(),
        &[
            Rank::Bailiff,
            Rank::Advocate,
            Rank::Barrister,
            Rank::Justice,
            Rank::Advocate,
            Rank::Justice,
            Rank::Barrister,
            Rank::Advocate,
            Rank::Bailiff,
        ],
        Side::North,
        true,
    )
    .unwrap();
    let mut forward_only = Position::start();
    forward_only.set_backward_captures(false);
    vec![
        Position::start(),
        forward_only,
        "babab/5/5/5/BABAB S +a".parse().unwrap(),
        wide,
        "3j3/2b1r2/1A1a3/3R3/2b1B2/1AB4/7 S +a".parse().unwrap(),
    ]
}

#[test]
fn perft_agrees_with_the_naive_generator() {
    for (p, depth) in courts().into_iter().zip([4, 4, 4, 3, 3]) {
        for d in 1..=depth {
            assert_eq!(perft(&p, d), naive_perft(&p, d), "{p} depth {d}");
        }
    }
}

#[test]
fn actions_agree_with_the_naive_generator_along_random_playouts() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for start in courts() {
        for _ in 0..40 {
            let mut p = start.clone();
            loop {
                let fast = legal_actions(&p);
                let fast_set: BTreeSet<Plain> = fast.iter().map(plain).collect();
                assert_eq!(fast_set.len(), fast.len(), "no action is listed twice: {p}");
                assert_eq!(fast_set, naive_actions(&p), "{p}");
                let Some(a) = fast.choose(&mut rng) else {
                    assert!(outcome(&p).is_some());
                    break;
                };
                let next = apply(&p, a).unwrap();
                assert_eq!(next, naive_apply(&p, &plain(a)));
                p = next;
            }
        }
    }
}
