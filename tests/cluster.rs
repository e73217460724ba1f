//! Two server processes sharing real PostgreSQL and Redis servers (Debian's `postgresql` and
//! `redis-server`, started here on free ports of 127.0.0.1; `scripts/setup.sh test` installs
//! them): a table whose players sit at different processes plays to the end, a player comes
//! back through the other process, and the record is read from either; when the process that
//! holds a table is killed, the other takes it over from the store. The lobby, the pairing
//! queue, watching, `games` and a rematch work across the two processes. Redis or PostgreSQL
//! restarted under load loses nothing.

mod common;

use carved_tables::server::client::{self, Player, http_get};
use common::{Server, play_out, seated, verified};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process killed when dropped.
struct Daemon(Child);

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn postgres_bin(name: &str) -> PathBuf {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .expect("PostgreSQL is installed (scripts/setup.sh test)")
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("bin").join(name))
        .filter(|p| p.exists())
        .collect();
    found.sort();
    found
        .pop()
        .unwrap_or_else(|| panic!("no {name} under /usr/lib/postgresql"))
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// A command run as the `postgres` user when we are root (PostgreSQL refuses root).
fn as_postgres(program: &Path) -> Command {
    if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

fn wait_for_port(port: u16) {
    let until = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < until, "nothing listens on {port}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn start_postgres(dir: &Path) -> (Daemon, String) {
    let (daemon, url, _) = start_postgres_at(dir);
    (daemon, url)
}

/// [`start_postgres`], with the data directory and port to start it again on.
fn start_postgres_at(dir: &Path) -> (Daemon, String, (PathBuf, u16)) {
    let data = dir.join("pg");
    std::fs::create_dir(&data).unwrap();
    if is_root() {
        let ok = Command::new("chown")
            .args(["-R", "postgres:postgres"])
            .arg(dir)
            .status()
            .unwrap();
        assert!(ok.success());
    }
    let ok = as_postgres(&postgres_bin("initdb"))
        .args(["-A", "trust", "-U", "postgres", "--no-sync", "-D"])
        .arg(&data)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(ok.success(), "initdb");
    let port = free_port();
    let daemon = run_postgres(&data, port);
    let url = format!("host=127.0.0.1 port={port} user=postgres dbname=postgres");
    (daemon, url, (data, port))
}

/// Starts PostgreSQL on `data` at `port` and waits until it takes queries.
fn run_postgres(data: &Path, port: u16) -> Daemon {
    let child = as_postgres(&postgres_bin("postgres"))
        .arg("-D")
        .arg(data)
        .args(["-p", &port.to_string(), "-k"])
        .arg(data)
        .args(["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let daemon = Daemon(child);
    wait_for_port(port);
    // Accepting connections is not yet accepting queries: wait for pg_isready.
    let until = Instant::now() + Duration::from_secs(30);
    while !Command::new(postgres_bin("pg_isready"))
        .args(["-h", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .status()
        .unwrap()
        .success()
    {
        assert!(Instant::now() < until, "PostgreSQL did not get ready");
        std::thread::sleep(Duration::from_millis(100));
    }
    daemon
}

/// Stops the PostgreSQL server on `data` as an operator would (a fast shutdown: every session
/// is ended with an error and the server exits), waiting until it has.
fn stop_postgres(data: &Path, daemon: Daemon) {
    let ok = as_postgres(&postgres_bin("pg_ctl"))
        .args(["stop", "-m", "fast", "-w", "-D"])
        .arg(data)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(ok.success(), "pg_ctl stop");
    drop(daemon);
}

fn start_redis() -> (Daemon, String) {
    let port = free_port();
    (start_redis_on(port), format!("redis://127.0.0.1:{port}/"))
}

/// A Redis server on `port` (empty: nothing saved), once it listens.
fn start_redis_on(port: u16) -> Daemon {
    let child = Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args(["--save", "", "--appendonly", "no"])
        .stdout(Stdio::null())
        .spawn()
        .expect("redis-server is installed (scripts/setup.sh test)");
    wait_for_port(port);
    Daemon(child)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_at_two_processes_play_one_table_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let (_pg, pg_url) = start_postgres(dir.path());
    let (_redis, redis_url) = start_redis();
    let args = ["--postgres", &pg_url, "--redis", &redis_url];
    let one = Server::start(&dir.path().join("unused1.db"), &args);
    let two = Server::start(&dir.path().join("unused2.db"), &args);
    // Ana opens the table at process one; Rui joins it at process two.
    let mut a = client::create(&one.addr, None, None).await.unwrap();
    let mut b = client::join(&two.addr, &a.code).await.unwrap();
    while a.colour.is_none() {
        a.pump().await.unwrap();
    }
    assert!(b.colour.is_some() && a.colour != b.colour);
    let mut rng = SmallRng::seed_from_u64(6);
    play_out(&mut a, &mut b, &mut rng, 6).await;
    // Ana drops and comes back through process two, with her token.
    let token = a.token.clone();
    a.c.close().await;
    let mut a = seated(common::hello(&two.addr, Some(token)).await).await;
    assert_eq!(a.seen, b.seen);
    play_out(&mut a, &mut b, &mut rng, 10_000).await;
    let record = a.ended.clone().expect("the game ended");
    assert_eq!(b.ended.as_deref(), Some(record.as_str()));
    verified(&record);
    // Either process serves the record from PostgreSQL.
    for server in [&one, &two] {
        let (status, body) = http_get(&server.addr, &format!("/records/{}", a.code))
            .await
            .unwrap();
        assert_eq!((status, body.as_str()), (200, record.as_str()));
    }
}

/// Takes a seat back at `addr`, trying again until `within` has passed (while another process
/// takes the table over).
async fn come_back(addr: &str, token: &str, within: Duration) -> Player {
    let until = Instant::now() + within;
    loop {
        if let Ok(c) = client::hello(addr, Some(token.to_string())).await
            && let Ok(p) = Player::seated(c).await
        {
            return p;
        }
        assert!(Instant::now() < until, "the seat did not come back");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tables_of_a_killed_process_move_to_another() {
    let dir = tempfile::tempdir().unwrap();
    let (_pg, pg_url) = start_postgres(dir.path());
    let (_redis, redis_url) = start_redis();
    let args = ["--postgres", &pg_url, "--redis", &redis_url, "--lease", "1"];
    let one = Server::start(&dir.path().join("unused1.db"), &args);
    let two = Server::start(&dir.path().join("unused2.db"), &args);
    let (mut a, mut b) = client::table_at(&one.addr, &two.addr, None).await.unwrap();
    let mut rng = SmallRng::seed_from_u64(8);
    play_out(&mut a, &mut b, &mut rng, 5).await;
    let seen = a.seen.clone();
    // Process one holds the table; it dies. Its lease lapses and process two takes over.
    one.kill9();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut a = come_back(&two.addr, &a.token, Duration::from_secs(40)).await;
    let mut b = come_back(&two.addr, &b.token, Duration::from_secs(40)).await;
    assert!(a.seen.starts_with(&seen), "{seen:?} then {:?}", a.seen);
    assert_eq!(a.seen, b.seen);
    play_out(&mut a, &mut b, &mut rng, 10_000).await;
    let record = a.ended.clone().expect("the game ended");
    verified(&record);
    let (status, body) = http_get(&two.addr, &format!("/records/{}", a.code))
        .await
        .unwrap();
    assert_eq!((status, body.as_str()), (200, record.as_str()));
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

/// Reads a connection until it closes (`within` at most): what it heard, and how it closed.
async fn until_closed(
    c: &mut carved_tables::server::client::Client,
    within: Duration,
) -> (Vec<carved_tables::net::protocol::ServerMsg>, String) {
    let until = Instant::now() + within;
    let mut heard = Vec::new();
    loop {
        let left = until.saturating_duration_since(Instant::now());
        assert!(
            !left.is_zero(),
            "the connection stayed open; heard {heard:?}"
        );
        match c.recv_within(left).await {
            Ok(m) => heard.push(m),
            Err(e) if e.starts_with("closed") => return (heard, e),
            Err(e) => panic!("{e}; heard {heard:?}"),
        }
    }
}

/// The table's course as PostgreSQL keeps it: `(seq, action)` in order.
async fn stored_course(pg_url: &str, code: &str) -> Vec<(i64, String)> {
    let (url, code) = (pg_url.to_string(), code.to_string());
    tokio::task::spawn_blocking(move || {
        let mut db = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        db.query(
            "SELECT seq, action FROM actions WHERE code = $1 ORDER BY seq",
            &[&code],
        )
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
    })
    .await
    .unwrap()
}

/// Fencing (issue 44): the process holding a table is paused (SIGSTOP) past its lease; the
/// other takes the table over and the game goes on there; a resignation sent to the paused
/// process meanwhile is its late write once it runs on (SIGCONT): the store refuses it for
/// its old generation, and the process lets the table go, closing its connection with the
/// restart code. The game ends through the new holder, its record holds every action the
/// players heard, once each, in order, and verifies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_holder_paused_past_its_lease_cannot_write_after_the_takeover() {
    use carved_tables::net::protocol::{ClientMsg, ServerMsg};
    let dir = tempfile::tempdir().unwrap();
    let (_pg, pg_url) = start_postgres(dir.path());
    let (_redis, redis_url) = start_redis();
    let args = ["--postgres", &pg_url, "--redis", &redis_url, "--lease", "1"];
    let one = Server::start(&dir.path().join("unused1.db"), &args);
    let two = Server::start(&dir.path().join("unused2.db"), &args);
    // Ana opens the table at process one, which holds it; Rui plays through process two.
    let (mut a, mut b) = client::table_at(&one.addr, &two.addr, None).await.unwrap();
    let mut rng = SmallRng::seed_from_u64(44);
    play_out(&mut a, &mut b, &mut rng, 4).await;
    let (code, before) = (a.code.clone(), a.seen.clone());
    assert_eq!(before.len(), 4);
    // Process one stops. Ana, not knowing, resigns through it: her message waits in its
    // socket for as long as it is stopped.
    one.pause();
    a.c.send(&ClientMsg::Resign).await.unwrap();
    // Its lease lapses and process two takes the table over (within a lease and a look):
    // Rui's connection, which reached the table through process one, is sent back with the
    // restart code, and both players come back through process two.
    let (_, closed) = until_closed(&mut b.c, Duration::from_secs(30)).await;
    assert!(closed.contains("1012"), "{closed}");
    let (_, metrics) = http_get(&two.addr, "/metrics").await.unwrap();
    assert_eq!(sample(&metrics, "ct_lease_takeovers_total"), 1.0);
    let mut b = come_back(&two.addr, &b.token, Duration::from_secs(30)).await;
    let mut a2 = come_back(&two.addr, &a.token, Duration::from_secs(30)).await;
    assert_eq!((&a2.seen, &b.seen), (&before, &before));
    // The game goes on at process two.
    play_out(&mut a2, &mut b, &mut rng, 4).await;
    assert_eq!(a2.seen.len(), 8);
    // Process one runs on and reads Ana's resignation: its write is refused, it tells
    // nobody of an end or an action, closes her connection with the restart code, and
    // holds the table no more.
    one.signal("CONT");
    let (heard, closed) = until_closed(&mut a.c, Duration::from_secs(30)).await;
    assert!(
        !heard
            .iter()
            .any(|m| matches!(m, ServerMsg::Ended { .. } | ServerMsg::Event { .. })),
        "the former holder announced {heard:?}"
    );
    assert!(closed.contains("1012"), "{closed}");
    let (_, metrics) = http_get(&one.addr, "/metrics").await.unwrap();
    assert!(
        sample(&metrics, "ct_fenced_writes_total") >= 1.0,
        "{metrics}"
    );
    assert_eq!(
        sample(&metrics, "ct_tables{game=\"hive\",phase=\"playing\"}"),
        0.0,
        "{metrics}"
    );
    // Nothing of the late write is stored: the game is still open, its course the players'.
    for server in [&one, &two] {
        let (status, _) = http_get(&server.addr, &format!("/records/{code}"))
            .await
            .unwrap();
        assert_eq!(status, 404, "the game is still open");
    }
    let course = stored_course(&pg_url, &code).await;
    let actions: Vec<String> = course.iter().map(|(_, a)| a.clone()).collect();
    assert_eq!(actions, a2.seen);
    // Process two goes on holding the table, and the game ends there.
    play_out(&mut a2, &mut b, &mut rng, 10_000).await;
    let record = a2.ended.clone().expect("the game ended");
    assert_eq!(b.ended.as_deref(), Some(record.as_str()));
    let r = verified(&record);
    let moves: Vec<&str> = r
        .entries
        .iter()
        .filter_map(|e| e.as_move())
        .map(|m| m.text.as_str())
        .collect();
    assert_eq!(moves, a2.seen, "every action heard, once, in order");
    let course = stored_course(&pg_url, &code).await;
    let numbers: Vec<i64> = course.iter().map(|(n, _)| *n).collect();
    assert_eq!(numbers, (1..=a2.seen.len() as i64).collect::<Vec<_>>());
    assert_eq!(
        course.into_iter().map(|(_, a)| a).collect::<Vec<_>>(),
        a2.seen
    );
    for server in [&one, &two] {
        let (status, body) = http_get(&server.addr, &format!("/records/{code}"))
            .await
            .unwrap();
        assert_eq!((status, body.as_str()), (200, record.as_str()));
    }
}

/// A look for lapsed leases that takes long (a slow store under load, a process that died with
/// hundreds of tables) holds no renewal back: the looking process keeps its own leases, and
/// nobody takes its tables over while it serves them. (Found by the 10-minute chaos run: a
/// process whose renewals waited behind its look lost its leases and served a table for up to
/// 13 s after another had taken it over and ended the game.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_look_for_lapsed_leases_holds_no_renewal_back() {
    let dir = tempfile::tempdir().unwrap();
    let (_pg, pg_url) = start_postgres(dir.path());
    let (_redis, redis_url) = start_redis();
    let args = ["--postgres", &pg_url, "--redis", &redis_url, "--lease", "1"];
    let one = Server::start(&dir.path().join("unused1.db"), &args);
    // Each of process two's looks takes three leases.
    let two = Server::start_env(
        &dir.path().join("unused2.db"),
        &args,
        &[("CARVED_TABLES_SLOW", "adopt:3000")],
    );
    // Process two holds the table; Rui plays through process one.
    let (mut a, mut b) = client::table_at(&two.addr, &one.addr, None).await.unwrap();
    let mut rng = SmallRng::seed_from_u64(45);
    // Eight leases, two of process two's slow looks among them, an action every quarter second.
    let until = Instant::now() + Duration::from_secs(8);
    while Instant::now() < until && a.ended.is_none() {
        play_out(&mut a, &mut b, &mut rng, 1).await;
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    for (server, name) in [(&one, "one"), (&two, "two")] {
        let (_, metrics) = http_get(&server.addr, "/metrics").await.unwrap();
        assert_eq!(
            sample(&metrics, "ct_lease_takeovers_total"),
            0.0,
            "process {name} took a table over\n{metrics}"
        );
        assert_eq!(
            sample(&metrics, "ct_fenced_writes_total"),
            0.0,
            "process {name} had a write refused\n{metrics}"
        );
    }
}

/// Reads until `pick` accepts a message (10 s at most).
async fn heard<T>(
    c: &mut carved_tables::server::client::Client,
    pick: impl FnMut(&carved_tables::net::protocol::ServerMsg) -> Option<T>,
) -> T {
    c.recv_until(pick).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_pairing_watching_and_rematch_work_across_two_processes() {
    use carved_tables::net::protocol::{
        ClientMsg, GameKind, Phase, ServerMsg, TableOptions, TimeControl,
    };
    let dir = tempfile::tempdir().unwrap();
    let (_pg, pg_url) = start_postgres(dir.path());
    let (_redis, redis_url) = start_redis();
    let args = ["--postgres", &pg_url, "--redis", &redis_url];
    let one = Server::start(&dir.path().join("unused1.db"), &args);
    let two = Server::start(&dir.path().join("unused2.db"), &args);
    // Both processes sign with the one key kept in PostgreSQL.
    let (_, key_one) = http_get(&one.addr, "/key").await.unwrap();
    let (_, key_two) = http_get(&two.addr, "/key").await.unwrap();
    assert!(key_one.contains("\"key\""), "{key_one}");
    assert_eq!(key_one, key_two);
    let minute = TimeControl::Turn { seconds: 60 };
    // A follower at process two.
    let mut follower = common::hello(&two.addr, None).await;
    follower
        .send(&ClientMsg::Lobby {
            game: Some(GameKind::Hive),
        })
        .await
        .unwrap();
    heard(&mut follower, |m| {
        matches!(m, ServerMsg::Lobby { .. }).then_some(())
    })
    .await;
    // A public table opened at process one is listed at process two ...
    let mut a = client::create_public(
        &one.addr,
        GameKind::Hive,
        TableOptions::default(),
        minute,
        true,
        "Ana",
    )
    .await
    .unwrap();
    let code = a.code.clone();
    let listed = heard(&mut follower, |m| match m {
        ServerMsg::LobbyUpdate { set, .. } => set.iter().find(|l| l.code == code).cloned(),
        _ => None,
    })
    .await;
    assert_eq!(
        (listed.phase, listed.names[0].as_str()),
        (Phase::Waiting, "Ana")
    );
    // ... joined through process two ...
    let mut b = client::join(&two.addr, &code).await.unwrap();
    heard(&mut follower, |m| match m {
        ServerMsg::LobbyUpdate { set, .. } => set
            .iter()
            .any(|l| l.code == code && l.phase == Phase::Playing)
            .then_some(()),
        _ => None,
    })
    .await;
    // ... and watched through process two.
    follower
        .send(&ClientMsg::Spectate { code: code.clone() })
        .await
        .unwrap();
    heard(&mut follower, |m| {
        matches!(m, ServerMsg::State(_)).then_some(())
    })
    .await;
    while a.colour.is_none() {
        a.pump().await.unwrap();
    }
    a.to_move = Some(carved_tables::net::protocol::Side::Ash);
    b.to_move = a.to_move;
    let mut rng = SmallRng::seed_from_u64(12);
    play_out(&mut a, &mut b, &mut rng, 4).await;
    let mut watched = Vec::new();
    while watched.len() < a.seen.len() {
        if let ServerMsg::Event { action, .. } = follower.recv().await.unwrap() {
            watched.push(action);
        }
    }
    assert_eq!(watched, a.seen);
    // "Your games" at process two tells of the table held at one.
    let mut asker = common::hello(&two.addr, None).await;
    asker
        .send(&ClientMsg::Games {
            tokens: vec![a.token.clone()],
        })
        .await
        .unwrap();
    let games = heard(&mut asker, |m| match m {
        ServerMsg::Games { games } => Some(games.clone()),
        _ => None,
    })
    .await;
    assert!(games[0].open);
    assert_eq!(games[0].code.as_deref(), Some(code.as_str()));
    assert_eq!(games[0].seq, 4);
    // A rematch between players at two processes: both move to the new table.
    a.c.send(&ClientMsg::Resign).await.unwrap();
    while b.ended.is_none() {
        b.pump().await.unwrap();
    }
    while a.ended.is_none() {
        a.pump().await.unwrap();
    }
    b.c.send(&ClientMsg::Rematch).await.unwrap();
    heard(&mut a.c, |m| {
        matches!(
            m,
            ServerMsg::Rematch {
                asked: [false, true]
            }
        )
        .then_some(())
    })
    .await;
    a.c.send(&ClientMsg::Rematch).await.unwrap();
    let (a2, b2) = (seated(a.c).await, seated(b.c).await);
    assert_eq!(a2.code, b2.code);
    assert_ne!(a2.code, code);
    // Quick game: one person waits at process one, another asks at process two.
    let quick = |name: &str| ClientMsg::Quick {
        game: GameKind::Snelab,
        control: minute,
        name: Some(name.into()),
        game_type: None,
        rated: false,
    };
    let mut ivo = common::hello(&one.addr, None).await;
    ivo.send(&quick("Ivo")).await.unwrap();
    heard(&mut ivo, |m| {
        matches!(m, ServerMsg::Queued { .. }).then_some(())
    })
    .await;
    let mut zoe = common::hello(&two.addr, None).await;
    zoe.send(&quick("Zoe")).await.unwrap();
    let (zoe, ivo) = (seated(zoe).await, seated(ivo).await);
    assert_eq!(zoe.code, ivo.code, "paired across the processes");
    // By game type: Ana seeks Ash & Walnut with all three creatures at process one; Leo, the
    // base game at process two, is not paired with her; Rui, all three at process two, is,
    // at a table of that game type.
    let hive = |name: &str, game_type: Option<&str>| ClientMsg::Quick {
        game: GameKind::Hive,
        control: minute,
        name: Some(name.into()),
        game_type: game_type.map(str::to_string),
        rated: false,
    };
    let mut ana = common::hello(&one.addr, None).await;
    ana.send(&hive("Ana", Some("Base+MLP"))).await.unwrap();
    heard(&mut ana, |m| {
        matches!(m, ServerMsg::Queued { .. }).then_some(())
    })
    .await;
    let mut leo = common::hello(&two.addr, None).await;
    leo.send(&hive("Leo", None)).await.unwrap();
    let answer = leo.recv().await.unwrap();
    assert!(
        matches!(
            answer,
            ServerMsg::Queued {
                game_type: None,
                ..
            }
        ),
        "{answer:?}"
    );
    let mut rui = common::hello(&two.addr, None).await;
    rui.send(&hive("Rui", Some("Base+MLP"))).await.unwrap();
    let (rui, ana) = (seated(rui).await, seated(ana).await);
    assert_eq!(
        rui.code, ana.code,
        "paired across the processes by game type"
    );
    for p in [&rui, &ana] {
        assert_eq!(
            p.state.hive().unwrap().game_type(),
            carved_tables::rules::hive::GameType::MLP
        );
    }
    drop((leo, zoe, ivo));
    drop((one, two));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_across_two_processes_rates_both_players_in_postgresql() {
    use carved_tables::identity::Identity;
    use carved_tables::net::protocol::{ClientMsg, GameResult, ServerMsg};
    let dir = tempfile::tempdir().unwrap();
    let (_pg, pg_url) = start_postgres(dir.path());
    let (_redis, redis_url) = start_redis();
    let args = ["--postgres", &pg_url, "--redis", &redis_url];
    let one = Server::start(&dir.path().join("unused1.db"), &args);
    let two = Server::start(&dir.path().join("unused2.db"), &args);
    let (ana, rui) = (
        Identity::from_secret([21; 32]),
        Identity::from_secret([22; 32]),
    );
    // Ana opens a rated table at process one; Rui joins it at process two.
    let (mut a, mut b) = common::rated_table_at(&one.addr, &two.addr, &ana, &rui).await;
    let mut rng = SmallRng::seed_from_u64(8);
    // Signed moves from both processes.
    play_out(&mut a, &mut b, &mut rng, 3).await;
    b.c.send(&ClientMsg::Resign).await.unwrap();
    let ratings = loop {
        if let ServerMsg::Ended { ratings, .. } = a.pump().await.unwrap() {
            break ratings.expect("rated");
        }
    };
    let ana_seat = a.seat.index();
    assert!(ratings[ana_seat].delta() > 0 && ratings[1 - ana_seat].delta() < 0);
    // Both pages, from either process, from PostgreSQL.
    for server in [&one, &two] {
        for (who, result) in [(&ana, GameResult::Won), (&rui, GameResult::Lost)] {
            let page = common::profile_of(&server.addr, who).await;
            assert_eq!(page.games.len(), 1);
            assert_eq!(page.games[0].result, result);
            assert!(page.games[0].rated && page.games[0].change.is_some());
            assert_eq!(page.ratings[0].history.len(), 1);
            assert_eq!(page.ratings[0].rating.games, 1);
        }
    }
}

/// A short chaos run (issue 44, its size for the test suite): `tables loadtest` plays Ash &
/// Walnut and Snēlab tables through three processes on PostgreSQL and Redis (leases of 1 s;
/// each table's first player at process one, its second at process two, process three only
/// takes tables over) while the processes are killed (SIGKILL, started again on the same
/// port) and paused past their leases (SIGSTOP, SIGCONT 3 s later), and the clients' connections
/// drop at random (one action in 50). Afterwards every finished
/// table's record is checked against what both its clients heard, and every drop against the
/// course the clients come back to: nothing lost, duplicated or reordered, every game verified.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_chaos_run_loses_nothing() {
    use carved_tables::net::protocol::GameKind;
    use carved_tables::server::loadtest::{Load, run};
    let dir = tempfile::tempdir().unwrap();
    let (_pg, pg_url) = start_postgres(dir.path());
    let (_redis, redis_url) = start_redis();
    let ports = [free_port(), free_port(), free_port()];
    let start = |i: usize| {
        let addr = format!("127.0.0.1:{}", ports[i]);
        let args = [
            "--postgres",
            &pg_url,
            "--redis",
            &redis_url,
            "--lease",
            "1",
            "--addr",
            &addr,
        ];
        let db = dir.path().join(format!("unused{i}.db"));
        tokio::task::block_in_place(|| Server::start(&db, &args))
    };
    let mut procs: Vec<Option<Server>> = (0..3).map(|i| Some(start(i))).collect();
    let addr = |i: usize| format!("127.0.0.1:{}", ports[i]);
    let load = tokio::spawn(run(Load {
        addr: addr(0),
        join_addr: addr(1),
        tables: 24,
        interval: 0.25,
        duration: 28.0,
        game_moves: 60,
        seed: 44,
        games: vec![GameKind::Hive, GameKind::Snelab],
        drops: 0.02,
        ..Load::default()
    }));
    let began = Instant::now();
    let at = |s: u64| tokio::time::sleep_until((began + Duration::from_secs(s)).into());
    // Process two, where every table's second player is, dies and comes back on its port.
    at(3).await;
    procs[1].take().unwrap().kill9();
    at(5).await;
    procs[1] = Some(start(1));
    // Process one, which holds every table, dies: the others take its tables over; it comes
    // back and holds the new tables.
    at(8).await;
    procs[0].take().unwrap().kill9();
    at(10).await;
    procs[0] = Some(start(0));
    // Process three, holding tables it took over, is paused past its lease, then runs on.
    at(13).await;
    procs[2].as_ref().unwrap().pause();
    at(16).await;
    procs[2].as_ref().unwrap().signal("CONT");
    // Process one in its turn.
    at(19).await;
    procs[0].as_ref().unwrap().pause();
    at(22).await;
    procs[0].as_ref().unwrap().signal("CONT");
    let report = tokio::time::timeout(Duration::from_secs(120), load)
        .await
        .expect("the load run ends")
        .unwrap();
    let t = &report.tally;
    // Processes one and three, paused while they held tables, were fenced off them once they
    // ran on (a write, or the hold each asks for when it finds its lease gone, refused); both
    // took tables over.
    let mut takeovers = 0.0;
    let mut fenced = 0.0;
    for i in [0, 2] {
        let (_, metrics) = http_get(&addr(i), "/metrics").await.unwrap();
        takeovers += sample(&metrics, "ct_lease_takeovers_total");
        fenced += sample(&metrics, "ct_fenced_writes_total");
    }
    eprintln!(
        "chaos: {} games, {} checked, {} reconnects ({} drops), {} lost, {} actions, p99 {:.1} ms; \
         processes one and three: {takeovers} takeovers, {fenced} fenced writes",
        t.games,
        t.checked,
        t.reconnects,
        t.drops,
        t.lost,
        t.rtts.len(),
        report.p99_ms()
    );
    assert!(t.errors.is_empty(), "{:?}", t.errors);
    assert_eq!((t.lost, t.mismatched), (0, 0), "{t:?}");
    assert_eq!(report.seated, 24);
    assert!(t.games >= 10 && t.checked == t.games, "{t:?}");
    assert!(
        t.reconnects > t.drops && t.drops > 0,
        "the faults reached the clients"
    );
    assert!(takeovers >= 1.0 && fenced >= 1.0, "{takeovers} {fenced}");
}

/// How many tables a process serves now (`ct_tables` of its `/metrics`, every game and phase).
async fn tables_held(addr: &str) -> f64 {
    let (_, metrics) = http_get(addr, "/metrics").await.unwrap();
    metrics
        .lines()
        .filter(|l| l.starts_with("ct_tables{"))
        .filter_map(|l| l.rsplit_once(' ')?.1.parse::<f64>().ok())
        .sum()
}

/// What [`load_through_a_restart`] restarts.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Restarted {
    Redis,
    Postgres,
}

/// `tables loadtest` plays Ash & Walnut and Snēlab tables through two processes (leases of
/// 1 s; each table's first player at process one, which holds the tables, its second at
/// process two, so every action of the second crosses Redis), and 4 s in, Redis or PostgreSQL
/// is stopped and, 3 s later, started again on the same port (Redis empty, as it keeps
/// nothing; PostgreSQL with its data). With Redis down for two leases, neither process serves
/// a table any more (it cannot prove a lease). Afterwards every finished table's record is checked
/// against what both its clients heard, and every reconnection against the course the clients
/// come back to (nothing lost, duplicated or reordered, every game verified); the store holds
/// every table's actions numbered 1, 2, 3, … with no gap; and both processes still serve:
/// a new table opened at process two is joined and played through process one.
async fn load_through_a_restart(what: Restarted) {
    use carved_tables::net::protocol::GameKind;
    use carved_tables::server::loadtest::{Load, run};
    let dir = tempfile::tempdir().unwrap();
    let (pg, pg_url, (pg_data, pg_port)) = start_postgres_at(dir.path());
    let redis_port = free_port();
    let redis = start_redis_on(redis_port);
    let redis_url = format!("redis://127.0.0.1:{redis_port}/");
    let args = ["--postgres", &pg_url, "--redis", &redis_url, "--lease", "1"];
    let one = Server::start(&dir.path().join("unused1.db"), &args);
    let two = Server::start(&dir.path().join("unused2.db"), &args);
    let load = tokio::spawn(run(Load {
        addr: one.addr.clone(),
        join_addr: two.addr.clone(),
        tables: 8,
        interval: 0.25,
        duration: 20.0,
        game_moves: 24,
        seed: 45,
        games: vec![GameKind::Hive, GameKind::Snelab],
        ..Load::default()
    }));
    tokio::time::sleep(Duration::from_secs(4)).await;
    let (pg, redis) = match what {
        Restarted::Redis => {
            assert!(
                tables_held(&one.addr).await > 0.0,
                "process one holds the tables"
            );
            tokio::task::block_in_place(|| drop(redis));
            // Two leases later no process serves a table: none can prove its lease.
            tokio::time::sleep(Duration::from_secs(2)).await;
            for server in [&one, &two] {
                assert_eq!(
                    tables_held(&server.addr).await,
                    0.0,
                    "tables served unleased"
                );
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
            let redis = tokio::task::block_in_place(|| start_redis_on(redis_port));
            (pg, redis)
        }
        Restarted::Postgres => tokio::task::block_in_place(|| {
            stop_postgres(&pg_data, pg);
            std::thread::sleep(Duration::from_secs(3));
            (run_postgres(&pg_data, pg_port), redis)
        }),
    };
    let report = tokio::time::timeout(Duration::from_secs(150), load)
        .await
        .expect("the load run ends")
        .unwrap();
    let t = &report.tally;
    eprintln!(
        "{what:?} restarted: {} games, {} checked, {} reconnects, {} lost, {} actions, p99 {:.1} ms",
        t.games,
        t.checked,
        t.reconnects,
        t.lost,
        t.rtts.len(),
        report.p99_ms()
    );
    assert!(t.errors.is_empty(), "{:?}", t.errors);
    assert_eq!((t.lost, t.mismatched), (0, 0), "{t:?}");
    assert_eq!(report.seated, 8);
    // Every slot finished a game, most of them after the restart.
    assert!(t.games >= 8 && t.checked == t.games, "{t:?}");
    assert!(t.reconnects > 0, "the restart reached the clients");
    // The store: each table's actions numbered from 1 without a gap (the key forbids a
    // number twice).
    let url = pg_url.clone();
    let gaps: Vec<String> = tokio::task::spawn_blocking(move || {
        let mut db = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        db.query(
            "SELECT code, COUNT(*), MIN(seq), MAX(seq) FROM actions GROUP BY code",
            &[],
        )
        .unwrap()
        .iter()
        .filter(|r| {
            let (n, lo, hi): (i64, i64, i64) = (r.get(1), r.get(2), r.get(3));
            (lo, hi) != (1, n)
        })
        .map(|r| r.get(0))
        .collect()
    })
    .await
    .unwrap();
    assert!(
        gaps.is_empty(),
        "tables with a gap in their actions: {gaps:?}"
    );
    // Both processes serve on: a new table across them plays to its end.
    let (mut a, mut b) = client::table_at(&two.addr, &one.addr, None).await.unwrap();
    let mut rng = SmallRng::seed_from_u64(45);
    play_out(&mut a, &mut b, &mut rng, 10_000).await;
    verified(&a.ended.clone().expect("the game ended"));
    drop((one, two, pg, redis));
}

/// Issue 44: Redis restarts (stopped, started again empty on its port) while two processes
/// serve tables under load. Each process reconnects its commands and subscribes again; the
/// tables whose lease could not be renewed meanwhile are let go and served again from the
/// store; the players come back; nothing accepted is lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redis_restart_under_load_loses_nothing() {
    load_through_a_restart(Restarted::Redis).await;
}

/// Issue 44: PostgreSQL restarts (a fast shutdown, started again on its port) while two
/// processes serve tables under load. A write that failed is refused, not acknowledged; each
/// process connects again; the tables are served again from what was stored; nothing accepted
/// is lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgresql_restart_under_load_loses_nothing() {
    load_through_a_restart(Restarted::Postgres).await;
}

/// Asks to watch table `code` at `addr`: `Ok` once `watching` comes, the refusal otherwise.
async fn watch(addr: &str, code: &str) -> Result<carved_tables::server::client::Client, String> {
    use carved_tables::net::protocol::{ClientMsg, ServerMsg};
    let mut c = client::hello(addr, None).await?;
    c.send(&ClientMsg::Spectate {
        code: code.to_string(),
    })
    .await?;
    c.recv_until(|m| match m {
        ServerMsg::Watching { .. } => Some(Ok(())),
        ServerMsg::Error { code, message } => Some(Err(format!("{code:?}: {message}"))),
        _ => None,
    })
    .await??;
    Ok(c)
}

/// The refusal of something that was to fail.
fn refusal<T>(r: Result<T, String>) -> String {
    match r {
        Ok(_) => panic!("accepted"),
        Err(e) => e,
    }
}

/// Redis is down: no process can tell who holds a table, so a `join` or `spectate` of one
/// that exists is refused `unavailable` (come back), not `no_such_table` (which would be a
/// lie: the table is in the store), at the process that held it and at the other. Once Redis
/// is back (empty), the join works and the game plays to its end, watched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn join_and_watch_while_redis_is_down_are_unavailable_not_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let (_pg, pg_url) = start_postgres(dir.path());
    let redis_port = free_port();
    let redis = start_redis_on(redis_port);
    let redis_url = format!("redis://127.0.0.1:{redis_port}/");
    let args = ["--postgres", &pg_url, "--redis", &redis_url, "--lease", "1"];
    let one = Server::start(&dir.path().join("unused1.db"), &args);
    let two = Server::start(&dir.path().join("unused2.db"), &args);
    // A table waiting for its second player, and one under way, both held by process one.
    let waiting = client::create(&one.addr, None, None).await.unwrap();
    let (mut a, mut b) = client::table_at(&one.addr, &two.addr, None).await.unwrap();
    let mut rng = SmallRng::seed_from_u64(46);
    play_out(&mut a, &mut b, &mut rng, 2).await;
    // Before: both answer as they should.
    watch(&two.addr, &a.code).await.unwrap();
    let unknown = refusal(client::join(&two.addr, "ZZZZZZ").await);
    assert!(unknown.starts_with("NoSuchTable"), "{unknown}");
    tokio::task::block_in_place(|| drop(redis));
    // Process one lets its tables go once it cannot prove their leases (within a lease).
    let until = Instant::now() + Duration::from_secs(10);
    while tables_held(&one.addr).await > 0.0 {
        assert!(
            Instant::now() < until,
            "process one still serves its tables"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for server in [&one, &two] {
        let refused = refusal(client::join(&server.addr, &waiting.code).await);
        assert!(refused.starts_with("Unavailable"), "join: {refused}");
        let refused = refusal(watch(&server.addr, &a.code).await);
        assert!(refused.starts_with("Unavailable"), "spectate: {refused}");
    }
    // A code no server could have made is still unknown, Redis or not.
    let unknown = refusal(client::join(&one.addr, "not a code").await);
    assert!(unknown.starts_with("NoSuchTable"), "{unknown}");
    // Redis comes back empty: the join works (after `unavailable` while the processes find
    // it again, never `no_such_table`), and so does watching.
    let _redis = tokio::task::block_in_place(|| start_redis_on(redis_port));
    let until = Instant::now() + Duration::from_secs(30);
    let mut joined = loop {
        match client::join(&two.addr, &waiting.code).await {
            Ok(p) => break p,
            Err(e) => assert!(e.starts_with("Unavailable"), "join after Redis: {e}"),
        }
        assert!(Instant::now() < until, "the join did not work again");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let mut opener = come_back(&one.addr, &waiting.token, Duration::from_secs(30)).await;
    while opener.colour.is_none() {
        opener.pump().await.unwrap();
    }
    while joined.colour.is_none() {
        joined.pump().await.unwrap();
    }
    let until = Instant::now() + Duration::from_secs(30);
    let mut watcher = loop {
        match watch(&one.addr, &opener.code).await {
            Ok(c) => break c,
            Err(e) => assert!(e.starts_with("Unavailable"), "spectate after Redis: {e}"),
        }
        assert!(Instant::now() < until, "watching did not work again");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    opener.to_move = Some(carved_tables::net::protocol::Side::Ash);
    joined.to_move = opener.to_move;
    play_out(&mut opener, &mut joined, &mut rng, 12).await;
    if opener.ended.is_none() {
        opener
            .c
            .send(&carved_tables::net::protocol::ClientMsg::Resign)
            .await
            .unwrap();
        while opener.ended.is_none() {
            opener.pump().await.unwrap();
        }
    }
    let record = opener.ended.clone().expect("the game ended");
    verified(&record);
    let ended = heard(&mut watcher, |m| match m {
        carved_tables::net::protocol::ServerMsg::Ended { record, .. } => Some(record.clone()),
        _ => None,
    })
    .await;
    assert_eq!(ended, record);
}
