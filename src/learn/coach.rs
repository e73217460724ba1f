//! The coach: a lesson or a puzzle riding along a match ([`crate::play::Match`]), at the one
//! entry point every seat's actions go through. Before the person's action is played the coach
//! may put it back ([`Coach::admit`]: legal, but not what the step asks, or not the puzzle's
//! answer); the rules refuse the illegal ones themselves, in their own words. After an action
//! the coach moves on ([`Coach::after`]): the next step, the other side's scripted answer to be
//! played ([`Coach::reply`]), or done.

use super::lesson::Lesson;
use super::puzzle::{Answer, Puzzle};
use crate::i18n::{Message, msg};
use crate::rules::{Game, GameKind};
use std::sync::Arc;

/// A puzzle's judge: is this try right (`learn::<game>::judge`).
pub type Judge<G> = fn(&Puzzle, &G, &<G as Game>::Action, u32) -> Answer;
/// A puzzle's other side (`learn::<game>::reply`).
pub type Replier<G> = fn(&Puzzle, &G, u32) -> Option<<G as Game>::Action>;

/// What the coach is teaching.
pub enum Task<G: Game> {
    Lesson {
        /// Its place in the game's course.
        index: usize,
        lesson: Arc<Lesson<G>>,
        /// The step asked now.
        step: usize,
    },
    Puzzle {
        /// Its place in the game's set.
        index: usize,
        puzzle: Arc<Puzzle>,
        /// The player's actions played so far.
        ply: u32,
        judge: Judge<G>,
        replier: Replier<G>,
    },
}

impl<G: Game> Clone for Task<G> {
    fn clone(&self) -> Self {
        match self {
            Task::Lesson {
                index,
                lesson,
                step,
            } => Task::Lesson {
                index: *index,
                lesson: lesson.clone(),
                step: *step,
            },
            Task::Puzzle {
                index,
                puzzle,
                ply,
                judge,
                replier,
            } => Task::Puzzle {
                index: *index,
                puzzle: puzzle.clone(),
                ply: *ply,
                judge: *judge,
                replier: *replier,
            },
        }
    }
}

/// What the coach says now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    /// The step (0-based) of the lesson, or the puzzle's task, is asked.
    Ask(usize),
    /// A legal try that is not what is asked was put back.
    Aside,
    /// A puzzle: right so far; the other side answers, then the player again.
    Right,
    /// Done: the lesson is complete, or the puzzle is solved.
    Done,
}

/// A lesson or puzzle riding along a match.
pub struct Coach<G: Game> {
    pub game: GameKind,
    /// The side the player plays.
    pub side: G::Side,
    pub task: Task<G>,
    pub said: Said,
    /// The other side's answer, to be played next.
    pending: Option<G::Action>,
    /// Tries put back so far.
    pub asides: u32,
}

impl<G: Game> Clone for Coach<G> {
    fn clone(&self) -> Self {
        Coach {
            game: self.game,
            side: self.side,
            task: self.task.clone(),
            said: self.said,
            pending: self.pending,
            asides: self.asides,
        }
    }
}

impl<G: Game> std::fmt::Debug for Coach<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match &self.task {
            Task::Lesson { lesson, step, .. } => format!("lesson {} step {step}", lesson.id),
            Task::Puzzle { puzzle, ply, .. } => format!("puzzle {} ply {ply}", puzzle.id),
        };
        f.debug_struct("Coach")
            .field("task", &what)
            .field("said", &self.said)
            .finish()
    }
}

impl<G: Game> Coach<G> {
    /// A coach for `lesson`, the `index`-th of `game`'s course.
    pub fn lesson(game: GameKind, index: usize, lesson: Arc<Lesson<G>>) -> Self {
        Coach {
            game,
            side: lesson.side(),
            task: Task::Lesson {
                index,
                lesson,
                step: 0,
            },
            said: Said::Ask(0),
            pending: None,
            asides: 0,
        }
    }

    /// A coach for `puzzle`, the `index`-th of `game`'s set, whose position is `state`.
    pub fn puzzle(
        game: GameKind,
        index: usize,
        puzzle: Arc<Puzzle>,
        state: &G,
        judge: Judge<G>,
        replier: Replier<G>,
    ) -> Self {
        Coach {
            game,
            side: state.to_move(),
            task: Task::Puzzle {
                index,
                puzzle,
                ply: 0,
                judge,
                replier,
            },
            said: Said::Ask(0),
            pending: None,
            asides: 0,
        }
    }

    pub fn done(&self) -> bool {
        self.said == Said::Done
    }

    /// The lesson's or puzzle's id.
    pub fn id(&self) -> &str {
        match &self.task {
            Task::Lesson { lesson, .. } => lesson.id,
            Task::Puzzle { puzzle, .. } => &puzzle.id,
        }
    }

    /// The action that does what is asked now ("Show me"): the lesson step's intended action,
    /// or the puzzle's answer on its first move.
    pub fn shown(&self, state: &G) -> Option<G::Action> {
        if self.done() || state.to_move() != self.side {
            return None;
        }
        match &self.task {
            Task::Lesson { lesson, step, .. } => lesson.steps.get(*step).map(|s| s.intended),
            Task::Puzzle { puzzle, ply: 0, .. } => state.parse_action(&puzzle.answer).ok(),
            Task::Puzzle { .. } => None,
        }
    }

    /// Whether the person's `action` may be played now; the rules judge it after this (an
    /// illegal action passes here and is refused by them). `Err` carries the words why it
    /// was put back.
    pub fn admit(&mut self, state: &G, action: &G::Action) -> Result<(), Message> {
        if self.done() {
            return Ok(());
        }
        let Ok((after, _)) = state.apply(action) else {
            return Ok(());
        };
        let right = match &self.task {
            Task::Lesson { lesson, step, .. } => lesson
                .steps
                .get(*step)
                .is_none_or(|s| s.goal.met(state, action, &after)),
            Task::Puzzle {
                puzzle, ply, judge, ..
            } => judge(puzzle, state, action, *ply) != Answer::Wrong,
        };
        if right {
            Ok(())
        } else {
            self.asides += 1;
            self.said = Said::Aside;
            Err(match self.task {
                Task::Lesson { .. } => msg("learn.aside"),
                Task::Puzzle { .. } => msg("learn.puzzle.wrong"),
            })
        }
    }

    /// Moves on after `action` by `from`, played in `before` and leading to `after`.
    pub fn after(&mut self, from: G::Side, before: &G, action: &G::Action, after: &G) {
        if from != self.side {
            if self.pending == Some(*action) {
                self.pending = None;
            }
            return;
        }
        match &mut self.task {
            Task::Lesson { lesson, step, .. } => {
                let reply = lesson.steps.get(*step).and_then(|s| s.reply);
                *step += 1;
                if *step >= lesson.steps.len() {
                    self.said = Said::Done;
                    self.pending = None;
                } else {
                    self.said = Said::Ask(*step);
                    self.pending = reply.filter(|r| after.check(r).is_ok());
                }
            }
            Task::Puzzle {
                puzzle,
                ply,
                judge,
                replier,
                ..
            } => {
                let answer = judge(puzzle, before, action, *ply);
                *ply += 1;
                if answer == Answer::Solved || after.outcome().is_some() {
                    self.said = Said::Done;
                    self.pending = None;
                } else {
                    self.said = Said::Right;
                    self.pending = replier(puzzle, after, *ply).filter(|r| after.check(r).is_ok());
                }
            }
        }
    }

    /// The other side's answer the coach plays next, if it is that side's turn.
    pub fn reply(&self, state: &G) -> Option<G::Action> {
        self.pending.filter(|_| state.to_move() != self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::learn::{Goal, Step};
    use crate::play::{ClockSetting, Match, Refused, Seat};
    use crate::rules::hive::{Move, State};

    /// A two-step lesson from the opening: the first legal move, the other side's first legal
    /// answer, then any move.
    fn lesson() -> (Lesson<State>, Move, Move, Move) {
        let start = State::new();
        let legal = start.legal_actions();
        let (intended, aside) = (legal[0], legal[1]);
        let after = start.apply(&intended).unwrap().0;
        let reply = after.legal_actions()[0];
        let next = after.apply(&reply).unwrap().0;
        let second = next.legal_actions()[0];
        let lesson = Lesson {
            id: "test",
            position: start,
            steps: vec![
                Step {
                    goal: Goal::Play(vec![intended]),
                    intended,
                    wrong: Some(Move::Pass),
                    reply: Some(reply),
                },
                Step {
                    goal: Goal::Reach(|_, _, _| true),
                    intended: second,
                    wrong: None,
                    reply: None,
                },
            ],
        };
        (lesson, intended, aside, reply)
    }

    #[test]
    fn a_coached_match_puts_back_asides_lets_the_rules_refuse_and_plays_the_replies() {
        let (lesson, intended, aside, reply) = lesson();
        assert!(crate::learn::lesson::flaws(&lesson).is_empty());
        let coach = Coach::lesson(GameKind::Hive, 0, Arc::new(lesson));
        let side = coach.side;
        let mut m = Match::new(
            State::new(),
            [Seat::Person, Seat::Bot(Level::Normal)],
            ClockSetting::default(),
            1,
        )
        .coached(coach);
        // The bot does not think in a lesson: the coach answers.
        assert!(m.bot_turn().is_none());
        assert_eq!(
            m.submit(side, aside).unwrap_err(),
            Refused::Coached(msg("learn.aside"))
        );
        assert!(matches!(m.submit(side, Move::Pass), Err(Refused::Rule(_))));
        assert_eq!(m.record().len(), 0, "nothing was played");
        assert_eq!(m.coach().unwrap().asides, 1);
        m.submit(side, intended).unwrap();
        assert_eq!(m.coach().unwrap().said, Said::Ask(1));
        assert_eq!(m.scripted(), Some(reply));
        assert!(m.take_back(1).is_err(), "a lesson goes forward only");
        let other = m.awaited().unwrap();
        m.submit(other, reply).unwrap();
        assert_eq!(m.scripted(), None);
        let any = m.state().legal_actions()[3];
        m.submit(side, any).unwrap();
        assert!(m.coach().unwrap().done());
    }

    #[test]
    fn a_puzzle_takes_only_its_answer() {
        let start = State::new();
        let legal = start.legal_actions();
        let puzzle = Puzzle {
            id: "p".into(),
            kind: "surround-1".into(),
            position: start.position_text(),
            answer: start.action_text(&legal[2]),
            line: vec![],
            moves: 1,
            odds: None,
            next_best: None,
        };
        let judge: Judge<State> = |p, s, a, _| {
            if s.action_text(a) == p.answer {
                Answer::Solved
            } else {
                Answer::Wrong
            }
        };
        let coach = Coach::puzzle(
            GameKind::Hive,
            0,
            Arc::new(puzzle),
            &start,
            judge,
            |_, _, _| None,
        );
        assert_eq!(coach.shown(&start), Some(legal[2]));
        let side = coach.side;
        let mut m = Match::new(
            start,
            [Seat::Person, Seat::Person],
            ClockSetting::default(),
            1,
        )
        .coached(coach);
        assert_eq!(
            m.submit(side, legal[0]).unwrap_err(),
            Refused::Coached(msg("learn.puzzle.wrong"))
        );
        m.submit(side, legal[2]).unwrap();
        assert!(m.coach().unwrap().done());
    }
}
