//! `--scene player-page` and `key-export`: a made-up player (their key, their page) and no
//! server (the lobby is staged: no connection opens).

use super::{PlayerPage, Who};
use crate::app::identity::PlayerKey;
use crate::app::lobby::link::LobbyLink;
use crate::identity::Identity;
use crate::launch::{LaunchOptions, Scene};
use crate::net::lobby::Lobby;
use crate::net::protocol::{
    GameKind, GameRating, GameResult, PlayedGame, Profile, RatingPoint, RatingView,
};
use bevy::prelude::*;
use std::time::Duration;

/// The made-up player's key: the same in every picture.
pub fn staged_identity() -> Identity {
    let mut secret = [0u8; 32];
    let mut x: u32 = 0x2545_f491;
    for b in &mut secret {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *b = (x >> 24) as u8;
    }
    Identity::from_secret(secret)
}

const DAY_MS: u64 = 86_400_000;
/// The made-up page's "now".
const NOW_MS: u64 = 1_750_000_000_000;

/// A rating's history from its changes, game after game: the deviation narrows as games are
/// played.
fn history(changes: &[i32], start_days_ago: u64) -> (RatingView, Vec<RatingPoint>) {
    let mut rating = 1500.0;
    let mut deviation: f64 = 350.0;
    let mut points = Vec::new();
    for (i, c) in changes.iter().enumerate() {
        rating += f64::from(*c);
        deviation = (deviation * 0.86).max(62.0);
        points.push(RatingPoint {
            at_ms: NOW_MS - (start_days_ago - 2 * i as u64) * DAY_MS,
            rating,
            deviation,
        });
    }
    let view = RatingView {
        rating: rating.round() as i32,
        deviation: deviation.round() as i32,
        provisional: changes.len() < 10,
        games: changes.len() as u32,
    };
    (view, points)
}

/// The made-up player's page: three games' ratings with their history, a dozen games.
pub fn staged_profile(identity: &Identity) -> Profile {
    let rating = |game, changes: &[i32], days| {
        let (rating, history) = history(changes, days);
        GameRating {
            game,
            rating,
            history,
        }
    };
    let game = |code: &str,
                game,
                days: u64,
                opponent: &str,
                fp: Option<&str>,
                result,
                change: Option<i32>| {
        PlayedGame {
            code: code.into(),
            game,
            ended_ms: NOW_MS - days * DAY_MS,
            opponent: opponent.into(),
            opponent_fingerprint: fp.map(str::to_string),
            result,
            rated: change.is_some(),
            change,
            opponent_key: None,
        }
    };
    use GameKind::*;
    use GameResult::*;
    Profile {
        key: identity.public().to_hex(),
        fingerprint: identity.public().fingerprint(),
        name: "Ana".into(),
        since_ms: NOW_MS - 92 * DAY_MS,
        ratings: vec![
            rating(
                Hive,
                &[88, 61, -47, 52, 40, -33, 28, 31, -22, 19, 24, -18, 15, 12],
                30,
            ),
            rating(
                Chess,
                &[-92, 70, 58, -41, -36, 44, 29, -25, 21, 18, -14],
                26,
            ),
            rating(Snelab, &[75, -60, 49, 41, -38, 30, -27, 24, 20, -16], 22),
        ],
        games: vec![
            game("K7M2QX", Hive, 1, "Kofi", Some("3f9a·c41e"), Won, Some(12)),
            game(
                "W9ND3C",
                Chess,
                1,
                "Dmitri",
                Some("b07d·19e2"),
                Lost,
                Some(-14),
            ),
            game(
                "P4RT8Z",
                Snelab,
                2,
                "Marta",
                Some("e21c·5a90"),
                Lost,
                Some(-16),
            ),
            game("H2KQ5M", Hive, 3, "Bot (normal)", None, Won, None),
            game("R8CE4N", Chess, 3, "Lena", Some("77c0·d3a1"), Won, Some(18)),
            game(
                "Z2QW6P",
                Snelab,
                4,
                "Rafael",
                Some("0be4·8f17"),
                Won,
                Some(20),
            ),
            game("N7VB3K", Hive, 5, "Mei", Some("c9d2·4e60"), Won, Some(15)),
            game("D4FJ8S", Chess, 6, "Carla", None, Drawn, None),
            game(
                "T5GH2J",
                Hive,
                7,
                "Sasha",
                Some("5d18·a2f3"),
                Lost,
                Some(-18),
            ),
            game(
                "M3XS9V",
                Snelab,
                8,
                "Olga",
                Some("91ab·06ce"),
                Won,
                Some(24),
            ),
            game(
                "B6TY7R",
                Chess,
                9,
                "Yusuf",
                Some("4a6e·f0b9"),
                Won,
                Some(21),
            ),
            game(
                "F3RX8Q",
                Hive,
                11,
                "Inês",
                Some("e8f4·2c75"),
                Lost,
                Some(-22),
            ),
        ],
    }
}

/// Puts the made-up player in place for `player-page` and `key-export`.
pub(super) fn stage(
    options: Option<Res<LaunchOptions>>,
    mut key: ResMut<PlayerKey>,
    mut link: ResMut<LobbyLink>,
    mut page: ResMut<PlayerPage>,
) {
    let scene = options.as_ref().map(|o| o.scene.clone());
    if !matches!(scene, Some(Scene::PlayerPage | Scene::KeyExport)) {
        return;
    }
    let id = staged_identity();
    key.identity = Some(id.clone());
    key.name = "Ana".into();
    if scene == Some(Scene::PlayerPage) {
        let now = Duration::from_secs(100_000);
        let mut lobby = Lobby::staged(Vec::new(), Vec::new(), Vec::new(), now);
        lobby.stage_answers(Some(staged_profile(&id)), None);
        link.lobby = lobby;
        link.staged = Some(now);
        page.who = Who::me();
        page.game = Some(GameKind::Hive);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_made_up_page_has_three_ratings_with_history_and_a_dozen_games() {
        let p = staged_profile(&staged_identity());
        assert_eq!(p.ratings.len(), 3);
        assert!(p.ratings.iter().all(|r| r.history.len() >= 10));
        assert_eq!(p.games.len(), 12);
        assert!(p.games.iter().any(|g| !g.rated));
        // Each history ends at the rating shown.
        for r in &p.ratings {
            let last = r.history.last().unwrap();
            assert_eq!(last.rating.round() as i32, r.rating.rating);
        }
    }
}
