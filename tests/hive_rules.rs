//! Ash & Walnut rules: perft against the published base-game table, and hand-made positions
//! for each creature and each rule of `spec/ash-and-walnut.md`.

use carved_tables::i18n::{Explain, english};
use carved_tables::rules::hive::board::Board;
use carved_tables::rules::hive::movegen::{self, Scratch};
use carved_tables::rules::hive::state::Illegal;
use carved_tables::rules::hive::words::{describe, move_destinations, placement_destinations};
use carved_tables::rules::hive::{
    Colour, Creature, DrawReason, Hex, Move, Outcome, PLY_LIMIT, Piece, RuleError, SetupError,
    State,
};

fn p(name: &str) -> Piece {
    Piece::parse(name).unwrap_or_else(|| panic!("bad piece {name}"))
}

fn h(q: i16, r: i16) -> Hex {
    Hex::new(q, r)
}

/// A hand-made position from `(q, r, "wQ bB1")` stacks (bottom first).
fn setup(stacks: &[(i16, i16, &str)], ply: usize) -> State {
    let owned: Vec<(Hex, Vec<Piece>)> = stacks
        .iter()
        .map(|&(q, r, names)| (h(q, r), names.split_whitespace().map(p).collect()))
        .collect();
    let refs: Vec<(Hex, &[Piece])> = owned.iter().map(|(x, v)| (*x, &v[..])).collect();
    State::setup(&refs, ply).unwrap()
}

fn dests(state: &State, piece: &str) -> Vec<Hex> {
    move_destinations(state, p(piece))
}

fn sorted(mut v: Vec<Hex>) -> Vec<Hex> {
    v.sort();
    v
}

fn perft(depth: u32) -> u64 {
    movegen::perft(
        &mut Board::new(),
        depth,
        &mut Scratch::new(),
        &mut Vec::new(),
    )
}

#[test]
fn perft_matches_the_published_table_to_depth_6() {
    let expected = [4, 96, 1440, 21600, 516240, 12_219_480];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn perft_counts_the_last_ply_as_listing_it_would() {
    for depth in 1..=5 {
        let listed = movegen::perft_listing(
            &mut Board::new(),
            depth,
            &mut Scratch::new(),
            &mut Vec::new(),
        );
        assert_eq!(listed, perft(depth), "depth {depth}");
    }
    let s = State::from_game_string(
        "Base;InProgress;White[6];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wQ;bA1 bQ/;wB1 /wA1;bB1 bA1\\;wG1 -wB1;bG1 bB1-",
    )
    .unwrap();
    let mut scratch = Scratch::new();
    for depth in 1..=3 {
        let counted = movegen::perft(&mut s.board().clone(), depth, &mut scratch, &mut Vec::new());
        let listed =
            movegen::perft_listing(&mut s.board().clone(), depth, &mut scratch, &mut Vec::new());
        assert_eq!(counted, listed, "depth {depth}");
    }
}

#[test]
#[ignore = "about 6 s in release: cargo test --release --no-default-features --test hive_rules -- --ignored"]
fn perft_depth_7_matches_the_published_table() {
    assert_eq!(perft(7), 181_641_900);
}

#[test]
fn first_turns_follow_the_opening_rules() {
    let s = State::new();
    let moves = s.legal_moves();
    assert_eq!(moves.len(), 4, "four creatures, one cell, no Elder");
    assert!(
        moves
            .iter()
            .all(|m| m.piece().map(Piece::creature) != Some(Creature::Elder))
    );
    assert!(moves.iter().all(|m| m.to() == Some(Hex::new(0, 0))));
    let s = State::from_game_string("Base;InProgress;Black[1];wS1").unwrap();
    let cells = placement_destinations(&s, Creature::Hare);
    assert_eq!(
        cells.len(),
        6,
        "the second piece touches the first, colour aside"
    );
    assert!(placement_destinations(&s, Creature::Elder).is_empty());
}

#[test]
fn placement_touches_own_pieces_and_none_of_the_other_player() {
    let s = State::from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-").unwrap();
    let cells = placement_destinations(&s, Creature::Otter);
    // Line wS1 (0,0), bS1 (1,0): only the three cells on the far side of wS1.
    assert_eq!(sorted(cells), sorted(vec![h(-1, 0), h(-1, 1), h(0, -1)]));
    // An Owl on top of a walnut piece makes that cell ash for placement.
    let s = setup(&[(0, 0, "wQ"), (1, 0, "bQ wB1"), (2, 0, "bA1")], 8);
    let cells = placement_destinations(&s, Creature::Hare);
    assert!(cells.contains(&h(1, -1)) && cells.contains(&h(0, 1)));
    assert!(!cells.contains(&h(2, -1)), "touches bA1");
}

#[test]
fn the_elder_must_be_placed_by_the_fourth_turn() {
    let s = State::from_game_string(
        "Base;InProgress;White[4];wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-;wG1 -wA1;bG1 bA1-",
    )
    .unwrap();
    let moves = s.legal_moves();
    assert!(!moves.is_empty());
    assert!(
        moves
            .iter()
            .all(|m| matches!(m, Move::Place { piece, .. } if piece.creature() == Creature::Elder)),
        "only the Elder: {moves:?}"
    );
}

#[test]
fn no_moves_before_the_elder_is_on_the_table() {
    let s =
        State::from_game_string("Base;InProgress;White[3];wS1;bS1 wS1-;wA1 -wS1;bQ bS1-").unwrap();
    assert!(
        s.legal_moves()
            .iter()
            .all(|m| matches!(m, Move::Place { .. }))
    );
    // Walnut has its Elder out: it may move as well as place.
    let s =
        State::from_game_string("Base;InProgress;Black[3];wS1;bS1 wS1-;wA1 -wS1;bQ bS1-;wQ \\wS1")
            .unwrap();
    assert!(
        s.legal_moves()
            .iter()
            .any(|m| matches!(m, Move::Shift { .. }))
    );
}

/// A hole at (1,0): five pieces and the ash Elder around it.
fn ring_with_a_hole() -> State {
    setup(
        &[
            (0, 0, "wQ"),
            (1, -1, "bA1"),
            (2, -1, "bA2"),
            (2, 0, "bQ"),
            (1, 1, "bG1"),
            (0, 1, "bG2"),
        ],
        10,
    )
}

#[test]
fn a_gate_too_narrow_stops_a_sliding_piece() {
    let s = ring_with_a_hole();
    let d = dests(&s, "wQ");
    assert!(
        !d.contains(&h(1, 0)),
        "the Elder cannot squeeze into the hole"
    );
    assert_eq!(sorted(d), sorted(vec![h(0, -1), h(-1, 1)]));
    // The Elder is not pinned: the ring holds together without it.
    let s2 = setup(&[(0, 0, "wQ"), (1, -1, "bA1"), (0, 1, "bG2")], 10);
    assert!(
        dests(&s2, "wQ").is_empty(),
        "here it holds the group together"
    );
}

#[test]
fn an_otter_slides_around_the_group_but_not_through_gates() {
    let s = setup(
        &[
            (0, 0, "wQ"),
            (1, -1, "bA1"),
            (2, -1, "bA2"),
            (2, 0, "bQ"),
            (1, 1, "bG1"),
            (0, 1, "bG2"),
            (-1, 0, "wA1"),
        ],
        12,
    );
    let d = dests(&s, "wA1");
    assert!(!d.contains(&h(1, 0)), "the hole is gated");
    assert!(!d.contains(&h(-1, 0)), "not its own cell");
    // Every cell around the group that can be reached by sliding: the outer ring of 12 cells
    // minus the one it stands on... count the empty cells touching the group instead.
    let mut around: Vec<Hex> = Vec::new();
    for (_, c) in s.board().tops() {
        for n in c.neighbours() {
            if !s.board().occupied(n) && !around.contains(&n) && n != h(1, 0) {
                around.push(n);
            }
        }
    }
    // The Otter's own cell empties when it lifts; cells that only touched the Otter do not count.
    let touching_rest: Vec<Hex> = around
        .into_iter()
        .filter(|&n| {
            n.neighbours()
                .iter()
                .any(|&m| m != h(-1, 0) && s.board().occupied(m))
        })
        .collect();
    assert_eq!(sorted(d), sorted(touching_rest));
}

#[test]
fn the_owl_climbs_and_has_its_own_gate_rule() {
    // On the ground the Owl is gated like any sliding piece...
    let s = setup(
        &[
            (0, 0, "wB1"),
            (1, -1, "bA1"),
            (2, -1, "bA2"),
            (2, 0, "bQ"),
            (1, 1, "bG1"),
            (0, 1, "bG2"),
            (-1, 1, "wQ"),
        ],
        12,
    );
    let d = dests(&s, "wB1");
    assert!(!d.contains(&h(1, 0)));
    assert!(
        d.contains(&h(1, -1)) && d.contains(&h(0, 1)),
        "it climbs onto neighbours"
    );
    // ...on top of a stack it passes between single pieces into the hole...
    let s = setup(
        &[
            (0, 0, "bB1 wB1"),
            (1, -1, "bA1"),
            (2, -1, "bA2"),
            (2, 0, "bQ"),
            (1, 1, "bG1"),
            (0, 1, "bG2"),
            (-1, 1, "wQ"),
        ],
        12,
    );
    assert!(dests(&s, "wB1").contains(&h(1, 0)));
    // ...but not between two stacks both higher than its start and its landing.
    let s = setup(
        &[
            (0, 0, "bB1 wB1"),
            (1, -1, "bA1 wB2"),
            (2, -1, "bA2"),
            (2, 0, "bQ"),
            (1, 1, "bG1"),
            (0, 1, "bG2 bB2"),
            (-1, 1, "wQ"),
        ],
        12,
    );
    assert!(!dests(&s, "wB1").contains(&h(1, 0)));
    assert!(
        dests(&s, "wB1").contains(&h(1, -1)),
        "climbing to the same height is fine"
    );
}

#[test]
fn the_piece_under_an_owl_cannot_move_and_the_stack_takes_the_owls_colour() {
    let s = setup(&[(0, 0, "wQ"), (1, 0, "wA1 bB1"), (2, 0, "bQ")], 10);
    assert!(dests(&s, "wA1").is_empty());
    assert!(!s.board().is_on_top(p("wA1")));
    assert_eq!(s.board().top(h(1, 0)), Some(p("bB1")));
}

#[test]
fn a_hare_jumps_lines_but_never_a_gap() {
    let s = setup(
        &[
            (0, 0, "wG1"),
            (1, 0, "bQ"),
            (3, 0, "bA1"),
            (2, -1, "bA2"),
            (3, -1, "bA3"),
            (0, 1, "wQ"),
        ],
        10,
    );
    let d = dests(&s, "wG1");
    assert!(d.contains(&h(2, 0)), "stops at the first empty cell");
    assert!(!d.contains(&h(4, 0)), "never over the gap at (2,0)");
    assert!(d.contains(&h(0, 2)), "over the Elder to the south-east");
    assert_eq!(d.len(), 2, "no jump where no piece is adjacent: {d:?}");
}

#[test]
fn a_fox_takes_exactly_three_steps_and_never_backtracks() {
    // Around a single piece, three steps either way meet at the opposite cell.
    let s = setup(&[(0, 0, "wQ"), (1, 0, "wS1")], 6);
    assert_eq!(dests(&s, "wS1"), vec![h(-1, 0)]);
    // Along a line, one cell over the top and one under.
    let s = setup(
        &[(-1, 0, "wS1"), (0, 0, "wQ"), (1, 0, "bQ"), (2, 0, "bA1")],
        6,
    );
    assert_eq!(sorted(dests(&s, "wS1")), sorted(vec![h(2, -1), h(1, 1)]));
}

#[test]
fn a_pinned_piece_cannot_move_but_an_owl_on_top_of_it_can() {
    let s = setup(&[(0, 0, "wQ"), (1, 0, "wA1"), (2, 0, "bQ")], 10);
    assert!(dests(&s, "wA1").is_empty(), "it holds the group together");
    assert!(!dests(&s, "wQ").is_empty());
    let s = setup(&[(0, 0, "wQ"), (1, 0, "bA1 wB1"), (2, 0, "bQ")], 10);
    assert_eq!(
        dests(&s, "wB1").len(),
        6,
        "on top of a stack it may go anywhere next to it"
    );
}

#[test]
fn a_player_with_nothing_to_do_passes() {
    let s = setup(
        &[(0, 0, "wQ"), (1, 0, "bA1"), (-1, 1, "bA2"), (0, -1, "bQ")],
        6,
    );
    assert_eq!(s.legal_moves(), vec![Move::Pass]);
    let mut s2 = s.clone();
    s2.play(Move::Pass).unwrap();
    assert_eq!(s2.to_move(), Colour::Walnut);
    // A pass is refused when something else is legal.
    let mut s3 = State::new();
    assert_eq!(
        s3.play(Move::Pass),
        Err(RuleError::Illegal {
            mv: Move::Pass,
            why: Illegal::PassWithMoves
        })
    );
}

/// Both Elders side by side, every neighbour filled but (1,-1); an ash Owl on a stack at
/// (0,-1) can step into it.
fn elders_nearly_surrounded(free_extra: bool) -> State {
    let mut stacks = vec![
        (0, 0, "wQ"),
        (1, 0, "bQ"),
        (0, 1, "bA1"),
        (-1, 0, "bA2"),
        (0, -1, "wA1 wB1"),
        (2, 0, "bG1"),
        (1, 1, "bG2"),
        (2, -1, "bS1"),
    ];
    if !free_extra {
        stacks.push((-1, 1, "bA3"));
    }
    setup(&stacks, 20)
}

#[test]
fn surrounding_the_other_elder_wins_and_both_at_once_is_a_draw() {
    let owl_in = Move::Shift {
        piece: p("wB1"),
        from: h(0, -1),
        to: h(1, -1),
    };
    let mut s = elders_nearly_surrounded(false);
    assert_eq!(
        s.play(owl_in),
        Ok(Some(Outcome::Draw(DrawReason::BothEldersSurrounded)))
    );
    assert_eq!(s.legal_moves(), vec![], "no moves after the end");
    assert!(matches!(s.play(Move::Pass), Err(RuleError::GameOver(_))));
    let mut s = elders_nearly_surrounded(true);
    assert_eq!(s.play(owl_in), Ok(Some(Outcome::Win(Colour::Ash))));
    assert!(s.game_string().starts_with("Base;WhiteWins;"));
    s.undo().unwrap();
    assert_eq!(s.outcome(), None);
}

#[test]
fn a_position_for_the_third_time_is_a_draw() {
    let mut s =
        State::from_game_string("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-").unwrap();
    let shuffle = ["wQ \\wS1", "bQ bS1/", "wQ -wS1", "bQ bS1-"];
    for round in 0..2 {
        for (i, text) in shuffle.iter().enumerate() {
            let m = s.parse_move(text).unwrap();
            let result = s.play(m).unwrap();
            if round == 1 && i == 3 {
                assert_eq!(result, Some(Outcome::Draw(DrawReason::Repetition)));
            } else {
                assert_eq!(result, None, "round {round} move {i}");
            }
        }
    }
    assert_eq!(s.repetitions(), 3);
    assert!(s.game_string().starts_with("Base;Draw;"));
}

#[test]
fn two_hundred_plies_is_a_draw() {
    let mut s = setup(&[(0, 0, "wQ"), (1, 0, "bQ")], PLY_LIMIT - 1);
    assert_eq!(s.to_move(), Colour::Walnut);
    let m = s.legal_moves()[0];
    assert_eq!(s.play(m), Ok(Some(Outcome::Draw(DrawReason::PlyLimit))));
    let mut s = setup(&[(0, 0, "wQ"), (1, 0, "bQ")], PLY_LIMIT - 2);
    let m = s.legal_moves()[0];
    assert_eq!(s.play(m), Ok(None));
}

#[test]
fn setup_refuses_impossible_positions() {
    let wq = p("wQ");
    let wa = p("wA1");
    assert_eq!(
        State::setup(&[(h(0, 0), &[wq]), (h(0, 1), &[wq])], 4),
        Err(SetupError::PieceTwice(wq))
    );
    assert_eq!(
        State::setup(&[(h(0, 0), &[wq, wa])], 4),
        Err(SetupError::BadStack(h(0, 0)))
    );
    assert_eq!(
        State::setup(&[(h(0, 0), &[wq]), (h(3, 0), &[wa])], 4),
        Err(SetupError::NotOneGroup)
    );
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut s = State::from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-").unwrap();
    let before = s.clone();
    let far = Move::Place {
        piece: p("wA1"),
        to: h(5, 5),
    };
    assert_eq!(
        s.play(far),
        Err(RuleError::Illegal {
            mv: far,
            why: Illegal::PlacementNotTouchingOwn(h(5, 5))
        })
    );
    assert_eq!(s, before);
}

/// Each refusal names the rule it breaks, in the order a player meets them.
#[test]
fn refusals_say_which_rule() {
    let why = |s: &State, m: Move| match s.clone().play(m) {
        Err(RuleError::Illegal { why, .. }) => why,
        other => panic!("{m:?} gave {other:?}"),
    };
    let start = State::new();
    let place = |piece: &str, q, r| Move::Place {
        piece: p(piece),
        to: h(q, r),
    };
    assert_eq!(why(&start, place("wQ", 0, 0)), Illegal::ElderOnFirstTurn);
    assert_eq!(
        why(&start, place("bS1", 0, 0)),
        Illegal::NotYourPiece(p("bS1"))
    );
    assert_eq!(
        why(&start, place("wS2", 0, 0)),
        Illegal::NotInReserve(p("wS2"))
    );
    assert_eq!(why(&start, place("wS1", 1, 0)), Illegal::FirstInTheMiddle);
    let one = State::from_game_string("Base;InProgress;Black[1];wS1").unwrap();
    assert_eq!(why(&one, place("bS1", 2, 0)), Illegal::MustTouchFirst);
    assert_eq!(why(&one, place("bS1", 0, 0)), Illegal::CellTaken(h(0, 0)));
    let two = State::from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-").unwrap();
    // (2, 0) touches walnut's Fox on (1, 0).
    assert_eq!(
        why(&two, place("wA1", 2, -1)),
        Illegal::PlacementTouchesOpponent(h(2, -1))
    );
    let shift = |s: &State, piece: &str, to: (i16, i16)| {
        let pc = p(piece);
        Move::Shift {
            piece: pc,
            from: s.board().position(pc).unwrap_or(h(9, 9)),
            to: h(to.0, to.1),
        }
    };
    assert_eq!(
        why(&two, shift(&two, "wS1", (0, 1))),
        Illegal::ElderNotPlaced
    );
    // Three turns each without an Elder: the fourth must place it.
    let three = State::from_game_string(
        "Base;InProgress;White[4];wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-;wG1 -wA1;bG1 bA1-",
    )
    .unwrap();
    assert_eq!(why(&three, place("wA2", -3, 0)), Illegal::ElderByFourthTurn);
    // Pieces on the table: where, under an Owl, holding the group, out of reach.
    let s = setup(
        &[(0, 0, "wQ"), (1, 0, "wA1"), (2, 0, "bQ"), (0, 1, "wS1 bB1")],
        6,
    );
    let mv = |piece: &str, from: (i16, i16), to: (i16, i16)| Move::Shift {
        piece: p(piece),
        from: h(from.0, from.1),
        to: h(to.0, to.1),
    };
    assert_eq!(
        why(&s, mv("wQ", (1, 1), (1, -1))),
        Illegal::NotThere(p("wQ"))
    );
    assert_eq!(
        why(&s, mv("wS1", (0, 1), (-1, 1))),
        Illegal::Covered(p("wS1"))
    );
    assert_eq!(
        why(&s, mv("wA1", (1, 0), (3, 0))),
        Illegal::HoldsTheGroup(p("wA1"))
    );
    assert_eq!(
        why(&s, mv("wQ", (0, 0), (5, 5))),
        Illegal::CannotReach {
            piece: p("wQ"),
            to: h(5, 5)
        }
    );
    assert_eq!(
        why(&s, mv("bQ", (2, 0), (3, 0))),
        Illegal::NotYourPiece(p("bQ"))
    );
    // Every reason has words in every language.
    for lang in carved_tables::i18n::Lang::ALL {
        let tr = carved_tables::i18n::Strings::new(lang);
        let text = tr.say(&Illegal::HoldsTheGroup(p("wA1")).explain());
        assert!(!text.contains('{') && !text.contains("hive."), "{text}");
    }
}

#[test]
fn ring_helpers_and_words_describe_the_moves() {
    let s = ring_with_a_hole();
    assert_eq!(dests(&s, "wQ").len(), 2);
    assert!(dests(&s, "bA1").is_empty(), "not the mover's piece");
    let m = Move::Shift {
        piece: p("wQ"),
        from: h(0, 0),
        to: h(0, -1),
    };
    let text = english(&describe(s.board(), m));
    assert!(text.starts_with("Elder from beside the walnut"), "{text}");
    let s = State::from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-").unwrap();
    let m = Move::Place {
        piece: p("wA1"),
        to: h(-1, 0),
    };
    assert_eq!(
        english(&describe(s.board(), m)),
        "Place Otter 1 to the left of the ash Fox 1"
    );
    let s = setup(&[(0, 0, "wQ"), (-1, 0, "wA2"), (1, 0, "bG1")], 10);
    let m = Move::Shift {
        piece: p("wA2"),
        from: h(-1, 0),
        to: h(2, 0),
    };
    assert_eq!(
        english(&describe(s.board(), m)),
        "Otter 2 from beside the ash Elder to the right of the walnut Hare 1"
    );
}

#[test]
fn setup_does_not_join_cells_across_the_wrapped_grid() {
    let wq = p("wQ");
    let wa = p("wA1");
    assert_eq!(
        State::setup(&[(h(0, 0), &[wq]), (h(31, 0), &[wa])], 4),
        Err(SetupError::NotOneGroup)
    );
}

#[test]
fn a_group_that_walked_over_is_the_same_position() {
    let a = setup(&[(0, 0, "wQ"), (1, 0, "bQ wB1"), (2, 0, "bA1")], 8);
    let b = setup(&[(3, -2, "wQ"), (4, -2, "bQ wB1"), (5, -2, "bA1")], 8);
    assert_eq!(a.board().position_key(), b.board().position_key());
    let c = setup(&[(0, 0, "wQ"), (1, 0, "bQ wB1"), (2, 0, "bA1")], 9);
    assert_ne!(
        a.board().position_key(),
        c.board().position_key(),
        "other player to move"
    );
    let d = setup(&[(0, 0, "wQ"), (1, 0, "bQ"), (2, 0, "bA1 wB1")], 8);
    assert_ne!(
        a.board().position_key(),
        d.board().position_key(),
        "other stacks"
    );
}

/// The animation's path of every legal move of a few positions: it starts where the piece
/// stands, ends where it lands, and each step goes to a neighbouring cell (a Hare's jump aside,
/// which follows its straight line).
#[test]
fn move_paths_go_cell_by_cell_to_the_landing() {
    use carved_tables::rules::hive::words::move_path;
    let s = State::from_game_string(
        "Base;InProgress;White[5];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wQ;bA1 bQ/;wG1 wQ/;bB1 bA1-",
    )
    .unwrap();
    let mut seen = std::collections::HashSet::new();
    for m in s.legal_moves() {
        let path = move_path(s.board(), m);
        match m {
            Move::Pass => assert!(path.is_empty()),
            Move::Place { to, .. } => assert_eq!(path, vec![(to, 0)]),
            Move::Shift { piece, from, to } => {
                seen.insert(piece.creature());
                assert_eq!(path.first().map(|p| p.0), Some(from), "{m:?}");
                assert_eq!(path.last().map(|p| p.0), Some(to), "{m:?}");
                for w in path.windows(2) {
                    assert_eq!(w[0].0.distance(w[1].0), 1, "{m:?}: {path:?}");
                }
                if piece.creature() == Creature::Fox {
                    assert_eq!(path.len(), 4, "three steps");
                }
            }
        }
    }
    assert!(
        seen.contains(&Creature::Otter) && seen.contains(&Creature::Elder),
        "{seen:?}"
    );
}
