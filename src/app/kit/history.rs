//! Viewing the history of a game, written once for every table: which earlier position is on
//! show, how a step moves through the course, and the keys that step.
//!
//! The positions themselves come from the match's course ([`crate::play::Match::after`]): a
//! table never replays its game to show one. While an earlier position is on show the table
//! refuses moves; stepping past the last action, or "back to the game", shows the game again.

use bevy::input::ButtonInput;
use bevy::prelude::KeyCode;

/// A step through the course of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// One action earlier (stays on the start at the start).
    Back,
    /// One action later; past the last action, the game itself.
    Forward,
    /// The game itself, at once.
    ToGame,
    /// The start, before the first action (a replay's first position).
    Start,
    /// The position after this many actions (all of them: the game).
    To(usize),
}

/// Which position is on show after `step`, from `viewing` (`Some(n)`: the position after the
/// first `n` actions; `None`: the game's own) in a game of `plies` actions. The same at every
/// table: stepping never fails at either end, it stays there.
pub fn step(viewing: Option<usize>, step: Step, plies: usize) -> Option<usize> {
    if plies == 0 {
        return None;
    }
    let now = viewing.unwrap_or(plies).min(plies);
    match step {
        Step::Back => Some(now.saturating_sub(1)),
        Step::Forward if now + 1 >= plies => None,
        Step::Forward => Some(now + 1),
        Step::ToGame => None,
        Step::Start => Some(0),
        Step::To(n) if n >= plies => None,
        Step::To(n) => Some(n),
    }
}

/// The keys that step through the history: ← and → whenever `free` (nothing is picked up that
/// the arrows would move instead), Escape back to the game while `viewing`. Escape is consumed
/// so that it does not also leave the table.
pub fn keys(keys: &mut ButtonInput<KeyCode>, free: bool, viewing: bool) -> Option<Step> {
    if free && keys.just_pressed(KeyCode::ArrowLeft) {
        return Some(Step::Back);
    }
    if free && keys.just_pressed(KeyCode::ArrowRight) {
        return Some(Step::Forward);
    }
    if viewing && keys.just_pressed(KeyCode::Escape) {
        keys.clear_just_pressed(KeyCode::Escape);
        return Some(Step::ToGame);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_move_through_the_course_and_stay_at_its_ends() {
        // A game of three actions: positions 0, 1, 2 are earlier ones; None is the game.
        assert_eq!(step(None, Step::Back, 3), Some(2));
        assert_eq!(step(Some(2), Step::Back, 3), Some(1));
        assert_eq!(
            step(Some(0), Step::Back, 3),
            Some(0),
            "the start stays on show"
        );
        assert_eq!(step(Some(1), Step::Forward, 3), Some(2));
        assert_eq!(
            step(Some(2), Step::Forward, 3),
            None,
            "past the last: the game"
        );
        assert_eq!(step(None, Step::Forward, 3), None);
        assert_eq!(step(Some(1), Step::ToGame, 3), None);
        assert_eq!(
            step(None, Step::Start, 3),
            Some(0),
            "a replay's first position"
        );
        assert_eq!(step(None, Step::Start, 0), None);
        assert_eq!(step(None, Step::To(1), 3), Some(1));
        assert_eq!(step(Some(1), Step::To(3), 3), None, "all of them: the game");
        // Nothing played: nothing earlier to show.
        assert_eq!(step(None, Step::Back, 0), None);
        // A stale view past the course (a takeback shortened it) steps from the game's end.
        assert_eq!(step(Some(9), Step::Back, 3), Some(2));
    }

    #[test]
    fn the_arrows_step_only_when_free_and_escape_only_while_viewing() {
        let mut k = ButtonInput::<KeyCode>::default();
        k.press(KeyCode::ArrowLeft);
        assert_eq!(keys(&mut k, true, false), Some(Step::Back));
        assert_eq!(keys(&mut k, false, false), None);
        let mut k = ButtonInput::<KeyCode>::default();
        k.press(KeyCode::Escape);
        assert_eq!(keys(&mut k, true, false), None);
        assert_eq!(keys(&mut k, true, true), Some(Step::ToGame));
        assert!(!k.just_pressed(KeyCode::Escape), "consumed");
    }
}
