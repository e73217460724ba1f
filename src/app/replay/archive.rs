//! This device's finished games (`play::archive`): loaded at start, and each game finished at a
//! table here (not a lesson, not a replay, not an analysis board) kept with its text record, so
//! the Games page lists it and opens it as a replay. A game played online with a seat here is
//! kept with the server's record once the server has sent it at the end (a game only watched
//! is not this device's).

use crate::app::kit::Outbox;
use crate::app::kit::table::Happened;
use crate::app::save::SaveStore;
use crate::i18n::english;
use crate::play::Seat;
use crate::play::archive::{Archive, Archived, ArchivedSide};
use crate::rules::GameKind;
use bevy::prelude::*;

/// The archive, as loaded at start and kept since.
#[derive(Resource, Default)]
pub struct GamesArchive(pub Archive);

pub(super) fn load(mut store: ResMut<SaveStore>, mut archive: ResMut<GamesArchive>) {
    let (kept, status) = store.load::<Archive>();
    if let crate::save::LoadStatus::Replaced(why) = status {
        warn!("games: the saved list could not be read ({why:?}); starting afresh");
    }
    archive.0 = kept;
}

/// Now, as the archive writes it: UTC, RFC 3339 at seconds.
pub fn now_text() -> String {
    let secs = crate::app::platform::now_secs();
    let day = crate::app::player::date_text(secs * 1000);
    let s = secs % 86_400;
    format!("{day}T{:02}:{:02}:{:02}Z", s / 3600, s / 60 % 60, s % 60)
}

/// A seat's name as a record writes it (the same in every language: a record is a file).
pub fn seat_name(seat: Seat) -> String {
    english(&seat.label())
}

/// Keeps `entry` and saves the archive; an entry already kept is not kept twice.
fn keep(archive: &mut GamesArchive, entry: Option<Archived>, out: &mut Outbox) {
    let Some(entry) = entry else {
        return;
    };
    if archive.0.push(entry) {
        out.save(&archive.0, "games.save_failed");
    }
}

/// An Ash & Walnut game finished here.
pub fn hive_ended(
    mut happened: MessageReader<Happened<crate::app::hive::HiveTable>>,
    table: Res<crate::app::hive::HiveTable>,
    mut archive: ResMut<GamesArchive>,
    mut out: Outbox,
) {
    use crate::app::hive::Effect;
    if !happened.read().any(|h| matches!(h.0, Effect::Ended(_))) {
        return;
    }
    let Some(game) = table.game.as_ref() else {
        return;
    };
    if table.replay.is_some()
        || table.analysing.is_some()
        || table.host.is_some()
        || game.is_coached()
    {
        return;
    }
    let game = game.played_here();
    let player = (!table.hot_seat())
        .then(|| table.person_colour())
        .flatten()
        .map(|c| ArchivedSide::of(GameKind::Hive, c as usize));
    let entry = Archived::new(&game.record().to_text(), &now_text(), player);
    if let Err(e) = &entry {
        warn!("games: a finished Ash & Walnut game was not kept: {e}");
    }
    keep(&mut archive, entry.ok(), &mut out);
}

/// An Artifact Chess game finished here.
pub fn chess_ended(
    mut happened: MessageReader<Happened<crate::app::chess::ChessTable>>,
    table: Res<crate::app::chess::ChessTable>,
    mut archive: ResMut<GamesArchive>,
    mut out: Outbox,
) {
    use crate::app::chess::Effect;
    use crate::rules::chess::Colour;
    if !happened.read().any(|h| matches!(h.0, Effect::Ended(_))) {
        return;
    }
    let Some(game) = table.game.as_ref() else {
        return;
    };
    if table.replay.is_some()
        || table.analysing.is_some()
        || table.host.is_some()
        || game.is_coached()
    {
        return;
    }
    let names = [
        seat_name(game.seat(Colour::White)),
        seat_name(game.seat(Colour::Black)),
    ];
    let entry = Archived::chess_local(game, [&names[0], &names[1]], &now_text());
    if entry.is_none() {
        warn!("games: a finished Artifact Chess game has no local record (a resumed old save)");
    }
    keep(&mut archive, entry, &mut out);
}

/// A Snēlab case settled here.
pub fn snelab_ended(
    mut happened: MessageReader<Happened<crate::app::snelab::SnelabTable>>,
    table: Res<crate::app::snelab::SnelabTable>,
    mut archive: ResMut<GamesArchive>,
    mut out: Outbox,
) {
    use crate::app::snelab::Effect;
    if !happened.read().any(|h| matches!(h.0, Effect::Settled(_))) {
        return;
    }
    let session = &table.session;
    if table.host.is_some() || table.analysing.is_some() || session.learning() {
        return;
    }
    let seats = session.setup.seats();
    let names = [seat_name(seats[0]), seat_name(seats[1])];
    keep(
        &mut archive,
        Archived::snelab_local(session, [&names[0], &names[1]], &now_text()),
        &mut out,
    );
}

/// Keeps an online game's record once the server has sent it ([`online_entry`]).
fn keep_online(
    archive: &mut GamesArchive,
    last: &mut Option<String>,
    record: Option<&str>,
    side: Option<usize>,
    game: GameKind,
    out: &mut Outbox,
) {
    let entry = online_entry(last, record, side, game);
    keep(archive, entry, out);
}

/// The entry for an online game's record: `record` is the server's text (`None` before the
/// end), `side` the seat's side index here. `last` remembers the text seen, so a record is read
/// once; `None` when it was seen already or does not read (said in the log).
pub fn online_entry(
    last: &mut Option<String>,
    record: Option<&str>,
    side: Option<usize>,
    game: GameKind,
) -> Option<Archived> {
    let text = record?;
    if last.as_deref() == Some(text) {
        return None;
    }
    *last = Some(text.to_string());
    let player = side.map(|i| ArchivedSide::of(game, i));
    match Archived::new(text, &now_text(), player) {
        Ok(entry) => Some(entry),
        Err(e) => {
            warn!("games: the server's record of a {game:?} game was not kept: {e}");
            None
        }
    }
}

/// Whether the table is a server's with a seat here (not one only watched).
fn seated(host: Option<&crate::app::kit::online::OnlineTable>) -> bool {
    host.is_some_and(|h| !h.spectating())
}

/// An Ash & Walnut game finished at a server with a seat here.
pub fn hive_online_ended(
    table: Res<crate::app::hive::HiveTable>,
    mut archive: ResMut<GamesArchive>,
    mut last: Local<Option<String>>,
    mut out: Outbox,
) {
    if !seated(table.host.as_ref()) {
        return;
    }
    let record = table.game.as_ref().and_then(|g| g.server_record());
    let side = table.person_colour().map(|c| c as usize);
    keep_online(
        &mut archive,
        &mut last,
        record,
        side,
        GameKind::Hive,
        &mut out,
    );
}

/// An Artifact Chess game finished at a server with a seat here.
pub fn chess_online_ended(
    table: Res<crate::app::chess::ChessTable>,
    mut archive: ResMut<GamesArchive>,
    mut last: Local<Option<String>>,
    mut out: Outbox,
) {
    if !seated(table.host.as_ref()) {
        return;
    }
    let record = table.told_record().map(|(text, _)| text);
    let side = Some(table.person_colour().index());
    keep_online(
        &mut archive,
        &mut last,
        record,
        side,
        GameKind::Chess,
        &mut out,
    );
}

/// A Snēlab case finished at a server with a seat here.
pub fn snelab_online_ended(
    table: Res<crate::app::snelab::SnelabTable>,
    mut archive: ResMut<GamesArchive>,
    mut last: Local<Option<String>>,
    mut out: Outbox,
) {
    if !seated(table.host.as_ref()) {
        return;
    }
    let record = table.told_record().map(|(text, _)| text);
    let side = Some(crate::play::archive::snelab_index(table.setup.owner));
    keep_online(
        &mut archive,
        &mut last,
        record,
        side,
        GameKind::Snelab,
        &mut out,
    );
}
