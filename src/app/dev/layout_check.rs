//! `--layout-check`, with `--screenshot` (issue 41's larger type at 2.0, issue 42's window
//! shapes): the panels drawn in the frame the shot is asked for are judged. Every panel and
//! window must lie inside the window's content, and no two panels may cover each other. A window
//! the player opens over the table (All my moves, a card's effect, Read the table) is meant to
//! lie over the panels, so only its place on the screen is judged. A failed check is an error in
//! the log, which fails the scene in `scripts/test.sh`, and the run exits non-zero; a passed one
//! logs a line with what it judged. A game's end banner is judged as a window: it is drawn over
//! the table's panels on purpose. The labels on the board (under the panels) are judged for
//! their place on the screen too.

// In the browser only [`panel_rects`] is used (the table's framing); the judging is the
// desktop's screenshot's.
#![cfg_attr(target_arch = "wasm32", allow(dead_code))]

use bevy_egui::egui;

/// The panels of the game's screens, by the names their areas are made with: these must not
/// cover one another. Any other area drawn in the panels' layers is a window or a label placed
/// at a point of the board, judged only for its place on the screen.
pub const PANELS: &[&str] = &[
    "table-bar",
    "table-buttons",
    "table-hint",
    "hive-players",
    "hive-bar",
    "hive-moves",
    "hive-stack",
    "hive-verify",
    "snelab-side",
    "snelab-bar",
    "snelab-lobby",
    "snelab-lobby-online",
    "hive-lobby",
    "hive-lobby-online",
    "chess-lobby-online",
    "chess-players",
    "chess-actions",
    "chess-moves",
    "chess-hand",
    "chess-piles",
    "chess-their-hand",
    "chess-fingerprint",
    "chess-build",
    "chess-lobby",
    "chess-aim",
    "chess-viewing",
    "chess-odds-legend",
    "chess-skip",
    "chess-recent-attempt",
    "menu-title",
    "menu-games",
    "menu-bottom",
    "menu-your-games",
];

/// How far (points) a panel may reach past the screen's edge or into another panel: egui rounds
/// its frames' edges to pixels.
pub const SLACK: f32 = 1.0;

/// An area drawn in the frame: its name (a panel's, or where it stands), its rectangle in
/// points, and whether it is one of [`PANELS`].
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn {
    pub name: String,
    pub rect: egui::Rect,
    pub panel: bool,
}

/// The panels each game's table draws under a name of its own (`("hint", "hive")`): the
/// Hint, a lesson's panel, a replay's bar and review, the analysis board, the online table's
/// status strip.
pub const GAME_PANELS: &[&str] = &[
    "hint",
    "online-status",
    "learn-panel",
    "replay-bar",
    "replay-review",
    "analysis-board",
];

/// Every panel's area id with its name: [`PANELS`], and [`GAME_PANELS`] for each game.
fn named() -> Vec<(egui::Id, String)> {
    let mut out: Vec<(egui::Id, String)> = PANELS
        .iter()
        .map(|n| (egui::Id::new(*n), n.to_string()))
        .collect();
    for game in crate::rules::GameKind::ALL {
        for n in GAME_PANELS {
            out.push((
                egui::Id::new((*n, game.cli_name())),
                format!("{n} ({})", game.cli_name()),
            ));
        }
    }
    out
}

/// The rectangles of the panels drawn last (points), for framing the board in the space they
/// leave (`room::framing`): every frame, so without names.
pub fn panel_rects(ctx: &egui::Context) -> Vec<egui::Rect> {
    static IDS: std::sync::LazyLock<Vec<egui::Id>> =
        std::sync::LazyLock::new(|| named().into_iter().map(|(id, _)| id).collect());
    ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| IDS.contains(&l.id))
            .filter_map(|l| m.area_rect(l.id))
            .collect()
    })
}

/// The areas drawn this frame in the panels' layers (egui's middle and foreground orders) and
/// under them (the labels on the board), named by [`PANELS`] and [`GAME_PANELS`] where they
/// are panels.
pub fn drawn(ctx: &egui::Context) -> Vec<Drawn> {
    let named = named();
    ctx.memory(|m| {
        let mut out: Vec<Drawn> = m
            .areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| {
                matches!(
                    l.order,
                    egui::Order::Background | egui::Order::Middle | egui::Order::Foreground
                )
            })
            .filter_map(|l| {
                let rect = m.area_rect(l.id)?;
                let name = named.iter().find(|(id, _)| *id == l.id).map(|(_, n)| n);
                Some(Drawn {
                    name: name.map_or_else(
                        || {
                            format!(
                                "an area at ({:.0}, {:.0})",
                                rect.left_top().x,
                                rect.left_top().y
                            )
                        },
                        String::clone,
                    ),
                    rect,
                    panel: name.is_some(),
                })
            })
            .filter(|d| d.rect.width() > 0.0 && d.rect.height() > 0.0)
            .collect();
        out.sort_by(|a, b| a.name.cmp(&b.name));
        out
    })
}

/// Judges the areas drawn on a `screen` (points): `Ok` with a line saying what was judged, or
/// `Err` with every problem, one a line.
pub fn judge(screen: egui::Rect, drawn: &[Drawn]) -> Result<String, String> {
    let mut problems = Vec::new();
    let inside = screen.expand(SLACK);
    for d in drawn {
        if !inside.contains_rect(d.rect) {
            problems.push(format!(
                "{} runs off the screen: {} on a screen of {:.0}×{:.0}",
                d.name,
                show(d.rect),
                screen.width(),
                screen.height()
            ));
        }
    }
    let panels: Vec<&Drawn> = drawn.iter().filter(|d| d.panel).collect();
    for (i, a) in panels.iter().enumerate() {
        for b in &panels[i + 1..] {
            let common = a.rect.intersect(b.rect);
            if common.width() > SLACK && common.height() > SLACK {
                problems.push(format!(
                    "{} and {} cover each other: {} and {}",
                    a.name,
                    b.name,
                    show(a.rect),
                    show(b.rect)
                ));
            }
        }
    }
    if problems.is_empty() {
        Ok(format!(
            "{} panels and {} other areas on a screen of {:.0}×{:.0} points, all inside it, no \
             panel over another",
            panels.len(),
            drawn.len() - panels.len(),
            screen.width(),
            screen.height()
        ))
    } else {
        Err(problems.join("\n"))
    }
}

fn show(r: egui::Rect) -> String {
    format!(
        "({:.0}, {:.0})–({:.0}, {:.0})",
        r.left(),
        r.top(),
        r.right(),
        r.bottom()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(name: &str, (x0, y0, x1, y1): (f32, f32, f32, f32), panel: bool) -> Drawn {
        Drawn {
            name: name.into(),
            rect: egui::Rect::from_min_max(egui::pos2(x0, y0), egui::pos2(x1, y1)),
            panel,
        }
    }

    fn screen() -> egui::Rect {
        egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(640.0, 360.0))
    }

    #[test]
    fn panels_apart_and_inside_pass_and_the_line_counts_them() {
        let said = judge(
            screen(),
            &[
                area("table-bar", (16.0, 16.0, 200.0, 60.0), true),
                area("hive-bar", (100.0, 280.0, 540.0, 346.0), true),
                // Touching edges (rounded to pixels) are not a cover.
                area("hive-players", (16.0, 60.5, 200.0, 200.0), true),
                area("a window", (16.0, 84.0, 300.0, 250.0), false),
            ],
        )
        .unwrap();
        assert!(said.starts_with("3 panels and 1 other areas"), "{said}");
    }

    #[test]
    fn a_panel_over_another_is_named_with_both_rectangles() {
        let err = judge(
            screen(),
            &[
                area("hive-players", (16.0, 84.0, 300.0, 320.0), true),
                area("hive-bar", (100.0, 280.0, 540.0, 346.0), true),
            ],
        )
        .unwrap_err();
        assert!(
            err.contains("hive-players and hive-bar cover each other"),
            "{err}"
        );
        assert!(err.contains("(16, 84)–(300, 320)"), "{err}");
    }

    #[test]
    fn anything_past_the_screen_is_cut_off_even_a_window() {
        let err = judge(
            screen(),
            &[
                area("a window", (400.0, 84.0, 700.0, 200.0), false),
                area("snelab-bar", (20.0, 300.0, 600.0, 362.5), true),
            ],
        )
        .unwrap_err();
        assert_eq!(err.lines().count(), 2, "{err}");
        assert!(err.contains("a window runs off the screen"), "{err}");
        assert!(err.contains("snelab-bar runs off the screen"), "{err}");
    }

    #[test]
    fn a_window_may_lie_over_the_panels() {
        assert!(
            judge(
                screen(),
                &[
                    area("hive-players", (16.0, 84.0, 300.0, 250.0), true),
                    area("All my moves", (16.0, 84.0, 320.0, 300.0), false),
                ],
            )
            .is_ok()
        );
    }

    #[test]
    fn every_panel_name_is_met_once() {
        let mut ids: Vec<egui::Id> = named().into_iter().map(|(id, _)| id).collect();
        let all = ids.len();
        assert_eq!(all, PANELS.len() + 3 * GAME_PANELS.len());
        ids.sort_unstable_by_key(|id| id.value());
        ids.dedup();
        assert_eq!(ids.len(), all);
    }
}
