// Marks on the boards of Carved Tables: dots, rings (solid, dashed, with tick marks), the glow of
// a square just reached, the hatched impassable square, the keyboard's focus ring, and the dashed
// ghost of a piece that just left a square. Unlit and alpha-blended, drawn over the wood.
//
// Flat marks are drawn on a unit quad lying on the board (uv 0..1 across the square); the ghost
// is drawn on the piece's own mesh and uses the world position instead.
// `mark.params`: x = kind (see below), y = tick marks around a ring (0 for none),
//                z = dashes around a ring (or bands up a ghost), w = a phase offset (the animation itself runs on the clock).
// Kinds: 0 dot, 1 ring, 2 dashed ring, 3 glow, 4 hatched, 5 ghost, 6 focus ring, 7 burst.
// A burst (Explosive Ram's blast, Cancel's sweep) is drawn at the progress w (0 to 1) that the
// game writes each frame; z = 0 bursts outward (flash, shock ring, sparks), z = 1 closes inward.
// Works under WebGL2: no storage buffers, no integer bit tricks, 16-byte aligned uniform.

#import bevy_pbr::forward_io::VertexOutput
#import bevy_pbr::mesh_view_bindings::{view, globals}

struct Mark {
    color: vec4<f32>,
    params: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0)
var<uniform> mark: Mark;

const TAU: f32 = 6.2831853;

// A soft-edged band between radii a and b (antialiased by the screen-space derivative).
fn band(r: f32, a: f32, b: f32) -> f32 {
    let w = max(fwidth(r), 0.002) * 1.2;
    return smoothstep(a - w, a + w, r) * (1.0 - smoothstep(b - w, b + w, r));
}

fn ring(uv: vec2<f32>, dashes: f32, ticks: f32) -> f32 {
    // The ring sits just outside a piece's foot (a piece is 0.8 of a square across).
    let r = length(uv);
    var a = band(r, 0.83, 0.93);
    let turn = fract(atan2(uv.y, uv.x) / TAU + 1.0);
    if (dashes > 0.0) {
        let d = fract(turn * dashes + globals.time * 0.1 + mark.params.w);
        a = a * smoothstep(0.02, 0.08, d) * (1.0 - smoothstep(0.52, 0.58, d));
    }
    if (ticks > 0.0) {
        // Radial strokes across and beyond the ring, one per point of weight, evenly spread.
        let t = fract(turn * ticks + 0.25 * ticks);
        let half = 0.022 * ticks;
        let stroke = 1.0 - smoothstep(half * 0.6, half, abs(t - 0.5));
        a = max(a, band(r, 0.76, 1.0) * stroke);
    }
    return a;
}

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let kind = mark.params.x;
    var alpha = 0.0;
    var colour = mark.color.rgb;
#ifdef VERTEX_UVS_A
    let uv = in.uv * 2.0 - vec2<f32>(1.0, 1.0);
#else
    let uv = vec2<f32>(0.0, 0.0);
#endif
    if (kind < 0.5) {
        // A dot, breathing a little.
        let pulse = 0.3 + 0.025 * sin(globals.time * 3.0 + mark.params.w);
        alpha = band(length(uv), -1.0, pulse);
    } else if (kind < 1.5) {
        alpha = ring(uv, 0.0, mark.params.y);
    } else if (kind < 2.5) {
        alpha = ring(uv, max(mark.params.z, 1.0), mark.params.y);
    } else if (kind < 3.5) {
        // The glow of a square just reached: bright at the edges, soft inside.
        let edge = max(abs(uv.x), abs(uv.y));
        let rim = smoothstep(0.6, 0.98, edge) * (1.0 - smoothstep(0.98, 1.0, edge));
        let pulse = 0.75 + 0.25 * sin(globals.time * 2.2);
        alpha = (rim * 1.0 + 0.35 * (1.0 - edge)) * pulse;
    } else if (kind < 4.5) {
        // The impassable square: diagonal hatching inside a border.
        let edge = max(abs(uv.x), abs(uv.y));
        let stripes = fract((uv.x + uv.y) * 3.5);
        let hatch = smoothstep(0.35, 0.42, stripes) * (1.0 - smoothstep(0.62, 0.69, stripes));
        let border = smoothstep(0.84, 0.88, edge);
        alpha = max(hatch * 0.85, border) * (1.0 - smoothstep(0.97, 1.0, edge));
    } else if (kind < 5.5) {
        // The ghost: the piece's own shape, see-through, cut into bands that creep upward, with
        // a brighter rim where the surface turns away from the eye.
        let p = in.world_position.xyz;
        let bands = fract(p.y * max(mark.params.z, 1.0) * 6.0 - globals.time * 0.35 + mark.params.w + (p.x + p.z) * 0.8);
        let dash = smoothstep(0.0, 0.08, bands) * (1.0 - smoothstep(0.5, 0.58, bands));
        let eye = normalize(view.world_position.xyz - p);
        let rim = 1.0 - abs(dot(normalize(in.world_normal), eye));
        alpha = dash * (0.5 + 0.5 * rim);
    } else if (kind > 6.5) {
        let t = clamp(mark.params.w, 0.0, 1.0);
        let r = length(uv);
        let turn = fract(atan2(uv.y, uv.x) / TAU + 1.0);
        if (mark.params.z < 0.5) {
            // Outward: a white-hot flash at the centre, a shock ring running out, and sparks.
            let fade = (1.0 - t) * (1.0 - t);
            let flash = (1.0 - smoothstep(0.0, 0.45 + 0.3 * t, r)) * (1.0 - smoothstep(0.0, 0.45, t));
            let front = 0.12 + 0.85 * sqrt(t);
            let shock = band(r, front - 0.05 - 0.1 * (1.0 - t), front) * fade * 1.4;
            let rays = fract(turn * 17.0 + 0.37 * floor(turn * 17.0));
            let spark = smoothstep(0.42, 0.5, rays) * (1.0 - smoothstep(0.5, 0.58, rays))
                * band(r, front * 0.55, front * 0.95) * fade;
            alpha = max(max(flash, shock), spark);
            colour = mix(colour, vec3<f32>(1.0, 0.97, 0.85), flash);
        } else {
            // Inward: a ring closing over the board from its edge, with a soft wake behind it.
            let front = 1.0 - 0.92 * t;
            let edge = band(r, front - 0.025, front + 0.025);
            let wake = smoothstep(front, front + 0.25, r) * (1.0 - smoothstep(front + 0.25, 1.0, r)) * 0.25;
            alpha = max(edge, wake) * sin(3.14159 * t);
        }
    } else {
        // The keyboard's focus: a square frame with rounded corners.
        let q = abs(uv) - vec2<f32>(0.7, 0.7);
        let d = length(max(q, vec2<f32>(0.0, 0.0))) + min(max(q.x, q.y), 0.0);
        alpha = band(d, 0.12, 0.22);
    }
    return vec4<f32>(colour, clamp(alpha * mark.color.a, 0.0, 1.0));
}
