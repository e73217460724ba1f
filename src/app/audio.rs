//! Sound: game code sends a [`PlaySound`] message naming a sound event; one table maps each
//! event to its file (named in `assets/theme.ron`), and this plugin plays it through bevy_kira_audio at the volume the
//! settings ask for. With no sound device kira logs one warning and the game runs silently.

use super::loading::LoadingQueue;
use super::save::ActiveSettings;
use super::theme::ActiveTheme;
pub use crate::theme::SoundEvent;
use bevy::prelude::*;
use bevy_kira_audio::prelude::*;
use std::collections::HashMap;

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaySound(pub SoundEvent);

/// The loaded sound for each event.
#[derive(Resource, Default)]
pub struct SoundBank(pub HashMap<SoundEvent, Handle<AudioSource>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SoundBank>()
        .add_message::<PlaySound>()
        .add_systems(Startup, load_sounds.after(super::save::Loaded::Theme))
        .add_systems(Update, (follow_theme, play_sounds).chain());
}

/// Loads the sound the theme names for each event; an event with no sound stays silent.
fn load_sounds(
    server: Res<AssetServer>,
    theme: Res<ActiveTheme>,
    mut bank: ResMut<SoundBank>,
    mut queue: ResMut<LoadingQueue>,
) {
    for event in SoundEvent::ALL {
        let Some(path) = theme.0.sound(event) else {
            continue;
        };
        let handle: Handle<AudioSource> = server.load(path.to_string());
        queue.track(path, handle.clone());
        bank.0.insert(event, handle);
    }
}

/// After `theme.ron` changed: each event whose sound file changed plays the new one (or none).
/// A sound file saved in place needs nothing: Bevy's file watching reloads it under its handle.
fn follow_theme(
    mut changes: MessageReader<super::theme::ThemeChanged>,
    server: Res<AssetServer>,
    theme: Res<ActiveTheme>,
    mut bank: ResMut<SoundBank>,
) {
    let Some(change) = changes.read().last() else {
        return;
    };
    for event in SoundEvent::ALL {
        let path = theme.0.sound(event);
        if path == change.old.sound(event) {
            continue;
        }
        match path {
            Some(path) => {
                bank.0.insert(event, server.load(path.to_string()));
            }
            None => {
                bank.0.remove(&event);
            }
        }
    }
}

/// Linear gain 0..=1 to decibels, with everything below -60 dB silent.
fn decibels(gain: f32) -> f32 {
    if gain <= 0.001 {
        -60.0
    } else {
        20.0 * gain.log10()
    }
}

fn play_sounds(
    mut requests: MessageReader<PlaySound>,
    bank: Res<SoundBank>,
    queue: Res<LoadingQueue>,
    settings: Res<ActiveSettings>,
    audio: Res<Audio>,
) {
    let gain = settings.0.effect_gain();
    for PlaySound(event) in requests.read() {
        let Some(handle) = bank.0.get(event) else {
            continue;
        };
        if gain <= 0.001 || queue.is_failed(handle.id()) {
            continue;
        }
        audio
            .play(handle.clone())
            .with_volume(Decibels(decibels(gain)));
    }
}
