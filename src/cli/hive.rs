//! `tables` subcommands only Ash & Walnut has: `uhp` (a Universal Hive Protocol engine) and
//! `verify` (a game record).

use super::{CliError, Options};
use crate::ai::Level;
use crate::ai::hive as ai;
use crate::i18n::english;
use crate::rules::hive::State;
use std::io::Write;
use std::time::{Duration, Instant};

/// The engine's name line for `info`.
const ENGINE_ID: &str = concat!("id CarvedTables-AshAndWalnut v", env!("CARGO_PKG_VERSION"));

/// The capabilities line of `info`: the expansion creatures this engine plays (every game type
/// from `Base` to `Base+MLP`).
const CAPABILITIES: &str = "Mosquito;Ladybug;Pillbug";

/// Reads a UHP time, `hh:mm:ss` (seconds may have a fraction: `00:00:00.5`).
pub fn parse_clock(text: &str) -> Option<Duration> {
    let parts: Vec<&str> = text.split(':').collect();
    let [h, m, s] = parts.as_slice() else {
        return None;
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(h) || !digits(m) {
        return None;
    }
    let (whole, fraction) = s.split_once('.').unwrap_or((s, "0"));
    if !digits(whole) || !digits(fraction) {
        return None;
    }
    let h: u64 = h.parse().ok()?;
    let m: u64 = m.parse().ok()?;
    let secs: f64 = format!("{whole}.{fraction}").parse().ok()?;
    if m >= 60 || secs >= 60.0 {
        return None;
    }
    // Hours beyond any clock would overflow: such a time is not a time.
    let whole_secs = h.checked_mul(3600)?.checked_add(m * 60)?;
    Duration::from_secs(whole_secs).checked_add(Duration::from_secs_f64(secs))
}

/// Writes a duration as UHP's `hh:mm:ss` (whole seconds, at least one).
pub fn clock_text(time: Duration) -> String {
    let secs = time.as_secs().max(1);
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// What the engine is told to do by `bestmove`.
enum Budget {
    Time(Duration),
    Depth(u32),
}

/// One Universal Hive Protocol session: the game and the engine's options.
///
/// Options: `Level` (easy, normal, hard; default hard), `Seed`, `Verbose` (each search's
/// depth, nodes and speed on standard error) and `MaxNodes` (a node budget for every search,
/// 0 for none). Under `bestmove time`, the
/// hard level searches for the whole time; normal and easy search their fixed node budgets (as
/// at the table), stopping early if the time runs out. `bestmove depth N` searches exactly N
/// plies at the level's noise.
pub struct Uhp {
    game: Option<State>,
    level: Level,
    seed: u64,
    /// Whether to write each search's depth, nodes and speed to standard error.
    verbose: bool,
    /// The most nodes a `bestmove` may search (0: no limit besides the level's); with a fixed
    /// depth it makes games between engine versions independent of the machine's load.
    max_nodes: u64,
    /// The transposition table of the last clock-bound search, for the next one.
    table: Option<ai::Transpositions>,
    /// When set, every `bestmove` searches at most this many plies and ignores the clock (the
    /// fuzzer's, so that no command line can make it think for minutes).
    depth_cap: Option<u32>,
}

/// The largest value of the `Seed` option.
const SEED_MAX: u64 = u32::MAX as u64;

impl Uhp {
    pub fn new(level: Level) -> Uhp {
        Uhp {
            game: None,
            level,
            seed: 0,
            verbose: false,
            max_nodes: 0,
            table: None,
            depth_cap: None,
        }
    }

    /// A session whose `bestmove` searches at most `cap` plies, whatever it is asked.
    pub(crate) fn capped(level: Level, cap: u32) -> Uhp {
        Uhp {
            depth_cap: Some(cap),
            ..Uhp::new(level)
        }
    }

    /// The game in progress.
    pub(crate) fn game(&self) -> Option<&State> {
        self.game.as_ref()
    }

    fn option_lines(&self, name: &str) -> Option<String> {
        match name.to_ascii_lowercase().as_str() {
            "level" => Some(format!(
                "Level;enum;{};{};easy;normal;hard",
                self.level,
                Level::Hard
            )),
            "seed" => Some(format!("Seed;int;{};0;0;{SEED_MAX}", self.seed)),
            "maxnodes" => Some(format!("MaxNodes;int;{};0;0;{}", self.max_nodes, u64::MAX)),
            "verbose" => Some(format!(
                "Verbose;bool;{};False",
                if self.verbose { "True" } else { "False" }
            )),
            _ => None,
        }
    }

    fn options(&mut self, rest: &[&str]) -> Vec<String> {
        match rest {
            [] => ["Level", "Seed", "Verbose", "MaxNodes"]
                .iter()
                .filter_map(|n| self.option_lines(n))
                .collect(),
            ["get", name] => match self.option_lines(name) {
                Some(line) => vec![line],
                None => vec![format!(
                    "err Unknown option `{name}`. Options: Level, Seed, Verbose, MaxNodes."
                )],
            },
            ["set", name, value] => {
                match name.to_ascii_lowercase().as_str() {
                    "level" => match Level::parse(value) {
                        Some(l) => self.level = l,
                        None => {
                            return vec![format!(
                                "err `{value}` is not a level: easy, normal or hard."
                            )];
                        }
                    },
                    "seed" => match value.parse::<u64>() {
                        Ok(v) if v <= SEED_MAX => self.seed = v,
                        _ => {
                            return vec![format!(
                                "err `{value}` is not a seed from 0 to {SEED_MAX}."
                            )];
                        }
                    },
                    "maxnodes" => match value.parse::<u64>() {
                        Ok(v) => self.max_nodes = v,
                        _ => return vec![format!("err `{value}` is not a number of nodes.")],
                    },
                    "verbose" => match value.to_ascii_lowercase().as_str() {
                        "true" => self.verbose = true,
                        "false" => self.verbose = false,
                        _ => return vec![format!("err `{value}` is not True or False.")],
                    },
                    _ => {
                        return vec![format!(
                            "err Unknown option `{name}`. Options: Level, Seed, Verbose, MaxNodes."
                        )];
                    }
                }
                self.option_lines(name).into_iter().collect()
            }
            _ => vec!["err Use `options`, `options get NAME` or `options set NAME VALUE`.".into()],
        }
    }

    fn bestmove(&mut self, state: &State, budget: Budget) -> Vec<String> {
        if state.outcome().is_some() {
            return vec!["err The game is over.".into()];
        }
        let level = ai::limits(self.level);
        let budget = match (self.depth_cap, budget) {
            (None, b) => b,
            (Some(cap), Budget::Depth(d)) => Budget::Depth(d.min(cap)),
            (Some(cap), Budget::Time(_)) => Budget::Depth(cap),
        };
        let (limits, deadline) = match budget {
            Budget::Depth(d) => (
                ai::Limits {
                    max_depth: d,
                    node_cap: u64::MAX,
                    ..level
                },
                None,
            ),
            Budget::Time(t) => {
                let limits = match self.level {
                    Level::Hard => ai::Limits {
                        max_depth: ai::MAX_DEPTH,
                        node_cap: u64::MAX,
                        ..level
                    },
                    _ => level,
                };
                // A little before the end, so the answer arrives in time.
                let margin = Duration::from_millis(30).min(t / 10);
                (limits, Some(t - margin))
            }
        };
        let limits = match self.max_nodes {
            0 => limits,
            cap => ai::Limits {
                node_cap: limits.node_cap.min(cap),
                ..limits
            },
        };
        let started = Instant::now();
        let seed = crate::ai::seed_for(self.seed, state.ply() as u64);
        // A clock-bound search starts from what the last one learnt; a fixed depth starts
        // afresh, so it always gives the same answer.
        let keep = matches!(budget, Budget::Time(_));
        let table = if keep { self.table.take() } else { None };
        let mut search = ai::Search::with_transpositions(state, limits, seed, table);
        let mut out_of_time = || deadline.is_some_and(|d| started.elapsed() >= d);
        let chosen = loop {
            if let Some(m) = search.step_with_stop(u64::MAX, &mut out_of_time) {
                break Some(m);
            }
        };
        if self.verbose {
            let secs = started.elapsed().as_secs_f64();
            eprintln!(
                "depth {} nodes {} time {secs:.3} s {:.0} nodes/s",
                search.completed_depth(),
                search.nodes(),
                search.nodes() as f64 / secs.max(1e-9)
            );
        }
        if keep {
            self.table = Some(search.into_transpositions());
        }
        match chosen {
            Some(m) => vec![state.move_string(m)],
            None => vec!["err No move found.".into()],
        }
    }

    /// One command's reply lines (without the final `ok`).
    pub fn command(&mut self, line: &str) -> Vec<String> {
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        let no_game =
            || vec!["err No game in progress. Try 'newgame' to start a new game.".to_string()];
        match command {
            "info" => vec![ENGINE_ID.to_string(), CAPABILITIES.to_string()],
            "newgame" => {
                let text = if rest.is_empty() {
                    "Base".to_string()
                } else {
                    rest.join(" ")
                };
                match State::from_game_string(&text) {
                    Ok(s) => {
                        let line = s.game_string();
                        self.game = Some(s);
                        self.table = None;
                        vec![line]
                    }
                    Err(e) => vec![format!("err {e}")],
                }
            }
            "play" | "pass" => {
                let Some(state) = self.game.as_mut() else {
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
                let Some(state) = self.game.as_ref() else {
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
                let Some(state) = self.game.clone() else {
                    return no_game();
                };
                let budget = match rest.as_slice() {
                    ["depth", n] => match n.parse::<u32>() {
                        Ok(d) if (1..=ai::MAX_DEPTH).contains(&d) => Budget::Depth(d),
                        _ => {
                            return vec![format!(
                                "err `{n}` is not a depth from 1 to {}",
                                ai::MAX_DEPTH
                            )];
                        }
                    },
                    ["time", t] => match parse_clock(t) {
                        Some(d) if !d.is_zero() => Budget::Time(d),
                        _ => return vec![format!("err `{t}` is not a time hh:mm:ss")],
                    },
                    _ => {
                        return vec![
                            "err Use `bestmove time hh:mm:ss` or `bestmove depth N`.".into(),
                        ];
                    }
                };
                self.bestmove(&state, budget)
            }
            "undo" => {
                let Some(state) = self.game.as_mut() else {
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
            "options" => self.options(&rest),
            other => vec![format!(
                "err Invalid command `{other}`. Commands: info, newgame, play, pass, validmoves, bestmove, undo, options, exit."
            )],
        }
    }

    /// Runs the session on `input` until `exit` or its end.
    pub fn serve(
        &mut self,
        input: &mut dyn std::io::BufRead,
        out: &mut dyn Write,
    ) -> Result<(), CliError> {
        writeln!(out, "{ENGINE_ID}\n{CAPABILITIES}\nok")?;
        out.flush()?;
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
            for reply in self.command(text) {
                writeln!(out, "{reply}")?;
            }
            writeln!(out, "ok")?;
            out.flush()?;
        }
    }
}

/// The Universal Hive Protocol engine loop, at the default level (hard).
pub fn uhp(input: &mut dyn std::io::BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    Uhp::new(Level::Hard).serve(input, out)
}

/// `tables perft hive --last list`: perft listing every move of the last ply (as engines that
/// count by listing do), for a like-for-like speed comparison.
pub fn perft_listing(
    position: Option<&str>,
    depth: u32,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    let state = super::games::read_position::<State>(position)?;
    super::report_perft(
        depth,
        |d| {
            if state.outcome().is_some() {
                return 0;
            }
            crate::rules::hive::movegen::perft_listing(
                &mut state.board().clone(),
                d,
                &mut crate::rules::hive::Scratch::new(),
                &mut Vec::new(),
            )
        },
        out,
        err,
    )
}

/// `tables uhp [--level L] [--seed S]`.
pub fn uhp_command(
    options: &Options,
    input: &mut dyn std::io::BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let level = match options.str("level") {
        None => Level::Hard,
        Some(t) => Level::parse(t).ok_or_else(|| {
            CliError::Usage(format!("`--level` takes easy, normal or hard, not `{t}`"))
        })?,
    };
    let mut session = Uhp::new(level);
    if let Some(seed) = options.u64("seed")? {
        if seed > SEED_MAX {
            return Err(CliError::Usage(format!(
                "`--seed` takes 0 to {SEED_MAX}, not {seed}"
            )));
        }
        session.seed = seed;
    }
    session.serve(input, out)
}

/// Verifies a game record (Ash & Walnut's or a Snēlab case's, told apart by its header) read
/// from `file` or from `input`.
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
    let checks =
        crate::play::verify::verify_text(&text).map_err(|e| CliError::Input(e.to_string()))?;
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
