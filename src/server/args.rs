//! The server's command line (`carved-tables-server --help`), read into a [`Config`]: in the
//! library so that a deployment's files can be checked against the flags the server accepts.

use super::Config;
use std::time::Duration;

pub const USAGE: &str = "usage: carved-tables-server [--addr HOST:PORT] [--db FILE] [--bot-after SECONDS] [--clock SECONDS] [--linger SECONDS] [--wait-limit SECONDS] [--quick-bot-after SECONDS] [--correspondence-wait SECONDS] [--max-tables N] [--max-connections N] [--postgres URL --redis URL [--lease SECONDS]]";

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

/// Reads the server's flags; an unknown flag or a bad value is an error naming it.
pub fn parse(args: &[String]) -> Result<Config, String> {
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
