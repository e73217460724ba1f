//! The lobby: the bot at a level or a second person here, the clock, the game type (the
//! three expansion creatures, each a toggle with what it does), Start, Continue (a saved
//! game), a line on why the game is fair, and the online table (open one, or join one by its
//! code). The game type holds for a game here and for a table opened online, and is kept in
//! the settings.

use super::Panel;
use crate::app::hive::Intent;
use crate::app::kit::online_panels::{self, OnlineForm};
use crate::app::kit::panel::{self, Floating};
use crate::app::style::{self, big_button};
use crate::i18n::{Explain, Tr};
use crate::rules::hive::{Creature, GameType};
use bevy_egui::egui;

/// What the lobby asked for beyond its intents: the online table, and a game type to keep in
/// the settings.
#[derive(Default)]
pub(super) struct Asked {
    pub go: Option<crate::app::hive::link::GoOnline>,
    pub game_type: Option<GameType>,
}

/// The expansion creatures, in the order of the game type's letters (M, L, P), each with the
/// key of its line in the lobby.
const EXPANSIONS: [(Creature, &str); 3] = [
    (Creature::Jay, "hive.lobby.jay_line"),
    (Creature::Squirrel, "hive.lobby.squirrel_line"),
    (Creature::Hedgehog, "hive.lobby.hedgehog_line"),
];

/// The game type with `creature` turned on or off, the others as in `now`.
pub(crate) fn toggled(now: GameType, creature: Creature, on: bool) -> GameType {
    let set: Vec<Creature> = EXPANSIONS
        .iter()
        .map(|(c, _)| *c)
        .filter(|&c| if c == creature { on } else { now.has(c) })
        .collect();
    GameType::with(&set)
}

/// The game type in words: "The five creatures" or "The five + Jay, Hedgehog" as the
/// language says it; the UHP GameTypeString beside it for those who know it.
pub(crate) fn game_type_words(tr: &Tr, game: GameType) -> String {
    let names: Vec<String> = EXPANSIONS
        .iter()
        .filter(|(c, _)| game.has(*c))
        .map(|(c, _)| tr.say(&c.explain()))
        .collect();
    match names.len() {
        0 => tr.t("hive.game_type.base").to_string(),
        _ => tr.tf("hive.game_type.with", &[("creatures", &names.join(", "))]),
    }
}

/// The three toggles; the game type chosen, if it changed.
pub(crate) fn creatures(ui: &mut egui::Ui, tr: &Tr, now: GameType) -> Option<GameType> {
    let mut chosen = None;
    ui.horizontal(|ui| {
        // What the choice holds for, on hover: the lobby keeps its height.
        ui.label(egui::RichText::new(tr.t("hive.lobby.creatures")).color(style::MUTED))
            .on_hover_text(tr.t("hive.lobby.creatures_line"));
        ui.label(style::muted(now.to_string(), 13.0).monospace());
    });
    egui::Grid::new("hive-lobby-creatures")
        .num_columns(2)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            for (creature, line) in EXPANSIONS {
                let mut on = now.has(creature);
                let name = style::cream(tr.say(&creature.explain()), 16.0);
                if ui.checkbox(&mut on, name).changed() {
                    chosen = Some(toggled(now, creature, on));
                }
                ui.add(egui::Label::new(style::muted(tr.t(line), 14.0)).wrap());
                ui.end_row();
            }
        });
    chosen
}

pub(super) fn lobby(p: Panel, form: &mut OnlineForm, server: &mut String) -> Asked {
    let (ctx, tr, table, send) = p.parts();
    let mut asked = Asked::default();
    // Two panels side by side: a game here (the bot or a person at this device), and the
    // online table.
    // Its top under the table's title: with the creatures it is nearly the screen's height.
    // Play stays in sight under what scrolls, where the panel scrolls.
    let ((), start) = Floating::anchored(
        "hive-lobby",
        egui::Align2::RIGHT_TOP,
        [
            -(ctx.content_rect().width() / 2.0 + 8.0),
            crate::app::style::top_row(ctx),
        ],
    )
    .width(440.0)
    .column(ctx, Some(true))
    .show_footed(
        ctx,
        |ui| {
            panel::lobby_head(ui, tr, "hive");
            if let Some(saved) = &table.saved {
                let plies = saved.state().ply().to_string();
                let button = tr.tf("hive.lobby.continue", &[("plies", &plies)]);
                if panel::continue_offer(ui, button, tr.t("hive.lobby.or_new")) {
                    send(Intent::Continue);
                }
            }
            let choice = crate::app::kit::choice;
            if let Some(seat) = panel::opponent_chooser(ui, tr, "hive", table.opponent, choice) {
                send(Intent::Choose(seat));
            }
            ui.add_space(6.0);
            ui.label(egui::RichText::new(tr.t("hive.lobby.clock")).color(style::MUTED));
            ui.horizontal_wrapped(|ui| {
                let turn = crate::app::kit::online::control_text(
                    tr,
                    crate::net::protocol::TimeControl::Turn { seconds: 60 },
                );
                for (timed, words) in [(true, turn.as_str()), (false, tr.t("hive.lobby.untimed"))] {
                    if choice(ui, table.timed == timed, words).clicked() && table.timed != timed {
                        send(Intent::Timed(timed));
                    }
                }
            });
            ui.add_space(4.0);
            if let Some(game_type) = creatures(ui, tr, table.game_type) {
                send(Intent::GameType(game_type));
                asked.game_type = Some(game_type);
            }
        },
        |ui| {
            ui.add_space(12.0);
            ui.vertical_centered(|ui| {
                let start = ui.add(big_button(tr.t("hive.lobby.start"))).clicked();
                ui.add_space(6.0);
                ui.label(style::muted(tr.t("hive.lobby.fair"), 14.0));
                start
            })
            .inner
        },
    );
    if start {
        send(Intent::Start);
    }
    let panel = Floating::anchored(
        "hive-lobby-online",
        egui::Align2::LEFT_CENTER,
        [ctx.content_rect().width() / 2.0 + 8.0, 10.0],
    )
    .width(440.0)
    .column(ctx, Some(false));
    asked.go = online_panels::lobby_part(panel, ctx, tr, table, form, server);
    asked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_toggle_turns_its_own_creature_on_and_off() {
        let base = GameType::BASE;
        let m = toggled(base, Creature::Jay, true);
        assert_eq!(m.to_string(), "Base+M");
        let mp = toggled(m, Creature::Hedgehog, true);
        assert_eq!(mp.to_string(), "Base+MP");
        assert_eq!(toggled(mp, Creature::Jay, false).to_string(), "Base+P");
        let all = toggled(mp, Creature::Squirrel, true);
        assert_eq!(all, GameType::MLP);
        for (c, _) in EXPANSIONS {
            assert_eq!(toggled(toggled(all, c, false), c, true), all);
            assert!(!toggled(all, c, false).has(c));
        }
    }

    #[test]
    fn a_game_type_is_worded_by_its_creatures() {
        let tr = Tr(crate::i18n::Strings::new(crate::i18n::Lang::En));
        assert_eq!(game_type_words(&tr, GameType::BASE), "The five creatures");
        assert_eq!(
            game_type_words(&tr, GameType::MLP),
            "The five + Jay, Squirrel, Hedgehog"
        );
    }
}
