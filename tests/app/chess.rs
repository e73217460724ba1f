//! The Artifact Chess table under `MinimalPlugins`: armies built by clicks, whole games against
//! the engine and at a hot seat, the dice on show, undo, the history, check, healing, and the
//! autosave (resumed, damaged).

use bevy::prelude::*;
use carved_tables::ai::Level;
use carved_tables::app::chess::{self, ChessClicked, ChessTable, Intent, Phase, Refusal, Timing};
use carved_tables::app::kit::history::Step;
use carved_tables::app::kit::{Clicked, harness};
use carved_tables::play::Seat;
use carved_tables::play::chess::ChessGame;
use carved_tables::rules::chess::{
    Action, Army, ArmyError, AttemptResult, Colour, DiceRng, Role, Square, State,
};
use carved_tables::save::{KeyValue, MemoryStore};
use std::time::Duration;

fn app_with(store: MemoryStore) -> App {
    harness::open::<ChessTable>(chess::core_plugin, store, Timing::INSTANT)
}

fn saved(app: &App) -> MemoryStore {
    harness::saved(app, &["settings", "chess.game"])
}

fn table(app: &App) -> &chess::Table {
    harness::table::<ChessTable>(app)
}

fn intent(app: &mut App, i: Intent) {
    harness::intent::<ChessTable>(app, i);
}

fn click(app: &mut App, sq: Square) {
    harness::click::<ChessTable>(app, ChessClicked::Square(sq));
}

fn refusals(app: &mut App) -> Vec<Refusal> {
    harness::refusals::<ChessTable>(app)
}

fn notices(app: &App) -> Vec<String> {
    harness::notices(app)
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// The clicks a person makes for `a`: the piece, then its target (a promotion's choice after);
/// for a card, the card, its squares, then Play (or the pile's card, or the promotion); a
/// window's answers are the bar's buttons.
fn play_by_clicks(app: &mut App, a: Action) {
    if let Action::Play(p) = a
        && table(app).state().is_some_and(|s| s.window().is_none())
    {
        intent(app, Intent::Card(Some(p.artifact())));
        for sq in chess::table::steps(&a) {
            click(app, sq);
        }
        if table(app).card.is_some() && table(app).promotion.is_none() {
            match p {
                carved_tables::rules::chess::Play::Seize(taken) => {
                    intent(app, Intent::CardTake(taken))
                }
                _ => intent(app, Intent::CardGo),
            }
        }
        if table(app).promotion.is_some() {
            let role = chess::table::promotion_of(&a).unwrap_or(Role::Rook);
            intent(app, Intent::Promote(role));
        }
        return;
    }
    let (Some(from), Some(to)) = (a.from(), a.to()) else {
        intent(app, Intent::Act(a));
        return;
    };
    if matches!(a, Action::Heal { .. }) {
        click(app, from);
        click(app, to);
        return;
    }
    click(app, from);
    assert_eq!(
        table(app).selected.as_ref().map(|(s, _)| *s),
        Some(from),
        "a click on the piece selects it"
    );
    click(app, to);
    if let Some(role) = chess::table::promotion_of(&a) {
        assert!(table(app).promotion.is_some(), "the promotion is chosen");
        intent(app, Intent::Promote(role));
    }
}

/// Starts against `opponent` with random armies built by the buttons, artifacts off (the
/// dice game); [`start_with_cards`] deals the hands.
fn start(app: &mut App, opponent: Seat) {
    intent(app, Intent::Artifacts(false));
    start_game(app, opponent);
}

fn start_with_cards(app: &mut App, opponent: Seat) {
    intent(app, Intent::Artifacts(true));
    start_game(app, opponent);
    assert!(table(app).state().unwrap().hand_size(Colour::White) == 5);
}

fn start_game(app: &mut App, opponent: Seat) {
    intent(app, Intent::Choose(opponent));
    intent(app, Intent::Start);
    intent(app, Intent::RandomArmy);
    intent(app, Intent::Ready);
    if opponent == Seat::Person {
        intent(app, Intent::TakeOver);
        intent(app, Intent::RandomArmy);
        intent(app, Intent::Ready);
    }
    assert_eq!(table(app).phase, Phase::Play);
}

/// A table resumed into a game between seeded engine armies with `actions` played, the person
/// white against the engine (normal): a position set up through the match layer.
fn staged(app: &mut App, (dice, actions): &(u64, Vec<Action>), seats: [Seat; 2]) {
    let mut g = game(seats, *dice);
    for a in actions {
        let side = g.awaited().unwrap();
        g.submit(side, *a).unwrap();
    }
    app.world_mut().resource_mut::<ChessTable>().resume(g);
    app.update();
}

fn game(seats: [Seat; 2], dice: u64) -> ChessGame {
    let mut rng = DiceRng::new(404);
    ChessGame::new(
        Army::engine(Colour::White, &mut rng),
        Army::engine(Colour::Black, &mut rng),
        false,
        seats,
        dice,
        5,
    )
}

/// A seeded random game (attempts preferred) up to a position `want` accepts with white to
/// act: the game's dice seed and its actions.
fn course_to(want: impl Fn(&State) -> bool) -> (u64, Vec<Action>) {
    for seed in 0..3000u64 {
        let mut rng = DiceRng::new(seed);
        let mut s = game([Seat::Person, Seat::Person], seed).state().clone();
        let mut actions = Vec::new();
        while s.end().is_none() && actions.len() < 120 {
            if s.turn() == Colour::White && want(&s) {
                return (seed, actions);
            }
            let legal = s.legal_actions();
            let attempts: Vec<Action> = legal.iter().copied().filter(|a| a.is_attempt()).collect();
            let a = if !attempts.is_empty() && rng.below(3) != 0 {
                attempts[rng.below(attempts.len() as u64) as usize]
            } else {
                legal[rng.below(legal.len() as u64) as usize]
            };
            s = s.apply(&a).unwrap().0;
            actions.push(a);
        }
    }
    panic!("no seeded game reaches the position wanted");
}

/// A key press (the keyboard made ready first), and one more frame for what it set off.
fn press(app: &mut App, key: KeyCode) {
    app.init_resource::<ButtonInput<KeyCode>>();
    carved_tables::app::kit::harness::press(app, key);
    app.update();
}

#[test]
fn an_army_built_by_clicks_takes_pieces_only_where_a_dot_shows_and_says_why_elsewhere() {
    use carved_tables::app::chess::table::{BuildStatus, build_status};
    use carved_tables::play::chess::DraftError;
    let mut app = app_with(MemoryStore::default());
    intent(&mut app, Intent::Choose(Seat::Bot(Level::Easy)));
    intent(&mut app, Intent::Start);
    assert_eq!(table(&app).phase, Phase::Build(Colour::White));
    let draft = |app: &App| table(app).draft().unwrap().clone();
    // The king alone is allowed, but not told in green as an army that follows every rule.
    assert_eq!(
        build_status(&draft(&app)),
        BuildStatus::KingOnly { left: 15 }
    );
    intent(&mut app, Intent::Hold(Some(Role::Rook)));
    assert_eq!(
        table(&app).build_dots(),
        ["a1", "b1", "c1", "d1", "f1", "g1", "h1"].map(sq).to_vec()
    );
    click(&mut app, sq("a1"));
    // A second click meant as "did it work?" keeps the piece: it picks it.
    click(&mut app, sq("a1"));
    assert_eq!(draft(&app).at(sq("a1")), Some(Role::Rook));
    assert_eq!(table(&app).build_pick, Some(sq("a1")));
    assert_eq!(build_status(&draft(&app)), BuildStatus::Legal { left: 10 });
    click(&mut app, sq("h1"));
    assert_eq!(table(&app).build_pick, None);
    refusals(&mut app);
    // A square without a dot takes nothing and says why, as a sentence.
    let refused = |app: &mut App, at: &str, why: DraftError| {
        let before = draft(app);
        assert!(!table(app).build_dots().contains(&sq(at)), "no dot on {at}");
        click(app, sq(at));
        assert_eq!(refusals(app), vec![Refusal::Draft(why)], "{at}");
        assert_eq!(draft(app), before, "{at} changed nothing");
        let told = notices(app).last().cloned().unwrap_or_default();
        assert!(
            told.chars().next().is_some_and(char::is_uppercase),
            "told as a sentence: {told}"
        );
        told
    };
    let told = refused(
        &mut app,
        "b1",
        DraftError::TooMany {
            role: Role::Rook,
            max: 2,
        },
    );
    assert!(told.contains("at most 2"), "{told}");
    refused(
        &mut app,
        "b2",
        DraftError::WrongRank {
            colour: carved_tables::rules::chess::Colour::White,
            role: Role::Rook,
            square: sq("b2"),
        },
    );
    refused(&mut app, "a5", DraftError::OutsideHalf(sq("a5")));
    // Taking off is explicit: pick the piece, then Delete (or the panel's button).
    click(&mut app, sq("a1"));
    press(&mut app, KeyCode::Delete);
    assert_eq!(draft(&app).at(sq("a1")), None);
    // A click beside the board puts a picked piece down.
    click(&mut app, sq("h1"));
    app.world_mut()
        .write_message(Clicked::<ChessTable>(ChessClicked::Nothing));
    app.update();
    assert_eq!(table(&app).build_pick, None);
    assert_eq!(draft(&app).at(sq("h1")), Some(Role::Rook));
    // Both bishops on dark squares: the second is refused.
    intent(&mut app, Intent::Hold(Some(Role::Bishop)));
    click(&mut app, sq("c1"));
    refused(
        &mut app,
        "g1",
        DraftError::BishopColour {
            square: sq("g1"),
            first: sq("c1"),
        },
    );
    click(&mut app, sq("f1"));
    // A second pawn on the third rank.
    intent(&mut app, Intent::Hold(Some(Role::Pawn)));
    click(&mut app, sq("d3"));
    let told = refused(
        &mut app,
        "e3",
        DraftError::SecondAdvanced {
            square: sq("e3"),
            first: sq("d3"),
        },
    );
    assert!(told.contains("rank 3"), "{told}");
    // 5 + 3 + 3 + 1 = 12: a rook no longer fits, a knight does.
    intent(&mut app, Intent::Hold(Some(Role::Rook)));
    assert!(table(&app).build_dots().is_empty());
    refused(
        &mut app,
        "a1",
        DraftError::OverBudget {
            role: Role::Rook,
            left: 3,
        },
    );
    intent(&mut app, Intent::Hold(Some(Role::Knight)));
    click(&mut app, sq("g1"));
    // 0 points left: no dots for anything, and the army is told legal.
    for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook] {
        intent(&mut app, Intent::Hold(Some(role)));
        assert!(table(&app).build_dots().is_empty(), "{role:?}");
    }
    assert_eq!(build_status(&draft(&app)), BuildStatus::Legal { left: 0 });
    intent(&mut app, Intent::Ready);
    assert_eq!(table(&app).phase, Phase::Play);
    let state = table(&app).state().unwrap();
    assert_eq!(state.board().count(Colour::White, Role::Bishop), 2);
    let black = Army::new(
        Colour::Black,
        &state
            .board()
            .pieces()
            .filter(|(_, p)| p.colour == Colour::Black)
            .map(|(s, p)| (p.role, s))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    assert!((14..=15).contains(&black.points()), "the engine's army");
}

#[test]
fn a_click_while_building_never_takes_a_piece_off() {
    let mut app = app_with(MemoryStore::default());
    intent(&mut app, Intent::Start);
    intent(&mut app, Intent::Hold(Some(Role::Pawn)));
    click(&mut app, sq("c2"));
    let t = table(&app);
    for at in ["c2", "e1", "c3", "a8"] {
        let i = t.click(ChessClicked::Square(sq(at)));
        assert_eq!(i, Some(Intent::BuildAt(sq(at))), "{at}");
    }
    assert_eq!(t.click(ChessClicked::Nothing), None);
    for _ in 0..5 {
        click(&mut app, sq("c2"));
        assert_eq!(table(&app).draft().unwrap().at(sq("c2")), Some(Role::Pawn));
    }
    assert_eq!(
        table(&app).click(ChessClicked::Nothing),
        Some(Intent::Select(None))
    );
}

#[test]
fn your_turn_waits_until_the_engines_reply_stands_on_the_board() {
    use carved_tables::app::chess::table::TurnStatus;
    let mut app = app_with(MemoryStore::default());
    app.insert_resource(Timing {
        move_first: 0.3,
        move_each: 0.1,
        ..Timing::INSTANT
    });
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(40),
    ));
    start(&mut app, Seat::Bot(Level::Easy));
    let mut rng = DiceRng::new(17);
    let (mut landing, mut mine, mut guard) = (0, 0, 0);
    while table(&app).phase == Phase::Play && mine < 6 {
        guard += 1;
        assert!(guard < 20_000);
        let t = table(&app);
        match t.turn_status() {
            Some(TurnStatus::Person(Colour::White)) => {
                assert!(!t.animating(), "your turn is told with the board still");
                assert!(t.person_to_act());
            }
            Some(TurnStatus::Landing(Colour::Black)) => {
                assert!(t.animating());
                assert!(!t.person_to_act());
                landing += 1;
            }
            _ => {}
        }
        if !t.person_to_act() {
            app.update();
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        let s = t.state().unwrap().clone();
        let legal = s.legal_actions();
        play_by_clicks(&mut app, legal[rng.below(legal.len() as u64) as usize]);
        mine += 1;
    }
    assert!(landing > 0, "the engine's replies were seen landing");
}

#[test]
fn a_whole_game_against_the_engine_by_clicks_to_a_result() {
    let mut app = app_with(MemoryStore::default());
    start(&mut app, Seat::Bot(Level::Easy));
    let mut rng = DiceRng::new(8);
    let mut guard = 0;
    let mut mine = 0;
    while table(&app).phase == Phase::Play {
        guard += 1;
        assert!(guard < 40_000, "the game ends");
        if !table(&app).person_to_act() {
            app.update();
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        let s = table(&app).state().unwrap().clone();
        let legal = s.legal_actions();
        // Attempts often, so the dice decide the game.
        let attempts: Vec<Action> = legal.iter().copied().filter(|a| a.is_attempt()).collect();
        let a = if !attempts.is_empty() && rng.below(2) == 0 {
            attempts[rng.below(attempts.len() as u64) as usize]
        } else {
            legal[rng.below(legal.len() as u64) as usize]
        };
        let before = table(&app).plies();
        play_by_clicks(&mut app, a);
        let record = table(&app).game.as_ref().unwrap().game().record().to_vec();
        assert_eq!(
            record.get(before).map(|e| e.action),
            Some(a),
            "{a} was played by clicks"
        );
        mine += 1;
    }
    assert!(mine > 0);
    let t = table(&app);
    assert_eq!(t.phase, Phase::Over);
    assert!(t.game.as_ref().unwrap().ending().is_some());
    // A finished game is not offered to continue.
    let app2 = app_with(saved(&app));
    assert!(table(&app2).saved.is_none());
}

#[test]
fn a_whole_game_with_artifacts_against_the_engine_to_a_result() {
    let mut app = app_with(MemoryStore::default());
    app.insert_resource(Timing {
        window: None,
        ..Timing::INSTANT
    });
    start_with_cards(&mut app, Seat::Bot(Level::Easy));
    let mut rng = DiceRng::new(21);
    let (mut guard, mut mine, mut cards) = (0, 0, 0);
    while table(&app).phase == Phase::Play {
        guard += 1;
        assert!(guard < 60_000, "the game ends");
        if !table(&app).person_to_act() {
            app.update();
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        let s = table(&app).state().unwrap().clone();
        let legal = s.legal_actions();
        let plays: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Play(_)))
            .collect();
        let a = if !plays.is_empty() && rng.below(3) == 0 {
            plays[rng.below(plays.len() as u64) as usize]
        } else {
            legal[rng.below(legal.len() as u64) as usize]
        };
        let before = table(&app).plies();
        play_by_clicks(&mut app, a);
        let record = table(&app).game.as_ref().unwrap().game().record().to_vec();
        assert_eq!(
            record.get(before).map(|e| e.action),
            Some(a),
            "{a} was played"
        );
        if matches!(a, Action::Play(_)) {
            cards += 1;
        }
        mine += 1;
    }
    assert!(mine > 0 && cards > 0, "{mine} actions, {cards} cards");
    let g = table(&app).game.clone().unwrap();
    assert!(g.ending().is_some());
    let engine_cards = g
        .game()
        .record()
        .iter()
        .filter(|e| e.side == 1 && matches!(e.action, Action::Play(_)))
        .count();
    eprintln!("engine played {engine_cards} cards; the person {cards}");
}

#[test]
fn a_hot_seat_game_with_hidden_set_ups() {
    let mut app = app_with(MemoryStore::default());
    intent(&mut app, Intent::Choose(Seat::Person));
    intent(&mut app, Intent::Start);
    assert_eq!(table(&app).phase, Phase::Build(Colour::White));
    intent(&mut app, Intent::RandomArmy);
    let white = table(&app).drafts[0].clone();
    intent(&mut app, Intent::Ready);
    assert_eq!(table(&app).phase, Phase::Pass(Colour::Black));
    assert!(!table(&app).army_visible(Colour::White));
    // Nothing but the hand-over is answered now.
    click(&mut app, sq("e2"));
    assert_eq!(table(&app).phase, Phase::Pass(Colour::Black));
    intent(&mut app, Intent::TakeOver);
    assert_eq!(table(&app).phase, Phase::Build(Colour::Black));
    assert!(
        !table(&app).army_visible(Colour::White),
        "the first army stays hidden"
    );
    assert!(table(&app).army_visible(Colour::Black));
    // Black builds on its own ranks.
    intent(&mut app, Intent::Hold(Some(Role::Knight)));
    click(&mut app, sq("b8"));
    click(&mut app, sq("g8"));
    intent(&mut app, Intent::Ready);
    assert_eq!(table(&app).phase, Phase::Play);
    assert!(table(&app).army_visible(Colour::White));
    let s = table(&app).state().unwrap().clone();
    assert_eq!(s.board().count(Colour::Black, Role::Knight), 2);
    assert_eq!(
        s.board()
            .pieces()
            .filter(|(_, p)| p.colour == Colour::White)
            .count(),
        white.placements.len()
    );
    // Both seats are people: each acts by clicks in turn.
    let mut rng = DiceRng::new(3);
    for _ in 0..30 {
        if table(&app).phase != Phase::Play {
            break;
        }
        assert!(table(&app).person_to_act());
        let s = table(&app).state().unwrap().clone();
        let legal = s.legal_actions();
        let a = legal[rng.below(legal.len() as u64) as usize];
        play_by_clicks(&mut app, a);
    }
    assert!(table(&app).plies() >= 10);
}

#[test]
fn the_dice_on_show_are_the_rules_roll_and_undo_rolls_them_again() {
    let mut app = app_with(MemoryStore::default());
    let actions = course_to(|s| {
        s.legal_actions().iter().any(|a| {
            matches!(a, Action::Attempt { .. }) && s.attempt_dice(a).is_some_and(|d| d.defender > 0)
        })
    });
    staged(&mut app, &actions, [Seat::Person, Seat::Person]);
    app.insert_resource(Timing::PLAY);
    let s = table(&app).state().unwrap().clone();
    let a = s
        .legal_actions()
        .into_iter()
        .find(|a| {
            matches!(a, Action::Attempt { .. }) && s.attempt_dice(a).is_some_and(|d| d.defender > 0)
        })
        .unwrap();
    let (_, expected) = s.apply(&a).unwrap();
    play_by_clicks(&mut app, a);
    let roll = table(&app).roll.clone().expect("the dice roll");
    assert_eq!(
        roll.played.record.dice, expected.dice,
        "the dice shown are the rules' roll"
    );
    assert_eq!(roll.played.before, s);
    assert_eq!(
        table(&app).shown(),
        Some(&s),
        "the board waits for the dice"
    );
    // A click skips the roll to its result.
    app.world_mut()
        .write_message(Clicked::<ChessTable>(ChessClicked::Nothing));
    app.update();
    assert!(table(&app).roll.is_none());
    app.insert_resource(Timing::INSTANT);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(500),
    ));
    for _ in 0..20 {
        if !table(&app).animating() {
            break;
        }
        app.update();
    }
    assert!(!table(&app).animating());
    // Undo really takes it back, the dice generator with it: the same attempt, the same dice.
    intent(&mut app, Intent::Undo);
    assert_eq!(table(&app).state(), Some(&s));
    intent(&mut app, Intent::Act(a));
    let last = table(&app).list().last().cloned().unwrap();
    assert_eq!(last.result, expected.result);
    let dice = expected.dice.unwrap();
    assert_eq!(
        last.sums,
        Some((dice.attacker.sum(), Some(dice.defender.sum())))
    );
}

#[test]
fn stepping_back_and_forward_changes_nothing_and_no_action_is_made_meanwhile() {
    let mut app = app_with(MemoryStore::default());
    start(&mut app, Seat::Person);
    let mut rng = DiceRng::new(12);
    for _ in 0..6 {
        let s = table(&app).state().unwrap().clone();
        let legal = s.legal_actions();
        play_by_clicks(&mut app, legal[rng.below(legal.len() as u64) as usize]);
    }
    let before = table(&app).game.clone();
    let n = table(&app).plies();
    intent(&mut app, Intent::View(Step::Back));
    intent(&mut app, Intent::View(Step::Back));
    assert_eq!(table(&app).viewing, Some(n - 2));
    let shown = table(&app).shown().cloned().unwrap();
    assert_ne!(Some(&shown), table(&app).state());
    // A click on a piece of the side to act in the viewed position does nothing.
    let own = shown
        .board()
        .pieces()
        .find(|(_, p)| p.colour == shown.turn())
        .map(|(s, _)| s)
        .unwrap();
    click(&mut app, own);
    assert!(table(&app).selected.is_none());
    intent(&mut app, Intent::Act(shown.legal_actions()[0]));
    assert_eq!(refusals(&mut app), vec![Refusal::Viewing]);
    intent(&mut app, Intent::View(Step::Forward));
    intent(&mut app, Intent::View(Step::Forward));
    assert_eq!(table(&app).viewing, None);
    assert_eq!(table(&app).game, before);
}

#[test]
fn a_failed_attempt_out_of_check_leaves_the_same_player_to_act() {
    let mut app = app_with(MemoryStore::default());
    let failing = |s: &State| -> Option<Action> {
        if !s.in_check() {
            return None;
        }
        s.legal_actions().into_iter().find(|a| {
            a.is_attempt()
                && s.apply(a).is_ok_and(|(next, r)| {
                    matches!(r.result, Some(AttemptResult::Wound | AttemptResult::Miss))
                        && next.turn() == s.turn()
                })
        })
    };
    let actions = course_to(|s| failing(s).is_some());
    staged(&mut app, &actions, [Seat::Person, Seat::Bot(Level::Normal)]);
    let s = table(&app).state().unwrap().clone();
    let a = failing(&s).unwrap();
    play_by_clicks(&mut app, a);
    assert_eq!(table(&app).state().unwrap().turn(), Colour::White);
    assert!(table(&app).person_to_act(), "the same player acts again");
    assert!(
        notices(&app).iter().any(|n| n.contains("still in check")),
        "{:?}",
        notices(&app)
    );
}

#[test]
fn the_king_heals_a_wounded_neighbour() {
    let mut app = app_with(MemoryStore::default());
    let heals = |s: &State| {
        s.legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::Heal { .. }))
            .collect::<Vec<_>>()
    };
    let actions = course_to(|s| heals(s).len() == 1);
    staged(&mut app, &actions, [Seat::Person, Seat::Bot(Level::Easy)]);
    let s = table(&app).state().unwrap().clone();
    let target = heals(&s)[0].to().unwrap();
    assert!(s.board().get(target).unwrap().wounded);
    app.init_resource::<ButtonInput<KeyCode>>();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::KeyH);
    app.update();
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::KeyH);
        keys.clear();
    }
    app.update();
    let n = actions.1.len();
    let g = table(&app).game.clone().unwrap();
    assert!(
        matches!(
            g.game().record().get(n).map(|e| e.action),
            Some(Action::Heal { .. })
        ),
        "H healed"
    );
    assert!(
        !g.game()
            .after(n + 1)
            .unwrap()
            .board()
            .get(target)
            .unwrap()
            .wounded
    );
    assert!(table(&app).list()[n].text.starts_with("heal "));
}

#[test]
fn a_game_resumes_after_a_restart_and_a_damaged_save_is_told() {
    let mut app = app_with(MemoryStore::default());
    start(&mut app, Seat::Bot(Level::Easy));
    let mut rng = DiceRng::new(4);
    let mut played = 0;
    while played < 3 {
        if !table(&app).person_to_act() {
            app.update();
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        let s = table(&app).state().unwrap().clone();
        let legal = s.legal_actions();
        play_by_clicks(&mut app, legal[rng.below(legal.len() as u64) as usize]);
        played += 1;
    }
    while !table(&app).person_to_act() && table(&app).phase == Phase::Play {
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    let store = saved(&app);
    let mut app2 = app_with(store.clone());
    assert!(table(&app2).saved.is_some(), "the lobby offers to continue");
    intent(&mut app2, Intent::Continue);
    assert_eq!(table(&app2).phase, Phase::Play);
    assert_eq!(table(&app2).state(), table(&app).state());
    assert_eq!(table(&app2).list(), table(&app).list());
    // A save that is not JSON.
    let mut damaged = store.clone();
    damaged
        .set_raw("chess.game", "{\"version\":1,\"data\":{\"armies\":".into())
        .unwrap();
    let app3 = app_with(damaged);
    assert!(table(&app3).saved.is_none());
    assert_eq!(table(&app3).phase, Phase::Lobby);
    assert!(
        notices(&app3)
            .iter()
            .any(|n| n.contains("saved Artifact Chess game")),
        "{:?}",
        notices(&app3)
    );
    // A save whose record does not replay: its first action swapped for a move from d4 to d4,
    // which no piece can make. (Not a1 to h8: a random army may put a bishop on a1 with an
    // open diagonal, and the swapped record then replays.)
    let raw = store.get_raw("chess.game").unwrap().unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&raw).unwrap();
    let record = &mut value["data"]["game"]["record"][0]["action"];
    *record = serde_json::json!({"Move": {"from": 27, "to": 27, "promotion": null}});
    let mut tampered = store;
    tampered
        .set_raw("chess.game", serde_json::to_string(&value).unwrap())
        .unwrap();
    let app4 = app_with(tampered);
    assert!(table(&app4).saved.is_none());
    assert!(
        notices(&app4)
            .iter()
            .any(|n| n.contains("saved Artifact Chess game")),
        "{:?}",
        notices(&app4)
    );
}

#[test]
fn every_refusal_of_the_table_has_words_in_three_languages() {
    use carved_tables::i18n::{Explain, Lang, Strings, parse_strings, unworded};
    let refusals = [
        Refusal::NotNow,
        Refusal::Viewing,
        Refusal::NotYours(sq("e7")),
        Refusal::Empty(sq("e4")),
        Refusal::NothingSelected,
        Refusal::NoActionThere(sq("a8")),
        Refusal::NoHeal,
        Refusal::NotATarget(carved_tables::rules::chess::Artifact::Teleport, sq("h8")),
        Refusal::Army(ArmyError::NoKing),
        Refusal::Draft(carved_tables::play::chess::DraftError::OutsideHalf(sq(
            "a5",
        ))),
        Refusal::Draft(carved_tables::play::chess::DraftError::Occupied(sq("a1"))),
        Refusal::Draft(carved_tables::play::chess::DraftError::NothingThere(sq(
            "a4",
        ))),
        Refusal::Draft(carved_tables::play::chess::DraftError::OverBudget {
            role: Role::Rook,
            left: 2,
        }),
        Refusal::Draft(carved_tables::play::chess::DraftError::TooMany {
            role: Role::Knight,
            max: 2,
        }),
        Refusal::Draft(carved_tables::play::chess::DraftError::WrongRank {
            colour: carved_tables::rules::chess::Colour::White,
            role: Role::Pawn,
            square: sq("a1"),
        }),
        Refusal::Draft(carved_tables::play::chess::DraftError::WrongRank {
            colour: carved_tables::rules::chess::Colour::White,
            role: Role::Rook,
            square: sq("a2"),
        }),
        Refusal::Draft(carved_tables::play::chess::DraftError::SecondAdvanced {
            square: sq("c3"),
            first: sq("b3"),
        }),
        Refusal::Draft(carved_tables::play::chess::DraftError::BishopColour {
            square: sq("g1"),
            first: sq("c1"),
        }),
        Refusal::Draft(carved_tables::play::chess::DraftError::KingStays(sq("e1"))),
        Refusal::NothingHeld,
        Refusal::NothingToUndo,
        Refusal::NothingSaved,
    ];
    let english = Strings::new(Lang::En);
    for lang in Lang::ALL {
        let words = parse_strings(lang.source()).unwrap();
        let strings = Strings::new(lang);
        for r in &refusals {
            let m = r.explain();
            assert_eq!(unworded(&words, &m), None, "{}: {r:?}", lang.code());
            if lang != Lang::En {
                assert_ne!(strings.say(&m), english.say(&m), "{}: {r:?}", lang.code());
            }
            // Told as a sentence: a capital first.
            let told = chess::refusal_notice(&strings, r);
            assert!(
                told.chars().next().is_some_and(char::is_uppercase),
                "{}: {told}",
                lang.code()
            );
        }
    }
}
