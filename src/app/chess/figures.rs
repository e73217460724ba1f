//! Artifact Chess's figures on the rules pages: the odds of each attempt as bars, and the
//! artifacts as cards (the frame: `app::menu::figures`). The artifacts' own pictures are not
//! drawn yet: each card shows a simple emblem of its kind.

use crate::app::kit::Figure;
use crate::app::menu::figures::*;
use crate::app::style;
use crate::figures::Drawing;
use crate::figures::chess::{Attacker, Defender, OddsFigure, artifact_name, kind_name};
use crate::i18n::{Lang, Tr};
use crate::rules::chess::{ArtifactKind, AttemptResult, Odds};
use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2, pos2, vec2};

/// The game's figures, for its `TableInfo`: a drawing of this game's, as a [`Figure`].
pub fn figure(drawing: &Drawing) -> Option<&dyn Figure> {
    match drawing {
        Drawing::Odds(o) => Some(o),
        Drawing::Artifacts(a) => Some(a),
        _ => None,
    }
}

impl Figure for OddsFigure {
    fn size(&self, room: f32) -> Vec2 {
        vec2(room.min(820.0), odds_height())
    }

    fn paint(&self, painter: &egui::Painter, rect: Rect, tr: &Tr) {
        odds(painter, rect, self, tr);
    }
}

impl Figure for crate::figures::chess::ArtifactsFigure {
    fn size(&self, room: f32) -> Vec2 {
        vec2(room, artifacts_height(self, room))
    }

    fn paint(&self, painter: &egui::Painter, rect: Rect, tr: &Tr) {
        artifacts(painter, rect, self, tr);
    }
}

// ---------------------------------------------------------------------------------------------
// Artifact Chess: the odds

const ODDS_HEADER: f32 = 46.0;
const ODDS_ROW: f32 = 62.0;
const ODDS_LEGEND: f32 = 30.0;

fn odds_height() -> f32 {
    ODDS_HEADER + ODDS_ROW * Attacker::ALL.len() as f32 + ODDS_LEGEND
}

/// A probability as a percentage with one decimal, in the player's way of writing numbers.
fn percent(tr: &Tr, num: u64, den: u64) -> String {
    let value = if num == den {
        "100".to_string()
    } else {
        let v = format!("{:.1}", 100.0 * num as f64 / den.max(1) as f64);
        match tr.lang() {
            Lang::En => v,
            Lang::Pt | Lang::Ru => v.replace('.', ","),
        }
    };
    tr.tf("figure.chess.percent", &[("value", &value)])
}

fn odds(painter: &egui::Painter, rect: Rect, o: &OddsFigure, tr: &Tr) {
    let label_w = (rect.width() * 0.24).clamp(130.0, 200.0);
    let col_w = (rect.width() - label_w) / Defender::ALL.len() as f32;
    let top = rect.top();
    // The corner and the defenders' heads.
    text(
        painter,
        pos2(rect.left(), top + ODDS_HEADER - 10.0),
        egui::Align2::LEFT_BOTTOM,
        &format!(
            "{} ↓  {} →",
            tr.t("figure.chess.attacker"),
            tr.t("figure.chess.defender")
        ),
        13.0,
        style::MUTED,
    );
    for (i, d) in Defender::ALL.into_iter().enumerate() {
        let x = rect.left() + label_w + col_w * (i as f32 + 0.5);
        let galley = painter.layout(
            tr.say(&d.label()),
            egui::FontId::proportional(15.0),
            style::BRASS,
            col_w - 12.0,
        );
        let pos = pos2(
            x - galley.size().x / 2.0,
            top + ODDS_HEADER - 8.0 - galley.size().y,
        );
        painter.galley(pos, galley, style::BRASS);
    }
    painter.hline(
        rect.left()..=rect.right(),
        top + ODDS_HEADER - 2.0,
        Stroke::new(1.0, Color32::from_rgb(0x6b, 0x4a, 0x2c)),
    );
    for (row, a) in Attacker::ALL.into_iter().enumerate() {
        let y0 = top + ODDS_HEADER + ODDS_ROW * row as f32;
        if row % 2 == 1 {
            painter.rect_filled(
                Rect::from_min_size(pos2(rect.left(), y0), vec2(rect.width(), ODDS_ROW)),
                4.0,
                Color32::from_black_alpha(40),
            );
        }
        let galley = painter.layout(
            tr.say(&a.label()),
            egui::FontId::proportional(15.0),
            style::BRASS,
            label_w - 14.0,
        );
        let pos = pos2(rect.left() + 6.0, y0 + (ODDS_ROW - galley.size().y) / 2.0);
        painter.galley(pos, galley, style::BRASS);
        for (col, d) in Defender::ALL.into_iter().enumerate() {
            let Some(cell) = o.cell(a, d) else {
                continue;
            };
            let x0 = rect.left() + label_w + col_w * col as f32 + 8.0;
            let w = col_w - 16.0;
            let dice = if cell.dice.defender == 0 {
                tr.t("figure.chess.no_roll").to_string()
            } else {
                tr.tf(
                    "figure.chess.dice",
                    &[
                        ("attacker", &cell.dice.attacker.to_string()),
                        ("defender", &cell.dice.defender.to_string()),
                    ],
                )
            };
            text(
                painter,
                pos2(x0, y0 + 8.0),
                egui::Align2::LEFT_TOP,
                &dice,
                13.0,
                style::CREAM,
            );
            bar(
                painter,
                Rect::from_min_size(pos2(x0, y0 + 27.0), vec2(w, 12.0)),
                &cell.odds,
            );
            let numbers = [
                (cell.odds.success, SUCCESS_TEXT),
                (cell.odds.wound, WOUND_TEXT),
                (cell.odds.miss, MISS_TEXT),
            ];
            let mut x = x0;
            for (n, colour) in numbers {
                if n == 0 {
                    continue;
                }
                let s = percent(tr, n, cell.odds.total);
                let r = painter.text(
                    pos2(x, y0 + 43.0),
                    egui::Align2::LEFT_TOP,
                    s,
                    egui::FontId::proportional(12.5),
                    colour,
                );
                x = r.right() + 8.0;
            }
        }
    }
    // The legend.
    let y = rect.bottom() - ODDS_LEGEND / 2.0;
    let mut x = rect.left() + 4.0;
    for (key, colour) in [
        ("figure.chess.success", SUCCESS),
        ("figure.chess.wound", WOUND),
        ("figure.chess.miss", MISS),
    ] {
        painter.rect_filled(
            Rect::from_center_size(pos2(x + 8.0, y), vec2(16.0, 12.0)),
            3.0,
            colour,
        );
        let r = painter.text(
            pos2(x + 22.0, y),
            egui::Align2::LEFT_CENTER,
            tr.t(key),
            egui::FontId::proportional(14.0),
            style::CREAM,
        );
        x = r.right() + 22.0;
    }
}

/// One attempt's results as a bar: success, wound and miss side by side.
fn bar(painter: &egui::Painter, rect: Rect, o: &Odds) {
    painter.rect_filled(rect.expand(1.0), 4.0, BOARD_EDGE);
    let mut x = rect.left();
    let total = o.total.max(1) as f32;
    for (result, colour) in [
        (AttemptResult::Success, SUCCESS),
        (AttemptResult::Wound, WOUND),
        (AttemptResult::Miss, MISS),
    ] {
        let n = match result {
            AttemptResult::Success => o.success,
            AttemptResult::Wound => o.wound,
            AttemptResult::Miss => o.miss,
        };
        let w = rect.width() * n as f32 / total;
        if w > 0.0 {
            painter.rect_filled(
                Rect::from_min_size(pos2(x, rect.top()), vec2(w, rect.height())),
                2.0,
                colour,
            );
        }
        x += w;
    }
}

// ---------------------------------------------------------------------------------------------
// Artifact Chess: the cards

const CARD: Vec2 = vec2(168.0, 50.0);
const CARD_GAP: f32 = 10.0;
const KINDS_ROW: f32 = 34.0;

fn columns(room: f32) -> usize {
    (((room + CARD_GAP) / (CARD.x + CARD_GAP)).floor() as usize).max(2)
}

fn artifacts_height(a: &crate::figures::chess::ArtifactsFigure, room: f32) -> f32 {
    let n: usize = a.groups.iter().map(|(_, c)| c.len()).sum();
    let rows = n.div_ceil(columns(room));
    KINDS_ROW + rows as f32 * (CARD.y + CARD_GAP)
}

/// A kind's colour and emblem.
fn kind_colour(kind: ArtifactKind) -> Color32 {
    match kind {
        ArtifactKind::Movement => style::BRASS,
        ArtifactKind::KeepsMove => Color32::from_rgb(0x8f, 0xbf, 0x8a),
        ArtifactKind::Response => Color32::from_rgb(0xe0, 0x7a, 0x62),
        ArtifactKind::Action => Color32::from_rgb(0xc9, 0xb2, 0x8e),
    }
}

fn emblem(painter: &egui::Painter, at: Pos2, r: f32, kind: ArtifactKind) {
    let colour = kind_colour(kind);
    painter.circle(at, r, style::WALNUT, Stroke::new(1.5, colour));
    let s = Stroke::new(2.2, colour);
    match kind {
        // An arrow: the card moves a piece.
        ArtifactKind::Movement => {
            painter.line_segment([at + vec2(-r * 0.5, 0.0), at + vec2(r * 0.25, 0.0)], s);
            arrow_head(
                painter,
                at + vec2(r * 0.6, 0.0),
                vec2(1.0, 0.0),
                r * 0.5,
                colour,
            );
        }
        // A loop: the move comes back to you.
        ArtifactKind::KeepsMove => {
            let pts: Vec<Pos2> = (0..=20)
                .map(|i| {
                    let a = -0.6 + 4.6 * i as f32 / 20.0;
                    at + vec2(a.cos(), a.sin()) * (r * 0.5)
                })
                .collect();
            let last = pts[pts.len() - 1];
            let before = pts[pts.len() - 2];
            painter.add(egui::Shape::line(pts, s));
            arrow_head(
                painter,
                last + (last - before).normalized() * 3.0,
                last - before,
                r * 0.4,
                colour,
            );
        }
        // A circle struck through: undone.
        ArtifactKind::Response => {
            painter.circle_stroke(at, r * 0.5, s);
            painter.line_segment(
                [
                    at + vec2(-r * 0.35, r * 0.35),
                    at + vec2(r * 0.35, -r * 0.35),
                ],
                s,
            );
        }
        // A star of four points: the card acts.
        ArtifactKind::Action => {
            let pts: Vec<Pos2> = (0..8)
                .map(|i| {
                    let a = std::f32::consts::FRAC_PI_4 * i as f32 - std::f32::consts::FRAC_PI_2;
                    let k = if i % 2 == 0 { 0.62 } else { 0.22 };
                    at + vec2(a.cos(), a.sin()) * (r * k)
                })
                .collect();
            let centre_fan: Vec<[f32; 2]> = pts.iter().map(|p| [p.x, -p.y]).collect();
            fill_outline(painter, pos2(0.0, 0.0), 1.0, &ccw(&centre_fan), colour);
        }
    }
}

fn artifacts(
    painter: &egui::Painter,
    rect: Rect,
    a: &crate::figures::chess::ArtifactsFigure,
    tr: &Tr,
) {
    // The kinds, as a legend.
    let mut x = rect.left();
    let y = rect.top() + KINDS_ROW / 2.0 - 4.0;
    for (kind, _) in &a.groups {
        emblem(painter, pos2(x + 11.0, y), 11.0, *kind);
        let r = painter.text(
            pos2(x + 28.0, y),
            egui::Align2::LEFT_CENTER,
            tr.say(&kind_name(*kind)),
            egui::FontId::proportional(15.0),
            kind_colour(*kind),
        );
        x = r.right() + 24.0;
    }
    let cols = columns(rect.width());
    let width = (rect.width() - CARD_GAP * (cols - 1) as f32) / cols as f32;
    let cards = a
        .groups
        .iter()
        .flat_map(|(k, c)| c.iter().map(move |a| (*k, *a)));
    for (i, (kind, artifact)) in cards.enumerate() {
        let (row, col) = (i / cols, i % cols);
        let card = Rect::from_min_size(
            pos2(
                rect.left() + col as f32 * (width + CARD_GAP),
                rect.top() + KINDS_ROW + row as f32 * (CARD.y + CARD_GAP),
            ),
            vec2(width, CARD.y),
        );
        painter.rect(
            card,
            7.0,
            Color32::from_rgb(0x4a, 0x33, 0x22),
            Stroke::new(1.5, kind_colour(kind).gamma_multiply(0.7)),
            egui::StrokeKind::Inside,
        );
        let e = pos2(card.left() + 22.0, card.center().y);
        emblem(painter, e, 14.0, kind);
        let galley = painter.layout(
            artifact_name(artifact, tr.lang()).to_string(),
            egui::FontId::proportional(15.0),
            style::CREAM,
            card.width() - 50.0,
        );
        let pos = pos2(card.left() + 42.0, card.center().y - galley.size().y / 2.0);
        painter.galley(pos, galley, style::CREAM);
    }
}
