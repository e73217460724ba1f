//! The light look (`Settings::light_look`): for a renderer that draws every frame on the
//! processor (headless Chromium's SwiftShader, a browser without graphics acceleration, Mesa's
//! lavapipe on a machine without a graphics card), the table is drawn without the lamp's shadow
//! map, without the room's reflections (the environment map's light, made up by more of the
//! room's ambient light), without multisampling, and at fewer of the window's pixels (`view`: a
//! quarter to begin with, then as the frame's cost allows; one FXAA pass over them). The wood, the carving, the contact patches
//! that ground every piece (`anim::contact`) and every mark stay. It is chosen by itself on such
//! a renderer, and by hand in the settings either way.

use super::{CameraRig, RoomPart, environment};
use crate::app::save::ActiveSettings;
use crate::app::theme::ActiveTheme;
use bevy::prelude::*;

/// Whether the renderer draws on the processor, and whether the light look is on.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct LightLook {
    /// The renderer draws on the processor (known once it has started).
    pub cpu: bool,
    /// The table is drawn with the light look.
    pub on: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LightLook>().add_systems(
        Update,
        (choose, apply.run_if(resource_changed::<LightLook>)).chain(),
    );
}

/// The room's ambient light (cd/m²): the theme's, and with the light look as much again as the
/// environment map gives a surface facing up (its diffuse light, by luminance), so that the
/// board is about as bright without it.
pub fn ambient_brightness(room: &crate::theme::Room, light: bool) -> f32 {
    let base = room.ambient.max(0.0);
    if !light {
        return base;
    }
    let luminance = |c: Vec3| c.dot(Vec3::new(0.2126, 0.7152, 0.0722));
    let up = luminance(environment::irradiance_up(room));
    let colour = AMBIENT_COLOUR.to_linear();
    let tint = luminance(Vec3::new(colour.red, colour.green, colour.blue)).max(0.01);
    base + room.environment.max(0.0) * up / tint
}

/// The ambient light's colour: warm, as the lamp.
pub const AMBIENT_COLOUR: Color = Color::srgb(1.0, 0.9, 0.78);

/// `--look`'s choice for this run, else the settings', or the renderer's kind where the
/// settings leave it.
fn choose(
    settings: Res<ActiveSettings>,
    options: Option<Res<crate::launch::LaunchOptions>>,
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    mut look: ResMut<LightLook>,
) {
    let cpu = adapter.is_some_and(|a| a.device_type == wgpu_types::DeviceType::Cpu);
    let want = LightLook {
        cpu,
        on: options
            .and_then(|o| o.look)
            .unwrap_or_else(|| settings.0.light_look(cpu)),
    };
    look.set_if_neq(want);
}

/// Puts the look on the room: the lamp's shadows, the camera's environment light and edge
/// smoothing, and the ambient light.
fn apply(
    look: Res<LightLook>,
    theme: Res<ActiveTheme>,
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    mut commands: Commands,
    mut lamps: Query<(&RoomPart, &mut SpotLight)>,
    cameras: Query<(Entity, Has<EnvironmentMapLight>), With<CameraRig>>,
    mut images: ResMut<Assets<Image>>,
) {
    let room = theme.0.look.room;
    for (part, mut spot) in &mut lamps {
        if matches!(part, RoomPart::Lamp) {
            spot.shadow_maps_enabled = !look.on;
        }
    }
    commands.insert_resource(super::ambient(&room, look.on));
    for (camera, lit) in &cameras {
        let mut e = commands.entity(camera);
        if look.on {
            e.remove::<EnvironmentMapLight>();
        } else if !lit {
            e.insert(super::environment_light(&room, &mut images));
        }
        // Edges: with the light look one FXAA pass over the view's fewer pixels (`view`: the
        // picture is stretched over the window, and its stair-steps with it), else as the
        // renderer suits (`Smoothing`).
        e.remove::<bevy::anti_alias::fxaa::Fxaa>();
        if look.on {
            e.insert((Msaa::Off, bevy::anti_alias::fxaa::Fxaa::default()));
        } else if let Some(adapter) = &adapter {
            match super::Smoothing::for_device(adapter.device_type) {
                super::Smoothing::Msaa4 => e.insert(Msaa::Sample4),
                super::Smoothing::Fxaa => {
                    e.insert((Msaa::Off, bevy::anti_alias::fxaa::Fxaa::default()))
                }
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    fn app(light_look: Option<bool>) -> (App, Entity, Entity) {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::asset::AssetPlugin::default()))
            .init_asset::<Image>()
            .insert_resource(ActiveSettings(Settings {
                light_look,
                ..Settings::default()
            }))
            .insert_resource(ActiveTheme(crate::theme::Theme::builtin()))
            .add_plugins(plugin);
        let lamp = app
            .world_mut()
            .spawn((
                RoomPart::Lamp,
                SpotLight {
                    shadow_maps_enabled: true,
                    ..default()
                },
            ))
            .id();
        let camera = app
            .world_mut()
            .spawn((CameraRig::default(), Msaa::Sample4))
            .id();
        app.update();
        (app, lamp, camera)
    }

    fn shadows(app: &App, lamp: Entity) -> bool {
        app.world()
            .get::<SpotLight>(lamp)
            .unwrap()
            .shadow_maps_enabled
    }

    #[test]
    fn the_light_look_drops_the_lamps_shadows_the_reflections_and_multisampling_and_comes_back() {
        let (mut app, lamp, camera) = app(Some(true));
        assert!(app.world().resource::<LightLook>().on);
        assert!(!shadows(&app, lamp));
        assert!(app.world().get::<EnvironmentMapLight>(camera).is_none());
        assert_eq!(app.world().get::<Msaa>(camera), Some(&Msaa::Off));
        assert!(
            app.world()
                .get::<bevy::anti_alias::fxaa::Fxaa>(camera)
                .is_some(),
            "one FXAA pass over the view's fewer pixels"
        );
        let room = crate::theme::Room::default();
        let ambient = app.world().resource::<GlobalAmbientLight>().brightness;
        assert!(
            ambient > room.ambient,
            "more ambient light makes up for the reflections"
        );
        // Turned off in the settings: the full look again.
        app.world_mut()
            .resource_mut::<ActiveSettings>()
            .0
            .light_look = Some(false);
        app.update();
        assert!(!app.world().resource::<LightLook>().on);
        assert!(shadows(&app, lamp));
        assert!(app.world().get::<EnvironmentMapLight>(camera).is_some());
        let ambient = app.world().resource::<GlobalAmbientLight>().brightness;
        assert_eq!(ambient, room.ambient);
    }

    #[test]
    fn unset_it_follows_the_renderer() {
        // No renderer here (no adapter): not one that draws on the processor, so the full look.
        let (app, lamp, camera) = app(None);
        assert_eq!(*app.world().resource::<LightLook>(), LightLook::default());
        assert!(shadows(&app, lamp));
        assert_eq!(app.world().get::<Msaa>(camera), Some(&Msaa::Sample4));
        let s = Settings::default();
        assert!(s.light_look(true) && !s.light_look(false));
        let full = Settings {
            light_look: Some(false),
            ..s
        };
        assert!(!full.light_look(true));
    }

    #[test]
    fn the_ambient_light_makes_up_for_the_environments_light_on_the_board() {
        let room = crate::theme::Room::default();
        assert_eq!(ambient_brightness(&room, false), room.ambient);
        let added = ambient_brightness(&room, true) - room.ambient;
        assert!(added > 0.0, "{added}");
        // As much again for an environment twice as strong.
        let strong = crate::theme::Room {
            environment: room.environment * 2.0,
            ..room
        };
        let twice = ambient_brightness(&strong, true) - room.ambient;
        assert!(
            (twice - 2.0 * added).abs() < 1e-3 * added,
            "{twice} {added}"
        );
        let dark = crate::theme::Room {
            environment: 0.0,
            ..room
        };
        assert_eq!(ambient_brightness(&dark, true), dark.ambient);
    }
}
