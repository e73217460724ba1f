//! The analysis board's core and the other tools' forms: positions typed in each game's
//! notation read and write back, the evaluation is the review's own, the best line is the
//! engine's choice played again and again (stopping at Artifact Chess's dice), FEN is written
//! where a chess tool can hold the position and refused with every reason where it cannot, and
//! UHP GameStrings written by another engine's authors replay here.
//!
//! That an Ash & Walnut game exports as a GameString and reads back to the same state is
//! checked on seeded random games by `random_playouts_keep_one_group_and_round_trip`
//! (tests/hive_play.rs); here a replayed record's `uhp` export reads back too.

use carved_tables::review::analysis::{
    self, Analysed, Analysis, Chance, LineEnd, NoFen, NoNotation, Obstacle, ReadError,
};
use carved_tables::review::eval::{self, LineReview};
use carved_tables::review::{Line, Replay, ReplayError, read};
use carved_tables::rules::Game;
use carved_tables::rules::chess::{self, Action, Artifact, Colour, Play, Square};
use carved_tables::rules::hive::{self, DrawReason, Hex, Outcome, Piece};
use carved_tables::rules::snelab::Position;
use std::collections::HashSet;

/// A line of `plies` random actions from `start` (shorter if the game ends).
fn random_line<G: Game>(start: G, plies: u64, seed: u64) -> Line<G> {
    let mut line = Line::new(start);
    for ply in 0..plies {
        let Some(a) = carved_tables::ai::random(line.last(), seed * 1000 + ply) else {
            break;
        };
        line.play(a).unwrap();
    }
    line
}

fn queenless() -> chess::State {
    chess::parse_position(chess::QUEENLESS_START).unwrap()
}

fn position(text: &str) -> chess::State {
    chess::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn square(s: &str) -> Square {
    Square::parse(s).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Reading and writing positions

#[test]
fn every_games_notation_reads_back_to_the_position() {
    for seed in 0..4 {
        for s in &random_line(Position::start(), 40, seed).states {
            let text = analysis::notation(s).unwrap();
            assert_eq!(&analysis::read::<Position>(&text).unwrap(), s, "{text}");
        }
        for s in &random_line(hive::State::new(), 40, seed).states {
            let text = analysis::notation(s).unwrap();
            assert_eq!(text, s.game_string());
            assert_eq!(&analysis::read::<hive::State>(&text).unwrap(), s, "{text}");
        }
        // Artifact Chess: armies and dealt cards; the text keeps everything but the dice
        // generator and the positions seen before.
        let start = <chess::State as Game>::opening(seed);
        for s in &random_line(start, 40, seed).states {
            let text = analysis::notation(s).unwrap();
            let back = analysis::read::<chess::State>(&format!("  {text}\n")).unwrap();
            assert_eq!(back.to_string(), text);
        }
    }
}

#[test]
fn bad_position_text_is_an_error_that_says_why() {
    fn refused<G: Analysed>(text: &str) -> ReadError {
        match std::panic::catch_unwind(|| analysis::read::<G>(text)) {
            Ok(Err(e)) => e,
            Ok(Ok(_)) => panic!("{text:?} should not read"),
            Err(_) => panic!("{text:?} panicked"),
        }
    }
    for text in ["", " \n "] {
        assert!(matches!(refused::<Position>(text), ReadError::Empty(_)));
        assert!(matches!(refused::<hive::State>(text), ReadError::Empty(_)));
        assert!(matches!(refused::<chess::State>(text), ReadError::Empty(_)));
    }
    for text in [
        "barjrab/6/7 S +a",
        "barjrab/7/7/7/7/7/BARJRAB X +a",
        "barjrab/7/7/7/7/7/BARJRAB S",
        "é",
    ] {
        let e = refused::<Position>(text);
        assert!(
            e.to_string()
                .starts_with("cannot read the snelab position: "),
            "{e}"
        );
    }
    for text in [
        "Base;InProgress;White[2];wS1;bQ wS1-",
        "wS1;bS1 wS1-",
        "Base;x",
    ] {
        let e = refused::<hive::State>(text);
        assert!(
            e.to_string().starts_with("cannot read the hive position: "),
            "{e}"
        );
    }
    for text in ["4k3/8/8/8/8/8/8/4KQ2 w - - 0 1", "4k3/8 w", "rnbqkbnr"] {
        let e = refused::<chess::State>(text);
        assert!(
            e.to_string()
                .starts_with("cannot read the chess position: "),
            "{e}"
        );
    }
    // The reader's own words name the field at fault.
    let e = refused::<chess::State>("4k3/8/8/8/8/8/8/4K3 x - - 0 1");
    assert!(e.to_string().contains("field 2"), "{e}");
}

#[test]
fn a_hive_position_set_up_by_hand_has_no_game_string() {
    let wq = Piece::parse("wQ").unwrap();
    let bq = Piece::parse("bQ").unwrap();
    let s = hive::State::setup(&[(Hex::new(0, 0), &[wq]), (Hex::new(1, 0), &[bq])], 2).unwrap();
    assert_eq!(analysis::notation(&s), Err(NoNotation::HiveSetup));
    assert_eq!(analysis::uhp(&s), Err(NoNotation::HiveSetup));
    assert!(NoNotation::HiveSetup.to_string().contains("set up by hand"));
    // It can still be analysed.
    let mut a = Analysis::new(s, 2);
    a.run();
    assert!(a.evaluation().is_some());
}

// ---------------------------------------------------------------------------------------------
// The evaluation and the best line

/// The analysis's evaluation of every position of `line` is the review's point there.
fn evaluation_is_the_reviews<G: Analysed>(line: Line<G>) {
    let mut review = LineReview::new(line.clone());
    while !review.done() {
        review.step();
    }
    for (i, state) in line.states.iter().enumerate() {
        let mut a = Analysis::new(state.clone(), 1);
        assert_eq!(a.evaluation(), None);
        let p = a.step();
        assert_eq!(p.done, 1);
        assert_eq!(a.evaluation(), Some(review.points()[i]), "position {i}");
        assert_eq!(a.best(), review.best(i), "position {i}");
    }
}

#[test]
fn the_evaluation_is_the_review_graphs() {
    evaluation_is_the_reviews(random_line(Position::start(), 8, 1));
    evaluation_is_the_reviews(random_line(hive::State::new(), 8, 2));
    evaluation_is_the_reviews(random_line(<chess::State as Game>::opening(3), 6, 3));
}

/// The line is the engine's choice in each of its positions, played through the rules; the
/// scores are the first side's; it ends for the reason it gives.
fn line_is_the_engines_choice<G: Analysed>(state: G, plies: usize) -> Analysis<G> {
    let mut a = Analysis::new(state, plies);
    let mut steps = 0;
    while !a.done() {
        let p = a.step();
        steps += 1;
        assert_eq!(p.done, steps);
        assert!(p.total >= p.done);
    }
    // A finished analysis does no more work.
    assert_eq!(a.step().done, steps);
    assert_eq!(a.scores().len(), steps);
    let line = a.line();
    for i in 0..line.len() {
        let j = eval::judge(&line.states[i]);
        assert_eq!(Some(line.actions[i]), j.best, "ply {i}");
        assert_eq!(
            line.states[i].apply(&line.actions[i]).unwrap().0,
            line.states[i + 1]
        );
        assert_eq!(
            line.notation[i],
            line.states[i].action_text(&line.actions[i])
        );
        let first = if line.states[i].to_move() == G::sides()[0] {
            j.score
        } else {
            1.0 - j.score
        };
        assert_eq!(a.scores()[i], first, "ply {i}");
        assert!(line.states[i].chance(&line.actions[i]).is_none(), "ply {i}");
    }
    let last = line.last();
    match a.end().unwrap() {
        LineEnd::Plies => assert_eq!(line.len(), plies.max(1)),
        LineEnd::Over => assert!(last.outcome().is_some()),
        LineEnd::NoAction => assert!(last.legal_actions().is_empty()),
        LineEnd::Chance {
            action,
            text,
            chance,
        } => {
            assert_eq!(Some(*action), eval::judge(last).best);
            assert_eq!(text, &last.action_text(action));
            assert_eq!(last.chance(action).as_ref(), Some(chance));
            assert_eq!(a.line_text().last(), Some(text));
        }
    }
    assert_eq!(a.position(), &line.states[0]);
    assert_eq!(
        a.best(),
        line.actions.first().copied().or(match a.end() {
            Some(LineEnd::Chance { action, .. }) => Some(*action),
            _ => None,
        })
    );
    a
}

#[test]
fn the_best_line_is_the_engines_choice_again_and_again() {
    for seed in 0..3 {
        let s = random_line(Position::start(), 6, seed).last().clone();
        let a = line_is_the_engines_choice(s, 5);
        assert_eq!(a.end(), Some(&LineEnd::Plies));
        let s = random_line(hive::State::new(), 10, seed).last().clone();
        let a = line_is_the_engines_choice(s, 4);
        assert_eq!(a.end(), Some(&LineEnd::Plies));
        let s = random_line(queenless(), 4, seed).last().clone();
        line_is_the_engines_choice(s, 4);
    }
    // Plies are at least one.
    let a = line_is_the_engines_choice(Position::start(), 0);
    assert_eq!(a.line().len(), 1);
}

#[test]
fn a_finished_game_scores_its_result_and_has_no_line() {
    // Ash surrounded walnut's Elder (a game from nokamute's UHP tests, below).
    let s = analysis::read::<hive::State>(NOKAMUTE_WHITE_WINS).unwrap();
    let a = line_is_the_engines_choice(s, 6);
    assert_eq!(a.evaluation(), Some(1.0));
    assert_eq!(a.end(), Some(&LineEnd::Over));
    assert!(a.line_text().is_empty());
    let s = analysis::read::<hive::State>(NOKAMUTE_DRAW).unwrap();
    let a = line_is_the_engines_choice(s, 6);
    assert_eq!(a.evaluation(), Some(0.5));
}

#[test]
fn a_chess_line_stops_at_the_dice() {
    // White's pawn can take d5: 3d6 against 2d6, three results possible.
    let s = position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let attempt: Action = "e4xd5".parse().unwrap();
    let odds = s.attempt_odds(&attempt).unwrap();
    assert_eq!(s.chance(&attempt), Some(Chance::Attempt(odds)));
    let a = line_is_the_engines_choice(s.clone(), 6);
    if let Some(LineEnd::Chance { action, .. }) = a.end() {
        assert_eq!(*action, attempt, "the engine took another attempt");
        assert!(a.line().is_empty());
        let shown = a.end().map(|e| match e {
            LineEnd::Chance { chance, .. } => chance.to_string(),
            _ => String::new(),
        });
        let shown = shown.unwrap();
        for (r, p) in odds.outcomes() {
            assert!(shown.contains(&format!("{} ", r.name())), "{shown}");
            assert!(shown.contains(&p.to_string()), "{shown}");
        }
    } else {
        panic!("the engine did not attempt d5: {:?}", a.line_text());
    }

    // The same pawn wounded: it dies without a roll, so the line goes on past the capture.
    let s = position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 d5 - - 0/0 -/- -/-");
    assert_eq!(s.chance(&attempt), None);
    let a = line_is_the_engines_choice(s, 3);
    assert_eq!(a.line().actions.first(), Some(&attempt));
    assert!(a.line().len() > 1);

    // A card decided by chance: Zombie Pawn rises on any free square of ranks 3 and 4.
    let s = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - - 1/0 zombie-pawn/- -/-");
    match s.chance(&Action::Play(Play::ZombiePawn)) {
        Some(Chance::Card(results)) => {
            assert_eq!(results.len(), 16);
            let c = Chance::Card(results).to_string();
            assert!(c.contains("one of 16 squares"), "{c}");
        }
        other => panic!("{other:?}"),
    }
    // A move is no chance.
    assert_eq!(s.chance(&"e1e2".parse().unwrap()), None);
}

// ---------------------------------------------------------------------------------------------
// FEN

/// The squares a FEN placement names, read independently of the rules' reader.
fn fen_squares(placement: &str) -> Vec<(Square, char)> {
    let mut out = Vec::new();
    for (i, row) in placement.split('/').enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in row.chars() {
            match c.to_digit(10) {
                Some(d) => file += d as u8,
                None => {
                    out.push((Square::new(file, rank).unwrap(), c));
                    file += 1;
                }
            }
        }
        assert_eq!(file, 8, "{placement}");
    }
    out
}

#[test]
fn a_plain_position_is_its_fen() {
    // After 1.e4 Nf6 without queens, written by hand as chess tools write it.
    let mut s = queenless();
    assert_eq!(analysis::fen(&s).unwrap(), chess::QUEENLESS_START);
    s = s.apply(&"e2e4".parse().unwrap()).unwrap().0;
    assert_eq!(
        analysis::fen(&s).unwrap(),
        "rnb1kbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNB1KBNR b KQkq e3 0 1"
    );
    s = s.apply(&"g8f6".parse().unwrap()).unwrap().0;
    assert_eq!(
        analysis::fen(&s).unwrap(),
        "rnb1kb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 1 2"
    );
    // Castling rights go with the king's and rook's moves.
    for a in ["g1f3", "b8c6", "f1c4", "h8g8", "e1g1"] {
        s = s.apply(&a.parse().unwrap()).unwrap().0;
    }
    assert_eq!(
        analysis::fen(&s).unwrap(),
        "r1b1kbr1/pppppppp/2n2n2/8/2B1P3/5N2/PPPP1PPP/RNB2RK1 b q - 6 4"
    );

    // A position built by text, with en passant on d6 after black's d7d5.
    let text = "r3k2r/ppp2ppp/2n5/3pP3/8/5N2/PPP2PPP/R3K2R w KQkq d6 0 9";
    let s = position(text);
    assert_eq!(analysis::fen(&s).unwrap(), text);

    // The placement of every FEN written is the state's squares, and nothing else.
    for seed in 0..6 {
        for s in &random_line(queenless(), 30, seed).states {
            let Ok(fen) = analysis::fen(s) else { continue };
            let fields: Vec<&str> = fen.split(' ').collect();
            assert_eq!(fields.len(), 6, "{fen}");
            let named = fen_squares(fields[0]);
            assert_eq!(named.len(), s.board().pieces().count(), "{fen}");
            for (sq, c) in named {
                assert_eq!(s.board().get(sq).map(|p| p.fen_char()), Some(c), "{fen}");
            }
            let side = if s.turn() == Colour::White { "w" } else { "b" };
            assert_eq!(fields[1], side);
            assert_eq!(fields[4], s.quiet_actions().to_string());
            assert_eq!(fields[5], s.fullmove().to_string());
            // And it reads back as the same position.
            let back = position(&fen);
            assert_eq!(back.board(), s.board(), "{fen}");
            assert_eq!(back.castling(), s.castling(), "{fen}");
            assert_eq!(back.en_passant(), s.en_passant(), "{fen}");
        }
    }
}

#[test]
fn what_a_chess_tool_cannot_hold_is_named() {
    let base = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let no = |text: &str| match analysis::fen(&position(text)) {
        Err(NoFen(obstacles)) => obstacles,
        Ok(fen) => panic!("{text} gave {fen}"),
    };
    assert_eq!(
        no(&format!("{base} - - - 0/0 balm/fury,seize -/-")),
        [
            Obstacle::Cards {
                colour: Colour::White,
                count: 1
            },
            Obstacle::Cards {
                colour: Colour::Black,
                count: 2
            }
        ]
    );
    assert_eq!(
        no(&format!("{base} - - - 0/0 -/- -/- -/- - b:restriction -/-")),
        [Obstacle::Window {
            opener: Colour::Black,
            card: Artifact::Restriction
        }]
    );
    let text = "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1 - - - 0/0 -/- -/- e2/- - - -/e7";
    assert_eq!(
        no(text),
        [
            Obstacle::Shield {
                colour: Colour::White,
                at: square("e2")
            },
            Obstacle::Restriction {
                colour: Colour::Black,
                at: square("e7")
            }
        ]
    );
    let text = "4k3/4p3/8/8/8/8/3NP3/4K3 w - - 0 1 d2 e7 c4 0/0 -/- -/-";
    assert_eq!(
        no(text),
        [
            Obstacle::Wounded(square("d2")),
            Obstacle::Heir(square("e7")),
            Obstacle::Impassable(square("c4"))
        ]
    );
    assert_eq!(
        no("4k2P/8/8/8/8/8/8/p3K3 w - - 0 1"),
        [
            Obstacle::PawnOnEndRank(square("a1")),
            Obstacle::PawnOnEndRank(square("h8"))
        ]
    );
    // Acceleration moved white's pawn from e3 to e5: en passant on e4, which chess never has.
    assert_eq!(
        no("4k3/8/8/4P3/8/8/8/4K3 b - e4 0 1"),
        [Obstacle::EnPassant(square("e4"))]
    );
    // A blind set-up: white's rook checks black's king, white to act.
    assert_eq!(
        no("4k3/8/8/8/8/8/8/4RK2 w - - 0 1"),
        [Obstacle::CheckOnSideNotToAct(Colour::Black)]
    );
    // Everything at once, in that order, each in words.
    let all = no("4k2P/8/8/8/8/8/3N4/4RK2 w - - 0 1 d2 - c4 0/0 balm/- -/-");
    assert_eq!(
        all,
        [
            Obstacle::Cards {
                colour: Colour::White,
                count: 1
            },
            Obstacle::Wounded(square("d2")),
            Obstacle::Impassable(square("c4")),
            Obstacle::PawnOnEndRank(square("h8")),
            Obstacle::CheckOnSideNotToAct(Colour::Black)
        ]
    );
    let words = NoFen(all.clone()).to_string();
    assert!(
        words.starts_with("no FEN: white holds 1 artifact; "),
        "{words}"
    );
    for o in &all {
        assert!(words.contains(&o.to_string()), "{words}");
    }

    // What cannot change the game without cards does not stand in the way: reserves, played
    // piles, Scouting.
    let text = format!("{base} - - - 2/1 -/- balm,scouting/fury -/- wb - -/-");
    assert_eq!(analysis::fen(&position(&text)).unwrap(), base);
    // An Artifact Chess game as dealt has cards in both hands.
    let dealt = <chess::State as Game>::opening(5);
    assert!(dealt.hand_size(Colour::White) > 0 && dealt.hand_size(Colour::Black) > 0);
    assert!(matches!(
        analysis::fen(&dealt).unwrap_err().0.as_slice(),
        [
            Obstacle::Cards {
                colour: Colour::White,
                ..
            },
            Obstacle::Cards {
                colour: Colour::Black,
                ..
            },
            ..
        ]
    ));
}

// ---------------------------------------------------------------------------------------------
// UHP GameStrings from another engine's authors
//
// The strings below are data from the public repository `edre/nokamute` (a Hive engine that
// speaks the Universal Hive Protocol), file `data/uhp_tests.txt`: its suite of UHP test
// positions, each a GameString followed by every valid move there. The base game's ("Base") and
// three of the expansion games' (Mosquito, Ladybug, Pillbug) are used.

const NOKAMUTE_WHITE_WINS: &str = r"Base;WhiteWins;Black[8];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \bQ;wG1 bQ\;bG2 bQ/;wA1 wQ\;bA1 bG2/;wA1 bG2\;bA1 \bG2;wQ \wS1;bA1 bG2/;wQ /bG1";
const NOKAMUTE_BLACK_SUICIDE: &str = r"Base;WhiteWins;White[7];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \bQ;wG1 bQ\;bG2 bQ/;wA1 wQ\;bA1 bG2/;wA1 bG2\;bA1 /bG1";
const NOKAMUTE_DRAW: &str = r"Base;Draw;White[11];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \bQ;wG1 bQ\;bG2 bQ/;wA1 wQ\;bA1 bG2/;wA1 bG2\;bA1 \bG2;wQ \wS1;bG1 wA1/;wQ -bQ;bA1 \wQ;wB1 -wS1;bG3 bG1-;wB1 /bA1;bG3 -bG2";
const NOKAMUTE_REPETITION: &str = r"Base;Draw;White[7];wS1;bB1 wS1-;wQ \wS1;bQ bB1\;wQ -wS1;bQ bB1-;wQ \wS1;bQ bB1\;wQ -wS1;bQ bB1-;wQ \wS1;bQ bB1\";

/// nokamute's base-game positions in progress, each with every valid move there.
const NOKAMUTE_VALID_MOVES: [(&str, &str, &str); 9] = [
    (
        "Queen moves",
        r"Base;InProgress;White[12];wG1;bG1 wG1-;wQ \wG1;bQ bG1-;wG2 /wG1;bA1 bQ/;wG3 /wG2;bA1 bQ-;wB1 -wG3;bA1 bQ/;wB2 \wB1;bA1 bQ-;wS1 \wB2;bA1 bQ/;wS2 wS1/;bA1 bQ-;wA1 \wS2;bA1 bQ/;wA2 wA1/;bA1 bQ-;wA3 wA2/;bA1 wA3-",
        r"wQ \bG1;wQ -wG1",
    ),
    (
        "Grasshopper moves",
        r"Base;InProgress;White[11];wG1;bG1 wG1-;wQ /wG1;bQ bG1-;wS1 wQ\;bA1 bQ-;wB1 /wS1;bA1 -wQ;wB1 wS1\;bA2 bQ-;wB1 /wS1;bA2 wG1\;wB1 wS1\;bA3 bQ-;wB1 /wS1;bS1 bQ\;wB1 wS1;bS1 wB1\;wB1 /wB1;bA3 -wB1",
        r"wG1 bQ-;wG1 bA2\;wG1 bA1\;wG2 \wG1;wS2 \wG1;wA1 \wG1;wB2 \wG1",
    ),
    (
        "Ant moves",
        r"Base;InProgress;White[13];wS1;bB1 wS1-;wQ -wS1;bQ bB1-;wB1 \wQ;bG1 bQ/;wB2 \wB1;bG2 bG1/;wS2 \wB2;bS1 bG2/;wA1 \wS1;bB2 bS1/;wA2 \wS2;bG3 \bB2;wA1 -bG1;bA1 \bG3;wG1 wA2/;bS2 -bA1;wG2 wG1/;bA2 -bS2;wA3 wG2-;bA3 bS2\;wG3 wA3\;bA3 wG3\",
        r"wA1 -bG2;wA1 -bS1;wA1 /bG3;wA1 bS2\;wA1 bA2\;wA1 /bA2;wA1 bA3-;wA1 bA3\;wA1 /bA3;wA1 /wG3;wA1 wG2\;wA1 wG1\;wA1 wB2/;wA1 wB1/;wA1 \wS1;wA1 \bB1",
    ),
    (
        "Spider moves",
        r"Base;InProgress;White[12];wG1;bA1 wG1-;wS1 \wG1;bQ bA1-;wQ /wG1;bG1 bQ\;wG2 wQ\;bB1 /bG1;wB1 /wG2;bG2 bG1\;wG3 /wB1;bG2 -bB1;wB2 wG3\;bA1 bG1\;wA1 wB2-;bA1 bB1\;wA2 wA1/;bA1 bG1-;wS2 wA2-;bA1 bG1\;wA3 wS2\;bA1 wA3-",
        r"wS1 \bQ;wS1 /bQ;wS1 wG1\;wS1 /wQ",
    ),
    (
        "Spider moves 2",
        r"Base;InProgress;White[12];wG1;bA1 wG1/;wB1 /wG1;bA2 bA1-;wQ wB1\;bQ bA2\;wB2 /wQ;bG1 bQ\;wS1 wG1\;bB1 /bG1;wG2 /wB2;bG2 bG1\;wG3 wG2\;bG2 wS1\;wA1 wG3-;bA1 -wB1;wS2 wA1/;bA3 bG1\;wA2 wS2-;bA2 \wG1;wA3 wA2\;bA3 wA3-",
        r"wS1 bA2/;wS1 bQ/;wS1 wG1/;wS1 \bQ",
    ),
    (
        "Beetle moves",
        r"Base;InProgress;White[12];wB1;bB1 wB1-;wQ \wB1;bQ bB1/;wG1 /wB1;bB2 bB1\;wA1 /wG1;bA1 bQ\;wG2 -wA1;bQ \bB1;wB2 /wG2;bA2 \bA1;wG3 wB2\;bA2 \wQ;wA2 wG3-;bB2 wB1\;wS1 wA2\;bA1 bB1\;wS2 wS1-;bA1 bB1-;wA3 wS2/;bA1 \wA3",
        r"wB1 wQ;wB1 bQ;wB1 bB1;wB1 bB2;wB1 wG1",
    ),
    (
        "Tournament rules",
        r"Base;NotStarted;White[1]",
        r"wG1;wS1;wA1;wB1",
    ),
    (
        "Super long hive axis-1",
        r"Base;InProgress;White[12];wG1;bG1 wG1-;wQ -wG1;bQ bG1-;wS1 -wQ;bS1 bQ-;wS2 -wS1;bS2 bS1-;wB1 -wS2;bB1 bS2-;wB2 -wB1;bB2 bB1-;wG2 -wB2;bG2 bB2-;wG3 -wG2;bG3 bG2-;wA1 -wG3;bA1 bG3-;wA2 -wA1;bA2 bA1-;wA3 -wA2;bA3 bA2-",
        r"wA3 \wA2;wA3 \wA1;wA3 \wG3;wA3 \wG2;wA3 \wB2;wA3 \wB1;wA3 \wS2;wA3 \wS1;wA3 \wQ;wA3 \wG1;wA3 \bG1;wA3 \bQ;wA3 \bS1;wA3 \bS2;wA3 \bB1;wA3 \bB2;wA3 \bG2;wA3 \bG3;wA3 \bA1;wA3 \bA2;wA3 \bA3;wA3 bA3/;wA3 bA3-;wA3 bA3\;wA3 bA2\;wA3 bA1\;wA3 bG3\;wA3 bG2\;wA3 bB2\;wA3 bB1\;wA3 bS2\;wA3 bS1\;wA3 bQ\;wA3 bG1\;wA3 wG1\;wA3 wQ\;wA3 wS1\;wA3 wS2\;wA3 wB1\;wA3 wB2\;wA3 wG2\;wA3 wG3\;wA3 wA1\;wA3 wA2\;wA3 /wA2",
    ),
    (
        "Beetle gate",
        r"Base;InProgress;White[12];wB1;bS1 wB1-;wQ \wB1;bQ bS1/;wB2 -wQ;bB1 bQ\;wS1 /wB2;bB1 bS1;wG1 /wS1;bQ \bB1;wG2 wG1\;bB2 bQ/;wG3 wG2\;bB2 \bQ;wA1 wG3-;bB2 wQ;wA2 wA1-;bA1 bQ/;wS2 wA2-;bA1 bB1/;wA3 wS2/;bA1 wA3/",
        r"wB1 bB2;wB1 bB1;wB1 /bB1;wB1 wB2\",
    ),
];

/// nokamute's expansion games (Mosquito, Ladybug, Pillbug), each with its valid moves there.
const NOKAMUTE_EXPANSIONS: [(&str, &str); 3] = [
    (
        r"Base+M;InProgress;White[13];wM;bG1 wM-;wS1 /wM;bQ bG1-;wQ /wS1;bB1 bG1\;wB1 /wQ;bB1 wM\;wS2 /wB1;bA1 bQ-;wB2 wS2\;bA1 bQ\;wG1 wB2-;bA1 bQ-;wG2 wG1/;bA1 bQ\;wG3 wG2/;bA1 bQ-;wA1 wG3-;bA1 bQ/;wA2 wA1-;bA1 bQ-;wA3 wA2\;bA1 /wA3",
        r"wM bQ-;wM bB1\;wM /wS2;wM \bG1;wM bG1;wM bB1;wM wS1;wM \wS1;wM bQ/;wM -wQ",
    ),
    (
        r"Base+L;InProgress;White[14];wL;bL wL/;wQ -wL;bQ bL/;wQ -bL;bA1 bQ/;wB1 \wQ;bA1 bQ-;wS1 \wB1;bA1 bQ/;wB2 \wS1;bA1 bQ-;wS2 wB2/;bA1 bQ/;wA1 wS2-;bA1 bQ-;wG1 wA1/;bA1 bQ/;wG2 wG1-;bA1 bQ-;wA2 wG2\;bA1 bQ/;wA3 wA2-;bA1 bQ-;wG3 wA3/;bA1 \wG3",
        r"wL wB1/;wL -bQ;wL /wB1;wL /wS1;wL bQ\;wL bL\;wL \bQ;wL bQ/;wL bQ-;wL /wQ",
    ),
    (
        r"Base+P;InProgress;White[9];wP;bB1 wP-;wQ /wP;bQ bB1/;wQ wP\;bQ \bB1;wQ /wP;bA1 bQ/;wQ wP\;bA1 -bQ;wQ /wP;bB2 \bQ;wQ wP\;bB2 bQ;bA1 -wP;bB1 wQ",
        r"bA1 -bB2;bA1 /wP",
    ),
];

/// Replays a GameString through `review::read`, checking the line against its moves, and
/// checks that our export of the end reads back to the same game.
fn replays(text: &str) -> hive::State {
    let Ok(Replay::Hive(line)) = read(text) else {
        panic!("{text} does not replay: {:?}", read(text).err());
    };
    let moves: Vec<&str> = text.split(';').skip(3).collect();
    assert_eq!(line.len(), moves.len());
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(line.states[i].parse_move(m), Ok(line.actions[i]), "{m}");
    }
    let ours = analysis::uhp(line.last()).unwrap();
    let Ok(Replay::Hive(again)) = read(&ours) else {
        panic!("our {ours} does not replay");
    };
    assert_eq!(again.last(), line.last());
    line.last().clone()
}

#[test]
fn an_outside_engines_finished_games_replay_to_their_results() {
    let s = replays(NOKAMUTE_WHITE_WINS);
    assert_eq!(s.outcome(), Some(Outcome::Win(hive::Colour::Ash)));
    // Walnut moved into its own surround: still ash's win.
    let s = replays(NOKAMUTE_BLACK_SUICIDE);
    assert_eq!(s.outcome(), Some(Outcome::Win(hive::Colour::Ash)));
    let s = replays(NOKAMUTE_DRAW);
    assert_eq!(
        s.outcome(),
        Some(Outcome::Draw(DrawReason::BothEldersSurrounded))
    );
    let s = replays(NOKAMUTE_REPETITION);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    // One move fewer and the repetition is not yet the third.
    let shorter = NOKAMUTE_REPETITION
        .rsplit_once(';')
        .unwrap()
        .0
        .replace("Base;Draw;White[7]", "Base;InProgress;Black[6]");
    assert_eq!(replays(&shorter).outcome(), None);
}

#[test]
fn an_outside_engines_positions_have_its_valid_moves() {
    for (name, game, valid) in NOKAMUTE_VALID_MOVES {
        let s = replays(game);
        assert_eq!(s.outcome(), None, "{name}");
        let expected: HashSet<hive::Move> = valid
            .split(';')
            .map(|m| {
                s.parse_move(m)
                    .unwrap_or_else(|e| panic!("{name}: {m} is refused: {e}"))
            })
            .collect();
        let ours: HashSet<hive::Move> = s.legal_moves().into_iter().collect();
        assert_eq!(ours, expected, "{name}");
    }
}

#[test]
fn game_strings_with_expansions_read_and_have_the_outside_engines_valid_moves() {
    for (text, valid) in NOKAMUTE_EXPANSIONS {
        let s = replays(text);
        assert!(analysis::read::<hive::State>(text).is_ok(), "{text}");
        let expected: HashSet<hive::Move> = valid
            .split(';')
            .map(|m| {
                s.parse_move(m)
                    .unwrap_or_else(|e| panic!("{text}: {m} is refused: {e}"))
            })
            .collect();
        let ours: HashSet<hive::Move> = s.legal_moves().into_iter().collect();
        assert_eq!(ours, expected, "{text}");
    }
    // A game type that is none of the eight is refused by name.
    match read("Base+X;NotStarted;White[1]") {
        Err(e @ ReplayError::Record { .. }) => assert!(e.to_string().contains("`Base+X`"), "{e}"),
        other => panic!("{other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// The command line

fn tables(words: &[&str], input: &str) -> Result<String, carved_tables::cli::CliError> {
    let args: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let cmd = carved_tables::cli::parse(&args)?;
    let (mut out, mut err) = (Vec::new(), Vec::new());
    carved_tables::cli::run(cmd, &mut input.as_bytes(), &mut out, &mut err)?;
    Ok(String::from_utf8(out).unwrap())
}

#[test]
fn tables_analyse_prints_the_evaluation_the_line_and_the_fen() {
    let text = "r3k2r/ppp2ppp/2n5/3pP3/8/5N2/PPP2PPP/R3K2R w KQkq d6 0 9";
    let words: Vec<&str> = ["analyse", "chess"]
        .into_iter()
        .chain(text.split(' '))
        .chain(["--plies", "3"])
        .collect();
    let out = tables(&words, "").unwrap();
    let state = position(text);
    let mut a = Analysis::new(state.clone(), 3);
    a.run();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "chess position, white to act", "{out}");
    assert_eq!(lines[1], format!("notation: {state}"));
    assert_eq!(
        lines[2],
        format!("evaluation: white {:.2}", a.evaluation().unwrap())
    );
    assert_eq!(lines[3], format!("best line: {}", a.line_text().join("  ")));
    assert!(lines[4].starts_with("line ends: "), "{out}");
    assert_eq!(lines[5], format!("fen: {text}"));

    // From standard input, a position with no FEN says why.
    let out = tables(
        &["analyse", "chess", "-", "--plies", "1"],
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - - 0/0 balm/- -/-\n",
    )
    .unwrap();
    assert!(
        out.ends_with("fen: none (no FEN: white holds 1 artifact)\n"),
        "{out}"
    );

    // Ash & Walnut: a finished game from another engine.
    let out = tables(&["analyse", "hive", NOKAMUTE_WHITE_WINS], "").unwrap();
    assert!(
        out.starts_with("hive position, the game is over: "),
        "{out}"
    );
    assert!(
        out.contains("\nnotation: Base;WhiteWins;Black[8];wS1;"),
        "{out}"
    );
    assert!(
        out.contains("evaluation: white 1.00\nbest line: none\n"),
        "{out}"
    );

    // Snēlab: the court string, the line as long as asked.
    let out = tables(
        &[
            "analyse",
            "snelab",
            "barjrab/7/7/7/7/7/BARJRAB",
            "S",
            "+a",
            "--plies=2",
        ],
        "",
    )
    .unwrap();
    assert!(out.starts_with("snelab position, south to act\n"), "{out}");
    assert!(out.contains("line ends: 2 plies, as asked\n"), "{out}");
    assert!(!out.contains("fen:"), "{out}");

    // Bad text is an input error, a missing position a usage mistake.
    let e = tables(&["analyse", "chess", "4k3/8"], "").unwrap_err();
    assert_eq!(e.exit_code(), 1, "{e}");
    let e = tables(&["analyse", "chess"], "").unwrap_err();
    assert_eq!(e.exit_code(), 2, "{e}");
}

#[test]
fn tables_replay_writes_a_game_string_for_uhp_tools() {
    let out = tables(&["replay", "-", "--uhp"], NOKAMUTE_DRAW).unwrap();
    let written = out.trim_end();
    assert_eq!(out.lines().count(), 1, "{out}");
    let Ok(Replay::Hive(line)) = read(written) else {
        panic!("{written}");
    };
    assert_eq!(
        line.last(),
        &analysis::read::<hive::State>(NOKAMUTE_DRAW).unwrap()
    );
    // --fen is for chess only; --uhp alone.
    let e = tables(&["replay", "-", "--fen"], NOKAMUTE_DRAW).unwrap_err();
    assert!(e.to_string().contains("this is a hive record"), "{e}");
    let e = tables(&["replay", "-", "--uhp", "--review"], NOKAMUTE_DRAW).unwrap_err();
    assert_eq!(e.exit_code(), 2);
}

// ---------------------------------------------------------------------------------------------
// The luck of the cards: Zombie Pawn's square and Trophy's draw

/// `mover`'s expected score in `s` by the review's static evaluation (`s` not finished).
fn static_for(s: &chess::State, mover: Colour) -> f64 {
    assert!(s.end().is_none());
    let v = <chess::State as eval::Reviewed>::static_score(s);
    if s.turn() == mover { v } else { 1.0 - v }
}

/// A line of actions in notation from `start`, played through the rules (the generator draws).
fn chess_line(start: chess::State, actions: &[&str]) -> Line<chess::State> {
    let mut line = Line::new(start);
    for a in actions {
        line.play_text(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
    line
}

/// White holds Zombie Pawn and Trophy with a pawn in its reserve; black holds Fury and Shield.
const DRAWS: &str =
    "4k3/pp6/8/8/8/8/7P/R3K3 w - - 0 1 - - - 1/0 zombie-pawn,trophy/fury,shield -/-";

#[test]
fn a_draws_outcomes_are_the_rules_and_its_luck_is_against_their_mean() {
    use carved_tables::review::CardLuck;
    use chess::{ArtifactSet, CardChance, Role, card_chances};
    let mut seen_drawn = HashSet::new();
    for seed in 0..4 {
        let start = position(DRAWS).with_dice_seed(seed);
        let line = chess_line(start, &["zombie-pawn", "e8d8", "trophy"]);
        let luck = CardLuck::of(&line);
        assert_eq!(
            luck.draws.iter().map(|d| d.ply).collect::<Vec<_>>(),
            [0, 2],
            "{luck:?}"
        );
        for draw in &luck.draws {
            let before = &line.states[draw.ply];
            let after = &line.states[draw.ply + 1];
            let Action::Play(play) = line.actions[draw.ply] else {
                panic!("not a card");
            };
            assert_eq!(draw.colour, Colour::White);
            assert_eq!(draw.card, play.artifact());
            assert_eq!(draw.action, line.notation[draw.ply]);
            assert!(!draw.undone);
            // The outcomes are the rules' own, with their probabilities, summing to 1.
            let rules = card_chances(before, &play);
            assert_eq!(draw.outcomes.len(), rules.len());
            for (o, (c, p)) in draw.outcomes.iter().zip(&rules) {
                assert_eq!(o.chance, *c);
                assert!((o.probability - p.to_f64()).abs() < 1e-15);
            }
            let total: f64 = draw.outcomes.iter().map(|o| o.probability).sum();
            assert!((total - 1.0).abs() < 1e-9, "{total}");
            // … and they are what the card says: every empty square of white's 3rd and 4th
            // ranks, or every pair of kinds in neither hand nor played pile.
            let drawn = match play {
                Play::ZombiePawn => {
                    let empty: HashSet<Square> = (0..8)
                        .flat_map(|f| [2, 3].map(|r| Square::new(f, r).unwrap()))
                        .filter(|s| before.board().get(*s).is_none())
                        .collect();
                    let rises: HashSet<Square> = draw
                        .outcomes
                        .iter()
                        .map(|o| match o.chance {
                            CardChance::Rises(s) => s,
                            other => panic!("{other:?}"),
                        })
                        .collect();
                    assert_eq!(rises, empty);
                    // What happened, read off the board: the new white pawn.
                    let risen: Vec<Square> = after
                        .board()
                        .pieces()
                        .filter(|(s, p)| {
                            p.colour == Colour::White
                                && p.role == Role::Pawn
                                && before.board().get(*s).is_none()
                        })
                        .map(|(s, _)| s)
                        .collect();
                    assert_eq!(risen.len(), 1);
                    assert_eq!(draw.drawn_text, risen[0].to_string());
                    CardChance::Rises(risen[0])
                }
                Play::Trophy => {
                    let pool = Artifact::ALL
                        .iter()
                        .filter(|a| {
                            **a != Artifact::Trophy
                                && Colour::BOTH.iter().all(|c| {
                                    !before.hand(*c).contains(**a) && !before.played(*c).contains(a)
                                })
                        })
                        .count();
                    assert_eq!(draw.outcomes.len(), pool * (pool - 1) / 2);
                    // What happened, read off the hand: the kinds white did not hold.
                    let new: ArtifactSet = after
                        .hand(Colour::White)
                        .iter()
                        .filter(|a| !before.hand(Colour::White).contains(*a))
                        .collect();
                    assert_eq!(new.len(), 2);
                    let names: Vec<&str> = new.iter().map(|a| a.code()).collect();
                    assert_eq!(draw.drawn_text, names.join(", "));
                    CardChance::Draws(new)
                }
                other => panic!("{other:?} has no draw"),
            };
            assert_eq!(draw.drawn, drawn);
            seen_drawn.insert(draw.drawn_text.clone());
            // The luck: the evaluation after what was drawn minus the probability-weighted
            // mean over the outcomes, each made by the rules.
            let mut mean = 0.0;
            let (mut low, mut high) = (f64::MAX, f64::MIN);
            let mut own = None;
            for (c, p) in &rules {
                let (s, _) = before
                    .apply_with_chance(&line.actions[draw.ply], *c)
                    .unwrap();
                let v = static_for(&s, Colour::White);
                mean += p.to_f64() * v;
                (low, high) = (low.min(v), high.max(v));
                if *c == drawn {
                    own = Some(v);
                    assert_eq!(s.board(), after.board());
                    assert_eq!(s.hand(Colour::White), after.hand(Colour::White));
                }
            }
            let own = own.unwrap();
            assert!(high - low > 1e-4, "{play}: every outcome scores the same");
            assert!((draw.score - own).abs() < 1e-12);
            assert!((draw.score - static_for(after, Colour::White)).abs() < 1e-12);
            assert!(
                (draw.expected - mean).abs() < 1e-12,
                "{} vs {mean}",
                draw.expected
            );
            assert!((draw.luck() - (own - mean)).abs() < 1e-12);
            assert!((draw.chance() - 1.0 / rules.len() as f64).abs() < 1e-15);
        }
        // The sums, the series and the extremes.
        let lucks: Vec<f64> = luck.draws.iter().map(|d| d.luck()).collect();
        assert!((luck.luck(Colour::White) - lucks.iter().sum::<f64>()).abs() < 1e-12);
        assert_eq!(luck.luck(Colour::Black), 0.0);
        assert!(luck.series[1].is_empty());
        assert_eq!(luck.series[0].len(), 2);
        assert_eq!(luck.series[0][0], (0, lucks[0]));
        assert!((luck.series[0][1].1 - luck.luck(Colour::White)).abs() < 1e-12);
        let (lucky, unlucky) = (luck.luckiest().unwrap(), luck.unluckiest().unwrap());
        assert_eq!(lucky.luck(), lucks.iter().copied().fold(f64::MIN, f64::max));
        assert_eq!(
            unlucky.luck(),
            lucks.iter().copied().fold(f64::MAX, f64::min)
        );
    }
    // Different seeds drew differently.
    assert!(seen_drawn.len() > 2, "{seen_drawn:?}");
}

/// The rules' generator draws what the report lists, about as often as its probabilities say
/// (seeded, so the counts are fixed; the bounds are over five standard deviations wide).
#[test]
fn the_generator_draws_the_listed_outcomes_as_often_as_listed() {
    use carved_tables::review::CardLuck;
    use std::collections::HashMap;
    for (card, tries) in [("zombie-pawn", 1600u64), ("trophy", 3060)] {
        let mut counts: HashMap<String, u64> = HashMap::new();
        let mut listed = None;
        for seed in 0..tries {
            let line = chess_line(position(DRAWS).with_dice_seed(seed), &[card]);
            let luck = CardLuck::of(&line);
            assert_eq!(luck.draws.len(), 1, "seed {seed}: the draw was not found");
            let d = &luck.draws[0];
            *counts.entry(d.drawn_text.clone()).or_default() += 1;
            listed.get_or_insert_with(|| d.outcomes.clone());
        }
        let listed = listed.unwrap();
        for o in &listed {
            let expected = o.probability * tries as f64;
            let sd = (expected * (1.0 - o.probability)).sqrt();
            let got = counts
                .get(&carved_tables::review::luck::chance_text(&o.chance))
                .copied()
                .unwrap_or(0) as f64;
            assert!(
                (got - expected).abs() <= 5.0 * sd + 1.0,
                "{card}: {:?} drawn {got} times, {expected} expected",
                o.chance
            );
        }
        assert_eq!(counts.len(), listed.len(), "{card}: an outcome never drawn");
    }
}

#[test]
fn a_draw_taken_back_by_cancel_counts_for_nothing() {
    use carved_tables::review::CardLuck;
    let start = "4k3/pp6/8/8/8/8/7P/R3K3 w - - 0 1 - - - 1/0 trophy/cancel -/-";
    let cancelled = CardLuck::of(&chess_line(position(start), &["trophy", "cancel"]));
    assert_eq!(cancelled.draws.len(), 1);
    assert!(cancelled.draws[0].undone);
    assert_eq!(cancelled.expected, [0.0; 2]);
    assert_eq!(cancelled.scores, [0.0; 2]);
    assert!(cancelled.series.iter().all(|s| s.is_empty()));
    assert!(cancelled.luckiest().is_none() && cancelled.unluckiest().is_none());
    // The same draw answered by a move counts.
    let kept = CardLuck::of(&chess_line(position(start), &["trophy", "e8d8"]));
    assert_eq!(kept.draws.len(), 1);
    assert!(!kept.draws[0].undone);
    assert_eq!(kept.draws[0].drawn, cancelled.draws[0].drawn);
    assert_eq!(kept.series[0].len(), 1);
    assert!((kept.luck(Colour::White) - kept.draws[0].luck()).abs() < 1e-12);
}

#[test]
fn an_attack_taken_back_by_cancel_is_listed_and_counts_for_nothing() {
    use carved_tables::review::ChessLuck;
    let start = "4k3/pp6/8/8/8/8/7P/R3K3 w - - 0 1 - - - 1/0 fury/cancel -/-";
    let cancelled = ChessLuck::of(&chess_line(position(start), &["fury a1xa7", "cancel"]));
    assert_eq!(cancelled.attempts.len(), 1, "listed");
    assert!(cancelled.attempts[0].undone);
    assert_eq!(cancelled.expected, [0.0; 2]);
    assert_eq!(cancelled.captures, [0; 2]);
    assert!(cancelled.series[0].is_empty());
    assert!(cancelled.luckiest().is_none() && cancelled.unluckiest().is_none());
    let kept = ChessLuck::of(&chess_line(position(start), &["fury a1xa7", "e8d8"]));
    assert_eq!(kept.attempts.len(), 1);
    assert!(!kept.attempts[0].undone);
    assert!(kept.expected[0] > 0.0 && kept.expected[0] == kept.attempts[0].chance);
    assert_eq!(kept.luckiest(), Some(&kept.attempts[0]));
}

#[test]
fn a_game_without_a_random_card_has_no_draws() {
    use carved_tables::review::{CardLuck, ChessLuck};
    // Cards played, Resurrection's square chosen and Fury's attack rolled: no card draw.
    let start = "4k3/pp6/8/8/8/8/7P/R3K3 w - - 0 1 - - - 1/0 resurrection,shield,fury/balm -/-";
    let line = chess_line(
        position(start),
        &["resurrection b2", "e8d8", "shield a1", "d8e8", "fury a1xa7"],
    );
    assert!(CardLuck::of(&line).draws.is_empty());
    assert_eq!(ChessLuck::of(&line).attempts.len(), 1);
    // Seeded random games: a draw at exactly the Zombie Pawns and Trophies played.
    let (mut random_cards, mut other_cards) = (0, 0);
    for seed in 0..12 {
        let line = random_line(<chess::State as Game>::opening(seed), 120, seed);
        let luck = CardLuck::of(&line);
        let plies: Vec<usize> = (0..line.actions.len())
            .filter(|&i| {
                matches!(
                    line.actions[i],
                    Action::Play(Play::ZombiePawn | Play::Trophy)
                )
            })
            .collect();
        other_cards += line
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Play(_)))
            .count()
            - plies.len();
        random_cards += plies.len();
        assert_eq!(luck.draws.iter().map(|d| d.ply).collect::<Vec<_>>(), plies);
        for d in &luck.draws {
            let total: f64 = d.outcomes.iter().map(|o| o.probability).sum();
            assert!((total - 1.0).abs() < 1e-9);
            let mean: f64 = d.outcomes.iter().map(|o| o.probability * o.score).sum();
            assert!((d.expected - mean).abs() < 1e-12);
        }
    }
    assert!(
        random_cards > 0 && other_cards > 0,
        "{random_cards} {other_cards}"
    );
}

/// Every way to choose `k` of `items`, in order.
fn choose<'a>(items: &[&'a str], k: usize) -> Vec<Vec<&'a str>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    if items.len() < k {
        return Vec::new();
    }
    let mut with: Vec<Vec<&str>> = choose(&items[1..], k - 1)
        .into_iter()
        .map(|mut rest| {
            rest.insert(0, items[0]);
            rest
        })
        .collect();
    with.extend(choose(&items[1..], k));
    with
}

#[test]
fn a_hands_deal_is_weighed_against_every_hand_it_could_have_been() {
    use carved_tables::review::deals;
    let start = <chess::State as Game>::opening(3);
    let line = chess_line(start.clone(), &[]);
    let [white, black] = deals(&line).map(|d| d.expect("a game's first position is a deal"));
    assert_eq!((white.colour, black.colour), (Colour::White, Colour::Black));
    assert_eq!(white.hand, start.hand(Colour::White));
    assert_eq!(white.score, static_for(&start, Colour::White));
    assert_eq!(black.score, static_for(&start, Colour::Black));
    // Apart from the report: every hand of five different kinds written into the position's
    // text and read by the rules, white's hand changed and black's as dealt.
    let text = start.to_string();
    let fields: Vec<&str> = text.split(' ').collect();
    let hands = 10; // the 11th field: `<white>/<black>`
    let (dealt, black_hand) = fields[hands].split_once('/').unwrap();
    let codes: Vec<&str> = Artifact::ALL.iter().map(|a| a.code()).collect();
    let all = choose(&codes, 5);
    assert_eq!(all.len(), 26_334);
    assert_eq!(white.hands, all.len());
    let scores: Vec<f64> = all
        .iter()
        .map(|hand| {
            let mut f = fields.clone();
            let field = format!("{}/{black_hand}", hand.join(","));
            f[hands] = &field;
            static_for(&position(&f.join(" ")), Colour::White)
        })
        .collect();
    let mean = scores.iter().sum::<f64>() / scores.len() as f64;
    assert!(
        (white.expected - mean).abs() < 1e-9,
        "{} {mean}",
        white.expected
    );
    let lower = scores.iter().filter(|&&s| s < white.score).count();
    assert_eq!(white.beaten, lower as f64 / scores.len() as f64);
    assert!((white.luck() - (white.score - mean)).abs() < 1e-9);
    // The hand dealt is one of them, scoring the same.
    let mut dealt: Vec<&str> = dealt.split(',').collect();
    dealt.sort_by_key(|c| codes.iter().position(|k| k == c));
    let i = all
        .iter()
        .position(|h| *h == dealt)
        .expect("the dealt hand is listed");
    assert_eq!(scores[i], white.score);
    // The hands differ: some score better and some worse than the mean.
    assert!(scores.iter().any(|&s| s > mean + 0.01) && scores.iter().any(|&s| s < mean - 0.01));
    // The deal is the first position's, whatever is played after.
    let on = random_line(start.clone(), 6, 3);
    assert_eq!(deals(&on)[0].as_ref(), Some(&white));
}

#[test]
fn a_line_that_does_not_start_at_a_deal_has_none() {
    use carved_tables::review::deals;
    // Two cards each: a position typed in mid-game.
    assert_eq!(deals(&chess_line(position(DRAWS), &[])), [None, None]);
    // Without artifacts, and the plain start without queens.
    let plain = <chess::State as Game>::opening(3).without_artifacts();
    assert_eq!(deals(&chess_line(plain, &[])), [None, None]);
    assert_eq!(deals(&chess_line(queenless(), &[])), [None, None]);
    // A card played already: not the first position of a deal.
    let start = <chess::State as Game>::opening(5);
    let played = random_line(start, 200, 5);
    let at = (0..played.actions.len())
        .find(|&i| matches!(played.actions[i], Action::Play(_)))
        .expect("a card is played in 200 random actions");
    let later = chess_line(played.states[at + 1].clone(), &[]);
    assert_eq!(deals(&later), [None, None]);
}

// ---------------------------------------------------------------------------------------------
// The figures of docs/review.md (nothing asserted):
// `cargo test --release --no-default-features --test analysis -- --ignored --nocapture`

/// Times [`Analysis`] at the default length over positions of seeded random games (the start
/// and every tenth ply up to the thirtieth, five games each).
fn time_analyses<G: Analysed>(name: &str, start: impl Fn(u64) -> G) {
    use std::time::Instant;
    let (mut first, mut whole, mut searches) = (Vec::new(), Vec::new(), 0);
    for seed in 0..5u64 {
        let mut s = start(seed);
        for ply in 0..40u64 {
            if ply % 10 == 0 && s.outcome().is_none() {
                let t = Instant::now();
                let mut a = Analysis::new(s.clone(), analysis::DEFAULT_PLIES);
                a.step();
                first.push(t.elapsed().as_secs_f64() * 1000.0);
                a.run();
                whole.push(t.elapsed().as_secs_f64() * 1000.0);
                searches += a.scores().len();
            }
            let Some(m) = carved_tables::ai::random(&s, seed * 100 + ply) else {
                break;
            };
            s = s.apply(&m).unwrap().0;
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let max = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    println!(
        "{name}: {} positions, {searches} searches; first step mean {:.1} ms, max {:.1} ms; \
         whole analysis mean {:.1} ms, max {:.1} ms",
        first.len(),
        mean(&first),
        max(&first),
        mean(&whole),
        max(&whole)
    );
}

#[test]
#[ignore = "timings for docs/review.md; run with --release"]
fn time_per_analysis() {
    time_analyses("snelab", |_| Position::start());
    time_analyses("hive", |_| hive::State::new());
    time_analyses("chess", <chess::State as Game>::opening);
}

/// Times the luck reports over seeded random games of 100 actions.
#[test]
#[ignore = "timings for docs/review.md; run with --release"]
fn time_card_luck() {
    use carved_tables::review::{CardLuck, ChessLuck};
    use std::time::Instant;
    let mut worst: f64 = 0.0;
    let (mut total, mut draws, mut outcomes) = (0.0, 0, 0);
    for seed in 0..20u64 {
        let line = random_line(<chess::State as Game>::opening(seed), 100, seed);
        let t = Instant::now();
        let luck = CardLuck::of(&line);
        let _ = ChessLuck::of(&line);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        worst = worst.max(ms);
        total += ms;
        draws += luck.draws.len();
        outcomes += luck.draws.iter().map(|d| d.outcomes.len()).sum::<usize>();
    }
    println!(
        "luck: 20 games of 100 actions, {draws} draws, {outcomes} outcomes; \
         mean {:.1} ms, max {worst:.1} ms",
        total / 20.0
    );
    let t = Instant::now();
    for seed in 0..20u64 {
        let line = Line::new(<chess::State as Game>::opening(seed));
        assert!(carved_tables::review::deals(&line)[0].is_some());
    }
    println!(
        "deal: both hands of a game against every hand, mean {:.1} ms",
        t.elapsed().as_secs_f64() * 1000.0 / 20.0
    );
}
