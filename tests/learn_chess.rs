//! Artifact Chess's part of "Learn to play": the course, its texts, the puzzles and the hint.

use carved_tables::learn::{self, Run, Try, chess, lesson};
use carved_tables::rules::Game;

#[test]
fn every_lesson_is_sound_and_completes_by_its_intended_actions() {
    let course = chess::course();
    assert_eq!(course.len(), 10);
    for l in &course {
        assert_eq!(lesson::flaws(l), Vec::<String>::new());
        let mut run = Run::new(l);
        for (i, step) in l.steps.iter().enumerate() {
            match run.try_action(&step.intended) {
                Try::Step { .. } => assert!(i + 1 < l.steps.len()),
                Try::Done { .. } => assert_eq!(i + 1, l.steps.len()),
                other => panic!("{} step {}: {other:?}", l.id, i + 1),
            }
        }
        assert!(run.done(), "{}", l.id);
    }
    assert_eq!(chess::army().flaws(), Vec::<String>::new());
    let _ = learn::Progress::default();
    let _ = <chess::G as Game>::start();
}
