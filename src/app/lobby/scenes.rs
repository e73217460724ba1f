//! `--scene online-lobby`, `online-watch`, `online-games`: the Online screen with made-up
//! tables, people and games, and no server (the lobby is staged: no connection opens).

use super::Seats;
use super::link::{LobbyLink, server_url};
use crate::app::kit::online_panels::OnlineForm;
use crate::app::save::ActiveSettings;
use crate::launch::{LaunchOptions, OnlinePage, Scene};
use crate::net::lobby::{Lobby, Queue};
use crate::net::protocol::{
    GameCount, GameKind, GameSummary, Listing, Phase, RatingView, SeatId, Stakes, TableOptions,
    TimeControl,
};
use crate::net::seats::OwnSeat;
use bevy::prelude::*;
use std::time::Duration;

/// A public table of the made-up lobby.
fn table(
    code: &str,
    game: GameKind,
    names: [&str; 2],
    control: TimeControl,
    options: TableOptions,
    watchers: u32,
    age_s: u64,
) -> Listing {
    Listing {
        code: code.into(),
        game,
        phase: if names[1].is_empty() {
            Phase::Waiting
        } else {
            Phase::Playing
        },
        control,
        options,
        names: names.map(String::from),
        bot: names[1].starts_with("Bot"),
        watchers,
        created_ms: 1_750_000_000_000 - age_s * 1000,
        fingerprints: names.map(|n| seen(n).map(|(f, _)| f.to_string())),
        rated: false,
        ratings: names.map(|n| seen(n).and_then(|(_, r)| r)),
        keys: [None, None],
    }
}

/// The made-up people's key fingerprints and ratings (a bot and a player without a key have
/// none; a new player's rating is provisional).
fn seen(name: &str) -> Option<(&'static str, Option<RatingView>)> {
    let r = |rating, deviation, games| {
        Some(RatingView {
            rating,
            deviation,
            provisional: games < 10,
            games,
        })
    };
    Some(match name {
        "Marta" => ("e21c·5a90", r(1614, 71, 23)),
        "Ana" => ("9fab·3f55", r(1750, 62, 14)),
        "Dmitri" => ("b07d·19e2", r(1688, 58, 41)),
        "Kofi" => ("3f9a·c41e", r(1500, 350, 0)),
        "Lena" => ("77c0·d3a1", r(1563, 66, 19)),
        "Inês" => ("e8f4·2c75", r(1721, 60, 37)),
        "Pavel" => ("2b6d·e019", r(1695, 64, 28)),
        "Tom" => ("a41f·7c3b", None),
        "Olga" => ("91ab·06ce", r(1532, 90, 6)),
        "Rafael" => ("0be4·8f17", r(1589, 77, 12)),
        "Mei" => ("c9d2·4e60", r(1640, 69, 16)),
        "Sasha" => ("5d18·a2f3", r(1602, 73, 11)),
        "Yusuf" => ("4a6e·f0b9", r(1477, 82, 9)),
        _ => return None,
    })
}

fn snelab(stakes: Stakes, appeal: bool) -> TableOptions {
    TableOptions {
        stakes: Some(stakes),
        appeal: Some(appeal),
        ..TableOptions::default()
    }
}

fn chess(artifacts: bool) -> TableOptions {
    TableOptions {
        artifacts: Some(artifacts),
        ..TableOptions::default()
    }
}

fn tables() -> Vec<Listing> {
    use GameKind::*;
    let turn = |seconds| TimeControl::Turn { seconds };
    let bank = |base, increment| TimeControl::Bank { base, increment };
    let none = TableOptions::default();
    let rated = |mut l: Listing| {
        l.rated = true;
        l
    };
    vec![
        table(
            "K7M2QX",
            Snelab,
            ["Marta", ""],
            turn(60),
            snelab(Stakes::Street, true),
            0,
            20,
        ),
        rated(table(
            "P4RT8Z",
            Hive,
            ["Ana", ""],
            bank(300, 3),
            // With the three expansion creatures: the listing says so.
            TableOptions {
                game_type: Some(crate::rules::hive::GameType::MLP),
                ..TableOptions::default()
            },
            0,
            45,
        )),
        rated(table(
            "W9ND3C",
            Chess,
            ["Dmitri", ""],
            turn(180),
            chess(false),
            0,
            70,
        )),
        table(
            "H2KQ5M",
            Hive,
            ["Kofi", ""],
            TimeControl::Days { days: 1 },
            none,
            0,
            300,
        ),
        table(
            "B6TY7R",
            Snelab,
            ["", ""],
            turn(30),
            snelab(Stakes::Casino, false),
            0,
            400,
        ),
        table(
            "M3XS9V",
            Chess,
            ["Lena", ""],
            bank(900, 10),
            chess(true),
            0,
            900,
        ),
        rated(table(
            "R8CE4N",
            Chess,
            ["Inês", "Pavel"],
            bank(300, 3),
            chess(true),
            4,
            600,
        )),
        table(
            "T5GH2J",
            Hive,
            ["Tom", "Bot (hard)"],
            turn(60),
            none,
            1,
            800,
        ),
        table(
            "Z2QW6P",
            Snelab,
            ["Olga", "Rafael"],
            turn(30),
            snelab(Stakes::Casino, true),
            7,
            200,
        ),
        table(
            "N7VB3K",
            Hive,
            ["Mei", "Sasha"],
            TimeControl::Days { days: 3 },
            none,
            0,
            5000,
        ),
        table(
            "D4FJ8S",
            Chess,
            ["Yusuf", "Carla"],
            turn(60),
            chess(false),
            2,
            1500,
        ),
    ]
}

fn counts() -> Vec<GameCount> {
    [
        (GameKind::Snelab, 14, 6),
        (GameKind::Hive, 23, 12),
        (GameKind::Chess, 9, 4),
    ]
    .into_iter()
    .map(|(game, online, playing)| GameCount {
        game,
        online,
        playing,
        queued: 1,
    })
    .collect()
}

/// The device's made-up games: a correspondence game awaiting its move, and others.
fn games() -> Vec<(OwnSeat, GameSummary)> {
    let one = |game, code: &str, control, opponent: &str, phase, your_turn, left_s: u64| {
        let token = format!("staged-{code}");
        (
            OwnSeat {
                game,
                url: String::new(),
                code: code.into(),
                token: token.clone(),
                seat: Some(SeatId::First),
                control: Some(control),
                opened_at: 0,
            },
            GameSummary {
                token,
                open: true,
                code: Some(code.into()),
                game: Some(game),
                phase: Some(phase),
                control: Some(control),
                seat: Some(SeatId::First),
                opponent: (!opponent.is_empty()).then(|| opponent.to_string()),
                your_turn,
                time_left_ms: (phase == Phase::Playing).then_some(left_s * 1000),
                outcome: None,
                seq: 12,
            },
        )
    };
    vec![
        one(
            GameKind::Hive,
            "H2KQ5M",
            TimeControl::Days { days: 1 },
            "Kofi",
            Phase::Playing,
            true,
            19 * 3600 + 25 * 60,
        ),
        one(
            GameKind::Chess,
            "V6LP2T",
            TimeControl::Days { days: 3 },
            "Lena",
            Phase::Playing,
            false,
            2 * 86_400 + 7 * 3600,
        ),
        one(
            GameKind::Snelab,
            "F3RX8Q",
            TimeControl::Bank {
                base: 300,
                increment: 3,
            },
            "Marta",
            Phase::Playing,
            false,
            184,
        ),
        one(
            GameKind::Hive,
            "C9MW4D",
            TimeControl::Days { days: 3 },
            "",
            Phase::Waiting,
            false,
            0,
        ),
    ]
}

/// Puts the made-up lobby in place for an `online-…` scene.
pub(super) fn stage(
    options: Option<Res<LaunchOptions>>,
    settings: Res<ActiveSettings>,
    mut link: ResMut<LobbyLink>,
    mut seats: ResMut<Seats>,
    mut name: ResMut<OnlineForm>,
    mut form: ResMut<super::LobbyForm>,
) {
    let Some(Scene::Online(page)) = options.as_ref().map(|o| o.scene.clone()) else {
        return;
    };
    // The made-up moment: late enough for a wait that began before the program did.
    let now = Duration::from_secs(100_000);
    let url = server_url(&settings, options.as_deref());
    let (mine, summaries): (Vec<OwnSeat>, Vec<GameSummary>) = games()
        .into_iter()
        .map(|(mut s, g)| {
            s.url = url.clone();
            (s, g)
        })
        .unzip();
    seats.0.seats = mine;
    let mut lobby = Lobby::staged(tables(), counts(), summaries, now);
    if page == OnlinePage::Lobby {
        // Twelve seconds into a quick game of Ash & Walnut; the bot is offered in eight.
        lobby.queue = Queue::Queued {
            game: GameKind::Hive,
            control: TimeControl::Turn { seconds: 60 },
            since: now - Duration::from_secs(12),
            offer_at: now + Duration::from_secs(8),
            offered: false,
        };
        form.game = GameKind::Hive;
    }
    link.lobby = lobby;
    link.staged = Some(now);
    name.name = "Ana".into();
}
