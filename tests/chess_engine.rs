//! The Artifact Chess engine's honesty (issue #17): it never reads the other side's hidden cards
//! (unless it played Scouting), never draws from the game's own generator, and keys repeated
//! positions the same way before and inside its search.

use carved_tables::ai::{Bots, Engine, Level};
use carved_tables::rules::chess::{Action, Artifact, Colour, State, parse_position};

/// The engine's whole search: its choice and the nodes it took.
fn search(state: &State, level: Level, seed: u64) -> (Option<Action>, u64) {
    let mut s = <State as Bots>::Engine::new(state, level, seed);
    loop {
        if let Some(d) = s.step(u64::MAX).decision() {
            return (d, s.nodes());
        }
    }
}

fn act(s: &str) -> Action {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn play(state: &State, action: &str) -> State {
    state
        .apply(&act(action))
        .unwrap_or_else(|e| panic!("{action}: {e}"))
        .0
}

/// White, with `hand`, has just played a Shield; black holds Cancel and may undo it, which
/// brings back white's hand from before the Shield.
fn after_white_shield(white_hand: &str) -> State {
    let text = format!(
        "r3k2r/ppp2ppp/2n5/3p4/3P4/2N5/PPP2PPP/R3K2R w KQkq - 0 1 - - - 0/0 shield,{white_hand}/cancel,balm,heir -/-"
    );
    let s = parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let after = play(&s, "shield c3");
    assert_eq!(after.turn(), Colour::Black);
    assert_eq!(after.cancelable(), Some(Artifact::Shield));
    after
}

#[test]
fn the_view_holds_no_hidden_card_even_in_the_state_cancel_would_bring_back() {
    let a = after_white_shield("fury,teleport,knights-leap,poison-dart");
    let b = after_white_shield("scouting,trophy,statue,barricade");
    assert_ne!(a, b);
    assert_eq!(
        a.view_for(Colour::Black),
        b.view_for(Colour::Black),
        "black's view of two games that differ only in white's hidden hand"
    );
    // Cancel in the view brings back a state that still hides white's hand.
    let back = play(&a.view_for(Colour::Black), "cancel");
    assert!(back.hand(Colour::White).is_empty(), "{back}");
    // White's own view keeps its own hand.
    assert_eq!(
        a.view_for(Colour::White).hand(Colour::White),
        a.hand(Colour::White)
    );
}

#[test]
fn two_games_that_differ_only_in_the_hidden_hand_give_the_same_search() {
    let a = after_white_shield("fury,teleport,knights-leap,poison-dart");
    let b = after_white_shield("scouting,trophy,statue,barricade");
    for level in [Level::Easy, Level::Normal] {
        for seed in [1, 2] {
            assert_eq!(
                search(&a, level, seed),
                search(&b, level, seed),
                "{level:?}, seed {seed}"
            );
        }
    }
}

#[test]
fn after_scouting_the_engine_may_use_the_hand_it_saw() {
    let text = "r3k2r/ppp2ppp/2n5/3p4/3P4/2N5/PPP2PPP/R3K2R b KQkq - 0 1 - - - 0/0 fury,teleport/scouting,balm -/-";
    let s = parse_position(text).unwrap();
    let scouted = play(&s, "scouting");
    let view = scouted.view_for(Colour::Black);
    assert!(view.hand(Colour::White).contains(Artifact::Fury));
    assert!(view.scouted(Colour::Black));
}

#[test]
fn the_choice_does_not_depend_on_the_games_generator() {
    // White holds Trophy (a random draw) and Zombie Pawn (a random square), with a pawn in its
    // reserve; black holds cards white cannot see.
    let text = "r3k2r/ppp2ppp/2n5/3p4/8/2N5/PPP2PPP/R3K2R w KQkq - 0 1 - - - 1/0 trophy,zombie-pawn,balm/fury,cancel,shield -/-";
    let s = parse_position(text).unwrap();
    for level in [Level::Normal, Level::Hard] {
        let one = search(&s.clone().with_dice_seed(1), level, 9);
        for dice in [2, 77, 12345] {
            assert_eq!(
                search(&s.clone().with_dice_seed(dice), level, 9),
                one,
                "{level:?}, dice seed {dice}"
            );
        }
    }
}

/// White (no cards) shuffles its king while black (with cards) shuffles a rook, back to the
/// start: every position of the shuffle has now stood twice but the last.
fn shuffled() -> Vec<State> {
    let text = "r3k2r/8/8/8/8/8/7P/4K3 w - - 0 1 - - - 0/0 -/scouting,trophy,balm -/-";
    let mut states = vec![parse_position(text).unwrap()];
    for a in ["e1d1", "a8a7", "d1e1", "a7a8"] {
        let next = play(states.last().unwrap(), a);
        states.push(next);
    }
    states
}

#[test]
fn repetitions_are_counted_alike_in_the_game_and_in_each_view() {
    for s in shuffled() {
        for viewer in Colour::BOTH {
            assert_eq!(
                s.view_for(viewer).repetitions(),
                s.repetitions(),
                "{viewer:?} views {s}"
            );
        }
    }
    assert_eq!(shuffled().last().unwrap().repetitions(), 2);
}

#[test]
fn a_side_far_behind_repeats_when_the_other_holds_hidden_cards() {
    let s = shuffled().pop().unwrap();
    let (choice, _) = search(&s, Level::Normal, 3);
    let choice = choice.unwrap();
    let after = s.apply(&choice).unwrap().0;
    assert!(
        after.repetitions() >= 2,
        "white, two rooks down, should repeat with {}: chose {choice}",
        "e1d1"
    );
}

/// However the search is sliced (one node at a time, a few hundred, all at once), the same
/// seed gives the same choice after the same nodes.
#[test]
fn slicing_the_search_changes_nothing() {
    let positions = [
        after_white_shield("fury,teleport,knights-leap,poison-dart"),
        parse_position("r3k2r/ppp2ppp/2n5/3p4/8/2N5/PPP2PPP/R3K2R w KQkq - 0 1 - - - 1/0 trophy,zombie-pawn,balm/fury,cancel,shield -/-").unwrap(),
    ];
    for s in &positions {
        for level in [Level::Easy, Level::Normal] {
            let whole = search(s, level, 4);
            for slice in [1, 97, 5_000] {
                let mut engine = <State as Bots>::Engine::new(s, level, 4);
                let mut steps = 0u64;
                let choice = loop {
                    steps += 1;
                    if let Some(d) = engine.step(slice).decision() {
                        break d;
                    }
                };
                assert_eq!(
                    (choice, engine.nodes()),
                    whole,
                    "{level:?}, slices of {slice}"
                );
                assert!(slice > 1_000 || steps > 1);
            }
        }
    }
}
