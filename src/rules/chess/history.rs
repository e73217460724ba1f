//! The history of a game: every action with its dice, viewing saved positions back and forward
//! without changing anything, and undo that restores the whole state (the dice generator too, so
//! the same attempt rolls the same dice again).

use super::board::Square;
use super::dice::Dice;
use super::state::{Action, Record, RuleError, State};
use serde::{Deserialize, Serialize};

/// A game in progress: the states after each action (the first is the start) and the records.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game {
    states: Vec<State>,
    records: Vec<Record>,
    /// Which saved position is shown (Step back / Step forward); the last one normally.
    shown: usize,
}

impl Game {
    pub fn new(start: State) -> Game {
        Game {
            states: vec![start],
            records: Vec::new(),
            shown: 0,
        }
    }

    /// The state the game continues from (the latest), whatever is being viewed.
    pub fn current(&self) -> &State {
        // `states` starts with one element and `undo` never removes the first.
        &self.states[self.states.len() - 1]
    }

    pub fn start(&self) -> &State {
        &self.states[0]
    }

    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// Plays an action on the current state with its own dice; the view jumps to the new state.
    pub fn play(&mut self, action: &Action) -> Result<Record, RuleError> {
        let (next, record) = self.current().apply(action)?;
        Ok(self.push(next, record))
    }

    /// Plays an action with explicit dice (a replay, a test).
    pub fn play_with_dice(
        &mut self,
        action: &Action,
        dice: Option<Dice>,
    ) -> Result<Record, RuleError> {
        let (next, record) = self.current().apply_with_dice(action, dice)?;
        Ok(self.push(next, record))
    }

    fn push(&mut self, next: State, record: Record) -> Record {
        self.states.push(next);
        self.records.push(record);
        self.shown = self.states.len() - 1;
        record
    }

    /// Takes the last action back for real, restoring the whole state before it; `None` at the
    /// start.
    pub fn undo(&mut self) -> Option<Record> {
        if self.states.len() < 2 {
            return None;
        }
        self.states.pop();
        let record = self.records.pop();
        self.shown = self.states.len() - 1;
        record
    }

    /// The position being viewed.
    pub fn shown(&self) -> &State {
        &self.states[self.shown]
    }

    /// The index of the viewed position: 0 is the start, `len` is after every action.
    pub fn shown_index(&self) -> usize {
        self.shown
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Shows the position one action earlier; `false` at the start.
    pub fn step_back(&mut self) -> bool {
        if self.shown == 0 {
            return false;
        }
        self.shown -= 1;
        true
    }

    /// Shows the position one action later; `false` at the latest.
    pub fn step_forward(&mut self) -> bool {
        if self.shown + 1 >= self.states.len() {
            return false;
        }
        self.shown += 1;
        true
    }

    /// Whether the view is on the latest position (where actions are played).
    pub fn is_live(&self) -> bool {
        self.shown + 1 == self.states.len()
    }

    /// The square of the last piece that moved or acted, in the viewed position (the gold
    /// frame): where it ended, or where it stood if the attempt failed or it healed; for a card
    /// without a moving piece, the square it was aimed at.
    pub fn last_actor(&self) -> Option<Square> {
        let record = self.records.get(self.shown.checked_sub(1)?)?;
        let after = &self.states[self.shown];
        let (from, to) = (record.action.from(), record.action.to());
        let moved = to.and_then(|to| after.board().get(to)).is_some_and(|p| {
            p.color == record.actor && !matches!(record.action, Action::Heal { .. })
        });
        // A card aimed at one square (Balm, Heir …) frames that square.
        if moved { to } else { from.or(to) }
    }
}
