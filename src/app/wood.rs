//! The wood material: Bevy's `StandardMaterial` extended with procedural grain from
//! `shaders://wood.wgsl`, so an artist can change the grain without touching code. Each species
//! (ash, walnut, the table's oak) is a set of numbers in `assets/theme.ron` (`look`); each model
//! says which way its grain runs ([`crate::carve::grain_of`]); each piece gets its own seed so
//! no two look alike.

use super::loading::LoadingQueue;
use crate::theme::{Look, Species};
use bevy::pbr::{ExtendedMaterial, MaterialExtension};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

pub const WOOD_SHADER: &str = "shaders://wood.wgsl";

/// The shader's uniform: five 16-byte rows, as WebGL2 wants them (see `shaders/wood.wgsl`).
#[derive(Asset, AsBindGroup, Reflect, Debug, Clone)]
pub struct WoodGrain {
    /// The late-wood colour of the rings (linear RGB).
    #[uniform(100)]
    pub dark: LinearRgba,
    /// x rings per unit, y figure, z seed, w ring strength (0: a plain finish).
    #[uniform(100)]
    pub params: Vec4,
    /// xyz the fibres' direction in the model's space, w plank width (0: one piece).
    #[uniform(100)]
    pub grain: Vec4,
    /// x pores, y fibres, z colour variation, w sheen.
    #[uniform(100)]
    pub detail: Vec4,
    /// x ring-porous, y end-grain darkening, z pith offset, w ring-width irregularity.
    #[uniform(100)]
    pub extra: Vec4,
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

/// Which way a model's wood runs: the fibres' direction in the model's own space and, for a
/// top made of planks, their width.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GrainRun {
    pub axis: Vec3,
    pub plank: f32,
}

impl GrainRun {
    /// Along X, in one piece: a board, a tile sawn from a plank, anything flat.
    pub const FLAT: GrainRun = GrainRun {
        axis: Vec3::X,
        plank: 0.0,
    };

    /// The grain of a carved model, by name.
    pub fn of_model(name: &str) -> GrainRun {
        let g = crate::carve::grain_of(name);
        GrainRun {
            axis: Vec3::from_array(g.axis),
            plank: g.plank,
        }
    }
}

/// The grained material of one species, the grain run as `run` says and shifted by `seed`.
fn grained(species: &Species, seed: f32, run: GrainRun) -> WoodMaterial {
    let [r, g, b] = species.early;
    let [lr, lg, lb] = species.late;
    ExtendedMaterial {
        base: StandardMaterial {
            base_color: Color::srgb(r, g, b),
            perceptual_roughness: species.roughness,
            reflectance: 0.4,
            // Any strength turns Bevy's anisotropic lighting on; the shader sets the real one
            // per point from the grain (and none on end grain).
            anisotropy_strength: if species.sheen > 0.0 { 0.01 } else { 0.0 },
            ..default()
        },
        extension: WoodGrain {
            dark: Color::srgb(lr, lg, lb).to_linear(),
            params: Vec4::new(species.rings, species.figure, seed, species.ring_strength),
            grain: run.axis.normalize_or(Vec3::X).extend(run.plank.max(0.0)),
            detail: Vec4::new(
                species.pores,
                species.fibres,
                species.variation,
                species.sheen,
            ),
            extra: Vec4::new(
                species.ring_porous,
                species.end_grain,
                species.pith,
                species.irregular,
            ),
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

/// The game's material for a theme finish: the woods get grain (of their species in `look`,
/// running as `run` says), the others are plain with the same shader (ring strength 0), so
/// every model uses one material type.
pub fn finish_material(
    finish: &crate::theme::Finish,
    look: &Look,
    seed: f32,
    run: GrainRun,
) -> WoodMaterial {
    use crate::theme::Material as M;
    let mut m = match finish.material {
        M::Ash => grained(&look.ash, seed, run),
        M::Walnut => grained(&look.walnut, seed, run),
        M::Oak => grained(&look.oak, seed, run),
        other => {
            let (colour, roughness, metallic) = match other {
                M::Ink => (Color::srgb(0.08, 0.05, 0.035), 0.6, 0.0),
                M::Bone => (Color::srgb(0.93, 0.88, 0.76), 0.45, 0.0),
                M::Felt => (Color::srgb(0.12, 0.24, 0.16), 0.95, 0.0),
                M::Stone => (Color::srgb(0.55, 0.55, 0.53), 0.8, 0.0),
                M::Brass => (Color::srgb(0.78, 0.6, 0.28), 0.35, 0.9),
                M::Ash | M::Walnut | M::Oak => (Color::WHITE, 0.5, 0.0),
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
                    grain: Vec4::new(1.0, 0.0, 0.0, 0.0),
                    detail: Vec4::ZERO,
                    extra: Vec4::ZERO,
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
