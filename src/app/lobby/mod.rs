//! Finding a game online, the player's side: the Online screen of the menu (the open public
//! tables of every game, quick pairing with its wait and the bot offered after it, opening a
//! table with a time control, public or private, the counts of people about, the games being
//! played to watch, and "Your games"), the "Your games" corner of the start screen, the list
//! of this device's seats across games, and (in the browser) a notification when it becomes
//! your move while the page is hidden.
//!
//! - [`link`]: the lobby's own connection (`net::lobby` over `net::socket`), open while the
//!   menu is on show (or, with notifications on, while the device has games); a seat it gets
//!   goes to the game's own online table.
//! - [`page`]: the screens. `scenes`: the made-up lobby of `--scene online-…`. `notify`: the
//!   browser's notifications.
//!
//! Decisions where the brief is silent (as a lichess or hivegame.com player would expect):
//! - Leaving the Online screen leaves the pairing queue (a seek lives while its page is open).
//! - A seat the pairing gives goes to the game's table by its token, as after a restart: the
//!   lobby's connection closes and the table's says `hello {token}`.
//! - Joining an open table, quick pairing and "Your games" replace whatever the game's table
//!   was showing (a game against the bot here is kept in its autosave only until the next one).
//! - "Your games" lists the seats of the server in the settings; a seat at another server
//!   stays kept and shows again when that server is chosen.
//! - The bot offered after the wait plays at the normal level, and the button says it is a bot.
//! - Notifications: asked for only when the player turns them on; said only while the page is
//!   hidden; one per move that came to the player.

pub mod link;
mod notify;
pub mod page;
mod scenes;

use crate::app::kit::link::TookSeat;
use crate::app::save::{Loaded, Notices, SaveStore};
use crate::app::screens::Screen;
use crate::i18n::{Explain, Tr};
use crate::net::protocol::{GameKind, Stakes, TimeControl};
use crate::net::seats::{OwnSeat, OwnSeats};
use crate::save::Saved;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use serde::{Deserialize, Serialize};

/// This device's seats at online tables, across games (kept in the store).
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Seats(pub OwnSeats);

/// Whether the player turned the browser's notifications on (kept in the store).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notify {
    pub on: bool,
}

impl Saved for Notify {
    const KEY: &'static str = "online.notify";
    const VERSION: u32 = 1;
}

/// What the right-hand side of the lobby offers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Start {
    #[default]
    Quick,
    Open,
}

/// What the player chose on the Online screen (kept while the game runs).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct LobbyForm {
    /// The open tables shown: one game's, or every game's.
    pub filter: Option<GameKind>,
    pub start: Start,
    /// The game and time control of a quick game or a table opened.
    pub game: GameKind,
    pub control: TimeControl,
    /// A table opened is listed in the lobby (and its game on the watch list).
    pub public: bool,
    pub stakes: Stakes,
    pub appeal: bool,
    pub artifacts: bool,
    /// Ash & Walnut's game type for a table opened here (the settings' choice, shared with
    /// the game's own lobby).
    pub game_type: crate::rules::hive::GameType,
    /// The Watch tab's "watch by code": the code typed, and the game whose table shows it.
    pub watch_code: String,
    pub watch_game: GameKind,
    /// A quick game asks to be rated (once the key is proved).
    pub rated: bool,
}

impl Default for LobbyForm {
    fn default() -> LobbyForm {
        LobbyForm {
            filter: None,
            start: Start::Quick,
            watch_code: String::new(),
            watch_game: GameKind::Hive,
            game: GameKind::Hive,
            control: TimeControl::default(),
            public: true,
            stakes: Stakes::Casino,
            appeal: true,
            artifacts: true,
            game_type: crate::rules::hive::GameType::BASE,
            rated: true,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((crate::app::identity::plugin, crate::app::player::plugin));
    app.init_resource::<Seats>()
        .init_resource::<Notify>()
        .init_resource::<LobbyForm>()
        .init_resource::<link::LobbyLink>()
        .init_resource::<crate::app::kit::online_panels::OnlineForm>()
        .add_message::<TookSeat>()
        .add_message::<crate::app::kit::link::GoOnline>()
        .add_systems(Startup, load.in_set(Loaded::Tables))
        .add_systems(Startup, name_from_key.after(Loaded::Tables))
        .add_systems(Startup, scenes::stage.after(Loaded::Tables))
        .add_systems(Update, (keep_seats, launch_quick, link::pump).chain())
        .add_systems(
            EguiPrimaryContextPass,
            (page::online_page, page::your_games_corner).run_if(in_state(Screen::Menu)),
        );
}

/// `--online quick[:SECONDS]` (`?online=quick` in the browser): once the lobby's connection is
/// up, asks to be paired for `--game`'s game (Ash & Walnut's by default), as the Quick game
/// button would; the seat it gets goes to the game's table as any pairing's does.
fn launch_quick(
    options: Option<Res<crate::launch::LaunchOptions>>,
    screen: Res<State<Screen>>,
    page: Res<crate::app::screens::MenuPage>,
    mut form: ResMut<LobbyForm>,
    mut link: ResMut<link::LobbyLink>,
    mut go: MessageWriter<crate::app::screens::Navigate>,
    mut done: Local<bool>,
    key: Option<Res<crate::app::identity::PlayerKey>>,
    (snelab, mut notices, tr, settings): (
        Option<Res<crate::app::snelab::SnelabTable>>,
        ResMut<Notices>,
        Res<Tr>,
        Res<crate::app::save::ActiveSettings>,
    ),
) {
    if *done {
        return;
    }
    let Some(o) = options else {
        *done = true;
        return;
    };
    let Some(crate::launch::OnlineStart::Quick(control)) = o.online else {
        *done = true;
        return;
    };
    // The Online screen on show (it leaves the queue otherwise), its connection up.
    use crate::app::screens::{MenuPage, Navigate};
    if *screen.get() != Screen::Menu {
        return;
    }
    if !matches!(*page, MenuPage::Online(_)) {
        go.write(Navigate::Menu(MenuPage::Online(Default::default())));
        return;
    }
    if link.url().is_none() || link.lobby.link != crate::net::client::Link::Connected {
        return;
    }
    // A device with a key asks once the key is proved, rated as the form says (rated by
    // default), as the Quick game button does.
    let keyed = key.is_some_and(|k| k.identity.is_some());
    if keyed && link.lobby.proved().is_none() {
        return;
    }
    *done = true;
    let game = o.online_game.unwrap_or(GameKind::Hive);
    // A Snēlab case needs the stake in the purse: without it, nothing is asked.
    if game == GameKind::Snelab
        && let Some(why) = snelab
            .as_deref()
            .and_then(|t| crate::app::snelab::online::seat_refusal(&t.purse))
    {
        warn!(
            "online: no quick game asked: {}",
            crate::i18n::english(&why)
        );
        notices.push(tr.say(&why));
        return;
    }
    form.start = Start::Quick;
    form.game = game;
    form.control = control;
    let rated = form.rated && link.lobby.proved().is_some();
    info!(
        "online: quick game for {} asked ({}, key {})",
        game.cli_name(),
        if rated { "rated" } else { "casual" },
        link.lobby.proved().unwrap_or("none")
    );
    // Ash & Walnut's game type as the settings keep it (the lobby's Creatures toggles).
    let game_type = settings.0.hive_game_type;
    form.game_type = game_type;
    let sent = link.lobby.quick(game, control, game_type, rated);
    link.outbox.extend(sent);
}

/// Reads the device's seats and the notification choice; damage is told, never trusted.
fn load(
    mut store: ResMut<SaveStore>,
    mut seats: ResMut<Seats>,
    mut notify: ResMut<Notify>,
    mut notices: ResMut<Notices>,
    tr: Res<Tr>,
) {
    let (read, status) = store.load::<OwnSeats>();
    if let crate::save::LoadStatus::Replaced(damage) = &status {
        warn!("the device's online seats could not be read: {damage}");
        notices.push(tr.tf(
            "lobby.seats_damaged",
            &[("why", &tr.say(&damage.explain()))],
        ));
    }
    let (checked, left_out) = read.checked();
    if left_out > 0 {
        warn!("{left_out} of the device's online seats made no sense and were left out");
        notices.push(tr.tf("lobby.seats_left_out", &[("count", &left_out.to_string())]));
    }
    seats.0 = checked;
    notify.on = store.load::<Notify>().0.on;
}

/// The online forms' name starts as the player's display name.
fn name_from_key(
    key: Res<crate::app::identity::PlayerKey>,
    mut form: ResMut<crate::app::kit::online_panels::OnlineForm>,
) {
    if form.name.trim().is_empty() {
        form.name = key.name.clone();
    }
}

/// Every seat taken at a table (or kept by a game from before) goes into the device's list.
fn keep_seats(
    mut took: MessageReader<TookSeat>,
    mut seats: ResMut<Seats>,
    mut store: ResMut<SaveStore>,
    mut notices: ResMut<Notices>,
    tr: Res<Tr>,
) {
    let mut changed = false;
    for t in took.read() {
        changed |= seats.0.add(OwnSeat {
            game: t.game,
            url: t.url.clone(),
            code: t.code.clone(),
            token: t.token.clone(),
            seat: t.seat,
            control: t.control,
            opened_at: crate::app::platform::now_secs(),
        });
    }
    if changed {
        save_seats(&seats, &mut store, &mut notices, &tr);
    }
}

/// Saves the device's seats; a failure is told.
fn save_seats(seats: &Seats, store: &mut SaveStore, notices: &mut Notices, tr: &Tr) {
    if let Err(e) = store.store(&seats.0) {
        warn!("{e}");
        notices.push(tr.tf("lobby.seats_save_failed", &[("why", &e.0)]));
    }
}
