//! The loading screen: every plugin lists the files it needs in [`LoadingQueue`]; this screen
//! shows the progress and lets the game start once each file has loaded or failed (a failed file
//! falls back to a built-in replacement, with one warning).

use super::screens::{AssetsReady, Screen};
use super::style;
use crate::i18n::Tr;
use bevy::asset::{LoadState, UntypedAssetId};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The files the game waits for before leaving the loading screen.
#[derive(Resource, Default, Debug)]
pub struct LoadingQueue {
    entries: Vec<(String, UntypedHandle)>,
    failed: Vec<String>,
    done: usize,
}

impl LoadingQueue {
    pub fn track(&mut self, path: impl Into<String>, handle: impl Into<UntypedHandle>) {
        self.entries.push((path.into(), handle.into()));
    }

    pub fn total(&self) -> usize {
        self.entries.len()
    }

    pub fn done(&self) -> usize {
        self.done
    }

    /// Files that could not be loaded.
    pub fn failed(&self) -> &[String] {
        &self.failed
    }

    pub fn is_failed(&self, id: impl Into<UntypedAssetId>) -> bool {
        let id = id.into();
        self.entries
            .iter()
            .any(|(p, h)| h.id() == id && self.failed.contains(p))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LoadingQueue>()
        .add_systems(Update, track_progress.run_if(in_state(Screen::Loading)))
        .add_systems(
            EguiPrimaryContextPass,
            loading_ui.run_if(in_state(Screen::Loading)),
        );
}

fn track_progress(
    server: Res<AssetServer>,
    mut queue: ResMut<LoadingQueue>,
    mut ready: ResMut<AssetsReady>,
) {
    let mut done = 0;
    let mut newly_failed = Vec::new();
    for (path, handle) in &queue.entries {
        match server.load_state(handle.id()) {
            LoadState::Loaded => done += 1,
            LoadState::Failed(e) => {
                done += 1;
                if !queue.failed.contains(path) {
                    warn!("could not load `{path}` ({e}); using the built-in replacement");
                    newly_failed.push(path.clone());
                }
            }
            LoadState::NotLoaded | LoadState::Loading => {}
        }
    }
    queue.failed.extend(newly_failed);
    queue.done = done;
    if done == queue.entries.len() {
        ready.0 = true;
    }
}

fn loading_ui(mut contexts: EguiContexts, queue: Res<LoadingQueue>, tr: Res<Tr>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let total = queue.total().max(1);
    let fraction = queue.done() as f32 / total as f32;
    let screen = ctx.content_rect();
    egui::Area::new(egui::Id::new("loading"))
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            ui.painter().rect_filled(screen, 0.0, style::WALNUT);
            ui.allocate_ui_with_layout(
                screen.size(),
                egui::Layout::top_down(egui::Align::Center),
                |ui| {
                    ui.set_min_size(screen.size());
                    ui.add_space(screen.height() * 0.32);
                    ui.label(
                        egui::RichText::new(tr.t("app.title"))
                            .size(52.0)
                            .color(style::ASH),
                    );
                    ui.add_space(8.0);
                    ui.label(
                        egui::RichText::new(tr.t("loading.title"))
                            .size(22.0)
                            .color(style::MUTED),
                    );
                    ui.add_space(24.0);
                    ui.add(
                        egui::ProgressBar::new(fraction)
                            .desired_width(420.0)
                            .fill(style::BRASS)
                            .corner_radius(6),
                    );
                    let done = queue.done().to_string();
                    let total = queue.total().to_string();
                    ui.label(
                        egui::RichText::new(
                            tr.tf("loading.progress", &[("done", &done), ("total", &total)]),
                        )
                        .color(style::MUTED),
                    );
                },
            );
        });
    Ok(())
}
