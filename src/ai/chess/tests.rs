use super::search::{Options, Searcher};
use super::*;
use crate::rules::chess::{Colour, parse_position};

fn search(state: &State, level: Level, seed: u64) -> Option<Action> {
    choose(state, level, seed)
}

#[test]
fn takes_a_wounded_rook_that_dies_without_rolls() {
    let s = parse_position("4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1 d5 - - 0/0 -/- -/-").unwrap();
    for level in Level::ALL {
        let a = search(&s, level, 1).unwrap();
        assert_eq!(a.to_string(), "e3xd5", "{level:?}");
    }
}

#[test]
fn finds_a_mate_in_one() {
    let s = parse_position("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    for level in [Level::Normal, Level::Hard] {
        assert_eq!(search(&s, level, 3).unwrap().to_string(), "a1a8");
    }
}

#[test]
fn step_by_step_equals_all_at_once_and_is_seeded() {
    let s = parse_position(
        "r1b1k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R1B1K2R w KQkq - 0 1 - - - 0/0 fury,balm,cancel/shield,teleport,seize -/-",
    )
    .unwrap();
    let whole = search(&s, Level::Normal, 5);
    let mut engine = Search::new(&s, Level::Normal, 5);
    let mut steps = 0;
    let sliced = loop {
        steps += 1;
        if let Some(d) = engine.step(300).decision() {
            break d;
        }
    };
    assert!(steps > 1, "the budget slices the search");
    assert_eq!(sliced, whole);
    let mut again = Search::new(&s, Level::Normal, 5);
    while again.step(7_777).decision().is_none() {}
    assert_eq!(again.nodes(), engine.nodes());
    let r1 = crate::ai::random(&s, 1);
    assert_eq!(r1, crate::ai::random(&s, 1));
    assert!(r1.is_some_and(|a| s.is_legal(&a)));
}

#[test]
fn no_action_no_choice() {
    let s = parse_position("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(search(&s, Level::Normal, 0), None);
    assert_eq!(crate::ai::random(&s, 0), None);
    assert_eq!(s.greedy(0), None);
}

/// Positions with dice, wounds, shields, cards and hidden-hand-free views, small enough for
/// plain expectimax at depth 4.
const EQUIVALENCE: [(&str, i32); 8] = [
    ("4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1 d5 - - 0/0 -/- -/-", 4),
    ("4k3/3p4/8/2n1r3/3P4/8/3R4/4K3 w - - 0 1", 4),
    (
        "4k3/8/3p4/4n3/2N5/3B4/8/4K3 b - - 0 1 c4 - - 0/0 -/- -/-",
        4,
    ),
    (
        "6k1/5pp1/8/8/8/8/5PP1/R5K1 w - - 0 1 - - - 0/0 fury,balm/cancel -/-",
        3,
    ),
    (
        "4k3/8/8/2p5/3P4/8/8/4K3 w - - 0 1 - - - 1/0 zombie-pawn/- -/-",
        3,
    ),
    (
        "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1 - - - 0/0 teleport,shield/poison-dart -/-",
        3,
    ),
    (
        "r1b1k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R1B1K2R w KQkq - 0 1 - - - 0/0 fury/shield -/-",
        2,
    ),
    (
        "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1 - - - 0/0 trophy,restriction/seize,cancel balm/-",
        3,
    ),
];

#[test]
fn the_pruned_search_equals_plain_expectimax() {
    let strict = Options {
        probe: true,
        strict_table: true,
    };
    let no_probe = Options {
        probe: false,
        strict_table: true,
    };
    for (text, deepest) in EQUIVALENCE {
        let s = parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        for depth in 2..=deepest {
            let mut plain = Searcher::new(&s.seen, strict);
            let want = plain.plain(&s, depth, 0);
            for options in [strict, no_probe] {
                let mut pruned = Searcher::new(&s.seen, options);
                let got = pruned.node(&s, depth, f64::NEG_INFINITY, f64::INFINITY, 0);
                assert!(
                    (got - want).abs() < 1e-6,
                    "{text} depth {depth} {options:?}: pruned {got}, plain {want}"
                );
                println!(
                    "{text} depth {depth} probe {}: {} nodes, plain {}",
                    options.probe, pruned.nodes, plain.nodes
                );
                assert!(
                    pruned.nodes <= plain.nodes,
                    "{text} depth {depth}: {} nodes against {}",
                    pruned.nodes,
                    plain.nodes
                );
            }
        }
    }
}

#[test]
fn greedy_takes_the_best_expected_material() {
    // A healthy rook and a wounded knight to take: the knight dies without a roll (310 × 0.55
    // for sure) but the rook is worth more even at 77.9 %.
    let s = parse_position("4k3/8/8/3r1n2/4P3/8/8/4K3 w - - 0 1 f5 - - 0/0 -/- -/-").unwrap();
    assert_eq!(s.greedy(1).unwrap().to_string(), "e4xd5");
}

#[test]
fn deals_give_every_search_the_same_public_size() {
    let s = parse_position(
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - - 0/0 balm,fury/shield,cancel,teleport -/-",
    )
    .unwrap();
    let search = Search::new(&s, Level::Hard, 3);
    assert_eq!(search.deals().len(), limits(Level::Hard).deals);
    for deal in search.deals() {
        assert_eq!(deal.hand(Colour::Black).len(), 3);
        assert_eq!(deal.hand(Colour::White), s.hand(Colour::White));
    }
}

/// Black holds one card and has played every other kind, so every deal is that card; white
/// holds Resurrection with a pawn in its reserve.
fn black_surely_holds(card: &str) -> State {
    let played: Vec<&str> = crate::rules::chess::Artifact::ALL
        .iter()
        .map(|a| a.code())
        .filter(|c| *c != card)
        .collect();
    let text = format!(
        "4k3/pp6/8/8/8/8/6PP/4K3 w - - 0 1 - - - 1/0 resurrection/{card} -/{}",
        played.join(",")
    );
    parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The value for white of `action`, three actions deep, in the one deal there is.
fn value_in_deal(state: &State, action: &Action) -> f64 {
    let search = Search::new(state, Level::Normal, 1);
    assert_eq!(search.deals().len(), limits(Level::Normal).deals);
    let deal = &search.deals()[0];
    assert_eq!(deal.hand(Colour::Black), state.hand(Colour::Black));
    let mut s = Searcher::new(&state.seen, Options::default());
    s.root = Some(Colour::White);
    s.action_value(deal, action, 3, f64::NEG_INFINITY, f64::INFINITY, 0)
}

#[test]
fn it_fears_a_cancel_when_the_deals_hold_one() {
    let play: Action = "resurrection d2".parse().unwrap();
    let cancel = black_surely_holds("cancel");
    let harmless = black_surely_holds("demolition");
    let with_cancel = value_in_deal(&cancel, &play);
    // Black's Cancel is among its answers: the card's value is at most what is left after it.
    let cancelled = cancel
        .apply(&play)
        .unwrap()
        .0
        .apply(&"cancel".parse().unwrap())
        .unwrap()
        .0;
    assert_eq!(cancelled.turn(), Colour::White);
    let mut s = Searcher::new(&cancelled.seen, Options::default());
    s.root = Some(Colour::White);
    let after_cancel = s.node(&cancelled, 1, f64::NEG_INFINITY, f64::INFINITY, 0);
    assert!(
        with_cancel <= after_cancel + 1e-9,
        "{with_cancel} > {after_cancel}"
    );
    // The same card against a hand without Cancel is worth clearly more (the cards' own values
    // set aside: Cancel in black's hand is worth more to black than Demolition).
    let without = value_in_deal(&harmless, &play);
    let hand_values = super::eval::card_value(
        crate::rules::chess::Artifact::Cancel,
        &cancel,
        Colour::Black,
    ) - super::eval::card_value(
        crate::rules::chess::Artifact::Demolition,
        &harmless,
        Colour::Black,
    );
    assert!(
        with_cancel + hand_values + 10.0 < without,
        "Resurrection with Cancel possible {with_cancel}, without {without}"
    );
}
#[test]
fn after_scouting_one_deal_the_hand_seen() {
    let s = parse_position(
        "4k3/pp6/8/3r4/8/4N3/PP6/4K3 b - - 0 1 - - - 0/0 poison-dart,fury/scouting,balm -/-",
    )
    .unwrap();
    let scouted = s.apply(&"scouting".parse().unwrap()).unwrap().0;
    let white = scouted.apply(&"e1f1".parse().unwrap()).unwrap().0;
    let search = Search::new(&white, Level::Hard, 2);
    assert_eq!(search.deals().len(), 1);
    assert_eq!(
        search.deals()[0].hand(Colour::White),
        white.hand(Colour::White)
    );
}

/// A game between the engine and the first one: white, a rook and a bishop up, boxed the lone
/// black king in (Kg3 leaves it no square) while black's one hidden card could not be played:
/// a stalemate. The engine now weighs the public chance that the hidden hand holds no playable
/// card, and keeps a square open.
#[test]
fn it_leaves_a_lone_king_with_hidden_cards_a_square() {
    let s = parse_position(
        "3R4/8/6B1/8/7K/4k3/7P/8 w - - 1 31 - h2 e2,f7 1/6 scouting/poison-dart statue,knights-leap,trophy,kings-stride,acceleration,heir/statue,shield,zombie-pawn,heir -/- - - -/-",
    )
    .unwrap();
    for seed in 0..4 {
        let a = search(&s, Level::Normal, seed).unwrap();
        let after = s.apply(&a).unwrap().0;
        let board_moves = after
            .legal_actions()
            .iter()
            .filter(|a| !matches!(a, Action::Play(_)))
            .count();
        assert!(
            board_moves > 0 || after.in_check(),
            "seed {seed}: {a} leaves black no move on the board: {after}"
        );
    }
}
