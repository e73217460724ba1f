//! Draws the rules pages' figures (`crate::figures`: what to draw, computed from the rules) with
//! the egui painter, in the table's woods: Snēlab's court and discs, Ash & Walnut's hex tiles with
//! their carved creatures (the carver's own silhouettes, drawn flat), the odds of each attempt
//! as bars, and the artifacts as cards. Each figure sits in a frame with its caption in the
//! player's language.
//!
//! The artifacts' own pictures are not drawn yet: each card shows a simple emblem of its kind.
//! An unknown figure name draws nothing and is logged once.

use crate::app::style;
use crate::figures::chess::{Attacker, Defender, OddsFigure, artifact_name, kind_name};
use crate::figures::hive::{HiveFigure, HivePanel, Tile};
use crate::figures::snelab::{CourtFigure, Role};
use crate::figures::{Drawing, Figure, Mark, NAMES, build};
use crate::i18n::{Lang, Tr};
use crate::rules::chess::{ArtifactKind, AttemptResult, Odds};
use crate::rules::hive::{Colour, Creature, Hex};
use crate::rules::snelab::{Side, Square};
use bevy::log::warn;
use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2, pos2, vec2};
use std::collections::BTreeSet;
use std::sync::{Mutex, OnceLock};

const ASH_WOOD: Color32 = Color32::from_rgb(0xdb, 0xbd, 0x8c);
const ASH_EDGE: Color32 = Color32::from_rgb(0x9a, 0x76, 0x4a);
const WALNUT_WOOD: Color32 = Color32::from_rgb(0x5c, 0x38, 0x21);
const WALNUT_EDGE: Color32 = Color32::from_rgb(0x2b, 0x19, 0x0e);
/// The inlay: ink on ash, bone on walnut.
const INK: Color32 = Color32::from_rgb(0x24, 0x17, 0x0e);
const BONE: Color32 = Color32::from_rgb(0xf0, 0xe4, 0xc8);
const SQUARE_LIGHT: Color32 = Color32::from_rgb(0x7a, 0x55, 0x34);
const SQUARE_DARK: Color32 = Color32::from_rgb(0x6a, 0x48, 0x2b);
const BOARD_EDGE: Color32 = Color32::from_rgb(0x1f, 0x14, 0x0d);
const GREEN: Color32 = Color32::from_rgb(0x6c, 0xe0, 0x74);
const RED: Color32 = Color32::from_rgb(0xf0, 0x5a, 0x48);
const FELT: Color32 = Color32::from_rgb(0x1f, 0x2e, 0x22);
/// The results of an attempt: success, wound, miss.
const SUCCESS: Color32 = Color32::from_rgb(0x5f, 0xb0, 0x62);
const WOUND: Color32 = Color32::from_rgb(0xc9, 0x4b, 0x3b);
const MISS: Color32 = Color32::from_rgb(0x8c, 0x7b, 0x66);
/// The same, as text on walnut.
const SUCCESS_TEXT: Color32 = Color32::from_rgb(0x8f, 0xd8, 0x8a);
const WOUND_TEXT: Color32 = Color32::from_rgb(0xf2, 0x8a, 0x76);
const MISS_TEXT: Color32 = Color32::from_rgb(0xc4, 0xb4, 0x9c);

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
            let size = size(&figure.drawing, room);
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

fn dashed_ring(painter: &egui::Painter, at: Pos2, radius: f32, width: f32) {
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
fn size(drawing: &Drawing, room: f32) -> Vec2 {
    match drawing {
        Drawing::Court(c) => court_size(c),
        Drawing::Hive(h) => hive_size(h),
        Drawing::Odds(_) => vec2(room.min(820.0), odds_height()),
        Drawing::Artifacts(a) => vec2(room, artifacts_height(a, room)),
    }
}

fn draw(ui: &mut egui::Ui, tr: &Tr, drawing: &Drawing, size: Vec2) {
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    if !ui.is_rect_visible(rect) {
        return;
    }
    let painter = ui.painter_at(rect.expand(8.0));
    match drawing {
        Drawing::Court(c) => court(&painter, rect, c),
        Drawing::Hive(h) => hive(&painter, rect, h),
        Drawing::Odds(o) => odds(&painter, rect, o, tr),
        Drawing::Artifacts(a) => artifacts(&painter, rect, a, tr),
    }
}

fn text(painter: &egui::Painter, at: Pos2, align: egui::Align2, s: &str, size: f32, c: Color32) {
    painter.text(at, align, s, egui::FontId::proportional(size), c);
}

// ---------------------------------------------------------------------------------------------
// Snēlab

/// The side of a square of the court.
const CELL: f32 = 34.0;
/// Room beside the court for a capture's payments.
const PAYMENTS_WIDTH: f32 = 190.0;

fn court_size(c: &CourtFigure) -> Vec2 {
    let board = vec2(
        f32::from(c.court.width()) * CELL,
        f32::from(c.court.height()) * CELL,
    );
    if c.payments.is_empty() {
        board
    } else {
        vec2(board.x + 24.0 + PAYMENTS_WIDTH, board.y)
    }
}

/// The woods of a side: the disc's body, its edge and its inlay.
fn snelab_wood(side: Side) -> (Color32, Color32, Color32) {
    match side {
        Side::South => (ASH_WOOD, ASH_EDGE, INK),
        Side::North => (WALNUT_WOOD, WALNUT_EDGE, BONE),
    }
}

/// A Snēlab piece: a turned wooden disc with its weight's numeral.
fn disc(painter: &egui::Painter, at: Pos2, r: f32, side: Side, weight: u8, fade: bool) {
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

fn court(painter: &egui::Painter, rect: Rect, c: &CourtFigure) {
    let (w, h) = (c.court.width(), c.court.height());
    let board = Rect::from_min_size(rect.min, vec2(f32::from(w) * CELL, f32::from(h) * CELL));
    // Forward is up for the side whose figure it is.
    let centre = |sq: Square| -> Pos2 {
        let row = match c.side {
            Side::South => h - 1 - sq.row,
            Side::North => sq.row,
        };
        let col = match c.side {
            Side::South => sq.file,
            Side::North => w - 1 - sq.file,
        };
        board.min + vec2((f32::from(col) + 0.5) * CELL, (f32::from(row) + 0.5) * CELL)
    };
    painter.rect_filled(board.expand(3.0), 5.0, BOARD_EDGE);
    for sq in c.court.squares() {
        let fill = if (sq.file + sq.row) % 2 == 0 {
            SQUARE_DARK
        } else {
            SQUARE_LIGHT
        };
        painter.rect_filled(
            Rect::from_center_size(centre(sq), Vec2::splat(CELL - 1.0)),
            1.5,
            fill,
        );
    }
    // Routes: the squares the piece passes, then the landing.
    for route in &c.routes {
        let colour = if route.capture { RED } else { GREEN };
        let points: Vec<Pos2> = route.squares.iter().map(|&sq| centre(sq)).collect();
        painter.add(egui::Shape::line(
            points.clone(),
            Stroke::new(4.0, colour.gamma_multiply(0.55)),
        ));
        for p in &points[1..points.len().saturating_sub(1)] {
            painter.circle_filled(*p, 3.0, colour.gamma_multiply(0.8));
        }
    }
    let r = CELL * 0.38;
    for p in &c.pieces {
        disc(
            painter,
            centre(p.square),
            r,
            p.piece.side,
            p.piece.weight(),
            p.role == Role::Other,
        );
    }
    for p in &c.pieces {
        let at = centre(p.square);
        match p.role {
            Role::Mover => {
                painter.circle_stroke(at, r + 4.0, Stroke::new(2.5, style::BRASS));
            }
            Role::Target => {
                painter.circle_stroke(at, r + 4.0, Stroke::new(3.0, RED));
            }
            Role::Payer => dashed_ring(painter, at, r + 4.0, 2.5),
            Role::Other => {}
        }
    }
    for route in &c.routes {
        if let Some(to) = route.landing()
            && !route.capture
        {
            painter.circle(
                centre(to),
                CELL * 0.17,
                GREEN,
                Stroke::new(1.5, Color32::from_rgb(0x1c, 0x3a, 0x1f)),
            );
        }
    }
    if !c.payments.is_empty() {
        payments(painter, board, c);
    }
}

/// The payments beside the court: each a row of the pieces removed, adding up to the cost.
fn payments(painter: &egui::Painter, board: Rect, c: &CourtFigure) {
    let weight_at = |sq: &Square| {
        c.pieces
            .iter()
            .find(|p| p.square == *sq)
            .map(|p| (p.piece.side, p.piece.weight()))
    };
    let cost = c
        .pieces
        .iter()
        .find(|p| p.role == Role::Target)
        .map_or(0, |p| p.piece.weight());
    let left = board.right() + 24.0;
    let row_h = 46.0;
    let top = board.center().y - row_h * c.payments.len() as f32 / 2.0;
    let r = 12.0;
    for (i, payment) in c.payments.iter().enumerate() {
        let y = top + row_h * (i as f32 + 0.5);
        let row = Rect::from_min_size(
            pos2(left, y - row_h / 2.0 + 4.0),
            vec2(PAYMENTS_WIDTH, row_h - 8.0),
        );
        painter.rect_filled(row, 8.0, style::WALNUT);
        let mut x = left + 14.0;
        for (k, sq) in payment.iter().enumerate() {
            if k > 0 {
                text(
                    painter,
                    pos2(x + 5.0, y),
                    egui::Align2::CENTER_CENTER,
                    "+",
                    18.0,
                    style::CREAM,
                );
                x += 16.0;
            }
            if let Some((side, weight)) = weight_at(sq) {
                disc(painter, pos2(x + r, y), r, side, weight, false);
            }
            x += 2.0 * r + 6.0;
        }
        text(
            painter,
            pos2(row.right() - 12.0, y),
            egui::Align2::RIGHT_CENTER,
            &format!("= {cost}"),
            19.0,
            GREEN,
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Ash & Walnut

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

fn panel_size(p: &HivePanel) -> Vec2 {
    let (x0, y0, x1, y1) = panel_bounds(p);
    vec2((x1 - x0 + 1.1) * UNIT, (y1 - y0 + 1.2) * UNIT)
}

fn hive_size(h: &HiveFigure) -> Vec2 {
    let sizes: Vec<Vec2> = h.panels.iter().map(panel_size).collect();
    let w: f32 =
        sizes.iter().map(|s| s.x).sum::<f32>() + PANEL_GAP * (sizes.len().saturating_sub(1)) as f32;
    let h = sizes.iter().map(|s| s.y).fold(0.0, f32::max);
    vec2(w, h)
}

fn hive(painter: &egui::Painter, rect: Rect, h: &HiveFigure) {
    let mut x = rect.left();
    for p in &h.panels {
        let size = panel_size(p);
        let area = Rect::from_min_size(pos2(x, rect.center().y - size.y / 2.0), size);
        panel(painter, area, p);
        x += size.x + PANEL_GAP;
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

fn carved(c: Creature) -> crate::carve::HiveCreature {
    use crate::carve::HiveCreature as C;
    match c {
        Creature::Elder => C::Elder,
        Creature::Owl => C::Owl,
        Creature::Hare => C::Hare,
        Creature::Fox => C::Fox,
        Creature::Otter => C::Otter,
    }
}

/// Fills a simple outline (given counter-clockwise with y up, in tile units) at `at`.
fn fill_outline(painter: &egui::Painter, at: Pos2, scale: f32, outline: &[[f32; 2]], c: Color32) {
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

/// The creature carved on a tile, drawn flat: the silhouette in the inlay, its details in the
/// wood, the eyes in whichever stands out.
fn creature(
    painter: &egui::Painter,
    at: Pos2,
    scale: f32,
    c: Creature,
    wood: Color32,
    inlay: Color32,
) {
    let picture = crate::carve::hive_picture(carved(c));
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

fn ccw(poly: &[[f32; 2]]) -> Vec<[f32; 2]> {
    let mut v = poly.to_vec();
    if crate::carve::mesh::area2(&v) < 0.0 {
        v.reverse();
    }
    v
}

fn tile(painter: &egui::Painter, at: Pos2, r: f32, t: &Tile) {
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
    creature(painter, at, UNIT * 1.05, t.creature, wood, inlay);
}

fn arrow_head(painter: &egui::Painter, tip: Pos2, dir: Vec2, size: f32, colour: Color32) {
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

fn panel(painter: &egui::Painter, area: Rect, p: &HivePanel) {
    let (x0, y0, x1, y1) = panel_bounds(p);
    let mid = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let at = |h: Hex| {
        let (x, y) = h.to_plane();
        area.center() + vec2((x - mid.0) * UNIT, (y - mid.1) * UNIT)
    };
    let r = UNIT * 0.54;
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
        tile(painter, at(t.hex), r, t);
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
        line[0] += first.normalized() * (UNIT * 0.3);
        let last = line[n - 1] - line[n - 2];
        line[n - 1] -= last.normalized() * (UNIT * 0.22);
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
            UNIT * 0.14,
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
