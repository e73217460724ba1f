//! After the game: every game's record replays to the game that wrote it, a hand-written UHP
//! GameString replays, the review's graph is the engine's own evaluation, a deliberately bad
//! move is the biggest mistake, Artifact Chess's luck adds up the rules' odds, and bad input
//! is an error, never a panic.

use carved_tables::ai::{Engine, Step};
use carved_tables::fair::{SeatOrder, Seed, ash_seat};
use carved_tables::play::chess_record::{ChessRecord, OnlineTable};
use carved_tables::play::snelab::Stakes;
use carved_tables::play::snelab::record::{CaseEntry, CaseRecord, CaseResult};
use carved_tables::play::{ClockSetting, Match, Seat};
use carved_tables::review::eval::{self, LineReview};
use carved_tables::review::{ChessLuck, CoinLuck, Replay, ReplayError, Review, read};
use carved_tables::rules::Game;
use carved_tables::rules::chess::{self, Army, AttemptResult, Colour, DiceRng};
use carved_tables::rules::hive::{self, GameRecord};
use carved_tables::rules::snelab::{self, Position};

/// Runs an engine search to its decision.
fn decide<E: Engine>(mut search: E) -> (E, Option<<E::Game as Game>::Action>) {
    loop {
        match search.step(u64::MAX) {
            Step::Thinking => continue,
            Step::Chosen(a) => return (search, Some(a)),
            Step::NoAction => return (search, None),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Snēlab

/// A Snēlab case of `plies` random actions from the case's start.
fn snelab_case(plies: u64, seed: u64) -> (CaseRecord, Position) {
    let seed_bytes = Seed([seed as u8; 32]);
    let mut pos = carved_tables::play::snelab::record::start(false);
    let mut entries = Vec::new();
    for ply in 0..plies {
        let Some(a) = carved_tables::ai::random(&pos, seed * 1000 + ply) else {
            break;
        };
        entries.push(CaseEntry::Move {
            text: pos.action_text(&a),
            timeout: false,
        });
        pos = pos.apply(&a).unwrap().0;
    }
    let result = match snelab::outcome(&pos) {
        Some(v) => CaseResult::Win(Position::winner(&v).unwrap()),
        None => CaseResult::InProgress,
    };
    let record = CaseRecord {
        fingerprint: seed_bytes.fingerprint(),
        seed: seed_bytes,
        seats: ["Ana (person)".into(), "Bot easy (bot)".into()],
        south: ash_seat(&seed_bytes),
        stakes: Stakes::Casino,
        appeal: false,
        entries,
        result,
    };
    (record, pos)
}

#[test]
fn a_snelab_case_record_replays_to_its_last_position() {
    let (record, last) = snelab_case(30, 5);
    let Ok(Replay::Snelab(line)) = read(&record.to_text()) else {
        panic!("not a Snēlab replay");
    };
    assert_eq!(line.states.len(), line.actions.len() + 1);
    assert_eq!(line.len(), record.entries.len());
    assert_eq!(line.last(), &last);
    // Each state is the one before with its action applied.
    for i in 0..line.len() {
        assert_eq!(
            line.states[i].apply(&line.actions[i]).unwrap().0,
            line.states[i + 1]
        );
    }
}

#[test]
fn a_snelab_takeback_leaves_the_action_out() {
    let (mut record, last) = snelab_case(6, 7);
    let CaseEntry::Move { text, .. } = record.entries[5].clone() else {
        panic!()
    };
    let side = if record.entries.len() % 2 == 0 {
        snelab::Side::North
    } else {
        snelab::Side::South
    };
    record.entries.push(CaseEntry::TakeBack { side, text });
    let Ok(Replay::Snelab(line)) = read(&record.to_text()) else {
        panic!("not a Snēlab replay");
    };
    assert_eq!(line.len(), 5);
    assert_ne!(line.last(), &last);
}

#[test]
fn the_snelab_coin_is_half_an_opening_each() {
    let (record, _) = snelab_case(2, 3);
    let coin = CoinLuck::of(&record);
    assert_eq!(coin.opener, ash_seat(&record.seed));
    let luck = coin.luck();
    assert_eq!(luck[0] + luck[1], 0.0);
    let opener = match record.south {
        SeatOrder::First => 0,
        SeatOrder::Second => 1,
    };
    assert_eq!(luck[opener], 0.5);
}

// ---------------------------------------------------------------------------------------------
// Ash & Walnut

#[test]
fn an_ash_and_walnut_record_replays_to_its_last_position() {
    let seed = Seed([4; 32]);
    let mut s = hive::State::new();
    for ply in 0..40 {
        let Some(m) = carved_tables::ai::random(&s, ply) else {
            break;
        };
        s.play(m).unwrap();
    }
    let seats = ["Ana (person)".to_string(), "Bo (person)".to_string()];
    let record = GameRecord::of_game(&s, seed, seats, ash_seat(&seed), &[]);
    let Ok(Replay::Hive(line)) = read(&record.to_text()) else {
        panic!("not an Ash & Walnut replay");
    };
    assert_eq!(line.len(), s.ply());
    assert_eq!(line.last().game_string(), s.game_string());
    assert_eq!(line.notation, s.move_strings());
}

#[test]
fn a_hand_written_game_string_replays() {
    let Ok(Replay::Hive(line)) = read("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-\n")
    else {
        panic!("not an Ash & Walnut replay");
    };
    assert_eq!(line.notation, ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"]);
    assert_eq!(line.states.len(), 5);
    assert_eq!(line.states[0], hive::State::new());
    assert_eq!(
        line.states[2].game_string(),
        "Base;InProgress;White[2];wS1;bS1 wS1-"
    );
    // A turn word that does not match the moves is refused.
    assert!(read("Base;InProgress;Black[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-").is_err());
}

// ---------------------------------------------------------------------------------------------
// Artifact Chess

/// An online table with fixed bytes and the engine's armies.
fn chess_table(n: u8) -> OnlineTable {
    let mut rng = DiceRng::new(n as u64 + 100);
    let armies = [
        Army::engine(Colour::White, &mut rng),
        Army::engine(Colour::Black, &mut rng),
    ];
    let salts = [Seed([n ^ 0x5a; 32]), Seed([n ^ 0xa5; 32])];
    // The replay does not check commitments (`tables verify` does).
    let commits = [[0; 32]; 2];
    OnlineTable {
        seed: Seed([n; 32]),
        seats: ["Ana (person)".into(), "Bot normal (bot)".into()],
        artifacts: true,
        values: [[n.wrapping_add(1); 32], [n.wrapping_add(2); 32]],
        commits,
        armies,
        salts,
    }
}

/// A chess match of random actions (attempts preferred, so the dice roll often).
fn chess_match(t: &OnlineTable, seed: u64, plies: u64) -> Match<chess::State> {
    let clock = ClockSetting {
        per_turn: None,
        window: None,
    };
    let mut m = Match::new(t.start(), [Seat::Remote, Seat::Remote], clock, seed);
    for ply in 0..plies {
        let Some(side) = m.awaited() else {
            break;
        };
        let state = m.state();
        let attempts: Vec<chess::Action> = state
            .legal_actions()
            .into_iter()
            .filter(|a| state.attempt_odds(a).is_some())
            .collect();
        let a = if !attempts.is_empty() && ply % 3 != 0 {
            attempts[(seed + ply) as usize % attempts.len()]
        } else {
            carved_tables::ai::random(state, seed * 1000 + ply).unwrap()
        };
        m.submit(side, a).unwrap();
    }
    m
}

#[test]
fn an_artifact_chess_record_replays_with_its_dice() {
    let t = chess_table(7);
    let m = chess_match(&t, 2, 80);
    let record = ChessRecord::from_match(&t, &m);
    let Ok(Replay::Chess(line)) = read(&record.to_text()) else {
        panic!("not an Artifact Chess replay");
    };
    assert_eq!(line.len(), m.course().len());
    assert_eq!(line.last(), m.state());
    for (i, step) in m.course().iter().enumerate() {
        assert_eq!(line.records[i].dice, step.record.dice, "action {i}");
    }
    assert!(line.records.iter().any(|r| r.dice.is_some()));
}

#[test]
fn changed_dice_are_an_error() {
    let t = chess_table(7);
    let m = chess_match(&t, 2, 40);
    let text = ChessRecord::from_match(&t, &m).to_text();
    let (i, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(" dice "))
        .unwrap();
    let (head, dice) = line.split_once(" dice ").unwrap();
    let (attacker, rest) = dice.split_once(" vs ").unwrap();
    let first: u8 = attacker[..1].parse().unwrap();
    let other = if first == 6 { 1 } else { first + 1 };
    let changed = format!("{head} dice {other}{} vs {rest}", &attacker[1..]);
    let text: Vec<&str> = text
        .lines()
        .enumerate()
        .map(|(j, l)| if j == i { changed.as_str() } else { l })
        .collect();
    match read(&text.join("\n")) {
        Err(ReplayError::Dice { .. }) => {}
        other => panic!("expected a dice error, got {other:?}"),
    }
}

#[test]
fn luck_adds_up_the_rules_odds_of_every_attempt() {
    let t = chess_table(11);
    let m = chess_match(&t, 3, 90);
    let record = ChessRecord::from_match(&t, &m);
    let Ok(Replay::Chess(line)) = read(&record.to_text()) else {
        panic!("not an Artifact Chess replay");
    };
    let luck = ChessLuck::of(&line);
    // Independently, from the match's own course.
    let mut expected = [0.0f64; 2];
    let mut captures = [0u32; 2];
    let mut attempts = 0;
    for (i, step) in m.course().iter().enumerate() {
        let before = m.after(i).unwrap();
        let action = m.record()[i].action;
        let Some(odds) = before.attempt_odds(&action) else {
            continue;
        };
        attempts += 1;
        let c = before.turn().index();
        expected[c] += odds.success as f64 / odds.total as f64;
        if step.after.board().get(chess_target(&action)) == before.board().get(chess_from(&action))
            && step.record.result == Some(AttemptResult::Success)
        {
            captures[c] += 1;
        }
    }
    assert!(attempts >= 10, "only {attempts} attempts");
    assert_eq!(luck.attempts.len(), attempts);
    for c in 0..2 {
        assert!((luck.expected[c] - expected[c]).abs() < 1e-9, "{luck:?}");
        assert_eq!(luck.captures[c], captures[c]);
    }
    // The series ends at each colour's luck; the extremes are extreme.
    for colour in Colour::BOTH {
        let series = &luck.series[colour.index()];
        let last = series.last().map_or(0.0, |(_, l)| *l);
        assert!((last - luck.luck(colour)).abs() < 1e-9);
    }
    let lucky = luck.luckiest().unwrap();
    let unlucky = luck.unluckiest().unwrap();
    for a in &luck.attempts {
        assert!(a.luck() <= lucky.luck() && a.luck() >= unlucky.luck());
    }
    assert!(luck.captures.iter().sum::<u32>() > 0);
}

fn chess_from(a: &chess::Action) -> chess::Square {
    match a {
        chess::Action::Attempt { from, .. } => *from,
        chess::Action::Play(p) => p.card_move().unwrap().from,
        other => panic!("{other:?} is no attempt"),
    }
}

fn chess_target(a: &chess::Action) -> chess::Square {
    match a {
        chess::Action::Attempt { to, .. } => *to,
        chess::Action::Play(p) => p.card_move().unwrap().to,
        other => panic!("{other:?} is no attempt"),
    }
}

// ---------------------------------------------------------------------------------------------
// The engine's review

#[test]
fn the_graph_is_the_engines_own_evaluation() {
    // Snēlab: South's expected score from the engine's score for the side to move.
    let (record, _) = snelab_case(8, 9);
    let Ok(replay @ Replay::Snelab(_)) = read(&record.to_text()) else {
        panic!()
    };
    let Replay::Snelab(line) = replay.clone() else {
        panic!()
    };
    let mut review = Review::new(replay);
    review.run();
    assert_eq!(review.points().len(), line.states.len());
    let mut checked = 0;
    for (i, pos) in line.states.iter().enumerate() {
        let search =
            carved_tables::ai::snelab::Search::with_limits(pos, eval::snelab_limits(), eval::SEED);
        let (search, _) = decide(search);
        let Some(score) = search.score() else {
            continue;
        };
        let mine = 1.0 / (1.0 + (-(score as f64) / eval::SNELAB_SCALE).exp());
        let south = if pos.to_move() == snelab::Side::South {
            mine
        } else {
            1.0 - mine
        };
        assert!((review.points()[i] - south).abs() < 1e-12, "position {i}");
        checked += 1;
    }
    assert!(checked >= 5);

    // Artifact Chess: white's expected score from the engine's average over the dice.
    let t = chess_table(5);
    let m = chess_match(&t, 1, 6);
    let line = carved_tables::review::replay::chess(&ChessRecord::from_match(&t, &m)).unwrap();
    let mut review = LineReview::new(line.clone());
    while !review.done() {
        review.step();
    }
    for (i, state) in line.states.iter().enumerate() {
        let search =
            carved_tables::ai::chess::Search::with_limits(state, eval::chess_limits(), eval::SEED);
        let (search, best) = decide(search);
        let best = best.unwrap();
        let v = search
            .averages()
            .iter()
            .find(|(a, _)| *a == best)
            .unwrap()
            .1;
        let max = carved_tables::ai::chess::search::EVAL_MAX;
        let mine = ((1.0 + v / max) / 2.0).clamp(0.0, 1.0);
        let white = if state.turn() == Colour::White {
            mine
        } else {
            1.0 - mine
        };
        assert!(
            (review.points()[i] - white).abs() < 1e-12,
            "position {i}: {} vs {white}",
            review.points()[i]
        );
        assert_eq!(review.best(i), Some(best));
        assert!((0.0..=1.0).contains(&white));
    }
}

#[test]
fn a_deliberately_bad_move_is_the_biggest_mistake() {
    // Both sides play the review engine's own choice, except at ply BAD, where the mover plays
    // the action after which the engine likes its position least.
    const BAD: usize = 5;
    let engine = |pos: &Position| {
        let search =
            carved_tables::ai::snelab::Search::with_limits(pos, eval::snelab_limits(), eval::SEED);
        decide(search)
    };
    let mut pos = carved_tables::play::snelab::record::start(false);
    let mut entries = Vec::new();
    let mut choice_at_bad = None;
    for ply in 0..BAD + 6 {
        if snelab::outcome(&pos).is_some() {
            break;
        }
        let (_, best) = engine(&pos);
        let best = best.unwrap();
        let a = if ply == BAD {
            choice_at_bad = Some(best);
            let me = pos.to_move();
            // The mover's expected score after each action, by the engine.
            let worst = pos
                .legal_actions()
                .into_iter()
                .map(|a| {
                    let after = pos.apply(&a).unwrap().0;
                    let (s, _) = engine(&after);
                    let score = match snelab::outcome(&after) {
                        Some(v) if Position::winner(&v) == Some(me) => 1.0,
                        Some(_) => 0.0,
                        None => {
                            let them = eval::snelab_expected(s.score().unwrap_or(0));
                            1.0 - them
                        }
                    };
                    (score, a)
                })
                .min_by(|x, y| x.0.total_cmp(&y.0))
                .unwrap();
            assert_ne!(worst.1, best);
            worst.1
        } else {
            best
        };
        entries.push(CaseEntry::Move {
            text: a.to_string(),
            timeout: false,
        });
        pos = pos.apply(&a).unwrap().0;
    }
    let seed = Seed([1; 32]);
    let record = CaseRecord {
        fingerprint: seed.fingerprint(),
        seed,
        seats: ["A (person)".into(), "B (person)".into()],
        south: ash_seat(&seed),
        stakes: Stakes::Casino,
        appeal: false,
        entries,
        result: CaseResult::InProgress,
    };
    let mut review = Review::new(read(&record.to_text()).unwrap());
    let mut steps = 0;
    while !review.done() {
        let p = review.step();
        steps += 1;
        assert_eq!(p.done, steps);
    }
    let mistakes = review.mistakes(3);
    assert!(!mistakes.is_empty());
    let top = &mistakes[0];
    assert_eq!(top.ply, BAD, "{mistakes:?}");
    assert_eq!(top.better, choice_at_bad.unwrap().to_string());
    assert!(top.loss > 0.0);
    // The engine's own choices lost nothing.
    for ply in (0..BAD).chain(BAD + 1..review.points().len() - 1) {
        assert_eq!(review.loss(ply), Some(0.0), "ply {ply}");
    }
}

// ---------------------------------------------------------------------------------------------
// Bad input

#[test]
fn malformed_input_is_an_error_not_a_panic() {
    let (snelab_record, _) = snelab_case(6, 2);
    let t = chess_table(3);
    let chess_record = ChessRecord::from_match(&t, &chess_match(&t, 1, 10)).to_text();
    let inputs = [
        String::new(),
        "   \n\n".to_string(),
        "hello".to_string(),
        "Base;InProgress;White[2];wS1;bQ wS1-".to_string(),
        "Base;InProgress;White[2];wS1;bS1 zz".to_string(),
        "Base+MLX;NotStarted;White[1]".to_string(),
        "# Snēlab case record\nseed 12".to_string(),
        snelab_record.to_text().replace("move ", "move z9-"),
        chess_record.replace("army white w:", "army white w:Zz9,"),
        chess_record.replacen("action white ", "action white e9e4 ", 1),
        chess_record.replacen("action white ", "action black ", 1),
        "# Ash & Walnut game record\nresult draw".to_string(),
    ];
    for input in &inputs {
        let r = std::panic::catch_unwind(|| read(input));
        match r {
            Ok(Err(e)) => assert!(!e.to_string().is_empty()),
            Ok(Ok(_)) => panic!("{input:?} should not read"),
            Err(_) => panic!("{input:?} panicked"),
        }
    }
    // Every prefix of a good record is read or refused, never a panic.
    for text in [snelab_record.to_text(), chess_record] {
        for cut in (0..text.len()).step_by(7) {
            if text.is_char_boundary(cut) {
                let _ = read(&text[..cut]);
            }
        }
    }
}

#[test]
fn tables_replay_prints_a_chess_game_with_review_and_luck() {
    let t = chess_table(7);
    let m = chess_match(&t, 2, 30);
    let text = ChessRecord::from_match(&t, &m).to_text();
    let args: Vec<String> = ["replay", "-", "--review", "--luck"]
        .map(String::from)
        .to_vec();
    let cmd = carved_tables::cli::parse(&args).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    carved_tables::cli::run(cmd, &mut text.as_bytes(), &mut out, &mut err).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with(&format!("chess game, {} actions\n", m.course().len())));
    assert!(
        out.contains(" dice ") && out.contains("  white 0."),
        "{out}"
    );
    assert!(
        out.contains("luck:\n  white ") && out.contains("luckiest roll: "),
        "{out}"
    );
    // The record starts at the deal: both hands weighed against all C(22, 5) hands.
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("deal: ") && l.contains(" over 26334 hands, luck "))
            .count(),
        2,
        "{out}"
    );
    assert_eq!(out.lines().filter(|l| l.contains(" dice ")).count(), {
        m.course()
            .iter()
            .filter(|s| s.record.dice.is_some())
            .count()
    });
}

#[test]
fn tables_replay_writes_the_last_position_as_fen_or_says_why_not() {
    let run = |text: &str, flag: &str| {
        let args: Vec<String> = ["replay", "-", flag].map(String::from).to_vec();
        let cmd = carved_tables::cli::parse(&args).unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        carved_tables::cli::run(cmd, &mut text.as_bytes(), &mut out, &mut err)
            .map(|()| String::from_utf8(out).unwrap())
    };
    // With artifacts, the hands hold cards: no FEN, and the reasons name them.
    let t = chess_table(7);
    let m = chess_match(&t, 2, 4);
    let text = ChessRecord::from_match(&t, &m).to_text();
    let e = run(&text, "--fen").unwrap_err();
    assert_eq!(e.exit_code(), 1);
    let words = e.to_string();
    assert!(
        words.starts_with("no FEN: white holds ") && words.contains("black holds "),
        "{words}"
    );
    // Without artifacts: the last position's FEN where a chess tool can hold it (no wound,
    // no check on the side not to act), else the reasons; both as `review::fen` says.
    let mut written = 0;
    for n in 0..8 {
        let mut t = chess_table(n);
        t.artifacts = false;
        let m = chess_match(&t, n as u64, (n % 3) as u64);
        let text = ChessRecord::from_match(&t, &m).to_text();
        match (carved_tables::review::fen(m.state()), run(&text, "--fen")) {
            (Ok(fen), Ok(out)) => {
                assert_eq!(out, format!("{fen}\n"));
                assert_eq!(fen.split(' ').count(), 6);
                written += 1;
            }
            (Err(no), Err(e)) => assert_eq!(e.to_string(), no.to_string()),
            (fen, out) => panic!("{fen:?} but the command gave {out:?}"),
        }
    }
    assert!(written > 0);
    // --uhp is for Ash & Walnut records.
    let e = run(&text, "--uhp").unwrap_err();
    assert!(e.to_string().contains("this is a chess record"), "{e}");
}
