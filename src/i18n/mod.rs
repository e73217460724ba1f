//! Every string a player sees, in English, Portuguese and Russian.
//!
//! The texts are Project Fluent files, `assets/i18n/<lang>/<area>.ftl` (see
//! `docs/translating.md`), read with the `fluent-bundle` crates and built into the program, so
//! the web build needs no extra download. A message's id is its key with each `.` written `-`
//! (`menu.rules` is `menu-rules` in the files, [`fluent_id`]). Fluent gives each language its
//! own grammar: CLDR plural categories (`{ $n -> [one] … *[other] … }`; Russian one, few and
//! many), and selectors on any value the game passes (a side, a piece). A value that is a plain
//! number (`3`, `4.5`) is passed to Fluent as a number, so plural selectors work on it.
//!
//! Code asks for a key with [`Strings::t`] or [`Strings::tf`], or has a [`Message`] said with
//! [`Strings::say`]. A message missing from a language (or lost to an error in its file) falls
//! back to English, and one missing everywhere shows the key itself — the tests catch both
//! before that happens; what a file's errors lost is listed by [`Strings::problems`], which the
//! game shows at start.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The languages of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    Pt,
    Ru,
}

/// The Fluent files of every language, in the order they are read: the areas of the game.
pub const FILES: [&str; 7] = [
    "main", "chess", "snelab", "hive", "learn", "online", "review",
];

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

    /// The built-in text of each of this language's files, named as in [`FILES`].
    pub fn files(self) -> [(&'static str, &'static str); 7] {
        FILES.map(|name| {
            let path = format!("assets/i18n/{}/{name}.ftl", self.code());
            (name, crate::bundled::text(&path))
        })
    }

    /// All of this language's files as one Fluent text (they are read as one).
    pub fn source(self) -> &'static str {
        static JOINED: OnceLock<[String; 3]> = OnceLock::new();
        let joined = JOINED.get_or_init(|| {
            Lang::ALL.map(|l| {
                l.files()
                    .iter()
                    .map(|(_, text)| *text)
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        });
        &joined[self as usize]
    }

    /// The locale Fluent's plural rules are chosen by (Portuguese: CLDR `pt`, Brazil's).
    fn locale(self) -> unic_langid::LanguageIdentifier {
        self.code().parse().unwrap_or_default()
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

/// A key's message id in the Fluent files: each `.` written `-` (`menu.rules` → `menu-rules`).
pub fn fluent_id(key: &str) -> String {
    key.replace('.', "-")
}

/// The line (from 1) of byte `at` in `text`.
fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// Reads a Fluent text: its messages, each id with its value as written (a selector's lines
/// included, joined by new lines). An error names its line and what is wrong.
pub fn parse_strings(text: &str) -> Result<BTreeMap<String, String>, String> {
    if let Err((_, errors)) = FluentResource::try_new(text.to_string()) {
        let e = &errors[0];
        return Err(format!(
            "line {}: {:?} ({} error{} in all)",
            line_of(text, e.pos.start),
            e.kind,
            errors.len(),
            if errors.len() == 1 { "" } else { "s" }
        ));
    }
    let mut out = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        let continued = line.starts_with([' ', '\t']) && !line.trim().is_empty();
        if continued && let Some((_, value)) = current.as_mut() {
            value.push('\n');
            value.push_str(line);
            continue;
        }
        if let Some((id, value)) = current.take() {
            out.insert(id, value);
        }
        let Some((id, value)) = line.split_once('=') else {
            continue;
        };
        let id = id.trim();
        let is_message = id.starts_with(|c: char| c.is_ascii_alphabetic())
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if is_message && !line.starts_with([' ', '\t', '#']) {
            current = Some((id.to_string(), value.trim_start().to_string()));
        }
    }
    if let Some((id, value)) = current.take() {
        out.insert(id, value);
    }
    Ok(out)
}

/// Whether a message's text (as [`parse_strings`] gives it) uses the variable `$name`.
pub fn uses_variable(text: &str, name: &str) -> bool {
    let mark = format!("${name}");
    text.match_indices(&mark).any(|(at, _)| {
        !text[at + mark.len()..]
            .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    })
}

/// The variables a message's text uses (`$n`, `$side`).
pub fn variables(text: &str) -> std::collections::BTreeSet<String> {
    text.split('$')
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                .collect::<String>()
        })
        .filter(|v| !v.is_empty())
        .collect()
}

/// One language read: its bundle, and what its files' errors lost.
struct Read {
    bundle: FluentBundle<FluentResource>,
    /// The messages read, in the files' order.
    ids: Vec<String>,
    problems: Vec<String>,
}

impl Read {
    fn of(lang: Lang, files: &[(&str, &str)]) -> Read {
        let mut bundle = FluentBundle::new_concurrent(vec![lang.locale()]);
        // No Unicode isolation marks around values: the fonts have no glyphs for them.
        bundle.set_use_isolating(false);
        let mut problems = Vec::new();
        let mut ids = Vec::new();
        for (name, text) in files {
            let resource = match FluentResource::try_new(text.to_string()) {
                Ok(r) => r,
                Err((r, errors)) => {
                    for e in &errors {
                        problems.push(format!(
                            "{}/{name}.ftl, line {}: {:?}",
                            lang.code(),
                            line_of(text, e.pos.start),
                            e.kind
                        ));
                    }
                    r
                }
            };
            for entry in resource.entries() {
                if let fluent_syntax::ast::Entry::Message(m) = entry {
                    ids.push(m.id.name.to_string());
                }
            }
            if let Err(errors) = bundle.add_resource(resource) {
                for e in errors {
                    problems.push(format!("{}/{name}.ftl: {e}", lang.code()));
                }
            }
        }
        Read {
            bundle,
            ids,
            problems,
        }
    }

    /// The ids of the messages read.
    fn message_ids(&self) -> impl Iterator<Item = &String> {
        self.ids.iter()
    }

    fn format(&self, id: &str, args: Option<&FluentArgs>) -> Option<String> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        Some(
            self.bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned(),
        )
    }
}

/// A value as Fluent gets it: a plain number (digits, maybe a fraction, no sign, no leading
/// zero) as a number, for plural rules; anything else as text, exactly as given.
fn value_of(text: &str) -> FluentValue<'_> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if digits(whole) && digits(fraction) && (whole == "0" || !whole.starts_with('0')) {
        FluentValue::try_number(text)
    } else {
        FluentValue::from(text)
    }
}

/// What a [`Strings`] holds: the language read, English behind it (none for English), and
/// every message said without values (what [`Strings::t`] gives).
struct Inner {
    read: Read,
    english: Option<Arc<Read>>,
    plain: BTreeMap<String, String>,
}

/// The strings of one language, with English behind it.
#[derive(Clone)]
pub struct Strings {
    lang: Lang,
    inner: Arc<Inner>,
}

impl fmt::Debug for Strings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Strings")
            .field("lang", &self.lang)
            .field("problems", &self.problems())
            .finish()
    }
}

/// English as built in, read once.
fn english_read() -> Arc<Read> {
    static ENGLISH: OnceLock<Arc<Read>> = OnceLock::new();
    ENGLISH
        .get_or_init(|| Arc::new(Read::of(Lang::En, &Lang::En.files())))
        .clone()
}

impl Strings {
    /// A language as built in (read once, then shared).
    pub fn new(lang: Lang) -> Strings {
        static BUILT: [OnceLock<Strings>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        BUILT[lang as usize]
            .get_or_init(|| Strings::from_files(lang, &lang.files()))
            .clone()
    }

    /// A language read from `files` (name, Fluent text), with the built-in English behind it:
    /// what a file's errors lose falls back to English and is listed by [`Strings::problems`].
    /// For English itself, `files` are the English.
    pub fn from_files(lang: Lang, files: &[(&str, &str)]) -> Strings {
        let read = Read::of(lang, files);
        let english = (lang != Lang::En).then(english_read);
        let mut plain = BTreeMap::new();
        for source in std::iter::once(&read).chain(english.as_deref()) {
            for resource in source.message_ids() {
                plain
                    .entry(resource.clone())
                    .or_insert_with(|| source.format(resource, None).unwrap_or_default());
            }
        }
        Strings {
            lang,
            inner: Arc::new(Inner {
                read,
                english,
                plain,
            }),
        }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// What this language's files lost to errors (each with its file and line), or the messages
    /// English has that it lacks: empty when all is well.
    pub fn problems(&self) -> Vec<String> {
        let mut out = self.inner.read.problems.clone();
        if let Some(english) = &self.inner.english {
            let missing: Vec<String> = english
                .ids
                .iter()
                .filter(|id| !self.inner.read.ids.contains(*id))
                .cloned()
                .collect();
            if !missing.is_empty() {
                out.push(format!(
                    "{}: {} message{} missing, said in English ({})",
                    self.lang.code(),
                    missing.len(),
                    if missing.len() == 1 { " is" } else { "s are" },
                    missing
                        .iter()
                        .take(5)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        out
    }

    /// The text for `key`, with no values filled.
    pub fn t<'a>(&'a self, key: &'a str) -> &'a str {
        self.inner
            .plain
            .get(&fluent_id(key))
            .map(String::as_str)
            .unwrap_or(key)
    }

    /// The text for `key` with each `{ $name }` filled by its value (a plain number as a
    /// number: plural selectors choose by it).
    pub fn tf(&self, key: &str, args: &[(&str, &str)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            fluent.set(*name, value_of(value));
        }
        self.format(key, &fluent)
    }

    fn format(&self, key: &str, args: &FluentArgs) -> String {
        let id = fluent_id(key);
        std::iter::once(&self.inner.read)
            .chain(self.inner.english.as_deref())
            .find_map(|r| r.format(&id, Some(args)))
            .unwrap_or_else(|| key.to_string())
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
/// message's `{ $variables }`. `None` when every part can be said.
pub fn unworded(words: &BTreeMap<String, String>, message: &Message) -> Option<String> {
    let mut stack = vec![message];
    while let Some(m) = stack.pop() {
        let Some(text) = words.get(&fluent_id(m.key)) else {
            return Some(format!("no words for {}", m.key));
        };
        for (name, value) in &m.args {
            if !uses_variable(text, name) {
                return Some(format!("{} lacks {{ ${name} }}", m.key));
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
    /// A message in this language, its values filled (nested words said in it too).
    pub fn say(&self, message: &Message) -> String {
        let said: Vec<(&str, String)> = message
            .args
            .iter()
            .map(|(name, value)| {
                (
                    *name,
                    match value {
                        Arg::Text(t) => t.clone(),
                        Arg::Words(m) => self.say(m),
                    },
                )
            })
            .collect();
        let mut fluent = FluentArgs::new();
        for (name, value) in &said {
            fluent.set(*name, value_of(value));
        }
        self.format(message.key, &fluent)
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

    fn words(lang: Lang) -> BTreeMap<String, String> {
        parse_strings(lang.source()).unwrap_or_else(|e| panic!("{}: {e}", lang.code()))
    }

    #[test]
    fn unworded_names_a_missing_key_or_variable_nested_too() {
        let words = parse_strings(
            "a = { $side } took { $piece }\nside = South\nplain = nothing to fill\nsides = { $s }\n",
        )
        .unwrap();
        let ok = msg("a").with_words("side", msg("side")).with("piece", "b2");
        assert_eq!(unworded(&words, &ok), None);
        assert_eq!(
            unworded(&words, &msg("gone")),
            Some("no words for gone".into())
        );
        assert_eq!(
            unworded(&words, &msg("plain").with("n", 3)),
            Some("plain lacks { $n }".into())
        );
        // `$s` is not `$side`.
        assert!(unworded(&words, &msg("sides").with("side", 1)).is_some());
        let nested = msg("a").with_words("side", msg("gone")).with("piece", "b2");
        assert_eq!(unworded(&words, &nested), Some("no words for gone".into()));
    }

    #[test]
    fn every_file_reads_without_an_error() {
        for lang in Lang::ALL {
            for (name, text) in lang.files() {
                if let Err(e) = parse_strings(text) {
                    panic!("{}/{name}.ftl: {e}", lang.code());
                }
            }
            assert_eq!(Strings::new(lang).problems(), Vec::<String>::new());
        }
    }

    #[test]
    fn every_language_has_every_key() {
        let english: BTreeSet<String> = words(Lang::En).into_keys().collect();
        assert!(english.len() > 20);
        for lang in [Lang::Pt, Lang::Ru] {
            let other: BTreeSet<String> = words(lang).into_keys().collect();
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
    fn no_text_is_empty_and_variables_agree() {
        let english = words(Lang::En);
        for lang in Lang::ALL {
            for (key, text) in words(lang) {
                assert!(!text.trim().is_empty(), "{}: {key} is empty", lang.code());
                assert_eq!(
                    variables(&text),
                    variables(&english[&key]),
                    "{}: {key} has other variables than English",
                    lang.code()
                );
            }
        }
    }

    /// Every `t("…")`/`tf("…"` key used in the source exists in English (so in all languages).
    /// This file is skipped: its own tests look up missing keys on purpose.
    #[test]
    fn every_key_used_in_the_code_exists() {
        let english = words(Lang::En);
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
        let missing: Vec<_> = used
            .iter()
            .filter(|(k, _)| !english.contains_key(&fluent_id(k)))
            .collect();
        assert!(missing.is_empty(), "keys used but not defined: {missing:?}");
    }

    #[test]
    fn lookups_fall_back_and_fill_values() {
        let ru = Strings::new(Lang::Ru);
        assert_eq!(ru.t("menu.rules"), "Правила");
        assert_eq!(ru.t("no.such.key"), "no.such.key");
        assert_eq!(ru.tf("no.such.key", &[("n", "1")]), "no.such.key");
        let en = Strings::new(Lang::En);
        assert_eq!(
            en.tf("loading.progress", &[("done", "3"), ("total", "9")]),
            "3 of 9 files"
        );
        // Values are given as they are: no isolation marks, signs and zeros kept.
        assert_eq!(
            en.tf("loading.progress", &[("done", "+3"), ("total", "09")]),
            "+3 of 09 files"
        );
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
    }

    #[test]
    fn plain_numbers_reach_fluent_as_numbers_for_plural_rules() {
        let files = [(
            "main",
            "dice = { $n ->\n    [one] { $n } die\n   *[other] { $n } dice\n}\n",
        )];
        let en = Strings::from_files(Lang::En, &files);
        assert_eq!(en.tf("dice", &[("n", "1")]), "1 die");
        assert_eq!(en.tf("dice", &[("n", "2")]), "2 dice");
        assert_eq!(en.tf("dice", &[("n", "1.5")]), "1.5 dice");
        // Not plain numbers: text, the other variant.
        assert_eq!(en.tf("dice", &[("n", "+1")]), "+1 dice");
        let ru = Strings::from_files(
            Lang::Ru,
            &[(
                "main",
                "dice = { $n ->\n    [one] { $n } кубик\n    [few] { $n } кубика\n   *[many] { $n } кубиков\n}\n",
            )],
        );
        let say = |n: &str| ru.tf("dice", &[("n", n)]);
        assert_eq!(
            ["1", "2", "5", "11", "21", "22"].map(say),
            [
                "1 кубик",
                "2 кубика",
                "5 кубиков",
                "11 кубиков",
                "21 кубик",
                "22 кубика"
            ]
        );
    }

    const NUMBERS: [&str; 7] = ["0", "1", "2", "5", "11", "21", "22"];

    #[test]
    fn counts_take_each_languages_plural_forms() {
        let said = |lang: Lang, key: &str, var: &str, rest: &[(&str, &str)]| -> Vec<String> {
            let tr = Strings::new(lang);
            NUMBERS
                .iter()
                .map(|n| {
                    let mut args = vec![(var, *n)];
                    args.extend_from_slice(rest);
                    tr.tf(key, &args)
                })
                .collect()
        };
        assert_eq!(
            said(Lang::En, "games.plies", "n", &[]),
            [
                "0 moves", "1 move", "2 moves", "5 moves", "11 moves", "21 moves", "22 moves"
            ]
        );
        // CLDR's Portuguese (Brazil's): 0 and 1 take the singular.
        assert_eq!(
            said(Lang::Pt, "games.plies", "n", &[]),
            [
                "0 jogada",
                "1 jogada",
                "2 jogadas",
                "5 jogadas",
                "11 jogadas",
                "21 jogadas",
                "22 jogadas"
            ]
        );
        assert_eq!(
            said(Lang::Ru, "games.plies", "n", &[]),
            [
                "0 ходов",
                "1 ход",
                "2 хода",
                "5 ходов",
                "11 ходов",
                "21 ход",
                "22 хода"
            ]
        );
        assert_eq!(
            said(Lang::Ru, "chess.dice.count", "n", &[]),
            [
                "0 кубиков",
                "1 кубик",
                "2 кубика",
                "5 кубиков",
                "11 кубиков",
                "21 кубик",
                "22 кубика"
            ]
        );
        assert_eq!(
            said(Lang::En, "chess.dice.count", "n", &[])[..3],
            ["0 dice", "1 die", "2 dice"]
        );
        assert_eq!(
            said(Lang::Ru, "snelab.bar.yours", "pieces", &[("weight", "7")])[4..],
            [
                "Ваша коллегия: 11 фигур, вес 7",
                "Ваша коллегия: 21 фигура, вес 7",
                "Ваша коллегия: 22 фигуры, вес 7"
            ]
        );
        assert_eq!(
            said(Lang::En, "loading.fallback", "count", &[])[1],
            "1 file could not be read; a built-in replacement is used."
        );
    }

    #[test]
    fn portuguese_side_names_take_their_articles() {
        let pt = Strings::new(Lang::Pt);
        assert_eq!(pt.tf("snelab.turn.side", &[("side", "Sul")]), "Vez do Sul");
        assert_eq!(
            pt.tf("snelab.turn.side", &[("side", "Norte")]),
            "Vez do Norte"
        );
        assert_eq!(
            pt.tf(
                "chess.online.time_left",
                &[("colour", "Brancas"), ("time", "0:41")]
            ),
            "Vez das brancas: restam 0:41"
        );
        assert_eq!(
            pt.say(&msg("hive.timeout_played").with_words("colour", msg("hive.colour.walnut"))),
            "O tempo da nogueira acabou: a mesa fez a jogada fixa do motor."
        );
        assert_eq!(
            pt.tf("learn.snelab.hint.forced", &[("side", "Norte")]),
            "Responda o Norte o que responder, a sua próxima jogada vence o caso."
        );
        // A piece's kind picks its article ("uma torre", "um bispo"), and Black's ranks are
        // named as Black's (the 8th, the 7th), in every language.
        use crate::rules::chess::army::wrong_rank;
        use crate::rules::chess::{Colour, Role, Square};
        let sq = |s: &str| Square::parse(s).unwrap();
        let rook = wrong_rank(Colour::Black, Role::Rook, sq("a7"));
        assert_eq!(
            pt.say(&rook),
            "uma torre não pode ficar em a7: as peças ficam na fileira de trás, a 8ª"
        );
        let bishop = wrong_rank(Colour::White, Role::Bishop, sq("c2"));
        assert_eq!(
            pt.say(&bishop),
            "um bispo não pode ficar em c2: as peças ficam na fileira de trás, a 1ª"
        );
        let ru = Strings::new(Lang::Ru);
        assert_eq!(
            ru.say(&rook),
            "ладья не может стоять на a7: фигуры ставятся на восьмую горизонталь"
        );
        assert_eq!(
            ru.say(&wrong_rank(Colour::Black, Role::Pawn, sq("a5"))),
            "пешка не может стоять на a5: пешки ставятся на седьмую горизонталь, одна может — на шестую"
        );
        assert_eq!(
            Strings::new(Lang::En).say(&wrong_rank(Colour::White, Role::King, sq("e2"))),
            "a king may not stand on e2: the king stands on the home rank, rank 1"
        );
        // A player's name takes a plain "de".
        assert_eq!(pt.tf("hive.turn.side", &[("who", "Ana")]), "Vez de Ana");
        assert_eq!(
            pt.tf("hive.turn.side", &[("who", "freixo")]),
            "Vez do freixo"
        );
    }

    /// The messages that choose by a count (English's has a `[one]` variant; a side or a
    /// piece kind chooses by name): their id, the count's variable, and their other variables.
    fn counting_messages() -> Vec<(String, String, Vec<String>)> {
        words(Lang::En)
            .into_iter()
            .filter(|(_, text)| text.contains("->") && text.contains("[one]"))
            .filter_map(|(id, text)| {
                let var = text
                    .split("->")
                    .next()?
                    .rsplit('$')
                    .next()?
                    .trim()
                    .to_string();
                let others = variables(&text).into_iter().filter(|v| *v != var).collect();
                Some((id, var, others))
            })
            .collect()
    }

    /// `message` said in `tr` with its count at `n` and every other variable "x".
    fn say_count(
        tr: &Strings,
        (id, var, others): &(String, String, Vec<String>),
        n: &str,
    ) -> String {
        let mut args: Vec<(&str, &str)> = vec![(var, n)];
        args.extend(others.iter().map(|o| (o.as_str(), "x")));
        tr.tf(id, &args)
    }

    /// Every message that chooses by a number, in every language, said for 0, 1, 2, 5, 11, 21
    /// and 22: the number is in the words and nothing is left unfilled.
    #[test]
    fn every_count_is_said_whole_for_any_number() {
        let counting = counting_messages();
        for message in &counting {
            for lang in Lang::ALL {
                let tr = Strings::new(lang);
                for n in NUMBERS {
                    let out = say_count(&tr, message, n);
                    assert!(
                        out.contains(n) && !out.contains('{') && !out.contains("->"),
                        "{}: {} with {} = {n}: {out}",
                        lang.code(),
                        message.0,
                        message.1
                    );
                }
            }
        }
        assert!(
            counting.len() >= 30,
            "only {} messages choose by a number",
            counting.len()
        );
    }

    /// `text` with each whole `n` (not part of a longer number) written as `#`.
    fn blank_number(text: &str, n: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(i) = rest.find(n) {
            let before = rest[..i].chars().next_back().or(out.chars().next_back());
            let after = rest[i + n.len()..].chars().next();
            out.push_str(&rest[..i]);
            if before.is_some_and(|c| c.is_ascii_digit())
                || after.is_some_and(|c| c.is_ascii_digit())
            {
                out.push_str(n);
            } else {
                out.push('#');
            }
            rest = &rest[i + n.len()..];
        }
        out.push_str(rest);
        out
    }

    /// Every counting message picks each language's CLDR category for 0, 1, 2, 5, 11, 21 and 22:
    /// numbers of one category read alike once the number is blanked out (Russian 1 and 21; 2
    /// and 22; 0, 5 and 11; Portuguese 0 and 1; 2, 5, 11, 21 and 22; English 0, 2, 5…). That
    /// categories read apart is not checked: Russian's genitive may agree («из 2 / 5 способов»).
    #[test]
    fn every_count_takes_its_languages_plural_category() {
        let classes: [(Lang, &[&[&str]]); 3] = [
            (Lang::En, &[&["0", "2", "5", "11", "21", "22"], &["1"]]),
            (Lang::Pt, &[&["0", "1"], &["2", "5", "11", "21", "22"]]),
            (Lang::Ru, &[&["1", "21"], &["2", "22"], &["0", "5", "11"]]),
        ];
        let counting = counting_messages();
        for message in &counting {
            let (id, var, _) = message;
            for (lang, groups) in classes {
                let tr = Strings::new(lang);
                let blanked = |n: &str| blank_number(&say_count(&tr, message, n), n);
                for group in groups {
                    let first = blanked(group[0]);
                    for n in &group[1..] {
                        assert_eq!(
                            blanked(n),
                            first,
                            "{}: {id} with {var} = {n} reads unlike {var} = {}",
                            lang.code(),
                            group[0]
                        );
                    }
                }
            }
        }
        assert!(
            counting.len() >= 30,
            "only {} counting messages",
            counting.len()
        );
    }

    #[test]
    fn a_damaged_file_falls_back_to_english_and_says_where() {
        let mut files = Lang::Pt.files().to_vec();
        // The menu's file loses a message to a broken line; the others read.
        let broken = files[0].1.replacen("menu-rules = ", "menu-rules = { $", 1);
        files[0].1 = &broken;
        let pt = Strings::from_files(Lang::Pt, &files);
        let problems = pt.problems();
        assert!(
            problems.iter().any(|p| p.starts_with("pt/main.ftl, line ")),
            "{problems:?}"
        );
        assert_eq!(pt.t("menu.rules"), Strings::new(Lang::En).t("menu.rules"));
        assert_eq!(pt.t("app.title"), Strings::new(Lang::Pt).t("app.title"));
        // A file that is not Fluent at all: everything in English, said once per error.
        let garbage = [("main", "\u{0}{{{ = = =\n[*")];
        let pt = Strings::from_files(Lang::Pt, &garbage);
        assert!(!pt.problems().is_empty());
        assert_eq!(pt.t("menu.rules"), "Rules");
    }
}
