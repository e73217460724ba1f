//! In play: a piece selected with what it may do, acting on a square (a move, an attempt, a
//! heal), the promotion chosen, Escape backing out one step; an accepted action with its roll
//! or its movement, and its result reaching the board; the history viewed; Undo and Resign.

use super::list::note;
use super::{Animated, Effect, Focus, Phase, Refusal, Roll, Table, Timing};
use crate::app::kit::history::{self, Step};
use crate::play::Played;
use crate::play::chess::ChessGame;
use crate::rules::chess::{
    Action, AttemptResult, Play, Role, Square, State, motions, piece_actions,
};

impl Table {
    pub(super) fn ready(&self) -> Result<(), Refusal> {
        if self.viewing.is_some() {
            return Err(Refusal::Viewing);
        }
        if self.person_to_act() {
            Ok(())
        } else {
            Err(Refusal::NotNow)
        }
    }

    /// Lights a hinted action: its piece selected with that action's square alone marked (a
    /// card or a pass is said in words only).
    pub(crate) fn light(&mut self, action: Action) -> Vec<Effect> {
        let from = match action {
            Action::Move { from, .. } | Action::Attempt { from, .. } => from,
            Action::Heal { king, .. } => king,
            Action::Play(_) | Action::Pass => return Vec::new(),
        };
        if self.select(from).is_err() {
            return Vec::new();
        }
        if let Some((_, actions)) = &mut self.selected {
            actions.moves.retain(|a| *a == action);
            actions.attempts.retain(|(a, _)| *a == action);
            actions.heals.retain(|a| *a == action);
        }
        vec![Effect::Picked]
    }

    /// Sets up a lesson or a practice position: `start` with its coach, the person on the
    /// coach's side. A game in progress here is kept for Continue; refused while an online
    /// table is open.
    pub(crate) fn learn(
        &mut self,
        start: State,
        coach: crate::learn::Coach<State>,
    ) -> Result<Vec<Effect>, Refusal> {
        let saved = self.leave_game_for_lesson()?;
        self.army_lesson = None;
        self.resume(crate::play::chess::ChessGame::coached(start, coach));
        self.saved = saved;
        self.viewing = None;
        self.busy = 0.0;
        Ok(vec![Effect::Picked])
    }

    /// A lesson begins: the game at the table leaves it, and the one the lobby will offer to
    /// continue is returned (the game in progress, else the one already offered). Refused
    /// while an online table is open.
    pub(super) fn leave_game_for_lesson(&mut self) -> Result<Option<ChessGame>, Refusal> {
        if self.host.is_some() {
            return Err(Refusal::NotNow);
        }
        let kept = self
            .game
            .take()
            .filter(|g| g.ending().is_none() && !g.is_coached() && !g.is_empty());
        Ok(kept.or(self.saved.take()))
    }

    /// Opens a replay of `line` (replayed through the rules already): its game at the table
    /// from its first position, both seats here, looked at from the start; a game in progress
    /// is kept for Continue. Refused while an online table is open.
    pub(crate) fn open_replay(
        &mut self,
        line: &crate::review::replay::Line<State>,
        replaying: crate::app::replay::Replaying,
    ) -> Result<Vec<Effect>, Refusal> {
        let start = line.states.first().ok_or(Refusal::NotNow)?.clone();
        let mut game = ChessGame::restaged(
            start,
            [crate::play::Seat::Person, crate::play::Seat::Person],
            0,
        );
        for action in &line.actions {
            let side = game.awaited().ok_or(Refusal::NotNow)?;
            game.submit(side, *action)?;
        }
        let saved = if self.replay.is_some() {
            self.game = None;
            self.saved.take()
        } else {
            self.leave_game_for_lesson()?
        };
        self.army_lesson = None;
        self.resume(game);
        self.saved = saved;
        self.phase = Phase::Over;
        self.viewing = (!line.actions.is_empty()).then_some(0);
        self.busy = 0.0;
        self.replay = Some(replaying);
        self.suggested = None;
        Ok(vec![Effect::Picked])
    }

    /// A step through a replay: one action on plays as in play (its dice rolled with their
    /// values, its pieces moving), every other step shows its position at once. A step while
    /// something still moves first lands what moves.
    pub(super) fn replay_step(
        &mut self,
        step: Step,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        let mut effects = Vec::new();
        if let Some(roll) = self.roll.take() {
            effects.extend(self.resolve(roll.played, timing));
        }
        self.busy = 0.0;
        let plies = self.plies();
        let from = self.viewing.unwrap_or(plies).min(plies);
        let to = history::step(Some(from), step, plies).unwrap_or(plies);
        let course = self.game.as_ref().map(|g| g.game());
        let played = course.filter(|_| to == from + 1).and_then(|m| {
            let before = m.after(from)?.clone();
            let step = m.course().get(from)?;
            Some(Animated {
                motions: motions(&before, &step.record, &step.after),
                before,
                record: step.record,
                after: step.after.clone(),
            })
        });
        let Some(p) = played else {
            self.viewing = (to < plies).then_some(to);
            self.last = None;
            effects.push(Effect::Picked);
            return Ok(effects);
        };
        // The position before it stays on show until the result lands ([`Table::resolve`]).
        self.viewing = Some(from);
        effects.push(Effect::Played(p.clone()));
        effects.extend(self.roll_or_resolve(p, timing));
        Ok(effects)
    }

    /// The replay on ends: the table is back in its lobby.
    pub(crate) fn leave_replay(&mut self) {
        self.suggested = None;
        if self.analysing.take().is_some() {
            self.game = None;
            self.roll = None;
            self.phase = Phase::Lobby;
            self.clear_marks();
            self.rebuild_list();
        }
        if self.replay.take().is_some() {
            self.game = None;
            self.phase = Phase::Lobby;
            self.clear_marks();
            self.rebuild_list();
        }
    }

    /// The lesson or position on ends: the table is back in its lobby, where the game kept
    /// when it began is offered to continue.
    pub(crate) fn leave_lesson(&mut self) {
        if self.army_lesson.take().is_some() {
            self.phase = Phase::Lobby;
            self.held = None;
            self.build_pick = None;
            self.focus = None;
            self.drafts = [
                crate::play::chess::Draft::new(crate::rules::chess::Colour::White),
                crate::play::chess::Draft::new(crate::rules::chess::Colour::Black),
            ];
        }
        if self.game.as_ref().is_some_and(ChessGame::is_coached) {
            self.game = None;
            self.phase = Phase::Lobby;
            self.selected = None;
            self.promotion = None;
            self.card = None;
            self.focus = None;
            self.roll = None;
            self.busy = 0.0;
            self.viewing = None;
            self.clear_marks();
            self.rebuild_list();
        }
    }

    pub(super) fn select(&mut self, sq: Square) -> Result<(), Refusal> {
        let state = self.state().ok_or(Refusal::NotNow)?;
        let piece = state.board().get(sq).ok_or(Refusal::Empty(sq))?;
        if piece.colour != state.turn() {
            return Err(Refusal::NotYours(sq));
        }
        let actions = piece_actions(state, sq);
        self.selected = Some((sq, actions));
        self.promotion = None;
        self.card = None;
        self.focus = Some(Focus::Piece(sq));
        Ok(())
    }

    pub(super) fn target(&mut self, sq: Square, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        let (_, actions) = self.selected.as_ref().ok_or(Refusal::NothingSelected)?;
        let all: Vec<Action> = actions
            .moves
            .iter()
            .copied()
            .chain(actions.attempts.iter().map(|(a, _)| *a))
            .chain(actions.heals.iter().copied())
            .filter(|a| a.to() == Some(sq))
            .collect();
        match all.as_slice() {
            [] => Err(Refusal::NoActionThere(sq)),
            [one] => self.play(*one, timing),
            _ => {
                // A promotion: the player chooses the piece.
                self.promotion = Some(all);
                Ok(vec![Effect::Picked])
            }
        }
    }

    /// Escape backs out one step: a promotion, a card's last square, the card, the piece.
    pub(super) fn back_out(&mut self) -> Result<Vec<Effect>, Refusal> {
        if self.selected.is_none() && self.promotion.is_none() && self.card.is_none() {
            return Err(Refusal::NothingSelected);
        }
        self.focus = self.selected.as_ref().map(|(s, _)| Focus::Piece(*s));
        if self.promotion.take().is_some() {
            if let Some(pick) = &mut self.card {
                pick.path.pop();
            }
        } else if let Some(pick) = &mut self.card {
            if pick.path.pop().is_none() {
                self.card = None;
            }
        } else {
            self.selected = None;
        }
        Ok(vec![Effect::Picked])
    }

    pub(super) fn promote(&mut self, role: Role, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        self.ready()?;
        let choices = self.promotion.clone().ok_or(Refusal::NothingSelected)?;
        // Mass Attack: every promoting pawn becomes the piece chosen.
        let uniform = |a: &Action| match a {
            Action::Play(Play::MassAttack(roles)) => roles.iter().flatten().all(|r| *r == role),
            _ => true,
        };
        let action = choices
            .iter()
            .find(|a| promotion_of(a) == Some(role) && uniform(a))
            .or_else(|| choices.iter().find(|a| promotion_of(a) == Some(role)))
            .copied()
            .ok_or(Refusal::NotNow)?;
        self.play(action, timing)
    }

    /// The king heals: the only wounded neighbour, or the one named; with several and none
    /// named, the king is selected and its heals ringed.
    pub(super) fn heal(
        &mut self,
        target: Option<Square>,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        self.ready()?;
        let state = self.state().ok_or(Refusal::NotNow)?;
        let heals: Vec<Action> = state
            .legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::Heal { .. }))
            .filter(|a| target.is_none() || a.to() == target)
            .collect();
        match heals.as_slice() {
            [] => Err(Refusal::NoHeal),
            [one] => self.play(*one, timing),
            [first, ..] => {
                // Several wounded friends: the king is selected, its heals ringed.
                let king = first.from().ok_or(Refusal::NoHeal)?;
                self.select(king)?;
                Ok(vec![Effect::Picked])
            }
        }
    }

    /// Plays `action` for the side to act (a person's choice or the engine's answer).
    pub fn play(&mut self, action: Action, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        if self.host.is_some() {
            return self.send(action);
        }
        let game = self.game.as_mut().ok_or(Refusal::NotNow)?;
        let side = game.awaited().ok_or(Refusal::NotNow)?;
        let played = game.submit(side, action)?;
        Ok(self.after(played, timing))
    }

    /// What follows an accepted action: marks cleared, the list, the save, the roll or the
    /// movement.
    pub(in crate::app::chess) fn after(
        &mut self,
        played: Played<State>,
        timing: &Timing,
    ) -> Vec<Effect> {
        let Some(game) = self.game.as_ref() else {
            return Vec::new();
        };
        let after = game.state().clone();
        let p = Animated {
            motions: motions(&played.before, &played.record, &after),
            before: played.before,
            record: played.record,
            after,
        };
        self.selected = None;
        self.promotion = None;
        self.card = None;
        self.focus = None;
        self.viewing = None;
        note(
            &mut self.list,
            &mut self.statues,
            &p.before,
            &p.record,
            &p.after,
        );
        let mut effects = vec![Effect::Played(p.clone()), Effect::Save];
        effects.extend(self.roll_or_resolve(p, timing));
        effects
    }

    /// An action played: its dice roll first where it has some (and the table takes the time),
    /// else its result reaches the board at once.
    fn roll_or_resolve(&mut self, p: Animated, timing: &Timing) -> Vec<Effect> {
        if p.record.dice.is_some() && timing.dice + timing.dice_hold > 0.0 {
            self.roll = Some(Roll {
                played: p,
                elapsed: 0.0,
                frozen: false,
                settled: false,
            });
            return Vec::new();
        }
        let mut effects = Vec::new();
        if p.record.dice.is_some() {
            effects.push(Effect::Settled);
        }
        effects.extend(self.resolve(p, timing));
        effects
    }

    /// The action's result reaches the board: the pieces move, the game may end.
    pub(super) fn resolve(&mut self, p: Animated, timing: &Timing) -> Vec<Effect> {
        self.busy = timing.motion(&p);
        if self.replay.is_some() {
            // A replay's action landed: the position after it on show.
            let plies = self.plies();
            self.viewing = self.viewing.map(|n| n + 1).filter(|n| *n < plies);
        }
        let mut effects = vec![Effect::Resolved(p.clone())];
        let failed = matches!(
            p.record.result,
            Some(AttemptResult::Wound | AttemptResult::Miss)
        );
        if failed && p.after.turn() == p.side() && p.after.end().is_none() {
            effects.push(Effect::StillInCheck(p.side()));
        }
        self.last = Some(p);
        // A replay's game ended long ago: it is not heard again at every step.
        if self.replay.is_some() {
            return effects;
        }
        if let Some(ending) = self.game.as_ref().and_then(ChessGame::ending) {
            self.phase = Phase::Over;
            effects.push(Effect::Ended(ending));
        }
        effects
    }

    pub(super) fn view(&mut self, step: Step) -> Result<Vec<Effect>, Refusal> {
        let plies = self.plies();
        if plies == 0 || !matches!(self.phase, Phase::Play | Phase::Over) || self.animating() {
            return Err(Refusal::NotNow);
        }
        self.viewing = history::step(self.viewing, step, plies);
        self.selected = None;
        self.promotion = None;
        Ok(vec![Effect::Picked])
    }

    pub(super) fn undo(&mut self) -> Result<Vec<Effect>, Refusal> {
        if !matches!(self.phase, Phase::Play | Phase::Over) || self.animating() {
            return Err(Refusal::NotNow);
        }
        let game = self.game.as_mut().ok_or(Refusal::NotNow)?;
        let n = game.undo_size().ok_or(Refusal::NothingToUndo)?;
        game.undo(n).map_err(Refusal::Replay)?;
        self.clear_marks();
        self.phase = Phase::Play;
        self.rebuild_list();
        Ok(vec![Effect::Undone(n), Effect::Save])
    }

    pub(super) fn resign(&mut self) -> Result<Vec<Effect>, Refusal> {
        if self.phase != Phase::Play || self.animating() {
            return Err(Refusal::NotNow);
        }
        let side = self.person_colour();
        let game = self.game.as_mut().ok_or(Refusal::NotNow)?;
        let ending = game.resign(side)?;
        self.phase = Phase::Over;
        self.selected = None;
        self.promotion = None;
        self.viewing = None;
        Ok(vec![Effect::Ended(ending), Effect::Save])
    }
}

/// The role a promotion action promotes to.
pub fn promotion_of(a: &Action) -> Option<Role> {
    match *a {
        Action::Move { promotion, .. } | Action::Attempt { promotion, .. } => promotion,
        Action::Play(Play::MassAttack(roles)) => roles.into_iter().flatten().next(),
        Action::Play(p) => p.card_move().and_then(|m| m.promotion),
        _ => None,
    }
}
