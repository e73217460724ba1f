//! Replays at the tables, headless: a record read by `review::read` (or a line built here)
//! opens at its table, looked at from its first position; steps, jumps and Play move through
//! it; nothing else is played or saved; leaving the table ends it, and the game in progress
//! before it is offered again.

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use carved_tables::app::kit::TableKind;
use carved_tables::app::kit::harness;
use carved_tables::app::kit::history::Step;
use carved_tables::app::replay::archive::GamesArchive;
use carved_tables::app::replay::{OpenReplay, Replays};
use carved_tables::app::save::SaveStore;
use carved_tables::app::screens::{MenuPage, Navigate};
use carved_tables::play::archive::{Archive, ArchivedResult};
use carved_tables::review::{Line, Replay};
use carved_tables::rules::Game;
use carved_tables::save::MemoryStore;
use std::time::Duration;

fn open(app: &mut App, replay: Replay) {
    app.world_mut()
        .write_message(OpenReplay::new(replay, ["North".into(), "South".into()]));
    app.update();
    app.update();
}

/// Steps, jumps and the refusal of anything but looking, the same at every table.
fn looked_through<T: Replays>(app: &mut App, plies: usize, other: T::Intent) {
    assert!(
        harness::table::<T>(app).replaying().is_some(),
        "a replay is on"
    );
    assert_eq!(
        harness::table::<T>(app).replay_at(),
        (0, plies),
        "from the start"
    );
    harness::intent::<T>(app, T::view(Step::Forward));
    harness::intent::<T>(app, T::view(Step::Forward));
    assert_eq!(harness::table::<T>(app).replay_at(), (2, plies));
    harness::intent::<T>(app, T::view(Step::Back));
    assert_eq!(harness::table::<T>(app).replay_at(), (1, plies));
    harness::intent::<T>(app, T::view(Step::ToGame));
    assert_eq!(
        harness::table::<T>(app).replay_at(),
        (plies, plies),
        "the end"
    );
    harness::intent::<T>(app, T::view(Step::Start));
    assert_eq!(
        harness::table::<T>(app).replay_at(),
        (0, plies),
        "the start again"
    );
    harness::refusals::<T>(app);
    harness::intent::<T>(app, other);
    assert_eq!(
        harness::refusals::<T>(app).len(),
        1,
        "{:?}: nobody plays at a replay",
        T::GAME
    );
    assert_eq!(harness::table::<T>(app).replay_at(), (0, plies));
}

/// Play goes on by itself at its speed and stops at the end.
fn plays_on<T: Replays>(app: &mut App, plies: usize) {
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        250,
    )));
    app.world_mut()
        .resource_mut::<T>()
        .replaying_mut()
        .expect("a replay is on")
        .playing = true;
    for _ in 0..(plies * 8 + 40) {
        app.update();
        if harness::table::<T>(app).replay_at().0 == plies {
            break;
        }
    }
    assert_eq!(harness::table::<T>(app).replay_at(), (plies, plies));
    for _ in 0..4 {
        app.update();
    }
    assert!(
        !harness::table::<T>(app).replaying().unwrap().playing,
        "Play stops at the end"
    );
}

/// The game just ended at the table is the newest of the device's games, saved, and opens
/// from the list as a replay of the same actions.
fn kept_and_replayed<T: Replays>(app: &mut App, game: carved_tables::rules::GameKind) {
    let archive = &app.world().resource::<GamesArchive>().0;
    assert_eq!(archive.len(), 1, "{game:?}: the finished game is kept");
    let entry = archive.get(0).unwrap().clone();
    assert_eq!(entry.game, game);
    assert_eq!(entry.result, ArchivedResult::Lost, "the person resigned");
    let plies = harness::table::<T>(app).replay_at().1;
    assert_eq!(entry.plies, plies);
    let mut reloaded = SaveStore(Box::new(harness::saved(app, &["games"])));
    let reloaded = reloaded.load::<Archive>().0;
    assert_eq!(reloaded.len(), 1, "the list is saved");
    let replay = reloaded.open(0).expect("the kept record replays");
    assert_eq!(replay.len(), plies);
    open(app, replay);
    assert_eq!(harness::table::<T>(app).replay_at(), (0, plies));
}

/// Leaving the table ends the replay.
fn left<T: Replays>(app: &mut App) {
    app.world_mut()
        .write_message(Navigate::Menu(MenuPage::Games));
    app.update();
    app.update();
    assert!(harness::table::<T>(app).replaying().is_none());
}

mod hive {
    use super::*;
    use carved_tables::app::hive::{self, HiveTable, Intent, Phase, Timing};

    fn app() -> App {
        harness::open::<HiveTable>(hive::core_plugin, MemoryStore::default(), Timing::INSTANT)
    }

    const GAME: &str = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-";

    #[test]
    fn a_game_string_replays_at_the_table_and_is_never_saved() {
        let mut app = app();
        let replay = carved_tables::review::read(GAME).expect("the GameString reads");
        let plies = replay.len();
        assert_eq!(plies, 4);
        open(&mut app, replay);
        let t = harness::table::<HiveTable>(&app);
        assert_eq!(t.phase, Phase::Over);
        assert_eq!(t.shown().ply(), 0, "the first position on show");
        assert_eq!(t.last, None, "no last move marked on the empty table");
        looked_through::<HiveTable>(&mut app, plies, Intent::Resign);
        harness::intent::<HiveTable>(&mut app, Intent::View(Step::Forward));
        assert_eq!(
            harness::table::<HiveTable>(&app).position_text(),
            "Base;InProgress;Black[1];wS1",
            "Copy gives the position on show"
        );
        assert!(
            harness::saved(&app, &["hive.game"]).values.is_empty(),
            "a replay is not saved as the game in progress"
        );
        plays_on::<HiveTable>(&mut app, plies);
        left::<HiveTable>(&mut app);
        assert_eq!(harness::table::<HiveTable>(&app).phase, Phase::Lobby);
    }

    #[test]
    fn the_arrows_step_through_a_replay_even_while_a_move_travels() {
        // Moves take their time here, as in play: the second → comes while the first move
        // still travels.
        let mut app = harness::open::<HiveTable>(
            hive::core_plugin,
            MemoryStore::default(),
            Timing::default(),
        );
        app.init_resource::<ButtonInput<KeyCode>>();
        open(&mut app, carved_tables::review::read(GAME).unwrap());
        assert_eq!(harness::table::<HiveTable>(&app).replay_at(), (0, 4));
        harness::press(&mut app, KeyCode::ArrowRight);
        assert_eq!(harness::table::<HiveTable>(&app).replay_at(), (1, 4));
        assert!(
            harness::table::<HiveTable>(&app).animating(),
            "the move travels"
        );
        harness::press(&mut app, KeyCode::ArrowRight);
        assert_eq!(harness::table::<HiveTable>(&app).replay_at(), (2, 4));
        harness::press(&mut app, KeyCode::ArrowLeft);
        assert_eq!(harness::table::<HiveTable>(&app).replay_at(), (1, 4));
        assert!(harness::refusals::<HiveTable>(&mut app).is_empty());
    }

    #[test]
    fn the_analysis_board_plays_on_freely_with_the_engines_evaluation_live() {
        use carved_tables::app::replay::analysis::{Analyses, Thinking};
        use carved_tables::review::analysis::Analysis;
        use carved_tables::rules::hive::State;
        let mut app = app();
        let replay =
            carved_tables::app::replay::scenes::scene_replay(carved_tables::rules::GameKind::Hive)
                .unwrap();
        let Replay::Hive(line) = replay.clone() else {
            panic!()
        };
        open(&mut app, replay);
        harness::intent::<HiveTable>(&mut app, Intent::View(Step::To(10)));
        let effects = app
            .world_mut()
            .resource_mut::<HiveTable>()
            .analyse_here()
            .expect("the board opens");
        assert!(!effects.is_empty());
        let t = harness::table::<HiveTable>(&app);
        assert!(t.replaying().is_none(), "the replay's bar gives way");
        assert_eq!(t.analysed(), Some(&line.states[10]), "the position on show");
        assert!(t.person_to_act(), "both sides are played here");
        // The engine follows the board, a search a frame, and equals the analysis made apart.
        for _ in 0..40 {
            app.update();
        }
        let mut direct = Analysis::new(line.states[10].clone(), 6);
        direct.run();
        {
            let thinking = app.world().resource::<Thinking<State>>();
            let a = thinking.analysis.as_ref().expect("an analysis");
            assert!(a.done());
            assert_eq!(a.position(), &line.states[10]);
            assert_eq!(a.evaluation(), direct.evaluation());
            assert_eq!(a.line_text(), direct.line_text());
        }
        // Any legal move, not the record's: the board and the engine follow.
        let record_next = line.actions[10];
        let other = line.states[10]
            .legal_actions()
            .into_iter()
            .find(|m| *m != record_next)
            .expect("another legal move");
        harness::intent::<HiveTable>(&mut app, Intent::Play(other));
        let after = line.states[10].apply(&other).unwrap().0;
        assert_eq!(harness::table::<HiveTable>(&app).analysed(), Some(&after));
        harness::intent::<HiveTable>(&mut app, Intent::Play(after.legal_actions()[0]));
        assert_eq!(
            harness::table::<HiveTable>(&app)
                .analysed()
                .map(|s| s.ply()),
            Some(12),
            "the other side plays too"
        );
        app.update();
        let thinking = app.world().resource::<Thinking<State>>();
        assert_eq!(
            thinking.analysis.as_ref().map(|a| a.position().ply()),
            Some(12),
            "begun again at the new position"
        );
        // Nothing is played for real: no save, no game kept, no resigning.
        harness::refusals::<HiveTable>(&mut app);
        harness::intent::<HiveTable>(&mut app, Intent::Resign);
        assert_eq!(harness::refusals::<HiveTable>(&mut app).len(), 1);
        assert!(harness::saved(&app, &["hive.game"]).values.is_empty());
        assert!(app.world().resource::<GamesArchive>().0.is_empty());
        // Back: the replay where it was.
        let effects = app.world_mut().resource_mut::<HiveTable>().leave_analysis();
        assert!(!effects.is_empty());
        let t = harness::table::<HiveTable>(&app);
        assert!(t.analysed().is_none());
        assert_eq!(t.replay_at(), (10, line.len()));
        assert_eq!(t.shown(), &line.states[10]);
        app.update();
        assert!(
            app.world().resource::<Thinking<State>>().analysis.is_none(),
            "the engine stops with the board"
        );
        // Leaving the table from the board ends both, the lobby's opponent as it was.
        app.world_mut()
            .resource_mut::<HiveTable>()
            .analyse_here()
            .unwrap();
        left::<HiveTable>(&mut app);
        let t = harness::table::<HiveTable>(&app);
        assert!(t.analysed().is_none() && t.replaying().is_none());
        assert_eq!(t.phase, Phase::Lobby);
        assert_eq!(
            t.opponent,
            carved_tables::play::Seat::Bot(carved_tables::ai::Level::Normal)
        );
    }

    #[test]
    fn a_finished_game_is_kept_and_opens_from_the_list() {
        let mut app = app();
        harness::intent::<HiveTable>(&mut app, Intent::Start);
        for _ in 0..400 {
            app.update();
            let t = harness::table::<HiveTable>(&app);
            if t.state().is_some_and(|s| s.ply() >= 3) && t.person_to_act() {
                break;
            }
            if t.person_to_act() {
                let a = t.state().unwrap().legal_actions()[0];
                harness::intent::<HiveTable>(&mut app, Intent::Play(a));
            }
        }
        harness::intent::<HiveTable>(&mut app, Intent::Resign);
        app.update();
        assert_eq!(harness::table::<HiveTable>(&app).phase, Phase::Over);
        kept_and_replayed::<HiveTable>(&mut app, carved_tables::rules::GameKind::Hive);
    }

    #[test]
    fn the_review_is_made_a_few_positions_a_frame_and_is_the_engines() {
        use carved_tables::app::replay::review::Reviewing;
        let mut app = app();
        let replay = carved_tables::review::read(GAME).unwrap();
        open(&mut app, replay.clone());
        let of = harness::table::<HiveTable>(&app)
            .replaying()
            .unwrap()
            .replay
            .clone();
        app.world_mut().resource_mut::<Reviewing>().start(&of);
        let mut frames = 0;
        loop {
            let (progress, _) = app.world().resource::<Reviewing>().progress(&of).unwrap();
            if progress.done == progress.total {
                break;
            }
            app.update();
            frames += 1;
            assert!(frames < 100, "the review ends");
        }
        assert!(frames >= 2, "not all in one frame");
        let (_, points) = app.world().resource::<Reviewing>().progress(&of).unwrap();
        let mut direct = carved_tables::review::Review::new(replay);
        direct.run();
        assert_eq!(points, direct.points(), "the graph is the engine's review");
    }

    #[test]
    fn the_better_move_is_lit_at_the_position_before_a_mistake() {
        use carved_tables::app::replay::review::Reviewing;
        let mut app = app();
        let replay =
            carved_tables::app::replay::scenes::scene_replay(carved_tables::rules::GameKind::Hive)
                .unwrap();
        open(&mut app, replay.clone());
        let of = harness::table::<HiveTable>(&app)
            .replaying()
            .unwrap()
            .replay
            .clone();
        {
            let mut r = app.world_mut().resource_mut::<Reviewing>();
            r.start(&of);
            r.finish();
        }
        let worst = app
            .world()
            .resource::<Reviewing>()
            .biggest_mistake(&of)
            .expect("a random game has a mistake");
        let mut direct = carved_tables::review::Review::new(replay);
        direct.run();
        let better = direct.mistakes(1)[0].better.clone();
        harness::intent::<HiveTable>(&mut app, Intent::View(Step::To(worst)));
        app.update();
        let t = harness::table::<HiveTable>(&app);
        let (at, mv) = t.suggested.expect("the better move is lit");
        assert_eq!(at, worst);
        assert_eq!(t.shown().move_string(mv), better);
        let elsewhere = if worst == 0 {
            Step::Forward
        } else {
            Step::Start
        };
        harness::intent::<HiveTable>(&mut app, Intent::View(elsewhere));
        app.update();
        assert!(
            harness::table::<HiveTable>(&app).suggested.is_none(),
            "put out elsewhere"
        );
    }

    #[test]
    fn a_record_file_given_at_launch_opens_as_a_replay() {
        use carved_tables::launch::{LaunchOptions, ReplayStart};
        let dir = std::env::temp_dir().join(format!("replay-launch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("game.txt");
        std::fs::write(&file, GAME).unwrap();
        let mut app = app();
        app.insert_resource(LaunchOptions {
            replay: Some(ReplayStart::File(file)),
            ..LaunchOptions::default()
        });
        app.world_mut()
            .write_message(Navigate::Menu(MenuPage::Main));
        for _ in 0..6 {
            app.update();
        }
        let t = harness::table::<HiveTable>(&app);
        assert!(t.replaying().is_some(), "the file's game is on as a replay");
        assert_eq!(t.replay_at(), (0, 4));
        let _ = std::fs::remove_dir_all(&dir);

        // A file that is not there is told, and nothing opens.
        let mut app = self::app();
        app.insert_resource(LaunchOptions {
            replay: Some(ReplayStart::File(dir.join("missing.txt"))),
            ..LaunchOptions::default()
        });
        app.world_mut()
            .write_message(Navigate::Menu(MenuPage::Main));
        for _ in 0..6 {
            app.update();
        }
        assert!(harness::table::<HiveTable>(&app).replaying().is_none());
        assert!(
            harness::notices(&app)
                .iter()
                .any(|n| n.contains("missing.txt")),
            "{:?}",
            harness::notices(&app)
        );
    }

    #[test]
    fn the_game_in_progress_is_kept_for_continue() {
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
        assert!(ply > 0);
        open(&mut app, carved_tables::review::read(GAME).unwrap());
        left::<HiveTable>(&mut app);
        let t = harness::table::<HiveTable>(&app);
        assert_eq!(t.saved.as_ref().map(|g| g.state().ply()), Some(ply));
    }
}

mod chess_kept {
    use super::*;
    use carved_tables::ai::Level;
    use carved_tables::app::chess::{ChessTable, Intent, Timing};
    use carved_tables::play::Seat;
    use carved_tables::rules::GameKind;

    #[test]
    fn a_finished_game_is_kept_and_opens_from_the_list() {
        let mut app = harness::open::<ChessTable>(
            carved_tables::app::chess::core_plugin,
            MemoryStore::default(),
            Timing::INSTANT,
        );
        for i in [
            Intent::Artifacts(false),
            Intent::Choose(Seat::Bot(Level::Easy)),
            Intent::Start,
            Intent::RandomArmy,
            Intent::Ready,
        ] {
            harness::intent::<ChessTable>(&mut app, i);
        }
        let mut played = 0;
        for _ in 0..4000 {
            if played == 3 {
                break;
            }
            app.update();
            let t = harness::table::<ChessTable>(&app);
            if t.person_to_act() {
                let a = t.state().unwrap().legal_actions()[0];
                harness::intent::<ChessTable>(&mut app, Intent::Act(a));
                played += 1;
            }
        }
        for _ in 0..400 {
            if harness::table::<ChessTable>(&app).person_to_act() {
                break;
            }
            app.update();
        }
        harness::intent::<ChessTable>(&mut app, Intent::Resign);
        app.update();
        kept_and_replayed::<ChessTable>(&mut app, GameKind::Chess);
    }
}

mod chess {
    use super::*;
    use carved_tables::app::chess::{ChessTable, Intent, Phase, Timing};
    use carved_tables::play::chess::{Draft, starting_state};
    use carved_tables::rules::chess::{Colour, State};

    fn app() -> App {
        harness::open::<ChessTable>(
            carved_tables::app::chess::core_plugin,
            MemoryStore::default(),
            Timing::INSTANT,
        )
    }

    /// A game of random armies, each side playing its first legal action but preferring a
    /// capture attempt, so the dice roll.
    fn line(plies: usize) -> Line<State> {
        let white = Draft::random(Colour::White, 3).army().unwrap();
        let black = Draft::random(Colour::Black, 4).army().unwrap();
        let mut line = Line::new(starting_state(&white, &black, true, 77));
        for _ in 0..plies {
            let state = line.last().clone();
            if state.outcome().is_some() {
                break;
            }
            let actions = state.legal_actions();
            let a = actions
                .iter()
                .find(|a| state.attempt_odds(a).is_some())
                .unwrap_or(&actions[0]);
            line.play(*a).expect("a legal action plays");
        }
        line
    }

    #[test]
    fn the_analysis_board_plays_any_action_from_the_position_with_the_engine_following() {
        use carved_tables::app::replay::analysis::{Analyses, Thinking};
        use carved_tables::review::analysis::Analysis;
        let mut app = app();
        let line = line(20);
        let at = line.len() / 2;
        open(&mut app, Replay::Chess(line.clone()));
        harness::intent::<ChessTable>(&mut app, Intent::View(Step::To(at)));
        for _ in 0..50 {
            if !harness::table::<ChessTable>(&app).busy() {
                break;
            }
            app.update();
        }
        let effects = app
            .world_mut()
            .resource_mut::<ChessTable>()
            .analyse_here()
            .expect("the table has an analysis board")
            .expect("it opens");
        assert!(!effects.is_empty());
        let t = harness::table::<ChessTable>(&app);
        assert!(t.replaying().is_none());
        assert_eq!(t.analysed(), Some(&line.states[at]));
        for _ in 0..40 {
            app.update();
        }
        let mut direct = Analysis::new(line.states[at].clone(), 6);
        direct.run();
        {
            let a = app.world().resource::<Thinking<State>>();
            let a = a.analysis.as_ref().expect("an analysis");
            assert!(a.done());
            assert_eq!(
                a.evaluation(),
                direct.evaluation(),
                "the engine's evaluation"
            );
            assert_eq!(a.line_text(), direct.line_text());
        }
        // An action the record did not play: the board and the engine follow.
        let state = line.states[at].clone();
        let other = state
            .legal_actions()
            .into_iter()
            .find(|a| Some(a) != line.actions.get(at) && state.attempt_odds(a).is_none())
            .expect("another action without dice");
        harness::intent::<ChessTable>(&mut app, Intent::Act(other));
        for _ in 0..50 {
            if !harness::table::<ChessTable>(&app).busy() {
                break;
            }
            app.update();
        }
        let after = state.apply(&other).unwrap().0;
        assert_eq!(harness::table::<ChessTable>(&app).analysed(), Some(&after));
        app.update();
        assert_eq!(
            app.world()
                .resource::<Thinking<State>>()
                .analysis
                .as_ref()
                .map(|a| a.position()),
            Some(&after),
            "begun again at the new position"
        );
        harness::refusals::<ChessTable>(&mut app);
        harness::intent::<ChessTable>(&mut app, Intent::Resign);
        assert_eq!(
            harness::refusals::<ChessTable>(&mut app).len(),
            1,
            "no resigning"
        );
        assert!(harness::saved(&app, &["chess.game"]).values.is_empty());
        // Back to the replay where it was.
        app.world_mut()
            .resource_mut::<ChessTable>()
            .leave_analysis();
        let t = harness::table::<ChessTable>(&app);
        assert!(t.analysed().is_none());
        assert_eq!(t.replay_at(), (at, line.len()));
        assert_eq!(t.shown(), Some(&line.states[at]));
        left::<ChessTable>(&mut app);
        assert_eq!(harness::table::<ChessTable>(&app).phase, Phase::Lobby);
        assert!(
            harness::table::<ChessTable>(&app).saved.is_none(),
            "the board's game is not kept for Continue"
        );
    }

    #[test]
    fn a_game_replays_at_the_table_with_the_same_dice() {
        let mut app = app();
        let line = line(24);
        let plies = line.len();
        assert!(plies >= 6);
        let attempts = line.records.iter().filter(|r| r.dice.is_some()).count();
        assert!(attempts > 0, "dice were rolled in the game");
        open(&mut app, Replay::Chess(line.clone()));
        let t = harness::table::<ChessTable>(&app);
        assert_eq!(t.phase, Phase::Over);
        let game = t.game.as_ref().expect("the record's game at the table");
        for (i, state) in line.states.iter().enumerate() {
            assert_eq!(
                game.game().after(i),
                Some(state),
                "position {i}: the table's game rolled the record's dice"
            );
        }
        looked_through::<ChessTable>(&mut app, plies, Intent::Resign);
        assert!(harness::saved(&app, &["chess.game"]).values.is_empty());
        plays_on::<ChessTable>(&mut app, plies);
        left::<ChessTable>(&mut app);
        assert_eq!(harness::table::<ChessTable>(&app).phase, Phase::Lobby);
    }

    #[test]
    fn a_step_on_rolls_the_recorded_dice_before_the_result_lands() {
        let mut app = harness::open::<ChessTable>(
            carved_tables::app::chess::core_plugin,
            MemoryStore::default(),
            Timing::PLAY,
        );
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )));
        let line = line(24);
        let attempt = line
            .records
            .iter()
            .position(|r| r.dice.is_some())
            .expect("an attempt with dice");
        open(&mut app, Replay::Chess(line.clone()));
        harness::intent::<ChessTable>(&mut app, Intent::View(Step::To(attempt)));
        for _ in 0..200 {
            if !harness::table::<ChessTable>(&app).busy() {
                break;
            }
            app.update();
        }
        harness::intent::<ChessTable>(&mut app, Intent::View(Step::Forward));
        let t = harness::table::<ChessTable>(&app);
        let roll = t.roll.as_ref().expect("the dice roll as in play");
        assert_eq!(
            roll.played.record.dice, line.records[attempt].dice,
            "the record's dice"
        );
        assert_eq!(
            t.shown(),
            Some(&line.states[attempt]),
            "the position before, meanwhile"
        );
        assert_eq!(t.replay_at().0, attempt);
        for _ in 0..400 {
            if !harness::table::<ChessTable>(&app).busy() {
                break;
            }
            app.update();
        }
        let t = harness::table::<ChessTable>(&app);
        assert!(t.roll.is_none());
        assert_eq!(t.replay_at().0, attempt + 1, "the result landed");
        assert_eq!(t.shown(), Some(&line.states[attempt + 1]));
    }

    #[test]
    fn another_games_record_leaves_the_table_alone() {
        let mut app = app();
        let hive = carved_tables::review::read("Base;InProgress;White[2];wS1;bS1 wS1-").unwrap();
        open(&mut app, hive);
        assert!(harness::table::<ChessTable>(&app).replaying().is_none());
    }
}

mod snelab {
    use super::*;
    use carved_tables::app::snelab::{self, Effect, Intent, SnelabTable, Timing};
    use carved_tables::play::Seat;
    use carved_tables::play::snelab::Phase;
    use carved_tables::rules::GameKind;

    fn app() -> App {
        harness::open::<SnelabTable>(snelab::core_plugin, MemoryStore::default(), Timing::INSTANT)
    }

    /// The scenes' case: random, taking wherever it can (so it has payments).
    fn line() -> Line<carved_tables::rules::snelab::Position> {
        match carved_tables::app::replay::scenes::scene_replay(GameKind::Snelab) {
            Some(Replay::Snelab(line)) => line,
            other => panic!("a Snēlab line, not {other:?}"),
        }
    }

    #[test]
    fn a_case_replays_on_the_court_with_its_positions_and_nothing_is_played() {
        let mut app = app();
        let line = line();
        let plies = line.len();
        assert!(plies >= 6);
        assert!(
            line.actions.iter().any(|a| a.is_capture()),
            "the case has a capture and its payment"
        );
        let purse = harness::saved(&app, &["snelab.purse"]);
        open(&mut app, Replay::Snelab(line.clone()));
        looked_through::<SnelabTable>(&mut app, plies, Intent::Sit);
        for i in 0..=plies {
            harness::intent::<SnelabTable>(&mut app, Intent::View(Step::To(i)));
            let t = harness::table::<SnelabTable>(&app);
            let want = if i < plies { i } else { plies };
            assert_eq!(t.replay_at().0, want);
            assert_eq!(t.pos(), line.states[want], "position {i} on the court");
        }
        harness::intent::<SnelabTable>(&mut app, Intent::View(Step::Start));
        harness::intent::<SnelabTable>(&mut app, Intent::View(Step::Forward));
        assert_eq!(
            harness::table::<SnelabTable>(&app).position_text(),
            line.states[1].position_text(),
            "Copy gives the position on show"
        );
        assert_eq!(
            harness::saved(&app, &["snelab.purse"]).values,
            purse.values,
            "the purse and the books are not touched"
        );
        plays_on::<SnelabTable>(&mut app, plies);
        left::<SnelabTable>(&mut app);
        let t = harness::table::<SnelabTable>(&app);
        assert_eq!(t.phase(), Phase::Lobby);
        assert_eq!(t.pos(), t.session.pos(), "the session's court again");
    }

    #[test]
    fn a_step_on_plays_the_capture_and_its_payment_as_in_play() {
        let mut app =
            harness::open::<SnelabTable>(snelab::core_plugin, MemoryStore::default(), Timing::PLAY);
        let line = line();
        let capture = line
            .actions
            .iter()
            .position(|a| a.is_capture())
            .expect("a capture");
        open(&mut app, Replay::Snelab(line.clone()));
        harness::intent::<SnelabTable>(&mut app, Intent::View(Step::To(capture)));
        assert_eq!(
            harness::table::<SnelabTable>(&app).busy,
            0.0,
            "a jump is set at once"
        );
        let mut t = app.world_mut().resource_mut::<SnelabTable>();
        let effects = t
            .handle(
                Intent::View(Step::Forward),
                carved_tables::play::snelab::Coin::Heads,
                0,
                0,
                &Timing::PLAY,
            )
            .expect("a step on");
        let Some(Effect::Played(p)) = effects.first() else {
            panic!("the step plays its move: {effects:?}");
        };
        let action = line.actions[capture];
        assert_eq!(p.action, action);
        assert_eq!(p.before, line.states[capture]);
        assert!(p.captured.is_some(), "the captured piece leaves");
        assert_eq!(
            p.payers.len(),
            action.payment().map_or(0, |pay| pay.squares().len()),
            "every payer leaves"
        );
        assert!(t.busy > 0.0, "nobody steps on until it has landed");
        assert_eq!(
            t.last.map(|(f, to, _)| (f, to)),
            Some((action.from(), action.to()))
        );
        assert_eq!(t.pos(), line.states[capture + 1]);
    }

    #[test]
    fn a_case_under_way_waits_under_the_replay_and_shows_again_after() {
        let mut app = app();
        app.world_mut().resource_mut::<SnelabTable>().setup.opponent = Seat::Person;
        harness::intent::<SnelabTable>(&mut app, Intent::Sit);
        assert_eq!(harness::table::<SnelabTable>(&app).phase(), Phase::Play);
        let first = harness::table::<SnelabTable>(&app)
            .session
            .pos()
            .legal_actions()[0];
        harness::intent::<SnelabTable>(&mut app, Intent::Play(first));
        let before = harness::table::<SnelabTable>(&app).session.pos();
        open(&mut app, Replay::Snelab(line()));
        let t = harness::table::<SnelabTable>(&app);
        assert!(t.replaying().is_some());
        assert_ne!(t.pos(), before, "the record's court on show");
        harness::intent::<SnelabTable>(&mut app, Intent::Play(before.legal_actions()[0]));
        assert_eq!(
            harness::table::<SnelabTable>(&app).session.pos(),
            before,
            "nothing is played under a replay"
        );
        left::<SnelabTable>(&mut app);
        let t = harness::table::<SnelabTable>(&app);
        assert_eq!(t.phase(), Phase::Play, "the case is still under way");
        assert_eq!(t.pos(), before);
        assert_eq!(
            t.last.map(|(f, to, _)| (f, to)),
            Some((first.from(), first.to()))
        );
    }

    #[test]
    fn the_better_action_is_lit_at_the_position_before_a_mistake() {
        use carved_tables::app::replay::review::Reviewing;
        let mut app = app();
        let line = line();
        open(&mut app, Replay::Snelab(line.clone()));
        let of = harness::table::<SnelabTable>(&app)
            .replaying()
            .unwrap()
            .replay
            .clone();
        {
            let mut r = app.world_mut().resource_mut::<Reviewing>();
            r.start(&of);
            r.finish();
        }
        let worst = app
            .world()
            .resource::<Reviewing>()
            .biggest_mistake(&of)
            .expect("a random case has a mistake");
        let mut direct = carved_tables::review::Review::new(Replay::Snelab(line.clone()));
        direct.run();
        let better = direct.mistakes(1)[0].better.clone();
        harness::intent::<SnelabTable>(&mut app, Intent::View(Step::To(worst)));
        app.update();
        let t = harness::table::<SnelabTable>(&app);
        let (at, action) = t.suggested.expect("the better action is lit");
        assert_eq!(at, worst);
        assert_eq!(line.states[worst].action_text(&action), better);
        assert_eq!(
            t.pick.lifted(),
            Some(action.from()),
            "its piece is lifted on the court"
        );
        let elsewhere = if worst == 0 {
            Step::Forward
        } else {
            Step::Start
        };
        harness::intent::<SnelabTable>(&mut app, Intent::View(elsewhere));
        app.update();
        let t = harness::table::<SnelabTable>(&app);
        assert!(t.suggested.is_none(), "put out elsewhere");
        assert_eq!(t.pick.lifted(), None);
    }

    #[test]
    fn a_finished_case_is_kept_and_opens_from_the_list() {
        let mut app = app();
        app.world_mut().resource_mut::<SnelabTable>().setup.opponent = Seat::Person;
        harness::intent::<SnelabTable>(&mut app, Intent::Sit);
        for _ in 0..3 {
            let a = harness::table::<SnelabTable>(&app)
                .session
                .pos()
                .legal_actions()[0];
            harness::intent::<SnelabTable>(&mut app, Intent::Play(a));
        }
        harness::intent::<SnelabTable>(&mut app, Intent::AskResign);
        harness::intent::<SnelabTable>(&mut app, Intent::Resign);
        app.update();
        let Phase::Verdict(settled) = harness::table::<SnelabTable>(&app).phase() else {
            panic!("the verdict");
        };
        // The first case opens by a coin: the verdict knows it, to say whom it let open.
        assert!(
            matches!(
                settled.opening.by,
                carved_tables::play::snelab::OpenedBy::CoinFlip(_)
            ),
            "{:?}",
            settled.opening
        );
        let archive = app.world().resource::<GamesArchive>().0.clone();
        assert_eq!(archive.len(), 1, "the finished case is kept");
        let entry = archive.get(0).unwrap().clone();
        assert_eq!(entry.game, GameKind::Snelab);
        assert_eq!(entry.plies, 3);
        // The verdict's Replay and review: the case just settled, over the verdict.
        harness::intent::<SnelabTable>(&mut app, Intent::ReplayCase);
        let t = harness::table::<SnelabTable>(&app);
        assert_eq!(t.replay_at(), (0, 3), "the case just settled");
        assert!(
            !t.replaying().unwrap().names[0].is_empty(),
            "the seats named"
        );
        left::<SnelabTable>(&mut app);
        assert!(matches!(
            harness::table::<SnelabTable>(&app).phase(),
            Phase::Verdict(_)
        ));
        let replay = archive.open(0).expect("the kept record replays");
        match &replay {
            Replay::Snelab(line) => assert_eq!(
                line.states[0].to_move(),
                settled.opening.opener,
                "the side the coin let open moved first"
            ),
            other => panic!("a Snēlab replay: {other:?}"),
        }
        open(&mut app, replay);
        let t = harness::table::<SnelabTable>(&app);
        assert_eq!(t.replay_at(), (0, 3), "it opens at the court");
    }
}

mod online {
    use super::*;
    use carved_tables::app::replay::archive::online_entry;
    use carved_tables::fair::Seed;
    use carved_tables::play::snelab::Stakes;
    use carved_tables::play::snelab::record::{CaseEntry, CaseRecord, CaseResult};
    use carved_tables::rules::GameKind;
    use carved_tables::rules::snelab::{Position, Side};

    /// A case as the server writes it at its end: two moves, then North resigns.
    fn server_record() -> String {
        let seed = Seed([9; 32]);
        let mut pos = Position::start();
        let mut entries = Vec::new();
        for _ in 0..2 {
            let a = pos.legal_actions()[0];
            entries.push(CaseEntry::Move {
                text: a.to_string(),
                timeout: false,
            });
            pos = pos.apply(&a).unwrap().0;
        }
        entries.push(CaseEntry::Resign(Side::North));
        CaseRecord {
            fingerprint: seed.fingerprint(),
            seed,
            seats: ["Ana (Remote player)".into(), "Rui (Remote player)".into()],
            south: carved_tables::fair::ash_seat(&seed),
            stakes: Stakes::Street,
            appeal: false,
            entries,
            result: CaseResult::Win(Side::South),
        }
        .to_text()
    }

    #[test]
    fn an_online_games_record_is_kept_once_as_the_seats_result_and_replays() {
        let text = server_record();
        let mut last = None;
        assert!(
            online_entry(&mut last, None, Some(0), GameKind::Snelab).is_none(),
            "nothing before the server's record"
        );
        let entry = online_entry(&mut last, Some(&text), Some(0), GameKind::Snelab)
            .expect("the record is kept");
        assert_eq!(entry.game, GameKind::Snelab);
        assert_eq!(entry.result, ArchivedResult::Won, "South's seat won");
        assert_eq!(entry.plies, 2);
        assert!(
            online_entry(&mut last, Some(&text), Some(0), GameKind::Snelab).is_none(),
            "read once"
        );
        let lost = online_entry(&mut None, Some(&text), Some(1), GameKind::Snelab).unwrap();
        assert_eq!(lost.result, ArchivedResult::Lost, "North's seat lost");
        assert_eq!(entry.open().expect("it replays").len(), 2);
        assert!(
            online_entry(
                &mut None,
                Some("# Snēlab case record\nnonsense"),
                Some(0),
                GameKind::Snelab
            )
            .is_none(),
            "a record that does not read is not kept"
        );
    }
}

mod snelab_analysis {
    use super::*;
    use carved_tables::app::replay::analysis::{Analyses, Thinking};
    use carved_tables::app::snelab::{self, Intent, SnelabTable, Timing};
    use carved_tables::play::Seat;
    use carved_tables::play::snelab::Phase;
    use carved_tables::review::analysis::Analysis;
    use carved_tables::rules::GameKind;
    use carved_tables::rules::snelab::Position;

    #[test]
    fn the_analysis_board_plays_on_in_a_session_of_its_own_and_gives_the_real_one_back() {
        let mut app = harness::open::<SnelabTable>(
            snelab::core_plugin,
            MemoryStore::default(),
            Timing::INSTANT,
        );
        // A case under way against a second person, with a move played.
        app.world_mut().resource_mut::<SnelabTable>().setup.opponent = Seat::Person;
        harness::intent::<SnelabTable>(&mut app, Intent::Sit);
        let first = harness::table::<SnelabTable>(&app)
            .session
            .pos()
            .legal_actions()[0];
        harness::intent::<SnelabTable>(&mut app, Intent::Play(first));
        let case = harness::table::<SnelabTable>(&app).session.pos();
        let purse = harness::table::<SnelabTable>(&app).purse.coins();
        let saved = harness::saved(&app, &["snelab.purse"]);
        let Some(Replay::Snelab(line)) =
            carved_tables::app::replay::scenes::scene_replay(GameKind::Snelab)
        else {
            panic!()
        };
        open(&mut app, Replay::Snelab(line.clone()));
        harness::intent::<SnelabTable>(&mut app, Intent::View(Step::To(6)));
        app.world_mut()
            .resource_mut::<SnelabTable>()
            .analyse_here()
            .expect("the court has an analysis board")
            .expect("it opens");
        let t = harness::table::<SnelabTable>(&app);
        assert!(t.replaying().is_none());
        assert_eq!(t.analysed(), Some(&line.states[6]));
        assert_eq!(t.phase(), Phase::Play);
        assert!(t.person_to_move(), "both sides are played here");
        for _ in 0..40 {
            app.update();
        }
        let mut direct = Analysis::new(line.states[6].clone(), 6);
        direct.run();
        {
            let thinking = app.world().resource::<Thinking<Position>>();
            let a = thinking.analysis.as_ref().expect("an analysis");
            assert_eq!(a.evaluation(), direct.evaluation());
            assert_eq!(a.line_text(), direct.line_text());
        }
        // Two moves, one a side, none of them the record's next.
        let state = line.states[6].clone();
        let other = state
            .legal_actions()
            .into_iter()
            .find(|a| Some(a) != line.actions.get(6))
            .unwrap();
        harness::intent::<SnelabTable>(&mut app, Intent::Play(other));
        let after = state.apply(&other).unwrap().0;
        harness::intent::<SnelabTable>(&mut app, Intent::Play(after.legal_actions()[0]));
        let t = harness::table::<SnelabTable>(&app);
        assert_eq!(t.actions().len(), 2, "the board's case has the two moves");
        harness::refusals::<SnelabTable>(&mut app);
        harness::intent::<SnelabTable>(&mut app, Intent::AskResign);
        assert_eq!(harness::refusals::<SnelabTable>(&mut app).len(), 1);
        assert_eq!(
            harness::saved(&app, &["snelab.purse"]).values,
            saved.values,
            "nothing of the board is saved"
        );
        // Back: the replay where it was, the real session as it was.
        app.world_mut()
            .resource_mut::<SnelabTable>()
            .leave_analysis();
        let t = harness::table::<SnelabTable>(&app);
        assert!(t.analysed().is_none());
        assert_eq!(t.replay_at(), (6, line.len()));
        assert_eq!(t.pos(), line.states[6]);
        assert_eq!(t.session.pos(), case, "the case under way, untouched");
        assert_eq!(t.purse.coins(), purse);
        // From the board, leaving the table gives the case back too.
        app.world_mut()
            .resource_mut::<SnelabTable>()
            .analyse_here()
            .unwrap()
            .unwrap();
        left::<SnelabTable>(&mut app);
        let t = harness::table::<SnelabTable>(&app);
        assert!(t.analysed().is_none() && t.replaying().is_none());
        assert_eq!(t.phase(), Phase::Play);
        assert_eq!(t.pos(), case);
        assert!(
            app.world().resource::<GamesArchive>().0.is_empty(),
            "nothing kept"
        );
    }
}

mod typed {
    use carved_tables::app::replay::games::position;
    use carved_tables::review::Replay;
    use carved_tables::rules::Game;

    #[test]
    fn a_position_typed_in_its_games_notation_opens_as_a_replay_of_no_action() {
        let court = carved_tables::rules::snelab::Position::start();
        match position(&format!("  {}  ", court.position_text())) {
            Some(Replay::Snelab(line)) => {
                assert!(line.is_empty());
                assert_eq!(line.states[0], court);
            }
            other => panic!("a Snēlab court: {other:?}"),
        }
        let fen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
        match position(fen) {
            Some(Replay::Chess(line)) => assert!(line.is_empty()),
            other => panic!("a plain FEN without queens: {other:?}"),
        }
        assert!(position("").is_none());
        assert!(position("hello").is_none());
        assert!(
            position(&format!(
                "{}\n{}",
                court.position_text(),
                court.position_text()
            ))
            .is_none(),
            "one line only"
        );
    }
}
