//! `tables`: the headless tools of Carved Tables (perft, self-play, benchmarks, the Universal
//! Hive Protocol engine, record verification). Builds without Bevy.

use carved_tables::cli;
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut err = io::stderr();
    let result = cli::parse(&args).and_then(|cmd| cli::run(cmd, &mut input, &mut out, &mut err));
    let _ = out.flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(err, "tables: {e}");
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
