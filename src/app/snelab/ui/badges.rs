//! The words over the court: "can't pay", "can't move", the paid/cost badge, the ✔ on chosen
//! payers, the names of ranks ("Barrister · weight 3") for the piece under the pointer, the
//! focused one and the lifted one, and the names of the two Counters as the near player sees
//! them (what they are, on hover).
//!
//! Decisions where the spec is silent: no word over the court ever covers the lifted piece. A
//! name or the paid/cost badge goes in front of its piece, else behind it, else to a side,
//! whichever first clears the lifted piece as the camera sees it.

use super::{GREEN, RED};
use crate::app::kit::panel::Floating;
use crate::app::snelab::table::{Pick, Table, rank_tag};
use crate::app::snelab::view::{LIFT_ATTACKER, LIFT_SELECTED, PIECE_TOP, square_pos};
use crate::app::style;
use crate::i18n::Tr;
use crate::play::snelab::Phase;
use crate::rules::snelab::{Court, Side, Square};
use bevy::prelude::*;
use bevy_egui::egui;

/// Where a point of the table shows on the screen, in egui's points.
pub(super) use crate::app::kit::panel::on_screen;

pub(super) fn badge(
    ctx: &egui::Context,
    id: String,
    at: egui::Pos2,
    text: String,
    colour: egui::Color32,
) {
    badge_at(ctx, id, (at, egui::Align2::CENTER_CENTER), text, colour);
}

fn badge_at(
    ctx: &egui::Context,
    id: impl std::hash::Hash + std::fmt::Debug,
    (at, pivot): (egui::Pos2, egui::Align2),
    text: String,
    colour: egui::Color32,
) {
    Floating::at(id, at, pivot)
        .still()
        .frame(style::label_frame(225, 8, (7, 2)).stroke(egui::Stroke::new(1.5, colour)))
        .show(ctx, |ui| {
            ui.label(style::text(text, 15.0, colour).strong());
        });
}

/// The size a badge of `text` at `size` points takes on screen: the text, the frame's margin
/// (`margin` each side) and its stroke.
fn badge_size(ctx: &egui::Context, text: &str, size: f32, margin: egui::Vec2) -> egui::Vec2 {
    let galley = ctx.fonts_mut(|f| {
        f.layout_no_wrap(
            text.to_string(),
            egui::FontId::proportional(size),
            egui::Color32::WHITE,
        )
    });
    galley.size() + margin * 2.0 + egui::vec2(4.0, 4.0)
}

/// Where the lifted piece is on the screen: the box around its puck at the height it floats.
fn lifted_rect(
    camera: Option<crate::app::kit::panel::Eye<'_>>,
    court: Court,
    table: &Table,
) -> Option<egui::Rect> {
    let (from, lift) = match &table.pick {
        Pick::Selected { from, .. } => (*from, LIFT_SELECTED),
        Pick::Paying { from, .. } => (*from, LIFT_ATTACKER),
        Pick::Idle => return None,
    };
    let centre = square_pos(court, from);
    let mut points = Vec::with_capacity(8);
    for dx in [-0.5, 0.5] {
        for dz in [-0.5, 0.5] {
            for y in [lift, lift + PIECE_TOP] {
                points.push(on_screen(camera, centre + Vec3::new(dx, y, dz))?);
            }
        }
    }
    Some(egui::Rect::from_points(&points))
}

/// The first of `spots` (a point on the screen and which part of the label goes there) where a
/// label of `size` does not cover `avoid`; the first spot when each does (or nothing is to be
/// avoided).
pub(crate) fn clear_spot(
    spots: &[(egui::Pos2, egui::Align2)],
    size: egui::Vec2,
    avoid: Option<egui::Rect>,
) -> Option<(egui::Pos2, egui::Align2)> {
    let covers = |&(at, pivot): &(egui::Pos2, egui::Align2)| {
        avoid.is_some_and(|r| pivot.anchor_size(at, size).intersects(r))
    };
    spots.iter().find(|s| !covers(s)).or(spots.first()).copied()
}

/// The spots around the piece on `sq` for a label, best first: in front of it (below on the
/// screen), behind it (above), then to its right and its left. `up`: how high over the board
/// the label rides.
fn spots_around(
    camera: Option<crate::app::kit::panel::Eye<'_>>,
    court: Court,
    sq: Square,
    up: f32,
) -> Vec<(egui::Pos2, egui::Align2)> {
    let c = square_pos(court, sq) + Vec3::Y * up;
    [
        (Vec3::new(0.0, 0.0, 0.5), egui::Align2::CENTER_TOP),
        (Vec3::new(0.0, PIECE_TOP, -0.5), egui::Align2::CENTER_BOTTOM),
        (Vec3::new(0.5, 0.0, 0.0), egui::Align2::LEFT_CENTER),
        (Vec3::new(-0.5, 0.0, 0.0), egui::Align2::RIGHT_CENTER),
    ]
    .into_iter()
    .filter_map(|(d, pivot)| Some((on_screen(camera, c + d)?, pivot)))
    .collect()
}

/// A rank's name and weight by its piece: cream on walnut, quieter than the badges of the
/// payment.
fn rank_badge(
    ctx: &egui::Context,
    sq: Square,
    (at, pivot): (egui::Pos2, egui::Align2),
    text: String,
) {
    Floating::at(("snelab-rank", sq), at, pivot)
        .still()
        .order(egui::Order::Middle)
        .frame(style::label_frame(215, 6, (7, 1)).stroke(egui::Stroke::new(1.0, style::BRASS)))
        .show(ctx, |ui| {
            ui.label(style::cream(text, 14.0));
        });
}

/// The name of a row of the court, over the frame beyond it; what the rows are, on hover.
fn row_label(
    ctx: &egui::Context,
    tr: &Tr,
    row: u8,
    (at, pivot): (egui::Pos2, egui::Align2),
    text: &str,
) {
    Floating::at(("snelab-row", row), at, pivot)
        .order(egui::Order::Background)
        .frame(style::label_frame(190, 6, (8, 1)))
        .show(ctx, |ui| {
            ui.label(style::ash(text, 14.0))
                .on_hover_text(tr.t("snelab.row.about"));
        });
}

/// The words over the court: "can't pay", "can't move", the paid/cost badge, the ✔ on chosen
/// payers, the names of ranks, and the names of the two Counters as the near player sees them.
pub(super) fn badges(
    ctx: &egui::Context,
    tr: &Tr,
    table: &Table,
    camera: Option<crate::app::kit::panel::Eye<'_>>,
) {
    let court = table.pos().court();
    let above = |sq: Square, up: f32| on_screen(camera, square_pos(court, sq) + Vec3::Y * up);
    let hot_seat = table.names_sides();
    // The lobby and the verdict cover the court; a name poking out from under them is noise.
    if table.replay.is_none() && matches!(table.phase(), Phase::Lobby | Phase::Verdict(_)) {
        return;
    }
    // The Counters, named from the near side: the near one on the frame below its row, the far
    // one over the frame above the far row's pieces, so neither covers a piece. South's
    // Counter is row 0, North's the last; the court is turned for a person playing North.
    let mid = (court.width() - 1) / 2;
    let far_row = court.height() - 1;
    let near_side = crate::app::snelab::view::near_side(table);
    let home = |side: Side| if side == Side::South { 0u8 } else { far_row };
    let (near, far) = if hot_seat {
        let [a, b] = [
            tr.t("snelab.row.south_counter"),
            tr.t("snelab.row.north_counter"),
        ];
        if near_side == Side::South {
            (a, b)
        } else {
            (b, a)
        }
    } else {
        (
            tr.t("snelab.row.your_counter"),
            tr.t("snelab.row.your_bench"),
        )
    };
    // Toward the camera: +z seen from South, −z from North.
    let towards = if near_side == Side::South { 1.0 } else { -1.0 };
    for (row, text, d, pivot) in [
        (
            home(near_side),
            near,
            Vec3::new(0.0, 0.0, 0.8 * towards),
            egui::Align2::CENTER_TOP,
        ),
        (
            home(near_side.opponent()),
            far,
            Vec3::new(0.0, PIECE_TOP + 0.2, -0.62 * towards),
            egui::Align2::CENTER_BOTTOM,
        ),
    ] {
        if let Some(at) = on_screen(camera, square_pos(court, Square::new(mid, row)) + d) {
            row_label(ctx, tr, row, (at, pivot), text);
        }
    }
    let lifted = lifted_rect(camera, court, table);
    let lifted_sq = match &table.pick {
        Pick::Selected { from, .. } | Pick::Paying { from, .. } => Some(*from),
        Pick::Idle => None,
    };
    // The names of ranks: the piece under the pointer, the focused one and the lifted one, by
    // each (the piece carries only its numeral), never over the lifted piece.
    for (sq, piece) in table.named_pieces() {
        let text = tr.say(&rank_tag(piece));
        let size = badge_size(ctx, &text, 14.0, egui::vec2(7.0, 1.0));
        let avoid = lifted.filter(|_| Some(sq) != lifted_sq);
        let up = if Some(sq) == lifted_sq {
            match table.pick {
                Pick::Paying { .. } => LIFT_ATTACKER,
                _ => LIFT_SELECTED,
            }
        } else {
            0.0
        };
        if let Some(spot) = clear_spot(&spots_around(camera, court, sq, up), size, avoid) {
            rank_badge(ctx, sq, spot, text);
        }
    }
    if table.busy > 0.0 || table.phase() != Phase::Play {
        return;
    }
    match &table.pick {
        Pick::Selected { from, reach } => {
            for sq in &reach.cant_pay {
                if let Some(at) = above(*sq, 0.5) {
                    badge(
                        ctx,
                        format!("cant-{sq}"),
                        at,
                        tr.t("snelab.cant_pay").to_string(),
                        RED,
                    );
                }
            }
            // A lifted piece with nowhere to go says so over itself (the bar says why).
            if table.stuck().is_some()
                && let Some(at) = above(*from, LIFT_SELECTED + PIECE_TOP + 0.3)
            {
                badge_at(
                    ctx,
                    ("snelab-stuck", *from),
                    (at, egui::Align2::CENTER_BOTTOM),
                    tr.t("snelab.cant_move").to_string(),
                    RED,
                );
            }
        }
        Pick::Paying {
            to, chosen, state, ..
        } => {
            let text = format!("{} / {}", state.paid, state.cost);
            let colour = if state.is_complete() { GREEN } else { RED };
            let size = badge_size(ctx, &text, 15.0, egui::vec2(7.0, 2.0));
            let spots: Vec<_> = [
                (Vec3::new(0.0, 0.55, 0.0), egui::Align2::CENTER_CENTER),
                (Vec3::new(0.5, 0.3, 0.0), egui::Align2::LEFT_CENTER),
                (Vec3::new(-0.5, 0.3, 0.0), egui::Align2::RIGHT_CENTER),
            ]
            .into_iter()
            .filter_map(|(d, pivot)| Some((on_screen(camera, square_pos(court, *to) + d)?, pivot)))
            .collect();
            if let Some(spot) = clear_spot(&spots, size, lifted) {
                badge_at(ctx, "paid-cost", spot, text, colour);
            }
            for sq in chosen {
                if let Some(at) = above(*sq, 0.45) {
                    badge(ctx, format!("tick-{sq}"), at, "✔".into(), GREEN);
                }
            }
        }
        Pick::Idle => {}
    }
}

#[cfg(test)]
mod tests {
    use super::clear_spot;
    use bevy_egui::egui::{Align2, Rect, pos2, vec2};

    #[test]
    fn a_label_goes_to_the_first_spot_that_clears_the_lifted_piece() {
        let size = vec2(120.0, 20.0);
        let spots = [
            (pos2(400.0, 300.0), Align2::CENTER_TOP),
            (pos2(400.0, 250.0), Align2::CENTER_BOTTOM),
            (pos2(460.0, 275.0), Align2::LEFT_CENTER),
        ];
        // Nothing lifted: in front.
        assert_eq!(clear_spot(&spots, size, None), Some(spots[0]));
        // The lifted piece just below: behind the piece instead.
        let lifted = Rect::from_min_max(pos2(370.0, 305.0), pos2(430.0, 345.0));
        assert_eq!(clear_spot(&spots, size, Some(lifted)), Some(spots[1]));
        let chosen = clear_spot(&spots, size, Some(lifted)).unwrap();
        assert!(!chosen.1.anchor_size(chosen.0, size).intersects(lifted));
        // Below and above both taken: to the right.
        let tall = Rect::from_min_max(pos2(380.0, 200.0), pos2(420.0, 345.0));
        assert_eq!(clear_spot(&spots, size, Some(tall)), Some(spots[2]));
        // Nowhere clear: the first spot still shows it; no spot at all: nothing.
        let all = Rect::from_min_max(pos2(0.0, 0.0), pos2(1000.0, 1000.0));
        assert_eq!(clear_spot(&spots, size, Some(all)), Some(spots[0]));
        assert_eq!(clear_spot(&[], size, Some(all)), None);
    }
}
