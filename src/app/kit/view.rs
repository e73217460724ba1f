//! What every game's 3D view does the same way, written once: dressing the table when it opens
//! (its root, the click sheet, the framing), carving models ([`Carving`]), rebuilding the marks
//! when what they show changed, and a lifted piece gliding up and down.

use super::{Setter, TableSet};
use crate::app::anim::TweenDone;
use crate::app::audio::PlaySound;
use crate::app::marks::{MarkKind, MarkMaterial, MarkQuad};
use crate::app::models::ModelLibrary;
use crate::app::room::{BoardBounds, FitView, PanSurface, TABLE_TOP_Y};
use crate::app::screens::TableRoot;
use crate::app::theme::ActiveTheme;
use crate::app::wood::WoodMaterial;
use crate::rules::GameKind;
use crate::theme::{SoundEvent, Wood};
use bevy::ecs::system::{ScheduleSystem, SystemParam};
use bevy::light::NotShadowCaster;
use bevy::prelude::*;
use std::collections::HashMap;

/// Registers a game's 3D view: its state `V` (the root, the entities it keeps), its `palette`
/// made at start-up, and, once the models are loaded, `animate` in [`TableSet::Animate`] (what
/// was played starts moving) and the `sync` systems, one after the other, in [`TableSet::Sync`]
/// (the entities brought in line with the table).
pub fn view_plugin<V: Resource + Default, M1, M2, M3>(
    app: &mut App,
    palette: impl IntoScheduleConfigs<ScheduleSystem, M1>,
    animate: impl IntoScheduleConfigs<ScheduleSystem, M2>,
    sync: impl IntoScheduleConfigs<ScheduleSystem, M3>,
) {
    app.init_resource::<V>()
        .add_systems(Startup, palette)
        .add_systems(
            Update,
            (
                animate.in_set(TableSet::Animate),
                sync.chain().in_set(TableSet::Sync),
            )
                .run_if(|lib: Res<ModelLibrary>| lib.all_resolved()),
        );
}

/// What carved models are made from: the models, the theme, the woods' materials.
#[derive(SystemParam)]
pub struct Carving<'w> {
    library: Res<'w, ModelLibrary>,
    theme: Res<'w, ActiveTheme>,
    materials: ResMut<'w, Assets<WoodMaterial>>,
}

impl Carving<'_> {
    /// The game's board `model`, carved in the light wood, on the table top under `parent`.
    pub fn board(&mut self, parent: &mut ChildSpawnerCommands, model: &str, seed: f32) {
        let mut s = self.setter(parent, seed);
        s.place(
            model,
            Wood::Light,
            Transform::from_xyz(0.0, TABLE_TOP_Y, 0.0),
            true,
        );
    }

    /// A [`Setter`] placing models under `parent`, with grains from `seed`.
    pub fn setter<'a, 'b>(
        &'a mut self,
        parent: &'a mut ChildSpawnerCommands<'b>,
        seed: f32,
    ) -> Setter<'a, 'b> {
        Setter::new(
            &self.library,
            &self.theme,
            &mut self.materials,
            parent,
            seed,
        )
    }
}

/// A table opening: the root its board is dressed under, and the board's framing.
#[derive(SystemParam)]
pub struct Dressing<'w, 's> {
    roots: Query<'w, 's, (Entity, &'static TableRoot), Added<TableRoot>>,
    bounds: ResMut<'w, BoardBounds>,
    fits: MessageWriter<'w, FitView>,
}

impl Dressing<'_, '_> {
    /// The roots of `game`'s table opened this frame.
    pub fn opened(&self, game: GameKind) -> Vec<Entity> {
        self.roots
            .iter()
            .filter(|(_, t)| t.0 == game)
            .map(|(root, _)| root)
            .collect()
    }

    /// Frames `bounds` at once (Fit frames them from now on).
    pub fn frame(&mut self, bounds: BoardBounds) {
        *self.bounds = bounds;
        self.fits.write(FitView { instant: true });
    }
}

/// The board's click sheet: an unseen plane `size` wide at height `y` over the table's centre,
/// that a click on the board (between the pieces) lands on and a drag pans.
pub fn click_sheet(
    meshes: &mut Assets<Mesh>,
    marks: &mut Assets<MarkMaterial>,
    size: Vec2,
    y: f32,
) -> impl Bundle {
    let sheet = meshes.add(Plane3d::default().mesh().size(size.x, size.y));
    let clear = marks.add(MarkMaterial::new(MarkKind::Dot, Color::NONE));
    (
        PanSurface,
        Mesh3d(sheet),
        MeshMaterial3d(clear),
        Transform::from_xyz(0.0, y, 0.0),
        NotShadowCaster,
    )
}

/// A view's marks (`M`): flat marks over the board, built again whenever what they show
/// changes.
#[derive(SystemParam)]
pub struct Marks<'w, 's, M: Component> {
    pub commands: Commands<'w, 's>,
    pub quad: Res<'w, MarkQuad>,
    marks: Query<'w, 's, Entity, With<M>>,
}

impl<M: Component> Marks<'_, '_, M> {
    /// Whether the marks must be built again: what they show (`key`) is not what they were
    /// built for (`built`). If so, `built` becomes `key` and the old marks are despawned.
    pub fn changed<K: PartialEq + Clone>(&mut self, built: &mut Option<K>, key: &K) -> bool {
        if built.as_ref() == Some(key) {
            return false;
        }
        *built = Some(key.clone());
        for e in &self.marks {
            self.commands.entity(e).despawn();
        }
        true
    }
}

/// A standing piece toward its place `goal` over `dt` seconds: a lifted one floats up and a
/// set-down one sinks back smoothly; one whose place moved (a jump in the history, a takeback,
/// a new game) goes straight there.
pub fn glide(t: &mut Transform, goal: Vec3, dt: f32) {
    let k = 1.0 - (-14.0 * dt).exp();
    let d = goal - t.translation;
    if d.x.abs() + d.z.abs() > 0.01 || d.y.abs() > 1.0 {
        t.translation = goal;
    } else {
        t.translation.y += d.y * k;
    }
}

/// The view's root while it stands: once it is gone (the table was left), the view forgets it
/// and the pieces it kept.
pub fn standing<K>(
    commands: &mut Commands,
    root: &mut Option<Entity>,
    pieces: &mut HashMap<K, Entity>,
) -> Option<Entity> {
    let r = (*root)?;
    if commands.get_entity(r).is_err() {
        *root = None;
        pieces.clear();
        return None;
    }
    Some(r)
}

/// Wood on wood when a moved piece (a `P`) lands.
pub fn landing_sound<P: Component>(
    mut done: MessageReader<TweenDone>,
    pieces: Query<(), With<P>>,
    mut sounds: MessageWriter<PlaySound>,
) {
    for TweenDone(e) in done.read() {
        if pieces.get(*e).is_ok() {
            sounds.write(PlaySound(SoundEvent::Place));
        }
    }
}
