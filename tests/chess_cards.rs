//! Artifact Chess part 2: each artifact played so far — a legal use with its exact effect, and a
//! case where it may not be played.

use carved_tables::rules::chess::state::Why;
use carved_tables::rules::chess::{
    Action, Artifact, ArtifactSet, CardChance, Colour, Dice, DiceSet, End, Play, Role, RuleError,
    Square, State, Window, card_actions, card_chances, parse_position,
};

/// A position with white holding `hand` (and black nothing).
fn with_hand(fen: &str, extra: &str, hand: &str) -> State {
    let text = format!("{fen} {extra} 0/0 {hand}/- -/-");
    parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn act(s: &str) -> Action {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn legal(state: &State) -> Vec<String> {
    state
        .legal_actions()
        .iter()
        .map(|a| a.to_string())
        .collect()
}

fn play(state: &State, action: &str, dice: Option<Dice>) -> State {
    state
        .apply_with_dice(&act(action), dice)
        .unwrap_or_else(|e| panic!("{action}: {e}"))
        .0
}

fn dice(a: &[u8], d: &[u8]) -> Option<Dice> {
    Some(Dice {
        attacker: DiceSet::new(a).unwrap(),
        defender: DiceSet::new(d).unwrap(),
    })
}

fn spent(before: &State, after: &State, card: Artifact) {
    assert!(before.hand(Colour::White).contains(card));
    assert!(
        !after.hand(Colour::White).contains(card),
        "{card} stays in the hand"
    );
    assert_eq!(after.played(Colour::White).last(), Some(&card));
    assert_eq!(after.quiet_actions(), 0, "a card play is progress");
}

const K: &str = "4k3/8/8/8/8/8/P7/4K3 w - - 7 1";

#[test]
fn card_actions_round_trip_in_notation() {
    for text in [
        "file-shift e2d2",
        "teleport e2xe4",
        "teleport b6b8n",
        "acceleration e3e5",
        "knights-leap c1d3",
        "fury e4xd5",
        "statue e4",
        "balm d2",
        "scouting",
        "kings-stride e1e2xd3",
        "kings-stride e1f2g2",
        "mass-attack",
        "mass-attack br,gn",
        "explosive-ram d4",
        "zombie-pawn",
        "trophy",
    ] {
        assert_eq!(act(text).to_string(), text);
    }
    for bad in [
        "balm",
        "balm d9",
        "scouting e4",
        "teleport e2",
        "fury e4xd5q",
        "seize",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
}

#[test]
fn a_card_not_in_hand_cannot_be_played() {
    let s = with_hand("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1", "d2 - -", "-");
    assert!(matches!(
        s.apply(&act("balm d2")),
        Err(RuleError::Illegal { why, .. }) if why == Why::NotInHand
    ));
}

#[test]
fn file_shift_steps_sideways_onto_an_empty_square_only() {
    let s = with_hand("4k3/8/8/8/8/8/3NP3/4K3 w - - 0 1", "- - -", "file-shift");
    let moves = legal(&s);
    assert!(moves.contains(&"file-shift d2c2".to_string()));
    assert!(
        !moves.contains(&"file-shift d2e2".to_string()),
        "e2 is taken"
    );
    let after = play(&s, "file-shift d2c2", None);
    assert_eq!(after.board().get(sq("c2")).unwrap().role, Role::Knight);
    spent(&s, &after, Artifact::FileShift);
    // Never onto an enemy.
    let s = with_hand("4k3/8/8/8/8/8/3Np3/4K3 w - - 0 1", "- - -", "file-shift");
    assert!(
        !legal(&s)
            .iter()
            .any(|m| m.starts_with("file-shift d2xe2") || m == "file-shift d2e2")
    );
}

#[test]
fn teleport_jumps_two_king_steps_and_may_attack() {
    let s = with_hand("4k3/8/8/8/2p5/8/N7/4K3 w - - 0 1", "- - b3", "teleport");
    let moves = legal(&s);
    assert!(
        !moves.contains(&"teleport a2c4".to_string()),
        "an enemy square is an attack"
    );
    assert!(moves.contains(&"teleport a2xc4".to_string()));
    assert!(
        moves.contains(&"teleport a2a4".to_string()),
        "jumps over anything"
    );
    assert!(
        !moves.contains(&"teleport a2b3".to_string()),
        "never onto an impassable square"
    );
    assert!(
        !moves.contains(&"teleport a2a5".to_string()),
        "three steps is too far"
    );
    assert!(
        !moves.iter().any(|m| m.starts_with("teleport e1")),
        "not the king"
    );
    let won = play(&s, "teleport a2xc4", dice(&[6, 6, 6], &[1, 1]));
    assert_eq!(won.board().get(sq("c4")).unwrap().role, Role::Knight);
    spent(&s, &won, Artifact::Teleport);
    // The card is spent even when the roll fails.
    let failed = play(&s, "teleport a2xc4", dice(&[1, 1, 1], &[6, 6]));
    assert!(failed.board().get(sq("c4")).unwrap().wounded);
    assert!(failed.board().get(sq("a2")).is_some());
    spent(&s, &failed, Artifact::Teleport);
}

#[test]
fn acceleration_moves_a_pawn_two_squares_from_any_rank_and_allows_en_passant() {
    let s = with_hand("4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1", "- - -", "acceleration");
    assert!(legal(&s).contains(&"acceleration e3e5".to_string()));
    let after = play(&s, "acceleration e3e5", None);
    assert_eq!(after.en_passant(), Some(sq("e4")));
    spent(&s, &after, Artifact::Acceleration);
    assert!(
        legal(&after).contains(&"d5xe4".to_string()),
        "en passant right after"
    );
    // Blocked when either square is taken or impassable.
    let s = with_hand("4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1", "- - -", "acceleration");
    assert!(!legal(&s).iter().any(|m| m.starts_with("acceleration")));
    let s = with_hand("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "- - e4", "acceleration");
    assert!(!legal(&s).iter().any(|m| m.starts_with("acceleration")));
    // It may promote.
    let s = with_hand("k7/8/1P6/8/8/8/8/4K3 w - - 0 1", "- - -", "acceleration");
    assert!(legal(&s).contains(&"acceleration b6b8n".to_string()));
}

#[test]
fn knights_leap_moves_a_non_king_piece_as_a_knight() {
    let s = with_hand("4k3/8/8/8/8/3p4/8/R3K3 w - - 0 1", "- - b2", "knights-leap");
    let moves = legal(&s);
    assert!(moves.contains(&"knights-leap a1b3".to_string()));
    assert!(moves.contains(&"knights-leap a1c2".to_string()));
    assert!(
        !moves.iter().any(|m| m.starts_with("knights-leap e1")),
        "not the king"
    );
    let s = with_hand("4k3/8/8/8/8/8/2p5/R3K3 w - - 0 1", "- - -", "knights-leap");
    assert!(legal(&s).contains(&"knights-leap a1xc2".to_string()));
    let after = play(&s, "knights-leap a1xc2", dice(&[6, 6, 6], &[1, 1]));
    assert_eq!(after.board().get(sq("c2")).unwrap().role, Role::Rook);
}

#[test]
fn fury_adds_one_attacker_die() {
    let s = with_hand("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1", "- - -", "fury");
    let c = s.attempt_dice(&act("fury e4xd6")).unwrap();
    assert_eq!((c.attacker, c.defender), (4, 2));
    let s = with_hand("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1", "e4 - -", "fury");
    let c = s.attempt_dice(&act("fury e4xd6")).unwrap();
    assert_eq!((c.attacker, c.defender), (2, 2));
    let odds = s.attempt_odds(&act("fury e4xd6")).unwrap();
    assert_eq!(odds.total, 6u64.pow(4));
    // Only where a normal attempt is possible.
    assert!(!legal(&s).contains(&"fury e4xd5".to_string()));
    let after = play(&s, "fury e4xd6", dice(&[6, 6], &[1, 1]));
    spent(&s, &after, Artifact::Fury);
}

#[test]
fn statue_turns_a_pawn_to_stone_without_a_reserve() {
    let s = with_hand("4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1", "- - -", "statue");
    let after = play(&s, "statue d5", None);
    assert!(after.board().get(sq("d5")).is_none());
    assert!(after.board().is_impassable(sq("d5")));
    assert_eq!(after.reserve(Colour::Black), 0);
    spent(&s, &after, Artifact::Statue);
    assert!(
        legal(&s).contains(&"statue e2".to_string()),
        "either colour"
    );
    assert!(!legal(&s).contains(&"statue e1".to_string()), "only pawns");
    // The stone still blocks the line it stood on: no discovered check.
    let s = with_hand("4r1k1/8/8/8/8/8/4P3/4K3 w - - 0 1", "- - -", "statue");
    let after = play(&s, "statue e2", None);
    assert!(!after.board().is_free(sq("e2")));
    assert!(!after.in_check() && after.turn() == Colour::Black);
    // Not while it leaves the own king in check.
    let s = with_hand("4r1k1/8/8/8/8/8/P7/4K3 w - - 0 1", "- - -", "statue");
    assert!(s.in_check());
    assert!(!legal(&s).contains(&"statue a2".to_string()));
}

#[test]
fn heir_attacks_on_all_four_diagonals_and_loses_it_on_promotion() {
    let s = with_hand("4k3/8/8/8/2p5/3P4/8/4K3 w - - 0 1", "- - -", "heir");
    let after = play(&s, "heir d3", None);
    assert!(after.board().get(sq("d3")).unwrap().heir);
    spent(&s, &after, Artifact::Heir);
    // Backward attacks, and they give check.
    let s = parse_position("8/8/8/8/8/3P4/2n1k3/7K w - - 0 1 - d3 - 0/0 -/- -/-").unwrap();
    assert!(legal(&s).contains(&"d3xc2".to_string()));
    let s = parse_position("8/8/8/8/8/3P4/4k3/K7 b - - 0 1 - d3 - 0/0 -/- -/-").unwrap();
    assert!(s.in_check(), "the Heir checks backwards");
    let s = parse_position("7k/1P6/8/8/8/8/8/K7 w - - 0 1 - b7 - 0/0 -/- -/-").unwrap();
    let after = play(&s, "b7b8r", None);
    assert!(!after.board().get(sq("b8")).unwrap().heir);
    // Not on a piece that is not a pawn, nor twice.
    let s = with_hand("4k3/8/8/8/8/3P4/8/R3K3 w - - 0 1", "- d3 -", "heir");
    assert!(!legal(&s).iter().any(|m| m.starts_with("heir")));
}

#[test]
fn resurrection_returns_a_pawn_to_the_pawn_rank() {
    let text = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 - - c2 1/0 resurrection/- -/-";
    let s = parse_position(text).unwrap();
    let moves = legal(&s);
    assert!(moves.contains(&"resurrection a2".to_string()));
    assert!(!moves.contains(&"resurrection e2".to_string()), "taken");
    assert!(
        !moves.contains(&"resurrection c2".to_string()),
        "impassable"
    );
    let after = play(&s, "resurrection a2", None);
    let p = after.board().get(sq("a2")).unwrap();
    assert_eq!(
        (p.role, p.colour, p.wounded, p.heir),
        (Role::Pawn, Colour::White, false, false)
    );
    assert_eq!(after.reserve(Colour::White), 0);
    spent(&s, &after, Artifact::Resurrection);
    // Not with an empty reserve.
    let s = with_hand("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "- - -", "resurrection");
    assert!(!legal(&s).iter().any(|m| m.starts_with("resurrection")));
}

#[test]
fn barricade_and_demolition() {
    let s = with_hand(K, "- - -", "barricade,demolition");
    let moves = legal(&s);
    assert!(moves.contains(&"barricade d4".to_string()));
    assert!(
        !moves.contains(&"barricade a1".to_string()),
        "not on a home rank"
    );
    assert!(
        !moves.contains(&"barricade e2".to_string()),
        "not next to a king"
    );
    assert!(
        !moves.contains(&"barricade d7".to_string()),
        "not next to the other king"
    );
    assert!(
        !moves.iter().any(|m| m.starts_with("demolition")),
        "nothing to clear"
    );
    let after = play(&s, "barricade d4", None);
    assert!(after.board().is_impassable(sq("d4")));
    spent(&s, &after, Artifact::Barricade);
    let s = with_hand(K, "- - d4", "demolition");
    let after = play(&s, "demolition d4", None);
    assert!(!after.board().is_impassable(sq("d4")));
    spent(&s, &after, Artifact::Demolition);
    // Not if clearing it opens a line onto the own king.
    let s = with_hand("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1", "- - e4", "demolition");
    assert!(!s.in_check());
    assert!(!legal(&s).contains(&"demolition e4".to_string()));
}

#[test]
fn balm_heals_an_own_piece_anywhere() {
    let s = with_hand("4k3/8/8/R7/8/8/8/4K3 w - - 0 1", "a5 - -", "balm");
    let after = play(&s, "balm a5", None);
    assert!(!after.board().get(sq("a5")).unwrap().wounded);
    spent(&s, &after, Artifact::Balm);
    let s = with_hand("4k3/8/8/r7/8/8/R7/4K3 w - - 0 1", "a5 - -", "balm");
    assert!(
        !legal(&s).iter().any(|m| m.starts_with("balm")),
        "not an enemy, not a healthy piece"
    );
}

#[test]
fn poison_dart_wounds_an_attacked_enemy_without_dice() {
    let s = with_hand("4k3/8/8/r6n/8/8/8/R3K3 w - - 0 1", "- - -", "poison-dart");
    let moves = legal(&s);
    assert!(moves.contains(&"poison-dart a5".to_string()));
    assert!(
        !moves.contains(&"poison-dart h5".to_string()),
        "not attacked"
    );
    assert!(
        !moves.contains(&"poison-dart e8".to_string()),
        "never the king"
    );
    let (after, record) = s.apply(&act("poison-dart a5")).unwrap();
    assert!(after.board().get(sq("a5")).unwrap().wounded);
    assert_eq!(record.dice, None);
    assert_eq!(after.dice_rng(), s.dice_rng());
    spent(&s, &after, Artifact::PoisonDart);
    let s = with_hand("4k3/8/8/r7/8/8/8/R3K3 w - - 0 1", "a5 - -", "poison-dart");
    assert!(
        !legal(&s).contains(&"poison-dart a5".to_string()),
        "already wounded"
    );
}

#[test]
fn shield_strengthens_the_defender_until_the_owners_next_turn() {
    let s = with_hand("4k3/8/3n4/8/8/8/8/4K2R w - - 0 1", "- - -", "shield");
    assert!(
        !legal(&s).contains(&"shield e1".to_string()),
        "not the king"
    );
    let shielded = play(&s, "shield h1", None);
    assert_eq!(shielded.shield(Colour::White), Some(sq("h1")));
    spent(&s, &shielded, Artifact::Shield);
    let s = parse_position("4k2r/8/8/8/8/8/8/4K2R w - - 0 1 - - - 0/0 shield/- -/-").unwrap();
    let shielded = play(&s, "shield h1", None);
    let c = shielded.attempt_dice(&act("h8xh1")).unwrap();
    assert_eq!((c.attacker, c.defender), (3, 3));
    let s = parse_position("4k2r/8/8/8/8/8/8/4K2R w - - 0 1 h1 - - 0/0 shield/- -/-").unwrap();
    let shielded = play(&s, "shield h1", None);
    let c = shielded.attempt_dice(&act("h8xh1")).unwrap();
    assert_eq!(
        (c.attacker, c.defender),
        (3, 1),
        "a wounded shielded piece rolls 1d6"
    );
    // Gone when white's turn comes again.
    let later = play(&shielded, "e8d8", None);
    assert_eq!(later.shield(Colour::White), None);
}

#[test]
fn scouting_reveals_the_other_hand() {
    let s = with_hand(K, "- - -", "scouting");
    let after = play(&s, "scouting", None);
    assert!(after.scouted(Colour::White));
    assert!(!after.scouted(Colour::Black));
    spent(&s, &after, Artifact::Scouting);
}

#[test]
fn cards_count_for_mate_and_leave_no_king_in_check() {
    let mate = "6k1/8/8/8/8/8/5PPP/4r1K1 w - - 0 1";
    assert_eq!(
        parse_position(mate).unwrap().end(),
        Some(End::Mate {
            winner: Colour::Black
        })
    );
    // A barricade may not stand on a home rank or by a king, a balm heals nothing: still mate.
    let s = with_hand(mate, "- - -", "barricade,balm");
    assert!(matches!(s.end(), Some(End::Mate { .. })));
    // A teleported pawn can block on f1 or attempt the rook: no mate, and nothing else is legal.
    let s = with_hand(mate, "- - -", "teleport");
    assert_eq!(s.end(), None);
    let moves = legal(&s);
    assert!(moves.contains(&"teleport f2f1".to_string()), "{moves:?}");
    assert!(moves.contains(&"teleport f2xe1".to_string()), "{moves:?}");
    assert!(
        !moves.contains(&"teleport f2f3".to_string()),
        "it would leave the king in check"
    );
    assert!(moves.iter().all(|m| m.starts_with("teleport")), "{moves:?}");
}

#[test]
fn a_failed_card_attempt_in_check_keeps_the_turn() {
    let s = with_hand("6k1/8/8/8/8/8/5PPP/4r1K1 w - - 0 1", "- - -", "teleport");
    let failed = play(&s, "teleport f2xe1", dice(&[1, 1, 1], &[6, 6]));
    assert_eq!(
        failed.turn(),
        Colour::White,
        "still in check: white acts again"
    );
    assert!(failed.board().get(sq("e1")).unwrap().wounded);
    spent(&s, &failed, Artifact::Teleport);
    assert_eq!(
        failed.end(),
        Some(End::Mate {
            winner: Colour::Black
        }),
        "no card left to answer the check"
    );
}

#[test]
fn the_view_of_one_side_hides_the_other_hand_until_scouting() {
    let s =
        parse_position("4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - - 0/0 balm,scouting/fury -/-").unwrap();
    assert!(s.view_for(Colour::White).hand(Colour::Black).is_empty());
    assert_eq!(
        s.view_for(Colour::White).hand(Colour::White),
        s.hand(Colour::White)
    );
    let after = play(&s, "scouting", None);
    assert!(
        after
            .view_for(Colour::White)
            .hand(Colour::Black)
            .contains(Artifact::Fury)
    );
    assert!(after.view_for(Colour::Black).hand(Colour::White).is_empty());
}

#[test]
fn kings_stride_two_steps_never_through_or_into_check() {
    let s = with_hand("4k3/8/8/8/8/3r4/8/4K3 w - - 0 1", "- - -", "kings-stride");
    let moves = legal(&s);
    assert!(
        moves.contains(&"kings-stride e1f2g2".to_string()),
        "{moves:?}"
    );
    assert!(
        moves.contains(&"kings-stride e1e2xd3".to_string()),
        "{moves:?}"
    );
    assert!(
        !moves.contains(&"kings-stride e1e2e3".to_string()),
        "it would end in check"
    );
    let after = play(&s, "kings-stride e1f2g2", None);
    assert_eq!(after.board().get(sq("g2")).unwrap().role, Role::King);
    spent(&s, &after, Artifact::KingsStride);
    // A failed attack leaves the king on its first step.
    let failed = play(&s, "kings-stride e1e2xd3", dice(&[1, 1, 1], &[6, 6]));
    assert_eq!(failed.board().get(sq("e2")).unwrap().role, Role::King);
    assert!(failed.board().get(sq("d3")).unwrap().wounded);
    let won = play(&s, "kings-stride e1e2xd3", dice(&[6, 6, 6], &[1, 1]));
    assert_eq!(won.board().get(sq("d3")).unwrap().role, Role::King);
    // Not through an attacked square, not onto one.
    let s = with_hand("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "- - -", "kings-stride");
    let moves = legal(&s);
    assert!(
        !moves.iter().any(|m| m.starts_with("kings-stride e1e2")),
        "e2 is attacked"
    );
    assert!(!moves.iter().any(|m| m.ends_with("d2") || m.ends_with("f2")));
    assert!(moves.contains(&"kings-stride e1f1g1".to_string()));
}

#[test]
fn mass_attack_advances_every_free_pawn_with_a_promotion_each() {
    let s = with_hand(
        "4k3/1P4P1/8/8/8/3p4/3PP3/4K3 w - - 0 1",
        "- - -",
        "mass-attack",
    );
    let moves: Vec<String> = legal(&s)
        .into_iter()
        .filter(|m| m.starts_with("mass-attack"))
        .collect();
    assert_eq!(
        moves.len(),
        9,
        "three choices for each of two pawns: {moves:?}"
    );
    let after = play(&s, "mass-attack br,gn", None);
    assert_eq!(after.board().get(sq("b8")).unwrap().role, Role::Rook);
    assert_eq!(after.board().get(sq("g8")).unwrap().role, Role::Knight);
    assert_eq!(after.board().get(sq("e3")).unwrap().role, Role::Pawn);
    assert_eq!(
        after.board().get(sq("d2")).unwrap().role,
        Role::Pawn,
        "d3 was taken: blocked"
    );
    spent(&s, &after, Artifact::MassAttack);
    // A pawn never enters a square another pawn leaves in the same action.
    let s = with_hand("4k3/8/8/8/8/4P3/4P3/K7 w - - 0 1", "- - -", "mass-attack");
    let after = play(&s, "mass-attack", None);
    assert!(after.board().get(sq("e4")).is_some() && after.board().get(sq("e2")).is_some());
    assert!(after.board().get(sq("e3")).is_none());
    // No pawn able to advance: not playable.
    let s = with_hand("4k3/8/8/8/8/4p3/4P3/K7 w - - 0 1", "- - -", "mass-attack");
    assert!(!legal(&s).iter().any(|m| m.starts_with("mass-attack")));
}

#[test]
fn explosive_ram_demotes_adjacent_enemies_keeping_wounds() {
    let s = parse_position("4k3/8/8/2rnb3/3R4/2N5/8/4K3 w - - 0 1 c5 - - 0/0 explosive-ram/- -/-")
        .unwrap();
    let after = play(&s, "explosive-ram d4", None);
    assert!(after.board().get(sq("d4")).is_none(), "the rook is gone");
    let c5 = after.board().get(sq("c5")).unwrap();
    assert_eq!((c5.role, c5.wounded), (Role::Bishop, true));
    assert_eq!(after.board().get(sq("d5")).unwrap().role, Role::Pawn);
    assert_eq!(after.board().get(sq("e5")).unwrap().role, Role::Pawn);
    assert_eq!(
        after.board().get(sq("c3")).unwrap().role,
        Role::Knight,
        "own pieces unharmed"
    );
    assert_eq!(after.reserve(Colour::White), 0);
    spent(&s, &after, Artifact::ExplosiveRam);
    // A demoted piece on its last rank stays a pawn there.
    let s =
        parse_position("1n2k3/1R6/8/8/8/8/8/4K3 w - - 0 1 - - - 0/0 explosive-ram/- -/-").unwrap();
    let after = play(&s, "explosive-ram b7", None);
    assert_eq!(after.board().get(sq("b8")).unwrap().role, Role::Pawn);
    // Not if the rook shields the own king.
    let s =
        parse_position("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1 - - - 0/0 explosive-ram/- -/-").unwrap();
    assert!(!legal(&s).contains(&"explosive-ram e2".to_string()));
}

#[test]
fn zombie_pawn_rises_only_where_no_outcome_checks_a_king() {
    let text = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 1/0 zombie-pawn/- -/-";
    let s = parse_position(text).unwrap();
    assert!(legal(&s).contains(&"zombie-pawn".to_string()));
    let after = play(&s, "zombie-pawn", None);
    let risen: Vec<Square> = after
        .board()
        .pieces()
        .filter(|(_, p)| p.role == Role::Pawn)
        .map(|(sq, _)| sq)
        .collect();
    assert_eq!(risen.len(), 1);
    assert!(matches!(risen[0].rank(), 2 | 3), "on the 3rd or 4th rank");
    assert_eq!(after.reserve(Colour::White), 0);
    spent(&s, &after, Artifact::ZombiePawn);
    let s = parse_position("8/8/8/4k3/8/8/8/R3K3 w - - 0 1 - - - 1/0 zombie-pawn/- -/-").unwrap();
    assert!(
        !legal(&s).contains(&"zombie-pawn".to_string()),
        "a pawn on d4 or f4 would check the king on e5"
    );
    let s = parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 0/0 zombie-pawn/- -/-").unwrap();
    assert!(
        !legal(&s).contains(&"zombie-pawn".to_string()),
        "an empty reserve"
    );
}

#[test]
fn trophy_draws_two_kinds_from_outside_hands_and_piles() {
    let s = with_hand(K, "- - -", "trophy,balm");
    let after = play(&s, "trophy", None);
    let hand = after.hand(Colour::White);
    assert_eq!(hand.len(), 3, "balm and two new kinds");
    assert!(hand.contains(Artifact::Balm) && !hand.contains(Artifact::Trophy));
    spent(&s, &after, Artifact::Trophy);
    // Only kinds in neither hand nor pile: with all but one kind taken, one comes.
    let others: Vec<&str> = Artifact::ALL
        .iter()
        .filter(|a| !matches!(a, Artifact::Trophy | Artifact::Fury | Artifact::Shield))
        .map(|a| a.code())
        .collect();
    let text = format!(
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - - 0/0 trophy/{} -/shield",
        others.join(",")
    );
    let s = parse_position(&text).unwrap();
    let after = play(&s, "trophy", None);
    assert!(after.hand(Colour::White).contains(Artifact::Fury));
    assert_eq!(after.hand(Colour::White).len(), 1);
}

fn window(opener: Colour, card: Artifact) -> Option<Window> {
    Some(Window { opener, card })
}

#[test]
fn restriction_keeps_the_move_and_freezes_a_piece_for_one_turn() {
    let s = parse_position("1n2k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 0/0 restriction/- -/-").unwrap();
    assert!(
        !legal(&s).contains(&"restriction e8".to_string()),
        "never a king"
    );
    let after = play(&s, "restriction b8", None);
    assert_eq!(after.window(), window(Colour::White, Artifact::Restriction));
    assert_eq!(after.turn(), Colour::Black);
    assert_eq!(legal(&after), ["pass"], "black holds no answer");
    let back = play(&after, "pass", None);
    assert_eq!(
        back.turn(),
        Colour::White,
        "passing costs nothing; white still moves"
    );
    assert_eq!(back.restricted(Colour::Black), Some(sq("b8")));
    let moved = play(&back, "a1a2", None);
    assert_eq!(moved.turn(), Colour::Black);
    assert!(
        !legal(&moved).iter().any(|m| m.starts_with("b8")),
        "the knight is held"
    );
    let next = play(&moved, "e8d8", None);
    assert_eq!(next.restricted(Colour::Black), None);
    let again = play(&next, "a2a3", None);
    assert!(
        legal(&again).iter().any(|m| m.starts_with("b8")),
        "one turn only"
    );
}

#[test]
fn seize_takes_a_played_kind_not_held_and_keeps_the_move() {
    let s = parse_position("4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - - 0/0 seize,fury/- -/balm,fury")
        .unwrap();
    let moves = legal(&s);
    assert!(moves.contains(&"seize balm".to_string()));
    assert!(
        !moves.contains(&"seize fury".to_string()),
        "white holds a Fury: no duplicate"
    );
    let after = play(&s, "seize balm", None);
    assert!(after.hand(Colour::White).contains(Artifact::Balm));
    assert!(!after.hand(Colour::White).contains(Artifact::Seize));
    assert_eq!(after.played(Colour::Black), &[Artifact::Fury]);
    assert_eq!(after.played(Colour::White), &[Artifact::Seize]);
    assert_eq!(after.window(), window(Colour::White, Artifact::Seize));
    let back = play(&after, "pass", None);
    assert_eq!((back.turn(), back.window()), (Colour::White, None));
}

#[test]
fn a_window_answered_by_seizing_the_card_just_played() {
    let s =
        parse_position("1n2k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 0/0 restriction/seize -/-").unwrap();
    let after = play(&s, "restriction b8", None);
    assert!(legal(&after).contains(&"seize restriction".to_string()));
    let back = play(&after, "seize restriction", None);
    assert!(back.hand(Colour::Black).contains(Artifact::Restriction));
    assert_eq!(back.played(Colour::Black), &[Artifact::Seize]);
    assert!(
        back.played(Colour::White).is_empty(),
        "taken from white's pile"
    );
    assert_eq!((back.turn(), back.window()), (Colour::White, None));
    assert_eq!(
        back.restricted(Colour::Black),
        Some(sq("b8")),
        "the effect stays"
    );
}

#[test]
fn cancel_in_the_window_restores_everything_and_spends_both_cards() {
    let s = parse_position("1n2k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 0/0 restriction/cancel -/-")
        .unwrap();
    let after = play(&s, "restriction b8", None);
    assert!(legal(&after).contains(&"cancel".to_string()));
    let back = play(&after, "cancel", None);
    assert_eq!(back.restricted(Colour::Black), None);
    assert_eq!(
        back.turn(),
        Colour::White,
        "white acts again without the card"
    );
    assert!(back.hand(Colour::White).is_empty());
    assert_eq!(back.played(Colour::White), &[Artifact::Restriction]);
    assert_eq!(back.played(Colour::Black), &[Artifact::Cancel]);
    assert_eq!(back.board(), s.board());
}

#[test]
fn cancel_at_the_start_of_the_own_turn_undoes_wounds_and_dice() {
    let s = parse_position("4k3/8/8/8/2p5/8/N7/4K3 w - - 0 1 - - - 0/0 teleport/cancel -/-")
        .unwrap()
        .with_dice_seed(4);
    let failed = play(&s, "teleport a2xc4", dice(&[1, 1, 1], &[6, 6]));
    assert!(failed.board().get(sq("c4")).unwrap().wounded);
    assert_eq!(failed.turn(), Colour::Black);
    assert!(legal(&failed).contains(&"cancel".to_string()));
    let back = play(&failed, "cancel", None);
    assert!(
        !back.board().get(sq("c4")).unwrap().wounded,
        "the wound is undone"
    );
    assert_eq!(back.board().get(sq("a2")).unwrap().role, Role::Knight);
    assert_eq!(back.dice_rng(), s.dice_rng());
    assert_eq!(back.turn(), Colour::White);
    assert!(
        !back.hand(Colour::White).contains(Artifact::Teleport),
        "still spent"
    );
    assert_eq!(back.played(Colour::Black), &[Artifact::Cancel]);
    assert!(
        back.legal_actions()
            .iter()
            .all(|a| !matches!(a, Action::Play(_)))
    );
    // Only right after: once black has acted otherwise, the chance is gone.
    let moved = play(&failed, "e8d8", None);
    let white = play(&moved, "e1d1", None);
    assert!(!legal(&white).contains(&"cancel".to_string()));
    // And never against one's own card.
    let s = parse_position("4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - - 0/0 balm,cancel/- -/-").unwrap();
    assert!(!legal(&s).contains(&"cancel".to_string()));
}

#[test]
fn zombie_and_trophy_chances_are_exact_and_cover_what_happens() {
    let s = parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 1/0 zombie-pawn,trophy/- -/-")
        .unwrap();
    let zombie = card_chances(&s, &Play::ZombiePawn);
    assert_eq!(zombie.len(), 16, "two empty ranks of eight");
    assert!(zombie.iter().all(|(_, p)| p.to_string() == "1/16"));
    let after = play(&s, "zombie-pawn", None);
    let risen = after
        .board()
        .pieces()
        .find(|(_, p)| p.role == Role::Pawn)
        .map(|(sq, _)| sq)
        .unwrap();
    assert!(zombie.contains(&(CardChance::Rises(risen), zombie[0].1)));
    let trophy = card_chances(&s, &Play::Trophy);
    // 22 kinds − the two in white's hand = 20 in the pool: C(20, 2) pairs.
    assert_eq!(trophy.len(), 190);
    assert!(trophy.iter().all(|(_, p)| p.to_string() == "1/190"));
    let after = play(&s, "trophy", None);
    let new: ArtifactSet = after
        .hand(Colour::White)
        .iter()
        .filter(|a| *a != Artifact::ZombiePawn)
        .collect();
    assert!(trophy.iter().any(|(c, _)| *c == CardChance::Draws(new)));
    // Each chance can be applied on purpose (the engine's chance nodes); others are refused.
    let (chosen, _) = s
        .apply_with_chance(&act("zombie-pawn"), CardChance::Rises(sq("h4")))
        .unwrap();
    assert_eq!(chosen.board().get(sq("h4")).unwrap().role, Role::Pawn);
    assert!(
        s.apply_with_chance(&act("zombie-pawn"), CardChance::Rises(sq("h5")))
            .is_err()
    );
    let pair: ArtifactSet = [Artifact::Balm, Artifact::Fury].into_iter().collect();
    let (drawn, _) = s
        .apply_with_chance(&act("trophy"), CardChance::Draws(pair))
        .unwrap();
    assert!(drawn.hand(Colour::White).contains(Artifact::Balm));
    assert!(drawn.hand(Colour::White).contains(Artifact::Fury));
}

#[test]
fn a_restriction_ends_with_its_piece() {
    let s =
        parse_position("1n2k3/8/8/8/8/8/8/RN2K3 w - - 0 1 - - - 0/0 restriction/- -/-").unwrap();
    let s = play(&play(&s, "restriction b8", None), "pass", None);
    assert_eq!(s.restricted(Colour::Black), Some(sq("b8")));
    // White's knight takes the held knight before black's turn: nothing is held any more.
    let s =
        parse_position("1n2k3/8/2N5/8/8/8/8/R3K3 w - - 0 1 - - - 0/0 restriction/- -/-").unwrap();
    let s = play(&play(&s, "restriction b8", None), "pass", None);
    let taken = play(&s, "c6xb8", dice(&[6, 6, 6], &[1, 1]));
    assert_eq!(taken.restricted(Colour::Black), None);
    assert_eq!(
        parse_position(&taken.to_string()).unwrap().to_string(),
        taken.to_string()
    );
}

#[test]
fn card_actions_list_one_artifacts_plays() {
    let s = with_hand(
        "4k3/8/8/8/8/8/3NP3/4K3 w - - 0 1",
        "d2 - -",
        "balm,file-shift",
    );
    let balm: Vec<String> = card_actions(&s, Artifact::Balm)
        .iter()
        .map(|a| a.to_string())
        .collect();
    assert_eq!(balm, ["balm d2"]);
    assert!(card_actions(&s, Artifact::FileShift).len() >= 2);
    assert!(
        card_actions(&s, Artifact::Fury).is_empty(),
        "not in the hand"
    );
}

// ---- Restriction holds its piece against every action, cards included ----

/// White restricts black's pawn on d5 and makes a move; black, holding every movement card
/// that could move that pawn, is to act with it held.
fn black_with_d5_held() -> (State, State) {
    let fen = "4k3/7p/8/3p4/4N3/8/8/R3K3 w - - 0 1 - - - 0/0 \
               restriction/mass-attack,file-shift,teleport,acceleration,knights-leap,fury -/-";
    let s = parse_position(fen).unwrap();
    // The same position with black to act and nothing held: every card may move the pawn.
    let free = play(&s, "a1a2", None);
    let held = play(&play(&s, "restriction d5", None), "pass", None);
    let held = play(&held, "a1a2", None);
    assert_eq!(held.restricted(Colour::Black), Some(sq("d5")));
    (free, held)
}

#[test]
fn a_restricted_pawn_stays_behind_in_a_mass_attack() {
    let (free, held) = black_with_d5_held();
    let moved = play(&free, "mass-attack", None);
    assert_eq!(
        moved.board().get(sq("d4")).map(|p| p.role),
        Some(Role::Pawn)
    );
    let moved = play(&held, "mass-attack", None);
    assert!(
        moved.board().get(sq("d5")).is_some(),
        "the held pawn does not advance"
    );
    assert!(moved.board().get(sq("d4")).is_none());
    assert!(moved.board().get(sq("h6")).is_some(), "the other pawn does");
    // With only the held pawn able to step, Mass Attack has nothing to do: not playable.
    let s =
        parse_position("4k3/8/8/3p4/8/8/8/R3K3 w - - 0 1 - - - 0/0 restriction/mass-attack -/-")
            .unwrap();
    let held = play(
        &play(&play(&s, "restriction d5", None), "pass", None),
        "a1a2",
        None,
    );
    assert!(card_actions(&held, Artifact::MassAttack).is_empty());
}

#[test]
fn a_restricted_piece_makes_no_card_move() {
    let (free, held) = black_with_d5_held();
    for card in [
        "file-shift d5c5",
        "teleport d5d3",
        "teleport d5xe4",
        "acceleration d5d3",
        "knights-leap d5c3",
        "fury d5xe4",
    ] {
        assert!(legal(&free).contains(&card.to_string()), "{card} when free");
        assert!(
            !legal(&held).contains(&card.to_string()),
            "{card} when held"
        );
    }
    assert!(
        !legal(&held).iter().any(|a| a.contains("d5")),
        "nothing at all from d5: {:?}",
        legal(&held)
    );
}

#[test]
fn a_restricted_rook_does_not_castle() {
    let s = parse_position("r3k3/8/8/8/8/8/8/4K3 w q - 0 1 - - - 0/0 restriction/- -/-").unwrap();
    assert!(legal(&play(&s, "e1e2", None)).contains(&"e8c8".to_string()));
    let held = play(
        &play(&play(&s, "restriction a8", None), "pass", None),
        "e1e2",
        None,
    );
    assert!(!legal(&held).contains(&"e8c8".to_string()));
}

#[test]
fn a_restricted_rook_may_be_rammed_and_its_attacks_aim_a_poison_dart() {
    // Black's rook on d5 is held; it alone attacks white's knight on d4.
    let s = parse_position(
        "4k3/8/8/3r4/3N4/8/8/4K3 w - - 0 1 - - - 0/0 restriction/explosive-ram,poison-dart -/-",
    )
    .unwrap();
    let held = play(
        &play(&play(&s, "restriction d5", None), "pass", None),
        "e1f1",
        None,
    );
    assert_eq!(held.restricted(Colour::Black), Some(sq("d5")));
    let actions = legal(&held);
    assert!(
        !actions.contains(&"d5xd4".to_string()),
        "it does not attack"
    );
    assert!(
        actions.contains(&"poison-dart d4".to_string()),
        "{actions:?}"
    );
    assert!(
        actions.contains(&"explosive-ram d5".to_string()),
        "{actions:?}"
    );
    let rammed = play(&held, "explosive-ram d5", None);
    assert!(rammed.board().get(sq("d5")).is_none());
    assert_eq!(
        rammed.board().get(sq("d4")).map(|p| p.role),
        Some(Role::Pawn)
    );
    let darted = play(&held, "poison-dart d4", None);
    assert!(darted.board().get(sq("d4")).unwrap().wounded);
}

// ---- Cancel at the start of the own turn, after a passed window ----

#[test]
fn a_passed_restriction_is_still_cancelled_at_the_start_of_the_next_turn() {
    let s = parse_position("1n2k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 0/0 restriction/cancel -/-")
        .unwrap()
        .with_dice_seed(3);
    let window = play(&s, "restriction b8", None);
    assert_eq!(legal(&window), ["pass", "cancel"]);
    let passed = play(&window, "pass", None);
    assert_eq!(passed.cancelable(), None, "not white's own to cancel");
    assert!(!legal(&passed).contains(&"cancel".to_string()));
    let moved = play(&passed, "a1a2", None);
    assert_eq!(moved.cancelable(), Some(Artifact::Restriction));
    assert!(legal(&moved).contains(&"cancel".to_string()));
    // The whole state from before the Restriction comes back: white's move too.
    let back = play(&moved, "cancel", None);
    assert_eq!(back.board(), s.board());
    assert_eq!(back.turn(), Colour::White);
    assert_eq!(back.restricted(Colour::Black), None);
    assert!(back.hand(Colour::White).is_empty());
    assert_eq!(back.played(Colour::White), &[Artifact::Restriction]);
    assert_eq!(back.played(Colour::Black), &[Artifact::Cancel]);
    assert_eq!(back.dice_rng(), s.dice_rng());
    assert_eq!(back.cancelable(), None);
    // Black's own action ends the chance.
    let white = play(&play(&moved, "e8d8", None), "a2a3", None);
    assert!(!legal(&white).contains(&"cancel".to_string()));
    assert_eq!(white.cancelable(), None);
}

#[test]
fn a_passed_seize_is_still_cancelled_at_the_start_of_the_next_turn() {
    let s = parse_position("4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - - 0/0 seize/cancel -/balm").unwrap();
    let moved = play(
        &play(&play(&s, "seize balm", None), "pass", None),
        "a2a3",
        None,
    );
    assert!(legal(&moved).contains(&"cancel".to_string()));
    let back = play(&moved, "cancel", None);
    assert_eq!(back.board(), s.board());
    assert_eq!(back.turn(), Colour::White);
    assert!(back.hand(Colour::White).is_empty(), "the Balm goes back");
    assert_eq!(
        back.played(Colour::Black),
        &[Artifact::Balm, Artifact::Cancel]
    );
    assert_eq!(back.played(Colour::White), &[Artifact::Seize]);
    // A Seize answered by a Seize stays uncancellable, as before.
    let s =
        parse_position("1n2k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 0/0 restriction/seize,cancel -/-")
            .unwrap();
    let answered = play(&play(&s, "restriction b8", None), "seize restriction", None);
    let moved = play(&answered, "a1a2", None);
    assert!(!legal(&moved).contains(&"cancel".to_string()));
}

#[test]
fn a_cancel_chance_is_part_of_the_position_for_repetitions() {
    // White seizes, black passes, white's knight goes out: black may cancel there. When the
    // same board comes back later, without that chance, it is a new position.
    let s =
        parse_position("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 - - - 0/0 seize/cancel -/balm").unwrap();
    let with_chance = play(
        &play(&play(&s, "seize balm", None), "pass", None),
        "g1f3",
        None,
    );
    assert_eq!(with_chance.cancelable(), Some(Artifact::Seize));
    let mut again = with_chance.clone();
    for m in ["e8d8", "f3g1", "d8e8", "g1f3"] {
        again = play(&again, m, None);
    }
    assert_eq!(again.board(), with_chance.board());
    assert_eq!(again.cancelable(), None);
    assert_ne!(again.key(), with_chance.key());
    assert_eq!(again.repetitions(), 1);
    // The chance is not written in the position string: read back, the position offers no
    // Cancel and keys as the same board without it.
    let read = parse_position(&with_chance.to_string()).unwrap();
    assert_eq!(read.to_string(), with_chance.to_string());
    assert_eq!(read.cancelable(), None);
    assert_eq!(read.key(), again.key());
}

// ---- the lone-kings draw ----

#[test]
fn lone_kings_draw_when_a_returning_card_has_an_empty_reserve() {
    for extra in [
        "0/0 -/resurrection",
        "0/0 zombie-pawn/resurrection",
        "0/1 zombie-pawn/-",
    ] {
        let s =
            parse_position(&format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - - {extra} -/-")).unwrap();
        assert_eq!(s.end(), Some(End::BareKings), "{extra}");
    }
    for extra in ["0/1 -/resurrection", "1/0 zombie-pawn/-"] {
        let s =
            parse_position(&format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - - {extra} -/-")).unwrap();
        assert_eq!(s.end(), None, "{extra}");
    }
}

#[test]
fn an_artifact_leaving_lone_kings_waits_for_the_answer_by_cancel() {
    // White's Statue takes the last pawn off the board; black holds Cancel.
    let s = parse_position("4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - - 0/0 statue/cancel -/-").unwrap();
    let stoned = play(&s, "statue a2", None);
    assert_eq!(stoned.end(), None, "black may still cancel");
    assert!(legal(&stoned).contains(&"cancel".to_string()));
    let back = play(&stoned, "cancel", None);
    assert_eq!(back.board(), s.board());
    assert_eq!(back.end(), None);
    let declined = play(&stoned, "e8d8", None);
    assert_eq!(declined.end(), Some(End::BareKings), "the chance is gone");
    // Without a Cancel to answer with, the draw comes at once.
    let s = parse_position("4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - - 0/0 statue/fury -/-").unwrap();
    assert_eq!(play(&s, "statue a2", None).end(), Some(End::BareKings));
    // The same after a passed window: white's king takes the last (wounded) pawn.
    let s = parse_position("4k3/8/8/8/8/4p3/4K3/8 w - - 0 1 e3 - - 0/0 restriction/cancel -/-")
        .unwrap();
    let passed = play(&play(&s, "restriction e3", None), "pass", None);
    let taken = play(&passed, "e2xe3", None);
    assert!(
        taken
            .board()
            .get(sq("e3"))
            .is_some_and(|p| p.role == Role::King)
    );
    assert_eq!(taken.end(), None);
    assert_eq!(play(&taken, "cancel", None).board(), s.board());
    assert_eq!(play(&taken, "e8d8", None).end(), Some(End::BareKings));
}

#[test]
fn a_card_attack_failed_in_check_is_still_cancelled_after_the_same_player_acts_again() {
    // White's Fury on the checking rook misses: white, still in check, acts again; black may
    // then cancel the Fury at the start of its turn.
    let s = parse_position("4k3/8/8/8/4r3/2N5/8/4K3 w - - 0 1 - - - 0/0 fury/cancel -/-").unwrap();
    let missed = play(&s, "fury c3xe4", dice(&[1, 1, 1, 1], &[2, 2]));
    assert_eq!(missed.turn(), Colour::White, "still in check");
    assert_eq!(missed.cancelable(), None, "never one's own card");
    let out = play(&missed, "e1d1", None);
    assert_eq!(out.cancelable(), Some(Artifact::Fury));
    let back = play(&out, "cancel", None);
    assert_eq!(back.board(), s.board());
    assert_eq!(back.turn(), Colour::White);
}
