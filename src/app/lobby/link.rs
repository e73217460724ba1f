//! The lobby's own connection: `net::lobby`'s session over a socket of its own (not a table's),
//! open while the menu is on show (or, with notifications on, while the device has games), and
//! pumped each frame like a table's link. It follows the lobby while the Online screen shows the
//! open tables or the games being played; a seat it gets goes to the game's own online table.

use super::{Notify, Seats};
use crate::app::kit::link::GoOnline;
use crate::app::kit::online::SavedSeat;
use crate::app::kit::online_panels::OnlineForm;
use crate::app::save::{ActiveSettings, Notices, SaveStore};
use crate::app::screens::{MenuPage, Navigate, Screen};
use crate::i18n::Tr;
use crate::i18n::{Explain, msg};
use crate::launch::OnlinePage;
use crate::net::client::Request;
use crate::net::lobby::{Lobby, LobbyHeard, Paired};
use crate::net::protocol::{ClientMsg, ServerMsg};
use crate::net::seats::OwnSeat;
use crate::net::socket::{Retry, Socket, SocketEvent};
use bevy::prelude::*;

/// The lobby's session and its connection.
#[derive(Resource, Default)]
pub struct LobbyLink {
    pub lobby: Lobby,
    socket: Option<Socket>,
    /// The server the connection goes to.
    url: Option<String>,
    /// When to try again after a drop.
    retry: Retry,
    /// A staged scene's made-up lobby: no connection is opened, and its clock stands still at
    /// this moment (`net::clock`), so a made-up wait reads the same in every picture.
    pub staged: Option<std::time::Duration>,
    /// What the screens asked to send.
    pub outbox: Vec<ClientMsg>,
}

impl LobbyLink {
    fn close(&mut self) {
        self.socket = None;
        self.url = None;
        let name = std::mem::take(&mut self.lobby.name);
        self.lobby = Lobby::with_identity(self.lobby.identity().cloned());
        self.lobby.name = name;
    }

    fn send(&self, msg: &ClientMsg) {
        if let Some(s) = &self.socket {
            s.send(msg.to_json());
        }
    }

    /// The time the screens show the lobby at: now, or a staged scene's moment.
    pub fn now(&self) -> std::time::Duration {
        self.staged.unwrap_or_else(crate::net::clock::now)
    }

    /// The server the connection goes to, while one is open.
    pub fn url(&self) -> Option<&str> {
        self.url.as_deref()
    }
}

/// The server of this run (`--server`) or the settings', as a connection names it.
pub fn server_url(
    settings: &ActiveSettings,
    options: Option<&crate::launch::LaunchOptions>,
) -> String {
    if let Some(s) = options.and_then(|o| o.server.clone()) {
        return s;
    }
    let s = settings.0.server.trim();
    if s.is_empty() {
        crate::settings::DEFAULT_SERVER.to_string()
    } else {
        s.to_string()
    }
}

/// Goes to `game`'s online table with a seat this device holds (its token).
pub fn open_seat(seat: &OwnSeat, name: &str, go: &mut Vec<GoOnline>, nav: &mut Vec<Navigate>) {
    // With the token nothing is asked of the server: the request only tells the waiting panel
    // whether this device opened the table (it shows the code to give) or joined it.
    let request = if seat.seat == Some(crate::net::protocol::SeatId::First) {
        Request::Create {
            game: seat.game,
            clock: None,
            bot_fill: None,
            name: name.to_string(),
            options: Default::default(),
            control: seat.control,
            public: false,
            rated: false,
        }
    } else {
        Request::Join {
            code: seat.code.clone(),
            name: name.to_string(),
        }
    };
    go.push(GoOnline {
        game: seat.game,
        request: request.clone(),
        url: seat.url.clone(),
        back: Some(SavedSeat {
            url: seat.url.clone(),
            code: seat.code.clone(),
            token: seat.token.clone(),
            request: Some(request),
        }),
    });
    nav.push(Navigate::Table(seat.game));
}

/// One frame of the lobby's connection.
#[allow(clippy::too_many_arguments)]
pub fn pump(
    screen: Res<State<Screen>>,
    page: Res<MenuPage>,
    settings: Res<ActiveSettings>,
    options: Option<Res<crate::launch::LaunchOptions>>,
    notify: Res<Notify>,
    form: Res<OnlineForm>,
    key: Res<crate::app::identity::PlayerKey>,
    tr: Res<Tr>,
    mut link: ResMut<LobbyLink>,
    mut seats: ResMut<Seats>,
    mut store: ResMut<SaveStore>,
    mut notices: ResMut<Notices>,
    mut go_online: MessageWriter<GoOnline>,
    mut go: MessageWriter<Navigate>,
    mut wake: ResMut<crate::app::calm::Wake>,
) {
    if link.staged.is_some() {
        return;
    }
    let link = &mut *link;
    let menu = *screen.get() == Screen::Menu;
    // The Online screen, and the player's page (asked through this connection).
    let online_page = menu && matches!(*page, MenuPage::Online(_) | MenuPage::Player);
    // The page's countdowns (a quick game's wait, the games' time left) count time: drawn at
    // least once a second (`app::calm`).
    if online_page || link.socket.is_some() {
        wake.within(1.0);
    }
    let url = server_url(&settings, options.as_deref());
    let tokens = seats.0.tokens_at(&url);
    // A finished game's record asked from anywhere (`--replay CODE`, `?replay=CODE`) needs the
    // connection too, until the answer comes.
    let asking = link
        .lobby
        .record()
        .is_some_and(|(_, a)| matches!(a, crate::net::lobby::Answer::Asking));
    let wanted = (menu && (online_page || !tokens.is_empty() || asking))
        || (notify.on && !tokens.is_empty());
    let moved = link.url.as_deref().is_some_and(|u| u != url);
    // A new key (made, or imported): a new connection proves it (a connection proves once).
    let rekeyed = link.lobby.identity() != key.identity.as_ref();
    if rekeyed {
        link.lobby.set_identity(key.identity.clone());
    }
    if (!wanted || moved || rekeyed) && link.url.is_some() {
        link.close();
    }
    if !wanted || link.lobby.lost() {
        return;
    }
    if link.url.is_none() {
        link.url = Some(url.clone());
        link.socket = Some(Socket::connect(&url));
    }
    // Leaving the Online screen leaves the queue; its lists are followed while it shows them.
    link.lobby.name = form.name.clone();
    let mut send = std::mem::take(&mut link.outbox);
    if !online_page {
        send.extend(link.lobby.unqueue());
    }
    let following = menu
        && matches!(
            *page,
            MenuPage::Online(OnlinePage::Lobby | OnlinePage::Watch)
        );
    send.extend(link.lobby.follow(following));
    send.extend(link.lobby.watch_games(tokens));
    let events = link.socket.as_ref().map(Socket::poll).unwrap_or_default();
    let mut heard = Vec::new();
    for event in events {
        match event {
            SocketEvent::Opened => send.extend(link.lobby.opened()),
            SocketEvent::Text(text, at) => match serde_json::from_str::<ServerMsg>(&text) {
                Ok(m) => {
                    let (h, reply) = link.lobby.receive_at(m, at);
                    heard.extend(h);
                    send.extend(reply);
                }
                Err(e) => warn!("lobby: an unreadable message from the server ({e}): {text}"),
            },
            SocketEvent::Closed(why) => {
                info!("lobby: the connection closed ({why})");
                link.lobby.dropped(&why);
                link.socket = None;
                link.retry
                    .after(link.lobby.retry_after(), crate::net::clock::now());
            }
        }
    }
    send.extend(link.lobby.poll(crate::net::clock::now()));
    for m in &send {
        link.send(m);
    }
    // (The game may sleep between frames: it is woken for the try.)
    if link.socket.is_none() && !link.lobby.lost() {
        match link.retry.due(crate::net::clock::now()) {
            Ok(()) => link.socket = Some(Socket::connect(&url)),
            Err(left) => wake.within(left),
        }
    }
    let mut opened = Vec::new();
    let mut nav = Vec::new();
    let mut changed = false;
    for h in heard {
        match h {
            LobbyHeard::Paired(Paired {
                game,
                control,
                code,
                seat,
                token,
                ..
            }) => {
                info!("lobby: paired at table {code}");
                let own = OwnSeat {
                    game,
                    url: url.clone(),
                    code,
                    token,
                    seat: Some(seat),
                    control: Some(control),
                    opened_at: crate::app::platform::now_secs(),
                };
                changed |= seats.0.add(own.clone());
                open_seat(&own, form.name.trim(), &mut opened, &mut nav);
            }
            LobbyHeard::Closed(tokens) => changed |= seats.0.prune(&tokens),
            LobbyHeard::YourTurn(game) => {
                if notify.on {
                    super::notify::your_move(&tr, &game);
                }
            }
            LobbyHeard::Refused { code, message } => {
                warn!("lobby: the server refused ({code:?}): {message}");
                notices.push(tr.say(&msg("online.refused").with_words("why", code.explain())));
            }
            LobbyHeard::Lost(lost) => {
                notices.push(tr.say(&crate::app::kit::online::lost_message(&lost)));
            }
        }
    }
    // What the server told of each seat is kept with it.
    for row in link.lobby.games() {
        let s = &row.summary;
        changed |= seats.0.learn(&s.token, s.seat, s.control);
    }
    if changed {
        super::save_seats(&seats, &mut store, &mut notices, &tr);
    }
    if !opened.is_empty() {
        // The seat is the table's now: this connection lets it go.
        link.close();
        go_online.write_batch(opened);
        go.write_batch(nav);
    }
}
