//! Snēlab's court read aloud: whose turn, each rank from North's Counter down to South's with
//! its pieces (rank name and weight), then each side's count and weight.

use super::list;
use crate::i18n::{Explain, Message, msg};
use crate::rules::snelab::{Action, Position, Side, Square};

fn side_code(side: Side) -> &'static str {
    match side {
        Side::South => "south",
        Side::North => "north",
    }
}

/// One piece: "c4: North's Barrister (3)".
fn piece(pos: &Position, sq: Square) -> Option<Message> {
    let p = pos.get(sq)?;
    Some(
        msg("snelab.read.piece")
            .with("square", sq)
            .with("side", side_code(p.side))
            .with_words("rank", p.rank.explain())
            .with("weight", p.weight()),
    )
}

/// The position, line by line, the top rank (North's Counter) first.
pub fn position(pos: &Position) -> Vec<Message> {
    let court = pos.court();
    let mut lines = vec![msg("snelab.turn.side").with_words("side", pos.to_move().explain())];
    for row in (0..court.height()).rev() {
        let label = if row == court.counter_row(Side::North) {
            Some(msg("snelab.row.north_counter"))
        } else if row == court.counter_row(Side::South) {
            Some(msg("snelab.row.south_counter"))
        } else {
            None
        };
        let pieces: Vec<Message> = (0..court.width())
            .filter_map(|file| piece(pos, Square::new(file, row)))
            .collect();
        let line = match list(pieces) {
            Some(pieces) => msg("snelab.read.rank").with_words("pieces", pieces),
            None => msg("snelab.read.rank_empty"),
        }
        .with("row", row as u32 + 1);
        lines.push(match label {
            Some(label) => msg("snelab.read.labelled")
                .with_words("line", line)
                .with_words("label", label),
            None => line,
        });
    }
    for side in [pos.to_move(), pos.to_move().opponent()] {
        lines.push(
            msg("snelab.read.totals")
                .with_words("side", side.explain())
                .with("count", pos.count(side))
                .with("weight", pos.total_weight(side)),
        );
    }
    if !pos.backward_captures() {
        lines.push(msg("snelab.read.forward_only"));
    }
    lines
}

/// A piece by rank and square, without its side: "Barrister c1".
fn at(pos: &Position, sq: Square) -> Message {
    match pos.get(sq) {
        Some(p) => msg("snelab.read.at")
            .with_words("rank", p.rank.explain())
            .with("square", sq),
        None => msg("snelab.read.nothing_at").with("square", sq),
    }
}

/// An action in words, as seen in `pos` before it: "Barrister c1 to e2", or "Justice d1 takes
/// the Advocate on b3, paid with Bailiff a1 and Bailiff g1" (for the list of actions and the
/// announcements).
pub fn action(pos: &Position, action: &Action) -> Message {
    match action {
        Action::Move { from, to } => msg("snelab.read.move")
            .with_words("piece", at(pos, *from))
            .with("to", to),
        Action::Capture { from, to, payment } => {
            let paid = payment.squares().iter().map(|&sq| at(pos, sq)).collect();
            let taken = pos.get(*to).map(|p| p.rank.explain());
            msg("snelab.read.capture")
                .with_words("piece", at(pos, *from))
                .with_words("taken", taken.unwrap_or_else(|| msg("snelab.read.nothing")))
                .with("to", to)
                .with_words(
                    "paid",
                    list(paid).unwrap_or_else(|| msg("snelab.read.nothing")),
                )
        }
    }
}

/// An action as it happened, for the announcement: the side and the action in words as seen
/// before it (`before`): "North: Justice d1 takes the Advocate on b3, paid with …".
pub fn announce(before: &Position, act: &Action) -> Message {
    msg("snelab.read.announce")
        .with_words("side", before.to_move().explain())
        .with_words("action", action(before, act))
}

/// Every legal action in words with its notation, in the order the rules list them.
pub fn actions(pos: &Position) -> Vec<(Action, Message)> {
    crate::rules::snelab::legal_actions(pos)
        .into_iter()
        .map(|a| (a, action(pos, &a)))
        .collect()
}

/// The move field: `text` as notation (`c1-e2`, `d1xb3/a1g1`) or as the words of a legal
/// action; the error is the message to announce.
pub fn typed(
    pos: &Position,
    text: &str,
    say: impl Fn(&Message) -> String,
) -> Result<Action, Message> {
    super::typed(text, &actions(pos), say, |t| {
        t.parse::<Action>().map_err(|e| e.explain())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Strings};

    fn read(pos: &Position, lang: Lang) -> Vec<String> {
        let s = Strings::new(lang);
        position(pos).iter().map(|m| s.say(m)).collect()
    }

    #[test]
    fn the_opening_reads_every_piece_with_rank_and_weight() {
        let lines = read(&Position::start(), Lang::En);
        // Turn, seven ranks, two totals.
        assert_eq!(lines.len(), 10, "{lines:#?}");
        assert!(lines[0].contains("South"), "{}", lines[0]);
        assert!(lines[1].starts_with("Rank 7"), "{}", lines[1]);
        assert!(lines[1].contains("d7 North's Justice (4)"), "{}", lines[1]);
        assert!(lines[1].contains("North's Counter"), "{}", lines[1]);
        assert!(lines[4].contains("empty"), "{}", lines[4]);
        assert!(lines[7].contains("a1 South's Bailiff (1)"), "{}", lines[7]);
        assert!(
            lines[8].contains("7 pieces") && lines[8].contains("16"),
            "{}",
            lines[8]
        );
    }

    #[test]
    fn a_moved_piece_is_read_where_it_stands() {
        let mut pos = Position::start();
        let from = Square::new(3, 0);
        let justice = pos.get(from);
        pos.set(from, None);
        pos.set(Square::new(5, 2), justice);
        let lines = read(&pos, Lang::En);
        assert!(!lines[7].contains("d1"), "{}", lines[7]);
        assert!(lines[5].contains("f3 South's Justice (4)"), "{}", lines[5]);
        assert!(lines.iter().any(|l| l.contains("weight 16")));
    }

    #[test]
    fn every_language_reads_the_court_without_a_gap() {
        for lang in Lang::ALL {
            for line in read(&Position::start(), lang) {
                assert!(
                    !line.contains('{') && !line.trim().is_empty(),
                    "{lang:?}: {line}"
                );
            }
        }
        let pt = read(&Position::start(), Lang::Pt);
        assert!(pt[1].contains("do Norte"), "{}", pt[1]);
        let ru = read(&Position::start(), Lang::Ru);
        assert!(ru[7].contains("Юга"), "{}", ru[7]);
    }

    #[test]
    fn actions_are_said_with_what_they_take_and_what_pays() {
        // North's Advocate stands on b3, where South's Justice (d1: two forward, two to the
        // left) lands: a capture costing 2, paid by an Advocate or by both Bailiffs.
        let mut pos = Position::start();
        pos.set(Square::new(1, 2), pos.get(Square::new(1, 6)));
        pos.set(Square::new(1, 6), None);
        let en = Strings::new(Lang::En);
        let said: Vec<String> = actions(&pos).iter().map(|(_, m)| en.say(m)).collect();
        assert!(!said.is_empty());
        let captures: Vec<&String> = said.iter().filter(|l| l.contains("takes")).collect();
        assert!(
            captures.iter().any(|l| l.as_str()
                == "Justice d1 takes the Advocate on b3, paid with Bailiff a1 and Bailiff g1"),
            "{captures:#?}"
        );
        assert!(
            said.iter().any(|l| l.starts_with("Bailiff a1 to a2")),
            "{said:#?}"
        );
        for lang in Lang::ALL {
            let s = Strings::new(lang);
            for (_, m) in actions(&pos) {
                let line = s.say(&m);
                assert!(
                    !line.contains('{') && !line.trim().is_empty(),
                    "{lang:?}: {line}"
                );
            }
        }
    }

    #[test]
    fn an_action_is_announced_with_the_side_that_played_it() {
        let pos = Position::start();
        let act = crate::rules::snelab::legal_actions(&pos)[0];
        let en = Strings::new(Lang::En);
        let line = en.say(&announce(&pos, &act));
        assert_eq!(line, format!("South: {}", en.say(&action(&pos, &act))));
        for lang in Lang::ALL {
            let line = Strings::new(lang).say(&announce(&pos, &act));
            assert!(
                !line.contains('{') && line.contains(": "),
                "{lang:?}: {line}"
            );
        }
    }
}
