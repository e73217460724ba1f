//! The camera rig shared by every table: a camera on a sphere around a focus point. Input moves
//! the rig's goal; the camera eases toward it, so every move of the view is smooth.

use bevy::input::gestures::{PinchGesture, RotationGesture};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// Marks what a left-drag (or one finger) may grab to pan the view: the table top and boards.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct PanSurface;

/// The part of the table that Fit frames: set by the open game.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BoardBounds {
    pub centre: Vec3,
    pub radius: f32,
}

impl Default for BoardBounds {
    fn default() -> Self {
        BoardBounds {
            centre: Vec3::ZERO,
            radius: 6.0,
        }
    }
}

/// Frame the whole board (the Fit button, the F key, and every table on opening).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct FitView {
    /// Jump there at once instead of easing.
    pub instant: bool,
}

/// Where the camera looks from: `yaw` around the vertical, `pitch` above the table plane.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RigPose {
    pub focus: Vec3,
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
}

impl RigPose {
    pub fn eye(&self) -> Vec3 {
        let (sy, cy) = self.yaw.sin_cos();
        let (sp, cp) = self.pitch.sin_cos();
        self.focus + self.distance * Vec3::new(cp * sy, sp, cp * cy)
    }

    /// Eased `t` of the way to `to`, or `to` itself once the rest is too small to see (so a
    /// camera at rest stops changing, and the game may stop drawing: `app::calm`).
    fn lerp(&self, to: &RigPose, t: f32) -> RigPose {
        let near = self.focus.distance(to.focus) < 1e-4
            && (to.yaw - self.yaw).abs() < 1e-5
            && (to.pitch - self.pitch).abs() < 1e-5
            && (to.distance - self.distance).abs() < 1e-4;
        if near {
            return *to;
        }
        RigPose {
            focus: self.focus.lerp(to.focus, t),
            yaw: self.yaw + (to.yaw - self.yaw) * t,
            pitch: self.pitch + (to.pitch - self.pitch) * t,
            distance: self.distance + (to.distance - self.distance) * t,
        }
    }
}

#[derive(Component, Debug, Clone, Copy)]
pub struct CameraRig {
    pub pose: RigPose,
    pub goal: RigPose,
}

pub const MIN_PITCH: f32 = 0.22;
pub const MAX_PITCH: f32 = 1.50;
pub const MIN_DISTANCE: f32 = 3.0;
pub const MAX_DISTANCE: f32 = 40.0;
/// How far the focus may wander from the board's centre, in board radii.
const PAN_LIMIT: f32 = 1.6;

impl Default for CameraRig {
    fn default() -> Self {
        let pose = RigPose {
            focus: Vec3::ZERO,
            yaw: 0.0,
            pitch: 0.95,
            distance: 14.0,
        };
        CameraRig { pose, goal: pose }
    }
}

impl CameraRig {
    pub fn transform(&self) -> Transform {
        Transform::from_translation(self.pose.eye()).looking_at(self.pose.focus, Vec3::Y)
    }

    /// Looks from `yaw` at once (no swing): a table seen from the other side.
    pub fn face(&mut self, yaw: f32) {
        self.goal.yaw = yaw;
        self.pose.yaw = yaw;
    }

    fn clamp_goal(&mut self, bounds: &BoardBounds) {
        let g = &mut self.goal;
        g.pitch = g.pitch.clamp(MIN_PITCH, MAX_PITCH);
        g.distance = g.distance.clamp(MIN_DISTANCE, MAX_DISTANCE);
        let offset = (g.focus - bounds.centre).with_y(0.0);
        let limit = bounds.radius * PAN_LIMIT;
        if offset.length() > limit {
            g.focus = bounds.centre + offset.normalize() * limit;
        }
        g.focus.y = bounds.centre.y;
    }
}

/// The distance at which a sphere of `radius` fills the view with a small margin.
pub fn fit_distance(radius: f32, vertical_fov: f32, aspect: f32) -> f32 {
    let horizontal_fov = 2.0 * ((vertical_fov * 0.5).tan() * aspect).atan();
    let fov = vertical_fov.min(horizontal_fov);
    (radius / (fov * 0.5).sin() * 1.04).clamp(MIN_DISTANCE, MAX_DISTANCE)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardBounds>()
        .init_resource::<super::framing::Framing>()
        .add_message::<FitView>()
        .add_observer(pan_on_drag)
        .add_systems(
            Update,
            (
                orbit_and_zoom,
                camera_keys,
                fit_key,
                fit.in_set(FitSet),
                ease,
            )
                .chain(),
        );
}

/// Fit's system: what would frame the board anew runs before it
/// ([`super::framing`]).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct FitSet;

fn pointer_busy(egui: &Option<Res<EguiWantsInput>>) -> bool {
    egui.as_ref().is_some_and(|e| e.wants_any_pointer_input())
}

fn orbit_and_zoom(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    mut pinches: MessageReader<PinchGesture>,
    mut rotations: MessageReader<RotationGesture>,
    touches: Res<Touches>,
    mut two: Local<TwoFingers>,
    egui: Option<Res<EguiWantsInput>>,
    bounds: Res<BoardBounds>,
    mut rigs: Query<&mut CameraRig>,
) {
    let busy = pointer_busy(&egui);
    let Ok(mut rig) = rigs.single_mut() else {
        return;
    };
    if buttons.pressed(MouseButton::Right) && !busy {
        rig.goal.yaw -= motion.delta.x * 0.006;
        rig.goal.pitch += motion.delta.y * 0.005;
    }
    let mut zoom = 0.0;
    if !busy {
        zoom += match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y * 0.12,
            MouseScrollUnit::Pixel => scroll.delta.y * 0.004,
        };
    }
    for pinch in pinches.read() {
        zoom += pinch.0;
    }
    // A trackpad's twist (positive anticlockwise): the board turns with the fingers.
    for rotation in rotations.read() {
        rig.goal.yaw -= rotation.0;
    }
    // Two fingers on a touch screen: spread to zoom, twist to turn, drag up or down to tilt.
    let fingers: Vec<(u64, Vec2)> = touches.iter().map(|t| (t.id(), t.position())).collect();
    let moved = match fingers[..] {
        [a, b] => two.step([a, b]),
        _ => {
            *two = TwoFingers::default();
            Gesture::default()
        }
    };
    zoom += moved.zoom;
    rig.goal.yaw += moved.turn;
    rig.goal.pitch += moved.tilt * TOUCH_TILT;
    if zoom != 0.0 {
        rig.goal.distance *= (-zoom).exp();
    }
    rig.clamp_goal(&bounds);
}

/// How far the view tilts for each pixel two fingers move down the screen together: as a
/// right-drag with the mouse.
const TOUCH_TILT: f32 = 0.005;
/// A twist turns the view once the fingers have turned this far together (radians, about 8°):
/// a pinch, whose fingers never stay quite in line, does not also turn it.
const TWIST_START: f32 = 0.14;
/// Two fingers closer than this (pixels) give no angle or spread to go by.
const MIN_SPREAD: f32 = 12.0;

/// What two fingers did since the frame before.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Gesture {
    /// e-folds of zoom: spreading the fingers apart zooms in.
    pub zoom: f32,
    /// Radians of the view's turn: the board turns as the fingers twist.
    pub turn: f32,
    /// Pixels both fingers moved down the screen (up is negative): the view tilts.
    pub tilt: f32,
}

/// Two fingers on a touch screen, followed from frame to frame: which they are, where they
/// were, and whether their twist has begun to turn the view.
#[derive(Debug, Clone, Copy, Default)]
pub struct TwoFingers {
    last: Option<[(u64, Vec2); 2]>,
    /// How far they have twisted since they touched, until it turns the view.
    twisted: f32,
    turning: bool,
}

impl TwoFingers {
    /// The two fingers now (their touch ids and window positions): what they did since the
    /// last step. Other fingers than last time start afresh and do nothing yet.
    pub fn step(&mut self, now: [(u64, Vec2); 2]) -> Gesture {
        let mut now = now;
        let Some(last) = self.last else {
            *self = TwoFingers {
                last: Some(now),
                ..TwoFingers::default()
            };
            return Gesture::default();
        };
        // The same two fingers, in either order.
        if now[0].0 == last[1].0 && now[1].0 == last[0].0 {
            now.swap(0, 1);
        }
        if now[0].0 != last[0].0 || now[1].0 != last[1].0 {
            *self = TwoFingers {
                last: Some(now),
                ..TwoFingers::default()
            };
            return Gesture::default();
        }
        self.last = Some(now);
        let was = last[1].1 - last[0].1;
        let is = now[1].1 - now[0].1;
        if was.length() < MIN_SPREAD || is.length() < MIN_SPREAD {
            return Gesture::default();
        }
        let zoom = (is.length() / was.length()).ln();
        // The angle between the two, turned into −π..π (window y points down: clockwise on
        // the screen is positive, and the view turns the board clockwise as yaw grows).
        let mut angle = is.y.atan2(is.x) - was.y.atan2(was.x);
        if angle > std::f32::consts::PI {
            angle -= std::f32::consts::TAU;
        } else if angle < -std::f32::consts::PI {
            angle += std::f32::consts::TAU;
        }
        let turn = if self.turning {
            angle
        } else {
            self.twisted += angle;
            if self.twisted.abs() >= TWIST_START {
                self.turning = true;
                self.twisted
            } else {
                0.0
            }
        };
        // Both fingers moving the same way up or down tilt the view, by the smaller move (a
        // pinch up and down moves them apart, and tilts nothing).
        let (a, b) = (now[0].1.y - last[0].1.y, now[1].1.y - last[1].1.y);
        let tilt = if a * b > 0.0 {
            a.signum() * a.abs().min(b.abs())
        } else {
            0.0
        };
        Gesture { zoom, turn, tilt }
    }
}

/// A left-drag or one-finger drag on the table moves the focus along the table plane.
fn pan_on_drag(
    drag: On<Pointer<Drag>>,
    surfaces: Query<(), With<PanSurface>>,
    touches: Res<Touches>,
    bounds: Res<BoardBounds>,
    mut rigs: Query<(&mut CameraRig, &Projection, &Camera)>,
) {
    if drag.button != PointerButton::Primary || surfaces.get(drag.entity).is_err() {
        return;
    }
    if touches.iter().count() > 1 {
        return;
    }
    let Ok((mut rig, projection, camera)) = rigs.single_mut() else {
        return;
    };
    let Projection::Perspective(p) = projection else {
        return;
    };
    let height = camera
        .logical_viewport_size()
        .map_or(720.0, |s| s.y)
        .max(1.0);
    let world_per_pixel = 2.0 * rig.pose.distance * (p.fov * 0.5).tan() / height;
    let (sy, cy) = rig.pose.yaw.sin_cos();
    let right = Vec3::new(cy, 0.0, -sy);
    let back = Vec3::new(sy, 0.0, cy);
    let d = drag.delta * world_per_pixel;
    rig.goal.focus -= right * d.x + back * d.y;
    rig.clamp_goal(&bounds);
}

/// How fast the held camera keys turn (radians a second), tilt, and zoom (e-folds a second).
const KEY_TURN: f32 = 1.6;
const KEY_TILT: f32 = 0.9;
const KEY_ZOOM: f32 = 1.2;

/// What the held camera keys ask for: (turn, tilt, zoom), each −1, 0 or 1. Q and E turn the view
/// (left, right), Page Up and Page Down tilt it (toward looking down, toward the horizon), + and
/// − zoom (in, out; the main row's = and - keys and the keypad's too). The arrows, Tab, Enter,
/// Space and Esc stay the tables'.
pub fn camera_keys_held(keys: &ButtonInput<KeyCode>) -> (f32, f32, f32) {
    let axis = |plus: &[KeyCode], minus: &[KeyCode]| {
        let p = plus.iter().any(|k| keys.pressed(*k)) as i32;
        let m = minus.iter().any(|k| keys.pressed(*k)) as i32;
        (p - m) as f32
    };
    (
        axis(&[KeyCode::KeyE], &[KeyCode::KeyQ]),
        axis(&[KeyCode::PageUp], &[KeyCode::PageDown]),
        axis(
            &[KeyCode::Equal, KeyCode::NumpadAdd],
            &[KeyCode::Minus, KeyCode::NumpadSubtract],
        ),
    )
}

/// Turns, tilts and zooms the view by keys, at every table (not while a text field has the
/// keyboard).
fn camera_keys(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    egui: Option<Res<EguiWantsInput>>,
    bounds: Res<BoardBounds>,
    mut rigs: Query<&mut CameraRig>,
) {
    if egui.as_ref().is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let (turn, tilt, zoom) = camera_keys_held(&keys);
    if turn == 0.0 && tilt == 0.0 && zoom == 0.0 {
        return;
    }
    let dt = time.delta_secs().min(0.1);
    for mut rig in &mut rigs {
        rig.goal.yaw += turn * KEY_TURN * dt;
        rig.goal.pitch += tilt * KEY_TILT * dt;
        rig.goal.distance *= (-zoom * KEY_ZOOM * dt).exp();
        rig.clamp_goal(&bounds);
    }
}

fn fit_key(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut fits: MessageWriter<FitView>,
) {
    let typing = egui.as_ref().is_some_and(|e| e.wants_any_keyboard_input());
    if keys.just_pressed(KeyCode::KeyF) && !typing {
        fits.write(FitView::default());
    }
}

fn fit(
    mut fits: MessageReader<FitView>,
    bounds: Res<BoardBounds>,
    mut framing: ResMut<super::framing::Framing>,
    time: Res<Time<Real>>,
    mut rigs: Query<(&mut CameraRig, &Projection)>,
) {
    let Some(request) = fits.read().last().copied() else {
        return;
    };
    for (mut rig, projection) in &mut rigs {
        let (fov, aspect) = match projection {
            Projection::Perspective(p) => (p.fov, p.aspect_ratio),
            _ => (std::f32::consts::FRAC_PI_4, 16.0 / 9.0),
        };
        rig.goal.pitch = rig.goal.pitch.clamp(0.8, 1.15);
        let used = framing.fit_box();
        let (focus, distance) = fit_pose(&bounds, rig.goal.yaw, rig.goal.pitch, fov, aspect, used);
        rig.goal.focus = focus;
        rig.goal.distance = distance;
        if request.instant {
            rig.pose = rig.goal;
        }
        framing.fitted(used, rig.goal, time.elapsed_secs(), request.instant);
    }
}

/// How high above the board Fit allows for the pieces standing on it.
const FIT_PIECE_HEIGHT: f32 = 0.9;
/// Where the point `p` is seen from `pose`, in the view's normalised coordinates (−1 to 1 from
/// the left to the right edge and from the bottom to the top), for a view whose half-width and
/// half-height are `tan_x` and `tan_y` at unit distance.
fn seen_at(pose: &RigPose, tan_x: f32, tan_y: f32, p: Vec3) -> Vec2 {
    let eye = pose.eye();
    let forward = (pose.focus - eye).normalize();
    let right = forward.cross(Vec3::Y).normalize();
    let up = right.cross(forward);
    let v = p - eye;
    let z = v.dot(forward).max(1e-3);
    Vec2::new(v.dot(right) / (z * tan_x), v.dot(up) / (z * tan_y))
}

/// Where the camera looks and from how far, at `yaw` and `pitch`, so that the board — a disc
/// of `bounds.radius` on the table with the pieces' height above it — fills the box `within` of
/// the view as seen (its near edge looms larger than its far edge), centred in it: the free
/// space the panels leave ([`super::framing`]). Any window shape: the tighter of the two
/// directions decides.
pub fn fit_pose(
    bounds: &BoardBounds,
    yaw: f32,
    pitch: f32,
    fov: f32,
    aspect: f32,
    within: super::framing::FitBox,
) -> (Vec3, f32) {
    let r = bounds.radius.max(0.1);
    let points: Vec<Vec3> = (0..24)
        .flat_map(|i| {
            let a = i as f32 / 24.0 * std::f32::consts::TAU;
            let p = bounds.centre + Vec3::new(a.cos() * r, 0.0, a.sin() * r);
            [p, p + Vec3::Y * FIT_PIECE_HEIGHT]
        })
        .collect();
    let tan_y = (fov * 0.5).tan();
    let tan_x = tan_y * aspect.max(0.05);
    // The board's extent on screen (x min, x max, y min, y max) seen from a pose.
    let extent = |focus: Vec3, distance: f32| {
        let pose = RigPose {
            focus,
            yaw,
            pitch,
            distance,
        };
        let mut e = [f32::MAX, f32::MIN, f32::MAX, f32::MIN];
        for p in &points {
            let v = seen_at(&pose, tan_x, tan_y, *p);
            e = [e[0].min(v.x), e[1].max(v.x), e[2].min(v.y), e[3].max(v.y)];
        }
        e
    };
    let fits = |focus: Vec3, distance: f32| {
        let e = extent(focus, distance);
        e[0] >= within.x[0] && e[1] <= within.x[1] && e[2] >= within.y[0] && e[3] <= within.y[1]
    };
    let mut focus = bounds.centre;
    let mut distance = fit_distance(r, fov, aspect);
    let (sy, cy) = yaw.sin_cos();
    let right = Vec3::new(cy, 0.0, -sy);
    let back = Vec3::new(sy, 0.0, cy);
    for _ in 0..4 {
        // The nearest distance that still shows it all...
        let (mut lo, mut hi) = (MIN_DISTANCE, MAX_DISTANCE);
        if fits(focus, lo) {
            hi = lo;
        }
        for _ in 0..24 {
            let mid = 0.5 * (lo + hi);
            if fits(focus, mid) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        distance = hi;
        // ...then centre it in the box: move the focus by the off-centre share of the view's
        // width and (foreshortened by the pitch) depth.
        let e = extent(focus, distance);
        let half_height = distance * tan_y;
        let centre = within.centre();
        let dx = (0.5 * (e[0] + e[1]) - centre.x) * distance * tan_x;
        let dy = (0.5 * (e[2] + e[3]) - centre.y) * half_height / pitch.sin().max(0.2);
        focus += right * dx - back * dy;
        focus.y = bounds.centre.y;
    }
    (focus, distance.clamp(MIN_DISTANCE, MAX_DISTANCE))
}

/// The camera eases toward its goal; with reduced motion it is there at once.
/// A jump this far (reduced motion) fades the view in ([`crate::app::motion::CameraCut`]); the
/// small steps of a key held to turn or zoom do not.
fn jumps_far(from: &RigPose, to: &RigPose) -> bool {
    from.focus.distance(to.focus) > 0.75
        || (from.yaw - to.yaw).abs() > 0.35
        || (from.pitch - to.pitch).abs() > 0.25
        || (from.distance - to.distance).abs() > 0.25 * from.distance.max(to.distance)
}

fn ease(
    time: Res<Time>,
    motion: Option<Res<crate::app::motion::ReducedMotion>>,
    mut cut: Option<ResMut<crate::app::motion::CameraCut>>,
    mut rigs: Query<(&mut CameraRig, &mut Transform)>,
) {
    let reduced = motion.is_some_and(|m| m.0);
    let t = if reduced {
        1.0
    } else {
        1.0 - (-12.0 * time.delta_secs()).exp()
    };
    for (mut rig, mut transform) in &mut rigs {
        let goal = rig.goal;
        if reduced
            && jumps_far(&rig.pose, &goal)
            && let Some(cut) = cut.as_deref_mut()
        {
            cut.start();
        }
        if rig.pose != goal {
            rig.pose = rig.pose.lerp(&goal, t);
        }
        // Written only when it moves: a camera at rest is no change to draw.
        transform.set_if_neq(rig.transform());
    }
}

#[cfg(test)]
mod tests {
    use super::super::framing::FitBox;
    use super::*;

    fn pair(a: (f32, f32), b: (f32, f32)) -> [(u64, Vec2); 2] {
        [(1, Vec2::new(a.0, a.1)), (2, Vec2::new(b.0, b.1))]
    }

    #[test]
    fn two_fingers_spread_to_zoom_and_nothing_else() {
        let mut two = TwoFingers::default();
        assert_eq!(
            two.step(pair((100.0, 300.0), (200.0, 300.0))),
            Gesture::default()
        );
        let g = two.step(pair((50.0, 300.0), (250.0, 300.0)));
        assert!((g.zoom - 2.0_f32.ln()).abs() < 1e-5, "{g:?}");
        assert_eq!((g.turn, g.tilt), (0.0, 0.0));
    }

    #[test]
    fn a_twist_turns_the_view_once_it_is_more_than_a_wobble() {
        let at = |deg: f32| {
            let (s, c) = deg.to_radians().sin_cos();
            pair(
                (400.0 - 100.0 * c, 300.0 - 100.0 * s),
                (400.0 + 100.0 * c, 300.0 + 100.0 * s),
            )
        };
        let mut two = TwoFingers::default();
        two.step(at(0.0));
        // A few degrees (a pinch's wobble) turn nothing.
        assert_eq!(two.step(at(4.0)).turn, 0.0);
        assert_eq!(two.step(at(0.0)).turn, 0.0);
        // Past the start the whole twist so far turns it, then each step's; clockwise on the
        // screen (window y down) turns the view's yaw up, so the board follows the fingers.
        let first = two.step(at(10.0)).turn;
        assert!((first - 10f32.to_radians()).abs() < 1e-4, "{first}");
        let next = two.step(at(12.0)).turn;
        assert!((next - 2f32.to_radians()).abs() < 1e-4, "{next}");
        let back = two.step(at(9.0)).turn;
        assert!((back + 3f32.to_radians()).abs() < 1e-4, "{back}");
        // Across the half turn the angle is taken the short way.
        let mut two = TwoFingers::default();
        two.step(at(170.0));
        two.step(at(180.0));
        let g = two.step(at(190.0));
        assert!((g.turn - 10f32.to_radians()).abs() < 1e-4, "{g:?}");
    }

    #[test]
    fn two_fingers_dragged_together_tilt_and_a_pinch_up_and_down_does_not() {
        let mut two = TwoFingers::default();
        two.step(pair((300.0, 300.0), (500.0, 300.0)));
        let g = two.step(pair((300.0, 320.0), (500.0, 330.0)));
        assert_eq!(g.tilt, 20.0);
        let g = two.step(pair((300.0, 300.0), (500.0, 310.0)));
        assert_eq!(g.tilt, -20.0);
        // One up and one down: a pinch, no tilt.
        let mut two = TwoFingers::default();
        two.step(pair((400.0, 300.0), (400.0, 400.0)));
        let g = two.step(pair((400.0, 280.0), (400.0, 420.0)));
        assert_eq!(g.tilt, 0.0);
        assert!(g.zoom > 0.0);
    }

    #[test]
    fn other_fingers_start_afresh() {
        let mut two = TwoFingers::default();
        two.step(pair((100.0, 300.0), (200.0, 300.0)));
        // The same fingers listed the other way round are the same gesture.
        let swapped = [(2, Vec2::new(300.0, 300.0)), (1, Vec2::new(100.0, 300.0))];
        assert!(two.step(swapped).zoom > 0.0);
        // A new finger: no jump, wherever it is.
        let new = [(1, Vec2::new(100.0, 300.0)), (7, Vec2::new(900.0, 700.0))];
        assert_eq!(two.step(new), Gesture::default());
        // Fingers on one spot give no angle or spread to go by.
        let mut two = TwoFingers::default();
        two.step(pair((100.0, 300.0), (101.0, 300.0)));
        assert_eq!(
            two.step(pair((100.0, 300.0), (150.0, 300.0))),
            Gesture::default()
        );
    }

    /// With reduced motion a far jump fades the view in; a held key's small steps do not.
    #[test]
    fn only_a_far_jump_is_a_cut() {
        let here = CameraRig::default().goal;
        let mut turned = here;
        turned.yaw += 0.05;
        assert!(!jumps_far(&here, &turned));
        turned.yaw += std::f32::consts::PI;
        assert!(jumps_far(&here, &turned));
        let mut closer = here;
        closer.distance *= 0.5;
        assert!(jumps_far(&here, &closer));
        let mut moved = here;
        moved.focus += Vec3::X * 2.0;
        assert!(jumps_far(&here, &moved));
    }

    /// Q/E turn, Page Up/Down tilt, +/− zoom while held, within the rig's limits; nothing
    /// moves with no key held, and Q with E held together cancel.
    #[test]
    fn the_camera_turns_tilts_and_zooms_by_keys() {
        let mut app = App::new();
        app.init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<BoardBounds>()
            .init_resource::<Time>()
            .add_systems(Update, camera_keys);
        let rig = app.world_mut().spawn(CameraRig::default()).id();
        let goal = |app: &App| app.world().get::<CameraRig>(rig).unwrap().goal;
        let hold = |app: &mut App, keys: &[KeyCode], frames: usize| {
            for k in keys {
                app.world_mut()
                    .resource_mut::<ButtonInput<KeyCode>>()
                    .press(*k);
            }
            for _ in 0..frames {
                app.world_mut()
                    .resource_mut::<Time>()
                    .advance_by(std::time::Duration::from_millis(50));
                app.update();
            }
            let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            for k in keys {
                input.release(*k);
            }
            input.clear();
        };
        let start = goal(&app);
        hold(&mut app, &[], 5);
        assert_eq!(goal(&app), start, "no key, no move");
        hold(&mut app, &[KeyCode::KeyE], 10);
        let turned = goal(&app);
        assert!(
            (turned.yaw - start.yaw - KEY_TURN * 0.5).abs() < 1e-4,
            "{turned:?}"
        );
        hold(&mut app, &[KeyCode::KeyQ], 10);
        assert!((goal(&app).yaw - start.yaw).abs() < 1e-4, "Q turns back");
        hold(&mut app, &[KeyCode::KeyQ, KeyCode::KeyE], 10);
        assert!(
            (goal(&app).yaw - start.yaw).abs() < 1e-4,
            "both held: no turn"
        );
        hold(&mut app, &[KeyCode::Equal], 10);
        assert!(goal(&app).distance < start.distance * 0.6, "+ zooms in");
        hold(&mut app, &[KeyCode::NumpadSubtract], 400);
        assert_eq!(
            goal(&app).distance,
            MAX_DISTANCE,
            "− zooms out to the limit"
        );
        hold(&mut app, &[KeyCode::PageUp], 200);
        assert_eq!(goal(&app).pitch, MAX_PITCH);
        hold(&mut app, &[KeyCode::PageDown], 200);
        assert_eq!(goal(&app).pitch, MIN_PITCH);
    }

    #[test]
    fn fit_distance_grows_with_radius_and_narrow_windows() {
        let fov = std::f32::consts::FRAC_PI_4;
        let d = fit_distance(5.0, fov, 16.0 / 9.0);
        assert!(d > 5.0 / (fov * 0.5).sin());
        assert!(fit_distance(6.0, fov, 16.0 / 9.0) > d);
        assert!(
            fit_distance(5.0, fov, 0.6) > d,
            "a tall window needs more distance"
        );
    }

    /// Fit frames the board closer than the old bounding sphere did, centred on screen, and
    /// a tall window stands further back than a wide one.
    #[test]
    fn fit_fills_the_window_and_centres_the_board() {
        let fov = std::f32::consts::FRAC_PI_4;
        let bounds = BoardBounds {
            centre: Vec3::new(0.0, 0.0, 0.6),
            radius: 5.6,
        };
        let whole = FitBox::default();
        let (focus, wide) = fit_pose(&bounds, 0.0, 0.95, fov, 16.0 / 9.0, whole);
        assert!(wide < fit_distance(5.6, fov, 16.0 / 9.0), "{wide}");
        assert!((focus - bounds.centre).length() < 1.5, "{focus}");
        let (_, tall) = fit_pose(&bounds, 0.0, 0.95, fov, 0.6, whole);
        assert!(tall > wide * 1.3, "{tall} vs {wide}");
        let (_, square) = fit_pose(&bounds, 0.7, 1.1, fov, 1.0, whole);
        assert!((MIN_DISTANCE..=MAX_DISTANCE).contains(&square));
    }

    /// In a box off the view's centre (the free space right of the players' panel and above
    /// the bottom bar), the board stands further back and its middle is seen at the box's
    /// centre: right of and above the view's.
    #[test]
    fn fit_centres_the_board_in_the_free_space() {
        let fov = std::f32::consts::FRAC_PI_4;
        let bounds = BoardBounds {
            centre: Vec3::new(0.0, 0.0, 0.6),
            radius: 5.6,
        };
        let (yaw, pitch, aspect) = (0.0, 0.95, 16.0 / 9.0);
        let free = FitBox {
            x: [-0.16, 0.56],
            y: [-0.5, 0.6],
        };
        let (_, whole) = fit_pose(&bounds, yaw, pitch, fov, aspect, FitBox::default());
        let (focus, distance) = fit_pose(&bounds, yaw, pitch, fov, aspect, free);
        assert!(distance > whole * 1.2, "{distance} vs {whole}");
        // The board's centre, projected, falls near the box's centre.
        let pose = RigPose {
            focus,
            yaw,
            pitch,
            distance,
        };
        let tan_y = (fov * 0.5).tan();
        let at = seen_at(&pose, tan_y * aspect, tan_y, bounds.centre);
        let c = free.centre();
        assert!((at.x - c.x).abs() < 0.08, "{at} vs {c}");
        // Up a little from the box's centre: the pieces' height and the near edge's
        // foreshortening weigh the board's picture toward the viewer.
        assert!(at.y > c.y - 0.25 && at.y < c.y + 0.25, "{at} vs {c}");
    }

    #[test]
    fn the_goal_stays_within_limits() {
        let bounds = BoardBounds::default();
        let mut rig = CameraRig::default();
        rig.goal.pitch = 3.0;
        rig.goal.distance = 1000.0;
        rig.goal.focus = Vec3::new(500.0, 9.0, 0.0);
        rig.clamp_goal(&bounds);
        assert_eq!(rig.goal.pitch, MAX_PITCH);
        assert_eq!(rig.goal.distance, MAX_DISTANCE);
        assert!((rig.goal.focus.length() - bounds.radius * PAN_LIMIT).abs() < 1e-3);
        assert_eq!(rig.goal.focus.y, 0.0);
    }
}
