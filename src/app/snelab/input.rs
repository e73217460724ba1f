//! The player's hands at the Snēlab table: a click (or tap) on the court becomes a
//! [`SquareClicked`]; the keyboard plays a whole case without the mouse — Tab cycles your pieces,
//! the arrow keys cycle targets (or payers), Enter lifts, sends and confirms, Space adds or takes
//! back a payer, Escape backs out.

use super::table::{Intent, Pick};
use super::view::square_at;
use super::{SnelabIntent, SnelabTable, SquareClicked};
use crate::app::kit::TableSet;
use crate::app::screens::Screen;
use crate::play::snelab::Phase;
use crate::rules::GameKind;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// A press-and-release that moved further than this many pixels was a drag (the view panned).
const DRAG_SLOP: f32 = 8.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        clicks
            .in_set(TableSet::Input)
            .run_if(in_state(Screen::Table(GameKind::Snelab))),
    );
}

fn clicks(
    mut clicks: MessageReader<Pointer<Click>>,
    mut drags: MessageReader<Pointer<DragEnd>>,
    table: Res<SnelabTable>,
    mut out: MessageWriter<SquareClicked>,
) {
    let dragged = drags
        .read()
        .any(|d| d.distance.length() > DRAG_SLOP && d.button == PointerButton::Primary);
    let court = table.pos().court();
    let mut seen = false;
    for click in clicks.read() {
        debug!(
            "click on {:?} at {:?} ({:?}), dragged: {dragged}",
            click.entity, click.hit.position, click.button
        );
        if click.button != PointerButton::Primary || dragged || seen {
            continue;
        }
        if let Some(sq) = click.hit.position.and_then(|p| square_at(court, p)) {
            seen = true;
            out.write(SquareClicked(sq));
        }
    }
}

/// Runs in the core plugin (the headless tests press keys too).
pub(super) fn keys(
    keys: Option<ResMut<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut table: ResMut<SnelabTable>,
    mut intents: MessageWriter<SnelabIntent>,
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
        intents.write(SnelabIntent(i));
    };
    if table.coin.is_some() {
        return;
    }
    match table.phase() {
        Phase::Lobby => {
            if pressed(KeyCode::Enter) {
                send(Intent::Sit);
            }
            return;
        }
        Phase::Verdict(_) => {
            if pressed(KeyCode::Enter) {
                send(Intent::NextCase);
            }
            return;
        }
        Phase::Play => {}
    }
    let escape = pressed(KeyCode::Escape);
    if !table.person_to_move() {
        return;
    }
    let shift = held.pressed(KeyCode::ShiftLeft) || held.pressed(KeyCode::ShiftRight);
    let tab = pressed(KeyCode::Tab);
    let step = if pressed(KeyCode::ArrowRight) || pressed(KeyCode::ArrowDown) {
        1
    } else if pressed(KeyCode::ArrowLeft) || pressed(KeyCode::ArrowUp) {
        -1
    } else {
        0
    };
    let pick = table.pick.clone();
    if tab {
        // Tab always cycles your own pieces that can move, and lifts the one it lands on.
        let ring = table.movable();
        let current = match &pick {
            Pick::Selected { from, .. } | Pick::Paying { from, .. } => Some(*from),
            Pick::Idle => table.focus,
        };
        table.focus = current;
        table.move_focus(&ring, if shift { -1 } else { 1 });
        if let Some(f) = table.focus {
            send(Intent::Select(f));
        }
    } else if step != 0 {
        let ring = table.focus_ring();
        table.move_focus(&ring, step);
    } else if pressed(KeyCode::Enter) || pressed(KeyCode::NumpadEnter) {
        match (&pick, table.focus) {
            (Pick::Idle, Some(f)) => send(Intent::Select(f)),
            (Pick::Idle, None) => {
                let ring = table.movable();
                table.move_focus(&ring, 1);
            }
            (Pick::Selected { .. }, Some(f)) => send(Intent::Target(f)),
            (Pick::Selected { .. }, None) => {
                let ring = table.focus_ring();
                table.move_focus(&ring, 1);
            }
            (Pick::Paying { .. }, _) => send(Intent::Confirm),
        }
    } else if pressed(KeyCode::Space)
        && let (Pick::Paying { .. }, Some(f)) = (&pick, table.focus)
    {
        send(Intent::Pay(f));
    }
    if escape && pick != Pick::Idle {
        send(Intent::Cancel);
        // Escape backed out of a choice: it must not also leave the table.
        keys.clear_just_pressed(KeyCode::Escape);
    }
}
