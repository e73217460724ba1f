//! The end banner: who won and why, said to the person here, and a new game.

use super::Panel;
use super::build::{capital, colour_word};
use super::play::seat_name;
use crate::app::chess::{Intent, Table};
use crate::app::kit::panel::{self, Floating};
use crate::app::style;
use crate::i18n::{Explain, Tr};
use crate::play::chess::Ending;
use bevy::prelude::*;
use bevy_egui::egui;

/// Why the game ended, as a sentence to the person here: "You resigned" against the engine,
/// "Player 1 (white) resigned" at a hot seat, else the rules' reason ("Mate").
pub fn ending_line(tr: &Tr, table: &Table, ending: Ending) -> String {
    match ending {
        Ending::Resigned(side) if !table.hot_seat() && !watching(table) && side == table.colour => {
            tr.t("chess.ending.you_resigned").to_string()
        }
        Ending::Resigned(side) => tr.tf(
            "chess.ending.resigned_who",
            &[(
                "who",
                &format!("{} ({})", seat_name(tr, table, side), colour_word(tr, side)),
            )],
        ),
        // Online, an accepted draw offer: the rules saw no end.
        Ending::Rules(_) if table.host.as_ref().is_some_and(|o| o.agreed()) => {
            tr.t("online.end.agreed").to_string()
        }
        Ending::Agreed => tr.t("online.end.agreed").to_string(),
        Ending::Rules(_) => capital(&tr.say(&ending.explain())),
    }
}

/// Whether this device watches the table without a seat.
fn watching(table: &Table) -> bool {
    table.online.as_ref().is_some_and(|o| o.watching)
}

/// The end: who won and why, and a new game.
pub(super) fn end(p: Panel, replay: &mut MessageWriter<crate::app::replay::OpenReplay>) {
    let (ctx, tr, table, send) = p.parts();
    let Some((game, ending)) = table.game.as_ref().and_then(|g| Some((g, g.ending()?))) else {
        return;
    };
    if table.animating() || table.viewing.is_some() {
        return;
    }
    let person = table.colour;
    // A spectator is told who won, as at a hot seat.
    let spectator = watching(table);
    let headline = match ending.winner() {
        None => tr.t("chess.end_banner.draw").to_string(),
        Some(w) if spectator => tr.tf(
            "chess.end_banner.wins",
            &[
                ("who", &seat_name(tr, table, w)),
                ("colour", &colour_word(tr, w)),
            ],
        ),
        Some(w) if !table.hot_seat() && w == person => tr.t("chess.end_banner.you_win").to_string(),
        Some(_) if !table.hot_seat() => tr.t("chess.end_banner.you_lose").to_string(),
        Some(w) => tr.tf(
            "chess.end_banner.wins",
            &[
                ("who", &seat_name(tr, table, w)),
                ("colour", &colour_word(tr, w)),
            ],
        ),
    };
    let won = table.hot_seat() || spectator || ending.winner() == Some(person);
    Floating::anchored("chess-end", egui::Align2::CENTER_BOTTOM, [0.0, -16.0])
        .order(egui::Order::Foreground)
        .width(480.0)
        .column(ctx, None)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                panel::end_headline(ui, headline, 34.0, won);
                ui.label(style::cream(ending_line(tr, table, ending), 19.0));
                ui.label(style::muted(
                    tr.tf(
                        "chess.end_banner.actions",
                        &[("n", &game.len().to_string())],
                    ),
                    15.0,
                ));
                luck_lines(ui, tr, game);
                told_lines(ui, tr, table);
                crate::app::kit::online_panels::rematch(ui, tr, table, send);
                if table.host.is_none() && !game.is_coached() {
                    ui.add_space(6.0);
                    // The game's text record, on request (it is kept on the Games list too).
                    let local = || {
                        use crate::app::replay::archive::seat_name;
                        use crate::rules::chess::Colour;
                        let names = [
                            seat_name(game.seat(Colour::White)),
                            seat_name(game.seat(Colour::Black)),
                        ];
                        crate::play::chess_record::LocalChessRecord::from_game(
                            game,
                            [&names[0], &names[1]],
                        )
                        .map(|r| r.to_text())
                    };
                    // Only a game begun here with its own dice seed has a local record.
                    if game.dice_seed().is_some()
                        && ui.button(tr.t("games.copy_record")).clicked()
                        && let Some(text) = local()
                    {
                        ui.ctx().copy_text(text);
                    }
                    if ui.button(tr.t("replay.this")).clicked() {
                        replay.write(crate::app::replay::OpenReplay::new(
                            crate::review::Replay::Chess(crate::review::Line::of_match(
                                game.game(),
                            )),
                            [
                                seat_name(tr, table, crate::rules::chess::Colour::White),
                                seat_name(tr, table, crate::rules::chess::Colour::Black),
                            ],
                        ));
                    }
                }
                let (new, history) = ("chess.end_banner.new", "chess.end_banner.history");
                if panel::new_game(ui, tr.t(new), tr.t(history)) {
                    send(Intent::NewGame);
                }
            });
        });
}

/// Online, once the game has ended: the seed revealed (the line that its fingerprint matches
/// only when it does), whether the server's record verifies here, and Copy the record.
pub(super) fn told_lines(ui: &mut egui::Ui, tr: &Tr, table: &Table) {
    let Some((record, passed)) = table.told_record() else {
        return;
    };
    ui.add_space(6.0);
    if table.told_seed_matches() {
        ui.label(style::muted(tr.t("chess.online.seed"), 14.0));
    } else {
        ui.label(style::text(tr.t("chess.online.seed_mismatch"), 15.0, super::RED).strong());
    }
    let (key, colour) = if passed {
        ("chess.online.verified", super::GREEN)
    } else {
        ("chess.online.not_verified", super::RED)
    };
    ui.label(style::text(tr.t(key), 15.0, colour));
    if ui.button(tr.t("chess.online.copy_record")).clicked() {
        ui.ctx().copy_text(record.to_string());
    }
}

/// The luck of the dice, each side's captures against what the odds promised, where a capture
/// was attempted.
fn luck_lines(ui: &mut egui::Ui, tr: &Tr, game: &crate::play::chess::ChessGame) {
    use crate::rules::chess::Colour;
    // Read from the match's course, not replayed: the banner draws every frame.
    let line = crate::review::Line::of_match(game.game());
    let luck = crate::review::ChessLuck::of(&line);
    let cards = crate::review::CardLuck::of(&line);
    // The deal weighs every hand it could have been: worked out once per game, kept by egui.
    if let Some(first) = line.states.first() {
        let id = egui::Id::new((
            "chess-deal",
            first.key(),
            first.hand(Colour::White).bits(),
            first.hand(Colour::Black).bits(),
        ));
        let deals = ui
            .ctx()
            .data(|d| d.get_temp::<[Option<crate::review::Deal>; 2]>(id))
            .unwrap_or_else(|| {
                let deals = crate::review::deals(&line);
                ui.ctx().data_mut(|d| d.insert_temp(id, deals.clone()));
                deals
            });
        if let Some(words) = crate::app::replay::review::deal_summary(tr, &deals) {
            ui.label(style::muted(words, 14.0));
        }
    }
    for colour in [Colour::White, Colour::Black] {
        if let Some(words) = crate::app::replay::review::card_luck_line(tr, &cards, colour) {
            ui.label(style::muted(words, 14.0));
        }
    }
    if luck.counted().next().is_none() {
        return;
    }
    ui.add_space(4.0);
    for colour in [Colour::White, Colour::Black] {
        let i = colour.index();
        ui.label(style::muted(
            tr.tf(
                "luck.side",
                &[
                    ("side", &capital(&colour_word(tr, colour))),
                    ("expected", &format!("{:.1}", luck.expected[i])),
                    ("captures", &luck.captures[i].to_string()),
                    ("luck", &format!("{:+.1}", luck.luck(colour))),
                ],
            ),
            14.0,
        ));
    }
}
