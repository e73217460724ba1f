//! Hand-made positions for every rule of the spec, and properties over random playouts.

use super::*;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn act(s: &str) -> Action {
    s.parse().unwrap()
}

fn sqs(list: &[&str]) -> Vec<Square> {
    list.iter().map(|s| sq(s)).collect()
}

/// The legal actions of the piece on `from`, written out and sorted.
fn actions_from(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = legal_actions(p)
        .iter()
        .filter(|a| a.from() == sq(from))
        .map(|a| a.to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn perft_from_the_start_with_backward_captures() {
    let p = Position::start();
    assert!(p.backward_captures());
    assert_eq!(perft(&p, 0), 1);
    assert_eq!(perft(&p, 1), 12);
    assert_eq!(perft(&p, 2), 144);
}

#[test]
fn the_start_has_every_piece_on_its_counter() {
    let p = Position::start();
    assert_eq!(p.count(Side::South), 7);
    assert_eq!(p.total_weight(Side::South), 16);
    assert_eq!(p.total_weight(Side::North), 16);
    assert_eq!(
        p.get(sq("d1")),
        Some(Piece::new(Side::South, Rank::Justice))
    );
    assert_eq!(
        p.get(sq("a7")),
        Some(Piece::new(Side::North, Rank::Bailiff))
    );
    let opening = Position::opening(Court::DEFAULT, &DEFAULT_COUNTER, Side::North, false);
    assert_eq!(
        opening.map(|p| p.to_string()),
        Some("barjrab/7/7/7/7/7/BARJRAB N -a".to_string())
    );
    assert!(Position::opening(Court::DEFAULT, &DEFAULT_COUNTER[..5], Side::South, true).is_none());
}

#[test]
fn each_rank_runs_its_whole_route_with_no_zigzag() {
    // A lone piece of each rank in open court: exactly the two ends of its route (one for the
    // Bailiff), never a shorter stop and never a zigzag back to the file it started on.
    let p = pos("3b3/7/7/7/7/7/B1R1J2 S +a");
    assert_eq!(actions_from(&p, "a1"), ["a1-a2"]);
    assert_eq!(actions_from(&p, "c1"), ["c1-a2", "c1-e2"]);
    assert_eq!(actions_from(&p, "e1"), ["e1-c3", "e1-g3"]);
    for (from, to) in [
        ("e1", "e3"),
        ("e1", "e2"),
        ("e1", "f3"),
        ("c1", "c2"),
        ("c1", "b2"),
    ] {
        let a = Action::Move {
            from: sq(from),
            to: sq(to),
        };
        assert_eq!(
            check(&p, &a),
            Err(RuleError::NoRoute {
                from: sq(from),
                to: sq(to)
            })
        );
    }
    let p = pos("3b3/7/7/7/7/7/1A5 S +a");
    assert_eq!(actions_from(&p, "b1"), ["b1-a2", "b1-c2"]);
}

#[test]
fn a_route_leaving_the_court_is_not_taken() {
    let p = pos("3b3/7/7/7/7/7/AR3JB S +a");
    assert_eq!(actions_from(&p, "a1"), ["a1-b2"]);
    assert_eq!(actions_from(&p, "b1"), ["b1-d2"]);
    assert_eq!(actions_from(&p, "f1"), ["f1-d3"]);
    assert_eq!(actions_from(&p, "g1"), ["g1-g2"]);
    assert_eq!(
        check(
            &p,
            &Action::Move {
                from: sq("a1"),
                to: sq("h2")
            }
        ),
        Err(RuleError::OffCourt(sq("h2")))
    );
}

#[test]
fn nothing_jumps() {
    // The Justice's first square is taken by its own Bailiff; the Barrister's sideways path
    // crosses an enemy on d2, which it may neither jump nor stop on.
    let p = pos("7/7/7/7/7/3bB2/2RJ3 S +a");
    assert_eq!(actions_from(&p, "d1"), Vec::<String>::new());
    assert_eq!(actions_from(&p, "c1"), ["c1-a2"]);
    assert_eq!(
        check(&p, &act("d1-b3")),
        Err(RuleError::Blocked { at: sq("d2") })
    );
    assert_eq!(
        check(&p, &act("c1-e2")),
        Err(RuleError::Blocked { at: sq("d2") })
    );
    let r = reach(&p, sq("c1"));
    assert_eq!(r.moves, sqs(&["a2"]));
    assert!(r.captures.is_empty() && r.cant_pay.is_empty());
}

#[test]
fn backward_capture_only_onto_an_enemy_piece() {
    // South's Advocate on d4: backward routes end on c3 (empty) and e3 (a North Bailiff).
    let p = pos("3b3/7/7/3A3/4b2/7/B6 S +a");
    assert_eq!(actions_from(&p, "d4"), ["d4-c5", "d4-e5", "d4xe3=a1"]);
    assert_eq!(
        check(&p, &act("d4-c3")),
        Err(RuleError::BackwardNeedsCapture)
    );
    let r = reach(&p, sq("d4"));
    assert_eq!(r.moves, sqs(&["c5", "e5"]));
    assert_eq!(r.captures, sqs(&["e3"]));
    let after = apply(&p, &act("d4xe3=a1")).unwrap();
    assert_eq!(after.to_string(), "3b3/7/7/7/4A2/7/7 N +a");
}

#[test]
fn forward_only_when_backward_captures_are_off() {
    let p = pos("3b3/7/7/3A3/4b2/7/B6 S -a");
    assert_eq!(actions_from(&p, "d4"), ["d4-c5", "d4-e5"]);
    assert_eq!(check(&p, &act("d4xe3=a1")), Err(RuleError::BackwardOff));
    assert!(reach(&p, sq("d4")).captures.is_empty());
    // Forward captures stay.
    let p = pos("3b3/7/4b2/3A3/7/7/B6 S -a");
    assert_eq!(actions_from(&p, "d4"), ["d4-c5", "d4xe5=a1"]);
}

#[test]
fn the_capturer_cannot_pay_for_itself() {
    // South's Advocate c2 could take the North Advocate d3, but its only other piece weighs 1.
    let p = pos("3b3/7/7/7/3a3/2A4/6B S +a");
    assert_eq!(actions_from(&p, "c2"), ["c2-b3"]);
    let r = reach(&p, sq("c2"));
    assert_eq!(r.cant_pay, sqs(&["d3"]));
    assert!(r.captures.is_empty());
    let own = Action::Capture {
        from: sq("c2"),
        to: sq("d3"),
        payment: Payment::new(&[sq("c2")]).unwrap(),
    };
    assert_eq!(check(&p, &own), Err(RuleError::CapturerCannotPay));
    assert_eq!(
        payment_pick(&p, sq("c2"), sq("d3"), &[sq("c2")]),
        Err(RuleError::CapturerCannotPay)
    );
    assert_eq!(
        payment_pick(&p, sq("c2"), sq("d3"), &[]),
        Err(RuleError::CannotComplete { paid: 0, cost: 2 })
    );
}

#[test]
fn payment_is_exact_only() {
    // A Barrister (3) cannot pay for an Advocate (2): no change is given.
    let p = pos("3b3/7/7/7/3a3/2A4/6R S +a");
    assert_eq!(actions_from(&p, "c2"), ["c2-b3"]);
    assert_eq!(
        check(&p, &act("c2xd3=g1")),
        Err(RuleError::WrongSum { paid: 3, cost: 2 })
    );
    // Too little is refused too.
    let p = pos("3b3/7/7/7/3a3/2A4/B5R S +a");
    assert_eq!(
        check(&p, &act("c2xd3=a1")),
        Err(RuleError::WrongSum { paid: 1, cost: 2 })
    );
    assert_eq!(
        check(&p, &act("c2xd3=a1+b1")),
        Err(RuleError::PayerNotYours { at: sq("b1") })
    );
    assert_eq!(
        check(&p, &act("c2xd3=a1+d3")),
        Err(RuleError::PayerNotYours { at: sq("d3") })
    );
    assert_eq!(
        check(&p, &act("c2-d3")),
        Err(RuleError::NeedsPayment { at: sq("d3") })
    );
    assert_eq!(
        check(&p, &act("c2xb3=a1")),
        Err(RuleError::NothingToCapture { at: sq("b3") })
    );
}

#[test]
fn every_distinct_payment_is_its_own_action() {
    // To take the Barrister on e3 the Advocate on d2 may pay with Bailiff and Advocate, or with
    // the Barrister: {a1,b1}, {b1,g1}, {c1}; never with d2 itself.
    let p = pos("3b3/7/7/7/4r2/3A3/BAR3B S +a");
    assert_eq!(
        actions_from(&p, "d2"),
        ["d2-c3", "d2xe3=a1+b1", "d2xe3=b1+g1", "d2xe3=c1"]
    );
    // The order of the list is stable: payments in lexicographic square order.
    let caps: Vec<String> = legal_actions(&p)
        .iter()
        .filter(|a| a.is_capture())
        .map(|a| a.to_string())
        .collect();
    assert_eq!(caps, ["d2xe3=a1+b1", "d2xe3=b1+g1", "d2xe3=c1"]);
    // A Justice (4) is paid by the Justice, by a Barrister and a Bailiff, or by an Advocate and
    // two Bailiffs; the capturing Advocate on c2 is never part of it.
    let p = pos("7/7/7/7/3j3/2A1B2/B1AJ1RB S +a");
    let mut pays: Vec<String> = actions_from(&p, "c2")
        .into_iter()
        .filter(|a| a.contains('x'))
        .collect();
    pays.sort();
    assert_eq!(
        pays,
        [
            "c2xd3=a1+c1+e2",
            "c2xd3=a1+c1+g1",
            "c2xd3=a1+f1",
            "c2xd3=c1+e2+g1",
            "c2xd3=d1",
            "c2xd3=e2+f1",
            "c2xd3=f1+g1",
        ]
    );
}

#[test]
fn paying_removes_the_payers_and_the_captured_piece() {
    let p = pos("3b3/7/7/7/4r2/3A3/BAR3B S +a");
    let after = apply(&p, &act("d2xe3=a1+b1")).unwrap();
    assert_eq!(after.to_string(), "3b3/7/7/7/4A2/7/2R3B N +a");
    assert_eq!(
        after.total_weight(Side::South),
        p.total_weight(Side::South) - 3
    );
    assert_eq!(
        after.total_weight(Side::North),
        p.total_weight(Side::North) - 3
    );
    // A refused action changes nothing and says why.
    assert_eq!(
        apply(&p, &act("d2xe3=g1")),
        Err(RuleError::WrongSum { paid: 1, cost: 3 })
    );
}

#[test]
fn landing_on_the_bench_wins_at_once() {
    let p = pos("3b3/1A5/7/7/7/7/B6 S +a");
    assert_eq!(outcome(&p), None);
    let after = apply(&p, &act("b6-c7")).unwrap();
    assert_eq!(
        outcome(&after),
        Some(Verdict {
            winner: Side::South,
            reason: Reason::Bench
        })
    );
    assert!(legal_actions(&after).is_empty());
    assert!(!has_legal_action(&after));
    assert_eq!(apply(&after, &act("d7-d6")), Err(RuleError::CaseOver));
}

#[test]
fn a_capture_onto_the_bench_wins_at_once() {
    let p = pos("3b3/2A4/7/7/7/7/B6 S +a");
    let after = apply(&p, &act("c6xd7=a1")).unwrap();
    assert_eq!(
        outcome(&after).map(|v| (v.winner, v.reason)),
        Some((Side::South, Reason::Bench))
    );
}

#[test]
fn an_enemy_on_your_counter_loses_the_case() {
    // North lands on rank 1, South's Counter: South loses.
    let p = pos("j6/7/7/7/7/1b5/4B2 N +a");
    let after = apply(&p, &act("b2-b1")).unwrap();
    let v = outcome(&after).unwrap();
    assert_eq!(v.loser(), Side::South);
    assert_eq!(v.reason, Reason::Bench);
    assert!(legal_actions(&after).is_empty());
}

#[test]
fn a_side_with_no_legal_action_loses() {
    // South's lone Bailiff faces a North Bailiff it cannot pay for, and never moves backward
    // to an empty square.
    let p = pos("3b3/7/7/3b3/3B3/7/7 S +a");
    assert!(legal_actions(&p).is_empty());
    assert_eq!(reach(&p, sq("d3")).cant_pay, sqs(&["d4"]));
    assert_eq!(
        outcome(&p),
        Some(Verdict {
            winner: Side::North,
            reason: Reason::NoLegalAction
        })
    );
    // A side with no pieces at all has no legal action either.
    let p = pos("3b3/7/7/7/7/7/7 S +a");
    assert_eq!(outcome(&p).map(|v| v.winner), Some(Side::North));
}

#[test]
fn a_piece_moves_only_on_its_sides_turn() {
    let p = Position::start();
    assert_eq!(
        check(&p, &act("d7-b5")),
        Err(RuleError::NotYourTurn {
            at: sq("d7"),
            side: Side::North
        })
    );
    assert_eq!(check(&p, &act("d3-b5")), Err(RuleError::Empty(sq("d3"))));
    assert_eq!(check(&p, &act("c1-e2")), Ok(()));
    let p = pos("3b3/7/7/7/7/4B2/3J3 S +a");
    assert_eq!(check(&p, &act("d1-f3")), Ok(()));
    let p = pos("3b3/7/7/7/5B1/7/3J3 S +a");
    assert_eq!(
        check(&p, &act("d1-f3")),
        Err(RuleError::OwnPiece { at: sq("f3") })
    );
}

#[test]
fn reach_shows_any_pieces_routes_and_nothing_once_the_case_is_over() {
    let p = Position::start();
    // North's Justice, while South is to move: what it threatens on its turn.
    assert_eq!(reach(&p, sq("d7")).moves, sqs(&["b5", "f5"]));
    assert_eq!(reach(&p, sq("d1")).moves, sqs(&["b3", "f3"]));
    assert!(reach(&p, sq("d4")).is_empty());
    let over = pos("3B3/7/7/7/7/7/3b3 N +a");
    assert!(outcome(&over).is_some());
    assert!(reach(&over, sq("d1")).is_empty());
}

/// The English words for why the piece on `from` cannot go anywhere.
fn stuck_words(p: &Position, from: &str) -> String {
    let why = stuck(p, sq(from)).unwrap_or_else(|| panic!("{p}: {from} can go somewhere"));
    crate::i18n::english(&crate::i18n::Explain::explain(&why))
}

#[test]
fn a_piece_with_no_move_says_which_square_stops_it() {
    // South's Justice on d2 behind its own Bailiff on d3: both its routes start through d3.
    let p = pos("3j3/7/7/7/3B3/3J3/7 S +a");
    assert!(reach(&p, sq("d2")).is_empty());
    let why = stuck(&p, sq("d2")).unwrap();
    let blocked = ClosedRoute {
        backward: false,
        why: Closed::Blocked(sq("d3")),
    };
    assert_eq!(why.routes, vec![blocked, blocked]);
    assert_eq!(why.blockers(), sqs(&["d3"]));
    assert_eq!(
        stuck_words(&p, "d2"),
        "Justice can't move: its route is blocked at d3"
    );
    // The Justice: on f2, an enemy on f4. Toward file a the route is blocked at f4;
    // the other way runs off the court (it would end on h4).
    let p = pos("3j3/7/7/5b1/7/5J1/7 S +a");
    assert_eq!(
        stuck(&p, sq("f2")).unwrap().routes,
        vec![
            ClosedRoute {
                backward: false,
                why: Closed::Blocked(sq("f4"))
            },
            ClosedRoute {
                backward: false,
                why: Closed::OffCourt
            },
        ]
    );
    assert_eq!(
        stuck_words(&p, "f2"),
        "Justice can't move: one way runs off the court; its route is blocked at f4"
    );
    // Two routes stopped on two different squares.
    let p = pos("3j3/7/7/7/2b1b2/3R3/7 S +a");
    assert_eq!(
        stuck_words(&p, "d2"),
        "Barrister can't move: its routes are blocked at c3 and e3"
    );
}

#[test]
fn a_piece_with_no_move_names_its_own_pieces_the_edge_and_what_it_cannot_pay() {
    // An Advocate whose landing squares both hold pieces of its own.
    let p = pos("3j3/7/7/7/2B1B2/3A3/7 S +a");
    assert_eq!(
        stuck_words(&p, "d2"),
        "Advocate can't move: your own pieces stand on c3 and e3"
    );
    assert_eq!(stuck(&p, sq("d2")).unwrap().blockers(), sqs(&["c3", "e3"]));
    // A Justice on the rank before its Bench: both routes leave the court.
    let p = pos("3j3/3J3/7/7/7/7/B6 S +a");
    assert_eq!(
        stuck_words(&p, "d6"),
        "Justice can't move: its route runs off the court"
    );
    assert!(stuck(&p, sq("d6")).unwrap().blockers().is_empty());
    // A lone Bailiff facing an Advocate: nothing else of South's can pay 2.
    let p = pos("3j3/7/7/3a3/3B3/7/7 S +a");
    assert_eq!(reach(&p, sq("d3")).cant_pay, sqs(&["d4"]));
    assert_eq!(
        stuck_words(&p, "d3"),
        "Bailiff can't move: you can't pay for the piece on d4"
    );
    // A backward capture it cannot pay for is named too, but only with the appeal rule on; an
    // Advocate on a3 behind its own Bailiff on b4 and before a North Barrister on b2.
    let on = pos("3j3/7/7/1B5/A6/1r5/7 S +a");
    assert_eq!(
        stuck(&on, sq("a3")).unwrap().routes,
        vec![
            ClosedRoute {
                backward: false,
                why: Closed::OffCourt
            },
            ClosedRoute {
                backward: false,
                why: Closed::OwnPiece(sq("b4"))
            },
            ClosedRoute {
                backward: true,
                why: Closed::CantPay(sq("b2"))
            },
        ]
    );
    assert_eq!(
        stuck_words(&on, "a3"),
        "Advocate can't move: one way runs off the court; your own piece stands on b4; \
         you can't pay for the piece on b2"
    );
    let off = pos("3j3/7/7/1B5/A6/1r5/7 S -a");
    assert_eq!(
        stuck_words(&off, "a3"),
        "Advocate can't move: one way runs off the court; your own piece stands on b4"
    );
}

#[test]
fn a_piece_that_can_go_somewhere_is_not_stuck() {
    let p = Position::start();
    for (from, _) in p.pieces() {
        assert_eq!(stuck(&p, from), None, "{from}");
    }
    // An empty square, and any piece once the case is over.
    assert_eq!(stuck(&p, sq("d4")), None);
    let over = pos("3B3/7/7/7/7/3J3/7 N +a");
    assert!(over.bench_reached());
    assert_eq!(stuck(&over, sq("d2")), None);
    // A piece of the side not to move is looked at as its owner would play it.
    let p = pos("3j3/3b3/7/7/7/7/3J3 S +a");
    assert_eq!(
        stuck_words(&p, "d7"),
        "Justice can't move: its route is blocked at d6"
    );
}

#[test]
fn the_reasons_a_piece_cannot_move_are_worded_in_three_languages() {
    use crate::i18n::{Explain, Lang, Strings, parse_strings, unworded};
    let cases = [
        ("3j3/7/7/7/3B3/3J3/7 S +a", "d2"),
        ("3j3/7/7/5b1/7/5J1/7 S +a", "f2"),
        ("3j3/7/7/7/2b1b2/3R3/7 S +a", "d2"),
        ("3j3/7/7/7/2B1B2/3A3/7 S +a", "d2"),
        ("3j3/3J3/7/7/7/7/B6 S +a", "d6"),
        ("3j3/7/7/3a3/3B3/7/7 S +a", "d3"),
        ("3j3/7/7/1B5/A6/1r5/7 S +a", "a3"),
    ];
    let mut messages: Vec<_> = cases
        .iter()
        .filter_map(|(p, from)| stuck(&pos(p), sq(from)))
        .map(|s| s.explain())
        .collect();
    let many = Stuck {
        piece: Piece::new(Side::South, Rank::Justice),
        routes: vec![
            ClosedRoute {
                backward: false,
                why: Closed::Blocked(sq("b3")),
            },
            ClosedRoute {
                backward: false,
                why: Closed::Blocked(sq("c3")),
            },
            ClosedRoute {
                backward: true,
                why: Closed::Blocked(sq("d3")),
            },
            ClosedRoute {
                backward: true,
                why: Closed::CantPay(sq("e3")),
            },
        ],
    };
    assert_eq!(
        crate::i18n::english(&many.explain()),
        "Justice can't move: its routes are blocked at b3, c3 and d3; \
         you can't pay for the piece on e3"
    );
    messages.push(many.explain());
    let none = Stuck {
        piece: Piece::new(Side::North, Rank::Bailiff),
        routes: vec![],
    };
    assert_eq!(crate::i18n::english(&none.explain()), "Bailiff can't move");
    messages.push(none.explain());
    assert_eq!(messages.len(), cases.len() + 2, "every case is stuck");
    let english = Strings::new(Lang::En);
    for lang in Lang::ALL {
        let words = parse_strings(lang.source()).unwrap();
        let strings = Strings::new(lang);
        for m in &messages {
            assert_eq!(unworded(&words, m), None, "{}", lang.code());
            let said = strings.say(m);
            assert!(!said.contains('{'), "{}: {said}", lang.code());
            assert!(
                said.chars().next().is_some_and(char::is_uppercase),
                "{said}"
            );
            if lang != Lang::En {
                assert_ne!(said, english.say(m), "{}: not translated", lang.code());
            }
        }
    }
}

#[test]
fn route_squares_trace_the_route_from_start_to_landing() {
    let p = Position::start();
    assert_eq!(
        route_squares(&p, sq("d1"), sq("f3")).unwrap(),
        sqs(&["d1", "d2", "d3", "e3", "f3"])
    );
    assert_eq!(
        route_squares(&p, sq("c7"), sq("a6")).unwrap(),
        sqs(&["c7", "c6", "b6", "a6"])
    );
    assert_eq!(
        route_squares(&p, sq("a1"), sq("a2")).unwrap(),
        sqs(&["a1", "a2"])
    );
    // Backward: rank first, then sideways.
    let p = pos("3b3/7/7/3A3/4b2/7/B6 S +a");
    assert_eq!(
        route_squares(&p, sq("d4"), sq("e3")).unwrap(),
        sqs(&["d4", "d3", "e3"])
    );
    assert_eq!(
        route_squares(&p, sq("d4"), sq("d6")),
        Err(RuleError::NoRoute {
            from: sq("d4"),
            to: sq("d6")
        })
    );
    assert_eq!(
        route_squares(&p, sq("c4"), sq("d6")),
        Err(RuleError::Empty(sq("c4")))
    );
}

#[test]
fn payment_picking_shows_what_can_still_be_added() {
    // Cost 3 for the Barrister on e3; payers a1 (1), b1 (2), c1 (3), g1 (1); d2 is the capturer.
    let p = pos("3b3/7/7/7/4r2/3A3/BAR3B S +a");
    let (from, to) = (sq("d2"), sq("e3"));
    let none = payment_pick(&p, from, to, &[]).unwrap();
    assert_eq!((none.cost, none.paid), (3, 0));
    assert_eq!(none.addable, sqs(&["a1", "b1", "c1", "g1"]));
    assert!(!none.is_complete());
    // With a1 chosen, only b1 completes it; c1 (3) would overshoot and g1 (1+1) cannot finish.
    let one = payment_pick(&p, from, to, &[sq("a1")]).unwrap();
    assert_eq!(one.paid, 1);
    assert_eq!(one.addable, sqs(&["b1"]));
    let done = payment_pick(&p, from, to, &[sq("b1"), sq("a1")]).unwrap();
    assert_eq!(done.paid, 3);
    assert!(done.is_complete());
    assert!(done.addable.is_empty());
    assert_eq!(done.action, Some(act("d2xe3=a1+b1")));
    assert_eq!(check(&p, &done.action.unwrap()), Ok(()));
    // Chosen pieces that no exact payment contains are refused.
    assert_eq!(
        payment_pick(&p, from, to, &[sq("a1"), sq("g1")]),
        Err(RuleError::CannotComplete { paid: 2, cost: 3 })
    );
    assert_eq!(
        payment_pick(&p, from, to, &[sq("d7")]),
        Err(RuleError::PayerNotYours { at: sq("d7") })
    );
    assert_eq!(
        payment_pick(&p, from, sq("c3"), &[]),
        Err(RuleError::NothingToCapture { at: sq("c3") })
    );
}

/// Strictly falls with every action: each piece's distance to its Bench, plus a whole court
/// height per piece. A move forward lowers a distance; a capture removes at least two pieces,
/// which outweighs the mover running back at most two ranks.
fn potential(p: &Position) -> u64 {
    let h = p.court().height() as u64;
    p.pieces()
        .map(|(s, piece)| {
            let bench = p.court().bench_row(piece.side) as i64;
            h + (bench - s.row as i64).unsigned_abs()
        })
        .sum()
}

/// For every piece of the side to move: [`stuck`] gives a reason exactly when the piece has no
/// legal action in a case still open, and every reason it gives is true of the position.
fn stuck_agrees_with_the_legal_actions(p: &Position, actions: &[Action]) {
    let me = p.to_move();
    for (from, piece) in p.pieces().filter(|(_, pc)| pc.side == me) {
        let has_action = actions.iter().any(|a| a.from() == from);
        let why = stuck(p, from);
        // Once a piece stands on its Bench the case is over: nothing is stuck, nothing moves.
        assert_eq!(
            why.is_none(),
            has_action || p.bench_reached(),
            "{p} {from}: {why:?}"
        );
        let Some(why) = why else { continue };
        assert_eq!(why.piece, piece);
        let forward = why.routes.iter().filter(|r| !r.backward).count();
        let ways = if piece.rank.route().sideways == 0 {
            1
        } else {
            2
        };
        assert_eq!(
            forward, ways,
            "{p} {from}: every forward route is accounted for"
        );
        for r in &why.routes {
            match r.why {
                Closed::OffCourt => assert!(!r.backward),
                Closed::Blocked(at) => assert!(p.get(at).is_some() && at != from, "{p} {at}"),
                Closed::OwnPiece(at) => assert_eq!(p.get(at).map(|pc| pc.side), Some(me)),
                Closed::CantPay(at) => {
                    assert_eq!(p.get(at).map(|pc| pc.side), Some(me.opponent()));
                    assert!(actions.iter().all(|a| a.to() != at || a.from() != from));
                }
            }
            assert!(!r.backward || p.backward_captures());
        }
        // Whatever it says is worded in English at least.
        let words = crate::i18n::english(&crate::i18n::Explain::explain(&why));
        assert!(
            words.contains("can't move") && !words.contains('{'),
            "{words}"
        );
    }
}

/// Plays random cases and checks, at every step, the laws that hold for every action.
fn random_playouts(start: &Position, games: u32, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..games {
        let mut p = start.clone();
        let mut plies = 0;
        loop {
            let actions = legal_actions(&p);
            let verdict = outcome(&p);
            assert_eq!(verdict.is_some(), actions.is_empty(), "{p}");
            assert_eq!(has_legal_action(&p), !actions.is_empty(), "{p}");
            let bench = p.court().bench_row(p.to_move());
            assert_eq!(
                scan(&p),
                Scan {
                    any_action: !actions.is_empty(),
                    wins_now: actions.iter().any(|a| a.to().row == bench),
                },
                "{p}"
            );
            stuck_agrees_with_the_legal_actions(&p, &actions);
            let Some(&a) = actions.choose(&mut rng) else {
                break;
            };
            // Notation round-trips, for the action and the position.
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
            assert_eq!(p.to_string().parse::<Position>(), Ok(p.clone()));
            assert_eq!(check(&p, &a), Ok(()), "{p} {a}");
            // The highlights of the piece agree with the legal actions.
            let r = reach(&p, a.from());
            assert!(
                r.moves.contains(&a.to()) || r.captures.contains(&a.to()),
                "{p} {a}"
            );
            let next = apply(&p, &a).unwrap();
            let me = p.to_move();
            // No count ever grows; a capture costs both sides the same weight.
            assert!(next.count(me) <= p.count(me));
            assert!(next.count(me.opponent()) <= p.count(me.opponent()));
            match a {
                Action::Move { .. } => {
                    assert_eq!(next.total_weight(me), p.total_weight(me));
                    assert_eq!(
                        next.total_weight(me.opponent()),
                        p.total_weight(me.opponent())
                    );
                }
                Action::Capture { to, payment, .. } => {
                    let cost = p.get(to).unwrap().weight() as u32;
                    let paid: u32 = payment
                        .squares()
                        .iter()
                        .map(|&s| p.get(s).unwrap().weight() as u32)
                        .sum();
                    assert_eq!(paid, cost);
                    assert_eq!(next.total_weight(me), p.total_weight(me) - cost);
                    assert_eq!(
                        next.total_weight(me.opponent()),
                        p.total_weight(me.opponent()) - cost
                    );
                    let picked = payment_pick(&p, a.from(), to, payment.squares()).unwrap();
                    assert_eq!(picked.action, Some(a));
                }
            }
            // Every case ends: the potential falls with each action.
            assert!(potential(&next) < potential(&p), "{p} {a}");
            p = next;
            plies += 1;
        }
        assert!(plies as u64 <= potential(start));
    }
}

#[test]
fn random_playouts_keep_the_law_on_the_default_court() {
    random_playouts(&Position::start(), 150, 1);
    let mut forward_only = Position::start();
    forward_only.set_backward_captures(false);
    random_playouts(&forward_only, 100, 2);
}

#[test]
fn random_playouts_keep_the_law_on_other_courts() {
    random_playouts(&pos("babab/5/5/5/BABAB N +a"), 100, 3);
    let wide = Position::opening(
        Court::new(9, 7).unwrap(),
        &[
            Rank::Bailiff,
            Rank::Advocate,
            Rank::Barrister,
            Rank::Justice,
            Rank::Bailiff,
            Rank::Justice,
            Rank::Barrister,
            Rank::Advocate,
            Rank::Bailiff,
        ],
        Side::South,
        true,
    )
    .unwrap();
    random_playouts(&wide, 60, 4);
}

#[test]
fn positions_and_actions_survive_serde() {
    let p = pos("3b3/7/7/7/4r2/3A3/BAR3B S +a");
    for a in legal_actions(&p) {
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a);
    }
}
