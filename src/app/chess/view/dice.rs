//! The carved dice of an attempt: thrown from each side's edge when the roll starts, tumbling
//! for [`Timing::dice`] and settling on the values the rules rolled, the attacker's on the
//! left and the defender's on the right in front of the board; gone when the result reaches
//! the board.

use super::{Board3d, Die};
use crate::app::anim::Vanish;
use crate::app::anim::contact::Contact;
use crate::app::chess::table::Timing;
use crate::app::chess::{ChessTable, wood};
use crate::app::kit::view::Carving;
use crate::app::room::TABLE_TOP_Y;
use crate::carve::DIE_EDGE;
use bevy::prelude::*;
use std::f32::consts::PI;

/// Where the dice come to rest: on the table in front of the board, the attacker's on the
/// left, the defender's on the right, carved larger than life so they read from the seats.
const DICE_Z: f32 = 5.05;
const ATTACKER_X: f32 = -1.7;
const DEFENDER_X: f32 = 1.7;
const DICE_GAP: f32 = 0.72;
const DICE_SCALE: f32 = 1.8;

/// The rest orientation of a die showing `value` on top, turned by `yaw`.
pub fn die_rest(value: u8, yaw: f32) -> Quat {
    let up = match value {
        1 => Vec3::Y,
        6 => Vec3::NEG_Y,
        2 => Vec3::NEG_Z,
        5 => Vec3::Z,
        3 => Vec3::X,
        _ => Vec3::NEG_X,
    };
    Quat::from_rotation_y(yaw) * Quat::from_rotation_arc(up, Vec3::Y)
}

/// Where a die rests.
pub fn die_home(attacker: bool, index: usize, count: usize) -> Vec3 {
    let centre = if attacker { ATTACKER_X } else { DEFENDER_X };
    let spread = (index as f32 - (count as f32 - 1.0) / 2.0) * DICE_GAP;
    Vec3::new(
        centre + spread,
        TABLE_TOP_Y + DIE_EDGE * DICE_SCALE / 2.0,
        DICE_Z + 0.06 * (index as f32 - 1.0),
    )
}

/// The middle of a side's dice (where its label goes).
pub fn dice_centre(attacker: bool) -> Vec3 {
    Vec3::new(
        if attacker { ATTACKER_X } else { DEFENDER_X },
        TABLE_TOP_Y,
        DICE_Z,
    )
}

/// A die's pose `t` of the way through its roll (0: thrown, 1: at rest): it flies in from the
/// thrower's side, bounces lower and lower, and tumbles into its rest orientation.
pub fn die_pose(attacker: bool, index: usize, count: usize, value: u8, t: f32) -> Transform {
    let t = t.clamp(0.0, 1.0);
    let seed = index as f32 * 1.7 + if attacker { 0.0 } else { 3.1 };
    let home = die_home(attacker, index, count);
    let side = if attacker { -1.0 } else { 1.0 };
    let thrown_from = home + Vec3::new(side * (1.4 + 0.3 * seed.sin()), 1.8, 1.2);
    let ease = 1.0 - (1.0 - t).powi(3);
    let mut at = thrown_from.lerp(home, ease);
    // Bounces: three arcs, each lower.
    let bounce = (t * 3.0 * PI).sin().abs() * (1.0 - t).powi(2) * 0.9;
    at.y = home.y + bounce + (1.0 - ease) * 0.4;
    let yaw = 0.35 * (seed * 2.3).sin();
    let spin = (1.0 - t).powi(2) * (9.0 + seed);
    let axis = Vec3::new(seed.cos(), 0.4, seed.sin()).normalize();
    let rot = Quat::from_axis_angle(axis, spin) * die_rest(value, yaw);
    Transform::from_translation(at)
        .with_rotation(rot)
        .with_scale(Vec3::splat(DICE_SCALE))
}

/// The dice of the roll on show: thrown when the roll starts, tumbling for `Timing::dice`,
/// resting on the rolled values, gone when the result reaches the board.
#[allow(clippy::too_many_arguments)]
pub(super) fn dice(
    mut commands: Commands,
    table: Res<ChessTable>,
    timing: Res<Timing>,
    mut board: ResMut<Board3d>,
    mut dice: Query<(Entity, &Die, &mut Transform)>,
    mut carving: Carving,
) {
    let Some(root) = board.root else {
        return;
    };
    let Some(roll) = &table.roll else {
        if board.dice_of.take().is_some() {
            for (e, _, _) in &dice {
                commands.entity(e).insert(Vanish::after(0.0, 0.25));
            }
        }
        return;
    };
    let record = roll.played.record;
    let Some(rolled) = record.dice else {
        return;
    };
    if board.dice_of != Some(record) {
        for (e, _, _) in &dice {
            commands.entity(e).despawn();
        }
        board.dice_of = Some(record);
        let attacker_wood = wood(record.actor);
        let defender_wood = wood(record.actor.other());
        let mut thrown = Vec::new();
        commands.entity(root).with_children(|parent| {
            let mut s = carving.setter(parent, 0.77);
            // Thrown from above, the dice land on the table top.
            s.contact = Contact::Floor(TABLE_TOP_Y);
            for (attacker, set, w) in [
                (true, rolled.attacker, attacker_wood),
                (false, rolled.defender, defender_wood),
            ] {
                let count = set.values().len();
                for (index, value) in set.values().iter().enumerate() {
                    let pose = die_pose(attacker, index, count, *value, 0.0);
                    let e = s.place("die_d6", w, pose, false);
                    thrown.push((
                        e,
                        Die {
                            attacker,
                            index,
                            value: *value,
                        },
                    ));
                }
            }
        });
        for (e, die) in thrown {
            commands.entity(e).insert(die);
        }
        return;
    }
    let t = if timing.dice > 0.0 {
        roll.elapsed / timing.dice
    } else {
        1.0
    };
    for (_, die, mut tf) in &mut dice {
        let count = if die.attacker {
            rolled.attacker.values().len()
        } else {
            rolled.defender.values().len()
        };
        *tf = die_pose(die.attacker, die.index, count, die.value, t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settled_die_shows_its_value_on_top() {
        let faces = [
            (1, Vec3::Y),
            (6, Vec3::NEG_Y),
            (2, Vec3::NEG_Z),
            (5, Vec3::Z),
            (3, Vec3::X),
            (4, Vec3::NEG_X),
        ];
        for (value, dir) in faces {
            for (attacker, index) in [(true, 0), (true, 2), (false, 1)] {
                let pose = die_pose(attacker, index, 3, value, 1.0);
                let up = pose.rotation * dir;
                assert!(up.dot(Vec3::Y) > 0.999, "{value}: {up:?}");
                assert!((pose.translation - die_home(attacker, index, 3)).length() < 1e-4);
            }
            let mid = die_pose(true, 0, 3, value, 0.3);
            assert!(mid.translation.y > die_home(true, 0, 3).y, "in the air");
        }
    }
}
