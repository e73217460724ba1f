//! `tables` subcommands for chess. Filled in by issue #7.

use super::{CliError, Options};
use std::io::Write;

fn not_yet(what: &str) -> CliError {
    CliError::NotYet {
        what: format!("tables {what} chess"),
        issue: 7,
    }
}

/// Parses the position (or takes the start) and returns a counter of perft nodes by depth.
pub fn perft_counter(_position: Option<&str>) -> Result<Box<dyn FnMut(u32) -> u64>, CliError> {
    Err(not_yet("perft"))
}

pub fn selfplay(_options: &Options, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(not_yet("selfplay"))
}

pub fn bench(_options: &Options, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(not_yet("bench"))
}

/// Lists the 22 artifacts in the chosen language.
pub fn cards(_options: &Options, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(CliError::NotYet {
        what: "tables cards".into(),
        issue: 8,
    })
}
