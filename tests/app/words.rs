//! Whole games against the engine played only through the table in words (issue 41): each turn
//! the position is read as text, a move is chosen from the list of actions in words and typed
//! back into the move field as those words, and every action — the engine's too — must be
//! announced as it happens. (The accessibility tree itself, egui's AccessKit output, is not
//! read here: these go through the same `access` functions the reading window shows.)

use bevy::prelude::*;
use carved_tables::ai::Level;
use carved_tables::app::kit::harness;
use carved_tables::i18n::{Lang, Strings};
use carved_tables::play::Seat;
use carved_tables::save::MemoryStore;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// Chooses one action of the list at random and types its words into the field: what the
/// field reads back must be that action.
fn choose<A: Copy + PartialEq + std::fmt::Debug>(
    rng: &mut ChaCha8Rng,
    en: &Strings,
    listed: &[(A, carved_tables::i18n::Message)],
    typed: impl Fn(&str) -> Result<A, carved_tables::i18n::Message>,
) -> A {
    assert!(!listed.is_empty(), "a turn with something to do");
    let (action, words) = &listed[rng.random_range(0..listed.len())];
    let words = en.say(words);
    let read = typed(&words).unwrap_or_else(|why| panic!("{words}: {}", en.say(&why)));
    assert_eq!(read, *action, "{words}");
    read
}

/// `line` was announced among the last few.
fn heard(announced: &[String], line: &str) {
    assert!(
        announced.iter().any(|a| a == line),
        "{line} in {announced:?}"
    );
}

/// Frames until it is the person's turn again or the game is over (the engine thinks on a
/// worker thread).
fn wait(app: &mut App, mine: impl Fn(&App) -> bool, over: impl Fn(&App) -> bool) {
    let mut guard = 0;
    while !mine(app) && !over(app) {
        guard += 1;
        assert!(guard < 20_000, "the engine answers");
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn ash_and_walnut_against_the_bot_through_the_table_in_words() {
    use carved_tables::access::hive as words;
    use carved_tables::app::hive::{self, HivePanels, HiveTable, Intent, Phase, Timing};
    use carved_tables::rules::hive::Move;
    let en = Strings::new(Lang::En);
    let mut app =
        harness::open::<HiveTable>(hive::core_plugin, MemoryStore::default(), Timing::INSTANT);
    harness::intent::<HiveTable>(&mut app, Intent::Choose(Seat::Bot(Level::Easy)));
    harness::intent::<HiveTable>(&mut app, Intent::Start);
    let table = |app: &App| harness::table::<HiveTable>(app).clone();
    let announced = |app: &App| app.world().resource::<HivePanels>().field.announced.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut mine = 0;
    let over = |app: &App| harness::table::<HiveTable>(app).phase != Phase::Play;
    let mine_now = |app: &App| harness::table::<HiveTable>(app).person_to_act();
    while !over(&app) {
        wait(&mut app, mine_now, over);
        if over(&app) {
            break;
        }
        let t = table(&app);
        let game = t.game.as_ref().unwrap().game();
        // What the engine (or the opening) just did was announced as its words from before it.
        let plies = game.record().len();
        if plies > 0 {
            let before = game.after(plies - 1).unwrap();
            let last = game.record()[plies - 1].action;
            assert_eq!(
                announced(&app).last(),
                Some(&en.say(&words::announce(before, last))),
                "the move before this turn was announced"
            );
        }
        let state = t.state().unwrap().clone();
        assert!(words::position(&state).len() >= 3, "the position is read");
        let listed: Vec<_> = words::actions(&state)
            .into_iter()
            .filter(|(m, _)| *m != Move::Pass)
            .collect();
        if listed.is_empty() {
            // Nothing but a pass: the table passes for the person on its next tick.
            app.update();
            continue;
        }
        let m = choose(&mut rng, &en, &listed, |text| {
            words::typed(&state, text, |m| en.say(m))
        });
        harness::intent::<HiveTable>(&mut app, Intent::Play(m));
        heard(&announced(&app), &en.say(&words::announce(&state, m)));
        mine += 1;
        assert!(mine < 2_000, "the game ends");
    }
    assert!(mine > 0);
    assert!(
        table(&app).game.as_ref().unwrap().ending().is_some(),
        "to a result"
    );
}

#[test]
fn snelab_against_the_engine_through_the_table_in_words() {
    use carved_tables::access::snelab as words;
    use carved_tables::app::snelab::{self, Intent, SnelabPanels, SnelabTable, Timing};
    use carved_tables::play::snelab::Phase;
    use carved_tables::rules::snelab::{Side, apply};
    let en = Strings::new(Lang::En);
    let mut app =
        harness::open::<SnelabTable>(snelab::core_plugin, MemoryStore::default(), Timing::INSTANT);
    app.world_mut().resource_mut::<SnelabTable>().setup.opponent = Seat::Bot(Level::Easy);
    harness::intent::<SnelabTable>(&mut app, Intent::Sit);
    let announced = |app: &App| {
        app.world()
            .resource::<SnelabPanels>()
            .field
            .announced
            .clone()
    };
    let over = |app: &App| harness::table::<SnelabTable>(app).phase() != Phase::Play;
    let mine_now = |app: &App| harness::table::<SnelabTable>(app).pos().to_move() == Side::South;
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut mine = 0;
    // The position after the person's last action: the engine's reply is read from it.
    let mut after_mine = None;
    while !over(&app) {
        wait(&mut app, mine_now, over);
        if over(&app) {
            break;
        }
        let t = harness::table::<SnelabTable>(&app);
        if let (Some(from), Some(reply)) = (&after_mine, t.actions().last()) {
            assert_eq!(
                announced(&app).last(),
                Some(&en.say(&words::announce(from, reply))),
                "the engine's reply was announced"
            );
        }
        let pos = t.pos();
        assert!(words::position(&pos).len() >= 9, "the court is read");
        let listed = words::actions(&pos);
        let action = choose(&mut rng, &en, &listed, |text| {
            words::typed(&pos, text, |m| en.say(m))
        });
        harness::intent::<SnelabTable>(&mut app, Intent::Play(action));
        heard(&announced(&app), &en.say(&words::announce(&pos, &action)));
        after_mine = Some(apply(&pos, &action).unwrap());
        mine += 1;
        assert!(mine < 2_000, "the case ends");
    }
    assert!(mine > 0);
    assert!(matches!(
        harness::table::<SnelabTable>(&app).phase(),
        Phase::Verdict(_)
    ));
}

#[test]
fn artifact_chess_against_the_engine_through_the_table_in_words() {
    use carved_tables::access::chess as words;
    use carved_tables::app::chess::{self, ChessPanels, ChessTable, Intent, Phase, Timing};
    let en = Strings::new(Lang::En);
    let mut app =
        harness::open::<ChessTable>(chess::core_plugin, MemoryStore::default(), Timing::INSTANT);
    // With the artifact cards: their plays are said and typed too.
    for i in [
        Intent::Artifacts(true),
        Intent::Choose(Seat::Bot(Level::Easy)),
        Intent::Start,
        Intent::RandomArmy,
        Intent::Ready,
    ] {
        harness::intent::<ChessTable>(&mut app, i);
    }
    assert_eq!(harness::table::<ChessTable>(&app).phase, Phase::Play);
    let announced = |app: &App| {
        app.world()
            .resource::<ChessPanels>()
            .field
            .announced
            .clone()
    };
    let over = |app: &App| harness::table::<ChessTable>(app).phase == Phase::Over;
    let mine_now = |app: &App| harness::table::<ChessTable>(app).person_to_act();
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut mine = 0;
    while !over(&app) {
        wait(&mut app, mine_now, over);
        if over(&app) {
            break;
        }
        let t = harness::table::<ChessTable>(&app);
        let game = t.game.as_ref().unwrap().game();
        let plies = game.record().len();
        if plies > 0 {
            let before = game.after(plies - 1).unwrap();
            let record = &game.course()[plies - 1].record;
            assert_eq!(
                announced(&app).last(),
                Some(&en.say(&words::announce(before, record))),
                "the last action, its dice and result, were announced"
            );
        }
        let state = t.state().unwrap().clone();
        let viewer = t.colour;
        assert!(
            words::position(&state, viewer).len() >= 9,
            "the board is read"
        );
        let listed = words::actions(&state);
        let action = choose(&mut rng, &en, &listed, |text| {
            words::typed(&state, text, |m| en.say(m))
        });
        let before = plies;
        harness::intent::<ChessTable>(&mut app, Intent::Act(action));
        let game = harness::table::<ChessTable>(&app)
            .game
            .as_ref()
            .unwrap()
            .game();
        assert_eq!(game.record().get(before).map(|e| e.action), Some(action));
        heard(
            &announced(&app),
            &en.say(&words::announce(&state, &game.course()[before].record)),
        );
        mine += 1;
        assert!(mine < 4_000, "the game ends");
    }
    assert!(mine > 0);
    let t = harness::table::<ChessTable>(&app);
    assert!(t.game.as_ref().unwrap().ending().is_some(), "to a result");
}
