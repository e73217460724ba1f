//! The keyboard at a table, the same preamble for every game: the keys are the table's only
//! while no panel's text field wants them, a key's press is read once, an intent is sent, and a
//! key the table answered (Escape) is consumed so that it does not also leave the table.
//!
//! A game's keys system takes a [`Keys<T>`] and reads the frame's keys through
//! [`Keys::frame`]; what a key means stays the game's own.

use super::TableKind;
use super::history::{self, Step};
use super::table::Intended;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// The keyboard as a table's keys system reads it (a headless test presses keys too; without a
/// keyboard there are no keys).
#[derive(SystemParam)]
pub struct Keys<'w, T: TableKind> {
    input: Option<ResMut<'w, ButtonInput<KeyCode>>>,
    egui: Option<Res<'w, EguiWantsInput>>,
    intents: MessageWriter<'w, Intended<T>>,
}

impl<'w, T: TableKind> Keys<'w, T> {
    /// The keys themselves, before the panels are asked whether they want them (a key a panel
    /// on show answers whatever has the focus).
    pub fn input(&mut self) -> Option<&mut ButtonInput<KeyCode>> {
        self.input.as_deref_mut()
    }

    /// This frame's keys for the table: `None` without a keyboard, or while a panel's text
    /// field wants the keys.
    pub fn frame(&mut self) -> Option<KeyFrame<'_, 'w, T>> {
        if self
            .egui
            .as_ref()
            .is_some_and(|e| e.wants_any_keyboard_input())
        {
            return None;
        }
        let input = self.input.as_deref_mut()?;
        Some(KeyFrame {
            held: input.clone(),
            input,
            intents: &mut self.intents,
        })
    }
}

/// One frame's keys at a table: what was pressed (as it stood when the frame's keys were
/// first read), and where the intents they mean go.
pub struct KeyFrame<'a, 'w, T: TableKind> {
    held: ButtonInput<KeyCode>,
    input: &'a mut ButtonInput<KeyCode>,
    intents: &'a mut MessageWriter<'w, Intended<T>>,
}

impl<T: TableKind> KeyFrame<'_, '_, T> {
    /// Whether `key` was pressed this frame.
    pub fn pressed(&self, key: KeyCode) -> bool {
        self.held.just_pressed(key)
    }

    /// Whether `key` is held down.
    pub fn held(&self, key: KeyCode) -> bool {
        self.held.pressed(key)
    }

    /// Enter (either one) was pressed this frame.
    pub fn enter(&self) -> bool {
        self.pressed(KeyCode::Enter) || self.pressed(KeyCode::NumpadEnter)
    }

    /// A Shift key is held (Shift+Tab goes back).
    pub fn shift(&self) -> bool {
        self.held(KeyCode::ShiftLeft) || self.held(KeyCode::ShiftRight)
    }

    /// The way Tab steps: back with Shift held, forward otherwise.
    pub fn tab_step(&self) -> i32 {
        if self.shift() { -1 } else { 1 }
    }

    /// The arrows' step along a focus ring: → or ↓ one forward, ← or ↑ one back, 0 for neither.
    pub fn arrow_step(&self) -> i32 {
        if self.pressed(KeyCode::ArrowRight) || self.pressed(KeyCode::ArrowDown) {
            1
        } else if self.pressed(KeyCode::ArrowLeft) || self.pressed(KeyCode::ArrowUp) {
            -1
        } else {
            0
        }
    }

    /// Sends an intent to the table.
    pub fn send(&mut self, intent: T::Intent) {
        self.intents.write(Intended(intent));
    }

    /// Consumes `key`'s press: the table answered it, so it must not also act elsewhere (Escape
    /// leaving the table).
    pub fn clear(&mut self, key: KeyCode) {
        self.input.clear_just_pressed(key);
    }

    /// The history's keys ([`history::keys`]): a step through the course asked for is sent as
    /// `view(step)`; whether one was.
    pub fn history(&mut self, free: bool, viewing: bool, view: fn(Step) -> T::Intent) -> bool {
        let step = history::keys(self.input, free, viewing);
        if let Some(step) = step {
            self.send(view(step));
        }
        step.is_some()
    }
}
