//! Learning at the tables (`crate::learn` holds the lessons, puzzles and hints themselves):
//!
//! - [`Learning`]: the player's progress (saved), the shipped puzzle sets and the lessons'
//!   words, read once.
//! - [`Learn`]: a request to open a lesson or a practice position at a game's table; the game's
//!   table takes it through [`Teach::learn`] (the same table, the same pieces and animations, a
//!   coach riding along the match).
//! - the coach's answers for the other side, played like the bot's once the board is still;
//!   a lesson done or a position solved is saved;
//! - the hint: against the bot, at the person's turn, "Hint" (or the `?` key) asks the game's
//!   engine, lights its action on the board and says why in one line; hints are counted and
//!   the end banner tells how many were used; never online (a table there has no bot).
//! - `page`: the Learn page of the menu; `panel`: the lesson's panel and the Hint button at
//!   the table; the first-time offer of Learn.

mod page;
mod panel;

pub use page::{first_time_offer, plugin as page_plugin};

use super::dev::StageScene;
use super::kit::table::send;
use super::kit::{Happened, Outbox, TableKind, TableSet, scene_asked};
use super::save::{Loaded, SaveStore};
use super::screens::{Navigate, Screen};
use crate::i18n::{Lang, Message, msg};
use crate::learn::texts::CourseText;
use crate::learn::{Coach, Hint, Learnable, Progress, PuzzleSet, Said};
use crate::rules::{Game, GameKind};
use bevy::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// What the player has learned, as saved, with the puzzle sets and the lessons' words as read
/// (each once, when first wanted).
#[derive(Resource, Default)]
pub struct Learning {
    pub progress: Progress,
    sets: HashMap<GameKind, Result<Arc<PuzzleSet>, String>>,
    texts: HashMap<(GameKind, Lang), Arc<CourseText>>,
    /// How many lessons each game's course has.
    lessons: HashMap<GameKind, Vec<(&'static str, usize)>>,
}

impl Learning {
    /// The shipped puzzle set of `game`, or why it could not be read.
    pub fn set(&mut self, game: GameKind) -> Result<Arc<PuzzleSet>, String> {
        self.sets
            .entry(game)
            .or_insert_with(|| {
                PuzzleSet::shipped(game).map(Arc::new).inspect_err(|e| {
                    error!("{game}: the shipped puzzle set does not read: {e}");
                })
            })
            .clone()
    }

    /// The lessons' words of `game` in `lang`.
    pub fn texts(&mut self, game: GameKind, lang: Lang) -> Arc<CourseText> {
        self.texts
            .entry((game, lang))
            .or_insert_with(|| Arc::new(crate::learn::texts::course(game, lang)))
            .clone()
    }

    /// The ids of `game`'s lessons, in order, with their steps' counts.
    pub fn lessons(&mut self, game: GameKind) -> Vec<(&'static str, usize)> {
        self.lessons
            .entry(game)
            .or_insert_with(|| crate::learn::outline(game))
            .clone()
    }
}

/// Opens a lesson or a practice position at a game's table.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Learn {
    pub game: GameKind,
    pub what: LearnWhat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnWhat {
    /// The lesson at this place in the course.
    Lesson(usize),
    /// The practice position at this place in the set.
    Puzzle(usize),
}

/// What a game's table does for learning, besides being a table.
pub trait Teach: TableKind<Bot: Learnable> {
    /// Where the lesson's panel and the Hint sit at this table: a bottom corner clear of its
    /// seats, move list and other panels (Artifact Chess's last attempt sits bottom left).
    const LESSON_ON_RIGHT: bool = false;

    /// The coach riding along the match, if a lesson or a puzzle is on.
    fn coach(&self) -> Option<&Coach<Self::Bot>>;

    /// The position of the match under way (or just ended).
    fn position(&self) -> Option<&Self::Bot>;

    /// Sets up a lesson or a practice position at the table (a game in progress here is kept
    /// for Continue); refused while an online table is open.
    fn learn(
        &mut self,
        start: Self::Bot,
        coach: Coach<Self::Bot>,
    ) -> Result<Vec<Self::Effect>, Self::Refusal>;

    /// The lesson away from the board that is on (Artifact Chess's army, at its builder).
    fn off_board(&self) -> Option<OffBoard> {
        None
    }

    /// Opens a lesson away from the board, plays its Show me, or tries its typical wrong step
    /// (the learning scene shows it refused); `None` where the game has no such lesson.
    fn off_board_act(
        &mut self,
        act: OffBoardAct,
    ) -> Option<Result<Vec<Self::Effect>, Self::Refusal>> {
        let _ = act;
        None
    }

    /// The player left the table with a lesson or position on: it ends there, and the table is
    /// back in its lobby (a game kept when the lesson began is offered there to continue).
    fn leave_lesson(&mut self);

    /// When the person may ask for a hint: their turn against the bot, at this device, no
    /// lesson on, nothing moving; with the key of the match (hints are counted per match).
    fn hint_turn(&self) -> Option<u64>;

    /// Lights a hinted action on the board (its piece lifted, its target marked).
    fn light(&mut self, action: <Self::Bot as Game>::Action) -> Vec<Self::Effect>;

    /// The coach's answer for the other side, once it is that side's turn.
    fn scripted(&self) -> Option<<Self::Bot as Game>::Action> {
        let state = self.position()?;
        if state.outcome().is_some() {
            return None;
        }
        self.coach()?.reply(state)
    }
}

/// A lesson away from the board, as it stands: its place in the course, its id, and whether
/// it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OffBoard {
    pub index: usize,
    pub id: &'static str,
    pub done: bool,
}

/// What is asked of a lesson away from the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffBoardAct {
    /// Open the lesson at this place in the course.
    Open(usize),
    /// Show me: what is left of it done for the player.
    Show,
    /// Its typical wrong step, refused by the rules.
    Wrong,
}

/// The hints of one game's table: how many the match under way has used, and the last one's
/// words while its position is on the board.
#[derive(Resource)]
pub struct Hints<T: Teach> {
    /// The match they count for.
    pub key: Option<u64>,
    pub used: u32,
    /// The last hint and the position it was for.
    pub shown: Option<(Hint<T::Bot>, T::Bot)>,
    /// A hint asked and being thought about (desktop: on a worker thread).
    job: Option<Job<T::Bot>>,
}

/// A hint being thought about: on a worker thread, or already thought (where there are no
/// threads, or for a screenshot, which cannot wait).
enum Job<G: Learnable> {
    Thread(bevy::tasks::Task<Option<Hint<G>>>),
    Done(Option<Hint<G>>),
}

impl<T: Teach> Default for Hints<T> {
    fn default() -> Self {
        Hints {
            key: None,
            used: 0,
            shown: None,
            job: None,
        }
    }
}

impl<T: Teach> Hints<T> {
    pub fn thinking(&self) -> bool {
        self.job.is_some()
    }

    /// The last hint's words, while its position is the one on the board.
    pub fn why(&self, now: Option<&T::Bot>) -> Option<&Message> {
        let (hint, at) = self.shown.as_ref()?;
        (Some(at) == now).then_some(&hint.why)
    }
}

/// Asks for a hint at a game's table (the Hint button, the `?` key, a test).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskHint(pub GameKind);

/// The learning shared by every table: the progress, the requests, the Learn page's state.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Learning>()
        .add_message::<Learn>()
        .add_message::<AskHint>()
        .add_systems(Startup, load.in_set(Loaded::Tables));
}

/// One game's table's learning, without a window: opening lessons and positions, the coach's
/// answers, saving what is done, the hints, and the learning scenes.
pub fn teach_core<T: Teach>(app: &mut App) {
    app.init_resource::<Hints<T>>()
        .add_systems(Update, start::<T>)
        .add_systems(OnExit(Screen::Table(T::GAME)), |mut table: ResMut<T>| {
            table.leave_lesson();
        })
        .add_systems(
            Update,
            (
                stage::<T>.in_set(TableSet::Stage),
                replies::<T>.in_set(TableSet::Engine),
                hints::<T>.in_set(TableSet::Engine),
                record::<T>.in_set(TableSet::Sync),
            )
                .run_if(in_state(Screen::Table(T::GAME))),
        );
}

/// One game's table's learning panels (the lesson's panel, the Hint button and its key).
pub fn teach_ui<T: Teach>(app: &mut App) {
    panel::plugin::<T>(app);
}

fn load(mut store: ResMut<SaveStore>, mut learning: ResMut<Learning>) {
    let (progress, status) = store.load::<Progress>();
    if let crate::save::LoadStatus::Replaced(why) = status {
        warn!("learning: the saved progress could not be read ({why:?}); starting afresh");
    }
    learning.progress = progress;
}

/// Opens the lessons and positions asked for this game, at its table.
fn start<T: Teach>(
    mut asked: MessageReader<Learn>,
    mut table: ResMut<T>,
    mut learning: ResMut<Learning>,
    mut hints: ResMut<Hints<T>>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
    mut go: MessageWriter<Navigate>,
    screen: Res<State<Screen>>,
) {
    for ask in asked.read().filter(|a| a.game == T::GAME) {
        let opened = match ask.what {
            // A lesson away from the board opens at its own place (Artifact Chess's builder).
            LearnWhat::Lesson(i) => match off_board_open(&mut *table, i) {
                Some(opened) => Some(opened),
                None => T::Bot::lesson_coach(i).map(|(start, coach)| table.learn(start, coach)),
            },
            LearnWhat::Puzzle(i) => learning
                .set(T::GAME)
                .ok()
                .and_then(|set| T::Bot::puzzle_coach(&set, i))
                .map(|(start, coach)| table.learn(start, coach)),
        };
        match opened {
            None => out.notice(&msg("learn.missing")),
            Some(Ok(effects)) => {
                hints.shown = None;
                hints.job = None;
                send(&*table, effects, &mut out, &mut happened);
                // From the Learn page to the table; at the table (Next, Again) it stays: going
                // there again would leave it, and leaving ends a lesson.
                if *screen.get() != Screen::Table(T::GAME) {
                    go.write(Navigate::Table(T::GAME));
                }
            }
            Some(Err(refusal)) => table.tell(&refusal, &mut out),
        }
    }
}

/// Opens the lesson at `index` if it is one away from the board; `None` if it is on the board.
fn off_board_open<T: Teach>(
    table: &mut T,
    index: usize,
) -> Option<Result<Vec<T::Effect>, T::Refusal>> {
    if index >= T::Bot::off_board().len() {
        return None;
    }
    table.off_board_act(OffBoardAct::Open(index))
}

/// The coach's answers for the other side, played like the bot's once the board is still.
fn replies<T: Teach>(
    time: Res<Time>,
    timing: Res<T::Timing>,
    mut table: ResMut<T>,
    mut wait: Local<f32>,
    mut out: Outbox,
    mut wake: ResMut<crate::app::calm::Wake>,
    mut happened: MessageWriter<Happened<T>>,
) {
    let Some(action) = table.scripted() else {
        *wait = 0.0;
        return;
    };
    // The reply counts time before it lands.
    wake.busy();
    if table.busy() {
        return;
    }
    *wait += time.delta_secs();
    if *wait < T::least_think(&timing) {
        return;
    }
    *wait = 0.0;
    match table.apply_engine(action, &timing) {
        Ok(effects) => send(&*table, effects, &mut out, &mut happened),
        Err(refusal) => error!(
            "{:?}: the lesson's answer was refused: {refusal:?}",
            T::GAME
        ),
    }
}

/// A lesson done or a position solved enters the progress, saved at once.
fn record<T: Teach>(table: Res<T>, mut learning: ResMut<Learning>, mut out: Outbox) {
    if let Some(lesson) = table.off_board().filter(|l| l.done)
        && learning.progress.finish_lesson(T::GAME, lesson.id)
    {
        out.sound(crate::theme::SoundEvent::Win);
        out.save(&learning.progress, "learn.save_failed");
    }
    let Some(coach) = table.coach().filter(|c| c.said == Said::Done) else {
        return;
    };
    let new = match coach.task {
        crate::learn::coach::Task::Lesson { .. } => {
            learning.progress.finish_lesson(T::GAME, coach.id())
        }
        crate::learn::coach::Task::Puzzle { .. } => {
            learning.progress.solve_puzzle(T::GAME, coach.id())
        }
    };
    if new {
        out.sound(crate::theme::SoundEvent::Win);
        out.save(&learning.progress, "learn.save_failed");
    }
}

/// The hints: a new match counts from zero; a hint asked is thought about (on a worker thread
/// where there are threads), then lit on the board and said.
fn hints<T: Teach>(
    mut asked: MessageReader<AskHint>,
    mut table: ResMut<T>,
    mut hints: ResMut<Hints<T>>,
    mut seeds: ResMut<super::kit::Seeds>,
    options: Option<Res<crate::launch::LaunchOptions>>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
    mut wake: ResMut<crate::app::calm::Wake>,
) {
    let turn = table.hint_turn();
    if let Some(key) = turn
        && hints.key != Some(key)
    {
        hints.key = Some(key);
        hints.used = 0;
        hints.shown = None;
        hints.job = None;
    }
    let wanted = asked.read().filter(|a| a.0 == T::GAME).count() > 0;
    if wanted && hints.job.is_none() {
        match (turn, table.position()) {
            (Some(_), Some(state)) => {
                let state = state.clone();
                let seed = seeds.number();
                let wait = options.as_deref().is_none_or(|o| o.screenshot.is_none());
                hints.job = Some(if super::platform::THREADS && wait {
                    Job::Thread(
                        bevy::tasks::AsyncComputeTaskPool::get()
                            .spawn(async move { T::Bot::hint(&state, seed) }),
                    )
                } else {
                    Job::Done(T::Bot::hint(&state, seed))
                });
            }
            _ => out.refusal(&msg("learn.hint.not_now")),
        }
    }
    let hint = match hints.job.take() {
        None => return,
        Some(Job::Done(hint)) => hint,
        Some(Job::Thread(task)) if task.is_finished() => bevy::tasks::block_on(task),
        Some(job) => {
            // Thought about on a worker thread: looked at again next frame.
            hints.job = Some(job);
            wake.busy();
            return;
        }
    };
    // The position may have moved on while the engine thought: the hint is for the one asked.
    let (Some(hint), Some(_), Some(state)) = (hint, table.hint_turn(), table.position().cloned())
    else {
        return;
    };
    if state.check(&hint.action).is_err() {
        return;
    }
    hints.used += 1;
    let effects = table.light(hint.action);
    send(&*table, effects, &mut out, &mut happened);
    hints.shown = Some((hint, state));
}

/// The lesson or practice position under way at a table, for the probe's report of it (a test
/// aid, `app::probe`): its id, what the coach says, how many tries were put back, and the
/// action asked next as the board targets a player clicks for it, in order (`clicks` names
/// them as the table's report does). `null` without a lesson or position.
pub fn probe_report<T: Teach>(
    table: &T,
    clicks: impl Fn(&<T::Bot as Game>::Action) -> Vec<String>,
) -> serde_json::Value {
    let (Some(coach), Some(state)) = (table.coach(), table.position()) else {
        return serde_json::Value::Null;
    };
    let (said, step) = match coach.said {
        Said::Ask(step) => ("ask", Some(step)),
        Said::Aside => ("aside", None),
        Said::Right => ("right", None),
        Said::Done => ("done", None),
    };
    let want = coach
        .shown(state)
        .map(|a| serde_json::json!({ "notation": state.action_text(&a), "clicks": clicks(&a) }));
    serde_json::json!({
        "id": coach.id(),
        "said": said,
        "step": step,
        "done": coach.done(),
        "asides": coach.asides,
        "want": want,
    })
}

/// Whether a staged scene's name is one of learning's (each game's own staging leaves these).
pub fn stages(name: &str) -> bool {
    name.starts_with("learn-") || name == "puzzle" || name == "hint"
}

/// The learning scenes of a game's table: `<game>-learn-<lesson id>` (the lesson with its
/// typical wrong try refused), `<game>-puzzle` (the first position; Artifact Chess's after its
/// answer, with the odds), `<game>-hint` (a game against the bot with a hint lit).
fn stage<T: Teach>(
    mut requests: MessageReader<StageScene>,
    mut learning: ResMut<Learning>,
    mut table: ResMut<T>,
    timing: Res<T::Timing>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
    mut refused: MessageWriter<super::kit::Refused<T>>,
    mut ask: MessageWriter<AskHint>,
) {
    let requests = requests.read().map(|s| (s.game, &s.name));
    let Some(name) = scene_asked(T::GAME, requests) else {
        return;
    };
    let made = if let Some(id) = name.strip_prefix("learn-") {
        let index = learning.lessons(T::GAME).iter().position(|(i, _)| *i == id);
        // A lesson away from the board: opened, with its typical wrong step refused.
        if let Some(opened) = index.and_then(|i| off_board_open(&mut *table, i)) {
            let tried = opened.and_then(|effects| {
                send(&*table, effects, &mut out, &mut happened);
                table
                    .off_board_act(OffBoardAct::Wrong)
                    .unwrap_or(Ok(Vec::new()))
            });
            match tried {
                Ok(effects) => send(&*table, effects, &mut out, &mut happened),
                Err(refusal) => {
                    table.tell(&refusal, &mut out);
                    refused.write(super::kit::Refused(refusal));
                }
            }
            return;
        }
        index.and_then(T::Bot::lesson_coach)
    } else if name == "puzzle" {
        learning
            .set(T::GAME)
            .ok()
            .and_then(|set| T::Bot::puzzle_coach(&set, 0))
    } else {
        if name == "hint" {
            ask.write(AskHint(T::GAME));
        }
        return;
    };
    let Some((position, coach)) = made else {
        warn!("{:?}: no learning scene `{name}`", T::GAME);
        return;
    };
    let wrong = match &coach.task {
        crate::learn::coach::Task::Lesson { lesson, .. } => lesson.steps[0].wrong,
        crate::learn::coach::Task::Puzzle { .. } => None,
    };
    let answer = coach.shown(&position);
    let puzzle = name == "puzzle";
    match table.learn(position, coach) {
        Ok(effects) => send(&*table, effects, &mut out, &mut happened),
        Err(r) => {
            warn!("{:?}: the learning scene could not open: {r:?}", T::GAME);
            return;
        }
    }
    // A lesson shows its typical wrong try refused by the rules; Artifact Chess's position
    // shows its answer played, with the odds.
    let tried = if puzzle && T::GAME == GameKind::Chess {
        answer
    } else {
        wrong
    };
    if let Some(action) = tried {
        match table.apply_engine(action, &timing) {
            Ok(effects) => send(&*table, effects, &mut out, &mut happened),
            Err(refusal) => {
                table.tell(&refusal, &mut out);
                refused.write(super::kit::Refused(refusal));
            }
        }
    }
}
