//! `--replay FILE|CODE` (in the browser `?replay=CODE`): the game opens as a replay once the
//! menu is up. A file is read here (not in the browser, which has no files); a code's record is
//! asked of the server through the lobby's connection, and opens when it comes. Whatever goes
//! wrong is told in a notice, and the menu stays.

use super::OpenReplay;
use crate::app::lobby::link::LobbyLink;
use crate::app::save::Notices;
use crate::app::screens::Screen;
use crate::i18n::Tr;
use crate::launch::{LaunchOptions, ReplayStart};
use crate::net::lobby::Answer;
use bevy::prelude::*;

/// Where `--replay` stands.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub enum Asked {
    /// Not yet looked at (or nothing asked).
    #[default]
    Waiting,
    /// The record of this code is asked of the server.
    Code(String),
    Done,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Asked>()
        .add_systems(Update, replay_at_start.run_if(in_state(Screen::Menu)));
}

/// Reads `text` as a record and opens it, or tells why not.
fn open(tr: &Tr, text: &str, open: &mut MessageWriter<OpenReplay>, notices: &mut Notices) {
    if let Err(why) = super::games::open_text(tr, text, open) {
        notices.push(why);
    }
}

fn replay_at_start(
    options: Option<Res<LaunchOptions>>,
    mut asked: ResMut<Asked>,
    link: Option<ResMut<LobbyLink>>,
    tr: Res<Tr>,
    mut opened: MessageWriter<OpenReplay>,
    mut notices: ResMut<Notices>,
) {
    match asked.clone() {
        Asked::Done => {}
        Asked::Waiting => {
            let Some(start) = options.and_then(|o| o.replay.clone()) else {
                *asked = Asked::Done;
                return;
            };
            match start {
                ReplayStart::File(path) => {
                    *asked = Asked::Done;
                    match read_file(&path) {
                        Ok(text) => open(&tr, &text, &mut opened, &mut notices),
                        Err(why) => notices.push(tr.tf("replay.file_unreadable", &[("why", &why)])),
                    }
                }
                ReplayStart::Code(code) => {
                    let Some(mut link) = link else {
                        *asked = Asked::Done;
                        return;
                    };
                    let sent = link.lobby.want_record(&code);
                    link.outbox.extend(sent);
                    *asked = Asked::Code(code);
                }
            }
        }
        Asked::Code(code) => {
            let Some(mut link) = link else {
                return;
            };
            let answer = match link.lobby.record() {
                Some((c, a)) if c == code => a.clone(),
                _ => return,
            };
            match answer {
                Answer::Asking => {}
                Answer::Got(text) => {
                    *asked = Asked::Done;
                    link.lobby.drop_record();
                    open(&tr, &text, &mut opened, &mut notices);
                }
                Answer::Refused(why) => {
                    *asked = Asked::Done;
                    link.lobby.drop_record();
                    notices.push(tr.say(&crate::app::player::refused(why)));
                }
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn read_file(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(target_arch = "wasm32")]
fn read_file(path: &std::path::Path) -> Result<String, String> {
    Err(format!("{}: the browser reads no files", path.display()))
}
