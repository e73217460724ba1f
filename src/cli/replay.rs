//! `tables replay FILE [--review] [--luck]`: a game record (any game's, or a UHP GameString)
//! printed move by move, with the engine's review and Artifact Chess's luck report on demand
//! (`crate::review`); `--uhp` and `--fen` print only the game in another tool's form: an Ash &
//! Walnut game's UHP GameString, an Artifact Chess game's last position as FEN.

use super::CliError;
use crate::review::eval::{LineReview, Reviewed};
use crate::review::{CardLuck, ChessLuck, CoinLuck, Deal, Line, Replay};
use std::io::{BufRead, Write};

/// What `tables replay` was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayArgs {
    /// The record's file; `-` for standard input.
    pub file: String,
    pub review: bool,
    pub luck: bool,
    /// Only the UHP GameString (Ash & Walnut).
    pub uhp: bool,
    /// Only the last position's FEN (Artifact Chess).
    pub fen: bool,
}

/// Reads the words after `replay`: a file (or `-`), then `--review` and `--luck`, each once;
/// or `--uhp` or `--fen` alone.
pub fn parse_args(words: &[String]) -> Result<ReplayArgs, CliError> {
    let Some(file) = words.first().filter(|w| *w == "-" || !w.starts_with("--")) else {
        return Err(CliError::Usage(
            "`tables replay` needs a record's file, or `-` for standard input".into(),
        ));
    };
    let mut args = ReplayArgs {
        file: file.clone(),
        review: false,
        luck: false,
        uhp: false,
        fen: false,
    };
    for w in &words[1..] {
        let flag = match w.as_str() {
            "--review" => &mut args.review,
            "--luck" => &mut args.luck,
            "--uhp" => &mut args.uhp,
            "--fen" => &mut args.fen,
            other if other.starts_with("--") => {
                return Err(CliError::Usage(format!(
                    "unknown flag `{other}` (expected --review, --luck, --uhp, --fen)"
                )));
            }
            other => return Err(CliError::Usage(format!("unexpected word `{other}`"))),
        };
        if *flag {
            return Err(CliError::Usage(format!("`{w}` is given twice")));
        }
        *flag = true;
    }
    let flags = [args.review, args.luck, args.uhp, args.fen];
    if (args.uhp || args.fen) && flags.iter().filter(|f| **f).count() > 1 {
        return Err(CliError::Usage(
            "`--uhp` and `--fen` print only the game in another tool's form: give one alone".into(),
        ));
    }
    Ok(args)
}

/// Runs `tables replay`.
pub fn replay(
    args: &ReplayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let text = if args.file == "-" {
        let mut s = String::new();
        input
            .read_to_string(&mut s)
            .map_err(|e| CliError::Input(format!("cannot read the record: {e}")))?;
        s
    } else {
        std::fs::read_to_string(&args.file)
            .map_err(|e| CliError::Input(format!("cannot read `{}`: {e}", args.file)))?
    };
    let replay = crate::review::read(&text).map_err(|e| CliError::Input(e.to_string()))?;
    if args.uhp || args.fen {
        return other_tool(&replay, args.uhp, out);
    }
    writeln!(
        out,
        "{} game, {} actions",
        replay.kind().cli_name(),
        replay.len()
    )?;
    match replay {
        Replay::Snelab(line) => {
            print_game(&line, args.review, out, |_, _| String::new())?;
            if args.luck {
                // The coin is in the case record (a replay of a record always has one).
                let body = crate::play::signed::body(&text);
                if let Ok(record) = crate::play::snelab::record::CaseRecord::parse(body) {
                    print_coin(&CoinLuck::of(&record), out)?;
                }
            }
        }
        Replay::Hive(line) => {
            print_game(&line, args.review, out, |_, _| String::new())?;
            if args.luck {
                writeln!(out, "luck: no chance decides an Ash & Walnut move")?;
            }
        }
        Replay::Chess(line) => {
            print_game(&line, args.review, out, |line, i| {
                let r = &line.records[i];
                match (r.dice, r.result) {
                    (Some(d), Some(res)) => format!("  dice {d}: {}", res.name()),
                    (None, Some(res)) => format!("  no dice: {}", res.name()),
                    _ => String::new(),
                }
            })?;
            if args.luck {
                print_chess_luck(&ChessLuck::of(&line), out)?;
                print_deals(&crate::review::deals(&line), out)?;
                print_card_luck(&CardLuck::of(&line), out)?;
            }
        }
    }
    Ok(())
}

/// `--uhp` (`uhp` true) or `--fen`: the game as another tool reads it, or why it cannot be.
fn other_tool(replay: &Replay, uhp: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let kind = replay.kind().cli_name();
    let text = match (replay, uhp) {
        (Replay::Hive(line), true) => {
            crate::review::uhp(line.last()).map_err(|e| CliError::Input(e.to_string()))?
        }
        (Replay::Chess(line), false) => {
            crate::review::fen(line.last()).map_err(|e| CliError::Input(e.to_string()))?
        }
        (_, true) => {
            return Err(CliError::Input(format!(
                "`--uhp` writes Ash & Walnut games; this is a {kind} record"
            )));
        }
        (_, false) => {
            return Err(CliError::Input(format!(
                "`--fen` writes Artifact Chess positions; this is a {kind} record"
            )));
        }
    };
    writeln!(out, "{text}")?;
    Ok(())
}

/// The moves one a line: ply, side, action and `extra` (the dice); with `review`, the first
/// side's expected score after each action and the three biggest mistakes.
fn print_game<G: Reviewed>(
    line: &Line<G>,
    review: bool,
    out: &mut dyn Write,
    extra: impl Fn(&Line<G>, usize) -> String,
) -> Result<(), CliError> {
    let first = G::side_name(G::sides()[0]);
    let mut judged = review.then(|| {
        let mut r = LineReview::new(line.clone());
        while !r.done() {
            r.step();
        }
        r
    });
    if let Some(r) = &judged {
        writeln!(out, "start  {first} {:.2}", r.points()[0])?;
    }
    for i in 0..line.len() {
        let side = G::side_name(line.states[i].to_move());
        write!(out, "{:>4}. {side:<6} {}", i + 1, line.notation[i])?;
        write!(out, "{}", extra(line, i))?;
        if let Some(r) = &judged {
            write!(out, "  {first} {:.2}", r.points()[i + 1])?;
            if let Some(loss) = r.loss(i).filter(|l| *l >= 0.005) {
                write!(out, " (lost {loss:.2})")?;
            }
        }
        writeln!(out)?;
    }
    if let Some(r) = judged.take() {
        let mistakes = r.mistakes(3);
        if mistakes.is_empty() {
            writeln!(
                out,
                "no mistakes: every action was the engine's choice or as good"
            )?;
        } else {
            writeln!(out, "biggest mistakes:")?;
        }
        for m in mistakes {
            let side = G::side_name(line.states[m.ply].to_move());
            writeln!(
                out,
                "{:>4}. {side:<6} {} lost {:.2}; better {}",
                m.ply + 1,
                m.played_text,
                m.loss,
                m.better_text
            )?;
        }
    }
    Ok(())
}

fn print_chess_luck(luck: &ChessLuck, out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(out, "luck:")?;
    for c in crate::rules::chess::Colour::BOTH {
        let i = c.index();
        let attempts = luck.counted().filter(|a| a.colour == c).count();
        let undone = luck
            .attempts
            .iter()
            .filter(|a| a.colour == c && a.undone)
            .count();
        writeln!(
            out,
            "  {:<6} {attempts} attempts, {:.2} captures expected, {} captures, luck {:+.2}{}",
            c.name(),
            luck.expected[i],
            luck.captures[i],
            luck.luck(c),
            if undone > 0 {
                format!(" ({undone} more undone by Cancel)")
            } else {
                String::new()
            }
        )?;
    }
    let show = |word: &str, a: Option<&crate::review::Attempt>| match a {
        Some(a) => format!(
            "  {word} {}. {} {} ({:.0} % to succeed: {}, {:+.2})",
            a.ply + 1,
            a.colour.name(),
            a.action,
            a.chance * 100.0,
            a.result.name(),
            a.luck()
        ),
        None => format!("  {word} none: no attempt in the game"),
    };
    writeln!(out, "{}", show("luckiest roll:", luck.luckiest()))?;
    writeln!(out, "{}", show("unluckiest roll:", luck.unluckiest()))?;
    Ok(())
}

/// The cards whose result chance drew (Zombie Pawn's square, Trophy's kinds): each colour's
/// expected score after its draws against the odds-weighted mean, and every draw.
fn print_deals(deals: &[Option<Deal>; 2], out: &mut dyn Write) -> Result<(), CliError> {
    if deals.iter().all(Option::is_none) {
        writeln!(out, "deal: the record does not start at a deal")?;
        return Ok(());
    }
    for d in deals.iter().flatten() {
        writeln!(
            out,
            "deal: {:<6} {}: {:.2} against {:.2} over {} hands, luck {:+.2}, better than {:.0} %",
            d.colour.name(),
            d.hand_text(),
            d.score,
            d.expected,
            d.hands,
            d.luck(),
            d.beaten * 100.0
        )?;
    }
    Ok(())
}

fn print_card_luck(cards: &CardLuck, out: &mut dyn Write) -> Result<(), CliError> {
    if cards.draws.is_empty() {
        writeln!(out, "cards: no card drawn by chance")?;
        return Ok(());
    }
    writeln!(out, "cards (expected score for the card's player, 0..1):")?;
    for c in crate::rules::chess::Colour::BOTH {
        let i = c.index();
        writeln!(
            out,
            "  {:<6} {:.2} after its draws, {:.2} expected, luck {:+.2}",
            c.name(),
            cards.scores[i],
            cards.expected[i],
            cards.luck(c)
        )?;
    }
    for d in &cards.draws {
        writeln!(
            out,
            "  {}. {} {} drew {} ({:.0} %): {:.2} against {:.2}, luck {:+.2}{}",
            d.ply + 1,
            d.colour.name(),
            d.action,
            d.drawn_text,
            d.chance() * 100.0,
            d.score,
            d.expected,
            d.luck(),
            if d.undone { " (undone by Cancel)" } else { "" }
        )?;
    }
    Ok(())
}

fn print_coin(coin: &CoinLuck, out: &mut dyn Write) -> Result<(), CliError> {
    let luck = coin.luck();
    writeln!(
        out,
        "luck: the coin (who opens as South; half an opening each expected)"
    )?;
    for (i, name) in coin.seats.iter().enumerate() {
        writeln!(out, "  {name}: {:+.2}", luck[i])?;
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
    fn a_game_string_replays_from_standard_input() {
        let args = parse_args(&words("- --review --luck")).unwrap();
        let mut out = Vec::new();
        let text = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-\n";
        replay(&args, &mut text.as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.starts_with("hive game, 4 actions\n"), "{out}");
        assert!(out.contains("   3. white  wQ -wS1  white 0."), "{out}");
        assert!(out.contains("luck: no chance"), "{out}");
    }

    #[test]
    fn the_cards_drawn_by_chance_are_printed_with_their_luck() {
        use crate::review::{CardLuck, Draw, DrawOutcome};
        use crate::rules::chess::{Artifact, CardChance, Colour, Square};
        let mut out = Vec::new();
        let none = CardLuck {
            draws: Vec::new(),
            expected: [0.0; 2],
            scores: [0.0; 2],
            series: [Vec::new(), Vec::new()],
        };
        print_card_luck(&none, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "cards: no card drawn by chance\n"
        );
        let sq = |s: &str| Square::parse(s).unwrap();
        let outcome = |s: &str, score: f64| DrawOutcome {
            chance: CardChance::Rises(sq(s)),
            probability: 0.25,
            score,
        };
        let draw = Draw {
            ply: 6,
            colour: Colour::White,
            card: Artifact::ZombiePawn,
            action: "zombie-pawn".into(),
            drawn: CardChance::Rises(sq("e3")),
            drawn_text: "e3".into(),
            score: 0.6,
            expected: 0.5,
            outcomes: vec![
                outcome("e3", 0.6),
                outcome("f3", 0.5),
                outcome("g3", 0.45),
                outcome("h3", 0.45),
            ],
            undone: false,
        };
        let cards = CardLuck {
            draws: vec![draw],
            expected: [0.5, 0.0],
            scores: [0.6, 0.0],
            series: [vec![(6, 0.1)], Vec::new()],
        };
        let mut out = Vec::new();
        print_card_luck(&cards, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.contains("  white  0.60 after its draws, 0.50 expected, luck +0.10"),
            "{out}"
        );
        assert!(
            out.contains("  7. white zombie-pawn drew e3 (25 %): 0.60 against 0.50, luck +0.10\n"),
            "{out}"
        );
    }

    #[test]
    fn a_bad_record_is_an_input_error() {
        let args = parse_args(&words("-")).unwrap();
        let r = replay(&args, &mut "Base;Nonsense".as_bytes(), &mut Vec::new());
        assert!(matches!(r, Err(CliError::Input(_))), "{r:?}");
        let args = parse_args(&words("/no/such/file")).unwrap();
        let r = replay(&args, &mut std::io::empty(), &mut Vec::new());
        assert!(matches!(r, Err(CliError::Input(_))), "{r:?}");
    }
}
