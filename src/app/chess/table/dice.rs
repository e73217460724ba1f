//! The roll: the dice of an attempt on show, tumbling for [`Timing::dice`] and held for
//! [`Timing::dice_hold`] before the result reaches the board (a click or a key skips ahead);
//! and an attempt's result in words ([`AttemptReport`]), naming the piece it happened to.

use super::{Animated, Effect, Refusal, Table, Timing, capital};
use crate::i18n::{Explain, Message, msg};
use crate::rules::chess::{AttemptResult, Dice, Piece, Record, Square, State};

/// The dice of one attempt on show.
#[derive(Clone, Debug, PartialEq)]
pub struct Roll {
    pub played: Animated,
    /// Seconds since the dice were thrown.
    pub elapsed: f32,
    /// A staged scene holds the dice where they are.
    pub frozen: bool,
    /// The settle sound has been played.
    pub settled: bool,
}

impl Table {
    /// The roll's clock: the dice settle after [`Timing::dice`], and the result reaches the
    /// board once they have been held for [`Timing::dice_hold`].
    pub(super) fn roll_on(&mut self, dt: f32, timing: &Timing) -> Vec<Effect> {
        let mut effects = Vec::new();
        let Some(roll) = &mut self.roll else {
            return effects;
        };
        if !roll.frozen {
            roll.elapsed += dt;
        }
        if !roll.settled && roll.elapsed >= timing.dice {
            roll.settled = true;
            effects.push(Effect::Settled);
        }
        if roll.elapsed >= timing.dice + timing.dice_hold {
            let played = self.roll.take().map(|r| r.played);
            if let Some(p) = played {
                effects.extend(self.resolve(p, timing));
            }
        }
        effects
    }

    /// A click or a key while the dice roll: straight to the result's movement.
    pub(super) fn skip_roll(&mut self, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        let roll = self.roll.as_mut().ok_or(Refusal::NotNow)?;
        roll.elapsed = roll.elapsed.max(timing.dice + timing.dice_hold);
        roll.frozen = false;
        Ok(self.tick(0.0, timing))
    }

    /// Stages a roll held in the air (or settled) for a screenshot.
    pub fn freeze_roll(&mut self, at: f32) {
        if let Some(r) = &mut self.roll {
            r.elapsed = at;
            r.frozen = true;
        }
    }
}

/// An attempt's result as the table tells it: which piece attacked which, the dice each side
/// rolled, and what came of it. The words name the piece the result happened to ("black pawn
/// wounded"), so a red "wounded" is never read as the attacker's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttemptReport {
    pub attacker: Piece,
    pub defender: Piece,
    /// Where the defender stood (for en passant, the pawn passed by).
    pub defender_at: Square,
    /// The dice rolled; `None`: a wounded defender died without a roll.
    pub dice: Option<Dice>,
    pub result: AttemptResult,
}

/// The report of `record`'s attempt, played from `before`; `None` for anything that is not an
/// attempt on a piece (or a record that does not fit the state).
pub fn attempt_report(before: &State, record: &Record) -> Option<AttemptReport> {
    let result = record.result?;
    let attacker = before.board().get(record.action.from()?)?;
    let (defender_at, defender) = before.attempt_defender(&record.action)?;
    Some(AttemptReport {
        attacker,
        defender,
        defender_at,
        dice: record.dice.filter(|d| !d.defender.is_empty()),
        result,
    })
}

pub use crate::access::chess::piece_name;

/// "1 die", "3 dice" (each language's plural rules choose the form: 1 кубик, 2–4 кубика, 5
/// кубиков, 21 кубик).
pub fn dice_count(n: usize) -> Message {
    msg("chess.dice.count").with("n", n)
}

impl AttemptReport {
    /// The headline, naming the piece the result happened to: "Black pawn wounded", "Black pawn
    /// captured", "Miss — nobody is hurt".
    pub fn headline(&self) -> Message {
        let piece = piece_name(self.defender.colour, self.defender.role);
        match self.result {
            AttemptResult::Success => msg("chess.attempt.captured").with_words("piece", piece),
            AttemptResult::Wound => msg("chess.attempt.wounded").with_words("piece", piece),
            AttemptResult::Miss => msg("chess.attempt.miss"),
        }
    }

    /// The dice and their sums: "White rolled 3 dice: 7; black rolled 2 dice: 9." `None`
    /// without a roll.
    pub fn sums(&self) -> Option<Message> {
        let d = self.dice?;
        Some(
            msg("chess.attempt.sums")
                .with_words("attacker", self.attacker.colour.explain())
                .with_words("attacker_dice", dice_count(d.attacker.values().len()))
                .with("attacker_sum", d.attacker.sum())
                .with_words("defender", self.defender.colour.explain())
                .with_words("defender_dice", dice_count(d.defender.values().len()))
                .with("defender_sum", d.defender.sum()),
        )
    }

    /// What the sums meant, briefly: the higher total and what it does.
    pub fn meaning(&self) -> Message {
        msg(match (self.result, self.dice) {
            (AttemptResult::Success, None) => "chess.attempt.meaning.died",
            (AttemptResult::Success, Some(_)) => "chess.attempt.meaning.success",
            (AttemptResult::Wound, _) => "chess.attempt.meaning.wound",
            (AttemptResult::Miss, _) => "chess.attempt.meaning.miss",
        })
    }
}

/// An attempt's three lines as the table draws them, in the language of `strings`: the
/// headline naming the piece it happened to, the dice and sums (none without a roll), and what
/// they meant.
pub fn attempt_text(
    strings: &crate::i18n::Strings,
    report: &AttemptReport,
) -> (String, Option<String>, String) {
    (
        capital(&strings.say(&report.headline())),
        report.sums().map(|m| capital(&strings.say(&m))),
        strings.say(&report.meaning()),
    )
}
