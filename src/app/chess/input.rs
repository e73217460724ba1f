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
use super::{ChessClicked, ChessTable};
use crate::app::kit::clicks::{TableClick, up_from};
use crate::app::kit::{Clicked, Keys, TableSet};
use crate::app::screens::Screen;
use crate::rules::GameKind;
use crate::rules::chess::{Action, Artifact, Play, Role};
use bevy::prelude::*;

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
    e: Entity,
    pieces: &Query<&ChessPiece>,
    parents: &Query<&ChildOf>,
) -> Option<ChessPiece> {
    up_from(e, parents, 4).find_map(|e| pieces.get(e).ok().copied())
}

fn is_die(e: Entity, dice: &Query<&Die>, parents: &Query<&ChildOf>) -> bool {
    up_from(e, parents, 4).any(|e| dice.get(e).is_ok())
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
pub(super) fn keys(mut keys: Keys<ChessTable>, mut table: ResMut<ChessTable>) {
    let Some(mut k) = keys.frame() else {
        return;
    };
    let enter = k.enter();
    if table.roll.is_some() {
        if enter || k.pressed(KeyCode::Space) || k.pressed(KeyCode::Escape) {
            k.send(Intent::SkipRoll);
            k.clear(KeyCode::Escape);
        }
        return;
    }
    match table.phase {
        Phase::Lobby => {
            if enter {
                k.send(if table.saved.is_some() {
                    Intent::Continue
                } else {
                    Intent::Start
                });
            }
            return;
        }
        Phase::Pass(_) => {
            if enter || k.pressed(KeyCode::Space) {
                k.send(Intent::TakeOver);
            }
            return;
        }
        Phase::Build(_) => {
            for (key, role) in [
                (KeyCode::Digit1, Role::Rook),
                (KeyCode::Digit2, Role::Bishop),
                (KeyCode::Digit3, Role::Knight),
                (KeyCode::Digit4, Role::Pawn),
            ] {
                if k.pressed(key) {
                    k.send(Intent::Hold(Some(role)));
                }
            }
            if k.pressed(KeyCode::KeyR) {
                k.send(Intent::RandomArmy);
            } else if k.pressed(KeyCode::KeyC) {
                k.send(Intent::ClearArmy);
            } else if k.pressed(KeyCode::Space) {
                k.send(Intent::Ready);
            }
            let ring = table.focus_ring();
            let step = if k.pressed(KeyCode::ArrowRight) {
                1
            } else if k.pressed(KeyCode::ArrowLeft) {
                -1
            } else if k.pressed(KeyCode::ArrowUp) {
                8
            } else if k.pressed(KeyCode::ArrowDown) {
                -8
            } else {
                0
            };
            if step != 0 {
                table.move_focus(&ring, step);
            }
            if enter && let Some(Focus::Build(sq)) = table.focus {
                k.send(Intent::BuildAt(sq));
            } else if enter {
                table.move_focus(&ring, 1);
            }
            if let Some(sq) = table.build_pick {
                if k.pressed(KeyCode::Delete) || k.pressed(KeyCode::Backspace) {
                    k.send(Intent::TakeOff(sq));
                } else if k.pressed(KeyCode::Escape) {
                    k.send(Intent::Select(None));
                    // Escape put the piece down: it must not also leave the table.
                    k.clear(KeyCode::Escape);
                }
            }
            return;
        }
        Phase::Reveal { .. } => return,
        Phase::Over => {
            k.history(true, false, Intent::View);
            return;
        }
        Phase::Play => {}
    }
    let nothing_selected = table.selected.is_none() && table.promotion.is_none();
    if k.history(nothing_selected, table.viewing.is_some(), Intent::View) {
        return;
    }
    if table.viewing.is_some() {
        return;
    }
    if k.pressed(KeyCode::Backspace) {
        k.send(Intent::Undo);
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
        let chosen = if k.pressed(KeyCode::KeyC) {
            find(&|a| matches!(a, Action::Play(Play::Cancel)))
        } else if k.pressed(KeyCode::KeyS) {
            find(&|a| matches!(a, Action::Play(Play::Seize(_))))
        } else if k.pressed(KeyCode::KeyP) || k.pressed(KeyCode::Space) {
            Some(Action::Pass)
        } else {
            None
        };
        if let Some(a) = chosen {
            k.send(Intent::Act(a));
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
    for (i, key) in digits.into_iter().enumerate() {
        if k.pressed(key)
            && let Some(card) = hand.get(i)
        {
            k.send(Intent::Card(Some(*card)));
            return;
        }
    }
    if k.pressed(KeyCode::KeyC) && table.card.is_none() {
        k.send(Intent::Act(Action::Play(Play::Cancel)));
        return;
    }
    if let Some(pick) = table.card.clone().filter(|_| table.promotion.is_none()) {
        let ring: Vec<Focus> = pick.next_squares().into_iter().map(Focus::Target).collect();
        if k.pressed(KeyCode::Tab)
            || k.pressed(KeyCode::ArrowRight)
            || k.pressed(KeyCode::ArrowDown)
        {
            table.move_focus(&ring, k.tab_step());
        } else if k.pressed(KeyCode::ArrowLeft) || k.pressed(KeyCode::ArrowUp) {
            table.move_focus(&ring, -1);
        } else if enter {
            match table.focus {
                Some(Focus::Target(sq)) if ring.contains(&Focus::Target(sq)) => {
                    k.send(Intent::CardAt(sq))
                }
                _ if ring.is_empty() => k.send(Intent::CardGo),
                _ => table.move_focus(&ring, 1),
            }
        } else if k.pressed(KeyCode::Escape) {
            k.send(Intent::Select(None));
            k.clear(KeyCode::Escape);
        }
        return;
    }
    if let Some(choices) = &table.promotion {
        let _ = choices;
        for (key, role) in [
            (KeyCode::KeyR, Role::Rook),
            (KeyCode::KeyB, Role::Bishop),
            (KeyCode::KeyN, Role::Knight),
        ] {
            if k.pressed(key) {
                k.send(Intent::Promote(role));
            }
        }
        if k.pressed(KeyCode::Escape) {
            k.send(Intent::Select(None));
            k.clear(KeyCode::Escape);
        }
        return;
    }
    if k.pressed(KeyCode::KeyH) {
        k.send(Intent::Heal(None));
        return;
    }
    if k.pressed(KeyCode::Tab) {
        // Tab moves between your pieces that can act, selecting the one it lands on.
        if let Some(sq) = table.tab_piece(k.tab_step()) {
            k.send(Intent::Select(Some(sq)));
        }
    } else if k.arrow_step() != 0 {
        let ring = table.focus_ring();
        table.move_focus(&ring, k.arrow_step());
    } else if enter {
        match table.focus {
            Some(Focus::Target(sq)) => k.send(Intent::Target(sq)),
            Some(Focus::Piece(sq)) if table.selected.is_none() => k.send(Intent::Select(Some(sq))),
            _ => {
                let ring = table.focus_ring();
                table.move_focus(&ring, 1);
            }
        }
    }
    if k.pressed(KeyCode::Escape) && table.selected.is_some() {
        k.send(Intent::Select(None));
        // Escape put the piece down: it must not also leave the table.
        k.clear(KeyCode::Escape);
    }
}
