//! The cards: one taken from the hand with its legal plays, aimed square by square (a piece
//! then where it goes, King's Stride's two steps, one square, or none), a promotion or Seize's
//! card chosen when several plays are complete; why a card cannot be played now; and the
//! response window's countdown.

use super::{Effect, Refusal, Table, Timing, promotion_of};
use crate::i18n::{Message, msg};
use crate::play::chess::ChessGame;
use crate::rules::chess::{Action, Artifact, Play, Square, State, card_actions};

/// A card being played: its legal plays, and the squares chosen so far. Each play is reached
/// by choosing its squares in order ([`steps`]): a movement card's piece then where it goes,
/// King's Stride's two steps, a single-square card's square, or nothing (Scouting, Trophy,
/// Zombie Pawn, Mass Attack, Cancel; Seize chooses a card of the opponent's pile instead).
#[derive(Clone, Debug, PartialEq)]
pub struct CardPick {
    pub card: Artifact,
    pub plays: Vec<Action>,
    pub path: Vec<Square>,
}

/// The squares a card play is chosen by, in order.
pub fn steps(action: &Action) -> Vec<Square> {
    let Action::Play(p) = action else {
        return Vec::new();
    };
    match *p {
        Play::KingsStride { via, m } => vec![via, m.to],
        _ => match p.card_move() {
            Some(m) => vec![m.from, m.to],
            None => p.target().into_iter().collect(),
        },
    }
}

impl CardPick {
    /// The plays that agree with the squares chosen so far.
    pub fn candidates(&self) -> Vec<Action> {
        self.plays
            .iter()
            .filter(|a| steps(a).starts_with(&self.path))
            .copied()
            .collect()
    }

    /// The squares that may be chosen next (lit on the board).
    pub fn next_squares(&self) -> Vec<Square> {
        let n = self.path.len();
        let mut out: Vec<Square> = self
            .candidates()
            .iter()
            .filter_map(|a| steps(a).get(n).copied())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The plays fully chosen (more than one: a promotion or Seize's card to choose).
    pub fn complete(&self) -> Vec<Action> {
        self.candidates()
            .into_iter()
            .filter(|a| steps(a).len() == self.path.len())
            .collect()
    }
}

impl Table {
    /// The chosen card put back (Escape on a card with no square chosen, or its button).
    pub(super) fn put_card_back(&mut self) -> Result<Vec<Effect>, Refusal> {
        if self.card.is_none() {
            return Err(Refusal::NoCard);
        }
        self.card = None;
        self.promotion = None;
        Ok(vec![Effect::Picked])
    }

    pub(super) fn take_card(
        &mut self,
        card: Artifact,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        self.ready()?;
        let state = self.state().ok_or(Refusal::NotNow)?;
        let plays = card_actions(state, card);
        if plays.is_empty() {
            return Err(Refusal::CardBlocked(card, card_blocked(state, card)));
        }
        self.selected = None;
        self.promotion = None;
        self.focus = None;
        self.card = Some(CardPick {
            card,
            plays,
            path: Vec::new(),
        });
        self.settle_card(timing)
    }

    pub(super) fn card_at(&mut self, sq: Square, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        self.ready()?;
        let pick = self.card.as_mut().ok_or(Refusal::NoCard)?;
        if !pick.next_squares().contains(&sq) {
            return Err(Refusal::NotATarget(pick.card, sq));
        }
        pick.path.push(sq);
        self.focus = None;
        self.settle_card(timing)
    }

    /// "Play": the chosen card that needs no square (or no further one) is played.
    pub(super) fn card_go(&mut self, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        self.ready()?;
        let pick = self.card.as_ref().ok_or(Refusal::NoCard)?;
        let complete = pick.complete();
        match complete.as_slice() {
            [one] => self.play(*one, timing),
            [] => Err(Refusal::CardNeedsTarget),
            _ if complete.iter().any(|a| promotion_of(a).is_some()) => {
                self.promotion = Some(complete);
                Ok(vec![Effect::Picked])
            }
            _ => Ok(vec![Effect::Picked]),
        }
    }

    /// Seize takes this card from the opponent's played pile.
    pub(super) fn card_take(
        &mut self,
        taken: Artifact,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        self.ready()?;
        let pick = self.card.as_ref().ok_or(Refusal::NoCard)?;
        let action = pick
            .complete()
            .into_iter()
            .find(|a| matches!(a, Action::Play(Play::Seize(c)) if *c == taken))
            .ok_or(Refusal::NotNow)?;
        self.play(action, timing)
    }

    /// After a card step: play it when one play is fully chosen and the card needed a square;
    /// offer a choice when several are (a promotion, Seize's card); else wait for the next
    /// square (or, for a card that needs none, for "Play").
    fn settle_card(&mut self, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        let Some(pick) = &self.card else {
            return Ok(vec![Effect::Picked]);
        };
        let complete = pick.complete();
        let chose_squares = !pick.path.is_empty();
        if !pick.next_squares().is_empty() && !chose_squares {
            return Ok(vec![Effect::Picked]);
        }
        match complete.as_slice() {
            [one] if chose_squares => self.play(*one, timing),
            [_, ..] if complete.iter().any(|a| promotion_of(a).is_some()) && chose_squares => {
                self.promotion = Some(complete);
                Ok(vec![Effect::Picked])
            }
            _ => Ok(vec![Effect::Picked]),
        }
    }

    /// A response window's clock while the board is still: its countdown heard each whole
    /// second, and a window that ran out passed for its side.
    pub(super) fn window_on(&mut self, dt: f32, timing: &Timing) -> Vec<Effect> {
        let mut effects = Vec::new();
        let whole = |g: Option<&ChessGame>| g.and_then(ChessGame::window_left).map(f64::ceil);
        let before = whole(self.game.as_ref());
        let passed = self.game.as_mut().and_then(|g| g.tick(f64::from(dt)));
        if let (Some(b), Some(a)) = (before, whole(self.game.as_ref()))
            && a < b
            && a >= 1.0
        {
            effects.push(Effect::WindowTick(a as u32));
        }
        if let Some(played) = passed {
            effects.push(Effect::WindowPassed(played.side));
            effects.extend(self.after(played, timing));
        }
        effects
    }
}

/// Why `card` cannot be played now, in words: not in the hand, an answer kept for a response
/// window or the start of a turn, nothing to take or aim at, or every way of playing it would
/// leave your king in check.
pub fn card_blocked(state: &State, card: Artifact) -> Message {
    use crate::rules::chess::Artifact as A;
    if !state.hand(state.turn()).contains(card) {
        return msg("chess.card_blocked.not_in_hand");
    }
    if state.window().is_some() {
        return msg("chess.card_blocked.window");
    }
    match card {
        A::Cancel => return msg("chess.card_blocked.cancel"),
        A::Seize if state.played(state.turn().other()).is_empty() => {
            return msg("chess.card_blocked.seize_empty");
        }
        A::Resurrection | A::ZombiePawn if state.reserve(state.turn()) == 0 => {
            return msg("chess.card_blocked.reserve_empty");
        }
        _ => {}
    }
    let mut pseudo = Vec::new();
    crate::rules::chess::cards::pseudo_plays(state, &mut pseudo);
    if pseudo
        .iter()
        .any(|a| matches!(a, Action::Play(p) if p.artifact() == card))
    {
        msg("chess.card_blocked.check")
    } else {
        msg("chess.card_blocked.no_target")
    }
}

/// The Cancel offered at the start of your turn against the artifact just played.
pub fn cancel_offer(state: &State) -> Option<Action> {
    if state.window().is_some() {
        return None;
    }
    let cancel = Action::Play(Play::Cancel);
    state.legal_actions().contains(&cancel).then_some(cancel)
}
