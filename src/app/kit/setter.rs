//! Placing carved models on a table: [`Setter`] spawns a model the theme names, in the finish of
//! its wood, with a grain of its own; [`facing`] turns the dark set's pieces to face the light.

use crate::app::anim::contact::{CastsContact, Contact};
use crate::app::models::{ModelLibrary, spawn_model};
use crate::app::room::PanSurface;
use crate::app::theme::ActiveTheme;
use crate::app::wood::WoodMaterial;
use crate::theme::Wood;
use bevy::prelude::*;
use std::f32::consts::PI;

/// Places carved models under one parent.
pub struct Setter<'a, 'b> {
    pub library: &'a ModelLibrary,
    pub theme: &'a ActiveTheme,
    pub materials: &'a mut Assets<WoodMaterial>,
    pub parent: &'a mut ChildSpawnerCommands<'b>,
    pub seed: f32,
    /// Where the patch of contact shading under the next models lies (boards have none).
    pub contact: Contact,
}

impl<'a, 'b> Setter<'a, 'b> {
    pub fn new(
        library: &'a ModelLibrary,
        theme: &'a ActiveTheme,
        materials: &'a mut Assets<WoodMaterial>,
        parent: &'a mut ChildSpawnerCommands<'b>,
        seed: f32,
    ) -> Setter<'a, 'b> {
        Setter {
            library,
            theme,
            materials,
            parent,
            seed,
            contact: Contact::Rest,
        }
    }

    /// A model at `transform`; `pan` lets a drag on it move the view (boards), otherwise it
    /// ignores the pointer and gets a patch of contact shading as [`Setter::contact`] says.
    pub fn place(&mut self, name: &str, wood: Wood, transform: Transform, pan: bool) -> Entity {
        self.seed = (self.seed + 0.618_034) % 1.0;
        let seed = self.seed * 10.0;
        let (library, theme) = (self.library, self.theme);
        let materials = &mut *self.materials;
        let mut e = self.parent.spawn((
            Name::new(name.to_string()),
            transform,
            Visibility::default(),
        ));
        e.with_children(|p| spawn_model(p, library, theme, materials, name, wood, seed));
        if pan {
            e.insert(PanSurface);
        } else {
            e.insert(Pickable::IGNORE);
            let floor = match self.contact {
                Contact::Rest => Some(transform.translation.y),
                Contact::Floor(y) => Some(y),
                Contact::None => None,
            };
            if let Some(floor) = floor {
                e.insert(CastsContact { floor });
            }
        }
        e.id()
    }
}

/// Which way a set's pieces face: the light set looks away from the near edge (−Z), the dark
/// set toward it, so every piece faces its opponent.
pub fn facing(wood: Wood) -> Quat {
    match wood {
        Wood::Light => Quat::IDENTITY,
        Wood::Dark => Quat::from_rotation_y(PI),
    }
}
