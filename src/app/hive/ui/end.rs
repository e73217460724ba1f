//! The end of a game: who won and why, the seed revealed with "the fingerprint matches", the
//! game record saved (a file on the desktop, a download in the browser) or copied, Verify this
//! game, and a new game.

use super::Panel;
use super::verify::VerifyPage;
use super::{GREEN, RED, is_you, seat_name};
use crate::app::hive::{Intent, RecordSaved};
use crate::app::kit::panel;
use crate::app::platform;
use crate::app::screens::{MenuPage, Navigate};
use crate::app::style;
use crate::app::style::CentrePanel;
use crate::fair;
use crate::i18n::Explain;
use crate::rules::GameKind;
use bevy::prelude::MessageWriter;
use bevy_egui::egui;

/// The record's file name: the fingerprint's first digits keep names apart.
pub fn record_name(fingerprint: &str) -> String {
    format!(
        "ash-and-walnut-{}.txt",
        &fingerprint[..8.min(fingerprint.len())]
    )
}

#[allow(clippy::too_many_arguments)]
pub(super) fn banner(
    p: Panel,
    saved: &mut RecordSaved,
    data_dir: Option<&std::path::Path>,
    verify: &mut VerifyPage,
    go: &mut MessageWriter<Navigate>,
    replay: &mut MessageWriter<crate::app::replay::OpenReplay>,
) {
    let (ctx, tr, table, send) = p.parts();
    let Some((game, ending)) = table.game.as_ref().and_then(|g| Some((g, g.ending()?))) else {
        return;
    };
    if table.busy > 0.0 {
        return;
    }
    let headline = match ending.winner() {
        None => tr.t("hive.end.draw").to_string(),
        Some(w) if table.hot_seat() => tr.tf("hive.end.wins", &[("who", &seat_name(tr, table, w))]),
        Some(w) if is_you(table, w) => tr.t("hive.end.you_win").to_string(),
        Some(w) => tr.tf("hive.end.wins", &[("who", &seat_name(tr, table, w))]),
    };
    let won = ending.winner().is_some_and(|w| is_you(table, w));
    CentrePanel::covering("hive-end", 560.0, -10.0).show(ctx, |ui| {
        panel::end_headline(ui, headline, 34.0, won || table.hot_seat());
        // Why, as a sentence addressed to the person: "You resigned".
        let why = match ending {
            crate::play::hive::Ending::Resigned(c) if is_you(table, c) => {
                tr.t("hive.end.you_resigned").to_string()
            }
            crate::play::hive::Ending::Resigned(c) => tr.tf(
                "hive.end.resigned",
                &[
                    ("who", &seat_name(tr, table, c)),
                    ("colour", &tr.say(&c.explain())),
                ],
            ),
            // Online, an accepted draw offer: the rules saw no end.
            _ if table.host.as_ref().is_some_and(|o| o.agreed()) => {
                tr.t("online.end.agreed").to_string()
            }
            _ => crate::i18n::sentence(tr.say(&ending.explain())),
        };
        ui.label(style::cream(why, 18.0));
        ui.add_space(8.0);
        if let Some(seed) = game.revealed() {
            ui.label(style::muted(tr.t("hive.end.seed"), 14.0));
            let hex = seed.to_hex();
            ui.label(egui::RichText::new(&hex[..32]).monospace().size(13.0));
            ui.label(egui::RichText::new(&hex[32..]).monospace().size(13.0));
            let ok = fair::matches(&seed, &game.fingerprint());
            ui.label(style::text(
                if ok {
                    tr.t("hive.end.matches")
                } else {
                    tr.t("hive.end.mismatch")
                },
                16.0,
                if ok { GREEN } else { RED },
            ));
        }
        ui.add_space(8.0);
        let record = game.record().to_text();
        ui.horizontal(|ui| {
            if ui.button(tr.t("hive.end.save")).clicked() {
                #[cfg(not(target_arch = "wasm32"))]
                let dir = platform::records_dir(data_dir);
                #[cfg(target_arch = "wasm32")]
                let dir = {
                    let _ = data_dir;
                    std::path::PathBuf::new()
                };
                saved.0 = Some(platform::save_text(
                    &dir,
                    &record_name(&game.fingerprint()),
                    &record,
                ));
            }
            if ui.button(tr.t("hive.end.copy")).clicked() {
                ui.ctx().copy_text(record.clone());
            }
            if ui.button(tr.t("hive.verify.this")).clicked() {
                verify.load_text(&record);
                verify.from_game = true;
                go.write(Navigate::Menu(MenuPage::Tool(GameKind::Hive, "verify")));
            }
        });
        match &saved.0 {
            Some(Ok(path)) => {
                ui.label(style::text(
                    tr.tf("hive.end.saved", &[("path", path)]),
                    14.0,
                    GREEN,
                ));
            }
            Some(Err(why)) => {
                ui.label(style::text(
                    tr.tf("hive.end.save_failed", &[("why", why)]),
                    14.0,
                    RED,
                ));
            }
            None => {}
        }
        crate::app::kit::online_panels::rematch(ui, tr, table, send);
        if table.host.is_none() && !game.is_coached() {
            ui.add_space(6.0);
            if ui.button(tr.t("replay.this")).clicked() {
                replay.write(crate::app::replay::OpenReplay::new(
                    crate::review::Replay::Hive(crate::review::Line::of_match(game.game())),
                    [
                        super::seat_name(tr, table, crate::rules::hive::Colour::Ash),
                        super::seat_name(tr, table, crate::rules::hive::Colour::Walnut),
                    ],
                ));
            }
        }
        if panel::new_game(ui, tr.t("hive.end.new"), tr.t("hive.end.history")) {
            send(Intent::NewGame);
        }
    });
}
