//! The online table's link, written once for any game with an online table ([`Online`]),
//! pumped each frame: the table's [`Outgoing`] become protocol messages through the
//! [`Session`], the socket's frames become [`Heard`]s for the table, and a dropped connection
//! is opened again after the session's back-off. The connection is `net::socket`'s: a thread
//! of its own on the desktop, the page's WebSocket in the browser.

use super::Outbox;
use super::online::{Deadline, OnlineTable, Outgoing, SavedSeat};
use super::table::{Happened, TableKind, send};
use crate::net::client::{Heard, Request, Session};
use crate::net::protocol::{ClientMsg, ServerMsg};
use crate::net::socket::{Retry, Socket, SocketEvent};
use crate::rules::GameKind;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::marker::PhantomData;

/// A table that can play at a server: what the link asks of it.
pub trait Online: TableKind {
    /// The store's key of the seat this game keeps on the device ([`KeptSeat`]).
    const SEAT_KEY: &'static str;
    /// Whether the game can end in a draw, so a draw may be offered (Snēlab has none).
    const DRAWS: bool = true;
    /// The intent that carries the player's ask about offers or a rematch (the kit's panels
    /// send it; the table gives it to its host).
    fn ask(ask: super::online::Ask) -> Self::Intent;
    /// Whether an action heard may be taken back (Artifact Chess: not an army's commitment
    /// or reveal).
    fn undoable(_action: &str) -> bool {
        true
    }
    /// The table's online side while it plays at a server (a staged scene's included).
    fn online(&self) -> Option<&OnlineTable>;
    fn online_mut(&mut self) -> Option<&mut OnlineTable>;
    /// Goes to the online table: the link opens and says `request`.
    fn go_online(&mut self, request: Request, url: String);
    /// Goes back to a seat kept on the device.
    fn return_online(&mut self, seat: SavedSeat);
    /// Takes in what the session heard; the effects for the Bevy side.
    fn hear(&mut self, heard: Heard, timing: &Self::Timing) -> Vec<Self::Effect>;
    /// Whether the table is in its lobby (`--online` waits for it).
    fn in_lobby(&self) -> bool;
    /// A seat at a server's table kept on this device from an earlier run, which the lobby
    /// offers to return to.
    fn saved_seat(&self) -> Option<&SavedSeat>;
    /// What the waiting panel's Leave says: back to the lobby.
    fn leave() -> Self::Intent;
    /// Why this device may not ask for a seat by `request` now, in words (Snēlab: a purse short
    /// of the stake, which the device could not sit down with once the server had seated it);
    /// nothing is sent to the server then. `None` (it may) by default.
    fn refuse_seat(&self, _request: &Request) -> Option<crate::i18n::Message> {
        None
    }
    /// The options a table this device opens asks for (Snēlab's stakes and appeal rule, as its
    /// lobby has them); none by default.
    fn table_options(&self) -> crate::net::protocol::TableOptions {
        crate::net::protocol::TableOptions::default()
    }
}

/// `--rematch N` with `--autoplay`: the person's seat asks for a rematch at the end of each of
/// the first N online games, as a click on the end banner's Rematch would.
pub fn autoplay_rematch<T: Online>(
    options: Option<Res<crate::launch::LaunchOptions>>,
    table: Res<T>,
    mut asked: Local<(u32, Option<String>)>,
    mut intents: MessageWriter<super::Intended<T>>,
) {
    let Some(o) = options.filter(|o| o.autoplay.is_some() && o.rematch > 0) else {
        return;
    };
    let Some(online) = table.online() else {
        return;
    };
    if asked.0 >= o.rematch || !online.may_rematch() || online.rematch_asked() {
        return;
    }
    if online.code.is_some() && asked.1 == online.code {
        return;
    }
    asked.0 += 1;
    asked.1 = online.code.clone();
    info!("online: asking for a rematch");
    intents.write(super::Intended(T::ask(super::online::Ask::Rematch)));
}

/// The seat at a server's table that the game of the table `T` keeps on the device, so that
/// the game, closed and opened again, can go back to it; each game keeps its own, under its
/// table's [`Online::SEAT_KEY`].
#[derive(Serialize, Deserialize)]
#[serde(transparent)]
pub struct KeptSeat<T> {
    pub seat: SavedSeat,
    #[serde(skip)]
    table: PhantomData<fn() -> T>,
}

impl<T> KeptSeat<T> {
    pub fn new(seat: SavedSeat) -> KeptSeat<T> {
        KeptSeat {
            seat,
            table: PhantomData,
        }
    }
}

impl<T> Default for KeptSeat<T> {
    fn default() -> KeptSeat<T> {
        KeptSeat::new(SavedSeat::default())
    }
}

impl<T: Online> crate::save::Saved for KeptSeat<T> {
    const KEY: &'static str = T::SEAT_KEY;
    const VERSION: u32 = 1;
}

/// Go to a game's online table (the lobby's Open or Join).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GoOnline {
    /// The game whose table goes online.
    pub game: GameKind,
    pub request: Request,
    /// The server's address, `ws://HOST:PORT/ws`.
    pub url: String,
    /// Back to a seat kept from an earlier run (its token), instead of a new request.
    pub back: Option<SavedSeat>,
}

/// A seat taken at a server's table (or kept from an earlier run): the device's list of seats
/// across games (`app::lobby`, "Your games") adds it. Sent by [`pump`] on every `seated`, and
/// at startup for the seat each game kept under its [`Online::SEAT_KEY`].
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct TookSeat {
    pub game: GameKind,
    pub url: String,
    pub code: String,
    pub token: String,
    pub seat: Option<crate::net::protocol::SeatId>,
    pub control: Option<crate::net::protocol::TimeControl>,
}

impl TookSeat {
    fn of(game: GameKind, url: &str, request: &Request, code: String, token: String) -> TookSeat {
        let control = match request {
            Request::Create { control, .. } => *control,
            Request::Join { .. } | Request::Spectate { .. } => None,
        };
        TookSeat {
            game,
            url: url.to_string(),
            code,
            token,
            seat: None,
            control,
        }
    }
}

/// The seat this game kept on the device, told to the list of the device's seats.
fn adopt_kept_seat<T: Online>(
    mut store: ResMut<crate::app::save::SaveStore>,
    mut took: MessageWriter<TookSeat>,
) {
    let (kept, _) = store.load::<KeptSeat<T>>();
    if let Some(seat) = kept.seat.kept()
        && let Some(request) = &seat.request
    {
        took.write(TookSeat::of(
            T::GAME,
            &seat.url,
            request,
            seat.code.clone(),
            seat.token.clone(),
        ));
    }
}

/// The session and its connection, for the table `T`.
#[derive(Resource)]
pub struct OnlineLink<T> {
    session: Option<Session>,
    socket: Option<Socket>,
    /// When to try again after a drop.
    retry: Retry,
    table: PhantomData<fn() -> T>,
}

impl<T> Default for OnlineLink<T> {
    fn default() -> OnlineLink<T> {
        OnlineLink {
            session: None,
            socket: None,
            retry: Retry::default(),
            table: PhantomData,
        }
    }
}

impl<T> OnlineLink<T> {
    fn open(&mut self, url: &str) {
        self.socket = Some(Socket::connect(url));
    }

    fn poll(&mut self) -> Vec<SocketEvent> {
        self.socket.as_ref().map(Socket::poll).unwrap_or_default()
    }

    fn send(&self, msg: &ClientMsg) {
        if let Some(s) = &self.socket {
            s.send(msg.to_json());
        }
    }

    fn close(&mut self) {
        self.session = None;
        self.socket = None;
    }
}

/// The link's resource and message for the table `T`.
pub fn plugin<T: Online>(app: &mut App) {
    app.init_resource::<OnlineLink<T>>()
        .add_message::<GoOnline>()
        .add_message::<TookSeat>()
        .add_systems(
            Startup,
            adopt_kept_seat::<T>.in_set(crate::app::save::Loaded::Tables),
        );
}

/// The lobby's Open or Join: the table goes online and the link opens; unless the table
/// refuses the seat ([`Online::refuse_seat`]): then the player is told why, and nothing is
/// sent to the server.
pub fn go_online<T: Online>(
    mut go: MessageReader<GoOnline>,
    mut table: ResMut<T>,
    mut link: ResMut<OnlineLink<T>>,
    mut out: Outbox,
) {
    for GoOnline {
        game,
        request,
        url,
        back,
    } in go.read()
    {
        if *game != T::GAME {
            continue;
        }
        if back.is_none()
            && let Some(why) = table.refuse_seat(request)
        {
            info!("online: no seat asked for: {}", crate::i18n::english(&why));
            out.refusal(&why);
            continue;
        }
        link.close();
        match back {
            Some(seat) => table.return_online(seat.clone()),
            None => table.go_online(request.clone(), url.clone()),
        }
    }
}

/// One frame of the link.
pub fn pump<T: Online>(
    mut wake: ResMut<crate::app::calm::Wake>,
    timing: Res<T::Timing>,
    mut table: ResMut<T>,
    mut link: ResMut<OnlineLink<T>>,
    mut out: Outbox,
    mut happened: MessageWriter<Happened<T>>,
    mut took: MessageWriter<TookSeat>,
    mut last_frame: Local<Option<std::time::Duration>>,
    key: Option<Res<crate::app::identity::PlayerKey>>,
) {
    let Some((request, url, token)) = table
        .online()
        .filter(|o| !o.staged)
        .map(|o| (o.request.clone(), o.url.clone(), o.token.clone()))
    else {
        if link.session.is_some() {
            link.close();
        }
        return;
    };
    if link.session.is_none() {
        let identity = key.as_ref().and_then(|k| k.identity.clone());
        link.session = Some(
            match token {
                Some(token) => Session::returning(request.clone(), token),
                None => Session::new(request.clone()),
            }
            .with_identity(identity),
        );
        link.open(&url);
    }
    let link = &mut *link;
    let mut heard: Vec<Heard> = Vec::new();
    for got in link.poll() {
        let Some(session) = link.session.as_mut() else {
            break;
        };
        let mut closed = false;
        let (h, reply) = match got {
            SocketEvent::Opened => (Vec::new(), session.opened()),
            SocketEvent::Text(text, at) => match serde_json::from_str::<ServerMsg>(&text) {
                Ok(m) => session.receive_at(m, at),
                Err(e) => {
                    warn!("online: an unreadable message from the server ({e}): {text}");
                    (Vec::new(), Vec::new())
                }
            },
            SocketEvent::Closed(why) => {
                info!("online: the connection closed ({why})");
                closed = true;
                let h = session.dropped(&why);
                link.retry
                    .after(session.retry_after(), crate::net::clock::now());
                (h, Vec::new())
            }
        };
        if closed {
            link.socket = None;
        }
        for m in &reply {
            link.send(m);
        }
        heard.extend(h);
    }
    // A dropped connection opens again after the back-off, unless the session gave up.
    // (The game may sleep between frames: it is woken for the try.)
    if link.socket.is_none() && link.session.as_ref().is_some_and(|s| !s.lost()) {
        match link.retry.due(crate::net::clock::now()) {
            Ok(()) => link.open(&url),
            Err(left) => wake.within(left),
        }
    }
    // The round trip is measured now and then: the clock shown is corrected by it.
    let now = crate::net::clock::now();
    // An offer's lapse held back for an action that did not come: the other seat said no.
    if let Some(s) = link.session.as_mut() {
        heard.extend(s.due(now));
    }
    let pings = link
        .session
        .as_mut()
        .map(|s| s.poll(now))
        .unwrap_or_default();
    for m in &pings {
        link.send(m);
    }
    // What the table asks for goes out while the link is up.
    let welcomed = link
        .session
        .as_ref()
        .is_some_and(|s| s.link == crate::net::client::Link::Connected);
    if welcomed && let Some(online) = table.online_mut() {
        let outgoing: Vec<Outgoing> = online.outgoing.drain(..).collect();
        for o in outgoing {
            let msg = match o {
                // The count of the position the action was chosen at, not the session's now:
                // events heard earlier in this frame are not on the table yet, and an action
                // chosen for the position before them must come back `stale`.
                Outgoing::Act { action, seq } => match link.session.as_mut() {
                    Some(s) => s.signed_act(action, Some(seq)),
                    None => continue,
                },
                Outgoing::Unsequenced { action } => match link.session.as_mut() {
                    Some(s) => s.signed_act(action, None),
                    None => continue,
                },
                Outgoing::Resign => ClientMsg::Resign,
                Outgoing::Rematch => ClientMsg::Rematch,
                Outgoing::Offer(what) => ClientMsg::Offer { what },
                Outgoing::Answer(what, accept) => ClientMsg::Answer { what, accept },
            };
            link.send(&msg);
        }
    }
    if let (Some(online), Some(session)) = (table.online_mut(), link.session.as_ref())
        && online.link != session.link
    {
        info!("online: the link is {:?}", session.link);
        online.link = session.link.clone();
    }
    let mut effects = Vec::new();
    for h in heard {
        // A seat taken: into the device's list of seats ("Your games").
        if let Heard::Seated { code, seat, token } = &h {
            took.write(TookSeat {
                seat: Some(*seat),
                ..TookSeat::of(T::GAME, &url, &request, code.clone(), token.clone())
            });
        }
        // What the player saw when the clock played: the countdown of the frame before, and
        // how long ago that frame was (the online test tool reads these lines).
        if let Heard::Played { played, .. } = &h
            && played.timeout
        {
            let shown = table.online().and_then(|o| o.countdown);
            let ago = last_frame.map(|t| now.saturating_sub(t).as_secs_f64());
            info!(
                "online: the clock's move for {:?}; this window showed {} left {} ago",
                played.by,
                shown.map_or("no clock".into(), |s| format!("{s:.2} s")),
                ago.map_or("-".into(), |a| format!("{a:.2} s")),
            );
        }
        if let Heard::Ended {
            ratings: Some(r), ..
        } = &h
        {
            info!(
                "online: a rated game ended; ratings {} ({:+}) and {} ({:+})",
                r[0].after.shown(),
                r[0].delta(),
                r[1].after.shown(),
                r[1].delta()
            );
        }
        effects.extend(table.hear(h, &timing));
    }
    // The countdown on screen: the server's deadline against this device's clock, read at
    // this frame whatever the frames before it took.
    if let (Some(online), Some(session)) = (table.online_mut(), link.session.as_ref()) {
        let clock = session.clock();
        online.countdown = clock.map(|c| c.left(now).as_secs_f64());
        online.deadline = clock.map(|c| Deadline {
            at: c.deadline,
            latency: session.latency(),
        });
        online.banks = session.banks(now).map(|b| b.map(|left| left.as_secs_f64()));
    }
    *last_frame = Some(now);
    if !effects.is_empty() {
        send(&*table, effects, &mut out, &mut happened);
    }
}

/// `--online`: the table goes online at once (from its lobby), to the `--server` given or the
/// one in Settings.
pub fn launch_online<T: Online>(
    options: Option<Res<crate::launch::LaunchOptions>>,
    settings: Res<crate::app::save::ActiveSettings>,
    table: Res<T>,
    mut done: Local<bool>,
    mut go: MessageWriter<GoOnline>,
) {
    if *done {
        return;
    }
    let Some(start) = options.as_ref().and_then(|o| o.online.clone()) else {
        *done = true;
        return;
    };
    if !table.in_lobby() {
        return;
    }
    *done = true;
    let url = options
        .as_ref()
        .and_then(|o| o.server.clone())
        .unwrap_or_else(|| settings.0.server.clone());
    let request = match start {
        crate::launch::OnlineStart::Host(bot) => Request::Create {
            game: T::GAME,
            options: table.table_options(),
            clock: None,
            bot_fill: bot.map(Into::into),
            name: String::new(),
            control: None,
            public: false,
            rated: false,
        },
        crate::launch::OnlineStart::Join(code) => Request::Join {
            code,
            name: String::new(),
        },
        crate::launch::OnlineStart::Watch(code) => Request::Spectate { code },
        // The Online screen pairs, then hands the seat here by its token.
        crate::launch::OnlineStart::Quick(_) => return,
    };
    info!("online: going to {url}");
    go.write(GoOnline {
        game: T::GAME,
        request,
        url,
        back: None,
    });
}
