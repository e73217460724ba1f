//! Writes carved parts as one binary glTF 2.0 file (`.glb`): a JSON chunk and a BIN chunk,
//! written by hand so the same parts always give the same bytes.
//!
//! Layout: one node, one mesh, one primitive per part in part order; each primitive's material
//! is named after its slot (`wood` or `inlay`), so a loader can give each slot the theme's finish.

use super::{Part, Slot};
use serde_json::{Value, json};

// The format's numbers, shared with the reader.
use super::gltf::{CHUNK_BIN, CHUNK_JSON, FLOAT, GLB_MAGIC, UNSIGNED_INT, UNSIGNED_SHORT};

const ARRAY_BUFFER: u32 = 34962;
const ELEMENT_ARRAY_BUFFER: u32 = 34963;

/// The default look of a slot in a viewer that knows nothing of the theme: light wood, dark ink.
fn material(slot: Slot) -> Value {
    let (name, color, rough) = match slot {
        Slot::Wood => ("wood", [0.78, 0.62, 0.42, 1.0], 0.62),
        Slot::Inlay => ("inlay", [0.16, 0.11, 0.08, 1.0], 0.5),
    };
    json!({
        "name": name,
        "pbrMetallicRoughness": {
            "baseColorFactor": color,
            "metallicFactor": 0.0,
            "roughnessFactor": rough
        }
    })
}

fn pad4(buf: &mut Vec<u8>, with: u8) {
    while !buf.len().is_multiple_of(4) {
        buf.push(with);
    }
}

/// Rounds to 1/10000 of a board unit before writing: well below anything visible, and it keeps
/// the file identical whatever the last bit of a sine was on the machine that carved it.
pub(super) fn quantise(x: f32) -> f32 {
    (x * 10000.0).round() / 10000.0
}

/// The `.glb` bytes of a model made of `parts`, named `name` in the file.
pub fn write(name: &str, parts: &[Part]) -> Vec<u8> {
    let mut bin: Vec<u8> = Vec::new();
    let mut views: Vec<Value> = Vec::new();
    let mut accessors: Vec<Value> = Vec::new();
    let mut primitives: Vec<Value> = Vec::new();
    let mut materials: Vec<Value> = Vec::new();
    let mut slots: Vec<Slot> = Vec::new();

    let mut view = |bin: &mut Vec<u8>, bytes: &[u8], target: u32| -> usize {
        pad4(bin, 0);
        let offset = bin.len();
        bin.extend_from_slice(bytes);
        views.push(json!({
            "buffer": 0,
            "byteOffset": offset,
            "byteLength": bytes.len(),
            "target": target
        }));
        views.len() - 1
    };

    for part in parts {
        let m = &part.mesh;
        let material = match slots.iter().position(|s| *s == part.slot) {
            Some(i) => i,
            None => {
                slots.push(part.slot);
                materials.push(material(part.slot));
                slots.len() - 1
            }
        };
        let count = m.positions.len();
        let mut attributes = serde_json::Map::new();
        for (attr, data, dims) in [
            ("POSITION", flatten3(&m.positions), 3usize),
            ("NORMAL", flatten3(&m.normals), 3),
            ("TEXCOORD_0", m.uvs.iter().flat_map(|u| *u).collect(), 2),
        ] {
            let data: Vec<f32> = data.into_iter().map(quantise).collect();
            let bytes: Vec<u8> = data.iter().flat_map(|x| x.to_le_bytes()).collect();
            let v = view(&mut bin, &bytes, ARRAY_BUFFER);
            let mut acc = json!({
                "bufferView": v,
                "componentType": FLOAT,
                "count": count,
                "type": if dims == 3 { "VEC3" } else { "VEC2" }
            });
            if attr == "POSITION" {
                let mut lo = [f32::INFINITY; 3];
                let mut hi = [f32::NEG_INFINITY; 3];
                for p in data.chunks(3) {
                    for k in 0..3 {
                        lo[k] = lo[k].min(p[k]);
                        hi[k] = hi[k].max(p[k]);
                    }
                }
                acc["min"] = json!(lo);
                acc["max"] = json!(hi);
            }
            accessors.push(acc);
            attributes.insert(attr.into(), json!(accessors.len() - 1));
        }
        // Small meshes take 16-bit indices: half the index bytes for every model we carve.
        let (bytes, ctype): (Vec<u8>, usize) = if count <= u16::MAX as usize {
            let b = m
                .indices
                .iter()
                .flat_map(|&i| (i as u16).to_le_bytes())
                .collect();
            (b, UNSIGNED_SHORT)
        } else {
            (
                m.indices.iter().flat_map(|i| i.to_le_bytes()).collect(),
                UNSIGNED_INT,
            )
        };
        let v = view(&mut bin, &bytes, ELEMENT_ARRAY_BUFFER);
        accessors.push(json!({
            "bufferView": v,
            "componentType": ctype,
            "count": m.indices.len(),
            "type": "SCALAR"
        }));
        primitives.push(json!({
            "attributes": attributes,
            "indices": accessors.len() - 1,
            "material": material,
            "mode": 4
        }));
    }
    pad4(&mut bin, 0);

    let doc = json!({
        "asset": { "version": "2.0", "generator": "carved_tables carve" },
        "scene": 0,
        "scenes": [ { "nodes": [0] } ],
        "nodes": [ { "mesh": 0, "name": name } ],
        "meshes": [ { "name": name, "primitives": primitives } ],
        "materials": materials,
        "accessors": accessors,
        "bufferViews": views,
        "buffers": [ { "byteLength": bin.len() } ]
    });
    let mut json_bytes = doc.to_string().into_bytes();
    pad4(&mut json_bytes, b' ');

    let total = 12 + 8 + json_bytes.len() + 8 + bin.len();
    let mut out = Vec::with_capacity(total);
    out.extend(GLB_MAGIC);
    out.extend(2u32.to_le_bytes());
    out.extend((total as u32).to_le_bytes());
    out.extend((json_bytes.len() as u32).to_le_bytes());
    out.extend(CHUNK_JSON.to_le_bytes());
    out.extend(json_bytes);
    out.extend((bin.len() as u32).to_le_bytes());
    out.extend(CHUNK_BIN.to_le_bytes());
    out.extend(bin);
    out
}

fn flatten3(v: &[[f32; 3]]) -> Vec<f32> {
    v.iter().flat_map(|p| *p).collect()
}
