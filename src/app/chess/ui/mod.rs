//! The Artifact Chess table's panels (egui): the lobby, the army builder and the hot seat's
//! hand-over (`build`); in play the players' bar, Undo, Heal and Resign and the promotion
//! chooser (`play`), the move list with the history (`moves`), the odds beside the attack
//! rings, the dice's sums and outcome and the latest attempt in words (`dice`), the hand, the
//! piles and the response window (`cards`), and the end banner (`end`). The panels read the
//! table and send intents; none writes the table.

mod build;
mod cards;
mod dice;
mod end;
mod moves;
mod play;
pub use play::reading as reading_window;

use super::{ChessIntent, ChessTable, Intent};
use crate::app::kit::EngineSeat;
use crate::app::kit::panel::Eye;
use crate::app::screens::Screen;
use crate::rules::GameKind;
use crate::rules::chess::State;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// What a panel of the table draws with (the context, the words, the table, its intents).
type Panel<'a> = crate::app::kit::panel::Panel<'a, super::Table>;

/// What the panels have open.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct ChessPanels {
    /// "All my moves": the board in words, the typed-move field and every legal action.
    pub reading: bool,
    pub field: crate::app::kit::reading::Field,
    /// Resign asks once more.
    pub confirm_resign: bool,
    /// Online: the seed's whole fingerprint is shown (a click on the short one).
    pub fingerprint: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CardIcons>()
        .add_message::<crate::app::theme::ThemeChanged>()
        .add_systems(Update, forget_icons_on_theme_change)
        .init_resource::<crate::app::kit::online_panels::OnlineForm>()
        .add_systems(
            EguiPrimaryContextPass,
            table_ui.run_if(in_state(Screen::Table(GameKind::Chess))),
        );
}

pub(super) use crate::app::style::{GREEN, RED};
pub(super) const GREY: egui::Color32 = egui::Color32::from_rgb(0xb8, 0xb0, 0xa4);
/// Text of a choice that cannot be taken now (a piece that fits nowhere in the army).
pub(super) const DIM: egui::Color32 = egui::Color32::from_rgb(0x80, 0x70, 0x5c);

/// The card icons, loaded from the theme's paths the first time the table is drawn.
#[derive(Resource, Default)]
pub struct CardIcons {
    cards: Vec<(crate::rules::chess::Artifact, Handle<Image>)>,
    back: Option<Handle<Image>>,
    loaded: bool,
}

/// Each action as its result reaches the board (after the dice), announced in words.
pub(crate) fn announce(
    mut happened: MessageReader<super::ChessHappened>,
    tr: Res<crate::i18n::Tr>,
    mut panels: ResMut<ChessPanels>,
) {
    for e in happened.read() {
        if let super::table::Effect::Resolved(a) = &e.0 {
            let line = tr.say(&crate::access::chess::announce(&a.before, &a.record));
            panels.field.announce(line);
        }
    }
}

/// After `theme.ron` changed, the icons are loaded again from the paths it names now (a picture
/// saved in place needs nothing: Bevy's file watching reloads it under its handle).
fn forget_icons_on_theme_change(
    mut changes: MessageReader<crate::app::theme::ThemeChanged>,
    mut icons: ResMut<CardIcons>,
) {
    if changes.read().last().is_some() {
        *icons = CardIcons::default();
    }
}

impl CardIcons {
    fn load(&mut self, server: &AssetServer, theme: &crate::theme::Theme) {
        if self.loaded {
            return;
        }
        self.loaded = true;
        for card in crate::rules::chess::Artifact::ALL {
            self.cards.push((card, server.load(theme.icon_path(card))));
        }
        self.back = Some(server.load(theme.card_back_path()));
    }

    /// The icons' texture ids for egui (an icon that did not load shows a plain tile).
    fn ids(&self, contexts: &mut EguiContexts, images: &Assets<Image>) -> cards::IconIds {
        let mut ids = cards::IconIds::default();
        for (card, h) in &self.cards {
            if images.contains(h.id()) {
                ids.cards.insert(
                    *card,
                    contexts.add_image(bevy_egui::EguiTextureHandle::Weak(h.id())),
                );
            }
        }
        if let Some(h) = self.back.as_ref().filter(|h| images.contains(h.id())) {
            ids.back = Some(contexts.add_image(bevy_egui::EguiTextureHandle::Weak(h.id())));
        }
        ids
    }
}

#[allow(clippy::too_many_arguments)]
fn table_ui(
    mut contexts: EguiContexts,
    time: Res<Time>,
    tr: Res<crate::i18n::Tr>,
    table: Res<ChessTable>,
    timing: Res<super::Timing>,
    seat: Res<EngineSeat<State>>,
    mut panels: ResMut<ChessPanels>,
    mut intents: MessageWriter<ChessIntent>,
    cameras: Query<(&Camera, &Transform), With<Camera3d>>,
    (mut icons, server, theme, images): (
        ResMut<CardIcons>,
        Res<AssetServer>,
        Res<crate::app::theme::ActiveTheme>,
        Res<Assets<Image>>,
    ),
    (mut form, settings, mut change, mut go_online): (
        ResMut<crate::app::kit::online_panels::OnlineForm>,
        Res<crate::app::save::ActiveSettings>,
        MessageWriter<crate::app::save::ChangeSettings>,
        MessageWriter<crate::app::kit::link::GoOnline>,
    ),
    mut replay: MessageWriter<crate::app::replay::OpenReplay>,
) -> Result {
    icons.load(&server, &theme.0);
    let ids = icons.ids(&mut contexts, &images);
    let ctx = contexts.ctx_mut()?;
    let mut send = |i: Intent| {
        intents.write(crate::app::kit::Intended(i));
    };
    let camera = Eye::of(cameras.single().ok(), ctx);
    if table.host.is_some() && table.phase != super::Phase::Lobby {
        crate::app::kit::online_panels::status(ctx, &tr, &*table);
    }
    let mut server_text = settings.0.server.clone();
    let mut p = Panel::new(ctx, &tr, &table, &mut send);
    match table.phase {
        super::Phase::Lobby if table.online_waiting() => {
            crate::app::kit::online_panels::waiting(p);
        }
        super::Phase::Lobby if table.host.is_some() => {}
        super::Phase::Lobby => {
            build::lobby(p, true);
            if let Some(g) = build::online_part(ctx, &tr, &table, &mut form, &mut server_text) {
                go_online.write(g);
            }
        }
        super::Phase::Build(_) if table.online.as_ref().is_some_and(|o| o.watching) => {
            build::watching(ctx, &tr, &table, &mut panels);
        }
        super::Phase::Build(_) => {
            build::builder(p, camera);
            build::fingerprint_corner(ctx, &tr, &table, &mut panels);
        }
        super::Phase::Pass(next) => build::pass(ctx, &tr, next, &mut p.send),
        super::Phase::Reveal { .. } => {
            play::players(ctx, &tr, &table, &mut panels);
            build::revealed(ctx, &tr, build::board_rect(camera));
        }
        super::Phase::Play | super::Phase::Over => {
            play::players(ctx, &tr, &table, &mut panels);
            moves::move_list(p.reborrow(), &ids);
            dice::odds(ctx, &tr, &table, camera);
            dice::dice(ctx, &tr, &table, &timing, camera);
            cards::piles(ctx, &tr, &table, &ids);
            // After the piles: it goes under them when the cards are in play.
            dice::recent_attempt(ctx, &tr, &table);
            if table.replay.is_some()
                || (table.analysing.is_some() && table.phase == super::Phase::Over)
            {
                // The replay's bar or the analysis board (app::replay) stands where the end
                // banner would.
            } else if table.phase == super::Phase::Over {
                end::end(p, &mut replay);
            } else {
                cards::hand(p.reborrow(), &ids);
                cards::window(p.reborrow(), &ids);
                cards::aiming(p.reborrow(), &ids);
                let dots = if seat.is_thinking() {
                    1 + (time.elapsed_secs() * 2.5) as usize % 3
                } else {
                    0
                };
                play::actions(p.reborrow(), &mut panels, dots);
                if panels.reading && table.person_to_act() {
                    play::reading(p.reborrow(), &mut panels);
                } else if panels.reading {
                    panels.reading = false;
                }
                play::promotion(p);
            }
        }
    }
    if server_text != settings.0.server {
        let mut s = settings.0.clone();
        s.server = server_text;
        change.write(crate::app::save::ChangeSettings(s));
    }
    Ok(())
}

/// A point of the world on the screen.
pub(super) use crate::app::kit::panel::on_screen as to_screen;

/// The point of the board's surface under a point of the screen.
pub(super) fn to_board(camera: Option<Eye<'_>>, p: egui::Pos2) -> Option<Vec3> {
    let eye = camera?;
    let ray = eye
        .camera
        .viewport_to_world(&eye.at, eye.to_window(p))
        .ok()?;
    let y = crate::app::room::TABLE_TOP_Y + crate::carve::BOARD_TOP;
    let dy = ray.direction.y;
    if dy.abs() < 1e-4 {
        return None;
    }
    let t = (y - ray.origin.y) / dy;
    (t > 0.0).then(|| ray.origin + *ray.direction * t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::chess::Table;
    use crate::app::chess::scenes::{SCENE_SEED, stage_online, stage_online_end};
    use crate::fair::{Seed, short};
    use crate::i18n::{Lang, Strings, Tr};

    /// The words `draw` paints on a 1280×720 screen in the game's fonts: the first pass sizes
    /// the new areas, the second lays them out (half a second apart, so panels have faded in).
    fn painted(draw: impl Fn(&egui::Context, &Tr)) -> Vec<String> {
        let ctx = egui::Context::default();
        crate::app::style::configure_context(&ctx);
        let tr = Tr(Strings::new(Lang::En));
        let mut texts = Vec::new();
        for pass in 0..2 {
            let input =
                crate::app::kit::harness::window_input(Some(f64::from(pass) * 0.5), Vec::new());
            let out = ctx.run_ui(input, |ui| draw(ui.ctx(), &tr));
            texts = crate::app::kit::harness::painted_words(&out.shapes)
                .into_iter()
                .map(|(words, _)| words)
                .collect();
            out.drop_without_applying_deltas();
        }
        texts
    }

    /// The online scene's game in progress (seen by Ana, white).
    fn online_game() -> Table {
        let mut t = Table::default();
        let (_, g) = super::super::scenes::scene_game(14);
        stage_online(&mut t, Some(&g), true);
        t.phase = super::super::Phase::Play;
        t
    }

    /// The whole fingerprint as painted, in its lines.
    fn whole(texts: &[String], fp: &str) -> String {
        texts
            .iter()
            .filter(|t| t.len() >= 8 && fp.contains(t.as_str()))
            .cloned()
            .collect()
    }

    /// Issue: Artifact Chess online never showed the seed's fingerprint. It is in the players'
    /// panel, shortened, with the whole value (and Copy) a click away, as at Ash & Walnut's.
    #[test]
    fn online_the_players_panel_shows_the_seeds_fingerprint() {
        let t = online_game();
        let fp = SCENE_SEED.fingerprint();
        assert_eq!(t.told_fingerprint(), Some(fp.as_str()));
        let shown = painted(|ctx, tr| {
            play::players(ctx, tr, &t, &mut ChessPanels::default());
        });
        assert!(shown.iter().any(|s| s == "Fingerprint"), "{shown:?}");
        assert!(shown.contains(&short(&fp)), "{shown:?}");
        assert!(!shown.iter().any(|s| s == "Copy"), "{shown:?}");
        let open = ChessPanels {
            fingerprint: true,
            ..ChessPanels::default()
        };
        let shown = painted(|ctx, tr| {
            play::players(ctx, tr, &t, &mut open.clone());
        });
        assert_eq!(whole(&shown, &fp), fp, "{shown:?}");
        assert!(shown.iter().any(|s| s == "Copy"), "{shown:?}");
        // A game here has no server's fingerprint to show.
        let here = Table::default();
        assert_eq!(here.told_fingerprint(), None);
    }

    /// From the moment the game starts: while the armies are built too (the builder, and a
    /// spectator's panel).
    #[test]
    fn online_the_fingerprint_shows_while_the_armies_are_built() {
        let mut t = Table::default();
        stage_online(&mut t, None, true);
        assert!(matches!(t.phase, super::super::Phase::Build(_)));
        let fp = SCENE_SEED.fingerprint();
        let shown = painted(|ctx, tr| {
            let mut send = |_: Intent| {};
            let p = Panel::new(ctx, tr, &t, &mut send);
            build::builder(p, None);
            build::fingerprint_corner(ctx, tr, &t, &mut ChessPanels::default());
        });
        assert!(shown.iter().any(|s| s == "Fingerprint"), "{shown:?}");
        assert!(shown.contains(&short(&fp)), "{shown:?}");
    }

    /// Issue: the end banner said "its fingerprint matches the one shown at the start" whatever
    /// the seed revealed. It says so only when it does, and that it does not otherwise.
    #[test]
    fn online_the_end_banner_says_the_fingerprint_matches_only_when_it_does() {
        const MATCHES: &str =
            "The seed is revealed: its fingerprint matches the one shown at the start.";
        const FAILS: &str =
            "✖ The seed revealed does NOT match the fingerprint shown at the start.";
        let mut t = Table::default();
        stage_online_end(&mut t, SCENE_SEED);
        assert_eq!(t.phase, super::super::Phase::Over);
        assert!(t.told_seed_matches());
        let banner = |t: &Table| {
            painted(|ctx, tr| {
                egui::Area::new(egui::Id::new("told")).show(ctx, |ui| end::told_lines(ui, tr, t));
            })
        };
        let shown = banner(&t);
        assert!(shown.iter().any(|s| s == MATCHES), "{shown:?}");
        assert!(!shown.iter().any(|s| s == FAILS), "{shown:?}");
        assert_eq!(t.told_record().map(|(_, ok)| ok), Some(true));
        // Another seed revealed than the one fingerprinted at the start.
        let mut t = Table::default();
        stage_online_end(&mut t, Seed([8; 32]));
        assert!(!t.told_seed_matches());
        let shown = banner(&t);
        assert!(!shown.iter().any(|s| s == MATCHES), "{shown:?}");
        assert!(shown.iter().any(|s| s == FAILS), "{shown:?}");
        assert_eq!(t.told_record().map(|(_, ok)| ok), Some(false));
    }
}
