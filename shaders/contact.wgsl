// Contact shading for Carved Tables: the soft dark patch on the surface under a carved piece
// (see src/app/anim/contact.rs). Drawn on a flat disc (radius 1, uv 0..1 across it) lying on
// the surface, alpha-blended over the wood: dark in the middle, easing to nothing at the rim.
// Kept as cheap as a shader can be (no texture, no lighting), since every piece has one and the
// browser may draw it on the CPU.
// `contact.color`: rgb the shade's colour (linear), a its strength (how dark the middle is).
// `contact.shape`: x where the fall-off starts (0..1 of the radius), y its curve (higher: a
// tighter shadow).
// Works under WebGL2: no storage buffers, 16-byte aligned uniform.

#import bevy_pbr::forward_io::VertexOutput

struct Contact {
    color: vec4<f32>,
    shape: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0)
var<uniform> contact: Contact;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let r = length(in.uv * 2.0 - vec2<f32>(1.0));
    let inner = contact.shape.x;
    let x = clamp((r - inner) / max(1.0 - inner, 1e-3), 0.0, 1.0);
    let s = x * x * (3.0 - 2.0 * x);
    let a = pow(1.0 - s, contact.shape.y) * contact.color.a;
    return vec4<f32>(contact.color.rgb, a);
}
