//! Luck: what chance gave each side against what it could expect.
//!
//! **Artifact Chess.** Every capture attempt (a plain attempt, and a card's attacking move
//! such as Fury's) has, before its dice, a chance of success: the rules' exact odds
//! (`State::attempt_odds`) in the position it was played in. Its luck is what happened (1 for
//! a success, 0 for a wound or a miss) minus that chance. Summed per colour: expected captures
//! against captures, and their difference. An attempt on a wounded defender succeeds for sure
//! (no dice): it counts, with a chance of 1 and no luck.
//!
//! **Snēlab.** The only chance of a case is the coin that says which seat plays South and
//! opens: each seat could expect half an opening, and the coin gave one of them a whole one.

use super::replay::Line;
use crate::fair::SeatOrder;
use crate::play::snelab::record::CaseRecord;
use crate::rules::chess::{AttemptResult, Colour, Dice, State};

/// One capture attempt of an Artifact Chess game.
#[derive(Clone, Debug, PartialEq)]
pub struct Attempt {
    /// The action's index in the line (0: the first action).
    pub ply: usize,
    pub colour: Colour,
    /// The action in notation.
    pub action: String,
    /// The chance of success before the dice.
    pub chance: f64,
    pub result: AttemptResult,
    /// The dice rolled (none on a wounded defender).
    pub dice: Option<Dice>,
}

impl Attempt {
    pub fn success(&self) -> bool {
        self.result == AttemptResult::Success
    }

    /// What happened minus what was expected: `1 - chance` for a success, `-chance` otherwise.
    pub fn luck(&self) -> f64 {
        f64::from(u8::from(self.success())) - self.chance
    }
}

/// The luck report of an Artifact Chess game. Per-colour fields are indexed by colour (0 white,
/// 1 black).
#[derive(Clone, Debug, PartialEq)]
pub struct ChessLuck {
    /// Every attempt, in the game's order.
    pub attempts: Vec<Attempt>,
    /// The sum of the chances of each colour's attempts.
    pub expected: [f64; 2],
    /// Each colour's successful attempts.
    pub captures: [u32; 2],
    /// Each colour's luck so far after each of its attempts: `(ply, captures - expected)`.
    pub series: [Vec<(usize, f64)>; 2],
}

impl ChessLuck {
    /// The report of a replayed game.
    pub fn of(line: &Line<State>) -> ChessLuck {
        let mut report = ChessLuck {
            attempts: Vec::new(),
            expected: [0.0; 2],
            captures: [0; 2],
            series: [Vec::new(), Vec::new()],
        };
        for (ply, (action, record)) in line.actions.iter().zip(&line.records).enumerate() {
            let before = &line.states[ply];
            let (Some(odds), Some(result)) = (before.attempt_odds(action), record.result) else {
                continue;
            };
            let attempt = Attempt {
                ply,
                colour: record.actor,
                action: line.notation[ply].clone(),
                chance: odds.of(AttemptResult::Success).to_f64(),
                result,
                dice: record.dice,
            };
            let i = attempt.colour.index();
            report.expected[i] += attempt.chance;
            report.captures[i] += u32::from(attempt.success());
            let luck = f64::from(report.captures[i]) - report.expected[i];
            report.series[i].push((ply, luck));
            report.attempts.push(attempt);
        }
        report
    }

    /// A colour's luck over the game: captures minus expected captures.
    pub fn luck(&self, colour: Colour) -> f64 {
        f64::from(self.captures[colour.index()]) - self.expected[colour.index()]
    }

    /// The luckiest roll: the attempt with the largest luck (the first among equals).
    pub fn luckiest(&self) -> Option<&Attempt> {
        self.attempts
            .iter()
            .reduce(|best, a| if a.luck() > best.luck() { a } else { best })
    }

    /// The unluckiest roll: the attempt with the smallest luck (the first among equals).
    pub fn unluckiest(&self) -> Option<&Attempt> {
        self.attempts
            .iter()
            .reduce(|worst, a| if a.luck() < worst.luck() { a } else { worst })
    }
}

/// The coin of a Snēlab case: which seat opened (played South).
#[derive(Clone, Debug, PartialEq)]
pub struct CoinLuck {
    /// The seats' names, in the order they were taken.
    pub seats: [String; 2],
    pub opener: SeatOrder,
}

impl CoinLuck {
    /// What each seat could expect of the coin: half an opening.
    pub const EXPECTED: f64 = 0.5;

    pub fn of(record: &CaseRecord) -> CoinLuck {
        CoinLuck {
            seats: record.seats.clone(),
            opener: record.south,
        }
    }

    /// Each seat's luck (by seat order): the opener +½, the other -½.
    pub fn luck(&self) -> [f64; 2] {
        let first = match self.opener {
            SeatOrder::First => 1.0,
            SeatOrder::Second => 0.0,
        };
        [first - Self::EXPECTED, (1.0 - first) - Self::EXPECTED]
    }
}
