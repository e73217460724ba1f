//! The player's hands at the Snēlab table: a click (or tap) on the court becomes a
//! [`SquareClicked`], the pointer over a square (or a long press on it) a [`SquareHovered`] (its
//! piece's rank is named);
//! the keyboard plays a whole case without the mouse — Tab cycles your pieces, the arrow keys
//! cycle targets (or payers), Enter lifts, sends and confirms, Space adds or takes back a payer,
//! Escape backs out, R resigns (after asking).

use super::table::{Intent, Pick};
use super::view::{Court3d, square_at};
use super::{SnelabPanels, SnelabTable, SquareClicked, SquareHovered};
use crate::app::kit::clicks::{TableClick, TableLongPress, up_from};
use crate::app::kit::{Clicked, Keys, TableSet};
use crate::app::screens::Screen;
use crate::play::snelab::Phase;
use crate::rules::GameKind;
use crate::rules::snelab::Square;
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{PointerAction, PointerId, PointerInput};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (clicks, hover)
            .in_set(TableSet::Input)
            .run_if(in_state(Screen::Table(GameKind::Snelab))),
    );
}

/// The square under the mouse pointer: the nearest hit on the court (a piece or the board).
/// Over a panel, egui's own hit blocks the court's, so nothing is named through a panel. On a
/// touch screen, the square a long press asked about, kept until the next touch.
#[allow(clippy::too_many_arguments)]
fn hover(
    hovers: Option<Res<HoverMap>>,
    mut presses: MessageReader<PointerInput>,
    mut long: MessageReader<TableLongPress>,
    court: Res<Court3d>,
    parents: Query<&ChildOf>,
    table: Res<SnelabTable>,
    mut held: Local<Option<Square>>,
    mut out: MessageWriter<SquareHovered>,
) {
    let Some(root) = court.root else {
        return;
    };
    let on_court = |e: Entity| up_from(e, &parents, 6).any(|e| e == root);
    let dims = table.pos().court();
    if presses
        .read()
        .any(|i| matches!(i.action, PointerAction::Press(_)))
    {
        *held = None;
    }
    for press in long.read() {
        if on_court(press.entity) {
            *held = square_at(dims, press.position);
        }
    }
    let sq = hovers.as_ref().and_then(|h| {
        let hits = h.get(&PointerId::Mouse)?;
        let (_, hit) = hits
            .iter()
            .filter(|(e, hit)| hit.position.is_some() && on_court(**e))
            .min_by(|a, b| a.1.depth.total_cmp(&b.1.depth))?;
        square_at(dims, hit.position?)
    });
    let sq = sq.or(*held);
    if sq != table.hover {
        out.write(SquareHovered(sq));
    }
}

/// A click on the table ([`crate::app::kit::clicks`]) becomes a click on the square under it.
fn clicks(
    mut clicks: MessageReader<TableClick>,
    table: Res<SnelabTable>,
    mut out: MessageWriter<SquareClicked>,
) {
    let court = table.pos().court();
    for click in clicks.read() {
        debug!("click on {:?} at {:?}", click.entity, click.position);
        if let Some(sq) = square_at(court, click.position) {
            out.write(Clicked(sq));
        }
    }
}

/// Runs in the core plugin (the headless tests press keys too).
///
/// During a case the court owns the keys (the panels' own key events are held back from egui,
/// see `ui`): Tab / Shift+Tab lift your pieces in turn, the arrows move the focus over the
/// lifted piece's targets (or the pieces that can pay) and back to the lifted piece, Enter sends
/// it, confirms or (on the lifted piece) backs out, Space adds or takes back a payer, Escape
/// backs out, R asks "Resign this case?" (Enter resigns, Escape keeps playing). In the lobby
/// and at the verdict the panels own the keys through egui's focus; Enter with nothing focused
/// sits down or goes on to the next case.
pub(super) fn keys(
    mut keys: Keys<SnelabTable>,
    panels: Option<ResMut<SnelabPanels>>,
    mut table: ResMut<SnelabTable>,
) {
    // Escape puts the books away (even with their Close button focused), and only that.
    if let Some(input) = keys.input()
        && input.just_pressed(KeyCode::Escape)
        && let Some(mut panels) = panels
        && panels.books
    {
        panels.books = false;
        input.clear_just_pressed(KeyCode::Escape);
        return;
    }
    let Some(mut k) = keys.frame() else {
        return;
    };
    if table.coin.is_some() {
        return;
    }
    // A replay: the arrows step through it (Space, Home and End are the replay bar's).
    if table.replay.is_some() {
        use crate::app::kit::history::Step;
        if k.pressed(KeyCode::ArrowLeft) {
            k.send(Intent::View(Step::Back));
        } else if k.pressed(KeyCode::ArrowRight) {
            k.send(Intent::View(Step::Forward));
        }
        return;
    }
    let enter = k.enter();
    match table.phase() {
        Phase::Lobby => {
            if enter {
                k.send(Intent::Sit);
            }
            return;
        }
        Phase::Verdict(_) => {
            if enter {
                k.send(Intent::NextCase);
            }
            return;
        }
        Phase::Play => {}
    }
    let escape = k.pressed(KeyCode::Escape);
    if table.resigning {
        if enter {
            k.send(Intent::Resign);
        } else if escape {
            k.send(Intent::Cancel);
            // Escape answered the question: it must not also leave the table.
            k.clear(KeyCode::Escape);
        }
        return;
    }
    if !table.person_to_move() {
        return;
    }
    let tab = k.pressed(KeyCode::Tab);
    let space = k.pressed(KeyCode::Space);
    let step = k.arrow_step();
    if !(tab || space || enter || escape || step != 0 || k.pressed(KeyCode::KeyR)) {
        return;
    }
    // A key shows the focus; one that would act on a focus the player has not seen (the mouse
    // was in use) only shows it.
    let shown = table.show_keys();
    let pick = table.pick.clone();
    let lifted = pick.lifted();
    if k.pressed(KeyCode::KeyR) {
        k.send(Intent::AskResign);
    } else if tab {
        // Tab always cycles your own pieces that can move, and lifts the one it lands on.
        if let Some(f) = table.tab_piece(k.tab_step()) {
            k.send(Intent::Select(f));
        }
    } else if step != 0 {
        let ring = table.focus_ring();
        if shown || table.focus.is_none() {
            table.move_focus(&ring, step);
        }
    } else if enter {
        match (&pick, table.focus) {
            (Pick::Idle, Some(f)) if shown => k.send(Intent::Select(f)),
            (Pick::Idle, Some(_)) => {}
            (Pick::Idle, None) => {
                let ring = table.movable();
                table.move_focus(&ring, 1);
            }
            // The target was not on show: this Enter shows it, the next one sends the piece.
            (Pick::Selected { .. }, Some(_)) if !shown => {}
            (_, Some(f)) if Some(f) == lifted => k.send(Intent::Cancel),
            (Pick::Selected { .. }, Some(f)) => k.send(Intent::Target(f)),
            (Pick::Selected { .. }, None) => {
                let ring = table.focus_ring();
                table.move_focus(&ring, 1);
            }
            (Pick::Paying { .. }, _) => k.send(Intent::Confirm),
        }
    } else if space
        && shown
        && let (Pick::Paying { .. }, Some(f)) = (&pick, table.focus)
        && Some(f) != lifted
    {
        k.send(Intent::Pay(f));
    }
    if escape && pick != Pick::Idle {
        k.send(Intent::Cancel);
        // Escape backed out of a choice: it must not also leave the table.
        k.clear(KeyCode::Escape);
    }
}
