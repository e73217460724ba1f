//! Before the game: the lobby (opponent, colour, artifacts, Continue), the army builder (the
//! budget, the palette with drag and drop, every broken rule in words, Random army, Clear,
//! Ready), the hot seat's hand-over screen, and the reveal.

use super::Panel;
use super::{GREEN, RED, to_board};
use crate::app::chess::Intent;
use crate::app::chess::table::{BuildStatus, build_status, piece_name};
use crate::app::chess::view::square_at;
use crate::app::kit::choice;
use crate::app::kit::panel::{self, Floating};
use crate::app::style::{self, big_button, panel_frame};
use crate::i18n::{Explain, Tr};
use crate::rules::chess::army::{BUDGET, count_limit};
use crate::rules::chess::{Colour, Role};
use bevy::prelude::*;
use bevy_egui::egui;

/// The palette's roles, in the order of the keys 1–4.
pub(super) const PALETTE: [Role; 4] = [Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

pub(super) use crate::app::chess::table::capital;

pub(super) fn colour_word(tr: &Tr, c: Colour) -> String {
    tr.say(&c.explain())
}

pub(super) fn lobby(p: Panel, beside_online: bool) {
    let (ctx, tr, table, send) = p.parts();
    let x = if beside_online { -268.0 } else { 0.0 };
    // Play stays in sight under what scrolls, where the panel scrolls.
    let ((), start) = Floating::anchored("chess-lobby", egui::Align2::CENTER_CENTER, [x, 10.0])
        .width(if beside_online { 480.0 } else { 540.0 })
        .column(ctx, beside_online.then_some(true))
        .show_footed(
            ctx,
            |ui| {
                panel::lobby_head(ui, tr, "chess");
                if let Some(saved) = &table.saved {
                    let n = saved.len().to_string();
                    let button = tr.tf("chess.lobby.continue", &[("actions", &n)]);
                    if panel::continue_offer(ui, button, tr.t("chess.lobby.or_new")) {
                        send(Intent::Continue);
                    }
                }
                if let Some(seat) = panel::opponent_chooser(ui, tr, "chess", table.opponent, choice)
                {
                    send(Intent::Choose(seat));
                }
                if !table.hot_seat() {
                    ui.label(egui::RichText::new(tr.t("chess.lobby.colour")).color(style::MUTED));
                    // Rows that wrap where the words are longer than the panel is wide.
                    ui.horizontal_wrapped(|ui| {
                        for c in [Colour::White, Colour::Black] {
                            let chosen = table.colour == c;
                            let word = capital(&colour_word(tr, c));
                            if choice(ui, chosen, &word).clicked() && !chosen {
                                send(Intent::Colour(c));
                            }
                        }
                    });
                } else {
                    ui.label(style::muted(tr.t("chess.lobby.hot_seat"), 14.0));
                }
                let artifacts =
                    egui::RichText::new(tr.t("chess.lobby.artifacts")).color(style::MUTED);
                let mut choices = |ui: &mut egui::Ui| {
                    for (on, key) in [(true, "chess.lobby.on"), (false, "chess.lobby.off")] {
                        let chosen = table.artifacts == on;
                        if choice(ui, chosen, tr.t(key)).clicked() && !chosen {
                            send(Intent::Artifacts(on));
                        }
                    }
                };
                if style::compact(ctx) {
                    // The name over its choices, which wrap where the words are long.
                    ui.label(artifacts);
                    ui.horizontal_wrapped(choices);
                } else {
                    ui.horizontal(|ui| {
                        ui.label(artifacts);
                        choices(ui);
                    });
                }
                ui.label(style::muted(
                    tr.t(if table.artifacts {
                        "chess.lobby.artifacts_on"
                    } else {
                        "chess.lobby.artifacts_off"
                    }),
                    13.0,
                ));
            },
            |ui| {
                ui.add_space(12.0);
                ui.vertical_centered(|ui| ui.add(big_button(tr.t("chess.lobby.start"))).clicked())
                    .inner
            },
        );
    if start {
        send(Intent::Start);
    }
}

/// The lobby's online part, right of the lobby: open a table with these artifacts, join one
/// by its code, or return to a seat kept from an earlier run.
pub(super) fn online_part(
    ctx: &egui::Context,
    tr: &Tr,
    table: &crate::app::chess::Table,
    form: &mut crate::app::kit::online_panels::OnlineForm,
    server: &mut String,
) -> Option<crate::app::kit::link::GoOnline> {
    let panel = Floating::anchored(
        "chess-lobby-online",
        egui::Align2::CENTER_CENTER,
        [268.0, 10.0],
    )
    .width(480.0)
    .column(ctx, Some(false));
    crate::app::kit::online_panels::lobby_part(panel, ctx, tr, table, form, server)
}

/// The army builder (left), with the piece dragged from the palette following the pointer.
pub(super) fn builder(p: Panel, camera: Option<crate::app::kit::panel::Eye<'_>>) {
    let (ctx, tr, table, send) = p.parts();
    let Some(draft) = table.draft() else {
        return;
    };
    let colour = draft.colour;
    let title = if table.hot_seat() {
        let who = tr.t(match colour {
            Colour::White => "chess.player.first",
            Colour::Black => "chess.player.second",
        });
        tr.tf(
            "chess.build.title_hot",
            &[("who", who), ("colour", &colour_word(tr, colour))],
        )
    } else {
        tr.tf("chess.build.title", &[("colour", &colour_word(tr, colour))])
    };
    let status = build_status(draft);
    let mut dropped: Option<(Role, egui::Pos2)> = None;
    let mut dragging: Option<Role> = None;
    Floating::anchored("chess-build", egui::Align2::LEFT_TOP, [16.0, 84.0])
        .margin(18, 14)
        .width(330.0)
        .left_column(ctx, 0.5)
        .show(ctx, |ui| {
            style::title(ui, title, 22.0);
            let points = draft.points();
            let over = points > BUDGET;
            ui.label(style::text(
                tr.tf(
                    "chess.build.budget",
                    &[
                        ("used", &points.to_string()),
                        ("budget", &BUDGET.to_string()),
                        ("left", &draft.left().to_string()),
                    ],
                ),
                17.0,
                if over { RED } else { style::CREAM },
            ));
            ui.add(
                egui::ProgressBar::new((points as f32 / BUDGET as f32).min(1.0))
                    .desired_height(10.0)
                    .fill(if over { RED } else { style::BRASS }),
            );
            ui.add_space(4.0);
            for (i, role) in PALETTE.into_iter().enumerate() {
                let n = draft.count(role);
                let name = capital(&tr.say(&role.explain()));
                let text = tr.tf(
                    "chess.build.palette",
                    &[
                        ("key", &(i + 1).to_string()),
                        ("piece", &name),
                        ("points", &role.points().to_string()),
                        ("count", &n.to_string()),
                        ("max", &count_limit(role).to_string()),
                    ],
                );
                let held = table.held == Some(role);
                // A kind that fits nowhere (the most placed, too few points) is dimmed
                // and says why.
                let blocked = draft.role_blocked(role);
                let text = egui::RichText::new(text).size(17.0);
                let text = if blocked.is_some() {
                    text.color(super::DIM)
                } else {
                    text
                };
                let r = ui.add(
                    egui::Button::selectable(held, text)
                        // As wide as the column leaves on a compact screen.
                        .min_size(egui::vec2(300.0_f32.min(ui.available_width()), 30.0))
                        .sense(egui::Sense::click_and_drag()),
                );
                let r = match &blocked {
                    Some(why) => r.on_hover_text(capital(&tr.say(&why.explain()))),
                    None => r.on_hover_text(tr.t("chess.build.palette_hint")),
                };
                if r.clicked() {
                    send(Intent::Hold(if held { None } else { Some(role) }));
                }
                if r.dragged() {
                    dragging = Some(role);
                }
                if r.drag_stopped()
                    && let Some(p) = ui.ctx().pointer_interact_pos()
                {
                    dropped = Some((role, p));
                }
            }
            ui.label(style::muted(
                tr.tf(
                    "chess.build.king",
                    &[("square", if colour == Colour::White { "e1" } else { "e8" })],
                ),
                14.0,
            ));
            // The piece in hand fits nowhere: why (there are no dots).
            if let Some(why) = table.held.and_then(|r| draft.role_blocked(r)) {
                ui.label(style::ash(capital(&tr.say(&why.explain())), 14.0));
            }
            // The piece picked on the board, to take off.
            if let Some(sq) = table.build_pick
                && let Some(role) = draft.at(sq)
            {
                ui.horizontal(|ui| {
                    ui.label(style::cream(
                        tr.tf(
                            "chess.build.picked",
                            &[
                                ("piece", &capital(&tr.say(&piece_name(colour, role)))),
                                ("square", &sq.to_string()),
                            ],
                        ),
                        15.0,
                    ));
                    if role != Role::King && ui.button(tr.t("chess.build.take_off")).clicked() {
                        send(Intent::TakeOff(sq));
                    }
                });
                if role == Role::King {
                    let why = crate::play::chess::DraftError::KingStays(sq);
                    ui.label(style::ash(capital(&tr.say(&why.explain())), 14.0));
                }
            }
            ui.separator();
            match &status {
                BuildStatus::KingOnly { left } => {
                    ui.label(style::cream(
                        tr.tf("chess.build.king_only", &[("left", &left.to_string())]),
                        15.0,
                    ));
                }
                BuildStatus::Legal { left } => {
                    let line = if *left == 0 {
                        tr.t("chess.build.legal").to_string()
                    } else {
                        tr.tf("chess.build.legal_left", &[("left", &left.to_string())])
                    };
                    ui.label(style::text(line, 15.0, GREEN));
                }
                BuildStatus::Broken(problems) => {
                    for p in problems {
                        ui.label(style::text(
                            format!("• {}", capital(&tr.say(&p.explain()))),
                            15.0,
                            RED,
                        ));
                    }
                }
            }
            ui.separator();
            if let Some(o) = &table.online {
                // Online: the other seat builds at the same time, unseen.
                let other = super::play::seat_name(tr, table, colour.other());
                let (key, tone) = if o.other_ready() {
                    ("chess.online.ready", GREEN)
                } else {
                    ("chess.online.building", style::CREAM)
                };
                ui.label(style::text(tr.tf(key, &[("name", &other)]), 16.0, tone));
                if o.committed() {
                    ui.label(style::brass(
                        tr.tf("chess.online.waiting", &[("name", &other)]),
                        16.0,
                    ));
                    ui.label(style::muted(tr.t("chess.online.hidden"), 13.0));
                    return;
                }
            }
            // The army lesson: its own panel (right) says what to build and when it is done.
            if table.army_lesson.is_some() {
                ui.label(style::muted(tr.t("chess.build.hint"), 13.0));
                return;
            }
            ui.horizontal(|ui| {
                if ui.button(tr.t("chess.build.random")).clicked() {
                    send(Intent::RandomArmy);
                }
                if ui.button(tr.t("chess.build.clear")).clicked() {
                    send(Intent::ClearArmy);
                }
            });
            ui.add_space(4.0);
            let legal = !matches!(status, BuildStatus::Broken(_));
            let ready = ui
                .add_enabled(legal, big_button(tr.t("chess.build.ready")))
                .on_disabled_hover_text(tr.t("chess.build.not_ready"));
            if ready.clicked() {
                send(Intent::Ready);
            }
            ui.label(style::muted(tr.t("chess.build.hint"), 13.0));
            if table.online.is_some() {
                ui.label(style::muted(tr.t("chess.online.hidden"), 13.0));
            } else if !table.hot_seat() {
                ui.label(style::muted(tr.t("chess.build.engine_hidden"), 13.0));
            }
        });
    if let Some(role) = dragging
        && let Some(p) = ctx.pointer_interact_pos()
    {
        egui::Area::new(egui::Id::new("chess-drag"))
            .fixed_pos(p + egui::vec2(12.0, 12.0))
            .order(egui::Order::Tooltip)
            .interactable(false)
            .show(ctx, |ui| {
                panel_frame()
                    .inner_margin(egui::Margin::symmetric(10, 4))
                    .show(ui, |ui| {
                        ui.label(capital(&tr.say(&role.explain())));
                    });
            });
    }
    if let Some((role, p)) = dropped
        && let Some(sq) = to_board(camera, p).and_then(square_at)
    {
        send(Intent::Drop(role, sq));
    }
}

/// Online while the armies are built (the builder holds the left side): the fingerprint of
/// the table's secret seed, shown since the game started, in a small panel at the top right,
/// under the menu's buttons and clear of the board.
pub(super) fn fingerprint_corner(
    ctx: &egui::Context,
    tr: &Tr,
    table: &crate::app::chess::Table,
    panels: &mut super::ChessPanels,
) {
    let Some(fp) = table.told_fingerprint() else {
        return;
    };
    Floating::anchored("chess-fingerprint", egui::Align2::RIGHT_TOP, [-16.0, 84.0])
        .margin(14, 8)
        .width(230.0)
        .show(ctx, |ui| super::play::fingerprint(ui, tr, fp, panels));
}

/// The hot seat's hand-over: the board hidden, the first army out of sight.
pub(super) fn pass(ctx: &egui::Context, tr: &Tr, next: Colour, send: &mut impl FnMut(Intent)) {
    egui::Area::new(egui::Id::new("chess-pass-screen"))
        .fixed_pos(egui::pos2(0.0, 0.0))
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            let rect = ui.ctx().content_rect();
            ui.painter()
                .rect_filled(rect, 0.0, egui::Color32::from_rgb(0x1a, 0x11, 0x0b));
            ui.scope_builder(
                egui::UiBuilder::new()
                    .max_rect(rect.shrink2(egui::vec2(rect.width() / 4.0, rect.height() / 4.0))),
                |ui| {
                    ui.vertical_centered(|ui| {
                        ui.add_space(40.0);
                        style::title(ui, tr.t("chess.pass.title"), 34.0);
                        ui.add_space(10.0);
                        ui.label(style::cream(
                            tr.tf(
                                "chess.pass.line",
                                &[("colour", &colour_word(tr, next.other()))],
                            ),
                            18.0,
                        ));
                        ui.add_space(20.0);
                        if ui
                            .add(big_button(tr.tf(
                                "chess.pass.take_over",
                                &[("colour", &colour_word(tr, next))],
                            )))
                            .clicked()
                        {
                            send(Intent::TakeOver);
                        }
                    });
                },
            );
        });
}

/// The board's playing surface on the screen (the bounding box of its four corners), if the
/// camera sees it.
pub(super) fn board_rect(camera: Option<crate::app::kit::panel::Eye<'_>>) -> Option<egui::Rect> {
    let y = crate::app::room::TABLE_TOP_Y + crate::carve::BOARD_TOP;
    let mut rect: Option<egui::Rect> = None;
    for (x, z) in [(-4.0, -4.0), (4.0, -4.0), (-4.0, 4.0), (4.0, 4.0)] {
        let p = super::to_screen(camera, Vec3::new(x, y, z))?;
        rect = Some(rect.map_or(egui::Rect::from_min_max(p, p), |r| {
            r.union(egui::Rect::from_min_max(p, p))
        }));
    }
    rect
}

/// The top of the screen the table's own bars use (the menu button, the players' panels).
const TOP_BARS: f32 = 80.0;
/// Room kept between the banner and the board, or the screen's edge.
const BANNER_GAP: f32 = 10.0;
/// The banner's height, about (its text and margins).
const BANNER_HEIGHT: f32 = 52.0;

/// Where the reveal's banner goes, so that it hides no piece of either army: under the board's
/// picture if there is room, else over it (below the top bars), else along the screen's bottom
/// edge — over the near side, the army of the person here, never the far one being revealed.
/// The point and the banner's side that sits on it.
pub fn banner_spot(screen: egui::Rect, board: Option<egui::Rect>) -> (egui::Pos2, egui::Align2) {
    let bottom_edge = (
        egui::pos2(screen.center().x, screen.bottom() - BANNER_GAP),
        egui::Align2::CENTER_BOTTOM,
    );
    let Some(board) = board else {
        return bottom_edge;
    };
    let x = board.center().x.clamp(screen.left(), screen.right());
    if board.bottom() + BANNER_GAP + BANNER_HEIGHT <= screen.bottom() - BANNER_GAP {
        return (
            egui::pos2(x, board.bottom() + BANNER_GAP),
            egui::Align2::CENTER_TOP,
        );
    }
    if board.top() - BANNER_GAP - BANNER_HEIGHT >= screen.top() + TOP_BARS {
        return (
            egui::pos2(x, board.top() - BANNER_GAP),
            egui::Align2::CENTER_BOTTOM,
        );
    }
    bottom_edge
}

/// The banner while both armies are revealed, off the board where it fits (see
/// [`banner_spot`]).
pub(super) fn revealed(ctx: &egui::Context, tr: &Tr, board: Option<egui::Rect>) {
    let (at, pivot) = banner_spot(ctx.content_rect(), board);
    Floating::at("chess-revealed", at, pivot)
        .still()
        .margin(22, 10)
        .show(ctx, |ui| {
            ui.label(style::brass(tr.t("chess.revealed"), 22.0));
        });
}

/// A spectator's table while the players build their armies unseen: who is building and who
/// is ready, nothing of either army.
pub(super) fn watching(
    ctx: &egui::Context,
    tr: &Tr,
    table: &crate::app::chess::Table,
    panels: &mut super::ChessPanels,
) {
    let Some(o) = &table.online else {
        return;
    };
    crate::app::style::CentrePanel::new("chess-watch-build", 460.0).show(ctx, |ui| {
        style::title(ui, tr.t("online.watch.label"), 26.0);
        ui.add_space(6.0);
        ui.label(style::cream(tr.t("chess.online.watch_building"), 16.0));
        ui.add_space(6.0);
        for colour in [Colour::White, Colour::Black] {
            let who = format!(
                "{} ({})",
                super::play::seat_name(tr, table, colour),
                colour_word(tr, colour)
            );
            let (key, tone) = if o.ready[colour.index()] {
                ("chess.online.ready", GREEN)
            } else {
                ("chess.online.building", style::CREAM)
            };
            ui.label(style::text(tr.tf(key, &[("name", &who)]), 16.0, tone));
        }
        if let Some(fp) = table.told_fingerprint() {
            ui.add_space(6.0);
            super::play::fingerprint(ui, tr, fp, panels);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Strings};

    /// The reveal's banner as drawn on a 1280×720 screen with the board's picture at `board`.
    fn banner_rect(board: egui::Rect) -> egui::Rect {
        let ctx = egui::Context::default();
        let tr = Tr(Strings::new(Lang::En));
        let input = || crate::app::kit::harness::window_input(None, Vec::new());
        // The first pass sizes the new area; the second lays it out.
        // The game's own fonts (egui's defaults are off).
        ctx.set_fonts(crate::app::style::font_definitions());
        for _ in 0..2 {
            ctx.run_ui(input(), |ui| revealed(ui.ctx(), &tr, Some(board)))
                .drop_without_applying_deltas();
        }
        ctx.memory(|m| m.area_rect(egui::Id::new("chess-revealed")))
            .expect("the banner is drawn")
    }

    #[test]
    fn the_reveal_banner_hides_no_piece_where_there_is_room_and_never_the_far_rank() {
        let rect = |x0: f32, y0: f32, x1: f32, y1: f32| {
            egui::Rect::from_min_max(egui::pos2(x0, y0), egui::pos2(x1, y1))
        };
        for (board, room) in [
            // Room under the board.
            (rect(340.0, 90.0, 940.0, 560.0), true),
            // Room over it only.
            (rect(300.0, 200.0, 980.0, 690.0), true),
            // The board fills the height: the banner goes along the bottom edge.
            (rect(260.0, 40.0, 1020.0, 705.0), false),
        ] {
            let banner = banner_rect(board);
            assert!(banner.width() > 100.0, "{banner:?}");
            if room {
                assert!(!banner.intersects(board), "{board:?}: {banner:?}");
            } else {
                assert!(banner.bottom() <= 720.0, "{banner:?}");
                assert!(
                    banner.top() > board.center().y,
                    "near side only: {banner:?}"
                );
            }
            // The far rank (the army being revealed, seen from the near side) stays clear.
            let far_rank = rect(
                board.left(),
                board.top(),
                board.right(),
                board.top() + board.height() / 8.0,
            );
            assert!(!banner.intersects(far_rank), "{board:?}: {banner:?}");
        }
        // Without the board's picture: along the bottom edge.
        assert_eq!(
            banner_spot(
                egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 720.0)),
                None
            )
            .1,
            egui::Align2::CENTER_BOTTOM
        );
    }
}
