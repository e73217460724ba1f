//! `tables` subcommands for Artifact Chess: perft, self-play and the benchmark (`cards` comes
//! with the artifacts, issue #8).

use super::{CliError, Options};
use crate::ai::chess::{Level, Search, end_name};
use crate::rules::chess::{
    Army, Artifact, ArtifactKind, Color, DiceRng, End, QUEENLESS_START, State, parse_position,
    perft, start_state,
};
use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

/// Parses the position (or takes the queenless chess start) and returns a counter of perft
/// nodes by depth. Every capture attempt counts as succeeding.
pub fn perft_counter(position: Option<&str>) -> Result<Box<dyn FnMut(u32) -> u64>, CliError> {
    let state = read_position(position)?;
    Ok(Box::new(move |depth| perft(&state, depth)))
}

fn read_position(position: Option<&str>) -> Result<State, CliError> {
    parse_position(position.unwrap_or(QUEENLESS_START)).map_err(|e| CliError::Input(e.to_string()))
}

fn level(options: &Options, name: &str) -> Result<Level, CliError> {
    let text = options.str(name).unwrap_or("random");
    Level::parse(text).ok_or_else(|| {
        CliError::Usage(format!(
            "`--{name}` takes random, 1, 2, 3, 4, easy, normal or hard, not `{text}`"
        ))
    })
}

/// The result of one self-play game.
struct Played {
    end: Option<End>,
    actions: u64,
}

/// Plays one game between two levels from random 14–15-point armies; the dice come from the
/// game's own generator, seeded from `seed`.
fn play_game(white: Level, black: Level, seed: u64, max_actions: u64) -> Played {
    let mut rng = DiceRng::new(seed);
    let w = Army::random(Color::White, &mut rng, 14, 15);
    let b = Army::random(Color::Black, &mut rng, 14, 15);
    let mut state = start_state(&w, &b, rng.next_u64());
    let mut actions = 0;
    while state.end().is_none() && actions < max_actions {
        let lvl = if state.turn() == Color::White {
            white
        } else {
            black
        };
        let mut search = Search::new(&state, lvl, rng.next_u64());
        let action = loop {
            if let Some(a) = search.step(u64::MAX) {
                break Some(a);
            }
            if search.decision().is_some() {
                break None;
            }
        };
        let Some(action) = action else { break };
        match state.apply(&action) {
            Ok((next, _)) => state = next,
            Err(_) => break,
        }
        actions += 1;
    }
    Played {
        end: state.end(),
        actions,
    }
}

/// `tables selfplay chess --white L --black L --games N --seed S [--max-actions M]`.
pub fn selfplay(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    options.allow_only(&["white", "black", "games", "seed", "max-actions"])?;
    let white = level(options, "white")?;
    let black = level(options, "black")?;
    let games = options.u64("games")?.unwrap_or(10);
    let seed = options.u64("seed")?.unwrap_or(1);
    let max_actions = options.u64("max-actions")?.unwrap_or(3000);
    let (mut white_wins, mut black_wins, mut total_len) = (0u64, 0u64, 0u64);
    let mut kinds: BTreeMap<&str, u64> = BTreeMap::new();
    for g in 0..games {
        let played = play_game(
            white,
            black,
            seed.wrapping_mul(1_000_003).wrapping_add(g),
            max_actions,
        );
        total_len += played.actions;
        match played.end.and_then(End::winner) {
            Some(Color::White) => white_wins += 1,
            Some(Color::Black) => black_wins += 1,
            None => *kinds.entry(end_name(played.end)).or_default() += 1,
        }
    }
    let draws: u64 = kinds.values().sum();
    let detail: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    writeln!(
        out,
        "chess selfplay: white {} vs black {}, {games} games, seed {seed}",
        white.name(),
        black.name()
    )?;
    writeln!(out, "white wins {white_wins}")?;
    writeln!(out, "black wins {black_wins}")?;
    writeln!(
        out,
        "draws {draws} ({})",
        if detail.is_empty() {
            "none".into()
        } else {
            detail.join(", ")
        }
    )?;
    let mean = if games > 0 {
        total_len as f64 / games as f64
    } else {
        0.0
    };
    writeln!(out, "mean length {mean:.1} actions")?;
    Ok(())
}

/// `tables bench chess [--depth N]`: perft speed from the queenless start and engine speed.
pub fn bench(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    options.allow_only(&["depth"])?;
    let depth = options.u64("depth")?.unwrap_or(4).clamp(1, 6) as u32;
    let state = read_position(None)?;
    let started = Instant::now();
    let nodes = perft(&state, depth);
    let secs = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "perft {depth} {nodes} in {secs:.3} s ({:.0} nodes/s)",
        nodes as f64 / secs.max(1e-9)
    )?;
    let mut rng = DiceRng::new(2026);
    let (mut searched, mut secs) = (0u64, 0.0);
    for _ in 0..4 {
        let w = Army::random(Color::White, &mut rng, 14, 15);
        let b = Army::random(Color::Black, &mut rng, 14, 15);
        let start = start_state(&w, &b, 0);
        let mut search = Search::new(&start, Level::Depth(3), 0);
        let t = Instant::now();
        while search.step(u64::MAX).is_none() && search.decision().is_none() {}
        secs += t.elapsed().as_secs_f64();
        searched += search.nodes();
    }
    writeln!(
        out,
        "engine depth 3: {searched} nodes in {secs:.3} s ({:.0} nodes/s)",
        searched as f64 / secs.max(1e-9)
    )?;
    Ok(())
}

/// Lists the 22 artifacts in the chosen language (`--lang en|pt|ru`, English by default). The
/// Portuguese list gives the Portuguese names with the English effects.
pub fn cards(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    options.allow_only(&["lang"])?;
    let lang = options.str("lang").unwrap_or("en");
    if !["en", "pt", "ru"].contains(&lang) {
        return Err(CliError::Usage(format!(
            "`--lang` takes en, pt or ru, not `{lang}`"
        )));
    }
    for (i, card) in Artifact::ALL.into_iter().enumerate() {
        let (name, effect) = match lang {
            "ru" => (card.name_ru(), card.effect_ru()),
            "pt" => (card.name_pt(), card.effect_en()),
            _ => (card.name_en(), card.effect_en()),
        };
        let kind = match (card.kind(), lang) {
            (ArtifactKind::Movement, "ru") => "перемещение",
            (ArtifactKind::KeepsMove, "ru") => "ход сохраняется",
            (ArtifactKind::Response, "ru") => "ответ",
            (ArtifactKind::Action, "ru") => "действие",
            (ArtifactKind::Movement, "pt") => "movimento",
            (ArtifactKind::KeepsMove, "pt") => "mantém a jogada",
            (ArtifactKind::Response, "pt") => "resposta",
            (ArtifactKind::Action, "pt") => "ação",
            (ArtifactKind::Movement, _) => "movement",
            (ArtifactKind::KeepsMove, _) => "keeps move",
            (ArtifactKind::Response, _) => "response",
            (ArtifactKind::Action, _) => "action",
        };
        writeln!(out, "{:>2}. {name} ({kind}): {effect}", i + 1)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn cards_lists_the_22_artifacts_in_each_language() {
        for (lang, word) in [
            ("en", "Zombie Pawn"),
            ("ru", "Пешка-зомби"),
            ("pt", "Peão zumbi"),
        ] {
            let options = Options::parse(&words(&format!("--lang {lang}"))).unwrap();
            let mut out = Vec::new();
            cards(&options, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert_eq!(text.lines().count(), 22, "{lang}");
            assert!(text.contains(word), "{lang}: {text}");
        }
        let bad = Options::parse(&words("--lang de")).unwrap();
        assert!(matches!(
            cards(&bad, &mut Vec::new()),
            Err(CliError::Usage(_))
        ));
    }

    #[test]
    fn perft_counts_the_queenless_start() {
        let mut count = perft_counter(None).unwrap();
        assert_eq!(
            count(1),
            21,
            "8 pawns × 2 + 2 knights × 2 + the king to the empty d1"
        );
        assert!(matches!(
            perft_counter(Some("8/8 w")),
            Err(CliError::Input(_))
        ));
    }

    #[test]
    fn selfplay_reports_wins_draws_and_length() {
        let options =
            Options::parse(&words("--white random --black random --games 3 --seed 4")).unwrap();
        let mut out = Vec::new();
        selfplay(&options, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let wins: u64 = ["white wins ", "black wins ", "draws "]
            .iter()
            .map(|p| {
                let line = text.lines().find(|l| l.starts_with(p)).unwrap();
                line[p.len()..]
                    .split(' ')
                    .next()
                    .unwrap()
                    .parse::<u64>()
                    .unwrap()
            })
            .sum();
        assert_eq!(wins, 3, "{text}");
        assert!(text.contains("mean length"), "{text}");
        let bad = Options::parse(&words("--white genius")).unwrap();
        assert!(matches!(
            selfplay(&bad, &mut Vec::new()),
            Err(CliError::Usage(_))
        ));
    }
}
