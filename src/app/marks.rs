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
        .add_systems(Startup, setup);
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
