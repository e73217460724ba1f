//! Every string a player sees, in English, Portuguese and Russian.
//!
//! The texts live in `assets/i18n/{en,pt,ru}.ron` (a map from key to text, easy for a translator
//! to edit) and are built into the program, so the web build needs no extra download. Code asks
//! for a key with [`Strings::t`]; a key missing from a language falls back to English, and one
//! missing everywhere shows the key itself — both are caught by the tests before that happens.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The languages of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    Pt,
    Ru,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Pt, Lang::Ru];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Pt => "pt",
            Lang::Ru => "ru",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language's own name, as shown in the language picker.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Pt => "Português",
            Lang::Ru => "Русский",
        }
    }

    /// The built-in text of this language's strings file.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../assets/i18n/en.ron"),
            Lang::Pt => include_str!("../../assets/i18n/pt.ron"),
            Lang::Ru => include_str!("../../assets/i18n/ru.ron"),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.native_name())
    }
}

/// Why a strings file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StringsError {
    pub lang: Lang,
    pub message: String,
}

impl fmt::Display for StringsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "strings for {}: {}", self.lang.code(), self.message)
    }
}

/// Reads the text of a strings file: a RON map from key to text.
pub fn parse_strings(text: &str) -> Result<BTreeMap<String, String>, String> {
    ron::from_str(text).map_err(|e| e.to_string())
}

fn parse_table(lang: Lang) -> Result<BTreeMap<String, String>, StringsError> {
    parse_strings(lang.source()).map_err(|message| StringsError { lang, message })
}

/// The strings of one language, with English behind it.
#[derive(Clone, Debug)]
pub struct Strings {
    lang: Lang,
    table: BTreeMap<String, String>,
    english: BTreeMap<String, String>,
}

impl Strings {
    /// Loads a language; a file that does not parse leaves that language empty (English shows).
    pub fn new(lang: Lang) -> Strings {
        let english = parse_table(Lang::En).unwrap_or_default();
        let table = if lang == Lang::En {
            english.clone()
        } else {
            parse_table(lang).unwrap_or_default()
        };
        Strings {
            lang,
            table,
            english,
        }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The text for `key`.
    pub fn t<'a>(&'a self, key: &'a str) -> &'a str {
        self.table
            .get(key)
            .or_else(|| self.english.get(key))
            .map(String::as_str)
            .unwrap_or(key)
    }

    /// The text for `key` with each `{name}` replaced by its value.
    pub fn tf(&self, key: &str, args: &[(&str, &str)]) -> String {
        let mut s = self.t(key).to_string();
        for (name, value) in args {
            s = s.replace(&format!("{{{name}}}"), value);
        }
        s
    }
}

/// Words not yet in a language: an i18n key and the values of its `{placeholders}`. Rules,
/// engines and tools return these (or things that [`Explain`] themselves as these) instead of
/// sentences, and each front end words them in the player's language with [`Strings::say`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Message {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// A placeholder's value: plain text (a square, a number) or words of their own (a side's name).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    Text(String),
    Words(Message),
}

/// A message with no values yet.
/// `text` with its first letter in upper case: words that open a sentence on screen (a
/// colour, a name, a reason worded to follow a colon elsewhere).
pub fn sentence(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if c.is_lowercase() => c.to_uppercase().chain(chars).collect(),
        _ => text,
    }
}

pub fn msg(key: &'static str) -> Message {
    Message {
        key,
        args: Vec::new(),
    }
}

impl Message {
    /// Fills `{name}` with plain text.
    pub fn with(mut self, name: &'static str, value: impl ToString) -> Message {
        self.args.push((name, Arg::Text(value.to_string())));
        self
    }

    /// Fills `{name}` with words that are themselves translated.
    pub fn with_words(mut self, name: &'static str, words: Message) -> Message {
        self.args.push((name, Arg::Words(words)));
        self
    }
}

/// What `words` (one language's strings, as [`parse_strings`] reads them) lack to say
/// `message`, nested words included: a key with no words, or words without one of the
/// message's `{placeholders}`. `None` when every part can be said.
pub fn unworded(words: &BTreeMap<String, String>, message: &Message) -> Option<String> {
    let mut stack = vec![message];
    while let Some(m) = stack.pop() {
        let Some(text) = words.get(m.key) else {
            return Some(format!("no words for {}", m.key));
        };
        for (name, value) in &m.args {
            if !text.contains(&format!("{{{name}}}")) {
                return Some(format!("{} lacks {{{name}}}", m.key));
            }
            if let Arg::Words(inner) = value {
                stack.push(inner);
            }
        }
    }
    None
}

/// Anything that can say what it is to a player: refusals, parse errors, outcomes.
pub trait Explain {
    fn explain(&self) -> Message;
}

impl Explain for Message {
    fn explain(&self) -> Message {
        self.clone()
    }
}

/// A message in English: what `Display` shows on the command line and in logs.
pub fn english(message: &Message) -> String {
    static ENGLISH: std::sync::OnceLock<Strings> = std::sync::OnceLock::new();
    ENGLISH.get_or_init(|| Strings::new(Lang::En)).say(message)
}

/// Implements `Display` (and `Error`) for types that [`Explain`] themselves: the English words.
#[macro_export]
macro_rules! display_in_english {
    ($($t:ty),+ $(,)?) => {$(
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&$crate::i18n::english(&$crate::i18n::Explain::explain(self)))
            }
        }
        impl std::error::Error for $t {}
    )+};
}

impl Strings {
    /// A message in this language, its placeholders filled (nested words translated too).
    pub fn say(&self, message: &Message) -> String {
        let mut s = self.t(message.key).to_string();
        for (name, value) in &message.args {
            let value = match value {
                Arg::Text(t) => t.clone(),
                Arg::Words(m) => self.say(m),
            };
            s = s.replace(&format!("{{{name}}}"), &value);
        }
        s
    }
}

/// The strings of the language in force: the translator every front end asks (a Bevy resource
/// in the game).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "app", derive(bevy::prelude::Resource))]
pub struct Tr(pub Strings);

impl std::ops::Deref for Tr {
    type Target = Strings;
    fn deref(&self) -> &Strings {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::path::Path;

    #[test]
    fn unworded_names_a_missing_key_or_placeholder_nested_too() {
        let words: BTreeMap<String, String> = [
            ("a", "{side} took {piece}"),
            ("side", "South"),
            ("plain", "nothing to fill"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let ok = msg("a").with_words("side", msg("side")).with("piece", "b2");
        assert_eq!(unworded(&words, &ok), None);
        assert_eq!(
            unworded(&words, &msg("gone")),
            Some("no words for gone".into())
        );
        assert_eq!(
            unworded(&words, &msg("plain").with("n", 3)),
            Some("plain lacks {n}".into())
        );
        let nested = msg("a").with_words("side", msg("gone")).with("piece", "b2");
        assert_eq!(unworded(&words, &nested), Some("no words for gone".into()));
    }

    fn keys(lang: Lang) -> BTreeSet<String> {
        parse_table(lang)
            .unwrap_or_else(|e| panic!("{e}"))
            .into_keys()
            .collect()
    }

    #[test]
    fn every_language_has_every_key() {
        let english = keys(Lang::En);
        assert!(english.len() > 20);
        for lang in [Lang::Pt, Lang::Ru] {
            let other = keys(lang);
            let missing: Vec<_> = english.difference(&other).collect();
            let extra: Vec<_> = other.difference(&english).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
            assert!(
                extra.is_empty(),
                "{} has keys English lacks: {extra:?}",
                lang.code()
            );
        }
    }

    #[test]
    fn no_text_is_empty_and_placeholders_agree() {
        let placeholders = |s: &str| -> BTreeSet<String> {
            s.split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}'))
                .map(|(n, _)| n.into())
                .collect()
        };
        let english = parse_table(Lang::En).unwrap();
        for lang in Lang::ALL {
            for (key, text) in parse_table(lang).unwrap() {
                assert!(!text.trim().is_empty(), "{}: {key} is empty", lang.code());
                assert_eq!(
                    placeholders(&text),
                    placeholders(&english[&key]),
                    "{}: {key} has other placeholders than English",
                    lang.code()
                );
            }
        }
    }

    /// Every `t("…")`/`tf("…"` key used in the source exists in English (so in all languages).
    /// This file is skipped: its own tests look up missing keys on purpose.
    #[test]
    fn every_key_used_in_the_code_exists() {
        let english = keys(Lang::En);
        let mut used = BTreeSet::new();
        let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs")
                    && !path.ends_with("i18n/mod.rs")
                {
                    let text = std::fs::read_to_string(&path).unwrap();
                    for marker in [".t(\"", ".tf(\"", "msg(\""] {
                        for piece in text.split(marker).skip(1) {
                            if let Some((key, _)) = piece.split_once('"') {
                                used.insert((key.to_string(), path.display().to_string()));
                            }
                        }
                    }
                }
            }
        }
        // Keys built at run time (`game.<name>.tagline`) are listed here to be checked too.
        for g in crate::rules::GameKind::ALL {
            for part in ["name", "tagline"] {
                used.insert((format!("game.{}.{part}", g.cli_name()), "GameKind".into()));
            }
        }
        let missing: Vec<_> = used.iter().filter(|(k, _)| !english.contains(k)).collect();
        assert!(missing.is_empty(), "keys used but not defined: {missing:?}");
    }

    #[test]
    fn lookups_fall_back_and_fill_placeholders() {
        let ru = Strings::new(Lang::Ru);
        assert_eq!(ru.t("menu.rules"), "Правила");
        assert_eq!(ru.t("no.such.key"), "no.such.key");
        let en = Strings::new(Lang::En);
        assert_eq!(
            en.tf("loading.progress", &[("done", "3"), ("total", "9")]),
            "3 of 9 files"
        );
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
    }
}
