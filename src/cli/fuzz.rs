//! `tables fuzz <target> --cases N [--seed S] [--corpus DIR]`: every parser fed garbage, on
//! stable Rust. Each case is a valid input (from the corpus files under `DIR/<target>/`, by
//! default `tests/corpus`, or made from random games) changed by a few random mutations (byte
//! flips, truncation, splicing with another input, notation characters inserted, fields
//! repeated, dropped or swapped, huge numbers, unicode), or now and then a string of the
//! target's own tokens.
//!
//! A case fails on a panic (caught: see [`super::panics`]) or on a round trip that does not
//! hold where the input was read: what was read is written back, and that text must read as the
//! same value (see each target in [`check`]). Valid inputs made from games must read.

use super::panics::catch;
use super::{CliError, Options};
use crate::ai::seed_for;
use crate::play::snelab::purse as snelab_purse;
use crate::rules::Game;
use crate::rules::{chess, hive, snelab};
use crate::save::{LoadStatus, Saved, decode, encode};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What is fuzzed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// Snēlab's court string.
    SnelabCourt,
    /// Snēlab's action notation.
    SnelabAction,
    /// A MoveString read in a position: the input is the position's GameString, a line break,
    /// then the MoveString.
    HiveMove,
    /// A UHP GameString.
    HiveGame,
    /// A UHP session: command lines, one a line.
    Uhp,
    /// An Ash & Walnut game record, read and verified.
    HiveRecord,
    /// Artifact Chess's position string.
    ChessPosition,
    /// Artifact Chess's action notation.
    ChessAction,
    /// The artists' `theme.ron`.
    Theme,
    /// A strings file of `assets/i18n`.
    I18n,
    /// The saved settings' envelope.
    SaveSettings,
    /// The saved Snēlab purse (with its books).
    SavePurse,
    /// The saved Snēlab case record.
    SaveCase,
}

impl Target {
    pub const ALL: [Target; 13] = [
        Target::SnelabCourt,
        Target::SnelabAction,
        Target::HiveMove,
        Target::HiveGame,
        Target::Uhp,
        Target::HiveRecord,
        Target::ChessPosition,
        Target::ChessAction,
        Target::Theme,
        Target::I18n,
        Target::SaveSettings,
        Target::SavePurse,
        Target::SaveCase,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::SnelabCourt => "snelab-court",
            Target::SnelabAction => "snelab-action",
            Target::HiveMove => "hive-move",
            Target::HiveGame => "hive-game",
            Target::Uhp => "uhp",
            Target::HiveRecord => "hive-record",
            Target::ChessPosition => "chess-position",
            Target::ChessAction => "chess-action",
            Target::Theme => "theme",
            Target::I18n => "i18n",
            Target::SaveSettings => "save-settings",
            Target::SavePurse => "save-purse",
            Target::SaveCase => "save-case",
        }
    }

    pub fn parse(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Characters and words of the target's own language, inserted by mutations.
    fn tokens(self) -> &'static [&'static str] {
        const SNELAB: &[&str] = &[
            "/", " ", "S", "N", "+a", "-a", "B", "A", "R", "J", "b", "a", "r", "j", "7", "16",
            "17", "0", "x", "=", "+", "-", "a1", "p16", "q1", "d4",
        ];
        const HIVE: &[&str] = &[
            ";",
            " ",
            "-",
            "/",
            "\\",
            "wQ",
            "bQ",
            "wB1",
            "bB2",
            "wG3",
            "bS2",
            "wA1",
            "bA3",
            "pass",
            "Base",
            "InProgress",
            "NotStarted",
            "WhiteWins",
            "BlackWins",
            "Draw",
            "White[1]",
            "Black[12]",
            "[",
            "]",
            "\n",
            "wX1",
            "wA4",
        ];
        const UHP: &[&str] = &[
            "\n",
            " ",
            "info",
            "newgame",
            "newgame Base",
            "play ",
            "pass",
            "validmoves",
            "bestmove",
            "bestmove depth 1",
            "bestmove depth 99",
            "bestmove time 00:00:00",
            "bestmove time 99:99:99",
            "undo",
            "undo 3",
            "undo 0",
            "options",
            "options get x",
            "exit",
            "wQ",
            "bS1 wQ-",
            "Base;InProgress;White[2];wS1;bS1 wS1-",
            ";",
        ];
        const RECORD: &[&str] = &[
            "\n",
            " ",
            "# ",
            "fingerprint ",
            "seed ",
            "seat first ",
            "seat second ",
            "ash first",
            "ash second",
            "move ",
            "move timeout ",
            "result ash wins",
            "result walnut wins",
            "result draw",
            "result in progress",
            "wQ",
            "bS1 wQ-",
            "pass",
            "0",
            "f",
            "ff",
        ];
        const CHESS: &[&str] = &[
            " ",
            "/",
            "-",
            ",",
            ":",
            "w",
            "b",
            "K",
            "Q",
            "k",
            "q",
            "R",
            "N",
            "B",
            "P",
            "p",
            "8",
            "0",
            "e4",
            "x",
            "heal ",
            "pass",
            "teleport ",
            "file-shift ",
            "kings-stride ",
            "mass-attack ",
            "seize ",
            "seize fury",
            "cancel",
            "balm ",
            "w:seize",
            "b:restriction",
            "wb",
            "e1g1",
            "e7e8r",
            "1/0",
        ];
        const RON: &[&str] = &[
            "(",
            ")",
            "{",
            "}",
            "[",
            "]",
            ":",
            ",",
            "\"",
            "\\",
            "\\u{41}",
            "//",
            "/*",
            "*/",
            "r#\"",
            "\"#",
            "Some(",
            "None",
            "true",
            "1.5",
            "-0.0",
            "NaN",
            "inf",
            "1e39",
            "version",
            "woods",
            "material: Ash",
            "tint: (1.0, 0.5, 0.2)",
            "\n",
        ];
        const JSON: &[&str] = &[
            "{",
            "}",
            "[",
            "]",
            ":",
            ",",
            "\"",
            "\\",
            "\\u0000",
            "\\ud800",
            "null",
            "true",
            "false",
            "-1",
            "1e400",
            "1.5",
            "\"version\":",
            "\"data\":",
            "\"coins\":",
            "\"books\":",
            "\"open_case\":",
            "\"case\":",
            "\"lang\":\"Ru\"",
            "\"Pt\"",
            "\"master_volume\":",
            "\"record\":",
            "\"action\":",
            "\"Move\"",
            "\"Capture\"",
        ];
        match self {
            Target::SnelabCourt | Target::SnelabAction => SNELAB,
            Target::HiveMove | Target::HiveGame => HIVE,
            Target::Uhp => UHP,
            Target::HiveRecord => RECORD,
            Target::ChessPosition | Target::ChessAction => CHESS,
            Target::Theme | Target::I18n => RON,
            Target::SaveSettings | Target::SavePurse | Target::SaveCase => JSON,
        }
    }
}

/// What one input did, when nothing failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It was read (and written back and read again alike).
    Read,
    /// It was refused with an error (or, for a save, replaced by the default).
    Refused,
}

fn same<T: PartialEq + std::fmt::Debug>(what: &str, a: &T, b: &T) -> Result<(), String> {
    if a == b {
        Ok(())
    } else {
        Err(format!("{what}: read {a:?}, read back {b:?}"))
    }
}

/// A text read by `parse`, written by `print`, must read again as the same value and be
/// written the same way.
fn round_trip<T: PartialEq + std::fmt::Debug, E: std::fmt::Debug>(
    input: &str,
    parse: impl Fn(&str) -> Result<T, E>,
    print: impl Fn(&T) -> String,
) -> Result<Option<T>, String> {
    let Ok(value) = parse(input) else {
        return Ok(None);
    };
    let text = print(&value);
    let back = parse(&text)
        .map_err(|e| format!("`{input}` reads, but its form `{text}` does not: {e:?}"))?;
    same(&format!("`{input}` written `{text}`"), &value, &back)?;
    let again = print(&back);
    if again != text {
        return Err(format!("`{text}` is written back as `{again}`"));
    }
    Ok(Some(value))
}

fn read(v: Option<impl Sized>) -> Verdict {
    if v.is_some() {
        Verdict::Read
    } else {
        Verdict::Refused
    }
}

/// Checks one input of `target`: `Err` says what failed (a panic inside is caught and comes
/// back as `Err` too).
pub fn check(target: Target, input: &str) -> Result<Verdict, String> {
    catch(|| check_inner(target, input)).unwrap_or_else(|panic| Err(format!("panic: {panic}")))
}

fn check_inner(target: Target, input: &str) -> Result<Verdict, String> {
    match target {
        Target::SnelabCourt => {
            let p = round_trip(
                input,
                <snelab::Position as Game>::parse_position,
                <snelab::Position as Game>::position_text,
            )?;
            if let Some(p) = &p {
                // The rules answer on whatever the parser accepts.
                let _ = snelab::outcome(p);
            }
            Ok(read(p))
        }
        Target::SnelabAction => {
            let start = snelab::Position::start();
            Ok(read(round_trip(
                input,
                |t| start.parse_action(t),
                |a| start.action_text(a),
            )?))
        }
        Target::HiveMove => {
            let (game, mv) = input.split_once('\n').unwrap_or(("Base", input));
            let Ok(state) = hive::State::from_game_string(game) else {
                return Ok(Verdict::Refused);
            };
            let Some(m) = round_trip(mv, |t| state.parse_move(t), |m| state.move_string(*m))?
            else {
                return Ok(Verdict::Refused);
            };
            let mut next = state.clone();
            next.play(m)
                .map_err(|e| format!("`{mv}` reads as {m:?}, which is refused: {e}"))?;
            Ok(Verdict::Read)
        }
        Target::HiveGame => {
            let s = round_trip(
                input,
                hive::State::from_game_string,
                hive::State::game_string,
            )?;
            if let Some(s) = &s {
                let json = serde_json::to_string(s).map_err(|e| e.to_string())?;
                let back: hive::State = serde_json::from_str(&json)
                    .map_err(|e| format!("the game's JSON `{json}` does not read: {e}"))?;
                same("its JSON", s, &back)?;
            }
            Ok(read(s))
        }
        Target::Uhp => uhp_session(input),
        Target::HiveRecord => {
            let r = round_trip(input, hive::GameRecord::parse, hive::GameRecord::to_text)?;
            if let Some(r) = &r {
                let checks = crate::play::verify::verify(r);
                // A record with offers (or an agreed draw) has one check more: `offers`.
                let offers = r.entries.iter().any(|e| {
                    matches!(
                        e,
                        hive::record::RecordedEntry::Offer(_) | hive::record::RecordedEntry::Agreed
                    )
                });
                let expected = if offers { 6 } else { 5 };
                if checks.len() != expected {
                    return Err(format!("{} checks, not {expected}", checks.len()));
                }
                for c in &checks {
                    if let Some(key) = super::soak::words_missing(&c.detail) {
                        return Err(format!("check `{}` has no words for `{key}`", c.name));
                    }
                }
            }
            Ok(read(r))
        }
        Target::ChessPosition => {
            let s = round_trip(
                input,
                <chess::State as Game>::parse_position,
                <chess::State as Game>::position_text,
            )?;
            if let Some(s) = &s {
                let actions = s.legal_actions();
                if s.end().is_some() != actions.is_empty() {
                    return Err(format!("end {:?} with {} actions", s.end(), actions.len()));
                }
            }
            Ok(read(s))
        }
        Target::ChessAction => {
            let start = <chess::State as Game>::start();
            Ok(read(round_trip(
                input,
                |t| start.parse_action(t),
                |a| start.action_text(a),
            )?))
        }
        Target::Theme => {
            let print = |t: &crate::theme::Theme| {
                ron::ser::to_string_pretty(t, ron::ser::PrettyConfig::default())
                    .unwrap_or_else(|e| format!("(unwritable: {e})"))
            };
            let Ok(theme) = crate::theme::Theme::parse(input) else {
                return Ok(Verdict::Refused);
            };
            // Compared as text: a tint of NaN is never equal to itself.
            let text = print(&theme);
            let back = crate::theme::Theme::parse(&text)
                .map_err(|e| format!("a theme reads, but its form `{text}` does not: {e}"))?;
            let again = print(&back);
            if again != text {
                return Err(format!("`{text}` is written back as `{again}`"));
            }
            Ok(Verdict::Read)
        }
        Target::I18n => Ok(read(round_trip(input, crate::i18n::parse_strings, |m| {
            m.iter()
                .map(|(id, text)| format!("{id} = {text}\n"))
                .collect()
        })?)),
        Target::SaveSettings => {
            save_envelope::<crate::settings::Settings>(input, |s| s.sanitized())
        }
        Target::SavePurse => save_envelope::<crate::play::snelab::SnelabSave>(input, |p| p),
        Target::SaveCase => save_envelope::<crate::play::snelab::CaseRecord>(input, |r| r),
    }
}

/// What a loaded value goes through before use, per saved type, and the use itself.
trait UseLoaded: Saved + Clone + PartialEq + std::fmt::Debug {
    /// Uses the value as the game would after loading it (nothing may panic).
    fn exercise(&self) {}
}

impl UseLoaded for crate::settings::Settings {
    fn exercise(&self) {
        let _ = self.effect_gain();
    }
}

impl UseLoaded for crate::play::snelab::SnelabSave {
    /// Starts the table from it as the game does (resuming the open case or returning its
    /// stake), then sits down, settles a case both ways and resets: what the table does.
    fn exercise(&self) {
        let (session, restored) = crate::play::snelab::Session::restore(self.clone(), 100, 0);
        if let Some(m) = restored.notice() {
            let _ = crate::i18n::english(&m);
        }
        let mut p = session.purse.clone();
        let _ = p.sit_check();
        let _ = p.opening(snelab_purse::Coin::Heads);
        if let Some(open) = p.open_case().cloned() {
            let mut q = p.clone();
            let _ = q.finish_case(open.id, open.your_side, snelab_purse::CaseEnd::Abandoned, 0);
            let _ = p.clone().return_stake();
        }
        let setup =
            crate::play::snelab::Setup::at(snelab_purse::Stakes::Casino, snelab::Side::South);
        if let Ok(case) = p.start_case(&setup, snelab_purse::Coin::Tails, u64::MAX) {
            let _ = p.finish_case(
                case.id,
                snelab::Side::South,
                snelab_purse::CaseEnd::Resigned,
                0,
            );
        }
        p.reset_all();
    }
}

impl UseLoaded for crate::play::snelab::CaseRecord {
    /// Resumes the case as a restart does (replaying it through the rules), else returns its stake.
    fn exercise(&self) {
        let mut purse = snelab_purse::Purse::default();
        if let Ok(open) = purse.start_case(&self.setup, snelab_purse::Coin::Heads, 0) {
            let mut session = crate::play::snelab::Session::new(purse);
            let record = crate::play::snelab::CaseRecord {
                case: open.id,
                ..self.clone()
            };
            // The table shows why a case could not be resumed, in words.
            if let Err(e) = session.resume(&record) {
                let _ = crate::i18n::english(&crate::i18n::Explain::explain(&e));
                let _ = session.purse.return_stake();
            }
        }
        if let Err(e) = self.game.replayed() {
            let _ = crate::i18n::english(&crate::i18n::Explain::explain(&e));
        }
    }
}

/// An envelope read back: a value loaded is used, saved and loaded again alike (after
/// `prepare`, what the game does to a loaded value); a value replaced is the default, with a
/// reason that names its key.
fn save_envelope<T: UseLoaded>(input: &str, prepare: impl Fn(T) -> T) -> Result<Verdict, String> {
    let (value, status) = decode::<T>(Some(input));
    match status {
        LoadStatus::Loaded | LoadStatus::Migrated { .. } => {
            let value = prepare(value);
            value.exercise();
            let text = encode(&value);
            let (back, status) = decode::<T>(Some(&text));
            if status != LoadStatus::Loaded {
                return Err(format!(
                    "`{input}` loads, but saved as `{text}` it gives {status:?}"
                ));
            }
            same(
                &format!("`{input}` saved as `{text}`"),
                &value,
                &prepare(back),
            )?;
            Ok(Verdict::Read)
        }
        LoadStatus::Replaced(why) => {
            if value != T::default() {
                return Err(format!("replaced ({why}) by {value:?}, not the default"));
            }
            if !why.to_string().contains(T::KEY) {
                return Err(format!("the reason `{why}` does not name `{}`", T::KEY));
            }
            Ok(Verdict::Refused)
        }
        LoadStatus::Missing => Err("text given, yet reported missing".into()),
    }
}

/// A UHP session: each command's replies are single lines and every command ends with `ok`;
/// after each, the game in progress reads back from its GameString. `bestmove` is held to one
/// ply (its words are still read as usual).
fn uhp_session(input: &str) -> Result<Verdict, String> {
    let mut session = super::hive::Uhp::capped(crate::ai::Level::Hard, 1);
    let mut read_any = false;
    for raw in input.split('\n') {
        let text = raw.trim();
        if text.is_empty() {
            continue;
        }
        if text == "exit" {
            break;
        }
        let replies = session.command(text);
        for r in &replies {
            if r.contains('\n') || r == "ok" {
                return Err(format!(
                    "`{text}` gives the reply `{r}`, which breaks the protocol"
                ));
            }
        }
        if replies
            .first()
            .is_some_and(|r| !r.starts_with("err") && !r.starts_with("invalidmove"))
        {
            read_any = true;
        }
        if let Some(g) = session.game() {
            let s = g.game_string();
            let back = hive::State::from_game_string(&s)
                .map_err(|e| format!("after `{text}` the game `{s}` does not read back: {e}"))?;
            same(&format!("after `{text}`, the game `{s}`"), g, &back)?;
        }
    }
    Ok(if read_any {
        Verdict::Read
    } else {
        Verdict::Refused
    })
}

// ---------------------------------------------------------------------------------------------
// Valid inputs, from the corpus files and from random games.

/// A few positions along random games of each kind, for inputs built from games.
fn snelab_positions(rng: &mut ChaCha8Rng, n: usize) -> Vec<snelab::Position> {
    use super::soak::Soak;
    let mut out = Vec::new();
    while out.len() < n {
        let mut p = snelab::Position::soak_opening(rng);
        for _ in 0..rng.random_range(0..30) {
            let actions = p.legal_actions();
            let Some(a) = actions.choose(rng) else { break };
            match Game::apply(&p, a) {
                Ok((next, _)) => p = next,
                Err(_) => break,
            }
        }
        out.push(p);
    }
    out
}

fn hive_states(rng: &mut ChaCha8Rng, n: usize) -> Vec<hive::State> {
    let mut out = Vec::new();
    while out.len() < n {
        let mut s = hive::State::new();
        let plies = rng.random_range(0..40);
        for _ in 0..plies {
            let moves = s.legal_moves();
            let Some(&m) = moves.choose(rng) else { break };
            if s.play(m).is_err() {
                break;
            }
        }
        out.push(s);
    }
    out
}

fn chess_states(rng: &mut ChaCha8Rng, n: usize) -> Vec<chess::State> {
    let mut out = Vec::new();
    while out.len() < n {
        let mut s = <chess::State as Game>::opening(rng.random());
        for _ in 0..rng.random_range(0..60) {
            let actions = s.legal_actions();
            let Some(a) = actions.choose(rng) else { break };
            match Game::apply(&s, a) {
                Ok((next, _)) => s = next,
                Err(_) => break,
            }
        }
        out.push(s);
    }
    out
}

/// Valid inputs of `target` made from random games (and the built-in files).
pub fn generated(target: Target, seed: u64, n: usize) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_f022);
    match target {
        Target::SnelabCourt => snelab_positions(&mut rng, n)
            .iter()
            .map(Game::position_text)
            .collect(),
        Target::SnelabAction => snelab_positions(&mut rng, n)
            .iter()
            .filter_map(|p| {
                let actions = p.legal_actions();
                actions.choose(&mut rng).map(|a| p.action_text(a))
            })
            .collect(),
        Target::HiveMove => hive_states(&mut rng, n)
            .iter()
            .filter_map(|s| {
                let moves = s.legal_moves();
                let m = moves.choose(&mut rng)?;
                Some(format!("{}\n{}", s.game_string(), s.move_string(*m)))
            })
            .collect(),
        Target::HiveGame => hive_states(&mut rng, n)
            .iter()
            .map(hive::State::game_string)
            .collect(),
        Target::Uhp => hive_states(&mut rng, n)
            .iter()
            .map(|s| {
                let moves = s.legal_moves();
                let mut lines = vec!["info".to_string(), format!("newgame {}", s.game_string())];
                if let Some(m) = moves.choose(&mut rng) {
                    lines.push(format!("play {}", s.move_string(*m)));
                }
                lines.push("validmoves".into());
                if rng.random_ratio(1, 3) {
                    lines.push("bestmove depth 1".into());
                }
                lines.push(format!("undo {}", rng.random_range(1..3)));
                lines.push("options".into());
                lines.join("\n")
            })
            .collect(),
        Target::HiveRecord => hive_states(&mut rng, n)
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let seed = crate::fair::Seed::draw(&mut rng);
                let ash = crate::fair::ash_seat(&seed);
                let seats = ["Ana (person)".to_string(), "Bot normal (bot)".to_string()];
                // Every third record marks its first move as played by the clock.
                let timeouts = [i % 3 == 0];
                hive::GameRecord::of_game(s, seed, seats, ash, &timeouts).to_text()
            })
            .collect(),
        Target::ChessPosition => chess_states(&mut rng, n)
            .iter()
            .map(Game::position_text)
            .collect(),
        Target::ChessAction => chess_states(&mut rng, n)
            .iter()
            .filter_map(|s| {
                let actions = s.legal_actions();
                actions.choose(&mut rng).map(|a| s.action_text(a))
            })
            .collect(),
        Target::Theme => vec![
            ron::ser::to_string_pretty(
                &crate::theme::Theme::builtin(),
                ron::ser::PrettyConfig::default(),
            )
            .unwrap_or_default(),
        ],
        Target::I18n => crate::i18n::Lang::ALL
            .iter()
            .map(|l| l.source().to_string())
            .chain(["a = b\nmenu-x = { $n } of { $m }\n".to_string()])
            .collect(),
        Target::SaveSettings => {
            let mut out = vec![encode(&crate::settings::Settings::default())];
            for lang in crate::i18n::Lang::ALL {
                out.push(encode(&crate::settings::Settings {
                    lang,
                    master_volume: rng.random(),
                    effects_volume: rng.random(),
                    starting_purse: rng.random_range(12..10_000),
                    server: format!("ws://10.0.0.{}:7878/ws", rng.random_range(1..255)),
                    reduced_motion: [None, Some(false), Some(true)][rng.random_range(0..3)],
                    light_look: [None, Some(false), Some(true)][rng.random_range(0..3)],
                    colour_safe_marks: rng.random(),
                    ui_scale: rng.random_range(0.5..3.0),
                    hive_game_type: crate::rules::hive::GameType::all()
                        .nth(rng.random_range(0..8))
                        .unwrap_or_default(),
                }));
            }
            out
        }
        Target::SavePurse => {
            // Saves made before the single record (version 1: the purse alone) ...
            let v1 = |p: &snelab_purse::Purse| {
                format!(
                    "{{\"version\":1,\"data\":{}}}",
                    serde_json::to_string(p).unwrap_or_default()
                )
            };
            let mut out = vec![
                encode(&crate::play::snelab::SnelabSave::default()),
                v1(&snelab_purse::Purse::default()),
            ];
            let mut p = snelab_purse::Purse::default();
            for i in 0..6u64 {
                let stakes = if i % 2 == 0 {
                    snelab_purse::Stakes::Casino
                } else {
                    snelab_purse::Stakes::Street
                };
                let side = if i % 3 == 0 {
                    snelab::Side::North
                } else {
                    snelab::Side::South
                };
                let setup = crate::play::snelab::Setup::at(stakes, side);
                if let Ok(case) = p.start_case(&setup, snelab_purse::Coin::Heads, 1000 + i) {
                    out.push(v1(&p));
                    let winner = if rng.random() { side } else { side.opponent() };
                    let end = snelab_purse::CaseEnd::Verdict(snelab::Reason::Bench);
                    let _ = p.finish_case(case.id, winner, end, 1100 + i);
                    out.push(v1(&p));
                }
            }
            // ... and the single record, taken before, during and after cases.
            let mut session = crate::play::snelab::Session::new(snelab_purse::Purse::default());
            session.setup.opponent = crate::play::Seat::Person;
            for case in 0..4u64 {
                session.setup.backward = rng.random();
                if session.sit(snelab_purse::Coin::Tails, case, 5).is_err() {
                    break;
                }
                out.push(encode(&session.save()));
                for _ in 0..rng.random_range(0..40) {
                    let actions = session.pos().legal_actions();
                    let (Some(side), Some(a)) = (session.to_act(), actions.choose(&mut rng)) else {
                        break;
                    };
                    if session.act(side, *a, 6).is_err() {
                        break;
                    }
                }
                out.push(encode(&session.save()));
                let _ = session.next_case();
            }
            out
        }
        Target::SaveCase => {
            let mut out = vec![encode(&crate::play::snelab::CaseRecord::default())];
            for _ in 0..8 {
                let mut session = crate::play::snelab::Session::new(snelab_purse::Purse::default());
                session.setup.backward = rng.random();
                session.setup.opponent = crate::play::Seat::Person;
                if session
                    .sit(snelab_purse::Coin::Tails, rng.random(), 5)
                    .is_err()
                {
                    continue;
                }
                for _ in 0..rng.random_range(0..12) {
                    let pos = session.pos();
                    let actions = pos.legal_actions();
                    let (Some(side), Some(a)) = (session.to_act(), actions.choose(&mut rng)) else {
                        break;
                    };
                    if session.act(side, *a, 6).is_err() {
                        break;
                    }
                }
                if let Some(r) = session.record() {
                    out.push(encode(&r));
                }
            }
            out
        }
    }
}

/// The corpus files of `target` under `dir` (`dir/<target>/*`), each one input (one line break
/// at the end is not part of it).
pub fn corpus(dir: &Path, target: Target) -> Vec<(PathBuf, String)> {
    let Ok(entries) = std::fs::read_dir(dir.join(target.name())) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let bytes = std::fs::read(&p).ok()?;
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let text = text.strip_suffix('\n').map(str::to_string).unwrap_or(text);
            Some((p, text))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Mutations.

const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "1e400",
    "-0",
    "NaN",
];

const UNICODE: &[&str] = &[
    "é", "ē", "\u{0}", "\u{feff}", "𝔸", "\r", "\t", "\u{202e}", "\u{301}", "Ж", "\u{3000}",
    "\u{85}", "\u{2028}", "\u{fffd}", "😀", "\u{7f}",
];

fn insert_at(b: &mut Vec<u8>, at: usize, what: &[u8]) {
    let at = at.min(b.len());
    b.splice(at..at, what.iter().copied());
}

/// The parts of `b` between the first separator (of a few) that it holds, with that separator.
fn fields(b: &[u8], rng: &mut ChaCha8Rng) -> Option<(u8, Vec<Vec<u8>>)> {
    let seps: Vec<u8> = [b' ', b';', b'/', b'\n', b',', b':']
        .into_iter()
        .filter(|s| b.contains(s))
        .collect();
    let sep = *seps.choose(rng)?;
    Some((sep, b.split(|&c| c == sep).map(<[u8]>::to_vec).collect()))
}

/// Applies one to four random mutations to `input`.
pub fn mutate(input: &str, others: &[String], tokens: &[&str], rng: &mut ChaCha8Rng) -> String {
    let mut b = input.as_bytes().to_vec();
    // One mutation half the time, so many cases stay close to a valid input.
    let count = match rng.random_range(0..8) {
        0..=3 => 1,
        4 | 5 => 2,
        6 => 3,
        _ => 4,
    };
    for _ in 0..count {
        let len = b.len();
        let at = rng.random_range(0..=len);
        match rng.random_range(0..13) {
            0 if len > 0 => {
                let i = rng.random_range(0..len);
                b[i] ^= 1 << rng.random_range(0..8);
            }
            1 if len > 0 => {
                let i = rng.random_range(0..len);
                b[i] = rng.random();
            }
            2 if len > 0 => {
                let end = (at + rng.random_range(1..8)).min(len);
                b.drain(at.min(end)..end);
            }
            3 => b.truncate(at),
            4 => {
                let t = tokens.choose(rng).copied().unwrap_or(" ");
                insert_at(&mut b, at, t.as_bytes());
            }
            5 if len > 0 => {
                let start = rng.random_range(0..len);
                let end = (start + rng.random_range(1..16)).min(len);
                let piece = b[start..end].to_vec();
                for _ in 0..rng.random_range(1..4) {
                    insert_at(&mut b, end, &piece);
                }
            }
            6 => {
                if let Some(other) = others.choose(rng) {
                    let o = other.as_bytes();
                    let cut = rng.random_range(0..=o.len());
                    b.truncate(at);
                    b.extend_from_slice(&o[cut..]);
                }
            }
            7 => {
                let n = NUMBERS.choose(rng).copied().unwrap_or("0");
                // Over a run of digits where there is one, else anywhere.
                match b.iter().position(|c| c.is_ascii_digit()) {
                    Some(start) if rng.random() => {
                        let end = b[start..]
                            .iter()
                            .position(|c| !c.is_ascii_digit())
                            .map_or(len, |e| start + e);
                        b.splice(start..end, n.bytes());
                    }
                    _ => insert_at(&mut b, at, n.as_bytes()),
                }
            }
            8 => {
                let u = UNICODE.choose(rng).copied().unwrap_or("é");
                insert_at(&mut b, at, u.as_bytes());
            }
            9 => {
                if let Some((sep, mut parts)) = fields(&b, rng) {
                    let i = rng.random_range(0..parts.len());
                    let j = rng.random_range(0..parts.len());
                    parts.swap(i, j);
                    b = parts.join(&sep);
                }
            }
            10 if len > 0 => {
                let start = rng.random_range(0..len);
                let end = (start + rng.random_range(1..6)).min(len);
                for c in &mut b[start..end] {
                    if c.is_ascii_alphabetic() {
                        *c ^= 0x20;
                    }
                }
            }
            11 => {
                if let Some((sep, mut parts)) = fields(&b, rng) {
                    let i = rng.random_range(0..parts.len());
                    parts.remove(i);
                    b = parts.join(&sep);
                }
            }
            _ => {
                if let Some((sep, mut parts)) = fields(&b, rng) {
                    let i = rng.random_range(0..parts.len());
                    let copy = parts[i].clone();
                    parts.insert(i, copy);
                    b = parts.join(&sep);
                }
            }
        }
    }
    b.truncate(8192);
    String::from_utf8_lossy(&b).into_owned()
}

/// A string of the target's own tokens, in random order.
fn babble(tokens: &[&str], rng: &mut ChaCha8Rng) -> String {
    (0..rng.random_range(0..40))
        .filter_map(|_| tokens.choose(rng).copied())
        .collect()
}

/// For a multi-line input whose last line is what matters (a move after its position), most
/// mutations go to that line.
fn mutate_case(target: Target, input: &str, others: &[String], rng: &mut ChaCha8Rng) -> String {
    let tokens = target.tokens();
    if target == Target::HiveMove
        && rng.random_ratio(4, 5)
        && let Some((game, mv)) = input.rsplit_once('\n')
    {
        return format!("{game}\n{}", mutate(mv, others, tokens, rng));
    }
    mutate(input, others, tokens, rng)
}

/// What a fuzz run did and found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FuzzReport {
    pub cases: u64,
    pub read: u64,
    pub refused: u64,
    pub failures: u64,
    /// The inputs that failed, with why (the first few).
    pub examples: Vec<(String, String)>,
    /// Valid inputs (corpus files and inputs from games) that did not read.
    pub bad_seeds: Vec<(String, String)>,
    pub seeds: usize,
}

/// Runs `cases` cases of `target` from `seed`, with the corpus files under `corpus_dir`.
pub fn fuzz(target: Target, cases: u64, seed: u64, corpus_dir: Option<&Path>) -> FuzzReport {
    let mut report = FuzzReport::default();
    let mut inputs: Vec<String> = corpus_dir
        .map(|d| corpus(d, target).into_iter().map(|(_, t)| t).collect())
        .unwrap_or_default();
    let files = inputs.len();
    inputs.extend(generated(target, seed, 64));
    for (i, input) in inputs.iter().enumerate() {
        // Corpus files may hold bad inputs on purpose (crashes found before); inputs from games
        // are valid and must read.
        let verdict = check(target, input);
        let bad = match verdict {
            Err(e) => Some(e),
            Ok(Verdict::Refused) if i >= files => Some("a valid input is refused".into()),
            Ok(_) => None,
        };
        if let Some(why) = bad {
            report.bad_seeds.push((input.clone(), why));
        }
    }
    report.seeds = inputs.len();
    let mut rng = ChaCha8Rng::seed_from_u64(seed_for(seed, target as u64));
    for _ in 0..cases {
        let input = if rng.random_ratio(1, 10) {
            babble(target.tokens(), &mut rng)
        } else {
            let base = inputs.choose(&mut rng).cloned().unwrap_or_default();
            if rng.random_ratio(1, 50) {
                base
            } else {
                mutate_case(target, &base, &inputs, &mut rng)
            }
        };
        report.cases += 1;
        match check(target, &input) {
            Ok(Verdict::Read) => report.read += 1,
            Ok(Verdict::Refused) => report.refused += 1,
            Err(why) => {
                report.failures += 1;
                if report.examples.len() < 10 {
                    report.examples.push((input, why));
                }
            }
        }
    }
    report
}

/// `tables fuzz <target|all> --cases N [--seed S] [--corpus DIR]`.
pub fn fuzz_cli(
    target: &str,
    options: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    let cases = options.need_u64("cases")?;
    let seed = options.u64("seed")?.unwrap_or(1);
    let dir = PathBuf::from(options.str("corpus").unwrap_or("tests/corpus"));
    let targets: Vec<Target> = if target == "all" {
        Target::ALL.to_vec()
    } else {
        vec![
            Target::parse(target)
                .ok_or_else(|| CliError::Usage(format!("unknown fuzz target `{target}`")))?,
        ]
    };
    let mut failed = 0;
    for t in targets {
        let started = Instant::now();
        let r = fuzz(t, cases, seed, Some(&dir));
        let secs = started.elapsed().as_secs_f64();
        writeln!(
            out,
            "fuzz {}: {} cases ({} read, {} refused) from {} valid inputs, {} failures, {} bad valid inputs; {secs:.1} s ({:.0} cases/s)",
            t.name(),
            r.cases,
            r.read,
            r.refused,
            r.seeds,
            r.failures,
            r.bad_seeds.len(),
            r.cases as f64 / secs.max(1e-9)
        )?;
        for (input, why) in r.examples.iter().chain(&r.bad_seeds).take(12) {
            writeln!(out, "- {input:?}\n    {why}")?;
        }
        out.flush()?;
        let _ = writeln!(err, "{} done", t.name());
        failed += r.failures + r.bad_seeds.len() as u64;
    }
    if failed == 0 {
        Ok(())
    } else {
        Err(CliError::Input(format!("{failed} fuzz cases failed")))
    }
}
