//! The replays' staged scenes at a table: `replay-<game>` (a seeded game halfway; Artifact
//! Chess just after an attempt, its dice shown), `review-<game>` (the engine's review done, the
//! position before the biggest mistake), `luck-chess` (the luck report at the luckiest roll).

use super::review::Reviewing;
use super::{Replaying, Replays};
use crate::app::dev::StageScene;
use crate::app::kit::Outbox;
use crate::app::kit::history::Step;
use crate::app::kit::scene_asked;
use crate::app::kit::table::{Happened, Intended, send};
use crate::review::{ChessLuck, Line, Replay};
use crate::rules::{Game, GameKind};
use bevy::prelude::*;
use std::sync::Arc;

/// Whether a staged scene's name is one of the replays' (each game's own staging leaves these).
pub fn stages(name: &str) -> bool {
    matches!(name, "replay" | "review" | "luck" | "analysis")
}

/// The game a scene replays: seeded, so every run shows the same picture. Ash & Walnut: a
/// random game of 24 moves; Snēlab: a random case taking wherever it can; Artifact Chess: two random armies, each side's first legal action
/// but a capture attempt where it has one, for 30 actions.
pub fn scene_replay(game: GameKind) -> Option<Replay> {
    match game {
        GameKind::Hive => {
            let mut line = Line::new(crate::rules::hive::State::new());
            for ply in 0..24 {
                let a = crate::ai::random(line.last(), 40 + ply)?;
                line.play(a).ok()?;
            }
            Some(Replay::Hive(line))
        }
        GameKind::Chess => {
            use crate::play::chess::{Draft, starting_state};
            use crate::rules::chess::Colour;
            let white = Draft::random(Colour::White, 3).army().ok()?;
            let black = Draft::random(Colour::Black, 4).army().ok()?;
            let mut line = Line::new(starting_state(&white, &black, true, 77));
            for _ in 0..30 {
                let state = line.last().clone();
                if state.outcome().is_some() {
                    break;
                }
                let actions = state.legal_actions();
                let a = actions
                    .iter()
                    .find(|a| state.attempt_odds(a).is_some())
                    .or(actions.first())?;
                line.play(*a).ok()?;
            }
            Some(Replay::Chess(line))
        }
        GameKind::Snelab => {
            // A random case of up to 40 actions that takes wherever it can, so its payments
            // are seen.
            let mut line = Line::new(crate::rules::snelab::Position::start());
            for ply in 0..40 {
                let state = line.last().clone();
                if state.outcome().is_some() {
                    break;
                }
                let actions = state.legal_actions();
                let a = actions
                    .iter()
                    .find(|a| a.is_capture())
                    .copied()
                    .or_else(|| crate::ai::random(&state, 90 + ply))?;
                line.play(a).ok()?;
            }
            Some(Replay::Snelab(line))
        }
    }
}

/// Stages a replay's scene at `T`'s table.
#[allow(clippy::too_many_arguments)]
pub(super) fn stage<T: Replays>(
    mut requests: MessageReader<StageScene>,
    mut table: ResMut<T>,
    mut reviewing: ResMut<Reviewing>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
    mut intents: MessageWriter<Intended<T>>,
) {
    let requests = requests.read().map(|s| (s.game, &s.name));
    let Some(name) = scene_asked(T::GAME, requests) else {
        return;
    };
    // The analysis board's scene is staged by `analysis::stage`.
    if !stages(&name) || name == "analysis" {
        return;
    }
    let Some(replay) = scene_replay(T::GAME) else {
        warn!("{:?}: no replay scene `{name}`", T::GAME);
        return;
    };
    let replay = Arc::new(replay);
    let replaying = Replaying::new(replay.clone(), ["Ana".into(), "Bruno".into()]);
    match table.open_replay(replaying) {
        Some(Ok(effects)) => send(&*table, effects, &mut out, &mut happened),
        other => {
            warn!("{:?}: the replay scene could not open: {other:?}", T::GAME);
            return;
        }
    }
    let (_, plies) = table.replay_at();
    let luck = match &*replay {
        Replay::Chess(line) => Some(ChessLuck::of(line)),
        _ => None,
    };
    let at = match name.as_str() {
        "review" => {
            reviewing.start(&replay);
            reviewing.finish();
            reviewing.biggest_mistake(&replay).unwrap_or(plies / 2)
        }
        "luck" => {
            reviewing.luck_shown = true;
            luck.as_ref()
                .and_then(|l| l.luckiest())
                .map_or(plies / 2, |a| a.ply + 1)
        }
        // Just after the last attempt of the first half, where there is one.
        _ => luck
            .as_ref()
            .and_then(|l| l.attempts.iter().rev().find(|a| a.ply < plies / 2))
            .map_or(plies / 2, |a| a.ply + 1),
    };
    intents.write(Intended(T::view(Step::To(at))));
}

/// The finished games the `games-list` scene shows, newest first: the scenes' Artifact Chess game, played at
/// this device against the engine, and two Ash & Walnut games from their GameStrings.
pub fn scene_archive() -> Vec<crate::play::archive::Archived> {
    use crate::play::archive::Archived;
    let mut out = Vec::new();
    if let Some(Replay::Chess(line)) = scene_replay(GameKind::Chess) {
        use crate::play::Seat;
        use crate::play::chess::{ChessGame, Draft};
        use crate::rules::chess::Colour;
        let armies = (
            Draft::random(Colour::White, 3).army(),
            Draft::random(Colour::Black, 4).army(),
        );
        if let (Ok(white), Ok(black)) = armies {
            let mut game = ChessGame::new(
                white,
                black,
                true,
                [Seat::Person, Seat::Bot(crate::ai::Level::Normal)],
                77,
                0,
            );
            for a in &line.actions {
                if let Some(side) = game.awaited() {
                    let _ = game.submit(side, *a);
                }
            }
            out.extend(Archived::chess_local(
                &game,
                ["You", "Engine (normal)"],
                "2026-12-04T20:41:07Z",
            ));
        }
    }
    for (text, when) in [
        (
            "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-",
            "2026-12-03T18:02:44Z",
        ),
        (
            "Base;InProgress;White[2];wG1;bG1 wG1-",
            "2026-12-01T09:30:12Z",
        ),
    ] {
        out.extend(Archived::from_text(text, when).ok());
    }
    out
}
