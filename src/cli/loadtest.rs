//! `tables loadtest`: the command line's side of the online table's load test
//! (`server::loadtest` runs it): its options, an in-process server when no address is given,
//! and the report.

use super::{CliError, Options};
use crate::rules::GameKind;
use crate::server::loadtest::{self, Load};
use std::io::Write;
use std::time::Duration;

fn seconds(options: &Options, name: &str, default: f64) -> Result<f64, CliError> {
    match options.str(name) {
        None => Ok(default),
        Some(v) => v
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s > 0.0)
            .ok_or_else(|| CliError::Usage(format!("`--{name}` takes seconds, not `{v}`"))),
    }
}

/// `tables loadtest`.
pub fn loadtest_cli(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    options.allow_only(&[
        "addr",
        "join-addr",
        "tables",
        "interval",
        "duration",
        "game-moves",
        "seed",
        "game",
        "lobby",
        "requeue",
        "drops",
    ])?;
    let games = match options.str("game").unwrap_or("hive") {
        "mixed" => vec![GameKind::Hive, GameKind::Snelab, GameKind::Chess],
        name => match GameKind::parse(name) {
            Some(g) if crate::server::Hub::serves(g) => vec![g],
            _ => {
                return Err(CliError::Usage(format!(
                    "`--game` takes hive, snelab, chess or mixed, not `{name}`"
                )));
            }
        },
    };
    let mut load = Load {
        addr: options.str("addr").unwrap_or_default().to_string(),
        join_addr: options.str("join-addr").unwrap_or_default().to_string(),
        tables: options.u64("tables")?.unwrap_or(100) as usize,
        interval: seconds(options, "interval", 2.0)?,
        duration: seconds(options, "duration", 30.0)?,
        game_moves: options.u64("game-moves")?.unwrap_or(60),
        seed: options.u64("seed")?.unwrap_or(1),
        games,
        lobby: options.u64("lobby")?.unwrap_or(0) as usize,
        requeue: seconds(options, "requeue", 5.0)?,
        drops: match options.str("drops") {
            None => 0.0,
            Some(v) => v
                .parse::<f64>()
                .ok()
                .filter(|p| (0.0..=1.0).contains(p))
                .ok_or_else(|| {
                    CliError::Usage(format!("`--drops` takes a chance from 0 to 1, not `{v}`"))
                })?,
        },
    };
    if load.tables == 0 && load.lobby == 0 {
        return Err(CliError::Usage(
            "`--tables` must be at least 1 (or `--lobby` given)".into(),
        ));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Input(e.to_string()))?;
    // Without --addr: a server in this process, on its own threads, with a throwaway database.
    let mut db = None;
    let _server = if load.addr.is_empty() {
        let path =
            std::env::temp_dir().join(format!("carved-tables-load-{}.db", std::process::id()));
        db = Some(path.clone());
        let (tx, rx) = std::sync::mpsc::channel();
        let config = crate::server::Config {
            addr: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
            db: path,
            ..crate::server::Config::default()
        };
        let server = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .map_err(|e| CliError::Input(e.to_string()))?;
        let handle = server.spawn(async move {
            if let Err(e) = crate::server::run(config, |addr| {
                let _ = tx.send(addr);
            })
            .await
            {
                eprintln!("loadtest: the server failed: {e}");
            }
        });
        let addr = rx
            .recv_timeout(Duration::from_secs(30))
            .map_err(|_| CliError::Input("the in-process server did not start".into()))?;
        load.addr = addr.to_string();
        Some((server, handle))
    } else {
        None
    };
    writeln!(
        out,
        "loadtest: {} tables of {} on {}, one action per table every {} s, for {} s",
        load.tables,
        load.games
            .iter()
            .map(|g| g.cli_name())
            .collect::<Vec<_>>()
            .join("+"),
        load.addr,
        load.interval,
        load.duration
    )?;
    if load.lobby > 0 {
        writeln!(
            out,
            "lobby: {} more clients, {} following the lobby, {} playing quick games \
             ({} s in the lobby between two)",
            load.lobby,
            load.lobby - load.lobby / 3,
            load.lobby / 3,
            load.requeue
        )?;
    }
    let lobby = load.lobby;
    let report = runtime.block_on(loadtest::run(load));
    if let Some(path) = db {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
    let t = &report.tally;
    writeln!(
        out,
        "tables: {} seated in {:.1} s; {} concurrent at most",
        report.seated, report.setup_seconds, report.max_live
    )?;
    writeln!(
        out,
        "actions: {} in {:.1} s = {:.1} per second",
        t.rtts.len(),
        report.seconds,
        report.actions_per_second()
    )?;
    writeln!(
        out,
        "round trip: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        report.median_ms(),
        report.p99_ms(),
        report.percentile(1.0)
    )?;
    writeln!(
        out,
        "games finished: {}, records checked and verified: {}, mismatched: {}",
        t.games, t.checked, t.mismatched
    )?;
    writeln!(
        out,
        "reconnects: {} ({} connections dropped on purpose), actions lost: {}",
        t.reconnects, t.drops, t.lost
    )?;
    if t.ended_away > 0 {
        writeln!(
            out,
            "seats back after their game had ended (told so, with the record): {}",
            t.ended_away
        )?;
    }
    if !t.away.is_empty() {
        writeln!(
            out,
            "without their table (lost connections, noticed at the next action → both seats \
             back): {} times, median {:.0} ms, p99 {:.0} ms, max {:.0} ms",
            t.away.len(),
            report.away_ms(0.5),
            report.away_ms(0.99),
            report.away_ms(1.0)
        )?;
    }
    let l = &report.lobby;
    if lobby > 0 {
        let (updates_mean, updates_max) = report.updates_per_second();
        let (bytes_mean, bytes_max) = report.update_bytes_per_second();
        writeln!(
            out,
            "lobby followers: {} connected, {} still at the end; snapshots {:.1} KB on average",
            l.followers,
            l.followers_at_end,
            l.snapshot_bytes as f64 / l.followers.max(1) as f64 / 1000.0
        )?;
        writeln!(
            out,
            "lobby updates per follower per second: mean {updates_mean:.2}, max {updates_max:.2}; \
             fewest in the run: {}",
            l.updates.iter().min().copied().unwrap_or(0)
        )?;
        writeln!(
            out,
            "lobby update bytes per follower per second: mean {:.1} KB, max {:.1} KB",
            bytes_mean / 1000.0,
            bytes_max / 1000.0
        )?;
        writeln!(
            out,
            "quick: {} clients, {} requests, {} pairings, {} games played out, {} actions; \
             quick → seated median {:.0} ms, p99 {:.0} ms, max {:.0} ms",
            l.quick_clients,
            l.queued,
            l.pairings,
            l.quick_games,
            l.quick_actions,
            report.wait_ms(0.5),
            report.wait_ms(0.99),
            report.wait_ms(1.0)
        )?;
        writeln!(
            out,
            "quick → seated of who waited in the queue (the first seat): median {:.0} ms, \
             p99 {:.0} ms",
            report.first_wait_ms(0.5),
            report.first_wait_ms(0.99)
        )?;
        writeln!(
            out,
            "bot offers: {}, taken: {}, turned down (unqueue, ask again): {}; refusals in quick games: {}; \
             games over before a seat came: {}",
            l.bot_offers, l.bot_games, l.unqueues, l.refusals, l.ended_before
        )?;
        writeln!(out, "connect errors: {} (each retried)", l.connect_errors)?;
    }
    // Every mismatched record by name, however many errors the run had besides.
    for m in &t.mismatches {
        writeln!(out, "mismatched: {m}")?;
    }
    let errors: Vec<&String> = t.errors.iter().chain(&l.errors).collect();
    for e in errors.iter().take(10) {
        writeln!(out, "error: {e}")?;
    }
    if errors.len() > 10 {
        writeln!(out, "… and {} more errors", errors.len() - 10)?;
    }
    if errors.is_empty() && t.mismatched == 0 && t.lost == 0 {
        Ok(())
    } else {
        Err(CliError::Input(format!("{} error(s)", errors.len())))
    }
}
