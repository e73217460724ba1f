//! `tables analyse GAME POSITION [--plies N]`: a position typed in the game's notation, with
//! the engine's evaluation and best line, the position written back as notation, and for
//! Artifact Chess its FEN or why it has none (`crate::review::analysis`).

use super::CliError;
use crate::review::analysis::{self, Analysed, Analysis, DEFAULT_PLIES, LineEnd};
use crate::rules::GameKind;
use std::io::{BufRead, Write};

/// The longest best line `--plies` may ask for.
pub const MAX_PLIES: usize = 64;

/// What `tables analyse` was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalyseArgs {
    pub game: GameKind,
    /// The position's text (its words joined by single spaces); `-` reads standard input.
    pub position: String,
    pub plies: usize,
}

/// Reads the words after `analyse`: the game, the position (one quoted word or several), and
/// `--plies N` (or `--plies=N`) anywhere after the game.
pub fn parse_args(words: &[String]) -> Result<AnalyseArgs, CliError> {
    let (game, rest) = super::game_arg("analyse", words)?;
    let mut position: Vec<&str> = Vec::new();
    let mut plies = None;
    let mut it = rest.iter();
    while let Some(w) = it.next() {
        let value = if w == "--plies" {
            Some(
                it.next()
                    .ok_or_else(|| CliError::Usage("`--plies` needs a value".into()))?
                    .as_str(),
            )
        } else {
            w.strip_prefix("--plies=")
        };
        if let Some(v) = value {
            if plies.is_some() {
                return Err(CliError::Usage("`--plies` is given twice".into()));
            }
            let n = v
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=MAX_PLIES).contains(n))
                .ok_or_else(|| {
                    CliError::Usage(format!(
                        "`--plies` takes a whole number from 1 to {MAX_PLIES}, not `{v}`"
                    ))
                })?;
            plies = Some(n);
        } else if w.starts_with("--") {
            return Err(CliError::Usage(format!(
                "unknown flag `{w}` (expected --plies)"
            )));
        } else {
            position.push(w);
        }
    }
    if position.is_empty() {
        return Err(CliError::Usage(format!(
            "`tables analyse {game}` needs a position in the game's notation, or `-` for \
             standard input"
        )));
    }
    Ok(AnalyseArgs {
        game,
        position: position.join(" "),
        plies: plies.unwrap_or(DEFAULT_PLIES),
    })
}

/// Runs `tables analyse`.
pub fn analyse(
    args: &AnalyseArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let text = if args.position == "-" {
        let mut s = String::new();
        input
            .read_to_string(&mut s)
            .map_err(|e| CliError::Input(format!("cannot read the position: {e}")))?;
        s
    } else {
        args.position.clone()
    };
    match args.game {
        GameKind::Snelab => {
            let state = read::<crate::rules::snelab::Position>(&text)?;
            report(state, args.plies, out)
        }
        GameKind::Hive => {
            let state = read::<crate::rules::hive::State>(&text)?;
            report(state, args.plies, out)
        }
        GameKind::Chess => {
            let state = read::<crate::rules::chess::State>(&text)?;
            let fen = analysis::fen(&state);
            report(state, args.plies, out)?;
            match fen {
                Ok(fen) => writeln!(out, "fen: {fen}")?,
                Err(no) => writeln!(out, "fen: none ({no})")?,
            }
            Ok(())
        }
    }
}

fn read<G: Analysed>(text: &str) -> Result<G, CliError> {
    analysis::read::<G>(text).map_err(|e| CliError::Input(e.to_string()))
}

/// The position's side to act (or its end), its notation, the evaluation and the best line.
fn report<G: Analysed>(state: G, plies: usize, out: &mut dyn Write) -> Result<(), CliError> {
    let kind = G::KIND.cli_name();
    match state.outcome() {
        Some(o) => writeln!(
            out,
            "{kind} position, the game is over: {}",
            crate::i18n::english(&crate::i18n::Explain::explain(&o))
        )?,
        None => writeln!(
            out,
            "{kind} position, {} to act",
            G::side_name(state.to_move())
        )?,
    }
    match analysis::notation(&state) {
        Ok(text) => writeln!(out, "notation: {text}")?,
        Err(why) => writeln!(out, "notation: none ({why})")?,
    }
    let mut analysis = Analysis::new(state, plies);
    analysis.run();
    let first = G::side_name(G::sides()[0]);
    if let Some(score) = analysis.evaluation() {
        writeln!(out, "evaluation: {first} {score:.2}")?;
    }
    let line = analysis.line_text();
    if line.is_empty() {
        writeln!(out, "best line: none")?;
    } else {
        writeln!(out, "best line: {}", line.join("  "))?;
    }
    let end = match analysis.end() {
        Some(LineEnd::Plies) => format!("{} plies, as asked", analysis.line().len()),
        Some(LineEnd::Over) => match analysis.line().last().outcome() {
            Some(o) => format!(
                "the game is over: {}",
                crate::i18n::english(&crate::i18n::Explain::explain(&o))
            ),
            None => "the game is over".to_string(),
        },
        Some(LineEnd::NoAction) | None => "no action to play".to_string(),
        Some(LineEnd::Chance { text, chance, .. }) => format!("{text} is left to chance: {chance}"),
    };
    writeln!(out, "line ends: {end}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn the_position_is_every_word_but_the_flag() {
        let a = parse_args(&words("chess 4k3/8/8/8/8/8/8/4K2R w K - 0 1 --plies 3")).unwrap();
        assert_eq!(a.game, GameKind::Chess);
        assert_eq!(a.position, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert_eq!(a.plies, 3);
        let a = parse_args(&words(
            "hive --plies=2 Base;InProgress;White[2];wS1;bS1 -wS1",
        ))
        .unwrap();
        assert_eq!(a.position, "Base;InProgress;White[2];wS1;bS1 -wS1");
        assert_eq!(a.plies, 2);
        let a = parse_args(&words("snelab -")).unwrap();
        assert_eq!((a.position.as_str(), a.plies), ("-", DEFAULT_PLIES));
        for bad in [
            "",
            "checkers x",
            "snelab",
            "snelab --plies 3",
            "snelab x --plies",
            "snelab x --plies 0",
            "snelab x --plies 65",
            "snelab x --plies two",
            "snelab x --plies 2 --plies 3",
            "snelab x --depth 3",
        ] {
            assert!(
                matches!(parse_args(&words(bad)), Err(CliError::Usage(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_bad_position_is_an_input_error() {
        for (game, text) in [
            (GameKind::Snelab, "barjrab/6/7 S +a"),
            (GameKind::Hive, "Base;InProgress;White[2];wS1;bQ wS1-"),
            (GameKind::Chess, "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1"),
            (GameKind::Chess, "   "),
        ] {
            let args = AnalyseArgs {
                game,
                position: "-".into(),
                plies: 1,
            };
            let r = analyse(&args, &mut text.as_bytes(), &mut Vec::new());
            assert!(matches!(r, Err(CliError::Input(_))), "{text}: {r:?}");
        }
    }
}
