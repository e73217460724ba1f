//! Artifact Chess read aloud: whose turn, the board by ranks from 8 down to 1 with each piece's
//! lasting marks (wounded, Heir, shielded, restricted) and the impassable squares (barricades and
//! statues), both hands' sizes and pawn reserves, the played piles, and the reader's own cards
//! with their texts. Only what `viewer` may know is read: the state is taken through
//! [`State::view_for`].

use super::list;
use crate::i18n::{Explain, Message, msg};
use crate::rules::chess::{Action, AttemptResult, Colour, Record, Role, Square, State};

fn colour_code(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

fn role_code(r: Role) -> &'static str {
    match r {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::King => "king",
    }
}

/// A piece by its colour and kind ("black pawn"), the words agreeing as each language needs
/// (the history, the hints, the dice and the reading all use these).
pub fn piece_name(colour: Colour, role: Role) -> Message {
    msg(match (colour, role) {
        (Colour::White, Role::Pawn) => "chess.piece.white.pawn",
        (Colour::White, Role::Knight) => "chess.piece.white.knight",
        (Colour::White, Role::Bishop) => "chess.piece.white.bishop",
        (Colour::White, Role::Rook) => "chess.piece.white.rook",
        (Colour::White, Role::King) => "chess.piece.white.king",
        (Colour::Black, Role::Pawn) => "chess.piece.black.pawn",
        (Colour::Black, Role::Knight) => "chess.piece.black.knight",
        (Colour::Black, Role::Bishop) => "chess.piece.black.bishop",
        (Colour::Black, Role::Rook) => "chess.piece.black.rook",
        (Colour::Black, Role::King) => "chess.piece.black.king",
    })
}

/// One square's contents: "e4 white knight (wounded, shielded)"; `None` for an empty square.
fn square(state: &State, sq: Square) -> Option<Message> {
    let board = state.board();
    if board.is_impassable(sq) {
        return Some(msg("chess.read.impassable").with("square", sq));
    }
    let p = board.get(sq)?;
    let role = role_code(p.role);
    let mut marks = Vec::new();
    if p.wounded {
        marks.push(msg("chess.read.wounded").with("role", role));
    }
    if p.heir {
        marks.push(msg("chess.read.heir"));
    }
    if state.shield(p.colour) == Some(sq) {
        marks.push(msg("chess.read.shielded").with("role", role));
    }
    if Colour::BOTH
        .iter()
        .any(|&c| state.restricted(c) == Some(sq))
    {
        marks.push(msg("chess.read.restricted"));
    }
    let base = msg("chess.read.piece")
        .with("square", sq)
        .with_words("piece", piece_name(p.colour, p.role));
    Some(match list(marks) {
        Some(marks) => msg("chess.read.marked")
            .with_words("piece", base)
            .with_words("marks", marks),
        None => base,
    })
}

/// The position as `viewer` may know it, line by line.
pub fn position(state: &State, viewer: Colour) -> Vec<Message> {
    let state = state.view_for(viewer);
    let mut lines = vec![
        msg("chess.read.turn")
            .with("colour", colour_code(state.turn()))
            .with("check", if state.in_check() { "yes" } else { "no" }),
    ];
    for rank in (0..8u8).rev() {
        let squares: Vec<Message> = (0..8u8)
            .filter_map(|file| Square::from_index(usize::from(rank * 8 + file)))
            .filter_map(|sq| square(&state, sq))
            .collect();
        lines.push(
            match list(squares) {
                Some(squares) => msg("chess.read.rank").with_words("squares", squares),
                None => msg("chess.read.rank_empty"),
            }
            .with("rank", rank + 1),
        );
    }
    if state.artifacts_off() {
        lines.push(
            msg("chess.read.reserves")
                .with("white", state.reserve(Colour::White))
                .with("black", state.reserve(Colour::Black)),
        );
        return lines;
    }
    lines.push(
        msg("chess.read.hands")
            .with("white", state.hand_size(Colour::White))
            .with("black", state.hand_size(Colour::Black))
            .with("white_reserve", state.reserve(Colour::White))
            .with("black_reserve", state.reserve(Colour::Black)),
    );
    for colour in Colour::BOTH {
        let played: Vec<Message> = state.played(colour).iter().map(|a| a.explain()).collect();
        if let Some(played) = list(played) {
            lines.push(
                msg("chess.read.played")
                    .with("colour", colour_code(colour))
                    .with_words("cards", played),
            );
        }
    }
    for card in state.hand(viewer).iter() {
        lines.push(
            msg("chess.read.card")
                .with_words("card", card.explain())
                .with_words("kind", card.kind().explain())
                .with_words("text", msg(card.text_key())),
        );
    }
    if state.scouted(viewer) {
        for card in state.hand(viewer.other()).iter() {
            lines.push(
                msg("chess.read.their_card")
                    .with_words("card", card.explain())
                    .with_words("text", msg(card.text_key())),
            );
        }
    }
    lines
}

/// "white knight on e4"; "e4" alone when the square is empty.
fn on(state: &State, sq: Square) -> Message {
    match state.board().get(sq) {
        Some(p) => msg("chess.read.on")
            .with_words("piece", piece_name(p.colour, p.role))
            .with("square", sq),
        None => msg("chess.read.square").with("square", sq),
    }
}

/// An action in words, as seen in `state` before it: "white knight on g1 to f3", "white
/// knight on e4 attacks black pawn on d6 (3 dice against 2)", "Play Balm: Bal e2". The card
/// plays keep their notation after the card's name, which the typed-move field reads back.
pub fn action(state: &State, action: &Action) -> Message {
    let promotion = |m: Message, p: Option<Role>| match p {
        Some(role) => msg("chess.read.promotes")
            .with_words("action", m)
            .with_words("role", role.explain()),
        None => m,
    };
    match *action {
        Action::Move {
            from,
            to,
            promotion: p,
        } => promotion(
            msg("chess.read.move")
                .with_words("piece", on(state, from))
                .with("to", to),
            p,
        ),
        Action::Attempt {
            from,
            to,
            promotion: p,
        } => {
            let target = state
                .attempt_defender(action)
                .map_or_else(|| on(state, to), |(sq, _)| on(state, sq));
            let base = msg("chess.read.attempt")
                .with_words("piece", on(state, from))
                .with_words("target", target);
            let base = match state.attempt_dice(action) {
                Some(d) => msg("chess.read.dice")
                    .with_words("action", base)
                    .with("attacker", d.attacker)
                    .with("defender", d.defender),
                None => base,
            };
            promotion(base, p)
        }
        Action::Heal { king, target } => msg("chess.read.heal")
            .with_words("king", on(state, king))
            .with_words("target", on(state, target)),
        Action::Play(play) => msg("chess.read.play")
            .with_words("card", play.artifact().explain())
            .with("notation", action),
        Action::Pass => msg("chess.read.pass"),
    }
}

/// An action as it happened, for the announcement: who acted, the action in words as seen
/// before it (`before`), and for an attempt its dice sums and result: "White: white knight on
/// e4 attacks black pawn on d6 (3 dice against 2): 11 against 9, taken".
pub fn announce(before: &State, record: &Record) -> Message {
    let mut words = action(before, &record.action);
    if let Some(result) = record.result {
        let outcome = match result {
            AttemptResult::Success => "success",
            AttemptResult::Wound => "wound",
            AttemptResult::Miss => "miss",
        };
        words = match record.dice.as_ref().filter(|d| !d.defender.is_empty()) {
            Some(d) => msg("chess.read.rolled")
                .with_words("action", words)
                .with("attacker", d.attacker.sum())
                .with("defender", d.defender.sum())
                .with("result", outcome),
            // A wounded defender dies without a roll.
            None => msg("chess.read.unrolled").with_words("action", words),
        };
    }
    msg("chess.read.announce")
        .with("colour", colour_key(record.actor))
        .with_words("action", words)
}

fn colour_key(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// Every legal action for the side to act, in words.
pub fn actions(state: &State) -> Vec<(Action, Message)> {
    state
        .legal_actions()
        .into_iter()
        .map(|a| (a, action(state, &a)))
        .collect()
}

/// The move field: `text` as action notation or as the words of a legal action.
pub fn typed(
    state: &State,
    text: &str,
    say: impl Fn(&Message) -> String,
) -> Result<Action, Message> {
    super::typed(text, &actions(state), say, |t| {
        t.parse::<Action>().map_err(|e| e.explain())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Strings};
    use crate::rules::chess::notation;

    fn read(state: &State, viewer: Colour, lang: Lang) -> Vec<String> {
        let s = Strings::new(lang);
        position(state, viewer).iter().map(|m| s.say(m)).collect()
    }

    fn fen(text: &str) -> State {
        notation::parse_position(text).expect(text)
    }

    #[test]
    fn the_board_is_read_by_ranks_with_marks() {
        let state = fen(START);
        let lines = read(&state, Colour::White, Lang::En);
        assert!(lines[0].starts_with("White to move"), "{}", lines[0]);
        assert!(lines[1].starts_with("Rank 8"), "{}", lines[1]);
        assert!(lines[1].contains("a8 black rook"), "{}", lines[1]);
        assert!(lines[5].contains("empty"), "{}", lines[5]);
        assert!(lines[8].contains("e1 white king"), "{}", lines[8]);
    }

    const START: &str = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1";

    #[test]
    fn wounds_impassable_squares_and_hands_are_read_as_the_viewer_may_know_them() {
        let state = fen(
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1 e2 - d4 0/1 \
             balm,fury/shield -/- b1/- - - -/-",
        );
        let white = read(&state, Colour::White, Lang::En);
        assert!(white[7].contains("e2 white pawn (wounded)"), "{}", white[7]);
        assert!(white[5].contains("d4 impassable"), "{}", white[5]);
        assert!(
            white[8].contains("b1 white knight (shielded)"),
            "{}",
            white[8]
        );
        let hands = &white[9];
        assert!(
            hands.contains("white 2") && hands.contains("black 1"),
            "{hands}"
        );
        assert!(white.iter().any(|l| l.starts_with("Balm")), "{white:#?}");
        assert!(!white.iter().any(|l| l.starts_with("Shield")), "{white:#?}");
        let black = read(&state, Colour::Black, Lang::En);
        assert!(black.iter().any(|l| l.starts_with("Shield")), "{black:#?}");
        assert!(!black.iter().any(|l| l.starts_with("Balm")), "{black:#?}");
        for lang in Lang::ALL {
            for line in read(&state, Colour::Black, lang) {
                assert!(
                    !line.contains('{') && !line.trim().is_empty(),
                    "{lang:?}: {line}"
                );
            }
        }
        let pt = read(&state, Colour::White, Lang::Pt);
        assert!(pt[7].contains("ferido"), "{}", pt[7]);
    }

    #[test]
    fn actions_are_said_in_words_with_dice_and_cards() {
        let state = fen("4k3/3p4/8/4N3/8/8/4P3/4K3 w - - 0 1 - - - 0/0 balm/- -/- -/- - - -/-");
        let en = Strings::new(Lang::En);
        let said: Vec<String> = actions(&state).iter().map(|(_, m)| en.say(m)).collect();
        assert!(
            said.iter().any(|l| l == "white knight on e5 to f3"),
            "{said:#?}"
        );
        assert!(
            said.iter()
                .any(|l| l == "white knight on e5 attacks black pawn on d7 (3 dice against 2)"),
            "{said:#?}"
        );
        for lang in Lang::ALL {
            let s = Strings::new(lang);
            for (_, m) in actions(&state) {
                let line = s.say(&m);
                assert!(
                    !line.contains('{') && !line.trim().is_empty(),
                    "{lang:?}: {line}"
                );
            }
        }
    }

    #[test]
    fn an_attempt_is_announced_with_its_sums_and_result() {
        use crate::rules::chess::{Dice, DiceSet};
        let state = fen("4k3/3p4/8/4N3/8/8/4P3/4K3 w - - 0 1 - - - 0/0 balm/- -/- -/- - - -/-");
        let attack: Action = "e5xd7".parse().unwrap();
        let dice = |a: &[u8], d: &[u8]| Dice {
            attacker: DiceSet::new(a).unwrap(),
            defender: DiceSet::new(d).unwrap(),
        };
        let en = Strings::new(Lang::En);
        let said = |d: Dice| {
            let (_, record) = state.apply_with_dice(&attack, Some(d)).unwrap();
            en.say(&announce(&state, &record))
        };
        assert_eq!(
            said(dice(&[6, 5, 1], &[3, 6])),
            "White: white knight on e5 attacks black pawn on d7 (3 dice against 2): 12 against 9, taken"
        );
        assert!(said(dice(&[1, 1, 1], &[3, 6])).ends_with(": 3 against 9, wounded"));
        assert!(said(dice(&[4, 4, 1], &[3, 6])).ends_with(": 9 against 9, a miss"));
        // A plain move: who, and the move.
        let (_, record) = state.apply(&"e5f3".parse().unwrap()).unwrap();
        assert_eq!(
            en.say(&announce(&state, &record)),
            "White: white knight on e5 to f3"
        );
        for lang in Lang::ALL {
            let line = Strings::new(lang).say(&announce(&state, &record));
            assert!(
                !line.contains('{') && line.contains("e5"),
                "{lang:?}: {line}"
            );
        }
    }
}
