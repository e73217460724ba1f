//! The pictures of the rules pages (`::: figure NAME` in `assets/rules/*.md`), computed from the
//! rules themselves, so a change to the rules redraws them: a piece is put on a small position
//! built with the game's own rules, and what the picture marks is what the rules answer there
//! (legal actions, move generators, the slide check, the dice counts of an attempt). This module
//! holds only that data — what to draw — and has no Bevy; the game draws it with egui
//! (`app::menu::figures`).
//!
//! - [`snelab`]: a piece's routes forward and backward (the appeal), and a capture with its
//!   payments.
//! - [`hive`]: each creature's destinations (the three expansion creatures' too), and the room
//!   to slide.
//! - [`chess`]: the odds of every kind of attempt, and the 22 artifacts by kind.
//!
//! Every figure comes with a caption, an i18n message the front end words in the player's
//! language. A figure that cannot be built (a rules change made its position impossible) is
//! `None`, never a panic; the tests here say which.

pub mod chess;
pub mod hive;
pub mod snelab;

use crate::i18n::Message;
use crate::rules::GameKind;

/// Every figure the rules pages may name, with its game, in page order.
pub const NAMES: [(&str, GameKind); 16] = [
    ("snelab-route-bailiff", GameKind::Snelab),
    ("snelab-route-advocate", GameKind::Snelab),
    ("snelab-route-barrister", GameKind::Snelab),
    ("snelab-route-justice", GameKind::Snelab),
    ("snelab-payment", GameKind::Snelab),
    ("hive-slide-room", GameKind::Hive),
    ("hive-move-elder", GameKind::Hive),
    ("hive-move-owl", GameKind::Hive),
    ("hive-move-hare", GameKind::Hive),
    ("hive-move-fox", GameKind::Hive),
    ("hive-move-otter", GameKind::Hive),
    ("hive-move-jay", GameKind::Hive),
    ("hive-move-squirrel", GameKind::Hive),
    ("hive-move-hedgehog", GameKind::Hive),
    ("chess-odds", GameKind::Chess),
    ("chess-artifacts", GameKind::Chess),
];

/// The game a figure belongs to; `None` for a name no page may use.
pub fn game_of(name: &str) -> Option<GameKind> {
    NAMES.iter().find(|(n, _)| *n == name).map(|&(_, g)| g)
}

/// The first figure of a game's rules page.
pub fn first_of(game: GameKind) -> Option<&'static str> {
    NAMES.iter().find(|(_, g)| *g == game).map(|&(n, _)| n)
}

/// A figure: what to draw, the line that goes with it, and what its marks mean.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub drawing: Drawing,
    pub caption: Message,
    /// Each mark the drawing uses, with its meaning (empty when the caption says it all).
    pub legend: Vec<(Mark, Message)>,
}

/// A mark a drawing uses, as a legend shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A green dot: a move to an empty square.
    Move,
    /// A red route ending in a red ring: a capture backward (the appeal).
    Appeal,
    /// A red ring on an enemy piece: the piece taken.
    Target,
    /// A dashed green ring: a piece that pays.
    Payer,
    /// A faded piece: one that is there only to pay.
    Faded,
}

/// What a figure shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Drawing {
    /// A piece of Snēlab on a small court with its routes, or a capture with its payments.
    Court(snelab::CourtFigure),
    /// One or more small groups of Ash & Walnut tiles with a creature's destinations or steps.
    Hive(hive::HiveFigure),
    /// The odds of each kind of Artifact Chess attempt.
    Odds(chess::OddsFigure),
    /// The 22 artifacts, by kind.
    Artifacts(chess::ArtifactsFigure),
}

/// The figure called `name`; `None` for an unknown name or a position the rules no longer
/// accept.
pub fn build(name: &str) -> Option<Figure> {
    use crate::rules::hive::Creature;
    use crate::rules::snelab::Rank;
    match name {
        "snelab-route-bailiff" => snelab::route(Rank::Bailiff),
        "snelab-route-advocate" => snelab::route(Rank::Advocate),
        "snelab-route-barrister" => snelab::route(Rank::Barrister),
        "snelab-route-justice" => snelab::route(Rank::Justice),
        "snelab-payment" => snelab::payment(),
        "hive-slide-room" => hive::slide_room(),
        "hive-move-elder" => hive::creature(Creature::Elder),
        "hive-move-owl" => hive::creature(Creature::Owl),
        "hive-move-hare" => hive::creature(Creature::Hare),
        "hive-move-fox" => hive::creature(Creature::Fox),
        "hive-move-otter" => hive::creature(Creature::Otter),
        "hive-move-jay" => hive::creature(Creature::Jay),
        "hive-move-squirrel" => hive::creature(Creature::Squirrel),
        "hive-move-hedgehog" => hive::creature(Creature::Hedgehog),
        "chess-odds" => chess::odds(),
        "chess-artifacts" => Some(chess::artifacts()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_figure_builds_and_unknown_names_do_not() {
        for (name, game) in NAMES {
            assert!(build(name).is_some(), "{name}");
            assert_eq!(game_of(name), Some(game));
            assert!(name.starts_with(game.cli_name()), "{name}");
        }
        assert!(build("hive-move-dragon").is_none());
        assert_eq!(game_of("hive-move-dragon"), None);
        assert_eq!(first_of(GameKind::Hive), Some("hive-slide-room"));
        assert_eq!(first_of(GameKind::Chess), Some("chess-odds"));
    }

    #[test]
    fn every_caption_is_worded_in_every_language() {
        for lang in crate::i18n::Lang::ALL {
            let strings = crate::i18n::Strings::new(lang);
            for (name, _) in NAMES {
                let caption = build(name).unwrap().caption;
                let text = strings.say(&caption);
                assert!(
                    !text.contains('{') && text != caption.key,
                    "{name} in {}: {text}",
                    lang.code()
                );
            }
        }
    }
}
