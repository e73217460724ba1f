//! Ash & Walnut with the expansion creatures (the Jay, Squirrel and Hedgehog: Hive's Mosquito,
//! Ladybug and Pillbug): perft against nokamute's counts (`tests/perft/hive.perft`), and a
//! hand-made position for each of their rules and each exception of the Hedgehog's carry.

use carved_tables::rules::hive::board::Board;
use carved_tables::rules::hive::movegen::{self, Scratch};
use carved_tables::rules::hive::record::GameRecord;
use carved_tables::rules::hive::state::Illegal;
use carved_tables::rules::hive::words::{describe, move_destinations};
use carved_tables::rules::hive::{GameType, Hex, Move, Piece, SetupError, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn p(name: &str) -> Piece {
    Piece::parse(name).unwrap_or_else(|| panic!("bad piece {name}"))
}

fn h(q: i16, r: i16) -> Hex {
    Hex::new(q, r)
}

/// A hand-made `Base+MLP` position from `(q, r, "wQ bB1")` stacks (bottom first), ash to move,
/// with the piece moved on the last turn.
fn setup_stunned(stacks: &[(i16, i16, &str)], stunned: Option<&str>) -> State {
    let owned: Vec<(Hex, Vec<Piece>)> = stacks
        .iter()
        .map(|&(q, r, names)| (h(q, r), names.split_whitespace().map(p).collect()))
        .collect();
    let refs: Vec<(Hex, &[Piece])> = owned.iter().map(|(x, v)| (*x, &v[..])).collect();
    State::setup_game(GameType::MLP, &refs, 8, stunned.map(p)).unwrap()
}

fn setup(stacks: &[(i16, i16, &str)]) -> State {
    setup_stunned(stacks, None)
}

fn dests(state: &State, piece: &str) -> Vec<Hex> {
    move_destinations(state, p(piece))
}

fn sorted(mut v: Vec<Hex>) -> Vec<Hex> {
    v.sort();
    v
}

fn shift(state: &State, piece: &str, to: Hex) -> Move {
    let piece = p(piece);
    let from = state.board().position(piece).unwrap();
    Move::Shift { piece, from, to }
}

/// The lines of `tests/perft/hive.perft` with depth at most / exactly as asked.
fn perft_lines(keep: impl Fn(u32) -> bool) -> Vec<(u32, u64, String)> {
    include_str!("perft/hive.perft")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut w = l.splitn(3, ' ');
            let d = w.next().unwrap().parse().unwrap();
            let n = w.next().unwrap().parse().unwrap();
            (d, n, w.next().unwrap().to_string())
        })
        .filter(|(d, _, _)| keep(*d))
        .collect()
}

fn check_perft(lines: &[(u32, u64, String)]) {
    let mut scratch = Scratch::new();
    for (depth, expected, game) in lines {
        let state = State::from_game_string(game).unwrap_or_else(|e| panic!("{game}: {e}"));
        let mut board = state.board().clone();
        let n = movegen::perft(&mut board, *depth, &mut scratch, &mut Vec::new());
        assert_eq!(n, *expected, "depth {depth} of {game}");
        assert!(board == *state.board(), "perft leaves the board as it was");
    }
}

#[test]
fn perft_equals_nokamute_from_every_start_and_at_depth_3_from_random_positions() {
    let lines = perft_lines(|d| d <= 3);
    assert_eq!(lines.len(), 8 * 3 + 104);
    check_perft(&lines);
    // Depth 4 from every start.
    let starts: Vec<_> = perft_lines(|d| d == 4)
        .into_iter()
        .filter(|l| !l.2.contains(';'))
        .collect();
    assert_eq!(starts.len(), 8);
    check_perft(&starts);
}

#[test]
#[ignore = "a minute in release: cargo test --release --no-default-features --test hive_expansions -- --ignored"]
fn perft_equals_nokamute_at_depth_5_from_every_start_and_depth_4_from_random_positions() {
    let lines: Vec<_> = perft_lines(|d| d >= 4)
        .into_iter()
        .filter(|l| l.0 == 4 || !l.2.contains(';'))
        .collect();
    check_perft(&lines);
}

#[test]
#[ignore = "several minutes in release: cargo test --release --no-default-features --test hive_expansions -- --ignored"]
fn perft_equals_nokamute_at_depth_5_from_random_positions() {
    let lines: Vec<_> = perft_lines(|d| d == 5)
        .into_iter()
        .filter(|l| l.2.contains(';'))
        .collect();
    assert!(lines.len() >= 17, "{} positions", lines.len());
    check_perft(&lines);
}

#[test]
fn each_game_type_has_its_creatures_in_the_reserves() {
    for game in GameType::all() {
        let s = State::from_game_string(&game.to_string()).unwrap();
        assert_eq!(s.game_type(), game);
        let first: Vec<char> = s
            .legal_moves()
            .iter()
            .map(|m| m.piece().unwrap().creature().letter())
            .collect();
        for (c, letter) in [("M", 'M'), ("L", 'L'), ("P", 'P')] {
            let has = game.to_string().contains(c);
            assert_eq!(first.contains(&letter), has, "{game}: {first:?}");
        }
    }
    // A piece of a creature not in the game is refused, as a move and in a hand-made position.
    let base = State::new();
    assert!(base.parse_move("wM").is_err());
    let err = State::setup_game(GameType::BASE, &[(h(0, 0), &[p("wP")][..])], 0, None);
    assert_eq!(err.unwrap_err(), SetupError::NotInGame(p("wP")));
}

#[test]
fn game_strings_saves_and_records_of_every_game_type_read_back() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for game in GameType::all() {
        let mut s = State::from_game_string(&game.to_string()).unwrap();
        for _ in 0..60 {
            if s.outcome().is_some() {
                break;
            }
            let moves = s.legal_moves();
            let m = moves[rng.random_range(0..moves.len())];
            // Every MoveString reads back to the same move.
            assert_eq!(
                s.parse_move(&s.move_string(m)),
                Ok(m),
                "{}",
                s.game_string()
            );
            s.play(m).unwrap();
        }
        let text = s.game_string();
        assert!(text.starts_with(&format!("{game};")), "{text}");
        let back = State::from_game_string(&text).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.board().stunned(), s.board().stunned());
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
        let record = GameRecord::of_game(
            &s,
            carved_tables::fair::Seed([3; 32]),
            ["a (person)".into(), "b (person)".into()],
            carved_tables::fair::SeatOrder::First,
            &[],
        );
        let text = record.to_text();
        assert_eq!(text.contains("\ngame "), game != GameType::BASE, "{text}");
        assert_eq!(GameRecord::parse(&text).unwrap(), record);
    }
    for bad in [
        "Base+X",
        "Base+MM",
        "Base+",
        "Mzinga",
        "Base+MLP;InProgress;White[1]",
    ] {
        assert!(State::from_game_string(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_jay_touching_only_a_jay_cannot_move() {
    let s = setup(&[(0, 0, "wM"), (1, 0, "bM"), (2, 0, "bQ"), (3, 0, "wQ")]);
    assert!(dests(&s, "wM").is_empty());
}

#[test]
fn a_jay_moves_as_the_creatures_it_touches() {
    // Touching a walnut Hare only: the Hare's jump, nothing else.
    let s = setup(&[(0, 0, "wM"), (1, 0, "bG1"), (2, 0, "bQ"), (3, 0, "wQ")]);
    assert_eq!(dests(&s, "wM"), vec![h(4, 0)]);
    // Touching a Hare and an Owl: the jump and the Owl's steps, onto the Hare included.
    let s = setup(&[
        (0, 0, "wM"),
        (1, 0, "bG1"),
        (0, 1, "bB1"),
        (2, 0, "bQ"),
        (3, 0, "wQ"),
    ]);
    let d = dests(&s, "wM");
    assert!(
        d.contains(&h(4, 0)) && d.contains(&h(1, 0)) && d.contains(&h(0, 1)),
        "{d:?}"
    );
}

#[test]
fn a_jay_on_the_group_moves_only_as_an_owl() {
    // On top of a Hare, beside another Hare: as an Owl, one step anywhere; no jump.
    let s = setup(&[(0, 0, "bG1 wM"), (1, 0, "bG2"), (2, 0, "bQ"), (-1, 0, "wQ")]);
    assert_eq!(
        sorted(dests(&s, "wM")),
        sorted(h(0, 0).neighbours().to_vec())
    );
    assert!(!dests(&s, "wM").contains(&h(3, 0)));
}

#[test]
fn a_jay_beside_a_hedgehog_carries_and_a_carry_that_walks_is_one_move() {
    // The ash Jay touches the walnut Hedgehog and the ash Elder. The Hedgehog holds the group,
    // the Elder does not: the Jay may carry the Elder to each empty cell it touches.
    let s = setup(&[(0, 0, "wM"), (1, 0, "bP"), (2, 0, "bQ"), (-1, 0, "wQ")]);
    let carried = vec![h(0, 1), h(-1, 1), h(0, -1), h(1, -1)];
    assert_eq!(sorted(dests(&s, "wQ")), sorted(carried));
    // The Elder walks to two of those cells too: still four moves, each listed once.
    let elder_moves = s
        .legal_moves()
        .into_iter()
        .filter(|m| m.piece() == Some(p("wQ")));
    assert_eq!(elder_moves.count(), 4);
    assert!(dests(&s, "bP").is_empty() && dests(&s, "wM").is_empty());
    // The same Jay on a stack beside the Hedgehog moves as an Owl and carries nothing.
    // The Elder only walks.
    let s = setup(&[(0, 0, "bG1 wM"), (1, 0, "bP"), (2, 0, "bQ"), (-1, 0, "wQ")]);
    assert_eq!(sorted(dests(&s, "wQ")), sorted(vec![h(-1, 1), h(0, -1)]));
}

#[test]
fn the_squirrel_climbs_two_tops_and_comes_down_never_where_it_began() {
    let s = setup(&[(0, 0, "wL"), (1, 0, "wQ"), (2, 0, "bQ"), (3, 0, "bA1")]);
    assert_eq!(
        sorted(dests(&s, "wL")),
        sorted(vec![h(2, 1), h(1, 1), h(2, -1), h(3, -1)])
    );
    // A second top beside its start: coming down there is fine, but never onto its own cell.
    let s = setup(&[(0, 0, "wL"), (1, 0, "wQ"), (1, -1, "bQ"), (2, -1, "bA1")]);
    let expected = vec![
        h(0, -1),
        h(1, -2),
        h(2, -2),
        h(3, -1),
        h(2, 0),
        h(3, -2),
        h(1, 1),
        h(0, 1),
    ];
    assert_eq!(sorted(dests(&s, "wL")), sorted(expected));
}

#[test]
fn the_squirrel_passes_no_gate_of_higher_stacks_on_the_group() {
    // Its only way on: up onto the Elder (1, 0), then east to the Otter (2, 0), between two
    // stacks of two. Without the Owls the step is open.
    let open = setup(&[
        (0, 0, "wL"),
        (1, 0, "wQ"),
        (2, 0, "bA1"),
        (2, -1, "bQ"),
        (1, 1, "bA2"),
    ]);
    let shut = setup(&[
        (0, 0, "wL"),
        (1, 0, "wQ"),
        (2, 0, "bA1"),
        (2, -1, "bQ bB1"),
        (1, 1, "bA2 bB2"),
    ]);
    assert!(dests(&open, "wL").contains(&h(3, 0)));
    assert!(!dests(&shut, "wL").contains(&h(3, 0)));
}

/// The ash Hedgehog at the origin, a walnut Otter at its north-west and the Elders east.
const CARRY: &[(i16, i16, &str)] = &[(0, 0, "wP"), (0, -1, "bA1"), (1, 0, "bQ"), (2, 0, "wQ")];

#[test]
fn the_hedgehog_carries_a_touching_piece_to_each_empty_cell_it_touches() {
    let s = setup(CARRY);
    let to = vec![h(0, 1), h(-1, 1), h(-1, 0), h(1, -1)];
    assert_eq!(sorted(dests(&s, "bA1")), sorted(to.clone()));
    // Words, notation and the move itself.
    let m = shift(&s, "bA1", h(0, 1));
    let text = s.move_string(m);
    assert_eq!(s.parse_move(&text), Ok(m), "{text}");
    let words = carved_tables::i18n::english(&describe(s.board(), m));
    assert!(
        words.contains("Carry") && words.contains("Hedgehog"),
        "{words}"
    );
    let mut next = s.clone();
    next.play(m).unwrap();
    assert_eq!(next.board().position(p("bA1")), Some(h(0, 1)));
    assert_eq!(next.board().stunned(), Some(p("bA1")));
}

#[test]
fn the_hedgehog_may_not_carry_a_piece_that_holds_the_group() {
    // bQ is between the Hedgehog and the ash Elder.
    let s = setup(CARRY);
    assert!(dests(&s, "bQ").is_empty());
    let m = shift(&s, "bQ", h(0, 1));
    assert_eq!(s.why_illegal(m), Illegal::HoldsTheGroup(p("bQ")));
}

#[test]
fn the_hedgehog_may_not_carry_the_piece_moved_on_the_last_turn() {
    let s = setup_stunned(CARRY, Some("bA1"));
    assert!(dests(&s, "bA1").is_empty());
    let m = shift(&s, "bA1", h(0, 1));
    assert_eq!(s.why_illegal(m), Illegal::Stunned(p("bA1")));
    assert!(s.clone().play(m).is_err());
}

#[test]
fn the_hedgehog_may_not_carry_a_piece_in_a_stack() {
    let s = setup(&[(0, 0, "wP"), (0, -1, "bA1 bB1"), (1, 0, "bQ"), (2, 0, "wQ")]);
    assert!(dests(&s, "bB1").is_empty());
    let m = shift(&s, "bB1", h(0, 1));
    assert_eq!(s.why_illegal(m), Illegal::CarryStacked(p("bB1")));
}

#[test]
fn a_covered_or_stunned_hedgehog_carries_nothing() {
    let covered = setup(&[(0, 0, "wP bB1"), (0, -1, "bA1"), (1, 0, "bQ"), (2, 0, "wQ")]);
    // Walnut's Owl on the Hedgehog: ash's turn, and nothing carries the Otter.
    assert!(dests(&covered, "bA1").is_empty());
    let stunned = setup_stunned(CARRY, Some("wP"));
    assert!(dests(&stunned, "bA1").is_empty());
    assert!(dests(&stunned, "wP").is_empty(), "nor does it move");
    let m = shift(&stunned, "bA1", h(0, 1));
    assert_eq!(stunned.why_illegal(m), Illegal::Stunned(p("wP")));
}

#[test]
fn the_carry_passes_no_gate_of_higher_stacks() {
    // Down: to (0, 1) between two stacks of two (east and south-west of the Hedgehog).
    let open = setup(&[(0, 0, "wP"), (0, -1, "bA1"), (1, 0, "bQ"), (-1, 1, "wQ")]);
    let shut = setup(&[
        (0, 0, "wP"),
        (0, -1, "bA1"),
        (1, 0, "bQ bB1"),
        (-1, 1, "wQ wB1"),
    ]);
    assert!(dests(&open, "bA1").contains(&h(0, 1)));
    assert_eq!(
        sorted(dests(&shut, "bA1")),
        sorted(vec![h(-1, 0), h(1, -1)])
    );
    // Up: the Otter between two stacks of two cannot be lifted at all.
    let open = setup(&[(0, 0, "wP"), (0, -1, "bA1"), (-1, 0, "wQ"), (1, -1, "bQ")]);
    let shut = setup(&[
        (0, 0, "wP"),
        (0, -1, "bA1"),
        (-1, 0, "wQ wB1"),
        (1, -1, "bQ bB1"),
    ]);
    assert!(!dests(&open, "bA1").is_empty());
    assert!(dests(&shut, "bA1").is_empty());
    let m = shift(&shut, "bA1", h(0, 1));
    assert_eq!(
        shut.why_illegal(m),
        Illegal::CannotCarry {
            piece: p("bA1"),
            to: h(0, 1)
        }
    );
}

#[test]
fn a_carried_piece_may_not_move_on_its_owners_next_turn() {
    let mut s = setup(CARRY);
    s.play(shift(&s, "bA1", h(-1, 0))).unwrap();
    // Walnut to move: its Otter was carried and stays put this turn.
    assert!(dests(&s, "bA1").is_empty());
    let m = Move::Shift {
        piece: p("bA1"),
        from: h(-1, 0),
        to: h(-1, 1),
    };
    assert_eq!(s.why_illegal(m), Illegal::Stunned(p("bA1")));
    // The same table with nothing stunned: the Otter could go.
    let stacks: Vec<(Hex, Vec<Piece>)> = s
        .board()
        .tops()
        .map(|(_, at)| (at, s.board().stack(at).pieces().collect()))
        .collect();
    let refs: Vec<(Hex, &[Piece])> = stacks.iter().map(|(x, v)| (*x, &v[..])).collect();
    let fresh = State::setup_game(GameType::MLP, &refs, s.ply(), None).unwrap();
    assert!(!dests(&fresh, "bA1").is_empty());
    // After walnut's move and ash's, it moves again.
    let other = s.legal_moves()[0];
    s.play(other).unwrap();
    assert_eq!(
        s.board().stunned(),
        other
            .piece()
            .filter(|_| matches!(other, Move::Shift { .. }))
    );
    // Undo brings back the stunned piece of before.
    s.undo().unwrap();
    assert_eq!(s.board().stunned(), Some(p("bA1")));
    s.undo().unwrap();
    assert_eq!(s.board().stunned(), None);
    assert_eq!(s, setup(CARRY));
}

#[test]
fn the_board_is_the_same_after_apply_and_revert_in_random_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut scratch = Scratch::new();
    let mut list = Vec::new();
    for _ in 0..20 {
        let mut s = State::new_game(GameType::MLP);
        while s.outcome().is_none() && s.ply() < 80 {
            let board = s.board().clone();
            movegen::generate(&board, &mut scratch, &mut list);
            assert_eq!(list, s.legal_moves());
            assert_eq!(
                movegen::count_moves(&board, &mut scratch),
                list.len() as u64
            );
            let mut dedup = list.clone();
            dedup.sort_by_key(|m| format!("{m:?}"));
            dedup.dedup();
            assert_eq!(
                dedup.len(),
                list.len(),
                "a move listed twice: {}",
                s.game_string()
            );
            for &m in &list {
                let mut b: Board = board.clone();
                b.apply(m);
                b.revert(m);
                assert!(b == board && b.hash() == board.hash());
            }
            let m = list[rng.random_range(0..list.len())];
            s.play(m).unwrap();
        }
    }
}
