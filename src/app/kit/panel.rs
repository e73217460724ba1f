//! The panels every table draws alike, written once: what a panel draws with ([`Panel`]), a
//! walnut panel or a label floating over the table ([`Floating`]: the players' box, the labels
//! on the table), a point of the world on the screen ([`on_screen`]), a walnut window
//! ([`window`]), the lobby's head, Continue and opponent chooser, the move list's step buttons,
//! Resign asked once more, and the end banner's headline and New game.

use super::history::Step;
use super::table::TableKind;
use crate::ai::Level;
use crate::app::style::{self, big_button, panel_frame};
use crate::i18n::Tr;
use crate::play::Seat;
use bevy::prelude::{Camera, GlobalTransform, Vec3};
use bevy_egui::egui;

/// What a table's panel draws with: the egui context, the player's words, the table it reads,
/// and where the intents of its buttons go.
pub struct Panel<'a, T: TableKind> {
    pub ctx: &'a egui::Context,
    pub tr: &'a Tr,
    pub table: &'a T,
    pub send: &'a mut dyn FnMut(T::Intent),
}

impl<'a, T: TableKind> Panel<'a, T> {
    /// A panel drawn in `ctx` in the player's words `tr`, reading `table`, its intents to `send`.
    pub fn new(
        ctx: &'a egui::Context,
        tr: &'a Tr,
        table: &'a T,
        send: &'a mut dyn FnMut(T::Intent),
    ) -> Panel<'a, T> {
        Panel {
            ctx,
            tr,
            table,
            send,
        }
    }

    /// Its parts, for a drawing: the context, the words, the table and where intents go.
    #[allow(clippy::type_complexity)]
    pub fn parts(
        self,
    ) -> (
        &'a egui::Context,
        &'a Tr,
        &'a T,
        &'a mut dyn FnMut(T::Intent),
    ) {
        (self.ctx, self.tr, self.table, self.send)
    }

    /// The same panel lent to one drawing, kept for the next.
    pub fn reborrow(&mut self) -> Panel<'_, T> {
        Panel {
            ctx: self.ctx,
            tr: self.tr,
            table: self.table,
            send: &mut *self.send,
        }
    }
}

/// A panel floating over the table: an egui `Area` holding a frame (the walnut
/// [`panel_frame`] unless told otherwise), placed by an anchor or at a point of the screen.
#[must_use]
pub struct Floating {
    area: egui::Area,
    frame: egui::Frame,
    width: Option<f32>,
    /// The most its contents may take in height, scrolling the rest.
    max_height: Option<f32>,
    /// Placed at a point of the screen: its id, the point and its pivot, moved in so that the
    /// whole of it (as last drawn) stays on the screen.
    placed: Option<(egui::Id, egui::Pos2, egui::Align2)>,
    /// Told where the panel was drawn, after it is (the players' panel notes its place).
    note: Option<fn(&egui::Context, egui::Rect)>,
}

impl Floating {
    /// Named `id` (egui keeps its state by it), at `align`'s corner or edge of the screen,
    /// moved by `offset`.
    pub fn anchored(id: impl egui::AsId, align: egui::Align2, offset: [f32; 2]) -> Floating {
        Floating::of(egui::Area::new(egui::Id::new(id)).anchor(align, offset))
    }

    /// Named `id`, its `pivot` on the point `at` of the screen.
    pub fn at(id: impl egui::AsId, at: egui::Pos2, pivot: egui::Align2) -> Floating {
        let id = egui::Id::new(id);
        Floating {
            placed: Some((id, at, pivot)),
            ..Floating::of(egui::Area::new(id).fixed_pos(at).pivot(pivot))
        }
    }

    /// The players' panel at the top left of a table, `width` wide (at most 40 % of a compact
    /// screen, under its smaller title).
    pub fn players(ctx: &egui::Context, id: impl egui::AsId, width: f32) -> Floating {
        let width = if style::compact(ctx) {
            width.min(ctx.content_rect().width() * 0.4)
        } else {
            width
        };
        Floating {
            note: Some(style::note_players_panel),
            ..Floating::anchored(id, egui::Align2::LEFT_TOP, [16.0, style::top_row(ctx)])
                .margin(16, 12)
                .width(width)
        }
    }

    /// A label on the table (a count, a name, the odds under a square): its `pivot` on the
    /// point `at`, under the panels, the pointer going through it, in a dark label frame
    /// ([`style::label_frame`] with `alpha`, `radius` and `margin`).
    pub fn mark(
        id: impl egui::AsId,
        (at, pivot): (egui::Pos2, egui::Align2),
        (alpha, radius, margin): (u8, u8, (i8, i8)),
    ) -> Floating {
        Floating::at(id, at, pivot)
            .still()
            .order(egui::Order::Background)
            .frame(style::label_frame(alpha, radius, margin))
    }

    fn of(area: egui::Area) -> Floating {
        Floating {
            // No fade as it appears: a panel shown again after a frame away would otherwise
            // ask egui for frame after frame (`app::calm`).
            area: area.fade_in(false),
            frame: panel_frame(),
            width: None,
            max_height: None,
            placed: None,
            note: None,
        }
    }

    /// On a compact screen ([`style::compact`]), a panel at the top left under the table's top
    /// bars: its frame reaching `share` of the screen's width at most (from the screen's left
    /// edge, its 16-point margin included), as tall as the screen below the bars, scrolling
    /// what does not fit. Elsewhere it stays as it is.
    pub fn left_column(self, ctx: &egui::Context, share: f32) -> Floating {
        if !style::compact(ctx) {
            return self;
        }
        let screen = ctx.content_rect();
        let top = style::top_row(ctx);
        let margin = self.frame.inner_margin.sum();
        let stroke = 2.0 * self.frame.stroke.width;
        let width = self
            .width
            .unwrap_or(f32::INFINITY)
            .min(screen.width() * share - 16.0 - margin.x - stroke);
        Floating {
            area: self.area.anchor(egui::Align2::LEFT_TOP, [16.0, top]),
            width: Some(width),
            max_height: Some(screen.height() - 8.0 - top - margin.y),
            ..self
        }
    }

    /// On a compact screen ([`style::compact`]), a lobby's panel as a column of the screen
    /// under the table's top bars: the left or right of two side by side (`Some(true)`,
    /// `Some(false)`), or alone in the middle (`None`), as wide as that leaves and as tall as
    /// the screen below the bars, scrolling what does not fit. On a narrow screen
    /// ([`style::narrow`]) the two stand one over the other, the left one on top, each half as
    /// tall. Elsewhere it stays as it is.
    pub fn column(self, ctx: &egui::Context, left: Option<bool>) -> Floating {
        if !style::compact(ctx) {
            return self;
        }
        let screen = ctx.content_rect();
        let top = style::top_row(ctx);
        let dy = (top - 8.0) / 2.0;
        let (gap, margin) = (8.0, 22.0);
        if let Some(upper) = left.filter(|_| style::narrow(ctx)) {
            let (width, height) = stacked(screen, top, gap);
            let (anchor, y) = if upper {
                (egui::Align2::CENTER_TOP, top)
            } else {
                (egui::Align2::CENTER_BOTTOM, -8.0)
            };
            return Floating {
                area: self.area.anchor(anchor, [0.0, y]),
                frame: self.frame.inner_margin(egui::Margin::same(margin as i8)),
                width: Some(width - 2.0 * margin),
                max_height: Some(height - 2.0 * margin),
                placed: None,
                note: None,
            };
        }
        let (area, wide) = match left {
            Some(true) => (
                self.area.anchor(
                    egui::Align2::RIGHT_CENTER,
                    [-(screen.width() / 2.0 + gap / 2.0), dy],
                ),
                screen.width() / 2.0 - gap / 2.0 - 16.0,
            ),
            Some(false) => (
                self.area.anchor(
                    egui::Align2::LEFT_CENTER,
                    [screen.width() / 2.0 + gap / 2.0, dy],
                ),
                screen.width() / 2.0 - gap / 2.0 - 16.0,
            ),
            None => (
                self.area.anchor(egui::Align2::CENTER_CENTER, [0.0, dy]),
                screen.width() - 32.0,
            ),
        };
        Floating {
            area,
            frame: self.frame.inner_margin(egui::Margin::same(margin as i8)),
            width: Some(wide - 2.0 * margin),
            max_height: Some(screen.height() - 8.0 - top - 2.0 * margin),
            placed: None,
            note: None,
        }
    }

    /// Its frame's margin: `x` points at the sides, `y` above and below.
    pub fn margin(self, x: i8, y: i8) -> Floating {
        Floating {
            frame: self.frame.inner_margin(egui::Margin::symmetric(x, y)),
            ..self
        }
    }

    /// Its frame filled with `colour` (a brighter walnut that stands out).
    pub fn fill(self, colour: egui::Color32) -> Floating {
        Floating {
            frame: self.frame.fill(colour),
            ..self
        }
    }

    /// Another frame than the walnut panel's (a label's, [`style::label_frame`]), margins and
    /// all: set before [`Floating::margin`].
    pub fn frame(self, frame: egui::Frame) -> Floating {
        Floating { frame, ..self }
    }

    /// Its contents `width` points wide.
    pub fn width(self, width: f32) -> Floating {
        Floating {
            width: Some(width),
            ..self
        }
    }

    /// In the layer `order` (above or under the other panels).
    pub fn order(self, order: egui::Order) -> Floating {
        Floating {
            area: self.area.order(order),
            ..self
        }
    }

    /// Shown only: the pointer goes through it to what is under it.
    pub fn still(self) -> Floating {
        Floating {
            area: self.area.interactable(false),
            ..self
        }
    }

    /// Shows the panel with `add` drawing its contents.
    pub fn show<R>(self, ctx: &egui::Context, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
        self.show_footed(ctx, add, |_| {}).0
    }

    /// As [`show`](Self::show), with `foot` drawn under what `add` draws; where the panel
    /// scrolls (a column stacked on a narrow screen), `foot` stays under the scrolling part, in
    /// sight (a lobby's Play), unless it would take more than half the panel's room: then it
    /// scrolls with the rest. What each answers.
    pub fn show_footed<R, F>(
        self,
        ctx: &egui::Context,
        add: impl FnOnce(&mut egui::Ui) -> R,
        foot: impl FnOnce(&mut egui::Ui) -> F,
    ) -> (R, F) {
        let Floating {
            mut area,
            frame,
            width,
            max_height,
            placed,
            note,
        } = self;
        if let Some((id, at, pivot)) = placed
            && let Some(last) = ctx.memory(|m| m.area_rect(id))
        {
            area = area.fixed_pos(inside(ctx.content_rect(), at, pivot, last.size()));
        }
        // The foot's height in the last pass, which the scrolling part leaves room for.
        let foot_id = area.layer().id.with("foot");
        let noted = ctx.data(|d| d.get_temp::<f32>(foot_id)).unwrap_or(0.0);
        // The foot stays out of the scrolling part where it takes at most half the room;
        // a taller one (long words in a short window) scrolls with the rest, so the panel keeps
        // to its room.
        let apart = max_height.is_some_and(|h| noted <= h / 2.0);
        // Draws the foot, noting its height where the panel scrolls (the one place it is read).
        let draw_foot = |ui: &mut egui::Ui| {
            let top = ui.cursor().top();
            let footed = foot(ui);
            if max_height.is_some() {
                let height = ui.min_rect().bottom() - top;
                let height = if height > 0.0 {
                    height + ui.spacing().item_spacing.y
                } else {
                    0.0
                };
                ui.ctx().data_mut(|d| d.insert_temp(foot_id, height));
            }
            footed
        };
        let shown = area.show(ctx, |ui| {
            frame
                .show(ui, |ui| {
                    if let Some(width) = width {
                        ui.set_width(width);
                    }
                    match max_height {
                        Some(h) => {
                            let h = if apart { (h - noted).max(64.0) } else { h };
                            // (The area's room is its last size: told the most, or a panel
                            // whose contents grew would keep its first height.)
                            let scroll = egui::ScrollArea::vertical()
                                .max_height(h)
                                .min_scrolled_height(h);
                            if apart {
                                let answer = scroll.show(ui, add).inner;
                                (answer, draw_foot(ui))
                            } else {
                                scroll
                                    .show(ui, |ui| {
                                        let answer = add(ui);
                                        (answer, draw_foot(ui))
                                    })
                                    .inner
                            }
                        }
                        None => {
                            let answer = add(ui);
                            (answer, draw_foot(ui))
                        }
                    }
                })
                .inner
        });
        if let Some(note) = note {
            note(ctx, shown.response.rect);
        }
        shown.inner
    }
}

/// Where a panel `size` big, its `pivot` meant to be at `at`, has its pivot so that the whole of
/// it lies on the `screen` (a label by a square near the screen's edge, larger type): moved in
/// by as little as needed.
pub fn inside(
    screen: egui::Rect,
    at: egui::Pos2,
    pivot: egui::Align2,
    size: egui::Vec2,
) -> egui::Pos2 {
    let rect = pivot.anchor_size(at, size);
    // How far a span from `lo` to `hi` moves to lie within `min`..`max` (its start on `min`
    // when it is longer).
    let shift = |(lo, hi): (f32, f32), (min, max): (f32, f32)| {
        if lo < min {
            min - lo
        } else if hi > max {
            (max - hi).max(min - lo)
        } else {
            0.0
        }
    };
    at + egui::vec2(
        shift((rect.left(), rect.right()), (screen.left(), screen.right())),
        shift((rect.top(), rect.bottom()), (screen.top(), screen.bottom())),
    )
}

/// The table's camera as the panels see it: points of the world to egui's points and back.
/// egui's points are the window's logical pixels divided by the interface scale (egui's zoom),
/// so a label placed at a piece stays on it at every scale. The camera's place is its
/// `Transform` of this frame (the table's camera stands in no parent), not its `GlobalTransform`,
/// which follows a frame late in the panels' pass: a label stays on its piece while the view
/// turns or is framed anew.
#[derive(Clone, Copy)]
pub struct Eye<'a> {
    pub camera: &'a Camera,
    pub at: GlobalTransform,
    /// egui's zoom factor: the interface scale.
    pub zoom: f32,
}

impl<'a> Eye<'a> {
    /// The camera `seen` (the table's, if there is one) through the panels of `ctx`.
    pub fn of(
        seen: Option<(&'a Camera, &bevy::prelude::Transform)>,
        ctx: &egui::Context,
    ) -> Option<Eye<'a>> {
        let (camera, at) = seen?;
        Some(Eye {
            camera,
            at: GlobalTransform::from(*at),
            zoom: ctx.zoom_factor().max(0.01),
        })
    }

    /// Where a point of egui's screen is in the window's logical pixels.
    pub fn to_window(&self, p: egui::Pos2) -> bevy::math::Vec2 {
        bevy::math::Vec2::new(p.x, p.y) * self.zoom
    }
}

/// Where a point of the world shows on the screen through the table's camera, in egui's
/// points, if the camera sees it.
pub fn on_screen(eye: Option<Eye<'_>>, p: Vec3) -> Option<egui::Pos2> {
    let eye = eye?;
    let v = eye.camera.world_to_viewport(&eye.at, p).ok()? / eye.zoom;
    Some(egui::pos2(v.x, v.y))
}

/// A walnut window with a title bar and a close button (which turns `open` false), neither
/// folded nor resized, fixed at `align`'s place moved by `offset`, `margin` inside its frame.
pub fn window<'a>(
    title: &str,
    open: &'a mut bool,
    (align, offset): (egui::Align2, [f32; 2]),
    margin: i8,
) -> egui::Window<'a> {
    egui::Window::new(title)
        .open(open)
        .collapsible(false)
        .resizable(false)
        .anchor(align, offset)
        .frame(panel_frame().inner_margin(egui::Margin::same(margin)))
}

/// The top of a lobby of the game `game`: its title and its line (the keys
/// `<game>.lobby.title` and `<game>.lobby.line`).
pub fn lobby_head(ui: &mut egui::Ui, tr: &Tr, game: &str) {
    let (title, line) = (format!("{game}.lobby.title"), format!("{game}.lobby.line"));
    lobby_title(ui, tr.t(&title), style::cream(tr.t(&line), 16.0));
}

/// The top of a lobby: its `title`, and a `line` under it, centred.
pub fn lobby_title(ui: &mut egui::Ui, title: &str, line: egui::RichText) {
    let size = if style::compact(ui.ctx()) { 22.0 } else { 30.0 };
    ui.vertical_centered(|ui| {
        style::title(ui, title, size);
        ui.label(line);
    });
    ui.add_space(10.0);
}

/// A saved game's Continue (the `button`'s words) over "or start a new one" (`or_new`):
/// whether Continue was pressed.
pub fn continue_offer(ui: &mut egui::Ui, button: String, or_new: &str) -> bool {
    let mut pressed = false;
    ui.vertical_centered(|ui| {
        pressed = ui.add(big_button(button)).clicked();
        ui.label(style::muted(or_new, 14.0));
    });
    ui.add_space(8.0);
    pressed
}

/// The opponents a lobby offers, the bot at each level or a second person here, with the last
/// part of their names' keys.
pub const OPPONENTS: [(Seat, &str); 4] = [
    (Seat::Bot(Level::Easy), "easy"),
    (Seat::Bot(Level::Normal), "normal"),
    (Seat::Bot(Level::Hard), "hard"),
    (Seat::Person, "person"),
];

/// The key of an opponent's name at the game `game` ("chess.opponent.easy"); a seat the lobby
/// does not offer is named as a person.
pub fn opponent_key(game: &str, seat: Seat) -> String {
    let name = OPPONENTS
        .iter()
        .find(|(s, _)| *s == seat)
        .map_or("person", |(_, name)| name);
    format!("{game}.opponent.{name}")
}

/// The lobby's opponent chooser of the game `game`: its heading, then each opponent drawn by
/// `choice` (the ui, whether it is the one `chosen`, its name). The opponent newly chosen.
pub fn opponent_chooser(
    ui: &mut egui::Ui,
    tr: &Tr,
    game: &str,
    chosen: Seat,
    mut choice: impl FnMut(&mut egui::Ui, bool, &str) -> egui::Response,
) -> Option<Seat> {
    let heading = format!("{game}.lobby.opponent");
    ui.label(egui::RichText::new(tr.t(&heading)).color(style::MUTED));
    let mut picked = None;
    ui.horizontal_wrapped(|ui| {
        for (seat, _) in OPPONENTS {
            let is_chosen = chosen == seat;
            let key = opponent_key(game, seat);
            if choice(ui, is_chosen, tr.t(&key)).clicked() && !is_chosen {
                picked = Some(seat);
            }
        }
    });
    picked
}

/// A move list's step buttons through the history: ◀ (when `back`) and ▶ (when `forward`),
/// explained on hover by `hints`; `step` hears each pressed.
pub fn step_buttons(
    ui: &mut egui::Ui,
    (back, forward): (bool, bool),
    hints: (&str, &str),
    mut step: impl FnMut(Step),
) {
    for (enabled, arrow, hint, to) in [
        (back, "◀", hints.0, Step::Back),
        (forward, "▶", hints.1, Step::Forward),
    ] {
        if ui
            .add_enabled(enabled, egui::Button::new(arrow))
            .on_hover_text(hint)
            .clicked()
        {
            step(to);
        }
    }
}

/// Resign, asked once more: while `asking`, the `question` with Yes and No (`answers`'
/// words), else the Resign button (the words `resign`, pressable when `can`). Whether Yes was
/// pressed.
pub fn resign_asked(
    ui: &mut egui::Ui,
    asking: &mut bool,
    question: egui::RichText,
    answers: (&str, &str),
    (resign, can): (&str, bool),
) -> bool {
    if !*asking {
        if ui.add_enabled(can, egui::Button::new(resign)).clicked() {
            *asking = true;
        }
        return false;
    }
    ui.label(question);
    let yes = ui.button(answers.0).clicked();
    if yes {
        *asking = false;
    }
    if ui.button(answers.1).clicked() {
        *asking = false;
    }
    yes
}

/// The headline of a game's end, large and strong: brass when `bright` (a win, a hot seat's
/// end), ash for a loss.
pub fn end_headline(ui: &mut egui::Ui, headline: String, size: f32, bright: bool) {
    let colour = if bright { style::BRASS } else { style::ASH };
    ui.label(style::text(headline, size, colour).strong());
    if let Some(note) = ui.ctx().data(|d| d.get_temp::<String>(banner_note_id())) {
        ui.label(style::muted(note, 15.0));
    }
}

fn banner_note_id() -> egui::Id {
    egui::Id::new("end-banner-note")
}

/// A line every end banner shows under its headline while it is set (the hints used in the
/// game against the bot, from `app::learn`); `None` clears it.
pub fn set_banner_note(ctx: &egui::Context, note: Option<String>) {
    ctx.data_mut(|d| match note {
        Some(n) => {
            d.insert_temp(banner_note_id(), n);
        }
        None => d.remove::<String>(banner_note_id()),
    });
}

/// The foot of an end banner: a new game (the button's words `new`) and the line that the
/// game's history stays to look at (`history`). Whether New game was pressed.
pub fn new_game(ui: &mut egui::Ui, new: &str, history: &str) -> bool {
    ui.add_space(10.0);
    let pressed = ui.add(big_button(new)).clicked();
    ui.label(style::muted(history, 13.0));
    pressed
}

/// The words of a seed's fingerprint row: its label, the hint on hover, and the Copy button.
#[derive(Clone, Copy, Debug)]
pub struct FingerprintWords<'a> {
    pub label: &'a str,
    pub hint: &'a str,
    pub copy: &'a str,
}

/// The seed's fingerprint (commit–reveal), as every table shows it from the start of a game:
/// the label and the value shortened ("4bb06f8e…94e0"), a link with the hint on hover; a click
/// shows the whole value under it, in as many lines as the panel's width needs, with Copy, and
/// another click hides it. `open` is whether the whole value is shown.
pub fn fingerprint_row(ui: &mut egui::Ui, words: FingerprintWords, fp: &str, open: &mut bool) {
    ui.horizontal_wrapped(|ui| {
        ui.label(style::muted(words.label, 13.0));
        if ui
            .link(
                egui::RichText::new(crate::fair::short(fp))
                    .monospace()
                    .size(13.0),
            )
            .on_hover_text(words.hint)
            .clicked()
        {
            *open = !*open;
        }
    });
    if !*open {
        return;
    }
    let font = egui::FontId::monospace(12.0);
    let digit = ui.fonts_mut(|f| f.glyph_width(&font, '0')).max(1.0);
    // The widest of 32, 16 or 8 digits a line that fits (a server's text is cut by characters,
    // whatever it holds).
    let room = (ui.available_width() / digit) as usize;
    let per = [32, 16, 8].into_iter().find(|n| *n <= room).unwrap_or(8);
    let chars: Vec<char> = fp.chars().collect();
    for line in chars.chunks(per) {
        ui.label(
            egui::RichText::new(line.iter().collect::<String>())
                .font(font.clone())
                .color(style::ASH),
        );
    }
    if ui.button(words.copy).clicked() {
        ui.ctx().copy_text(fp.to_string());
    }
}

/// Two lobby panels one over the other on a narrow `screen`, under the top bars ending at
/// `top`, `gap` points apart, 8 from the screen's bottom: each one's frame width and most
/// height (margins and stroke included).
fn stacked(screen: egui::Rect, top: f32, gap: f32) -> (f32, f32) {
    let width = screen.width() - 32.0;
    let height = ((screen.bottom() - 8.0 - top - gap) / 2.0 - 2.0).max(120.0);
    (width, height)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A phone held upright (390×844 points): the two lobby panels stack inside the screen,
    /// under the top bars, apart.
    #[test]
    fn a_narrow_screen_stacks_the_lobby_panels() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(390.0, 844.0));
        let (width, height) = stacked(screen, 64.0, 8.0);
        assert_eq!(width, 390.0 - 32.0);
        // The upper from the bars down, the lower from 8 over the bottom up: they keep apart.
        assert!(
            64.0 + height + 8.0 <= 844.0 - 8.0 - height + 0.01,
            "{height}"
        );
        assert!(height > 300.0, "{height}");
    }

    /// A label meant to stand past the screen's edge is moved in by as little as needed; one
    /// on the screen stays where it was meant to be.
    #[test]
    fn a_label_past_the_edge_is_moved_onto_the_screen() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(640.0, 360.0));
        let size = egui::vec2(200.0, 30.0);
        let left = egui::Align2::LEFT_CENTER;
        assert_eq!(
            inside(screen, egui::pos2(100.0, 100.0), left, size),
            egui::pos2(100.0, 100.0)
        );
        // Past the right edge by 60: in by 60.
        assert_eq!(
            inside(screen, egui::pos2(500.0, 100.0), left, size),
            egui::pos2(440.0, 100.0)
        );
        // Past the bottom, pivot at its top: up by what is past.
        let top = egui::Align2::CENTER_TOP;
        assert_eq!(
            inside(screen, egui::pos2(320.0, 350.0), top, size),
            egui::pos2(320.0, 330.0)
        );
        // Past the top-left corner, both ways.
        let centre = egui::Align2::CENTER_CENTER;
        assert_eq!(
            inside(screen, egui::pos2(50.0, 5.0), centre, size),
            egui::pos2(100.0, 15.0)
        );
        // Wider than the screen: its left edge on the screen's.
        let wide = egui::vec2(700.0, 30.0);
        assert_eq!(
            inside(screen, egui::pos2(600.0, 100.0), left, wide),
            egui::pos2(0.0, 100.0)
        );
    }
}
