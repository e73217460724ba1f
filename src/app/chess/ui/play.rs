//! The panels in play: who sits where and who acts (with check and the engine thinking), the
//! bottom bar (whose turn — not yours until the engine's reply has landed —, Heal, Undo move,
//! Resign) and the promotion chooser. The move list is `moves`, the odds, the dice and the
//! latest attempt `dice`, the end banner `end`.

use super::Panel;
use super::build::{capital, colour_word};
use super::{ChessPanels, GREEN, RED};
use crate::app::chess::table::TurnStatus;
use crate::app::chess::{Intent, Phase, Table};
use crate::app::kit::panel::{self, Floating};
use crate::app::style::{self, big_button};
use crate::i18n::{Explain, Tr};
use crate::play::Seat;
use crate::rules::chess::{Action, Colour, Role};
use bevy::prelude::*;
use bevy_egui::egui;

/// A seat's name: "You", "Engine (hard)"; at a hot seat "Player 1" (white) and "Player 2".
pub(super) fn seat_name(tr: &Tr, table: &Table, colour: Colour) -> String {
    let Some(game) = &table.game else {
        // Online, before the game: the other seat as the server names it.
        let side = crate::net::protocol::Side::of_chess(colour);
        let seat = table
            .host
            .as_ref()
            .and_then(|o| o.seat_playing(side).or_else(|| o.other()));
        return match (&table.online, seat) {
            (Some(o), Some(view)) if colour != o.me || o.watching => {
                tr.say(&crate::app::kit::online::seat_name(view))
            }
            _ => String::new(),
        };
    };
    // A replay's seats are the record's.
    if let Some(r) = &table.replay {
        let name = &r.names[colour.index()];
        return if name.is_empty() {
            tr.say(&colour.explain())
        } else {
            name.clone()
        };
    }
    // A lesson's other side is the lesson's answers, not the engine.
    if game.is_coached() && game.seat(colour) != Seat::Person {
        return tr.t("learn.seat").to_string();
    }
    match game.seat(colour) {
        Seat::Person if table.hot_seat() => tr
            .t(match colour {
                Colour::White => "chess.player.first",
                Colour::Black => "chess.player.second",
            })
            .to_string(),
        Seat::Person => tr.t("chess.you").to_string(),
        Seat::Bot(level) => tr.tf("chess.engine", &[("level", &tr.say(&level_word(level)))]),
        // Online: the other seat as the server names it (a person, or its bot).
        Seat::Remote => match table.host.as_ref().and_then(|o| {
            o.seat_playing(crate::net::protocol::Side::of_chess(colour))
                .or_else(|| o.other())
        }) {
            Some(view) => tr.say(&crate::app::kit::online::seat_name(view)),
            None => tr.say(&Seat::Remote.label()),
        },
    }
}

/// Online: the server's clock for the side to act ("White to act: 0:42 left").
pub(super) fn clock_line(tr: &Tr, table: &Table) -> Option<String> {
    let left = table.host.as_ref()?.countdown?;
    let to_act = table.game.as_ref()?.awaited()?;
    let time = crate::app::kit::online::clock_text(tr, left);
    Some(tr.tf(
        "chess.online.time_left",
        &[
            ("colour", &capital(&colour_word(tr, to_act))),
            ("time", &time),
        ],
    ))
}

fn level_word(level: crate::ai::Level) -> crate::i18n::Message {
    crate::i18n::msg(level.key())
}

pub(super) fn players(ctx: &egui::Context, tr: &Tr, table: &Table, panels: &mut ChessPanels) {
    let Some(game) = &table.game else {
        return;
    };
    // On a compact screen a lesson's panel takes the left, the players' place (the lesson
    // against its own replies, no clock), and so does the analysis board's: the bar at the
    // bottom says whose move it is, and check (`actions`).
    if (game.is_coached() || table.analysing.is_some()) && style::compact(ctx) {
        return;
    }
    let shown = table.shown();
    Floating::players(ctx, "chess-players", 260.0).show(ctx, |ui| {
        for colour in [Colour::White, Colour::Black] {
            let to_act = game.awaited() == Some(colour);
            ui.horizontal(|ui| {
                let dot = if to_act { "▶" } else { " " };
                ui.label(style::brass(dot, 16.0));
                // The line wraps in the panel's width (at most 40 % of a compact screen).
                ui.add(
                    egui::Label::new(style::text(
                        tr.tf(
                            "chess.players.line",
                            &[
                                ("colour", &capital(&colour_word(tr, colour))),
                                ("who", &seat_name(tr, table, colour)),
                            ],
                        ),
                        16.0,
                        if to_act { style::CREAM } else { style::MUTED },
                    ))
                    .wrap(),
                );
            });
        }
        if let Some(s) = shown
            && s.in_check()
            && s.end().is_none()
        {
            ui.label(
                style::text(
                    tr.tf(
                        "chess.in_check",
                        &[("colour", &capital(&colour_word(tr, s.turn())))],
                    ),
                    16.0,
                    RED,
                )
                .strong(),
            );
        }
        if game.artifacts() {
            let state = game.state();
            ui.label(style::ash(
                tr.tf(
                    "chess.reserves",
                    &[
                        ("white", &state.reserve(Colour::White).to_string()),
                        ("black", &state.reserve(Colour::Black).to_string()),
                    ],
                ),
                13.0,
            ));
        }
        let artifacts = if game.artifacts() {
            "chess.artifacts.on"
        } else {
            "chess.artifacts.off"
        };
        if style::compact(ctx) {
            // A compact screen has no room for the other hand's strip at the top: its count
            // (and its cards, scouted) are told here.
            if game.artifacts() {
                super::cards::their_hand_lines(ui, tr, table);
            }
        } else {
            ui.label(style::muted(tr.t(artifacts), 13.0));
        }
        if let Some(line) = clock_line(tr, table) {
            ui.label(style::brass(line, 15.0));
        }
        // Online: the fingerprint of the table's secret seed, shown since the game started.
        if let Some(fp) = table.told_fingerprint() {
            ui.separator();
            fingerprint(ui, tr, fp, panels);
        }
    });
}

/// Online: the seed's fingerprint, shortened, the whole value a click away (as at every
/// table).
pub(super) fn fingerprint(ui: &mut egui::Ui, tr: &Tr, fp: &str, panels: &mut ChessPanels) {
    let words = panel::FingerprintWords {
        label: tr.t("online.seed.fingerprint"),
        hint: tr.t("online.seed.fingerprint_hint"),
        copy: tr.t("online.seed.copy"),
    };
    panel::fingerprint_row(ui, words, fp, &mut panels.fingerprint);
}

/// The line of the bottom bar for `status`: an action still landing is told as such, so "your
/// turn" comes only once the engine's reply stands on the board.
pub fn turn_line(tr: &Tr, table: &Table, status: TurnStatus, dots: usize) -> String {
    let person_here = |c: Colour| {
        table
            .game
            .as_ref()
            .is_some_and(|g| g.seat(c) == Seat::Person)
    };
    match status {
        TurnStatus::Landing(side) if person_here(side) && !table.hot_seat() => {
            tr.t("chess.turn.landing_you").to_string()
        }
        TurnStatus::Landing(side) => tr.tf(
            "chess.turn.landing",
            &[("who", &seat_name(tr, table, side))],
        ),
        // A lesson's other side is the lesson's script, never an engine thinking; once done,
        // nothing more is played.
        TurnStatus::Waiting(_) if table.game.as_ref().is_some_and(|g| g.is_coached()) => {
            use crate::app::learn::Teach;
            let done = table.coach().is_some_and(|c| c.done());
            tr.t(if done {
                "learn.turn.done"
            } else {
                "learn.turn.answer"
            })
            .to_string()
        }
        TurnStatus::Waiting(side) => format!(
            "{}{}",
            tr.tf("chess.turn.engine", &[("who", &seat_name(tr, table, side))]),
            ".".repeat(dots)
        ),
        TurnStatus::Person(side) if table.hot_seat() => tr.tf(
            "chess.turn.hot",
            &[
                ("who", &seat_name(tr, table, side)),
                ("colour", &colour_word(tr, side)),
            ],
        ),
        TurnStatus::Person(_) if table.selected.is_some() => {
            tr.t("chess.turn.selected").to_string()
        }
        TurnStatus::Person(_) => tr.t("chess.turn.yours").to_string(),
    }
}

/// The bar at the bottom: whose turn, what to do, Heal, Resign.
pub(super) fn actions(p: Panel, panels: &mut ChessPanels, dots: usize) {
    let (ctx, tr, table, send) = p.parts();
    let Some(game) = &table.game else {
        return;
    };
    if table.roll.is_some() || table.card.is_some() || game.state().window().is_some() {
        return;
    }
    let Some(status) = table.turn_status() else {
        return;
    };
    let above_hand = game.artifacts() && table.viewing.is_none();
    let line = turn_line(tr, table, status, dots);
    let heals = game
        .state()
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Heal { .. }))
        .count();
    let bottom = if above_hand {
        -super::cards::above_hand(ctx)
    } else {
        -16.0
    };
    // On a compact screen the bar's line stands over its buttons, the buttons wrapped: right
    // of the players' panel where that reaches down to the bar's row or an online table's
    // offers make the bar wide; along the bottom where its one row would not fit the screen
    // (a long line: the marks' legend with a piece lifted, the longer languages). Elsewhere it
    // is one row in the middle.
    // Right of a lesson's panel, which takes the left column of a compact screen.
    let screen = ctx.content_rect();
    let column = style::left_column(ctx);
    let players = ctx.memory(|m| m.area_rect(egui::Id::new("chess-players")));
    let offers = table.online.as_ref().is_some_and(|o| !o.watching);
    let beside = offers || players.is_some_and(|r| reaches_bar(r, screen.bottom() + bottom));
    let widest = [tr.t("hive.moves.open"), tr.t("chess.resign")];
    let compact = style::compact(ctx)
        && (column.is_some() || beside || !one_row_fits(ctx, &line, &widest, screen));
    // With the players' panel given way to a lesson, check is told in the bar.
    let check = column
        .and(table.shown())
        .filter(|s| s.in_check() && s.end().is_none())
        .map(|s| {
            tr.tf(
                "chess.in_check",
                &[("colour", &capital(&colour_word(tr, s.turn())))],
            )
        });
    let floating = if compact {
        let left = match (column, players) {
            (Some(right), _) => right + 8.0,
            (None, Some(r)) if beside => r.right() + 8.0,
            _ => screen.left() + 16.0,
        };
        Floating::anchored("chess-actions", egui::Align2::RIGHT_BOTTOM, [-16.0, bottom])
            .margin(18, 8)
            .width(compact_bar_width(screen, left))
    } else {
        Floating::anchored("chess-actions", egui::Align2::CENTER_BOTTOM, [0.0, bottom])
            .margin(18, 10)
    };
    floating.show(ctx, |ui| {
        let mut buttons = |ui: &mut egui::Ui| {
            let ready = table.person_to_act();
            if heals > 0 && ready {
                let label = tr.tf("chess.heal", &[("n", &heals.to_string())]);
                if ui
                    .add(egui::Button::new(egui::RichText::new(label).color(GREEN)))
                    .on_hover_text(tr.t("chess.heal.hint"))
                    .clicked()
                {
                    send(Intent::Heal(None));
                }
            }
            if ready && let Some(cancel) = crate::app::chess::table::cancel_offer(game.state()) {
                let card = game
                    .state()
                    .cancelable()
                    .map(|c| tr.say(&c.explain()))
                    .unwrap_or_default();
                if ui
                    .add(egui::Button::new(
                        egui::RichText::new(tr.tf("chess.cancel_offer", &[("card", &card)]))
                            .color(GREEN),
                    ))
                    .clicked()
                {
                    send(Intent::Act(cancel));
                }
            }
            // The board in words with every legal action (issue 41).
            if ready {
                let label = if panels.reading {
                    tr.t("hive.moves.close")
                } else {
                    tr.t("hive.moves.open")
                };
                if ui.button(label).clicked() {
                    panels.reading = !panels.reading;
                }
            }
            // A spectator offers nothing and resigns nothing; a lesson is left, not resigned,
            // and so is the analysis board.
            if table.online.as_ref().is_some_and(|o| o.watching)
                || game.is_coached()
                || table.analysing.is_some()
            {
                return;
            }
            // Online: a draw offered, or the last move asked back, to the other player.
            if !panels.confirm_resign {
                crate::app::kit::online_panels::offer_buttons(ui, tr, table, send);
            }
            let question = style::text(tr.t("chess.resign.sure"), 15.0, RED);
            let answers = (tr.t("chess.resign.yes"), tr.t("chess.resign.no"));
            let can = table.phase == Phase::Play && !table.animating();
            let resign = (tr.t("chess.resign"), can);
            if panel::resign_asked(ui, &mut panels.confirm_resign, question, answers, resign) {
                send(Intent::Resign);
            }
        };
        if compact {
            // Smaller buttons, closer: two to a row (three rows and the line keep under the
            // folded move list in Russian, the longest words, with an offer to answer).
            let look = ui.style_mut();
            look.spacing.button_padding = egui::vec2(9.0, 4.0);
            look.spacing.item_spacing = egui::vec2(8.0, 5.0);
            if let Some(font) = look.text_styles.get_mut(&egui::TextStyle::Button) {
                font.size = 15.0;
            }
            if let Some(font) = look.text_styles.get_mut(&egui::TextStyle::Body) {
                font.size = 15.0;
            }
            if let Some(check) = check {
                ui.label(style::text(check, 17.0, RED).strong());
            }
            ui.label(style::cream(line, 17.0));
            ui.horizontal_wrapped(buttons);
        } else {
            ui.horizontal(|ui| {
                ui.label(style::cream(line, 17.0));
                buttons(ui);
            });
        }
    });
    style::note_bottom_area(ctx, "chess-actions");
}

/// Whether a one-row actions bar fits the `screen` with its `line` (17 points) and the `buttons`
/// it most often has (All my moves and Resign, at the buttons' size), their padding and gaps and
/// the bar's frame, 16 points from each edge.
fn one_row_fits(ctx: &egui::Context, line: &str, buttons: &[&str], screen: egui::Rect) -> bool {
    let look = ctx.global_style();
    let button = style::font_of(&look, egui::TextStyle::Button);
    let width = |text: &str, font: egui::FontId| style::text_width(ctx, text, font);
    let pad = 2.0 * look.spacing.button_padding.x + look.spacing.item_spacing.x;
    let buttons: f32 = buttons.iter().map(|b| width(b, button.clone()) + pad).sum();
    let row = width(line, egui::FontId::proportional(17.0)) + buttons + 2.0 * 18.0 + 2.0;
    row <= screen.width() - 2.0 * 16.0
}

/// Whether the players' panel, at `players`, reaches down to the row of a one-row actions bar
/// whose bottom is at `bar_bottom` (about 60 points tall), 8 points apart.
fn reaches_bar(players: egui::Rect, bar_bottom: f32) -> bool {
    players.bottom() + 8.0 > bar_bottom - 60.0
}

/// The contents' width of the actions bar on a compact `screen`: from `left` (right of the
/// players' panel) to the screen's right margin, less the bar's frame (18-point sides and its
/// stroke); never under 160 points.
fn compact_bar_width(screen: egui::Rect, left: f32) -> f32 {
    (screen.right() - 16.0 - left - 2.0 * 18.0 - 2.0).max(160.0)
}

/// "All my moves" at the board: the position as the person may know it, in words; a typed
/// action (notation or words); every legal action, one chosen played at once (`Intent::Act`).
pub fn reading(p: Panel, panels: &mut ChessPanels) {
    let (ctx, tr, table, send) = p.parts();
    let Some(game) = &table.game else {
        return;
    };
    let state = game.state();
    let viewer = game.awaited().unwrap_or(table.colour);
    let (lines, actions) = crate::app::kit::reading::said(
        tr,
        crate::access::chess::position(state, viewer),
        crate::access::chess::actions(state),
        |a| a.to_string(),
    );
    // The card row lies under the bar: the window ends above both.
    const CARDS_AND_BAR: f32 = 240.0;
    let chosen = crate::app::kit::reading::show(
        ctx,
        tr,
        "chess-reading",
        CARDS_AND_BAR,
        &mut panels.reading,
        &mut panels.field,
        &lines,
        actions,
        |text| crate::access::chess::typed(state, text, |m| tr.say(m)).map_err(|w| tr.say(&w)),
    );
    if let Some(a) = chosen {
        send(Intent::Act(a));
    }
}

/// The promotion chooser: rook, bishop or knight.
pub(super) fn promotion(p: Panel) {
    let (ctx, tr, table, send) = p.parts();
    let Some(choices) = &table.promotion else {
        return;
    };
    Floating::anchored("chess-promotion", egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(style::brass(tr.t("chess.promote.title"), 24.0));
                ui.horizontal(|ui| {
                    for (role, key) in [(Role::Rook, "R"), (Role::Bishop, "B"), (Role::Knight, "N")]
                    {
                        let offered = choices
                            .iter()
                            .any(|a| crate::app::chess::table::promotion_of(a) == Some(role));
                        let text = format!("{} ({key})", capital(&tr.say(&role.explain())));
                        if ui.add_enabled(offered, big_button(text)).clicked() {
                            send(Intent::Promote(role));
                        }
                    }
                });
                ui.label(style::muted(tr.t("chess.promote.back"), 13.0));
            });
        });
}

#[cfg(test)]
mod tests {
    use super::super::end::ending_line;
    use super::*;
    use crate::app::chess::Timing;
    use crate::i18n::{Lang, Strings};
    use crate::play::chess::Ending;

    fn tr(lang: Lang) -> Tr {
        Tr(Strings::new(lang))
    }

    /// At scale 2 on 1280×720 (640×360 points): a short players' panel leaves the bar its
    /// row in the middle, a tall one (an online table's clock and fingerprint) sends it right
    /// of the panel, filling the width to the screen's margin.
    #[test]
    fn the_compact_bar_stands_beside_a_players_panel_that_reaches_its_row() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(640.0, 360.0));
        let short = egui::Rect::from_min_max(egui::pos2(16.0, 64.0), egui::pos2(307.0, 137.0));
        let tall = egui::Rect::from_min_max(egui::pos2(16.0, 64.0), egui::pos2(307.0, 259.0));
        assert!(!reaches_bar(short, 344.0));
        assert!(reaches_bar(tall, 268.0));
        let width = compact_bar_width(screen, 315.0);
        assert_eq!(315.0 + width + 2.0 * 18.0 + 2.0, 640.0 - 16.0);
        assert_eq!(compact_bar_width(screen, 600.0), 160.0);
    }

    fn game_against(opponent: Seat) -> Table {
        let mut t = Table::default();
        let instant = Timing::INSTANT;
        t.handle(Intent::Artifacts(false), 0, &instant).unwrap();
        t.handle(Intent::Choose(opponent), 0, &instant).unwrap();
        t.handle(Intent::Start, 1, &instant).unwrap();
        t.handle(Intent::RandomArmy, 2, &instant).unwrap();
        t.handle(Intent::Ready, 3, &instant).unwrap();
        if opponent == Seat::Person {
            t.handle(Intent::TakeOver, 0, &instant).unwrap();
            t.handle(Intent::RandomArmy, 4, &instant).unwrap();
            t.handle(Intent::Ready, 5, &instant).unwrap();
        }
        assert_eq!(t.phase, Phase::Play);
        t
    }

    #[test]
    fn an_action_still_landing_is_not_told_as_your_turn() {
        let t = game_against(Seat::Bot(crate::ai::Level::Normal));
        let en = tr(Lang::En);
        let yours = en.t("chess.turn.yours").to_string();
        let engine = turn_line(&en, &t, TurnStatus::Landing(Colour::Black), 0);
        assert_eq!(engine, "Engine (normal) moves…");
        let own = turn_line(&en, &t, TurnStatus::Landing(Colour::White), 0);
        assert_eq!(own, "Your move is landing…");
        assert_eq!(
            turn_line(&en, &t, TurnStatus::Person(Colour::White), 0),
            yours
        );
        for lang in Lang::ALL {
            let tr = tr(lang);
            let yours = tr.t("chess.turn.yours");
            for side in [Colour::White, Colour::Black] {
                let line = turn_line(&tr, &t, TurnStatus::Landing(side), 0);
                assert_ne!(line, yours, "{}", lang.code());
                assert!(
                    line.chars().next().is_some_and(char::is_uppercase),
                    "{line}"
                );
            }
        }
    }

    #[test]
    fn a_resignation_is_told_as_a_sentence_naming_who() {
        let mut t = game_against(Seat::Bot(crate::ai::Level::Easy));
        t.handle(Intent::Resign, 0, &Timing::INSTANT).unwrap();
        let ending = t.game.as_ref().and_then(|g| g.ending()).unwrap();
        assert_eq!(ending, Ending::Resigned(Colour::White));
        let said: Vec<String> = Lang::ALL
            .iter()
            .map(|l| ending_line(&tr(*l), &t, ending))
            .collect();
        assert_eq!(said, ["You resigned", "Você desistiu", "Вы сдались"]);
        let mut h = game_against(Seat::Person);
        h.handle(Intent::Resign, 0, &Timing::INSTANT).unwrap();
        let ending = h.game.as_ref().and_then(|g| g.ending()).unwrap();
        assert_eq!(ending, Ending::Resigned(Colour::White));
        assert_eq!(
            ending_line(&tr(Lang::En), &h, ending),
            "Player 1 (white) resigned"
        );
        // A rules' ending starts with a capital too.
        let mate = Ending::Rules(crate::rules::chess::End::Mate {
            winner: Colour::Black,
        });
        for lang in Lang::ALL {
            let line = ending_line(&tr(lang), &t, mate);
            assert!(
                line.chars().next().is_some_and(char::is_uppercase),
                "{line}"
            );
        }
    }
}
