//! The Artifact Chess table (`spec/artifact-chess.md`): a lobby (the engine at a level, or two
//! people here; your colour; artifacts on or off), building an army against the budget with
//! every broken rule named, the hidden set-ups and their reveal, selecting a piece with dots for
//! its moves and rings for its attempts with their odds, the carved dice rolling for every
//! attempt, wounds and the king's heal, promotion, check, the history with Step back / Step
//! forward and Undo, the autosave, and the end.
//!
//! - [`table`]: the table's state around the match layer's `ChessGame` ([`Table::handle`]),
//!   one file per phase (lobby, build, play, cards, dice), the move list, and what a click
//!   means ([`Table::click`]).
//! - this module: the plugin, its messages, loading the saved game, and the systems that carry
//!   intents in and effects out (through the kit's outbox and engine seat).
//! - `scenes`: the staged scenes (`--scene chess-…`). `view`: the board, pieces, wounds, dice
//!   and marks in 3D and the animations (`view/`: pieces, dice, marks). `input`: picking and
//!   keys → clicks and intents (the keyboard's focus through the table's methods). `ui`: the
//!   panels, which read the table and send intents.

pub mod online;
pub mod table;

pub(crate) mod figures;
mod input;
mod probe;
mod scenes;
mod ui;
pub(crate) mod view;

use super::kit::table::{Loading, ending_sound};
use super::kit::{
    Happened, Intended, Outbox, Refused, Seeds, TableInfo, TableKind, TableSet, table_plugin,
};
use super::kit::{SavedValue, reads};
use super::screens::Screen;
use crate::i18n::{Explain, msg};
use crate::play::BotTurn;
use crate::play::chess::{ChessGame, Ending};
use crate::rules::GameKind;
use crate::rules::chess::{Action, Artifact, AttemptResult, Colour, State};
use crate::save::Saved;
use crate::theme::SoundEvent;
use bevy::prelude::*;
pub use table::{Animated, ChessClicked, Effect, Focus, Intent, Phase, Refusal, Table, Timing};
pub use ui::{ChessPanels, reading_window};

pub const INFO: TableInfo = TableInfo {
    game: GameKind::Chess,
    pieces: &[
        "chess_king",
        "chess_rook",
        "chess_bishop",
        "chess_knight",
        "chess_pawn",
    ],
    markers: &[
        "marker_wound",
        "marker_heir",
        "marker_statue",
        "marker_barricade",
        "die_d6",
    ],
    scenes: scenes::SCENES,
    figures: figures::figure,
    probe: probe::PROBE,
    plugin,
    tools: &[super::kit::Tool {
        id: "verify",
        label: "hive.verify.title",
    }],
    saves: &[SavedValue {
        key: ChessGame::KEY,
        order: 3,
        rank: |text, _| Some(reads::<ChessGame>(text)?.len() as u64),
    }],
};

/// The table, as a resource: the game's [`Table`] itself. It outlives the screen (leaving for
/// the menu keeps the game).
pub type ChessTable = Table;

/// An intent from picking, keys, buttons or a test.
pub type ChessIntent = Intended<Table>;

/// What the table did: an action accepted (the view throws the dice, if it rolls), its result
/// reaching the board (the view moves the pieces), and the rest.
pub type ChessHappened = Happened<Table>;

/// An intent was refused and changed nothing: the player has been told why.
pub type ChessRefused = Refused<Table>;

/// The table's state, rules and engine, without a window: what the headless tests drive.
pub fn core_plugin(app: &mut App) {
    use super::kit::link;
    app.add_plugins(table_plugin::<Table>)
        .add_plugins(crate::app::learn::teach_core::<Table>)
        .add_systems(
            Update,
            (
                crate::app::replay::archive::chess_ended,
                crate::app::replay::archive::chess_online_ended,
            )
                .in_set(crate::app::kit::TableSet::Sync),
        )
        .add_plugins(crate::app::replay::replay_core::<Table>)
        .add_plugins(crate::app::replay::analysis::analysis_core::<Table>)
        .add_plugins(link::plugin::<Table>)
        .init_resource::<ChessPanels>()
        .add_message::<super::dev::StageScene>()
        .add_systems(Update, scenes::stage_tools.in_set(TableSet::Stage))
        // The online table's link runs on every screen: the game goes on in the menu too.
        .add_systems(
            Update,
            (link::go_online::<Table>, link::pump::<Table>)
                .chain()
                .in_set(TableSet::Rules)
                .after(super::kit::table::intents::<Table>),
        )
        .add_systems(
            Update,
            (
                input::keys.in_set(TableSet::Input),
                link::launch_online::<Table>.in_set(TableSet::Input),
                crate::app::kit::link::autoplay_rematch::<Table>.in_set(TableSet::Intent),
                online::autoplay.in_set(TableSet::Intent),
                scenes::stage.in_set(TableSet::Stage),
            )
                .run_if(in_state(Screen::Table(GameKind::Chess))),
        );
    // Each action announced in words (the reading window, the log): headless tests read them too.
    app.add_systems(Update, ui::announce.in_set(TableSet::Sync));
}

/// The whole table: the core plus the 3D board, picking, keys and panels.
pub fn plugin(app: &mut App) {
    app.add_plugins((core_plugin, view::plugin, input::plugin, ui::plugin))
        .add_plugins(crate::app::learn::teach_ui::<Table>)
        .add_plugins(crate::app::replay::replay_ui::<Table>)
        .add_plugins(crate::app::replay::analysis::analysis_ui::<Table>);
}

impl TableKind for Table {
    const GAME: GameKind = GameKind::Chess;
    type Intent = Intent;
    type Click = ChessClicked;
    type Effect = Effect;
    type Refusal = Refusal;
    type Timing = Timing;
    type Bot = State;

    fn click_intent(&mut self, click: &ChessClicked) -> Option<Intent> {
        self.click(*click)
    }

    fn apply(
        &mut self,
        intent: Intent,
        seeds: &mut Seeds,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        // Drawn only where it is used: a game's dice and engine seeds, a random army.
        let seed = match intent {
            Intent::Start | Intent::RandomArmy | Intent::Ready => seeds.number(),
            _ => 0,
        };
        self.handle(intent, seed, timing)
    }

    fn advance(&mut self, dt: f32, timing: &Timing) -> Vec<Effect> {
        self.tick(dt, timing)
    }

    fn least_think(timing: &Timing) -> f32 {
        timing.think
    }

    fn busy(&self) -> bool {
        self.animating()
    }

    fn next_change(&self) -> Option<f32> {
        crate::app::kit::host::next_change(&self.host, None)
    }

    fn engine_turn(&self) -> Option<(u64, BotTurn<State>)> {
        let g = self.game.as_ref().filter(|g| g.ending().is_none())?;
        if self.phase != Phase::Play {
            return None;
        }
        // A game is known by its start and its seed: an answer for another game is dropped.
        let key = g.game().seed() ^ g.game().start().key();
        Some((key, g.game().bot_turn()?))
    }

    fn apply_engine(&mut self, action: Action, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        self.play(action, timing)
    }

    fn route(&self, effects: &[Effect], out: &mut Outbox) {
        for effect in effects {
            match effect {
                Effect::Revealed => out.sound(SoundEvent::Place),
                Effect::Played(p) => {
                    if matches!(p.record.action, Action::Play(_)) {
                        out.sound(SoundEvent::Card);
                    }
                    if p.record.dice.is_some() {
                        out.sound(SoundEvent::Dice);
                    }
                }
                Effect::Settled => out.sound(SoundEvent::Settle),
                Effect::Resolved(p) => {
                    for s in sounds_of(p) {
                        out.sound(s);
                    }
                    if p.record.dice.is_none() && p.record.result == Some(AttemptResult::Success) {
                        out.notice(&msg("chess.wounded_dies"));
                    }
                }
                Effect::WindowTick(_) => out.sound(SoundEvent::WindowTick),
                Effect::WindowPassed(side) => {
                    out.sound(SoundEvent::Pass);
                    out.notice(&msg("chess.window.passed").with_words("colour", side.explain()));
                }
                Effect::StillInCheck(side) => {
                    out.notice(&msg("chess.still_in_check").with_words("colour", side.explain()));
                }
                Effect::Ended(ending) => {
                    if matches!(ending, Ending::Rules(crate::rules::chess::End::Mate { .. })) {
                        out.sound(SoundEvent::Mate);
                    }
                    let person = Some(self.colour);
                    out.sound(ending_sound(ending.winner(), self.hot_seat(), person));
                }
                Effect::Undone(_) => out.sound(SoundEvent::Lift),
                Effect::Picked => {}
                // The online game is the server's: the autosave keeps the game played here.
                Effect::Save if self.host.is_some() => {}
                // A lesson's game is never saved over the game in progress.
                Effect::Save if self.game.as_ref().is_some_and(|g| g.is_coached()) => {}
                Effect::Save if self.replay.is_some() || self.analysing.is_some() => {}
                Effect::Save => out.save_game(self.game.as_ref(), "chess.save_failed"),
                Effect::Online(m) => out.notice(m),
                // A spectator keeps no seat (and leaves the one kept as it was).
                Effect::KeepSeat if self.host.as_ref().is_some_and(|o| o.spectating()) => {}
                Effect::KeepSeat => out.save(
                    &super::kit::link::KeptSeat::<Table>::new(
                        self.seat_to_keep().unwrap_or_default(),
                    ),
                    "chess.save_failed",
                ),
            }
        }
    }

    /// Each refusal is told to the player as a sentence: in their language, with a capital.
    fn tell(&self, refusal: &Refusal, out: &mut Outbox) {
        let told = refusal_notice(out.tr(), refusal);
        out.say(told);
    }

    /// Offers the saved game, if one was left unfinished and replays through the rules; a
    /// damaged save is reported (and a fresh game offered).
    fn load(&mut self, mut at: Loading) {
        // A seat at a server kept from an earlier run: the lobby offers to return to it.
        let (kept, _) = at.store.load::<super::kit::link::KeptSeat<Table>>();
        self.saved_seat = kept.seat.kept();
        let saved = at.saved_game("chess", "chess.save_damaged", ChessGame::checked);
        if let Some(game) = saved.filter(|g| g.ending().is_none() && !g.is_empty()) {
            self.offer_saved(game);
        }
    }
}

/// The sounds of an action's result on the board.
fn sounds_of(p: &Animated) -> Vec<SoundEvent> {
    let mut out = Vec::new();
    if let Action::Play(play) = p.record.action {
        out.extend(card_sound(play.artifact()));
    }
    match (p.record.action, p.record.result) {
        (Action::Heal { .. }, _) => out.push(SoundEvent::Heal),
        (_, Some(AttemptResult::Success)) => out.push(SoundEvent::Capture),
        (_, Some(AttemptResult::Wound)) => out.push(SoundEvent::Wound),
        (_, Some(AttemptResult::Miss)) => out.push(SoundEvent::Miss),
        (Action::Play(_), None) | (Action::Pass, _) => {}
        _ => out.push(SoundEvent::Slide),
    }
    if table::promotion_of(&p.record.action).is_some()
        && p.record.result.is_none_or(|r| r == AttemptResult::Success)
    {
        out.push(SoundEvent::Promote);
    }
    if p.after.in_check() && p.after.end().is_none() {
        out.push(SoundEvent::Check);
    }
    out
}

/// The sound of what an artifact does to the board, by family (the card itself is heard when
/// it is played). Fury has none of its own: its dice are heard.
pub fn card_sound(artifact: Artifact) -> Option<SoundEvent> {
    Some(match artifact {
        Artifact::Teleport | Artifact::KnightsLeap | Artifact::FileShift => SoundEvent::Warp,
        Artifact::Acceleration | Artifact::KingsStride | Artifact::MassAttack => SoundEvent::March,
        Artifact::Statue | Artifact::Barricade | Artifact::Demolition => SoundEvent::Stone,
        Artifact::ExplosiveRam => SoundEvent::Blast,
        Artifact::ZombiePawn | Artifact::Resurrection => SoundEvent::Rise,
        Artifact::Shield | Artifact::Heir | Artifact::Restriction => SoundEvent::Ward,
        Artifact::PoisonDart => SoundEvent::Dart,
        Artifact::Balm => SoundEvent::Heal,
        Artifact::Scouting | Artifact::Trophy | Artifact::Seize => SoundEvent::CardDrawn,
        Artifact::Cancel => SoundEvent::Cancel,
        Artifact::Fury => return None,
    })
}

/// The notice for a refusal: its words in the language in force, as a sentence (a capital
/// first, unless it starts with notation).
pub fn refusal_notice(strings: &crate::i18n::Strings, refusal: &Refusal) -> String {
    table::sentence(&strings.say(&refusal.explain()))
}

/// The wood a colour's pieces are carved from.
pub fn wood(c: Colour) -> crate::theme::Wood {
    match c {
        Colour::White => crate::theme::Wood::Light,
        Colour::Black => crate::theme::Wood::Dark,
    }
}

impl crate::app::replay::Replays for Table {
    fn open_replay(
        &mut self,
        replay: crate::app::replay::Replaying,
    ) -> Option<Result<Vec<Effect>, Refusal>> {
        let read = replay.replay.clone();
        let crate::review::Replay::Chess(line) = &*read else {
            return None;
        };
        Some(Table::open_replay(self, line, replay))
    }

    fn replaying(&self) -> Option<&crate::app::replay::Replaying> {
        self.replay.as_ref()
    }

    fn replaying_mut(&mut self) -> Option<&mut crate::app::replay::Replaying> {
        self.replay.as_mut()
    }

    fn replay_at(&self) -> (usize, usize) {
        let plies = self.plies();
        (self.viewing.unwrap_or(plies).min(plies), plies)
    }

    fn position_text(&self) -> String {
        self.shown().map(|s| s.to_string()).unwrap_or_default()
    }

    fn view(step: crate::app::kit::history::Step) -> Intent {
        Intent::View(step)
    }

    fn suggest(&mut self, at: usize, better: &str) -> bool {
        use crate::rules::Game;
        let parsed = self
            .game
            .as_ref()
            .and_then(|g| g.game().after(at))
            .and_then(|s| s.parse_action(better).ok());
        self.suggested = parsed.map(|a| (at, a));
        parsed.is_some()
    }

    fn suggested_at(&self) -> Option<usize> {
        self.suggested.map(|(at, _)| at)
    }

    fn leave_replay(&mut self) {
        Table::leave_replay(self);
    }

    const ANALYSES: bool = true;

    fn analyse_here(&mut self) -> Option<Result<Vec<Effect>, Refusal>> {
        let (at, _) = crate::app::replay::Replays::replay_at(self);
        Some(Table::analyse_at(self, at))
    }
}

impl crate::app::replay::analysis::Analyses for Table {
    type Pos = State;

    fn analysed(&self) -> Option<&State> {
        self.analysing.as_ref()?;
        self.game.as_ref().map(|g| g.state())
    }

    fn analyse_at(&mut self, at: usize) -> Result<Vec<Effect>, Refusal> {
        Table::analyse_at(self, at)
    }

    fn leave_analysis(&mut self) -> Vec<Effect> {
        Table::leave_analysis(self)
    }

    // Under the played piles at the left: the hand of cards takes the bottom.
    const PANEL: (bevy_egui::egui::Align2, [f32; 2]) =
        (bevy_egui::egui::Align2::LEFT_TOP, [16.0, 340.0]);

    // The actions bar and the hand take the bottom of a compact screen's right half too.
    const COMPACT_LEFT: bool = true;
}

impl crate::app::learn::Teach for Table {
    const LESSON_ON_RIGHT: bool = true;

    fn coach(&self) -> Option<&crate::learn::Coach<State>> {
        self.game.as_ref()?.game().coach()
    }

    fn position(&self) -> Option<&State> {
        self.state()
    }

    fn learn(
        &mut self,
        start: State,
        coach: crate::learn::Coach<State>,
    ) -> Result<Vec<Effect>, Refusal> {
        Table::learn(self, start, coach)
    }

    fn leave_lesson(&mut self) {
        Table::leave_lesson(self);
    }

    fn off_board(&self) -> Option<crate::app::learn::OffBoard> {
        let done = self.army_lesson_done()?;
        Some(crate::app::learn::OffBoard {
            index: 0,
            id: self.army_lesson.as_ref()?.id,
            done,
        })
    }

    fn off_board_act(
        &mut self,
        act: crate::app::learn::OffBoardAct,
    ) -> Option<Result<Vec<Effect>, Refusal>> {
        use crate::app::learn::OffBoardAct;
        Some(match act {
            OffBoardAct::Open(0) => self.learn_army(crate::learn::chess::army()),
            OffBoardAct::Open(_) => return None,
            OffBoardAct::Show => self.show_army(),
            OffBoardAct::Wrong => self.try_army_wrong(),
        })
    }

    fn hint_turn(&self) -> Option<u64> {
        let g = self.game.as_ref()?;
        if self.host.is_some()
            || self.phase != Phase::Play
            || self.animating()
            || self.viewing.is_some()
            || g.is_coached()
            || self.hot_seat()
            || g.awaited()? != self.colour
        {
            return None;
        }
        Some(g.game().seed() ^ g.game().start().key())
    }

    fn light(&mut self, action: Action) -> Vec<Effect> {
        Table::light(self, action)
    }
}
