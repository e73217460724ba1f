//! The match layer: seats as data (a remote seat driven from outside), the turn clock and its
//! timeout rule with time passed in, and whole headless matches through `tables play`.

use carved_tables::ai::Level;
use carved_tables::cli::{self, CliError};
use carved_tables::i18n::english;
use carved_tables::play::verify::verify;
use carved_tables::play::{ClockSetting, Match, Refused, Seat};
use carved_tables::rules::Game;
use carved_tables::rules::hive::{Colour, GameRecord, State};

fn run(line: &str) -> Result<String, CliError> {
    let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    let mut out = Vec::new();
    cli::run(
        cli::parse(&words)?,
        &mut std::io::empty(),
        &mut out,
        &mut Vec::new(),
    )?;
    Ok(String::from_utf8(out).unwrap())
}

/// A person here plays ash; walnut is a remote person whose actions arrive as text.
fn remote_match() -> Match<State> {
    Match::new(
        State::new(),
        [Seat::Person, Seat::Remote],
        ClockSetting {
            per_turn: Some(60.0),
            window: None,
        },
        11,
    )
}

#[test]
fn a_remote_seat_is_refused_out_of_turn_and_when_malformed_and_accepted_in_turn() {
    let mut m = remote_match();
    assert_eq!(m.seat(Colour::Walnut), Seat::Remote);
    assert!(m.bot_turn().is_none(), "nobody's bot is to move");
    // Out of turn: ash opens.
    let before = m.clone();
    assert!(matches!(
        m.submit_text(Colour::Walnut, "bS1"),
        Err(Refused::NotYourTurn {
            awaited: Colour::Ash
        })
    ));
    assert_eq!(m, before, "a refusal changes nothing");
    m.submit_text(Colour::Ash, "wS1").unwrap();
    // Malformed, then well-formed but illegal, from the remote seat in its turn.
    for junk in ["", "bX9", "bS1 wS1- extra", "wS1 bS1-"] {
        let e = m.submit_text(Colour::Walnut, junk).unwrap_err();
        assert!(matches!(e, Refused::Malformed(_)), "{junk}: {e:?}");
        assert!(!english(&carved_tables::i18n::Explain::explain(&e)).is_empty());
    }
    let e = m.submit_text(Colour::Walnut, "bQ wS1-").unwrap_err();
    assert!(
        matches!(e, Refused::Malformed(_)),
        "the Elder on turn 1: {e:?}"
    );
    assert_eq!(m.record().len(), 1);
    // In turn and legal: accepted, and the clock restarts for ash.
    let played = m.submit_text(Colour::Walnut, "bS1 wS1-").unwrap();
    assert_eq!(played.side, Colour::Walnut);
    assert!(!played.timeout);
    assert_eq!(m.time_left(), Some(60.0));
    assert_eq!(m.awaited(), Some(Colour::Ash));
}

#[test]
fn when_the_remote_seats_clock_runs_out_the_timeout_move_is_played_for_it() {
    let mut m = remote_match();
    m.submit_text(Colour::Ash, "wS1").unwrap();
    assert_eq!(m.awaited_seat(), Some(Seat::Remote));
    // 59.9 seconds: nothing happens yet.
    assert!(m.tick(59.9).is_none());
    assert!(m.time_left().unwrap() > 0.0);
    let expected = carved_tables::ai::hive::timeout_move(m.state()).unwrap();
    let played = m.tick(0.2).expect("the clock ran out");
    assert!(played.timeout);
    assert_eq!(played.side, Colour::Walnut);
    assert_eq!(played.action, expected, "the deterministic timeout move");
    assert!(m.record()[1].timeout);
    assert_eq!(m.awaited(), Some(Colour::Ash));
    assert_eq!(m.time_left(), Some(60.0), "a fresh minute for ash");
    // An untimed match never times out.
    let mut untimed = Match::new(
        State::new(),
        [Seat::Remote, Seat::Person],
        ClockSetting::default(),
        0,
    );
    assert!(untimed.tick(1e9).is_none());
    assert!(untimed.record().is_empty());
}

#[test]
fn a_bot_seat_says_what_it_needs_and_its_answer_goes_through_the_same_entry() {
    let mut m = Match::new(
        State::new(),
        [Seat::Bot(Level::Easy), Seat::Remote],
        ClockSetting::default(),
        5,
    );
    let turn = m.bot_turn().expect("the bot opens");
    assert_eq!(
        (turn.side, turn.level, turn.ply),
        (Colour::Ash, Level::Easy, 0)
    );
    let action = carved_tables::ai::choose(&turn.state, turn.level, turn.seed).unwrap();
    m.submit(turn.side, action).unwrap();
    assert!(m.bot_turn().is_none(), "the remote seat is next");
    // The same match and seed ask the same question again.
    let again = remote_free_replay(&m);
    assert_eq!(again.record(), m.record());
}

fn remote_free_replay(m: &Match<State>) -> Match<State> {
    m.replayed().expect("a match replays")
}

#[test]
fn tables_play_hive_writes_a_record_that_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.txt");
    let out = run(&format!(
        "play hive --white bot:easy --black bot:normal --seed 7 --record {}",
        path.display()
    ))
    .unwrap();
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("result: "), "{out}");
    assert!(
        out.lines().next().unwrap().starts_with("1. white "),
        "{out}"
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let record = GameRecord::parse(&text).unwrap();
    let checks = verify(&record);
    assert!(checks.iter().all(|c| c.passed), "{checks:?}");
    // `tables verify` agrees.
    let verified = run(&format!("verify {}", path.display())).unwrap();
    assert!(verified.contains("the record is verified"), "{verified}");
    // The same seed plays the same match.
    let again = run("play hive --white bot:easy --black bot:normal --seed 7").unwrap();
    assert_eq!(again, out);
}

#[test]
fn tables_play_snelab_and_chess_end_with_a_result() {
    let out = run("play snelab --south bot:easy --north bot:easy --seed 3").unwrap();
    let last = out.lines().last().unwrap();
    assert!(
        last == "result: south wins (a piece reached its Bench)"
            || last == "result: north wins (a piece reached its Bench)"
            || last.contains("no legal move"),
        "{out}"
    );
    let out = run("play chess --white bot:easy --black bot:easy --seed 3").unwrap();
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("result: "), "{out}");
    assert_ne!(last, "result: unfinished", "{out}");
    // Every printed action reads back in the game's notation, in turn.
    let mut state = <carved_tables::rules::chess::State as Game>::opening(3);
    for line in out.lines().filter(|l| !l.starts_with("result")) {
        let text = line.splitn(3, ' ').nth(2).unwrap();
        let a = state.parse_action(text).unwrap();
        state = Game::apply(&state, &a).unwrap().0;
    }
    assert!(Game::outcome(&state).is_some());
}

#[test]
fn unknown_or_unplayable_seats_are_usage_errors() {
    for bad in [
        "play hive --white bot:genius --black bot:easy",
        "play hive --white robot --black bot:easy",
        "play hive --white person --black bot:easy",
        "play hive --white remote --black bot:easy",
        "play hive --white bot:easy",
        "play snelab --white bot:easy --black bot:easy",
        "play go --white bot:easy --black bot:easy",
    ] {
        let e = run(bad).unwrap_err();
        assert_eq!(e.exit_code(), 2, "{bad}: {e}");
    }
    let e = run("play hive --white bot:genius --black bot:easy").unwrap_err();
    assert!(e.to_string().contains("unknown seat `bot:genius`"), "{e}");
}
