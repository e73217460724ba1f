//! The look of every egui panel: walnut panels, cream text and brass accents, sized for reading
//! at a table rather than in a debug overlay.

use bevy::asset::AssetEventSystems;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, CornerRadius, FontFamily, FontId, Stroke, TextStyle};
use bevy_egui::{
    EguiContext, EguiContexts, EguiPostUpdateSet, EguiPreUpdateSet, EguiPrimaryContextPass,
};

pub const WALNUT: Color32 = Color32::from_rgb(0x2a, 0x1c, 0x13);
pub const WALNUT_LIGHT: Color32 = Color32::from_rgb(0x3d, 0x2a, 0x1d);
pub const ASH: Color32 = Color32::from_rgb(0xe9, 0xd8, 0xb8);
pub const CREAM: Color32 = Color32::from_rgb(0xf3, 0xe7, 0xd0);
pub const BRASS: Color32 = Color32::from_rgb(0xd0, 0xa2, 0x4c);
pub const MUTED: Color32 = Color32::from_rgb(0xb9, 0xa5, 0x86);
/// Good news in words and dots: connected, a hit, a check that holds.
pub const GREEN: Color32 = Color32::from_rgb(0x6c, 0xe0, 0x74);
/// Bad news: lost, a miss, a check that fails.
pub const RED: Color32 = Color32::from_rgb(0xf0, 0x5a, 0x48);

/// [`GREEN`] in the marks' palette: with colour-safe marks on, the marks' own safe green (sky
/// blue, `marks::colours::SAFE_GREEN`), for words that stand beside the marks (a capture's
/// odds, the dice's legend).
pub fn good() -> Color32 {
    if crate::app::marks::safe_marks() {
        color32(crate::app::marks::colours::SAFE_GREEN)
    } else {
        GREEN
    }
}

/// [`RED`] in the marks' palette: with colour-safe marks on, the marks' safe red (reddish
/// purple, `marks::colours::SAFE_RED`).
pub fn bad() -> Color32 {
    if crate::app::marks::safe_marks() {
        color32(crate::app::marks::colours::SAFE_RED)
    } else {
        RED
    }
}

/// A Bevy colour as egui's (sRGB, opaque).
fn color32(c: bevy::prelude::Color) -> Color32 {
    let [r, g, b, _] = c.to_srgba().to_u8_array();
    Color32::from_rgb(r, g, b)
}
/// Wait and see: connecting, the other player away.
pub const AMBER: Color32 = Color32::from_rgb(0xf0, 0xb0, 0x48);

/// A translucent walnut frame for panels floating over the table.
pub fn panel_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(Color32::from_rgba_unmultiplied(0x24, 0x18, 0x10, 236))
        .stroke(Stroke::new(1.5, Color32::from_rgb(0x6b, 0x4a, 0x2c)))
        .corner_radius(CornerRadius::same(14))
        .inner_margin(egui::Margin::same(22))
        .shadow(egui::epaint::Shadow {
            offset: [0, 6],
            blur: 24,
            spread: 0,
            color: Color32::from_black_alpha(110),
        })
}

/// A walnut panel in the middle of the screen (a lobby, a question, a verdict), its contents
/// centred in a column of a fixed width: every table's centre panels are this one shape.
#[derive(Clone, Copy, Debug)]
pub struct CentrePanel {
    id: &'static str,
    width: f32,
    y: f32,
    order: egui::Order,
}

impl CentrePanel {
    /// A panel named `id` (egui keeps its state by it), `width` points wide, at the centre.
    pub fn new(id: &'static str, width: f32) -> CentrePanel {
        CentrePanel {
            id,
            width,
            y: 0.0,
            order: egui::Order::Middle,
        }
    }

    /// Moved `y` points down from the centre (up when negative).
    pub fn at(self, y: f32) -> CentrePanel {
        CentrePanel { y, ..self }
    }

    /// A panel `width` points wide, `y` points from the centre, above the other panels (a
    /// question or a verdict that covers the bars).
    pub fn covering(id: &'static str, width: f32, y: f32) -> CentrePanel {
        CentrePanel {
            y,
            order: egui::Order::Foreground,
            ..CentrePanel::new(id, width)
        }
    }

    /// Shows the panel with `add` drawing its centred column.
    /// On a compact screen it is no wider than the screen and no taller, in the middle,
    /// scrolling what does not fit; in the middle of what a lesson's panel in the left column
    /// ([`note_left_column`]) leaves, so that the lesson's words stay in sight.
    pub fn show(self, ctx: &egui::Context, add: impl FnOnce(&mut egui::Ui)) {
        let screen = ctx.content_rect();
        let compact = compact(ctx);
        let (width, x, y) = match left_column(ctx) {
            Some(right) => {
                let (left, end) = (right + 8.0, screen.right() - 16.0);
                (
                    self.width.min(end - left - 44.0),
                    (left + end) / 2.0 - screen.center().x,
                    0.0,
                )
            }
            None if compact => (self.width.min(screen.width() - 32.0 - 44.0), 0.0, 0.0),
            None => (self.width, 0.0, self.y),
        };
        egui::Area::new(egui::Id::new(self.id))
            .anchor(egui::Align2::CENTER_CENTER, [x, y])
            .order(self.order)
            .show(ctx, |ui| {
                panel_frame().show(ui, |ui| {
                    ui.set_width(width);
                    if compact {
                        // The area's room is its last size (egui): told the screen's, or a
                        // panel whose contents grew (its buttons stacked) would keep its
                        // first height and hide them.
                        let most = screen.height() - 16.0 - 44.0;
                        egui::ScrollArea::vertical()
                            .max_height(most)
                            .min_scrolled_height(most)
                            .show(ui, |ui| ui.vertical_centered(add));
                    } else {
                        ui.vertical_centered(add);
                    }
                });
            });
    }
}

/// The margin inside a page's frame ([`page`]): narrower on a compact screen.
fn page_margin(compact: bool) -> i8 {
    if compact { 14 } else { 22 }
}

/// A page that takes the screen from `top` points down (a menu page, Online, a player's page),
/// in an area named `id`: at most `max_width` points wide with room at the sides, or on a
/// compact screen nearer the top with narrower margins. `add` draws it, told whether the screen
/// is compact; what is under its header goes in [`page_body`], which scrolls what does not fit.
pub fn page(
    ctx: &egui::Context,
    id: &str,
    max_width: f32,
    top: f32,
    add: impl FnOnce(&mut egui::Ui, bool),
) {
    let screen = ctx.content_rect();
    let compact = compact(ctx);
    let margin = page_margin(compact);
    let top = if compact { 10.0 } else { top };
    let width = (screen.width() - 2.0 * (8.0 + f32::from(margin))).clamp(300.0, max_width);
    egui::Area::new(egui::Id::new(id))
        // Anchored to the top: an area's room to grow is measured from where it starts. Never
        // pushed up by egui where it was taller than the screen (a page's first pass, before
        // its body knows to scroll): the body's room is measured from where the page stands.
        .anchor(egui::Align2::CENTER_TOP, [0.0, top])
        .constrain(false)
        // The first frame measures the page within this size, and the page keeps what it was
        // given then: the whole screen below the anchor, so a long page gets its full height.
        .default_size([width + 60.0, screen.height() - top])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::same(margin))
                .show(ui, |ui| {
                    ui.set_width(width);
                    add(ui, compact);
                });
        });
}

/// The width of `text` on a button on one line (without the button's padding).
pub fn button_words_width(ui: &egui::Ui, text: impl Into<egui::WidgetText>) -> f32 {
    words_width(ui, text, egui::TextStyle::Button)
}

/// The width of `text` on one line in the text style `look` (where its words have no size of
/// their own).
pub fn words_width(ui: &egui::Ui, text: impl Into<egui::WidgetText>, look: egui::TextStyle) -> f32 {
    text.into()
        .into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, look)
        .size()
        .x
}

/// A button at a [`page`]'s header (Back): a big one, or on a `compact` screen one at the
/// buttons' size.
pub fn page_button(text: impl Into<String>, compact: bool) -> egui::Button<'static> {
    if compact {
        egui::Button::new(cream(text, 16.0)).min_size(egui::vec2(100.0, 30.0))
    } else {
        big_button(text)
    }
}

/// What is under a [`page`]'s header, in a box as high as the screen leaves (the page's margin
/// and a gap kept at the bottom) that scrolls what does not fit: always on a compact screen, and
/// on a larger one where the page was longer than that when last drawn (Settings with the key's
/// section at 1280×720); a page that fits there is drawn as it is, without a scroll bar.
pub fn page_body(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let compact = compact(ui.ctx());
    let bottom = ui.ctx().content_rect().bottom();
    let room = bottom - 8.0 - f32::from(page_margin(compact)) - ui.cursor().top();
    let id = ui.id().with("page-body-height");
    let last: f32 = ui.ctx().data(|d| d.get_temp(id)).unwrap_or(0.0);
    let height = if compact || last > room {
        egui::ScrollArea::vertical()
            .id_salt("page-body")
            .max_height(room.max(60.0))
            .auto_shrink([false, true])
            .show(ui, add)
            .content_size
            .y
    } else {
        let top = ui.cursor().top();
        add(ui);
        ui.min_rect().bottom() - top
    };
    ui.ctx().data_mut(|d| d.insert_temp(id, height));
}

/// Whether the screen is small in points, under [`COMPACT`] (a larger interface scale, a small
/// window): the tables then fold their side panels to a button, narrow their bars and title,
/// and keep the board's middle free.
pub fn compact(ctx: &egui::Context) -> bool {
    is_compact(ctx.content_rect().size())
}

/// The smallest screen, in points, drawn with the full layout: 1280×720 at scale 1.25 still is,
/// at 1.5 it is compact.
pub const COMPACT: egui::Vec2 = egui::vec2(960.0, 540.0);

/// Whether a screen of `size` points is drawn compact ([`compact`]).
pub fn is_compact(size: egui::Vec2) -> bool {
    size.x < COMPACT.x || size.y < COMPACT.y
}

/// The widest screen, in points, drawn narrow ([`narrow`]): a phone held upright (390 points
/// wide) is; a phone on its side, a tablet and 1280×720 at scale 2 (640) are not.
pub const NARROW: f32 = 560.0;

/// Whether the screen is narrow (a phone held upright): panels that stand side by side on a
/// compact screen stand one over the other, and rows of buttons wrap.
pub fn narrow(ctx: &egui::Context) -> bool {
    is_narrow(ctx.content_rect().size())
}

/// Whether a screen of `size` points is drawn narrow ([`narrow`]).
pub fn is_narrow(size: egui::Vec2) -> bool {
    size.x < NARROW
}

/// Where the bars at the top of a table end, in points: the side panels and the players' panel
/// start under it (lower on a full screen, where the title is larger).
/// Under a strip that has a row of its own below the bars ([`note_top_strip`], an online
/// table's status on a narrow screen), 8 points under it.
pub fn top_row(ctx: &egui::Context) -> f32 {
    let row = if compact(ctx) { 64.0 } else { 84.0 };
    // Under the table's title and buttons as last drawn too: taller with touch-sized targets.
    let bars = ["table-bar", "table-buttons"]
        .into_iter()
        .filter_map(|id| ctx.memory(|m| m.area_rect(egui::Id::new(id))))
        .fold(row, |row: f32, bar| row.max(bar.bottom() + 8.0));
    noted_rect(ctx, top_strip_id()).map_or(bars, |strip| bars.max(strip.bottom() + 8.0))
}

fn top_strip_id() -> egui::Id {
    egui::Id::new("top-strip")
}

fn players_panel_id() -> egui::Id {
    egui::Id::new("players-panel")
}

/// Notes `rect` under `id` as drawn in this pass.
fn note_rect(ctx: &egui::Context, id: egui::Id, rect: egui::Rect) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp::<(u64, egui::Rect)>(id, (pass, rect)));
}

/// The rectangle noted under `id` in this pass or the last.
fn noted_rect(ctx: &egui::Context, id: egui::Id) -> Option<egui::Rect> {
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|d| d.get_temp::<(u64, egui::Rect)>(id))
        .filter(|(was, _)| pass <= was + 1)
        .map(|(_, rect)| rect)
}

/// Notes a strip drawn in a row of its own under the table's top bars, at `rect`: the panels
/// under the bars ([`top_row`]) start under it.
pub fn note_top_strip(ctx: &egui::Context, rect: egui::Rect) {
    note_rect(ctx, top_strip_id(), rect);
}

/// Notes the players' panel at the top left of a table, at `rect`: on a narrow screen a panel
/// at the right that would reach over it ([`folded_panel`]) starts under it.
pub fn note_players_panel(ctx: &egui::Context, rect: egui::Rect) {
    note_rect(ctx, players_panel_id(), rect);
}

fn bar_top_id() -> egui::Id {
    egui::Id::new("bottom-bar-top")
}

/// The highest top of the panels along the table's bottom (its bar, a hand of cards) drawn
/// this pass and the last: (the pass, this pass's, the last pass's).
type BarTops = (u64, Option<f32>, Option<f32>);

/// Notes a panel along the table's bottom, its top at `top`: the Hint and a side panel folded
/// open keep above it ([`bottom_bar_top`]).
pub fn note_bottom_panel(ctx: &egui::Context, top: f32) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| {
        let tops = d.get_temp::<BarTops>(bar_top_id()).unwrap_or_default();
        d.insert_temp::<BarTops>(bar_top_id(), noted(tops, pass, top));
    });
}

/// `tops` with a bottom panel's `top` noted in the pass `pass`.
fn noted((was, this, last): BarTops, pass: u64, top: f32) -> BarTops {
    let (this, last) = if was == pass {
        (Some(this.map_or(top, |t| t.min(top))), last)
    } else if was + 1 == pass {
        (Some(top), this)
    } else {
        (Some(top), None)
    };
    (pass, this, last)
}

/// The bottom panels' top as read in the pass `pass`: the last whole pass's, or in a pass
/// after one without any, what this pass noted so far.
fn highest((was, this, last): BarTops, pass: u64) -> Option<f32> {
    if was == pass {
        last.or(this)
    } else if was + 1 == pass {
        this
    } else {
        None
    }
}

/// Notes the area named `id` as a panel along the table's bottom ([`note_bottom_panel`]), as
/// drawn this pass: call it after the area is shown.
pub fn note_bottom_area(ctx: &egui::Context, id: &str) {
    if let Some(r) = ctx.memory(|m| m.area_rect(egui::Id::new(id))) {
        note_bottom_panel(ctx, r.top());
    }
}

/// The top of the panels along the table's bottom as last drawn ([`note_bottom_panel`]; the
/// screen's bottom when there are none).
pub fn bottom_bar_top(ctx: &egui::Context) -> f32 {
    let pass = ctx.cumulative_pass_nr();
    let tops = ctx
        .data(|d| d.get_temp::<BarTops>(bar_top_id()))
        .unwrap_or_default();
    highest(tops, pass).unwrap_or(ctx.content_rect().bottom())
}

/// The bar along the bottom of a table (whose turn, the hint, the table's buttons): a walnut
/// strip at least `min_width` wide (never wider than the screen leaves), its contents centred.
pub fn bottom_bar(
    ctx: &egui::Context,
    id: &'static str,
    min_width: f32,
    add: impl FnOnce(&mut egui::Ui),
) {
    let screen = ctx.content_rect();
    // Right of a panel that takes the left column of a compact screen (a lesson's), filling
    // the room it leaves; centred along the bottom elsewhere.
    let beside = left_column(ctx);
    let (area, room) = match beside {
        Some(right) => (
            egui::Area::new(egui::Id::new(id)).anchor(egui::Align2::RIGHT_BOTTOM, [-14.0, -14.0]),
            beside_column(screen, right),
        ),
        None => (
            egui::Area::new(egui::Id::new(id)).anchor(egui::Align2::CENTER_BOTTOM, [0.0, -14.0]),
            screen.width() - 2.0 * 16.0 - 2.0 * 20.0,
        ),
    };
    let min_width = if beside.is_some() { room } else { min_width };
    let shown = area.show(ctx, |ui| {
        panel_frame()
            .inner_margin(egui::Margin::symmetric(20, 10))
            .show(ui, |ui| {
                ui.set_min_width(min_width.min(room));
                ui.set_max_width(room.max(min_width.min(room)));
                ui.vertical_centered(add);
            });
    });
    note_bottom_panel(ctx, shown.response.rect.top());
}

fn left_column_id() -> egui::Id {
    egui::Id::new("left-column-right")
}

/// Notes a panel that takes the left of a compact screen from the top bars down to its bottom
/// (a lesson's), its right edge at `right`: the bottom bar ([`bottom_bar`]) stands right of it.
pub fn note_left_column(ctx: &egui::Context, right: f32) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp::<(u64, f32)>(left_column_id(), (pass, right)));
}

/// The right edge of the left column's panel noted in this pass or the last
/// ([`note_left_column`]), on a compact screen (none elsewhere, where nothing stands beside it).
pub fn left_column(ctx: &egui::Context) -> Option<f32> {
    if !compact(ctx) {
        return None;
    }
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|d| d.get_temp::<(u64, f32)>(left_column_id()))
        .filter(|(was, _)| pass <= was + 1)
        .map(|(_, right)| right)
}

/// The contents' width of the bottom bar on a `screen` right of a left column ending at
/// `right`: 8 points apart from it, 14 from the screen's edge, less the bar's 20-point sides
/// and its stroke.
fn beside_column(screen: egui::Rect, right: f32) -> f32 {
    (screen.right() - 14.0 - (right + 8.0) - 2.0 * 20.0 - 2.0).max(120.0)
}

/// The panel at the top right of a table (the move list, the case's stakes): `width` wide. On a
/// compact screen it is folded to a button with `title` (open, it keeps above the bottom bar and
/// scrolls what does not fit).
pub fn side_panel(
    ctx: &egui::Context,
    id: &'static str,
    width: f32,
    title: &str,
    add: impl FnOnce(&mut egui::Ui),
) {
    let compact = compact(ctx);
    let folded = fold(
        ctx,
        egui::Id::new(id),
        (width, top_row(ctx)),
        title,
        compact,
        add,
    );
    if let Some(bottom) = folded {
        let pass = ctx.cumulative_pass_nr();
        ctx.data_mut(|d| d.insert_temp::<(u64, f32)>(side_bottom_id(), (pass, bottom)));
    }
}

fn side_bottom_id() -> egui::Id {
    egui::Id::new("side-panel-bottom")
}

/// On a compact screen, where a panel at the right starts under the side panel's button
/// ([`side_panel`], folded or not: its button's place), 8 points apart; under the table's top
/// bars where no side panel was drawn in this pass or the last.
pub fn below_side_panel(ctx: &egui::Context) -> f32 {
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|d| d.get_temp::<(u64, f32)>(side_bottom_id()))
        .filter(|(was, _)| pass <= was + 1)
        .map_or(top_row(ctx), |(_, bottom)| bottom + 8.0)
}

/// On a compact screen, a panel at the right under the side panel's button
/// ([`below_side_panel`]), folded to a button with `title` (open, `width` wide at most, it keeps
/// above the bottom bar and scrolls what does not fit): a replay's review.
pub fn folded_panel(
    ctx: &egui::Context,
    id: egui::Id,
    width: f32,
    title: &str,
    add: impl FnOnce(&mut egui::Ui),
) {
    fold(ctx, id, (width, below_side_panel(ctx)), title, true, add);
}

/// A panel named `id` at the top right, `top` points down: `width` wide, or `folded` to a
/// button with `title` that opens it (then at most 45 % of the screen wide, above the bottom
/// bar, scrolling). Where folded, the bottom of its frame around the button alone.
fn fold(
    ctx: &egui::Context,
    id: egui::Id,
    (width, top): (f32, f32),
    title: &str,
    folded: bool,
    add: impl FnOnce(&mut egui::Ui),
) -> Option<f32> {
    let open_id = egui::Id::new((id, "open"));
    let open = !folded || ctx.data(|d| d.get_temp::<bool>(open_id)).unwrap_or(false);
    // On a narrow screen, under the players' panel where it would reach over it (as both were
    // last drawn): the replay's review beside the chess players' box.
    let top = match (narrow(ctx), noted_rect(ctx, players_panel_id())) {
        (true, Some(players)) => {
            let screen = ctx.content_rect();
            let width = ctx
                .memory(|m| m.area_rect(id))
                .map_or(0.0, |last| last.width());
            let left = screen.right() - 16.0 - width;
            if players.right() > left && players.bottom() > top {
                players.bottom() + 8.0
            } else {
                top
            }
        }
        _ => top,
    };
    let (margin_x, margin_y) = (16, 12);
    let mut button_bottom = None;
    egui::Area::new(id)
        // No fade as it appears (a fade asks egui for frame after frame: `app::calm`).
        .fade_in(false)
        .anchor(egui::Align2::RIGHT_TOP, [-16.0, top])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(margin_x, margin_y))
                .show(ui, |ui| {
                    if !folded {
                        ui.set_width(width);
                        add(ui);
                        return;
                    }
                    let arrow = if open { "▴" } else { "▾" };
                    let button =
                        ui.button(egui::RichText::new(format!("{title} {arrow}")).size(15.0));
                    button_bottom = Some(button.rect.bottom() + f32::from(margin_y) + 1.5);
                    if button.clicked() {
                        ctx.data_mut(|d| d.insert_temp(open_id, !open));
                    }
                    if open {
                        let screen = ctx.content_rect();
                        ui.set_width(width.min(screen.width() * 0.45));
                        let room = bottom_bar_top(ctx) - ui.cursor().top() - 12.0 - 10.0;
                        egui::ScrollArea::vertical()
                            .max_height(room.max(40.0))
                            .show(ui, add);
                    }
                });
        });
    button_bottom
}

/// A panel's title: large, brass and strong.
pub fn title(ui: &mut egui::Ui, text: impl Into<String>, size: f32) -> egui::Response {
    ui.label(
        egui::RichText::new(text.into())
            .size(size)
            .color(BRASS)
            .strong(),
    )
}

/// A panel's words: `size` points in `colour`.
pub fn text(text: impl Into<String>, size: f32, colour: Color32) -> egui::RichText {
    egui::RichText::new(text).size(size).color(colour)
}

/// Words in the muted colour (a hint, a legend, a line under a title).
pub fn muted(words: impl Into<String>, size: f32) -> egui::RichText {
    text(words, size, MUTED)
}

/// Words in brass (a heading, what matters now).
pub fn brass(words: impl Into<String>, size: f32) -> egui::RichText {
    text(words, size, BRASS)
}

/// Words in cream (the panels' ordinary text).
pub fn cream(words: impl Into<String>, size: f32) -> egui::RichText {
    text(words, size, CREAM)
}

/// Words in ash (a second colour beside cream).
pub fn ash(words: impl Into<String>, size: f32) -> egui::RichText {
    text(words, size, ASH)
}

/// A row of a list: every other one a shade lighter.
pub fn stripe(i: usize) -> egui::Frame {
    let fill = if i.is_multiple_of(2) {
        egui::Color32::from_white_alpha(6)
    } else {
        egui::Color32::TRANSPARENT
    };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(6)
        .inner_margin(egui::Margin::symmetric(6, 3))
}

/// A row ended by a button at its right (what `button` adds, and answers), `rest` laid out
/// from the left in the width the button leaves.
pub fn ended_by<R>(
    ui: &mut egui::Ui,
    button: impl FnOnce(&mut egui::Ui) -> R,
    rest: impl FnOnce(&mut egui::Ui),
) -> R {
    ui.horizontal(|ui| {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let answer = button(ui);
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), rest);
            answer
        })
        .inner
    })
    .inner
}

/// The small dark rounded frame of a label over the table (a count, a name, a badge): `alpha`
/// its fill's opacity, `radius` its corners, `margin` (x, y) around the words.
pub fn label_frame(alpha: u8, radius: u8, margin: (i8, i8)) -> egui::Frame {
    egui::Frame::new()
        .fill(Color32::from_rgba_unmultiplied(0x1c, 0x12, 0x0b, alpha))
        .corner_radius(CornerRadius::same(radius))
        .inner_margin(egui::Margin::symmetric(margin.0, margin.1))
}

/// A large brass-edged button.
pub fn big_button(text: impl Into<String>) -> egui::Button<'static> {
    egui::Button::new(egui::RichText::new(text.into()).size(22.0).color(CREAM))
        .min_size(egui::vec2(180.0, 44.0))
        .corner_radius(CornerRadius::same(10))
}

/// The panels' look and the egui contexts' setup ([`configure_context`]).
///
/// Also: the font atlas reaches the GPU in the frame whose text needs it. egui draws a glyph
/// into its font atlas when a text first needs it, and bevy_egui copies the change into the
/// atlas's `Image` asset (`update_egui_textures_system`); the renderer takes a changed image
/// only when its `AssetEvent` goes out, and the two were not ordered. In the game the events
/// went out first, so the frame's paint referred to glyphs the GPU had not got yet: every text
/// with a letter not shown before was drawn with gaps for a frame ("Ba  to the ame", a whole
/// second at a software renderer's frame rate), and each time the atlas grew (a new image) all
/// text was missing for a frame. Ordering egui's texture updates before the asset events puts
/// the atlas and the text that needs it in the same frame.
pub fn plugin(app: &mut App) {
    app.configure_sets(
        PostUpdate,
        EguiPostUpdateSet::PostProcessOutput.before(AssetEventSystems),
    )
    .add_systems(
        PreUpdate,
        install_fonts
            .after(EguiPreUpdateSet::InitContexts)
            .before(EguiPreUpdateSet::BeginPass),
    )
    .add_systems(
        PreUpdate,
        long_touches
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    )
    .init_resource::<TouchTargets>()
    .add_systems(
        PreUpdate,
        notice_touch
            .after(bevy::input::InputSystems)
            .run_if(resource_exists::<bevy::input::touch::Touches>),
    )
    .add_systems(EguiPrimaryContextPass, (apply_style, apply_scale));
}

/// The interface scale of the settings (1.0–2.0) on every panel, card and label: egui's zoom.
fn apply_scale(
    mut contexts: EguiContexts,
    settings: Option<Res<crate::app::save::ActiveSettings>>,
) -> Result {
    let Some(settings) = settings else {
        return Ok(());
    };
    let scale = settings.0.ui_scale;
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - scale).abs() > 1e-3 {
        ctx.set_zoom_factor(scale);
    }
    Ok(())
}

/// The interface's fonts: egui's own four (Ubuntu Light for text, Hack for monospace, Noto Emoji
/// and emoji-icon-font for symbols) cut to the Latin, Cyrillic and symbol blocks the game writes
/// (`scripts/subset-fonts.py`, `fonts/README.md`), in the order `font_definitions` installs them.
/// egui's `default_fonts` feature is off. They are bundled files ([`crate::bundled`]): compiled
/// into the desktop program, fetched beside the browser's `.wasm`.
pub const FONT_FILES: [&str; 4] = [
    "fonts/ui-text.ttf",
    "fonts/ui-mono.ttf",
    "fonts/ui-symbols.ttf",
    "fonts/ui-icons.ttf",
];

/// The game's fonts: the text font first, then the symbol fonts, then the monospace font (which
/// has the arrows and discs the others lack) as the last fallback; monospace the other way round.
pub fn font_definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::empty();
    // Sized as egui sizes them among its default fonts.
    let [text, mono, symbols, icons] = FONT_FILES;
    for (name, file, scale) in [
        ("text", text, 1.0),
        ("mono", mono, 1.0),
        ("symbols", symbols, 0.81),
        ("icons", icons, 0.90),
    ] {
        let bytes = crate::bundled::bytes(file);
        if bytes.is_empty() {
            // Only in a browser whose page could not fetch it (the page does not start the
            // game then): the families go on with the fonts there are.
            error!("the interface font {file} is missing");
            continue;
        }
        let data = egui::FontData::from_static(bytes).tweak(egui::FontTweak { scale, ..default() });
        fonts
            .font_data
            .insert(name.into(), std::sync::Arc::new(data));
    }
    let family = |names: [&str; 4]| {
        names
            .into_iter()
            .filter(|name| fonts.font_data.contains_key(*name))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    fonts.families.insert(
        FontFamily::Proportional,
        family(["text", "symbols", "icons", "mono"]),
    );
    fonts.families.insert(
        FontFamily::Monospace,
        family(["mono", "text", "symbols", "icons"]),
    );
    fonts
}

/// How wide `text` is on one line in `font`, in points: for a layout that must know whether a
/// row fits before it lays the row out.
pub fn text_width(ctx: &egui::Context, text: &str, font: FontId) -> f32 {
    ctx.fonts_mut(|f| {
        f.layout_no_wrap(text.to_string(), font, Color32::WHITE)
            .size()
            .x
    })
}

/// The font `look` gives the text style `text` (18-point proportional where it gives none).
pub fn font_of(look: &egui::Style, text: TextStyle) -> FontId {
    look.text_styles
        .get(&text)
        .cloned()
        .unwrap_or_else(|| FontId::proportional(18.0))
}

/// Sets up an egui context as the game's panels expect it: the game's fonts, and a click that
/// is a press and a release on the same widget however long apart they are.
///
/// egui takes a press held longer than `max_click_duration` (0.8 s) for a long press, not a
/// click; it measures the press by the frames' times, so on a slow renderer (a frame a second
/// and more) an ordinary click spread over two frames was lost and a toggle undone. A drag is
/// still told from a click by the distance moved (`max_click_dist`). The one long press the
/// panels know is a finger's, which shows a widget's hover text: its lift clicks nothing
/// ([`before_pass`]).
pub fn configure_context(ctx: &egui::Context) {
    ctx.set_fonts(font_definitions());
    ctx.options_mut(|o| o.input_options.max_click_duration = f64::INFINITY);
}

/// A finger on a panel (the touch egui takes for its pointer): when it touched, by the pass's
/// input clock, and how many passes have begun since.
#[derive(Debug, Default, Clone, Copy)]
pub struct HeldFinger {
    down: Option<(egui::TouchId, f64, u32)>,
}

/// Fewer passes than this between a finger's touch and its lift are a tap however long they
/// took: a slow renderer (a frame a second) spreads a tap over two, and it must still click.
const LONG_PRESS_PASSES: u32 = 3;

impl HeldFinger {
    /// Looks at a pass's `input` before egui does: whether a finger lifted in it was held still
    /// long enough to be a long press ([`crate::app::kit::clicks::LONG_PRESS`] seconds, over at
    /// least three passes), which showed the widget's hover text and must not click it.
    pub fn lifted_long(&mut self, input: &egui::RawInput) -> bool {
        let now = input.time.unwrap_or(0.0);
        if let Some((_, _, passes)) = &mut self.down {
            *passes += 1;
        }
        let mut long = false;
        for event in &input.events {
            let egui::Event::Touch { id, phase, .. } = event else {
                continue;
            };
            match (phase, self.down) {
                (egui::TouchPhase::Start, None) => self.down = Some((*id, now, 0)),
                (egui::TouchPhase::End, Some((held, since, passes))) if held == *id => {
                    long = passes >= LONG_PRESS_PASSES
                        && now - since >= f64::from(crate::app::kit::clicks::LONG_PRESS);
                    self.down = None;
                }
                (egui::TouchPhase::Cancel, Some((held, ..))) if held == *id => self.down = None,
                _ => {}
            }
        }
        long
    }
}

/// Sets `ctx` for a pass whose input is `input`, `finger` the panel's finger: a finger lifted
/// after a long press clicks nothing (egui's press held longer than `max_click_duration`, here
/// any time at all, is no click); any other release, the mouse's always, is a click however
/// long it took ([`configure_context`]).
pub fn before_pass(ctx: &egui::Context, finger: &mut HeldFinger, input: &egui::RawInput) {
    let duration = if finger.lifted_long(input) {
        0.0
    } else {
        f64::INFINITY
    };
    if ctx.options(|o| o.input_options.max_click_duration) != duration {
        ctx.options_mut(|o| o.input_options.max_click_duration = duration);
    }
}

/// [`before_pass`] for every egui context, with its input as bevy_egui gathered it.
fn long_touches(
    mut contexts: Query<(Entity, &mut EguiContext, &bevy_egui::EguiInput)>,
    mut fingers: Local<bevy::platform::collections::HashMap<Entity, HeldFinger>>,
) {
    fingers.retain(|e, _| contexts.contains(*e));
    for (entity, mut ctx, input) in &mut contexts {
        before_pass(ctx.get_mut(), fingers.entry(entity).or_default(), input);
    }
}

/// Sets up each new egui context before its first pass ([`configure_context`]), so that no frame
/// is laid out without the game's fonts.
fn install_fonts(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
    for mut context in &mut contexts {
        configure_context(context.get_mut());
    }
}

/// Touch-sized targets: every button, toggle and field at least [`TOUCH_TARGET`] points tall.
/// On where the page's main pointer is a finger, from the first touch on the desktop, or with
/// `--touch`.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TouchTargets(pub bool);

/// The least height of a target a finger can hit (Apple's and the web's guidance: 44 px).
pub const TOUCH_TARGET: f32 = 44.0;

/// Turns touch-sized targets on: at the start where the pointer is a finger or `--touch` asks,
/// and at the first touch.
fn notice_touch(
    mut targets: ResMut<TouchTargets>,
    touches: Res<bevy::input::touch::Touches>,
    options: Option<Res<crate::launch::LaunchOptions>>,
    mut started: Local<bool>,
) {
    if !*started {
        *started = true;
        if crate::app::platform::coarse_pointer() || options.is_some_and(|o| o.touch) {
            targets.0 = true;
        }
    }
    if !targets.0 && touches.any_just_pressed() {
        targets.0 = true;
    }
}

/// The spacing of the panels' widgets: the mouse's, or with touch-sized targets.
fn spacing(style: &mut egui::Style, touch: bool) {
    style.spacing.item_spacing = egui::vec2(10.0, 10.0);
    style.spacing.slider_width = 260.0;
    if touch {
        style.spacing.button_padding = egui::vec2(16.0, 12.0);
        style.spacing.interact_size.y = TOUCH_TARGET;
        style.spacing.icon_width = 24.0;
        style.spacing.icon_width_inner = 12.0;
    } else {
        let plain = egui::style::Spacing::default();
        style.spacing.button_padding = egui::vec2(16.0, 8.0);
        style.spacing.interact_size = plain.interact_size;
        style.spacing.icon_width = plain.icon_width;
        style.spacing.icon_width_inner = plain.icon_width_inner;
    }
}

fn apply_style(
    mut contexts: EguiContexts,
    touch: Option<Res<TouchTargets>>,
    mut done: Local<Option<bool>>,
) -> Result {
    let touch = touch.is_some_and(|t| t.0);
    if *done == Some(touch) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    if done.is_some() {
        // Only the targets' size changed.
        ctx.all_styles_mut(|style| spacing(style, touch));
        *done = Some(touch);
        return Ok(());
    }
    ctx.all_styles_mut(|style| {
        style.text_styles = [
            (
                TextStyle::Heading,
                FontId::new(30.0, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(18.0, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(19.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Small,
                FontId::new(14.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(16.0, FontFamily::Monospace),
            ),
        ]
        .into();
        spacing(style, touch);
        let v = &mut style.visuals;
        v.dark_mode = true;
        v.override_text_color = Some(CREAM);
        v.panel_fill = WALNUT;
        v.window_fill = WALNUT;
        v.extreme_bg_color = Color32::from_rgb(0x1c, 0x12, 0x0c);
        v.faint_bg_color = WALNUT_LIGHT;
        v.hyperlink_color = BRASS;
        v.selection.bg_fill = Color32::from_rgb(0x8a, 0x5f, 0x2a);
        v.selection.stroke = Stroke::new(1.0, CREAM);
        v.window_corner_radius = CornerRadius::same(14);
        let edge = Stroke::new(1.0, Color32::from_rgb(0x7a, 0x56, 0x33));
        for (w, fill) in [
            (&mut v.widgets.inactive, Color32::from_rgb(0x5a, 0x3c, 0x24)),
            (&mut v.widgets.hovered, Color32::from_rgb(0x74, 0x4e, 0x2d)),
            (&mut v.widgets.active, Color32::from_rgb(0x8c, 0x62, 0x34)),
            (&mut v.widgets.open, Color32::from_rgb(0x5a, 0x3c, 0x24)),
        ] {
            w.bg_fill = fill;
            w.weak_bg_fill = fill;
            w.bg_stroke = edge;
            w.fg_stroke = Stroke::new(1.5, CREAM);
            w.corner_radius = CornerRadius::same(8);
        }
        v.widgets.hovered.bg_stroke = Stroke::new(1.5, BRASS);
        v.widgets.noninteractive.bg_stroke = Stroke::new(1.0, Color32::from_rgb(0x5c, 0x40, 0x28));
        v.widgets.noninteractive.fg_stroke = Stroke::new(1.0, CREAM);
    });
    *done = Some(touch);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At 1280×720 the full layout holds up to scale 1.25; from 1.5 (853×480 points) the
    /// tables are drawn compact, and a phone's shapes are compact at any scale.
    /// The bottom panels' top is the highest of those noted, read from the last whole pass
    /// (in a pass after one without any, from what is noted so far), and forgotten when none
    /// were drawn for a whole pass.
    /// At scale 2 on 1280×720 (640×360 points), beside a lesson's panel ending at 317: the
    /// bar fills the rest of the width, 8 points apart, inside the screen.
    /// A page longer than the screen stays inside it at its place, and what is under its
    /// header scrolls: at 1280×720 (Settings with the key's section once ran off the bottom)
    /// and on a compact screen of 640×360 points.
    #[test]
    fn a_long_page_keeps_inside_the_screen_and_scrolls() {
        for size in [egui::vec2(1280.0, 720.0), egui::vec2(640.0, 360.0)] {
            let ctx = egui::Context::default();
            let mut rect = None;
            for _ in 0..3 {
                let input = egui::RawInput {
                    screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
                    ..Default::default()
                };
                let out = ctx.run_ui(input, |ui| {
                    page(ui.ctx(), "long-page", 640.0, 48.0, |ui, _| {
                        ui.label("Heading");
                        page_body(ui, |ui| {
                            ui.allocate_space(egui::vec2(100.0, 2000.0));
                        });
                    });
                });
                out.drop_without_applying_deltas();
                rect = ctx.memory(|m| m.area_rect(egui::Id::new("long-page")));
            }
            let rect = rect.expect("the page was drawn");
            let top = if is_compact(size) { 10.0 } else { 48.0 };
            assert!(
                (rect.top() - top).abs() < 1.0 && rect.bottom() <= size.y,
                "{rect:?} on a screen of {size:?}"
            );
        }
    }

    #[test]
    fn the_bottom_bar_beside_a_left_column_fills_the_rest() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(640.0, 360.0));
        let width = beside_column(screen, 317.0);
        assert_eq!(640.0 - 14.0 - width - 2.0 * 20.0 - 2.0, 317.0 + 8.0);
        // Never squeezed to nothing.
        assert_eq!(beside_column(screen, 600.0), 120.0);
    }

    #[test]
    fn the_bottom_panels_top_is_the_highest_noted_in_the_last_pass() {
        let mut tops = BarTops::default();
        let mut seen = Vec::new();
        for (pass, notes) in [
            (1, &[300.0, 250.0][..]),
            (2, &[280.0][..]),
            (3, &[][..]),
            (4, &[][..]),
        ] {
            seen.push(highest(tops, pass));
            for top in notes {
                tops = noted(tops, pass, *top);
            }
            seen.push(highest(tops, pass));
        }
        // Pass 1: nothing before, its own highest after; pass 2: pass 1's throughout;
        // pass 3 (nothing drawn): pass 2's; pass 4: nothing noted in pass 3, none.
        assert_eq!(
            seen,
            [
                None,
                Some(250.0),
                Some(250.0),
                Some(250.0),
                Some(280.0),
                Some(280.0),
                None,
                None
            ]
        );
    }

    #[test]
    fn the_layout_turns_compact_between_scale_one_and_a_quarter_and_one_and_a_half() {
        let at = |scale: f32| is_compact(egui::vec2(1280.0, 720.0) / scale);
        assert!(!at(1.0));
        assert!(!at(1.25));
        assert!(at(1.5));
        assert!(at(2.0));
        assert!(is_compact(egui::vec2(390.0, 844.0)));
        assert!(is_compact(egui::vec2(844.0, 390.0)));
        assert!(!is_compact(egui::vec2(1920.0, 1080.0)));
    }
}
