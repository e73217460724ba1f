//! `tables fuzz-server`: the command line's side of the protocol fuzz against a running server
//! (`server::fuzz` runs it): its options and the report.

use super::{CliError, Options};
use crate::server::fuzz::{self, Fuzz};
use std::io::Write;

fn positive(options: &Options, name: &str, default: f64) -> Result<f64, CliError> {
    match options.str(name) {
        None => Ok(default),
        Some(v) => v
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s > 0.0)
            .ok_or_else(|| {
                CliError::Usage(format!("`--{name}` takes a positive number, not `{v}`"))
            }),
    }
}

/// `tables fuzz-server`.
pub fn fuzz_server_cli(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    options.allow_only(&[
        "addr",
        "frames",
        "connections",
        "pid",
        "seed",
        "rate",
        "pairs",
        "warmup",
        "max-seconds",
        "settle",
        "max-growth-mb",
    ])?;
    let addr = options
        .str("addr")
        .ok_or_else(|| CliError::Usage("`--addr 127.0.0.1:PORT` is required".into()))?;
    // Loopback only: this sends a million broken frames.
    match addr.parse::<std::net::SocketAddr>() {
        Ok(a) if a.ip().is_loopback() => {}
        _ => {
            return Err(CliError::Usage(format!(
                "`--addr` takes a loopback address (127.0.0.1:PORT), not `{addr}`"
            )));
        }
    }
    let defaults = Fuzz::default();
    let f = Fuzz {
        addr: addr.to_string(),
        frames: options.need_u64("frames")?,
        connections: options
            .u64("connections")?
            .unwrap_or(defaults.connections as u64)
            .clamp(1, 10_000) as usize,
        pid: options.u64("pid")?.map(|p| p as u32),
        seed: options.u64("seed")?.unwrap_or(defaults.seed),
        rate: positive(options, "rate", defaults.rate)?,
        pairs: options
            .u64("pairs")?
            .unwrap_or(defaults.pairs as u64)
            .min(64) as usize,
        warmup: options.u64("warmup")?.unwrap_or(defaults.warmup),
        max_seconds: positive(options, "max-seconds", defaults.max_seconds)?,
        settle: positive(options, "settle", defaults.settle)?,
        max_growth_kb: options
            .u64("max-growth-mb")?
            .map_or(defaults.max_growth_kb, |mb| mb * 1024),
    };
    if let Some(pid) = f.pid
        && !fuzz::alive(pid)
    {
        return Err(CliError::Usage(format!("no running process {pid}")));
    }
    writeln!(
        out,
        "fuzz-server: {} frames from {} connections ({} a second each, one in eight flooding) \
         to {}, after a warm-up of {}; {} pairs and one player against the bot play meanwhile",
        f.frames, f.connections, f.rate, f.addr, f.warmup, f.pairs
    )?;
    out.flush()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Input(e.to_string()))?;
    let r = runtime.block_on(fuzz::run(f.clone()));
    writeln!(
        out,
        "frames: {} in {:.1} s ({:.0} a second); {} binary, {} over 4096 bytes",
        r.frames,
        r.seconds,
        r.frames as f64 / r.seconds.max(1e-9),
        r.binary,
        r.oversized
    )?;
    writeln!(
        out,
        "connections: {} opened, {} closed by the server; seats given to the fuzzers: {}, \
         games resigned afterwards: {}",
        r.connections, r.closed_by_server, r.tokens, r.resigned
    )?;
    let refusals: Vec<String> = r
        .refusals()
        .iter()
        .map(|(code, n)| format!("{code} {n}"))
        .collect();
    writeln!(out, "refusals by code: {}", refusals.join(", "))?;
    writeln!(
        out,
        "tables: {} before, {} after; connections: {} before, {} after",
        r.before.tables, r.after.tables, r.before.connections, r.after.connections
    )?;
    let kb = |v: Option<u64>| v.map_or("?".to_string(), |k| format!("{k} KiB"));
    writeln!(
        out,
        "memory (VmRSS): {} after the warm-up, {} after the run (bound: {} KiB more); \
         peak (VmHWM) {}",
        kb(r.rss_warm_kb),
        kb(r.rss_after_kb),
        f.max_growth_kb,
        kb(r.rss_peak_kb)
    )?;
    writeln!(
        out,
        "well-formed games: {} finished, {} matched and verified",
        r.games, r.checked
    )?;
    for e in r.failures.iter().take(20) {
        writeln!(out, "FAILED: {e}")?;
    }
    if r.failures.is_empty() {
        writeln!(out, "passed")?;
        Ok(())
    } else {
        Err(CliError::Input(format!(
            "{} check(s) failed",
            r.failures.len()
        )))
    }
}
