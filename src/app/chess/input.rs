//! The player's hands at the Artifact Chess table: a click (or tap) on a piece, a mark or a
//! square becomes a [`ChessClicked`]; the keyboard plays a whole game without the mouse.
//!
//! Keys: while building, the arrows move over your half, Enter places the piece in hand (or
//! picks the piece there), Delete or Backspace takes the picked piece off, Escape puts it
//! down, 1–4 take a rook, bishop, knight or pawn in hand, R a random army, C clears, Space
//! says Ready. In play, Tab / Shift+Tab select your pieces that can act, the arrows go
//! from target to target, Enter acts, H heals, Escape puts the piece down, ← and → step through
//! the history when nothing is selected, Backspace undoes, Space skips the dice.

use super::table::{Focus, Intent, Phase};
use super::view::{ChessPiece, Die, square_at};
use super::{ChessClicked, ChessIntent, ChessTable};
use crate::app::kit::TableSet;
use crate::app::kit::clicks::TableClick;
use crate::app::kit::history;
use crate::app::kit::{Clicked, Intended};
use crate::app::screens::Screen;
use crate::rules::GameKind;
use crate::rules::chess::{Action, Artifact, Play, Role};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        clicks
            .in_set(TableSet::Input)
            .run_if(in_state(Screen::Table(GameKind::Chess))),
    );
}

/// The piece an entity belongs to (the hit is on one of its meshes).
fn piece_of(
    mut e: Entity,
    pieces: &Query<&ChessPiece>,
    parents: &Query<&ChildOf>,
) -> Option<ChessPiece> {
    for _ in 0..4 {
        if let Ok(p) = pieces.get(e) {
            return Some(*p);
        }
        e = parents.get(e).ok()?.parent();
    }
    None
}

fn is_die(mut e: Entity, dice: &Query<&Die>, parents: &Query<&ChildOf>) -> bool {
    for _ in 0..4 {
        if dice.get(e).is_ok() {
            return true;
        }
        match parents.get(e) {
            Ok(p) => e = p.parent(),
            Err(_) => return false,
        }
    }
    false
}

/// A click on the table ([`crate::app::kit::clicks`]) becomes a click on a square (a piece
/// stands for its square), or on nothing (the dice, or while they roll).
fn clicks(
    mut clicks: MessageReader<TableClick>,
    table: Res<ChessTable>,
    pieces: Query<&ChessPiece>,
    dice: Query<&Die>,
    parents: Query<&ChildOf>,
    mut out: MessageWriter<Clicked<ChessTable>>,
) {
    for click in clicks.read() {
        if table.roll.is_some() || is_die(click.entity, &dice, &parents) {
            out.write(Clicked(ChessClicked::Nothing));
            continue;
        }
        let message = match piece_of(click.entity, &pieces, &parents) {
            Some(p) => ChessClicked::Square(p.at),
            None => square_at(click.position).map_or(ChessClicked::Nothing, ChessClicked::Square),
        };
        out.write(Clicked(message));
    }
}

/// Runs in the core plugin (the headless tests press keys too).
pub(super) fn keys(
    keys: Option<ResMut<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut table: ResMut<ChessTable>,
    mut intents: MessageWriter<ChessIntent>,
) {
    let Some(mut keys) = keys else {
        return;
    };
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let held = keys.clone();
    let pressed = |k: KeyCode| held.just_pressed(k);
    let mut send = |i: Intent| {
        intents.write(Intended(i));
    };
    let enter = pressed(KeyCode::Enter) || pressed(KeyCode::NumpadEnter);
    let shift = held.pressed(KeyCode::ShiftLeft) || held.pressed(KeyCode::ShiftRight);
    if table.roll.is_some() {
        if enter || pressed(KeyCode::Space) || pressed(KeyCode::Escape) {
            send(Intent::SkipRoll);
            keys.clear_just_pressed(KeyCode::Escape);
        }
        return;
    }
    match table.phase {
        Phase::Lobby => {
            if enter {
                send(if table.saved.is_some() {
                    Intent::Continue
                } else {
                    Intent::Start
                });
            }
            return;
        }
        Phase::Pass(_) => {
            if enter || pressed(KeyCode::Space) {
                send(Intent::TakeOver);
            }
            return;
        }
        Phase::Build(_) => {
            for (k, role) in [
                (KeyCode::Digit1, Role::Rook),
                (KeyCode::Digit2, Role::Bishop),
                (KeyCode::Digit3, Role::Knight),
                (KeyCode::Digit4, Role::Pawn),
            ] {
                if pressed(k) {
                    send(Intent::Hold(Some(role)));
                }
            }
            if pressed(KeyCode::KeyR) {
                send(Intent::RandomArmy);
            } else if pressed(KeyCode::KeyC) {
                send(Intent::ClearArmy);
            } else if pressed(KeyCode::Space) {
                send(Intent::Ready);
            }
            let ring = table.focus_ring();
            let step = if pressed(KeyCode::ArrowRight) {
                1
            } else if pressed(KeyCode::ArrowLeft) {
                -1
            } else if pressed(KeyCode::ArrowUp) {
                8
            } else if pressed(KeyCode::ArrowDown) {
                -8
            } else {
                0
            };
            if step != 0 {
                table.move_focus(&ring, step);
            }
            if enter && let Some(Focus::Build(sq)) = table.focus {
                send(Intent::BuildAt(sq));
            } else if enter {
                table.move_focus(&ring, 1);
            }
            if let Some(sq) = table.build_pick {
                if pressed(KeyCode::Delete) || pressed(KeyCode::Backspace) {
                    send(Intent::TakeOff(sq));
                } else if pressed(KeyCode::Escape) {
                    send(Intent::Select(None));
                    // Escape put the piece down: it must not also leave the table.
                    keys.clear_just_pressed(KeyCode::Escape);
                }
            }
            return;
        }
        Phase::Reveal { .. } => return,
        Phase::Over => {
            if let Some(step) = history::keys(&mut keys, true, false) {
                send(Intent::View(step));
            }
            return;
        }
        Phase::Play => {}
    }
    let nothing_selected = table.selected.is_none() && table.promotion.is_none();
    if let Some(step) = history::keys(&mut keys, nothing_selected, table.viewing.is_some()) {
        send(Intent::View(step));
        return;
    }
    if table.viewing.is_some() {
        return;
    }
    if pressed(KeyCode::Backspace) {
        send(Intent::Undo);
        return;
    }
    if !table.person_to_act() {
        return;
    }
    let Some(state) = table.state().cloned() else {
        return;
    };
    // A response window: C cancels, S seizes, P or Space passes.
    if state.window().is_some() {
        let answers = state.legal_actions();
        let find = |f: &dyn Fn(&Action) -> bool| answers.iter().copied().find(|a| f(a));
        let chosen = if pressed(KeyCode::KeyC) {
            find(&|a| matches!(a, Action::Play(Play::Cancel)))
        } else if pressed(KeyCode::KeyS) {
            find(&|a| matches!(a, Action::Play(Play::Seize(_))))
        } else if pressed(KeyCode::KeyP) || pressed(KeyCode::Space) {
            Some(Action::Pass)
        } else {
            None
        };
        if let Some(a) = chosen {
            send(Intent::Act(a));
        }
        return;
    }
    // Cards: 1–5 take a card of the hand; C cancels the artifact just played against you.
    let digits = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
    ];
    let hand: Vec<Artifact> = state.hand(state.turn()).iter().collect();
    for (i, k) in digits.into_iter().enumerate() {
        if pressed(k)
            && let Some(card) = hand.get(i)
        {
            send(Intent::Card(Some(*card)));
            return;
        }
    }
    if pressed(KeyCode::KeyC) && table.card.is_none() {
        send(Intent::Act(Action::Play(Play::Cancel)));
        return;
    }
    if let Some(pick) = table.card.clone().filter(|_| table.promotion.is_none()) {
        let ring: Vec<Focus> = pick.next_squares().into_iter().map(Focus::Target).collect();
        if pressed(KeyCode::Tab) || pressed(KeyCode::ArrowRight) || pressed(KeyCode::ArrowDown) {
            table.move_focus(&ring, if shift { -1 } else { 1 });
        } else if pressed(KeyCode::ArrowLeft) || pressed(KeyCode::ArrowUp) {
            table.move_focus(&ring, -1);
        } else if enter {
            match table.focus {
                Some(Focus::Target(sq)) if ring.contains(&Focus::Target(sq)) => {
                    send(Intent::CardAt(sq))
                }
                _ if ring.is_empty() => send(Intent::CardGo),
                _ => table.move_focus(&ring, 1),
            }
        } else if pressed(KeyCode::Escape) {
            send(Intent::Select(None));
            keys.clear_just_pressed(KeyCode::Escape);
        }
        return;
    }
    if let Some(choices) = &table.promotion {
        let _ = choices;
        for (k, role) in [
            (KeyCode::KeyR, Role::Rook),
            (KeyCode::KeyB, Role::Bishop),
            (KeyCode::KeyN, Role::Knight),
        ] {
            if pressed(k) {
                send(Intent::Promote(role));
            }
        }
        if pressed(KeyCode::Escape) {
            send(Intent::Select(None));
            keys.clear_just_pressed(KeyCode::Escape);
        }
        return;
    }
    if pressed(KeyCode::KeyH) {
        send(Intent::Heal(None));
        return;
    }
    if pressed(KeyCode::Tab) {
        // Tab moves between your pieces that can act, selecting the one it lands on.
        if let Some(sq) = table.tab_piece(if shift { -1 } else { 1 }) {
            send(Intent::Select(Some(sq)));
        }
    } else if pressed(KeyCode::ArrowRight) || pressed(KeyCode::ArrowDown) {
        let ring = table.focus_ring();
        table.move_focus(&ring, 1);
    } else if pressed(KeyCode::ArrowLeft) || pressed(KeyCode::ArrowUp) {
        let ring = table.focus_ring();
        table.move_focus(&ring, -1);
    } else if enter {
        match table.focus {
            Some(Focus::Target(sq)) => send(Intent::Target(sq)),
            Some(Focus::Piece(sq)) if table.selected.is_none() => send(Intent::Select(Some(sq))),
            _ => {
                let ring = table.focus_ring();
                table.move_focus(&ring, 1);
            }
        }
    }
    if pressed(KeyCode::Escape) && table.selected.is_some() {
        send(Intent::Select(None));
        // Escape put the piece down: it must not also leave the table.
        keys.clear_just_pressed(KeyCode::Escape);
    }
}
