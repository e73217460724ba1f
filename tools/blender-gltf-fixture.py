"""Writes tests/fixtures/gltf/blender_parts.glb with Blender's own glTF exporter, and beside it
blender_parts.json: what Blender itself says the file should draw (each object's bounds in the
world, in glTF's axes, its material and triangle count), for tests/gltf_fixtures.rs to compare
with what the game's reader draws from the file.

Run headless with Debian's Blender (`apt-get install blender python3-numpy`):

    blender -b --factory-startup --python tools/blender-gltf-fixture.py -- tests/fixtures/gltf

The scene: an empty `stand` turned 30 degrees about Blender's Z (up) and scaled 0.8, holding
a `body` cube (scaled 0.5 in x) in material `Wood` and a `knob` cylinder in `Brass` (metallic
1, roughness 0.25), whose vertices are painted (red on the +x side, green elsewhere); and a
`label` plane beside it in `Painted`, a 4 x 4 PNG texture (left half red, right half green).
"""

import json
import os
import sys
import tempfile

import bpy
from mathutils import Vector

out = sys.argv[sys.argv.index("--") + 1] if "--" in sys.argv else "."
os.makedirs(out, exist_ok=True)

for obj in list(bpy.data.objects):
    bpy.data.objects.remove(obj, do_unlink=True)


def principled(name, colour, metallic, roughness):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    bsdf = mat.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = colour
    bsdf.inputs["Metallic"].default_value = metallic
    bsdf.inputs["Roughness"].default_value = roughness
    return mat


bpy.ops.object.empty_add(location=(0.0, 0.0, 0.0))
stand = bpy.context.object
stand.name = "stand"
stand.rotation_euler = (0.0, 0.0, 0.5235987755982988)
stand.scale = (0.8, 0.8, 0.8)

bpy.ops.mesh.primitive_cube_add(size=1.0, location=(0.0, 0.0, 0.5))
body = bpy.context.object
body.name = "body"
body.scale = (0.5, 1.0, 1.0)
body.data.materials.append(principled("Wood", (0.7, 0.5, 0.3, 1.0), 0.0, 0.6))
body.parent = stand

bpy.ops.mesh.primitive_cylinder_add(vertices=12, radius=0.15, depth=0.2, location=(0.0, 0.0, 1.1))
knob = bpy.context.object
knob.name = "knob"
knob.data.materials.append(principled("Brass", (0.9, 0.7, 0.3, 1.0), 1.0, 0.25))
colours = knob.data.color_attributes.new(name="Col", type="BYTE_COLOR", domain="CORNER")
for loop in knob.data.loops:
    x = knob.data.vertices[loop.vertex_index].co.x
    colours.data[loop.index].color = (1.0, 0.0, 0.0, 1.0) if x > 0.001 else (0.0, 1.0, 0.0, 1.0)
knob.parent = stand

tmp = tempfile.mkdtemp()
image = bpy.data.images.new("label", 4, 4)
pixels = []
for y in range(4):
    for x in range(4):
        pixels += [1.0, 0.0, 0.0, 1.0] if x < 2 else [0.0, 1.0, 0.0, 1.0]
image.pixels = pixels
image.filepath_raw = os.path.join(tmp, "label.png")
image.file_format = "PNG"
image.save()
image = bpy.data.images.load(os.path.join(tmp, "label.png"))

bpy.ops.mesh.primitive_plane_add(size=0.5, location=(1.0, 0.0, 0.01))
label = bpy.context.object
label.name = "label"
painted = principled("Painted", (1.0, 1.0, 1.0, 1.0), 0.0, 0.8)
nodes = painted.node_tree.nodes
tex = nodes.new("ShaderNodeTexImage")
tex.image = image
painted.node_tree.links.new(tex.outputs["Color"], nodes["Principled BSDF"].inputs["Base Color"])
label.data.materials.append(painted)

bpy.context.view_layer.update()


def gltf_axes(v):
    # Blender's Z up becomes glTF's +Y, its +Y glTF's -Z.
    return [v.x, v.z, -v.y]


expected = {"objects": {}}
for obj in (body, knob, label):
    world = [gltf_axes(obj.matrix_world @ Vector(v.co)) for v in obj.data.vertices]
    obj.data.calc_loop_triangles()
    expected["objects"][obj.name] = {
        "material": obj.data.materials[0].name,
        "min": [min(p[k] for p in world) for k in range(3)],
        "max": [max(p[k] for p in world) for k in range(3)],
        "triangles": len(obj.data.loop_triangles),
    }
expected["blender"] = bpy.app.version_string

glb = os.path.join(out, "blender_parts.glb")
bpy.ops.export_scene.gltf(
    filepath=glb, export_format="GLB", export_yup=True, export_apply=True,
    export_colors=True, export_animations=False, export_skins=False, export_morph=False,
    export_cameras=False, export_lights=False)
with open(os.path.join(out, "blender_parts.json"), "w") as f:
    json.dump(expected, f, indent=1, sort_keys=True)
    f.write("\n")
print("wrote", glb, os.path.getsize(glb), "bytes")
