//! Where a table's events go besides its own messages: sounds, saves (a failed save is told to
//! the player), and refusals and notices in the player's language.

use crate::app::audio::PlaySound;
use crate::app::save::{Notices, SaveStore};
use crate::i18n::{Explain, Tr, msg};
use crate::save::Saved;
use crate::theme::SoundEvent;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

#[derive(SystemParam)]
pub struct Outbox<'w> {
    sounds: MessageWriter<'w, PlaySound>,
    store: ResMut<'w, SaveStore>,
    notices: ResMut<'w, Notices>,
    tr: Res<'w, Tr>,
}

impl Outbox<'_> {
    pub fn sound(&mut self, event: SoundEvent) {
        self.sounds.write(PlaySound(event));
    }

    /// Saves `value`; a failure is logged and told to the player with the message `failed`
    /// (which has a `{why}`).
    pub fn save<T: Saved>(&mut self, value: &T, failed: &'static str) {
        if let Err(e) = self.store.store(value) {
            warn!("{e}");
            let words = msg(failed).with("why", &e.0);
            self.notices.push(self.tr.say(&words));
        }
    }

    /// Saves the game under way, or an empty one where there is none (the saved game is
    /// forgotten); a failure is told with `failed`.
    pub fn save_game<T: Saved + Default>(&mut self, game: Option<&T>, failed: &'static str) {
        match game {
            Some(g) => self.save(g, failed),
            None => self.save(&T::default(), failed),
        }
    }

    /// A short notice at the top of the screen, in the player's language.
    pub fn notice(&mut self, what: &impl Explain) {
        self.notices.push(self.tr.say(&what.explain()));
    }

    /// A notice already in words.
    pub fn say(&mut self, words: String) {
        self.notices.push(words);
    }

    /// A refusal in the player's language: shown like a notice, gone at the next move.
    pub fn refusal(&mut self, what: &impl Explain) {
        self.notices.push_refusal(self.tr.say(&what.explain()));
    }

    /// A move was played: the refusals about the position before it are no longer shown.
    pub fn moved(&mut self) {
        self.notices.moved();
    }

    /// The strings in force, for a table that words its own notices.
    pub fn tr(&self) -> &Tr {
        &self.tr
    }
}
