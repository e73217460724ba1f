//! Light on any device (issue 42): a turn-based table draws a frame only when something
//! changes. Between changes the game sleeps (Bevy's reactive update mode) and wakes for:
//! - input (the window's events: the pointer, touch, keys, resizing);
//! - something moving: a piece's path or vanishing, a mark's burst, the camera easing (any
//!   drawn thing whose place changed in the frame), a table animating, an engine thinking, a
//!   lesson's or a replay's next step ([`Wake::busy`]);
//! - a shown time that changes on its own: a running clock's next second, a notice's end, an
//!   online page's countdowns ([`Wake::within`]);
//! - a frame from the server (the sockets wake the loop: `net::socket::set_waker`);
//! - egui asking to be drawn again (its own animations: bevy_egui wakes the loop).
//!
//! Where nothing asked, the next frame comes after [`HEARTBEAT`] at the latest. The frame after
//! such a sleep moves the game's time by a short step at most ([`SETTLE_STEP`]), so it does not
//! jump something that starts in it forward by the time slept; a clock that runs asks for its
//! frames and keeps the full step. A screenshot run and `--continuous` draw every frame.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use std::time::Duration;

/// The longest the game sleeps where nothing asked for a frame.
pub const HEARTBEAT: Duration = Duration::from_secs(5);

/// The most the game's time moves in the frame after a sleep nothing counted.
pub const SETTLE_STEP: Duration = Duration::from_millis(33);

/// The most it moves in any other frame (a slow renderer's frame: see `app::run`).
pub const FULL_STEP: Duration = Duration::from_secs(1);

/// What this frame's systems asked of the next frame. Cleared after each frame.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct Wake {
    busy: bool,
    within: Option<Duration>,
}

impl Wake {
    /// Something is moving: the next frame comes at once.
    pub fn busy(&mut self) {
        self.busy = true;
    }

    /// Something shown changes on its own in `seconds` (a clock's next second): the next
    /// frame comes then at the latest. A time under a millisecond is taken as one.
    pub fn within(&mut self, seconds: f32) {
        let d = Duration::from_secs_f32(seconds.clamp(0.001, HEARTBEAT.as_secs_f32()));
        self.within = Some(self.within.map_or(d, |w| w.min(d)));
    }

    /// How the game waits after this frame.
    pub fn plan(&self) -> Plan {
        Plan {
            redraw: self.busy,
            wait: if self.busy {
                Duration::ZERO
            } else {
                self.within.unwrap_or(HEARTBEAT)
            },
            // Only where nothing counts the game's time: a clock that runs keeps its step.
            short_step: !self.busy && self.within.is_none(),
        }
    }
}

/// How the game waits for its next frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Plan {
    /// Ask for the next frame at once.
    pub redraw: bool,
    /// The longest wait for the next frame where no input comes.
    pub wait: Duration,
    /// Let the next frame move the game's time by [`SETTLE_STEP`] at most: nothing shown
    /// counts the time slept.
    pub short_step: bool,
}

/// The window-less part: the [`Wake`] the tables, lessons and pages ask through (the tests'
/// apps have it too).
pub fn core_plugin(app: &mut App) {
    app.init_resource::<Wake>();
}

/// Whether the frame before asked for this one at once (something moving, or `--continuous`):
/// then this frame's time is what a frame costs, not a wait (`room::view` paces the light look
/// by it).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct AtOnce(pub bool);

/// Whether the game draws every frame (a screenshot run counts frames; `--continuous`
/// measures frame rates).
#[derive(Resource, Debug, Clone, Copy)]
pub struct Continuous(pub bool);

/// The window's part: the update mode, the sockets' waker, and the frame's plan.
pub fn plugin(app: &mut App) {
    use bevy::winit::{UpdateMode, WinitSettings};
    let continuous = app
        .world()
        .get_resource::<crate::launch::LaunchOptions>()
        .is_some_and(|o| o.continuous || o.screenshot.is_some());
    app.insert_resource(Continuous(continuous))
        .insert_resource(AtOnce(continuous));
    if continuous {
        // Bevy's own for games, as before the game drew only on change: every frame while the
        // window has the focus, up to sixty a second without it.
        app.insert_resource(WinitSettings::game());
        return;
    }
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive(HEARTBEAT),
        unfocused_mode: UpdateMode::reactive_low_power(HEARTBEAT),
    })
    .init_resource::<Alarm>()
    .add_systems(Startup, (give_sockets_a_waker, set_the_alarm_up))
    .add_systems(
        PreUpdate,
        quiet_modifiers
            .after(bevy_egui::EguiInputSet::WriteEguiEvents)
            .before(bevy_egui::EguiPreUpdateSet::BeginPass),
    )
    .add_systems(Last, (watch_motion, apply).chain())
    .add_systems(Last, egui_causes);
}

/// The sockets wake the loop when a frame arrives.
fn give_sockets_a_waker(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    let Some(proxy) = proxy else {
        return;
    };
    crate::net::socket::set_waker(loop_waker(&proxy));
}

/// Wakes the window's loop (a frame comes), from any thread: the sockets' and the alarm's.
fn loop_waker(proxy: &bevy::winit::EventLoopProxyWrapper) -> impl Fn() + Send + Sync + 'static {
    let proxy = (**proxy).clone();
    move || {
        let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
    }
}

/// Anything drawn that moved in this frame, and anything on its way: one more frame.
#[allow(clippy::type_complexity)]
fn watch_motion(
    mut wake: ResMut<Wake>,
    moved: Query<
        (),
        (
            Changed<GlobalTransform>,
            Or<(With<Mesh3d>, With<Camera>, With<PointLight>)>,
        ),
    >,
    moving: Query<
        (),
        Or<(
            With<crate::app::anim::PathTween>,
            With<crate::app::anim::Vanish>,
            With<crate::app::marks::Burst>,
        )>,
    >,
    mut materials: MessageReader<AssetEvent<StandardMaterial>>,
    cut: Option<Res<crate::app::motion::CameraCut>>,
) {
    let recoloured = materials
        .read()
        .any(|e| matches!(e, AssetEvent::Modified { .. }));
    let cutting = cut.is_some_and(|c| c.left > 0.0);
    if !moved.is_empty() || !moving.is_empty() || recoloured || cutting {
        // (`RUST_LOG=carved_tables::app::calm=debug` tells what keeps the game drawing.)
        debug!(
            "drawing on: {} moved, {} moving, recoloured {recoloured}, cut {cutting}",
            moved.iter().count(),
            moving.iter().count()
        );
        wake.busy();
    }
}

/// bevy_egui tells egui the modifier keys in every frame, and egui takes any event as a reason
/// to draw the next frame at once: the game would never sleep. The keys are told only when
/// they changed.
fn quiet_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    use bevy_egui::egui::Event;
    for mut input in &mut inputs {
        let mut seen = *last;
        input.events.retain(|e| match e {
            Event::ModifiersChanged(m) => {
                let changed = seen != Some(*m);
                seen = Some(*m);
                changed
            }
            _ => true,
        });
        *last = seen;
    }
}

/// What made egui ask to be drawn again (bevy_egui then draws the next frame at once), for
/// `RUST_LOG=carved_tables::app::calm=debug`.
fn egui_causes(mut contexts: bevy_egui::EguiContexts) {
    if let Ok(ctx) = contexts.ctx_mut()
        && ctx.has_requested_repaint()
    {
        debug!(
            "egui asks for a frame: {:?}; its input's events: {:?}",
            ctx.repaint_causes(),
            ctx.input(|i| i.events.clone())
        );
    }
}

/// Wakes the loop at a time asked for (a clock's next second), by a timer of its own that sends
/// the loop a wake-up, as the sockets do.
///
/// The update mode's own wait is left at [`HEARTBEAT`]: Bevy's loop takes any change of the mode
/// for a reason to draw again at once, so a wait set anew each frame (the time to a clock's next
/// second is a little different in every frame) kept the loop drawing without a pause.
#[derive(Resource, Default)]
pub struct Alarm {
    /// Sets the timer off at an instant (where the window's loop has started).
    ring: Option<Box<dyn Fn(Instant) + Send + Sync>>,
    /// The instant the timer is set for, until it has rung.
    set_for: Option<Instant>,
}

impl Alarm {
    /// Asks for a wake-up at `at`, unless one is set for no later.
    pub fn at(&mut self, at: Instant, now: Instant) {
        if self.set_for.is_some_and(|t| t > now && t <= at) {
            return;
        }
        if let Some(ring) = &self.ring {
            ring(at);
            self.set_for = Some(at);
        }
    }
}

/// The alarm's timer: a thread that sleeps until the earliest instant asked and then wakes the
/// loop (on the desktop); the page's `setTimeout` (in the browser).
fn set_the_alarm_up(
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut alarm: ResMut<Alarm>,
) {
    let Some(proxy) = proxy else {
        return;
    };
    let wake = loop_waker(&proxy);
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::mpsc;
        let (asked, asks) = mpsc::channel::<Instant>();
        let started = std::thread::Builder::new()
            .name("calm alarm".into())
            .spawn(move || {
                let mut next: Option<Instant> = None;
                loop {
                    let ask = match next {
                        Some(t) => asks.recv_timeout(t.saturating_duration_since(Instant::now())),
                        None => asks
                            .recv()
                            .map_err(|_| mpsc::RecvTimeoutError::Disconnected),
                    };
                    match ask {
                        Ok(t) => next = Some(next.map_or(t, |n| n.min(t))),
                        Err(mpsc::RecvTimeoutError::Timeout) => {
                            next = None;
                            wake();
                        }
                        Err(mpsc::RecvTimeoutError::Disconnected) => return,
                    }
                }
            });
        if started.is_err() {
            warn!("no alarm thread: the game wakes at its heartbeat only");
            return;
        }
        alarm.ring = Some(Box::new(move |at| {
            let _ = asked.send(at);
        }));
    }
    #[cfg(target_arch = "wasm32")]
    {
        let wake = std::sync::Arc::new(wake);
        alarm.ring = Some(Box::new(move |at| {
            crate::app::platform::after(at.saturating_duration_since(Instant::now()), {
                let wake = wake.clone();
                move || (*wake)()
            });
        }));
    }
}

/// Carries out the frame's plan, and clears it for the next frame.
fn apply(
    mut wake: ResMut<Wake>,
    mut at_once: ResMut<AtOnce>,
    mut alarm: ResMut<Alarm>,
    mut time: ResMut<Time<Virtual>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let plan = wake.plan();
    debug!("{:?}: {plan:?}", *wake);
    *wake = Wake::default();
    at_once.set_if_neq(AtOnce(plan.redraw));
    if plan.redraw {
        redraw.write(bevy::window::RequestRedraw);
    } else if plan.wait < HEARTBEAT {
        let now = Instant::now();
        alarm.at(now + plan.wait, now);
    }
    let step = if plan.short_step {
        SETTLE_STEP
    } else {
        FULL_STEP
    };
    if time.max_delta() != step {
        time.set_max_delta(step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_alarm_is_set_again_only_for_an_earlier_time_or_after_it_rang() {
        use std::sync::{Arc, Mutex};
        let rung = Arc::new(Mutex::new(Vec::new()));
        let mut alarm = Alarm {
            ring: Some(Box::new({
                let rung = rung.clone();
                move |at| rung.lock().unwrap().push(at)
            })),
            set_for: None,
        };
        let now = Instant::now();
        let s = Duration::from_secs;
        alarm.at(now + s(1), now);
        // A later time: the alarm set rings first, and the frame then asks again.
        alarm.at(now + s(2), now);
        // An earlier one is set.
        alarm.at(now + Duration::from_millis(500), now);
        // Once the time set has passed, any time is set.
        let later = now + s(3);
        alarm.at(later + s(4), later);
        assert_eq!(
            *rung.lock().unwrap(),
            vec![now + s(1), now + Duration::from_millis(500), later + s(4)]
        );
        // Without a timer (no window), nothing is set and nothing fails.
        let mut none = Alarm::default();
        none.at(now + s(1), now);
        assert_eq!(none.set_for, None);
    }

    #[test]
    fn nothing_asked_sleeps_a_heartbeat_and_then_steps_short() {
        let plan = Wake::default().plan();
        assert_eq!(
            plan,
            Plan {
                redraw: false,
                wait: HEARTBEAT,
                short_step: true
            }
        );
    }

    #[test]
    fn something_moving_draws_the_next_frame_at_once() {
        let mut wake = Wake::default();
        wake.within(0.4);
        wake.busy();
        let plan = wake.plan();
        assert!(plan.redraw);
        assert_eq!(plan.wait, Duration::ZERO);
        assert!(!plan.short_step);
    }

    #[test]
    fn a_running_clock_wakes_at_its_next_second_with_its_time_running() {
        let mut wake = Wake::default();
        wake.within(0.7);
        wake.within(0.3);
        wake.within(2.0);
        let plan = wake.plan();
        assert!(!plan.redraw);
        assert!((plan.wait.as_secs_f32() - 0.3).abs() < 1e-6);
        assert!(!plan.short_step);
        // Never longer than the heartbeat, never nothing.
        let mut far = Wake::default();
        far.within(600.0);
        assert_eq!(far.plan().wait, HEARTBEAT);
        let mut now = Wake::default();
        now.within(-1.0);
        assert_eq!(now.plan().wait, Duration::from_millis(1));
    }
}
