//! Ash & Walnut game records and "Verify a game": a clean record passes every check, and each
//! kind of tampering fails the right check, naming the first bad move.

use carved_tables::ai::Level;
use carved_tables::ai::hive as ai;
use carved_tables::cli::Options;
use carved_tables::fair::{SeatOrder, Seed, ash_seat};
use carved_tables::play::verify::verify;
use carved_tables::rules::hive::record::{RecordedEntry, RecordedMove};
use carved_tables::rules::hive::{Colour, GameRecord, RecordedResult, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A finished game: the bot against a random player, with every third ash move played by the
/// clock (the timeout move).
fn recorded_game() -> (GameRecord, Vec<usize>) {
    let seed = Seed([9; 32]);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut s = State::new();
    let mut timeouts = Vec::new();
    let mut marks = Vec::new();
    while s.outcome().is_none() {
        let (m, t) = match s.to_move() {
            Colour::Ash if s.ply() % 6 == 2 => (ai::timeout_move(&s).unwrap(), true),
            Colour::Ash => (ai::choose(&s, Level::Easy, 1).unwrap(), false),
            Colour::Walnut => (ai::random_move(&s, &mut rng).unwrap(), false),
        };
        if t {
            timeouts.push(s.ply());
        }
        marks.push(t);
        s.play(m).unwrap();
    }
    let seats = ["Ana (person)".to_string(), "Bot easy (bot)".to_string()];
    (
        GameRecord::of_game(&s, seed, seats, ash_seat(&seed), &marks),
        timeouts,
    )
}

/// Move `i` of a record made of moves only.
fn mv(r: &mut GameRecord, i: usize) -> &mut RecordedMove {
    match &mut r.entries[i] {
        RecordedEntry::Move(m) => m,
        other => panic!("entry {i} is {other:?}"),
    }
}

fn failed(record: &GameRecord) -> Vec<(&'static str, String)> {
    verify(record)
        .into_iter()
        .filter(|c| !c.passed)
        .map(|c| (c.name, carved_tables::i18n::english(&c.detail)))
        .collect()
}

#[test]
fn a_clean_record_reads_back_and_passes_every_check() {
    let (record, timeouts) = recorded_game();
    assert!(!timeouts.is_empty());
    assert_ne!(record.result, RecordedResult::InProgress);
    let text = record.to_text();
    let back = GameRecord::parse(&text).unwrap();
    assert_eq!(back, record);
    let checks = verify(&back);
    assert_eq!(checks.len(), 5);
    assert!(checks.iter().all(|c| c.passed), "{checks:?}");
}

#[test]
fn tampering_fails_the_right_check() {
    let (record, _) = recorded_game();

    let mut r = record.clone();
    r.fingerprint = Seed([8; 32]).fingerprint();
    assert_eq!(failed(&r)[0].0, "fingerprint");

    let mut r = record.clone();
    r.ash = match r.ash {
        SeatOrder::First => SeatOrder::Second,
        SeatOrder::Second => SeatOrder::First,
    };
    assert_eq!(
        failed(&r).iter().map(|f| f.0).collect::<Vec<_>>(),
        ["colour rule"]
    );

    let mut r = record.clone();
    mv(&mut r, 5).text = "wQ wQ".into();
    let f = failed(&r);
    assert_eq!(f[0].0, "moves");
    assert!(f[0].1.starts_with("move 6 `wQ wQ`"), "{}", f[0].1);
    assert_eq!(f.last().map(|x| x.0), Some("result"));

    // A move the clock did not choose, marked as a timeout move.
    let mut r = record.clone();
    let moves: Vec<RecordedMove> = r.moves().cloned().collect();
    let i = (0..moves.len())
        .find(|&i| {
            !moves[i].timeout && {
                let mut s = State::new();
                for m in &moves[..i] {
                    let mv = s.parse_move(&m.text).unwrap();
                    s.play(mv).unwrap();
                }
                ai::timeout_move(&s).map(|m| s.move_string(m)) != Some(moves[i].text.clone())
            }
        })
        .unwrap();
    mv(&mut r, i).timeout = true;
    let f = failed(&r);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].0, "timeout moves");
    assert!(f[0].1.starts_with(&format!("move {}", i + 1)), "{}", f[0].1);

    let mut r = record.clone();
    r.result = RecordedResult::Draw;
    assert_eq!(
        failed(&r).iter().map(|f| f.0).collect::<Vec<_>>(),
        ["result"]
    );

    let mut r = record.clone();
    r.entries.pop();
    assert_eq!(
        failed(&r).iter().map(|f| f.0).collect::<Vec<_>>(),
        ["result"]
    );
}

#[test]
fn damaged_records_are_reported_by_line() {
    let (record, _) = recorded_game();
    let text = record.to_text();
    let cases = [
        (text.replace("seed ", "seed zz"), 3),
        (
            text.replace("ash first", "ash both")
                .replace("ash second", "ash both"),
            6,
        ),
        (text.replacen("move ", "mvoe ", 1), 7),
        (format!("{text}move wQ\n"), text.lines().count() + 1),
    ];
    for (bad, line) in cases {
        let e = GameRecord::parse(&bad).unwrap_err();
        assert_eq!(e.line, line, "{e}");
    }
    let e = GameRecord::parse(&text.replace("result", "# result")).unwrap_err();
    assert!(e.to_string().contains("result"), "{e}");
    assert!(GameRecord::parse("").is_err());
}

#[test]
fn the_verify_command_prints_each_check() {
    let (record, _) = recorded_game();
    let opts = Options::parse(&[]).unwrap();
    let mut out = Vec::new();
    let text = record.to_text();
    carved_tables::cli::hive::verify(&opts, None, &mut text.as_bytes(), &mut out).unwrap();
    let printed = String::from_utf8(out).unwrap();
    assert_eq!(
        printed
            .lines()
            .filter(|l| l.starts_with("passed: "))
            .count(),
        5
    );
    let bad = text.replace("result ", "result draw\n# ");
    let mut out = Vec::new();
    let e = carved_tables::cli::hive::verify(&opts, None, &mut bad.as_bytes(), &mut out);
    assert!(e.is_err());
    assert!(String::from_utf8(out).unwrap().contains("FAILED: result"));
}
