//! `carved-tables-server`: the online table's server (feature `server`, no Bevy).
//!
//! ```text
//! carved-tables-server [--addr HOST:PORT] [--db FILE] [--bot-after SECONDS] [--clock SECONDS]
//!                      [--linger SECONDS] [--wait-limit SECONDS] [--quick-bot-after SECONDS]
//!                      [--correspondence-wait SECONDS] [--max-tables N] [--max-connections N]
//!                      [--postgres URL --redis URL [--lease SECONDS]]   (feature `cluster`)
//! ```
//! Prints `listening on HOST:PORT` once it accepts connections (`--addr 127.0.0.1:0` picks a
//! free port). See `docs/server.md`.

use carved_tables::server::{Config, run};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: carved-tables-server [--addr HOST:PORT] [--db FILE] [--bot-after SECONDS] [--clock SECONDS] [--linger SECONDS] [--wait-limit SECONDS] [--quick-bot-after SECONDS] [--correspondence-wait SECONDS] [--max-tables N] [--max-connections N] [--postgres URL --redis URL [--lease SECONDS]]";

fn seconds(flag: &str, value: &str) -> Result<Duration, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("{flag} takes seconds, got `{value}`"))
}

fn count(flag: &str, value: &str) -> Result<usize, String> {
    value
        .parse()
        .map_err(|_| format!("{flag} takes a number, got `{value}`"))
}

fn parse(args: &[String]) -> Result<Config, String> {
    let mut config = Config::default();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--help" || flag == "-h" {
            return Err(USAGE.to_string());
        }
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        match flag.as_str() {
            "--addr" => {
                config.addr = value
                    .parse()
                    .map_err(|_| format!("--addr takes HOST:PORT, got `{value}`"))?
            }
            "--db" => config.db = value.into(),
            "--postgres" => config.postgres = Some(value.clone()),
            "--redis" => config.redis = Some(value.clone()),
            "--lease" => config.lease = seconds(flag, value)?,
            "--bot-after" => config.bot_after = seconds(flag, value)?,
            "--linger" => config.linger = seconds(flag, value)?,
            "--wait-limit" => config.wait_limit = seconds(flag, value)?,
            "--quick-bot-after" => config.quick_bot_after = seconds(flag, value)?,
            "--correspondence-wait" => config.correspondence_wait = seconds(flag, value)?,
            "--max-tables" => config.max_tables = count(flag, value)?,
            "--max-connections" => config.max_connections = count(flag, value)?,
            "--clock" => {
                config.clock = value
                    .parse()
                    .ok()
                    .filter(|c| (1..=3600).contains(c))
                    .ok_or_else(|| format!("--clock takes 1 to 3600 seconds, got `{value}`"))?
            }
            _ => return Err(format!("unknown option `{flag}`\n{USAGE}")),
        }
    }
    Ok(config)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match parse(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("carved-tables-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(run(config, |addr| {
        println!("listening on {addr}");
        let _ = std::io::stdout().flush();
    }));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("carved-tables-server: {e}");
            ExitCode::FAILURE
        }
    }
}
