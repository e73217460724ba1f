//! A small soak of each game (`tables soak` runs the million): random legal actions, game after
//! game, every invariant checked after every action. Without Bevy, a few seconds.

use carved_tables::cli::soak::{Soak, SoakOptions, soak};
use carved_tables::rules::{chess, hive, snelab};

fn clean<G: Soak>(actions: u64, seed: u64) {
    let options = SoakOptions {
        // Round trips of the whole state at every action here, whatever the game's default.
        deep_every: 1,
        ..SoakOptions::for_game::<G>(actions, seed)
    };
    let r = soak::<G>(&options, |_| {});
    assert!(
        r.is_clean(),
        "{}: {} failures, {} panics:\n{}",
        G::KIND.cli_name(),
        r.failures,
        r.panics,
        r.examples.join("\n")
    );
    assert_eq!(r.actions, actions);
    assert!(r.games_finished > 0, "{r:?}");
    assert!(
        r.undos > 0 && r.probes_refused > 0 && r.listed_checked > 0,
        "{r:?}"
    );
}

#[test]
fn snelab_soaks_clean() {
    clean::<snelab::Position>(5_000, 1);
}

#[test]
fn hive_soaks_clean() {
    clean::<hive::State>(3_000, 2);
}

#[test]
fn chess_soaks_clean() {
    clean::<chess::State>(3_000, 3);
}

#[test]
fn chess_soak_meets_the_cards_and_the_history() {
    let r = soak::<chess::State>(&SoakOptions::for_game::<chess::State>(4_000, 4), |_| {});
    assert!(r.is_clean(), "{}", r.examples.join("\n"));
    assert!(r.views > 0, "{r:?}");
    let played = |label: &str| r.tally.get(label).copied().unwrap_or(0);
    assert!(played("other card") > 0, "{:?}", r.tally);
    assert!(
        played("card opening a response window") > 0,
        "{:?}",
        r.tally
    );
}

#[test]
fn snelab_soak_meets_payments_and_both_appeal_settings() {
    let r = soak::<snelab::Position>(&SoakOptions::for_game::<snelab::Position>(5_000, 5), |_| {});
    assert!(r.is_clean(), "{}", r.examples.join("\n"));
    let count = |part: &str| -> u64 {
        r.tally
            .iter()
            .filter(|(k, _)| k.contains(part))
            .map(|(_, n)| n)
            .sum()
    };
    assert!(
        count("appeals on") > 0 && count("appeals off") > 0,
        "{:?}",
        r.tally
    );
    assert!(
        count("paid by 2") > 0 && count("backward capture") > 0,
        "{:?}",
        r.tally
    );
}
