//! Snēlab's figures on the rules pages: the court with its discs and routes, and a capture with
//! its payments, painted flat in the table's woods (the frame: `app::menu::figures`).

use crate::app::kit::Figure;
use crate::app::menu::figures::*;
use crate::app::style;
use crate::figures::Drawing;
use crate::figures::snelab::{CourtFigure, Role};
use crate::i18n::Tr;
use crate::rules::snelab::{Side, Square};
use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2, pos2, vec2};

/// The game's figures, for its `TableInfo`: a drawing of this game's, as a [`Figure`].
pub fn figure(drawing: &Drawing) -> Option<&dyn Figure> {
    match drawing {
        Drawing::Court(c) => Some(c),
        _ => None,
    }
}

/// The side of a square of the court.
const CELL: f32 = 34.0;
/// Room beside the court for a capture's payments.
const PAYMENTS_WIDTH: f32 = 190.0;

impl Figure for CourtFigure {
    fn size(&self, _: f32) -> Vec2 {
        let c = self;
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

    fn paint(&self, painter: &egui::Painter, rect: Rect, _: &Tr) {
        let c = self;
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
