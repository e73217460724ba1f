//! The table kit: what every game's table stands on, written once.
//!
//! - [`TableInfo`]: what a game tells the shared screens about itself (its rules pages'
//!   figures, the models of its pieces for the `pieces-<game>` scene, its staged scenes, its
//!   report to the probe). The one list of games is `app::TABLES`; shared files read it and
//!   never branch on a game.
//! - [`TableSet`]: the order of one frame at a table, configured once: tick → input → intent →
//!   rules → engine → animate → sync. A game puts each of its systems in one set.
//! - [`table`]: the generic table ([`TableKind`], [`table_plugin`]): the systems, messages and
//!   seeds every game's table shares.
//! - [`setter`]: placing carved models ([`Setter`], [`facing`]).
//! - [`clicks`]: a press and a release on the table become a [`clicks::TableClick`] on what was
//!   under the pointer, at any frame rate (windowed app only: it casts rays at the meshes).
//! - [`online`]: the online side of a table (the session with the server, its link and seats,
//!   the seat kept on the device), for any game.
//! - [`history`]: viewing an earlier position of the game, the same at every table.
//! - [`keys`]: the keyboard at a table ([`Keys`]): the keys are the table's while no panel wants
//!   them; a key's press, an intent sent, a key consumed.
//! - [`engine`]: a bot's seat generic over the engine interface ([`EngineSeat`]).
//! - [`view`]: what every game's 3D view does the same way (dressing the table as it opens,
//!   [`view::Carving`], the marks rebuilt, a lifted piece's glide).
//! - [`probe`]: what a game tells the probe (a test aid) about its open table.
//! - [`rows`]: a move list's window of whole rows, newest at the bottom.
//! - [`outbox`]: where a table's events go besides its own messages: sounds, saves, notices
//!   ([`Outbox`]).

pub mod a11y;
pub mod chart;
pub mod clicks;
pub mod engine;
pub mod harness;
pub mod history;
pub mod host;
pub mod keys;
pub mod link;
pub mod mirror;
pub mod online;
pub mod online_panels;
pub mod outbox;
pub mod panel;
pub mod probe;
pub mod reading;
pub mod rows;
pub mod setter;
pub mod table;
pub mod view;

use crate::rules::GameKind;
use bevy::prelude::*;

pub use engine::EngineSeat;
pub use keys::Keys;
pub use outbox::Outbox;
pub use setter::{Setter, facing};
pub use table::{Clicked, Happened, Intended, Refused, Seeds, TableKind, table_plugin};

/// A staged scene of a table (`--scene <game>-<name>`): a telling moment set up through the
/// same messages a player would send, for screenshots and the visual regression set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StagedScene {
    pub name: &'static str,
    pub about: &'static str,
    /// Shown on one of the game's own menu pages (a [`Tool`]'s id) instead of at its table.
    pub tool: Option<&'static str>,
}

impl TableInfo {
    /// The staged scene `name` of this game.
    pub fn scene(&self, name: &str) -> Option<&StagedScene> {
        self.scenes.iter().find(|s| s.name == name)
    }
}

/// The game's own menu page (a [`Tool`]'s id) a staged scene of `game` is shown on, if it is
/// not at the table.
pub fn scene_tool(game: GameKind, name: &str) -> Option<&'static str> {
    super::TABLES
        .iter()
        .find(|t| t.game == game)?
        .scene(name)?
        .tool
}

/// The staged scene `game`'s table is asked for this frame, from the frame's requests as
/// `(game, name)` pairs (`dev::StageScene`): the last one for `game` wins; `""` is the plain
/// table scene.
pub fn scene_asked<'a>(
    game: GameKind,
    requests: impl IntoIterator<Item = (GameKind, &'a String)>,
) -> Option<String> {
    requests
        .into_iter()
        .filter(|(g, _)| *g == game)
        .last()
        .map(|(_, name)| name.clone())
}

/// A page of a game's own reachable from its card in the menu (Ash & Walnut's "Verify a game"):
/// the menu shows a button with the `label` key and opens `MenuPage::Tool(game, id)`, which
/// the game's plugin draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tool {
    pub id: &'static str,
    pub label: &'static str,
}

/// What a game tells the shared screens about itself.
#[derive(Clone, Copy, Debug)]
pub struct TableInfo {
    pub game: GameKind,
    /// Its whole table: the core (`table_plugin` and its own systems), the 3D view, picking,
    /// keys and panels.
    pub plugin: fn(&mut App),
    /// The game's pieces, as theme model names, for `--scene pieces-<game>`.
    pub pieces: &'static [&'static str],
    /// Its markers (wounds, dice...), shown in front of the pieces.
    pub markers: &'static [&'static str],
    /// Its staged scenes; the name is written `<game>-<name>` on the command line.
    pub scenes: &'static [StagedScene],
    /// Its own pages reachable from the menu.
    pub tools: &'static [Tool],
    /// The values it keeps in the store, as a damaged store is searched for them.
    pub saves: &'static [SavedValue],
    /// How its rules pages' figures are painted.
    pub figures: FigurePainter,
    /// How the probe (a test aid) reports its open table.
    pub probe: probe::TableProbe,
}

/// How a game paints its own figures on the rules pages (`crate::figures::Drawing`): the
/// [`Figure`] a drawing is, if it is one of this game's (`None` for another game's).
pub type FigurePainter = fn(&crate::figures::Drawing) -> Option<&dyn Figure>;

/// A drawing of a game's own on its rules pages, as the game paints it.
pub trait Figure {
    /// The room it takes in a frame `room` points wide.
    fn size(&self, room: f32) -> bevy_egui::egui::Vec2;
    /// Paints it into the rectangle.
    fn paint(
        &self,
        painter: &bevy_egui::egui::Painter,
        rect: bevy_egui::egui::Rect,
        tr: &crate::i18n::Tr,
    );
}

/// A value a game keeps in the store, as the recovery of a damaged store reads it.
#[derive(Clone, Copy, Debug)]
pub struct SavedValue {
    pub key: &'static str,
    /// Where it is tried among every game's values: shapes that read from fewer texts first.
    pub order: u8,
    /// Whether a found envelope (its text, and its `data`) reads as this value, and how rich it
    /// is: when the store held several copies, the richest wins.
    pub rank: fn(&str, &serde_json::Value) -> Option<u64>,
}

/// `text` read as a `T`, if it reads (as it is, or from an older version).
pub fn reads<T: crate::save::Saved>(text: &str) -> Option<T> {
    use crate::save::LoadStatus;
    let (value, status) = crate::save::decode::<T>(Some(text));
    matches!(status, LoadStatus::Loaded | LoadStatus::Migrated { .. }).then_some(value)
}

/// The order of one frame at a table. Systems of every table run in these sets; the sets run
/// one after the other, so no system needs an ad-hoc `.after()`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableSet {
    /// Clocks and animation time.
    Tick,
    /// Pointer and keys become the table's own messages (a click on a square...).
    Input,
    /// Those become intents (what the player means).
    Intent,
    /// A staged scene sets its moment up, through intents like a player's.
    Stage,
    /// Intents go to the rules, through the match layer.
    Rules,
    /// A bot's seat thinks and answers.
    Engine,
    /// What was played starts moving.
    Animate,
    /// Entities are brought in line with the state.
    Sync,
}

/// One choice of several (an opponent, a stake): the chosen one is marked with a tick and bold
/// words besides its fill, so it stays plain which is chosen while the pointer is over another.
pub fn choice(
    ui: &mut bevy_egui::egui::Ui,
    chosen: bool,
    words: &str,
) -> bevy_egui::egui::Response {
    use bevy_egui::egui;
    let text = if chosen {
        egui::RichText::new(format!("✔ {words}")).strong()
    } else {
        egui::RichText::new(words)
    };
    // Words wider than a whole row of the panel (a long name in a long language on a narrow
    // panel): the choice starts a row of its own and its words wrap there.
    let wide = crate::app::style::button_words_width(ui, text.clone())
        + 2.0 * ui.spacing().button_padding.x;
    let row = ui.max_rect();
    if wide > row.width() {
        if ui.layout().main_wrap() && ui.cursor().min.x > row.min.x + 0.5 {
            ui.end_row();
        }
        return ui.add(egui::Button::selectable(chosen, text).wrap());
    }
    ui.add(egui::Button::selectable(chosen, text))
}

/// The keyboard's next focus `step` places along `ring` from `focus` (wrapping): from no focus
/// (or one not on the ring), a step forward lands on the first place and a step back on the
/// last; an empty ring has no focus.
pub fn step_focus<T: Copy + PartialEq>(focus: Option<T>, ring: &[T], step: i32) -> Option<T> {
    if ring.is_empty() {
        return None;
    }
    let n = ring.len() as i32;
    let next = match focus.and_then(|f| ring.iter().position(|&s| s == f)) {
        Some(i) => (i as i32 + step).rem_euclid(n),
        None if step >= 0 => 0,
        None => n - 1,
    };
    Some(ring[next as usize])
}

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    app.configure_sets(
        Update,
        (
            TableSet::Tick,
            TableSet::Input,
            TableSet::Intent,
            TableSet::Stage,
            TableSet::Rules,
            TableSet::Engine,
            TableSet::Animate,
            TableSet::Sync,
        )
            .chain(),
    );
}

/// A phase that lasts `left` seconds (the seating on show, the armies' reveal), or the phase
/// after it at once when the pacing gives it no time.
pub fn pause_then<P>(left: f32, pause: impl FnOnce(f32) -> P, then: P) -> P {
    if left > 0.0 { pause(left) } else { then }
}

#[cfg(test)]
mod tests {
    use super::step_focus;

    #[test]
    fn the_focus_steps_around_its_ring() {
        let ring = [10, 20, 30];
        assert_eq!(step_focus(None, &ring, 1), Some(10));
        assert_eq!(step_focus(None, &ring, -1), Some(30));
        assert_eq!(step_focus(Some(30), &ring, 1), Some(10));
        assert_eq!(step_focus(Some(10), &ring, -1), Some(30));
        assert_eq!(step_focus(Some(10), &ring, 8), Some(30));
        assert_eq!(step_focus(Some(99), &ring, 1), Some(10));
        assert_eq!(step_focus(Some(10), &[], 1), None);
    }
}
