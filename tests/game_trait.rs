//! The contract of the one game interface (`rules::Game`), checked the same way for all three
//! games along seeded random games: apply never changes the state and is refused exactly for
//! what the legal list leaves out, notation round-trips, and the engines answer through the one
//! engine interface however their work is sliced.

use carved_tables::ai::{Bots, Engine, Level, Step, random, seed_for};
use carved_tables::i18n::{Explain, Lang, Strings};
use carved_tables::rules::Game;
use carved_tables::rules::{chess, hive, snelab};

/// Plays `games` seeded random games of `G` from its opening and checks the contract at every
/// position; returns the number of positions checked.
fn check_contract<G: Game>(games: u64, max_plies: u64, text_round_trip: bool) -> usize {
    let mut checked = 0;
    for g in 0..games {
        let mut state = G::opening(seed_for(g, 99));
        for ply in 0..max_plies {
            checked += 1;
            let legal = state.legal_actions();
            if state.outcome().is_some() {
                assert!(legal.is_empty(), "moves after the end: {state:?}");
                break;
            }
            assert_eq!(
                state.to_move(),
                G::sides()[G::side_index(state.to_move())],
                "side index"
            );
            if text_round_trip {
                let text = state.position_text();
                let back = G::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
                assert_eq!(back.position_text(), text);
            }
            for a in &legal {
                assert_eq!(state.check(a), Ok(()), "{a:?} is listed but refused");
                let text = state.action_text(a);
                assert_eq!(state.parse_action(&text).as_ref(), Ok(a), "{text}");
            }
            // An action legal somewhere else but not here is refused, and changes nothing.
            let before = state.clone();
            let next_legal = legal[0];
            let (next, _) = state.apply(&next_legal).unwrap();
            if let Some(other) = next
                .legal_actions()
                .into_iter()
                .find(|a| !legal.contains(a))
            {
                let e = state.apply(&other).unwrap_err();
                assert_eq!(state.check(&other), Err(e.clone()));
                // Every refusal has words, in every language.
                for lang in Lang::ALL {
                    let words = Strings::new(lang).say(&e.explain());
                    assert!(!words.contains('{'), "{words}");
                }
            }
            assert_eq!(state, before, "apply changed the state");
            let a = random(&state, seed_for(g, ply)).unwrap();
            state = state.apply(&a).unwrap().0;
        }
    }
    checked
}

#[test]
fn snelab_keeps_the_contract() {
    assert!(check_contract::<snelab::Position>(6, 300, true) > 100);
}

#[test]
fn hive_keeps_the_contract() {
    // The GameString keeps the whole game, so the text reads back to the same state.
    assert!(check_contract::<hive::State>(4, 60, true) > 100);
}

#[test]
fn chess_keeps_the_contract() {
    // The position string keeps everything but the dice generator's state and the history, so
    // it is compared by its own text.
    assert!(check_contract::<chess::State>(3, 80, true) > 60);
}

/// The one engine interface: the same answer in one step or in many small ones.
fn sliced_equals_whole<G: Bots>(state: &G) {
    for level in [Level::Easy, Level::Normal] {
        let whole = carved_tables::ai::choose(state, level, 5);
        let mut e = G::Engine::new(state, level, 5);
        let mut steps = 0;
        let sliced = loop {
            steps += 1;
            match e.step(500) {
                Step::Thinking => {
                    assert!(!e.is_finished());
                    assert!(e.best_so_far().is_some(), "a best answer while thinking");
                }
                s => break s.decision().unwrap(),
            }
        };
        assert!(e.is_finished());
        assert_eq!(sliced, whole, "{level:?} after {steps} steps");
        assert!(whole.is_some_and(|a| state.check(&a).is_ok()));
        assert!(state.greedy(3).is_some_and(|a| state.check(&a).is_ok()));
    }
}

#[test]
fn every_engine_answers_alike_however_sliced() {
    sliced_equals_whole(&snelab::Position::start());
    let hive =
        hive::State::from_game_string("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
            .unwrap();
    sliced_equals_whole(&hive);
    sliced_equals_whole(&chess::State::opening(4));
}

#[test]
fn a_finished_game_has_no_engine_answer() {
    let over: snelab::Position = "3b3/7/7/3b3/3B3/7/7 S +a".parse().unwrap();
    let mut e = <snelab::Position as Bots>::Engine::new(&over, Level::Normal, 0);
    assert_eq!(e.step(100), Step::NoAction);
    assert_eq!(carved_tables::ai::choose(&over, Level::Easy, 0), None);
}
