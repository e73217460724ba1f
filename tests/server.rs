//! The online table's server through real WebSocket connections on 127.0.0.1: the server runs
//! as its own process (`carved-tables-server`, so a test can SIGKILL it), each test on a free
//! port with its own database file.

mod common;
use common::{Server, hello, play_out, seated, table, verified};

use carved_tables::ai::Level;
use carved_tables::fair::Seed;
use carved_tables::identity::{self, Identity};
use carved_tables::net::protocol::GameView;
use carved_tables::net::protocol::{
    BotLevel, ClientMsg, ErrorCode, GameKind, MAX_STRIKES, PROTOCOL_VERSION, Phase, RATE_BURST,
    SeatId, SeatKind, ServerMsg, Side, Stakes, TableOptions, TimeControl,
};
use carved_tables::play::snelab::record::verify as snelab_verify;
use carved_tables::play::snelab::{self, record::CaseRecord, record::CaseResult};
use carved_tables::rules::hive::GameType;
use carved_tables::server::client::{self, Client, Player, http_get};
use carved_tables::server::store::{
    SqliteStore, Store, StoredAction, StoredSeat, StoredSeatKind, TableMeta, Write,
};
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

fn db(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("tables.db")
}

async fn create(addr: &str, bot_fill: Option<BotLevel>, clock: Option<u32>) -> Player {
    client::create(addr, bot_fill, clock).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_play_a_whole_game_and_the_record_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let (mut a, mut b) = table(&server.addr, None).await;
    // A spectator sees the table as it is.
    let (mut s, watching) = spectate(&server.addr, &a.code).await;
    assert_eq!(watching.you, None);
    assert_eq!(watching.phase, Phase::Playing);
    assert!(watching.fingerprint.is_some() && watching.seed.is_none());
    let mut rng = SmallRng::seed_from_u64(19);
    play_out(&mut a, &mut b, &mut rng, 10_000).await;
    let record = a.ended.clone().unwrap();
    assert_eq!(b.ended.as_deref(), Some(record.as_str()));
    let r = verified(&record);
    assert_eq!(r.moves().count(), a.seen.len());
    assert!(r.seats[0].starts_with("Ana"), "{:?}", r.seats);
    // The stored record is the same, and `tables verify` accepts it.
    let (status, body) = http_get(&server.addr, &format!("/records/{}", a.code))
        .await
        .unwrap();
    assert_eq!((status, body.as_str()), (200, record.as_str()));
    let mut verify = Command::new(env!("CARGO_BIN_EXE_tables"))
        .arg("verify")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    verify
        .stdin
        .take()
        .unwrap()
        .write_all(body.as_bytes())
        .unwrap();
    let out = verify.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // The spectator saw the whole game and the seed.
    let seen = ended(&mut s).await.0;
    assert_eq!(seen, r.seed.to_hex());
    let (status, _) = http_get(&server.addr, "/records/ZZZZZZ").await.unwrap();
    assert_eq!(status, 404);
}

/// A seat that comes back after its game ended and its table closed is told the game is over,
/// with the record, not that its token is unknown; a token of no game is still `bad_token`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_back_after_its_game_ended_gets_the_end_and_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &["--linger", "1"]);
    let (mut a, mut b) = table(&server.addr, None).await;
    a.c.send(&ClientMsg::Resign).await.unwrap();
    for p in [&mut a, &mut b] {
        while p.ended.is_none() {
            p.pump().await.unwrap();
        }
    }
    let record = a.ended.clone().unwrap();
    // The table lingers a second after the end, then closes.
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    for token in [a.token.clone(), b.token.clone()] {
        let mut c = Client::connect(&server.addr).await.unwrap();
        c.send(&ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            token: Some(token.clone()),
        })
        .await
        .unwrap();
        assert_eq!(error_of(&mut c).await, ErrorCode::GameOver);
        let got = c
            .recv_until(|m| match m {
                ServerMsg::Record { code, record } => Some((code.clone(), record.clone())),
                _ => None,
            })
            .await
            .unwrap();
        assert_eq!(got, (a.code.clone(), record.clone()));
        // The connection stays: it can ask for the record again, or open another table.
        c.send(&ClientMsg::Ping { nonce: 7 }).await.unwrap();
        let pong = c
            .recv_until(|m| matches!(m, ServerMsg::Pong { nonce: 7 }).then_some(()))
            .await;
        assert!(pong.is_ok());
        // The load tool's way back reads the same.
        match Player::back(client::hello(&server.addr, Some(token)).await.unwrap())
            .await
            .unwrap()
        {
            client::Back::Ended { code, record: r } => {
                assert_eq!((code, r), (a.code.clone(), record.clone()))
            }
            client::Back::Seated(_) => panic!("seated at an ended table"),
        }
    }
    let mut c = Client::connect(&server.addr).await.unwrap();
    c.send(&ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        token: Some("1".repeat(64)),
    })
    .await
    .unwrap();
    assert_eq!(error_of(&mut c).await, ErrorCode::BadToken);
}

/// `a` offers a draw and `b` accepts it: the game ends by agreement.
async fn agree_a_draw(a: &mut Player, b: &mut Player) {
    a.c.send(&ClientMsg::Offer {
        what: carved_tables::net::protocol::OfferKind::Draw,
    })
    .await
    .unwrap();
    b.c.recv_until(|m| matches!(m, ServerMsg::Offer { .. }).then_some(()))
        .await
        .unwrap();
    b.c.send(&ClientMsg::Answer {
        what: carved_tables::net::protocol::OfferKind::Draw,
        accept: true,
    })
    .await
    .unwrap();
}

/// A table read back at a start whose end (owed by its course) is refused because another
/// holder raised its generation meanwhile is not served: before, it sat in the index with its
/// task gone, and every seat coming back was told "the table closed just now" (`unavailable`)
/// for as long as the process ran (the 10-minute chaos run's last errors).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_fenced_while_it_is_read_back_is_not_left_in_the_index() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("died");
    let die = format!("before-end:{}", marker.display());
    let mut server = Server::start_env(&db(&dir), &[], &[("CARVED_TABLES_DIE", &die)]);
    let (mut a, mut b) = table(&server.addr, None).await;
    // A draw by agreement: its rows are stored, then the process dies before the end.
    agree_a_draw(&mut a, &mut b).await;
    assert!(server.wait_dead(Duration::from_secs(10)), "it died");
    assert!(marker.exists());
    let code = a.code.clone();
    // The next start reads the table back (generation 2) and, slowed, writes its end 3 s
    // later; meanwhile another holder takes it (generation 3).
    let path = db(&dir);
    let taker = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(1500));
        let mut s = SqliteStore::open(&path).unwrap();
        s.take(&code).unwrap().map(|t| t.generation)
    });
    let server = Server::start_env(&db(&dir), &[], &[("CARVED_TABLES_SLOW", "restore:3000")]);
    assert_eq!(
        taker.join().unwrap(),
        Some(3),
        "taken while it was read back"
    );
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let mut c = Client::connect(&server.addr).await.unwrap();
    c.send(&ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        token: Some(a.token.clone()),
    })
    .await
    .unwrap();
    // Not served here: the token is unknown to this process, not a table "closed just now".
    assert_eq!(error_of(&mut c).await, ErrorCode::BadToken);
    let (_, metrics) = http_get(&server.addr, "/metrics").await.unwrap();
    assert_eq!(sample(&metrics, "ct_fenced_writes_total"), 1.0, "{metrics}");
}

/// A table opened with the easy bot to fill the second seat, once the bot has sat: the player
/// and the seats as `started` told them.
async fn against_the_bot(addr: &str) -> (Player, [carved_tables::net::protocol::SeatView; 2]) {
    let mut a = create(addr, Some(BotLevel::Easy), None).await;
    let seats =
        a.c.recv_until(|m| match m {
            ServerMsg::Started { seats, .. } => Some(seats.clone()),
            _ => None,
        })
        .await
        .unwrap();
    a.take(&ServerMsg::Started {
        fingerprint: String::new(),
        ash: SeatId::First,
        seats: seats.clone(),
        time_left_ms: None,
    })
    .unwrap();
    (a, seats)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_fills_the_empty_seat_labelled_as_a_bot() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &["--bot-after", "0.3"]);
    let (mut a, seats) = against_the_bot(&server.addr).await;
    assert_eq!(seats[1].kind, SeatKind::Bot);
    assert_eq!(seats[1].level, Some(BotLevel::Easy));
    assert!(seats[1].name.contains("Bot"), "{:?}", seats[1]);
    // Play a few moves against it: it answers each.
    let mut rng = SmallRng::seed_from_u64(3);
    while a.seq() < 8 && a.ended.is_none() {
        if a.my_turn() {
            a.play_random(&mut rng).await.unwrap();
        }
        let m = a.pump().await.unwrap();
        assert!(!matches!(m, ServerMsg::Error { .. }), "{m:?}");
    }
    a.c.send(&ClientMsg::Resign).await.unwrap();
    let record = ended(&mut a.c).await.1;
    let r = verified(&record);
    assert!(r.seats[1].contains("Bot"), "{:?}", r.seats);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_plays_the_timeout_move() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &["--clock", "1"]);
    let (mut a, mut b) = table(&server.addr, None).await;
    // Nobody moves: the clock plays for ash, then for walnut.
    let event =
        a.c.recv_until(|m| matches!(m, ServerMsg::Event { .. }).then(|| m.clone()))
            .await
            .unwrap();
    let ServerMsg::Event {
        seq, timeout, by, ..
    } = event.clone()
    else {
        unreachable!()
    };
    assert_eq!((seq, timeout, by), (1, true, Side::Ash));
    a.take(&event).unwrap();
    let mut flags = Vec::new();
    while b.seq() < 2 {
        if let ServerMsg::Event { timeout, .. } = b.pump().await.unwrap() {
            flags.push(timeout);
        }
    }
    assert_eq!(flags, [true, true], "both timeout moves");
    while a.seq() < 2 {
        a.pump().await.unwrap();
    }
    // The next move by hand is in time, then the mover resigns; the record verifies with the
    // timeout moves in it.
    let mut rng = SmallRng::seed_from_u64(1);
    let mover = if a.my_turn() { &mut a } else { &mut b };
    mover.play_random(&mut rng).await.unwrap();
    mover.c.send(&ClientMsg::Resign).await.unwrap();
    let record = ended(&mut mover.c).await.1;
    assert!(record.contains("move timeout"), "{record}");
    verified(&record);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_comes_back_with_its_token_and_resyncs() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let (mut a, mut b) = table(&server.addr, None).await;
    let mut rng = SmallRng::seed_from_u64(5);
    play_out(&mut a, &mut b, &mut rng, 2).await;
    // b drops; a hears it.
    let (token, seat, code) = (b.token.clone(), b.seat, b.code.clone());
    b.c.close().await;
    let gone = presence(&mut a.c).await;
    assert_eq!(gone, (seat, false));
    // a moves while b is away (when it is a's turn); otherwise b's clock just runs.
    if a.my_turn() {
        a.play_random(&mut rng).await.unwrap();
        while a.seq() < 3 {
            a.pump().await.unwrap();
        }
    }
    // b comes back: seated at the same seat, the whole state.
    let c = hello(&server.addr, Some(token.clone())).await;
    let mut b = seated(c).await;
    assert_eq!(
        (b.seat, b.code.as_str(), b.token.as_str()),
        (seat, code.as_str(), token.as_str())
    );
    assert_eq!(b.seen, a.seen, "the state has every move");
    let back = presence(&mut a.c).await;
    assert_eq!(back, (seat, true));
    // A stale sequence number is refused; resync gives the state again.
    b.c.send(&ClientMsg::Act {
        seq: Some(0),
        action: "wS1".into(),
        sig: None,
    })
    .await
    .unwrap();
    let err =
        b.c.recv_until(|m| match m {
            ServerMsg::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(err, ErrorCode::Stale);
    b.c.send(&ClientMsg::Resync).await.unwrap();
    let view = b.next_state().await.unwrap();
    assert_eq!(view.seq, a.seq());
    assert!(view.seats[seat.other().index()].connected);
    b.take_view(&view).unwrap();
    play_out(&mut a, &mut b, &mut rng, 6).await;
    assert_eq!(a.seen, b.seen);
}

/// A spectator of table `code`, and the whole table as it saw it first.
async fn spectate(addr: &str, code: &str) -> (Client, carved_tables::net::protocol::TableView) {
    let mut s = hello(addr, None).await;
    s.send(&ClientMsg::Spectate {
        code: code.to_string(),
    })
    .await
    .unwrap();
    let watching = s
        .recv_until(|m| match m {
            ServerMsg::State(v) => Some((**v).clone()),
            _ => None,
        })
        .await
        .unwrap();
    (s, watching)
}

/// Reads until `ended`: the revealed seed and the record.
async fn ended(c: &mut Client) -> (String, String) {
    c.recv_until(|m| match m {
        ServerMsg::Ended { seed, record, .. } => Some((seed.clone(), record.clone())),
        _ => None,
    })
    .await
    .unwrap()
}

async fn presence(c: &mut Client) -> (SeatId, bool) {
    c.recv_until(|m| match m {
        ServerMsg::Presence { seat, connected } => Some((*seat, *connected)),
        _ => None,
    })
    .await
    .unwrap()
}

async fn error_of(c: &mut Client) -> ErrorCode {
    c.recv_until(|m| match m {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    })
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_actions_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(&db(&dir), &[]);
    let addr = server.addr.clone();
    let (mut a, mut b) = table(&addr, None).await;
    let code = a.code.clone();
    let (mover, waiter) = if a.my_turn() {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    // Out of turn.
    waiter
        .c
        .send(&ClientMsg::Act {
            seq: None,
            action: "wS1".into(),
            sig: None,
        })
        .await
        .unwrap();
    assert_eq!(error_of(&mut waiter.c).await, ErrorCode::NotYourTurn);
    // Not in the notation; against the rules.
    for (action, code) in [
        ("xyz", ErrorCode::BadNotation),
        ("pass", ErrorCode::Illegal),
        // Read fine, but not this seat's to place: the other colour's piece, a number out of
        // order.
        ("bS1", ErrorCode::Illegal),
        ("wS2", ErrorCode::Illegal),
    ] {
        mover
            .c
            .send(&ClientMsg::Act {
                seq: None,
                action: action.into(),
                sig: None,
            })
            .await
            .unwrap();
        assert_eq!(error_of(&mut mover.c).await, code, "{action}");
    }
    // A token that belongs to no seat, and a forged one.
    for token in ["0".repeat(64), "nonsense".into()] {
        let mut c = Client::connect(&addr).await.unwrap();
        c.send(&ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            token: Some(token),
        })
        .await
        .unwrap();
        assert_eq!(error_of(&mut c).await, ErrorCode::BadToken);
        // Without a seat, no action.
        c.send(&ClientMsg::Act {
            seq: None,
            action: "wS1".into(),
            sig: None,
        })
        .await
        .unwrap();
        assert_eq!(error_of(&mut c).await, ErrorCode::NotSeated);
    }
    // The third person is told the table is full.
    let mut c = hello(&addr, None).await;
    c.send(&ClientMsg::Join { code, name: None }).await.unwrap();
    assert_eq!(error_of(&mut c).await, ErrorCode::TableFull);
    // Before hello; another version (closed).
    let mut c = Client::connect(&addr).await.unwrap();
    c.send(&ClientMsg::Resync).await.unwrap();
    assert_eq!(error_of(&mut c).await, ErrorCode::HelloFirst);
    let mut c = Client::connect(&addr).await.unwrap();
    c.send_text(r#"{"type":"hello","version":2}"#.into())
        .await
        .unwrap();
    assert_eq!(error_of(&mut c).await, ErrorCode::Version);
    assert!(c.recv().await.is_err(), "closed after a version mismatch");
    // Malformed text and binary frames.
    let mut c = hello(&addr, None).await;
    for bad in [
        "{",
        "[]",
        r#"{"type":"act"}"#,
        r#"{"type":"create","game":"go"}"#,
    ] {
        c.send_text(bad.into()).await.unwrap();
        assert_eq!(error_of(&mut c).await, ErrorCode::Malformed, "{bad}");
    }
    c.send_binary(vec![1, 2, 3]).await.unwrap();
    assert_eq!(error_of(&mut c).await, ErrorCode::Malformed);
    // Oversized: an error, then closed.
    let big = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(10_000));
    let _ = c.send_text(big).await;
    match c.recv().await {
        Ok(ServerMsg::Error { code, .. }) => assert_eq!(code, ErrorCode::TooLarge),
        Ok(other) => panic!("{other:?}"),
        Err(_) => {} // closed at once
    }
    assert!(c.recv().await.is_err(), "closed after an oversized frame");
    // Too frequent: refused. A burst a little over the limit (fewer refusals than close the
    // connection, so the answers are all read before anything is closed).
    let mut c = hello(&addr, None).await;
    let over = RATE_BURST as u64 + MAX_STRIKES as u64 / 2;
    for n in 0..over {
        c.send(&ClientMsg::Ping { nonce: n }).await.unwrap();
    }
    let mut limited = 0;
    let mut pongs = 0;
    while limited + pongs < over {
        match c.recv().await.unwrap() {
            ServerMsg::Error {
                code: ErrorCode::RateLimited,
                ..
            } => limited += 1,
            ServerMsg::Pong { .. } => pongs += 1,
            other => panic!("{other:?}"),
        }
    }
    // (`hello` spent one of the burst.)
    assert!(
        limited > 0 && pongs + 1 >= RATE_BURST as u64,
        "{limited} {pongs}"
    );
    // Then closed, after too many refusals in a row.
    for n in 0..200 {
        if c.send(&ClientMsg::Ping { nonce: n }).await.is_err() {
            break;
        }
    }
    let closed = async { while c.recv().await.is_ok() {} };
    tokio::time::timeout(Duration::from_secs(20), closed)
        .await
        .expect("the connection is closed");
    // Nothing changed: the players' game goes on.
    assert_eq!(mover.seq(), 0);
    assert_eq!(waiter.seq(), 0);
    let mut rng = SmallRng::seed_from_u64(9);
    play_out(&mut a, &mut b, &mut rng, 4).await;
    assert!(server.alive());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_and_mutated_messages_never_stop_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(&db(&dir), &[]);
    let addr = server.addr.clone();
    let (mut a, mut b) = table(&addr, None).await;
    let good = [
        ClientMsg::Hello {
            version: 1,
            token: Some(a.token.clone()),
        },
        ClientMsg::Create {
            game: GameKind::Hive,
            clock: Some(60),
            bot_fill: Some(BotLevel::Hard),
            name: Some("é".into()),
            stakes: Some(Stakes::Street),
            appeal: None,
            artifacts: None,
            game_type: None,
            control: None,
            public: false,
            rated: false,
        },
        ClientMsg::Join {
            code: a.code.clone(),
            name: None,
        },
        ClientMsg::Spectate {
            code: a.code.clone(),
        },
        ClientMsg::Act {
            seq: Some(0),
            action: "wS1".into(),
            sig: None,
        },
        ClientMsg::Resign,
        ClientMsg::Resync,
        ClientMsg::Ping { nonce: 7 },
    ]
    .map(|m| m.to_json());
    let mut rng = SmallRng::seed_from_u64(0xF022);
    let mut tasks = Vec::new();
    for n in 0..6u64 {
        let addr = addr.clone();
        let good = good.clone();
        let mut rng = SmallRng::seed_from_u64(rng.random::<u64>() ^ n);
        tasks.push(tokio::spawn(async move {
            let Ok(mut c) = Client::connect(&addr).await else {
                return;
            };
            if n % 2 == 0 {
                let _ = c
                    .send(&ClientMsg::Hello {
                        version: 1,
                        token: None,
                    })
                    .await;
            }
            for _ in 0..150 {
                let mut text: Vec<u8> = good.choose(&mut rng).unwrap().clone().into_bytes();
                match rng.random_range(0..4) {
                    0 => {
                        let len = rng.random_range(0..64);
                        text = (0..len).map(|_| rng.random::<u8>()).collect();
                    }
                    1 => {
                        for _ in 0..rng.random_range(1..4) {
                            let i = rng.random_range(0..text.len());
                            text[i] = rng.random();
                        }
                    }
                    2 => {
                        let i = rng.random_range(0..text.len());
                        text.truncate(i);
                    }
                    _ => {}
                }
                let sent = match String::from_utf8(text) {
                    Ok(t) => c.send_text(t).await,
                    Err(e) => c.send_binary(e.into_bytes()).await,
                };
                if sent.is_err() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(rng.random_range(0..20))).await;
            }
            c.close().await;
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    assert!(server.alive());
    // The server still answers, and the players' table still plays.
    let mut c = hello(&addr, None).await;
    c.send(&ClientMsg::Ping { nonce: 42 }).await.unwrap();
    let pong = c
        .recv_until(|m| match m {
            ServerMsg::Pong { nonce } => Some(*nonce),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(pong, 42);
    // A fuzzing client may have taken a's seat with its token: take it back.
    let c = hello(&addr, Some(a.token.clone())).await;
    a = seated(c).await;
    b.c.send(&ClientMsg::Resync).await.unwrap();
    let v = b.next_state().await.unwrap();
    b.take_view(&v).unwrap();
    let mut rng = SmallRng::seed_from_u64(2);
    if a.ended.is_none() && v.phase == Phase::Playing {
        play_out(&mut a, &mut b, &mut rng, 6).await;
    }
    assert!(server.alive());
}

/// Issue 44: the protocol fuzzed against the real server binary. 100 connections send 20,000
/// mutated and random frames (after a warm-up of 5,000: the memory baseline) while two pairs of
/// well-formed clients and one against the bot play whole games. The server must stay up and
/// answer, every well-formed game must finish and verify, the tables and connections it holds
/// (`/metrics`) must come back to none, and its memory (VmRSS) grow by at most 64 MiB past the
/// warm-up. The server runs with short waits (`--wait-limit`, `--linger`, `--bot-after`) so
/// that the fuzzers' tables close within the test, and with glibc's arenas limited
/// (`MALLOC_ARENA_MAX=2`, see "Protocol fuzzing" in docs/server.md).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_thousand_fuzzed_frames_leave_the_server_as_it_was() {
    use carved_tables::server::fuzz::{Fuzz, run};
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start_env(
        &db(&dir),
        &[
            "--linger",
            "1",
            "--wait-limit",
            "3",
            "--correspondence-wait",
            "3",
            "--bot-after",
            "1",
            "--quick-bot-after",
            "1",
        ],
        &[("MALLOC_ARENA_MAX", "2")],
    );
    let fuzz = Fuzz {
        addr: server.addr.clone(),
        frames: 20_000,
        connections: 100,
        pid: Some(server.pid()),
        seed: 44,
        warmup: 5_000,
        max_seconds: 150.0,
        settle: 30.0,
        max_growth_kb: 64 * 1024,
        ..Fuzz::default()
    };
    let report = tokio::time::timeout(Duration::from_secs(240), run(fuzz))
        .await
        .expect("the fuzz run ends");
    let refusals = report.refusals();
    eprintln!(
        "fuzz: {} frames in {:.1} s, {} connections ({} closed by the server), RSS {:?} -> {:?} KiB, \
         {} games ({} verified), {} seats closed afterwards; refusals {refusals:?}",
        report.frames,
        report.seconds,
        report.connections,
        report.closed_by_server,
        report.rss_warm_kb,
        report.rss_after_kb,
        report.games,
        report.checked,
        report.tokens
    );
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.frames, 20_000);
    assert!(report.rss_warm_kb.is_some() && report.rss_after_kb.is_some());
    assert!(
        report.games >= 3 && report.checked == report.games,
        "{report:?}"
    );
    // The frames reached past the framing into the commands: tables were opened (and closed
    // afterwards) and each kind of refusal was sent.
    assert!(report.tokens > 0, "{report:?}");
    for code in [
        "malformed",
        "too_large",
        "hello_first",
        "bad_request",
        "no_such_table",
        "not_seated",
        "rate_limited",
    ] {
        assert!(
            refusals.get(code).copied().unwrap_or(0.0) > 0.0,
            "no {code}: {refusals:?}"
        );
    }
    assert!(server.alive());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_restarts_with_every_table_and_nothing_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = db(&dir);
    let server = Server::start(&path, &["--bot-after", "0.2"]);
    let mut rng = SmallRng::seed_from_u64(77);
    // Three tables at different points, and one against the bot.
    let mut tables = Vec::new();
    for moves in [0, 3, 7] {
        let (mut a, mut b) = table(&server.addr, None).await;
        play_out(&mut a, &mut b, &mut rng, moves).await;
        tables.push((a, b));
    }
    let mut solo = create(&server.addr, Some(BotLevel::Easy), None).await;
    while solo.colour.is_none() || solo.seq() < 2 {
        if solo.my_turn() {
            solo.play_random(&mut rng).await.unwrap();
        }
        solo.pump().await.unwrap();
    }
    let solo_seen = solo.seen.clone();
    // A table with a 2-second clock: its turn runs out while the server is down.
    let (mut quick_a, mut quick_b) = table(&server.addr, Some(2)).await;
    play_out(&mut quick_a, &mut quick_b, &mut rng, 1).await;
    let quick_seen = quick_a.seen.clone();
    let before = tables
        .iter()
        .map(|(a, b)| {
            assert_eq!(a.seen, b.seen);
            a.seen.clone()
        })
        .collect::<Vec<_>>();
    server.kill9();
    std::thread::sleep(Duration::from_millis(2500));
    let server = Server::start(&path, &[]);
    // The clock ran while the server was down: the timeout move was played on restart.
    let quick = seated(hello(&server.addr, Some(quick_b.token.clone())).await).await;
    assert!(
        quick.seen.starts_with(&quick_seen) && quick.seen.len() > quick_seen.len(),
        "{:?} then {:?}",
        quick_seen,
        quick.seen
    );
    // Every player comes back with its token to the same game, then each game plays on.
    for ((a, b), seen) in tables.into_iter().zip(before) {
        let mut a2 = seated(hello(&server.addr, Some(a.token.clone())).await).await;
        let mut b2 = seated(hello(&server.addr, Some(b.token.clone())).await).await;
        assert_eq!(a2.seen, seen);
        assert_eq!(b2.seen, seen);
        assert_eq!((a2.colour, b2.colour), (a.colour, b.colour));
        play_out(&mut a2, &mut b2, &mut rng, 4).await;
        assert_eq!(a2.seen[..seen.len()], seen[..]);
    }
    let c = hello(&server.addr, Some(solo.token.clone())).await;
    let mut solo2 = seated(c).await;
    assert!(
        solo2.seen.starts_with(&solo_seen),
        "{:?} {:?}",
        solo2.seen,
        solo_seen
    );
    // The bot plays on after the restart.
    let n = solo2.seq();
    while solo2.seq() < n + 2 && solo2.ended.is_none() {
        if solo2.my_turn() {
            solo2.play_random(&mut rng).await.unwrap();
        }
        solo2.pump().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_tool_plays_many_tables_and_checks_every_record() {
    use carved_tables::server::loadtest::{Load, run};
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let report = run(Load {
        addr: server.addr.clone(),
        join_addr: String::new(),
        tables: 40,
        interval: 0.2,
        duration: 3.0,
        game_moves: 6,
        seed: 4,
        games: vec![GameKind::Hive, GameKind::Snelab],
        ..Load::default()
    })
    .await;
    let t = &report.tally;
    assert!(t.errors.is_empty(), "{:?}", t.errors);
    assert_eq!((report.seated, report.max_live), (40, 40));
    assert!(t.games >= 40 && t.checked == t.games, "{t:?}");
    assert!(report.actions_per_second() > 50.0, "{report:?}");
    assert!(report.p99_ms() < 1000.0, "{report:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_nobody_joins_closes_and_the_server_caps_tables_and_connections() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(
        &db(&dir),
        &[
            "--wait-limit",
            "0.5",
            "--max-tables",
            "2",
            "--max-connections",
            "3",
        ],
    );
    let mut a = create(&server.addr, None, None).await;
    assert_eq!(error_of(&mut a.c).await, ErrorCode::GameOver);
    let mut c = hello(&server.addr, None).await;
    c.send(&ClientMsg::Join {
        code: a.code.clone(),
        name: None,
    })
    .await
    .unwrap();
    assert_eq!(error_of(&mut c).await, ErrorCode::NoSuchTable);
    c.close().await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Two tables open at once at most.
    let _x = create(&server.addr, Some(BotLevel::Easy), None).await;
    let _y = create(&server.addr, Some(BotLevel::Easy), None).await;
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
        control: None,
        public: false,
        rated: false,
    })
    .await
    .unwrap();
    assert_eq!(error_of(&mut c).await, ErrorCode::Unavailable);
    // a was closed with its table; the two tables' and c are open: a fourth connection is
    // turned away until one closes.
    assert!(Client::connect(&server.addr).await.is_err());
    c.close().await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut c = hello(&server.addr, None).await;
    c.send(&ClientMsg::Ping { nonce: 1 }).await.unwrap();
    assert!(matches!(c.recv().await, Ok(ServerMsg::Pong { nonce: 1 })));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_with_another_games_options_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    // Stakes and the appeal rule are Snēlab's alone, the artifacts setting Artifact Chess's,
    // the game type Ash & Walnut's (the base game's too).
    let mlp = Some(GameType::MLP);
    for (game, stakes, appeal, artifacts, game_type) in [
        (GameKind::Hive, Some(Stakes::Street), None, None, None),
        (GameKind::Chess, None, Some(false), None, None),
        (GameKind::Snelab, None, None, Some(true), None),
        (GameKind::Hive, None, None, Some(false), None),
        (GameKind::Chess, None, None, None, mlp),
        (GameKind::Snelab, None, None, None, Some(GameType::BASE)),
    ] {
        let mut c = hello(&server.addr, None).await;
        c.send(&ClientMsg::Create {
            game,
            clock: None,
            bot_fill: None,
            name: None,
            stakes,
            appeal,
            artifacts,
            game_type,
            control: None,
            public: false,
            rated: false,
        })
        .await
        .unwrap();
        assert_eq!(error_of(&mut c).await, ErrorCode::BadRequest, "{game}");
        c.close().await;
    }
    // The server goes on serving Ash & Walnut.
    let _ = table(&server.addr, None).await;
}

/// A table opened for Ash & Walnut with all three expansion creatures: both seats and a
/// watcher set out that game, the Hedgehog carries the other Elder, the carried Elder may not
/// move on the next turn, and the record keeps the game type and verifies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_with_the_expansion_creatures_plays_a_hedgehogs_carry() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let options = TableOptions {
        game_type: Some(GameType::MLP),
        ..TableOptions::default()
    };
    let (mut a, mut b) =
        client::table_of(&server.addr, &server.addr, GameKind::Hive, options, None)
            .await
            .unwrap();
    for p in [&a, &b] {
        assert_eq!(p.state.hive().unwrap().game_type(), GameType::MLP);
    }
    let (mut watcher, view) = spectate(&server.addr, &a.code).await;
    let GameView::Hive { game_type, .. } = view.game else {
        panic!("{:?}", view.game);
    };
    assert_eq!(game_type, GameType::MLP);
    // The Hedgehog first, the Elders beside it, the walnut Elder walked round to touch it,
    // then the Hedgehog carries it over its back (each move as the server writes it).
    let moves = [
        "wP",
        "bS1 wP-",
        "wQ -wP",
        "bQ bS1-",
        "wM -wQ",
        "bQ bS1/",
        "wL -wM",
        "bQ \\bS1",
        "wA1 -wL",
        "bA1 bS1\\",
        "bQ \\wP",
    ];
    for (i, action) in moves.iter().enumerate() {
        let (mover, other) = if a.my_turn() {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        mover.act(action.to_string()).await.unwrap();
        let seq = i as u64 + 1;
        mover
            .pump_to(seq)
            .await
            .unwrap_or_else(|e| panic!("{action}: {e}"));
        other.pump_to(seq).await.unwrap();
    }
    assert_eq!(a.seen, moves);
    // Both seats replayed the carry through the rules to the same position.
    let (sa, sb) = (a.state.hive().unwrap(), b.state.hive().unwrap());
    assert_eq!(sa.ply(), moves.len());
    assert_eq!(sa.game_string(), sb.game_string());
    // The carried Elder may not move on walnut's turn: refused, nothing changed.
    let walnut = if a.my_turn() { &mut a } else { &mut b };
    assert_eq!(walnut.colour, Some(Side::Walnut));
    walnut.act("bQ wP/".to_string()).await.unwrap();
    assert_eq!(error_of(&mut walnut.c).await, ErrorCode::Illegal);
    walnut.c.send(&ClientMsg::Resign).await.unwrap();
    while a.ended.is_none() {
        a.pump().await.unwrap();
    }
    let record = a.ended.clone().unwrap();
    assert!(record.contains("\ngame Base+MLP\n"), "{record}");
    let r = verified(&record);
    assert_eq!(r.game, GameType::MLP);
    assert_eq!(r.moves().count(), moves.len());
    // The watcher saw every move, the carry included.
    let (_, seen) = ended(&mut watcher).await;
    assert_eq!(seen, record);
    // At a table of the base game, the same opening is no move at all.
    let (mut c, mut d) = table(&server.addr, None).await;
    let ash = if c.my_turn() { &mut c } else { &mut d };
    ash.act("wP".to_string()).await.unwrap();
    let code = error_of(&mut ash.c).await;
    assert!(
        matches!(code, ErrorCode::Illegal | ErrorCode::BadNotation),
        "{code:?}"
    );
}

/// `quick` for Ash & Walnut under one minute a turn, seeking `game_type` as written (absent:
/// the field left out, as a client before game types sends it).
fn quick_hive(name: &str, game_type: Option<&str>) -> ClientMsg {
    ClientMsg::Quick {
        game: GameKind::Hive,
        control: TimeControl::Turn { seconds: 60 },
        name: Some(name.into()),
        game_type: game_type.map(str::to_string),
        rated: false,
    }
}

/// Sends `quick` and reads the answer: it must be `queued` for this game type (the base game
/// by no field), and nobody seats the connection meanwhile.
async fn queued_for(c: &mut Client, msg: &ClientMsg, game_type: Option<GameType>) {
    c.send(msg).await.unwrap();
    match c.recv().await.unwrap() {
        ServerMsg::Queued {
            game: GameKind::Hive,
            game_type: said,
            ..
        } => assert_eq!(said, game_type, "{msg:?}"),
        other => panic!("{msg:?}: queued, not {other:?}"),
    }
    let after = c.recv_within(Duration::from_millis(300)).await;
    assert!(after.is_err(), "{msg:?}: still waiting, not {after:?}");
}

/// The game type of a paired seat's table, as its `state` set it out.
fn table_game_type(p: &Player) -> GameType {
    p.state.hive().expect("an Ash & Walnut table").game_type()
}

/// Quick pairing by game type: two people seeking `Base+MLP` (written in two orders) are
/// paired with each other, not with someone seeking the base game who waited first; their
/// table, its watcher's view and its record carry `Base+MLP`, and the Hedgehog opens. Alone,
/// a seeker of `Base+MLP` who takes the bot's offer plays the bot in that game type.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_pairs_two_seekers_of_base_mlp_at_a_table_of_that_game_type() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &["--quick-bot-after", "1"]);
    let mlp = Some(GameType::MLP);
    // Leo seeks the base game first (no field: an older client).
    let mut leo = hello(&server.addr, None).await;
    queued_for(&mut leo, &quick_hive("Leo", None), None).await;
    // Ana seeks all three creatures: not paired with Leo.
    let mut ana = hello(&server.addr, None).await;
    queued_for(&mut ana, &quick_hive("Ana", Some("Base+MLP")), mlp).await;
    // Rui seeks the same game type, its letters in another order: paired with Ana.
    let mut rui = hello(&server.addr, None).await;
    rui.send(&quick_hive("Rui", Some("Base+PLM")))
        .await
        .unwrap();
    let (mut rui, mut ana) = (seated(rui).await, seated(ana).await);
    assert_eq!(rui.code, ana.code, "one table for the pair");
    assert_ne!(rui.seat, ana.seat);
    for p in [&ana, &rui] {
        assert_eq!(table_game_type(p), GameType::MLP, "{}", p.code);
    }
    let (mut watcher, view) = spectate(&server.addr, &ana.code).await;
    let GameView::Hive { game_type, .. } = view.game else {
        panic!("{:?}", view.game);
    };
    assert_eq!(game_type, GameType::MLP);
    let names: Vec<&str> = view.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Ana", "Rui"]);
    // The Hedgehog opens: a move only this game type has.
    for p in [&mut ana, &mut rui] {
        while p.colour.is_none() {
            p.pump().await.unwrap();
        }
    }
    let (ash, other) = if ana.my_turn() {
        (&mut ana, &mut rui)
    } else {
        (&mut rui, &mut ana)
    };
    ash.act("wP".to_string()).await.unwrap();
    ash.pump_to(1).await.unwrap();
    other.pump_to(1).await.unwrap();
    other.c.send(&ClientMsg::Resign).await.unwrap();
    while ash.ended.is_none() {
        ash.pump().await.unwrap();
    }
    let record = ash.ended.clone().unwrap();
    assert!(record.contains("\ngame Base+MLP\n"), "{record}");
    let r = verified(&record);
    assert_eq!(r.game, GameType::MLP);
    assert_eq!(r.moves().count(), 1);
    let (_, seen) = ended(&mut watcher).await;
    assert_eq!(seen, record);
    // Leo still waits for the base game; the next seeker of it is his, at a base table.
    let mut zoe = hello(&server.addr, None).await;
    zoe.send(&quick_hive("Zoe", Some("Base"))).await.unwrap();
    let (zoe, leo) = (seated(zoe).await, seated(leo).await);
    assert_eq!(zoe.code, leo.code);
    assert_eq!(table_game_type(&zoe), GameType::BASE);
    // Alone, Eva seeks all three; the bot's offer comes and the bot plays that game type.
    let mut eva = hello(&server.addr, None).await;
    queued_for(&mut eva, &quick_hive("Eva", Some("Base+MLP")), mlp).await;
    eva.recv_until(|m| (*m == ServerMsg::BotOffer).then_some(()))
        .await
        .unwrap();
    eva.send(&ClientMsg::QuickBot {
        level: Some(BotLevel::Easy),
    })
    .await
    .unwrap();
    let eva = seated(eva).await;
    assert_eq!(table_game_type(&eva), GameType::MLP);
}

/// Someone seeking the base game and someone seeking it with the Jay are not paired with each
/// other, whichever came first: each waits for their own, and is paired with the next seeker
/// of the same game type, at a table of that game type.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_keeps_a_base_seeker_and_a_base_m_seeker_apart() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let m = GameType::parse("Base+M").unwrap();
    // The base game first, then Base+M; then Base+M first, then the base game (said as
    // `Base`).
    for (first, second) in [
        ((None, None), (Some("Base+M"), Some(m))),
        ((Some("Base+M"), Some(m)), (Some("Base"), None)),
    ] {
        let mut a = hello(&server.addr, None).await;
        queued_for(&mut a, &quick_hive("A", first.0), first.1).await;
        let mut b = hello(&server.addr, None).await;
        queued_for(&mut b, &quick_hive("B", second.0), second.1).await;
        // Neither was seated while the other came.
        let heard = a.recv_within(Duration::from_millis(300)).await;
        assert!(heard.is_err(), "{first:?} still waiting, not {heard:?}");
        // Each is paired with a seeker of their own game type.
        for (waiting, (asked, game_type)) in [(a, first), (b, second)] {
            let mut c = hello(&server.addr, None).await;
            c.send(&quick_hive("C", asked)).await.unwrap();
            let (c, waiting) = (seated(c).await, seated(waiting).await);
            assert_eq!(c.code, waiting.code, "{asked:?}");
            let want = game_type.unwrap_or(GameType::BASE);
            assert_eq!(table_game_type(&c), want, "{asked:?}");
            assert_eq!(table_game_type(&waiting), want, "{asked:?}");
        }
    }
}

/// A `quick` whose game type is no game type, or that gives one for a game without game
/// types, is refused with `bad_request` and changes nothing: the connection is in no queue
/// (`unqueue` is refused), nobody is paired with it, and it may ask again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quick_game_with_a_malformed_game_type_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let mut ana = hello(&server.addr, None).await;
    let minute = TimeControl::Turn { seconds: 60 };
    let mut refused = vec![
        quick_hive("Ana", Some("Base+X")),
        quick_hive("Ana", Some("base")),
        quick_hive("Ana", Some("Base+")),
        quick_hive("Ana", Some("Base+MM")),
        quick_hive("Ana", Some("MLP")),
        quick_hive("Ana", Some("")),
    ];
    for game in [GameKind::Snelab, GameKind::Chess] {
        for game_type in ["Base", "Base+M"] {
            refused.push(ClientMsg::Quick {
                game,
                control: minute,
                name: Some("Ana".into()),
                game_type: Some(game_type.into()),
                rated: false,
            });
        }
    }
    for msg in &refused {
        ana.send(msg).await.unwrap();
        match ana.recv().await.unwrap() {
            ServerMsg::Error {
                code: ErrorCode::BadRequest,
                ..
            } => {}
            other => panic!("{msg:?}: bad_request, not {other:?}"),
        }
    }
    // Not a string at all: no message of the protocol.
    ana.send_text(
        r#"{"type":"quick","game":"hive","control":{"kind":"turn","seconds":60},"game_type":7}"#
            .into(),
    )
    .await
    .unwrap();
    assert_eq!(error_of(&mut ana).await, ErrorCode::Malformed);
    // In no queue: nothing to leave, and a seeker of each game type waits alone.
    ana.send(&ClientMsg::Unqueue).await.unwrap();
    assert_eq!(error_of(&mut ana).await, ErrorCode::BadRequest);
    let mut rui = hello(&server.addr, None).await;
    queued_for(&mut rui, &quick_hive("Rui", None), None).await;
    let mut eva = hello(&server.addr, None).await;
    queued_for(
        &mut eva,
        &quick_hive("Eva", Some("Base+MLP")),
        Some(GameType::MLP),
    )
    .await;
    // The connection still serves: asked well, Ana is paired with Rui.
    ana.send(&quick_hive("Ana", None)).await.unwrap();
    let (ana, rui) = (seated(ana).await, seated(rui).await);
    assert_eq!(ana.code, rui.code);
    assert_eq!(table_game_type(&ana), GameType::BASE);
    drop(eva);
}

fn stored_meta(code: &str) -> TableMeta {
    TableMeta {
        code: code.into(),
        game: GameKind::Hive,
        clock_ms: 60_000,
        bot_fill: Some(Level::Easy),
        bot_after_ms: 30_000,
        secret: Seed([7; 32]),
        bot_seed: u64::MAX - 3,
        created_ms: 1,
        options: TableOptions::default(),
        control: TimeControl::Turn { seconds: 60 },
        public: false,
        rated: false,
    }
}

fn stored_human(seat: SeatId, token: &str) -> StoredSeat {
    StoredSeat {
        seat,
        kind: StoredSeatKind::Human {
            token: token.into(),
        },
        name: "Ana".into(),
        key: None,
    }
}

#[test]
fn the_store_keeps_each_tables_game_and_refuses_a_game_it_does_not_serve() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let mut s = SqliteStore::open(&path).unwrap();
    s.write(&[Write::Create {
        meta: stored_meta("BBBBBB"),
        first: stored_human(SeatId::First, "t1"),
    }])
    .unwrap();
    drop(s);
    let db = rusqlite::Connection::open(&path).unwrap();
    let game: String = db
        .query_row("SELECT game FROM tables WHERE code = 'BBBBBB'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(game, "hive");
    assert_eq!(GameKind::parse(&game), Some(GameKind::Hive));
    // A table of a game this build does not serve is not read back as another game.
    db.execute(
        "UPDATE tables SET game = 'draughts' WHERE code = 'BBBBBB'",
        [],
    )
    .unwrap();
    drop(db);
    let mut s = SqliteStore::open(&path).unwrap();
    let e = s.open_tables().unwrap_err();
    assert!(e.0.contains("game"), "{e}");
}

#[test]
fn the_store_keeps_a_tables_options_and_reads_a_file_made_before_options() {
    let dir = tempfile::tempdir().unwrap();
    // A file of the schema before tables had options, with an open Ash & Walnut table.
    let path = dir.path().join("old.db");
    let db = rusqlite::Connection::open(&path).unwrap();
    db.execute_batch(
        "CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, clock_ms INTEGER NOT NULL,
            bot_fill TEXT, bot_after_ms INTEGER NOT NULL, secret TEXT NOT NULL,
            bot_seed INTEGER NOT NULL, created_ms INTEGER NOT NULL, started_ms INTEGER,
            turn_started_ms INTEGER, ended_ms INTEGER, record TEXT);",
    )
    .unwrap();
    db.execute(
        "INSERT INTO tables (code, game, clock_ms, bot_after_ms, secret, bot_seed, created_ms)
         VALUES ('OLDOLD', 'hive', 60000, 30000, ?1, 5, 1)",
        [Seed([7; 32]).to_hex()],
    )
    .unwrap();
    drop(db);
    let mut s = SqliteStore::open(&path).unwrap();
    let open = s.open_tables().unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].meta.options, TableOptions::default());
    // A table stored before fencing is at the first generation.
    assert_eq!(open[0].generation, 1);
    // A Snēlab table's options come back as written.
    let mut meta = stored_meta("SNELAB");
    meta.game = GameKind::Snelab;
    meta.options = TableOptions {
        stakes: Some(Stakes::Street),
        appeal: Some(false),
        artifacts: None,
        game_type: None,
    };
    s.write(&[Write::Create {
        meta: meta.clone(),
        first: stored_human(SeatId::First, "t9"),
    }])
    .unwrap();
    let open = s.open_tables().unwrap();
    let back = open.iter().find(|t| t.meta.code == "SNELAB").unwrap();
    assert_eq!(back.meta, meta);
}

#[test]
fn the_store_gives_back_tables_seats_and_actions_and_a_taken_code_fails_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let mut s = SqliteStore::open(&path).unwrap();
    let r = s
        .write(&[
            Write::Create {
                meta: stored_meta("AAAAAA"),
                first: stored_human(SeatId::First, "t1"),
            },
            Write::Create {
                meta: stored_meta("AAAAAA"),
                first: stored_human(SeatId::First, "t2"),
            },
            Write::Start {
                code: "AAAAAA".into(),
                generation: 1,
                second: StoredSeat {
                    seat: SeatId::Second,
                    kind: StoredSeatKind::Bot(Level::Easy),
                    name: String::new(),
                    key: None,
                },
                at_ms: 5,
            },
            Write::Action {
                code: "AAAAAA".into(),
                generation: 1,
                action: StoredAction {
                    seq: 1,
                    action: "wS1".into(),
                    side: Side::Ash,
                    timeout: true,
                    at_ms: 9,
                    sig: None,
                    signer: None,
                },
            },
        ])
        .unwrap();
    assert!(
        r[0].is_ok() && r[1].is_err() && r[2].is_ok() && r[3].is_ok(),
        "{r:?}"
    );
    drop(s);
    let mut s = SqliteStore::open(&path).unwrap();
    let open = s.open_tables().unwrap();
    assert_eq!(open.len(), 1);
    let t = &open[0];
    assert_eq!(t.meta, stored_meta("AAAAAA"));
    assert_eq!(t.seats.len(), 2);
    assert_eq!(t.seats[0], stored_human(SeatId::First, "t1"));
    assert_eq!(t.turn_started_ms, Some(9));
    assert_eq!(t.actions[0].action, "wS1");
    assert!(t.actions[0].timeout);
    assert_eq!(s.record("AAAAAA").unwrap(), None);
    s.write(&[Write::End {
        code: "AAAAAA".into(),
        generation: 1,
        record: "rec".into(),
        at_ms: 10,
        players: Vec::new(),
        rated: None,
    }])
    .unwrap();
    assert!(s.open_tables().unwrap().is_empty());
    assert_eq!(s.record("AAAAAA").unwrap().as_deref(), Some("rec"));
}

/// An action row of table `code`, numbered `seq`.
fn stored_action(seq: u64, action: &str) -> StoredAction {
    StoredAction {
        seq,
        action: action.into(),
        side: if seq % 2 == 1 {
            Side::Ash
        } else {
            Side::Walnut
        },
        timeout: false,
        at_ms: 100 + seq,
        sig: None,
        signer: None,
    }
}

/// Fencing: a table taken by a new holder (its generation raised) refuses every write that
/// names the generation before, an action, a start, an end or an abandon alike, and keeps
/// what it had; the new holder's writes go in, and taking it again fences that holder too.
#[test]
fn the_store_refuses_a_write_of_an_older_generation_after_a_takeover() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let mut s = SqliteStore::open(&path).unwrap();
    let code = "FENCED";
    let bot = StoredSeat {
        seat: SeatId::Second,
        kind: StoredSeatKind::Bot(Level::Easy),
        name: String::new(),
        key: None,
    };
    let r = s
        .write(&[
            Write::Create {
                meta: stored_meta(code),
                first: stored_human(SeatId::First, "f1"),
            },
            Write::Start {
                code: code.into(),
                generation: 1,
                second: bot,
                at_ms: 5,
            },
            Write::Action {
                code: code.into(),
                generation: 1,
                action: stored_action(1, "wS1"),
            },
        ])
        .unwrap();
    assert!(r.iter().all(|r| r.is_ok()), "{r:?}");
    // Another holder takes the table: generation 2, read back as stored.
    let taken = s.take(code).unwrap().expect("an open table");
    assert_eq!(taken.generation, 2);
    assert_eq!(taken.actions.len(), 1);
    // The former holder's writes, each in the batch beside one of the new holder's.
    let r = s
        .write(&[
            Write::Action {
                code: code.into(),
                generation: 1,
                action: stored_action(2, "bG1 -wS1"),
            },
            Write::Action {
                code: code.into(),
                generation: 2,
                action: stored_action(2, "bA1 -wS1"),
            },
            Write::Action {
                code: code.into(),
                generation: 1,
                action: stored_action(3, "wQ wS1-"),
            },
            Write::Hold {
                code: code.into(),
                generation: 1,
            },
            Write::End {
                code: code.into(),
                generation: 1,
                record: "the former holder's record".into(),
                at_ms: 50,
                players: Vec::new(),
                rated: None,
            },
            Write::Abandon {
                code: code.into(),
                generation: 1,
                at_ms: 51,
            },
            Write::Hold {
                code: code.into(),
                generation: 2,
            },
        ])
        .unwrap();
    let refused: Vec<bool> = r
        .iter()
        .map(|r| r.as_ref().is_err_and(|e| e.is_fenced()))
        .collect();
    assert_eq!(
        refused,
        [true, false, true, true, true, true, false],
        "{r:?}"
    );
    // Only the new holder's action is stored, and the table is open, without a record.
    let open = s.open_tables().unwrap();
    assert_eq!(open.len(), 1);
    let actions: Vec<&str> = open[0].actions.iter().map(|a| a.action.as_str()).collect();
    assert_eq!(actions, ["wS1", "bA1 -wS1"]);
    assert_eq!(open[0].generation, 2);
    assert_eq!(s.record(code).unwrap(), None);
    // A third holder fences the second; an ended table cannot be taken.
    assert_eq!(s.take(code).unwrap().unwrap().generation, 3);
    let r = s
        .write(&[Write::Action {
            code: code.into(),
            generation: 2,
            action: stored_action(3, "wQ wS1-"),
        }])
        .unwrap();
    assert!(r[0].as_ref().is_err_and(|e| e.is_fenced()), "{r:?}");
    let r = s
        .write(&[Write::End {
            code: code.into(),
            generation: 3,
            record: "rec".into(),
            at_ms: 60,
            players: Vec::new(),
            rated: None,
        }])
        .unwrap();
    assert!(r[0].is_ok(), "{r:?}");
    assert_eq!(s.take(code).unwrap(), None);
    assert_eq!(s.record(code).unwrap().as_deref(), Some("rec"));
    // The generation is kept in the file.
    drop(s);
    let db = rusqlite::Connection::open(&path).unwrap();
    let g: i64 = db
        .query_row(
            "SELECT generation FROM tables WHERE code = ?1",
            [code],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(g, 3);
}

/// The game's own client parts (no tokio): `net::client::Session` over `net::socket::Socket`,
/// as the desktop game drives them each frame.
struct GameClient {
    session: carved_tables::net::client::Session,
    socket: Option<carved_tables::net::socket::Socket>,
    url: String,
    state: carved_tables::rules::hive::State,
    colour: Option<Side>,
    to_move: Option<Side>,
    record: Option<String>,
    links: Vec<carved_tables::net::client::Link>,
}

impl GameClient {
    fn new(addr: &str, request: carved_tables::net::client::Request) -> GameClient {
        let url = format!("ws://{addr}/ws");
        GameClient {
            session: carved_tables::net::client::Session::new(request),
            socket: Some(carved_tables::net::socket::Socket::connect(&url)),
            url,
            state: carved_tables::rules::hive::State::new(),
            colour: None,
            to_move: None,
            record: None,
            links: Vec::new(),
        }
    }

    fn send(&self, msg: &ClientMsg) {
        if let Some(s) = &self.socket {
            s.send(msg.to_json());
        }
    }

    /// One frame: what arrived is taken in; returns what the table heard.
    fn frame(&mut self) -> Vec<carved_tables::net::client::Heard> {
        use carved_tables::net::client::Heard;
        use carved_tables::net::socket::{Socket, SocketEvent};
        let events = match &self.socket {
            Some(s) => s.poll(),
            None => {
                // Come back after the session's back-off.
                std::thread::sleep(Duration::from_secs_f32(self.session.retry_after()));
                self.socket = Some(Socket::connect(&self.url));
                Vec::new()
            }
        };
        let mut heard = Vec::new();
        for e in events {
            match e {
                SocketEvent::Opened => {
                    for m in self.session.opened() {
                        self.send(&m);
                    }
                }
                SocketEvent::Text(t, at) => {
                    let msg: ServerMsg = serde_json::from_str(&t).unwrap();
                    let (h, send) = self.session.receive_at(msg, at);
                    for m in send {
                        self.send(&m);
                    }
                    heard.extend(h);
                }
                SocketEvent::Closed(why) => {
                    heard.extend(self.session.dropped(&why));
                    self.socket = None;
                }
            }
            if self.links.last() != Some(&self.session.link) {
                self.links.push(self.session.link.clone());
            }
        }
        for m in self.session.poll(carved_tables::net::clock::now()) {
            self.send(&m);
        }
        for h in &heard {
            match h {
                Heard::Table(v) => {
                    self.state = carved_tables::rules::hive::State::new();
                    let moves = v.game.moves();
                    for m in moves {
                        let mv = self.state.parse_move(&m.action).unwrap();
                        self.state.play(mv).unwrap();
                    }
                    self.colour = v.you.and_then(|s| v.seats[s.index()].colour);
                    self.to_move = v.to_move;
                }
                Heard::Started { seats, .. } => {
                    self.colour = self.session.seat.and_then(|s| seats[s.index()].colour);
                    self.to_move = Some(Side::Ash);
                }
                Heard::Played {
                    played, to_move, ..
                } => {
                    let mv = self.state.parse_move(&played.action).unwrap();
                    self.state.play(mv).unwrap();
                    self.to_move = *to_move;
                }
                Heard::Ended { record, .. } => self.record = Some(record.clone()),
                _ => {}
            }
        }
        heard
    }

    /// Frames until one heard `pick` accepts (before `deadline`).
    fn until<T>(
        &mut self,
        deadline: std::time::Instant,
        mut pick: impl FnMut(carved_tables::net::client::Heard) -> Option<T>,
    ) -> T {
        loop {
            assert!(std::time::Instant::now() < deadline, "not heard in time");
            if let Some(t) = self.frame().into_iter().find_map(&mut pick) {
                return t;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn my_turn(&self) -> bool {
        self.record.is_none()
            && self.socket.is_some()
            && self.colour.is_some()
            && self.to_move == self.colour
    }

    fn play_random(&mut self, rng: &mut SmallRng) {
        let mv = *self.state.legal_moves().choose(rng).unwrap();
        let text = self.state.move_string(mv);
        let act = self.session.act(&text);
        self.send(&act);
        // Not again until the server's event says whose turn it is.
        self.to_move = None;
    }
}

#[test]
fn the_games_own_session_and_socket_play_through_a_drop_to_a_verified_end() {
    use carved_tables::net::client::{Heard, Link, Lost, Request};
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &["--bot-after", "0.2"]);
    let mut a = GameClient::new(
        &server.addr,
        Request::Create {
            game: GameKind::Hive,
            options: Default::default(),
            clock: None,
            bot_fill: None,
            name: "Ana".into(),
            control: None,
            public: false,
            rated: false,
        },
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let code = a.until(deadline, |h| match h {
        Heard::Seated { code, .. } => Some(code),
        _ => None,
    });
    let mut b = GameClient::new(
        &server.addr,
        Request::Join {
            code: code.to_lowercase(),
            name: "Rui".into(),
        },
    );
    let mut rng = SmallRng::seed_from_u64(41);
    let mut dropped = false;
    while a.record.is_none() || b.record.is_none() {
        assert!(std::time::Instant::now() < deadline, "the game never ended");
        for p in [&mut a, &mut b] {
            p.frame();
            if p.my_turn() {
                p.play_random(&mut rng);
            }
        }
        // After ten actions b's network drops: b comes back with its token and plays on.
        if !dropped && b.session.seq() >= 10 {
            dropped = true;
            b.socket = None;
            b.session.dropped("the network went away");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(dropped);
    assert_eq!(a.record, b.record);
    // b's link as its player saw it: connecting, connected, reconnecting, connected again.
    assert_eq!(
        b.links,
        [
            Link::Connecting,
            Link::Connected,
            Link::Reconnecting { attempt: 1 },
            Link::Connected
        ]
    );
    let record = verified(a.record.as_deref().unwrap());
    assert_eq!(record.moves().count() as u64, a.session.seq());
    assert_eq!(a.state, b.state);
    // A join with an unknown code ends the session with the reason.
    let mut c = GameClient::new(
        &server.addr,
        Request::Join {
            code: "ZZZZZZ".into(),
            name: String::new(),
        },
    );
    let lost = c.until(deadline, |h| match h {
        Heard::Lost(l) => Some(l),
        _ => None,
    });
    assert_eq!(lost, Lost::NoSuchTable);
    // No server there: unreachable, said once.
    drop(server);
    let mut d = GameClient::new(
        &a.url.replace("ws://", "").replace("/ws", ""),
        Request::Join {
            code: code.clone(),
            name: String::new(),
        },
    );
    let lost = d.until(deadline, |h| match h {
        Heard::Lost(l) => Some(l),
        _ => None,
    });
    assert!(matches!(lost, Lost::Unreachable(_)), "{lost:?}");
}

/// The countdown a player sees is the server's: a client that draws three frames a second, and
/// then one whose window is in the background (no frame for seconds), show the same deadline
/// as a client that looks every few milliseconds, and that deadline is when the server plays
/// the timeout move (`spec/ash-and-walnut.md`, the 60-second clock; here 2 s a turn).
#[test]
fn a_slow_or_hidden_client_counts_down_to_the_servers_timeout_move() {
    use carved_tables::net::client::{Heard, Request};
    use carved_tables::net::clock;
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let mut fast = GameClient::new(
        &server.addr,
        Request::Create {
            game: GameKind::Hive,
            options: Default::default(),
            clock: Some(2),
            bot_fill: None,
            name: "Ana".into(),
            control: None,
            public: false,
            rated: false,
        },
    );
    let limit = std::time::Instant::now() + Duration::from_secs(60);
    let (mut code, mut first) = (None, None);
    while code.is_none() || first.is_none() {
        assert!(std::time::Instant::now() < limit, "not seated in time");
        for h in fast.frame() {
            match h {
                Heard::Seated { code: c, .. } => code = Some(c),
                Heard::Table(v) => first = Some(v),
                _ => {}
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let (code, first) = (code.unwrap(), first.unwrap());
    // The creator's first state shows its own seat connected.
    assert!(first.seats[0].you && first.seats[0].connected, "{first:?}");
    let mut slow = GameClient::new(
        &server.addr,
        Request::Join {
            code,
            name: "Rui".into(),
        },
    );
    let frame = Duration::from_millis(300);
    let mut next_slow = clock::now();
    // (the turn's seq, the fast client's deadline, when the fast client heard the move)
    let mut timeouts: Vec<(u64, Duration, Duration)> = Vec::new();
    let mut deadlines: std::collections::HashMap<u64, Duration> = Default::default();
    let mut compared = 0;
    // The slow client for four timeout moves; then its window goes to the background.
    while timeouts.len() < 4 {
        assert!(std::time::Instant::now() < limit, "the clock never ran out");
        let seq = fast.session.seq();
        for h in fast.frame() {
            if let Heard::Played { played, .. } = h {
                assert!(played.timeout, "nobody moves: every move is the clock's");
                let d = deadlines[&seq];
                timeouts.push((seq, d, clock::now()));
            }
        }
        if let Some(c) = fast.session.clock() {
            deadlines.insert(fast.session.seq(), c.deadline);
        }
        if clock::now() >= next_slow {
            slow.frame();
            next_slow += frame;
            if let (Some(c), Some(d)) = (slow.session.clock(), deadlines.get(&slow.session.seq())) {
                let apart = c.deadline.abs_diff(*d);
                assert!(
                    apart <= Duration::from_millis(40),
                    "the slow client counts to {:?}, the fast one to {d:?}",
                    c.deadline
                );
                compared += 1;
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(compared >= 8, "only {compared} frames compared");
    // Each timeout move came when the clock shown had just reached zero: never before it, and
    // after it by no more than the server's short search and the way back.
    for (seq, deadline, heard) in &timeouts {
        println!(
            "turn {seq}: the timeout move heard {:?} after the clock showed 0",
            heard.saturating_sub(*deadline)
        );
        assert!(
            *heard + Duration::from_millis(20) >= *deadline,
            "turn {seq}: the move came {:?} before the clock showed 0",
            deadline.saturating_sub(*heard)
        );
        assert!(
            *heard <= *deadline + Duration::from_millis(500),
            "turn {seq}: the clock showed 0 for {:?} before the move",
            heard.saturating_sub(*deadline)
        );
    }
    // In the background: no frame for 4.5 s (two more timeouts pass), then one frame.
    let hidden_until = clock::now() + Duration::from_millis(4_500);
    while clock::now() < hidden_until {
        fast.frame();
        if let Some(c) = fast.session.clock() {
            deadlines.insert(fast.session.seq(), c.deadline);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let before = slow.session.seq();
    slow.frame();
    fast.frame();
    assert!(slow.session.seq() >= before + 2, "the moves made meanwhile");
    assert_eq!(slow.session.seq(), fast.session.seq());
    let (shown, real) = (slow.session.clock().unwrap(), fast.session.clock().unwrap());
    assert!(
        shown.deadline.abs_diff(real.deadline) <= Duration::from_millis(40),
        "back from the background the clock counts to {:?}, the server's to {:?}",
        shown.deadline,
        real.deadline
    );
    let now = clock::now();
    assert!(shown.left(now) <= Duration::from_secs(2));
}

/// Runs `tables verify` on `record`: whether it passed, and what it printed.
fn tables_verify(record: &str) -> (bool, String) {
    use std::io::Write;
    let mut verify = Command::new(env!("CARGO_BIN_EXE_tables"))
        .arg("verify")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    verify
        .stdin
        .take()
        .unwrap()
        .write_all(record.as_bytes())
        .unwrap();
    let out = verify.wait_with_output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

fn snelab_verified(record: &str) -> CaseRecord {
    let r = CaseRecord::parse(carved_tables::play::signed::body(record)).unwrap();
    let checks = snelab_verify(&r);
    assert!(checks.iter().all(|c| c.passed), "{checks:?}\n{record}");
    r
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_snelab_case_between_two_clients_reaches_its_verdict_and_its_record_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let options = TableOptions {
        stakes: Some(Stakes::Street),
        appeal: Some(false),
        artifacts: None,
        game_type: None,
    };
    let (mut a, mut b) =
        client::table_of(&server.addr, &server.addr, GameKind::Snelab, options, None)
            .await
            .unwrap();
    // A spectator sees the case with the opener's options, the seed still secret.
    let (mut s, watching) = spectate(&server.addr, &a.code).await;
    assert_eq!(
        watching.game,
        GameView::Snelab {
            moves: Vec::new(),
            stakes: Stakes::Street,
            appeal: false
        }
    );
    assert!(watching.fingerprint.is_some() && watching.seed.is_none());
    // South (the wire's ash) is the seat the seed's coin names, and it opens.
    let south = watching.ash.unwrap();
    assert_eq!(watching.to_move, Some(Side::Ash));
    let mut rng = SmallRng::seed_from_u64(23);
    play_out(&mut a, &mut b, &mut rng, 10_000).await;
    let record = a.ended.clone().unwrap();
    assert_eq!(b.ended.as_deref(), Some(record.as_str()));
    let r = snelab_verified(&record);
    assert_eq!(r.south, south.into());
    assert_eq!((r.stakes, r.appeal), (snelab::Stakes::Street, false));
    assert_eq!(r.entries.len(), a.seen.len());
    assert!(matches!(r.result, CaseResult::Win(_)));
    let (status, body) = http_get(&server.addr, &format!("/records/{}", a.code))
        .await
        .unwrap();
    assert_eq!((status, body.as_str()), (200, record.as_str()));
    let (ok, out) = tables_verify(&record);
    assert!(ok, "{out}");
    assert!(out.contains("passed: coin"), "{out}");
    // One action changed: `tables verify` fails and names the moves check.
    let first = &a.seen[0];
    let tampered = record.replacen(&format!("move {first}\n"), "move a1-a5\n", 1);
    assert_ne!(tampered, record);
    let (ok, out) = tables_verify(&tampered);
    assert!(
        !ok && out.contains("FAILED: moves: move 1 `a1-a5`"),
        "{out}"
    );
    // The spectator saw the verdict and the seed.
    let (seed, _) = ended(&mut s).await;
    assert_eq!(seed, r.seed.to_hex());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_snelab_case_against_the_bot_comes_back_after_a_killed_server_and_the_clock_plays() {
    let dir = tempfile::tempdir().unwrap();
    let path = db(&dir);
    let server = Server::start(&path, &["--bot-after", "0.2"]);
    let mut rng = SmallRng::seed_from_u64(31);
    let mut solo = client::create_game(
        &server.addr,
        GameKind::Snelab,
        TableOptions::default(),
        Some(BotLevel::Easy),
        Some(2),
    )
    .await
    .unwrap();
    while (solo.colour.is_none() || solo.seq() < 2) && solo.ended.is_none() {
        if solo.my_turn() {
            solo.play_random(&mut rng).await.unwrap();
        }
        solo.pump().await.unwrap();
    }
    let seen = solo.seen.clone();
    server.kill9();
    std::thread::sleep(Duration::from_millis(500));
    let server = Server::start(&path, &[]);
    let mut back = seated(hello(&server.addr, Some(solo.token.clone())).await).await;
    assert!(
        back.seen.starts_with(&seen),
        "{seen:?} then {:?}",
        back.seen
    );
    assert_eq!(back.colour, solo.colour);
    // The person lets one turn run out (the clock plays it), then plays on to the verdict.
    let mut waited = false;
    while back.ended.is_none() {
        if back.my_turn() && waited {
            back.play_random(&mut rng).await.unwrap();
        }
        if let ServerMsg::Event { timeout: true, .. } = back.pump().await.unwrap() {
            waited = true;
        }
    }
    let record = back.ended.clone().unwrap();
    assert!(record.contains("move timeout "), "{record}");
    let r = snelab_verified(&record);
    assert!(r.seats.iter().any(|s| s.contains("Bot")), "{:?}", r.seats);
    assert_eq!((r.stakes, r.appeal), (snelab::Stakes::Casino, true));
}

/// Reads `p`'s messages into `log` until `seq` actions have been heard.
async fn pump_logged(p: &mut Player, log: &mut Vec<ServerMsg>, seq: u64) {
    while p.seq() < seq {
        let m = p.pump().await.unwrap();
        assert!(!matches!(m, ServerMsg::Error { .. }), "refused: {m:?}");
        log.push(m);
    }
}

/// The hands field of a chess position string, `white/black`.
fn hands_field(position: &str) -> (String, String) {
    let f = position.split(' ').nth(10).unwrap();
    let (w, b) = f.split_once('/').unwrap();
    (w.to_string(), b.to_string())
}

/// Whether the position says `colour` (`w` or `b`) has played Scouting.
fn scouted(position: &str, colour: char) -> bool {
    position.split(' ').nth(13).unwrap().contains(colour)
}

/// Every chess position a log carries.
fn positions(log: &[ServerMsg]) -> Vec<String> {
    log.iter()
        .filter_map(|m| match m {
            ServerMsg::Event { chess, .. } => chess.as_ref().map(|c| c.position.clone()),
            ServerMsg::State(v) => match &v.game {
                GameView::Chess { now, .. } => now.as_ref().map(|c| c.position.clone()),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess_game_between_two_clients_hides_what_it_must_and_its_record_verifies() {
    use carved_tables::net::protocol::ChessStage;
    use carved_tables::rules::chess::Action;
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let mut rng = SmallRng::seed_from_u64(41);
    let options = TableOptions {
        artifacts: Some(true),
        ..TableOptions::default()
    };
    // Dealt hands differ from game to game: play games until one has had a response window
    // (a window opens only when the other side holds an answer to the card).
    let mut windows = 0;
    for attempt in 0..12 {
        let (mut a, mut b) =
            client::table_of(&server.addr, &server.addr, GameKind::Chess, options, None)
                .await
                .unwrap();
        let (mut s, watching) = spectate(&server.addr, &a.code).await;
        let GameView::Chess { stage, ready, .. } = &watching.game else {
            panic!("{:?}", watching.game)
        };
        assert_eq!((*stage, *ready), (ChessStage::Building, [false, false]));
        assert!(watching.fingerprint.is_some() && watching.seed.is_none());
        let watcher = tokio::spawn(async move {
            let mut log = Vec::new();
            loop {
                let m = s.recv().await.unwrap();
                let end = matches!(m, ServerMsg::Ended { .. });
                log.push(m);
                if end {
                    return log;
                }
            }
        });
        let mut logs: [Vec<ServerMsg>; 2] = [Vec::new(), Vec::new()];
        let mut mismatch_tried = false;
        let mut waited_out = false;
        while a.ended.is_none() && a.seq() < 400 {
            let ai = if a.my_turn() { 0 } else { 1 };
            let (mover, other) = if ai == 0 {
                (&mut a, &mut b)
            } else {
                (&mut b, &mut a)
            };
            assert!(mover.my_turn(), "someone is to act");
            let me = mover.colour.unwrap();
            let board = mover.state.chess().unwrap().clone();
            let action = match &board.now {
                None => {
                    let mut board = board;
                    let action = board.next_action(me, &mut rng).unwrap();
                    if let client::Board::Chess(c) = &mut mover.state {
                        c.mine = board.mine.clone();
                    }
                    // One reveal that does not match its commitment: refused, nothing changes.
                    if action.starts_with("reveal ") && !mismatch_tried {
                        mismatch_tried = true;
                        let salt = &action[action.len() - 64..];
                        let wrong_salt = format!("{}{}", &action[..action.len() - 64], {
                            let mut w = salt.to_string();
                            w.replace_range(..1, if salt.starts_with('0') { "1" } else { "0" });
                            w
                        });
                        let seq = mover.seq();
                        mover
                            .c
                            .send(&ClientMsg::Act {
                                seq: Some(seq),
                                action: wrong_salt,
                                sig: None,
                            })
                            .await
                            .unwrap();
                        assert_eq!(error_of(&mut mover.c).await, ErrorCode::Illegal);
                        assert_eq!(mover.seq(), seq);
                    }
                    action
                }
                Some(state) => {
                    let pos = state.to_string();
                    let in_window = pos.split(' ').nth(14) != Some("-");
                    if in_window && !waited_out {
                        // The first window this client is to answer: let it run out.
                        waited_out = true;
                        let want = mover.seq() + 1;
                        pump_logged(mover, &mut logs[ai], want).await;
                        pump_logged(other, &mut logs[1 - ai], want).await;
                        let last = mover.seen.last().unwrap();
                        assert_eq!(last, "pass", "the window passed by itself");
                        windows += 1;
                        continue;
                    }
                    let actions = state.legal_actions();
                    // Cards first while the game is young, so cards and windows come up.
                    let card = actions
                        .iter()
                        .filter(|a| matches!(a, Action::Play(_)))
                        .collect::<Vec<_>>();
                    if !card.is_empty() && (mover.seq() < 60 || rng.random_bool(0.5)) {
                        card.choose(&mut rng).unwrap().to_string()
                    } else {
                        actions.choose(&mut rng).unwrap().to_string()
                    }
                }
            };
            let want = mover.seq() + 1;
            mover.act(action).await.unwrap();
            pump_logged(mover, &mut logs[ai], want).await;
            pump_logged(other, &mut logs[1 - ai], want).await;
            if mover.to_move.is_none() {
                break;
            }
        }
        if a.ended.is_none() {
            a.c.send(&ClientMsg::Resign).await.unwrap();
        }
        let [la, lb] = &mut logs;
        for (p, log) in [(&mut a, la), (&mut b, lb)] {
            while p.ended.is_none() {
                log.push(p.pump().await.unwrap());
            }
        }
        let spectator = watcher.await.unwrap();
        let record = a.ended.clone().unwrap();
        assert_eq!(b.ended.as_deref(), Some(record.as_str()));
        let r = carved_tables::play::chess_record::ChessRecord::parse(
            carved_tables::play::signed::body(&record),
        )
        .unwrap();
        let seed = r.seed.to_hex();

        // What each viewer heard. The seed: in no message before `ended`.
        for log in [&logs[0], &logs[1], &spectator] {
            let before_end = log
                .iter()
                .take_while(|m| !matches!(m, ServerMsg::Ended { .. }))
                .map(|m| m.to_json())
                .collect::<String>();
            assert!(!before_end.contains(&seed), "the seed before the end");
        }
        for (i, p) in [&a, &b].into_iter().enumerate() {
            let colour_i = if p.colour == Some(Side::Ash) { 0 } else { 1 };
            let army = &r.armies[colour_i].text;
            let value = Seed(r.values[colour_i]).to_hex();
            // The other seat and the spectator: no square of this army before its reveal,
            // and never this seat's value in an event.
            for log in [&logs[1 - i], &spectator] {
                let before_reveal: String = log
                    .iter()
                    .take_while(|m| {
                        !matches!(m, ServerMsg::Event { action, by, .. }
                            if action.starts_with("reveal ") && Some(*by) == p.colour)
                    })
                    .map(|m| m.to_json())
                    .collect();
                let pieces = army.split(':').nth(1).unwrap();
                for piece in pieces.split(',') {
                    assert!(
                        !before_reveal.contains(&format!("{piece},"))
                            && !before_reveal.contains(&format!(":{piece}")),
                        "{piece} of {army} before its reveal"
                    );
                }
                for m in log {
                    if let ServerMsg::Event { action, .. } = m {
                        assert!(!action.contains(&value), "a value in an event: {action}");
                    }
                }
            }
            // Every position the other seat got hides this seat's hand unless it scouted it;
            // the spectator's hides both.
            let (mine, theirs) = if colour_i == 0 {
                ('w', 'b')
            } else {
                ('b', 'w')
            };
            for pos in positions(&logs[1 - i]) {
                let (w, bl) = hands_field(&pos);
                let hidden = if colour_i == 0 { w } else { bl };
                assert!(
                    hidden == "-" || scouted(&pos, theirs),
                    "{mine}'s hand shown: {pos}"
                );
            }
            // A Trophy's draw is heard by its actor alone.
            for m in &logs[1 - i] {
                if let ServerMsg::Event { action, by, .. } = m
                    && Some(*by) == p.colour
                {
                    assert!(!action.contains(" drew "), "{action}");
                }
            }
        }
        let watched = positions(&spectator);
        assert!(!watched.is_empty());
        for pos in watched {
            assert_eq!(hands_field(&pos), ("-".into(), "-".into()), "{pos}");
        }
        // Each seat sees its own hand (the first position is right after the deal).
        for (i, p) in [&a, &b].into_iter().enumerate() {
            let own = positions(&logs[i]);
            let (w, bl) = hands_field(&own[0]);
            let dealt = if p.colour == Some(Side::Ash) { w } else { bl };
            assert_ne!(dealt, "-", "a seat sees its own hand");
        }

        // The record verifies; a die changed fails at its line.
        let (ok, out) = tables_verify(&record);
        assert!(ok, "{out}\n{record}");
        assert!(
            out.contains("passed: armies") && out.contains("passed: deal"),
            "{out}"
        );
        if let Some((n, line)) = record
            .lines()
            .enumerate()
            .find(|(_, l)| l.contains(" dice "))
        {
            let (head, dice) = line.split_once(" dice ").unwrap();
            let first: u8 = dice[..1].parse().unwrap();
            let changed = format!("{head} dice {}{}", first % 6 + 1, &dice[1..]);
            let tampered = record.replacen(line, &changed, 1);
            let (ok, out) = tables_verify(&tampered);
            assert!(
                !ok && out.contains(&format!("FAILED: actions: line {} ", n + 1)),
                "{out}"
            );
        }
        assert!(mismatch_tried);
        a.c.close().await;
        b.c.close().await;
        if windows > 0 && record.contains(" dice ") {
            eprintln!("a window and dice came up at table {attempt}");
            return;
        }
    }
    panic!("no game of twelve had a response window and dice");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess_game_against_the_bot_comes_back_after_a_killed_server_and_the_clock_plays() {
    let dir = tempfile::tempdir().unwrap();
    let path = db(&dir);
    let server = Server::start(&path, &["--bot-after", "0.2"]);
    let mut rng = SmallRng::seed_from_u64(43);
    let mut solo = client::create_game(
        &server.addr,
        GameKind::Chess,
        TableOptions::default(),
        Some(BotLevel::Easy),
        Some(2),
    )
    .await
    .unwrap();
    // Ready and reveal (the bot does both at once), then a few actions; one action at a time,
    // the next only once the server has announced the last.
    let mut pending = false;
    while (solo.colour.is_none() || solo.seq() < 8) && solo.ended.is_none() {
        if solo.my_turn() && !pending {
            solo.play_random(&mut rng).await.unwrap();
            pending = true;
        }
        match solo.pump().await.unwrap() {
            ServerMsg::Event { by, .. } if Some(by) == solo.colour => pending = false,
            ServerMsg::Error { code, message } => panic!("{code:?}: {message}"),
            _ => {}
        }
    }
    let seen = solo.seen.clone();
    let mine = solo.state.chess().unwrap().mine.clone();
    assert!(mine.is_some());
    server.kill9();
    std::thread::sleep(Duration::from_millis(500));
    let server = Server::start(&path, &[]);
    let mut back = seated(hello(&server.addr, Some(solo.token.clone())).await).await;
    assert!(
        back.seen.starts_with(&seen),
        "{seen:?} then {:?}",
        back.seen
    );
    assert_eq!(back.colour, solo.colour);
    assert!(
        back.state.chess().unwrap().now.is_some(),
        "the game goes on"
    );
    // The person lets one turn run out (the clock plays it), then plays on; resigns at 150.
    let (mut waited, mut pending) = (false, false);
    while back.ended.is_none() {
        if back.my_turn() && waited && !pending {
            if back.seq() > 150 {
                back.c.send(&ClientMsg::Resign).await.unwrap();
            } else {
                back.play_random(&mut rng).await.unwrap();
            }
            pending = true;
        }
        match back.pump().await.unwrap() {
            ServerMsg::Event { timeout, by, .. } if Some(by) == back.colour => {
                waited |= timeout;
                pending = false;
            }
            ServerMsg::Error { code, message } => panic!("{code:?}: {message}"),
            _ => {}
        }
    }
    let record = back.ended.clone().unwrap();
    assert!(record.contains(" timeout "), "{record}");
    let (ok, out) = tables_verify(&record);
    assert!(ok, "{out}\n{record}");
    assert!(
        record.contains("(bot)") || record.contains("Bot"),
        "{record}"
    );
}

/// A connection that said hello: the client and the welcome's challenge.
async fn challenged(addr: &str) -> (Client, String) {
    let mut c = Client::connect(addr).await.unwrap();
    c.send(&ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        token: None,
    })
    .await
    .unwrap();
    match c.recv().await.unwrap() {
        ServerMsg::Welcome { nonce, .. } => {
            assert_eq!(nonce.len(), 32, "{nonce}");
            (c, nonce)
        }
        other => panic!("{other:?}"),
    }
}

fn prove_msg(id: &Identity, key: &Identity, nonce: &str) -> ClientMsg {
    let sig = id.sign(&identity::hello_bytes(nonce));
    ClientMsg::Prove {
        key: key.public().to_hex(),
        signature: sig.iter().map(|b| format!("{b:02x}")).collect(),
    }
}

async fn refused_with(c: &mut Client, code: ErrorCode) {
    match c.recv().await.unwrap() {
        ServerMsg::Error { code: got, .. } => assert_eq!(got, code),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_key_is_proved_by_its_signature_over_the_connections_nonce_only() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let ana = Identity::from_secret([7; 32]);
    let rui = Identity::from_secret([8; 32]);
    // The right key over this connection's nonce: proved, and the key kept.
    let (mut a, nonce) = challenged(&server.addr).await;
    let right = prove_msg(&ana, &ana, &nonce);
    a.send(&right).await.unwrap();
    match a.recv().await.unwrap() {
        ServerMsg::Proved { key, fingerprint } => {
            assert_eq!(key, ana.public().to_hex());
            assert_eq!(fingerprint, ana.public().fingerprint());
        }
        other => panic!("{other:?}"),
    }
    // Once a connection: the nonce is spent.
    a.send(&right).await.unwrap();
    refused_with(&mut a, ErrorCode::BadSignature).await;
    // Another connection: the same signature replayed over the old nonce, then Ana's key
    // claimed with Rui's signature, are refused; the third wrong proof closes the connection.
    let (mut b, nonce_b) = challenged(&server.addr).await;
    assert_ne!(nonce_b, nonce);
    b.send(&right).await.unwrap();
    refused_with(&mut b, ErrorCode::BadSignature).await;
    b.send(&prove_msg(&rui, &ana, &nonce_b)).await.unwrap();
    refused_with(&mut b, ErrorCode::BadSignature).await;
    b.send(&ClientMsg::Prove {
        key: "not a key".into(),
        signature: "00".into(),
    })
    .await
    .unwrap();
    refused_with(&mut b, ErrorCode::BadSignature).await;
    assert!(b.recv().await.is_err(), "closed after three wrong proofs");
    // Rui proves his own key on a fresh connection; a prove before hello is refused.
    let (mut c, nonce_c) = challenged(&server.addr).await;
    c.send(&prove_msg(&rui, &rui, &nonce_c)).await.unwrap();
    assert!(matches!(c.recv().await.unwrap(), ServerMsg::Proved { .. }));
    let mut d = Client::connect(&server.addr).await.unwrap();
    d.send(&prove_msg(&rui, &rui, &nonce_c)).await.unwrap();
    refused_with(&mut d, ErrorCode::HelloFirst).await;
    // The store holds the two public keys, once each, and nothing secret.
    drop((a, c, d));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let db = rusqlite::Connection::open(db(&dir)).unwrap();
    let mut keys: Vec<String> = db
        .prepare("SELECT key FROM players")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    keys.sort();
    let mut want = vec![ana.public().to_hex(), rui.public().to_hex()];
    want.sort();
    assert_eq!(keys, want);
}

#[tokio::test]
async fn proofs_from_one_address_are_limited_a_minute() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let rui = Identity::from_secret([8; 32]);
    let mut made = 0;
    // Two wrong proofs a connection (three would close it), until the address's allowance is
    // spent: each is refused for its signature, the next one for the rate.
    while made < carved_tables::server::PROOFS_PER_MINUTE {
        let (mut c, _) = challenged(&server.addr).await;
        for _ in 0..2 {
            if made == carved_tables::server::PROOFS_PER_MINUTE {
                break;
            }
            c.send(&prove_msg(&rui, &rui, "another nonce"))
                .await
                .unwrap();
            refused_with(&mut c, ErrorCode::BadSignature).await;
            made += 1;
        }
    }
    // Even a right proof is refused now, on a new connection too.
    let (mut c, nonce) = challenged(&server.addr).await;
    c.send(&prove_msg(&rui, &rui, &nonce)).await.unwrap();
    refused_with(&mut c, ErrorCode::RateLimited).await;
}

#[tokio::test]
async fn the_servers_key_is_published_and_kept_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let key_of = |body: &str| -> (String, String) {
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        (
            v["key"].as_str().unwrap().to_string(),
            v["fingerprint"].as_str().unwrap().to_string(),
        )
    };
    let server = Server::start(&db(&dir), &[]);
    let (status, body) = http_get(&server.addr, "/key").await.unwrap();
    assert_eq!(status, 200, "{body}");
    let (key, fingerprint) = key_of(&body);
    let public = identity::PublicKey::from_hex(&key).expect("a public key");
    assert_eq!(fingerprint, public.fingerprint());
    server.kill9();
    let server = Server::start(&db(&dir), &[]);
    let (_, body) = http_get(&server.addr, "/key").await.unwrap();
    assert_eq!(key_of(&body).0, key, "the same key after a restart");
    // Another database: another server, another key.
    let other = tempfile::tempdir().unwrap();
    let elsewhere = Server::start(&db(&other), &[]);
    let (_, body) = http_get(&elsewhere.addr, "/key").await.unwrap();
    assert_ne!(key_of(&body).0, key);
}

// --- Players who are somebody: keys at the seats, signed actions, ratings ---------------

/// Reads until an `error`; its code.
async fn error_code(c: &mut Client) -> ErrorCode {
    c.recv_until(|m| match m {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    })
    .await
    .unwrap()
}

/// The `sign` lines of a signed record, as the chain checks them.
fn chain_of(record: &str) -> (String, Vec<identity::SignedAction>) {
    let mut code = String::new();
    let mut keys = std::collections::HashMap::new();
    let mut out = Vec::new();
    for line in record.lines() {
        let w: Vec<&str> = line.splitn(5, ' ').collect();
        match w[..] {
            ["code", c] => code = c.to_string(),
            ["key", who, hex] if hex != "none" => {
                keys.insert(who.to_string(), identity::PublicKey::from_hex(hex).unwrap());
            }
            ["sign", n, who, sig, action] => out.push(identity::SignedAction {
                seq: n.parse().unwrap(),
                action: action.to_string(),
                by: keys[who],
                signature: identity::unhex(sig).unwrap().try_into().unwrap(),
            }),
            _ => {}
        }
    }
    (code, out)
}

#[tokio::test]
async fn signed_actions_are_checked_and_the_record_carries_the_chain_and_both_keys() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    let (ana, rui) = (
        Identity::from_secret([3; 32]),
        Identity::from_secret([4; 32]),
    );
    let (mut a, mut b) = common::rated_table_at(&server.addr, &server.addr, &ana, &rui).await;
    let mut rng = SmallRng::seed_from_u64(5);
    play_out(&mut a, &mut b, &mut rng, 2).await;
    let (mover, other) = if a.my_turn() {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let action = mover.state.random_action(mover.colour, &mut rng).unwrap();
    let n = mover.chain.0 + 1;
    let head = mover.chain.1;
    let at = mover.seq();
    let seq = Some(at);
    let code = mover.code.clone();
    let mine = mover.c.identity.clone().unwrap();
    let sign = |id: &Identity, n: u64, head: &[u8; 32], action: &str| {
        identity::hex(&id.sign(&identity::action_bytes(&code, n, action, head)))
    };
    let theirs = other.c.identity.clone().unwrap();
    let cases = [
        ("unsigned", None),
        (
            "by the other seat's key",
            Some(sign(&theirs, n, &head, &action)),
        ),
        (
            "for another number",
            Some(sign(&mine, n + 1, &head, &action)),
        ),
        (
            "after another head",
            Some(sign(&mine, n, &[9; 32], &action)),
        ),
        ("over another action", Some(sign(&mine, n, &head, "pass"))),
        ("for another table", {
            let bytes = identity::action_bytes("ZZZZZZ", n, &action, &head);
            Some(identity::hex(&mine.sign(&bytes)))
        }),
        ("not hex", Some("zz".repeat(64))),
    ];
    for (what, sig) in cases {
        mover
            .c
            .send(&ClientMsg::Act {
                seq,
                action: action.clone(),
                sig,
            })
            .await
            .unwrap();
        assert_eq!(
            error_code(&mut mover.c).await,
            ErrorCode::BadSignature,
            "{what}"
        );
    }
    mover.c.send(&ClientMsg::Resync).await.unwrap();
    let v = mover.next_state().await.unwrap();
    assert_eq!(v.chain.as_ref().unwrap().n, n - 1, "nothing changed");
    assert_eq!(v.seq, at);
    assert!(v.rated);
    assert!(
        v.seats
            .iter()
            .all(|s| s.fingerprint.is_some() && s.rating.is_some())
    );
    // The right signature plays.
    let right = sign(&mine, n, &head, &action);
    let act = ClientMsg::Act {
        seq: None,
        action: action.clone(),
        sig: Some(right),
    };
    mover.c.send(&act).await.unwrap();
    mover.pump_to(at + 1).await.unwrap();
    other.pump_to(at + 1).await.unwrap();
    // The same signed action replayed: refused (its number is taken), nothing changes.
    mover.c.send(&act).await.unwrap();
    let code = error_code(&mut mover.c).await;
    assert!(
        matches!(code, ErrorCode::Stale | ErrorCode::BadSignature),
        "{code:?}"
    );
    // The other resigns: the record is sealed and carries the chain.
    other.c.send(&ClientMsg::Resign).await.unwrap();
    let ended = loop {
        if let ServerMsg::Ended {
            record, ratings, ..
        } = mover.pump().await.unwrap()
        {
            break (record, ratings);
        }
    };
    let (record, ratings) = ended;
    assert!(record.contains("\n# signed\n"), "{record}");
    assert!(record.contains(&format!("key first {}", ana.public().to_hex())));
    assert!(record.contains(&format!("key second {}", rui.public().to_hex())));
    let (code, chain) = chain_of(&record);
    assert_eq!(chain.len() as u64, n);
    identity::check_chain(&code, &chain, |_| true).expect("the chain holds");
    verified(&record);
    // `tables verify` checks every signature, the chain and the seal.
    let (ok, out) = tables_verify(&record);
    assert!(ok && out.contains("signatures"), "{out}");
    // A name changed: nothing but the server's seal covers it.
    let forged = record.replacen("seat first Ana", "seat first Eve", 1);
    assert_ne!(forged, record);
    let (ok, out) = tables_verify(&forged);
    assert!(!ok && out.contains("FAILED: signatures"), "{out}");
    // Rated: the winner went up and the loser down, from a new player's 1500.
    let r = ratings.expect("a rated game's changes");
    let winner = if mover.seat == SeatId::First { 0 } else { 1 };
    assert_eq!(r[winner].before.rating, 1500);
    assert!(r[winner].delta() > 0 && r[1 - winner].delta() < 0, "{r:?}");
}

#[tokio::test]
async fn a_rated_game_changes_both_ratings_once_even_when_the_server_is_killed_at_its_end() {
    use carved_tables::rating::{Rating, Score, after_game};
    // `before-end`: the agreed draw's rows are stored, the end is not (the restart ends the
    // game, with its ratings); `after-end`: the end and the ratings are stored, nobody heard.
    for point in ["before-end", "after-end"] {
        let dir = tempfile::tempdir().unwrap();
        let marker = dir.path().join("died");
        let die = format!("{point}:{}", marker.display());
        let mut server = Server::start_env(&db(&dir), &[], &[("CARVED_TABLES_DIE", &die)]);
        let (ana, rui) = (
            Identity::from_secret([5; 32]),
            Identity::from_secret([6; 32]),
        );
        let (mut a, mut b) = common::rated_table_at(&server.addr, &server.addr, &ana, &rui).await;
        let mut rng = SmallRng::seed_from_u64(9);
        play_out(&mut a, &mut b, &mut rng, 2).await;
        agree_a_draw(&mut a, &mut b).await;
        assert!(
            server.wait_dead(Duration::from_secs(10)),
            "{point}: it died"
        );
        assert!(marker.exists());
        let code = a.code.clone();
        drop((a, b));
        // Restarted twice: the second start must not apply anything again.
        for _ in 0..2 {
            let server = Server::start(&db(&dir), &[]);
            let mut pages = Vec::new();
            for who in [&ana, &rui] {
                // The restored table may take a moment to write its end.
                let mut page = common::profile_of(&server.addr, who).await;
                for _ in 0..50 {
                    if !page.games.is_empty() {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    page = common::profile_of(&server.addr, who).await;
                }
                pages.push(page);
            }
            let (draw, _) = after_game(Rating::default(), Rating::default(), Score::Draw);
            for page in &pages {
                assert_eq!(page.games.len(), 1, "{point}: {page:?}");
                assert_eq!(page.games[0].code, code);
                assert!(page.games[0].rated);
                let hive = &page.ratings[0];
                assert_eq!(hive.game, GameKind::Hive);
                assert_eq!(hive.rating.games, 1, "{point}: applied once");
                assert_eq!(hive.history.len(), 1, "{point}: applied once");
                assert!((hive.history[0].rating - draw.rating).abs() < 1e-9);
                assert!((hive.history[0].deviation - draw.deviation).abs() < 1e-9);
            }
            server.kill9();
        }
    }
}

#[tokio::test]
async fn rated_tables_want_keys_and_a_players_page_lists_their_games_and_records() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &[]);
    // Without a key: no rated table, no rated pairing, no page of one's own.
    let mut c = hello(&server.addr, None).await;
    for msg in [
        ClientMsg::Create {
            game: GameKind::Hive,
            clock: None,
            bot_fill: None,
            name: None,
            stakes: None,
            appeal: None,
            artifacts: None,
            game_type: None,
            control: None,
            public: false,
            rated: true,
        },
        ClientMsg::Quick {
            game: GameKind::Hive,
            control: TimeControl::Turn { seconds: 60 },
            name: None,
            game_type: None,
            rated: true,
        },
        ClientMsg::Profile { key: None },
    ] {
        c.send(&msg).await.unwrap();
        assert_eq!(error_code(&mut c).await, ErrorCode::NotProved, "{msg:?}");
    }
    // A rated table refuses a seat without a key, and its own key at the other seat.
    let ana = Identity::from_secret([7; 32]);
    let mut o = client::hello_as(&server.addr, None, &ana).await.unwrap();
    o.send(&ClientMsg::Create {
        game: GameKind::Hive,
        clock: None,
        bot_fill: None,
        name: Some("Ana".into()),
        stakes: None,
        appeal: None,
        artifacts: None,
        game_type: None,
        control: None,
        public: true,
        rated: true,
    })
    .await
    .unwrap();
    let opener = Player::seated(o).await.unwrap();
    c.send(&ClientMsg::Join {
        code: opener.code.clone(),
        name: None,
    })
    .await
    .unwrap();
    assert_eq!(error_code(&mut c).await, ErrorCode::NotProved);
    let mut twin = client::hello_as(&server.addr, None, &ana).await.unwrap();
    twin.send(&ClientMsg::Join {
        code: opener.code.clone(),
        name: None,
    })
    .await
    .unwrap();
    assert_eq!(error_code(&mut twin).await, ErrorCode::BadRequest);
    drop(opener);
    // A game played to a resignation: both pages list it, with the change, and the record
    // is there to ask for.
    let rui = Identity::from_secret([8; 32]);
    let (mut a, mut b) = common::rated_table_at(&server.addr, &server.addr, &ana, &rui).await;
    let mut rng = SmallRng::seed_from_u64(4);
    play_out(&mut a, &mut b, &mut rng, 1).await;
    b.c.send(&ClientMsg::Resign).await.unwrap();
    let record = loop {
        if let ServerMsg::Ended { record, .. } = a.pump().await.unwrap() {
            break record;
        }
    };
    let page = common::profile_of(&server.addr, &ana).await;
    assert_eq!(page.name, "Ana");
    assert_eq!(page.fingerprint, ana.public().fingerprint());
    let g = &page.games[0];
    assert_eq!(g.code, a.code);
    assert_eq!(g.result, carved_tables::net::protocol::GameResult::Won);
    assert_eq!(g.opponent, "Rui");
    assert_eq!(g.opponent_fingerprint, Some(rui.public().fingerprint()));
    assert!(g.change.unwrap() > 0);
    let lost = common::profile_of(&server.addr, &rui).await;
    assert_eq!(
        lost.games[0].result,
        carved_tables::net::protocol::GameResult::Lost
    );
    assert!(lost.games[0].change.unwrap() < 0);
    c.send(&ClientMsg::Record {
        code: a.code.clone(),
    })
    .await
    .unwrap();
    let asked = c
        .recv_until(|m| match m {
            ServerMsg::Record { record, .. } => Some(record.clone()),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(asked, record);
    c.send(&ClientMsg::Record {
        code: "QQQQQQ".into(),
    })
    .await
    .unwrap();
    assert_eq!(error_code(&mut c).await, ErrorCode::NoSuchTable);
}

/// One sample of a `/metrics` page (`name{labels} value`), 0 when absent.
fn sample(page: &str, name: &str) -> f64 {
    page.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| {
            let (n, v) = l.rsplit_once(' ')?;
            (n == name).then(|| v.parse().ok())?
        })
        .unwrap_or(0.0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_name_what_is_open_and_count_what_happened() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&db(&dir), &["--bot-after", "0.3"]);
    let (status, before) = http_get(&server.addr, "/metrics").await.unwrap();
    assert_eq!(status, 200);
    for name in [
        "ct_connections",
        "ct_tables",
        "ct_connections_total",
        "ct_actions_total",
        "ct_refusals_total",
        "ct_lease_takeovers_total",
        "ct_action_seconds",
        "ct_store_write_seconds",
        "ct_bot_think_seconds",
    ] {
        assert!(
            before.contains(&format!("# TYPE {name} ")),
            "{name} missing:\n{before}"
        );
    }
    // A game against the bot, a refused action and a few moves.
    let (mut a, _) = against_the_bot(&server.addr).await;
    let (_, playing) = http_get(&server.addr, "/metrics").await.unwrap();
    assert_eq!(
        sample(&playing, "ct_tables{game=\"hive\",phase=\"playing\"}"),
        1.0
    );
    assert!(sample(&playing, "ct_connections") >= 1.0);
    let mut rng = SmallRng::seed_from_u64(5);
    while a.seq() < 6 && a.ended.is_none() {
        if a.my_turn() {
            a.play_random(&mut rng).await.unwrap();
        }
        a.pump().await.unwrap();
    }
    // A refusal last: what `error_of` passes over is not needed any more. On this seat's turn,
    // or the refusal is `not_your_turn` before the notation is read (the bot may have moved
    // last).
    while !a.my_turn() && a.ended.is_none() {
        a.pump().await.unwrap();
    }
    a.c.send(&ClientMsg::Act {
        seq: None,
        action: "xyz".into(),
        sig: None,
    })
    .await
    .unwrap();
    assert_eq!(error_of(&mut a.c).await, ErrorCode::BadNotation);
    let (_, after) = http_get(&server.addr, "/metrics").await.unwrap();
    let moved = |name: &str| sample(&after, name) - sample(&before, name);
    assert!(moved("ct_actions_total{game=\"hive\"}") >= 6.0, "{after}");
    assert!(moved("ct_refusals_total{code=\"bad_notation\"}") >= 1.0);
    assert!(moved("ct_connections_total") >= 1.0);
    assert!(
        moved("ct_action_seconds_count") >= 3.0,
        "the person's own actions"
    );
    assert!(moved("ct_bot_think_seconds_count") >= 3.0, "the bot's");
    assert!(moved("ct_store_write_seconds_count") >= 1.0);
    assert_eq!(
        sample(&after, "ct_action_seconds_bucket{le=\"+Inf\"}"),
        sample(&after, "ct_action_seconds_count")
    );
}

/// The server's log is JSON lines with a time, a level and words, and the lines about a table or
/// a connection name it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_is_json_lines_naming_tables_and_connections() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_carved-tables-server"))
        .args(["--addr", "127.0.0.1:0", "--bot-after", "0.2", "--db"])
        .arg(db(&dir))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let addr = first
        .trim()
        .strip_prefix("listening on ")
        .unwrap()
        .to_string();
    let mut a = create(&addr, Some(BotLevel::Easy), None).await;
    let code = a.code.clone();
    a.c.recv_until(|m| matches!(m, ServerMsg::Started { .. }).then_some(()))
        .await
        .unwrap();
    a.c.send(&ClientMsg::Resign).await.unwrap();
    ended(&mut a.c).await;
    drop(a);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    child.kill().unwrap();
    let lines: Vec<serde_json::Value> = std::io::BufReader::new(child.stderr.take().unwrap())
        .lines()
        .map(|l| {
            let l = l.unwrap();
            serde_json::from_str(&l).unwrap_or_else(|e| panic!("{l:?} is not JSON: {e}"))
        })
        .collect();
    let _ = child.wait();
    for l in &lines {
        assert!(
            l["ts"].is_u64() && l["level"].is_string() && l["msg"].is_string(),
            "{l}"
        );
    }
    let find = |msg: &str| {
        lines
            .iter()
            .find(|l| l["msg"] == msg)
            .unwrap_or_else(|| panic!("no {msg:?} line in {lines:?}"))
    };
    assert_eq!(find("table opened")["table"], code.as_str());
    assert_eq!(find("table opened")["game"], "hive");
    let seated = find("seated");
    assert_eq!(seated["table"], code.as_str());
    let conn = seated["conn"].as_u64().unwrap();
    assert!(
        lines
            .iter()
            .any(|l| l["msg"] == "connection opened" && l["conn"] == conn)
    );
    assert_eq!(find("game ended")["table"], code.as_str());
    assert!(
        lines
            .iter()
            .any(|l| l["msg"] == "connection closed" && l["conn"] == conn)
    );
}

/// SIGTERM stops the server for a restart: every client is told (close code 1012), the process
/// exits by itself within its bound, and after the restart each player comes back with its
/// token to the game as it was, which plays on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_closes_every_connection_for_a_restart_and_nothing_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = db(&dir);
    let mut server = Server::start(&path, &[]);
    let mut rng = SmallRng::seed_from_u64(12);
    let (mut a, mut b) = table(&server.addr, None).await;
    play_out(&mut a, &mut b, &mut rng, 5).await;
    let seen = a.seen.clone();
    let (mut watcher, _) = spectate(&server.addr, &a.code).await;
    server.term();
    for c in [&mut a.c, &mut b.c, &mut watcher] {
        let why = loop {
            match c.recv().await {
                Ok(_) => continue,
                Err(e) => break e,
            }
        };
        assert!(why.contains("1012"), "{why}");
    }
    let status = server
        .exited_within(carved_tables::server::STOP_WITHIN + Duration::from_secs(2))
        .expect("the server exits by itself");
    assert!(status.success(), "{status:?}");
    // The restarted server has it all.
    let server = Server::start(&path, &[]);
    let mut a2 = seated(hello(&server.addr, Some(a.token.clone())).await).await;
    let mut b2 = seated(hello(&server.addr, Some(b.token.clone())).await).await;
    assert_eq!(a2.seen, seen);
    assert_eq!(b2.seen, seen);
    play_out(&mut a2, &mut b2, &mut rng, 3).await;
    assert_eq!(a2.seen[..seen.len()], seen[..]);
    assert!(a2.seen.len() > seen.len());
}

/// The deployment's files (`deploy/`) agree with the server and with each other: every server
/// command is flags the server accepts, its PostgreSQL and Redis are the Compose file's own
/// services with their user, password and database, Caddy's upstreams are the server services
/// at the port they listen on, and the systemd unit stops the server with SIGTERM and waits
/// longer than it takes.
#[test]
fn the_deployment_files_agree_with_the_server_and_each_other() {
    use carved_tables::server::args::parse;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy");
    let read = |name: &str| std::fs::read_to_string(root.join(name)).unwrap();
    // Compose's `${NAME:-default}` as Compose fills it with nothing set.
    let defaults = |text: &str| -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(i) = rest.find("${") {
            out.push_str(&rest[..i]);
            let end = rest[i..].find('}').unwrap() + i;
            let inner = &rest[i + 2..end];
            out.push_str(inner.split_once(":-").map_or("", |(_, d)| d));
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        out
    };
    let compose = defaults(&read("compose.yaml"));
    // The services: `  name:` under `services:`, each with its lines.
    let services_part = compose.split("\nservices:\n").nth(1).unwrap();
    let services_part = services_part.split("\nvolumes:\n").next().unwrap();
    let mut services: Vec<(String, Vec<String>)> = Vec::new();
    for line in services_part.lines() {
        if let Some(name) = line.strip_prefix("  ").and_then(|l| l.strip_suffix(':'))
            && !name.starts_with(' ')
        {
            services.push((name.to_string(), Vec::new()));
        } else if let Some((_, lines)) = services.last_mut() {
            lines.push(line.trim().to_string());
        }
    }
    let service = |name: &str| {
        services
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no service {name}"))
            .1
            .clone()
    };
    let setting = |lines: &[String], key: &str| -> String {
        lines
            .iter()
            .find_map(|l| l.strip_prefix(&format!("{key}: ")))
            .unwrap_or_else(|| panic!("no {key}"))
            .to_string()
    };
    let pg = service("postgres");
    let (user, password, database) = (
        setting(&pg, "POSTGRES_USER"),
        setting(&pg, "POSTGRES_PASSWORD"),
        setting(&pg, "POSTGRES_DB"),
    );
    service("redis");
    let mut servers = Vec::new();
    for (name, lines) in &services {
        let Some(command) = lines.iter().find_map(|l| l.strip_prefix("command: ")) else {
            continue;
        };
        let command: Vec<String> = serde_json::from_str(command).unwrap();
        if command[0] != "carved-tables-server" {
            continue;
        }
        let config = parse(&command[1..]).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            config.postgres.as_deref(),
            Some(format!("postgres://{user}:{password}@postgres:5432/{database}").as_str()),
            "{name}"
        );
        assert_eq!(
            config.redis.as_deref(),
            Some("redis://redis:6379"),
            "{name}"
        );
        assert!(lines.iter().any(|l| l == "stop_signal: SIGTERM"), "{name}");
        servers.push((name.clone(), config.addr.port()));
    }
    assert!(servers.len() >= 2, "two server processes: {servers:?}");
    // Caddy sends the game's paths to exactly those servers, at their port.
    let caddy = read("Caddyfile");
    let upstreams: Vec<&str> = caddy
        .lines()
        .find_map(|l| l.trim().strip_prefix("reverse_proxy "))
        .unwrap()
        .trim_end_matches(" {")
        .split_whitespace()
        .collect();
    let expected: Vec<String> = servers.iter().map(|(n, p)| format!("{n}:{p}")).collect();
    assert_eq!(upstreams, expected);
    for path in ["/ws", "/records/*", "/key", "/health"] {
        assert!(
            caddy
                .lines()
                .any(|l| l.contains("@game path") && l.split_whitespace().any(|w| w == path)),
            "Caddy passes {path}"
        );
    }
    // The image's own command, and the single-process unit.
    let docker = read("Dockerfile");
    let cmd: Vec<String> =
        serde_json::from_str(docker.lines().find_map(|l| l.strip_prefix("CMD ")).unwrap()).unwrap();
    parse(&cmd[1..]).unwrap();
    let unit = read("carved-tables-server.service");
    let exec: Vec<String> = unit
        .lines()
        .find_map(|l| l.strip_prefix("ExecStart="))
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let config = parse(&exec[1..]).unwrap();
    assert!(config.postgres.is_none() && config.redis.is_none());
    assert!(unit.lines().any(|l| l == "KillSignal=SIGTERM"));
    let stop: u64 = unit
        .lines()
        .find_map(|l| l.strip_prefix("TimeoutStopSec="))
        .unwrap()
        .parse()
        .unwrap();
    assert!(Duration::from_secs(stop) > carved_tables::server::STOP_WITHIN);
}
