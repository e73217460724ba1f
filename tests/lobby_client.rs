//! The player's side of finding a game (`net::lobby`) against a real server process: the
//! session's own words go out and the server's come back in, as the app's lobby connection
//! does, and a seat it is paired to is taken back with its token by another connection (as the
//! game's table does after the hand-off).

mod common;

use carved_tables::net::client::Link;
use carved_tables::net::lobby::{Lobby, LobbyHeard, Paired, Queue};
use carved_tables::net::protocol::{
    BotLevel, ClientMsg, GameKind, Phase, ServerMsg, TableOptions, TimeControl,
};
use carved_tables::rules::hive::GameType;
use carved_tables::server::client::{self, Client};
use common::{Server, hello};
use std::time::Duration;

const MINUTE: TimeControl = TimeControl::Turn { seconds: 60 };

/// A lobby session over its own connection (welcomed already: `client::hello` read the
/// welcome, which is told to the session here).
async fn connect(addr: &str) -> (Client, Lobby) {
    let c = hello(addr, None).await;
    let mut l = Lobby::new();
    l.opened();
    l.receive_at(
        ServerMsg::Welcome {
            version: 1,
            max_message_bytes: 4096,
            rate_per_second: 20,
            rate_burst: 40,
            nonce: String::new(),
        },
        carved_tables::net::clock::now(),
    );
    assert_eq!(l.link, Link::Connected);
    (c, l)
}

/// Sends `out`, then reads and answers until `done` holds (10 s at most): what was heard.
async fn pump(
    c: &mut Client,
    l: &mut Lobby,
    out: Vec<ClientMsg>,
    what: &str,
    done: impl Fn(&Lobby, &[LobbyHeard]) -> bool,
) -> Vec<LobbyHeard> {
    for m in &out {
        c.send(m).await.unwrap();
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let mut heard = Vec::new();
    while !done(l, &heard) {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let msg = c
            .recv_within(left)
            .await
            .unwrap_or_else(|e| panic!("waiting for {what}: {e}"));
        let (h, reply) = l.receive_at(msg, carved_tables::net::clock::now());
        heard.extend(h);
        for m in &reply {
            c.send(m).await.unwrap();
        }
    }
    heard
}

fn paired(heard: &[LobbyHeard]) -> Option<&Paired> {
    heard.iter().find_map(|h| match h {
        LobbyHeard::Paired(p) => Some(p),
        _ => None,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_session_follows_pairs_plays_the_bot_and_asks_about_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("tables.db"), &["--quick-bot-after", "0.5"]);
    // A follower sees a public table opened.
    let (mut watcher, mut lobby) = connect(&server.addr).await;
    let out = lobby.follow(true);
    pump(&mut watcher, &mut lobby, out, "the snapshot", |l, _| {
        l.listed
    })
    .await;
    let open = client::create_public(
        &server.addr,
        GameKind::Chess,
        TableOptions {
            artifacts: Some(false),
            ..TableOptions::default()
        },
        MINUTE,
        true,
        "Ivo",
    )
    .await
    .unwrap();
    pump(
        &mut watcher,
        &mut lobby,
        Vec::new(),
        "the open table",
        |l, _| {
            l.tables(Some(GameKind::Chess), Phase::Waiting)
                .any(|t| t.names[0] == "Ivo")
        },
    )
    .await;
    assert!(lobby.count(GameKind::Chess).is_some_and(|c| c.online >= 1));

    // Two people asking for the same game and control are paired at one table.
    let (mut ana_c, mut ana) = connect(&server.addr).await;
    let (mut rui_c, mut rui) = connect(&server.addr).await;
    ana.name = "Ana".into();
    let out = ana.quick(GameKind::Hive, MINUTE, GameType::BASE, false);
    pump(&mut ana_c, &mut ana, out, "queued", |l, _| {
        matches!(l.queue, Queue::Queued { .. })
    })
    .await;
    let out = rui.quick(GameKind::Hive, MINUTE, GameType::BASE, false);
    let heard = pump(&mut rui_c, &mut rui, out, "paired", |_, h| {
        paired(h).is_some()
    })
    .await;
    let r = paired(&heard).unwrap().clone();
    let heard = pump(&mut ana_c, &mut ana, Vec::new(), "paired", |_, h| {
        paired(h).is_some()
    })
    .await;
    let a = paired(&heard).unwrap().clone();
    assert_eq!(
        (a.code.as_str(), a.game, a.control),
        (r.code.as_str(), GameKind::Hive, MINUTE)
    );
    assert_ne!(a.seat, r.seat);
    assert!(!a.bot && !r.bot);
    // The app closes the lobby's connection and the table comes back with the token.
    drop(ana_c);
    let back = hello(&server.addr, Some(a.token.clone())).await;
    let back = common::seated(back).await;
    assert_eq!(back.code, a.code);

    // Alone in the queue: the bot is offered after the wait, and taken.
    let (mut eva_c, mut eva) = connect(&server.addr).await;
    let control = TimeControl::Bank {
        base: 300,
        increment: 3,
    };
    let out = eva.quick(GameKind::Snelab, control, GameType::BASE, false);
    pump(&mut eva_c, &mut eva, out, "the bot offer", |l, _| {
        l.bot_offered()
    })
    .await;
    assert!(eva.waited(carved_tables::net::clock::now()).unwrap() >= Duration::from_millis(400));
    let out = eva.quick_bot(BotLevel::Easy);
    let heard = pump(&mut eva_c, &mut eva, out, "paired with the bot", |_, h| {
        paired(h).is_some()
    })
    .await;
    let e = paired(&heard).unwrap().clone();
    assert!(e.bot && e.game == GameKind::Snelab && e.control == control);

    // Leaving the queue.
    let (mut leo_c, mut leo) = connect(&server.addr).await;
    let out = leo.quick(
        GameKind::Chess,
        TimeControl::Days { days: 1 },
        GameType::BASE,
        false,
    );
    pump(&mut leo_c, &mut leo, out, "queued", |l, _| {
        matches!(l.queue, Queue::Queued { .. })
    })
    .await;
    let out = leo.unqueue();
    pump(&mut leo_c, &mut leo, out, "unqueued", |l, _| {
        l.queue == Queue::Idle
    })
    .await;

    // "Your games": the seats' games as the server tells them; a token of no table is closed.
    let (mut mine_c, mut mine) = connect(&server.addr).await;
    let out = mine.watch_games(vec![a.token.clone(), e.token.clone(), "f".repeat(64)]);
    let heard = pump(&mut mine_c, &mut mine, out, "your games", |l, _| {
        l.games().count() == 2
    })
    .await;
    assert!(
        heard.contains(&LobbyHeard::Closed(vec!["f".repeat(64)])),
        "{heard:?}"
    );
    let rows: Vec<_> = mine.games().map(|r| r.summary.clone()).collect();
    assert_eq!(rows[0].code.as_deref(), Some(a.code.as_str()));
    assert_eq!(rows[0].game, Some(GameKind::Hive));
    assert_eq!(rows[1].control, Some(control));
    assert!(rows.iter().all(|s| s.phase == Some(Phase::Playing)));
    drop((open, back, watcher, rui_c, eva_c, leo_c, mine_c));
}
