//! Headless Bevy tests (one binary, so Bevy links once): the app's core under `MinimalPlugins`,
//! driven by the same messages the buttons send.

mod screens {
    use bevy::prelude::*;
    use carved_tables::app::core_plugin;
    use carved_tables::app::screens::{AssetsReady, MenuPage, Navigate, Screen, TableRoot};
    use carved_tables::rules::GameKind;

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_plugins(core_plugin);
        app.update();
        app
    }

    fn screen(app: &App) -> Screen {
        *app.world().resource::<State<Screen>>().get()
    }

    fn go(app: &mut App, to: Navigate) {
        app.world_mut().write_message(to);
        // One update applies the request, the next runs the state transition's schedules.
        app.update();
        app.update();
    }

    fn tables(app: &mut App) -> Vec<GameKind> {
        let mut q = app.world_mut().query::<&TableRoot>();
        q.iter(app.world()).map(|t| t.0).collect()
    }

    #[test]
    fn loading_waits_for_the_assets_then_opens_the_menu() {
        let mut app = app();
        app.update();
        assert_eq!(screen(&app), Screen::Loading);
        app.world_mut().resource_mut::<AssetsReady>().0 = true;
        app.update();
        app.update();
        app.update();
        assert_eq!(screen(&app), Screen::Menu);
        assert_eq!(*app.world().resource::<MenuPage>(), MenuPage::Main);
    }

    #[test]
    fn menu_to_each_game_and_back() {
        let mut app = app();
        go(&mut app, Navigate::Menu(MenuPage::Main));
        assert_eq!(screen(&app), Screen::Menu);
        for game in GameKind::ALL {
            go(&mut app, Navigate::Table(game));
            assert_eq!(screen(&app), Screen::Table(game));
            assert_eq!(tables(&mut app), vec![game], "exactly one table is open");
            go(&mut app, Navigate::Menu(MenuPage::Main));
            assert_eq!(screen(&app), Screen::Menu);
            assert!(tables(&mut app).is_empty(), "leaving a table clears it");
        }
    }

    #[test]
    fn menu_pages_switch_without_leaving_the_menu() {
        let mut app = app();
        go(&mut app, Navigate::Menu(MenuPage::Main));
        for page in [
            MenuPage::Settings,
            MenuPage::Rules(GameKind::Hive),
            MenuPage::Main,
        ] {
            go(&mut app, Navigate::Menu(page));
            assert_eq!(screen(&app), Screen::Menu);
            assert_eq!(*app.world().resource::<MenuPage>(), page);
        }
    }

    #[test]
    fn quit_asks_the_app_to_exit() {
        let mut app = app();
        go(&mut app, Navigate::Quit);
        assert_eq!(app.should_exit(), Some(AppExit::Success));
    }
}

mod settings {
    use bevy::prelude::*;
    use carved_tables::app::core_plugin;
    use carved_tables::app::save::{ActiveSettings, ChangeSettings, Notices, SaveStore, Tr};
    use carved_tables::i18n::Lang;
    use carved_tables::save::{KeyValue, MemoryStore};
    use carved_tables::settings::Settings;

    fn app_with(store: MemoryStore) -> App {
        let mut app = App::new();
        app.insert_resource(SaveStore(Box::new(store)));
        app.add_plugins(MinimalPlugins).add_plugins(core_plugin);
        app.update();
        app
    }

    #[test]
    fn changing_the_language_switches_strings_and_saves() {
        let mut app = app_with(MemoryStore::default());
        assert_eq!(app.world().resource::<Tr>().t("menu.settings"), "Settings");
        let mut s = app.world().resource::<ActiveSettings>().0.clone();
        s.lang = Lang::Ru;
        app.world_mut().write_message(ChangeSettings(s));
        app.update();
        assert_eq!(app.world().resource::<Tr>().t("menu.settings"), "Настройки");
        let (saved, _) = app.world().resource::<SaveStore>().load::<Settings>();
        assert_eq!(saved.lang, Lang::Ru);
    }

    #[test]
    fn a_damaged_settings_save_is_replaced_and_the_player_told() {
        let mut store = MemoryStore::default();
        store
            .set_raw("settings", "{ this is not json".into())
            .unwrap();
        let app = app_with(store);
        assert_eq!(
            app.world().resource::<ActiveSettings>().0,
            Settings::default()
        );
        let notices = app.world().resource::<Notices>();
        assert_eq!(notices.items.len(), 1, "{:?}", notices.items);
        assert!(notices.items[0].text.contains("settings"));
    }

    #[test]
    fn saved_settings_come_back_on_the_next_start() {
        let mut store = MemoryStore::default();
        let s = Settings {
            lang: Lang::Pt,
            starting_purse: 120,
            ..Settings::default()
        };
        carved_tables::save::store(&mut store, &s).unwrap();
        let app = app_with(store);
        assert_eq!(app.world().resource::<ActiveSettings>().0, s);
        assert_eq!(app.world().resource::<Tr>().t("menu.quit"), "Sair");
    }
}
