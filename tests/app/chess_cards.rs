//! The 22 artifacts played through the Artifact Chess table's intents (choose the card, aim it
//! square by square, play it), each checked against the rules' own account of that play: the
//! board and both hands after it. Also the response window (Cancel, Seize, a window that runs
//! out), Cancel at the start of a turn, and Scouting revealing the other hand.

use bevy::prelude::*;
use carved_tables::app::chess::table::steps;
use carved_tables::app::chess::{self, ChessTable, Intent, Phase, Refusal, Timing};
use carved_tables::app::kit::harness;
use carved_tables::play::Seat;
use carved_tables::play::chess::ChessGame;
use carved_tables::rules::chess::{
    Action, Artifact, Colour, Play, Role, Square, State, card_actions, parse_position,
};
use carved_tables::save::MemoryStore;
use carved_tables::theme::SoundEvent;
use std::time::Duration;

/// White to act, holding every kind but Trophy; black holds Cancel and Seize and has played
/// Trophy. The board has something for every card: pawns to step, turn to stone or make an
/// Heir, a wounded pawn (b2) to balm, a knight (d5) next to a rook to ram and in a pawn's reach
/// to dart or attack, a barricade (c6) to demolish, a pawn in each reserve.
const RICH: &str = "4k2r/1p5p/8/3n4/3RP3/8/PP4PP/1N2K2R w Kk - 0 12 b2 - c6 1/1 \
    file-shift,teleport,acceleration,knights-leap,kings-stride,seize,restriction,cancel,statue,\
    heir,mass-attack,explosive-ram,zombie-pawn,resurrection,barricade,demolition,balm,\
    poison-dart,shield,fury,scouting/seize,cancel -/trophy -/- - - -/-";

/// The same board, white holding Trophy alone (the pool is large).
const TROPHY: &str = "4k2r/1p5p/8/3n4/3RP3/8/PP4PP/1N2K2R w Kk - 0 12 b2 - c6 1/1 \
    trophy/seize,cancel -/- -/- - - -/-";

fn app_with(position: &str, timing: Timing) -> App {
    let mut app = harness::open::<ChessTable>(chess::core_plugin, MemoryStore::default(), timing);
    let state = parse_position(position).unwrap().with_dice_seed(31);
    let game =
        ChessGame::restaged(state, [Seat::Person, Seat::Person], 3).with_window(timing.window);
    let mut table = app.world_mut().resource_mut::<ChessTable>();
    table.opponent = Seat::Person;
    table.resume(game);
    app.update();
    app
}

fn table(app: &App) -> &chess::Table {
    harness::table::<ChessTable>(app)
}

fn state(app: &App) -> State {
    table(app).state().unwrap().clone()
}

fn intent(app: &mut App, i: Intent) {
    harness::intent::<ChessTable>(app, i);
}

fn refusals(app: &mut App) -> Vec<Refusal> {
    harness::refusals::<ChessTable>(app)
}

/// The sounds asked for since the last call (messages live two updates: call it often).
fn heard(app: &mut App) -> Vec<SoundEvent> {
    harness::heard(app)
}

/// Plays `action` (a card play) the way a person does: the card, its squares, then Play, the
/// promotion or the pile's card.
fn play_card(app: &mut App, action: Action) {
    let Action::Play(p) = action else {
        panic!("{action} is not a card")
    };
    intent(app, Intent::Card(Some(p.artifact())));
    assert_eq!(refusals(app), vec![], "{action}: the card is taken");
    let path = steps(&action);
    for sq in &path {
        assert!(
            table(app)
                .card
                .as_ref()
                .is_some_and(|c| c.next_squares().contains(sq)),
            "{action}: {sq} is lit"
        );
        intent(app, Intent::CardAt(*sq));
    }
    if table(app).card.is_some() && table(app).promotion.is_none() {
        match p {
            Play::Seize(taken) => intent(app, Intent::CardTake(taken)),
            _ => intent(app, Intent::CardGo),
        }
    }
    if table(app).promotion.is_some() {
        let role = chess::table::promotion_of(&action).unwrap_or(Role::Rook);
        intent(app, Intent::Promote(role));
    }
    assert_eq!(refusals(app), vec![], "{action}: played without a refusal");
}

/// Each card of the rich position, played through the table: the table's state afterwards
/// is the rules' own result of that play (board, hands, piles, marks), and the card left the
/// hand for the pile.
#[test]
fn each_of_the_22_artifacts_plays_through_the_tables_intents() {
    let mut seen = Vec::new();
    for (position, cards) in [
        (
            RICH,
            Artifact::ALL
                .into_iter()
                .filter(|c| !matches!(c, Artifact::Trophy | Artifact::Cancel))
                .collect::<Vec<_>>(),
        ),
        (TROPHY, vec![Artifact::Trophy]),
    ] {
        for card in cards {
            let mut app = app_with(position, Timing::INSTANT);
            let before = state(&app);
            let plays = card_actions(&before, card);
            assert!(
                !plays.is_empty(),
                "{card:?} is playable in the staged position"
            );
            // The last play: a square further into the board than the first, so aiming picks
            // among several targets.
            let action = *plays.last().unwrap();
            let (expected, _) = before.apply(&action).unwrap();
            heard(&mut app);
            play_card(&mut app, action);
            let sounds = heard(&mut app);
            assert!(
                sounds.contains(&SoundEvent::Card),
                "{card:?}: the card is heard: {sounds:?}"
            );
            if let Some(family) = chess::card_sound(card) {
                assert!(
                    sounds.contains(&family),
                    "{card:?}: its effect is heard ({family:?}): {sounds:?}"
                );
            }
            let after = state(&app);
            let record = table(&app).game.as_ref().unwrap().game().record();
            assert_eq!(
                record.last().map(|e| e.action),
                Some(action),
                "{card:?}: the table played the play it was aimed at"
            );
            assert_eq!(after.board(), expected.board(), "{card:?}: the board");
            for c in Colour::BOTH {
                assert_eq!(after.hand(c), expected.hand(c), "{card:?}: {c:?}'s hand");
                assert_eq!(
                    after.played(c),
                    expected.played(c),
                    "{card:?}: {c:?}'s pile"
                );
                assert_eq!(after.reserve(c), expected.reserve(c), "{card:?}: reserves");
            }
            if card != Artifact::Seize {
                assert!(
                    !after.hand(Colour::White).contains(card),
                    "{card:?} left the hand"
                );
            }
            assert!(
                after.played(Colour::White).contains(&card),
                "{card:?} is on the pile"
            );
            seen.push(card);
        }
    }
    seen.push(Artifact::Cancel);
    seen.sort();
    let mut all = Artifact::ALL.to_vec();
    all.sort();
    assert_eq!(seen, all, "every artifact was played (Cancel below)");
}

/// Restriction opens black's window: Cancel brings the board back as it was, both cards spent.
#[test]
fn cancel_in_a_window_brings_the_board_back() {
    let mut app = app_with(RICH, Timing::INSTANT);
    let before = state(&app);
    let restrict = Action::Play(Play::Restriction(Square::parse("d5").unwrap()));
    play_card(&mut app, restrict);
    let s = state(&app);
    assert!(
        s.window().is_some() && s.turn() == Colour::Black,
        "black's window"
    );
    assert_eq!(s.restricted(Colour::Black), Square::parse("d5"));
    heard(&mut app);
    intent(&mut app, Intent::Act(Action::Play(Play::Cancel)));
    assert!(
        heard(&mut app).contains(&SoundEvent::Cancel),
        "the Cancel is heard"
    );
    let s = state(&app);
    assert!(s.window().is_none());
    assert_eq!(s.board(), before.board());
    assert_eq!(
        s.restricted(Colour::Black),
        None,
        "the Restriction is undone"
    );
    assert!(!s.hand(Colour::Black).contains(Artifact::Cancel));
    assert!(!s.hand(Colour::White).contains(Artifact::Restriction));
    assert_eq!(
        s.turn(),
        Colour::White,
        "white keeps its move after a cancelled keep-move card"
    );
}

/// Seize in a window takes the card just played into black's hand.
#[test]
fn seize_in_a_window_takes_the_card_just_played() {
    let mut app = app_with(RICH, Timing::INSTANT);
    play_card(
        &mut app,
        Action::Play(Play::Restriction(Square::parse("h8").unwrap())),
    );
    let answer = state(&app)
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Play(Play::Seize(Artifact::Restriction))))
        .expect("Seize of the Restriction is an answer");
    intent(&mut app, Intent::Act(answer));
    let s = state(&app);
    assert!(s.hand(Colour::Black).contains(Artifact::Restriction));
    assert!(!s.hand(Colour::Black).contains(Artifact::Seize));
    assert!(s.window().is_none());
}

/// A window nobody answers passes when its time runs out; each second of its countdown is
/// heard.
#[test]
fn a_window_that_runs_out_passes() {
    let timing = Timing {
        window: Some(3.0),
        ..Timing::INSTANT
    };
    let mut app = app_with(RICH, timing);
    play_card(
        &mut app,
        Action::Play(Play::Restriction(Square::parse("d5").unwrap())),
    );
    assert!(state(&app).window().is_some());
    let left = table(&app).game.as_ref().unwrap().window_left().unwrap();
    assert!((left - 3.0).abs() < 1e-9, "{left}");
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(250),
    ));
    heard(&mut app);
    let mut sounds = Vec::new();
    for _ in 0..20 {
        app.update();
        sounds.extend(heard(&mut app));
    }
    let ticks = sounds
        .iter()
        .filter(|s| **s == SoundEvent::WindowTick)
        .count();
    assert_eq!(ticks, 2, "the seconds 2 and 1 are heard: {sounds:?}");
    assert!(sounds.contains(&SoundEvent::Pass), "the pass is heard");
    let s = state(&app);
    assert!(s.window().is_none(), "the window passed by itself");
    assert_eq!(
        table(&app)
            .game
            .as_ref()
            .unwrap()
            .game()
            .record()
            .last()
            .map(|e| e.action),
        Some(Action::Pass)
    );
    assert!(
        s.hand(Colour::Black).contains(Artifact::Cancel),
        "nothing was spent"
    );
    assert_eq!(s.restricted(Colour::Black), Square::parse("d5"));
}

/// Statue uses white's turn; at the start of black's turn Cancel is offered against it, and
/// the C key plays it: the pawn stands again.
#[test]
fn cancel_at_the_start_of_a_turn_undoes_the_artifact_just_played() {
    let mut app = app_with(RICH, Timing::INSTANT);
    let b7 = Square::parse("b7").unwrap();
    play_card(&mut app, Action::Play(Play::Statue(b7)));
    let s = state(&app);
    assert!(s.board().get(b7).is_none() && s.board().is_impassable(b7));
    assert!(
        table(&app).is_statue(b7),
        "the table knows the stone from a barricade"
    );
    assert_eq!(s.cancelable(), Some(Artifact::Statue));
    app.init_resource::<ButtonInput<KeyCode>>();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::KeyC);
    app.update();
    let s = state(&app);
    assert!(
        s.board().get(b7).is_some_and(|p| p.role == Role::Pawn),
        "the pawn is back"
    );
    assert!(!s.board().is_impassable(b7));
    assert!(!s.hand(Colour::Black).contains(Artifact::Cancel));
}

/// Scouting: white sees black's hand for the rest of the game.
#[test]
fn scouting_reveals_the_other_hand() {
    let mut app = app_with(RICH, Timing::INSTANT);
    assert!(!state(&app).scouted(Colour::White));
    play_card(&mut app, Action::Play(Play::Scouting));
    let s = state(&app);
    assert!(s.scouted(Colour::White));
    let view = s.view_for(Colour::White);
    assert_eq!(
        view.hand(Colour::Black),
        s.hand(Colour::Black),
        "the hand is seen"
    );
}

/// A card that cannot be played is refused with its reason, and nothing changes.
#[test]
fn a_card_that_cannot_be_played_says_why() {
    let mut app = app_with(RICH, Timing::INSTANT);
    let before = state(&app);
    intent(&mut app, Intent::Card(Some(Artifact::Cancel)));
    let r = refusals(&mut app);
    assert!(
        matches!(r[..], [Refusal::CardBlocked(Artifact::Cancel, _)]),
        "{r:?}"
    );
    assert_eq!(state(&app), before);
    assert!(table(&app).card.is_none());
    // Escape backs out of an aimed card one step at a time.
    intent(&mut app, Intent::Card(Some(Artifact::Teleport)));
    let first = table(&app).card.as_ref().unwrap().next_squares()[0];
    intent(&mut app, Intent::CardAt(first));
    assert_eq!(table(&app).card.as_ref().unwrap().path, vec![first]);
    intent(&mut app, Intent::Select(None));
    assert_eq!(table(&app).card.as_ref().unwrap().path, vec![]);
    intent(&mut app, Intent::Select(None));
    assert!(table(&app).card.is_none());
    assert_eq!(table(&app).phase, Phase::Play);
    assert_eq!(state(&app), before);
}

/// A Cancel that sends a teleported rook home: the table waits as long as the rook slides back
/// (the rules' motions time both the table and the view), not a one-square step.
#[test]
fn a_cancel_keeps_the_table_busy_as_long_as_its_pieces_travel() {
    let timing = Timing {
        move_first: 0.3,
        move_each: 0.1,
        ..Timing::INSTANT
    };
    let mut app = app_with(RICH, timing);
    // The longest teleport white has: the farther the rook goes, the longer its return.
    let s = state(&app);
    let far = card_actions(&s, Artifact::Teleport)
        .into_iter()
        .filter_map(|a| match a {
            Action::Play(Play::Teleport(m)) => Some((m.from.distance(m.to), a)),
            _ => None,
        })
        .max_by_key(|(d, _)| *d)
        .unwrap();
    let (distance, teleport) = far;
    assert!(
        distance >= 2,
        "a teleport of more than one square ({distance})"
    );
    play_card(&mut app, teleport);
    app.world_mut().resource_mut::<ChessTable>().busy = 0.0;
    if state(&app).window().is_none() {
        // No window after a teleport: black cancels at the start of its turn.
        assert_eq!(state(&app).turn(), Colour::Black);
    }
    intent(&mut app, Intent::Act(Action::Play(Play::Cancel)));
    assert_eq!(refusals(&mut app), vec![]);
    let t = table(&app);
    let last = t.last.as_ref().expect("the Cancel landed");
    assert_eq!(last.record.action, Action::Play(Play::Cancel));
    assert_eq!(
        last.motions.longest(),
        distance,
        "the rook goes all the way home"
    );
    let expected = timing.travel(distance);
    assert!(
        (t.busy - expected).abs() < 1e-4 && expected > timing.move_first,
        "busy {} for a return of {distance} squares ({expected})",
        t.busy
    );
}
