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
        // Online, the server's record whole, with its signatures; here, the game's.
        let record = game.record_text();
        let row = |ui: &mut egui::Ui| {
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
        };
        if style::compact(ui.ctx()) {
            // Smaller, and wrapped where a language's words are long (Russian's three ran
            // off the screen).
            for style in [egui::TextStyle::Button, egui::TextStyle::Body] {
                if let Some(font) = ui.style_mut().text_styles.get_mut(&style) {
                    font.size = 15.0;
                }
            }
            ui.horizontal_wrapped(row);
        } else {
            ui.horizontal(row);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::hive::{Phase, Table};
    use crate::app::kit::host::Hosted;
    use crate::app::replay::OpenReplay;
    use crate::fair::Seed;
    use crate::i18n::{Lang, Strings, Tr};
    use crate::identity::{Identity, Signer, action_bytes};
    use crate::play::hive::HiveGame;
    use crate::play::signed::{Chain, Entry, sealed};
    use crate::play::{ClockSetting, Seat};
    use crate::rules::hive::Colour;
    use bevy::ecs::system::RunSystemOnce;
    use bevy::prelude::{Messages, World};

    /// A game the server held and ended (walnut resigned after three moves), and the record it
    /// sent: the game's lines, then every move signed (both seats without a key: the server
    /// signs for them) and the server's seal.
    fn ended_online() -> (Table, String) {
        let clock = ClockSetting {
            per_turn: Some(crate::play::hive::TURN_SECONDS),
            window: None,
        };
        let mut g = HiveGame::new(
            [Seat::Remote, Seat::Person],
            ["Rui".into(), "Ana".into()],
            Seed([5; 32]),
            clock,
            3,
        );
        let server = Identity::from_secret([90; 32]);
        let mut chain = Chain::new("K7Q2MX", [None, None], server.public());
        for text in ["wS1", "bS1 wS1-", "wQ -wS1"] {
            let side = g.awaited().unwrap();
            g.submit_text(side, text).unwrap();
            let bytes = action_bytes("K7Q2MX", chain.next_n(), text, &chain.head());
            chain.entries.push(Entry {
                signer: Signer::Server,
                action: text.into(),
                signature: server.sign(&bytes),
            });
        }
        g.resign(Colour::Walnut).unwrap();
        let record = sealed(&g.record().to_text(), &chain, &server);
        let fingerprint = g.fingerprint();
        let seed = g.revealed();
        let mut hosted = Hosted::elsewhere(g, fingerprint);
        hosted.told_end(seed, record.clone());
        let mut table = Table::default();
        table.game = Some(hosted);
        table.phase = Phase::Over;
        (table, record)
    }

    /// The end banner's button `words` pressed (a press and a release, a frame each, after two
    /// frames that lay the banner out): what the Verify page then holds, and what was copied.
    fn press(words: &'static str, table: Table) -> (VerifyPage, Vec<String>) {
        let mut world = World::new();
        world.init_resource::<Messages<Navigate>>();
        world.init_resource::<Messages<OpenReplay>>();
        world
            .run_system_once(
                move |mut go: MessageWriter<Navigate>, mut replay: MessageWriter<OpenReplay>| {
                    let ctx = egui::Context::default();
                    crate::app::style::configure_context(&ctx);
                    let tr = Tr(Strings::new(Lang::En));
                    let mut verify = VerifyPage::default();
                    let mut saved = RecordSaved::default();
                    let mut copied = Vec::new();
                    let mut at = None;
                    let mut time = 0.0;
                    let mut frame = |events: Vec<egui::Event>,
                                     at: &mut Option<egui::Pos2>,
                                     copied: &mut Vec<String>| {
                        time += 0.5;
                        let input = crate::app::kit::harness::window_input(Some(time), events);
                        let out = ctx.run_ui(input, |ui| {
                            let mut send = |_| {};
                            let p = Panel::new(ui.ctx(), &tr, &table, &mut send);
                            banner(p, &mut saved, None, &mut verify, &mut go, &mut replay);
                        });
                        for c in &out.shapes {
                            if let egui::Shape::Text(t) = &c.shape
                                && t.galley.text() == words
                            {
                                *at = Some(t.visual_bounding_rect().center());
                            }
                        }
                        for c in &out.platform_output.commands {
                            if let egui::OutputCommand::CopyText(text) = c {
                                copied.push(text.clone());
                            }
                        }
                        out.drop_without_applying_deltas();
                    };
                    frame(vec![], &mut at, &mut copied);
                    frame(vec![], &mut at, &mut copied);
                    let pos = at.expect("the button is on the banner");
                    let button = |pressed| egui::Event::PointerButton {
                        pos,
                        button: egui::PointerButton::Primary,
                        pressed,
                        modifiers: egui::Modifiers::NONE,
                    };
                    frame(
                        vec![egui::Event::PointerMoved(pos), button(true)],
                        &mut at,
                        &mut copied,
                    );
                    frame(vec![button(false)], &mut at, &mut copied);
                    (verify, copied)
                },
            )
            .unwrap()
    }

    /// Issue: Ash & Walnut's end banner rebuilt the record from the server's text without its
    /// signed part, so Copy the record and Verify this game had no signatures to check. Both
    /// take the server's whole record now, and Verify checks its signatures.
    #[test]
    fn online_the_end_banner_copies_and_verifies_the_servers_signed_record() {
        let (table, record) = ended_online();
        assert!(record.contains("\n# signed\n") && record.contains("\nseal "));
        assert_eq!(table.game.as_ref().unwrap().record_text(), record);
        let (verify, _) = press("Verify this game", table.clone());
        assert_eq!(verify.text, record);
        let Some(super::super::verify::Verdict::Checked { checks, .. }) = &verify.verdict else {
            panic!("{:?}", verify.verdict)
        };
        let signatures = checks.iter().find(|c| c.name == "signatures");
        assert!(
            signatures.is_some_and(|c| c.passed),
            "the signatures are checked: {checks:?}"
        );
        assert!(verify.verified(), "{checks:?}");
        let (_, copied) = press("Copy the record", table);
        assert_eq!(copied, vec![record]);
    }

    /// A game played here has no server's record: the banner's is the game's own.
    #[test]
    fn here_the_end_banner_copies_the_games_own_record() {
        let (mut table, _) = ended_online();
        let game = table.game.take().unwrap().played_here().clone();
        let text = game.record().to_text();
        table.game = Some(Hosted::here(game));
        assert_eq!(table.game.as_ref().unwrap().record_text(), text);
    }
}
