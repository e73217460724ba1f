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

use carved_tables::server::args::parse;
use carved_tables::server::run;
use std::io::Write;
use std::process::ExitCode;

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
    // A bot still searching holds nothing that must be kept (every accepted action is
    // stored): the process does not wait for its search to end.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("carved-tables-server: {e}");
            ExitCode::FAILURE
        }
    }
}
