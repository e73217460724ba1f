//! The player's identity on this device: their key and display name, as the online screens and
//! tables use them.

use crate::identity::Identity;
use bevy::prelude::*;

/// The device's key (made on first online use) and the name the player chose.
#[derive(Resource, Default, Clone)]
pub struct PlayerKey {
    pub identity: Option<Identity>,
    pub name: String,
}
