//! `tables` subcommands only Ash & Walnut has: `uhp` (a Universal Hive Protocol engine) and
//! `verify` (a game record).

use super::{CliError, Options};
use crate::ai::hive as ai;
use crate::i18n::english;
use crate::rules::hive::{GameRecord, State};
use std::io::Write;
use std::time::{Duration, Instant};

/// The engine's name line for `info`.
const ENGINE_ID: &str = concat!("id CarvedTables-AshAndWalnut v", env!("CARGO_PKG_VERSION"));

/// Reads `hh:mm:ss` into seconds.
fn parse_clock(text: &str) -> Option<u64> {
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() != 3 {
        return None;
    }
    let mut total = 0u64;
    for (i, p) in parts.iter().enumerate() {
        let v: u64 = p.parse().ok()?;
        if i > 0 && v >= 60 {
            return None;
        }
        // Hours beyond any clock would overflow: such a time is not a time.
        total = total.checked_mul(60)?.checked_add(v)?;
    }
    Some(total)
}

/// One UHP command's reply lines (without the final `ok`).
fn uhp_command(line: &str, game: &mut Option<State>) -> Vec<String> {
    uhp_command_capped(line, game, None)
}

/// [`uhp_command`] with `bestmove` held to `depth_cap` plies and no clock when a cap is given
/// (the fuzzer's, so a command line cannot make it think for minutes).
pub(crate) fn uhp_command_capped(
    line: &str,
    game: &mut Option<State>,
    depth_cap: Option<u32>,
) -> Vec<String> {
    let mut words = line.split_whitespace();
    let command = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let no_game =
        || vec!["err No game in progress. Try 'newgame' to start a new game.".to_string()];
    match command {
        "info" => vec![ENGINE_ID.to_string()],
        "newgame" => {
            let text = if rest.is_empty() {
                "Base".to_string()
            } else {
                rest.join(" ")
            };
            match State::from_game_string(&text) {
                Ok(s) => {
                    let line = s.game_string();
                    *game = Some(s);
                    vec![line]
                }
                Err(e) => vec![format!("err {e}")],
            }
        }
        "play" | "pass" => {
            let Some(state) = game.as_mut() else {
                return no_game();
            };
            let text = if command == "pass" {
                if !rest.is_empty() {
                    return vec!["err `pass` takes no arguments".into()];
                }
                "pass".to_string()
            } else {
                rest.join(" ")
            };
            if text.is_empty() {
                return vec!["err `play` needs a MoveString".into()];
            }
            match state.parse_move(&text) {
                Ok(m) => match state.play(m) {
                    Ok(_) => vec![state.game_string()],
                    Err(e) => vec![format!("invalidmove {e}")],
                },
                Err(e) => vec![format!("invalidmove {e}")],
            }
        }
        "validmoves" => {
            let Some(state) = game.as_ref() else {
                return no_game();
            };
            let moves: Vec<String> = state
                .legal_moves()
                .into_iter()
                .map(|m| state.move_string(m))
                .collect();
            vec![moves.join(";")]
        }
        "bestmove" => {
            let Some(state) = game.as_ref() else {
                return no_game();
            };
            if state.outcome().is_some() {
                return vec!["err The game is over.".into()];
            }
            let (limits, deadline) = match rest.as_slice() {
                ["depth", n] => match n.parse::<u32>() {
                    Ok(d) if (1..=32).contains(&d) => (
                        ai::Limits {
                            max_depth: d,
                            node_cap: u64::MAX,
                            noise: 0,
                        },
                        None,
                    ),
                    _ => return vec![format!("err `{n}` is not a depth from 1 to 32")],
                },
                ["time", t] => match parse_clock(t) {
                    Some(secs) => (
                        ai::Limits {
                            max_depth: 32,
                            node_cap: u64::MAX,
                            noise: 0,
                        },
                        Some(Duration::from_secs(secs.max(1))),
                    ),
                    None => return vec![format!("err `{t}` is not a time hh:mm:ss")],
                },
                _ => {
                    return vec!["err Use `bestmove time hh:mm:ss` or `bestmove depth N`.".into()];
                }
            };
            let (limits, deadline) = match depth_cap {
                Some(cap) => (
                    ai::Limits {
                        max_depth: limits.max_depth.min(cap),
                        ..limits
                    },
                    None,
                ),
                None => (limits, deadline),
            };
            let started = Instant::now();
            let mut search = ai::Search::with_limits(state, limits, 0);
            let mut out_of_time = || deadline.is_some_and(|d| started.elapsed() >= d);
            let chosen = loop {
                if let Some(m) = search.step_with_stop(u64::MAX, &mut out_of_time) {
                    break Some(m);
                }
            };
            match chosen {
                Some(m) => vec![state.move_string(m)],
                None => vec!["err No move found.".into()],
            }
        }
        "undo" => {
            let Some(state) = game.as_mut() else {
                return no_game();
            };
            let n = match rest.as_slice() {
                [] => 1,
                [n] => match n.parse::<usize>() {
                    Ok(n) if n >= 1 => n,
                    _ => return vec![format!("err `{n}` is not a number of moves")],
                },
                _ => return vec!["err `undo` takes at most one number".into()],
            };
            if n > state.ply() {
                return vec![format!(
                    "err Cannot undo {n} moves: only {} played.",
                    state.ply()
                )];
            }
            for _ in 0..n {
                // Proven: n <= plies played, so there is a move to take back.
                let _ = state.undo();
            }
            vec![state.game_string()]
        }
        "options" => match rest.as_slice() {
            [] => vec![],
            [_, name, ..] => vec![format!("err Unknown option `{name}`.")],
            _ => vec!["err Use `options`, `options get NAME` or `options set NAME VALUE`.".into()],
        },
        other => vec![format!(
            "err Invalid command `{other}`. Commands: info, newgame, play, pass, validmoves, bestmove, undo, options, exit."
        )],
    }
}

/// The Universal Hive Protocol engine loop.
pub fn uhp(input: &mut dyn std::io::BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(out, "{ENGINE_ID}\nok")?;
    out.flush()?;
    let mut game: Option<State> = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        if text == "exit" {
            writeln!(out, "ok")?;
            out.flush()?;
            return Ok(());
        }
        for reply in uhp_command(text, &mut game) {
            writeln!(out, "{reply}")?;
        }
        writeln!(out, "ok")?;
        out.flush()?;
    }
}

/// Verifies an Ash & Walnut game record read from `file` or from `input`.
pub fn verify(
    options: &Options,
    file: Option<&str>,
    input: &mut dyn std::io::BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    options.allow_only(&[])?;
    let text = match file {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| CliError::Input(format!("cannot read `{path}`: {e}")))?,
        None => {
            let mut s = String::new();
            input
                .read_to_string(&mut s)
                .map_err(|e| CliError::Input(format!("cannot read the record: {e}")))?;
            s
        }
    };
    let record = GameRecord::parse(&text).map_err(|e| CliError::Input(e.to_string()))?;
    let checks = crate::play::verify::verify(&record);
    for c in &checks {
        let word = if c.passed { "passed" } else { "FAILED" };
        writeln!(out, "{word}: {}: {}", c.name, english(&c.detail))?;
    }
    let failed = checks.iter().filter(|c| !c.passed).count();
    if failed == 0 {
        writeln!(out, "the record is verified")?;
        Ok(())
    } else {
        Err(CliError::Input(format!("{failed} check(s) failed")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_and_absurd_ones_are_refused() {
        assert_eq!(parse_clock("01:02:03"), Some(3723));
        assert_eq!(parse_clock("00:00:00"), Some(0));
        // Hours beyond u64 seconds once overflowed.
        assert_eq!(parse_clock("5000000000000000000:00:00"), None);
        assert_eq!(parse_clock("307445734561825861:00:00"), None);
        for bad in ["00:60:00", "1:2", "a:b:c", "-1:00:00", ""] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
    }
}
