//! The wood material: Bevy's `StandardMaterial` extended with procedural grain from
//! `shaders://wood.wgsl`, so an artist can change the grain without touching code. Light ash and
//! dark walnut are two presets; each piece gets its own seed so no two look alike.

use super::loading::LoadingQueue;
use bevy::pbr::{ExtendedMaterial, MaterialExtension};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

pub const WOOD_SHADER: &str = "shaders://wood.wgsl";

#[derive(Asset, AsBindGroup, Reflect, Debug, Clone)]
pub struct WoodGrain {
    /// The late-wood colour of the rings (linear RGB).
    #[uniform(100)]
    pub dark: LinearRgba,
    /// x rings per unit, y figure scale, z seed, w ring strength.
    #[uniform(100)]
    pub params: Vec4,
}

impl MaterialExtension for WoodGrain {
    fn fragment_shader() -> ShaderRef {
        WOOD_SHADER.into()
    }

    fn deferred_fragment_shader() -> ShaderRef {
        WOOD_SHADER.into()
    }
}

pub type WoodMaterial = ExtendedMaterial<StandardMaterial, WoodGrain>;

/// The grained material of the two wood finishes (`Material::Ash`, `Material::Walnut`), the
/// grain shifted by `seed`.
fn grained(material: crate::theme::Material, seed: f32) -> WoodMaterial {
    let (light, dark, rings, roughness) = match material {
        crate::theme::Material::Walnut => (
            Color::srgb(0.36, 0.22, 0.13),
            Color::srgb(0.17, 0.10, 0.06),
            7.0,
            0.5,
        ),
        _ => (
            Color::srgb(0.86, 0.74, 0.55),
            Color::srgb(0.62, 0.47, 0.30),
            9.0,
            0.55,
        ),
    };
    ExtendedMaterial {
        base: StandardMaterial {
            base_color: light,
            perceptual_roughness: roughness,
            reflectance: 0.35,
            ..default()
        },
        extension: WoodGrain {
            dark: dark.to_linear(),
            params: Vec4::new(rings, 1.0, seed, 0.85),
        },
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(MaterialPlugin::<WoodMaterial>::default())
        .add_systems(Startup, queue_shader);
}

fn queue_shader(server: Res<AssetServer>, mut queue: ResMut<LoadingQueue>) {
    let shader: Handle<Shader> = server.load(WOOD_SHADER);
    queue.track(WOOD_SHADER, shader);
}

/// The game's material for a theme finish: the woods get grain, the others are plain with the
/// same shader (ring strength 0), so every model uses one material type.
pub fn finish_material(finish: &crate::theme::Finish, seed: f32) -> WoodMaterial {
    use crate::theme::Material as M;
    let mut m = match finish.material {
        M::Ash | M::Walnut => grained(finish.material, seed),
        other => {
            let (colour, roughness, metallic) = match other {
                M::Ink => (Color::srgb(0.08, 0.05, 0.035), 0.6, 0.0),
                M::Bone => (Color::srgb(0.93, 0.88, 0.76), 0.45, 0.0),
                M::Felt => (Color::srgb(0.12, 0.24, 0.16), 0.95, 0.0),
                M::Stone => (Color::srgb(0.55, 0.55, 0.53), 0.8, 0.0),
                M::Brass => (Color::srgb(0.78, 0.6, 0.28), 0.35, 0.9),
                M::Ash | M::Walnut => (Color::WHITE, 0.5, 0.0),
            };
            ExtendedMaterial {
                base: StandardMaterial {
                    base_color: colour,
                    perceptual_roughness: roughness,
                    metallic,
                    ..default()
                },
                extension: WoodGrain {
                    dark: colour.to_linear(),
                    params: Vec4::new(1.0, 1.0, seed, 0.0),
                },
            }
        }
    };
    if let Some([r, g, b]) = finish.tint {
        let c = m.base.base_color.to_linear();
        m.base.base_color = Color::linear_rgba(c.red * r, c.green * g, c.blue * b, c.alpha);
        let d = m.extension.dark;
        m.extension.dark = LinearRgba::new(d.red * r, d.green * g, d.blue * b, d.alpha);
    }
    if let Some(roughness) = finish.roughness {
        m.base.perceptual_roughness = roughness.clamp(0.0, 1.0);
    }
    m
}
