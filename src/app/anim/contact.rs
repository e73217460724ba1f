//! Contact shading: a soft dark patch on the surface under every carved piece, where the lamp's
//! shadow map is too coarse to darken the wood a piece stands on. A piece that lifts leaves its
//! patch on the surface, and the patch spreads and fades with the height, so a lifted or hopping
//! piece reads as off the board. Cheap on every renderer (one small alpha-blended quad per
//! piece, drawn by a shader with no texture and no lighting, and the patches at rest sharing one
//! material so they are drawn together; no screen-space pass), so it works the same under
//! WebGL2.

use bevy::camera::primitives::Aabb;
use bevy::light::{NotShadowCaster, NotShadowReceiver};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

/// Where a placed model's patch lies, in its parent's space.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum Contact {
    /// On the surface the model was placed on: its height when placed (pieces stand on their
    /// origin).
    #[default]
    Rest,
    /// At this height (a die thrown from above lands on the table top).
    Floor(f32),
    /// No patch (a marker resting on a piece).
    None,
}

/// On a placed model: it gets a contact patch once its meshes' bounds are known.
#[derive(Component, Debug, Clone, Copy)]
pub struct CastsContact {
    /// The surface's height in the model's parent's space.
    pub floor: f32,
}

/// The patch under a model (a child of it, held level on the surface whatever the model does).
#[derive(Component, Debug, Clone)]
pub struct ContactPatch {
    floor: f32,
    /// The model's footprint radius, once its meshes' bounds are known.
    radius: Option<f32>,
    /// The strength level of the material it wears.
    shown: usize,
}

/// How dark the patch is at its middle, for a piece standing on the surface.
pub const STRENGTH: f32 = 0.78;
/// The patch reaches this far beyond the footprint's radius (its soft edge).
pub const REACH: f32 = 1.35;
/// How fast the patch spreads with height: its size grows by this share per unit of lift.
pub const SPREAD: f32 = 2.6;

/// The patch's size and strength for a model lifted `lift` above its surface (0 or more).
pub fn spread(lift: f32) -> (f32, f32) {
    let grow = 1.0 + SPREAD * lift.max(0.0);
    (grow, STRENGTH / (grow * grow))
}

/// The footprint of a model: the widest reach of its meshes' bounds across the surface (x, z),
/// from its origin.
pub fn footprint(bounds: impl IntoIterator<Item = Aabb>) -> Option<f32> {
    bounds
        .into_iter()
        .map(|b| {
            let c = Vec3::from(b.center);
            let h = Vec3::from(b.half_extents);
            (c.x.abs() + h.x).max(c.z.abs() + h.z)
        })
        .filter(|r| r.is_finite() && *r > 0.0)
        .reduce(f32::max)
}

/// The shader that draws every patch (`shaders/contact.wgsl`), so an artist can soften or
/// sharpen contact shading without touching code.
pub const CONTACT_SHADER: &str = "shaders://contact.wgsl";

/// The patch's colour: a warm near-black, as wood shadowed by wood.
const SHADE: Color = Color::srgb(0.05, 0.03, 0.02);
/// Where the fall-off starts (share of the radius) and its curve: see [`falloff`].
const INNER: f32 = 0.5;
const CURVE: f32 = 1.4;
/// How many strengths the patches' materials come in (none to [`STRENGTH`]): patches at the
/// same strength (every piece standing on its surface) share one material, so they are drawn
/// together.
const LEVELS: usize = 49;

/// The material of the patches at one strength (`shaders/contact.wgsl`).
#[derive(Asset, AsBindGroup, Reflect, Debug, Clone)]
pub struct PatchMaterial {
    /// Linear colour; alpha is the strength at the middle.
    #[uniform(0)]
    pub color: LinearRgba,
    /// x where the fall-off starts (0..1 of the radius), y its curve.
    #[uniform(0)]
    pub shape: Vec4,
}

impl Material for PatchMaterial {
    fn fragment_shader() -> ShaderRef {
        CONTACT_SHADER.into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        AlphaMode::Blend
    }

    fn depth_bias(&self) -> f32 {
        8.0
    }
}

/// The flat disc every patch is drawn on, and the materials by strength level.
#[derive(Resource, Clone)]
struct PatchArt {
    mesh: Handle<Mesh>,
    levels: Vec<Handle<PatchMaterial>>,
}

/// Which of `n` levels a strength falls on (0: none; the last: [`STRENGTH`]).
pub fn level(strength: f32, n: usize) -> usize {
    let top = n.saturating_sub(1);
    ((strength / STRENGTH).clamp(0.0, 1.0) * top as f32).round() as usize
}

/// The disc's opacity at `r` (0 at the middle, 1 at the edge): dark under the piece, easing to
/// nothing at the rim. The same curve as `shaders/contact.wgsl` with its shipped numbers.
pub fn falloff(r: f32) -> f32 {
    let x = ((r - INNER) / (1.0 - INNER)).clamp(0.0, 1.0);
    let s = x * x * (3.0 - 2.0 * x);
    (1.0 - s).powf(CURVE)
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(MaterialPlugin::<PatchMaterial>::default())
        .add_systems(Startup, setup)
        .add_systems(
            PostUpdate,
            (add_patches, size_patches, hold_patches)
                .chain()
                .after(super::run_paths)
                .after(super::run_vanish)
                .before(TransformSystems::Propagate),
        );
}

fn setup(
    mut commands: Commands,
    server: Res<AssetServer>,
    mut queue: ResMut<crate::app::loading::LoadingQueue>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<PatchMaterial>>,
) {
    let shader: Handle<Shader> = server.load(CONTACT_SHADER);
    queue.track(CONTACT_SHADER, shader);
    let levels = (0..LEVELS)
        .map(|i| {
            let strength = STRENGTH * i as f32 / (LEVELS - 1) as f32;
            materials.add(PatchMaterial {
                color: SHADE.to_linear().with_alpha(strength),
                shape: Vec4::new(INNER, CURVE, 0.0, 0.0),
            })
        })
        .collect();
    commands.insert_resource(PatchArt {
        // A 24-sided disc lying flat (radius 1, uv 0..1 across it, as the shader reads it):
        // a fifth fewer pixels than the square around it, where the patch is clear anyway.
        mesh: meshes.add(
            Circle::new(1.0)
                .mesh()
                .resolution(24)
                .build()
                .rotated_by(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
        ),
        levels,
    });
}

fn add_patches(
    mut commands: Commands,
    placed: Query<(Entity, &CastsContact), Added<CastsContact>>,
    art: Option<Res<PatchArt>>,
) {
    let Some(art) = art else {
        return;
    };
    let standing = level(STRENGTH, art.levels.len());
    for (e, c) in &placed {
        commands.entity(e).with_child((
            ContactPatch {
                floor: c.floor,
                radius: None,
                shown: standing,
            },
            Mesh3d(art.mesh.clone()),
            MeshMaterial3d(art.levels[standing].clone()),
            // Hidden until the model's footprint is known.
            Transform::from_scale(Vec3::ZERO),
            NotShadowCaster,
            NotShadowReceiver,
            Pickable::IGNORE,
        ));
    }
}

/// Measures each new patch's model from its meshes' bounds (known a frame after they appear).
fn size_patches(
    mut patches: Query<(&mut ContactPatch, &ChildOf)>,
    children: Query<&Children>,
    bounds: Query<(&Aabb, &Transform), Without<ContactPatch>>,
) {
    for (mut patch, child_of) in &mut patches {
        if patch.radius.is_some() {
            continue;
        }
        let Ok(parts) = children.get(child_of.parent()) else {
            continue;
        };
        patch.radius = footprint(parts.iter().filter_map(|p| {
            let (b, t) = bounds.get(p).ok()?;
            Some(Aabb {
                center: (t.transform_point(Vec3::from(b.center))).into(),
                half_extents: (Vec3::from(b.half_extents) * t.scale.abs()).into(),
            })
        }));
    }
}

/// The patch's pose in its model's own space (as the model's child) and its strength, for a
/// model at `model` (in its parent's space) over a surface at height `floor`: lying level on the
/// surface under the model whatever the model's turn or tumble, spread and faded by its lift,
/// shrinking with the model. `None` while the model has shrunk to nothing.
pub fn patch_pose(model: &Transform, floor: f32, radius: f32) -> Option<(Transform, f32)> {
    // A vanishing model takes its patch with it.
    let fade = model.scale.x.abs().min(1.0);
    if fade < 1e-3 || !model.is_finite() {
        return None;
    }
    let (grow, strength) = spread(model.translation.y - floor);
    let wanted = Transform::from_translation(Vec3::new(
        model.translation.x,
        floor.min(model.translation.y) + 0.003,
        model.translation.z,
    ))
    .with_scale(Vec3::splat(radius * REACH * grow * fade));
    let local = model.compute_affine().inverse() * wanted.compute_affine();
    Some((Transform::from_matrix(Mat4::from(local)), strength * fade))
}

/// Keeps each patch level on its surface under its model, sized and shaded by the model's lift.
fn hold_patches(
    mut patches: Query<(
        &mut ContactPatch,
        &ChildOf,
        &mut Transform,
        &mut MeshMaterial3d<PatchMaterial>,
    )>,
    models: Query<&Transform, Without<ContactPatch>>,
    art: Option<Res<PatchArt>>,
) {
    let Some(art) = art else {
        return;
    };
    for (mut patch, child_of, mut transform, mut material) in &mut patches {
        let (Some(radius), Ok(model)) = (patch.radius, models.get(child_of.parent())) else {
            continue;
        };
        let Some((local, strength)) = patch_pose(model, patch.floor, radius) else {
            transform.scale = Vec3::ZERO;
            continue;
        };
        *transform = local;
        let wanted = level(strength, art.levels.len());
        if wanted != patch.shown {
            material.0 = art.levels[wanted].clone();
            patch.shown = wanted;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_patch_is_dark_in_the_middle_and_gone_at_the_rim() {
        assert!((falloff(0.0) - 1.0).abs() < 1e-6);
        assert!(falloff(0.6) > 0.2 && falloff(0.6) < 0.9);
        assert!(falloff(1.0) < 1e-6);
        let mut last = 2.0;
        for i in 0..=20 {
            let f = falloff(i as f32 / 20.0);
            assert!(f <= last, "falls off monotonically");
            last = f;
        }
    }

    #[test]
    fn patches_at_rest_share_the_strongest_level_and_lifted_ones_fade_through_the_levels() {
        let n = LEVELS;
        assert_eq!(level(STRENGTH, n), n - 1);
        assert_eq!(level(0.0, n), 0);
        assert_eq!(level(STRENGTH * 2.0, n), n - 1);
        assert_eq!(level(-1.0, n), 0);
        let mut last = n;
        for i in 1..=30 {
            let (_, s) = spread(i as f32 * 0.05);
            let l = level(s, n);
            assert!(l <= last, "fades as it lifts");
            last = l;
        }
        assert!(
            last < n / 4,
            "a piece well off the board has a faint patch: {last}"
        );
    }

    #[test]
    fn a_lifted_piece_spreads_its_patch_and_fades_it() {
        let (g0, s0) = spread(0.0);
        assert_eq!((g0, s0), (1.0, STRENGTH));
        let (g1, s1) = spread(0.3);
        assert!(g1 > 1.5 && s1 < s0 / 2.0, "{g1} {s1}");
        // Below its surface (a piece sinking away) it is no larger than standing.
        assert_eq!(spread(-0.2), (1.0, STRENGTH));
    }

    #[test]
    fn the_patch_lies_level_on_the_surface_under_a_tumbling_model() {
        let die = Transform::from_xyz(2.0, 0.9, -1.0)
            .with_rotation(Quat::from_euler(EulerRot::XYZ, 0.7, 1.9, -0.4))
            .with_scale(Vec3::splat(1.8));
        let (local, strength) = patch_pose(&die, 0.0, 0.2).expect("a patch");
        // Where the patch ends up in the model's parent's space.
        let world = die.mul_transform(local);
        assert!(
            (world.translation - Vec3::new(2.0, 0.003, -1.0)).length() < 1e-4,
            "{world:?}"
        );
        assert!(
            world.rotation.angle_between(Quat::IDENTITY) < 1e-3,
            "level: {world:?}"
        );
        let (grow, s) = spread(0.9);
        assert!(
            (world.scale.x - 0.2 * REACH * grow).abs() < 1e-4,
            "{world:?}"
        );
        assert!((strength - s).abs() < 1e-6);
        // Standing on the surface: full strength, the footprint's size.
        let piece = Transform::from_xyz(0.5, 0.0, 0.5).with_rotation(Quat::from_rotation_y(2.0));
        let (local, strength) = patch_pose(&piece, 0.0, 0.3).expect("a patch");
        assert!((piece.mul_transform(local).scale.x - 0.3 * REACH).abs() < 1e-4);
        assert_eq!(strength, STRENGTH);
        // Gone with its model.
        assert!(patch_pose(&piece.with_scale(Vec3::ZERO), 0.0, 0.3).is_none());
    }

    #[test]
    fn the_footprint_is_the_widest_reach_of_the_meshes() {
        let base = Aabb::from_min_max(Vec3::new(-0.3, 0.0, -0.3), Vec3::new(0.3, 0.2, 0.3));
        let head = Aabb::from_min_max(Vec3::new(-0.1, 0.2, -0.1), Vec3::new(0.4, 0.6, 0.1));
        assert!((footprint([base]).unwrap() - 0.3).abs() < 1e-6);
        assert!((footprint([base, head]).unwrap() - 0.4).abs() < 1e-6);
        assert_eq!(footprint([]), None);
    }
}
