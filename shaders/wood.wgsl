// Wood for Carved Tables: an extension of Bevy's StandardMaterial that grows a log around each
// model and cuts the model out of it.
//
// The grain lives in the model's own space (it does not slide when a piece moves): `grain.xyz` is
// the direction of the fibres there — up the axis of a turned piece, along the planks of a flat
// one. Around a pith near that axis the growth rings are cylinders, bent by a slow figure and
// spaced unevenly year by year, so a turned piece shows end grain (rings) on its top and long
// stripes on its sides, and a plank shows long straight grain with cathedral arches where the
// tilted log's rings cross its face. A plank width (`grain.w`) cuts the model into planks along
// the grain, each sawn from its own log with its own colour.
//
// The StandardMaterial's base colour is the early wood; `dark` the late wood of each ring.
// `params`: x rings per board unit, y figure (how far the rings wander, in rings), z seed (no two
//           pieces alike), w ring strength (0: a plain finish, no grain at all).
// `grain`:  xyz fibre direction in model space, w plank width (0: the model is one piece).
// `detail`: x pores (dark flecks along the fibres), y fibres (fine streaks), z colour variation
//           between pieces and planks, w sheen (anisotropic gloss along the fibres).
// `extra`:  x ring-porous (1: the pores gather in the early wood, as in ash and oak; 0: spread
//           evenly, as in walnut), y end-grain darkening, z pith offset (in board units),
//           w ring-width irregularity.
// Works under WebGL2: no storage buffers, no integer bit tricks, a 16-byte aligned uniform.

#import bevy_pbr::{
    pbr_fragment::pbr_input_from_standard_material,
    pbr_functions::alpha_discard,
    mesh_functions,
}

#ifdef PREPASS_PIPELINE
#import bevy_pbr::{
    prepass_io::{VertexOutput, FragmentOutput},
    pbr_deferred_functions::deferred_output,
}
#else
#import bevy_pbr::{
    forward_io::{VertexOutput, FragmentOutput},
    pbr_functions::{apply_pbr_lighting, main_pass_post_lighting_processing},
}
#endif

struct Wood {
    dark: vec4<f32>,
    params: vec4<f32>,
    grain: vec4<f32>,
    detail: vec4<f32>,
    extra: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(100)
var<uniform> wood: Wood;

fn hash3(p: vec3<f32>) -> f32 {
    let q = fract(p * 0.3183099 + vec3<f32>(0.1, 0.2, 0.3));
    let r = q * 17.0;
    return fract(r.x * r.y * r.z * (r.x + r.y + r.z));
}

fn noise3(p: vec3<f32>) -> f32 {
    let i = floor(p);
    let f = fract(p);
    let u = f * f * (3.0 - 2.0 * f);
    let a = mix(hash3(i + vec3(0.0, 0.0, 0.0)), hash3(i + vec3(1.0, 0.0, 0.0)), u.x);
    let b = mix(hash3(i + vec3(0.0, 1.0, 0.0)), hash3(i + vec3(1.0, 1.0, 0.0)), u.x);
    let c = mix(hash3(i + vec3(0.0, 0.0, 1.0)), hash3(i + vec3(1.0, 0.0, 1.0)), u.x);
    let d = mix(hash3(i + vec3(0.0, 1.0, 1.0)), hash3(i + vec3(1.0, 1.0, 1.0)), u.x);
    return mix(mix(a, b, u.y), mix(c, d, u.y), u.z);
}

/// Three octaves of value noise, 0..1.
fn fbm3(p: vec3<f32>) -> f32 {
    return 0.5714 * noise3(p) + 0.2857 * noise3(p * 2.03 + vec3(1.7)) + 0.1429 * noise3(p * 4.01 + vec3(3.1));
}

/// What the shader works out for one point of the wood.
struct Grain {
    /// 0 in the early wood, 1 in the darkest late wood.
    late: f32,
    /// 0..1: an open pore at this point.
    pore: f32,
    /// -1..1: the fibre streak's lightness.
    fibre: f32,
    /// The colour of this piece or plank (multiplies both woods).
    tint: vec3<f32>,
}

fn grain_at(local: vec3<f32>, axis: vec3<f32>, fw_rings: f32, fw_fibre: f32) -> Grain {
    var g: Grain;
    let seed = wood.params.z;
    let helper = select(vec3<f32>(0.0, 1.0, 0.0), vec3<f32>(1.0, 0.0, 0.0), abs(axis.y) > 0.9);
    let b1 = normalize(cross(axis, helper));
    let b2 = cross(axis, b1);
    let along = dot(local, axis);
    var across = vec2<f32>(dot(local, b1), dot(local, b2));

    // Which plank, and the log it was sawn from.
    let width = wood.grain.w;
    var cell = 0.0;
    if width > 0.0 {
        cell = floor(across.x / width);
    }
    let h1 = hash3(vec3<f32>(cell, seed * 13.1, 1.7));
    let h2 = hash3(vec3<f32>(cell, seed * 7.3, 5.1));
    let h3 = hash3(vec3<f32>(cell, seed * 3.9, 9.3));
    var pith: vec2<f32>;
    if abs(axis.y) < 0.5 {
        // Flat work, sawn from a plank: the pith lies beside it and deep below its face, the
        // log tilted a little so the rings rise through the face in long arches.
        let w = max(width, 1.0);
        pith = vec2<f32>((cell + 0.2 + 0.6 * h1) * w, 1.2 + 3.0 * h2);
        pith.y = pith.y + along * (h3 - 0.5) * 0.12;
    } else {
        // Turned: the pith near the piece's axis, leaning a little.
        pith = (vec2<f32>(h1, h2) - 0.5) * 2.0 * wood.extra.z;
        pith = pith + along * (vec2<f32>(h3, h1) - 0.5) * 0.25;
    }

    // The figure: the rings wander slowly, long along the fibres and short across them.
    let q = vec3<f32>(across * 1.3, along * 0.22) * 1.0 + vec3<f32>(seed * 5.3, seed * 2.1, cell * 3.7);
    let figure = fbm3(q);
    let r = length(across - pith);
    let rings = wood.params.x;
    var t = r * rings + (figure - 0.5) * 2.0 * wood.params.y;
    // Some years grew more than others.
    t = t + wood.extra.w * sin(t * 0.41 + h3 * 6.28) + 0.5 * wood.extra.w * sin(t * 1.37 + h1 * 6.28);
    let p = fract(t);
    // Late wood darkens through the year and stops sharply where the next spring begins; the
    // stop is softened by the pixel's footprint so distant rings do not shimmer.
    let soft = clamp(fw_rings * 1.5, 0.04, 0.5);
    var late = smoothstep(0.5, 0.93, p) * (1.0 - smoothstep(1.0 - soft, 1.0, p));
    // Rings closer than a pixel blend to their average.
    late = mix(late, 0.27, smoothstep(0.35, 0.9, fw_rings));
    g.late = late;

    // Fibres and pores: one fine noise, streaked along the grain.
    let n = noise3(vec3<f32>(across * 55.0, along * 5.0) + vec3<f32>(seed * 11.0, cell * 5.0, 0.0));
    let fade = 1.0 - smoothstep(0.5, 1.5, fw_fibre);
    g.fibre = (n - 0.5) * 2.0 * fade;
    let spring = 1.0 - smoothstep(0.15, 0.35, p);
    let band = mix(1.0, spring, wood.extra.x);
    g.pore = smoothstep(0.68, 0.86, n) * band * fade;

    // Each piece and plank its own shade, and a slow drift of colour along it.
    let v = wood.detail.z;
    let shade = (h2 - 0.5) * 2.0 * v + (figure - 0.5) * v * 0.8;
    let warm = (h1 - 0.5) * v;
    g.tint = vec3<f32>(1.0 + shade + warm * 0.5, 1.0 + shade, 1.0 + shade - warm * 0.6);
    return g;
}

@fragment
fn fragment(
    in: VertexOutput,
    @builtin(front_facing) is_front: bool,
) -> FragmentOutput {
    var pbr_input = pbr_input_from_standard_material(in, is_front);
    let world_from_local = mesh_functions::get_world_from_local(in.instance_index);
    let local = (mesh_functions::get_local_from_world(in.instance_index) * vec4<f32>(in.world_position.xyz, 1.0)).xyz;
    let axis = normalize(wood.grain.xyz + vec3<f32>(0.0, 0.0, 1e-6));
    // Derivatives in uniform control flow, before anything branches.
    let fw_local = max(length(dpdx(local)), length(dpdy(local)));
    let strength = wood.params.w;

    if strength > 0.0 {
        let g = grain_at(local, axis, fw_local * wood.params.x, fw_local * 55.0);
        let N = pbr_input.N;
        let axis_world = normalize((world_from_local * vec4<f32>(axis, 0.0)).xyz);
        // End grain (the top of a turned piece, the ends of a plank) drinks the finish: darker,
        // duller, and no sheen along fibres that point out of the surface.
        let end = smoothstep(0.55, 0.95, abs(dot(N, axis_world)));

        let early_colour = pbr_input.material.base_color.rgb * g.tint;
        let late_colour = wood.dark.rgb * g.tint;
        var colour = mix(early_colour, late_colour, g.late * strength);
        colour = colour * (1.0 + g.fibre * wood.detail.y * 0.18);
        colour = mix(colour, late_colour * 0.55, g.pore * wood.detail.x);
        colour = colour * (1.0 - end * wood.extra.y);
        pbr_input.material.base_color = vec4<f32>(max(colour, vec3<f32>(0.0)), pbr_input.material.base_color.a);
        // Late wood is denser and polishes glossier than the open early wood and the pores.
        var rough = pbr_input.material.perceptual_roughness - g.late * 0.12 * strength
            + g.pore * wood.detail.x * 0.2 + end * 0.15;
        pbr_input.material.perceptual_roughness = clamp(rough, 0.089, 1.0);
#ifdef STANDARD_MATERIAL_ANISOTROPY
        // The sheen: the highlight stretches across the fibres, as on a polished plank.
        let along = axis_world - N * dot(N, axis_world);
        let len = length(along);
        if len > 1e-3 {
            let Ba = along / len;
            pbr_input.anisotropy_B = Ba;
            pbr_input.anisotropy_T = normalize(cross(Ba, N));
            pbr_input.anisotropy_strength = wood.detail.w * (1.0 - end);
        } else {
            pbr_input.anisotropy_strength = 0.0;
        }
#endif
    }
    pbr_input.material.base_color = alpha_discard(pbr_input.material, pbr_input.material.base_color);

#ifdef PREPASS_PIPELINE
    let out = deferred_output(in, pbr_input);
#else
    var out: FragmentOutput;
    out.color = apply_pbr_lighting(pbr_input);
    out.color = main_pass_post_lighting_processing(pbr_input, out.color);
#endif
    return out;
}
