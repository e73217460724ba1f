//! A player's page (issue "Players who are somebody"): who they are (name, key fingerprint,
//! since when), their rating in each game with its history drawn as a line over the games
//! played (a band for the deviation), and their finished games, each with its record to read,
//! copy, or open in Verify. Asked of the server through the lobby's connection (`profile`,
//! `record`). Also the player's key: [`key`] (the settings' section and the key's page).
//!
//! Decisions where the brief is silent:
//! - The page of another player needs their key; a lobby listing names only fingerprints, so
//!   a click there opens the page with what is known and says that the server did not name
//!   the key (the lobby gives keys once the protocol carries them).
//! - A record opens in Ash & Walnut's Verify page, which checks any game's record (each game's
//!   own Verify page where the game has one).

pub mod key;
mod scenes;

use crate::app::identity::PlayerKey;
use crate::app::kit::chart::Chart;
use crate::app::lobby::link::LobbyLink;
use crate::app::screens::{MenuPage, Navigate, Screen};
use crate::app::style::{self, label_frame};
use crate::i18n::Tr;
use crate::launch::OnlinePage;
use crate::net::lobby::Answer;
use crate::net::protocol::{GameKind, GameRating, GameResult, PlayedGame, Profile, RatingPoint};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// Whose page is on show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Who {
    /// Their key (64 hex digits), when known; `None` with no name: this device's player.
    pub key: Option<String>,
    pub name: String,
    pub fingerprint: Option<String>,
}

impl Who {
    /// This device's player.
    pub fn me() -> Who {
        Who::default()
    }

    /// Another player seen in the lobby.
    pub fn seen(name: &str, fingerprint: Option<&str>, key: Option<&str>) -> Who {
        Who {
            key: key.map(str::to_string),
            name: name.to_string(),
            fingerprint: fingerprint.map(str::to_string),
        }
    }

    fn is_me(&self) -> bool {
        self.key.is_none() && self.name.is_empty() && self.fingerprint.is_none()
    }
}

/// The player's page: whose, the game whose rating is drawn, and the record asked for.
#[derive(Resource, Clone, Debug, Default)]
pub struct PlayerPage {
    pub who: Who,
    pub game: Option<GameKind>,
    /// The game whose record is asked for (its code is the lobby's).
    pub record_game: Option<GameKind>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayerPage>()
        .init_resource::<key::KeyPage>()
        .add_systems(
            Startup,
            scenes::stage.after(crate::app::save::Loaded::Tables),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (player_page, key::key_page).run_if(in_state(Screen::Menu)),
        );
}

/// A rating's change with its sign: `+12`, `−8` (a true minus sign), `±0`.
pub fn change_text(change: i32) -> String {
    match change {
        0 => "±0".to_string(),
        c if c > 0 => format!("+{c}"),
        c => format!("−{}", c.unsigned_abs()),
    }
}

/// A rating's history as the plot draws it: the games in order (1 for the first), the rating
/// after each, and the band of one deviation either side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plotted {
    pub xs: Vec<f64>,
    pub ys: Vec<f64>,
    pub lo: Vec<f64>,
    pub hi: Vec<f64>,
}

impl Plotted {
    pub fn of(history: &[RatingPoint]) -> Plotted {
        let mut p = Plotted::default();
        for (i, r) in history.iter().enumerate() {
            p.xs.push(i as f64 + 1.0);
            p.ys.push(r.rating);
            p.lo.push(r.rating - r.deviation);
            p.hi.push(r.rating + r.deviation);
        }
        p
    }

    /// The rating line's points.
    pub fn line(&self) -> Vec<[f64; 2]> {
        self.xs
            .iter()
            .zip(&self.ys)
            .map(|(x, y)| [*x, *y])
            .collect()
    }
}

/// A day as `2026-03-14` (UTC) from milliseconds since 1970.
pub fn date_text(ms: u64) -> String {
    // Howard Hinnant's days-to-civil.
    let z = (ms / 86_400_000) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

fn game_name(tr: &Tr, game: GameKind) -> String {
    tr.t(&format!("game.{}.name", game.cli_name())).to_string()
}

/// The page of the menu that verifies `game`'s records: the game's own Verify page, else Ash
/// & Walnut's (it checks every game's records).
fn verify_page_of(game: GameKind) -> MenuPage {
    let own = crate::app::TABLES
        .iter()
        .find(|t| t.game == game)
        .is_some_and(|t| t.tools.iter().any(|tool| tool.id == "verify"));
    MenuPage::Tool(if own { game } else { GameKind::Hive }, "verify")
}

/// The player's page.
#[allow(clippy::too_many_arguments)]
fn player_page(
    mut contexts: EguiContexts,
    page: Res<MenuPage>,
    tr: Res<Tr>,
    me: Res<PlayerKey>,
    mut state: ResMut<PlayerPage>,
    mut link: ResMut<LobbyLink>,
    verify: Option<ResMut<crate::app::hive::VerifyPage>>,
    mut go: MessageWriter<Navigate>,
    mut replay: MessageWriter<crate::app::replay::OpenReplay>,
    mut notices: ResMut<crate::app::save::Notices>,
) -> Result {
    if *page != MenuPage::Player {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let body = (screen.height() - 190.0).max(220.0);
    let mine = state.who.is_me();
    let key = if mine {
        me.public_hex()
    } else {
        state.who.key.clone()
    };
    if let Some(k) = &key
        && link.staged.is_none()
    {
        let sent = link.lobby.want_profile(k);
        link.outbox.extend(sent);
    }
    let answer = key.as_deref().and_then(|k| link.lobby.profile(k)).cloned();
    let mut asked = Vec::new();
    let mut record_asked = None;
    // On a compact screen what is under the header scrolls, in one column.
    style::page(ctx, "player-page", 1140.0, 24.0, |ui, compact| {
        let profile = match &answer {
            Some(Answer::Got(p)) => Some(p.as_ref()),
            _ => None,
        };
        header(ui, &tr, &state.who, mine, &me, profile, compact, &mut asked);
        ui.separator();
        style::page_body(ui, |ui| match (&key, &answer) {
            (None, _) => {
                ui.add_space(30.0);
                ui.vertical_centered(|ui| {
                    ui.label(style::muted(tr.t("player.no_key"), 17.0));
                });
            }
            (_, Some(Answer::Got(p))) => {
                if let Some(code) = body_of(ui, &tr, p, &mut state, body) {
                    record_asked = Some(code);
                }
            }
            (_, Some(Answer::Refused(why))) => {
                ui.add_space(30.0);
                ui.vertical_centered(|ui| {
                    ui.label(style::cream(tr.say(&refused(*why)), 17.0));
                    if ui.button(tr.t("player.again")).clicked() {
                        let sent = link.lobby.reask_profile();
                        link.outbox.extend(sent);
                    }
                });
            }
            (_, _) => {
                ui.add_space(30.0);
                ui.vertical_centered(|ui| {
                    ui.label(style::muted(tr.t("player.asking"), 17.0));
                });
            }
        });
    });
    if let Some((code, game)) = record_asked {
        state.record_game = Some(game);
        let sent = link.lobby.want_record(&code);
        link.outbox.extend(sent);
    }
    let replay_text = record_panel(ctx, &tr, &mut state, &mut link, verify, &mut asked);
    if let Some(text) = replay_text
        && let Err(why) = crate::app::replay::games::open_text(&tr, &text, &mut replay)
    {
        notices.push(why);
    }
    go.write_batch(asked);
    Ok(())
}

/// The name, the fingerprint, since when, and the way back.
fn header(
    ui: &mut egui::Ui,
    tr: &Tr,
    who: &Who,
    mine: bool,
    me: &PlayerKey,
    profile: Option<&Profile>,
    compact: bool,
    asked: &mut Vec<Navigate>,
) {
    let name = profile
        .map(|p| p.name.clone())
        .filter(|n| !n.trim().is_empty())
        .or_else(|| {
            Some(if mine {
                me.name.clone()
            } else {
                who.name.clone()
            })
        })
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| tr.t("lobby.anonymous").to_string());
    let fingerprint = profile.map(|p| p.fingerprint.clone()).or_else(|| {
        if mine {
            me.fingerprint()
        } else {
            who.fingerprint.clone()
        }
    });
    let about = |ui: &mut egui::Ui| {
        if let Some(f) = &fingerprint {
            ui.add_space(6.0);
            ui.label(style::muted(f, if compact { 15.0 } else { 18.0 }).monospace());
        }
        if mine {
            ui.add_space(6.0);
            label_frame(200, 8, (8, 3)).show(ui, |ui| {
                ui.label(style::brass(tr.t("player.you"), 14.0));
            });
        }
        if let Some(p) = profile {
            ui.add_space(12.0);
            ui.label(style::muted(
                tr.tf("player.since", &[("date", &date_text(p.since_ms))]),
                16.0,
            ));
        }
    };
    // On a compact screen the name (cut to fit) and Back, and the rest on a line under them.
    ui.horizontal(|ui| {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let back = style::page_button(tr.t("player.back"), compact);
            if ui.add(back).clicked() {
                asked.push(Navigate::Menu(MenuPage::Online(OnlinePage::Lobby)));
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                let size = if compact { 22.0 } else { 30.0 };
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(&name)
                            .size(size)
                            .color(style::BRASS)
                            .strong(),
                    )
                    .truncate(),
                )
                .on_hover_text(&name);
                if !compact {
                    about(ui);
                }
            });
        });
    });
    if compact {
        ui.horizontal_wrapped(about);
    }
}

/// The ratings with the chosen one's history, beside the games; the record asked for, if any
/// (its code and game).
fn body_of(
    ui: &mut egui::Ui,
    tr: &Tr,
    p: &Profile,
    state: &mut PlayerPage,
    height: f32,
) -> Option<(String, GameKind)> {
    let width = ui.available_width();
    let left = (width * 0.44).clamp(300.0, 500.0);
    let mut record = None;
    let mut opened = None;
    if style::compact(ui.ctx()) {
        // One column, the page scrolling it: the ratings, then the games.
        ratings(ui, tr, &p.ratings, state, height);
        ui.separator();
        record = games(ui, tr, &p.games, None, &mut opened);
    } else {
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(left);
                ratings(ui, tr, &p.ratings, state, height);
            });
            ui.separator();
            ui.vertical(|ui| {
                ui.set_width(width - left - 30.0);
                record = games(ui, tr, &p.games, Some(height), &mut opened);
            });
        });
    }
    // An opponent's fingerprint clicked: their page now.
    if let Some(who) = opened {
        state.who = who;
        state.game = None;
        state.record_game = None;
    }
    record
}

/// Each game's rating (a choice), and the chosen one's history.
fn ratings(
    ui: &mut egui::Ui,
    tr: &Tr,
    ratings: &[GameRating],
    state: &mut PlayerPage,
    height: f32,
) {
    style::title(ui, tr.t("player.ratings"), 22.0);
    if ratings.is_empty() {
        ui.add_space(12.0);
        ui.label(style::muted(tr.t("player.no_ratings"), 16.0));
        return;
    }
    let chosen = state
        .game
        .filter(|g| ratings.iter().any(|r| r.game == *g))
        .unwrap_or(ratings[0].game);
    for r in ratings {
        let on = r.game == chosen;
        let mut job = egui::text::LayoutJob::default();
        let font = egui::FontId::proportional(17.0);
        job.append(
            &game_name(tr, r.game),
            0.0,
            egui::TextFormat::simple(font.clone(), style::BRASS),
        );
        job.append(
            &r.rating.shown(),
            10.0,
            egui::TextFormat::simple(egui::FontId::monospace(17.0), style::CREAM),
        );
        job.append(
            &tr.tf(
                "player.rated_games",
                &[("count", &r.rating.games.to_string())],
            ),
            10.0,
            egui::TextFormat::simple(egui::FontId::proportional(14.0), style::MUTED),
        );
        let button =
            egui::Button::selectable(on, job).min_size(egui::vec2(ui.available_width(), 30.0));
        if ui.add(button).clicked() {
            state.game = Some(r.game);
        }
    }
    ui.add_space(6.0);
    let Some(r) = ratings.iter().find(|r| r.game == chosen) else {
        return;
    };
    let plotted = Plotted::of(&r.history);
    if plotted.xs.len() < 2 {
        ui.label(style::muted(tr.t("player.history_short"), 15.0));
        return;
    }
    ui.label(style::muted(
        tr.tf("player.history", &[("game", &game_name(tr, chosen))]),
        15.0,
    ));
    let plot_height = (height - 40.0 * ratings.len() as f32 - 90.0).clamp(140.0, 320.0);
    let band = egui::Color32::from_rgba_unmultiplied(0xd0, 0xa2, 0x4c, 46);
    Chart::new(plot_height, egui::Color32::from_rgb(0x6b, 0x4a, 0x2c))
        .x_labels(tr.t("player.axis_games"), |x| {
            if x.fract() == 0.0 && x >= 1.0 {
                format!("{}", x as i64)
            } else {
                String::new()
            }
        })
        .y_labels(|y| format!("{}", y.round() as i64))
        .hover(|y| format!("{y:.0}"))
        .band(&plotted.xs, &plotted.lo, &plotted.hi, band)
        .line(plotted.line(), style::BRASS, 2.5)
        .dots(plotted.line(), style::CREAM, 2.5)
        .show(ui);
}

/// The finished games, newest first; the record asked for, if any (its code and game).
fn games(
    ui: &mut egui::Ui,
    tr: &Tr,
    games: &[PlayedGame],
    height: Option<f32>,
    opened: &mut Option<Who>,
) -> Option<(String, GameKind)> {
    style::title(ui, tr.t("player.games"), 22.0);
    if games.is_empty() {
        ui.add_space(12.0);
        ui.label(style::muted(tr.t("player.no_games"), 16.0));
        return None;
    }
    if style::narrow(ui.ctx()) {
        return games_narrow(ui, tr, games, opened);
    }
    let mut asked = None;
    let game_width = (ui.available_width() * 0.22).clamp(90.0, 150.0);
    // In a box of its own that scrolls, or where `height` is `None` as the page scrolls.
    let scroll = egui::ScrollArea::vertical()
        .id_salt("player-games")
        .max_height(height.map_or(f32::INFINITY, |h| h - 40.0))
        .auto_shrink([false, true]);
    scroll.show(ui, |ui| {
        egui::Grid::new("player-games-grid")
            .num_columns(5)
            .spacing([12.0, 6.0])
            .striped(true)
            .show(ui, |ui| {
                for g in games {
                    // A fixed column, the game's name cut to fit (whole on hover).
                    ui.allocate_ui_with_layout(
                        egui::vec2(game_width, 34.0),
                        egui::Layout::top_down(egui::Align::Min),
                        |ui| {
                            ui.set_width(game_width);
                            ui.spacing_mut().item_spacing.y = 0.0;
                            ui.add(
                                egui::Label::new(style::brass(game_name(tr, g.game), 15.0))
                                    .truncate(),
                            );
                            ui.label(style::muted(date_text(g.ended_ms), 12.0));
                        },
                    );
                    ui.horizontal(|ui| against(ui, tr, g, opened));
                    outcome(ui, tr, g, false);
                    if ui
                        .button(style::cream(tr.t("player.record"), 16.0))
                        .clicked()
                    {
                        asked = Some((g.code.clone(), g.game));
                    }
                    ui.end_row();
                }
            });
    });
    asked
}

/// Whom a finished game was against: their name, and their fingerprint, a click on which
/// opens their page.
fn against(ui: &mut egui::Ui, tr: &Tr, g: &PlayedGame, opened: &mut Option<Who>) {
    let name = if g.opponent.trim().is_empty() {
        tr.t("lobby.anonymous").to_string()
    } else {
        g.opponent.clone()
    };
    let words = tr.tf("lobby.against", &[("name", &name)]);
    ui.add(egui::Label::new(style::cream(&words, 16.0)).truncate())
        .on_hover_text(&words);
    if let Some(f) = &g.opponent_fingerprint {
        // Their key: a click opens their page.
        let link = ui
            .add(egui::Label::new(style::muted(f, 12.0).monospace()).sense(egui::Sense::click()))
            .on_hover_cursor(egui::CursorIcon::PointingHand)
            .on_hover_text(tr.t("lobby.their_page"));
        if link.clicked() && g.opponent_key.is_some() {
            *opened = Some(Who::seen(&g.opponent, Some(f), g.opponent_key.as_deref()));
        }
    }
}

/// How a finished game ended for this player, and what it did to their rating, laid out in
/// that order (`backward` where the layout runs from the right).
fn outcome(ui: &mut egui::Ui, tr: &Tr, g: &PlayedGame, backward: bool) {
    let (words, colour) = match g.result {
        GameResult::Won => (tr.t("player.won"), style::GREEN),
        GameResult::Lost => (tr.t("player.lost"), style::RED),
        GameResult::Drawn => (tr.t("player.drawn"), style::CREAM),
    };
    let result = style::text(words, 16.0, colour).strong();
    let change = match (g.rated, g.change) {
        (true, Some(c)) => {
            let colour = match c.signum() {
                1 => style::GREEN,
                -1 => style::RED,
                _ => style::CREAM,
            };
            style::text(change_text(c), 16.0, colour).monospace()
        }
        (true, None) => style::muted(tr.t("player.rated"), 14.0),
        (false, _) => style::muted(tr.t("player.casual"), 14.0),
    };
    let rated_change = g.rated && g.change.is_some();
    let mut parts = [(result, false), (change, rated_change)];
    if backward {
        parts.reverse();
    }
    for (text, is_change) in parts {
        let r = ui.label(text);
        if is_change {
            r.on_hover_text(tr.t("player.rated"));
        }
    }
}

/// On a narrow screen, each finished game in two lines (the page scrolls them): the game, its
/// day and how it ended; whom it was against, and Record. The record asked for, if any.
fn games_narrow(
    ui: &mut egui::Ui,
    tr: &Tr,
    games: &[PlayedGame],
    opened: &mut Option<Who>,
) -> Option<(String, GameKind)> {
    let mut asked = None;
    for (i, g) in games.iter().enumerate() {
        style::stripe(i).show(ui, |ui| {
            style::ended_by(
                ui,
                |ui| outcome(ui, tr, g, true),
                |ui| {
                    ui.add(egui::Label::new(style::brass(game_name(tr, g.game), 15.0)).truncate());
                    ui.label(style::muted(date_text(g.ended_ms), 12.0));
                },
            );
            let record = style::ended_by(
                ui,
                |ui| {
                    ui.button(style::cream(tr.t("player.record"), 16.0))
                        .clicked()
                },
                |ui| against(ui, tr, g, opened),
            );
            if record {
                asked = Some((g.code.clone(), g.game));
            }
        });
    }
    asked
}

/// The record asked for: asking, refused, or its text to copy or open in Verify.
fn record_panel(
    ctx: &egui::Context,
    tr: &Tr,
    state: &mut PlayerPage,
    link: &mut LobbyLink,
    verify: Option<ResMut<crate::app::hive::VerifyPage>>,
    asked: &mut Vec<Navigate>,
) -> Option<String> {
    let (code, answer) = link
        .lobby
        .record()
        .map(|(c, a)| (c.to_string(), a.clone()))?;
    let mut close = false;
    let mut replay = None;
    style::CentrePanel::new("player-record", 640.0).show(ctx, |ui| {
        style::title(ui, tr.tf("player.record_of", &[("code", &code)]), 24.0);
        ui.add_space(6.0);
        match &answer {
            Answer::Asking => {
                ui.label(style::muted(tr.t("player.asking"), 16.0));
            }
            Answer::Refused(why) => {
                ui.label(style::cream(tr.say(&refused(*why)), 16.0));
            }
            Answer::Got(text) => {
                egui::ScrollArea::vertical()
                    .id_salt("player-record-text")
                    .max_height(300.0)
                    .show(ui, |ui| {
                        let mut shown = text.as_str();
                        ui.add(
                            egui::TextEdit::multiline(&mut shown)
                                .font(egui::FontId::monospace(13.0))
                                .desired_width(f32::INFINITY),
                        );
                    });
                ui.add_space(6.0);
                ui.horizontal(|ui| {
                    if ui.button(tr.t("key.copy")).clicked() {
                        ui.ctx().copy_text(text.clone());
                    }
                    if ui.button(tr.t("games.open_one")).clicked() {
                        replay = Some(text.clone());
                        close = true;
                    }
                    if let Some(mut verify) = verify
                        && ui.button(tr.t("player.open_verify")).clicked()
                    {
                        verify.load_text(text);
                        verify.from_game = false;
                        let game = state.record_game.unwrap_or(GameKind::Hive);
                        asked.push(Navigate::Menu(verify_page_of(game)));
                        close = true;
                    }
                });
            }
        }
        ui.add_space(6.0);
        ui.vertical_centered(|ui| {
            if ui.button(tr.t("menu.close")).clicked() {
                close = true;
            }
        });
    });
    if close {
        link.lobby.drop_record();
        state.record_game = None;
    }
    replay
}

/// Why the server gave no page or record, in the player's language: a record it does not have
/// is said as such, anything else by the refusal's code.
pub fn refused(code: crate::net::protocol::ErrorCode) -> crate::i18n::Message {
    use crate::i18n::Explain;
    if code == crate::net::protocol::ErrorCode::NoSuchTable {
        crate::i18n::msg("player.no_record")
    } else {
        crate::i18n::msg("player.refused").with_words("why", code.explain())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_carry_their_sign() {
        assert_eq!(change_text(12), "+12");
        assert_eq!(change_text(-8), "−8");
        assert_eq!(change_text(0), "±0");
    }

    #[test]
    fn a_history_becomes_points_over_the_games_with_its_band() {
        let point = |rating, deviation| RatingPoint {
            at_ms: 0,
            rating,
            deviation,
        };
        let p = Plotted::of(&[
            point(1500.0, 350.0),
            point(1562.5, 290.0),
            point(1540.0, 250.0),
        ]);
        assert_eq!(p.xs, [1.0, 2.0, 3.0]);
        assert_eq!(p.line(), [[1.0, 1500.0], [2.0, 1562.5], [3.0, 1540.0]]);
        assert_eq!(p.lo, [1150.0, 1272.5, 1290.0]);
        assert_eq!(p.hi, [1850.0, 1852.5, 1790.0]);
        assert_eq!(Plotted::of(&[]), Plotted::default());
    }

    #[test]
    fn days_are_written_as_dates() {
        assert_eq!(date_text(0), "1970-01-01");
        assert_eq!(date_text(951_782_400_000), "2000-02-29");
        assert_eq!(date_text(1_750_000_000_000), "2025-06-15");
    }
}
