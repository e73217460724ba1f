//! Draws the rules pages' figures (`crate::figures`: what to draw, computed from the rules) with
//! the egui painter, in the table's woods: Snēlab's court and discs, Ash & Walnut's hex tiles with
//! their carved creatures (the carver's own silhouettes, drawn flat), the odds of each attempt
//! as bars, and the artifacts as cards. Each figure sits in a frame with its caption in the
//! player's language.
//!
//! This file is the frame (the caption, the notes, the swatches); each game paints its own
//! drawings in its folder (`<game>/figures.rs`), registered in its `TableInfo`. An unknown
//! figure name draws nothing and is logged once.

use crate::app::style;
use crate::figures::{Drawing, Figure, Mark, NAMES, build};
use crate::i18n::Tr;
use crate::rules::snelab::Side;
use bevy::log::warn;
use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2, pos2, vec2};
use std::collections::BTreeSet;
use std::sync::{Mutex, OnceLock};

pub(crate) const ASH_WOOD: Color32 = Color32::from_rgb(0xdb, 0xbd, 0x8c);
pub(crate) const ASH_EDGE: Color32 = Color32::from_rgb(0x9a, 0x76, 0x4a);
pub(crate) const WALNUT_WOOD: Color32 = Color32::from_rgb(0x5c, 0x38, 0x21);
pub(crate) const WALNUT_EDGE: Color32 = Color32::from_rgb(0x2b, 0x19, 0x0e);
/// The inlay: ink on ash, bone on walnut.
pub(crate) const INK: Color32 = Color32::from_rgb(0x24, 0x17, 0x0e);
pub(crate) const BONE: Color32 = Color32::from_rgb(0xf0, 0xe4, 0xc8);
pub(crate) const SQUARE_LIGHT: Color32 = Color32::from_rgb(0x7a, 0x55, 0x34);
pub(crate) const SQUARE_DARK: Color32 = Color32::from_rgb(0x6a, 0x48, 0x2b);
pub(crate) const BOARD_EDGE: Color32 = Color32::from_rgb(0x1f, 0x14, 0x0d);
pub(crate) use crate::app::style::{GREEN, RED};
pub(crate) const FELT: Color32 = Color32::from_rgb(0x1f, 0x2e, 0x22);
/// The results of an attempt: success, wound, miss.
pub(crate) const SUCCESS: Color32 = Color32::from_rgb(0x5f, 0xb0, 0x62);
pub(crate) const WOUND: Color32 = Color32::from_rgb(0xc9, 0x4b, 0x3b);
pub(crate) const MISS: Color32 = Color32::from_rgb(0x8c, 0x7b, 0x66);
/// The same, as text on walnut.
pub(crate) const SUCCESS_TEXT: Color32 = Color32::from_rgb(0x8f, 0xd8, 0x8a);
pub(crate) const WOUND_TEXT: Color32 = Color32::from_rgb(0xf2, 0x8a, 0x76);
pub(crate) const MISS_TEXT: Color32 = Color32::from_rgb(0xc4, 0xb4, 0x9c);

/// Every figure, built once from the rules.
fn figures() -> &'static [(&'static str, Option<Figure>)] {
    static FIGURES: OnceLock<Vec<(&'static str, Option<Figure>)>> = OnceLock::new();
    FIGURES.get_or_init(|| NAMES.iter().map(|&(name, _)| (name, build(name))).collect())
}

/// Logs a figure that cannot be drawn, once per name.
fn warn_once(name: &str, why: &str) {
    static WARNED: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    let Ok(mut warned) = WARNED.lock() else {
        return;
    };
    if warned.insert(name.to_string()) {
        warn!("rules page: figure `{name}` {why}; nothing drawn");
    }
}

/// Draws the figure `name` where the page has got to; `None` (and nothing drawn) for a name the
/// game does not know.
pub fn show(ui: &mut egui::Ui, tr: &Tr, name: &str) -> Option<egui::Response> {
    let Some((_, built)) = figures().iter().find(|(n, _)| *n == name) else {
        warn_once(name, "is unknown");
        return None;
    };
    let Some(figure) = built else {
        warn_once(name, "could not be built from the rules");
        return None;
    };
    // Each game measures and paints its own drawings; one no game answers for is logged once.
    if size(&figure.drawing, 400.0).is_none() {
        warn_once(name, "is drawn by no game's painter");
        return None;
    }
    let caption = tr.say(&figure.caption);
    let avail = ui.available_width();
    let inner = egui::Frame::new()
        .fill(style::WALNUT_LIGHT)
        .stroke(Stroke::new(1.0, Color32::from_rgb(0x5c, 0x40, 0x28)))
        .corner_radius(10)
        .inner_margin(14)
        .show(ui, |ui| {
            // Inside the margins and the stroke, so the page never grows from frame to frame.
            let room = (avail - 30.0).max(120.0);
            ui.set_width(room);
            let size = size(&figure.drawing, room).unwrap_or(Vec2::ZERO);
            if size.x < room * 0.55 {
                ui.horizontal_top(|ui| {
                    draw(ui, tr, &figure.drawing, size);
                    ui.add_space(22.0);
                    ui.vertical(|ui| {
                        ui.set_max_width((room - size.x - 22.0).min(540.0));
                        ui.add_space(4.0);
                        notes(ui, tr, figure, &caption);
                    });
                });
            } else {
                ui.vertical_centered(|ui| draw(ui, tr, &figure.drawing, size));
                ui.add_space(6.0);
                notes(ui, tr, figure, &caption);
            }
        });
    Some(inner.response)
}

/// The caption, then what each mark means.
fn notes(ui: &mut egui::Ui, tr: &Tr, figure: &Figure, caption: &str) {
    ui.add(
        egui::Label::new(
            egui::RichText::new(caption)
                .size(16.0)
                .italics()
                .color(style::ASH),
        )
        .wrap(),
    );
    for (mark, words) in &figure.legend {
        ui.add_space(2.0);
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(vec2(34.0, 24.0), egui::Sense::hover());
            swatch(ui.painter(), rect, *mark);
            ui.add(
                egui::Label::new(
                    egui::RichText::new(tr.say(words))
                        .size(15.0)
                        .color(style::CREAM),
                )
                .wrap(),
            );
        });
    }
}

/// A mark as the drawings use it, small, for the legend.
fn swatch(painter: &egui::Painter, rect: Rect, mark: Mark) {
    let c = rect.center();
    let r = 8.5;
    match mark {
        Mark::Move => {
            painter.circle(
                c,
                5.5,
                GREEN,
                Stroke::new(1.5, Color32::from_rgb(0x1c, 0x3a, 0x1f)),
            );
        }
        Mark::Appeal => {
            painter.line_segment(
                [pos2(rect.left(), c.y), pos2(c.x + 4.0, c.y)],
                Stroke::new(4.0, RED.gamma_multiply(0.55)),
            );
            disc(painter, pos2(c.x + 6.0, c.y), r, Side::North, 1, false);
            painter.circle_stroke(pos2(c.x + 6.0, c.y), r + 3.0, Stroke::new(2.0, RED));
        }
        Mark::Target => {
            disc(painter, c, r, Side::North, 3, false);
            painter.circle_stroke(c, r + 3.0, Stroke::new(2.0, RED));
        }
        Mark::Payer => {
            disc(painter, c, r, Side::South, 1, false);
            dashed_ring(painter, c, r + 3.0, 2.0);
        }
        Mark::Faded => disc(painter, c, r, Side::South, 1, true),
    }
}

pub(crate) fn dashed_ring(painter: &egui::Painter, at: Pos2, radius: f32, width: f32) {
    let ring: Vec<Pos2> = (0..=48)
        .map(|i| {
            let a = std::f32::consts::TAU * i as f32 / 48.0;
            at + vec2(a.cos(), a.sin()) * radius
        })
        .collect();
    let dash = (radius * 0.45).max(3.0);
    painter.extend(egui::Shape::dashed_line(
        &ring,
        Stroke::new(width, GREEN),
        dash,
        dash * 0.7,
    ));
}

/// The room a drawing takes in a frame `room` points wide.
/// The game whose drawing it is measures it (each game paints its own, in its folder).
fn size(drawing: &Drawing, room: f32) -> Option<Vec2> {
    Some(figure(drawing)?.size(room))
}

/// The figure a drawing is, as the game whose drawing it is paints it.
fn figure(drawing: &Drawing) -> Option<&dyn crate::app::kit::Figure> {
    crate::app::TABLES.iter().find_map(|t| (t.figures)(drawing))
}

fn draw(ui: &mut egui::Ui, tr: &Tr, drawing: &Drawing, size: Vec2) {
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    if !ui.is_rect_visible(rect) {
        return;
    }
    let painter = ui.painter_at(rect.expand(8.0));
    if let Some(figure) = figure(drawing) {
        figure.paint(&painter, rect, tr);
    }
}

pub(crate) fn text(
    painter: &egui::Painter,
    at: Pos2,
    align: egui::Align2,
    s: &str,
    size: f32,
    c: Color32,
) {
    painter.text(at, align, s, egui::FontId::proportional(size), c);
}

pub(crate) fn arrow_head(
    painter: &egui::Painter,
    tip: Pos2,
    dir: Vec2,
    size: f32,
    colour: Color32,
) {
    let d = dir.normalized();
    let n = vec2(-d.y, d.x);
    painter.add(egui::Shape::convex_polygon(
        vec![
            tip,
            tip - d * size + n * size * 0.6,
            tip - d * size - n * size * 0.6,
        ],
        colour,
        Stroke::NONE,
    ));
}

/// Fills a simple outline (given counter-clockwise with y up, in tile units) at `at`.
pub(crate) fn fill_outline(
    painter: &egui::Painter,
    at: Pos2,
    scale: f32,
    outline: &[[f32; 2]],
    c: Color32,
) {
    if outline.len() < 3 {
        return;
    }
    let mut mesh = egui::Mesh::default();
    for p in outline {
        mesh.colored_vertex(at + vec2(p[0] * scale, -p[1] * scale), c);
    }
    for [a, b, t] in crate::carve::mesh::triangulate(outline) {
        mesh.add_triangle(a, b, t);
    }
    painter.add(egui::Shape::mesh(mesh));
}

pub(crate) fn ccw(poly: &[[f32; 2]]) -> Vec<[f32; 2]> {
    let mut v = poly.to_vec();
    if crate::carve::mesh::area2(&v) < 0.0 {
        v.reverse();
    }
    v
}

/// The woods of a side: the disc's body, its edge and its inlay.
pub(crate) fn snelab_wood(side: Side) -> (Color32, Color32, Color32) {
    match side {
        Side::South => (ASH_WOOD, ASH_EDGE, INK),
        Side::North => (WALNUT_WOOD, WALNUT_EDGE, BONE),
    }
}

/// A Snēlab piece: a turned wooden disc with its weight's numeral.
pub(crate) fn disc(painter: &egui::Painter, at: Pos2, r: f32, side: Side, weight: u8, fade: bool) {
    let (wood, edge, inlay) = snelab_wood(side);
    let f = |c: Color32| if fade { c.gamma_multiply(0.45) } else { c };
    painter.circle_filled(
        at + vec2(0.0, r * 0.12),
        r,
        f(Color32::from_black_alpha(90)),
    );
    painter.circle(at, r, f(wood), Stroke::new(r * 0.14, f(edge)));
    painter.circle_stroke(at, r * 0.68, Stroke::new(1.0, f(edge.gamma_multiply(0.7))));
    text(
        painter,
        at,
        egui::Align2::CENTER_CENTER,
        &weight.to_string(),
        r * 1.15,
        f(inlay),
    );
}
