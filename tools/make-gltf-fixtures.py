#!/usr/bin/env python3
"""Writes the glTF fixtures of tests/gltf_fixtures.rs with exporters no one here wrote:
trimesh and pygltflib (with numpy and Pillow), installed with pip:

    pip install trimesh pygltflib numpy pillow
    python3 tools/make-gltf-fixtures.py            # into tests/fixtures/gltf/
    python3 tools/make-gltf-fixtures.py --out DIR

Each fixture holds what an artist's file holds and the game's own carvings never do: nodes
rotated and scaled, by a matrix or by translation/rotation/scale, nested nodes, several meshes
and materials, vertex colours, a PNG texture embedded and one beside a .gltf, a JPEG texture.
The numbers below (extents, turns, scales, colours) are the ones the test checks against, so
change them together. The files are small (a few kilobytes each) and committed.
tools/blender-gltf-fixture.py adds one exported by Blender itself.
"""

import argparse
import io
import math
import os

import numpy as np
import pygltflib
import trimesh
from PIL import Image

FLOAT, UBYTE, UINT = 5126, 5121, 5125


def matrix(translate=(0, 0, 0), turn_y_deg=0.0, scale=(1, 1, 1)):
    """translate . rotate about +Y . scale, as a 4x4 for trimesh."""
    t = trimesh.transformations.translation_matrix(translate)
    r = trimesh.transformations.rotation_matrix(math.radians(turn_y_deg), [0, 1, 0])
    s = np.diag([scale[0], scale[1], scale[2], 1.0])
    return t @ r @ s


def export(scene, path):
    data = scene.export(file_type="glb")
    with open(path, "wb") as f:
        f.write(data)


def rotated_scaled(out):
    """A box 1 x 0.5 x 0.25 (x, y, z) placed by one node's matrix: scaled 2 in x, turned a
    quarter about +Y, lifted 0.25. Bounds: (-0.125, 0, -1) to (0.125, 0.5, 1)."""
    box = trimesh.creation.box(extents=[1.0, 0.5, 0.25])
    scene = trimesh.Scene()
    scene.add_geometry(
        box, node_name="plank", geom_name="plank",
        transform=matrix((0, 0.25, 0), 90.0, (2, 1, 1)),
    )
    export(scene, os.path.join(out, "rotated_scaled.glb"))


def vertex_colours(out):
    """A box 0.6 on a side, standing on y = 0, with a colour per vertex: red where x > 0,
    blue where x < 0 (no material: the colours on a plain surface)."""
    box = trimesh.creation.box(extents=[0.6, 0.6, 0.6])
    box.apply_translation([0, 0.3, 0])
    colours = np.where(box.vertices[:, :1] > 0, [255, 0, 0, 255], [0, 0, 255, 255])
    box.visual = trimesh.visual.ColorVisuals(box, vertex_colors=colours.astype(np.uint8))
    scene = trimesh.Scene()
    scene.add_geometry(box, node_name="painted", geom_name="painted")
    export(scene, os.path.join(out, "vertex_colours.glb"))


QUADRANTS = {(0, 0): (220, 30, 30), (1, 0): (30, 200, 60), (0, 1): (40, 60, 220),
             (1, 1): (240, 220, 40)}


def four_colours(size=2):
    """A picture in four quarters: red top left, green top right, blue bottom left, yellow."""
    img = Image.new("RGB", (size, size))
    for (qx, qy), c in QUADRANTS.items():
        for x in range(size // 2):
            for y in range(size // 2):
                img.putpixel((qx * size // 2 + x, qy * size // 2 + y), c)
    return img


def textured(out):
    """A tile 1 x 0.1 x 1 on y = 0 with a material `Painted` (metallic 0, roughness 0.7)
    whose PNG texture has four coloured quarters. Each vertex's UV is 0.25 + 0.5 (x + 0.5),
    0.25 + 0.5 (z + 0.5) in trimesh's convention, where v runs up the picture (the file says
    1 - v): the vertex at +x, -z samples the bottom right quarter (yellow), the one at -x, +z
    the top left (red)."""
    tile = trimesh.creation.box(extents=[1.0, 0.1, 1.0])
    tile.apply_translation([0, 0.05, 0])
    uv = np.stack([0.25 + 0.5 * (tile.vertices[:, 0] + 0.5),
                   0.25 + 0.5 * (tile.vertices[:, 2] + 0.5)], axis=1)
    material = trimesh.visual.material.PBRMaterial(
        name="Painted", baseColorTexture=four_colours(), metallicFactor=0.0,
        roughnessFactor=0.7)
    tile.visual = trimesh.visual.TextureVisuals(uv=uv, material=material)
    scene = trimesh.Scene()
    scene.add_geometry(tile, node_name="tile", geom_name="tile")
    export(scene, os.path.join(out, "textured.glb"))


def several_parts(out):
    """Three meshes, three nodes: a body box in `wood` (0.8 wide, 0.5 tall on y = 0), a band in
    `Inlay.001` (as Blender names a copied material) around it, and a brass knob on top
    (`Brass`: base colour (0.9, 0.7, 0.3), metallic 1, roughness 0.3) at y = 0.5 to 0.7."""
    scene = trimesh.Scene()
    body = trimesh.creation.box(extents=[0.8, 0.5, 0.8])
    band = trimesh.creation.box(extents=[0.84, 0.08, 0.84])
    knob = trimesh.creation.box(extents=[0.2, 0.2, 0.2])
    for mesh, name, colour, metal, rough in [
        (body, "wood", [0.78, 0.62, 0.42, 1.0], 0.0, 0.6),
        (band, "Inlay.001", [0.16, 0.11, 0.08, 1.0], 0.0, 0.5),
        (knob, "Brass", [0.9, 0.7, 0.3, 1.0], 1.0, 0.3),
    ]:
        mesh.visual = trimesh.visual.TextureVisuals(
            material=trimesh.visual.material.PBRMaterial(
                name=name, baseColorFactor=colour, metallicFactor=metal,
                roughnessFactor=rough))
    scene.add_geometry(body, node_name="body", geom_name="body",
                       transform=matrix((0, 0.25, 0)))
    scene.add_geometry(band, node_name="band", geom_name="band",
                       transform=matrix((0, 0.3, 0), 45.0))
    scene.add_geometry(knob, node_name="knob", geom_name="knob",
                       transform=matrix((0, 0.6, 0)))
    export(scene, os.path.join(out, "several_parts.glb"))


class Builder:
    """A glTF written with pygltflib: meshes, accessors and one buffer."""

    def __init__(self):
        self.gltf = pygltflib.GLTF2(asset=pygltflib.Asset(generator="tools/make-gltf-fixtures.py"))
        self.blob = bytearray()

    def view(self, data, target=None):
        while len(self.blob) % 4:
            self.blob.append(0)
        self.gltf.bufferViews.append(pygltflib.BufferView(
            buffer=0, byteOffset=len(self.blob), byteLength=len(data), target=target))
        self.blob.extend(data)
        return len(self.gltf.bufferViews) - 1

    def accessor(self, array, component, kind, normalized=None):
        view = self.view(array.tobytes(), 34962 if kind != "SCALAR" else 34963)
        acc = pygltflib.Accessor(bufferView=view, componentType=component,
                                 count=len(array), type=kind, normalized=normalized)
        if kind == "VEC3" and component == FLOAT:
            acc.min = array.min(axis=0).tolist()
            acc.max = array.max(axis=0).tolist()
        self.gltf.accessors.append(acc)
        return len(self.gltf.accessors) - 1

    def cube(self, material, half=0.5):
        """A cube of side 2*half on the origin, a face's four vertices each (sharp edges),
        with normals and UVs that cover each face once."""
        positions, normals, uvs, indices = [], [], [], []
        for axis in range(3):
            for sign in (1.0, -1.0):
                n = [0.0, 0.0, 0.0]
                n[axis] = sign
                u_axis, v_axis = [(1, 2), (2, 0), (0, 1)][axis]
                base = len(positions)
                for du, dv in [(-1, -1), (1, -1), (1, 1), (-1, 1)]:
                    p = [0.0, 0.0, 0.0]
                    p[axis] = sign * half
                    p[u_axis] = du * half
                    p[v_axis] = dv * half * sign
                    positions.append(p)
                    normals.append(n)
                    uvs.append([(du + 1) / 2, (dv + 1) / 2])
                indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        prim = pygltflib.Primitive(
            attributes=pygltflib.Attributes(
                POSITION=self.accessor(np.array(positions, np.float32), FLOAT, "VEC3"),
                NORMAL=self.accessor(np.array(normals, np.float32), FLOAT, "VEC3"),
                TEXCOORD_0=self.accessor(np.array(uvs, np.float32), FLOAT, "VEC2")),
            indices=self.accessor(np.array(indices, np.uint32), UINT, "SCALAR"),
            material=material)
        self.gltf.meshes.append(pygltflib.Mesh(primitives=[prim]))
        return len(self.gltf.meshes) - 1

    def textured_material(self, name, image):
        self.gltf.images.append(image)
        self.gltf.textures.append(pygltflib.Texture(source=len(self.gltf.images) - 1))
        self.gltf.materials.append(pygltflib.Material(
            name=name,
            pbrMetallicRoughness=pygltflib.PbrMetallicRoughness(
                baseColorTexture=pygltflib.TextureInfo(index=len(self.gltf.textures) - 1),
                metallicFactor=0.0, roughnessFactor=0.8)))
        return len(self.gltf.materials) - 1


def nested(out):
    """nested.gltf, with nested.bin and nested_grain.png beside it: node `base` (lifted 0.1,
    turned 45 degrees about +Y, scaled 0.5) holds node `arm` (moved 1 in x, scaled 2 in y)
    which holds a cube of side 1 in material `Painted`, textured by the PNG file. Bounds:
    (0, -0.4, -0.7071) to (0.7071, 0.6, 0)."""
    b = Builder()
    img_path = "nested_grain.png"
    four_colours(8).save(os.path.join(out, img_path))
    material = b.textured_material("Painted", pygltflib.Image(uri=img_path))
    mesh = b.cube(material)
    half = math.radians(45.0) / 2
    b.gltf.nodes = [
        pygltflib.Node(name="base", translation=[0, 0.1, 0],
                       rotation=[0, math.sin(half), 0, math.cos(half)],
                       scale=[0.5, 0.5, 0.5], children=[1]),
        pygltflib.Node(name="arm", translation=[1, 0, 0], scale=[1, 2, 1], mesh=mesh),
    ]
    b.gltf.scenes = [pygltflib.Scene(nodes=[0])]
    b.gltf.scene = 0
    with open(os.path.join(out, "nested.bin"), "wb") as f:
        f.write(bytes(b.blob))
    b.gltf.buffers = [pygltflib.Buffer(byteLength=len(b.blob), uri="nested.bin")]
    b.gltf.save_json(os.path.join(out, "nested.gltf"))


def jpeg_textured(out):
    """jpeg_textured.glb: a cube of side 0.5 standing on y = 0 (node moved up 0.25), in a
    material `Painted` whose texture is a 16 x 16 JPEG held in the file: the left half red
    (230, 20, 20), the right half blue (20, 20, 230)."""
    b = Builder()
    img = Image.new("RGB", (16, 16), (230, 20, 20))
    for x in range(8, 16):
        for y in range(16):
            img.putpixel((x, y), (20, 20, 230))
    jpeg = io.BytesIO()
    img.save(jpeg, format="JPEG", quality=95)
    view = b.view(jpeg.getvalue())
    material = b.textured_material(
        "Painted", pygltflib.Image(bufferView=view, mimeType="image/jpeg"))
    mesh = b.cube(material, half=0.25)
    b.gltf.nodes = [pygltflib.Node(name="cube", translation=[0, 0.25, 0], mesh=mesh)]
    b.gltf.scenes = [pygltflib.Scene(nodes=[0])]
    b.gltf.scene = 0
    b.gltf.buffers = [pygltflib.Buffer(byteLength=len(b.blob))]
    b.gltf.set_binary_blob(bytes(b.blob))
    b.gltf.save_binary(os.path.join(out, "jpeg_textured.glb"))


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(root, "tests", "fixtures", "gltf"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for make in (rotated_scaled, vertex_colours, textured, several_parts, nested,
                 jpeg_textured):
        make(args.out)
    for name in sorted(os.listdir(args.out)):
        print(f"{name}: {os.path.getsize(os.path.join(args.out, name))} bytes")


if __name__ == "__main__":
    main()
