//! Learning at the tables, headless: every lesson of Ash & Walnut and Artifact Chess completed
//! at the real table by intents (a typical wrong try refused with its rule, a legal other try
//! put back, the intended action accepted, the coach's answer played like the bot's), saved as
//! done; a practice position solved; a hint against the bot lit and counted; no hint in a
//! lesson.

use bevy::prelude::*;
use carved_tables::app::kit::harness;
use carved_tables::app::learn::{AskHint, Hints, Learn, LearnWhat, Teach};
use carved_tables::app::save::SaveStore;
use carved_tables::app::screens::{MenuPage, Navigate};
use carved_tables::learn::{Learnable, Progress, PuzzleSet, Said};
use carved_tables::rules::{Game, GameKind};
use carved_tables::save::MemoryStore;

/// Lets the table run until nothing moves and the coach has no answer to play (at most a few
/// hundred frames).
fn settle<T: Teach>(app: &mut App) {
    for _ in 0..400 {
        app.update();
        let t = harness::table::<T>(app);
        if !t.busy() && t.scripted().is_none() {
            return;
        }
    }
    panic!("the table never settled");
}

fn progress(app: &App) -> Progress {
    let store = harness::saved(app, &["learn"]);
    let mut store = SaveStore(Box::new(store));
    store.load::<Progress>().0
}

/// Every lesson of `T`'s game, by `act` (the intent that plays a whole action).
fn every_lesson<T: Teach>(app: &mut App, act: impl Fn(<T::Bot as Game>::Action) -> T::Intent) {
    let course = <T::Bot as Learnable>::course();
    assert!(
        course.len() >= 8,
        "{:?}: a course of at least 8 lessons",
        T::GAME
    );
    // The lessons away from the board come first in the course.
    let first = <T::Bot as Learnable>::off_board().len();
    for (i, lesson) in course.iter().enumerate() {
        app.world_mut().write_message(Learn {
            game: T::GAME,
            what: LearnWhat::Lesson(first + i),
        });
        app.update();
        app.update();
        let coach = harness::table::<T>(app).coach().expect("a lesson is on");
        assert_eq!(coach.id(), lesson.id);
        for (s, step) in lesson.steps.iter().enumerate() {
            settle::<T>(app);
            let state = harness::table::<T>(app).position().unwrap().clone();
            if let Some(wrong) = step.wrong {
                harness::refusals::<T>(app);
                harness::intent::<T>(app, act(wrong));
                assert_eq!(
                    harness::refusals::<T>(app).len(),
                    1,
                    "{} step {s}: the wrong try is refused",
                    lesson.id
                );
                assert_eq!(harness::table::<T>(app).position(), Some(&state));
            }
            // A legal try that is not what the step asks is put back.
            let aside = state.legal_actions().into_iter().find(|a| {
                state
                    .apply(a)
                    .is_ok_and(|(after, _)| !step.goal.met(&state, a, &after))
            });
            if let Some(aside) = aside {
                harness::intent::<T>(app, act(aside));
                assert_eq!(
                    harness::refusals::<T>(app).len(),
                    1,
                    "{} step {s}: put back",
                    lesson.id
                );
                assert_eq!(harness::table::<T>(app).position(), Some(&state));
                assert_eq!(harness::table::<T>(app).coach().unwrap().said, Said::Aside);
            }
            harness::intent::<T>(app, act(step.intended));
            assert!(
                harness::refusals::<T>(app).is_empty(),
                "{} step {s}: the intended action is taken",
                lesson.id
            );
        }
        settle::<T>(app);
        assert!(
            harness::table::<T>(app).coach().unwrap().done(),
            "{} done",
            lesson.id
        );
        assert!(
            progress(app).lesson_done(T::GAME, lesson.id),
            "{} saved as done",
            lesson.id
        );
    }
}

/// The first shipped practice position of `T`'s game solved by its answer after a wrong try.
fn a_puzzle<T: Teach>(app: &mut App, act: impl Fn(<T::Bot as Game>::Action) -> T::Intent) {
    let set = PuzzleSet::shipped(T::GAME).unwrap();
    let first = &set.puzzles[0];
    app.world_mut().write_message(Learn {
        game: T::GAME,
        what: LearnWhat::Puzzle(0),
    });
    settle::<T>(app);
    let state = harness::table::<T>(app).position().unwrap().clone();
    let answer = state.parse_action(&first.answer).unwrap();
    let other = state
        .legal_actions()
        .into_iter()
        .find(|a| *a != answer)
        .unwrap();
    harness::intent::<T>(app, act(other));
    assert_eq!(
        harness::refusals::<T>(app).len(),
        1,
        "a wrong answer is put back"
    );
    let mut action = Some(answer);
    for _ in 0..6 {
        let Some(a) = action else { break };
        harness::intent::<T>(app, act(a));
        assert!(harness::refusals::<T>(app).is_empty());
        settle::<T>(app);
        let t = harness::table::<T>(app);
        if t.coach().unwrap().done() {
            break;
        }
        // A puzzle of several moves: the next right move, as the judge takes it.
        let s = t.position().unwrap().clone();
        let ply = match &t.coach().unwrap().task {
            carved_tables::learn::coach::Task::Puzzle { ply, .. } => *ply,
            _ => unreachable!(),
        };
        action = s.legal_actions().into_iter().find(|a| {
            <T::Bot as Learnable>::judge(first, &s, a, ply) != carved_tables::learn::Answer::Wrong
        });
    }
    assert!(
        harness::table::<T>(app).coach().unwrap().done(),
        "the position is solved"
    );
    assert!(progress(app).puzzle_solved(T::GAME, &first.id));
}

/// Leaving the table with a lesson on ends it: back at the table (Play in the menu), the lobby.
fn leaving_ends_the_lesson<T: Teach>(app: &mut App) {
    app.world_mut().write_message(Learn {
        game: T::GAME,
        what: LearnWhat::Lesson(0),
    });
    app.update();
    app.update();
    let on = |t: &T| t.coach().is_some() || t.off_board().is_some();
    assert!(on(harness::table::<T>(app)), "a lesson is on");
    app.world_mut()
        .write_message(Navigate::Menu(MenuPage::Learn(T::GAME)));
    app.update();
    app.update();
    assert!(
        !on(harness::table::<T>(app)),
        "{:?}: the lesson ended when the player left the table",
        T::GAME
    );
    app.world_mut().write_message(Navigate::Table(T::GAME));
    app.update();
    app.update();
    assert!(!on(harness::table::<T>(app)));
}

mod hive {
    use super::*;
    use carved_tables::app::hive::{self, HiveTable, Intent, Timing};

    fn app() -> App {
        harness::open::<HiveTable>(hive::core_plugin, MemoryStore::default(), Timing::INSTANT)
    }

    #[test]
    fn every_lesson_completes_at_the_table() {
        let mut app = app();
        every_lesson::<HiveTable>(&mut app, Intent::Play);
    }

    #[test]
    fn a_practice_position_is_solved_at_the_table() {
        let mut app = app();
        a_puzzle::<HiveTable>(&mut app, Intent::Play);
    }

    #[test]
    fn leaving_the_table_ends_the_lesson_and_the_game_before_it_is_offered_again() {
        let mut app = app();
        harness::intent::<HiveTable>(&mut app, Intent::Start);
        for _ in 0..400 {
            app.update();
            let t = harness::table::<HiveTable>(&app);
            if t.state().is_some_and(|s| s.ply() > 0) && !t.animating() {
                break;
            }
            if t.person_to_act() {
                let a = t.state().unwrap().legal_actions()[0];
                harness::intent::<HiveTable>(&mut app, Intent::Play(a));
            }
        }
        let ply = harness::table::<HiveTable>(&app).state().unwrap().ply();
        assert!(ply > 0, "a game under way");
        leaving_ends_the_lesson::<HiveTable>(&mut app);
        let t = harness::table::<HiveTable>(&app);
        assert_eq!(t.phase, hive::Phase::Lobby);
        assert_eq!(
            t.saved.as_ref().map(|g| g.state().ply()),
            Some(ply),
            "the lobby offers the game kept when the lesson began"
        );
    }

    #[test]
    fn a_hint_against_the_bot_is_lit_and_counted_and_none_in_a_lesson() {
        let mut app = app();
        harness::intent::<HiveTable>(&mut app, Intent::Start);
        // The person to move (ash or walnut, by the colour rule): let the bot open if it must.
        for _ in 0..200 {
            if harness::table::<HiveTable>(&app).hint_turn().is_some() {
                break;
            }
            app.update();
        }
        assert!(harness::table::<HiveTable>(&app).hint_turn().is_some());
        app.world_mut().write_message(AskHint(GameKind::Hive));
        for _ in 0..200 {
            app.update();
            if app.world().resource::<Hints<HiveTable>>().used > 0 {
                break;
            }
        }
        let hints = app.world().resource::<Hints<HiveTable>>();
        assert_eq!(hints.used, 1);
        let t = harness::table::<HiveTable>(&app);
        assert!(hints.why(t.position()).is_some(), "the hint says why");
        assert_eq!(
            t.pick.rings().len(),
            1,
            "the hinted move is lit: its piece lifted, one ring"
        );
        // In a lesson there is no hint.
        app.world_mut().write_message(Learn {
            game: GameKind::Hive,
            what: LearnWhat::Lesson(0),
        });
        app.update();
        app.update();
        assert!(harness::table::<HiveTable>(&app).hint_turn().is_none());
    }
}

mod chess {
    use super::*;
    use carved_tables::app::chess::{self, ChessTable, Intent, Timing};

    fn app() -> App {
        harness::open::<ChessTable>(chess::core_plugin, MemoryStore::default(), Timing::INSTANT)
    }

    #[test]
    fn every_lesson_completes_at_the_table() {
        let mut app = app();
        every_lesson::<ChessTable>(&mut app, Intent::Act);
    }

    #[test]
    fn a_practice_position_is_solved_at_the_table() {
        let mut app = app();
        a_puzzle::<ChessTable>(&mut app, Intent::Act);
    }

    #[test]
    fn leaving_the_table_ends_the_lesson() {
        let mut app = app();
        leaving_ends_the_lesson::<ChessTable>(&mut app);
        assert_eq!(
            harness::table::<ChessTable>(&app).phase,
            chess::Phase::Lobby
        );
    }

    #[test]
    fn the_army_lesson_is_built_piece_by_piece_at_the_builder() {
        use carved_tables::play::chess::DraftError;
        let mut app = app();
        let lesson = carved_tables::learn::chess::army();
        app.world_mut().write_message(Learn {
            game: GameKind::Chess,
            what: LearnWhat::Lesson(0),
        });
        app.update();
        app.update();
        let t = harness::table::<ChessTable>(&app);
        assert_eq!(t.phase, chess::Phase::Build(lesson.colour));
        assert_eq!(t.off_board().map(|o| (o.id, o.done)), Some(("army", false)));
        assert_eq!(t.drafts[lesson.colour.index()].placements, lesson.start);
        // The typical wrong addition: refused by the army's rules, saying why.
        harness::refusals::<ChessTable>(&mut app);
        harness::intent::<ChessTable>(&mut app, Intent::Drop(lesson.wrong.0, lesson.wrong.1));
        let refused = harness::refusals::<ChessTable>(&mut app);
        assert!(
            matches!(
                refused.as_slice(),
                [chess::Refusal::Draft(DraftError::OverBudget { .. })]
            ),
            "{refused:?}"
        );
        // The lesson's army starts no game, and is not swapped for a random one.
        for whole in [Intent::Ready, Intent::RandomArmy, Intent::ClearArmy] {
            harness::intent::<ChessTable>(&mut app, whole);
            assert_eq!(harness::refusals::<ChessTable>(&mut app).len(), 1);
        }
        for (role, sq) in lesson.intended.clone() {
            harness::intent::<ChessTable>(&mut app, Intent::Drop(role, sq));
            assert!(harness::refusals::<ChessTable>(&mut app).is_empty());
        }
        app.update();
        let t = harness::table::<ChessTable>(&app);
        assert_eq!(t.off_board().map(|o| o.done), Some(true));
        assert!(progress(&app).lesson_done(GameKind::Chess, "army"));
        // The next lesson is the first on the board.
        app.world_mut().write_message(Learn {
            game: GameKind::Chess,
            what: LearnWhat::Lesson(1),
        });
        app.update();
        app.update();
        let t = harness::table::<ChessTable>(&app);
        assert!(t.off_board().is_none());
        assert_eq!(
            t.coach().map(|c| c.id()),
            Some(carved_tables::learn::chess::course()[0].id)
        );
    }
}

mod snelab {
    use super::*;
    use carved_tables::app::snelab::{self, Intent, SnelabTable, Timing};

    fn app() -> App {
        harness::open::<SnelabTable>(snelab::core_plugin, MemoryStore::default(), Timing::INSTANT)
    }

    #[test]
    fn every_lesson_completes_at_the_table_and_leaves_the_purse_alone() {
        let mut app = app();
        let coins = harness::table::<SnelabTable>(&app).purse.coins();
        every_lesson::<SnelabTable>(&mut app, Intent::Play);
        assert_eq!(harness::table::<SnelabTable>(&app).purse.coins(), coins);
    }

    #[test]
    fn a_practice_position_is_solved_at_the_table() {
        let mut app = app();
        a_puzzle::<SnelabTable>(&mut app, Intent::Play);
    }

    /// The payment lesson played as the clicks do: the piece, its target, each payer, Confirm.
    #[test]
    fn the_payment_lesson_is_done_by_clicks() {
        use carved_tables::rules::snelab::Square;
        let mut app = app();
        let index = carved_tables::learn::lesson_ids(GameKind::Snelab)
            .iter()
            .position(|id| *id == "payment")
            .unwrap();
        app.world_mut().write_message(Learn {
            game: GameKind::Snelab,
            what: LearnWhat::Lesson(index),
        });
        settle::<SnelabTable>(&mut app);
        let sq = |s: &str| s.parse::<Square>().unwrap();
        for intent in [
            Intent::Select(sq("c1")),
            Intent::Target(sq("d2")),
            Intent::Pay(sq("a1")),
            Intent::Pay(sq("g1")),
            Intent::Confirm,
        ] {
            harness::intent::<SnelabTable>(&mut app, intent);
            let refused = harness::refusals::<SnelabTable>(&mut app);
            assert!(refused.is_empty(), "{intent:?}: {refused:?}");
        }
        settle::<SnelabTable>(&mut app);
        assert!(harness::table::<SnelabTable>(&app).coach().unwrap().done());
    }

    #[test]
    fn leaving_the_table_ends_the_lesson() {
        let mut app = app();
        leaving_ends_the_lesson::<SnelabTable>(&mut app);
        let t = harness::table::<SnelabTable>(&app);
        assert!(!t.session.learning());
        assert_eq!(t.session.phase(), carved_tables::play::snelab::Phase::Lobby);
    }
}
