//! The subcommands every game answers alike, each one generic function over the game interface
//! ([`Game`], [`Bots`], [`Playable`]): [`perft`], [`selfplay`], [`bench`] and [`play`]. `mod.rs`
//! only picks the game's type.

use super::{CliError, Options, report_perft};
use crate::ai::{Bots, Engine, Level, Player, seed_for};
use crate::i18n::{Explain, english};
use crate::play::{ClockSetting, Match, Playable, Seat};
use crate::rules::Game;
use std::io::Write;
use std::time::Instant;

/// The start, or the position a flag gives in the game's own text form.
pub fn read_position<G: Game>(text: Option<&str>) -> Result<G, CliError> {
    match text {
        None => Ok(G::start()),
        Some(t) => G::parse_position(t)
            .map_err(|e| CliError::Input(format!("bad position `{t}`: {}", english(&e.explain())))),
    }
}

/// `tables perft <game> [--position P] --depth N`.
pub fn perft<G: Game>(
    position: Option<&str>,
    depth: u32,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    let state = read_position::<G>(position)?;
    report_perft(depth, |d| state.perft(d), out, err)
}

/// The flag names of the two sides (`--south`/`--north`, `--white`/`--black`).
fn side_flags<G: Game>() -> [&'static str; 2] {
    G::sides().map(G::side_name)
}

fn player(options: &Options, flag: &str) -> Result<Player, CliError> {
    let name = options
        .str(flag)
        .ok_or_else(|| CliError::Usage(format!("`--{flag} PLAYER` is required")))?;
    Player::parse(name).ok_or_else(|| {
        CliError::Usage(format!(
            "unknown player `{name}` for `--{flag}` (expected easy, normal, hard, greedy, random or v1)"
        ))
    })
}

fn flag_bool(options: &Options, name: &str) -> Result<bool, CliError> {
    match options.str(name) {
        None | Some("false") => Ok(false),
        Some("true") => Ok(true),
        Some(v) => Err(CliError::Usage(format!(
            "`--{name}` takes true or false, not `{v}`"
        ))),
    }
}

/// The result of a game in words: "south wins (a piece reached its Bench)" or "draw (…)".
fn result_text<G: Game>(outcome: Option<G::Outcome>) -> String {
    match outcome {
        Some(o) => match G::winner(&o) {
            Some(side) => format!("{} wins ({})", G::side_name(side), english(&o.explain())),
            None => format!("draw ({})", english(&o.explain())),
        },
        None => "unfinished".to_string(),
    }
}

/// Plays one game between two players from `start`; returns the final state and the plies.
fn play_out<G: Bots>(start: &G, players: [Player; 2], seed: u64, max_plies: u64) -> (G, u64) {
    let mut state = start.clone();
    let mut plies = 0;
    while state.outcome().is_none() && plies < max_plies {
        let who = players[G::side_index(state.to_move())];
        let Some(action) = who.choose(&state, seed_for(seed, plies)) else {
            break;
        };
        match state.apply(&action) {
            Ok((next, _)) => state = next,
            Err(_) => break,
        }
        plies += 1;
    }
    (state, plies)
}

/// `tables selfplay <game> --<side> PLAYER --<side> PLAYER [--games N] [--seed S]
/// [--position P] [--swap true] [--max-plies M] [--opening PLIES]`: the players play each other
/// from the game's opening (drawn from the game's seed: Snēlab's coin, Artifact Chess's armies)
/// or from `P`, after `PLIES` random moves (the same for each block of four games); with
/// `--swap true` the two players trade sides every other pair of games. Prints a line per game
/// and the tally.
pub fn selfplay<G: Bots>(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    let [a, b] = side_flags::<G>();
    options.allow_only(&[
        a,
        b,
        "games",
        "seed",
        "position",
        "swap",
        "max-plies",
        "opening",
    ])?;
    let first = player(options, a)?;
    let second = player(options, b)?;
    let games = options.u64("games")?.unwrap_or(10);
    let seed = options.u64("seed")?.unwrap_or(1);
    let max_plies = options.u64("max-plies")?.unwrap_or(10_000);
    let swap = flag_bool(options, "swap")?;
    let opening = options.u64("opening")?.unwrap_or(0);
    let position: Option<G> = match options.str("position") {
        Some(t) => Some(read_position::<G>(Some(t))?),
        None => None,
    };
    let mut side_wins = [0u64; 2];
    let mut player_wins = [0u64; 2];
    let mut draws = 0u64;
    let mut plies = 0u64;
    let started = Instant::now();
    for g in 0..games {
        let swapped = swap && (g / 2) % 2 == 1;
        let players = if swapped {
            [second, first]
        } else {
            [first, second]
        };
        let game_seed = seed_for(seed, 1_000_000 + g);
        let mut start = position.clone().unwrap_or_else(|| G::opening(game_seed));
        // Random first moves, the same for each block of four games (two with each seating
        // when the sides swap).
        for k in 0..opening {
            let Some(a) = crate::ai::random(&start, seed_for(seed, 2_000_000 + (g / 4) * 64 + k))
            else {
                break;
            };
            match start.apply(&a) {
                Ok((next, _)) if next.outcome().is_none() => start = next,
                _ => break,
            }
        }
        let (end, n) = play_out(&start, players, game_seed, max_plies);
        plies += n;
        let outcome = end.outcome();
        match outcome.and_then(|o| G::winner(&o)) {
            Some(side) => {
                let i = G::side_index(side);
                side_wins[i] += 1;
                player_wins[i ^ usize::from(swapped)] += 1;
            }
            None => draws += 1,
        }
        writeln!(
            out,
            "game {}: {a} ({}) against {b} ({}): {} in {n} plies",
            g + 1,
            players[0].name(),
            players[1].name(),
            result_text::<G>(outcome)
        )?;
    }
    let mean = if games > 0 {
        plies as f64 / games as f64
    } else {
        0.0
    };
    writeln!(out, "games {games}")?;
    writeln!(out, "{a} ({}) wins {}", first.name(), side_wins[0])?;
    writeln!(out, "{b} ({}) wins {}", second.name(), side_wins[1])?;
    writeln!(out, "draws {draws}")?;
    if swap {
        writeln!(
            out,
            "sides swapped every other pair of games: {} wins {}, {} wins {}",
            first.name(),
            player_wins[0],
            second.name(),
            player_wins[1]
        )?;
    }
    writeln!(
        out,
        "mean length {mean:.1} plies; {:.1} s",
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// `tables bench <game> [--depth N] [--seed S]`: perft depth by depth (up to `N`, or until a
/// depth takes over a second), then each level's search from positions along a seeded game:
/// nodes per second and the time per action (median and worst).
pub fn bench<G: Bots>(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    options.allow_only(&["depth", "seed"])?;
    let max_depth = options.u64("depth")?.map(|d| d.clamp(1, 12) as u32);
    let seed = options.u64("seed")?.unwrap_or(7);
    let start = G::opening(seed);
    for d in 1..=max_depth.unwrap_or(12) {
        let t = Instant::now();
        let n = start.perft(d);
        let secs = t.elapsed().as_secs_f64();
        writeln!(
            out,
            "perft {d}: {n} nodes in {secs:.3} s ({:.0} nodes/s)",
            n as f64 / secs.max(1e-9)
        )?;
        if max_depth.is_none() && secs > 1.0 {
            break;
        }
    }
    // Positions along a game of greedy play: the opening, then every fourth ply.
    let mut positions = vec![start.clone()];
    let mut state = start;
    for ply in 0..24u64 {
        if state.outcome().is_some() {
            break;
        }
        let Some(a) = state.greedy(seed_for(seed, ply)) else {
            break;
        };
        let Ok((next, _)) = state.apply(&a) else {
            break;
        };
        state = next;
        if ply % 4 == 3 && state.outcome().is_none() {
            positions.push(state.clone());
        }
    }
    for level in Level::ALL {
        let mut times = Vec::new();
        let mut nodes = 0u64;
        for (i, p) in positions.iter().enumerate() {
            let t = Instant::now();
            let mut search = G::Engine::new(p, level, seed_for(seed, i as u64));
            while search.step(u64::MAX).decision().is_none() {}
            times.push(t.elapsed().as_secs_f64());
            nodes += search.nodes();
        }
        let total: f64 = times.iter().sum();
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
        let worst = times.last().copied().unwrap_or(0.0);
        writeln!(
            out,
            "engine {}: {} positions, median {median:.3} s, worst {worst:.3} s per action, {nodes} nodes, {:.0} nodes/s",
            level.name(),
            times.len(),
            nodes as f64 / total.max(1e-9)
        )?;
    }
    Ok(())
}

/// What a finished headless match leaves behind, besides what it printed.
pub trait RecordText: Playable {
    /// The record to write with `--record`: by default the start, the seats, every action in
    /// notation and the result. Ash & Walnut writes its verifiable game record instead.
    fn record_text(m: &Match<Self>, seed: u64) -> String {
        let _ = seed;
        let mut s = format!(
            "# Carved Tables match record\ngame {}\nstart {}\n",
            Self::KIND.cli_name(),
            m.start().position_text()
        );
        for side in Self::sides() {
            s.push_str(&format!(
                "seat {} {}\n",
                Self::side_name(side),
                english(&m.seat(side).label())
            ));
        }
        let mut state = m.start().clone();
        for e in m.record() {
            let text = state.action_text(&e.action);
            s.push_str(&format!(
                "action {}{text}\n",
                if e.timeout { "timeout " } else { "" }
            ));
            match state.apply(&e.action) {
                Ok((next, _)) => state = next,
                Err(_) => break,
            }
        }
        s.push_str(&format!("result {}\n", result_text::<Self>(m.outcome())));
        s
    }
}

impl RecordText for crate::rules::snelab::Position {}
impl RecordText for crate::rules::chess::State {}

impl RecordText for crate::rules::hive::State {
    /// The game record `tables verify` checks: the seed drawn from `seed`, its fingerprint, the
    /// seats in the order the colour rule needs for the sides the match was given.
    fn record_text(m: &Match<Self>, seed: u64) -> String {
        use crate::fair::{SeatOrder, Seed, ash_seat};
        use rand::SeedableRng;
        let secret = Seed::draw(&mut rand_chacha::ChaCha20Rng::seed_from_u64(seed));
        let ash = ash_seat(&secret);
        let name = |i: usize| english(&m.seats()[i].label());
        // Side 0 is ash: the seat the colour rule gives ash to holds the ash player.
        let seats = match ash {
            SeatOrder::First => [name(0), name(1)],
            SeatOrder::Second => [name(1), name(0)],
        };
        let timeouts: Vec<bool> = m.record().iter().map(|e| e.timeout).collect();
        crate::rules::hive::GameRecord::of_game(m.state(), secret, seats, ash, &timeouts).to_text()
    }
}

/// `tables play <game> --<side> SEAT --<side> SEAT [--seed S] [--clock SECONDS] [--record FILE]`:
/// a whole match through the match layer between bots (`bot:easy|normal|hard`); prints each
/// action in notation and the result line, and writes the record with `--record`.
pub fn play<G: RecordText>(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    let [a, b] = side_flags::<G>();
    options.allow_only(&[a, b, "seed", "clock", "record"])?;
    let mut seats = [Seat::Person; 2];
    for (i, flag) in [a, b].into_iter().enumerate() {
        let text = options
            .str(flag)
            .ok_or_else(|| CliError::Usage(format!("`--{flag} SEAT` is required")))?;
        seats[i] = match Seat::parse(text) {
            Some(s @ Seat::Bot(_)) => s,
            Some(_) => {
                return Err(CliError::Usage(format!(
                    "`--{flag} {text}`: a headless match has no person to ask; seat a bot (bot:easy, bot:normal or bot:hard)"
                )));
            }
            None => {
                return Err(CliError::Usage(format!(
                    "unknown seat `{text}` for `--{flag}` (expected bot:easy, bot:normal or bot:hard)"
                )));
            }
        };
    }
    let seed = options.u64("seed")?.unwrap_or(1);
    let clock = ClockSetting {
        per_turn: options.u64("clock")?.map(|s| s as f64),
        window: None,
    };
    let mut m = Match::new(G::opening(seed), seats, clock, seed);
    let mut n = 0;
    while let Some(turn) = m.bot_turn() {
        let mut search = G::Engine::new(&turn.state, turn.level, turn.seed);
        let action = loop {
            if let Some(d) = search.step(u64::MAX).decision() {
                break d;
            }
        };
        let Some(action) = action else {
            break;
        };
        let text = turn.state.action_text(&action);
        m.submit(turn.side, action).map_err(|e| {
            CliError::Input(format!(
                "the engine chose `{text}`, which was refused: {}",
                english(&e.explain())
            ))
        })?;
        n += 1;
        writeln!(out, "{n}. {} {text}", G::side_name(turn.side))?;
    }
    writeln!(out, "result: {}", result_text::<G>(m.outcome()))?;
    if let Some(path) = options.str("record") {
        std::fs::write(path, G::record_text(&m, seed))
            .map_err(|e| CliError::Io(format!("{path}: {e}")))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::cli::{CliError, Command, parse, run};

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    fn run_words(args: &[String]) -> Result<(String, String), CliError> {
        let cmd = parse(args)?;
        let (mut out, mut err) = (Vec::new(), Vec::new());
        run(cmd, &mut std::io::empty(), &mut out, &mut err)?;
        Ok((
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        ))
    }

    #[test]
    fn perft_prints_one_line_per_depth_for_every_game() {
        let (out, err) = run_words(&words("perft snelab --depth 2")).unwrap();
        assert_eq!(out, "perft 1 12\nperft 2 144\n");
        assert!(err.contains("nodes/s"));
        // From a given court: South's Bailiff on d6 steps onto the Bench (no reply), or the one
        // on a1 steps up and North's lone Bailiff answers.
        let mut args = words("perft snelab --depth 2 --position");
        args.push("b6/3B3/7/7/7/7/B6 S +a".into());
        let (out, _) = run_words(&args).unwrap();
        assert_eq!(out, "perft 1 2\nperft 2 1\n");
        // Hive from the empty table (the published table), chess from the queenless start.
        let (out, _) = run_words(&words("perft hive --depth 3")).unwrap();
        assert_eq!(out, "perft 1 4\nperft 2 96\nperft 3 1440\n");
        let (out, _) = run_words(&words("perft chess --depth 1")).unwrap();
        assert_eq!(
            out, "perft 1 21\n",
            "8 pawns × 2 + 2 knights × 2 + the king to the empty d1"
        );
    }

    #[test]
    fn a_bad_position_is_an_input_error_that_says_where() {
        let mut args = words("perft snelab --depth 1 --position");
        args.push("barjrab/7 X +a".into());
        let e = run_words(&args).unwrap_err();
        assert!(
            matches!(e, CliError::Input(ref m) if m.contains("at character")),
            "{e:?}"
        );
        assert_eq!(e.exit_code(), 1);
        let e = run_words(&words("perft chess --depth 1 --position 8/8")).unwrap_err();
        assert!(
            matches!(e, CliError::Input(ref m) if m.contains("1 field: expected 6")),
            "{e:?}"
        );
    }

    #[test]
    fn selfplay_reports_each_game_the_wins_and_the_length() {
        let args =
            words("selfplay snelab --south greedy --north random --games 6 --seed 4 --swap true");
        let (out, _) = run_words(&args).unwrap();
        let line = |prefix: &str| {
            out.lines()
                .find(|l| l.starts_with(prefix))
                .unwrap_or_else(|| panic!("no `{prefix}` in {out}"))
                .to_string()
        };
        assert_eq!(line("games"), "games 6");
        assert_eq!(out.lines().filter(|l| l.starts_with("game ")).count(), 6);
        let wins = |l: String| -> u64 { l.rsplit(' ').next().unwrap().parse().unwrap() };
        let south = wins(line("south (greedy) wins"));
        let north = wins(line("north (random) wins"));
        let draws = wins(line("draws"));
        assert_eq!(south + north + draws, 6);
        assert_eq!(draws, 0, "a case always ends with a verdict");
        assert!(line("mean length").contains("plies"));
        // The same seed plays the same games (the last line's time aside).
        let again = run_words(&args).unwrap().0;
        let body = |s: &str| {
            s.lines()
                .filter(|l| !l.starts_with("mean"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(body(&again), body(&out));
        // Chess and hive through the same function.
        let (out, _) = run_words(&words(
            "selfplay chess --white greedy --black random --games 2 --seed 1",
        ))
        .unwrap();
        assert!(out.contains("games 2\nwhite (greedy) wins "), "{out}");
    }

    #[test]
    fn selfplay_flags_are_checked() {
        for bad in [
            "selfplay snelab --south greedy --games 2 --seed 1",
            "selfplay snelab --south best --north random --games 2 --seed 1",
            "selfplay snelab --south greedy --north random --games two",
            "selfplay snelab --south greedy --north random --games 2 --seed 1 --swap maybe",
            "selfplay snelab --white greedy --black random --games 2 --seed 1",
            "selfplay hive --south greedy --north random",
        ] {
            let e = run_words(&words(bad)).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{bad}: {e}");
        }
    }

    #[test]
    fn bench_flags_are_checked_and_it_reports_every_level() {
        let e = run_words(&words("bench snelab --fast yes")).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(matches!(
            parse(&words("bench snelab --depth 2")),
            Ok(Command::Bench { .. })
        ));
        let (out, _) = run_words(&words("bench snelab --depth 2")).unwrap();
        assert!(out.starts_with("perft 1: 12 nodes"), "{out}");
        for level in ["easy", "normal", "hard"] {
            assert!(out.contains(&format!("engine {level}: ")), "{out}");
        }
        assert!(out.contains("median") && out.contains("worst"), "{out}");
    }
}
