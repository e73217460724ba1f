//! The Bevy game: one plugin per concern, listed here. Plugins only register (resources,
//! messages, systems); what they load happens in startup systems, ordered by
//! [`save::Loaded`], so the order the plugins are added in does not matter.
//!
//! [`core_plugin`] holds what runs without a window (screens, settings, saves, the table kit) and
//! is what the headless tests drive with `MinimalPlugins`; [`run`] adds rendering, the egui
//! menus, the room and camera rig, audio, the tables and the developer tools on top.
//!
//! The tables: [`snelab`], [`hive`], [`chess`], each a plugin with its [`kit::TableInfo`]; the
//! shared screens read [`TABLES`], the one list of games in the app.

pub mod anim;
pub mod audio;
pub mod calm;
pub mod chess;
pub mod dev;
pub mod hive;
pub mod identity;
pub mod kit;
pub mod learn;
pub mod loading;
pub mod lobby;
pub mod marks;
pub mod menu;
pub mod models;
pub mod motion;
pub mod platform;
pub mod player;
pub mod probe;
pub mod replay;
pub mod room;
pub mod save;
pub mod screens;
#[cfg(not(target_arch = "wasm32"))]
pub mod shaders;
pub mod snelab;
pub mod style;
pub mod theme;
pub mod wood;

use crate::launch::{LaunchOptions, StagedName};
use bevy::asset::io::AssetSourceBuilder;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::window::{PresentMode, WindowResolution};
use std::path::PathBuf;

/// The tables of the app, in the menu's order: what each tells the shared screens.
pub const TABLES: [&kit::TableInfo; 3] = [&snelab::INFO, &hive::INFO, &chess::INFO];

/// Every table's staged scenes, as the launch flags name them.
pub fn staged_scenes() -> Vec<StagedName> {
    TABLES
        .iter()
        .flat_map(|t| t.scenes.iter().map(|s| (t.game, s.name, s.about)))
        .collect()
}

/// The window-less core: screen flow, settings and saves, and the table kit.
pub fn core_plugin(app: &mut App) {
    app.add_plugins((
        calm::core_plugin,
        save::plugin,
        screens::plugin,
        kit::plugin,
        learn::plugin,
        replay::plugin,
    ));
}

/// The folder that holds `assets/` and `shaders/`: `BEVY_ASSET_ROOT`, the cargo package when run
/// through cargo, else the first folder above the executable (or the working folder) that has
/// them, so `target/release/carved-tables` finds them from a checkout.
fn asset_root() -> PathBuf {
    for var in ["BEVY_ASSET_ROOT", "CARGO_MANIFEST_DIR"] {
        if let Some(dir) = std::env::var_os(var) {
            return PathBuf::from(dir);
        }
    }
    let has_assets = |dir: &std::path::Path| dir.join("assets").join("i18n").is_dir();
    let candidates = std::env::current_exe()
        .ok()
        .into_iter()
        .flat_map(|exe| {
            exe.ancestors()
                .skip(1)
                .map(PathBuf::from)
                .collect::<Vec<_>>()
        })
        .chain(std::env::current_dir().ok());
    for dir in candidates {
        if has_assets(&dir) {
            return dir;
        }
    }
    PathBuf::from(".")
}

/// Builds and runs the game window; returns how it ended.
pub fn run(options: LaunchOptions) -> AppExit {
    let root = asset_root();
    let shaders = root.join("shaders").to_string_lossy().into_owned();
    let assets = root.join("assets").to_string_lossy().into_owned();
    let screenshot_run = options.screenshot.is_some();

    let mut app = App::new();
    // The top-level `shaders/` folder is its own asset source: `shaders://wood.wgsl`.
    app.register_asset_source(
        "shaders",
        AssetSourceBuilder::platform_default(&shaders, None),
    );
    // The model reader's fixtures, for the `pieces-artist` scene: `fixtures://nested.gltf`.
    // On the desktop only: the browser build ships `assets/` and `shaders/`, not the tests.
    #[cfg(not(target_arch = "wasm32"))]
    app.register_asset_source(
        "fixtures",
        AssetSourceBuilder::platform_default(
            &root.join("tests/fixtures/gltf").to_string_lossy(),
            None,
        ),
    );
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Carved Tables".into(),
                    resolution: WindowResolution::new(options.width, options.height),
                    present_mode: if screenshot_run {
                        PresentMode::AutoNoVsync
                    } else {
                        PresentMode::AutoVsync
                    },
                    fit_canvas_to_parent: true,
                    prevent_default_event_handling: true,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: assets,
                meta_check: bevy::asset::AssetMetaCheck::Never,
                // On the desktop a file saved while the game runs is read again (`models`,
                // `audio`, the wood shader; `theme` watches theme.ron itself).
                watch_for_changes_override: Some(cfg!(not(target_arch = "wasm32"))),
                ..default()
            })
            .set(RenderPlugin {
                // Screenshot runs must not catch frames whose pipelines are still compiling.
                synchronous_pipeline_compilation: screenshot_run,
                ..default()
            })
            // The table smooths its edges with MSAA, or FXAA on a software renderer
            // (`room::Smoothing`): of Bevy's anti-aliasing only FXAA is added, so SMAA, TAA and
            // CAS (their systems, pipelines and shaders) stay out of the build.
            .disable::<bevy::anti_alias::AntiAliasPlugin>(),
    );
    // A slow frame (a software renderer, a browser without graphics acceleration) moves the
    // game's time by up to a second of the wall clock, not Bevy's default quarter: a seating, a
    // slide or a bot's think lasts about as long at two frames a second as at sixty. (The
    // online countdown never reads frame time: see `net::clock`.) A screenshot run keeps
    // Bevy's quarter second, which the staged scenes' frame counts were set for.
    if !screenshot_run {
        app.world_mut()
            .resource_mut::<Time<Virtual>>()
            .set_max_delta(std::time::Duration::from_secs(1));
    }
    app.add_plugins((
        bevy::anti_alias::fxaa::FxaaPlugin,
        bevy_egui::EguiPlugin::default(),
        MeshPickingPlugin,
    ));
    // The panels have a camera of their own, over the table's (`room::view`).
    app.world_mut()
        .resource_mut::<bevy_egui::EguiGlobalSettings>()
        .auto_create_primary_context = false;
    let (store, opened) = save::open_store(&options);
    app.insert_resource(store).insert_resource(opened);
    app.insert_resource(options);
    app.insert_resource(theme::AssetRoot(root.clone()));
    app.add_plugins(core_plugin);
    app.add_plugins((
        theme::plugin,
        style::plugin,
        anim::plugin,
        loading::plugin,
        wood::plugin,
        models::plugin,
        marks::plugin,
        room::plugin,
        menu::plugin,
        learn::page_plugin,
        lobby::plugin,
        audio::plugin,
        dev::plugin,
        probe::plugin,
        kit::clicks::plugin,
    ));
    app.add_plugins((replay::page_plugin, motion::plugin, calm::plugin));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(shaders::plugin);
    // The page's accessible copy of the panels, for screen readers in the browser.
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(kit::mirror::plugin);
    // On the desktop, a screen reader's presses and typing, through the platform's adapter.
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(kit::a11y::desktop_plugin);
    // Each game's whole table (a plain function each: called, not added as a plugin, since
    // function plugins are told apart by their type).
    for table in TABLES {
        (table.plugin)(&mut app);
    }
    app.run()
}
