//! The UHP arena against our own engine and against engines that break down.

#![cfg(unix)]

use carved_tables::cli::{self, CliError};

const TABLES: &str = env!("CARGO_BIN_EXE_tables");

fn arena(flags: &str, a: &str, b: &str) -> Result<String, CliError> {
    let mut words = vec!["arena".to_string(), "hive".into()];
    words.extend(flags.split_whitespace().map(str::to_string));
    words.extend(["--a".into(), a.to_string(), "--b".into(), b.to_string()]);
    let mut out = Vec::new();
    cli::run(
        cli::parse(&words)?,
        &mut std::io::empty(),
        &mut out,
        &mut Vec::new(),
    )?;
    Ok(String::from_utf8(out).unwrap())
}

/// The report's lines of one game each ("game 3 (pair 2, …"), not its "game type: …" line.
fn game_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            l.strip_prefix("game ")
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
        })
        .collect()
}

#[test]
fn two_of_our_engines_play_paired_games() {
    let easy = format!("{TABLES} uhp --level easy");
    let text = arena("--pairs 2 --time 1 --seed 3", &easy, &easy).unwrap();
    let games = game_lines(&text);
    assert_eq!(games.len(), 4, "{text}");
    // Each pair: the same opening, A white then B white.
    assert!(games[0].contains("white A against black B"), "{text}");
    assert!(games[1].contains("white B against black A"), "{text}");
    let opening = |l: &str| {
        let after = l.split_once(", ").unwrap().1;
        after.split_once("): ").unwrap().0.to_string()
    };
    assert_eq!(opening(games[0]), opening(games[1]));
    assert_ne!(opening(games[0]), opening(games[2]));
    assert!(!text.contains("forfeits"), "{text}");
    let last = text.lines().last().unwrap();
    let counts: Vec<u64> = last
        .strip_prefix("A: ")
        .unwrap()
        .split('-')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), 4, "{last}");
    // The same engine, level and seed on both sides: each pair is a mirror.
    assert_eq!(counts[0], counts[2], "{text}");
    // Options reach the engines through UHP too.
    let via_options = arena(
        "--pairs 1 --time 1 --seed 3 --a-set Level=easy --b-set Level=easy,Seed=0",
        &format!("{TABLES} uhp"),
        &format!("{TABLES} uhp"),
    )
    .unwrap();
    assert_eq!(game_lines(&via_options)[..], games[..2], "{via_options}");
    // A fixed depth instead of a clock.
    let by_depth = arena("--pairs 1 --depth 1 --seed 3", &easy, &easy).unwrap();
    assert_eq!(game_lines(&by_depth).len(), 2, "{by_depth}");
}

#[test]
fn an_engine_that_breaks_down_loses_and_the_arena_carries_on() {
    let easy = format!("{TABLES} uhp --level easy");
    // Exits at once.
    let text = arena("--pairs 1 --time 1", "sh -c 'exit 3'", &easy).unwrap();
    assert_eq!(game_lines(&text).len(), 2, "{text}");
    assert!(text.contains("A forfeits: exited"), "{text}");
    assert!(text.ends_with("A: 0-0-2\n"), "{text}");
    // Greets, then answers every command with a new game and every bestmove with the Elder,
    // which may not be placed on the first turn.
    let fake = "sh -c 'echo \"id fake\"; echo; echo ok; while read l; do case \"$l\" in \
                bestmove*) echo wQ;; *) echo \"Base;NotStarted;White[1]\";; esac; echo ok; done'";
    let text = arena("--pairs 1 --time 1 --opening 0", &easy, fake).unwrap();
    assert!(
        text.contains("B forfeits: played `wQ`, not legal"),
        "{text}"
    );
    assert!(text.contains("B forfeits: answered `play"), "{text}");
    assert!(text.ends_with("A: 2-0-0\n"), "{text}");
    // Refuses an option.
    let text = arena("--pairs 1 --time 1 --a-set Colour=red", &easy, &easy).unwrap();
    assert!(
        text.contains("A forfeits: refused `options set Colour red`"),
        "{text}"
    );
    // Is no program at all.
    let text = arena("--pairs 1 --time 1", "/no/such/engine", &easy).unwrap();
    assert!(text.contains("A forfeits: could not start"), "{text}");
}

#[test]
fn arena_flags_are_checked() {
    let easy = format!("{TABLES} uhp --level easy");
    for flags in [
        "--time 1",
        "--pairs 1",
        "--pairs 1 --time 0",
        "--pairs 1 --time 1 --opening 99",
    ] {
        assert!(
            matches!(arena(flags, &easy, &easy), Err(CliError::Usage(_))),
            "{flags}"
        );
    }
    assert!(matches!(
        arena("--pairs 1 --time 1", "'unclosed", &easy),
        Err(CliError::Usage(_))
    ));
}
