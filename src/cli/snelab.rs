//! `tables` subcommands for Snēlab: perft, self-play between engines and simple players, and a
//! benchmark of move generation and engine speed.

use super::{CliError, Options};
use crate::ai::snelab::{Level, Player, Search, seed_for};
use crate::rules::snelab::{Position, Side, apply, outcome, perft};
use std::io::Write;
use std::time::Instant;

fn read_position(text: Option<&str>) -> Result<Position, CliError> {
    match text {
        None => Ok(Position::start()),
        Some(s) => s
            .parse()
            .map_err(|e| CliError::Input(format!("bad court string `{s}`: {e}"))),
    }
}

/// Parses the position (or takes the start) and returns a counter of perft nodes by depth.
pub fn perft_counter(position: Option<&str>) -> Result<Box<dyn FnMut(u32) -> u64>, CliError> {
    let pos = read_position(position)?;
    Ok(Box::new(move |d| perft(&pos, d)))
}

fn player(options: &Options, flag: &str) -> Result<Player, CliError> {
    let name = options
        .str(flag)
        .ok_or_else(|| CliError::Usage(format!("`--{flag} PLAYER` is required")))?;
    Player::parse(name).ok_or_else(|| {
        CliError::Usage(format!(
            "unknown player `{name}` for `--{flag}` (expected easy, normal, hard, greedy or random)"
        ))
    })
}

/// The end of one self-play case.
struct Played {
    winner: Side,
    plies: u32,
}

fn play(south: Player, north: Player, start: &Position, seed: u64) -> Result<Played, CliError> {
    let mut pos = start.clone();
    let mut plies = 0u32;
    loop {
        if let Some(v) = outcome(&pos) {
            return Ok(Played {
                winner: v.winner,
                plies,
            });
        }
        let who = match pos.to_move() {
            Side::South => south,
            Side::North => north,
        };
        let action = who
            .choose(&pos, seed_for(seed, plies as u64))
            .ok_or_else(|| CliError::Input(format!("{} found no action in {pos}", who.name())))?;
        pos = apply(&pos, &action)
            .map_err(|e| CliError::Input(format!("{} chose {action} in {pos}: {e}", who.name())))?;
        plies += 1;
    }
}

/// `tables selfplay snelab --south P --north P --games N --seed S [--position COURT]
/// [--swap true]`: the openers alternate game by game; with `--swap true` the two players also
/// trade sides every other pair of games, so each plays both sides and both openings equally.
pub fn selfplay(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    options.allow_only(&["south", "north", "games", "seed", "position", "swap"])?;
    let first = player(options, "south")?;
    let second = player(options, "north")?;
    let games = options.need_u64("games")?;
    let seed = options.need_u64("seed")?;
    let start = read_position(options.str("position"))?;
    let swap = match options.str("swap") {
        None | Some("false") => false,
        Some("true") => true,
        Some(v) => {
            return Err(CliError::Usage(format!(
                "`--swap` takes true or false, not `{v}`"
            )));
        }
    };
    let mut side_wins = [0u64; 2];
    let mut player_wins = [0u64; 2];
    let mut opener_wins = 0u64;
    let mut plies = 0u64;
    for g in 0..games {
        let swapped = swap && (g / 2) % 2 == 1;
        let (south, north) = if swapped {
            (second, first)
        } else {
            (first, second)
        };
        let mut pos = start.clone();
        let opener = if g % 2 == 0 { Side::South } else { Side::North };
        pos.set_to_move(opener);
        let game_seed = seed_for(seed, 1_000_000 + g);
        let played = play(south, north, &pos, game_seed)?;
        plies += played.plies as u64;
        side_wins[played.winner as usize] += 1;
        let first_won = (played.winner == Side::South) != swapped;
        player_wins[if first_won { 0 } else { 1 }] += 1;
        if played.winner == opener {
            opener_wins += 1;
        }
    }
    let mean = if games > 0 {
        plies as f64 / games as f64
    } else {
        0.0
    };
    writeln!(out, "games {games}")?;
    writeln!(out, "south ({}) wins {}", first.name(), side_wins[0])?;
    writeln!(out, "north ({}) wins {}", second.name(), side_wins[1])?;
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
    writeln!(out, "opener wins {opener_wins}")?;
    writeln!(out, "mean length {mean:.1} plies")?;
    Ok(())
}

/// `tables bench snelab [--depth N] [--position COURT]`: perft speed, and the engine's nodes per
/// second and time to answer at each level.
pub fn bench(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    options.allow_only(&["depth", "position"])?;
    let depth = options.u64("depth")?.unwrap_or(5) as u32;
    let start = read_position(options.str("position"))?;
    let t = Instant::now();
    let n = perft(&start, depth);
    let secs = t.elapsed().as_secs_f64();
    writeln!(
        out,
        "perft {depth}: {n} nodes in {secs:.3} s ({:.0} nodes/s)",
        n as f64 / secs.max(1e-9)
    )?;
    // The engine from the start and from a few positions along a greedy game.
    let mut positions = vec![start.clone()];
    let mut pos = start.clone();
    for ply in 0..12 {
        if outcome(&pos).is_some() {
            break;
        }
        let Some(a) = Player::Greedy.choose(&pos, ply) else {
            break;
        };
        pos = apply(&pos, &a).map_err(|e| CliError::Input(e.to_string()))?;
        if ply % 4 == 3 && outcome(&pos).is_none() {
            positions.push(pos.clone());
        }
    }
    for level in Level::ALL {
        let mut worst = 0f64;
        let mut nodes = 0u64;
        let mut total = 0f64;
        let mut depths = Vec::new();
        for p in &positions {
            let t = Instant::now();
            let mut s = Search::new(p, level, 7);
            s.step(u64::MAX);
            let secs = t.elapsed().as_secs_f64();
            worst = worst.max(secs);
            total += secs;
            nodes += s.nodes();
            depths.push(s.depth_done().to_string());
        }
        writeln!(
            out,
            "engine {}: {} positions, slowest answer {:.3} s, {:.0} nodes/s, depths {}",
            level.name(),
            positions.len(),
            worst,
            nodes as f64 / total.max(1e-9),
            depths.join(" ")
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Command, parse, run};

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
    fn perft_prints_one_line_per_depth() {
        let (out, err) = run_words(&words("perft snelab --depth 2")).unwrap();
        assert_eq!(out, "perft 1 12\nperft 2 144\n");
        assert!(err.contains("nodes/s"));
        // From a given court: South's Bailiff on d6 steps onto the Bench (no reply), or the one
        // on a1 steps up and North's lone Bailiff answers.
        let mut args = words("perft snelab --depth 2 --position");
        args.push("b6/3B3/7/7/7/7/B6 S +a".into());
        let (out, _) = run_words(&args).unwrap();
        assert_eq!(out, "perft 1 2\nperft 2 1\n");
    }

    #[test]
    fn a_bad_court_string_is_an_input_error() {
        let mut args = words("perft snelab --depth 1 --position");
        args.push("barjrab/7 X +a".into());
        let e = run_words(&args).unwrap_err();
        assert!(
            matches!(e, CliError::Input(ref m) if m.contains("at character")),
            "{e:?}"
        );
        assert_eq!(e.exit_code(), 1);
    }

    #[test]
    fn selfplay_reports_wins_and_length() {
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
        let wins = |l: String| -> u64 { l.rsplit(' ').next().unwrap().parse().unwrap() };
        let south = wins(line("south (greedy) wins"));
        let north = wins(line("north (random) wins"));
        assert_eq!(south + north, 6);
        assert!(line("mean length").ends_with("plies"));
        // The same seed plays the same games.
        assert_eq!(run_words(&args).unwrap().0, out);
    }

    #[test]
    fn selfplay_flags_are_checked() {
        for bad in [
            "selfplay snelab --south greedy --games 2 --seed 1",
            "selfplay snelab --south best --north random --games 2 --seed 1",
            "selfplay snelab --south greedy --north random --games 2",
            "selfplay snelab --south greedy --north random --games 2 --seed 1 --swap maybe",
            "selfplay snelab --white greedy --black random --games 2 --seed 1",
        ] {
            let e = run_words(&words(bad)).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{bad}: {e}");
        }
    }

    #[test]
    fn bench_flags_are_checked() {
        let e = run_words(&words("bench snelab --fast yes")).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(matches!(
            parse(&words("bench snelab --depth 2")),
            Ok(Command::Bench { .. })
        ));
    }
}
