//! What a game tells the probe (`app::probe`, a test aid, off unless asked for) about its open
//! table: its state as one JSON object, the board targets a test may click, and what a click
//! reads as. Each game writes its own report in its folder (`<game>/probe.rs`) and names it in
//! its `TableInfo`; the probe's frame (settling, aiming, writing the line) is written once.

use bevy::prelude::*;
use serde_json::Value;

/// How a game reports its open table to the probe.
#[derive(Clone, Copy, Debug)]
pub struct TableProbe {
    /// The table's state and its targets; `None` until the table is dressed (its board and
    /// pieces in the room: nothing to click yet) or without the game's table.
    pub report: fn(&World) -> Option<ProbeReport>,
    /// What a click whose first hit is the entity, at the point, reads as: the name of the
    /// target it is, as the table's input reads it (`None`: no target).
    pub reads: fn(&World, Entity, Vec3) -> Option<String>,
}

/// A table's state and its board targets.
pub struct ProbeReport {
    pub state: Value,
    pub targets: Vec<Target>,
    /// The state shows something that lasts only a moment (the dice of an attempt, two
    /// seconds): written the first frame it is seen, not once it has held still, which at a
    /// frame or two a second it may never do.
    pub passing: bool,
}

/// A board target: its name in the report, and where it is in the world.
pub struct Target {
    pub name: String,
    pub at: Vec3,
}

/// The game's table `T`, once its view `V` is dressed (`root`: its root entity, if its board
/// and pieces are in the room): until then there is nothing to click.
pub fn dressed<T: Resource, V: Resource>(
    world: &World,
    root: fn(&V) -> Option<Entity>,
) -> Option<&T> {
    root(world.get_resource::<V>()?)?;
    world.get_resource::<T>()
}

/// The `C` of the entity a hit mesh `e` belongs to (it or one up to four levels above it).
pub fn owner<C: Component>(world: &World, mut e: Entity) -> Option<&C> {
    for _ in 0..5 {
        if let Some(c) = world.get::<C>(e) {
            return Some(c);
        }
        e = world.get::<ChildOf>(e)?.parent();
    }
    None
}
