//! The room the wood reflects: a dim warm room with the lamp over the table and a cool window
//! to one side, made in code at start-up as Bevy's two environment cubemaps (the diffuse light
//! and the specular light, one mip level per roughness). Nothing is downloaded or shipped: the
//! same numbers give the same maps on every machine, and the theme's `look.room` tunes them.
//! Prefiltered on the CPU, so no compute shader is needed (WebGL2 has none).

use crate::theme::Room;
use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::math::Vec3;
use bevy::render::render_resource::{
    Extent3d, TextureDataOrder, TextureDimension, TextureFormat, TextureViewDescriptor,
    TextureViewDimension,
};

/// The specular map's face size; each mip halves it, down to 1.
const SPECULAR_SIZE: u32 = 64;
/// The diffuse map's face size.
const DIFFUSE_SIZE: u32 = 8;
/// The lamp's opening seen from the table, in radians (its angular radius).
const LAMP_RADIUS: f32 = 0.14;
/// The window's angular radius.
const WINDOW_RADIUS: f32 = 0.45;

/// Where the lamp hangs, seen from the table's centre (shared with the lamp light).
pub fn lamp_direction() -> Vec3 {
    Vec3::new(-0.4, 1.0, -0.3).normalize()
}

/// Where the window is, seen from the table's centre (shared with the fill light).
pub fn window_direction() -> Vec3 {
    Vec3::new(0.75, 0.35, -0.55).normalize()
}

/// The light arriving from `dir`, blurred as a surface of `roughness` sees it (linear RGB, in
/// units of the environment's strength). The lamp and window keep their energy as they blur.
pub fn radiance(room: &Room, dir: Vec3, roughness: f32) -> Vec3 {
    let walls = srgb(room.walls);
    let floor = srgb(room.floor);
    let y = dir.y;
    // Dark floor, lamp-lit walls at eye height, a dim ceiling.
    let band = (1.0 - (y - 0.1).abs() * 2.2).clamp(0.0, 1.0);
    let base = if y < 0.0 {
        floor.lerp(walls * 0.5, (1.0 + y * 4.0).clamp(0.0, 1.0))
    } else {
        walls * (0.25 + 0.75 * band)
    };
    let lamp = srgb(room.lamp) * lobe(dir, lamp_direction(), LAMP_RADIUS, roughness) * 60.0;
    let window = Vec3::new(0.65, 0.75, 1.0)
        * lobe(dir, window_direction(), WINDOW_RADIUS, roughness)
        * 3.0
        * (room.fill_lux / 1200.0).max(0.0);
    base + lamp + window
}

/// A soft disc of light of angular radius `radius` around `centre`, widened by `roughness`
/// with its energy kept (peak 1 when sharp).
fn lobe(dir: Vec3, centre: Vec3, radius: f32, roughness: f32) -> f32 {
    let spread = radius * radius + (roughness * 0.9).powi(2);
    let angle = dir.dot(centre).clamp(-1.0, 1.0).acos();
    (radius * radius / spread) * (-(angle * angle) / spread).exp()
}

fn srgb(c: [f32; 3]) -> Vec3 {
    let lin = |v: f32| {
        let v = v.clamp(0.0, 1.0);
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    Vec3::new(lin(c[0]), lin(c[1]), lin(c[2]))
}

/// `v` as a half float (clamped to 0..=65000; what the maps hold is never negative).
fn f16_bits(v: f32) -> u16 {
    let v = v.clamp(0.0, 65000.0);
    if v < 6.104e-5 {
        // Subnormal: steps of 2^-24.
        return (v * 16_777_216.0).round() as u16;
    }
    let bits = v.to_bits();
    let exponent = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let mantissa = (bits >> 13) & 0x3ff;
    ((exponent as u32) << 10 | mantissa) as u16
}

/// The direction through texel (`x`, `y`) of cube face `face` (+X, -X, +Y, -Y, +Z, -Z).
fn texel_direction(face: usize, x: u32, y: u32, size: u32) -> Vec3 {
    let u = (x as f32 + 0.5) / size as f32 * 2.0 - 1.0;
    let v = (y as f32 + 0.5) / size as f32 * 2.0 - 1.0;
    let d = match face {
        0 => Vec3::new(1.0, -v, -u),
        1 => Vec3::new(-1.0, -v, u),
        2 => Vec3::new(u, 1.0, v),
        3 => Vec3::new(u, -1.0, -v),
        4 => Vec3::new(u, -v, 1.0),
        _ => Vec3::new(-u, -v, -1.0),
    };
    d.normalize()
}

/// A cube texture of `size` with `mips` levels, each texel from `f(direction, level)`.
fn cubemap(size: u32, mips: u32, f: impl Fn(Vec3, u32) -> Vec3) -> Image {
    let mut data = Vec::new();
    // Layer-major: every mip of the first face, then the next face.
    for face in 0..6 {
        for level in 0..mips {
            let s = (size >> level).max(1);
            for y in 0..s {
                for x in 0..s {
                    let c = f(texel_direction(face, x, y, s), level);
                    for v in [c.x, c.y, c.z, 1.0] {
                        data.extend_from_slice(&f16_bits(v).to_le_bytes());
                    }
                }
            }
        }
    }
    // `Image::new` checks the data against one mip level; the mips come after it.
    let mut image = Image::new_uninit(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 6,
        },
        TextureDimension::D2,
        TextureFormat::Rgba16Float,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = mips;
    image.data_order = TextureDataOrder::LayerMajor;
    image.texture_view_descriptor = Some(TextureViewDescriptor {
        dimension: Some(TextureViewDimension::Cube),
        ..Default::default()
    });
    image
}

/// The specular map: mip `i` of `n` is the room seen by a surface of roughness `i / (n - 1)`,
/// as Bevy reads it.
pub fn specular_map(room: &Room) -> Image {
    let mips = SPECULAR_SIZE.ilog2() + 1;
    cubemap(SPECULAR_SIZE, mips, |dir, level| {
        radiance(room, dir, level as f32 / (mips - 1) as f32)
    })
}

/// The diffuse map: the cosine-weighted light from the whole room around each direction
/// (divided by π, as Bevy multiplies it by the diffuse colour).
pub fn diffuse_map(room: &Room) -> Image {
    let samples = sphere_samples(room);
    cubemap(DIFFUSE_SIZE, 1, |n, _| irradiance(&samples, n))
}

/// The room's light on a surface facing up (the board), as the diffuse map holds it (linear,
/// before the environment's strength): what the light look gives as ambient light instead.
pub fn irradiance_up(room: &Room) -> Vec3 {
    irradiance(&sphere_samples(room), Vec3::Y)
}

/// Even directions over the sphere (a Fibonacci spiral) and the room's light from each,
/// blurred so no lobe falls between them.
fn sphere_samples(room: &Room) -> Vec<(Vec3, Vec3)> {
    const SAMPLES: usize = 384;
    let golden = std::f32::consts::PI * (3.0 - 5.0_f32.sqrt());
    (0..SAMPLES)
        .map(|i| {
            let y = 1.0 - (i as f32 + 0.5) / SAMPLES as f32 * 2.0;
            let r = (1.0 - y * y).max(0.0).sqrt();
            let a = golden * i as f32;
            let d = Vec3::new(a.cos() * r, y, a.sin() * r);
            (d, radiance(room, d, 0.35))
        })
        .collect()
}

/// The light on a surface facing `n`, from `samples` over the whole sphere.
fn irradiance(samples: &[(Vec3, Vec3)], n: Vec3) -> Vec3 {
    let weight = 4.0 / samples.len().max(1) as f32; // (4π / samples) / π
    samples
        .iter()
        .map(|(d, l)| *l * n.dot(*d).max(0.0))
        .sum::<Vec3>()
        * weight
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_maps_are_whole_cubes_with_their_mips() {
        let room = Room::default();
        let spec = specular_map(&room);
        assert_eq!(spec.texture_descriptor.mip_level_count, 7);
        let texels: u32 = (0..7).map(|l| (64u32 >> l).pow(2)).sum();
        assert_eq!(
            spec.data.as_ref().map(Vec::len),
            Some(6 * texels as usize * 8)
        );
        let diffuse = diffuse_map(&room);
        assert_eq!(diffuse.data.as_ref().map(Vec::len), Some(6 * 64 * 8));
    }

    #[test]
    fn the_lamp_is_the_brightest_thing_and_blurs_with_roughness() {
        let room = Room::default();
        let at_lamp = radiance(&room, lamp_direction(), 0.0);
        let beside = radiance(&room, Vec3::new(1.0, 0.2, 0.0).normalize(), 0.0);
        assert!(at_lamp.x > 20.0 * beside.x);
        let rough = radiance(&room, lamp_direction(), 1.0);
        assert!(rough.x < at_lamp.x && rough.x > beside.x);
    }

    #[test]
    fn half_floats() {
        assert_eq!(f16_bits(0.0), 0);
        assert_eq!(f16_bits(1.0), 0x3c00);
        assert_eq!(f16_bits(0.5), 0x3800);
        assert_eq!(f16_bits(2.0), 0x4000);
        assert_eq!(f16_bits(-3.0), 0);
        assert_eq!(f16_bits(1e9), f16_bits(65000.0));
    }

    #[test]
    fn texel_directions_point_out_of_their_faces() {
        for (face, axis) in [Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Y, Vec3::Z, -Vec3::Z]
            .into_iter()
            .enumerate()
        {
            assert!(texel_direction(face, 3, 4, 8).dot(axis) > 0.5);
        }
    }
}
