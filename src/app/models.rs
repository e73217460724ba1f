//! The carved models in the running game: each model the theme names is loaded from its glTF
//! file; a file that is missing or broken is replaced by the same model carved in code
//! ([`crate::carve`]), with one warning. Every model is drawn with the theme's finishes — the
//! `wood` and `inlay` material slots of the file are matched by name and get the game's own
//! materials (procedural grain, different for every piece).
//!
//! The files are read by the game's own glTF reader ([`crate::carve::gltf`]), which takes only
//! what the game draws (the meshes and their materials' names), instead of Bevy's glTF loader
//! with its scenes, animation and texture support (about 3 % of the browser's download).

use super::loading::LoadingQueue;
use super::theme::ActiveTheme;
use super::wood::WoodMaterial;
use crate::carve::gltf::Document;
use crate::carve::{self, MeshData, Part, Slot};
use crate::theme::Wood;
use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, LoadState, RenderAssetUsages};
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use std::collections::HashMap;

/// The meshes of each model, by slot, once known.
#[derive(Resource, Default)]
pub struct ModelLibrary {
    files: HashMap<&'static str, Handle<ModelFile>>,
    parts: HashMap<&'static str, Vec<(Slot, Handle<Mesh>)>>,
}

impl ModelLibrary {
    /// The parts of a model, or `None` while its file is still loading.
    pub fn parts(&self, name: &str) -> Option<&[(Slot, Handle<Mesh>)]> {
        self.parts.get(name).map(Vec::as_slice)
    }

    pub fn all_resolved(&self) -> bool {
        self.parts.len() == carve::MODELS.len()
    }
}

/// A carved mesh in Bevy's form.
pub fn to_mesh(data: &MeshData) -> Mesh {
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, data.positions.clone())
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, data.normals.clone())
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, data.uvs.clone())
    .with_inserted_indices(Indices::U32(data.indices.clone()))
}

/// A model file as read: its parts, each with its slot.
#[derive(Asset, TypePath, Debug)]
pub struct ModelFile {
    pub parts: Vec<Part>,
}

/// Reads `.glb` and `.gltf` model files with [`crate::carve::gltf`]; a `.gltf`'s buffer files
/// are read from beside it.
#[derive(Default, TypePath)]
pub struct ModelFileLoader;

impl AssetLoader for ModelFileLoader {
    type Asset = ModelFile;
    type Settings = ();
    type Error = BevyError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<ModelFile, BevyError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let document = Document::parse(&bytes)?;
        let mut buffers = HashMap::new();
        for uri in document.external_buffers() {
            let path = load_context.path().resolve_embed_str(&uri)?;
            let data = load_context.read_asset_bytes(path).await?;
            buffers.insert(uri, data);
        }
        Ok(ModelFile {
            parts: document.parts(&buffers)?,
        })
    }

    fn extensions(&self) -> &[&str] {
        &["glb", "gltf"]
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<ModelFile>()
        .init_asset_loader::<ModelFileLoader>()
        .init_resource::<ModelLibrary>()
        .add_systems(Startup, load_models.after(super::save::Loaded::Theme))
        .add_systems(
            Update,
            resolve_models.run_if(|lib: Res<ModelLibrary>| !lib.all_resolved()),
        );
}

fn load_models(
    server: Res<AssetServer>,
    theme: Res<ActiveTheme>,
    mut library: ResMut<ModelLibrary>,
    mut queue: ResMut<LoadingQueue>,
) {
    for (name, _) in carve::MODELS {
        if let Some(path) = theme.0.model_path(name) {
            let handle: Handle<ModelFile> = server.load(path.clone());
            queue.track(path, handle.clone());
            library.files.insert(name, handle);
        }
    }
}

fn fallback(name: &str, meshes: &mut Assets<Mesh>) -> Vec<(Slot, Handle<Mesh>)> {
    carve::model(name)
        .unwrap_or_default()
        .iter()
        .map(|part| (part.slot, meshes.add(to_mesh(&part.mesh))))
        .collect()
}

fn resolve_models(
    server: Res<AssetServer>,
    files: Res<Assets<ModelFile>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut library: ResMut<ModelLibrary>,
) {
    for (name, _) in carve::MODELS {
        if library.parts.contains_key(name) {
            continue;
        }
        let Some(handle) = library.files.get(name).cloned() else {
            warn!("the theme names no file for `{name}`; using the built-in carving");
            let parts = fallback(name, &mut meshes);
            library.parts.insert(name, parts);
            continue;
        };
        match server.load_state(handle.id()) {
            LoadState::Loaded => {}
            // The loading screen has already warned about the failure.
            LoadState::Failed(_) => {
                let parts = fallback(name, &mut meshes);
                library.parts.insert(name, parts);
                continue;
            }
            LoadState::NotLoaded | LoadState::Loading => continue,
        }
        let Some(file) = files.get(&handle) else {
            continue;
        };
        // The reader refuses a file without a mesh, so a loaded file has parts.
        let parts = file
            .parts
            .iter()
            .map(|part| (part.slot, meshes.add(to_mesh(&part.mesh))))
            .collect();
        library.parts.insert(name, parts);
    }
}

/// Spawns a model as children of `parent`, in the theme's finishes for `wood`. `seed` shifts the
/// wood grain so that no two pieces look alike. Does nothing while the model is unresolved.
pub fn spawn_model(
    parent: &mut ChildSpawnerCommands,
    library: &ModelLibrary,
    theme: &ActiveTheme,
    materials: &mut Assets<WoodMaterial>,
    name: &str,
    wood: Wood,
    seed: f32,
) {
    let Some(parts) = library.parts(name) else {
        return;
    };
    let (wood, inlay) = theme.0.finishes(name, wood);
    let look = &theme.0.look;
    let run = super::wood::GrainRun::of_model(name);
    let wood = materials.add(super::wood::finish_material(&wood, look, seed, run));
    let inlay = materials.add(super::wood::finish_material(&inlay, look, seed + 0.5, run));
    for (slot, mesh) in parts {
        let material = match slot {
            Slot::Wood => wood.clone(),
            Slot::Inlay => inlay.clone(),
        };
        parent.spawn((Mesh3d(mesh.clone()), MeshMaterial3d(material)));
    }
}
