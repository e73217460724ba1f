//! The artifacts on the table: your hand along the near edge (name, icon, kind and full text;
//! a card that cannot be played now says why), the card being aimed with its prompt and its
//! preview, Seize's choice from the opponent's pile, the opponent's hand as card backs (face up
//! after Scouting), both played piles, and the response window's bar with its countdown.

use super::Panel;
use super::build::{capital, colour_word};
use super::play::seat_name;
use super::{GREEN, RED};
use crate::app::chess::table::{CardPick, card_blocked, steps};
use crate::app::chess::{Intent, Table};
use crate::app::kit::panel::Floating;
use crate::app::style::CentrePanel;
use crate::app::style::{self, panel_frame};
use crate::i18n::{Explain, Tr};
use crate::play::Seat;
use crate::rules::chess::{Action, Artifact, Colour, Play, State, card_actions};
use bevy_egui::egui;
use std::collections::HashMap;

/// The icons' texture ids, by card (and the card back).
#[derive(Default)]
pub struct IconIds {
    pub cards: HashMap<Artifact, egui::TextureId>,
    pub back: Option<egui::TextureId>,
}

const CARD_W: f32 = 196.0;
const CARD_H: f32 = 150.0;
/// A card's size on a compact screen (a large interface scale): its icon, name and kind, the
/// text on hover.
const SMALL_CARD: egui::Vec2 = egui::vec2(150.0, 58.0);

/// How far above the screen's bottom the bars over the hand of cards stand: the cards' height,
/// raised, with the margins.
pub(super) fn above_hand(ctx: &egui::Context) -> f32 {
    if style::compact(ctx) {
        SMALL_CARD.y + 14.0 + 8.0 + 12.0
    } else {
        176.0
    }
}
const BROWN: egui::Color32 = egui::Color32::from_rgb(0x33, 0x23, 0x17);

fn icon(ui: &mut egui::Ui, id: Option<egui::TextureId>, size: f32) {
    match id {
        Some(id) => {
            ui.add(egui::Image::new((id, egui::vec2(size, size))));
        }
        None => {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
            ui.painter()
                .rect_filled(rect, 6.0, egui::Color32::from_rgb(0x4a, 0x33, 0x20));
        }
    }
}

/// The colour whose hand is shown face up along the near edge: the person's (at a hot seat,
/// the side to act).
fn holder(table: &Table, state: &State) -> Colour {
    if table.hot_seat() {
        state.turn()
    } else {
        table.colour
    }
}

/// Your hand along the near edge.
pub(super) fn hand(p: Panel, icons: &IconIds) {
    let (ctx, tr, table, send) = p.parts();
    let Some(game) = &table.game else {
        return;
    };
    if !game.artifacts() || table.roll.is_some() || table.viewing.is_some() {
        return;
    }
    let state = game.state();
    let me = holder(table, state);
    if table.online.as_ref().is_some_and(|o| o.watching) {
        // A spectator sees no hand: the near side's count, as card backs.
        egui::Area::new(egui::Id::new("chess-hand"))
            .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -8.0])
            .show(ctx, |ui| {
                panel_frame()
                    .inner_margin(egui::Margin::symmetric(14, 8))
                    .show(ui, |ui| {
                        ui.horizontal(|ui| {
                            ui.label(style::muted(
                                tr.tf(
                                    "chess.hand.theirs",
                                    &[
                                        ("who", &super::play::seat_name(tr, table, me)),
                                        ("n", &table.hand_count(me).to_string()),
                                    ],
                                ),
                                14.0,
                            ));
                            for _ in 0..table.hand_count(me) {
                                icon(ui, icons.back, 26.0);
                            }
                        });
                    });
            });
        return;
    }
    let cards: Vec<Artifact> = state.hand(me).iter().collect();
    let my_turn = table.person_to_act() && state.turn() == me;
    let small = style::compact(ctx);
    // Small cards share the screen's width (a horizontal scroll past the narrowest), or what a
    // lesson's panel in the left column leaves of it, standing right of the panel.
    let screen = ctx.content_rect();
    let column = style::left_column(ctx);
    let n = cards.len().max(1) as f32;
    let room = match column {
        Some(right) => screen.right() - 16.0 - (right + 8.0),
        None => screen.width() - 32.0,
    };
    // Each card's frame reaches 3 points past its size on either side (its stroke).
    let each = ((room - 8.0 * (n - 1.0)) / n - 6.0).clamp(100.0, SMALL_CARD.x);
    let chosen = table.card.as_ref().map(|c| c.card);
    let (anchor, x) = match column {
        Some(_) => (egui::Align2::RIGHT_BOTTOM, -16.0),
        None => (egui::Align2::CENTER_BOTTOM, 0.0),
    };
    egui::Area::new(egui::Id::new("chess-hand"))
        .anchor(anchor, [x, -8.0])
        .show(ctx, |ui| {
            let mut row = |ui: &mut egui::Ui| {
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = 8.0;
                    if cards.is_empty() {
                        panel_frame()
                            .inner_margin(egui::Margin::symmetric(14, 8))
                            .show(ui, |ui| {
                                ui.label(style::muted(tr.t("chess.hand.empty"), 14.0));
                            });
                    }
                    for (i, card) in cards.iter().enumerate() {
                        let playable = my_turn && !card_actions(state, *card).is_empty();
                        let raised = chosen == Some(*card);
                        let small = small.then_some(each);
                        let r = card_face(ui, tr, icons, (*card, i + 1), (playable, raised), small);
                        let why = (!playable).then(|| {
                            if my_turn {
                                tr.say(&card_blocked(state, *card))
                            } else {
                                tr.t("chess.card_blocked.not_now").to_string()
                            }
                        });
                        let hint = match &why {
                            Some(w) => capital(w),
                            None => tr.t("chess.hand.hint").to_string(),
                        };
                        // A small card shows its text on hover only.
                        let r = if small.is_some() {
                            r.on_hover_text(format!(
                                "{} · {}\n{}\n\n{hint}",
                                tr.say(&card.explain()),
                                capital(&tr.say(&card.kind().explain())),
                                tr.t(card.text_key())
                            ))
                        } else {
                            r.on_hover_text(hint)
                        };
                        if r.clicked() {
                            send(Intent::Card(if raised { None } else { Some(*card) }));
                        }
                    }
                });
            };
            if small && !cards.is_empty() {
                // As wide as the cards (an area starts narrower), at most the screen's width.
                let cards_width = n * (each + 6.0) + 8.0 * (n - 1.0);
                ui.set_width(cards_width.min(room));
                egui::ScrollArea::horizontal().max_width(room).show(ui, row);
            } else {
                row(ui);
            }
        });
    style::note_bottom_area(ctx, "chess-hand");
}

/// One card face; `key` is its number for the keyboard.
fn card_face(
    ui: &mut egui::Ui,
    tr: &Tr,
    icons: &IconIds,
    (card, key): (Artifact, usize),
    (playable, raised): (bool, bool),
    small: Option<f32>,
) -> egui::Response {
    let size = match small {
        Some(w) => egui::vec2(w, SMALL_CARD.y),
        None => egui::vec2(CARD_W, CARD_H),
    };
    let small = small.is_some();
    let stroke = if raised {
        egui::Stroke::new(2.5, style::BRASS)
    } else {
        egui::Stroke::new(1.2, egui::Color32::from_rgb(0x7a, 0x56, 0x33))
    };
    let fill = if playable {
        BROWN
    } else {
        egui::Color32::from_rgb(0x26, 0x1b, 0x13)
    };
    let text_colour = if playable { style::CREAM } else { style::MUTED };
    let inner = egui::Frame::new()
        .fill(fill)
        .stroke(stroke)
        .corner_radius(egui::CornerRadius::same(10))
        .inner_margin(egui::Margin::same(8))
        .outer_margin(egui::Margin {
            left: 0,
            right: 0,
            top: if raised { 0 } else { 14 },
            bottom: if raised { 14 } else { 0 },
        })
        .show(ui, |ui| {
            ui.set_width(size.x - 16.0);
            ui.set_height(size.y - 16.0);
            ui.vertical(|ui| {
                ui.spacing_mut().item_spacing.y = 4.0;
                ui.horizontal(|ui| {
                    icon(
                        ui,
                        icons.cards.get(&card).copied(),
                        if small { 24.0 } else { 40.0 },
                    );
                    ui.vertical(|ui| {
                        ui.spacing_mut().item_spacing.y = 1.0;
                        let name = format!("{key} · {}", tr.say(&card.explain()));
                        let colour = if playable { style::BRASS } else { style::MUTED };
                        let size = if small {
                            // A small card's name comes down in size (not under 10 points)
                            // until its longest word fits, rather than break inside a word.
                            let longest = name
                                .split_whitespace()
                                .map(|w| {
                                    style::button_words_width(
                                        ui,
                                        style::text(w, 13.0, colour).strong(),
                                    )
                                })
                                .fold(0.0, f32::max);
                            let room = ui.available_width();
                            if longest > room {
                                (13.0 * room / longest).max(10.0)
                            } else {
                                13.0
                            }
                        } else {
                            15.0
                        };
                        ui.label(style::text(name, size, colour).strong());
                        if !small {
                            ui.label(style::muted(capital(&tr.say(&card.kind().explain())), 12.0));
                        }
                    });
                });
                if !small {
                    ui.add(
                        egui::Label::new(style::text(tr.t(card.text_key()), 11.5, text_colour))
                            .wrap(),
                    );
                }
            });
        });
    ui.interact(
        inner.response.rect,
        egui::Id::new(("chess-card", card)),
        egui::Sense::click(),
    )
}

/// What the card being aimed needs next, and what it will do.
pub(super) fn aiming(p: Panel, icons: &IconIds) {
    let (ctx, tr, table, send) = p.parts();
    let Some(pick) = &table.card else {
        return;
    };
    let Some(state) = table.state() else {
        return;
    };
    let name = tr.say(&pick.card.explain());
    let line = prompt(tr, pick, state);
    let complete = pick.complete();
    // On a narrow screen the words wrap beside the icon, the buttons on a row under them.
    let narrow = style::narrow(ctx);
    let floating = Floating::anchored(
        "chess-aim",
        egui::Align2::CENTER_BOTTOM,
        [0.0, -above_hand(ctx)],
    )
    .order(egui::Order::Foreground)
    .margin(16, 8);
    let floating = if narrow {
        floating.width(ctx.content_rect().width() - 32.0 - 34.0)
    } else {
        floating
    };
    floating.show(ctx, |ui| {
        let words = |ui: &mut egui::Ui| {
            icon(ui, icons.cards.get(&pick.card).copied(), 28.0);
            ui.add(egui::Label::new(style::cream(format!("{name}: {line}"), 16.0)).wrap());
        };
        if narrow {
            ui.horizontal(words);
        }
        ui.horizontal_wrapped(|ui| {
            if !narrow {
                words(ui);
            }
            let seize = matches!(complete.first(), Some(Action::Play(Play::Seize(_))));
            if seize {
                for a in &complete {
                    if let Action::Play(Play::Seize(taken)) = a {
                        let r = ui
                            .button(tr.say(&taken.explain()))
                            .on_hover_text(tr.t(taken.text_key()));
                        if r.clicked() {
                            send(Intent::CardTake(*taken));
                        }
                    }
                }
            } else if pick.next_squares().is_empty()
                && !complete.is_empty()
                && ui
                    .add(egui::Button::new(
                        egui::RichText::new(tr.t("chess.aim.play")).color(GREEN),
                    ))
                    .clicked()
            {
                send(Intent::CardGo);
            }
            if ui.button(tr.t("chess.aim.back")).clicked() {
                send(Intent::Select(None));
            }
        });
    });
    style::note_bottom_area(ctx, "chess-aim");
}

/// The card's prompt: what to choose next, or (all chosen) what it will do.
fn prompt(tr: &Tr, pick: &CardPick, state: &State) -> String {
    let candidates = pick.candidates();
    if let [only] = candidates.as_slice()
        && steps(only).len() == pick.path.len()
        && !pick.path.is_empty()
    {
        return tr.tf("chess.aim.preview", &[("action", &only.to_string())]);
    }
    if matches!(candidates.first(), Some(Action::Play(Play::Seize(_)))) {
        return tr.t("chess.aim.choose_pile").to_string();
    }
    let n = pick.path.len();
    let moves_a_piece = candidates
        .iter()
        .any(|a| matches!(a, Action::Play(p) if p.card_move().is_some()));
    let key = match (n, moves_a_piece) {
        (_, _) if pick.next_squares().is_empty() => "chess.aim.confirm",
        (0, true) if !matches!(pick.card, Artifact::KingsStride) => "chess.aim.choose_piece",
        (0, _) if matches!(pick.card, Artifact::KingsStride) => "chess.aim.choose_step",
        (0, false) => "chess.aim.choose_square",
        _ => "chess.aim.choose_to",
    };
    let _ = state;
    tr.t(key).to_string()
}

/// The opponent's hand as card backs with a count (face up after Scouting), and both played
/// piles, browsable.
pub(super) fn piles(ctx: &egui::Context, tr: &Tr, table: &Table, icons: &IconIds) {
    let Some(game) = &table.game else {
        return;
    };
    if !game.artifacts() {
        return;
    }
    // A compact screen tells the other hand in the players' panel and the piles in the folded
    // move list.
    if style::compact(ctx) {
        return;
    }
    let state = game.state();
    let me = holder(table, state);
    let them = me.other();
    // Online the status strip holds the top: the hand goes under it.
    let top = table
        .host
        .as_ref()
        .map_or(14.0, crate::app::kit::online_panels::strip_bottom);
    Floating::anchored("chess-their-hand", egui::Align2::CENTER_TOP, [0.0, top])
        .margin(14, 6)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(style::muted(their_hand_count(tr, table, them), 14.0));
                let watching = table.online.as_ref().is_some_and(|o| o.watching);
                if state.scouted(me) && !watching {
                    for c in state.hand(them).iter() {
                        ui.horizontal(|ui| {
                            icon(ui, icons.cards.get(&c).copied(), 22.0);
                            ui.label(egui::RichText::new(tr.say(&c.explain())).size(13.0))
                                .on_hover_text(tr.t(c.text_key()));
                        });
                    }
                } else {
                    for _ in 0..table.hand_count(them) {
                        icon(ui, icons.back, 26.0);
                    }
                }
            });
        });
    // Under the players' panel as drawn this frame (it grows with a check, the clock, and
    // online the seed's fingerprint).
    let top = ctx
        .memory(|m| m.area_rect(egui::Id::new("chess-players")))
        .map_or(240.0, |r| (r.bottom() + 10.0).max(240.0));
    Floating::anchored("chess-piles", egui::Align2::LEFT_TOP, [16.0, top])
        .margin(14, 8)
        .width(260.0)
        .show(ctx, |ui| pile_headers(ui, tr, state, icons));
}

/// "{who} — in hand: N" of the hand facing `them`.
fn their_hand_count(tr: &Tr, table: &Table, them: Colour) -> String {
    tr.tf(
        "chess.hand.theirs",
        &[
            ("who", &seat_name(tr, table, them)),
            ("n", &table.hand_count(them).to_string()),
        ],
    )
}

/// On a compact screen, in the players' panel: the other hand's count, and its cards by name
/// once scouted.
pub(super) fn their_hand_lines(ui: &mut egui::Ui, tr: &Tr, table: &Table) {
    let Some(game) = &table.game else {
        return;
    };
    let state = game.state();
    let me = holder(table, state);
    let them = me.other();
    ui.label(style::muted(their_hand_count(tr, table, them), 13.0));
    let watching = table.online.as_ref().is_some_and(|o| o.watching);
    if state.scouted(me) && !watching {
        let names: Vec<String> = state
            .hand(them)
            .iter()
            .map(|c| tr.say(&c.explain()))
            .collect();
        ui.label(style::ash(names.join(" · "), 13.0));
    }
}

/// The two piles of cards played, each a folded heading with its cards under it.
pub(super) fn pile_headers(ui: &mut egui::Ui, tr: &Tr, state: &State, icons: &IconIds) {
    for colour in [Colour::White, Colour::Black] {
        let pile = state.played(colour);
        let title = tr.tf(
            "chess.pile.title",
            &[
                ("colour", &capital(&colour_word(tr, colour))),
                ("n", &pile.len().to_string()),
            ],
        );
        egui::CollapsingHeader::new(egui::RichText::new(title).size(14.0))
            .id_salt(("chess-pile", colour))
            .default_open(false)
            .show(ui, |ui| {
                if pile.is_empty() {
                    ui.label(style::muted(tr.t("chess.pile.empty"), 13.0));
                }
                for c in pile {
                    ui.horizontal(|ui| {
                        icon(ui, icons.cards.get(c).copied(), 20.0);
                        ui.label(egui::RichText::new(tr.say(&c.explain())).size(13.0))
                            .on_hover_text(tr.t(c.text_key()));
                    });
                }
            });
    }
}

/// The response window: the opener's card, a countdown, and the answers (Cancel, Seize, Pass)
/// for a person; the engine's own windows say it is answering.
pub(super) fn window(p: Panel, icons: &IconIds) {
    let (ctx, tr, table, send) = p.parts();
    let Some(game) = &table.game else {
        return;
    };
    let state = game.state();
    let Some(w) = state.window() else {
        return;
    };
    if table.animating() {
        return;
    }
    let responder = state.turn();
    let person = game.seat(responder) == Seat::Person;
    let answers = state.legal_actions();
    CentrePanel::covering("chess-window", 520.0, -40.0).show(ctx, |ui| {
        ui.horizontal(|ui| {
            icon(ui, icons.cards.get(&w.card).copied(), 44.0);
            ui.add(
                egui::Label::new(style::brass(
                    tr.tf(
                        "chess.window.title",
                        &[
                            ("who", &seat_name(tr, table, w.opener)),
                            ("card", &tr.say(&w.card.explain())),
                        ],
                    ),
                    20.0,
                ))
                .wrap(),
            );
        });
        if let (Some(left), Some(total)) = (game.window_left(), game.game().clock().window) {
            ui.add(
                egui::ProgressBar::new((left / total).clamp(0.0, 1.0) as f32)
                    .desired_height(22.0)
                    .fill(if left < 3.0 { RED } else { style::BRASS })
                    .text(tr.tf(
                        "chess.window.left",
                        &[("s", &format!("{:.0}", left.ceil()))],
                    )),
            );
        }
        if !person {
            ui.label(style::muted(
                tr.tf(
                    "chess.window.engine",
                    &[("who", &seat_name(tr, table, responder))],
                ),
                15.0,
            ));
            return;
        }
        ui.label(style::cream(tr.t("chess.window.answer"), 15.0));
        let answers: Vec<(String, Action)> = answers
            .iter()
            .filter_map(|a| {
                let (label, key) = match a {
                    Action::Play(Play::Cancel) => (
                        tr.tf(
                            "chess.window.cancel",
                            &[("card", &tr.say(&w.card.explain()))],
                        ),
                        "C",
                    ),
                    Action::Play(Play::Seize(c)) => (
                        tr.tf("chess.window.seize", &[("card", &tr.say(&c.explain()))]),
                        "S",
                    ),
                    Action::Pass => (tr.t("chess.window.pass").to_string(), "P"),
                    _ => return None,
                };
                Some((format!("{label} ({key})"), *a))
            })
            .collect();
        let mut buttons = |ui: &mut egui::Ui| {
            for (label, a) in &answers {
                if ui.button(label).clicked() {
                    send(Intent::Act(*a));
                }
            }
        };
        // In a row where they fit; one under the other where the panel is narrow (beside a
        // lesson on a compact screen). (A button's words are drawn in the body's size.)
        let pad = 2.0 * ui.spacing().button_padding.x;
        let gaps = ui.spacing().item_spacing.x * answers.len().saturating_sub(1) as f32;
        let row: f32 = answers
            .iter()
            .map(|(label, _)| style::words_width(ui, label.as_str(), egui::TextStyle::Body) + pad)
            .sum::<f32>()
            + gaps;
        if row <= ui.available_width() {
            ui.horizontal(buttons);
        } else {
            buttons(ui);
        }
    });
}
