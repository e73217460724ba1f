//! Sound: game code sends a [`PlaySound`] message naming a sound event; one table maps each
//! event to its file (named in `assets/theme.ron`), and this plugin plays it at the volume the
//! settings ask for.
//!
//! On the desktop through bevy_kira_audio (with no sound device kira logs one warning and the
//! game runs silently); in the browser through the page's Web Audio ([`web`]), which decodes the
//! same Ogg files itself, so kira and its decoder stay out of the `.wasm`.

use super::loading::LoadingQueue;
use super::save::ActiveSettings;
use super::theme::ActiveTheme;
pub use crate::theme::SoundEvent;
use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use bevy_kira_audio::prelude::{Audio, AudioControl, AudioSource, Decibels};
use std::collections::HashMap;

#[cfg(target_arch = "wasm32")]
use web::SoundFile as AudioSource;

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaySound(pub SoundEvent);

/// The loaded sound for each event.
#[derive(Resource, Default)]
pub struct SoundBank(pub HashMap<SoundEvent, Handle<AudioSource>>);

pub(super) fn plugin(app: &mut App) {
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(bevy_kira_audio::AudioPlugin);
    #[cfg(target_arch = "wasm32")]
    app.init_asset::<web::SoundFile>()
        .register_asset_loader(web::SoundFileLoader)
        .init_non_send::<web::WebAudio>();
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
#[cfg(not(target_arch = "wasm32"))]
fn decibels(gain: f32) -> f32 {
    if gain <= 0.001 {
        -60.0
    } else {
        20.0 * gain.log10()
    }
}

#[cfg(not(target_arch = "wasm32"))]
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

#[cfg(target_arch = "wasm32")]
fn play_sounds(
    mut requests: MessageReader<PlaySound>,
    bank: Res<SoundBank>,
    queue: Res<LoadingQueue>,
    settings: Res<ActiveSettings>,
    files: Res<Assets<web::SoundFile>>,
    mut page: NonSendMut<web::WebAudio>,
) {
    let gain = settings.0.effect_gain();
    for PlaySound(event) in requests.read() {
        let Some(handle) = bank.0.get(event) else {
            continue;
        };
        if gain <= 0.001 || queue.is_failed(handle.id()) {
            continue;
        }
        // A sound asked for before its file arrived is not heard (as with kira).
        if let Some(file) = files.get(handle) {
            page.play(handle.id(), file, gain);
        }
    }
}

/// The browser's sound: the page's Web Audio.
#[cfg(target_arch = "wasm32")]
pub mod web {
    use bevy::asset::io::Reader;
    use bevy::asset::{AssetLoader, LoadContext};
    use bevy::prelude::*;
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::rc::Rc;
    use wasm_bindgen::JsCast;
    use web_sys::{AudioBuffer, AudioContext, AudioContextState};

    /// A sound file's bytes, as the site sends them; the page decodes them at the first play.
    #[derive(Asset, TypePath)]
    pub struct SoundFile(pub Vec<u8>);

    /// Reads `.ogg` files as bytes (the desktop's kira reads the same extension).
    #[derive(Default, TypePath)]
    pub struct SoundFileLoader;

    impl AssetLoader for SoundFileLoader {
        type Asset = SoundFile;
        type Settings = ();
        type Error = std::io::Error;

        async fn load(
            &self,
            reader: &mut dyn Reader,
            _settings: &(),
            _context: &mut LoadContext<'_>,
        ) -> Result<SoundFile, Self::Error> {
            let mut bytes = Vec::new();
            reader.read_to_end(&mut bytes).await?;
            Ok(SoundFile(bytes))
        }

        fn extensions(&self) -> &[&str] {
            &["ogg"]
        }
    }

    enum Decoded {
        /// Being decoded; the gain of a play asked for meanwhile (the first one is heard when
        /// the decoding ends, a fraction of a second late, rather than lost).
        Pending(Option<f32>),
        Ready(AudioBuffer),
        /// The page could not decode it (one warning); the sound stays silent.
        Failed,
    }

    /// One AudioContext, made at the first sound; the page (`web/index.html`) resumes it at the
    /// player's first click or key, as browsers ask. Each file is decoded once.
    #[derive(Default)]
    pub struct WebAudio {
        context: Option<AudioContext>,
        /// The page said no to an AudioContext: the game stays silent, without asking again.
        refused: bool,
        decoded: HashMap<AssetId<SoundFile>, Rc<RefCell<Decoded>>>,
    }

    impl WebAudio {
        fn context(&mut self) -> Option<AudioContext> {
            if self.context.is_none() && !self.refused {
                match AudioContext::new() {
                    Ok(context) => self.context = Some(context),
                    Err(e) => {
                        warn!("No sound: the page has no AudioContext ({e:?})");
                        self.refused = true;
                    }
                }
            }
            let context = self.context.clone()?;
            if context.state() == AudioContextState::Suspended {
                // Allowed only after a gesture; otherwise the page's own listener resumes it.
                let _ = context.resume();
            }
            Some(context)
        }

        pub fn play(&mut self, id: AssetId<SoundFile>, file: &SoundFile, gain: f32) {
            let Some(context) = self.context() else {
                return;
            };
            if let Some(slot) = self.decoded.get(&id) {
                let mut slot = slot.borrow_mut();
                match &*slot {
                    Decoded::Ready(buffer) => start(&context, buffer, gain),
                    Decoded::Pending(_) => *slot = Decoded::Pending(Some(gain)),
                    Decoded::Failed => {}
                }
                return;
            }
            let slot = Rc::new(RefCell::new(Decoded::Pending(Some(gain))));
            self.decoded.insert(id, slot.clone());
            // decodeAudioData takes the buffer over: it gets a copy of the file's bytes.
            let bytes = js_sys::Uint8Array::from(file.0.as_slice()).buffer();
            wasm_bindgen_futures::spawn_local(async move {
                let decoded = match context.decode_audio_data(&bytes) {
                    Ok(promise) => wasm_bindgen_futures::JsFuture::from(promise).await,
                    Err(e) => Err(e),
                };
                let mut slot = slot.borrow_mut();
                let asked = match &*slot {
                    Decoded::Pending(gain) => *gain,
                    _ => None,
                };
                *slot = match decoded {
                    Ok(buffer) => {
                        let buffer: AudioBuffer = buffer.unchecked_into();
                        // The browser test counts these lines (web/test.cjs).
                        info!(
                            "sound: the page decoded a sound of {:.2} s",
                            buffer.duration()
                        );
                        if let Some(gain) = asked {
                            start(&context, &buffer, gain);
                        }
                        Decoded::Ready(buffer)
                    }
                    Err(e) => {
                        warn!(
                            "A sound file could not be decoded by the page; it stays silent ({e:?})"
                        );
                        Decoded::Failed
                    }
                };
            });
        }
    }

    /// Plays a decoded sound once at a linear gain (0..=1, as the settings' volumes).
    fn start(context: &AudioContext, buffer: &AudioBuffer, gain: f32) {
        let played = (|| -> Result<(), wasm_bindgen::JsValue> {
            let source = context.create_buffer_source()?;
            source.set_buffer(Some(buffer));
            let level = context.create_gain()?;
            level.gain().set_value(gain);
            source.connect_with_audio_node(&level)?;
            level.connect_with_audio_node(&context.destination())?;
            source.start()?;
            Ok(())
        })();
        if let Err(e) = played {
            warn!("A sound could not be played ({e:?})");
        }
    }
}
