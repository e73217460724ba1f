//! The artists' shaders (`shaders/*.wgsl`) when one does not compile: on the desktop the copy
//! the game was built with stands in for it, and the player sees the compiler's first line as a
//! notice (the whole message is in the log, from Bevy). Saving the file again tries it again
//! (Bevy's file watching replaces the stand-in), so a typo saved while the game runs hides
//! nothing for longer than it takes to mend it; the same holds for a broken shader at start.
//!
//! The render world sees a pipeline fail ([`PipelineCache`]); it passes the failing shader and
//! the error to the main world through [`Trouble`], which swaps the shader's asset.

use super::anim::contact::CONTACT_SHADER;
use super::marks::MARKS_SHADER;
use super::wood::WOOD_SHADER;
use bevy::prelude::*;
use bevy::render::render_resource::{CachedPipelineState, PipelineCache, PipelineDescriptor};
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::shader::ShaderCacheError;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

/// The game's shaders, with the source each was built with.
const BUILT_IN: [(&str, &str); 3] = [
    (WOOD_SHADER, include_str!("../../shaders/wood.wgsl")),
    (MARKS_SHADER, include_str!("../../shaders/marks.wgsl")),
    (CONTACT_SHADER, include_str!("../../shaders/contact.wgsl")),
];

/// A shader the render world could not compile, with the error.
type Failure = (AssetId<Shader>, String);

/// Shaders the render world could not compile, for the main world.
#[derive(Resource, Clone, Default)]
struct Trouble(Arc<Mutex<Vec<Failure>>>);

/// The handles of the game's shaders (kept, so that their ids stay the files').
#[derive(Resource, Default)]
struct Ours(Vec<(Handle<Shader>, &'static str, &'static str)>);

pub(super) fn plugin(app: &mut App) {
    let trouble = Trouble::default();
    app.insert_resource(trouble.clone())
        .init_resource::<Ours>()
        .add_systems(Startup, keep_handles)
        .add_systems(Update, stand_in);
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render
            .insert_resource(trouble)
            .add_systems(Render, report.in_set(RenderSystems::Cleanup));
    }
}

fn keep_handles(server: Res<AssetServer>, mut ours: ResMut<Ours>) {
    ours.0 = BUILT_IN
        .iter()
        .map(|(path, source)| (server.load(*path), *path, *source))
        .collect();
}

/// Render world: each pipeline that failed to compile, named by its shaders, once per failure
/// (a pipeline that compiles again and then fails again is told again).
fn report(
    cache: Res<PipelineCache>,
    trouble: Res<Trouble>,
    mut told: Local<HashSet<(usize, String)>>,
) {
    let mut now = HashSet::new();
    for (index, pipeline) in cache.pipelines().enumerate() {
        let CachedPipelineState::Err(e) = &pipeline.state else {
            continue;
        };
        if matches!(
            e,
            ShaderCacheError::ShaderNotLoaded(_) | ShaderCacheError::ShaderImportNotYetAvailable
        ) {
            continue;
        }
        let text = e.to_string();
        now.insert((index, text.clone()));
        if told.contains(&(index, text.clone())) {
            continue;
        }
        let shaders = match &pipeline.descriptor {
            PipelineDescriptor::RenderPipelineDescriptor(d) => {
                let mut ids = vec![d.vertex.shader.id()];
                ids.extend(d.fragment.as_ref().map(|f| f.shader.id()));
                ids
            }
            PipelineDescriptor::ComputePipelineDescriptor(d) => vec![d.shader.id()],
        };
        if let Ok(mut list) = trouble.0.lock() {
            list.extend(shaders.into_iter().map(|id| (id, text.clone())));
        }
    }
    *told = now;
}

/// The first line of a shader compiler's message that says what is wrong, and where.
pub fn first_error(message: &str) -> String {
    let lines: Vec<&str> = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let what = lines
        .iter()
        .find(|l| l.starts_with("error"))
        .or(lines.first())
        .copied()
        .unwrap_or("the shader does not compile");
    let what = what.strip_prefix("error:").unwrap_or(what).trim();
    // How Bevy's shader cache words naga_oil's errors.
    let what = what.strip_prefix("Composer error:").unwrap_or(what).trim();
    // naga's report puts the place on a line of its own: "┌─ shaders://wood.wgsl:206:5".
    match lines
        .iter()
        .find_map(|l| l.split_once("┌─").map(|(_, at)| at.trim()))
    {
        Some(at) => format!("{at}: {what}"),
        None => what.to_string(),
    }
}

/// Main world: a shader of ours that failed is replaced by the built-in copy, with a notice.
fn stand_in(
    trouble: Res<Trouble>,
    ours: Res<Ours>,
    mut shaders: ResMut<Assets<Shader>>,
    notices: Option<ResMut<super::save::Notices>>,
    tr: Option<Res<crate::i18n::Tr>>,
) {
    let failed: Vec<Failure> = match trouble.0.lock() {
        Ok(mut list) => list.drain(..).collect(),
        Err(_) => return,
    };
    let mut notices = notices;
    for (id, error) in failed {
        let Some((handle, path, source)) = ours.0.iter().find(|(h, _, _)| h.id() == id) else {
            continue;
        };
        // The built-in copy failing too (a driver that cannot take it) is left to Bevy's log.
        if let Some(shader) = shaders.get(id)
            && shader.source.as_str() == *source
        {
            continue;
        }
        let first = first_error(&error);
        warn!("{path} does not compile ({first}); using the built-in one until it is saved again");
        if let (Some(notices), Some(tr)) = (notices.as_mut(), tr.as_ref()) {
            notices.push(tr.tf("reload.shader-failed", &[("file", path), ("error", &first)]));
        }
        let _ = shaders.insert(handle.id(), Shader::from_wgsl(*source, *path));
    }
}

#[cfg(test)]
mod tests {
    use super::first_error;

    #[test]
    fn the_notice_gives_the_place_and_the_compilers_first_complaint() {
        let naga = "failed to process shader error:\nerror: expected `;`, found \"return\"\n    ┌─ shaders://wood.wgsl:206:5\n    │\n206 │     return out;\n    │     ^^^^^^ expected `;`\n";
        assert_eq!(
            first_error(naga),
            "shaders://wood.wgsl:206:5: expected `;`, found \"return\""
        );
        assert_eq!(
            first_error("Could not create shader module: bad"),
            "Could not create shader module: bad"
        );
        assert_eq!(first_error(""), "the shader does not compile");
        assert_eq!(
            first_error("Composer error: expected `;`, found \"return\""),
            "expected `;`, found \"return\""
        );
    }
}
