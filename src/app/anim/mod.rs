//! Tweens and timelines shared by every table: a piece sliding along its route square by square,
//! lifting, fading out when captured or paid. Durations are data, so tests step them with a
//! manual clock; every tween ends exactly on its last key, whatever the frame rate.

use bevy::prelude::*;

/// Moves an entity through `keys` (world positions) in `seconds`, easing in and out of the
/// whole path, with equal time per segment. Removed when it arrives.
#[derive(Component, Debug, Clone)]
pub struct PathTween {
    pub keys: Vec<Vec3>,
    pub seconds: f32,
    pub elapsed: f32,
    /// Height of the little hop in the middle of each segment (0 for a slide).
    pub hop: f32,
}

impl PathTween {
    pub fn new(keys: Vec<Vec3>, seconds: f32) -> PathTween {
        PathTween {
            keys,
            seconds: seconds.max(0.0),
            elapsed: 0.0,
            hop: 0.0,
        }
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

/// Fades an entity's scale to nothing (a captured or paid piece leaving the board), then
/// despawns it.
#[derive(Component, Debug, Clone)]
pub struct Vanish {
    pub seconds: f32,
    pub elapsed: f32,
    pub delay: f32,
    pub start_scale: Vec3,
}

impl Vanish {
    pub fn after(delay: f32, seconds: f32) -> Vanish {
        Vanish {
            seconds,
            elapsed: 0.0,
            delay,
            start_scale: Vec3::ONE,
        }
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
    app.add_message::<TweenDone>().add_systems(
        PostUpdate,
        (run_paths, run_vanish).before(TransformSystems::Propagate),
    );
}

fn run_paths(
    mut commands: Commands,
    time: Res<Time>,
    mut done: MessageWriter<TweenDone>,
    mut q: Query<(Entity, &mut PathTween, &mut Transform)>,
) {
    for (e, mut tween, mut transform) in &mut q {
        tween.elapsed += time.delta_secs();
        transform.translation = tween.sample();
        if tween.finished() {
            commands.entity(e).try_remove::<PathTween>();
            done.write(TweenDone(e));
        }
    }
}

fn run_vanish(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Vanish, &mut Transform)>,
) {
    for (e, mut v, mut transform) in &mut q {
        if v.elapsed == 0.0 && v.delay > 0.0 {
            v.start_scale = transform.scale;
        }
        if v.delay > 0.0 {
            v.delay -= time.delta_secs();
            if v.delay > 0.0 {
                continue;
            }
        }
        v.elapsed += time.delta_secs();
        let t = smoothstep(v.elapsed / v.seconds.max(1e-3));
        transform.scale = v.start_scale * (1.0 - t);
        transform.translation.y += time.delta_secs() * 1.2;
        if t >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
