//! The headless command-line tool `tables`: argument parsing and the shared output contracts.
//!
//! `perft`, `selfplay`, `bench` and `play` are one generic function each ([`games`]), over the
//! game interface; this module parses the words and picks the game's type (`with_game!`).
//! What only one game has lives in its module: [`hive`] (UHP, verify), [`chess`] (cards).

pub mod analyse;
pub mod arena;
pub mod chess;
pub mod fuzz;
#[cfg(feature = "server")]
pub mod fuzz_server;
pub mod games;
pub mod hive;
#[cfg(feature = "server")]
pub mod loadtest;
pub mod panics;
pub mod replay;
pub mod soak;

use crate::rules::GameKind;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, Write};
use std::time::Instant;

/// What went wrong on the command line, worded for the person who typed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CliError {
    /// The words themselves are off: unknown subcommand, game or flag, a missing value.
    Usage(String),
    /// A value was read but is not acceptable (a malformed position, a bad record).
    Input(String),
    /// The subcommand exists but its game does not support it yet; the issue that adds it.
    NotYet { what: String, issue: u32 },
    /// Writing the output failed (a closed pipe, a full disk).
    Io(String),
}

impl CliError {
    /// The process exit code: 2 for a usage mistake, 1 for everything else.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Usage(_) => 2,
            _ => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(m) => write!(f, "{m}\nTry `tables --help`."),
            CliError::Input(m) => f.write_str(m),
            CliError::NotYet { what, issue } => {
                write!(f, "`{what}` is not available yet (issue #{issue})")
            }
            CliError::Io(m) => write!(f, "could not write output: {m}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Io(e.to_string())
    }
}

/// `--name value` flags after the positional words, kept in order of name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    flags: BTreeMap<String, String>,
}

impl Options {
    /// Reads `--name value` pairs; `--name=value` is accepted too.
    pub fn parse(words: &[String]) -> Result<Options, CliError> {
        let mut flags = BTreeMap::new();
        let mut it = words.iter();
        while let Some(w) = it.next() {
            let Some(name) = w.strip_prefix("--") else {
                return Err(CliError::Usage(format!("unexpected word `{w}`")));
            };
            let (name, value) = match name.split_once('=') {
                Some((n, v)) => (n.to_string(), v.to_string()),
                None => {
                    let v = it
                        .next()
                        .ok_or_else(|| CliError::Usage(format!("`--{name}` needs a value")))?;
                    (name.to_string(), v.clone())
                }
            };
            if name.is_empty() {
                return Err(CliError::Usage("a flag needs a name after `--`".into()));
            }
            if flags.insert(name.clone(), value).is_some() {
                return Err(CliError::Usage(format!("`--{name}` is given twice")));
            }
        }
        Ok(Options { flags })
    }

    /// Fails on any flag not in `known`, so a typo is never silently ignored.
    pub fn allow_only(&self, known: &[&str]) -> Result<(), CliError> {
        for name in self.flags.keys() {
            if !known.contains(&name.as_str()) {
                let list: Vec<String> = known.iter().map(|k| format!("--{k}")).collect();
                return Err(CliError::Usage(format!(
                    "unknown flag `--{name}` (expected one of: {})",
                    list.join(", ")
                )));
            }
        }
        Ok(())
    }

    pub fn str(&self, name: &str) -> Option<&str> {
        self.flags.get(name).map(String::as_str)
    }

    /// A whole number flag; `None` when absent, an error when present but not a number.
    pub fn u64(&self, name: &str) -> Result<Option<u64>, CliError> {
        match self.flags.get(name) {
            None => Ok(None),
            Some(v) => v.parse::<u64>().map(Some).map_err(|_| {
                CliError::Usage(format!("`--{name}` takes a whole number, not `{v}`"))
            }),
        }
    }

    /// A required whole number flag.
    pub fn need_u64(&self, name: &str) -> Result<u64, CliError> {
        self.u64(name)?
            .ok_or_else(|| CliError::Usage(format!("`--{name} N` is required")))
    }
}

/// One parsed invocation of `tables`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Help,
    Perft {
        game: GameKind,
        position: Option<String>,
        depth: u32,
        /// List every move of the last ply instead of counting it (Ash & Walnut only).
        listing: bool,
    },
    Selfplay {
        game: GameKind,
        options: Options,
    },
    Bench {
        game: GameKind,
        options: Options,
    },
    Play {
        game: GameKind,
        options: Options,
    },
    Uhp {
        options: Options,
    },
    Arena {
        game: GameKind,
        options: Options,
    },
    Verify {
        options: Options,
        file: Option<String>,
    },
    /// Prints a record's game move by move, with the engine's review and the luck report.
    Replay(replay::ReplayArgs),
    /// A typed position's evaluation and best line, its notation and (chess) its FEN.
    Analyse(analyse::AnalyseArgs),
    /// Finds a game's practice positions with its engine and checks each (`learn`).
    Puzzles {
        game: GameKind,
        options: Options,
    },
    Cards {
        options: Options,
    },
    Carve {
        options: Options,
    },
    /// What the game reads of a model file (`model FILE`).
    Model {
        file: String,
    },
    Soak {
        game: GameKind,
        options: Options,
    },
    Fuzz {
        target: String,
        options: Options,
    },
    /// The online server's load test (built with the `server` feature).
    Loadtest {
        options: Options,
    },
    /// The protocol fuzzed against a running server (built with the `server` feature).
    FuzzServer {
        options: Options,
    },
}

pub const HELP: &str = "\
tables — the headless tools of Carved Tables (rules, engines, records)

USAGE:
    tables <SUBCOMMAND> [GAME] [FLAGS]

GAMES:
    snelab    Snēlab, the court game
    hive      Ash & Walnut (Hive's rules; standard Hive notation)
    chess     Artifact Chess

SUBCOMMANDS:
    perft <game> [--position P | --game-type T] --depth N [--last count|list]
              count the legal action sequences to depth N from the start (or from P; for
              hive, `--game-type Base+MLP` starts a game with the expansion creatures);
              prints `perft <d> <count>` for d = 1..N, and the speed on stderr; hive counts
              the last ply's moves without listing them unless `--last list`
    selfplay <game> --<side> PLAYER --<side> PLAYER [--games N] [--seed S] [--swap true]
              [--opening PLIES]
              engines or simple players play each other; a line per game, the wins and the
              mean length. Sides: snelab --south/--north; hive and chess --white/--black.
              PLAYER: easy, normal, hard (the engine), greedy or random; --opening plays
              PLIES random moves first (the same for each block of four games)
    bench <game> [--depth N] [--seed S]
              perft speed, and each level's nodes per second and time per action
    play <game> --<side> SEAT --<side> SEAT [--seed S] [--clock SECONDS] [--record FILE]
              a whole match through the match layer between bots (SEAT: bot:easy,
              bot:normal or bot:hard); prints every action and the result; --record writes
              the match record (for hive, the game record `tables verify` checks)
    uhp [--level easy|normal|hard] [--seed S]
              a Universal Hive Protocol engine on standard input and output (options
              `Level`, `Seed` and `Verbose` can also be set with UHP `options set`)
    arena hive --a \"CMD ARGS\" --b \"CMD ARGS\" --pairs N (--time SECONDS | --depth PLIES)
              [--seed S] [--opening PLIES] [--game-type TYPE] [--a-set NAME=VALUE,...]
              [--b-set NAME=VALUE,...] [--games FILE]
              two UHP engines (programs started with their arguments; `tables` is this
              program) play pairs of games from the same short random opening (PLIES random
              moves, 4 by default), each engine once with each colour, at SECONDS per move
              (or to a fixed depth); a line per game and A's wins-draws-losses. An engine
              that crashes, stalls or answers wrongly loses that game; --a-set/--b-set send
              `options set` to an engine; --games writes each game's GameString to FILE;
              --game-type plays Base+M, Base+L, Base+P or a combination (Base by default)
    verify [FILE]
              checks a game record of the online table: Ash & Walnut's (seed, fingerprint,
              seating, moves, result) or a Snēlab case's (seed, fingerprint, coin flip, moves,
              timeout moves, result); reads standard input without FILE
    replay FILE [--review] [--luck] | FILE --uhp | FILE --fen
              prints a record's game move by move (any game's record, or a UHP GameString;
              FILE `-` reads standard input): ply, side, action and, in Artifact Chess, the
              dice and the attempt's result; --review adds the engine's expected score for
              the first side (south, white) after each action and the three biggest mistakes
              with the engine's better action; --luck adds the luck report (Artifact Chess:
              each colour's captures against the dice's odds, the luckiest and unluckiest
              roll; Snēlab: the coin that chose who opens). --uhp prints only an Ash &
              Walnut game's UHP GameString (for MzingaViewer and other UHP tools); --fen
              only an Artifact Chess game's last position as FEN, or fails saying what a
              chess tool cannot hold (cards, wounds, Heirs, impassable squares...)
    analyse <game> POSITION [--plies N]
              a position in the game's notation (Snēlab's court string, a UHP GameString,
              an Artifact Chess position string or plain FEN; quoted or as several words;
              `-` reads standard input): the side to act, the position written back as
              notation, the engine's evaluation (the first side's expected score, as in
              `replay --review`) and its best line of up to N plies (6 by default; an
              Artifact Chess line stops at an action left to the dice, with its odds), and
              for chess the FEN or why there is none
    puzzles <game> [--count N] [--seed S] [--out FILE] | --check FILE
              finds N practice positions (puzzles) with the game's engine, each with one
              best answer, checks every one and writes the set (RON) to FILE or standard
              output; the shipped sets are assets/puzzles/<game>.ron. --check FILE checks a
              set instead: every answer correct and unique, one line per puzzle
    cards [--lang en|pt|ru]
              lists the 22 Artifact Chess artifacts with kind and effect
    carve [--out DIR]
              rewrites the carved models (glTF) under assets/models
    model FILE
              what the game reads of a model file: size, triangles, parts and their looks
    soak <game> --actions N [--seed S] [--sample K] [--probes K] [--deep-every K]
              [--undo-per-mille K] [--max-plies K]
              plays N random legal actions, game after game (cards, response windows,
              Cancel, undo and history views in chess; payments and both appeal settings in
              snelab; undo in hive), checking after every action: the hash against one
              recomputed from scratch, piece counts and reserves, apply then undo, the legal
              list against the single-action check (and random illegal actions refused), the
              notation and, every K actions, the text and JSON forms reading back; prints the
              counts, invariant failures and panics (caught, reported, the soak goes on)
    fuzz <target|all> --cases N [--seed S] [--corpus DIR]
              feeds a parser N random and mutated inputs built from a corpus (the files of
              DIR/<target>/, by default tests/corpus, and inputs made from random games);
              fails on a panic or where an input that reads is written back and reads as
              something else. Targets: snelab-court, snelab-action, hive-move, hive-game,
              uhp, hive-record, chess-position, chess-action, theme, i18n, save-settings,
              save-purse, save-case
    loadtest [--addr HOST:PORT] [--join-addr HOST:PORT] [--tables N] [--interval SECONDS]
              [--duration SECONDS] [--game-moves N] [--seed S] [--game hive|snelab|chess|mixed]
              [--lobby N [--requeue SECONDS]] [--drops P]
              (built with the `server` feature) N tables of two WebSocket clients playing
              random moves (of one game, or each game in turn with `mixed`), one action per table every SECONDS, against the server at
              HOST:PORT or one started in this process; prints concurrent tables, actions
              per second and the round trip's median and p99, and checks every finished
              record against what its clients heard; --join-addr seats each table's second
              player at another server process (docs/server.md); --lobby adds N clients in
              the lobby, two in three following it (updates and bytes per second counted),
              one in three playing quick games in a loop (pairings, quick → seated times, bot
              offers), SECONDS in the lobby between two games (default 5)
    fuzz-server --addr 127.0.0.1:PORT --frames N [--connections C] [--pid PID] [--seed S]
              [--rate PER_SECOND] [--pairs P] [--warmup N] [--max-seconds S] [--settle S]
              [--max-growth-mb MB]
              (built with the `server` feature) C connections to a running server on
              loopback send N mutated and random frames (every client message of the
              protocol mutated, fields of other JSON types, random bytes, cut and oversized
              JSON, binary frames, floods) while P pairs of well-formed clients, and one
              against the bot, play whole games; then checks the server is alive, its tables
              and connections (GET /metrics) came back, its memory (VmRSS of PID) grew by at
              most MB since a warm-up of N frames, and every game's record verifies
    help, --help, -h
              this text

Exit status: 0 on success, 1 when the input or the work failed, 2 for a usage mistake.
";

fn game_arg(sub: &str, words: &[String]) -> Result<(GameKind, Vec<String>), CliError> {
    let Some(name) = words.first() else {
        return Err(CliError::Usage(format!(
            "`tables {sub}` needs a game: snelab, hive or chess"
        )));
    };
    let game = GameKind::parse(name).ok_or_else(|| {
        CliError::Usage(format!(
            "unknown game `{name}` (expected snelab, hive or chess)"
        ))
    })?;
    Ok((game, words[1..].to_vec()))
}

/// Parses the words after the program name.
pub fn parse(args: &[String]) -> Result<Command, CliError> {
    let Some(sub) = args.first() else {
        return Ok(Command::Help);
    };
    let rest = &args[1..];
    match sub.as_str() {
        "help" | "--help" | "-h" => Ok(Command::Help),
        "perft" => {
            let (game, words) = game_arg(sub, rest)?;
            let options = Options::parse(&words)?;
            options.allow_only(&["position", "depth", "last", "game-type"])?;
            // `--game-type Base+MLP` (hive only) is the start of that game type: the same as
            // `--position Base+MLP`.
            let position = match (options.str("position"), options.str("game-type")) {
                (p, None) => p.map(str::to_string),
                (None, Some(t)) if game == GameKind::Hive => Some(t.to_string()),
                (None, Some(_)) => {
                    return Err(CliError::Usage("`--game-type` is for hive only".into()));
                }
                (Some(_), Some(_)) => {
                    return Err(CliError::Usage(
                        "give `--position` or `--game-type`, not both (a GameString names its \
                         game type)"
                            .into(),
                    ));
                }
            };
            let listing = match options.str("last") {
                None | Some("count") => false,
                Some("list") if game == GameKind::Hive => true,
                Some("list") => {
                    return Err(CliError::Usage(
                        "`--last list` is for hive only (the other games list anyway)".into(),
                    ));
                }
                Some(v) => {
                    return Err(CliError::Usage(format!(
                        "`--last` takes count or list, not `{v}`"
                    )));
                }
            };
            let depth = options.need_u64("depth")?;
            let depth = u32::try_from(depth)
                .ok()
                .filter(|d| (1..=64).contains(d))
                .ok_or_else(|| CliError::Usage("`--depth` must be between 1 and 64".into()))?;
            Ok(Command::Perft {
                game,
                position,
                depth,
                listing,
            })
        }
        "selfplay" => {
            let (game, words) = game_arg(sub, rest)?;
            Ok(Command::Selfplay {
                game,
                options: Options::parse(&words)?,
            })
        }
        "bench" => {
            let (game, words) = game_arg(sub, rest)?;
            Ok(Command::Bench {
                game,
                options: Options::parse(&words)?,
            })
        }
        "play" => {
            let (game, words) = game_arg(sub, rest)?;
            Ok(Command::Play {
                game,
                options: Options::parse(&words)?,
            })
        }
        "uhp" => {
            if let Some(w) = rest.first().filter(|w| !w.starts_with("--")) {
                return Err(CliError::Usage(format!(
                    "`tables uhp` takes no words, got `{w}`"
                )));
            }
            let options = Options::parse(rest)?;
            options.allow_only(&["level", "seed"])?;
            Ok(Command::Uhp { options })
        }
        "arena" => {
            let (game, words) = game_arg(sub, rest)?;
            Ok(Command::Arena {
                game,
                options: Options::parse(&words)?,
            })
        }
        "verify" => {
            let (file, flags) = match rest.first() {
                Some(w) if !w.starts_with("--") => (Some(w.clone()), &rest[1..]),
                _ => (None, rest),
            };
            Ok(Command::Verify {
                options: Options::parse(flags)?,
                file,
            })
        }
        "replay" => Ok(Command::Replay(replay::parse_args(rest)?)),
        "analyse" | "analyze" => Ok(Command::Analyse(analyse::parse_args(rest)?)),
        "puzzles" => {
            let (game, words) = game_arg(sub, rest)?;
            let options = Options::parse(&words)?;
            options.allow_only(&["count", "seed", "out", "check"])?;
            Ok(Command::Puzzles { game, options })
        }
        "cards" => {
            let options = Options::parse(rest)?;
            options.allow_only(&["lang"])?;
            Ok(Command::Cards { options })
        }
        "model" => match rest {
            [file] => Ok(Command::Model { file: file.clone() }),
            _ => Err(CliError::Usage(
                "`tables model` takes one model file (.glb or .gltf)".into(),
            )),
        },
        "carve" => {
            let options = Options::parse(rest)?;
            options.allow_only(&["out"])?;
            Ok(Command::Carve { options })
        }
        "soak" => {
            let (game, words) = game_arg(sub, rest)?;
            Ok(Command::Soak {
                game,
                options: Options::parse(&words)?,
            })
        }
        "loadtest" => Ok(Command::Loadtest {
            options: Options::parse(rest)?,
        }),
        "fuzz-server" => Ok(Command::FuzzServer {
            options: Options::parse(rest)?,
        }),
        "fuzz" => {
            let Some(target) = rest.first() else {
                return Err(CliError::Usage(format!(
                    "`tables fuzz` needs a target: {} or all",
                    fuzz::Target::ALL.map(fuzz::Target::name).join(", ")
                )));
            };
            if target != "all" && fuzz::Target::parse(target).is_none() {
                return Err(CliError::Usage(format!(
                    "unknown fuzz target `{target}` (expected {} or all)",
                    fuzz::Target::ALL.map(fuzz::Target::name).join(", ")
                )));
            }
            let options = Options::parse(&rest[1..])?;
            options.allow_only(&["cases", "seed", "corpus"])?;
            Ok(Command::Fuzz {
                target: target.clone(),
                options,
            })
        }
        other => Err(CliError::Usage(format!("unknown subcommand `{other}`"))),
    }
}

/// Calls a generic function with the type of `game`'s rules:
/// `with_game!(game, games::perft(…))` becomes `games::perft::<snelab::Position>(…)` and so on.
macro_rules! with_game {
    ($game:expr, $($f:ident)::+ ( $($arg:expr),* $(,)? )) => {
        match $game {
            GameKind::Snelab => $($f)::+::<crate::rules::snelab::Position>($($arg),*),
            GameKind::Hive => $($f)::+::<crate::rules::hive::State>($($arg),*),
            GameKind::Chess => $($f)::+::<crate::rules::chess::State>($($arg),*),
        }
    };
}

/// `tables puzzles`: generates a game's puzzle set, or checks one.
fn puzzles(
    game: GameKind,
    options: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    use crate::learn::{self, PuzzleSet};
    let check = |p: &learn::Puzzle| match game {
        GameKind::Snelab => learn::snelab::check(p),
        GameKind::Hive => learn::hive::check(p),
        GameKind::Chess => learn::chess::check(p),
    };
    if let Some(file) = options.str("check") {
        let text =
            std::fs::read_to_string(file).map_err(|e| CliError::Input(format!("{file}: {e}")))?;
        let set =
            PuzzleSet::read(game, &text).map_err(|e| CliError::Input(format!("{file}: {e}")))?;
        let mut bad = 0;
        for p in &set.puzzles {
            match check(p) {
                Ok(()) => writeln!(out, "{} ok", p.id)?,
                Err(e) => {
                    bad += 1;
                    writeln!(out, "{} WRONG: {e}", p.id)?;
                }
            }
        }
        writeln!(err, "{} puzzles, {bad} wrong", set.puzzles.len())?;
        return if bad == 0 {
            Ok(())
        } else {
            Err(CliError::Input(format!("{bad} puzzles are wrong")))
        };
    }
    let count = options.u64("count")?.unwrap_or(60) as usize;
    let seed = options.u64("seed")?.unwrap_or(1);
    let started = Instant::now();
    let set = match game {
        GameKind::Snelab => learn::snelab::generate(&learn::snelab::Options { count, seed }),
        GameKind::Hive => learn::hive::generate(&learn::hive::Options { count, seed }),
        GameKind::Chess => learn::chess::generate(&learn::chess::Options { count, seed }),
    };
    for p in &set.puzzles {
        check(p).map_err(|e| CliError::Input(format!("the generator made a wrong puzzle: {e}")))?;
    }
    writeln!(
        err,
        "{} puzzles in {:.1} s",
        set.puzzles.len(),
        started.elapsed().as_secs_f64()
    )?;
    match options.str("out") {
        Some(file) => std::fs::write(file, set.write())
            .map_err(|e| CliError::Input(format!("{file}: {e}")))?,
        None => out.write_all(set.write().as_bytes())?,
    }
    Ok(())
}

/// Counts perft for depths 1..=`depth` with `count`, printing the contract lines to `out` and
/// the speed of each depth to `err`.
pub fn report_perft(
    depth: u32,
    mut count: impl FnMut(u32) -> u64,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    for d in 1..=depth {
        let started = Instant::now();
        let n = count(d);
        let secs = started.elapsed().as_secs_f64();
        writeln!(out, "perft {d} {n}")?;
        out.flush()?;
        let rate = if secs > 0.0 {
            n as f64 / secs
        } else {
            f64::INFINITY
        };
        writeln!(
            err,
            "depth {d}: {n} nodes in {secs:.3} s ({rate:.0} nodes/s)"
        )?;
    }
    Ok(())
}

/// Runs one command; `input` is standard input for `uhp` and `verify`.
pub fn run(
    cmd: Command,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    match cmd {
        Command::Help => {
            out.write_all(HELP.as_bytes())?;
            Ok(())
        }
        Command::Perft {
            game: GameKind::Hive,
            position,
            depth,
            listing: true,
        } => hive::perft_listing(position.as_deref(), depth, out, err),
        Command::Perft {
            game,
            position,
            depth,
            ..
        } => with_game!(game, games::perft(position.as_deref(), depth, out, err)),
        Command::Selfplay { game, options } => with_game!(game, games::selfplay(&options, out)),
        Command::Bench { game, options } => with_game!(game, games::bench(&options, out)),
        Command::Play { game, options } => with_game!(game, games::play(&options, out)),
        Command::Uhp { options } => hive::uhp_command(&options, input, out),
        Command::Arena { game, options } => match game {
            GameKind::Hive => arena::arena(&options, out),
            other => Err(CliError::NotYet {
                what: format!("arena {}", other.cli_name()),
                issue: 18,
            }),
        },
        Command::Verify { options, file } => hive::verify(&options, file.as_deref(), input, out),
        Command::Replay(args) => replay::replay(&args, input, out),
        Command::Analyse(args) => analyse::analyse(&args, input, out),
        Command::Cards { options } => chess::cards(&options, out),
        Command::Puzzles { game, options } => puzzles(game, &options, out, err),
        Command::Carve { options } => {
            let dir = std::path::Path::new(options.str("out").unwrap_or("assets/models"));
            let written = crate::carve::carve_all(dir).map_err(|e| CliError::Io(e.to_string()))?;
            let total: usize = written.iter().map(|(_, n)| n).sum();
            for (path, bytes) in &written {
                writeln!(out, "{} {bytes}", path.display())?;
            }
            writeln!(err, "{} models, {total} bytes", written.len())?;
            Ok(())
        }
        Command::Model { file } => {
            let model = crate::carve::gltf::read_path(std::path::Path::new(&file))
                .map_err(|e| CliError::Io(format!("{file}: {e}")))?;
            writeln!(out, "{file}: {}", model.describe())?;
            for (k, part) in model.parts.iter().enumerate() {
                let look = match &part.look {
                    crate::carve::gltf::Look::Finish(slot) => {
                        format!("the theme's {}", slot.name())
                    }
                    crate::carve::gltf::Look::Surface(s) => format!(
                        "material `{}`: colour {:?}, metallic {}, roughness {}{}",
                        s.name,
                        s.base_color,
                        s.metallic,
                        s.roughness,
                        match s.texture.and_then(|t| model.textures.get(t)) {
                            Some(t) => format!(
                                ", a {} texture of {}×{}",
                                t.format, t.pixels.width, t.pixels.height
                            ),
                            None => String::new(),
                        }
                    ),
                };
                let colours = if part.colors.is_some() {
                    ", vertex colours"
                } else {
                    ""
                };
                writeln!(
                    out,
                    "  part {k}: {} triangles, {look}{colours}",
                    part.mesh.indices.len() / 3
                )?;
            }
            for w in &model.warnings {
                writeln!(err, "warning: {w}")?;
            }
            Ok(())
        }
        Command::Soak { game, options } => with_game!(game, soak::soak_cli(&options, out, err)),
        Command::Fuzz { target, options } => fuzz::fuzz_cli(&target, &options, out, err),
        #[cfg(feature = "server")]
        Command::Loadtest { options } => loadtest::loadtest_cli(&options, out),
        #[cfg(not(feature = "server"))]
        Command::Loadtest { .. } => Err(CliError::Usage(
            "`tables loadtest` is built with the `server` feature: \
             cargo run --release --no-default-features --features server --bin tables -- loadtest"
                .into(),
        )),
        #[cfg(feature = "server")]
        Command::FuzzServer { options } => fuzz_server::fuzz_server_cli(&options, out),
        #[cfg(not(feature = "server"))]
        Command::FuzzServer { .. } => Err(CliError::Usage(
            "`tables fuzz-server` is built with the `server` feature: \
             cargo run --no-default-features --features server --bin tables -- fuzz-server"
                .into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn no_words_and_help_words_give_help() {
        assert_eq!(parse(&[]), Ok(Command::Help));
        for w in ["help", "--help", "-h"] {
            assert_eq!(parse(&words(w)), Ok(Command::Help));
        }
    }

    #[test]
    fn perft_reads_game_position_and_depth() {
        let cmd = parse(&words("perft hive --depth 3")).unwrap();
        assert_eq!(
            cmd,
            Command::Perft {
                game: GameKind::Hive,
                position: None,
                depth: 3,
                listing: false
            }
        );
        let cmd = parse(&words("perft hive --game-type Base+MLP --depth 5")).unwrap();
        assert_eq!(
            cmd,
            Command::Perft {
                game: GameKind::Hive,
                position: Some("Base+MLP".into()),
                depth: 5,
                listing: false
            }
        );
        let cmd = parse(&words("perft snelab --position 7/7 --depth=2")).unwrap();
        assert_eq!(
            cmd,
            Command::Perft {
                game: GameKind::Snelab,
                position: Some("7/7".into()),
                depth: 2,
                listing: false
            }
        );
    }

    #[test]
    fn usage_mistakes_are_usage_errors() {
        for bad in [
            "dance",
            "perft",
            "perft go --depth 2",
            "perft hive",
            "perft hive --depth",
            "perft hive --depth two",
            "perft hive --depth 0",
            "perft hive --depth 2 --depth 3",
            "perft hive --depht 2",
            "perft hive stray --depth 2",
            "uhp now",
            "uhp --level",
            "uhp --depth 3",
            "arena",
            "arena go --a x",
            "cards --colour red",
            "soak",
            "soak go --actions 5",
            "fuzz",
            "fuzz nothing --cases 5",
            "fuzz uhp --cases 5 --colour red",
            "perft hive --depth 2 --last all",
            "perft chess --depth 2 --game-type Base+M",
            "perft hive --depth 2 --game-type Base --position Base",
            "perft chess --depth 2 --last list",
        ] {
            match parse(&words(bad)) {
                Err(e @ CliError::Usage(_)) => assert_eq!(e.exit_code(), 2, "{bad}"),
                other => panic!("`{bad}` should be a usage error, got {other:?}"),
            }
        }
    }

    #[test]
    fn unknown_subcommand_names_itself() {
        let e = parse(&words("dance")).unwrap_err();
        assert!(e.to_string().contains("unknown subcommand `dance`"), "{e}");
        let e = parse(&words("perft go --depth 1")).unwrap_err();
        assert!(e.to_string().contains("unknown game `go`"), "{e}");
    }

    #[test]
    fn uhp_takes_a_level_and_a_seed() {
        for line in ["uhp", "uhp --level easy", "uhp --seed 3 --level hard"] {
            assert!(
                matches!(parse(&words(line)), Ok(Command::Uhp { .. })),
                "{line}"
            );
        }
        let bad = |line: &str| {
            let Ok(Command::Uhp { options }) = parse(&words(line)) else {
                panic!("{line}");
            };
            hive::uhp_command(&options, &mut std::io::empty(), &mut Vec::new())
        };
        assert!(matches!(bad("uhp --level genius"), Err(CliError::Usage(_))));
        assert!(matches!(
            bad("uhp --seed 99999999999"),
            Err(CliError::Usage(_))
        ));
        assert!(bad("uhp --level Normal").is_ok());
    }

    #[test]
    fn verify_takes_an_optional_file() {
        let cmd = parse(&words("verify game.txt")).unwrap();
        assert!(matches!(cmd, Command::Verify { file: Some(ref f), .. } if f == "game.txt"));
        let cmd = parse(&words("verify")).unwrap();
        assert!(matches!(cmd, Command::Verify { file: None, .. }));
    }

    #[test]
    fn replay_takes_a_file_and_two_switches() {
        let cmd = parse(&words("replay game.txt --luck")).unwrap();
        assert_eq!(
            cmd,
            Command::Replay(replay::ReplayArgs {
                file: "game.txt".into(),
                review: false,
                luck: true,
                uhp: false,
                fen: false,
            })
        );
        let cmd = parse(&words("replay - --review --luck")).unwrap();
        assert!(matches!(cmd, Command::Replay(ref a) if a.file == "-" && a.review && a.luck));
        for bad in [
            "replay",
            "replay --review",
            "replay game.txt --review --review",
            "replay game.txt --depth 3",
            "replay game.txt other.txt",
            "replay game.txt --uhp --fen",
            "replay game.txt --uhp --review",
            "replay game.txt --luck --fen",
        ] {
            match parse(&words(bad)) {
                Err(e @ CliError::Usage(_)) => assert_eq!(e.exit_code(), 2, "{bad}"),
                other => panic!("`{bad}` should be a usage error, got {other:?}"),
            }
        }
    }

    #[test]
    fn soak_and_fuzz_run_from_the_command_line() {
        let run_words = |w: &str| {
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let r = run(parse(&words(w)).unwrap(), &mut &b""[..], &mut out, &mut err);
            (r, String::from_utf8(out).unwrap())
        };
        let (r, out) = run_words("soak snelab --actions 300 --seed 4");
        assert_eq!(r, Ok(()), "{out}");
        assert!(
            out.contains("actions 300\n") && out.contains("panics 0\n"),
            "{out}"
        );
        let (r, out) = run_words("fuzz snelab-action --cases 300 --corpus /no/such/dir");
        assert_eq!(r, Ok(()), "{out}");
        assert!(out.contains("fuzz snelab-action: 300 cases"), "{out}");
        // A required count is a usage mistake.
        let (r, _) = run_words("soak hive --seed 3");
        assert!(matches!(r, Err(CliError::Usage(_))), "{r:?}");
    }

    #[test]
    fn report_perft_prints_one_line_per_depth() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        report_perft(3, |d| 10u64.pow(d), &mut out, &mut err).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "perft 1 10\nperft 2 100\nperft 3 1000\n"
        );
        assert_eq!(String::from_utf8(err).unwrap().lines().count(), 3);
    }
}
