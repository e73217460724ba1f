//! "Verify a game" (a page of the menu, and from the end banner): paste a game record, open a
//! record file (desktop), or use the game just played; each check of `play::verify` — the same
//! checks as `tables verify` — is shown passed or failed, with the first bad move named and shown
//! on a small board.

use super::board2d;
use super::{GREEN, RED};
use crate::app::hive::HiveTable;
use crate::app::kit::panel::Floating;
use crate::app::platform;
use crate::app::screens::{MenuPage, Navigate};
use crate::app::style::{self, big_button};
use crate::i18n::{Explain, Message, Tr, msg};
use crate::play::verify::{Check, verify};
use crate::rules::hive::record::RecordedEntry;
use crate::rules::hive::{GameRecord, Hex, Move, State, notation};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// What the page holds: the text being checked, a file path to open, and the verdict.
#[derive(Resource, Default, Debug, Clone)]
pub struct VerifyPage {
    pub text: String,
    pub path: String,
    pub verdict: Option<Verdict>,
    /// Opened from a finished game's "Verify this game": the page offers the way back to it.
    pub from_game: bool,
}

/// What verifying a text found.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The text is not a game record (why).
    Unreadable(Message),
    /// The checks, and where the first bad move stands (the position before it and its cells).
    Checked {
        checks: Vec<Check>,
        first_bad: Option<Box<(State, Vec<Hex>, String)>>,
    },
}

impl VerifyPage {
    /// Puts `text` on the page and verifies it.
    pub fn load_text(&mut self, text: &str) {
        self.text = text.to_string();
        self.verdict = Some(verify_text(text));
    }

    /// What the clipboard gave to the browser's Paste (or Ctrl+V in the field): its text is
    /// put on the page and verified; an empty clipboard, or one the browser would not read, is
    /// said so and the page keeps its text.
    pub fn pasted(&mut self, answer: Result<String, String>) {
        match answer {
            Ok(text) if !text.trim().is_empty() => self.load_text(&text),
            Ok(_) => {
                self.verdict = Some(Verdict::Unreadable(msg("hive.verify.clipboard_empty")));
            }
            Err(why) => {
                self.verdict = Some(Verdict::Unreadable(
                    msg("hive.verify.cannot_paste").with("why", why),
                ));
            }
        }
    }

    /// Whether every check passed.
    pub fn verified(&self) -> bool {
        matches!(&self.verdict, Some(Verdict::Checked { checks, .. }) if checks.iter().all(|c| c.passed))
    }
}

/// Verifies a record's text: the same checks as `tables verify`, for a record of any game
/// served online (a Snēlab case's too, told apart by its header; only Ash & Walnut's first bad
/// move is drawn on a board).
pub fn verify_text(text: &str) -> Verdict {
    if crate::play::verify::game_of(text) != crate::rules::GameKind::Hive {
        return match crate::play::verify::verify_text(text) {
            Ok(checks) => Verdict::Checked {
                checks,
                first_bad: None,
            },
            Err(e) => Verdict::Unreadable(e.explain()),
        };
    }
    // A record that ends in a `# signed` section: the game's lines without it, and the
    // `signatures` check after the others.
    let record = match GameRecord::parse(crate::play::signed::body(text)) {
        Ok(r) => r,
        Err(e) => return Verdict::Unreadable(e.explain()),
    };
    let mut checks = verify(&record);
    checks.extend(crate::play::signed::check(
        text,
        crate::rules::GameKind::Hive,
    ));
    let moves_ok = checks.iter().all(|c| c.passed || c.name != "moves");
    let first_bad = (!moves_ok)
        .then(|| first_bad_move(&record))
        .flatten()
        .map(Box::new);
    Verdict::Checked { checks, first_bad }
}

/// The position before the first move that does not replay, the cells that move names, and its
/// text.
fn first_bad_move(record: &GameRecord) -> Option<(State, Vec<Hex>, String)> {
    let mut state = State::new_game(record.game);
    for e in &record.entries {
        match e {
            RecordedEntry::Move(m) => match state.parse_move(&m.text) {
                Ok(mv) => {
                    let _ = state.play(mv);
                }
                Err(_) => {
                    let cells = match notation::parse_move(state.board(), &m.text) {
                        Ok(Move::Place { to, .. }) => vec![to],
                        Ok(Move::Shift { from, to, .. }) => vec![from, to],
                        _ => Vec::new(),
                    };
                    return Some((state, cells, m.text.clone()));
                }
            },
            RecordedEntry::TakeBack(n) => {
                for _ in 0..*n {
                    let _ = state.undo();
                }
            }
            RecordedEntry::Resign(_) | RecordedEntry::Offer(_) | RecordedEntry::Agreed => {}
        }
    }
    None
}

pub(super) fn page(
    mut contexts: EguiContexts,
    tr: Res<Tr>,
    mut page: ResMut<VerifyPage>,
    table: Res<HiveTable>,
    mut go: MessageWriter<Navigate>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    #[cfg(target_arch = "wasm32")]
    if let Some(answer) = platform::take_pasted() {
        page.pasted(answer);
    }
    // In the browser Ctrl+V in the field reads the clipboard as Paste does (egui's own paste
    // never arrives there; see `platform::request_paste`).
    let ctrl_v = keys.just_pressed(KeyCode::KeyV)
        && (keys.pressed(KeyCode::ControlLeft)
            || keys.pressed(KeyCode::ControlRight)
            || keys.pressed(KeyCode::SuperLeft)
            || keys.pressed(KeyCode::SuperRight));
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let height = (screen.height() - 330.0).max(120.0);
    let page = &mut *page;
    let table = &*table;
    // On a narrow screen (a phone held upright, or a large interface scale) a page of the
    // screen's width: the title over the buttons, the record over the checks, scrolling.
    if style::narrow(ctx) || screen.width() < 700.0 {
        style::page(ctx, "hive-verify", 980.0, 40.0, |ui, compact| {
            style::title(ui, tr.t("hive.verify.title"), 22.0);
            ui.horizontal_wrapped(|ui| {
                if ui
                    .add(style::page_button(tr.t("menu.back"), compact))
                    .clicked()
                {
                    page.from_game = false;
                    go.write(Navigate::Menu(MenuPage::Main));
                }
                if page.from_game
                    && table.phase == crate::app::hive::Phase::Over
                    && ui
                        .add(style::page_button(tr.t("hive.back_to_game"), compact))
                        .clicked()
                {
                    go.write(Navigate::Table(crate::rules::GameKind::Hive));
                }
            });
            ui.add(egui::Label::new(style::muted(tr.t("hive.verify.line"), 15.0)).wrap());
            ui.separator();
            style::page_body(ui, |ui| {
                // The record's box smaller, Verify and the checks nearer.
                paste_side(ui, &tr, page, table, ctrl_v, height.min(240.0));
                ui.separator();
                verdict_side(ui, &tr, page);
            });
        });
        return Ok(());
    }
    let width = (screen.width() - 60.0).clamp(300.0, 980.0);
    Floating::anchored("hive-verify", egui::Align2::CENTER_TOP, [0.0, 40.0])
        .width(width)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                style::title(ui, tr.t("hive.verify.title"), 30.0);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.add(big_button(tr.t("menu.back"))).clicked() {
                        page.from_game = false;
                        go.write(Navigate::Menu(MenuPage::Main));
                    }
                    // Back to the finished game the record came from, its banner and all.
                    if page.from_game
                        && table.phase == crate::app::hive::Phase::Over
                        && ui.add(big_button(tr.t("hive.back_to_game"))).clicked()
                    {
                        go.write(Navigate::Table(crate::rules::GameKind::Hive));
                    }
                });
            });
            ui.label(style::muted(tr.t("hive.verify.line"), 15.0));
            ui.separator();
            // The two sides scroll where the screen is too low for them (the verdict's figure
            // of the first bad move under its checks): the page stays inside the screen.
            let used = ui.min_rect().height();
            let room = (screen.height() - 40.0 - used - 48.0).max(160.0);
            egui::ScrollArea::vertical()
                .id_salt("verify-sides")
                .max_height(room)
                // As tall as it may be from the first frame (an area gives its contents its
                // last size: without this the sides would keep a first, smaller height).
                .min_scrolled_height(room)
                .show(ui, |ui| {
                    ui.columns(2, |cols| {
                        paste_side(&mut cols[0], &tr, page, table, ctrl_v, height);
                        verdict_side(&mut cols[1], &tr, page);
                    });
                });
        });
    Ok(())
}

/// The record's side of the page: the text pasted, a file opened (desktop), Verify and the
/// game just played; the text's box at most `height` high.
fn paste_side(
    ui: &mut egui::Ui,
    tr: &Tr,
    page: &mut VerifyPage,
    table: &HiveTable,
    ctrl_v: bool,
    height: f32,
) {
    ui.horizontal(|ui| {
        ui.label(tr.t("hive.verify.paste"));
        // The browser's way in for a copied record (see `request_paste`).
        #[cfg(target_arch = "wasm32")]
        if ui.button(tr.t("hive.verify.paste_button")).clicked() {
            platform::request_paste();
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("verify-text")
        .max_height(height)
        .show(ui, |ui| {
            let field = ui.add(
                egui::TextEdit::multiline(&mut page.text)
                    .font(egui::TextStyle::Monospace)
                    .desired_rows(14)
                    .desired_width(f32::INFINITY),
            );
            if cfg!(target_arch = "wasm32") && ctrl_v && field.has_focus() {
                #[cfg(target_arch = "wasm32")]
                platform::request_paste();
            }
        });
    #[cfg(not(target_arch = "wasm32"))]
    ui.horizontal(|ui| {
        ui.label(tr.t("hive.verify.file"));
        // Narrower where the column is (a phone held upright), Open still beside it.
        let open = style::button_words_width(ui, tr.t("hive.verify.open"));
        let spacing = ui.spacing();
        let open = open + 2.0 * spacing.button_padding.x + 2.0 * spacing.item_spacing.x + 12.0;
        let width = (ui.available_width() - open).clamp(80.0, 220.0);
        ui.add(egui::TextEdit::singleline(&mut page.path).desired_width(width));
        if ui.button(tr.t("hive.verify.open")).clicked() {
            match platform::read_text(&page.path) {
                Ok(text) => page.load_text(&text),
                Err(why) => {
                    page.verdict = Some(Verdict::Unreadable(
                        msg("hive.verify.cannot_open").with("why", why),
                    ))
                }
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.add(big_button(tr.t("hive.verify.run"))).clicked() {
            let text = page.text.clone();
            page.load_text(&text);
        }
        let last = table.game.as_ref().filter(|g| g.state().ply() > 0);
        if ui
            .add_enabled(last.is_some(), egui::Button::new(tr.t("hive.verify.last")))
            .clicked()
            && let Some(g) = last
        {
            page.load_text(&g.record_text());
        }
    });
}

/// The verdict's side of the page: each check passed or failed, and the first bad move.
fn verdict_side(ui: &mut egui::Ui, tr: &Tr, page: &VerifyPage) {
    match &page.verdict {
        None => {
            ui.label(egui::RichText::new(tr.t("hive.verify.waiting")).color(style::MUTED));
        }
        Some(Verdict::Unreadable(why)) => {
            ui.label(
                egui::RichText::new(
                    tr.say(&msg("hive.verify.unreadable").with_words("why", why.clone())),
                )
                .color(RED),
            );
        }
        Some(Verdict::Checked { checks, first_bad }) => {
            for c in checks {
                ui.horizontal_wrapped(|ui| {
                    let (mark, colour) = if c.passed {
                        ("✔", GREEN)
                    } else {
                        ("✖", RED)
                    };
                    ui.label(style::text(mark, 18.0, colour));
                    ui.label(
                        egui::RichText::new(tr.say(&c.title()))
                            .strong()
                            .color(style::CREAM),
                    );
                });
                ui.label(style::text(
                    tr.say(&c.detail),
                    14.0,
                    if c.passed { style::MUTED } else { RED },
                ));
            }
            ui.add_space(6.0);
            let all = checks.iter().all(|c| c.passed);
            ui.label(
                style::text(
                    if all {
                        tr.t("hive.verify.all_passed")
                    } else {
                        tr.t("hive.verify.failed")
                    },
                    20.0,
                    if all { GREEN } else { RED },
                )
                .strong(),
            );
            if let Some(bad) = first_bad {
                let (state, cells, text) = &**bad;
                ui.label(
                    egui::RichText::new(tr.tf("hive.verify.bad_move", &[("text", text)]))
                        .color(style::CREAM),
                );
                board2d::board(ui, state, cells, egui::vec2(300.0, 200.0));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::Seed;
    use crate::play::snelab::Stakes;
    use crate::play::snelab::record::{CaseEntry, CaseRecord, CaseResult};
    use crate::rules::snelab::Side;

    #[test]
    fn the_page_verifies_a_snelab_case_and_names_the_check_a_tampered_one_fails() {
        let seed = Seed([4; 32]);
        let mut record = CaseRecord {
            fingerprint: seed.fingerprint(),
            seed,
            seats: ["Ana (person)".into(), "Rui (person)".into()],
            south: crate::fair::ash_seat(&seed),
            stakes: Stakes::Casino,
            appeal: true,
            entries: vec![
                CaseEntry::Move {
                    text: "a1-a2".into(),
                    timeout: false,
                },
                CaseEntry::Resign(Side::North),
            ],
            result: CaseResult::Win(Side::South),
        };
        let failed = |r: &CaseRecord| match verify_text(&r.to_text()) {
            Verdict::Checked { checks, first_bad } => {
                assert!(first_bad.is_none(), "no board for a Snēlab case");
                checks
                    .into_iter()
                    .filter(|c| !c.passed)
                    .map(|c| c.name)
                    .collect::<Vec<_>>()
            }
            other => panic!("{other:?}"),
        };
        assert!(failed(&record).is_empty());
        record.entries[0] = CaseEntry::Move {
            text: "a1-a5".into(),
            timeout: false,
        };
        assert_eq!(failed(&record), ["moves", "result"]);
        // A damaged Snēlab record is unreadable, with its line named.
        let text = CaseRecord::to_text(&record).replace("stakes casino", "stakes pub");
        assert!(matches!(verify_text(&text), Verdict::Unreadable(_)));
    }
}
