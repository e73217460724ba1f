//! Marks drawn on the boards, shared by every table: green dots, rings (solid, dashed, with tick
//! marks), the glow of a square just reached, the hatched impassable square, the keyboard focus
//! and the dashed ghost of a piece. One unlit, alpha-blended material type drawn by
//! `shaders://marks.wgsl`, so an artist can restyle every mark in one file.

use super::loading::LoadingQueue;
use bevy::light::NotShadowCaster;
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

pub const MARKS_SHADER: &str = "shaders://marks.wgsl";

/// What a mark looks like; the number is the shader's `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkKind {
    Dot = 0,
    Ring = 1,
    DashedRing = 2,
    Glow = 3,
    Hatched = 4,
    Ghost = 5,
    Focus = 6,
    /// A blast or a sweep across the board, animated by [`Burst`].
    Burst = 7,
}

#[derive(Asset, AsBindGroup, Reflect, Debug, Clone)]
pub struct MarkMaterial {
    /// Linear colour; alpha scales the whole mark.
    #[uniform(0)]
    pub color: LinearRgba,
    /// x kind, y tick marks, z dashes (or ghost bands), w phase offset.
    #[uniform(0)]
    pub params: Vec4,
}

impl MarkMaterial {
    pub fn new(kind: MarkKind, color: Color) -> MarkMaterial {
        MarkMaterial {
            color: color.to_linear(),
            params: Vec4::new(kind as u8 as f32, 0.0, 0.0, 0.0),
        }
    }

    pub fn ticks(mut self, n: u8) -> MarkMaterial {
        self.params.y = n as f32;
        self
    }

    pub fn dashes(mut self, n: u8) -> MarkMaterial {
        self.params.z = n as f32;
        self
    }

    pub fn phase(mut self, w: f32) -> MarkMaterial {
        self.params.w = w;
        self
    }
}

impl Material for MarkMaterial {
    fn fragment_shader() -> ShaderRef {
        MARKS_SHADER.into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        AlphaMode::Blend
    }
}

/// The game's mark colours.
pub mod colours {
    use bevy::prelude::Color;
    pub const GREEN: Color = Color::srgb(0.36, 0.92, 0.42);
    pub const RED: Color = Color::srgb(0.95, 0.22, 0.16);
    pub const WHITE: Color = Color::srgb(1.0, 0.98, 0.92);
    pub const GLOW: Color = Color::srgb(1.0, 0.62, 0.12);
    pub const BRASS: Color = Color::srgb(0.95, 0.75, 0.35);
    pub const GHOST: Color = Color::srgb(0.92, 0.9, 0.82);
    pub const HATCH: Color = Color::srgb(0.12, 0.07, 0.04);
}

/// The flat quad every board mark is drawn on: one board unit square, lying on the board.
#[derive(Resource, Clone)]
pub struct MarkQuad(pub Handle<Mesh>);

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(MaterialPlugin::<MarkMaterial>::default())
        .add_systems(Startup, setup)
        .init_resource::<FrozenBursts>()
        .add_systems(Update, run_bursts);
}

/// Holds every burst at one progress (0 to 1) and keeps it on the board: a staged scene's
/// picture of a blast, whatever the frame rate. `None` in play.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct FrozenBursts(pub Option<f32>);

/// A one-off effect on the board that runs for `seconds` and then despawns itself: a flat
/// [`MarkKind::Burst`] mark whose shader draws it at the progress written into its material
/// (outward: a flash with a shock ring and sparks; inward: a ring closing over the board), and
/// any light on the same entity fading from `peak` to nothing.
#[derive(Component, Debug, Clone)]
pub struct Burst {
    pub seconds: f32,
    pub elapsed: f32,
    /// The light's intensity at the start (when the entity has a [`PointLight`]).
    pub peak: f32,
}

impl Burst {
    pub fn new(seconds: f32) -> Burst {
        Burst {
            seconds: seconds.max(0.01),
            elapsed: 0.0,
            peak: 0.0,
        }
    }

    /// How far the effect has run, 0 to 1.
    pub fn progress(&self) -> f32 {
        (self.elapsed / self.seconds).clamp(0.0, 1.0)
    }
}

/// A burst's mark: its own material (the progress is per burst), `size` board units across.
pub fn burst_mark(
    quad: &MarkQuad,
    materials: &mut Assets<MarkMaterial>,
    colour: Color,
    inward: bool,
    at: Vec3,
    size: f32,
    seconds: f32,
) -> impl Bundle {
    let mut m = MarkMaterial::new(MarkKind::Burst, colour);
    m.params.z = if inward { 1.0 } else { 0.0 };
    (
        Burst::new(seconds),
        flat_mark(quad, materials.add(m), at + Vec3::Y * 0.01, size),
    )
}

/// A flash of light that fades with a burst.
pub fn burst_light(colour: Color, peak: f32, at: Vec3, seconds: f32) -> impl Bundle {
    (
        Burst {
            peak,
            ..Burst::new(seconds)
        },
        PointLight {
            color: colour,
            intensity: peak,
            range: 6.0,
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_translation(at),
    )
}

/// A burst's own parts: its mark's material and its light, where it has them.
type BurstParts = (
    Entity,
    &'static mut Burst,
    Option<&'static MeshMaterial3d<MarkMaterial>>,
    Option<&'static mut PointLight>,
);

fn run_bursts(
    mut commands: Commands,
    time: Res<Time>,
    mut bursts: Query<BurstParts>,
    mut materials: ResMut<Assets<MarkMaterial>>,
    frozen: Res<FrozenBursts>,
) {
    for (e, mut burst, mark, light) in &mut bursts {
        burst.elapsed += time.delta_secs();
        let t = match frozen.0 {
            Some(at) => at.clamp(0.0, 0.99),
            None => burst.progress(),
        };
        if let Some(mut m) = mark.and_then(|h| materials.get_mut(&h.0)) {
            m.params.w = t;
        }
        if let Some(mut light) = light {
            light.intensity = burst.peak * (1.0 - t) * (1.0 - t);
        }
        if t >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

fn setup(
    mut commands: Commands,
    server: Res<AssetServer>,
    mut queue: ResMut<LoadingQueue>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let shader: Handle<Shader> = server.load(MARKS_SHADER);
    queue.track(MARKS_SHADER, shader);
    commands.insert_resource(MarkQuad(
        meshes.add(Plane3d::default().mesh().size(1.0, 1.0)),
    ));
}

/// A flat mark of `size` board units at `at` (a point on the board's surface), on nothing's way:
/// it casts no shadow and lets the pointer through.
pub fn flat_mark(
    quad: &MarkQuad,
    material: Handle<MarkMaterial>,
    at: Vec3,
    size: f32,
) -> impl Bundle {
    (
        Mesh3d(quad.0.clone()),
        MeshMaterial3d(material),
        Transform::from_translation(at + Vec3::Y * 0.004).with_scale(Vec3::splat(size)),
        NotShadowCaster,
        Pickable::IGNORE,
    )
}
