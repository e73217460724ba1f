//! What a player sees and does must not depend on the frame rate: a software renderer (a browser
//! without graphics acceleration) runs the tables below one frame a second.
//!
//! - A panel's text is drawn with all its letters on its first frame: the font atlas that holds
//!   them reaches the renderer in that frame.
//! - A click on a panel is a press and a release on the same widget, however long apart.

use bevy::asset::AssetPlugin;
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::shader::Shader;
use bevy::window::WindowPlugin;
use bevy_egui::egui;
use bevy_egui::{
    EguiContexts, EguiManagedTextures, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext,
};
use carved_tables::app::style::{self, HeldFinger, configure_context, font_definitions};

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
            // What the game's window has for the screen reader (bevy_egui hands it the tree).
            bevy::a11y::AccessibilityPlugin,
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

mod panel_clicks {
    use super::*;

    /// A context as the game sets it up.
    fn game_context() -> egui::Context {
        let ctx = egui::Context::default();
        configure_context(&ctx);
        ctx
    }

    /// A context with egui's own input options (and the game's fonts, as egui has none).
    fn egui_defaults() -> egui::Context {
        let ctx = egui::Context::default();
        ctx.set_fonts(font_definitions());
        ctx
    }

    /// A button and a checkbox; what a pass of theirs reported.
    struct Panel {
        clicks: usize,
        on: bool,
        button: egui::Rect,
        toggle: egui::Rect,
        /// Passes in which the button's hover text was up.
        tipped: usize,
    }

    impl Panel {
        /// Before its first pass.
        fn new() -> Panel {
            Panel {
                clicks: 0,
                on: false,
                button: egui::Rect::NOTHING,
                toggle: egui::Rect::NOTHING,
                tipped: 0,
            }
        }
    }

    /// One frame at time `t` (seconds) with `events`.
    fn frame(ctx: &egui::Context, panel: &mut Panel, t: f64, events: Vec<egui::Event>) {
        frame_with(ctx, panel, t, events, None);
    }

    /// [`frame`], the game's look at a finger first where `finger` is given (as the game does
    /// before every pass).
    fn frame_with(
        ctx: &egui::Context,
        panel: &mut Panel,
        t: f64,
        events: Vec<egui::Event>,
        finger: Option<&mut HeldFinger>,
    ) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(800.0, 600.0),
            )),
            time: Some(t),
            events,
            ..Default::default()
        };
        if let Some(finger) = finger {
            style::before_pass(ctx, finger, &input);
        }
        let out = ctx.run_ui(input, |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                let b = ui
                    .button("Back to the game")
                    .on_hover_text("The game is kept as it is");
                panel.tipped += usize::from(b.is_tooltip_open());
                panel.clicks += usize::from(b.clicked());
                panel.button = b.rect;
                panel.toggle = ui.checkbox(&mut panel.on, "Appeal").rect;
            });
        });
        out.drop_without_applying_deltas();
    }

    fn press(at: egui::Pos2, pressed: bool) -> egui::Event {
        egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        }
    }

    /// Frames at `times`, the pointer moved onto `target(panel)` and pressed in the first and
    /// released in the last (moved by `slide` first); the ones between carry nothing.
    fn gesture(
        ctx: &egui::Context,
        target: fn(&Panel) -> egui::Rect,
        times: &[f64],
        slide: egui::Vec2,
    ) -> Panel {
        let mut panel = Panel::new();
        frame(ctx, &mut panel, 0.0, vec![]);
        frame(ctx, &mut panel, 0.1, vec![]);
        let at = target(&panel).center();
        let last = times.len() - 1;
        for (i, &t) in times.iter().enumerate() {
            let mut events = Vec::new();
            if i == 0 {
                events.extend([egui::Event::PointerMoved(at), press(at, true)]);
            }
            if i == last {
                if slide != egui::Vec2::ZERO {
                    events.push(egui::Event::PointerMoved(at + slide));
                }
                events.push(press(at + slide, false));
            }
            frame(ctx, &mut panel, t, events);
        }
        // And some frames after.
        for k in 1..=3 {
            frame(ctx, &mut panel, times[last] + k as f64, vec![]);
        }
        panel
    }

    /// A finger's touch as bevy_egui hands it to egui: the touch, and the pointer it moves.
    fn finger(at: egui::Pos2, phase: egui::TouchPhase) -> Vec<egui::Event> {
        let touch = egui::Event::Touch {
            device_id: egui::TouchDeviceId(1),
            id: egui::TouchId(7),
            phase,
            pos: at,
            force: None,
        };
        match phase {
            egui::TouchPhase::Start => vec![touch, egui::Event::PointerMoved(at), press(at, true)],
            egui::TouchPhase::End => vec![touch, press(at, false), egui::Event::PointerGone],
            _ => vec![touch, egui::Event::PointerMoved(at)],
        }
    }

    /// A finger on `at`, touching in the pass at the first of `times` and lifted in the last,
    /// then a pass half a second on; the game's look at the finger (`held`) before each pass.
    fn finger_over(
        ctx: &egui::Context,
        panel: &mut Panel,
        held: &mut HeldFinger,
        at: egui::Pos2,
        times: &[f64],
    ) {
        let last = times.len() - 1;
        for (i, &t) in times.iter().enumerate() {
            let mut events = Vec::new();
            if i == 0 {
                events.extend(finger(at, egui::TouchPhase::Start));
            }
            if i == last {
                events.extend(finger(at, egui::TouchPhase::End));
            }
            frame_with(ctx, panel, t, events, Some(held));
        }
        frame_with(ctx, panel, times[last] + 0.5, vec![], Some(held));
    }

    /// A finger on `target(panel)` over `times` ([`finger_over`]) in the game's context.
    fn touch(target: fn(&Panel) -> egui::Rect, times: &[f64]) -> Panel {
        let ctx = game_context();
        let mut held = HeldFinger::default();
        let mut panel = Panel::new();
        frame_with(&ctx, &mut panel, 0.0, vec![], Some(&mut held));
        let at = target(&panel).center();
        finger_over(&ctx, &mut panel, &mut held, at, times);
        panel
    }

    /// A finger held still on a widget (its hover text shown) and lifted clicks nothing; a tap
    /// clicks, however slow the frames that carry it; the mouse held as long still clicks.
    #[test]
    fn a_finger_held_on_a_widget_and_lifted_clicks_nothing() {
        let held = [1.0, 1.2, 1.4, 1.6, 1.8];
        assert!(!touch(toggle, &held).on, "a held finger toggled");
        let long = touch(button, &held);
        assert_eq!(long.clicks, 0, "a held finger clicked");
        assert!(long.tipped > 0, "a held finger showed no hover text");
        // Held long but over too few frames to tell it from a slow tap (a frame a second).
        for tap in [&[1.0][..], &[1.0, 1.1], &[1.0, 2.0], &[1.0, 2.0, 3.0]] {
            assert!(touch(toggle, tap).on, "the tap at {tap:?} did not toggle");
            assert_eq!(touch(button, tap).clicks, 1, "the tap at {tap:?}");
        }
        // Over many frames but quick.
        assert_eq!(touch(button, &[1.0, 1.05, 1.1, 1.15, 1.2]).clicks, 1);
        // The mouse held over as many frames still clicks.
        assert_eq!(
            gesture(&game_context(), button, &held, egui::Vec2::ZERO).clicks,
            1
        );
        // And after a long press the next tap clicks again.
        let ctx = game_context();
        let mut finger_state = HeldFinger::default();
        let mut panel = Panel::new();
        frame_with(&ctx, &mut panel, 0.0, vec![], Some(&mut finger_state));
        let at = panel.button.center();
        finger_over(&ctx, &mut panel, &mut finger_state, at, &held);
        assert_eq!(panel.clicks, 0);
        finger_over(&ctx, &mut panel, &mut finger_state, at, &[3.0, 3.1]);
        assert_eq!(panel.clicks, 1);
    }

    fn button(p: &Panel) -> egui::Rect {
        p.button
    }

    fn toggle(p: &Panel) -> egui::Rect {
        p.toggle
    }

    #[test]
    fn a_press_released_two_seconds_later_in_a_later_frame_is_one_click() {
        let p = gesture(&game_context(), button, &[1.0, 3.0], egui::Vec2::ZERO);
        assert_eq!(p.clicks, 1);
        // With many frames between.
        let p = gesture(
            &game_context(),
            button,
            &[1.0, 1.5, 2.0, 2.5, 9.0],
            egui::Vec2::ZERO,
        );
        assert_eq!(p.clicks, 1);
        // egui's own options take that press for a long press, not a click: what the game
        // changes.
        let p = gesture(&egui_defaults(), button, &[1.0, 3.0], egui::Vec2::ZERO);
        assert_eq!(p.clicks, 0);
    }

    #[test]
    fn a_press_and_release_in_one_frame_is_one_click() {
        let p = gesture(&game_context(), button, &[1.0], egui::Vec2::ZERO);
        assert_eq!(p.clicks, 1);
    }

    #[test]
    fn a_toggle_is_toggled_once_whatever_the_frames_between() {
        for times in [&[1.0][..], &[1.0, 3.0], &[1.0, 2.0, 4.5]] {
            let p = gesture(&game_context(), toggle, times, egui::Vec2::ZERO);
            assert!(p.on, "{times:?}");
            assert_eq!(p.clicks, 0);
        }
        let p = gesture(&egui_defaults(), toggle, &[1.0, 3.0], egui::Vec2::ZERO);
        assert!(!p.on);
    }

    #[test]
    fn a_press_that_moves_away_is_still_no_click() {
        let p = gesture(&game_context(), button, &[1.0, 3.0], egui::vec2(40.0, 0.0));
        assert_eq!(p.clicks, 0);
        let p = gesture(&game_context(), toggle, &[1.0], egui::vec2(0.0, 40.0));
        assert!(!p.on);
    }
}

mod table_clicks {
    use bevy::camera::primitives::MeshAabb;
    use bevy::camera::{
        CameraProjection, ComputedCameraValues, NormalizedRenderTarget, RenderTargetInfo,
    };
    use bevy::picking::mesh_picking::MeshPickingSettings;
    use bevy::picking::mesh_picking::ray_cast::RayCastVisibility;
    use bevy::picking::pointer::{Location, PointerAction, PointerButton, PointerId, PointerInput};
    use bevy::prelude::*;
    use carved_tables::app::kit::clicks::{
        self, DRAG_SLOP, LONG_PRESS, TableClick, TableLongPress,
    };

    const WINDOW: Vec2 = Vec2::new(1280.0, 720.0);

    /// Two pieces on a board seen from above, and the click system alone.
    struct Table {
        app: App,
        board: Entity,
        left: Entity,
        right: Entity,
    }

    /// The clicks that reached the table, frame by frame.
    #[derive(Resource, Default)]
    struct Seen(Vec<Vec<Entity>>);

    fn record(mut clicks: MessageReader<TableClick>, mut seen: ResMut<Seen>) {
        seen.0.push(clicks.read().map(|c| c.entity).collect());
    }

    /// The long presses that reached the table.
    #[derive(Resource, Default)]
    struct Held(Vec<Entity>);

    fn record_held(mut long: MessageReader<TableLongPress>, mut held: ResMut<Held>) {
        held.0.extend(long.read().map(|l| l.entity));
    }

    fn table() -> Table {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()));
        app.init_asset::<Mesh>();
        // No renderer works out what each view sees: the rays take every mesh.
        app.insert_resource(MeshPickingSettings {
            require_markers: false,
            ray_cast_visibility: RayCastVisibility::Any,
        });
        app.add_plugins(clicks::plugin)
            .init_resource::<Seen>()
            .init_resource::<Held>()
            .add_systems(Update, (record, record_held));
        // The camera straight above the table, as the renderer would have set it up.
        let mut projection = PerspectiveProjection::default();
        projection.update(WINDOW.x, WINDOW.y);
        let camera = Camera {
            computed: ComputedCameraValues {
                clip_from_view: projection.get_clip_from_view(),
                target_info: Some(RenderTargetInfo {
                    physical_size: WINDOW.as_uvec2(),
                    scale_factor: 1.0,
                }),
                ..default()
            },
            ..default()
        };
        let eye = Transform::from_xyz(0.0, 12.0, 0.0).looking_at(Vec3::ZERO, Vec3::NEG_Z);
        app.world_mut().spawn((
            Camera3d::default(),
            camera,
            Projection::Perspective(projection),
            eye,
            GlobalTransform::from(eye),
        ));
        let mut mesh = |shape: Mesh, at: Vec3| {
            let aabb = shape.compute_aabb().unwrap();
            let handle = app.world_mut().resource_mut::<Assets<Mesh>>().add(shape);
            let place = Transform::from_translation(at);
            app.world_mut()
                .spawn((
                    Mesh3d(handle),
                    aabb,
                    place,
                    GlobalTransform::from(place),
                    InheritedVisibility::VISIBLE,
                    ViewVisibility::default(),
                ))
                .id()
        };
        let board = mesh(
            Cuboid::new(10.0, 0.2, 10.0).into(),
            Vec3::new(0.0, -0.1, 0.0),
        );
        let left = mesh(Cuboid::new(1.0, 1.0, 1.0).into(), Vec3::new(-2.0, 0.5, 0.0));
        let right = mesh(Cuboid::new(1.0, 1.0, 1.0).into(), Vec3::new(2.0, 0.5, 0.0));
        app.update();
        Table {
            app,
            board,
            left,
            right,
        }
    }

    impl Table {
        /// Where `world` is in the window.
        fn pixel(&mut self, world: Vec3) -> Vec2 {
            let mut cameras = self.app.world_mut().query::<(&Camera, &GlobalTransform)>();
            let (camera, transform) = cameras.single(self.app.world()).unwrap();
            camera.world_to_viewport(transform, world).unwrap()
        }

        fn top_of(&mut self, piece: Entity) -> Vec2 {
            let at = self
                .app
                .world()
                .get::<GlobalTransform>(piece)
                .unwrap()
                .translation();
            self.pixel(at + Vec3::Y * 0.5)
        }

        /// One frame, with the mouse's `events` (in order) written before it.
        fn frame(&mut self, events: &[(PointerAction, Vec2)]) -> Vec<Entity> {
            self.frame_of(PointerId::Mouse, events)
        }

        /// One frame, with the `events` (in order) of the pointer `id` written before it.
        fn frame_of(&mut self, id: PointerId, events: &[(PointerAction, Vec2)]) -> Vec<Entity> {
            for &(action, at) in events {
                self.app.world_mut().write_message(PointerInput::new(
                    id,
                    Location {
                        target: NormalizedRenderTarget::None {
                            width: WINDOW.x as u32,
                            height: WINDOW.y as u32,
                        },
                        position: at,
                    },
                    action,
                ));
            }
            self.app.update();
            self.app
                .world()
                .resource::<Seen>()
                .0
                .last()
                .unwrap()
                .clone()
        }
    }

    fn moved(at: Vec2) -> (PointerAction, Vec2) {
        (PointerAction::Move { delta: Vec2::ONE }, at)
    }

    fn press(at: Vec2) -> (PointerAction, Vec2) {
        (PointerAction::Press(PointerButton::Primary), at)
    }

    fn release(at: Vec2) -> (PointerAction, Vec2) {
        (PointerAction::Release(PointerButton::Primary), at)
    }

    /// At a frame a second the pointer comes onto a piece, presses, lets go and moves on to
    /// another piece within one frame: the click is on the piece it was pressed on.
    #[test]
    fn a_click_within_one_frame_is_on_what_was_under_the_press() {
        let mut t = table();
        let (left, right) = (t.top_of(t.left), t.top_of(t.right));
        assert_eq!(t.frame(&[moved(right)]), vec![]);
        assert_eq!(
            t.frame(&[moved(left), press(left), release(left), moved(right)]),
            vec![t.left]
        );
        assert_eq!(t.frame(&[]), vec![]);
        // The board, between the pieces.
        let middle = t.pixel(Vec3::new(0.0, 0.0, 3.0));
        assert_eq!(
            t.frame(&[moved(middle), press(middle), release(middle)]),
            vec![t.board]
        );
    }

    /// A press released seconds and frames later, on the same piece, is one click, in the
    /// frame of the release.
    #[test]
    fn a_press_released_frames_later_is_one_click_on_its_piece() {
        let mut t = table();
        let left = t.top_of(t.left);
        assert_eq!(t.frame(&[moved(left), press(left)]), vec![]);
        for _ in 0..5 {
            assert_eq!(t.frame(&[]), vec![]);
        }
        // A tremble of the hand is no drag.
        let near = left + Vec2::new(DRAG_SLOP - 2.0, 0.0);
        assert_eq!(t.frame(&[moved(near)]), vec![]);
        assert_eq!(t.frame(&[release(near)]), vec![t.left]);
        assert_eq!(t.frame(&[]), vec![]);
    }

    /// Two clicks within one frame reach the table one a frame, in order: the second is read
    /// against what the first did.
    #[test]
    fn two_clicks_in_one_frame_are_two_clicks_in_order() {
        let mut t = table();
        let (left, right) = (t.top_of(t.left), t.top_of(t.right));
        let both = [
            moved(left),
            press(left),
            release(left),
            moved(right),
            press(right),
            release(right),
        ];
        assert_eq!(t.frame(&both), vec![t.left]);
        assert_eq!(t.frame(&[]), vec![t.right]);
        assert_eq!(t.frame(&[]), vec![]);
    }

    /// A drag (the view pans), a press on one thing released on another, and a press on
    /// nothing are no clicks.
    #[test]
    fn drags_and_presses_off_their_target_are_no_clicks() {
        let mut t = table();
        let (left, right) = (t.top_of(t.left), t.top_of(t.right));
        // Dragged away and back, over frames.
        let away = left + Vec2::new(60.0, 0.0);
        assert_eq!(t.frame(&[moved(left), press(left), moved(away)]), vec![]);
        assert_eq!(t.frame(&[moved(left), release(left)]), vec![]);
        // Pressed on a piece, released on the other.
        assert_eq!(t.frame(&[moved(left), press(left)]), vec![]);
        assert_eq!(t.frame(&[moved(right), release(right)]), vec![]);
        // Outside the board: nothing under the pointer.
        let corner = Vec2::new(3.0, 3.0);
        assert_eq!(
            t.frame(&[moved(corner), press(corner), release(corner)]),
            vec![]
        );
        // A release with no press (pressed before the table opened).
        assert_eq!(t.frame(&[release(left)]), vec![]);
        // And a plain click still works after all that.
        assert_eq!(t.frame(&[press(right), release(right)]), vec![t.right]);
    }

    /// A finger held still on a piece for [`LONG_PRESS`] asks for its details once, and its
    /// release then clicks nothing; a short tap clicks, a finger that slides pans, and the
    /// mouse held down is still a click.
    #[test]
    fn a_finger_held_still_is_a_long_press_not_a_click() {
        use bevy::time::TimeUpdateStrategy;
        use std::time::Duration;
        let mut t = table();
        let step = 0.1;
        t.app
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(
                step,
            )));
        let frames_to_long = (LONG_PRESS / step).ceil() as usize;
        let finger = PointerId::Touch(3);
        let (left, right) = (t.top_of(t.left), t.top_of(t.right));
        let held = |t: &Table| t.app.world().resource::<Held>().0.clone();
        assert_eq!(t.frame_of(finger, &[press(left)]), vec![]);
        for _ in 1..frames_to_long - 1 {
            t.frame_of(finger, &[]);
        }
        assert_eq!(held(&t), vec![], "not yet");
        for _ in 0..3 {
            t.frame_of(finger, &[]);
        }
        assert_eq!(held(&t), vec![t.left], "once");
        assert_eq!(t.frame_of(finger, &[release(left)]), vec![]);
        assert_eq!(t.frame_of(finger, &[]), vec![]);
        // A tap.
        assert_eq!(t.frame_of(finger, &[press(right)]), vec![]);
        assert_eq!(t.frame_of(finger, &[release(right)]), vec![t.right]);
        // A finger that slid away and came back, held long.
        let away = left + Vec2::new(60.0, 0.0);
        t.frame_of(finger, &[press(left), moved(away), moved(left)]);
        for _ in 0..2 * frames_to_long {
            t.frame_of(finger, &[]);
        }
        assert_eq!(t.frame_of(finger, &[release(left)]), vec![]);
        // The mouse held as long still clicks, and asks for nothing.
        t.frame(&[press(right)]);
        for _ in 0..2 * frames_to_long {
            t.frame(&[]);
        }
        assert_eq!(t.frame(&[release(right)]), vec![t.right]);
        assert_eq!(held(&t), vec![t.left]);
    }
}
