//! The analysis board at Artifact Chess's table (`app::replay::analysis`): the replay's
//! position on show set up as a game of its own, both sides played here, untimed. Its dice go
//! on from the position's own stream (the record's), so an attempt played again from the same
//! position rolls what the game rolled; nothing is saved, kept on the Games list or rated.

use super::{Effect, Intent, Phase, Refusal, Table};
use crate::play::Seat;
use crate::play::chess::ChessGame;

/// The analysis board at the table ([`Table::analyse_at`]).
#[derive(Clone, Debug)]
pub struct Analysing {
    /// The replay the board was opened from and the position it showed: Back returns there.
    pub back: (crate::app::replay::Replaying, usize),
}

/// What the analysis board lets a person do: every action of the game (moves, attempts,
/// heals, promotions, cards, the roll skipped), Undo and looking back.
pub(super) fn allowed(intent: &Intent) -> bool {
    matches!(
        intent,
        Intent::Select(_)
            | Intent::Target(_)
            | Intent::Promote(_)
            | Intent::Heal(_)
            | Intent::Act(_)
            | Intent::Card(_)
            | Intent::CardAt(_)
            | Intent::CardGo
            | Intent::CardTake(_)
            | Intent::SkipRoll
            | Intent::View(_)
            | Intent::Undo
    )
}

impl Table {
    /// Opens the analysis board at the replay's position after `at` actions (its end when
    /// there are fewer): that position as a game of its own, both seats here.
    pub(crate) fn analyse_at(&mut self, at: usize) -> Result<Vec<Effect>, Refusal> {
        let Some(replaying) = self.replay.clone() else {
            return Err(Refusal::NotNow);
        };
        let crate::review::Replay::Chess(line) = &*replaying.replay else {
            return Err(Refusal::NotNow);
        };
        let at = at.min(line.len());
        let game = ChessGame::restaged(line.states[at].clone(), [Seat::Person, Seat::Person], 0);
        if self.roll.is_some() {
            self.roll = None;
        }
        self.replay = None;
        self.suggested = None;
        let saved = self.saved.take();
        self.resume(game);
        self.saved = saved;
        self.viewing = None;
        self.busy = 0.0;
        self.last = None;
        self.analysing = Some(Analysing {
            back: (replaying, at),
        });
        Ok(vec![Effect::Picked])
    }

    /// The analysis board ends: back to the replay it was opened from, where it was.
    pub(crate) fn leave_analysis(&mut self) -> Vec<Effect> {
        let Some(a) = self.analysing.take() else {
            return Vec::new();
        };
        // The board's game is nobody's: not kept for Continue.
        self.game = None;
        self.roll = None;
        let (replaying, at) = a.back;
        let read = replaying.replay.clone();
        let crate::review::Replay::Chess(line) = &*read else {
            return Vec::new();
        };
        match self.open_replay(line, replaying) {
            Ok(effects) => {
                let plies = line.len();
                self.viewing = (at < plies).then_some(at);
                effects
            }
            Err(_) => {
                self.phase = Phase::Lobby;
                self.clear_marks();
                self.rebuild_list();
                vec![Effect::Picked]
            }
        }
    }
}
