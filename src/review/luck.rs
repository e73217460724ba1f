//! Luck: what chance gave each side against what it could expect.
//!
//! **Artifact Chess.** Every capture attempt (a plain attempt, and a card's attacking move
//! such as Fury's) has, before its dice, a chance of success: the rules' exact odds
//! (`State::attempt_odds`) in the position it was played in. Its luck is what happened (1 for
//! a success, 0 for a wound or a miss) minus that chance. Summed per colour: expected captures
//! against captures, and their difference. An attempt on a wounded defender succeeds for sure
//! (no dice): it counts, with a chance of 1 and no luck. A card's attack that the opponent's
//! Cancel takes back at once is listed ([`Attempt::undone`]) and counts for nothing.
//!
//! **Artifact Chess's cards** ([`CardLuck`]). Besides the dice, two of the 22 artifacts leave
//! their outcome to the game's generator: Zombie Pawn (the square the pawn rises on, one of
//! the empty squares of its side's 3rd and 4th ranks, each equally likely) and Trophy (two
//! kinds drawn without putting back from the kinds in neither hand nor played pile — every
//! pair equally likely — or the one kind left). The other twenty are decided by their player
//! (the attacks of Fury, Teleport, Knight's Leap and King's Stride roll dice: they are
//! attempts above).
//! The outcomes and their exact probabilities are the rules' own
//! ([`crate::rules::chess::card_chances`]), and each outcome's position is made by the rules
//! ([`State::apply_with_chance`]). A draw's luck is in expected score (0..1) for the player of
//! the card: the evaluation of the position the draw gave, minus the mean of that evaluation
//! over every outcome the rules could have drawn, each weighted by its probability. So a
//! draw's lucks average to 0 over its outcomes, as an attempt's luck does over its dice, and a
//! draw with a single possible outcome has none. The evaluation is the engine's static one
//! as an expected score (`Reviewed::static_score`, mapped as the engine's values are), so a
//! whole game's report is quick (well under a millisecond): it prices the cards in each hand
//! by kind and position (Trophy's draws differ by what the kinds are worth there) and the
//! risen pawn by its square. A finished position scores its result. A draw taken back at once
//! by the opponent's Cancel (which restores everything from before the card) is listed with
//! [`Draw::undone`] and counts for nothing in the sums.
//!
//! **Artifact Chess's deal** ([`Deal`], [`deals`]). Each hand is dealt five different kinds out
//! of the 22, every such set equally likely and the two hands dealt independently
//! ([`crate::rules::chess::army`]). A hand's luck is measured as a draw's is: the player's
//! expected score in the first position with the hand as dealt, minus the mean over all
//! C(22, 5) = 26 334 hands it could have been (the other hand as dealt), with the share of those
//! hands that would have scored lower. The evaluation is the same static one, which prices each
//! card in the hand by kind and position. Only a line that starts at a deal has one: the first
//! position with both hands whole (five cards, none played) at the first move.
//!
//! **Snēlab.** The only chance of a case is the coin that says which seat plays South and
//! opens: each seat could expect half an opening, and the coin gave one of them a whole one.

use super::eval::Reviewed;
use super::replay::Line;
use crate::fair::SeatOrder;
use crate::play::snelab::record::CaseRecord;
use crate::rules::chess::{
    Action, Artifact, ArtifactSet, AttemptResult, CardChance, Colour, Dice, Play, State,
    card_chances,
};

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
    /// A card's attack taken back by the opponent's Cancel on the next action (which restores
    /// everything from before the card): listed, counted nowhere.
    pub undone: bool,
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
                undone: cancelled(line, ply),
            };
            if attempt.undone {
                report.attempts.push(attempt);
                continue;
            }
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

    /// The luckiest roll: the attempt not undone with the largest luck (the first among
    /// equals).
    pub fn luckiest(&self) -> Option<&Attempt> {
        self.counted()
            .reduce(|best, a| if a.luck() > best.luck() { a } else { best })
    }

    /// The unluckiest roll: the attempt not undone with the smallest luck (the first among
    /// equals).
    pub fn unluckiest(&self) -> Option<&Attempt> {
        self.counted()
            .reduce(|worst, a| if a.luck() < worst.luck() { a } else { worst })
    }

    /// The attempts that count: those not taken back by Cancel.
    pub fn counted(&self) -> impl Iterator<Item = &Attempt> {
        self.attempts.iter().filter(|a| !a.undone)
    }
}

/// Whether action `ply` is a card the opponent's Cancel took back on the next action.
fn cancelled(line: &Line<State>, ply: usize) -> bool {
    let (Some(Action::Play(play)), Some(after)) = (line.actions.get(ply), line.states.get(ply + 1))
    else {
        return false;
    };
    line.actions.get(ply + 1) == Some(&Action::Play(Play::Cancel))
        && after.cancelable() == Some(play.artifact())
}

/// One possible outcome of a card's chance.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawOutcome {
    /// The square a Zombie Pawn rises on, or the kinds Trophy draws.
    pub chance: CardChance,
    /// Its probability before the draw (the rules' exact odds).
    pub probability: f64,
    /// The player's expected score (0..1) in the position it gives.
    pub score: f64,
}

/// One card of an Artifact Chess game whose outcome chance decided (Zombie Pawn, Trophy).
#[derive(Clone, Debug, PartialEq)]
pub struct Draw {
    /// The action's index in the line (0: the first action).
    pub ply: usize,
    /// Who played the card.
    pub colour: Colour,
    pub card: Artifact,
    /// The action in notation.
    pub action: String,
    /// What was drawn: the square, or the kinds.
    pub drawn: CardChance,
    /// [`Draw::drawn`] in notation: `e3`, or the kinds' codes `balm, fury`.
    pub drawn_text: String,
    /// The player's expected score (0..1) in the position the draw gave.
    pub score: f64,
    /// The mean of the outcomes' scores, each weighted by its probability.
    pub expected: f64,
    /// Every outcome the rules could have drawn, in the rules' order; the probabilities sum
    /// to 1.
    pub outcomes: Vec<DrawOutcome>,
    /// Taken back by the opponent's Cancel on the next action: listed, counted nowhere.
    pub undone: bool,
}

impl Draw {
    /// What the draw gave minus what could be expected: `score - expected`.
    pub fn luck(&self) -> f64 {
        self.score - self.expected
    }

    /// The probability of what was drawn.
    pub fn chance(&self) -> f64 {
        self.outcomes
            .iter()
            .find(|o| o.chance == self.drawn)
            .map_or(0.0, |o| o.probability)
    }
}

/// A card chance in notation: a square (`e3`), or the kinds drawn (`balm, fury`).
pub fn chance_text(chance: &CardChance) -> String {
    match chance {
        CardChance::Rises(sq) => sq.to_string(),
        CardChance::Draws(kinds) => kinds
            .iter()
            .map(Artifact::code)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The luck of the cards of an Artifact Chess game (see the module docs). Per-colour fields
/// are indexed by colour (0 white, 1 black) and count the draws not undone.
#[derive(Clone, Debug, PartialEq)]
pub struct CardLuck {
    /// Every draw, in the game's order (undone ones included).
    pub draws: Vec<Draw>,
    /// The sum of each colour's expected scores ([`Draw::expected`]).
    pub expected: [f64; 2],
    /// The sum of each colour's scores after its draws ([`Draw::score`]).
    pub scores: [f64; 2],
    /// Each colour's luck so far after each of its draws: `(ply, scores - expected)`.
    pub series: [Vec<(usize, f64)>; 2],
}

impl CardLuck {
    /// The report of a replayed game.
    pub fn of(line: &Line<State>) -> CardLuck {
        let mut report = CardLuck {
            draws: Vec::new(),
            expected: [0.0; 2],
            scores: [0.0; 2],
            series: [Vec::new(), Vec::new()],
        };
        for ply in 0..line.actions.len() {
            let Some(draw) = draw_at(line, ply) else {
                continue;
            };
            if !draw.undone {
                let i = draw.colour.index();
                report.expected[i] += draw.expected;
                report.scores[i] += draw.score;
                report.series[i].push((ply, report.scores[i] - report.expected[i]));
            }
            report.draws.push(draw);
        }
        report
    }

    /// A colour's luck over the game: the sum of its draws' luck.
    pub fn luck(&self, colour: Colour) -> f64 {
        self.scores[colour.index()] - self.expected[colour.index()]
    }

    /// The luckiest draw not undone (the first among equals).
    pub fn luckiest(&self) -> Option<&Draw> {
        self.counted()
            .reduce(|best, d| if d.luck() > best.luck() { d } else { best })
    }

    /// The unluckiest draw not undone (the first among equals).
    pub fn unluckiest(&self) -> Option<&Draw> {
        self.counted()
            .reduce(|worst, d| if d.luck() < worst.luck() { d } else { worst })
    }

    fn counted(&self) -> impl Iterator<Item = &Draw> {
        self.draws.iter().filter(|d| !d.undone)
    }
}

/// The draw of action `ply`, when it is a card whose outcome chance decided. `None` too when
/// the line's next position is none of the rules' outcomes (a line not made by the rules).
fn draw_at(line: &Line<State>, ply: usize) -> Option<Draw> {
    let action = line.actions.get(ply)?;
    let Action::Play(play) = action else {
        return None;
    };
    let before = line.states.get(ply)?;
    let after = line.states.get(ply + 1)?;
    let chances = card_chances(before, play);
    if chances.is_empty() {
        return None;
    }
    let colour = before.turn();
    let mut drawn = None;
    let mut outcomes = Vec::with_capacity(chances.len());
    for (chance, probability) in chances {
        let (state, _) = before.apply_with_chance(action, chance).ok()?;
        // The generator aside, the outcome is the position it leaves.
        if state.board() == after.board()
            && Colour::BOTH
                .iter()
                .all(|&c| state.hand(c) == after.hand(c) && state.reserve(c) == after.reserve(c))
        {
            drawn = Some(chance);
        }
        outcomes.push(DrawOutcome {
            chance,
            probability: probability.to_f64(),
            score: score_for(&state, colour),
        });
    }
    let drawn = drawn?;
    let score = outcomes.iter().find(|o| o.chance == drawn)?.score;
    let expected = outcomes.iter().map(|o| o.probability * o.score).sum();
    let undone = cancelled(line, ply);
    Some(Draw {
        ply,
        colour,
        card: play.artifact(),
        action: line.notation.get(ply).cloned().unwrap_or_default(),
        drawn,
        drawn_text: chance_text(&drawn),
        score,
        expected,
        outcomes,
        undone,
    })
}

/// `colour`'s expected score in `state`: a finished game's result, else the engine's static
/// evaluation as an expected score.
fn score_for(state: &State, colour: Colour) -> f64 {
    match state.end() {
        Some(end) => match end.winner() {
            None => 0.5,
            Some(w) if w == colour => 1.0,
            Some(_) => 0.0,
        },
        None => {
            let s = state.static_score();
            if state.turn() == colour { s } else { 1.0 - s }
        }
    }
}

/// The deal of one hand of an Artifact Chess game (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Deal {
    pub colour: Colour,
    /// The hand as dealt.
    pub hand: ArtifactSet,
    /// The player's expected score (0..1) in the first position, with the hand as dealt.
    pub score: f64,
    /// The mean of that score over every hand the deal could have given, all equally likely.
    pub expected: f64,
    /// The share (0..1) of those hands that would have scored lower than the one dealt.
    pub beaten: f64,
    /// How many hands the deal could have given.
    pub hands: usize,
}

impl Deal {
    /// What the deal gave minus what could be expected: `score - expected`.
    pub fn luck(&self) -> f64 {
        self.score - self.expected
    }

    /// The hand in notation: the kinds' codes, `balm, fury, …`.
    pub fn hand_text(&self) -> String {
        self.hand
            .iter()
            .map(Artifact::code)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The deals of a game's two hands, `[white, black]`: each `None` where the line does not
/// start at a deal (a position typed in, a game without artifacts). About 53 000 static
/// evaluations: a fraction of a second, so a table works it out once per game, not per frame.
pub fn deals(line: &Line<State>) -> [Option<Deal>; 2] {
    let Some(first) = line.states.first() else {
        return [None, None];
    };
    let hand_size = crate::rules::chess::army::HAND_SIZE;
    let dealt = first.fullmove() == 1
        && first.end().is_none()
        && Colour::BOTH
            .iter()
            .all(|&c| first.hand_size(c) == hand_size && first.played(c).is_empty());
    if !dealt {
        return [None, None];
    }
    Colour::BOTH.map(|c| Some(deal_of(first, c, hand_size)))
}

fn deal_of(first: &State, colour: Colour, hand_size: usize) -> Deal {
    let score = score_for(first, colour);
    let kinds = Artifact::ALL.len() as u32;
    let mut probe = first.clone();
    let (mut sum, mut lower, mut hands) = (0.0, 0usize, 0usize);
    // Every set of `hand_size` kinds, as masks over `Artifact::ALL` in increasing order
    // (Gosper's hack: the next larger number with as many bits set).
    let mut mask: u32 = (1 << hand_size) - 1;
    while mask < 1 << kinds {
        let mut hand = ArtifactSet::EMPTY;
        for (i, a) in Artifact::ALL.iter().enumerate() {
            if mask & (1 << i) != 0 {
                hand.insert(*a);
            }
        }
        probe.hands[colour.index()] = hand;
        let s = score_for(&probe, colour);
        sum += s;
        hands += 1;
        if s < score {
            lower += 1;
        }
        let low = mask & mask.wrapping_neg();
        let high = mask + low;
        mask = high | (((mask ^ high) >> 2) / low);
    }
    Deal {
        colour,
        hand: first.hand(colour),
        score,
        expected: sum / hands as f64,
        beaten: lower as f64 / hands as f64,
        hands,
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
