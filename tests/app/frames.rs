//! What a player sees and does must not depend on the frame rate: a software renderer (a browser
//! without graphics acceleration) runs the tables below one frame a second.
//!
//! - A panel's text is drawn with all its letters on its first frame: the font atlas that holds
//!   them reaches the renderer in that frame.

use bevy::asset::AssetPlugin;
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::shader::Shader;
use bevy::window::WindowPlugin;
use bevy_egui::egui;
use bevy_egui::{
    EguiContexts, EguiManagedTextures, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext,
};
use carved_tables::app::style;

mod atlas {
    use super::*;

    /// The text the panel shows this frame.
    #[derive(Resource)]
    struct Shown(String);

    /// Where a glyph is in the font atlas: its corners, in pixels.
    type AtlasRect = ([u16; 2], [u16; 2]);

    /// What the panel drew this frame: where its glyphs are in the font atlas.
    #[derive(Resource, Default)]
    struct Drawn(Vec<AtlasRect>);

    /// The images whose change went out to the renderer this frame.
    #[derive(Resource, Default)]
    struct ChangedImages(Vec<AssetId<Image>>);

    fn panel(mut contexts: EguiContexts, shown: Res<Shown>, mut drawn: ResMut<Drawn>) -> Result {
        let ctx = contexts.ctx_mut()?;
        let painter = ctx.layer_painter(egui::LayerId::background());
        let galley = painter.layout_no_wrap(
            shown.0.clone(),
            egui::FontId::proportional(19.0),
            style::CREAM,
        );
        drawn.0 = galley
            .rows
            .iter()
            .flat_map(|r| r.glyphs.iter().map(|g| g.uv_rect))
            .filter(|uv| !uv.is_nothing())
            .map(|uv| (uv.min, uv.max))
            .collect();
        painter.galley(egui::pos2(20.0, 20.0), galley, style::CREAM);
        Ok(())
    }

    fn changed(mut events: MessageReader<AssetEvent<Image>>, mut out: ResMut<ChangedImages>) {
        out.0.clear();
        for e in events.read() {
            if let AssetEvent::Added { id } | AssetEvent::Modified { id } = e {
                out.0.push(*id);
            }
        }
    }

    /// bevy_egui headless, with the game's style plugin (fonts, and the order of the atlas's
    /// upload), one egui context showing [`Shown`].
    fn app() -> (App, Entity) {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin::default(),
            WindowPlugin {
                primary_window: None,
                ..default()
            },
            InputPlugin,
        ));
        app.init_asset::<Image>().init_asset::<Shader>();
        app.add_plugins(EguiPlugin::default())
            .add_plugins(style::plugin);
        app.insert_resource(Shown("Menu".into()))
            .init_resource::<Drawn>()
            .init_resource::<ChangedImages>()
            .add_systems(EguiPrimaryContextPass, panel)
            .add_systems(Last, changed);
        let context = app.world_mut().spawn(PrimaryEguiContext).id();
        (app, context)
    }

    /// The atlas as the renderer gets it: bevy_egui's image of egui's font texture.
    fn atlas_image(app: &App, context: Entity) -> (AssetId<Image>, &Image) {
        let handle = &app.world().resource::<EguiManagedTextures>().0[&(context, 0)].handle;
        let image = app.world().resource::<Assets<Image>>().get(handle).unwrap();
        (handle.id(), image)
    }

    /// How many pixels of `image` have ink.
    fn ink(image: &Image) -> usize {
        let data = image.data.as_ref().unwrap();
        data.chunks(4).filter(|p| p[3] > 0).count()
    }

    /// Whether the glyph at `uv` has ink in `image`.
    fn inked(image: &Image, (min, max): &AtlasRect) -> bool {
        let width = image.width() as usize;
        let data = image.data.as_ref().unwrap();
        (min[1]..max[1])
            .any(|y| (min[0]..max[0]).any(|x| data[(y as usize * width + x as usize) * 4 + 3] > 0))
    }

    /// A label with letters the atlas has not held before: in the frame it is first drawn,
    /// each of its glyphs is in the atlas image, and that image's change goes to the renderer
    /// in the same frame (not the next, when the text would already have been drawn with gaps).
    #[test]
    fn a_new_label_has_every_glyph_in_the_atlas_the_renderer_gets_in_its_first_frame() {
        let (mut app, context) = app();
        for _ in 0..3 {
            app.update();
        }
        // Frames with nothing new: the atlas does not change.
        app.update();
        let (atlas, _) = atlas_image(&app, context);
        assert!(!app.world().resource::<ChangedImages>().0.contains(&atlas));

        for (i, label) in ["Back to the game", "Zugzwang? Jó, quiet fix!", "Ваш ход"]
            .into_iter()
            .enumerate()
        {
            let ink_before = ink(atlas_image(&app, context).1);
            app.world_mut().resource_mut::<Shown>().0 = label.into();
            app.update();
            let (atlas, image) = atlas_image(&app, context);
            // The label did need new glyphs.
            assert!(ink(image) > ink_before, "{label}: nothing new in the atlas");
            let drawn = &app.world().resource::<Drawn>().0;
            assert!(drawn.len() >= 5, "{label}: {} glyphs", drawn.len());
            for uv in drawn {
                assert!(
                    inked(image, uv),
                    "{label}: the glyph at {uv:?} is not in the atlas image"
                );
            }
            assert!(
                app.world().resource::<ChangedImages>().0.contains(&atlas),
                "label {i} ({label}): the atlas changed, but the renderer was not told this frame"
            );
        }
    }
}
