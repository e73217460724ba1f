//! The lessons' words, one file per game and language beside the rules pages
//! (`assets/learn/<game>.<lang>.ron`), built into the program like the strings. A translator
//! edits these files only: each lesson has a title, one line per step saying what to do, a
//! line for a legal try that is not what is asked, and a line when it is done.

use crate::i18n::Lang;
use crate::rules::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One lesson's words.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonText {
    pub title: String,
    /// What to do, one entry per step.
    pub ask: Vec<String>,
    /// Said when a legal try is not what the step asks (the position is put back).
    pub aside: String,
    /// Said when the lesson is done.
    pub done: String,
}

/// A game's course in one language.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourseText {
    /// The course's one-line summary under its title in the Learn page.
    pub about: String,
    /// Each lesson's words, by the lesson's id.
    pub lessons: BTreeMap<String, LessonText>,
}

/// The built-in text of `game`'s lessons in `lang`.
pub fn source(game: GameKind, lang: Lang) -> &'static str {
    crate::bundled::text(&format!(
        "assets/learn/{}.{}.ron",
        game.cli_name(),
        lang.code()
    ))
}

/// Reads a course's text.
pub fn parse(text: &str) -> Result<CourseText, String> {
    ron::from_str(text).map_err(|e| e.to_string())
}

/// `game`'s course in `lang`, falling back lesson by lesson to English where the language's file
/// is damaged or lacks a lesson (the tests keep that from shipping). A damaged English file
/// gives an empty course text, and the lessons show their ids.
pub fn course(game: GameKind, lang: Lang) -> CourseText {
    let english = parse(source(game, Lang::En)).unwrap_or_default();
    if lang == Lang::En {
        return english;
    }
    let Ok(mut own) = parse(source(game, lang)) else {
        return english;
    };
    for (id, text) in english.lessons {
        own.lessons.entry(id).or_insert(text);
    }
    if own.about.is_empty() {
        own.about = english.about;
    }
    own
}

/// What is wrong with `game`'s texts against its course's lessons (`ids` with their step
/// counts): a language that does not read, a lesson without words, a step without its line,
/// a line for a step that is not there, a lesson in the texts that the course lacks, an empty
/// line.
pub fn flaws(game: GameKind, ids: &[(&str, usize)]) -> Vec<String> {
    let mut flaws = Vec::new();
    for lang in Lang::ALL {
        let at = format!("{}.{}", game.cli_name(), lang.code());
        let text = match parse(source(game, lang)) {
            Ok(t) => t,
            Err(e) => {
                flaws.push(format!("{at}: does not read: {e}"));
                continue;
            }
        };
        if text.about.trim().is_empty() {
            flaws.push(format!("{at}: no `about`"));
        }
        for (id, steps) in ids {
            match text.lessons.get(*id) {
                None => flaws.push(format!("{at}: lesson `{id}` has no words")),
                Some(l) => {
                    if l.ask.len() != *steps {
                        flaws.push(format!(
                            "{at}: lesson `{id}` has {} lines to ask for {steps} steps",
                            l.ask.len()
                        ));
                    }
                    let lines = [&l.title, &l.aside, &l.done];
                    if lines
                        .into_iter()
                        .chain(l.ask.iter())
                        .any(|s| s.trim().is_empty())
                    {
                        flaws.push(format!("{at}: lesson `{id}` has an empty line"));
                    }
                }
            }
        }
        for id in text.lessons.keys() {
            if !ids.iter().any(|(i, _)| i == id) {
                flaws.push(format!("{at}: lesson `{id}` is not in the course"));
            }
        }
    }
    flaws
}
