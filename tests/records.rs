//! Records for every game, and the device's archive of finished games: each game's text record
//! is written, read back with `review::read` and replayed to the game that wrote it (a local
//! Artifact Chess game played by the engine to its end, one resigned, one with Undo, with the
//! artifacts on and off; a Snēlab case online and at this device; an Ash & Walnut game), a
//! damaged record is an error
//! naming its line and never a panic, and the archive keeps, orders, caps, saves and opens
//! them. Without Bevy.

use carved_tables::ai::{self, Level};
use carved_tables::fair::chess::army_text;
use carved_tables::fair::{SeatOrder, Seed, ash_seat};
use carved_tables::i18n::Explain;
use carved_tables::i18n::english;
use carved_tables::play::Playable;
use carved_tables::play::archive::{Archive, Archived, ArchivedResult, ArchivedSide, CAP};
use carved_tables::play::chess::{ChessGame, Ending};
use carved_tables::play::chess_record::{
    LOCAL_HEADER, LocalChessRecord, LocalEntry, RecordProblem, RecordedResult,
};
use carved_tables::play::hive::HiveGame;
use carved_tables::play::snelab::record::{
    CaseEntry, CaseRecord, CaseResult, LOCAL_HEADER as SNELAB_LOCAL_HEADER, LocalCase,
    LocalCaseEntry,
};
use carved_tables::play::snelab::{Coin, Phase, Purse, Session, Stakes};
use carved_tables::play::{ClockSetting, Match, Seat};
use carved_tables::review::{Replay, ReplayError, read};
use carved_tables::rules::GameKind;
use carved_tables::rules::chess::{Army, Colour, DiceRng, State};
use carved_tables::rules::{Game, hive, snelab};
use carved_tables::save::{LoadStatus, decode, encode};

// ---------------------------------------------------------------------------------------------
// Artifact Chess, local

const NAMES: [&str; 2] = ["You", "Engine (normal)"];

/// A local game between the engine's armies: `seats` by colour, artifacts on or off.
fn chess_game(seats: [Seat; 2], artifacts: bool, dice_seed: u64) -> ChessGame {
    let mut rng = DiceRng::new(dice_seed ^ 0x5eed);
    ChessGame::new(
        Army::engine(Colour::White, &mut rng),
        Army::engine(Colour::Black, &mut rng),
        artifacts,
        seats,
        dice_seed,
        dice_seed.rotate_left(9),
    )
}

/// One action of the side to act: the engine's easy choice, or now and then a response window
/// left to run out (the clock passes for it). False once the game is over.
fn step(g: &mut ChessGame, ply: u64) -> bool {
    let Some(side) = g.awaited() else {
        return false;
    };
    if g.state().window().is_some() && ply.is_multiple_of(3) {
        let played = g.tick(100.0).expect("a window runs out");
        assert!(played.timeout);
        return true;
    }
    let a = ai::choose(g.state(), Level::Easy, ply).expect("an action while the game goes on");
    g.submit(side, a).unwrap();
    true
}

/// Every position of a match's course, the start first.
fn course(m: &Match<State>) -> Vec<State> {
    (0..=m.record().len())
        .map(|n| m.after(n).cloned().expect("the course holds every action"))
        .collect()
}

/// The record's text read back by the archive's reader replays to the game, position by
/// position, and rebuilds the same match course and ending.
fn round_trips(g: &ChessGame) -> String {
    let record = LocalChessRecord::from_game(g, NAMES).expect("a local game has a record");
    let text = record.to_text();
    assert!(text.starts_with(LOCAL_HEADER));
    let back = LocalChessRecord::parse(&text).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.to_text(), text);
    let rebuilt = ChessGame::from_record(&back).unwrap();
    assert_eq!(course(rebuilt.game()), course(g.game()));
    assert_eq!(rebuilt.game().record(), g.game().record(), "timeouts kept");
    assert_eq!(rebuilt.ending(), g.ending());
    assert_eq!(rebuilt.state(), g.state());
    // The record keeps each army in canonical text (pieces by square).
    let text_of = |g: &ChessGame| g.armies().clone().map(|a| army_text(&a));
    assert_eq!(text_of(&rebuilt), text_of(g));
    assert_eq!(rebuilt.dice_seed(), g.dice_seed());
    for c in Colour::BOTH {
        assert_eq!(rebuilt.seat(c), g.seat(c));
    }
    let Ok(Replay::Chess(line)) = read(&text) else {
        panic!("not an Artifact Chess replay: {:?}", read(&text).err());
    };
    assert_eq!(line.states, course(g.game()));
    assert_eq!(line.actions, g.game().actions().collect::<Vec<_>>());
    assert_eq!(line.last(), g.state());
    for (i, step) in g.game().course().iter().enumerate() {
        assert_eq!(line.records[i], step.record, "what action {i} did");
        assert_eq!(
            line.notation[i],
            line.states[i].action_text(&line.actions[i])
        );
    }
    text
}

/// A game the engine plays to its end (both sides), with dice and a window run out.
fn finished_game(artifacts: bool) -> ChessGame {
    for seed in 1..20u64 {
        let mut g = chess_game([Seat::Person, Seat::Bot(Level::Normal)], artifacts, seed);
        let mut ply = 0;
        while step(&mut g, ply) {
            ply += 1;
            if ply > 600 {
                break;
            }
        }
        let dice = g.game().course().iter().any(|s| s.record.dice.is_some());
        let timeout = g.game().record().iter().any(|e| e.timeout);
        if g.ending().is_some() && dice && (timeout || !artifacts) {
            return g;
        }
    }
    panic!("no engine game ended with dice and a timeout");
}

fn sample() -> (ChessGame, String) {
    static SAMPLE: std::sync::OnceLock<(ChessGame, String)> = std::sync::OnceLock::new();
    SAMPLE
        .get_or_init(|| {
            let g = finished_game(true);
            let text = round_trips(&g);
            (g, text)
        })
        .clone()
}

#[test]
fn a_local_chess_game_played_to_its_end_round_trips() {
    let (g, text) = sample();
    let Some(Ending::Rules(_)) = g.ending() else {
        panic!("the rules ended it: {:?}", g.ending());
    };
    assert!(text.contains("\nseat white person You\n"), "{text}");
    assert!(text.contains("\nseat black bot:normal Engine (normal)\n"));
    assert!(text.contains(&format!("\ndice-seed {}\n", g.dice_seed().unwrap())));
    assert!(text.contains(" dice "), "the dice are written");
    assert!(text.contains(" timeout "), "the clock's actions are marked");
    let result = RecordedResult::of(g.ending()).text();
    assert!(text.ends_with(&format!("\nresult {result}\n")));
    // Comments, blank lines and extra spaces read the same.
    let spaced = text
        .replace("\nresult", "\n\n# the end\n   result")
        .replace("action white ", "action  white\t");
    assert_eq!(
        LocalChessRecord::parse(&spaced).unwrap(),
        LocalChessRecord::parse(&text).unwrap()
    );
    assert!(read(&spaced).is_ok());
}

#[test]
fn a_local_chess_game_without_artifacts_round_trips() {
    let g = finished_game(false);
    let text = round_trips(&g);
    assert!(text.contains("\nartifacts off\n"));
}

#[test]
fn a_resigned_game_round_trips_with_its_resignation() {
    let mut g = chess_game([Seat::Bot(Level::Easy), Seat::Person], true, 41);
    for ply in 0..30 {
        assert!(step(&mut g, ply));
    }
    let loser = g.awaited().unwrap();
    g.resign(loser).unwrap();
    let text = round_trips(&g);
    assert!(text.contains(&format!("\nresign {}\n", loser.name())));
    let winner = RecordedResult::Win(loser.other()).text();
    assert!(text.ends_with(&format!("\nresult {winner}\n")), "{text}");
    // An agreed draw is kept the same way.
    let mut drawn = chess_game([Seat::Person, Seat::Person], false, 42);
    for ply in 0..9 {
        assert!(step(&mut drawn, ply));
    }
    drawn.agree_draw().unwrap();
    let text = round_trips(&drawn);
    assert!(text.contains("\ndraw agreed\nresult draw\n"), "{text}");
}

#[test]
fn undone_actions_are_left_out_and_the_standing_game_round_trips() {
    // Against the engine: Undo takes back the person's action and the engine's replies.
    let mut g = chess_game([Seat::Person, Seat::Bot(Level::Easy)], true, 43);
    let mut played = 0;
    for ply in 0..24 {
        assert!(step(&mut g, ply));
        played += 1;
        if ply % 8 == 7 {
            let n = g.undo_size().unwrap();
            g.undo(n).unwrap();
            played -= n;
        }
    }
    assert_eq!(g.len(), played);
    let text = round_trips(&g);
    let actions = text.lines().filter(|l| l.starts_with("action ")).count();
    assert_eq!(actions, g.len(), "only the standing actions");
    assert!(text.ends_with("\nresult in progress\n"));
    // At a hot seat Undo takes back one action; the record still replays what stands.
    let mut hot = chess_game([Seat::Person, Seat::Person], true, 44);
    for ply in 0..10 {
        assert!(step(&mut hot, ply));
    }
    hot.undo(1).unwrap();
    assert!(step(&mut hot, 99));
    round_trips(&hot);
}

#[test]
fn games_without_a_dice_seed_have_no_local_record() {
    let g = chess_game([Seat::Person, Seat::Person], true, 5);
    // Online (keyed), staged: no seed of their own.
    let keyed = ChessGame::keyed(
        g.armies()[0].clone(),
        g.armies()[1].clone(),
        true,
        [Seat::Remote, Seat::Person],
        [7; 32],
        0,
    );
    assert_eq!(keyed.dice_seed(), None);
    assert_eq!(LocalChessRecord::from_game(&keyed, NAMES), None);
    let staged = ChessGame::restaged(g.state().clone(), [Seat::Person; 2], 0);
    assert_eq!(LocalChessRecord::from_game(&staged, NAMES), None);
    assert_eq!(
        Archived::chess_local(&staged, NAMES, "2025-01-01T00:00:00Z"),
        None
    );
    // A save written before games kept their seed still loads, without a record.
    let mut json = serde_json::to_value(&g).unwrap();
    json.as_object_mut().unwrap().remove("dice_seed");
    let old: ChessGame = serde_json::from_value(json).unwrap();
    let old = old.checked().unwrap();
    assert_eq!(old.game(), g.game());
    assert_eq!(LocalChessRecord::from_game(&old, NAMES), None);
}

// ---------------------------------------------------------------------------------------------
// Damaged local chess records

/// The text with line `n` (1-based) replaced.
fn with_line(text: &str, n: usize, new: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == n { new } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first line passing `pick`: its number and text.
fn find_line(text: &str, pick: impl Fn(&str) -> bool) -> (usize, String) {
    text.lines()
        .enumerate()
        .find(|(_, l)| pick(l))
        .map(|(i, l)| (i + 1, l.to_string()))
        .expect("a line to change")
}

/// Reading `text` fails at line `n` with `problem`, and `review::read` says so in words.
fn fails_at(text: &str, n: usize, problem: impl Fn(&RecordProblem) -> bool) {
    let (record, lines) = LocalChessRecord::parse_with_lines(text).unwrap();
    let e = ChessGame::from_record_at(&record, &lines).unwrap_err();
    assert_eq!(e.line, n, "{e}");
    assert!(problem(&e.problem), "{e}");
    let Err(ReplayError::Record { game, why }) = read(text) else {
        panic!("read accepts a damaged record");
    };
    assert_eq!(game, GameKind::Chess);
    assert!(why.contains(&format!("line {n}:")), "{why}");
    assert_eq!(why, e.to_string());
}

#[test]
fn a_changed_die_is_an_error_naming_its_line() {
    let (g, text) = sample();
    let (n, line) = find_line(&text, |l| l.contains(" dice "));
    let (head, dice) = line.split_once(" dice ").unwrap();
    let first: u8 = dice[..1].parse().unwrap();
    let changed = with_line(
        &text,
        n,
        &format!("{head} dice {}{}", first % 6 + 1, &dice[1..]),
    );
    fails_at(
        &changed,
        n,
        |p| matches!(p, RecordProblem::DiceDiffer(Some(d)) if d.to_string() == dice),
    );
    // Dice written where none are rolled, and none where they are.
    fails_at(&with_line(&text, n, head), n, |p| {
        matches!(p, RecordProblem::DiceDiffer(Some(_)))
    });
    let (m, plain) = find_line(&text, |l| l.starts_with("action") && !l.contains(" dice "));
    fails_at(
        &with_line(&text, m, &format!("{plain} dice 1 vs 1")),
        m,
        |p| *p == RecordProblem::DiceDiffer(None),
    );
    // Another seed rolls other dice (or deals other hands): some line fails.
    let seed = g.dice_seed().unwrap();
    let reseeded = text.replace(
        &format!("\ndice-seed {seed}\n"),
        &format!("\ndice-seed {}\n", seed + 1),
    );
    assert!(matches!(read(&reseeded), Err(ReplayError::Record { .. })));
}

#[test]
fn a_wrong_army_a_wrong_turn_a_false_timeout_or_result_names_its_line() {
    let (g, text) = sample();
    let (n, _) = find_line(&text, |l| l.starts_with("army white"));
    let black = army_text(&g.armies()[1]);
    fails_at(
        &with_line(&text, n, &format!("army white {black}")),
        n,
        |p| {
            *p == RecordProblem::ArmyColour {
                army: Colour::Black,
                line: Colour::White,
            }
        },
    );
    fails_at(&with_line(&text, n, "army white w:Ke1,Ke2"), n, |p| {
        matches!(p, RecordProblem::BadArmy(_))
    });
    fails_at(&with_line(&text, n, "army white"), n, |p| {
        matches!(p, RecordProblem::BadArmy(_))
    });
    // The first action played by the other colour.
    let (m, first) = find_line(&text, |l| l.starts_with("action white"));
    fails_at(
        &with_line(&text, m, &first.replacen("white", "black", 1)),
        m,
        |p| *p == RecordProblem::NotToAct(Colour::White),
    );
    // An action the clock would not have played, marked as played by the clock.
    let m = g.game();
    let i = (0..m.record().len())
        .find(|&i| {
            let before = m.after(i).unwrap();
            !m.record()[i].timeout && before.timeout_action() != Some(m.record()[i].action)
        })
        .unwrap();
    let record = LocalChessRecord::from_game(&g, NAMES).unwrap();
    let k = record.lines().entries[i];
    let line = text.lines().nth(k - 1).unwrap();
    let colour = line.split(' ').nth(1).unwrap();
    let marked = line.replacen(&format!(" {colour} "), &format!(" {colour} timeout "), 1);
    fails_at(&with_line(&text, k, &marked), k, |p| {
        matches!(p, RecordProblem::TimeoutDiffers(_))
    });
    // An action after the end, and a result the game does not reach.
    let (r, _) = find_line(&text, |l| l.starts_with("result"));
    let after = with_line(&text, r, &format!("{line}\nresult draw"));
    assert!(read(&after).is_err());
    let other = match RecordedResult::of(g.ending()) {
        RecordedResult::Draw => "white wins",
        _ => "draw",
    };
    fails_at(
        &with_line(&text, r, &format!("result {other}")),
        r,
        |p| matches!(p, RecordProblem::ResultDiffers { recorded, .. } if recorded.text() == other),
    );
}

#[test]
fn damaged_local_records_are_errors_never_panics() {
    let (_, text) = sample();
    let lines: Vec<&str> = text.lines().collect();
    let mut errors = 0;
    let mut tried = 0;
    for (i, l) in lines.iter().enumerate() {
        let mut variants = vec![String::new(), format!("{l}\n{l}"), format!("{l} x")];
        for cut in (1..l.len()).step_by(5) {
            if l.is_char_boundary(cut) {
                variants.push(l[..cut].to_string());
            }
        }
        variants.push(l.replace('e', "é"));
        for v in variants {
            let mut mutated = lines.clone();
            mutated[i] = &v;
            let t = mutated.join("\n");
            tried += 1;
            match read(&t) {
                Ok(_) => {}
                Err(e) => {
                    errors += 1;
                    assert!(!e.to_string().is_empty());
                }
            }
        }
        // The text cut short after this line.
        let cut = lines[..i].join("\n");
        if read(&cut).is_err() {
            errors += 1;
        }
        tried += 1;
    }
    assert!(errors * 4 > tried * 3, "{errors} errors of {tried}");
    // Parsing errors name their line.
    for (bad, line) in [
        (format!("{LOCAL_HEADER}\ndice-seed -1"), 2),
        (format!("{LOCAL_HEADER}\ndice-seed 007"), 2),
        (format!("{LOCAL_HEADER}\nseat white robot You"), 2),
        (format!("{LOCAL_HEADER}\nartifacts maybe"), 2),
        (format!("{LOCAL_HEADER}\n\nbogus"), 3),
        (
            format!("{LOCAL_HEADER}\nresign white\naction black e7e5"),
            3,
        ),
        (format!("{LOCAL_HEADER}\noffer draw made by white at 3"), 2),
        (format!("{LOCAL_HEADER}\naction white e2e4 dice 7 vs 1"), 2),
    ] {
        let e = LocalChessRecord::parse(&bad).unwrap_err();
        assert_eq!(e.line, line, "{bad}: {e}");
        assert!(english(&e.explain()).starts_with(&format!("record line {line}: ")));
    }
    let e = LocalChessRecord::parse(LOCAL_HEADER).unwrap_err();
    assert_eq!(e.problem, RecordProblem::Missing("seat white"));
}

#[test]
fn a_trophy_draw_or_a_zombie_rise_that_is_not_the_streams_is_an_error() {
    // Look for a game whose record has a draw or a rise.
    for seed in 50..90u64 {
        let mut g = chess_game([Seat::Person, Seat::Person], true, seed);
        let mut ply = 0;
        while ply < 160 && step(&mut g, ply) {
            ply += 1;
        }
        let record = LocalChessRecord::from_game(&g, NAMES).unwrap();
        let text = record.to_text();
        let Some((i, a)) = record
            .entries
            .iter()
            .enumerate()
            .find_map(|(i, e)| match e {
                LocalEntry::Action(a) if a.drew.is_some() || a.rises.is_some() => Some((i, a)),
                _ => None,
            })
        else {
            continue;
        };
        let n = record.lines().entries[i];
        let mut changed = a.clone();
        if let Some(sq) = a.rises {
            changed.rises = carved_tables::rules::chess::Square::all().find(|s| *s != sq);
            let mut bad = record.clone();
            bad.entries[i] = LocalEntry::Action(changed);
            fails_at(&bad.to_text(), n, |p| {
                *p == RecordProblem::RisesDiffer(Some(sq))
            });
        } else {
            let drew = a.drew.unwrap();
            let other = carved_tables::rules::chess::Artifact::ALL
                .into_iter()
                .find(|k| !drew.contains(*k))
                .unwrap();
            changed.drew = Some([other].into_iter().collect());
            let mut bad = record.clone();
            bad.entries[i] = LocalEntry::Action(changed);
            fails_at(&bad.to_text(), n, |p| {
                *p == RecordProblem::DrewDiffers(Some(drew))
            });
        }
        assert!(read(&text).is_ok());
        return;
    }
    panic!("no game drew a Trophy or raised a Zombie Pawn");
}

// ---------------------------------------------------------------------------------------------
// Snēlab and Ash & Walnut

/// A Snēlab case the engine plays to its verdict from the case's start, with one takeback on
/// the way, as an online table records it.
fn snelab_case(n: u8) -> (CaseRecord, Match<snelab::Position>) {
    let seed = Seed([n; 32]);
    let mut m = Match::new(
        carved_tables::play::snelab::record::start(true),
        [Seat::Bot(Level::Easy); 2],
        ClockSetting::default(),
        n as u64,
    );
    let mut entries = Vec::new();
    let mut ply = 0u64;
    while let Some(side) = m.awaited() {
        let a = ai::choose(m.state(), Level::Easy, ply).unwrap();
        entries.push(CaseEntry::Move {
            text: m.state().action_text(&a),
            timeout: false,
        });
        m.submit(side, a).unwrap();
        ply += 1;
        if ply == 6 {
            // The side that just acted takes it back.
            let CaseEntry::Move { text, .. } = entries.last().unwrap().clone() else {
                unreachable!()
            };
            m.take_back(1).unwrap();
            entries.push(CaseEntry::TakeBack { side, text });
        }
        assert!(ply < 400, "the case reaches a verdict");
    }
    let result = match m.ending() {
        Some(carved_tables::play::Ending::Rules(v)) => CaseResult::Win(v.winner),
        _ => CaseResult::InProgress,
    };
    let record = CaseRecord {
        fingerprint: seed.fingerprint(),
        seed,
        seats: ["Ana (Person)".into(), "Bot easy (bot)".into()],
        south: ash_seat(&seed),
        stakes: Stakes::Casino,
        appeal: true,
        entries,
        result,
    };
    (record, m)
}

#[test]
fn a_snelab_case_record_round_trips_to_the_verdict() {
    let (record, m) = snelab_case(3);
    assert!(matches!(record.result, CaseResult::Win(_)));
    let text = record.to_text();
    assert_eq!(CaseRecord::parse(&text).unwrap(), record);
    let Ok(Replay::Snelab(line)) = read(&text) else {
        panic!("not a Snēlab replay");
    };
    let states: Vec<_> = (0..=m.record().len())
        .map(|n| m.after(n).unwrap().clone())
        .collect();
    assert_eq!(line.states, states);
    assert_eq!(line.last(), m.state());
    // The archive sums it up from South's seat: won or lost as the verdict says.
    let south = ArchivedSide::South;
    let a = Archived::new(&text, "2025-03-01T18:04:05Z", Some(south)).unwrap();
    assert_eq!(a.game, GameKind::Snelab);
    assert_eq!(a.plies, m.record().len());
    let CaseResult::Win(winner) = record.result else {
        unreachable!()
    };
    let won = winner == snelab::Side::South;
    assert_eq!(
        a.result,
        if won {
            ArchivedResult::Won
        } else {
            ArchivedResult::Lost
        }
    );
    let north_name = match record.south {
        SeatOrder::First => &record.seats[1],
        SeatOrder::Second => &record.seats[0],
    };
    assert_eq!(&a.opponent, north_name);
}

/// An Ash & Walnut game between the engine and a person (the engine plays both), with a
/// takeback, to its end or a resignation.
fn hive_game(n: u8) -> HiveGame {
    let mut g = HiveGame::new(
        [Seat::Person, Seat::Bot(Level::Easy)],
        ["Ana".into(), String::new()],
        Seed([n; 32]),
        ClockSetting::default(),
        n as u64,
    );
    let mut ply = 0u64;
    while let Some(side) = g.awaited() {
        let mv = ai::choose(g.state(), Level::Easy, ply).unwrap();
        g.submit(side, mv).unwrap();
        ply += 1;
        if ply == 8 {
            g.take_back(side).unwrap();
        }
        if ply == 120 {
            g.resign(g.awaited().unwrap()).unwrap();
        }
    }
    g
}

#[test]
fn an_ash_and_walnut_record_round_trips_to_its_end() {
    let g = hive_game(9);
    let text = g.record().to_text();
    assert!(text.contains("\ntakeback "), "{text}");
    let Ok(Replay::Hive(line)) = read(&text) else {
        panic!("not an Ash & Walnut replay");
    };
    let m = g.game();
    let states: Vec<_> = (0..=m.record().len())
        .map(|n| m.after(n).unwrap().clone())
        .collect();
    assert_eq!(line.states, states);
    assert_eq!(line.last(), g.state());
    // From a file: nobody here played it, so the winner is named by colour.
    let a = Archived::from_text(&text, "2025-03-01T18:04:05Z").unwrap();
    assert_eq!(a.game, GameKind::Hive);
    assert_eq!(a.plies, m.record().len());
    let expected = match g.ending().unwrap().winner() {
        Some(hive::Colour::Ash) => ArchivedResult::Winner(ArchivedSide::Ash),
        Some(hive::Colour::Walnut) => ArchivedResult::Winner(ArchivedSide::Walnut),
        None => ArchivedResult::Draw,
    };
    assert_eq!(a.result, expected);
    let names = g.record().seats;
    let first_side = match g.ash_seat() {
        SeatOrder::First => [&names[0], &names[1]],
        SeatOrder::Second => [&names[1], &names[0]],
    };
    assert_eq!(a.opponent, format!("{} – {}", first_side[0], first_side[1]));
}

// ---------------------------------------------------------------------------------------------
// The archive

const WHEN: &str = "2025-03-01T18:04:05Z";

/// Cheap entries for the list's bookkeeping (their records are never opened).
fn entry(i: usize) -> Archived {
    Archived {
        finished: format!("2025-03-01T18:{:02}:{:02}Z", i / 60 % 60, i % 60),
        game: GameKind::Chess,
        opponent: format!("opponent {i}"),
        result: ArchivedResult::Draw,
        plies: i,
        record: format!("# record {i}\n"),
    }
}

#[test]
fn the_archive_lists_newest_first_keeps_at_most_its_cap_and_removes() {
    let mut a = Archive::default();
    assert!(a.is_empty());
    for i in 0..CAP + 5 {
        assert!(a.push(entry(i)));
    }
    assert_eq!(a.len(), CAP);
    let plies: Vec<usize> = a.list().map(|g| g.plies).collect();
    let expected: Vec<usize> = (5..CAP + 5).rev().collect();
    assert_eq!(plies, expected, "newest first; the five oldest dropped");
    assert_eq!(a.get(0), Some(&entry(CAP + 4)));
    assert_eq!(a.get(CAP - 1), Some(&entry(5)));
    assert_eq!(a.get(CAP), None);
    assert_eq!(a.get(usize::MAX), None);
    // The same record is not kept twice.
    assert!(!a.push(entry(CAP + 4)));
    assert_eq!(a.len(), CAP);
    // Removing the second newest.
    assert_eq!(a.remove(1), Some(entry(CAP + 3)));
    assert_eq!(a.len(), CAP - 1);
    assert_eq!(a.get(1), Some(&entry(CAP + 2)));
    assert_eq!(a.remove(CAP), None);
    assert_eq!(a.remove(usize::MAX), None);
    assert_eq!(a.len(), CAP - 1);
    assert!(matches!(a.open(CAP), Err(ReplayError::Empty)));
}

#[test]
fn the_archive_opens_each_game_as_its_replay() {
    let (chess, _) = sample();
    let (case, case_match) = snelab_case(4);
    let hive = hive_game(11);
    let mut a = Archive::default();
    let c = Archived::chess_local(&chess, NAMES, WHEN).unwrap();
    // The person is white against the engine: won or lost as the game ended.
    let expected = match chess.ending().unwrap().winner() {
        Some(Colour::White) => ArchivedResult::Won,
        Some(Colour::Black) => ArchivedResult::Lost,
        None => ArchivedResult::Draw,
    };
    assert_eq!(c.result, expected);
    assert_eq!(c.opponent, NAMES[1]);
    assert_eq!(c.plies, chess.len());
    assert!(a.push(c));
    assert!(a.push(Archived::new(&case.to_text(), WHEN, Some(ArchivedSide::North)).unwrap()));
    let person = hive.game().seats().iter().position(|s| *s == Seat::Person);
    let person = ArchivedSide::of(GameKind::Hive, person.unwrap());
    assert!(a.push(Archived::new(&hive.record().to_text(), WHEN, Some(person)).unwrap()));
    assert_eq!(
        a.list().map(|g| g.game).collect::<Vec<_>>(),
        [GameKind::Hive, GameKind::Snelab, GameKind::Chess]
    );
    let Ok(Replay::Hive(line)) = a.open(0) else {
        panic!("the newest is the Ash & Walnut game");
    };
    assert_eq!(line.last(), hive.state());
    let Ok(Replay::Snelab(line)) = a.open(1) else {
        panic!()
    };
    assert_eq!(line.last(), case_match.state());
    let Ok(Replay::Chess(line)) = a.open(2) else {
        panic!()
    };
    assert_eq!(line.last(), chess.state());
    for (i, g) in a.list().enumerate() {
        assert_eq!(a.open(i).unwrap().len(), g.plies);
    }
    // Saved and read back whole.
    let (back, status) = decode::<Archive>(Some(&encode(&a)));
    assert_eq!(status, LoadStatus::Loaded);
    assert_eq!(back, a);
}

#[test]
fn a_hot_seat_game_names_its_winner_and_a_game_under_way_is_unfinished() {
    let mut g = chess_game([Seat::Person, Seat::Person], true, 45);
    for ply in 0..6 {
        assert!(step(&mut g, ply));
    }
    let under_way = Archived::chess_local(&g, ["Ana", "Bo"], WHEN).unwrap();
    assert_eq!(under_way.result, ArchivedResult::Unfinished);
    assert_eq!(under_way.opponent, "Ana – Bo");
    g.resign(Colour::White).unwrap();
    let resigned = Archived::chess_local(&g, ["Ana", "Bo"], WHEN).unwrap();
    assert_eq!(resigned.result, ArchivedResult::Winner(ArchivedSide::Black));
    assert_eq!(resigned.finished, WHEN);
    // The result's saved words are stable: the app words them from these.
    assert_eq!(
        serde_json::to_value(resigned.result).unwrap(),
        serde_json::json!({ "winner": "black" })
    );
    assert_eq!(serde_json::to_value(ArchivedResult::Won).unwrap(), "won");
}

#[test]
fn a_pasted_record_tells_its_game_and_garbage_is_refused() {
    let (chess, chess_text) = sample();
    let a = Archived::from_text(&chess_text, WHEN).unwrap();
    assert_eq!((a.game, a.plies), (GameKind::Chess, chess.len()));
    assert_eq!(a.opponent, format!("{} – {}", NAMES[0], NAMES[1]));
    // A pasted record's replay shows the record's names by side; a GameString names nobody.
    let replay = carved_tables::review::read(&chess_text).unwrap();
    assert_eq!(
        carved_tables::play::archive::side_names(&chess_text, &replay),
        NAMES.map(String::from)
    );
    let gs_text = "Base;InProgress;White[2];wS1;bS1 wS1-";
    let gs_replay = carved_tables::review::read(gs_text).unwrap();
    assert_eq!(
        carved_tables::play::archive::side_names(gs_text, &gs_replay),
        [String::new(), String::new()]
    );
    let (case, _) = snelab_case(5);
    let case_text = case.to_text();
    let case_replay = carved_tables::review::read(&case_text).unwrap();
    let names = carved_tables::play::archive::side_names(&case_text, &case_replay);
    assert!(names.iter().all(|n| !n.is_empty()), "{names:?}");
    assert_eq!(
        Archived::from_text(&case.to_text(), WHEN).unwrap().game,
        GameKind::Snelab
    );
    let gs = Archived::from_text("Base;InProgress;White[2];wS1;bS1 wS1-", WHEN).unwrap();
    assert_eq!(
        (gs.game, gs.plies, gs.result),
        (GameKind::Hive, 2, ArchivedResult::Unfinished)
    );
    for bad in [
        "",
        "   \n# nothing\n",
        "hello",
        "Base;Nonsense",
        LOCAL_HEADER,
        "\u{0}\u{1}",
    ] {
        assert!(Archived::from_text(bad, WHEN).is_err(), "{bad:?}");
    }
    // A damaged record is refused with the reason, not kept.
    let bad = chess_text.replacen(" dice ", " dice 6+6+6 vs 1 x ", 1);
    assert!(Archived::from_text(&bad, WHEN).is_err());
}

#[test]
fn a_damaged_archive_save_is_replaced_and_reported_never_a_panic() {
    let (_, chess_text) = sample();
    let mut a = Archive::default();
    a.push(Archived::from_text(&chess_text, WHEN).unwrap());
    a.push(entry(1));
    let good = encode(&a);
    assert_eq!(
        decode::<Archive>(Some(&good)),
        (a.clone(), LoadStatus::Loaded)
    );
    // Whether the text was replaced by the default (else it loaded).
    let check = |text: &str| -> bool {
        let (value, status) = decode::<Archive>(Some(text));
        match &status {
            LoadStatus::Replaced(why) => {
                assert_eq!(value, Archive::default());
                assert!(why.to_string().contains("games"), "{why}");
                true
            }
            LoadStatus::Loaded => {
                // Still a readable archive: it saves and loads alike, and opening any of its
                // games is a replay or an error.
                assert_eq!(decode::<Archive>(Some(&encode(&value))).0, value);
                for i in 0..value.len() {
                    let _ = value.open(i);
                }
                false
            }
            other => panic!("{other:?}"),
        }
    };
    for n in (0..good.len()).step_by(7) {
        if good.is_char_boundary(n) {
            assert!(check(&good[..n]), "cut at {n}");
        }
    }
    let bytes = good.as_bytes();
    let mut replaced = 0;
    for i in (0..bytes.len()).step_by(11) {
        let mut b = bytes.to_vec();
        b[i] ^= 1 << (i % 7);
        if check(&String::from_utf8_lossy(&b)) {
            replaced += 1;
        }
    }
    let data = serde_json::to_string(&a).unwrap();
    for text in [
        format!("{{\"version\":0,\"data\":{data}}}"),
        format!("{{\"version\":2,\"data\":{data}}}"),
        "{\"version\":1,\"data\":{\"games\":[{\"finished\":3}]}}".to_string(),
        "{\"version\":1,\"data\":[]}".to_string(),
        "not json".to_string(),
    ] {
        assert!(check(&text), "{text}");
    }
    assert!(replaced > 0);
    // A save holding more than the cap (written by hand) keeps the newest.
    let many: Vec<Archived> = (0..CAP + 3).map(entry).collect();
    let text = format!(
        "{{\"version\":1,\"data\":{{\"games\":{}}}}}",
        serde_json::to_string(&many).unwrap()
    );
    let (big, status) = decode::<Archive>(Some(&text));
    assert_eq!(status, LoadStatus::Loaded);
    assert_eq!(big.len(), CAP);
    assert_eq!(big.get(0), Some(&entry(CAP + 2)));
    assert_eq!(big.get(CAP - 1), Some(&entry(3)));
}

// ---------------------------------------------------------------------------------------------
// Snēlab, local

/// A case at this device's table, opened by North (the coin), played by the engine for both
/// sides until the verdict, or resigned after `resign_after` actions.
fn local_case(resign_after: Option<usize>) -> Session {
    let mut session = Session::new(Purse::default());
    session.setup.opponent = Seat::Bot(Level::Easy);
    session.sit(Coin::Tails, 7, 1_000).unwrap();
    let mut ply = 0u64;
    while let Some(side) = session.to_act() {
        if resign_after == Some(ply as usize) {
            session.resign(side, 2_000).unwrap();
            break;
        }
        let a = ai::choose(&session.pos(), Level::Easy, ply).unwrap();
        session.act(side, a, 1_001 + ply).unwrap();
        ply += 1;
        assert!(ply < 400, "the case reaches a verdict");
    }
    session
}

/// The local case's record replays to the session's case, position by position.
fn case_round_trips(session: &Session) -> (LocalCase, String) {
    let record = LocalCase::from_session(session, ["You", "Bot (easy)"]).unwrap();
    let text = record.to_text();
    assert!(text.starts_with(SNELAB_LOCAL_HEADER));
    assert_eq!(LocalCase::parse(&text).unwrap(), record);
    let m = session.game().unwrap();
    let states: Vec<_> = (0..=m.record().len())
        .map(|n| m.after(n).unwrap().clone())
        .collect();
    let replayed = record.replay().unwrap();
    assert_eq!(replayed.record(), m.record());
    let Ok(Replay::Snelab(line)) = read(&text) else {
        panic!("not a Snēlab replay: {:?}", read(&text).err());
    };
    assert_eq!(line.states, states);
    assert_eq!(line.last(), m.state());
    (record, text)
}

#[test]
fn a_local_snelab_case_opened_by_north_round_trips_to_the_verdict() {
    let session = local_case(None);
    let Phase::Verdict(settled) = session.phase() else {
        panic!("the case is settled");
    };
    let (record, text) = case_round_trips(&session);
    assert_eq!(record.opens, snelab::Side::North);
    assert!(text.contains("\nopens north\n") && text.contains("\nseat south person You\n"));
    let winner = snelab::Side::BOTH
        .iter()
        .position(|s| *s == settled.winner)
        .unwrap();
    assert!(text.ends_with(&format!("\nresult {} wins\n", ["south", "north"][winner])));
    // The archive sums it up from the purse owner's side (South).
    let a = Archived::snelab_local(&session, ["You", "Bot (easy)"], WHEN).unwrap();
    assert_eq!(a.game, GameKind::Snelab);
    let won = settled.winner == snelab::Side::South;
    assert_eq!(
        a.result,
        if won {
            ArchivedResult::Won
        } else {
            ArchivedResult::Lost
        }
    );
    assert_eq!(
        (a.opponent.as_str(), a.plies),
        ("Bot (easy)", session.actions().len())
    );
    assert_eq!(a.open().unwrap().len(), a.plies);
}

#[test]
fn a_resigned_local_case_keeps_its_resignation() {
    let session = local_case(Some(9));
    let Phase::Verdict(settled) = session.phase() else {
        panic!("the case is settled");
    };
    let (record, text) = case_round_trips(&session);
    let loser = settled.loser();
    assert_eq!(record.entries.last(), Some(&LocalCaseEntry::Resign(loser)));
    assert_eq!(
        record.replay().unwrap().ending(),
        Some(carved_tables::play::Ending::Resigned(loser))
    );
    assert!(text.contains(&format!(
        "\nresign {}\n",
        ["south", "north"][loser as usize]
    )));
    // Under way, the record says so; nothing for an online case.
    let mut playing = Session::new(Purse::default());
    playing.sit(Coin::Heads, 3, 10).unwrap();
    let (_, text) = case_round_trips(&playing);
    assert!(text.ends_with("\nresult in progress\n"));
    let mut online = Session::new(Purse::default());
    online
        .sit_online(Stakes::Casino, true, snelab::Side::South, "Rui", 10)
        .unwrap();
    assert_eq!(LocalCase::from_session(&online, ["You", "Rui"]), None);
}

#[test]
fn a_damaged_local_case_is_an_error_naming_its_line() {
    let session = local_case(None);
    let (record, text) = case_round_trips(&session);
    let lines = record.lines();
    let fails = |text: &str, n: usize| {
        let Err(ReplayError::Record { game, why }) = read(text) else {
            panic!("read accepts a damaged case: {text}");
        };
        assert_eq!(game, GameKind::Snelab);
        assert!(why.starts_with(&format!("record line {n}: ")), "{why}");
    };
    // The other side opening: its first move is not North's.
    let (n, _) = find_line(&text, |l| l == "opens north");
    let swapped = with_line(&text, n, "opens south");
    assert!(read(&swapped).is_err());
    // A move swapped with the one after it, a false timeout, a false result.
    let (a, b) = (lines.entries[2], lines.entries[3]);
    let moved: Vec<&str> = text.lines().collect();
    fails(
        &with_line(&with_line(&text, a, moved[b - 1]), b, moved[a - 1]),
        a,
    );
    // An action the clock would not have played, marked as the clock's.
    let m = session.game().unwrap();
    let k = (0..m.record().len())
        .find(|&k| {
            let before = m.after(k).unwrap();
            carved_tables::play::snelab::timeout_action(before) != Some(m.record()[k].action)
        })
        .unwrap();
    let at = lines.entries[k];
    let marked = moved[at - 1].replacen("move ", "move timeout ", 1);
    fails(&with_line(&text, at, &marked), at);
    let result = if text.contains("result south wins") {
        "north wins"
    } else {
        "south wins"
    };
    fails(
        &with_line(&text, lines.result, &format!("result {result}")),
        lines.result,
    );
    // Cut short or garbled anywhere: an error or a case, never a panic.
    let all: Vec<&str> = text.lines().collect();
    let mut errors = 0;
    for (i, l) in all.iter().enumerate() {
        for v in [
            String::new(),
            format!("{l}\n{l}"),
            l[..l.len() / 2].to_string(),
            format!("{l} x"),
        ] {
            let mut mutated = all.clone();
            mutated[i] = &v;
            if read(&mutated.join("\n")).is_err() {
                errors += 1;
            }
        }
    }
    assert!(errors > all.len() * 2, "{errors}");
    for (bad, line) in [
        (format!("{SNELAB_LOCAL_HEADER}\nseat east person A"), 2),
        (format!("{SNELAB_LOCAL_HEADER}\nseat south robot A"), 2),
        (format!("{SNELAB_LOCAL_HEADER}\nopens west"), 2),
        (
            format!("{SNELAB_LOCAL_HEADER}\nresign south\nmove d1-d2"),
            3,
        ),
        (format!("{SNELAB_LOCAL_HEADER}\ntakeback south d1-d2"), 2),
    ] {
        assert_eq!(LocalCase::parse(&bad).unwrap_err().line, line, "{bad}");
    }
}
