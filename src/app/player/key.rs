//! The player's key on screen: the "Your key" section of the settings, and the key's page
//! (export as `CTKEY1-…` text and a QR code of it; import a key from another device).

use crate::app::identity::{PlayerKey, import_error_key, replace_key, write_name};
use crate::app::kit::online_panels::OnlineForm;
use crate::app::save::{Notices, SaveStore};
use crate::app::screens::{MenuPage, Navigate};
use crate::app::style::{self, big_button, label_frame};
use crate::i18n::Tr;
use crate::identity::{Identity, ImportError};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// What the key's page holds between frames.
#[derive(Resource, Default)]
pub struct KeyPage {
    /// The text pasted to import.
    pub import: String,
    /// Why the last import was refused (nothing changed).
    pub refused: Option<ImportError>,
    /// A good import waiting for the player to confirm that it replaces the device's key.
    pub confirm: Option<Identity>,
    /// The key was just replaced by an import.
    pub imported: bool,
    /// The key's text was just copied.
    pub copied: bool,
}

/// The exported text in two lines of four groups, as it is shown (spaces and line breaks do
/// not matter when it is read back).
pub fn shown_export(text: &str) -> String {
    let groups: Vec<&str> = text.split('-').collect();
    if groups.len() < 6 {
        return text.to_string();
    }
    let (first, rest) = groups.split_at(5);
    format!("{}-\n{}", first.join("-"), rest.join("-"))
}

/// The QR code of `text`: its modules row by row (`true` dark) and its width. The text is
/// encoded in upper case: every character of an exported key is then in the QR code's
/// alphanumeric set, the smallest code (the import reads either case).
pub fn qr_modules(text: &str) -> Option<(Vec<bool>, usize)> {
    let code =
        qrcode::QrCode::with_error_correction_level(text.to_ascii_uppercase(), qrcode::EcLevel::M)
            .ok()?;
    let width = code.width();
    let dark = code
        .to_colors()
        .into_iter()
        .map(|c| c == qrcode::Color::Dark)
        .collect();
    Some((dark, width))
}

/// Paints a QR code `side` points square: dark modules on a light quiet zone of four modules,
/// each module a whole number of pixels (no blur), in one mesh (no seams between modules).
pub fn paint_qr(ui: &mut egui::Ui, modules: &[bool], width: usize, side: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let ppp = ui.ctx().pixels_per_point();
    let cells = width + 8;
    let module_px = ((side * ppp) / cells as f32).floor().max(1.0);
    let module = module_px / ppp;
    let total = module * cells as f32;
    let snap = |v: f32| (v * ppp).round() / ppp;
    let origin = egui::pos2(
        snap(rect.center().x - total / 2.0),
        snap(rect.center().y - total / 2.0),
    );
    let light = egui::Color32::from_rgb(0xf6, 0xee, 0xdc);
    let dark = egui::Color32::from_rgb(0x1c, 0x12, 0x0b);
    let mut mesh = egui::Mesh::default();
    mesh.add_colored_rect(
        egui::Rect::from_min_size(origin, egui::vec2(total, total)),
        light,
    );
    for y in 0..width {
        let mut x = 0;
        while x < width {
            if !modules[y * width + x] {
                x += 1;
                continue;
            }
            // A run of dark modules along the row: one rectangle.
            let start = x;
            while x < width && modules[y * width + x] {
                x += 1;
            }
            let min = origin + egui::vec2((start + 4) as f32, (y + 4) as f32) * module;
            mesh.add_colored_rect(
                egui::Rect::from_min_size(min, egui::vec2((x - start) as f32 * module, module)),
                dark,
            );
        }
    }
    ui.painter().add(egui::Shape::mesh(mesh));
    response
}

/// The settings' "Your key" section: the fingerprint, the name, what losing the key means, and
/// the ways to export and import it.
#[allow(clippy::too_many_arguments)]
pub fn key_section(
    ui: &mut egui::Ui,
    tr: &Tr,
    key: &mut PlayerKey,
    form: &mut OnlineForm,
    store: &mut SaveStore,
    notices: &mut Notices,
    go: &mut Vec<Navigate>,
) {
    ui.add_space(10.0);
    ui.separator();
    ui.add_space(4.0);
    style::title(ui, tr.t("key.title"), 24.0);
    ui.add_space(4.0);
    // On a compact screen each name over its value, as the settings above it.
    let compact = style::compact(ui.ctx());
    let grid = ("settings-key", egui::vec2(28.0, 12.0));
    crate::app::menu::settings_rows(ui, grid, compact, |ui, row| {
        row(ui, tr.t("key.fingerprint"), &mut |ui| {
            match key.fingerprint() {
                Some(f) => ui.label(style::brass(f, 20.0).monospace().strong()),
                None => ui.label(style::muted(tr.t("key.none_yet"), 16.0)),
            };
        });
        row(ui, tr.t("online.your_name"), &mut |ui| {
            let width = ui.available_width().min(320.0);
            name_field(ui, tr, key, form, store, notices, width);
        });
    });
    ui.add_space(6.0);
    ui.label(style::muted(tr.t("key.losing"), 16.0));
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        let export = egui::Button::new(style::cream(tr.t("key.export"), 17.0));
        if ui.add_enabled(key.identity.is_some(), export).clicked() {
            go.push(Navigate::Menu(MenuPage::Key));
        }
        if ui.button(style::cream(tr.t("key.import"), 17.0)).clicked() {
            go.push(Navigate::Menu(MenuPage::Key));
        }
    });
}

/// The display name's field: kept in the store, and the online forms' name.
pub fn name_field(
    ui: &mut egui::Ui,
    tr: &Tr,
    key: &mut PlayerKey,
    form: &mut OnlineForm,
    store: &mut SaveStore,
    notices: &mut Notices,
    width: f32,
) -> egui::Response {
    let field = ui.add(
        egui::TextEdit::singleline(&mut key.name)
            .char_limit(crate::net::protocol::MAX_NAME_CHARS)
            .hint_text(tr.t("lobby.anonymous"))
            .desired_width(width),
    );
    if field.changed() {
        form.name = key.name.clone();
        if let Err(e) = write_name(store.0.as_mut(), &key.name) {
            warn!("{e}");
            notices.push(tr.tf("key.name_save_failed", &[("why", &e.0)]));
        }
    }
    field
}

/// The key's page.
#[allow(clippy::too_many_arguments)]
pub fn key_page(
    mut contexts: EguiContexts,
    page: Res<MenuPage>,
    tr: Res<Tr>,
    mut key: ResMut<PlayerKey>,
    mut state: ResMut<KeyPage>,
    mut store: ResMut<SaveStore>,
    mut notices: ResMut<Notices>,
    mut qr: Local<Option<(String, Vec<bool>, usize)>>,
    mut go: MessageWriter<Navigate>,
) -> Result {
    if *page != MenuPage::Key {
        // Left: what was said on the page goes with it (the text pasted stays).
        if state.copied || state.imported || state.refused.is_some() || state.confirm.is_some() {
            state.copied = false;
            state.imported = false;
            state.refused = None;
            state.confirm = None;
        }
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let export = key.identity.as_ref().map(Identity::export);
    if let Some(text) = &export
        && qr.as_ref().is_none_or(|(t, _, _)| t != text)
    {
        *qr = qr_modules(text).map(|(m, w)| (text.clone(), m, w));
    }
    let mut asked = Vec::new();
    // On a compact screen the export and the import under the header scroll.
    style::page(ctx, "key-page", 900.0, 36.0, |ui, compact| {
        ui.horizontal(|ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .add(style::page_button(tr.t("key.back"), compact))
                    .clicked()
                {
                    asked.push(Navigate::Menu(MenuPage::Settings));
                }
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    style::title(ui, tr.t("key.title"), if compact { 22.0 } else { 32.0 });
                    if let Some(f) = key.fingerprint() {
                        ui.add_space(10.0);
                        let size = if compact { 15.0 } else { 20.0 };
                        ui.add(egui::Label::new(style::muted(f, size).monospace()).truncate());
                    }
                });
            });
        });
        ui.separator();
        style::page_body(ui, |ui| {
            match (&export, qr.as_ref()) {
                (Some(text), Some((_, modules, w))) => {
                    export_part(ui, &tr, text, modules, *w, &mut state)
                }
                _ => {
                    ui.label(style::muted(tr.t("key.none_yet"), 17.0));
                }
            }
            ui.add_space(8.0);
            ui.separator();
            import_part(ui, &tr, &mut key, &mut state, &mut store, &mut notices);
        });
    });
    go.write_batch(asked);
    Ok(())
}

/// The key as text (to select or copy) beside its QR code, under the warning.
fn export_part(
    ui: &mut egui::Ui,
    tr: &Tr,
    text: &str,
    modules: &[bool],
    width: usize,
    state: &mut KeyPage,
) {
    // Smaller on a compact screen, where the words beside it need the room (still some 300
    // pixels at scale 2).
    let compact = style::compact(ui.ctx());
    let qr_side = if compact { 150.0 } else { 232.0 };
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(ui.available_width() - qr_side - 24.0);
            style::title(ui, tr.t("key.export_title"), 22.0);
            ui.add_space(2.0);
            label_frame(200, 8, (12, 8)).show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    ui.label(style::text("⚠", 20.0, style::AMBER));
                    ui.add(
                        egui::Label::new(style::text(tr.t("key.warning"), 16.0, style::AMBER))
                            .wrap(),
                    );
                });
            });
            ui.add_space(8.0);
            let mut shown = shown_export(text);
            ui.add(
                egui::TextEdit::multiline(&mut shown)
                    // Smaller on a compact screen, where each of its two lines still fits.
                    .font(egui::FontId::monospace(if compact { 14.0 } else { 18.0 }))
                    .text_color(style::CREAM)
                    .desired_rows(2)
                    .desired_width(f32::INFINITY)
                    .interactive(true)
                    .lock_focus(false),
            );
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button(style::cream(tr.t("key.copy"), 17.0)).clicked() {
                    ui.ctx().copy_text(text.to_string());
                    state.copied = true;
                }
                if state.copied {
                    ui.label(style::text(tr.t("key.copied"), 16.0, style::GREEN));
                }
            });
            ui.add_space(4.0);
            ui.label(style::muted(tr.t("key.qr_line"), 15.0));
        });
        ui.add_space(12.0);
        paint_qr(ui, modules, width, qr_side).on_hover_text(tr.t("key.qr_hover"));
    });
}

/// Pasting a key from another device: refused with a reason (nothing changes), or confirmed,
/// then it replaces the device's key and is saved.
fn import_part(
    ui: &mut egui::Ui,
    tr: &Tr,
    key: &mut PlayerKey,
    state: &mut KeyPage,
    store: &mut SaveStore,
    notices: &mut Notices,
) {
    style::title(ui, tr.t("key.import_title"), 22.0);
    ui.label(style::muted(tr.t("key.import_line"), 15.0));
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        let field = ui.add(
            egui::TextEdit::multiline(&mut state.import)
                .font(egui::FontId::monospace(16.0))
                .hint_text("CTKEY1-…")
                .desired_rows(2)
                .desired_width(ui.available_width() - 150.0),
        );
        if field.changed() {
            state.refused = None;
            state.imported = false;
        }
        let import = big_button(tr.t("key.import")).min_size(egui::vec2(130.0, 44.0));
        if ui.add_enabled(state.confirm.is_none(), import).clicked() {
            state.imported = false;
            match Identity::import_beside(key.identity.as_ref(), &state.import) {
                Ok(id) => {
                    state.refused = None;
                    state.confirm = Some(id);
                }
                Err(e) => state.refused = Some(e),
            }
        }
    });
    if let Some(e) = state.refused {
        ui.label(style::text(tr.t(import_error_key(e)), 16.0, style::RED));
    }
    if state.imported
        && let Some(f) = key.fingerprint()
    {
        ui.label(style::text(
            tr.tf("key.imported", &[("fingerprint", &f)]),
            16.0,
            style::GREEN,
        ));
    }
    let Some(new) = state.confirm.clone() else {
        return;
    };
    ui.add_space(6.0);
    label_frame(200, 8, (12, 10)).show(ui, |ui| {
        ui.label(style::text(
            tr.tf(
                "key.confirm",
                &[("fingerprint", &new.public().fingerprint())],
            ),
            16.0,
            style::AMBER,
        ));
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            if ui.button(style::cream(tr.t("key.replace"), 17.0)).clicked() {
                state.confirm = None;
                state.import.clear();
                state.imported = true;
                if let Err(e) = replace_key(key, store.0.as_mut(), new) {
                    warn!("{e}");
                    notices.push(tr.tf("key.save_failed", &[("why", &e.0)]));
                }
            }
            if ui.button(style::cream(tr.t("key.cancel"), 17.0)).clicked() {
                state.confirm = None;
            }
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_export_is_shown_in_two_lines_that_read_back() {
        let id = Identity::from_secret([7; 32]);
        let text = id.export();
        let shown = shown_export(&text);
        assert_eq!(shown.lines().count(), 2, "{shown}");
        assert!(shown.lines().all(|l| l.len() <= 45), "{shown}");
        assert_eq!(Identity::import(&shown), Ok(id));
    }

    #[test]
    fn the_qr_code_is_small_and_square() {
        let text = Identity::from_secret([7; 32]).export();
        let (modules, width) = qr_modules(&text).unwrap();
        assert_eq!(modules.len(), width * width);
        // The alphanumeric set keeps the code small enough to read off a screen.
        assert!(width <= 37, "{width} modules");
        // The finder pattern's corner is dark.
        assert!(modules[0] && modules[width - 1] && modules[(width - 1) * width]);
    }

    /// The import part of the key's page in an egui frame of its own, clicked like a person.
    struct Importing {
        ctx: egui::Context,
        tr: Tr,
        key: PlayerKey,
        state: KeyPage,
        store: SaveStore,
        notices: Notices,
    }

    impl Importing {
        fn new() -> Importing {
            let ctx = egui::Context::default();
            ctx.set_fonts(style::font_definitions());
            let mut store = SaveStore::memory();
            let mine = Identity::from_secret([8; 32]);
            crate::app::identity::write_key(store.0.as_mut(), &mine).unwrap();
            Importing {
                ctx,
                tr: Tr(crate::i18n::Strings::new(crate::i18n::Lang::En)),
                key: PlayerKey {
                    identity: Some(mine),
                    ..PlayerKey::default()
                },
                state: KeyPage::default(),
                store,
                notices: Notices::default(),
            }
        }

        /// One frame with `events`: the words drawn, each with where.
        fn frame(&mut self, events: Vec<egui::Event>) -> Vec<(String, egui::Rect)> {
            let input = crate::app::kit::harness::window_input(None, events);
            let mut out = self.ctx.run_ui(input, |ui| {
                import_part(
                    ui,
                    &self.tr,
                    &mut self.key,
                    &mut self.state,
                    &mut self.store,
                    &mut self.notices,
                )
            });
            let shapes = std::mem::take(&mut out.shapes);
            out.drop_without_applying_deltas();
            crate::app::kit::harness::painted_words(&shapes)
        }

        /// Clicks the words `text` (a button's), a frame to press and one to release; the
        /// words drawn after.
        fn click(&mut self, text: &str) -> Vec<(String, egui::Rect)> {
            let words = self.frame(Vec::new());
            let at = words
                .iter()
                .find(|(w, _)| w == text)
                .unwrap_or_else(|| panic!("no {text:?} in {words:?}"))
                .1
                .center();
            let button = |pressed| egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            };
            self.frame(vec![egui::Event::PointerMoved(at), button(true)]);
            self.frame(vec![button(false)]);
            self.frame(Vec::new())
        }

        fn stored(&mut self) -> Option<Identity> {
            match crate::app::identity::read_key(self.store.0.as_mut()) {
                crate::app::identity::KeyRead::Loaded(id) => Some(id),
                _ => None,
            }
        }
    }

    #[test]
    fn a_refused_import_says_why_and_a_confirmed_one_replaces_the_key() {
        let mut page = Importing::new();
        let before = page.key.identity.clone();
        let good = Identity::from_secret([7; 32]).export();
        for (text, error) in [
            ("", ImportError::Empty),
            ("my key", ImportError::NotAKey),
            (&good[..40], ImportError::WrongLength),
            (&before.as_ref().unwrap().export(), ImportError::AlreadyHere),
        ] {
            page.state.import = text.to_string();
            let words = page.click("Import");
            let why = page.tr.t(import_error_key(error)).to_string();
            assert!(words.iter().any(|(w, _)| *w == why), "{text:?}: {words:?}");
            assert_eq!(page.key.identity, before, "nothing changes");
            assert_eq!(page.stored(), before);
        }
        // A good key: first the question, and Cancel leaves everything as it was.
        page.state.import = good.clone();
        let words = page.click("Import");
        assert!(
            words
                .iter()
                .any(|(w, _)| w.starts_with("This replaces the key"))
        );
        page.click("Cancel");
        assert_eq!(page.key.identity, before);
        // Confirmed: the key is replaced and saved.
        page.click("Import");
        let words = page.click("Replace the key");
        let now = Identity::from_secret([7; 32]);
        assert_eq!(page.key.identity.as_ref(), Some(&now));
        assert_eq!(page.stored().as_ref(), Some(&now));
        assert!(
            words
                .iter()
                .any(|(w, _)| w.starts_with("The key was imported")),
            "{words:?}"
        );
    }
}
