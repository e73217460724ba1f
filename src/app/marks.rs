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
    /// A mark of `kind` in `color` (one of [`colours`]), in the palette in force: with
    /// colour-safe marks on, green and red become [`colours::SAFE_GREEN`] and
    /// [`colours::SAFE_RED`].
    pub fn new(kind: MarkKind, color: Color) -> MarkMaterial {
        MarkMaterial {
            color: in_palette(color.to_linear(), safe_marks()),
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
    /// The colour-safe palette's green and red (a sky blue and a reddish purple, after
    /// Okabe and Ito): told apart from each other and from the other marks' colours by people
    /// who see red and green alike (deuteranopia, protanopia).
    pub const SAFE_GREEN: Color = Color::srgb(0.35, 0.75, 1.0);
    pub const SAFE_RED: Color = Color::srgb(0.80, 0.25, 0.45);
}

static SAFE_MARKS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether marks take the colour-safe palette (`Settings::colour_safe_marks`).
pub fn safe_marks() -> bool {
    SAFE_MARKS.load(std::sync::atomic::Ordering::Relaxed)
}

/// `c` in the palette asked for: green and red swapped for their colour-safe pair (or back),
/// its alpha kept; any other colour as it is.
pub fn in_palette(c: LinearRgba, safe: bool) -> LinearRgba {
    let same = |a: LinearRgba, b: Color| {
        let b = b.to_linear();
        (a.red - b.red).abs() < 1e-4
            && (a.green - b.green).abs() < 1e-4
            && (a.blue - b.blue).abs() < 1e-4
    };
    let pairs = [
        (colours::GREEN, colours::SAFE_GREEN),
        (colours::RED, colours::SAFE_RED),
    ];
    for (plain, safe_one) in pairs {
        let (from_a, from_b, to) = if safe {
            (plain, safe_one, safe_one)
        } else {
            (safe_one, plain, plain)
        };
        if same(c, from_a) || same(c, from_b) {
            return to.to_linear().with_alpha(c.alpha);
        }
    }
    c
}

/// Puts the settings' palette in force: the marks made from now on, and every mark already
/// made, recoloured in place.
fn apply_palette(
    settings: Res<crate::app::save::ActiveSettings>,
    mut materials: ResMut<Assets<MarkMaterial>>,
) {
    let safe = settings.0.colour_safe_marks;
    if safe == safe_marks() {
        return;
    }
    SAFE_MARKS.store(safe, std::sync::atomic::Ordering::Relaxed);
    for (_, m) in materials.iter_mut() {
        m.color = in_palette(m.color, safe);
    }
}

/// The flat quad every board mark is drawn on: one board unit square, lying on the board.
#[derive(Resource, Clone)]
pub struct MarkQuad(pub Handle<Mesh>);

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(MaterialPlugin::<MarkMaterial>::default())
        .add_systems(Startup, setup)
        .add_systems(
            PreUpdate,
            apply_palette.run_if(resource_exists_and_changed::<crate::app::save::ActiveSettings>),
        )
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

/// How people with red–green colour blindness see a colour: the simulation the colour-safe
/// palette is checked with, here in its unit test and in the rendered scenes
/// (`--marks-check`, `app::dev::marks_check`).
pub mod vision {
    use bevy::prelude::*;

    /// Machado, Oliveira and Fernandes (2009), severity 1, applied to linear RGB.
    pub const DEUTERANOPIA: [[f32; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];
    pub const PROTANOPIA: [[f32; 3]; 3] = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];

    pub fn seen(m: &[[f32; 3]; 3], c: LinearRgba) -> LinearRgba {
        let v = [c.red, c.green, c.blue];
        let row = |r: [f32; 3]| (r[0] * v[0] + r[1] * v[1] + r[2] * v[2]).clamp(0.0, 1.0);
        LinearRgba::rgb(row(m[0]), row(m[1]), row(m[2]))
    }

    /// CIE76 distance in L*a*b* (D65).
    pub fn delta_e(a: LinearRgba, b: LinearRgba) -> f32 {
        let lab = |c: LinearRgba| {
            let l: Laba = Color::LinearRgba(c).into();
            Vec3::new(l.lightness * 100.0, l.a * 100.0, l.b * 100.0)
        };
        lab(a).distance(lab(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::vision::{DEUTERANOPIA, PROTANOPIA, delta_e, seen};

    /// Each kind of mark and the colours the code draws it in, read from the source
    /// (`MarkMaterial::new(MarkKind::Ring, colours::GREEN)`).
    fn uses() -> Vec<(String, String)> {
        let mut out = std::collections::BTreeSet::new();
        let mut stack = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app")];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    let text: String = text.split_whitespace().collect();
                    for piece in text.split("MarkMaterial::new(MarkKind::").skip(1) {
                        let Some((kind, rest)) = piece.split_once(',') else {
                            continue;
                        };
                        let Some(colour) = rest.strip_prefix("colours::") else {
                            continue;
                        };
                        let colour: String = colour
                            .chars()
                            .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                            .collect();
                        out.insert((kind.to_string(), colour));
                    }
                }
            }
        }
        out.into_iter().collect()
    }

    fn colour(name: &str) -> Color {
        match name {
            "GREEN" => colours::GREEN,
            "RED" => colours::RED,
            "WHITE" => colours::WHITE,
            "GLOW" => colours::GLOW,
            "BRASS" => colours::BRASS,
            "GHOST" => colours::GHOST,
            "HATCH" => colours::HATCH,
            other => panic!("a mark colour the test does not know: {other}"),
        }
    }

    /// With colour-safe marks, two marks of one shape whose colours tell them apart (at least
    /// 20 apart, CIE76) stay at least 20 apart as people with deuteranopia or protanopia see
    /// them; marks of different
    /// shapes are told apart by their shape. The plain palette's green and red rings are
    /// what the setting is for: there a green ring and a brass one come closer than that.
    #[test]
    fn colour_safe_marks_stay_apart_for_red_green_colour_blindness() {
        let uses = uses();
        assert!(uses.len() >= 10, "{uses:?}");
        let mut pairs = 0;
        let mut plain_worst = f32::MAX;
        for (i, (kind, a)) in uses.iter().enumerate() {
            for (other_kind, b) in &uses[i + 1..] {
                if kind != other_kind || a == b {
                    continue;
                }
                // Marks alike in colour for everyone (the ghost's white and the ring's white)
                // are told apart by their dashes, not by colour.
                let safe = |c: &str| in_palette(colour(c).to_linear(), true);
                if delta_e(safe(a), safe(b)) < 20.0 {
                    continue;
                }
                pairs += 1;
                for (name, m) in [("deuteranopia", &DEUTERANOPIA), ("protanopia", &PROTANOPIA)] {
                    let safe = |c: &str| in_palette(colour(c).to_linear(), true);
                    let d = delta_e(seen(m, safe(a)), seen(m, safe(b)));
                    assert!(d >= 20.0, "{kind} {a} and {b} under {name}: {d:.1}");
                    let plain = |c: &str| colour(c).to_linear();
                    plain_worst = plain_worst.min(delta_e(seen(m, plain(a)), seen(m, plain(b))));
                }
            }
        }
        assert!(pairs >= 5, "{uses:?}");
        assert!(
            plain_worst < 20.0,
            "the plain palette already passes: {plain_worst}"
        );
    }

    #[test]
    fn the_palette_swaps_green_and_red_and_back_keeping_alpha() {
        let g = colours::GREEN.to_linear().with_alpha(0.5);
        let safe = in_palette(g, true);
        assert_eq!(safe, colours::SAFE_GREEN.to_linear().with_alpha(0.5));
        assert_eq!(in_palette(safe, true), safe);
        assert_eq!(in_palette(safe, false), g);
        let white = colours::WHITE.to_linear();
        assert_eq!(in_palette(white, true), white);
        assert_eq!(
            in_palette(colours::RED.to_linear(), true),
            colours::SAFE_RED.to_linear()
        );
    }
}
