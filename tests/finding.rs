//! Finding a game, against a real server process over real WebSockets: the lobby and its live
//! updates, quick pairing and its bot, rematch, watching, time controls, correspondence across
//! a restart, and `games`.

mod common;

use carved_tables::net::protocol::{
    BotLevel, ClientMsg, ErrorCode, GameKind, Listing, Phase, SeatId, SeatKind, ServerMsg, Stakes,
    TableOptions, TimeControl,
};
use carved_tables::server::client::{self, Client, Player};
use common::{Server, hello, play_out, seated};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::collections::HashMap;
use std::time::Duration;

fn db(dir: &tempfile::TempDir) -> std::path::PathBuf {
    dir.path().join("tables.db")
}

const MINUTE: TimeControl = TimeControl::Turn { seconds: 60 };

/// A connection following the lobby of `game`, with the tables it knows.
struct Follower {
    c: Client,
    tables: HashMap<String, Listing>,
    counts: Vec<carved_tables::net::protocol::GameCount>,
    updates: usize,
}

impl Follower {
    async fn follow(addr: &str, game: Option<GameKind>) -> Follower {
        let mut c = hello(addr, None).await;
        c.send(&ClientMsg::Lobby { game }).await.unwrap();
        let (tables, counts) = c
            .recv_until(|m| match m {
                ServerMsg::Lobby { tables, counts } => Some((tables.clone(), counts.clone())),
                _ => None,
            })
            .await
            .unwrap();
        Follower {
            c,
            tables: tables.into_iter().map(|l| (l.code.clone(), l)).collect(),
            counts,
            updates: 0,
        }
    }

    /// Reads updates until `done` holds of the tables it knows (10 s at most).
    async fn until(&mut self, what: &str, done: impl Fn(&Follower) -> bool) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !done(self) {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match self.c.recv_within(left).await {
                Ok(ServerMsg::LobbyUpdate { set, gone, counts }) => {
                    self.updates += 1;
                    for l in set {
                        self.tables.insert(l.code.clone(), l);
                    }
                    for code in gone {
                        self.tables.remove(&code);
                    }
                    if !counts.is_empty() {
                        self.counts = counts;
                    }
                }
                Ok(_) => {}
                Err(e) => panic!("waiting for {what}: {e}"),
            }
        }
    }

    fn count(&self, game: GameKind) -> carved_tables::net::protocol::GameCount {
        *self.counts.iter().find(|c| c.game == game).unwrap()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_public_tables_live_and_counts_people() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let mut all = Follower::follow(&server.addr, None).await;
    let mut chess_only = Follower::follow(&server.addr, Some(GameKind::Chess)).await;
    assert!(all.tables.is_empty());
    // A public Snēlab table with its stakes and a bank, a private one, a public chess table.
    let street = TableOptions {
        stakes: Some(Stakes::Street),
        appeal: Some(false),
        artifacts: None,
        game_type: None,
    };
    let bank = TimeControl::Bank {
        base: 300,
        increment: 3,
    };
    let snelab = client::create_public(&server.addr, GameKind::Snelab, street, bank, true, "Ana")
        .await
        .unwrap();
    let private = client::create_public(
        &server.addr,
        GameKind::Hive,
        TableOptions::default(),
        MINUTE,
        false,
        "Eva",
    )
    .await
    .unwrap();
    let no_cards = TableOptions {
        artifacts: Some(false),
        ..TableOptions::default()
    };
    let chess = client::create_public(&server.addr, GameKind::Chess, no_cards, MINUTE, true, "Ivo")
        .await
        .unwrap();
    let (s, c) = (snelab.code.clone(), chess.code.clone());
    all.until("both public tables", |f| {
        f.tables.contains_key(&s) && f.tables.contains_key(&c)
    })
    .await;
    let l = &all.tables[&snelab.code];
    assert_eq!(
        (l.game, l.phase, l.control, l.options, l.names[0].as_str()),
        (GameKind::Snelab, Phase::Waiting, bank, street, "Ana")
    );
    assert!(
        !all.tables.contains_key(&private.code),
        "a private table is never listed"
    );
    chess_only
        .until("the chess table", |f| f.tables.contains_key(&c))
        .await;
    assert_eq!(
        chess_only.tables[&chess.code].options.artifacts,
        Some(false)
    );
    assert!(
        !chess_only.tables.contains_key(&snelab.code),
        "another game's table"
    );
    // A new follower gets them in its snapshot.
    let late = Follower::follow(&server.addr, Some(GameKind::Snelab)).await;
    assert!(late.tables.contains_key(&snelab.code));
    assert!(!late.tables.contains_key(&chess.code));
    // Someone joins: the listing turns live (to watch), with both names.
    let joined = client::join(&server.addr, &snelab.code).await.unwrap();
    all.until("the Snēlab table live", |f| {
        f.tables.get(&s).is_some_and(|l| l.phase == Phase::Playing)
    })
    .await;
    assert_eq!(
        all.tables[&snelab.code].names,
        ["Ana".to_string(), "Rui".to_string()]
    );
    all.until("two people playing Snēlab", |f| {
        f.count(GameKind::Snelab).playing == 2
    })
    .await;
    assert!(all.count(GameKind::Snelab).online >= 2);
    assert!(
        all.count(GameKind::Chess).online >= 2,
        "Ivo seated and the chess follower"
    );
    // The game ends: the listing goes.
    let mut a = snelab;
    a.c.send(&ClientMsg::Resign).await.unwrap();
    all.until("the ended table gone", |f| !f.tables.contains_key(&s))
        .await;
    all.until("nobody playing Snēlab", |f| {
        f.count(GameKind::Snelab).playing == 0
    })
    .await;
    // Updates come batched: a handful of messages for all of the above.
    assert!(all.updates <= 12, "{} updates", all.updates);
    drop((joined, private, chess, late));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_game_pairs_two_waiting_people_and_offers_the_bot_after_a_wait() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &["--quick-bot-after", "0.5"]);
    let quick = |name: &str, control: TimeControl| ClientMsg::Quick {
        game: GameKind::Hive,
        control,
        name: Some(name.into()),
        game_type: None,
        rated: false,
    };
    let mut ana = hello(&server.addr, None).await;
    ana.send(&quick("Ana", MINUTE)).await.unwrap();
    let queued = ana.recv().await.unwrap();
    assert!(
        matches!(queued, ServerMsg::Queued { game: GameKind::Hive, control, game_type: None, bot_after_ms: 500 } if control == MINUTE),
        "{queued:?}"
    );
    // Someone asking for another control is not paired with her.
    let mut eva = hello(&server.addr, None).await;
    eva.send(&quick("Eva", TimeControl::Turn { seconds: 30 }))
        .await
        .unwrap();
    assert!(matches!(
        eva.recv().await.unwrap(),
        ServerMsg::Queued { .. }
    ));
    let mut rui = hello(&server.addr, None).await;
    rui.send(&quick("Rui", MINUTE)).await.unwrap();
    let (mut rui, mut ana) = (seated(rui).await, seated(ana).await);
    assert_eq!(rui.code, ana.code, "one table for the pair");
    assert_ne!(rui.seat, ana.seat);
    while ana.colour.is_none() {
        ana.pump().await.unwrap();
    }
    let view = rui.c.send(&ClientMsg::Resync).await;
    view.unwrap();
    let state = rui.next_state().await.unwrap();
    assert_eq!(state.phase, Phase::Playing);
    assert_eq!(state.control, MINUTE);
    assert!(state.public, "paired games are on the watch list");
    let names: Vec<&str> = state.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Ana", "Rui"]);
    // They play.
    ana.to_move = Some(carved_tables::net::protocol::Side::Ash);
    rui.to_move = Some(carved_tables::net::protocol::Side::Ash);
    let mut rng = SmallRng::seed_from_u64(3);
    play_out(&mut ana, &mut rui, &mut rng, 4).await;
    assert_eq!(ana.seen, rui.seen);
    // Eva waited alone: the bot is offered, and she takes it.
    let offer = eva.recv().await.unwrap();
    assert_eq!(offer, ServerMsg::BotOffer);
    eva.send(&ClientMsg::QuickBot {
        level: Some(BotLevel::Easy),
    })
    .await
    .unwrap();
    let eva = seated(eva).await;
    let mut eva = eva;
    eva.c.send(&ClientMsg::Resync).await.unwrap();
    let state = eva.next_state().await.unwrap();
    assert_eq!(state.seats[1].kind, SeatKind::Bot, "labelled a bot");
    assert_eq!(state.seats[1].level, Some(BotLevel::Easy));
    assert_eq!(state.control, TimeControl::Turn { seconds: 30 });
    // Leaving the queue.
    let mut ivo = hello(&server.addr, None).await;
    ivo.send(&quick("Ivo", TimeControl::Days { days: 1 }))
        .await
        .unwrap();
    assert!(matches!(
        ivo.recv().await.unwrap(),
        ServerMsg::Queued { .. }
    ));
    ivo.send(&ClientMsg::Unqueue).await.unwrap();
    assert_eq!(ivo.recv().await.unwrap(), ServerMsg::Unqueued);
    // Out of the queue, nobody is paired with him.
    let mut zoe = hello(&server.addr, None).await;
    zoe.send(&quick("Zoe", TimeControl::Days { days: 1 }))
        .await
        .unwrap();
    assert!(matches!(
        zoe.recv().await.unwrap(),
        ServerMsg::Queued { .. }
    ));
    // A bad control is refused.
    let mut bad = hello(&server.addr, None).await;
    bad.send(&quick("X", TimeControl::Days { days: 99 }))
        .await
        .unwrap();
    assert!(matches!(
        bad.recv().await.unwrap(),
        ServerMsg::Error {
            code: ErrorCode::BadRequest,
            ..
        }
    ));
}

/// Reads until `rematch {asked}` is `want`.
async fn rematch_heard(p: &mut Player, want: [bool; 2]) {
    p.c.recv_until(|m| match m {
        ServerMsg::Rematch { asked } if *asked == want => Some(()),
        _ => None,
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_a_new_table_with_the_same_two_people() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &["--bot-after", "0.2"]);
    let (mut a, mut b) = common::table(&server.addr, None).await;
    // Not before the end.
    a.c.send(&ClientMsg::Rematch).await.unwrap();
    let refused =
        a.c.recv_until(|m| match m {
            ServerMsg::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(refused, ErrorCode::BadRequest);
    a.c.send(&ClientMsg::Resign).await.unwrap();
    while a.ended.is_none() {
        a.pump().await.unwrap();
    }
    while b.ended.is_none() {
        b.pump().await.unwrap();
    }
    let (old_code, old_tokens) = (a.code.clone(), (a.token.clone(), b.token.clone()));
    // One asks: the other sees the request.
    b.c.send(&ClientMsg::Rematch).await.unwrap();
    rematch_heard(&mut a, [false, true]).await;
    a.c.send(&ClientMsg::Rematch).await.unwrap();
    let (a, b) = (seated(a.c).await, seated(b.c).await);
    assert_eq!(a.code, b.code);
    assert_ne!(a.code, old_code, "a new table");
    assert_ne!((a.token.clone(), b.token.clone()), old_tokens, "new seats");
    assert_eq!((a.seat, b.seat), (SeatId::First, SeatId::Second));
    let (mut a, mut b) = (a, b);
    a.c.send(&ClientMsg::Resync).await.unwrap();
    let state = a.next_state().await.unwrap();
    assert_eq!(state.phase, Phase::Playing);
    assert_eq!(
        state
            .seats
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>(),
        ["Ana", "Rui"]
    );
    assert!(state.fingerprint.is_some(), "a new seed, committed");
    // The new game plays and ends; a request lapses when the other leaves.
    a.c.send(&ClientMsg::Resign).await.unwrap();
    while b.ended.is_none() {
        b.pump().await.unwrap();
    }
    while a.ended.is_none() {
        a.pump().await.unwrap();
    }
    a.c.send(&ClientMsg::Rematch).await.unwrap();
    rematch_heard(&mut b, [true, false]).await;
    a.c.close().await;
    rematch_heard(&mut b, [false, false]).await;
    // Against the bot the rematch opens at once.
    let mut solo = client::create(&server.addr, Some(BotLevel::Easy), None)
        .await
        .unwrap();
    while solo.colour.is_none() {
        solo.pump().await.unwrap();
    }
    solo.c.send(&ClientMsg::Resign).await.unwrap();
    while solo.ended.is_none() {
        solo.pump().await.unwrap();
    }
    let old = solo.code.clone();
    solo.c.send(&ClientMsg::Rematch).await.unwrap();
    let mut again = seated(solo.c).await;
    assert_ne!(again.code, old);
    again.c.send(&ClientMsg::Resync).await.unwrap();
    let state = again.next_state().await.unwrap();
    assert_eq!(state.seats[1].kind, SeatKind::Bot);
    assert_eq!(state.seats[1].level, Some(BotLevel::Easy));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_are_counted_and_hear_every_public_event() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let mut a = client::create_public(
        &server.addr,
        GameKind::Hive,
        TableOptions::default(),
        MINUTE,
        true,
        "Ana",
    )
    .await
    .unwrap();
    let mut b = client::join(&server.addr, &a.code).await.unwrap();
    let mut watch = Follower::follow(&server.addr, Some(GameKind::Hive)).await;
    let code = a.code.clone();
    watch
        .until("the live table", |f| {
            f.tables
                .get(&code)
                .is_some_and(|l| l.phase == Phase::Playing)
        })
        .await;
    // From the watch list: spectate it.
    let mut spectator = watch.c;
    spectator
        .send(&ClientMsg::Spectate { code: code.clone() })
        .await
        .unwrap();
    let view = spectator
        .recv_until(|m| match m {
            ServerMsg::State(v) => Some(v.clone()),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(view.you, None);
    assert_eq!(view.watchers, 1);
    // The players hear that someone watches.
    for p in [&mut a, &mut b] {
        while p.pump().await.unwrap() != (ServerMsg::Watchers { count: 1 }) {}
    }
    let mut rng = SmallRng::seed_from_u64(9);
    assert!(a.colour.is_some());
    a.to_move = Some(carved_tables::net::protocol::Side::Ash);
    b.to_move = a.to_move;
    play_out(&mut a, &mut b, &mut rng, 6).await;
    let mut heard = Vec::new();
    while heard.len() < a.seen.len() {
        match spectator.recv().await {
            Ok(ServerMsg::Event { action, .. }) => heard.push(action),
            Ok(_) => {}
            Err(e) => panic!("{e}: heard {heard:?} of {:?}", a.seen),
        }
    }
    assert_eq!(heard, a.seen);
    // A spectator cannot act.
    spectator
        .send(&ClientMsg::Offer {
            what: carved_tables::net::protocol::OfferKind::Draw,
        })
        .await
        .unwrap();
    let refused = spectator
        .recv_until(|m| match m {
            ServerMsg::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(refused, ErrorCode::NotSeated);
    spectator.close().await;
    a.c.recv_until(|m| match m {
        ServerMsg::Watchers { count: 0 } => Some(()),
        _ => None,
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bank_counts_each_sides_time_and_adds_the_increment() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let bank = TimeControl::Bank {
        base: 60,
        increment: 5,
    };
    let mut a = client::create_public(
        &server.addr,
        GameKind::Hive,
        TableOptions::default(),
        bank,
        false,
        "Ana",
    )
    .await
    .unwrap();
    let mut b = client::join(&server.addr, &a.code).await.unwrap();
    while a.colour.is_none() {
        a.pump().await.unwrap();
    }
    a.to_move = Some(carved_tables::net::protocol::Side::Ash);
    b.to_move = a.to_move;
    let (first, second) = if a.my_turn() { (a, b) } else { (b, a) };
    let (mut first, mut second) = (first, second);
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let mut rng = SmallRng::seed_from_u64(1);
    first.play_random(&mut rng).await.unwrap();
    first.pump_to(1).await.unwrap();
    second.pump_to(1).await.unwrap();
    second.c.send(&ClientMsg::Resync).await.unwrap();
    let state = second.next_state().await.unwrap();
    let banks = state.banks_ms.expect("banks under a bank control");
    // Ash spent about 1.2 s and gained 5: 63.8 s; walnut's is whole, its clock running.
    assert!((63_000..=64_000).contains(&banks[0]), "{banks:?}");
    assert_eq!(banks[1], 60_000);
    let left = state.time_left_ms.unwrap();
    assert!((58_000..=60_000).contains(&left), "{left}");
    assert_eq!(state.clock, 60);
    // A control out of its limits is refused.
    let mut c = hello(&server.addr, None).await;
    c.send(&ClientMsg::Create {
        game: GameKind::Hive,
        clock: None,
        bot_fill: None,
        name: None,
        stakes: None,
        appeal: None,
        artifacts: None,
        game_type: None,
        control: Some(TimeControl::Bank {
            base: 5,
            increment: 0,
        }),
        public: false,
        rated: false,
    })
    .await
    .unwrap();
    assert!(matches!(
        c.recv().await.unwrap(),
        ServerMsg::Error {
            code: ErrorCode::BadRequest,
            ..
        }
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_lives_across_a_restart_with_its_clock_in_days() {
    let dir = tempfile::tempdir().unwrap();
    let path = db(&dir);
    let server = Server::start(&path, &[]);
    let days = TimeControl::Days { days: 3 };
    let mut a = client::create_public(
        &server.addr,
        GameKind::Snelab,
        TableOptions::default(),
        days,
        false,
        "Ana",
    )
    .await
    .unwrap();
    let mut b = client::join(&server.addr, &a.code).await.unwrap();
    while a.colour.is_none() {
        a.pump().await.unwrap();
    }
    a.to_move = Some(carved_tables::net::protocol::Side::Ash);
    b.to_move = a.to_move;
    let mut rng = SmallRng::seed_from_u64(5);
    play_out(&mut a, &mut b, &mut rng, 3).await;
    let seen = a.seen.clone();
    let tokens = vec![a.token.clone(), b.token.clone(), "f".repeat(64)];
    server.kill9();
    let server = Server::start(&path, &[]);
    // "Your games": both seats' games, whose turn, the time left in days.
    let mut c = hello(&server.addr, None).await;
    c.send(&ClientMsg::Games {
        tokens: tokens.clone(),
    })
    .await
    .unwrap();
    let ServerMsg::Games { games } = c.recv().await.unwrap() else {
        panic!("games")
    };
    assert_eq!(
        games.iter().map(|g| g.token.clone()).collect::<Vec<_>>(),
        tokens
    );
    assert!(games[0].open && games[1].open && !games[2].open);
    assert_eq!(games[0].your_turn, !games[1].your_turn);
    assert_eq!(games[0].opponent.as_deref(), Some("Rui"));
    assert_eq!(games[0].control, Some(days));
    assert_eq!(games[0].seq, 3);
    let left = games[0].time_left_ms.unwrap();
    assert!(
        left > 3 * 86_400_000 - 60_000 && left <= 3 * 86_400_000,
        "{left}"
    );
    // Both come back with their tokens and play on.
    let mut a = seated(hello(&server.addr, Some(a.token.clone())).await).await;
    let mut b = seated(hello(&server.addr, Some(b.token.clone())).await).await;
    assert_eq!(a.seen, seen);
    a.c.send(&ClientMsg::Resync).await.unwrap();
    let state = a.next_state().await.unwrap();
    assert_eq!(state.control, days);
    assert!(state.time_left_ms.unwrap() > 3 * 86_400_000 - 60_000);
    play_out(&mut a, &mut b, &mut rng, 2).await;
    assert_eq!(a.seq(), 5);
    // Too many tokens at once is refused.
    c.send(&ClientMsg::Games {
        tokens: vec!["x".into(); 65],
    })
    .await
    .unwrap();
    assert!(matches!(
        c.recv().await.unwrap(),
        ServerMsg::Error {
            code: ErrorCode::BadRequest,
            ..
        }
    ));
}

/// Every check of a finished record passes (any game), and it holds offer lines.
fn verifies_with_offers(record: &str) {
    let checks = carved_tables::play::verify::verify_text(record).unwrap();
    assert!(checks.iter().all(|c| c.passed), "{checks:?}\n{record}");
    assert!(record.contains("offer "), "{record}");
}

/// Sends an offer of `what`.
async fn offer(p: &mut Player, what: carved_tables::net::protocol::OfferKind) {
    p.c.send(&ClientMsg::Offer { what }).await.unwrap();
}

/// Answers the standing offer of `what`.
async fn answer(p: &mut Player, what: carved_tables::net::protocol::OfferKind, accept: bool) {
    p.c.send(&ClientMsg::Answer { what, accept }).await.unwrap();
}

/// Reads until an `error` comes; returns its code.
async fn refusal(p: &mut Player) -> ErrorCode {
    loop {
        if let ServerMsg::Error { code, .. } = p.pump().await.unwrap() {
            return code;
        }
    }
}

/// Reads until `answered` comes; returns `accept`.
async fn answered(p: &mut Player) -> bool {
    loop {
        if let ServerMsg::Answered { accept, .. } = p.pump().await.unwrap() {
            return accept;
        }
    }
}

/// Reads until `offer` comes.
async fn offered(p: &mut Player) -> carved_tables::net::protocol::OfferKind {
    loop {
        if let ServerMsg::Offer { what, .. } = p.pump().await.unwrap() {
            return what;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draw_and_takeback_offers_are_answered_and_recorded_and_survive_a_restart() {
    use carved_tables::net::protocol::{EndReason, OfferKind};
    let dir = tempfile::tempdir().unwrap();
    let path = db(&dir);
    let server = Server::start(&path, &[]);
    let (a, b) = common::table(&server.addr, None).await;
    let (mut mover, mut other) = if a.my_turn() { (a, b) } else { (b, a) };
    let mut rng = SmallRng::seed_from_u64(21);
    // Nothing to take back yet.
    offer(&mut mover, OfferKind::Takeback).await;
    assert_eq!(refusal(&mut mover).await, ErrorCode::BadRequest);
    mover.play_random(&mut rng).await.unwrap();
    mover.pump_to(1).await.unwrap();
    other.pump_to(1).await.unwrap();
    // The other seat's action is not yours to take back.
    offer(&mut other, OfferKind::Takeback).await;
    assert_eq!(refusal(&mut other).await, ErrorCode::BadRequest);
    // A takeback asked and declined; asked again at the same point: refused.
    offer(&mut mover, OfferKind::Takeback).await;
    assert_eq!(offered(&mut other).await, OfferKind::Takeback);
    answer(&mut other, OfferKind::Takeback, false).await;
    assert!(!answered(&mut mover).await);
    offer(&mut mover, OfferKind::Takeback).await;
    assert_eq!(refusal(&mut mover).await, ErrorCode::BadRequest);
    // The other plays, then the first plays and asks to take it back: accepted.
    other.play_random(&mut rng).await.unwrap();
    other.pump_to(2).await.unwrap();
    mover.pump_to(2).await.unwrap();
    mover.play_random(&mut rng).await.unwrap();
    mover.pump_to(3).await.unwrap();
    other.pump_to(3).await.unwrap();
    let before = mover.seen[..2].to_vec();
    offer(&mut mover, OfferKind::Takeback).await;
    assert_eq!(offered(&mut other).await, OfferKind::Takeback);
    answer(&mut other, OfferKind::Takeback, true).await;
    assert!(answered(&mut mover).await);
    // Everyone gets the whole state: the action is gone, the asker to act again.
    for p in [&mut mover, &mut other] {
        let state = p.next_state().await.unwrap();
        p.take_view(&state).unwrap();
        assert_eq!(state.seq, 2);
        assert_eq!(p.seen, before);
    }
    assert!(mover.my_turn());
    // A server killed now comes back with the takeback in place.
    server.kill9();
    let server = Server::start(&path, &[]);
    let mut mover = seated(hello(&server.addr, Some(mover.token.clone())).await).await;
    let mut other = seated(hello(&server.addr, Some(other.token.clone())).await).await;
    assert_eq!(mover.seen, before);
    assert!(mover.my_turn());
    // A draw offer lapses when an action is played first.
    offer(&mut other, OfferKind::Draw).await;
    assert_eq!(offered(&mut mover).await, OfferKind::Draw);
    mover.play_random(&mut rng).await.unwrap();
    assert!(!answered(&mut other).await, "lapsed");
    mover.pump_to(3).await.unwrap();
    other.pump_to(3).await.unwrap();
    // Offered again (after an action) and accepted: a draw by agreement.
    offer(&mut other, OfferKind::Draw).await;
    assert_eq!(offered(&mut mover).await, OfferKind::Draw);
    answer(&mut mover, OfferKind::Draw, true).await;
    let outcome = mover
        .c
        .recv_until(|m| match m {
            ServerMsg::Ended {
                outcome, record, ..
            } => Some((*outcome, record.clone())),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(outcome.0.reason, EndReason::Agreed);
    assert_eq!(outcome.0.winner, None);
    verifies_with_offers(&outcome.1);
    assert!(outcome.1.contains("draw agreed"), "{}", outcome.1);
    assert!(outcome.1.contains("takeback"), "{}", outcome.1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_declines_offers_and_a_snelab_case_is_never_drawn() {
    use carved_tables::net::protocol::OfferKind;
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &["--bot-after", "0.1"]);
    let mut solo = client::create(&server.addr, Some(BotLevel::Easy), None)
        .await
        .unwrap();
    while solo.colour.is_none() {
        solo.pump().await.unwrap();
    }
    solo.c
        .send(&ClientMsg::Offer {
            what: OfferKind::Draw,
        })
        .await
        .unwrap();
    assert!(!answered(&mut solo).await, "the bot declines");
    let (a, _b) = client::table_of(
        &server.addr,
        &server.addr,
        GameKind::Snelab,
        TableOptions::default(),
        None,
    )
    .await
    .unwrap();
    let mut a = a;
    a.c.send(&ClientMsg::Offer {
        what: OfferKind::Draw,
    })
    .await
    .unwrap();
    let refused =
        a.c.recv_until(|m| match m {
            ServerMsg::Error { code, message } => Some((*code, message.clone())),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(refused.0, ErrorCode::BadRequest, "{}", refused.1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_tool_browses_the_lobby_and_pairs_quick_games_while_tables_play() {
    use carved_tables::server::loadtest::{Load, run};
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &["--quick-bot-after", "1"]);
    let report = run(Load {
        addr: server.addr.clone(),
        tables: 10,
        interval: 0.2,
        duration: 6.0,
        game_moves: 6,
        seed: 7,
        games: vec![GameKind::Hive, GameKind::Snelab],
        lobby: 60,
        requeue: 0.5,
        ..Load::default()
    })
    .await;
    let (t, l) = (&report.tally, &report.lobby);
    assert!(t.errors.is_empty(), "{:?}", t.errors);
    assert!(l.errors.is_empty(), "{:?}", l.errors);
    assert_eq!(report.seated, 10);
    assert!(t.games >= 10 && t.checked == t.games, "{t:?}");
    // 40 followers, 20 quick-game clients, all there to the end.
    assert_eq!(
        (l.followers, l.followers_at_end, l.quick_clients),
        (40, 40, 20)
    );
    assert_eq!(l.connect_errors, 0);
    // Every follower heard the lobby change (people queue and tables open and close), at most
    // one update every 500 ms.
    assert!(l.updates.iter().all(|n| *n > 0), "{:?}", l.updates);
    let (mean, max) = report.updates_per_second();
    assert!(mean > 0.0 && max <= 2.5, "{mean} {max}");
    assert!(report.update_bytes_per_second().0 > 0.0);
    // People were paired and played their games out.
    assert!(l.pairings >= 5, "{l:?}");
    assert_eq!(l.waits.len() as u64, 2 * l.pairings, "{l:?}");
    assert!(l.quick_games >= l.pairings, "{l:?}");
}
