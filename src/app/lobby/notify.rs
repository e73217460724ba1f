//! The browser's notifications: "your move" in one of your games while the page is hidden. The
//! page asks the player's permission only when the player turns them on (a click: browsers
//! refuse to ask otherwise). On the desktop there is nothing to turn on.

use super::Notify;
use crate::app::save::{Notices, SaveStore};
use crate::i18n::Tr;
use crate::net::protocol::GameSummary;
use bevy_egui::egui;

/// The "tell me when it is my move" switch (in the browser only), under "Your games".
pub fn toggle(
    ui: &mut egui::Ui,
    tr: &Tr,
    notify: &mut Notify,
    store: &mut SaveStore,
    notices: &mut Notices,
) {
    if !supported() {
        return;
    }
    ui.add_space(6.0);
    let mut on = notify.on;
    if ui.checkbox(&mut on, tr.t("lobby.notify")).changed() {
        if on {
            ask();
        }
        notify.on = on;
        if let Err(e) = store.store(notify) {
            notices.push(tr.tf("lobby.seats_save_failed", &[("why", &e.0)]));
        }
    }
    if notify.on && denied() {
        ui.label(crate::app::style::muted(tr.t("lobby.notify_denied"), 14.0));
    }
}

/// Says "your move" for `game`, when the page is hidden and the player allowed it.
pub fn your_move(tr: &Tr, game: &GameSummary) {
    let name = game
        .game
        .map(|g| tr.t(&format!("game.{}.name", g.cli_name())).to_string())
        .unwrap_or_default();
    let body = match game.opponent.as_deref().filter(|o| !o.trim().is_empty()) {
        Some(o) => tr.tf("lobby.notify_body", &[("game", &name), ("name", o)]),
        None => name,
    };
    show(
        tr.t("lobby.state.yours"),
        &body,
        game.code.as_deref().unwrap_or_default(),
    );
}

#[cfg(target_arch = "wasm32")]
fn supported() -> bool {
    js_sys::Reflect::has(&js_sys::global(), &"Notification".into()).unwrap_or(false)
}

#[cfg(target_arch = "wasm32")]
fn denied() -> bool {
    supported() && web_sys::Notification::permission() == web_sys::NotificationPermission::Denied
}

#[cfg(target_arch = "wasm32")]
fn ask() {
    if supported()
        && web_sys::Notification::permission() == web_sys::NotificationPermission::Default
    {
        let _ = web_sys::Notification::request_permission();
    }
}

#[cfg(target_arch = "wasm32")]
fn show(title: &str, body: &str, table: &str) {
    let hidden = web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.hidden());
    if !hidden
        || !supported()
        || web_sys::Notification::permission() != web_sys::NotificationPermission::Granted
    {
        return;
    }
    let options = web_sys::NotificationOptions::new();
    options.set_body(body);
    // One notice per table: a later move at the same table replaces it.
    options.set_tag(&format!("carved-tables-{table}"));
    if let Err(e) = web_sys::Notification::new_with_options(title, &options) {
        bevy::log::warn!("the notification could not be shown: {e:?}");
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn supported() -> bool {
    false
}

#[cfg(not(target_arch = "wasm32"))]
fn denied() -> bool {
    false
}

#[cfg(not(target_arch = "wasm32"))]
fn ask() {}

#[cfg(not(target_arch = "wasm32"))]
fn show(_title: &str, _body: &str, _table: &str) {}
