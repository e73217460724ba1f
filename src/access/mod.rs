//! The table as text, for a screen reader (issue 41): each game's position read line by line,
//! in the player's language. Like the rest of the rules side, these are plain functions that
//! return [`Message`]s; the front end (the app's reading panel, the browser's accessible mirror,
//! a headless test) says them with its `Strings`.

pub mod chess;
pub mod hive;
pub mod snelab;

use crate::i18n::{Message, msg};

/// Items said as one list: "a", "a and b", "a, b and c" (each language joins them its own way:
/// `access-list-two` and `access-list-more`). `None` for no items.
pub fn list(items: Vec<Message>) -> Option<Message> {
    let mut items = items.into_iter().rev();
    let last = items.next()?;
    let Some(before) = items.next() else {
        return Some(last);
    };
    let mut joined = msg("access.list.two")
        .with_words("a", before)
        .with_words("b", last);
    for item in items {
        joined = msg("access.list.more")
            .with_words("a", item)
            .with_words("rest", joined);
    }
    Some(joined)
}

/// Text typed into the move field, read back against the list of legal actions: the game's
/// notation (checked by `notation`, which says what is wrong with a malformed one), or the
/// words of an action exactly as the list says them in the player's language (case and spaces
/// aside). `Err` is the message to announce; nothing is played.
pub fn typed<A: Copy + PartialEq>(
    text: &str,
    listed: &[(A, Message)],
    say: impl Fn(&Message) -> String,
    notation: impl FnOnce(&str) -> Result<A, Message>,
) -> Result<A, Message> {
    let text = text.trim();
    if text.is_empty() {
        return Err(msg("access.typed.empty"));
    }
    let folded = fold(text);
    if let Some((a, _)) = listed.iter().find(|(_, m)| fold(&say(m)) == folded) {
        return Ok(*a);
    }
    let action = notation(text)?;
    if listed.iter().any(|(a, _)| *a == action) {
        Ok(action)
    } else {
        Err(msg("access.typed.not_legal").with("text", text))
    }
}

/// Lower case with runs of white space made one space, for comparing typed words.
fn fold(text: &str) -> String {
    text.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Strings};

    #[test]
    fn lists_join_with_the_languages_words() {
        let en = Strings::new(Lang::En);
        let roles = ["chess.role.pawn", "chess.role.knight", "chess.role.bishop"];
        let words = |n: usize| roles[..n].iter().map(|&k| msg(k)).collect();
        assert_eq!(list(Vec::new()), None);
        let said = |n| en.say(&list(words(n)).unwrap());
        assert!(!said(1).contains(','), "{}", said(1));
        let three = said(3);
        assert_eq!(three.matches(',').count(), 1, "{three}");
        assert_eq!(three, "pawn, knight and bishop");
        let ru = Strings::new(Lang::Ru).say(&list(words(2)).unwrap());
        assert!(ru.contains(" и "), "{ru}");
    }

    #[test]
    fn typed_text_is_read_as_notation_or_as_the_listed_words() {
        let en = Strings::new(Lang::En);
        let say = |m: &Message| en.say(m);
        let listed = [(1, msg("chess.role.pawn")), (2, msg("chess.role.knight"))];
        let number = |t: &str| t.parse::<i32>().map_err(|_| msg("chess.role.king"));
        assert_eq!(typed("  KNIGHT ", &listed, say, number), Ok(2));
        assert_eq!(typed("1", &listed, say, number), Ok(1));
        assert_eq!(
            typed("3", &listed, say, number),
            Err(msg("access.typed.not_legal").with("text", "3"))
        );
        assert_eq!(
            typed("rook", &listed, say, number),
            Err(msg("chess.role.king"))
        );
        assert_eq!(
            typed(" ", &listed, say, number),
            Err(msg("access.typed.empty"))
        );
    }
}
