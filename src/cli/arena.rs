//! `tables arena hive`: two Universal Hive Protocol engines, started as processes, play pairs of
//! games at a fixed time per move. Each pair starts from the same short random opening, once
//! with each engine as white, so neither profits from the opening or the first move. The arena
//! keeps the game itself (our rules judge every move); an engine that crashes, stalls, plays an
//! illegal move or answers out of protocol loses that game, and the arena carries on.
//! `--game-type Base+MLP` (or any other GameTypeString) plays that game type: the openings are
//! drawn in it, and each engine's `newgame` names it in the opening's GameString.

use super::hive::clock_text;
use super::{CliError, Options};
use crate::ai::seed_for;
use crate::i18n::{Explain, english};
use crate::rules::hive::{Colour, GameType, Outcome, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to start and greet.
const START_WAIT: Duration = Duration::from_secs(20);
/// How long an engine may take to answer anything but `bestmove`.
const REPLY_WAIT: Duration = Duration::from_secs(20);

/// Why an engine lost a game without the game deciding it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The program could not be started.
    Start { error: String },
    /// The program ended (or closed its output) while a reply was awaited.
    Exited { command: String },
    /// No complete reply in time.
    NoAnswer { command: String, secs: u64 },
    /// The engine answered `err …` or `invalidmove …` to a command that was valid.
    Refused { command: String, reply: String },
    /// The reply is not what the protocol asks for.
    BadReply { command: String, reply: String },
    /// The engine's move is not legal (or not readable) in the position.
    IllegalMove { text: String, why: String },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Start { error } => write!(f, "could not start: {error}"),
            Fault::Exited { command } => write!(f, "exited while answering `{command}`"),
            Fault::NoAnswer { command, secs } => {
                write!(f, "no answer to `{command}` in {secs} s")
            }
            Fault::Refused { command, reply } => write!(f, "refused `{command}`: {reply}"),
            Fault::BadReply { command, reply } => {
                write!(f, "answered `{command}` with `{reply}`")
            }
            Fault::IllegalMove { text, why } => write!(f, "played `{text}`, not legal: {why}"),
        }
    }
}

/// Splits a command line into words: spaces separate, single or double quotes group, and a
/// backslash outside single quotes takes the next character as it is.
pub fn split_command(text: &str) -> Result<Vec<String>, CliError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('\''), c) => word.push(c),
            (_, '\\') => match chars.next() {
                Some(n) => {
                    word.push(n);
                    in_word = true;
                }
                None => return Err(CliError::Usage(format!("`{text}` ends with `\\`"))),
            },
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(CliError::Usage(format!("`{text}` has an unclosed quote")));
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(CliError::Usage("an engine command is empty".into()));
    }
    Ok(words)
}

/// Reads `Name=Value,Name=Value` into `options set` pairs.
fn option_pairs(text: Option<&str>, flag: &str) -> Result<Vec<(String, String)>, CliError> {
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    text.split(',')
        .map(|pair| {
            pair.split_once('=')
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .filter(|(n, v)| !n.is_empty() && !v.is_empty())
                .ok_or_else(|| {
                    CliError::Usage(format!(
                        "`--{flag}` takes NAME=VALUE[,NAME=VALUE], not `{pair}`"
                    ))
                })
        })
        .collect()
}

/// One engine taking part: how to start it and which options to set.
#[derive(Clone, Debug)]
struct Entrant {
    label: &'static str,
    argv: Vec<String>,
    options: Vec<(String, String)>,
}

/// A running engine process.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// The `id` line's name.
    name: String,
}

impl Engine {
    fn start(argv: &[String]) -> Result<Engine, Fault> {
        // `tables` alone means this very program, wherever it was installed.
        let program = if argv[0] == "tables" {
            std::env::current_exe().map_err(|e| Fault::Start {
                error: e.to_string(),
            })?
        } else {
            argv[0].clone().into()
        };
        let mut child = Command::new(program)
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::Start {
                error: format!("{}: {e}", argv[0]),
            })?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Fault::Start {
                error: "no pipes to the program".into(),
            });
        };
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line.trim().to_string()).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            input,
            lines,
            name: String::new(),
        };
        let greeting = engine.reply("(start)", START_WAIT)?;
        engine.name = greeting
            .first()
            .and_then(|l| l.strip_prefix("id "))
            .unwrap_or("unnamed engine")
            .to_string();
        Ok(engine)
    }

    /// The lines up to `ok`; a line starting `err` or `invalidmove` makes it a refusal.
    fn reply(&mut self, command: &str, wait: Duration) -> Result<Vec<String>, Fault> {
        let deadline = Instant::now() + wait;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line == "ok" => break,
                Ok(line) => out.push(line),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Fault::NoAnswer {
                        command: command.to_string(),
                        secs: wait.as_secs(),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Exited {
                        command: command.to_string(),
                    });
                }
            }
        }
        if let Some(bad) = out
            .iter()
            .find(|l| l.starts_with("err") || l.starts_with("invalidmove"))
        {
            return Err(Fault::Refused {
                command: command.to_string(),
                reply: bad.clone(),
            });
        }
        Ok(out)
    }

    fn command(&mut self, command: &str, wait: Duration) -> Result<Vec<String>, Fault> {
        let sent = writeln!(self.input, "{command}").and_then(|_| self.input.flush());
        if sent.is_err() {
            return Err(Fault::Exited {
                command: command.to_string(),
            });
        }
        self.reply(command, wait)
    }

    /// The single line a command answers with.
    fn line(&mut self, command: &str, wait: Duration) -> Result<String, Fault> {
        let lines = self.command(command, wait)?;
        match lines.as_slice() {
            [one] => Ok(one.clone()),
            _ => Err(Fault::BadReply {
                command: command.to_string(),
                reply: lines.join(" / "),
            }),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "exit");
        let _ = self.input.flush();
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Ending {
    /// By the rules.
    Rules(Outcome),
    /// An engine (by colour) broke down; the other colour wins.
    Forfeit(Colour, Fault),
}

struct Bout {
    ending: Ending,
    plies: usize,
    /// The game as played, as a GameString.
    record: String,
    /// The longest `bestmove` answer of each colour.
    slowest: [Duration; 2],
    names: [String; 2],
}

/// The state word of a UHP GameString (`InProgress`, `WhiteWins`…).
fn state_word(game_string: &str) -> &str {
    game_string.split(';').nth(1).unwrap_or("")
}

/// Starts an engine for a colour and gives it the opening and its options.
fn prepare(entrant: &Entrant, opening: &State) -> Result<Engine, Fault> {
    let mut engine = Engine::start(&entrant.argv)?;
    let command = format!("newgame {}", opening.game_string());
    let reply = engine.line(&command, REPLY_WAIT)?;
    if State::from_game_string(&reply).ok().as_ref() != Some(opening) {
        return Err(Fault::BadReply { command, reply });
    }
    for (name, value) in &entrant.options {
        engine.command(&format!("options set {name} {value}"), REPLY_WAIT)?;
    }
    Ok(engine)
}

/// What each `bestmove` asks for.
#[derive(Clone, Copy, Debug)]
enum Budget {
    Time(Duration),
    Depth(u64),
}

impl Budget {
    fn command(self) -> String {
        match self {
            Budget::Time(t) => format!("bestmove time {}", clock_text(t)),
            Budget::Depth(d) => format!("bestmove depth {d}"),
        }
    }

    /// How long an answer may take before the engine is deemed stalled.
    fn wait(self) -> Duration {
        match self {
            Budget::Time(t) => t * 2 + Duration::from_secs(2),
            Budget::Depth(_) => Duration::from_secs(600),
        }
    }
}

fn play_game(seats: [&Entrant; 2], opening: &State, budget: Budget) -> Bout {
    let mut slowest = [Duration::ZERO; 2];
    let mut names = [String::new(), String::new()];
    let mut engines = Vec::with_capacity(2);
    for (i, entrant) in seats.iter().enumerate() {
        match prepare(entrant, opening) {
            Ok(e) => {
                names[i] = e.name.clone();
                engines.push(e);
            }
            Err(fault) => {
                return Bout {
                    ending: Ending::Forfeit(Colour::BOTH[i], fault),
                    plies: 0,
                    record: opening.game_string(),
                    slowest,
                    names,
                };
            }
        }
    }
    let mut state = opening.clone();
    let think_wait = budget.wait();
    let ask = budget.command();
    let ending = loop {
        if let Some(o) = state.outcome() {
            break Ending::Rules(o);
        }
        let side = state.to_move();
        let i = side.index();
        let started = Instant::now();
        let answer = engines[i].line(&ask, think_wait);
        slowest[i] = slowest[i].max(started.elapsed());
        let text = match answer {
            Ok(t) => t,
            Err(fault) => break Ending::Forfeit(side, fault),
        };
        let m = match state.parse_move(&text) {
            Ok(m) => m,
            Err(e) => {
                break Ending::Forfeit(
                    side,
                    Fault::IllegalMove {
                        text,
                        why: english(&e.explain()),
                    },
                );
            }
        };
        let canonical = state.move_string(m);
        // Proven legal by `parse_move` just above.
        let _ = state.play(m);
        if state.outcome().is_some() {
            continue;
        }
        let word = state_word(&state.game_string()).to_string();
        let command = format!("play {canonical}");
        let mut fault = None;
        for (j, engine) in engines.iter_mut().enumerate() {
            match engine.line(&command, REPLY_WAIT) {
                Ok(reply) if state_word(&reply) == word => {}
                Ok(reply) => {
                    fault = Some((
                        Colour::BOTH[j],
                        Fault::BadReply {
                            command: command.clone(),
                            reply,
                        },
                    ));
                }
                Err(f) => fault = Some((Colour::BOTH[j], f)),
            }
            if fault.is_some() {
                break;
            }
        }
        if let Some((colour, f)) = fault {
            break Ending::Forfeit(colour, f);
        }
    };
    Bout {
        ending,
        plies: state.ply(),
        record: state.game_string(),
        slowest,
        names,
    }
}

/// A short random opening for a pair: `plies` uniformly random legal moves in a game type.
fn opening(seed: u64, plies: u64, game: GameType) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new_game(game);
    for _ in 0..plies {
        if state.outcome().is_some() {
            break;
        }
        let Some(m) = crate::ai::hive::random_move(&state, &mut rng) else {
            break;
        };
        // A move from the generator is legal.
        let _ = state.play(m);
    }
    state
}

/// The game type of `--game-type TYPE` (a UHP GameTypeString: `Base`, `Base+M`, …, `Base+MLP`);
/// the base game without the flag.
fn game_type(text: Option<&str>) -> Result<GameType, CliError> {
    match text {
        None => Ok(GameType::BASE),
        Some(t) => GameType::parse(t).ok_or_else(|| {
            CliError::Usage(format!(
                "`--game-type` takes Base, Base+M, Base+L, Base+P or a combination such as \
                 Base+MLP, not `{t}`"
            ))
        }),
    }
}

/// `tables arena hive --a CMD --b CMD --pairs N (--time SECONDS | --depth PLIES) [--seed S]
/// [--opening PLIES] [--game-type TYPE] [--a-set NAME=VALUE,…] [--b-set NAME=VALUE,…]
/// [--games FILE]`.
pub fn arena(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    options.allow_only(&[
        "a",
        "b",
        "pairs",
        "time",
        "depth",
        "seed",
        "opening",
        "game-type",
        "a-set",
        "b-set",
        "games",
    ])?;
    // Each game's GameString, a line per game, for a later look.
    let mut log = match options.str("games") {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| CliError::Io(format!("{path}: {e}")))?)
        }
        None => None,
    };
    let mut entrants = Vec::new();
    for (label, flag, set) in [("A", "a", "a-set"), ("B", "b", "b-set")] {
        let command = options
            .str(flag)
            .ok_or_else(|| CliError::Usage(format!("`--{flag} \"CMD ARGS\"` is required")))?;
        entrants.push(Entrant {
            label,
            argv: split_command(command)?,
            options: option_pairs(options.str(set), set)?,
        });
    }
    let pairs = options.need_u64("pairs")?;
    let budget = match (options.u64("time")?, options.u64("depth")?) {
        (Some(0), _) => {
            return Err(CliError::Usage("`--time` must be at least 1 second".into()));
        }
        (Some(secs), None) => Budget::Time(Duration::from_secs(secs)),
        (None, Some(d)) if (1..=32).contains(&d) => Budget::Depth(d),
        (None, Some(_)) => {
            return Err(CliError::Usage("`--depth` takes 1 to 32 plies".into()));
        }
        _ => {
            return Err(CliError::Usage(
                "give one of `--time SECONDS` or `--depth PLIES`".into(),
            ));
        }
    };
    let seed = options.u64("seed")?.unwrap_or(1);
    let opening_plies = options.u64("opening")?.unwrap_or(4);
    if opening_plies > 20 {
        return Err(CliError::Usage("`--opening` takes at most 20 plies".into()));
    }
    let game = game_type(options.str("game-type"))?;
    for e in &entrants {
        writeln!(out, "{}: {}", e.label, e.argv.join(" "))?;
    }
    writeln!(out, "game type: {game}")?;
    // A's wins, draws, losses.
    let mut tally = [0u64; 3];
    let mut slowest = [Duration::ZERO; 2];
    let mut names = [String::new(), String::new()];
    let started = Instant::now();
    for pair in 0..pairs {
        let start = opening(seed_for(seed, pair), opening_plies, game);
        for swap in [false, true] {
            let seats = if swap {
                [&entrants[1], &entrants[0]]
            } else {
                [&entrants[0], &entrants[1]]
            };
            let game = play_game(seats, &start, budget);
            // The colour A played.
            let a = if swap { Colour::Walnut } else { Colour::Ash };
            for (i, s) in game.slowest.iter().enumerate() {
                let who = usize::from((i == 1) != swap);
                slowest[who] = slowest[who].max(*s);
            }
            let (winner, how) = match &game.ending {
                Ending::Rules(o) => {
                    let winner = match o {
                        Outcome::Win(c) => Some(*c),
                        Outcome::Draw(_) => None,
                    };
                    (winner, english(&o.explain()))
                }
                Ending::Forfeit(c, fault) => (
                    Some(c.other()),
                    format!("{} forfeits: {fault}", seats[c.index()].label),
                ),
            };
            let result = match winner {
                Some(c) if c == a => {
                    tally[0] += 1;
                    "A wins"
                }
                Some(_) => {
                    tally[2] += 1;
                    "B wins"
                }
                None => {
                    tally[1] += 1;
                    "draw"
                }
            };
            for (i, n) in game.names.iter().enumerate() {
                let who = usize::from((i == 1) != swap);
                if names[who].is_empty() && !n.is_empty() {
                    names[who] = n.clone();
                }
            }
            writeln!(
                out,
                "game {} (pair {}, {}): white {} against black {}: {result} ({how}) in {} plies",
                pair * 2 + u64::from(swap) + 1,
                pair + 1,
                start.game_string(),
                seats[0].label,
                seats[1].label,
                game.plies
            )?;
            out.flush()?;
            if let Some(f) = log.as_mut() {
                writeln!(f, "{}", game.record)?;
            }
        }
    }
    let games = pairs * 2;
    let score = if games > 0 {
        (tally[0] as f64 + tally[1] as f64 / 2.0) / games as f64 * 100.0
    } else {
        0.0
    };
    writeln!(
        out,
        "slowest answer: A {:.2} s, B {:.2} s (asked: {}); {:.0} s in all",
        slowest[0].as_secs_f64(),
        slowest[1].as_secs_f64(),
        budget.command(),
        started.elapsed().as_secs_f64()
    )?;
    writeln!(out, "A is {}; B is {}", names[0], names[1])?;
    writeln!(out, "A scores {score:.1}% over {games} games")?;
    writeln!(out, "A: {}-{}-{}", tally[0], tally[1], tally[2])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        let w = |s: &str| split_command(s).unwrap();
        assert_eq!(w("tables uhp"), ["tables", "uhp"]);
        assert_eq!(w("  a  'b c'  \"d e\" f\\ g "), ["a", "b c", "d e", "f g"]);
        assert_eq!(w("sh -c 'echo \"x\"'"), ["sh", "-c", "echo \"x\""]);
        assert_eq!(w("''"), [""]);
        for bad in ["", "   ", "'open", "end\\"] {
            assert!(split_command(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn option_pairs_read_names_and_values() {
        assert_eq!(
            option_pairs(Some("Level=easy, Seed=3"), "a-set").unwrap(),
            [
                ("Level".to_string(), "easy".to_string()),
                ("Seed".to_string(), "3".to_string())
            ]
        );
        assert!(option_pairs(None, "a-set").unwrap().is_empty());
        for bad in ["Level", "=easy", "Level=", "a=b,,"] {
            assert!(option_pairs(Some(bad), "a-set").is_err(), "{bad}");
        }
    }

    #[test]
    fn openings_are_seeded_and_short() {
        let a = opening(5, 4, GameType::BASE);
        assert_eq!(a, opening(5, 4, GameType::BASE));
        assert_eq!(a.ply(), 4);
        assert_eq!(opening(5, 0, GameType::BASE), State::new());
    }

    #[test]
    fn game_type_names_the_openings_and_newgame() {
        assert_eq!(game_type(None).unwrap(), GameType::BASE);
        assert_eq!(game_type(Some("Base")).unwrap(), GameType::BASE);
        assert_eq!(game_type(Some("Base+MLP")).unwrap(), GameType::MLP);
        for bad in ["", "MLP", "Base+X", "Base+MM", "base+mlp "] {
            assert!(game_type(Some(bad)).is_err(), "{bad:?}");
        }
        let mlp = opening(5, 4, GameType::MLP);
        assert_eq!(mlp.game_type(), GameType::MLP);
        assert_eq!(mlp.ply(), 4);
        assert_eq!(mlp, opening(5, 4, GameType::MLP));
        // The GameString each engine is sent after `newgame` names the game type.
        assert!(
            mlp.game_string().starts_with("Base+MLP;"),
            "{}",
            mlp.game_string()
        );
        assert!(
            opening(5, 0, GameType::MLP)
                .game_string()
                .starts_with("Base+MLP;NotStarted;")
        );
        assert!(
            opening(5, 4, GameType::BASE)
                .game_string()
                .starts_with("Base;")
        );
    }
}
