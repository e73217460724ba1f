//! Ash & Walnut's group read aloud: whose turn, every piece on top of the table with where it
//! stands against its neighbours ("the walnut Hare 1: to the right of the ash Elder…"), what each
//! stack holds, how closely each Elder is surrounded, and each side's reserve.

use super::list;
use crate::i18n::{Explain, Message, msg};
use crate::rules::hive::notation;
use crate::rules::hive::words::{describe, where_key};
use crate::rules::hive::{Colour, Creature, Direction, Move, Piece, State};

/// The position, line by line: the turn, each top piece (ash first, in reserve order), each
/// Elder's surrounding, then the two reserves.
pub fn position(state: &State) -> Vec<Message> {
    let board = state.board();
    let mut lines = vec![msg("hive.turn.side").with_words("who", state.to_move().explain())];
    let mut tops: Vec<_> = board.tops().collect();
    tops.sort();
    for &(piece, at) in &tops {
        let places: Vec<Message> = Direction::ALL
            .into_iter()
            .filter_map(|d| {
                let n = board.top(at.step(d))?;
                Some(msg(where_key(d.opposite())).with_words("piece", n.explain()))
            })
            .collect();
        let stack = board.stack(at);
        let below: Vec<Message> = stack
            .pieces()
            .take(stack.height().saturating_sub(1))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .map(|p| p.explain())
            .collect();
        let name = match list(below) {
            Some(below) => msg("hive.read.stacked")
                .with_words("piece", piece.explain())
                .with_words("below", below),
            None => piece.explain(),
        };
        lines.push(match list(places) {
            Some(places) => msg("hive.read.piece")
                .with_words("piece", name)
                .with_words("places", places),
            None => msg("hive.read.alone").with_words("piece", name),
        });
    }
    for colour in Colour::BOTH {
        let Some(elder) = Piece::new(colour, Creature::Elder, 1) else {
            continue;
        };
        if let Some(at) = board.position(elder) {
            lines.push(
                msg("hive.read.elder")
                    .with_words("piece", elder.explain())
                    .with("count", board.occupied_neighbours(at)),
            );
        }
    }
    for colour in [state.to_move(), state.to_move().other()] {
        let left: Vec<Message> = Creature::ALL
            .into_iter()
            .filter_map(|c| {
                let n = board.reserve_count(colour, c);
                (n > 0).then(|| {
                    msg("hive.read.in_reserve")
                        .with_words("creature", c.explain())
                        .with("count", n)
                })
            })
            .collect();
        lines.push(match list(left) {
            Some(left) => msg("hive.read.reserve")
                .with_words("who", colour.explain())
                .with_words("pieces", left),
            None => msg("hive.read.reserve_empty").with_words("who", colour.explain()),
        });
    }
    lines
}

/// A move as it happened, for the announcement: who moved and the move in words as seen before
/// it (`before`): "Walnut: Place Otter 2 above and to the right of the walnut Owl 2".
pub fn announce(before: &State, mv: Move) -> Message {
    let colour = match before.to_move() {
        Colour::Ash => "ash",
        Colour::Walnut => "walnut",
    };
    msg("hive.read.announce")
        .with("colour", colour)
        .with_words("action", describe(before.board(), mv))
}

/// Every legal move in words, as "All my moves" lists them.
pub fn actions(state: &State) -> Vec<(Move, Message)> {
    let board = state.board();
    state
        .legal_moves()
        .into_iter()
        .map(|m| (m, describe(board, m)))
        .collect()
}

/// The move field: `text` in Hive notation (`wG1 bQ-`) or as the words of a legal move.
pub fn typed(state: &State, text: &str, say: impl Fn(&Message) -> String) -> Result<Move, Message> {
    super::typed(text, &actions(state), say, |t| {
        notation::parse_move(state.board(), t).map_err(|e| e.explain())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Strings};

    fn read(state: &State, lang: Lang) -> Vec<String> {
        let s = Strings::new(lang);
        position(state).iter().map(|m| s.say(m)).collect()
    }

    fn play(moves: &[&str]) -> State {
        let mut state = State::new();
        for text in moves {
            let m = notation::parse_move(state.board(), text).expect(text);
            state.play(m).expect(text);
        }
        state
    }

    #[test]
    fn an_empty_table_reads_the_turn_and_both_reserves() {
        let lines = read(&State::new(), Lang::En);
        assert_eq!(lines.len(), 3, "{lines:#?}");
        assert!(
            lines[1].contains("Elder × 1") || lines[1].contains("1 Elder"),
            "{}",
            lines[1]
        );
    }

    #[test]
    fn each_piece_is_read_beside_its_neighbours() {
        let state = play(&["wG1", "bG1 wG1-", "wQ -wG1"]);
        let lines = read(&state, Lang::En);
        let hare = lines
            .iter()
            .find(|l| l.starts_with("the walnut Hare"))
            .unwrap();
        assert!(hare.contains("to the right of the ash Hare"), "{hare}");
        let elder = lines.iter().find(|l| l.contains("sides")).unwrap();
        assert!(elder.contains("1 of 6"), "{elder}");
        let reserve = lines.last().unwrap();
        assert!(reserve.contains("Hare × 2"), "{lines:#?}");
    }

    #[test]
    fn a_stack_is_read_top_down() {
        let state = play(&[
            "wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-", "wB1 -wQ", "bA1 bQ-", "wB1 wQ",
        ]);
        let lines = read(&state, Lang::En);
        let owl = lines.iter().find(|l| l.starts_with("the ash Owl")).unwrap();
        assert!(
            owl.starts_with("the ash Owl 1, on top of the ash Elder:"),
            "{owl}"
        );
        // The covered Elder is read under the Owl, not as a piece of its own.
        assert!(
            !lines.iter().any(|l| l.starts_with("the ash Elder: to")),
            "{lines:#?}"
        );
    }

    #[test]
    fn every_language_reads_the_group_without_a_gap() {
        let state = play(&["wG1", "bG1 wG1-", "wQ -wG1"]);
        for lang in Lang::ALL {
            for line in read(&state, lang) {
                assert!(
                    !line.contains('{') && !line.trim().is_empty(),
                    "{lang:?}: {line}"
                );
            }
        }
    }

    #[test]
    fn a_move_is_typed_in_notation_or_in_words() {
        let state = play(&["wG1", "bG1 wG1-"]);
        let en = Strings::new(Lang::En);
        let say = |m: &Message| en.say(m);
        let by_notation = typed(&state, "wQ -wG1", say).unwrap();
        let words = en.say(&describe(state.board(), by_notation));
        assert_eq!(typed(&state, &words.to_uppercase(), say), Ok(by_notation));
        assert!(
            typed(&state, "wQ bG1-", say).is_err(),
            "not touching its own colour"
        );
        let garbled = typed(&state, "zz9", say).unwrap_err();
        assert!(!en.say(&garbled).is_empty());
    }

    #[test]
    fn a_move_is_announced_with_who_made_it() {
        let before = play(&["wG1", "bG1 wG1-"]);
        let mv = notation::parse_move(before.board(), "wQ -wG1").unwrap();
        let en = Strings::new(Lang::En);
        let line = en.say(&announce(&before, mv));
        assert!(line.starts_with("Ash: "), "{line}");
        assert_eq!(
            line,
            format!("Ash: {}", en.say(&describe(before.board(), mv)))
        );
        let next = play(&["wG1", "bG1 wG1-", "wQ -wG1"]);
        let reply = notation::parse_move(next.board(), "bQ bG1-").unwrap();
        assert!(en.say(&announce(&next, reply)).starts_with("Walnut: "));
        for lang in Lang::ALL {
            let line = Strings::new(lang).say(&announce(&before, mv));
            assert!(
                !line.contains('{') && line.contains(": "),
                "{lang:?}: {line}"
            );
        }
    }
}
