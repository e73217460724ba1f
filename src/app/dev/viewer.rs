//! `--scene model-viewer --model models/x.glb`: one model file turning slowly on a board square
//! under the game's light, with its size in squares and its triangle count, so that an artist
//! can check a piece before it goes in a game. The file is read as the game reads every model
//! (`crate::app::models`), so what shows here is what a table shows; a file that cannot be
//! read shows the reader's message instead. On the desktop the file is shown again each time
//! it is saved (Bevy's file watching), so the viewer can stay open beside the modelling tool.
//!
//! `--scene pieces-artist`: the model reader's fixtures (`tests/fixtures/gltf/`, written by
//! other exporters: `tools/make-gltf-fixtures.py`, `tools/blender-gltf-fixture.py`) side by side, each on its square — rotated
//! and scaled nodes, nested nodes, vertex colours, PNG and JPEG textures, wood, inlay and brass
//! parts in one file. Desktop only: the browser build does not ship the tests' folder.
//!
//! The panel's words are the developer tools' English, like the model names of the previews.

use crate::app::marks::{MarkKind, MarkMaterial, MarkQuad, colours, flat_mark};
use crate::app::models::{ModelFile, build_parts, spawn_parts};
use crate::app::room::{BoardBounds, FitView, PreviewTitle, TABLE_TOP_Y};
use crate::app::screens::Screen;
use crate::app::style::panel_frame;
use crate::app::theme::ActiveTheme;
use crate::app::wood::WoodMaterial;
use crate::launch::{LaunchOptions, Scene};
use crate::theme::Wood;
use bevy::asset::LoadState;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The fixtures `pieces-artist` lays out, left to right.
pub const FIXTURES: [&str; 7] = [
    "rotated_scaled.glb",
    "nested.gltf",
    "vertex_colours.glb",
    "textured.glb",
    "jpeg_textured.glb",
    "several_parts.glb",
    "blender_parts.glb",
];

/// The file `model-viewer` shows without `--model`.
pub const DEFAULT_MODEL: &str = "models/chess_knight.glb";

/// The files on show and what the panel says of them.
#[derive(Resource, Default)]
pub struct Viewing {
    files: Vec<(String, Handle<ModelFile>)>,
    /// The models are on the table (the screenshot waits for this).
    pub shown: bool,
    /// One line per file: its size and triangles, or why it cannot be read.
    lines: Vec<String>,
    /// What holds the models on show.
    root: Option<Entity>,
}

#[derive(Component)]
struct Turning;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Viewing>()
        .add_systems(OnEnter(Screen::Preview), load_files)
        .add_systems(
            Update,
            (show_again, show_files, turn)
                .chain()
                .run_if(in_state(Screen::Preview)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            panel.run_if(in_state(Screen::Preview)),
        );
}

fn load_files(
    options: Option<Res<LaunchOptions>>,
    server: Res<AssetServer>,
    mut viewing: ResMut<Viewing>,
) {
    let Some(options) = options else {
        return;
    };
    let paths: Vec<String> = match options.scene {
        Scene::ModelViewer => vec![
            options
                .model
                .clone()
                .unwrap_or_else(|| DEFAULT_MODEL.to_string()),
        ],
        Scene::PiecesArtist => FIXTURES.iter().map(|f| format!("fixtures://{f}")).collect(),
        _ => return,
    };
    *viewing = Viewing {
        files: paths
            .into_iter()
            .map(|p| {
                let handle = server.load::<ModelFile>(p.clone());
                (p, handle)
            })
            .collect(),
        ..default()
    };
}

#[allow(clippy::too_many_arguments)]
fn show_files(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    server: Res<AssetServer>,
    files: Res<Assets<ModelFile>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut images: ResMut<Assets<Image>>,
    mut standard: ResMut<Assets<StandardMaterial>>,
    mut woods: ResMut<Assets<WoodMaterial>>,
    mut marks: ResMut<Assets<MarkMaterial>>,
    quad: Res<MarkQuad>,
    theme: Res<ActiveTheme>,
    mut viewing: ResMut<Viewing>,
    mut bounds: ResMut<BoardBounds>,
    mut fits: MessageWriter<FitView>,
    mut title: ResMut<PreviewTitle>,
) {
    if viewing.shown || viewing.files.is_empty() {
        return;
    }
    let mut states = Vec::new();
    for (_, handle) in &viewing.files {
        match server.load_state(handle.id()) {
            LoadState::Loaded => states.push(None),
            LoadState::Failed(e) => states.push(Some(e.to_string())),
            LoadState::NotLoaded | LoadState::Loading => return,
        }
    }
    let viewer = options.scene == Scene::ModelViewer;
    let n = viewing.files.len();
    let gap = 1.6;
    let square = marks.add(MarkMaterial::new(MarkKind::Focus, colours::BRASS));
    let root = commands
        .spawn((
            Name::new("model viewer"),
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Preview),
        ))
        .id();
    let mut lines = Vec::new();
    let mut largest: f32 = 1.0;
    for (i, ((path, handle), failed)) in viewing.files.iter().zip(states).enumerate() {
        let x = (i as f32 - (n as f32 - 1.0) / 2.0) * gap;
        let name = path.rsplit(['/', ':']).next().unwrap_or(path);
        commands.entity(root).with_children(|p| {
            p.spawn(flat_mark(
                &quad,
                square.clone(),
                Vec3::new(x, TABLE_TOP_Y + 0.002, 0.0),
                1.0,
            ));
        });
        // A file that failed to load again keeps its last model in the assets: show why.
        let file = if failed.is_some() {
            None
        } else {
            files.get(handle)
        };
        let Some(file) = file else {
            let why = failed.unwrap_or_else(|| "not loaded".to_string());
            warn!("{path}: {why}");
            lines.push(format!("{name} cannot be read: {why}"));
            continue;
        };
        lines.push(format!("{name}: {}", file.model.describe()));
        if let Some((lo, hi)) = file.model.bounds() {
            largest = largest.max((hi[0] - lo[0]).max(hi[1] - lo[1]).max(hi[2] - lo[2]));
        }
        let parts = build_parts(&file.model, &mut meshes, &mut images, &mut standard);
        let mut holder = commands.spawn((
            Name::new(name.to_string()),
            Transform::from_xyz(x, TABLE_TOP_Y, 0.0),
            Visibility::default(),
            ChildOf(root),
        ));
        if viewer {
            holder.insert(Turning);
        }
        holder.with_children(|p| {
            spawn_parts(
                p,
                &parts,
                &theme,
                &mut woods,
                "chess_pawn",
                Wood::Light,
                i as f32 * 1.7,
            );
        });
    }
    title.0 = if viewer {
        viewing.files[0].0.clone()
    } else {
        "Models from other exporters".to_string()
    };
    *bounds = BoardBounds {
        centre: Vec3::new(0.0, TABLE_TOP_Y + 0.3, 0.0),
        radius: if viewer {
            (largest * 1.2).max(1.2)
        } else {
            n as f32 * gap / 2.0 + 0.4
        },
    };
    fits.write(FitView { instant: true });
    viewing.lines = lines;
    viewing.shown = true;
    viewing.root = Some(root);
}

/// A file on show was saved again (or broke): the models are taken off, to be shown anew.
fn show_again(
    mut commands: Commands,
    mut events: MessageReader<AssetEvent<ModelFile>>,
    mut failures: MessageReader<bevy::asset::AssetLoadFailedEvent<ModelFile>>,
    mut viewing: ResMut<Viewing>,
) {
    let mut ids: Vec<AssetId<ModelFile>> = events
        .read()
        .filter_map(|e| match *e {
            AssetEvent::Modified { id } | AssetEvent::Added { id } => Some(id),
            _ => None,
        })
        .collect();
    ids.extend(failures.read().map(|f| f.id));
    if !viewing.shown || !viewing.files.iter().any(|(_, h)| ids.contains(&h.id())) {
        return;
    }
    if let Some(root) = viewing.root.take() {
        commands.entity(root).despawn();
    }
    viewing.shown = false;
}

fn turn(time: Res<Time>, mut q: Query<&mut Transform, With<Turning>>) {
    for mut t in &mut q {
        t.rotate_y(time.delta_secs() * 0.4);
    }
}

fn panel(mut contexts: EguiContexts, viewing: Res<Viewing>) -> Result {
    if viewing.lines.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("model-viewer"))
        .anchor(egui::Align2::LEFT_BOTTOM, [16.0, -16.0])
        .show(ctx, |ui| {
            panel_frame()
                .inner_margin(egui::Margin::symmetric(14, 10))
                .show(ui, |ui| {
                    ui.set_max_width(900.0);
                    ui.label("The brass frame is one board square.");
                    for line in &viewing.lines {
                        ui.label(line);
                    }
                });
        });
    Ok(())
}
