//! The engine's review and the luck of the dice, beside a replay: "Review with the engine"
//! judges every position a few a frame (a progress bar, Cancel), then draws the expected score
//! across the game with the position on show marked, and lists the moves that lost the most
//! with the engine's better choice (a click goes to the position before it). At Artifact
//! Chess, the luck report: each side's expected captures against its captures, the luck
//! across the game, and the luckiest and unluckiest roll (a click goes to it).

use super::{Replaying, Replays};
use crate::app::kit::chart::Chart;
use crate::app::kit::history::Step;
use crate::app::kit::table::Intended;
use crate::app::style::{self, panel_frame};
use crate::i18n::Tr;
use crate::review::{Blunder, CardLuck, ChessLuck, Deal, Progress, Replay, Review};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::sync::Arc;

/// How many positions a frame judges: each is a search of a few milliseconds at the review's
/// limits, so a frame stays short on the web too (no threads there).
const PER_FRAME: usize = 2;

/// The mistakes listed.
const MISTAKES: usize = 3;

/// The least loss (in expected score) listed as a mistake.
const MISTAKE_LEAST: f64 = 0.05;

/// The luck report of the replay on (Artifact Chess), worked out once per replay: the dice,
/// the cards drawn by chance and the deal.
struct Luck {
    of: Arc<Replay>,
    dice: ChessLuck,
    cards: CardLuck,
    deals: [Option<Deal>; 2],
}

/// The review of the replay on at a table, if one was asked for.
#[derive(Resource, Default)]
pub struct Reviewing {
    job: Option<Job>,
    /// The luck report is on show instead of the review (Artifact Chess).
    pub luck_shown: bool,
    /// The luck of the replay on (Artifact Chess), worked out once per replay.
    luck: Option<Luck>,
}

struct Job {
    /// The replay it reviews (the same `Arc` as the table's).
    of: Arc<Replay>,
    review: Review,
    /// Still judging (false: cancelled, or done).
    running: bool,
}

impl Reviewing {
    /// The review of `replay`, if it is the one asked for.
    fn of(&self, replay: &Arc<Replay>) -> Option<&Job> {
        self.job.as_ref().filter(|j| Arc::ptr_eq(&j.of, replay))
    }

    /// The progress and the graph of the review of `replay` (for tests and the probe).
    pub fn progress(&self, replay: &Arc<Replay>) -> Option<(Progress, Vec<f64>)> {
        self.of(replay)
            .map(|j| (j.review.progress(), j.review.points().to_vec()))
    }

    /// Starts reviewing `replay` (again from nothing if it was cancelled).
    pub fn start(&mut self, replay: &Arc<Replay>) {
        if self
            .of(replay)
            .is_some_and(|j| j.running || j.review.done())
        {
            return;
        }
        self.job = Some(Job {
            of: replay.clone(),
            review: Review::new((**replay).clone()),
            running: true,
        });
    }

    pub fn cancel(&mut self) {
        self.job = None;
    }

    /// Judges what is left of the review asked for at once (a staged scene cannot wait).
    pub fn finish(&mut self) {
        if let Some(job) = self.job.as_mut() {
            job.review.run();
            job.running = false;
        }
    }

    /// The action that lost the most in the review of `replay`, once it is done: the number
    /// of actions before it.
    pub fn biggest_mistake(&self, replay: &Arc<Replay>) -> Option<usize> {
        let job = self.of(replay).filter(|j| j.review.done())?;
        job.review.mistakes(1).first().map(|m| m.ply)
    }
}

/// Judges the next positions of the review asked for, while its replay is on.
pub(super) fn steps<T: Replays>(table: Res<T>, mut reviewing: ResMut<Reviewing>) {
    let Some(r) = table.replaying() else {
        return;
    };
    let Some(job) = reviewing.job.as_mut() else {
        return;
    };
    if !Arc::ptr_eq(&job.of, &r.replay) || !job.running {
        return;
    }
    for _ in 0..PER_FRAME {
        job.review.step();
        if job.review.done() {
            job.running = false;
            break;
        }
    }
}

/// While the position before a listed mistake is on show, the engine's better action is lit on
/// the board (and put out elsewhere).
pub(super) fn light<T: Replays>(mut table: ResMut<T>, reviewing: Res<Reviewing>) {
    let Some(r) = table.replaying() else {
        return;
    };
    let (at, _) = table.replay_at();
    let better = reviewing
        .of(&r.replay)
        .filter(|j| j.review.done())
        .and_then(|j| {
            j.review
                .mistakes(MISTAKES)
                .into_iter()
                .find(|m| m.ply == at && m.loss >= MISTAKE_LEAST)
        })
        .map(|m| m.better);
    match better {
        Some(better) if table.suggested_at() != Some(at) => {
            table.suggest(at, &better);
        }
        None if table.suggested_at().is_some() => {
            table.suggest(usize::MAX, "");
        }
        _ => {}
    }
}

/// What the panel asks.
enum Asked {
    Start,
    Cancel,
    /// Show the position after this many actions.
    Go(usize),
}

/// The panel at the right of the board, under the move list.
pub(super) fn panel<T: Replays>(
    mut contexts: EguiContexts,
    tr: Res<Tr>,
    table: Res<T>,
    mut reviewing: ResMut<Reviewing>,
    mut intents: MessageWriter<Intended<T>>,
) -> Result {
    let Some(r) = table.replaying() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (at, plies) = table.replay_at();
    if let Replay::Chess(line) = &*r.replay
        && !reviewing
            .luck
            .as_ref()
            .is_some_and(|l| Arc::ptr_eq(&l.of, &r.replay))
    {
        reviewing.luck = Some(Luck {
            of: r.replay.clone(),
            dice: ChessLuck::of(line),
            cards: CardLuck::of(line),
            deals: crate::review::deals(line),
        });
    }
    let mut asked = None;
    let mut luck_shown = reviewing.luck_shown;
    let mut body = |ui: &mut egui::Ui| {
        let luck = reviewing
            .luck
            .as_ref()
            .filter(|l| Arc::ptr_eq(&l.of, &r.replay))
            .map(|l| (&l.dice, &l.cards, &l.deals));
        if luck.is_some() {
            // Two parts, one at a time: the board stays in sight.
            ui.horizontal(|ui| {
                if crate::app::kit::choice(ui, !luck_shown, tr.t("review.title")).clicked() {
                    luck_shown = false;
                }
                if crate::app::kit::choice(ui, luck_shown, tr.t("luck.title")).clicked() {
                    luck_shown = true;
                }
            });
            ui.add_space(2.0);
        } else {
            ui.label(style::brass(tr.t("review.title"), 18.0));
        }
        match luck {
            Some((luck, cards, deals)) if luck_shown => {
                luck_part(ui, &tr, luck, at, &mut asked);
                deal_part(ui, &tr, deals);
                cards_part(ui, &tr, cards, at, &mut asked);
            }
            _ => review_part(ui, &tr, r, &reviewing, at, plies, &mut asked),
        }
    };
    let id = egui::Id::new(("replay-review", T::GAME.cli_name()));
    if style::compact(ctx) {
        // A compact screen has no room beside the replay's bar: the review is folded to a
        // button at the right, under the side panel's.
        style::folded_panel(ctx, id, 290.0, tr.t("review.title"), body);
    } else {
        egui::Area::new(id)
            .anchor(egui::Align2::RIGHT_BOTTOM, [-14.0, -14.0])
            .show(ctx, |ui| {
                panel_frame().show(ui, |ui| {
                    ui.set_width(290.0);
                    body(ui);
                });
            });
    }
    reviewing.luck_shown = luck_shown;
    match asked {
        Some(Asked::Start) => reviewing.start(&r.replay),
        Some(Asked::Cancel) => reviewing.cancel(),
        Some(Asked::Go(n)) => {
            intents.write(Intended(T::view(Step::To(n))));
        }
        None => {}
    }
    Ok(())
}

fn review_part(
    ui: &mut egui::Ui,
    tr: &Tr,
    r: &Replaying,
    reviewing: &Reviewing,
    at: usize,
    plies: usize,
    asked: &mut Option<Asked>,
) {
    let Some(job) = reviewing.of(&r.replay) else {
        ui.label(style::muted(tr.t("review.about"), 14.0));
        if ui
            .button(egui::RichText::new(tr.t("review.start")).size(15.0))
            .clicked()
        {
            *asked = Some(Asked::Start);
        }
        return;
    };
    let progress = job.review.progress();
    if !job.review.done() {
        let part = progress.done as f32 / progress.total.max(1) as f32;
        ui.add(egui::ProgressBar::new(part).text(tr.tf(
            "review.progress",
            &[
                ("done", &progress.done.to_string()),
                ("total", &progress.total.to_string()),
            ],
        )));
        if ui.button(tr.t("review.cancel")).clicked() {
            *asked = Some(Asked::Cancel);
        }
    }
    graph(ui, tr, job.review.points(), at, plies);
    if !job.review.done() {
        return;
    }
    let mistakes: Vec<Blunder> = job
        .review
        .mistakes(MISTAKES)
        .into_iter()
        .filter(|m| m.loss >= MISTAKE_LEAST)
        .collect();
    if mistakes.is_empty() {
        ui.label(style::muted(tr.t("review.no_mistakes"), 14.0));
        return;
    }
    ui.label(style::cream(tr.t("review.mistakes"), 15.0));
    for m in mistakes {
        let words = tr.tf(
            "review.mistake",
            &[
                ("n", &(m.ply + 1).to_string()),
                ("played", &m.played),
                ("better", &m.better),
                ("loss", &format!("{:.0}", m.loss * 100.0)),
            ],
        );
        let on = at == m.ply;
        if ui
            .add(egui::Button::selectable(
                on,
                egui::RichText::new(words).size(14.0),
            ))
            .on_hover_text(tr.t("review.go"))
            .clicked()
        {
            *asked = Some(Asked::Go(m.ply));
        }
    }
}

/// The expected score of the first side across the game, the position on show marked.
fn graph(ui: &mut egui::Ui, tr: &Tr, points: &[f64], at: usize, plies: usize) {
    let line: Vec<[f64; 2]> = points
        .iter()
        .enumerate()
        .map(|(i, p)| [i as f64, *p])
        .collect();
    let grid = egui::Color32::from_rgb(0x6b, 0x4a, 0x2c);
    Chart::new(90.0, grid)
        .include_x(0.0)
        .include_x(plies.max(1) as f64)
        .include_y(0.0)
        .include_y(1.0)
        .y_labels(|v| format!("{:.0}", v * 100.0))
        .horizontal(0.5, grid, 1.0)
        .vertical(at as f64, style::CREAM, 1.0)
        .line(line, style::BRASS, 2.0)
        .show(ui);
    ui.label(style::muted(tr.t("review.axis"), 12.0));
}

/// `words` with a capital first letter.
use crate::app::chess::table::capital;

/// A colour's card luck in words ("White: 2 draws, +12 % of expected score against their
/// odds"); `None` when it drew nothing by chance (an undone draw does not count).
pub(crate) fn card_luck_line(
    tr: &Tr,
    cards: &CardLuck,
    colour: crate::rules::chess::Colour,
) -> Option<String> {
    let n = cards
        .draws
        .iter()
        .filter(|d| d.colour == colour && !d.undone)
        .count();
    (n > 0).then(|| {
        tr.tf(
            "luck.cards.side",
            &[
                (
                    "side",
                    &capital(&tr.say(&crate::i18n::Explain::explain(&colour))),
                ),
                ("n", &n.to_string()),
                ("luck", &format!("{:+.0}", cards.luck(colour) * 100.0)),
            ],
        )
    })
}

/// A hand's deal in words ("White: Balm, Fury, …; +3 % of expected score, better than 71 % of
/// the hands it could have been").
fn deal_line(tr: &Tr, deal: &Deal) -> String {
    let hand: Vec<String> = deal
        .hand
        .iter()
        .map(|a| tr.say(&crate::i18n::Explain::explain(&a)))
        .collect();
    tr.tf(
        "luck.deal.side",
        &[
            (
                "side",
                &capital(&tr.say(&crate::i18n::Explain::explain(&deal.colour))),
            ),
            ("hand", &hand.join(", ")),
            ("luck", &format!("{:+.0}", deal.luck() * 100.0)),
            ("beaten", &format!("{:.0}", deal.beaten * 100.0)),
        ],
    )
}

/// The deal in one line ("The hands as dealt: White −3 %, Black +2 %"); `None` when the game
/// does not start at a deal.
pub(crate) fn deal_summary(tr: &Tr, deals: &[Option<Deal>; 2]) -> Option<String> {
    let sides: Vec<String> = deals
        .iter()
        .flatten()
        .map(|d| {
            tr.tf(
                "luck.deal.one",
                &[
                    (
                        "side",
                        &capital(&tr.say(&crate::i18n::Explain::explain(&d.colour))),
                    ),
                    ("luck", &format!("{:+.0}", d.luck() * 100.0)),
                ],
            )
        })
        .collect();
    (!sides.is_empty()).then(|| tr.tf("luck.deal", &[("sides", &sides.join(", "))]))
}

/// The luck of the deal in one line, each hand against every hand it could have been, with the
/// hands and their detail on hover (the panel keeps its height, clear of the move list).
/// Nothing when the replay does not start at a deal.
fn deal_part(ui: &mut egui::Ui, tr: &Tr, deals: &[Option<Deal>; 2]) {
    let Some(summary) = deal_summary(tr, deals) else {
        return;
    };
    ui.separator();
    let detail: Vec<String> = deals.iter().flatten().map(|d| deal_line(tr, d)).collect();
    ui.add(egui::Label::new(style::brass(summary, 14.0)).sense(egui::Sense::hover()))
        .on_hover_text(detail.join("\n\n"));
}

/// The luck of the cards whose result chance draws (Zombie Pawn's square, Trophy's kinds): each
/// side's expected score the draws gave against what they could expect, and the luckiest and
/// unluckiest draw (a click goes to it). Nothing when no such card was played.
fn cards_part(ui: &mut egui::Ui, tr: &Tr, cards: &CardLuck, at: usize, asked: &mut Option<Asked>) {
    use crate::rules::chess::Colour;
    if cards.draws.is_empty() {
        return;
    }
    ui.separator();
    ui.label(style::brass(tr.t("luck.cards"), 15.0));
    for colour in [Colour::White, Colour::Black] {
        if let Some(words) = card_luck_line(tr, cards, colour) {
            ui.label(style::cream(words, 14.0));
        }
    }
    let mut shown = Vec::new();
    for (key, draw) in [
        ("luck.cards.luckiest", cards.luckiest()),
        ("luck.cards.unluckiest", cards.unluckiest()),
    ] {
        let Some(d) = draw else { continue };
        // One draw is both the luckiest and the unluckiest: said once.
        if shown.contains(&d.ply) {
            continue;
        }
        shown.push(d.ply);
        let words = tr.tf(
            key,
            &[
                ("n", &(d.ply + 1).to_string()),
                ("action", &d.action),
                ("drawn", &d.drawn_text),
                ("chance", &format!("{:.0}", d.chance() * 100.0)),
                ("luck", &format!("{:+.0}", d.luck() * 100.0)),
            ],
        );
        if ui
            .add(egui::Button::selectable(
                at == d.ply + 1,
                egui::RichText::new(words).size(14.0),
            ))
            .on_hover_text(tr.t("review.go"))
            .clicked()
        {
            *asked = Some(Asked::Go(d.ply + 1));
        }
    }
}

fn luck_part(ui: &mut egui::Ui, tr: &Tr, luck: &ChessLuck, at: usize, asked: &mut Option<Asked>) {
    use crate::rules::chess::Colour;
    if luck.counted().next().is_none() {
        ui.label(style::muted(tr.t("luck.none"), 14.0));
        return;
    }
    for colour in [Colour::White, Colour::Black] {
        let i = colour.index();
        let signed = luck.luck(colour);
        ui.label(style::cream(
            tr.tf(
                "luck.side",
                &[
                    (
                        "side",
                        &capital(&tr.say(&crate::i18n::Explain::explain(&colour))),
                    ),
                    ("expected", &format!("{:.1}", luck.expected[i])),
                    ("captures", &luck.captures[i].to_string()),
                    ("luck", &format!("{signed:+.1}")),
                ],
            ),
            14.0,
        ));
    }
    let series = |c: Colour| -> Vec<[f64; 2]> {
        std::iter::once([0.0, 0.0])
            .chain(
                luck.series[c.index()]
                    .iter()
                    .map(|(ply, v)| [*ply as f64 + 1.0, *v]),
            )
            .collect()
    };
    Chart::new(60.0, egui::Color32::from_rgb(0x6b, 0x4a, 0x2c))
        .y_labels(crate::app::kit::chart::plain)
        .vertical(at as f64, style::CREAM, 1.0)
        .line(series(Colour::White), style::CREAM, 2.0)
        .line(series(Colour::Black), style::BRASS, 2.0)
        .show(ui);
    for (key, roll) in [
        ("luck.luckiest", luck.luckiest()),
        ("luck.unluckiest", luck.unluckiest()),
    ] {
        let Some(a) = roll else { continue };
        let words = tr.tf(
            key,
            &[
                ("n", &(a.ply + 1).to_string()),
                ("action", &a.action),
                ("chance", &format!("{:.0}", a.chance * 100.0)),
            ],
        );
        if ui
            .add(egui::Button::selectable(
                at == a.ply + 1,
                egui::RichText::new(words).size(14.0),
            ))
            .on_hover_text(tr.t("review.go"))
            .clicked()
        {
            *asked = Some(Asked::Go(a.ply + 1));
        }
    }
}
