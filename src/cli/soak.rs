//! `tables soak <game> --actions N [--seed S]`: random legal actions, game after game, with the
//! game's invariants checked after every action. One driver over the game interface ([`Game`]);
//! what only one game has (its hash, its undo, its counts, the odd openings worth visiting) is
//! its [`Soak`] impl.
//!
//! At every step of a game the soak:
//! - lists the legal actions and holds them against the single-action check: a sample of the
//!   listed actions must pass [`Game::check`] and read back from their notation, and random
//!   actions (mostly illegal, many near a legal one) must pass exactly when listed, be refused
//!   by [`Game::apply`] when not, and have their refusal worded in the i18n files;
//! - plays one listed action at random (or, now and then, takes the last one back), then checks
//!   the new state: the kept hash against one recomputed from scratch, the piece counts and
//!   reserves, apply-then-undo (where the game has undo), and every so often (`--deep-every`,
//!   and at the end of every game) the text form and serde's JSON form read back to the same
//!   state.
//!
//! What the text form does not keep, and so is not compared: Artifact Chess's dice generator,
//! its repetition history and the state Cancel would bring back (a position read from text has
//! none: see `rules::chess::notation`); Ash & Walnut's hand-made start (a GameString replays
//! from the empty table, so games from a hand-made position skip the text check; serde keeps
//! the start and is still checked). Snēlab's text keeps everything.
//!
//! Panics are caught ([`super::panics::catch`]): the soak reports them with the position and
//! action, drops that game and goes on.

use super::panics::catch;
use super::{CliError, Options};
use crate::i18n::{Arg, Lang, Message, Strings};
use crate::rules::Game;
use rand::seq::{IndexedRandom, IteratorRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::time::Instant;

/// How a soak runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoakOptions {
    /// Actions to play in all (undos not counted).
    pub actions: u64,
    pub seed: u64,
    /// Listed actions checked one by one (check, notation) at each step.
    pub sample: usize,
    /// Random actions offered at each step (mostly illegal).
    pub probes: usize,
    /// Text and JSON round trips every this many actions (and at each game's end).
    pub deep_every: u64,
    /// The chance, per thousand steps, of taking the last action back instead of playing.
    pub undo_per_mille: u32,
    /// A game this long is left and a fresh one started.
    pub max_plies: usize,
}

impl SoakOptions {
    /// The defaults for game `G`, with the count and seed given.
    pub fn for_game<G: Soak>(actions: u64, seed: u64) -> SoakOptions {
        SoakOptions {
            actions,
            seed,
            sample: G::SAMPLE,
            probes: G::PROBES,
            deep_every: G::DEEP_EVERY,
            undo_per_mille: 40,
            max_plies: 3_000,
        }
    }
}

/// What a soak did and found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SoakReport {
    pub actions: u64,
    pub undos: u64,
    pub games_started: u64,
    /// Games played to their end (a verdict, a win, a draw).
    pub games_finished: u64,
    /// Games left at the ply cap.
    pub games_cut: u64,
    /// Listed actions checked one by one.
    pub listed_checked: u64,
    /// Random actions offered; of them, refused ones.
    pub probes: u64,
    pub probes_refused: u64,
    /// Text and JSON round trips made.
    pub deep_checks: u64,
    /// Views of earlier positions (step back, step forward) checked.
    pub views: u64,
    pub failures: u64,
    pub panics: u64,
    /// The first few failures and panics, with their position and action.
    pub examples: Vec<String>,
    /// What kinds of action were played, and the kinds of opening.
    pub tally: BTreeMap<&'static str, u64>,
}

/// The examples kept in a report.
const MAX_EXAMPLES: usize = 12;

impl SoakReport {
    pub fn is_clean(&self) -> bool {
        self.failures == 0 && self.panics == 0
    }

    fn note(&mut self, text: String) {
        if self.examples.len() < MAX_EXAMPLES {
            self.examples.push(text);
        }
    }

    fn count(&mut self, label: &'static str) {
        *self.tally.entry(label).or_default() += 1;
    }
}

/// What the soak needs of a game beyond [`Game`].
pub trait Soak: Game {
    /// What the soak keeps beside the states of a game (Artifact Chess: its history).
    type Keep;
    /// Listed actions checked one by one at each step.
    const SAMPLE: usize = 8;
    /// Random actions offered at each step.
    const PROBES: usize = 8;
    /// Round trips of the whole state every this many actions.
    const DEEP_EVERY: u64 = 1;

    /// A fresh game: the usual openings, and the odd ones worth visiting.
    fn soak_opening(rng: &mut ChaCha8Rng) -> Self;

    /// What kind of opening this is, for the tally.
    fn opening_label(&self) -> &'static str;

    /// What kind of action this is, for the tally.
    fn action_label(&self, action: &Self::Action) -> &'static str;

    /// The kept hash or key against one recomputed from scratch.
    fn hash_check(&self) -> Result<(), String>;

    /// Piece counts and reserves, against the game's start.
    fn count_check(&self, start: &Self) -> Result<(), String>;

    /// The state as its text form keeps it; `None` when the text cannot stand for it.
    fn text_view(&self) -> Option<Self> {
        Some(self.clone())
    }

    /// An action to offer: random, or a listed one changed a little.
    fn probe(&self, listed: &[Self::Action], rng: &mut ChaCha8Rng) -> Self::Action;

    fn keep_new(start: &Self) -> Self::Keep;

    /// After `action` took `before` to `after`: the game's own undo and history.
    fn keep_played(
        keep: &mut Self::Keep,
        before: &Self,
        action: &Self::Action,
        after: &Self,
        record: &Self::Record,
    ) -> Result<(), String>;

    /// The soak went back from `from` to `to` (the state before `from`'s last action).
    fn keep_undone(keep: &mut Self::Keep, from: &Self, to: &Self) -> Result<(), String>;

    /// Looks at earlier positions (`states` is the game so far) and comes back; returns how
    /// many views were checked.
    fn keep_wander(
        keep: &mut Self::Keep,
        states: &[Self],
        rng: &mut ChaCha8Rng,
    ) -> Result<u64, String> {
        let _ = (keep, states, rng);
        Ok(0)
    }
}

/// One game under way.
struct Run<G: Soak> {
    /// The start first, the current state last.
    states: Vec<G>,
    keep: G::Keep,
}

/// The English words of every key in `m` exist (the other languages are held to English by the
/// i18n tests).
pub(crate) fn words_missing(m: &Message) -> Option<&'static str> {
    static EN: std::sync::OnceLock<Strings> = std::sync::OnceLock::new();
    let en = EN.get_or_init(|| Strings::new(Lang::En));
    if en.t(m.key) == m.key {
        return Some(m.key);
    }
    m.args.iter().find_map(|(_, a)| match a {
        Arg::Words(w) => words_missing(w),
        Arg::Text(_) => None,
    })
}

/// Plays `options.actions` random actions of `G`, checking as it goes; `progress` is called
/// now and then with the actions played so far.
pub fn soak<G: Soak>(options: &SoakOptions, mut progress: impl FnMut(&SoakReport)) -> SoakReport {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let mut report = SoakReport::default();
    let mut run: Option<Run<G>> = None;
    let mut last_progress = 0;
    while report.actions < options.actions {
        let mut acting: Option<G::Action> = None;
        let result = catch(|| step(&mut run, &mut rng, options, &mut report, &mut acting));
        let problem = match result {
            Ok(Ok(())) => None,
            Ok(Err(e)) => {
                report.failures += 1;
                Some(format!("invariant failure: {e}"))
            }
            Err(panic) => {
                report.panics += 1;
                Some(format!("panic: {panic}"))
            }
        };
        if let Some(problem) = problem {
            let position = run
                .as_ref()
                .and_then(|r| r.states.last())
                .map(|s| catch(|| s.position_text()).unwrap_or_else(|p| format!("(panics: {p})")));
            let action = acting.map(|a| format!("{a:?}"));
            report.note(format!(
                "{problem}\n    position: {}\n    action: {}",
                position.as_deref().unwrap_or("-"),
                action.as_deref().unwrap_or("-")
            ));
            // The game may be in any state now: start afresh. A failure still counts as a step,
            // so a broken game cannot stall the soak.
            run = None;
            report.actions += 1;
        }
        if report.actions >= last_progress + 100_000 {
            last_progress = report.actions;
            progress(&report);
        }
    }
    report
}

/// The checks of a state that are cheap enough for every action.
fn cheap_checks<G: Soak>(state: &G, start: &G) -> Result<(), String> {
    state.hash_check().map_err(|e| format!("hash: {e}"))?;
    state.count_check(start).map_err(|e| format!("counts: {e}"))
}

/// The text form and serde's JSON form read back to the same state.
fn deep_checks<G: Soak>(state: &G, report: &mut SoakReport) -> Result<(), String> {
    report.deep_checks += 1;
    if let Some(view) = state.text_view() {
        let text = state.position_text();
        let back = G::parse_position(&text)
            .map_err(|e| format!("its own text `{text}` does not read back: {e:?}"))?;
        if back != view {
            return Err(format!(
                "its text `{text}` reads back as another state:\n    kept {view:?}\n    read {back:?}"
            ));
        }
        let again = back.position_text();
        if again != text {
            return Err(format!("text `{text}` is written back as `{again}`"));
        }
    }
    let json = serde_json::to_string(state).map_err(|e| format!("JSON: {e}"))?;
    let back: G =
        serde_json::from_str(&json).map_err(|e| format!("its JSON `{json}` does not read: {e}"))?;
    if back != *state {
        return Err(format!("its JSON `{json}` reads back as {back:?}"));
    }
    Ok(())
}

/// The legal-action list against the single-action check, the notation and the refusals.
fn check_listing<G: Soak>(
    state: &G,
    listed: &[G::Action],
    rng: &mut ChaCha8Rng,
    options: &SoakOptions,
    report: &mut SoakReport,
) -> Result<(), String> {
    if state.outcome().is_some() != listed.is_empty() {
        return Err(format!(
            "outcome {:?} with {} legal actions",
            state.outcome(),
            listed.len()
        ));
    }
    let set: HashSet<G::Action> = listed.iter().copied().collect();
    if set.len() != listed.len() {
        return Err(format!(
            "{} listed actions, {} different",
            listed.len(),
            set.len()
        ));
    }
    for a in listed.iter().choose_multiple(rng, options.sample) {
        report.listed_checked += 1;
        state
            .check(a)
            .map_err(|e| format!("listed action {a:?} refused by check: {e:?}"))?;
        let text = state.action_text(a);
        match state.parse_action(&text) {
            Ok(b) if b == *a => {}
            Ok(b) => return Err(format!("`{text}` ({a:?}) reads back as {b:?}")),
            Err(e) => return Err(format!("`{text}` ({a:?}) does not read back: {e:?}")),
        }
    }
    for _ in 0..options.probes {
        let a = state.probe(listed, rng);
        report.probes += 1;
        let is_listed = set.contains(&a);
        match state.check(&a) {
            Ok(()) if !is_listed => {
                return Err(format!("check accepts {a:?}, which is not listed"));
            }
            Ok(()) => {}
            Err(e) if is_listed => {
                return Err(format!("check refuses the listed {a:?}: {e:?}"));
            }
            Err(e) => {
                report.probes_refused += 1;
                if let Some(key) = words_missing(&crate::i18n::Explain::explain(&e)) {
                    return Err(format!("the refusal {e:?} has no words: `{key}`"));
                }
                if rng.random_ratio(1, 4) && state.apply(&a).is_ok() {
                    return Err(format!("apply accepts {a:?}, which check refuses"));
                }
            }
        }
        // The notation of any action reads back stably, whatever the rules think of it.
        let text = state.action_text(&a);
        if let Ok(b) = state.parse_action(&text) {
            let again = state.action_text(&b);
            if state.parse_action(&again) != Ok(b) {
                return Err(format!(
                    "`{text}` reads as {b:?}, written `{again}`, which does not"
                ));
            }
        }
    }
    Ok(())
}

fn step<G: Soak>(
    run: &mut Option<Run<G>>,
    rng: &mut ChaCha8Rng,
    options: &SoakOptions,
    report: &mut SoakReport,
    acting: &mut Option<G::Action>,
) -> Result<(), String> {
    let Some(r) = run.as_mut() else {
        let start = G::soak_opening(rng);
        report.games_started += 1;
        report.count(start.opening_label());
        cheap_checks(&start, &start)?;
        deep_checks(&start, report)?;
        let keep = G::keep_new(&start);
        *run = Some(Run {
            states: vec![start],
            keep,
        });
        return Ok(());
    };
    let plies = r.states.len() - 1;
    let current = r.states.last().ok_or("a game without states")?;
    if current.outcome().is_some() || plies >= options.max_plies {
        if current.outcome().is_some() {
            report.games_finished += 1;
        } else {
            report.games_cut += 1;
        }
        deep_checks(current, report)?;
        *run = None;
        return Ok(());
    }
    if plies >= 1 && rng.random_ratio(options.undo_per_mille.min(1000), 1000) {
        let from = r.states.pop().ok_or("nothing to take back")?;
        let to = r.states.last().ok_or("nothing to go back to")?;
        G::keep_undone(&mut r.keep, &from, to).map_err(|e| format!("undo: {e}"))?;
        report.undos += 1;
        return Ok(());
    }
    if rng.random_ratio(1, 64) {
        report.views += G::keep_wander(&mut r.keep, &r.states, rng)
            .map_err(|e| format!("viewing the history: {e}"))?;
    }
    let state = r.states.last().ok_or("a game without states")?;
    let listed = state.legal_actions();
    check_listing(state, &listed, rng, options, report)?;
    let action = *listed.choose(rng).ok_or("no legal action")?;
    *acting = Some(action);
    let (next, record) = state
        .apply(&action)
        .map_err(|e| format!("apply refuses the listed {action:?}: {e:?}"))?;
    G::keep_played(&mut r.keep, state, &action, &next, &record)?;
    cheap_checks(&next, &r.states[0])?;
    report.actions += 1;
    report.count(state.action_label(&action));
    if options.deep_every <= 1 || report.actions.is_multiple_of(options.deep_every) {
        deep_checks(&next, report)?;
    }
    r.states.push(next);
    *acting = None;
    Ok(())
}

/// Prints a report in the `soak` output contract.
pub fn print_report(
    game: &str,
    options: &SoakOptions,
    report: &SoakReport,
    seconds: f64,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(out, "soak {game}: seed {}", options.seed)?;
    writeln!(out, "actions {}", report.actions)?;
    writeln!(
        out,
        "games started {}, finished {}, left at {} plies {}",
        report.games_started, report.games_finished, options.max_plies, report.games_cut
    )?;
    writeln!(out, "undos {}", report.undos)?;
    writeln!(out, "history views {}", report.views)?;
    writeln!(out, "listed actions checked {}", report.listed_checked)?;
    writeln!(
        out,
        "random actions offered {}, refused {}",
        report.probes, report.probes_refused
    )?;
    writeln!(out, "round trips (text, JSON) {}", report.deep_checks)?;
    for (label, n) in &report.tally {
        writeln!(out, "  {label}: {n}")?;
    }
    writeln!(out, "invariant failures {}", report.failures)?;
    writeln!(out, "panics {}", report.panics)?;
    for e in &report.examples {
        writeln!(out, "- {e}")?;
    }
    let rate = report.actions as f64 / seconds.max(1e-9);
    writeln!(out, "time {seconds:.1} s ({rate:.0} actions/s)")
}

/// `tables soak <game> --actions N [--seed S] [--sample K] [--probes K] [--deep-every K]
/// [--undo-per-mille K] [--max-plies K]`.
pub fn soak_cli<G: Soak>(
    options: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    options.allow_only(&[
        "actions",
        "seed",
        "sample",
        "probes",
        "deep-every",
        "undo-per-mille",
        "max-plies",
    ])?;
    let mut o = SoakOptions::for_game::<G>(options.need_u64("actions")?, 1);
    let size = |v: u64| usize::try_from(v).unwrap_or(usize::MAX);
    if let Some(v) = options.u64("seed")? {
        o.seed = v;
    }
    if let Some(v) = options.u64("sample")? {
        o.sample = size(v);
    }
    if let Some(v) = options.u64("probes")? {
        o.probes = size(v);
    }
    if let Some(v) = options.u64("deep-every")? {
        o.deep_every = v.max(1);
    }
    if let Some(v) = options.u64("undo-per-mille")? {
        o.undo_per_mille = u32::try_from(v.min(1000)).unwrap_or(1000);
    }
    if let Some(v) = options.u64("max-plies")? {
        o.max_plies = size(v.max(1));
    }
    let started = Instant::now();
    let report = soak::<G>(&o, |r| {
        let _ = writeln!(
            err,
            "{} actions, {} games, {} failures, {} panics, {:.0} s",
            r.actions,
            r.games_started,
            r.failures,
            r.panics,
            started.elapsed().as_secs_f64()
        );
    });
    print_report(
        G::KIND.cli_name(),
        &o,
        &report,
        started.elapsed().as_secs_f64(),
        out,
    )?;
    if report.is_clean() {
        Ok(())
    } else {
        Err(CliError::Input(format!(
            "{} invariant failures, {} panics",
            report.failures, report.panics
        )))
    }
}

mod chess;
mod hive;
mod snelab;
