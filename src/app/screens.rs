//! The screen flow: loading → menu (with its pages) → a game's table → back to the menu.
//! Buttons and tests move between screens by sending [`Navigate`].

use crate::launch::{LaunchOptions, Scene};
use crate::rules::GameKind;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Loading,
    Menu,
    Table(GameKind),
    /// One carved model alone on the table (`--scene piece:<model>`), for artists.
    Preview,
}

/// Which page of the menu is open.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MenuPage {
    #[default]
    Main,
    Rules(GameKind),
    Settings,
    /// A game's own page (`kit::Tool`), drawn by that game's plugin.
    Tool(GameKind, &'static str),
    /// Finding a game online (`app::lobby` draws it).
    Online(crate::launch::OnlinePage),
    /// A player's page: ratings, their history and finished games (`app::player` draws it;
    /// whose page is in `app::player::PlayerPage`).
    Player,
    /// The player's key: export it (text and QR code) or import one (`app::player::key`).
    Key,
    /// Learning a game: its lessons and practice positions (`app::learn` draws it).
    Learn(GameKind),
    /// The games of this device and records to open as replays (`app::replay` draws it).
    Games,
}

/// A request to go somewhere.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Navigate {
    Menu(MenuPage),
    Table(GameKind),
    Preview,
    Quit,
}

/// Set by the loading screen when every asset it waits for has loaded (or failed and fallen back).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AssetsReady(pub bool);

/// The logical root of an open table; the game plugins hang their entities under it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableRoot(pub GameKind);

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<StatesPlugin>() {
        app.add_plugins(StatesPlugin);
    }
    app.init_state::<Screen>()
        .init_resource::<MenuPage>()
        .init_resource::<AssetsReady>()
        .add_message::<Navigate>()
        .add_systems(Update, (leave_loading, navigate).chain())
        .add_systems(OnEnter(Screen::Menu), || info!("menu"));
    for game in GameKind::ALL {
        app.add_systems(
            OnEnter(Screen::Table(game)),
            move |mut commands: Commands| {
                info!("table: {game}");
                commands.spawn((
                    Name::new(format!("{game} table")),
                    TableRoot(game),
                    Transform::default(),
                    Visibility::default(),
                    DespawnOnExit(Screen::Table(game)),
                ));
            },
        );
    }
}

/// Where the launch options ask to start (the menu unless a scene was named).
fn first_stop(options: Option<&LaunchOptions>) -> Option<Navigate> {
    let scene = options.map_or(Scene::Menu, |o| o.scene.clone());
    match scene {
        Scene::Loading => None,
        Scene::Menu => Some(Navigate::Menu(MenuPage::Main)),
        Scene::Settings => Some(Navigate::Menu(MenuPage::Settings)),
        Scene::Rules { game, .. } => Some(Navigate::Menu(MenuPage::Rules(game))),
        Scene::Staged { game, name } => Some(match super::kit::scene_tool(game, &name) {
            Some(tool) => Navigate::Menu(MenuPage::Tool(game, tool)),
            None => Navigate::Table(game),
        }),
        Scene::Table(g) => Some(Navigate::Table(g)),
        Scene::Online(p) => Some(Navigate::Menu(MenuPage::Online(p))),
        Scene::PlayerPage => Some(Navigate::Menu(MenuPage::Player)),
        Scene::KeyExport => Some(Navigate::Menu(MenuPage::Key)),
        Scene::LearnPage => Some(Navigate::Menu(MenuPage::Learn(GameKind::Hive))),
        Scene::LearnOffer => Some(Navigate::Menu(MenuPage::Main)),
        Scene::GamesPage => Some(Navigate::Menu(MenuPage::Games)),
        Scene::Piece(_) | Scene::Pieces(_) | Scene::PiecesArtist | Scene::ModelViewer => {
            Some(Navigate::Preview)
        }
    }
}

fn leave_loading(
    screen: Res<State<Screen>>,
    ready: Res<AssetsReady>,
    options: Option<Res<LaunchOptions>>,
    mut go: MessageWriter<Navigate>,
) {
    if *screen.get() == Screen::Loading
        && ready.0
        && let Some(to) = first_stop(options.as_deref())
    {
        go.write(to);
    }
}

fn navigate(
    mut requests: MessageReader<Navigate>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut page: ResMut<MenuPage>,
    mut exit: MessageWriter<AppExit>,
) {
    for request in requests.read() {
        match *request {
            Navigate::Menu(p) => {
                *page = p;
                if *screen.get() != Screen::Menu {
                    next.set(Screen::Menu);
                }
            }
            Navigate::Table(g) => next.set(Screen::Table(g)),
            Navigate::Preview => next.set(Screen::Preview),
            Navigate::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}
