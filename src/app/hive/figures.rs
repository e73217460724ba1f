//! Ash & Walnut's figures on the rules pages: small groups of hex tiles with their carved
//! creatures (the carver's own silhouettes, drawn flat) and a creature's destinations or steps
//! (the frame: `app::menu::figures`).

use crate::app::kit::Figure;
use crate::app::menu::figures::*;
use crate::app::style;
use crate::figures::Drawing;
use crate::figures::hive::{HiveFigure, HivePanel, Tile};
use crate::i18n::Tr;
use crate::rules::hive::{Colour, Creature, Hex};
use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2, pos2, vec2};

/// The game's figures, for its `TableInfo`: a drawing of this game's, as a [`Figure`].
pub fn figure(drawing: &Drawing) -> Option<&dyn Figure> {
    match drawing {
        Drawing::Hive(h) => Some(h),
        _ => None,
    }
}

/// The distance between neighbouring cells' centres.
const UNIT: f32 = 52.0;
/// Between panels side by side.
const PANEL_GAP: f32 = 40.0;

/// Every cell a panel draws something on.
fn panel_cells(p: &HivePanel) -> Vec<Hex> {
    p.tiles
        .iter()
        .map(|t| t.hex)
        .chain(p.destinations.iter().copied())
        .chain(p.steps.iter().flat_map(|s| [s.from, s.to]))
        .collect()
}

/// A panel's extent on the plane (min x, min y, max x, max y), in cells.
fn panel_bounds(p: &HivePanel) -> (f32, f32, f32, f32) {
    panel_cells(p).iter().map(|h| h.to_plane()).fold(
        (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
        |(a, b, c, d), (x, y)| (a.min(x), b.min(y), c.max(x), d.max(y)),
    )
}

/// A panel's size with cells `unit` apart.
fn panel_size(p: &HivePanel, unit: f32) -> Vec2 {
    let (x0, y0, x1, y1) = panel_bounds(p);
    vec2((x1 - x0 + 1.1) * unit, (y1 - y0 + 1.2) * unit)
}

/// The figure's size at full size ([`UNIT`]), its panels side by side.
fn full_size(h: &HiveFigure) -> Vec2 {
    let sizes: Vec<Vec2> = h.panels.iter().map(|p| panel_size(p, UNIT)).collect();
    let w: f32 =
        sizes.iter().map(|s| s.x).sum::<f32>() + PANEL_GAP * (sizes.len().saturating_sub(1)) as f32;
    let h = sizes.iter().map(|s| s.y).fold(0.0, f32::max);
    vec2(w, h)
}

impl Figure for HiveFigure {
    /// At full size, or smaller where `room` is narrower (a phone held upright): every part in
    /// proportion.
    fn size(&self, room: f32) -> Vec2 {
        let full = full_size(self);
        full * (room / full.x.max(1.0)).min(1.0)
    }

    fn paint(&self, painter: &egui::Painter, rect: Rect, _: &Tr) {
        let scale = (rect.width() / full_size(self).x.max(1.0)).min(1.0);
        let unit = UNIT * scale;
        let mut x = rect.left();
        for p in &self.panels {
            let size = panel_size(p, unit);
            let area = Rect::from_min_size(pos2(x, rect.center().y - size.y / 2.0), size);
            panel(painter, area, p, unit);
            x += size.x + PANEL_GAP * scale;
        }
    }
}

fn hexagon(c: Pos2, r: f32) -> Vec<Pos2> {
    (0..6)
        .map(|i| {
            let a = std::f32::consts::PI / 3.0 * i as f32 + std::f32::consts::PI / 6.0;
            c + vec2(a.cos() * r, a.sin() * r)
        })
        .collect()
}

/// The creature carved on a tile, drawn flat: the silhouette in the inlay, its details in the
/// wood, the eyes in whichever stands out.
pub(crate) fn creature(
    painter: &egui::Painter,
    at: Pos2,
    scale: f32,
    c: Creature,
    wood: Color32,
    inlay: Color32,
) {
    let picture = crate::carve::hive_picture(c);
    fill_outline(painter, at, scale, &picture.outline, inlay);
    for e in &picture.extra {
        fill_outline(painter, at, scale, e, inlay);
    }
    for d in &picture.details {
        fill_outline(painter, at, scale, &ccw(d), wood);
    }
    for (e, slot) in &picture.eyes {
        let colour = match slot {
            crate::carve::Slot::Wood => wood,
            crate::carve::Slot::Inlay => inlay,
        };
        fill_outline(painter, at, scale, e, colour);
    }
}

fn tile(painter: &egui::Painter, at: Pos2, r: f32, t: &Tile, unit: f32) {
    let (wood, edge, inlay) = match t.colour {
        Colour::Ash => (ASH_WOOD, ASH_EDGE, INK),
        Colour::Walnut => (WALNUT_WOOD, WALNUT_EDGE, BONE),
    };
    for level in (1..t.height).rev() {
        let below = at + vec2(0.0, 4.0 * level as f32);
        painter.add(egui::Shape::convex_polygon(
            hexagon(below, r),
            edge,
            Stroke::new(1.0, BOARD_EDGE),
        ));
    }
    painter.add(egui::Shape::convex_polygon(
        hexagon(at + vec2(0.0, 3.0), r),
        Color32::from_black_alpha(100),
        Stroke::NONE,
    ));
    painter.add(egui::Shape::convex_polygon(
        hexagon(at, r),
        wood,
        Stroke::new(2.0, edge),
    ));
    painter.add(egui::Shape::closed_line(
        hexagon(at, r * 0.84),
        Stroke::new(1.0, edge.gamma_multiply(0.6)),
    ));
    creature(painter, at, unit * 1.05, t.creature, wood, inlay);
}

fn panel(painter: &egui::Painter, area: Rect, p: &HivePanel, unit: f32) {
    let (x0, y0, x1, y1) = panel_bounds(p);
    let mid = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let at = |h: Hex| {
        let (x, y) = h.to_plane();
        area.center() + vec2((x - mid.0) * unit, (y - mid.1) * unit)
    };
    let r = unit * 0.54;
    let occupied = |h: Hex| p.tiles.iter().any(|t| t.hex == h);
    // Empty cells the figure is about, as faint outlines on the table.
    let on_paths = p.paths.iter().flat_map(|path| path.iter());
    for &h in p
        .destinations
        .iter()
        .chain(p.steps.iter().map(|s| &s.to))
        .chain(on_paths)
    {
        if !occupied(h) {
            painter.add(egui::Shape::closed_line(
                hexagon(at(h), r * 0.92),
                Stroke::new(1.0, style::MUTED.gamma_multiply(0.5)),
            ));
        }
    }
    for t in &p.tiles {
        tile(painter, at(t.hex), r, t, unit);
    }
    if let Some(s) = p.subject() {
        painter.add(egui::Shape::closed_line(
            hexagon(at(s.hex), r + 3.0),
            Stroke::new(3.0, style::BRASS),
        ));
    }
    // The way: over the pieces for the Hare, around them for the Fox.
    for path in &p.paths {
        let points: Vec<Pos2> = path.iter().map(|&h| at(h)).collect();
        if points.len() < 2 {
            continue;
        }
        // From the edge of the piece's picture to just short of the landing's dot.
        let mut line = points.clone();
        let n = line.len();
        let first = line[1] - line[0];
        line[0] += first.normalized() * (unit * 0.3);
        let last = line[n - 1] - line[n - 2];
        line[n - 1] -= last.normalized() * (unit * 0.22);
        painter.add(egui::Shape::line(
            line.clone(),
            Stroke::new(5.5, BOARD_EDGE.gamma_multiply(0.8)),
        ));
        painter.add(egui::Shape::line(line.clone(), Stroke::new(3.0, GREEN)));
        // Each step on the way, where it crosses an empty cell.
        for (&h, &c) in path.iter().zip(&points).skip(1).take(n.saturating_sub(2)) {
            if !occupied(h) {
                painter.circle_filled(c, 4.0, GREEN);
            }
        }
        arrow_head(
            painter,
            line[n - 1] + last.normalized() * 4.0,
            last,
            11.0,
            GREEN,
        );
    }
    for s in &p.steps {
        let colour = if s.open { GREEN } else { RED };
        let (a, b) = (at(s.from), at(s.to));
        let dir = (b - a).normalized();
        let start = a + dir * (r * 0.55);
        let tip = b - dir * 13.0;
        painter.line_segment([start, tip - dir * 8.0], Stroke::new(4.0, colour));
        arrow_head(painter, tip, dir, 13.0, colour);
        // The two cells beside the step: outlined where they close the way.
        if !s.open
            && let Some(d) = s.from.direction_to(s.to)
        {
            for side in [d.turned(-1), d.turned(1)] {
                let h = s.from.step(side);
                if occupied(h) {
                    painter.add(egui::Shape::closed_line(
                        hexagon(at(h), r + 3.0),
                        Stroke::new(2.5, RED),
                    ));
                }
            }
        }
        mark(painter, b + vec2(0.0, 0.0), s.open, colour);
    }
    for &h in &p.destinations {
        // A step's own mark says it already.
        if p.steps.iter().any(|s| s.to == h) {
            continue;
        }
        let c = at(h);
        if occupied(h) {
            painter.add(egui::Shape::closed_line(
                hexagon(c, r - 2.0),
                Stroke::new(3.0, GREEN),
            ));
        }
        painter.circle(
            c,
            unit * 0.14,
            GREEN,
            Stroke::new(1.5, Color32::from_rgb(0x1c, 0x3a, 0x1f)),
        );
    }
}

/// A tick (open) or a cross (closed), on a dark disc.
fn mark(painter: &egui::Painter, at: Pos2, open: bool, colour: Color32) {
    painter.circle(at, 11.0, FELT, Stroke::new(2.0, colour));
    let s = Stroke::new(2.5, colour);
    if open {
        painter.add(egui::Shape::line(
            vec![
                at + vec2(-5.0, 0.5),
                at + vec2(-1.5, 4.0),
                at + vec2(5.0, -4.0),
            ],
            s,
        ));
    } else {
        painter.line_segment([at + vec2(-4.5, -4.5), at + vec2(4.5, 4.5)], s);
        painter.line_segment([at + vec2(-4.5, 4.5), at + vec2(4.5, -4.5)], s);
    }
}
