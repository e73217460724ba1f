//! A test aid, off unless asked for (`--probe`; in the browser `?probe=1`): the game logs, as
//! `info!` lines starting with `probe:`, what a test driving it with real mouse clicks needs to
//! know and cannot read from the page, since everything is drawn on one canvas:
//!
//! - `probe: ui {...}`: the panels' widgets (egui's accessibility tree): each button, toggle and
//!   text field with its words, its rectangle in the window's logical pixels and whether it is
//!   enabled, and the words of the labels on screen;
//! - `probe: snelab {...}`, `probe: hive {...}`, `probe: chess {...}`: at a table, its state (the
//!   position, what is lifted, the rings, the last move, the dice…) and the window pixel of each
//!   board target (squares, cells, reserve stacks). Each game writes its own report in its
//!   folder (`<game>/probe.rs`, named in its `TableInfo`: `kit::probe`); this file is the
//!   frame.
//!
//! A line is written when what it says changed and then held still for a moment (so a camera
//! gliding to a new framing is reported once, where it stops). A board target's pixel is one
//! whose click the game reads as that target: the probe casts the ray a click there would cast,
//! with the picking backend's rules, and maps the first hit the way the table's input does
//! (a piece to its square, anything else to the square under the hit); points of the target
//! that a panel covers, that another piece hides or that lie off screen are skipped, and a
//! target with no such point is left out.

use super::kit::probe::{ProbeReport, Target};
use super::screens::Screen;
use crate::launch::LaunchOptions;
use bevy::ecs::system::{SystemParam, SystemState};
use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings, RayCastVisibility};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::accesskit::{Role, Toggled};
use bevy_egui::{EguiContexts, EguiOutput, EguiPostUpdateSet, PrimaryEguiContext, egui};
use serde_json::{Value, json};
use std::hash::{Hash, Hasher};

/// How long (seconds) and for how many frames what a line says must hold before it is written.
const SETTLE_S: f64 = 0.3;
const SETTLE_FRAMES: u32 = 3;

/// Points tried on a target, around its centre (in world units, on the table's plane), and the
/// heights above it (a piece standing there is hit on its body).
const OFFSETS: [(f32, f32); 5] = [(0.0, 0.0), (0.2, 0.0), (-0.2, 0.0), (0.0, 0.2), (0.0, -0.2)];
const HEIGHTS: [f32; 4] = [0.02, 0.25, 0.45, 0.7];

pub fn plugin(app: &mut App) {
    let on = app
        .world()
        .get_resource::<LaunchOptions>()
        .is_some_and(|o| o.probe);
    if !on {
        return;
    }
    app.init_resource::<Probe>().add_systems(
        PostUpdate,
        (
            ui_report.after(EguiPostUpdateSet::ProcessOutput),
            // After the frame's visibility is known: before it, every mesh reads as unseen
            // (`ViewVisibility` is reset early in `PostUpdate`) and no ray hits anything.
            table_report.after(TransformSystems::Propagate).after(
                bevy::camera::visibility::VisibilitySystems::MarkNewlyHiddenEntitiesInvisible,
            ),
        )
            .chain(),
    );
}

/// What was reported, and what is waiting to hold still.
#[derive(Resource, Default)]
struct Probe {
    ui: Settle,
    table: Settle,
    /// The last widgets seen (their words and places), so a panel moving over the board makes
    /// the board's targets be checked again.
    ui_key: u64,
    /// The last `probe: ui` line written, and when: a settled panel whose numbers tick (a
    /// clock) is written again at most once a second.
    ui_line: Option<u64>,
    ui_line_at: f64,
    accesskit_on: bool,
}

/// A report is written once its key has held for [`SETTLE_S`] and [`SETTLE_FRAMES`].
#[derive(Default, Debug)]
struct Settle {
    logged: Option<u64>,
    candidate: Option<(u64, f64, u32)>,
}

impl Settle {
    /// Whether the report with `key`, seen now, is due: held long enough and not yet written.
    fn due(&mut self, key: u64, now: f64) -> bool {
        match &mut self.candidate {
            Some((k, since, frames)) if *k == key => {
                *frames += 1;
                if now - *since >= SETTLE_S && *frames >= SETTLE_FRAMES && self.logged != Some(key)
                {
                    self.logged = Some(key);
                    return true;
                }
                false
            }
            _ => {
                self.candidate = Some((key, now, 1));
                false
            }
        }
    }

    /// Whether the passing report with `key`, seen now, is due: at once, once.
    fn at_once(&mut self, key: u64, now: f64) -> bool {
        self.candidate = Some((key, now, 1));
        if self.logged == Some(key) {
            return false;
        }
        self.logged = Some(key);
        true
    }
}

fn hash_of(v: &impl Hash) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// A window pixel as the probe writes it: whole logical pixels.
fn pixel(p: Vec2) -> [i32; 2] {
    [p.x.round() as i32, p.y.round() as i32]
}

/// The role of a widget a test may click or type into, as the report names it.
fn widget_kind(role: Role) -> Option<&'static str> {
    Some(match role {
        Role::Button | Role::DefaultButton => "button",
        Role::CheckBox => "checkbox",
        Role::RadioButton => "radio",
        Role::TextInput | Role::MultilineTextInput => "text",
        Role::ComboBox => "combo",
        Role::Link => "link",
        Role::Slider | Role::SpinButton => "slider",
        _ => return None,
    })
}

/// The panels' widgets from egui's accessibility tree (turned on for this), written as one
/// `probe: ui` line when they change.
fn ui_report(
    mut probe: ResMut<Probe>,
    time: Res<Time<Real>>,
    mut contexts: EguiContexts,
    outputs: Query<&EguiOutput, With<PrimaryEguiContext>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    screen: Option<Res<State<Screen>>>,
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    if !probe.accesskit_on {
        ctx.enable_accesskit();
        probe.accesskit_on = true;
    }
    let (Ok(output), Ok(window)) = (outputs.single(), windows.single()) else {
        return;
    };
    let Some(update) = &output.platform_output.accesskit_update else {
        return;
    };
    // egui's points to the window's logical pixels (the page's CSS pixels).
    let scale = output.pixels_per_point / window.scale_factor().max(0.01);
    let mut widgets = Vec::new();
    let mut text = Vec::new();
    for (_, node) in &update.nodes {
        let role = node.role();
        if role == Role::Label {
            if let Some(v) = node.value().filter(|v| !v.trim().is_empty()) {
                let at = node.bounds().map_or((0, 0), |b| (b.y0 as i32, b.x0 as i32));
                text.push((at, v.chars().take(200).collect::<String>()));
            }
            continue;
        }
        let (Some(kind), Some(b)) = (widget_kind(role), node.bounds()) else {
            continue;
        };
        let r = [b.x0, b.y0, b.x1, b.y1].map(|v| (v as f32 * scale).round() as i32);
        let mut w = json!({
            "kind": kind,
            "label": node.label().unwrap_or_default(),
            "x": (r[0] + r[2]) / 2,
            "y": (r[1] + r[3]) / 2,
            "w": r[2] - r[0],
            "h": r[3] - r[1],
            "enabled": !node.is_disabled(),
        });
        if let Some(t) = node.toggled() {
            w["on"] = Value::Bool(t == Toggled::True);
        }
        if kind == "text" {
            w["chars"] = json!(node.value().map_or(0, |v| v.chars().count()));
        }
        widgets.push(w);
    }
    // Reading order: top to bottom, then left to right.
    widgets.sort_by_key(|w| (w["y"].as_i64(), w["x"].as_i64()));
    text.sort();
    let text: Vec<String> = text.into_iter().map(|(_, t)| t).collect();
    let screen = screen.map_or_else(String::new, |s| format!("{:?}", s.get()));
    let report = json!({ "screen": screen, "widgets": widgets, "text": text });
    let line = report.to_string();
    // What the panels are, numbers aside: a countdown changing every second must not keep a
    // slow renderer's panels from ever holding still (and a panel's words appearing or going
    // make the board's targets be checked again: a panel may cover them).
    let shape = hash_of(&(screen.as_str(), json!(widgets).to_string(), shape_of(&text)));
    probe.ui_key = shape;
    let now = time.elapsed_secs_f64();
    let line_key = hash_of(&line);
    let due = probe.ui.due(shape, now);
    let refresh = probe.ui.logged == Some(shape)
        && probe.ui_line != Some(line_key)
        && now - probe.ui_line_at >= 1.0;
    if due || refresh {
        probe.ui_line = Some(line_key);
        probe.ui_line_at = now;
        info!("probe: ui {line}");
    }
}

/// The panels' words with every digit masked: their shape, whatever the clock says.
fn shape_of(text: &[String]) -> Vec<String> {
    text.iter()
        .map(|t| {
            t.chars()
                .map(|c| if c.is_ascii_digit() { '#' } else { c })
                .collect()
        })
        .collect()
}

/// What the probe looks through: the camera, the panels, and the picking rules.
#[derive(SystemParam)]
struct Looker<'w, 's> {
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera3d>>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    contexts: EguiContexts<'w, 's>,
    ray: MeshRayCast<'w, 's>,
    pickables: Query<'w, 's, &'static Pickable>,
}

impl Looker<'_, '_> {
    /// The camera's pose and the window's size, rounded: the key of what the board looks like.
    fn view_key(&self) -> Option<[i32; 9]> {
        let (_, t) = self.cameras.single().ok()?;
        let w = self.windows.single().ok()?;
        let (_, r, p) = t.to_scale_rotation_translation();
        Some([
            (p.x * 100.0) as i32,
            (p.y * 100.0) as i32,
            (p.z * 100.0) as i32,
            (r.x * 1000.0) as i32,
            (r.y * 1000.0) as i32,
            (r.z * 1000.0) as i32,
            (r.w * 1000.0) as i32,
            w.width() as i32,
            w.height() as i32,
        ])
    }
}

/// What the camera shows and where: its pose, the window's size and the panels.
struct Sight {
    camera: Camera,
    transform: GlobalTransform,
    size: Vec2,
    ctx: egui::Context,
}

/// A window pixel whose click reads as the target (`reads`: what a click whose first hit is an
/// entity at a point reads as, by the game's input), if there is one.
fn aim(
    world: &mut World,
    looker: &mut SystemState<Looker<'static, 'static>>,
    target: &Target,
    reads: fn(&World, Entity, Vec3) -> Option<String>,
) -> Option<[i32; 2]> {
    let Sight {
        camera,
        transform,
        size,
        ctx,
    } = looker.get_mut(world).ok()?.sight()?;
    for &h in &HEIGHTS {
        for &(dx, dz) in &OFFSETS {
            let point = target.at + Vec3::new(dx, h, dz);
            let Ok(px) = camera.world_to_viewport(&transform, point) else {
                continue;
            };
            let px = px.round();
            if px.x < 2.0 || px.y < 2.0 || px.x > size.x - 2.0 || px.y > size.y - 2.0 {
                continue;
            }
            // A panel there takes the click.
            let covered = ctx
                .layer_id_at(egui::pos2(px.x, px.y))
                .is_some_and(|l| l.order != egui::Order::Background);
            if covered {
                debug!(
                    "target {} at {px}: a panel takes the click there ({:?})",
                    target.name,
                    ctx.layer_id_at(egui::pos2(px.x, px.y))
                );
                continue;
            }
            let Ok(ray) = camera.viewport_to_world(&transform, px) else {
                continue;
            };
            let first = looker.get_mut(world).ok()?.first_hit(ray);
            if let Some((e, point)) = first
                && reads(world, e, point).as_deref() == Some(target.name.as_str())
            {
                return Some(pixel(px));
            }
            debug!(
                "target {} at {px}: the click reads otherwise ({first:?})",
                target.name
            );
        }
    }
    None
}

impl Looker<'_, '_> {
    /// The camera, the window's size and the panels, as a click is aimed through them.
    fn sight(&mut self) -> Option<Sight> {
        let (camera, transform) = self.cameras.single().ok()?;
        let (camera, transform) = (camera.clone(), *transform);
        let window = self.windows.single().ok()?;
        let size = Vec2::new(window.width(), window.height());
        let ctx = self.contexts.ctx_mut().ok()?.clone();
        Some(Sight {
            camera,
            transform,
            size,
            ctx,
        })
    }

    /// The first mesh a click's ray hits, by the picking rules, and where.
    fn first_hit(&mut self, ray: Ray3d) -> Option<(Entity, Vec3)> {
        let pickables = &self.pickables;
        let settings = MeshRayCastSettings {
            visibility: RayCastVisibility::VisibleInView,
            filter: &|e| pickables.get(e).ok().is_none_or(|p| p.is_hoverable),
            early_exit_test: &|e| pickables.get(e).is_ok_and(|p| p.should_block_lower),
        };
        self.ray
            .cast_ray(ray, &settings)
            .first()
            .map(|(e, hit)| (*e, hit.point))
    }
}

/// The open table's state and targets (as its game reports them, `kit::probe`), written as one
/// `probe: <game>` line when they change.
fn table_report(world: &mut World, looker: &mut SystemState<Looker<'static, 'static>>) {
    let screen = world.get_resource::<State<Screen>>().map(|s| *s.get());
    let Some(Screen::Table(game)) = screen else {
        world.resource_mut::<Probe>().table = Settle::default();
        return;
    };
    let Some(view) = looker.get_mut(world).ok().and_then(|l| l.view_key()) else {
        return;
    };
    let Some(probe) = super::TABLES
        .iter()
        .find(|t| t.game == game)
        .map(|t| t.probe)
    else {
        return;
    };
    // Until the table is dressed (its board and pieces in the room) there is nothing to click.
    let Some(ProbeReport {
        mut state,
        targets,
        passing,
    }) = (probe.report)(world)
    else {
        return;
    };
    let now = world.resource::<Time<Real>>().elapsed_secs_f64();
    let mut p = world.resource_mut::<Probe>();
    let key = hash_of(&(state.to_string(), view, p.ui_key));
    let due = if passing {
        p.table.at_once(key, now)
    } else {
        p.table.due(key, now)
    };
    if !due {
        return;
    }
    let mut aimed = serde_json::Map::new();
    for t in &targets {
        if let Some(px) = aim(world, looker, t, probe.reads) {
            aimed.insert(t.name.clone(), json!(px));
        }
    }
    state["targets"] = Value::Object(aimed);
    info!("probe: {} {state}", game.cli_name());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_is_written_once_it_has_held_still_and_once_only() {
        let mut s = Settle::default();
        assert!(!s.due(1, 0.0));
        assert!(!s.due(1, 0.1));
        // Held long enough but not for enough frames yet at 0.31 s? Three frames: due.
        assert!(s.due(1, 0.31));
        // Written: not again while it stays the same.
        assert!(!s.due(1, 0.5));
        assert!(!s.due(1, 5.0));
        // A change must hold still again before it is written.
        assert!(!s.due(2, 5.1));
        assert!(!s.due(3, 5.2));
        assert!(!s.due(3, 5.3));
        assert!(!s.due(3, 5.4));
        assert!(s.due(3, 5.6));
        // Something passing (the dice): written the frame it is seen, once; what follows it
        // settles as before.
        let mut s = Settle::default();
        assert!(s.at_once(4, 1.0));
        assert!(!s.at_once(4, 1.1));
        assert!(s.at_once(5, 1.2));
        assert!(!s.due(6, 1.3));
        // Many frames in less than the time: not yet.
        let mut s = Settle::default();
        for i in 0..10 {
            assert!(!s.due(7, f64::from(i) * 0.01));
        }
        assert!(s.due(7, 0.35));
        // Back to something written before: written again (the table returned to it).
        assert!(!s.due(3, 0.4));
        assert!(!s.due(3, 0.5));
        assert!(!s.due(3, 0.6));
        assert!(s.due(3, 0.8));
    }

    #[test]
    fn a_ticking_clock_does_not_change_the_panels_shape() {
        let a = shape_of(&["Ash 0:59".to_string(), "Walnut".to_string()]);
        let b = shape_of(&["Ash 0:58".to_string(), "Walnut".to_string()]);
        assert_eq!(a, b);
        assert_ne!(a, shape_of(&["Ash 0:58".to_string()]));
    }

    #[test]
    fn pixels_are_whole_and_widgets_are_named_by_role() {
        assert_eq!(pixel(Vec2::new(10.4, 719.6)), [10, 720]);
        assert_eq!(widget_kind(Role::Button), Some("button"));
        assert_eq!(widget_kind(Role::MultilineTextInput), Some("text"));
        assert_eq!(widget_kind(Role::Label), None);
    }
}
