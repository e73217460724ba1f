//! Tweens and timelines shared by every table: a piece sliding along its route square by square,
//! lifting, fading out when captured or paid. Durations are data, so tests step them with a
//! manual clock; every tween ends exactly on its last key, whatever the frame rate.
//!
//! With reduced motion (`motion::ReducedMotion`) a piece does not travel: every path started
//! while it is on fades the piece out where it stands and in where it goes, in the path's
//! (short) time.

use crate::app::marks::{FrozenBursts, MarkMaterial, MarkQuad, burst_mark, colours};
use crate::app::motion::ReducedMotion;
use crate::app::wood::WoodMaterial;
use bevy::prelude::*;

pub mod contact;

/// Moves an entity through `keys` (world positions) in `seconds`, easing in and out of the
/// whole path, with equal time per segment. Removed when it arrives.
#[derive(Component, Debug, Clone)]
pub struct PathTween {
    pub keys: Vec<Vec3>,
    pub seconds: f32,
    pub elapsed: f32,
    /// Height of the little hop in the middle of each segment (0 for a slide).
    pub hop: f32,
    /// Reduced motion: no travel, the piece fades out on its first key and in on its last.
    pub fade: bool,
}

impl PathTween {
    pub fn new(keys: Vec<Vec3>, seconds: f32) -> PathTween {
        PathTween {
            keys,
            seconds: seconds.max(0.0),
            elapsed: 0.0,
            hop: 0.0,
            fade: false,
        }
    }

    /// The same path as a fade (reduced motion): out on the first key, in on the last.
    pub fn fading(mut self) -> PathTween {
        self.fade = true;
        self
    }

    /// How opaque the piece is now: 1 but for a fade, which goes 1 → 0 in its first half and
    /// 0 → 1 in its second.
    pub fn opacity(&self) -> f32 {
        if !self.fade || self.seconds <= 0.0 || self.finished() {
            return 1.0;
        }
        smoothstep((2.0 * self.elapsed / self.seconds - 1.0).abs())
    }

    pub fn with_hop(mut self, hop: f32) -> PathTween {
        self.hop = hop;
        self
    }

    pub fn finished(&self) -> bool {
        self.elapsed >= self.seconds
    }

    /// The position at the current time.
    pub fn sample(&self) -> Vec3 {
        let Some(last) = self.keys.last().copied() else {
            return Vec3::ZERO;
        };
        if self.keys.len() == 1 || self.seconds <= 0.0 || self.finished() {
            return last;
        }
        if self.fade {
            return if self.elapsed * 2.0 < self.seconds {
                self.keys[0]
            } else {
                last
            };
        }
        let t = smoothstep(self.elapsed / self.seconds);
        let segments = (self.keys.len() - 1) as f32;
        let x = t * segments;
        let i = (x.floor() as usize).min(self.keys.len() - 2);
        let f = x - i as f32;
        let p = self.keys[i].lerp(self.keys[i + 1], f);
        p + Vec3::Y * (self.hop * 4.0 * f * (1.0 - f) + self.settle())
    }

    /// A hopping piece lands with a small rebound: in the last [`SETTLE_SHARE`] of its time it
    /// rises once more, a third of its hop, and comes down exactly on its last key.
    fn settle(&self) -> f32 {
        let u = (self.elapsed / self.seconds - (1.0 - SETTLE_SHARE)) / SETTLE_SHARE;
        if self.hop <= 0.0 || !(0.0..1.0).contains(&u) {
            return 0.0;
        }
        self.hop * 0.35 * (std::f32::consts::PI * u).sin() * (1.0 - u)
    }
}

/// The share of a hopping tween's time spent on its landing rebound.
const SETTLE_SHARE: f32 = 0.18;

/// How a piece leaves the board.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum Leave {
    /// Shrinks away, drifting up (a mark, a card, a die put away).
    #[default]
    Shrink,
    /// Captured: knocked up and off the board toward `away` (a direction on the board, away
    /// from the captor), tumbling, with a red burst on the square it stood on.
    Knocked { away: Vec3 },
    /// Paid: sinks into the board like a coin into a slot, while a brass ring closes over its
    /// square.
    Paid,
}

/// The least time a capture or a payment takes to leave, so it reads at any game speed.
pub const LEAVE_SECONDS: f32 = 0.55;

/// Takes an entity off the board after `delay` seconds, over `seconds`, in the manner of its
/// [`Leave`], then despawns it.
#[derive(Component, Debug, Clone)]
pub struct Vanish {
    pub seconds: f32,
    pub elapsed: f32,
    pub delay: f32,
    pub leave: Leave,
    /// The pose when it started leaving (set on its first frame after the delay).
    start: Option<Transform>,
}

impl Vanish {
    pub fn after(delay: f32, seconds: f32) -> Vanish {
        Vanish {
            seconds,
            elapsed: 0.0,
            delay,
            leave: Leave::Shrink,
            start: None,
        }
    }

    /// Knocked off the board by a capture, toward `away`.
    pub fn knocked(mut self, away: Vec3) -> Vanish {
        self.leave = Leave::Knocked { away };
        self.seconds = self.seconds.max(LEAVE_SECONDS);
        self
    }

    /// Paid away into the board.
    pub fn paid(mut self) -> Vanish {
        self.leave = Leave::Paid;
        self.seconds = self.seconds.max(LEAVE_SECONDS);
        self
    }

    /// The pose at progress `u` (0 to 1) of leaving from `start`.
    pub fn pose(&self, start: &Transform, u: f32) -> Transform {
        let u = u.clamp(0.0, 1.0);
        let mut t = *start;
        match self.leave {
            Leave::Shrink => {
                let e = smoothstep(u);
                t.scale = start.scale * (1.0 - e);
                t.translation.y += 0.6 * u * self.seconds.max(0.0) * 2.0;
            }
            Leave::Knocked { away } => {
                let dir = Vec3::new(away.x, 0.0, away.z).normalize_or(Vec3::Z);
                // Thrown up and out in an arc, tumbling over away from the captor.
                t.translation += dir * (1.5 * u) + Vec3::Y * (1.1 * 4.0 * u * (1.0 - u) + 0.4 * u);
                let axis = Vec3::Y.cross(dir).normalize_or(Vec3::X);
                t.rotation = Quat::from_axis_angle(axis, 2.6 * u) * start.rotation;
                t.scale = start.scale * (1.0 - smoothstep((u - 0.55) / 0.45));
            }
            Leave::Paid => {
                // Down through the board, narrowing a little, gone at the end.
                t.translation.y -= 0.22 * smoothstep(u);
                let narrow = 1.0 - 0.2 * u;
                let gone = 1.0 - smoothstep((u - 0.75) / 0.25);
                t.scale = start.scale * Vec3::new(narrow, 1.0, narrow) * gone;
            }
        }
        t
    }
}

/// Sent when a [`PathTween`] reaches its end.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TweenDone(pub Entity);

pub fn smoothstep(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(contact::plugin);
    app.add_message::<TweenDone>().add_systems(
        PostUpdate,
        (run_paths, run_vanish).before(TransformSystems::Propagate),
    );
}

fn run_paths(
    mut commands: Commands,
    time: Res<Time>,
    motion: Option<Res<ReducedMotion>>,
    mut done: MessageWriter<TweenDone>,
    mut q: Query<(Entity, &mut PathTween, &mut Transform)>,
    children: Query<&Children>,
    mut looks: FadeLooks,
) {
    let reduced = motion.is_some_and(|m| m.0);
    for (e, mut tween, mut transform) in &mut q {
        if reduced && tween.is_added() && !tween.fade {
            tween.fade = true;
        }
        tween.elapsed += time.delta_secs();
        transform.translation = tween.sample();
        if tween.fade {
            let opacity = tween.opacity();
            for part in children.iter_descendants(e) {
                looks.set(part, opacity);
            }
        }
        if tween.finished() {
            commands.entity(e).try_remove::<PathTween>();
            done.write(TweenDone(e));
        }
    }
}

/// The materials of a fading piece's parts: its wood and inlay (the piece's own), and the
/// model file's own materials, which pieces share, so a part fading takes a copy of its own.
#[derive(bevy::ecs::system::SystemParam)]
pub struct FadeLooks<'w, 's> {
    woods: Query<'w, 's, &'static MeshMaterial3d<WoodMaterial>>,
    surfaces: Query<'w, 's, &'static mut MeshMaterial3d<StandardMaterial>>,
    own: Query<'w, 's, (), With<OwnSurface>>,
    wood_assets: Option<ResMut<'w, Assets<WoodMaterial>>>,
    surface_assets: Option<ResMut<'w, Assets<StandardMaterial>>>,
    commands: Commands<'w, 's>,
}

/// A part whose model-file material is its own copy, made when it first faded.
#[derive(Component)]
pub struct OwnSurface;

impl FadeLooks<'_, '_> {
    /// Sets the part's opacity: blended below 1, opaque again at 1.
    pub fn set(&mut self, part: Entity, opacity: f32) {
        let mode = if opacity < 1.0 {
            AlphaMode::Blend
        } else {
            AlphaMode::Opaque
        };
        if let Ok(m) = self.woods.get(part)
            && let Some(assets) = self.wood_assets.as_deref_mut()
            && let Some(mut mat) = assets.get_mut(&m.0)
        {
            mat.base.base_color.set_alpha(opacity);
            mat.base.alpha_mode = mode;
        }
        if let Ok(mut m) = self.surfaces.get_mut(part)
            && let Some(assets) = self.surface_assets.as_deref_mut()
        {
            if !self.own.contains(part)
                && let Some(own) = assets.get(&m.0).cloned()
            {
                m.0 = assets.add(own);
                self.commands.entity(part).insert(OwnSurface);
            }
            if let Some(mut mat) = assets.get_mut(&m.0) {
                mat.base_color.set_alpha(opacity);
                mat.alpha_mode = mode;
            }
        }
    }
}

/// The burst a leaving piece raises on its square: (colour, inward, size in board units).
fn leave_burst(leave: Leave) -> Option<(Color, bool, f32)> {
    match leave {
        Leave::Shrink => None,
        Leave::Knocked { .. } => Some((colours::RED, false, 2.4)),
        Leave::Paid => Some((colours::BRASS, true, 1.3)),
    }
}

fn run_vanish(
    mut commands: Commands,
    time: Res<Time>,
    frozen: Res<FrozenBursts>,
    quad: Option<Res<MarkQuad>>,
    mut marks: ResMut<Assets<MarkMaterial>>,
    mut q: Query<(Entity, &mut Vanish, &mut Transform, Option<&ChildOf>)>,
) {
    for (e, mut v, mut transform, child_of) in &mut q {
        if v.delay > 0.0 {
            v.delay -= time.delta_secs();
            if v.delay > 0.0 {
                continue;
            }
        }
        let start = match v.start {
            Some(s) => s,
            None => {
                let s = *transform;
                v.start = Some(s);
                if let (Some((colour, inward, size)), Some(quad), Some(parent)) =
                    (leave_burst(v.leave), quad.as_deref(), child_of)
                {
                    let seconds = v.seconds;
                    commands.entity(parent.parent()).with_child(burst_mark(
                        quad,
                        &mut marks,
                        colour,
                        inward,
                        s.translation,
                        size,
                        seconds,
                    ));
                }
                s
            }
        };
        v.elapsed += time.delta_secs();
        // A staged scene holds captures and payments mid-way, as it holds the bursts.
        let held = frozen.0.filter(|_| v.leave != Leave::Shrink);
        let u = match held {
            Some(at) => at.clamp(0.0, 0.99),
            None => v.elapsed / v.seconds.max(1e-3),
        };
        *transform = v.pose(&start, u);
        if u >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fading_path_stays_then_appears_at_the_end_and_is_gone_in_the_middle() {
        let keys = vec![Vec3::ZERO, Vec3::X, Vec3::new(2.0, 0.0, 1.0)];
        let mut t = PathTween::new(keys, 0.24).with_hop(0.4).fading();
        assert_eq!((t.sample(), t.opacity()), (Vec3::ZERO, 1.0));
        t.elapsed = 0.06;
        assert_eq!(
            t.sample(),
            Vec3::ZERO,
            "no travel and no hop on the way out"
        );
        assert!(t.opacity() > 0.0 && t.opacity() < 1.0, "{}", t.opacity());
        t.elapsed = 0.12;
        assert!(t.opacity() < 1e-6, "gone half way: {}", t.opacity());
        t.elapsed = 0.18;
        assert_eq!(
            t.sample(),
            Vec3::new(2.0, 0.0, 1.0),
            "already where it goes"
        );
        assert!(t.opacity() > 0.0 && t.opacity() < 1.0);
        t.elapsed = 0.24;
        assert_eq!((t.sample(), t.opacity()), (Vec3::new(2.0, 0.0, 1.0), 1.0));
        // A path that is not a fade is always opaque.
        let mut plain = PathTween::new(vec![Vec3::ZERO, Vec3::X], 0.24);
        plain.elapsed = 0.12;
        assert_eq!(plain.opacity(), 1.0);
    }

    /// With reduced motion, a path started on a piece fades it: its own wood goes transparent
    /// in the middle and is opaque again at the end; a model file's material shared with
    /// another piece is copied first, so the other piece never fades; the piece never stands
    /// between its squares; the tween still ends with its message.
    #[test]
    fn reduced_motion_fades_a_moving_piece_and_only_that_piece() {
        use bevy::time::TimeUpdateStrategy;
        use std::time::Duration;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(ReducedMotion(true))
            .init_resource::<Assets<WoodMaterial>>()
            .init_resource::<Assets<StandardMaterial>>()
            .add_message::<TweenDone>()
            .add_systems(Update, run_paths)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                60,
            )));
        let wood = app.world_mut().resource_mut::<Assets<WoodMaterial>>().add({
            let theme = crate::theme::Theme::builtin();
            let (finish, _) = theme.finishes("elder", crate::theme::Wood::Light);
            crate::app::wood::finish_material(
                &finish,
                &theme.look,
                0.0,
                crate::app::wood::GrainRun::FLAT,
            )
        });
        let shared = app
            .world_mut()
            .resource_mut::<Assets<StandardMaterial>>()
            .add(StandardMaterial::default());
        let piece = app.world_mut().spawn(Transform::default()).id();
        let grain = app
            .world_mut()
            .spawn((MeshMaterial3d(wood.clone()), ChildOf(piece)))
            .id();
        let painted = app
            .world_mut()
            .spawn((MeshMaterial3d(shared.clone()), ChildOf(piece)))
            .id();
        let other = app.world_mut().spawn(MeshMaterial3d(shared.clone())).id();
        app.update();
        let to = Vec3::new(2.0, 0.0, 1.0);
        app.world_mut()
            .entity_mut(piece)
            .insert(PathTween::new(vec![Vec3::ZERO, Vec3::X, to], 0.24).with_hop(0.4));
        let alpha_of_wood = |app: &App| {
            let h = &app
                .world()
                .get::<MeshMaterial3d<WoodMaterial>>(grain)
                .unwrap()
                .0;
            let m = app
                .world()
                .resource::<Assets<WoodMaterial>>()
                .get(h)
                .unwrap();
            (m.base.base_color.alpha(), m.base.alpha_mode)
        };
        let standard = |app: &App, e: Entity| {
            let h = &app
                .world()
                .get::<MeshMaterial3d<StandardMaterial>>(e)
                .unwrap()
                .0;
            let m = app
                .world()
                .resource::<Assets<StandardMaterial>>()
                .get(h)
                .unwrap();
            (h.id(), m.base_color.alpha())
        };
        let mut lowest = 1.0f32;
        let mut ended = false;
        for _ in 0..8 {
            app.update();
            let at = app.world().get::<Transform>(piece).unwrap().translation;
            assert!(at == Vec3::ZERO || at == to, "between squares: {at}");
            lowest = lowest.min(alpha_of_wood(&app).0);
            assert_eq!(
                standard(&app, other),
                (shared.id(), 1.0),
                "the other piece fades"
            );
            ended |= app
                .world_mut()
                .resource_mut::<Messages<TweenDone>>()
                .drain()
                .any(|d| d.0 == piece);
        }
        assert!(lowest < 0.35, "the piece hardly faded: {lowest}");
        assert_eq!(alpha_of_wood(&app), (1.0, AlphaMode::Opaque));
        let (own, alpha) = standard(&app, painted);
        assert_ne!(own, shared.id(), "the shared material was not copied");
        assert_eq!(alpha, 1.0);
        assert!(ended, "no TweenDone");
        assert_eq!(app.world().get::<Transform>(piece).unwrap().translation, to);
    }

    #[test]
    fn a_path_starts_at_its_first_key_and_ends_exactly_on_its_last() {
        let keys = vec![Vec3::ZERO, Vec3::X, Vec3::new(1.0, 0.0, 1.0)];
        let mut t = PathTween::new(keys, 0.8);
        assert_eq!(t.sample(), Vec3::ZERO);
        t.elapsed = 0.4;
        let mid = t.sample();
        assert!(
            (mid - Vec3::X).length() < 1e-5,
            "halfway is the middle key: {mid}"
        );
        t.elapsed = 5.0;
        assert_eq!(t.sample(), Vec3::new(1.0, 0.0, 1.0));
        assert!(t.finished());
    }

    #[test]
    fn a_hop_rises_between_keys_but_not_on_them() {
        let mut t = PathTween::new(vec![Vec3::ZERO, Vec3::X], 1.0).with_hop(0.5);
        t.elapsed = 0.5;
        assert!((t.sample().y - 0.5).abs() < 1e-5);
        t.elapsed = 1.0;
        assert_eq!(t.sample().y, 0.0);
    }

    #[test]
    fn a_hopping_piece_settles_with_a_small_rebound() {
        let mut t = PathTween::new(vec![Vec3::ZERO, Vec3::X], 1.0).with_hop(0.3);
        t.elapsed = 0.93;
        let up = t.sample().y;
        assert!(up > 0.01 && up < 0.3 * 0.35, "{up}");
        let mut slide = PathTween::new(vec![Vec3::ZERO, Vec3::X], 1.0);
        slide.elapsed = 0.93;
        assert_eq!(slide.sample().y, 0.0);
    }

    #[test]
    fn a_captured_piece_is_knocked_away_from_its_captor_and_gone_at_the_end() {
        let start = Transform::from_xyz(1.0, 0.2, 1.0);
        let v = Vanish::after(0.0, 0.1).knocked(Vec3::new(1.0, 0.0, 0.0));
        assert!(v.seconds >= LEAVE_SECONDS, "a capture reads at any speed");
        let mid = v.pose(&start, 0.5);
        assert!(
            mid.translation.x > 1.5,
            "thrown on, away from the captor: {mid:?}"
        );
        assert!(mid.translation.y > 0.6, "up in an arc: {mid:?}");
        assert!(mid.rotation.angle_between(Quat::IDENTITY) > 0.5, "tumbling");
        assert_eq!(v.pose(&start, 1.0).scale, Vec3::ZERO);
        assert_eq!(v.pose(&start, 0.0), start);
    }

    #[test]
    fn a_paid_piece_sinks_into_the_board_and_is_gone_at_the_end() {
        let start = Transform::from_xyz(0.0, 0.2, 0.0).with_scale(Vec3::splat(2.0));
        let v = Vanish::after(0.0, 0.3).paid();
        let mid = v.pose(&start, 0.5);
        assert!(
            mid.translation.y < start.translation.y - 0.1,
            "into the board: {mid:?}"
        );
        assert_eq!(
            (mid.translation.x, mid.translation.z),
            (0.0, 0.0),
            "straight down"
        );
        assert!(mid.scale.y > 1.9, "whole while it sinks: {mid:?}");
        assert_eq!(v.pose(&start, 1.0).scale, Vec3::ZERO);
    }

    #[test]
    fn a_shrinking_mark_keeps_its_own_scale_until_it_shrinks() {
        let start = Transform::from_scale(Vec3::splat(1.8));
        let v = Vanish::after(0.0, 0.25);
        assert_eq!(v.pose(&start, 0.0).scale, Vec3::splat(1.8));
        assert_eq!(v.pose(&start, 1.0).scale, Vec3::ZERO);
        assert!(v.pose(&start, 1.0).translation.y > 0.0, "drifting up");
    }
}
