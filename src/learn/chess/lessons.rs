//! Artifact Chess's course: ten lessons on the board ([`course`]) and the army lesson before
//! them ([`army`]), which is not a board action and so has its own small shape ([`ArmyLesson`]).
//!
//! Every position is written as a position string (see `rules::chess::notation`) and every
//! action in the game's notation, so a lesson reads as the table shows it. The dice of a
//! lesson come from its position's own generator (seed 0, or the seed given): the same try
//! always rolls the same dice, and the tests play every lesson through. Where a step's result
//! is decided by dice, its goal is the attempt itself, whatever the roll.

use super::G;
use crate::learn::{Goal, Lesson, Step};
use crate::rules::Game;
use crate::rules::chess::army::BUDGET;
use crate::rules::chess::{Action, Army, ArmyError, Colour, Play, Role, Square};

/// The lessons on the board, in order (the army lesson, [`army`], comes before them).
pub fn course() -> Vec<Lesson<G>> {
    [
        dice(),
        wounds(),
        heal(),
        check(),
        fury(),
        leap(),
        balm(),
        restriction(),
        cancel(),
        seize(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The ids of the whole course in order, the army lesson first.
pub fn ids() -> Vec<&'static str> {
    std::iter::once(army().id)
        .chain(course().iter().map(|l| l.id))
        .collect()
}

fn position(text: &str) -> Option<G> {
    G::parse_position(text).ok()
}

fn act(text: &str) -> Option<Action> {
    text.parse().ok()
}

/// One step from its parts, in notation.
fn step(
    goal: Goal<G>,
    intended: &str,
    wrong: Option<&str>,
    reply: Option<&str>,
) -> Option<Step<G>> {
    Some(Step {
        goal,
        intended: act(intended)?,
        wrong: match wrong {
            Some(w) => Some(act(w)?),
            None => None,
        },
        reply: match reply {
            Some(r) => Some(act(r)?),
            None => None,
        },
    })
}

fn play(texts: &[&str]) -> Option<Goal<G>> {
    Some(Goal::Play(
        texts.iter().map(|t| act(t)).collect::<Option<Vec<_>>>()?,
    ))
}

/// An attack, with its odds: the rook on a4 attacks the knight on a7 (3 dice against 2).
fn dice() -> Option<Lesson<G>> {
    Some(Lesson {
        id: "dice",
        position: position("4k3/n7/8/1p6/R7/8/8/4K3 w - - 0 1")?,
        steps: vec![step(
            Goal::Reach(|_, a, _| matches!(a, Action::Attempt { .. })),
            "a4xa7",
            Some("a4xb5"),
            None,
        )?],
    })
}

/// A wounded defender dies without a roll.
fn wounds() -> Option<Lesson<G>> {
    Some(Lesson {
        id: "wounds",
        position: position("6k1/8/4b3/3r1p2/5N2/8/8/6K1 w - - 0 1 d5 - - 0/0 -/- -/-")?,
        steps: vec![step(play(&["f4xd5"])?, "f4xd5", Some("f4xf5"), None)?],
    })
}

/// The king heals an adjacent wounded piece, before the bishop takes it.
fn heal() -> Option<Lesson<G>> {
    Some(Lesson {
        id: "heal",
        position: position("4k3/8/8/b7/8/2R5/3K3N/8 w - - 0 1 c3,h2 - - 0/0 -/- -/-")?,
        steps: vec![step(
            play(&["heal d2c3"])?,
            "heal d2c3",
            Some("heal d2h2"),
            None,
        )?],
    })
}

/// In check, a failed attempt on the checking piece: the same player acts again. The wounded
/// knight rolls one die against two; with this position's dice the first roll fails and
/// wounds the rook, and the second attempt takes it without a roll.
fn check() -> Option<Lesson<G>> {
    Some(Lesson {
        id: "check",
        position: position("4k3/8/8/4r3/8/5N2/P7/4K3 w - - 0 1 f3 - - 0/0 -/- -/-")?,
        steps: vec![
            step(
                Goal::Reach(|_, a, _| matches!(a, Action::Attempt { .. })),
                "f3xe5",
                Some("a2a3"),
                None,
            )?,
            step(play(&["f3xe5"])?, "f3xe5", Some("a2a3"), None)?,
        ],
    })
}

/// Fury: an attempt with a fourth die.
fn fury() -> Option<Lesson<G>> {
    Some(Lesson {
        id: "fury",
        position: position("4k3/r7/8/1p6/R7/8/8/4K3 w - - 0 1 - - - 0/0 fury/- -/-")?,
        steps: vec![step(
            Goal::Reach(|_, a, _| matches!(a, Action::Play(Play::Fury(_)))),
            "fury a4xa7",
            Some("fury a4xb5"),
            None,
        )?],
    })
}

/// A movement card: Knight's Leap takes the shut-in rook out.
fn leap() -> Option<Lesson<G>> {
    Some(Lesson {
        id: "leap",
        position: position("4k3/8/8/8/8/8/PP6/RN4K1 w - - 0 1 - - - 0/0 knights-leap/- -/-")?,
        steps: vec![step(
            play(&["knights-leap a1b3", "knights-leap a1c2"])?,
            "knights-leap a1b3",
            Some("a1a3"),
            None,
        )?],
    })
}

/// An action card: Balm heals a wounded piece anywhere on the board.
fn balm() -> Option<Lesson<G>> {
    Some(Lesson {
        id: "balm",
        position: position("4k3/R7/8/2b5/8/8/8/4K3 w - - 0 1 a7 - - 0/0 balm/- -/-")?,
        steps: vec![step(play(&["balm a7"])?, "balm a7", Some("balm c5"), None)?],
    })
}

/// A card that keeps the move: Restriction on the black rook (black passes its window), then
/// the normal move, then the heal the rook could not stop.
fn restriction() -> Option<Lesson<G>> {
    Some(Lesson {
        id: "restriction",
        position: position("2r1k3/8/8/8/8/2B5/8/4K3 w - - 0 1 c3 - - 0/0 restriction/- -/-")?,
        steps: vec![
            step(
                play(&["restriction c8"])?,
                "restriction c8",
                Some("restriction e8"),
                Some("pass"),
            )?,
            step(
                play(&["e1d2"])?,
                "e1d2",
                Some("restriction c8"),
                Some("e8d8"),
            )?,
            step(play(&["heal d2c3"])?, "heal d2c3", Some("c8c3"), None)?,
        ],
    })
}

/// Black has just played Restriction on the white rook: the response window is open and the
/// player, white, answers it.
fn window(hand: &str) -> Option<G> {
    let before = position(&format!(
        "4k2r/8/8/8/8/8/8/R3K3 b - - 0 1 - - - 0/0 {hand}/restriction -/-"
    ))?;
    let (after, _) = before.apply(&act("restriction a1")?).ok()?;
    Some(after)
}

/// The answer card in a response window: Cancel.
fn cancel() -> Option<Lesson<G>> {
    Some(Lesson {
        id: "cancel",
        position: window("cancel")?,
        steps: vec![step(
            play(&["cancel"])?,
            "cancel",
            Some("seize restriction"),
            None,
        )?],
    })
}

/// Answering in a response window with Seize: the card just played comes to your hand.
fn seize() -> Option<Lesson<G>> {
    Some(Lesson {
        id: "seize",
        position: window("seize")?,
        steps: vec![step(
            play(&["seize restriction"])?,
            "seize restriction",
            Some("cancel"),
            None,
        )?],
    })
}

/// One piece placed in a set-up.
pub type Placement = (Role, Square);

/// The army lesson: an army that is legal so far, the pieces to add that spend the budget to
/// the last point, and a typical addition the army's rules refuse (over the budget). The app
/// shows the set-up with `start` placed; each piece the player adds goes through
/// [`ArmyLesson::try_add`], whose refusal is an [`ArmyError`] worded by its `explain()`; the
/// lesson is done when [`ArmyLesson::done`] holds (the army is legal and costs the whole
/// budget). Its words are the lesson `army` in the course texts (one step).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmyLesson {
    pub id: &'static str,
    pub colour: Colour,
    /// The army placed at the start (legal, under the budget).
    pub start: Vec<Placement>,
    /// What "Show me" adds, in order: the army is then done.
    pub intended: Vec<Placement>,
    /// A typical addition the rules refuse.
    pub wrong: Placement,
}

impl ArmyLesson {
    /// The budget, in points.
    pub fn budget(&self) -> u32 {
        BUDGET
    }

    /// What `army` costs (the king is free).
    pub fn points(army: &[Placement]) -> u32 {
        army.iter().map(|(r, _)| r.points()).sum()
    }

    /// `army` with `add` placed, if the army's rules allow it; else the rule it breaks.
    pub fn try_add(&self, army: &[Placement], add: Placement) -> Result<Vec<Placement>, ArmyError> {
        let mut next = army.to_vec();
        next.push(add);
        Army::new(self.colour, &next)?;
        Ok(next)
    }

    /// Whether `army` is legal, keeps the starting pieces and spends the whole budget.
    pub fn done(&self, army: &[Placement]) -> bool {
        Army::new(self.colour, army).is_ok()
            && self.start.iter().all(|p| army.contains(p))
            && Self::points(army) == BUDGET
    }

    /// What is wrong with the lesson as written, if anything (as `lesson::flaws`).
    pub fn flaws(&self) -> Vec<String> {
        let mut flaws = Vec::new();
        if Army::new(self.colour, &self.start).is_err() {
            flaws.push(format!("{}: the start is not a legal army", self.id));
        }
        if self.done(&self.start) {
            flaws.push(format!("{}: done before anything is added", self.id));
        }
        if self.try_add(&self.start, self.wrong).is_ok() {
            flaws.push(format!("{}: the wrong addition is allowed", self.id));
        }
        let mut army = self.start.clone();
        for &p in &self.intended {
            match self.try_add(&army, p) {
                Ok(next) => army = next,
                Err(e) => {
                    flaws.push(format!("{}: adding {p:?} is refused: {e:?}", self.id));
                    return flaws;
                }
            }
        }
        if !self.done(&army) {
            flaws.push(format!("{}: not done after the intended pieces", self.id));
        }
        flaws
    }
}

/// The army lesson: a rook, a knight, a bishop and two pawns (13 points); add two pawns to
/// spend the budget, not a second rook (18 points).
pub fn army() -> ArmyLesson {
    const fn at(file: u8, rank: u8) -> Square {
        match Square::new(file, rank) {
            Some(s) => s,
            None => panic!("not a square"),
        }
    }
    ArmyLesson {
        id: "army",
        colour: Colour::White,
        start: vec![
            (Role::King, const { at(4, 0) }),
            (Role::Rook, const { at(0, 0) }),
            (Role::Knight, const { at(1, 0) }),
            (Role::Bishop, const { at(2, 0) }),
            (Role::Pawn, const { at(3, 1) }),
            (Role::Pawn, const { at(4, 1) }),
        ],
        intended: vec![
            (Role::Pawn, const { at(5, 1) }),
            (Role::Pawn, const { at(2, 1) }),
        ],
        wrong: (Role::Rook, const { at(7, 0) }),
    }
}
