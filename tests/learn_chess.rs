//! Artifact Chess's part of "Learn to play": the course and the army lesson, their texts, the
//! shipped puzzles and the hint.

use carved_tables::i18n::{Explain, Lang, Message, parse_strings, unworded};
use carved_tables::learn::{Answer, PuzzleSet, Run, Try, chess, lesson, texts};
use carved_tables::rules::chess::{Action, Role, Square, State};
use carved_tables::rules::{Game, GameKind};
use std::collections::{BTreeMap, BTreeSet};

fn words() -> Vec<(Lang, BTreeMap<String, String>)> {
    Lang::ALL
        .into_iter()
        .map(|l| (l, parse_strings(l.source()).expect("strings read")))
        .collect()
}

/// `message` can be said in every language, nested words and placeholders included.
fn assert_worded(message: &Message) {
    for (lang, table) in words() {
        if let Some(problem) = unworded(&table, message) {
            panic!("{}: {problem}", lang.code());
        }
    }
}

fn act(text: &str) -> Action {
    text.parse().expect("an action")
}

#[test]
fn every_lesson_is_sound_and_completes_by_its_intended_actions() {
    let course = chess::course();
    assert!((8..=12).contains(&(course.len() + 1)), "{}", course.len());
    assert!(course.iter().any(|l| l.id == "dice"));
    let ids: BTreeSet<&str> = chess::lessons::ids().into_iter().collect();
    assert_eq!(ids.len(), course.len() + 1, "lesson ids are unique");
    for l in &course {
        assert_eq!(lesson::flaws(l), Vec::<String>::new());
        let mut run = Run::new(l);
        for (i, step) in l.steps.iter().enumerate() {
            assert_eq!(run.state.to_move(), l.side(), "{} step {}", l.id, i + 1);
            if let Some(wrong) = &step.wrong {
                match run.try_action(wrong) {
                    Try::Refused(e) => assert_worded(&e.explain()),
                    other => panic!("{} step {}: the wrong try gave {other:?}", l.id, i + 1),
                }
                assert_eq!(run.step, i, "a refused try changes nothing");
            }
            match run.try_action(&step.intended) {
                Try::Step { .. } => assert!(i + 1 < l.steps.len(), "{}", l.id),
                Try::Done { .. } => assert_eq!(i + 1, l.steps.len(), "{}", l.id),
                other => panic!("{} step {}: {other:?}", l.id, i + 1),
            }
        }
        assert!(run.done(), "{}", l.id);
    }
}

/// The refusals the course teaches are the rules' own, each a different rule.
#[test]
fn the_wrong_tries_are_refused_for_the_reasons_the_lessons_teach() {
    let mut keys = BTreeSet::new();
    for l in chess::course() {
        let mut run = Run::new(&l);
        for step in &l.steps {
            if let Some(wrong) = &step.wrong
                && let Try::Refused(e) = run.try_action(wrong)
            {
                let m = e.explain();
                let why = m.args.iter().find_map(|(name, arg)| match arg {
                    carved_tables::i18n::Arg::Words(w) if *name == "why" => Some(w.key),
                    _ => None,
                });
                keys.insert(why.unwrap_or(m.key));
            }
            run.try_action(&step.intended);
        }
    }
    for key in [
        "chess.why.cannot_attempt_there",
        "chess.why.heal_rule",
        "chess.why.leaves_king_in_check",
        "chess.why.cannot_move_there",
        "chess.why.card_not_playable_so",
        "chess.why.not_in_hand",
        "chess.why.other_sides_piece",
    ] {
        assert!(keys.contains(key), "no lesson refuses with {key}: {keys:?}");
    }
}

#[test]
fn a_legal_try_that_is_not_asked_is_put_aside() {
    let course = chess::course();
    let aside = |id: &str, text: &str| {
        let l = course.iter().find(|l| l.id == id).expect("the lesson");
        let mut run = Run::new(l);
        let before = run.state.clone();
        assert_eq!(run.try_action(&act(text)), Try::Aside, "{id}: {text}");
        assert_eq!(run.state, before);
        assert_eq!(run.step, 0);
    };
    aside("dice", "a4a5");
    aside("wounds", "f4xe6");
    aside("heal", "d2e2");
    aside("check", "e1d1");
    aside("fury", "a4xa7");
    aside("leap", "b1c3");
    aside("balm", "a7a1");
    aside("cancel", "pass");
    aside("seize", "pass");
}

#[test]
fn the_check_lesson_fails_its_first_roll_and_wounds_the_rook() {
    let l = chess::course()
        .into_iter()
        .find(|l| l.id == "check")
        .expect("the lesson");
    let mut run = Run::new(&l);
    match run.try_action(&l.steps[0].intended) {
        Try::Step { played, reply } => {
            assert!(reply.is_none());
            let e5 = Square::parse("e5").expect("a square");
            let rook = played.0.board().get(e5).expect("the rook stays");
            assert!(rook.wounded, "the text says the rook is wounded now");
            assert!(played.0.in_check());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_army_lesson_spends_the_budget_and_refuses_too_much() {
    let a = chess::army();
    assert_eq!(a.flaws(), Vec::<String>::new());
    assert_eq!(a.budget(), 15);
    let e = a.try_add(&a.start, a.wrong).expect_err("over the budget");
    assert_worded(&e.explain());
    let mut army = a.start.clone();
    for &p in &a.intended {
        assert!(!a.done(&army));
        army = a.try_add(&army, p).expect("fits");
    }
    assert!(a.done(&army));
    let h2 = Square::parse("h2").expect("a square");
    assert!(a.try_add(&army, (Role::Pawn, h2)).is_err(), "16 points");
}

#[test]
fn the_texts_cover_every_lesson_in_every_language() {
    let course = chess::course();
    let army = chess::army();
    let mut ids: Vec<(&str, usize)> = vec![(army.id, 1)];
    ids.extend(course.iter().map(|l| (l.id, l.steps.len())));
    assert_eq!(texts::flaws(GameKind::Chess, &ids), Vec::<String>::new());
}

#[test]
fn the_puzzle_strings_exist() {
    let set = PuzzleSet::shipped(GameKind::Chess).expect("the shipped set reads");
    for kind in set
        .puzzles
        .iter()
        .map(|p| p.kind.as_str())
        .collect::<BTreeSet<_>>()
    {
        for (lang, table) in words() {
            let key = format!("learn.puzzle.kind.{kind}");
            assert!(
                table.contains_key(&carved_tables::i18n::fluent_id(&key)),
                "{}: {key}",
                lang.code()
            );
        }
    }
    let after = chess::after(&set.puzzles[0]).expect("odds");
    assert_worded(&after);
}

#[test]
fn the_shipped_puzzles_check_and_judge() {
    let set = PuzzleSet::shipped(GameKind::Chess).expect("the shipped set reads");
    assert_eq!(set.game, "chess");
    assert_eq!(set.depth, chess::puzzles::DEPTH);
    assert!(set.puzzles.len() >= 60, "{}", set.puzzles.len());
    let ids: BTreeSet<&str> = set.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), set.puzzles.len());
    let mut answers = BTreeSet::new();
    for p in &set.puzzles {
        assert_eq!(chess::check(p), Ok(()));
        let state = State::parse_position(&p.position).expect("the position reads");
        let answer = state.parse_action(&p.answer).expect("the answer reads");
        assert_eq!(
            chess::judge(p, &state, &answer, 0),
            Answer::Solved,
            "{}",
            p.id
        );
        assert_eq!(chess::reply(p, &state, 0), None);
        let other = state
            .legal_actions()
            .into_iter()
            .find(|a| *a != answer)
            .expect("another action");
        assert_eq!(
            chess::judge(p, &state, &other, 0),
            Answer::Wrong,
            "{}",
            p.id
        );
        let odds = p.odds.expect("odds");
        let next = p.next_best.expect("next best");
        assert!(odds >= next + chess::puzzles::MARGIN, "{}", p.id);
        answers.insert(match answer {
            Action::Play(play) => play.artifact().code().to_string(),
            _ => "attempt".to_string(),
        });
    }
    assert!(answers.len() >= 3, "varied answers: {answers:?}");
}

#[test]
fn a_changed_puzzle_fails_its_check() {
    let set = PuzzleSet::shipped(GameKind::Chess).expect("the shipped set reads");
    let p = &set.puzzles[0];
    let mut wrong_odds = p.clone();
    wrong_odds.odds = p.odds.map(|o| o - 0.01);
    assert!(chess::check(&wrong_odds).is_err());
    let state = State::parse_position(&p.position).expect("the position reads");
    let answer = state.parse_action(&p.answer).expect("the answer reads");
    let other = state
        .legal_actions()
        .into_iter()
        .find(|a| *a != answer && a.is_attempt())
        .or_else(|| state.legal_actions().into_iter().find(|a| *a != answer))
        .expect("another action");
    let mut wrong_answer = p.clone();
    wrong_answer.answer = state.action_text(&other);
    wrong_answer.line = vec![wrong_answer.answer.clone()];
    assert!(chess::check(&wrong_answer).is_err());
}

#[test]
fn the_generator_is_deterministic_and_its_puzzles_check() {
    let options = chess::Options { count: 4, seed: 9 };
    let a = chess::generate(&options);
    assert_eq!(a, chess::generate(&options));
    assert_eq!(a.puzzles.len(), 4);
    for p in &a.puzzles {
        assert_eq!(chess::check(p), Ok(()));
    }
}

/// The knight on f4 takes the wounded rook on d5 for sure, and nothing takes it back.
#[test]
fn the_hint_takes_the_wounded_rook_and_says_why() {
    let state = State::parse_position("6k1/8/8/3r1p2/5N2/8/8/6K1 w - - 0 1 d5 - - 0/0 -/- -/-")
        .expect("a position");
    let hint = chess::hint(&state, 1).expect("a hint");
    assert_eq!(hint.action, act("f4xd5"));
    assert_eq!(hint.why.key, "learn.chess.hint.wounded_target");
    assert_worded(&hint.why);
}

/// The reasons, each at a position written down, for the engine's action or another.
#[test]
fn the_hint_reasons_fit_their_positions() {
    let why = |position: &str, action: &str| {
        let state = State::parse_position(position).expect("a position");
        let m = chess::hint::why(&state, &act(action));
        assert_worded(&m);
        m.key
    };
    let dice = "4k3/n7/8/1p6/R7/8/8/4K3 w - - 0 1";
    assert_eq!(why(dice, "a4xa7"), "learn.chess.hint.attempt");
    assert_eq!(why(dice, "a4a5"), "learn.chess.hint.escape");
    assert_eq!(why(dice, "e1d1"), "learn.chess.hint.engine");
    // A wounded knight's attempt (9 %) beside the rook's (78 %).
    let two = "4k3/n7/8/1p6/R7/2N5/8/4K3 w - - 0 1 c3 - - 0/0 -/- -/-";
    assert_eq!(why(two, "a4xa7"), "learn.chess.hint.only_good_odds");
    assert_eq!(why(two, "c3xb5"), "learn.chess.hint.attempt");
    let fury = "4k3/r7/8/1p6/R7/8/8/4K3 w - - 0 1 - - - 0/0 fury/- -/-";
    assert_eq!(why(fury, "fury a4xa7"), "learn.chess.hint.fury");
    let heal = "4k3/8/8/b7/8/2R5/3K3N/8 w - - 0 1 c3,h2 - - 0/0 -/- -/-";
    assert_eq!(why(heal, "heal d2c3"), "learn.chess.hint.heal_threatened");
    let balm = "4k3/R7/8/2b5/8/8/8/4K3 w - - 0 1 a7 - - 0/0 balm/- -/-";
    assert_eq!(why(balm, "balm a7"), "learn.chess.hint.balm");
    assert_eq!(why(balm, "a7a5"), "learn.chess.hint.escape");
    let check = "4k3/8/8/4r3/8/5N2/P7/4K3 w - - 0 1 f3 - - 0/0 -/- -/-";
    assert_eq!(why(check, "e1d1"), "learn.chess.hint.check");
    assert_eq!(why(check, "f3xe5"), "learn.chess.hint.attempt");
    // The wounded knight's attempt lands beside its king, which can heal it after.
    let beside = "4k3/8/8/8/8/2N5/4n3/4K3 w - - 0 1 c3 - - 0/0 -/- -/-";
    assert_eq!(why(beside, "c3xe2"), "learn.chess.hint.attempt_heal");
    // A back-rank mate with the rook, no dice.
    let mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    assert_eq!(why(mate, "a1a8"), "learn.chess.hint.mate");
}
