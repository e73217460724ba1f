//! The Artifact Chess table (`spec/artifact-chess.md`): a lobby (the engine at a level, or two
//! people here; your colour; artifacts on or off), building an army against the budget with
//! every broken rule named, the hidden set-ups and their reveal, selecting a piece with dots for
//! its moves and rings for its attempts with their odds, the carved dice rolling for every
//! attempt, wounds and the king's heal, promotion, check, the history with Step back / Step
//! forward and Undo, the autosave, and the end.
//!
//! - [`table`]: the table's state around the match layer's `ChessGame` ([`Table::handle`]).
//! - this module: the plugin, its messages, loading the saved game, and the systems that carry
//!   intents in and effects out (through the kit's outbox and engine seat).
//! - `scenes`: the staged scenes (`--scene chess-…`). `view`: the board, pieces, wounds, dice
//!   and marks in 3D and the animations. `input`: picking and keys → intents. `ui`: the panels.

pub mod table;

mod input;
mod scenes;
mod ui;
pub(crate) mod view;

use super::kit::{EngineSeat, Outbox, TableInfo, TableSet};
use super::platform;
use super::save::{Loaded, Notices, SaveStore};
use super::screens::Screen;
use crate::i18n::{Explain, Tr, msg};
use crate::play::chess::{ChessGame, Ending};
use crate::rules::GameKind;
use crate::rules::chess::{Action, Artifact, AttemptResult, Color, Square, State};
use crate::save::LoadStatus;
use crate::theme::SoundEvent;
use bevy::prelude::*;
use rand::RngCore;
pub use table::{Effect, Focus, Intent, Phase, Played, Refusal, Table, Timing};
pub use ui::ChessPanels;

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
    tools: &[],
};

/// The table, as a resource: it outlives the screen (leaving for the menu keeps the game).
#[derive(Resource, Debug, Default, Deref, DerefMut)]
pub struct ChessTable(pub Table);

/// An intent from picking, keys, buttons or a test.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessIntent(pub Intent);

/// A click on the board (picking sends it): on a square (a piece's, a mark's or an empty
/// one's), or on nothing of the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChessClicked {
    Square(Square),
    Nothing,
}

/// An action was accepted: the view throws the dice (if it rolls).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct ChessPlayed(pub Played);

/// An action's result reaches the board: the view moves the pieces.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct ChessResolved(pub Played);

/// An intent was refused and changed nothing: the player is told why.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct ChessRefused(pub Refusal);

/// The table's randomness: the dice seed of a new game, the engine's army and choices, a
/// random army.
#[derive(Resource, Deref, DerefMut)]
pub struct ChessRng(pub rand::rngs::SmallRng);

impl Default for ChessRng {
    fn default() -> ChessRng {
        ChessRng(rand::SeedableRng::seed_from_u64(platform::entropy()))
    }
}

/// The table's state, rules and engine, without a window: what the headless tests drive.
pub fn core_plugin(app: &mut App) {
    app.init_resource::<ChessTable>()
        .init_resource::<EngineSeat<State>>()
        .init_resource::<ChessRng>()
        .init_resource::<Timing>()
        .init_resource::<ChessPanels>()
        .add_message::<ChessIntent>()
        .add_message::<ChessClicked>()
        .add_message::<ChessPlayed>()
        .add_message::<ChessResolved>()
        .add_message::<ChessRefused>()
        .add_message::<super::dev::StageScene>()
        .add_message::<super::audio::PlaySound>()
        .add_systems(Startup, load.in_set(Loaded::Tables))
        .add_systems(
            Update,
            (
                tick.in_set(TableSet::Tick),
                input::keys.in_set(TableSet::Input),
                clicks_to_intents.in_set(TableSet::Intent),
                (scenes::stage, handle_intents, tell_refusals)
                    .chain()
                    .in_set(TableSet::Rules),
                run_engine.in_set(TableSet::Engine),
            )
                .run_if(in_state(Screen::Table(GameKind::Chess))),
        );
}

/// The whole table: the core plus the 3D board, picking, keys and panels.
pub fn plugin(app: &mut App) {
    app.add_plugins((core_plugin, view::plugin, input::plugin, ui::plugin));
}

/// Offers the saved game, if one was left unfinished and replays through the rules; a damaged
/// save is reported (and a fresh game offered).
fn load(
    mut table: ResMut<ChessTable>,
    mut store: ResMut<SaveStore>,
    tr: Res<Tr>,
    mut notices: ResMut<Notices>,
) {
    let (saved, status) = store.load::<ChessGame>();
    match status {
        LoadStatus::Missing => {}
        LoadStatus::Replaced(why) => {
            warn!("chess: the saved game could not be read ({why})");
            notices.push(tr.say(&msg("chess.save_damaged").with("why", tr.say(&why.explain()))));
        }
        LoadStatus::Loaded | LoadStatus::Migrated { .. } => match saved.checked() {
            Ok(game) if game.ending().is_none() && !game.is_empty() => {
                table.saved = Some(game);
            }
            Ok(_) => {}
            Err(e) => {
                let why = tr.say(&e.explain());
                warn!("chess: the saved game does not replay ({why})");
                notices.push(tr.say(&msg("chess.save_damaged").with("why", why)));
            }
        },
    }
}

/// Where the table's effects go: its own messages, and sounds, notices and saves through the
/// outbox.
fn send(
    table: &Table,
    effects: Vec<Effect>,
    out: &mut Outbox,
    played: &mut MessageWriter<ChessPlayed>,
    resolved: &mut MessageWriter<ChessResolved>,
) {
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
                played.write(ChessPlayed(p));
            }
            Effect::Settled => out.sound(SoundEvent::Settle),
            Effect::Resolved(p) => {
                for s in sounds_of(&p) {
                    out.sound(s);
                }
                if p.record.dice.is_none() && p.record.result == Some(AttemptResult::Success) {
                    out.notice(&msg("chess.wounded_dies"));
                }
                resolved.write(ChessResolved(p));
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
                out.sound(ending_sound(table, ending));
            }
            Effect::Undone(_) => out.sound(SoundEvent::Lift),
            Effect::Picked => {}
            Effect::Save => match &table.game {
                Some(g) => out.save(g, "chess.save_failed"),
                None => out.save(&ChessGame::default(), "chess.save_failed"),
            },
        }
    }
}

/// The sounds of an action's result on the board.
fn sounds_of(p: &Played) -> Vec<SoundEvent> {
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

/// Win, loss or draw, as the person at the table hears it (at a hot seat, a win is a win).
fn ending_sound(table: &Table, ending: Ending) -> SoundEvent {
    match ending.winner() {
        None => SoundEvent::Draw,
        Some(_) if table.hot_seat() => SoundEvent::Win,
        Some(w) if w == table.colour => SoundEvent::Win,
        Some(_) => SoundEvent::Lose,
    }
}

fn tick(
    time: Res<Time>,
    timing: Res<Timing>,
    mut table: ResMut<ChessTable>,
    mut out: Outbox,
    mut played: MessageWriter<ChessPlayed>,
    mut resolved: MessageWriter<ChessResolved>,
) {
    let effects = table.tick(time.delta_secs(), &timing);
    if !effects.is_empty() {
        send(&table, effects, &mut out, &mut played, &mut resolved);
    }
}

fn clicks_to_intents(
    mut clicks: MessageReader<ChessClicked>,
    table: Res<ChessTable>,
    mut intents: MessageWriter<ChessIntent>,
) {
    for click in clicks.read() {
        if let Some(intent) = click_intent(&table, *click) {
            intents.write(ChessIntent(intent));
        }
    }
}

/// What a click means now: while building, place the piece in hand on an empty square or pick
/// a placed piece (never take it off: that is the "Take it off" button's, or Delete's), and a
/// click beside the board puts the picked piece down; while the dice roll, skip to the result;
/// in play, select one of your pieces, act on a dot or a ring, or deselect. `None`: a click
/// that changes nothing.
pub fn click_intent(table: &Table, click: ChessClicked) -> Option<Intent> {
    if table.roll.is_some() {
        return Some(Intent::SkipRoll);
    }
    if let Phase::Build(_) = table.phase {
        return match click {
            ChessClicked::Square(sq) => Some(Intent::BuildAt(sq)),
            ChessClicked::Nothing => table.build_pick.is_some().then_some(Intent::Select(None)),
        };
    }
    if !table.person_to_act() {
        return None;
    }
    let state = table.state()?;
    if table.card.is_some() {
        // A card is being aimed: a square is its target (or refused with why).
        return match click {
            ChessClicked::Square(sq) => Some(Intent::CardAt(sq)),
            ChessClicked::Nothing => None,
        };
    }
    let ChessClicked::Square(sq) = click else {
        return (table.selected.is_some()).then_some(Intent::Select(None));
    };
    let own = state
        .board()
        .get(sq)
        .is_some_and(|p| p.color == state.turn());
    match &table.selected {
        Some((from, _)) if *from == sq => Some(Intent::Select(None)),
        Some((_, actions)) if actions.targets().contains(&sq) => Some(Intent::Target(sq)),
        _ if own => Some(Intent::Select(Some(sq))),
        Some(_) => Some(Intent::Select(None)),
        None => None,
    }
}

fn handle_intents(
    mut rng: ResMut<ChessRng>,
    timing: Res<Timing>,
    mut intents: MessageReader<ChessIntent>,
    mut table: ResMut<ChessTable>,
    mut out: Outbox,
    mut played: MessageWriter<ChessPlayed>,
    mut resolved: MessageWriter<ChessResolved>,
    mut refused: MessageWriter<ChessRefused>,
) {
    for ChessIntent(intent) in intents.read() {
        let seed = rng.next_u64();
        match table.handle(*intent, seed, &timing) {
            Ok(effects) => send(&table, effects, &mut out, &mut played, &mut resolved),
            // Told by `tell_refusals`, as a sentence.
            Err(refusal) => {
                refused.write(ChessRefused(refusal));
            }
        }
    }
}

/// Each refusal is told to the player as a sentence: in their language, with a capital.
fn tell_refusals(
    mut refused: MessageReader<ChessRefused>,
    tr: Res<Tr>,
    mut notices: ResMut<Notices>,
) {
    for ChessRefused(refusal) in refused.read() {
        notices.push(refusal_notice(&tr, refusal));
    }
}

/// The notice for a refusal: its words in the language in force, as a sentence (a capital
/// first, unless it starts with notation).
pub fn refusal_notice(strings: &crate::i18n::Strings, refusal: &Refusal) -> String {
    table::sentence(&strings.say(&refusal.explain()))
}

fn run_engine(
    time: Res<Time>,
    timing: Res<Timing>,
    mut table: ResMut<ChessTable>,
    mut seat: ResMut<EngineSeat<State>>,
    mut out: Outbox,
    mut played: MessageWriter<ChessPlayed>,
    mut resolved: MessageWriter<ChessResolved>,
) {
    let turn = match (&table.game, table.phase) {
        (Some(g), Phase::Play) if g.ending().is_none() => g.game().bot_turn(),
        _ => None,
    };
    let Some(turn) = turn else {
        seat.stand_down();
        return;
    };
    if table.animating() {
        seat.stand_down();
        return;
    }
    // A game is known by its start and its seed: an answer for another game is dropped.
    let game_key = table
        .game
        .as_ref()
        .map_or(0, |g| g.game().seed() ^ g.game().start().key());
    let Some(answer) = seat.think(game_key, turn, time.delta_secs(), timing.think) else {
        return;
    };
    match answer.map(|a| table.play(a, &timing)) {
        Some(Ok(effects)) => send(&table, effects, &mut out, &mut played, &mut resolved),
        Some(Err(refusal)) => error!("the engine's choice was refused: {refusal:?}"),
        None => error!("the engine found no action in a game under way"),
    }
}

/// The wood a colour's pieces are carved from.
pub fn wood(c: Color) -> crate::theme::Wood {
    match c {
        Color::White => crate::theme::Wood::Light,
        Color::Black => crate::theme::Wood::Dark,
    }
}
