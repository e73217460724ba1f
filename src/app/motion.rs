//! Reduced motion (`Settings::reduced_motion`, on by default where the browser asks for it):
//! each table's animation times switch between their full and reduced sets — pieces fade out
//! and in instead of travelling (`anim`), Artifact Chess's dice show their values at once,
//! Snēlab's coin and payers are short — and the camera is at once where it is asked to look
//! instead of swinging there, the view fading in from the room's shade when it jumps far
//! ([`CameraCut`]). Nothing the animations tell is lost: the last move's marks, the dice's values and
//! sums, the coin's side and the payment's notice stay on the table as long as before.

use crate::app::save::ActiveSettings;
use crate::app::{chess, hive, snelab};
use bevy::prelude::*;

/// Whether motion is reduced now (the settings' choice, or the system's wish).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReducedMotion(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ReducedMotion>()
        .init_resource::<CameraCut>()
        .add_systems(
            PreUpdate,
            apply.run_if(resource_exists_and_changed::<ActiveSettings>),
        )
        .add_systems(bevy_egui::EguiPrimaryContextPass, draw_cut);
}

/// With reduced motion, a camera that jumps far (to another side, a fitted view, a new
/// table) is there at once, and the view fades in over it from the room's shade in a quarter
/// second, so the jump reads as a cut rather than a flicker.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct CameraCut {
    /// Seconds of the fade still to run.
    pub left: f32,
}

impl CameraCut {
    pub const SECONDS: f32 = 0.25;

    pub fn start(&mut self) {
        self.left = Self::SECONDS;
    }

    /// How much of the shade covers the view now: from 0.85 to nothing.
    pub fn cover(&self) -> f32 {
        0.85 * (self.left / Self::SECONDS).clamp(0.0, 1.0)
    }
}

/// The fade, drawn under every panel (egui's background layer) over the table.
fn draw_cut(
    time: Res<Time>,
    mut cut: ResMut<CameraCut>,
    mut contexts: bevy_egui::EguiContexts,
) -> Result {
    if cut.left <= 0.0 {
        return Ok(());
    }
    let cover = cut.cover();
    cut.left = (cut.left - time.delta_secs()).max(0.0);
    let ctx = contexts.ctx_mut()?;
    let shade = bevy_egui::egui::Color32::from_rgba_unmultiplied(24, 18, 14, (cover * 255.0) as u8);
    ctx.layer_painter(bevy_egui::egui::LayerId::background())
        .rect_filled(ctx.content_rect(), 0.0, shade);
    ctx.request_repaint();
    Ok(())
}

/// Sets `timing` to the reduced or the full set; a timing that is neither (a test's instant
/// one, a staged scene's) is left alone.
fn switch<T: PartialEq + Copy>(timing: &mut T, play: T, reduced: T, reduce: bool) {
    if *timing == play || *timing == reduced {
        *timing = if reduce { reduced } else { play };
    }
}

fn apply(
    settings: Res<ActiveSettings>,
    mut motion: ResMut<ReducedMotion>,
    hive_timing: Option<ResMut<hive::Timing>>,
    chess_timing: Option<ResMut<chess::Timing>>,
    snelab_timing: Option<ResMut<snelab::Timing>>,
) {
    let reduce = settings.0.reduces_motion();
    if motion.0 != reduce {
        motion.0 = reduce;
    }
    if let Some(mut t) = hive_timing {
        switch(&mut *t, hive::Timing::PLAY, hive::Timing::REDUCED, reduce);
    }
    if let Some(mut t) = chess_timing {
        switch(&mut *t, chess::Timing::PLAY, chess::Timing::REDUCED, reduce);
    }
    if let Some(mut t) = snelab_timing {
        switch(
            &mut *t,
            snelab::Timing::PLAY,
            snelab::Timing::REDUCED,
            reduce,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    fn app(reduced: Option<bool>) -> App {
        let mut app = App::new();
        app.insert_resource(ActiveSettings(Settings {
            reduced_motion: reduced,
            ..Settings::default()
        }))
        .init_resource::<hive::Timing>()
        .init_resource::<chess::Timing>()
        .insert_resource(snelab::Timing::INSTANT)
        .add_plugins(plugin);
        app.update();
        app
    }

    #[test]
    fn the_setting_switches_every_tables_times_and_leaves_an_instant_one_alone() {
        let mut a = app(Some(true));
        assert!(a.world().resource::<ReducedMotion>().0);
        assert_eq!(*a.world().resource::<hive::Timing>(), hive::Timing::REDUCED);
        let chess = *a.world().resource::<chess::Timing>();
        assert_eq!(chess, chess::Timing::REDUCED);
        // The dice show their values at once, and stay as long as before or longer.
        assert_eq!(chess.dice, 0.0);
        assert!(chess.dice_hold >= chess::Timing::PLAY.dice + chess::Timing::PLAY.dice_hold - 0.5);
        // A test's instant timing is not the player's to change.
        assert_eq!(
            *a.world().resource::<snelab::Timing>(),
            snelab::Timing::INSTANT
        );
        // Turned off in the settings: the full set again.
        a.world_mut()
            .resource_mut::<ActiveSettings>()
            .0
            .reduced_motion = Some(false);
        a.update();
        assert!(!a.world().resource::<ReducedMotion>().0);
        assert_eq!(*a.world().resource::<hive::Timing>(), hive::Timing::PLAY);
        assert_eq!(*a.world().resource::<chess::Timing>(), chess::Timing::PLAY);
        // Unset, the desktop follows the system, which asks for nothing.
        let b = app(None);
        assert_eq!(*b.world().resource::<hive::Timing>(), hive::Timing::PLAY);
    }

    /// Reduced, every move still takes a moment (the piece fades out and in), at most a quarter
    /// second and shorter than in full motion.
    #[test]
    fn reduced_times_are_short_but_not_nothing() {
        for (reduced, full) in [
            (
                hive::Timing::REDUCED.travel(6),
                hive::Timing::PLAY.travel(6),
            ),
            (
                chess::Timing::REDUCED.travel(5),
                chess::Timing::PLAY.travel(5),
            ),
            (
                snelab::Timing::REDUCED.travel(4),
                snelab::Timing::PLAY.travel(4),
            ),
        ] {
            assert!(
                reduced > 0.0 && reduced <= 0.25 && reduced < full,
                "{reduced} {full}"
            );
        }
    }
}
