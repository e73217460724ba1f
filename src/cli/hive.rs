//! `tables` subcommands for hive. Filled in by issue #6.

use super::{CliError, Options};
use crate::rules::hive::{State, Scratch, movegen};
use std::io::Write;

fn not_yet(what: &str) -> CliError {
    CliError::NotYet {
        what: format!("tables {what} hive"),
        issue: 6,
    }
}

/// Parses the position (or takes the start) and returns a counter of perft nodes by depth.
pub fn perft_counter(position: Option<&str>) -> Result<Box<dyn FnMut(u32) -> u64>, CliError> {
    let state = match position {
        Some(text) => State::from_game_string(text)
            .map_err(|e| CliError::Input(format!("bad position: {e}")))?,
        None => State::new(),
    };
    let mut board = state.board().clone();
    let mut scratch = Scratch::new();
    let mut lists = Vec::new();
    let over = state.outcome().is_some();
    Ok(Box::new(move |depth| {
        if over {
            0
        } else {
            movegen::perft(&mut board, depth, &mut scratch, &mut lists)
        }
    }))
}

pub fn selfplay(_options: &Options, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(not_yet("selfplay"))
}

pub fn bench(_options: &Options, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(not_yet("bench"))
}

/// The Universal Hive Protocol engine loop.
pub fn uhp(_input: &mut dyn std::io::BufRead, _out: &mut dyn Write) -> Result<(), CliError> {
    Err(not_yet("uhp"))
}

/// Verifies an Ash & Walnut game record read from `file` or from `input`.
pub fn verify(
    _options: &Options,
    _file: Option<&str>,
    _input: &mut dyn std::io::BufRead,
    _out: &mut dyn Write,
) -> Result<(), CliError> {
    Err(CliError::NotYet {
        what: "tables verify".into(),
        issue: 6,
    })
}
