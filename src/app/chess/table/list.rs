//! The move list, read from the match's course (rebuilt when a save is resumed or a move taken
//! back, one line added for each action): each action with its result and sums, check and
//! mate; the gold frame on the piece that acted last; the latest attempt kept in words; and
//! which impassable squares are a statue's stones.

use super::{AttemptReport, Table, attempt_report};
use crate::rules::chess::{Action, AttemptResult, Colour, Play, Record, Square, State};

/// One line of the move list.
#[derive(Clone, Debug, PartialEq)]
pub struct ListEntry {
    pub number: u16,
    pub side: Colour,
    pub text: String,
    pub result: Option<AttemptResult>,
    /// The attempt's sums: attacker's, defender's (no defender sum: it died without a roll).
    pub sums: Option<(u32, Option<u32>)>,
    /// The side to act next is in check.
    pub check: bool,
    /// The action mated.
    pub mate: bool,
    /// Where the gold frame goes after this action.
    pub actor: Option<Square>,
    /// The attempt in words (the piece attacked, the dice and sums, what came of it).
    pub attempt: Option<AttemptReport>,
}

impl Table {
    /// The move list.
    pub fn list(&self) -> &[ListEntry] {
        &self.list
    }

    /// The latest attempt among the last two actions of the position on show (its line of the
    /// move list, and its report): what the table keeps telling after the dice are gone.
    /// `None` while dice roll (they tell it themselves).
    pub fn recent_attempt(&self) -> Option<(&ListEntry, &AttemptReport)> {
        if self.roll.is_some() {
            return None;
        }
        let n = self.viewing.unwrap_or(self.plies()).min(self.list.len());
        self.list[n.saturating_sub(2)..n]
            .iter()
            .rev()
            .find_map(|e| e.attempt.as_ref().map(|a| (e, a)))
    }

    /// Where the gold frame goes in the position on show.
    pub fn gold_frame(&self) -> Option<Square> {
        if self.roll.is_some() {
            return None;
        }
        let n = self.viewing.unwrap_or(self.plies());
        self.list.get(n.checked_sub(1)?)?.actor
    }

    pub(in crate::app::chess) fn rebuild_list(&mut self) {
        self.list.clear();
        self.statues.clear();
        if let Some(g) = &self.game {
            let m = g.game();
            for (i, step) in m.course().iter().enumerate() {
                if let Some(before) = m.after(i) {
                    note(
                        &mut self.list,
                        &mut self.statues,
                        before,
                        &step.record,
                        &step.after,
                    );
                }
            }
        }
    }

    /// Whether the impassable square `sq` is a statue's stone (else a barricade).
    pub fn is_statue(&self, sq: Square) -> bool {
        self.statues.contains(&sq)
    }
}

/// Adds one action to the move list (and to the statues' stones, which the list's squares
/// tell apart from barricades).
pub(super) fn note(
    list: &mut Vec<ListEntry>,
    statues: &mut Vec<Square>,
    before: &State,
    record: &Record,
    after: &State,
) {
    list.push(list_entry(before, record, after));
    match record.action {
        Action::Play(Play::Statue(sq)) => statues.push(sq),
        Action::Play(Play::Barricade(sq)) => statues.retain(|s| *s != sq),
        _ => {}
    }
}

/// One line of the move list: an action with its result, read from the course.
fn list_entry(before: &State, record: &Record, after: &State) -> ListEntry {
    ListEntry {
        number: before.fullmove(),
        side: record.actor,
        text: record.action.to_string(),
        result: record.result,
        sums: record.result.map(|_| match record.dice {
            Some(d) if !d.defender.is_empty() => (d.attacker.sum(), Some(d.defender.sum())),
            Some(d) => (d.attacker.sum(), None),
            None => (0, None),
        }),
        check: after.in_check() && after.end().is_none(),
        mate: matches!(after.end(), Some(crate::rules::chess::End::Mate { .. })),
        actor: crate::rules::chess::last_actor(before, record, after),
        attempt: attempt_report(before, record),
    }
}
