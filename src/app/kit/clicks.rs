//! Clicks on the table, at any frame rate.
//!
//! A click on the table is a press and a release of the primary button (or a finger) on the
//! same thing, with the pointer never further than [`DRAG_SLOP`] pixels from where it was
//! pressed (further is a drag: the view pans), however many frames or seconds lie between the
//! two. Its target is what was under the pointer where it was pressed: the first mesh a ray
//! from the camera through that pixel hits, by the picking rules ([`Pickable`]), unless a panel
//! covers that pixel (the same rules the probe aims by).
//!
//! Bevy's own `Pointer<Click>` is aimed at what was hovered at the end of the frame before the
//! release, worked out once a frame at the pointer's last position. At a frame a second (a
//! software renderer) a pointer that moved onto a square and clicked within one frame clicked
//! the square it had been over a frame before (the board is one mesh), and one that moved onto
//! a piece clicked nothing; two clicks within one frame were taken as one. Here each press and
//! release is aimed where it happened, and each click reaches the table in a frame of its own
//! ([`TableClick`], one a frame, in order), so the second is read against what the first did.
//!
//! A finger held still on a thing for [`LONG_PRESS`] asks for its details instead of clicking
//! it ([`TableLongPress`]): what the pointer over it tells on a desktop (the stack under a
//! piece, a piece's rank), which a touch screen has no hover for.

use crate::app::screens::Screen;
use bevy::ecs::system::SystemParam;
use bevy::picking::Pickable;
use bevy::picking::mesh_picking::MeshPickingSettings;
use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings, RayCastVisibility};
use bevy::picking::pointer::{PointerAction, PointerButton, PointerId, PointerInput};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiZoomFactor, PrimaryEguiContext, egui};
use std::collections::VecDeque;

/// A pointer that moved further than this many pixels while pressed was dragging (the view
/// pans), not clicking.
pub const DRAG_SLOP: f32 = 8.0;

/// A finger held this many seconds on one thing, without sliding, is a long press: the thing's
/// details, not a click.
pub const LONG_PRESS: f32 = 0.5;

/// At most this many clicks wait for their frame; more are dropped (nobody clicks faster).
const MAX_WAITING: usize = 8;

/// `e` and the entities above it, nearest first, `levels` of them at the most: a hit lands on
/// one of a model's meshes, and what it belongs to is found up the hierarchy.
pub fn up_from<'a>(
    e: Entity,
    parents: &'a Query<&ChildOf>,
    levels: usize,
) -> impl Iterator<Item = Entity> + 'a {
    std::iter::successors(Some(e), |e| parents.get(*e).ok().map(ChildOf::parent)).take(levels)
}

/// A click on the table: the mesh entity under the pointer where it was pressed, and the
/// point of it that was hit.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct TableClick {
    pub entity: Entity,
    pub position: Vec3,
}

/// A finger held still on a thing of the table for [`LONG_PRESS`]: the mesh entity under it and
/// the point of it that was hit. The finger's release then clicks nothing.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct TableLongPress {
    pub entity: Entity,
    pub position: Vec3,
}

/// A button held down: where, what was under it there, whether it has slid too far, and for a
/// finger when it touched (seconds of the app's clock) and whether it has become a long press.
#[derive(Debug, Clone, Copy)]
struct Press {
    at: Vec2,
    hit: Option<(Entity, Vec3)>,
    slid: bool,
    touched: Option<f64>,
    long: bool,
}

/// The presses in progress, one per pointer, and the clicks waiting for their frame.
#[derive(Resource, Default, Debug)]
pub struct Clicks {
    presses: HashMap<PointerId, Press>,
    waiting: VecDeque<TableClick>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Clicks>()
        .add_message::<PointerInput>()
        .add_message::<TableClick>()
        .add_message::<TableLongPress>()
        .add_systems(PreUpdate, clicks);
}

/// What a pointer at a window position (logical pixels) is over: the table's camera, its
/// meshes, and the panels in front of them.
#[derive(SystemParam)]
pub struct Aim<'w, 's> {
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera3d>>,
    panels: Query<
        'w,
        's,
        (&'static mut EguiContext, Option<&'static EguiZoomFactor>),
        With<PrimaryEguiContext>,
    >,
    ray: MeshRayCast<'w, 's>,
    pickables: Query<'w, 's, &'static Pickable>,
    settings: Option<Res<'w, MeshPickingSettings>>,
}

impl Aim<'_, '_> {
    /// The first pickable mesh under window position `at` and the point hit, unless a panel
    /// (an egui area that takes the pointer) is there.
    pub fn at(&mut self, at: Vec2) -> Option<(Entity, Vec3)> {
        for (mut ctx, zoom) in &mut self.panels {
            let zoom = zoom.map_or(1.0, |z| z.zoom_factor).max(0.01);
            let covered = ctx
                .get_mut()
                .layer_id_at(egui::pos2(at.x / zoom, at.y / zoom))
                .is_some_and(|l| l.order != egui::Order::Background);
            if covered {
                return None;
            }
        }
        let (camera, transform) = self.cameras.iter().find(|(c, _)| c.is_active)?;
        let ray = camera.viewport_to_world(transform, at).ok()?;
        let pickables = &self.pickables;
        let settings = MeshRayCastSettings {
            visibility: self
                .settings
                .as_ref()
                .map_or(RayCastVisibility::VisibleInView, |s| s.ray_cast_visibility),
            filter: &|e| pickables.get(e).ok().is_none_or(|p| p.is_hoverable),
            early_exit_test: &|e| pickables.get(e).is_ok_and(|p| p.should_block_lower),
        };
        let (entity, hit) = self.ray.cast_ray(ray, &settings).first()?;
        Some((*entity, hit.point))
    }
}

/// Turns the pointers' presses and releases into [`TableClick`]s, one a frame, and a finger
/// held still into a [`TableLongPress`].
#[allow(clippy::too_many_arguments)]
fn clicks(
    mut inputs: MessageReader<PointerInput>,
    mut state: ResMut<Clicks>,
    screen: Option<Res<State<Screen>>>,
    mut aim: Aim,
    time: Res<Time<Real>>,
    wake: Option<ResMut<crate::app::calm::Wake>>,
    mut out: MessageWriter<TableClick>,
    mut long: MessageWriter<TableLongPress>,
) {
    let now = time.elapsed_secs_f64();
    // A click made on one screen is not for the next.
    if screen.is_some_and(|s| s.is_changed()) {
        state.waiting.clear();
    }
    for input in inputs.read() {
        let id = input.pointer_id;
        let at = input.location.position;
        match input.action {
            PointerAction::Press(PointerButton::Primary) => {
                let hit = aim.at(at);
                state.presses.insert(
                    id,
                    Press {
                        at,
                        hit,
                        slid: false,
                        touched: matches!(id, PointerId::Touch(_)).then_some(now),
                        long: false,
                    },
                );
            }
            PointerAction::Move { .. } => {
                if let Some(press) = state.presses.get_mut(&id) {
                    press.slid |= press.at.distance(at) > DRAG_SLOP;
                }
            }
            PointerAction::Release(PointerButton::Primary) => {
                let Some(press) = state.presses.remove(&id) else {
                    continue;
                };
                let Some((entity, position)) = press.hit else {
                    continue;
                };
                if press.long || press.slid || press.at.distance(at) > DRAG_SLOP {
                    continue;
                }
                // Released over the same thing it was pressed on.
                if aim.at(at).is_some_and(|(e, _)| e == entity) && state.waiting.len() < MAX_WAITING
                {
                    state.waiting.push_back(TableClick { entity, position });
                }
            }
            PointerAction::Cancel => {
                state.presses.remove(&id);
            }
            _ => {}
        }
    }
    // Fingers held still: a long press once they have been for long enough, and the game
    // woken when the soonest will have been (it may draw only on change: `app::calm`).
    let mut soonest: Option<f32> = None;
    for press in state.presses.values_mut() {
        let (Some(touched), Some((entity, position))) = (press.touched, press.hit) else {
            continue;
        };
        if press.long || press.slid {
            continue;
        }
        let left = LONG_PRESS - (now - touched) as f32;
        if left <= 0.0 {
            press.long = true;
            long.write(TableLongPress { entity, position });
        } else {
            soonest = Some(soonest.map_or(left, |s| s.min(left)));
        }
    }
    if let (Some(left), Some(mut wake)) = (soonest, wake) {
        wake.within(left);
    }
    if let Some(click) = state.waiting.pop_front() {
        out.write(click);
    }
}
