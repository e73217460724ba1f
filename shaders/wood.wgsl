// Wood grain for Carved Tables: an extension of Bevy's StandardMaterial.
//
// The base colour of the StandardMaterial is the light wood (early wood); `dark` is the late
// wood of the growth rings. Rings run along the object's local X axis, computed from the world
// position so that any mesh (carved model or built-in shape) gets grain without special UVs.
// `params`: x = rings per board unit, y = scale of the wavy figure, z = a per-piece seed (so no
// two pieces look alike), w = how strongly the rings show (0..1).
// Works under WebGL2: no storage buffers, no integer bit tricks, 16-byte aligned uniform.

#import bevy_pbr::{
    pbr_fragment::pbr_input_from_standard_material,
    pbr_functions::alpha_discard,
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

fn fbm(p: vec3<f32>) -> f32 {
    var sum = 0.0;
    var amp = 0.5;
    var q = p;
    for (var i = 0; i < 4; i = i + 1) {
        sum = sum + amp * noise3(q);
        q = q * 2.03;
        amp = amp * 0.5;
    }
    return sum;
}

/// 0 on early wood, 1 on the dark late-wood lines.
fn grain(world: vec3<f32>) -> f32 {
    let seed = wood.params.z;
    let p = world + vec3<f32>(seed * 7.31, seed * 3.17, seed * 5.53);
    // The log's axis runs along X: rings are distance from that axis, bent by a slow figure.
    let figure = fbm(p * vec3<f32>(0.35, 1.6, 1.6) * wood.params.y);
    let radius = length(p.yz + vec2<f32>(2.3, 1.7)) + figure * 0.9;
    let rings = fract(radius * wood.params.x);
    let line = smoothstep(0.55, 0.95, rings) * (1.0 - smoothstep(0.95, 1.0, rings));
    // Fine pores along the grain.
    let pores = smoothstep(0.62, 0.9, noise3(p * vec3<f32>(4.0, 90.0, 90.0)));
    return clamp(line * 0.85 + pores * 0.25, 0.0, 1.0) * wood.params.w;
}

@fragment
fn fragment(
    in: VertexOutput,
    @builtin(front_facing) is_front: bool,
) -> FragmentOutput {
    var pbr_input = pbr_input_from_standard_material(in, is_front);
    let g = grain(in.world_position.xyz);
    let light = pbr_input.material.base_color.rgb;
    pbr_input.material.base_color = vec4<f32>(mix(light, wood.dark.rgb, g), pbr_input.material.base_color.a);
    // Late wood is a little glossier than the open early wood.
    pbr_input.material.perceptual_roughness = clamp(pbr_input.material.perceptual_roughness - g * 0.12, 0.089, 1.0);
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
