//! The Snēlab table's panels (egui), one file each: the lobby, the coin flip, the bar at the
//! bottom (with Resign and its question), the side panel (purse and move list), the badges over
//! the court (with the names of ranks), the verdict banner and the books.
//!
//! Keys: in the lobby, at the verdict and in the books, egui's focus goes from widget to widget
//! with Tab and the arrows and Enter or Space presses the focused one, drawn with a brass ring.
//! During a case the court owns those keys ([`super::input`]), so they are held back from egui
//! (otherwise Tab would also hand egui's focus to a button, and the court would lose its keys);
//! every panel button of the case has a key of its own there.

mod badges;
mod bar;
mod books;
mod coin;
mod lobby;
mod side;
mod verdict;

pub use verdict::{coins_line, reason_line};

use super::table::{Intent, Table};
use super::{SnelabIntent, SnelabTable};
use crate::app::kit::Intended;
use crate::app::kit::link::GoOnline;
use crate::app::kit::online_panels::OnlineForm;
use crate::app::screens::Screen;
use crate::app::style;
use crate::i18n::Tr;
use crate::play::snelab::{CaseEnd, Phase};
use crate::rules::GameKind;
use crate::rules::snelab::{Reason, Side};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiInput, EguiPreUpdateSet, EguiPrimaryContextPass, egui};

/// What a panel of the table draws with (the context, the words, the table, its intents).
type Panel<'a> = crate::app::kit::panel::Panel<'a, Table>;

/// What the panels have open.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct SnelabPanels {
    /// "All my moves": the court in words, the typed-move field and every legal action.
    pub reading: bool,
    pub field: crate::app::kit::reading::Field,
    pub books: bool,
    /// Reset all asks once more before it empties the books.
    pub confirm_reset: bool,
    /// A panel just opened by a key: its first button takes egui's focus on the next pass.
    focus_opened: bool,
    /// Online: the seed's whole fingerprint is shown (a click on the short one).
    pub fingerprint: bool,
}

impl SnelabPanels {
    /// Opens the books; `by_keys`: the Close button takes the focus (Enter or Space closes).
    fn open_books(&mut self, by_keys: bool) {
        self.books = true;
        self.focus_opened = by_keys;
    }

    /// Whether the panel just opened wants its first button focused (once).
    fn take_focus(&mut self) -> bool {
        std::mem::take(&mut self.focus_opened)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SnelabPanels>()
        .init_resource::<OnlineForm>()
        .add_systems(
            PreUpdate,
            court_keys_to_the_court
                .after(EguiPreUpdateSet::ProcessInput)
                .run_if(in_state(Screen::Table(GameKind::Snelab))),
        )
        .add_systems(
            EguiPrimaryContextPass,
            table_ui.run_if(in_state(Screen::Table(GameKind::Snelab))),
        );
}

/// During a case the court's keys (Tab, the arrows, Enter, Space, Escape) are the court's:
/// they are taken out of egui's input before its pass.
fn court_keys_to_the_court(table: Res<SnelabTable>, mut inputs: Query<&mut EguiInput>) {
    if table.phase() != Phase::Play || table.coin.is_some() {
        return;
    }
    for mut input in &mut inputs {
        input.events.retain(|e| {
            !matches!(
                e,
                egui::Event::Key {
                    key: egui::Key::Tab
                        | egui::Key::ArrowUp
                        | egui::Key::ArrowDown
                        | egui::Key::ArrowLeft
                        | egui::Key::ArrowRight
                        | egui::Key::Enter
                        | egui::Key::Space
                        | egui::Key::Escape,
                    ..
                }
            )
        });
    }
}

/// The keyboard's focus on a panel's widget: a brass ring around it while it has egui's focus
/// (egui's own look for a focused widget is too faint on walnut).
fn focus_ring(ui: &egui::Ui, r: &egui::Response) {
    if r.has_focus() {
        ui.painter().rect_stroke(
            r.rect.expand(3.0),
            egui::CornerRadius::same(9),
            egui::Stroke::new(2.5, style::BRASS),
            egui::StrokeKind::Outside,
        );
    }
}

/// A row of widgets centred in the width there is (egui lays a row out from the left: the row's
/// width is remembered from the last pass and the space before it set from that). A row longer
/// than the width there is (long words, a narrow panel) is laid out from the left instead,
/// going on in the next row where it must; its width as one row, measured when it last was one,
/// is kept for when there is room again.
fn centred_row(
    ui: &mut egui::Ui,
    salt: impl std::hash::Hash + std::fmt::Debug,
    add: impl FnOnce(&mut egui::Ui),
) {
    let id = ui.id().with(("centred-row", salt));
    let width: f32 = ui.ctx().data(|d| d.get_temp(id)).unwrap_or(0.0);
    if width > ui.available_width() + 0.5 {
        ui.horizontal_wrapped(add);
        return;
    }
    ui.horizontal(|ui| {
        ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
        let start = ui.cursor().min.x;
        add(ui);
        let used = ui.min_rect().max.x - start;
        ui.ctx().data_mut(|d| d.insert_temp(id, used));
    });
}

/// Whether this pass's click came from a key (Enter or Space on a focused widget), so the panel
/// it opens hands the focus on.
fn by_keys(ui: &egui::Ui) -> bool {
    ui.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space))
}

use crate::app::style::{GREEN, RED};

#[allow(clippy::too_many_arguments)]
fn table_ui(
    mut contexts: EguiContexts,
    time: Res<Time>,
    tr: Res<Tr>,
    mut table: ResMut<SnelabTable>,
    mut panels: ResMut<SnelabPanels>,
    mut intents: MessageWriter<SnelabIntent>,
    cameras: Query<(&Camera, &Transform), With<Camera3d>>,
    (mut form, settings, mut change, mut go_online): (
        ResMut<OnlineForm>,
        Res<crate::app::save::ActiveSettings>,
        MessageWriter<crate::app::save::ChangeSettings>,
        MessageWriter<GoOnline>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let camera = crate::app::kit::panel::Eye::of(cameras.single().ok(), ctx);
    let at = Moment {
        t: time.elapsed_secs(),
        camera,
    };
    let mut server = settings.0.server.clone();
    let online = OnlineLobby {
        form: &mut form,
        server: &mut server,
    };
    let (sent, go) = draw_with(ctx, &tr, &mut table, &mut panels, &at, Some(online));
    for i in sent {
        intents.write(Intended(i));
    }
    if let Some(g) = go {
        go_online.write(g);
    }
    if server != settings.0.server {
        let mut s = settings.0.clone();
        s.server = server;
        change.write(crate::app::save::ChangeSettings(s));
    }
    Ok(())
}

/// What the panels read besides the table: the clock (for the engine's thinking dots) and the
/// camera (for the words over the court).
#[derive(Default)]
pub struct Moment<'a> {
    pub t: f32,
    pub camera: Option<crate::app::kit::panel::Eye<'a>>,
}

/// One pass of the table's panels in `ctx`: what the UI system draws each frame, and what the
/// tests run in a bare egui context to press the lobby's widgets with keys. The lobby edits the
/// table's setup directly (it is only read when a case opens); every other change comes back as
/// the intents the buttons sent.
pub fn draw(
    ctx: &egui::Context,
    tr: &Tr,
    table: &mut Table,
    panels: &mut SnelabPanels,
    at: &Moment,
) -> Vec<Intent> {
    draw_with(ctx, tr, table, panels, at, None).0
}

/// The online lobby's part: the form, the server's address (edited in place).
pub struct OnlineLobby<'a> {
    pub form: &'a mut OnlineForm,
    pub server: &'a mut String,
}

/// [`draw`], with the lobby's online part beside it when `online` is given; what the online
/// part asked for, if anything.
pub fn draw_with(
    ctx: &egui::Context,
    tr: &Tr,
    table: &mut Table,
    panels: &mut SnelabPanels,
    at: &Moment,
    mut online: Option<OnlineLobby>,
) -> (Vec<Intent>, Option<GoOnline>) {
    let mut go = None;
    let mut sent = Vec::new();
    let mut send = |i: Intent| sent.push(i);
    badges::badges(ctx, tr, table, at.camera);
    let mut p = Panel::new(ctx, tr, table, &mut send);
    // On a compact screen the lobby's two columns take the width, and the lobby tells the
    // purse itself.
    if !(style::compact(ctx) && table.phase() == Phase::Lobby) {
        side::side_panel(p.reborrow(), panels);
    }
    // A replay: its bar and review are the replays' own panels; the analysis board keeps the
    // bar of the case (whose turn, the payment) and the replays' panel.
    if table.replay.is_some() {
        return (sent, None);
    }
    if table.analysing.is_some() {
        if table.phase() == Phase::Play {
            bar::play_bar(p, at.t);
        }
        return (sent, None);
    }
    if let Some(coin) = table.coin {
        coin::coin_flip(ctx, tr, coin);
        return (sent, None);
    }
    if table.host.is_some() && table.phase() != Phase::Lobby {
        crate::app::kit::online_panels::status(ctx, tr, &*table);
    }
    match table.phase() {
        Phase::Lobby if table.online_waiting() => {
            crate::app::kit::online_panels::waiting(p);
        }
        Phase::Lobby => {
            let mut setup = table.setup;
            if !panels.books {
                lobby::lobby(p, &mut setup, panels, online.is_some());
            }
            if setup != table.setup {
                table.setup = setup;
            }
        }
        Phase::Play => {
            bar::play_bar(p.reborrow(), at.t);
            if panels.reading && table.person_to_move() {
                reading(p.reborrow(), panels);
            } else {
                panels.reading = false;
            }
            if table.resigning {
                bar::resign_question(p);
            }
        }
        Phase::Verdict(s) => {
            if table.busy <= 0.0 && !panels.books {
                verdict::verdict(p, &s, panels);
            }
        }
    }
    if panels.books {
        books::books(ctx, tr, table, panels);
    }
    if let Some(o) = online.as_mut()
        && table.phase() == Phase::Lobby
        && table.host.is_none()
        && table.coin.is_none()
        && !panels.books
    {
        go = lobby::online_part(ctx, tr, table, o);
    }
    (sent, go)
}

pub(super) fn side_name(tr: &Tr, side: Side) -> &str {
    match side {
        Side::South => tr.t("snelab.south"),
        Side::North => tr.t("snelab.north"),
    }
}

/// The words for a refusal, in the player's language.
fn refusal_text(tr: &Tr, r: super::Refusal) -> String {
    tr.say(&crate::i18n::Explain::explain(&r))
}

/// The short reason the books give for a case's end.
fn reason_text(tr: &Tr, end: CaseEnd) -> &str {
    match end {
        CaseEnd::Verdict(Reason::Bench) => tr.t("snelab.reason.bench"),
        CaseEnd::Verdict(Reason::NoLegalAction) => tr.t("snelab.reason.no_move"),
        CaseEnd::Resigned => tr.t("snelab.reason.resigned"),
        CaseEnd::Abandoned => tr.t("snelab.reason.abandoned"),
    }
}

/// Each action played at the court, announced in words.
pub(crate) fn announce(
    mut happened: MessageReader<super::SnelabHappened>,
    tr: Res<Tr>,
    mut panels: ResMut<SnelabPanels>,
) {
    for e in happened.read() {
        if let super::table::Effect::Played(a) = &e.0 {
            let line = tr.say(&crate::access::snelab::announce(&a.before, &a.action));
            panels.field.announce(line);
        }
    }
}

/// "All my moves" at the court: the position in words, a typed action (notation or words) and
/// every legal action; one chosen is played as a whole (`Intent::Play`).
pub fn reading(p: Panel, panels: &mut SnelabPanels) {
    let (ctx, tr, table, send) = p.parts();
    let pos = table.pos();
    let (lines, actions) = crate::app::kit::reading::said(
        tr,
        crate::access::snelab::position(&pos),
        crate::access::snelab::actions(&pos),
        |a| a.to_string(),
    );
    let chosen = crate::app::kit::reading::show(
        ctx,
        tr,
        "snelab-reading",
        crate::app::kit::reading::BOTTOM_BAR,
        &mut panels.reading,
        &mut panels.field,
        &lines,
        actions,
        |text| crate::access::snelab::typed(&pos, text, |m| tr.say(m)).map_err(|w| tr.say(&w)),
    );
    if let Some(a) = chosen {
        send(Intent::Play(a));
    }
}
