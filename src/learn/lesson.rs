//! A lesson, generic over the game: a small position on the real table and one thing to do in
//! it, in one or more steps. The lesson says what to do (its text, an asset per language), lets
//! the rules refuse a wrong try with their own words ([`Try::Refused`]), puts a legal try that is
//! not what it asks back with a word of why ([`Try::Aside`]), plays the other side's scripted
//! answer after a step, and marks itself done after the last.
//!
//! The lesson never bypasses the rules: every try is the game's own [`Game::check`] and
//! [`Game::apply`], so what a lesson teaches is what the game enforces.

use crate::rules::Game;

/// What a step asks of the player.
pub enum Goal<G: Game> {
    /// One of these actions (a Snēlab capture with its one right payment, a slide through a gap).
    Play(Vec<G::Action>),
    /// Any legal action after which `reached(before, action, after)` holds (a piece reaches the
    /// Bench, the Elder is surrounded, a card of this kind is played).
    Reach(fn(&G, &G::Action, &G) -> bool),
}

impl<G: Game> Goal<G> {
    /// Whether `action`, legal in `before` and leading to `after`, does what the step asks.
    pub fn met(&self, before: &G, action: &G::Action, after: &G) -> bool {
        match self {
            Goal::Play(actions) => actions.contains(action),
            Goal::Reach(reached) => reached(before, action, after),
        }
    }
}

/// One thing to do in a lesson.
pub struct Step<G: Game> {
    pub goal: Goal<G>,
    /// An action that does it: what "Show me" plays and what the tests play.
    pub intended: G::Action,
    /// A typical wrong try that the rules refuse (the tests check it is refused, and worded).
    pub wrong: Option<G::Action>,
    /// The other side's answer, played by the lesson after this step (the next step's position).
    pub reply: Option<G::Action>,
}

/// One lesson of a game's course.
pub struct Lesson<G: Game> {
    /// Its key in the texts (`assets/learn/<game>.<lang>.ron`) and in the saved progress.
    pub id: &'static str,
    /// The position it starts from.
    pub position: G,
    /// What the player does, in order (at least one).
    pub steps: Vec<Step<G>>,
}

impl<G: Game> Lesson<G> {
    /// The side the player plays: the side to move at the start.
    pub fn side(&self) -> G::Side {
        self.position.to_move()
    }
}

/// What a try did.
#[derive(Clone, Debug, PartialEq)]
pub enum Try<G: Game> {
    /// The rules refuse it; nothing changed.
    Refused(G::Error),
    /// Legal, but not what the step asks; nothing changed (the table puts it back).
    Aside,
    /// The step is done: the position after it, and after the other side's scripted answer
    /// (`reply`), with what each did. The lesson goes on with the next step.
    Step {
        played: (G, G::Record),
        reply: Option<(G::Action, G, G::Record)>,
    },
    /// The last step is done: the lesson is complete.
    Done { played: (G, G::Record) },
}

/// A lesson being played: where it stands.
pub struct Run<'a, G: Game> {
    pub lesson: &'a Lesson<G>,
    /// The position now.
    pub state: G,
    /// The step asked now (`steps.len()` once done).
    pub step: usize,
}

impl<'a, G: Game> Run<'a, G> {
    pub fn new(lesson: &'a Lesson<G>) -> Self {
        Run {
            lesson,
            state: lesson.position.clone(),
            step: 0,
        }
    }

    pub fn done(&self) -> bool {
        self.step >= self.lesson.steps.len()
    }

    /// The step asked now, if the lesson is not done.
    pub fn current(&self) -> Option<&'a Step<G>> {
        self.lesson.steps.get(self.step)
    }

    /// Tries `action` in the position now.
    pub fn try_action(&mut self, action: &G::Action) -> Try<G> {
        let Some(step) = self.current() else {
            return Try::Aside;
        };
        let (after, record) = match self.state.apply(action) {
            Ok(next) => next,
            Err(e) => return Try::Refused(e),
        };
        if !step.goal.met(&self.state, action, &after) {
            return Try::Aside;
        }
        self.step += 1;
        if self.done() {
            self.state = after.clone();
            return Try::Done {
                played: (after, record),
            };
        }
        let reply = step.reply.and_then(|r| match after.apply(&r) {
            Ok((next, rec)) => Some((r, next, rec)),
            Err(_) => None,
        });
        self.state = reply
            .as_ref()
            .map(|(_, next, _)| next.clone())
            .unwrap_or_else(|| after.clone());
        Try::Step {
            played: (after, record),
            reply,
        }
    }
}

/// What is wrong with a lesson as written, if anything: every step's intended action does what
/// the step asks, every wrong try is refused by the rules, every reply is legal, and the player
/// is the side to move at every step. The course tests run this on every lesson.
pub fn flaws<G: Game>(lesson: &Lesson<G>) -> Vec<String> {
    let mut flaws = Vec::new();
    if lesson.steps.is_empty() {
        flaws.push(format!("{}: no steps", lesson.id));
    }
    let side = lesson.side();
    let mut run = Run::new(lesson);
    for (i, step) in lesson.steps.iter().enumerate() {
        let at = format!("{} step {}", lesson.id, i + 1);
        if run.state.to_move() != side {
            flaws.push(format!("{at}: the player's side is not to move"));
        }
        if let Some(wrong) = &step.wrong
            && run.state.check(wrong).is_ok()
        {
            flaws.push(format!("{at}: the wrong try {wrong:?} is legal"));
        }
        match run.try_action(&step.intended) {
            Try::Refused(e) => {
                flaws.push(format!("{at}: the intended action is refused: {e:?}"));
                return flaws;
            }
            Try::Aside => {
                flaws.push(format!("{at}: the intended action does not meet the goal"));
                return flaws;
            }
            Try::Step { reply, .. } => {
                if step.reply.is_some() && reply.is_none() {
                    flaws.push(format!("{at}: the scripted reply is not legal"));
                }
            }
            Try::Done { .. } => {
                if i + 1 != lesson.steps.len() {
                    flaws.push(format!("{at}: done too early"));
                }
            }
        }
    }
    if !run.done() {
        flaws.push(format!("{}: not done after every step", lesson.id));
    }
    flaws
}
