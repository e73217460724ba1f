//! "Read the table" (issue 41): the position as lines of text a screen reader reads, a field
//! where a move is typed in the game's notation or in the words of the list, and every legal
//! action in words (choosing one plays it). The words come from `crate::access`; each table
//! gives its lines, its actions and how to read what was typed. Each action played at the table
//! (the engine's and the other player's too) is announced: said in words at the top of the
//! window and written to the log (`announce: …`), newest last.

use crate::app::kit::panel;
use crate::app::style;
use crate::i18n::Tr;
use bevy_egui::egui;

/// What the move field holds between frames, the last thing it said, and the actions just
/// played.
#[derive(Default, Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub typed: String,
    /// The answer to the last typed move (why it was refused), shown under the field.
    pub said: Option<String>,
    /// The last actions at the table as announced, newest last ([`Field::announce`]).
    pub announced: Vec<String>,
}

impl Field {
    /// How many announcements the window keeps.
    pub const KEPT: usize = 4;

    /// An action just played, in the player's words: kept for the window and logged.
    pub fn announce(&mut self, line: String) {
        bevy::log::info!("announce: {line}");
        self.announced.push(line);
        if self.announced.len() > Self::KEPT {
            self.announced.remove(0);
        }
    }
}

/// One legal action: the action, its words, its notation (the hover text).
pub struct Listed<A> {
    pub action: A,
    pub words: String,
    pub notation: String,
}

/// The table's lines and actions (from `crate::access`) in the player's words; `notation`
/// gives each action's hover text.
pub fn said<A>(
    tr: &Tr,
    lines: Vec<crate::i18n::Message>,
    actions: Vec<(A, crate::i18n::Message)>,
    notation: impl Fn(&A) -> String,
) -> (Vec<String>, Vec<Listed<A>>) {
    let lines = lines.iter().map(|m| tr.say(m)).collect();
    let actions = actions
        .into_iter()
        .map(|(action, words)| Listed {
            words: tr.say(&words),
            notation: notation(&action),
            action,
        })
        .collect();
    (lines, actions)
}

/// The lowest points of the screen a table's bottom bar takes, with the hint beside it.
pub const BOTTOM_BAR: f32 = 150.0;

/// The heights of the window's two lists (the position, the actions) on a screen `height`
/// points high with `announced` announcements above them: what is left between the window's top
/// (84 points down, under the table's title) and the table's bottom bar (its lowest `bottom`
/// points: [`BOTTOM_BAR`], or more where cards lie under the bar), less the window's fixed rows;
/// the position takes two fifths, up to 170 points, the actions the rest, up to 240; each at
/// least 60.
pub fn list_heights(height: f32, bottom: f32, announced: usize) -> (f32, f32) {
    const TOP: f32 = 84.0;
    // The title bar, the headings, the field, the separators and the count.
    const FIXED: f32 = 236.0;
    let room = height - TOP - bottom - FIXED - 22.0 * announced.min(4) as f32;
    let position = (room * 0.4).clamp(60.0, 170.0);
    let actions = (room - position).clamp(60.0, 240.0);
    (position, actions)
}

/// Shows the window (the actions in the order given); the action chosen from the list or typed, if any. `typed` reads the
/// field's text (notation or words) into an action, or says why not.
#[allow(clippy::too_many_arguments)]
pub fn show<A: Copy>(
    ctx: &egui::Context,
    tr: &Tr,
    id: &str,
    bottom: f32,
    open: &mut bool,
    field: &mut Field,
    lines: &[String],
    actions: Vec<Listed<A>>,
    typed: impl FnOnce(&str) -> Result<A, String>,
) -> Option<A> {
    let mut chosen = None;
    // Over the players' panel, at the top left, and above the bottom bar and the hint: its two
    // lists share the height left between them (each scrolls).
    let at = (egui::Align2::LEFT_TOP, [16.0, style::top_row(ctx)]);
    let (position_height, actions_height) =
        list_heights(ctx.content_rect().height(), bottom, field.announced.len());
    panel::window(tr.t("access.title"), open, at, 12)
        .id(egui::Id::new(id))
        .show(ctx, |ui| {
            ui.set_width(440.0);
            if !field.announced.is_empty() {
                ui.label(egui::RichText::new(tr.t("access.announced")).color(style::CREAM));
                // Newest first: what a screen reader meets first is what just happened.
                for (i, line) in field.announced.iter().rev().enumerate() {
                    let colour = if i == 0 { style::CREAM } else { style::MUTED };
                    let said = ui.label(style::text(
                        crate::i18n::sentence(line.clone()),
                        14.0,
                        colour,
                    ));
                    // The newest is a live region: a screen reader says each new one at once.
                    if i == 0 {
                        super::a11y::live(ui.ctx(), said.id);
                    }
                }
                ui.separator();
            }
            ui.label(egui::RichText::new(tr.t("access.position")).color(style::CREAM));
            egui::ScrollArea::vertical()
                .id_salt((id, "position"))
                .max_height(position_height)
                .show(ui, |ui| {
                    for line in lines {
                        ui.label(style::text(
                            crate::i18n::sentence(line.clone()),
                            14.0,
                            style::ASH,
                        ));
                    }
                });
            ui.separator();
            let mut submit = false;
            ui.horizontal(|ui| {
                let edit = ui.add(
                    egui::TextEdit::singleline(&mut field.typed)
                        .hint_text(tr.t("access.typed.hint"))
                        .desired_width(330.0),
                );
                edit.widget_info(|| egui::WidgetInfo {
                    label: Some(tr.t("access.typed.label").to_string()),
                    ..egui::WidgetInfo::text_edit(true, "", &field.typed, tr.t("access.typed.hint"))
                });
                submit |= edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                submit |= ui.button(tr.t("access.typed.play")).clicked();
            });
            if submit {
                match typed(&field.typed) {
                    Ok(a) => {
                        chosen = Some(a);
                        field.typed.clear();
                        field.said = None;
                    }
                    Err(why) => field.said = Some(why),
                }
            }
            if let Some(said) = &field.said {
                let why = ui.label(style::text(said.clone(), 14.0, style::BRASS));
                super::a11y::live(ui.ctx(), why.id);
            }
            ui.separator();
            ui.label(style::muted(
                tr.tf("access.actions", &[("n", &actions.len().to_string())]),
                13.0,
            ));
            egui::ScrollArea::vertical()
                .id_salt((id, "actions"))
                .max_height(actions_height)
                .show(ui, |ui| {
                    for listed in &actions {
                        let words = crate::i18n::sentence(listed.words.clone());
                        if ui
                            .add(
                                egui::Button::new(egui::RichText::new(words).size(15.0))
                                    .frame(false),
                            )
                            .on_hover_text(&listed.notation)
                            .clicked()
                        {
                            chosen = Some(listed.action);
                        }
                    }
                });
        });
    chosen
}

#[cfg(test)]
mod tests {
    use super::{BOTTOM_BAR, list_heights};

    /// At 720 points the window ends above the bottom bar: its lists and fixed rows fit between
    /// 84 points down and 150 points from the bottom; a taller screen gives the lists more, up to
    /// their most; a tiny one keeps each list a few rows.
    #[test]
    fn the_lists_share_the_height_between_the_title_and_the_bottom_bar() {
        let (p, a) = list_heights(720.0, BOTTOM_BAR, 2);
        assert!(
            84.0 + 236.0 + 44.0 + p + a <= 720.0 - 150.0 + 0.5,
            "{p} + {a}"
        );
        assert!(p >= 60.0 && a >= 60.0);
        assert_eq!(list_heights(2000.0, BOTTOM_BAR, 2), (170.0, 240.0));
        assert_eq!(list_heights(300.0, BOTTOM_BAR, 3), (60.0, 60.0));
        let (_, fewer) = list_heights(720.0, BOTTOM_BAR, 3);
        assert!(
            fewer < a,
            "a longer announcement list leaves the actions less room"
        );
    }
}
