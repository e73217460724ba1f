//! The Snēlab table's own tests.

use super::*;
use crate::play::snelab::Purse;

#[test]
fn the_turn_on_show_passes_once_the_move_has_landed() {
    let mut t = Table::new(Session::new(Purse::default()));
    t.setup.opponent = Seat::Person;
    let sq = |s: &str| s.parse::<Square>().unwrap();
    t.handle(Intent::Sit, Coin::Heads, 1, 0, &Timing::INSTANT)
        .unwrap();
    assert_eq!(t.shown_to_move(), Side::South);
    t.handle(Intent::Select(sq("d1")), Coin::Heads, 1, 0, &Timing::PLAY)
        .unwrap();
    t.handle(Intent::Target(sq("f3")), Coin::Heads, 1, 0, &Timing::PLAY)
        .unwrap();
    assert_eq!(t.pos().to_move(), Side::North, "the rules passed the turn");
    assert_eq!(
        t.shown_to_move(),
        Side::South,
        "the Justice is still sliding"
    );
    t.tick(t.busy / 2.0);
    assert_eq!(t.shown_to_move(), Side::South);
    t.tick(t.busy);
    assert_eq!(t.shown_to_move(), Side::North);
    // A capture paid with two pieces: the turn on show waits for the second payer, which
    // leaves last.
    let pos: Position = "barj1ab/5r1/7/3J3/7/7/BAR1RAB S +a".parse().unwrap();
    t.restage(pos);
    for i in [
        Intent::Select(sq("d4")),
        Intent::Target(sq("f6")),
        Intent::Pay(sq("a1")),
        Intent::Pay(sq("b1")),
        Intent::Confirm,
    ] {
        t.handle(i, Coin::Heads, 1, 0, &Timing::PLAY).unwrap();
    }
    let timing = Timing::PLAY;
    let last_payer_gone = timing.travel(5) + timing.payer_delay(1) + timing.leave;
    assert!(t.busy >= last_payer_gone, "{} < {last_payer_gone}", t.busy);
    t.tick(last_payer_gone - timing.leave_each / 2.0);
    assert_eq!(t.shown_to_move(), Side::South);
    t.tick(timing.leave_each);
    assert_eq!(t.shown_to_move(), Side::North);
}

#[test]
fn the_coin_and_the_moves_hold_the_table_until_they_land() {
    let mut t = Table::new(Session::new(Purse::default()));
    t.setup.opponent = Seat::Person;
    let timing = Timing::PLAY;
    t.handle(Intent::Sit, Coin::Heads, 1, 0, &timing).unwrap();
    assert!(t.coin.is_some(), "the first case opens with the coin");
    assert_eq!(
        t.handle(
            Intent::Select("d1".parse().unwrap()),
            Coin::Heads,
            1,
            0,
            &timing
        ),
        Err(Refusal::NotNow)
    );
    t.tick(timing.flip + 0.01);
    assert!(!t.animating());
    t.handle(
        Intent::Select("d1".parse().unwrap()),
        Coin::Heads,
        1,
        0,
        &timing,
    )
    .unwrap();
    t.handle(
        Intent::Target("f3".parse().unwrap()),
        Coin::Heads,
        1,
        0,
        &timing,
    )
    .unwrap();
    assert!(
        t.busy > 0.0 && !t.person_to_move(),
        "the Justice is still sliding"
    );
    t.tick(t.busy);
    assert!(t.person_to_move());
}
