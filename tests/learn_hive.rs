//! Ash & Walnut's part of "Learn to play": the course (every lesson consistent, playable by its
//! intended moves, its wrong tries refused in words of every language), its texts, the shipped
//! puzzles (each proved again, its answer right and another move wrong) and the hint.

use carved_tables::i18n::{Explain, Lang, Message, parse_strings, unworded};
use carved_tables::learn::hive::{self, G, hint::Reason};
use carved_tables::learn::{Answer, Goal, PuzzleSet, Run, Try, lesson, texts};
use carved_tables::rules::hive::{Colour, Move, Piece};
use carved_tables::rules::{Game, GameKind};
use std::collections::{BTreeMap, BTreeSet};

fn words() -> Vec<(Lang, BTreeMap<String, String>)> {
    Lang::ALL
        .into_iter()
        .map(|l| (l, parse_strings(l.source()).expect("the strings read")))
        .collect()
}

/// Every key of `message`, nested words included, has words in every language (the rules'
/// refusals carry values a text may leave out, such as a cell's coordinates).
fn assert_keys_worded(message: &Message, what: &str) {
    for (lang, words) in words() {
        let mut stack = vec![message];
        while let Some(m) = stack.pop() {
            assert!(
                words.contains_key(&carved_tables::i18n::fluent_id(m.key)),
                "{what}: no {} in {}",
                m.key,
                lang.code()
            );
            for (_, arg) in &m.args {
                if let carved_tables::i18n::Arg::Words(inner) = arg {
                    stack.push(inner);
                }
            }
        }
    }
}

/// `message` can be said in every language, each of its placeholders filled.
fn assert_worded(message: &Message, what: &str) {
    for (lang, words) in words() {
        assert_eq!(unworded(&words, message), None, "{what} in {}", lang.code());
    }
}

#[test]
fn the_course_is_consistent_and_has_the_slide_lesson() {
    let course = hive::course();
    assert!((8..=12).contains(&course.len()), "{} lessons", course.len());
    let ids: BTreeSet<&str> = course.iter().map(|l| l.id).collect();
    assert_eq!(ids.len(), course.len(), "lesson ids are unique");
    assert!(ids.contains("slide"));
    for l in &course {
        assert_eq!(lesson::flaws(l), Vec::<String>::new(), "{}", l.id);
        assert_eq!(l.side(), Colour::Ash, "{}: the player is ash", l.id);
        assert!(
            l.position.board().occupied_cells() <= 10,
            "{}: a small position",
            l.id
        );
    }
}

#[test]
fn the_texts_fit_the_course_in_every_language() {
    let course = hive::course();
    let ids: Vec<(&str, usize)> = course.iter().map(|l| (l.id, l.steps.len())).collect();
    assert_eq!(texts::flaws(GameKind::Hive, &ids), Vec::<String>::new());
}

#[test]
fn each_lesson_plays_through_and_refuses_its_wrong_tries_in_words() {
    for l in hive::course() {
        let mut run = Run::new(&l);
        let mut refused = 0;
        for (i, step) in l.steps.iter().enumerate() {
            if let Some(wrong) = &step.wrong {
                match run.try_action(wrong) {
                    Try::Refused(e) => {
                        assert_keys_worded(&e.explain(), &format!("{} step {}", l.id, i + 1));
                        refused += 1;
                    }
                    other => panic!("{} step {}: the wrong try gave {other:?}", l.id, i + 1),
                }
                assert_eq!(run.step, i, "a refused try changes nothing");
            }
            match run.try_action(&step.intended) {
                Try::Step { reply, .. } => {
                    assert!(i + 1 < l.steps.len(), "{}: not the last step", l.id);
                    assert_eq!(reply.map(|r| r.0), step.reply, "{}: the reply", l.id);
                }
                Try::Done { .. } => assert_eq!(i + 1, l.steps.len(), "{}: done at the end", l.id),
                other => panic!(
                    "{} step {}: the intended action gave {other:?}",
                    l.id,
                    i + 1
                ),
            }
        }
        assert!(run.done(), "{}", l.id);
        assert!(refused >= 1, "{}: every lesson shows a rule refusing", l.id);
    }
}

#[test]
fn a_legal_try_that_is_not_asked_is_put_aside() {
    let mut asides = 0;
    for l in hive::course() {
        let state = l.position.clone();
        let step = &l.steps[0];
        let other = state.legal_actions().into_iter().find(|a| {
            let after = state.apply(a).expect("legal").0;
            *a != step.intended && !step.goal.met(&state, a, &after)
        });
        let Some(other) = other else {
            continue;
        };
        let mut run = Run::new(&l);
        assert_eq!(run.try_action(&other), Try::Aside, "{}", l.id);
        assert_eq!((run.step, &run.state), (0, &state), "{}: put back", l.id);
        asides += 1;
    }
    assert!(asides >= 8, "only {asides} lessons have another legal try");
}

#[test]
fn the_surround_lesson_ends_in_a_win_and_its_goal_is_the_rules() {
    let course = hive::course();
    let l = course
        .iter()
        .find(|l| l.id == "surround")
        .expect("a surround lesson");
    let mut run = Run::new(l);
    for step in &l.steps {
        run.try_action(&step.intended);
    }
    assert_eq!(
        run.state.outcome(),
        Some(carved_tables::rules::hive::Outcome::Win(Colour::Ash))
    );
    // The last step's goal is any move that surrounds: it rejects one that does not.
    let last = l.steps.last().expect("steps");
    assert!(matches!(last.goal, Goal::Reach(_)));
}

#[test]
fn the_shipped_puzzles_are_proved_and_judged() {
    let set = PuzzleSet::shipped(GameKind::Hive).expect("the shipped set reads");
    assert_eq!(set.game, "hive");
    assert_eq!(set.depth, hive::DEPTH);
    assert!(set.puzzles.len() >= 60, "{} puzzles", set.puzzles.len());
    let ids: BTreeSet<&str> = set.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), set.puzzles.len());
    let mut kinds = BTreeMap::new();
    for p in &set.puzzles {
        *kinds.entry(p.kind.clone()).or_insert(0) += 1;
        assert_eq!(hive::check(p), Ok(()), "{}", p.id);
        let state = G::parse_position(&p.position).expect("reads");
        let answer = state.parse_action(&p.answer).expect("legal");
        let first = hive::judge(p, &state, &answer, 0);
        let expected = if p.moves == 1 {
            Answer::Solved
        } else {
            Answer::Right
        };
        assert_eq!(first, expected, "{}", p.id);
        let other = state
            .legal_actions()
            .into_iter()
            .find(|a| *a != answer)
            .expect("another legal move");
        assert_eq!(hive::judge(p, &state, &other, 0), Answer::Wrong, "{}", p.id);
        // The line plays out: the other side's reply, the player's next move judged right.
        let mut state = state.apply(&answer).expect("legal").0;
        for ply in 1..p.moves {
            let r = hive::reply(p, &state, ply - 1).expect("a reply");
            assert_eq!(
                state.action_text(&r),
                p.line[2 * ply as usize - 1],
                "{}",
                p.id
            );
            state = state.apply(&r).expect("the reply is legal").0;
            let next = state
                .parse_action(&p.line[2 * ply as usize])
                .expect("the line's move");
            let judged = hive::judge(p, &state, &next, ply);
            let expected = if ply + 1 == p.moves {
                Answer::Solved
            } else {
                Answer::Right
            };
            assert_eq!(judged, expected, "{} ply {ply}", p.id);
            state = state.apply(&next).expect("legal").0;
        }
        assert_eq!(
            state.outcome(),
            Some(carved_tables::rules::hive::Outcome::Win(
                G::parse_position(&p.position).expect("reads").to_move()
            )),
            "{}",
            p.id
        );
    }
    for k in 1..=3 {
        let kind = format!("surround-{k}");
        assert!(kinds.get(&kind).is_some_and(|&n| n >= 2), "{kinds:?}");
        let key: &'static str = Box::leak(format!("learn.puzzle.kind.{kind}").into_boxed_str());
        assert_worded(&carved_tables::i18n::msg(key), &kind);
    }
}

#[test]
fn a_wrong_puzzle_is_caught() {
    let set = PuzzleSet::shipped(GameKind::Hive).expect("reads");
    let p = set
        .puzzles
        .iter()
        .find(|p| p.moves == 2)
        .expect("a two-move puzzle");
    // Another first move as the answer.
    let state = G::parse_position(&p.position).expect("reads");
    let mut wrong = p.clone();
    let other = state
        .legal_actions()
        .into_iter()
        .find(|a| state.action_text(a) != p.answer)
        .expect("another move");
    wrong.answer = state.action_text(&other);
    wrong.line[0] = wrong.answer.clone();
    assert!(hive::check(&wrong).is_err());
    // A two-move puzzle called a one-move one.
    let mut short = p.clone();
    short.moves = 1;
    short.kind = "surround-1".into();
    short.line.truncate(1);
    assert!(hive::check(&short).is_err());
    // A line that does not end the game.
    let mut cut = p.clone();
    cut.line.pop();
    assert!(hive::check(&cut).is_err());
}

/// A real game (engine self-play) where ash surrounds the walnut Elder with one move only:
/// the Hare 2 jumps into the last free cell.
const ONE_TO_WIN: &str = "Base;InProgress;White[14];wA1;bA1 wA1/;wQ -wA1;bQ bA1/;wA2 /wQ;bQ bA1-;wA2 bQ\\;bS1 \\bA1;wG1 wA1\\;bS1 -wQ;wA3 wG1\\;bA2 \\bA1;wA3 wA2/;bA2 -bA1;wG1 \\bA2;bA3 \\bS1;wA1 \\bQ;bA3 wQ-;wB1 wA2-;bG1 \\bS1;wB1 wA2;bG1 bS1\\;wB1 -wA2;bB1 bG1\\;wG2 wA2-;bB1 bG1-";

#[test]
fn the_hint_finds_the_win_and_says_why() {
    let state = G::parse_position(ONE_TO_WIN).expect("reads");
    let hint = hive::hint(&state, 1).expect("a hint");
    assert_eq!(state.action_text(&hint.action), "wG2 \\wA3");
    assert_eq!(hint.why.key, "learn.hive.hint.surrounds");
    assert_worded(&hint.why, "the hint");
    let after = state.apply(&hint.action).expect("legal").0;
    assert_eq!(
        after.outcome(),
        Some(carved_tables::rules::hive::Outcome::Win(Colour::Ash))
    );
}

#[test]
fn the_hint_recognises_closing_in_and_climbing() {
    let course = hive::course();
    let lesson = |id: &str| course.iter().find(|l| l.id == id).expect("lesson");
    // The Otter takes the fifth cell around the walnut Elder.
    let l = lesson("surround");
    let m = l.steps[0].intended;
    assert_eq!(
        hive::hint::reason(&l.position, m),
        Reason::Closes { taken: 5 }
    );
    // The Owl climbs onto the walnut Hare 1.
    let l = lesson("owl");
    let hare = Piece::parse("bG1").expect("a piece");
    assert_eq!(
        hive::hint::reason(&l.position, l.steps[0].intended),
        Reason::Covers(hare)
    );
    // The Elder placed on the fourth turn.
    let l = lesson("fourth");
    assert_eq!(
        hive::hint::reason(&l.position, l.steps[0].intended),
        Reason::PlacesElder
    );
    // Every reason is worded everywhere, with every placeholder.
    for l in &course {
        let m = l.steps[0].intended;
        assert_worded(&hive::hint::why(&l.position, m), l.id);
    }
    let state = G::parse_position(ONE_TO_WIN).expect("reads");
    assert_worded(&hive::hint::why(&state, Move::Pass), "a pass is worded too");
}

#[test]
fn the_hint_gives_the_engine_move_where_nothing_wins_at_once() {
    let state =
        G::parse_position("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-").expect("reads");
    let hint = hive::hint(&state, 7).expect("a hint");
    assert!(state.check(&hint.action).is_ok());
    assert_worded(&hint.why, "the hint");
    // The same seed, the same hint.
    assert_eq!(hive::hint(&state, 7).map(|h| h.action), Some(hint.action));
}
