//! What the server's tests share: a server process on a free port, and players that play.
#![allow(dead_code)]

use carved_tables::identity::Identity;
use carved_tables::net::protocol::{ClientMsg, GameKind, Profile, SeatId, ServerMsg, TimeControl};
use carved_tables::play::verify::verify;
use carved_tables::rules::hive::GameRecord;
use carved_tables::server::client::{self, Client, Player};
use rand::rngs::SmallRng;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A `carved-tables-server` process.
pub struct Server {
    child: Child,
    pub addr: String,
}

impl Server {
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        Server::start_env(db, extra, &[])
    }

    /// [`Server::start`] with these environment variables set.
    pub fn start_env(db: &Path, extra: &[&str], env: &[(&str, &str)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carved-tables-server"))
            .args(["--addr", "127.0.0.1:0", "--db"])
            .arg(db)
            .args(extra)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// The process id (its memory is in `/proc/PID/status`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Waits (up to `limit`) for the process to end by itself; whether it did.
    pub fn wait_dead(&mut self, limit: std::time::Duration) -> bool {
        let until = std::time::Instant::now() + limit;
        while std::time::Instant::now() < until {
            if !self.alive() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        false
    }

    /// SIGTERM: the server stops for a restart, closing every connection with 1012.
    pub fn term(&self) {
        let ok = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "SIGTERM sent");
    }

    /// The exit status, once the process has ended by itself within `limit`.
    pub fn exited_within(
        &mut self,
        limit: std::time::Duration,
    ) -> Option<std::process::ExitStatus> {
        if self.wait_dead(limit) {
            self.child.try_wait().ok().flatten()
        } else {
            None
        }
    }

    /// Sends the process the signal `name` (`STOP` pauses it, `CONT` lets it run on).
    pub fn signal(&self, name: &str) {
        let ok = Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "SIG{name} sent");
    }

    /// SIGSTOP, returning once every thread of the process has stopped (a thread running on
    /// another core stops a moment after `kill` returns).
    pub fn pause(&self) {
        self.signal("STOP");
        let tasks = format!("/proc/{}/task", self.child.id());
        let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let stopped = std::fs::read_dir(&tasks).unwrap().all(|t| {
                let stat =
                    std::fs::read_to_string(t.unwrap().path().join("stat")).unwrap_or_default();
                // The state follows the command's closing parenthesis.
                stat.rsplit_once(") ")
                    .is_none_or(|(_, rest)| rest.starts_with('T') || rest.starts_with('t'))
            });
            if stopped {
                return;
            }
            assert!(
                std::time::Instant::now() < until,
                "the process did not stop"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// SIGKILL: no chance to flush or say goodbye.
    pub fn kill9(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub async fn hello(addr: &str, token: Option<String>) -> Client {
    client::hello(addr, token).await.unwrap()
}

pub async fn seated(c: Client) -> Player {
    Player::seated(c).await.unwrap()
}

/// Two players at one table, the game started.
pub async fn table(addr: &str, clock: Option<u32>) -> (Player, Player) {
    let (a, b) = client::table(addr, clock).await.unwrap();
    assert_eq!((a.seat, b.seat), (SeatId::First, SeatId::Second));
    assert!(a.colour.is_some() && b.colour.is_some() && a.colour != b.colour);
    (a, b)
}

/// Plays random moves for both until the game ends (or `limit` moves); each player reads
/// everything the server sends.
pub async fn play_out(a: &mut Player, b: &mut Player, rng: &mut SmallRng, limit: usize) {
    let start = a.seq();
    while a.ended.is_none() && (a.seq() - start) < limit as u64 {
        let (mover, other) = if a.my_turn() {
            (&mut *a, &mut *b)
        } else {
            (&mut *b, &mut *a)
        };
        assert!(mover.my_turn(), "someone is to move");
        mover.play_random(rng).await.unwrap();
        let want = mover.seq() + 1;
        mover.pump_to(want).await.unwrap();
        other.pump_to(want).await.unwrap();
        if mover.state.over() || mover.to_move.is_none() {
            while mover.ended.is_none() {
                mover.pump().await.unwrap();
            }
            while other.ended.is_none() {
                other.pump().await.unwrap();
            }
        }
    }
}

pub fn verified(record: &str) -> GameRecord {
    let r = GameRecord::parse(carved_tables::play::signed::body(record)).unwrap();
    let checks = verify(&r);
    assert!(checks.iter().all(|c| c.passed), "{checks:?}\n{record}");
    r
}

/// A rated Ash & Walnut table between `a` (first seat, at `addr`) and `b` (at `join_addr`),
/// both proved.
pub async fn rated_table_at(
    addr: &str,
    join_addr: &str,
    a: &Identity,
    b: &Identity,
) -> (Player, Player) {
    let mut c = client::hello_as(addr, None, a).await.unwrap();
    c.send(&ClientMsg::Create {
        game: GameKind::Hive,
        clock: None,
        bot_fill: None,
        name: Some("Ana".into()),
        stakes: None,
        appeal: None,
        artifacts: None,
        game_type: None,
        control: Some(TimeControl::Turn { seconds: 120 }),
        public: true,
        rated: true,
    })
    .await
    .unwrap();
    let mut first = Player::seated(c).await.unwrap();
    let mut j = client::hello_as(join_addr, None, b).await.unwrap();
    j.send(&ClientMsg::Join {
        code: first.code.clone(),
        name: Some("Rui".into()),
    })
    .await
    .unwrap();
    let second = Player::seated(j).await.unwrap();
    while first.colour.is_none() {
        first.pump().await.unwrap();
    }
    (first, second)
}

/// A player's page, asked on a new connection.
pub async fn profile_of(addr: &str, key: &Identity) -> Profile {
    let mut c = hello(addr, None).await;
    c.send(&ClientMsg::Profile {
        key: Some(key.public().to_hex()),
    })
    .await
    .unwrap();
    c.recv_until(|m| match m {
        ServerMsg::Profile(p) => Some(Ok((**p).clone())),
        ServerMsg::Error { code, message } => Some(Err(format!("{code:?}: {message}"))),
        _ => None,
    })
    .await
    .unwrap()
    .unwrap()
}
