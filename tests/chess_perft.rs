//! Perft of Artifact Chess against an independent chess move generator (shakmaty): on positions
//! without queens, wounds, impassable squares or cards, and with every attempt succeeding, our
//! action count must equal chess perft without the queen promotions.

use carved_tables::rules::chess::{
    Army, AttemptResult, Colour, DiceRng, QUEENLESS_START, State, movegen, parse_position, perft,
    start_state,
};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// Chess perft counting only moves that do not promote to a queen.
fn queenless_perft(pos: &Chess, depth: u32) -> u64 {
    let moves: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.promotion() != Some(shakmaty::Role::Queen))
        .collect();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            queenless_perft(&next, depth - 1)
        })
        .sum()
}

/// The first six fields of our position string, read by shakmaty.
fn to_shakmaty(state: &State) -> Chess {
    let text = state.to_string();
    let fen: Vec<&str> = text.split(' ').take(6).collect();
    let fen: Fen = fen.join(" ").parse().expect("our FEN is chess FEN");
    fen.into_position(CastlingMode::Standard)
        .or_else(shakmaty::PositionError::ignore_too_much_material)
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .expect("a legal chess position")
}

/// Queenless positions: the queenless start and random armies, each walked a random number of
/// random actions forward with every attempt succeeding (so it stays plain chess).
fn positions(count: usize, seed: u64) -> Vec<State> {
    let mut rng = DiceRng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut state = if rng.below(3) == 0 {
            parse_position(QUEENLESS_START).unwrap()
        } else {
            let w = Army::random(Colour::White, &mut rng, 10, 15);
            let b = Army::random(Colour::Black, &mut rng, 10, 15);
            // Without the dealt cards: plain chess.
            let dealt = start_state(&w, &b, 0).to_string();
            let fen: Vec<&str> = dealt.split(' ').take(6).collect();
            parse_position(&fen.join(" ")).unwrap()
        };
        let plies = rng.below(40);
        for _ in 0..plies {
            let actions = state.legal_actions();
            if actions.is_empty() {
                break;
            }
            let a = actions[rng.below(actions.len() as u64) as usize];
            state = state
                .apply_with_result(&a, AttemptResult::Success)
                .unwrap()
                .0;
        }
        // Blind set-ups may start with the side not to act in check, which chess never has.
        let opposite_check = movegen::in_check(state.board(), state.turn().other());
        if state.end().is_none() && !opposite_check {
            out.push(state);
        }
    }
    out
}

#[test]
fn queenless_start_matches_chess() {
    let state = parse_position(QUEENLESS_START).unwrap();
    let chess = to_shakmaty(&state);
    for depth in 1..=3 {
        assert_eq!(
            perft(&state, depth),
            queenless_perft(&chess, depth),
            "depth {depth}"
        );
    }
}

#[test]
fn hundred_random_queenless_positions_match_chess_at_depth_3() {
    let mut total = 0;
    for (i, state) in positions(100, 2026).iter().enumerate() {
        let ours = perft(state, 3);
        let theirs = queenless_perft(&to_shakmaty(state), 3);
        assert_eq!(ours, theirs, "position {i}: {state}");
        total += ours;
    }
    println!("100 positions, depth 3: {total} actions in all, equal to shakmaty's count");
    assert!(total > 100_000, "the positions are not trivial: {total}");
}

/// Tricky chess positions (promotions, en passant, castling through check), queens removed.
#[test]
fn tricky_positions_match_chess() {
    for fen in [
        "r3k2r/p1ppRpb1/bn2pnp1/3PN3/1p2P3/2N4p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/5N2/Pp1P2PP/R4RK1 w kq - 0 1",
        "rnb2k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNB1K2R w KQ - 1 8",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    ] {
        let state = parse_position(fen).unwrap();
        let chess = to_shakmaty(&state);
        for depth in 1..=3 {
            assert_eq!(
                perft(&state, depth),
                queenless_perft(&chess, depth),
                "{fen} depth {depth}"
            );
        }
    }
}

/// The long run: `cargo test --no-default-features --release --test chess_perft -- --ignored`.
#[test]
#[ignore]
fn thousand_random_queenless_positions_match_chess_at_depth_4() {
    let mut total = 0;
    for (i, state) in positions(1000, 7).iter().enumerate() {
        let ours = perft(state, 4);
        let theirs = queenless_perft(&to_shakmaty(state), 4);
        assert_eq!(ours, theirs, "position {i}: {state}");
        total += ours;
    }
    println!("1000 positions, depth 4: {total} actions in all, equal to shakmaty's count");
}
