//! The side panel: the purse, the table and stake, the opponent, which side is yours, each
//! side's Bar (explained on hover), Resign (for the person to act; it asks first), and the move
//! list, scrolled by whole rows.

use super::Panel;
use super::lobby::opponent_key;
use crate::app::snelab::table::Intent;
use crate::app::style;
use crate::play::snelab::purse::STAKE;
use crate::play::snelab::{Phase, Stakes};
use crate::rules::snelab::Side;
use bevy_egui::egui;

pub(super) fn side_panel(p: Panel) {
    let (ctx, tr, table, send) = p.parts();
    style::side_panel(ctx, "snelab-side", 210.0, |ui| {
        ui.label(style::brass(
            tr.tf(
                "snelab.purse",
                &[("coins", &table.purse.coins().to_string())],
            ),
            19.0,
        ));
        if let Some(case) = table.open_case().copied() {
            let kind = match case.stakes {
                Stakes::Casino => tr.t("snelab.casino"),
                Stakes::Street => tr.t("snelab.street"),
            };
            ui.label(style::muted(
                tr.tf(
                    "snelab.on_table",
                    &[("table", kind), ("stake", &STAKE.to_string())],
                ),
                14.0,
            ));
            let vs = opponent_key(table.setup.opponent);
            let vs = tr.t(&vs);
            ui.label(style::muted(tr.tf("snelab.versus", &[("who", vs)]), 14.0));
            // Which pieces are the player's.
            let you = if table.hot_seat() {
                "snelab.you_play.hot_seat"
            } else if table.setup.owner == Side::South {
                "snelab.you_play.south"
            } else {
                "snelab.you_play.north"
            };
            ui.label(style::cream(tr.t(you), 14.0));
            // Each side's Bar: the pieces it still has and their weight.
            ui.add_space(2.0);
            let pos = table.pos();
            let mut sides = [table.setup.owner, table.setup.owner.opponent()];
            if table.setup.opponent == crate::play::Seat::Person {
                sides = Side::BOTH;
            }
            for side in sides {
                let key = if side == table.setup.owner
                    && table.setup.opponent != crate::play::Seat::Person
                {
                    "snelab.bar.yours"
                } else {
                    "snelab.bar.side"
                };
                ui.label(style::ash(
                    tr.tf(
                        key,
                        &[
                            ("side", super::side_name(tr, side)),
                            ("pieces", &pos.count(side).to_string()),
                            ("weight", &pos.total_weight(side).to_string()),
                        ],
                    ),
                    14.0,
                ))
                .on_hover_text(tr.t("snelab.bar.about"));
            }
            ui.label(style::muted(tr.t("snelab.bar.short"), 12.5))
                .on_hover_text(tr.t("snelab.bar.about"));
            if table.phase() == Phase::Play {
                ui.add_space(4.0);
                let can = table.person_to_move() && !table.resigning;
                let resign =
                    egui::Button::new(egui::RichText::new(tr.t("snelab.resign")).size(15.0));
                if ui
                    .add_enabled(can, resign)
                    .on_hover_text(tr.t("snelab.resign.hint"))
                    .clicked()
                {
                    send(Intent::AskResign);
                }
            }
        }
        let in_case = matches!(table.phase(), Phase::Play | Phase::Verdict(_));
        if table.actions().is_empty() || !in_case {
            return;
        }
        ui.separator();
        ui.label(egui::RichText::new(tr.t("snelab.moves")).color(style::CREAM));
        move_rows(ui, &table.move_list());
    });
}

/// The most the move list shows before it scrolls, in points.
const MOVES_HEIGHT: f32 = 300.0;

/// The move list, newest at the bottom. Its window shows whole rows only: its height is that of
/// the last rows that fit, set outright (egui would otherwise give a scroll area whatever height
/// its panel had last frame, which cut the first row), so a list stuck to its end starts on a
/// whole row, and a list scrolled
/// by hand settles on the nearest row's top once the wheel (or the drag) stops. A row is one
/// pair of moves; a long one wraps, so rows differ in height, and each is laid out first to
/// know it.
fn move_rows(ui: &mut egui::Ui, lines: &[String]) {
    let font = egui::FontId::monospace(14.0);
    let width = ui.available_width();
    let gap = ui.spacing().item_spacing.y;
    let galleys: Vec<_> = lines
        .iter()
        .map(|l| {
            ui.ctx()
                .fonts_mut(|f| f.layout(l.clone(), font.clone(), style::ASH, width))
        })
        .collect();
    let (height, tops) = whole_rows(galleys.iter().map(|g| g.size().y), gap, MOVES_HEIGHT);
    let id = ui.id().with("snelab-moves");
    let snap: Option<f32> = ui.ctx().data_mut(|d| d.remove_temp(id));
    let mut area = egui::ScrollArea::vertical()
        .id_salt("snelab-moves")
        .max_height(height)
        .min_scrolled_height(height)
        .content_margin(egui::Margin::ZERO)
        .auto_shrink([false, true])
        .stick_to_bottom(true);
    if let Some(y) = snap {
        area = area.vertical_scroll_offset(y);
    }
    let out = area.show(ui, |ui| {
        ui.spacing_mut().item_spacing.y = gap;
        for g in galleys {
            ui.label(g);
        }
    });
    let y = out.state.offset.y;
    let idle = ui.input(|i| !i.pointer.any_down() && i.smooth_scroll_delta == egui::Vec2::ZERO)
        && out.state.velocity() == egui::Vec2::ZERO;
    if let Some(top) = nearest(&tops, y)
        && idle
        && (top - y).abs() > 0.5
    {
        ui.ctx().data_mut(|d| d.insert_temp(id, top));
        ui.ctx().request_repaint();
    }
}

/// For rows of `heights` spaced by `gap`: the height of a window that shows the last rows
/// whole within `max` (at least the last row, however tall), and the top of each row.
pub(crate) fn whole_rows(
    heights: impl Iterator<Item = f32>,
    gap: f32,
    max: f32,
) -> (f32, Vec<f32>) {
    let heights: Vec<f32> = heights.collect();
    let mut tops = Vec::with_capacity(heights.len());
    let mut y = 0.0;
    for h in &heights {
        tops.push(y);
        y += h + gap;
    }
    let mut window = 0.0;
    for (i, h) in heights.iter().rev().enumerate() {
        let taller = if i == 0 { *h } else { window + gap + h };
        if i > 0 && taller > max {
            break;
        }
        window = taller;
    }
    (window, tops)
}

/// The row top nearest to `y`.
fn nearest(tops: &[f32], y: f32) -> Option<f32> {
    tops.iter()
        .copied()
        .min_by(|a, b| (a - y).abs().total_cmp(&(b - y).abs()))
}

#[cfg(test)]
mod tests {
    use super::whole_rows;

    #[test]
    fn the_move_window_holds_whole_rows_from_the_end() {
        // Twenty rows of 17 points, 4 apart: 14 fit in 300 (14 × 17 + 13 × 4 = 290).
        let (h, tops) = whole_rows(std::iter::repeat_n(17.0, 20), 4.0, 300.0);
        assert_eq!(h, 290.0);
        assert_eq!(tops[1], 21.0);
        // Stuck to the end, the window starts on a row's top.
        let content = 20.0 * 17.0 + 19.0 * 4.0;
        assert!(tops.contains(&(content - h)), "{}", content - h);
        // A wrapped (taller) row among them: still the top of a row.
        let heights = [17.0, 17.0, 34.0, 17.0, 34.0, 17.0, 17.0, 34.0, 17.0];
        let (h, tops) = whole_rows(heights.into_iter(), 4.0, 100.0);
        let content: f32 = heights.iter().sum::<f32>() + 8.0 * 4.0;
        assert!(h <= 100.0 && tops.contains(&(content - h)), "{h}");
        // Fewer rows than fit: all of them; one row taller than the window: that row.
        assert_eq!(whole_rows([17.0, 17.0].into_iter(), 4.0, 300.0).0, 38.0);
        assert_eq!(whole_rows([400.0].into_iter(), 4.0, 300.0).0, 400.0);
        assert_eq!(whole_rows(std::iter::empty(), 4.0, 300.0).0, 0.0);
    }
}
