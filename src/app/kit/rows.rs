//! A list of rows in a window that shows whole rows only, newest at the bottom: the tables' move
//! lists. The window's height is that of the last rows that fit, set outright (egui would
//! otherwise give a scroll area whatever height its panel had last frame, which cut the first
//! row), so a list stuck to its end starts on a whole row, and a list scrolled by hand settles on
//! the nearest row's top once the wheel (or the drag) stops. Rows differ in height (a long one
//! wraps), so each is laid out first to know it. A sign may say, above the list, that earlier
//! rows are above it.

use bevy_egui::egui;
use std::sync::Arc;

/// One row: its words laid out, and what a pointer resting on it reads.
pub struct Row {
    pub galley: Arc<egui::Galley>,
    pub hover: Option<String>,
}

impl Row {
    /// `text` laid out to the width `ui` has, wrapped.
    pub fn wrapped(ui: &egui::Ui, text: impl Into<egui::WidgetText>, hover: Option<String>) -> Row {
        let galley = text.into().into_galley(
            ui,
            Some(egui::TextWrapMode::Wrap),
            ui.available_width(),
            egui::FontSelection::Default,
        );
        Row { galley, hover }
    }
}

/// How the window is drawn.
pub struct Window<'a> {
    /// What tells this window from others in the same panel.
    pub id: &'a str,
    /// The most the window shows before it scrolls, in points.
    pub max_height: f32,
    /// The scroll bar shown always (not only while the pointer is over the list).
    pub bar_always: bool,
    /// Said above the list while rows are above the window.
    pub above: Option<egui::RichText>,
}

impl Window<'_> {
    /// Draws `rows` in the window.
    pub fn show(self, ui: &mut egui::Ui, rows: Vec<Row>) {
        let gap = ui.spacing().item_spacing.y;
        let (height, tops) =
            whole_rows(rows.iter().map(|r| r.galley.size().y), gap, self.max_height);
        let id = ui.id().with(self.id);
        let snap_id = id.with("snap");
        let offset_id = id.with("offset");
        // Where the list stood at the last frame: it is not drawn yet in this one.
        let last: f32 = ui.ctx().data(|d| d.get_temp(offset_id)).unwrap_or(0.0);
        let signed = self.above.is_some();
        if let Some(sign) = self.above
            && last > 1.0
        {
            ui.label(sign);
        }
        let snap: Option<f32> = ui.ctx().data_mut(|d| d.remove_temp(snap_id));
        let mut area = egui::ScrollArea::vertical()
            .id_salt(self.id)
            .max_height(height)
            .min_scrolled_height(height)
            .content_margin(egui::Margin::ZERO)
            .auto_shrink([false, true])
            .stick_to_bottom(true);
        if self.bar_always {
            area =
                area.scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible);
        }
        if let Some(y) = snap {
            area = area.vertical_scroll_offset(y);
        }
        let out = area.show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = gap;
            for row in rows {
                let label = ui.label(row.galley);
                if let Some(hover) = row.hover {
                    label.on_hover_text(hover);
                }
            }
        });
        let y = out.state.offset.y;
        let idle = ui.input(|i| !i.pointer.any_down() && i.smooth_scroll_delta == egui::Vec2::ZERO)
            && out.state.velocity() == egui::Vec2::ZERO;
        if let Some(top) = nearest(&tops, y)
            && idle
            && (top - y).abs() > 0.5
        {
            ui.ctx().data_mut(|d| d.insert_temp(snap_id, top));
            ui.ctx().request_repaint();
        }
        if signed && (y > 1.0) != (last > 1.0) {
            // The sign comes or goes: once more, so the frame on show has it right.
            ui.ctx().request_repaint();
        }
        ui.ctx().data_mut(|d| d.insert_temp(offset_id, y));
    }
}

/// For rows of `heights` spaced by `gap`: the height of a window that shows the last rows
/// whole within `max` (at least the last row, however tall), and the top of each row.
pub fn whole_rows(heights: impl Iterator<Item = f32>, gap: f32, max: f32) -> (f32, Vec<f32>) {
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
    use super::*;

    #[test]
    fn the_window_holds_whole_rows_from_the_end() {
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
        assert_eq!(nearest(&[0.0, 21.0, 42.0], 30.0), Some(21.0));
        assert_eq!(nearest(&[], 30.0), None);
    }
}
