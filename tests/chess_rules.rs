//! Artifact Chess rules, part 1, on hand-made positions: one test (or more) per rule of the spec.

use carved_tables::play::{ClockSetting, Match, Refused, Seat};
use carved_tables::rules::Game as _;
use carved_tables::rules::chess::state::Why;
use carved_tables::rules::chess::{
    Action, Artifact, AttemptResult, Colour, Dice, DiceSet, End, Record, Role, RuleError, Square,
    State, last_actor, parse_position, piece_actions,
};

fn pos(text: &str) -> State {
    parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn act(s: &str) -> Action {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn dice(a: &[u8], d: &[u8]) -> Option<Dice> {
    Some(Dice {
        attacker: DiceSet::new(a).unwrap(),
        defender: DiceSet::new(d).unwrap(),
    })
}

fn play(state: &State, action: &str, d: Option<Dice>) -> State {
    state
        .apply_with_dice(&act(action), d)
        .unwrap_or_else(|e| panic!("{action}: {e}"))
        .0
}

fn legal(state: &State) -> Vec<String> {
    state
        .legal_actions()
        .iter()
        .map(|a| a.to_string())
        .collect()
}

const SUCCESS: fn() -> Option<Dice> = || dice(&[6, 6, 6], &[1, 1]);
const WOUND: fn() -> Option<Dice> = || dice(&[1, 1, 1], &[6, 6]);
const MISS: fn() -> Option<Dice> = || dice(&[1, 1, 2], &[2, 2]);

// ---- the board and movement ----

#[test]
fn impassable_squares_block_lines_but_not_knight_jumps() {
    let s = pos("4k3/8/8/8/8/8/8/R3K1N1 w - - 0 1 - - c1,h3,e2 0/0 -/- -/-");
    let moves = legal(&s);
    assert!(moves.contains(&"a1b1".to_string()));
    assert!(!moves.contains(&"a1c1".to_string()), "c1 is impassable");
    assert!(!moves.contains(&"a1d1".to_string()), "no line passes c1");
    assert!(!moves.contains(&"g1h3".to_string()), "nothing lands on h3");
    assert!(moves.contains(&"g1f3".to_string()));
    assert!(
        !moves.contains(&"e1e2".to_string()),
        "the king lands on no impassable square"
    );
    // A knight jumps over an impassable square next to it.
    let s = pos("4k3/8/8/8/8/8/4K3/6N1 w - - 0 1 - - f1,g2,h1,f2,h2 0/0 -/- -/-");
    assert!(legal(&s).contains(&"g1f3".to_string()));
    assert!(legal(&s).contains(&"g1h3".to_string()));
}

#[test]
fn impassable_squares_block_check_lines() {
    // The rook's line to the king passes e4, which is impassable: no check.
    let s = pos("4r3/8/8/8/8/8/8/4K2k w - - 0 1 - - e4 0/0 -/- -/-");
    assert!(!s.in_check());
    let s = pos("4r3/8/8/8/8/8/8/4K2k w - - 0 1");
    assert!(s.in_check());
}

#[test]
fn promotion_is_to_rook_bishop_or_knight_only() {
    let s = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let promos: Vec<String> = legal(&s)
        .into_iter()
        .filter(|m| m.starts_with("b7b8"))
        .collect();
    assert_eq!(promos, ["b7b8r", "b7b8b", "b7b8n"]);
    assert!(
        s.apply(&act("b7b8")).is_err(),
        "a pawn on the last rank must promote"
    );
    let after = play(&s, "b7b8n", None);
    assert_eq!(after.board().get(sq("b8")).unwrap().role, Role::Knight);
}

#[test]
fn castling_from_the_classical_squares_only() {
    let s = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let moves = legal(&s);
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
    let after = play(&s, "e1g1", None);
    assert_eq!(after.board().get(sq("f1")).unwrap().role, Role::Rook);
    assert_eq!(after.board().get(sq("g1")).unwrap().role, Role::King);
    // Not through an attacked square (f1 attacked by the rook on f8).
    let s = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&s).contains(&"e1g1".to_string()));
    assert!(legal(&s).contains(&"e1c1".to_string()));
    // Not across an impassable square.
    let s = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 - - b1 0/0 -/- -/-");
    assert!(!legal(&s).contains(&"e1c1".to_string()));
    // Not out of check.
    let s = pos("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1");
    assert!(!legal(&s).contains(&"e1c1".to_string()));
    // After the rook moved, the right is gone.
    let s = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let s = play(&play(&s, "h1h2", None), "e8d8", None);
    let s = play(&play(&s, "h2h1", None), "d8e8", None);
    assert!(!legal(&s).contains(&"e1g1".to_string()));
    assert!(legal(&s).contains(&"e1c1".to_string()));
}

#[test]
fn en_passant_right_after_a_two_square_move_and_by_dice() {
    let s = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    let s = play(&s, "d7d5", None);
    assert_eq!(s.en_passant(), Some(sq("d6")));
    assert!(legal(&s).contains(&"e5xd6".to_string()));
    // The piece attacked is the pawn passed by, on d5 (the table names it).
    let (at, victim) = s.attempt_defender(&act("e5xd6")).unwrap();
    assert_eq!(at, sq("d5"));
    assert_eq!((victim.colour, victim.role), (Colour::Black, Role::Pawn));
    assert_eq!(
        s.attempt_defender(&act("e1e2")),
        None,
        "a move attacks nobody"
    );
    let odds = s.attempt_odds(&act("e5xd6")).unwrap();
    assert_eq!(
        odds.total,
        6u64.pow(5),
        "en passant is an attempt like any other"
    );
    // Failing: the pawn on d5 is wounded, nothing moves.
    let failed = play(&s, "e5xd6", WOUND());
    assert!(failed.board().get(sq("d5")).unwrap().wounded);
    assert!(failed.board().get(sq("e5")).is_some());
    // Succeeding: the d5 pawn leaves for black's reserve.
    let won = play(&s, "e5xd6", SUCCESS());
    assert!(won.board().get(sq("d5")).is_none());
    assert_eq!(won.board().get(sq("d6")).unwrap().colour, Colour::White);
    assert_eq!(won.reserve(Colour::Black), 1);
    // One action later the chance is gone.
    let s = play(&play(&s, "e1e2", None), "e8e7", None);
    assert!(!legal(&s).contains(&"e5xd6".to_string()));
}

// ---- combat ----

#[test]
fn attempts_succeed_wound_or_miss_and_use_the_action() {
    let s = pos("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1");
    let won = play(&s, "e4xd6", SUCCESS());
    assert_eq!(won.board().get(sq("d6")).unwrap().role, Role::Knight);
    assert!(won.board().get(sq("e4")).is_none());
    assert_eq!(won.turn(), Colour::Black);
    assert_eq!(won.reserve(Colour::Black), 1);

    let wounded = play(&s, "e4xd6", WOUND());
    assert!(wounded.board().get(sq("d6")).unwrap().wounded);
    assert!(!wounded.board().get(sq("e4")).unwrap().wounded);
    assert_eq!(wounded.turn(), Colour::Black);
    assert_eq!(wounded.quiet_actions(), 0, "a wound is progress");

    let missed = play(&s, "e4xd6", MISS());
    assert_eq!(missed.board(), s.board());
    assert_eq!(missed.turn(), Colour::Black, "a miss uses the action too");
    assert_eq!(missed.quiet_actions(), 1, "a miss is no progress");
}

#[test]
fn dice_counts_follow_the_wounds() {
    // Healthy attacker 3d6 vs healthy defender 2d6.
    let s = pos("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1");
    let c = s.attempt_dice(&act("e4xd6")).unwrap();
    assert_eq!((c.attacker, c.defender), (3, 2));
    // A wounded attacker rolls 1d6.
    let s = pos("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1 e4 - - 0/0 -/- -/-");
    let c = s.attempt_dice(&act("e4xd6")).unwrap();
    assert_eq!((c.attacker, c.defender), (1, 2));
    assert_eq!(
        s.attempt_odds(&act("e4xd6"))
            .unwrap()
            .of(AttemptResult::Success)
            .to_string(),
        "5/54"
    );
    assert!(matches!(
        s.apply_with_dice(&act("e4xd6"), SUCCESS()),
        Err(RuleError::DiceMismatch { .. })
    ));
    // A wounded defender dies without rolls, whatever the attacker.
    let s = pos("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1 e4,d6 - - 0/0 -/- -/-");
    let c = s.attempt_dice(&act("e4xd6")).unwrap();
    assert_eq!(c.defender, 0);
    let (after, record) = s.apply(&act("e4xd6")).unwrap();
    assert_eq!(record.result, Some(AttemptResult::Success));
    assert_eq!(record.dice, None);
    assert_eq!(after.dice_rng(), s.dice_rng(), "no dice were rolled");
    assert_eq!(after.board().get(sq("d6")).unwrap().role, Role::Knight);
}

#[test]
fn a_wound_survives_promotion() {
    let s = pos("2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1 b7 - - 0/0 -/- -/-");
    let moved = play(&s, "b7b8r", None);
    let p = moved.board().get(sq("b8")).unwrap();
    assert_eq!(p.role, Role::Rook);
    assert!(p.wounded);
    let s = pos("2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1 b7 - - 0/0 -/- -/-");
    let won = play(&s, "b7xc8b", dice(&[6], &[1, 1]));
    let p = won.board().get(sq("c8")).unwrap();
    assert_eq!((p.role, p.wounded), (Role::Bishop, true));
}

#[test]
fn the_king_is_never_a_target() {
    // The black king stands next to the white rook's line but is never attempted.
    let s = pos("8/8/8/8/8/8/k7/R3K3 b - - 0 1");
    assert!(
        s.legal_actions()
            .iter()
            .all(|a| !a.is_attempt() || a.to() != Some(sq("e1")))
    );
    let s = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(
        s.legal_actions()
            .iter()
            .all(|a| a.to() != Some(sq("e8")) || !a.is_attempt())
    );
    assert!(s.apply(&act("a1xa8")).is_err());
}

#[test]
fn the_king_attacks_as_a_healthy_piece() {
    let s = pos("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    let c = s.attempt_dice(&act("e1xd2")).unwrap();
    assert_eq!((c.attacker, c.defender), (3, 2));
}

// ---- healing ----

#[test]
fn the_king_heals_an_adjacent_friend_as_its_action() {
    let s = pos("4k3/8/8/8/8/8/3N4/4K3 w - - 5 1 d2 - - 0/0 -/- -/-");
    assert!(legal(&s).contains(&"heal e1d2".to_string()));
    let healed = play(&s, "heal e1d2", None);
    assert!(!healed.board().get(sq("d2")).unwrap().wounded);
    assert_eq!(healed.turn(), Colour::Black, "a heal uses the action");
    assert_eq!(healed.quiet_actions(), 0, "a heal is progress");
    // Not a piece two squares away, not an enemy, not a healthy piece.
    let s = pos("4k3/8/8/8/8/2N5/3p4/4K3 w - - 0 1 c3,d2 - - 0/0 -/- -/-");
    assert!(!legal(&s).iter().any(|a| a.starts_with("heal")));
    // Not while in check (it would leave the king in check).
    let s = pos("4r1k1/8/8/8/8/8/3N4/4K3 w - - 0 1 d2 - - 0/0 -/- -/-");
    assert!(!legal(&s).contains(&"heal e1d2".to_string()));
    assert!(matches!(
        s.apply(&act("heal e1d2")),
        Err(RuleError::Illegal { .. })
    ));
    // Only the king heals.
    let s = pos("4k3/8/8/8/8/8/2NN4/4K3 w - - 0 1 d2 - - 0/0 -/- -/-");
    assert!(s.apply(&act("heal c2d2")).is_err());
}

#[test]
fn piece_actions_show_destinations_attempts_and_heals() {
    let s = pos("4k3/8/8/8/8/2p5/3N4/4K3 w - - 0 1 d2 - - 0/0 -/- -/-");
    let knight = piece_actions(&s, sq("d2"));
    assert!(knight.moves.iter().any(|a| a.to() == Some(sq("f3"))));
    assert_eq!(
        knight.attempts.len(),
        0,
        "a knight on d2 does not attack c3"
    );
    let king = piece_actions(&s, sq("e1"));
    assert_eq!(king.heals, vec![act("heal e1d2")]);
    let s = pos("4k3/8/8/8/8/2p5/8/1N2K3 w - - 0 1 b1 - - 0/0 -/- -/-");
    let knight = piece_actions(&s, sq("b1"));
    let (a, odds) = knight.attempts[0];
    assert_eq!(a, act("b1xc3"));
    assert_eq!(odds.of(AttemptResult::Wound).to_string(), "181/216");
    assert!(knight.targets().contains(&sq("c3")));
    assert!(
        piece_actions(&s, sq("c3")).targets().is_empty(),
        "not white's piece"
    );
}

// ---- check ----

#[test]
fn no_action_leaves_the_own_king_in_check() {
    // The bishop on e2 is pinned by the rook on e8.
    let s = pos("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
    assert!(!legal(&s).iter().any(|m| m.starts_with("e2")));
    assert!(matches!(
        s.apply(&act("e2d3")),
        Err(RuleError::Illegal { why, .. }) if why == Why::LeavesKingInCheck
    ));
    // A pinned rook may attempt the pinning rook: success keeps the king safe.
    let s = pos("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1");
    assert!(legal(&s).contains(&"e2xe8".to_string()));
    assert!(!legal(&s).contains(&"e2d2".to_string()));
}

#[test]
fn a_failed_attempt_on_the_checking_piece_lets_the_same_player_act_again() {
    // Black rook e8 checks the white king on e1; the white rook on a8 can attempt it.
    let s = pos("R3r1k1/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(s.in_check());
    assert!(legal(&s).contains(&"a8xe8".to_string()));
    let failed = play(&s, "a8xe8", WOUND());
    assert_eq!(
        failed.turn(),
        Colour::White,
        "still in check: white acts again"
    );
    assert!(failed.board().get(sq("e8")).unwrap().wounded);
    assert_eq!(failed.fullmove(), s.fullmove());
    // The wounded rook now dies without rolls; the check is resolved and the turn passes.
    let done = play(&failed, "a8xe8", None);
    assert_eq!(done.turn(), Colour::Black);
    // A failed attempt that is not about a check passes the turn as usual.
    let s = pos("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1");
    assert_eq!(play(&s, "e4xd6", MISS()).turn(), Colour::Black);
}

#[test]
fn mate_and_stalemate() {
    let s = pos("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        s.end(),
        Some(End::Mate {
            winner: Colour::White
        })
    );
    assert!(s.legal_actions().is_empty());
    assert!(matches!(s.apply(&act("g8h8")), Err(RuleError::GameOver(_))));
    let s = pos("k7/2K5/1P6/8/8/8/8/8 b - - 0 1");
    assert_eq!(s.end(), Some(End::Stalemate));
    // Only a heal left is still an action: no stalemate. (The white king on a1 is boxed in by
    // impassable squares; the knight on b1 is wounded and stuck behind them.)
    let s = pos("7k/8/8/8/8/8/8/KN6 w - - 0 1 b1 - a2,b2,c2,c3,d2,a3 0/0 -/- -/-");
    let actions = legal(&s);
    assert!(actions.contains(&"heal a1b1".to_string()), "{actions:?}");
    assert_eq!(s.end(), None);
}

// ---- draws ----

#[test]
fn two_lone_kings_draw_unless_a_card_returns_pawns() {
    let s = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(s.end(), Some(End::BareKings));
    let s = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - - 0/1 -/resurrection -/-");
    assert_eq!(s.end(), None);
    assert!(Artifact::ZombiePawn.returns_pawns());
    let s = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - - 0/0 balm/fury -/-");
    assert_eq!(s.end(), Some(End::BareKings));
    // Reached by play: the last piece taken.
    let s = pos("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    assert_eq!(play(&s, "e1xd2", SUCCESS()).end(), Some(End::BareKings));
}

#[test]
fn the_same_position_a_third_time_draws() {
    let mut s = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let shuffle = ["a1a2", "e8d8", "a2a1", "d8e8"];
    for (i, m) in shuffle.iter().chain(shuffle.iter()).enumerate() {
        assert_eq!(s.end(), None, "after {i} actions");
        s = play(&s, m, None);
    }
    assert_eq!(s.end(), Some(End::Repetition));
}

#[test]
fn a_hundred_actions_without_progress_draw() {
    let s = pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(s.end(), None);
    let after = play(&s, "a1b1", None);
    assert_eq!(after.quiet_actions(), 100);
    assert_eq!(after.end(), Some(End::NoProgress));
    // A pawn move resets the count.
    let s = pos("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
    assert_eq!(play(&s, "a2a3", None).quiet_actions(), 0);
    assert_eq!(play(&s, "a2a3", None).end(), None);
}

// ---- history and undo ----

/// A match between two people at one device: the history and undo of a game.
fn game(start: State) -> Match<State> {
    Match::new(
        start,
        [Seat::Person, Seat::Person],
        ClockSetting::default(),
        0,
    )
}

fn submit(game: &mut Match<State>, text: &str) -> Result<Record, Refused<State>> {
    let side = game.state().to_move();
    game.submit(side, act(text)).map(|p| p.record)
}

#[test]
fn undo_restores_everything_including_the_dice() {
    let start = pos("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1").with_dice_seed(99);
    let mut game = game(start.clone());
    let first = submit(&mut game, "e4xd6").unwrap();
    let after_first = game.state().clone();
    game.take_back(1).unwrap();
    assert_eq!(game.state(), &start);
    let again = submit(&mut game, "e4xd6").unwrap();
    assert_eq!(
        again.dice, first.dice,
        "the same attempt rolls the same dice"
    );
    assert_eq!(game.state(), &after_first);
    assert!(game.take_back(1).is_ok());
    assert!(game.take_back(1).is_err(), "nothing before the start");
}

#[test]
fn viewing_back_and_forward_changes_nothing() {
    let start = pos("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1");
    let mut game = game(start.clone());
    for m in ["a2a4", "e8d8", "a1b1"] {
        submit(&mut game, m).unwrap();
    }
    let latest = game.state().clone();
    let shown = game.after(1).unwrap();
    assert_eq!(shown.board().get(sq("a4")).unwrap().role, Role::Pawn);
    let step = &game.course()[0];
    assert_eq!(
        last_actor(game.after(0).unwrap(), &step.record, &step.after),
        Some(sq("a4"))
    );
    assert_eq!(game.state(), &latest);
    assert_eq!(
        game.after(0),
        Some(&start),
        "the start is the first position"
    );
    assert_eq!(game.after(3), Some(&latest));
    assert_eq!(game.after(4), None, "nothing past the game");
    assert_eq!(game.course().len(), 3);
    assert_eq!(game.course()[0].record.actor, Colour::White);
}

#[test]
fn refused_actions_change_nothing_and_say_why() {
    let mut game = game(pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    let before = game.clone();
    assert!(matches!(
        submit(&mut game, "a2a3"),
        Err(Refused::Rule(RuleError::Illegal { why, .. })) if why == Why::EmptySquare
    ));
    assert!(matches!(
        game.submit(Colour::White, act("e8d8")),
        Err(Refused::Rule(RuleError::Illegal { why, .. })) if why == Why::OtherSidesPiece
    ));
    assert!(submit(&mut game, "a1b2").is_err());
    assert_eq!(game, before);
    assert!(game.course().is_empty());
}

#[test]
fn games_and_states_serialise() {
    let mut game = game(pos(
        "4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1 - - c4 1/0 balm/- -/fury",
    ));
    submit(&mut game, "e4xd6").unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let back: Match<State> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.course().len(), 1, "the course is rebuilt on reading");
    assert_eq!(back.course()[0].record, game.course()[0].record);
}

#[test]
fn positions_round_trip_through_play() {
    let s = pos("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1");
    let s = play(&s, "e4xd6", WOUND());
    let text = s.to_string();
    assert_eq!(
        text,
        "4k3/8/3p4/8/4N3/8/8/4K3 b - - 0 1 d6 - - 0/0 -/- -/- -/- - - -/-"
    );
    assert_eq!(pos(&text).to_string(), text);
}
