//! Snēlab's part of "Learn to play": the course plays through by its own steps, every wrong try
//! is refused by the rules in words of all three languages, the texts fit the lessons, the
//! shipped puzzles check and judge as they should, and the hint gives its action and reason.

use carved_tables::i18n::{Explain, Lang, Message, Strings, parse_strings, unworded};
use carved_tables::learn::snelab::{self, G};
use carved_tables::learn::{Answer, PuzzleSet, Run, Try, lesson, texts};
use carved_tables::rules::snelab::{Action, Position, Side};
use carved_tables::rules::{Game, GameKind};
use std::collections::BTreeSet;

fn worded(m: &Message) {
    let english = Strings::new(Lang::En);
    for lang in Lang::ALL {
        let words = parse_strings(lang.source()).unwrap();
        assert_eq!(unworded(&words, m), None, "{}: {m:?}", lang.code());
        let said = Strings::new(lang).say(m);
        assert!(!said.contains('{'), "{}: {said}", lang.code());
        if lang != Lang::En {
            assert_ne!(said, english.say(m), "{}: not translated", lang.code());
        }
    }
}

#[test]
fn the_course_has_between_eight_and_twelve_sound_lessons() {
    let course = snelab::course();
    assert!((8..=12).contains(&course.len()), "{} lessons", course.len());
    let ids: BTreeSet<_> = course.iter().map(|l| l.id).collect();
    assert_eq!(ids.len(), course.len(), "ids are unique");
    assert!(
        ids.contains("payment"),
        "the app stages the `payment` lesson"
    );
    for l in &course {
        assert_eq!(lesson::flaws(l), Vec::<String>::new());
        assert_eq!(l.side(), Side::South, "{}", l.id);
        assert!(l.position.pieces().count() <= 6, "{}: keep it small", l.id);
        assert!(
            l.id.chars().all(|c| c.is_ascii_lowercase()),
            "{}: short lowercase ids",
            l.id
        );
    }
}

#[test]
fn the_texts_fit_the_course() {
    let course = snelab::course();
    let ids: Vec<(&str, usize)> = course.iter().map(|l| (l.id, l.steps.len())).collect();
    assert_eq!(texts::flaws(GameKind::Snelab, &ids), Vec::<String>::new());
}

#[test]
fn each_lesson_completes_by_its_intended_actions_and_refuses_the_wrong_ones_in_words() {
    for l in &snelab::course() {
        let mut run = Run::new(l);
        for (i, step) in l.steps.iter().enumerate() {
            let wrong = step.wrong.expect("every step has a wrong try");
            let before = run.state.clone();
            match run.try_action(&wrong) {
                Try::Refused(e) => worded(&e.explain()),
                other => panic!(
                    "{} step {}: {wrong} was not refused: {other:?}",
                    l.id,
                    i + 1
                ),
            }
            assert_eq!(run.state, before, "a refused try changes nothing");
            match run.try_action(&step.intended) {
                Try::Done { played } => {
                    assert_eq!(i + 1, l.steps.len(), "{}: done early", l.id);
                    assert!(played.0.to_move() == Side::North);
                }
                Try::Step { reply, .. } => {
                    assert!(reply.is_some(), "{}: the reply is played", l.id)
                }
                other => panic!("{} step {}: {other:?}", l.id, i + 1),
            }
        }
        assert!(run.done(), "{}", l.id);
    }
}

#[test]
fn the_lessons_teach_the_rule_their_wrong_try_breaks() {
    use carved_tables::rules::snelab::RuleError;
    let course = snelab::course();
    let first_wrong = |id: &str| {
        let l = course.iter().find(|l| l.id == id).unwrap();
        l.position.check(&l.steps[0].wrong.unwrap()).unwrap_err()
    };
    assert!(matches!(
        first_wrong("payment"),
        RuleError::WrongSum { paid: 4, cost: 3 }
    ));
    assert!(matches!(
        first_wrong("cantpay"),
        RuleError::WrongSum { paid: 2, cost: 4 }
    ));
    assert_eq!(first_wrong("capturer"), RuleError::CapturerCannotPay);
    assert_eq!(first_wrong("appeal"), RuleError::BackwardNeedsCapture);
    assert!(matches!(first_wrong("blocked"), RuleError::Blocked { .. }));
    assert!(matches!(first_wrong("advocate"), RuleError::NoRoute { .. }));
    // The payment lesson's capture has exactly one exact payment.
    let l = course.iter().find(|l| l.id == "payment").unwrap();
    let takes: Vec<Action> = l
        .position
        .legal_actions()
        .into_iter()
        .filter(|a| a.is_capture())
        .collect();
    assert_eq!(takes, vec![l.steps[0].intended]);
}

#[test]
fn a_legal_try_that_is_not_asked_is_put_aside() {
    let course = snelab::course();
    let mut asides = 0;
    for l in &course {
        let mut run = Run::new(l);
        let step = &l.steps[0];
        let other = l.position.legal_actions().into_iter().find(|a| {
            *a != step.intended
                && !step
                    .goal
                    .met(&l.position, a, &l.position.apply(a).unwrap().0)
        });
        if let Some(a) = other {
            assert_eq!(run.try_action(&a), Try::Aside, "{}: {a}", l.id);
            assert_eq!(run.step, 0);
            asides += 1;
        }
    }
    assert!(asides >= 5, "only {asides} lessons have an aside");
}

#[test]
fn the_shipped_puzzles_check_and_judge() {
    let set = PuzzleSet::shipped(GameKind::Snelab).unwrap();
    assert!(set.puzzles.len() >= 60, "{} puzzles", set.puzzles.len());
    assert_eq!(set.depth, snelab::DEPTH);
    let ids: BTreeSet<_> = set.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), set.puzzles.len());
    let mut kinds = BTreeSet::new();
    for p in &set.puzzles {
        assert_eq!(snelab::check(p), Ok(()));
        kinds.insert((p.kind.clone(), p.moves));
        let key = snelab::kind_key(&p.kind).unwrap();
        worded(&carved_tables::i18n::msg(key));
        let pos = Position::parse_position(&p.position).unwrap();
        let answer = pos.parse_action(&p.answer).unwrap();
        let first = snelab::judge(p, &pos, &answer, 0);
        assert_eq!(
            first,
            if p.moves == 1 {
                Answer::Solved
            } else {
                Answer::Right
            },
            "{}",
            p.id
        );
        let wrong = pos
            .legal_actions()
            .into_iter()
            .filter(|a| *a != answer)
            .map(|a| snelab::judge(p, &pos, &a, 0))
            .filter(|j| *j == Answer::Wrong)
            .count();
        assert!(wrong >= 1, "{}: no wrong try", p.id);
        // Play the puzzle through: the answer, the defence, the line's next action.
        let mut state = pos.apply(&answer).unwrap().0;
        for ply in 1..p.moves {
            let r = snelab::reply(p, &state, ply - 1).expect("a defence");
            state = state.apply(&r).unwrap().0;
            let finish = state
                .legal_actions()
                .into_iter()
                .find(|a| snelab::judge(p, &state, a, ply) == Answer::Solved)
                .unwrap_or_else(|| panic!("{}: no way to finish after {r}", p.id));
            state = state.apply(&finish).unwrap().0;
        }
        assert_eq!(
            state.outcome().map(|v| v.winner),
            Some(pos.to_move()),
            "{}",
            p.id
        );
        assert_eq!(snelab::reply(p, &state, p.moves - 1), None);
    }
    assert!(kinds.len() >= 3, "varied kinds and lengths: {kinds:?}");
}

#[test]
fn a_puzzle_with_two_winning_answers_or_a_wrong_answer_is_refused() {
    let set = PuzzleSet::shipped(GameKind::Snelab).unwrap();
    let mut p = set.puzzles[0].clone();
    let pos = Position::parse_position(&p.position).unwrap();
    let answer = pos.parse_action(&p.answer).unwrap();
    let other = pos
        .legal_actions()
        .into_iter()
        .find(|a| *a != answer)
        .unwrap();
    p.answer = pos.action_text(&other);
    p.line[0] = p.answer.clone();
    assert!(snelab::check(&p).is_err());
    // A position where two actions win at once: not unique.
    let mut two = set.puzzles[0].clone();
    two.position = "7/1B3B1/b6/7/7/7/7 S +a".into();
    two.answer = "b6-b7".into();
    two.line = vec!["b6-b7".into()];
    two.moves = 1;
    let e = snelab::check(&two).unwrap_err();
    assert!(e.contains("too"), "{e}");
}

#[test]
fn the_hint_takes_a_win_and_stops_a_threat() {
    // South's Advocate on b6 lands on the Bench (b7, then a7 or c7).
    let p = Position::parse_position("3b3/1A5/7/7/7/7/B6 S +a").unwrap();
    let h = snelab::hint(&p, 7).unwrap();
    let after = p.apply(&h.action).unwrap().0;
    assert_eq!(after.outcome().map(|v| v.winner), Some(Side::South));
    assert_eq!(h.why.key, "learn.snelab.hint.bench");
    worded(&h.why);
    // The appeal lesson's position: North's Bailiff on d2 lands on d1 next unless taken, and
    // taking it wins by force: North's lone Justice is then blocked by the Advocate (d2-c3 or
    // d2-e3) wherever it goes.
    let p = Position::parse_position("3j3/7/7/7/2A4/3b3/6B S +a").unwrap();
    let h = snelab::hint(&p, 7).unwrap();
    assert_eq!(h.action.to_string(), "c3xd2=g1");
    assert_eq!(h.why.key, "learn.snelab.hint.forced");
    worded(&h.why);
    // With a second Justice for North there is no quick win: the capture only stops the threat.
    let p = Position::parse_position("j2j3/7/7/7/2A4/3b3/6B S +a").unwrap();
    let h = snelab::hint(&p, 7).unwrap();
    assert_eq!(h.action.to_string(), "c3xd2=g1");
    assert_eq!(h.why.key, "learn.snelab.hint.stop");
    worded(&h.why);
    // A finished case has no hint.
    let over = Position::parse_position("3B3/7/7/7/7/7/3b3 N +a").unwrap();
    assert!(snelab::hint(&over, 1).is_none());
}

#[test]
fn each_reason_of_the_hint_is_found_where_it_holds() {
    use carved_tables::learn::snelab::prove::Prover;
    let why = |position: &str, action: &str| {
        let p = Position::parse_position(position).unwrap();
        let a = p.parse_action(action).unwrap();
        assert_eq!(p.check(&a), Ok(()), "{action}");
        let m = snelab::why(&p, &a, &mut Prover::new());
        worded(&m);
        m
    };
    let arg = |m: &Message, name: &str| {
        m.args
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| format!("{v:?}"))
            .unwrap_or_default()
    };
    // Two ways to pay 3 for the Barrister on d4: the Bailiff and the Advocate keep the
    // Barrister on e3; the Barrister keeps the Advocate on g1 (the heavier of the two kept).
    let two = "b2j3/7/7/3r3/2A1R2/7/B5A S +a";
    let m = why(two, "c3xd4=a1+g1");
    assert_eq!(m.key, "learn.snelab.hint.keeps");
    assert!(arg(&m, "square").contains("e3") && arg(&m, "count").contains('2'));
    let m = why(two, "c3xd4=e3");
    assert_eq!(m.key, "learn.snelab.hint.keeps");
    assert!(arg(&m, "square").contains("g1"), "{m:?}");
    // Paying with the Justice on c6 opens the way to the Bench for the Justice on c5 (North's
    // Bailiff on g2 lands on g1 next, so it is no forced win).
    let m = why("7/2J4/2J4/7/3j3/4A1b/7 S +a", "e2xd3=c6");
    assert_eq!(m.key, "learn.snelab.hint.frees");
    assert!(arg(&m, "square").contains("c5") && arg(&m, "payers").contains("c6"));
    let m = why("7/2J4/2J4/7/3j3/4A1b/7 S +a", "e2xd3=c5");
    assert_eq!(
        m.key, "learn.snelab.hint.stop",
        "the Justice on d3 would land on d1-b1"
    );
    // One payment only, and no threat taken: a plain capture. (Without North's Bailiff on g2,
    // which lands on g1 next, it would win by force: North's Justice ends up stuck on d2.)
    let m = why("7/7/7/1j1a3/2A4/7/B5B S +a", "c3xd4=a1+g1");
    assert_eq!(m.key, "learn.snelab.hint.forced");
    let m = why("7/7/7/1j1a3/2A4/6b/B5B S +a", "c3xd4=a1+g1");
    assert_eq!(m.key, "learn.snelab.hint.capture");
    assert!(arg(&m, "payers").contains("a1 + g1"));
    // The Bailiff comes within one route of the Bench; North's Advocate can still take it.
    let m = why("b2a3/7/4B2/7/7/7/A6 S +a", "e5-e6");
    assert_eq!(m.key, "learn.snelab.hint.advance");
    // Without North's Advocate nothing can stop it: a forced win.
    let m = why("b6/7/4B2/7/7/7/A6 S +a", "e5-e6");
    assert_eq!(m.key, "learn.snelab.hint.forced");
    // A quiet opening move: the engine's choice.
    let m = why(&Position::start().position_text(), "a1-a2");
    assert_eq!(m.key, "learn.snelab.hint.engine");
}

#[test]
fn every_hint_reason_is_worded() {
    use carved_tables::i18n::msg;
    let all = [
        msg("learn.snelab.hint.bench")
            .with_words("piece", msg("snelab.rank.justice"))
            .with("square", "c7"),
        msg("learn.snelab.hint.no_move").with_words("side", Side::North.explain()),
        msg("learn.snelab.hint.forced").with_words("side", Side::North.explain()),
        msg("learn.snelab.hint.only_payment")
            .with("count", 3)
            .with_words("side", Side::South.explain()),
        msg("learn.snelab.hint.frees")
            .with("payers", "a1 + b2")
            .with_words("piece", msg("snelab.rank.advocate"))
            .with("square", "c5"),
        msg("learn.snelab.hint.stop")
            .with_words("piece", msg("snelab.rank.bailiff"))
            .with("square", "d2")
            .with("payers", "g1"),
        msg("learn.snelab.hint.keeps")
            .with("count", 2)
            .with_words("piece", msg("snelab.rank.barrister"))
            .with("square", "e4"),
        msg("learn.snelab.hint.capture")
            .with_words("piece", msg("snelab.rank.advocate"))
            .with("square", "d4")
            .with("payers", "a1 + g1"),
        msg("learn.snelab.hint.advance")
            .with_words("piece", msg("snelab.rank.bailiff"))
            .with("square", "e6"),
        msg("learn.snelab.hint.engine").with("action", "a1-a2"),
    ];
    for m in &all {
        worded(m);
    }
}

#[test]
fn the_hint_finds_every_shipped_puzzles_answer_and_says_why() {
    let set = PuzzleSet::shipped(GameKind::Snelab).unwrap();
    for p in &set.puzzles {
        let pos: G = Position::parse_position(&p.position).unwrap();
        let h = snelab::hint(&pos, 3).unwrap();
        assert_eq!(pos.action_text(&h.action), p.answer, "{}", p.id);
        let expected: &[&str] = match (p.kind.as_str(), p.moves) {
            (_, 1) => &["learn.snelab.hint.bench", "learn.snelab.hint.no_move"],
            (snelab::ONLY_PAYMENT, _) => &["learn.snelab.hint.only_payment"],
            _ => &["learn.snelab.hint.forced", "learn.snelab.hint.only_payment"],
        };
        assert!(expected.contains(&h.why.key), "{}: {}", p.id, h.why.key);
    }
}
