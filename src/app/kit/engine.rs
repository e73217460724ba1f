//! A bot's seat at a table, generic over the engine interface: the search for the bot's turn
//! runs on a worker thread on desktop, or in slices of nodes across frames in the browser (no
//! threads there). An answer computed for another match or another ply is dropped, and the bot
//! is seen thinking for at least a moment, so its answer never lands unseen.

use crate::ai::{Bots, Engine};
use crate::app::platform;
use crate::play::BotTurn;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on};

/// Nodes a search takes per frame where it has no thread (the browser).
pub const SLICE_NODES: u64 = 6_000;

/// The engine seat of one game's table, as a resource.
#[derive(Resource)]
pub struct EngineSeat<G: Bots> {
    job: Option<Job<G>>,
    /// Seconds the bot has been seen thinking on this turn.
    pub thinking: f32,
}

impl<G: Bots> Default for EngineSeat<G> {
    fn default() -> Self {
        EngineSeat {
            job: None,
            thinking: 0.0,
        }
    }
}

struct Job<G: Bots> {
    /// The match and the ply it thinks about.
    key: (u64, usize),
    work: Work<G>,
}

enum Work<G: Bots> {
    Thread(Task<Option<G::Action>>),
    Sliced(Box<G::Engine>),
    Done(Option<G::Action>),
}

impl<G: Bots> EngineSeat<G> {
    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }

    /// Drops any search under way (nobody's turn, or the match changed hands).
    pub fn stand_down(&mut self) {
        self.job = None;
        self.thinking = 0.0;
    }

    /// Thinks about `turn` of match `game` (a fresh search when the match or the ply changed),
    /// for `dt` more seconds. Returns the answer once it is ready and the bot has been seen
    /// thinking for `min_think` seconds: `Some(None)` when it has no action at all.
    pub fn think(
        &mut self,
        game: u64,
        turn: BotTurn<G>,
        dt: f32,
        min_think: f32,
    ) -> Option<Option<G::Action>> {
        let key = (game, turn.ply);
        if self.job.as_ref().is_none_or(|j| j.key != key) {
            let work = if platform::THREADS {
                Work::Thread(AsyncComputeTaskPool::get().spawn(async move {
                    let mut search = G::Engine::new(&turn.state, turn.level, turn.seed);
                    loop {
                        if let Some(d) = search.step(u64::MAX).decision() {
                            break d;
                        }
                    }
                }))
            } else {
                Work::Sliced(Box::new(G::Engine::new(&turn.state, turn.level, turn.seed)))
            };
            self.job = Some(Job { key, work });
            self.thinking = 0.0;
        }
        self.thinking += dt;
        let job = self.job.as_mut()?;
        let answer = match &mut job.work {
            Work::Thread(task) if task.is_finished() => Some(block_on(task)),
            Work::Thread(_) => None,
            Work::Sliced(search) => search.step(SLICE_NODES).decision(),
            Work::Done(a) => Some(*a),
        }?;
        job.work = Work::Done(answer);
        if self.thinking < min_think {
            return None;
        }
        self.stand_down();
        Some(answer)
    }
}
