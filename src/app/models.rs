//! The carved models in the running game: each model the theme names is loaded from its glTF
//! file; a file that is missing or broken is replaced by the same model carved in code
//! ([`crate::carve`]), with one warning. Parts whose material names a wood (`wood`, `inlay`)
//! are drawn with the theme's finishes (procedural grain, different for every piece); every
//! other part with Bevy's `StandardMaterial` as the file describes it — base colour (times the
//! vertex colours and the base colour texture), metallic, roughness — so a model looks as it
//! looked in the artist's tool.
//!
//! The files are read by the game's own glTF reader ([`crate::carve::gltf`]), which takes only
//! what the game draws (node transforms, meshes, vertex colours, materials, base colour
//! textures decoded to RGBA by [`crate::carve::texture`]), instead of Bevy's glTF loader with
//! its scenes, animation and image formats (about 3 % of the browser's download).

use super::loading::LoadingQueue;
use super::theme::ActiveTheme;
use super::wood::WoodMaterial;
use crate::carve::gltf::{self, Alpha, Document, Look, Model, Surface, Wrap};
use crate::carve::{self, MeshData, Slot};
use crate::theme::Wood;
use bevy::asset::io::Reader;
use bevy::asset::{AssetLoadFailedEvent, AssetLoader, LoadContext, LoadState, RenderAssetUsages};
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use std::collections::{HashMap, HashSet};

/// One part of a model in Bevy's form: its mesh, and how it is drawn.
#[derive(Clone, Debug)]
pub struct ModelPart {
    pub mesh: Handle<Mesh>,
    pub look: PartLook,
}

#[derive(Clone, Debug)]
pub enum PartLook {
    /// The theme's finish of the slot, with the wood shader.
    Finish(Slot),
    /// The file's own material.
    Surface(Handle<StandardMaterial>),
}

/// The meshes of each model, with their looks, once known.
#[derive(Resource, Default)]
pub struct ModelLibrary {
    files: HashMap<&'static str, Handle<ModelFile>>,
    parts: HashMap<&'static str, Vec<ModelPart>>,
    /// Models whose file changed (or failed) since their parts were built: built again once
    /// the file has loaded or failed ([`refresh_models`]).
    stale: HashSet<&'static str>,
    /// Models drawn from the built-in carving because their file failed: a fixed file brings
    /// the file's model back.
    fell_back: HashSet<&'static str>,
}

/// A carved model placed by [`spawn_model`]: the parent of its [`CarvedPart`]s, with what it was
/// carved from, so that a changed model file or theme carves it again where it stands
/// ([`Recarve`]).
#[derive(Component, Clone, Debug)]
pub struct Carved {
    pub name: &'static str,
    pub wood: Wood,
    pub seed: f32,
}

/// One mesh of a carved model.
#[derive(Component, Debug)]
pub struct CarvedPart;

/// The models to carve again where they stand: one whose file changed, or all of them
/// (`None`) after the theme changed.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recarve(pub Option<&'static str>);

impl ModelLibrary {
    /// The parts of a model, or `None` while its file is still loading.
    pub fn parts(&self, name: &str) -> Option<&[ModelPart]> {
        self.parts.get(name).map(Vec::as_slice)
    }

    pub fn all_resolved(&self) -> bool {
        self.parts.len() == carve::MODELS.len()
    }

    /// Points `name` at `path` (the theme named another file): its parts stay as they are
    /// until the new file has loaded or failed.
    pub fn repoint(&mut self, server: &AssetServer, name: &'static str, path: String) {
        self.files.insert(name, server.load(path));
        self.stale.insert(name);
    }

    /// Whether a model is drawn from the built-in carving (its file is missing or broken).
    pub fn is_fallback(&self, name: &str) -> bool {
        self.fell_back.contains(name)
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

/// The Bevy assets of a model as read: a mesh and a look per part, an image per texture, a
/// material per surface (shared by the parts that share it).
pub fn build_parts(
    model: &Model,
    meshes: &mut Assets<Mesh>,
    images: &mut Assets<Image>,
    standard: &mut Assets<StandardMaterial>,
) -> Vec<ModelPart> {
    let textures: Vec<Handle<Image>> = model
        .textures
        .iter()
        .map(|t| images.add(texture_image(t)))
        .collect();
    let mut made: Vec<(&Surface, Handle<StandardMaterial>)> = Vec::new();
    model
        .parts
        .iter()
        .map(|part| {
            let mut mesh = to_mesh(&part.mesh);
            let look = match &part.look {
                Look::Finish(slot) => PartLook::Finish(*slot),
                Look::Surface(surface) => {
                    // The vertex colours multiply the surface's colour; the wood shader has
                    // its own.
                    if let Some(colors) = &part.colors {
                        mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, colors.clone());
                    }
                    let handle = match made.iter().find(|(s, _)| *s == surface) {
                        Some((_, h)) => h.clone(),
                        None => {
                            let h = standard.add(surface_material(surface, &textures));
                            made.push((surface, h.clone()));
                            h
                        }
                    };
                    PartLook::Surface(handle)
                }
            };
            ModelPart {
                mesh: meshes.add(mesh),
                look,
            }
        })
        .collect()
}

/// A surface of the file as Bevy's standard material (the factors are linear, as glTF's).
fn surface_material(s: &Surface, textures: &[Handle<Image>]) -> StandardMaterial {
    let [r, g, b, a] = s.base_color;
    StandardMaterial {
        base_color: Color::linear_rgba(r, g, b, a),
        base_color_texture: s.texture.and_then(|i| textures.get(i).cloned()),
        metallic: s.metallic,
        perceptual_roughness: s.roughness,
        emissive: LinearRgba::rgb(s.emissive[0], s.emissive[1], s.emissive[2]),
        alpha_mode: match s.alpha {
            Alpha::Opaque => AlphaMode::Opaque,
            Alpha::Mask(cutoff) => AlphaMode::Mask(cutoff),
            Alpha::Blend => AlphaMode::Blend,
        },
        double_sided: s.double_sided,
        cull_mode: if s.double_sided {
            None
        } else {
            Some(bevy::render::render_resource::Face::Back)
        },
        ..default()
    }
}

/// A decoded texture as an sRGB image with the file's sampler.
fn texture_image(t: &gltf::Texture) -> Image {
    use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let mut image = Image::new(
        Extent3d {
            width: t.pixels.width,
            height: t.pixels.height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        t.pixels.rgba.clone(),
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    let mode = |w: Wrap| match w {
        Wrap::Repeat => ImageAddressMode::Repeat,
        Wrap::Clamp => ImageAddressMode::ClampToEdge,
        Wrap::Mirror => ImageAddressMode::MirrorRepeat,
    };
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: mode(t.wrap[0]),
        address_mode_v: mode(t.wrap[1]),
        mag_filter: if t.nearest {
            ImageFilterMode::Nearest
        } else {
            ImageFilterMode::Linear
        },
        min_filter: ImageFilterMode::Linear,
        ..default()
    });
    image
}

/// A model file as read.
#[derive(Asset, TypePath, Debug)]
pub struct ModelFile {
    pub model: Model,
}

/// Reads `.glb` and `.gltf` model files with [`crate::carve::gltf`]; a `.gltf`'s buffer and
/// picture files are read from beside it (a picture that cannot be read leaves its part
/// untextured, with a warning).
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
        let mut files = HashMap::new();
        for uri in document.external_buffers() {
            let path = load_context.path().resolve_embed_str(&uri)?;
            let data = load_context.read_asset_bytes(path).await?;
            files.insert(uri, data);
        }
        for uri in document.external_images() {
            let Ok(path) = load_context.path().resolve_embed_str(&uri) else {
                continue;
            };
            if let Ok(data) = load_context.read_asset_bytes(path).await {
                files.insert(uri, data);
            }
        }
        let model = document.model(&files)?;
        for warning in &model.warnings {
            warn!("{}: {warning}", load_context.path());
        }
        Ok(ModelFile { model })
    }

    fn extensions(&self) -> &[&str] {
        &["glb", "gltf"]
    }
}

pub fn plugin(app: &mut App) {
    app.init_asset::<ModelFile>()
        .init_asset_loader::<ModelFileLoader>()
        .init_resource::<ModelLibrary>()
        .add_message::<Recarve>()
        .add_systems(Startup, load_models.after(super::save::Loaded::Theme))
        .add_systems(
            Update,
            (
                resolve_models.run_if(|lib: Res<ModelLibrary>| !lib.all_resolved()),
                (follow_theme, mark_stale, refresh_models, recarve)
                    .chain()
                    .run_if(|lib: Res<ModelLibrary>| lib.all_resolved()),
            )
                .chain(),
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

fn fallback(name: &str, meshes: &mut Assets<Mesh>) -> Vec<ModelPart> {
    carve::model(name)
        .unwrap_or_default()
        .iter()
        .map(|part| ModelPart {
            mesh: meshes.add(to_mesh(&part.mesh)),
            look: PartLook::Finish(part.slot),
        })
        .collect()
}

/// What building a model's parts from its file needs, shared by the first build and the
/// rebuilds after a change.
#[derive(bevy::ecs::system::SystemParam)]
struct Builder<'w> {
    server: Res<'w, AssetServer>,
    files: Res<'w, Assets<ModelFile>>,
    meshes: ResMut<'w, Assets<Mesh>>,
    images: ResMut<'w, Assets<Image>>,
    standard: ResMut<'w, Assets<StandardMaterial>>,
}

/// A model's parts as its file stands now.
enum Built {
    /// Still loading.
    Waiting,
    /// The file's own model.
    Read(Vec<ModelPart>),
    /// The built-in carving, and why the file could not be used.
    Carved(Vec<ModelPart>, String),
}

impl Builder<'_> {
    fn build(&mut self, name: &'static str, handle: &Handle<ModelFile>) -> Built {
        match self.server.load_state(handle.id()) {
            LoadState::NotLoaded | LoadState::Loading => Built::Waiting,
            LoadState::Failed(e) => Built::Carved(fallback(name, &mut self.meshes), e.to_string()),
            // The reader refuses a file without a mesh, so a loaded file has parts.
            LoadState::Loaded => match self.files.get(handle) {
                Some(file) => Built::Read(build_parts(
                    &file.model,
                    &mut self.meshes,
                    &mut self.images,
                    &mut self.standard,
                )),
                None => Built::Waiting,
            },
        }
    }
}

fn resolve_models(mut builder: Builder, mut library: ResMut<ModelLibrary>) {
    for (name, _) in carve::MODELS {
        if library.parts.contains_key(name) {
            continue;
        }
        let Some(handle) = library.files.get(name).cloned() else {
            warn!("the theme names no file for `{name}`; using the built-in carving");
            let parts = fallback(name, &mut builder.meshes);
            library.parts.insert(name, parts);
            continue;
        };
        match builder.build(name, &handle) {
            Built::Waiting => {}
            Built::Read(parts) => {
                library.parts.insert(name, parts);
            }
            // The loading screen has already warned about the failure.
            Built::Carved(parts, _) => {
                library.parts.insert(name, parts);
                library.fell_back.insert(name);
            }
        }
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
    let Some((&name, parts)) = library.parts.get_key_value(name) else {
        return;
    };
    let carved = Carved { name, wood, seed };
    let holder = parent.target_entity();
    parent.commands_mut().entity(holder).insert(carved);
    spawn_parts(parent, parts, theme, materials, name, wood, seed);
}

/// Spawns `parts` as children of `parent`: the wood and inlay parts in the theme's finishes for
/// the model called `name` (a name the theme does not know takes the set's woods), the others
/// in their own materials.
pub fn spawn_parts(
    parent: &mut ChildSpawnerCommands,
    parts: &[ModelPart],
    theme: &ActiveTheme,
    materials: &mut Assets<WoodMaterial>,
    name: &str,
    wood: Wood,
    seed: f32,
) {
    let (wood, inlay) = theme.0.finishes(name, wood);
    let look = &theme.0.look;
    let run = super::wood::GrainRun::of_model(name);
    let wood = materials.add(super::wood::finish_material(&wood, look, seed, run));
    let inlay = materials.add(super::wood::finish_material(&inlay, look, seed + 0.5, run));
    for part in parts {
        let mesh = (Mesh3d(part.mesh.clone()), CarvedPart);
        match &part.look {
            PartLook::Finish(Slot::Wood) => parent.spawn((mesh, MeshMaterial3d(wood.clone()))),
            PartLook::Finish(Slot::Inlay) => parent.spawn((mesh, MeshMaterial3d(inlay.clone()))),
            PartLook::Surface(m) => parent.spawn((mesh, MeshMaterial3d(m.clone()))),
        };
    }
}

/// After `theme.ron` changed: the models it now names in other files are loaded from them, and
/// every carved model is carved again (the finishes and the light of the wood may have changed).
fn follow_theme(
    mut changes: MessageReader<super::theme::ThemeChanged>,
    server: Res<AssetServer>,
    theme: Res<ActiveTheme>,
    mut library: ResMut<ModelLibrary>,
    mut recarve: MessageWriter<Recarve>,
) {
    let Some(change) = changes.read().last() else {
        return;
    };
    for (name, _) in carve::MODELS {
        let path = theme.0.model_path(name);
        if path != change.old.model_path(name)
            && let Some(path) = path
        {
            library.repoint(&server, name, path);
        }
    }
    recarve.write(Recarve(None));
}

/// Notes the models whose file changed on disk (Bevy's file watching reloads it) or failed to
/// load again, and those whose broken file was mended.
fn mark_stale(
    mut events: MessageReader<AssetEvent<ModelFile>>,
    mut failures: MessageReader<AssetLoadFailedEvent<ModelFile>>,
    mut library: ResMut<ModelLibrary>,
) {
    let mut changed: Vec<AssetId<ModelFile>> = Vec::new();
    for event in events.read() {
        match *event {
            AssetEvent::Modified { id } => changed.push(id),
            // A file that failed at first and now reads: the first value it ever had.
            AssetEvent::Added { id } | AssetEvent::LoadedWithDependencies { id }
                if library
                    .files
                    .iter()
                    .any(|(name, h)| h.id() == id && library.fell_back.contains(name)) =>
            {
                changed.push(id);
            }
            _ => {}
        }
    }
    changed.extend(failures.read().map(|f| f.id));
    for id in changed {
        let names: Vec<&'static str> = library
            .files
            .iter()
            .filter(|(_, h)| h.id() == id)
            .map(|(name, _)| *name)
            .collect();
        library.stale.extend(names);
    }
}

/// Builds the stale models again once their file has loaded (the file's model) or failed (the
/// built-in carving, with the same warning as at start), tells the player, and asks for the
/// pieces standing on the table to be carved again.
fn refresh_models(
    mut builder: Builder,
    mut library: ResMut<ModelLibrary>,
    mut recarve: MessageWriter<Recarve>,
    notices: Option<ResMut<super::save::Notices>>,
    tr: Option<Res<crate::i18n::Tr>>,
) {
    if library.stale.is_empty() {
        return;
    }
    let mut said = Vec::new();
    let stale: Vec<&'static str> = library.stale.iter().copied().collect();
    for name in stale {
        let Some(handle) = library.files.get(name).cloned() else {
            library.stale.remove(name);
            continue;
        };
        let path = handle
            .path()
            .map_or_else(|| name.to_string(), ToString::to_string);
        let parts = match builder.build(name, &handle) {
            Built::Waiting => continue,
            Built::Read(parts) => {
                library.fell_back.remove(name);
                said.push(("reload.model", path, String::new()));
                parts
            }
            Built::Carved(parts, e) => {
                warn!("could not load `{path}` ({e}); using the built-in replacement");
                library.fell_back.insert(name);
                said.push(("reload.model-failed", path, e));
                parts
            }
        };
        library.parts.insert(name, parts);
        library.stale.remove(name);
        recarve.write(Recarve(Some(name)));
    }
    if let (Some(mut notices), Some(tr)) = (notices, tr) {
        for (key, file, error) in said {
            notices.push(tr.tf(key, &[("file", &file), ("error", &error)]));
        }
    }
}

/// Carves again, where they stand, the models a [`Recarve`] names: their parts are replaced,
/// the entity that holds them (its place, its animation, what it stands for) is kept.
fn recarve(
    mut asked: MessageReader<Recarve>,
    mut commands: Commands,
    carved: Query<(Entity, &Carved, Option<&Children>)>,
    parts: Query<(), With<CarvedPart>>,
    library: Res<ModelLibrary>,
    theme: Res<ActiveTheme>,
    mut materials: ResMut<Assets<WoodMaterial>>,
) {
    let asked: Vec<Recarve> = asked.read().copied().collect();
    if asked.is_empty() {
        return;
    }
    let all = asked.contains(&Recarve(None));
    for (entity, c, children) in &carved {
        if !all && !asked.contains(&Recarve(Some(c.name))) {
            continue;
        }
        for child in children.into_iter().flatten() {
            if parts.contains(*child) {
                commands.entity(*child).despawn();
            }
        }
        let c = c.clone();
        commands.entity(entity).with_children(|p| {
            spawn_model(p, &library, &theme, &mut materials, c.name, c.wood, c.seed);
        });
    }
}
