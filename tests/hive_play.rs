//! Ash & Walnut notation, random playouts, the engine and the Universal Hive Protocol loop.

use carved_tables::ai::hive::{self as ai, Search};
use carved_tables::ai::{Engine, Level};
use carved_tables::cli::hive::uhp;
use carved_tables::rules::hive::notation::parse_move;
use carved_tables::rules::hive::state::Illegal;
use carved_tables::rules::hive::{Colour, Hex, Move, NotationError, Outcome, Piece, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn p(name: &str) -> Piece {
    Piece::parse(name).unwrap_or_else(|| panic!("bad piece {name}"))
}

#[test]
fn move_strings_name_cells_by_any_neighbour() {
    let s = State::from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-").unwrap();
    let m = s.parse_move("wA1 -wS1").unwrap();
    assert_eq!(
        m,
        Move::Place {
            piece: p("wA1"),
            to: Hex::new(-1, 0)
        }
    );
    // The same cell named from the other side of wS1's neighbour ring is a different cell;
    // named through bS1 it is not reachable (touches walnut), so refused.
    assert!(s.parse_move("wA1 -bS1").is_err());
    let s = State::from_game_string(
        "Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wQ;bA1 bQ/",
    )
    .unwrap();
    // wA1 at (-1,-1); the cell west of wQ, (-2,0), is also south-west of wA1.
    let a = s.parse_move("wA1 -wQ").unwrap();
    let b = s.parse_move("wA1 /wA1").unwrap();
    assert_eq!(a, b, "equal moves whatever reference was used");
    assert_eq!(
        s.parse_move("pass"),
        Err(NotationError::Illegal {
            text: "pass".into(),
            why: Illegal::PassWithMoves
        })
    );
}

#[test]
fn malformed_move_strings_are_typed_errors() {
    let s = State::from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-").unwrap();
    let b = s.board();
    assert_eq!(parse_move(b, ""), Err(NotationError::Empty));
    assert!(matches!(
        parse_move(b, "wX1 -wS1"),
        Err(NotationError::BadPiece(_))
    ));
    assert!(matches!(
        parse_move(b, "wA1 -wS1-"),
        Err(NotationError::BadReference(_))
    ));
    assert!(matches!(
        parse_move(b, "wA1 -wA2"),
        Err(NotationError::ReferenceNotOnTable(_))
    ));
    assert!(matches!(
        parse_move(b, "wA1"),
        Err(NotationError::ReferenceCount(_))
    ));
    assert!(matches!(
        parse_move(b, "bA1 -wS1"),
        Err(NotationError::WrongColour(_))
    ));
    assert!(matches!(
        parse_move(b, "wA2 -wS1"),
        Err(NotationError::WrongNumber { .. })
    ));
    assert!(matches!(
        parse_move(b, "wA1 -wS1 x"),
        Err(NotationError::BadReference(_))
    ));
    assert!(matches!(
        s.parse_move("wQ wS1-"),
        Err(NotationError::Illegal { .. })
    ));
}

#[test]
fn game_strings_are_checked_part_by_part() {
    let good = "Base;InProgress;White[2];wS1;bS1 wS1-";
    assert_eq!(State::from_game_string(good).unwrap().game_string(), good);
    assert_eq!(
        State::from_game_string("Base").unwrap().game_string(),
        "Base;NotStarted;White[1]"
    );
    assert_eq!(
        State::from_game_string("Base+MLP;NotStarted;White[1]")
            .unwrap()
            .game_string(),
        "Base+MLP;NotStarted;White[1]"
    );
    assert!(matches!(
        State::from_game_string("Base+MX;NotStarted;White[1]"),
        Err(NotationError::GameType(_))
    ));
    assert!(matches!(
        State::from_game_string("Base;InProgress;Black[2];wS1;bS1 wS1-"),
        Err(NotationError::GamePart { part: 3, .. })
    ));
    assert!(matches!(
        State::from_game_string("Base;Draw;White[2];wS1;bS1 wS1-"),
        Err(NotationError::GamePart { part: 2, .. })
    ));
    match State::from_game_string("Base;InProgress;White[2];wS1;bQ wS1-") {
        Err(e @ NotationError::GamePart { part: 5, .. }) => {
            assert!(e.to_string().contains("move 2"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    for junk in [
        "",
        ";;;",
        "Base;",
        "Base;InProgress",
        "Base;x;y;;",
        "Base;InProgress;White[1];é",
    ] {
        assert!(State::from_game_string(junk).is_err(), "{junk:?}");
    }
}

/// Plays seeded random games, checking after every move: one group, move strings read back to
/// the same move, undo restores the state exactly, and the saved form reads back.
#[test]
fn random_playouts_keep_one_group_and_round_trip() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut ended = 0;
    for _ in 0..12 {
        let mut s = State::new();
        while s.outcome().is_none() {
            let moves = s.legal_moves();
            assert!(!moves.is_empty());
            for &m in &moves {
                let text = s.move_string(m);
                assert_eq!(parse_move(s.board(), &text), Ok(m), "{text}");
            }
            let m = ai::random_move(&s, &mut rng).unwrap();
            let before = s.clone();
            s.play(m).unwrap();
            assert!(s.board().is_one_group(), "{}", s.game_string());
            let mut back = s.clone();
            assert_eq!(back.undo(), Ok(m));
            assert_eq!(back, before);
        }
        ended += 1;
        let text = s.game_string();
        let again = State::from_game_string(&text).unwrap();
        assert_eq!(again, s, "{text}");
        let json = serde_json::to_string(&s).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
    }
    assert_eq!(ended, 12);
}

#[test]
fn the_engine_finds_a_surrounding_move() {
    // Walnut's Elder at (1,0) has five neighbours; ash's Otter can fill the sixth at (2,-1).
    let stacks: Vec<(Hex, Vec<Piece>)> = vec![
        (Hex::new(0, 0), vec![p("wQ")]),
        (Hex::new(1, 0), vec![p("bQ")]),
        (Hex::new(2, 0), vec![p("wG1")]),
        (Hex::new(1, 1), vec![p("wG2")]),
        (Hex::new(0, 1), vec![p("wS1")]),
        (Hex::new(1, -1), vec![p("wS2")]),
        (Hex::new(-1, 0), vec![p("wA1")]),
    ];
    let refs: Vec<(Hex, &[Piece])> = stacks.iter().map(|(h, v)| (*h, &v[..])).collect();
    let s = State::setup(&refs, 12).unwrap();
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let m = ai::choose(&s, level, 3).unwrap();
        let mut after = s.clone();
        assert_eq!(
            after.play(m).unwrap(),
            Some(Outcome::Win(Colour::Ash)),
            "{level:?}"
        );
    }
    let m = ai::timeout_move(&s).unwrap();
    assert_eq!(m.to(), Some(Hex::new(2, -1)));
}

#[test]
fn the_engine_is_deterministic_however_the_work_is_sliced() {
    let s = State::from_game_string(
        "Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wQ;bA1 bQ/",
    )
    .unwrap();
    let whole = ai::choose(&s, Level::Normal, 42);
    let mut search = Search::new(&s, Level::Normal, 42);
    let mut steps = 0;
    let sliced = loop {
        steps += 1;
        if let Some(d) = search.step(100).decision() {
            break d;
        }
    };
    assert!(steps > 1, "the budget slices the work");
    assert_eq!(sliced, whole);
    assert_eq!(ai::timeout_move(&s), ai::timeout_move(&s.clone()));
    assert!(s.is_legal(ai::timeout_move(&s).unwrap()));
}

/// The principal-variation search with its tables, killers and history answers the same
/// however its work is sliced, also deep and in the middle game, with noise, null moves and
/// contempt.
#[test]
fn the_deep_search_is_deterministic_however_the_work_is_sliced() {
    let positions = [
        "Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wQ;bA1 bQ/",
        "Base;InProgress;Black[10];wS1;bA1 wS1-;wA1 \\wS1;bA2 bA1\\;wQ -wS1;bQ bA1/;wA1 bA2\\;\
         bA3 bA2/;wA1 bA3-;bS1 \\bQ;wA2 wA1-;bA2 wA2\\;wA3 wA2/;bA2 \\wA3;wG1 wA2\\;bS1 \\wQ;\
         wG1 -wA3;bA2 wA3/;wA2 bQ/",
    ];
    for text in positions {
        let s = State::from_game_string(text).unwrap();
        // Plain, with noise, and as the hard level searches (null moves, contempt, wins seen
        // at the horizon).
        for (noise, hard) in [(0, false), (6, false), (0, true), (6, true)] {
            let limits = ai::Limits {
                max_depth: 5,
                node_cap: 40_000,
                noise,
                contempt: if hard { ai::HARD_CONTEMPT } else { 0 },
                null_move: hard,
                horizon_wins: hard,
            };
            let mut answers = Vec::new();
            for budget in [1, 997, 20_000, u64::MAX] {
                let mut search = Search::with_limits(&s, limits, 9);
                let m = loop {
                    if let Some(d) = search.step(budget).decision() {
                        break d;
                    }
                };
                answers.push((m, search.nodes()));
            }
            assert!(answers.windows(2).all(|w| w[0] == w[1]), "{answers:?}");
            assert!(s.is_legal(answers[0].0.unwrap()));
        }
    }
}

#[test]
fn the_bot_beats_a_random_player() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut wins = 0;
    for g in 0..4 {
        let mut s = State::new();
        while s.outcome().is_none() {
            let m = match s.to_move() {
                Colour::Ash => ai::choose(&s, Level::Easy, g).unwrap(),
                Colour::Walnut => ai::random_move(&s, &mut rng).unwrap(),
            };
            s.play(m).unwrap();
        }
        if s.outcome() == Some(Outcome::Win(Colour::Ash)) {
            wins += 1;
        }
    }
    assert!(wins >= 3, "easy bot won only {wins} of 4");
}

fn session(script: &str) -> Vec<String> {
    let mut out = Vec::new();
    uhp(&mut script.as_bytes(), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Splits the output into replies, each ending at an `ok` line.
fn replies(lines: &[String]) -> Vec<Vec<String>> {
    let mut out = vec![];
    let mut cur = vec![];
    for l in lines {
        if l == "ok" {
            out.push(std::mem::take(&mut cur));
        } else {
            cur.push(l.clone());
        }
    }
    assert!(cur.is_empty(), "every reply ends with ok: {cur:?}");
    out
}

#[test]
fn uhp_answers_each_command_and_ends_with_ok() {
    let out = session(
        "info\nnewgame\nplay wS1\nvalidmoves\nplay bS1 wS1-\nundo\nundo 1\noptions\npass\nbestmove depth 1\n",
    );
    let r = replies(&out);
    assert!(r[0][0].starts_with("id "), "greeting: {r:?}");
    assert!(r[1][0].starts_with("id "));
    assert_eq!(r[2], vec!["Base;NotStarted;White[1]"]);
    assert_eq!(r[3], vec!["Base;InProgress;Black[1];wS1"]);
    assert_eq!(r[4][0].split(';').count(), 24);
    assert_eq!(r[5], vec!["Base;InProgress;White[2];wS1;bS1 wS1-"]);
    assert_eq!(r[6], vec!["Base;InProgress;Black[1];wS1"]);
    assert_eq!(r[7], vec!["Base;NotStarted;White[1]"]);
    assert_eq!(
        r[8],
        vec![
            "Level;enum;hard;hard;easy;normal;hard",
            "Seed;int;0;0;0;4294967295",
            "Verbose;bool;False;False",
            "MaxNodes;int;0;0;0;18446744073709551615"
        ]
    );
    assert!(r[9][0].starts_with("invalidmove"), "{:?}", r[9]);
    assert_eq!(r[10].len(), 1);
    assert_eq!(r.len(), 11);
}

#[test]
fn uhp_info_names_the_engine_and_its_capabilities() {
    let r = replies(&session("info\n"));
    // The greeting and `info` alike: the id, then the capabilities (the three expansions).
    for reply in &r[..2] {
        assert_eq!(reply.len(), 2, "{reply:?}");
        assert!(reply[0].starts_with("id CarvedTables"), "{reply:?}");
        assert_eq!(reply[1], "Mosquito;Ladybug;Pillbug");
    }
    // Every game type is played: newgame, a move, validmoves and undo.
    let r = replies(&session(
        "newgame Base+MLP
play wP
validmoves
undo
",
    ));
    assert_eq!(r[1], vec!["Base+MLP;NotStarted;White[1]"]);
    assert_eq!(r[2], vec!["Base+MLP;InProgress;Black[1];wP"]);
    assert!(
        r[3][0].contains("bM") && r[3][0].contains("bP"),
        "{:?}",
        r[3]
    );
    assert_eq!(r[4], vec!["Base+MLP;NotStarted;White[1]"]);
}

#[test]
fn uhp_options_get_and_set_the_level_and_seed() {
    let r = replies(&session(
        "options get Level\noptions set Level easy\noptions get level\noptions set Level Normal\n\
         options set Seed 9\noptions get Seed\noptions set Level genius\noptions set Seed -1\n\
         options set Colour red\noptions get Colour\noptions toggle Level\n\
         options set Verbose True\noptions set Verbose maybe\n",
    ));
    assert_eq!(r[1], vec!["Level;enum;hard;hard;easy;normal;hard"]);
    assert_eq!(r[2], vec!["Level;enum;easy;hard;easy;normal;hard"]);
    assert_eq!(r[3], r[2]);
    assert_eq!(r[4], vec!["Level;enum;normal;hard;easy;normal;hard"]);
    assert_eq!(r[5], vec!["Seed;int;9;0;0;4294967295"]);
    assert_eq!(r[6], r[5]);
    for (i, reply) in r.iter().enumerate().skip(7).take(5) {
        assert_eq!(reply.len(), 1, "{i}: {reply:?}");
        assert!(reply[0].starts_with("err "), "{i}: {reply:?}");
    }
    assert_eq!(r[12], vec!["Verbose;bool;True;False"]);
    assert!(r[13][0].starts_with("err "), "{:?}", r[13]);
    assert_eq!(r.len(), 14);
}

#[test]
fn uhp_bestmove_depth_and_time_at_each_level() {
    let position = "Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wQ;bA1 bQ/";
    for level in ["easy", "normal", "hard"] {
        let r = replies(&session(&format!(
            "newgame {position}\noptions set Level {level}\nbestmove depth 2\nbestmove depth 2\n\
             bestmove time 00:00:01\nbestmove depth 33\nbestmove time 00:00:00\n"
        )));
        let s = State::from_game_string(&r[1][0]).unwrap();
        for i in [3, 4, 5] {
            assert!(s.parse_move(&r[i][0]).is_ok(), "{level} {i}: {:?}", r[i]);
        }
        assert_eq!(r[3], r[4], "a fixed depth is deterministic");
        assert!(r[6][0].starts_with("err "), "{:?}", r[6]);
        assert!(r[7][0].starts_with("err "), "{:?}", r[7]);
    }
}

#[test]
fn uhp_clock_reads_hours_minutes_and_seconds() {
    use carved_tables::cli::hive::{clock_text, parse_clock};
    use std::time::Duration;
    assert_eq!(parse_clock("00:00:01"), Some(Duration::from_secs(1)));
    assert_eq!(parse_clock("01:02:03"), Some(Duration::from_secs(3723)));
    assert_eq!(parse_clock("00:00:00.5"), Some(Duration::from_millis(500)));
    for bad in [
        "1:2",
        "00:60:00",
        "00:00:60",
        "a:b:c",
        "00:00:-1",
        "::",
        "00:00:01.x",
    ] {
        assert_eq!(parse_clock(bad), None, "{bad}");
    }
    assert_eq!(clock_text(Duration::from_secs(3723)), "01:02:03");
    assert_eq!(clock_text(Duration::from_millis(300)), "00:00:01");
}

#[test]
fn uhp_reports_malformed_input_without_crashing() {
    let script = "validmoves\nplay wS1\nnewgame Base+MLX\nnewgame Base;Nonsense\nnewgame\n\
                  play\nplay wQ\nplay wS1 wS1-\nplay zz\nundo 3\nundo x\nbestmove\n\
                  bestmove time 1:2\nbestmove depth 0\noptions get Foo\ndance\n\u{1F980}\n\
                  play wS1\nexit\nplay bS1 wS1-\n";
    let r = replies(&session(script));
    let firsts: Vec<&str> = r
        .iter()
        .map(|x| x.first().map_or("", |s| s.as_str()))
        .collect();
    for (i, want) in [
        (1, "err"),
        (2, "err"),
        (3, "err"),
        (4, "err"),
        (6, "err"),
        (7, "invalidmove"),
        (8, "invalidmove"),
        (9, "invalidmove"),
        (10, "err"),
        (11, "err"),
        (12, "err"),
        (13, "err"),
        (14, "err"),
        (15, "err"),
        (16, "err"),
        (17, "err"),
    ] {
        assert!(firsts[i].starts_with(want), "reply {i}: {:?}", r[i]);
    }
    assert_eq!(r[18], vec!["Base;InProgress;Black[1];wS1"]);
    assert_eq!(r.len(), 20, "exit stops the loop");
}

#[test]
fn uhp_plays_a_full_game_through_a_scripted_session() {
    // The moves come from the bot against a random player; the session replays them.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut s = State::new();
    let mut script = String::from("newgame Base\n");
    while s.outcome().is_none() {
        let m = match s.to_move() {
            Colour::Ash => ai::choose(&s, Level::Easy, 1).unwrap(),
            Colour::Walnut => ai::random_move(&s, &mut rng).unwrap(),
        };
        script.push_str(&format!("play {}\n", s.move_string(m)));
        s.play(m).unwrap();
    }
    script.push_str("validmoves\n");
    let r = replies(&session(&script));
    let last_play = &r[r.len() - 2][0];
    assert_eq!(last_play, &s.game_string());
    assert!(!last_play.contains("InProgress"), "{last_play}");
    assert!(r[1..r.len() - 1].iter().all(|x| x[0].starts_with("Base;")));
}

#[test]
fn uhp_bestmove_time_answers_a_legal_move_in_time() {
    let started = std::time::Instant::now();
    let r = replies(&session(
        "newgame Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wQ;bA1 bQ/\nbestmove time 00:00:01\n",
    ));
    let s = State::from_game_string(&r[1][0]).unwrap();
    let m = s.parse_move(&r[2][0]);
    assert!(m.is_ok(), "{:?}", r[2]);
    assert!(started.elapsed().as_secs_f64() < 5.0);
}

#[test]
fn a_game_from_a_setup_position_saves_and_loads() {
    let wq = p("wQ");
    let bq = p("bQ");
    let mut s = State::setup(&[(Hex::new(0, 0), &[wq]), (Hex::new(1, 0), &[bq])], 6).unwrap();
    let m = s.parse_move("wA1 -wQ").unwrap();
    s.play(m).unwrap();
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    assert!(serde_json::from_str::<State>(r#"{"game":"Base;InProgress;White[1];wQ"}"#).is_err());
}

#[test]
fn cli_perft_and_selfplay_answer_and_refuse_bad_input() {
    use carved_tables::cli::{self, CliError};
    let run = |line: &str| -> Result<String, CliError> {
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let mut out = Vec::new();
        cli::run(
            cli::parse(&words)?,
            &mut std::io::empty(),
            &mut out,
            &mut Vec::new(),
        )?;
        Ok(String::from_utf8(out).unwrap())
    };
    let words = vec![
        "perft".to_string(),
        "hive".into(),
        "--depth".into(),
        "1".into(),
        "--position".into(),
        "Base;InProgress;White[2];wS1;bS1 wS1-".into(),
    ];
    let mut out = Vec::new();
    cli::run(
        cli::parse(&words).unwrap(),
        &mut std::io::empty(),
        &mut out,
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "perft 1 15\n",
        "three cells, five creatures"
    );
    let mut bad = words.clone();
    bad[5] = "Base;InProgress;White[2];wS1;bQ wS1-".into();
    assert!(matches!(
        cli::run(
            cli::parse(&bad).unwrap(),
            &mut std::io::empty(),
            &mut Vec::new(),
            &mut Vec::new()
        ),
        Err(CliError::Input(_))
    ));
    let text = run("selfplay hive --white easy --black random --games 2 --seed 4").unwrap();
    assert!(text.contains("games 2\nwhite (easy) wins "), "{text}");
    let text =
        run("selfplay hive --white easy --black easy --games 4 --opening 6 --swap true").unwrap();
    assert!(text.contains("games 4\n"), "{text}");
    assert!(matches!(
        run("selfplay hive --white easy --black easy --opening x"),
        Err(CliError::Usage(_))
    ));
    assert!(matches!(
        run("selfplay hive --white genius --black random"),
        Err(CliError::Usage(_))
    ));
}
