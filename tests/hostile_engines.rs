//! Every engine, at every level, and the simple players, given odd but legal positions that the
//! parsers accept: one piece left, courts of unusual size, every piece still in reserve, a full
//! Owl stack of five, a position at the ply limit, a response window open, lone kings, mates.
//! Each answers through `ai::Engine` / `ai::Player` without panicking, stepped by a node budget:
//! the answer (or the best so far) is legal in the real position, and a finished game gets no
//! action. Without Bevy.

use carved_tables::ai::{Bots, Engine, Level, Player, Step};
use carved_tables::rules::Game;
use carved_tables::rules::hive::{Colour, Creature, Hex, Piece};
use carved_tables::rules::{chess, hive, snelab};

/// Nodes per step, and steps before a level that has not decided is asked for its best so far.
const BUDGET: u64 = 2_000;
const STEPS: usize = 40;

/// Runs every level and player on `state`; returns the decisions made, for the record.
fn answers<G: Bots>(name: &str, state: &G) -> usize {
    let over = state.outcome().is_some();
    let mut decided = 0;
    for level in Level::ALL {
        for seed in [1, 2] {
            let mut e = G::Engine::new(state, level, seed);
            let mut step = Step::Thinking;
            for _ in 0..STEPS {
                step = e.step(BUDGET);
                if step != Step::Thinking {
                    break;
                }
            }
            match step {
                Step::NoAction => assert!(over, "{name} {level}: no action in a game going on"),
                Step::Chosen(a) => {
                    assert!(!over, "{name} {level}: {a:?} chosen after the end");
                    assert_eq!(state.check(&a), Ok(()), "{name} {level}: {a:?}");
                    decided += 1;
                }
                Step::Thinking => {
                    assert!(!over, "{name} {level}: still thinking after the end");
                    let a = e
                        .best_so_far()
                        .unwrap_or_else(|| panic!("{name} {level}: no best"));
                    assert_eq!(state.check(&a), Ok(()), "{name} {level}: best so far {a:?}");
                }
            }
            assert_eq!(e.is_finished(), step != Step::Thinking, "{name} {level}");
        }
    }
    // The easy engine always comes to a decision.
    let easy = Player::Engine(Level::Easy).choose(state, 3);
    assert_eq!(easy.is_none(), over, "{name}: easy engine");
    for p in [Player::Greedy, Player::Random] {
        match p.choose(state, 5) {
            Some(a) => assert_eq!(state.check(&a), Ok(()), "{name} {}: {a:?}", p.name()),
            None => assert!(over, "{name} {}: no action in a game going on", p.name()),
        }
    }
    decided
}

fn snelab(text: &str) -> snelab::Position {
    <snelab::Position as Game>::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn snelab_engines_on_odd_courts() {
    for text in [
        // One piece each, one piece left, a side with none.
        "3j3/7/7/7/7/7/3B3 S +a",
        "7/7/7/7/7/7/3B3 N +a",
        "7/7/7/3b3/7/7/7 S -a",
        // The smallest courts.
        "b/B S +a",
        "j/J N -a",
        "1/B S +a",
        // A wide and a tall court, and the largest.
        "bbbbbbbbbbbbbbbb/16/BBBBBBBBBBBBBBBB S +a",
        "j/1/1/1/1/1/1/1/1/1/1/1/1/1/1/J N +a",
        "barjbarjbarjbarj/16/16/16/16/16/16/16/16/16/16/16/16/16/16/BARJBARJBARJBARJ S +a",
        // Crowded, payments everywhere, appeals on and off.
        "3j3/BBBBBBB/BBBBBBB/7/aaaaaaa/7/7 S +a",
        "3j3/BBBBBBB/BBBBBBB/7/aaaaaaa/7/7 N -a",
        // Finished: a piece on its Bench; no legal action.
        "B6/7/7/7/7/7/7 N +a",
        "b/b S +a",
    ] {
        answers(text, &snelab(text));
    }
    // A crowd no case can reach (pieces are never made) would make every payment of five
    // rows of Bailiffs a legal action (24 million of them): the parser refuses it.
    let crowd = format!(
        "16/16/16/{}/{}16/16/16/16/16/16/16 S +a",
        "j".repeat(16),
        "BBBBBBBBBBBBBBBB/".repeat(5)
    );
    assert!(<snelab::Position as Game>::parse_position(&crowd).is_err());
}

fn hive_setup(stacks: &[(Hex, &[Piece])], ply: usize) -> hive::State {
    hive::State::setup(stacks, ply).unwrap_or_else(|e| panic!("{e}"))
}

fn piece(colour: Colour, creature: Creature, n: u8) -> Piece {
    Piece::new(colour, creature, n).unwrap()
}

#[test]
fn hive_engines_on_odd_positions() {
    use Colour::{Ash, Walnut};
    use Creature::{Elder, Fox, Hare, Otter, Owl};
    let game = |text: &str| hive::State::from_game_string(text).unwrap_or_else(|e| panic!("{e}"));
    // A full Owl stack of five: an ash Hare under all four Owls, the Elders beside it.
    let full_stack = [
        piece(Ash, Hare, 1),
        piece(Ash, Owl, 1),
        piece(Walnut, Owl, 1),
        piece(Ash, Owl, 2),
        piece(Walnut, Owl, 2),
    ];
    let full = hive_setup(
        &[
            (Hex::new(0, 0), &full_stack),
            (Hex::new(1, 0), &[piece(Ash, Elder, 1)]),
            (Hex::new(-1, 0), &[piece(Walnut, Elder, 1)]),
        ],
        12,
    );
    assert_eq!(full.board().stack(Hex::new(0, 0)).height(), 5);
    // Every piece on the table in one long line, one ply before the limit.
    let mut line: Vec<(Hex, Vec<Piece>)> = Vec::new();
    for (i, p) in Piece::in_game(hive::GameType::BASE).enumerate() {
        line.push((Hex::new(i as i16 - 11, 0), vec![p]));
    }
    let refs: Vec<(Hex, &[Piece])> = line.iter().map(|(h, p)| (*h, &p[..])).collect();
    let all_out = hive_setup(&refs, hive::PLY_LIMIT - 1);
    // An Elder surrounded but one cell.
    let nearly = hive_setup(
        &[
            (Hex::new(0, 0), &[piece(Walnut, Elder, 1)]),
            (Hex::new(1, 0), &[piece(Ash, Otter, 1)]),
            (Hex::new(0, 1), &[piece(Ash, Otter, 2)]),
            (Hex::new(-1, 1), &[piece(Ash, Fox, 1)]),
            (Hex::new(-1, 0), &[piece(Ash, Elder, 1)]),
            (Hex::new(0, -1), &[piece(Walnut, Hare, 1)]),
            (Hex::new(2, -1), &[piece(Ash, Hare, 1)]),
        ],
        10,
    );
    for (name, state) in [
        ("all pieces in reserve", hive::State::new()),
        (
            "one piece on the table",
            game("Base;InProgress;Black[1];wS1"),
        ),
        ("a full Owl stack", full),
        ("every piece out, at ply 199", all_out),
        ("an Elder nearly surrounded", nearly),
    ] {
        answers(name, &state);
    }
}

fn chess(text: &str) -> chess::State {
    <chess::State as Game>::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn chess_engines_on_odd_positions() {
    for text in [
        // A response window open: black played Restriction on the rook; white may answer.
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 0/0 cancel,seize/balm -/restriction -/- - b:restriction a1/-",
        // A window after Seize, white to answer with its own Seize.
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 0/0 seize/- fury/seize -/- - b:seize -/-",
        // Lone kings, but a card that returns pawns.
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - - 2/0 resurrection,zombie-pawn/- -/- -/- - - -/-",
        // Wounded pieces, Heirs and impassable squares; shields; Scouting.
        "r3k3/1p6/8/3p4/8/5n2/4P3/R3K2R w KQq - 7 20 a1,d5 b7 c4,f6 1/1 balm,fury/trophy cancel/- e2/- wb - -/-",
        // In check with a card to answer; one move from the no-progress draw.
        "4k3/8/8/8/8/8/8/r3K3 w - - 99 80 - - - 0/0 teleport,shield/- -/- -/- - - -/-",
        // Mate and stalemate: the game is over.
        "4k3/8/8/8/8/8/r7/r3K3 w - - 0 1",
        "k7/2R5/1R6/8/8/8/8/4K3 b - - 0 1",
        // The queenless reference start.
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
    ] {
        let state = chess(text);
        answers(text, &state);
        // The engine reads the position as the side to act may see it.
        answers(text, &state.view_for(state.turn()));
    }
}
