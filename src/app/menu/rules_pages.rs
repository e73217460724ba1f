//! The players' rules pages, `assets/rules/<game>.<lang>.md`, read as assets like the models and
//! sounds: a translator edits a page and sees it at the next start, without a new build, and
//! the browser's download does not carry the nine pages inside its code. All nine load behind
//! the loading screen; a page that cannot be read says so on the rules page, naming its file.

use super::super::loading::LoadingQueue;
use crate::i18n::Lang;
use crate::rules::GameKind;
use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::collections::HashMap;

/// A rules page's Markdown text.
#[derive(Asset, TypePath, Debug)]
pub struct RulesText(pub String);

/// Reads a `.md` file as UTF-8 text.
#[derive(Default, TypePath)]
pub struct RulesTextLoader;

impl AssetLoader for RulesTextLoader {
    type Asset = RulesText;
    type Settings = ();
    type Error = BevyError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<RulesText, BevyError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        Ok(RulesText(String::from_utf8(bytes)?))
    }

    fn extensions(&self) -> &[&str] {
        &["md"]
    }
}

/// Where a game's rules page in `lang` lies, under `assets/`.
pub fn path(game: GameKind, lang: Lang) -> String {
    format!("rules/{}.{}.md", game.cli_name(), lang.code())
}

/// The nine pages' handles, by game and language.
#[derive(Resource, Default)]
pub struct RulesPages(HashMap<(GameKind, Lang), Handle<RulesText>>);

/// The rules pages as the menu reads them.
#[derive(SystemParam)]
pub struct Pages<'w> {
    pages: Res<'w, RulesPages>,
    texts: Res<'w, Assets<RulesText>>,
}

impl RulesPages {
    /// The nine pages' handles.
    pub fn handles(&self) -> Vec<Handle<RulesText>> {
        self.0.values().cloned().collect()
    }
}

impl Pages<'_> {
    /// A game's rules page in `lang`, or the path of its file when that could not be read.
    pub fn text(&self, game: GameKind, lang: Lang) -> Result<&str, String> {
        self.pages
            .0
            .get(&(game, lang))
            .and_then(|handle| self.texts.get(handle))
            .map(|text| text.0.as_str())
            .ok_or_else(|| format!("assets/{}", path(game, lang)))
    }
}

/// Loads the nine pages at start-up, each tracked by the loading screen.
pub fn plugin(app: &mut App) {
    app.init_asset::<RulesText>()
        .init_asset_loader::<RulesTextLoader>()
        .init_resource::<RulesPages>()
        .add_systems(Startup, load_pages);
}

fn load_pages(
    server: Res<AssetServer>,
    mut pages: ResMut<RulesPages>,
    mut queue: ResMut<LoadingQueue>,
) {
    for table in super::super::TABLES {
        for lang in Lang::ALL {
            let path = path(table.game, lang);
            let handle: Handle<RulesText> = server.load(path.clone());
            queue.track(path, handle.clone());
            pages.0.insert((table.game, lang), handle);
        }
    }
}
