//! A small flat board of a position, drawn with egui: each cell a hexagon in its top piece's
//! wood with the creature drawn flat as on the rules pages (the stack's height beside it), and
//! chosen cells outlined (the first bad move of a record).

use crate::app::style;
use crate::rules::hive::{Colour, Hex, State};
use bevy_egui::egui;

/// Draws `state` in a box of `size` points; `marked` cells get a red outline.
pub fn board(ui: &mut egui::Ui, state: &State, marked: &[Hex], size: egui::Vec2) {
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 8.0, style::WALNUT_LIGHT);
    let mut cells: Vec<Hex> = state.board().tops().map(|(_, h)| h).collect();
    cells.extend_from_slice(marked);
    if cells.is_empty() {
        return;
    }
    let pts: Vec<(f32, f32)> = cells.iter().map(|h| h.to_plane()).collect();
    let (minx, maxx) = pts
        .iter()
        .fold((f32::MAX, f32::MIN), |a, p| (a.0.min(p.0), a.1.max(p.0)));
    let (miny, maxy) = pts
        .iter()
        .fold((f32::MAX, f32::MIN), |a, p| (a.0.min(p.1), a.1.max(p.1)));
    let span = ((maxx - minx + 1.2) / rect.width()).max((maxy - miny + 1.2) / rect.height());
    let unit = (1.0 / span.max(1e-3)).min(34.0);
    let centre = rect.center();
    let mid = ((minx + maxx) / 2.0, (miny + maxy) / 2.0);
    let at = |h: Hex| {
        let (x, y) = h.to_plane();
        centre + egui::vec2((x - mid.0) * unit, (y - mid.1) * unit)
    };
    let hexagon = |c: egui::Pos2, r: f32| -> Vec<egui::Pos2> {
        (0..6)
            .map(|i| {
                let a = std::f32::consts::PI / 3.0 * i as f32 + std::f32::consts::PI / 6.0;
                c + egui::vec2(a.cos() * r, a.sin() * r)
            })
            .collect()
    };
    let r = unit * 0.56;
    for (p, h) in state.board().tops() {
        let (fill, ink) = match p.colour() {
            Colour::Ash => (egui::Color32::from_rgb(0xdb, 0xbd, 0x8c), style::WALNUT),
            Colour::Walnut => (egui::Color32::from_rgb(0x5c, 0x38, 0x21), style::CREAM),
        };
        painter.add(egui::Shape::convex_polygon(
            hexagon(at(h), r),
            fill,
            egui::Stroke::new(1.0, style::WALNUT),
        ));
        // The creature as the carving draws it, in the tile's inlay colour.
        crate::app::hive::figures::creature(&painter, at(h), r * 1.9, p.creature(), fill, ink);
        let height = state.board().height(h);
        if height > 1 {
            painter.text(
                at(h) + egui::vec2(r * 0.55, -r * 0.55),
                egui::Align2::CENTER_CENTER,
                height.to_string(),
                egui::FontId::proportional(r * 0.5),
                style::BRASS,
            );
        }
    }
    for h in marked {
        painter.add(egui::Shape::closed_line(
            hexagon(at(*h), r * 1.08),
            egui::Stroke::new(2.5, egui::Color32::from_rgb(0xf0, 0x5a, 0x48)),
        ));
    }
}
