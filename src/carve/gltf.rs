//! Reads glTF 2.0 model files — binary `.glb` or JSON `.gltf` — in plain Rust: the game's
//! reader of the model files a theme names, so that a model looks in the game as it looked in
//! the artist's tool ([`Document::model`]).
//!
//! It takes what the game draws of a model: the meshes the scene's nodes hold, each moved by
//! its node's transform and its parents' (`matrix`, or `translation`, `rotation`, `scale`),
//! every primitive one [`ModelPart`]; the vertex colours (`COLOR_0`); and each primitive's
//! material. A material whose name names a wood ([`finish_of`]: `wood` or `inlay`, any case,
//! Blender's `.001` suffix ignored), and a primitive with no material, take the theme's finish
//! for that slot; any other material is a [`Surface`] drawn as the file says: base colour
//! factor, metallic and roughness factors, emissive factor, alpha mode, double-sidedness and
//! the base colour texture (PNG or JPEG, in the GLB file, in a `data:` URI or in a file beside
//! the `.gltf`: see [`Document::external_images`]), decoded by [`super::texture`]. Cameras,
//! lights and the other textures of a material are not drawn (the last with a warning in
//! [`Model::warnings`], as is a texture that cannot be had or decoded: the part then keeps its
//! base colour).
//!
//! Decisions where the format leaves a choice: a file with no scene draws the nodes that are
//! no other node's child, and a file with no node at all every mesh as it lies (as the game's
//! first files were read); a mirroring transform (negative determinant) swaps each triangle's
//! corners so its front stays outside; a `matrix` whose last row is not (0, 0, 0, 1) is refused.
//!
//! What it reads: buffers held in the GLB file's BIN chunk, in base64 `data:` URIs, or in
//! external files (which the caller reads: see [`Document::external_buffers`]); buffer views
//! with an offset, a length and a stride (interleaved attributes); accessors with an offset, a
//! count, and accessors without a buffer view (all zeros, as the specification says). Of each
//! primitive it reads `POSITION` and `NORMAL` (`FLOAT` `VEC3`), `TEXCOORD_0` (`FLOAT` `VEC2`, or
//! normalized `UNSIGNED_BYTE` or `UNSIGNED_SHORT` `VEC2`), `COLOR_0` (`VEC3` or `VEC4` of the
//! same three component types) and the indices (`UNSIGNED_BYTE`,
//! `UNSIGNED_SHORT` or `UNSIGNED_INT`). Two attributes may be missing:
//!
//! - without `NORMAL`, each vertex gets the smooth normal of the triangles that use it: the sum
//!   of their face normals, each weighted by the triangle's area, made unit length (+Y for a
//!   vertex of no triangle or of triangles of no area). Vertices that the file splits along a
//!   crease keep the crease sharp, since each belongs only to the triangles on its side.
//! - without `TEXCOORD_0`, a vertex's UV is its position's `x` and `y`.
//!
//! A primitive without indices draws its vertices in order, as `0, 1, 2, …`.
//!
//! What it refuses, with a [`GltfError`] that names the node, mesh, primitive, accessor, view or
//! buffer at fault: skins, animations and morph targets (a model is drawn still, in the pose it
//! was exported in); a node tree with a loop or a node with two parents; a transform that is not
//! finite or that moves a vertex past what an `f32` holds; a GLB file with another magic,
//! version or chunk layout, or cut short;
//! invalid JSON; a file that requires extensions (`extensionsRequired`: Draco or meshopt
//! compression, quantized attributes, …); sparse accessors; primitives that are not triangle
//! lists (`mode` other than 4); attributes of other types; an index into `accessors`,
//! `bufferViews`, `buffers` or `materials` past its end; an accessor past the end of its view,
//! or a view past the end of its buffer; a stride shorter than an element; attributes of one
//! primitive with different counts; an index count that is not a multiple of 3; an index value
//! past the last vertex; a position, normal or UV that is NaN or infinite; and a file that holds
//! no primitive at all.
//!
//! No input makes it panic, and no count written in a file makes it allocate more than a few
//! hundred megabytes: every index, offset and length is checked, with checked arithmetic,
//! before anything is read or allocated, and a file may hold at most [`MAX_VERTICES`] vertices
//! and [`MAX_INDICES`] indices in all.

use super::affine::Affine;
use super::texture::{self, ImageFormat, Pixels};
use super::{MeshData, Part, Slot};
use serde_json::Value;
use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::HashMap;
use std::fmt;

pub(super) const GLB_MAGIC: &[u8; 4] = b"glTF";
pub(super) const CHUNK_JSON: u32 = 0x4E4F_534A; // "JSON"
pub(super) const CHUNK_BIN: u32 = 0x004E_4942; // "BIN\0"
const BYTE: usize = 5120;
const UNSIGNED_BYTE: usize = 5121;
const SHORT: usize = 5122;
pub(super) const UNSIGNED_SHORT: usize = 5123;
pub(super) const UNSIGNED_INT: usize = 5125;
pub(super) const FLOAT: usize = 5126;
const TRIANGLES: usize = 4;

/// The most vertices a file may hold, over all its primitives: far more than any model of the
/// game needs (the largest carving has about 4,000), and few enough that a hostile count
/// cannot make the reader allocate more than a few hundred megabytes.
pub const MAX_VERTICES: usize = 1 << 22;
/// The most indices a file may hold, over all its primitives (three per triangle).
pub const MAX_INDICES: usize = 3 * MAX_VERTICES;
/// The most texture pixels a file may hold, over all its textures: four of the largest.
pub const MAX_TEXTURE_PIXELS: usize = 4 * (texture::MAX_SIDE as usize).pow(2);

/// Why a file could not be read: one sentence that names what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GltfError(pub String);

impl fmt::Display for GltfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GltfError {}

fn fail<T>(message: impl Into<String>) -> Result<T, GltfError> {
    Err(GltfError(message.into()))
}

/// A model as the artist's tool draws it: every primitive of every mesh a node of the scene
/// holds, moved by the node's transform and its parents', with its look.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    pub parts: Vec<ModelPart>,
    /// The base colour textures the parts' surfaces name ([`Surface::texture`]).
    pub textures: Vec<Texture>,
    /// What the file holds that is not drawn as the tool would draw it (a texture that cannot
    /// be decoded, a normal map): the model is drawn without it, and the game logs each line.
    pub warnings: Vec<String>,
}

impl Model {
    /// A carving's parts, each in the theme's finish of its slot.
    pub fn from_parts(parts: Vec<Part>) -> Model {
        Model {
            parts: parts
                .into_iter()
                .map(|p| ModelPart {
                    mesh: p.mesh,
                    colors: None,
                    look: Look::Finish(p.slot),
                })
                .collect(),
            textures: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// One line for an artist: the size in board squares, the triangles and parts, whether it
    /// fits a square and stands on the table (the model viewer's and `tables model`'s words).
    pub fn describe(&self) -> String {
        let Some((lo, hi)) = self.bounds() else {
            return "no vertex".to_string();
        };
        let size = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
        let fits = lo[0] >= -0.5 && hi[0] <= 0.5 && lo[2] >= -0.5 && hi[2] <= 0.5;
        let mut line = format!(
            "{:.2} wide × {:.2} tall × {:.2} deep (squares), {} triangles in {} part{}, {}",
            size[0],
            size[1],
            size[2],
            self.triangles(),
            self.parts.len(),
            if self.parts.len() == 1 { "" } else { "s" },
            if fits {
                "fits its square"
            } else {
                "wider than its square"
            },
        );
        if lo[1].abs() > 0.005 {
            line.push_str(&format!(
                "; its bottom is at y = {:.2}, not on the table (y = 0)",
                lo[1]
            ));
        }
        line
    }

    pub fn triangles(&self) -> usize {
        self.parts.iter().map(|p| p.mesh.indices.len() / 3).sum()
    }

    /// The smallest box holding every part, or `None` for a model of no vertex.
    pub fn bounds(&self) -> Option<([f32; 3], [f32; 3])> {
        let mut all = self.parts.iter().filter_map(|p| p.mesh.bounds());
        let first = all.next()?;
        Some(all.fold(first, |(lo, hi), (l, h)| {
            (
                [0, 1, 2].map(|k| lo[k].min(l[k])),
                [0, 1, 2].map(|k| hi[k].max(h[k])),
            )
        }))
    }
}

/// One primitive of the model, in the model's space (node transforms applied).
#[derive(Debug, Clone, PartialEq)]
pub struct ModelPart {
    pub mesh: MeshData,
    /// The vertex colours (`COLOR_0`), linear RGBA, one per vertex; they multiply the
    /// surface's base colour.
    pub colors: Option<Vec<[f32; 4]>>,
    pub look: Look,
}

/// How a part is drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Look {
    /// Its material names a wood (see [`finish_of`]), or it has none: the theme's finish of
    /// that slot, with the game's wood shader. The file's colours and textures are what other
    /// viewers show.
    Finish(Slot),
    /// Any other material: drawn as the file says.
    Surface(Surface),
}

/// A glTF metallic-roughness material, as far as the game draws it.
#[derive(Debug, Clone, PartialEq)]
pub struct Surface {
    /// The material's name in the file ("" for none).
    pub name: String,
    /// Linear RGBA, each 0 to 1: the colour, multiplied by the texture and the vertex colours.
    pub base_color: [f32; 4],
    pub metallic: f32,
    pub roughness: f32,
    /// Linear RGB light the surface gives off by itself.
    pub emissive: [f32; 3],
    /// Index into [`Model::textures`]: the base colour texture, read with `TEXCOORD_0`.
    pub texture: Option<usize>,
    pub alpha: Alpha,
    pub double_sided: bool,
}

/// glTF's `alphaMode`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Alpha {
    Opaque,
    /// Drawn where alpha is at least the cutoff, left out elsewhere.
    Mask(f32),
    Blend,
}

/// A base colour texture, decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct Texture {
    /// What the file held (the pixels are RGBA whatever it was).
    pub format: ImageFormat,
    /// sRGB.
    pub pixels: Pixels,
    /// How `u` and `v` outside 0 to 1 wrap (the sampler's `wrapS`, `wrapT`).
    pub wrap: [Wrap; 2],
    /// The sampler asks for nearest-pixel magnification (pixel art); linear otherwise.
    pub nearest: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrap {
    Repeat,
    Clamp,
    Mirror,
}

/// The wood slot a material's name asks for, or `None` for a material drawn as the file says.
///
/// The rule (`docs/artists.md`): the name, with surrounding spaces and the `.001`-style suffix
/// Blender adds to a copied material taken off, is `wood` or `inlay` in any case.
pub fn finish_of(name: &str) -> Option<Slot> {
    let name = name.trim();
    let base = match name.rsplit_once('.') {
        Some((base, digits))
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) =>
        {
            base
        }
        _ => name,
    };
    if base.eq_ignore_ascii_case("wood") {
        Some(Slot::Wood)
    } else if base.eq_ignore_ascii_case("inlay") {
        Some(Slot::Inlay)
    } else {
        None
    }
}

/// A parsed glTF file: its JSON, and the BIN chunk of a `.glb`. Its parts are read in a second
/// step ([`Document::parts`]), once the caller has the bytes of the external buffers it names.
#[derive(Debug, Clone)]
pub struct Document {
    json: Value,
    /// The BIN chunk of a `.glb` file, if it has one: the bytes of buffer 0 when that buffer has
    /// no `uri`.
    bin: Option<Vec<u8>>,
    glb: bool,
}

impl Document {
    /// Parses a binary `.glb` file (magic `glTF`, version 2, a JSON chunk and an optional BIN
    /// chunk) or a `.gltf` file (JSON text). Which of the two it is comes from the bytes, not
    /// from the file's name. Checks the file's layout, its glTF version and that it requires no
    /// extension; its meshes are checked by [`Document::parts`].
    pub fn parse(bytes: &[u8]) -> Result<Document, GltfError> {
        let (text, bin, glb) = if bytes.starts_with(GLB_MAGIC) {
            let (text, bin) = glb_chunks(bytes)?;
            (text, bin, true)
        } else {
            let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            if text.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
                return fail(
                    "neither a binary glTF file (which starts with `glTF`) nor glTF JSON text \
                     (which starts with `{`)",
                );
            }
            (text, None, false)
        };
        let json: Value = serde_json::from_slice(text)
            .map_err(|e| GltfError(format!("invalid glTF JSON: {e}")))?;
        if !json.is_object() {
            return fail("the glTF JSON is not an object");
        }
        if let Some(version) = json.get("asset").and_then(|a| a.get("version")) {
            let major = version.as_str().and_then(|v| v.split('.').next());
            if major != Some("2") {
                return fail(format!(
                    "glTF version {version}; only glTF 2.x files can be read"
                ));
            }
        }
        match json.get("extensionsRequired") {
            None => {}
            Some(Value::Array(names)) if names.is_empty() => {}
            Some(Value::Array(names)) => {
                let names: Vec<String> = names
                    .iter()
                    .map(|n| match n.as_str() {
                        Some(s) => format!("`{s}`"),
                        None => n.to_string(),
                    })
                    .collect();
                return fail(format!(
                    "the file requires extensions this reader does not support: {} (export \
                     it without mesh compression or quantization)",
                    names.join(", ")
                ));
            }
            Some(other) => {
                return fail(format!("`extensionsRequired` is {other}, not a list"));
            }
        }
        Ok(Document {
            json,
            bin: bin.map(<[u8]>::to_vec),
            glb,
        })
    }

    /// The URIs of the buffers that are held in other files — neither in the GLB file's BIN
    /// chunk nor in `data:` URIs — in buffer order, each once, percent-decoded (`a%20b.bin`
    /// becomes `a b.bin`). They are as the file writes them: normally paths relative to the
    /// file's folder, which the caller resolves (and may refuse, say when absolute or with
    /// `..`) before reading them for [`Document::parts`].
    pub fn external_buffers(&self) -> Vec<String> {
        let mut uris = Vec::new();
        let buffers = self.json.get("buffers").and_then(Value::as_array);
        for buffer in buffers.into_iter().flatten() {
            if let Some(uri) = buffer.get("uri").and_then(Value::as_str)
                && !is_data_uri(uri)
            {
                let path = percent_decode(uri);
                if !uris.contains(&path) {
                    uris.push(path);
                }
            }
        }
        uris
    }

    /// The URIs of the pictures held in other files (a `.gltf`'s textures beside it), as
    /// [`Document::external_buffers`] gives those of buffers. A picture that cannot be read is
    /// left out of the map given to [`Document::model`]: the model is then drawn without it,
    /// with a warning.
    pub fn external_images(&self) -> Vec<String> {
        let mut uris = Vec::new();
        let images = self.json.get("images").and_then(Value::as_array);
        for image in images.into_iter().flatten() {
            if let Some(uri) = image.get("uri").and_then(Value::as_str)
                && !is_data_uri(uri)
            {
                let path = percent_decode(uri);
                if !uris.contains(&path) {
                    uris.push(path);
                }
            }
        }
        uris
    }

    /// The model the file's scene draws (see [`Model`]). `external` holds the bytes of each
    /// external buffer and picture, keyed by its URI as [`Document::external_buffers`] and
    /// [`Document::external_images`] give it; a buffer that no primitive reads need not be
    /// there.
    ///
    /// Which meshes: those the nodes of the scene hold (`scene`, or the first of `scenes`), each
    /// as often as a node holds it, walked depth first; with no scene, those the nodes that are
    /// no other node's child hold; in a file with no node at all, every mesh as it lies.
    pub fn model(&self, external: &HashMap<String, Vec<u8>>) -> Result<Model, GltfError> {
        let root = &self.json;
        let animations = list(root, "animations", "the file")?.len();
        if animations > 0 {
            return fail(format!(
                "the file holds {animations} animation{}; models are drawn still, and \
                 animations cannot be read (export without them: in Blender, untick \
                 Animation)",
                if animations == 1 { "" } else { "s" }
            ));
        }
        let reader = Reader {
            doc: self,
            external,
            accessors: list(root, "accessors", "the file")?,
            views: list(root, "bufferViews", "the file")?,
            buffers: list(root, "buffers", "the file")?,
            materials: list(root, "materials", "the file")?,
            loaded: vec![OnceCell::new(); list(root, "buffers", "the file")?.len()],
        };
        let meshes = list(root, "meshes", "the file")?;
        let mut looks = Looks::default();
        let mut budget = Budget::default();
        let mut parts = Vec::new();
        for (m, place, node_at) in self.instances()? {
            let mesh = item(meshes, m, "mesh", "a node")?;
            let mesh_at = format!("mesh {m}{}", named(mesh));
            if mesh.get("weights").is_some() {
                return fail(morph_targets(&mesh_at));
            }
            let primitives = list(mesh, "primitives", &mesh_at)?;
            for (p, primitive) in primitives.iter().enumerate() {
                let at = format!("mesh {m} primitive {p}");
                let read = reader.primitive(primitive, &at, &mut budget)?;
                let look = looks.of(&reader, read.material, read.colors.is_some(), &at)?;
                let mesh = place.mesh(read.mesh);
                if !mesh.positions.as_flattened().iter().all(|x| x.is_finite()) {
                    return fail(format!(
                        "{node_at} moves {at} past the largest number a position can hold \
                         (a scale too large?)"
                    ));
                }
                parts.push(ModelPart {
                    mesh,
                    colors: read.colors,
                    look,
                });
            }
        }
        if parts.is_empty() {
            return fail("the file holds no mesh (no primitive in any mesh its scene shows)");
        }
        Ok(Model {
            parts,
            textures: looks.textures,
            warnings: looks.warnings,
        })
    }

    /// The parts of [`Document::model`], each in the slot of its finish (a part with a
    /// surface of its own in `wood`): the model as a carving.
    pub fn parts(&self, external: &HashMap<String, Vec<u8>>) -> Result<Vec<Part>, GltfError> {
        Ok(self
            .model(external)?
            .parts
            .into_iter()
            .map(|p| Part {
                slot: match p.look {
                    Look::Finish(slot) => slot,
                    Look::Surface(_) => Slot::Wood,
                },
                mesh: p.mesh,
            })
            .collect())
    }

    /// Each mesh the scene draws, with where its node puts it, in drawing order.
    fn instances(&self) -> Result<Vec<(usize, Affine, String)>, GltfError> {
        let root = &self.json;
        let nodes = list(root, "nodes", "the file")?;
        let scenes = list(root, "scenes", "the file")?;
        let roots = if !scenes.is_empty() {
            let s = uint(root, "scene", "the file")?.unwrap_or(0);
            let scene = item(scenes, s, "scene", "the file")?;
            indices(scene, "nodes", &format!("scene {s}"))?
        } else if !nodes.is_empty() {
            let mut child = vec![false; nodes.len()];
            for (n, node) in nodes.iter().enumerate() {
                for c in indices(node, "children", &node_at(n, node))? {
                    if let Some(x) = child.get_mut(c) {
                        *x = true;
                    }
                }
            }
            (0..nodes.len()).filter(|&n| !child[n]).collect()
        } else {
            let meshes = list(root, "meshes", "the file")?.len();
            return Ok((0..meshes)
                .map(|m| (m, Affine::IDENTITY, "no node".to_string()))
                .collect());
        };
        let mut seen = vec![false; nodes.len()];
        let mut stack: Vec<(usize, Affine)> = roots
            .into_iter()
            .rev()
            .map(|n| (n, Affine::IDENTITY))
            .collect();
        let mut out = Vec::new();
        while let Some((n, parent)) = stack.pop() {
            let node = item(nodes, n, "node", "the node tree")?;
            let at = node_at(n, node);
            if std::mem::replace(&mut seen[n], true) {
                return fail(format!(
                    "{at} is reached twice: the node tree has a loop, or a node with two parents"
                ));
            }
            if let Some(skin) = node.get("skin") {
                return fail(format!(
                    "{at} is skinned (skin {skin}); skins cannot be read: apply the armature \
                     (in Blender, apply its modifier) and export without skinning"
                ));
            }
            let place = parent.then(&local_transform(node, &at)?);
            if !place.is_finite() {
                return fail(format!(
                    "{at}: its transform with its parents' is not finite (a scale too large?)"
                ));
            }
            if let Some(m) = uint(node, "mesh", &at)? {
                if node.get("weights").is_some() {
                    return fail(morph_targets(&at));
                }
                out.push((m, place, at.clone()));
            }
            for c in indices(node, "children", &at)?.into_iter().rev() {
                stack.push((c, place));
            }
        }
        Ok(out)
    }
}

fn morph_targets(at: &str) -> String {
    format!(
        "{at} has morph targets (shape keys); they cannot be read: apply them (in Blender, \
         apply the shape keys, or untick Shape Keys when exporting)"
    )
}

/// ` (`name`)` for an object with a name, for messages.
fn named(obj: &Value) -> String {
    match obj.get("name").and_then(Value::as_str) {
        Some(name) if !name.is_empty() => format!(" (`{name}`)"),
        _ => String::new(),
    }
}

fn node_at(n: usize, node: &Value) -> String {
    format!("node {n}{}", named(node))
}

/// The list of indices `obj[key]` (a scene's nodes, a node's children).
fn indices(obj: &Value, key: &str, at: &str) -> Result<Vec<usize>, GltfError> {
    let mut out = Vec::new();
    for v in list(obj, key, at)? {
        let n = v.as_u64().and_then(|n| usize::try_from(n).ok());
        match n {
            Some(n) => out.push(n),
            None => return fail(format!("{at}: `{key}` holds {v}, not an index")),
        }
    }
    Ok(out)
}

/// `N` finite numbers at `obj[key]`, `None` when absent.
fn numbers<const N: usize>(
    obj: &Value,
    key: &str,
    at: &str,
) -> Result<Option<[f32; N]>, GltfError> {
    let Some(v) = obj.get(key) else {
        return Ok(None);
    };
    let values: Option<Vec<f32>> = v.as_array().and_then(|a| {
        a.iter()
            .map(|x| x.as_f64().map(|f| f as f32).filter(|f| f.is_finite()))
            .collect()
    });
    match values.and_then(|v| <[f32; N]>::try_from(v).ok()) {
        Some(a) => Ok(Some(a)),
        None => fail(format!(
            "{at}: `{key}` is {v}, not a list of {N} finite numbers"
        )),
    }
}

/// The finite number `obj[key]`, `None` when absent.
fn number(obj: &Value, key: &str, at: &str) -> Result<Option<f32>, GltfError> {
    match obj.get(key) {
        None => Ok(None),
        Some(v) => match v.as_f64().map(|f| f as f32).filter(|f| f.is_finite()) {
            Some(f) => Ok(Some(f)),
            None => fail(format!("{at}: `{key}` is {v}, not a number")),
        },
    }
}

/// A node's own transform: its `matrix`, or its `translation`, `rotation` and `scale`.
fn local_transform(node: &Value, at: &str) -> Result<Affine, GltfError> {
    if let Some(m) = numbers::<16>(node, "matrix", at)? {
        let last_row = [m[3], m[7], m[11], m[15]];
        if last_row
            .iter()
            .zip([0.0, 0.0, 0.0, 1.0])
            .any(|(a, b)| (a - b).abs() > 1e-5)
        {
            return fail(format!(
                "{at}: its matrix's last row is {last_row:?}, not (0, 0, 0, 1): a projection, \
                 which no model can have"
            ));
        }
        return Ok(Affine::from_columns(&m));
    }
    let t = numbers::<3>(node, "translation", at)?.unwrap_or([0.0; 3]);
    let q = numbers::<4>(node, "rotation", at)?.unwrap_or([0.0, 0.0, 0.0, 1.0]);
    let s = numbers::<3>(node, "scale", at)?.unwrap_or([1.0; 3]);
    let length = q.iter().map(|x| x * x).sum::<f32>().sqrt();
    if !(length > 1e-6 && length.is_finite()) {
        return fail(format!(
            "{at}: its rotation {q:?} is not a unit quaternion (x, y, z, w)"
        ));
    }
    Ok(Affine::from_trs(t, q.map(|x| x / length), s))
}

/// The looks of the materials and the textures read so far.
#[derive(Default)]
struct Looks {
    materials: HashMap<usize, Look>,
    /// By texture index: where it is in `textures`, or `None` when it could not be read.
    by_texture: HashMap<usize, Option<usize>>,
    textures: Vec<Texture>,
    warnings: Vec<String>,
}

impl Looks {
    /// The look of a primitive with `material`. One with no material takes the wood, unless it
    /// has vertex colours: those are drawn on a plain matte surface, as Blender shows them.
    fn of(
        &mut self,
        reader: &Reader,
        material: Option<usize>,
        colors: bool,
        at: &str,
    ) -> Result<Look, GltfError> {
        let Some(m) = material else {
            return Ok(if colors {
                Look::Surface(Surface {
                    name: String::new(),
                    base_color: [1.0; 4],
                    metallic: 0.0,
                    roughness: 1.0,
                    emissive: [0.0; 3],
                    texture: None,
                    alpha: Alpha::Opaque,
                    double_sided: false,
                })
            } else {
                Look::Finish(Slot::Wood)
            });
        };
        if let Some(look) = self.materials.get(&m) {
            return Ok(look.clone());
        }
        let material = item(reader.materials, m, "material", at)?;
        let name = material.get("name").and_then(Value::as_str).unwrap_or("");
        let look = match finish_of(name) {
            Some(slot) => Look::Finish(slot),
            None => Look::Surface(self.surface(reader, m, material, name)?),
        };
        self.materials.insert(m, look.clone());
        Ok(look)
    }

    fn surface(
        &mut self,
        reader: &Reader,
        m: usize,
        material: &Value,
        name: &str,
    ) -> Result<Surface, GltfError> {
        let at = format!("material {m}{}", named(material));
        let empty = Value::Null;
        let pbr = material.get("pbrMetallicRoughness").unwrap_or(&empty);
        let unit = |x: f32| x.clamp(0.0, 1.0);
        let base_color = numbers::<4>(pbr, "baseColorFactor", &at)?.unwrap_or([1.0; 4]);
        let alpha = match material.get("alphaMode").and_then(Value::as_str) {
            None | Some("OPAQUE") => Alpha::Opaque,
            Some("MASK") => Alpha::Mask(number(material, "alphaCutoff", &at)?.unwrap_or(0.5)),
            Some("BLEND") => Alpha::Blend,
            Some(other) => {
                return fail(format!(
                    "{at}: alphaMode `{other}` is none of OPAQUE, MASK and BLEND"
                ));
            }
        };
        for (holder, key, what) in [
            (
                pbr,
                "metallicRoughnessTexture",
                "metallic-roughness texture",
            ),
            (material, "normalTexture", "normal map"),
            (material, "occlusionTexture", "occlusion texture"),
            (material, "emissiveTexture", "emissive texture"),
        ] {
            if holder.get(key).is_some() {
                self.warnings.push(format!(
                    "{at}: its {what} is not drawn (of a material's textures, the game draws \
                     the base colour texture)"
                ));
            }
        }
        let texture = match pbr.get("baseColorTexture") {
            None => None,
            Some(info) => {
                let t = need(info, "index", &format!("{at}: its baseColorTexture"))?;
                if uint(info, "texCoord", &at)?.unwrap_or(0) != 0 {
                    self.warnings.push(format!(
                        "{at}: its base colour texture uses a second set of UVs \
                         (texCoord), which is not read; it is laid on with TEXCOORD_0"
                    ));
                }
                self.texture(reader, t, &at)?
            }
        };
        Ok(Surface {
            name: name.to_string(),
            base_color: base_color.map(unit),
            metallic: unit(number(pbr, "metallicFactor", &at)?.unwrap_or(1.0)),
            roughness: unit(number(pbr, "roughnessFactor", &at)?.unwrap_or(1.0)),
            emissive: numbers::<3>(material, "emissiveFactor", &at)?
                .unwrap_or([0.0; 3])
                .map(|x| x.max(0.0)),
            texture,
            alpha,
            double_sided: material
                .get("doubleSided")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        })
    }

    /// Texture `t`, decoded once; a picture that cannot be had or decoded is a warning.
    fn texture(&mut self, reader: &Reader, t: usize, at: &str) -> Result<Option<usize>, GltfError> {
        if let Some(known) = self.by_texture.get(&t) {
            return Ok(*known);
        }
        let root = &reader.doc.json;
        let textures = list(root, "textures", "the file")?;
        let texture = item(textures, t, "texture", at)?;
        let tex_at = format!("texture {t}");
        let result = match uint(texture, "source", &tex_at)? {
            None => Err(format!(
                "{tex_at} has no `source` picture (only an extension's, which is not read)"
            )),
            Some(i) => {
                let images = list(root, "images", "the file")?;
                let image = item(images, i, "image", &tex_at)?;
                let image_at = format!("image {i}{} (of {tex_at})", named(image));
                match reader.image_bytes(image, &image_at)? {
                    Err(e) => Err(e),
                    Ok(bytes) => texture::decode(&bytes).map_err(|e| format!("{image_at} is {e}")),
                }
            }
        };
        let pixels_so_far: usize = self.textures.iter().map(|t| t.pixels.rgba.len() / 4).sum();
        let result = result.and_then(|(format, pixels)| {
            let total = pixels_so_far + pixels.rgba.len() / 4;
            if total > MAX_TEXTURE_PIXELS {
                Err(format!(
                    "{tex_at} takes the file's textures past {MAX_TEXTURE_PIXELS} pixels, the \
                     most this reader decodes"
                ))
            } else {
                Ok((format, pixels))
            }
        });
        let index = match result {
            Ok((format, pixels)) => {
                let (wrap, nearest) = sampler(root, texture, &tex_at)?;
                self.textures.push(Texture {
                    format,
                    pixels,
                    wrap,
                    nearest,
                });
                Some(self.textures.len() - 1)
            }
            Err(e) => {
                self.warnings.push(format!(
                    "{e}; {at} is drawn with its base colour, without the texture"
                ));
                None
            }
        };
        self.by_texture.insert(t, index);
        Ok(index)
    }
}

/// The wrap modes and magnification of a texture's sampler (repeat and linear without one).
fn sampler(root: &Value, texture: &Value, at: &str) -> Result<([Wrap; 2], bool), GltfError> {
    let Some(s) = uint(texture, "sampler", at)? else {
        return Ok(([Wrap::Repeat; 2], false));
    };
    let samplers = list(root, "samplers", "the file")?;
    let sampler = item(samplers, s, "sampler", at)?;
    let s_at = format!("sampler {s}");
    let wrap = |key: &str| -> Result<Wrap, GltfError> {
        match uint(sampler, key, &s_at)? {
            None | Some(10497) => Ok(Wrap::Repeat),
            Some(33071) => Ok(Wrap::Clamp),
            Some(33648) => Ok(Wrap::Mirror),
            Some(other) => fail(format!("{s_at}: `{key}` is {other}, no wrap mode")),
        }
    };
    let nearest = uint(sampler, "magFilter", &s_at)? == Some(9728);
    Ok(([wrap("wrapS")?, wrap("wrapT")?], nearest))
}

/// The model in the file at `path`, with the buffers and pictures it names read from its
/// folder (for the tools and tests; the game reads through its asset server). A URI that is
/// absolute or climbs out of the folder (`..`) is not followed: a buffer there is an error, a
/// picture a warning.
pub fn read_path(path: &std::path::Path) -> Result<Model, GltfError> {
    let bytes = std::fs::read(path)
        .map_err(|e| GltfError(format!("{} cannot be read: {e}", path.display())))?;
    let document = Document::parse(&bytes)?;
    let dir = path.parent().unwrap_or(std::path::Path::new("."));
    let mut files = HashMap::new();
    let buffers = document.external_buffers();
    for uri in buffers.iter().chain(&document.external_images()) {
        let relative = std::path::Path::new(uri);
        let inside = relative
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)));
        if !inside {
            if buffers.contains(uri) {
                return fail(format!(
                    "the buffer file `{uri}` is not in the model's folder (absolute, or `..`)"
                ));
            }
            continue;
        }
        match std::fs::read(dir.join(relative)) {
            Ok(data) => {
                files.insert(uri.clone(), data);
            }
            Err(e) if buffers.contains(uri) => {
                return fail(format!("the buffer file `{uri}` cannot be read: {e}"));
            }
            Err(_) => {}
        }
    }
    document.model(&files)
}

/// The parts of a self-contained file: a `.glb`, or a `.gltf` whose buffers are all `data:`
/// URIs.
pub fn read(bytes: &[u8]) -> Result<Vec<Part>, GltfError> {
    Document::parse(bytes)?.parts(&HashMap::new())
}

/// The JSON chunk and the BIN chunk (if any) of a `.glb` file. Chunks after the second, and a
/// second chunk of another type, are ignored, as the specification asks.
fn glb_chunks(bytes: &[u8]) -> Result<(&[u8], Option<&[u8]>), GltfError> {
    if bytes.len() < 12 {
        return fail(format!(
            "a GLB file of {} bytes, shorter than its 12-byte header",
            bytes.len()
        ));
    }
    let version = word(bytes, 4).unwrap_or(0);
    if version != 2 {
        return fail(format!("GLB version {version}; only version 2 can be read"));
    }
    let length = word(bytes, 8).and_then(|l| usize::try_from(l).ok());
    let Some(bytes) = length.and_then(|l| bytes.get(..l)) else {
        return fail(format!(
            "the GLB header gives a length of {} bytes, but the file holds {} (cut short?)",
            word(bytes, 8).unwrap_or(0),
            bytes.len()
        ));
    };
    if bytes.len() < 20 {
        return fail("the GLB file has no JSON chunk");
    }
    let (kind, json, next) = chunk(bytes, 12)?;
    if kind != CHUNK_JSON {
        return fail(format!(
            "the first chunk of the GLB file is of type {kind:#010x}, not JSON"
        ));
    }
    if next >= bytes.len() {
        return Ok((json, None));
    }
    let (kind, bin, _) = chunk(bytes, next)?;
    Ok((json, (kind == CHUNK_BIN).then_some(bin)))
}

/// The little-endian `u32` at `at`, if the bytes reach that far.
fn word(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// The type and data of the GLB chunk at `at`, and where the next chunk starts.
fn chunk(bytes: &[u8], at: usize) -> Result<(u32, &[u8], usize), GltfError> {
    let (Some(length), Some(kind)) = (word(bytes, at), word(bytes, at.saturating_add(4))) else {
        return fail(format!(
            "the GLB chunk at byte {at} is cut short: its 8-byte header passes the end of the \
             file ({} bytes)",
            bytes.len()
        ));
    };
    let start = at.saturating_add(8);
    let end = usize::try_from(length)
        .ok()
        .and_then(|l| start.checked_add(l));
    match end.and_then(|end| Some((bytes.get(start..end)?, end))) {
        Some((data, end)) => Ok((kind, data, end)),
        None => fail(format!(
            "the GLB chunk at byte {at} gives a length of {length} bytes, but only {} remain \
             in the file",
            bytes.len().saturating_sub(start)
        )),
    }
}

fn is_data_uri(uri: &str) -> bool {
    uri.get(..5)
        .is_some_and(|s| s.eq_ignore_ascii_case("data:"))
}

/// `uri` with each `%xx` replaced by the byte it stands for (invalid UTF-8 replaced by `�`); a
/// `%` not followed by two hex digits is kept as it is.
fn percent_decode(uri: &str) -> String {
    fn hex(b: &u8) -> Option<u8> {
        (*b as char).to_digit(16).map(|d| d as u8)
    }
    let b = uri.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c == b'%'
            && let (Some(hi), Some(lo)) = (b.get(i + 1).and_then(hex), b.get(i + 2).and_then(hex))
        {
            out.push(hi * 16 + lo);
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The bytes of a `data:` URI, which must be base64 (`data:<type>;base64,<data>`).
fn decode_data_uri(uri: &str, at: &str) -> Result<Vec<u8>, GltfError> {
    let rest = uri.get(5..).unwrap_or("");
    let Some((header, data)) = rest.split_once(',') else {
        return fail(format!("{at}: its data: URI has no `,`"));
    };
    if !header.to_ascii_lowercase().ends_with(";base64") {
        return fail(format!(
            "{at}: its data: URI is not base64 (only `data:…;base64,…` URIs can be read)"
        ));
    }
    base64(data).map_err(|e| GltfError(format!("{at}: bad base64 in its data: URI: {e}")))
}

/// Decodes standard base64 (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`), with or without its `=`
/// padding; any other character is an error.
fn base64(text: &str) -> Result<Vec<u8>, String> {
    let bytes = text.as_bytes();
    let body = bytes
        .strip_suffix(b"==")
        .or_else(|| bytes.strip_suffix(b"="))
        .unwrap_or(bytes);
    let padding = bytes.len() - body.len();
    if body.len() % 4 == 1 {
        return Err(format!(
            "{} characters, a length no base64 text has",
            body.len()
        ));
    }
    if padding > 0 && !bytes.len().is_multiple_of(4) {
        return Err("`=` padding that does not end a group of four characters".into());
    }
    let mut out = Vec::with_capacity(body.len() / 4 * 3 + 2);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for (i, &c) in body.iter().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => {
                return Err(format!(
                    "character {i} (byte {c:#04x}) is not in the base64 alphabet"
                ));
            }
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

/// The list `obj[key]`: empty when absent, an error when not a list.
fn list<'v>(obj: &'v Value, key: &str, at: &str) -> Result<&'v [Value], GltfError> {
    match obj.get(key) {
        None => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(_) => fail(format!("{at}: `{key}` is not a list")),
    }
}

/// Item `index` of a top-level list, called `what` in messages.
fn item<'v>(
    items: &'v [Value],
    index: usize,
    what: &str,
    at: &str,
) -> Result<&'v Value, GltfError> {
    items.get(index).ok_or_else(|| {
        GltfError(format!(
            "{at}: {what} {index} does not exist (the file has {})",
            items.len()
        ))
    })
}

/// The non-negative integer `obj[key]` (an index, an offset or a size), `None` when absent.
fn uint(obj: &Value, key: &str, at: &str) -> Result<Option<usize>, GltfError> {
    let Some(v) = obj.get(key) else {
        return Ok(None);
    };
    // 2^53: the largest integer a JSON number written as a float holds exactly.
    let whole = |f: f64| f >= 0.0 && f.fract() == 0.0 && f <= 9_007_199_254_740_992.0;
    let n = v
        .as_u64()
        .or_else(|| v.as_f64().filter(|&f| whole(f)).map(|f| f as u64));
    match n.and_then(|n| usize::try_from(n).ok()) {
        Some(n) => Ok(Some(n)),
        None => fail(format!(
            "{at}: `{key}` is {v}, not a non-negative integer this reader can use"
        )),
    }
}

/// The non-negative integer `obj[key]`, which must be there.
fn need(obj: &Value, key: &str, at: &str) -> Result<usize, GltfError> {
    uint(obj, key, at)?.ok_or_else(|| GltfError(format!("{at} has no `{key}`")))
}

fn component_name(component: usize) -> &'static str {
    match component {
        BYTE => "BYTE",
        UNSIGNED_BYTE => "UNSIGNED_BYTE",
        SHORT => "SHORT",
        UNSIGNED_SHORT => "UNSIGNED_SHORT",
        UNSIGNED_INT => "UNSIGNED_INT",
        FLOAT => "FLOAT",
        _ => "an unknown component type",
    }
}

fn mode_name(mode: usize) -> &'static str {
    match mode {
        0 => "points",
        1 => "lines",
        2 => "a line loop",
        3 => "a line strip",
        5 => "a triangle strip",
        6 => "a triangle fan",
        _ => "an unknown kind of primitive",
    }
}

/// How many vertices and indices the primitives read so far hold.
#[derive(Default)]
struct Budget {
    vertices: usize,
    indices: usize,
}

impl Budget {
    fn spend(&mut self, vertices: usize, indices: usize, at: &str) -> Result<(), GltfError> {
        let v = self.vertices.saturating_add(vertices);
        let i = self.indices.saturating_add(indices);
        if v > MAX_VERTICES {
            return fail(format!(
                "{at} has {vertices} vertices, which takes the file past {MAX_VERTICES} \
                 vertices, the most this reader takes"
            ));
        }
        if i > MAX_INDICES {
            return fail(format!(
                "{at} has {indices} indices, which takes the file past {MAX_INDICES} \
                 indices, the most this reader takes"
            ));
        }
        self.vertices = v;
        self.indices = i;
        Ok(())
    }
}

/// An accessor checked against its view and buffer: where its elements lie, ready to decode.
struct Layout<'a> {
    index: usize,
    count: usize,
    component: usize,
    kind: &'a str,
    normalized: bool,
    /// Bytes per element.
    size: usize,
    /// The bytes from the first element on and the distance from one element to the next;
    /// `None` for an accessor without a buffer view, whose elements are all zeros.
    data: Option<(&'a [u8], usize)>,
}

impl Layout<'_> {
    /// What the accessor holds, for messages: "accessor 3 (VEC2 of normalized UNSIGNED_SHORT)".
    fn describe(&self) -> String {
        format!(
            "accessor {} ({} of {}{})",
            self.index,
            self.kind,
            if self.normalized { "normalized " } else { "" },
            component_name(self.component)
        )
    }

    /// Every element, decoded by `decode` from its bytes (`zero` for an accessor without a
    /// buffer view).
    fn read<T: Clone>(&self, zero: T, decode: impl Fn(&[u8]) -> T) -> Result<Vec<T>, GltfError> {
        let Some((bytes, stride)) = self.data else {
            return Ok(vec![zero; self.count]);
        };
        let mut out = Vec::with_capacity(self.count);
        for i in 0..self.count {
            let start = i.checked_mul(stride);
            let element = start
                .and_then(|s| Some(s..s.checked_add(self.size)?))
                .and_then(|r| bytes.get(r));
            match element {
                Some(e) => out.push(decode(e)),
                // The range check of `Reader::layout` rules this out.
                None => {
                    return fail(format!(
                        "accessor {}: element {i} passes the end of its buffer view",
                        self.index
                    ));
                }
            }
        }
        Ok(out)
    }
}

fn f32_at(e: &[u8], k: usize) -> f32 {
    let mut b = [0; 4];
    if let Some(s) = e.get(4 * k..4 * k + 4) {
        b.copy_from_slice(s);
    }
    f32::from_le_bytes(b)
}

fn u32_at(e: &[u8], k: usize) -> u32 {
    let mut b = [0; 4];
    if let Some(s) = e.get(4 * k..4 * k + 4) {
        b.copy_from_slice(s);
    }
    u32::from_le_bytes(b)
}

fn u16_at(e: &[u8], k: usize) -> u16 {
    let mut b = [0; 2];
    if let Some(s) = e.get(2 * k..2 * k + 2) {
        b.copy_from_slice(s);
    }
    u16::from_le_bytes(b)
}

fn u8_at(e: &[u8], k: usize) -> u8 {
    e.get(k).copied().unwrap_or(0)
}

/// One primitive as read, in its mesh's own space.
struct Primitive {
    mesh: MeshData,
    colors: Option<Vec<[f32; 4]>>,
    material: Option<usize>,
}

/// Reads the primitives of one [`Document`], loading each buffer the first time it is used.
struct Reader<'a> {
    doc: &'a Document,
    external: &'a HashMap<String, Vec<u8>>,
    accessors: &'a [Value],
    views: &'a [Value],
    buffers: &'a [Value],
    materials: &'a [Value],
    loaded: Vec<OnceCell<Cow<'a, [u8]>>>,
}

impl<'a> Reader<'a> {
    /// The bytes of buffer `index`, cut to its `byteLength`.
    fn buffer(&self, index: usize, at: &str) -> Result<&[u8], GltfError> {
        let Some(cell) = self.loaded.get(index) else {
            return fail(format!(
                "{at}: buffer {index} does not exist (the file has {})",
                self.loaded.len()
            ));
        };
        if let Some(bytes) = cell.get() {
            return Ok(bytes);
        }
        let bytes = self.load(index)?;
        Ok(cell.get_or_init(|| bytes))
    }

    fn load(&self, index: usize) -> Result<Cow<'a, [u8]>, GltfError> {
        let at = format!("buffer {index}");
        let buffer = item(self.buffers, index, "buffer", &at)?;
        let bytes: Cow<'a, [u8]> = match buffer.get("uri") {
            None if self.doc.glb && index == 0 => match &self.doc.bin {
                Some(bin) => Cow::Borrowed(bin),
                None => return fail("buffer 0 has no `uri`, and the GLB file has no BIN chunk"),
            },
            None => return fail(format!("{at} has no `uri`")),
            Some(Value::String(uri)) if is_data_uri(uri) => Cow::Owned(decode_data_uri(uri, &at)?),
            Some(Value::String(uri)) => {
                let path = percent_decode(uri);
                match self.external.get(&path) {
                    Some(bytes) => Cow::Borrowed(bytes),
                    None => {
                        return fail(format!(
                            "{at} is held in the file `{path}`, whose bytes were not given"
                        ));
                    }
                }
            }
            Some(other) => return fail(format!("{at}: `uri` is {other}, not a string")),
        };
        match uint(buffer, "byteLength", &at)? {
            Some(length) if length > bytes.len() => fail(format!(
                "{at} gives a byteLength of {length}, but holds only {} bytes",
                bytes.len()
            )),
            Some(length) => Ok(match bytes {
                Cow::Borrowed(b) => Cow::Borrowed(b.get(..length).unwrap_or(b)),
                Cow::Owned(mut b) => {
                    b.truncate(length);
                    Cow::Owned(b)
                }
            }),
            None => Ok(bytes),
        }
    }

    /// The bytes of buffer view `v`, called `at` in messages.
    fn view(&self, v: usize, at: &str) -> Result<(&[u8], &Value, String), GltfError> {
        let view = item(self.views, v, "buffer view", at)?;
        let view_at = format!("buffer view {v} (of {at})");
        let b = need(view, "buffer", &view_at)?;
        let buffer = self.buffer(b, &view_at)?;
        let start = uint(view, "byteOffset", &view_at)?.unwrap_or(0);
        let length = need(view, "byteLength", &view_at)?;
        let range = start.checked_add(length).map(|end| start..end);
        let Some(bytes) = range.and_then(|r| buffer.get(r)) else {
            return fail(format!(
                "{view_at}: its {length} bytes from byte {start} pass the end of \
                 buffer {b} ({} bytes)",
                buffer.len()
            ));
        };
        Ok((bytes, view, view_at))
    }

    /// The encoded bytes of a picture: from a buffer view, a `data:` URI or a file beside the
    /// model. `Err` inside is a picture that cannot be had, which the caller warns about; the
    /// outer error is a broken file (a buffer view that does not exist).
    fn image_bytes(&self, image: &Value, at: &str) -> Result<Result<Vec<u8>, String>, GltfError> {
        if let Some(v) = uint(image, "bufferView", at)? {
            return Ok(Ok(self.view(v, at)?.0.to_vec()));
        }
        Ok(match image.get("uri") {
            Some(Value::String(uri)) if is_data_uri(uri) => {
                decode_data_uri(uri, at).map_err(|e| e.0)
            }
            Some(Value::String(uri)) => {
                let path = percent_decode(uri);
                self.external
                    .get(&path)
                    .cloned()
                    .ok_or_else(|| format!("{at} is the file `{path}`, which could not be read"))
            }
            _ => Err(format!("{at} has neither a `uri` nor a `bufferView`")),
        })
    }

    /// Accessor `index`, used as `what` (as in "NORMAL of mesh 0 primitive 1"), checked against
    /// its view and buffer.
    fn layout(&self, index: usize, what: &str) -> Result<Layout<'_>, GltfError> {
        let acc = item(self.accessors, index, "accessor", what)?;
        let at = format!("accessor {index} ({what})");
        if acc.get("sparse").is_some() {
            return fail(format!("{at} is sparse; sparse accessors cannot be read"));
        }
        let count = need(acc, "count", &at)?;
        let component = need(acc, "componentType", &at)?;
        let kind = match acc.get("type").and_then(Value::as_str) {
            Some(kind) => kind,
            None => return fail(format!("{at} has no `type`")),
        };
        let components = match kind {
            "SCALAR" => 1,
            "VEC2" => 2,
            "VEC3" => 3,
            "VEC4" | "MAT2" => 4,
            "MAT3" => 9,
            "MAT4" => 16,
            _ => return fail(format!("{at} has the unknown type `{kind}`")),
        };
        let width = match component {
            BYTE | UNSIGNED_BYTE => 1,
            SHORT | UNSIGNED_SHORT => 2,
            UNSIGNED_INT | FLOAT => 4,
            _ => {
                return fail(format!("{at} has the unknown componentType {component}"));
            }
        };
        let normalized = match acc.get("normalized") {
            None => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => return fail(format!("{at}: `normalized` is {other}, not a boolean")),
        };
        let size = components * width;
        let data = match uint(acc, "bufferView", &at)? {
            None => None,
            Some(v) => {
                let (bytes, view, view_at) = self.view(v, &at)?;
                let stride = match uint(view, "byteStride", &view_at)? {
                    None => size,
                    Some(s) if s < size => {
                        return fail(format!(
                            "{view_at} has a byteStride of {s}, less than the {size} bytes of \
                             an element of accessor {index}"
                        ));
                    }
                    Some(s) => s,
                };
                let offset = uint(acc, "byteOffset", &at)?.unwrap_or(0);
                let end = count
                    .checked_sub(1)
                    .map(|last| {
                        last.checked_mul(stride)
                            .and_then(|x| x.checked_add(size))
                            .and_then(|x| x.checked_add(offset))
                    })
                    .unwrap_or(Some(0));
                if end.is_none_or(|end| end > bytes.len()) {
                    return fail(format!(
                        "{at}: its {count} elements of {size} bytes, {stride} bytes apart from \
                         byte {offset}, pass the end of buffer view {v} ({} bytes)",
                        bytes.len()
                    ));
                }
                Some((bytes.get(offset..).unwrap_or(&[]), stride))
            }
        };
        Ok(Layout {
            index,
            count,
            component,
            kind,
            normalized,
            size,
            data,
        })
    }

    /// One primitive, called `at` in messages.
    fn primitive(
        &self,
        primitive: &Value,
        at: &str,
        budget: &mut Budget,
    ) -> Result<Primitive, GltfError> {
        if primitive.get("targets").is_some() {
            return fail(morph_targets(at));
        }
        let mode = uint(primitive, "mode", at)?.unwrap_or(TRIANGLES);
        if mode != TRIANGLES {
            return fail(format!(
                "{at} draws {} (mode {mode}); only triangle lists (mode 4) can be read",
                mode_name(mode)
            ));
        }
        let attributes = match primitive.get("attributes") {
            Some(a @ Value::Object(_)) => a,
            _ => return fail(format!("{at} has no `attributes`")),
        };
        let attribute = |name: &str| -> Result<Option<Layout<'_>>, GltfError> {
            match uint(attributes, name, at)? {
                Some(i) => Ok(Some(self.layout(i, &format!("{name} of {at}"))?)),
                None => Ok(None),
            }
        };
        let wrong = |name: &str, layout: &Layout, expected: &str| {
            fail(format!(
                "{at}: {name} must be {expected}, but it is {}",
                layout.describe()
            ))
        };

        let Some(positions) = attribute("POSITION")? else {
            return fail(format!("{at} has no POSITION attribute"));
        };
        if positions.component != FLOAT || positions.kind != "VEC3" {
            return wrong("POSITION", &positions, "a VEC3 of FLOAT");
        }
        let normals = attribute("NORMAL")?;
        if let Some(n) = &normals
            && (n.component != FLOAT || n.kind != "VEC3")
        {
            return wrong("NORMAL", n, "a VEC3 of FLOAT");
        }
        let uvs = attribute("TEXCOORD_0")?;
        let colors = attribute("COLOR_0")?;
        if let Some(c) = &colors {
            let integer = matches!(c.component, UNSIGNED_BYTE | UNSIGNED_SHORT) && c.normalized;
            if !matches!(c.kind, "VEC3" | "VEC4") || !(c.component == FLOAT || integer) {
                return wrong(
                    "COLOR_0",
                    c,
                    "a VEC3 or VEC4 of FLOAT, normalized UNSIGNED_BYTE or normalized \
                     UNSIGNED_SHORT",
                );
            }
        }
        if let Some(u) = &uvs {
            let integer = matches!(u.component, UNSIGNED_BYTE | UNSIGNED_SHORT) && u.normalized;
            if u.kind != "VEC2" || !(u.component == FLOAT || integer) {
                return wrong(
                    "TEXCOORD_0",
                    u,
                    "a VEC2 of FLOAT, normalized UNSIGNED_BYTE or normalized UNSIGNED_SHORT",
                );
            }
        }
        let indices = match uint(primitive, "indices", at)? {
            Some(i) => Some(self.layout(i, &format!("indices of {at}"))?),
            None => None,
        };
        if let Some(i) = &indices
            && (i.kind != "SCALAR"
                || !matches!(i.component, UNSIGNED_BYTE | UNSIGNED_SHORT | UNSIGNED_INT))
        {
            return wrong(
                "the indices",
                i,
                "a SCALAR of UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT",
            );
        }

        let count = positions.count;
        for (name, layout) in [
            ("NORMAL", &normals),
            ("TEXCOORD_0", &uvs),
            ("COLOR_0", &colors),
        ] {
            if let Some(l) = layout
                && l.count != count
            {
                return fail(format!(
                    "{at}: {name} (accessor {}) has {} elements, but POSITION (accessor {}) \
                     has {count}",
                    l.index, l.count, positions.index
                ));
            }
        }
        let index_count = indices.as_ref().map_or(count, |i| i.count);
        if !index_count.is_multiple_of(3) {
            let what = if indices.is_some() {
                "indices"
            } else {
                "vertices and no indices"
            };
            return fail(format!(
                "{at} has {index_count} {what}, not a multiple of 3: not a list of triangles"
            ));
        }
        budget.spend(count, index_count, at)?;

        let finite = |name: &str, layout: &Layout, values: &[f32], dims: usize| match values
            .iter()
            .position(|x| !x.is_finite())
        {
            None => Ok(()),
            Some(k) => fail(format!(
                "{at}: {name} (accessor {}) of vertex {} is not a finite number ({})",
                layout.index,
                k / dims,
                values[k]
            )),
        };
        let vec3 = |e: &[u8]| [f32_at(e, 0), f32_at(e, 1), f32_at(e, 2)];
        let mesh_positions = positions.read([0.0; 3], vec3)?;
        finite("POSITION", &positions, mesh_positions.as_flattened(), 3)?;

        let mesh_indices = match &indices {
            Some(layout) => {
                let values = match layout.component {
                    UNSIGNED_BYTE => layout.read(0, |e| u32::from(u8_at(e, 0)))?,
                    UNSIGNED_SHORT => layout.read(0, |e| u32::from(u16_at(e, 0)))?,
                    _ => layout.read(0, |e| u32_at(e, 0))?,
                };
                if let Some((k, v)) = values
                    .iter()
                    .enumerate()
                    .find(|&(_, &v)| v as usize >= count)
                {
                    return fail(format!(
                        "{at}: index {k} (of accessor {}) is {v}, past the last of its {count} \
                         vertices",
                        layout.index
                    ));
                }
                values
            }
            // `count` is at most `MAX_VERTICES`, so every index fits in a `u32`.
            None => (0..count).map(|i| i as u32).collect(),
        };

        let mesh_normals = match &normals {
            Some(layout) => {
                let values = layout.read([0.0; 3], vec3)?;
                finite("NORMAL", layout, values.as_flattened(), 3)?;
                values
            }
            None => smooth_normals(&mesh_positions, &mesh_indices),
        };

        let mesh_uvs = match &uvs {
            Some(layout) => {
                let values = match layout.component {
                    UNSIGNED_BYTE => {
                        layout.read([0.0; 2], |e| [0, 1].map(|k| f32::from(u8_at(e, k)) / 255.0))?
                    }
                    UNSIGNED_SHORT => layout.read([0.0; 2], |e| {
                        [0, 1].map(|k| f32::from(u16_at(e, k)) / 65535.0)
                    })?,
                    _ => layout.read([0.0; 2], |e| [f32_at(e, 0), f32_at(e, 1)])?,
                };
                finite("TEXCOORD_0", layout, values.as_flattened(), 2)?;
                values
            }
            None => mesh_positions.iter().map(|p| [p[0], p[1]]).collect(),
        };

        let mesh_colors = match &colors {
            Some(layout) => {
                let n = if layout.kind == "VEC4" { 4 } else { 3 };
                let channel = |e: &[u8], k: usize| -> f32 {
                    if k >= n {
                        return 1.0;
                    }
                    match layout.component {
                        UNSIGNED_BYTE => f32::from(u8_at(e, k)) / 255.0,
                        UNSIGNED_SHORT => f32::from(u16_at(e, k)) / 65535.0,
                        _ => f32_at(e, k),
                    }
                };
                let values = layout.read([1.0; 4], |e| [0, 1, 2, 3].map(|k| channel(e, k)))?;
                finite("COLOR_0", layout, values.as_flattened(), 4)?;
                Some(values)
            }
            None => None,
        };

        let material = uint(primitive, "material", at)?;
        if let Some(m) = material {
            item(self.materials, m, "material", at)?;
        }
        Ok(Primitive {
            mesh: MeshData {
                positions: mesh_positions,
                normals: mesh_normals,
                uvs: mesh_uvs,
                indices: mesh_indices,
            },
            colors: mesh_colors,
            material,
        })
    }
}

/// Smooth vertex normals for a mesh that has none: each vertex gets the sum of the face normals
/// of the triangles that use it, each as long as twice the triangle's area (so large triangles
/// weigh more than slivers), made unit length; +Y where that sum is zero. Summed in `f64`, so
/// no finite positions can make a normal infinite or NaN.
fn smooth_normals(positions: &[[f32; 3]], indices: &[u32]) -> Vec<[f32; 3]> {
    let mut sums = vec![[0.0f64; 3]; positions.len()];
    let corner = |i: u32| positions.get(i as usize).map(|p| p.map(f64::from));
    for t in indices.chunks_exact(3) {
        let (Some(a), Some(b), Some(c)) = (corner(t[0]), corner(t[1]), corner(t[2])) else {
            continue;
        };
        let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
        let n = [
            u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0],
        ];
        for &i in t {
            if let Some(s) = sums.get_mut(i as usize) {
                for k in 0..3 {
                    s[k] += n[k];
                }
            }
        }
    }
    sums.iter()
        .map(|s| {
            let length = (s[0] * s[0] + s[1] * s[1] + s[2] * s[2]).sqrt();
            if length > 0.0 && length.is_finite() {
                s.map(|x| (x / length) as f32)
            } else {
                [0.0, 1.0, 0.0]
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::carve::{MODELS, glb, model, model_glb};
    use serde_json::json;

    /// Standard base64 with padding, for building test files.
    fn b64(bytes: &[u8]) -> String {
        const ALPHABET: &[u8; 64] =
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for group in bytes.chunks(3) {
            let n = group
                .iter()
                .enumerate()
                .fold(0u32, |n, (k, &b)| n | u32::from(b) << (16 - 8 * k));
            for k in 0..4 {
                if k <= group.len() {
                    out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    fn data_uri(bytes: &[u8]) -> String {
        format!("data:application/octet-stream;base64,{}", b64(bytes))
    }

    fn text(doc: &Value) -> Vec<u8> {
        doc.to_string().into_bytes()
    }

    /// `read` fails on `bytes` with a message that mentions `needle`.
    fn fails_bytes(bytes: &[u8], needle: &str) {
        match read(bytes) {
            Err(e) => assert!(e.0.contains(needle), "`{e}` does not mention `{needle}`"),
            Ok(parts) => panic!(
                "read {} parts; expected an error about `{needle}`",
                parts.len()
            ),
        }
    }

    fn fails(doc: &Value, needle: &str) {
        fails_bytes(&text(doc), needle);
    }

    const QUAD: [[f32; 3]; 4] = [
        [0.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [1.0, 0.0, -1.0],
        [0.0, 0.0, -1.0],
    ];
    const QUAD_UV: [[u16; 2]; 4] = [[0, 0], [65535, 0], [65535, 32768], [0, 65535]];
    const QUAD_INDICES: [u8; 6] = [0, 1, 2, 0, 2, 3];

    /// The quad's buffer: 4 interleaved vertices of 28 bytes (position, normal +Y, UV as two
    /// normalized u16), then the 6 indices as u8.
    fn quad_bin() -> Vec<u8> {
        let mut bin = Vec::new();
        for (p, uv) in QUAD.iter().zip(QUAD_UV) {
            for x in p.iter().chain(&[0.0, 1.0, 0.0]) {
                bin.extend(x.to_le_bytes());
            }
            for x in uv {
                bin.extend(x.to_le_bytes());
            }
        }
        bin.extend(QUAD_INDICES);
        bin
    }

    /// A `.gltf` of one quad: interleaved attributes, normalized u16 UVs, u8 indices, material
    /// `inlay`, its buffer in a base64 data: URI. Accessors 0–3: POSITION, NORMAL, TEXCOORD_0,
    /// indices; views 0 (the vertices, stride 28) and 1 (the indices).
    fn quad() -> Value {
        json!({
            "asset": { "version": "2.0", "generator": "a test" },
            "meshes": [ { "primitives": [ {
                "attributes": { "POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2 },
                "indices": 3,
                "material": 0
            } ] } ],
            "materials": [ { "name": "inlay" }, { "name": "Inlay" } ],
            "accessors": [
                { "bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3" },
                { "bufferView": 0, "byteOffset": 12, "componentType": 5126, "count": 4,
                  "type": "VEC3" },
                { "bufferView": 0, "byteOffset": 24, "componentType": 5123, "normalized": true,
                  "count": 4, "type": "VEC2" },
                { "bufferView": 1, "componentType": 5121, "count": 6, "type": "SCALAR" }
            ],
            "bufferViews": [
                { "buffer": 0, "byteLength": 112, "byteStride": 28 },
                { "buffer": 0, "byteOffset": 112, "byteLength": 6 }
            ],
            "buffers": [ { "byteLength": 118, "uri": data_uri(&quad_bin()) } ]
        })
    }

    /// A `.gltf` of one primitive with positions only, and u16 indices when given.
    fn bare(positions: &[[f32; 3]], indices: Option<&[u16]>) -> Value {
        let mut bin: Vec<u8> = positions
            .as_flattened()
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let vertices = bin.len();
        let mut doc = json!({
            "asset": { "version": "2.0" },
            "meshes": [ { "primitives": [ { "attributes": { "POSITION": 0 } } ] } ],
            "accessors": [
                { "bufferView": 0, "componentType": 5126, "count": positions.len(),
                  "type": "VEC3" }
            ],
            "bufferViews": [ { "buffer": 0, "byteLength": vertices } ]
        });
        if let Some(indices) = indices {
            bin.extend(indices.iter().flat_map(|i| i.to_le_bytes()));
            doc["meshes"][0]["primitives"][0]["indices"] = json!(1);
            doc["accessors"].as_array_mut().unwrap().push(json!({
                "bufferView": 1, "componentType": 5123, "count": indices.len(), "type": "SCALAR"
            }));
            doc["bufferViews"].as_array_mut().unwrap().push(json!({
                "buffer": 0, "byteOffset": vertices, "byteLength": bin.len() - vertices
            }));
        }
        doc["buffers"] = json!([ { "byteLength": bin.len(), "uri": data_uri(&bin) } ]);
        doc
    }

    // What `glb::write` stores for a coordinate.
    use crate::carve::glb::quantise;

    /// The carved model a few of the GLB tests read: small, two slots.
    fn small_glb() -> Vec<u8> {
        model_glb("marker_wound").expect("marker_wound is carved")
    }

    /// Where the BIN chunk's header starts in a `.glb` (after the JSON chunk).
    fn bin_header(glb: &[u8]) -> usize {
        20 + word(glb, 12).unwrap() as usize
    }

    #[test]
    fn every_carved_model_reads_back_as_written() {
        for (name, _) in MODELS {
            let parts = model(name).unwrap();
            let read_back = read(&glb::write(name, &parts))
                .unwrap_or_else(|e| panic!("{name} does not read back: {e}"));
            assert_eq!(read_back.len(), parts.len(), "{name}: parts");
            for (k, (got, want)) in read_back.iter().zip(&parts).enumerate() {
                let (g, w) = (&got.mesh, &want.mesh);
                assert_eq!(got.slot, want.slot, "{name} part {k}: slot");
                let q3 = |v: &[[f32; 3]]| -> Vec<[f32; 3]> {
                    v.iter().map(|p| p.map(quantise)).collect()
                };
                let q2 = |v: &[[f32; 2]]| -> Vec<[f32; 2]> {
                    v.iter().map(|p| p.map(quantise)).collect()
                };
                assert_eq!(g.positions, q3(&w.positions), "{name} part {k}: positions");
                assert_eq!(g.normals, q3(&w.normals), "{name} part {k}: normals");
                assert_eq!(g.uvs, q2(&w.uvs), "{name} part {k}: uvs");
                assert_eq!(g.indices, w.indices, "{name} part {k}: indices");
            }
        }
    }

    /// Every shipped model reads, and gives what the `gltf` crate reads from it: the same
    /// primitives in the same order, the same vertices and indices, and slots that follow the
    /// material names.
    #[test]
    fn every_shipped_model_reads_as_the_gltf_crate_reads_it() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/models");
        let mut files = 0;
        for entry in std::fs::read_dir(&dir).expect("assets/models") {
            let path = entry.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("glb") {
                continue;
            }
            files += 1;
            let bytes = std::fs::read(&path).unwrap();
            let shown = path.display();
            let parts = read(&bytes).unwrap_or_else(|e| panic!("{shown}: {e}"));
            assert!(!parts.is_empty(), "{shown}: no parts");

            let json_length = word(&bytes, 12).unwrap() as usize;
            let json: Value = serde_json::from_slice(&bytes[20..20 + json_length]).unwrap();
            let names: Vec<&str> = json["materials"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["name"].as_str().unwrap_or(""))
                .collect();
            let theirs = ::gltf::Gltf::from_slice(&bytes).unwrap();
            let blob = theirs.blob.clone().unwrap();
            let primitives: Vec<_> = theirs
                .document
                .meshes()
                .flat_map(|m| m.primitives())
                .collect();
            assert_eq!(primitives.len(), parts.len(), "{shown}: primitives");
            for (k, (prim, part)) in primitives.iter().zip(&parts).enumerate() {
                let at = format!("{shown} primitive {k}");
                let name = prim.material().index().map_or("", |i| names[i]);
                let slot = if name == "inlay" {
                    Slot::Inlay
                } else {
                    Slot::Wood
                };
                assert_eq!(part.slot, slot, "{at}: slot of material `{name}`");
                let r = prim.reader(|b| (b.index() == 0).then_some(&blob[..]));
                let m = &part.mesh;
                assert!(!m.indices.is_empty(), "{at}: no indices");
                assert_eq!(
                    m.positions,
                    r.read_positions().unwrap().collect::<Vec<_>>(),
                    "{at}"
                );
                assert_eq!(
                    m.normals,
                    r.read_normals().unwrap().collect::<Vec<_>>(),
                    "{at}"
                );
                let uvs: Vec<_> = r.read_tex_coords(0).unwrap().into_f32().collect();
                assert_eq!(m.uvs, uvs, "{at}");
                let indices: Vec<_> = r.read_indices().unwrap().into_u32().collect();
                assert_eq!(m.indices, indices, "{at}");
            }
        }
        assert!(
            files >= MODELS.len(),
            "only {files} models in {}",
            dir.display()
        );
    }

    /// A hand-written `.gltf` (with a byte-order mark): a base64 data: URI, interleaved
    /// attributes, u8 indices and normalized u16 UVs; a second mesh's material is `Inlay`,
    /// which names the inlay as `inlay` does.
    #[test]
    fn a_hand_written_gltf_reads() {
        let mut doc = quad();
        doc["meshes"]
            .as_array_mut()
            .unwrap()
            .push(json!({ "primitives": [ {
                "attributes": { "POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2 },
                "indices": 3, "material": 1, "mode": 4
            } ] }));
        let mut bytes = "\u{feff} \n".as_bytes().to_vec();
        bytes.extend(text(&doc));
        let parts = read(&bytes).unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].slot, Slot::Inlay);
        assert_eq!(parts[1].slot, Slot::Inlay);
        let m = &parts[0].mesh;
        assert_eq!(m.positions, QUAD);
        assert_eq!(m.normals, [[0.0, 1.0, 0.0]; 4]);
        assert_eq!(
            m.uvs,
            [[0.0, 0.0], [1.0, 0.0], [1.0, 32768.0 / 65535.0], [0.0, 1.0]]
        );
        assert_eq!(m.indices, [0, 1, 2, 0, 2, 3]);
        assert_eq!(parts[1].mesh, parts[0].mesh);
        assert!(
            Document::parse(&bytes)
                .unwrap()
                .external_buffers()
                .is_empty()
        );
    }

    /// Normalized u8 UVs, u32 indices, and a NORMAL accessor without a buffer view (all zeros).
    #[test]
    fn u8_uvs_u32_indices_and_an_accessor_without_a_view_read() {
        let mut doc = quad();
        let mut bin = quad_bin();
        bin.extend([0, 255, 128, 64, 255, 0]);
        bin.extend([2u32, 1, 0].iter().flat_map(|i| i.to_le_bytes()));
        doc["buffers"] = json!([ { "byteLength": bin.len(), "uri": data_uri(&bin) } ]);
        doc["bufferViews"].as_array_mut().unwrap().extend([
            json!({ "buffer": 0, "byteOffset": 118, "byteLength": 6 }),
            json!({ "buffer": 0, "byteOffset": 124, "byteLength": 12 }),
        ]);
        doc["accessors"][0]["count"] = json!(3);
        doc["accessors"][1] = json!({ "componentType": 5126, "count": 3, "type": "VEC3" });
        doc["accessors"][2] = json!({ "bufferView": 2, "componentType": 5121,
                                      "normalized": true, "count": 3, "type": "VEC2" });
        doc["accessors"][3] = json!({ "bufferView": 3, "componentType": 5125, "count": 3,
                                      "type": "SCALAR" });
        let parts = read(&text(&doc)).unwrap();
        let m = &parts[0].mesh;
        assert_eq!(m.positions, QUAD[..3]);
        assert_eq!(m.normals, [[0.0; 3]; 3]);
        assert_eq!(
            m.uvs,
            [[0.0, 1.0], [128.0 / 255.0, 64.0 / 255.0], [1.0, 0.0]]
        );
        assert_eq!(m.indices, [2, 1, 0]);
    }

    #[test]
    fn a_primitive_without_indices_draws_its_vertices_in_order() {
        let positions = [
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 0.0, -1.0],
            [0.0, 1.0, 0.0],
            [1.0, 1.0, 0.0],
            [0.0, 1.0, -1.0],
        ];
        let parts = read(&text(&bare(&positions, None))).unwrap();
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].slot, Slot::Wood);
        assert_eq!(parts[0].mesh.positions, positions);
        assert_eq!(parts[0].mesh.indices, [0, 1, 2, 3, 4, 5]);
    }

    /// Without NORMAL, normals are the area-weighted sums of the face normals; without
    /// TEXCOORD_0, UVs are the positions' x and y.
    #[test]
    fn missing_normals_are_computed_and_missing_uvs_are_x_and_y() {
        // A flat triangle, counter-clockwise seen from above: every normal is +Y.
        let flat = [[0.0, 0.5, 0.0], [2.0, 0.5, 0.0], [0.0, 0.5, -3.0]];
        let parts = read(&text(&bare(&flat, Some(&[0, 1, 2])))).unwrap();
        assert_eq!(parts[0].mesh.normals, [[0.0, 1.0, 0.0]; 3]);
        assert_eq!(parts[0].mesh.uvs, [[0.0, 0.5], [2.0, 0.5], [0.0, 0.5]]);

        // A fold along the z axis: a triangle facing +Y (area 1/2) and one facing +X (area 2).
        // Vertices 0 and 2 lie on both, so their normal leans four to one toward +X.
        let fold = [
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 0.0, -1.0],
            [0.0, 4.0, 0.0],
            [5.0, 5.0, 5.0],
        ];
        let parts = read(&text(&bare(&fold, Some(&[0, 1, 2, 0, 2, 3])))).unwrap();
        let n = &parts[0].mesh.normals;
        let s = 17f32.sqrt();
        for (got, want) in n.iter().zip([
            [4.0 / s, 1.0 / s, 0.0],
            [0.0, 1.0, 0.0],
            [4.0 / s, 1.0 / s, 0.0],
            [1.0, 0.0, 0.0],
            // In no triangle.
            [0.0, 1.0, 0.0],
        ]) {
            for k in 0..3 {
                assert!((got[k] - want[k]).abs() < 1e-6, "{n:?}");
            }
        }
    }

    /// A buffer in another file: named once by `external_buffers` (percent-decoded) however
    /// many buffers use it, read from the map given to `parts`.
    #[test]
    fn external_buffers_are_named_and_read_from_the_callers_bytes() {
        let mut doc = quad();
        doc["buffers"] = json!([
            { "byteLength": 112, "uri": "quad%20data.bin" },
            { "byteLength": 118, "uri": data_uri(&quad_bin()) },
            { "byteLength": 118, "uri": "quad%20data.bin" }
        ]);
        doc["bufferViews"][1]["buffer"] = json!(2);
        let document = Document::parse(&text(&doc)).unwrap();
        assert_eq!(document.external_buffers(), ["quad data.bin"]);
        let external = HashMap::from([("quad data.bin".to_string(), quad_bin())]);
        assert_eq!(
            document.parts(&external).unwrap(),
            read(&text(&quad())).unwrap()
        );
        let missing = document.parts(&HashMap::new()).unwrap_err();
        assert!(missing.0.contains("`quad data.bin`"), "{missing}");
        fails(&doc, "were not given");
        // A file shorter than its byteLength.
        let short = HashMap::from([("quad data.bin".to_string(), quad_bin()[..100].to_vec())]);
        let e = document.parts(&short).unwrap_err();
        assert!(e.0.contains("byteLength of 112"), "{e}");
    }

    #[test]
    fn base64_and_percent_decoding() {
        for (text, bytes) in [
            ("", &b""[..]),
            ("Zg==", &b"f"[..]),
            ("Zg", &b"f"[..]),
            ("Zm8=", &b"fo"[..]),
            ("Zm8", &b"fo"[..]),
            ("Zm9v", &b"foo"[..]),
            ("Zm9vYg", &b"foob"[..]),
            ("+/+/", &b"\xfb\xff\xbf"[..]),
        ] {
            assert_eq!(base64(text).as_deref(), Ok(bytes), "{text}");
        }
        for bad in [
            "Z", "Zm9vY", "Zg=", "Z===", "=Zg=", "Zm 9v", "Zm-v", "Zm_v", "Zm9v\n", "Zé==",
        ] {
            assert!(base64(bad).is_err(), "{bad}");
        }
        let all: Vec<u8> = (0..=255).collect();
        for n in 0..all.len() {
            assert_eq!(base64(&b64(&all[..n])).unwrap(), &all[..n]);
        }
        assert_eq!(percent_decode("a%20b%2Fc%zz%4"), "a b/c%zz%4");
        assert_eq!(percent_decode("%C3%A9%ff"), "é\u{fffd}");
    }

    /// Every kind of bad input is an error that says what is wrong.
    #[test]
    fn bad_files_are_errors_that_say_why() {
        assert!(read(&text(&quad())).is_ok());
        let edit = |f: &dyn Fn(&mut Value)| {
            let mut doc = quad();
            f(&mut doc);
            doc
        };

        // Not glTF at all, or not JSON.
        fails_bytes(b"", "neither");
        fails_bytes(b"PK\x03\x04", "neither");
        fails_bytes(b"{ \"asset\": ", "invalid glTF JSON");
        fails_bytes(b"[1, 2]", "neither");
        fails_bytes(b" {} ", "holds no mesh");
        fails(
            &edit(&|d| d["asset"]["version"] = json!("1.0")),
            "glTF version",
        );

        // Required extensions, named; an empty list is fine.
        let draco = edit(&|d| {
            d["extensionsRequired"] =
                json!(["KHR_draco_mesh_compression", "EXT_meshopt_compression"])
        });
        fails(
            &draco,
            "`KHR_draco_mesh_compression`, `EXT_meshopt_compression`",
        );
        assert!(read(&text(&edit(&|d| d["extensionsRequired"] = json!([])))).is_ok());

        // No mesh, no primitive, not triangles.
        fails(&edit(&|d| d["meshes"] = json!([])), "holds no mesh");
        fails(
            &edit(&|d| d["meshes"][0]["primitives"] = json!([])),
            "holds no mesh",
        );
        fails(
            &edit(&|d| d["meshes"] = json!({})),
            "`meshes` is not a list",
        );
        fails(
            &edit(&|d| d["meshes"][0]["primitives"][0]["mode"] = json!(1)),
            "mode 1",
        );
        fails(
            &edit(&|d| d["meshes"][0]["primitives"][0]["mode"] = json!(5)),
            "triangle strip",
        );

        // Indices into the file's lists past their ends.
        let prim = |d: &mut Value, key: &str, v: Value| d["meshes"][0]["primitives"][0][key] = v;
        fails(
            &edit(&|d| prim(d, "attributes", json!({ "POSITION": 9 }))),
            "accessor 9 does not exist",
        );
        fails(
            &edit(&|d| prim(d, "indices", json!(4))),
            "accessor 4 does not exist",
        );
        fails(
            &edit(&|d| prim(d, "material", json!(2))),
            "material 2 does not exist",
        );
        fails(
            &edit(&|d| d["accessors"][0]["bufferView"] = json!(2)),
            "buffer view 2 does not exist",
        );
        fails(
            &edit(&|d| d["bufferViews"][0]["buffer"] = json!(1)),
            "buffer 1 does not exist",
        );
        fails(
            &edit(&|d| d["accessors"][0]["count"] = json!(-1)),
            "not a non-negative integer",
        );
        fails(
            &edit(&|d| prim(d, "attributes", json!({ "NORMAL": 1 }))),
            "no POSITION",
        );

        // Accessor and view ranges, strides, sizes, with no overflow on huge values.
        fails(
            &edit(&|d| d["accessors"][0]["count"] = json!(5)),
            "pass the end of buffer view 0",
        );
        fails(
            &edit(&|d| d["accessors"][0]["byteOffset"] = json!(20)),
            "pass the end of buffer view 0",
        );
        fails(
            &edit(&|d| d["accessors"][0]["byteOffset"] = json!(u64::MAX)),
            "pass the end",
        );
        fails(
            &edit(&|d| d["accessors"][0]["count"] = json!(u64::MAX)),
            "pass the end",
        );
        fails(
            &edit(&|d| d["bufferViews"][0]["byteLength"] = json!(119)),
            "pass the end of buffer 0",
        );
        fails(
            &edit(&|d| d["bufferViews"][1]["byteOffset"] = json!(u64::MAX)),
            "pass the end of buffer 0",
        );
        fails(
            &edit(&|d| d["bufferViews"][0]["byteStride"] = json!(8)),
            "byteStride of 8",
        );
        fails(
            &edit(&|d| d["bufferViews"][0]["byteStride"] = json!(u64::MAX)),
            "pass the end",
        );
        fails(
            &edit(&|d| d["buffers"][0]["byteLength"] = json!(119)),
            "byteLength of 119",
        );
        // A hostile count with nothing behind it: refused before anything is allocated.
        let zeros = edit(&|d| {
            d["accessors"] = json!([
                { "componentType": 5126, "count": 4_000_000_002u64, "type": "VEC3" }
            ]);
            prim(d, "attributes", json!({ "POSITION": 0 }));
            let primitive = d["meshes"][0]["primitives"][0].as_object_mut().unwrap();
            primitive.remove("indices");
        });
        fails(&zeros, "the most this reader takes");

        // Sparse accessors and types this reader does not take.
        fails(
            &edit(&|d| d["accessors"][0]["sparse"] = json!({ "count": 1 })),
            "sparse",
        );
        fails(
            &edit(&|d| d["accessors"][1]["type"] = json!("VEC2")),
            "NORMAL must be",
        );
        fails(
            &edit(&|d| d["accessors"][0]["componentType"] = json!(5123)),
            "POSITION must be",
        );
        fails(
            &edit(&|d| d["accessors"][2]["normalized"] = json!(false)),
            "TEXCOORD_0 must be",
        );
        fails(
            &edit(&|d| d["accessors"][3]["componentType"] = json!(5120)),
            "indices must be",
        );
        fails(
            &edit(&|d| d["accessors"][3]["componentType"] = json!(1)),
            "unknown componentType",
        );
        fails(
            &edit(&|d| d["accessors"][3]["type"] = json!("VEC5")),
            "unknown type",
        );

        // Counts that disagree, index lists that are not triangles, indices past the vertices.
        fails(
            &edit(&|d| d["accessors"][1]["count"] = json!(3)),
            "has 3 elements, but POSITION",
        );
        fails(
            &edit(&|d| d["accessors"][3]["count"] = json!(5)),
            "not a multiple of 3",
        );
        fails(&bare(&QUAD, None), "4 vertices and no indices");
        fails(
            &bare(&QUAD, Some(&[0, 1, 4])),
            "is 4, past the last of its 4 vertices",
        );

        // Numbers that are not numbers.
        fails(
            &bare(
                &[[0.0, f32::NAN, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
                None,
            ),
            "not a finite number",
        );
        fails(
            &bare(
                &[[0.0, 0.0, 0.0], [f32::INFINITY, 0.0, 0.0], [0.0, 0.0, 1.0]],
                None,
            ),
            "vertex 1",
        );

        // Buffers: bad data: URIs, no uri.
        let uri = |d: &mut Value, v: Value| d["buffers"][0]["uri"] = v;
        fails(
            &edit(&|d| uri(d, json!("data:application/octet-stream;base64,AB$D"))),
            "base64",
        );
        fails(
            &edit(&|d| uri(d, json!("data:application/octet-stream,ABCD"))),
            "not base64",
        );
        fails(&edit(&|d| uri(d, json!(7))), "not a string");
        let no_uri = edit(&|d| {
            d["buffers"][0].as_object_mut().unwrap().remove("uri");
        });
        fails(&no_uri, "buffer 0 has no `uri`");
    }

    #[test]
    fn bad_glb_files_are_errors_that_say_why() {
        let good = small_glb();
        assert!(read(&good).is_ok());
        let patch = |at: usize, value: u32| {
            let mut b = good.clone();
            b[at..at + 4].copy_from_slice(&value.to_le_bytes());
            b
        };
        let bin = bin_header(&good);
        fails_bytes(&patch(0, u32::from_le_bytes(*b"glTX")), "neither");
        fails_bytes(&patch(4, 1), "GLB version 1");
        fails_bytes(&patch(8, good.len() as u32 + 1), "cut short");
        fails_bytes(&patch(8, 16), "no JSON chunk");
        fails_bytes(&patch(12, u32::MAX), "gives a length of");
        fails_bytes(&patch(16, CHUNK_BIN), "not JSON");
        fails_bytes(&patch(bin, u32::MAX - 3), "gives a length of");
        // The BIN chunk shorter than buffer 0 says.
        fails_bytes(&patch(bin, (good.len() - bin - 8 - 4) as u32), "byteLength");
        // A second chunk of another type is ignored, so buffer 0 has no bytes.
        fails_bytes(&patch(bin + 4, 0x1234_5678), "no BIN chunk");
        let mut json_only = good[..bin].to_vec();
        json_only[8..12].copy_from_slice(&(bin as u32).to_le_bytes());
        fails_bytes(&json_only, "no BIN chunk");
    }

    /// Cut short anywhere, a `.glb` is an error, whether its header and its last chunk's
    /// length are made to agree with the cut or not.
    #[test]
    fn a_glb_cut_short_anywhere_is_an_error() {
        let good = small_glb();
        let bin = bin_header(&good);
        for length in 0..good.len() {
            let cut = &good[..length];
            assert!(read(cut).is_err(), "cut at {length}");
            if length >= 12 {
                let mut mended = cut.to_vec();
                mended[8..12].copy_from_slice(&(length as u32).to_le_bytes());
                if length >= bin + 8 {
                    let bin_length = (length - bin - 8) as u32;
                    mended[bin..bin + 4].copy_from_slice(&bin_length.to_le_bytes());
                } else if length >= 20 {
                    let json_length = (length - 20) as u32;
                    mended[12..16].copy_from_slice(&json_length.to_le_bytes());
                }
                assert!(read(&mended).is_err(), "cut at {length}, lengths mended");
            }
        }
    }

    #[test]
    fn material_names_that_name_a_wood() {
        for (name, slot) in [
            ("wood", Some(Slot::Wood)),
            ("Wood", Some(Slot::Wood)),
            (" WOOD.001 ", Some(Slot::Wood)),
            ("inlay", Some(Slot::Inlay)),
            ("Inlay.12", Some(Slot::Inlay)),
            ("wood.", None),
            ("wood.a1", None),
            ("woods", None),
            ("Brass", None),
            ("", None),
        ] {
            assert_eq!(finish_of(name), slot, "{name:?}");
        }
    }

    /// A 2 × 2 PNG: red, green / blue, white at half alpha.
    fn png_2x2() -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, 2, 2);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        writer
            .write_image_data(&[
                255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128,
            ])
            .unwrap();
        writer.finish().unwrap();
        out
    }

    /// The quad as a scene: node 0 (moved up 2, turned a quarter about +Y, scaled 2) holds node 1
    /// (moved +1 in x, with the mesh); node 2, with a matrix (scale -1 in x), holds the mesh
    /// again. The material is a textured `Brass`.
    fn scene() -> Value {
        let h = std::f32::consts::FRAC_1_SQRT_2;
        let mut doc = quad();
        doc["scene"] = json!(0);
        doc["scenes"] = json!([ { "nodes": [0, 2] } ]);
        doc["nodes"] = json!([
            { "name": "arm", "translation": [0.0, 2.0, 0.0], "rotation": [0.0, h, 0.0, h],
              "scale": [2.0, 2.0, 2.0], "children": [1] },
            { "name": "hand", "translation": [1.0, 0.0, 0.0], "mesh": 0 },
            { "matrix": [-1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0,
                         0.0, 0.0, 0.0, 1.0], "mesh": 0 }
        ]);
        doc["materials"] = json!([ {
            "name": "Brass",
            "pbrMetallicRoughness": {
                "baseColorFactor": [0.8, 0.6, 0.2, 1.0], "metallicFactor": 0.9,
                "roughnessFactor": 0.3, "baseColorTexture": { "index": 0 }
            }
        } ]);
        doc["textures"] = json!([ { "source": 0, "sampler": 0 } ]);
        doc["samplers"] = json!([ { "magFilter": 9728, "wrapS": 33071 } ]);
        doc["images"] = json!([ {
            "uri": format!("data:image/png;base64,{}", b64(&png_2x2()))
        } ]);
        doc
    }

    fn model_of(doc: &Value) -> Model {
        Document::parse(&text(doc))
            .unwrap()
            .model(&HashMap::new())
            .unwrap()
    }

    fn model_fails(doc: &Value, needle: &str) {
        match Document::parse(&text(doc)).unwrap().model(&HashMap::new()) {
            Err(e) => assert!(e.0.contains(needle), "`{e}` does not mention `{needle}`"),
            Ok(_) => panic!("read; expected an error about `{needle}`"),
        }
    }

    #[test]
    fn nodes_place_their_meshes() {
        let model = model_of(&scene());
        assert_eq!(model.parts.len(), 2);
        let close = |a: [f32; 3], b: [f32; 3]| (0..3).all(|k| (a[k] - b[k]).abs() < 1e-5);
        // The quad's corners (x 0..1, z 0..-1) moved by 1 in x, scaled 2, turned so that +X
        // goes to -Z and -Z to -X, lifted 2.
        let placed = &model.parts[0].mesh.positions;
        for (got, want) in placed.iter().zip([
            [0.0, 2.0, -2.0],
            [0.0, 2.0, -4.0],
            [-2.0, 2.0, -4.0],
            [-2.0, 2.0, -2.0],
        ]) {
            assert!(close(*got, want), "{placed:?}");
        }
        assert!(close(model.parts[0].mesh.normals[0], [0.0, 1.0, 0.0]));
        // The mirrored one: x negated, triangles turned round to face up still.
        let mirrored = &model.parts[1].mesh;
        assert_eq!(mirrored.positions[1], [-1.0, 0.0, 0.0]);
        assert_eq!(mirrored.indices, [0, 2, 1, 0, 3, 2]);
        assert_eq!(mirrored.normals[0], [0.0, 1.0, 0.0]);
        let (lo, hi) = model.bounds().unwrap();
        assert!(
            close(lo, [-2.0, 0.0, -4.0]) && close(hi, [0.0, 2.0, 0.0]),
            "{lo:?} {hi:?}"
        );
        assert_eq!(model.triangles(), 4);

        // Without scenes, the nodes no other holds are the roots; with no node, every mesh.
        let mut doc = scene();
        doc.as_object_mut().unwrap().remove("scenes");
        assert_eq!(model_of(&doc).parts, model.parts);
        doc.as_object_mut().unwrap().remove("nodes");
        assert_eq!(model_of(&doc).parts[0].mesh.positions, QUAD);
        // Another scene: only node 2.
        let mut doc = scene();
        doc["scenes"] = json!([ { "nodes": [0, 2] }, { "nodes": [2] } ]);
        doc["scene"] = json!(1);
        assert_eq!(model_of(&doc).parts.len(), 1);
    }

    #[test]
    fn surfaces_textures_and_vertex_colours() {
        let model = model_of(&scene());
        assert!(model.warnings.is_empty(), "{:?}", model.warnings);
        let Look::Surface(surface) = &model.parts[0].look else {
            panic!("{:?}", model.parts[0].look);
        };
        assert_eq!(surface.name, "Brass");
        assert_eq!(surface.base_color, [0.8, 0.6, 0.2, 1.0]);
        assert_eq!((surface.metallic, surface.roughness), (0.9, 0.3));
        assert_eq!(surface.texture, Some(0));
        assert_eq!(model.textures.len(), 1, "one texture, shared");
        let t = &model.textures[0];
        assert_eq!(
            (t.format, t.pixels.width, t.pixels.height),
            (ImageFormat::Png, 2, 2)
        );
        assert_eq!(t.wrap, [Wrap::Clamp, Wrap::Repeat]);
        assert!(t.nearest);
        assert_eq!(t.pixels.at(1, 0), [0, 255, 0, 255]);
        assert_eq!(t.pixels.sample([0.75, 0.75]), [255, 255, 255, 128]);

        // Vertex colours: u8 VEC3 (alpha 1) after the quad's data.
        let mut doc = scene();
        let mut bin = quad_bin();
        bin.extend([255, 0, 0, 0, 255, 0, 0, 0, 255, 51, 102, 255]);
        doc["buffers"] = json!([ { "byteLength": bin.len(), "uri": data_uri(&bin) } ]);
        doc["bufferViews"]
            .as_array_mut()
            .unwrap()
            .push(json!({ "buffer": 0, "byteOffset": 118, "byteLength": 12 }));
        doc["accessors"].as_array_mut().unwrap().push(json!({
            "bufferView": 2, "componentType": 5121, "normalized": true, "count": 4,
            "type": "VEC3"
        }));
        doc["meshes"][0]["primitives"][0]["attributes"]["COLOR_0"] = json!(4);
        let colours = model_of(&doc).parts[0].colors.clone().unwrap();
        assert_eq!(colours[0], [1.0, 0.0, 0.0, 1.0]);
        assert_eq!(colours[3], [0.2, 0.4, 1.0, 1.0]);
        doc["accessors"][4]["normalized"] = json!(false);
        model_fails(&doc, "COLOR_0 must be");
        doc["accessors"][4]["normalized"] = json!(true);
        doc["accessors"][4]["count"] = json!(3);
        model_fails(&doc, "COLOR_0 (accessor 4) has 3 elements");

        // A material named `wood`: the theme's finish; none at all: the wood too.
        let mut doc = scene();
        doc["materials"][0]["name"] = json!("Wood.002");
        assert_eq!(model_of(&doc).parts[0].look, Look::Finish(Slot::Wood));
        assert!(model_of(&doc).textures.is_empty());
        doc["meshes"][0]["primitives"][0]
            .as_object_mut()
            .unwrap()
            .remove("material");
        assert_eq!(model_of(&doc).parts[0].look, Look::Finish(Slot::Wood));
    }

    /// A picture that cannot be had is a warning, and the part keeps its base colour.
    #[test]
    fn a_texture_that_cannot_be_read_is_a_warning() {
        for (image, needle) in [
            (
                json!({ "uri": "grain.png" }),
                "`grain.png`, which could not be read",
            ),
            (
                json!({ "uri": format!("data:image/png;base64,{}", b64(b"GIF89a")) }),
                "neither PNG nor JPEG",
            ),
            (
                json!({ "uri": format!("data:image/png;base64,{}", b64(&png_2x2()[..40])) }),
                "a PNG that cannot be decoded",
            ),
            (
                json!({ "mimeType": "image/png" }),
                "neither a `uri` nor a `bufferView`",
            ),
        ] {
            let mut doc = scene();
            doc["images"] = json!([image]);
            doc["materials"][0]["normalTexture"] = json!({ "index": 0 });
            let model = model_of(&doc);
            let Look::Surface(surface) = &model.parts[0].look else {
                panic!();
            };
            assert_eq!(surface.texture, None);
            assert_eq!(model.warnings.len(), 2, "{:?}", model.warnings);
            assert!(
                model.warnings[0].contains("normal map"),
                "{:?}",
                model.warnings
            );
            assert!(model.warnings[1].contains(needle), "{:?}", model.warnings);
        }
        // The picture beside the file, given by the caller.
        let mut doc = scene();
        doc["images"] = json!([ { "uri": "grain%20one.png" } ]);
        let document = Document::parse(&text(&doc)).unwrap();
        assert_eq!(document.external_images(), ["grain one.png"]);
        let files = HashMap::from([("grain one.png".to_string(), png_2x2())]);
        let model = document.model(&files).unwrap();
        assert_eq!(model.textures.len(), 1);
        assert!(model.warnings.is_empty());
    }

    #[test]
    fn skins_animations_morph_targets_and_bad_trees_are_refused() {
        let edit = |f: &dyn Fn(&mut Value)| {
            let mut doc = scene();
            f(&mut doc);
            doc
        };
        model_fails(
            &edit(&|d| d["nodes"][1]["skin"] = json!(0)),
            "node 1 (`hand`) is skinned",
        );
        model_fails(&edit(&|d| d["animations"] = json!([{}])), "1 animation;");
        model_fails(
            &edit(&|d| d["meshes"][0]["primitives"][0]["targets"] = json!([{}])),
            "morph targets",
        );
        model_fails(
            &edit(&|d| d["nodes"][1]["weights"] = json!([0.5])),
            "morph targets",
        );
        model_fails(
            &edit(&|d| d["nodes"][1]["children"] = json!([0])),
            "reached twice",
        );
        model_fails(
            &edit(&|d| d["scenes"][0]["nodes"] = json!([0, 1])),
            "reached twice",
        );
        model_fails(
            &edit(&|d| d["scenes"][0]["nodes"] = json!([7])),
            "node 7 does not exist",
        );
        model_fails(&edit(&|d| d["scene"] = json!(3)), "scene 3 does not exist");
        model_fails(
            &edit(&|d| d["nodes"][1]["mesh"] = json!(4)),
            "mesh 4 does not exist",
        );
        model_fails(
            &edit(&|d| d["scenes"][0]["nodes"] = json!([])),
            "holds no mesh",
        );
        model_fails(
            &edit(&|d| d["nodes"][0]["rotation"] = json!([0.0, 0.0, 0.0, 0.0])),
            "not a unit quaternion",
        );
        model_fails(
            &edit(&|d| d["nodes"][0]["scale"] = json!([1.0, "x", 1.0])),
            "not a list of 3 finite numbers",
        );
        model_fails(
            &edit(&|d| d["nodes"][2]["matrix"][3] = json!(0.5)),
            "last row",
        );
        model_fails(
            &edit(&|d| d["nodes"][0]["scale"] = json!([3e38, 3e38, 3e38])),
            "past the largest number",
        );
        model_fails(
            &edit(&|d| d["materials"][0]["alphaMode"] = json!("CUTOUT")),
            "alphaMode `CUTOUT`",
        );
        model_fails(
            &edit(&|d| d["textures"][0]["source"] = json!(5)),
            "image 5 does not exist",
        );
    }

    /// Thousands of random edits of a `.glb` and a `.gltf`: any byte, or a digit of the JSON
    /// (which keeps it valid JSON and moves an index, an offset or a count). Some still read,
    /// the rest are errors; none panics.
    #[test]
    fn random_edits_never_panic() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let glb = small_glb();
        let gltf = text(&scene());
        let (mut ok, mut err) = (0, 0);
        for round in 0..4000 {
            let mut bytes = if round % 2 == 0 {
                glb.clone()
            } else {
                gltf.clone()
            };
            let json_end = if round % 2 == 0 {
                bin_header(&glb)
            } else {
                bytes.len()
            };
            let digits: Vec<usize> = (0..json_end)
                .filter(|&i| bytes[i].is_ascii_digit())
                .collect();
            for _ in 0..1 + next() % 3 {
                let r = next();
                match r % 4 {
                    0 => {
                        let at = (r >> 8) as usize % bytes.len();
                        bytes[at] = (r >> 40) as u8;
                    }
                    1 => {
                        let at = (r >> 8) as usize % json_end;
                        let swaps = b"0123456789{}[],:\"-.eE ";
                        bytes[at] = swaps[(r >> 40) as usize % swaps.len()];
                    }
                    _ => {
                        let at = digits[(r >> 8) as usize % digits.len()];
                        bytes[at] = b'0' + ((r >> 40) % 10) as u8;
                    }
                }
            }
            match read(&bytes) {
                Ok(_) => ok += 1,
                Err(_) => err += 1,
            }
        }
        assert!(ok > 100 && err > 100, "{ok} read, {err} refused");
    }
}
