//! The table's own tests: building, the hot seat, the history, the roll, whose turn it is told,
//! an attempt in words and the move list.

use super::*;
use crate::rules::chess::{AttemptResult, Dice};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn hot_seat_game(t: &mut Table) {
    t.opponent = Seat::Person;
    t.handle(Intent::Start, 1, &Timing::INSTANT).unwrap();
    assert_eq!(t.phase, Phase::Build(Colour::White));
    t.handle(Intent::RandomArmy, 2, &Timing::INSTANT).unwrap();
    t.handle(Intent::Ready, 3, &Timing::INSTANT).unwrap();
    assert_eq!(t.phase, Phase::Pass(Colour::Black));
    assert!(!t.army_visible(Colour::White), "the first army is hidden");
    t.handle(Intent::TakeOver, 0, &Timing::INSTANT).unwrap();
    assert!(!t.army_visible(Colour::White));
    t.handle(Intent::RandomArmy, 4, &Timing::INSTANT).unwrap();
    t.handle(Intent::Ready, 5, &Timing::INSTANT).unwrap();
    assert_eq!(t.phase, Phase::Play);
}

#[test]
fn a_square_without_a_dot_refuses_the_piece_and_ready_starts_the_game() {
    let mut t = Table::default();
    t.handle(Intent::Start, 1, &Timing::INSTANT).unwrap();
    t.handle(Intent::Hold(Some(Role::Rook)), 0, &Timing::INSTANT)
        .unwrap();
    for s in ["a1", "h1"] {
        assert!(t.build_dots().contains(&sq(s)));
        t.handle(Intent::BuildAt(sq(s)), 0, &Timing::INSTANT)
            .unwrap();
    }
    // A third rook: no dot anywhere, and the square refuses it, saying why.
    assert!(t.build_dots().is_empty());
    let before = t.draft().cloned();
    let err = t
        .handle(Intent::BuildAt(sq("b1")), 0, &Timing::INSTANT)
        .unwrap_err();
    assert_eq!(
        err,
        Refusal::Draft(DraftError::TooMany {
            role: Role::Rook,
            max: 2
        })
    );
    assert_eq!(t.draft().cloned(), before);
    // A click on a placed piece picks it; a second click changes nothing.
    for _ in 0..2 {
        t.handle(Intent::BuildAt(sq("h1")), 0, &Timing::INSTANT)
            .unwrap();
        assert_eq!(t.build_pick, Some(sq("h1")));
        assert_eq!(t.draft().unwrap().at(sq("h1")), Some(Role::Rook));
    }
    // Taking it off is its own intent.
    t.handle(Intent::TakeOff(sq("h1")), 0, &Timing::INSTANT)
        .unwrap();
    assert_eq!(t.draft().unwrap().at(sq("h1")), None);
    assert_eq!(t.build_pick, None);
    t.handle(Intent::BuildAt(sq("h1")), 0, &Timing::INSTANT)
        .unwrap();
    assert!(t.draft().unwrap().problems().is_empty());
    t.handle(Intent::Ready, 0, &Timing::INSTANT).unwrap();
    assert_eq!(t.phase, Phase::Play);
    assert_eq!(
        t.game
            .as_ref()
            .unwrap()
            .state()
            .board()
            .count(Colour::White, Role::Rook),
        2
    );
}

#[test]
fn a_hot_seat_hides_the_first_army_while_the_second_is_built() {
    let mut t = Table::default();
    hot_seat_game(&mut t);
    assert!(t.person_to_act());
}

#[test]
fn viewing_changes_nothing_and_blocks_actions() {
    let mut t = Table::default();
    hot_seat_game(&mut t);
    for i in 0..4 {
        let s = t.state().unwrap().clone();
        let a = crate::ai::random(&s, i).unwrap();
        t.handle(Intent::Act(a), 0, &Timing::INSTANT).unwrap();
    }
    let before = t.state().cloned();
    t.handle(Intent::View(Step::Back), 0, &Timing::INSTANT)
        .unwrap();
    assert_eq!(t.viewing, Some(3));
    let s = t.shown().unwrap().clone();
    let a = s.legal_actions()[0];
    assert_eq!(
        t.handle(Intent::Act(a), 0, &Timing::INSTANT),
        Err(Refusal::Viewing)
    );
    t.handle(Intent::View(Step::Forward), 0, &Timing::INSTANT)
        .unwrap();
    assert_eq!(t.viewing, None);
    assert_eq!(t.state().cloned(), before);
}

#[test]
fn the_roll_holds_the_table_until_the_result_is_shown() {
    let mut t = Table::default();
    hot_seat_game(&mut t);
    let timing = Timing::PLAY;
    let mut i = 0;
    loop {
        let s = t.state().unwrap().clone();
        let attempt = s
            .legal_actions()
            .into_iter()
            .find(|a| s.attempt_dice(a).is_some_and(|d| d.defender > 0));
        if let Some(a) = attempt {
            let effects = t.handle(Intent::Act(a), 0, &timing).unwrap();
            assert!(matches!(effects[0], Effect::Played(_)));
            assert!(t.roll.is_some() && !t.person_to_act());
            assert_eq!(t.shown(), Some(&s), "the board waits for the dice");
            let e = t.tick(timing.dice + 0.01, &timing);
            assert_eq!(e, vec![Effect::Settled]);
            let e = t.handle(Intent::SkipRoll, 0, &timing).unwrap();
            assert!(matches!(e[0], Effect::Resolved(_)));
            assert!(t.roll.is_none());
            break;
        }
        let a = crate::ai::random(&s, i).unwrap();
        t.handle(Intent::Act(a), 0, &Timing::INSTANT).unwrap();
        i += 1;
        assert!(i < 300);
    }
}
#[test]
fn the_builder_tells_a_king_alone_apart_from_a_built_army_and_dots_stop_at_the_budget() {
    let mut t = Table::default();
    t.handle(Intent::Start, 1, &Timing::INSTANT).unwrap();
    let status = |t: &Table| build_status(t.draft().unwrap());
    // Only the king: allowed, but not "follows every rule" in green.
    assert_eq!(status(&t), BuildStatus::KingOnly { left: 15 });
    assert_eq!(t.held, Some(Role::Pawn));
    assert_eq!(t.build_dots().len(), 16, "the second and third ranks");
    t.handle(Intent::BuildAt(sq("d2")), 0, &Timing::INSTANT)
        .unwrap();
    assert_eq!(status(&t), BuildStatus::Legal { left: 14 });
    for (role, at) in [
        (Role::Rook, "a1"),
        (Role::Rook, "h1"),
        (Role::Pawn, "a2"),
        (Role::Pawn, "b2"),
        (Role::Pawn, "c2"),
        (Role::Pawn, "e2"),
    ] {
        t.handle(Intent::Hold(Some(role)), 0, &Timing::INSTANT)
            .unwrap();
        t.handle(Intent::BuildAt(sq(at)), 0, &Timing::INSTANT)
            .unwrap();
    }
    assert_eq!(status(&t), BuildStatus::Legal { left: 0 });
    // 0 points left: no dot for any piece in hand, and a click refuses.
    for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook] {
        t.handle(Intent::Hold(Some(role)), 0, &Timing::INSTANT)
            .unwrap();
        assert!(t.build_dots().is_empty(), "{role:?}");
    }
    t.handle(Intent::Hold(Some(Role::Pawn)), 0, &Timing::INSTANT)
        .unwrap();
    assert_eq!(
        t.handle(Intent::BuildAt(sq("h2")), 0, &Timing::INSTANT),
        Err(Refusal::Draft(DraftError::OverBudget {
            role: Role::Pawn,
            left: 0
        }))
    );
    // Nothing in hand: no dots.
    t.handle(Intent::Hold(None), 0, &Timing::INSTANT).unwrap();
    assert!(t.build_dots().is_empty());
    // The king stays on.
    assert_eq!(
        t.handle(Intent::TakeOff(sq("e1")), 0, &Timing::INSTANT),
        Err(Refusal::Draft(DraftError::KingStays(sq("e1"))))
    );
    // Escape (or a click beside the board) puts a picked piece down.
    t.handle(Intent::BuildAt(sq("a1")), 0, &Timing::INSTANT)
        .unwrap();
    assert_eq!(t.build_pick, Some(sq("a1")));
    t.handle(Intent::Select(None), 0, &Timing::INSTANT).unwrap();
    assert_eq!(t.build_pick, None);
    assert_eq!(t.draft().unwrap().at(sq("a1")), Some(Role::Rook));
}

#[test]
fn your_turn_is_told_only_once_the_engines_reply_has_landed() {
    let timing = Timing {
        move_first: 0.3,
        move_each: 0.1,
        ..Timing::INSTANT
    };
    let mut t = Table::default();
    t.handle(Intent::Artifacts(false), 0, &timing).unwrap();
    t.handle(Intent::Start, 1, &timing).unwrap();
    t.handle(Intent::RandomArmy, 2, &timing).unwrap();
    t.handle(Intent::Ready, 3, &timing).unwrap();
    assert_eq!(t.turn_status(), Some(TurnStatus::Person(Colour::White)));
    let mut seen_landing = 0;
    for i in 0..6u64 {
        if t.game.as_ref().unwrap().awaited() != Some(Colour::White) {
            break;
        }
        let s = t.state().unwrap().clone();
        let mine = crate::ai::random(&s, i).unwrap();
        t.handle(Intent::Act(mine), 0, &timing).unwrap();
        // The engine's reply, as the engine seat plays it once the board is still.
        while t.animating() {
            assert_eq!(t.turn_status(), Some(TurnStatus::Landing(Colour::White)));
            t.tick(0.05, &timing);
        }
        if t.phase != Phase::Play {
            return;
        }
        if t.turn_status() == Some(TurnStatus::Person(Colour::White)) {
            // A failed attempt out of check: white acts again.
            continue;
        }
        assert_eq!(t.turn_status(), Some(TurnStatus::Waiting(Colour::Black)));
        let s = t.state().unwrap().clone();
        let reply = crate::ai::random(&s, 100 + i).unwrap();
        t.play(reply, &timing).unwrap();
        while t.animating() {
            // White is awaited already, but the reply is still on its way.
            assert_eq!(t.turn_status(), Some(TurnStatus::Landing(Colour::Black)));
            assert!(!t.person_to_act());
            seen_landing += 1;
            t.tick(0.05, &timing);
        }
        if t.phase != Phase::Play {
            return;
        }
        if t.game.as_ref().unwrap().awaited() == Some(Colour::White) {
            assert_eq!(t.turn_status(), Some(TurnStatus::Person(Colour::White)));
        }
    }
    assert!(seen_landing > 0, "the replies took time to land");
}

fn knight_attacks_pawn(attacker: &[u8], defender: &[u8]) -> AttemptReport {
    let s = crate::rules::chess::parse_position("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1").unwrap();
    let action: Action = "e4xd6".parse().unwrap();
    let dice = Dice {
        attacker: crate::rules::chess::DiceSet::new(attacker).unwrap(),
        defender: crate::rules::chess::DiceSet::new(defender).unwrap(),
    };
    let (_, record) = s.apply_with_dice(&action, Some(dice)).unwrap();
    attempt_report(&s, &record).unwrap()
}

#[test]
fn a_wound_names_the_wounded_piece_the_dice_and_the_sums_in_three_languages() {
    use crate::i18n::{Lang, Strings, parse_strings, unworded};
    let r = knight_attacks_pawn(&[3, 2, 2], &[4, 5]);
    assert_eq!(r.result, AttemptResult::Wound);
    assert_eq!(
        (r.attacker.colour, r.attacker.role),
        (Colour::White, Role::Knight)
    );
    assert_eq!(
        (r.defender.colour, r.defender.role),
        (Colour::Black, Role::Pawn)
    );
    assert_eq!(r.defender_at, sq("d6"));
    let expected = [
        (
            Lang::En,
            "Black pawn wounded",
            "White rolled 3 dice: 7; black rolled 2 dice: 9.",
            "The defender's total is higher: both stay",
        ),
        (
            Lang::Pt,
            "Ferimento: peão preto",
            "As brancas rolaram 3 dados: 7; as pretas, 2 dados: 9.",
            "O total do defensor é maior: as duas peças ficam",
        ),
        (
            Lang::Ru,
            "Ранение: чёрная пешка",
            "Белые бросили 3 кубика: 7; чёрные — 2 кубика: 9.",
            "Сумма защитника больше: обе фигуры остаются",
        ),
    ];
    for (lang, head, sums, meaning) in expected {
        let strings = Strings::new(lang);
        let (h, s, m) = attempt_text(&strings, &r);
        assert_eq!(h, head, "{}", lang.code());
        assert_eq!(s.as_deref(), Some(sums), "{}", lang.code());
        assert!(m.starts_with(meaning), "{}: {m}", lang.code());
        // The headline names the defender alone: nothing of the attacker's side.
        let attacker = strings.say(&Colour::White.explain()).to_lowercase();
        assert!(
            !h.to_lowercase().contains(&attacker),
            "{}: {h}",
            lang.code()
        );
        let words = parse_strings(lang.source()).unwrap();
        for m in [r.headline(), r.sums().unwrap(), r.meaning()] {
            assert_eq!(unworded(&words, &m), None, "{}", lang.code());
        }
    }
}

#[test]
fn each_result_says_what_the_sums_meant() {
    use crate::i18n::{Lang, Strings, parse_strings, unworded};
    let success = knight_attacks_pawn(&[6, 6, 6], &[1, 1]);
    let miss = knight_attacks_pawn(&[2, 2, 1], &[2, 3]);
    let wound = knight_attacks_pawn(&[1, 1, 1], &[6, 6]);
    assert_eq!(success.result, AttemptResult::Success);
    assert_eq!(miss.result, AttemptResult::Miss);
    // A wounded defender dies without a roll: no sums, its own meaning.
    let s = crate::rules::chess::parse_position("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1").unwrap();
    let hit: Action = "e4xd6".parse().unwrap();
    let (s, _) = s
        .apply_with_dice(
            &hit,
            Some(Dice {
                attacker: crate::rules::chess::DiceSet::new(&[1, 1, 1]).unwrap(),
                defender: crate::rules::chess::DiceSet::new(&[6, 6]).unwrap(),
            }),
        )
        .unwrap();
    let (s, _) = s.apply_with_dice(&"e8e7".parse().unwrap(), None).unwrap();
    let (_, record) = s.apply_with_dice(&hit, None).unwrap();
    let died = attempt_report(&s, &record).unwrap();
    assert_eq!(died.dice, None);
    assert_eq!(died.result, AttemptResult::Success);
    assert!(died.defender.wounded);
    let english = Strings::new(Lang::En);
    let en = |r: &AttemptReport| attempt_text(&english, r);
    assert_eq!(en(&success).0, "Black pawn captured");
    assert!(en(&success).2.starts_with("The attacker's total is higher"));
    assert_eq!(
        en(&miss).1.as_deref(),
        Some("White rolled 3 dice: 5; black rolled 2 dice: 5.")
    );
    assert!(en(&miss).2.starts_with("The totals are equal: a miss"));
    assert_eq!(en(&died).0, "Black pawn captured");
    assert_eq!(en(&died).1, None);
    assert!(
        en(&died)
            .2
            .starts_with("A wounded defender dies without a roll")
    );
    for lang in Lang::ALL {
        let strings = Strings::new(lang);
        let words = parse_strings(lang.source()).unwrap();
        let meanings: std::collections::HashSet<String> = [&success, &miss, &wound, &died]
            .iter()
            .map(|r| {
                assert_eq!(unworded(&words, &r.headline()), None);
                assert_eq!(unworded(&words, &r.meaning()), None);
                attempt_text(&strings, r).2
            })
            .collect();
        assert_eq!(
            meanings.len(),
            4,
            "{}: a meaning of its own for each",
            lang.code()
        );
    }
    // The number of dice in the number's own form.
    let ru = Strings::new(Lang::Ru);
    let said: Vec<String> = [1, 2, 4, 5, 21, 22]
        .iter()
        .map(|n| ru.say(&dice_count(*n)))
        .collect();
    assert_eq!(
        said,
        [
            "1 кубик",
            "2 кубика",
            "4 кубика",
            "5 кубиков",
            "21 кубик",
            "22 кубика"
        ]
    );
    assert_eq!(english.say(&dice_count(1)), "1 die");
}

#[test]
fn the_move_list_keeps_the_latest_attempt_in_words_after_the_dice() {
    let mut t = Table::default();
    hot_seat_game(&mut t);
    let timing = Timing::PLAY;
    let mut i = 0;
    loop {
        let s = t.state().unwrap().clone();
        let attempt = s
            .legal_actions()
            .into_iter()
            .find(|a| s.attempt_dice(a).is_some_and(|d| d.defender > 0));
        if let Some(a) = attempt {
            let (victim_at, victim) = s.attempt_defender(&a).unwrap();
            t.handle(Intent::Act(a), 0, &timing).unwrap();
            assert_eq!(t.recent_attempt(), None, "the dice tell it while they roll");
            t.handle(Intent::SkipRoll, 0, &timing).unwrap();
            let (line, report) = t.recent_attempt().expect("kept after the dice");
            assert_eq!(Some(line), t.list().last(), "the attempt just played");
            assert_eq!(report.defender, victim);
            assert_eq!(report.defender_at, victim_at);
            // One more action: still one of the last two. Two more: gone.
            while t.animating() {
                t.tick(0.1, &timing);
            }
            for k in 0..2 {
                if t.phase != Phase::Play {
                    return;
                }
                let s = t.state().unwrap().clone();
                let legal = s.legal_actions();
                let quiet = legal
                    .iter()
                    .find(|a| matches!(a, Action::Move { .. }))
                    .or_else(|| legal.iter().find(|a| !a.is_attempt()))
                    .copied()
                    .unwrap();
                t.handle(Intent::Act(quiet), 0, &Timing::INSTANT).unwrap();
                assert_eq!(t.recent_attempt().is_some(), k == 0, "after {} more", k + 1);
            }
            return;
        }
        let a = crate::ai::random(&s, i).unwrap();
        t.handle(Intent::Act(a), 0, &Timing::INSTANT).unwrap();
        i += 1;
        assert!(i < 300);
    }
}
